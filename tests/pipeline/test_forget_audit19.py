"""Audit 19 #5, #6, #7: what forget hides, which turn explain names, what a purge leaves.

#5: a ledger line restating a corrected fact ("still db3") is hidden by search; explain,
memory_get and forget read it by the same rule (`retrieval.corpus.Hidden`).
#6: a sentence's opening pronoun or article ("Our", "The") is no name, so explain names
the turn "FYI our office is in Leeds, ..." said the fact in, and a purge by PATH:LINE
masks that turn.
#7: a purge that masks a turn's sentences and leaves others says so (stderr, `--json`
`purge_partial`): they may name the person as "she".
"""

from __future__ import annotations

import json
from pathlib import Path

from memctl.core.config import load_config
from memctl.core.workspace import Workspace, init_workspace
from memctl.turn.tools import run_tool
from tests.support.helpers import run_memctl

STILL = "- The staging database is still db3 on host pg-staging-3."


def _append(root: Path, thread: str, *turns: dict[str, str]) -> None:
    lines = "".join(json.dumps(turn) + "\n" for turn in turns)
    assert run_memctl(root, "thread", "append", thread, "-", input=lines).exit_code == 0


def _corrected(root: Path) -> str:
    """db3 said, flushed, consolidated and corrected to db7; then a block said before
    the correction restating db3 ("still"), as an old conversation flushed late writes
    it. The ledger's relative path."""
    init_workspace(root)
    said = "The staging database is db3 on host pg-staging-3."
    _append(root, "t1", {"role": "user", "content": said, "ts": "2026-12-01T09:00:00Z"})
    assert run_memctl(root, "flush").exit_code == 0
    assert run_memctl(root, "consolidate").exit_code == 0
    new = "The staging database is db7 on host pg-staging-7."
    assert run_memctl(root, "forget", "staging database is db3", "--replace", new).exit_code == 0
    (ledger,) = (root / "memory").glob("*.md")
    with ledger.open("a", encoding="utf-8") as handle:
        handle.write(
            f"\n## 03:01:05Z · old · 0-1 · builtin · said 2026-11-28T15:01:00Z\n\n{STILL}\n"
        )
    return f"memory/{ledger.name}"


def test_a_ledger_line_restating_a_corrected_fact_is_forgotten_for_every_reader(tmp_path):
    root = tmp_path / "ws"
    ledger = _corrected(root)
    number = (root / ledger).read_text(encoding="utf-8").splitlines().index(STILL) + 1

    assert run_memctl(root, "search", "still db3").exit_code == 1  # search hides it
    explained = run_memctl(root, "--json", "explain", f"{ledger}:{number}")
    assert json.loads(explained.stdout)["forgotten"] is True
    assert "-> forgotten" in run_memctl(root, "explain", f"{ledger}:{number}").stdout

    ws = Workspace(root)
    got = run_tool(ws, load_config(root / "memctl.yaml"), "memory_get", {"path": ledger}).text
    assert f"{number}|[forgotten: this stated a fact that was forgotten]" in got.splitlines()
    assert "db3" not in got and "db7" in got

    before = (root / ".memctl" / "forgotten.jsonl").read_bytes()
    refused = run_memctl(root, "forget", "db3", "--dry-run")
    assert refused.exit_code == 1 and "already forgotten" in refused.stderr
    assert run_memctl(root, "forget", "db3").exit_code == 1
    assert (root / ".memctl" / "forgotten.jsonl").read_bytes() == before


FYI = "FYI our office is in Leeds, per the old runbook."


def test_explain_names_the_turn_after_a_prefix_and_a_purge_masks_that_one(tmp_path):
    root = tmp_path / "ws"
    init_workspace(root)
    _append(
        root,
        "t",
        {"role": "user", "content": FYI, "ts": "2026-11-28T15:00:00Z"},
        {"role": "user", "content": "Our office is still in Leeds.", "ts": "2026-11-28T15:01:00Z"},
    )
    assert run_memctl(root, "flush").exit_code == 0
    (ledger,) = (root / "memory").glob("*.md")
    lines = ledger.read_text(encoding="utf-8").splitlines()
    number = lines.index("- Our office is in Leeds, per the old runbook.") + 1
    where = f"memory/{ledger.name}:{number}"

    explained = run_memctl(root, "--json", "explain", where)
    (origin,) = json.loads(explained.stdout)["ledger"]
    assert (origin["entry"]["index"], origin["entry"]["text"]) == (0, FYI)

    assert run_memctl(root, "forget", where, "--purge").exit_code == 0
    log = [json.loads(line) for line in (root / "threads" / "t.jsonl").read_text().splitlines()]
    assert "runbook" not in log[0]["content"]
    assert log[1]["content"] == "Our office is still in Leeds."


def test_the_opening_article_or_pronoun_of_a_sentence_is_no_name():
    from memctl.core.said import names_used

    said = ["Our office is in Leeds.", "The database is db3.", "We deploy on Fridays."]
    said += ["It's done, so I asked Dana.", "Dana leads payments."]
    assert names_used(said) == {"Leeds", "Fridays", "Dana"}


def test_a_purge_that_leaves_other_sentences_of_a_turn_says_so(tmp_path):
    root = tmp_path / "ws"
    init_workspace(root)
    turn = "Priya Raman is our contractor. She lives in Leeds and her phone is 555-0142."
    _append(root, "t", {"role": "user", "content": turn})
    assert run_memctl(root, "flush").exit_code == 0

    planned = run_memctl(root, "--json", "forget", "Priya Raman", "--purge", "--dry-run")
    assert json.loads(planned.stdout)["purge_partial"] == ["threads/t.jsonl#0"]
    done = run_memctl(root, "forget", "Priya Raman", "--purge")
    assert done.exit_code == 0, done.stderr
    assert "forget: 1 thread turn keeps sentences the purge left unmasked (t entry 0)" in (
        done.stderr
    )
    assert '"she"' in done.stderr

    # A turn the purge masks whole says nothing of it.
    other = tmp_path / "other"
    init_workspace(other)
    _append(other, "t", {"role": "user", "content": "Use bluefin-K7q2xZ9w for the console."})
    assert run_memctl(other, "flush").exit_code == 0
    done = run_memctl(other, "--json", "forget", "bluefin-K7q2xZ9w", "--purge")
    assert json.loads(done.stdout)["purge_partial"] == []
    assert "unmasked" not in done.stderr
