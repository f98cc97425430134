"""Durable file writes, in one place, and the stamp that tells a file unchanged.

Every write in memctl goes through `write_atomic` (temp file, fsync, rename) or
`append_durable` (one write, fsync) while `Workspace.lock()` is held, so a run that
is killed leaves each file either as it was or as it was meant to become.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import sys
from pathlib import Path
from typing import BinaryIO

from memctl.core.errors import UsageError, unreadable

JOURNAL_LIMIT = 1 << 20
APPEND_PIECE = 1 << 20
"""The most `append_durable` hands the kernel in one write. One write was never atomic:
a process killed inside a write of more than a page stops part-way (the kernel looks for
a fatal signal between pages), which is why readers skip a torn last line and the next
append cuts it off. Pieces cost nothing (30 writes for 30 MB) and give the audit event
between them (`memctl.append`: path, bytes written, bytes in all) at which a watcher sees
an append in progress at a known point: tests/support/crashpoint kills a run there, where
a kill timed from outside landed after a 30 MB append had finished."""
_journals: dict[str, str] = {}
"""Workspace root (with a trailing slash) -> its change journal, registered when the
workspace lock is taken (`journal_writes`)."""


def journal_writes(root: Path, journal: Path) -> None:
    """Name every file written under `root` in `journal` from now on, so the search
    index can find what memctl changed without a stat of every file."""
    _journals[os.path.join(os.path.abspath(root), "")] = os.fspath(journal)


def _journal(path: Path) -> None:
    """Append `path`'s name (relative to its workspace) to the workspace's journal, with
    an fsync: a name lost while its file's write survived would hide the change from
    the index. A journal grown past JOURNAL_LIMIT (no search has read it for a long
    while) becomes "*", which asks the next update for a full sweep."""
    if not _journals:
        return
    full = os.path.abspath(path)
    for root, journal in _journals.items():
        if not full.startswith(root):
            continue
        rel = full[len(root) :]
        if rel.startswith(".memctl/") or "\n" in rel:
            return
        with contextlib.suppress(OSError):  # the state folder removed meanwhile
            # never through a symlink: it could lead out of the workspace
            flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW
            fd = os.open(journal, flags, 0o644)
            try:
                if os.fstat(fd).st_size > JOURNAL_LIMIT:
                    os.ftruncate(fd, 0)
                    rel = "*"
                os.write(fd, rel.encode("utf-8", "surrogateescape") + b"\n")
                os.fsync(fd)
            finally:
                os.close(fd)
        return


def fsync_dir(path: Path) -> None:
    with contextlib.suppress(OSError):
        fsync_file(path)


def fsync_file(path: Path) -> None:
    """Flush a file written without fsync (`write_atomic(durable=False)`) to disk."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _named(exc: OSError, path: Path) -> OSError:
    """The error naming the file the caller wrote (a write on a descriptor names none,
    and the temp file's name means nothing to a user)."""
    exc.filename = os.fspath(path)
    exc.filename2 = None
    return exc


def current_umask() -> int:
    """The process's umask (read without changing it where the OS allows)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomic(
    path: Path,
    data: bytes,
    mode: int | None = None,
    *,
    durable: bool = True,
    through_links: bool = False,
) -> None:
    """Replace `path` with `data` so that readers see the old or the new file, never a mix.

    `through_links=True` writes a symlink's target (a user's file: a settings.json
    linked into a dotfiles repository, CLAUDE.md -> AGENTS.md), which a rename onto the
    link would replace with a regular file, leaving the target as it was. memctl's own
    files never take it: a link among them is not followed out of the workspace.

    Without `mode` the file keeps the mode it had (a 0600 MEMORY.md stays 0600), and a
    new file gets the umask's default, as any program's new file would.

    `durable=False` skips the two fsyncs, for files that are a copy of what another
    durable file holds (evicted tool results: the thread log keeps them in full and
    the next context build writes a lost or short one again). Fifty MB of evicted
    results take seconds to fsync and milliseconds to write.
    """
    import tempfile  # with random: a read-only command (search) never needs it

    if through_links:
        path = Path(os.path.realpath(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    keep = mode
    if keep is None:
        try:
            keep = stat.S_IMODE(os.stat(path).st_mode)
        except FileNotFoundError:
            keep = 0o666 & ~current_umask()
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise _named(exc, path) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        os.chmod(tmp, keep)
        os.replace(tmp, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise _named(exc, path) from None
        raise
    if durable:
        fsync_dir(path.parent)
    _journal(path)


LEFTOVER_SECONDS = 60.0
"""A `write_atomic` temp file older than this is a killed process's leftover: a live
write renames its own within milliseconds (or seconds, for tens of MB)."""
_TEMP_NAME = re.compile(r"\..+\.[a-z0-9_]{8}\.tmp")
"""What `tempfile.mkstemp` names a `write_atomic` temp file: `.state.json.m5cn0z3w.tmp`."""


def remove_leftovers(folder: Path, older_than: float = LEFTOVER_SECONDS) -> list[Path]:
    """Delete the temp files `write_atomic` left in `folder` when its process was killed
    between writing and renaming (audit 21 F7: a SIGKILLed hook left a whole copy of
    state.json for good), those older than `older_than` seconds; the paths deleted.
    Never read, they only take room and keep values a `forget --purge` erased."""
    import time

    removed: list[Path] = []
    try:
        with os.scandir(folder) as listing:
            found = [e for e in listing if _TEMP_NAME.fullmatch(e.name)]
    except OSError:
        return removed
    limit = time.time() - older_than
    for entry in found:
        with contextlib.suppress(OSError):
            if entry.is_file(follow_symlinks=False) and entry.stat().st_mtime < limit:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
    return removed


def append_durable(path: Path, data: bytes) -> None:
    """Append `data` (in writes of at most APPEND_PIECE) and fsync it, so the block is
    on disk before we go on.

    A write that fails part-way (a full disk, a file size limit) is undone: the file
    is cut back to its size before, so no torn block is left for the next reader to
    take as memory (and a retried save is not stored twice, whole and torn)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
    try:
        before = os.fstat(fd).st_size
        try:
            view = memoryview(data)
            done = 0
            while done < len(view):
                done += os.write(fd, view[done : done + APPEND_PIECE])
                if done < len(view):
                    sys.audit("memctl.append", os.fspath(path), done, len(view))
            os.fsync(fd)
        except OSError as exc:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, before)
                os.fsync(fd)
            raise _named(exc, path) from None
    finally:
        os.close(fd)
    _journal(path)


def block_separator(path: Path) -> bytes:
    """What to write before appending a block so it starts on a line of its own."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return b""
    if size == 0:
        return b""
    with path.open("rb") as handle:
        handle.seek(max(0, size - 2))
        tail = handle.read()
    if tail.endswith(b"\n\n"):
        return b""
    return b"\n" if tail.endswith(b"\n") else b"\n\n"


def open_regular(path: Path, name: str) -> BinaryIO:
    """A file a user or an agent named, opened for reading if it is a regular file: a
    FIFO would block the reader forever and /dev/zero never ends (a hook is handed any
    path its agent names). Opened without blocking, so a FIFO is refused, not waited on.
    Callers read at most the size it had when opened (`regular_bytes`)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        raise unreadable(name, exc) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        if stat.S_ISDIR(mode):
            raise UsageError(f"{name}: is a folder")
        raise UsageError(f"{name}: not a regular file (give - to read stdin)")
    return os.fdopen(fd, "rb")


def regular_bytes(path: Path, name: str) -> bytes:
    """The bytes of a regular file (see `open_regular`), as many as it held when opened."""
    with open_regular(path, name) as handle:
        try:
            return handle.read(os.fstat(handle.fileno()).st_size)
        except OSError as exc:
            raise unreadable(name, exc) from None


# --------------------------------------------------------------------------- file stamps

RACY_NS = 100 * 10**6
"""A file whose mtime is this recent when it is stat'ed may change again and keep it: file
systems stamp with a granularity (the kernel's coarse clock, a tick of 1-10 ms, where
timestamps are not fine-grained; 10 ms on exFAT), and a rewrite of the same size in place
then keeps (size, mtime, inode), so the search index trusted the old records (a
disagreement of index and scan), and an import would trust its old fingerprints. Such a
file's mtime is recorded one nanosecond early (`recorded_mtime`), which no later stat
returns, and the next reader looks at it again, as git treats its "racily clean"
entries: its size and fingerprint say whether it changed, for a stat and two short reads.
Ten ticks: a search after a write takes the index's update path (the lock) for that long
at most."""
RACY_WHOLE_SECONDS_NS = 3 * 10**9
"""The same for an mtime in whole seconds, which a file system stamping seconds (HFS+,
ext3) or two (FAT) gives: longer than two seconds and a tick. A finer file system gives
one in a billion stamps."""


def recorded_mtime(mtime_ns: int, before_ns: int) -> int:
    """The mtime to record of a file stat'ed after `before_ns` (the clock read before
    the stat): one nanosecond early while a change could still share it (RACY_NS)."""
    window = RACY_WHOLE_SECONDS_NS if mtime_ns % 10**9 == 0 else RACY_NS
    return mtime_ns - 1 if before_ns - mtime_ns < window else mtime_ns
