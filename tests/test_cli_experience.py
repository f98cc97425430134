"""What a user of git, gh, rg or llm expects from memctl on a terminal and in a pipe.

Each test runs the installed command or the in-process runner against a real temporary
workspace; where the terminal matters, on a pseudo-terminal (tests/test_terminal.py).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.helpers import DANA, MEMCTL, append, time_limit


def test_a_command_without_ctx_still_honours_json_in_its_error(cli):
    """`completion` declares no context; the decorator supplies one, so --json holds."""
    run = cli("--json", "completion", "tcsh")

    assert run.exit_code == 2
    assert json.loads(run.stdout) == {
        "error": "unknown shell 'tcsh': use one of bash, zsh, fish",
        "exit_code": 2,
    }


def test_call_refuses_non_utf8_stdin_as_save_does(cli, workspace, snapshot):
    append(cli, workspace, "t1", DANA)
    before = snapshot(workspace)

    run = cli("-w", workspace, "call", "t1", "-", input=b"caf\xe9?\n")

    assert (run.exit_code, run.stdout) == (2, "")
    assert run.stderr == "memctl: error: <stdin>: not UTF-8 text (byte 3)\n"
    assert snapshot(workspace) == before


# --------------------------------------------------------------------------- 1. a closed pipe


def closed_after(args: list[str], keep: int) -> tuple[int, bytes]:
    """Run memctl with stdout on a pipe whose reader takes `keep` bytes and leaves, as
    `| head -c` does; the output is larger than a pipe's buffer, so memctl is still
    writing when the reader goes."""
    process = subprocess.Popen(
        [str(MEMCTL), *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.read(keep)
    process.stdout.close()
    stderr = process.stderr.read()
    return process.wait(timeout=time_limit(60)), stderr


@pytest.fixture
def big(workspace: Path, cli) -> Path:
    """A workspace whose search results and context are each far over 64 KiB."""
    lines = "".join(
        f"- message {n}: we deploy the ledger service on Fridays\n" for n in range(3000)
    )
    (workspace / "memory" / "2026-01-01.md").write_text(lines, encoding="utf-8")
    append(cli, workspace, "t1", [{"role": "user", "content": "message " * 20_000}])
    return workspace


@pytest.mark.parametrize(
    "args",
    [
        ["search", "-s", "all", "message", "--limit", "0"],
        ["--json", "search", "message", "--limit", "0"],
        ["context", "t1"],
        ["thread", "show", "t1"],
    ],
    ids=" ".join,
)
def test_a_closed_pipe_is_quiet_and_keeps_the_exit_code_of_the_work(big, args):
    code, stderr = closed_after(["-w", str(big), *args], keep=100)

    assert stderr == b""
    assert code == 0
