"""Defaults that surprise a script (issue 23): options that name a thread take what a
THREAD argument takes, and errors about a thread say only what fits the command."""

from __future__ import annotations

from pathlib import Path

from tests.support.helpers import DANA, append, snapshot


def test_thread_options_take_a_prefix(cli, workspace: Path) -> None:
    """Item 9: `--thread T` took no prefix, while a positional THREAD did."""
    append(cli, workspace, "support-42", DANA)
    searched = cli("-w", workspace, "search", "Dana", "--thread", "supp")
    assert searched.exit_code == 0, searched.stderr
    assert searched.stdout.startswith("threads/support-42.jsonl#")
    flushed = cli("-w", workspace, "flush", "--thread", "supp")
    assert flushed.exit_code == 0, flushed.stderr
    assert "thread support-42:" in flushed.stderr


def test_thread_options_suggest_and_do_not_start(cli, workspace: Path) -> None:
    append(cli, workspace, "support-42", DANA)
    before = snapshot(workspace)
    for args in (["flush", "--thread", "support-24"], ["search", "x", "-t", "support-24"]):
        run = cli("-w", workspace, *args)
        assert run.exit_code == 2
        assert run.stderr == (
            "memctl: error: no thread 'support-24' (no threads/support-24.jsonl); "
            "did you mean 'support-42'?\n"
        )
    assert snapshot(workspace) == before


def test_rm_and_rename_do_not_suggest_starting_a_thread(cli, workspace: Path) -> None:
    """Polish: did-you-mean on rm and rename suggested `call … --new` too."""
    append(cli, workspace, "support-42", DANA)
    for args in (["rm", "support-24"], ["rename", "support-24", "x"]):
        run = cli("-w", workspace, "thread", *args)
        assert run.exit_code == 2
        assert "did you mean 'support-42'" in run.stderr
        assert "--new" not in run.stderr and "starts it" not in run.stderr
