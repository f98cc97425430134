"""The prompt hook and recall after consolidation superseded a value (audit 7, finding
4): the stale line ranks below the MEMORY.md fact that replaced it and never goes into
the prompt's block beside it; a lower-case name in a "which X" question is its subject,
not the kind of thing asked for."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memctl.retrieval.recall import focus_of
from tests.support.helpers import append, configure


@pytest.fixture
def upgraded(cli, workspace: Path) -> Path:
    configure(workspace, recall={"semantic": "on"})  # as a new user has it
    append(
        cli,
        workspace,
        "notes",
        [
            {
                "role": "user",
                "content": "We run Redis 6.2 on the cache cluster.",
                "ts": "2026-11-20T09:05:00+00:00",
            },
            {
                "role": "user",
                "content": "We upgraded the cache cluster to Redis 7.2 last night.",
                "ts": "2026-12-01T09:00:00+00:00",
            },
        ],
    )
    append(
        cli,
        workspace,
        "dev",
        [
            {
                "role": "user",
                "content": "Tests run with uv run pytest, and the CI is on Python 3.12.",
                "ts": "2026-12-03T10:02:00+00:00",
            },
            {
                "role": "user",
                "content": "We decided to drop Redis for sessions and use Postgres instead.",
                "ts": "2026-12-04T08:05:00+00:00",
            },
        ],
    )
    assert cli("-w", workspace, "flush").exit_code == 0
    done = cli("-w", workspace, "consolidate")
    assert "superseded: We run Redis 6.2" in done.stderr
    return workspace


def test_the_prompt_block_leaves_out_a_ledger_line_consolidation_superseded(cli, upgraded):
    stdin = json.dumps(
        {
            "hook_event_name": "UserPromptSubmit",
            "session_id": "s",
            "prompt": "which redis version do we run?",
        }
    )
    block = cli("-w", upgraded, "hook", "claude-code", "--output", "text", input=stdin).stdout
    assert "Redis 7.2" in block
    assert "Redis 6.2" not in block


def test_recall_ranks_a_superseded_turn_below_the_fact_that_replaced_it(cli, upgraded):
    lines = cli("-w", upgraded, "recall", "which redis version do we run", "-n", "8").stdout
    hits = lines.splitlines()
    new = next(at for at, line in enumerate(hits) if "Redis 7.2" in line)
    old = [at for at, line in enumerate(hits) if "Redis 6.2" in line]
    assert all(at > new for at in old), lines


@pytest.mark.parametrize(
    ("question", "focus"),
    [
        ("which redis version do we run", {"version"}),  # redis: a name, the subject
        ("what athletic goal did she set", {"athletic", "goal"}),
        ("which Tacoma neighborhood does he live in", {"neighborhood"}),
    ],
)
def test_a_name_in_a_which_question_is_no_part_of_its_focus(question, focus):
    assert focus_of(question)[0] == focus
