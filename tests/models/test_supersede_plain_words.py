"""Corrections said in everyday words (audit 13): a verb of change in any tense or
aspect ("moves to", "is moving to", "will move to"), and guards against an unrelated
fact dropped because both only share a date phrase ("in the week of ...").

The sentences are written for this test, not drawn from a bench."""

from __future__ import annotations

import pytest

from memctl.models.supersede import stale

# (older, newer): the newer one replaces the older.
CHANGES = [
    # a verb of change in the present, the progressive, the future
    (
        "The book club meets on Mondays at 19:00 CET.",
        "The book club moves to Wednesdays at 18:30 CET.",
    ),
    (
        "The Helix standup is on Fridays at 09:15 in Lisbon.",
        "The Helix standup is moving to Thursdays at 10:00 in Lisbon.",
    ),
    (
        "The vendor call is on Mondays at 10:00 PST.",
        "The vendor call will move to Wednesdays at 09:00 PST.",
    ),
    (
        "The Lumen demo is on Tuesday in Room Alder.",
        "The Lumen demo will move to Thursday in Room Birch.",
    ),
    ("Dana lives in Porto.", "Dana moves to Lyon in March."),
    ("The office is in Leeds.", "The office is relocating to Bristol."),
    # a later date of a subject named without a determiner ("Gamma rollout target is")
    ("Gamma rollout target is 2027-04-02.", "The gamma rollout is confirmed for 2027-04-16."),
    (
        "Ines: Gamma rollout target is 2027-04-02.",
        "Ines: The gamma rollout is confirmed for 2027-04-16.",
    ),
    # ... but not when the fact names a subject after "the" ("the Quarry retro")
    (
        "Ops rota has the Quarry retro at 10:30.",
        "The Quarry retro kept overlapping with the town hall, so we took 11:15.",
    ),
    # "goes back to": a change; the noun before the number names what it is of
    (
        "The grpc port changes to 7443 because 7000 clashes with Kafka.",
        "The grpc goes back to port 7000, Kafka moved instead.",
    ),
    ("The admin port is 8443.", "The admin goes back to port 9443."),
    # "decided to use A", then a switch from A: the deciding is no relation of its own
    (
        "For the search index we decided to use Elastic.",
        "We're switching the search index from Elastic to Meilisearch.",
    ),
    ("For the queue we chose to use RabbitMQ.", "The queue is switching from RabbitMQ to NATS."),
]

# (older, newer): the newer one leaves the older standing.
KEPT = [
    # only a date phrase in common: "the week of" names a time, not a subject
    (
        "Marcus: Ops gives us orion-staging in the week of 2026-11-09.",
        "Marcus: The weekly sync moves to Tuesdays at 14:00 UTC from the week of 2026-11-30.",
    ),
    (
        "Rita: The printer gets a new toner in the week of 2027-02-01.",
        "Rita: The design review is set for 2027-02-15, the week of the offsite.",
    ),
    # another thing decided on, or another thing switched
    ("For the docs we decided to use Sphinx.", "For the blog we decided to use Hugo."),
    ("For the docs we decided to use Sphinx.", "We're switching the blog from Jekyll to Hugo."),
]


@pytest.mark.parametrize(("older", "newer"), CHANGES)
def test_a_change_in_any_tense_replaces(older: str, newer: str) -> None:
    assert stale([older, newer]) == {0: 1}


@pytest.mark.parametrize(("older", "newer"), KEPT)
def test_kept(older: str, newer: str) -> None:
    assert stale([older, newer]) == {}
