"""A bullet says what was meant, not how it came out (issue 25 item 1, terse16): a voice
note's or a chat's hesitations ("um"), restarts ("he's, he's"), a "like" set off as a
filler and topic-shift openers ("Side note,") are left out, a self-repair keeps the
repaired value ("Thursday, no wait, Friday" -> Friday), and a day of the month said in
words is a date ("the twentieth of February" -> 2025-02-20), written once. What only
looks like one stays: a real "no", "I mean it", "I'd like Ana to ...", numbers."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import pytest

from memctl.core.prompts import NO_REPLY
from memctl.models.builtin import BuiltinModel
from memctl.models.facts import resolve_dates

SAID = datetime(2025, 2, 3, 9, tzinfo=UTC)  # a Monday


def _flush(*texts: str, name: str = "Mabel") -> list[str]:
    """The bullets builtin's flush writes for `texts`, said by `name` to a friend."""
    from memctl.models.interface import Request

    conversation: list[dict[str, Any]] = [
        {"role": "user", "name": name, "text": text, "ts": SAID.isoformat()} for text in texts
    ]
    payload = {"conversation": conversation, "memory": "", "ledger": "", "thread": "t"}
    text = BuiltinModel().complete(Request("flush", [], payload)).text
    return [] if text == NO_REPLY else [line.removeprefix("- ") for line in text.splitlines()]


@pytest.mark.parametrize(
    ("said", "kept", "gone"),
    [
        # Hesitations, with the commas that set them off inside a phrase.
        (
            "The mortgage is, um, approved in principle, and the deposit is our savings "
            "plus, um, a bit from Mum.",
            "approved in principle, and the deposit is our savings plus a bit from Mum",
            "um",
        ),
        ("I've been, uh, looking for clients in Leeds.", "been looking for clients", "uh"),
        # A restart: the words said again once.
        (
            "I've, um, I've started banjo lessons with Alfie on Division Street.",
            "Mabel has started banjo lessons",
            "has, ",
        ),
        # "like" set off as a filler, after a comma or a form of "be".
        (
            "I finally bought a proper wetsuit, like, a winter one, for £145.",
            "wetsuit, a winter one",
            "like",
        ),
        (
            "Gary is charging me for a full extra week, which is like, a hundred and ten quid.",
            "which is 110 quid",  # the number in digits (prec23)
            "like",
        ),
        # A topic-shift opener.
        (
            "Side note, Imelda says hi and the baby is due on the 29th of September.",
            "Imelda",
            "Side note",
        ),
    ],
)
def test_a_disfluency_is_left_out_of_the_bullet(said: str, kept: str, gone: str) -> None:
    facts = _flush(said)
    assert any(kept in fact for fact in facts), facts
    assert not any(re.search(rf"\b{re.escape(gone)}\b", fact) for fact in facts), facts


@pytest.mark.parametrize(
    ("said", "kept", "gone"),
    [
        # A value repaired: the word or words it corrects, the last day or number first.
        ("The interview is on Thursday, no wait, Friday, at half two.", "2025-02-07", "wait"),
        ("We have 3 kids, no wait, 4 kids.", "4 kids", "3"),
        (
            "I bought a winter wetsuit, it was £140, no, hang on, it was £145 with the gloves.",
            "wetsuit, it was £145",
            "140",
        ),
        ("The tasting is on Thursday at 2, or rather Friday.", "2025-02-07 at 2", "rather"),
        # A clause said again replaces the clause.
        (
            "I'm walking Biscuit, no wait, I'm not walking Biscuit, I'm walking back from "
            "the shop.",
            "Mabel is not walking Biscuit",
            "wait",
        ),
        # "I mean" before a value or a clause said again repairs too.
        ("The party is on Saturday, I mean Sunday.", "2025-02-09", "Saturday"),
    ],
)
def test_a_self_repair_keeps_the_repaired_value(said: str, kept: str, gone: str) -> None:
    facts = _flush(said)
    assert any(kept in fact for fact in facts), facts
    assert not any(gone in fact for fact in facts), facts


def test_a_date_in_words_anchors_the_fact_as_one_in_digits_does() -> None:
    # Read before the rules weigh it: "on the twenty-second" dates the play.
    facts = _flush("Last thing, Poppy's school play is on the twenty-second.")
    assert facts == ["Mabel: Poppy's school play is on 2025-02-22."], facts


def test_a_weekday_no_past_day_fits_pins_the_date_ahead() -> None:
    # "told" makes the sentence past, but no Friday the 7th is before 2025-02-03.
    facts = _flush(
        "The practice manager job at Clifton Smiles, the one I told you about, the "
        "interview is on Thursday, no wait, Friday, Friday the seventh, at half two."
    )
    assert any("2025-02-07" in fact for fact in facts), facts
    assert not any("2025-01" in fact or "the seventh" in fact for fact in facts), facts


@pytest.mark.parametrize(
    "said",
    [
        "One more thing, the plumber is coming on the 12th to fix the boiler.",
        "Last thing, the plumber is coming on the 12th to fix the boiler.",
        "Another thing: the plumber is coming on the 12th to fix the boiler.",
        "Sorry, the plumber is coming on the 12th to fix the boiler.",
        "Speaking of, the plumber is coming on the 12th to fix the boiler.",
    ],
)
def test_a_topic_shift_opener_is_left_out(said: str) -> None:
    facts = _flush(said)
    assert facts == ["Mabel: The plumber is coming on 2025-02-12 to fix the boiler."], facts


def test_a_repair_opening_the_sentence_leaves_what_follows() -> None:
    facts = _flush("Wait no, the quiz is on the 22nd.")
    assert any("The quiz is on 2025-02-22" in fact for fact in facts), facts
    assert not any("wait" in fact.casefold() for fact in facts), facts


def test_a_clause_said_again_keeps_what_led_to_it() -> None:
    facts = _flush(
        "I can't talk because I'm walking Biscuit, no wait, I'm not walking Biscuit, I'm "
        "walking back from the shop on Park Street."
    )
    assert any("Mabel is not walking Biscuit" in fact for fact in facts), facts
    assert not any("Mabel is walking Biscuit" in fact for fact in facts), facts


def test_a_repair_of_another_subject_keeps_both() -> None:
    # "it" cannot be told from what it corrects: the value it repairs is not guessed.
    facts = _flush("I bought a wetsuit for £140, no, hang on, it was £145 with the gloves.")
    assert any("wetsuit for £140, it was £145" in fact for fact in facts), facts


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        # A real "no" answer, and "no" in a fact.
        ("No, I don't eat meat at all since 2019.", "Mabel doesn't eat meat at all since 2019"),
        ("There's no parking at Clifton Smiles on Saturdays.", "no parking at Clifton"),
        # "I mean" as the verb.
        ("I mean it, I'm quitting the choir on Friday.", "quitting the choir on 2025-02-07"),
        ("Sometimes I mean to call Gary, and I forget, on Fridays.", "means to call Gary"),
        # ... after a comma too: no value of the sentence is replaced by its object.
        (
            "The Harrow Press invoice is due on Friday, I mean to pay it early.",
            "The Harrow Press invoice is due on 2025-02-07",
        ),
        ("My flight to Porto is on Friday, I mean business this time.", "Porto is on 2025-02-07"),
        # "like" as the verb, before a name, and before a count.
        ("I'd like Ana to run the standup on Friday.", "Mabel would like Ana to run"),
        ("I'd like, um, Ana to run the standup on Friday.", "Mabel would like Ana to run"),
        ("I like 2 sugars in my tea, always.", "likes 2 sugars"),
        ("I bought things like, you know, cheese and bread at the Leeds market.", "like cheese"),
        # Numbers said twice in a row are no restart when no comma parts them.
        ("The code is 4 4 7 1 for the gate at Clifton.", "4 4 7 1"),
        # "sorry" alone is no repair (an opener, left out).
        ("Sorry, the dentist moved me to Friday.", "dentist moved Mabel to Friday"),
        # "One thing" that is the subject stays.
        ("One thing I love is the Clevedon sea pool.", "One thing Mabel loves"),
        # "no" that is a determiner after "sorry" or "actually" is no repair.
        ("Sorry, no one from Clifton came to the party on Friday.", "No one from Clifton came"),
        ("Actually, no one from Clifton came to the party on Friday.", "No one from Clifton came"),
        # "the second" that is no day keeps its word.
        ("It was the second time Tamsin quit in May.", "the second time"),
    ],
)
def test_what_only_looks_like_a_disfluency_stays(said: str, kept: str) -> None:
    facts = _flush(said)
    assert any(kept in fact for fact in facts), facts


@pytest.mark.parametrize(
    ("said", "written"),
    [
        # A day of the month in words is a date, as in digits.
        (
            "The operation is on the twentieth of February.",
            "The operation is on 2025-02-20.",
        ),
        ("I start on the third of March.", "I start on 2025-03-03."),
        ("It is on Friday the seventh, at half two.", "It is on 2025-02-07, at half two."),
        ("The gig is on the twenty-first of June.", "The gig is on 2025-06-21."),
        # A day said again as its day of the month is written once.
        (
            "I have the dentist next Monday, the tenth, at nine.",
            "I have the dentist on 2025-02-10, at nine.",
        ),
        ("Rehearsals start tomorrow tues 4th.", "Rehearsals start on 2025-02-04."),
        ("Mum's party was last Saturday the first.", "Mum's party was on 2025-02-01."),
        # A weekday with its day is that weekday, in a sentence about the past too.
        ("They offered us Saturday the 22nd instead.", "They offered us on 2025-02-22 instead."),
        # "coming" before a weekday is the verb, kept.
        (
            "The electrician is coming Tuesday the fourth.",
            "The electrician is coming on 2025-02-04.",
        ),
        # An irregular past dates a bare weekday before the day said.
        ("Gillian rang me on Friday afternoon.", "Gillian rang me on 2025-01-31 afternoon."),
        ("The choir began on Thursday.", "The choir began on 2025-01-30."),
        # An ordinal that is no day keeps its word: no month after it, no weekday or
        # preposition of time before it.
        ("It was the second time she asked.", "It was the second time she asked."),
        ("The first one was fine.", "The first one was fine."),
        ("Poppy was the first to arrive.", "Poppy was the first to arrive."),
        ("She came the third.", "She came the third."),
        ("It is the second and last time.", "It is the second and last time."),
        ("My birthday is on the third.", "My birthday is on 2025-02-03."),
        # After a date, or alone (the answer to "when?"), it is one.
        (
            "Flights on the sixteenth of May, coming back the nineteenth.",
            "Flights on 2025-05-16, coming back on 2025-05-19.",
        ),
        ("The twelfth.", "on 2025-02-12."),
        (
            "It is now on the tenth of June instead of the second.",
            "It is now on 2025-06-10 instead of 2025-06-02.",
        ),
    ],
)
def test_a_day_said_in_words_is_written_as_its_date(said: str, written: str) -> None:
    assert resolve_dates(said, SAID) == written


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        # The repair's last number lands on the last number said before it (review 24 F4:
        # "The kids are 7 and 7 and 10").
        ("The kids are 7 and 9, no wait, 7 and 10.", "Mabel: The kids are 7 and 10."),
        # Its numbers line up with none said before: what it corrects cannot be told and
        # both stay (F4: as many words from the end made it "Bus at 10 or 11").
        ("Bus 5 leaves at 9, no wait, at 10 or 11.", "Mabel: Bus 5 leaves at 9, at 10 or 11."),
        # The comma that closed the repair goes with it (F8: "paid 45, quid").
        (
            "I paid 40, I mean 45, quid for the tickets to Leeds on Saturday.",
            "Mabel paid 45 quid for the tickets to Leeds on 2025-02-01.",
        ),
        # A repair of more words than a phrase says the clause again from the word it
        # opens on (M19: as a phrase it replaced "I'll bring" too).
        (
            "I'll bring the red one, no wait, the blue one with the long sleeves.",
            "Mabel will bring the blue one with the long sleeves.",
        ),
    ],
)
def test_a_repair_replaces_the_words_it_corrects(said: str, fact: str) -> None:
    assert _flush(said) == [fact]


@pytest.mark.parametrize(
    "said",
    [
        # "no" after a saying verb is what was said (review 24 F5).
        "Ana said no, sorry, not for now, to the Lisbon offer.",
        "We said no, sorry, to the Leeds job.",
        # A hesitation's sound capitalised inside the sentence is a name (F7).
        "The cat is called Er and she is 4.",
        "The band is called Hmm.",
        # Words said twice that are a number or a name opening the sentence (F8).
        "The code is 1234, 1234 is the PIN.",
    ],
)
def test_what_only_looks_like_a_disfluency_is_kept(said: str) -> None:
    facts = _flush(said)
    assert len(facts) == 1, facts
    assert facts[0].endswith(said), facts


def test_a_name_said_twice_at_the_opening_is_no_restart() -> None:
    facts = _flush("New York, New York is my favourite song.", "My uncle Uh Jin lives in Busan.")
    assert facts == [
        "New York, New York is Mabel's favourite song.",
        "Mabel's uncle Uh Jin lives in Busan.",
    ], facts


@pytest.mark.parametrize(
    "did",
    ["forgot her keys", "woke up late", "chose the blue one", "forgave him", "lent me her car"],
)
def test_an_irregular_past_dates_a_weekday_back(did: str) -> None:
    # The past tense puts "on Friday" before the Monday it was said (M27: the irregular
    # pasts "forgot" .. "lent" were not told, and Friday was the one ahead).
    assert resolve_dates(f"Ana {did} on Friday.", SAID) == f"Ana {did} on 2025-01-31."
