"""A tool's record weighs below words (audit 15 H3): with `--scope all`, an Edit's result
("The file config/staging.yaml has been updated.") and a grep's output naming the old
host outranked the MEMORY.md fact of where staging is now. A tool's output, and an
assistant turn of tool calls alone, count TOOL_WEIGHT of their score (`words_first`);
they are still found, below the words about them. The conversation is the audit's
(/tmp/audit15/w4.jsonl), written again here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from memctl.core.config import load_config
from memctl.core.workspace import Workspace
from memctl.models.resolve import resolve_embedder
from memctl.models.semantic import installed
from memctl.retrieval.recall import NEIGHBOUR_WEIGHT, TIME_NEIGHBOUR_WEIGHT, TOOL_WEIGHT, recall
from tests.support.helpers import append, configure

EDIT = {"file_path": "config/staging.yaml", "old_string": "db3", "new_string": "db7"}
SESSION: list[dict[str, Any]] = [
    {
        "role": "user",
        "content": "Heads up: the staging DB moved to db7.internal.acme.io last night. "
        "Update the config.",
        "ts": "2026-12-02T09:00:00Z",
    },
    {
        "role": "assistant",
        "content": "I'll find every place that names db3.",
        "tool_calls": [
            {
                "id": "c1",
                "type": "function",
                "function": {"name": "Grep", "arguments": '{"pattern": "db3"}'},
            }
        ],
        "ts": "2026-12-02T09:00:10Z",
    },
    {
        "role": "tool",
        "tool_call_id": "c1",
        "name": "Grep",
        "content": "config/staging.yaml:4:  host: db3.internal.acme.io",
        "ts": "2026-12-02T09:00:20Z",
    },
    {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "c2",
                "type": "function",
                "function": {"name": "Edit", "arguments": json.dumps(EDIT)},
            }
        ],
        "ts": "2026-12-02T09:00:30Z",
    },
    {
        "role": "tool",
        "tool_call_id": "c2",
        "name": "Edit",
        "content": "The file config/staging.yaml has been updated.",
        "ts": "2026-12-02T09:00:40Z",
    },
    {
        "role": "assistant",
        "content": "Done: config/staging.yaml now points at db7.",
        "ts": "2026-12-02T09:00:50Z",
    },
]
TOOLS = {"tool", "Edit"}


@pytest.fixture
def ws(cli: Any, workspace: Path) -> Path:
    configure(workspace)
    append(cli, workspace, "t1", SESSION)
    assert cli("-w", workspace, "flush", "-q").exit_code == 0
    assert cli("-w", workspace, "consolidate", "-q").exit_code == 0
    return workspace


def _hits(root: Path, question: str, **options: Any) -> list[Any]:
    config = load_config(root / "memctl.yaml")
    return recall(Workspace(root), config, question, **options).hits


def _is_tool(hit: Any) -> bool:
    return hit.role == "tool" or (hit.role == "assistant" and hit.snippet.startswith("Edit("))


def test_a_tools_output_ranks_below_memory_and_words(ws: Path) -> None:
    hits = _hits(ws, "where is staging now?")
    places = [n for n, hit in enumerate(hits) if _is_tool(hit)]
    # MEMORY.md's facts and the person's words (a turn holding none of the question's
    # words, lent a share of its neighbours', may rank anywhere).
    words = [n for n, hit in enumerate(hits) if hit.path == "MEMORY.md" or hit.role == "user"]
    assert places, [hit.source for hit in hits]  # still found
    assert len(words) >= 3 and max(words) < min(places), [hit.source for hit in hits]


def test_the_factor_shows_in_explain_and_adds_up(ws: Path) -> None:
    hits = _hits(ws, "where is staging now?", explain=True)
    edit = next(hit for hit in hits if hit.role == "tool" and "updated" in hit.snippet)
    assert edit.explain is not None
    assert edit.explain["time"] == pytest.approx(TOOL_WEIGHT)
    said = next(hit for hit in hits if hit.role == "user")
    assert said.explain is not None and said.explain["time"] == pytest.approx(1.0)


def test_a_command_asked_for_by_its_own_words_is_still_found(ws: Path) -> None:
    hits = _hits(ws, "has been updated")
    assert any(hit.role == "tool" for hit in hits), [hit.source for hit in hits]


# Review 24 F3: twelve exchanges about the staging database, then the one record that
# says its port, a tool's output, and "Done.", which holds no word asked.
STAGING: list[dict[str, Any]] = [
    turn
    for step in range(12)
    for turn in (
        {
            "role": "user",
            "content": f"The staging database migration step {step} is slow again, can "
            "you look at the staging database?",
        },
        {"role": "assistant", "content": f"Looking at step {step} of the staging database now."},
    )
] + [
    {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "c1",
                "type": "function",
                "function": {"name": "shell", "arguments": '{"cmd": "cat config/staging.yaml"}'},
            }
        ],
    },
    {
        "role": "tool",
        "tool_call_id": "c1",
        "content": "staging database:\n  host: db3.internal\n  port: 5433\n  user: app",
    },
    {"role": "assistant", "content": "Done."},
]


@pytest.mark.parametrize("semantic", ["auto", "off"])
def test_a_tools_output_lends_its_neighbours_from_its_weighed_score(
    cli: Any, workspace: Path, semantic: str
) -> None:
    # It lent its whole score: with the semantic leg, "Done." beside it ranked first and
    # a turn two before it second, above the only record that answers.
    if semantic == "auto" and not installed():
        pytest.skip("memctl[semantic] (wordllama) is not installed")
    configure(workspace, recall={"semantic": semantic})
    append(cli, workspace, "t1", STAGING)
    config = load_config(workspace / "memctl.yaml")
    question = "which port does the staging database listen on"
    ws = Workspace(workspace)
    embedder = resolve_embedder(config)
    hits = recall(ws, config, question, 4, "threads", embedder=embedder, explain=True).hits
    assert "5433" in hits[0].snippet, [hit.source for hit in hits]
    done = next(hit for hit in hits if hit.snippet == "Done.")
    assert done.explain is not None and hits[0].explain is not None
    assert done.explain["neighbour"] == pytest.approx(
        NEIGHBOUR_WEIGHT * TOOL_WEIGHT * hits[0].explain["bm25"], rel=1e-3
    )


def test_a_tools_output_lends_a_turn_with_a_time_from_its_weighed_score(
    cli: Any, workspace: Path
) -> None:
    # A question that asks when lends a turn holding a time its best neighbour's score
    # again (`by_time`); a tool's output lent it whole, twice what it lends as it ranks.
    configure(workspace, recall={"semantic": "off"})
    shell = {"name": "shell", "arguments": '{"cmd": "cat config/jobs.yaml"}'}
    append(
        cli,
        workspace,
        "t1",
        [
            {"role": "user", "content": "Can you check the nightly job config for me?"},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [{"id": "c1", "type": "function", "function": shell}],
            },
            {
                "role": "tool",
                "tool_call_id": "c1",
                "content": "staging database backup:\n  schedule: cron\n  target: s3",
            },
            {"role": "assistant", "content": "Done. It runs at 3:15 every night."},
        ],
    )
    hits = _hits(workspace, "when is the staging database backup", scope="threads", explain=True)
    output = next(hit for hit in hits if hit.role == "tool")
    timed = next(hit for hit in hits if hit.snippet.startswith("Done."))
    assert output.explain is not None and timed.explain is not None
    assert timed.explain["neighbour"] == pytest.approx(
        TIME_NEIGHBOUR_WEIGHT * TOOL_WEIGHT * output.explain["bm25"], rel=1e-3
    )
