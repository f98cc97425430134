"""What a user of git, gh, rg or llm expects from memctl on a terminal and in a pipe.

Each test runs the installed command or the in-process runner against a real temporary
workspace; where the terminal matters, on a pseudo-terminal (tests/system/test_terminal.py).
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import select
import subprocess
import sys
import termios
import time
from datetime import timedelta
from pathlib import Path

import pytest

from memctl.cli.output import JSON_SCHEMA
from memctl.core.workspace import Workspace
from tests.support import forkserver
from tests.support.helpers import (
    DANA,
    MEMCTL,
    append,
    crash_path,
    ctrl_c_at_default,
    jsonl,
    modules_after,
    on_pty,
    read_log,
    run_memctl,
    run_unprivileged,
    time_limit,
)
from tests.support.llm_server import write_model_config


def test_a_command_without_ctx_still_honours_json_in_its_error(cli):
    """`completion` declares no context; the decorator supplies one, so --json holds."""
    run = cli("--json", "completion", "tcsh")

    assert run.exit_code == 2
    assert json.loads(run.stdout) == {
        "schema": JSON_SCHEMA,
        "error": "unknown shell 'tcsh': use one of bash, zsh, fish",
        "exit_code": 2,
    }


def test_completion_with_json_wraps_the_script(cli):
    """Audit 7 #10: `--json completion bash` printed the bare script: not the one JSON
    document --json promises. It is the script under `script`, byte for byte."""
    from memctl.cli.commands.completion import completion_script

    run = cli("--json", "completion", "bash")

    assert run.exit_code == 0, run.stderr
    assert json.loads(run.stdout) == {
        "schema": JSON_SCHEMA,
        "shell": "bash",
        "script": completion_script("bash"),
    }
    assert cli("completion", "bash").stdout == completion_script("bash")


def test_call_refuses_non_utf8_stdin_as_save_does(cli, workspace, snapshot):
    append(cli, workspace, "t1", DANA)
    before = snapshot(workspace)

    run = cli("-w", workspace, "call", "--new", "t1", "-", input=b"caf\xe9?\n")

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
        # Every hit of a large workspace, stopped by the reader: seconds of output.
        pytest.param(["search", "-s", "all", "message", "--limit", "0"], marks=pytest.mark.slow),
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


# --------------------------------------------------------------------------- 2. call: the reply first


@pytest.mark.slow
def test_call_prints_the_reply_before_the_per_call_flush_ends(workspace, llm_server):
    # A minute for an answer: the flush's comes 3 s late on purpose, 2 s within the
    # default 5 s timeout, which a loaded machine's loopback server may not keep.
    write_model_config(workspace, llm_server, model={"timeout": "60s"})
    llm_server.reply("Postgres 16.")
    llm_server.slow(3, "NO_REPLY")  # the flush request, answered 3 s after it arrives
    process = forkserver.popen(
        ["-w", workspace, "call", "--new", "t1", "Which database?"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        model=True,
    )
    assert process.stdout is not None
    first = process.stdout.readline()
    running = process.poll() is None
    rest, stderr = process.communicate(timeout=time_limit(60))

    assert first == b"Postgres 16.\n" and rest == b""
    assert running  # the reply came out while the flush was still waiting
    assert process.returncode == 0, stderr
    assert len(llm_server.requests) == 2
    assert "stream" not in llm_server.requests[0]  # a pipe gets the reply whole


@pytest.mark.slow
def test_call_streams_the_reply_on_a_terminal(workspace, llm_server):
    write_model_config(workspace, llm_server, memory={"hooks": False})
    llm_server.reply("We moved the ledger to Postgres 16 last week.")

    seen = on_pty(
        ["-w", workspace, "call", "--new", "t1", "Which database?"],
        attach=("stdout", "stderr"),
        model=True,
    )

    assert seen.returncode == 0, seen.terminal
    assert llm_server.requests[0]["stream"] is True
    assert b"We moved the ledger to Postgres 16 last week.\r\n" in seen.terminal
    assert read_log(workspace, "t1")[-1]["content"] == (
        "We moved the ledger to Postgres 16 last week."
    )


@pytest.mark.slow
def test_the_spinner_names_the_stage_after_the_reply_and_its_time(workspace, llm_server):
    write_model_config(workspace, llm_server)
    llm_server.reply("Postgres 16.")
    llm_server.slow(1.5, "NO_REPLY")

    seen = on_pty(["-w", workspace, "call", "--new", "t1", "Which database?"], model=True)

    assert seen.returncode == 0, seen.terminal
    assert seen.stdout == b"Postgres 16.\n"
    assert re.search(rb"call: flush after the reply \xc2\xb7 \d+s", seen.terminal)


def test_call_says_when_maintenance_rewrote_memory_md(workspace, cli):
    (workspace / "MEMORY.md").write_text("# Memory\n\n- Dana leads payments.\n")
    (workspace / "memory" / "2026-01-01.md").write_text("- Deploys on Tuesdays.\n")

    run = cli("-w", workspace, "call", "--new", "t1", "What day do we deploy?")

    assert run.exit_code == 0, run.stderr
    assert "Deploys on Tuesdays." in (workspace / "MEMORY.md").read_text()
    (line,) = [x for x in run.stderr.splitlines() if x.startswith("call: maintenance")]
    assert line.startswith("call: maintenance: consolidated 1 file (23 B new) into MEMORY.md")
    assert re.search(
        r"the previous MEMORY\.md is kept as \.memctl/history/MEMORY-\S+\.md "
        r"\(memctl undo brings it back\)$",
        line,
    )


# --------------------------------------------------------------------------- 3. mcp on a terminal


@pytest.mark.slow
def test_mcp_on_a_terminal_says_it_waits_and_ends_on_ctrl_c(workspace):
    """stdin and stderr on a pty that is the server's controlling terminal, so Ctrl-C
    (written to the terminal as ^C) reaches it as SIGINT, as at a shell prompt."""
    controller, terminal = pty.openpty()

    def own_terminal() -> None:
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    process = subprocess.Popen(
        [str(MEMCTL), "-w", str(workspace), "mcp"],
        stdin=terminal,
        stdout=subprocess.PIPE,
        stderr=terminal,
        preexec_fn=own_terminal,
    )
    os.close(terminal)
    shown = b""
    try:
        deadline = time.monotonic() + time_limit(60)
        while b"Ctrl-C ends" not in shown and time.monotonic() < deadline:
            if select.select([controller], [], [], 0.1)[0]:
                shown += os.read(controller, 4096)
        os.write(controller, b"\x03")
        code = process.wait(timeout=time_limit(30))
        while select.select([controller], [], [], 0.2)[0]:
            try:
                shown += os.read(controller, 4096)
            except OSError:
                break
    finally:
        if process.poll() is None:
            process.kill()
        os.close(controller)

    assert b"waiting for an MCP client on stdin; Ctrl-C ends" in shown
    assert code == 130
    assert b"memctl: error: interrupted" in shown
    assert process.stdout is not None and process.stdout.read() == b""


@pytest.mark.slow
@pytest.mark.parametrize(
    "module",
    [
        "memctl.cli.output",  # main()'s first import
        "typer",  # the start-up's import of the app
        "memctl.cli.views",  # the command module's imports (flush.py's)
        "litellm",  # the command's work: the model's client
    ],
)
def test_ctrl_c_at_each_moment_of_a_run_exits_130_with_one_line(workspace, cli, llm_server, module):
    """SIGINT at an exact instant (the crash point's MEMCTL_INTERRUPT_IMPORT: as the run
    loads `module`). A Ctrl-C during the start-up, before Typer runs (a few hundred ms,
    longer on a busy machine), ended the process by the signal (exit -2) after a
    traceback: 4 of 21 kills timed 0.2-1.0 s into a flush."""
    write_model_config(workspace, llm_server)
    append(cli, workspace, "t1", DANA)

    done = subprocess.run(
        [str(MEMCTL), "-w", str(workspace), "flush"],
        capture_output=True,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": crash_path(), "MEMCTL_INTERRUPT_IMPORT": module},
        timeout=time_limit(60),
        preexec_fn=ctrl_c_at_default,
    )

    assert (done.returncode, done.stderr.decode().splitlines()) == (
        130,
        ["memctl: error: interrupted"],
    )
    assert llm_server.requests == []  # interrupted before the request, not after it


def test_ctrl_c_while_typer_reads_the_line_says_interrupted():
    """Typer ends a Ctrl-C outside a command's body (parsing the line, the global
    options) with a bare exit 130; main() adds the line every other Ctrl-C ends with.
    The interrupt comes as click converts the workspace's value (str() of it)."""
    script = (
        "import sys\n"
        "class Interrupting(str):\n"
        "    def __str__(self):\n"
        "        raise KeyboardInterrupt\n"
        "sys.argv = ['memctl', '-w', Interrupting('ws'), 'status']\n"
        "from memctl.cli.app import main\n"
        "main()\n"
    )

    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, stdin=subprocess.DEVNULL, timeout=60
    )

    assert (done.returncode, done.stderr.decode().splitlines()) == (
        130,
        ["memctl: error: interrupted"],
    )


@pytest.mark.slow
def test_mcp_in_a_pipe_says_nothing(workspace):
    """An MCP client logs a server's stderr lines as errors (issue 22)."""
    done = run_memctl(workspace, "mcp", input="")

    assert done.exit_code == 0
    assert done.stderr == ""


# --------------------------------------------------------------------------- 10. globals after the command


def test_global_options_work_after_the_command_too(cli, workspace):
    append(cli, workspace, "t1", DANA)

    status = cli("status", "--json", "-w", workspace)
    threads = cli("thread", "list", "--workspace", workspace, "--json")
    search = cli("search", "Postgres", "-s", "threads", "-q", "--json", f"--workspace={workspace}")

    assert status.exit_code == 0, status.stderr
    assert json.loads(status.stdout)["workspace"] == str(workspace)
    assert json.loads(threads.stdout)["threads"][0]["thread"] == "t1"
    assert json.loads(search.stdout)["count"] == 2 and search.stderr == ""


def test_json_after_the_command_holds_for_a_usage_error(cli, workspace):
    run = cli("-w", workspace, "search", "x", "--bogus", "--json")

    assert run.exit_code == 2
    assert json.loads(run.stdout)["error"].startswith("No such option: --bogus")


def test_a_global_option_after_double_dash_is_text(cli, workspace):
    run = cli("-w", workspace, "save", "--", "--json")

    assert run.exit_code == 0, run.stderr
    assert "--json" in (workspace / "MEMORY.md").read_text()
    assert run.stdout == ""


# --------------------------------------------------------------------------- 5, 16. threads


def test_thread_show_json_is_the_entries_its_help_names(cli, workspace):
    append(cli, workspace, "t1", DANA)

    run = cli("-w", workspace, "thread", "show", "t1", "--json")
    helped = " ".join(cli("thread", "show", "--help").stdout.split())

    document = json.loads(run.stdout)
    assert list(document) == ["schema", "messages"]
    assert [e["content"] for e in document["messages"]] == [m["content"] for m in DANA]
    assert "With --json: the entries as the log holds them, under `messages`" in helped


def test_thread_show_tail_and_range(cli, workspace):
    append(cli, workspace, "t1", DANA)

    tail = cli("-w", workspace, "thread", "show", "t1", "--tail", "1").stdout
    middle = cli("-w", workspace, "thread", "show", "t1", "--start", "1", "--end", "2").stdout
    both = cli("-w", workspace, "thread", "show", "t1", "--tail", "1", "--start", "0")

    assert tail.splitlines() == [f"#3 [assistant] {DANA[3]['content']}"]
    assert [line[:2] for line in middle.splitlines()] == ["#1", "#2"]
    assert both.exit_code == 2 and "--tail excludes --start and --end" in both.stderr


def test_thread_show_cuts_a_huge_entry_unless_full(cli, workspace):
    append(cli, workspace, "t1", [{"role": "user", "content": "word " * 5000}])

    short = cli("-w", workspace, "thread", "show", "t1").stdout
    full = cli("-w", workspace, "thread", "show", "t1", "--full").stdout

    assert len(short) < 300 and short.rstrip().endswith("…")
    assert len(full) > 20_000


def test_a_unique_prefix_selects_a_thread(cli, workspace):
    append(cli, workspace, "support-42", DANA)
    append(cli, workspace, "build-7", DANA)

    run = cli("-w", workspace, "thread", "show", "supp", "--tail", "1")
    context = cli("-w", workspace, "context", "bui")

    assert run.exit_code == 0 and run.stdout.startswith("#3 [assistant]")
    assert context.exit_code == 0, context.stderr


def test_an_ambiguous_prefix_names_the_candidates(cli, workspace):
    append(cli, workspace, "build-7", DANA)
    append(cli, workspace, "build-8", DANA)

    run = cli("-w", workspace, "thread", "show", "build")

    assert run.exit_code == 2
    assert run.stderr == "memctl: error: thread 'build' is ambiguous: it starts build-7, build-8\n"


def test_a_mistyped_thread_gets_did_you_mean_and_call_does_not_start_it(cli, workspace, snapshot):
    append(cli, workspace, "chat", DANA)
    before = snapshot(workspace)

    show = cli("-w", workspace, "thread", "show", "chta")
    call = cli("-w", workspace, "call", "chta", "hello")

    assert show.exit_code == 2
    assert show.stderr.startswith("memctl: error: no thread 'chta' (no threads/chta.jsonl)")
    assert "did you mean 'chat'?" in show.stderr
    assert call.exit_code == 2 and "`memctl call chta --new TEXT` starts it" in call.stderr
    assert snapshot(workspace) == before
    assert cli("-w", workspace, "call", "chta", "hello", "--new").exit_code == 0
    assert (workspace / "threads" / "chta.jsonl").exists()


def test_long_thread_show_goes_through_the_pager_on_a_terminal_only(cli, workspace):
    append(cli, workspace, "t1", DANA * 10)
    pager = {"PAGER": "sed s/^/PAGED:/", "LINES": "10"}

    seen = on_pty(["-w", workspace, "thread", "show", "t1"], attach=("stdin", "stdout"), env=pager)
    piped = run_memctl(workspace, "thread", "show", "t1", env=pager)

    assert seen.returncode == 0
    assert b"PAGED:#0 [user]" in seen.terminal and b"PAGED:#39 [assistant]" in seen.terminal
    assert piped.stdout.startswith("#0 [user]") and "PAGED" not in piped.stdout


@pytest.mark.parametrize(
    "args, first",
    [
        (["log", "--since", "1w"], "memory/"),
        (["get", "MEMORY.md"], "1|"),
        (["consolidate", "--dry-run"], "--- a/MEMORY.md"),
    ],
)
def test_long_logs_files_and_diffs_go_through_the_pager_on_a_terminal_only(
    cli, workspace, args, first
):
    """`log`, `get` and consolidate's diff are paged as `thread show` is (issue 23)."""
    (workspace / "memctl.yaml").write_text("timezone: UTC\n")
    (workspace / "MEMORY.md").write_text("".join(f"- old fact {n}\n" for n in range(30)))
    for n in range(15):
        assert cli("-w", workspace, "save", f"fact number {n}").exit_code == 0
    pager = {"PAGER": "sed s/^/PAGED:/", "LINES": "10"}

    seen = on_pty(["-w", workspace, *args], attach=("stdin", "stdout"), env=pager)
    piped = run_memctl(workspace, *args, env=pager)

    assert seen.returncode == piped.exit_code == 0, piped.stderr
    assert f"PAGED:{first}".encode() in seen.terminal
    assert piped.stdout.startswith(first) and "PAGED" not in piped.stdout


# --------------------------------------------------------------------------- 17. text starting with -


@pytest.mark.parametrize(
    "args, example",
    [
        (["save", "- a fact"], 'memctl save -- "- a fact"'),
        (["save", "-a fact"], 'memctl save -- "- a fact"'),
        (["call", "t1", "-1 is the answer?"], 'memctl call THREAD -- "-1 is the answer?"'),
    ],
)
def test_text_starting_with_a_dash_is_told_to_go_after_double_dash(cli, workspace, args, example):
    run = cli("-w", workspace, *args)

    assert run.exit_code == 2
    (line,) = run.stderr.splitlines()
    assert line.endswith(f"a text that starts with '-' goes after '--': {example}")


def test_an_unknown_option_of_another_command_gets_no_text_hint(cli, workspace):
    run = cli("-w", workspace, "status", "-x")

    assert run.stderr == "memctl: error: No such option: -x (memctl status --help)\n"


# --------------------------------------------------------------------------- 9. status agrees with flush


def test_status_owes_no_flush_for_a_compaction_record(cli, workspace):
    (workspace / "memctl.yaml").write_text("compaction:\n  keep_tokens: 0\n  keep_messages: 2\n")
    append(cli, workspace, "t1", DANA * 3)
    assert cli("-w", workspace, "flush").exit_code == 0
    assert cli("-w", workspace, "compact", "t1", "--force").exit_code == 0

    flush = cli("-w", workspace, "--json", "flush", "--dry-run")
    status = json.loads(cli("-w", workspace, "--json", "status").stdout)
    listed = json.loads(cli("-w", workspace, "--json", "thread", "list").stdout)

    assert [t["entries_sent"] for t in json.loads(flush.stdout)["threads"]] == [0]
    assert status["unflushed_entries"] == 0
    assert listed["threads"] == [{"thread": "t1", "entries": 13, "unflushed": 0}]


def test_thread_append_says_1_entry(cli, workspace):
    run = cli("-w", workspace, "thread", "append", "t1", input=jsonl(DANA[:1]))

    assert run.stderr.endswith("(1 entry)\n") and "1 message " in run.stderr


# --------------------------------------------------------------------------- 11. value completion


def complete(words: str, **env: str) -> list[str]:
    """What the installed memctl offers bash on TAB after `words`."""
    done = run_memctl(
        None,
        env={
            "COMP_WORDS": words,
            "COMP_CWORD": str(len(words.split(" ")) - 1),
            "_MEMCTL_COMPLETE": "complete_bash",
            **env,
        },
    )
    return done.stdout.split()


def test_choices_complete_and_show_in_help(cli):
    helped = cli("search", "--help").stdout

    assert complete("memctl search x --mode ") == ["phrase", "all", "any"]
    assert complete("memctl search x -s th") == ["threads"]
    assert complete("memctl completion ") == ["bash", "zsh", "fish"]
    assert "--mode [phrase|all|any]" in helped and "--limit N" in helped
    assert "<str>" not in helped.split("Options:")[1] and "<list[str]>" not in helped


def test_hook_output_is_a_choice_that_completes_and_still_never_fails(cli, workspace):
    """Audit 7 #12: `--output <str>` offered nothing on TAB, unlike --mode or --scope.
    A wrong value is still a warning: a hook always exits 0."""
    helped = cli("hook", "claude-code", "--help").stdout
    assert "--output [json|text]" in helped
    assert complete("memctl hook claude-code --output ") == ["json", "text"]
    assert complete("memctl hook codex --output t") == ["text"]
    stdin = '{"hook_event_name": "SessionStart", "session_id": "s", "source": "startup"}'
    run = cli("-w", workspace, "hook", "claude-code", "--output", "bogus", input=stdin)
    assert run.exit_code == 0
    assert "hook claude-code: --output 'bogus' is not json or text; using json" in run.stderr


def test_no_option_shows_a_python_type_for_its_value(cli):
    """Every option's value is named in its help (`N`, `[a|b]`, `DIR`), never `<str>`."""
    from memctl.cli.app import _register_all

    def paths(group: object, prefix: list[str]):
        for name, command in getattr(group, "commands", {}).items():
            if hasattr(command, "commands"):
                yield from paths(command, [*prefix, name])
            else:
                yield [*prefix, name]

    import typer.main

    every = list(paths(typer.main.get_command(_register_all()), []))
    assert ["hook", "codex"] in every and ["thread", "show"] in every
    for words in every:
        helped = cli(*words, "--help").stdout
        assert "<str>" not in helped and "<int>" not in helped, " ".join(words)


def test_thread_arguments_complete_thread_ids(cli, workspace):
    append(cli, workspace, "support-42", DANA)
    append(cli, workspace, "build-7", DANA)

    assert complete(f"memctl -w {workspace} thread show su") == ["support-42"]
    assert set(complete("memctl call ", MEMCTL_WORKSPACE=str(workspace))) == {
        "support-42",
        "build-7",
    }
    assert complete(f"memctl -w {workspace} search x -t b") == ["build-7"]


# --------------------------------------------------------------------------- 12. history and undo


def test_history_lists_versions_and_undo_brings_one_back(cli, workspace):
    (workspace / "MEMORY.md").write_text("- Dana leads payments.\n")
    (workspace / "memory" / "2026-01-01.md").write_text("- Deploys on Tuesdays.\n")
    consolidated = cli("-w", workspace, "consolidate")
    merged = (workspace / "MEMORY.md").read_text()

    listed = cli("-w", workspace, "history")
    undone = cli("-w", workspace, "undo")

    assert "the previous MEMORY.md is kept as .memctl/history/MEMORY-" in consolidated.stderr
    (header, row) = listed.stdout.splitlines()
    assert header.split() == ["#", "replaced", "size", "by", "file"]
    assert row.split()[0] == "1" and "consolidate" in row.split()
    assert undone.exit_code == 0, undone.stderr
    assert (workspace / "MEMORY.md").read_text() == "- Dana leads payments.\n"
    versions = json.loads(cli("-w", workspace, "--json", "history").stdout)["versions"]
    assert [v["replaced_by"] for v in versions] == ["undo", "consolidate"]
    assert (workspace / versions[0]["path"]).read_text() == merged
    assert cli("-w", workspace, "undo").exit_code == 0  # the undo, undone
    assert (workspace / "MEMORY.md").read_text() == merged


def test_undo_refuses_a_version_that_is_not_there(cli, workspace, snapshot):
    before = snapshot(workspace)

    nothing = cli("-w", workspace, "undo")
    dry = cli("-w", workspace, "undo", "--dry-run")

    assert nothing.exit_code == 2 and "no kept version of MEMORY.md yet" in nothing.stderr
    assert dry.exit_code == 2
    assert snapshot(workspace) == before


# --------------------------------------------------------------------------- 15. dry runs: the summary


def test_dry_runs_print_their_summary_and_the_requests_on_demand(cli, workspace):
    (workspace / "memctl.yaml").write_text("compaction:\n  keep_tokens: 0\n  keep_messages: 2\n")
    append(cli, workspace, "t1", DANA * 3)

    flush = cli("-w", workspace, "flush", "--dry-run")
    compact = cli("-w", workspace, "compact", "t1", "--force", "--dry-run")
    shown = cli("-w", workspace, "flush", "--dry-run", "--show-requests")
    verbose = cli("-w", workspace, "compact", "t1", "--force", "--dry-run", "-v")

    assert flush.stdout.startswith("=== thread t1 · request 1/1 · log entries 0-11 · ~")
    assert len(flush.stdout.splitlines()) == 1
    assert "--- system" not in compact.stdout and "--- system" not in flush.stdout
    assert "cut: log entry" in compact.stdout and "estimated cost: $0" in compact.stdout
    assert compact.stdout.rstrip().splitlines()[-1].startswith("=== summary request 1/1 · ~")
    assert "--- system\nYou extract durable facts" in shown.stdout
    assert "--- system\n" in verbose.stdout


# --------------------------------------------------------------------------- 19. help


def test_root_help_shows_examples_environment_exit_codes_and_stages(cli):
    helped = cli("--help").stdout

    for heading in (
        "Examples:",
        "Set up and feed:",
        "The pipeline, in the order data flows through it:",
        "Recall:",
        "Upkeep and integration:",
        "Environment:",
        "Exit codes:",
    ):
        assert f"\n{heading}\n" in helped or f"\n  {heading}\n" in helped, heading
    for name in ("MEMCTL_WORKSPACE", "MEMCTL_MODEL", "NO_COLOR"):
        assert f"    {name}" in helped
    assert "    130  interrupted (Ctrl-C)" in helped


def test_help_examples_are_not_wrapped(monkeypatch, cli):
    monkeypatch.setenv("COLUMNS", "60")

    helped = cli("status", "--help").stdout

    assert (
        "  Example: memctl status; memctl --json status | jq .dailies.unconsolidated_bytes\n"
        in (helped)
    )


# --------------------------------------------------------------------------- 14. get


def test_get_today_yesterday_and_path_line(cli, workspace):
    ws = Workspace(workspace, "UTC")
    ws.ledger_path().write_text("- today's fact\n- second\n")
    ws.ledger_path(ws.today() - timedelta(days=1)).write_text("- yesterday's fact\n")
    hit = cli("-w", workspace, "search", "second").stdout.split(" ", 1)[0].rstrip(":")

    today = cli("-w", workspace, "get", "today")
    yesterday = cli("-w", workspace, "get", "yesterday")
    at_line = cli("-w", workspace, "get", hit)

    assert today.stdout == "1|- today's fact\n2|- second\n"
    assert yesterday.stdout == "1|- yesterday's fact\n"
    assert hit == f"memory/{ws.today()}.md:2"
    assert at_line.stdout == "2|- second\n"
    # A day's name takes a line as a path does (audit 7: `get today:2` was "only
    # MEMORY.md and files under memory/ can be read").
    assert cli("-w", workspace, "get", "today:2").stdout == "2|- second\n"
    assert cli("-w", workspace, "get", "yesterday:1", "--end", "1").stdout == (
        "1|- yesterday's fact\n"
    )


def test_get_path_line_with_end_prints_the_range(cli, workspace):
    """Audit 3b: `get MEMORY.md:3 --end 5` printed from line 1 (a `--start` below 1 is
    clamped, as the model's memory_get clamps it: tests/retrieval/test_get.py)."""
    ws = Workspace(workspace, "UTC")
    ws.ledger_path().write_text("".join(f"- fact {n}\n" for n in range(1, 7)))
    ranged = cli("-w", workspace, "get", f"memory/{ws.today()}.md:3", "--end", "5")
    assert ranged.exit_code == 0
    assert ranged.stdout == "3|- fact 3\n4|- fact 4\n5|- fact 5\n"
    both = cli("-w", workspace, "get", f"memory/{ws.today()}.md:3", "--start", "2")
    assert both.exit_code == 2 and "give the first line once" in both.stderr


def test_a_bare_ledger_name_gets_did_you_mean(cli, workspace):
    (workspace / "memory" / "2026-12-03.md").write_text("- a fact\n")

    run = cli("-w", workspace, "get", "2026-12-03.md")

    assert run.exit_code == 2
    assert run.stderr.rstrip().endswith("did you mean memory/2026-12-03.md?")


# --------------------------------------------------------------------------- 18. status


def test_status_hints_the_next_command_and_lists_recent_threads_first(cli, workspace):
    (workspace / "memctl.yaml").write_text("compaction:\n  trigger_messages: 4\n")
    append(cli, workspace, "old", DANA)
    os.utime(workspace / "threads" / "old.jsonl", (1, 1))
    append(cli, workspace, "new", DANA[:2])

    lines = cli("-w", workspace, "status").stdout.splitlines()

    (start,) = [n for n, x in enumerate(lines) if x.split()[:1] == ["thread"] and "changed" in x]
    table = lines[start:]
    assert [row.split()[0] for row in table[1:3]] == ["new", "old"]
    assert table[1].endswith("s ago") and table[2].endswith("days ago")
    assert "next: 6 unflushed entries: memctl flush" in lines
    assert "next: thread old holds 4 messages (trigger 4): memctl compact old" in lines


# --------------------------------------------------------------------------- 13. doctor


def test_doctor_checks_key_answer_window_and_workspace(cli, workspace, llm_server):
    write_model_config(workspace, llm_server)
    llm_server.reply("OK")

    run = cli("-w", workspace, "doctor")

    assert run.exit_code == 0, run.stdout
    lines = run.stdout.splitlines()
    assert "ok    model openai:test-model (main, memory, compaction) key: set" in lines
    assert "ok    model openai:test-model (main, memory, compaction) window: 32,768 tokens" in lines
    assert any(
        x.startswith("ok    model openai:test-model (main, memory, compaction) answers:")
        for x in lines
    )
    assert any(x.startswith("ok    lock: ") for x in lines)
    assert any(x.startswith("ok    free disk: ") for x in lines)
    assert len(llm_server.requests) == 1


def test_doctor_fails_on_a_missing_key_and_an_unknown_window(
    cli, workspace, llm_server, monkeypatch
):
    write_model_config(workspace, llm_server, context_window=None)
    monkeypatch.delenv("MEMCTL_TEST_KEY")

    run = cli("-w", workspace, "doctor", "--offline")
    document = json.loads(cli("-w", workspace, "--json", "doctor", "--offline").stdout)

    assert run.exit_code == 1
    assert (
        "FAIL  model openai:test-model (main, memory, compaction) key: the environment variable MEMCTL_TEST_KEY (api_key_env) is not set"
        in run.stdout
    )
    assert document["ok"] is False
    monkeypatch.setenv("MEMCTL_TEST_KEY", "sk-loopback-test")
    unknown = cli("-w", workspace, "doctor", "--offline")
    assert unknown.exit_code == 1
    assert (
        "FAIL  model openai:test-model (main, memory, compaction) window: unknown: "
        "set context_window for it in memctl.yaml" in unknown.stdout.splitlines()
    )
    assert not llm_server.requests


def test_doctor_fails_on_an_index_path_sqlite_cannot_use(cli, workspace):
    """Audit 4, 9: with `.memctl/index.sqlite` a directory every check was ok, and
    recall failed on it: doctor names the path and says to remove it."""
    run = cli("-w", workspace, "doctor", "--offline")
    assert "ok    search index: none yet (search builds it)" in run.stdout.splitlines()
    path = workspace / ".memctl" / "index.sqlite"
    path.mkdir(parents=True)
    run = cli("-w", workspace, "doctor", "--offline")
    assert run.exit_code == 1
    assert (
        "FAIL  search index: .memctl/index.sqlite is a directory, not the search index: "
        f"remove it (rm -r {path}); the next search builds the index"
    ) in run.stdout.splitlines()
    document = json.loads(cli("-w", workspace, "--json", "doctor", "--offline").stdout)
    assert document["ok"] is False


@pytest.mark.parametrize("state_dir", ["made", "not yet made"])
def test_doctor_on_a_read_only_workspace_reports_every_check(workspace, state_dir):
    """Audit 5, 8: on a read-only workspace doctor printed no check at all: taking the
    lock failed (EROFS, EACCES) and ended the run. The lock is a failed check now, and
    the write checks and the rest still report."""
    if state_dir == "made":
        assert run_memctl(workspace, "save", "The build server is ochre.").exit_code == 0
        assert (workspace / ".memctl" / "lock").exists()
    else:
        assert not (workspace / ".memctl").exists()
    for folder, _, files in os.walk(workspace):
        for name in [folder, *(os.path.join(folder, f) for f in files)]:
            os.chmod(name, os.stat(name).st_mode & ~0o222)
    try:
        run = run_unprivileged(workspace, "doctor", "--offline")
    finally:
        for folder, _, _ in os.walk(workspace):
            os.chmod(folder, 0o755)
    assert run.exit_code == 1, run.stderr
    assert run.stderr == ""
    lines = run.stdout.splitlines()
    lock = next(line for line in lines if line.startswith("FAIL  lock: cannot be taken: "))
    assert "Permission denied (EACCES)" in lock
    assert f"FAIL  write {workspace}: not writable (or missing)" in lines
    assert "FAIL  write memory: not writable (or missing)" in lines
    assert any(line.startswith("ok    free disk: ") for line in lines)
    assert any(line.startswith("ok    search index: ") for line in lines)


@pytest.mark.parametrize("model", ["nope:xyz", "nope/xyz"])
def test_doctor_flags_a_provider_litellm_does_not_know(cli, workspace, model, monkeypatch):
    """Not "key: set" for a provider that has no key to set (issue 23)."""
    monkeypatch.setenv("MEMCTL_MODEL", model)

    run = cli("-w", workspace, "doctor", "--offline")

    assert run.exit_code == 1
    lines = run.stdout.splitlines()
    assert not any(f"model {model} (main, memory, compaction) key" in x for x in lines)
    assert (
        f"FAIL  model {model} (main, memory, compaction) provider: model {model}: litellm "
        "knows no provider 'nope'; set the model in memctl.yaml"
    ) in run.stdout


@pytest.mark.slow
def test_a_failed_doctor_check_is_red_on_a_terminal_only(workspace):
    """The failing check is the search index's (a directory in its place): it fails
    without importing litellm, as an unknown model's provider check does not (seconds a
    run; its FAIL line is test_doctor_flags_a_provider_litellm_does_not_know's)."""
    (workspace / ".memctl" / "index.sqlite").mkdir(parents=True)

    seen = on_pty(["-w", workspace, "doctor", "--offline"], attach=["stdout"])
    piped = run_memctl(workspace, "doctor", "--offline")

    assert seen.returncode == piped.exit_code == 1
    assert b"\x1b[1;31mFAIL\x1b[0m  search index: .memctl/index.sqlite" in seen.terminal
    assert b"ok    lock: " in seen.terminal  # the checks that pass stay plain
    lines = piped.stdout.splitlines()
    assert any(line.startswith("FAIL  search index: .memctl/index.sqlite") for line in lines)
    assert "\x1b[" not in piped.stdout


def test_doctor_under_python_m_gives_a_crontab_line_that_runs(workspace, tmp_path):
    """Audit 3b: `python -m memctl doctor` with memctl not on PATH said "use its full
    path" and printed a bare `memctl`; the line names this interpreter now, and a held
    lock reads "held by another memctl", not "for more than 0s"."""
    import sys

    from memctl.core.workspace import Workspace as Ws

    bare = tmp_path / "bin"
    bare.mkdir()
    env = {**os.environ, "PATH": str(bare)}
    done = subprocess.run(
        [sys.executable, "-m", "memctl", "-w", str(workspace), "doctor", "--offline"],
        capture_output=True,
        text=True,
        env=env,
    )
    line = next(text for text in done.stdout.splitlines() if "crontab line" in text)
    assert f"{sys.executable} -m memctl -q -w {workspace} maintain" in line
    with Ws(workspace, "UTC").lock():
        held = run_memctl(workspace, "doctor", "--offline")
    assert "held by another memctl" in held.stdout and "more than 0s" not in held.stdout


def test_get_a_day_without_a_ledger_names_the_day_and_the_latest(cli, workspace):
    ws = Workspace(workspace, "UTC")
    day = {"today": ws.today(), "yesterday": ws.today() - timedelta(days=1)}
    for given in ("today", "yesterday"):
        run = cli("-w", workspace, "get", given)
        assert run.exit_code == 2
        assert run.stderr == (
            f"memctl: error: no ledger for {given} ({day[given]}); there are no ledgers yet "
            "(flush and save write them)\n"
        )
    ws.archive_dir.mkdir(parents=True, exist_ok=True)
    (ws.archive_dir / "2020-01-01.md").write_text("- an old fact\n")
    assert (
        "the latest is memory/archive/2020-01-01.md" in cli("-w", workspace, "get", "today").stderr
    )
    (ws.memory_dir / "2020-02-03.md").write_text("- a fact\n")
    run = cli("-w", workspace, "get", "yesterday")
    assert run.exit_code == 2
    assert run.stderr.rstrip().endswith("the latest is memory/2020-02-03.md")


@pytest.mark.parametrize("value", ["", "   "])
def test_an_empty_provider_key_is_no_key(cli, workspace, monkeypatch, value):
    """audit 12 #2: `OPENAI_API_KEY=` (set, empty or blank) went on to the provider, three
    attempts and exit 1; it is a missing key, said before any request, exit 2."""
    monkeypatch.setenv("MEMCTL_MODEL", "openai:gpt-4o-mini")
    monkeypatch.setenv("OPENAI_API_KEY", value)
    said = json.dumps({"role": "user", "content": "The staging database is db7."})
    assert cli("-w", workspace, "thread", "append", "t", input=said + "\n").exit_code == 0
    before = sorted(p.name for p in (workspace / "memory").glob("*"))

    run = cli("-w", workspace, "flush")

    assert run.exit_code == 2, (run.stdout, run.stderr)
    [line] = run.stderr.splitlines()
    assert line == (
        "memctl: error: model openai:gpt-4o-mini: no API key: set OPENAI_API_KEY "
        "(or api_key_env in memctl.yaml)"
    )
    assert sorted(p.name for p in (workspace / "memory").glob("*")) == before
    doctor = cli("-w", workspace, "doctor", "--offline")
    assert "key: no API key: set OPENAI_API_KEY" in doctor.stdout


@pytest.mark.parametrize("key", ["sk-test", None])
def test_doctor_offline_reads_litellms_table_without_importing_it(
    workspace, tmp_path, monkeypatch, key
):
    """A model litellm's bundled table lists is checked from that JSON: provider,
    window and key, the same lines as litellm gave, and no second of `import litellm`."""
    monkeypatch.setenv("MEMCTL_MODEL", "openai:gpt-4o-mini")
    if key:
        monkeypatch.setenv("OPENAI_API_KEY", key)
    else:
        monkeypatch.delenv("OPENAI_API_KEY", raising=False)

    run = modules_after(
        ["doctor", "--offline"], workspace, tmp_path / "m.json", exit_code=0 if key else 1
    )

    assert "litellm" not in run.modules
    lines = run.stdout.splitlines()
    label = "model openai:gpt-4o-mini (main, memory, compaction)"
    if key:
        assert f"ok    {label} key: set" in lines
        assert f"ok    {label} window: 128,000 tokens" in lines
    else:
        assert f"FAIL  {label} key: no API key: set OPENAI_API_KEY" in lines


HOSTILE = "cat said \x01\x1b[31mRED\x1b]52;c;cGF3bmVk\x07 \x9b2J\rOVERWRITTEN zebrafish"
"""Tool output a thread can hold: a colour, an OSC 52 (sets the clipboard), a C1 CSI
(clears the screen), a carriage return (rewrites the line), all raw."""
DRIVES_THE_TERMINAL = (b"\x01", b"\x1b[31m", b"\x1b]52", b"\x07", "\x9b".encode(), b"\r")
RAW = "\x01\x1b[31mRED\x1b]52;c;cGF3bmVk\x07 \x9b2J"
WRITTEN_OUT = r"\x01\x1b[31mRED\x1b]52;c;cGF3bmVk\x07 \x9b2J"
"""RAW as shown: the carriage return after it is whitespace, a space in a snippet."""


@pytest.fixture
def hostile(workspace, cli):
    """A workspace whose thread and MEMORY.md hold HOSTILE (the tab a memory line keeps)."""
    append(cli, workspace, "t1", [{"role": "user", "content": HOSTILE}])
    (workspace / "MEMORY.md").write_text(f"# Memory\n\n- kept\tcolumns {HOSTILE}\n")
    return workspace


SHOWING_HOSTILE = [
    ["search", "zebrafish", "--scope", "all"],
    ["search", "zebrafish", "--scope", "all", "--color", "never"],
    ["thread", "show", "t1", "--full"],
    ["thread", "show", "t1"],
    ["get", "MEMORY.md"],
    ["recall", "zebrafish"],
]


@pytest.mark.parametrize("args", SHOWING_HOSTILE, ids=" ".join)
def test_control_characters_a_thread_holds_never_reach_the_terminal(hostile, args):
    """Audit 18: `search` and `thread show --full` printed tool output's ESC sequences
    raw on a tty. On a pseudo-terminal each is written out (`\\x1b`), memctl's own
    colours still drawn, and a memory line's tab kept."""
    seen = on_pty(["-w", hostile, *args], attach=("stdout", "stderr"))

    assert seen.returncode == 0, seen.terminal
    shown = seen.terminal.replace(b"\r\n", b"\n")  # the terminal's own newline
    assert not [c for c in DRIVES_THE_TERMINAL if c in shown], shown
    assert WRITTEN_OUT.encode() in shown.replace(b"\x1b[1;31m", b"").replace(b"\x1b[0m", b"")
    if args[0] == "search" and "never" not in args:
        assert b"\x1b[1;31mzebrafish\x1b[0m" in shown  # the hit's highlight, memctl's own
    if args[0] == "get":
        assert b"3|- kept\tcolumns" in shown


@pytest.mark.parametrize("args", SHOWING_HOSTILE, ids=" ".join)
def test_control_characters_are_written_out_in_a_pipe_too_and_kept_in_json(hostile, args):
    """A pipe mostly ends on a terminal (`| head`, `| less -R`): the text is written out
    there too. --json holds the text as written (JSON escapes it)."""
    piped = run_memctl(hostile, *args)
    document = run_memctl(hostile, "--json", *args)

    assert piped.exit_code == 0, piped.stderr
    assert not [c for c in DRIVES_THE_TERMINAL if c.decode() in piped.stdout]
    assert WRITTEN_OUT in piped.stdout
    assert "\x1b" not in document.stdout  # JSON escapes it: \u001b
    assert RAW in "\n".join(_strings(json.loads(document.stdout)))


def _strings(value: object) -> list[str]:
    """Every string a JSON document holds."""
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [value] if isinstance(value, str) else []


def test_an_error_naming_control_characters_writes_them_out(workspace):
    run = run_memctl(workspace, "get", "MEMORY\x1b]0;title\x07.md")

    assert run.exit_code == 2
    assert "\x1b" not in run.stderr and "\x07" not in run.stderr
    assert r"MEMORY\x1b]0;title\x07.md" in run.stderr


@pytest.mark.slow
@pytest.mark.parametrize("attach", [("stdout", "stderr"), ("stderr",)], ids=["streamed", "piped"])
def test_a_reply_holding_control_characters_is_written_out(workspace, llm_server, attach):
    """A model's reply can repeat tool output it read: streamed to a terminal or printed
    whole in a pipe, its ESC is written out; the thread log keeps the reply as it came."""
    write_model_config(workspace, llm_server, memory={"hooks": False})
    llm_server.reply(f"The log says {RAW}.")

    seen = on_pty(
        ["-w", workspace, "call", "--new", "t1", "What does the log say?"],
        attach=attach,
        model=True,
    )

    assert seen.returncode == 0, seen.terminal
    shown = seen.terminal + seen.stdout
    assert f"The log says {WRITTEN_OUT}.".encode() in shown
    assert not [c for c in DRIVES_THE_TERMINAL[:-1] if c in shown], shown
    assert read_log(workspace, "t1")[-1]["content"] == f"The log says {RAW}."
