"""builtin on what a user still read wrong in its memory (issue 25 item 1; audit 13 D2,
D5, D10, D12; review 19 #7, review 16 #8): a change of date told with "it", thanks and
orders to the listener, an assistant's acknowledgement, a firm's name, one-word answers,
a verb's particle and a name read as a noun. Every sentence here is written for these
tests."""

from __future__ import annotations

from typing import Any

from memctl.models.facts import extract
from memctl.models.supersede import stale


def chat(*lines: str) -> list[str]:
    """The facts builtin keeps of `lines` ("TS|Name: text", or "Name: text" said on
    2026-11-20, a Friday)."""
    conversation: list[dict[str, Any]] = []
    for line in lines:
        ts, _, said = line.rpartition("|")
        name, _, text = said.partition(": ")
        conversation.append(
            {"role": "user", "name": name, "text": text, "ts": ts or "2026-11-20T21:00:00+00:00"}
        )
    return extract(conversation, [], lambda text: False)


OCTOBER = "2026-10-03T19:00:00+00:00"
WEDDING = f"{OCTOBER}|Tomas: my sister Ines is getting married on june 12th next year"


# ------------------------------------------------------------------ D2: "they moved it"


def test_a_date_moved_with_it_is_the_one_event_the_speaker_dated_before() -> None:
    facts = chat(WEDDING, "Tomas: they moved it to june 19th because the venue double-booked")
    assert facts == [
        "Tomas's sister Ines is getting married on june 12th in 2027.",
        "Tomas's sister Ines is getting married on june 19th in 2027 instead of june 12th,"
        " because the venue double-booked.",
    ]
    assert stale(facts) == {0: 1}  # consolidation drops the old day


def test_among_several_dated_events_it_is_none_of_them() -> None:
    """Review 20 #3: the new date's month chose the wedding, though the firm's start, told
    last, stands between it and "it": which moved is unsaid, whatever the month."""
    facts = chat(
        WEDDING,
        f"{OCTOBER}|Tomas: and I start at the firm on january 11th",
        "Tomas: they moved it to june 19th",
    )
    assert facts[-1] == "Tomas: They moved it to june 19th."
    facts = chat(
        "Mo: My sister's wedding is on june 12th.",
        "Ana: Lovely!",
        "Mo: And my dentist appointment is on march 20th.",
        "Ana: Ok.",
        "Mo: Ugh, they moved it to june 19th.",
    )
    assert facts[-1] == "Mo: They moved it to june 19th."


def test_it_after_another_thing_the_speaker_named_is_kept_as_said() -> None:
    """Review 20 #3: "it" may be the plumber visit or the exam named since the dated
    fact, in a message of the speaker's own or a sentence before "it"."""
    assert chat(
        "Mo: My wedding is on june 12th 2026.",
        "Ana: Congrats! How is the kitchen reno going?",
        "Mo: Slow. The plumber visit was cancelled again.",
        "Ana: Annoying.",
        "Mo: Yeah, they moved it to june 2nd.",
    ) == ["Mo's wedding is on june 12th 2026.", "Mo: They moved it to june 2nd."]
    facts = chat(
        "Mo: My sister's wedding is on june 12th.",
        "Ana: Nice.",
        "Mo: My exam was moved too. It was moved to june 20th.",
    )
    assert facts[-1] == "Mo: It was moved to june 20th."
    assert not any("instead of" in fact for fact in facts)
    # Another's words between are not the speaker's: "it" is still the wedding.
    assert chat(
        WEDDING,
        "Ana: oh how is the new flat?",
        "Tomas: ugh",
        "Tomas: they moved it to june 19th because the venue double-booked",
    )[-1] == (
        "Tomas's sister Ines is getting married on june 19th in 2027 instead of june 12th,"
        " because the venue double-booked."
    )


def test_it_moved_with_no_one_event_to_be_is_kept_as_said() -> None:
    # two events of the month: which moved is unsaid
    assert (
        chat(
            WEDDING,
            f"{OCTOBER}|Tomas: and I start at the firm on june 1st",
            "Tomas: they moved it to june 19th because the venue double-booked",
        )[-1]
        == "Tomas: They moved it to june 19th because the venue double-booked."
    )
    # an event already past is not what moved; another speaker's is not the speaker's
    assert chat(
        f"{OCTOBER}|Mo: the recital was on 2026-10-01", "Mo: they moved it to december 3rd"
    ) == [
        "Mo: The recital was on 2026-10-01.",
        "Mo: They moved it to december 3rd.",
    ]
    assert chat(
        f"{OCTOBER}|Lin: my party is on december 5th", "Mo: it's been pushed back to december 12th"
    )[-1] == ("Mo: It's been pushed back to december 12th.")


def test_a_moved_it_with_no_date_is_not_read_as_a_change_of_date() -> None:
    assert chat(
        f"{OCTOBER}|Mo: the recital is on 2026-12-04", "Mo: they moved it to the big hall"
    ) == ["Mo: The recital is on 2026-12-04."]


# ------------------------------------------------------------------ a verb's particle


def test_a_particle_before_a_date_that_takes_no_preposition_stays_with_its_verb() -> None:
    """ "moved in yesterday": "yesterday" takes no "in", so the "in" is the verb's; the
    date's own "on" follows it."""
    assert chat("Lin: we moved in yesterday") == ["Lin: We moved in on 2026-11-19."]
    assert chat("Lin: we moved in two days ago") == ["Lin: We moved in on 2026-11-18."]
    assert chat("Lin: Jo came over last night") == ["Lin: Jo came over on 2026-11-19."]


def test_a_preposition_a_date_takes_is_still_replaced_by_the_date() -> None:
    assert chat("Lin: we moved on yesterday") == ["Lin: We moved on 2026-11-19."]
    # Said on a Friday, of the past: the weekend just gone (dates16).
    assert chat("Lin: the gig was over the weekend, at the Roundhouse") == [
        "Lin: The gig was on the weekend of 2026-11-14, at the Roundhouse."
    ]
    assert chat("Lin: we met up over this weekend in Leeds") == [
        "Lin: We met up on the weekend of 2026-11-21 in Leeds."
    ]


# ------------------------------------------------------------------ D5: thanks and orders


def test_thanks_and_a_request_closing_on_please_are_not_facts() -> None:
    assert (
        chat(
            "Marcus: I'm back! Thanks Lucía for covering.",
            "Lucía: no problem",
            "Marcus: Hana, loop Priyanka in today please.",
            "Hana: on it",
            "Marcus: book the big room for friday pls",
        )
        == []
    )


def test_an_order_to_remember_or_of_a_clause_closing_on_please_is_kept() -> None:
    """Review 20 #5: an order to remember or note, one whose object is a clause (a
    subject with its verb), and one naming the speaker are memory however politely
    asked; the order of the moment around them still goes. Review 22 #7: the order to
    remember and its "please" go, the clause it holds is the fact."""
    assert chat(
        "Hana: Note my new address is 12 Elm Road, please.",
        "Ines: Remember I am allergic to shellfish please.",
        "Samuel: Address me as Sam please.",
        "Marcus: book the big room for friday pls",
        "Marcus: Remember to water the plants please.",
    ) == [
        "Hana's new address is 12 Elm Road.",
        "Ines is allergic to shellfish.",
        "Address Samuel as Sam please.",
    ]
    said = [
        {"role": "user", "text": "Remember I am allergic to shellfish please.", "ts": OCTOBER},
        {"role": "assistant", "text": "Noted.", "ts": OCTOBER},
        {"role": "user", "text": "Address me as Sam please.", "ts": OCTOBER},
        {"role": "assistant", "text": "Sure.", "ts": OCTOBER},
        {"role": "user", "text": "Send me the report by friday please.", "ts": OCTOBER},
    ]
    assert extract(said, [], lambda text: False) == [
        "The user is allergic to shellfish.",
        "Address the user as Sam please.",
    ]


def test_a_thanks_clause_is_cut_from_the_news_it_closes() -> None:
    assert chat("Dev: I'm back from Lisbon, thanks Hana for covering") == [
        "Dev is back from Lisbon."
    ]
    assert chat("Dev: I fixed the login bug, thanks for the logs Hana") == [
        "Dev fixed the login bug."
    ]


def test_a_choice_closing_on_please_settles_what_was_offered() -> None:
    """No verb before an object: not an order, the terms of an offer accepted."""
    assert (
        chat(
            "Kofi: i can also do a quick evening walk at 6 if u need, £10",
            "Harriet: Just Tuesdays and Thursdays for the evening walk, please.",
        )[-1]
        == "Harriet: Just Tuesdays and Thursdays for the evening walk, please."
    )


def test_thanks_to_a_cause_and_please_inside_a_sentence_stay() -> None:
    assert chat("Dev: the build takes 2 minutes now, thanks to the new cache") == [
        "Dev: The build takes 2 minutes now, thanks to the new cache."
    ]
    assert chat("Tomas: yes please, my brother Arjun is driving the van on friday") == [
        "Yes please, Tomas's brother Arjun is driving the van on 2026-11-27."
    ]


# ------------------------------------------------------------------ D10: an agent's answers


def helped(*lines: str) -> list[str]:
    """The facts of a person ("U: ...") talking with an AI assistant ("AI: ...")."""
    conversation: list[dict[str, Any]] = [
        {
            "role": "user" if line.startswith("U: ") else "assistant",
            "text": line[4:] if line.startswith("AI: ") else line[3:],
            "ts": "2026-11-06T14:00:00+00:00",
        }
        for line in lines
    ]
    return extract(conversation, [], lambda text: False)


def test_an_assistants_acknowledgement_of_what_it_was_told_is_not_kept_again() -> None:
    assert helped(
        "U: OK we decided: the API uses FastAPI.", "AI: Recorded: FastAPI for the API."
    ) == ["The API uses FastAPI."]
    assert helped("U: Dmitri will own the parser.", "AI: Noted: Dmitri will own the parser.") == [
        "Dmitri will own the parser."
    ]


def test_an_assistants_acknowledgement_adding_something_is_kept() -> None:
    assert helped("U: Dmitri will own the parser.", "AI: Recorded: Ana owns the CLI and the docs.")[
        -1
    ] == ("Recorded: Ana owns the CLI and the docs.")


def test_a_value_and_where_it_is_is_told_with_the_question_it_answers() -> None:
    assert helped(
        "U: What was the seed we pinned for the flaky test?", "AI: 42, in tests/conftest.py."
    ) == ["The seed we pinned for the flaky test was 42, in tests/conftest.py."]
    # without its question, the value of nothing is dropped; a sentence with it stays
    assert (
        helped("U: Let's pin the seed for the flaky test.", "AI: 42, in tests/conftest.py.") == []
    )
    assert helped("U: I pinned the seed to 42, in tests/conftest.py.") == [
        "The user pinned the seed to 42, in tests/conftest.py."
    ]


# ------------------------------------------------------------------ D12: a firm's name


def subjects(*facts: str) -> dict[str, str | None]:
    """Each fact's section once consolidated, by its text."""
    from memctl.models.curate import merge

    daily = "".join(f"- {fact}\n" for fact in facts)
    return {fact.text: fact.subject for fact in merge("", [("2026-10-03.md", daily)]).facts}


def test_names_joined_by_an_ampersand_are_a_firm_not_a_persons_section() -> None:
    found = subjects(
        "Tomas applied to an architecture firm in Manchester, Kellner & Roe.",
        "Kellner & Roe offered Tomas the job!",
        "Tomas's cat is named Miso.",
    )
    assert found["Kellner & Roe offered Tomas the job!"] == "Tomas"


def test_a_person_named_first_and_another_joined_by_and_is_still_the_subject() -> None:
    found = subjects(
        "Tomas met Kellner at the studio.",
        "Kellner and Tomas designed the library.",
        "Kellner's sister is an architect too.",
    )
    assert found["Kellner and Tomas designed the library."] == "Kellner"


# ------------------------------------------------------------------ review 16 #8: a kind


def test_an_abstract_noun_opening_a_rule_is_still_a_kind() -> None:
    """Review 16 #8 ("Florence should apologise" read as a rule) is left open: reading a
    capitalised "-ity"/"-ance" word as a given name lost rules a team states to its agent
    ("Security must sign off every release."), a worse loss than an opinion kept."""
    from memctl.models.facts import _rule

    assert _rule("Indentation must be four spaces.")
    assert _rule("Logging should use structlog.")
    assert _rule("every dependency must be pinned.")
    assert _rule("the security review must pass before a release.")
    assert _rule("Security must sign off every release.")
    assert _rule("Compliance must approve every new vendor.")


# ------------------------------------------------------------------ review 19 #7: one word


def test_a_noun_answering_where_or_what_someone_does_is_told_with_the_question() -> None:
    assert chat("Lin: where did you move?", "Mo: Lisbon.") == ["Lisbon is where Mo moved."]
    assert chat("Lin: where did you move?", "Mo: Yes, Lisbon.") == ["Lisbon is where Mo moved."]
    assert chat("Lin: what do you drive these days?", "Mo: a Skoda") == [
        "Mo drives a Skoda these days."
    ]
    assert chat("Lin: where does Jen work now?", "Mo: Halden Labs.") == [
        "Mo: Halden Labs is where Jen works now."
    ]
    assert chat("Lin: who is your doctor?", "Mo: Dr Patel.") == ["Mo's doctor is Dr Patel."]


def test_a_joke_or_the_moment_answered_in_one_word_is_no_fact() -> None:
    """Review 20 #6: an answer said laughing or with an emoji is a joke; where someone is
    going or what they are doing is the moment. A span asked over is not."""
    assert chat("Lin: what do you drive these days?", "Mo: A spaceship lol") == []
    assert chat("Lin: what do you drive these days?", "Mo: A tractor. haha") == []
    assert chat("Lin: where did you move?", "Mo: the moon 🌙") == []
    assert chat("Lin: where are you going?", "Mo: Bed.") == []
    assert chat("Lin: where are you parked now?", "Mo: The gym.") == []
    assert chat("Lin: what are you doing?", "Mo: Homework.") == []
    assert chat("Lin: where are you living these days?", "Mo: Leeds.") == [
        "Leeds is where Mo is living these days."
    ]


def test_a_participle_alone_is_no_thing_a_what_question_asks() -> None:
    """fixleft8 (issue 25): "Retired." / "Engaged!" said alone were told as a thing the
    question's verb takes ("Sam sayed Engaged.", "Mo's dad does Retired."). A participle
    names no thing: it tells what someone is or did when the question asks what they do
    or did, and is no fact after any other verb. A name asked for stays a name."""
    assert chat("Lin: what did Sam say?", "Mo: Engaged!") == []
    assert chat("Lin: what did Sam say?", "Mo: Lisbon.") == ["Mo: Sam said Lisbon."]
    assert chat("Lin: what did you do with the car?", "Mo: Crashed.") == []
    assert chat("Lin: what do you eat these days?", "Mo: Retired.") == []
    assert chat("Lin: what does your dad do?", "Mo: Retired.") == ["Mo's dad is retired."]
    assert chat("Lin: what do your parents do?", "Mo: Retired.") == ["Mo's parents are retired."]
    assert chat("Lin: what is your dad doing these days?", "Mo: Retired.") == [
        "Mo's dad is retired these days."
    ]
    assert chat("Lin: what did you do at the weekend?", "Mo: Hiked.") == [
        "Mo hiked on the weekend of 2026-11-14."
    ]
    assert chat("Lin: what did you name the dog?", "Mo: Alfred.") == ["Mo named Alfred the dog."]
    assert chat("Lin: what do you eat these days?", "Mo: Vegan.") == ["Mo is vegan."]


def test_where_something_was_parked_or_put_is_the_moment() -> None:
    """fixleft8 (issue 25): "where did you park?" / "Mars." was told as "Mars is where Mo
    parked". Where someone parked or put something is where it is now, as "where are you
    parked now?" asks (review 20 #6); where they park as a habit, or moved, is kept, and
    so is where a thing named was put (review 23 M9)."""
    assert chat("Lin: where did you park?", "Mo: Mars.") == []
    assert chat("Lin: where did you park?", "Mo: By the gym.") == []
    assert chat("Lin: where did you put it?", "Mo: The drawer.") == []
    assert chat("Lin: where did you put the keys?", "Mo: The drawer.") == [
        "The drawer is where Mo puts the keys."
    ]
    assert chat("Lin: where do you park?", "Mo: The garage.") == ["The garage is where Mo parks."]
    assert chat("Lin: where did you move?", "Mo: Reading.") == ["Reading is where Mo moved."]
    assert chat("Lin: where do you live?", "Mo: Lisbon.") == ["Lisbon is where Mo lives."]


def test_your_noun_asked_is_the_answerers() -> None:
    """Review 20 #6: "your sister" was read as a name and a verb ("Your sisters Law
    study"); asked of the answerer, it is theirs. Another's ("his sister") is unsaid."""
    assert chat("Lin: what does your sister study?", "Mo: Law.") == ["Mo's sister studies Law."]
    assert chat("Lin: where does your brother live?", "Mo: Leeds.") == [
        "Leeds is where Mo's brother lives."
    ]
    assert chat("Lin: where does his brother live?", "Mo: Leeds.") == []


def test_an_answer_giving_no_value_is_not_told_as_one() -> None:
    for answer in ("Mo: nowhere yet", "Mo: not sure", "Mo: Ask Rasmus."):
        assert chat("Lin: where did you move?", answer) == [], answer
    assert chat("Lin: what do you drive?", "Mo: no idea, ask Rasmus") == []


def test_a_diet_or_an_allergy_said_alone_is_the_speakers() -> None:
    assert chat("Lin: I can't eat shellfish.", "Mo: Allergic to penicillin.") == [
        "Lin can't eat shellfish.",
        "Mo is allergic to penicillin.",
    ]
    assert chat("Lin: I went vegetarian in may", "Mo: Still vegan.")[-1] == "Mo is still vegan."
    # a diet said of a thing is no one's
    assert chat("Lin: the new place opened", "Mo: vegan burgers are great") == []


def test_an_answer_in_chats_lower_case_keeps_it_and_these_days_dates_it() -> None:
    """ "these days" is a time, not "that" said of what came before; "fish" as written."""
    assert chat("Lin: what do you eat these days?", "Mo: fish") == ["Mo eats fish these days."]
    assert chat("Lin: what are you reading?", "Mo: Dune") == ["Mo is reading Dune."]


def test_the_event_memory_and_the_ledger_both_hold_is_one_event() -> None:
    """MEMORY.md and today's ledger may hold the same fact (one with its month): "it" is
    still that one event."""
    known = [
        "Tomas's sister Ines is getting married on june 12th in 2027.",
        "Tomas's sister Ines is getting married on june 12th in 2027 (October 2026).",
    ]
    conversation = [
        {
            "role": "user",
            "name": "Tomas",
            "text": "they moved it to june 19th",
            "ts": "2026-11-20T21:00:00+00:00",
        }
    ]
    assert extract(conversation, known, lambda text: False) == [
        "Tomas's sister Ines is getting married on june 19th in 2027 instead of june 12th."
    ]


def test_what_a_thing_is_called_is_told_in_the_order_it_is_said() -> None:
    """prec24's reading: `_ASKED_WHERE_WHAT`'s capitalised name matched any word (the
    pattern is case-blind), so "What is the band called?" / "The Night Owls." came out
    "The is band the Night Owls called." A thing asked by its name is told as named."""
    assert chat("Lin: what is the band called?", "Mo: The Night Owls.") == [
        "Mo: The band is called the Night Owls."
    ]
    assert chat("Lin: what's your dog named?", "Mo: Biscuit.") == ["Mo's dog is named Biscuit."]
    assert chat("Lin: what was the piece in the end?", "Mo: A corbel!") == []
