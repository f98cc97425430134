"""Reading the index: the candidates of a search, checked with the scan's own rule, and
what the index holds (for `status`).

The trigram table finds every record that could match (a superset: trigrams in any
order); each candidate is read back from its file and matched as the scan matches it,
so the index decides how fast search is, never what it finds. A search run is handed
in as a `Scan` (search's own scanner fits it), which also reads every file the index
cannot vouch for. The files searched are named by the index while its listing of each
folder stands (`_from_index`), else listed (`_from_listing`).
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import sqlite3
import zlib
from collections.abc import Callable, Collection, Generator, Iterator
from operator import itemgetter
from typing import Any, NamedTuple, Protocol

from memctl.core.redact import Redactor
from memctl.core.workspace import Workspace
from memctl.retrieval.corpus import (
    Fence,
    File,
    Hit,
    Listing,
    Skipped,
    chomp,
    fold,
    memory_md_file,
    odd_files,
    record_matches,
)
from memctl.retrieval.index.freshness import fresh_index, listings
from memctl.retrieval.index.store import (
    BAD_LINE,
    CLEAN,
    TRIGRAMS,
    FileRow,
    Index,
    IndexUnavailable,
    mark_stale,
    sortkey,
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

    def memory_line(self, rel: str, number: int, text: str, clean: bool = False) -> None:
        """A memory line found: a hit if it holds the query as shown (`clean`: the
        index vouches that redaction leaves it as it is)."""

    def read(self, file: File) -> None:
        """Search one whole file without the index."""

    def entry(self, rel: str, index: int, line: str, clean: bool = False) -> None:
        """Check one log line that may match, appending its hit or skip (`clean`: the
        index vouches that redaction leaves its text as it is)."""

    @property
    def bounded(self) -> bool:
        """The run stops at some number of hits (a limit): `done` must be asked after
        each record. Unbounded, a file's records are handed over at once (`records`)."""
        ...

    def records(self, rel: str, memory: bool, found: list[tuple[int, str, int]]) -> None:
        """A file's candidates checked against the index, at once: (number, line as
        read, CLEAN flag), each as `memory_line` (after `chomp`) or `entry` takes it."""


COMMON_ROWS = 20_000
"""A trigram in at least this many records is common: left out of a keyword's lookup
when the keyword has a rarer one (each candidate is checked anyway). At 620 MB, ' ro'
and 'out' are in a million records each, and reading their lists made the lookup of
'blue-whale rollout' 60-170 ms where its rare trigrams alone take under 1 ms."""
PROBED_TRIGRAMS = 64
"""A query with more trigrams than this is looked up with all of them, unprobed."""


def trigram_query(
    keywords: list[str], mode: str, conn: sqlite3.Connection | None = None, kind: str = "memory"
) -> str | None:
    """The FTS5 expression whose rows are a superset of the records matching, or None
    when the trigram index cannot narrow the search (a keyword under 3 characters in
    phrase or any mode, no keyword of 3 or more in all mode). With `conn`, a keyword's
    common trigrams among `kind`'s records are left out when it has rarer ones
    (`COMMON_ROWS`)."""
    keyword_grams = []
    for keyword in keywords:
        if len(keyword) < 3:
            if mode == "all":
                continue
            return None
        grams = list(dict.fromkeys(keyword[i : i + 3] for i in range(len(keyword) - 2)))
        try:
            "".join(grams).encode("utf-8")
        except UnicodeEncodeError:
            return None
        keyword_grams.append(grams)
    if not keyword_grams:
        return None
    if conn is not None and sum(map(len, keyword_grams)) <= PROBED_TRIGRAMS and _large(conn):
        keyword_grams = [_rare(conn, TRIGRAMS[kind], grams) for grams in keyword_grams]
    groups = [
        "(" + " AND ".join('"' + gram.replace('"', '""') + '"' for gram in grams) + ")"
        for grams in keyword_grams
    ]
    return (" OR " if mode == "any" else " AND ").join(groups)


def _large(conn: sqlite3.Connection) -> bool:
    """Whether a trigram may be common here: not in an index of fewer than COMMON_ROWS
    records (most workspaces), where the probes (a count a trigram, 11 for "deploy
    window") could only find every one rare. The highest record id bounds the count
    from above, and is read from the end of its B-tree."""
    (last,) = conn.execute("SELECT max(id) FROM records").fetchone()
    return last is not None and last >= COMMON_ROWS


def _rare(conn: sqlite3.Connection, table: str, grams: list[str]) -> list[str]:
    """The trigrams of `grams` in fewer than COMMON_ROWS records of `table`, or all of
    them when every one is common. Counting stops at COMMON_ROWS: a probe reads at most
    that much of a trigram's list."""
    if len(grams) == 1:
        return grams
    rare = []
    for gram in grams:
        (rows,) = conn.execute(
            f"SELECT count(*) FROM (SELECT 1 FROM {table} WHERE {table} MATCH ? LIMIT ?)",
            ('"' + gram.replace('"', '""') + '"', COMMON_ROWS),
        ).fetchone()
        if rows < COMMON_ROWS:
            rare.append(gram)
    return rare or grams


Candidate = tuple[str, int, int, int, int, int, int, int]
"""(file rel, its inode, its indexed offset, record number, start, len, flag, crc)"""


def kind_queries(
    conn: sqlite3.Connection, keywords: list[str], mode: str, kinds: Collection[str]
) -> dict[str, str]:
    """The FTS5 expression for each of `kinds`, in search's order, its common trigrams
    probed in that kind's own table."""
    queries = {}
    for kind in TRIGRAMS:
        if kind in kinds:
            expression = trigram_query(keywords, mode, conn, kind)
            assert expression is not None, "a query the index cannot serve is scanned"
            queries[kind] = expression
    return queries


def candidates(
    conn: sqlite3.Connection, queries: dict[str, str], named: list[File] | None = None
) -> Generator[Candidate]:
    """The records whose trigrams match `queries` (`kind_queries`), in search's order,
    each with its file's rel, inode and indexed offset; each kind from its own trigram
    table (a memory search finds, looks up and reads back no thread record), and the
    logs' only of those `named` (`--thread`) when they are few."""
    few = named is not None and len(named) <= FEW_FILES
    for kind, expression in queries.items():
        names = json.dumps([file.rel for file in named or ()]) if few and kind == "thread" else None
        table = TRIGRAMS[kind]
        sql = (
            "SELECT f.rel, f.inode, f.offset, r.number, r.start, r.len, r.flag, r.crc "
            f"FROM {table} JOIN records r ON r.id = {table}.rowid "
            f"JOIN files f ON f.id = r.file WHERE {table} MATCH ? AND f.problem IS NULL"
        )
        parameters: list[Any] = [expression]
        if names is not None:
            sql += " AND f.rel IN (SELECT value FROM json_each(?))"
            parameters.append(names)
        yield from conn.execute(sql + " ORDER BY f.sortkey, r.start", parameters)


FEW_FILES = 64
"""A search of at most this many files (`--thread`) asks only for their records."""

_END = "3"
"""A sort key after every file's (`store.sortkey`: 0, 1 or 2 and more)."""


class _Order(NamedTuple):
    """Where a search's files come from: the files the index may not answer for, in
    search's order by sort key (each other one is either a candidate's or holds no
    match), the file of a candidate's rel with its sort key (None: not searched here),
    the names the index vouches for among them, and the files after a sort key, listed
    (the index failed half-way)."""

    own: list[tuple[str, File]]
    place: Callable[[str], tuple[str, File] | None]
    vouched: set[str]
    after: Callable[[str], list[File]]


def _from_listing(conn: sqlite3.Connection, listing: Listing, fence: Fence) -> _Order:
    """The order from the folders listed now (`Listing.files`), matched against the
    index's names: when the index's own listing of a folder no longer stands
    (`_from_index` gives None)."""
    files = listing.files()
    (names,) = conn.execute(
        "SELECT group_concat(rel, char(10)) FROM files WHERE problem IS NULL"
    ).fetchone()
    vouched = set(names.split("\n")) if names else set()
    plain = {folder: fence.stands(folder) for folder in {file.folder for file in files}}
    own = [
        (sortkey(file.kind, file.rel), file)
        for file in files
        if file.rel not in vouched or file.symlink or not file.regular or not plain[file.folder]
    ]
    where = {file.rel: file for file in files}

    def place(rel: str) -> tuple[str, File] | None:
        file = where.get(rel)
        return None if file is None else (sortkey(file.kind, rel), file)

    def after(done: str) -> list[File]:
        return [file for file in files if sortkey(file.kind, file.rel) > done]

    return _Order(own, place, vouched, after)


def _from_index(ws: Workspace, index: Index, listing: Listing, fence: Fence) -> _Order | None:
    """The order without listing the folders, when the index's last listing of each
    still stands (`freshness.listings`) and each is where it stands (`Fence.stands`):
    the files the index may not answer for are then its odd entries (looked at again;
    among them the files it could not read), the files with a problem (not text) and
    MEMORY.md when it is a symlink or not indexed; each
    other file of those folders has a row and is either a candidate's or holds no
    match. None: list them (`_from_listing`)."""
    folders = listing.folders()
    if listing.named is not None or not all(fence.stands(folder) for folder in folders):
        return None
    odd = listings(ws, index, folders)
    if odd is None:
        return None
    mine: dict[str, File] = {}
    for folder, names in odd.items():
        mine.update((file.rel, file) for file in odd_files(ws, folders[folder], folder, names))
    prefix = os.fspath(ws.root) + os.sep
    memory_md = memory_md_file(ws) if listing.memory else None
    if memory_md is not None:
        mine["MEMORY.md"] = memory_md
    for rel, kind in index.conn.execute("SELECT rel, kind FROM files WHERE problem IS NOT NULL"):
        folder = rel.rpartition("/")[0]
        if folder in folders and rel not in mine:
            mine[rel] = File(kind, prefix + rel, rel, folder, False)
    vouched = {
        rel
        for rel, problem in index.by_rel("SELECT rel, problem FROM files", mine)
        if problem is None
    }
    own = sorted(
        (sortkey(file.kind, rel), file)
        for rel, file in mine.items()
        if rel not in vouched or file.symlink or not file.regular
    )

    def place(rel: str) -> tuple[str, File] | None:
        file = mine.get(rel)
        if file is None:
            folder = rel.rpartition("/")[0]
            kind = folders.get(folder)
            if kind is None:  # MEMORY.md not listed, memory/archive/ not asked for
                return None
            file = File(kind, prefix + rel, rel, folder, False)
        return sortkey(file.kind, rel), file

    def after(done: str) -> list[File]:
        return [file for file in listing.files() if sortkey(file.kind, file.rel) > done]

    return _Order(own, place, vouched, after)


def indexed_search(ws: Workspace, scan: Scan, listing: Listing, fence: Fence) -> bool:
    """Run `scan`'s search over the files of `listing` with the index finding the
    candidates, each checked with the scan's own rule; a file the index cannot vouch for
    (not indexed, not UTF-8, changed since) is scanned. False, with nothing done, when
    the index cannot serve this query or this run: the caller scans.

    Python's work is the candidates' and the few files the index does not answer for
    (refused by the fence, not indexed, not text), not a step a file: 56,521 files
    stepped through one by one cost 0.5 s of a search at 620 MB, and listing them 0.15 s
    (taken from the index while its listing of each folder stands: `_from_index`)."""
    result = scan.result
    if scan.redactor is None:
        # The index holds the text redacted: a search of the text as written (redaction
        # off, --no-redact) could not find what a secret's span holds. It scans.
        return False
    keywords = list(scan.plan.keywords)
    if trigram_query(keywords, scan.plan.mode) is None:
        return False
    try:
        opened = fresh_index(ws, result.notes, redactor=scan.redactor)
        index, _ = opened.__enter__()
    except IndexUnavailable:
        return False
    done = ""  # the sort key of the last file searched
    hits_mark = skipped_mark = 0
    stale: set[str] = set()
    order = None
    rows: Generator[Candidate] | None = None
    try:
        conn = index.conn
        conn.execute("BEGIN")  # one snapshot of the index for the whole search
        order = _from_index(ws, index, listing, fence) or _from_listing(conn, listing, fence)
        own = [*order.own, (_END, None)]
        next_own = 0
        kinds = ["memory"] if listing.memory else []
        kinds += ["thread"] if listing.threads else []
        queries = kind_queries(conn, keywords, scan.plan.mode, kinds)
        rows = candidates(conn, queries, listing.named)
        groups = _groups(rows, order.place)
        for key, file, group in itertools.chain(groups, [(_END, None, [])]):
            while own[next_own][0] < key and not scan.done:
                done, mine = own[next_own]
                assert mine is not None
                _own(scan, mine, fence, order.vouched)
                scan.flush()
                next_own += 1
                hits_mark, skipped_mark = len(result.hits), len(result.skipped)
            if scan.done or file is None:
                break
            searched = True
            if own[next_own][0] == key:  # refused, or not vouched, or a symlink
                next_own += 1
                searched = _own(scan, file, fence, order.vouched)
            if searched and not _verify(scan, file, group[0][1], group[0][2], group, stale):
                del result.hits[hits_mark:]
                del result.skipped[skipped_mark:]
                scan.read(file)
            scan.flush()
            done = key
            hits_mark, skipped_mark = len(result.hits), len(result.skipped)
    except sqlite3.Error as exc:
        result.notes.append(f"the search index failed ({exc}); searching the files")
        del result.hits[hits_mark:]
        del result.skipped[skipped_mark:]
        rest = order.after(done) if order is not None else listing.files()
        for file in rest:
            if scan.done:
                break
            reason = fence.refused(file)
            if reason is not None:
                result.skipped.append(Skipped(file.rel, reason))
            else:
                scan.read(file)
            scan.flush()
    finally:
        # A search stopped at its limit leaves the rows' cursor suspended: closed here,
        # on an open connection, not when the generator is collected after it is shut.
        if rows is not None:
            with contextlib.suppress(sqlite3.Error):
                rows.close()
        with contextlib.suppress(sqlite3.Error):
            index.conn.execute("COMMIT")
        opened.__exit__(None, None, None)
    mark_stale(ws, stale)
    return True


_SPAN_BYTES = 1 << 20
"""The most `_verify` reads at once for a file's candidates."""


def _groups(
    rows: Iterator[Candidate], place: Callable[[str], tuple[str, File] | None]
) -> Iterator[tuple[str, File, list[Candidate]]]:
    """The candidates of each file searched, with its sort key and `File`. The rows come
    file by file (ordered by the file's sort key, one a file): `groupby` cuts them in C,
    and a file's place is looked up once, not a row (139,461 rows of a common phrase)."""
    for rel, group in itertools.groupby(rows, itemgetter(0)):
        found = place(rel)
        if found is not None:  # else a file not searched here (memory/archive/ unasked)
            yield found[0], found[1], list(group)


def _own(scan: Scan, file: File, fence: Fence, vouched: set[str]) -> bool:
    """A file the index may not answer for: refused by the fence (reported), or not
    indexed (scanned). True when it is indexed and the fence lets it through (a symlink
    inside the workspace): its candidates answer for it."""
    reason = fence.refused(file)
    if reason is not None:
        scan.result.skipped.append(Skipped(file.rel, reason))
        return False
    if file.rel not in vouched:
        scan.read(file)
        return False
    return True


def _verify(
    scan: Scan,
    file: File,
    inode: int,
    offset: int,
    found: list[Candidate],
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
        rel, memory = file.rel, file.kind == "memory"
        # One read for the stretch that holds them all when it is at most a megabyte: a
        # query matching every line of a file made a system call a line.
        low, high = found[0][4], found[-1][4] + found[-1][5]
        span = os.pread(fd, high - low, low) if high - low <= _SPAN_BYTES else None
        if span is not None and not scan.bounded:
            return _verify_span(scan, file, span, low, found, stale)
        for _, _, _, number, start, size, flag, crc in found:
            if span is None:
                raw = os.pread(fd, size, start)
            else:
                raw = span[start - low : start - low + size]
            if zlib.crc32(raw) != crc:
                stale.add(rel)
                return False
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError:
                return False
            # The bytes are those indexed (the CRC above) and the patterns the index's
            # (`fresh_index` rebuilds it for others): its CLEAN flag stands.
            clean = bool(flag & CLEAN)
            if memory:
                scan.memory_line(rel, number, chomp(line), clean)
            elif not flag & BAD_LINE or _raw_matches(scan.plan, line):
                scan.entry(rel, number, line, clean)
            if scan.done:
                break
    finally:
        os.close(fd)
    return True


def _verify_span(
    scan: Scan, file: File, span: bytes, low: int, found: list[Candidate], stale: set[str]
) -> bool:
    """`_verify`'s loop for a run with no limit (`--limit 0`, a pipe: 1,048,382 hits for
    `any` at 620 MB): every candidate's bytes are checked as there (CRC, UTF-8), then
    the file's records go to the scan in one call (`Scan.records`), not one call, and
    one `done`, a record. A record failing a check fails the file before any of its
    records is handed over, where the loop took back what it had handed over: the
    same outcome."""
    rel, memory = file.rel, file.kind == "memory"
    checked: list[tuple[int, str, int]] = []
    append, crc32 = checked.append, zlib.crc32
    for _, _, _, number, start, size, flag, crc in found:
        raw = span[start - low : start - low + size]
        if crc32(raw) != crc:
            stale.add(rel)
            return False
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            return False
        if not memory and flag & BAD_LINE and not _raw_matches(scan.plan, line):
            continue
        append((number, line, flag & CLEAN))
    scan.records(rel, memory, checked)
    return True


def _raw_matches(plan: Plan, line: str) -> bool:
    """Whether a line that is no entry (indexed raw, to be reported) holds the query."""
    return record_matches(fold(line), list(plan.keywords), plan.mode)


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
