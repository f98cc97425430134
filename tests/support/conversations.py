"""Conversations that more than one test module writes into a workspace: a chat between
named speakers with the times each thing was said, a long build thread worth compacting,
and a tool turn whose oversized result eviction moves to a file (with the placeholder
and file name eviction gives it).
"""

from __future__ import annotations

import hashlib
from typing import Any

CONVERSATION = [
    {
        "role": "user",
        "name": "Caroline",
        "content": "I went to an LGBTQ support group yesterday and it was so powerful.",
        "ts": "2023-05-08T13:56:00+00:00",
    },
    {
        "role": "assistant",
        "content": "Melanie: Wow, that's great! I'm swamped with the kids & work.",
        "ts": "2023-05-08T13:58:00+00:00",
    },
    {
        "role": "user",
        "name": "Caroline",
        "content": "Next month I'm going to start a counseling course.",
        "ts": "2023-05-20T09:01:00+00:00",
    },
    {
        "role": "assistant",
        "name": "Melanie",
        "content": "I painted a sunrise last week, my first painting this year.",
        "ts": "2023-05-20T09:05:00+00:00",
    },
]
"""Two speakers (one named only in her text) over two days, with relative dates
("yesterday", "last week") for flush to resolve: tests/pipeline/test_flush_speakers.py
sends it to a model, tests/models/test_builtin_facts.py to the builtin one."""

LONG_THREAD = [
    {
        "role": "user" if n % 2 == 0 else "assistant",
        "content": f"Step {n}: the build cache for service {n} lives in bucket b-{n}. " * 4,
    }
    for n in range(60)
]
"""Sixty messages: enough for compact to summarise most of them (priced in
tests/models/test_cost.py, on a terminal in tests/system/test_terminal.py)."""


def tool_turn(call_id: str, content: str, tool: str = "grep", named: bool = False) -> list[dict]:
    """A user asks, the assistant calls `tool`, its result is `content`, the assistant is
    done: the shape eviction looks for."""
    result: dict[str, Any] = {"role": "tool", "tool_call_id": call_id, "content": content}
    if named:
        result["name"] = tool
    return [
        {"role": "user", "content": "look it up"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": call_id, "type": "function", "function": {"name": tool, "arguments": "{}"}}
            ],
        },
        result,
        {"role": "assistant", "content": "done"},
    ]


def expected_placeholder(text: str, path: str, head: int = 2000, tail: int = 2000) -> str:
    """The message an evicted result of `text`, written to `path`, leaves in the context,
    spelled out here so that a change of eviction's wording fails a test."""
    k_head = min(head, len(text) // 2)
    k_tail = min(tail, len(text) // 2)
    return (
        f"[Tool result evicted from the context: {len(text):,} chars; the full text is in "
        f"{path} (read it with memory_get for the rest).]\n\n"
        f"Preview (first {k_head} chars):\n{text[:k_head]}\n\n"
        f"... and last {k_tail} chars:\n{text[len(text) - k_tail :]}"
    )


def name_for(call_id: str, text: str) -> str:
    """The file name eviction gives the result `text` of call `call_id`."""
    return f"{call_id}-{hashlib.sha256(text.encode()).hexdigest()[:16]}"


def kept_facts(lines: tuple[str, ...], day: str) -> list[str]:
    """The facts builtin keeps of a group chat's `lines` ("Name: text", each a member's
    message in the user role, as a pasted chat's are), all said at `day`."""
    from memctl.models.facts import extract

    conversation: list[dict[str, Any]] = []
    for line in lines:
        name, _, text = line.partition(": ")
        conversation.append({"role": "user", "name": name, "text": text, "ts": day})
    return extract(conversation, [], lambda text: False)
