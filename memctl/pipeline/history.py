"""MEMORY.md's kept versions: list them, and bring one back.

Every consolidation keeps the MEMORY.md it replaces under `.memctl/history/` (the newest
`HISTORY_KEPT`). A restore is a replacement like any other: the current MEMORY.md is
kept first (its file name ends in `-undo`, so the list can say which run replaced it),
then the chosen version is written atomically, under the consolidation lock (a running
consolidation would otherwise write over it) and the workspace lock (a save).

A restore also rewinds the consolidation offsets to the ones kept with the chosen copy
(issue 23, item 6): the daily text merged since that version is new again, so the next
`consolidate` brings back every ledger fact the restored MEMORY.md lacks. A copy made
before the offsets were kept rewinds them to nothing: every ledger is merged again,
which costs a longer run but never strands a fact.

A purge keeps MEMORY.md as it left it, marked `forget --purge` (`PURGE_RUN`): a step
that cannot be undone, so `undo` of that version is refused, naming the purge, rather
than bringing back the version before it and undoing the consolidation that made it.
Going back past it (`undo N+1`) keeps the purge in force: its tombstones stay, and the
lines it masked are left out.

A copy a forget kept says so (`by` in its sidecar), and says how to take the forget back
(`take_back`): its tombstones are dropped (and a correction's new fact, in an
append-only ledger, forgotten), so `memctl undo` after a forget brings the facts back
for consolidation, search and SessionStart too, not only in MEMORY.md. Restoring an
older version takes back every run after it, newest first; the undo's own copy keeps
the reverse, so undoing the undo forgets them again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from memctl.core.durable import write_atomic
from memctl.core.errors import UsageError
from memctl.core.forgotten import (
    Forgotten,
    Stone,
    TakeBack,
    forgotten_after,
    holds_mask,
    older_masks_in,
    take_back,
)
from memctl.core.memory import commented, is_marker
from memctl.core.state import State
from memctl.core.workspace import Workspace
from memctl.pipeline import provenance
from memctl.pipeline.consolidate import (
    HISTORY_NAME,
    PURGE_RUN,
    Marks,
    keep_history,
    marks_path,
    new_daily_text,
    read_marks,
    unified_diff,
)


@dataclass
class Version:
    number: int
    """1 is the newest kept version (what `undo` brings back)."""
    path: str
    replaced_at: datetime
    bytes: int
    replaced_by: str
    """The run that replaced this version: `consolidate`, `undo`, `forget`,
    `forget --replace` or `sync`; `forget --purge` for MEMORY.md as a purge left it."""


@dataclass
class RestoreResult:
    restored: Version
    kept: str | None
    """Where the MEMORY.md it replaced was kept (None in a dry run)."""
    bytes_before: int
    dry_run: bool = False
    diff: str = ""
    """The unified diff from the current MEMORY.md to the restored one."""
    unconsolidated_bytes: int = 0
    """Daily text the next `consolidate` merges into the restored MEMORY.md: what it
    lacks because it was merged after that version (plus what was new anyway)."""
    offsets_kept: bool = True
    """False for a copy made before offsets were kept with it: every ledger counts as
    new after the restore."""
    unforgotten: list[str] = field(default_factory=list)
    """Facts a forget after that version had forgotten, stated again (their tombstones
    dropped, and none left that holds them)."""
    forgotten: list[str] = field(default_factory=list)
    """Facts forgotten (again) by the restore: a correction's new fact, or what an undo
    of a forget brought back, when that undo is undone; not one forgotten before it,
    which stays so (each fact is in one of the two lists at most)."""
    exports: list[str] = field(default_factory=list)
    """Exported AGENTS.md/CLAUDE.md files whose memory block was written again (after a
    restore that changed what is forgotten). Filled by the entry point."""
    exports_left: list[str] = field(default_factory=list)
    """Exported files whose block could not be written again, `PATH: why` (the undo
    exits 1). Filled by the entry point."""
    masked: int = 0
    """Lines of the restored version holding a purge's mask (`[forgotten...]`), left out
    of MEMORY.md: the purge erased what they said, and a mask is never a bullet."""
    forgotten_out: int = 0
    """Lines of the restored version stating a fact forgotten since it was kept (on this
    machine or another, by sync) that the undo does not take back: left out of MEMORY.md."""


def versions(ws: Workspace) -> list[Version]:
    """The kept versions, newest first."""
    found = []
    for path in ws.history_dir.glob("MEMORY-*.md") if ws.history_dir.is_dir() else []:
        match = HISTORY_NAME.fullmatch(path.name)
        if not match or not path.is_file():
            continue
        when = datetime.strptime(match[1], "%Y%m%dT%H%M%S%f")
        # Named in UTC (Z) since issue 12; older copies were named in local time.
        when = when.replace(tzinfo=UTC) if match[2] else when.astimezone()
        order = (bool(match[2]), match[1], int(match[3] or 1))
        run = _kept_by(path) or ("undo" if match[4] else "consolidate")
        found.append((order, when, path.stat().st_size, run, ws.relative(path)))
    found.sort(key=lambda found_one: found_one[0], reverse=True)
    return [
        Version(number, relative, when, size, run)
        for number, (_, when, size, run, relative) in enumerate(found, 1)
    ]


def restore(ws: Workspace, number: int = 1, *, dry_run: bool = False) -> RestoreResult:
    """Bring back version `number` (1: the newest) as MEMORY.md, keeping the current one,
    and rewind the consolidation offsets to that version's. A dry run, or a version that
    is not there, takes no lock (it writes nothing, not even a lock file)."""
    _chosen(ws, number)
    if dry_run:
        chosen = _chosen(ws, number)
        return _plan(ws, chosen, _restoring(ws, chosen), dry_run=True)
    with ws.stage_lock("consolidate"), ws.lock():
        chosen = _chosen(ws, number)  # again: a consolidation may have kept one meanwhile
        state = ws.read_state()
        restoring = _restoring(ws, chosen)
        result = _plan(ws, chosen, restoring)
        current = ws.memory_md.read_bytes() if ws.memory_md.exists() else b""
        now = state.consolidation
        marks = Marks(dict(now.offsets), dict(now.tails))
        undo = keep_history(ws, current, marks, undo=True, take_back=restoring.reverse)
        provenance.restore_copy(ws, marks_path(ws.root / chosen.path))
        write_atomic(ws.memory_md, restoring.data)
        take_back(ws, restoring.back)
        rewound = _rewound(ws, chosen)

        def rewind(state: State) -> None:
            state.consolidation.offsets = rewound.offsets
            state.consolidation.tails = rewound.tails
            # A killed run's note is about the MEMORY.md just replaced.
            state.consolidation.pending = None

        ws.update_state(rewind)
        result.kept = ws.relative(undo)
        return result


def _kept_with(copy: Path) -> dict[str, Any]:
    """The sidecar of a history copy (empty when there is none, or it is not ours)."""
    try:
        data = json.loads(marks_path(copy).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _kept_by(copy: Path) -> str | None:
    """The run that replaced a copy, when its sidecar says (a forget's does)."""
    by = _kept_with(copy).get("by")
    return by if isinstance(by, str) and by else None


def _taken_back(ws: Workspace, number: int) -> TakeBack:
    """What going back to version `number` does to the tombstones: the take-back of each
    run since, newest first."""
    back = TakeBack()
    for version in versions(ws)[:number]:
        back = back.then(TakeBack.of(_kept_with(ws.root / version.path).get("take_back")))
    return back


def _rewound(ws: Workspace, chosen: Version) -> Marks:
    """The chosen version's offsets, for the daily files still there: a ledger archived
    or removed since has no offset, so its text (under its new name) counts as new."""
    marks = read_marks(ws.root / chosen.path) or Marks()
    offsets = {key: end for key, end in marks.offsets.items() if (ws.root / key).is_file()}
    tails = {key: tail for key, tail in marks.tails.items() if key in offsets}
    return Marks(offsets, tails)


@dataclass
class _Restoring:
    """What restoring a version writes, worked out once: its text as restored (without
    the lines `masked` and `forgotten_out`), and what it does to the tombstones (`back`)
    with what reverses that (`reverse`, kept with the replaced MEMORY.md)."""

    data: bytes
    masked: int
    forgotten_out: int
    back: TakeBack
    reverse: TakeBack
    legacy: bool
    """An older memctl purged here (`forgotten.older_masks_in`): its short masks are masks."""
    unforgotten: list[str]
    """The facts of the tombstones it drops that no tombstone holds once it is done."""
    forgotten: list[str]
    """The facts of the tombstones it records that none held before."""


def _restoring(ws: Workspace, chosen: Version) -> _Restoring:
    back = _taken_back(ws, chosen.number)
    legacy = older_masks_in(ws)
    data, masked = _unmasked((ws.root / chosen.path).read_bytes(), legacy=legacy)
    after = forgotten_after(ws, back)
    data, forgotten_out = _not_forgotten(data, after)
    reverse = take_back(ws, back, write=False)
    # One account per fact: going back past a correction and a later forget of its new
    # fact drops the forget's tombstone and records the correction's take-back, one for
    # the same text; the fact stays forgotten, neither stated again nor newly forgotten
    # (audit 20 finding 7: `undo 20` said both of it).
    before = Forgotten.of(ws)
    unforgotten = [fact for fact in _facts(reverse.add, legacy=legacy) if not after.states(fact)]
    forgotten = [fact for fact in _facts(reverse.drop, legacy=legacy) if not before.states(fact)]
    return _Restoring(data, masked, forgotten_out, back, reverse, legacy, unforgotten, forgotten)


def _plan(
    ws: Workspace, chosen: Version, restoring: _Restoring, *, dry_run: bool = False
) -> RestoreResult:
    """What restoring `chosen` changes: MEMORY.md's diff and the daily text that is new
    to it once its offsets are back (counted on a state of its own, never written)."""
    state = ws.read_state()
    current = ws.memory_md.read_bytes() if ws.memory_md.exists() else b""
    data = restoring.data
    rewound = _rewound(ws, chosen)
    state.consolidation.offsets, state.consolidation.tails = rewound.offsets, rewound.tails
    new = [item for item in new_daily_text(ws, state) if item.text.strip()]
    return RestoreResult(
        chosen,
        None,
        len(current),
        dry_run=dry_run,
        diff=unified_diff(current.decode("utf-8", "replace"), data.decode("utf-8", "replace")),
        unconsolidated_bytes=sum(item.end - item.start for item in new),
        offsets_kept=read_marks(ws.root / chosen.path) is not None,
        unforgotten=restoring.unforgotten,
        forgotten=restoring.forgotten,
        masked=restoring.masked,
        forgotten_out=restoring.forgotten_out,
    )


def _facts(stones: list[Stone], *, legacy: bool) -> list[str]:
    """The facts tombstones name, but a purge's (no text) and one a purge masked since
    (`legacy`: an older memctl's short masks too, `forgotten.older_masks`)."""
    return [
        fact
        for stone in stones
        if (fact := str(stone.get("fact") or "")) and not holds_mask(fact, legacy=legacy)
    ]


def _unmasked(data: bytes, *, legacy: bool) -> tuple[bytes, int]:
    """A kept MEMORY.md without the lines holding a purge's mask (a purge after the copy
    was kept masked it in place), and how many it had. Headings are never masked.
    `legacy`: an older memctl purged here, so its short masks are masks (`older_masks`)."""
    if not holds_mask(data.decode("utf-8", "replace"), legacy=legacy):
        return data, 0
    lines = data.splitlines(keepends=True)
    kept = [
        line
        for line in lines
        if not holds_mask(line.decode("utf-8", "replace"), legacy=legacy)
        or line.lstrip().startswith(b"#")
    ]
    return b"".join(kept), len(lines) - len(kept)


def _not_forgotten(data: bytes, gone: Forgotten) -> tuple[bytes, int]:
    """A kept MEMORY.md without the lines stating a fact `gone` forgets (a forget since
    the copy was kept, here or brought by sync, that this undo does not take back), and
    how many it had. Headings and memctl's markers stay (a user's own comment stating
    it is a line stating it), and a user's comment over several lines stays whole
    (`memory.commented`), as forget leaves it."""
    if not gone:
        return data, 0
    lines = data.decode("utf-8", "replace").splitlines(keepends=True)
    inside = commented(lines)
    kept = [
        line
        for n, line in enumerate(lines)
        if not line.strip()
        or line.lstrip().startswith("#")
        or is_marker(line)
        or n in inside
        or not gone.states(line)
    ]
    return "".join(kept).encode("utf-8"), len(lines) - len(kept)


def _chosen(ws: Workspace, number: int) -> Version:
    kept = versions(ws)
    if not kept:
        raise UsageError("no kept version of MEMORY.md yet (consolidate keeps them)")
    if not 1 <= number <= len(kept):
        raise UsageError(f"no version {number}: memctl history lists 1-{len(kept)}")
    chosen = kept[number - 1]
    if chosen.replaced_by == PURGE_RUN:
        when = chosen.replaced_at.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")
        before = (
            f"`memctl undo {number + 1}` brings back the version before it, the purge "
            "still in force"
            if number < len(kept)
            else "no version before it is kept"
        )
        raise UsageError(
            f"version {number} is MEMORY.md as `forget --purge` left it ({when}): a purge "
            f"cannot be undone, what it masked is gone for good; {before}"
        )
    return chosen


def _size(ws: Workspace) -> int:
    return ws.memory_md.stat().st_size if ws.memory_md.exists() else 0
