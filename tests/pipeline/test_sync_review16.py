"""Every entry point that syncs does what a sync asks of it (review 16 #11, #14): cron's
maintain syncs when due though its consolidation fails (a machine whose model is down, a
loopback server answering 500, still receives), and `init --from` on an existing
workspace rewrites the blocks it exported when the sync brings a forget. Two workspaces
share a bare repository in tmp_path."""

from __future__ import annotations

import json
import re

import pytest

from memctl.core.config import load_config
from memctl.pipeline.forget import forget
from tests.support.llm_server import write_model_config
from tests.support.sync import GIT, bare, replica, run_sync, save_text, sync_due

pytestmark = [pytest.mark.skipif(GIT is None, reason="sync needs git"), pytest.mark.slow]


def test_a_machine_whose_model_fails_still_receives_on_schedule(tmp_path, cli, llm_server):
    """Before: the failed consolidation returned before the scheduled sync, so the
    machine never received while its model was down."""
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote)
    save_text(a, "- The build uses uv.")
    run_sync(a)
    b = replica(tmp_path, "b", remote)
    run_sync(b)
    save_text(a, "- Deploys go through CI.")
    run_sync(a)
    write_model_config(
        b.root, llm_server, timezone="UTC", sync={"remote": str(remote), "every": "15m"}
    )
    # New daily text on b: its consolidation asks the model, which fails.
    (b.root / "memory" / f"{b.today().isoformat()}.md").write_text(
        "## Memory Flush — 2026-12-05T08:00:00+00:00 · thread t · entries 1-2 · m\n\n"
        "- The staging database is db7.internal.\n",
        encoding="utf-8",
    )
    for _ in range(4):
        llm_server.fail(500)
    sync_due(b)
    done = cli("-w", b.root, "--json", "maintain")
    result = json.loads(done.stdout)
    assert result["status"] == "failed", result
    assert done.exit_code == result["exit_code"] != 0
    received = "\n".join(path.read_text() for path in (b.root / "memory").glob("*.md"))
    assert "Deploys go through CI." in received
    # The sync's own consolidation fails alike: a warning, and the next run syncs again.
    assert "HTTP 500" in result["sync_error"], result
    assert "sync" not in json.loads((b.state_dir / "state.json").read_text())["runs"]
    # Without --json, the sync's line is said beside the failure.
    llm_server.fail(500)
    llm_server.fail(500)
    sync_due(b)
    told = cli("-w", b.root, "maintain")
    assert told.exit_code != 0
    assert re.search(r"^maintain: .*sync: model openai:test-model: HTTP 500", told.stderr, re.M)


def test_init_from_on_an_exported_workspace_rewrites_the_block_a_forget_reaches(tmp_path, cli):
    """Before: `init --from` synced without `refresh_after_sync`, so a forget it brought
    stayed stated in the AGENTS.md this workspace had exported."""
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote)
    save_text(a, "- Alice leads the payments team.")
    save_text(a, "- Deploys happen on Tuesdays.")
    run_sync(a)
    b = replica(tmp_path, "b", remote)
    run_sync(b)
    agents = tmp_path / "AGENTS.md"
    assert cli("-w", b.root, "export", "--agents-md", agents).exit_code == 0
    assert "Alice leads" in agents.read_text()
    forget(a, load_config(a.config_path), "Alice leads the payments team")
    run_sync(a)
    done = cli("init", "--from", remote, b.root)
    assert done.exit_code == 0, done.stderr
    assert "Alice leads" not in agents.read_text()
    assert "Tuesdays" in agents.read_text()
    assert f"init: rewrote the memory block in {agents}" in done.stderr
