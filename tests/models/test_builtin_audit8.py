"""builtin flush on what audit 8 (findings 2 and 5) and review 14 (items 2-4) left: a
user's short rule to their agent is remembered, a note's label is none of its fact, a
diff's lines are no facts, a duty is a person's, and an abbreviation is no code."""

from __future__ import annotations

from typing import Any

import pytest

from memctl.core.prompts import NO_REPLY
from memctl.models.builtin import BuiltinModel
from memctl.models.interface import Request


def flush(conversation: list[dict[str, Any]]) -> list[str]:
    payload = {"conversation": conversation, "memory": "", "ledger": "", "thread": "t"}
    text = BuiltinModel().complete(Request("flush", [], payload)).text
    return [] if text == NO_REPLY else [line.removeprefix("- ") for line in text.splitlines()]


def told_agent(said: str, reply: str = "Understood.") -> list[str]:
    """What a flush keeps of a user's message to an assistant (unnamed) and its reply."""
    return flush([{"role": "user", "text": said}, {"role": "assistant", "text": reply}])


@pytest.mark.parametrize(
    "said",
    [
        "Migrations must be reversible.",
        "PRs should be squashed before merging.",
        "Never push directly to main.",
        "Payments go through Stripe.",
        "Always run the linter before committing.",
        "Every endpoint needs to check the token.",
    ],
)
def test_a_users_short_rule_to_the_agent_is_a_fact(said: str) -> None:
    assert told_agent(said) == [said]


@pytest.mark.parametrize(
    "said",
    [
        "Never again lol",
        "You should come!",
        "Never mind.",
        "It must be nice.",
        "The party should be fun.",
        "Never heard of it.",
        "Drinks tonight at Joe's.",
    ],
)
def test_what_only_sounds_like_a_rule_is_not_one(said: str) -> None:
    assert told_agent(said) == []
