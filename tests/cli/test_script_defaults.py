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


def test_range_errors_of_thread_show_are_those_of_get(cli, workspace: Path) -> None:
    """Polish: `thread show T --start 100` and `--start 3 --end 1` exited 0 silently,
    where `get` exits 2 for the same."""
    append(cli, workspace, "t1", DANA)
    past = cli("-w", workspace, "thread", "show", "t1", "--start", "100")
    assert past.exit_code == 2 and "start entry 100 is past the end" in past.stderr
    backwards = cli("-w", workspace, "thread", "show", "t1", "--start", "3", "--end", "1")
    assert backwards.exit_code == 2
    assert backwards.stderr == "memctl: error: end entry 1 is before start entry 3\n"
    assert cli("-w", workspace, "thread", "show", "t1", "--start", "0").exit_code == 0


def test_an_empty_query_is_a_usage_error(cli, workspace: Path) -> None:
    """Polish: `search ""` exited 1 (nothing matched) where its help says 2."""
    for query in ("", "   "):
        run = cli("-w", workspace, "search", query)
        assert run.exit_code == 2
        assert run.stderr == "memctl: error: the query is empty: give a keyword to search for\n"


def test_config_show_prints_prompts_as_block_scalars(cli, workspace: Path) -> None:
    """Polish: `config show` printed the default prompts as escaped one-line strings."""
    import yaml

    from memctl.core.config import load_config

    shown = cli("-w", workspace, "config", "show")
    assert shown.exit_code == 0
    assert "  flush_prompt: |\n    You extract durable facts" in shown.stdout
    assert "\\n" not in shown.stdout
    config = load_config(workspace / "memctl.yaml", None)
    assert yaml.safe_load(shown.stdout) == config.to_dict()


def test_every_command_named_in_the_issue_has_one_example_block(cli) -> None:
    """Polish: `get --help` said "Example:" twice; thread list and config show/validate
    had none."""
    for words in (["get"], ["thread", "list"], ["config", "show"], ["config", "validate"]):
        helped = cli(*words, "--help").stdout
        assert helped.count("Example") == 1, (words, helped)
        assert "memctl " + " ".join(words) in helped.split("Example", 1)[1]


def test_usage_lines_show_arguments_plainly(cli) -> None:
    """Polish: usage lines showed `{QUERY}` in braces, and `completion [bash|zsh|fish]`
    looked optional though it is required."""
    assert cli("search", "--help").stdout.startswith("Usage: memctl search [OPTIONS] QUERY\n")
    assert cli("get", "--help").stdout.startswith("Usage: memctl get [OPTIONS] PATH\n")
    helped = cli("completion", "--help").stdout
    assert helped.startswith("Usage: memctl completion [OPTIONS] SHELL\n")
    assert "{" not in cli("thread", "show", "--help").stdout.splitlines()[0]
