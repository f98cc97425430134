"""forget and correct: make memory stop stating a fact (issue 25, item 2).

By default nothing in the ledgers is edited: the facts are recorded as tombstones
(`memctl.core.forgotten`), which consolidation, search, recall and the memory block
honour, and MEMORY.md, the curated file, is rewritten without them (its previous version
kept in history, as a consolidation keeps it). A correction (`replacement`) records the
old as superseded and saves the new one as `memctl save` would (MEMORY.md and today's
ledger), so a later consolidation keeps the new value.

`purge` is for a secret or a privacy request: every copy of the query and of each fact
holding it, anywhere in the workspace, is masked (`memctl.pipeline.purge`); text said in
a thread that never became a fact is purged too, and the purge's own tombstone keeps
only a digest. Exported blocks (AGENTS.md, CLAUDE.md, often outside the workspace) are
written again by the entry point after this stage (`memctl.agents.export.refresh`),
after a plain forget too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from memctl.core.config import Config
from memctl.core.durable import write_atomic
from memctl.core.errors import MemctlError, UsageError, require_utf8
from memctl.core.forgotten import (
    BULLET,
    Forgotten,
    TakeBack,
    fact_key,
    record_tombstones,
    tombstones,
)
from memctl.core.memory import memory_path
from memctl.core.workspace import Workspace
from memctl.pipeline.consolidate import Marks, keep_history
from memctl.pipeline.provenance import line_number, place, turns_saying
from memctl.pipeline.purge import listed, purge_files
from memctl.pipeline.save import save


@dataclass
class ForgetResult:
    facts: list[str]
    """The facts forgotten (their text, without the bullet)."""
    found: list[str] = field(default_factory=list)
    """Where they are written: PATH:LINE (empty for a purge of text that is in no fact)."""
    replacement: str | None = None
    """The corrected fact saved in their place (--replace); null for a forget."""
    memory_lines: int = 0
    """Lines of MEMORY.md removed (or replaced)."""
    history: str | None = None
    """Where the MEMORY.md it rewrote was kept."""
    purged: list[str] = field(default_factory=list)
    """Files a purge rewrote (or would rewrite)."""
    purge_config: bool = False
    """memctl.yaml holds the text too, and a purge leaves it for its user to edit."""
    purge_unreachable: list[str] = field(default_factory=list)
    """Copies in names or structure a purge does not rewrite, `PATH (where)`
    (`Purged.unreachable`): the user renames or removes them."""
    exports: list[str] = field(default_factory=list)
    """Exported AGENTS.md/CLAUDE.md files (absolute paths) whose memory block was (would
    be) written again without the facts. Filled by the entry point after the stage: the
    export is in the agents layer, above this one."""
    exports_dropped: list[str] = field(default_factory=list)
    """Recorded exports dropped from state.json, `PATH: why` (the file is gone, or its
    block was taken out)."""
    exports_left: list[str] = field(default_factory=list)
    """Recorded exports whose block could not be (would not be) written again, `PATH:
    why`: they still state what they stated, and the command exits 1."""
    dry_run: bool = False
    """Nothing was written."""


class Ambiguous(UsageError):
    """A query that names more than one fact, and the caller did not say all of them:
    nothing was written. The facts and where they stand go with it, to be listed."""

    def __init__(self, target: str, facts: list[str], found: list[str]):
        super().__init__(
            f"{target!r} matches {len(facts)} facts: --all forgets every one, or name one "
            "(PATH:LINE, or more of its text)"
        )
        self.facts, self.found = facts, found


def forget(
    ws: Workspace,
    config: Config,
    target: str,
    *,
    replacement: str | None = None,
    dry_run: bool = False,
    purge: bool = False,
    every: bool = True,
) -> ForgetResult:
    """Forget the facts `target` names: `PATH:LINE` (a line of MEMORY.md or a ledger) or
    a query (every fact line containing it, case aside). `every=False` refuses
    (`Ambiguous`) a query that names more than one, as a person typing a word rarely
    means ten facts; a dry run refuses it the same way (a script that tries first must
    learn what the real run does), listing them.

    A plain forget or a correction keeps the MEMORY.md it replaces in history, marked as
    its doing and with what takes it back (`memctl undo`): its tombstones dropped, and a
    correction's new fact forgotten in turn (the ledger it was saved to is append-only).
    A purge keeps no copy: nothing of the text may be left to bring back."""
    _check(target, replacement, purge=purge)
    with ws.lock():
        facts, found = _resolve(ws, target, purge=purge)
        known: set[str] = set()
        if not purge and replacement is None:
            facts, found, known = _still_stated(ws, facts, found)
        if len(facts) > 1 and not every:
            raise Ambiguous(target, facts, found)
        result = ForgetResult(facts, found, replacement, dry_run=dry_run)
        gone = Forgotten({fact_key(fact) for fact in facts})
        memory = ws.memory_md.read_bytes() if ws.memory_md.exists() else b""
        text = memory.decode("utf-8", "replace")
        kept: list[str] = []
        at: int | None = None  # where the first forgotten line stood: a correction goes there
        for line in text.splitlines(keepends=True):
            if line.lstrip().startswith("#") or not gone.states(line):
                kept.append(line)
            else:
                at = len(kept) if at is None else at
                result.memory_lines += 1
        needles = purge_needles(ws, target, facts)
        if purge:
            _plan_purge(ws, target, needles, result)
        if dry_run:
            return result
        # A fact forgotten before gets no second tombstone: `undo` of this run would say
        # it is back while the first kept it out. Its line in MEMORY.md (a `save` wrote
        # it again) still goes.
        fresh = [f for f in facts if f not in known]
        said = None if purge else _said(ws, fresh, found)  # a purge masks the turns
        stones = tombstones(fresh, replacement, purge=purge, said=said)
        if not purge:  # a purge must leave no copy, a history copy included
            new = BULLET.sub("", replacement.strip()) if replacement is not None else None
            back = TakeBack(drop=stones, add=tombstones([new]) if new else [])
            marks = ws.read_state().consolidation
            saved = keep_history(
                ws,
                memory,
                Marks(dict(marks.offsets), dict(marks.tails)),
                by="forget" if new is None else "forget --replace",
                take_back=back,
            )
            result.history = ws.relative(saved)
        record_tombstones(ws, stones)
        if result.memory_lines:
            write_atomic(ws.memory_md, "".join(kept).encode("utf-8"))
        if purge:
            wiped = purge_files(ws, needles, dry_run=False)
            purged, result.purge_unreachable = wiped.changed, wiped.unreachable
            if result.memory_lines:  # rewritten above, without the lines
                purged.append(ws.relative(ws.memory_md))
            result.purged = sorted({*purged, *result.purged})
        if replacement is not None:
            fact = replacement.strip()
            done = save(ws, config, fact if BULLET.match(fact) else f"- {fact}", unforget=False)
            if at is not None and not done.already_saved:
                _put_back(ws, done.text, at)
    return result


def _said(ws: Workspace, facts: list[str], found: list[str]) -> dict[str, list[str]]:
    """The thread entries each fact was taken from (`provenance.turns_saying` of the
    lines stating it), for its tombstone: recall and search leave them out."""
    turns = {spot: entries for spot, entries in turns_saying(ws, found).items() if entries}
    files: dict[str, list[str]] = {}
    said: dict[str, list[str]] = {}
    for spot, entries in turns.items():
        name, _, number = spot.rpartition(":")
        if name not in files:
            files[name] = _lines(memory_path(ws, name))
        line = files[name][int(number) - 1]
        for fact in facts:
            if Forgotten({fact_key(fact)}).states(line):
                kept = said.setdefault(fact, [])
                kept += [entry for entry in entries if entry not in kept]
    return said


def _check(target: str, replacement: str | None, *, purge: bool) -> None:
    """The arguments a forget refuses before it reads anything (UsageError)."""
    if not target.strip():
        raise UsageError("say what to forget: a query or PATH:LINE")
    if replacement is not None and not replacement.strip():
        raise UsageError("the replacement is empty: say the corrected fact")
    if replacement is not None and purge:
        raise UsageError("--purge forgets; a correction keeps the new fact: use one")
    require_utf8("the query", target)
    require_utf8("the replacement", replacement or "")
    if replacement is not None and len(replacement.strip().splitlines()) > 1:
        # It takes the place of one line of MEMORY.md: lines of its own would be facts
        # (or headings) of their own, not undone, forgotten or exported as one.
        raise UsageError("the replacement is one fact on one line: it holds a line break")
    if purge:
        _check_purge_query(target)


def _still_stated(
    ws: Workspace, facts: list[str], found: list[str]
) -> tuple[list[str], list[str], set[str]]:
    """The facts a plain forget has left to do, where they stand, and which of them a
    tombstone keeps out already (MEMORY.md states them again: a `save` wrote them). A
    fact forgotten before and stated nowhere is done: all of them so is an error (exit
    1), not a second tombstone and history version whose `undo` would say the fact is
    back while the first tombstone keeps it out."""
    before = Forgotten.of(ws)
    known = {fact for fact in facts if before.states(fact)}
    if not known:
        return facts, found, known
    memory = _lines(ws.memory_md)
    stated = {f for f in known if any(Forgotten({fact_key(f)}).states(line) for line in memory)}
    left = [fact for fact in facts if fact not in known or fact in stated]
    if not left:
        raise MemctlError(f"already forgotten: {'; '.join(facts)}")
    if len(left) < len(facts):
        found = _places(ws, Forgotten({fact_key(fact) for fact in left}))
    return left, found, known & stated


def _plan_purge(ws: Workspace, target: str, needles: list[str], result: ForgetResult) -> None:
    """What a purge would rewrite and leave, in `result`; refused (nothing written)
    when no fact holds the text and nothing a purge rewrites does either (what does,
    names and structure, is named)."""
    would = purge_files(ws, needles, dry_run=True)
    result.purged, result.purge_config = would.changed, would.config
    result.purge_unreachable = would.unreachable
    if not result.facts and not result.purged:
        if would.config:
            raise MemctlError(
                f"only memctl.yaml contains {target!r}: a purge never rewrites the "
                "configuration; edit it by hand"
            )
        if left := would.unreachable:
            raise MemctlError(
                f"only names or structure a purge does not rewrite contain {target!r}: "
                f"{listed(left)}"
            )
        raise MemctlError(f"nothing in the workspace contains {target!r}")


PURGE_MIN = 4
"""The shortest purge query (its spacing folded): a shorter one (`a`, `5`, `db3`) is in
words, digests and names everywhere, and its masks would say nothing but damage."""


def _check_purge_query(target: str) -> None:
    """Refuse a purge query too short to be a secret, or spanning lines (masked, a copy
    in a ledger would merge two lines, a bullet lost and every later PATH:LINE moved).
    A `PATH:LINE` names a fact, whose text is what is purged."""
    if place(target):
        return
    if "\n" in target or "\r" in target:
        raise UsageError("a purge query is one line: purge each line's text on its own")
    if len(" ".join(target.split())) < PURGE_MIN:
        raise UsageError(
            f"{target.strip()!r} is too short to purge (at least {PURGE_MIN} characters): "
            "it is in words, digests and names throughout the workspace"
        )


def _put_back(ws: Workspace, body: str, at: int) -> None:
    """Move the correction `save` appended to MEMORY.md up to line index `at`, where the
    fact it corrects stood (under the same heading), instead of under the last one."""
    lines = ws.memory_md.read_text(encoding="utf-8", errors="replace").splitlines(keepends=True)
    size = len(body.splitlines())
    if at >= len(lines) - size:
        return  # it stood at the end already
    moved = lines[:at] + lines[-size:] + lines[at:-size]
    write_atomic(ws.memory_md, "".join(moved).encode("utf-8"))


def _resolve(ws: Workspace, target: str, *, purge: bool = False) -> tuple[list[str], list[str]]:
    """The facts `target` names and where each is written. A `PATH:LINE` whose PATH is a
    file name (`.md`, or a folder in it) is a place: a missing file or a line that is not
    a number is a UsageError, never read as a query that matches nothing. A query no
    fact contains is refused, unless for a purge: a secret said in a thread that never
    became a fact must be purgeable too."""
    if located := place(target):
        name = located["path"]
        path = memory_path(ws, name)
        if not path.is_file():
            raise UsageError(f"{name}: no such file (MEMORY.md or a ledger under memory/)")
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        number = line_number(name, located["line"], lines)
        line = lines[number - 1]
        if not is_fact_line(line):
            raise UsageError(f"{name}:{number} is not a fact (a heading or blank)")
        fact = BULLET.sub("", line.strip())
        return [fact], _places(ws, Forgotten({fact_key(fact)}))
    needle = " ".join(target.lower().split())
    facts: dict[str, str] = {}
    for path in [ws.memory_md, *ws.daily_files(include_archive=True)]:
        for line in _lines(path):
            if is_fact_line(line) and needle in fact_key(line):
                facts.setdefault(fact_key(line), BULLET.sub("", line.strip()))
    if not facts and not purge:
        raise MemctlError(f"no fact in MEMORY.md or the ledgers contains {target!r}")
    return list(facts.values()), _places(ws, Forgotten(set(facts)))


def _lines(path: Path) -> list[str]:
    try:
        return path.read_text(encoding="utf-8", errors="replace").splitlines()
    except (FileNotFoundError, IsADirectoryError):
        return []


def _places(ws: Workspace, facts: Forgotten) -> list[str]:
    return [
        f"{ws.relative(path)}:{number}"
        for path in [ws.memory_md, *ws.daily_files(include_archive=True)]
        for number, line in enumerate(_lines(path), 1)
        if is_fact_line(line) and facts.states(line)
    ]


def is_fact_line(line: str) -> bool:
    """A line that states something: not blank, a heading or an HTML comment (a `save`
    may have written it without a bullet)."""
    text = line.strip()
    return bool(fact_key(text)) and not text.startswith(("#", "<!--"))


def purge_needles(ws: Workspace, target: str, facts: list[str]) -> list[str]:
    """What a purge masks: each forgotten fact's text, and a query target itself (a
    thread turn that was no fact holds it too). A `PATH:LINE` target names one fact."""
    return [*facts] if place(target) else [*facts, target]
