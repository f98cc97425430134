"""A reworded bullet's sources by shared words, less the lines that state another fact of
the same thing (review 16 #3): each half of `other_fact` decides a case alone, and both
callers (a consolidation's `merged_sources`, `explain`'s `Ledgers.by_text`) rank the
lines first, then leave such a line out as though it were no candidate. Ledgers written
here, with sentences written for this test."""

from __future__ import annotations

from pathlib import Path

from memctl.core.workspace import Workspace
from memctl.models.supersede import stale
from memctl.pipeline.provenance import MATCH_TESTED, Ledgers, MergedText, merged_sources

LEDGER = "memory/2026-12-05.md"
HEADING = "## Memory Flush — 2026-12-05T08:00:00+00:00 · thread a · entries 1-9 · builtin\n\n"


def sources(root: Path, bullet: str, lines: list[str]) -> tuple[list[str], list[str]]:
    """The lines (texts) a consolidation and `explain` each take as the bullet's sources."""
    (root / "memory").mkdir(exist_ok=True)
    (root / ".memctl").mkdir(exist_ok=True)
    text = HEADING + "".join(f"- {line}\n" for line in lines)
    (root / LEDGER).write_text(text, encoding="utf-8")
    ws = Workspace(root)
    merged = [MergedText(LEDGER, "2026-12-05.md", 0, len(text.encode()))]
    found = merged_sources(ws, f"- {bullet}\n", merged, [None])
    said = text.splitlines()
    merge = [said[s.line - 1][2:] for known in found.values() for s in known]
    explain = [said[s.line - 1][2:] for s in Ledgers(ws).by_text(f"- {bullet}")]
    return merge, explain


def test_another_number_is_another_fact(tmp_path):
    """The old ticket shares more words than the new one's line; only the numbers tell
    it apart (`stale` reads no change between them)."""
    bullet = "The login timeout bug is tracked in ticket 4502."
    old = "Ticket 4417 tracks the login timeout bug."
    new = "The login timeout bug moved to ticket 4502 after the triage."
    assert stale([bullet, old]) == {} and stale([old, bullet]) == {}
    assert sources(tmp_path, bullet, [old, new]) == ([new], [new])


def test_a_replaced_value_is_another_fact(tmp_path):
    """No number in either: `stale` reads Bob's line as the value Carol's replaced."""
    bullet = "The release manager is Carol now."
    old = "Bob is the release manager."
    new = "Carol took over as release manager for the spring cycle."
    assert stale([old, bullet]) == {0: 1}
    assert sources(tmp_path, bullet, [old, new]) == ([new], [new])


def test_explain_ranks_without_the_other_fact_too(tmp_path):
    """The other fact matches best, the source well below it: left out before the best
    is chosen, the source remains (before, `explain` chose the best first and found
    none)."""
    bullet = "The release manager is Carol now."
    old = "Bob is the release manager."
    new = "Carol took over the release manager role from Bob last sprint."
    assert sources(tmp_path, bullet, [old, new]) == ([new], [new])


def test_only_the_best_few_are_read_for_another_fact(tmp_path):
    """Each line tested is a `stale`: past MATCH_TESTED lines that all state another
    value, a line sharing fewer words is not looked at (before: every line was)."""
    bullet = "The login timeout bug is tracked in ticket 4502."
    others = [f"Ticket {4000 + k} tracks the login timeout bug." for k in range(MATCH_TESTED)]
    new = "The login timeout bug moved to ticket 4502 after the triage."
    assert sources(tmp_path, bullet, [*others[:-1], new]) == ([new], [new])
    assert sources(tmp_path, bullet, [*others, new]) == ([], [])
