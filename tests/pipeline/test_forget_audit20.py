"""Audit 20 findings 0, 3 and 7: every copy of a forgotten fact goes, explain says what was
forgotten, and undo gives one account of each fact.

0: the same fact in two bullets (two speakers said it; the "is now" wording) is one fact
(`words.fact_words`, as the merge and the tombstone's restatement reading read it): a
forget or a correction of either takes both out of MEMORY.md, search and recall.
3: `explain TEXT` of a forgotten text says it was forgotten (when, by which forget), not
the bullet sharing a word with it; a forgotten sentence in a chain's turn is marked.
7: `undo N` back past a correction and a forget of its new fact says nothing of that
fact, which stays forgotten (it said "states again" and "forgot" of it).
"""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime
from pathlib import Path

from memctl.core.config import load_config
from memctl.core.workspace import Workspace, init_workspace
from memctl.turn.tools import run_tool
from tests.support.helpers import run_memctl


def _said(root: Path, thread: str, content: str, name: str | None = None) -> None:
    turn = {"role": "user", "content": content, "ts": "2026-11-05T09:00:00Z"}
    if name:
        turn["name"] = name
    line = json.dumps(turn) + "\n"
    assert run_memctl(root, "thread", "append", thread, "-", input=line).exit_code == 0
    assert run_memctl(root, "flush").exit_code == 0


def _ledger() -> str:
    return f"memory/{datetime.now(UTC):%Y-%m-%d}.md"


def test_forgetting_one_speakers_copy_forgets_the_other(tmp_path):
    root = tmp_path / "ws"
    init_workspace(root)
    _said(root, "team", "The staging database is db3.", "Dana")
    _said(root, "ops", "The staging database is db3.", "Farid")
    assert run_memctl(root, "consolidate").exit_code == 0
    memory = (root / "MEMORY.md").read_text(encoding="utf-8")
    assert "- Dana: The staging database is db3." in memory
    assert "- Farid: The staging database is db3." in memory
    ledger = (root / _ledger()).read_text(encoding="utf-8").splitlines()
    dana = ledger.index("- Dana: The staging database is db3.") + 1
    farid = ledger.index("- Farid: The staging database is db3.") + 1

    forgot = run_memctl(root, "--json", "forget", f"{_ledger()}:{dana}")
    assert forgot.exit_code == 0, forgot.stderr
    assert json.loads(forgot.stdout)["memory_lines"] == 2
    assert "db3" not in (root / "MEMORY.md").read_text(encoding="utf-8")
    assert run_memctl(root, "search", "db3").exit_code == 1
    assert run_memctl(root, "recall", "which database is staging").exit_code == 1
    explained = json.loads(run_memctl(root, "--json", "explain", f"{_ledger()}:{farid}").stdout)
    assert explained["forgotten"] is True and explained["in_memory"] == []
    # Done: a second forget of it is no fact left to forget.
    again = run_memctl(root, "forget", "staging database is db3")
    assert again.exit_code == 1 and "already forgotten" in again.stderr
    assert run_memctl(root, "consolidate", "--force").exit_code == 0
    assert "db3" not in (root / "MEMORY.md").read_text(encoding="utf-8")


def test_a_correction_takes_the_is_now_copy_too(tmp_path):
    root = tmp_path / "ws"
    init_workspace(root)
    _said(root, "team", "The default CI runner is now x86-large.", "Dana")
    _said(root, "ops", "The default CI runner is x86-large.")
    assert run_memctl(root, "consolidate").exit_code == 0
    assert (root / "MEMORY.md").read_text(encoding="utf-8").count("x86-large") == 2

    new = "The default CI runner is arm64-medium."
    corrected = run_memctl(root, "forget", "runner is x86-large", "--replace", new)
    assert corrected.exit_code == 0, corrected.stderr
    bullets = [
        line
        for line in (root / "MEMORY.md").read_text(encoding="utf-8").splitlines()
        if line.startswith("- ")
    ]
    assert bullets == [f"- {new}"]
    assert run_memctl(root, "search", "x86-large").exit_code == 1
    ws = Workspace(root)
    got = run_tool(ws, load_config(root / "memctl.yaml"), "memory_search", {"query": "x86-large"})
    assert got.text.startswith("No matching memories")
    start = {
        "hook_event_name": "SessionStart",
        "session_id": "s1",
        "source": "startup",
        "cwd": str(root),
        "transcript_path": str(tmp_path / "none.jsonl"),
    }
    block = run_memctl(root, "hook", "claude-code", "--output", "text", input=json.dumps(start))
    assert block.exit_code == 0 and "arm64-medium" in block.stdout
    assert "x86-large" not in block.stdout


def test_explain_of_a_forgotten_text_says_so_and_marks_it_in_a_chain(tmp_path):
    root = tmp_path / "ws"
    init_workspace(root)
    _said(root, "t", "Invoices round 10.005 down. We always round half up for money.")
    assert run_memctl(root, "consolidate").exit_code == 0
    assert run_memctl(root, "forget", "round half up").exit_code == 0
    ledger = (root / _ledger()).read_text(encoding="utf-8").splitlines()
    line = ledger.index("- We always round half up for money.") + 1

    explained = run_memctl(root, "explain", "round half up")
    assert explained.exit_code == 0, explained.stderr
    assert "it was forgotten" in explained.stdout
    assert "forgotten (memctl forget) at " in explained.stdout
    assert f"; the ledger keeps it: {_ledger()}:{line}" in explained.stdout
    assert "closest" not in explained.stdout and "Invoices" not in explained.stdout
    document = json.loads(run_memctl(root, "--json", "explain", "round half up").stdout)
    assert document["bullets"] == [] and document["forgotten"] is True
    (forget,) = document["forgets"]
    assert forget["fact"] == "We always round half up for money."
    assert forget["replacement"] is None and forget["ledger"] == [f"{_ledger()}:{line}"]
    ws = Workspace(root)
    config = load_config(root / "memctl.yaml")
    answer = run_tool(ws, config, "memory_explain", {"target": "round half up"}).text
    assert "it was forgotten" in answer and "Invoices" not in answer

    # The turn said the kept fact and the forgotten one: the one alone is shown.
    kept = run_memctl(root, "explain", "Invoices round").stdout
    assert "entry 0 (user, 2026-11-05T09:00:00+00:00): Invoices round 10.005 down. " in kept
    assert "[forgotten: this stated a fact that was forgotten]" in kept
    assert "half up" not in kept
    memory = (root / "MEMORY.md").read_text(encoding="utf-8").splitlines()
    bullet = memory.index("- Invoices round 10.005 down.") + 1
    by_line = run_memctl(root, "explain", f"MEMORY.md:{bullet}").stdout
    assert "[forgotten: this stated" in by_line and "half up" not in by_line
    told = run_memctl(root, "explain", f"{_ledger()}:{line}").stdout
    assert (
        "-> forgotten (memctl forget) at " in told
        and "half up for money." not in told.split("\n", 1)[1]
    )


def test_undo_past_a_correction_and_a_forget_of_its_fact_gives_one_account(tmp_path):
    root = tmp_path / "ws"
    init_workspace(root)
    _said(root, "t", "The staging database is db3.")
    assert run_memctl(root, "consolidate").exit_code == 0
    new = "The staging database is db7."
    assert run_memctl(root, "forget", "db3", "--replace", new).exit_code == 0
    # A second later: the correction's take-back (forget db7) and the forget's tombstone
    # of db7 differ in their time (in one second they were one stone, and read as one).
    time.sleep(1.1)
    assert run_memctl(root, "forget", "db7").exit_code == 0

    dry = json.loads(run_memctl(root, "--json", "undo", "2", "--dry-run").stdout)
    assert dry["unforgotten"] == ["The staging database is db3."] and dry["forgotten"] == []
    undone = run_memctl(root, "--json", "undo", "2")
    assert undone.exit_code == 0, undone.stderr
    document = json.loads(undone.stdout)
    assert document["unforgotten"] == ["The staging database is db3."]
    assert document["forgotten"] == []
    assert "db7" not in undone.stderr and "states again: The staging database is db3." in (
        undone.stderr
    )
    # What it says is what happened: db3 stated again, db7 still forgotten.
    memory = (root / "MEMORY.md").read_text(encoding="utf-8")
    assert "db3" in memory and "db7" not in memory
    assert run_memctl(root, "search", "db7").exit_code == 1


def test_one_fact_two_speakers_said_is_one_for_a_query_and_memory_replace(tmp_path):
    """Audit 20 findings 0 and 8: "now Grafana OnCall" named Priya's and Farid's copies
    as two facts, so a forget needed --all and memory_replace refused it."""
    root = tmp_path / "ws"
    init_workspace(root)
    _said(root, "team", "The on-call rotation tool is now Grafana OnCall.", "Priya")
    _said(root, "ops", "The on-call rotation tool is now Grafana OnCall.", "Farid")
    assert run_memctl(root, "consolidate").exit_code == 0
    assert (root / "MEMORY.md").read_text(encoding="utf-8").count("Grafana OnCall") == 2

    dry = run_memctl(root, "--json", "forget", "now Grafana OnCall", "--dry-run")
    assert dry.exit_code == 0, dry.stderr
    assert len(json.loads(dry.stdout)["facts"]) == 1
    ws = Workspace(root)
    new = "The on-call rotation tool is PagerDuty."
    replaced = run_tool(
        ws, load_config(root / "memctl.yaml"), "memory_replace", {"old": "Grafana", "new": new}
    )
    assert not replaced.is_error, replaced.text
    memory = (root / "MEMORY.md").read_text(encoding="utf-8")
    assert "Grafana" not in memory and new in memory
    assert run_memctl(root, "search", "Grafana OnCall").exit_code == 1
