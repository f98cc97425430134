"""builtin in a group chat (issue 25 item 1, precise12): what several friends trade in
short messages is read by its form. Every sentence here is written for these tests."""

from __future__ import annotations

from datetime import datetime

import pytest

from memctl.models.facts import _DATE_ALONE, resolve_dates
from tests.support.conversations import kept_facts

DAY = "2025-07-16T09:00:00+00:00"  # a Wednesday


def chat(*lines: str) -> list[str]:
    """The facts builtin keeps of `lines` ("Name: text"), all said on `DAY`."""
    return kept_facts(lines, DAY)


def test_a_weekday_said_with_the_nth_picks_the_month_where_it_falls_so() -> None:
    """ "thursday the 4th" said in mid-July is 4 September (4 August is a Monday); with
    no weekday "the 4th" is still the next 4th, and a weekday that fits no month near
    leaves the next one."""
    said = datetime.fromisoformat(DAY)
    assert resolve_dates("They moved the ferry to thursday the 4th.", said) == (
        "They moved the ferry to 2025-09-04."
    )
    assert resolve_dates("The ferry leaves on the 4th.", said) == (
        "The ferry leaves on 2025-08-04."
    )
    assert resolve_dates("We sailed on sunday the 13th.", said) == "We sailed on 2025-07-13."
    # Chat drops "the" after a weekday: "sunday 14th" is a date as well.
    assert resolve_dates("Home on sunday 14th.", said) == "Home on 2025-09-14."
    assert resolve_dates("She came 3rd, 4 points behind.", said) == (
        "She came 3rd, 4 points behind."
    )


def test_a_day_of_the_month_after_for_or_about_takes_no_on() -> None:
    """ "a table for the 20th" is "for 2025-07-20" (ahead, even in a past sentence:
    what is booked for a day is ahead of it), not "for on ..."."""
    said = datetime.fromisoformat(DAY)
    assert resolve_dates("I booked a table for the 20th.", said) == (
        "I booked a table for 2025-07-20."
    )
    assert resolve_dates("I was cross about tuesday.", said) == "I was cross about 2025-07-15."


def test_a_date_alone_opening_a_message_is_no_fact_unless_it_answers() -> None:
    """A date and nothing it dates, in the orders chat writes one, is dropped when it
    opens a message that answers no question; after "When is the gig?" or after the
    sentence that announced it, it is the answer and is kept, told with what the
    question asked or joined to the announcement: the date of what was announced."""
    for line in ("Lou: 9th of october", "Lou: Saturday 11th october", "Lou: next friday then"):
        assert chat("Kit: I sold the van to my cousin Abe", line) == [
            "Kit sold the van to their cousin Abe."
        ], line
    assert chat("Kit: When is the gig?", "Lou: 9th of october") == [
        "Lou: The gig is on 2025-10-09."
    ]
    assert chat("Lou: we finally set the gig date!! 9th of october") == [
        "Lou: We finally set the gig date, on 2025-10-09."
    ]


def test_a_question_without_its_mark_after_an_opener_is_no_fact() -> None:
    """Chat drops the comma after "right", "so" or an elongated "nooo", and the question
    mark too: the word order still asks. A statement after the same opener is kept."""
    for line in (
        "Kit: right who's up for bowling saturday",
        "Kit: nooooo who is going to drive the van now",
        "Kit: so where are we meeting",
    ):
        assert chat(line) == [], line
    assert chat("Kit: so I sold the van to my cousin Abe") == [
        "Kit sold the van to their cousin Abe."
    ]


def test_a_feeling_with_its_subject_dropped_is_no_fact() -> None:
    """ "still annoyed about ...", "so proud of ...": a degree word, an adjective and
    what it is felt about, with no subject, is a reaction; "still in with a shout for
    the cup" (no adjective) and "still waiting for the plumber" are not."""
    for line in (
        "Kit: still annoyed about tuesday",
        "Kit: really grateful for Abe and Lou",
        "Kit: so proud of you all",
        "Kit: really sick of the rain",
    ):
        assert chat(line) == [], line
    assert chat("Kit: still waiting for the plumber since monday") == [
        "Kit: Still waiting for the plumber since monday."
    ]


def test_a_participle_of_feeling_before_about_is_a_feeling_too() -> None:
    """review 16 #9: the list of feeling adjectives cannot hold them all; after a word of
    intensity, a participle before "about" is felt ("really bummed about tuesday"),
    while "just asked about the job" is news with its "I" dropped."""
    for line in (
        "Kit: really bummed about tuesday",
        "Kit: so stunned about the result",
        "Kit: still heartbroken about it",
        "Kit: so ecstatic about the news",
    ):
        assert chat(line) == [], line
    assert chat("Kit: just asked about the job at Halden") == [
        "Kit: Just asked about the job at Halden."
    ]


@pytest.mark.parametrize(
    ("line", "kept"),
    [
        (
            "Kit: just signed with Arsenal for two seasons",
            "Kit: Just signed with Arsenal for two seasons.",
        ),
        (
            "Kit: just finished with chemo, last session was today",
            "Kit: Just finished with chemo, last session was on 2025-07-16.",
        ),
        (
            "Kit: just booked for the Lisbon trip in march",
            "Kit: Just booked for the Lisbon trip in march.",
        ),
        (
            "Kit: still plenty of tickets left for the Leeds gig",
            "Kit: Still plenty of tickets left for the Leeds gig.",
        ),
    ],
)
def test_news_with_its_subject_dropped_is_no_feeling(line: str, kept: str) -> None:
    """review 15 #3: a participle ("signed", "booked") or a word of quantity ("plenty")
    after a degree word is no adjective of feeling: the news is kept."""
    assert chat(line) == [kept]


def test_what_opens_a_chat_message_before_its_statement_is_cut() -> None:
    """An elongated interjection, a "reminder" label, or a clause announcing news before
    the statement has no part in the fact; when what follows is no fact on its own
    ("other news, I moved again"), the sentence is read whole, as before. Thanks said
    to the room is cut whatever follows."""
    assert chat("Kit: nooooo I have choir on thursdays") == ["Kit has choir on thursdays."]
    assert chat("Kit: also reminder my party is on the 26th, at the Fox from 8") == [
        "Kit's party is on 2025-07-26, at the Fox from 8."
    ]
    assert chat("Kit: small personal news from me, I'm adopting a rescue lurcher!") == [
        "Kit is adopting a rescue lurcher!"
    ]
    # Thanks to the room is cut even when what follows is no fact on its own.
    assert chat("Kit: thanks for coming on saturday all, my feet still ache") == []
    assert chat("Kit: other news, I sold my van to Abe on monday") == [
        "Kit sold their van to Abe on 2025-07-14."
    ]


def test_chat_s_nth_of_month_and_a_range_s_month_are_dates() -> None:
    """ "6th of may" without "the" is a date; in "the 9th to 11th of may" the month
    named at the range's end is the first day's too; "3rd of 40 runners" is a place."""
    said = datetime.fromisoformat(DAY)
    assert resolve_dates("Spring league starts 6th of may.", said) == (
        "Spring league starts on 2025-05-06."
    )
    assert resolve_dates("They moved us to the 9th to 11th of may.", said) == (
        "They moved us to 2025-05-09 to 2025-05-11."
    )
    assert resolve_dates("I came 3rd of 40 runners.", said) == "I came 3rd of 40 runners."


def test_a_short_question_tacked_on_with_a_comma_leaves_the_statement() -> None:
    """ "..., same team?" asks about what the statement told, which stands: the question
    mark at the end made the whole a question. A tag asking to confirm ("..., is it?")
    leaves the statement unsure and is not cut."""
    assert chat("Kit: the autumn league starts 6th of october, same venue?") == [
        "Kit: The autumn league starts on 2025-10-06."
    ]
    assert chat("Kit: the autumn league starts 6th of october, is it?") == []


def test_a_month_a_weekday_fixed_dates_a_bare_day_of_the_month_a_few_messages_on() -> None:
    """After "thursday the 4th" (September, said in mid-July), the chat plans that
    month: "for the 4th" and "on the 12th" a few messages on are September's; a past
    ("we met on the 10th") and a chat where no weekday fixed a month are not moved."""
    assert chat(
        "Kit: the ferry got moved to thursday the 4th",
        "Lou: I will find a hostel for the 4th",
        "Abe: I could meet you at the harbour on the 12th",
        "Kit: we met Abe there on the 10th",
    ) == [
        "Kit: The ferry got moved to 2025-09-04.",
        "Lou will find a hostel for 2025-09-04.",
        "Abe could meet Lou at the harbour on 2025-09-12.",
        "Kit: We met Abe there on 2025-07-10.",
    ]
    assert chat(
        "Kit: the ferry got moved to the 4th", "Abe: I'll be at the harbour on the 12th"
    ) == [
        "Kit: The ferry got moved to 2025-08-04.",
        "Abe will be at the harbour on 2025-08-12.",
    ]


def test_a_date_alone_reads_its_the_in_one_place() -> None:
    """review 15 #14: "the" was both an opening word and the date's own article, so a
    long run of it was read every way (superlinear); it is now the date's alone. The
    dates chat writes still read as a date alone."""
    for date in ("on the 6th", "yes the 20th", "the 6th of may then", "it's the 4th"):
        assert _DATE_ALONE.fullmatch(date), date
    assert not _DATE_ALONE.fullmatch("the the 6th")


@pytest.mark.parametrize(
    "label",
    ["🎤 Voice note (0:48): ", "Voice message 1:05 — ", "🔊 Audio (2:10): "],
)
def test_a_voice_notes_transcript_is_the_speakers_own_words(label: str) -> None:
    """A chat app pastes a recording as its label, its length and the words in quotes
    (prec25): the quotes hold what the speaker said, not someone else's words, and the
    label is no part of it."""
    kept = chat(
        f'Noor: {label}"So the venue moved us to the 30th. My brother is flying in from Oslo."'
    )
    assert kept == [
        "Noor: The venue moved us to 2025-07-30.",
        "Noor's brother is flying in from Oslo.",
    ]
