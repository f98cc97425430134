"""The builtin model's rules, task by task (it is the model every offline run uses)."""

from __future__ import annotations

from memctl.builtin import BuiltinModel
from memctl.llm import Request
from memctl.prompts import NO_REPLY


def flush(conversation: list[tuple[str, str]], memory: str = "", ledger: str = "") -> str:
    payload = {
        "conversation": [{"role": r, "text": t} for r, t in conversation],
        "memory": memory,
        "ledger": ledger,
    }
    return BuiltinModel().complete(Request("flush", [], payload)).text


def test_flush_keeps_durable_sentences_verbatim_and_drops_small_talk() -> None:
    text = flush(
        [
            ("user", "Hi there. We decided to use Postgres 16 for the ledger."),
            ("assistant", "Hello! How are you?"),
            ("user", "What's the weather like"),
        ]
    )
    assert text == "- We decided to use Postgres 16 for the ledger."


def test_flush_skips_an_assistant_echo_but_keeps_a_new_assistant_fact() -> None:
    text = flush(
        [
            ("user", "Remember that deploys happen only on Tuesdays."),
            ("assistant", "Understood, I'll remember deploys happen only on Tuesdays."),
            ("assistant", "I decided to pin numpy to 2.1 because of the ABI break."),
        ]
    )
    assert text.splitlines() == [
        "- Remember that deploys happen only on Tuesdays.",
        "- I decided to pin numpy to 2.1 because of the ABI break.",
    ]


def test_flush_does_not_restate_memory_or_ledger_and_says_no_reply() -> None:
    said = "We decided to use Postgres 16 for the ledger."
    assert flush([("user", said)], memory=f"- {said}\n") == NO_REPLY
    assert flush([("user", said)], ledger=f"## Memory Flush\n\n- {said.upper()}\n") == NO_REPLY
    assert flush([("system", "Always answer in French.")]) == NO_REPLY


def consolidate(memory: str, dailies: list[str], max_tokens: int = 4000) -> str:
    payload = {
        "memory": memory,
        "dailies": [(f"2026-12-0{i + 1}.md", t) for i, t in enumerate(dailies)],
        "max_tokens": max_tokens,
    }
    return BuiltinModel().complete(Request("consolidate", [], payload)).text


def test_consolidate_merges_and_drops_exact_and_near_duplicates() -> None:
    text = consolidate(
        "# Memory\n\n- Deploys happen on Tuesdays.\n",
        [
            "## Memory Flush — x\n\n- deploys happen on tuesdays\n- The API is versioned by date.\n",
            "- The API is versioned by date!\n- Dana leads payments.\n",
        ],
    )
    bullets = [line for line in text.splitlines() if line.startswith("- ")]
    assert bullets == [
        "- Deploys happen on Tuesdays.",
        "- The API is versioned by date.",
        "- Dana leads payments.",
    ]
    assert "builtin" in text


def test_consolidate_stays_within_the_budget_dropping_the_oldest() -> None:
    facts = [f"- fact number {i} is about something durable" for i in range(200)]
    text = consolidate("", ["\n".join(facts)], max_tokens=100)
    assert len(text) <= 400
    assert "fact number 199 " in text
    assert "fact number 0 " not in text


def summarise(conversation: list[tuple[str, str]], max_chars: int = 6000) -> str:
    payload = {
        "conversation": [{"role": r, "text": t} for r, t in conversation],
        "max_chars": max_chars,
    }
    return BuiltinModel().complete(Request("summary", [], payload)).text


def test_summary_keeps_signals_and_is_smaller_than_what_it_replaces() -> None:
    conversation = []
    for turn in range(40):
        conversation.append(("user", f"Turn {turn}: we decided to use plan {turn}. Thanks."))
        conversation.append(("assistant", f"Noted, plan {turn} it is. Anything else?"))
    source = sum(len(text) for _, text in conversation)

    summary = summarise(conversation)

    assert len(summary) <= source // 3
    assert "we decided to use plan 39." in summary  # the newest points are kept
    assert "Anything else?" not in summary and "Thanks." not in summary
    assert "older point(s) left out" in summary


def test_summary_folds_an_earlier_summary_and_names_tool_results() -> None:
    summary = summarise(
        [
            ("summary", "(Extractive summary by x.) We chose Redis for the cache."),
            ("tool", "Tool result of 90,000 chars evicted to evicted/t/c1-ab. Preview: zzz"),
            ("user", "Remember: the cache TTL is 5 minutes. ok"),
        ]
    )
    lines = summary.splitlines()
    assert lines[1].startswith("Earlier: ") and "We chose Redis for the cache." in lines[1]
    assert "[tool] Tool result of 90,000 chars evicted to evicted/t/c1-ab." in summary
    assert "[user] Remember: the cache TTL is 5 minutes." in summary
