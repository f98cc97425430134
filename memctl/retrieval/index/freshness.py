"""Keeping the index fresh without a stat of every file: the check that runs before
every search and recall, and the change journal it reads.

23,000 stats cost 110-290 ms. An update stats the four folders (the workspace, memory/,
memory/archive/, threads/): a file created, removed or renamed changes its folder's
mtime, and then that part (memory/ with its archive, or threads/) is listed again (no
stat a file) to find it; the index's rows of the other part are not read at all (at a
million records, reading and matching 10,000 rows cost 60-80 ms of an update that
indexed 2 files). Of the files already indexed it stats only those that may have changed
in place: MEMORY.md, every file memctl itself wrote since the last update (`durable`
names them in the change journal `.memctl/index.journal` as it writes them, under the
workspace lock), and every file modified in the last two days (HOT_NS), where the
ledgers and logs that are still growing are. The trade-off: another program (an editor,
`echo >>`) that rewrites in place a file untouched for two days is not seen until the
next full sweep, which every update makes when the last one is an hour old (SWEEP_NS),
`memctl index` makes always, and a lost or overflowing journal forces. Ledgers and logs
are append-only by contract and MEMORY.md is always checked, so this is a window of at
most an hour on files nobody should be editing; and whatever a search or recall reads (a
candidate's record) is read back and checked against the CRC the index took of it: a
mismatch has the file scanned and read again by the next update (`store.mark_stale`), so
a stale index can miss a new line of a file none of whose candidates was read, but never
show bytes the file no longer holds.

When nothing changed (most searches), the index is opened read-only without the
workspace lock (`_unchanged`); otherwise it is brought up to date under the lock.

Each folder an update lists is kept in `meta` (`listings`): its stamp stat'ed before the
listing, when, and its odd entries (symlinks, FIFOs, devices, files that could not be
read), which the index holds no row for or must not vouch for. While that listing still
stands (`listings`), a search takes its files from the index instead of listing them
(56,521 files cost 0.1-0.15 s of every search at 620 MB).
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path

from memctl.core.durable import recorded_mtime
from memctl.core.errors import BusyError
from memctl.core.redact import Redactor
from memctl.core.workspace import JOURNAL_NAME, Workspace
from memctl.retrieval.corpus import Fence, memory_files, odd, thread_log_files, thread_logs
from memctl.retrieval.index.store import (
    EVERY_KIND,
    SCHEMA_VERSION,
    FileRow,
    Index,
    IndexUnavailable,
    Listed,
    UpdateReport,
    corrupt,
    index_path,
    index_redactor,
    open_index,
    redaction_digest,
    sortkey,
    vacuum_free_pages,
)

# Freshness (see the module's docstring): files modified this recently are stat'ed by
# every update; older ones are trusted between full sweeps, at most this far apart.
HOT_NS = 2 * 86_400 * 10**9
SWEEP_NS = 3_600 * 10**9
# A search waits this long for the workspace lock before it scans instead.
LOCK_WAIT_SECONDS = 2.0


def listed_files(ws: Workspace, *, threads: bool = True) -> list[Listed]:
    """Every file the index covers (MEMORY.md, memory/ with its archive, the logs) that
    search may open: what the fence refuses, search never reads, so it is not indexed.
    `threads` False leaves the logs out (an update compares threads/'s names with the
    index's itself, `_log_changes`)."""
    return _listing(ws, threads=threads)[0]


def _listing(ws: Workspace, *, threads: bool = True) -> tuple[list[Listed], dict[str, list[str]]]:
    """`listed_files`, and the odd entries of each folder listed (`corpus.odd`): kept
    beside the folder's stamp (`listings`), so that a search can take its files from the
    index while the folder is unchanged."""
    fence = Fence(ws)
    files = memory_files(ws, include_archive=True) + (thread_logs(ws, None) if threads else [])
    names: dict[str, list[str]] = {folder: [] for folder in LISTED[: 3 if threads else 2]}
    names.update((folder, found) for folder, found in odd(files).items() if folder)
    listed = [
        Listed(file.kind, file.path, file.rel, sortkey(file.kind, file.rel))
        for file in files
        if fence.refused(file) is None
    ]
    return listed, names


LISTED = ("memory", "memory/archive", "threads")
"""The folders whose listing the index keeps (`listings`); MEMORY.md, the one file of
the workspace's own folder, a search looks at itself."""


def listings(ws: Workspace, index: Index, folders: Iterable[str]) -> dict[str, list[str]] | None:
    """The odd entries (symlinks, FIFOs, devices, files the update could not read) of
    each of `folders` as the index's last listing of it found them, when that listing
    still stands for the folder: its mtime and inode are those stat'ed before the
    listing, and that mtime was older than the file system's timestamp granularity at
    that moment (`durable.RACY_NS`: a file created in the same tick as the stamp, after
    the listing, would leave it unchanged). Else None: the caller lists the folders.
    Every other file of such a folder is one the index holds a row for."""
    try:
        stored = json.loads(index.meta("listings") or "{}")
        found = {}
        for folder in folders:
            mtime, inode, at, names = stored[folder]
            if recorded_mtime(mtime, at) != mtime or _stamp(ws.root / folder) != [mtime, inode]:
                return None
            if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
                return None
            found[folder] = names
    except (KeyError, TypeError, ValueError):
        return None
    return found


@contextlib.contextmanager
def fresh_index(
    ws: Workspace,
    notes: list[str],
    *,
    wait: float = LOCK_WAIT_SECONDS,
    rebuild: bool = False,
    words: bool = False,
    sweep: bool = False,
    redactor: Redactor | None = None,
    deadline: float | None = None,
) -> Iterator[tuple[Index, UpdateReport]]:
    """The index, brought up to date under the workspace lock; the lock is released
    before the caller reads it (WAL: readers see the committed state, writers go on).
    `words` (recall) asks for the word table: an index without it is rebuilt once.
    `sweep` stats every file (`memctl index`), not only those that may have changed.
    `redactor` redacts the text indexed (default: the built-in patterns); an index
    written with other patterns is rebuilt.
    `deadline` (a `time.monotonic()` value: the prompt hook's recall) bounds the update:
    what it indexed by then is kept, the rest is left for the next update
    (`UpdateReport.left`), and the index is yielded as it is.
    IndexUnavailable when it cannot be had within `wait` seconds."""
    redactor = index_redactor(redactor)
    if not (rebuild or sweep):
        unchanged = _unchanged(ws, words, redaction_digest(redactor))
        if unchanged is not None:
            try:
                yield unchanged
            finally:
                unchanged[0].close()
            return
    try:
        held = ws.lock(wait=wait)
        held.__enter__()
    except (BusyError, OSError) as exc:
        raise IndexUnavailable(str(exc)) from None
    index: Index | None = None
    try:
        try:
            index = open_index(ws, notes, redactor, rebuild=rebuild, words=words)
            if words and not index.words:
                index.close()
                index = open_index(ws, notes, redactor, rebuild=True, words=True)
                rebuild = True
            report = _update(ws, index, notes, sweep=sweep, deadline=deadline)
        except sqlite3.Error as exc:
            if index is not None:
                index.close()
            if not corrupt(exc):  # full disk, I/O error, locked by another program
                raise IndexUnavailable(f"cannot update the search index: {exc}") from None
            notes.append(f"the search index was unreadable ({exc}); rebuilding it")
            index = open_index(ws, notes, redactor, rebuild=True, words=words)
            report = _update(ws, index, notes, sweep=True, deadline=deadline)
            report.rebuilt = True
        report.rebuilt = report.rebuilt or rebuild
    finally:
        held.__exit__(None, None, None)
    try:
        yield index, report
    finally:
        index.close()


def skipped_files(index: Index) -> list[str]:
    """`PATH: why` of each file the index holds no record of because it could not read
    it (not UTF-8, NUL bytes): what recall, `memctl index` and doctor tell, as search
    tells its skips. A ledger in Latin-1 was left out of every answer without a word
    (audit 17 M7)."""
    rows = index.conn.execute(
        "SELECT rel, problem FROM files WHERE problem IS NOT NULL ORDER BY sortkey, rel"
    )
    return [f"{rel}: {problem}" for rel, problem in rows]


def _folders(ws: Workspace) -> tuple[dict[str, int], dict[str, list[int]]]:
    """The mtimes of the folders the index covers (a file created, removed or renamed
    in one changes it, a file written in place does not), and the stamps of those whose
    listing it keeps (`LISTED`, for `listings`), from one stat of each folder."""
    stamps = {folder: _stamp(ws.root / folder) for folder in LISTED}
    mtimes = {os.fspath(ws.root): _stamp(ws.root)[0]}
    mtimes.update((os.fspath(ws.root / folder), stamp[0]) for folder, stamp in stamps.items())
    return mtimes, stamps


def _stamp(folder: Path) -> list[int]:
    """A folder's mtime and inode (a folder put in another's place with the same mtime,
    `cp -a`, has another inode); -1 for a folder that is not there."""
    try:
        st = os.stat(folder)
    except OSError:
        return [-1, -1]
    return [st.st_mtime_ns, st.st_ino]


def _unchanged(ws: Workspace, words: bool, digest: str) -> tuple[Index, UpdateReport] | None:
    """The index, opened without the workspace lock, when the update would find
    nothing to do (the same check as `_update`'s, read-only); else None. Most searches
    change nothing, and the lock (filelock and what it imports) is a tenth of a
    search's start-up."""
    path = index_path(ws)
    try:
        if os.path.getsize(ws.state_dir / JOURNAL_NAME):
            return None
    except FileNotFoundError:
        pass
    except OSError:
        return None
    if not path.is_file():
        return None
    now_ns = time.time_ns()
    conn = None
    try:
        conn = sqlite3.connect(
            f"{path.as_uri()}?mode=ro", uri=True, isolation_level=None, check_same_thread=False
        )
        index = Index(ws, conn)
        report = UpdateReport()
        stored = index.meta("folders")
        if (
            index.meta("schema") != SCHEMA_VERSION
            or index.meta("redaction") != digest
            or (words and not index.words)
            or not stored
            or now_ns - int(index.meta("swept", "0") or 0) > SWEEP_NS
            or json.loads(stored) != _folders(ws)[0]
        ):
            conn.close()
            return None
        # Only the rows to stat leave SQLite: 23,000 rows made into Python tuples would
        # cost more than the stats. A stale file is marked by its inode (-1), not by a
        # negative mtime, which a real file dated before 1970 has too.
        rows = conn.execute(
            "SELECT rel, size, mtime_ns, inode FROM files "
            "WHERE mtime_ns > ? OR inode = -1 OR rel = ?",
            (now_ns - HOT_NS, "MEMORY.md"),
        ).fetchall()
        root = os.fspath(ws.root)
        (report.files,) = conn.execute("SELECT count(*) FROM files").fetchone()
        for rel, size, mtime, inode in rows:
            report.checked += 1
            st = os.stat(os.path.join(root, rel))
            if (st.st_size, st.st_mtime_ns, st.st_ino) != (size, mtime, inode):
                conn.close()
                return None
        if not any(rel == "MEMORY.md" for rel, *_ in rows) and os.path.exists(ws.memory_md):
            conn.close()
            return None
    except (OSError, ValueError, sqlite3.Error):
        if conn is not None:
            conn.close()
        return None
    return index, report


def _relisted(ws: Workspace, stored: dict[str, int], folders: dict[str, int]) -> frozenset[str]:
    """The kinds of file to list again after a folder's mtime changed: memory (memory/
    or its archive changed), thread (threads/), both when the workspace's own folder
    changed (MEMORY.md, or memory/ or threads/ made anew). A new ledger changes
    memory/'s mtime, and listing the 10,000 logs of a large workspace beside it cost
    128 ms for one new file."""
    changed = {folder for folder, stamp in folders.items() if stored.get(folder) != stamp}
    if os.fspath(ws.root) in changed:
        return EVERY_KIND
    kinds = set()
    if changed & {os.fspath(ws.memory_dir), os.fspath(ws.archive_dir)}:
        kinds.add("memory")
    if os.fspath(ws.threads_dir) in changed:
        kinds.add("thread")
    return frozenset(kinds)


def _log_changes(ws: Workspace, index: Index) -> tuple[list[Listed], set[str], list[str]]:
    """After threads/'s mtime changed: the logs to look at (the names the index does not
    hold, and the entries that are symlinks or no regular file, which the fence decides
    on), the indexed logs to remove (gone from the folder, or no longer a log the
    fence lets search read) and the odd logs' names (`listings`). The names are compared as sets, in C: a `Listed` made of
    each of 10,000 logs and matched against its row cost 90 ms of an update that
    indexed one new log. An indexed log whose name stayed is trusted, as it is beside
    a complete listing (only a stat would see it replaced)."""
    try:
        with os.scandir(ws.threads_dir) as listing:
            entries = {entry.name: entry for entry in listing}
    except (FileNotFoundError, NotADirectoryError):
        entries = {}
    indexed = {
        rel.removeprefix("threads/")
        for (rel,) in index.conn.execute("SELECT rel FROM files WHERE kind = 'thread'")
    }
    strange = {
        name
        for name, entry in entries.items()
        if entry.is_symlink() or not entry.is_file(follow_symlinks=False)
    }
    looked = sorted((entries.keys() - indexed) | (strange & indexed))
    fence = Fence(ws)
    logs = [
        Listed(file.kind, file.path, file.rel, sortkey(file.kind, file.rel))
        for file in thread_log_files(entries[name] for name in looked)
        if fence.refused(file) is None
    ]
    kept = {item.rel.removeprefix("threads/") for item in logs}
    gone = (indexed - entries.keys()) | (strange & indexed - kept)
    odd_logs = [
        file.rel.removeprefix("threads/")
        for file in thread_log_files(entries[name] for name in sorted(strange))
    ]
    return logs, {f"threads/{name}" for name in gone}, odd_logs


def _read_journal(ws: Workspace) -> tuple[set[str], bool]:
    """The files memctl wrote since the last update, and whether a full sweep is asked
    for (the journal overflowed, or cannot be read)."""
    try:
        with open(ws.state_dir / JOURNAL_NAME, "rb") as handle:
            data = handle.read()
    except FileNotFoundError:
        return set(), False
    except OSError:
        return set(), True
    names = set(data.decode("utf-8", "surrogateescape").splitlines())
    return names, "*" in names


def _update(
    ws: Workspace,
    index: Index,
    notes: list[str],
    *,
    sweep: bool = False,
    deadline: float | None = None,
) -> UpdateReport:
    """Bring the index up to date, trusting what has not changed where that is safe:
    see the module's docstring. An update the `deadline` stopped (`report.left`) keeps
    what it indexed but records none of what says it is complete (the folders' stamps,
    their listings, the sweep's time) and leaves the journal as it is: the next update
    looks at the same files again, and reads on only what is still new in them."""
    # UTC from the standard library: the workspace's time zone would import dateutil.
    now = datetime.now(UTC).isoformat(timespec="seconds")
    now_ns = time.time_ns()  # before the folders' stat (`listings`)
    written, overflow = _read_journal(ws)
    folders, stamps = _folders(ws)  # before listing: a file created after it is seen next time
    stored = index.meta("folders")
    swept = int(index.meta("swept", "0") or 0)
    sweep = sweep or overflow or not stored or now_ns - swept > SWEEP_NS
    if sweep:
        listed, odd_names = _listing(ws)
        report = index.update(listed, now, deadline=deadline)
        report.swept = True
    else:
        # Only the rows of the files to look at leave SQLite: those memctl wrote, those
        # modified in the last two days, and those a search found rewritten in place
        # (inode -1, `store.mark_stale`). memory/ listed again is matched against the
        # rows of the memory files; threads/ listed again, against the logs' names only.
        check = {"MEMORY.md", *written}
        check.update(
            rel
            for (rel,) in index.conn.execute(
                "SELECT rel FROM files WHERE mtime_ns > ? OR inode = -1", (now_ns - HOT_NS,)
            )
        )
        kinds = _relisted(ws, json.loads(stored), folders)
        listed, odd_names = _listing(ws, threads=False) if "memory" in kinds else ([], {})
        logs: list[Listed] = []
        gone: set[str] = set()
        if "thread" in kinds:
            logs, gone, odd_names["threads"] = _log_changes(ws, index)
        root = os.fspath(ws.root)
        decided = {item.rel for item in logs} | gone  # by the listing of threads/
        listed += logs + [
            Listed(kind, os.path.join(root, rel), rel, key)
            for rel, kind, key in index.by_rel(
                "SELECT rel, kind, sortkey FROM files", check - decided
            )
            if kind == "thread" or "memory" not in kinds  # memory/ listed names its own
        ]
        report = index.update(
            listed, now, check=check, complete=kinds - {"thread"}, gone=gone, deadline=deadline
        )
    if report.left:
        report.swept = False
        return report
    if index.garbage_heavy():
        index.close()
        assert index.redactor is not None
        fresh = open_index(ws, notes, index.redactor, rebuild=True)
        index.conn, index.words = fresh.conn, fresh.words
        listed, odd_names = _listing(ws)
        report = index.update(listed, now)
        report.rebuilt = report.swept = True
    # Each folder listed: its stamp, when, and its odd entries, among them the files of
    # it the update could not read (no row: a search must read them itself).
    for rel in index.unread:
        folder, _, name = rel.rpartition("/")
        if folder in odd_names and name not in odd_names[folder]:
            odd_names[folder].append(name)
    try:
        kept = dict(json.loads(index.meta("listings") or "{}"))
    except (TypeError, ValueError):  # not this memctl's: the folders not listed now are not kept
        kept = {}
    for folder, names in odd_names.items():
        kept[folder] = [*stamps[folder], now_ns, sorted(names)]
    with index.conn:
        index.set_meta("folders", json.dumps(folders))
        index.set_meta("listings", json.dumps(kept))
        if report.swept:
            index.set_meta("swept", str(now_ns))
    if report.swept:
        vacuum_free_pages(index.conn)
    if written or overflow:
        # Read and applied under the lock that every journalled write takes.
        with contextlib.suppress(OSError):  # ELOOP: a symlink, never followed out
            fd = os.open(ws.state_dir / JOURNAL_NAME, os.O_WRONLY | os.O_NOFOLLOW)
            try:
                os.ftruncate(fd, 0)
            finally:
                os.close(fd)
    return report


def stale_files(ws: Workspace, indexed: dict[str, FileRow]) -> int:
    """How many files changed since the index was last brought up to date (the next
    search indexes them): new, gone, or with another size, mtime or inode. Stats every
    file: for `status`, not for the check before a search."""
    rows = dict(indexed)
    stale = 0
    for item in listed_files(ws):
        row = rows.pop(item.rel, None)
        try:
            st = os.stat(item.path)
        except OSError:
            continue
        # A file stamped one nanosecond early is one the next update only looks at
        # again (`durable.RACY_NS`), not a change.
        if (
            row is None
            or (row.size, row.inode) != (st.st_size, st.st_ino)
            or row.mtime_ns not in (st.st_mtime_ns, st.st_mtime_ns - 1)
        ):
            stale += 1
    return stale + len(rows)
