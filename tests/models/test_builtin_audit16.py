"""builtin's facts and supersession after audit 16, which used memctl as a freelancer
with three clients would.

H3: a value reported ("Priya says the deadline moved to November 27", "According to
Priya, ...") is a fact about the reported clause's subject, and replaces that subject's
earlier value; so does a clause after a colon that a lead-in clause opens ("Acme agreed
to raise my rate: from November 15 my rate for Acme is 110 EUR per hour", "Priya moved
the deadline again: it is now December 4", whose "it" is the deadline). A correction
saved in the first person ("My rate for Acme is 100 EUR") is replaced by a later fact
of the user's.
M3: an opening "Their"/"Its" is whose the sentence before names ("Kickoff with Acme
Robotics today. Their repo is ..."); a speaker's "my" is named again in a clause of its
own after a colon; a snake_case name anchors a fact as a capital would ("Corvid added a
second dataset, corvid_staging, for tests")."""

from __future__ import annotations

from typing import Any

import pytest

from memctl.core.prompts import NO_REPLY
from memctl.models.builtin import BuiltinModel
from memctl.models.facts import third_person
from memctl.models.interface import Request
from memctl.models.supersede import stale


def flush(*messages: str) -> list[str]:
    conversation: list[dict[str, Any]] = [{"role": "user", "text": text} for text in messages]
    payload = {"conversation": conversation, "memory": "", "ledger": "", "thread": "t"}
    text = BuiltinModel().complete(Request("flush", [], payload)).text
    return [] if text == NO_REPLY else [line.removeprefix("- ") for line in text.splitlines()]


DEADLINE = "The Acme fleet dashboard deadline is November 20."


@pytest.mark.parametrize(
    "reported",
    [
        "Priya says the Acme fleet dashboard deadline moved to November 27.",
        "Priya said that the Acme fleet dashboard deadline moved to November 27.",
        "According to Priya, the Acme fleet dashboard deadline moved to November 27.",
        "Priya moved the Acme fleet dashboard deadline again: it is now November 27.",
        "Priya moved the Acme fleet dashboard deadline again: it's November 27 now.",
        # as MEMORY.md shows it under another heading
        "Acme: Priya says the Acme fleet dashboard deadline moved to November 27.",
    ],
)
def test_a_value_reported_or_led_into_replaces_the_subjects_earlier_value(reported: str) -> None:
    assert stale([DEADLINE, reported]) == {0: 1}


def test_the_audits_four_messages_leave_one_deadline_and_one_rate() -> None:
    facts = [
        DEADLINE,
        "The user's rate for Acme is 95 EUR per hour.",
        "Priya says the Acme fleet dashboard deadline moved to November 27.",
        third_person(
            "Acme agreed to raise my rate: from November 15 my rate for Acme is 110 EUR per hour.",
            "the user",
        ),
        "Priya moved the Acme fleet dashboard deadline again: it is now December 4.",
    ]
    assert set(stale(facts)) == {0, 1, 2}


@pytest.mark.parametrize(
    "pair",
    [
        # a lead-in of its own value is a label, not a clause: both stand
        ("Deadline: November 20.", "Launch: November 27."),
        # what someone says of another subject replaces nothing
        (
            "The Acme fleet dashboard deadline is November 20.",
            "Priya says the Bluefin launch is on November 27.",
        ),
        # a document cited scopes its claim
        ("According to the contract, the fee is 5%.", "According to the invoice, the fee is 7%."),
    ],
)
def test_what_is_not_the_same_subject_reported_stands(pair: tuple[str, str]) -> None:
    assert stale(list(pair)) == {}


def test_a_later_fact_replaces_a_correction_saved_in_the_first_person() -> None:
    saved = "My rate for Acme is 100 EUR per hour."
    assert stale([saved, "The user's rate for Acme is 110 EUR per hour."]) == {0: 1}


def test_an_opening_their_is_the_organisation_the_sentence_before_names() -> None:
    assert flush(
        "Kickoff with Acme Robotics today. Their repo is github.com/acme-robotics/fleet-api",
        "Call with Bluefin Labs. Their repo is gitlab.com/bluefin/shop.",
    )[-2:] == [
        "Acme Robotics's repo is github.com/acme-robotics/fleet-api.",
        "Bluefin Labs's repo is gitlab.com/bluefin/shop.",
    ]


@pytest.mark.parametrize(
    "said",
    [
        # two named: whose it is cannot be read
        "I met Tomasz and Ana from Corvid. Their repo is gitlab.com/corvid/etl.",
        # no one named
        "The kickoff went well. Their repo is gitlab.com/corvid/etl.",
    ],
)
def test_an_opening_their_stays_when_the_sentence_before_names_not_one(said: str) -> None:
    assert "Their repo is gitlab.com/corvid/etl." in flush(said)


def test_a_clause_after_a_colon_names_the_speaker_again() -> None:
    said = "Acme agreed to raise my rate: from November 15 my rate for Acme is 110 EUR per hour."
    assert third_person(said, "the user") == (
        "Acme agreed to raise the user's rate: "
        "from November 15 the user's rate for Acme is 110 EUR per hour."
    )
    # within one clause the name is still written once
    assert third_person("When I look after myself, I can look after my family.", "Ben") == (
        "When Ben looks after themself, Ben can look after their family."
    )


def test_a_snake_case_name_anchors_a_fact() -> None:
    said = "Corvid added a second dataset, corvid_staging, for tests."
    assert flush(said) == [said]
