"""builtin after audit 18, an agent's long week of numbered steps and large tool results.

Finding 2: an agent's steps by their number ("step 3: run shell", "Step 3 done.") are
no facts: the number says where a step falls in the session, no quantity that anchors
a fact, and what follows the label is judged alone (an order of the session, a report
of the moment, or a fact). A step's own fact ("Step 3 of the migration is on
2026-12-10") stays.
Finding 3: builtin's compaction summary tells a tool result in a line of text at most
(no binary, no control characters), gives tool results a share of its room, and leaves
tool calls out; its `Kept:` list never repeats a tool call's echo.
"""

from __future__ import annotations

from typing import Any

import pytest

from memctl.core.prompts import NO_REPLY
from memctl.core.retention import retain
from memctl.models.builtin import SUMMARY_HEADER, TOOL_POINT_CHARS, BuiltinModel, tool_point
from memctl.models.facts import is_fact
from memctl.models.interface import Request

CALL = '[tool_call: shell({"cmd": "cat dist/app.min.js"})]'


def flush(conversation: list[dict[str, Any]]) -> list[str]:
    payload = {"conversation": conversation, "memory": "", "ledger": "", "thread": "t"}
    text = BuiltinModel().complete(Request("flush", [], payload)).text
    return [] if text == NO_REPLY else [line.removeprefix("- ") for line in text.splitlines()]


def step(user: str, assistant: str) -> list[dict[str, Any]]:
    """One step of an agent at work as flush reads it: the user's line, a tool call (its
    echo left out), its result, the answer."""
    return [
        {"role": "user", "text": user},
        {"role": "assistant", "text": ""},
        {"role": "tool", "text": "ok"},
        {"role": "assistant", "text": assistant},
    ]


STEPS = [
    "step 3: run shell",
    "Task 2: add the index.",
    "Step 3 done.",
    "Step 4 complete.",
    "Phase 1 finished, moving on",
    "Done.",
    "Done with task 4, on to task 5.",
    "OK, step 2 is now complete.",
    "Steps 1-3 done.",
]


@pytest.mark.parametrize("said", STEPS)
def test_an_agent_s_numbered_step_or_its_acknowledgement_is_no_fact(said: str) -> None:
    assert flush(step(said, "Working on it.")) == []
    assert flush(step("Carry on with the plan.", said)) == []
    assert not is_fact(said) and not is_fact(said, to_assistant=True)


FACTS = [
    "Step 3 of the migration is on 2026-12-10.",
    "Phase 2 is done: the API is on v2 now.",
    "Step 2 needs root access.",
    "Task 2 is assigned to Ana.",
    "Step 3 done on 2026-12-01.",
    "Task 2: add the index by Friday.",
]


@pytest.mark.parametrize("said", FACTS)
def test_a_step_s_own_fact_stays(said: str) -> None:
    assert flush(step(said, "Working on it.")) == [said]


def test_a_step_label_neither_hides_an_order_nor_lends_it_its_number() -> None:
    # to an assistant the order after the label is this session's task; a rule stays
    assert not is_fact("Step 2: run the migrations on db7.", to_assistant=True)
    assert is_fact("Step 3: always run ruff before committing.", to_assistant=True)


def test_five_agent_steps_file_nothing() -> None:
    """The audit's noise.jsonl: 5 x (user "step i: run shell", a call, a result,
    "Step i done.") filed 10 bullets."""
    week = [m for i in range(1, 6) for m in step(f"step {i}: run shell", f"Step {i} done.")]
    assert flush(week) == []


# --------------------------------------------------------------------------- summary

BINARY = "HEAD-BIN\x01\x1b[31m" + "|ENe9Owbf$ngV0qa>KMxrlFwa9f*(azx^_ej}r*6XGH%9=&Fs" * 40


def summarise(items: list[tuple[str, str]]) -> str:
    payload = {"conversation": [{"role": role, "text": text} for role, text in items]}
    return BuiltinModel().complete(Request("summary", [], payload)).text


@pytest.mark.parametrize(
    ("result", "point"),
    [
        ("HEAD-BIN \x01\x1b[31m garbage", "HEAD-BIN garbage"),
        (BINARY, ""),
        ("\x00\x01\n\n3 passed in 0.2s\nmore", "3 passed in 0.2s"),
        (
            "[Tool result evicted from the context: 90,000 chars; the full text is in "
            "evicted/t1/c1-ab (read it with memory_get for the rest).]\n\nPreview (first 2000 chars):\nzz",
            "[Tool result evicted from the context: 90,000 chars; the full text is in "
            "evicted/t1/c1-ab (read it with memory_get for the rest).]",
        ),
        ("word " * 100, ("word " * 100)[: TOOL_POINT_CHARS - 1] + "…"),
    ],
    ids=["escapes", "base85", "text-after-control-line", "evicted", "long"],
)
def test_a_tool_result_is_a_line_of_text_at_most(result: str, point: str) -> None:
    assert tool_point(result) == point


def test_a_summary_keeps_no_binary_nor_control_character_and_no_tool_call() -> None:
    summary = summarise(
        [
            ("user", "step 1: run shell"),
            ("assistant", '[tool_call: shell({"cmd": "git log --since 2026-12-01"})]'),
            ("tool", "HEAD-BIN \x01\x1b[31m garbage \ufffd"),
            ("tool", BINARY),
            ("assistant", "We decided to ship on 2026-12-10. " + CALL),
            ("user", "step 2: run shell \x07"),
        ]
    )
    assert all(ch.isprintable() and ch != "\ufffd" for ch in summary.replace("\n", ""))
    assert "[tool] HEAD-BIN garbage" in summary and "ENe9" not in summary
    assert "tool_call" not in summary and "[assistant] We decided to ship on 2026-12-10." in summary


def test_tool_results_take_a_share_of_the_summary_not_all_of_it() -> None:
    """28 of the audit's 66 summary lines were tool results: what was said comes first."""
    evicted = (
        "[Tool result evicted from the context: 130,036 chars; the full text is in "
        "evicted/agent/call_{}-cffb6148080f323f (read it with memory_get for the rest).]"
    )
    items = [("tool", evicted.format(n)) for n in range(60)]
    items += [("user", f"We decided to pin numpy to 1.26.{n} on 2026-11-2{n}.") for n in range(8)]
    lines = summarise(items).splitlines()
    tools = [line for line in lines if line.startswith("[tool] ")]
    said = [line for line in lines if line.startswith("[user] ")]
    budget = sum(len(text) for _, text in items) // 3  # a third of what is summarised
    assert len(said) == 8 and tools and sum(len(line) + 1 for line in tools) <= budget // 4
    assert "call_59-" in tools[-1]  # the newest


def test_an_older_summary_s_binary_and_call_echoes_are_not_carried() -> None:
    older = "\n".join(
        [
            SUMMARY_HEADER,
            "[tool] HEAD-MARKER-BIN|ENe9Owbf$ngV0qa>KMxrlFwa9f*(azx^_ej}r*6XGH%9=&Fs|o2@82;d",
            "[user] The flaky test is tests/test_pool.py.",
            "",
            "Kept:",
            f"- [assistant] {CALL}",
        ]
    )
    summary = summarise([("summary", older), ("user", "step 9: run shell")])
    assert "ENe9" not in summary and "tool_call" not in summary
    assert "Earlier: [user] The flaky test is tests/test_pool.py." in summary


def test_the_kept_list_never_repeats_a_tool_call() -> None:
    items = [
        ("user", "step 1: run shell"),
        ("assistant", CALL),
        ("assistant", "I will open PR #4001 next. " + CALL),
        ("summary", f"{SUMMARY_HEADER}\n\nKept:\n- [assistant] {CALL}"),
    ]
    text, kept = retain(items, SUMMARY_HEADER, "", 4000)
    assert "tool_call" not in text and "dist/app.min.js" not in text
    assert kept.kept_list == ["[assistant] I will open PR #4001 next."]
