"""A negation is read as one, however it is written (review34): "isn’t" with a
typographic apostrophe, from a phone keyboard or a model, was no negation to the words
consolidation and forget key a fact by, so "Staging isn’t on db3." folded into "Staging
is on db3." and a forget of "Dana is on call." took "Dana isn’t on call." with it; and
"is not" was read as a claim of the value it denies."""

from __future__ import annotations

import json
from pathlib import Path

import pytest


def test_consolidation_keeps_a_negation_with_a_typographic_apostrophe(cli, workspace: Path) -> None:
    for fact in ("Staging is on db3.", "Staging isn’t on db3."):
        assert cli("-w", workspace, "save", fact).exit_code == 0

    assert cli("-w", workspace, "consolidate", "--force").exit_code == 0

    assert "- Staging isn’t on db3." in (workspace / "MEMORY.md").read_text()


def test_forget_leaves_the_negation_with_a_typographic_apostrophe(cli, workspace: Path) -> None:
    for fact in ("Dana is on call.", "Dana isn’t on call."):
        assert cli("-w", workspace, "save", fact).exit_code == 0
    assert cli("-w", workspace, "consolidate", "--force").exit_code == 0

    assert cli("-w", workspace, "forget", "Dana is on call.").exit_code == 0

    memory = (workspace / "MEMORY.md").read_text()
    assert "Dana isn’t on call." in memory
    assert "- Dana is on call." not in memory


def _said_in_a_thread(cli, workspace: Path, *sayings: str) -> None:
    """Dana says each of `sayings`, a day apart, in one thread; flush, then consolidate."""
    turns = "".join(
        json.dumps(
            {
                "role": "user",
                "name": "Dana",
                "content": text,
                "ts": f"2026-11-{day + 2:02d}T09:00:00Z",
            }
        )
        + "\n"
        for day, text in enumerate(sayings)
    )
    assert cli("-w", workspace, "thread", "append", "t1", input=turns).exit_code == 0
    assert cli("-w", workspace, "flush").exit_code == 0
    assert cli("-w", workspace, "consolidate").exit_code == 0


@pytest.mark.parametrize("negation", ["is not db3", "is probably not db3"])
def test_a_negation_of_another_value_ends_no_fact(cli, workspace: Path, negation: str) -> None:
    """ "is not db3" names no new value (review34 F1): db7 was dropped for it."""
    _said_in_a_thread(
        cli, workspace, "The staging database is db7.", f"The staging database {negation}."
    )

    memory = (workspace / "MEMORY.md").read_text()
    assert "The staging database is db7" in memory
    assert f"The staging database {negation}" in memory


@pytest.mark.parametrize(
    "negation", ["Staging is not db3.", "Staging isn’t db3.", "Staging is no longer db3."]
)
def test_a_later_negation_of_the_very_claim_ends_it(cli, workspace: Path, negation: str) -> None:
    """review34 F9: both were kept, and recall ranked the old claim first."""
    _said_in_a_thread(cli, workspace, "Staging is db3.", negation)

    memory = (workspace / "MEMORY.md").read_text()
    assert "- Dana: Staging is" in memory  # flush writes ’ as '
    assert "Staging is db3" not in memory


@pytest.mark.parametrize(
    "later", ["Is staging not db3?", "Staging is probably not db3.", "Production is not db3."]
)
def test_a_question_a_hedge_or_another_subject_ends_nothing(
    cli, workspace: Path, later: str
) -> None:
    _said_in_a_thread(cli, workspace, "Staging is db3.", later)

    assert "Staging is db3" in (workspace / "MEMORY.md").read_text()
