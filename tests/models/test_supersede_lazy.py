"""supersede's rules compiled when first needed (`_Lazy`): a rule's `needs` are words one
of which every match of its pattern holds, so a text holding none of them is answered
without the pattern, and the answer is the pattern's own.

The proof reads each pattern as `re` parses it (`re._parser`, CPython's, only here in
the tests): whatever a match may take, the literal run it must hold somewhere (a run of
literal characters, or one of each branch of a group it cannot skip) holds one of
`needs`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from memctl.models import supersede
from memctl.models.supersede import _Lazy

_parser = pytest.importorskip("re._parser")
_constants = pytest.importorskip("re._constants")


def _rules() -> list[tuple[str, _Lazy]]:
    found = [(name, rule) for name, rule in vars(supersede).items() if isinstance(rule, _Lazy)]
    found += [
        (f"_FORMS[{form}]", rule) for form, rule in supersede._FORMS if isinstance(rule, _Lazy)
    ]
    return found


def _required(items: list[tuple[object, object]]) -> set[str] | None:
    """A set of literals a match of the sequence `items` holds one of (of those it must
    hold, the one of the longest shortest literal), or None when it need hold none."""
    found: list[set[str]] = []
    run = ""
    for op, av in items:
        if op is _constants.LITERAL:
            run += chr(av)  # type: ignore[call-overload]
            continue
        if run:
            found.append({run})
        run = ""
        if op is _constants.SUBPATTERN:
            inner = _required(list(av[3]))  # type: ignore[index]
        elif op is _constants.BRANCH:
            each = [_required(list(branch)) for branch in av[1]]  # type: ignore[index]
            # the branch taken holds one of its own literals
            inner = set().union(*each) if all(each) else None  # type: ignore[arg-type]
        elif op in (_constants.MAX_REPEAT, _constants.MIN_REPEAT):
            low, _, body = av  # type: ignore[misc]
            inner = _required(list(body)) if low >= 1 else None
        else:
            inner = None
        if inner:
            found.append(inner)
    if run:
        found.append({run})
    if not found:
        return None
    return max(found, key=lambda literals: (min(map(len, literals)), -len(literals)))


RULES = _rules()


def test_rules_are_found() -> None:
    assert len(RULES) >= 40
    assert any(name == "_FORMS[state]" for name, _ in RULES)


@pytest.mark.parametrize(("name", "rule"), RULES, ids=[name for name, _ in RULES])
def test_needs_are_what_every_match_holds(name: str, rule: _Lazy) -> None:
    """Some set of literals every match holds one of has each member holding a need."""
    if not rule.needs:
        return
    assert all(word == word.lower() and word for word in rule.needs), name
    parsed = _parser.parse(rule.source, rule.flags)
    literals = _required(list(parsed))
    assert literals is not None, name
    folded = {literal.lower() for literal in literals}
    assert all(any(word in literal for word in rule.needs) for literal in folded), (
        f"{name}: needs {rule.needs} not proven by {sorted(folded)}"
    )


def _examples() -> list[str]:
    """The sentences supersede's own comments and docstrings quote, and variants of each
    with a folded letter re.I matches ("ſ" for "s", "K" for "k")."""
    source = Path(supersede.__file__).read_text(encoding="utf-8")
    quoted = set(re.findall(r'"([A-Za-z][^"\n]{3,120})"', source))
    quoted |= {"Ana: " + text for text in list(quoted)[:50]}
    variants = {text.replace("s", "ſ", 1) for text in quoted} | {
        text.replace("k", "\u212a", 1) for text in quoted
    }
    return sorted(quoted | variants)


EXAMPLES = _examples()


@pytest.mark.parametrize(("name", "rule"), RULES, ids=[name for name, _ in RULES])
def test_a_rule_answers_as_its_pattern(name: str, rule: _Lazy) -> None:
    pattern = re.compile(rule.source, rule.flags)
    matched = 0
    for text in EXAMPLES:
        for mine, theirs in (
            (rule.match(text), pattern.match(text)),
            (rule.search(text), pattern.search(text)),
            (rule.fullmatch(text), pattern.fullmatch(text)),
        ):
            assert (mine and (mine.span(), mine.groupdict())) == (
                theirs and (theirs.span(), theirs.groupdict())
            ), (name, text)
            matched += theirs is not None
        assert rule.sub("<>", text) == pattern.sub("<>", text), (name, text)
    assert len(EXAMPLES) > 500


def test_a_text_holding_no_need_compiles_nothing() -> None:
    rule = _Lazy(
        r"^(?P<subject>.+?) (?:moved|relocated) to (?P<value>.+)$", re.I, needs="moved|relocated"
    )
    assert rule.match("Dana lives in Porto") is None
    assert rule.sub("x", "Dana lives in Porto") == "Dana lives in Porto"
    assert rule._compiled is None
    found = rule.match("Dana MOVED to Porto")
    assert found is not None and found["value"] == "Porto"
    assert rule._compiled is not None


def test_a_folded_letter_is_read_by_the_pattern() -> None:
    """Under re.I "ſ" matches "s": a text not in ASCII is never answered by `needs`."""
    rule = _Lazy(r"\bstale\b", re.I, needs="stale")
    assert re.search(r"\bstale\b", "the ſtale one", re.I) is not None
    assert rule.search("the ſtale one") is not None
    assert rule.search("the steal one") is None


def _cleared() -> None:
    """Every reading supersede keeps forgotten (`READINGS`), so that the rules read again."""
    for kept in vars(supersede).values():
        if not isinstance(kept, type) and callable(getattr(kept, "cache_clear", None)):
            kept.cache_clear()


def test_supersession_reads_the_same_without_the_needs(monkeypatch: pytest.MonkeyPatch) -> None:
    """stale() and slot() over facts shaped for the lazy rules answer alike when every
    rule reads every text (as when they were compiled at import)."""
    facts = [
        "Felix left Soylent for Initech.",
        "The team dropped Jenkins for Travis.",
        "Priya has taken over billing from Omar.",
        "Billing belongs to Marco now.",
        "Ines handed the Kestrel service over to Jonas.",
        "Dana calls Lisbon home.",
        "The review was moved to 15:15 instead of 14:00.",
        "Staging is db3.",
        "Staging moved to db7.",
        "The launch is no longer on Friday.",
        "Maya is the release manager.",
        "The release manager is Theo.",
        "We host staging on db9.",
        "Tomas quit Globex and joined Vandelay.",
        "Ravi replaced Amara as the team lead.",
        "The Onyx review (was 14:00) is at 15:15.",
    ]
    _cleared()
    lazily = supersede.stale(facts)
    slots = [supersede.slot(fact) for fact in facts]
    monkeypatch.setattr(_Lazy, "_cannot", lambda self, text: False)
    _cleared()
    assert supersede.stale(facts) == lazily
    assert [supersede.slot(fact) for fact in facts] == slots
    assert len(lazily) >= 4  # the facts do replace one another
    _cleared()


def test_an_owner_is_read_as_its_pattern_reads_it() -> None:
    """`_possessive` answers as the pattern made for the token, which it compiles only
    when the text holds the token and an "'s" after it."""
    cases = [
        ("Priya", "Priya's car is a Kia Niro."),
        ("Priya", "Priya’s car is a Kia Niro."),
        ("team", "The Garnet team's CI runs on Drone."),
        ("Priya", "Priya says the car is a Kia Niro."),
        ("Priya", "XPriya's car"),
        ("Priya", "Priya'sx car"),
        ("Priya", "Priya'S car"),
        ("db3.example", "db3.example's disk is full."),
        ("+44", "The +44's line"),
        ("Ana", "Ana's"),
    ]
    for token, text in cases:
        pattern = re.search(rf"\b{re.escape(token)}['’]s\b", text) is not None
        assert supersede._possessive(token, text) is pattern, (token, text)
    assert [supersede._possessive(t, x) for t, x in cases[:4]] == [True, True, True, False]


def test_a_fact_with_no_owner_compiles_no_pattern_for_its_words() -> None:
    """A fact's subject is read without a pattern made for each of its words (135 of
    them in one prompt of bench/hook_prompt.py, hook17) when none is written as an owner."""
    _cleared()
    re.purge()
    made = supersede.slot("The Quillon gateway now runs on Zephyrine.")
    assert made is not None and made.value == "zephyrine"
    assert not [key for key in re._cache if "s\\b" in str(key[1]) and "Quillon" in str(key[1])]  # type: ignore[attr-defined]
    owned = supersede.slot("Quillon's gateway now runs on Zephyrine.")
    assert owned is not None
    assert [key for key in re._cache if "Quillon" in str(key[1])]  # type: ignore[attr-defined]


RARE_SHAPES = [
    (
        "_LOG_STAMP",
        [
            "2026-03-02 10:00 INFO heron owner set to Ottilie",
            "2026-03-05 09:00 INFO heron owner set to Bram",
        ],
    ),
    ("_FIELD", ["staging: host=db1 port=5432", "staging: host=db1 port=5433"]),
    (
        "_ANSWERED",
        [
            "Car-share FAQ: Q: What does Tomas drive? A: A Tesla Model 3.",
            "Tomas drives a Kia Niro now.",
        ],
    ),
]


@pytest.mark.parametrize(("name", "facts"), RARE_SHAPES)
def test_a_rule_of_a_rare_shape_is_compiled_when_a_fact_needs_it(
    name: str, facts: list[str]
) -> None:
    """The rules for rarer shapes are not compiled at import (hook17), and still read the
    facts shaped for them."""
    rule = getattr(supersede, name)
    assert isinstance(rule, _Lazy)
    _cleared()
    rule._compiled = None
    assert supersede.stale(facts) == {0: 1}
    assert rule._compiled is not None
