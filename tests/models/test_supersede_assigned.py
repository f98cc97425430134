"""A change stated as an assignment (stale23, `memctl.models.assigned`): a SQL UPDATE, a
JSON Patch, a shell export, and a later line that moves away from an assignment's value
("A -> B", "from A to B", "A down, failing over to B"). The key is one whatever its case
or punctuation (`REGION`, `region`, `/region`).

The lines are this file's own, of the forms the wording sets hold, with other keys,
subjects and values.
"""

from __future__ import annotations

import time

import pytest

from memctl.models.assigned import assigned, assigned_changes
from memctl.models.curate import merge
from memctl.models.supersede import _left_of, _run_kind, given_values, stale

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
    # a speaker's name is no subject: the comment's subject, the table, the WHERE column
    # tell two places apart (review33 S1)
    ("Ilse: export PORT=8080  # the web app", "Ilse: export PORT=9090  # the admin app"),
    ("Ilse: UPDATE users SET status = 'active';", "Ilse: UPDATE orders SET status = 'shipped';"),
    (
        'Ilse: {"op": "replace", "path": "/status", "value": "away"}',
        "Ilse: UPDATE users SET status = 'active';",
    ),
    (
        "UPDATE users SET status = 'active' WHERE id = '7';",
        "UPDATE orders SET status = 'shipped' WHERE id = '7';",
    ),
    (
        "UPDATE hosts SET host = 'db7' WHERE env = 'staging';",
        "UPDATE hosts SET host = 'db9' WHERE region = 'staging';",
    ),
    # two paths to one key are two places, whatever reading pairs them (S10)
    (
        'Deploy: {"op": "replace", "path": "/users/0/name", "value": "Ann"}',
        'Deploy: {"op": "replace", "path": "/users/1/name", "value": "Bob"}',
    ),
    (
        'Deploy: {"op": "replace", "path": "/staging/host", "value": "db7"}',
        'Deploy: {"op": "replace", "path": "/prod/host", "value": "db9"}',
    ),
    # a note of a run, or a variable set for one command, is no standing assignment
    ("Repro: n=0 crashes", "Repro: n=1 passes"),
    ("CFLAGS=-O2 make  # the release build", "CFLAGS=-O0 make  # the release build"),
    # a query's comment that is a note, not its answer (S4)
    (
        "SELECT host FROM services WHERE name = 'staging';  -- 'db3'",
        "SELECT host FROM services WHERE name = 'staging';  -- 'TODO check'",
    ),
    (
        "UPDATE services SET host = 'db7' WHERE name = 'staging';",
        "SELECT host FROM services WHERE name = 'staging';  -- 'slow query, investigate'",
    ),
    # an id is named by every number; a subject and a value said apart are not one (S5)
    ("SELECT role FROM users WHERE id = '1';  -- 'admin'", "Ticket 1: admin -> owner for user 2"),
    (
        "SELECT host FROM services WHERE name = 'api';  -- 'db3'",
        "The api docs moved; the report db3 -> db7 migration is for billing",
    ),
    (
        "Stage is set at 7pm; the host is Priya.",
        "UPDATE services SET host = 'Wanda' WHERE name = 'stage';",
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


def test_a_patch_path_is_a_place() -> None:
    """Two paths to one key (`/users/0/name`, `/users/1/name`) are two places; a path
    and a column of the same name are one (S10)."""
    for older, newer in [
        ("/users/0/name", "/users/1/name"),
        ("/staging/host", "/prod/host"),
    ]:
        found: dict[int, int] = {}
        facts = [
            f'Deploy: {{"op": "replace", "path": "{older}", "value": "db7"}}',
            f'Deploy: {{"op": "replace", "path": "{newer}", "value": "db9"}}',
        ]
        assigned_changes(facts, found, _run_kind, _left_of)
        assert found == {}, facts


def test_failing_over_said_again_and_again() -> None:
    """The "failing over" reading on a line saying it 400 times: 3 CPU-s when its runs
    were open (cubic), milliseconds bounded (review33 S2). Process time, bounded
    generously."""
    started = time.process_time()
    stale(["SELECT host FROM t WHERE name = 's';  -- 'db3'", "s: " + "db3 failing over " * 400])
    assert time.process_time() - started < 1


def test_a_statement_padded_with_spaces() -> None:
    """Two runs of spaces side by side at a statement's end took quadratic time: 0.1 s a
    line of 1,900 spaces, 2.4 s of 10,000 (S2)."""
    started = time.process_time()
    for _ in range(20):
        assert assigned("UPDATE t SET k = v" + " " * 1900 + "x") is None
    assert time.process_time() - started < 0.5


def test_a_pasted_env_of_one_subject() -> None:
    """2,000 shell lines of one subject: 10 CPU-s read pair by pair, milliseconds paired
    by subject and key (S9)."""
    started = time.process_time()
    found: dict[int, int] = {}
    assigned_changes(
        [f"export KEY{i}=value{i}   # staging" for i in range(2000)], found, _run_kind, _left_of
    )
    assert found == {}
    assert time.process_time() - started < 1.5
