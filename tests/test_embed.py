"""Optional embeddings for recall, against a loopback embedding endpoint (real litellm).

Vectors live in the index's SQLite file, new records are embedded in batches and only
once, the rankings are fused (hybrid), a failing provider leaves BM25 with one line on
stderr, and the cost shows in `index --dry-run` and `status`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memctl.config import load_config
from memctl.recall import recall
from memctl.workspace import Workspace
from tests.embed_server import EmbedServer, embedding_config

KEY_ENV = "MEMCTL_TEST_EMBED_KEY"


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv(KEY_ENV, "sk-loopback")
    monkeypatch.setenv("NO_PROXY", "127.0.0.1")
    monkeypatch.setenv("no_proxy", "127.0.0.1")
    with EmbedServer() as running:
        yield running


@pytest.fixture
def ws(workspace: Path, server: EmbedServer) -> Path:
    (workspace / "memctl.yaml").write_text(embedding_config(server.url, KEY_ENV))
    lines = [f"- filler fact number {i} about the release train" for i in range(100)]
    lines.append("- Dana bought a new automobile in March.")
    (workspace / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return workspace


def run(root: Path, query: str, **options):
    ws = Workspace(root)
    return recall(ws, load_config(root / "memctl.yaml"), query, **options)


@pytest.mark.slow
def test_hybrid_finds_a_paraphrase_bm25_cannot(ws: Path, server: EmbedServer) -> None:
    question = "which vehicle was purchased?"  # no word of it is in the record
    result = run(ws, question)
    assert result.ranking == "hybrid" and result.notes == []
    assert result.hits[0].source == "MEMORY.md:101"
    (ws / "memctl.yaml").write_text("")
    assert "MEMORY.md:101" not in [hit.source for hit in run(ws, question).hits]
    # 101 records in batches of at most 64, then the query
    assert server.batches == [64, 37, 1]


@pytest.mark.slow
def test_only_new_records_are_embedded(ws: Path, server: EmbedServer) -> None:
    run(ws, "car")
    with (ws / "MEMORY.md").open("a", encoding="utf-8") as handle:
        handle.write("- The physician is Dr. Okafor.\n")
    server.batches.clear()
    result = run(ws, "who is the doctor")
    assert server.batches == [1, 1]  # the new record, then the query
    assert result.hits[0].source == "MEMORY.md:102"


@pytest.mark.slow
def test_a_failing_provider_leaves_bm25(ws: Path, server: EmbedServer, cli) -> None:
    server.failing = True
    run_ = cli("-w", ws, "recall", "Dana automobile")
    assert run_.exit_code == 0
    assert run_.stdout.startswith("MEMORY.md:101 ")
    assert len(run_.stderr.splitlines()) == 1
    assert "ranked by BM25 alone" in run_.stderr
    document = json.loads(cli("-w", ws, "--json", "recall", "Dana automobile").stdout)
    assert document["ranking"] == "bm25"


@pytest.mark.slow
def test_cost_in_dry_run_and_status(ws: Path, server: EmbedServer, cli) -> None:
    assert cli("-w", ws, "index").exit_code == 0
    assert server.batches == [64, 37]
    with (ws / "MEMORY.md").open("a", encoding="utf-8") as handle:
        handle.write("- one more fact\n")
    server.batches.clear()
    cli("-w", ws, "search", "one more fact")  # indexes the line, embeds nothing
    dry = cli("-w", ws, "index", "--dry-run")
    assert dry.exit_code == 0, dry.stderr
    assert "1 records to embed with openai:loopback-embed" in dry.stdout
    assert "cost unknown" in dry.stdout  # litellm has no price for the loopback model
    status = json.loads(cli("-w", ws, "--json", "status").stdout)
    assert status["index"]["embeddings_pending"] == 1
    assert server.batches == []  # neither sent anything


def test_builtin_is_not_an_embedding_model(workspace: Path, cli) -> None:
    (workspace / "memctl.yaml").write_text("memory:\n  embedding_model: builtin\n")
    run_ = cli("-w", workspace, "recall", "x")
    assert run_.exit_code == 2 and "embedding_model" in run_.stderr
