"""A later fact that names an earlier fact's value, and records told apart by their closing
aside (consol21, from bench/supersession.py's `eighteenth` and `seventeenth`):

- a record's closing aside names whose or which it is ("Current number: ... (Emeka)",
  "manager: Kwame   # Omar", "(for the Dune launch)"): two records whose asides name two
  subjects never replace each other, whichever reading pairs them;
- a value struck through, a diff's removed line or a "Previous" field is the one replaced;
- a later fact naming an earlier value beside another of its sort, about the earlier
  fact's subject, ends it; each guard keeps a shape that named a value without ending it.
"""

from __future__ import annotations

import pytest

from memctl.models.curate import merge
from memctl.models.supersede import stale

# (older, newer): the newer one leaves the older one current.
KEPT = [
    # the asides name two people or two things
    ("Current number: +44 20 7946 8544 (Emeka)", "Current number: +44 20 7946 1820 (Dana)"),
    ("Current employer: Tyrell (Jonas)", "Current employer: Vandelay (Nadia)"),
    ("manager: Kwame   # Omar", "manager: Kenji   # Leila"),
    ("vehicle: Kia Niro   # Viktor, parking permit", "vehicle: Kia Niro   # Yuki, same model"),
    (
        "plan.yaml: - owner: team A  + owner: Kenji  (for the Pulsar audit)",
        "plan.yaml: - owner: team A  + owner: Hana  (for the Dune launch)",
    ),
    (
        "org.yaml: - manager: someone  + manager: Kenji  (for Omar's intern)",
        "org.yaml: - manager: someone  + manager: Ravi  (for Yuki's intern)",
    ),
    # a value named again, and not ended: the guards of the naming reading
    ("Greta's intern uses Vim.", "Greta reviewed a PR that adds Vim support to the linter."),
    ("Bruno is from Oslo and still lives there.", "Bruno likes Lisbon more than Oslo, honestly"),
    (
        "The Borealis audit happens on 2027-06-04.",
        "We are shipping the Borealis migration on 2027-06-04 instead of 2027-05-14.",
    ),
    (
        "Updated invitation: The Juno standup has a new video link.",
        'Updated invitation: "The Juno launch dry run" has moved to room Fjord 2.',
    ),
    (
        "Viktor's number is in Zara's favourites.",
        "Field: Owner (the Cobalt service) | Previous value: Viktor | Current value: Zara",
    ),
    ("Current team of Sofia: infra, with Emeka.", "Sofia owns the Echo service; that's Emeka now"),
    ("Dana is worried about the Raven audit.", "The Raven service moved from Dana to Nadia."),
    (
        "Last winter the Pulsar service was frozen for 13 days over the holidays.",
        "deploy.yaml: - replicas: 13  + replicas: 8  (the Pulsar service)",
    ),
    ("Staging needs a reboot on wh-39 soon.", "Staging has moved from wh-39 over to wh-14."),
    ("Marta lives in Valencia.", "Marta works in Bilbao, 20 km from Valencia."),
    ("Wren lives in Cork.", "Wren doesn't drive in Cork; she takes the bus to Galway."),
]

# (older, newer): the newer one ends the older one.
CHANGED = [
    # the same aside: one subject's record said anew
    ("Current number: +44 20 7946 8544 (Emeka)", "Current number: +44 20 7946 1820 (Emeka)"),
    ("manager: Kwame   # Omar", "manager: Kenji   # Omar"),
    # a value the layout marks as replaced
    ("The Falcon service is on version 2.15.", "The Falcon service in production: ~~2.15~~ 4.0"),
    ("CODEOWNERS: the Quartz service @Viktor", "The Quartz service: ~~Viktor~~ Ines owns it"),
    (
        "CODEOWNERS: the Zephyr service @Dana",
        "service.yaml: - owner: Dana  + owner: Leila  (the Zephyr service)",
    ),
    ("Omar works at Hooli.", "Previous employer: Hooli. Current employer: Soylent. Name: Omar."),
    (
        "version: 7.14   # the Atlas service in prod",
        "Previous version: 7.14 | Current version: 9.4 | Service: the Atlas service",
    ),
    (
        "Field: Language (the Dune service) | Current value: Java",
        "Field: Language (the Dune service) | Previous value: Java | Current value: Python",
    ),
    # a later fact naming the earlier value beside another of its sort
    (
        "Jonas drives a Honda Civic, the grey one",
        "Jonas traded in the Honda Civic for a Volvo XC40 and moved desks",
    ),
    (
        "Noted: Jonas works for Wonka.",
        "With Wonka shutting its local office, Jonas took the offer from Globex last month.",
    ),
    (
        "The Falcon team gets a Buildkite job on every merge.",
        "The Falcon team let the Buildkite licence lapse after the price hike; CI is on Travis.",
    ),
    ("Greta is a Graz resident.", "Greta's lease in Graz ran out and the new place is in Quito."),
]


@pytest.mark.parametrize(("older", "newer"), KEPT)
def test_a_later_fact_that_changes_nothing_keeps_the_earlier(older: str, newer: str) -> None:
    assert stale([older, newer]) == {}


@pytest.mark.parametrize(("older", "newer"), CHANGED)
def test_a_later_fact_naming_the_old_value_ends_it(older: str, newer: str) -> None:
    assert stale([older, newer]) == {0: 1}


def test_another_subjects_record_between_leaves_the_change_to_the_right_one() -> None:
    """The pair of two asides is never made, so the later record of the same subject still
    ends the first, and the other subject's record stays."""
    facts = [
        "Current number: +44 20 7946 8544 (Emeka)",
        "Current number: +44 20 7946 1820 (Dana)",
        "Current number: +44 20 7946 3784 (Emeka)",
    ]
    assert stale(facts) == {0: 2}


def test_consolidation_keeps_two_peoples_records() -> None:
    """builtin's merge, as consolidation runs it: both records stay in MEMORY.md."""
    merged = merge(
        "# Memory\n\n- manager: Kwame   # Omar\n",
        [
            (
                "2026-11-02.md",
                "## Memory Flush — 2026-11-02T09:00:00+00:00 · thread t1 · entries 0-9 · builtin\n\n"
                "- manager: Kenji   # Leila\n",
            )
        ],
    )
    assert [fact.text for fact in merged.facts] == [
        "manager: Kwame   # Omar",
        "manager: Kenji   # Leila",
    ]
    assert merged.superseded == []


def test_a_move_to_the_value_keeps_it_current() -> None:
    """The value named where a move goes is the one given, not one left (heldout13)."""
    older = "Matteo is on Neon as of 2025-02-18."
    assert (
        stale([older, "Fly's Postgres has been a pain, Matteo is moving the db to Neon now."]) == {}
    )
    assert stale([older, "Matteo moved the db off Neon, it's on Supabase now."]) == {0: 1}
