"""export: the memory block, between marker comments, in the file an agent reads
instructions from (`Agent.memory_file`: AGENTS.md, CLAUDE.md).

For agents that read these files but run no hooks. The block is the one SessionStart
prints (`memctl.core.memory.memory_block`: MEMORY.md redacted, cut on whole lines, a
note pointing at memory_search); the next export replaces it in place and leaves the
rest of the file as it was.

Every target written is recorded in state.json (`State.exports`): after a forget, the
entry point that ran it (the `forget` command, the MCP server) calls `refresh` so that
no exported block keeps stating the forgotten fact; a stage cannot, being below this
layer. A target gone, or whose block was taken out by hand, is dropped from the record
then.

Limits: the block stays within `CONTEXT_CAP`, as a hook's would, and a file an agent
reads only so much of (`MemoryFile.max_bytes`) within that as a whole, so the block is
cut to what the rest of the file leaves.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from memctl.agents.registry import memory_files
from memctl.core.config import Config
from memctl.core.durable import write_atomic
from memctl.core.errors import MemctlError, UsageError, unreadable
from memctl.core.forgotten import Forgotten, fact_key, older_masks_in
from memctl.core.memory import CONTEXT_CAP, memory_block
from memctl.core.state import State
from memctl.core.workspace import Workspace

if TYPE_CHECKING:
    from memctl.pipeline.consolidate import ConsolidateResult
    from memctl.pipeline.sync import SyncResult

BEGIN = "<!-- memctl:begin (written by `memctl export`; the next export replaces this block) -->"
END = "<!-- memctl:end -->"
FORGET_BROUGHT = "this sync brought a forget"
"""Why a sync's refresh ran, when a forget or a purge it brought made it."""
MIN_BLOCK_BYTES = 400
"""Below this, a block holds hardly more than its header: the file has no room for it."""


ExportAction = Literal["created", "replaced", "appended", "unchanged"]


@dataclass
class ExportResult:
    path: str
    kind: str
    action: ExportAction
    chars: int
    """Characters of the block, markers included."""
    bytes: int
    """Bytes of the whole file after the export."""
    truncated: bool
    diff: str
    dry_run: bool = False


def _split(path: Path, text: str) -> tuple[str, str | None, str]:
    """Before the block, the block (None when absent), after it. The markers are
    matched as whole lines, exactly: a line that merely looks like one is the user's
    text, and a begin without its end is refused (never "the rest of the file")."""
    begins = [i for i, line in enumerate(text.splitlines()) if line.strip() == BEGIN]
    ends = [i for i, line in enumerate(text.splitlines()) if line.strip() == END]
    if not begins and not ends:
        return text, None, ""
    if len(begins) != 1 or len(ends) != 1 or ends[0] < begins[0]:
        raise UsageError(
            f"{path}: the memctl marker comments are not one begin followed by one end; "
            "fix or remove them by hand"
        )
    lines = text.splitlines(keepends=True)
    before = "".join(lines[: begins[0]])
    block = "".join(lines[begins[0] : ends[0] + 1])
    after = "".join(lines[ends[0] + 1 :])
    return before, block, after


def export(
    ws: Workspace, config: Config, target: Path, kind: str, dry_run: bool = False
) -> ExportResult:
    """Write (or replace) the memory block in `target`."""
    if kind not in memory_files():
        raise UsageError(f"unknown export kind {kind!r}")
    agent, memory_file = memory_files()[kind]
    try:
        with target.open(encoding="utf-8", newline="") as handle:
            old: str | None = handle.read()
    except FileNotFoundError:
        if not target.parent.is_dir():
            # A mistyped path: making its folders would record a file nobody reads, and
            # every forget would write it again.
            raise UsageError(
                f"{target}: the folder {target.parent} does not exist; nothing written"
            ) from None
        old = None
    except UnicodeDecodeError:
        raise UsageError(f"{target}: not UTF-8 text") from None
    except OSError as exc:
        raise unreadable(str(target), exc) from None
    crlf = old is not None and "\r\n" in old  # the block gets the file's line endings
    before, block, after = _split(target, (old or "").replace("\r\n", "\n"))
    if block is None:
        # Appended after the file's text, one blank line between.
        sep = "" if not before else ("\n" if before.endswith("\n") else "\n\n")
        before, after = before + sep, ""
    frame = len(BEGIN) + len(END) + 3  # three newlines
    chars = CONTEXT_CAP - frame
    limit = None
    if memory_file.max_bytes is not None:
        kept = before + after
        rest = len(kept.encode("utf-8")) + (kept.count("\n") if crlf else 0)
        newlines = 3 * (2 if crlf else 1)  # after BEGIN, the block and END
        limit = memory_file.max_bytes - rest - len((BEGIN + END).encode("utf-8")) - newlines
        if limit < MIN_BLOCK_BYTES:
            raise UsageError(
                f"{target} is {rest:,} bytes without the memory block; {agent.title} reads "
                f"at most {memory_file.max_bytes:,}: no room for it (shorten the file)"
            )
    made = memory_block(ws, config, cap=chars, cap_bytes=limit, crlf=crlf)
    new_block = f"{BEGIN}\n{made.text}\n{END}\n"
    new = before + new_block + after
    if crlf:
        new = new.replace("\r\n", "\n").replace("\n", "\r\n")
    action: ExportAction
    if old is None:
        action = "created"
    elif new == old:
        action = "unchanged"
    else:
        action = "replaced" if block is not None else "appended"
    diff = "".join(
        difflib.unified_diff(
            (old or "").splitlines(keepends=True),
            new.splitlines(keepends=True),
            "/dev/null" if old is None else str(target),
            str(target),
        )
    )
    if not dry_run:
        _record(ws, target, kind)
    if not dry_run and action != "unchanged":
        mode = target.stat().st_mode & 0o777 if old is not None else 0o644
        try:
            write_atomic(target, new.encode("utf-8"), mode, through_links=True)
        except OSError as exc:
            raise UsageError(f"{target}: cannot write: {exc.strerror}") from None
    return ExportResult(
        path=str(target),
        kind=kind,
        action=action,
        chars=len(new_block),
        bytes=len(new.encode("utf-8")),
        truncated=made.truncated,
        diff=diff,
        dry_run=dry_run,
    )


def _record(ws: Workspace, target: Path, kind: str) -> None:
    """Remember `target` as an export of `kind` (state.json), once."""
    path = os.path.abspath(target)  # not resolved: the link the user named stays the target
    if ws.read_state().exports.get(path) != kind:
        ws.update_state(lambda state: state.exports.__setitem__(path, kind))


@dataclass
class Refresh:
    """What `refresh` did to the recorded exports (or would do: `dry_run`)."""

    changed: list[str] = field(default_factory=list)
    """Targets whose block was (would be) rewritten: absolute paths."""
    dropped: list[str] = field(default_factory=list)
    """Targets dropped from the record: `PATH: why` (gone, or no block any more)."""
    failed: list[str] = field(default_factory=list)
    """Targets left as they were, kept in the record: `PATH: why`."""
    dry_run: bool = False


def refresh(
    ws: Workspace,
    config: Config,
    facts: list[str] | None = None,
    *,
    dry_run: bool = False,
    purge: bool = False,
) -> Refresh:
    """Export again into every recorded target that still holds its block. `facts`: the
    facts a forget is about to remove; a dry run (MEMORY.md still stating them) counts a
    block that states one as one that would change. `purge`: `facts` are a purge's
    needles, and a block holding any copy of one (`purge.masked`: a fact the query is
    in, that the facts' keys do not name) would change too."""
    done = Refresh(dry_run=dry_run)
    states = _stating(ws, facts or [], purge=purge) if dry_run else None
    stale: list[str] = []
    for path, kind in sorted(ws.read_state().exports.items()):
        target = Path(path)
        why = _not_exported(target, kind)
        if why is not None:
            done.dropped.append(f"{path}: {why}")
            stale.append(path)
            continue
        locked = _read_only(target)
        try:
            result = export(ws, config, target, kind, dry_run=dry_run or locked)
            holds = states is not None and _block_states(target, states)
        except MemctlError as exc:
            said = str(exc)  # export's errors name the file first
            done.failed.append(said if said.startswith(path) else f"{path}: {said}")
            continue
        if locked and (result.action != "unchanged" or holds):
            done.failed.append(f"{path}: read-only (no write permission)")
        elif result.action != "unchanged" or holds:
            done.changed.append(path)
    if stale and not dry_run:

        def drop(state: State) -> None:
            for path in stale:
                state.exports.pop(path, None)

        ws.update_state(drop)
    return done


def refresh_after_sync(ws: Workspace, config: Config, result: SyncResult | None) -> None:
    """`refresh` after a sync that brought a forget or a purge made on another machine
    (`result.gone`, `result.purged`), as a local forget does, or that changed MEMORY.md
    (a fact merged from another machine, a correction among them: `after_merge`): the
    blocks written again go in `result.exports`, and what happened to each in its notes
    (the sync is done; a block left as written is a warning). Every entry point that
    syncs calls it (the stages below cannot reach the exports): `sync`, `init --from`,
    `maintain`'s scheduled sync in cron, a hook, `call`."""
    if result is None:
        return
    dry_run = result.status == "dry_run"
    if result.gone or result.purged:
        done = refresh(ws, config, result.gone, dry_run=dry_run)
        why = FORGET_BROUGHT
    elif result.status == "synced":  # a dry run's MEMORY.md is the one exported
        done, why = refresh(ws, config), "MEMORY.md changed"
    else:
        return
    result.exports, result.exports_left = done.changed, done.failed
    result.notes += refresh_notes(done, why)


def after_merge(ws: Workspace, config: Config, merged: ConsolidateResult | None) -> list[str]:
    """`refresh` after a consolidation that rewrote MEMORY.md (`consolidate`,
    `maintain`, a hook's or `call`'s maintenance): a block memctl wrote follows the
    MEMORY.md it was exported from, as it does after a forget, so that an agent that
    runs no hooks does not read a value a newer one replaced (audit 19 #10: db7 stayed
    in AGENTS.md after db9 replaced it). Only a block whose text differs is written.
    The blocks written again go in `merged.exports`; the notes to print."""
    if merged is None or merged.status != "consolidated" or not merged.changed:
        return []
    done = refresh(ws, config)
    merged.exports, merged.exports_left = done.changed, done.failed
    return refresh_notes(done, "MEMORY.md changed")


def refresh_notes(done: Refresh, why: str) -> list[str]:
    """What a refresh an entry point ran after its work did, one line each (after the
    command's name): `why` says what made it run."""
    rewrote, dropped = ("would rewrite", "would drop") if done.dry_run else ("rewrote", "dropped")
    stating = "what was forgotten" if why == FORGET_BROUGHT else "an older MEMORY.md"
    notes = [f"{rewrote} the memory block in {path}: {why}" for path in done.changed]
    notes += [f"{dropped} the export {reason}" for reason in done.dropped]
    notes += [
        f"left the exported memory block {reason} as written, still stating {stating} "
        "(fix the file, then `memctl export`)"
        for reason in done.failed
    ]
    return notes


def refreshed_lines(ws: Workspace, config: Config, facts: list[str]) -> tuple[list[str], list[str]]:
    """`refresh` after memory_forget or memory_replace, said in the tool's answer (the
    tools are in the turn layer, below this one: the MCP server and `memctl call` hand
    this down to them): the lines to add to it, and the exports left as written
    (`PATH: why`), which make the answer an error, as they make `memctl forget` exit 1."""
    done = refresh(ws, config, facts)
    lines = [f"Rewrote the memory block in {path}." for path in done.changed]
    lines += [f"Dropped the export {why}." for why in done.dropped]
    return lines, done.failed


def _read_only(target: Path) -> bool:
    """Whether the user made `target` read-only (no write bit, or none for this user):
    a refresh leaves it as written and says so (review 32 F6: the atomic rename a write
    makes replaced it all the same, at every consolidate and sync). Its mode bits are
    read too, as `os.access` grants root every write."""
    try:
        mode = target.stat().st_mode
    except OSError:
        return False  # export says what is wrong with it
    return not mode & 0o222 or not os.access(target, os.W_OK)


def _not_exported(target: Path, kind: str) -> str | None:
    """Why `target` is no export any more (None: it holds its block)."""
    if kind not in memory_files():
        return f"unknown export kind {kind!r}"
    try:
        with target.open(encoding="utf-8", newline="") as handle:
            text = handle.read()
    except FileNotFoundError:
        return "gone"
    except (OSError, UnicodeDecodeError):
        return None  # export says what is wrong with it, and the record stays
    lines = {line.strip() for line in text.splitlines()}
    return None if BEGIN in lines or END in lines else "no memctl block in it any more"


def _stating(ws: Workspace, facts: list[str], *, purge: bool) -> Callable[[str], bool] | None:
    """Whether a line states one of `facts` (a forget's: by its key; a purge's needles:
    a copy of one, `purge.masked`), None when there is none."""
    if purge and facts:
        from memctl.pipeline.purge import Needles, masked

        needles = Needles.of(facts)
        return lambda line: masked(line.encode(), needles) != line.encode()
    gone = Forgotten({fact_key(fact) for fact in facts}, legacy=older_masks_in(ws))
    return gone.states if gone else None


def _block_states(target: Path, states: Callable[[str], bool]) -> bool:
    """Whether the block in `target` has a line that `states` says states a fact gone."""
    try:
        text = target.read_text(encoding="utf-8").replace("\r\n", "\n")
    except (OSError, UnicodeDecodeError):
        return False  # export read it a moment ago; gone since, it is no copy
    _, block, _ = _split(target, text)
    return block is not None and any(states(line) for line in block.splitlines())
