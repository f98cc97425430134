"""Supersession by value sort alone (`_valued_changes`): a later fact that gives one
subject another value of a sort its form says (a host, a date, a phone number, a time, a
version, an address) replaces the earlier one whatever its verbs or layout; a hedge, a
question, a comparison, another subject or another thing of the subject does not."""

from __future__ import annotations

import pytest

from memctl.models.curate import merge
from memctl.models.supersede import stale

# (older, newer): written for this test, in layouts and verbs no rule names.
CHANGES = [
    ("The ingest pipeline points at kv-12.", "ops log: the ingest pipeline answers on kv-40"),
    (
        "| The Orion rollout | 2028-02-03 | amber |",
        "Steering committee minutes: the Orion rollout lands 2028-03-17.",
    ),
    ("Ring Hassan on +44 20 7946 0311.", "Hassan picks up on +44 20 7946 0999."),
    (
        "The Orion API serves 3.4 in production.",
        "Deploy log: the Orion API went out as 3.9 this morning.",
    ),
    ("The Atlas squad syncs weekly at 10:30.", "the Atlas squad meets at 11:15 from the new term"),
    (
        "Invoices for Ines go to ines@northwind.example.",
        "Ines asked that invoices go to ines.r@contoso.example; ines@northwind.example bounces.",
    ),
    # an earlier value said in a hedge ("if") is still ended by a firm one
    ("Tail the logs on kv-12 if the ingest pipeline stalls.", "The ingest pipeline runs on kv-40."),
    # the earlier value named beside the new one: a month is no hedge ("May")
    (
        "The Orion rollout lands 2028-02-03.",
        "Orion rollout: 2028-02-03 until the May review, 2028-03-17 after.",
    ),
    # a label that names the slot ("target date for") is the subject's value
    (
        "The Orion rollout lands 2028-02-03.",
        "Planning doc: target date for the Orion rollout is 2028-03-17.",
    ),
    (
        "The Orion rollout lands 2028-02-03.",
        "Planning doc: the Orion rollout is on 2028-03-17 (from 2028-02-03).",
    ),
]

# (older, newer): the newer one leaves the older one's value current.
KEEPS = [
    # a hedge, a question, a comparison, a plan called off, a negation
    (
        "The Orion rollout is set for 2028-02-03.",
        "The Orion rollout might slip to 2028-03-17.",
    ),
    ("The Orion rollout is set for 2028-02-03.", "Is the Orion rollout still on 2028-03-17?"),
    ("The Orion API serves 3.4.", "The Orion API on 3.9 is faster than 3.4."),
    (
        "The Orion rollout lands 2028-02-03.",
        "Moving the Orion rollout to 2028-03-17 was called off.",
    ),
    ("The Atlas squad meets at 10:30.", "The Atlas squad does not meet at 11:15."),
    # another subject: another name, a qualifier the other lacks
    ("The Orion rollout is set for 2028-02-03.", "The Vega rollout is set for 2028-03-17."),
    ("The ingest pipeline is on kv-12.", "The ingest pipeline in ap-south is on kv-40."),
    ("Call Hassan on +44 20 7946 0311.", "Call Leona on +44 20 7946 0999."),
    # another thing of the subject, or one more value
    (
        "The Orion rollout is set for 2028-02-03.",
        "The Orion rollout has a code freeze on 2028-01-20.",
    ),
    (
        "The Orion rollout is set for 2028-02-03.",
        "Booked a dry run for the Orion rollout on 2028-01-20.",
    ),
    ("The Orion API serves 3.4.", "The Orion API's mobile client is pinned to 2.8."),
    ("The ingest pipeline points at kv-12.", "The ingest pipeline ships its logs to kv-40."),
    ("The Orion rollout lands 2028-02-03.", "Retro for the Orion rollout booked on 2028-04-02."),
    ("The ingest pipeline points at kv-12.", "Added kv-40 to the pool behind the ingest pipeline."),
    ("Call Hassan on +44 20 7946 0311.", "Hassan can also be reached on +44 20 7946 0999."),
    # values in an aside are references, not the subject's value
    (
        "The ingest pipeline was tuned (ticket ops-114).",
        "The ingest pipeline was resized (ticket ops-120).",
    ),
]


@pytest.mark.parametrize(("older", "newer"), CHANGES)
def test_a_later_value_of_the_same_sort_for_the_same_subject_ends_the_earlier(
    older: str, newer: str
) -> None:
    assert stale([older, newer]) == {0: 1}


def test_the_same_words_said_by_two_people_give_two_values() -> None:
    said = [
        "Ring the front desk on +44 20 7946 0311.",
        "The front desk picks up on +44 20 7946 0999.",
    ]
    assert stale(said, ["Ines", "Hassan"]) == {}  # each one's own office
    assert stale(said, ["Ines", "Ines"]) == {0: 1}


def test_an_address_naming_another_person_is_that_persons() -> None:
    said = [
        "Write to Hassan at hassan.m@contoso.example.",
        "Hassan reads mail at leona@contoso.example.",
    ]
    assert stale(said) == {0: 1}  # "leona" names no one the facts know
    assert stale([*said, "Ask Leona about the rota."]) == {}


def test_a_persons_later_date_is_another_event_unless_a_change_is_said() -> None:
    """A person has a date for each thing they do: "in Leeds on D1 for a conference",
    then "aiming for D2" is a second event, not the first one moved (a held-out chat's
    shoot date was dropped from MEMORY.md this way). A change said ("now") or the
    earlier date named beside the later one still ends it."""
    trip = "Marta is in Leeds on 2027-03-02 for a conference."
    assert stale([trip, "Marta is aiming for 2027-05-14."], ["Marta", "Marta"]) == {}
    assert stale([trip, "Marta is now in Leeds on 2027-03-09."]) == {0: 1}
    assert stale(["The Kestrel launch is on 2027-03-02.", "The Kestrel launch is 2027-03-09."]) == {
        0: 1
    }  # a thing has one date


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("Dana joined the payments team on 2025-03-01.", "Dana is on vacation until 2026-12-28."),
        ("Dana upgraded the cluster to Kubernetes 1.29.", "Dana pinned numpy to 1.26.4."),
        ("Priya works from pc-priya-01.", "Priya deploys from bastion-02."),
    ],
)
def test_a_persons_later_value_of_a_sort_is_another_thing_of_theirs(older: str, newer: str) -> None:
    """Audit 6: with the person named inside a clause elsewhere ("Marco reports to
    Dana"), a person's later date, version or host replaced an unrelated earlier one in
    MEMORY.md. How to reach a person (an e-mail, a phone) is still one value at a time."""
    assert stale([older, "Marco reports to Dana and Priya.", newer]) == {}


def test_a_persons_later_address_still_replaces_the_earlier() -> None:
    said = [
        "Write to Hassan at hassan.m@contoso.example.",
        "Marco reports to Hassan.",
        "Hassan reads mail at hassan@fabrikam.example.",
    ]
    assert stale(said) == {0: 2}


@pytest.mark.parametrize(("older", "newer"), KEEPS)
def test_a_hedged_asked_compared_or_other_value_keeps_the_earlier(older: str, newer: str) -> None:
    assert stale([older, newer]) == {}


def test_the_order_decides_which_value_is_current() -> None:
    older, newer = CHANGES[1]
    assert stale([newer, older]) == {0: 1}


def test_consolidation_keeps_the_newer_value_and_the_facts_beside_it() -> None:
    """Through builtin's consolidation: two daily ledgers, the later one changing a date
    and a host said in other layouts, with facts about the same subjects that stay."""
    first = (
        "## Memory Flush — 2026-03-02T09:00:00+00:00 · thread a · entries 0-3 · builtin\n\n"
        "- | The Orion rollout | 2028-02-03 | amber |\n"
        "- The ingest pipeline points at kv-12.\n"
        "- The Vega rollout is set for 2028-04-01.\n"
    )
    second = (
        "## Memory Flush — 2026-03-09T09:00:00+00:00 · thread b · entries 0-3 · builtin\n\n"
        "- Steering committee minutes: the Orion rollout lands 2028-03-17.\n"
        "- The Orion rollout has a code freeze on 2028-01-20.\n"
        "- ops log: the ingest pipeline answers on kv-40\n"
    )
    merged = merge("", [("2026-03-02.md", first), ("2026-03-09.md", second)])
    kept = {fact.text for fact in merged.facts}
    assert "| The Orion rollout | 2028-02-03 | amber |" not in kept
    assert "The ingest pipeline points at kv-12." not in kept
    assert {
        "Steering committee minutes: the Orion rollout lands 2028-03-17.",
        "ops log: the ingest pipeline answers on kv-40",
        "The Orion rollout has a code freeze on 2028-01-20.",
        "The Vega rollout is set for 2028-04-01.",
    } <= kept
    assert len(merged.superseded) == 2
