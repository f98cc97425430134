"""One long fact (a pasted log) neither empties an agent's memory block nor breaks
consolidation, and `save` refuses a fact longer than memory holds (audit 11 #1)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from memctl.core.memory import FACT_MAX_CHARS, SAVE_MAX_CHARS, SHOWN_OF_LONG, cut_memory
from tests.support.hooks import hook
from tests.support.llm_server import write_model_config

LOG = "Build 812 failed; the log: " + " ".join(f"error at step {n}" for n in range(700))
AFTER = [
    "- The staging database is db7.",
    "- We deploy only on Tuesdays.",
    "## Dana",
    "- Dana leads payments.",
]


def test_a_line_that_does_not_fit_is_shortened_and_the_lines_after_it_still_fill():
    text = "\n".join(["- first", f"- {LOG}", *AFTER]) + "\n"
    kept, cut = cut_memory(text, 1_000)
    assert cut
    lines = kept.splitlines()
    assert lines[0] == "- first" and lines[2:] == AFTER
    assert lines[1].startswith("- Build 812 failed") and "characters left out]" in lines[1]
    assert len(kept) <= 1_000
    # No room for even the shortened line: it is left out with the lines under it.
    indented = "\n".join(["- first", f"- {LOG}", "  its second line", "- a", "- b"]) + "\n"
    kept, cut = cut_memory(indented, 60)
    assert cut and kept == "- first\n- a\n- b\n"


def test_a_line_of_400_characters_or_fewer_is_shortened_too_when_that_fits():
    # review17 #8: a line no longer than SHOWN_OF_LONG was left out though it fit shortened
    line = "- " + ("The release notes list every change. " * 8).strip()
    assert 200 < len(line) <= SHOWN_OF_LONG
    kept, cut = cut_memory(f"- first\n{line}\n", 200)
    lines = kept.splitlines()
    assert cut and len(kept) <= 200 and len(lines) == 2
    assert lines[0] == "- first"
    assert lines[1].startswith("- The release notes") and "characters left out]" in lines[1]


def test_session_start_shows_the_facts_after_a_long_one(cli, workspace: Path):
    (workspace / "MEMORY.md").write_text("\n".join([f"- {LOG}", *AFTER]) + "\n")
    stdin = json.dumps({"hook_event_name": "SessionStart", "source": "startup"})
    shown = hook(cli, workspace, "claude-code", stdin, "--output", "text").stdout
    for line in AFTER:
        assert line in shown
    assert "characters left out]" in shown and "cut to fit the context budget" in shown
    assert len(shown.rstrip("\n")) <= 10_000


def test_save_refuses_a_fact_longer_than_the_cap(cli, workspace: Path, snapshot):
    before = snapshot(workspace)
    run = cli("-w", workspace, "save", "-", input=LOG + "\n")
    assert run.exit_code == 2
    assert run.stderr.count("\n") == 1
    assert f"longer than a fact may be ({FACT_MAX_CHARS:,})" in run.stderr
    many = "\n".join(f"- fact {n}: " + "word " * 300 for n in range(20))
    run = cli("-w", workspace, "save", "-", input=many)
    assert run.exit_code == 2 and f"more than a save takes ({SAVE_MAX_CHARS:,})" in run.stderr
    assert snapshot(workspace) == before
    # At the cap it is saved.
    assert cli("-w", workspace, "-q", "save", "x" * (FACT_MAX_CHARS - 2)).exit_code == 0


def _huge_memory(workspace: Path) -> None:
    huge = "- Pasted: " + "lorem ipsum dolor " * 60_000  # about 1 MB, as an old save left it
    (workspace / "MEMORY.md").write_text(f"# Memory\n\n{huge}\n- The staging database is db7.\n")


def test_builtin_consolidation_shortens_a_huge_bullet(cli, workspace: Path):
    _huge_memory(workspace)
    run = cli("-w", workspace, "consolidate", "--force")
    assert run.exit_code == 0, run.stderr
    memory = (workspace / "MEMORY.md").read_text()
    assert "- The staging database is db7." in memory
    assert "characters left out]" in memory
    assert max(len(line) for line in memory.splitlines()) <= FACT_MAX_CHARS
    # and the next merge works as well
    assert cli("-w", workspace, "consolidate", "--force").exit_code == 0


def test_a_model_is_sent_the_huge_bullet_shortened(cli, workspace: Path, llm_server: Any):
    write_model_config(workspace, llm_server, timezone="UTC")
    _huge_memory(workspace)
    llm_server.reply("# Memory\n\n- The staging database is db7.")
    run = cli("-w", workspace, "consolidate", "--force")
    assert run.exit_code == 0, run.stderr
    sent = llm_server.requests[0]["messages"][1]["content"]
    assert len(sent) < 10_000 and "characters left out]" in sent
