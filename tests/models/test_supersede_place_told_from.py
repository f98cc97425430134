"""`supersede._alone`'s guard for a place a clause tells another from (review 16 #12):
"20 km from Valencia" places Bilbao, it does not end Valencia. Sentences written for this
test."""

from __future__ import annotations

from memctl.models.supersede import stale


def test_a_place_told_from_is_no_old_value():
    """Where Marta lives is not where she works: the later line, a place of work told
    from Valencia, replaces nothing (without the guard: {0: 1}, as though she had moved)."""
    lives = "Marta lives in Valencia."
    works = "Marta works in Bilbao, 20 km from Valencia."
    assert stale([lives, works]) == {}
    # The same fact given another value is still a change.
    assert stale(["Marta works in Valencia.", works]) == {0: 1}
