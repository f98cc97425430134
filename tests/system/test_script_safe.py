"""What cron, CI and a pipe do to memctl (issue 23): a standard descriptor really closed
(not redirected to /dev/null: closed, as `2>&-` leaves it), stdout on a full disk, an
ASCII locale. Each runs the installed command in a subprocess, since only a process
started that way meets what a cron job's memctl meets."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

import pytest

from tests.support.helpers import DANA, MEMCTL, Run, append, held_lock, on_pty, snapshot
from tests.support.hooks import roomy_prompt_budget

STREAMS = {"stdin": 0, "stdout": 1, "stderr": 2}


def run_closed(
    root: Path, closed: Sequence[str], *args: object, env: dict[str, str] | None = None
) -> Run:
    """`memctl -w root ARGS` with the named standard descriptors closed in the child
    before it starts (the others on pipes; stdin: /dev/null)."""
    fds = [STREAMS[name] for name in closed]

    def close() -> None:
        for fd in fds:
            os.close(fd)

    done = subprocess.run(
        [str(MEMCTL), "-w", str(root), *map(str, args)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        preexec_fn=close,
        env={**os.environ, **(env or {})},
        timeout=120,
        check=False,
    )
    return Run(
        done.returncode,
        done.stdout.decode("utf-8", "replace"),
        done.stderr.decode("utf-8", "replace"),
    )


@pytest.fixture
def fed(workspace: Path, cli) -> Path:
    append(cli, workspace, "t1", DANA)
    return workspace


@pytest.mark.parametrize(
    "args", [["flush"], ["consolidate", "--force"], ["compact", "t1", "--force"], ["maintain"]]
)
def test_stderr_closed_the_work_runs(fed: Path, args: list[str]) -> None:
    """Item 1: `memctl flush 2>&-` crashed (exit 70) in the spinner's isatty check."""
    done = run_closed(fed, ["stderr"], *args)
    assert done.exit_code == 0, done
    assert "internal error" not in done.stdout


def test_stderr_closed_flush_really_flushes(fed: Path) -> None:
    before = snapshot(fed)
    assert run_closed(fed, ["stderr"], "flush").exit_code == 0
    assert snapshot(fed) != before


@pytest.mark.parametrize(
    "args",
    [
        ["save"],
        ["save", "-"],
        ["thread", "append", "x"],
        ["thread", "import", "-"],
        ["call", "t1", "-"],
        ["mcp"],
    ],
)
def test_stdin_closed_is_a_usage_error(fed: Path, args: list[str]) -> None:
    """Item 2: `memctl save 0<&-` crashed (exit 70); now exit 2, one line, nothing written."""
    before = snapshot(fed)
    done = run_closed(fed, ["stdin"], *args)
    assert done.exit_code == 2, done
    advice = (
        # an argument or a FILE is no way to reach a server (audit 18)
        "an MCP client starts the server and talks to it on its stdin"
        if args == ["mcp"]
        else "give the input as an argument or a FILE, or pipe it"
    )
    assert done.stderr.strip().splitlines() == [f"memctl: error: stdin is closed: {advice}"]
    assert snapshot(fed) == before


@pytest.mark.parametrize("args", [["status"], ["--version"], ["search", "Dana", "--scope", "all"]])
def test_stdout_closed_is_quiet_as_a_closed_pipe(fed: Path, args: list[str]) -> None:
    """Item 3: `memctl status >&-` exited 120 ("Exception ignored in QuietPipe") and
    `--version >&-` printed a traceback. Output to a closed stdout is dropped, as output to
    a reader that went away is, and the exit code is the work's."""
    done = run_closed(fed, ["stdout"], *args)
    assert done.exit_code == 0, done
    assert done.stderr == ""


def test_stdout_closed_does_not_land_in_a_workspace_file(fed: Path) -> None:
    """With fd 1 closed, the next file memctl opened took its number: output must not
    end up in the ledger flush writes."""
    assert run_closed(fed, ["stdout"], "flush").exit_code == 0
    ledgers = "".join(p.read_text() for p in (fed / "memory").glob("*.md"))
    assert "flush:" not in ledgers and "memctl" not in ledgers


def test_every_stream_closed(fed: Path) -> None:
    assert run_closed(fed, ["stdin", "stdout", "stderr"], "status").exit_code == 0


@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_full_disk_is_one_line(fed: Path, json_flag: list[str]) -> None:
    """Item 4: `memctl --json status >/dev/full` printed a double traceback."""
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [str(MEMCTL), "-w", str(fed), *json_flag, "status"],
            stdin=subprocess.DEVNULL,
            stdout=full,
            stderr=subprocess.PIPE,
            timeout=60,
            check=False,
        )
    err = done.stderr.decode()
    assert done.returncode == 1, err
    assert err.splitlines() == ["memctl: error: No space left on device (ENOSPC)"]


def test_ascii_locale_escapes_what_it_cannot_encode(fed: Path, cli) -> None:
    """Item 5: `PYTHONIOENCODING=ascii memctl search 账本 --scope all` crashed (exit 70)."""
    append(cli, fed, "zh", [{"role": "user", "content": "记在账本里"}])
    done = run_closed(
        fed, [], "search", "账本", "--scope", "all", env={"PYTHONIOENCODING": "ascii"}
    )
    assert done.exit_code == 0, done
    assert "\\u8d26\\u672c" in done.stdout
    json_done = run_closed(
        fed, [], "--json", "search", "账本", "--scope", "all", env={"PYTHONIOENCODING": "ascii"}
    )
    assert json_done.exit_code == 0, json_done
    assert "账本" in json.dumps(json.loads(json_done.stdout), ensure_ascii=False)


C_LOCALE = {"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}
"""An old system's locale with Python's own remedies off (audit 17, H7 and M8): argv,
file names and stdout are ASCII to the interpreter."""


def in_c_locale(*args: object, cwd: Path | None = None, stdin: bytes = b"") -> Run:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    done = subprocess.run(
        [str(MEMCTL), *map(str, args)],
        input=stdin,
        capture_output=True,
        cwd=cwd,
        env={**env, **C_LOCALE},
        timeout=120,
        check=False,
    )
    return Run(done.returncode, done.stdout.decode("utf-8"), done.stderr.decode("utf-8"))


def test_c_locale_reads_and_prints_utf8(tmp_path: Path, cli) -> None:
    """Audit 17 H7/M8: under `LC_ALL=C PYTHONUTF8=0 PYTHONCOERCECLOCALE=0` every command
    printing `ß` died with a UnicodeEncodeError (exit 70), a UTF-8 query was refused as
    "not UTF-8 text", and the hooks injected nothing: memctl now runs in UTF-8 mode there."""
    root = tmp_path / "Straßenbahn"
    assert cli("init", "-q", root).exit_code == 0
    assert cli("-w", root, "save", "Der Drucker heißt Größenwahn-7.").exit_code == 0
    append(cli, root, "t1", [{"role": "user", "content": "Die Größe ist 42."}])
    for args, shown in (
        (["search", "Größenwahn"], "Der Drucker heißt Größenwahn-7."),
        (["search", "Drucker"], "Der Drucker heißt Größenwahn-7."),
        (["get", "MEMORY.md"], "Größenwahn-7"),
        (["thread", "show", "t1"], "Die Größe ist 42."),
        (["log"], "Größenwahn-7"),
        (["status"], "Straßenbahn"),
    ):
        done = in_c_locale("-w", root, *args)
        assert done.exit_code == 0, (args, done)
        assert shown in done.stdout, (args, done)
    prompt = {
        "session_id": "s1",
        "transcript_path": str(root / "t.jsonl"),
        "cwd": str(root),
        "hook_event_name": "UserPromptSubmit",
        "prompt": "Wie heißt der Drucker?",
    }
    roomy_prompt_budget(root)
    done = in_c_locale(
        "-w", root, "hook", "claude-code", cwd=root, stdin=json.dumps(prompt).encode()
    )
    assert done.exit_code == 0, done
    told = json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "Größenwahn-7" in told
    assert not (root / ".memctl" / "hooks.log").exists() or "error" not in (
        root / ".memctl" / "hooks.log"
    ).read_text(encoding="utf-8")


_RESTART_PROBE = """
import os, sys
from memctl.cli.output import restart_in_utf8_mode
os.execv = lambda path, argv: sys.exit("restart " + " ".join(argv[1:3]))
restart_in_utf8_mode()
print("kept", sys.flags.utf8_mode)
"""


@pytest.mark.parametrize(
    ("locale", "said"),
    [
        ({"LC_ALL": "C"}, "restart -X utf8"),  # ASCII file names: UTF-8 mode, first
        ({"LC_ALL": "C.UTF-8"}, "kept 0"),  # a UTF-8 locale without the mode: kept
    ],
)
def test_c_locale_alone_restarts_in_utf8_mode(locale: dict[str, str], said: str) -> None:
    """Review 29 (mutation Uc): memctl starts itself again in UTF-8 mode only where the
    file system encoding is ASCII; PYTHONUTF8=0 in any other locale is the user's to keep."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env.update(PYTHONUTF8="0", PYTHONCOERCECLOCALE="0", **locale)
    done = subprocess.run(
        [sys.executable, "-c", _RESTART_PROBE], capture_output=True, text=True, env=env, check=False
    )
    assert said in done.stdout + done.stderr, done


# --------------------------------------------------------------------------- item 7: thread rm


def test_thread_rm_refuses_unflushed_work(fed: Path) -> None:
    """Item 7: `thread rm` deleted unflushed entries without a word."""
    before = snapshot(fed)
    done = run_closed(fed, [], "thread", "rm", "t1")
    assert done.exit_code == 2, done
    assert "unflushed" in done.stderr and "--force" in done.stderr
    assert snapshot(fed) == before
    assert run_closed(fed, [], "thread", "rm", "t1", "--force").exit_code == 0
    assert not (fed / "threads" / "t1.jsonl").exists()


def test_thread_rm_of_a_flushed_thread_needs_no_force(fed: Path) -> None:
    assert run_closed(fed, [], "flush").exit_code == 0
    assert run_closed(fed, [], "thread", "rm", "t1").exit_code == 0


@pytest.mark.parametrize(
    "args",
    [
        ["thread", "rm", "t1"],
        ["thread", "rename", "t1", "t9"],
        ["thread", "append", "t1", "m.jsonl"],
    ],
)
def test_thread_writers_have_a_dry_run(fed: Path, args: list[str]) -> None:
    (fed / "m.jsonl").write_text(json.dumps({"role": "user", "content": "hi"}) + "\n")
    before = snapshot(fed)
    done = run_closed(
        fed, [], *[str(fed / a) if a.endswith(".jsonl") else a for a in args], "--dry-run"
    )
    assert done.exit_code == 0, done
    assert "would" in done.stderr
    assert snapshot(fed) == before


# --------------------------------------------------------------------------- item 8: search's cap


def test_search_caps_only_on_a_terminal(workspace: Path) -> None:
    """Item 8: search stopped at 50 hits in a pipe too, with a note on stderr."""
    (workspace / "MEMORY.md").write_text("".join(f"- item {n}\n" for n in range(1, 61)))
    piped = run_closed(workspace, [], "search", "item")
    assert len(piped.stdout.splitlines()) == 60 and piped.stderr == ""
    shown = on_pty(
        ["-w", workspace, "search", "item"], attach=["stdout", "stderr"], env={"NO_COLOR": "1"}
    )
    lines = shown.terminal.decode().replace("\r", "").splitlines()
    assert sum(1 for line in lines if line.startswith("MEMORY.md:")) == 50
    assert "search: showing the first 50 hits; --limit 0 shows all" in lines
    one = on_pty(
        ["-w", workspace, "search", "item", "-n", "1"],
        attach=["stdout", "stderr"],
        env={"NO_COLOR": "1"},
    )
    assert "search: showing the first hit; --limit 0 shows all" in one.terminal.decode()


# --------------------------------------------------------------------------- item 10: a held lock


def test_a_held_stage_lock_is_shown_as_a_wait(fed: Path) -> None:
    """Item 10: a second flush showed "flush: extracting facts" while it only waited for
    the first one's lock. The spinner now names the wait and the holder's pid."""
    (fed / ".memctl").mkdir(exist_ok=True)
    runs: list[object] = []
    terminal = bytearray()
    waiting = threading.Event()

    def watch(chunk: bytes) -> None:
        terminal.extend(chunk)
        if b"waiting for another flush" in terminal:
            waiting.set()

    with held_lock(fed / ".memctl" / "flush.lock"):
        runner = threading.Thread(
            target=lambda: runs.append(
                on_pty(["-w", fed, "flush"], env={"NO_COLOR": "1"}, on_output=watch)
            )
        )
        runner.start()
        # The lock is let go once the spinner has named the wait (filelock polls, so
        # /proc/locks shows no waiter to watch for), however long Python takes to start.
        waited = waiting.wait(120)
    runner.join(timeout=120)
    assert waited, terminal.decode("utf-8", "replace")[-2000:]
    (run,) = runs
    shown = run.terminal.decode("utf-8", "replace")  # type: ignore[attr-defined]
    assert run.returncode == 0, shown  # type: ignore[attr-defined]
    assert re.search(r"flush: waiting for another flush \(pid \d+\)…", shown), shown
    assert "flush: extracting facts" in shown  # and back to the work once it has the lock


# --------------------------------------------------------------------------- item 11: a bad $PAGER


@pytest.mark.parametrize("pager", ["nope", "LESS=x nope -R"])
def test_a_missing_pager_falls_back_to_plain_output(workspace: Path, cli, pager: str) -> None:
    """Item 11: `PAGER=nope memctl thread show big` printed only "sh: nope: not found"."""
    append(cli, workspace, "big", [{"role": "user", "content": f"line {n}"} for n in range(40)])
    run = on_pty(
        ["-w", workspace, "thread", "show", "big"],
        attach=["stdin", "stdout", "stderr"],
        env={"PAGER": pager, "LINES": "10"},
    )
    shown = run.terminal.decode("utf-8", "replace")
    assert run.returncode == 0, shown
    assert "#0 [user] line 0" in shown and "#39 [user] line 39" in shown
    assert "not found" not in shown


# --------------------------------------------------------------------------- item 12: quiet cron runs


def test_a_cron_maintain_with_nothing_to_do_writes_nothing(fed: Path) -> None:
    """Item 12: every throttled maintain wrote to stderr (cron mailed it every time), and
    "moved 0 ledgers" came on every run. Lines that are written carry their time."""
    (fed / "memory" / "2020-01-01.md").write_text("- Deploys on Tuesdays.\n")
    first = run_closed(fed, [], "maintain")
    assert first.exit_code == 0, first
    assert re.search(
        r"^maintain: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4} moved 1 ledger", first.stderr, re.M
    ), first.stderr
    assert all(line.startswith("maintain: 20") for line in first.stderr.splitlines())
    for args in (["maintain"], ["maintain", "--force"]):  # throttled; then nothing new
        again = run_closed(fed, [], *args)
        assert again.exit_code == 0 and again.stderr == "" and again.stdout == "", again
