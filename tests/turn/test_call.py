"""memctl call: one agent turn, its tools, overflow recovery, the per-call flush."""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from tests.support.conversations import expected_placeholder, name_for, tool_turn
from tests.support.helpers import MEMORY_TOOLS, chat, read_log, snapshot, write_log
from tests.support.llm_server import TEST_MODEL, write_model_config


def system_of(request: dict[str, Any]) -> str:
    first = request["messages"][0]
    return str(first.get("content")) if first.get("role") == "system" else ""


def kind_of(request: dict[str, Any]) -> str:
    system = system_of(request)
    if "extract durable facts" in system:
        return "flush"
    if "summarise conversations" in system:
        return "summary"
    if "MEMORY.md" in system or "maintain MEMORY.md" in system:
        return "consolidate"
    return "chat"


def ledger_text(root: Path) -> str:
    return "".join(p.read_text() for p in sorted((root / "memory").glob("*.md")))


def state_of(root: Path) -> dict[str, Any]:
    path = root / ".memctl" / "state.json"
    return json.loads(path.read_text()) if path.exists() else {}


# --------------------------------------------------------------------------- builtin


def test_builtin_turn_end_to_end(workspace: Path, cli) -> None:
    (workspace / "MEMORY.md").write_text("# Memory\n\n- The staging database is Postgres 16.\n")
    result = cli("-w", workspace, "call", "--new", "t1", "Which database runs staging?")
    assert result.exit_code == 0, result.stderr
    assert "builtin" in result.stdout
    assert "The staging database is Postgres 16." in result.stdout
    log = read_log(workspace, "t1")
    assert [(e["role"], e["content"]) for e in log] == [
        ("user", "Which database runs staging?"),
        ("assistant", result.stdout.rstrip("\n")),
    ]
    assert all("ts" in e for e in log)


def test_builtin_recall_finds_singulars_once(workspace: Path, cli) -> None:
    fact = "- We decided to deploy only on Tuesdays."
    (workspace / "MEMORY.md").write_text(f"# Memory\n\n{fact}\n")
    (workspace / "memory" / "2026-01-05.md").write_text(f"## Memory Flush\n\n{fact}\n")

    result = cli("-w", workspace, "call", "--new", "t1", "What do we know about deploys?")

    assert result.exit_code == 0, result.stderr
    assert result.stdout.count("We decided to deploy only on Tuesdays.") == 1


def test_builtin_lists_a_fact_once_not_its_bullet_and_the_ledger_line_it_came_from(
    workspace: Path, cli
) -> None:
    """Audit 5, 9: on the README's demo, `call` listed "Remember that deploys ..." (the
    MEMORY.md bullet) and "Dana: Remember that deploys ..." (the ledger line it was
    merged from, as the provenance sidecar records it): one fact, said once."""
    example = Path(__file__).resolve().parents[2] / "examples" / "conversation.jsonl"
    assert cli("-w", workspace, "thread", "append", "chat", example).exit_code == 0
    assert cli("-w", workspace, "flush").exit_code == 0
    assert cli("-w", workspace, "consolidate").exit_code == 0
    assert "Dana: Remember that deploys happen only on Tuesdays." in ledger_text(workspace)

    result = cli("-w", workspace, "call", "--new", "t1", "when do deploys happen?")

    assert result.exit_code == 0, result.stderr
    said = [line for line in result.stdout.splitlines() if "deploys happen only" in line]
    assert said == ["- Remember that deploys happen only on Tuesdays."], result.stdout


def test_builtin_per_call_flush_and_stdin(workspace: Path, cli) -> None:
    result = cli(
        "-w", workspace, "call", "--new", "t1", "-", input="Remember: we deploy on Fridays.\n"
    )
    assert result.exit_code == 0, result.stderr
    assert read_log(workspace, "t1")[0]["content"] == "Remember: we deploy on Fridays."
    assert "- Remember: we deploy on Fridays." in ledger_text(workspace)
    assert state_of(workspace)["threads"]["t1"]["flushed"] == 2
    assert re.search(r"call: flushed \d+ facts? to memory/", result.stderr)


def test_flush_trigger_never_skips_the_per_call_flush(workspace: Path, cli) -> None:
    (workspace / "memctl.yaml").write_text("memory:\n  flush_trigger: never\n")
    assert (
        cli("-w", workspace, "call", "--new", "t1", "Remember: we deploy on Fridays.").exit_code
        == 0
    )
    assert ledger_text(workspace) == ""


def test_builtin_compacts_when_a_trigger_is_reached(workspace: Path, cli) -> None:
    (workspace / "memctl.yaml").write_text(
        "compaction:\n  trigger_messages: 6\n  keep_messages: 2\n"
    )
    write_log(workspace, "t1", chat(3))
    result = cli("-w", workspace, "call", "--new", "t1", "and then?")
    assert result.exit_code == 0, result.stderr
    log = read_log(workspace, "t1")
    assert log[6]["type"] == "compaction" and log[6]["cut"] == 4
    assert [e["role"] for e in log[7:]] == ["user", "assistant"]
    assert "compact: thread t1" in result.stderr


def test_compaction_disabled_never_compacts(workspace: Path, cli) -> None:
    (workspace / "memctl.yaml").write_text(
        "compaction:\n  enabled: false\n  trigger_messages: 2\n  keep_messages: 1\n"
    )
    write_log(workspace, "t1", chat(3))
    assert cli("-w", workspace, "call", "--new", "t1", "and then?").exit_code == 0
    assert not any(e.get("type") == "compaction" for e in read_log(workspace, "t1"))


def test_dry_run_prints_the_request_and_writes_nothing(workspace: Path, cli) -> None:
    write_log(workspace, "t1", chat(1))
    before = snapshot(workspace)
    result = cli("-w", workspace, "call", "--new", "t1", "next question", "--dry-run")
    assert result.exit_code == 0
    request = json.loads(result.stdout)
    assert request["messages"][-1] == {"role": "user", "content": "next question"}
    assert request["messages"][0]["content"].startswith("[memctl reference material")
    assert snapshot(workspace) == before


@pytest.mark.parametrize(
    ("args", "input_text", "fragment"),
    [
        (["call", "--new", "t1", "   "], None, "the message is empty"),
        (["call", "--new", "t1", "-"], "", "the message is empty"),
        (["call", "../t", "hi"], None, "invalid thread id"),
    ],
)
def test_bad_input(workspace: Path, cli, args, input_text, fragment) -> None:
    before = snapshot(workspace, locks=False)
    result = cli("-w", workspace, *args, input=input_text)
    assert result.exit_code == 2
    assert fragment in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert snapshot(workspace, locks=False) == before


# --------------------------------------------------------------------------- tools


def test_tool_calls_run_and_the_whole_turn_is_logged(workspace: Path, cli, llm_server):
    write_model_config(workspace, llm_server, memory={"hooks": False})
    (workspace / "MEMORY.md").write_text("- The build server is called ochre.\n")
    llm_server.reply_tool_calls(
        [{"name": "memory_search", "arguments": {"query": "build server"}, "id": "c1"}]
    )
    llm_server.reply("It is called ochre.")
    result = cli("-w", workspace, "call", "--new", "t1", "What is the build server called?")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "It is called ochre.\n"
    first, second = llm_server.requests
    assert [t["function"]["name"] for t in first["tools"]] == [*MEMORY_TOOLS, "read_file"]
    assert first["messages"][-1] == {"role": "user", "content": "What is the build server called?"}
    tool_message = second["messages"][-1]
    assert tool_message["role"] == "tool" and tool_message["tool_call_id"] == "c1"
    assert tool_message["content"] == (
        "Found 1 match:\nSource: MEMORY.md#1: - The build server is called ochre."
    )
    log = read_log(workspace, "t1")
    assert [e["role"] for e in log] == ["user", "assistant", "tool", "assistant"]
    assert log[1]["tool_calls"][0]["function"]["name"] == "memory_search"
    assert log[3]["content"] == "It is called ochre."
    assert "call: tool memory_search" in result.stderr


def test_tool_errors_come_back_as_text(workspace: Path, cli, llm_server):
    write_model_config(workspace, llm_server, memory={"hooks": False})
    llm_server.reply_tool_calls(
        [
            {"name": "memory_search", "arguments": {"query": "x", "matchMode": ""}, "id": "a"},
            {"name": "memory_get", "arguments": {"path": 7}, "id": "b"},
            {"name": "thread_search", "arguments": {"query": "x", "matchMode": "fuzzy"}, "id": "c"},
            {"name": "no_such_tool", "arguments": {}, "id": "d"},
            {"name": "memory_save", "arguments": "{not json", "id": "e"},
            {"name": "thread_history", "arguments": {"thread": "a/b"}, "id": "f"},
        ]
    )
    llm_server.reply("sorry")
    result = cli("-w", workspace, "call", "--new", "t1", "try the tools")
    assert result.exit_code == 0, result.stderr
    results = {
        m["tool_call_id"]: m["content"] for m in read_log(workspace, "t1") if m["role"] == "tool"
    }
    assert set(results) == set("abcdef")
    assert all(text.startswith("Error: ") for text in results.values())
    assert "invalid match mode ''" in results["a"]
    assert "path must be a string" in results["b"]
    assert "fuzzy" in results["c"]
    assert "unknown tool 'no_such_tool'" in results["d"]
    assert "not valid JSON" in results["e"]
    assert "invalid thread id" in results["f"]


def test_memory_get_refuses_paths_outside_memory(workspace: Path, cli, llm_server):
    write_model_config(workspace, llm_server, memory={"hooks": False})
    llm_server.reply_tool_calls(
        [
            {"name": "memory_get", "arguments": {"path": "../memctl.yaml"}, "id": "a"},
            {"name": "memory_get", "arguments": {"path": "memory/none.md"}, "id": "b"},
        ]
    )
    llm_server.reply("ok")
    assert cli("-w", workspace, "call", "--new", "t1", "read").exit_code == 0
    results = [m["content"] for m in read_log(workspace, "t1") if m["role"] == "tool"]
    assert len(results) == 2 and all(r.startswith("Error: ") for r in results)


def test_memory_save_and_thread_history_tools(workspace: Path, cli, llm_server):
    write_model_config(workspace, llm_server, memory={"hooks": False})
    write_log(workspace, "old", chat(3))
    llm_server.reply_tool_calls(
        [
            {"name": "memory_save", "arguments": {"content": "Deploys are on Fridays."}, "id": "s"},
            {"name": "thread_history", "arguments": {"thread": "old", "start": -2}, "id": "h"},
        ]
    )
    llm_server.reply("saved")
    assert cli("-w", workspace, "call", "--new", "t1", "save it").exit_code == 0
    results = {
        m["tool_call_id"]: m["content"] for m in read_log(workspace, "t1") if m["role"] == "tool"
    }
    assert "Deploys are on Fridays." in (workspace / "MEMORY.md").read_text()
    assert "Deploys are on Fridays." in ledger_text(workspace)
    assert results["s"].startswith("Saved 1 memory")
    assert results["h"] == (
        "Thread old, entries 4-5 of 6:\n"
        "#4 [user] Turn 2: we decided to use tool2. filler filler filler filler filler\n"
        "#5 [assistant] Noted turn 2."
    )


def test_memory_forget_in_a_call_rewrites_the_exported_block(
    workspace: Path, cli, llm_server, tmp_path
):
    """`call` hands the tools the export refresh, as the MCP server does (issue 25 item 2)."""
    write_model_config(workspace, llm_server, memory={"hooks": False})
    assert cli("-w", workspace, "save", "The gate code is 5150.").exit_code == 0
    target = tmp_path / "AGENTS.md"
    assert cli("-w", workspace, "export", "--agents-md", target).exit_code == 0
    assert "5150" in target.read_text()
    llm_server.reply_tool_calls(
        [{"name": "memory_forget", "arguments": {"query": "gate code"}, "id": "f"}]
    )
    llm_server.reply("forgotten")

    assert cli("-w", workspace, "call", "--new", "t1", "forget the gate code").exit_code == 0

    results = {
        m["tool_call_id"]: m["content"] for m in read_log(workspace, "t1") if m["role"] == "tool"
    }
    assert results["f"].splitlines()[1] == f"Rewrote the memory block in {target}."
    assert "5150" not in target.read_text()


def test_the_request_is_the_context_with_eviction_and_truncation(workspace, cli, llm_server):
    """What `call` sends is what `memctl context` prints, placeholders and cut arguments
    included, and the evicted file is there for the model to read."""
    write_model_config(
        workspace,
        llm_server,
        memory={"hooks": False},
        compaction={
            "keep_messages": 2,
            "keep_tokens": 0,
            "truncate_args": {"max_arg_length": 100, "truncation_text": "…[cut]"},
        },
    )
    big = "H" * 50_000 + "T" * 50_000
    turn = tool_turn("c1", big)
    turn[1]["tool_calls"][0]["function"]["arguments"] = json.dumps({"pattern": "p" * 500})
    write_log(workspace, "t1", turn + chat(2))
    printed = json.loads(cli("-w", workspace, "context", "t1").stdout)
    llm_server.reply("seen")
    assert cli("-w", workspace, "call", "--new", "t1", "what did it say?").exit_code == 0
    sent = llm_server.requests[0]["messages"]

    def without_nulls(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{k: v for k, v in m.items() if v is not None} for m in messages]

    assert without_nulls(sent[:-1]) == without_nulls(printed["messages"])
    path = f"evicted/t1/{name_for('c1', big)}"
    assert sent[3]["content"] == expected_placeholder(big, path)
    assert (workspace / path).read_text() == big
    arguments = json.loads(sent[2]["tool_calls"][0]["function"]["arguments"])
    assert arguments == {"pattern": "p" * 20 + "…[cut]"}
    assert read_log(workspace, "t1")[2]["content"] == big  # the log keeps the whole result


def test_tools_off_sends_no_tools(workspace: Path, cli, llm_server):
    write_model_config(workspace, llm_server, memory={"hooks": False, "tools": False})
    llm_server.reply("plain")
    assert cli("-w", workspace, "call", "--new", "t1", "hi").exit_code == 0
    assert "tools" not in llm_server.requests[0]


def test_tool_steps_are_bounded(workspace: Path, cli, llm_server):
    write_model_config(workspace, llm_server, memory={"hooks": False})
    write_log(workspace, "t1", chat(1))
    for _ in range(9):
        llm_server.reply_tool_calls([{"name": "memory_search", "arguments": {"query": "x"}}])
    before = snapshot(workspace, locks=False)
    result = cli("-w", workspace, "call", "--new", "t1", "loop")
    assert result.exit_code == 1
    assert "still calling tools after 8 steps" in result.stderr
    assert len(llm_server.requests) == 9
    assert snapshot(workspace, locks=False) == before


def test_a_model_failure_leaves_the_thread_unchanged(workspace: Path, cli, llm_server):
    write_model_config(workspace, llm_server)
    write_log(workspace, "t1", chat(1))
    llm_server.fail(500)
    before = snapshot(workspace, locks=False)
    result = cli("-w", workspace, "call", "--new", "t1", "hello")
    assert result.exit_code == 1
    assert "HTTP 500" in result.stderr
    assert snapshot(workspace, locks=False) == before


# --------------------------------------------------------------------------- after the reply


def test_flush_failure_is_reported_and_the_turn_kept(workspace: Path, cli, llm_server):
    write_model_config(workspace, llm_server)
    # the chat answer first, then the flush (same model) fails
    llm_server.reply("the answer")
    llm_server.fail(500)
    result = cli("-w", workspace, "call", "--new", "t1", "We decided to use Rust.")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "the answer\n"
    assert "the per-call flush failed" in result.stderr
    assert len(read_log(workspace, "t1")) == 2


def test_maintenance_failure_is_reported_and_the_call_succeeds(workspace, cli, llm_server):
    """Main model builtin; the memory model is the server: flush works, consolidation fails."""
    memory_model = {
        "name": TEST_MODEL,
        "api_base": llm_server.url,
        "api_key_env": "MEMCTL_TEST_KEY",
        "max_retries": 0,
    }
    (workspace / "memctl.yaml").write_text(
        json.dumps({"model": "builtin", "memory": {"model": memory_model}})
    )
    llm_server.reply("- The team chose Rust.")
    llm_server.fail(503)
    result = cli("-w", workspace, "call", "--new", "t1", "We decided to use Rust.")
    assert result.exit_code == 0, result.stderr
    assert "maintenance failed" in result.stderr and "HTTP 503" in result.stderr
    assert "The team chose Rust." in ledger_text(workspace)
    assert [kind_of(r) for r in llm_server.requests] == ["flush", "consolidate"]
    assert "maintain" not in state_of(workspace).get("runs", {})

    # The next turn does not pay for another failed attempt within the gap ...
    llm_server.reply("- Builds use cargo.")
    again = cli("-w", workspace, "call", "--new", "t1", "We decided to build with cargo.")
    assert again.exit_code == 0 and "maintenance failed" not in again.stderr
    assert [kind_of(r) for r in llm_server.requests] == ["flush", "consolidate", "flush"]
    # ... while cron's `memctl maintain` retries at once, and succeeds.
    llm_server.reply("- The team chose Rust.\n- Builds use cargo.")
    assert cli("-w", workspace, "maintain").exit_code == 0
    assert [kind_of(r) for r in llm_server.requests][-1] == "consolidate"
    assert "maintain" in state_of(workspace)["runs"]
    assert "maintain_failed" not in state_of(workspace)["runs"]


# --------------------------------------------------------------------------- overflow


def scripted(request: dict[str, Any]) -> str:
    """Flush: one fact a codeword; summary: the codewords; chat: a short reply."""
    kind = kind_of(request)
    text = "\n".join(str(m.get("content")) for m in request["messages"])
    if kind == "flush":
        conversation = text.split("Conversation (", 1)[-1]
        words = sorted(set(re.findall(r"codeword-\d+", conversation)))
        return "\n".join(f"- {w} was mentioned" for w in words) or "NO_REPLY"
    if kind == "summary":
        words = sorted(set(re.findall(r"codeword-\d+", text)), key=lambda w: int(w[9:]))
        return "Summary: " + ", ".join(words)
    if kind == "consolidate":
        return "# Memory\n"
    return "ok"


@pytest.mark.slow
def test_a_long_conversation_never_shows_an_overflow(workspace: Path, cli, llm_server):
    llm_server.context_window = 4096
    llm_server.default = scripted
    # no window configured: it is learned from the first overflow error; no per-call
    # flush, so the facts in the ledger come from the flush before each compaction
    write_model_config(
        workspace, llm_server, context_window=None, memory={"flush_trigger": "never"}
    )
    turns = 24
    for n in range(turns):
        text = f"Turn {n}: the codeword-{n} matters. " + "lorem ipsum dolor sit amet " * 60
        result = cli("-w", workspace, "call", "--new", "t1", text)
        assert result.exit_code == 0, (n, result.stderr)
        assert result.stdout == "ok\n"
    assert state_of(workspace)["windows"][TEST_MODEL] == 4096
    log = read_log(workspace, "t1")
    records = [e for e in log if e.get("type") == "compaction"]
    assert records
    compacted = {
        int(w[9:]) for w in re.findall(r"codeword-\d+", json.dumps(log[: records[-1]["cut"]]))
    }
    in_ledger = {int(w[9:]) for w in re.findall(r"codeword-\d+", ledger_text(workspace))}
    assert compacted and compacted <= in_ledger
    assert len([e for e in log if e.get("role") == "user"]) == turns
    # tokens sent per chat turn stay flat instead of growing with the history
    chats = [len(json.dumps(r)) // 4 for r in llm_server.requests if kind_of(r) == "chat"]
    assert max(chats[-6:]) <= 4096


def test_overflow_recovery_learns_the_window_and_retries_once(workspace, cli, llm_server):
    write_model_config(
        workspace,
        llm_server,
        context_window=None,
        memory={"hooks": False},
        compaction={"keep_messages": 2},
    )
    write_log(workspace, "t1", chat(12, words=100))
    llm_server.overflow(6000)
    llm_server.reply("the summary")
    llm_server.reply("the answer")
    result = cli("-w", workspace, "call", "--new", "t1", "go on")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "the answer\n"
    assert "compacted and retried once" in result.stderr
    assert [kind_of(r) for r in llm_server.requests] == ["chat", "summary", "chat"]
    assert state_of(workspace)["windows"][TEST_MODEL] == 6000
    log = read_log(workspace, "t1")
    assert log[24]["type"] == "compaction" and log[24]["summary"].startswith(
        "the summary\n\nKept:\n"
    )
    assert [e["role"] for e in log[25:]] == ["user", "assistant"]
    retry = llm_server.requests[2]["messages"]
    assert "the summary" in retry[1]["content"]


def test_overflow_recovery_flushes_even_without_flush_before_compact(workspace, cli, llm_server):
    """The reference's third flush point: the emergency compaction always flushes first,
    so the facts of the summarised turns reach the ledger."""
    llm_server.default = scripted
    write_model_config(
        workspace,
        llm_server,
        context_window=None,
        memory={"flush_trigger": "never"},
        compaction={"keep_messages": 2, "keep_tokens": 0, "flush_before_compact": False},
    )
    write_log(
        workspace,
        "t1",
        [{"role": "user", "content": f"the codeword-{n} is set"} for n in range(8)],
    )
    llm_server.overflow(6000)
    result = cli("-w", workspace, "call", "--new", "t1", "go on")
    assert result.exit_code == 0, result.stderr
    assert [kind_of(r) for r in llm_server.requests][:4] == ["chat", "flush", "summary", "chat"]
    assert all(f"codeword-{n} was mentioned" in ledger_text(workspace) for n in range(8))
    assert state_of(workspace)["threads"]["t1"]["flushed"] == 8


def test_a_failed_summary_during_recovery_leaves_the_thread_unchanged(workspace, cli, llm_server):
    write_model_config(
        workspace,
        llm_server,
        context_window=None,
        memory={"hooks": False},
        compaction={"keep_messages": 2, "keep_tokens": 0},
    )
    log = write_log(workspace, "t1", chat(6))
    log_bytes = log.read_bytes()
    llm_server.overflow(6000)
    llm_server.fail(500)
    result = cli("-w", workspace, "call", "--new", "t1", "go on")
    assert result.exit_code == 1
    assert "HTTP 500" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert [kind_of(r) for r in llm_server.requests] == ["chat", "summary"]
    assert log.read_bytes() == log_bytes
    assert state_of(workspace)["windows"][TEST_MODEL] == 6000  # what the error said is kept


def test_overflow_twice_fails_with_a_clear_message(workspace: Path, cli, llm_server):
    llm_server.context_window = 3000
    llm_server.default = scripted
    write_model_config(workspace, llm_server, context_window=None, memory={"hooks": False})
    log = write_log(workspace, "t1", chat(10))
    huge = "codeword-99 " + "x" * 20_000  # larger than the window on its own
    result = cli("-w", workspace, "call", "--new", "t1", huge)
    assert result.exit_code == 1
    assert "context length exceeded" in result.stderr
    assert "still too large after a forced compaction and one retry" in result.stderr
    assert "the turn was not appended (the flush and the compaction" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    entries = read_log(workspace, "t1")
    assert [e.get("type") for e in entries[20:]] == ["compaction"]  # the turn was not appended
    assert log.read_text().count("codeword-99") == 0


def test_overflow_with_nothing_to_compact_says_so(workspace: Path, cli, llm_server):
    llm_server.context_window = 2000
    write_model_config(workspace, llm_server, memory={"hooks": False})
    result = cli("-w", workspace, "call", "--new", "fresh", "y" * 20_000)
    assert result.exit_code == 1
    assert "nothing to compact" in result.stderr
    assert not (workspace / "threads" / "fresh.jsonl").exists()


def test_compaction_disabled_means_no_recovery(workspace: Path, cli, llm_server):
    write_model_config(
        workspace, llm_server, memory={"hooks": False}, compaction={"enabled": False}
    )
    write_log(workspace, "t1", chat(3))
    llm_server.overflow()
    before = snapshot(workspace, locks=False)
    result = cli("-w", workspace, "call", "--new", "t1", "hi")
    assert result.exit_code == 1
    assert "compaction.enabled is false" in result.stderr
    assert len(llm_server.requests) == 1
    assert snapshot(workspace, locks=False) == before


def test_json_output_has_reply_and_usage(workspace: Path, cli, llm_server):
    write_model_config(workspace, llm_server, memory={"hooks": False})
    llm_server.reply("fine", prompt_tokens=123, completion_tokens=4)
    result = cli("-w", workspace, "--json", "call", "--new", "t1", "hello")
    doc = json.loads(result.stdout)
    assert doc["reply"] == "fine" and doc["appended"] == 2 and doc["requests"] == 1
    assert doc["usage"]["prompt_tokens"] == 123 and doc["usage"]["completion_tokens"] == 4


# --------------------------------------------------------------------------- the tools module


def open_workspace(root: Path):
    from memctl.core.config import load_config
    from memctl.core.workspace import Workspace

    return Workspace(root), load_config(root / "memctl.yaml")


def test_thread_history_ranges(workspace: Path) -> None:
    from memctl.turn.tools import run_tool

    ws, config = open_workspace(workspace)
    write_log(workspace, "t", chat(30))
    last = run_tool(ws, config, "thread_history", {"thread": "t"}).text.splitlines()
    assert last[0] == "Thread t, entries 40-59 of 60:" and last[-1].startswith("#59 ")
    window = run_tool(ws, config, "thread_history", '{"thread": "t", "start": 2, "end": 3}')
    assert window.text.splitlines()[1:] == [
        "#2 [user] Turn 1: we decided to use tool1. filler filler filler filler filler",
        "#3 [assistant] Noted turn 1.",
        "… 56 later entries; continue with start=4",
    ]
    for arguments, fragment in [
        ({"thread": "t", "start": 60}, "past the last entry"),
        ({"thread": "t", "start": 5, "end": 2}, "before start"),
        ({"thread": "t", "start": "x"}, "start must be an integer"),
        ({}, "thread is required"),
        ({"thread": "nope"}, "no thread 'nope'"),
    ]:
        outcome = run_tool(ws, config, "thread_history", arguments)
        assert outcome.is_error and fragment in outcome.text, outcome.text


def test_search_tools_match_modes(workspace: Path) -> None:
    from memctl.turn.tools import run_tool

    ws, config = open_workspace(workspace)
    (workspace / "MEMORY.md").write_text("- 部署决定：使用蓝鲸方案\n")
    write_log(workspace, "t", [{"role": "user", "content": "部署决定：使用蓝鲸方案"}])
    phrase = run_tool(ws, config, "memory_search", {"query": "部署 蓝鲸"})
    assert phrase.text == "No matching memories found for: 部署 蓝鲸"
    every = run_tool(ws, config, "memory_search", {"query": "部署 蓝鲸", "matchMode": "all"})
    assert every.text == "Found 1 match:\nSource: MEMORY.md#1: - 部署决定：使用蓝鲸方案"
    threads = run_tool(
        ws, config, "thread_search", {"query": "蓝鲸", "matchMode": None, "thread": "t"}
    )
    assert (
        threads.text == "Found 1 match:\nSource: threads/t.jsonl#0 [user]: 部署决定：使用蓝鲸方案"
    )
    assert run_tool(ws, config, "memory_search", {"query": "x", "matchMode": 3}).is_error


def test_tools_switched_off_answer_with_an_error(workspace: Path) -> None:
    from memctl.turn.tools import run_tool

    (workspace / "memctl.yaml").write_text("memory:\n  tools: false\n")
    ws, config = open_workspace(workspace)
    outcome = run_tool(ws, config, "memory_search", {"query": "x"})
    assert outcome.is_error and "memory.tools: false" in outcome.text


# --------------------------------------------------------------------------- evicted results


def big_tool_result(root: Path, chars: int = 100_000) -> tuple[str, str]:
    """A thread whose one tool result is over the eviction threshold (80,000 chars):
    the text, and the path its placeholder names (derived here, not by memctl)."""
    text = "".join(f"row {n:06d}: status ok\n" for n in range(chars // 22 + 1))[:chars]
    write_log(
        root,
        "t1",
        [
            {"role": "user", "content": "Dump the table."},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "call_7",
                        "type": "function",
                        "function": {"name": "query_db", "arguments": "{}"},
                    }
                ],
            },
            {"role": "tool", "tool_call_id": "call_7", "content": text},
            {"role": "assistant", "content": "The table has many rows."},
        ],
    )
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    return text, f"evicted/t1/call_7-{digest}"


def test_the_model_reads_an_evicted_result_back_in_pages(workspace: Path, cli, llm_server):
    write_model_config(workspace, llm_server, memory={"hooks": False})
    text, path = big_tool_result(workspace)
    llm_server.reply_tool_calls([{"name": "read_file", "arguments": {"path": path}, "id": "r1"}])
    llm_server.reply_tool_calls(
        [{"name": "read_file", "arguments": {"path": path, "offset": 90_000}, "id": "r2"}]
    )
    llm_server.reply("Row 004090 is ok.")

    result = cli("-w", workspace, "call", "--new", "t1", "What does the last row say?")

    assert result.exit_code == 0, result.stderr
    first, second, third = llm_server.requests
    evicted = next(m for m in first["messages"] if m.get("tool_call_id") == "call_7")["content"]
    assert path in evicted and len(evicted) < 5_000  # the placeholder, not the result
    assert (workspace / path).read_text() == text
    page = second["messages"][-1]
    assert page["tool_call_id"] == "r1"
    assert page["content"] == (
        f"[{path}: characters 0–20,000 of 100,000; 80,000 more, read on with offset 20000]\n"
        + text[:20_000]
    )
    assert third["messages"][-1]["content"] == (
        f"[{path}: characters 90,000–100,000 of 100,000; the end]\n" + text[90_000:]
    )
    # What was read back is logged, and its pages are under the eviction threshold.
    logged = [e["content"] for e in read_log(workspace, "t1") if e.get("role") == "tool"]
    assert logged[1:] == [page["content"], third["messages"][-1]["content"]]


def test_read_file_reads_only_evicted_results(workspace: Path) -> None:
    from memctl.turn.tools import run_tool

    ws, config = open_workspace(workspace)
    text, path = big_tool_result(workspace)
    from memctl.pipeline.evict import evict

    evict(ws, config, "t1")
    (workspace / "outside.txt").write_text("secret")
    os.symlink(workspace / "outside.txt", workspace / "evicted" / "t1" / "link")
    (workspace / "evicted" / "t1" / "latin1").write_bytes(b"caf\xe9")
    for arguments, fragment in [
        ({"path": "memctl.yaml"}, "only files under evicted/ can be read"),
        ({"path": "MEMORY.md"}, "only files under evicted/ can be read"),
        ({"path": "evicted/../memctl.yaml"}, "'..' is refused"),
        ({"path": str(workspace / path)}, "absolute paths are refused"),
        ({"path": "evicted/t1/link"}, "leads out of evicted/"),
        ({"path": "evicted/t1/nope"}, "no such evicted result"),
        ({"path": "evicted/t1"}, "is a folder"),
        ({"path": "evicted/t1/latin1"}, "not UTF-8 text (byte 3)"),
        ({"path": path, "offset": 100_000}, "offset 100000 is past the end (100,000 characters)"),
        ({"path": path, "offset": -1}, "offset must be 0 or more"),
        ({"path": path, "limit": 0}, "limit must be 1 or more"),
        ({"path": path, "offset": "10"}, "offset must be an integer"),
        ({}, "path is required"),
    ]:
        outcome = run_tool(ws, config, "read_file", arguments)
        assert outcome.is_error and fragment in outcome.text, (arguments, outcome.text)
    capped = run_tool(ws, config, "read_file", {"path": path, "offset": 10, "limit": 50_000})
    assert capped.text.split("\n", 1) == [
        f"[{path}: characters 10–20,010 of 100,000; 79,990 more, read on with offset 20010]",
        text[10:20_010],
    ]
    small = run_tool(ws, config, "read_file", {"path": path, "offset": 5, "limit": 3})
    assert small.text.endswith("]\n" + text[5:8])
