"""memctl forget (issue 25 item 2): a tombstone the whole pipeline honours, a correction,
and a purge that leaves no copy in the workspace."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.support.helpers import configure, snapshot

SECRET = "The vault password is hunter2-swordfish."


@pytest.fixture
def ws(cli: Any, workspace: Path) -> Path:
    """A workspace whose thread said three facts, flushed and consolidated (builtin)."""
    configure(workspace)
    text = f"Dana leads payments. Staging is db3. {SECRET}"
    message = json.dumps({"role": "user", "content": text})
    assert cli("-w", workspace, "thread", "append", "t1", input=message + "\n").exit_code == 0
    assert cli("-w", workspace, "flush").exit_code == 0
    assert cli("-w", workspace, "consolidate").exit_code == 0
    assert "Staging is db3." in (workspace / "MEMORY.md").read_text()
    return workspace


def ledgers(ws: Path) -> str:
    return "".join(path.read_text() for path in sorted((ws / "memory").glob("*.md")))


def copies(ws: Path, text: str) -> list[str]:
    """Every file under the workspace whose bytes hold `text` (any case)."""
    needle = text.lower().encode()
    return sorted(
        str(path.relative_to(ws))
        for path in ws.rglob("*")
        if path.is_file() and needle in path.read_bytes().lower()
    )


def test_forget_leaves_the_ledger_and_every_reader_leaves_the_fact_out(cli, ws):
    before = ledgers(ws)

    run = cli("-w", ws, "forget", "staging is")
    cli("-w", ws, "consolidate", "--force")
    searched = cli("-w", ws, "search", "db3", "--scope", "all")
    recalled = json.loads(cli("-w", ws, "--json", "recall", "staging db3").stdout)
    event = json.dumps({"hook_event_name": "SessionStart", "source": "startup"})
    block = cli("-w", ws, "hook", "claude-code", input=event)

    assert run.exit_code == 0, run.stderr
    assert "forget: forgot 1 fact (1 line of MEMORY.md)" in run.stderr
    assert ledgers(ws).startswith(before)  # append-only: the ledger is as it was
    assert "db3" not in (ws / "MEMORY.md").read_text()  # and a merge does not bring it back
    assert "Dana leads payments." in (ws / "MEMORY.md").read_text()
    assert searched.exit_code == 1 and searched.stdout == ""
    assert all("db3" not in hit["snippet"] for hit in recalled["hits"])
    assert "Dana leads payments." in block.stdout and "db3" not in block.stdout


def test_forget_by_path_and_line_and_a_dry_run_writes_nothing(cli, ws):
    number = (ws / "MEMORY.md").read_text().splitlines().index("- Staging is db3.") + 1
    before = snapshot(ws)

    dry = cli("-w", ws, "forget", f"MEMORY.md:{number}", "--dry-run")

    assert dry.exit_code == 0, dry.stderr
    assert snapshot(ws) == before
    assert "would forget 1 fact" in dry.stderr and f"MEMORY.md:{number}" in dry.stdout
    assert cli("-w", ws, "forget", f"MEMORY.md:{number}").exit_code == 0
    assert "db3" not in (ws / "MEMORY.md").read_text()


def test_a_correction_replaces_the_old_value_everywhere_it_is_shown(cli, ws):
    run = cli("-w", ws, "forget", "staging is db3", "--replace", "Staging moved to db7.")
    cli("-w", ws, "consolidate", "--force")
    found = cli("-w", ws, "search", "staging")

    assert run.exit_code == 0, run.stderr
    memory = (ws / "MEMORY.md").read_text()
    assert "- Staging moved to db7." in memory and "db3" not in memory
    assert "db7" in found.stdout and "db3" not in found.stdout


def test_purge_leaves_no_copy_in_the_workspace(cli, ws):
    assert cli("-w", ws, "search", "hunter2").exit_code == 0  # the index holds it too
    cli("-w", ws, "consolidate", "--force")
    assert len(copies(ws, "hunter2-swordfish")) >= 3  # MEMORY.md, ledger, thread log

    run = cli("-w", ws, "forget", "hunter2", "--purge")

    assert run.exit_code == 0, run.stderr
    assert copies(ws, "hunter2") == []
    listed = run.stdout.split()
    assert {"MEMORY.md", "threads/t1.jsonl"} <= set(listed)
    assert any(name.startswith("memory/") for name in listed)
    assert "Dana leads payments." in (ws / "MEMORY.md").read_text()
    # The pipeline goes on: offsets and watermarks still hold, nothing re-merged as junk.
    assert cli("-w", ws, "consolidate", "--force").exit_code == 0
    assert cli("-w", ws, "search", "hunter2", "--scope", "all").exit_code == 1
    assert "[forgotten" not in (ws / "MEMORY.md").read_text()


def test_bad_targets_are_one_line_errors_that_change_nothing(cli, ws):
    before = snapshot(ws)

    out_of_range = cli("-w", ws, "forget", "MEMORY.md:999")
    nothing = cli("-w", ws, "forget", "no such fact at all")
    heading = cli("-w", ws, "forget", "MEMORY.md:1")  # "# Memory"
    both = cli("-w", ws, "forget", "db3", "--purge", "--replace", "x")

    assert out_of_range.exit_code == 2 and "MEMORY.md has no line 999" in out_of_range.stderr
    assert nothing.exit_code == 1 and "no fact in MEMORY.md or the ledgers" in nothing.stderr
    assert heading.exit_code == 2 and "is not a fact" in heading.stderr
    assert both.exit_code == 2
    for run in (out_of_range, nothing, heading, both):
        assert len(run.stderr.strip().splitlines()) == 1
    assert snapshot(ws) == before
