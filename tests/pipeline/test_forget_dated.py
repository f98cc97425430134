"""A fact the flush dated (audit 14, defects 2 and 2b): a block said over several days
dates a past event by its message's month, "We decided that ... only on Fridays (March
2026).", words its turn never said. A forget still hides the assistant's echo of that
turn, and a purge by PATH:LINE still masks the turn it was taken from (found through
provenance, as `explain` names it, not by the fact's text)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.support.helpers import append, configure

DATED = "We decided that zqcsxhg deploys only on Fridays."


def dated(cli: Any, workspace: Path, *, echo: bool = False, more: str = "") -> int:
    """Flush and consolidate a block said from February to March whose second turn is a
    past decision (dated "(March 2026)"); the MEMORY.md line that states it."""
    configure(workspace)
    said = [
        {
            "role": "user",
            "content": "The zqkjpgd database is Postgres.",
            "ts": "2026-02-17T10:00:00Z",
        },
        {"role": "user", "content": f"{more}{DATED}", "ts": "2026-03-27T10:00:00Z"},
    ]
    if echo:
        said.append(
            {"role": "assistant", "content": f"Noted: {DATED}", "ts": "2026-03-27T10:00:05Z"}
        )
    append(cli, workspace, "t3", said)
    assert cli("-w", workspace, "flush").exit_code == 0
    assert cli("-w", workspace, "consolidate").exit_code == 0
    lines = (workspace / "MEMORY.md").read_text().splitlines()
    number = next(n for n, line in enumerate(lines, 1) if "zqcsxhg" in line)
    assert lines[number - 1] == "- We decided that zqcsxhg deploys only on Fridays (March 2026)."
    return number


def holding(root: Path, text: str) -> list[str]:
    needle = text.lower().encode()
    return sorted(
        str(path.relative_to(root))
        for path in root.rglob("*")
        if path.is_file() and needle in path.read_bytes().lower()
    )


def test_a_forget_hides_the_echo_of_a_fact_the_flush_dated(cli, workspace):
    dated(cli, workspace, echo=True)

    assert cli("-w", workspace, "forget", "zqcsxhg").exit_code == 0

    found = cli("-w", workspace, "search", "zqcsxhg", "--scope", "all")
    assert found.exit_code == 1, found.stdout  # the turn, and its echo "Noted: ..."
    recalled = cli("-w", workspace, "recall", "when does zqcsxhg deploy")
    assert "zqcsxhg" not in recalled.stdout
    # The thread's other turn is still found.
    assert cli("-w", workspace, "search", "zqkjpgd", "--scope", "threads").exit_code == 0


def test_a_purge_by_place_masks_the_turn_a_dated_fact_was_taken_from(cli, workspace):
    number = dated(cli, workspace, echo=True, more="Lunch is at noon. ")
    explained = cli("-w", workspace, "explain", f"MEMORY.md:{number}")
    assert "thread t3 entry 1" in explained.stdout

    dry = cli("-w", workspace, "forget", f"MEMORY.md:{number}", "--purge", "--dry-run")
    run = cli("-w", workspace, "forget", f"MEMORY.md:{number}", "--purge")

    assert run.exit_code == 0, run.stderr
    assert "threads/t3.jsonl" in run.stdout.split()
    assert set(run.stdout.split()) == set(dry.stdout.split())
    assert holding(workspace, "zqcsxhg") == []  # the turn, and the echo of it
    assert cli("-w", workspace, "search", "zqcsxhg", "--scope", "all").exit_code == 1
    # Only the sentence that said it: the turn's other sentence, and the other turn, stay.
    log = (workspace / "threads" / "t3.jsonl").read_text()
    assert "Lunch is at noon." in log and "The zqkjpgd database is Postgres." in log


def test_a_purge_masks_the_turn_in_its_own_words(cli, workspace):
    """The builtin flush says "the user" for the turn's "my": the fact's text is not in
    the turn, the sentence provenance names is."""
    configure(workspace)
    said = "My locker code is qv-77-zulu-18. Lunch is at noon."
    append(cli, workspace, "t1", [{"role": "user", "content": said}])
    assert cli("-w", workspace, "flush").exit_code == 0
    assert cli("-w", workspace, "consolidate").exit_code == 0
    lines = (workspace / "MEMORY.md").read_text().splitlines()
    number = next(n for n, line in enumerate(lines, 1) if "qv-77-zulu-18" in line)
    assert "My locker" not in lines[number - 1]

    run = cli("-w", workspace, "forget", f"MEMORY.md:{number}", "--purge")

    assert run.exit_code == 0, run.stderr
    assert holding(workspace, "qv-77-zulu-18") == []
    assert "Lunch is at noon." in (workspace / "threads" / "t1.jsonl").read_text()
