"""memctl consolidate: offsets, passes, validation, history, and a concurrent save."""

from __future__ import annotations

import json
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from memctl.core.durable import append_durable
from memctl.core.workspace import Workspace
from tests.support.helpers import DANA, append, configure, ledger, snapshot, state
from tests.support.llm_server import write_model_config


@pytest.fixture
def ws(workspace: Path) -> Path:
    configure(workspace)
    return workspace


def daily(root: Path, name: str, text: str, folder: str = "memory") -> Path:
    path = root / folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def offsets(root: Path) -> dict[str, int]:
    return state(root).get("consolidation", {}).get("offsets", {})


def user_message(request: dict[str, Any]) -> str:
    return request["messages"][1]["content"]


def facts(root: Path) -> list[str]:
    return [line for line in (root / "MEMORY.md").read_text().splitlines() if line.startswith("- ")]


# --------------------------------------------------------------------------- builtin


def test_a_builtin_dry_run_prints_the_diff_a_real_run_makes(cli, ws: Path) -> None:
    """builtin is free and deterministic, so its dry run merges and shows the unified
    diff (an LLM's dry run prints the requests and their cost instead: test_cost.py)."""
    (ws / "MEMORY.md").write_text("# Memory\n\n- Old fact.\n")
    daily(ws, "2026-01-01.md", "## Memory Save\n\n- Dana leads payments.\n- Old fact.\n")
    before = snapshot(ws)

    run = cli("-w", ws, "consolidate", "--dry-run")
    document = json.loads(cli("-w", ws, "--json", "consolidate", "--dry-run").stdout)

    assert run.exit_code == 0, run.stderr
    assert snapshot(ws) == before
    assert run.stdout.startswith("--- a/MEMORY.md\n+++ b/MEMORY.md\n@@ ")
    assert "+- Dana leads payments.\n" in run.stdout
    assert "+- Old fact." not in run.stdout  # a duplicate: merged, not added
    assert "-> " in run.stderr and "nothing written" in run.stderr
    assert run.stdout.startswith(document["diff"]) and len(document["planned"]) == 1
    # After the diff: each bullet added or dropped, with the ledger line it came from.
    assert run.stdout[len(document["diff"]) :].splitlines()[1:] == [
        "# + Dana leads payments.  <- memory/2026-01-01.md:3"
    ]
    assert document["changes"] == [
        {"op": "+", "bullet": "Dana leads payments.", "sources": ["memory/2026-01-01.md:3"]}
    ]
    assert cli("-w", ws, "consolidate").exit_code == 0
    after = (ws / "MEMORY.md").read_text()
    assert document["chars_after"] == len(after)
    added = [
        line[1:] for line in run.stdout.splitlines() if line.startswith("+") and line[1:2] != "+"
    ]
    assert [line for line in added if line.startswith("- ")] == ["- Dana leads payments."]
    assert "- Dana leads payments." in after.splitlines()


def test_flush_then_consolidate_end_to_end(cli, ws: Path) -> None:
    append(cli, ws, "t1", DANA)
    assert cli("-w", ws, "flush").exit_code == 0
    size = ledger(ws).stat().st_size

    run = cli("-w", ws, "consolidate")
    assert run.exit_code == 0, run.stderr
    assert run.stdout == ""
    chars = len((ws / "MEMORY.md").read_text())
    (first,) = (ws / ".memctl" / "history").glob("*.md")  # the empty file: undo goes back
    assert run.stderr.strip() == (
        f"consolidate: consolidated 1 file ({size} B new) into MEMORY.md: 0 -> {chars} chars "
        f"(builtin); the previous MEMORY.md is kept as .memctl/history/{first.name} "
        "(memctl undo brings it back)"
    )
    assert first.read_bytes() == b"" and first.with_suffix(".json").is_file()
    assert facts(ws) == [
        "- The user's name is Dana.",
        "- Dana leads the payments team.",
        "- We decided to move the ledger service to Postgres 16.",
    ]
    assert "\n## Dana\n" in (ws / "MEMORY.md").read_text()  # grouped by who said it
    assert offsets(ws) == {f"memory/{ledger(ws).name}": size}
    assert "consolidate" in state(ws)["runs"]

    again = cli("-w", ws, "consolidate")
    assert again.exit_code == 0
    assert "no new daily text since the last consolidation; no model request" in again.stderr
    assert len((ws / "MEMORY.md").read_text()) == chars

    previous = (ws / "MEMORY.md").read_bytes()
    append(cli, ws, "t2", [{"role": "user", "content": "Remember that deploys are on Tuesdays."}])
    assert cli("-w", ws, "flush").exit_code == 0
    assert cli("-w", ws, "consolidate").exit_code == 0
    # Said in another thread, by nobody named: before the groups, with no heading.
    assert facts(ws)[0] == "- Remember that deploys are on Tuesdays."
    assert len(facts(ws)) == 4
    (kept,) = set((ws / ".memctl" / "history").glob("*.md")) - {first}
    assert kept.name.startswith("MEMORY-")
    assert kept.with_suffix(".json").is_file()  # the offsets it was merged up to
    assert kept.read_bytes() == previous


def test_duplicates_across_dailies_and_memory_are_merged(cli, ws: Path) -> None:
    (ws / "MEMORY.md").write_text("# Memory\n\n- Deploys happen on Tuesdays.\n")
    daily(ws, "2026-01-01.md", "## Memory Flush — a\n\n- deploys happen on tuesdays\n- Use uv.\n")
    daily(ws, "2026-01-02.md", "## Memory Save — b\n\n- Use uv.\n- The DB is Postgres 16.\n")
    assert cli("-w", ws, "consolidate").exit_code == 0
    assert facts(ws) == ["- Deploys happen on Tuesdays.", "- Use uv.", "- The DB is Postgres 16."]


def test_only_text_after_the_offset_is_new(cli, workspace: Path, llm_server) -> None:
    write_model_config(workspace, llm_server, timezone="UTC")
    path = daily(workspace, "2026-01-01.md", "- OLD-FACT kept.\n")
    llm_server.reply("# Memory\n\n- OLD-FACT kept.")
    assert cli("-w", workspace, "consolidate").exit_code == 0
    with path.open("a") as handle:
        handle.write("\n- NEW-FACT added.\n")
    llm_server.reply("# Memory\n\n- OLD-FACT kept.\n- NEW-FACT added.")
    run = cli("-w", workspace, "consolidate")
    assert run.exit_code == 0, run.stderr
    second = user_message(llm_server.requests[1])
    new_part = second.split("## New daily ledger entries")[1]
    assert "NEW-FACT" in new_part
    assert "OLD-FACT" not in new_part
    assert offsets(workspace) == {"memory/2026-01-01.md": path.stat().st_size}

    # A file now smaller than its offset was rewritten: it is taken whole.
    path.write_text("- REWRITTEN.\n")
    llm_server.reply("# Memory\n\n- REWRITTEN.")
    assert cli("-w", workspace, "consolidate").exit_code == 0
    assert "### 2026-01-01.md\n\n- REWRITTEN." in user_message(llm_server.requests[2])


def test_archived_ledgers_keep_their_offsets(cli, workspace: Path, llm_server) -> None:
    write_model_config(workspace, llm_server, timezone="UTC")
    done = daily(workspace, "2025-01-01.md", "- DONE-ARCHIVED.\n", "memory/archive")
    daily(workspace, "2025-01-02.md", "- PENDING-ARCHIVED.\n", "memory/archive")
    daily(workspace, "2026-01-03.md", "- CURRENT.\n")
    (workspace / ".memctl").mkdir(exist_ok=True)
    (workspace / ".memctl" / "state.json").write_text(
        json.dumps({"consolidation": {"offsets": {"memory/archive/2025-01-01.md": 17}}})
    )
    assert done.stat().st_size == 17
    llm_server.reply("# Memory\n\n- merged")
    assert cli("-w", workspace, "consolidate").exit_code == 0
    text = user_message(llm_server.requests[0])
    assert "DONE-ARCHIVED" not in text
    assert text.index("### archive/2025-01-02.md\n\n- PENDING-ARCHIVED.") < text.index(
        "### 2026-01-03.md\n\n- CURRENT."
    )
    assert set(offsets(workspace)) == {
        "memory/archive/2025-01-01.md",
        "memory/archive/2025-01-02.md",
        "memory/2026-01-03.md",
    }


def test_nothing_new_sends_nothing_and_force_runs_anyway(cli, workspace: Path, llm_server) -> None:
    write_model_config(workspace, llm_server, timezone="UTC")
    (workspace / "MEMORY.md").write_text("- a fact\n")
    before = snapshot(workspace, locks=False)
    run = cli("-w", workspace, "--json", "consolidate")
    assert run.exit_code == 0
    data = json.loads(run.stdout)
    assert data["status"] == "nothing_new"
    # the size MEMORY.md has, before and after alike, not 0 (issue 23)
    assert data["chars_before"] == data["chars_after"] == len("- a fact\n")
    assert data["usage"]["calls"] == 0
    assert llm_server.requests == []
    assert snapshot(workspace, locks=False) == before

    llm_server.reply("# Memory\n\n- a fact")
    forced = cli("-w", workspace, "consolidate", "--force")
    assert forced.exit_code == 0, forced.stderr
    (request,) = llm_server.requests
    assert user_message(request) == (
        "## Current MEMORY.md\n\n- a fact\n\n## New daily ledger entries\n\n(none)"
    )
    assert (workspace / "MEMORY.md").read_text() == "# Memory\n\n- a fact\n"


def test_force_with_nothing_new_says_so_and_whether_memory_changed(
    cli, workspace: Path, llm_server
) -> None:
    write_model_config(workspace, llm_server, timezone="UTC")
    memory = workspace / "MEMORY.md"
    memory.write_text("# Memory\n\n- a fact\n")
    before = memory.stat().st_mtime_ns, memory.stat().st_ino

    llm_server.reply("# Memory\n\n- a fact")  # the same text: nothing to write
    same = cli("-w", workspace, "--json", "consolidate", "--force")
    assert same.exit_code == 0, same.stderr
    assert same.stderr == (
        "consolidate: no new daily text; --force ran the model (openai:test-model) and "
        "MEMORY.md was left as it was (19 chars)\n"
    )
    data = json.loads(same.stdout)
    assert (data["status"], data["files"], data["changed"], data["history"]) == (
        "consolidated",
        [],
        False,
        None,
    )
    assert (memory.stat().st_mtime_ns, memory.stat().st_ino) == before
    assert json.loads(cli("-w", workspace, "--json", "consolidate").stdout)["status"] == (
        "nothing_new"
    )

    llm_server.reply("# Memory\n\n- a fact, merged")
    preview = cli("-w", workspace, "consolidate", "--force", "--diff")
    assert preview.stderr.startswith(
        "consolidate: preview: no new daily text; the model would rewrite MEMORY.md: "
        "19 -> 27 chars (openai:test-model); nothing written"
    )
    llm_server.reply("# Memory\n\n- a fact, merged")
    changed = cli("-w", workspace, "consolidate", "--force")
    assert changed.stderr.startswith(
        "consolidate: no new daily text; --force had the model rewrite MEMORY.md: "
        "19 -> 27 chars (openai:test-model); the previous MEMORY.md is kept as "
    )
    assert memory.read_text() == "# Memory\n\n- a fact, merged\n"
    dry = cli("-w", workspace, "consolidate", "--force", "--dry-run")
    assert dry.stderr.startswith(
        "consolidate: dry run: no new daily text; --force would send MEMORY.md alone in "
        "1 request, ~"
    )


def test_diff_prints_the_diff_and_writes_nothing(cli, ws: Path) -> None:
    (ws / "MEMORY.md").write_text("# Memory\n\n- Old fact.\n")
    daily(ws, "2026-01-01.md", "- New fact.\n")
    before = snapshot(ws)
    run = cli("-w", ws, "consolidate", "--diff")
    assert run.exit_code == 0, run.stderr
    assert snapshot(ws) == before
    assert run.stdout.startswith("--- a/MEMORY.md\n+++ b/MEMORY.md\n@@ ")
    assert "\n+- New fact.\n" in run.stdout
    assert " - Old fact.\n" in run.stdout
    assert run.stderr.startswith(
        "consolidate: preview: would consolidate 1 file (12 B new) into MEMORY.md"
    )
    assert "nothing written" in run.stderr

    data = json.loads(cli("-w", ws, "--json", "consolidate", "--diff").stdout)
    assert data["status"] == "preview"
    assert run.stdout.startswith(data["diff"])
    assert run.stdout.endswith("# + New fact.  <- memory/2026-01-01.md:1\n")
    assert data["usage"]["calls"] == 1
    assert snapshot(ws) == before


def test_a_backlog_too_big_for_one_request_is_merged_in_passes(cli, workspace: Path) -> None:
    configure(
        workspace,
        model={"name": "builtin", "context_window": 2000},
        memory={"consolidation_max_tokens": 300},
    )
    unique = [f"- Service {n:02d} is owned by team {n % 7}." for n in range(20)]
    for day in range(1, 4):
        # Each ledger repeats the same facts many times over: far more text than a pass takes.
        daily(workspace, f"2026-01-0{day}.md", "\n".join(unique * 4) + "\n")
    run = cli("-w", workspace, "--json", "consolidate")
    assert run.exit_code == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["passes"] > 3
    assert facts(workspace) == unique
    assert "in {} passes".format(data["passes"]) in run.stderr
    assert all(
        offsets(workspace)[f"memory/2026-01-0{day}.md"]
        == (workspace / "memory" / f"2026-01-0{day}.md").stat().st_size
        for day in range(1, 4)
    )


@pytest.mark.parametrize(
    ("memory_lines", "fix"),
    [
        (20, "lower memory.consolidation_max_tokens"),  # ~350 tokens of a 1,000 window
        (200, "use a memory.model with a larger window"),  # ~3,500 tokens
    ],
)
def test_a_window_too_small_says_what_would_help(
    cli, workspace: Path, snapshot, memory_lines: int, fix: str
) -> None:
    configure(
        workspace,
        model={"name": "builtin", "context_window": 1000},
        memory={"consolidation_max_tokens": 2000},
    )
    (workspace / ".memctl").mkdir()
    for lock in ("lock", "consolidate.lock"):  # lock files stay behind, by design
        (workspace / ".memctl" / lock).touch()
    (workspace / "MEMORY.md").write_text(
        "".join(f"- Fact number {n} about the billing service.\n" for n in range(memory_lines))
    )
    daily(workspace, "2026-01-01.md", "- A new fact.\n")
    before = snapshot(workspace)

    run = cli("-w", workspace, "consolidate")

    assert run.exit_code == 1
    assert run.stderr.count("\n") == 1 and "is too small" in run.stderr and fix in run.stderr
    assert snapshot(workspace) == before


def test_history_keeps_the_last_twenty(cli, ws: Path) -> None:
    history = ws / ".memctl" / "history"
    history.mkdir(parents=True)
    for n in range(25):
        (history / f"MEMORY-2020010{n // 10}T0000{n % 10:02d}000000.md").write_text(f"old {n}\n")
    (ws / "MEMORY.md").write_text("- current\n")
    daily(ws, "2026-01-01.md", "- more\n")
    assert cli("-w", ws, "consolidate").exit_code == 0
    kept = sorted(p.name for p in history.glob("*.md"))
    assert len(kept) == 20
    assert "MEMORY-20200100T000000000000.md" not in kept  # the oldest went first
    assert (history / kept[-1]).read_text() == "- current\n"


def test_a_non_utf8_daily_is_a_clear_error(cli, ws: Path) -> None:
    (ws / "memory" / "2026-01-01.md").write_bytes(b"- caf\xe9\n")
    before = snapshot(ws, locks=False)
    run = cli("-w", ws, "consolidate")
    assert run.exit_code == 2
    assert run.stderr.strip() == (
        "memctl: error: memory/2026-01-01.md is not UTF-8 text (byte 5); fix or move it"
    )
    assert snapshot(ws, locks=False) == before


# --------------------------------------------------------------------------- litellm


@pytest.fixture
def served(workspace: Path, llm_server) -> Path:
    write_model_config(workspace, llm_server, timezone="UTC")
    (workspace / "MEMORY.md").write_text("# Memory\n\n- Existing fact.\n")
    daily(workspace, "2026-01-01.md", "## Memory Flush — x\n\n- First daily fact.\n")
    daily(workspace, "2026-01-02.md", "## Memory Save — y\n\n- Second daily fact.\n")
    return workspace


def test_request_shape_through_litellm(cli, served: Path, llm_server) -> None:
    llm_server.reply("# Memory\n\n- Existing fact.\n- First daily fact.\n- Second daily fact.")
    run = cli("-w", served, "consolidate")
    assert run.exit_code == 0, run.stderr
    assert "consolidated 2 files (" in run.stderr
    assert "(openai:test-model)" in run.stderr
    (request,) = llm_server.requests
    system, user = request["messages"]
    assert system["role"] == "system"
    assert "Keep within 4000 tokens (about 16000 characters)." in system["content"]
    assert user == {
        "role": "user",
        "content": "## Current MEMORY.md\n\n# Memory\n\n- Existing fact.\n\n"
        "## New daily ledger entries\n\n"
        "### 2026-01-01.md\n\n## Memory Flush — x\n\n- First daily fact.\n\n"
        "### 2026-01-02.md\n\n## Memory Save — y\n\n- Second daily fact.",
    }
    assert (served / "MEMORY.md").read_text() == (
        "# Memory\n\n- Existing fact.\n- First daily fact.\n- Second daily fact.\n"
    )


def test_empty_memory_is_sent_as_empty(cli, workspace: Path, llm_server) -> None:
    write_model_config(workspace, llm_server, timezone="UTC")
    daily(workspace, "2026-01-01.md", "- A fact.\n")
    llm_server.reply("- A fact.")
    assert cli("-w", workspace, "consolidate").exit_code == 0
    assert user_message(llm_server.requests[0]).startswith("## Current MEMORY.md\n\n(empty)\n\n")


ANSWERS = {
    "two_fenced": (
        "```markdown\n# Memory\n\n- fact\n```\n\nor shorter:\n\n```\n- fact\n```",
        "holds more than one fenced document",
    ),
    "prose": (
        "Sure! What would you like me to change in MEMORY.md?",
        "is not a memory document (no bullet, no heading; it begins 'Sure! What would",
    ),
    "blank": ("   \n", "consolidation answer is empty"),
    "no_reply": ("NO_REPLY", "consolidation answer is empty"),
    "over_budget": ("- " + "x" * 90, "more than twice the budget of 40"),
}


@pytest.mark.parametrize("case", sorted(ANSWERS))
def test_unusable_answers_never_replace_memory(cli, served: Path, llm_server, case: str) -> None:
    memory = {"consolidation_max_tokens": 10}
    write_model_config(served, llm_server, timezone="UTC", memory=memory)
    answer, message = ANSWERS[case]
    llm_server.reply(answer)
    before = snapshot(served, locks=False)
    run = cli("-w", served, "consolidate")
    assert run.exit_code == 1
    assert run.stderr.strip().count("\n") == 0
    assert message in run.stderr
    assert "MEMORY.md left as it was" in run.stderr
    assert snapshot(served, locks=False) == before


CHATTY = {
    "fenced": "```markdown\n# Memory\n\n- Existing fact.\n- First daily fact.\n```",
    "preamble_fence_sign_off": (
        "Here is the updated MEMORY.md:\n\n```markdown\n# Memory\n\n- Existing fact.\n"
        "- First daily fact.\n```\n\nLet me know if you want changes!"
    ),
    "preamble_and_sign_off": (
        "Sure! I've merged the new entries.\n\n# Memory\n\n- Existing fact.\n"
        "- First daily fact.\n\nLet me know if you'd like a different grouping."
    ),
    # Audit 14 defect 4: no fence and no blank line around the chatter; an interjection
    # alone; an outro that reports what the model did ("I merged ...").
    "unfenced_preamble_and_outro": (
        "Sure! Here is the updated memory:\n# Memory\n\n- Existing fact.\n"
        "- First daily fact.\nI merged the new facts and removed duplicates. Let me know "
        "if you'd like me to reorganise anything else!"
    ),
    "interjection": "Sure!\n\n# Memory\n\n- Existing fact.\n- First daily fact.",
    "outro_in_the_first_person": (
        "# Memory\n\n- Existing fact.\n- First daily fact.\n\n"
        "I merged the new facts and dropped duplicates."
    ),
}


@pytest.mark.parametrize("case", sorted(CHATTY))
def test_a_chatty_answer_is_unwrapped_to_the_memory_document(
    cli, served: Path, llm_server, case: str
) -> None:
    """Issue 25 item 6: the fence, "Here is ..." and "Let me know ..." never reach MEMORY.md."""
    llm_server.reply(CHATTY[case])
    run = cli("-w", served, "consolidate")
    assert run.exit_code == 0, run.stderr
    memory = (served / "MEMORY.md").read_text()
    assert memory == "# Memory\n\n- Existing fact.\n- First daily fact.\n"


OWN = {
    # Review 22 #2: lines a user writes in their own MEMORY.md, which a faithful model
    # returns as they were: none of them is the model's chatter.
    "prose_under_a_heading_after_the_last_bullet": (
        "# Memory\n\n- Existing fact.\n\n## About me\n\n"
        "I am a backend engineer at Acme and I report to Lena.\nI moved to Berlin in 2019."
    ),
    "a_you_heading_after_the_last_bullet": (
        "# Memory\n\n- Existing fact.\n\n## Things you asked me to keep"
    ),
    "an_intro_line_before_the_title": (
        "I keep this file for my agents; you may edit it.\n\n# Memory\n\n- Existing fact."
    ),
    "an_interjection_under_a_heading": "# Memory\n\n- Existing fact.\n\n## Status\n\nDone.",
    "a_let_me_line": (
        "# Memory\n\n- Existing fact.\n\nLet me (Mo) know before deleting anything here."
    ),
}


@pytest.mark.parametrize("case", sorted(OWN))
def test_a_users_own_lines_a_faithful_answer_keeps_are_never_dropped_as_chatter(
    cli, served: Path, llm_server, case: str
) -> None:
    """Chatter is what the answer added: a line of the MEMORY.md the model was sent
    stays, however it talks, and a heading is never dropped."""
    (served / "MEMORY.md").write_text(OWN[case] + "\n")
    answer = OWN[case].replace("- Existing fact.", "- Existing fact.\n- First daily fact.")
    # The model's own chatter around the same document still goes.
    llm_server.reply(f"Sure! Here is the updated memory:\n{answer}\n\nI merged the new facts.")
    run = cli("-w", served, "consolidate")
    assert run.exit_code == 0, run.stderr
    assert (served / "MEMORY.md").read_text() == answer + "\n"


def test_a_heading_the_answer_added_is_kept(cli, served: Path, llm_server) -> None:
    llm_server.reply("# Memory\n\n- Existing fact.\n- First daily fact.\n\n## Notes for you")
    run = cli("-w", served, "consolidate")
    assert run.exit_code == 0, run.stderr
    assert (served / "MEMORY.md").read_text().endswith("- First daily fact.\n\n## Notes for you\n")


@pytest.mark.parametrize("failure", ["fail", "empty"])
def test_model_failure_exits_1_and_changes_nothing(
    cli, served: Path, llm_server, failure: str
) -> None:
    llm_server.fail(500) if failure == "fail" else llm_server.empty()
    before = snapshot(served, locks=False)
    run = cli("-w", served, "consolidate")
    assert run.exit_code == 1
    assert run.stderr.startswith("memctl: error: model openai:test-model: ")
    assert "Traceback" not in run.stderr
    assert snapshot(served, locks=False) == before


def test_passes_feed_each_answer_to_the_next(cli, served: Path, llm_server) -> None:
    write_model_config(served, llm_server, timezone="UTC", context_window=2000)
    big = "\n".join(f"- Fact {n:03d} about the build." for n in range(120))
    daily(served, "2026-01-03.md", big + "\n")
    answers = iter(f"# Memory\n\n- merged after pass {n}" for n in range(1, 100))
    llm_server.default = lambda request: next(answers)
    run = cli("-w", served, "consolidate")
    assert run.exit_code == 0, run.stderr
    requests = llm_server.requests
    assert len(requests) > 2
    for number, request in enumerate(requests[1:], 1):
        assert user_message(request).startswith(
            f"## Current MEMORY.md\n\n# Memory\n\n- merged after pass {number}\n\n"
        )
    sent = "".join(user_message(r) for r in requests)
    for n in range(120):
        assert f"- Fact {n:03d} about the build." in sent
    last = f"# Memory\n\n- merged after pass {len(requests)}\n"
    assert (served / "MEMORY.md").read_text() == last


def wait_for_request(server, count: int = 1) -> None:
    deadline = time.monotonic() + 30
    while len(server.requests) < count:
        assert time.monotonic() < deadline, "the model request never came"
        time.sleep(0.01)


@pytest.mark.slow
def test_a_save_during_consolidation_is_kept(cli, served: Path, llm_server) -> None:
    llm_server.slow(1.0, "# Memory\n\n- Existing fact.\n- First daily fact.\n- Second daily fact.")

    def save() -> None:
        wait_for_request(llm_server)
        other = Workspace(served)  # another process's view: its own lock handle
        with other.lock():
            append_durable(other.memory_md, b"- Saved while merging.\n")

    saver = threading.Thread(target=save)
    saver.start()
    run = cli("-w", served, "consolidate")
    saver.join()
    assert run.exit_code == 0, run.stderr
    assert "kept 23 B saved meanwhile" in run.stderr
    assert (served / "MEMORY.md").read_text() == (
        "# Memory\n\n- Existing fact.\n- First daily fact.\n- Second daily fact.\n"
        "- Saved while merging.\n"
    )
    (kept,) = (served / ".memctl" / "history").glob("*.md")
    assert kept.read_text() == "# Memory\n\n- Existing fact.\n- Saved while merging.\n"


@pytest.mark.slow
def test_a_rewrite_during_consolidation_fails_with_nothing_written(
    cli, served: Path, llm_server
) -> None:
    llm_server.slow(1.0, "# Memory\n\n- merged")
    before = snapshot(served, locks=False)

    def rewrite() -> None:
        wait_for_request(llm_server)
        other = Workspace(served)
        with other.lock():
            other.memory_md.write_text("- Someone else's MEMORY.md\n")

    writer = threading.Thread(target=rewrite)
    writer.start()
    run = cli("-w", served, "consolidate")
    writer.join()
    assert run.exit_code == 1
    assert "MEMORY.md was rewritten by another memctl during consolidation" in run.stderr
    before["MEMORY.md"] = b"- Someone else's MEMORY.md\n"
    assert snapshot(served, locks=False) == before


@pytest.mark.slow
@pytest.mark.parametrize("json_out", [False, True])
def test_maintain_leaves_a_rewrite_during_consolidation_to_the_next_run(
    cli, served: Path, llm_server, json_out: bool
) -> None:
    """Audit 21 F3: a forget landing during cron's consolidation made `maintain` exit 1
    with an error (cron mails it) though nothing failed: another run got in the way,
    which maintain leaves to its next run (exit 0, said with -v and in --json)."""
    write_model_config(served, llm_server, timezone="UTC", memory={"hooks": True})
    llm_server.slow(1.0, "# Memory\n\n- merged")
    rewritten = b"# Memory\n\n- Existing fact, corrected.\n"

    def rewrite() -> None:
        wait_for_request(llm_server)
        other = Workspace(served)
        with other.lock():
            other.memory_md.write_bytes(rewritten)

    writer = threading.Thread(target=rewrite)
    writer.start()
    run = cli("-w", served, "--json" if json_out else "-v", "maintain", "--force")
    writer.join()
    assert run.exit_code == 0, run.stderr
    assert "memctl: error" not in run.stderr
    if json_out:
        document = json.loads(run.stdout)
        assert document["status"] == "skipped"
        assert "MEMORY.md was rewritten by another memctl" in document["skipped"]
    else:
        assert "skipped: workspace busy: MEMORY.md was rewritten by another memctl" in run.stderr
        assert "the next run tries again" in run.stderr
    assert (served / "MEMORY.md").read_bytes() == rewritten
    assert "maintain" not in (state(served) or {}).get("runs", {})
    llm_server.reply("# Memory\n\n- Existing fact, corrected.\n- First daily fact.")
    again = cli("-w", served, "maintain", "--force")
    assert again.exit_code == 0, again.stderr
    assert "First daily fact" in (served / "MEMORY.md").read_text()


@pytest.mark.slow
def test_today_ledger_appended_during_consolidation_waits_for_next_run(
    cli, served: Path, llm_server
) -> None:
    today = served / "memory" / f"{datetime.now(UTC).date()}.md"
    today.write_text("- Before the run.\n")
    size = today.stat().st_size
    llm_server.slow(1.0, "# Memory\n\n- merged")

    def late_append() -> None:
        wait_for_request(llm_server)
        with Workspace(served).lock():
            append_durable(today, b"- LATE fact.\n")

    writer = threading.Thread(target=late_append)
    writer.start()
    assert cli("-w", served, "consolidate").exit_code == 0
    writer.join()
    assert offsets(served)[f"memory/{today.name}"] == size
    llm_server.reply("# Memory\n\n- merged\n- LATE fact.")
    assert cli("-w", served, "consolidate").exit_code == 0
    assert "LATE fact" in user_message(llm_server.requests[1]).split("## New daily")[1]


def test_a_stale_bullet_a_model_kept_beside_the_newer_value_is_dropped(
    cli, workspace: Path, llm_server
) -> None:
    """Told that newer facts replace older ones, a model may still keep both; the one
    the ledgers say was replaced goes, what only mentions it stays."""
    write_model_config(workspace, llm_server, timezone="UTC")
    (workspace / "MEMORY.md").write_text("# Memory\n\n- Staging is db3.\n")
    daily(workspace, "2026-01-02.md", "- Staging moved to db7.\n- Staging was slow on Monday.\n")
    llm_server.reply(
        "# Memory\n\n## Staging\n\n- Staging is db3.\n- Staging moved to db7.\n"
        "- Staging was slow on Monday.\n"
    )
    run = cli("-w", workspace, "--json", "consolidate")
    assert run.exit_code == 0, run.stderr
    assert (workspace / "MEMORY.md").read_text() == (
        "# Memory\n\n## Staging\n\n- Staging moved to db7.\n- Staging was slow on Monday.\n"
    )
    assert json.loads(run.stdout)["superseded"] == ["Staging is db3. -> Staging moved to db7."]
    assert (
        "keep only the newest and drop the older"
        in llm_server.requests[0]["messages"][0]["content"]
    )


def test_the_prompt_tells_the_model_to_keep_the_newest_of_contradicting_facts_by_date(
    cli, workspace: Path, llm_server
) -> None:
    """Issue 25 item 3: what the model is sent says to keep the newest of two facts that
    contradict each other, to drop the older, and to tell which is newest by the
    ledger's dates (a heading's "said" date first), before falling back on order."""
    write_model_config(workspace, llm_server, timezone="UTC")
    (workspace / "MEMORY.md").write_text("# Memory\n\n- Staging is db3.\n")
    daily(
        workspace,
        "2026-01-02.md",
        "## Memory Flush — 2026-01-02T09:00:00+00:00\n\n- Staging moved to db7.\n",
    )
    llm_server.reply("# Memory\n\n- Staging moved to db7.")
    assert cli("-w", workspace, "consolidate").exit_code == 0
    system = " ".join(llm_server.requests[0]["messages"][0]["content"].split())
    assert "contradict" in system
    assert "keep only the newest and drop the older ones" in system
    assert "Tell which is newest by the dates" in system
    assert 'a heading\'s "said" date' in system
    assert "the current MEMORY.md is older than the new entries" in system


def test_a_purge_mask_is_never_sent_to_the_model_nor_kept(cli, workspace: Path, llm_server) -> None:
    """A ledger a purge masked (or a sync brought), and a MEMORY.md an undo restored
    from a copy the purge masked: the model is sent neither masked bullet, and the
    bullet it returns holding a mask is not kept."""
    write_model_config(workspace, llm_server, timezone="UTC")
    (workspace / "MEMORY.md").write_text(
        "# Memory\n\n- The vault code is [forgotten.....].\n- Dana leads payments.\n"
    )
    daily(workspace, "2026-01-01.md", "- Key [forgotten.......]\n- Deploys on Tuesdays.\n")
    llm_server.reply("# Memory\n\n- Dana leads payments.\n- Deploys on Tuesdays.\n- [forgotten]")

    run = cli("-w", workspace, "consolidate")

    assert run.exit_code == 0, run.stderr
    (request,) = llm_server.requests
    sent = user_message(request)
    assert "Tuesdays" in sent and "Dana leads payments." in sent
    assert "[forgotten" not in sent
    assert facts(workspace) == ["- Dana leads payments.", "- Deploys on Tuesdays."]


def test_new_daily_text_that_adds_nothing_is_not_said_consolidated_into_memory(
    cli, ws: Path
) -> None:
    """Audit 5 #15: maintain (and consolidate) said "consolidated 1 file ... into
    MEMORY.md ...: MEMORY.md was left as it was"; nothing went into it."""
    daily(ws, "2026-01-01.md", "## Memory Save — a\n\n- Deploys happen on Tuesdays.\n")
    assert cli("-w", ws, "consolidate").exit_code == 0
    daily(ws, "2026-01-02.md", "## Memory Save — b\n\n- deploys happen on tuesdays\n")
    before = (ws / "MEMORY.md").read_bytes()

    run = cli("-w", ws, "consolidate")

    assert run.exit_code == 0, run.stderr
    assert (ws / "MEMORY.md").read_bytes() == before
    assert run.stderr.startswith(
        "consolidate: read 1 file (51 B new) (builtin): nothing in it was new to MEMORY.md, "
        "which was left as it was"
    ), run.stderr
    assert "into MEMORY.md" not in run.stderr


def test_a_speakers_fact_about_another_speaker_is_filed_under_them_as_said(cli, workspace):
    """Ana and Ben both speak, and memory names both. "Ben got the job at Halden", as Ana said it, was filed
    under `## Ana` (where Ben's facts are not); it goes under `## Ben`, still said by Ana
    (`Ana: `), never as Ben's own saying; Ana's line about herself stays hers."""
    configure(workspace)
    said = [
        ("Ana", "Ben got the job at Halden."),
        ("Ana", "I moved to Porto."),
        ("Ben", "I start at Halden on Monday."),
        ("Ben", "Ana is my sister."),  # flush: "Ana is Ben's sister.", naming Ben
    ]
    append(
        cli,
        workspace,
        "chat",
        [
            {"role": "user", "name": name, "content": text, "ts": f"2026-11-18T14:3{i}:00+00:00"}
            for i, (name, text) in enumerate(said)
        ],
    )
    assert cli("-w", workspace, "flush").exit_code == 0
    assert "- Ana: Ben got the job at Halden." in ledger(workspace).read_text()

    assert cli("-w", workspace, "consolidate").exit_code == 0

    memory = (workspace / "MEMORY.md").read_text()
    ben = memory.split("## Ben\n", 1)[1].split("## ", 1)[0]
    ana = memory.split("## Ana\n", 1)[1].split("## ", 1)[0]
    assert "- Ana: Ben got the job at Halden" in ben
    assert "Halden (" not in ana and "Porto" in ana
    # Read back (a `## Ben` line that starts `Ana: `), it stays where it is.
    assert cli("-w", workspace, "consolidate", "--force").exit_code == 0
    assert (workspace / "MEMORY.md").read_text() == memory


def test_a_byte_order_mark_is_no_text(cli, ws: Path) -> None:
    """Audit 17 M1: a ledger and a MEMORY.md saved by an editor that writes a byte order
    mark (Notepad, with CRLF) gave MEMORY.md the bullets `- \\ufeff# Memory` and
    `- \\ufeff## 10:00:00+01:00 · hand · 0 · edited`; `log` lost the block and `explain`
    the ledger line's heading."""
    bom = "\ufeff".encode()
    (ws / "MEMORY.md").write_bytes(bom + b"# Memory\r\n\r\n- Wir nutzen Gradle 8.\r\n")
    heading = "## Memory Save — 2026-12-02T10:00:00+01:00"
    (ws / "memory" / "2026-12-02.md").write_bytes(
        bom + f"{heading}\r\n\r\n- Der Serverraum ist Raum 4.12.\r\n".encode()
    )
    logged = cli("-w", ws, "log", "--since", "10000d")
    assert heading in logged.stdout.splitlines(), logged
    assert cli("-w", ws, "consolidate").exit_code == 0
    memory = (ws / "MEMORY.md").read_text(encoding="utf-8")
    assert "\ufeff" not in memory and "## " not in memory, memory
    assert "- Der Serverraum ist Raum 4.12." in memory.splitlines()
    number = memory.splitlines().index("- Der Serverraum ist Raum 4.12.") + 1
    explained = cli("-w", ws, "explain", f"MEMORY.md:{number}")
    assert "2026-12-02T10:00:00+01:00" in explained.stdout, explained
