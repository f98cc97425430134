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
import subprocess
from pathlib import Path

import pytest

from tests.support import forkserver
from tests.support.helpers import CRASHPOINT, MEMCTL, configure


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


def _operations(run, root: Path, log: Path, args: list[str]) -> list[str]:
    env = {
        **os.environ,
        "PYTHONPATH": str(CRASHPOINT),
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
        "PYTHONPATH": str(CRASHPOINT),
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
