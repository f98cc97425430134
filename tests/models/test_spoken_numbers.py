"""A number said in words is written in digits only when the words are one number
(review 32 F2): a range's, a choice's, a decimal's or a fraction's number, or two
numbers side by side, stay as said, since a wrong digit is worse than the words."""

from __future__ import annotations

import pytest

from memctl.models.facts import _numbers_as_digits


@pytest.mark.parametrize(
    "said",
    [
        "We expect between one and two thousand visitors",
        "between two hundred and three hundred pounds",
        "four hundred two hundred",
        "one two hundred",
        "five hundred thousand million",
        "three point five million",
        "half a million",
        "one or two hundred",
        "five or six hundred",
        "five hundred or six hundred",
        "ten to twelve thousand",
    ],
)
def test_words_that_are_not_one_number_are_left_as_said(said: str) -> None:
    assert _numbers_as_digits(said) == said


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("nine hundred and ninety-nine pounds", "999 pounds"),
        ("four hundred and ten", "410"),
        ("a hundred and fifty thousand", "150000"),
        ("two thousand and twenty", "2020"),
        ("thirty-nine thousand six hundred", "39600"),
        ("three thousand five hundred and twelve", "3512"),
    ],
)
def test_one_number_said_in_words_is_written_in_digits(said: str, written: str) -> None:
    assert _numbers_as_digits(said) == written


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("A thousand thanks for fixing the boiler!", "A thousand thanks for fixing the boiler!"),
        ("She is one in a million.", "She is one in a million."),
        ("Thanks a million, Ben.", "Thanks a million, Ben."),
        ("A thousand apologies for the delay.", "A thousand apologies for the delay."),
        # The same words before a thing counted are a value.
        ("A thousand visitors came.", "1000 visitors came."),
        ("It costs a million pounds.", "It costs 1000000 pounds."),
    ],
)
def test_a_number_said_for_effect_in_an_idiom_is_no_value(said: str, written: str) -> None:
    """ "a thousand thanks" is no count of thanks: "1000 thanks" read later is a value no
    one gave (review 32)."""
    assert _numbers_as_digits(said) == written
