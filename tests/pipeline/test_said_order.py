"""Consolidation orders facts by when they were said, not by where the ledger put them
(audit 7, finding 1): threads flushed in id order append an older saying after a newer
one, and the older value must not replace the newer."""

from __future__ import annotations

from pathlib import Path

import pytest

from memctl.pipeline.consolidate import by_day
from tests.support.helpers import append, configure


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
