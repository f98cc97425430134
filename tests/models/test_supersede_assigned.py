"""A change stated as an assignment (stale23, `memctl.models.assigned`): a SQL UPDATE, a
JSON Patch, a shell export, and a later line that moves away from an assignment's value
("A -> B", "from A to B", "A down, failing over to B"). The key is one whatever its case
or punctuation (`REGION`, `region`, `/region`).

The lines are this file's own, of the forms the wording sets hold, with other keys,
subjects and values.
"""

from __future__ import annotations

import pytest

from memctl.models.assigned import assigned
from memctl.models.curate import merge
from memctl.models.supersede import given_values, stale

# (older, newer): the newer one makes the older stale.
REPLACED = [
    # the same subject and key set again, in another form
    (
        "UPDATE accounts SET plan = 'basic' WHERE user = 'Wanda';",
        'Wanda: {"op": "replace", "path": "/plan", "value": "premium"}',
    ),
    (
        "export REGION=us-east-1   # the ingest worker",
        "UPDATE workers SET region = 'eu-central-1' WHERE name = 'the ingest worker';",
    ),
    (
        "SELECT region FROM workers WHERE name = 'the ingest worker';  -- returns 'us-east-1'",
        'the ingest worker: {"op": "add", "path": "/config/region", "value": "eu-central-1"}',
    ),
    # the value before named in the comment, the earlier fact a sentence
    (
        "The ingest worker runs in us-east-1 for now.",
        "UPDATE workers SET region = 'eu-central-1' WHERE name = 'the ingest worker';"
        "  -- was 'us-east-1'",
    ),
    (
        "The mirror: downloads come from ftp.alpha.example.",
        "The mirror: export MIRROR=ftp.beta.example   # ftp.alpha.example is retired",
    ),
    (
        "Notice: the Vega build is pinned to v3.4.",
        "UPDATE builds SET pin = '3.5' WHERE name = 'the Vega build';  -- previously '3.4'",
    ),
    # an earlier sentence naming the key, with a value of the new value's sort
    (
        "Wanda's pager is 555 0199.",
        'Wanda: {"op": "replace", "path": "/pager", "value": "555 0142"}',
    ),
    # a later line moving away from an assignment's value
    (
        "SELECT lead FROM squads WHERE name = 'Orion';  -- 'Wanda'",
        "Orion: lead handover signed off (Wanda -> Yusuf)",
    ),
    (
        "SELECT primary FROM clusters WHERE name = 'the ledger db';  -- 'pg-a1'",
        "CRIT pg-a1 down, failing over the ledger db to pg-b2",
    ),
]

# (older, newer): both stay current.
KEPT = [
    # another key, another subject, a patch that sets nothing
    (
        "UPDATE accounts SET plan = 'basic' WHERE user = 'Wanda';",
        "UPDATE accounts SET seats = 4 WHERE user = 'Wanda';",
    ),
    (
        "UPDATE accounts SET plan = 'basic' WHERE user = 'Wanda';",
        "UPDATE accounts SET plan = 'premium' WHERE user = 'Yusuf';",
    ),
    (
        'Wanda: {"op": "replace", "path": "/plan", "value": "basic"}',
        'Wanda: {"op": "test", "path": "/plan", "value": "premium"}',
    ),
    # a failover that failed back
    (
        "SELECT primary FROM clusters WHERE name = 'the ledger db';  -- 'pg-a1'",
        "WARN pg-a1 down, failing over the ledger db to pg-b2; failed back after 5 minutes",
    ),
    # a number is not named inside a version
    (
        "UPDATE pools SET size = 7 WHERE name = 'the ledger db';",
        "ERROR the ledger db 7.2 crashlooping, failing over to 8.0",
    ),
    # an earlier fact that adds a value, or names the key with no value
    (
        "The ingest worker also runs in us-east-1.",
        "UPDATE workers SET region = 'eu-central-1' WHERE name = 'the ingest worker';"
        "  -- was 'us-east-1'",
    ),
    (
        "The Vega team: review other pager tools (Wanda, not started)",
        'The Vega team: {"op": "replace", "path": "/pager", "value": "Opsgenie"}',
    ),
]


@pytest.mark.parametrize(("older", "newer"), REPLACED)
def test_an_assignment_replaces(older: str, newer: str) -> None:
    assert stale([older, newer]) == {0: 1}


@pytest.mark.parametrize(("older", "newer"), KEPT)
def test_both_stay(older: str, newer: str) -> None:
    assert stale([older, newer]) == {}


def test_one_key_whatever_its_case_or_punctuation() -> None:
    """`REGION`, `region` and `/region` are one key of one subject."""
    read = [
        assigned("export REGION=eu-central-1   # the ingest worker; not us-east-1 any more"),
        assigned("UPDATE workers SET region = 'eu-central-1' WHERE name = 'the ingest worker';"),
        assigned(
            'The ingest worker: {"op": "replace", "path": "/region", "value": "eu-central-1"}'
        ),
    ]
    assert {(made.subject, made.key, made.value) for made in read if made} == {
        ("ingest worker", "region", "eu-central-1")
    }
    assert read[0] is not None and read[0].was == "us-east-1"


def test_consolidation_keeps_the_assigned_value() -> None:
    """Through curate's merge, as builtin's consolidation reads two days' flushes: the
    UPDATE that names the value before ends the sentence that gave it."""
    dailies = [
        (
            f"memory/2026-11-{day}.md",
            f"## Memory Flush — 2026-11-{day}T09:00:00+00:00 · thread t · entries 0-1 · builtin"
            f"\n\n- {text}\n",
        )
        for day, text in (
            ("20", "The ingest worker runs in us-east-1 for now."),
            (
                "21",
                "UPDATE workers SET region = 'eu-central-1' WHERE name = 'the ingest worker';"
                "  -- was 'us-east-1'",
            ),
        )
    ]
    merged = merge("", dailies)
    assert [fact.text for fact in merged.facts] == [
        "UPDATE workers SET region = 'eu-central-1' WHERE name = 'the ingest worker';"
        "  -- was 'us-east-1'"
    ]


def test_recall_reads_the_value_set() -> None:
    """recall's reading of a hit's value (`given_values`) gives the value an assignment
    sets, not the words of the statement ("update", "select")."""
    assert given_values("UPDATE squads SET lead = 'Ilse' WHERE name = 'Orion';") == {"ilse": "name"}
    assert given_values("SELECT lead FROM squads WHERE name = 'Orion';  -- 'Yusuf'") == {
        "yusuf": "name"
    }
    assert given_values(
        "export EDITOR=Sublime Text   # Wanda's dotfiles", frozenset({"editor"})
    ) == {"sublime": "name", "text": "name"}
