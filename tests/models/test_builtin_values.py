"""builtin on chat's value said alone after a statement of the same message (precise13):
chat ends with a full stop what prose sets off with a comma ("paid the water bill.
96."), and the value alone names nothing it is the value of; joined to its statement
it does."""

from __future__ import annotations

from memctl.models.facts import _values_joined, split_sentences
from tests.support.conversations import kept_facts

DAY = "2025-07-16T09:00:00+00:00"


def chat(*lines: str) -> list[str]:
    """The facts builtin keeps of `lines` ("Name: text"), all said on `DAY`."""
    return kept_facts(lines, DAY)


def test_a_value_after_a_statement_is_its_value() -> None:
    # Alone, "96." would be a bullet naming nothing; joined, the bill is 96.
    assert chat("Oskar: paid the water bill. 96.") == ["Oskar: Paid the water bill, 96."]
    assert chat("Maren: the roofer comes friday. 1,400 euro") == [
        "Maren: The roofer comes on 2025-07-18, 1,400 euro."
    ]


def test_what_a_value_is_not_joined_to() -> None:
    def joined(text: str) -> list[str]:
        return _values_joined(split_sentences(text))

    # An assent names nothing the value could be of.
    assert joined("Fine. 25.") == ["Fine.", "25."]
    # A question is answered in another message; an exclamation is a reaction.
    assert joined("How much was it? 96.") == ["How much was it?", "96."]
    assert joined("What a week! 96.") == ["What a week!", "96."]
    # A value with its own verb is a sentence of its own.
    assert joined("The roofer came. 1,400 is a lot.") == ["The roofer came.", "1,400 is a lot."]
    # A value opening the message has no statement before it.
    assert joined("96.") == ["96."]


def test_a_closing_i_think_is_set_off_as_an_aside() -> None:
    # In the third person with no comma the hedge would read as "thinks" taking the
    # statement for its object ("Nine Sanne thinks.").
    assert chat("Sanne: the ferry to Texel leaves at 9 I think") == [
        "The ferry to Texel leaves at 9, Sanne thinks."
    ]
    # An opening "I think" is a guess, dropped as before (`_SPECULATION`).
    assert chat("Sanne: I think the ferry to Texel leaves at 9") == []
