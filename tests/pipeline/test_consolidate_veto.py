"""Consolidation drops a fact the rules read as replaced only when the learned veto
(memctl.models.supersede_veto) agrees: a false drop deletes a true fact from MEMORY.md,
while a vetoed change only keeps the old fact beside the new one. The distractors are
from bench/supersession.py's twentythird set, which the rules alone dropped at seed 25
(`--sets twentythird --seed 25 --misses`)."""

from __future__ import annotations

from pathlib import Path

import pytest

PHONE = "vCard for Emeka: TEL;TYPE=cell:+44 20 7946 8544"
EMAIL = "vCard for Emeka: EMAIL;TYPE=work:emeka.k@globex.com"
NEW_EMAIL = (
    "x updated Emeka's address everywhere: emeka@initech.net (emeka.k@globex.com closed), "
    "done   (bullet journal)"
)
BUS_ROUTES = (
    "Bus timetable change: route 18 no longer stops at Elm Park; Amara's daughter's route "
    "unchanged.",
    "Bus timetable change: route 20 no longer stops at Elm Park; Sven's daughter's route "
    "unchanged.",
)


def _consolidated(cli, workspace: Path, facts: list[str]) -> str:
    for fact in facts:
        assert cli("-w", workspace, "save", fact).exit_code == 0
    assert cli("-w", workspace, "consolidate", "--force").exit_code == 0
    return (workspace / "MEMORY.md").read_text()


def test_two_notices_of_one_form_read_as_a_change_are_both_kept(cli, workspace: Path) -> None:
    memory = _consolidated(cli, workspace, list(BUS_ROUTES))

    assert "route 18" in memory
    assert "route 20" in memory


def test_a_contacts_phone_stays_when_their_email_changes(cli, workspace: Path) -> None:
    """The rules read the phone replaced by the email, and the email by the new one."""
    memory = _consolidated(cli, workspace, [PHONE, EMAIL, NEW_EMAIL])

    assert "7946 8544" in memory
    assert "emeka@initech.net" in memory
    assert "EMAIL;TYPE=work" not in memory


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Staging is db3.", "Staging moved to db7."),
        ("Dana lives in Lisbon.", "Dana moved to Porto."),
    ],
)
def test_a_plain_change_is_still_dropped(cli, workspace: Path, old: str, new: str) -> None:
    memory = _consolidated(cli, workspace, [old, new])

    assert f"- {new}" in memory
    assert old.rstrip(".") not in memory
