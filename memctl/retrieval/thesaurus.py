"""WordNet's related words for a query word that no record holds (recall's thesaurus).

A question often names what its evidence says in other words ("What vehicle did Ines
purchase?" / "we finally bought the van"). A word no record holds adds nothing to BM25,
so recall looks its related words up here and ranks with them at THESAURUS_WEIGHT
(memctl.retrieval.recall): only such words are expanded, because expanding every word
let synonyms of words that do match pull in distractors (bench/README.md, "Ranking
levers, fifth round").

The table (data/thesaurus.txt, 65,847 words, 3.8 MB; 1.4 MB in the wheel, which deflates
it) is derived from WordNet 3.x by scripts/build_thesaurus.py: a word's synonyms in its
first two senses as a noun, verb or adjective, and the words of their direct hypernyms
and hyponyms. Its licence is data/WORDNET-LICENSE. It is mapped into memory once a
process, on the first word that needs it, and searched as bytes: a lookup reads the
pages of the ~17 lines its bisection visits (the first one 0.06 ms, map included). It was
a gzip decompressed whole by each process, 25-30 ms of every prompt hook's; blocks
compressed apart under an index of their first words (1.5 MB) took 1 ms to a first
lookup (bench/README.md, "The prompt hook at 100,000 records").
"""

from __future__ import annotations

import mmap
from functools import cache
from pathlib import Path

TABLE = "thesaurus.txt"
# WordNet's detachment rules (its `morphy`), for a word the table lacks: suffix, ending.
_RULES = (
    ("ses", "s"),
    ("xes", "x"),
    ("zes", "z"),
    ("ches", "ch"),
    ("shes", "sh"),
    ("men", "man"),
    ("ies", "y"),
    ("es", "e"),
    ("es", ""),
    ("ed", "e"),
    ("ed", ""),
    ("ing", "e"),
    ("ing", ""),
    ("er", ""),
    ("est", ""),
    ("er", "e"),
    ("est", "e"),
    ("s", ""),
)


@cache
def _table() -> mmap.mmap:
    """The table's lines, sorted by word (each "word related..." or "form =base..."),
    mapped read-only for the life of the process (the map keeps its own reference to
    the file, so the file object is closed)."""
    with (Path(__file__).parent / "data" / TABLE).open("rb") as file:
        return mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)


def _line(word: str) -> list[str] | None:
    """The rest of `word`'s line, found by bisecting the table's bytes: no dict of its
    65,847 lines is built, and a lookup reads about 17 of them."""
    table = _table()
    key = word.encode()
    low, high = 0, len(table)
    while low < high:
        middle = (low + high) // 2
        start = table.rfind(b"\n", 0, middle) + 1
        end = table.find(b"\n", start)
        space = table.find(b" ", start, end)
        found = table[start:space]
        if found == key:
            return table[space + 1 : end].decode().split()
        if found < key:
            low = end + 1
        else:
            high = start
    return None


def related(word: str) -> list[str]:
    """The words WordNet relates to `word` (lowercase), through its base form when it is
    inflected ("geese" -> "goose", "vehicles" -> "vehicle"); [] when it knows none."""
    if not word.isascii() or not word.isalpha():
        return []
    found = _line(word)
    if found is None:
        bases = [
            word[: -len(suffix)] + ending for suffix, ending in _RULES if word.endswith(suffix)
        ]
        found = []
        for base in dict.fromkeys(b for b in bases if len(b) > 1):
            found.extend(_line(base) or [])
    elif found and found[0].startswith("="):  # an irregular form: its bases' words
        bases = [found[0][1:], *found[1:]]
        found = [*bases, *(w for base in bases for w in _line(base) or [])]
    return [w for w in dict.fromkeys(found) if w != word]


def knows(word: str) -> bool:
    """Whether WordNet has `word` (or its base form) as an English word: a lower-case
    word it lacks is most often a name ("redis", "kubernetes", "nginx")."""
    return _line(word) is not None or bool(related(word))
