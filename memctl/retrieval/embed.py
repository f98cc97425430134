"""Optional embeddings for recall (`memory.embedding_model`).

Records are embedded through litellm's embedding API (any provider litellm knows, or a
local OpenAI-compatible server through `api_base`: Ollama, llama.cpp, vLLM) and their
unit vectors kept in the index's own SQLite file (the `vectors` table), so deleting the index
drops them with it. Only records without a vector for the configured model are sent,
BATCH at a time, each batch written under the workspace lock as it arrives: a recall
after a day's work embeds that day's records, not the history.

Recall fuses the BM25 ranking with the cosine ranking by reciprocal rank fusion, so a
record that says the same thing in other words can rise. Nothing here may fail a
recall: a provider that is down, refuses the key or answers nonsense leaves BM25 alone,
with one line on stderr.
"""

from __future__ import annotations

import math
import os
import sqlite3
from array import array
from dataclasses import dataclass
from typing import Any

from memctl.core.config import ModelSpec
from memctl.core.workspace import Workspace

BATCH = 64
# A record longer than this is embedded by its start: embedding models take a few
# thousand tokens, and a 100 KB tool result is mostly not what a question is about.
MAX_CHARS = 8_000
VECTOR_CANDIDATES = 200

_PENDING = """
SELECT r.id, f.rel, f.kind, r.start, r.len FROM records r JOIN files f ON f.id = r.file
WHERE r.flag & 1 = 0 AND r.id NOT IN (SELECT id FROM vectors WHERE model = ?)
ORDER BY r.id
"""

# A vector is stored only while its record is still the one read: the lock is not held
# while the provider answers, and an update may drop the record meanwhile, or a rebuild
# give its id to another one.
_STORE = """
INSERT OR REPLACE INTO vectors(id, model, vec) SELECT ?, ?, ? WHERE EXISTS (
    SELECT 1 FROM records r JOIN files f ON f.id = r.file
    WHERE r.id = ? AND f.rel = ? AND r.start = ? AND r.len = ?)
"""


class EmbeddingFailed(Exception):
    """The provider could not embed; recall goes on with BM25."""


@dataclass
class EmbeddingPlan:
    """What bringing the vectors up to date would send (for --dry-run and status)."""

    model: str
    records: int
    chars: int
    tokens: int  # estimated: chars / 4
    cost: float | None  # None: litellm has no price for the model


def pending(conn: sqlite3.Connection, model: str) -> list[tuple[int, str, str, int, int]]:
    return conn.execute(_PENDING, (model,)).fetchall()


def _text(ws: Workspace, rel: str, kind: str, start: int, size: int) -> str | None:
    import json

    from memctl.core.threads import searchable_text
    from memctl.retrieval.search import _chomp

    try:
        fd = os.open(ws.root / rel, os.O_RDONLY)
    except OSError:
        return None
    try:
        raw = os.pread(fd, size, start)
    finally:
        os.close(fd)
    try:
        line = raw.decode("utf-8")
        text = _chomp(line) if kind == "memory" else searchable_text(json.loads(line))
    except (ValueError, RecursionError, AttributeError, TypeError):
        return None
    return text[:MAX_CHARS] if text.strip() else None


def _embed(spec: ModelSpec, texts: list[str]) -> list[list[float]]:
    """Unit vectors for `texts`, in order; EmbeddingFailed on any provider failure."""
    from memctl.models.litellm_adapter import LiteLLMModel, import_litellm

    try:
        litellm = import_litellm()
        credentials = LiteLLMModel(spec)._credentials()
        response = litellm.embedding(
            model=spec.litellm_name,
            input=texts,
            timeout=spec.timeout,
            num_retries=spec.max_retries,
            **credentials,
        )
        items = sorted(response.data, key=lambda item: _field(item, "index"))
        vectors = [[float(x) for x in _field(item, "embedding")] for item in items]
    except Exception as exc:
        first = (str(exc).strip().splitlines() or [type(exc).__name__])[0][:200]
        raise EmbeddingFailed(first) from None
    if len(vectors) != len(texts) or not all(vectors):
        raise EmbeddingFailed(f"{len(vectors)} vectors for {len(texts)} texts")
    return [_unit(vector) for vector in vectors]


def _field(item: Any, name: str) -> Any:
    return item[name] if isinstance(item, dict) else getattr(item, name)


def _unit(vector: list[float]) -> list[float]:
    norm = math.sqrt(sum(x * x for x in vector)) or 1.0
    return [x / norm for x in vector]


def catch_up(ws: Workspace, conn: sqlite3.Connection, spec: ModelSpec) -> int:
    """Embed the records that have no vector yet, BATCH at a time; each batch is
    written in its own transaction under the workspace lock (`index.writing`), so a
    provider failing halfway keeps the batches before it. `conn` is only read: it
    may be read-only. Returns how many were embedded."""
    from memctl.retrieval.index import writing

    done = 0
    todo = pending(conn, spec.name)
    for at in range(0, len(todo), BATCH):
        batch = []
        for rid, rel, kind, start, size in todo[at : at + BATCH]:
            text = _text(ws, rel, kind, start, size)
            if text is not None:
                batch.append((rid, rel, start, size, text))
        if not batch:
            continue
        vectors = _embed(spec, [text for *_, text in batch])
        with writing(ws) as writer:
            writer.executemany(
                _STORE,
                [
                    (rid, spec.name, array("f", vector).tobytes(), rid, rel, start, size)
                    for (rid, rel, start, size, _), vector in zip(batch, vectors, strict=True)
                ],
            )
        done += len(batch)
    return done


def nearest(conn: sqlite3.Connection, spec: ModelSpec, query: str, wanted: int) -> list[int]:
    """Record ids by cosine similarity to `query`, best first."""
    (target,) = _embed(spec, [query])
    scored = []
    for rid, blob in conn.execute(
        "SELECT v.id, v.vec FROM vectors v JOIN records r ON r.id = v.id WHERE v.model = ?",
        (spec.name,),
    ):
        vector = array("f")
        vector.frombytes(blob)
        if len(vector) == len(target):
            scored.append((sum(a * b for a, b in zip(vector, target, strict=True)), rid))
    scored.sort(reverse=True)
    return [rid for _, rid in scored[:wanted]]


def plan(conn: sqlite3.Connection, ws: Workspace, spec: ModelSpec, priced: bool) -> EmbeddingPlan:
    """The records still to embed and what they would cost (`priced`: look the price up
    in litellm's offline table, which imports litellm)."""
    todo = pending(conn, spec.name)
    chars = sum(min(size, MAX_CHARS) for *_, size in todo)
    tokens = chars // 4
    cost = None
    if priced and tokens:
        from memctl.models.litellm_adapter import import_litellm

        info = import_litellm().model_cost.get(spec.litellm_name) or {}
        per_token = info.get("input_cost_per_token")
        cost = per_token * tokens if per_token is not None else None
    elif priced:
        cost = 0.0
    return EmbeddingPlan(spec.name, len(todo), chars, tokens, cost)
