"""A MEMORY.md bullet and the ledger line it states are one fact for forget, with or
without the provenance sidecar (audit 15 M2): a machine that received its memory through
`memctl sync` has no sidecar, and the bullet's date note ("(December 2026)") the ledger
line lacks made it count two facts where the first machine counted one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.support.sync import GIT, bare, replica, run_sync

pytestmark = pytest.mark.skipif(GIT is None, reason="sync needs git")

TALK = [
    {"role": "user", "content": "Can you run the migrations?", "ts": "2026-12-03T10:00:00Z"},
    {
        "role": "assistant",
        "content": "The migration moved 12 tables to the billing schema.",
        "ts": "2026-12-03T10:01:00Z",
    },
]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))


def test_a_dated_bullet_and_its_ledger_line_are_one_fact_on_a_synced_machine(
    tmp_path: Path, cli: Any
) -> None:
    remote = bare(tmp_path)
    first = replica(tmp_path, "m1", remote)
    talk = "".join(json.dumps(entry) + "\n" for entry in TALK)
    assert cli("-w", first.root, "thread", "append", "t1", input=talk).exit_code == 0
    assert cli("-w", first.root, "flush").exit_code == 0
    assert cli("-w", first.root, "consolidate").exit_code == 0
    assert "12 tables to the billing schema (December 2026)" in first.memory_md.read_text()
    run_sync(first)
    second = replica(tmp_path, "m2", remote)
    run_sync(second)
    assert "12 tables to the billing schema (December 2026)" in second.memory_md.read_text()
    for ws in (first, second):
        run = cli("-w", ws.root, "--json", "forget", "moved 12 tables", "--dry-run")
        assert run.exit_code == 0, run.stderr
        assert json.loads(run.stdout)["facts"] == [
            "The migration moved 12 tables to the billing schema (December 2026)."
        ]
    done = cli("-w", second.root, "forget", "moved 12 tables")
    assert done.exit_code == 0, done.stderr
    assert "12 tables" not in second.memory_md.read_text()


def test_the_same_words_dated_another_month_are_another_fact(workspace: Path, cli: Any) -> None:
    """What links a dated bullet to an undated ledger line does not join two events of
    the same words in two months."""
    (workspace / "memory" / "2026-10-02.md").write_text(
        "# 2026-10-02\n\n## 09:00 (t0)\n- The deploy was postponed (October 2026).\n"
    )
    (workspace / "memory" / "2026-11-02.md").write_text(
        "# 2026-11-02\n\n## 09:00 (t0)\n- The deploy was postponed (November 2026).\n"
    )
    (workspace / "MEMORY.md").write_text("# Memory\n\n- The deploy was postponed (October 2026).\n")
    run = cli("-w", workspace, "forget", "deploy was postponed", "--dry-run")
    assert run.exit_code == 2
    assert "matches 2 facts" in run.stderr


def test_a_month_inside_a_folded_range_is_the_same_fact(workspace: Path, cli: Any) -> None:
    """Review 24 F9: a bullet folded over three months "(October 2026 to December 2026)"
    took its middle month's ledger line for another fact (the note was tested as a
    substring, and "November 2026" is no substring of it); a month after it stays
    another."""
    for day, month in (("2026-10-02", "October"), ("2026-11-02", "November")):
        (workspace / "memory" / f"{day}.md").write_text(
            f"# {day}\n\n## 09:00 (t0)\n- The deploy was postponed ({month} 2026).\n"
        )
    (workspace / "memory" / "2026-12-02.md").write_text(
        "# 2026-12-02\n\n## 09:00 (t0)\n- The deploy was postponed (December 2026).\n"
    )
    (workspace / "MEMORY.md").write_text(
        "# Memory\n\n- The deploy was postponed (October 2026 to December 2026).\n"
    )
    run = cli("-w", workspace, "forget", "deploy was postponed", "--dry-run")
    assert run.exit_code == 0, run.stderr
    assert "would forget 1 fact" in run.stderr
    assert "memory/2026-11-02.md:4" in run.stdout
    (workspace / "memory" / "2027-01-04.md").write_text(
        "# 2027-01-04\n\n## 09:00 (t0)\n- The deploy was postponed (January 2027).\n"
    )
    run = cli("-w", workspace, "forget", "deploy was postponed", "--dry-run")
    assert run.exit_code == 2 and "matches 2 facts" in run.stderr
