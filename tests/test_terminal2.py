"""Issue 15, the rest: every config problem at once, what flush wrote and the ledger log,
thread rm/rename, colour, refusing unknown thread ids."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

from tests.helpers import DANA, append, ledger, snapshot


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
    assert "## Memory Flush" in run.stdout
    assert run.stdout.index("## Memory Save") < run.stdout.index("## Memory Flush")
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
