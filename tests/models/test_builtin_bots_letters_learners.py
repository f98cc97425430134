"""builtin on a chat's bot, an e-mail's signature, a learner's dates and a sentence cut
off (issue 25 item 1, prec23): what is said in no one's voice, or not said to its end,
is no fact; a day said as a count or with no "the" before "of March" is a date. Every
sentence here is written for these tests."""

from __future__ import annotations

from datetime import datetime

import pytest

from memctl.models.facts import resolve_dates
from tests.support.conversations import kept_facts

DAY = "2025-09-10T09:00:00+00:00"  # a Wednesday


def chat(*lines: str) -> list[str]:
    """The facts builtin keeps of `lines` ("Name: text"), all said on `DAY`."""
    return kept_facts(lines, DAY)


def test_a_bots_posts_are_no_fact_of_anyone() -> None:
    """A dice roller's rolls and a reminder bot's reminders name the people, but in a
    template, not in anyone's voice; what the people say beside them is kept."""
    kept = chat(
        "Quizbot: Reminder: pub quiz round 9, tonight 20:00. Host: Ingrid.",
        "Quizbot: Tobias answered question 4 (capitals): correct",
        "Tobias: I moved to Harrogate last month for the new job.",
        "Rollbot: Ingrid rolled Perception (d20+3): 17",
    )
    assert kept == ["Tobias moved to Harrogate in August 2025 for the new job."]


def test_a_speaker_named_like_a_bot_who_says_i_is_a_person() -> None:
    """Talbot is a surname: a speaker named so who speaks for themselves is heard."""
    kept = chat("Talbot: I sold the caravan to my neighbour Wyn.")
    assert kept == ["Talbot sold the caravan to their neighbour Wyn."]


@pytest.mark.parametrize(
    "signature",
    [
        "Kind regards, Morwenna Trelawny.",
        "Yours sincerely, Osric Penhale, Lettings Manager, Harbour Homes.",
        "Best wishes, Tamsin.",
    ],
)
def test_an_e_mails_signature_is_no_fact(signature: str) -> None:
    kept = chat(f"Morwenna: Jory from Penwith Roofing replaced the slates. {signature}")
    assert kept == ["Morwenna: Jory from Penwith Roofing replaced the slates."]


def test_a_weekday_its_day_and_its_month_are_one_date_whatever_follows() -> None:
    """British e-mail order, "Friday 12 September between 9am and 1pm": the weekday and
    the month say which day, even in a past sentence and before a word that is no
    clause's end; a day and month alone still need one ("2 may be late")."""
    said = datetime.fromisoformat(DAY)
    assert (
        resolve_dates(
            "The plumbers have confirmed they can come on Friday 12 September between 9am and 1pm.",
            said,
        )
        == "The plumbers have confirmed they can come on 2025-09-12 between 9am and 1pm."
    )
    assert resolve_dates("We 2 may be late.", said) == "We 2 may be late."


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("I start fourteen of October.", "I start on 2025-10-14."),
        ("Twenty-one of September I fly to Porto.", "on 2025-09-21 I fly to Porto."),
        ("Sixth of October, the dentist in Clontarf.", "on 2025-10-06, the dentist in Clontarf."),
    ],
)
def test_a_day_said_as_a_count_or_without_the_before_its_month_is_a_date(
    said: str, written: str
) -> None:
    """A learner says the day as a count ("fourteen of October", their own language's
    order); speech drops "the" before "Sixth of October"."""
    assert resolve_dates(said, datetime.fromisoformat(DAY)) == written


@pytest.mark.parametrize(
    "said", ["Two of us went to Porto.", "One of May's songs won.", "Three of them left."]
)
def test_a_count_of_something_is_no_date(said: str) -> None:
    assert resolve_dates(said, datetime.fromisoformat(DAY)) == said


def test_a_sentence_cut_off_by_the_other_speaker_is_no_fact() -> None:
    """ "I've been thinking we should hire—" was going to say more; the next speaker came
    in. A dash inside a finished sentence is no cut, and a cut after a finished clause
    keeps the clause's news."""
    assert (
        chat(
            "Oren: I've been thinking we should hire two more—",
            "Priya: Before that, the rent.",
        )
        == []
    )
    assert chat(
        "Oren: The council approved our extension plans on the 4th, but then the neighbours —",
        "Priya: Oh no.",
    ) == [
        "Oren: The council approved our extension plans on 2025-09-04, but then the neighbours —."
    ]
    assert chat("Oren: We hired Delphine — she is our new sous chef.") == [
        "Oren: We hired Delphine — she is our new sous chef."
    ]


@pytest.mark.parametrize(
    ("said", "written"),
    [
        (
            "Your lease runs from 1 October 2025 to 30 September 2026.",
            "Your lease runs from 2025-10-01 to 2026-09-30.",
        ),
        ("We married on 12 July 2019 in Truro.", "We married on 2019-07-12 in Truro."),
        ("She was born on the 3rd of May 1990.", "She was born on 1990-05-03."),
    ],
)
def test_a_day_and_month_with_their_year_is_that_years_date(said: str, written: str) -> None:
    """A letter's date says its year ("1 October 2025"): the date is that year's, whatever
    word follows it."""
    assert resolve_dates(said, datetime.fromisoformat(DAY)) == written


def test_a_number_said_with_hundred_or_thousand_is_written_in_digits() -> None:
    """A call's transcript spells the numbers: the bullet writes the value as typed, the
    form a later question asks for; a number without a scale and a price said in pairs
    stay as said."""
    assert chat(
        "Oren: The van cost us three thousand four hundred and fifty pounds.",
        "Oren: Our rent is twenty-two ninety-nine a month.",
    ) == [
        "Oren: The van cost us 3450 pounds.",
        "Oren: Our rent is twenty-two ninety-nine a month.",
    ]


@pytest.mark.parametrize(
    "said",
    ["All 1.1 million rows loaded.", "About 2.5 thousand came.", "Hundreds of fans came to Truro."],
)
def test_a_scale_after_digits_or_alone_stays_as_said(said: str) -> None:
    """ "1.1 million" is typed already; "hundreds" is no number. (A whole count before
    "thousand", "About 5 thousand came.", is 5000: prec24, test_builtin_agents_answers.)"""
    assert chat(f"Oren: {said}") == [f"Oren: {said}"]


def test_an_e_mails_salutation_is_no_part_of_the_fact() -> None:
    """ "Dear Osric," names whom the e-mail is to, as "Hi Osric," does in chat."""
    assert chat(
        "Osric: Dear Morwenna, could you confirm the roof work?",
        "Morwenna: Dear Osric, the roofer Jory replaced the slates on the garage.",
    ) == ["Morwenna: The roofer Jory replaced the slates on the garage."]


@pytest.mark.parametrize(
    "salutation", ["Dear Mr Halloran, ", "Dear Dr. Quist, ", "Dear Wendell Price, "]
)
def test_a_letters_salutation_to_a_title_and_surname_is_no_part_of_the_fact(
    salutation: str,
) -> None:
    """A portal's letter names its reader by title and surname, which the chat's names
    do not hold (prec25): the salutation is still no part of what the letter tells."""
    assert chat(f"Osric: {salutation}the roofer replaced the slates on 2 September.") == [
        "Osric: The roofer replaced the slates on 2025-09-02."
    ]


def test_a_person_whose_surname_ends_in_bot_is_heard_in_the_third_person() -> None:
    """Abbot and Talbot are people telling the news of others; "bot" counts as a bot's
    name only as a word or a tag (review 32 F3)."""
    assert chat(
        "Abbot: The vet moved Luna's surgery to Friday.", "Mia: Thanks for letting us know."
    ) == ["Abbot: The vet moved Luna's surgery to Friday."]
    assert chat("Talbot: Grandma's flight lands at 6pm on Saturday.") == [
        "Talbot: Grandma's flight lands at 6pm on Saturday."
    ]
    assert chat("Dice Bot: Ingrid rolled Perception (d20+3): 17") == []
    assert chat("DiceBot: Ingrid rolled Perception (d20+3): 17") == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Mia: The gate code is 4471 —", "Mia: The gate code is 4471."),
        ("Mia: My new number is 07700 900123 --", "Mia's new number is 07700 900123."),
        ("Mia: We moved the launch to March 3rd –", "Mia: We moved the launch to March 3rd."),
    ],
)
def test_a_clause_that_ends_on_its_value_before_a_dash_is_said_to_its_end(
    said: str, kept: str
) -> None:
    """A dash after a number or a name is a pause, not a cut (review 32 F4)."""
    assert chat(said, "Ben: got it") == [kept]


@pytest.mark.parametrize("said", ["Oren: If not—", "Oren: We could book the—"])
def test_a_clause_cut_on_a_word_that_ends_no_clause_is_no_fact(said: str) -> None:
    assert chat(said, "Priya: Before that, the rent.") == []


def test_a_sign_off_to_a_named_listener_is_no_fact() -> None:
    """ "Cheers, Tom Harris, see you ..." names whom a goodbye is said to: cut before the
    goodbye, "Tom Harris." was kept as a fact (review 32)."""
    assert chat("Mia: Cheers, Tom Harris, see you at the match on Sunday.") == []
    assert chat("Mia: Tom Harris, see you at the match on Sunday.") == []
    # a statement before a turn to the listener is still kept without it
    assert chat("Mia: The match is at Elland Road, see you there.") == [
        "Mia: The match is at Elland Road."
    ]


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("The lease ends on 1 April.", "The lease ends on 2026-04-01."),
        ("The flat is available from 1 April.", "The flat is available from 2026-04-01."),
        # a day said in the past, or a day a few weeks back said in the present
        ("The lease ended on 1 April.", "The lease ended on 2025-04-01."),
        ("I am in Paris from 3 September.", "I am in Paris from 2025-09-03."),
    ],
)
def test_a_day_of_a_month_said_in_the_present_is_not_half_a_year_back(
    said: str, written: str
) -> None:
    """Said on 2025-09-10, "ends on 1 April" is the April ahead: the nearest 1 April
    (2025-04-01) was a past date for a plainly future term (review 32)."""
    assert resolve_dates(said, datetime.fromisoformat(DAY)) == written
