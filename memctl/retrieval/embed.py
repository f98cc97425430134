"""Optional embeddings for recall (`memory.embedding_model`).

Records are embedded by the `Embedder` (memctl.models.interface) the caller hands in:
the litellm adapter's reaches any provider litellm knows, or a local OpenAI-compatible
server through `api_base` (Ollama, llama.cpp, vLLM). Their unit vectors are kept in
the index's own SQLite file (the `vectors` table, under the embedder's name), so
deleting the index drops them with it. Only records without a vector for that name are
sent, BATCH at a time, each batch written under the workspace lock as it arrives: a
recall after a day's work embeds that day's records, not the history.

What is embedded of a record is its text; for an embedder that asks for it
(`Embedder.context`: WordLlama's), a conversation's turn is embedded as said in it:
"Speaker: text" and the turn before it (`_in_context`), so a short reply ("her name is
Pickle") carries the speaker's name and what it answers. Only the turn before, never
after: a log grows at its end, and a vector is made once.

Recall fuses the BM25 ranking with the cosine ranking (`memctl.retrieval.recall.FUSION`),
so a record that says the same thing in other words can rise. Nothing here may fail a
recall: a provider that is down, refuses the key or answers nonsense leaves BM25 alone,
with one line on stderr.
"""

from __future__ import annotations

import json
import math
import sqlite3
import time
from array import array
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from memctl.core.workspace import Workspace
from memctl.models.interface import Embedder, EmbeddingFailed
from memctl.retrieval.corpus import read_record, record_text
from memctl.retrieval.index import writing

BATCH = 64
# A record longer than this is embedded by its start: embedding models take a few
# thousand tokens, and a 100 KB tool result is mostly not what a question is about.
MAX_CHARS = 8_000
# The semantic leg's nearest records recall fuses with BM25's. Deeper than the hits
# wanted: the weighted fusion scales a leg by its candidates' spread (recall.scaled),
# and over 200 the leg's spread was its head's, so its best few lost to BM25's middle;
# 200 -> 800 with that scaling found 2 more of 579 questions (five sets, bench/README.md,
# rank9), 1,600 none more. A record below SEMANTIC_FLOOR that no query word matched is
# dropped after fusion.
VECTOR_CANDIDATES = 800

_PENDING = """
SELECT r.id, f.rel, f.kind, r.start, r.len FROM records r JOIN files f ON f.id = r.file
LEFT JOIN vectors v ON v.id = r.id AND v.model = ?
WHERE r.flag & 1 = 0 AND v.id IS NULL
ORDER BY f.kind != 'memory', r.id
"""
# Memory records first: a catch-up a deadline stops (the prompt hook's, whose recall
# searches memory alone) has embedded those it needs. Each record looks its vector up by
# id (the vectors' primary key): `r.id NOT IN (SELECT id FROM vectors WHERE model = ?)`
# listed every vector first, 75 ms of every recall at 100,000 records, this 57.

# The record before one in its file (by the records' index on file and start), a log
# line that is no entry (flag 1) skipped.
_BEFORE = """
SELECT r.start, r.len FROM records r JOIN files f ON f.id = r.file
WHERE f.rel = ? AND r.start < ? AND r.flag & 1 = 0 ORDER BY r.start DESC LIMIT 1
"""

# A vector is stored only while its record is still the one read: the lock is not held
# while the provider answers, and an update may drop the record meanwhile, or a rebuild
# give its id to another one.
_STORE = """
INSERT OR REPLACE INTO vectors(id, model, vec) SELECT ?, ?, ? WHERE EXISTS (
    SELECT 1 FROM records r JOIN files f ON f.id = r.file
    WHERE r.id = ? AND f.rel = ? AND r.start = ? AND r.len = ?)
"""


class Caught(NamedTuple):
    """What a catch-up did: the records it embedded, and those it left (a deadline)."""

    embedded: int
    left: int


@dataclass
class EmbeddingPlan:
    """What bringing the vectors up to date would send (for --dry-run and status)."""

    model: str
    records: int
    chars: int
    tokens: int  # estimated: chars / 4
    cost: float | None  # None: not priced, or no price is known for the model


def pending(conn: sqlite3.Connection, model: str) -> list[tuple[int, str, str, int, int]]:
    return conn.execute(_PENDING, (model,)).fetchall()


def _text(ws: Workspace, rel: str, kind: str, start: int, size: int) -> str | None:
    said = _said(ws, rel, kind, start, size)
    return None if said is None else said[0][:MAX_CHARS]


def _said(
    ws: Workspace, rel: str, kind: str, start: int, size: int
) -> tuple[str, str | None] | None:
    """A record's text and, for a log entry that names one, its speaker's name; None
    for a record with no text."""
    line = read_record(ws.root / rel, start, size)
    read = None if line is None else record_text(kind, line)
    if line is None or read is None or not read[0].strip():
        return None
    name = None
    if kind == "thread":
        try:
            given = json.loads(line).get("name")
        except (ValueError, RecursionError, AttributeError):
            given = None
        name = given.strip() if isinstance(given, str) and given.strip() else None
    return read[0], name


def _in_context(
    ws: Workspace,
    conn: sqlite3.Connection,
    rel: str,
    kind: str,
    start: int,
    size: int,
    seen: dict[tuple[str, int], str],
) -> str | None:
    """A thread turn as said in its conversation: "Speaker: text" (the speaker's name
    when the entry names one) and the text of the turn before it; a memory record as it
    is. `seen` holds the batch's texts read so far by (file, start): records are embedded
    in their order, so the turn before is mostly the one just read.

    Measured with WordLlama (bench/README.md, "The semantic leg earns its place"): the
    leg alone found 177 of the dev questions' evidence in its first 10, the turn with
    its speaker's name 190, with the turn before it too 204; the turn after as well
    (both neighbours) 198."""
    said = _said(ws, rel, kind, start, size)
    if said is None:
        return None
    text, name = said
    seen[(rel, start)] = text
    if kind != "thread":
        return text[:MAX_CHARS]
    if name is not None:
        text = f"{name}: {text}"
    row = conn.execute(_BEFORE, (rel, start)).fetchone()
    if row is not None:
        before = seen.get((rel, row[0]))
        if before is None:
            earlier = _said(ws, rel, kind, row[0], row[1])
            before = None if earlier is None else earlier[0]
        if before is not None:
            # The turn itself first: a long turn before it is cut, not the turn.
            text = f"{text} {before}"
    return text[:MAX_CHARS]


def _embed(embedder: Embedder, texts: list[str]) -> list[list[float]]:
    """Unit vectors for `texts`, in order; EmbeddingFailed on any provider failure, or
    an answer that is not one vector a text."""
    vectors = embedder.embed(texts)
    if len(vectors) != len(texts) or not all(vectors):
        raise EmbeddingFailed(f"{len(vectors)} vectors for {len(texts)} texts")
    return [_unit(vector) for vector in vectors]


def _unit(vector: list[float]) -> list[float]:
    """`vector` of length 1; a zero vector for one holding a NaN (no direction): none
    is stored, so no similarity is NaN."""
    norm = math.sqrt(sum(x * x for x in vector))
    if math.isnan(norm):
        return [0.0] * len(vector)
    return [x / (norm or 1.0) for x in vector]


def catch_up(
    ws: Workspace,
    conn: sqlite3.Connection,
    embedder: Embedder,
    *,
    deadline: float | None = None,
    before: Callable[[int], None] | None = None,
) -> Caught:
    """Embed the records that have no vector yet (memory records first), BATCH at a
    time; each batch is written in its own transaction under the workspace lock
    (`index.writing`), so a provider failing halfway keeps the batches before it.
    `conn` is only read: it may be read-only. With `deadline` (a `time.monotonic()`
    value), no batch is begun past it, nor the lock waited for longer: `left` counts
    the records it left without a vector. `before`, when given, is told how many
    records are to be embedded before the first batch (none: not called)."""
    done = 0
    todo = pending(conn, embedder.name)
    if todo and before is not None:
        before(len(todo))
    for at in range(0, len(todo), BATCH):
        if deadline is not None and time.monotonic() > deadline:
            return Caught(done, len(todo) - at)
        batch = []
        seen: dict[tuple[str, int], str] = {}
        for rid, rel, kind, start, size in todo[at : at + BATCH]:
            if embedder.context:
                text = _in_context(ws, conn, rel, kind, start, size, seen)
            else:
                text = _text(ws, rel, kind, start, size)
            if text is not None:
                batch.append((rid, rel, start, size, text))
        if not batch:
            continue
        vectors = _embed(embedder, [text for *_, text in batch])
        wait = None if deadline is None else max(0.0, deadline - time.monotonic())
        with writing(ws, wait=wait) as writer:
            writer.executemany(
                _STORE,
                [
                    (rid, embedder.name, array("f", vector).tobytes(), rid, rel, start, size)
                    for (rid, rel, start, size, _), vector in zip(batch, vectors, strict=True)
                ],
            )
        done += len(batch)
    return Caught(done, 0)


# The vectors of `model` of the records the index holds, of the query's width in bytes
# (a vector of another width is another model's, stored under the same name).
_VECTORS = """
SELECT v.id, v.vec FROM vectors v JOIN records r ON r.id = v.id
WHERE v.model = ? AND length(v.vec) = ?
"""


def nearest(
    conn: sqlite3.Connection, embedder: Embedder, query: str, wanted: int
) -> list[tuple[int, float]]:
    """(record id, cosine similarity to `query`), best first, the `wanted` best (of equal
    similarities, the one read first).

    With numpy (which the semantic extra brings) the vectors are scored as one matrix:
    in pure Python 100,000 records of 256 dimensions take seconds."""
    (target,) = _embed(embedder, [query])
    cursor = conn.execute(_VECTORS, (embedder.name, 4 * len(target)))
    try:
        import numpy
    except ImportError:
        return _nearest_python(cursor.fetchall(), target, wanted)
    # Each vector appended to one buffer as it is read: no row kept, no second copy of
    # them all (at 100,000 records, fetchall() and a join of 100 MB of blobs: 80 ms
    # and 118 MB more).
    ids = array("q")
    vectors = bytearray()
    for rid, blob in cursor:
        ids.append(rid)
        vectors += blob
    if not ids:
        return []
    matrix = numpy.frombuffer(vectors, dtype=numpy.float32).reshape(len(ids), len(target))
    similarity = matrix @ numpy.asarray(target, numpy.float32)
    return [(ids[at], float(similarity[at])) for at in _best(similarity, wanted)]


def _best(similarity: Any, wanted: int) -> Any:
    """The indices of the `wanted` greatest of `similarity` (a numpy vector), greatest
    first and, of equal ones, the first first: `argsort(-similarity, kind="stable")`'s
    first `wanted`, without sorting them all. Those at least as great as the wanted-th
    greatest (numpy.partition finds it in linear time; ties with it included) are the
    only ones sorted: at 100,000 records, 800 sorted instead of 100,000. A NaN (a vector
    stored before NaN were made zero vectors) is read as the least similarity, last,
    as argsort sorts it: the partition stays on."""
    import numpy

    negated = -similarity
    negated[numpy.isnan(negated)] = numpy.inf
    if wanted >= len(negated):
        return numpy.argsort(negated, kind="stable")[:wanted]
    if wanted <= 0:
        return negated[:0].astype(numpy.intp)
    bound = numpy.partition(negated, wanted - 1)[wanted - 1]
    chosen = numpy.flatnonzero(negated <= bound)
    return chosen[numpy.argsort(negated[chosen], kind="stable")][:wanted]


def _nearest_python(
    rows: list[tuple[int, bytes]], target: list[float], wanted: int
) -> list[tuple[int, float]]:
    scored = []
    for rid, blob in rows:
        vector = array("f")
        vector.frombytes(blob)
        scored.append((sum(a * b for a, b in zip(vector, target, strict=True)), rid))
    scored.sort(key=lambda pair: -pair[0])
    return [(rid, score) for score, rid in scored[:wanted]]


def plan(
    conn: sqlite3.Connection, model: str, price: Callable[[int], float | None] | None = None
) -> EmbeddingPlan:
    """The records still to embed with `model`, and what they would cost when a `price`
    (input tokens -> dollars, `Embedder.cost`) is given: the adapter's looks it up in
    litellm's offline table, which imports litellm, so status does not ask for it."""
    todo = pending(conn, model)
    chars = sum(min(size, MAX_CHARS) for *_, size in todo)
    tokens = chars // 4
    cost = None
    if price is not None:
        cost = price(tokens) if tokens else 0.0
    return EmbeddingPlan(model, len(todo), chars, tokens, cost)
