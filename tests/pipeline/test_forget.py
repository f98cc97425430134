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


# --------------------------------------------------------------------------- exports


@pytest.fixture
def agents_md(cli: Any, ws: Path, tmp_path: Path) -> Path:
    """AGENTS.md outside the workspace, with the user's own text and the memory block."""
    target = tmp_path / "project" / "AGENTS.md"
    target.parent.mkdir()
    target.write_text("# Project rules\n\nRun the tests before a commit.\n")
    assert cli("-w", ws, "export", "--agents-md", target).exit_code == 0
    assert "hunter2-swordfish" in target.read_text()  # the block carries the fact
    return target


def test_purge_rewrites_the_exported_block_and_lists_it(cli, ws, agents_md):
    run = cli("-w", ws, "forget", "hunter2", "--purge")

    assert run.exit_code == 0, run.stderr
    text = agents_md.read_text()
    assert "hunter2" not in text.lower()
    assert text.startswith("# Project rules\n\nRun the tests before a commit.\n")
    assert "Dana leads payments." in text  # the block is still there, without the fact
    assert str(agents_md) in run.stdout.split()
    assert f"forget: rewrote the memory block in {agents_md}" in run.stderr
    assert copies(ws, "hunter2") == [] and copies(agents_md.parent, "hunter2") == []


def test_a_plain_forget_rewrites_the_exported_block_too(cli, ws, agents_md):
    run = cli("-w", ws, "forget", "staging is")

    assert run.exit_code == 0, run.stderr
    assert "db3" not in agents_md.read_text()
    assert "Dana leads payments." in agents_md.read_text()
    forgot = json.loads(cli("-w", ws, "--json", "forget", "dana leads").stdout)
    assert forgot["exports"] == [str(agents_md)] and forgot["exports_dropped"] == []


def test_a_purge_dry_run_lists_the_export_and_changes_nothing(cli, ws, agents_md):
    before = (snapshot(ws), snapshot(agents_md.parent))

    run = cli("-w", ws, "forget", "hunter2", "--purge", "--dry-run")

    assert run.exit_code == 0, run.stderr
    assert str(agents_md) in run.stdout.split()
    assert f"forget: would rewrite the memory block in {agents_md}" in run.stderr
    assert (snapshot(ws), snapshot(agents_md.parent)) == before


def test_exports_through_a_link_and_with_crlf_stay_so(cli, ws, tmp_path):
    real = tmp_path / "shared" / "CLAUDE.md"
    real.parent.mkdir()
    real.write_bytes(b"# Notes\r\nKeep this.\r\n")
    link = tmp_path / "CLAUDE.md"
    link.symlink_to(real)
    assert cli("-w", ws, "export", "--claude-md", link).exit_code == 0

    run = cli("-w", ws, "forget", "hunter2", "--purge")

    assert run.exit_code == 0, run.stderr
    assert link.is_symlink() and str(link) in run.stdout.split()
    data = real.read_bytes()
    assert b"hunter2" not in data and data.startswith(b"# Notes\r\nKeep this.\r\n")
    assert b"\n" not in data.replace(b"\r\n", b"")


def test_an_export_gone_or_without_its_block_is_dropped_in_one_line(cli, ws, agents_md, tmp_path):
    other = tmp_path / "CLAUDE.md"
    assert cli("-w", ws, "export", "--claude-md", other).exit_code == 0
    other.unlink()
    agents_md.write_text("# Project rules\n")  # the block taken out by hand

    run = cli("-w", ws, "forget", "staging is")

    assert run.exit_code == 0, run.stderr
    assert f"forget: dropped the export {other}: gone" in run.stderr
    assert f"forget: dropped the export {agents_md}: no memctl block" in run.stderr
    assert agents_md.read_text() == "# Project rules\n" and not other.exists()
    state = json.loads((ws / ".memctl" / "state.json").read_text())
    assert "exports" not in state
    again = cli("-w", ws, "forget", "dana leads")
    assert "export" not in again.stderr


def test_an_export_whose_block_cannot_be_written_is_named_and_kept(cli, ws, agents_md):
    agents_md.write_text(agents_md.read_text() + "<!-- memctl:end -->\n")  # two ends

    run = cli("-w", ws, "forget", "staging is")

    assert run.exit_code == 0, run.stderr
    assert f"forget: left the export {agents_md}: the memctl marker comments" in run.stderr
    state = json.loads((ws / ".memctl" / "state.json").read_text())
    assert state["exports"] == {str(agents_md): "agents-md"}
