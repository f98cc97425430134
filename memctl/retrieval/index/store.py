"""The index's SQLite file: its schema, opening it, and every write to it.

`.memctl/index.sqlite` holds, for every memory file and thread log, the records it is
made of (one line of a memory file, one entry of a log) as file offsets, and two indexes
of their text: `tri_memory` and `tri_thread` (FTS5 trigram tables, one a kind of file,
over the text lower-cased as search lower-cases it) find candidates for `search`, and
`postings` (porter over unicode61 without diacritics, CJK as bigrams:
`memctl.retrieval.index.postings`) ranks them for `recall`. The text indexed is the text
as shown, redacted with the workspace's patterns: a contentless FTS5 table still stores
every token, and the postings every word, so raw text would put each secret in the file
(a trigram of each 3 characters, a word whole), and a query could match inside a span
that search shows redacted. A change of the patterns (their digest is in `meta`)
rebuilds the index. Neither stores the text, and a candidate is read back from its file
and checked with the scan's own rule, so the index can only make search faster, never
change what it finds. Deleting the file loses nothing; a corrupt one is rebuilt.

An update is incremental. Each file's fingerprint (size, mtime, inode, a hash of its
first bytes and of the bytes before the indexed end) says whether it is unchanged,
appended to (dailies and logs only grow: the bytes after the recorded offset are
indexed; a memory file a secret may cross lines of, a private key or a project's own
pattern, is indexed again whole, as it is redacted whole), renamed (archive: same inode,
new name) or rewritten (consolidate, a hand edit: its records are dropped and it is
indexed again). A file stat'ed within its file system's timestamp granularity of its
last change is looked at again by the next update (`durable.RACY_NS`): a same-size rewrite in
that tick keeps the stamp. SQLite 3.40's contentless FTS5 tables cannot delete rows, so
dropped records leave their FTS rows (and their postings) behind as garbage:
`records` is the file->rowid table every lookup joins, so a garbage row is never a hit,
and the index is rebuilt when garbage outweighs what is live. Which files an update
looks at is `freshness`'s business.

Writes happen under the workspace lock, in one transaction each, in WAL mode, so
readers never block writers and a killed update leaves the index as it was before it.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import json
import os
import re
import shlex
import sqlite3
import stat
import time
import unicodedata
import zlib
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple

from memctl.core.durable import recorded_mtime
from memctl.core.lexicon import HAN, HAN_SUPPLEMENTARY, HANGUL, KANA
from memctl.core.redact import Redactor, compile_patterns, pattern_flags
from memctl.core.threads import repeats_summary, searchable_text
from memctl.core.workspace import DAILY_NAME, TEXT_ENCODING, Workspace
from memctl.retrieval.corpus import chomp, fold
from memctl.retrieval.index import postings

INDEX_NAME = "index.sqlite"
SCHEMA_VERSION = "12"  # 2: the word table has a speaker column (recall's BM25F); 3: crc;
# 4: the text indexed is redacted (an index of 3 holds secrets: rebuilt); 5: recall's own
# postings in place of the FTS5 word table (issue 26, goal 3); 6: the CLEAN flag; 7: a
# memory file a secret may cross lines of is redacted whole on an append too (an index of
# 6 may hold a key's appended body as plain lines flagged CLEAN: rebuilt); 8: a trigram
# table a kind of file (`TRIGRAMS`); 9: an imported compaction record, the summary message
# before it again, is not indexed (one summary, one hit), and the words are NFKC-folded
# (`as_words`: fullwidth letters); 10: the trigram text is folded as search folds it
# (`corpus.fold`: "Inês" is "ines"; an index of 9 would miss it: rebuilt); 11: the trigram
# text is case-folded (ß is ss) with NFD's combining accents dropped, the words' ß is ss,
# and a memory file's byte order mark is no text (an index of 10 misses "strasse" in
# "Straße" and "Muller" in an NFD "Müller": rebuilt, audit 17 M1-M3); 12: a run of
# plane 3's ideographs (extensions G and H) is read as character pairs like plane 2's (an
# index of 11 holds such a run as one word, which a query of two of them misses)
HEAD_BYTES = 4096
TAIL_BYTES = 256
READ_BYTES = 8 << 20
# An update bounded by a deadline (the prompt hook's recall) reads this much at a time,
# so that it stops close to the deadline: 8 MB of a log took 9 s to index.
BOUNDED_READ_BYTES = 256 << 10
# An update commits what it has indexed once this much is read since its last commit, a
# file part-way if need be: a process killed mid-update (a hook past the agent's timeout)
# keeps the batches before it, and the next update goes on from there.
BATCH_BYTES = 32 << 20
# What `Redactor.spans_lines` looks for in a file's bytes (a private key's first line).
_SPANNING_MARK = b"-----BEGIN"
# Flags of a record.
BAD_LINE = 1  # a log line that is no entry: its raw text is indexed, to report it
TAIL = 2  # the last line had no newline yet: dropped and indexed again on the next append
# Redaction leaves the record as it is (the record as search redacts it: a memory line
# alone, an entry's searchable text), so search shows it without redacting it again: 5-15
# µs a hit, most of a hit's cost at 620 MB (issue 26, goal 4). It holds for the patterns
# the index was written with, which are the search's (their digest in `meta`: other
# patterns rebuild the index), and for the bytes indexed (their CRC is checked first). A
# record without it (one with a secret, an index of an older schema) is redacted.
CLEAN = 4

# CJK ideographs, kana and hangul: unicode61 makes a whole run of them one token, so
# `words` indexes each run as overlapping bigrams (how Lucene's CJK analyser does it).
# Kept as text and compiled on first use (re's cache): its character set took 1 ms to
# compile, which a search of an index that needs no update never uses.
_CJK_RUN = f"[{KANA}{HAN}{HANGUL}{HAN_SUPPLEMENTARY}]+"


def as_words(text: str) -> str:
    """`text` as the word index reads it, and recall's query with it: NFKC-folded (a
    fullwidth `ＤＥＡＤＬＩＮＥ` or `１２` is `DEADLINE`, `12`; unicode61 leaves them as
    they are), with every CJK run of three or more characters spelled as its bigrams. An
    ASCII text, most records, is returned as it is at the cost of `isascii`. NFKC also
    composes an NFD text ("Mu" and U+0308 is "Mü"), and ß is written "ss", as
    `str.casefold` does, so "GRÖSSE" finds "Größe" (the tokenizer folds case and drops
    accents, but keeps ß)."""
    if text.isascii():
        return text
    text = unicodedata.normalize("NFKC", text).replace("ß", "ss").replace("ẞ", "SS")

    def split(match: re.Match[str]) -> str:
        run = match.group()
        if len(run) < 3:
            return f" {run} "
        return " " + " ".join(run[i : i + 2] for i in range(len(run) - 1)) + " "

    return re.sub(_CJK_RUN, split, text)


def one_cjk(term: str) -> bool:
    """A query term of one CJK character: no bigram, so no word of the index but where
    a run is that character alone (recall looks up the words it begins instead)."""
    return len(term) == 1 and re.fullmatch(_CJK_RUN, term) is not None


def redaction_digest(redactor: Redactor) -> str:
    """What the text in the index was redacted with (each pattern's kind, regex and
    flags, and the code that applies them): another digest means the index holds text
    redacted differently, rebuilt. The code counts because a record found unchanged by
    redaction is flagged CLEAN and shown without being redacted again: a memctl whose
    redact.py redacts more (a new check on a value) must not trust an older index's
    flags. CRC-32 and Adler-32 tell a changed configuration, all that is asked; hashlib
    would cost a search's start-up 15 ms (see `_fingerprint_bytes`)."""
    spec = json.dumps([(kind, r, pattern_flags(r)) for kind, r in redactor.patterns]).encode()
    spec += _redaction_code()
    return f"{zlib.crc32(spec):08x}{zlib.adler32(spec):08x}"


@functools.cache
def _redaction_code() -> bytes:
    """The source of memctl.core.redact (read once a process), or, where it cannot be
    read (a frozen application), memctl's version."""
    from memctl import __version__
    from memctl.core import redact

    try:
        return Path(redact.__file__).read_bytes()
    except (OSError, TypeError):
        return __version__.encode()


def index_redactor(redactor: Redactor | None) -> Redactor:
    """The redactor an index is written with: `redactor`, or the built-in patterns."""
    return redactor if redactor is not None else compile_patterns()


def index_path(ws: Workspace) -> Path:
    return ws.state_dir / INDEX_NAME


def index_unusable(ws: Workspace) -> str | None:
    """What keeps SQLite from using the index's path that no rebuild mends, with what
    to do (for status and doctor); None when it is a file this user can read and write,
    or is not there (the next search builds it). A directory, or anything else not a
    regular file, is never removed by memctl, which made none of it: search reads the
    files without it and recall fails until it is gone. A symlink is not named here:
    opening it removes the link and makes the index again (`_connect`)."""
    path = index_path(ws)
    rel = ws.relative(path)
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"{rel} cannot be examined ({exc.strerror or exc})"
    quoted = shlex.quote(str(path))
    if stat.S_ISLNK(mode):
        return None
    if stat.S_ISDIR(mode):
        return (
            f"{rel} is a directory, not the search index: remove it (rm -r {quoted}); "
            "the next search builds the index"
        )
    if not stat.S_ISREG(mode):
        return (
            f"{rel} is not a regular file: remove it (rm {quoted}); "
            "the next search builds the index"
        )
    if not os.access(path, os.R_OK | os.W_OK):
        return (
            f"{rel} cannot be read and written by this user: give it back its permissions "
            f"(chmod u+rw {quoted}) or remove it; the next search builds the index"
        )
    return None


# How long a write waits for another connection's lock on the index before it fails
# ("database is locked"): only a program other than memctl holds one that long.
BUSY_SECONDS = 30.0
# SQLite's primary result codes that say nothing about the file's contents: permission,
# busy, locked, out of memory, read-only, I/O error, disk full, cannot open.
_NOT_CORRUPTION = frozenset({3, 5, 6, 7, 8, 10, 13, 14})


def corrupt(exc: sqlite3.Error) -> bool:
    """Whether `exc` says the index is damaged (not a database, malformed, a table gone,
    a meta row this memctl never writes), so it may be deleted and rebuilt. A full disk,
    an I/O error or a database another program holds locked is not: deleting a good
    index for them loses it, and a rebuild would fail the same way."""
    if not isinstance(exc, sqlite3.DatabaseError):
        return False
    code = getattr(exc, "sqlite_errorcode", None)
    return code is None or code & 0xFF not in _NOT_CORRUPTION


class IndexUnavailable(Exception):
    """The index cannot serve this run (no trigram tokenizer, the lock is busy, the
    folder is read-only): search scans instead."""


class FileRow(NamedTuple):
    id: int
    rel: str
    kind: str
    sortkey: str
    size: int
    mtime_ns: int
    inode: int
    head: bytes
    tail: bytes
    offset: int
    lines: int
    problem: str | None


class Listed(NamedTuple):
    """A file that should be in the index: where it is and how search orders it."""

    kind: str  # memory or thread
    path: str
    rel: str
    sortkey: str


@dataclass
class UpdateReport:
    """What an update did, for `memctl index` and the tests."""

    files: int = 0  # files listed: every one in a sweep, else those looked at
    checked: int = 0  # files stat'ed: the rest were trusted (see `freshness`)
    swept: bool = False  # every file was stat'ed
    indexed: int = 0  # files read (whole or their new bytes)
    appended: int = 0
    rewritten: int = 0
    renamed: int = 0
    removed: int = 0
    records: int = 0  # records added
    rebuilt: bool = False
    left: int = 0  # files the update's deadline left (part-)unindexed for the next one


# The kinds of file the index holds: a listing of every file names all of them.
EVERY_KIND = frozenset({"memory", "thread"})
TRIGRAMS = {"memory": "tri_memory", "thread": "tri_thread"}
"""Each kind's trigram table, in search's order (memory files sort before thread logs:
`sortkey`). One table a kind, so that a search of one kind (`--scope memory`, `threads`)
reads only that kind's trigram lists and looks up only its records: with one table the
memory scope's MATCH found every kind's 139,461 records at 620 MB, each looked up in
`records` and `files` before the kind filter dropped 86,983 of them. Record ids stay one
sequence (recall's postings store them in ascending chunks)."""
# Names a `WHERE rel IN (...)` statement: far below SQLite's bound of variables.
_NAMES_A_STATEMENT = 500


def _utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def sortkey(kind: str, rel: str) -> str:
    """Search's order as one string SQLite sorts the same way: MEMORY.md, memory files
    by path, thread logs by id (not by file name: `a` comes before `a-b`)."""
    if kind == "thread":
        return "2" + rel.removeprefix("threads/").removesuffix(".jsonl")
    return "0" if rel == "MEMORY.md" else "1" + rel


_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files(
    id INTEGER PRIMARY KEY, rel TEXT UNIQUE NOT NULL, kind TEXT NOT NULL,
    sortkey TEXT NOT NULL, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,
    inode INTEGER NOT NULL, head BLOB NOT NULL, tail BLOB NOT NULL,
    offset INTEGER NOT NULL, lines INTEGER NOT NULL, problem TEXT);
CREATE TABLE IF NOT EXISTS records(
    id INTEGER PRIMARY KEY, file INTEGER NOT NULL, number INTEGER NOT NULL,
    start INTEGER NOT NULL, len INTEGER NOT NULL, flag INTEGER NOT NULL, ts INTEGER,
    crc INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS records_file ON records(file, start);
-- The few files the index holds no records of (not text): a search that takes its files
-- from the index asks for them (query._from_index) without a pass over every file's row.
CREATE INDEX IF NOT EXISTS files_problem ON files(kind) WHERE problem IS NOT NULL;
CREATE VIRTUAL TABLE IF NOT EXISTS tri_memory USING fts5(
    text, content='', tokenize='trigram case_sensitive 1', detail=none, columnsize=0);
CREATE VIRTUAL TABLE IF NOT EXISTS tri_thread USING fts5(
    text, content='', tokenize='trigram case_sensitive 1', detail=none, columnsize=0);
CREATE TABLE IF NOT EXISTS vectors(id INTEGER PRIMARY KEY, model TEXT NOT NULL, vec BLOB);
"""
_SCHEMA += postings.SCHEMA


def trigram_available() -> bool:
    """Whether this SQLite has FTS5 with the trigram tokenizer (3.34+); without it
    search scans, as before the index."""
    try:
        probe = sqlite3.connect(":memory:")
        try:
            probe.execute("CREATE VIRTUAL TABLE t USING fts5(x, tokenize='trigram')")
        finally:
            probe.close()
    except sqlite3.Error:
        return False
    return True


def _fingerprint_bytes(fd: int, offset: int) -> tuple[bytes, bytes]:
    """Hashes of the first bytes of the file and of the bytes just before `offset`."""
    head = os.pread(fd, min(offset, HEAD_BYTES), 0) if offset else b""
    tail_start = max(0, offset - TAIL_BYTES)
    tail = os.pread(fd, offset - tail_start, tail_start) if offset else b""
    # CRC-32 tells a rewrite from an append, which is all it is asked; it is in zlib,
    # which Python has loaded already, where hashlib costs a search's start-up 15 ms.
    return zlib.crc32(head).to_bytes(4, "big"), zlib.crc32(tail).to_bytes(4, "big")


def _timestamp(value: Any) -> int | None:
    if not isinstance(value, str):
        return None
    try:
        stamp = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    try:
        return int(stamp.timestamp())
    except (OverflowError, OSError, ValueError):
        return None


def _daily_ts(rel: str) -> int | None:
    match = DAILY_NAME.fullmatch(rel.rsplit("/", 1)[-1])
    if not match:
        return None
    try:
        year, month, day = (int(part) for part in match.groups())
        return int(datetime(year, month, day, 12).timestamp())
    except (ValueError, OverflowError, OSError):
        return None


class Index:
    """An open index. Use `open_index`; close it when done."""

    def __init__(self, ws: Workspace, conn: sqlite3.Connection, redactor: Redactor | None = None):
        self.ws = ws
        self.conn = conn
        # What the text is redacted with before it is indexed; only an index opened to
        # write (`open_index`) has one.
        self.redactor = redactor
        # The postings are written only once recall has been used: search alone needs
        # the trigrams, and the words would add a fifth to the index's size.
        self.words = self.meta("words") == "1"
        self._postings = postings.Pending()
        # An update's progress: bytes read since its last commit, the size of a read,
        # and whether the last file was read part-way (see `update`).
        self._read = 0
        self._step = READ_BYTES
        self._cut = False
        # The files listed that the last `update` could not stat or open: no row tells a
        # search that takes its files from the index about them (`freshness.listings`).
        self.unread: set[str] = set()

    def close(self) -> None:
        self.conn.close()

    # ------------------------------------------------------------------ reading
    def files(self, rels: Collection[str] | None = None) -> dict[str, FileRow]:
        """Every file's row, or only those of `rels` (looked up by name through the
        index on `rel`: an update of 2 files of 10,000 reads 2 rows)."""
        columns = (
            "SELECT id, rel, kind, sortkey, size, mtime_ns, inode, head, tail, offset, "
            "lines, problem FROM files"
        )
        rows = self.conn.execute(columns) if rels is None else self.by_rel(columns, rels)
        return {row[1]: FileRow(*row) for row in rows}

    def by_rel(self, select: str, rels: Collection[str]) -> Iterator[Any]:
        """The rows of `select` (a SELECT ... FROM files without WHERE) for `rels`, a
        few hundred names a statement (SQLite's variables a statement are bounded). A
        name that is no UTF-8 (a damaged journal line, decoded with surrogateescape)
        is no indexed file's: SQLite could not store it, nor be asked for it."""
        names = [name for name in rels if _utf8(name)]
        for at in range(0, len(names), _NAMES_A_STATEMENT):
            chunk = names[at : at + _NAMES_A_STATEMENT]
            marks = ",".join("?" * len(chunk))
            yield from self.conn.execute(f"{select} WHERE rel IN ({marks})", chunk)

    def meta(self, key: str, default: str = "") -> str:
        row = self.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else default

    def set_meta(self, key: str, value: str) -> None:
        """Within the caller's transaction."""
        self.conn.execute(
            "INSERT INTO meta(key, value) VALUES (?, ?) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    # ------------------------------------------------------------------ writing
    def update(
        self,
        listed: list[Listed],
        now: str,
        *,
        check: set[str] | None = None,
        complete: frozenset[str] = EVERY_KIND,
        gone: Collection[str] = (),
        deadline: float | None = None,
    ) -> UpdateReport:
        """Bring the index up to date with `listed` (call under the workspace lock).
        With `check`, an indexed file not named in it is trusted without a stat.
        `complete` holds the kinds of file (memory, thread) the listing names every
        one of: an indexed file of those kinds it does not name is removed. Of the
        other kinds it names only the files to look at (an update that listed again
        only the folder whose mtime changed, or none), and one of them that is missing
        is removed, as is each of `gone` (files the caller's own listing no longer
        names). Only the rows of the files listed are read from SQLite, so that an
        update of a few files costs the same in a workspace of 10,000.

        What is indexed is committed every BATCH_BYTES read, a file part-way if need be.
        With `deadline` (a `time.monotonic()` value), the update stops there: the memory
        files first (what the prompt hook searches), then the logs; a file read part-way
        keeps the offset it was read to (its row's size, with a stamp that matches no
        file's, so the next update reads on from there), and `report.left` counts the
        files left for the next update."""
        report = UpdateReport(files=len(listed))
        self.unread = set()
        before_ns = time.time_ns()  # before any stat (`recorded_mtime`)
        # The check runs before every search: tuples, not FileRows, for thousands of files.
        select = "SELECT rel, kind, size, mtime_ns, inode FROM files"
        if complete >= EVERY_KIND:
            rows: Iterable[Any] = self.conn.execute(select)
        else:
            # The kinds listed whole by kind (the only way to know an unnamed one), the
            # others by name.
            rows = itertools.chain(
                *(self.conn.execute(f"{select} WHERE kind = ?", (kind,)) for kind in complete),
                self.by_rel(
                    select,
                    [item.rel for item in listed if item.kind not in complete] + list(gone),
                ),
            )
        stamps: dict[str, tuple[int, int, int]] = {}
        expected: set[str] = set()  # the indexed files the listing must name
        for rel, kind, size, mtime, inode in rows:
            stamps[rel] = (size, mtime, inode)
            if kind in complete:
                expected.add(rel)
        seen: set[str] = set()
        missing: set[str] = set()
        fresh: list[tuple[Listed, os.stat_result]] = []
        for item in listed:
            seen.add(item.rel)
            stamp = stamps.get(item.rel)
            if check is not None and stamp is not None and item.rel not in check:
                continue
            report.checked += 1
            try:
                st = os.stat(item.path)
            except OSError:
                missing.add(item.rel)
                self.unread.add(item.rel)
                continue
            if stamp != (st.st_size, st.st_mtime_ns, st.st_ino):
                fresh.append((item, st))
        vanished = (expected - seen) | ((missing | set(gone)) & stamps.keys())
        if not fresh and not vanished:
            return report
        known = self.files({item.rel for item, _ in fresh} | vanished)
        gone = {rel: known[rel] for rel in vanished}
        conn = self.conn
        conn.execute("BEGIN IMMEDIATE")
        self._postings.clear()
        self._read = 0
        self._step = READ_BYTES if deadline is None else BOUNDED_READ_BYTES

        def late() -> bool:
            return deadline is not None and time.monotonic() > deadline

        # Memory files first: they are what a bounded update (the prompt hook) is for.
        fresh.sort(key=lambda pair: pair[0].kind != "memory")
        try:
            by_inode = {(row.inode, row.size, row.mtime_ns): row for row in gone.values()}
            for at, (item, st) in enumerate(fresh):
                if late():
                    report.left = len(fresh) - at
                    break
                # Its row's mtime is the file's, or a nanosecond early (`durable.RACY_NS`).
                moved = by_inode.pop((st.st_ino, st.st_size, st.st_mtime_ns), None)
                if moved is None:
                    moved = by_inode.pop((st.st_ino, st.st_size, st.st_mtime_ns - 1), None)
                # A file that became another kind (a memory file moved into threads/) is
                # indexed again: its records' trigrams are in its old kind's table.
                if moved is not None and item.rel not in known and moved.kind == item.kind:
                    conn.execute(
                        "UPDATE files SET rel = ?, kind = ?, sortkey = ? WHERE id = ?",
                        (item.rel, item.kind, item.sortkey, moved.id),
                    )
                    gone.pop(moved.rel, None)
                    report.renamed += 1
                    continue
                if self._index_file(item, st, known.get(item.rel), report, before_ns, now, late):
                    report.left = len(fresh) - at
                    break
            for row in gone.values():
                self._drop_records(row.id, 0)
                conn.execute("DELETE FROM files WHERE id = ?", (row.id,))
                report.removed += 1
            self._postings.flush(conn)
            self.set_meta("updated", now)
            conn.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            raise
        return report

    def _index_file(
        self,
        item: Listed,
        st: os.stat_result,
        row: FileRow | None,
        report: UpdateReport,
        before_ns: int,
        now: str,
        late: Callable[[], bool],
    ) -> bool:
        """Index one file (`_refresh`), committing each full batch; True when `late()`
        stopped it part-way."""
        while self._refresh(item, st, row, report, before_ns, late):
            # Read part-way: the batch is full, or the deadline has come.
            self._commit(now)
            if late():
                return True
            row = self.files([item.rel]).get(item.rel)
        return False

    def _commit(self, now: str) -> None:
        """Commit the update's batch so far and begin the next one."""
        self._postings.flush(self.conn)
        self.set_meta("updated", now)
        self.conn.execute("COMMIT")
        self.conn.execute("BEGIN IMMEDIATE")
        self._read = 0

    def garbage_heavy(self) -> bool:
        """Whether the dropped records' FTS rows outnumber the live records (and 10,000).
        Counted from the meta counters, not `count(*)` of the records, which took 20 ms
        at a million records on every update: record ids are never reused, so of the
        `next_id - 1` records ever written, `garbage` were dropped and the rest live."""
        garbage = int(self.meta("garbage", "0") or 0)
        written = int(self.meta("next_id", "1") or 1) - 1
        return garbage > max(written - garbage, 10_000)

    def _drop_records(self, file_id: int, start: int) -> None:
        dropped = self.conn.execute(
            "DELETE FROM records WHERE file = ? AND start >= ?", (file_id, start)
        ).rowcount
        if dropped:
            garbage = int(self.meta("garbage", "0") or 0) + dropped
            self.set_meta("garbage", str(garbage))

    def _refresh(
        self,
        item: Listed,
        st: os.stat_result,
        row: FileRow | None,
        report: UpdateReport,
        before_ns: int,
        late: Callable[[], bool] = lambda: False,
    ) -> bool:
        """Index what is new in one file: its bytes after the recorded offset when it
        only grew, else all of it; nothing when it ends where it was indexed to (only
        its stamp is new: a file looked at again, `durable.RACY_NS`, or touched).
        True when it stopped part-way (`late()`, or the batch is full): its row then
        holds the offset read to, the size recorded, and `before_ns` as its mtime, a
        stamp no file has, so that the next update reads on."""
        mtime_ns = recorded_mtime(st.st_mtime_ns, before_ns)
        self._cut = False
        try:
            fd = os.open(item.path, os.O_RDONLY)
        except OSError:
            self.unread.add(item.rel)
            return False
        try:
            start, lines = 0, 0
            grown = (
                row is not None
                and row.problem is None
                and row.inode == st.st_ino
                and st.st_size >= row.offset
                and _fingerprint_bytes(fd, row.offset) == (row.head, row.tail)
            )
            # A memory file a secret may cross lines of is read and redacted whole, from
            # its first byte, however little was appended: a key's body appended after
            # its BEGIN line was indexed, or read in the block after it, is plain lines
            # when redacted alone (each line of a log is an entry, redacted alone).
            whole = item.kind == "memory" and self._spans_lines(fd)
            if grown and row is not None and not whole:
                if st.st_size == row.size == row.offset:
                    self.conn.execute(
                        "UPDATE files SET mtime_ns = ? WHERE id = ?", (mtime_ns, row.id)
                    )
                    return False
                start, lines = row.offset, row.lines
            if row is None:
                file_id = self.conn.execute(
                    "INSERT INTO files(rel, kind, sortkey, size, mtime_ns, inode, head, tail, "
                    "offset, lines) VALUES (?, ?, ?, 0, 0, 0, x'', x'', 0, 0)",
                    (item.rel, item.kind, item.sortkey),
                ).lastrowid
                assert file_id is not None
            else:
                file_id = row.id
                self._drop_records(file_id, start)
                if grown:
                    report.appended += 1
                else:
                    report.rewritten += 1
            report.indexed += 1
            offset, lines, problem = self._read_records(
                fd, file_id, item, start, lines, report, whole=whole, late=late
            )
            size = st.st_size
            if self._cut:
                size, mtime_ns = offset, before_ns
            head, tail = _fingerprint_bytes(fd, offset)
            self.conn.execute(
                "UPDATE files SET kind = ?, sortkey = ?, size = ?, mtime_ns = ?, inode = ?, "
                "head = ?, tail = ?, offset = ?, lines = ?, problem = ? WHERE id = ?",
                (
                    item.kind,
                    item.sortkey,
                    size,
                    mtime_ns,
                    st.st_ino,
                    head,
                    tail,
                    offset,
                    lines,
                    problem,
                    file_id,
                ),
            )
            if problem is not None:
                self._drop_records(file_id, 0)
        finally:
            os.close(fd)
        return self._cut

    def _spans_lines(self, fd: int) -> bool:
        """Whether a match in this memory file may cross a line break
        (`Redactor.spans_lines`), asked of all of its bytes: the BEGIN line of a key may
        be in bytes indexed long ago. Memory files are small; a log is never asked."""
        assert self.redactor is not None, "an index opened to read only"
        at, carry = 0, b""
        while True:
            chunk = os.pread(fd, READ_BYTES, at)
            if self.redactor.spans_lines(carry + chunk):
                return True
            if not chunk:
                return False
            # A marker cut by the end of a read is whole with the bytes before it.
            carry = chunk[-len(_SPANNING_MARK) + 1 :]
            at += len(chunk)

    def _next_id(self, count: int) -> int:
        """Record ids are never reused: a dropped record's FTS rows stay behind."""
        first = int(self.meta("next_id", "1") or 1)
        self.set_meta("next_id", str(first + count))
        return first

    def _read_records(
        self,
        fd: int,
        file_id: int,
        item: Listed,
        start: int,
        lines: int,
        report: UpdateReport,
        *,
        whole: bool = False,
        late: Callable[[], bool] = lambda: False,
    ) -> tuple[int, int, str | None]:
        """Index the file's records from byte `start` (line `lines`). Returns the offset
        of the end of the last whole line, the lines before it, and a problem (not UTF-8
        text) that makes search scan this file itself. `whole`: the file is read as one
        block, and so redacted whole (a memory file a secret may cross lines of), not
        block by block (a key across two blocks is plain lines in the second).
        Between two blocks it stops (`self._cut`) when the batch is full (BATCH_BYTES)
        or `late()`; a bounded update (`Index.update`'s deadline) reads smaller blocks."""
        assert self.redactor is not None, "an index opened to read only"
        # The text as search matches and shows it: redacted, so that no secret is in the
        # file and no query matches inside one.
        redact = self.redactor.text
        offset = start
        daily = _daily_ts(item.rel) if item.kind == "memory" else None
        step = self._step
        while True:
            block = _read_rest(fd, offset) if whole else os.pread(fd, step, offset)
            if not block:
                return offset, lines, None
            at_end = whole or len(block) < step
            if not at_end:
                cut = block.rfind(b"\n") + 1
                if cut:
                    block = block[:cut]
                else:  # one line longer than a read: take it whole
                    block = _read_line(fd, offset)
                    at_end = not block.endswith(b"\n")
            if b"\x00" in block:
                return offset, lines, "binary file (NUL bytes)"
            try:
                text = block.decode(TEXT_ENCODING if item.kind == "memory" else "utf-8")
            except UnicodeDecodeError:
                return offset, lines, "not UTF-8"
            rows: list[tuple[int, int, int, int, int, int | None, int]] = []
            tri: list[str] = []
            words: list[tuple[str, str]] = []
            position = offset
            raw_lines = block.split(b"\n")
            plain_lines = text.split("\n")
            if item.kind == "memory":
                # Redacted whole, its lines kept (as memory_get shows a file): a secret
                # across lines (a PEM key's body) is not a secret in any one line.
                text = self.redactor.lines(text)
            text_lines = text.split("\n")
            last = len(raw_lines) - 1
            for at, (raw, plain, line) in enumerate(
                zip(raw_lines, plain_lines, text_lines, strict=True)
            ):
                if at == last and not raw:
                    break
                flag = TAIL if at == last else 0
                ts: int | None = daily
                speaker = ""
                if item.kind == "memory":
                    record, kind_flag = _memory_record(plain, line, redact)
                    number = lines + at + 1
                else:
                    number = lines + at
                    record, ts, kind_flag, speaker = _log_record(line, redact)
                flag |= kind_flag
                if record.strip():
                    lowered = fold(record)
                    try:
                        lowered.encode("utf-8")
                    except UnicodeEncodeError:  # a lone surrogate from a JSON escape
                        return offset, lines, "holds text SQLite cannot store"
                    rows.append((file_id, number, position, len(raw), flag, ts, zlib.crc32(raw)))
                    tri.append(lowered)
                    if self.words and not flag & BAD_LINE:
                        words.append((as_words(record), as_words(speaker)))
                    else:
                        words.append(("", ""))
                position += len(raw) + 1
            if rows:
                first = self._next_id(len(rows))
                ids = range(first, first + len(rows))
                self.conn.executemany(
                    "INSERT INTO records(id, file, number, start, len, flag, ts, crc) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    [(i, *row) for i, row in zip(ids, rows, strict=True)],
                )
                self.conn.executemany(
                    f"INSERT INTO {TRIGRAMS[item.kind]}(rowid, text) VALUES (?, ?)",
                    zip(ids, tri, strict=True),
                )
                self._postings.add(
                    self.conn, [(i, *w) for i, w in zip(ids, words, strict=True) if w[0]]
                )
                report.records += len(rows)
            lines += block.count(b"\n")
            offset += block.rfind(b"\n") + 1
            self._read += len(block)
            if at_end:
                return offset, lines, None
            if self._read >= BATCH_BYTES or late():
                self._cut = True
                return offset, lines, None


def _memory_record(plain: str, line: str, redact: Callable[[str], str]) -> tuple[str, int]:
    """A memory line as indexed (`line`: redacted with its whole file) and its flag:
    CLEAN when redacting the line alone, as search does, changes nothing (a line the
    file's redaction changed is not, without asking)."""
    record, alone = chomp(line), chomp(plain)
    return record, CLEAN if record == alone and redact(alone) == alone else 0


def _log_record(line: str, redact: Callable[[str], str]) -> tuple[str, int | None, int, str]:
    """A log line's text as indexed (redacted), its time, its flag (BAD_LINE, or CLEAN
    when redaction changed nothing) and its speaker, redacted."""
    record, ts, bad, speaker = _entry_text(line)
    shown = redact(record)
    flag = BAD_LINE if bad else CLEAN if shown == record else 0
    return shown, ts, flag, redact(speaker)


def _read_line(fd: int, offset: int) -> bytes:
    """One line from `offset`, however long, with its newline when it has one."""
    parts: list[bytes] = []
    at = offset
    while True:
        chunk = os.pread(fd, READ_BYTES, at)
        if not chunk:
            return b"".join(parts)
        end = chunk.find(b"\n")
        if end != -1:
            parts.append(chunk[: end + 1])
            return b"".join(parts)
        parts.append(chunk)
        at += len(chunk)


def _read_rest(fd: int, offset: int) -> bytes:
    """The file's bytes from `offset` to its end."""
    parts: list[bytes] = []
    while chunk := os.pread(fd, READ_BYTES, offset):
        parts.append(chunk)
        offset += len(chunk)
    return b"".join(parts)


def _entry_text(line: str) -> tuple[str, int | None, bool, str]:
    """A log line's searchable text, its time, whether it is no entry (then its raw
    text, so that a search can report it where it would have matched), and its speaker's
    name (the `name` field, else a leading `Name:`), recall's second BM25 field: a
    question names a person ("what dog does Theo have?") where the turn says "I"."""
    if not line.strip():
        return "", None, False, ""
    try:
        entry = json.loads(line)
    except (ValueError, RecursionError):
        return line, None, True, ""
    if not isinstance(entry, dict):
        return line, None, True, ""
    if repeats_summary(entry):
        return "", None, False, ""  # not indexed, as a blank line: the message before it is
    try:
        text = searchable_text(entry)
    except (AttributeError, TypeError):
        return line, None, True, ""
    # Imported here: only indexing reads speakers, and a search on a fresh index would
    # load said's patterns for nothing (a cached import is a dict lookup a line).
    from memctl.core.said import speaker_of

    speaker, _ = speaker_of(entry, text)
    return text, _timestamp(entry.get("ts")), False, speaker or ""


# --------------------------------------------------------------------------- opening


def _connect(path: Path) -> sqlite3.Connection:
    # SQLite follows a symlink: an index.sqlite (or a -wal, -shm) leading out of the
    # workspace would get memctl's tables and thread text written into another file. As
    # an unreadable index, it is removed (the link, never its target) and made again.
    for name in _files(path):
        if name.is_symlink():
            raise sqlite3.DatabaseError(f"{name.name} is a symlink")
    conn = sqlite3.connect(
        path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False
    )
    # Takes only on a new file, before WAL mode writes its header (a no-op on an index
    # made before): FTS5's segment merges during a build leave a tenth of the file free,
    # which `vacuum_free_pages` gives back (issue 26: index <= 1.0x the corpus).
    conn.execute("PRAGMA auto_vacuum = INCREMENTAL")
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    return conn


def _files(path: Path) -> tuple[Path, ...]:
    """The database and the files SQLite keeps beside it."""
    return (path, Path(f"{path}-wal"), Path(f"{path}-shm"), Path(f"{path}-journal"))


def _remove(path: Path) -> None:
    for name in _files(path):
        with contextlib.suppress(FileNotFoundError):
            name.unlink()


def _create(path: Path) -> sqlite3.Connection:
    conn = _connect(path)
    conn.executescript(_SCHEMA)
    conn.execute("INSERT OR IGNORE INTO meta(key, value) VALUES ('schema', ?)", (SCHEMA_VERSION,))
    (version,) = conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
    if version != SCHEMA_VERSION:
        raise sqlite3.DatabaseError(f"schema {version}, this memctl writes {SCHEMA_VERSION}")
    return conn


def vacuum_free_pages(conn: sqlite3.Connection) -> None:
    """Return the free pages to the file system: after a sweep or a build, never on the
    small update of a search, which then pays nothing for it."""
    # sqlite3_exec steps it to the end; a Cursor steps once, which frees one page.
    conn.executescript("PRAGMA incremental_vacuum;")


_COUNTERS = ("next_id", "swept", "garbage", "docs", "tokens")


def _check_meta(conn: sqlite3.Connection) -> None:
    """DatabaseError when a meta row holds what this memctl never writes (a counter that
    is no whole number, folders that are no JSON object): every search would fail on it
    until `index --rebuild`, so it is an unreadable index, rebuilt with a note."""
    rows = dict(conn.execute("SELECT key, value FROM meta").fetchall())
    for key in _COUNTERS:
        value = rows.get(key)
        if value not in (None, "") and not (
            isinstance(value, str) and re.fullmatch(r"[0-9]+", value)
        ):
            conn.close()
            raise sqlite3.DatabaseError(f"meta {key} is {value!r}")
    folders = rows.get("folders")
    if folders not in (None, ""):
        try:
            document = json.loads(folders) if isinstance(folders, str) else None
        except ValueError:
            document = None
        if not isinstance(document, dict) or not all(isinstance(v, int) for v in document.values()):
            conn.close()
            raise sqlite3.DatabaseError(f"meta folders is {str(folders)[:40]!r}")


def _had_words(path: Path) -> bool:
    try:
        conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
        try:
            row = conn.execute("SELECT value FROM meta WHERE key = 'words'").fetchone()
        finally:
            conn.close()
    except sqlite3.Error:
        return False
    return bool(row and row[0] == "1")


def open_index(
    ws: Workspace,
    notes: list[str],
    redactor: Redactor,
    *,
    rebuild: bool = False,
    words: bool = False,
) -> Index:
    """The workspace's index, created when missing; rebuilt (with a note) when it is not
    a readable index of this schema, or its text was redacted with other patterns than
    `redactor`'s. A rebuild keeps the word postings when the index had them. Call under the
    workspace lock."""
    if not trigram_available():
        raise IndexUnavailable("this SQLite has no FTS5 trigram tokenizer")
    path = index_path(ws)
    try:
        ws.state_dir.mkdir(parents=True, exist_ok=True)
        if rebuild:
            words = words or (path.exists() and _had_words(path))
            _remove(path)
        try:
            conn = _create(path)
            conn.execute("SELECT count(*) FROM files").fetchone()
            _check_meta(conn)
        except sqlite3.DatabaseError as exc:
            if not corrupt(exc):
                raise
            notes.append(f"the search index was unreadable ({exc}); rebuilding it")
            _remove(path)
            conn = _create(path)
        digest = redaction_digest(redactor)
        row = conn.execute("SELECT value FROM meta WHERE key = 'redaction'").fetchone()
        if row is not None and row[0] != digest:
            conn.close()
            notes.append(
                "redaction changed (its patterns or memctl itself); rebuilding the search index"
            )
            words = words or _had_words(path)
            _remove(path)
            conn = _create(path)
        conn.execute("INSERT OR IGNORE INTO meta(key, value) VALUES ('redaction', ?)", (digest,))
        # Whether any record is there, not how many (a count of a million rows took 20 ms
        # of every update).
        if words and conn.execute("SELECT 1 FROM records LIMIT 1").fetchone() is None:
            conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('words', '1')")
    except (OSError, sqlite3.Error) as exc:
        raise IndexUnavailable(f"cannot open {ws.relative(path)}: {exc}") from None
    return Index(ws, conn, redactor)


def read_only(ws: Workspace) -> sqlite3.Connection:
    """The index opened for reading only: never created, repaired or written."""
    return sqlite3.connect(f"{index_path(ws).as_uri()}?mode=ro", uri=True, timeout=5.0)


@contextlib.contextmanager
def writing(ws: Workspace, wait: float | None = None) -> Iterator[sqlite3.Connection]:
    """One write transaction on the index, under the workspace lock as every index
    write is, on a connection of its own: the caller's may be the read-only one of
    the fast path (`freshness.fresh_index`), and a write through it fails. Committed when the
    block ends, rolled back on any error, so no connection is left inside a transaction.
    Never creates the index: a file removed meanwhile is an error, not a new empty index.
    `wait`: how long to wait for the lock (BusyError past it; default the lock's own)."""
    with ws.lock() if wait is None else ws.lock(wait=wait):
        conn = sqlite3.connect(
            f"{index_path(ws).as_uri()}?mode=rw",
            uri=True,
            timeout=BUSY_SECONDS,
            isolation_level=None,
        )
        try:
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
                raise
        finally:
            conn.close()


def mark_stale(ws: Workspace, rels: set[str]) -> bool:
    """Have the next update read `rels` again from their first byte: a record read back
    did not match the CRC the index took of it, so the file was rewritten in place in a
    way its size, mtime and inode did not show (an editor keeping them, `cp -p` of a
    backup). An inode and mtime of -1 make both the fast path and the update stat it,
    and the update re-read it whole. Whether they were marked.

    Best effort, and a reader's (search, recall, the prompt hook): the lock is tried
    once, without waiting. A busy lock or a failing database leaves it to the hourly
    sweep, and the caller has not used the stale records. (It waited for the lock's 60 s:
    a prompt hook stood 30 s behind a `flush` holding it.)"""
    from memctl.core.errors import BusyError

    if not rels:
        return False
    with contextlib.suppress(BusyError, OSError, sqlite3.Error), writing(ws, wait=0) as conn:
        conn.executemany(
            "UPDATE files SET inode = -1, mtime_ns = -1 WHERE rel = ?", [(rel,) for rel in rels]
        )
        return True
    return False
