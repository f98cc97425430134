"""One prefix style for stderr (issue 15, item 19): as git and gh write theirs, every
note a command writes starts with the command's name as typed (`search: `, `thread rm: `,
`hook claude-code: `), and every error that ends the run is `memctl: error: `."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from tests.support.helpers import HOLD_LOCK, on_pty, run_memctl

Setup = Callable[[Path, Path], list[str]]
"""(workspace, tmp_path) -> the arguments after `-w workspace`."""


def _thread(ws: Path) -> None:
    lines = [
        {"role": "user", "content": "we deploy on fridays"},
        {"role": "assistant", "content": "noted"},
    ]
    log = ws / "threads" / "t1.jsonl"
    log.write_text("".join(json.dumps(m) + "\n" for m in lines), encoding="utf-8")


def _with_thread(*args: str) -> Setup:
    def setup(ws: Path, tmp: Path) -> list[str]:
        _thread(ws)
        return list(args)

    return setup


def _plain(*args: str) -> Setup:
    return lambda ws, tmp: list(args)


def _skipped_file(ws: Path, tmp: Path) -> list[str]:
    (ws / "MEMORY.md").write_text("- deploy on Fridays\n", encoding="utf-8")
    (ws / "memory" / "2026-01-01.md").write_bytes(b"- deploy caf\xe9\n")
    return ["search", "deploy"]


def _corrupt_index(command: str) -> Setup:
    def setup(ws: Path, tmp: Path) -> list[str]:
        (ws / "MEMORY.md").write_text("- deploy on Fridays\n", encoding="utf-8")
        (ws / ".memctl").mkdir(exist_ok=True)
        (ws / ".memctl" / "index.sqlite").write_bytes(b"this is not a database" * 100)
        return [command, "deploy"] if command != "index" else [command]

    return setup


def _bad_transcript(ws: Path, tmp: Path) -> list[str]:
    folder = tmp / "sessions"
    folder.mkdir()
    (folder / "a.jsonl").write_bytes(b"\xff\xfe not text\n")
    return ["thread", "import", str(folder)]


def _empty(ws: Path, tmp: Path) -> list[str]:
    (ws / "MEMORY.md").write_text("", encoding="utf-8")
    return ["get", "MEMORY.md"]


def _init(ws: Path, tmp: Path) -> list[str]:
    return ["init", str(tmp / "fresh")]


# name as typed -> how to get that command to write notes on stderr
NOTES: dict[str, Setup] = {
    "search": _skipped_file,
    "search  ": _corrupt_index("search"),  # a note of the search stage
    "recall": _corrupt_index("recall"),
    "index": _corrupt_index("index"),
    "init": _init,
    "config validate": _plain("config", "validate"),
    "thread append": _plain("thread", "append", "t1", "-"),
    "thread rename": _with_thread("thread", "rename", "t1", "t2"),
    "thread rm": _with_thread("thread", "rm", "t1", "--force"),
    "thread import": _bad_transcript,
    "flush": _with_thread("flush", "-v"),
    "flush ": _plain("flush"),  # nothing to do
    "compact": _with_thread("compact", "t1"),
    "context": _with_thread("context", "t1", "--dry-run"),
    "evict": _with_thread("evict", "t1"),
    "consolidate": _plain("consolidate"),
    "archive": _plain("archive"),
    "maintain": _plain("-v", "maintain", "--force"),  # without -v, nothing to do is silent
    "history": _plain("history"),
    "log": _plain("log"),
    "save": _plain("save", "a fact to keep"),
    "get": _empty,
    "export": _plain("export", "--agents-md", "AGENTS.md", "--dry-run"),
}


@pytest.mark.parametrize("name", NOTES)
def test_every_note_starts_with_its_command(workspace: Path, tmp_path: Path, cli, name) -> None:
    args = NOTES[name](workspace, tmp_path)
    stdin = json.dumps({"role": "user", "content": "hello"}) + "\n"
    run = cli("-w", workspace, *args, input=stdin)
    assert run.exit_code in (0, 1), run.stderr
    lines = run.stderr.splitlines()
    assert lines, f"{name.strip()} wrote no note"
    command = name.strip()
    assert all(line.startswith(f"{command}: ") for line in lines), run.stderr


def test_stage_notes_come_plain_and_get_the_prefix_of_the_command(workspace: Path, cli) -> None:
    """The same note of the index stage, under the name of each command that met it."""
    seen = []
    for command in ("search", "recall"):
        _corrupt_index(command)(workspace, workspace)
        run = cli("-w", workspace, command, "deploy")
        seen.append(run.stderr.removeprefix(f"{command}: "))
    assert seen[0] == seen[1] and seen[0].startswith("the search index was unreadable")


def test_errors_that_end_the_run_are_memctl_error(workspace: Path, cli) -> None:
    for args in (
        ["search", "x", "--mode", "nope"],
        ["get", "memory/2026-01-01.md"],
        ["thread", "rm", "nope"],
        ["undo"],
    ):
        run = cli("-w", workspace, *args)
        assert run.exit_code in (1, 2)
        (line,) = run.stderr.splitlines()
        assert line.startswith("memctl: error: "), args


@pytest.mark.slow  # an MCP server and a hook start
def test_the_subprocess_commands_too(workspace: Path) -> None:
    """mcp's start-up line (written with -v only) and the hooks' notes, as the installed
    command writes them."""
    mcp = run_memctl(workspace, "-v", "mcp", input="")
    assert mcp.exit_code == 0, mcp.stderr
    lines = mcp.stderr.splitlines()
    assert lines[0].startswith("mcp: serving 9 tools for ")
    assert all(line.startswith("mcp: ") for line in lines), mcp.stderr
    hook = run_memctl(workspace, "hook", "claude-code", "extra", input="{}")
    assert hook.exit_code == 0
    lines = hook.stderr.splitlines()
    assert lines and all(line.startswith("hook claude-code: ") for line in lines), hook.stderr


# --------------------------------------------------------------------------- history: local time


def test_history_shows_the_local_time_and_json_keeps_utc(workspace: Path, cli) -> None:
    """As git log does: the wall-clock time of TZ with its offset (a POSIX TZ string, so
    no zone database is needed), while --json keeps the ISO form."""
    (workspace / "MEMORY.md").write_text("- Dana leads payments.\n", encoding="utf-8")
    (workspace / "memory" / "2026-01-01.md").write_text("- Deploys on Tuesdays.\n")
    assert cli("-w", workspace, "consolidate").exit_code == 0
    (version,) = json.loads(cli("-w", workspace, "--json", "history").stdout)["versions"]
    kept = datetime.fromisoformat(version["replaced_at"])
    assert kept.utcoffset() == timedelta(0)

    listed = run_memctl(workspace, "history", env={"TZ": "XST-5:30"})

    assert listed.exit_code == 0, listed.stderr
    (_, row) = listed.stdout.splitlines()
    number, day, clock, offset = row.split()[:4]
    wall = (kept + timedelta(hours=5, minutes=30)).replace(tzinfo=None)
    assert (number, f"{day} {clock}", offset) == ("1", f"{wall:%Y-%m-%d %H:%M:%S}", "+0530")
    undo = run_memctl(workspace, "undo", "--dry-run", env={"TZ": "XST-5:30"})
    assert f"replaced {wall:%Y-%m-%d %H:%M:%S} +0530 by consolidate" in undo.stderr


def test_one_of_a_thing_is_singular(workspace: Path, cli) -> None:
    """Item 19's "1 entry, not 1 entries", in the lines that still said otherwise."""
    (workspace / "MEMORY.md").write_text("- deploy one\n- deploy two\n", encoding="utf-8")
    (workspace / "threads" / "t1.jsonl").write_text(
        json.dumps({"role": "user", "content": "hello"}) + "\n", encoding="utf-8"
    )
    (workspace / "memory" / "2026-01-01.md").write_text("- one line\n", encoding="utf-8")

    past = cli("-w", workspace, "get", "memory/2026-01-01.md", "--start", "5")
    status = cli("-w", workspace, "status")

    # search's "showing the first hit" is on a terminal only: tests/system/test_script_safe.py
    assert past.stderr.endswith("start line 5 is past the end (1 line)\n")
    assert "1 thread, 1 unflushed entry" in status.stdout


def test_root_help_names_the_exit_code_of_a_bug(cli) -> None:
    """A bug exits 70 (EX_SOFTWARE), not 1 as the root help used to say."""
    helped = cli("--help").stdout

    assert "    70   a bug in memctl" in helped
    assert "a bug (search" not in helped


def test_a_ledger_that_is_not_utf8_is_told_everywhere(cli, workspace: Path) -> None:
    """Audit 17 M7: a Latin-1 ledger was skipped without a word by recall and `index`,
    doctor said ok while every consolidate failed on it, the error named only the first
    bad file, and `log --since` failed whole."""
    assert cli("-w", workspace, "save", "Der Drucker heißt HP-9.").exit_code == 0
    latin1 = "## Memory Save — 2026-12-01T10:00:00+01:00\n\n- Der Drucker im Größenraum.\n"
    for day in ("2026-12-01", "2026-12-02"):
        (workspace / "memory" / f"{day}.md").write_bytes(latin1.encode("latin-1", "replace"))
    told = "skipped memory/2026-12-01.md: not UTF-8"
    recalled = cli("-w", workspace, "recall", "Drucker")
    assert recalled.exit_code == 0 and f"recall: {told}" in recalled.stderr, recalled
    indexed = cli("-w", workspace, "index")
    assert f"index: {told}" in indexed.stderr, indexed
    doctor = cli("-w", workspace, "doctor", "--offline")
    assert doctor.exit_code == 1
    assert "FAIL  memory text:" in doctor.stdout and "memory/2026-12-02.md" in doctor.stdout
    merged = cli("-w", workspace, "consolidate")
    assert merged.exit_code == 2
    assert "memory/2026-12-01.md (byte" in merged.stderr
    assert "memory/2026-12-02.md (byte" in merged.stderr
    logged = cli("-w", workspace, "log", "--since", "10000d")
    assert logged.exit_code == 0, logged
    assert "Der Drucker heißt HP-9." in logged.stdout
    assert "log: skipped memory/2026-12-02.md: not UTF-8" in logged.stderr


def _holding(lock: Path) -> subprocess.Popen[str]:
    """Another process holding the workspace lock until its stdin closes."""
    lock.parent.mkdir(exist_ok=True)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_LOCK, str(lock)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None and holder.stdout.readline() == "held\n"
    return holder


@pytest.mark.slow
@pytest.mark.parametrize("quiet", [False, True])
def test_a_wait_for_the_workspace_lock_is_said_once_on_a_terminal(
    workspace: Path, quiet: bool
) -> None:
    """Audit 21 F4: a writer behind a held workspace lock waited up to 60 s with no word,
    on a terminal too, and looked hung. After a second it says once whom it waits for;
    -q stays silent, as do hooks (their workspace is told of no wait)."""
    holder = _holding(workspace / ".memctl" / "lock")
    assert holder.stdin is not None
    shown = bytearray()

    def release(piece: bytes) -> None:
        shown.extend(piece)
        if b"release the workspace lock" in shown and not holder.stdin.closed:
            holder.stdin.close()

    timer = threading.Timer(4.0, lambda: holder.stdin.closed or holder.stdin.close())
    timer.start()
    try:
        given = ["-q"] if quiet else []
        run = on_pty(
            ["-w", workspace, *given, "save", "The lock test fact is alpha."], on_output=release
        )
    finally:
        timer.cancel()
        if not holder.stdin.closed:
            holder.stdin.close()
        holder.wait(timeout=30)
    text = run.terminal.decode()
    assert run.returncode == 0, text
    assert "alpha" in (workspace / "MEMORY.md").read_text()
    if quiet:
        assert "waiting" not in text, text
        return
    assert text.count("waiting for another memctl") == 1, text
    assert f"save: waiting for another memctl (pid {holder.pid}, python -c" in text, text
    assert "to release the workspace lock (up to 60 s)…" in text


def _leftover(folder: Path, name: str, age: float) -> Path:
    """A temp file as a killed write_atomic leaves it, `age` seconds old."""
    path = folder / name
    path.write_text('{"version": 1}')
    then = time.time() - age
    os.utime(path, (then, then))
    return path


def test_a_write_removes_the_temp_files_killed_runs_left(workspace: Path) -> None:
    """Audit 21 F7: a SIGKILLed hook left .memctl/.state.json.XXXXXXXX.tmp for good (a
    whole copy of state.json). The next write removes those older than a minute; a
    younger one may be a live write's, and stays."""
    (workspace / ".memctl").mkdir(exist_ok=True)
    old = _leftover(workspace / ".memctl", ".state.json.m5cn0z3w.tmp", 120)
    memory = _leftover(workspace, ".MEMORY.md.ab_cd123.tmp", 120)
    young = _leftover(workspace / ".memctl", ".state.json.k2x9q0aa.tmp", 5)
    mine = _leftover(workspace, "notes.tmp", 120)
    run = run_memctl(workspace, "-q", "save", "The leftover test fact is beta.")
    assert run.exit_code == 0, run.stderr
    assert not old.exists() and not memory.exists()
    assert young.exists() and mine.exists()


def test_doctor_removes_and_names_the_temp_files_killed_runs_left(workspace: Path) -> None:
    (workspace / ".memctl").mkdir(exist_ok=True)
    old = _leftover(workspace / ".memctl", ".state.json.m5cn0z3w.tmp", 120)
    run = run_memctl(workspace, "doctor", "--offline")
    assert "removed 1 temp file that killed runs left (never read): " in run.stdout, run.stdout
    assert ".memctl/.state.json.m5cn0z3w.tmp" in run.stdout
    assert not old.exists()
    again = run_memctl(workspace, "doctor", "--offline")
    assert "temp file" not in again.stdout
