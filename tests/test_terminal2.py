"""Issue 15, the rest: every config problem at once, what flush wrote and the ledger log,
thread rm/rename, colour, refusing unknown thread ids."""

from __future__ import annotations

import json

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
