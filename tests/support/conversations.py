"""Conversations that more than one test module writes into a workspace: a chat between
named speakers with the times each thing was said, a long build thread worth compacting,
a tool turn whose oversized result eviction moves to a file (with the placeholder
and file name eviction gives it), and a long catch-up between two friends that builtin's
flush budget cuts (`CATCH_UP`, flushed with `flushed`).
"""

from __future__ import annotations

import hashlib
from typing import Any

from memctl.models.builtin import BuiltinModel
from memctl.models.interface import Request

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


DAY = "2025-03-12T09:00:00+00:00"  # a Wednesday

CATCH_UP = [
    "Ana: Big news first, I started the new job at Northgate Labs on Monday.",
    "Ben: Northgate Labs! How is the new job so far?",
    "Ana: The job is good, my manager Ruth is kind and the office is near the river.",
    "Ben: That sounds like a good fit for you.",
    "Ana: The coffee there is terrible though.",
    "Ben: Ha. My sister Clara is moving to Lisbon in May for a teaching post.",
    "Ana: Lisbon in May, lucky Clara! Is she taking the cat?",
    "Ben: She is taking the cat, yes, it flies with her.",
    "Ana: I painted the hallway a pale green last weekend.",
    "Ben: Nice.",
    "Ana: The rain was awful all week here.",
    "Ben: Same here, grey and wet.",
    "Ben: I bought a used bike for 300 pounds on Saturday.",
    "Ana: A bike for 300 pounds is a good price. What kind?",
    "Ben: A blue road bike, an old Peugeot.",
    "Ana: I watched a silly film last night.",
    "Ben: Which one?",
    "Ana: I forget the name, it was about a heist.",
    "Ben: Our landlord is raising the rent by 50 pounds from April.",
    "Ana: Ugh, 50 pounds more from April is a lot.",
    "Ben: My knee surgery is booked for the 2nd of April at St. Mary's Hospital.",
    "Ana: Surgery on the 2nd of April, I will visit you at St. Mary's.",
    "Ana: I made pancakes this morning.",
    "Ben: Yum.",
    "Ana: My brother Tom got engaged to Priya last Friday.",
    "Ben: Tom and Priya engaged, that is lovely news!",
    "Ben: The traffic was slow today.",
    "Ana: It always is on Wednesdays.",
    "Ben: I feel tired lately, honestly.",
    "Ana: Get some rest.",
    "Ana: The sky looked pretty this evening.",
    "Ben: It really did.",
    "Ben: I finished reading a long novel.",
    "Ana: Was it good?",
    "Ben: It was fine, a bit slow in the middle.",
    "Ana: Talk soon then.",
]


def said(lines: list[str]) -> list[dict[str, Any]]:
    """`lines` ("Name: text") as a flush payload's conversation: Ana is the user."""
    conversation = []
    for line in lines:
        name, _, text = line.partition(": ")
        role = "user" if name == "Ana" else "assistant"
        conversation.append({"role": role, "name": name, "text": text, "ts": DAY})
    return conversation


def flushed(conversation: list[dict[str, Any]]) -> list[str]:
    payload = {"conversation": conversation, "memory": "", "ledger": ""}
    text = BuiltinModel().complete(Request("flush", [], payload)).text
    return [line[2:] for line in text.splitlines() if line.startswith("- ")]
