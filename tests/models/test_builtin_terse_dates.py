"""A relative date is written as the date it means, and no longer than that (issue 25
item 1, ledger14): a date used as a determiner takes no "on" of its own, "the Sunday,
the 13th" is one date, a word of a path, a file name or a hyphenated token is no date,
and "'s" before a participle is "has"."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from memctl.core.prompts import NO_REPLY
from memctl.models.builtin import BuiltinModel
from memctl.models.facts import resolve_dates
from memctl.models.interface import Request

SAID = datetime(2025, 3, 20, 9, tzinfo=UTC)  # a Thursday


@pytest.mark.parametrize(
    ("said", "written"),
    [
        # A possessive date names whose thing, not when: "2025-03-21's", not "on ...'s".
        (
            "The script pulls tomorrow's prices at five.",
            "The script pulls 2025-03-21's prices at five.",
        ),
        ("I still think about yesterday's match.", "I still think about 2025-03-19's match."),
        ("Last month's invoice was wrong.", "February 2025's invoice was wrong."),
        ("Next week's standup moved to Bay 4.", "The week of 2025-03-24's standup moved to Bay 4."),
        # A preposition the speaker said stays where it was.
        ("It is on today's agenda.", "It is on 2025-03-20's agenda."),
        # "Today's my birthday" is still "is".
        ("Today's my birthday.", "2025-03-20 is my birthday."),
        # A weekday with its article and its day of the month is one date.
        (
            "The recital is now on the Sunday, the 13th, after lunch.",
            "The recital is now on 2025-04-13, after lunch.",
        ),
        ("The vet moved us to the Friday, the 28th.", "The vet moved us to 2025-03-28."),
        # A word of a path or an endpoint is no date.
        ("The endpoint /reports/today returns JSON.", "The endpoint /reports/today returns JSON."),
        ("Logs go to today/ on the share.", "Logs go to today/ on the share."),
        # Nor is a word of a file name or of a hyphenated token (review18 #7).
        ("Open today.md in the editor.", "Open today.md in the editor."),
        ("The log is in notes.today now.", "The log is in notes.today now."),
        ("Check today-notes.", "Check today-notes."),
        ("Run it with --today please.", "Run it with --today please."),
        ("The desk is open Monday-Friday.", "The desk is open Monday-Friday."),
        # A hyphen between spaces and a full stop join nothing.
        ("Call me today - no later.", "Call me on 2025-03-20 - no later."),
        # "'s" before a participle is "has", before "going to" it is "is".
        ("Yesterday's been rough.", "2025-03-19 has been rough."),
        ("I think yesterday’s been a long day.", "I think 2025-03-19 has been a long day."),
        ("Tomorrow's got a lot on.", "2025-03-21 has got a lot on."),
        ("Tomorrow's gonna be long.", "2025-03-21 is gonna be long."),
        ("Today's going to be busy.", "2025-03-20 is going to be busy."),
        # What was already right stays so.
        ("I went to the dentist yesterday.", "I went to the dentist on 2025-03-19."),
        ("We fly on Sunday the 13th.", "We fly on 2025-04-13."),
    ],
)
def test_dates_are_written_once_and_short(said: str, written: str) -> None:
    assert resolve_dates(said, SAID) == written


def _flush(conversation: list[dict[str, Any]]) -> list[str]:
    payload = {"conversation": conversation, "memory": "", "ledger": "", "thread": "t"}
    text = BuiltinModel().complete(Request("flush", [], payload)).text
    return [] if text == NO_REPLY else [line.removeprefix("- ") for line in text.splitlines()]


def test_a_flushed_fact_carries_the_short_date() -> None:
    facts = _flush(
        [
            {
                "role": "user",
                "name": "Wren",
                "text": "The bakery can't do the Saturday, so the tasting is now on the "
                "Sunday, the 13th, at noon.",
                "ts": SAID.isoformat(),
            }
        ]
    )
    assert any("on 2025-04-13" in fact for fact in facts), facts
    assert not any("the on " in fact for fact in facts), facts
