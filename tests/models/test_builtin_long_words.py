"""builtin on a hostile message of one long word (issues 25 and 26, speed25): a pattern
tried at every character of a 20,000-character run and backtracking through the rest of
it costs quadratic time (cubic for a letter held: "aaaa..."), and one such message held
a flush for seconds to hours. Each is bounded where a match can start or made atomic;
the answers are the same (bench/README.md, speed25). Process time, bounded generously:
each case cost seconds before (written beside it), a fraction of a second after."""

from __future__ import annotations

import time

import pytest

from memctl.models.builtin import BuiltinModel
from memctl.models.facts import (
    _BOUNDARY,
    _DEGREE_HEDGE,
    _HEDGED_COUNT,
    _PLACE,
    _PLURAL_OR_OWNED,
    _REPAIR,
    _RULE_TAG,
    _TAG_ASKED,
    _without_hedged_count,
)
from memctl.models.interface import Request
from memctl.models.supersede import _VALUE_END


def flush(text: str) -> str:
    payload = {"conversation": [{"role": "user", "text": text}], "memory": "", "ledger": ""}
    return BuiltinModel().complete(Request("flush", [], payload)).text


@pytest.mark.parametrize(
    "word",
    [
        # `_ELONGATED` ("noooo") split a run of one letter three ways: 10.5 s at 1,200
        # characters, cubic (hours at 20,000)
        "a" * 1_200,
        # `_PLACE`'s path and file name split a run of word characters two ways
        # (no letter held: "AAAA" is one, read as above): 12.6 s
        "Ab" * 10_000,
        # `language` read the whole sentence before each of 10,000 words, `_PLACE` as
        # above: 10.6 s
        "A-" * 10_000,
    ],
    ids=["held-letter", "capital-small", "capital-dash"],
)
def test_a_flush_of_one_long_word_is_bounded(word: str) -> None:
    started = time.process_time()
    flush(word)
    assert time.process_time() - started < 2


def test_the_patterns_over_a_long_word_are_bounded() -> None:
    """`_HEDGED_COUNT` (11.1 s on 20,000 digits), `_PLURAL_OR_OWNED` (3.0 s on 20,000
    capitals) and `_PLACE` (7.8 s on "a_" 10,000 times) tried at every character of the
    run, and still find what they did."""
    started = time.process_time()
    assert _without_hedged_count("1" * 20_000) == "1" * 20_000
    assert _PLURAL_OR_OWNED.search("A" * 20_000) is None
    assert not list(_PLACE.finditer("a_" * 10_000))
    assert time.process_time() - started < 1
    assert _without_hedged_count("it took like 5 days") == "it took 5 days"
    assert [m["before"] for m in _HEDGED_COUNT.finditer("I like 3 of them")] == ["I"]
    assert _PLURAL_OR_OWNED.search("then xTom's parents came")
    assert [m[0] for m in _PLACE.finditer("see app/billing and invoice.py")] == [
        "app/billing",
        "invoice.py",
    ]


SPACES = " " * 20_000


@pytest.mark.parametrize(
    "text",
    [
        # `_REPAIR`, `_BOUNDARY`, `_CLAUSE`, `_TAG_ASKED` ... each tried at every space of
        # the run and read to its end: 13.3 s (speed26)
        f"We deploy on{SPACES}Fridays, right",
        # `_RULE_TAG`'s rule before its tag ended at every space: 14.0 s
        f"Keep commits small{SPACES}, that's a team rule",
    ],
    ids=["run-inside", "run-before-tag"],
)
def test_a_flush_of_a_run_of_spaces_is_bounded(text: str) -> None:
    started = time.process_time()
    flush(text)
    assert time.process_time() - started < 2


def test_the_patterns_over_a_run_of_spaces_are_bounded() -> None:
    """Each pattern opening on spaces starts only where a run of them starts (a match
    inside the run would have matched from its start), and still finds what it did."""
    started = time.process_time()
    assert not list(_REPAIR.finditer(f"a{SPACES}b"))
    assert not list(_BOUNDARY.finditer(f"a{SPACES}b"))
    assert _TAG_ASKED.search(f"a{SPACES}b") is None
    assert _DEGREE_HEDGE.sub("", f"a{SPACES}b") == f"a{SPACES}b"
    assert _RULE_TAG.match(f"a{SPACES}b") is None
    assert _VALUE_END.search(f"a{SPACES}b", 1) is None
    assert time.process_time() - started < 1
    assert [m["marker"] for m in _REPAIR.finditer("on Thursday  no wait  Friday")] == ["no wait"]
    assert [m.span() for m in _BOUNDARY.finditer("we moved   and it rained")] == [(8, 11)]
    assert _TAG_ASKED.search("we land at 6   right")
    assert _DEGREE_HEDGE.sub("", "I   kind of want what kind of car") == "I want what kind of car"
    assert (rule := _RULE_TAG.match("Squash first   , that's a team rule"))
    assert rule["rest"] == "Squash first"
    assert (end := _VALUE_END.search("db7   because", 1)) and end.start() == 3
