"""builtin's facts and supersession after review 27 of audit 16's fixes (fixaudit16c,
prec20).

F1: reported speech is read as its clause only when that clause is a plain present
claim: not after "heard", nor with a clause after a conjunction, a negation, the past,
a hedge or a tail after a comma. F2: a negative quantifier or a subordinator is no
teller. F3: a lead-in clause before a colon is read only when its verb says the value
changed or was agreed, and not when what follows is a draft or a condition. F4: an
opening verb is no name. F5: an opening "Their" stays when the sentence before names a
plural noun phrase or one of someone's. F6: a time accepted drops only its own clause.
F7: "From 15 November my rate ..." and "As of 2025-11-15 my rate ..." are read as
"From November 15 ..." is."""

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


def consolidate(*dailies: str) -> str:
    payload = {
        "memory": "",
        "dailies": [(f"2026-12-0{i + 1}.md", text) for i, text in enumerate(dailies)],
        "max_tokens": 4000,
    }
    return BuiltinModel().complete(Request("consolidate", [], payload)).text


STAGING = "Staging is db3."
ACME = "The Acme fleet dashboard deadline is November 20."


@pytest.mark.parametrize(
    "reported",
    [
        "Sam says staging is db9 but he's confused.",
        "Sam says staging is db9, but he is wrong.",
        "Sam heard staging is db9.",
        "Sam says staging is not db9.",
        "Sam says staging used to be db9.",
        "Sam said staging was db9 last year.",
        "Sam says staging is db9 or db7.",
        "Sam says staging might be db9.",
        "Sam says staging may be db9.",
        "Sam said staging is db9 in 2023.",
    ],
)
def test_what_someone_says_that_is_no_plain_present_claim_replaces_nothing(
    reported: str,
) -> None:
    assert stale([STAGING, reported]) == {}


def test_a_claim_reported_with_a_tail_after_a_comma_replaces_nothing() -> None:
    jokingly = "Priya told me the Acme fleet dashboard deadline is November 27, jokingly."
    assert stale([ACME, jokingly]) == {}


def test_consolidation_keeps_the_true_fact_beside_what_someone_wrongly_says() -> None:
    merged = consolidate("- Staging is db3.\n", "- Sam says staging is db9 but he's confused.\n")
    assert "- Staging is db3." in merged.splitlines()
    # the plain claim reported still replaces it
    merged = consolidate("- Staging is db3.\n", "- Sam says staging is db9.\n")
    assert "- Staging is db3." not in merged.splitlines()


@pytest.mark.parametrize(
    "reported",
    [
        "Nobody says the Acme fleet dashboard deadline is November 27.",
        "No one confirmed the Acme fleet dashboard deadline is November 27.",
        "If Priya says the Acme fleet dashboard deadline is November 27, we slip.",
        "When Priya says the Acme fleet dashboard deadline is November 27 we slip.",
    ],
)
def test_a_negative_quantifier_or_a_subordinator_is_no_teller(reported: str) -> None:
    assert stale([ACME, reported]) == {}


@pytest.mark.parametrize(
    "reported",
    [
        # a pronoun tells as a name does
        "She says the Acme fleet dashboard deadline moved to November 27.",
        "Priya said the Acme fleet dashboard deadline is November 27.",
        # a month is no hedge
        "Priya says the Acme fleet dashboard deadline moved to May 3.",
    ],
)
def test_a_plain_present_claim_reported_still_replaces(reported: str) -> None:
    assert stale([ACME, reported]) == {0: 1}


@pytest.mark.parametrize(
    "reported",
    [
        "Tom said he lives in Leeds now.",
        "Tom said that he lives in Leeds now.",
    ],
)
def test_the_tellers_he_is_the_teller(reported: str) -> None:
    assert stale(["Tom lives in York.", reported]) == {0: 1}


def test_what_he_would_do_replaces_nothing() -> None:
    assert stale(["Tom lives in York.", "Tom said he'd think about moving to Leeds."]) == {}


@pytest.mark.parametrize(
    "pair",
    [
        (STAGING, "Ana rejected the proposal: staging is db9."),
        (STAGING, "Sam listed the old hosts: staging is db9, prod is db1."),
        (STAGING, "Sam suggested an alternative: staging is db9."),
        (STAGING, "Sam wants a change: staging is db9 from Monday."),
        (STAGING, "I looked at last year's config: staging was db9."),
        (STAGING, "Sam wrote in 2023: staging is db9."),
        (ACME, "Priya proposed moving the Acme fleet dashboard deadline: it is November 27."),
        (ACME, "Priya moved the Acme fleet dashboard deadline: it is November 27 in her draft."),
        (ACME, "Priya asked to move the Acme fleet dashboard deadline: it is November 27."),
        (ACME, "Priya moved the Acme fleet dashboard deadline: it is November 27 if legal agrees."),
    ],
)
def test_a_lead_in_that_says_no_change_or_a_value_not_held_replaces_nothing(
    pair: tuple[str, str],
) -> None:
    assert stale(list(pair)) == {}


@pytest.mark.parametrize(
    "led",
    [
        "Priya changed the Acme fleet dashboard deadline: it is now November 27.",
        "Priya confirmed the Acme fleet dashboard deadline: it is November 27.",
    ],
)
def test_a_lead_in_of_change_or_agreement_still_replaces(led: str) -> None:
    assert stale([ACME, led]) == {0: 1}


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        (
            "Visited Acme yesterday. Their office is in Leeds.",
            "Acme's office is in Leeds.",
        ),
        (
            "Emailed Bluefin about the invoice. Their contact is dana@bluefin.io.",
            "Bluefin's contact is dana@bluefin.io.",
        ),
        (
            "Kickoff with Acme in March. Their repo is github.com/acme/fleet.",
            "Acme's repo is github.com/acme/fleet.",
        ),
    ],
)
def test_an_opening_verb_or_a_month_is_no_owner(said: str, expected: str) -> None:
    assert flush(said)[-1] == expected


@pytest.mark.parametrize(
    "said",
    [
        "Met my clients today. Their repo is github.com/acme/fleet.",
        "Talked to Tom about the kids. Their school is St Mary's.",
        "Tom's parents visited. Their house is in Leeds.",
    ],
)
def test_an_opening_their_stays_after_a_plural_or_someones(said: str) -> None:
    assert flush(said)[-1] == said.split(". ", 1)[1]


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        (
            "the 12th is fine, rent is due on the 12th every month",
            "Rent is due on the 12th every month.",
        ),
        (
            "21st perfect for the wedding, we booked the venue at Hawes",
            "We booked the venue at Hawes.",
        ),
        (
            "Friday perfect for the wedding, we booked the venue at Hawes",
            "We booked the venue at Hawes.",
        ),
    ],
)
def test_a_time_accepted_drops_only_its_own_clause(said: str, expected: str) -> None:
    assert flush(said) == [expected]


@pytest.mark.parametrize(
    "said", ["the 20th works", "29th fine for me", "the 28th works for the launch, Priya confirmed"]
)
def test_a_time_accepted_alone_is_still_no_fact(said: str) -> None:
    assert flush(said) == []


@pytest.mark.parametrize(
    "pair",
    [
        ("My rate for Acme is 95 EUR.", "From 15 November my rate for Acme is 110 EUR."),
        ("My rate for Acme is 95 EUR.", "As of 2025-11-15 my rate for Acme is 110 EUR."),
        ("Their rate for Acme is 95 EUR.", "From 15 November their rate for Acme is 110 EUR."),
        ("Her rate for Acme is 95 EUR.", "From November 15 her rate for Acme is 110 EUR."),
    ],
)
def test_a_day_before_its_month_or_an_iso_date_opens_a_change(pair: tuple[str, str]) -> None:
    assert stale(list(pair)) == {0: 1}


def test_a_clause_after_a_semicolon_names_the_speaker_again() -> None:
    assert third_person("I told her my rate; my rate is 110 EUR", "Ben") == (
        "Ben told her their rate; Ben's rate is 110 EUR"
    )


def test_a_clause_keeps_the_past_of_the_sentence() -> None:
    assert third_person("Last year I hurt my knee: I put ice on it", "Ben") == (
        "Last year Ben hurt their knee: Ben put ice on it"
    )


def test_a_colon_inside_quotes_opens_no_clause() -> None:
    assert third_person('She said: "my rate is 110": I agreed', "Ben") == (
        'She said: "my rate is 110": Ben agreed'
    )


def test_a_clause_break_inside_quotes_opens_no_clause() -> None:
    said = 'She said: "my rate is 110; I agreed"'
    assert third_person(said, "Ben") == said


def test_a_files_snake_case_name_anchors_nothing() -> None:
    # a file is no name: its judgement is dropped as "the photo is funny" is
    assert flush("cool, the file cat_pic.png is funny") == []


def test_a_pronoun_after_a_label_tells() -> None:
    told = "Priya: she says the Acme fleet dashboard deadline moved to November 27."
    assert stale([ACME, told]) == {0: 1}
