"""thread rm / rename: a thread's log and everything kept under its id, moved or removed
together under the workspace lock.

What is kept under a thread id: its log (`threads/<id>.jsonl`), its flush watermark
(`state.threads`), the transcripts imported into it (`state.imports`), the thread entries
forgotten facts were taken from (`said` in .memctl/forgotten.jsonl: rename points them at
the new id, rm drops them; rename records itself there, `forgotten.ThreadRename`, for the
ledger headings that name the old id) and its evicted tool results (`<eviction.root>/<id>/`). The evicted files are a cache of what the log
holds (a context build writes a missing one again), so they go last: a crash before
that leaves a stray folder, never a log whose watermark belongs to another thread.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from memctl.core.errors import UsageError
from memctl.core.forgotten import rename_said
from memctl.core.threads import check_thread_id, line_owners, log_lines, thread_path

if TYPE_CHECKING:
    from memctl.core.config import Config
    from memctl.core.state import State, ThreadMark
    from memctl.core.workspace import Workspace


@dataclass
class ThreadChange:
    thread: str
    renamed_to: str | None
    """None when the thread was removed."""
    log: str
    evicted: str | None
    """The folder of evicted tool results moved or removed with it, if there was one."""
    imports: int
    """Imported transcripts that pointed at the thread (forgotten on rm, so that an
    import starts over; pointed at the new id on rename)."""


def _evicted_dir(ws: Workspace, config: Config, thread: str) -> Path:
    return ws.root / config.eviction.root / check_thread_id(thread)


def _existing_log(ws: Workspace, thread: str) -> Path:
    path = thread_path(ws, thread)
    if not path.is_file():
        raise UsageError(f"no thread {thread!r} (no {ws.relative(path)})")
    return path


def remove_thread(
    ws: Workspace, config: Config, thread: str, *, dry_run: bool = False
) -> ThreadChange:
    """Remove the thread, or with `dry_run` only say what would go. The caller refuses
    a thread with unflushed entries unless told to (`thread rm --force`)."""
    with ws.lock():
        log = _existing_log(ws, thread)
        if dry_run:
            evicted = _evicted_dir(ws, config, thread)
            state = ws.read_state()
            imports = sum(1 for mark in state.imports.values() if mark.thread == thread)
            kept = evicted.is_dir() and not evicted.is_symlink()
            return ThreadChange(
                thread, None, ws.relative(log), ws.relative(evicted) if kept else None, imports
            )
        forgotten = 0
        # A shared log comes back from another machine that still has it: what this
        # machine knew of its lines is kept until then (`State.removed`).
        shared = bool(config.sync.remote) and "threads" in config.sync.share
        lines = log_lines(log.read_bytes()) if shared else []

        def forget(state: State) -> None:
            nonlocal forgotten
            record = state.threads.pop(thread, None)
            if lines:
                _keep_removed(ws, state, thread, record, lines)
            for key in [k for k, mark in state.imports.items() if mark.thread == thread]:
                del state.imports[key]
                forgotten += 1

        log.unlink()
        ws.update_state(forget)
        # The turns forgotten facts were taken from are gone with it: a later thread of
        # this id is another conversation.
        rename_said(ws, ws.relative(log), None)
        evicted = _evicted_dir(ws, config, thread)
        removed = evicted.is_dir() and not evicted.is_symlink()
        if removed:
            shutil.rmtree(evicted)
    return ThreadChange(
        thread, None, ws.relative(log), ws.relative(evicted) if removed else None, forgotten
    )


def _keep_removed(
    ws: Workspace, state: State, thread: str, record: ThreadMark | None, lines: list[str]
) -> None:
    """Note in `state.removed` which lines of a shared log being removed were flushed
    and which were this machine's own to flush, with what an earlier removal of the
    same id noted (which may come back too) kept: each line as often as either noted
    it (a maximum, not a sum). The two logs share no line: a sync drops the earlier note
    once a merged log holds any of its lines (the log came back), so a line counted by
    both is one line counted twice, not two occurrences."""
    from collections import Counter

    from memctl.core.state import RemovedLog

    flushed, own = line_owners(ws, record, lines)
    kept = state.removed.get(thread) or RemovedLog()
    flushed |= Counter(kept.flushed)
    own |= Counter(kept.own)
    if flushed or own:
        state.removed[thread] = RemovedLog(dict(sorted(flushed.items())), dict(sorted(own.items())))


def rename_thread(
    ws: Workspace, config: Config, thread: str, new: str, *, dry_run: bool = False
) -> ThreadChange:
    """Rename the thread, or with `dry_run` check that it can be and say what would move."""
    check_thread_id(new)
    with ws.lock():
        log = _existing_log(ws, thread)
        target = thread_path(ws, new)
        if target.exists() or target.is_symlink():
            raise UsageError(
                f"thread {new!r} exists ({ws.relative(target)}); rename or rm it first"
            )
        evicted, evicted_target = (
            _evicted_dir(ws, config, thread),
            _evicted_dir(ws, config, new),
        )
        if evicted_target.exists():
            raise UsageError(
                f"{ws.relative(evicted_target)} exists (evicted results of an old "
                f"thread {new!r}); remove it first"
            )
        if dry_run:
            state = ws.read_state()
            imports = sum(1 for mark in state.imports.values() if mark.thread == thread)
            kept = evicted.is_dir() and not evicted.is_symlink()
            return ThreadChange(
                thread,
                new,
                ws.relative(target),
                ws.relative(evicted_target) if kept else None,
                imports,
            )
        moved = 0

        def move(state: State) -> None:
            nonlocal moved
            if thread in state.threads:
                state.threads[new] = state.threads.pop(thread)
            for mark in state.imports.values():
                if mark.thread == thread:
                    mark.thread = new
                    moved += 1

        os.rename(log, target)  # atomic: no moment without a log under one of the names
        ws.update_state(move)
        # The turns forgotten facts were taken from stay left out under the new name.
        # The ledger headings naming the old id read through the rename from now on.
        rename_said(ws, ws.relative(log), ws.relative(target), renamed=(thread, new))
        renamed = evicted.is_dir() and not evicted.is_symlink()
        if renamed:
            os.rename(evicted, evicted_target)
    return ThreadChange(
        thread, new, ws.relative(target), ws.relative(evicted_target) if renamed else None, moved
    )
