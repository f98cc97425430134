"""The newest value wins across machines and within a day (audit 9, findings 4, 5, 7).

Two workspaces share a bare repository in tmp_path; each says real sentences through
`thread append`, `flush`, `consolidate` and `sync`, as a team does. What is checked is
what a user reads: MEMORY.md, `explain`, exit codes."""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from memctl.core.said import key_parts, said_key
from memctl.pipeline.consolidate import by_day
from tests.support.helpers import configure

pytestmark = [pytest.mark.skipif(shutil.which("git") is None, reason="sync needs git")]


def bare(tmp_path: Path) -> Path:
    path = tmp_path / "mem.git"
    subprocess.run(["git", "init", "-q", "--bare", str(path)], check=True)
    return path


def ok(cli: Any, *args: object, stdin: str | None = None) -> str:
    run = cli(*args, input=stdin)
    assert run.exit_code == 0, run.stderr
    return str(run.stderr)


def say(cli: Any, ws: Path, thread: str, text: str, ts: str | None = None) -> None:
    message: dict[str, Any] = {"role": "user", "content": text}
    if ts:
        message["ts"] = ts
    ok(cli, "-w", ws, "thread", "append", thread, stdin=json.dumps(message) + "\n")


def said_and_merged(cli: Any, ws: Path, thread: str, text: str, ts: str | None = None) -> str:
    say(cli, ws, thread, text, ts)
    ok(cli, "-w", ws, "flush")
    return ok(cli, "-w", ws, "consolidate")


def team(cli: Any, tmp_path: Path) -> tuple[Path, Path]:
    """A, whose memctl.yaml names the remote, and B, made from it with `init --from`."""
    remote, a, b = bare(tmp_path), tmp_path / "A", tmp_path / "B"
    ok(cli, "init", a)
    configure(a, sync={"remote": str(remote)})
    ok(cli, "-w", a, "sync")
    ok(cli, "init", "--from", remote, b)
    return a, b


def about(ws: Path, word: str) -> list[str]:
    text = (ws / "MEMORY.md").read_text()
    return [line for line in text.splitlines() if line.startswith("- ") and word in line]


def today(clock: str) -> str:
    return f"{datetime.now(UTC).date().isoformat()}T{clock}:00+00:00"


def test_an_older_statement_flushed_later_the_same_day_does_not_overturn_the_newer(cli, tmp_path):
    """#5: B's turn was said ten minutes before A's, and flushed after it: A's value stays,
    on both machines (before: "superseded: ... January 15. -> ... January 8.")."""
    a, b = team(cli, tmp_path)
    say(cli, b, "b", "The release deadline is January 8.", today("00:10"))
    said_and_merged(cli, a, "a", "The release deadline moved to January 15.", today("00:20"))
    ok(cli, "-w", a, "sync")
    ok(cli, "-w", b, "sync")
    ok(cli, "-w", b, "flush")
    run = ok(cli, "-w", b, "consolidate")
    assert "January 8. -> The release deadline moved to January 15." in run
    ok(cli, "-w", b, "sync")
    ok(cli, "-w", a, "sync")
    for ws in (a, b):
        assert about(ws, "deadline") == ["- The release deadline moved to January 15."]
    # The heading records the latest entry's time though it was said today.
    ledger = next((b / "memory").glob("*.md")).read_text()
    assert " · b · 0-0 · builtin · said 00:10:00Z\n" in ledger


def test_two_threads_on_one_machine_flushed_out_of_order_the_same_day(cli, tmp_path):
    """#5 on one machine: the thread that sorts first holds the newer saying."""
    ws = tmp_path / "w"
    ok(cli, "init", ws)
    configure(ws)
    say(cli, ws, "a-new", "The staging host is db7.internal now.", today("00:20"))
    say(cli, ws, "b-old", "The staging host is db3.internal.", today("00:10"))
    ok(cli, "-w", ws, "flush")
    ok(cli, "-w", ws, "consolidate")
    assert about(ws, "staging") == ["- The staging host is db7.internal now."]


def test_a_fact_changed_on_both_machines_keeps_the_value_said_last_on_both(cli, tmp_path):
    """#4: A says January 15, B (later) January 22, between two syncs. Before: both
    MEMORY.md files held both values, `consolidate --force` kept a different one on each
    machine, and the syncs after it left the older value everywhere."""
    a, b = team(cli, tmp_path)
    said_and_merged(cli, a, "t1", "The release deadline is December 18.")
    ok(cli, "-w", a, "sync")
    ok(cli, "-w", b, "sync")
    said_and_merged(cli, a, "t2", "The release deadline moved to January 15.")
    ok(cli, "-w", a, "sync")
    time.sleep(1.1)  # the blocks' written times differ: the only order they have
    said_and_merged(cli, b, "t3", "The release deadline moved to January 22.")
    ok(cli, "-w", b, "sync")
    ok(cli, "-w", a, "sync")
    for ws in (a, b):
        assert about(ws, "deadline") == ["- The release deadline moved to January 22."]
    assert (a / "MEMORY.md").read_text() == (b / "MEMORY.md").read_text()
    # A forced merge on each machine, their ledgers the same, gives the same answer.
    for ws in (a, b):
        ok(cli, "-w", ws, "consolidate", "--force")
        assert about(ws, "deadline") == ["- The release deadline moved to January 22."]
    for ws in (a, b, a):
        ok(cli, "-w", ws, "sync")
    for ws in (a, b):
        assert about(ws, "deadline") == ["- The release deadline moved to January 22."]


def test_a_teammates_bullet_is_never_attributed_to_the_line_it_superseded(cli, tmp_path):
    """#7: after an unrelated consolidate on A, `explain` of B's January 8 bullet named
    A's "moved to January 15" line as its recorded source."""
    a, b = team(cli, tmp_path)
    said_and_merged(cli, a, "t1", "The release deadline is December 18.")
    ok(cli, "-w", a, "sync")
    ok(cli, "-w", b, "sync")
    said_and_merged(cli, a, "t2", "The release deadline moved to January 15.")
    ok(cli, "-w", a, "sync")
    ok(cli, "-w", b, "sync")
    time.sleep(1.1)
    said_and_merged(cli, b, "t3", "The release deadline is January 8.")
    ok(cli, "-w", b, "sync")
    ok(cli, "-w", a, "sync")
    assert about(a, "deadline") == ["- The release deadline is January 8."]
    said_and_merged(cli, a, "t4", "Dana leads the payments team.")
    assert about(a, "Dana") == ["- Dana leads the payments team."]  # a merge did run
    document = json.loads(cli("-w", a, "--json", "explain", "deadline").stdout)
    [bullet] = document["bullets"]
    assert bullet["bullet"] == "The release deadline is January 8."
    # Recorded by the sync that brought it (audit 16 M1): the line stating it, still.
    assert bullet["how"] == "recorded"
    assert [source["text"] for source in bullet["sources"]] == [
        "The release deadline is January 8."
    ]


# --------------------------------------------------------------------------- headings

OLD_SPAN = (
    "## Memory Flush — 2026-12-05T08:00:00+00:00 · thread a · entries 0-1 · m · said 2026-12-03"
)
OLD_TODAY = "## Memory Flush — 2026-12-05T08:00:00+02:00 · thread a · entries 0-1 · m"
NEW_TODAY = OLD_TODAY + " · last said 2026-12-05T05:10:00Z"
NEW_SPAN = OLD_SPAN + " to 2026-12-05 · last said 2026-12-05T05:10:00Z"
SAVE = "## Memory Save — 2026-12-05T09:30:00+00:00"


def test_said_keys_read_old_and_new_headings():
    """An old ledger stays readable: a span alone gives its day, a heading without one
    the time it was written (in UTC); a `last said` gives the entries' time."""
    assert said_key(OLD_SPAN) == "2026-12-03"
    assert said_key(OLD_TODAY) == "2026-12-05T06:00:00Z"
    assert said_key(NEW_TODAY) == "2026-12-05T05:10:00Z"
    assert said_key(NEW_SPAN) == "2026-12-05T05:10:00Z"
    assert said_key(SAVE) == "2026-12-05T09:30:00Z"
    assert said_key("## Notes") is None
    assert key_parts(said_key(OLD_SPAN)) == ("2026-12-03", "")
    assert key_parts(None) == (None, "")


def test_blocks_of_one_day_are_checked_in_the_order_they_were_said():
    """What drop_stale reads as oldest first, for a model that is not builtin."""
    ledger = (
        f"{NEW_TODAY.replace('05:10', '07:00')}\n\n- The staging host is db7.internal now.\n\n"
        f"{NEW_TODAY}\n\n- The staging host is db3.internal.\n\n"
        f"{OLD_SPAN}\n\n- Older.\n"
    )
    blocks = by_day([("2026-12-05.md", ledger)])
    assert [block.split("\n\n")[1].strip() for block in blocks] == [
        "- Older.",
        "- The staging host is db3.internal.",
        "- The staging host is db7.internal now.",
    ]
