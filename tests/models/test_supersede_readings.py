"""supersede's kept readings (`READINGS`) never keep a text too long to read (review 21
finding 9): a long-lived process (the MCP server, a hook) reading pasted paragraphs
holds none of them, and a long text still reads as nothing."""

from __future__ import annotations

from memctl.models import supersede
from memctl.models.supersede import MAX_FACT_CHARS, claim, classed, stale

READINGS = [
    supersede._statement,
    supersede.claim,
    supersede._shape,
    supersede.classed,
    supersede._leaving_read,
    supersede._renaming,
    supersede._kept_slot,
    supersede._masked,
]


def _clear() -> None:
    for reading in READINGS:
        reading.cache_clear()


def _kept() -> int:
    return sum(reading.cache_info().currsize for reading in READINGS)


def test_a_text_too_long_to_read_is_not_kept() -> None:
    _clear()
    long = "Lena moved to Berlin. " + "She talked about the weather at length. " * 12
    assert len(long) > MAX_FACT_CHARS
    paragraphs = [f"{long} ({n})" for n in range(20)]
    assert stale(paragraphs) == {}
    assert claim(paragraphs[0]) is None
    assert classed(paragraphs[0], "Lena") is None
    assert _kept() == 0


def test_a_fact_is_still_kept_and_read_the_same() -> None:
    _clear()
    facts = ["Lena lives in Lisbon.", "Lena moved to Berlin."]
    first = stale(facts)
    assert first == {0: 1}
    assert _kept() > 0
    assert stale(facts) == first
    edge = "Lena lives in Lisbon" + "." * (MAX_FACT_CHARS - len("Lena lives in Lisbon"))
    assert len(edge) == MAX_FACT_CHARS
    kept = _kept()
    claim(edge)
    assert _kept() > kept


def test_a_kept_slot_is_kept_for_whom_it_is_about() -> None:
    """Review 25 test gap S2: "My car is a Volvo." said by Dana is Dana's car; read
    first for no one, the kept reading must not answer for Dana too."""
    from memctl.models.supersede import slot

    _clear()
    mine = slot("My car is a Volvo.")
    danas = slot("My car is a Volvo.", "Dana")
    assert mine is not None and danas is not None
    assert "dana" in danas.subject and "dana" not in mine.subject
    _clear()
    assert slot("My car is a Volvo.", "Dana") == danas
