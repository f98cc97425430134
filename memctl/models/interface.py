"""The model interface every stage speaks: `complete(Request) -> Reply`.

Stages, the builtin backend and the litellm adapter import this module and nothing of
each other, so the builtin model, a provider and a test fake are interchangeable.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass
class Usage:
    """Tokens and cost of the model calls of one run (cost None where no price is known)."""

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost: float | None = None

    def add(self, other: Usage) -> None:
        self.calls += other.calls
        self.prompt_tokens += other.prompt_tokens
        self.completion_tokens += other.completion_tokens
        if other.cost is not None:
            self.cost = (self.cost or 0.0) + other.cost

    def to_dict(self) -> dict[str, Any]:
        return {
            "calls": self.calls,
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "total_tokens": self.prompt_tokens + self.completion_tokens,
            "cost_usd": self.cost,
        }


@dataclass
class Request:
    """What a stage asks of a model.

    `messages` is the chat request an LLM receives. `payload` carries the same input
    as data (conversation, memory text, budgets) for the builtin backend, which does
    the task without reading prose.
    """

    task: str
    messages: list[dict[str, Any]]
    payload: dict[str, Any] = field(default_factory=dict)
    tools: list[dict[str, Any]] | None = None
    max_tokens: int | None = None
    on_text: Callable[[str], None] | None = None
    """Receives the reply's text as it arrives (streamed), for a person watching."""


@dataclass
class Reply:
    """A model's answer to one request, with its usage."""

    text: str
    model: str
    usage: Usage
    tool_calls: list[dict[str, Any]] | None = None
    notes: list[str] = field(default_factory=list)
    """What the model says about its answer besides it (builtin: the facts a newer one
    replaced in a consolidation), for the run to report."""
    sources: dict[str, list[tuple[str, str]]] | None = None
    """For a consolidation, the input lines each fact of the answer was merged from:
    fact text -> `(name, line)`, name being the daily file's as sent, or "" for a line
    of MEMORY.md. None when the model does not say (an LLM): the run matches by text."""


class Model(Protocol):
    name: str
    offline: bool
    """Free and deterministic (builtin): a dry run may as well run it."""
    supports_tools: bool
    """Calls the memory tools itself; one that cannot (builtin) is given what they find."""

    def complete(self, request: Request) -> Reply: ...

    def window(self) -> int | None:
        """The model's input limit in tokens, or None when unknown."""
        ...

    def estimate_cost(self, prompt_tokens: int, completion_tokens: int = 0) -> float | None:
        """Dollars a request of this size would cost, for a dry run to show before
        anything is sent; None when no price is known."""
        ...


class EmbeddingFailed(Exception):
    """The provider could not embed (down, refused the key, answered nonsense): recall
    goes on with BM25 alone."""


class Embedder(Protocol):
    """Turns texts into vectors, for recall's embeddings (`memory.embedding_model`)."""

    name: str
    """The configured name; vectors are stored under it, so another model starts over."""

    context: bool
    """Whether a conversation's turn is embedded as said in it, with its speaker's name
    and the turn before it (`memctl.retrieval.embed`), not alone: measured for WordLlama
    only, so a provider's model keeps the vectors it made of turns alone."""

    def embed(self, texts: list[str]) -> list[list[float]]:
        """One vector a text, in order; EmbeddingFailed on any failure of the provider."""
        ...

    def cost(self, tokens: int) -> float | None:
        """The price of embedding `tokens` input tokens; None when no price is known."""
        ...


@dataclass(frozen=True)
class Models:
    """The chat models of one run, by role: `main` holds the conversation, `compaction`
    writes summaries, `memory` flushes and consolidates; and `embedder`, the one recall
    ranks with (None when memory.embedding_model is not set).

    The entry point of a run (a CLI command, the hook handler) makes the bundle
    (`memctl.models.resolve.resolve_models`) and hands it to the stages, which never
    build a model. Each role is built on its first call and kept for the run: a run that
    never compacts never builds the compaction model, and one first needed late (the
    flush after a turn's overflow) knows the context windows learned before it.
    """

    main: Callable[[], Model]
    compaction: Callable[[], Model]
    memory: Callable[[], Model]
    embedder: Callable[[], Embedder | None] = lambda: None

    def __post_init__(self) -> None:
        for role in ("main", "compaction", "memory", "embedder"):
            object.__setattr__(self, role, functools.cache(getattr(self, role)))

    @classmethod
    def of(
        cls, main: Model, compaction: Model | None = None, memory: Model | None = None
    ) -> Models:
        """Models already built (a library caller, a test): a role not given is `main`."""
        return cls(lambda: main, lambda: compaction or main, lambda: memory or main)
