"""search marks a record said before a correction of what it states, as recall does
(audit 11 #3): "It is db3." answered before `forget --replace` made db3 db7 is found by
`search db3`, with `corrected` in --json, the note in the text and in the MCP tools'
answers. A turn said after the correction, or one not stating the old value, is not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memctl.core.config import Config
from memctl.core.workspace import Workspace
from memctl.retrieval.search import search
from memctl.turn.tools import run_tool

FACT = "The staging database is db3."
BY = "The staging database is db7."


def turns(*said: tuple[str, str, str]) -> str:
    return "".join(json.dumps({"role": r, "content": c, "ts": t}) + "\n" for r, c, t in said)


@pytest.fixture
def ws(cli, workspace: Path) -> Workspace:
    (workspace / "MEMORY.md").write_text(f"# Memory\n\n- {FACT}\n", encoding="utf-8")
    before = turns(
        ("user", "What is the staging database?", "2026-01-05T10:00:00Z"),
        ("assistant", "It is db3.", "2026-01-05T10:00:05Z"),
        ("user", "And the db3 backups, are they on?", "2026-01-05T10:01:00Z"),
    )
    assert cli("-w", workspace, "thread", "append", "b", "-", input=before).exit_code == 0
    run = cli("-w", workspace, "forget", "staging database", "--replace", BY)
    assert run.exit_code == 0, run.stderr
    later = turns(("assistant", "db3 was retired for db7.", "2099-01-01T00:00:00Z"))
    assert cli("-w", workspace, "thread", "append", "c", "-", input=later).exit_code == 0
    return Workspace(workspace)


@pytest.mark.parametrize("use_index", [True, False])
def test_a_turn_said_before_the_correction_is_marked(ws, use_index):
    result = search(ws, "db3", scope="all", use_index=use_index)
    marked = {(h.path, h.entry): h.corrected for h in result.hits}

    assert marked[("threads/b.jsonl", 1)] is not None
    assert marked[("threads/b.jsonl", 1)]["fact"] == FACT
    assert marked[("threads/b.jsonl", 1)]["by"] == BY
    assert marked[("threads/b.jsonl", 2)] is not None  # it names the old value too
    assert marked[("threads/c.jsonl", 0)] is None  # said after the correction


@pytest.mark.parametrize("use_index", [True, False])
def test_a_daily_ledger_line_is_dated_by_its_file_s_day(ws, use_index):
    """Review 18 M7: a ledger line with no heading of its own is said on its file's day
    (at noon), not when the file was last written: these are written after the
    correction, one named for a day before it, one for a day after."""
    (ws.root / "memory").mkdir(exist_ok=True)
    (ws.root / "memory" / "2026-01-04.md").write_text("- I rebooted db3 this morning.\n", "utf-8")
    (ws.root / "memory" / "2099-01-02.md").write_text("- We watched db3 drain today.\n", "utf-8")
    result = search(ws, "db3", scope="memory", use_index=use_index)
    marked = {h.path: h.corrected for h in result.hits}
    assert marked["memory/2026-01-04.md"] is not None
    assert marked["memory/2026-01-04.md"]["by"] == BY
    assert marked["memory/2099-01-02.md"] is None


@pytest.mark.parametrize("use_index", [True, False])
def test_a_value_written_with_a_typographic_apostrophe_is_marked(cli, workspace, use_index):
    """Review 18 #4: the corrected value's words are case-folded with ’ read as ' (as
    recall reads them); search's pre-filter lower-cased the hit's text as it was, and
    left "I emailed O’Brien" unmarked where recall marked it."""
    (workspace / "MEMORY.md").write_text(
        "# Memory\n\n- Our supplier contact is O’Brien.\n", encoding="utf-8"
    )
    said = turns(("assistant", "I emailed O’Brien about the invoice.", "2026-01-05T10:00:05Z"))
    assert cli("-w", workspace, "thread", "append", "b", "-", input=said).exit_code == 0
    run = cli(
        "-w", workspace, "forget", "supplier contact", "--replace", "Our supplier contact is Walsh."
    )
    assert run.exit_code == 0, run.stderr
    result = search(Workspace(workspace), "invoice", scope="all", use_index=use_index)
    (hit,) = result.hits
    assert hit.corrected is not None and "Walsh" in hit.corrected["by"]


def test_the_cli_marks_it_in_text_and_json(cli, ws):
    run = cli("-w", ws.root, "--json", "search", "It is db3", "--scope", "all")
    (hit,) = json.loads(run.stdout)["hits"]
    assert hit["corrected"]["fact"] == FACT
    assert hit["corrected"]["by"] == BY
    assert hit["corrected"]["at"][:2] == "20"  # when the correction was made

    text = cli("-w", ws.root, "search", "db3", "--scope", "all").stdout.splitlines()
    (first,) = [line for line in text if line.startswith("threads/b.jsonl#1 ")]
    assert first.endswith(f'was corrected to "{BY}"]')
    assert "said before" in first
    (after,) = [line for line in text if line.startswith("threads/c.jsonl#0 ")]
    assert "said before" not in after

    quiet = cli("-w", ws.root, "--json", "search", "staging database?", "--scope", "all")
    assert [h["corrected"] for h in json.loads(quiet.stdout)["hits"]] == [None]


def test_the_mcp_tools_mark_it(ws):
    answer = run_tool(ws, Config(), "thread_search", {"query": "It is db3"})
    assert not answer.is_error
    assert "It is db3. [said before " in answer.text
    assert f'corrected to "{BY}"]' in answer.text
