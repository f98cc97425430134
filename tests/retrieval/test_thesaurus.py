"""recall's thesaurus table, mapped and bisected (memctl.retrieval.thesaurus)."""

from __future__ import annotations

from pathlib import Path

import memctl.retrieval.thesaurus as thesaurus
from memctl.retrieval.thesaurus import related

TABLE = Path(thesaurus.__file__).parent / "data" / thesaurus.TABLE


def _lines() -> list[bytes]:
    return TABLE.read_bytes().splitlines()


def test_table_is_sorted_by_word_as_bytes() -> None:
    """The bisection finds a word only in lines sorted by their first word, as bytes,
    one word a line, every line ending in a newline."""
    data = TABLE.read_bytes()
    assert data.endswith(b"\n")
    words = [line.split(b" ", 1)[0] for line in data.splitlines()]
    assert len(words) > 60_000
    assert words == sorted(set(words))


def test_every_word_of_the_table_is_found() -> None:
    """Every word's line is found by bisecting the mapped table: its related words, in
    the table's order (an irregular form's: its bases, then theirs)."""
    for line in _lines():
        word, _, rest = line.decode().partition(" ")
        found = related(word)
        if rest.startswith("="):
            assert found[: len(rest[1:].split())] == [w for w in rest[1:].split() if w != word]
        else:
            assert found == [w for w in dict.fromkeys(rest.split()) if w != word], word


def test_inflected_and_unknown_words() -> None:
    """A word the table lacks is looked up by WordNet's detachment rules, an irregular
    form through its base; a word with no line (before the first, after the last, or
    between two) finds nothing."""
    assert "conveyance" in related("vehicle")
    assert related("vehicles") == related("vehicle")
    assert related("geese")[:1] == ["goose"]
    assert related("") == related("aaaaaaaaaaaa") == related("zzzzzzzzzzzz") == []
    assert related("qxv") == related("vehicle's") == []
