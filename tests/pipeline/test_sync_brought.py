"""What a sync brings to a machine (audit 9, 2, 3, 6): cron's maintain receives on a
quiet machine, a forget or purge made elsewhere reaches the exported memory blocks and
the search index, and a purged fact said again is masked before it leaves."""

from __future__ import annotations

import json

import pytest

from memctl.core.workspace import Workspace
from tests.pipeline.test_sync import (
    GIT,
    bare,
    replica,
    run_sync,
    save_text,
)

pytestmark = [pytest.mark.skipif(GIT is None, reason="sync needs git"), pytest.mark.slow]


def _due(ws: Workspace) -> None:
    """Make the scheduled sync due now, as `sync.every` passing would."""
    path = ws.state_dir / "state.json"
    state = json.loads(path.read_text())
    state["runs"].pop("sync", None)
    path.write_text(json.dumps(state))


def test_maintain_syncs_on_schedule_on_a_machine_with_no_new_daily_text(tmp_path, cli):
    """Audit 9, 3: maintain returned on "no new daily text" before its scheduled sync,
    so a quiet machine never received. It receives now, and says it synced."""
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote)
    save_text(a, "- The build uses uv.")
    run_sync(a)
    b = replica(tmp_path, "b", remote, "  every: 15m\n")
    run_sync(b)
    save_text(a, "- Deploys go through CI.")
    run_sync(a)
    _due(b)
    done = cli("-w", b.root, "--json", "maintain")
    assert done.exit_code == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["consolidate"]["status"] == "nothing_new"
    assert result["sync"]["received"] == 1, result
    assert "Deploys go through CI" in b.memory_md.read_text()
    assert "sync" in json.loads((b.state_dir / "state.json").read_text())["runs"]
    again = cli("-w", b.root, "--json", "maintain")  # not due yet: no sync
    assert json.loads(again.stdout).get("sync") is None
