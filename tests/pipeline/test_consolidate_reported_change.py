"""builtin consolidation reads a change another speaker reports as a change (issue 25
item 5): after Dana's "Our staging database is db3.", Farid's (or the assistant's)
"Staging moved to db7." ends it. A team member who reports a change of the team's
staging says what staging is now; Dana's "our" named the team's staging, which a bare
"Staging" names too. Before, MEMORY.md kept both values: `_own_key` tied "our staging"
to "staging" only within one speaker's facts (audit 20 F5), so another speaker's change
never met it. Two things stay as they were, each with its reason: a plain "Staging is
db7." by another speaker tells no change (it may be another team's staging, F5's guard),
and another speaker's "Our office moved to Porto." names their own team's office."""

from __future__ import annotations

import json
from pathlib import Path

import pytest


def consolidated(cli, root: Path, *turns: tuple[str, str | None, str]) -> str:
    """MEMORY.md after a flush and a consolidation of `turns` (role, name, text), a day
    apart, oldest first."""
    lines = "".join(
        json.dumps(
            {
                "role": role,
                "content": text,
                "ts": f"2026-11-0{day + 2}T09:00:00Z",
                **({"name": name} if name else {}),
            }
        )
        + "\n"
        for day, (role, name, text) in enumerate(turns)
    )
    assert cli("-w", root, "thread", "append", "t1", input=lines).exit_code == 0
    assert cli("-w", root, "flush").exit_code == 0
    assert cli("-w", root, "consolidate").exit_code == 0
    return (root / "MEMORY.md").read_text()


@pytest.mark.parametrize(
    ("role", "name", "change"),
    [
        ("user", "Farid", "Staging moved to db7."),
        ("user", "Farid", "Staging is now db7."),
        ("assistant", None, "Staging moved to db7."),
    ],
)
def test_another_speakers_reported_change_ends_our_value(
    cli, workspace: Path, role: str, name: str | None, change: str
) -> None:
    memory = consolidated(
        cli,
        workspace,
        ("user", "Ana", "Hi all."),
        ("user", "Dana", "Our staging database is db3."),
        (role, name, change),
    )

    assert "db3" not in memory
    assert "db7" in memory


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        (("Lena", "Our staging database is db3."), ("Ben", "Staging is db7.")),
        (("Dana", "Our office is in Lisbon."), ("Farid", "Our office moved to Porto.")),
    ],
)
def test_a_plain_value_or_their_own_our_leaves_it(
    cli, workspace: Path, older: tuple[str, str], newer: tuple[str, str]
) -> None:
    memory = consolidated(
        cli, workspace, ("user", "Ana", "Hi all."), ("user", *older), ("user", *newer)
    )

    assert older[1] in memory and newer[1].rstrip(".") in memory


@pytest.mark.parametrize(
    "report",
    [
        "At my old company, staging moved to db7.",
        "Their staging moved to db7.",
        "Lena said staging moved to db7.",
        "Staging will move to db7 next quarter.",
        "Staging moved to db7 back in 2024.",
        "Staging had moved to db7 before Dana joined.",
        "Staging moved to db7 years ago, before the migration to db3.",
    ],
)
def test_a_report_not_of_a_change_made_now_to_our_thing_leaves_it(
    cli, workspace: Path, report: str
) -> None:
    """Review34 F4: only a plain report of a change already made to a thing named bare
    ends "our" value; another owner's thing, a scope, a teller, a plan and a past older
    than Dana's word leave it."""
    memory = consolidated(
        cli,
        workspace,
        ("user", "Ana", "Hi all."),
        ("user", "Dana", "Our staging database is db3."),
        ("user", "Farid", report),
    )

    assert "Our staging database is db3." in memory
