"""The same words in an order that says otherwise are two facts to flush and to
consolidation, as they are to forget (`words.taken_words`): "Dana owns search, not
billing" is no repeat of "Dana owns billing, not search". Flush took the later one for
a fact memory knew and wrote nothing; consolidation folded it into the first copy, so
the later saying, often the current one ("The job moved from db7 to db3."), was lost."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

PAIRS = [
    ("Dana owns billing, not search.", "Dana owns search, not billing."),
    ("Alice reports to Bob.", "Bob reports to Alice."),
    ("The payments job moved from db3 to db7.", "The payments job moved from db7 to db3."),
]


@pytest.mark.parametrize(("first", "later"), PAIRS)
def test_consolidation_keeps_the_later_saying(cli, workspace: Path, first: str, later: str) -> None:
    for fact in (first, later):
        assert cli("-w", workspace, "save", fact).exit_code == 0

    assert cli("-w", workspace, "consolidate", "--force").exit_code == 0

    assert f"- {later}" in (workspace / "MEMORY.md").read_text()


@pytest.mark.parametrize(("first", "later"), PAIRS)
def test_flush_writes_the_later_saying_memory_does_not_hold(
    cli, workspace: Path, first: str, later: str
) -> None:
    assert cli("-w", workspace, "save", first).exit_code == 0
    turn = {"role": "user", "content": later, "ts": "2026-11-05T09:00:00Z"}
    assert (
        cli("-w", workspace, "thread", "append", "t1", input=json.dumps(turn) + "\n").exit_code == 0
    )

    assert cli("-w", workspace, "flush").exit_code == 0

    ledgers = "".join(path.read_text() for path in (workspace / "memory").glob("*.md"))
    assert later.rstrip(".") in ledgers


def test_the_same_words_moved_about_are_still_one_fact(cli, workspace: Path) -> None:
    """What the fold was built for: "On db3, staging runs." is "Staging runs on db3."."""
    for fact in ("Staging runs on db3.", "On db3, staging runs."):
        assert cli("-w", workspace, "save", fact).exit_code == 0

    assert cli("-w", workspace, "consolidate", "--force").exit_code == 0

    assert (workspace / "MEMORY.md").read_text().count("db3") == 1


ACTIVE, PASSIVE = "Dana moved the deadline to Friday.", "The deadline was moved to Friday by Dana."


def test_a_passive_wording_is_the_same_fact(cli, workspace: Path) -> None:
    """review34 F3: a passive's "by" names its doer, the active wording's subject; marked
    as a direction, it made two facts of one, and a forget of one left the other."""
    for fact in (ACTIVE, PASSIVE):
        assert cli("-w", workspace, "save", fact).exit_code == 0
    assert cli("-w", workspace, "consolidate", "--force").exit_code == 0
    assert (workspace / "MEMORY.md").read_text().count("Friday") == 1

    assert cli("-w", workspace, "forget", ACTIVE).exit_code == 0

    assert "Friday" not in (workspace / "MEMORY.md").read_text()


def test_a_forgotten_fact_said_again_in_the_passive_stays_forgotten(cli, workspace: Path) -> None:
    assert cli("-w", workspace, "save", ACTIVE).exit_code == 0
    assert cli("-w", workspace, "forget", ACTIVE).exit_code == 0
    turn = {"role": "user", "name": "Ana", "content": PASSIVE, "ts": "2026-11-05T09:00:00Z"}
    assert (
        cli("-w", workspace, "thread", "append", "t1", input=json.dumps(turn) + "\n").exit_code == 0
    )

    assert cli("-w", workspace, "flush").exit_code == 0
    assert cli("-w", workspace, "consolidate").exit_code == 0

    assert "Friday" not in (workspace / "MEMORY.md").read_text()
