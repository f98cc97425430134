"""Audit 16: two laptops syncing through a bare repository, where one laptop's undo,
provenance and `explain` meet what the other one said (issue 25 items 4 and 7)."""

from __future__ import annotations

import pytest

from memctl.core.config import load_config
from memctl.core.threads import append_entries
from memctl.core.workspace import Workspace
from memctl.models.resolve import resolve_model
from memctl.pipeline.consolidate import consolidate
from memctl.pipeline.history import restore
from memctl.pipeline.status import status
from tests.support.sync import GIT, bare, replica, run_flush, run_sync, save_text

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
