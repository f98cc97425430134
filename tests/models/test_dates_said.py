"""builtin's dates as people say them (dates16, issue 25 item 1: "a fact names who,
what, and when (resolved)"): a weekday is the one before in a past and the one ahead in
a present or a plan, and no day when the tense does not tell; days spelled out as speech
and dictation say them ("the sixteenth of May", "May the 3rd"), a fortnight, the
weekend. Every sentence here is written for these tests; each is said on Monday
2025-06-09."""

from __future__ import annotations

from datetime import datetime

import pytest

from memctl.models.facts import resolve_dates

MONDAY = datetime(2025, 6, 9, 9)


@pytest.mark.parametrize(
    "said",
    [
        "They rang me on Friday.",
        "We went to the coast on Friday.",
        "The launch was on Friday.",
        "I did the paperwork on Friday.",
        "I got the keys on Friday.",
        "We had the party on Friday.",
        "The old boiler finally died on Friday.",
        "I'd already left on Friday.",
        "We would have gone on Friday.",
    ],
)
def test_a_weekday_told_in_the_past_is_the_one_before(said: str) -> None:
    assert resolve_dates(said, MONDAY) == said.replace("Friday", "2025-06-06")


@pytest.mark.parametrize(
    "said",
    [
        "I'm going on Friday.",
        "The interview is on Friday.",
        "See you Friday.",
        "We fly on Friday.",
        "Anton starts on Friday.",
        "The plumber comes on Friday.",
        "Plumber coming on Friday.",
        "The surgery is booked on Friday.",
        "I've got the interview on Friday.",
        "They said they'd sign it on Friday.",
    ],
)
def test_a_weekday_told_as_a_present_or_a_plan_is_the_one_ahead(said: str) -> None:
    expected = said.replace("Friday", "2025-06-13")
    if said.startswith("See you"):
        expected = "See you on 2025-06-13."
    assert resolve_dates(said, MONDAY) == expected


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("Last Friday we went out.", "On 2025-06-06 we went out."),
        ("This Friday we go out.", "On 2025-06-13 we go out."),
        ("Next Friday we go out.", "On 2025-06-13 we go out."),
    ],
)
def test_last_this_and_next_weekday_stay_as_they_were(said: str, written: str) -> None:
    assert resolve_dates(said, MONDAY) == written


@pytest.mark.parametrize(
    "said",
    [
        "Lunch with Sam on Friday.",  # no verb: this Friday or the last, not told
        "Marnie's party on Friday.",
        "20 week scan on Friday.",
    ],
)
def test_a_weekday_whose_tense_is_not_told_is_left_as_said(said: str) -> None:
    assert resolve_dates(said, MONDAY) == said


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("We fly out on the sixteenth of May.", "We fly out on 2026-05-16."),
        ("The operation's on the twentieth of February.", "The operation's on 2025-02-20."),
        ("I'm leaving Sheffield on the first of March.", "I'm leaving Sheffield on 2026-03-01."),
        ("Poppy's play is on the twenty-second.", "Poppy's play is on 2025-06-22."),
        ("Emrys's party is on the twenty first.", "Emrys's party is on 2025-06-21."),
        ("The crown was fitted on the fourth.", "The crown was fitted on 2025-06-04."),
        (
            "It's now the eighth of March instead of the first.",
            ("It's now on 2026-03-08 instead of 2026-03-01."),
        ),
        (
            "Camping from the second of August to the ninth.",
            ("Camping from 2025-08-02 to 2025-08-09."),
        ),
        ("It's on May the 3rd.", "It's on 2026-05-03."),
        ("It's now on October the fourth.", "It's now on 2025-10-04."),
        ("We did it on Saturday, the seventh, all fine.", "We did it on 2025-06-07, all fine."),
        ("Mum's party was last Saturday the seventh.", "Mum's party was on 2025-06-07."),
        ("I have the dentist next Monday, the sixteenth.", "I have the dentist on 2025-06-16."),
    ],
)
def test_a_spelled_day_or_a_month_before_its_day_is_a_date(said: str, written: str) -> None:
    """Said on Monday 9 June. A month's day said in the present more than two weeks back
    is the next year's (review 33 S7): "We fly out on the sixteenth of May", "I'm
    leaving Sheffield on the first of March", "It's now the eighth of March instead of
    the first" and "It's on May the 3rd" were read as this year's, weeks or months gone,
    which no one says in the present of a day behind them ("we flew out", "it was on");
    those four expectations were what held the reach at four months. A past ("The crown
    was fitted on the fourth") stays behind."""
    assert resolve_dates(said, MONDAY) == written


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("I move on 1 March.", "I move on 2026-03-01."),
        ("My flight is on 1 March.", "My flight is on 2026-03-01."),
        ("I'm starting the new job on 2 May.", "I'm starting the new job on 2026-05-02."),
        # a past, a state begun then, a thing of that day, a slip of a few days
        ("I moved on 1 March.", "I moved on 2025-03-01."),
        ("I am here since 1 March.", "I am here since 2025-03-01."),
        ("The photos are from 3 May.", "The photos are from 2025-05-03."),
        ("The party is on 1 June.", "The party is on 2025-06-01."),
    ],
)
def test_a_plan_said_in_the_present_names_the_day_ahead(said: str, written: str) -> None:
    """Said on 9 June, a plan in the present names the next 1 March, not the one three
    months gone (review 33 S7); "since" and "are from" say a day behind."""
    assert resolve_dates(said, MONDAY) == written


@pytest.mark.parametrize(
    ("said", "written"),
    [
        # the day of the month said alone: the last such day in a past, else the next
        ("We went there on the fourteenth.", "We went there on 2025-05-14."),
        ("The dentist is on the fourteenth.", "The dentist is on 2025-06-14."),
    ],
)
def test_a_spelled_day_alone_follows_the_tense(said: str, written: str) -> None:
    assert resolve_dates(said, MONDAY) == written


@pytest.mark.parametrize(
    "said",
    [
        "This is the second.",  # no preposition, weekday or month: a count
        "The second coat evens it out.",
        "We meet on the first Sunday of June.",
        "I came the second march in a row.",
        "They moved it to june 19th.",  # chat's month first: its year is often said elsewhere
    ],
)
def test_an_ordinal_that_is_no_day_stays_as_said(said: str) -> None:
    assert resolve_dates(said, MONDAY) == said


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("I'm off a fortnight today.", "I'm off on 2025-06-23."),
        ("We're back a week tomorrow.", "We're back on 2025-06-17."),
        ("The course starts a week on Friday.", "The course starts on 2025-06-20."),
        ("We go in a fortnight.", "We go around 2025-06-23."),
        ("We move a fortnight from tomorrow.", "We move on 2025-06-24."),
        ("We are off the day after tomorrow.", "We are off on 2025-06-11."),
    ],
)
def test_a_fortnight_and_a_week_counted_from_a_day_ahead(said: str, written: str) -> None:
    assert resolve_dates(said, MONDAY) == written


@pytest.mark.parametrize(
    "said",
    [
        "It's been a week today since I started.",  # how long, not a day ahead
        "I lost two stone in a fortnight.",
    ],
)
def test_a_fortnight_as_a_span_stays_as_said(said: str) -> None:
    assert resolve_dates(said, MONDAY) == said


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("We went camping at the weekend.", "We went camping on the weekend of 2025-06-07."),
        (
            "We're going camping at the weekend.",
            "We're going camping on the weekend of 2025-06-14.",
        ),
    ],
)
def test_at_the_weekend_is_the_one_gone_in_a_past_and_the_coming_one_in_a_plan(
    said: str, written: str
) -> None:
    assert resolve_dates(said, MONDAY) == written


def test_a_weekend_not_told_which_stays_as_said() -> None:
    assert (
        resolve_dates("Lunch with Sam at the weekend.", MONDAY) == "Lunch with Sam at the weekend."
    )
    # said on a Saturday: this weekend or the next
    saturday = datetime(2025, 6, 14, 9)
    assert resolve_dates("We're going camping at the weekend.", saturday) == (
        "We're going camping at the weekend."
    )
    assert resolve_dates("We moved the weekend before.", MONDAY) == "We moved the weekend before."


@pytest.mark.parametrize(
    ("said", "resolved"),
    [
        # Said on Monday 2025-02-03: "last" is past whatever the verb ("quit" is no
        # past to the tense rules), and a 31st on a Friday is behind.
        ("Last Friday the thirty-first I quit Acme.", "on 2025-01-31 I quit Acme."),
        ("Last Friday the 31st I quit Acme.", "on 2025-01-31 I quit Acme."),
        ("Next Friday the 7th I start at Acme.", "on 2025-02-07 I start at Acme."),
        # The first Friday the 31st ahead, never one behind (review 25 F1: 2025-01-31
        # for a launch) nor a 31st on another weekday (2025-03-31, before c822439).
        ("Next Friday the 31st we launch.", "on 2025-10-31 we launch."),
        ("We launch next Friday the 31st.", "We launch on 2025-10-31."),
    ],
)
def test_last_or_next_before_a_weekday_and_its_day_tells_the_way(said: str, resolved: str) -> None:
    """Review 24 F6: "Last Friday the thirty-first I quit Acme." went to 2025-03-31, a
    Monday ahead."""
    assert resolve_dates(said, datetime(2025, 2, 3, 9)) == resolved


@pytest.mark.parametrize(
    "said",
    [
        "I hurt my back on Friday.",
        "I cut my hair on Friday.",
        "I read the contract on Friday.",
        "We set up the server on Friday.",
    ],
)
def test_a_verb_whose_past_is_its_present_leaves_a_bare_weekday_as_said(said: str) -> None:
    """Review 25 F5: "I cut my hair on Friday." said on a Monday went to the coming
    Friday; the verb may as well be a past, and a wrong date is worse than none."""
    assert resolve_dates(said, MONDAY) == said
    assert resolve_dates("I quit on Tuesday.", datetime(2026, 1, 1, 9)) == "I quit on Tuesday."


def test_a_plan_with_a_verb_whose_past_is_its_present_is_still_ahead() -> None:
    assert resolve_dates("I'm going to cut my hair on Friday.", MONDAY) == (
        "I'm going to cut my hair on 2025-06-13."
    )


@pytest.mark.parametrize(
    ("said", "resolved"),
    [
        ("Last Friday the 13th I crashed the car.", "on 2024-12-13 I crashed the car."),
        ("Next Friday the 13th we launch.", "on 2026-02-13 we launch."),
    ],
)
def test_last_or_next_said_on_the_day_itself_steps_to_another_such_day(
    said: str, resolved: str
) -> None:
    """Review 25 F6: said on Friday 2025-06-13, both went to that very day."""
    assert resolve_dates(said, datetime(2025, 6, 13, 9)) == resolved


@pytest.mark.parametrize(
    ("said", "at", "resolved"),
    [
        # c822439's rule alone (D1): "last" makes it past though "launch" is a present.
        ("Last Friday the 31st we launch.", datetime(2025, 2, 3, 9), "on 2025-01-31 we launch."),
        # d524e5f's rule alone (D2): "next" with no such Friday within two months.
        (
            "Next Friday the 31st I had lunch.",
            datetime(2025, 2, 3, 9),
            "on 2025-10-31 I had lunch.",
        ),
    ],
)
def test_last_and_next_each_alone_decide_against_the_verb(
    said: str, at: datetime, resolved: str
) -> None:
    """Review 25 test gaps D1/D2: each of the two rules was covered only where the
    verb's tense agreed with it."""
    assert resolve_dates(said, at) == resolved


def test_a_past_weekday_and_day_that_no_near_month_fits_is_the_last_that_does() -> None:
    """Review 26 F4's kin: "I went there on Monday the 31st", said on Sunday 2025-06-01,
    was 2025-05-31, a Saturday; the last Monday the 31st is 2025-03-31."""
    said = datetime(2025, 6, 1, 12)
    assert resolve_dates("I went there on Monday the 31st.", said) == (
        "I went there on 2025-03-31."
    )
    assert resolve_dates("I quit last Tuesday the 31st.", said) == "I quit on 2024-12-31."
