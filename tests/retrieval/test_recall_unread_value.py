"""Issue 25 item 3 (stale20): a hit no value is read in (its value in lower case: "the
ledger squad", "helix") answers the question with the words it says beyond it, and a
later fact about the same subject that names one of them, written as the hit writes it,
ranks above the hit. Each pair is written for this test in wordings no reading of
memctl.models.supersede takes for a change (checked: `stale()` reads none of them), and
the newer fact shares only the subject's name with the question, so BM25 alone ranks it
below: only the order by when said puts it first.

The guards: a later fact about the subject that names no word of the hit, and one about
another subject that names the hit's word, keep their places below the hit."""

from __future__ import annotations

from pathlib import Path

import pytest

from memctl.core.config import load_config
from memctl.core.workspace import Workspace
from memctl.models.supersede import stale
from memctl.retrieval.recall import recall

# (older, newer, question): the older's value is lower case, the newer names it.
UNREAD = [
    (
        "Odile is on the ledger squad.",
        "Odile waved goodbye to the ledger folks; checkout has her from Monday.",
        "Which squad is Odile in?",
    ),
    (
        "Teodor writes all his code in helix.",
        "Teodor found helix too slow on the monorepo and went back to vim.",
        "What does Teodor write code in?",
    ),
    (
        "| Signy | desk: north wing |",
        "Signy packed up at the north wing and is by the windows in the annex these days.",
        "Where is Signy's desk?",
    ),
    # no change told: another word where the hit puts its own ("on infra"; review 28 F3)
    (
        "Amara is on the platform team.",
        "stop inviting Amara to the platform standup, they're on infra",
        "Which team is Amara on?",
    ),
]


def _said(workspace: Path, older: str, newer: str) -> None:
    (workspace / "memory" / "2026-01-05.md").write_text(f"- {older}\n")
    (workspace / "memory" / "2026-01-20.md").write_text(f"- {newer}\n")


def _sources(root: Path, question: str) -> list[str]:
    ws, config = Workspace(root), load_config(root / "memctl.yaml")
    return [hit.source for hit in recall(ws, config, question, recency=False).hits]


@pytest.mark.parametrize(("older", "newer", "question"), UNREAD)
def test_a_later_fact_naming_an_unread_hits_words_ranks_above_it(
    workspace: Path, older: str, newer: str, question: str
) -> None:
    assert stale([older, newer]) == {}  # no reading of the wording takes it for a change
    _said(workspace, older, newer)
    found = _sources(workspace, question)
    assert found[:2] == ["memory/2026-01-20.md:1", "memory/2026-01-05.md:1"]


@pytest.mark.parametrize(
    "later",
    [
        "Odile brought cake to the Friday demo.",  # no word of the hit named
        "Bruna presented the ledger roadmap.",  # the hit's word, of another subject
    ],
)
def test_a_later_fact_not_naming_the_subjects_words_stays_below(
    workspace: Path, later: str
) -> None:
    _said(workspace, "Odile is on the ledger squad.", later)
    found = _sources(workspace, "Which squad is Odile in?")
    assert found[0] == "memory/2026-01-05.md:1"


@pytest.mark.parametrize(
    ("older", "later", "question"),
    [
        (
            "Odile is on the ledger squad.",
            "Odile fixed a bug in the ledger export.",
            "Which squad is Odile in?",
        ),
        (
            "Teodor writes all his code in helix.",
            "Teodor gave a talk about helix at the meetup.",
            "What does Teodor write code in?",
        ),
        # a relative's fact (told as a change too): the hit speaks of no neighbour
        (
            "Marta drives a red hatchback.",
            "Marta's neighbour switched to a red bike.",
            "What does Marta drive?",
        ),
        (
            "Marta drives a red hatchback.",
            "Marta's neighbour bought a red bike.",
            "What does Marta drive?",
        ),
        (
            "Lena lives near the harbour.",
            "Lena went sailing at the harbour on Sunday.",
            "Where does Lena live?",
        ),
    ],
)
def test_a_later_fact_only_repeating_a_hits_word_stays_below(
    workspace: Path, older: str, later: str, question: str
) -> None:
    """Review 28 F3: one word of the hit said again, with no change or leaving told (or
    of a relative), is other news about the subject, not its later value."""
    _said(workspace, older, later)
    found = _sources(workspace, question)
    assert found[0] == "memory/2026-01-05.md:1"
