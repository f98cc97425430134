"""Facts consolidation dropped though nothing later changed them (drops20, from the false
drops of bench/supersession.py's `seventeenth`): each reading over-fired for a reason of
its own, and each test pairs the fact with a later one that must leave it, beside a change
of the same shape that must still end it."""

from __future__ import annotations

import pytest

from memctl.models.curate import merge
from memctl.models.supersede import stale

# (older, newer): the newer one leaves the older one current.
KEPT = [
    # a plan of the past ("was going to") is no move
    (
        "Amara lives in Nairobi w/ two cats",
        "Amara was going to move to Oslo but the flat fell through.",
    ),
    ("Dana lives in Lisbon.", "Dana was going to move to Berlin, then the job fell through."),
    # a role of something unnamed has many holders
    ("Tomas is the deputy for a different area.", "Maya is the deputy for a different area."),
    ("Ines is the lead of a new squad.", "Omar is the lead of a new squad."),
    ("Ana is the other deputy.", "Ravi is the other deputy."),
    # a bracketed record key is the record's, not a value it gives
    ("[REL-22] The Nimbus service deployed: 7.8", "[SVC-23] Owner of the Nimbus service: Pablo"),
    # the word two facts differ by, said again after them: said of someone else
    (
        "nvm, it was Omar's cousin who moved to Leeds, not Omar",
        "nvm, it was Ana's cousin who moved to Leeds, not Ana",
    ),
    (
        "nvm, it was Sofia's team alias that changed, not Sofia",
        "nvm, it was Dana's team alias that changed, not Dana",
    ),
    (
        "Mum says you've got the wrong address for Pablo, it's pablo@acme.io.",
        "Mum says you've got the wrong address for Bruno, it's bruno@initech.net.",
    ),
    # ... in the older fact's trailing clause only (review 28: its own tail untested)
    (
        "nvm, it was Omar's cousin who moved to Leeds, not Omar",
        "nvm, it was Ana's cousin who moved to Leeds",
    ),
    (
        "Mum says you've got the wrong address for Pablo, it's pablo@acme.io.",
        "Mum says you've got the wrong address for Bruno.",
    ),
]

# (older, newer): the same shapes, which do change the older one.
CHANGED = [
    ("Dana lives in Lisbon.", "Dana is going to move to Berlin."),
    ("Amara lives in Nairobi.", "Amara moved to Oslo last month."),
    ("Tomas is the deputy for payments.", "Maya is the deputy for payments now."),
    ("Priya is the team lead.", "Marco is the team lead."),
    ("[REL-22] The Nimbus service deployed: 7.8", "[REL-23] The Nimbus service deployed: 7.9"),
    (
        "CI for the web team runs in Jenkins, since 2021.",
        "CI for the web team now runs in Drone, since March.",
    ),
    # review 28 F4: a plan of the past with what came of it after "and"
    ("Ana lives in Manchester.", "Ana was going to move to Leeds, and now Ana lives in Leeds."),
    ("Ana lives in Manchester.", "Ana was going to move to Leeds, and now she lives in Leeds."),
    ("Ana lives in Manchester.", "Ana was going to move to Leeds, and she moved there last week."),
    # ... and a role of something unnamed whose holder is said as a change, or named
    ("Priya is the other deputy.", "Omar is now the other deputy."),
    ("Priya is the other deputy.", "Omar has taken over as the other deputy."),
    ("Priya is the lead of a squad called Atlas.", "Omar is now the lead of a squad called Atlas."),
]


@pytest.mark.parametrize(("older", "newer"), KEPT)
def test_a_later_fact_that_changes_nothing_keeps_the_earlier(older: str, newer: str) -> None:
    assert stale([older, newer]) == {}


@pytest.mark.parametrize(("older", "newer"), CHANGED)
def test_a_change_of_the_same_shape_still_ends_the_earlier(older: str, newer: str) -> None:
    assert stale([older, newer]) == {0: 1}


def test_consolidation_keeps_a_home_beside_a_plan_that_fell_through() -> None:
    """builtin's merge, as consolidation runs it: the home stays in MEMORY.md."""
    merged = merge(
        "# Memory\n\n## Amara\n\n- Amara lives in Nairobi w/ two cats\n",
        [
            (
                "2026-11-02.md",
                "## Memory Flush — 2026-11-02T09:00:00+00:00 · thread t1 · entries 0-9 · builtin\n\n"
                "- Amara was going to move to Oslo but the flat fell through.\n",
            )
        ],
    )
    assert [fact.text for fact in merged.facts] == [
        "Amara lives in Nairobi w/ two cats",
        "Amara was going to move to Oslo but the flat fell through.",
    ]
    assert merged.superseded == []
