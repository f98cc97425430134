"""litellm's bundled price and context-window table, read without importing litellm.

`import litellm` costs about a second of CPU; `doctor --offline` only needs to know
whether a model is listed, its provider and its window, which the JSON file inside the
installed package says. A model the table does not list falls back to litellm itself.
"""

from __future__ import annotations

import functools
import importlib.util
import json
from pathlib import Path
from typing import Any

_TABLE = "model_prices_and_context_window_backup.json"

# The variables litellm's validate_environment asks for, for the providers whose answer
# is one fixed key; any other provider asks litellm (imported then).
KEY_ENV = {
    "openai": ["OPENAI_API_KEY"],
    "anthropic": ["ANTHROPIC_API_KEY"],
    "gemini": ["GEMINI_API_KEY"],
    "mistral": ["MISTRAL_API_KEY"],
    "groq": ["GROQ_API_KEY"],
    "deepseek": ["DEEPSEEK_API_KEY"],
}


@functools.cache
def _table() -> dict[str, Any]:
    """The table, or {} when litellm is not installed or its file moved."""
    spec = importlib.util.find_spec("litellm")
    if spec is None or spec.origin is None:
        return {}
    try:
        data = json.loads((Path(spec.origin).parent / _TABLE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def listed(litellm_name: str) -> dict[str, Any] | None:
    """The table's entry for `provider/model`, or None: the entry is keyed by the full
    name or by the model alone, and must name the same provider."""
    provider, _, bare = litellm_name.partition("/")
    for key in (litellm_name, bare):
        entry = _table().get(key)
        if isinstance(entry, dict) and entry.get("litellm_provider") == provider:
            return entry
    return None


def listed_window(litellm_name: str) -> int | None:
    """The window the table lists (max_input_tokens, else max_tokens), as litellm's
    get_model_info reads it."""
    entry = listed(litellm_name) or {}
    value = entry.get("max_input_tokens") or entry.get("max_tokens")
    return int(value) if value else None
