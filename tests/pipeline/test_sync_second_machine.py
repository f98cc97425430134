"""Audit 16: two laptops syncing through a bare repository, where one laptop's undo,
provenance and `explain` meet what the other one said (issue 25 items 4 and 7)."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

from memctl.core.config import load_config
from memctl.core.sources import sidecar_path
from memctl.core.threads import append_entries
from memctl.core.workspace import Workspace
from memctl.models.resolve import resolve_model
from memctl.pipeline.consolidate import consolidate
from memctl.pipeline.history import restore
from memctl.pipeline.provenance import explain, explain_text
from memctl.pipeline.status import status
from memctl.retrieval.recall import recall
from tests.support.helpers import run_memctl
from tests.support.sync import GIT, bare, replica, run_flush, run_sync, save_text, sync_due

pytestmark = [pytest.mark.skipif(GIT is None, reason="sync needs git"), pytest.mark.slow]


def tell(ws: Workspace, thread: str, text: str) -> None:
    """One user message, flushed into today's ledger by the builtin (not consolidated)."""
    append_entries(ws, thread, [{"role": "user", "content": text}])
    assert run_flush(ws).threads[0].facts, text


def test_an_undo_then_a_sync_merges_the_undone_text_again_on_both_machines(tmp_path):
    """H1: b undoes the MEMORY.md a sync brought (a's block merged by it), then syncs.
    The remote's record still named a's block as merged, so the sync marked it merged
    here again and pushed the undone MEMORY.md: a's fact left MEMORY.md on both machines
    while the ledgers held it. The undo's text is merged again, on b and then on a."""
    remote = bare(tmp_path)
    a, b = replica(tmp_path, "a", remote), replica(tmp_path, "b", remote)
    save_text(a, "- The Acme dashboard deadline is November 20.")
    run_sync(a)
    run_sync(b)
    tell(a, "t2", "The Corvid pipeline deadline is December 15.")
    run_sync(a)  # consolidates its own block before it pushes
    run_sync(b)
    assert "Corvid" in b.memory_md.read_text()
    undone = restore(b)
    assert undone.unconsolidated_bytes > 0 and "Corvid" not in b.memory_md.read_text()

    synced = run_sync(b)

    assert synced.consolidated and synced.status == "synced", synced
    config = load_config(b.config_path)
    assert status(b, config).dailies.unconsolidated_bytes == 0
    consolidate(b, config, resolve_model(b, config.memory_model), force=True)
    run_sync(a)
    for ws in (a, b):
        memory = ws.memory_md.read_text()
        assert memory.count("Corvid") == 1 and "Acme" in memory, ws.root.name


def test_an_undo_on_one_machine_while_the_other_consolidated_keeps_every_fact_once(tmp_path):
    """H1, both sides changed: b undoes while a merges a new block and pushes; b's sync
    joins the two MEMORY.md and merges b's undone block again: each fact once, alike on
    both machines."""
    remote = bare(tmp_path)
    a, b = replica(tmp_path, "a", remote), replica(tmp_path, "b", remote)
    save_text(a, "- The Acme dashboard deadline is November 20.")
    run_sync(a)
    run_sync(b)
    tell(a, "t2", "The Corvid pipeline deadline is December 15.")
    run_sync(a)
    run_sync(b)
    restore(b)
    tell(a, "t3", "The Delta migration window is Sunday night.")
    run_sync(a)

    run_sync(b)
    run_sync(a)

    for ws in (a, b):
        memory = ws.memory_md.read_text()
        assert memory.count("Corvid") == 1 and memory.count("Delta migration") == 1, memory
    assert a.memory_md.read_text() == b.memory_md.read_text()


def _joined(tmp_path: Path, fact: str) -> tuple[Workspace, Workspace, str]:
    """a says `fact` (flushed from its thread t1) and syncs, consolidating it; b joins
    with `init --from`: (a, b, the ledger line `memory/DAY.md:N` stating it)."""
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote)
    tell(a, "t1", fact)
    run_sync(a)
    joined = run_memctl(None, "init", "--from", remote, tmp_path / "b")
    assert joined.exit_code == 0, joined.stderr
    b = Workspace(tmp_path / "b", "UTC")
    (ledger,) = b.daily_files()
    number = next(n for n, line in enumerate(ledger.read_text().splitlines(), 1) if "- " in line)
    return a, b, f"{b.relative(ledger)}:{number}"


def test_a_bullet_from_the_other_machine_is_explained_both_ways_and_dated_by_its_ledger(
    tmp_path,
):
    """M1: after `init --from`, b had no sidecar: explain of the ledger line said "no
    bullet of MEMORY.md" though MEMORY.md states it (a answers MEMORY.md:N), and recall
    dated the bullet by MEMORY.md's mtime, months later. The sync records the bullets it
    brought by the ledger lines that state them, as explain matches them."""
    a, b, spot = _joined(tmp_path, "My rate for Acme is 95 EUR per hour.")
    on_a = explain(a, spot).in_memory
    assert on_a and explain(b, spot).in_memory == on_a
    (bullet,) = explain(b, f"MEMORY.md:{on_a[0]}").bullets
    assert bullet.how == "recorded" and [s.ledger for s in bullet.sources] == [spot]
    later = datetime(2027, 3, 1, tzinfo=UTC).timestamp()
    said = spot.split("/")[1][:10]
    for ws in (a, b):
        os.utime(ws.memory_md, (later, later))  # MEMORY.md last rewritten months later
        config = load_config(ws.config_path)
        hits = recall(ws, config, "rate for Acme", limit=1, scope="memory").hits
        assert [(h.path, (h.when or "")[:10]) for h in hits] == [("MEMORY.md", said)], ws.root


def test_a_bullet_no_sidecar_knows_is_found_from_its_ledger_line_as_from_itself(tmp_path):
    """M1, the reverse explain: a bullet the sidecar does not know (merged before sidecars
    existed, a sidecar lost) is matched by its text from the ledger line too, as it is
    from MEMORY.md:N."""
    _, b, spot = _joined(tmp_path, "The Bluefin shop repo is gitlab.com/bluefin/shop.")
    number = explain(b, spot).in_memory
    sidecar_path(b).unlink(missing_ok=True)

    (bullet,) = explain(b, f"MEMORY.md:{number[0]}").bullets
    assert bullet.how == "matched" and [s.ledger for s in bullet.sources] == [spot]
    assert explain(b, spot).in_memory == number


def test_explain_says_the_source_turn_is_in_a_thread_log_on_the_other_machine(tmp_path):
    """L3: on b, which shares no thread logs, the chain ended "source turn not identified";
    the ledger block names its thread, whose log is on a: explain says so."""
    a, b, spot = _joined(tmp_path, "The Bluefin shop repo is gitlab.com/bluefin/shop.")
    number = explain(a, spot).in_memory[0]

    there, here = explain(a, f"MEMORY.md:{number}"), explain(b, f"MEMORY.md:{number}")

    assert not there.bullets[0].sources[0].log_absent
    assert there.bullets[0].sources[0].entry is not None
    (source,) = here.bullets[0].sources
    assert source.log_absent and source.entry is None and source.thread == "t1"
    for shown in (explain_text(here), explain_text(explain(b, spot))):
        assert "source turn not here: thread t1's log is on the machine that flushed it" in shown
        assert "not identified" not in shown
    shown = run_memctl(b.root, "explain", f"MEMORY.md:{number}")
    assert shown.exit_code == 0 and "thread t1's log is on the machine" in shown.stdout


def test_init_from_sets_the_schedule_so_the_cron_maintain_there_syncs(tmp_path):
    """L2: `init --from` wrote no `sync.every`, so laptop b's cron `maintain` never
    synced (the README's second-machine recipe promised it). It writes the README's
    15m and says so; a `maintain` once that is due receives what a said since."""
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote)
    save_text(a, "- The build uses uv.")
    run_sync(a)
    joined = run_memctl(None, "init", "--from", remote, tmp_path / "b")
    assert joined.exit_code == 0, joined.stderr
    assert "init: a `memctl maintain` here syncs every 15m (sync.every" in joined.stderr
    b = Workspace(tmp_path / "b", "UTC")
    assert load_config(b.config_path).sync.every == 15 * 60
    save_text(a, "- Deploys go through CI.")
    run_sync(a)
    sync_due(b)  # 15 minutes later

    done = run_memctl(b.root, "-q", "maintain")

    assert done.exit_code == 0, done.stderr
    assert "Deploys go through CI." in b.memory_md.read_text()
