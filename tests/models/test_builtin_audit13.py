"""builtin flush on what a user reading memory found missing (audit 13, D3): a rule the
speaker names a rule (a label before it, a tag after it) and a person taking a thing on
are facts, said to anyone; an order or an offer without them is not."""

from __future__ import annotations

from typing import Any

import pytest

from memctl.core.prompts import NO_REPLY
from memctl.models.builtin import BuiltinModel
from memctl.models.interface import Request


def flush(*messages: tuple[str | None, str]) -> list[str]:
    conversation: list[dict[str, Any]] = [
        {"role": "user", "text": text, **({"name": name} if name else {})}
        for name, text in messages
    ]
    payload = {"conversation": conversation, "memory": "", "ledger": "", "thread": "t"}
    text = BuiltinModel().complete(Request("flush", [], payload)).text
    return [] if text == NO_REPLY else [line.removeprefix("- ") for line in text.splitlines()]


@pytest.mark.parametrize(
    "said",
    [
        "Rule number one: always run make lint before you commit anything.",
        "Keep commit messages in the imperative mood, that's a team rule.",
        "House rule: never push directly to main.",
        "Squash every branch before merging, that is our policy.",
        "Team convention: migrations must be reversible.",
    ],
)
def test_a_rule_named_a_rule_is_kept_whole(said: str) -> None:
    assert flush((None, said)) == [said]


@pytest.mark.parametrize(
    "said",
    [
        "Always run make lint before you commit anything.",  # an order, to no assistant
        "Keep the receipts, you'll need them.",  # advice of the moment
        "That's the rule, you know.",  # a tag around no order
        "Rule number one: the party was fun.",  # a label before no order
    ],
)
def test_an_order_not_named_a_rule_is_still_dropped(said: str) -> None:
    assert flush((None, said)) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I'll take the frontend.", "Dev will take the frontend."),
        ("I'll own the billing API.", "Dev will own the billing API."),
        ("I'll take over the release notes.", "Dev will take over the release notes."),
        ("I handle the on-call rota.", "Dev handles the on-call rota."),
    ],
)
def test_a_speaker_taking_a_thing_on_is_kept(said: str, kept: str) -> None:
    assert flush(("Dev", said)) == [kept]


@pytest.mark.parametrize(
    "said",
    [
        "I'll take it.",  # a pronoun: what was said before
        "I'll grab some extra chairs then.",  # an offer of the moment
    ],
)
def test_an_offer_of_the_moment_is_not_taken_on(said: str) -> None:
    assert flush(("Dev", said)) == []


def test_a_name_is_never_re_cased_inside_a_host_path_url_or_address() -> None:
    """audit 13, D9: "Orion" written with a capital elsewhere re-cased the host name."""
    facts = flush(
        ("Hana", "Morning all, kicking off the Orion dashboard project."),
        ("Hana", "orion-staging is up, the URL is staging.orion.internal."),
        ("Hana", "the orion repo lives at github.com/acme/orion and mail goes to orion@acme.io."),
    )
    assert "Hana: Orion-staging is up, the URL is staging.orion.internal." in facts
    assert (
        "Hana: The Orion repo lives at github.com/acme/orion and mail goes to orion@acme.io."
        in facts
    )


@pytest.mark.parametrize("reply", ["Works for me.", "Fine by me!", "That's good with us."])
def test_a_reply_that_accepts_is_no_fact_about_the_speaker(reply: str) -> None:
    """audit 13, D5: "Works for me." became "Works for Dev.", which reads as a job."""
    assert flush(("Marcus", "Weekly sync is every Thursday at 15:00 UTC."), ("Dev", reply)) == [
        "Marcus: Weekly sync is every Thursday at 15:00 UTC."
    ]


def test_a_short_decision_after_its_label_is_kept() -> None:
    """audit 13, D10: "OK we decided: the API uses FastAPI." lost its label and then, four
    words with a noun phrase and its verb in -s, was read as a heading and dropped."""
    assert flush((None, "OK we decided: the API uses FastAPI.")) == ["The API uses FastAPI."]
    assert flush((None, "Our team ships Fridays.")) == ["Our team ships Fridays."]
