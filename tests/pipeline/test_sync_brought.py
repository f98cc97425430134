"""What a sync brings to a machine (audit 9, 2, 3, 6): cron's maintain receives on a
quiet machine, a forget or purge made elsewhere reaches the exported memory blocks and
the search index, and a purged fact said again is masked before it leaves."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from memctl.core.config import load_config
from memctl.core.workspace import Workspace
from memctl.pipeline.forget import forget
from memctl.retrieval.search import search
from tests.support.sync import (
    GIT,
    bare,
    holding,
    remote_files,
    replica,
    run_flush,
    run_sync,
    save_text,
    sync_due,
)

pytestmark = [pytest.mark.skipif(GIT is None, reason="sync needs git"), pytest.mark.slow]


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
    sync_due(b)
    done = cli("-w", b.root, "--json", "maintain")
    assert done.exit_code == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["consolidate"]["status"] == "nothing_new"
    assert result["sync"]["received"] == 1, result
    assert "Deploys go through CI" in b.memory_md.read_text()
    assert "sync" in json.loads((b.state_dir / "state.json").read_text())["runs"]
    again = cli("-w", b.root, "--json", "maintain")  # not due yet: no sync
    assert json.loads(again.stdout).get("sync") is None


def test_a_forget_and_a_purge_a_sync_brings_reach_the_exported_blocks_and_the_index(tmp_path, cli):
    """Audit 9, 2: a forget and a purge made on a, synced to b, left both facts in b's
    exported AGENTS.md (no `exports` in the JSON), `purged` was empty though the merge
    masked b's copies, and b's search index kept the secret's postings. The sync now
    writes each recorded export block again (a dry run says it would), reports the files
    where the purged fact was masked, and deletes the index, as a local purge does."""
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote)
    save_text(a, "- The staging password is hunter2-swordfish.")
    save_text(a, "- Alice leads the payments team.")
    save_text(a, "- Deploys happen on Tuesdays.")
    run_sync(a)
    b = replica(tmp_path, "b", remote)
    run_sync(b)
    agents = tmp_path / "AGENTS.md"
    assert cli("-w", b.root, "export", "--agents-md", agents).exit_code == 0
    assert _holding(agents, "hunter2", "Alice") == ["hunter2", "Alice"]
    assert search(b, "swordfish", scope="all").hits  # the index holds the secret
    index = b.state_dir / "index.sqlite"
    assert index.is_file()
    config = load_config(a.config_path)
    forget(a, config, "Alice leads the payments team")
    forget(a, config, "hunter2", purge=True)
    run_sync(a)
    dry = cli("-w", b.root, "--json", "sync", "--dry-run")
    assert dry.exit_code == 0, dry.stderr
    would = json.loads(dry.stdout)
    assert would["exports"] == [str(agents)], would
    assert _holding(agents, "hunter2", "Alice") == ["hunter2", "Alice"]  # untouched
    done = cli("-w", b.root, "--json", "sync")
    assert done.exit_code == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["exports"] == [str(agents)], result
    assert f"sync: rewrote the memory block in {agents}" in done.stderr
    assert _holding(agents, "hunter2", "swordfish", "Alice") == []
    assert "Tuesdays" in agents.read_text()
    assert "gone" not in result  # never the text of a purged fact in the document
    ledger = next(p for p in result["files"] if p.startswith("memory/"))
    assert {"MEMORY.md", ledger, ".memctl/index.sqlite"} <= set(result["purged"]), result
    assert "masked a purged fact" in done.stderr
    # Audit 10, 6: the note stderr prints is in the document's notes too.
    assert any(n.startswith("masked a purged fact in ") for n in result["notes"]), result
    assert any(n.startswith("would mask a purged fact ") for n in would["notes"]), would
    assert not index.exists()
    assert not search(b, "swordfish", scope="all").hits
    assert b"swordfish" not in index.read_bytes().lower()  # rebuilt from the purged files


def _holding(path: Path, *texts: str) -> list[str]:
    data = path.read_text().lower()
    return [text for text in texts if text.lower() in data]


SECRET = "The staging password is hunter2-swordfish."


def _said(ws: Workspace, thread: str, text: str) -> None:
    from memctl.core.threads import append_entries

    append_entries(ws, thread, [{"role": "user", "content": text}])


def test_a_purged_fact_said_again_elsewhere_is_masked_before_it_leaves(tmp_path, cli):
    """Audit 9, 6: a secret purged on a and said again on b went, in plain text, from
    b's flush into b's ledger, the remote's tip and a's ledger, with no word. b's flush
    warns that it states a fact purged; b's sync masks it (its digest is the purge's)
    before anything is committed, and says so; a never holds it."""
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote)
    _said(a, "t1", SECRET)
    run_flush(a)
    run_sync(a)
    b = replica(tmp_path, "b", remote)
    run_sync(b)
    forget(a, load_config(a.config_path), "hunter2", purge=True)
    run_sync(a)
    run_sync(b)
    assert holding(b.root, "hunter2") == []
    _said(b, "t2", SECRET)
    flushed = cli("-w", b.root, "flush")
    assert flushed.exit_code == 0, flushed.stderr
    assert re.search(r"flush: warning: memory/\S+\.md states a fact purged on ", flushed.stderr)
    assert holding(b.root, "hunter2")  # in b's ledger and thread, until the sync
    done = cli("-w", b.root, "--json", "sync")
    assert done.exit_code == 0, done.stderr
    assert "1 line here states a fact purged on " in done.stderr
    assert holding(b.root, "hunter2") == []
    assert [p for p, text in remote_files(remote).items() if "hunter2" in text.lower()] == []
    run_sync(a)
    assert holding(a.root, "hunter2") == []
    again = cli("-w", b.root, "sync")  # the masked copies are the base now: nothing new
    assert "purged on" not in again.stderr


def test_a_value_a_sync_or_a_consolidation_replaces_leaves_no_exported_block(tmp_path, cli):
    """Audit 19 #10: b said db9 in place of db7 (a flush, no forget), and after the syncs
    MEMORY.md said db9 on every machine while a's exported AGENTS.md kept db7 until
    `export` ran again. A block memctl wrote now follows MEMORY.md: a consolidation or
    a sync that changes it writes the recorded blocks again (those whose text differs),
    and says so."""
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote)
    save_text(a, "- The staging database is db7.")
    run_sync(a)
    b = replica(tmp_path, "b", remote)
    run_sync(b)
    agents, claude = tmp_path / "AGENTS.md", tmp_path / "CLAUDE.md"
    assert cli("-w", a.root, "export", "--agents-md", agents).exit_code == 0
    assert cli("-w", b.root, "export", "--claude-md", claude).exit_code == 0

    # On b, a ledger line replaces the value: its consolidation rewrites b's block.
    (b.root / "memory" / "2026-12-14.md").write_text(
        "## Memory Save — 2026-12-14T09:00:00+00:00\n\n- The staging database is now db9.\n"
    )
    merged = cli("-w", b.root, "--json", "consolidate")
    assert merged.exit_code == 0, merged.stderr
    assert "db9" in b.memory_md.read_text() and "db7" not in b.memory_md.read_text()
    assert json.loads(merged.stdout)["exports"] == [str(claude)]
    assert f"consolidate: rewrote the memory block in {claude}: MEMORY.md changed" in (
        merged.stderr
    )
    assert "db9" in claude.read_text() and "db7" not in claude.read_text()
    again = cli("-w", b.root, "--json", "consolidate", "--force")  # nothing differs
    assert json.loads(again.stdout)["exports"] == []

    # The sync that brings it to a rewrites a's block: no forget was made.
    run_sync(b)
    done = cli("-w", a.root, "--json", "sync")
    assert done.exit_code == 0, done.stderr
    assert "db9" in a.memory_md.read_text() and "db7" not in a.memory_md.read_text()
    assert json.loads(done.stdout)["exports"] == [str(agents)]
    assert f"sync: rewrote the memory block in {agents}: MEMORY.md changed" in done.stderr
    assert "db9" in agents.read_text() and "db7" not in agents.read_text()


def test_a_sync_leaves_an_export_the_user_made_read_only_as_written(tmp_path, cli):
    """Review 32 F6: the sync that brings a new value rewrote a CLAUDE.md the user had
    made read-only (the atomic rename ignores its mode). It is left as written now, and
    the sync says so on stderr and in --json (`exports_left`, `notes`)."""
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote)
    save_text(a, "- The staging database is db7.")
    run_sync(a)
    b = replica(tmp_path, "b", remote)
    run_sync(b)
    claude = tmp_path / "CLAUDE.md"
    assert cli("-w", a.root, "export", "--claude-md", claude).exit_code == 0
    kept = claude.read_bytes()
    claude.chmod(0o444)
    (b.root / "memory" / "2026-12-14.md").write_text(
        "## Memory Save — 2026-12-14T09:00:00+00:00\n\n- The staging database is now db9.\n"
    )
    assert cli("-w", b.root, "consolidate").exit_code == 0
    run_sync(b)

    done = cli("-w", a.root, "--json", "sync")
    assert done.exit_code == 0, done.stderr
    assert "db9" in a.memory_md.read_text()
    synced = json.loads(done.stdout)
    left = f"{claude}: read-only (no write permission)"
    assert synced["exports"] == [] and synced["exports_left"] == [left]
    assert any(left in note for note in synced["notes"])
    assert f"left the exported memory block {left} as written" in done.stderr
    assert claude.read_bytes() == kept and claude.stat().st_mode & 0o777 == 0o444
