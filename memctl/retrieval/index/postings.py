"""Recall's own postings: FTS5's bm25 without FTS5's cost (issue 26, goal 3).

FTS5 scores every row any query term matches, with a lookup of the row's size for each
(a 5-word question matched a third of 100,000 records: 75 ms; a million took a second),
and it can neither score a chosen subset nor stop early. So recall keeps its own
postings, in `postings(term, len, ft, fs, first, last, n, docs)`: for each term and each
(record length, count in the text, count in the speaker's name) the records holding it,
as a chunk of delta-coded ids. The terms are FTS5's own: the text is tokenized by an
in-memory FTS5 table with the same tokenizer as before (porter over unicode61, diacritics
removed), read back through its `fts5vocab` instance table, so a record's length, a term's
counts and the corpus averages are the ones FTS5's bm25 used, and so are the scores.

Grouping by length is what makes a top-k cheap: every record of one length has all its
postings in the buckets of that length, and in one bucket a term adds the same amount to
every record. `best` takes the lengths in the order of the most a record of that length
can score, and stops when that is below the k-th best score found; within a length, a
record matching fewer than m of the query's terms is not scored when m terms of that
length cannot reach the k-th best (MaxScore on the count of terms matched, the count
taken in C by `collections.Counter`). Decoding a chunk (zlib, `array`,
`itertools.accumulate`) and building its lookups (`dict.fromkeys`) run in C too.

Like FTS5's contentless table, a record dropped from the index leaves its postings behind
(its id is never reused, and the records table it is joined with no longer has it); the
corpus counts go on counting it, as FTS5's did, until the rebuild that garbage triggers.
"""

from __future__ import annotations

import heapq
import math
import sqlite3
import sys
import threading
import time
import zlib
from array import array
from collections import Counter, defaultdict
from itertools import accumulate, chain, islice, repeat
from operator import add, sub

TOKENIZER = "porter unicode61 remove_diacritics 2"
"""The word tokenizer (the FTS5 `words` table's before schema 5)."""
K1 = 1.2
B = 0.75
"""FTS5's bm25 constants (fts5_aux.c)."""
MIN_IDF = 1e-6
"""FTS5's floor for the idf of a term in more than half the records."""
MAX_CHUNKS = 8
"""Chunks a bucket may hold before its newer, smaller ones are merged."""
FLUSH_POSTINGS = 400_000
"""Postings held in memory by a build before they are written (about 30 MB)."""
COMPRESS_BYTES = 48
"""A chunk's gaps longer than this are zlib-compressed."""
_TYPES = ("B", "H", "I")
_ZLIB = 4
_BIG_ENDIAN = sys.byteorder == "big"

SCHEMA = """
CREATE TABLE IF NOT EXISTS postings(
    term TEXT NOT NULL, len INTEGER NOT NULL, ft INTEGER NOT NULL, fs INTEGER NOT NULL,
    first INTEGER NOT NULL, last INTEGER NOT NULL, n INTEGER NOT NULL, docs BLOB NOT NULL,
    PRIMARY KEY(term, len, ft, fs, first)) WITHOUT ROWID;
"""

_local = threading.local()


def _tokenizer() -> sqlite3.Connection:
    """This thread's in-memory FTS5 table of the word tokenizer and its instance view."""
    conn: sqlite3.Connection | None = getattr(_local, "conn", None)
    if conn is None:
        conn = sqlite3.connect(":memory:", isolation_level=None)
        conn.execute(
            "CREATE VIRTUAL TABLE tok USING fts5(text, speaker, content='', "
            f"tokenize='{TOKENIZER}', detail=full)"
        )
        conn.execute("CREATE VIRTUAL TABLE tokv USING fts5vocab(tok, instance)")
        _local.conn = conn
    return conn


def tokenize(rows: list[tuple[int, str, str]]) -> list[tuple[str, int, int, int]]:
    """(term, id, count in the text, count in the speaker) for each term of each (id,
    text, speaker) row, by term then id: what FTS5 would have indexed. The rows are
    inserted and rolled back, so the table stays empty."""
    conn = _tokenizer()
    conn.execute("BEGIN")
    try:
        conn.executemany("INSERT INTO tok(rowid, text, speaker) VALUES (?, ?, ?)", rows)
        return conn.execute(
            "SELECT term, doc, sum(col = 'text'), sum(col = 'speaker') FROM tokv GROUP BY term, doc"
        ).fetchall()
    finally:
        conn.execute("ROLLBACK")


def query_tokens(terms: list[str]) -> list[list[str]]:
    """Each query term's tokens, as FTS5 tokenized a quoted query term (stemmed): most
    are one token; `foo_bar` is two, which FTS5 matched as a phrase and which are
    matched here as two terms (the postings keep no positions)."""
    conn = _tokenizer()
    conn.execute("BEGIN")
    try:
        conn.executemany(
            "INSERT INTO tok(rowid, text, speaker) VALUES (?, ?, '')",
            [(i, term) for i, term in enumerate(terms, 1)],
        )
        found: list[list[str]] = [[] for _ in terms]
        for doc, term in conn.execute("SELECT doc, term FROM tokv ORDER BY doc, offset"):
            found[doc - 1].append(term)
        return found
    finally:
        conn.execute("ROLLBACK")


def encode(docs: list[int]) -> bytes:
    """The gaps between sorted ids in the narrowest array type, zlib'd when long."""
    gaps = list(map(sub, islice(docs, 1, None), docs))
    widest = max(gaps, default=0)
    code = 0 if widest < 1 << 8 else 1 if widest < 1 << 16 else 2
    packed = array(_TYPES[code], gaps)
    if _BIG_ENDIAN:
        packed.byteswap()
    payload = packed.tobytes()
    if len(payload) > COMPRESS_BYTES:
        return bytes([code | _ZLIB]) + zlib.compress(payload)
    return bytes([code]) + payload


def decode(first: int, blob: bytes) -> list[int]:
    head = blob[0]
    payload = blob[1:]
    if head & _ZLIB:
        payload = zlib.decompress(payload)
    gaps = array(_TYPES[head & 3])
    gaps.frombytes(payload)
    if _BIG_ENDIAN:
        gaps.byteswap()
    return list(accumulate(gaps, initial=first))


class Pending:
    """Postings of an update not yet written: `add` each batch of records, `flush`
    within the update's transaction."""

    def __init__(self) -> None:
        self.clear()

    def clear(self) -> None:
        self.buckets: defaultdict[tuple[str, int, int, int], list[int]] = defaultdict(list)
        self.docs = 0
        self.tokens = 0
        self.size = 0

    def add(self, conn: sqlite3.Connection, rows: list[tuple[int, str, str]]) -> None:
        """Records as (id, text, speaker), ids ascending and above any added before;
        written to `conn` (within its transaction) once FLUSH_POSTINGS are held."""
        found = tokenize(rows)
        length: Counter[int] = Counter()
        for _, doc, ft, fs in found:
            length[doc] += ft + fs
        buckets = self.buckets
        for term, doc, ft, fs in found:
            buckets[(term, length[doc], ft, fs)].append(doc)
        self.docs += len(rows)
        self.tokens += sum(length.values())
        self.size += len(found)
        if self.size > FLUSH_POSTINGS:
            self.flush(conn)

    def flush(self, conn: sqlite3.Connection) -> None:
        """Write the held postings, a chunk a bucket, and add to the corpus counts."""
        where = "term = ? AND len = ? AND ft = ? AND fs = ?"
        for key, docs in self.buckets.items():
            chunks = conn.execute(
                f"SELECT first, n FROM postings WHERE {where} ORDER BY first", key
            ).fetchall()
            if len(chunks) >= MAX_CHUNKS - 1:
                docs = _merged(conn, key, chunks, docs)
            conn.execute(
                "INSERT OR REPLACE INTO postings(term, len, ft, fs, first, last, n, docs) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (*key, docs[0], docs[-1], len(docs), encode(docs)),
            )
        for name, value in (("docs", self.docs), ("tokens", self.tokens)):
            conn.execute(
                "INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET "
                "value = CAST(CAST(value AS INTEGER) + excluded.value AS TEXT)",
                (name, str(value)),
            )
        self.clear()


def _merged(
    conn: sqlite3.Connection,
    key: tuple[str, int, int, int],
    chunks: list[tuple[int, int]],
    docs: list[int],
) -> list[int]:
    """`docs` with the bucket's newer chunks before them, which are deleted: those after
    the last chunk holding four times what follows it, so that a big chunk is rewritten
    only once what comes after it has grown near its size (merges cost O(log n) a
    posting, as in a log-structured merge)."""
    tail = len(docs)
    keep = len(chunks)
    while keep and chunks[keep - 1][1] < 4 * tail:
        keep -= 1
        tail += chunks[keep][1]
    if keep == len(chunks):
        return docs
    merged: list[int] = []
    for first, blob in conn.execute(
        "SELECT first, docs FROM postings WHERE term = ? AND len = ? AND ft = ? AND fs = ? "
        "AND first >= ? ORDER BY first",
        (*key, chunks[keep][0]),
    ):
        merged.extend(decode(first, blob))
    conn.execute(
        "DELETE FROM postings WHERE term = ? AND len = ? AND ft = ? AND fs = ? AND first >= ?",
        (*key, chunks[keep][0]),
    )
    merged.extend(docs)
    return merged


def _stats(conn: sqlite3.Connection) -> tuple[int, int]:
    """Records and tokens counted in the postings (FTS5's row count and total size)."""
    rows = dict(conn.execute("SELECT key, value FROM meta WHERE key IN ('docs', 'tokens')"))
    return int(rows.get("docs") or 0), int(rows.get("tokens") or 0)


def _weight(idf: float, freq: float, length: int, avgdl: float) -> float:
    """One term's bm25 in one record, as fts5Bm25Function computes it."""
    return idf * ((freq * (K1 + 1.0)) / (freq + K1 * (1 - B + B * length / avgdl)))


class _Query:
    """A query's terms with their idf and, for each record length, their buckets."""

    def __init__(
        self, conn: sqlite3.Connection, terms: list[str], weights: tuple[float, float]
    ) -> None:
        self.conn = conn
        # FTS5 added each phrase of the query in turn, a term asked twice twice.
        self.phrases = [token for tokens in query_tokens(terms) for token in tokens]
        self.unique = list(dict.fromkeys(self.phrases))
        self.idf: dict[str, float] = {}
        self.df: dict[str, int] = {}
        # length -> term -> [(ft, fs, weight)]
        self.lengths: defaultdict[int, dict[str, list[tuple[int, int, float]]]] = defaultdict(dict)
        records, tokens = _stats(conn)
        if not records or not self.phrases:
            return
        self.avgdl = tokens / records
        for term in self.unique:
            rows = conn.execute(
                "SELECT len, ft, fs, sum(n) FROM postings WHERE term = ? GROUP BY len, ft, fs",
                (term,),
            ).fetchall()
            hits = sum(row[3] for row in rows)
            if not hits:
                continue
            idf = math.log((records - hits + 0.5) / (hits + 0.5))
            self.idf[term] = idf if idf > 0.0 else MIN_IDF
            self.df[term] = hits
            for length, ft, fs, _ in rows:
                freq = ft * weights[0] + fs * weights[1]
                weight = _weight(self.idf[term], freq, length, self.avgdl)
                self.lengths[length].setdefault(term, []).append((ft, fs, weight))

    def lookups(self, length: int) -> dict[str, dict[int, float]]:
        """Each term's weight in each record of `length` that holds it."""
        found: dict[str, dict[int, float]] = {}
        for term, buckets in self.lengths[length].items():
            weight = {(ft, fs): w for ft, fs, w in buckets}
            lookup: dict[int, float] = {}
            for ft, fs, first, blob in self.conn.execute(
                "SELECT ft, fs, first, docs FROM postings WHERE term = ? AND len = ?",
                (term, length),
            ):
                lookup.update(dict.fromkeys(decode(first, blob), weight[(ft, fs)]))
            found[term] = lookup
        return found


def best(
    conn: sqlite3.Connection,
    terms: list[str],
    k: int,
    weights: tuple[float, float],
    *,
    every: bool = False,
    deadline: float | None = None,
) -> list[tuple[int, float]]:
    """The `k` records of the highest bm25 for `terms` (any of them; with `every`, all),
    as (id, score), best first (equal scores: the lower id first). `weights` are the
    text's and the speaker's. The scores are FTS5's bm25 (negated: higher is better).
    Past `deadline` (time.monotonic) it raises sqlite3.OperationalError("interrupted"),
    as SQLite's progress handler does."""
    query = _Query(conn, terms, weights)
    if not query.idf or (every and len(query.idf) < len(query.unique)):
        return []
    # For each length, the most a record of it can score matching m of the terms.
    most: dict[int, list[float]] = {}
    for length, buckets in query.lengths.items():
        top = {term: max(w for _, _, w in found) for term, found in buckets.items()}
        # A term asked twice adds twice (FTS5 scored each phrase); m counts terms.
        by_term = sorted((top[t] * query.phrases.count(t) for t in top), reverse=True)
        most[length] = list(accumulate(by_term, initial=0.0))
    order = sorted(most, key=lambda length: -most[length][-1])
    kept: list[tuple[float, int]] = []  # (score, -id), a min-heap of the k best
    need = len(query.unique)
    for length in order:
        if deadline is not None and time.monotonic() > deadline:
            raise sqlite3.OperationalError("interrupted")
        bounds = most[length]
        floor = kept[0][0] if len(kept) >= k else -math.inf
        if bounds[-1] * (1 + 1e-9) < floor:
            break  # the lengths after this one can score no more
        if every:
            if len(bounds) - 1 < need:
                continue
            at_least = need
        else:
            at_least = next(
                (m for m in range(1, len(bounds)) if bounds[m] * (1 + 1e-9) >= floor),
                len(bounds),
            )
        lookups = query.lookups(length)
        if at_least <= 1:
            records = list(set().union(*lookups.values()))
        else:
            counts: Counter[int] = Counter()
            for lookup in lookups.values():
                counts.update(lookup.keys())
            records = [doc for doc, count in counts.items() if count >= at_least]
        if not records:
            continue
        scores = [0.0] * len(records)
        for term in query.phrases:  # in the query's order, as FTS5 added them
            weights_of = lookups.get(term)
            if weights_of is not None:
                scores = list(map(add, scores, map(weights_of.get, records, repeat(0.0))))
        kept = heapq.nlargest(k, chain(kept, zip(scores, map(int.__neg__, records), strict=True)))
        heapq.heapify(kept)
    return [(-negated, score) for score, negated in sorted(kept, reverse=True)]


def explain(
    conn: sqlite3.Connection, terms: list[str], record: int, weights: tuple[float, float]
) -> list[tuple[str, str, float]]:
    """(query term, field, weight) of each term that matched `record`: the term's bm25
    in the record, shared between the text and the speaker by what each field counted
    (so that they add up to the record's score)."""
    query = _Query(conn, terms, weights)
    found: dict[tuple[str, str], float] = {}
    for term, tokens in zip(terms, query_tokens(terms), strict=True):
        for token in tokens:
            if token not in query.idf:
                continue
            for length, ft, fs, first, blob in conn.execute(
                "SELECT len, ft, fs, first, docs FROM postings "
                "WHERE term = ? AND first <= ? AND last >= ?",
                (token, record, record),
            ):
                if record not in decode(first, blob):
                    continue
                freq = ft * weights[0] + fs * weights[1]
                weight = _weight(query.idf[token], freq, length, query.avgdl)
                for field, count, field_weight in (
                    ("text", ft, weights[0]),
                    ("speaker", fs, weights[1]),
                ):
                    if count:
                        part = weight * count * field_weight / freq if freq else 0.0
                        found[(term, field)] = found.get((term, field), 0.0) + part
                break
    return [(term, field, weight) for (term, field), weight in found.items()]
