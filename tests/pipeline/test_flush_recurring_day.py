"""A flush keeps the weekday of a recurring event as a weekday (issue 25 item 1): "Our
standup is on Monday" is every Monday, as "on Mondays" and "every Monday" are, while a
one-off said in a chat of that week ("The demo is on Monday") is that Monday's date."""

from __future__ import annotations

import json
from pathlib import Path

import pytest


def flushed(cli, root: Path, text: str) -> str:
    """The ledger a flush of one message of `text`, said on Thursday 2026-11-05, wrote."""
    turn = {"role": "user", "content": text, "ts": "2026-11-05T09:00:00Z"}
    assert cli("-w", root, "thread", "append", "t1", input=json.dumps(turn) + "\n").exit_code == 0
    assert cli("-w", root, "flush").exit_code == 0
    return "".join(path.read_text() for path in sorted((root / "memory").glob("*.md")))


@pytest.mark.parametrize(
    "text",
    [
        "Our standup is on Monday.",
        "The weekly sync is on Tuesday.",
        "My 1:1 with Sam is on Wednesday.",
        "The retro moved to Friday.",
        "Our standup is on Mondays.",
        "Our standup is every Monday.",
    ],
)
def test_a_recurring_events_weekday_stays_a_weekday(cli, workspace: Path, text: str) -> None:
    ledger = flushed(cli, workspace, text)

    assert text.removeprefix("My ") in ledger
    assert "2026-11-" not in ledger.partition("\n\n")[2]


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("The demo is on Monday.", "The demo is on 2026-11-09."),
        ("I will skip the standup on Monday.", "skip the standup on 2026-11-09."),
        # review34 F6: a one-off word before the event or a purpose after it
        ("The retro for the outage is on Friday.", "outage is on 2026-11-06."),
        ("The final retro is on Friday.", "retro is on 2026-11-06."),
        ("The last retro of the year is on Friday.", "year is on 2026-11-06."),
        ("Our kickoff sync is on Friday.", "sync is on 2026-11-06."),
        ("The one-off sync is on Friday.", "sync is on 2026-11-06."),
        ("The extra standup is on Saturday.", "standup is on 2026-11-07."),
        ("My check-in at the hotel is on Tuesday.", "hotel is on 2026-11-10."),
    ],
)
def test_a_one_off_on_a_weekday_still_resolves(cli, workspace: Path, text: str, kept: str) -> None:
    assert kept in flushed(cli, workspace, text)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("The demo is on Monday this week.", "The demo is on 2026-11-02"),
        ("The demo is on Wednesday this week.", "The demo is on 2026-11-04"),
        ("The standup is on Monday this week.", "The standup is on 2026-11-02"),
        ("The demo is on Saturday this week.", "The demo is on 2026-11-07"),
        ("The demo is on Friday next week.", "The demo is on 2026-11-13"),
    ],
)
def test_a_weekday_said_with_its_week_is_that_weeks_day(
    cli, workspace: Path, text: str, kept: str
) -> None:
    """Review34 F5: said on Thursday, "on Monday this week" was next week's Monday
    (2026-11-09) with a note naming this week; a weekday said with its week is that
    week's day, behind the day said or ahead of it."""
    assert kept in flushed(cli, workspace, text)


@pytest.mark.parametrize(
    "text",
    [
        "Rent is due on the 1st.",
        "The payroll run is on the 25th.",
        "My payday is the 15th.",
        "The electricity bill is due on the 20th.",
        "Bills go out on the 3rd of each month.",
    ],
)
def test_a_day_of_every_month_stays_a_day_of_the_month(cli, workspace: Path, text: str) -> None:
    """Audit 21 F2: "Rent is due on the 1st." was flushed as "Rent is due on
    2027-01-01.": a day of the month said without its month, of something that comes
    back each month, is that day of every month, as a standup's Monday is every Monday."""
    ledger = flushed(cli, workspace, text)

    assert text.removeprefix("My ") in ledger
    assert "2026-1" not in ledger.partition("\n\n")[2]


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("The party is on the 25th.", "The party is on 2026-11-25."),
        ("I paid the rent on the 3rd.", "paid the rent on 2026-11-03."),
        ("The final rent payment is due on the 1st.", "is due on 2026-12-01."),
    ],
)
def test_a_one_off_on_a_day_of_the_month_still_resolves(
    cli, workspace: Path, text: str, kept: str
) -> None:
    assert kept in flushed(cli, workspace, text)
