"""Token estimates that need no tokenizer (and so no litellm import)."""

from __future__ import annotations

import json
import math
from typing import Any

CHARS_PER_TOKEN = 2.5
"""The reference's estimate (memctl.models.windows sizes requests by it)."""
CHARS_PER_TOKEN_BUDGET = 4
"""Budgets (MEMORY.md, consolidation) count chars / 4, as the reference does."""


def text_tokens(text: str) -> int:
    """The reference's per-text estimate: ceil(chars / 2.5)."""
    return math.ceil(len(text) / CHARS_PER_TOKEN)


def budget_tokens(text: str) -> int:
    return math.ceil(len(text) / CHARS_PER_TOKEN_BUDGET)


def message_tokens(message: dict[str, Any]) -> int:
    """ceil(chars / 2.5) + 5 a message, +10 a tool call, +8 a tool result."""
    content = message.get("content")
    if isinstance(content, str):
        chars = len(content)
    elif content is None:
        chars = 0
    else:
        chars = len(json.dumps(content, ensure_ascii=False))
    tokens = math.ceil(chars / CHARS_PER_TOKEN) + 5
    for call in message.get("tool_calls") or []:
        function = call.get("function") or {}
        chars = len(function.get("name", "")) + len(function.get("arguments", ""))
        tokens += math.ceil(chars / CHARS_PER_TOKEN) + 10
    if message.get("role") == "tool":
        tokens += 8
    return tokens


def messages_tokens(messages: list[dict[str, Any]]) -> int:
    return sum(message_tokens(m) for m in messages)
