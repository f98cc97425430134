"""builtin's dates (precise13): a day before its month with no ordinal ("12 July",
British order, chat's "16 aug") is a date as "the 12th of July" was; a bare day said
after another date of the same sentence comes after it."""

from __future__ import annotations

from datetime import datetime

import pytest

from memctl.models.facts import resolve_dates

SAID = datetime(2025, 5, 20, 9)


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("The scan is booked for 12 July.", "The scan is booked for 2025-07-12."),
        ("we move in 16 aug", "we move in on 2025-08-16"),
        ("Her last shift is 3 June, then leave.", "Her last shift is on 2025-06-03, then leave."),
        ("Term starts 1 September instead.", "Term starts on 2025-09-01 instead."),
    ],
)
def test_a_day_before_its_month_is_a_date(said: str, written: str) -> None:
    assert resolve_dates(said, SAID) == written


@pytest.mark.parametrize(
    "said",
    [
        "We sold 12 boxes of plums.",  # a count, no month after it
        "The bill was £12 June paid.",  # money is no day
        "I can do 2 may be 3 shifts.",  # "may" the verb, lower case, no date after it
        "Pass me the 2 March files.",  # a noun after the month: no date
    ],
)
def test_a_number_that_is_no_day_stays_as_said(said: str) -> None:
    assert resolve_dates(said, SAID) == said


def test_a_bare_day_after_another_date_of_the_sentence_follows_it() -> None:
    # Said on 2025-05-20: "the 9th" is ahead, so June's; "the 22nd" alone would be
    # May's (still ahead), but it is the end of the same stay.
    assert resolve_dates(
        "Nico drops the dog off on the 9th and picks him up on the 22nd.", SAID
    ) == ("Nico drops the dog off on 2025-06-09 and picks him up on 2025-06-22.")
    # Told apart, each is its own nearest day ahead.
    assert resolve_dates("The plumber comes on the 22nd.", SAID) == (
        "The plumber comes on 2025-05-22."
    )
    # A past keeps both in the past, in their order.
    assert resolve_dates("We left on the 2nd and came back on the 9th.", SAID) == (
        "We left on 2025-05-02 and came back on 2025-05-09."
    )


@pytest.mark.parametrize(
    ("said", "written"),
    [
        # A range whose end names the month: its start is that month's day too.
        ("The cabin is ours 16 to 21 june.", "The cabin is ours on 2025-06-16 to 2025-06-21."),
        ("Away 30 may - 2 june for a wedding.", "Away on 2025-05-30 - 2025-06-02 for a wedding."),
        ("Rebooked for 16th to 21st october.", "Rebooked for 2025-10-16 to 2025-10-21."),
        # No space around the dash: left as said rather than half read.
        ("Away 16-21 june.", "Away 16-21 june."),
        # Numbers before "to" with no month after the second are no range of days.
        ("We expect 16 to 20 people in june.", "We expect 16 to 20 people in june."),
    ],
)
def test_a_range_of_days_takes_the_month_its_end_names(said: str, written: str) -> None:
    assert resolve_dates(said, SAID) == written


# audit13 D4: "this <weekday>" is the day of this week (Monday to Sunday) when it is
# ahead, or behind and told in the past; else the next one. A passive's participle
# ("is cancelled") makes no past of a day still ahead.
WEDNESDAY = datetime(2026, 11, 18, 9, 46)


@pytest.mark.parametrize(
    ("said", "when", "written"),
    [
        (
            "This Thursday's sync is cancelled, I'm at the client.",
            WEDNESDAY,
            "The sync on 2026-11-19 is cancelled, I'm at the client.",
        ),
        ("The review is this Sunday.", WEDNESDAY, "The review is on 2026-11-22."),
        ("The review is this Wednesday.", WEDNESDAY, "The review is on 2026-11-18."),
        # Behind in this week: the past is this week's, a plan is next week's.
        ("We met this Monday.", WEDNESDAY, "We met on 2026-11-16."),
        ("I will call them this Monday.", WEDNESDAY, "I will call them on 2026-11-23."),
        # Said on a Sunday, the week's last day: the next Monday is tomorrow.
        (
            "The audit starts this Monday.",
            datetime(2026, 11, 22, 9),
            "The audit starts on 2026-11-23.",
        ),
        # Said on a Monday: this Friday is four days ahead, across no week boundary.
        (
            "The demo was moved to this Friday.",
            datetime(2026, 11, 16, 9),
            "The demo was moved to 2026-11-20.",
        ),
        # A date owning a longer phrase keeps it, without an "on" before the possessive.
        (
            "This Thursday's sync with Bob is off.",
            WEDNESDAY,
            "2026-11-19's sync with Bob is off.",
        ),
    ],
)
def test_this_weekday_is_this_weeks_day_ahead(said: str, when: datetime, written: str) -> None:
    assert resolve_dates(said, when) == written


@pytest.mark.parametrize(
    ("said", "when", "written"),
    [
        # The clause after the comma is a plan: the 25th ahead, this month.
        (
            "found a flat on Gloucester Road, moving on the 25th",
            datetime(2026, 10, 3, 19),
            "found a flat on Gloucester Road, moving on 2026-10-25",
        ),
        # Before today's day: next month's, across a year end.
        ("We are moving on the 2nd", datetime(2026, 12, 20, 9), "We are moving on 2027-01-02"),
        # A month end: the 31st said in a 30-day month is the next month that has one.
        ("The lease ends on the 31st.", datetime(2026, 11, 10, 9), "The lease ends on 2026-12-31."),
        # Told in the past in its own clause: this month's 25th is still ahead, so the last.
        (
            "I found a flat and I moved in on the 25th",
            datetime(2026, 10, 3, 19),
            "I found a flat and I moved in on 2026-09-25",
        ),
        ("We signed on the 2nd.", datetime(2026, 10, 3, 19), "We signed on 2026-10-02."),
    ],
)
def test_a_bare_day_takes_the_tense_of_its_own_clause(
    said: str, when: datetime, written: str
) -> None:
    assert resolve_dates(said, when) == written
