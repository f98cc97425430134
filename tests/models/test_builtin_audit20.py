"""builtin after audit 20 finding 4: a weekday that is the value of a day ("The deploy
day is now Thursday") names a day of the week, not a date, while a one-off ("the meeting
is on Thursday") still resolves; and a chat channel's name ("#inc-payments") anchors a
fact as an id does."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from memctl.models.facts import extract, resolve_dates


def facts_of(text: str) -> list[str]:
    """What builtin keeps of one message of Dana's, said on Thursday 2026-11-05."""
    conversation: list[dict[str, Any]] = [
        {"role": "user", "name": "Ana", "text": "Hi!"},
        {"role": "user", "name": "Dana", "text": text, "ts": "2026-11-05T09:00:00Z"},
    ]
    return extract(conversation, [], lambda text: False)


@pytest.mark.parametrize(
    "text",
    [
        "The deploy day is now Thursday.",
        "Release day is on Friday.",
        "The deploy day moved to Friday.",
        "We ship on Thursday, our release day.",
        "We deploy every Thursday.",
        "We deploy on Thursdays.",
    ],
)
def test_a_weekday_naming_a_day_of_the_week_stays_a_weekday(text: str) -> None:
    assert facts_of(text) == [f"Dana: {text}"]


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("The meeting is on Thursday.", "Dana: The meeting is on 2026-11-12."),
        ("The meeting is now on Thursday.", "Dana: The meeting is now on 2026-11-12."),
        (
            "The party is on Friday, the day before my birthday.",
            "The party is on 2026-11-06, the day before Dana's birthday.",
        ),
    ],
)
def test_a_weekday_naming_a_one_off_still_resolves(text: str, kept: str) -> None:
    assert facts_of(text) == [kept]


def test_see_you_on_a_weekday_still_resolves() -> None:
    said = datetime(2026, 11, 5, 9, tzinfo=UTC)
    assert resolve_dates("See you on Thursday.", said) == "See you on 2026-11-12."


@pytest.mark.parametrize(
    "text",
    ["The incident channel is #inc-payments.", "The incident channel is #incidents."],
)
def test_a_channel_name_anchors_a_fact(text: str) -> None:
    assert facts_of(text) == [f"Dana: {text}"]


def test_a_one_word_hashtag_in_chat_is_no_channel() -> None:
    assert facts_of("so proud of her #blessed") == []
