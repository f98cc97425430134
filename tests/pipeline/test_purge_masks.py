"""A purge's mask is never a fact (audit 14 defect 3): a short purge query's mask, once cut
from `[forgotten]` (`[for`, `[forgot`), was read as text, and flush made a MEMORY.md bullet
of it ("Lena owns the [forgot service."). Every mask a purge writes is told from text
(`forgotten.holds_mask`), and flush takes no fact from a sentence holding one, whatever
its length."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memctl.core.forgotten import holds_mask, mask
from tests.support.llm_server import write_model_config


def said(cli, root: Path, *texts: str) -> None:
    talk = "".join(json.dumps({"role": "user", "content": text}) + "\n" for text in texts)
    assert cli("-w", root, "thread", "append", "t1", input=talk).exit_code == 0


def bullets(root: Path) -> list[str]:
    return [line for line in (root / "MEMORY.md").read_text().splitlines() if line.startswith("- ")]


@pytest.mark.parametrize("size", range(3, 40))
def test_every_mask_a_purge_writes_is_told_from_text(size: int) -> None:
    written = mask(size)
    assert len(written) == size and written.isascii()
    assert holds_mask(f"Lena owns the {written.decode()} service.")


@pytest.mark.parametrize(
    "text",
    [
        "The [for example] note",
        "I [forgot] it",
        "Use ~~strikethrough~~ here",
        "- [x] done, - [ ] to do",
        "The forgotten service",
        "[forgetful] tag",
    ],
)
def test_text_that_looks_like_a_mask_is_no_mask(text: str) -> None:
    assert not holds_mask(text)


def test_a_mask_an_older_purge_cut_short_is_still_a_mask() -> None:
    """A workspace purged before the short mask holds `[forgot` and the like."""
    assert holds_mask("Lena owns the [forgot service.")
    assert holds_mask("Lena owns the [forgotte service.")
    assert holds_mask("Lena owns the [forg service.")


@pytest.mark.parametrize("query", ["zqab", "zqhgldn", "zqhgldnab", "zqhgldnabc", "zqhgldnabcdef"])
def test_a_turn_a_purge_masked_gives_no_bullet_whatever_the_query_length(
    cli, workspace: Path, query: str
) -> None:
    """The report's reproduction: purge, then flush and consolidate."""
    said(cli, workspace, f"Lena owns the {query} service. Bo runs the db3 cluster in Oslo.")
    assert cli("-w", workspace, "forget", query, "--purge").exit_code == 0
    log = (workspace / "threads" / "t1.jsonl").read_text()
    assert query not in log and holds_mask(log)

    assert cli("-w", workspace, "flush").exit_code == 0
    assert cli("-w", workspace, "consolidate").exit_code == 0

    assert bullets(workspace) == ["- Bo runs the db3 cluster in Oslo."]
    ledger = next((workspace / "memory").glob("*.md")).read_text()
    assert "Lena" not in ledger and not holds_mask(ledger)


def test_an_llm_answer_holding_a_short_mask_is_not_written(
    cli, workspace: Path, llm_server
) -> None:
    """Any model's answer: a fact holding a mask is what a purge left of one."""
    write_model_config(workspace, llm_server, timezone="UTC")
    said(cli, workspace, "Lena owns the zqab service. Bo runs the db3 cluster in Oslo.")
    assert cli("-w", workspace, "forget", "zqab", "--purge").exit_code == 0
    llm_server.reply("- Lena owns the [~~] service.\n- Bo runs the db3 cluster in Oslo.")

    run = cli("-w", workspace, "flush")

    assert run.exit_code == 0, run.stderr
    assert "[~~]" in llm_server.requests[0]["messages"][1]["content"]  # the turn as it is
    ledger = next((workspace / "memory").glob("*.md")).read_text()
    assert "- Bo runs the db3 cluster in Oslo." in ledger and "Lena" not in ledger
