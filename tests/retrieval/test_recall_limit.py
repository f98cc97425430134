"""`recall --limit N` is the first N of the ranking (audit 15 H4): a smaller limit is the
start of a larger one's list, up to the default, and a record shows one date whatever
the limit. Ranked at the limit itself, `newest_first` reordered within the first N and
pulled facts in from just outside: `--limit 3` lacked the corrected fact `--limit 5`
ranked first, and a MEMORY.md bullet it brought in was dated by the file's mtime where
the same bullet ranked on its own was dated by its sources. The conversation is the
audit's (a coding session with tool calls; a pin of Python corrected by `forget
--replace`), written again for this test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from memctl.core.config import load_config
from memctl.core.workspace import Workspace
from memctl.retrieval.recall import DEFAULT_LIMIT, recall
from tests.support.helpers import append, configure, write_log


def _call(n: int, name: str, arguments: str) -> dict[str, Any]:
    return {
        "role": "assistant",
        "content": "",
        "tool_calls": [
            {"id": f"c{n}", "type": "function", "function": {"name": name, "arguments": arguments}}
        ],
        "ts": f"2026-12-02T09:{n:02d}:00Z",
    }


def _said(n: int, role: str, text: str) -> dict[str, Any]:
    return {"role": role, "content": text, "ts": f"2026-12-02T09:{n:02d}:00Z"}


def _result(n: int, text: str) -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": f"c{n}", "content": text}


SESSION = [
    _said(1, "user", "Morning. The staging DB moved to db7.internal.acme.io last night."),
    _call(2, "Grep", '{"pattern": "db3", "path": "/home/dev/proj"}'),
    _result(2, "config/staging.yaml:4:  host: db3.internal.acme.io"),
    _said(3, "assistant", "All 40 integration tests pass against db7."),
    _said(
        4,
        "user",
        "Great. We decided to pin Python to 3.12 for the service, the 3.13 upgrade waits until Q2.",
    ),
    _said(5, "assistant", "OK. I will now update .python-version to 3.12 and run uv sync."),
    _call(6, "Bash", '{"command": "echo 3.12 > .python-version && uv sync"}'),
    _result(6, "Resolved 84 packages in 1.2s\nInstalled 84 packages in 310ms"),
    _said(7, "user", "Which Python version does the service run in CI?"),
    _said(8, "assistant", "CI runs the version in .python-version, so Python 3.12 for now."),
    _said(9, "user", "ok cool, see you tomorrow"),
]
QUESTIONS = [
    "which python version do we use?",
    "what python version does the service pin?",
    "where is the staging database?",
]


@pytest.fixture
def ws(cli: Any, workspace: Path) -> Path:
    configure(workspace)
    append(cli, workspace, "s2", SESSION)
    assert cli("-w", workspace, "flush", "-q").exit_code == 0
    assert cli("-w", workspace, "consolidate", "-q").exit_code == 0
    fixed = cli(
        "-w",
        workspace,
        "forget",
        "pin Python to 3.12",
        "--replace",
        "We pin Python to 3.13 for the service since December 2026.",
    )
    assert fixed.exit_code == 0, fixed.stderr

    return workspace


def _listed(root: Path, question: str, limit: int) -> list[tuple[str, str | None]]:
    config = load_config(root / "memctl.yaml")
    found = recall(Workspace(root), config, question, limit=limit)
    return [(hit.source, hit.when) for hit in found.hits]


@pytest.mark.parametrize("question", QUESTIONS)
def test_a_smaller_limit_is_the_start_of_the_defaults_list(ws: Path, question: str) -> None:
    full = _listed(ws, question, DEFAULT_LIMIT)
    assert full, question
    for limit in range(1, DEFAULT_LIMIT):
        assert _listed(ws, question, limit) == full[:limit], (question, limit)


def test_the_correction_leads_at_every_limit(ws: Path) -> None:
    for limit in (1, 3, 5, 8):
        first = _listed(ws, QUESTIONS[0], limit)[0][0]
        assert first == _listed(ws, QUESTIONS[0], DEFAULT_LIMIT)[0][0]
    config = load_config(ws / "memctl.yaml")
    [hit] = recall(Workspace(ws), config, QUESTIONS[0], limit=1).hits
    assert "3.13" in hit.snippet, hit


@pytest.mark.parametrize("question", QUESTIONS)
def test_a_record_has_one_date_whatever_the_limit(ws: Path, question: str) -> None:
    dates: dict[str, set[str | None]] = {}
    for limit in (1, 2, 3, 5, 8, DEFAULT_LIMIT, 20, 40):
        for source, when in _listed(ws, question, limit):
            dates.setdefault(source, set()).add(when)
    assert {source: when for source, when in dates.items() if len(when) > 1} == {}


def _block(said: str, fact: str) -> str:
    return (
        f"## Memory Flush — 2026-12-05T14:35:44+00:00 · thread t · entries 0-0 · builtin"
        f" · said {said} · last said {said}T09:00:00Z\n\n- {fact}\n\n"
    )


def test_a_fact_brought_in_from_past_the_window_is_dated_by_when_it_was_said(
    workspace: Path,
) -> None:
    """A later value of the question's subject (`_newer_of_subject`) is read from past
    the hits ranked: it was dated by its ledger's name (the day of the flush), and the
    same line ranked among the hits by when its block says it was said."""
    configure(workspace)
    memory = workspace / "memory"
    (memory / "2020-01-02.md").write_text(_block("2020-01-02", "Felix lives in Austin."))
    (memory / "2026-12-05.md").write_text(_block("2020-03-01", "Felix moved to Leeds."))
    # More turns naming Felix than the hits read (2 x DEFAULT_LIMIT) rank above "Felix
    # moved to Leeds", which only `_newer_of_subject` then brings in, for "lives in".
    felix = [f"Felix, Felix and Felix again ({n})." for n in range(2 * DEFAULT_LIMIT + 5)]
    other = [f"We talked about the weather on day {n}." for n in range(100)]
    for thread, said in (("t", felix), ("u", other)):
        turns = [
            {"role": ("user", "assistant")[n % 2], "content": text, "ts": "2020-02-01T09:00:00Z"}
            for n, text in enumerate(said)
        ]
        write_log(workspace, thread, turns)
    question = "Where does Felix live?"

    narrow = dict(_listed(workspace, question, 3))
    assert narrow.get("memory/2026-12-05.md:3") == "2020-03-01", narrow
    wide = dict(_listed(workspace, question, 60))
    assert wide.get("memory/2026-12-05.md:3") == "2020-03-01", wide
