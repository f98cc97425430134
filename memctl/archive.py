"""archive: move daily ledgers older than the retention window to memory/archive/.

The age of a ledger is the date in its name (`memory/YYYY-MM-DD.md`), never its mtime:
copying a workspace or touching a file must not change what counts as old. A file whose
date already has an archive is appended to it, never overwritten.

Each move is crash-safe: the combined archive file is written atomically, then the
consolidation watermark is moved to it, then the source is unlinked. A run killed after
the archive write leaves the source in place; the next run sees that the archive already
ends with the source's content and only finishes the move, so nothing is doubled.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from memctl.config import Config
from memctl.workspace import (
    DAILY_NAME,
    Workspace,
    block_separator,
    stored_offset,
    write_atomic,
)


@dataclass
class ArchivedFile:
    """One ledger moved (or, in a dry run, to be moved)."""

    source: str
    target: str
    appended: bool
    """True when the archive already held that date and the content went after it."""
    bytes: int


@dataclass
class ArchiveResult:
    moved: list[ArchivedFile]
    kept: int
    """Dated ledgers left in memory/ because they are inside the retention window."""
    cutoff: date
    """Ledgers dated before this day are archived."""
    dry_run: bool = False


def ledger_date(path: Path) -> date | None:
    """The date a ledger's name stands for; None for other names (and for 2026-02-30.md)."""
    match = DAILY_NAME.fullmatch(path.name)
    if not match:
        return None
    try:
        return date(*(int(part) for part in match.groups()))
    except ValueError:
        return None


def archive(ws: Workspace, config: Config, *, dry_run: bool = False) -> ArchiveResult:
    """Move every ledger dated before today − `daily_file_retention_days` (today in the
    workspace's time zone) into memory/archive/, and mark `runs.archive`."""
    cutoff = ws.today() - timedelta(days=config.memory.daily_file_retention_days)
    if dry_run:
        old, kept = _split(ws, cutoff)
        moves = [
            ArchivedFile(
                ws.relative(source),
                ws.relative(ws.archive_dir / source.name),
                (ws.archive_dir / source.name).exists(),
                source.stat().st_size,
            )
            for source in old
        ]
        return ArchiveResult(moves, kept, cutoff, dry_run=True)
    with ws.lock():
        ws.read_state()  # a corrupt state.json stops the run before any file moves
        old, kept = _split(ws, cutoff)
        moves = [_move(ws, source) for source in old]
        ws.update_state(lambda state: ws.mark_run(state, "archive"))
    return ArchiveResult(moves, kept, cutoff)


def _split(ws: Workspace, cutoff: date) -> tuple[list[Path], int]:
    """The dated ledgers of memory/ that are due for the archive, and how many stay."""
    old: list[Path] = []
    kept = 0
    for path in ws.daily_files():
        day = ledger_date(path)
        if day is None:
            continue
        if day < cutoff:
            old.append(path)
        else:
            kept += 1
    return old, kept


def _move(ws: Workspace, source: Path) -> ArchivedFile:
    """Append `source` to its archive file (or create it), move its watermark, unlink it."""
    target = ws.archive_dir / source.name
    data = source.read_bytes()
    try:
        existing = target.read_bytes()
    except FileNotFoundError:
        existing = b""
    if existing and existing.endswith(data):
        # An earlier run was killed after writing the archive: only finish the move. The
        # archive's watermark may already count the moved bytes, so it is read against
        # the whole file.
        combined = existing
        archive_size = len(combined)
    else:
        combined = existing + (block_separator(target) if existing else b"") + data
        archive_size = len(existing)
        write_atomic(target, combined)
    start = len(combined) - len(data)
    source_key, target_key = ws.relative(source), ws.relative(target)

    def move_offset(state: dict[str, Any]) -> None:
        offsets = state.setdefault("consolidation", {}).setdefault("offsets", {})
        offsets[target_key] = merged_offset(
            combined,
            start,
            stored_offset(offsets.get(target_key, 0), archive_size),
            stored_offset(offsets.pop(source_key, 0), len(data)),
        )

    ws.update_state(move_offset)
    source.unlink()
    return ArchivedFile(source_key, target_key, start > 0, len(data))


def merged_offset(combined: bytes, start: int, archive_offset: int, source_offset: int) -> int:
    """The watermark of an archive file whose bytes from `start` on are a moved ledger.

    If everything of the archive before `start` was consolidated (at most blank lines
    remain), the moved ledger's own watermark carries over, shifted by `start`. Otherwise
    the archive's lower watermark stays, so the unconsolidated text is not skipped; the
    moved part after it is then consolidated again, which repeats work but loses nothing.
    `archive_offset` at or past `start` (a rerun after the watermark was already moved)
    is kept.
    """
    if combined[archive_offset:start].strip():
        return archive_offset
    return max(start + source_offset, archive_offset)
