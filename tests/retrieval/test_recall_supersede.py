"""Issue 25 item 3 (supersede15): recall puts a newer value first by the reading
consolidation uses (`memctl.models.supersede.stale`), over a memory line read as
consolidation reads its fact: without its bullet. Sentences written for this test, not
drawn from a bench."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from memctl.core.workspace import Workspace
from memctl.models.curate import merge
from memctl.models.supersede import stale
from memctl.retrieval.recall import Candidate, RecallHit, newest_first

OLDER = "Noted: the Harrow library uses Koha for its catalogue software."
NEWER = "Got it. I'll file the Harrow library tickets against Evergreen from now on, no more Koha."


def _found(root: Path, lines: list[tuple[str, str]]) -> list[tuple[RecallHit, Candidate, str]]:
    """Each (ledger file, line) written as a bullet and ranked in the order given."""
    found = []
    for record, (rel, text) in enumerate(lines):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(f"- {text}\n", encoding="utf-8")
        stamp = datetime.fromisoformat(rel[-13:-3]).timestamp()
        hit = RecallHit("memory", rel, 1, None, None, f"{rel}:1", 1.0 - record / 10, None, text)
        candidate = Candidate(record, hit.score, rel, "memory", 1, 0, 0, stamp, 0, 0, 0)
        found.append((hit, candidate, f"- {text}"))
    return found


def test_consolidation_reads_the_change_and_so_does_recall(tmp_path: Path) -> None:
    """Consolidation drops the older fact; recall ranks the newer one above it, though
    the older one matched the question better (it came first), and the lines it reads
    carry their bullet."""
    merged = merge(
        "",
        [("2026-02-02.md", f"- {OLDER}\n"), ("2026-02-09.md", f"- {NEWER}\n")],
    )
    assert [fact.text for fact in merged.facts] == [NEWER]
    assert stale([OLDER, NEWER]) == {0: 1}
    found = _found(tmp_path, [("memory/2026-02-02.md", OLDER), ("memory/2026-02-09.md", NEWER)])
    ranked = newest_first(Workspace(tmp_path), found, lambda c: c.ts or 0.0, 10)
    assert [text for _, _, text in ranked] == [f"- {NEWER}", f"- {OLDER}"]


def test_said_the_other_way_round_the_older_line_stays_first(tmp_path: Path) -> None:
    """The order they were said in decides: the change said first replaces nothing."""
    found = _found(tmp_path, [("memory/2026-02-09.md", OLDER), ("memory/2026-02-02.md", NEWER)])
    ranked = newest_first(Workspace(tmp_path), found, lambda c: c.ts or 0.0, 10)
    assert [text for _, _, text in ranked] == [f"- {OLDER}", f"- {NEWER}"]
