"""A MEMORY.md hit of recall is dated by when its sources were said (the provenance
sidecar's ledger lines and their blocks' `said` span), not by the day a consolidation last
wrote MEMORY.md (audit 13, D11; ledger hits were fixed first). Its recency weight stays
the file's, as a ledger line's does (review 20 #7: weighed by its sources' time, a bullet
ranked below its own ledger line)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from memctl.core.config import load_config
from memctl.core.workspace import Workspace
from memctl.retrieval.recall import RecallHit, recall
from tests.support.helpers import configure

LEDGER = "2026-12-05.md"
HEADING = (
    "## Memory Flush — 2026-12-05T14:35:44+00:00 · thread t · entries 0-0 · builtin"
    " · said 2020-01-02 · last said 2020-01-02T09:00:00Z\n\n"
)
FACT = "- Jonas: The first public release is planned for 2027-02-10.\n"


@pytest.fixture
def ws(cli: Any, workspace: Path) -> Path:
    configure(workspace)
    (workspace / "memory" / LEDGER).write_text(HEADING + FACT, encoding="utf-8")
    assert cli("-w", workspace, "consolidate").exit_code == 0
    assert "first public release" in (workspace / "MEMORY.md").read_text(encoding="utf-8")
    assert (workspace / ".memctl" / "provenance.json").exists()
    return workspace


def memory_hit(root: Path) -> RecallHit:
    config = load_config(root / "memctl.yaml")
    found = recall(Workspace(root), config, "when is the first public release", explain=True)
    return next(hit for hit in found.hits if hit.path == "MEMORY.md")


def test_a_memory_hit_is_dated_by_when_its_source_was_said(ws: Path) -> None:
    hit = memory_hit(ws)
    assert hit.when == "2020-01-02"  # was MEMORY.md's mtime: today
    assert hit.explain is not None
    # Weighed as its ledger line is (the ledger's date, today): not below it.
    assert hit.explain["recency"] == pytest.approx(1.25, abs=1e-3)


def test_the_ledger_line_a_memory_hit_was_merged_from_is_left_out(ws: Path) -> None:
    """The same fact twice, worded apart (audit 15): the prompt hook left the ledger line
    out, `recall` and memory_recall listed both. One rule now, recall's `unmerged`."""
    config = load_config(ws / "memctl.yaml")
    found = recall(Workspace(ws), config, "when is the first public release")
    paths = [hit.path for hit in found.hits]
    assert "MEMORY.md" in paths
    assert f"memory/{LEDGER}" not in paths, paths


def test_a_source_an_archive_moved_still_dates_the_memory_hit(ws: Path) -> None:
    """Archive appends a ledger to memory/archive/ (lines shifted): the source line is
    found there again by its digest."""
    archive = ws / "memory" / "archive"
    archive.mkdir(exist_ok=True)
    earlier = "## Memory Save — 2019-05-01T10:00:00+00:00\n\n- Something else entirely.\n\n"
    (archive / LEDGER).write_text(earlier + HEADING + FACT, encoding="utf-8")
    (ws / "memory" / LEDGER).unlink()
    assert memory_hit(ws).when == "2020-01-02"


def test_a_memory_bullet_no_sidecar_knows_keeps_the_files_date(ws: Path) -> None:
    (ws / ".memctl" / "provenance.json").unlink()
    os.utime(ws / "MEMORY.md", (1_700_000_000, 1_700_000_000))  # 2023-11-14
    assert memory_hit(ws).when == "2023-11-14"


def test_of_a_memory_hit_and_its_ledger_line_the_best_ranked_is_kept(
    cli: Any, workspace: Path
) -> None:
    """Dropped alone, the ledger line took its fact's rank with it: a fact ranked sixth
    fell to its bullet's twelfth, past the prompt hook's eight lines (hook_evidence,
    heldout10). The best ranked copy stays where it ranked."""
    from memctl.retrieval.recall import Candidate, _SaidTimes, unmerged

    configure(workspace)
    assert cli("-w", workspace, "save", "Dana: Deploys happen on Tuesdays.").exit_code == 0
    [ledger] = (workspace / "memory").glob("*.md")
    rel = f"memory/{ledger.name}"

    def item(rel: str, line: int, score: float) -> tuple[RecallHit, Candidate, str]:
        hit = RecallHit("memory", rel, line, None, None, f"{rel}:{line}", score, None, "x")
        return hit, Candidate(line, score, rel, "memory", line, 0, 0, None, 0, 0, 0), "x"

    times = _SaidTimes(Workspace(workspace))
    found = [item(rel, 3, 9.0), item(rel, 1, 5.0), item("MEMORY.md", 1, 2.0)]
    assert [hit.source for hit, _, _ in unmerged(found, times)] == [f"{rel}:3", f"{rel}:1"]
    found = [item("MEMORY.md", 1, 9.0), item(rel, 1, 5.0), item(rel, 3, 2.0)]
    assert [hit.source for hit, _, _ in unmerged(found, times)] == ["MEMORY.md:1", f"{rel}:1"]
