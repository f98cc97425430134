"""`memctl thread import`: Claude Code sessions, Codex CLI rollouts and OpenAI-style messages.

The fixtures under tests/support/fixtures/import follow each tool's real line shapes (Claude Code
2.0: one line per content block, tool results as user lines, sidechains, compaction;
Codex CLI 0.46 envelopes and the older bare items). Every test runs the real CLI against
a temporary workspace and asserts on the thread log it leaves.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from memctl.cli.output import JSON_SCHEMA
from memctl.core.threads import validate_message
from tests.support.helpers import run_memctl, snapshot

FIXTURES = Path(__file__).parent.parent / "support" / "fixtures" / "import"
CLAUDE = FIXTURES / "claude-session.jsonl"
CLAUDE_SESSION = "6f1c2b9e-4d3a-4e8f-9b1a-2c7d5e8f0a13"
SUBAGENT = FIXTURES / "claude-subagent.jsonl"
CODEX_SESSION = "019a2d7a-41c4-78b1-b7cc-a45d62a89cd5"
CODEX = FIXTURES / f"rollout-2025-10-29T01-00-00-{CODEX_SESSION}.jsonl"
LEGACY_SESSION = "5f0c3a2e-8d1b-4c6e-9a7f-1e2d3c4b5a69"
CODEX_LEGACY = FIXTURES / f"rollout-2025-05-20T14-02-11-{LEGACY_SESSION}.jsonl"
OPENAI_ARRAY = FIXTURES / "chat export.json"
OPENAI_JSONL = FIXTURES / "support-chat.jsonl"
HASH_ID = re.compile(r"[0-9a-f]{32}")


def uid(n: int) -> str:
    return f"c0a8e1f2-0000-4000-8000-0000000000{n:02d}"


def call(call_id: str, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": call_id,
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(arguments)},
    }


def thread_entries(ws: Path, thread: str) -> list[dict[str, Any]]:
    lines = (ws / "threads" / f"{thread}.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


def import_json(cli, ws: Path, *args: object) -> dict[str, Any]:
    run = cli("-w", ws, "--json", "thread", "import", *args)
    assert run.exit_code == 0, run.stderr
    return json.loads(run.stdout)


def without_source(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in e.items() if k not in ("source_id", "source_lines")} for e in entries]


# --------------------------------------------------------------------------- Claude Code

CLAUDE_ENTRIES = [
    {
        "role": "user",
        "content": "The checkout total is off by one cent for some carts. We decided to use "
        "Decimal for all money amounts from now on.",
        "ts": "2025-10-14T09:12:03.118Z",
        "source_id": uid(1),
    },
    {
        # three lines share message.id: thinking (dropped), text, tool_use
        "role": "assistant",
        "content": "I'll look at how totals are rounded.",
        "tool_calls": [
            call(
                "toolu_01GrepRound",
                "Grep",
                {"pattern": "round\\(", "path": "src", "output_mode": "content"},
            )
        ],
        "ts": "2025-10-14T09:12:06.950Z",
        "source_id": uid(3),
        "source_lines": [uid(3), uid(4)],
    },
    {
        "role": "tool",
        "tool_call_id": "toolu_01GrepRound",
        "content": "src/cart.py:41:    return round(total, 2)",
        "name": "Grep",
        "ts": "2025-10-14T09:12:07.502Z",
        "source_id": uid(5),
    },
    {
        # two parallel tool_use lines of one reply: one assistant message, content null
        "role": "assistant",
        "content": None,
        "tool_calls": [
            call("toolu_01ReadCart", "Read", {"file_path": "/home/dev/shop/src/cart.py"}),
            call("toolu_01ReadTest", "Read", {"file_path": "/home/dev/shop/tests/test_cart.py"}),
        ],
        "ts": "2025-10-14T09:12:10.020Z",
        "source_id": uid(6),
        "source_lines": [uid(6), uid(7)],
    },
    {
        # tool_result content as a list of text blocks, joined
        "role": "tool",
        "tool_call_id": "toolu_01ReadCart",
        "content": "    40→def total(items):\n    41→    return round(total, 2)",
        "name": "Read",
        "ts": "2025-10-14T09:12:10.410Z",
        "source_id": uid(8),
    },
    {
        "role": "tool",
        "tool_call_id": "toolu_01ReadTest",
        "content": "<tool_use_error>File does not exist.</tool_use_error>",
        "name": "Read",
        "is_error": True,
        "ts": "2025-10-14T09:12:10.415Z",
        "source_id": uid(9),
    },
    {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            call(
                "toolu_01TaskCallers",
                "Task",
                {
                    "description": "Find callers",
                    "prompt": "List every caller of cart.total",
                    "subagent_type": "Explore",
                },
            )
        ],
        "ts": "2025-10-14T09:12:14.800Z",
        "source_id": uid(10),
    },
    # the subagent's own lines (isSidechain) are skipped; its answer arrives here
    {
        "role": "tool",
        "tool_call_id": "toolu_01TaskCallers",
        "content": "Found 3 callers: checkout.py, invoice.py, api.py.",
        "name": "Task",
        "ts": "2025-10-14T09:12:21.300Z",
        "source_id": uid(13),
    },
    {
        "role": "assistant",
        "content": "Fixed: totals now use Decimal with ROUND_HALF_UP, and all 3 callers pass "
        "Decimal.",
        "ts": "2025-10-14T09:12:30.517Z",
        "source_id": uid(14),
    },
    # the isMeta caveat line and the /compact command line are harness text (issue 22.8);
    # the summary is Claude Code's words, a system message (audit 15)
    {
        "role": "system",
        "content": "This session is being continued from a previous conversation that ran out of "
        "context. The conversation is summarized below:\nAnalysis: the cent rounding in "
        "cart.total was fixed by switching to Decimal.",
        "compact_summary": True,
        "ts": "2025-10-14T09:20:44.121Z",
        "source_id": uid(19),
    },
    {
        # Claude compacted here: the working context starts after its summary
        "type": "compaction",
        "summary": "This session is being continued from a previous conversation that ran out "
        "of context. The conversation is summarized below:\nAnalysis: the cent rounding in "
        "cart.total was fixed by switching to Decimal.",
        "cut": 10,
        "ts": "2025-10-14T09:20:44.121Z",
        "imported": True,
    },
    {
        "role": "user",
        "content": [
            {"type": "text", "text": "Here is the receipt that was wrong."},
            {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0KGgo="}},
        ],
        "ts": "2025-10-14T09:22:10.000Z",
        "source_id": uid(20),
    },
    {
        "role": "assistant",
        "content": "The receipt shows 10.005 rounded down; the fix rounds it up to 10.01.",
        "ts": "2025-10-14T09:22:15.250Z",
        "source_id": uid(21),
    },
    {
        # typed while Claude was busy: a queued_command attachment, not the queue-operation
        "role": "user",
        "content": "also add a regression test",
        "ts": "2025-10-14T09:22:16.000Z",
        "source_id": uid(22),
    },
    {
        "role": "assistant",
        "content": "Added a regression test for 10.005.",
        "ts": "2025-10-14T09:22:40.004Z",
        "source_id": uid(23),
    },
]


def test_claude_session_becomes_the_exact_thread_named_after_its_session(cli, workspace):
    result = import_json(cli, workspace, CLAUDE)

    assert thread_entries(workspace, CLAUDE_SESSION) == CLAUDE_ENTRIES
    assert result == {
        "schema": JSON_SCHEMA,
        "thread": CLAUDE_SESSION,
        "format": "claude",
        "file": str(CLAUDE),
        "path": f"threads/{CLAUDE_SESSION}.jsonl",
        "read": 27,
        "imported": 14,
        "skipped_existing": 0,
        # snapshot, thinking-only line, turn_duration, isMeta caveat, /compact command,
        # compact_boundary, queue-operation, progress, summary
        "skipped_meta": 9,
        "skipped_sidechain": 2,
        "dry_run": False,
        "preview": None,
        "held_back": 0,
        "skipped": None,
    }


def test_claude_text_output_reports_the_import(cli, workspace):
    run = cli("-w", workspace, "thread", "import", CLAUDE)

    assert run.exit_code == 0
    # on stderr, as thread append reports, so -q silences both (issue 23); no "0 …" counts
    assert run.stdout == ""
    assert run.stderr == (
        f"thread import: imported 14 entries (claude) into thread {CLAUDE_SESSION} "
        f"(threads/{CLAUDE_SESSION}.jsonl); 27 records read; skipped 9 metadata, 2 subagent\n"
    )
    assert cli("-w", workspace, "-q", "thread", "import", CLAUDE).stderr == ""


def test_a_subagent_file_is_imported_whole_into_a_thread_beside_its_parent(cli, workspace):
    result = import_json(cli, workspace, SUBAGENT)

    thread = f"{CLAUDE_SESSION}.agent-a3f9c2e"
    assert (result["thread"], result["imported"], result["skipped_sidechain"]) == (thread, 2, 0)
    assert without_source(thread_entries(workspace, thread)) == [
        {
            "role": "user",
            "content": "List every caller of cart.total",
            "ts": "2025-10-14T09:12:14.900Z",
        },
        {
            "role": "assistant",
            "content": "Found 3 callers: checkout.py, invoice.py, api.py.",
            "ts": "2025-10-14T09:12:21.004Z",
        },
    ]


def test_assistant_blocks_are_merged_by_message_id_even_when_results_come_between(
    cli, workspace, tmp_path
):
    """Claude Code may run a tool while the reply is still streaming: the tool_result line
    then sits between two blocks of the same message. The reply stays one message, before
    the results, so the chat shape stays valid."""
    base = {"sessionId": "s-interleaved", "isSidechain": False}
    lines = [
        {**base, "type": "user", "uuid": "u1", "message": {"role": "user", "content": "go"}},
        {
            **base,
            "type": "assistant",
            "uuid": "a1",
            "message": {
                "id": "msg_1",
                "role": "assistant",
                "content": [{"type": "tool_use", "id": "t1", "name": "Bash", "input": {}}],
            },
        },
        {
            **base,
            "type": "user",
            "uuid": "r1",
            "message": {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "ok"}],
            },
        },
        {
            **base,
            "type": "assistant",
            "uuid": "a2",
            "message": {
                "id": "msg_1",
                "role": "assistant",
                "content": [{"type": "tool_use", "id": "t2", "name": "Bash", "input": {}}],
            },
        },
        {
            **base,
            "type": "user",
            "uuid": "r2",
            "message": {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "t2", "content": "ok too"}],
            },
        },
    ]
    source = tmp_path / "interleaved.jsonl"
    source.write_text("".join(json.dumps(line) + "\n" for line in lines))

    import_json(cli, workspace, source)

    entries = thread_entries(workspace, "s-interleaved")
    assert [(e["role"], e.get("tool_call_id")) for e in entries] == [
        ("user", None),
        ("assistant", None),
        ("tool", "t1"),
        ("tool", "t2"),
    ]
    assert [c["id"] for c in entries[1]["tool_calls"]] == ["t1", "t2"]
    assert entries[1]["source_lines"] == ["a1", "a2"]


# --------------------------------------------------------------------------- Codex CLI

CODEX_ENTRIES = [
    {
        "role": "user",
        "content": "Invoices show 10.00 instead of 10.01. Remember: we always round half up "
        "for money.",
        "ts": "2025-10-29T01:00:05.120Z",
    },
    {
        # the preamble message and the call after it are one assistant message
        "role": "assistant",
        "content": "Looking for the invoice rounding code.",
        "tool_calls": [
            call(
                "call_rg01",
                "shell",
                {"command": ["bash", "-lc", "rg -n round src"], "workdir": "/home/dev/shop"},
            )
        ],
        "ts": "2025-10-29T01:00:07.300Z",
    },
    {
        # the older output form {"output", "metadata"} is unwrapped
        "role": "tool",
        "tool_call_id": "call_rg01",
        "content": "src/invoice.py:12:    return round(amount, 2)\n",
        "name": "shell",
        "ts": "2025-10-29T01:00:07.610Z",
    },
    {
        # two parallel calls: one assistant message, then both results
        "role": "assistant",
        "content": None,
        "tool_calls": [
            call(
                "call_sed02",
                "shell",
                {
                    "command": ["bash", "-lc", "sed -n 1,40p src/invoice.py"],
                    "workdir": "/home/dev/shop",
                },
            ),
            call(
                "call_cat03",
                "shell",
                {
                    "command": ["bash", "-lc", "cat tests/test_invoice.py"],
                    "workdir": "/home/dev/shop",
                },
            ),
        ],
        "ts": "2025-10-29T01:00:09.110Z",
    },
    {
        "role": "tool",
        "tool_call_id": "call_sed02",
        "content": "Exit code: 0\nWall time: 0.1 seconds\nOutput:\ndef total(amount):\n"
        "    return round(amount, 2)\n",
        "name": "shell",
        "ts": "2025-10-29T01:00:09.300Z",
    },
    {
        "role": "tool",
        "tool_call_id": "call_cat03",
        "content": "Exit code: 1\nWall time: 0.1 seconds\nOutput:\ncat: tests/test_invoice.py: "
        "No such file or directory\n",
        "name": "shell",
        "ts": "2025-10-29T01:00:09.301Z",
    },
    {
        # freeform tool input becomes JSON arguments
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "call_patch04",
                "type": "function",
                "function": {
                    "name": "apply_patch",
                    "arguments": json.dumps(
                        {
                            "input": "*** Begin Patch\n*** Update File: src/invoice.py\n@@\n"
                            "-    return round(amount, 2)\n"
                            "+    return amount.quantize(CENT, rounding=ROUND_HALF_UP)\n"
                            "*** End Patch\n"
                        }
                    ),
                },
            }
        ],
        "ts": "2025-10-29T01:00:12.500Z",
    },
    {
        "role": "tool",
        "tool_call_id": "call_patch04",
        "content": "Success. Updated the following files:\nM src/invoice.py\n",
        "name": "apply_patch",
        "ts": "2025-10-29T01:00:12.700Z",
    },
    {
        "role": "assistant",
        "content": "Invoices now round half up: 10.005 becomes 10.01.",
        "ts": "2025-10-29T01:00:15.005Z",
    },
    {
        "role": "system",
        "content": "The invoice rounding was fixed with ROUND_HALF_UP; a test for it is still "
        "missing.",
        "compact_summary": True,
        "ts": "2025-10-29T01:20:00.000Z",
    },
    {
        "type": "compaction",
        "summary": "The invoice rounding was fixed with ROUND_HALF_UP; a test for it is still "
        "missing.",
        "cut": 10,
        "ts": "2025-10-29T01:20:00.000Z",
        "imported": True,
    },
    {"role": "user", "content": "Please add the missing test.", "ts": "2025-10-29T01:21:00.000Z"},
    {
        "role": "assistant",
        "content": "Added tests/test_invoice.py covering 10.005.",
        "ts": "2025-10-29T01:21:30.000Z",
    },
]


def test_codex_rollout_becomes_the_exact_thread_named_after_session_meta(cli, workspace):
    result = import_json(cli, workspace, CODEX)

    entries = thread_entries(workspace, CODEX_SESSION)
    assert without_source(entries) == CODEX_ENTRIES
    assert (result["format"], result["read"], result["imported"]) == ("codex", 27, 12)
    # session_meta, developer, AGENTS.md, environment_context, turn_context, 2 reasoning,
    # and 6 event_msg lines (which repeat the response items)
    assert result["skipped_meta"] == 13
    entries = [e for e in entries if e.get("type") != "compaction"]
    ids = [e["source_id"] for e in entries]
    assert all(HASH_ID.fullmatch(i) for i in ids) and len(set(ids)) == len(ids)
    assert [len(e.get("source_lines", [])) for e in entries] == [0, 2, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0]
    assert entries[1]["source_lines"][0] == entries[1]["source_id"]


def test_codex_source_ids_are_stable_across_workspaces(cli, workspace, tmp_path):
    other = tmp_path / "other"
    assert cli("init", other).exit_code == 0
    import_json(cli, workspace, CODEX)
    import_json(cli, other, CODEX)

    assert thread_entries(workspace, CODEX_SESSION) == thread_entries(other, CODEX_SESSION)


def test_codex_rollout_from_before_the_envelope(cli, workspace):
    result = import_json(cli, workspace, CODEX_LEGACY)

    assert (result["thread"], result["format"], result["skipped_meta"]) == (
        LEGACY_SESSION,
        "codex",
        6,
    )
    entries = thread_entries(workspace, LEGACY_SESSION)
    assert all("ts" in e for e in entries)  # no timestamps in the file: stamped at import
    assert [{k: v for k, v in e.items() if k not in ("ts", "source_id")} for e in entries] == [
        {"role": "user", "content": "What does the test suite cover?"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                call(
                    "call_ls01",
                    "local_shell",
                    {
                        "type": "exec",
                        "command": ["ls", "tests"],
                        "timeout_ms": 10000,
                        "working_directory": None,
                        "env": None,
                        "user": None,
                    },
                )
            ],
        },
        {
            "role": "tool",
            "tool_call_id": "call_ls01",
            "content": "test_api.py\ntest_cart.py\n",
            "name": "local_shell",
        },
        {"role": "assistant", "content": "Two test files: test_api.py and test_cart.py."},
    ]


# --------------------------------------------------------------------------- OpenAI-style


def test_openai_array_is_imported_into_a_thread_named_after_the_sanitised_file_stem(cli, workspace):
    result = import_json(cli, workspace, OPENAI_ARRAY)

    assert (result["thread"], result["format"], result["read"]) == ("chat_export", "openai", 5)
    original = json.loads(OPENAI_ARRAY.read_text())
    entries = thread_entries(workspace, "chat_export")
    assert [{k: v for k, v in e.items() if k not in ("ts", "source_id")} for e in entries] == (
        original
    )
    assert all(HASH_ID.fullmatch(e["source_id"]) for e in entries)


def test_openai_jsonl_keeps_ts_skips_compaction_records_and_keeps_repeated_messages(cli, workspace):
    result = import_json(cli, workspace, OPENAI_JSONL)

    assert (result["thread"], result["imported"], result["skipped_meta"]) == ("support-chat", 4, 1)
    entries = thread_entries(workspace, "support-chat")
    assert [(e["content"], e["ts"]) for e in entries] == [
        ("Our release is due on 2025-11-03.", "2025-10-20T08:00:00+00:00"),
        ("Noted: release on 2025-11-03.", "2025-10-20T08:00:05+00:00"),
        ("yes", "2025-10-20T09:01:00+00:00"),
        ("yes", "2025-10-20T09:01:00+00:00"),
    ]
    # the same message at another position is another entry
    assert len({e["source_id"] for e in entries}) == 4


@pytest.mark.parametrize(
    "document",
    [
        {"model": "gpt-4.1-mini", "messages": [{"role": "user", "content": "hi"}]},
        {"role": "user", "content": "hi"},
    ],
)
@pytest.mark.parametrize("indent", [None, 2])
def test_openai_request_body_or_single_message(cli, workspace, tmp_path, document, indent):
    body = tmp_path / "request.json"
    body.write_bytes(b"\xef\xbb\xbf" + json.dumps(document, indent=indent).encode())  # with a BOM

    result = import_json(cli, workspace, body, "--thread", "req")

    assert (result["format"], result["imported"]) == ("openai", 1)
    assert thread_entries(workspace, "req")[0]["content"] == "hi"


# --------------------------------------------------------------------------- detection, ids


@pytest.mark.parametrize(
    ("path", "fmt"),
    [(CLAUDE, "claude"), (CODEX, "codex"), (CODEX_LEGACY, "codex"), (OPENAI_ARRAY, "openai")],
)
def test_auto_detection_and_the_explicit_format_agree(cli, workspace, tmp_path, path, fmt):
    detected = import_json(cli, workspace, path, "--dry-run")
    explicit = import_json(cli, workspace, path, "--format", fmt, "--dry-run")

    assert detected["format"] == explicit["format"] == fmt
    assert detected["preview"] == explicit["preview"]


def test_thread_option_overrides_the_session_id(cli, workspace):
    result = import_json(cli, workspace, CODEX, "--thread", "invoice-fix")

    assert result["thread"] == "invoice-fix"
    assert len(thread_entries(workspace, "invoice-fix")) == 13  # 12 and a compaction record
    assert not (workspace / "threads" / f"{CODEX_SESSION}.jsonl").exists()


def test_stdin_import_needs_a_thread_only_when_the_file_names_none(cli, workspace):
    run = cli("-w", workspace, "thread", "import", "-", input=CODEX.read_bytes())
    assert run.exit_code == 0
    assert (workspace / "threads" / f"{CODEX_SESSION}.jsonl").exists()

    before = snapshot(workspace)
    run = cli("-w", workspace, "thread", "import", "-", input=OPENAI_JSONL.read_bytes())
    assert run.exit_code == 2
    assert (
        run.stderr == "memctl: error: <stdin>: nothing to name the thread after; pass --thread ID\n"
    )
    assert snapshot(workspace) == before


# --------------------------------------------------------------------------- re-import


@pytest.mark.parametrize(
    ("path", "thread"),
    [
        (CLAUDE, CLAUDE_SESSION),
        (CODEX, CODEX_SESSION),
        (CODEX_LEGACY, LEGACY_SESSION),
        (OPENAI_JSONL, "support-chat"),
    ],
)
def test_reimporting_the_same_file_adds_nothing(cli, workspace, path, thread):
    first = import_json(cli, workspace, path)
    log = workspace / "threads" / f"{thread}.jsonl"
    before = log.read_bytes()

    run = cli("-w", workspace, "thread", "import", path)

    assert run.exit_code == 0
    assert run.stdout == ""
    assert "nothing new to import" in run.stderr
    assert log.read_bytes() == before
    again = import_json(cli, workspace, path)
    # state.json knows how far the file was read: nothing after that, nothing re-read
    assert (again["imported"], again["read"], again["skipped_existing"]) == (0, 0, 0)
    assert first["imported"] > 0


def write_prefix(source: Path, target: Path, lines: int) -> Path:
    target.write_text("".join(source.read_text().splitlines(keepends=True)[:lines]))
    return target


def test_a_grown_file_adds_only_the_new_entries(cli, workspace, tmp_path):
    partial = write_prefix(CLAUDE, tmp_path / "live.jsonl", 15)  # through the "Fixed" reply
    first = import_json(cli, workspace, partial)
    assert first["imported"] == 9

    shutil.copy(CLAUDE, partial)
    second = import_json(cli, workspace, partial)

    # only the 12 appended lines are read
    assert (second["imported"], second["read"], second["skipped_existing"]) == (5, 12, 0)
    assert thread_entries(workspace, CLAUDE_SESSION) == CLAUDE_ENTRIES


def test_a_live_reply_cut_mid_way_waits_and_the_thread_equals_a_whole_import(
    cli, workspace, tmp_path
):
    """The file was read while a reply was being written: its first tool_use line was
    there, the second not yet. The reply waits for the next import, which then writes
    it whole, before its results: assistant[A, B], tool A, tool B."""
    partial = write_prefix(CLAUDE, tmp_path / "live.jsonl", 7)  # first Read, not the second
    first = import_json(cli, workspace, partial, "--live")
    assert (first["imported"], first["held_back"]) == (3, 1)
    shutil.copy(CLAUDE, partial)
    import_json(cli, workspace, partial, "--live")

    assert thread_entries(workspace, CLAUDE_SESSION) == CLAUDE_ENTRIES
    again = import_json(cli, workspace, partial)
    assert again["imported"] == 0


def test_a_batch_cut_mid_way_waits_even_when_the_turn_is_said_to_be_over(workspace, tmp_path):
    """Issue 22.12: `final` (what a Stop or SubagentStop hook says) takes a reply as it
    is, but not the first call of a batch: a turn never ends on one, and a SubagentStop
    comes while the main session's batch is still running. The batch waits, and the
    next import writes it whole: assistant[A, B], tool A, tool B."""
    from memctl.agents.imports import import_source
    from memctl.core.workspace import Workspace

    ws = Workspace(workspace)
    partial = write_prefix(CLAUDE, tmp_path / "live.jsonl", 7)
    first = import_source(ws, partial, final=True)
    assert (first.imported, first.held_back) == (3, 1)
    shutil.copy(CLAUDE, partial)
    import_source(ws, partial, final=True)

    assert thread_entries(workspace, CLAUDE_SESSION) == CLAUDE_ENTRIES


@pytest.mark.parametrize("stdin", [False, True])
def test_final_imports_a_last_reply_ending_in_a_tool_call_whole(cli, workspace, tmp_path, stdin):
    """`--final` says the session is over ("import its last reply as it is"), as
    SessionEnd does: nothing will extend the reply, so its trailing tool call is imported
    too, not held back for an import that never comes. --live still holds it."""
    partial = write_prefix(CLAUDE, tmp_path / "live.jsonl", 7)  # ends on a tool_use line
    live = import_json(cli, workspace, "--dry-run", "--live", partial)
    assert live["held_back"] == 1
    args = ("-", "--thread", "ended", "--final") if stdin else (partial, "--final")
    run = cli("-w", workspace, "--json", "thread", "import", *args, input=partial.read_bytes())
    assert run.exit_code == 0, run.stderr
    final = json.loads(run.stdout)

    assert (final["imported"], final["held_back"]) == (live["imported"] + 1, 0)
    entries = thread_entries(workspace, "ended" if stdin else CLAUDE_SESSION)
    assert entries[-1]["role"] == "assistant" and entries[-1]["tool_calls"]


def _import_mark(ws: Path, path: Path) -> dict[str, Any]:
    state = json.loads((ws / ".memctl" / "state.json").read_text(encoding="utf-8"))
    mark: dict[str, Any] = state["imports"][str(path.resolve())]
    return mark


def _set_import_mark(ws: Path, path: Path, **changes: Any) -> None:
    """state.json's entry for `path` changed: a key set, or dropped when given None."""
    file = ws / ".memctl" / "state.json"
    state = json.loads(file.read_text(encoding="utf-8"))
    mark = state["imports"][str(path.resolve())]
    for key, value in changes.items():
        if value is None:
            mark.pop(key, None)
        else:
            mark[key] = value
    file.write_text(json.dumps(state), encoding="utf-8")


def test_an_unchanged_transcript_is_trusted_by_its_stamp_unless_it_was_racily_stamped(
    cli, workspace, tmp_path
):
    """issue 26 goal 5: a Stop with nothing new compared the fingerprints of the file's
    first 4 KiB and of the 4 KiB before its offset (hashlib's OpenSSL load, 2-3 ms of
    the hook). The import records the file's [size, mtime_ns, ctime_ns, inode] taken
    with them, and a file that still has it is not read for them again. A file
    stat'ed within the timestamp granularity of its last change could be rewritten to
    the same size keeping that stamp: its mtime is recorded a nanosecond early, so the
    next import compares the fingerprints, as it does for an entry from before stamps.
    A wrong fingerprint in state.json shows which way an import went: compared, it
    sends the file to be read whole again."""
    old = tmp_path / "old.jsonl"
    shutil.copy(CLAUDE, old)
    os.utime(old, ns=(10**18, 10**18))  # changed long before the import
    import_json(cli, workspace, old)
    st = old.stat()
    assert _import_mark(workspace, old)["stamp"] == [
        st.st_size,
        st.st_mtime_ns,
        st.st_ctime_ns,
        st.st_ino,
    ]
    _set_import_mark(workspace, old, head="0" * 32)
    again = import_json(cli, workspace, old)
    assert (again["read"], again["imported"], again["skipped_existing"]) == (0, 0, 0)

    _set_import_mark(workspace, old, stamp=None)  # written by a memctl before stamps
    whole = import_json(cli, workspace, old)
    assert (whole["read"], whole["imported"]) == (len(CLAUDE.read_bytes().splitlines()), 0)

    racy = tmp_path / "racy.jsonl"
    shutil.copy(CLAUDE, racy)
    ahead = time.time_ns() + 10**9 + 1  # recent for the import, however slow it runs
    os.utime(racy, ns=(ahead, ahead))
    import_json(cli, workspace, racy)
    assert _import_mark(workspace, racy)["stamp"][1] == racy.stat().st_mtime_ns - 1
    _set_import_mark(workspace, racy, head="0" * 32)
    compared = import_json(cli, workspace, racy)
    assert compared["read"] == len(CLAUDE.read_bytes().splitlines())
    assert compared["imported"] == 0 and compared["skipped_existing"] > 0
    assert thread_entries(workspace, CLAUDE_SESSION) == CLAUDE_ENTRIES


def test_a_grown_codex_rollout_adds_only_the_new_entries(cli, workspace, tmp_path):
    partial = write_prefix(CODEX, tmp_path / "rollout.jsonl", 13)
    assert import_json(cli, workspace, partial)["imported"] == 3
    shutil.copy(CODEX, partial)

    assert import_json(cli, workspace, partial)["imported"] == 9
    assert without_source(thread_entries(workspace, CODEX_SESSION)) == CODEX_ENTRIES


# --------------------------------------------------------------------------- dry run


def test_dry_run_shows_the_entries_and_writes_nothing(cli, workspace):
    before = snapshot(workspace)

    run = cli("-w", workspace, "thread", "import", CODEX, "--dry-run")

    assert run.exit_code == 0
    assert run.stderr.startswith(
        f"thread import: would import 12 entries (codex) into thread {CODEX_SESSION} "
        f"(threads/{CODEX_SESSION}.jsonl); "
    )
    lines = run.stdout.splitlines()  # the preview: what would be imported
    assert lines[0] == (
        "+ [user] Invoices show 10.00 instead of 10.01. Remember: we always round half up for money."
    )
    assert len(lines) == 12
    assert snapshot(workspace) == before


def test_dry_run_after_an_import_reads_only_what_was_appended(cli, workspace):
    import_json(cli, workspace, CLAUDE)
    result = import_json(cli, workspace, CLAUDE, "--dry-run")

    assert (result["imported"], result["read"], result["preview"]) == (0, 0, [])


# --------------------------------------------------------------------------- errors


def expect_error(cli, workspace: Path, *args: object, input: bytes | None = None) -> str:
    before = snapshot(workspace)
    run = cli("-w", workspace, "thread", "import", *args, input=input)
    assert run.exit_code == 2, run.stderr
    assert run.stdout == ""
    assert run.stderr.startswith("memctl: error: ")
    assert run.stderr.count("\n") == 1
    assert "Traceback" not in run.stderr
    assert snapshot(workspace) == before
    return run.stderr.removeprefix("memctl: error: ").rstrip("\n")


def test_unknown_format_is_an_error(cli, workspace, tmp_path):
    source = tmp_path / "events.jsonl"
    source.write_text('{"event": "click", "x": 1}\n{"event": "scroll"}\n')

    message = expect_error(cli, workspace, source)

    assert message == (
        f"{source}: unknown transcript format: no record looks like a Claude Code session, "
        "a Codex CLI rollout or OpenAI-style messages (line 1 has keys: event, x)"
    )


def test_corrupt_line_names_the_file_and_the_line(cli, workspace, tmp_path):
    lines = CLAUDE.read_text().splitlines(keepends=True)
    lines[4] = lines[4][: len(lines[4]) // 2] + "\n"  # a half-written line 5
    source = tmp_path / "broken.jsonl"
    source.write_text("".join(lines))

    message = expect_error(cli, workspace, source)

    assert message.startswith(f"{source}: line 5: invalid JSON: ")


def test_corrupt_json_array_names_the_line(cli, workspace, tmp_path):
    source = tmp_path / "chat.json"
    source.write_text('[\n  {"role": "user", "content": "hi"},\n  {"role": "user",\n]\n')

    assert expect_error(cli, workspace, source).startswith(f"{source}: line 4: invalid JSON: ")


def test_non_utf8_names_the_line(cli, workspace, tmp_path):
    source = tmp_path / "latin1.jsonl"
    source.write_bytes(CLAUDE.read_bytes().splitlines(keepends=True)[1] + b'{"x": "caf\xe9"}\n')

    message = expect_error(cli, workspace, source)

    assert re.fullmatch(rf"{re.escape(str(source))}: line 2: not UTF-8 \(byte \d+\)", message)


def test_a_line_that_is_not_an_object_is_an_error(cli, workspace, tmp_path):
    source = tmp_path / "mixed.jsonl"
    source.write_text(CLAUDE.read_text().splitlines(keepends=True)[1] + "[1, 2]\n")

    assert expect_error(cli, workspace, source) == f"{source}: line 2: not a JSON object"


def test_a_tool_result_without_its_call_id_is_an_error(cli, workspace, tmp_path):
    bad = {
        "type": "user",
        "uuid": "u9",
        "sessionId": "s",
        "message": {"role": "user", "content": [{"type": "tool_result", "content": "ok"}]},
    }
    source = tmp_path / "s.jsonl"
    source.write_text(CLAUDE.read_text() + json.dumps(bad) + "\n")

    message = expect_error(cli, workspace, source)

    assert message == f"{source}: line 28: tool_result block without a string 'tool_use_id'"


def test_an_openai_message_that_fails_validation_names_its_line(cli, workspace, tmp_path):
    source = tmp_path / "chat.jsonl"
    source.write_text('{"role": "user", "content": "hi"}\n{"role": "robot", "content": "beep"}\n')

    message = expect_error(cli, workspace, source)

    assert message == (
        f"{source}: line 2: role must be one of user, assistant, system, developer, tool, not 'robot'"
    )


def test_format_that_does_not_match_the_file_is_an_error(cli, workspace):
    message = expect_error(cli, workspace, CLAUDE, "--format", "codex")

    assert message == (
        f"{CLAUDE} looks like a Claude Code session, not a Codex CLI rollout "
        "(use --format claude or --format auto)"
    )


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("--format", "gemini"), "unknown format 'gemini': use one of auto, claude, codex, openai"),
        (("--thread", "../escape"), "invalid thread id '../escape'"),
    ],
)
def test_bad_options_are_errors(cli, workspace, args, expected):
    assert expect_error(cli, workspace, CLAUDE, *args).startswith(expected)


def test_a_missing_file_is_an_error(cli, workspace, tmp_path):
    assert expect_error(cli, workspace, tmp_path / "nope.jsonl") == (
        f"{tmp_path / 'nope.jsonl'}: file not found"
    )


def test_json_error_document(cli, workspace, tmp_path):
    source = tmp_path / "events.jsonl"
    source.write_text('{"event": "click"}\n')

    run = cli("-w", workspace, "--json", "thread", "import", source)

    assert run.exit_code == 2
    assert json.loads(run.stdout)["exit_code"] == 2
    assert "unknown transcript format" in json.loads(run.stdout)["error"]


# --------------------------------------------------------------------------- the rest of memctl


@pytest.mark.parametrize(
    "path", [CLAUDE, SUBAGENT, CODEX, CODEX_LEGACY, OPENAI_ARRAY, OPENAI_JSONL]
)
def test_every_imported_entry_is_a_valid_thread_message(cli, workspace, path):
    thread = import_json(cli, workspace, path)["thread"]

    for number, entry in enumerate(thread_entries(workspace, thread), 1):
        if entry.get("type") != "compaction":  # memctl's own record, after a compact summary
            validate_message(entry, f"entry {number}")

    show = cli("-w", workspace, "thread", "show", thread)
    assert show.exit_code == 0 and show.stdout


def test_imported_sessions_are_flushed_into_the_ledger_by_the_builtin_model(cli, workspace):
    import_json(cli, workspace, CLAUDE)
    import_json(cli, workspace, CODEX)

    run = cli("-w", workspace, "flush")

    assert run.exit_code == 0, run.stderr
    ledger = "".join(p.read_text() for p in sorted((workspace / "memory").glob("*.md")))
    assert f" · {CLAUDE_SESSION} · " in ledger
    assert "- We decided to use Decimal for all money amounts from now on." in ledger
    assert f" · {CODEX_SESSION} · " in ledger
    assert "- Remember: we always round half up for money." in ledger
    # the harness context Codex injects never reaches the ledger
    assert "Always run pytest before you commit" not in ledger


def _flushed_ledger(cli, workspace: Path) -> str:
    run = cli("-w", workspace, "flush")
    assert run.exit_code == 0, run.stderr
    return "".join(p.read_text() for p in sorted((workspace / "memory").glob("*.md")))


def test_claude_code_interruption_notes_are_harness_text(cli, workspace, tmp_path):
    """audit 5, finding 3: "[Request interrupted by user]" and "... for tool use]",
    which Claude Code writes as user lines of its own, became MEMORY.md bullets."""
    session = "8c2d9e1a-3b4f-4a6d-9e8f-7a6b5c4d3e21"

    def line(n: int, content: Any) -> str:
        return json.dumps(
            {
                "type": "user",
                "uuid": uid(n),
                "parentUuid": uid(n - 1) if n > 1 else None,
                "sessionId": session,
                "timestamp": f"2026-12-03T10:0{n}:00Z",
                "message": {"role": "user", "content": content},
            }
        )

    source = tmp_path / "interrupted.jsonl"
    lines = [
        line(1, "The API server listens on port 8443."),
        line(2, [{"type": "text", "text": "[Request interrupted by user for tool use]"}]),
        line(3, "[Request interrupted by user]"),
        # typed by a person: the note inside a longer message is what they said
        line(4, "After [Request interrupted by user] the retry queue drains on its own."),
        line(5, "<task-notification><status>completed</status></task-notification>"),
    ]
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")

    import_json(cli, workspace, source)

    said = [e["content"] for e in thread_entries(workspace, session)]
    assert said == [
        "The API server listens on port 8443.",
        "After [Request interrupted by user] the retry queue drains on its own.",
    ]
    # a log written before the importer left them out: flush skips them too
    talk = "".join(
        json.dumps({"role": "user", "content": text}) + "\n"
        for text in (
            "[Request interrupted by user for tool use]",
            "The staging database runs Postgres 15.",
        )
    )
    assert cli("-w", workspace, "thread", "append", "old", input=talk).exit_code == 0
    ledger = _flushed_ledger(cli, workspace)
    assert "8443" in ledger and "Postgres 15" in ledger
    assert "Request interrupted" not in ledger.replace("After [Request interrupted by user]", "")


def test_codex_user_shell_commands_and_plugin_lists_are_harness_text(cli, workspace, tmp_path):
    """audit 5, finding 3: a `!` shell command the user ran in Codex
    (`<user_shell_command>`) and the `<plugins>` list became MEMORY.md bullets."""
    session = "019a2d7a-0000-7000-8000-00000000aa01"

    def item(minute: int, payload: dict[str, Any]) -> str:
        when = f"2026-12-03T10:{minute:02d}:00.000Z"
        return json.dumps({"timestamp": when, "type": "response_item", "payload": payload})

    def user(minute: int, text: str) -> str:
        content = [{"type": "input_text", "text": text}]
        return item(minute, {"type": "message", "role": "user", "content": content})

    meta = {"id": session, "cwd": "/home/dev/shop", "cli_version": "0.60.0"}
    lines = [
        json.dumps(
            {"timestamp": "2026-12-03T10:00:00.000Z", "type": "session_meta", "payload": meta}
        ),
        user(1, "The invoice job runs at 02:00 UTC."),
        user(
            2,
            "<user_shell_command>\n<command>git status</command>\n"
            "<result>On branch main</result>\n</user_shell_command>",
        ),
        user(3, "<plugins>\n- github: issues and pull requests\n</plugins>"),
        user(4, "<subagents>\n- reviewer\n</subagents>"),
    ]
    source = tmp_path / f"rollout-2026-12-03T10-00-00-{session}.jsonl"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")

    import_json(cli, workspace, source)

    said = [e["content"] for e in thread_entries(workspace, session)]
    assert said == ["The invoice job runs at 02:00 UTC."]
    ledger = _flushed_ledger(cli, workspace)
    assert "02:00 UTC" in ledger
    assert "On branch main" not in ledger and "github" not in ledger


def test_an_imported_rollout_is_searchable(cli, workspace):
    import_json(cli, workspace, CODEX)

    run = cli("-w", workspace, "--json", "search", "round half up", "--scope", "threads")

    assert run.exit_code == 0, run.stderr
    hits = json.loads(run.stdout)["hits"]
    assert [(h["entry"], h["role"]) for h in hits] == [(0, "user"), (8, "assistant")]
    assert all(CODEX_SESSION in h["path"] for h in hits)
    # harness context (environment, AGENTS.md) was not imported, so it is not found
    assert cli("-w", workspace, "search", "sandbox_mode", "--scope", "threads").exit_code == 1


def test_an_imported_title_is_redacted_in_state_and_thread_list(cli, workspace: Path) -> None:
    """issue 24, item 4: the title (the first prompt, cut to 60 characters) was stored
    in state.json and printed by `thread list` as said, half a key included."""
    key = "AKIAIOSFODNN7EXAMPLE"
    line = {
        "type": "user",
        "uuid": uid(1),
        "sessionId": "3b7e2f10-9c4d-4a8e-b1f2-6d5c4b3a2e99",
        "timestamp": "2025-10-14T09:12:03.118Z",
        "cwd": "/home/dev/shop",
        "message": {"role": "user", "content": f"Deploy with {key} and the usual secret"},
    }
    source = workspace / "session.jsonl"
    source.write_text(json.dumps(line) + "\n", encoding="utf-8")
    run = cli("-w", workspace, "thread", "import", source)
    assert run.exit_code == 0, run.stderr

    listed = cli("-w", workspace, "thread", "list")
    state = (workspace / ".memctl" / "state.json").read_text(encoding="utf-8")
    assert "Deploy with [REDACTED:aws_access_key]" in listed.stdout
    assert "AKIAIOSF" not in listed.stdout and "AKIAIOSF" not in state


def _not_regular(tmp_path: Path, kind: str) -> Path:
    if kind == "fifo":
        fifo = tmp_path / "session.jsonl"
        os.mkfifo(fifo)
        return fifo
    if kind == "loop":
        loop = tmp_path / "loop.jsonl"
        loop.symlink_to(tmp_path / "loop.jsonl")
        return loop
    zero = Path(os.devnull).with_name("zero")  # the endless device beside the null one
    if not zero.exists():
        pytest.skip("no zero device")
    return zero


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["fifo", "zero", "loop"])
@pytest.mark.parametrize("command", [("thread", "import"), ("thread", "append", "t1")])
def test_a_transcript_that_is_no_regular_file_is_refused(
    workspace: Path, tmp_path: Path, kind: str, command: tuple[str, ...]
) -> None:
    """issue 24, items 8 and 9: a FIFO blocked forever, /dev/zero was read without end,
    and a symlink loop ended in exit 70 (RuntimeError). One line, exit 2, nothing written."""
    source = _not_regular(tmp_path, kind)
    before = snapshot(workspace)

    run = run_memctl(workspace, *command, source, timeout=20)

    assert run.exit_code == 2, (run.exit_code, run.stderr)
    assert len(run.stderr.splitlines()) == 1 and str(source) in run.stderr
    assert "Traceback" not in run.stderr
    assert snapshot(workspace) == before


def test_json_names_the_transcript_by_its_absolute_path(cli, workspace, tmp_path, monkeypatch):
    """docs/JSON.md says `file` is absolute; a relative argument came back as given
    (audit 3b). The text report keeps the name as given."""
    import shutil

    folder = tmp_path / "cc"
    folder.mkdir()
    shutil.copy(CLAUDE, folder / "session.jsonl")
    monkeypatch.chdir(tmp_path)
    document = import_json(cli, workspace, "cc/session.jsonl", "--dry-run")
    assert document["file"] == str(folder / "session.jsonl")


def test_a_compaction_summary_is_one_hit_for_search_and_recall(cli, workspace):
    """Audit 3b #11: an imported compaction is the agent's summary message and a
    compaction record holding its text again; search (indexed or, on a fresh index, as
    the scan) and recall return the message alone, while the log keeps both."""
    import_json(cli, workspace, CLAUDE, "--thread", "cart")
    entries = thread_entries(workspace, "cart")
    summary = [i for i, e in enumerate(entries) if e.get("compact_summary") is True]
    record = [i for i, e in enumerate(entries) if e.get("type") == "compaction"]
    assert len(summary) == 1 and record == [summary[0] + 1]  # the log holds both, as before
    for _ in range(2):  # the first search builds the index, the second reads it
        run = cli("-w", workspace, "--json", "search", "cent rounding", "--scope", "threads")
        assert run.exit_code == 0, run.stderr
        hits = json.loads(run.stdout)["hits"]
        assert [(h["entry"], h["role"]) for h in hits] == [(summary[0], "system")]
    run = cli("-w", workspace, "--json", "recall", "cent rounding cart.total", "--scope", "threads")
    assert run.exit_code == 0, run.stderr
    found = [h["entry"] for h in json.loads(run.stdout)["hits"]]
    assert summary[0] in found and record[0] not in found
    shown = cli("-w", workspace, "thread", "show", "cart")
    assert f"#{record[0]} [compaction]" in shown.stdout  # thread show unchanged


def test_a_compaction_summary_an_older_import_stored_as_the_users_is_shown_as_system(
    cli, workspace
):
    """Audit 15: Claude Code's summary after a compaction (`isCompactSummary`) is its own
    words, imported as a system message now; a thread an older memctl imported holds it
    as a user message marked `compact_summary`, which search, recall and `thread show`
    name `system` too, never the user's words."""
    messages = [
        {"role": "user", "content": "Please look at the cart totals."},
        {
            "role": "user",
            "content": "This session is being continued: the cent rounding in cart.total "
            "was fixed by switching to Decimal.",
            "compact_summary": True,
        },
    ]
    data = "\n".join(json.dumps(m) for m in messages)
    assert cli("-w", workspace, "thread", "append", "cart", "-", input=data).exit_code == 0
    run = cli("-w", workspace, "--json", "search", "cent rounding", "--scope", "threads")
    assert run.exit_code == 0, run.stderr
    assert [(h["entry"], h["role"]) for h in json.loads(run.stdout)["hits"]] == [(1, "system")]
    run = cli("-w", workspace, "--json", "recall", "cent rounding cart.total", "--scope", "threads")
    assert run.exit_code == 0, run.stderr
    assert {h["entry"]: h["role"] for h in json.loads(run.stdout)["hits"]}[1] == "system"
    assert "#1 [system]" in cli("-w", workspace, "thread", "show", "cart").stdout


def test_two_files_of_one_name_in_two_folders_are_not_mixed(cli, workspace, tmp_path):
    """Review 29 F6: `a/notes.jsonl` then `b/notes.jsonl` (another conversation) both
    went into thread `notes` without a word. The second is refused (exit 2, nothing
    written) unless --thread names its thread; the first, grown or rewritten, still
    goes to its own thread."""
    first, second = tmp_path / "a" / "notes.jsonl", tmp_path / "b" / "notes.jsonl"
    first.parent.mkdir()
    second.parent.mkdir()
    first.write_text(json.dumps({"role": "user", "content": "Release on the 12th."}) + "\n")
    second.write_text(json.dumps({"role": "user", "content": "Budget approved."}) + "\n")
    assert cli("-w", workspace, "thread", "import", first).exit_code == 0
    before = snapshot(workspace)
    refused = cli("-w", workspace, "thread", "import", second)
    assert refused.exit_code == 2, refused
    assert "thread notes" in refused.stderr and "--thread" in refused.stderr
    assert snapshot(workspace) == before
    assert cli("-w", workspace, "thread", "import", second, "--thread", "budget").exit_code == 0
    first.write_text(json.dumps({"role": "user", "content": "Release moved to the 14th."}) + "\n")
    rewritten = cli("-w", workspace, "thread", "import", first)
    assert rewritten.exit_code == 0, rewritten.stderr
    assert "14th" in (workspace / "threads" / "notes.jsonl").read_text()


def test_two_names_that_make_the_same_thread_id_are_not_mixed(cli, workspace, tmp_path):
    """Audit 17 M5: "Besprechung-größe-会议.jsonl" and "Besprechung-grüße.jsonl" both went
    into thread `Besprechung-gr_e`, two conversations in one, without a word. The second
    is refused (exit 2, nothing written) unless --thread names its thread; the first one
    grown still adds to its own thread."""
    first = tmp_path / "Besprechung-größe-会议.jsonl"
    second = tmp_path / "Besprechung-grüße.jsonl"
    first.write_text(json.dumps({"role": "user", "content": "Release am 12.01."}) + "\n")
    second.write_text(json.dumps({"role": "user", "content": "Budget genehmigt."}) + "\n")
    assert cli("-w", workspace, "thread", "import", first).exit_code == 0
    before = snapshot(workspace)
    refused = cli("-w", workspace, "thread", "import", second)
    assert refused.exit_code == 2, refused
    assert "Besprechung-gr_e" in refused.stderr and "--thread" in refused.stderr
    assert len(refused.stderr.splitlines()) == 1
    assert snapshot(workspace) == before
    named = cli("-w", workspace, "thread", "import", second, "--thread", "gruesse")
    assert named.exit_code == 0, named
    with first.open("a") as handle:
        handle.write(json.dumps({"role": "user", "content": "Raum 4.12."}) + "\n")
    assert cli("-w", workspace, "thread", "import", first).exit_code == 0
    texts = [e["content"] for e in thread_entries(workspace, "Besprechung-gr_e")]
    assert texts == ["Release am 12.01.", "Raum 4.12."]
    assert cli("-w", workspace, "thread", "import", first).exit_code == 0  # again: nothing
