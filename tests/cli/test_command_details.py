"""Issue 15, the rest: every config problem at once, what flush wrote and the ledger log,
thread rm/rename, colour, refusing unknown thread ids."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.support.helpers import (
    DANA,
    append,
    ledger,
    on_pty,
    read_log,
    run_memctl,
    snapshot,
    state,
)


def test_config_validate_reports_every_problem_one_a_line(workspace, cli):
    (workspace / "memctl.yaml").write_text(
        "modle: builtin\n"
        "memory:\n  hook: true\n  consolidation_max_tokens: -3\n"
        "compaction:\n  keep_messages: lots\n",
        encoding="utf-8",
    )
    before = snapshot(workspace)

    run = cli("-w", workspace, "config", "validate")

    assert run.exit_code == 2
    assert run.stdout == ""
    lines = run.stderr.splitlines()
    assert len(lines) == 4, run.stderr
    assert all(line.startswith("memctl: error: ") for line in lines)
    joined = "\n".join(lines)
    for words in (
        "modle: unknown key (did you mean 'model'?)",
        "memory.hook: unknown key (did you mean 'hooks'?)",
        "memory.consolidation_max_tokens: must be at least 1",
        "compaction.keep_messages: must be an integer",
    ):
        assert words in joined
    assert snapshot(workspace) == before


def test_config_validate_json_lists_every_problem(workspace, cli):
    (workspace / "memctl.yaml").write_text("modle: builtin\ntimezon: UTC\n", encoding="utf-8")

    run = cli("-w", workspace, "--json", "config", "validate")

    assert run.exit_code == 2
    document = json.loads(run.stdout)
    assert len(document["errors"]) == 2
    assert document["error"] == document["errors"][0]


def test_flush_verbose_lists_the_facts_it_appended(cli, workspace):
    append(cli, workspace, "t1", DANA)

    run = cli("-w", workspace, "-v", "flush")

    assert run.exit_code == 0, run.stderr
    written = ledger(workspace).read_text(encoding="utf-8")
    facts = [line for line in written.splitlines() if line.startswith("- ")]
    assert facts
    for fact in facts:
        assert f"  {fact}\n" in run.stderr
    quiet = cli("-w", workspace, "flush")
    assert "  - " not in quiet.stderr


def test_log_prints_the_recent_ledger_blocks_under_their_path_and_line(cli, workspace):
    old_day = datetime.now(UTC) - timedelta(days=3)
    old = workspace / "memory" / f"{old_day.date()}.md"
    old.parent.mkdir(exist_ok=True)
    old.write_text(
        f"## Memory Save — {old_day.isoformat(timespec='seconds')}\n\n- an old fact\n",
        encoding="utf-8",
    )
    assert cli("-w", workspace, "save", "the deploy window is Tuesday").exit_code == 0
    append(cli, workspace, "t1", DANA)
    assert cli("-w", workspace, "flush").exit_code == 0

    run = cli("-w", workspace, "log")

    assert run.exit_code == 0, run.stderr
    assert "an old fact" not in run.stdout
    assert "the deploy window is Tuesday" in run.stdout
    flushed = re.search(r"^## \d\d:\d\d:\d\dZ · t1 · 0-3 · builtin", run.stdout, re.M)
    assert flushed is not None
    assert run.stdout.index("## Memory Save") < flushed.start()
    assert f"memory/{datetime.now(UTC).date()}.md:1\n" in run.stdout
    assert "log: 2 blocks since" in run.stderr

    wider = cli("-w", workspace, "log", "--since", "4d")
    assert f"memory/{old_day.date()}.md:1\n## Memory Save" in wider.stdout
    listed = json.loads(cli("-w", workspace, "--json", "log", "--since", "4d").stdout)
    assert listed["blocks"][0]["line"] == 1
    assert len(listed["blocks"]) == 3


def test_log_refuses_a_bad_duration(cli, workspace):
    run = cli("-w", workspace, "log", "--since", "lately")

    assert run.exit_code == 2
    assert run.stderr.splitlines() == [
        "memctl: error: --since: cannot read 'lately' as a duration (use 30m, 2h, 2d or PT12H)"
    ]


def test_thread_rename_moves_the_log_its_watermark_and_evicted_results(cli, workspace):
    append(cli, workspace, "t1", DANA)
    assert cli("-w", workspace, "flush").exit_code == 0
    evicted = workspace / "evicted" / "t1"
    evicted.mkdir(parents=True)
    (evicted / "call_1-0123456789abcdef").write_text("a big result", encoding="utf-8")
    before = state(workspace)["threads"]["t1"]

    run = cli("-w", workspace, "thread", "rename", "t1", "billing")

    assert run.exit_code == 0, run.stderr
    assert "thread rename: renamed thread t1 to billing (threads/billing.jsonl)" in run.stderr
    assert not (workspace / "threads" / "t1.jsonl").exists()
    assert len(read_log(workspace, "billing")) == len(DANA)
    assert state(workspace)["threads"] == {"billing": before}
    assert (workspace / "evicted" / "billing" / "call_1-0123456789abcdef").is_file()
    assert not evicted.exists()
    listed = json.loads(cli("-w", workspace, "--json", "thread", "list").stdout)
    assert listed["threads"] == [{"thread": "billing", "entries": len(DANA), "unflushed": 0}]


def test_thread_rename_refuses_an_existing_target_and_a_prefix(cli, workspace):
    append(cli, workspace, "t1", DANA)
    append(cli, workspace, "t2", DANA)
    before = snapshot(workspace)

    taken = cli("-w", workspace, "thread", "rename", "t1", "t2")
    prefix = cli("-w", workspace, "thread", "rename", "t", "t3")
    removed_prefix = cli("-w", workspace, "thread", "rm", "t")

    assert taken.exit_code == 2
    assert taken.stderr == (
        "memctl: error: thread 't2' exists (threads/t2.jsonl); rename or rm it first\n"
    )
    assert prefix.exit_code == removed_prefix.exit_code == 2
    assert "ambiguous" in prefix.stderr
    assert snapshot(workspace) == before


def test_thread_rm_removes_the_log_watermark_and_evicted_results(cli, workspace):
    append(cli, workspace, "scratch", DANA)
    append(cli, workspace, "keep", DANA)
    assert cli("-w", workspace, "flush").exit_code == 0
    (workspace / "evicted" / "scratch").mkdir(parents=True)

    mistyped = cli("-w", workspace, "thread", "rm", "scratc")
    run = cli("-w", workspace, "thread", "rm", "scratch")

    assert mistyped.exit_code == 2
    assert "did you mean 'scratch'? (give the whole id)" in mistyped.stderr
    assert run.exit_code == 0, run.stderr
    assert (
        run.stderr
        == "thread rm: removed thread scratch (threads/scratch.jsonl and evicted/scratch/)\n"
    )
    assert not (workspace / "threads" / "scratch.jsonl").exists()
    assert not (workspace / "evicted" / "scratch").exists()
    assert list(state(workspace)["threads"]) == ["keep"]
    assert cli("-w", workspace, "thread", "rm", "scratch").exit_code == 2


def test_thread_append_with_nothing_on_a_terminal_refuses(workspace):
    run = on_pty(["-w", workspace, "thread", "append", "t1"], attach=("stdin", "stderr"))

    assert run.returncode == 2
    assert b"no messages to append: give a FILE or pipe JSONL on stdin" in run.terminal
    assert not (workspace / "threads" / "t1.jsonl").exists()


def _memory(workspace, text: str) -> None:
    (workspace / "MEMORY.md").write_text(text, encoding="utf-8")


@pytest.mark.slow
def test_color_always_and_force_color_colour_a_pipe(workspace):
    _memory(workspace, "- the deploy is on Friday\n")
    plain = run_memctl(workspace, "search", "deploy")
    always = run_memctl(workspace, "--color", "always", "search", "deploy")
    after = run_memctl(workspace, "search", "deploy", "--color", "always")
    forced = run_memctl(workspace, "search", "deploy", env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    off = run_memctl(workspace, "search", "deploy", env={"FORCE_COLOR": "0"})

    assert "\x1b" not in plain.stdout and "\x1b" not in off.stdout
    for run in (always, after, forced):
        assert run.exit_code == 0, run.stderr
        assert "\x1b[1;31mdeploy\x1b[0m" in run.stdout


def test_color_never_on_a_terminal_and_a_bad_choice(workspace, cli):
    _memory(workspace, "- the deploy is on Friday\n")
    shown = on_pty(["-w", workspace, "--color", "never", "search", "deploy"], attach=["stdout"])
    bad = cli("-w", workspace, "--color", "sometimes", "status")

    assert shown.returncode == 0
    assert (
        shown.terminal.decode().replace("\r\n", "\n") == "MEMORY.md:1: - the deploy is on Friday\n"
    )
    assert bad.exit_code == 2
    assert bad.stderr == "memctl: error: --color must be auto, always or never, not 'sometimes'\n"


def test_no_color_counts_only_when_set_and_not_empty(workspace):
    """As no-color.org and `memctl --help` say: an empty NO_COLOR leaves colour on."""
    _memory(workspace, "- the deploy is on Friday\n")
    args = ["-w", workspace, "search", "deploy"]

    empty = on_pty(args, attach=["stdout"], env={"NO_COLOR": ""})
    set_ = on_pty(args, attach=["stdout"], env={"NO_COLOR": "1"})

    assert b"\x1b[1;31mdeploy\x1b[0m" in empty.terminal
    assert b"\x1b" not in set_.terminal


def test_the_limit_notice_comes_after_the_hits(workspace):
    """On a terminal (the only place it is shown, issue 23) the note follows the hits."""
    _memory(workspace, "".join(f"- deploy {n}\n" for n in range(5)))

    run = on_pty(
        ["-w", workspace, "search", "deploy", "--limit", "2"],
        attach=["stdout", "stderr"],
        env={"NO_COLOR": "1"},
    )

    assert run.terminal.decode().replace("\r", "").splitlines() == [
        "MEMORY.md:1: - deploy 0",
        "MEMORY.md:2: - deploy 1",
        "search: showing the first 2 hits; --limit 0 shows all",
    ]


def test_call_and_compact_refuse_an_unknown_thread_unless_new(cli, workspace):
    append(cli, workspace, "support-42", DANA)
    before = snapshot(workspace)

    unknown = cli("-w", workspace, "call", "billing", "hello")
    typo = cli("-w", workspace, "call", "support-24", "hello")
    compact = cli("-w", workspace, "compact", "billing")

    assert unknown.exit_code == typo.exit_code == compact.exit_code == 2
    assert unknown.stderr == (
        "memctl: error: no thread 'billing' (no threads/billing.jsonl); "
        "`memctl call billing --new TEXT` starts it\n"
    )
    assert "did you mean 'support-42'?" in typo.stderr
    assert len(compact.stderr.splitlines()) == 1
    assert "`memctl thread append billing` starts it" in compact.stderr
    assert snapshot(workspace) == before

    started = cli("-w", workspace, "call", "billing", "--new", "hello")
    assert started.exit_code == 0, started.stderr
    assert (workspace / "threads" / "billing.jsonl").is_file()


@pytest.mark.parametrize(
    ("command", "usage", "listed"),
    [
        (("get",), "memctl get [OPTIONS] PATH", "  PATH  "),
        (("undo",), "memctl undo [OPTIONS] [N]", "  N  "),
        (("thread", "rename"), "memctl thread rename [OPTIONS] THREAD NEW", "  NEW  "),
        (("completion",), "memctl completion [OPTIONS] SHELL", "  SHELL  "),
    ],
)
def test_help_names_positional_arguments_not_their_python_names(cli, command, usage, listed):
    run = cli(*command, "--help")

    assert run.exit_code == 0
    assert f"Usage: {usage}\n" in run.stdout
    assert listed in run.stdout
    assert "<str>" not in run.stdout and "<int>" not in run.stdout


def test_compact_and_context_dry_runs_name_the_same_token_figures(cli, workspace):
    (workspace / "memctl.yaml").write_text(
        "timezone: UTC\ncompaction:\n  keep_tokens: 0\n  keep_messages: 2\n", encoding="utf-8"
    )
    append(cli, workspace, "t1", DANA * 3)

    compact = cli("-w", workspace, "compact", "t1", "--dry-run", "--force")
    context = cli("-w", workspace, "context", "t1", "--dry-run")

    thread = re.search(r"^thread tokens: ([\d,]+) -> ", compact.stdout, re.M)
    request = re.search(r"^request tokens: ([\d,]+) -> ", compact.stdout, re.M)
    noted = re.search(r"request tokens ([\d,]+) \(thread tokens ([\d,]+) \+", context.stderr)
    assert thread and request and noted, (compact.stdout, context.stderr)
    assert noted.group(1) == request.group(1)
    assert noted.group(2) == thread.group(1)
    assert int(request.group(1).replace(",", "")) == json.loads(context.stdout)["tokens"]


def _commands(command, path=()):
    """Every command and group under `command`, with the words that name it."""
    import click

    context = click.Context(command, info_name="memctl")
    for name in getattr(command, "list_commands", lambda _: [])(context):
        sub = command.get_command(context, name)
        yield (*path, name), sub
        yield from _commands(sub, (*path, name))


def _root_command():
    import typer.main

    from memctl.cli.app import app

    return typer.main.get_command(app)


@pytest.mark.parametrize("group", [(), ("thread",), ("hook",), ("config",)])
def test_command_lists_show_complete_summaries_at_80_columns(group):
    """`memctl --help` cut "Move daily ledgers older than..." mid-phrase (issue 23):
    each command has a short summary of its own, listed whole."""
    run = run_memctl(None, *group, "--help", env={"COLUMNS": "80"})

    assert run.exit_code == 0, run.stderr
    listed = run.stdout[run.stdout.index("Commands:" if group else "Set up and feed:") :]
    assert not [line for line in listed.splitlines() if line.rstrip().endswith("...")]


def test_every_command_has_a_short_summary_that_fits():
    for words, command in _commands(_root_command()):
        summary = command.short_help
        assert summary, f"memctl {' '.join(words)} has no short_help"
        assert len(summary) <= 45 and summary.endswith("."), (words, summary)


def test_no_option_states_its_default_twice():
    """Help text saying "(default: x)" beside Typer's own "[default: x]" (issue 23)."""
    import click

    for words, command in [((), _root_command()), *_commands(_root_command())]:
        context = click.Context(command, info_name=" ".join(("memctl", *words)))
        for parameter in command.params:
            record = parameter.get_help_record(context) if parameter.name != "help" else None
            if record is None or "[default: " not in record[1]:
                continue
            said = record[1][: record[1].index("[default: ")].lower()
            assert "default" not in said, (words, record)


def test_search_runs_without_the_cycle_collector_and_turns_it_back_on(cli, workspace: Path) -> None:
    """The search itself runs with the cycle collector off (its passes over the listing,
    the candidate rows and the hits were 6-18 % of a search's CPU at 620 MB), and a
    caller that goes on after the command (this test runner) gets it back on."""
    import gc
    import sys

    memory = workspace / "memory"
    for day in range(1, 1501):  # 1,500 files listed: two thousand tuples, collections due
        (memory / f"2020-{1 + day % 12:02d}-{day:04d}.md").write_text(f"- needle {day}\n")
    during_search: list[int] = []

    def watch(phase: str, info: dict[str, int]) -> None:
        """Note a collection that starts inside the search stage."""
        frame = sys._getframe(1)
        while frame is not None:
            code = frame.f_code
            if code.co_name == "search" and code.co_filename.endswith("retrieval/search.py"):
                if phase == "start":
                    during_search.append(info["generation"])
                return
            frame = frame.f_back

    gc.callbacks.append(watch)
    try:
        run = cli("-w", workspace, "search", "needle", "--limit", "0")
    finally:
        gc.callbacks.remove(watch)
        collecting = gc.isenabled()
        gc.enable()
    assert run.exit_code == 0 and run.stdout.count("needle") == 1500
    assert during_search == []
    assert collecting


# --------------------------------------------------------------------------- the README's Commands block


def readme_entries() -> list[str]:
    """The entries of the README's Commands block: a line naming a command, with the
    lines indented under it."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    block = readme.split("\n## Commands\n", 1)[1].split("```", 2)[1]
    entries: list[str] = []
    for line in block.splitlines()[2:]:  # past the `memctl [-w PATH] ...` synopsis
        if re.match(r"  \S", line):
            entries.append(line)
        elif entries:
            entries[-1] += "\n" + line
    return entries


def every_command() -> list[tuple[list[str], object]]:
    import typer.main

    from memctl.cli.app import _register_all

    def walk(group: object, prefix: list[str]):
        for name, command in getattr(group, "commands", {}).items():
            if hasattr(command, "commands"):
                yield from walk(command, [*prefix, name])
            else:
                yield [*prefix, name], command

    return list(walk(typer.main.get_command(_register_all()), []))


def entry_of(words: list[str], entries: list[str]) -> str:
    """The entries naming the command: `  get ...`, `| thread show ...`, `  hook
    claude-code|codex ...` (the alternatives of a group's last word)."""
    *group, last = words
    head = "".join(f"{re.escape(w)} " for w in group)
    name = re.compile(rf"(^  |\| ){head}(\S*\|)?{re.escape(last)}(\||\s|$)")
    return "\n".join(e for e in entries if name.search(e.splitlines()[0]))


def test_the_readme_lists_every_command_and_option_as_help_names_them():
    """Audit 7 #12: install, uninstall, export and hook were missing from the Commands
    block, and so were the --dry-run of index and context; `forget --replace NEW` was
    REPLACE in the help. Every command `memctl --help` lists has an entry, every option
    of it is there, and a value the entry names (`--end M`) is named so in the help."""
    entries = readme_entries()
    missing, named = [], []
    for words, command in every_command():
        entry = entry_of(words, entries)
        if not entry:
            missing.append(" ".join(words))
            continue
        options = {
            opt: param
            for param in command.params  # type: ignore[attr-defined]
            if getattr(param, "param_type_name", "") == "option" and not param.hidden
            for opt in param.opts
        }
        for param in set(options.values()):
            longs = [o for o in param.opts if o.startswith("--")]
            if longs and not any(re.search(rf"{o}\b", entry) for o in longs):
                missing.append(f"{' '.join(words)} {longs[0]}")
        for opt, value in re.findall(r"(--[a-z-]+) ([A-Z](?:[A-Z_-]*[A-Z])?)\b", entry):
            param = options.get(opt)
            if param is None:
                continue  # another command's of the entry (`thread list | thread show`)
            shown = param.metavar or param.name.upper()
            if shown != value:
                named.append(f"{' '.join(words)} {opt}: README {value}, help {shown}")
    assert missing == [], "add these to the README's Commands block"
    assert named == []
