"""Which model a name means: `builtin` or a provider through litellm.

`builtin` is an offline, deterministic, non-LLM backend (see `memctl.models.builtin`), so the
pipeline runs without a key and tests are reproducible. Every other name goes to the
litellm adapter (`memctl.models.litellm_adapter`), which imports litellm only inside a call.

Only entry points (the CLI commands, the hook handler) resolve; stages are handed the
models. Both backends are imported only when one is built, so an entry point that may
need no model (a hook's SessionStart) pays nothing for making the bundle.
"""

from __future__ import annotations

from memctl.core.config import Config, ModelSpec
from memctl.core.workspace import Workspace
from memctl.models.interface import Embedder, Model, Models
from memctl.models.windows import learned_window


def resolve(spec: ModelSpec, learned_window: int | None = None) -> Model:
    if spec.is_builtin:
        from memctl.models.builtin import BuiltinModel

        return BuiltinModel(spec)
    from memctl.models.litellm_adapter import LiteLLMModel

    return LiteLLMModel(spec, learned_window)


def resolve_model(ws: Workspace, spec: ModelSpec) -> Model:
    """The model for `spec`, knowing the window an earlier overflow error stated.

    Every command resolves its models here, so a window learned once (by `call`'s
    overflow recovery or a summary that overflowed) sizes every later request.
    """
    return resolve(spec, learned_window(ws.read_state(), spec.name))


def resolve_models(ws: Workspace, config: Config) -> Models:
    """The run's main, compaction and memory models and its embedder, each resolved
    on first use.

    The compaction model is the main model itself when configured the same (one
    instance, as `call` sends both); the memory model is always its own, resolved when
    a flush or consolidation first needs it.
    """

    def compaction() -> Model:
        if config.compaction_model == config.model:
            return models.main()
        return resolve_model(ws, config.compaction_model)

    models = Models(
        lambda: resolve_model(ws, config.model),
        compaction,
        lambda: resolve_model(ws, config.memory_model),
        lambda: resolve_embedder(config),
    )
    return models


def resolve_embedder(config: Config) -> Embedder | None:
    """The embedder recall ranks with: memory.embedding_model's through litellm when it
    is set (a user with a key chose it), else WordLlama, offline, when `recall.semantic`
    is on, or auto and the `memctl[semantic]` extra is installed; None: BM25 alone.
    Builtin has none: the configuration refuses it. WordLlama is not loaded here but
    on its first embedding (`memctl.models.semantic`)."""
    from memctl.models.semantic import NAME, WordLlamaEmbedder, embedder_name

    spec = config.memory.embedding_model
    if spec is not None:
        from memctl.models.litellm_adapter import LiteLLMEmbedder

        return LiteLLMEmbedder(spec)
    return WordLlamaEmbedder() if embedder_name(config) == NAME else None
