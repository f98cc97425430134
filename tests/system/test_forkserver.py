"""The fork server (tests/support/forkserver.py) runs `memctl` as the installed executable
does: the same outputs and exit codes, the same file operations in the same order (so a
kill at write N lands where it lands on the executable), the environment, folder,
umask, stdin and argv bytes each run is given, and a fresh server for a variable read at
import. Every check compares a forked run with a run of the installed `memctl`."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.support import forkserver
from tests.support.helpers import MEMCTL, configure, crash_path
from tests.support.llm_server import write_model_config


def real(
    args: list[object], *, input: bytes | str = b"", env=None, cwd=None
) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(MEMCTL), *(a if isinstance(a, bytes) else str(a) for a in args)],
        input=input.encode() if isinstance(input, str) else input,
        capture_output=True,
        env=env,
        cwd=cwd,
        timeout=120,
        check=False,
    )


def forked(
    args: list[object], *, input: bytes | str = b"", env=None, cwd=None
) -> subprocess.CompletedProcess:
    return forkserver.run(args, input=input, env=env, cwd=cwd, timeout=120)


def same(one: subprocess.CompletedProcess, other: subprocess.CompletedProcess, *paths: Path):
    """Exit code, stdout and stderr alike, with the workspaces' own paths and today's
    times taken out."""

    def plain(data: bytes) -> str:
        text = data.decode("utf-8", "replace")
        for path in paths:
            text = text.replace(str(path), "<ws>")
        return re.sub(r"\d{4}-\d{2}-\d{2}[T ][\d:.]+(Z|[+-]\d\d:\d\d)?", "<time>", text)

    assert (one.returncode, plain(one.stdout), plain(one.stderr)) == (
        other.returncode,
        plain(other.stdout),
        plain(other.stderr),
    )


def test_a_session_of_commands_prints_and_exits_as_the_executable(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    steps: list[tuple[list[object], bytes]] = [
        (["init", "{ws}"], b""),
        (["-w", "{ws}", "save", "--", "- The build uses uv."], b""),
        (["-w", "{ws}", "save", "-"], "- Deploys go out on Fridays, café closes.\n".encode()),
        (["-w", "{ws}", "thread", "append", "t1", "-"], b'{"role": "user", "content": "hi"}\n'),
        (["-w", "{ws}", "--json", "search", "uv"], b""),
        (["-w", "{ws}", "search", "café"], b""),
        (["-w", "{ws}", "--json", "flush"], b""),
        (["-w", "{ws}", "get", "MEMORY.md"], b""),
        (["-w", "{ws}", "no-such-command"], b""),
        (["-w", "{ws}", "save"], b""),  # a usage error: exit 2
        (["-w", "{ws}", "search", b"caf\xe9"], b""),  # an argument that is not UTF-8
        (["--version"], b""),
    ]
    for args, stdin in steps:

        def at(ws: Path, args=args) -> list[object]:
            return [ws if a == "{ws}" else a for a in args]

        same(real(at(a), input=stdin), forked(at(b), input=stdin), a, b)
    assert sorted(p.relative_to(a).as_posix() for p in a.rglob("*")) == sorted(
        p.relative_to(b).as_posix() for p in b.rglob("*")
    )


def test_a_run_takes_its_environment_folder_and_umask(tmp_path, monkeypatch):
    ws = tmp_path / "ws"
    assert forked(["init", "ws"], cwd=tmp_path).returncode == 0  # relative to cwd
    env = {**os.environ, "MEMCTL_WORKSPACE": str(ws)}
    saved = forked(["save", "--", "- From the environment."], env=env, cwd="/")
    assert saved.returncode == 0, saved.stderr
    assert "From the environment." in (ws / "MEMORY.md").read_text()
    assert forked(["save", "--", "- no workspace"], cwd="/").returncode != 0  # not inherited
    monkeypatch.setattr(os, "umask", os.umask)  # restored below, whatever happens
    old = os.umask(0o077)
    try:
        assert forked(["init", tmp_path / "private"]).returncode == 0
    finally:
        os.umask(old)
    assert (tmp_path / "private" / "MEMORY.md").stat().st_mode & 0o077 == 0
    assert forked(["init", tmp_path / "open"]).returncode == 0
    assert (tmp_path / "open" / "MEMORY.md").stat().st_mode & 0o044 == 0o044


def test_a_variable_read_at_import_gets_a_server_of_its_own(tmp_path):
    """PYTHONIOENCODING is read as the interpreter starts: a run given ascii must print a
    hit's 'é' as the executable does under it (an escape), not as the first server's
    utf-8 would."""
    ws = tmp_path / "ws"
    assert forked(["init", ws]).returncode == 0
    assert forked(["-w", ws, "save", "--", "- The café opens at nine."]).returncode == 0
    ascii_env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    args: list[object] = ["-w", ws, "search", "café"]
    shown = forked(args, env=ascii_env)
    same(real(args, env=ascii_env), shown, ws)
    assert b"caf\\xe9" in shown.stdout, shown.stdout
    assert "café".encode() in forked(args).stdout


def _checkout(tmp_path: Path, version: str) -> Path:
    """A copy of the memctl package under test whose __version__ is `version`."""
    import memctl

    root = tmp_path / "checkout"
    package = Path(memctl.__file__).parent
    shutil.copytree(package, root / "memctl", ignore=shutil.ignore_patterns("__pycache__"))
    init = root / "memctl" / "__init__.py"
    text = init.read_text()
    assert '__version__ = "' in text
    init.write_text(re.sub(r'__version__ = "[^"]*"', f'__version__ = "{version}"', text))
    return root


def test_a_checkout_on_pythonpath_is_the_code_a_forked_run_runs(tmp_path, monkeypatch):
    """Review 19 #3: the server imported memctl before a run's PYTHONPATH was read, so
    with a checkout on PYTHONPATH a forked run ran the editable install while the
    executable ran the checkout. The server starts with the run's PYTHONPATH (less the
    crash point's folder): a test process that runs the checkout forks runs of the
    checkout, crash point or not; one whose runs would import another memctl than its
    own is stopped with an error that says so."""
    monkeypatch.setattr(forkserver, "EXECUTABLE", False)  # the fork server itself, always
    checkout = _checkout(tmp_path, "9.9.9-checkout")
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    assert real(["--version"], env=env).stdout.strip() == b"memctl 9.9.9-checkout"
    # This test process runs the package itself: a run of the checkout is refused.
    with pytest.raises(RuntimeError, match="would not run the code under test") as refused:
        forked(["--version"], env=env)
    assert str(checkout / "memctl") in str(refused.value)
    # A test process that runs the checkout (as `PYTHONPATH=<checkout> pytest` does).
    repository = Path(__file__).resolve().parents[2]
    script = (
        "import memctl, sys; from tests.support import forkserver, helpers\n"
        "assert memctl.__file__.startswith(sys.argv[1]), memctl.__file__\n"
        "import os; watched = {**os.environ, 'PYTHONPATH': helpers.crash_path()}\n"
        "for env in (None, watched):\n"
        "    done = forkserver.run(['--version'], env=env)\n"
        "    sys.stdout.buffer.write(done.stdout)\n"
        "print(len(forkserver._servers))\n"
    )
    child = subprocess.run(
        [sys.executable, "-c", script, str(checkout)],
        env={**env, "PYTHONPATH": os.pathsep.join([str(checkout), str(repository)])},
        cwd=tmp_path,
        capture_output=True,
        timeout=300,
        check=False,
    )
    assert child.returncode == 0, child.stderr
    assert child.stdout.decode().split("\n") == ["memctl 9.9.9-checkout"] * 2 + ["1", ""]


def _operations(run, root: Path, log: Path, args: list[str]) -> list[str]:
    env = {
        **os.environ,
        "PYTHONPATH": crash_path(),
        "MEMCTL_CRASH_ROOT": str(root),
        "MEMCTL_CRASH_LOG": str(log),
    }
    done = run(["-w", root, *args], env=env)
    assert done.returncode == 0, done.stderr
    # a temporary file's random part aside
    return [
        re.sub(r"\.\w{8}\.tmp$", ".<random>.tmp", line.split(" ", 1)[1])
        for line in log.read_text().splitlines()
    ]


def test_the_crash_point_numbers_the_same_writes_and_kills_a_forked_run(tmp_path):
    """The hook `site` installs in the executable and the one a forked run installs see
    the same file operations, in the same order; a kill before one of them ends the
    forked run by SIGKILL, with the writes before it on disk and none after."""
    template = tmp_path / "template"
    assert real(["init", template]).returncode == 0
    configure(template)
    command = ["save", "--", "- We decided to use Postgres 16 for billing."]
    copies = {}
    for name, run in (("real", real), ("forked", forked)):
        copies[name] = tmp_path / name
        shutil.copytree(template, copies[name])
        copies[name] = _operations(run, copies[name], tmp_path / f"{name}.log", command)
    assert copies["real"] == copies["forked"]
    assert len(copies["forked"]) >= 5
    # killed before the ledger's write: MEMORY.md as it was, no ledger
    point = next(n for n, op in enumerate(copies["forked"], 1) if " memory/2" in op)
    root = tmp_path / "killed"
    shutil.copytree(template, root)
    env = {
        **os.environ,
        "PYTHONPATH": crash_path(),
        "MEMCTL_CRASH_ROOT": str(root),
        "MEMCTL_CRASH_AT": str(point),
    }
    killed = forked(["-w", root, *command], env=env)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert (root / "MEMORY.md").read_bytes() == (template / "MEMORY.md").read_bytes()
    assert not list((root / "memory").glob("*.md"))


def test_a_forked_run_is_a_process_of_its_own_that_a_signal_ends(tmp_path):
    """`thread append -` waits on its stdin: the test sees the run's pid, the run is not
    the server, and SIGTERM ends it as it ends the executable (no traceback)."""
    ws = tmp_path / "ws"
    assert forked(["init", ws]).returncode == 0
    process = forkserver.Forked(
        ["-w", ws, "thread", "append", "t1", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.pid != os.getpid()
    assert Path(f"/proc/{process.pid}").exists() or not Path("/proc").exists()
    assert process.poll() is None
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=60)
    assert process.returncode == -signal.SIGTERM, (out, err)
    assert b"Traceback" not in err
    assert not (ws / "threads" / "t1.jsonl").exists()


@pytest.mark.parametrize("runs", [6])
def test_runs_side_by_side_each_get_their_own_streams(tmp_path, runs):
    """Runs started together (as the crash tests' pool starts them) do not mix their
    outputs or exit codes."""
    ws = tmp_path / "ws"
    assert forked(["init", ws]).returncode == 0
    processes = [
        forkserver.Forked(
            ["-w", ws, "search", "--json", f"word{n}"] if n % 2 else ["-w", ws, f"nothing{n}"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(runs)
    ]
    for n, process in enumerate(processes):
        out, err = process.communicate(timeout=120)
        if n % 2:
            assert process.returncode in (0, 1), err
            assert f'"query": "word{n}"' in out
        else:
            assert process.returncode == 2
            assert f"nothing{n}" in err


def test_a_server_stuck_at_start_or_before_the_pid_fails_the_test_with_a_message(
    tmp_path, monkeypatch
):
    """Review 19 #10: a server stuck in an import, or a handler that never sends the
    run's pid, hung the test run with no message. Each wait has a time limit and says
    what did not come; a server that ends before it is ready says what it wrote."""
    monkeypatch.setattr(forkserver, "EXECUTABLE", False)  # the fork server itself, always
    monkeypatch.setattr(forkserver, "_servers", {})
    monkeypatch.setattr(forkserver, "START_SECONDS", 1.0)
    monkeypatch.setattr(forkserver, "LAUNCH", "import time; time.sleep(60)")
    started = time.monotonic()
    with pytest.raises(RuntimeError, match="did not say it was ready in 1 s"):
        forked(["--version"])
    assert time.monotonic() - started < 30  # the stuck server was killed, not waited for
    monkeypatch.setattr(forkserver, "LAUNCH", "print('no memctl here')")
    with pytest.raises(RuntimeError, match="did not start: b'no memctl here'"):
        forked(["--version"])
    # A server that takes the run and never answers.
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    listener.bind(str(tmp_path / "mute"))
    listener.listen(1)
    mute = SimpleNamespace(address=str(tmp_path / "mute"))
    monkeypatch.setattr(forkserver, "_server", lambda environment: mute)
    monkeypatch.setattr(forkserver, "REPLY_SECONDS", 1.0)
    with pytest.raises(RuntimeError, match="sent no pid for `memctl --version` in 1 s"):
        forked(["--version"])
    listener.close()


def test_a_model_call_is_forked_with_litellm_when_its_import_would_read_the_same(
    tmp_path, monkeypatch, llm_server
):
    """A run that calls a provider model (`model=True`) is forked from a server that has
    imported litellm and prints what the executable prints; one whose environment
    differs in a variable litellm's import read (NO_COLOR, read first by its log
    colours) is forked from the server without litellm, which it imports itself."""
    monkeypatch.setattr(forkserver, "EXECUTABLE", False)  # the fork server itself, always
    ws = tmp_path / "ws"
    assert forked(["init", ws]).returncode == 0
    write_model_config(ws, llm_server, memory={"hooks": False})
    runs = []
    for thread, env in (("t1", None), ("t2", {**os.environ, "NO_COLOR": "1"})):
        llm_server.reply("Postgres 16.")
        process = forkserver.popen(
            ["-w", ws, "call", "--new", thread, "Which database?"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            model=True,
        )
        out, err = process.communicate(timeout=120)
        assert isinstance(process, forkserver.Forked)
        runs.append((process.forked_with_litellm, process.returncode, out, err))
    llm_server.reply("Postgres 16.")
    executable = real(["-w", ws, "call", "--new", "t3", "Which database?"])

    assert executable.returncode == 0 and executable.stdout == b"Postgres 16.\n"
    assert runs == [
        (True, 0, executable.stdout, executable.stderr),
        (False, 0, executable.stdout, executable.stderr),
    ]
