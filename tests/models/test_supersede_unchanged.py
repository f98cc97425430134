"""Facts a later one must leave current, and changes still read (consol23):

- a clause that closes on a negated auxiliary ("...; the docs portal of the Falcon team
  did not", "... didn't") says the change its neighbour tells did not happen to what
  it names: that thing is no old value (twentieth's "X's blog got a new name; the wiki
  of the Y team did not", which ended the wiki's own rename);
- a command whose reply is an error ("-> error: not approved", "-> error: permission
  denied") did nothing: it holds no value a later fact could end;
- a diff has no subject of its own: its label ("Omar: - locker: 4  + locker: 19"), or
  whom it is filed under, says whose record it edits; another person's diff of the same
  field is another record (twentieth's desk and floor diffs of six people);
- a config field with a comment naming whose it is ("  manager: Odile   # Hugo") says
  what "Hugo's manager is Odile" says: a later change of that field replaces it
  (twentieth's fields, eighteenth's), another owner's field does not;
- a value given with the one it replaced and then its owner ("pin: 6.2 (was 5.2) for
  the Kappa service") is that owner's: another owner's pin is another record
  (twentieth's pins, each lost to the next service's).

The sentences are this file's own, of the structures those were found in. The first
fact of each case only writes the names inside a clause, as a workspace's other facts do.
"""

from __future__ import annotations

import pytest

from memctl.models.curate import merge
from memctl.models.supersede import stale

# (facts, oldest first): none replaced.
KEPT = [
    [
        "I had lunch with Priya.",
        "chore: rename the docs portal of the Falcon team to atlas-3 (was nova-9)",
        "Priya's blog got a new name; the docs portal of the Falcon team did not.",
    ],
    [
        "I had lunch with Priya.",
        "The docs portal of the Falcon team is called nova-9.",
        "Priya's blog got a new name; the docs portal of the Falcon team didn't.",
    ],
    [
        "I had lunch with Priya.",
        "/config title 'docs portal of the Falcon team' -> error: permission denied",
        "Priya's blog got a new name; the Falcon team's portal is unchanged.",
    ],
    [
        "I met Omar today.",
        "/assign owner Tomas Omar -> error: not approved",
        "DECIDED: Tomas reports to Lena from June, not Kim. TODO: Omar to update the wiki.",
    ],
    ["Omar: - locker: 4  + locker: 19", "Hugo: - locker: 4  + locker: 7"],
    ["  manager: Odile   # Hugo", "  manager: Bram   # Omar"],
    [
        "pin: 6.2 (was 5.2) for the Kappa service",
        "pin: 6.4 (was 4.9) for the Sigma service",
        "pin: 2.3 (was 1.3) for the Tau service",
    ],
    [
        "pin: 4.14   # the Rho service",
        "pin: 6.2 (was 5.2) for the Kappa service",
        "pin: 6.4 (was 4.9) for the Sigma service",
    ],
]

# (facts, oldest first): the one before the last replaced by the last.
REPLACED = [
    ["The Falcon team uses Drone for CI.", "The Falcon team moved CI to Buildkite; Drone is gone."],
    ["Omar: - locker: 4  + locker: 19", "Omar: - locker: 4  + locker: 7"],
    ["- locker: 4  + locker: 19", "- locker: 4  + locker: 7"],
    [
        "I had lunch with Priya.",
        "The docs portal of the Falcon team is called nova-9.",
        "EDIT: the docs portal of the Falcon team is atlas-3 now, not nova-9.",
    ],
    ["  manager: Odile   # Hugo", "Hugo: - manager: Odile  + manager: Bram"],
    [
        "  owner: Odile   # the Kappa service",
        "EDIT: the Kappa service belongs to Bram now, not Odile.",
    ],
    [
        "  language: Go   # the Kappa service",
        "EDIT: scratch that, the Kappa service is Rust now, not Go.",
    ],
    ["manager: Odile  # Hugo", "manager: Bram  # Hugo"],
    ["pin: 6.2 (was 5.2) for the Kappa service", "pin: 6.4 (was 6.2) for the Kappa service"],
]


@pytest.mark.parametrize("facts", KEPT)
def test_a_later_fact_leaves_what_did_not_change_a_failed_command_or_another_record(
    facts: list[str],
) -> None:
    assert stale(facts) == {}


@pytest.mark.parametrize("facts", REPLACED)
def test_a_change_of_the_same_thing_is_still_read(facts: list[str]) -> None:
    assert stale(facts) == {len(facts) - 2: len(facts) - 1}


def test_two_diffs_filed_under_two_people_are_two_records() -> None:
    """As consolidation reads them: builtin files "Omar: ..." under Omar, without its
    label, so whom a diff is about is its label."""
    assert stale(["- locker: 4  + locker: 19", "- locker: 4  + locker: 7"], ["Omar", "Hugo"]) == {}
    assert stale(["- locker: 4  + locker: 19", "- locker: 4  + locker: 7"], ["Omar", "Omar"]) == {
        0: 1
    }


def test_consolidation_keeps_each_person_s_diff() -> None:
    """Through curate's merge, as consolidation reads two people's diffs of one field."""
    dailies = [
        (
            f"memory/2026-11-{day}.md",
            f"## Memory Flush — 2026-11-{day}T09:00:00+00:00 · thread t · entries 0-1 · builtin"
            f"\n\n- {text}\n",
        )
        for day, text in (
            ("20", "Omar: - locker: 4  + locker: 19"),
            ("21", "Hugo: - locker: 4  + locker: 7"),
        )
    ]
    merged = merge("", dailies)
    assert merged.superseded == []
    assert len(merged.facts) == 2
