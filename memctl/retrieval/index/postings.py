"""Recall's own postings: FTS5's bm25 without FTS5's cost (issue 26, goal 3).

FTS5 scores every row any query term matches, with a lookup of the row's size for each
(a 5-word question matched a third of 100,000 records: 75 ms; a million took a second),
and it can neither score a chosen subset nor stop early. So recall keeps its own
postings, in `postings(term, len, ft, fs, first, last, n, docs)`: for each term and each
(record length, count in the text, count in the speaker's name) the records holding it,
as a chunk of delta-coded ids. The terms are FTS5's own: the text is tokenized by an
in-memory FTS5 table with the same tokenizer as before (porter over unicode61, diacritics
removed), read back through its `fts5vocab` instance table, so a record's length, a term's
counts and the corpus averages are the ones FTS5's bm25 used, and so are the scores,
but for the length's weight B (FTS5's b is fixed at 0.75) and the speaker's field, which
is not normalised by the record's length (BM25F, SPEAKER_B).

Grouping by length is what makes a top-k cheap: every record of one length has all its
postings in the buckets of that length, and in one bucket a term adds the same amount to
every record. `best` takes the lengths in the order of the most a record of that length
can score, and stops when that is below the k-th best score found; within a length, a
record matching fewer than m of the query's terms is not scored when m terms of that
length cannot reach the k-th best (MaxScore on the count of terms matched, the count
taken in C by `collections.Counter`). Decoding a chunk (zlib, `array`,
`itertools.accumulate`) and building its lookups (`dict.fromkeys`) run in C too. With
`every` (a record holding all the terms: recall's subject look-ups) the records in common
are found first, from the term of the fewest postings, each chunk's span (`first`,
`last`) telling which chunks can hold one, and only those are scored (`_every`).

Like FTS5's contentless table, a record dropped from the index leaves its postings behind
(its id is never reused, and the records table it is joined with no longer has it); the
corpus counts go on counting it, as FTS5's did, until the rebuild that garbage triggers.
"""

from __future__ import annotations

import math
import sqlite3
import sys
import threading
import time
import zlib
from array import array
from bisect import bisect_left, bisect_right
from collections import Counter, defaultdict
from collections.abc import Sequence
from functools import lru_cache
from itertools import accumulate, chain, compress, islice, repeat
from operator import add, ge, neg, sub

TOKENIZER = "porter unicode61 remove_diacritics 2"
"""The word tokenizer (the FTS5 `words` table's before schema 5)."""
K1 = 1.2
"""FTS5's k1 (fts5_aux.c)."""
B = 0.55
"""How much a record's length weighs against its term counts. FTS5 fixes it at 0.75;
the turns of a conversation are short and alike, and a long one is rarely long for
padding. On the dev splits of bench/recall_eval.py's two held-out sets (R@10, BM25 then
the hybrid; first set, then the second): 0.75 0.75 / 0.82 and 0.96 / 0.79; 0.55 0.75 /
0.84 and 0.96 / 0.80; 0.5 0.75 / 0.84 and 0.92 / 0.81; 0.6 0.75 / 0.82 and 0.96 / 0.80;
0.3 0.75 / 0.82 and 0.92 / 0.80 (bench/README.md, rank5)."""
SPEAKER_B = 0.0
"""The length weight of the speaker's field (BM25F: each field's count is normalised by
its own length, Robertson, Zaragoza and Taylor 2004). The field holds a name, as long in
every record, so a record's length says nothing of it: 0, where FTS5 (and recall before
rank8) normalised it by the record's whole length as the text, so that "Dana: nerd"
matched "what is Dana's profession?" better than Dana's long turn "i do taxes for a
living ...". Four dev sets' BM25 R@10 sum (bench/README.md, rank8): B 234 -> 241."""
MIN_IDF = 1e-6
"""FTS5's floor for the idf of a term in more than half the records."""
MERGE_RATIO = 4
"""A bucket's chunk is merged with the newer ones after it until it holds this many
times what they hold: a bucket then has a few chunks, each a fraction of the one before."""
FLUSH_POSTINGS = 400_000
"""Postings held in memory by a build before they are written (about 30 MB)."""
COMPRESS_BYTES = 48
"""A chunk's gaps longer than this are zlib-compressed."""
CHUNK_POSTINGS = 400
"""Postings a chunk holds at most: a row of SQLite's key-ordered table that outgrows a
quarter page spills into overflow pages, mostly empty (a third of the table's size)."""
DECODED_CHUNKS = 1024
"""Chunks whose decoded ids are kept (`decode`, by their bytes, so an index written since
cannot make one wrong): a prompt's recall decodes the chunks of its words, then of its
subjects' words and of the words its hits hold, the same chunks again (1,460 decoded,
671 of them different, in one prompt of bench/hook_prompt.py). At most 400 ids a chunk:
a few MB held at most."""
SLACK = 1 + 1e-9
"""A bound is summed in another order than a score: it may come out an ulp lower."""
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
    matched here as two terms (the postings keep no positions). A term's tokens are
    kept (QUERY_TOKENS): a prompt's recall asks for the same words a few dozen times
    (its terms, its subjects', the words its hits hold), each time through the table."""
    missing = [term for term in dict.fromkeys(terms) if term not in _tokens]
    if missing:
        if len(_tokens) + len(missing) > QUERY_TOKENS:
            _tokens.clear()
            missing = list(dict.fromkeys(terms))
        conn = _tokenizer()
        conn.execute("BEGIN")
        try:
            conn.executemany(
                "INSERT INTO tok(rowid, text, speaker) VALUES (?, ?, '')",
                [(i, term) for i, term in enumerate(missing, 1)],
            )
            found: list[list[str]] = [[] for _ in missing]
            for doc, token in conn.execute("SELECT doc, term FROM tokv ORDER BY doc, offset"):
                found[doc - 1].append(token)
        finally:
            conn.execute("ROLLBACK")
        _tokens.update(zip(missing, map(tuple, found), strict=True))
    return [list(_tokens[term]) for term in terms]


QUERY_TOKENS = 4096
"""Terms whose tokens `query_tokens` keeps (the tokenizer is fixed: a term's tokens
never change)."""
_tokens: dict[str, tuple[str, ...]] = {}


def encode(docs: list[int]) -> bytes:
    """The gaps between sorted ids in the narrowest array type, little-endian, its
    bytes in planes (every low byte, then every next one: the high bytes are mostly
    alike, which zlib packs 7 % smaller), zlib'd when long."""
    gaps = list(map(sub, islice(docs, 1, None), docs))
    widest = max(gaps, default=0)
    code = 0 if widest < 1 << 8 else 1 if widest < 1 << 16 else 2
    packed = array(_TYPES[code], gaps)
    if _BIG_ENDIAN:
        packed.byteswap()
    raw = packed.tobytes()
    size = packed.itemsize
    payload = b"".join(raw[i::size] for i in range(size)) if size > 1 else raw
    if len(payload) > COMPRESS_BYTES:
        return bytes([code | _ZLIB]) + zlib.compress(payload)
    return bytes([code]) + payload


@lru_cache(maxsize=DECODED_CHUNKS)
def decode(first: int, blob: bytes) -> list[int]:
    """A chunk's record ids, ascending. Kept for the next time the same chunk is asked
    for (DECODED_CHUNKS): the caller must not change the list."""
    head = blob[0]
    payload: bytes | memoryview = memoryview(blob)[1:]
    if head & _ZLIB:
        payload = zlib.decompress(payload)
    gaps = array(_TYPES[head & 3])
    size = gaps.itemsize
    if size > 1:
        count = len(payload) // size
        raw = bytearray(len(payload))
        for i in range(size):
            raw[i::size] = payload[i * count : (i + 1) * count]
        gaps.frombytes(raw)
    else:
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
        written to `conn` (within its transaction) once FLUSH_POSTINGS are held. None
        (an index search alone has used) makes no tokenizer: search starts no FTS5 table."""
        if not rows:
            return
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
        if not self.docs:
            return
        where = "term = ? AND len = ? AND ft = ? AND fs = ?"
        for key, docs in self.buckets.items():
            chunks = conn.execute(
                f"SELECT first, n FROM postings WHERE {where} ORDER BY first", key
            ).fetchall()
            if chunks:
                docs = _merged(conn, key, chunks, docs)
            for at in range(0, len(docs), CHUNK_POSTINGS):
                part = docs[at : at + CHUNK_POSTINGS]
                conn.execute(
                    "INSERT OR REPLACE INTO postings(term, len, ft, fs, first, last, n, docs) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (*key, part[0], part[-1], len(part), encode(part)),
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
    the last chunk holding MERGE_RATIO times what follows it, so that a big chunk is
    rewritten only once what comes after it has grown near its size (each posting is
    rewritten O(log n) times, as in a log-structured merge). A full chunk is never
    rewritten."""
    tail = len(docs)
    keep = len(chunks)
    while (
        keep and chunks[keep - 1][1] < CHUNK_POSTINGS and chunks[keep - 1][1] < MERGE_RATIO * tail
    ):
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


def _check(deadline: float | None) -> None:
    """Stop as SQLite's progress handler stops a statement, past the recall's budget."""
    if deadline is not None and time.monotonic() > deadline:
        raise sqlite3.OperationalError("interrupted")


def _frequency(ft: int, fs: int, weights: tuple[float, float], length: int, avgdl: float) -> float:
    """A term's count in a record of `length`, BM25F's: the text's count (`ft`) and the
    speaker's (`fs`), each normalised by its own length weight (B, SPEAKER_B) and weighed
    (`weights`), then summed."""
    text = ft * weights[0] / (1 - B + B * length / avgdl) if ft else 0.0
    if not fs:
        return text
    return text + fs * weights[1] / (1 - SPEAKER_B + SPEAKER_B * length / avgdl)


def _idf(records: int, hits: int) -> float:
    """A term's idf among `records` of which `hits` hold it, as FTS5's bm25 takes it: a
    term in more than half of them gets `MIN_IDF`, not a negative weight."""
    idf = math.log((records - hits + 0.5) / (hits + 0.5))
    return idf if idf > 0.0 else MIN_IDF


def _weight(idf: float, freq: float) -> float:
    """One term's bm25 in one record, given its normalised count (`_frequency`): with the
    speaker's field weighing 0 this is fts5Bm25Function's (with B for its b)."""
    return idf * ((freq * (K1 + 1.0)) / (freq + K1))


class _Query:
    """A query's terms with their idf and, for each record length, their chunks (each
    term's rows read in one statement; a chunk is decoded only when its length is)."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        terms: list[str],
        weights: tuple[float, float],
        deadline: float | None = None,
        related: dict[str, float] | None = None,
    ) -> None:
        # FTS5 added each phrase of the query in turn, a term asked twice twice.
        self.phrases = [token for tokens in query_tokens(terms) for token in tokens]
        # A related word's tokens (recall's thesaurus) weigh its share of an asked
        # term's, each once, and none that the query asks itself.
        self.share: dict[str, float] = {}
        if related:
            asked = set(self.phrases)
            for word, pieces in zip(related, query_tokens(list(related)), strict=True):
                for token in pieces:
                    if token not in asked and token not in self.share:
                        self.share[token] = related[word]
            self.phrases.extend(self.share)
        self.unique = list(dict.fromkeys(self.phrases))
        self.idf: dict[str, float] = {}
        # length -> term -> [(weight, first, chunk)]
        self.lengths: defaultdict[int, dict[str, list[tuple[float, int, bytes]]]] = defaultdict(
            dict
        )
        self.avgdl = 1.0
        records, tokens = _stats(conn)
        if not records or not self.phrases:
            return
        self.avgdl = tokens / records
        for term in self.unique:
            _check(deadline)
            rows = conn.execute(
                "SELECT len, ft, fs, first, n, docs FROM postings WHERE term = ?", (term,)
            ).fetchall()
            hits = sum(row[4] for row in rows)
            if not hits:
                continue
            self.idf[term] = idf = _idf(records, hits)
            for length, ft, fs, first, _, blob in rows:
                freq = _frequency(ft, fs, weights, length, self.avgdl)
                weight = _weight(idf, freq) * self.share.get(term, 1.0)
                self.lengths[length].setdefault(term, []).append((weight, first, blob))

    def lookups(self, length: int) -> dict[str, dict[int, float]]:
        """Each term's weight in each record of `length` that holds it."""
        found: dict[str, dict[int, float]] = {}
        terms = self.lengths[length]
        for term in terms:
            chunks = terms[term]
            # One dict.fromkeys a weight (a bucket's chunks come together, in order).
            lookup: dict[int, float] | None = None
            docs: list[int] = []
            weight = chunks[0][0]
            for next_weight, first, blob in chunks:
                if next_weight != weight:
                    lookup = _filled(lookup, docs, weight)
                    docs, weight = [], next_weight
                docs.extend(decode(first, blob))
            found[term] = _filled(lookup, docs, weight)
        return found


def _filled(lookup: dict[int, float] | None, docs: list[int], weight: float) -> dict[int, float]:
    if lookup is None:
        return dict.fromkeys(docs, weight)
    lookup.update(dict.fromkeys(docs, weight))
    return lookup


def best(
    conn: sqlite3.Connection,
    terms: list[str],
    k: int,
    weights: tuple[float, float],
    *,
    every: bool = False,
    deadline: float | None = None,
    related: dict[str, float] | None = None,
) -> list[tuple[int, float]]:
    """The `k` records of the highest bm25 for `terms` (any of them; with `every`, all),
    as (id, score), best first (equal scores: the lower id first). `weights` are the
    text's and the speaker's. The scores are FTS5's bm25 with recall's B, the speaker's
    field normalised as BM25F does (SPEAKER_B; `_frequency`), negated: higher is better. `related` words (not with `every`) are looked up beside the terms, each
    counting its share (0..1) of what it would as a term.
    Past `deadline` (time.monotonic) it raises sqlite3.OperationalError("interrupted"),
    as SQLite's progress handler does."""
    if every:
        return _every(conn, terms, k, weights, deadline)
    query = _Query(conn, terms, weights, deadline, related)
    return _top(conn, query, k, deadline) if query.idf else []


def _dropped(conn: sqlite3.Connection) -> bool:
    """Whether the index dropped a record whose postings are still here (the `garbage`
    counter, zeroed by the rebuild that sweeps them). Read once a connection, which is
    once a prompt (a recall opens its own): `text_frequencies`, `_top` and `_every` ask
    it several times a prompt. Read again after a write: through the same connection
    (`total_changes`), or committed by another connection or process (`PRAGMA
    data_version`, which moves only on another's commit: a flush or consolidate writes
    through `store.writing`'s own connection). The pragma is one cheap look-up, not a
    table read. The last connection asked is held (sqlite3 connections take no weak
    reference; one object), so that another one made at its address is never taken
    for it."""
    global _dropped_seen
    seen = _dropped_seen
    (version,) = conn.execute("PRAGMA data_version").fetchone()
    if (
        seen is not None
        and seen[0] is conn
        and seen[1] == conn.total_changes
        and seen[2] == version
    ):
        return seen[3]
    row = conn.execute("SELECT value FROM meta WHERE key = 'garbage'").fetchone()
    dropped = bool(row and int(row[0] or 0))
    _dropped_seen = (conn, conn.total_changes, version, dropped)
    return dropped


_dropped_seen: tuple[sqlite3.Connection, int, int, bool] | None = None
"""`_dropped`'s answer for the last connection asked, with its `total_changes` and
`data_version` then."""


def _live(conn: sqlite3.Connection, records: list[int]) -> set[int]:
    """Those of `records` the index still has (the `records` table; a dropped record's
    postings stay until the rebuild)."""
    alive: set[int] = set()
    for at in range(0, len(records), 500):
        part = records[at : at + 500]
        marks = ",".join("?" * len(part))
        alive.update(
            record
            for (record,) in conn.execute(f"SELECT id FROM records WHERE id IN ({marks})", part)
        )
    return alive


def _top(
    conn: sqlite3.Connection, query: _Query, k: int, deadline: float | None
) -> list[tuple[int, float]]:
    """`best` of any of the query's terms: the lengths in the order of the most a record
    of that length can score, until that is below the k-th score found. Only live
    records are kept: the dropped copies of a rewritten line score as the live one does
    and, the older ids first, would fill the k before it (review 18 #3)."""
    dropped = _dropped(conn)
    asked = Counter(query.phrases)
    # For each length, the most a record of it can score matching m of the terms
    # (a term asked twice adds twice, as FTS5 scored each phrase).
    most: dict[int, list[float]] = {}
    for length, chunks in query.lengths.items():
        top = sorted(
            (max(w for w, _, _ in found) * asked[term] for term, found in chunks.items()),
            reverse=True,
        )
        most[length] = list(accumulate(top, initial=0.0))
    kept: list[tuple[float, int]] = []  # (score, -id), the k best so far, best first
    floor = -math.inf
    for length in sorted(most, key=lambda length: -most[length][-1]):
        _check(deadline)
        bounds = most[length]
        if bounds[-1] * SLACK < floor:
            break  # the lengths after this one can score no more
        at_least = next(m for m in range(1, len(bounds)) if bounds[m] * SLACK >= floor)
        lookups = query.lookups(length)
        if at_least <= 1:
            records = list(set().union(*lookups.values()))
        elif at_least >= len(lookups):  # every word of this length: an intersection
            smallest, *others = sorted(lookups.values(), key=len)
            common = set(smallest)
            for lookup in others:
                common &= lookup.keys()
            records = list(common)
        else:
            counts: Counter[int] = Counter()
            for lookup in lookups.values():
                counts.update(lookup.keys())
            records = list(compress(counts.keys(), map(ge, counts.values(), repeat(at_least))))
        scores = [0.0] * len(records)
        for term in query.phrases:  # in the query's order, as FTS5 added them
            weights_of = lookups.get(term)
            if weights_of is not None:
                scores = list(map(add, scores, map(weights_of.get, records, repeat(0.0))))
        better = list(
            compress(zip(scores, map(neg, records), strict=True), map(ge, scores, repeat(floor)))
        )
        if better and dropped:
            # Only the k best of them can be kept: looked up k at a time, best first.
            better.sort(reverse=True)
            found: list[tuple[float, int]] = []
            for at in range(0, len(better), k):
                part = better[at : at + k]
                alive = _live(conn, [-negated for _, negated in part])
                found.extend(pair for pair in part if -pair[1] in alive)
                if len(found) >= k:
                    break
            better = found
        if better:
            kept = sorted(chain(kept, better), reverse=True)[:k]
            if len(kept) >= k:
                floor = kept[-1][0]
    return [(-negated, score) for score, negated in kept]


_Row = tuple[int, int, int, int, bytes]
"""A bucket's chunk as `_every` reads it: (ft, fs, first, last, chunk)."""


def _every(
    conn: sqlite3.Connection,
    terms: list[str],
    k: int,
    weights: tuple[float, float],
    deadline: float | None,
) -> list[tuple[int, float]]:
    """`best` with `every`: the `k` records holding every one of `terms` of the highest
    bm25, each scored as `best` scores it (the same weights, added in the query's
    order), so the same top `k`. The records in common are found before any is scored:
    the terms are taken from the fewest postings (bytes) up, the first one's ids in the
    lengths every term has (a record's postings are all in its length's buckets); each
    term after it is matched against those still in common, a chunk whose span holds
    none of them not decoded, a chunk far longer than them searched rather than scanned
    (`_among`); the first term that leaves none ends it. A subject's lookup asks for a
    record holding ten words, which one or two records do: only their weights are
    computed, where each length's weights of every bucket were before. One term alone
    is `best`'s loop over the lengths, which stops at the k-th."""
    phrases = [token for tokens in query_tokens(terms) for token in tokens]
    unique = list(dict.fromkeys(phrases))
    records, tokens = _stats(conn)
    if not records or not phrases:
        return []
    if len(unique) == 1:
        query = _Query(conn, terms, weights, deadline)
        return _top(conn, query, k, deadline) if query.idf else []
    avgdl = tokens / records
    idf: dict[str, float] = {}
    rows: dict[str, dict[int, list[_Row]]] = {}  # term -> length -> its chunks
    size: dict[str, dict[int, int]] = {}  # term -> length -> bytes
    for term in unique:
        _check(deadline)
        found = conn.execute(
            "SELECT len, ft, fs, first, last, n, docs FROM postings WHERE term = ?", (term,)
        ).fetchall()
        hits = sum(row[5] for row in found)
        if not hits:
            return []
        idf[term] = _idf(records, hits)
        by_length: dict[int, list[_Row]] = {}
        sizes: dict[int, int] = {}
        for length, ft, fs, first, last, _, blob in found:
            by_length.setdefault(length, []).append((ft, fs, first, last, blob))
            sizes[length] = sizes.get(length, 0) + len(blob)
        rows[term], size[term] = by_length, sizes
    shared = set.intersection(*(set(by_length) for by_length in rows.values()))
    order = sorted(unique, key=lambda term: sum(size[term][length] for length in shared))
    held: dict[int, list[int]] = {}  # length -> the records in common so far, ascending
    for length in shared:
        ids: list[int] = []
        for _, _, first, _, blob in rows[order[0]][length]:
            ids.extend(decode(first, blob))
        held[length] = sorted(ids)
    for term in order[1:]:
        _check(deadline)
        held = {
            length: ids
            for length, ids in ((n, sorted(_within(rows[term][n], ids))) for n, ids in held.items())
            if ids
        }
        if not held:
            return []
    if _dropped(conn):  # the dropped copies of a line would fill the k (see `_top`)
        alive = _live(conn, [record for ids in held.values() for record in ids])
        held = {
            length: still
            for length, ids in held.items()
            if (still := [r for r in ids if r in alive])
        }
    # Each term's weight in the records in common, as `_Query` weighs a bucket.
    weight_of: dict[str, dict[int, float]] = {term: {} for term in unique}
    for length, ids in held.items():
        for term in unique:
            lookup = weight_of[term]
            for ft, fs, first, last, blob in rows[term][length]:
                found_ids = _among(ids, first, last, blob)
                if found_ids:
                    freq = _frequency(ft, fs, weights, length, avgdl)
                    lookup.update(dict.fromkeys(found_ids, _weight(idf[term], freq)))
    common = [record for ids in held.values() for record in ids]
    scores = [0.0] * len(common)
    for term in phrases:  # in the query's order, as `best` adds them
        scores = list(map(add, scores, map(weight_of[term].__getitem__, common)))
    kept = sorted(zip(scores, map(neg, common), strict=True), reverse=True)[:k]
    return [(-negated, score) for score, negated in kept]


def _within(chunks: list[_Row], records: list[int]) -> list[int]:
    """Those of `records` (ascending) that `chunks` hold."""
    found: list[int] = []
    for _, _, first, last, blob in chunks:
        found.extend(_among(records, first, last, blob))
    return found


def _among(records: Sequence[int], first: int, last: int, blob: bytes) -> list[int]:
    """Those of `records` (ascending) the chunk from `first` to `last` holds: a chunk
    whose span holds none is not decoded."""
    at = bisect_left(records, first)
    end = bisect_right(records, last, at)
    if at == end:
        return []
    docs = decode(first, blob)
    if (end - at) * _BISECT_COST < len(docs):
        return [
            record
            for record in records[at:end]
            if (spot := bisect_left(docs, record)) < len(docs) and docs[spot] == record
        ]
    if len(docs) * _BISECT_COST < end - at:
        # Far fewer ids than records in the span (`text_frequencies`' live ids): each id
        # is looked for, not a set made of 100,000 records (hook17).
        return [
            doc
            for doc in docs
            if (spot := bisect_left(records, doc, at, end)) < end and records[spot] == doc
        ]
    return list(set(records[at:end]).intersection(docs))


def explain(
    conn: sqlite3.Connection,
    terms: list[str],
    record: int,
    weights: tuple[float, float],
    related: dict[str, float] | None = None,
) -> list[tuple[str, str, float]]:
    """(query term, field, weight) of each term that matched `record`: the term's bm25
    in the record, shared between the text and the speaker by what each field counted
    (so that they add up to the record's score); a `related` word (see `best`) with its
    share of that."""
    query = _Query(conn, terms, weights, related=related)
    words = list(related or {})
    asked = zip(terms, query_tokens(terms), strict=True)
    found: dict[tuple[str, str], float] = {}
    for term, tokens in chain(asked, zip(words, query_tokens(words), strict=True)):
        for token in tokens:
            if token not in query.idf or (term in words) != (token in query.share):
                continue
            for length, ft, fs, first, blob in conn.execute(
                "SELECT len, ft, fs, first, docs FROM postings "
                "WHERE term = ? AND first <= ? AND last >= ?",
                (token, record, record),
            ):
                if record not in decode(first, blob):
                    continue
                freq = _frequency(ft, fs, weights, length, query.avgdl)
                weight = _weight(query.idf[token], freq)
                weight *= query.share.get(token, 1.0)
                text = _frequency(ft, 0, weights, length, query.avgdl)
                for field, count, counted in (("text", ft, text), ("speaker", fs, freq - text)):
                    if count:
                        part = weight * counted / freq if freq else 0.0
                        found[(term, field)] = found.get((term, field), 0.0) + part
                break
    return [(term, field, weight) for (term, field), weight in found.items()]


_BISECT_COST = 16
"""About what one record's binary search in a chunk costs (`holding`), in ids of the
chunk scanned by a set's intersection: fewer records than a chunk's ids over this are
each looked for, more are intersected with it whole (and a chunk's ids are each looked
for among as many times more records)."""


def holding(conn: sqlite3.Connection, terms: list[str], records: list[int]) -> dict[int, set[str]]:
    """The `terms` each of `records` holds (in the text or the speaker's name), as FTS5
    matched a quoted query term: every one of its tokens. Each term's chunks that span
    one of the records are decoded (at a million records, about all of a word's)."""
    held: dict[int, set[str]] = {record: set() for record in records}
    if not records:
        return held
    ordered = sorted(held)
    for term, tokens in zip(terms, query_tokens(terms), strict=True):
        having: set[int] | None = None
        for token in tokens:
            found: set[int] = set()
            for first, last, blob in conn.execute(
                "SELECT first, last, docs FROM postings WHERE term = ? AND first <= ? "
                "AND last >= ?",
                (token, ordered[-1], ordered[0]),
            ):
                at = bisect_left(ordered, first)
                end = bisect_right(ordered, last, at)
                if at < end:
                    # Only the records in the chunk's span, matched against its ids
                    # without a set of the chunk built each time: a word most records
                    # hold has chunks of thousands, a few hundred records are asked about.
                    docs = decode(first, blob)
                    if (end - at) * _BISECT_COST < len(docs):
                        found.update(
                            record
                            for record in ordered[at:end]
                            if (spot := bisect_left(docs, record)) < len(docs)
                            and docs[spot] == record
                        )
                    else:
                        found.update(set(ordered[at:end]).intersection(docs))
            having = found if having is None else having & found
        for record in having or ():
            held[record].add(term)
    return held


def spoken(conn: sqlite3.Connection, term: str) -> bool:
    """Whether some record's speaker's name holds `term`'s first token."""
    tokens = query_tokens([term])[0]
    if not tokens:
        return False
    row = conn.execute("SELECT 1 FROM postings WHERE term = ? AND fs > 0 LIMIT 1", (tokens[0],))
    return row.fetchone() is not None


def document_frequency(conn: sqlite3.Connection, term: str) -> tuple[int, int]:
    """(records holding `term`'s first token, records counted): FTS5's `nHit` and row
    count, which its idf is made of (dropped records included, as FTS5 kept them)."""
    tokens = query_tokens([term])[0]
    records, _ = _stats(conn)
    if not tokens:
        return 0, records
    (hits,) = conn.execute(
        "SELECT coalesce(sum(n), 0) FROM postings WHERE term = ?", (tokens[0],)
    ).fetchone()
    return int(hits), records


def text_frequencies(
    conn: sqlite3.Connection, tokens: set[str], kind: str | None = None
) -> tuple[int, dict[str, int]]:
    """(records counted, token -> the records whose text holds it): a word's document
    frequency in what was said, not in who said it (a speaker's name labels each of
    their turns). Only live records count, of `kind` (memory, thread) when given: a
    dropped record keeps its postings until the rebuild garbage triggers, and each
    rewrite of MEMORY.md but an append drops and adds again every line of it, so with
    the postings' own counts a word of one bullet gained a record a rewrite (review 18
    #2). Each token's chunks whose span holds none of the records are not decoded. With
    nothing dropped (no garbage) and no `kind`, every posting is a live record's, and the
    postings' own counts answer without reading 100,000 ids a prompt (the prompt hook's
    p95 doubled at 100k records when they were read: bench/hook_prompt.py). With records
    dropped, a chunk whose span holds only live ids counts all it holds undecoded, and
    live ids without a gap are a range, not read (`_live_ids`): a prompt after MEMORY.md
    was rewritten spent 211 ms of CPU here, decoding every chunk of its words (hook17)."""
    if kind is None and not _dropped(conn):
        records, _ = _stats(conn)
        counted = {}
        for token in tokens:
            (hits,) = conn.execute(
                "SELECT coalesce(sum(n), 0) FROM postings WHERE term = ? AND ft > 0", (token,)
            ).fetchone()
            counted[token] = int(hits)
        return records, counted
    live: Sequence[int]
    if kind is None:
        live = _live_ids(conn)
    else:
        rows = conn.execute(
            "SELECT records.id FROM records JOIN files ON files.id = records.file "
            "WHERE files.kind = ? ORDER BY records.id",
            (kind,),
        )
        live = [record for (record,) in rows]
    found = dict.fromkeys(tokens, 0)
    if not live:
        return 0, found
    for token in tokens:
        for first, last, held, blob in conn.execute(
            "SELECT first, last, n, docs FROM postings WHERE term = ? AND ft > 0 "
            "AND first <= ? AND last >= ?",
            (token, live[-1], live[0]),
        ):
            # A chunk holds `held` distinct ids from `first` to `last`: when every id
            # of that span is live, so are they all, and the chunk is not decoded.
            at = bisect_left(live, first)
            if bisect_right(live, last, at) - at == last - first + 1:
                found[token] += held
            else:
                found[token] += len(_among(live, first, last, blob))
    return len(live), found


def _live_ids(conn: sqlite3.Connection) -> Sequence[int]:
    """Every live record id, ascending: a `range` when they run without a gap (a
    MEMORY.md rewritten that was indexed first, or last), which is known from their
    count, lowest and highest without reading 100,000 ids into a list (bench/README.md,
    hook17)."""
    count, lowest, highest = conn.execute(
        "SELECT count(*), min(id), max(id) FROM records"
    ).fetchone()
    if not count:
        return []
    if highest - lowest + 1 == count:
        return range(lowest, highest + 1)
    return [record for (record,) in conn.execute("SELECT id FROM records ORDER BY id")]


def absent(conn: sqlite3.Connection, terms: list[str]) -> list[str]:
    """The terms with a token no record holds: what BM25 cannot match (recall's
    thesaurus looks up their related words instead). The tokens are looked up a chunk
    of ABSENT_CHUNK at a time, one query each: recall's `_joined` asks for every pair of
    a 1,000-word prompt's words, and one query a token cost the prompt hook ~27 ms on a
    62 MB index (review 29 F7)."""
    tokenized = query_tokens(terms)
    wanted = list(dict.fromkeys(token for tokens in tokenized for token in tokens))
    held: set[str] = set()
    for at in range(0, len(wanted), ABSENT_CHUNK):
        chunk = wanted[at : at + ABSENT_CHUNK]
        # EXISTS stops at a term's first row; `SELECT DISTINCT term ... IN` read every
        # row of a common term (200 times slower on one with 20,000 rows).
        rows = conn.execute(
            f"WITH wanted(t) AS (VALUES {','.join(['(?)'] * len(chunk))}) SELECT t FROM "
            "wanted WHERE EXISTS (SELECT 1 FROM postings WHERE term = wanted.t)",
            chunk,
        )
        held.update(term for (term,) in rows)
    return [
        term
        for term, tokens in zip(terms, tokenized, strict=True)
        if any(token not in held for token in tokens)
    ]


ABSENT_CHUNK = 500
"""Tokens a query of `absent` asks for: below SQLite's oldest limit on a statement's
parameters (999)."""


def beginning(conn: sqlite3.Connection, prefix: str, limit: int) -> list[str]:
    """At most `limit` terms that begin with `prefix` and are longer, by the postings' key
    (UTF-8 orders as code points do: they lie between `prefix` and its next character)."""
    above = prefix[:-1] + chr(ord(prefix[-1]) + 1)
    rows = conn.execute(
        "SELECT DISTINCT term FROM postings WHERE term > ? AND term < ? LIMIT ?",
        (prefix, above, limit),
    )
    return [term for (term,) in rows]
