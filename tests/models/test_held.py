"""What a forget holds back beyond its text: the echoes of a forgotten fact in the thread
it was said in, and its restatements in any thread (`memctl.models.held.Echoes`), read on
the tombstones as written."""

from __future__ import annotations

import pytest

from memctl.core.forgotten import Tombstone
from memctl.models.held import Echoes

SAID = "threads/chat.jsonl"
AT = "2026-12-05T03:00:00+00:00"


def echoes(fact: str, replacement: str | None = None) -> Echoes:
    return Echoes([Tombstone(fact, AT, replacement, said=[f"{SAID}#2"])])


@pytest.mark.parametrize(
    ("turn", "echoed"),
    [
        (
            "Understood. I'll keep in mind that deploys happen only on Tuesdays, and I noted "
            "the move to Postgres 16.",
            True,
        ),
        ("I can't check the weather. Deploys happen on Tuesdays.", True),  # another sentence
        ("Got it:\ndeploys happen only on Tuesdays", True),
        ("Deploys on Fridays need a sign-off from Carol.", False),  # no Tuesdays
        ("Tuesday's standup moved to 10:00, and deploys follow it.", False),  # no happen
        ("Deploys do not happen on Tuesdays during the freeze.", False),  # negated
        ("Deploys don't happen on Tuesdays any more.", False),
        ("Deploys are on hold. It will happen on Tuesdays.", False),  # two sentences
    ],
)
def test_an_echo_holds_every_content_word_of_the_fact_in_one_sentence(turn, echoed):
    assert echoes("Remember that deploys happen only on Tuesdays.")(SAID, turn) is echoed


def test_a_sentence_with_words_of_its_own_is_read_only_in_the_thread_the_fact_was_said_in():
    turn = "I'll keep in mind that deploys happen only on Tuesdays, and after the standup."
    assert echoes("Dana: Remember that deploys happen only on Tuesdays.")(SAID, turn)
    assert not echoes("Remember that deploys happen only on Tuesdays.")("threads/other.jsonl", turn)
    assert not Echoes([Tombstone("Deploys happen only on Tuesdays.", AT)])(SAID, turn)  # no said


@pytest.mark.parametrize(
    ("turn", "hidden"),
    [
        ("The staging database is db9.internal.", True),  # audit 8 #3: the user's repeat
        ("Remember that the staging database is db9.internal!", True),  # a request before it
        ("Reminder: the staging database is db9.internal", True),  # a label's clause
        ("Thanks. The staging database is db9.internal. Good.", True),  # a sentence of it
        ("Thanks. So the staging database is db9.internal? Good.", False),  # a question
        ("Is the staging database db9.internal or db3?", False),  # a word of its own
        ("The staging database is not db9.internal.", False),  # negated
        ("The staging database is db3.", False),
    ],
)
def test_a_turn_restating_a_forgotten_fact_is_hidden_in_any_thread(turn, hidden):
    """The same content words and no other, in a sentence or a clause of a turn that says
    nothing else, restate the fact wherever they are said (the key flush folds a repeat by), said or not."""
    fact = "The staging database is db9.internal now."
    assert echoes(fact)("threads/other.jsonl", turn) is hidden
    assert Echoes([Tombstone(fact, AT)])("threads/other.jsonl", turn) is hidden  # no said


@pytest.mark.parametrize(
    "turn",
    [
        "Plan for Saturday:\nBook the venue for 7pm.\nOrder 40 chairs from Hire Co.\n"
        "- Tom is vegan\nBudget is 600 pounds.",
        "Is Tom vegan?",
        "Wait, Tom is vegan?",
        "Tom is vegan; the caterer needs the menu by Friday.",
    ],
)
def test_a_turn_saying_more_than_the_restatement_or_asking_it_is_shown(turn):
    """Review 15 #1: a turn is hidden whole, so a restatement hides it only when it is
    (nearly) all the turn says; a question restates nothing."""
    held = Echoes([Tombstone("Tom is vegan.", AT)])
    assert not held("threads/other.jsonl", turn)
    assert held("threads/other.jsonl", "Tom is vegan.")
    assert held("threads/other.jsonl", "OK, remember: Tom is vegan.")


@pytest.mark.parametrize(
    ("turn", "hidden"),
    [
        ("Is Tom vegan?", False),  # another person asking states nothing
        ("Wait, Tom is vegan?", False),
        ("Hold on. Tom is vegan?\n", False),
        ("Tom is vegan?)", False),  # a bracket after the mark
        ("Noted: Tom is vegan.", True),  # the fact's echo stays hidden
        ("Tom is vegan.", True),
        ("Sure. Is the menu ready? Tom is vegan.", True),  # the question is another one
    ],
)
def test_a_question_is_no_echo_in_the_facts_own_thread(turn, hidden):
    """Fixleft5: in the thread the fact was said in too, a sentence ending in "?" asks
    whether it holds and restates nothing; the fact's statements and echoes stay hidden."""
    assert echoes("Tom is vegan.")(SAID, turn) is hidden


def test_a_restatement_of_a_corrected_fact_is_hidden_and_the_correction_is_not():
    held = Echoes([Tombstone("Staging is db3.", AT, "Staging is db7.")])
    assert held("threads/other.jsonl", "OK. Staging is db3.")
    assert not held("threads/other.jsonl", "Staging is db7.")
    reordered = Echoes([Tombstone("Staging runs on db3.", AT, "db3 runs staging.")])
    assert not reordered("threads/other.jsonl", "Staging runs on db3.")  # the correction's key
    assert not Echoes([Tombstone("Tuesdays.", AT)])("threads/other.jsonl", "Tuesdays.")


def test_a_request_before_the_fact_is_none_of_its_content():
    """ "Note that ..." asked the assistant to keep the fact; its "Noted: ..." echo holds
    no `note`."""
    assert echoes("Note that deploys happen only on Tuesdays.")(
        SAID, "Noted: deploys happen only on Tuesdays."
    )
    assert echoes("Please don't forget that deploys happen only on Tuesdays.")(
        SAID, "Sure, deploys happen only on Tuesdays."
    )


def test_a_fact_of_one_content_word_has_no_echo():
    """A topic, not a statement: every turn naming Tuesdays would go."""
    assert not echoes("Tuesdays.")(SAID, "Tuesdays are busy. Deploys happen on Tuesdays.")


def test_a_sentence_stating_the_correction_is_no_echo_of_the_fact_it_corrected():
    held = echoes("Staging is db3.", "Staging is db7.")
    assert not held(SAID, "Staging moved from db3 to db7 last night.")
    assert held(SAID, "OK, staging is db3 for now.")


@pytest.mark.parametrize(
    ("turn", "echoed"),
    [
        ("Understood, we never deploy on Fridays.", True),  # the negation just before
        ("OK: no deploy on Fridays, then.", True),
        ("We deploy on Fridays now.", False),  # says the opposite
        ("Don't worry, we deploy on Fridays.", False),  # negates something else
    ],
)
def test_an_echo_of_a_negated_fact_is_negated_too(turn, echoed):
    assert echoes("Don't deploy on Fridays.")(SAID, turn) is echoed
    assert echoes("Never deploy on Fridays.")(SAID, turn) is echoed


@pytest.mark.parametrize(
    ("turn", "echoed"),
    [
        ("Noted: dentist on 2026-12-14 at 9am.", True),  # audit 7: drops "my", "appointment"
        ("Got it, dentist appointment 2026-12-14 at 9am.", True),
        ("Saved. Dentist: 2026-12-14 at 9am!", True),  # a sentence of its own
        ("Noted: dentist on 2026-12-14.", False),  # not the time: not all of its values
        ("2026-12-14 at 9am?", False),  # the values without what they are of
        ("The dentist on 2026-12-14 at 9am called to cancel.", False),  # more than the fact
    ],
)
def test_a_short_acknowledgement_carrying_the_facts_values_is_an_echo(turn, echoed):
    """An agent's "Noted: ..." keeps what makes the fact this one (its date, number and
    names) and drops the rest; a sentence with content of its own is no echo."""
    assert echoes("My dentist appointment is on 2026-12-14 at 9am.")(SAID, turn) is echoed


def test_a_name_is_a_value_an_acknowledgement_must_carry():
    held = echoes("Our landlord is Okafor and he lives upstairs.")
    assert held(SAID, "Okay: landlord Okafor, upstairs.")
    assert not held(SAID, "Okay: landlord lives upstairs.")  # not the name
    assert not echoes("Staging moved to the new rack.")(SAID, "Staging, new rack.")  # no value
