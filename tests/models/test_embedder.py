"""The embedder behind recall's embeddings: resolved from memory.embedding_model, and
the litellm adapter's, whose every failure is one EmbeddingFailed line.

The adapter against a real endpoint (vectors, batches, a failing provider) is tested
through recall in tests/retrieval/test_embed.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memctl.core.config import ModelSpec, load_config
from memctl.core.workspace import Workspace
from memctl.models.builtin import BuiltinModel
from memctl.models.interface import EmbeddingFailed, Models
from memctl.models.litellm_adapter import LiteLLMEmbedder, import_litellm
from memctl.models.resolve import resolve_embedder, resolve_models
from tests.support.helpers import BM25_ONLY

PRICED = "azure:text-embedding-3-small"


def test_no_embedding_model_and_semantic_off_resolves_to_none(workspace: Path) -> None:
    (workspace / "memctl.yaml").write_text("model: openai:gpt-4.1-mini\n" + BM25_ONLY)
    assert resolve_embedder(load_config(workspace / "memctl.yaml")) is None


def test_an_embedding_model_resolves_to_the_adapter_under_its_name(workspace: Path) -> None:
    (workspace / "memctl.yaml").write_text(f"memory:\n  embedding_model: {PRICED}\n")
    embedder = resolve_embedder(load_config(workspace / "memctl.yaml"))
    assert isinstance(embedder, LiteLLMEmbedder)
    assert embedder.name == PRICED and embedder.spec.litellm_name == "azure/text-embedding-3-small"


def test_the_run_bundle_resolves_the_embedder_once_on_first_use(workspace: Path) -> None:
    (workspace / "memctl.yaml").write_text(f"memory:\n  embedding_model: {PRICED}\n")
    config = load_config(workspace / "memctl.yaml")
    models = resolve_models(Workspace(workspace), config)
    embedder = models.embedder()
    assert isinstance(embedder, LiteLLMEmbedder) and embedder.name == PRICED
    assert models.embedder() is embedder
    (workspace / "memctl.yaml").write_text(BM25_ONLY)
    assert (
        resolve_models(Workspace(workspace), load_config(workspace / "memctl.yaml")).embedder()
        is None
    )
    assert Models.of(BuiltinModel()).embedder() is None  # models already built: no embedder


@pytest.mark.slow
def test_the_cost_comes_from_litellms_offline_price_table() -> None:
    per_token = import_litellm().model_cost["azure/text-embedding-3-small"]["input_cost_per_token"]
    assert per_token > 0
    assert LiteLLMEmbedder(ModelSpec(PRICED)).cost(1_000) == pytest.approx(per_token * 1_000)
    assert LiteLLMEmbedder(ModelSpec("openai:no-such-embedder")).cost(1_000) is None
    # The table lists OpenAI's own models without the provider prefix.
    openai = import_litellm().model_cost["text-embedding-3-small"]["input_cost_per_token"]
    spec = ModelSpec("openai:text-embedding-3-small")
    assert LiteLLMEmbedder(spec).cost(1_000) == pytest.approx(openai * 1_000)


@pytest.mark.slow
def test_a_setup_mistake_is_one_embedding_failed_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """A missing key is reported as the chat models report it, but as EmbeddingFailed:
    recall goes on with BM25 and says why in one line."""
    monkeypatch.delenv("MEMCTL_TEST_NO_KEY", raising=False)
    spec = ModelSpec(PRICED, api_key_env="MEMCTL_TEST_NO_KEY")
    with pytest.raises(EmbeddingFailed) as failed:
        LiteLLMEmbedder(spec).embed(["a text"])
    assert str(failed.value) == (
        f"model {PRICED}: the environment variable MEMCTL_TEST_NO_KEY (api_key_env) is not set"
    )
