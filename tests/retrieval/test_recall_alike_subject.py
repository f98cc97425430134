"""Issue 25 item 3 / issue 26 (alike20): recall's newest-first order acts only among facts
of one subject. "My hourly rate with Acme is 140 USD", said later, shares most words with
"My hourly rate with Corvid is 120 USD" (`_alike`), but it is another client's rate: put
newest first with it, every other client's later rate ranked above the answer to "What is
my hourly rate with Corvid?" (an audit's finding; on bench/supersession.py's controls the
current fact was not first in 33-36 of 36 a set).

The guard: two values of the one subject the question names are still put newest first."""

from __future__ import annotations

from pathlib import Path

from memctl.core.config import load_config
from memctl.core.workspace import Workspace
from memctl.retrieval.recall import recall


def _snippets(root: Path, question: str) -> list[str]:
    ws, config = Workspace(root), load_config(root / "memctl.yaml")
    return [hit.snippet for hit in recall(ws, config, question, recency=False).hits]


def _said(root: Path, facts: list[str]) -> None:
    """Each fact in a ledger of its own, a week after the one before."""
    for day, fact in enumerate(facts):
        (root / "memory" / f"2026-01-{1 + 7 * day:02d}.md").write_text(f"- {fact}\n")


def test_another_clients_later_rate_stays_below_the_asked_clients(workspace: Path) -> None:
    _said(
        workspace,
        [
            "My hourly rate with Corvid is 120 USD.",
            "Corvid's contact is Dana Reyes.",
            "My hourly rate with Bluefin is 95 USD.",
            "My hourly rate with Acme is 140 USD.",
        ],
    )
    found = _snippets(workspace, "What is my hourly rate with Corvid?")
    assert found[0] == "- My hourly rate with Corvid is 120 USD."


def test_the_asked_subjects_later_value_still_ranks_first(workspace: Path) -> None:
    _said(
        workspace,
        [
            "My hourly rate with Corvid is 120 USD.",
            "My hourly rate with Acme is 140 USD.",
            "My hourly rate with Corvid is 135 USD now.",
        ],
    )
    found = _snippets(workspace, "What is my hourly rate with Corvid?")
    assert found[:2] == [
        "- My hourly rate with Corvid is 135 USD now.",
        "- My hourly rate with Corvid is 120 USD.",
    ]
