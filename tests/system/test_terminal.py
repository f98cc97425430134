"""The terminal experience: a spinner only on a terminal, --quiet, NO_COLOR, the help
listing by pipeline stage, and errors that say how to fix them.

The spinner tests run the installed `memctl` with stderr on a pseudo-terminal (so
`isatty()` is really true) and stdout on a pipe, and read what the terminal received.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml

from memctl.cli.app import COMMAND_ORDER
from memctl.cli.output import working
from memctl.core.workspace import Workspace
from tests.support.conversations import LONG_THREAD
from tests.support.helpers import (
    DANA,
    MEMCTL,
    PtyRun,
    append,
    ctrl_c_at_default,
    on_pty,
    screen,
    snapshot,
    time_limit,
)
from tests.support.llm_server import write_model_config

SPINNER_FRAMES = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
COLOUR = re.compile(rb"\x1b\[[0-9;]*m")
ESCAPE = b"\x1b["


def on_terminal(args: list[str], **env: str) -> PtyRun:
    """Run memctl with stderr on a pty and stdout on a pipe."""
    return on_pty(args, attach=["stderr"], env=env)


def piped(args: list[str], **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(MEMCTL), *args],
        capture_output=True,
        env={**os.environ, **env},
        stdin=subprocess.DEVNULL,
        timeout=60,
    )


@pytest.fixture
def busy(workspace: Path, cli) -> Path:
    """A builtin workspace where every model-calling command has work to do."""
    (workspace / "memctl.yaml").write_text(
        yaml.safe_dump({"timezone": "UTC", "compaction": {"keep_tokens": 0}}), encoding="utf-8"
    )
    append(cli, workspace, "t1", DANA)
    append(cli, workspace, "build", LONG_THREAD)
    (workspace / "memory" / "2026-01-01.md").write_text("- Deploys on Tuesdays.\n")
    return workspace


MODEL_COMMANDS = {
    "flush": (["flush"], "flush: extracting facts"),
    "consolidate": (["consolidate"], "consolidate: merging into MEMORY.md"),
    "compact": (["compact", "build", "--force"], "compact: summarising thread build"),
    "call": (["call", "--new", "t1", "What did we decide?"], "call: builtin on thread t1"),
    "maintain": (["maintain", "--force"], "maintain: archiving and consolidating"),
}


# --------------------------------------------------------------------------- spinner


@pytest.mark.parametrize("name", MODEL_COMMANDS)
def test_model_work_shows_a_spinner_on_a_terminal_only(busy, name):
    args, message = MODEL_COMMANDS[name]

    seen = on_terminal(["-w", str(busy), *args])

    assert seen.returncode == 0, seen.terminal
    assert message.encode() in seen.terminal
    assert any(frame.encode() in seen.terminal for frame in SPINNER_FRAMES)
    assert COLOUR.search(seen.terminal)  # coloured, since NO_COLOR is not set
    assert ESCAPE not in seen.stdout  # results stay plain for a pipe


@pytest.mark.parametrize("name", ["flush", "call"])
def test_no_spinner_when_stderr_is_not_a_terminal(busy, name):
    args, message = MODEL_COMMANDS[name]

    done = piped(["-w", str(busy), *args])

    assert done.returncode == 0, done.stderr
    assert message.encode() not in done.stderr
    assert ESCAPE not in done.stderr and ESCAPE not in done.stdout
    assert not any(frame.encode() in done.stderr for frame in SPINNER_FRAMES)


def test_no_color_keeps_the_spinner_without_colour(busy):
    seen = on_terminal(["-w", str(busy), "flush"], NO_COLOR="1")

    assert seen.returncode == 0
    assert b"flush: extracting facts" in seen.terminal
    assert not COLOUR.search(seen.terminal)


@pytest.mark.parametrize("flag", ["-q", "--quiet"])
def test_quiet_silences_spinner_and_diagnostics_on_a_terminal(busy, flag):
    seen = on_terminal(["-w", str(busy), flag, "flush"])

    assert seen.returncode == 0
    assert seen.terminal == b""
    assert "Postgres 16" in Workspace(busy, "UTC").ledger_path().read_text(encoding="utf-8")


def test_quiet_still_reports_an_error(busy):
    seen = on_terminal(["-w", str(busy), "-q", "get", "../memctl.yaml"])

    assert seen.returncode == 2
    assert seen.terminal.startswith(b"memctl: error: ")


def test_json_on_a_terminal_has_no_spinner(busy):
    seen = on_terminal(["-w", str(busy), "--json", "flush"])

    assert seen.returncode == 0
    assert b"flush: extracting facts" not in seen.terminal
    assert json.loads(seen.stdout)["usage"]["calls"] == 2  # t1 and build


@pytest.mark.slow
def test_a_long_flush_says_which_thread_of_how_many_on_a_terminal_only(workspace, cli, llm_server):
    """A flush of many threads shows "thread n of N" beside its spinner (issue 23)."""
    write_model_config(workspace, llm_server)
    for name in ("a1", "b2", "c3"):
        append(cli, workspace, name, DANA)
    for _ in range(3):
        llm_server.slow(0.6, "NO_REPLY")

    seen = on_terminal(["-w", str(workspace), "flush"])

    assert seen.returncode == 0, seen.terminal
    for number in (1, 2, 3):
        assert f"flush: extracting facts · thread {number} of 3 · ".encode() in seen.terminal
    for name in ("a1", "b2", "c3"):
        append(cli, workspace, name, DANA)
    for _ in range(3):
        llm_server.reply("NO_REPLY")
    # In this process (litellm is imported already): stderr is no terminal there either,
    # and test_no_spinner_when_stderr_is_not_a_terminal runs the installed command so.
    done = cli("-w", workspace, "flush")
    assert done.exit_code == 0 and " of 3" not in done.stderr
    assert len(llm_server.requests) == 6  # the second flush did its three threads' work


@pytest.mark.slow
def test_ctrl_c_leaves_no_spinner_on_the_screen(workspace, cli, llm_server):
    """Ctrl-C at a real terminal, while memctl waits for the model's answer: the terminal
    echoes `^C` after the spinner's line, then "interrupted" comes. What is left on the
    screen is the echo and that line, not a frozen spinner (issue 23).

    The kernel gives the terminal's SIGINT to any thread that does not block it. Taken
    by the spinner's thread, it left the main thread asleep on the model's socket until
    the answer came: the run went on past the Ctrl-C (CI, whole suite only: 48 s, a
    hang, an exit 1 on the model's timeout). So every thread but the main must block it;
    and the Ctrl-C is sent once the request is at the server (no longer on the spinner's
    `1s`, which under load came during litellm's import, seconds before the request)."""
    # The request's timeout is longer than the answer's delay: only the Ctrl-C ends the run.
    write_model_config(workspace, llm_server, model={"timeout": "120s"})
    append(cli, workspace, "t1", DANA)
    llm_server.slow(60, "- never sent")
    controller, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))

    def own_terminal() -> None:  # Ctrl-C typed on it reaches memctl as SIGINT
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        ctrl_c_at_default()

    process = subprocess.Popen(
        [str(MEMCTL), "-w", str(workspace), "flush"],
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        env={**os.environ, "TERM": "xterm-256color", "COLUMNS": "100"},
        preexec_fn=own_terminal,
    )
    os.close(terminal)
    shown = b""
    try:
        deadline = time.monotonic() + time_limit(60)
        while not (llm_server.requests and b"extracting facts" in shown):
            assert time.monotonic() < deadline, shown
            if select.select([controller], [], [], 0.1)[0]:
                shown += os.read(controller, 4096)
        assert sigint_takers(process.pid) == [process.pid]
        os.write(controller, b"\x03")
        try:
            code: int | None = process.wait(timeout=time_limit(30))
        except subprocess.TimeoutExpired:
            code = None  # the Ctrl-C did not end it: said below, with what the screen held
        while select.select([controller], [], [], 0.2)[0]:
            try:
                chunk = os.read(controller, 4096)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
    finally:
        if process.poll() is None:
            process.kill()
        os.close(controller)

    left = [line for line in screen(shown, 100) if line.strip()]
    assert code == 130, left
    assert left == ["memctl: error: interrupted"], left


def sigint_takers(pid: int) -> list[int]:
    """The threads of process `pid` that do not block SIGINT (Linux's /proc)."""
    takers = []
    for task in sorted(Path(f"/proc/{pid}/task").iterdir(), key=lambda t: int(t.name)):
        blocked = next(
            line.split()[1]
            for line in (task / "status").read_text().splitlines()
            if line.startswith("SigBlk:")
        )
        if not int(blocked, 16) & 1 << (signal.SIGINT - 1):
            takers.append(int(task.name))
    return takers


def blocks_ctrl_c(thread: threading.Thread) -> bool:
    """Whether `thread`, of this process, blocks SIGINT (Linux's /proc)."""
    return thread.native_id not in sigint_takers(os.getpid())


@pytest.fixture
def terminal_stream():
    """A stream on a pseudo-terminal, for sys.stderr in a test (set in its body: pytest's
    capture sets sys.stderr again after the fixtures), so that `working` shows its
    spinner in this process; the terminal's side is drained so the spinner never blocks."""
    controller, terminal = pty.openpty()
    stream = os.fdopen(terminal, "w", encoding="utf-8")
    reading = threading.Event()

    def drain() -> None:
        while not reading.is_set():
            if select.select([controller], [], [], 0.05)[0]:
                try:
                    os.read(controller, 65536)
                except OSError:
                    return

    drainer = threading.Thread(target=drain)
    drainer.start()
    try:
        yield stream
    finally:
        reading.set()
        drainer.join()
        stream.close()
        os.close(controller)


TERMINAL = SimpleNamespace(json=False, quiet=False, stamp=None)
"""The global options of a command run at a terminal (memctl.cli.output.Output)."""


def test_the_spinner_started_again_after_a_pause_takes_no_ctrl_c(
    terminal_stream, monkeypatch: pytest.MonkeyPatch
):
    """`memctl call` pauses the spinner while the reply streams, and a later stage (the
    turn's flush, which may wait on the memory model) starts it again: that start made
    a new refresh thread with SIGINT unblocked, which could take the Ctrl-C while the
    main thread waited on the model's socket (the first start holds it, issue 23)."""
    monkeypatch.setattr(sys, "stderr", terminal_stream)
    with working(TERMINAL, "call: m on thread t1") as progress:
        progress.pause()
        before = set(threading.enumerate())
        progress.stage("call: flush after the reply")
        started = [thread for thread in threading.enumerate() if thread not in before]
        assert started, "the spinner started no thread"
        assert [blocks_ctrl_c(thread) for thread in started] == [True] * len(started)
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, set())


def test_a_ctrl_c_pending_as_the_spinner_starts_leaves_sigint_unblocked(
    terminal_stream, monkeypatch: pytest.MonkeyPatch
):
    """A Ctrl-C that came just before the spinner blocked SIGINT is raised by the
    blocking call itself, once the mask has changed (CPython runs pending handlers as
    pthread_sigmask returns). The block was made before the `try` that undoes it: the
    main thread kept SIGINT blocked, and every thread and program it started after
    (3 to 11 times in 300 to 500 such interrupts in 5 s of a thread sending SIGINT
    while the spinner's hold is taken; none with the hold made in the `try`). Here the
    pending Ctrl-C is raised as CPython raises it, on the blocking call."""
    monkeypatch.setattr(sys, "stderr", terminal_stream)
    real = signal.pthread_sigmask
    before = real(signal.SIG_BLOCK, set())

    def ctrl_c_pending(how: int, mask: set[int]) -> set[int]:
        previous = real(how, mask)
        if how == signal.SIG_BLOCK and signal.SIGINT in mask:
            raise KeyboardInterrupt  # the pending handler, run as the call returns
        return previous

    monkeypatch.setattr(signal, "pthread_sigmask", ctrl_c_pending)
    try:
        with pytest.raises(KeyboardInterrupt), working(TERMINAL, "flush: extracting facts"):
            pass
        assert real(signal.SIG_BLOCK, set()) == before
    finally:
        real(signal.SIG_SETMASK, before)  # a failure leaves the worker's next tests as they were


def test_the_suite_hands_its_runs_sigint_as_a_shell_gives_a_foreground_job():
    """A suite started as a background job of a script (`pytest ... &`) inherits SIGINT
    ignored, and passed it on through exec to every run: a Ctrl-C sent to a run did
    nothing (the crash point's Ctrl-C cases exited 0, in whole-suite runs started so).
    tests/conftest.py handles it again at configure time, and unblocks it; a program
    the process then starts has SIGINT neither ignored nor blocked."""
    sigint = 1 << (signal.SIGINT - 1)

    def as_a_background_job() -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})

    script = (
        "from tests.conftest import _ctrl_c_as_a_shell_gives_it\n"
        "_ctrl_c_as_a_shell_gives_it()\n"
        "import os\n"
        "os.execvp('cat', ['cat', '/proc/self/status'])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
        preexec_fn=as_a_background_job,
        timeout=time_limit(60),
    )
    assert done.returncode == 0, done.stderr
    masks = dict(line.split(":\t") for line in done.stdout.splitlines() if line.startswith("Sig"))
    assert not int(masks["SigIgn"], 16) & sigint, masks
    assert not int(masks["SigBlk"], 16) & sigint, masks


# --------------------------------------------------------------------------- help


def test_help_lists_commands_by_pipeline_stage(cli):
    from memctl.cli.app import app

    registered = {c.name for c in [*app.registered_commands, *app.registered_groups]}
    # The commands are listed under one heading per stage, between the options and the
    # epilog (whose lines are indented further).
    body = cli("--help").stdout.split("Set up and feed:\n", 1)[1].split("\n  Environment:", 1)[0]
    listed = [
        line.split()[0]
        for line in body.splitlines()
        if line.startswith("  ") and not line.startswith("   ")
    ]

    assert set(COMMAND_ORDER) == registered  # a new command must be given its place
    assert listed == list(COMMAND_ORDER)
    assert listed.index("flush") < listed.index("consolidate") < listed.index("compact")
    assert listed != sorted(listed)


# --------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    "model, variable",
    [
        ("openai:gpt-4.1-mini", "OPENAI_API_KEY"),
        ("anthropic:claude-3-5-haiku-latest", "ANTHROPIC_API_KEY"),
        ("gemini:gemini-2.0-flash", "GEMINI_API_KEY"),
    ],
)
def test_a_missing_key_names_the_providers_variable(cli, workspace, monkeypatch, model, variable):
    monkeypatch.delenv("GOOGLE_API_KEY", raising=False)
    (workspace / "memctl.yaml").write_text(f"model: {model}\n", encoding="utf-8")
    append(cli, workspace, "t1", DANA)
    before = snapshot(workspace, locks=False)

    run = cli("-w", workspace, "flush")

    assert run.exit_code == 2  # setup, found before any request
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("memctl: error: ")
    assert f"set {variable}" in lines[0] or f"or {variable}" in lines[0]
    assert "api_key_env" in lines[0]
    assert snapshot(workspace, locks=False) == before


def test_a_missing_api_key_env_names_that_variable(cli, workspace):
    (workspace / "memctl.yaml").write_text(
        "model: {name: openai:gpt-4.1-mini, api_key_env: TEAM_LLM_KEY}\n", encoding="utf-8"
    )
    append(cli, workspace, "t1", DANA)

    run = cli("-w", workspace, "flush")

    assert run.exit_code == 2
    assert "the environment variable TEAM_LLM_KEY (api_key_env) is not set" in run.stderr
    assert "OPENAI_API_KEY" not in run.stderr


def test_an_unknown_provider_says_where_to_set_the_model(cli, workspace):
    (workspace / "memctl.yaml").write_text("model: openia:gpt-4.1-mini\n", encoding="utf-8")
    append(cli, workspace, "t1", DANA)
    before = snapshot(workspace, locks=False)

    run = cli("-w", workspace, "flush")

    assert run.exit_code == 2
    (line,) = run.stderr.splitlines()
    assert "litellm knows no provider 'openia'" in line
    assert "memctl.yaml" in line and "MEMCTL_MODEL" in line and "openai:gpt-4.1-mini" in line
    assert run.stdout == ""
    assert snapshot(workspace, locks=False) == before


def test_an_unknown_model_name_says_how_to_set_it(cli, workspace, llm_server):
    write_model_config(workspace, llm_server, model={"name": "openai:gpt-9"})
    append(cli, workspace, "t1", DANA)
    llm_server.fail(404, "The model `gpt-9` does not exist or you do not have access to it.")
    before = snapshot(workspace, locks=False)

    run = cli("-w", workspace, "flush")

    assert run.exit_code == 1
    (line,) = run.stderr.splitlines()
    assert "the provider knows no such model" in line and "gpt-9" in line
    assert "memctl.yaml" in line and "MEMCTL_MODEL" in line
    assert snapshot(workspace, locks=False) == before


def test_a_bare_model_name_suggests_provider_prefix(cli, workspace):
    (workspace / "memctl.yaml").write_text("model: gpt-4.1-mini\n", encoding="utf-8")

    run = cli("-w", workspace, "status")

    assert run.exit_code == 2
    assert "provider:model" in run.stderr and "openai:gpt-4.1-mini" in run.stderr


def test_a_reader_that_goes_away_ends_output_quietly(workspace: Path):
    """`memctl ... | head`: no traceback, no "internal error" once head has read enough."""
    lines = "".join(
        json.dumps({"role": "user", "content": f"message {n} " + "padding " * 20}) + "\n"
        for n in range(5000)
    )
    (workspace / "threads" / "long.jsonl").write_text(lines, encoding="utf-8")
    for args in (
        ["--json", "thread", "show", "long"],
        ["search", "message", "--scope", "threads", "--limit", "0"],
    ):
        reader = subprocess.Popen(
            [str(MEMCTL), "-w", str(workspace), *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert reader.stdout is not None and reader.stdout.read(10)
        reader.stdout.close()  # the pipe breaks on memctl's next write
        assert reader.wait(timeout=60) in (0, 1)
        assert reader.stderr is not None and reader.stderr.read() == b""
