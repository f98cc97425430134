"""MEMORY.md's kept versions: list them, and bring one back.

Every consolidation keeps the MEMORY.md it replaces under `.memctl/history/` (the newest
`HISTORY_KEPT`). A restore is a replacement like any other: the current MEMORY.md is
kept first (its file name ends in `-undo`, so the list can say which run replaced it),
then the chosen version is written atomically, under the consolidation lock (a running
consolidation would otherwise write over it) and the workspace lock (a save).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from memctl.core.durable import write_atomic
from memctl.core.errors import UsageError
from memctl.core.workspace import Workspace
from memctl.pipeline.consolidate import HISTORY_NAME, keep_history


@dataclass
class Version:
    number: int
    """1 is the newest kept version (what `undo` brings back)."""
    path: str
    replaced_at: datetime
    bytes: int
    replaced_by: str
    """The run that replaced this version: `consolidate` or `undo`."""


@dataclass
class RestoreResult:
    restored: Version
    kept: str | None
    """Where the MEMORY.md it replaced was kept (None in a dry run)."""
    bytes_before: int
    dry_run: bool = False


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
        run = "undo" if match[4] else "consolidate"
        found.append((order, when, path.stat().st_size, run, ws.relative(path)))
    found.sort(key=lambda found_one: found_one[0], reverse=True)
    return [
        Version(number, relative, when, size, run)
        for number, (_, when, size, run, relative) in enumerate(found, 1)
    ]


def restore(ws: Workspace, number: int = 1, *, dry_run: bool = False) -> RestoreResult:
    """Bring back version `number` (1: the newest) as MEMORY.md, keeping the current one.
    A dry run, or a version that is not there, takes no lock (it writes nothing, not even
    a lock file)."""
    _chosen(ws, number)
    if dry_run:
        return RestoreResult(_chosen(ws, number), None, _size(ws), dry_run=True)
    with ws.stage_lock("consolidate"), ws.lock():
        chosen = _chosen(ws, number)  # again: a consolidation may have kept one meanwhile
        data = (ws.root / chosen.path).read_bytes()
        current = ws.memory_md.read_bytes() if ws.memory_md.exists() else b""
        saved = keep_history(ws, current)
        undo = saved.with_name(saved.stem + "-undo.md")
        saved.rename(undo)
        write_atomic(ws.memory_md, data)
        return RestoreResult(chosen, ws.relative(undo), len(current))


def _chosen(ws: Workspace, number: int) -> Version:
    kept = versions(ws)
    if not kept:
        raise UsageError("no kept version of MEMORY.md yet (consolidate keeps them)")
    if not 1 <= number <= len(kept):
        raise UsageError(f"no version {number}: memctl history lists 1-{len(kept)}")
    return kept[number - 1]


def _size(ws: Workspace) -> int:
    return ws.memory_md.stat().st_size if ws.memory_md.exists() else 0
