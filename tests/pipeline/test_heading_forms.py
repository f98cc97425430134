"""Ledgers with an older memctl's flush headings and today's shorter ones (issue 25 item 1).

An older memctl wrote `## Memory Flush — <ISO time> · thread T · entries 0-1 · builtin
· said ... · last said ...`; today's writes `## 21:21:23Z · T · 0-1 · builtin · said ...`.
A workspace upgraded in the middle of a day holds both in one ledger, and a team whose
machines are upgraded one by one syncs both: every command reads both, as the user sees
it (MEMORY.md, `explain`, `log`, `recall`, `forget`, `undo`, `archive`, `sync`)."""

from __future__ import annotations

import json
import shutil
import subprocess
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from memctl.core.said import read_heading
from tests.support.helpers import configure, ledger

OLD = "## Memory Flush — "


def ok(cli: Any, *args: object, stdin: str | None = None) -> str:
    run = cli(*args, input=stdin)
    assert run.exit_code == 0, run.stderr
    return str(run.stdout)


def say(cli: Any, ws: Path, thread: str, text: str, ts: str) -> None:
    message = {"role": "user", "content": text, "ts": ts}
    ok(cli, "-w", ws, "thread", "append", thread, stdin=json.dumps(message) + "\n")


def as_older_memctl_wrote(path: Path) -> None:
    """Each flush heading of the ledger `path` in the form memctl wrote before (its
    `_span`: the said span when other days, then `last said`), facts left as they are."""
    day = path.stem
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines(keepends=True):
        read = read_heading(line.rstrip("\n"), day)
        if read is not None and read.kind == "flush" and not line.startswith(OLD):
            assert read.entries is not None and read.span != (day, day)
            model = line.rstrip("\n").split(" · ")[3]
            first, last = read.entries
            line = f"{OLD}{read.at} · thread {read.thread} · entries {first}-{last} · {model}"
            if read.span:
                days = read.span[0] if read.span[0] == read.span[1] else " to ".join(read.span)
                line += f" · said {days}"
            line += f" · last said {read.last_said}\n" if read.last_said else "\n"
        lines.append(line)
    path.write_text("".join(lines), encoding="utf-8")


def headings(path: Path) -> list[str]:
    return [line for line in path.read_text().splitlines() if line.startswith("## ")]


def about(ws: Path, word: str) -> list[str]:
    text = (ws / "MEMORY.md").read_text()
    return [line for line in text.splitlines() if line.startswith("- ") and word in line]


def test_a_ledger_of_both_forms_is_read_by_every_command(cli, workspace: Path) -> None:
    """Two blocks an older memctl flushed, then two of today's appended to the same
    ledger; each pair says a value and, later, another one. The newer value is kept
    whichever form its block's heading has (a heading read wrongly would date its block
    by the ledger's day, after both sayings of November)."""
    configure(workspace)
    say(cli, workspace, "old-a", "The release deadline is January 8.", "2026-11-02T09:00:00Z")
    say(cli, workspace, "old-b", "The staging host is db7.internal now.", "2026-11-20T09:00:00Z")
    ok(cli, "-w", workspace, "flush")
    today = ledger(workspace)
    as_older_memctl_wrote(today)
    say(cli, workspace, "new-a", "The staging host is db3.internal.", "2026-11-02T10:00:00Z")
    say(
        cli, workspace, "new-b", "The release deadline moved to January 15.", "2026-11-20T10:00:00Z"
    )
    ok(cli, "-w", workspace, "flush")
    old, new = headings(today)[:2], headings(today)[2:]
    assert [line.startswith(OLD) for line in headings(today)] == [True, True, False, False]
    assert new[0].endswith(" · new-a · 0-0 · builtin · said 2026-11-02T10:00:00Z"), new
    assert len(new[0]) < len(old[0]) - 50

    ok(cli, "-w", workspace, "consolidate")
    deadline, staging = about(workspace, "deadline"), about(workspace, "staging")
    assert len(deadline) == 1 and "January 15" in deadline[0], deadline
    assert len(staging) == 1 and "db7" in staging[0], staging

    # explain: each bullet's ledger line, its block's time, thread and entries.
    day = today.stem
    for word, thread in (("January 15", "new-b"), ("db7", "old-b")):
        [bullet] = json.loads(ok(cli, "-w", workspace, "--json", "explain", word))["bullets"]
        [source] = bullet["sources"]
        assert (source["kind"], source["thread"], source["entries"]) == ("flush", thread, "0")
        assert datetime.fromisoformat(source["at"]).date().isoformat() == day
        assert source["entry"]["index"] == 0

    # log: every block, with the time it was written.
    blocks = json.loads(ok(cli, "-w", workspace, "--json", "log"))["blocks"]
    assert len(blocks) == 4
    assert all(block["written"] and block["written"].startswith(day) for block in blocks)

    # recall: the MEMORY.md bullet dated by its source's block, the ledger line by its
    # own block: when each was said, the newer first.
    hits = json.loads(
        ok(cli, "-w", workspace, "--json", "recall", "staging host", "--scope", "memory")
    )["hits"]
    assert [(hit["path"], hit["when"]) for hit in hits] == [
        ("MEMORY.md", "2026-11-20"),
        (f"memory/{today.name}", "2026-11-02"),
    ]
    assert "db7" in hits[0]["snippet"] and "db3" in hits[1]["snippet"]

    # forget a fact of each form's block (its bullet and ledger line), then undo it.
    before = (workspace / "MEMORY.md").read_text()
    for word in ("January 15", "db7"):
        ok(cli, "-w", workspace, "forget", word)
        assert about(workspace, word) == []
        found = ok(cli, "-w", workspace, "--json", "recall", word, "--scope", "memory")
        assert all(word not in hit["snippet"] for hit in json.loads(found)["hits"]), found
        ok(cli, "-w", workspace, "undo")
        assert (workspace / "MEMORY.md").read_text() == before


def line_of(path: Path, word: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if word in line)


def test_an_archived_ledger_of_both_forms_is_read_from_the_archive(cli, workspace: Path) -> None:
    """A ledger of sixty days ago, written by hand as the two versions flushed it: after
    `archive`, consolidation dates its blocks by their headings, and `explain` names the
    block's time on the ledger's day."""
    configure(workspace, memory={"daily_file_retention_days": 30})
    day = (datetime.now(UTC) - timedelta(days=60)).date().isoformat()
    name = f"{day}.md"
    (workspace / "memory" / name).write_text(
        f"{OLD}{day}T09:00:00+00:00 · thread a · entries 0-1 · builtin"
        f" · last said {day}T08:00:00Z\n\n"
        "- The staging host is db3.internal.\n\n"
        "## 10:00:00Z · b · 0-1 · builtin · said 09:30:00Z\n\n"
        "- The staging host is db7.internal now.\n\n"
        "## 11:00:00Z · c · 0-0 · builtin\n\n"
        "- The release deadline is January 8.\n"
    )
    ok(cli, "-w", workspace, "archive")
    archived = workspace / "memory" / "archive" / name
    assert archived.exists() and not (workspace / "memory" / name).exists()
    ok(cli, "-w", workspace, "consolidate")
    staging = about(workspace, "staging")
    assert len(staging) == 1 and "db7" in staging[0], staging
    [bullet] = json.loads(ok(cli, "-w", workspace, "--json", "explain", "deadline"))["bullets"]
    [source] = bullet["sources"]
    assert source["ledger"] == f"memory/archive/{name}:{line_of(archived, 'January 8')}"
    assert (source["kind"], source["thread"], source["at"]) == (
        "flush",
        "c",
        f"{day}T11:00:00+00:00",
    )


def bare(tmp_path: Path) -> Path:
    path = tmp_path / "mem.git"
    subprocess.run(["git", "init", "-q", "--bare", str(path)], check=True)
    return path


@pytest.mark.skipif(shutil.which("git") is None, reason="sync needs git")
def test_a_sync_merges_an_older_machine_s_headings_with_today_s(cli, tmp_path: Path) -> None:
    """A still writes the older heading, B today's. Each says a value first and the
    other a new one ten minutes later, flushed after: the value said last is kept on both
    machines, whichever machine's heading form says when it was (a heading read wrongly
    is the earliest of its day), and the ledgers end the same, both forms in each."""
    remote, a, b = bare(tmp_path), tmp_path / "A", tmp_path / "B"
    ok(cli, "init", a)
    configure(a, sync={"remote": str(remote)})
    ok(cli, "-w", a, "sync")
    ok(cli, "init", "--from", remote, b)
    now = datetime.now(UTC).replace(microsecond=0)
    early, late = (
        (now - timedelta(minutes=20)).isoformat(),
        (now - timedelta(minutes=10)).isoformat(),
    )

    say(cli, a, "a1", "The release deadline is January 8.", early)
    say(cli, a, "a2", "The staging host is db7.internal now.", late)
    ok(cli, "-w", a, "flush")
    as_older_memctl_wrote(ledger(a))
    ok(cli, "-w", a, "consolidate")
    ok(cli, "-w", a, "sync")

    ok(cli, "-w", b, "sync")
    say(cli, b, "b1", "The release deadline moved to January 15.", late)
    say(cli, b, "b2", "The staging host is db3.internal.", early)
    ok(cli, "-w", b, "flush")
    ok(cli, "-w", b, "consolidate")
    ok(cli, "-w", b, "sync")
    ok(cli, "-w", a, "sync")

    assert ledger(a).read_text() == ledger(b).read_text()
    forms = [line.startswith(OLD) for line in headings(ledger(a))]
    assert sorted(forms) == [False, False, True, True]
    for ws in (a, b):
        deadline, staging = about(ws, "deadline"), about(ws, "staging")
        assert len(deadline) == 1 and "January 15" in deadline[0], (ws.name, deadline)
        assert len(staging) == 1 and "db7" in staging[0], (ws.name, staging)


def test_a_correction_hides_what_either_form_s_block_said_before_it(cli, workspace: Path) -> None:
    """`forget --replace` on the 5th: `search` leaves out a value a block said before it
    (its day: an older heading's stamp, a heading of today's form its ledger's name)."""
    configure(workspace)
    (workspace / "memory" / "2026-12-01.md").write_text(
        f"{OLD}2026-12-01T09:00:00+00:00 · thread a · entries 0-0 · builtin\n\n"
        "- The staging host is db3.internal.\n- The staging host is db4.internal.\n\n"
        "## 10:00:00Z · b · 0-0 · builtin\n\n- The staging host is db5.internal.\n"
    )
    ok(
        cli,
        "-w",
        workspace,
        "forget",
        "db3.internal",
        "--replace",
        "The staging host is db7.internal.",
    )
    found = ok(cli, "-w", workspace, "search", "staging host")
    assert "db7" in found and not any(f"db{n}" in found for n in (3, 4, 5)), found
