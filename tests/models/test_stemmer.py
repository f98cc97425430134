"""The English stemmer supersession reads relations by (memctl.models.supersede): the C
PyStemmer that snowballstemmer hands over to when it is installed (a dependency on
CPython: snowballstemmer's own import loads all its 36 pure-Python languages), with the
same stems as snowballstemmer's pure-Python English stemmer."""

from __future__ import annotations

import platform
import re
from pathlib import Path

import pytest
import snowballstemmer  # type: ignore[import-untyped]
from snowballstemmer.english_stemmer import EnglishStemmer  # type: ignore[import-untyped]

import memctl.retrieval.thesaurus as thesaurus

BENCH_DATA = Path(__file__).resolve().parents[2] / "bench" / "data"
TABLE = Path(thesaurus.__file__).parent / "data" / thesaurus.TABLE


@pytest.mark.skipif(
    platform.python_implementation() != "CPython", reason="PyStemmer is a CPython extension"
)
def test_snowballstemmer_uses_pystemmer() -> None:
    import Stemmer  # type: ignore[import-not-found]

    assert snowballstemmer.stemmer is Stemmer.Stemmer


def test_stems_match_the_pure_python_stemmer() -> None:
    """Every word of the benches' conversations and of the thesaurus (69,000 words, of
    every shape: inflections, names, numbers, apostrophes) stems alike."""
    words: set[str] = set()
    for path in BENCH_DATA.glob("*.txt"):
        words.update(w.lower() for w in re.findall(r"[\w'’-]+", path.read_text("utf-8")))
    words.update(TABLE.read_text("ascii").replace("=", "").split())
    assert len(words) > 60_000
    used, pure = snowballstemmer.stemmer("english"), EnglishStemmer()
    differ = [w for w in sorted(words) if used.stemWord(w) != pure.stemWord(w)]
    assert differ == []
    assert used.stemWord("living") == used.stemWord("lives") == "live"
