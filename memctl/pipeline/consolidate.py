"""consolidate: merge the daily text written since the last run into MEMORY.md.

"New" is tracked per daily file as a byte offset (`consolidation.offsets.<path>` in
state.json), not by mtime as in the reference: appends after the offset are new, a
file smaller than its offset was rewritten and is taken whole, and archived files keep
their offsets. The model call happens outside the workspace lock so `memctl save` is
not held up; a save that lands meanwhile is carried over into the new MEMORY.md, any
other rewrite makes the run fail with nothing written. An answer that is empty, fenced
or far over budget never replaces MEMORY.md, and the previous MEMORY.md is kept under
`.memctl/history/`. Offsets move only when the new MEMORY.md is on disk, so a failed
run never loses daily text.

Before MEMORY.md is replaced, the offsets it is about to earn are noted in state.json
with the new file's SHA-256 (`consolidation.pending`). A run killed between the
MEMORY.md write and the offset write leaves that note; the next run sees that MEMORY.md
starts with the noted bytes and moves the offsets instead of merging the same text again.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from memctl.core.config import Config
from memctl.core.durable import write_atomic
from memctl.core.errors import (
    ConflictError,
    ContextOverflowError,
    ModelError,
    WorkspaceError,
)
from memctl.core.forgotten import Forgotten, TakeBack, read_tombstones
from memctl.core.memory import shorten_long_lines
from memctl.core.prompts import format_consolidation_prompt, is_no_reply, memory_document
from memctl.core.said import ledger_day, said_key
from memctl.core.state import PendingMerge, State
from memctl.core.tokens import messages_tokens, text_tokens
from memctl.core.workspace import TEXT_ENCODING, Workspace, stored_offset
from memctl.models.held import held_back
from memctl.models.interface import Model, Request, Usage
from memctl.models.supersede import drop_stale
from memctl.models.windows import FRAME_TOKENS, UNKNOWN_WINDOW, chars_for, known_window
from memctl.pipeline import provenance

HISTORY_KEPT = 20


@dataclass
class NewText:
    """The unconsolidated part of one daily file."""

    path: str
    """Relative to the workspace: the key of its offset."""
    name: str
    """Relative to memory/: the heading it is sent under."""
    start: int
    end: int
    text: str
    tail: str = ""
    """SHA-256 of the (up to) TAIL_BYTES before `end`: the offset's tail once merged."""


@dataclass
class PlannedPass:
    """One request a dry run would send. Only the first pass's MEMORY.md is known
    before a model answers, so later passes carry a placeholder, counted at the size
    the previous answer is expected to have."""

    messages: list[dict[str, Any]]
    files: list[str]
    """The daily files (relative to memory/) whose text this pass carries."""
    prompt_tokens: int
    completion_tokens: int
    """Expected answer: MEMORY.md plus the new text, at most consolidation_max_tokens."""
    estimated_cost: float | None


ConsolidateStatus = Literal["consolidated", "nothing_new", "dry_run", "preview"]
"""`dry_run`: planned, no model call; `preview`: merged by the model, nothing written
(see `diff`)."""


@dataclass
class ConsolidateResult:
    status: ConsolidateStatus
    model: str
    files: list[str] = field(default_factory=list)
    new_bytes: int = 0
    chars_before: int = 0
    chars_after: int = 0
    passes: int = 0
    usage: Usage = field(default_factory=Usage)
    diff: str | None = None
    """The unified diff of MEMORY.md (preview, and a dry run on an offline model)."""
    planned: list[PlannedPass] = field(default_factory=list)
    """The requests a dry run would send."""
    estimated_cost: float | None = None
    """What the planned requests would cost (dry run; None when no price is known)."""
    history: str | None = None
    """Where the previous MEMORY.md was kept."""
    carried_over: int = 0
    """Bytes a concurrent `memctl save` appended during the run, kept in the new file."""
    superseded: list[str] = field(default_factory=list)
    """`old -> new`: facts a newer one replaced (as builtin reports them; for another
    model, the stale bullets its answer kept beside the newer value, which are dropped)."""
    changed: bool = False
    """MEMORY.md's bytes differ after the merge (consolidated: was rewritten; preview:
    would be). `--force` with nothing new may well leave it as it was."""
    changes: list[provenance.BulletChange] = field(default_factory=list)
    """The bullets the merge adds or drops, each with its ledger sources (preview, and
    a dry run on an offline model)."""
    exports: list[str] = field(default_factory=list)
    """The memory blocks `memctl export` wrote (AGENTS.md, CLAUDE.md: absolute paths)
    written again because MEMORY.md changed (the entry point does, `agents.export`)."""
    exports_left: list[str] = field(default_factory=list)
    """Those left as written, `PATH: why` (a file the user made read-only, one that
    cannot be written): they still state an older MEMORY.md (said on stderr too)."""


def consolidate(
    ws: Workspace,
    config: Config,
    model: Model,
    *,
    force: bool = False,
    dry_run: bool = False,
    preview: bool = False,
) -> ConsolidateResult:
    """Rewrite MEMORY.md from itself and the new daily text, with the model.

    With no new daily text and no `force`, the model is not touched (not even asked
    its window). `dry_run` plans the requests with their token counts and estimated
    cost and calls no model, so the price is known before it is paid; `preview` calls
    the model and returns the diff. Neither writes anything. A dry run on an offline
    model (builtin: free, deterministic) also merges, so it shows the diff too.
    """
    result = ConsolidateResult("nothing_new", model.name)
    looking = dry_run or preview
    # A dry run takes no lock: it must not even create the lock files.
    guard = contextlib.nullcontext() if looking else ws.stage_lock("consolidate")
    with guard:
        ws.check_inside(ws.memory_md)
        with contextlib.nullcontext() if looking else ws.lock():
            old = _read(ws.memory_md)
            state = ws.read_state()
            if not looking and finish_pending(ws, state, old):
                state = ws.read_state()
            found = new_daily_text(ws, state)
        old_text = _decode(ws, ws.memory_md, old)
        # Forgotten facts (memctl forget) never reach the model nor the new MEMORY.md;
        # the offsets still move past them.
        forgotten = Forgotten.of(ws)
        stones = read_tombstones(ws)
        for item in found:
            item.text = held_back(forgotten.drop_lines(item.text), stones, ledger_day(item.name))
        # MEMORY.md as the merge reads it: a purge's masked bullet (an undo restored a
        # copy the purge masked) is no fact to send or keep.
        memory_in = forgotten.drop_lines(old_text)
        fresh = [item for item in found if item.text.strip()]
        result.files = [item.path for item in fresh]
        result.new_bytes = sum(item.end - item.start for item in fresh)
        result.chars_before = len(old_text)
        if not fresh and not force:
            result.chars_after = result.chars_before  # MEMORY.md stays as it is
            return result
        # The state read now: a window learned since the model was resolved (an
        # overflow earlier in the same `call`) counts too.
        window = known_window(model, ws.read_state()) or UNKNOWN_WINDOW
        # When each MEMORY.md fact was said: only builtin reads it (its merge orders the
        # facts by it); an LLM is told nothing of it, and it costs a read of every
        # ledger a moved source may be in.
        stated: list[bytes] = []  # what said_days read, kept once MEMORY.md is written
        days = (
            provenance.said_days(ws, memory_in, kept=None if dry_run or preview else stated)
            if model.offline
            else None
        )
        if dry_run:
            _passes(config, model, memory_in, fresh, window, result, plan=True)
            result.status = "dry_run"
            costs = [planned.estimated_cost for planned in result.planned]
            result.estimated_cost = None if None in costs else sum(filter(None, costs), 0.0)
            if model.offline:
                told: list[dict[str, list[tuple[str, str]]] | None] = []
                merged = _merge(
                    config,
                    model,
                    memory_in,
                    fresh,
                    window,
                    ConsolidateResult("dry_run", model.name),
                    told,
                    days,
                )
                result.chars_after = len(merged)
                result.diff = unified_diff(old_text, merged)
                result.changes = _changes(ws, old_text, merged, fresh, told)
            return result
        told = []
        merged = forgotten.drop_lines(
            _merge(config, model, memory_in, fresh, window, result, told, days)
        )
        result.chars_after = len(merged)
        if preview:
            result.status = "preview"
            result.diff = unified_diff(old_text, merged)
            result.changed = merged != old_text
            result.changes = _changes(ws, old_text, merged, fresh, told)
            return result
        with ws.lock():
            _commit(ws, old, merged.encode("utf-8"), found, result, told)
        provenance.keep_stated(ws, stated)
        result.status = "consolidated"
    return result


def _merged_text(found: list[NewText]) -> list[provenance.MergedText]:
    return [provenance.MergedText(item.path, item.name, item.start, item.end) for item in found]


def _changes(
    ws: Workspace,
    old: str,
    merged: str,
    found: list[NewText],
    told: list[dict[str, list[tuple[str, str]]] | None],
) -> list[provenance.BulletChange]:
    """The bullets `merged` adds to or drops from `old`, with their sources."""
    sources = provenance.merged_sources(ws, merged, _merged_text(found), told)
    return provenance.bullet_changes(ws, old, sources, merged)


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return b""


def _decode(ws: Workspace, path: Path, data: bytes) -> str:
    try:
        return data.decode(TEXT_ENCODING)
    except UnicodeDecodeError as exc:
        raise _not_text([f"{ws.relative(path)} (byte {exc.start})"]) from None


def _not_text(bad: list[str]) -> WorkspaceError:
    """Every file that is not UTF-8 named at once (`PATH (byte N)`): fixing them one error
    at a time took a run each (audit 17 M7)."""
    if len(bad) == 1:
        name, _, byte = bad[0].partition(" ")
        return WorkspaceError(f"{name} is not UTF-8 text {byte}; fix or move it")
    return WorkspaceError(f"{', '.join(bad)} are not UTF-8 text; fix or move them")


def new_daily_text(ws: Workspace, state: State) -> list[NewText]:
    """The bytes after each daily's offset, archived ledgers first, oldest first.

    The bytes just before the offset must be the ones merged (their hash is kept with
    it), and an offset must fall at a line start: a ledger edited by hand in its merged
    part (two lines deleted shift every later byte) is read whole again, never from the
    middle of a line or of a character. The merge repeats what MEMORY.md holds, which
    the model folds together; skipping or cutting text would lose it."""
    offsets, tails = state.consolidation.offsets, state.consolidation.tails
    found = []
    bad: list[str] = []
    for path in ws.daily_files(include_archive=True):
        key = ws.relative(path)
        # Years of history must cost a stat a file, not a read: only new bytes are read.
        size = path.stat().st_size
        start = stored_offset(offsets.get(key, 0), size)
        if start == size:
            continue
        low = max(0, start - TAIL_BYTES)
        with path.open("rb") as handle:
            handle.seek(low)
            read = handle.read(size - low)
        if not _offset_holds(read[: start - low], read[start - low :], tails.get(key)):
            low = start = 0
            with path.open("rb") as handle:
                read = handle.read(size)
        data = read[start - low :]
        try:
            text = data.decode(TEXT_ENCODING)
        except UnicodeDecodeError as exc:
            bad.append(f"{key} (byte {start + exc.start})")
            continue
        tail = hashlib.sha256(read[-TAIL_BYTES:]).hexdigest()
        name = path.relative_to(ws.memory_dir).as_posix()
        found.append(NewText(key, name, start, start + len(data), text, tail))
    if bad:
        raise _not_text(bad)
    return found


TAIL_BYTES = 64


def _offset_holds(before: bytes, after: bytes, tail: str | None) -> bool:
    """The merged part ends with the bytes it ended with when merged (or, with no hash
    kept, the offset is at a line start: after a newline, or on the newline an append
    to a file without a final one starts with)."""
    if not before:
        return True
    if tail is not None:
        return hashlib.sha256(before).hexdigest() == tail
    return before.endswith(b"\n") or after.startswith(b"\n")


# --------------------------------------------------------------------------- the model


def _merge(
    config: Config,
    model: Model,
    memory: str,
    fresh: list[NewText],
    window: int,
    result: ConsolidateResult,
    told: list[dict[str, list[tuple[str, str]]] | None],
    days: dict[str, str] | None = None,
) -> str:
    """The new MEMORY.md, in as many passes as `window` needs (each pass's output is
    the next pass's MEMORY.md). An overflow re-plans once with the stated window.
    `told` gets, for each pass, the lines the model says each fact came from; `days`
    is when each MEMORY.md fact was said (`provenance.said_days`)."""
    try:
        return _passes(config, model, memory, fresh, window, result, told=told, days=days)
    except ContextOverflowError as exc:
        smaller = exc.window if exc.window and exc.window < window else window // 2
        told.clear()
        return _passes(config, model, memory, fresh, smaller, result, told=told, days=days)


def _passes(
    config: Config,
    model: Model,
    memory: str,
    fresh: list[NewText],
    window: int,
    result: ConsolidateResult,
    plan: bool = False,
    told: list[dict[str, list[tuple[str, str]]] | None] | None = None,
    days: dict[str, str] | None = None,
) -> str:
    """Merge pass by pass; with `plan`, record each request instead of sending it."""
    max_tokens = config.memory.consolidation_max_tokens
    system = format_consolidation_prompt(config.memory.consolidation_prompt, max_tokens)
    redactor = config.redaction.redactor()
    # A line longer than a fact may be (a log saved whole before save capped it, a
    # fact flush took from a pasted document) is shortened, with a mark saying so,
    # before any model reads it: one such line must not make MEMORY.md too large to
    # merge, for good. The ledger keeps it whole.
    queue = [(item.name, shorten_long_lines(redactor.text(item.text).strip())[0]) for item in fresh]
    queue = [(name, text) for name, text in queue if text]
    answer = min(window // 4, max_tokens * 2)
    current = shorten_long_lines(redactor.text(memory).strip())[0]
    current_tokens = text_tokens(current)
    result.passes = 0
    while True:
        room = window - answer - text_tokens(system) - current_tokens - FRAME_TOKENS
        if room < max(64, window // 10):
            # Past half the window, MEMORY.md itself is what does not fit: a smaller
            # answer budget cannot help, only a model with a larger window can.
            fix = (
                "use a memory.model with a larger window (or shorten MEMORY.md by hand)"
                if current_tokens > window // 2
                else "raise the model's context_window or lower memory.consolidation_max_tokens"
            )
            raise ModelError(
                f"model {model.name}: its context window ({window:,} tokens) is too small "
                f"to merge into a MEMORY.md of {current_tokens:,} tokens; {fix}"
            )
        dailies = _take(queue, room)
        request = _request(system, current, dailies, max_tokens, days)
        result.passes += 1
        if plan:
            planned = _planned(config, model, request, current, current_tokens, dailies)
            result.planned.append(planned)
            current = f"(the MEMORY.md merged by request {result.passes})"
            current_tokens = planned.completion_tokens
        else:
            reply = model.complete(request)
            result.usage.add(reply.usage)
            result.superseded += reply.notes
            if told is not None:
                told.append(reply.sources)
            # A model may answer with a secret it was never shown: MEMORY.md gets the marker.
            given = current
            current = check_answer(redactor.text(reply.text), max_tokens, model.name, given)
            if not model.offline:  # builtin drops them itself (reply.notes)
                current, gone = drop_stale(current, [given, *by_day(dailies)])
                result.superseded += gone
            current_tokens = text_tokens(current)
        if not queue:
            return current + "\n"


def by_day(dailies: list[tuple[str, str]]) -> list[str]:
    """The ledger blocks of `dailies` in the order their facts were said (a block's
    `last said` time, else the time it was written, in UTC, else its `said` span's end:
    `said.said_key`; ties in ledger order), for what
    reads "later" as "newer": threads flushed out of date order append an older block
    after a newer one."""
    blocks: list[tuple[str, str]] = []
    for name, text in dailies:
        day = ledger_day(name) or ""
        for block in re.split(r"(?m)^(?=## )", text):
            if block.strip():
                first = block.split("\n", 1)[0]
                blocks.append(
                    (
                        (said_key(first, day or None) if first.startswith("## ") else None) or day,
                        block,
                    )
                )
    return [block for _, block in sorted(blocks, key=lambda item: item[0])]


def _planned(
    config: Config,
    model: Model,
    request: Request,
    memory: str,
    memory_tokens: int,
    dailies: list[tuple[str, str]],
) -> PlannedPass:
    """A pass as a dry run shows it; a placeholder MEMORY.md is counted at `memory_tokens`."""
    prompt = messages_tokens(request.messages) - text_tokens(memory) + memory_tokens
    new = sum(text_tokens(text) for _, text in dailies)
    completion = min(config.memory.consolidation_max_tokens, memory_tokens + new)
    return PlannedPass(
        messages=request.messages,
        files=[name for name, _ in dailies],
        prompt_tokens=prompt,
        completion_tokens=completion,
        estimated_cost=model.estimate_cost(prompt, completion),
    )


def _take(queue: list[tuple[str, str]], room: int) -> list[tuple[str, str]]:
    """Daily chunks from the head of `queue` that fit in `room` tokens; a chunk too
    large is split at a line boundary and its rest stays queued."""
    taken: list[tuple[str, str]] = []
    used = 0
    while queue:
        name, text = queue[0]
        cost = text_tokens(f"### {name}\n\n{text}\n\n")
        if used + cost <= room:
            taken.append(queue.pop(0))
            used += cost
            continue
        if taken:
            break
        chars = max(1, chars_for(room - used) - len(name) - 10)
        cut = text.rfind("\n", chars // 2, chars)
        cut = cut if cut > 0 else chars
        taken.append((name, text[:cut].rstrip()))
        queue[0] = (name, text[cut:].lstrip("\n"))
        break
    return taken


def _request(
    system: str,
    memory: str,
    dailies: list[tuple[str, str]],
    max_tokens: int,
    days: dict[str, str] | None = None,
) -> Request:
    parts = [f"## Current MEMORY.md\n\n{memory or '(empty)'}", "## New daily ledger entries"]
    parts += [f"### {name}\n\n{text}" for name, text in dailies] or ["(none)"]
    return Request(
        task="consolidate",
        messages=[
            {"role": "system", "content": system},
            {"role": "user", "content": "\n\n".join(parts)},
        ],
        payload={
            "memory": memory,
            "dailies": dailies,
            "max_tokens": max_tokens,
            "said": days or {},
        },
    )


def check_answer(text: str, max_tokens: int, model_name: str, sent: str = "") -> str:
    """The answer as the new MEMORY.md, or ModelError when it must not replace it.
    NUL is taken out: MEMORY.md holding one is skipped by search as a binary file.
    `sent` is the MEMORY.md the model was sent: its lines are never dropped as chatter."""
    stripped = text.replace("\0", "").strip()
    max_chars = max_tokens * 4
    prefix = f"model {model_name}: consolidation answer"
    if is_no_reply(stripped):
        raise ModelError(f"{prefix} is empty; MEMORY.md left as it was")
    document, why = memory_document(stripped, sent)
    if document is None:
        raise ModelError(f"{prefix} {why}; MEMORY.md left as it was")
    stripped = document.strip()
    if len(stripped) > 2 * max_chars:
        raise ModelError(
            f"{prefix} has {len(stripped):,} chars, more than twice the budget of "
            f"{max_chars:,} (consolidation_max_tokens {max_tokens:,} x 4); "
            "MEMORY.md left as it was"
        )
    return stripped


# --------------------------------------------------------------------------- commit


def _commit(
    ws: Workspace,
    old: bytes,
    new: bytes,
    found: list[NewText],
    result: ConsolidateResult,
    told: list[dict[str, list[tuple[str, str]]] | None],
) -> None:
    """Under the workspace lock: carry over a concurrent save, keep the old file, write
    the new one, then move the offsets."""
    current = _read(ws.memory_md)
    if current != old:
        if not current.startswith(old):
            raise ConflictError(
                "MEMORY.md was rewritten by another memctl during consolidation (a forget "
                "or a correction); nothing written: the next consolidate merges into the new one"
            )
        suffix = current[len(old) :].lstrip(b"\n")
        result.carried_over = len(suffix)
        new = new + suffix + (b"" if suffix.endswith(b"\n") else b"\n")
    result.chars_after = len(new.decode("utf-8"))
    # A merge that changed nothing (consolidate --force with nothing new) keeps no copy:
    # twenty identical copies would push every real undo point out of the history.
    result.changed = new != current
    if result.changed:
        # The offsets the old MEMORY.md was merged up to go with its copy: an undo to it
        # rewinds them, so the daily text merged since is new again (issue 23, item 6).
        # The empty MEMORY.md of a new workspace too: the first consolidation is undone
        # as every other (`consolidate && history && undo`, README).
        marks = ws.read_state().consolidation
        result.history = ws.relative(keep_history(ws, current, Marks(marks.offsets, marks.tails)))
    pending = PendingMerge(
        memory_sha256=hashlib.sha256(new).hexdigest(),
        memory_bytes=len(new),
        offsets={item.path: item.end for item in found},
        tails={item.path: item.tail for item in found},
    )

    def note(state: State) -> None:
        state.consolidation.pending = pending

    if result.changed:  # left as it was: not even its mtime moves
        ws.update_state(note)
        provenance.record_merge(ws, current, new, _merged_text(found), told)
        write_atomic(ws.memory_md, new)
    ws.update_state(lambda state: _advance(ws, state, pending))


def _advance(ws: Workspace, state: State, moved: PendingMerge) -> None:
    offsets, tails = state.consolidation.offsets, state.consolidation.tails
    for path, end in moved.offsets.items():
        # A ledger archived meanwhile keeps the offset archive moved with it.
        if (ws.root / path).is_file():
            offsets[path] = end
            tails.pop(path, None)
            if path in moved.tails:
                tails[path] = moved.tails[path]
    state.consolidation.pending = None
    ws.mark_run(state, "consolidate")


def finish_pending(ws: Workspace, state: State, memory: bytes) -> bool:
    """Under the workspace lock: move the offsets of a run killed after it wrote
    MEMORY.md (which still starts with what it wrote: a save may have appended since).
    A note whose MEMORY.md never reached the disk is dropped. True if state changed."""
    pending = state.consolidation.pending
    if pending is None:
        return False
    size = pending.memory_bytes
    done = hashlib.sha256(memory[:size]).hexdigest() == pending.memory_sha256

    def settle(state: State) -> None:
        if done:
            _advance(ws, state, pending)
        else:
            state.consolidation.pending = None

    ws.update_state(settle)
    return True


PURGE_RUN = "forget --purge"
"""The `by` of the history copy a purge keeps: MEMORY.md as the purge left it, a step of
its history that `memctl undo` cannot undo (`history.restore` refuses it)."""
HISTORY_NAME = re.compile(r"MEMORY-(\d{8}T\d{12})(Z?)(?:-(\d+))?(-undo)?\.md")
"""A kept copy: its time (UTC with Z; local time from older versions), a number when two
copies share a time, and `-undo` for the MEMORY.md an undo replaced."""


@dataclass
class Marks:
    """How far the daily files were merged into one version of MEMORY.md: its
    `consolidation.offsets` and `tails`, kept beside its history copy (`<copy>.json`)."""

    offsets: dict[str, int] = field(default_factory=dict)
    tails: dict[str, str] = field(default_factory=dict)


def marks_path(copy: Path) -> Path:
    """The sidecar of a history copy: the offsets that version was merged up to."""
    return copy.with_suffix(".json")


def read_marks(copy: Path) -> Marks | None:
    """The offsets kept with a history copy; None for a copy made before they were kept
    (or a sidecar that is not ours), which an undo treats as "merged up to nothing"."""
    import json

    try:
        data = json.loads(marks_path(copy).read_text(encoding="utf-8"))
        offsets = {str(k): int(v) for k, v in dict(data["offsets"]).items()}
        tails = {str(k): str(v) for k, v in dict(data.get("tails", {})).items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    return Marks(offsets, tails)


def keep_history(
    ws: Workspace,
    data: bytes,
    marks: Marks,
    *,
    undo: bool = False,
    by: str | None = None,
    take_back: TakeBack | None = None,
) -> Path:
    """Save `data` as `.memctl/history/MEMORY-<UTC time>Z.md` (`-undo.md` for the file an
    undo replaced) with its `marks` beside it; keep the newest HISTORY_KEPT. `by` names
    the run replacing it when that is not a consolidation or an undo (`forget`), for
    `memctl history`; `take_back`, what restoring it does to the tombstones besides
    (`memctl undo` after a forget brings the facts back).

    Named in UTC: names in local time sorted a copy made after a time-zone change
    (or a DST fall-back) before older ones, and the pruning deleted it at once. Copies
    named in local time by older versions count as older than every UTC one, and the
    copy just made is never pruned. A copy has MEMORY.md's mode (it holds the same text)."""
    import json
    from datetime import UTC, datetime

    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    end = "-undo.md" if undo else ".md"
    path = ws.history_dir / f"MEMORY-{stamp}{end}"
    number = 1
    while path.exists():
        number += 1
        path = ws.history_dir / f"MEMORY-{stamp}-{number}{end}"
    try:
        mode = stat.S_IMODE(ws.memory_md.stat().st_mode)
    except FileNotFoundError:
        mode = None
    # The sidecar first: a copy is never listed without the offsets that go with it.
    sidecar: dict[str, Any] = {"offsets": marks.offsets, "tails": marks.tails}
    if by is not None:
        sidecar["by"] = by
    if take_back:
        sidecar["take_back"] = take_back.document()
    # Where its bullets came from goes with it too (an undo brings it back).
    if (bullets := provenance.kept_copy(ws)) is not None:
        sidecar["provenance"] = bullets
    write_atomic(marks_path(path), json.dumps(sidecar, indent=1, sort_keys=True).encode())
    write_atomic(path, data, mode)
    kept = sorted(
        (match for p in ws.history_dir.iterdir() if (match := HISTORY_NAME.fullmatch(p.name))),
        key=lambda m: (bool(m[2]), m[1], int(m[3] or 1)),
    )
    for stale in [m[0] for m in kept][:-HISTORY_KEPT]:
        if stale != path.name:
            (ws.history_dir / stale).unlink(missing_ok=True)
            marks_path(ws.history_dir / stale).unlink(missing_ok=True)
    return path


def unified_diff(old: str, new: str) -> str:
    import difflib

    lines = difflib.unified_diff(
        old.splitlines(keepends=True),
        new.splitlines(keepends=True),
        "a/MEMORY.md",
        "b/MEMORY.md",
    )
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)
