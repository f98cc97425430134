"""What memctl knows of context windows, in one place.

A model's window is configured (`context_window`), listed by litellm, or learned from
an overflow error and kept in state.json (`windows`); the smallest known wins. When
none is known, the reference's 160,000 tokens is assumed. Sizes are estimated without a
tokenizer at 2.5 characters a token (`memctl.core.tokens`). Compaction's dynamic trigger and
tail budget derive from the window as the reference derives them.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from memctl.core.config import CompactionConfig
from memctl.core.state import State
from memctl.core.tokens import CHARS_PER_TOKEN
from memctl.models.interface import Model

if TYPE_CHECKING:
    from memctl.core.workspace import Workspace

UNKNOWN_WINDOW = 160_000
"""Tokens assumed when the model's window is unknown (the reference's figure)."""
FRAME_TOKENS = 60
"""The headings of a user message and the per-message overhead of a request."""
RESERVED_TOKENS = 20_000
"""The dynamic trigger leaves this much of the window for the reply and the frame."""
KEEP_MIN_TOKENS = 2_000
KEEP_MAX_TOKENS = 8_000


def chars_for(tokens: float) -> int:
    """The characters that `tokens` estimated tokens hold."""
    return math.floor(tokens * CHARS_PER_TOKEN)


# --------------------------------------------------------------------------- learned windows


def learned_window(state: State, name: str) -> int | None:
    """The window an overflow error stated for model `name` (`state.windows.<name>`)."""
    return state.windows.get(name) or None


def remember_window(ws: Workspace, name: str, window: int) -> None:
    """Store a window stated by an overflow error, for every later run."""

    def change(state: State) -> None:
        state.windows[name] = window

    ws.update_state(change)


def known_window(model: Model, state: State) -> int | None:
    """The model's context window: configured or from litellm's model info, and the
    smaller of that and a window learned from an overflow error (the error is the truth)."""
    values = [v for v in (model.window(), learned_window(state, model.name)) if v]
    return min(values) if values else None


# --------------------------------------------------------------------------- budgets


def trigger_tokens(settings: CompactionConfig, window: int | None) -> int:
    """`trigger_tokens`, or (0) the window less the reserve: half the window if that is
    not positive, 160,000 when the window is unknown."""
    if settings.trigger_tokens > 0:
        return settings.trigger_tokens
    if window is None:
        return UNKNOWN_WINDOW
    left = window - RESERVED_TOKENS
    return left if left > 0 else window // 2


def keep_budget(settings: CompactionConfig, window: int | None) -> int | None:
    """The tail's token budget, or None when the tail is counted in messages."""
    if settings.keep_tokens > 0:
        return settings.keep_tokens
    if settings.keep_tokens == 0 or window is None:
        return None
    derived = int((window - RESERVED_TOKENS) * 0.25)
    # Below an 8,000-token window the reference's 2,000-token floor would keep a tail
    # as large as the trigger, so every turn would compact again: keep a quarter.
    return min(KEEP_MAX_TOKENS, max(KEEP_MIN_TOKENS, derived), window // 4)
