"""Consolidation orders facts by when they were said, not by where the ledger put them
(audit 7, finding 1): threads flushed in id order append an older saying after a newer
one, and the older value must not replace the newer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from memctl.models.curate import merge
from memctl.pipeline.consolidate import by_day
from tests.support.helpers import append, configure
from tests.support.llm_server import write_model_config


@pytest.fixture
def ws(workspace: Path) -> Path:
    configure(workspace)
    return workspace


def bullets(root: Path) -> list[str]:
    return [line for line in (root / "MEMORY.md").read_text().splitlines() if line.startswith("- ")]


NEWER = {
    "role": "user",
    "content": "The staging database is db9.internal now.",
    "ts": "2026-12-04T08:00:00+00:00",
}
OLDER = {
    "role": "user",
    "content": "The staging database is db3.internal.",
    "ts": "2026-11-20T09:00:00+00:00",
}


@pytest.mark.parametrize("threads", [("agent-codex", "notes"), ("notes", "agent-codex")])
def test_an_older_line_flushed_after_a_newer_one_does_not_replace_it(cli, ws, threads):
    """The newer saying's thread sorts first or last: MEMORY.md is the same."""
    newer, older = threads
    append(cli, ws, newer, [NEWER])
    append(cli, ws, older, [OLDER])
    assert cli("-w", ws, "flush").exit_code == 0
    run = cli("-w", ws, "consolidate")
    assert run.exit_code == 0, run.stderr
    assert [line for line in bullets(ws) if "staging" in line] == [
        "- The staging database is db9.internal now."
    ]
    assert "db3.internal. -> The staging database is db9.internal now." in run.stderr


def test_a_repeat_of_the_older_value_said_later_makes_it_current_again(cli, ws):
    append(cli, ws, "a", [NEWER])
    append(cli, ws, "b", [OLDER, {**OLDER, "ts": "2026-12-05T09:00:00+00:00"}])
    assert cli("-w", ws, "flush").exit_code == 0
    assert cli("-w", ws, "consolidate").exit_code == 0
    assert [line for line in bullets(ws) if "staging" in line] == [
        "- The staging database is db3.internal."
    ]


def test_the_blocks_an_llm_answer_is_checked_against_are_in_said_order():
    """What drop_stale reads as oldest first, for a model that is not builtin."""
    ledger = (
        "## Memory Flush — 2026-12-05T05:00:00+00:00 · thread a · entries 0-0 · m · said 2026-12-04\n\n"
        "- The staging database is db9.internal now.\n\n"
        "## Memory Flush — 2026-12-05T05:00:01+00:00 · thread b · entries 0-0 · m · said 2026-11-20\n\n"
        "- The staging database is db3.internal.\n\n"
        "## Memory Save — 2026-12-05T06:00:00+00:00\n\n- Saved today.\n"
    )
    earlier = "## Memory Flush — 2026-12-01T05:00:00+00:00 · thread c · entries 0-0 · m\n\n- Old.\n"
    blocks = by_day([("2026-12-01.md", earlier), ("2026-12-05.md", ledger)])
    assert [block.split("\n\n")[1].strip() for block in blocks] == [
        "- The staging database is db3.internal.",
        "- Old.",
        "- The staging database is db9.internal now.",
        "- Saved today.",
    ]


def test_an_older_line_imported_after_the_newer_was_consolidated_does_not_replace_it(cli, ws):
    """MEMORY.md's fact is as new as the ledger lines it was merged from (provenance)."""
    append(cli, ws, "agent-codex", [NEWER])
    assert cli("-w", ws, "flush").exit_code == 0
    assert cli("-w", ws, "consolidate").exit_code == 0
    append(cli, ws, "notes", [OLDER])  # an old transcript, imported late
    assert cli("-w", ws, "flush").exit_code == 0
    run = cli("-w", ws, "consolidate")
    assert run.exit_code == 0, run.stderr
    assert [line for line in bullets(ws) if "staging" in line] == [
        "- The staging database is db9.internal now."
    ]
    # A newer saying after it still replaces it.
    append(
        cli,
        ws,
        "notes",
        [
            {
                **OLDER,
                "content": "The staging database is db7.internal.",
                "ts": "2026-12-05T09:00:00+00:00",
            }
        ],
    )
    assert cli("-w", ws, "flush").exit_code == 0
    assert cli("-w", ws, "consolidate").exit_code == 0
    assert [line for line in bullets(ws) if "staging" in line] == [
        "- The staging database is db7.internal."
    ]


def test_a_block_without_said_is_as_old_as_its_ledger_file():
    """Review 14 #5: a ledger block whose heading says nothing of when (no `said`, no
    time: one a person wrote into the ledger) was said the day its ledger file is named
    for: its value replaces one a block below it says was said weeks ago."""
    ledger = (
        "## Standup notes\n\n"
        "- The staging database is db7.internal.\n\n"
        "## Memory Flush — 2026-12-05T06:00:01+00:00 · thread b · entries 0-0 · m · said 2026-11-20\n\n"
        "- The staging database is db3.internal.\n"
    )
    merged = merge("", [("2026-12-05.md", ledger)])
    assert [fact.text for fact in merged.facts] == ["The staging database is db7.internal."]
    assert merged.superseded == [
        "The staging database is db3.internal. -> The staging database is db7.internal."
    ]


def test_a_repeat_said_later_makes_the_fact_as_new_as_the_repeat():
    """Review 14 #5 (`curate._again`): a value said on 11-20, replaced on 12-04 and said
    again on 12-05 in a block of its own is folded into its first saying, which is then
    as new as the repeat and replaces the value of 12-04."""
    blocks = [
        ("a", "2026-12-04", "The staging database is db9.internal now."),
        ("b", "2026-11-20", "The staging database is db3.internal."),
        ("c", "2026-12-05", "The staging database is db3.internal."),
    ]
    ledger = "".join(
        f"## Memory Flush — 2026-12-05T06:00:0{n}+00:00 · thread {thread} · entries 0-0 · m"
        f" · said {day}\n\n- {text}\n\n"
        for n, (thread, day, text) in enumerate(blocks)
    )
    merged = merge("", [("2026-12-05.md", ledger)])
    assert [fact.text for fact in merged.facts] == ["The staging database is db3.internal."]


def test_an_llm_answer_keeping_both_values_keeps_the_one_said_last(cli, ws, llm_server):
    """Review 14 #5 (`consolidate.by_day` in `drop_stale`): the ledger holds the newer
    saying's block first (its thread flushed first); an LLM that keeps both values has
    the older one dropped, not the newer."""
    write_model_config(ws, llm_server, timezone="UTC")
    (ws / "memory" / "2026-12-05.md").write_text(
        "## Memory Flush — 2026-12-05T05:00:00+00:00 · thread a · entries 0-0 · m · said 2026-12-04\n\n"
        "- The staging database is db9.internal now.\n\n"
        "## Memory Flush — 2026-12-05T05:00:01+00:00 · thread b · entries 0-0 · m · said 2026-11-20\n\n"
        "- The staging database is db3.internal.\n"
    )
    llm_server.reply(
        "# Memory\n\n- The staging database is db9.internal now.\n"
        "- The staging database is db3.internal.\n"
    )
    run = cli("-w", ws, "consolidate")
    assert run.exit_code == 0, run.stderr
    assert [line for line in bullets(ws) if "staging" in line] == [
        "- The staging database is db9.internal now."
    ]


def test_when_memory_facts_were_said_is_read_for_builtin_only(cli, ws, llm_server, monkeypatch):
    """Review 14 #11: `said_days` (a read of the ledgers each MEMORY.md bullet came
    from) is what builtin's merge orders facts by; an LLM's request carries none of it,
    so a consolidation through one does not compute it. A builtin dry run reads it as
    the run does: it shows what the run writes."""
    from memctl.pipeline import provenance

    calls: list[str] = []
    real = provenance.said_days

    def said_days(ws_: Any, memory: str, **options: Any) -> dict[str, str]:
        calls.append(memory)
        return real(ws_, memory, **options)

    monkeypatch.setattr(provenance, "said_days", said_days)
    append(cli, ws, "agent-codex", [NEWER])
    assert cli("-w", ws, "flush").exit_code == 0
    assert cli("-w", ws, "consolidate").exit_code == 0  # builtin: MEMORY.md is empty yet
    append(cli, ws, "notes", [OLDER])  # an old transcript, imported late
    assert cli("-w", ws, "flush").exit_code == 0
    before = (ws / "MEMORY.md").read_text()
    shown = cli("-w", ws, "--json", "consolidate", "--dry-run")
    assert shown.exit_code == 0, shown.stderr
    assert "db3.internal" not in "".join(
        line for line in json.loads(shown.stdout)["diff"].splitlines() if line.startswith("+")
    )
    assert (ws / "MEMORY.md").read_text() == before
    assert len(calls) == 2 and "db9.internal" in calls[-1]

    write_model_config(ws, llm_server, timezone="UTC")
    llm_server.reply("# Memory\n\n- The staging database is db9.internal now.\n")
    run = cli("-w", ws, "consolidate")
    assert run.exit_code == 0, run.stderr
    assert len(llm_server.requests) == 1 and len(calls) == 2
