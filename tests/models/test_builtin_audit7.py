"""builtin flush and consolidation on a new user's first day (audit 7, findings 5-7):
who reviews or approves what is kept, a label before a fact is none of it, and a
possessive alone makes no person's section."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from memctl.core.prompts import NO_REPLY
from memctl.models.builtin import BuiltinModel
from memctl.models.facts import resolve_dates
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


@pytest.mark.parametrize(
    ("said", "written"),
    [
        (
            "The staging database is db9.internal since this morning; db7 was retired.",
            "The staging database is db9.internal since 2026-12-03; db7 was retired.",
        ),
        ("Deploys are frozen until tomorrow.", "Deploys are frozen until 2026-12-04."),
        ("It has been broken since yesterday.", "It has been broken since 2026-12-02."),
        ("Dana joined yesterday.", "Dana joined on 2026-12-02."),  # no preposition of its own
    ],
)
def test_a_relative_date_after_a_preposition_of_its_own_gets_no_on(said: str, written: str):
    assert resolve_dates(said, datetime(2026, 12, 3, 9, tzinfo=UTC)) == written


def test_a_fact_of_a_conversation_said_over_months_carries_its_own_messages_month():
    """Not the span of the whole flush ("(October 2026 to November 2026)" read as how
    long it lasted): the month its own message was said."""
    conversation: list[dict[str, Any]] = [
        {"role": "user", "text": "Hi, starting a notes thread.", "ts": "2026-10-02T09:00:00Z"},
        {
            "role": "user",
            "text": "We moved to Lyon in March. My daughter Lea started school there.",
            "ts": "2026-10-15T09:00:00Z",
        },
        {
            "role": "user",
            "text": "The roof was repaired by Kowalski.",
            "ts": "2026-11-30T09:00:00Z",
        },
    ]
    payload = {"conversation": conversation, "memory": "", "ledger": "", "thread": "t"}
    text = BuiltinModel().complete(Request("flush", [], payload)).text
    assert text.splitlines() == [
        "- We moved to Lyon in March.",
        "- The user's daughter Lea started school there (October 2026).",
        "- The roof was repaired by Kowalski (November 2026).",
    ]
    merged = consolidate(
        "## Memory Flush — x · thread t · said 2026-10-02 to 2026-11-30\n\n" + text + "\n"
    )
    assert "to November 2026" not in merged
    assert "- The user's daughter Lea started school there (October 2026)." in merged.splitlines()
