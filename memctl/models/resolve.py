"""Which model a name means: `builtin` or a provider through litellm.

`builtin` is an offline, deterministic, non-LLM backend (see `memctl.models.builtin`), so the
pipeline runs without a key and tests are reproducible. Every other name goes to the
litellm adapter (`memctl.models.litellm_adapter`), which imports litellm only inside a call.
"""

from __future__ import annotations

from memctl.core.config import ModelSpec
from memctl.core.workspace import Workspace
from memctl.models.builtin import BuiltinModel
from memctl.models.interface import Model
from memctl.models.litellm_adapter import LiteLLMModel
from memctl.models.windows import learned_window


def resolve(spec: ModelSpec, learned_window: int | None = None) -> Model:
    if spec.is_builtin:
        return BuiltinModel(spec)
    return LiteLLMModel(spec, learned_window)


def resolve_model(ws: Workspace, spec: ModelSpec) -> Model:
    """The model for `spec`, knowing the window an earlier overflow error stated.

    Every command resolves its models here, so a window learned once (by `call`'s
    overflow recovery or a summary that overflowed) sizes every later request.
    """
    return resolve(spec, learned_window(ws.read_state(), spec.name))
