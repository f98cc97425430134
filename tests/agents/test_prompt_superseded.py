"""The prompt hook and recall after consolidation superseded a value (audit 7, finding
4): the stale line ranks below the MEMORY.md fact that replaced it and never goes into
the prompt's block beside it; a lower-case name in a "which X" question is its subject,
not the kind of thing asked for."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from memctl.retrieval.recall import (
    Candidate,
    RecallHit,
    focus_of,
    subject_of,
    turns_below_memory,
)
from tests.support.helpers import append, configure
from tests.support.hooks import roomy_prompt_budget


@pytest.fixture
def upgraded(cli, workspace: Path) -> Path:
    configure(workspace, recall={"semantic": "on"})  # as a new user has it
    roomy_prompt_budget(workspace)
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


@pytest.mark.parametrize("semantic", ["on", "off"])
def test_the_question_s_subject_is_matched_before_a_generic_verb(cli, upgraded, semantic):
    """Audit 8 #4: "redis" is in most of this workspace's records, so BM25 gave it almost
    nothing (FTS5's idf floor) and "run" of "Tests run with uv run pytest" topped recall
    three times (thread, MEMORY.md, ledger) and the prompt hook's block. The subject of
    "which redis version" weighs no less than the question's strongest other word
    (`by_subject`): the 7.2 fact comes first, and the pytest line not before a Redis
    one. `-n 3` is the first 3 of the default's 10 (audit 15 H4), where BM25 alone
    ties the two current Redis facts of MEMORY.md ("drop Redis for sessions", "Redis
    7.2"), each holding the subject alone: the 7.2 fact is among the first two."""
    configure(upgraded, recall={"semantic": semantic})
    roomy_prompt_budget(upgraded)
    shown = cli("-w", upgraded, "--json", "recall", "which redis version do we run", "-n", "3")
    hits = [hit["snippet"] for hit in json.loads(shown.stdout)["hits"]]
    assert "Redis" in hits[0] and any("Redis 7.2" in hit for hit in hits[:2]), hits
    assert not any("pytest" in hit for hit in hits), hits
    explained = cli("-w", upgraded, "recall", "which redis version do we run", "--explain")
    assert "redis@subject" in explained.stdout
    prompt = "which redis version do we run?"
    stdin = json.dumps({"hook_event_name": "UserPromptSubmit", "session_id": "s", "prompt": prompt})
    block = cli("-w", upgraded, "hook", "claude-code", "--output", "text", input=stdin).stdout
    lines = block.splitlines()[1:]
    assert "pytest" not in lines[0] and "Redis" in lines[0], block
    assert any("Redis 7.2" in line for line in lines[:2]), block


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("which redis version do we run", {"redis"}),
        ("which python version do we use", {"python"}),  # WordNet knows "python"
        ("what athletic goal did she set", {"athletic"}),
        ("What athletic goal did Clara set?", set()),  # the question names Clara
        ("What goal time did Olu set in January?", set()),
        ("Which Tacoma neighborhood does Theo live in?", {"tacoma"}),  # a name, always
        ("which two hills did we climb", set()),  # a count is no subject
        ("which city does Pavel live in now?", set()),
        ("what did we decide about the cache", set()),
    ],
)
def test_the_subject_of_a_which_question_is_the_words_before_its_head(question, subject):
    assert subject_of(question) == subject


@pytest.mark.parametrize(
    ("question", "focus"),
    [
        ("which redis version do we run", {"version"}),  # redis: a name, the subject
        ("which python version do we use", {"version"}),  # a word WordNet knows, too
        ("what athletic goal did she set", {"goal"}),  # names nothing else
        ("what athletic goal did Clara set", {"athletic", "goal"}),  # Clara's goal
        ("Which grad school did Jess pick?", {"grad", "school"}),
        ("which Tacoma neighborhood does he live in", {"neighborhood"}),
        ("which two hills did we climb", {"two", "hills"}),  # a count is asked with it
    ],
)
def test_the_subject_before_the_head_of_a_which_question_is_no_part_of_its_focus(question, focus):
    """The head names the kind asked for; the words before it say what it is of (the
    question's subject, `subject_of`) when the question names nothing else, whether a
    dictionary knows them or not; beside a name they say which kind."""
    assert focus_of(question)[0] == focus


def _hit(at: int, rel: str, text: str, ts: float, score: float) -> tuple[Any, Any, str]:
    kind = "thread" if rel.startswith("threads/") else "memory"
    hit = RecallHit(kind, rel, at, None, None, f"{rel}:{at}", score, None, text)
    candidate = Candidate(at, score, rel, kind, at, 0, len(text), ts, 0, 0, 0)
    return hit, candidate, text


def test_a_turn_said_before_memory_was_written_ranks_after_the_fact_replacing_it():
    """The order `recall` hands back, on hits as ranked: the stale turn first."""
    stale = _hit(0, "threads/notes.jsonl", "We run Redis 6.2 on the cache cluster.", 100.0, 3.0)
    other = _hit(5, "MEMORY.md", "- Tests run with uv run pytest.", 200.0, 2.5)
    current = _hit(
        7, "MEMORY.md", "- We upgraded the cache cluster to Redis 7.2 on 2026-11-30.", 200.0, 1.0
    )
    ranked = turns_below_memory([stale, other, current], lambda c: c.ts or 0.0)
    assert [hit.path for hit, _, _ in ranked] == [
        "MEMORY.md",
        "MEMORY.md",
        "threads/notes.jsonl",
    ]
    assert ranked[1] is current and ranked[2][0].score <= current[0].score
    # A turn said after MEMORY.md was written may be newer than it: left where it is.
    later = _hit(0, "threads/notes.jsonl", "We run Redis 6.2 on the cache cluster.", 300.0, 3.0)
    assert turns_below_memory([later, other, current], lambda c: c.ts or 0.0)[0] is later
