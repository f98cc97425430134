"""builtin on a chat's terse replies (issue 25 item 1, precise14): a bullet that says one
thing at most besides who said it ("Mo: 4 days.", "Jen can do on 2025-07-20.") is what
the turn before asked or offered, and read later tells a value of nothing. Every
sentence here is written for these tests."""

from __future__ import annotations

import pytest

from tests.support.conversations import kept_facts

DAY = "2025-07-16T09:00:00+00:00"  # a Wednesday


def chat(*lines: str) -> list[str]:
    """The facts builtin keeps of `lines` ("Name: text"), all said on `DAY`."""
    return kept_facts(lines, DAY)


PLUMBER = "Lin: The plumber comes at 9 on 2025-07-18."


@pytest.mark.parametrize(
    "reply",
    [
        "Mo: 4 days",
        "Mo: works for us",
        "Jen: can do on the 20th",
        "Mo: lin did it in 2019",
    ],
)
def test_a_reply_saying_one_thing_and_answering_nothing_is_dropped(reply: str) -> None:
    """A value, a day or a verb with nothing it is done to, after a statement (no
    question): what it is of was in the turn before."""
    assert chat("Lin: the plumber comes at 9 on friday", reply) == [PLUMBER], reply


def test_a_value_alone_opening_a_message_after_a_reaction_is_dropped() -> None:
    """ "215,000." after the other's "wow": the sum of nothing it names; the sentence
    after it, with its verb, stays."""
    assert chat("Mo: we're selling the flat!!", "Lin: wow", "Mo: 215,000. we complete in july") == [
        "Mo: We're selling the flat!",
        "Mo: We complete in july.",
    ]


@pytest.mark.parametrize(
    ("question", "answer", "kept"),
    [
        ("Lin: has the recital moved?", "Mo: 3rd of may", "Mo: On 2025-05-03."),
        # asked by its word order, without the mark
        ("Lin: how much was the deposit", "Mo: 450", "Mo: 450."),
        ("Lin: who's driving", "Mo: jen", None),
        # asked with its question word left where the answer goes
        ("Lin: the deposit is what", "Mo: 450", "Mo: 450."),
    ],
)
def test_a_value_answering_a_question_is_kept(question: str, answer: str, kept: str | None) -> None:
    """The answer to a question keeps its value: the question says what it is of (a
    name alone, "jen", is no fact whatever it answers)."""
    assert chat(question, answer) == ([kept] if kept else [])


@pytest.mark.parametrize(
    ("line", "fact"),
    [
        ("Mo: jen is vegetarian", "Mo: Jen is vegetarian."),
        ("Mo: I'm moving to Leeds in march", "Mo is moving to Leeds in march."),
        ("Mo: we sold the car", "Mo: We sold the car."),
        ("Mo: I'm thinking on her birthday", "Mo is thinking on her birthday."),
        ('Mo: jen is "Auntie Jen" now', 'Mo: Jen is "Auntie Jen" now.'),
    ],
)
def test_a_trait_a_place_with_its_month_or_a_thing_done_is_kept(line: str, fact: str) -> None:
    """One content word besides the speakers' names, but no answer: a named person's
    trait (a name given in quotes too), a place with the month it is gone to in, a verb
    with the thing it was done to, a thing of someone's."""
    assert chat("Lin: hey", line, "Jen: hi") == [fact]


def test_a_date_alone_after_a_statement_of_the_same_message_is_joined_to_it() -> None:
    """ "the recital got moved. 3rd of october": the date of what the sentence before
    told, after a full stop or an exclamation, not a bullet of its own."""
    assert chat("Lin: hey", "Mo: the recital got moved. 3rd of october") == [
        "Mo: The recital got moved, on 2025-10-03."
    ]
    assert chat("Lin: hey", "Mo: we picked the venue!! 3rd of october") == [
        "Mo: We picked the venue, on 2025-10-03."
    ]


@pytest.mark.parametrize(
    ("line", "kept"),
    [
        ("Lin: we moved in on friday. 1st september.", "Lin: We moved in on 2025-07-11."),
        ("Lin: we got the keys yesterday. 1st september.", "Lin: We got the keys on 2025-07-15."),
        ("Lin: we moved in on 3 august. 1st september.", "Lin: We moved in on 2025-08-03."),
    ],
)
def test_a_date_alone_is_not_joined_to_a_statement_naming_its_own_day(line: str, kept: str) -> None:
    """ "we moved in on friday. 1st september": the move has its day, the one date after
    it is of something else; joined, it would take the move's day from it (review 19 #5)."""
    assert chat("Mo: hey", line) == [kept]
    # a month alone names no day: the date after it says which one
    assert chat("Mo: hey", "Lin: we go back in august. 3rd of august") == [
        "Lin: We go back in august, on 2025-08-03."
    ]


@pytest.mark.parametrize(
    ("question", "answer", "kept"),
    [
        # asked in the present in July, a day of May ten weeks back is next May's
        # (fixreview33b: a day said in the present more than two weeks back)
        (
            "Lin: Lovely. When is the recital?",
            "Mo: 3rd of may",
            "Mo: The recital is on 2026-05-03.",
        ),
        ("Lin: When was the recital?", "Mo: 3rd of may", "Mo: The recital was on 2025-05-03."),
        (
            "Lin: great news! when do you start?",
            "Mo: the 4th of august",
            "Mo starts on 2025-08-04.",
        ),
        ("Lin: When's your viva?", "Mo: 12 september", "Mo's viva is on 2025-09-12."),
        ("Lin: ooh. leaving drinks?", "Mo: friday 18th july", "Mo: Leaving drinks on 2025-07-18."),
        ("Lin: For the dentist?? When?", "Mo: 22 july", "Mo: For the dentist on 2025-07-22."),
        # a value, to a question of what a thing's value is
        (
            "Lin: Great. What's your budget, and how big a van?",
            "Mo: about 3 thousand",
            "Mo's budget is about 3000.",
        ),
        ("Lin: how much is the deposit?", "Mo: 450", "Mo: The deposit is 450."),
        # nothing in the question says what the date is of: the date stays alone
        ("Lin: That's close. When?", "Mo: 22 july", "Mo: On 2025-07-22."),
        ("Lin: Is the party still on?", "Mo: 22 july", "Mo: On 2025-07-22."),
        ("Lin: oh lovely, when is that?", "Mo: 22 july", "Mo: On 2025-07-22."),
        # "when is X?": a time of day answers it, a number that is no time does not
        ("Lin: when is the table?", "Mo: 12:30", "Mo: The table is 12:30."),
        ("Lin: what's up? when is the wedding?", "Mo: 450", "Mo: 450."),
        # two things asked of: which one the date is of is unsaid
        ("Lin: so when is Jen's flight, and mine?", "Mo: the 9th", "Mo: On 2025-08-09."),
        ("Lin: what's the rent and the deposit?", "Mo: 450", "Mo: 450."),
        # a weekday alone is the date it means, ahead or behind as the question's tense
        ("Lin: when's the move?", "Mo: friday", "Mo: The move is on 2025-07-18."),
        ("Lin: when was the move?", "Mo: friday", "Mo: The move was on 2025-07-11."),
    ],
)
def test_a_date_answering_a_question_is_told_with_what_the_question_asked(
    question: str, answer: str, kept: str
) -> None:
    """A date said alone in answer to "When is X?", "When do you ...?" or a noun asked
    alone ("leaving drinks?") is told as the statement the question asks for, "you"
    the answerer; read later, "Mo: On 2025-07-22." tells the day of nothing."""
    assert chat(question, answer) == [kept]


@pytest.mark.parametrize("said", ["Lin: Who knew", "Lin: who cares"])
def test_a_question_word_and_a_verb_alone_exclaim_and_ask_nothing(said: str) -> None:
    """ "Who knew" without its mark is no question: the date or value said after it
    answers nothing and is dropped; "who's driving", asked by its auxiliary, and "who
    wants the 12th", three words, still ask (review 19 #6)."""
    assert chat(said, "Mo: 12 june") == []
    assert chat(said, "Mo: 450") == []
    assert chat("Lin: who's driving", "Mo: 12 june") == ["Mo: On 2025-06-12."]
    assert chat("Lin: who wants the 12th", "Mo: 12 june") == ["Mo: On 2025-06-12."]


@pytest.mark.parametrize(
    ("question", "answer", "kept"),
    [
        ("Lin: who is your doctor?", "Mo: Dr Patel.", ["Mo's doctor is Dr Patel."]),
        ("Lin: so who's the best man?", "Mo: Tom Hale!", ["Mo: The best man is Tom Hale."]),
        ("Lin: who was your landlord?", "Mo: Mrs Okafor", ["Mo's landlord was Mrs Okafor."]),
        # a capitalised word alone opening a reply may be any word, not a name
        ("Lin: who is your doctor?", "Mo: Unknown.", []),
        ("Lin: who is your doctor?", "Mo: No Idea", []),
        ("Lin: who is your doctor?", "Mo: Nobody Yet", []),
        # asked of two roles: which one the name is of is unsaid
        ("Lin: who is your doctor and dentist?", "Mo: Dr Patel", []),
    ],
)
def test_a_full_name_answering_who_holds_a_role_is_told_with_the_role(
    question: str, answer: str, kept: list[str]
) -> None:
    """ "who's your doctor?" / "Dr Patel.": the name of the role asked, "Mo's doctor is
    Dr Patel.", not a name alone that tells nothing read later (review 19 #7)."""
    assert chat(question, answer) == kept


def test_a_value_settled_among_those_proposed_is_kept() -> None:
    """ "12:30 it is": the choice made among the times proposed, the fact the
    proposals were for; "12:30 works" answers nothing asked and names nothing."""
    proposed = "Lin: the table at Rocco's is free at 12 or half past"
    table = "Lin: The table at Rocco's is free at 12 or half past."
    assert chat(proposed, "Mo: 12:30 it is") == [table, "Mo: 12:30 it is."]
    assert chat(proposed, "Mo: 12:30 works") == [table]
