"""What a user of git, gh, rg or llm expects from memctl on a terminal and in a pipe.

Each test runs the installed command or the in-process runner against a real temporary
workspace; where the terminal matters, on a pseudo-terminal (tests/test_terminal.py).
"""

from __future__ import annotations

import json

from tests.test_flush import DANA, append


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
