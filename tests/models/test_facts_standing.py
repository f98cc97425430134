"""A person leaving or joining a group, and a role held, are facts (audit 9, finding 9):
builtin answered "nothing worth keeping" to a hand-over, so a team kept saying that Bob
is on call."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from memctl.models.facts import is_fact
from tests.support.helpers import configure


def flushed(cli: Any, ws: Path, text: str) -> list[str]:
    configure(ws)
    message = json.dumps({"role": "user", "content": text}) + "\n"
    assert cli("-w", ws, "thread", "append", "t", input=message).exit_code == 0
    run = cli("-w", ws, "flush")
    assert run.exit_code == 0, run.stderr
    ledgers = sorted((ws / "memory").glob("*.md"))
    text = "".join(path.read_text() for path in ledgers)
    return [line for line in text.splitlines() if line.startswith("- ")]


def test_a_hand_over_is_remembered(cli, workspace):
    said = "Bob left the company. Carol is now the on-call engineer."
    assert flushed(cli, workspace, said) == [
        "- Bob left the company.",
        "- Carol is now the on-call engineer.",
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        "Carol is the on-call engineer.",
        "Bob left the company.",
        "Mia is our designer.",
        "Ana joined our platform team.",
        "Omar is now the release coordinator.",
        "Priya is the team lead.",
        "Sue quit the band.",
        "Raj transferred to the billing department.",
    ],
)
def test_standing_in_a_team_is_a_fact(sentence):
    assert is_fact(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Carol is the best.",
        "Stan is the best plumber.",
        "Mia is the funniest teacher.",
        "Carol is the one.",
        "The build is the bottleneck.",
        "It is the winner.",
        # review 16 #6: a place or an event is no body one joins; who won is no role
        "Tom joined the call.",
        "Mike left the room.",
        "Elvis has left the building.",
        "Priya is the winner.",
        "Sam is the loser.",
    ],
)
def test_a_verdict_is_not_read_as_a_role(sentence):
    """No agent noun or noun of standing after "the", or no name as the subject."""
    assert not is_fact(sentence)


@pytest.mark.parametrize(
    "said",
    [
        "Tom is vegan.",
        "Priya is allergic to peanuts.",
        "Dana is left-handed.",
        "Dana hates coriander.",
        "Tom doesn't eat pork.",
        "Ama only drinks oat milk.",
    ],
)
def test_what_a_named_person_eats_likes_or_cannot_take_is_remembered(cli, workspace, said):
    """audit 12 #10: "Tom is vegan." told once gave "nothing worth keeping": a capital
    word opening the sentence was not yet known to be a name. A verb of liking, of eating
    and drinking, or a condition of body or diet, says it is one."""
    assert flushed(cli, workspace, said) == [f"- {said}"]


@pytest.mark.parametrize(
    "sentence",
    ["Everyone loves pizza.", "This is vegan.", "It likes you.", "Dana is really nice."],
)
def test_a_taste_needs_a_named_person(sentence):
    assert not is_fact(sentence)
