"""What the test modules share: the installed command, how to run it (in a pipe or on a
terminal), snapshots of a workspace, and small builders of thread logs.

The command is found beside the interpreter running the suite (the venv's bin/), never at a
literal path, so the suite passes on any machine that installed the project. Time limits
scale with the machine (`time_limit`), so a loaded 2-core runner does not fail a test that
only waited for Python to start.
"""

from __future__ import annotations

import functools
import json
import os
import pty
import re
import select
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.support import forkserver

MEMCTL = Path(sys.executable).with_name("memctl")
CRASHPOINT = forkserver.CRASHPOINT
"""Put on PYTHONPATH, it kills a memctl run at an exact file operation (its
sitecustomize.py says how); tests/system/test_crash.py and the index's kill test use it."""


def crash_path() -> str:
    """PYTHONPATH for a run the crash point watches: its folder, then the test process's
    own PYTHONPATH (the checkout under test, when one is on it), so that the run, forked
    or the executable, runs the same memctl as the test."""
    return os.pathsep.join([str(CRASHPOINT), *filter(None, [os.environ.get("PYTHONPATH")])])


# --------------------------------------------------------------------------- time limits


@functools.cache
def ctrl_c_at_default() -> None:
    """A preexec_fn: the child starts with SIGINT at its default and not blocked, as a
    job-control shell starts a foreground job. A disposition or mask the test process
    inherited (an ignored or blocked SIGINT goes through exec) would make a Ctrl-C sent
    to the run a no-op: seen in whole-suite runs only, never alone."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


_IMPORT_TIMED: list[tuple[float, float]] = []  # (when, seconds): the last measurement
_IMPORT_TIMING = threading.Lock()
IMPORT_TIMING_KEPT = 60.0
"""Seconds a measurement of litellm's import stands for the machine's load. test_crash's
runs each ask for a time limit from eight threads: a fresh interpreter importing litellm
per run cost seconds of CPU each, on a machine the suite already keeps busy."""


def litellm_import_seconds() -> float:
    """How long this machine, as loaded as it is now (the last minute), takes to import
    litellm: the slowest thing a model-calling run does before its first request. Timed
    here, in this process, when litellm is not imported yet: the fixtures of the
    in-process model tests call this first, so the import they need anyway is the
    measurement. Else a fresh interpreter imports it (seconds more), at most once a
    minute (`IMPORT_TIMING_KEPT`); threads asking meanwhile wait for the one timing."""
    with _IMPORT_TIMING:
        now = time.monotonic()
        if _IMPORT_TIMED and now - _IMPORT_TIMED[-1][0] < IMPORT_TIMING_KEPT:
            return _IMPORT_TIMED[-1][1]
        if "litellm" not in sys.modules:
            import litellm  # noqa: F401
        else:
            subprocess.run(
                [sys.executable, "-c", "import litellm"], check=False, capture_output=True
            )
        _IMPORT_TIMED[:] = [(now, time.monotonic() - now)]
        return _IMPORT_TIMED[-1][1]


def time_limit(floor: float) -> float:
    """A wait that a hung run exceeds but a slow machine does not: `floor` seconds, or ten
    times this machine's litellm import when that is longer."""
    return max(floor, 10 * litellm_import_seconds())


# --------------------------------------------------------------------------- running


ISOLATED_PREFIXES = ("MEMCTL_", "OPENAI_", "ANTHROPIC_", "AZURE_", "GEMINI_", "LITELLM_")
# and the homes of the agents whose sessions `thread import --all` reads
ISOLATED_NAMES = ("NO_COLOR", "FORCE_COLOR", "CLAUDE_CONFIG_DIR", "CODEX_HOME")


def isolate(monkeypatch: pytest.MonkeyPatch) -> None:
    """Take the developer's keys, workspace and model override out of this process's
    environment (and so of every memctl it starts), until `monkeypatch` undoes it: each
    test's (tests/conftest.py's isolated_env), or a module fixture's own, whose setup runs
    before any test's."""
    for name in list(os.environ):
        if name.startswith(ISOLATED_PREFIXES) or name in ISOLATED_NAMES:
            monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LITELLM_LOCAL_MODEL_COST_MAP", "True")


@dataclass
class Run:
    """A finished memctl run, in-process (Typer's runner) or as a subprocess."""

    exit_code: int
    stdout: str
    stderr: str


def run_memctl(
    root: Path | None,
    *args: object,
    input: str | bytes | None = None,
    env: Mapping[str, str] | None = None,
    timeout: float = 180,
    prefix: Sequence[str] = (),
    executable: bool = False,
    model: bool = False,
) -> Run:
    """memctl in a process of its own (`-w root` first when `root` is given): a hang is a
    timeout, not a stuck suite. Arguments may be bytes (what a shell passes when they are
    not UTF-8); output is decoded leniently, so a test can assert on what a bad byte did.
    The run is forked from the test process's fork server (tests/support/forkserver.py:
    the same process, streams and exit status as the installed command's, without its
    start-up); `prefix` is a command that runs the installed command itself (setpriv, for
    `run_unprivileged`; prlimit), and `executable` runs it with none. `model`: the run
    calls a provider (a model or an embedder through litellm), forked with litellm
    imported (forkserver.popen's `model`)."""
    words = [a if isinstance(a, bytes) else str(a) for a in args]
    options = [*(["-w", str(root)] if root is not None else []), *words]
    data = input.encode("utf-8") if isinstance(input, str) else input
    environment = {**os.environ, **env} if env is not None else None
    if not prefix and not executable:
        done = forkserver.run(
            [os.fsdecode(word) for word in options],
            input=data if data is not None else b"",
            env=environment,
            timeout=timeout,
            model=model,
        )
    else:
        done = subprocess.run(
            [*prefix, str(MEMCTL), *options],
            input=data if data is not None else b"",
            capture_output=True,
            env=environment,
            timeout=timeout,
            check=False,
        )
    return Run(
        done.returncode,
        done.stdout.decode("utf-8", "replace"),
        done.stderr.decode("utf-8", "replace"),
    )


@contextmanager
def refused_port() -> Iterator[int]:
    """A loopback port that refuses connections for the block: bound, never listening.
    A port bound and let go at once is free for any other process to take meanwhile
    (the workers' loopback servers bind ephemeral ports), which would then answer."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        yield sock.getsockname()[1]


NOBODY = 65534
"""The user (and group) `run_unprivileged` runs memctl as when the suite runs as root."""


def run_unprivileged(root: Path, *args: object) -> Run:
    """`memctl -w root ARGS` as a user whom file modes bind, for the tests of a folder
    memctl may not write. Root writes through any mode, and CI runs as root: there the run
    is made as nobody, through setpriv, after the workspace is given to nobody (so that
    only the modes the test set deny a write). Nobody keeps one capability,
    CAP_DAC_READ_SEARCH: it reads and searches every file and folder, so the venv (whose
    interpreter may live in root's home, mode 0700) and the test's tmp_path (0700) need
    not be opened to it, while every write is checked as nobody's. A user other than root
    runs memctl as itself."""
    if os.geteuid() != 0:
        return run_memctl(root, *args)
    setpriv = shutil.which("setpriv")
    assert setpriv, "setpriv (util-linux) is needed to run memctl unprivileged as root"
    os.lchown(root, NOBODY, NOBODY)
    for folder, names, files in os.walk(root):  # symlinks are changed, never followed
        for name in names + files:
            os.lchown(os.path.join(folder, name), NOBODY, NOBODY)
    reader = "+dac_read_search"
    prefix = [
        setpriv,
        f"--reuid={NOBODY}",
        f"--regid={NOBODY}",
        "--clear-groups",
        f"--inh-caps={reader}",
        f"--ambient-caps={reader}",
    ]
    return run_memctl(root, *args, prefix=prefix)


REPORT_MODULES = """
import atexit, json, runpy, sys
target = sys.argv[1]
def report():
    with open(target, "w", encoding="utf-8") as out:
        json.dump(sorted(sys.modules), out)
atexit.register(report)
sys.argv = ["memctl", *sys.argv[2:]]
runpy.run_module("memctl", run_name="__main__")
"""


@dataclass
class ModulesRun:
    """A run in a fresh interpreter, and the modules it had loaded when it exited."""

    stdout: str
    modules: set[str]


def modules_after(
    args: Sequence[str], workspace: Path, report: Path, exit_code: int = 0, *, input: str = ""
) -> ModulesRun:
    """Run `python -m memctl -w WORKSPACE ARGS` (the real entry point) in a fresh
    interpreter, which writes the modules it loaded to `report` as it exits."""
    done = subprocess.run(
        [sys.executable, "-c", REPORT_MODULES, str(report), "-w", str(workspace), *args],
        input=input,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == exit_code, f"memctl {' '.join(args)}: {done.stderr}"
    assert "Traceback" not in done.stderr
    return ModulesRun(done.stdout, set(json.loads(report.read_text(encoding="utf-8"))))


@dataclass
class PtyRun:
    returncode: int
    stdout: bytes
    """What went to a pipe (empty when stdout was the terminal)."""
    stderr: bytes
    """Likewise for stderr."""
    terminal: bytes
    """Everything written to the pseudo-terminal."""


def on_pty(
    args: Sequence[object],
    *,
    attach: Sequence[str] = ("stderr",),
    env: Mapping[str, str] | None = None,
    timeout: float = 180,
    on_output: Callable[[bytes], None] | None = None,
    model: bool = False,
) -> PtyRun:
    """Run the installed memctl with the streams named in `attach` ("stdin", "stdout",
    "stderr") on one pseudo-terminal, the others on pipes (stdin: /dev/null).
    `on_output`, when given, is called with each piece written to the terminal as it
    comes, for a test that waits on what the run shows. `model`: the run calls a
    provider model, and is forked with litellm imported (forkserver.popen's `model`)
    instead of paying that import in the installed command."""
    controller, terminal = pty.openpty()
    environment = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "100", **(env or {})}
    streams: dict[str, Any] = {
        "stdin": terminal if "stdin" in attach else subprocess.DEVNULL,
        "stdout": terminal if "stdout" in attach else subprocess.PIPE,
        "stderr": terminal if "stderr" in attach else subprocess.PIPE,
    }
    process: subprocess.Popen[bytes] | forkserver.Forked
    if model:
        process = forkserver.popen(list(args), env=environment, model=True, **streams)
    else:
        process = subprocess.Popen([str(MEMCTL), *map(str, args)], env=environment, **streams)
    os.close(terminal)
    piped: dict[str, bytes] = {}
    # The pipes are drained beside the terminal, so neither side can fill up and block.
    drain = threading.Thread(
        target=lambda: piped.update(zip(("stdout", "stderr"), process.communicate(), strict=True))
    )
    drain.start()
    shown = []
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([controller], [], [], 0.1)
            if not ready:
                if process.poll() is not None and not drain.is_alive():
                    break
                continue
            try:
                chunk = os.read(controller, 65536)
            except OSError:  # EIO: every writer closed the terminal
                break
            if not chunk:
                break
            shown.append(chunk)
            if on_output is not None:
                on_output(chunk)
    finally:
        os.close(controller)
        if process.poll() is None and time.monotonic() >= deadline:
            process.kill()
        drain.join(timeout)
    return PtyRun(
        process.wait(timeout),
        piped.get("stdout") or b"",
        piped.get("stderr") or b"",
        b"".join(shown),
    )


def screen(shown: bytes, columns: int) -> list[str]:
    """The lines a terminal `columns` wide holds after `shown`, the bytes written to it:
    text wraps at the edge (the cursor waits past the last column until the next
    character, as xterm's does), `\\r`, `\\n`, erase-line and cursor-up are obeyed, colours
    and other control sequences ignored. Enough to see what a spinner left behind."""
    lines: list[list[str]] = [[]]
    row = column = 0
    pending_wrap = False
    text = shown.decode("utf-8", "replace")
    position = 0
    control = re.compile(r"\x1b\[([?0-9;]*)([A-Za-z])")
    while position < len(text):
        match = control.match(text, position)
        if match:
            argument, code = match.groups()
            count = int(argument) if argument.isdigit() else 1
            if code == "K":
                line = lines[row]
                if argument == "2":
                    line.clear()
                elif argument in ("", "0"):
                    del line[column:]
            elif code == "A":
                row, pending_wrap = max(0, row - count), False
            position = match.end()
            continue
        char = text[position]
        position += 1
        if char == "\r":
            column, pending_wrap = 0, False
        elif char == "\n":
            row, pending_wrap = row + 1, False
        elif char == "\b":
            column = max(0, column - 1)
        elif char.isprintable():
            if pending_wrap:
                row, column, pending_wrap = row + 1, 0, False
            while len(lines) <= row:
                lines.append([])
            line = lines[row]
            line.extend(" " * (column + 1 - len(line)))
            line[column] = char
            if column == columns - 1:
                pending_wrap = True
            else:
                column += 1
        while len(lines) <= row:
            lines.append([])
    return ["".join(line).rstrip() for line in lines]


MEMORY_TOOLS = (
    "memory_search",
    "memory_recall",
    "memory_get",
    "memory_save",
    "memory_forget",
    "memory_replace",
    "memory_explain",
    "thread_search",
    "thread_history",
)
"""The tools memctl offers an agent, over MCP and in `call` (in the order `call` sends
them, before its own read_file)."""


# --------------------------------------------------------------------------- workspaces


def is_lock(path: Path) -> bool:
    """The (empty) lock files a run leaves in .memctl/ by design."""
    return path.name == "lock" or path.name.endswith(".lock")


HOLD_LOCK = """
import sys
from filelock import FileLock
lock = FileLock(sys.argv[1])
lock.acquire()
print("held", flush=True)
sys.stdin.read()
"""


@contextmanager
def held_lock(path: Path) -> Iterator[None]:
    """Another process holds the lock file `path` for the block, as a concurrent memctl
    would: a lock taken in this process would be re-entrant, not contended."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_LOCK, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdin is not None and holder.stdout is not None
    try:
        assert holder.stdout.readline() == "held\n"
        yield
    finally:
        holder.stdin.close()  # ends its read: it exits, and the lock is free again
        holder.wait(timeout=30)


BM25_ONLY = "recall:\n  semantic: off\n"
"""memctl.yaml for recall by BM25 alone, whether or not memctl[semantic] is installed."""

INDEX_CACHE = ("index.sqlite", "index.sqlite-wal", "index.sqlite-shm", "config.json")


def is_cache(path: Path) -> bool:
    """The search index and the parsed memctl.yaml: caches that reading commands
    (search, recall, the MCP tools) bring up to date; not part of what a command
    changes."""
    return path.parent.name == ".memctl" and path.name in INDEX_CACHE


def configure(root: Path, **extra: Any) -> None:
    """memctl.yaml in the UTC timezone (so the day a ledger is named for does not depend
    on the machine's), with `extra` as further top-level keys."""
    (root / "memctl.yaml").write_text(yaml.safe_dump({"timezone": "UTC", **extra}))


def snapshot(root: Path, *, locks: bool = True) -> dict[str, Any]:
    """Every file's bytes, folder and symlink under `root`, to prove that a run left it as it
    was. With `locks=False` the lock files, and a .memctl folder made only for them, are
    left out: a failed run may leave those behind, a dry run must not (check it with
    `locks=True`)."""
    found: dict[str, Any] = {}
    for path in sorted(root.rglob("*")):
        name = path.relative_to(root).as_posix()
        if path.is_symlink():
            found[name] = ("link", os.readlink(path))
        elif path.is_dir():
            if path.name != ".memctl" or any(
                not is_cache(p) and (locks or not is_lock(p)) for p in path.iterdir()
            ):
                found[name] = "dir"
        elif path.is_fifo():
            found[name] = "fifo"
        elif is_cache(path):
            continue
        elif locks or not is_lock(path):
            found[name] = path.read_bytes()
    return found


def jsonl(messages: Sequence[Mapping[str, Any]]) -> str:
    return "".join(json.dumps(m) + "\n" for m in messages)


def append(cli, root: Path, thread: str, messages: Sequence[Mapping[str, Any]]) -> None:
    """`memctl thread append`, which must succeed."""
    run = cli("-w", root, "thread", "append", thread, "-", input=jsonl(messages))
    assert run.exit_code == 0, run.stderr


def write_log(root: Path, thread: str, entries: Sequence[Mapping[str, Any]]) -> Path:
    """A thread log written directly, bypassing `thread append`'s checks."""
    path = root / "threads" / f"{thread}.jsonl"
    path.write_text(jsonl(entries), encoding="utf-8")
    return path


def read_log(root: Path, thread: str) -> list[dict[str, Any]]:
    path = root / "threads" / f"{thread}.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def state(root: Path) -> dict[str, Any]:
    """.memctl/state.json as JSON, {} before the first run that writes it."""
    path = root / ".memctl" / "state.json"
    return json.loads(path.read_text()) if path.exists() else {}


def ledger(root: Path) -> Path:
    """Today's ledger, in UTC (the tests' workspaces set `timezone: UTC`)."""
    return root / "memory" / f"{datetime.now(UTC).date()}.md"


DANA = [
    {"role": "user", "content": "Hi! My name is Dana and I lead the payments team."},
    {"role": "assistant", "content": "Nice to meet you, Dana. How can I help?"},
    {"role": "user", "content": "We decided to move the ledger service to Postgres 16."},
    {"role": "assistant", "content": "Understood, the ledger service moves to Postgres 16."},
]


def chat(turns: int, words: int = 5) -> list[dict[str, Any]]:
    """user/assistant pairs; every user message names its turn."""
    out = []
    for n in range(turns):
        filler = " ".join(["filler"] * words)
        out.append({"role": "user", "content": f"Turn {n}: we decided to use tool{n}. {filler}"})
        out.append({"role": "assistant", "content": f"Noted turn {n}."})
    return out


_JSON_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_WRAP = re.compile(r"\r?\n[ \t]*")


def readings(text: str, depth: int = 3) -> list[str]:
    """`text` as every reader of it may see it: each JSON string in it decoded in place
    (`\\u00e9`, a surrogate pair, `\\"`, `\\\\`, `\\/`; one that is no JSON as written),
    that with each line wrap and the indentation after it taken out (a token a ledger
    bullet wraps), and each decoded string read so in turn (the JSON in a tool call's
    arguments), `depth` times."""
    decoded: list[str] = []

    def decode(token: re.Match[str]) -> str:
        try:
            value = json.loads(token[0])
        except ValueError:
            return token[0]
        if value != token[0][1:-1]:
            decoded.append(value)
        return f'"{value}"'

    text = _JSON_STRING.sub(decode, text) if depth else text
    found = [text, _WRAP.sub("", text)]
    for value in decoded:
        found += readings(value, depth - 1)
    return found


def pieces_left(
    paths: Sequence[Path], token: str, *, besides: Sequence[str] = (), size: int = 4
) -> dict[str, set[str]]:
    """What a purge audit finds of `token` in the files under `paths` (a file or a folder
    each, .memctl/ and the index included): each piece of `size` characters of it (its
    tail `\\u00e9fgh1234` after a purge masked `abcd` is a piece), any case, in any reading
    of a file (`readings`) but within a word of `besides` (another word the token is
    part of, which is no copy of it), by file. Empty when no file holds any."""
    wanted = {token[at : at + size].casefold() for at in range(len(token) - size + 1)}
    left: dict[str, set[str]] = {}
    files = [p for path in paths for p in ([path] if path.is_file() else path.rglob("*"))]
    for path in files:
        if not path.is_file():
            continue
        text = path.read_bytes().decode("utf-8", "replace")
        views = [reading.casefold() for reading in readings(text)]
        for word in besides:
            views = [view.replace(word.casefold(), " ") for view in views]
        seen = {piece for view in views for piece in wanted if piece in view}
        if seen:
            left[str(path)] = seen
    return left
