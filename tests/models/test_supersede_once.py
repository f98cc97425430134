"""`stale` reads a fact said again once and weighs a pair of facts said again once
(`_Once`, stale22): a MEMORY.md says a subject many times (bench/supersession.py's 2,000
facts are 716 texts), and each pass of a rule over it paid for every copy. The answer
is the same as when every copy was read."""

from __future__ import annotations

from memctl.models import supersede
from memctl.models.supersede import _Once, stale


def test_once_answers_as_the_rule_and_asks_it_once_for_each_arguments() -> None:
    asked: list[tuple[str, str]] = []

    def rule(newer: str, older: str) -> bool:
        asked.append((newer, older))
        return newer != older

    once = _Once(rule)
    assert once["db7", "db3"] is True
    assert once["db7", "db3"] is True
    assert once["db3", "db3"] is False
    assert asked == [("db7", "db3"), ("db3", "db3")]


def test_a_token_is_sorted_once_for_all_the_facts_that_say_it() -> None:
    # Every reading's cache emptied, as the bench empties them: with a fact's readings
    # kept from an earlier test in the same process, `_kind` is asked less and the count
    # says nothing (hits 4, misses 4 in CI).
    for cached in vars(supersede).values():
        if not isinstance(cached, type) and callable(getattr(cached, "cache_clear", None)):
            cached.cache_clear()
    facts = ["The staging database is db3.", "The staging database moved to db7."] * 20
    stale(facts)
    sorted_tokens = supersede._kind.cache_info()
    assert sorted_tokens.hits > sorted_tokens.misses


def test_facts_said_again_are_read_as_when_every_copy_was_read() -> None:
    # the answer main gave before `_Once` (6f57940), each copy read and weighed
    facts = [
        "Dana lives in Lisbon.",
        "The billing queue runs on kv3.",
        "Dana moved to Porto last month.",
        "The billing queue now runs on kv9.",
        "Dana visited Berlin.",
    ]
    assert stale(facts) == {0: 2, 1: 3}
    assert stale(facts * 3) == {0: 12, 1: 13, 3: 6, 5: 12, 6: 13, 8: 11, 10: 12, 11: 13}


def test_a_token_too_long_to_keep_is_sorted_and_not_kept() -> None:
    # a pasted blob's one long token is read each time, never kept (review 21 finding 9)
    supersede._kind.cache_clear()
    blob = "db" + "7" * (supersede.MAX_FACT_CHARS + 1)
    assert supersede._kind(blob) == "id"
    assert supersede._kind("db7") == "id"
    assert supersede._kind.cache_info().currsize == 1
