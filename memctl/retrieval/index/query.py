"""Reading the index: the candidates of a search, checked with the scan's own rule, and
what the index holds (for `status`).

The trigram table finds every record that could match (a superset: trigrams in any
order); each candidate is read back from its file and matched as the scan matches it,
so the index decides how fast search is, never what it finds. A search run is handed
in as a `Scan` (search's own scanner fits it), which also reads every file the index
cannot vouch for.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import zlib
from collections.abc import Iterator
from typing import Any, NamedTuple, Protocol

from memctl.core.redact import Redactor
from memctl.core.workspace import Workspace
from memctl.retrieval.corpus import Fence, File, Hit, Skipped, chomp, record_matches
from memctl.retrieval.index.freshness import fresh_index
from memctl.retrieval.index.store import (
    BAD_LINE,
    FileRow,
    Index,
    IndexUnavailable,
    mark_stale,
)


class Plan(Protocol):
    """The query as a search run holds it."""

    @property
    def mode(self) -> str: ...

    @property
    def keywords(self) -> tuple[str, ...]: ...


class Found(Protocol):
    """Where a search run keeps what it found."""

    hits: list[Hit]
    skipped: list[Skipped]
    notes: list[str]


class Scan(Protocol):
    """A search run (search's `_Scan`): what `indexed_search` needs of it."""

    @property
    def plan(self) -> Plan: ...

    @property
    def result(self) -> Found: ...

    @property
    def redactor(self) -> Redactor | None:
        """What each record is redacted with before it is matched (None: as written)."""
        ...

    @property
    def done(self) -> bool:
        """Enough hits are found: stop."""
        ...

    def flush(self) -> None:
        """A file is finished: its hits stand."""

    def memory_line(self, rel: str, number: int, text: str) -> None:
        """A memory line found: a hit if it holds the query as shown."""

    def read(self, file: File) -> None:
        """Search one whole file without the index."""

    def entry(self, rel: str, index: int, line: str) -> None:
        """Check one log line that may match, appending its hit or skip."""


def trigram_query(keywords: list[str], mode: str) -> str | None:
    """The FTS5 expression whose rows are a superset of the records matching, or None
    when the trigram index cannot narrow the search (a keyword under 3 characters in
    phrase or any mode, no keyword of 3 or more in all mode)."""
    groups = []
    for keyword in keywords:
        if len(keyword) < 3:
            if mode == "all":
                continue
            return None
        grams = dict.fromkeys(keyword[i : i + 3] for i in range(len(keyword) - 2))
        try:
            "".join(grams).encode("utf-8")
        except UnicodeEncodeError:
            return None
        quoted = ['"' + gram.replace('"', '""') + '"' for gram in grams]
        groups.append("(" + " AND ".join(quoted) + ")")
    if not groups:
        return None
    return (" OR " if mode == "any" else " AND ").join(groups)


def candidates(
    conn: sqlite3.Connection, expression: str
) -> Iterator[tuple[str, int, int, int, int, int]]:
    """(file sortkey, number, start, len, flag, crc) of the records whose trigrams match
    `expression`, in search's order."""
    return conn.execute(
        "SELECT f.sortkey, r.number, r.start, r.len, r.flag, r.crc FROM tri "
        "JOIN records r ON r.id = tri.rowid JOIN files f ON f.id = r.file "
        "WHERE tri MATCH ? ORDER BY f.sortkey, r.start",
        (expression,),
    )


def indexed_search(ws: Workspace, scan: Scan, files: list[File], fence: Fence) -> bool:
    """Run `scan`'s search over `files` with the index finding the candidates, each
    checked with the scan's own rule; a file the index cannot vouch for (not indexed,
    not UTF-8, changed since) is scanned. False, with nothing done, when the index
    cannot serve this query or this run: the caller scans."""
    result = scan.result
    if scan.redactor is None:
        # The index holds the text redacted: a search of the text as written (redaction
        # off, --no-redact) could not find what a secret's span holds. It scans.
        return False
    expression = trigram_query(list(scan.plan.keywords), scan.plan.mode)
    if expression is None:
        return False
    try:
        opened = fresh_index(ws, result.notes, redactor=scan.redactor)
        index, _ = opened.__enter__()
    except IndexUnavailable:
        return False
    done = 0
    hits_mark = skipped_mark = 0
    stale: set[str] = set()
    try:
        index.conn.execute("BEGIN")  # one snapshot of the index for the whole search
        rows = {
            rel: (key, inode, offset, problem)
            for rel, key, inode, offset, problem in index.conn.execute(
                "SELECT rel, sortkey, inode, offset, problem FROM files"
            )
        }
        cursor = candidates(index.conn, expression)
        pending = next(cursor, None)
        for file in files:
            if scan.done:
                break
            hits_mark, skipped_mark = len(result.hits), len(result.skipped)
            reason = fence.refused(file)
            if reason is not None:
                result.skipped.append(Skipped(file.rel, reason))
                done += 1
                continue
            row = rows.get(file.rel)
            if row is None or row[3] is not None:
                scan.read(file)
                scan.flush()
                done += 1
                continue
            key = row[0]
            mine = []
            while pending is not None and pending[0] <= key:
                if pending[0] == key:
                    mine.append(pending)
                pending = next(cursor, None)
            if mine and not _verify(scan, file, row[1], row[2], mine, stale):
                del result.hits[hits_mark:]
                del result.skipped[skipped_mark:]
                scan.read(file)
            scan.flush()
            done += 1
    except sqlite3.Error as exc:
        result.notes.append(f"the search index failed ({exc}); searching the files")
        del result.hits[hits_mark:]
        del result.skipped[skipped_mark:]
        for file in files[done:]:
            if scan.done:
                break
            reason = fence.refused(file)
            if reason is not None:
                result.skipped.append(Skipped(file.rel, reason))
            else:
                scan.read(file)
            scan.flush()
    finally:
        with contextlib.suppress(sqlite3.Error):
            index.conn.execute("COMMIT")
        opened.__exit__(None, None, None)
    mark_stale(ws, stale)
    return True


_SPAN_BYTES = 1 << 20
"""The most `_verify` reads at once for a file's candidates."""


def _verify(
    scan: Scan,
    file: File,
    inode: int,
    offset: int,
    found: list[tuple[Any, ...]],
    stale: set[str],
) -> bool:
    """Check one file's candidates, appending its hits; False when the file is no
    longer the one indexed (then the caller scans it). A record whose bytes no longer
    have the CRC indexed (the file rewritten in place, its size, mtime and inode kept)
    puts the file in `stale`, read again by the next update."""
    try:
        fd = os.open(file.path, os.O_RDONLY)
    except OSError:
        return False
    try:
        st = os.fstat(fd)
        if st.st_ino != inode or st.st_size < offset:
            return False
        keywords = list(scan.plan.keywords)
        mode = scan.plan.mode
        # One read for the stretch that holds them all when it is at most a megabyte: a
        # query matching every line of a file made a system call a line.
        low, high = found[0][2], found[-1][2] + found[-1][3]
        span = os.pread(fd, high - low, low) if high - low <= _SPAN_BYTES else None
        for _, number, start, size, flag, crc in found:
            if span is None:
                raw = os.pread(fd, size, start)
            else:
                raw = span[start - low : start - low + size]
            if zlib.crc32(raw) != crc:
                stale.add(file.rel)
                return False
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError:
                return False
            if file.kind == "memory":
                scan.memory_line(file.rel, number, chomp(line))
            elif not flag & BAD_LINE or record_matches(line.lower(), keywords, mode):
                scan.entry(file.rel, number, line)
            if scan.done:
                break
    finally:
        os.close(fd)
    return True


class Contents(NamedTuple):
    """What the index holds, read without writing it."""

    files: dict[str, FileRow]
    records: int
    updated: str | None


def contents(ws: Workspace, conn: sqlite3.Connection) -> Contents:
    """The index's files, its record count and when it was last updated, through `conn`
    (which may be read-only: `store.read_only`)."""
    index = Index(ws, conn)
    files = index.files()
    (records,) = conn.execute("SELECT count(*) FROM records").fetchone()
    return Contents(files, records, index.meta("updated") or None)
