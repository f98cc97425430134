"""A negation is read as one, however it is written (review34): "isn’t" with a
typographic apostrophe, from a phone keyboard or a model, was no negation to the words
consolidation and forget key a fact by, so "Staging isn’t on db3." folded into "Staging
is on db3." and a forget of "Dana is on call." took "Dana isn’t on call." with it."""

from __future__ import annotations

from pathlib import Path


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
