"""builtin flush and consolidation on a new user's first day (audit 7, findings 5-7):
who reviews or approves what is kept, a label before a fact is none of it, and a
possessive alone makes no person's section."""

from __future__ import annotations

from typing import Any

import pytest

from memctl.core.prompts import NO_REPLY
from memctl.models.builtin import BuiltinModel
from memctl.models.interface import Request


def flush(*texts: str) -> list[str]:
    conversation: list[dict[str, Any]] = [{"role": "user", "text": text} for text in texts]
    payload = {"conversation": conversation, "memory": "", "ledger": "", "thread": "t"}
    text = BuiltinModel().complete(Request("flush", [], payload)).text
    return [] if text == NO_REPLY else [line.removeprefix("- ") for line in text.splitlines()]


def consolidate(*dailies: str) -> str:
    payload = {
        "memory": "",
        "dailies": [(f"2026-12-0{i + 1}.md", t) for i, t in enumerate(dailies)],
        "max_tokens": 4000,
    }
    return BuiltinModel().complete(Request("consolidate", [], payload)).text


@pytest.mark.parametrize(
    "said",
    [
        "Marta from finance reviews every change to invoice rounding.",
        "Priya approves all database migrations.",
        "Dana signs off on every release.",
        "Omar is responsible for the nightly backups.",
        "We review every schema change on Thursdays.",
    ],
)
def test_who_reviews_or_approves_what_is_kept_as_who_owns_it_is(said: str) -> None:
    assert flush(said) == [said]


def test_a_duty_after_a_lead_in_is_kept_and_one_over_a_pronoun_is_not() -> None:
    assert flush("Thanks. Also: Marta from finance reviews every change to invoice rounding.") == [
        "Marta from finance reviews every change to invoice rounding."
    ]
    assert flush("Priya approves it.") == []  # what "it" is was said before


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "Reminder: the VPN gateway is vpn2.corp.example.com.",
            "The VPN gateway is vpn2.corp.example.com.",
        ),
        (
            "Note to self: staging database is db3.internal.",
            "Staging database is db3.internal.",
        ),
        ("Quick reminder: the standup moved to 10:00.", "The standup moved to 10:00."),
        ("Staging database: db3.internal.", "Staging database: db3.internal."),  # a key
    ],
)
def test_a_label_before_a_fact_is_none_of_it(said: str, kept: str) -> None:
    assert flush(said) == [kept]


def test_a_fact_said_with_a_label_and_without_is_one_fact() -> None:
    text = consolidate(
        "## Memory Flush — x · thread a\n\n- Our VPN gateway is vpn2.corp.example.com.\n",
        "## Memory Flush — x · thread b\n\n"
        + "".join(
            f"- {fact}\n" for fact in flush("Reminder: the VPN gateway is vpn2.corp.example.com.")
        ),
    )
    assert [line for line in text.splitlines() if "vpn2" in line] == [
        "- Our VPN gateway is vpn2.corp.example.com."
    ]


def test_a_possessive_alone_makes_no_section() -> None:
    text = consolidate(
        "## Memory Flush — x · thread t\n\n"
        "- invoice.py line 42 uses Python's round(), which rounds half to even.\n"
        "- Tests run with uv run pytest, and the CI is on Python 3.12.\n"
        "- We use Redis's streams for the job queue.\n"
        "- Caroline's sister moved to Oslo in 2025.\n"
    )
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert headings == ["## Caroline"]  # her sister: a person's possessive
