"""builtin on a helpdesk's live chat and on an answer that bounds a date (issue 25 item
1, prec24): an agent's formulas (the welcome, the sympathy, the hand-over to a
colleague) tell nothing of anyone; "By 3 October." answering "When will the plans be
ready?" is when the plans will be ready. Every sentence here is written for these
tests."""

from __future__ import annotations

import pytest

from tests.support.conversations import kept_facts

DAY = "2025-09-10T09:00:00+00:00"  # a Wednesday


def chat(*lines: str) -> list[str]:
    """The facts builtin keeps of `lines` ("Name: text"), all said on `DAY`."""
    return kept_facts(lines, DAY)


@pytest.mark.parametrize(
    "formula",
    [
        "Hello and welcome to Fernline Energy live chat!",
        "Mrs Okoro, welcome back after half term.",
        "I understand how frustrating that must be.",
        "I can imagine how stressful this is.",
        "I'm just going to transfer you to my colleague who handles refunds, please hold.",
        "I'll pass you to our complaints team.",
        "I'll put you through to Mum.",
    ],
)
def test_a_chats_formulas_are_no_fact(formula: str) -> None:
    """What any agent says to any customer, or anyone handing a call on: the news is
    what is said beside it."""
    kept = chat(f"Tilda: {formula}", "Ines: My smart meter was fitted on 2 September.")
    assert kept == ["Ines's smart meter was fitted on 2025-09-02."]


def test_a_welcome_with_a_clause_after_it_keeps_the_clause() -> None:
    """Only a welcome and where to is a greeting: news after its comma is news."""
    assert chat("Tilda: Welcome to the team, Rhian starts on Monday.") == [
        "Tilda: Welcome to the team, Rhian starts on 2025-09-15."
    ]


def test_a_date_with_its_bound_answers_when_a_thing_will_be_ready() -> None:
    """An answer "By 3 October." to "When will X be ready?": the date is when X will be ready,
    told with its "by"; a bound answering "When is it?" says nothing of what."""
    assert chat("Ines: When will the kitchen plans be ready?", "Gareth: By 3 October.") == [
        "Gareth: The kitchen plans will be ready by 2025-10-03."
    ]
    assert chat("Ines: When would the refund be through?", "Gareth: Before the 20th.") == [
        "Gareth: The refund would be through before 2025-09-20."
    ]
    assert "Gareth" not in " ".join(chat("Ines: When is it?", "Gareth: By Friday."))


@pytest.mark.parametrize("label", ["NOTICE", "Important", "URGENT", "Announcement"])
def test_a_notices_label_is_no_part_of_its_news(label: str) -> None:
    """A notice pasted into a chat opens on its label as "Reminder:" does: the label
    announces the news, and the same news said without it is the same fact."""
    assert chat(f"Mr Hale: {label}: The school will close at 1pm on Friday 19 September.") == [
        "Mr Hale: The school will close at 1pm on 2025-09-19."
    ]


def test_digits_before_thousand_are_one_number() -> None:
    """A count typed before "thousand" is the number: 41000; a range's end and a decimal are
    left as said."""
    assert chat("Odile: My new salary is 41 thousand a year.") == [
        "Odile's new salary is 41000 a year."
    ]
    assert chat("Odile: The quote was 20 to 30 thousand for the whole extension.") == [
        "Odile: The quote was 20 to 30 thousand for the whole extension."
    ]
    assert chat("Odile: The village hall raised 1.5 thousand pounds for the roof.") == [
        "Odile: The village hall raised 1.5 thousand pounds for the roof."
    ]


@pytest.mark.parametrize(
    "said",
    [
        "Odile: The quote was 20-30 thousand.",
        "Odile: The quote was £20–30 thousand.",
        "Odile: The quote was 20 - 30 thousand.",
        "Odile: The crowd was 12/15 thousand strong.",
        "Odile: The crowd was 4, 5 thousand strong.",
    ],
)
def test_a_range_typed_with_a_dash_or_slash_keeps_its_thousand(said: str) -> None:
    """ "20-30 thousand" is a range of thousands (review 33 S3): written "20-30000" it
    reads as 20 to 30000, a wrong number. Its end is left as said, as "20 to 30 thousand"
    is; so is a choice typed with a comma and a space ("4, 5 thousand")."""
    assert chat(said) == [said]


def test_a_yes_and_what_it_adds_is_told_with_its_question() -> None:
    """ "Will the boys need boots for camp?" / "Yes, boots and a raincoat.": the question
    holds the fact the yes confirms, and the answer alone says nothing of what. What
    follows the yes keeps the case it was said in ("Yes, boots", no longer "Yes, Boots":
    review 33 S13 found the capital made "Yes, No hot water yet" read as a contradiction)."""
    assert chat(
        "Ines: Will the boys need boots for the camp?",
        "Mr Hale: Yes, boots and a raincoat, it'll be wet.",
    ) == [
        "Mr Hale: Will the boys need boots for the camp? Yes, boots and a raincoat, it'll be wet."
    ]


def test_a_yes_with_a_but_keeps_its_but() -> None:
    """ "Yes, but no hot water yet." confirms with a reservation: cut to "Yes, No hot water
    yet." it read as a contradiction (review 33 S13)."""
    assert chat("Ines: Is the boiler fixed?", "Gareth: Yes, but no hot water yet.") == [
        "Gareth: Is the boiler fixed? Yes, but no hot water yet."
    ]
    assert chat(
        "Ines: Is choir still on Wednesdays this term?", "Mr Hale: Yes, Wednesdays at lunch."
    ) == ["Mr Hale: Is choir still on Wednesdays this term? Yes, Wednesdays at lunch."]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # of "she": the bullet would not say who
        ("Does she want photos?", "Yes, photos."),
        # of the asker: "I" would be the answerer's
        ("Can I bring the dog on the coach?", "Yes, on a lead."),
        # a clause of its own after the yes is a fact without the question
        ("Is the hall booked for Saturday?", "Yes, Pavel booked it on Monday."),
    ],
)
def test_a_yes_is_not_told_with_a_question_it_cannot_stand_with(question: str, answer: str) -> None:
    kept = chat(f"Ines: {question}", f"Mr Hale: {answer}")
    assert not any(question.rstrip("?") in fact for fact in kept)


def test_a_noun_phrase_answers_what_the_askeds_own_thing_is() -> None:
    """ "What's the name of the new caretaker?" / "Mr Adebayo.": the answer is what the
    thing is; "what's X like?" asks how X seems, and another's thing ("his") is not
    told, its owner unsaid in the bullet."""
    assert chat("Ines: What's the name of the new caretaker?", "Kit: Mr Adebayo.") == [
        "Kit: The name of the new caretaker is Mr Adebayo."
    ]
    assert chat("Ines: What's the new office like?", "Kit: Eleven desks.") == []
    kept = chat("Ines: What's his favourite team?", "Kit: Leeds United.")
    assert not any("favourite team" in fact for fact in kept)
