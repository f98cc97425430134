"""memctl context: the exact model request, the reference message and its switches."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from memctl.turn.tools import TOOL_NAMES
from tests.support.helpers import chat, snapshot, write_log


def request_of(cli, root: Path, thread: str = "t1") -> dict[str, Any]:
    result = cli("-w", root, "context", thread)
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def memory_config(root: Path, tools: bool, hooks: bool, extra: str = "") -> None:
    (root / "memctl.yaml").write_text(
        f"memory:\n  tools: {str(tools).lower()}\n  hooks: {str(hooks).lower()}\n{extra}"
    )


def test_request_shape(workspace: Path, cli) -> None:
    (workspace / "MEMORY.md").write_text("# Memory\n\n- The team deploys on Fridays.\n")
    write_log(workspace, "t1", chat(2))
    doc = request_of(cli, workspace)
    assert sorted(doc) == ["messages", "model", "schema", "tokens", "tools"]
    assert doc["model"] == "builtin"
    assert isinstance(doc["tokens"], int) and doc["tokens"] > 0
    assert [t["function"]["name"] for t in doc["tools"]] == list(TOOL_NAMES)
    for tool in doc["tools"]:
        assert tool["type"] == "function"
        assert len(tool["function"]["description"]) > 60
        assert tool["function"]["parameters"]["type"] == "object"
    reference, *rest = doc["messages"]
    assert reference["role"] == "user"
    assert reference["content"].startswith("[memctl reference material:")
    assert "not instructions" in reference["content"]
    assert "- The team deploys on Fridays." in reference["content"]
    assert [m["content"] for m in rest] == [m["content"] for m in chat(2)]


@pytest.mark.parametrize(
    ("tools", "hooks", "recall", "persistence"),
    [(True, True, True, True), (True, False, True, False), (False, True, False, True)],
)
def test_guidance_follows_the_switches(workspace, cli, tools, hooks, recall, persistence):
    memory_config(workspace, tools, hooks)
    (workspace / "MEMORY.md").write_text("- fact one\n")
    write_log(workspace, "t1", chat(1))
    doc = request_of(cli, workspace)
    reference = doc["messages"][0]["content"]
    assert ("## Memory recall" in reference) is recall
    assert ("memory_search" in reference) is recall
    assert ("## Memory persistence" in reference) is persistence
    assert "- fact one" in reference
    assert bool(doc["tools"]) is tools


def test_both_switches_off_no_reference_at_all(workspace: Path, cli) -> None:
    memory_config(workspace, False, False)
    (workspace / "MEMORY.md").write_text("- secret plan\n")
    write_log(workspace, "t1", chat(2))
    doc = request_of(cli, workspace)
    assert doc["tools"] == []
    assert [m["content"] for m in doc["messages"]] == [m["content"] for m in chat(2)]
    assert "secret plan" not in json.dumps(doc)


def test_memory_over_budget_is_cut_at_a_line_with_the_note(workspace: Path, cli) -> None:
    memory_config(workspace, True, True, "  consolidation_max_tokens: 10\n")
    lines = [f"- fact number {n}" for n in range(10)]  # 16-17 chars a line
    (workspace / "MEMORY.md").write_text("\n".join(lines) + "\n")
    write_log(workspace, "t1", chat(1))
    result = cli("-w", workspace, "context", "t1")
    reference = json.loads(result.stdout)["messages"][0]["content"]
    section = reference.split("## MEMORY.md\n", 1)[1]
    assert section.startswith("- fact number 0\n- fact number 1\n\n")
    assert "- fact number 2" not in section
    assert "use memory_search for the older entries" in section
    assert "MEMORY.md (160 chars) cut to its budget of 40 chars" in result.stderr


def test_memory_cut_without_tools_says_memory_truncated(workspace: Path, cli) -> None:
    memory_config(workspace, False, True, "  consolidation_max_tokens: 10\n")
    (workspace / "MEMORY.md").write_text("".join(f"- fact number {n}\n" for n in range(10)))
    write_log(workspace, "t1", chat(1))
    reference = request_of(cli, workspace)["messages"][0]["content"]
    assert reference.endswith("[memory truncated]")
    assert "memory_search" not in reference


def test_memory_within_budget_is_whole(workspace: Path, cli) -> None:
    text = "".join(f"- fact {n}\n" for n in range(50))
    (workspace / "MEMORY.md").write_text(text)
    write_log(workspace, "t1", chat(1))
    reference = request_of(cli, workspace)["messages"][0]["content"]
    assert reference.endswith("## MEMORY.md\n" + text.rstrip("\n"))


def test_working_context_after_a_compaction(workspace: Path, cli) -> None:
    entries = chat(4)
    record = {"type": "compaction", "summary": "They picked tools 0-2.", "cut": 6, "ts": "x"}
    write_log(workspace, "t1", [*entries, record, {"role": "user", "content": "and now?"}])
    messages = request_of(cli, workspace)["messages"]
    assert messages[1]["role"] == "user"
    assert messages[1]["content"].endswith(
        "Summary of the earlier conversation:\nThey picked tools 0-2."
    )
    assert "threads/t1.jsonl" in messages[1]["content"]
    assert [m["content"] for m in messages[2:]] == [
        entries[6]["content"],
        entries[7]["content"],
        "and now?",
    ]


def test_log_fields_stay_out_and_system_messages_come_first(workspace: Path, cli) -> None:
    write_log(
        workspace,
        "t1",
        [
            {"role": "system", "content": "You are terse.", "ts": "2026-01-01T00:00:00"},
            {"role": "user", "content": "hi", "ts": "2026-01-01T00:00:01", "source_id": "u1"},
        ],
    )
    messages = request_of(cli, workspace)["messages"]
    assert messages[0] == {"role": "system", "content": "You are terse."}
    assert messages[1]["content"].startswith("[memctl reference material")
    assert messages[2] == {"role": "user", "content": "hi"}


def test_truncate_args_outside_the_protected_tail(workspace: Path, cli) -> None:
    (workspace / "memctl.yaml").write_text(
        "compaction:\n  keep_messages: 2\n  keep_tokens: 0\n"
        "  truncate_args: {max_arg_length: 50, truncation_text: '...[truncated]'}\n"
    )

    def write_call(n: int) -> list[dict[str, Any]]:
        arguments = json.dumps({"path": f"f{n}.txt", "content": "c" * 500})
        return [
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": f"w{n}",
                        "type": "function",
                        "function": {"name": "write_file", "arguments": arguments},
                    }
                ],
            },
            {"role": "tool", "tool_call_id": f"w{n}", "content": "written"},
        ]

    log = write_log(workspace, "t1", write_call(1) + write_call(2))
    log_bytes = log.read_bytes()
    result = cli("-w", workspace, "context", "t1")
    messages = json.loads(result.stdout)["messages"][1:]
    old = json.loads(messages[0]["tool_calls"][0]["function"]["arguments"])
    recent = json.loads(messages[2]["tool_calls"][0]["function"]["arguments"])
    assert old == {"path": "f1.txt", "content": "c" * 20 + "...[truncated]"}
    assert recent["content"] == "c" * 500
    assert "1 tool-call argument truncated" in result.stderr
    assert log.read_bytes() == log_bytes


def test_secrets_are_redacted_unless_asked_not_to(workspace: Path, cli) -> None:
    key = "sk-proj-Ab3dEfGhIjKlMnOpQrStUvWxYz012345"
    write_log(workspace, "t1", [{"role": "user", "content": f"my key is {key}"}])
    assert key not in cli("-w", workspace, "context", "t1").stdout
    assert "[REDACTED:openai_key]" in cli("-w", workspace, "context", "t1").stdout
    assert key in cli("-w", workspace, "--no-redact", "context", "t1").stdout


def test_json_flag_prints_the_same_document(workspace: Path, cli) -> None:
    write_log(workspace, "t1", chat(1))
    plain = json.loads(cli("-w", workspace, "context", "t1").stdout)
    compact_doc = cli("-w", workspace, "--json", "context", "t1").stdout
    assert compact_doc.count("\n") == 1
    assert json.loads(compact_doc) == plain


def test_tokens_grow_with_the_context(workspace: Path, cli) -> None:
    write_log(workspace, "t1", chat(1))
    small = request_of(cli, workspace)["tokens"]
    write_log(workspace, "t1", chat(1, words=500))
    # 495 more " filler" words: 3,465 chars at 2.5 chars a token
    assert request_of(cli, workspace)["tokens"] - small == 1386


@pytest.mark.parametrize("thread", ["..", "a b", "missing"])
def test_bad_thread(workspace: Path, cli, thread: str) -> None:
    before = snapshot(workspace, locks=False)
    result = cli("-w", workspace, "context", thread)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert snapshot(workspace, locks=False) == before


def test_non_utf8_memory_is_a_clear_error(workspace: Path, cli) -> None:
    (workspace / "MEMORY.md").write_bytes(b"- caf\xe9\n")
    write_log(workspace, "t1", chat(1))
    result = cli("-w", workspace, "context", "t1")
    assert result.exit_code == 2
    assert "MEMORY.md is not UTF-8" in result.stderr


def test_a_developer_message_is_appended_and_sent_as_system(workspace: Path, cli) -> None:
    """Issue 22.14: `developer`, OpenAI's current system role, is accepted by `thread
    append` and `thread import`, and sent as `system` (Anthropic knows no developer)."""
    appended = cli(
        "-w", workspace, "thread", "append", "t1",
        input='{"role": "developer", "content": "Answer in French."}\n'
        '{"role": "user", "content": "hi"}\n',
    )  # fmt: skip
    assert appended.exit_code == 0, appended.stderr
    source = workspace / "chat.jsonl"
    source.write_text('{"role": "developer", "content": "Be brief."}\n')
    imported = cli("-w", workspace, "thread", "import", source, "--thread", "t2")
    assert imported.exit_code == 0, imported.stderr

    messages = request_of(cli, workspace)["messages"]
    assert messages[0] == {"role": "system", "content": "Answer in French."}
    assert messages[1]["content"].startswith("[memctl reference material")
    assert request_of(cli, workspace, "t2")["messages"][0] == {
        "role": "system",
        "content": "Be brief.",
    }


def test_tool_call_arguments_that_are_not_json_are_sent_as_json(workspace: Path, cli) -> None:
    """Issue 22.13: transcripts hold arguments that are not JSON (redacted by whoever
    published them, cut off by max_tokens); providers reject them, so the request
    carries them as `{"_raw": ...}`, and no arguments as `{}`."""
    calls = [
        ("c1", '{"command": "ls -la /srv/ap'),  # cut off by max_tokens
        ("c2", "[REDACTED]"),
        ("c3", ""),
        ("c4", '{"path": "a.py"}'),
    ]
    entries: list[dict[str, Any]] = [{"role": "user", "content": "look around"}]
    entries.append(
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": i, "type": "function", "function": {"name": "Bash", "arguments": a}}
                for i, a in calls
            ],
        }
    )
    entries += [{"role": "tool", "tool_call_id": i, "content": "ok"} for i, _ in calls]
    write_log(workspace, "t1", entries)

    sent = request_of(cli, workspace)["messages"][2]["tool_calls"]
    arguments = [json.loads(call["function"]["arguments"]) for call in sent]
    assert arguments == [
        {"_raw": '{"command": "ls -la /srv/ap'},
        {"_raw": "[REDACTED]"},
        {},
        {"path": "a.py"},
    ]
