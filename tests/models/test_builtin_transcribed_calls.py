"""A phone call written down by a voice transcription (issue 25 item 1, prec21): it asks
without question marks ("..., did Tom ring you") and calls the listener by a kin word set
off with commas ("Nine hundred pounds, Mum."). A bullet keeps what was stated: the
question closing a sentence is left out (and a sentence that only named what it asks
about is no bullet), and the kin word the listener is called by is no relation to read.
"Listen," "Look," and "there's two things," ask for the listener's ear before the news;
they order nothing. A run-on turn's news about someone else is kept without the clauses
after it that turn to the listener ("..., she talks more than your sister does"), cut at
a comma between clauses, not one inside "£212,500"; a condition whose consequence was the
listener's ("Worst case, if the ferry is cancelled, you can stay ...") is no bullet; and a
restart with "well" between is said once. A short question naming nothing ("Really?")
between a name and a "she" leaves the name who "she" is. A value said back and taken
("The fourteenth, right, I'll take the morning off") is the other's fact, not a new one.
An answer to a question asked in the past ("did the parcel come?") is dated in the past
when its own verb tells no tense ("yes it arrive on the 1st", in learner English). What only looks like any of these stays: a relative clause, a kin
word spoken of or in a list of people, "Listen to ..." without its comma."""

from __future__ import annotations

from typing import Any

import pytest

from memctl.core.prompts import NO_REPLY
from memctl.models.builtin import BuiltinModel
from memctl.models.interface import Request


def _call(*turns: tuple[str, str]) -> list[str]:
    """The bullets builtin's flush writes for a call, each turn (speaker, text); the
    first speaker is the user."""
    conversation: list[dict[str, Any]] = [
        {
            "role": "user" if speaker == turns[0][0] else "assistant",
            "name": speaker,
            "text": text,
            "ts": f"2025-02-03T09:0{number}:00+00:00",
        }
        for number, (speaker, text) in enumerate(turns)
    ]
    payload = {"conversation": conversation, "memory": "", "ledger": "", "thread": "t"}
    text = BuiltinModel().complete(Request("flush", [], payload)).text
    return [] if text == NO_REPLY else [line.removeprefix("- ") for line in text.splitlines()]


def _flush(said: str) -> list[str]:
    """The bullets of `said`, Rosa's alone."""
    return _call(("Rosa", said))


def _heard(said: str) -> list[str]:
    """The bullets of `said`, told by Ken to Rosa, who spoke first."""
    return _call(("Rosa", "Morning."), ("Ken", said))


@pytest.mark.parametrize(
    ("said", "kept", "gone"),
    [
        ("I got the flat in Bristol, did Tom ring you", "got the flat in Bristol", "did Tom"),
        ("I'm moving to Leeds in June, how was the dentist", "moving to Leeds in June", "how"),
        (
            "The boiler man came on Friday and fixed the leak, are you OK, what happened",
            "fixed the leak",
            "what happened",
        ),
    ],
)
def test_a_question_said_without_its_mark_is_left_out(said: str, kept: str, gone: str) -> None:
    facts = _flush(said)
    assert any(kept in fact for fact in facts), facts
    assert not any(gone in fact for fact in facts), facts


@pytest.mark.parametrize(
    "said",
    [
        "The other thing Gran, the car, did Uncle Pete sell it",
        "Morning Gran, it's Rosa, is now a good time",
    ],
)
def test_what_only_named_the_question_is_no_bullet(said: str) -> None:
    assert _flush(said) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        # A relative clause closing a statement tells.
        ("We had lunch with Tom in Bath, who was lovely", "who was lovely"),
        # "so" before the auxiliary agrees, it does not ask.
        ("Ana moved to Porto in May, so did Luis and Marta", "so did Luis and Marta"),
        # A verb going on after "now", and a condition, tell (review 30 P3).
        ("Ana left Acme in May, is now at Google.", "is now at Google"),
        ("The deposit is refundable, were we to cancel before May.", "refundable"),
    ],
)
def test_a_statement_that_only_looks_like_one_stays(said: str, kept: str) -> None:
    facts = _flush(said)
    assert any(kept in fact for fact in facts), facts


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("The new boiler cost 900 pounds, Mum.", "The new boiler cost 900 pounds."),
        ("Hiya Mum, the MOT is on the 14th at the garage in Frome.", "The MOT is on"),
        ("The exam is on the 20th, Gran, in the big hall in Kendal.", "on 2025-02-20, in the"),
    ],
)
def test_the_kin_word_the_listener_is_called_by_is_left_out(said: str, kept: str) -> None:
    facts = _flush(said)
    assert any(kept in fact for fact in facts), facts
    assert not any(word in fact for fact in facts for word in ("Mum", "Gran", "Hiya")), facts


@pytest.mark.parametrize("said", ["Physics, Dad.", "Nine hundred pounds, Mum."])
def test_a_word_and_a_kin_called_is_no_fact(said: str) -> None:
    assert _flush(said) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Amy, Dad, and I went to Cardiff on Saturday.", "Amy, Dad, and"),
        ("My sister, Mum, and I booked Crete for July.", "sister, Mum, and"),
        ("I rang Mum on Sunday about the boiler.", "rang Mum"),
    ],
)
def test_a_kin_word_spoken_of_stays(said: str, kept: str) -> None:
    facts = _flush(said)
    assert any(kept in fact for fact in facts), facts


@pytest.mark.parametrize(
    ("said", "kept", "gone"),
    [
        # "Listen," and "Look," get the listener's ear; they order nothing.
        ("Listen, the vet moved Biscuit's operation to the 12th.", "The vet moved", "Listen"),
        ("Look, the garage in Frome wants 400 for the clutch.", "The garage in Frome", "Look"),
        ("See, the new job at Acme starts on the 10th.", "The new job at Acme", "See"),
        # ... and so do these (review 30 P5).
        ("Listen to this: Ana got the job at the bank on Friday.", "Ana got the job", "Listen"),
        ("Listen up, Ana got the job at the bank on Friday.", "Ana got the job", "Listen"),
        ("Look at this, Ana starts at the bank on the 10th.", "Ana starts at the bank", "Look"),
        # The topics announced before they are told.
        (
            "There's two things, the landlord rang and the rent goes up to 950 in May.",
            "The landlord rang",
            "two things",
        ),
    ],
)
def test_a_word_that_asks_for_the_ear_is_a_lead_in(said: str, kept: str, gone: str) -> None:
    facts = _flush(said)
    assert any(fact.removeprefix("Rosa: ").startswith(kept) for fact in facts), facts
    assert not any(gone in fact for fact in facts), facts


@pytest.mark.parametrize(
    "said",
    [
        "Listen to the podcast Tom made about Frome.",
        "Look at the photos from Crete tonight.",
        "Listen to this podcast Tom made about Frome.",
    ],
)
def test_listen_and_look_without_a_comma_still_order(said: str) -> None:
    assert _flush(said) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "Gemma is Irish, from Cork, she talks more than your sister does.",
            "Ken: Gemma is Irish, from Cork.",
        ),
        (
            "The new flat in Leith has two bedrooms and a garden, it's bigger than your place.",
            "Ken: The new flat in Leith has two bedrooms and a garden.",
        ),
    ],
)
def test_a_run_on_turn_keeps_its_news_before_it_turns_to_the_listener(said: str, kept: str) -> None:
    assert _heard(said) == [kept]


def test_a_number_with_a_thousands_comma_is_not_cut_before_the_listener() -> None:
    # The tail is cut at the comma between clauses, not at the one inside "£212,500",
    # which wrote a price of £212.
    assert _heard(
        "Tomasz sold the garage, the one in Leith, for £212,500 and your uncle bought it."
    ) == ["Ken: Tomasz sold the garage, the one in Leith."]


@pytest.mark.parametrize(
    "said",
    [
        "For instance, if the van cost £3,200 and the insurance doubled, you'd lose money.",
        "Worst case, if the ferry to Mull is cancelled, you can stay with Iona in Oban.",
        "Suppose the hall in Didsbury fell through, your mum's garden would do.",
    ],
)
def test_a_condition_whose_consequence_was_the_listeners_is_no_bullet(said: str) -> None:
    # What would follow was said to the listener; the condition alone states nothing.
    assert _heard(said) == []


def test_a_statement_before_a_condition_keeps_its_news() -> None:
    # A verb before the condition: the news stands without what follows if.
    assert _heard("Iona moved to Oban in May, unless the ferry was late, your aunt says.") == [
        "Ken: Iona moved to Oban in May, unless the ferry was late."
    ]


def test_the_speakers_own_news_keeps_its_tail() -> None:
    # "We" tells of the speaker: the clause naming the listener is part of their news.
    assert _heard("We sold the van to Priya, your cousin, for 4000.") == [
        "Ken: We sold the van to Priya, your cousin, for 4000."
    ]


def test_a_restart_with_well_between_is_said_once() -> None:
    facts = _heard("Our new neighbour is, well is from Cork, and she moved in on the 3rd.")
    assert facts == ["Ken: Our new neighbour is from Cork, and she moved in on 2025-02-03."]


def test_a_question_naming_nothing_leaves_she_to_the_name_before() -> None:
    facts = _call(
        ("Rosa", "My auntie Carol had her hip replaced last week."),
        ("Ken", "Really?"),
        ("Rosa", "She's home on Friday and walking with a frame already."),
    )
    assert any(fact.removeprefix("Rosa: ").startswith("Carol is home on") for fact in facts), facts


@pytest.mark.parametrize(
    ("asked", "said", "kept"),
    [
        # Questions with a word of their own, naming nothing (review 30 P4).
        ("Amlodipine?", "She's taking 5mg every morning.", "Carol is taking 5mg every morning."),
        ("Private or NHS?", "She's paying 900 for it.", "Carol is paying 900 for it."),
        ("Which hospital?", "She's at the Royal until Friday.", "Carol is at the Royal until"),
    ],
)
def test_a_question_naming_no_one_leaves_she_to_the_name_before(
    asked: str, said: str, kept: str
) -> None:
    facts = _call(
        ("Rosa", "My auntie Carol is on new tablets since her hip was replaced."),
        ("Ken", asked),
        ("Rosa", said),
    )
    assert any(fact.removeprefix("Rosa: ").startswith(kept) for fact in facts), facts


@pytest.mark.parametrize("asked", ["Who did it?", "Which surgeon?", "What consultant?"])
def test_a_question_asking_for_someone_leaves_she_unread(asked: str) -> None:
    facts = _call(
        ("Rosa", "My auntie Carol had her hip replaced last week."),
        ("Ken", asked),
        ("Rosa", "She's a consultant at the Royal."),
    )
    assert not any("Carol is a consultant" in fact for fact in facts), facts


def test_a_question_naming_someone_else_leaves_she_unread() -> None:
    facts = _call(
        ("Rosa", "My auntie Carol had her hip replaced last week."),
        ("Ken", "Did you see the physio?"),
        ("Rosa", "She said the hip is healing well and to walk every day."),
    )
    assert not any("Carol said" in fact for fact in facts), facts


def test_a_value_said_back_and_taken_is_the_others_fact() -> None:
    facts = _call(
        ("Rosa", "The plumber is coming on the fourteenth at nine to fit the new tank."),
        ("Ken", "The fourteenth, right, I'll take the morning off work at the depot."),
    )
    assert facts == ["Rosa: The plumber is coming on 2025-02-14 at nine to fit the new tank."]


@pytest.mark.parametrize(
    ("turns", "kept"),
    [
        # Said back to a question, the value answers it.
        (
            (
                ("Rosa", "Is it four hundred for the clutch?"),
                ("Ken", "Four hundred, yes, and the garage in Frome can do it on the 20th."),
            ),
            "400, yes, and the garage in Frome can do it on 2025-02-20.",  # in digits (prec23)
        ),
        # A thing said back, not a value: what follows is the speaker's news.
        (
            (
                ("Rosa", "Tom said the depot in Frome is busy."),
                ("Ken", "The depot, right, they moved me to nights from March."),
            ),
            "They moved Ken to nights from March.",
        ),
        # After the read-back, a value of the listener's own is their news (review 30 P2).
        (
            (
                ("Rosa", "The plumber is coming on the 14th at nine."),
                ("Ken", "The 14th, great, and I'll pay him 200 cash."),
            ),
            "Ken will pay him 200 cash.",
        ),
        (
            (
                ("Rosa", "The dentist is on Friday."),
                ("Ken", "Friday, OK, I moved the dentist to Thursday."),
            ),
            "Ken moved the dentist to Thursday.",
        ),
        # A value the other called the speaker's is the speaker's own, said back or not.
        (
            (("Rosa", "So your rent is 360 now."), ("Ken", "360, right, it went up in May.")),
            "360, right, it went up in May.",
        ),
    ],
)
def test_what_only_looks_like_a_read_back_tells(
    turns: tuple[tuple[str, str], ...], kept: str
) -> None:
    facts = _call(*turns)
    assert any(fact.removeprefix("Ken: ") == kept for fact in facts), facts


@pytest.mark.parametrize(
    ("turns", "kept"),
    [
        # Asked in the past, the answer is of the past, whatever form its verb has.
        (
            (
                ("Rosa", "Did the parcel from Bristol come?"),
                ("Ken", "Yes, it arrive on the 1st, the courier leave it with Jo."),
            ),
            "on 2025-02-01",
        ),
        # Asked without its mark, as a transcription writes it.
        (
            (("Rosa", "Did the parcel from Bristol come"), ("Ken", "yes it arrive on the 1st")),
            "on 2025-02-01",
        ),
        # A verbless answer names the day of what was asked of, not of the asking.
        (
            (("Rosa", "Did you book the dentist?"), ("Ken", "Yes, on the 14th at ten.")),
            "2025-02-14",
        ),
        (
            (("Rosa", "Did they give you a date for the scan?"), ("Ken", "Yes, the 20th.")),
            "2025-02-20",
        ),
        # Not asked in the past: the day ahead.
        (
            (
                ("Rosa", "Is the parcel from Bristol coming?"),
                ("Ken", "Yes, it arrive on the 1st, the courier leave it with Jo."),
            ),
            "on 2025-03-01",
        ),
    ],
)
def test_an_answer_to_a_question_in_the_past_is_dated_in_the_past(
    turns: tuple[tuple[str, str], ...], kept: str
) -> None:
    facts = _call(*turns)
    assert any(kept in fact for fact in facts if "Ken" in fact), facts
