"""archive: move daily ledgers older than the retention window to memory/archive/.

The age of a ledger is the date in its name (`memory/YYYY-MM-DD.md`), never its mtime:
copying a workspace or touching a file must not change what counts as old. A file whose
date already has an archive is appended to it, never overwritten.

Each move is crash-safe: the combined archive file is written atomically, then the
consolidation watermark is moved to it, then the source is unlinked. A run killed after
the archive write leaves the source in place; the next run sees that the archive already
ends with the source's content and only finishes the move, so nothing is doubled.
The moves of one run go through those steps together: every archive written, then
flushed to disk, then one state.json write for all the watermarks, then the unlinks.
A first archive of years of dailies is thousands of moves; one state write (and four
fsyncs) a move made that minutes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

from memctl.core.config import Config
from memctl.core.durable import block_separator, fsync_dir, fsync_file, write_atomic
from memctl.core.state import State
from memctl.core.workspace import DAILY_NAME, Workspace, stored_offset


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
        old, kept = _split(ws.daily_files(), cutoff)
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
        # Listed with the archive, so that a ledger or archive leading out of memory/
        # stops the run before any move: a move appends to (reads) the archive of its date.
        ledgers = ws.daily_files(include_archive=True)
        if ws.archive_dir.is_symlink():
            ws.check_inside_memory(ws.archive_dir)  # the moves would be written there
        old, kept = _split([p for p in ledgers if p.parent == ws.memory_dir], cutoff)
        moves = _move(ws, old)
    return ArchiveResult(moves, kept, cutoff)


def _split(ledgers: list[Path], cutoff: date) -> tuple[list[Path], int]:
    """The ledgers (of memory/) that are due for the archive, and how many stay."""
    old: list[Path] = []
    kept = 0
    for path in ledgers:
        day = ledger_date(path)
        if day is None:
            continue
        if day < cutoff:
            old.append(path)
        else:
            kept += 1
    return old, kept


@dataclass
class _Move:
    source: Path
    target: Path
    before: bytes
    """The archive's bytes before the moved ledger (empty for a new archive)."""
    archive_size: int
    """The archive's size before this run (its watermark is read against it)."""
    size: int


def _move(ws: Workspace, sources: list[Path]) -> list[ArchivedFile]:
    """Append each source to its archive file (or create it), move the watermarks in
    one state write, then unlink the sources; and mark `runs.archive`."""
    planned: list[_Move] = []
    written: list[Path] = []
    for source in sources:
        target = ws.archive_dir / source.name
        data = source.read_bytes()
        try:
            existing = target.read_bytes()
        except FileNotFoundError:
            existing = b""
        if existing and existing.endswith(data):
            # An earlier run was killed after writing the archive: only finish the move.
            # The archive's watermark may already count the moved bytes, so it is read
            # against the whole file.
            combined, archive_size = existing, len(existing)
        else:
            combined = existing + (block_separator(target) if existing else b"") + data
            archive_size = len(existing)
            write_atomic(target, combined, durable=False)
            written.append(target)
        start = len(combined) - len(data)
        planned.append(_Move(source, target, combined[:start], archive_size, len(data)))
    # On disk before any watermark or source says the move happened.
    for target in written:
        fsync_file(target)
    if written:
        fsync_dir(ws.archive_dir)

    def move_offsets(state: State) -> None:
        ws.mark_run(state, "archive")
        if not planned:
            return
        offsets = state.consolidation.offsets
        for move in planned:
            source_key, target_key = ws.relative(move.source), ws.relative(move.target)
            # The moved offset is checked as an offset without a tail (at a line start).
            state.consolidation.tails.pop(source_key, None)
            state.consolidation.tails.pop(target_key, None)
            offsets[target_key] = merged_offset(
                move.before,
                len(move.before),
                stored_offset(offsets.get(target_key, 0), move.archive_size),
                stored_offset(offsets.pop(source_key, 0), move.size),
            )

    ws.update_state(move_offsets)
    for move in planned:
        move.source.unlink()
    return [
        ArchivedFile(ws.relative(m.source), ws.relative(m.target), bool(m.before), m.size)
        for m in planned
    ]


def merged_offset(combined: bytes, start: int, archive_offset: int, source_offset: int) -> int:
    """The watermark of an archive file whose bytes from `start` on are a moved ledger
    (`combined` holds at least the bytes before `start`).

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
