"""A text with no direction stores no NaN (review 16 #13): WordLlama's vector of a text
without a token was NaN, with a RuntimeWarning on stderr, and one stored NaN vector made
every later similarity vector hold one."""

from __future__ import annotations

import contextlib
import math
import sqlite3
import warnings
from array import array
from pathlib import Path

import pytest

from memctl.core.config import load_config
from memctl.core.workspace import Workspace
from memctl.retrieval.index.store import index_path
from memctl.retrieval.recall import recall


class NoDirection:
    """Cars on one axis, the rest on another, and a NaN vector for a fact that says
    nothing of either (as a provider might answer for a text it cannot read)."""

    name = "fake:nan"
    context = False

    def embed(self, texts: list[str]) -> list[list[float]]:
        return [
            [3.0, 0.0]
            if "automobile" in t or "vehicle" in t
            else [math.nan, math.nan]
            if "nothing" in t
            else [0.0, 2.0]
            for t in texts
        ]

    def cost(self, tokens: int) -> float | None:
        return 0.0


def test_a_vector_without_direction_is_stored_as_zeros(workspace: Path) -> None:
    lines = [f"- filler fact number {i} about the release train" for i in range(30)]
    lines += ["- This line says nothing.", "- Dana bought a new automobile in March."]
    (workspace / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    ws = Workspace(workspace)
    config = load_config(workspace / "memctl.yaml")
    result = recall(ws, config, "which vehicle was purchased?", embedder=NoDirection())
    assert result.hits and result.hits[0].source == "MEMORY.md:32"
    with contextlib.closing(sqlite3.connect(index_path(ws))) as conn:
        stored = [array("f", blob).tolist() for (blob,) in conn.execute("SELECT vec FROM vectors")]
    assert len(stored) == 32
    assert [0.0, 0.0] in stored
    assert not any(math.isnan(x) for vector in stored for x in vector)


def test_wordllama_gives_a_text_without_tokens_a_zero_vector_and_no_warning() -> None:
    pytest.importorskip("wordllama")
    from memctl.models.semantic import WordLlamaEmbedder

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        empty, said = WordLlamaEmbedder().embed(["", "Dana bought a new automobile."])
    assert empty == [0.0] * len(said)
    assert abs(math.fsum(x * x for x in said) - 1.0) < 1e-3


def test_a_stored_nan_is_the_least_similar() -> None:
    """A NaN stored by an older memctl: last, as argsort sorts it, the rest in order."""
    numpy = pytest.importorskip("numpy")
    from memctl.retrieval.embed import _best

    scores = numpy.array([0.2, numpy.nan, 0.9, 0.5, numpy.nan, 0.9], numpy.float32)
    assert _best(scores, 3).tolist() == [2, 5, 3]
    assert _best(scores, 6).tolist() == [2, 5, 3, 0, 1, 4]
    assert numpy.isnan(scores[1])  # the caller's similarities are left as they were
