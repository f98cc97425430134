"""Click's own usage errors in memctl's format, and `save` reading a pipe without TEXT.

A missing argument, an unknown command or option, or a value of the wrong type is a
usage error like any other: one `memctl: error:` line on stderr with a hint, exit 2,
and the JSON error document on stdout under --json, never click's four-line box.
Most tests run in-process through the `cli` runner; the installed `memctl` shows the
same through `main()`, which builds only the command that runs.
"""

from __future__ import annotations

import json

import pytest

from memctl.cli.output import JSON_SCHEMA
from tests.support.helpers import on_pty, run_memctl

USAGE_ERRORS = {
    "missing argument": (["search"], "Missing argument 'QUERY'.", "(memctl search --help)"),
    "unknown command": (["bogus"], "No such command 'bogus'.", "(memctl --help)"),
    "bad integer": (
        ["get", "MEMORY.md", "--start", "abc"],
        "Invalid value for '--start'",
        "(memctl get --help)",
    ),
    "unknown option": (["status", "--bogus"], "No such option: --bogus", "(memctl status --help)"),
    "unknown global option": (["--bogus", "status"], "No such option: --bogus", "(memctl --help)"),
    "global option without value": (
        ["-w"],
        "Option '-w' requires an argument.",
        "(memctl --help)",
    ),
    "unknown subcommand": (
        ["thread", "bogus"],
        "No such command 'bogus'.",
        "(memctl thread --help)",
    ),
    "missing command": (["--quiet"], "Missing command.", "(memctl --help)"),
}


def one_error_line(stderr: str, message: str, hint: str) -> None:
    (line,) = stderr.splitlines()
    assert line.startswith(f"memctl: error: {message}")
    assert line.endswith(hint)
    assert "Usage:" not in stderr and "Try '" not in stderr


@pytest.mark.parametrize("case", USAGE_ERRORS)
def test_a_usage_error_is_one_line_and_exit_2(cli, workspace, case):
    args, message, hint = USAGE_ERRORS[case]

    run = cli(*args)

    assert run.exit_code == 2
    one_error_line(run.stderr, message, hint)
    assert run.stdout == ""


@pytest.mark.parametrize("case", USAGE_ERRORS)
def test_a_usage_error_under_json_prints_the_error_document(cli, workspace, case):
    args, message, hint = USAGE_ERRORS[case]

    run = cli("--json", *args)

    assert run.exit_code == 2
    one_error_line(run.stderr, message, hint)
    document = json.loads(run.stdout)
    assert document == {
        "schema": JSON_SCHEMA,
        "error": run.stderr.strip().removeprefix("memctl: error: "),
        "exit_code": 2,
    }


@pytest.mark.parametrize(
    ("args", "suggested"),
    [
        (["index", "--bogus"], None),  # click offered --verbose, a global option
        (["search", "x", "--verbos"], None),
        (["flush", "--dry-rn"], "(Possible options: --dry-run)"),
        (["search", "x", "--limt", "3"], "(Possible options: --limit)"),
        (["--verbos", "status"], "(Possible options: --verbose, --version)"),
    ],
)
def test_an_unknown_option_is_offered_only_the_options_its_help_lists(cli, args, suggested):
    """The global options are accepted after a command but hidden from its help (audit
    12 #9): `index --bogus` was told "(Possible options: --verbose)"."""
    run = cli(*args)

    assert run.exit_code == 2
    (line,) = run.stderr.splitlines()
    if suggested is None:
        assert "Possible option" not in line
    else:
        assert suggested in line


def test_json_counts_after_the_command_too(cli):
    """`--json` after the command is the global flag, as in gh, rg and llm (it used to be
    the command's unknown option): here the missing workspace comes as the JSON error."""
    run = cli("search", "x", "--json")

    assert run.exit_code == 2
    assert "No such option" not in run.stderr
    assert json.loads(run.stdout)["error"] == run.stderr.strip().removeprefix("memctl: error: ")


def test_a_memctl_error_keeps_its_format(cli, workspace):
    """The same one line as before for memctl's own errors: no hint is added to them."""
    run = cli("-w", workspace, "--json", "get", "../memctl.yaml")

    assert run.exit_code == 2
    (line,) = run.stderr.splitlines()
    assert line.startswith("memctl: error: ") and "--help)" not in line
    assert json.loads(run.stdout)["exit_code"] == 2


@pytest.mark.parametrize(
    "args",
    [["--help"], ["-h"], ["--json", "--help"], ["search", "--help"], ["thread", "append", "-h"]],
)
def test_help_still_exits_0(cli, args):
    run = cli(*args)

    assert run.exit_code == 0
    assert run.stdout.startswith("Usage: memctl")
    assert run.stderr == ""


def test_version_still_exits_0(cli):
    run = cli("--json", "--version")

    assert run.exit_code == 0
    assert run.stdout.startswith("memctl ")


@pytest.mark.parametrize("args", [[], ["thread"], ["config"]])
def test_no_command_still_prints_the_help(cli, args):
    """As before: the help on stderr and exit 2 (nothing was done)."""
    run = cli(*args)

    assert run.exit_code == 2
    assert run.stderr.startswith(f"Usage: {' '.join(['memctl', *args])} ")
    listing = "Set up and feed:" if not args else "Commands:"  # the root groups by stage
    assert listing in run.stderr and "memctl: error" not in run.stderr
    assert run.stdout == ""


@pytest.mark.parametrize("case", ["missing argument", "unknown command", "bad integer"])
def test_the_installed_command_formats_usage_errors(workspace, case):
    args, message, hint = USAGE_ERRORS[case]

    done = run_memctl(workspace, "--json", *args, executable=True)

    assert done.exit_code == 2
    one_error_line(done.stderr, message, hint)
    assert json.loads(done.stdout)["exit_code"] == 2


# --------------------------------------------------------------------------- save, no TEXT


def test_save_without_text_reads_a_pipe(cli, workspace):
    run = cli("-w", workspace, "save", input="- Deploys on Fridays.\n")

    assert run.exit_code == 0, run.stderr
    assert "saved 1 memory" in run.stderr
    assert (workspace / "MEMORY.md").read_text(encoding="utf-8").endswith("- Deploys on Fridays.\n")


def test_save_without_text_under_json(cli, workspace):
    run = cli("-w", workspace, "--json", "save", "--dry-run", input="- Deploys on Fridays.\n")

    assert run.exit_code == 0, run.stderr
    assert json.loads(run.stdout)["memories"] == 1


def test_save_without_text_on_a_terminal_is_a_usage_error(workspace, snapshot):
    """A terminal on stdin and no TEXT: say what to do at once instead of waiting."""
    before = snapshot(workspace)
    done = on_pty(["-w", workspace, "--json", "save"], attach=["stdin"])

    assert done.returncode == 2
    (line,) = done.stderr.decode().splitlines()
    assert line.startswith("memctl: error: ") and "TEXT" in line and "stdin" in line
    assert json.loads(done.stdout)["exit_code"] == 2
    assert snapshot(workspace) == before


@pytest.mark.parametrize(
    ("args", "what"),
    [
        (["search", b"x\xff"], "the query"),
        (["recall", b"x\xff"], "the query"),
        (["explain", b"x\xff"], "what to explain"),
        (["forget", "Dana", "--replace", b"x\xff"], "the replacement"),
    ],
)
def test_text_that_is_no_utf8_is_one_line_and_exit_2(workspace, snapshot, args, what):
    """Audit 3a, defect 11: bytes a shell passed that are no UTF-8 text ended search and
    forget --replace in an internal error (exit 70), and explain in "no bullet matches"
    (exit 1)."""
    (workspace / "MEMORY.md").write_text("- Dana leads the payments team.\n")
    before = snapshot(workspace)

    done = run_memctl(workspace, *args)

    assert done.exit_code == 2
    assert done.stderr == f"memctl: error: {what} is not UTF-8 text: 'x\\udcff'\n"
    assert done.stdout == ""
    assert snapshot(workspace) == before
