"""Where a context is cut: the tail that compaction keeps, and tool-call arguments
shortened by `truncate_args`.

Both compaction (what it summarises) and `context` (what `call` sends) cut at the same
places, so the two live here rather than in either: the kept tail never starts with a
tool result, and a truncated argument is redacted before it is cut.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from memctl.core.config import CompactionConfig, TruncateArgs
from memctl.core.tokens import message_tokens
from memctl.models.windows import keep_budget

TRUNCATED_HEAD_CHARS = 20
"""A truncated tool-call argument keeps this much of its start (a hint of what it was),
or `max_arg_length` when that is less."""


# --------------------------------------------------------------------------- tail


def suffix_tokens(messages: list[dict[str, Any]]) -> list[int]:
    """suffix[i] = tokens of messages[i:] (one pass, so cuts cost O(n) to evaluate)."""
    totals = [0] * (len(messages) + 1)
    for position in range(len(messages) - 1, -1, -1):
        totals[position] = totals[position + 1] + message_tokens(messages[position])
    return totals


def _back_to_call(messages: list[dict[str, Any]], start: int, floor: int) -> int:
    """Move a cut that lands on a tool result back to the assistant message that made
    the call (the nearest earlier message that is not a tool result)."""
    while start > floor and messages[start].get("role") == "tool":
        start -= 1
    return start


def _past_results(messages: list[dict[str, Any]], start: int) -> int:
    while start < len(messages) and messages[start].get("role") == "tool":
        start += 1
    return start


def tail_start(
    messages: list[dict[str, Any]],
    settings: CompactionConfig,
    window: int | None,
    *,
    floor: int = 0,
    cap_tokens: int | None = None,
    min_tail: int = 1,
    totals: list[int] | None = None,
) -> int:
    """Where the kept tail begins in `messages` (positions before `floor` are never kept).

    By `keep_messages` or by token budget (the earliest position whose suffix fits, with
    at least `min_tail` messages); `cap_tokens` shrinks it further so a retry fits. The
    tail never starts with a tool result: the cut moves back to the call, or, when that
    would break the cap, forward past the results.
    """
    count = len(messages)
    totals = totals or suffix_tokens(messages)
    last_allowed = max(floor, count - min_tail)
    budget = keep_budget(settings, window)
    if budget is None:
        start = max(floor, count - settings.keep_messages)
    else:
        start = floor
        while start < last_allowed and totals[start] > budget:
            start += 1
    if cap_tokens is not None:
        while start < last_allowed and totals[start] > cap_tokens:
            start += 1
    start = min(start, count)
    if start < count and messages[start].get("role") == "tool":
        back = _back_to_call(messages, start, floor)
        forward = _past_results(messages, start)
        fits_back = cap_tokens is None or totals[back] <= cap_tokens
        forward_ok = count - forward >= min_tail
        start = back if fits_back or not forward_ok else forward
    return start


# --------------------------------------------------------------------------- truncate_args


def _cut(text: str, settings: TruncateArgs) -> str | None:
    """`text` cut to its head and the truncation text; None when that would not make it
    shorter (a `max_arg_length` below the head, or a value barely over it)."""
    head = min(TRUNCATED_HEAD_CHARS, settings.max_arg_length)
    cut = text[:head] + settings.truncation_text
    return cut if len(cut) < len(text) else None


def _truncate_value(value: Any, settings: TruncateArgs) -> tuple[Any, int]:
    if isinstance(value, str):
        cut = _cut(value, settings) if len(value) > settings.max_arg_length else None
        return (value, 0) if cut is None else (cut, 1)
    if isinstance(value, dict):
        changed = 0
        out: dict[str, Any] = {}
        for key, item in value.items():
            out[key], count = _truncate_value(item, settings)
            changed += count
        return out, changed
    if isinstance(value, list):
        items = [_truncate_value(item, settings) for item in value]
        return [item for item, _ in items], sum(count for _, count in items)
    return value, 0


def truncate_arguments(arguments: str, settings: TruncateArgs) -> tuple[str, int]:
    """Cut long string values inside a JSON arguments object; a raw string if not JSON."""
    if len(arguments) <= settings.max_arg_length:
        return arguments, 0
    try:
        parsed = json.loads(arguments)
    except (ValueError, RecursionError):  # RecursionError: nested too deeply
        parsed = None
    if not isinstance(parsed, dict | list):
        cut = _cut(arguments, settings)
        return (arguments, 0) if cut is None else (cut, 1)
    value, count = _truncate_value(parsed, settings)
    if not count:
        return arguments, 0
    return json.dumps(value, ensure_ascii=False), count


def truncate_tool_args(
    messages: list[dict[str, Any]],
    settings: TruncateArgs | None,
    end: int,
    redact: Callable[[str], str],
) -> tuple[list[dict[str, Any]], int]:
    """Apply `truncate_args` to the tool calls of messages[:end] (copies; no model call).

    The arguments are redacted whole (`redact`: `Redactor.json`, which keeps them JSON)
    before a value is cut: the kept head of a value would otherwise carry the start of
    a token with nothing left to recognise it by.
    Returns the messages and how many arguments were cut.
    """
    if settings is None:
        return messages, 0
    out = list(messages)
    total = 0
    for position in range(min(end, len(messages))):
        message = messages[position]
        calls = message.get("tool_calls")
        if not calls:
            continue
        new_calls = []
        changed = 0
        for call in calls:
            function = call.get("function") or {}
            arguments = function.get("arguments")
            if isinstance(arguments, str):
                cut, count = truncate_arguments(redact(arguments), settings)
                if count:
                    call = {**call, "function": {**function, "arguments": cut}}
                    changed += count
            new_calls.append(call)
        if changed:
            out[position] = {**message, "tool_calls": new_calls}
            total += changed
    return out, total
