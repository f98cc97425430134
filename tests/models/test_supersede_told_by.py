"""Facts a later one must leave current, and changes still read (consol22):

- who told a fact ("..., per Ottilie", "according to Ottilie") is neither an old value
  a later fact tells nor a word two facts share: two hearsay facts of two subjects from
  one teller are not one slot given another value (nineteenth's false drops, and its
  changes dropped by another subject's hearsay);
- a fact that opens with a condition ("If ...", "Should ...") tells no change, even
  with its hedge written with a capital (eighteenth's inverted "Should the launch
  slip, ...", a control and a change lost to it);
- a fact that files itself under a ticket in a clause of its own ("... and the ticket
  is OPS-301") is that ticket's record: another ticket's record is another thing
  (audit 18: two flaky tests, two tickets), while a ticket that is the fact's own value
  is still replaced;
- a field changed "from A to B on the Cobalt launch's budget ticket" is that ticket's
  field: the same change on another owner's ticket is another fact (nineteenth's false
  drops), while a later change of the same ticket's field replaces it;
- a teller opening a fact ("Per Ottilie, ...") or an "if" that sets no condition ("If
  anything, ...") reads as one closing it (review 31 C4), and a ticket beside a value
  said to replace the one before ("... db7 instead and the ticket is OPS-12", or one
  naming the earlier ticket) is the change's (review 31 C2). "now" alone no longer
  lifts the two-tickets guard (review 33 S6): "The fix is now assigned to Tom, ticket
  OPS-2." is another ticket's status update as often as the same record's, and reading
  it as the same dropped OPS-1's assignee; so C2's own "Staging is db7 now and the
  ticket is OPS-12" keeps OPS-11's fact now too, as the same two facts do with their
  tickets in brackets.

The sentences are this file's own, of the structures those were found in.
"""

from __future__ import annotations

import pytest

from memctl.models.curate import merge
from memctl.models.supersede import stale

# (older, newer): both stay current.
KEPT = [
    # one teller, two subjects
    (
        "seems the billing team got a new manager, per Ottilie",
        "seems Rhys's phone is 07700 900123 now, per Ottilie",
    ),
    (
        "seems the cache in eu-north is on redis-12 now, per Ottilie -- redis-3 was retired",
        "seems Rhys runs the Kappa service now, per Ottilie; Tariq passed it on",
    ),
    (
        "seems Tariq carries two laptops now, per Ottilie",
        "seems Rhys runs the Kappa service now, per Ottilie; Tariq passed it on",
    ),
    (
        "In 2019 Tariq interned at Vandelay.",
        "Seems Vandelay is recruiting, according to Ottilie; Tariq isn't keen.",
    ),
    # one teller opening two facts of two subjects (review 31 C4)
    ("Per Ottilie, Tariq is on leave until Friday.", "Per Ottilie, Rhys is on leave until Monday."),
    # a condition opening the later fact
    (
        "Rhys's team is on the Kappa rota.",
        "If the pager fires twice, the Kappa rota moves to Tariq, Rhys says.",
    ),
    (
        "Kappa rollout date: 2027-03-02",
        "Should the Kappa rollout slip, the Owners shall meet within 9 days to pick a new date.",
    ),
    # two tickets, two records
    (
        "The failing job is ci/nightly-3.yml and the ticket is BLD-71.",
        "The failing job is ci/nightly-4.yml and the ticket is BLD-72.",
    ),
    (
        "The slow query is reports/monthly.sql; ticket DB-880.",
        "The slow query is reports/weekly.sql; ticket DB-912.",
    ),
    # a ticket named in the other ways people name one (review 31 C3)
    (
        "The flaky test is tests/integration/test_pool_1.py (ticket OPS-301).",
        "The flaky test is tests/integration/test_pool_2.py (ticket OPS-302).",
    ),
    (
        "The flaky test is tests/integration/test_pool_1.py; the ticket: OPS-301.",
        "The flaky test is tests/integration/test_pool_2.py; the ticket: OPS-302.",
    ),
    (
        "The flaky test is tests/integration/test_pool_1.py, tracked in OPS-301.",
        "The flaky test is tests/integration/test_pool_2.py, tracked in OPS-302.",
    ),
    (
        "The flaky test is tests/integration/test_pool_1.py, see ticket OPS-301.",
        "The flaky test is tests/integration/test_pool_2.py, see ticket OPS-302.",
    ),
    (
        "The flaky test is tests/integration/test_pool_1.py and the ticket is ops-301.",
        "The flaky test is tests/integration/test_pool_2.py and the ticket is ops-302.",
    ),
    # "now" beside another ticket: another record's status update (review 33 S6)
    (
        "The fix is assigned to Priya, ticket OPS-1.",
        "The fix is now assigned to Tom, ticket OPS-2.",
    ),
    (
        "Staging is db5 and the ticket is OPS-11.",
        "Staging is db7 now and the ticket is OPS-12.",
    ),
    # a field of two owners' records
    (
        "Priority changed from Low to High on the Atlas migration's review ticket.",
        "Priority changed from Low to High on the Pulsar audit's review ticket.",
    ),
    # a change on from where another owner's left it: two owners, two fields (review 31 C1)
    (
        "Owner changed from Tariq to Rhys for the Kappa service.",
        "Owner changed from Rhys to Ottilie for the Lambda service.",
    ),
    (
        "Status changed from Open to In Review on the Cobalt launch's budget ticket.",
        "Status changed from In Review to Done on the Atlas launch's budget ticket.",
    ),
]

# (older, newer): the newer one still replaces the older one.
REPLACED = [
    ("Tariq owns the Kappa service.", "Rhys owns the Kappa service now, per Ottilie."),
    ("The outage is tracked in BLD-71.", "The outage is tracked in BLD-72."),
    ("The ticket for the outage is BLD-71.", "The ticket for the outage is BLD-72."),
    (
        "The failing job is ci/nightly-3.yml and the ticket is BLD-71.",
        "The failing job is ci/nightly-4.yml and the ticket is BLD-71.",
    ),
    # one ticket, in capitals or not; "see node-2" names a host, no ticket (review 31 C3)
    (
        "The flaky test is tests/a.py and the ticket is ops-301.",
        "The flaky test is tests/b.py and the ticket is OPS-301.",
    ),
    (
        "Staging runs on node-2, see node-2 for logs.",
        "Staging runs on node-5, see node-5 for logs.",
    ),
    ("Tariq drives a Volvo.", "Tariq sold the Volvo; he drives a Saab now."),
    (
        "Priority changed from Low to High on the Atlas migration's review ticket.",
        "Priority changed from High to Urgent on the Atlas migration's review ticket.",
    ),
    ("The standup moved from 10:00 to 11:00 on Mondays.", "The standup moved from 11:00 to 12:00."),
    (
        "Owner changed from Tariq to Rhys for the Kappa service.",
        "Owner changed from Rhys to Ottilie for the Kappa service.",
    ),
    # a change on from where the older one left it, its owner named otherwise or not
    # at all (review 31 C1: compared word for word, these were missed)
    (
        "Priority changed from Low to High on the Atlas migration's review ticket.",
        "Priority changed from High to Urgent on the Atlas migration review ticket.",
    ),
    (
        "Priority changed from Low to High on the Atlas migration's review ticket.",
        "Priority changed from High to Urgent.",
    ),
    (
        "Priority changed from Low to High on the Atlas ticket.",
        "Priority changed from High to Urgent on the Atlas review ticket.",
    ),
    (
        "The meeting moved from 10:00 to 11:00 for the Platform team.",
        "The meeting moved from 11:00 to 12:00.",
    ),
    (
        "Owner changed from Tariq to Rhys for the Kappa service.",
        "Owner changed from Rhys to Ottilie.",
    ),
    # a teller or a new document opening the fact, as one closing it (review 31 C4)
    ("Deploys are on Tuesdays.", "Per the new policy, deploys are on Thursdays."),
    ("Staging is db5.", "Per Ottilie, staging is db7 now."),
    ("The release manager is Tariq.", "Per Rhys, the release manager is Ottilie now."),
    # a lead-in with "if" that sets no condition (review 31 C4)
    ("Staging is db5.", "If anything, staging is db7 now."),
    ("Staging is db5.", "If I recall correctly, staging is db7 now."),
    # a ticket beside a value said to replace the one before is the change's (review 31
    # C2), as is one that names the earlier ticket (review 33 S6)
    (
        "Staging is db5 and the ticket is OPS-11.",
        "Staging is db7 instead and the ticket is OPS-12.",
    ),
    (
        "The fix is assigned to Priya, ticket OPS-1.",
        "The fix is no longer with Priya: it is assigned to Tom, ticket OPS-2.",
    ),
    (
        "The fix is assigned to Priya, ticket OPS-1.",
        "The fix is now assigned to Tom, ticket OPS-2, which replaces ops-1.",
    ),
    (
        "The fix is assigned to Priya, ticket OPS-1.",
        "The fix is now assigned to Tom, ticket OPS-2 (was OPS-1).",
    ),
]


@pytest.mark.parametrize(("older", "newer"), KEPT)
def test_a_later_fact_leaves_another_subject_teller_condition_or_ticket(
    older: str, newer: str
) -> None:
    assert stale([older, newer]) == {}


@pytest.mark.parametrize(("older", "newer"), REPLACED)
def test_a_change_of_the_same_thing_is_still_read(older: str, newer: str) -> None:
    assert stale([older, newer]) == {0: 1}


def test_consolidation_keeps_both_flaky_tests_and_their_tickets() -> None:
    """Audit 18's two facts, through curate's merge (as consolidation reads them)."""
    dailies = [
        (
            f"memory/2026-11-{day}.md",
            f"## Memory Flush — 2026-11-{day}T09:00:00+00:00 · thread t · entries 0-1 · builtin"
            f"\n\n- {text}\n",
        )
        for day, text in (
            ("20", "The flaky test is tests/integration/test_pool_1.py and the ticket is OPS-301."),
            ("21", "The flaky test is tests/integration/test_pool_2.py and the ticket is OPS-302."),
        )
    ]
    merged = merge("", dailies)
    assert merged.superseded == []
    assert len(merged.facts) == 2
