"""memctl undo keeps consolidation honest (issue 23 item 6, issue 25 item 7): the
offsets go back with the MEMORY.md they belong to, so no ledger fact is stranded."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.support.helpers import configure, snapshot


@pytest.fixture
def ws(workspace: Path) -> Path:
    configure(workspace)
    return workspace


def say(cli: Any, ws: Path, text: str) -> None:
    """One user message, flushed into today's ledger by the builtin."""
    message = json.dumps({"role": "user", "content": text})
    assert cli("-w", ws, "thread", "append", "t1", input=message + "\n").exit_code == 0
    flushed = cli("-w", ws, "flush")
    assert flushed.exit_code == 0, flushed.stderr


def unconsolidated(cli: Any, ws: Path) -> int:
    status = json.loads(cli("-w", ws, "--json", "status").stdout)
    return int(status["dailies"]["unconsolidated_bytes"])


def kim_undone(cli: Any, ws: Path) -> None:
    """The issue's scenario up to the undo: Kim's fact was merged, then undone."""
    say(cli, ws, "Dana leads payments. We deploy on Tuesdays.")
    assert cli("-w", ws, "consolidate").exit_code == 0
    say(cli, ws, "Kim owns the payments runbook.")
    assert cli("-w", ws, "consolidate").exit_code == 0
    assert "Kim owns the payments runbook." in (ws / "MEMORY.md").read_text()
    undone = cli("-w", ws, "undo")
    assert undone.exit_code == 0, undone.stderr
    assert "Kim" not in (ws / "MEMORY.md").read_text()


def test_after_an_undo_consolidate_brings_back_what_the_restored_file_lacks(cli, ws):
    kim_undone(cli, ws)

    waiting = unconsolidated(cli, ws)
    merged = cli("-w", ws, "consolidate")

    assert waiting > 0  # status no longer says 0: Kim's block is new to this MEMORY.md
    assert merged.exit_code == 0, merged.stderr
    assert "Kim owns the payments runbook." in (ws / "MEMORY.md").read_text()
    assert "Dana leads payments." in (ws / "MEMORY.md").read_text()
    assert unconsolidated(cli, ws) == 0


def test_undoing_the_undo_brings_its_offsets_back_too(cli, ws):
    kim_undone(cli, ws)

    again = cli("-w", ws, "undo")

    assert again.exit_code == 0, again.stderr
    assert "Kim owns the payments runbook." in (ws / "MEMORY.md").read_text()
    assert "no daily text to merge again" in again.stderr
    assert unconsolidated(cli, ws) == 0


def test_undo_dry_run_prints_the_diff_and_what_would_be_merged_again(cli, ws):
    say(cli, ws, "Dana leads payments.")
    cli("-w", ws, "consolidate")
    say(cli, ws, "Kim owns the payments runbook.")
    cli("-w", ws, "consolidate")
    before = snapshot(ws)

    dry = cli("-w", ws, "undo", "--dry-run")
    document = json.loads(cli("-w", ws, "--json", "undo", "--dry-run").stdout)

    assert dry.exit_code == 0, dry.stderr
    assert snapshot(ws) == before
    assert dry.stdout.startswith("--- a/MEMORY.md\n+++ b/MEMORY.md\n@@ ")
    assert "-- Kim owns the payments runbook.\n" in dry.stdout
    assert "of daily text to merge again" in dry.stderr and "nothing written" in dry.stderr
    assert document["unconsolidated_bytes"] > 0 and document["diff"] == dry.stdout


def test_a_copy_kept_before_offsets_were_kept_rewinds_them_to_nothing(cli, ws):
    """History copies of older versions have no sidecar: every ledger counts as new,
    which merges more than needed but strands nothing."""
    say(cli, ws, "Dana leads payments.")
    cli("-w", ws, "consolidate")
    say(cli, ws, "Kim owns the payments runbook.")
    cli("-w", ws, "consolidate")
    for sidecar in (ws / ".memctl" / "history").glob("*.json"):
        sidecar.unlink()

    undone = cli("-w", ws, "undo")
    merged = cli("-w", ws, "consolidate")

    assert "predates kept offsets, so every ledger counts as new" in undone.stderr
    assert merged.exit_code == 0, merged.stderr
    text = (ws / "MEMORY.md").read_text()
    assert text.count("Kim owns the payments runbook.") == 1
    assert text.count("Dana leads payments.") == 1


def test_a_ledger_archived_since_the_version_counts_as_new(cli, ws):
    """The version's offset was for memory/DAY.md; archived, its text lives under
    another name, which the version never merged: merged again, not stranded."""
    day = ws / "memory" / "2020-01-01.md"
    day.write_text("## Memory Save\n\n- Dana leads payments.\n")
    cli("-w", ws, "consolidate")
    with day.open("a") as ledger:
        ledger.write("\n## Memory Save\n\n- Kim owns the payments runbook.\n")
    cli("-w", ws, "consolidate")
    archived = cli("-w", ws, "archive")
    assert archived.exit_code == 0, archived.stderr
    assert not day.exists()

    cli("-w", ws, "undo")
    cli("-w", ws, "consolidate")

    assert "Kim owns the payments runbook." in (ws / "MEMORY.md").read_text()


def test_pruned_copies_take_their_offsets_with_them(cli, ws):
    history = ws / ".memctl" / "history"
    for number in range(23):
        with (ws / "memory" / "2026-01-01.md").open("a") as ledger:
            ledger.write(f"\n## Memory Save\n\n- Fact number {number} holds.\n")
        assert cli("-w", ws, "consolidate").exit_code == 0

    copies = {path.stem for path in history.glob("*.md")}
    sidecars = {path.stem for path in history.glob("*.json")}

    assert len(copies) == 20
    assert sidecars == copies


def test_the_readme_consolidate_history_undo_runs_on_a_new_workspace(cli, workspace):
    """Audit 5 #15: the first consolidation kept no version (MEMORY.md was empty), so
    `history` right after said "no kept version ... (each consolidation keeps one)" and
    `undo` exited 2. It keeps the empty file: the undo empties MEMORY.md and rewinds the
    offsets, and the next consolidation merges the same text again."""
    text = json.dumps({"role": "user", "content": "Dana leads payments. Staging is db3."})
    assert cli("-w", workspace, "thread", "append", "t1", input=text + "\n").exit_code == 0
    assert cli("-w", workspace, "flush").exit_code == 0
    assert (workspace / "MEMORY.md").read_text() == ""
    assert cli("-w", workspace, "consolidate").exit_code == 0
    merged = (workspace / "MEMORY.md").read_text()

    history = cli("-w", workspace, "--json", "history")
    undone = cli("-w", workspace, "undo")

    assert history.exit_code == 0 and len(json.loads(history.stdout)["versions"]) == 1
    assert undone.exit_code == 0, undone.stderr
    assert (workspace / "MEMORY.md").read_text() == ""
    assert cli("-w", workspace, "consolidate").exit_code == 0
    assert (workspace / "MEMORY.md").read_text() == merged
