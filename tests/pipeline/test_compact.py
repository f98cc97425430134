"""memctl compact: triggers, the cut, tool-call pairs, staged summaries, failures."""

from __future__ import annotations

import json
import random
import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from memctl.core.config import CompactionConfig, TruncateArgs
from memctl.core.redact import compile_patterns
from memctl.core.threads import working_context
from memctl.models.windows import chars_for, keep_budget, trigger_tokens
from memctl.pipeline.cuts import tail_start, truncate_arguments, truncate_tool_args
from memctl.pipeline.summarise import summary_tokens_target
from tests.support.helpers import chat, read_log, snapshot, write_log
from tests.support.llm_server import lossy_summary, write_model_config


def config(root: Path, text: str) -> None:
    (root / "memctl.yaml").write_text(text, encoding="utf-8")


def with_tools(rng: random.Random, groups: int) -> list[dict[str, Any]]:
    """A conversation of user messages and assistant tool calls with 1-3 results each."""
    out: list[dict[str, Any]] = []
    for n in range(groups):
        out.append({"role": "user", "content": f"question {n} " + "x" * rng.randint(0, 300)})
        calls = rng.randint(0, 3)
        if calls:
            ids = [f"call_{n}_{k}" for k in range(calls)]
            out.append(
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": i,
                            "type": "function",
                            "function": {"name": "grep", "arguments": json.dumps({"q": i})},
                        }
                        for i in ids
                    ],
                }
            )
            out.extend(
                {"role": "tool", "tool_call_id": i, "content": "r" * rng.randint(1, 900)}
                for i in ids
            )
        out.append({"role": "assistant", "content": f"answer {n}"})
    return out


def assert_pairs_kept(messages: list[dict[str, Any]], start: int) -> None:
    tail = messages[start:]
    if not tail:
        return
    assert tail[0]["role"] != "tool"
    called = {c["id"] for m in tail for c in m.get("tool_calls") or ()}
    for message in tail:
        if message["role"] == "tool":
            assert message["tool_call_id"] in called
    # and no call in the prefix has a result in the tail (nor the other way round)
    prefix_calls = {c["id"] for m in messages[:start] for c in m.get("tool_calls") or ()}
    assert not prefix_calls & {m.get("tool_call_id") for m in tail}


# --------------------------------------------------------------------------- budgets


def test_dynamic_trigger_follows_the_window() -> None:
    settings = CompactionConfig()
    assert trigger_tokens(settings, None) == 160_000
    assert trigger_tokens(settings, 128_000) == 108_000
    assert trigger_tokens(settings, 20_000) == 10_000
    assert trigger_tokens(settings, 8_192) == 4_096
    assert trigger_tokens(CompactionConfig(trigger_tokens=5_000), 128_000) == 5_000


def test_keep_budget_derived_fixed_or_by_messages() -> None:
    derived = CompactionConfig()
    assert keep_budget(derived, None) is None
    assert keep_budget(derived, 200_000) == 8_000
    assert keep_budget(derived, 40_000) == 5_000
    assert keep_budget(derived, 28_000) == 2_000
    # below 8,000 tokens a quarter of the window, so a kept tail is not itself a trigger
    assert keep_budget(derived, 4_096) == 1_024
    assert keep_budget(CompactionConfig(keep_tokens=0), 200_000) is None
    assert keep_budget(CompactionConfig(keep_tokens=777), None) == 777


def test_fixed_token_tail_is_the_earliest_suffix_that_fits() -> None:
    messages = [{"role": "user", "content": "a" * 250} for _ in range(10)]  # 105 tokens each
    settings = CompactionConfig(keep_tokens=320)
    assert tail_start(messages, settings, None) == 7
    # a last message larger than the budget is still kept: at least one message
    assert tail_start(messages, CompactionConfig(keep_tokens=5), None) == 9


def test_a_cut_never_separates_tool_calls_from_their_results() -> None:
    rng = random.Random(4)
    for _ in range(40):
        messages = with_tools(rng, rng.randint(1, 12))
        for keep in range(1, len(messages) + 2):
            start = tail_start(messages, CompactionConfig(keep_messages=keep), None)
            assert_pairs_kept(messages, start)
        for budget in (1, 50, 120, 400, 900, 3000):
            start = tail_start(messages, CompactionConfig(keep_tokens=budget), None)
            assert_pairs_kept(messages, start)
            capped = tail_start(
                messages, CompactionConfig(keep_messages=30), None, cap_tokens=budget, min_tail=0
            )
            assert_pairs_kept(messages, capped)


def test_cut_on_a_result_moves_back_to_the_call() -> None:
    messages = [
        {"role": "user", "content": "q"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "a", "type": "function", "function": {"name": "t", "arguments": "{}"}},
                {"id": "b", "type": "function", "function": {"name": "t", "arguments": "{}"}},
            ],
        },
        {"role": "tool", "tool_call_id": "a", "content": "1"},
        {"role": "tool", "tool_call_id": "b", "content": "2"},
    ]
    for keep in (1, 2):
        assert tail_start(messages, CompactionConfig(keep_messages=keep), None) == 1


# --------------------------------------------------------------------------- truncate_args


def test_truncate_args_cuts_long_json_values_and_raw_strings() -> None:
    settings = TruncateArgs(max_arg_length=50, truncation_text="...[cut]")
    arguments = json.dumps({"path": "a.txt", "content": "z" * 200, "n": 3})
    cut, count = truncate_arguments(arguments, settings)
    assert count == 1
    assert json.loads(cut) == {"path": "a.txt", "content": "z" * 20 + "...[cut]", "n": 3}
    assert truncate_arguments("not json " + "q" * 100, settings) == (
        "not json qqqqqqqqqqq...[cut]",
        1,
    )
    assert truncate_arguments('{"a": "short"}', settings) == ('{"a": "short"}', 0)


@pytest.mark.parametrize("limit", [5, 10, 19])
def test_truncate_args_never_makes_a_value_longer(limit: int) -> None:
    """Below the 20-char head the cut keeps `max_arg_length` chars; a value that the
    marker would not shorten is left whole."""
    settings = TruncateArgs(max_arg_length=limit, truncation_text="... [truncated] ...")
    short = json.dumps({"query": "x" * 15})
    cut, count = truncate_arguments(short, settings)
    assert len(cut) <= len(short) and count == (1 if len(cut) < len(short) else 0)
    long = json.dumps({"query": "y" * 300})
    cut, count = truncate_arguments(long, settings)
    assert count == 1
    assert json.loads(cut) == {"query": "y" * limit + "... [truncated] ..."}
    raw, count = truncate_arguments("q" * 16, settings)
    assert (raw, count) == ("q" * 16, 0)


def test_truncate_args_spares_the_protected_tail_and_the_originals() -> None:
    settings = TruncateArgs(max_arg_length=10, truncation_text="…")
    call = {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "w",
                "type": "function",
                "function": {"name": "write_file", "arguments": json.dumps({"text": "y" * 99})},
            }
        ],
    }
    messages = [call, {"role": "tool", "tool_call_id": "w", "content": "ok"}, dict(call)]
    out, count = truncate_tool_args(messages, settings, end=2, redact=compile_patterns().text)
    assert count == 1
    assert json.loads(out[0]["tool_calls"][0]["function"]["arguments"]) == {"text": "y" * 10 + "…"}
    assert out[2] is messages[2]
    assert json.loads(call["tool_calls"][0]["function"]["arguments"]) == {"text": "y" * 99}


# --------------------------------------------------------------------------- the command


def test_below_the_triggers_nothing_happens(workspace: Path, cli) -> None:
    write_log(workspace, "t1", chat(3))
    before = snapshot(workspace, locks=False)
    result = cli("-w", workspace, "compact", "t1")
    assert result.exit_code == 0
    assert "not needed: 6 messages < trigger_messages 50" in result.stderr
    assert "160,000" in result.stderr
    assert snapshot(workspace, locks=False) == before
    write_log(workspace, "t2", chat(1)[:1])  # audit 7: "1 messages"
    one = cli("-w", workspace, "compact", "t2")
    assert "not needed: 1 message < trigger_messages 50" in one.stderr


def test_compaction_off_skips_the_triggers_but_not_force(workspace: Path, cli) -> None:
    config(workspace, "compaction:\n  enabled: false\n  trigger_messages: 10\n  keep_messages: 4\n")
    write_log(workspace, "t1", chat(6))
    before = snapshot(workspace, locks=False)
    result = cli("-w", workspace, "compact", "t1")
    assert result.exit_code == 0
    assert "not needed: compaction.enabled is false (--force compacts anyway)" in result.stderr
    assert snapshot(workspace, locks=False) == before
    forced = cli("-w", workspace, "compact", "t1", "--force")
    assert forced.exit_code == 0 and "summarised" in forced.stderr


def test_message_trigger_compacts_and_keeps_the_tail(workspace: Path, cli) -> None:
    config(workspace, "compaction:\n  trigger_messages: 10\n  keep_messages: 4\n")
    write_log(workspace, "t1", chat(6))
    result = cli("-w", workspace, "compact", "t1")
    assert result.exit_code == 0, result.stderr
    log = read_log(workspace, "t1")
    assert len(log) == 13
    record = log[-1]
    assert record["type"] == "compaction" and record["cut"] == 8
    assert "Turn 0" in record["summary"] and "Turn 3" in record["summary"]
    assert result.stdout.strip() == record["summary"]
    context = working_context(log, "t1")
    assert [m["content"] for m in context.messages[1:]] == [e["content"] for e in log[8:12]]
    assert "summarised" in context.messages[0]["content"]
    assert "12 messages" in result.stderr and "-> 5" in result.stderr
    # the log itself is untouched before the record
    assert log[:12] == [dict(e) for e in read_log(workspace, "t1")[:12]]


def test_token_trigger_derived_from_the_configured_window(workspace: Path, cli) -> None:
    """The trigger counts the whole request (reference message and tool schemas too),
    exactly as `memctl context` and `call` count it."""
    config(
        workspace,
        "model: {name: builtin, context_window: 9000}\n"
        "compaction:\n  trigger_messages: 0\n  keep_messages: 2\n  keep_tokens: 0\n",
    )
    write_log(workspace, "t1", chat(1, words=300))  # ~850 tokens; the trigger is 9000 // 2
    first = cli("-w", workspace, "compact", "t1", "--dry-run")
    request = json.loads(cli("-w", workspace, "context", "t1").stdout)["tokens"]
    # the thread's ~850, the reference message and the tools' schemas (~3,100 in all)
    assert 1_000 < request < 4_500
    assert f"not needed: trigger_messages off, {request:,} tokens < trigger_tokens 4,500" in (
        first.stderr
    )
    write_log(workspace, "t1", chat(6, words=300))
    second = cli("-w", workspace, "compact", "t1", "--dry-run")
    assert second.exit_code == 0
    assert "tokens >= trigger_tokens 4,500" in second.stdout


def test_force_and_nothing_to_compact(workspace: Path, cli) -> None:
    write_log(workspace, "t1", chat(3))
    result = cli("-w", workspace, "compact", "t1", "--force")
    assert result.exit_code == 0
    assert "nothing to compact" in result.stderr
    assert len(read_log(workspace, "t1")) == 6
    config(workspace, "compaction:\n  keep_messages: 2\n")
    forced = cli("-w", workspace, "compact", "t1", "--force")
    assert forced.exit_code == 0, forced.stderr
    assert read_log(workspace, "t1")[-1]["cut"] == 4


def test_nothing_to_compact_counts_the_tail_in_words(workspace: Path, cli) -> None:
    write_log(workspace, "t1", chat(3))
    write_log(workspace, "t2", chat(1)[:1])
    many = cli("-w", workspace, "compact", "t1", "--force").stderr
    one = cli("-w", workspace, "compact", "t2", "--force").stderr
    assert "but all 6 messages are in the tail that is kept" in many
    assert "but the only message is in the tail that is kept" in one


def test_earlier_summaries_are_folded_into_the_next(workspace: Path, cli) -> None:
    config(workspace, "compaction:\n  keep_messages: 2\n")
    write_log(workspace, "t1", chat(3))
    assert cli("-w", workspace, "compact", "t1", "--force").exit_code == 0
    first = read_log(workspace, "t1")[-1]
    path = workspace / "threads" / "t1.jsonl"
    with path.open("a") as handle:
        for entry in chat(2):
            handle.write(json.dumps(entry) + "\n")
    assert cli("-w", workspace, "compact", "t1", "--force").exit_code == 0
    log = read_log(workspace, "t1")
    second = log[-1]
    assert second["cut"] == len(log) - 3
    assert "Earlier: " in second["summary"] and "Turn 0" in second["summary"]
    context = working_context(log, "t1")
    assert sum("summarised" in str(m.get("content")) for m in context.messages) == 1
    assert first["summary"] not in [m.get("content") for m in context.messages]


def test_flush_before_compact_writes_the_ledger_first(workspace: Path, cli) -> None:
    config(workspace, "compaction:\n  keep_messages: 2\n")
    write_log(workspace, "t1", chat(3))
    result = cli("-w", workspace, "compact", "t1", "--force")
    assert result.exit_code == 0, result.stderr
    ledger = "".join(p.read_text() for p in (workspace / "memory").glob("*.md"))
    assert "we decided to use tool0" in ledger
    assert "flushed first" in result.stderr
    state = json.loads((workspace / ".memctl" / "state.json").read_text())
    assert state["threads"]["t1"]["flushed"] == 6


def test_flush_before_compact_off(workspace: Path, cli) -> None:
    config(workspace, "compaction:\n  keep_messages: 2\n  flush_before_compact: false\n")
    write_log(workspace, "t1", chat(3))
    assert cli("-w", workspace, "compact", "t1", "--force").exit_code == 0
    assert not list((workspace / "memory").glob("*.md"))


def test_dry_run_shows_the_plan_and_writes_nothing(workspace: Path, cli) -> None:
    config(workspace, "compaction:\n  keep_messages: 2\n")
    write_log(workspace, "t1", chat(4))
    before = snapshot(workspace)
    result = cli("-w", workspace, "compact", "t1", "--force", "--dry-run")
    assert result.exit_code == 0
    assert "cut: log entry 6 (6 messages summarised, 2 kept)" in result.stdout
    assert re.search(r"tokens: [\d,]+ -> about [\d,]+", result.stdout)
    assert "estimated cost: $0\n" in result.stdout
    assert snapshot(workspace) == before
    assert not (workspace / ".memctl").exists()
    doc = json.loads(cli("-w", workspace, "--json", "compact", "t1", "--force", "--dry-run").stdout)
    assert doc["status"] == "dry_run" and doc["cut"] == 6 and doc["requests"] == 1
    # builtin is offline and deterministic: the dry run's numbers are the real ones
    assert not doc["tokens_after_bound"]
    assert cli("-w", workspace, "compact", "t1", "--force").exit_code == 0
    record = read_log(workspace, "t1")[-1]
    assert (record["tokens_before"], record["tokens_after"]) == (
        doc["tokens_before"],
        doc["tokens_after"],
    )
    assert f"tokens: {doc['tokens_before']:,} -> about {doc['tokens_after']:,}" in result.stdout


def test_windows_from_litellm_and_from_an_overflow_set_the_trigger(workspace: Path, cli) -> None:
    """No window configured: litellm's model info, then the smaller one an error stated;
    the dry run needs no key and prices the summary from litellm's table."""
    config(workspace, "model: openai:gpt-4.1-mini\ncompaction:\n  trigger_messages: 0\n")
    write_log(workspace, "t1", chat(60, words=100))
    info = cli("-w", workspace, "compact", "t1", "--dry-run")
    assert info.exit_code == 0, info.stderr
    assert "< trigger_tokens 1,027,576" in info.stderr  # 1,047,576 - 20,000
    (workspace / ".memctl").mkdir(exist_ok=True)
    (workspace / ".memctl" / "state.json").write_text(
        json.dumps({"windows": {"openai:gpt-4.1-mini": 30_000}})
    )
    learned = cli("-w", workspace, "compact", "t1", "--dry-run")
    assert "tokens >= trigger_tokens 10,000" in learned.stdout
    # tail: min(8,000, max(2,000, (30,000 - 20,000) x 0.25)) = 2,500 tokens
    kept = re.search(r"kept tail (\d[\d,]*)", learned.stdout)
    assert kept, learned.stdout
    assert 2_500 - 310 < int(kept.group(1).replace(",", "")) <= 2_500  # a user turn: ~305
    cost = re.search(r"estimated cost: \$(\d+\.\d+)", learned.stdout)
    assert cost and float(cost.group(1)) > 0


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["compact", "../x"], "invalid thread id"),
        (["compact", "nope"], "no thread 'nope'"),
    ],
)
def test_bad_threads_are_usage_errors(workspace: Path, cli, args, fragment) -> None:
    before = snapshot(workspace, locks=False)
    result = cli("-w", workspace, *args)
    assert result.exit_code == 2
    assert fragment in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert snapshot(workspace, locks=False) == before


def test_a_corrupt_compaction_record_is_reported(workspace: Path, cli) -> None:
    write_log(workspace, "t1", [*chat(1), {"type": "compaction", "summary": "s", "cut": "x"}])
    result = cli("-w", workspace, "compact", "t1")
    assert result.exit_code == 2
    assert "line 3: compaction cut 'x'" in result.stderr


# --------------------------------------------------------------------------- through litellm


def is_summary(request: dict[str, Any]) -> bool:
    return "summarise conversations" in str(request["messages"][0].get("content"))


def test_staged_summary_of_a_prefix_larger_than_the_window(workspace: Path, cli, llm_server):
    """60 messages of ~2,000 chars (~30,000 tokens) through a 2,048-token window."""
    llm_server.context_window = 2048
    counter = iter(range(1, 1000))

    def answer(request: dict[str, Any]) -> str:
        return f"partial summary {next(counter)}"

    llm_server.default = answer
    write_model_config(
        workspace,
        llm_server,
        context_window=2048,
        compaction={"keep_messages": 2, "keep_tokens": 0, "flush_before_compact": False},
    )
    write_log(workspace, "t1", chat(30, words=330))
    result = cli("-w", workspace, "compact", "t1", "--force")
    assert result.exit_code == 0, result.stderr
    summaries = [r for r in llm_server.requests if is_summary(r)]
    assert len(summaries) == len(llm_server.requests) > 3
    assert all(len(json.dumps(r)) // 4 <= 2048 for r in llm_server.requests)
    final = summaries[-1]["messages"][1]["content"]
    assert "[SUMMARY]: partial summary 1" in final
    record = read_log(workspace, "t1")[-1]
    # the decisions the partial summaries lost follow the summary, under Kept:
    summary, kept = record["summary"].split("\n\nKept:\n")
    assert summary == f"partial summary {len(summaries)}"
    assert "we decided to use tool27." in kept
    stages = re.search(r"summarised in (\d+) stages", result.stderr)
    assert stages and int(stages.group(1)) >= 2


def test_summary_window_is_learned_from_an_overflow(workspace: Path, cli, llm_server):
    """The model's window on paper is larger than in fact: the error's figure wins."""
    llm_server.context_window = 3000
    llm_server.default = lambda request: "short summary"
    write_model_config(
        workspace,
        llm_server,
        context_window=100_000,
        compaction={"keep_messages": 2, "keep_tokens": 0, "flush_before_compact": False},
    )
    write_log(workspace, "t1", chat(20, words=200))
    result = cli("-w", workspace, "compact", "t1", "--force")
    assert result.exit_code == 0, result.stderr
    assert read_log(workspace, "t1")[-1]["summary"].startswith("short summary\n\nKept:\n")
    state = json.loads((workspace / ".memctl" / "state.json").read_text())
    assert state["windows"]["openai:test-model"] == 3000


@pytest.mark.parametrize("failure", ["http", "empty", "blank"])
def test_a_failed_summary_leaves_the_thread_unchanged(workspace, cli, llm_server, failure):
    write_model_config(
        workspace,
        llm_server,
        compaction={"keep_messages": 2, "keep_tokens": 0, "flush_before_compact": False},
    )
    path = write_log(workspace, "t1", chat(4))
    if failure == "http":
        llm_server.fail(500)
    elif failure == "empty":
        llm_server.empty()
    else:
        llm_server.reply("  ")
    before = snapshot(workspace, locks=False)
    log_bytes = path.read_bytes()
    result = cli("-w", workspace, "compact", "t1", "--force")
    assert result.exit_code == 1
    assert result.stderr.startswith("memctl: error: ")
    assert len(result.stderr.strip().splitlines()) == 1
    assert path.read_bytes() == log_bytes
    assert snapshot(workspace, locks=False) == before


def test_summary_request_shape_and_earlier_summary(workspace: Path, cli, llm_server):
    llm_server.default = lambda request: "SUMMARY-ONE"
    write_model_config(
        workspace,
        llm_server,
        compaction={"keep_messages": 2, "keep_tokens": 0, "flush_before_compact": False},
    )
    write_log(workspace, "t1", chat(3))
    assert cli("-w", workspace, "compact", "t1", "--force").exit_code == 0
    request = llm_server.requests[-1]
    system, user = request["messages"]
    assert system["role"] == "system" and "at most about" in system["content"]
    assert "<conversation>" in user["content"]
    assert "[USER]: Turn 0: we decided to use tool0." in user["content"]
    assert "[ASSISTANT]: Noted turn 1." in user["content"]
    assert "Turn 2" not in user["content"]  # the kept tail is not summarised
    with (workspace / "threads" / "t1.jsonl").open("a") as handle:
        for entry in chat(2):
            handle.write(json.dumps(entry) + "\n")
    llm_server.default = lambda request: "SUMMARY-TWO"
    assert cli("-w", workspace, "compact", "t1", "--force").exit_code == 0
    folded = llm_server.requests[-1]["messages"][1]["content"]
    assert "[SUMMARY]: SUMMARY-ONE" in folded


def say(role: str, text: str) -> dict[str, Any]:
    return {"role": role, "content": text}


def test_a_lossy_summary_keeps_the_path_and_ticket_it_lost(workspace: Path, cli, llm_server):
    llm_server.default = lossy_summary
    write_model_config(workspace, llm_server, compaction={"keep_messages": 2, "keep_tokens": 0})
    path, ticket = "services/api/handlers/auth.py", "OPS-1432"
    write_log(
        workspace,
        "t1",
        [
            say("user", f"Can you look at the failing build? It points at {path} again."),
            say("assistant", f"Yes. This is ticket {ticket}, opened yesterday."),
            say("user", "Thanks, go on."),
            say("assistant", "Working on it."),
        ],
    )
    result = cli("-w", workspace, "--json", "compact", "t1", "--force")
    assert result.exit_code == 0, result.stderr
    retention = json.loads(result.stdout)["retention"]
    assert retention["checked"] == 2 and retention["kept"] == 2
    assert retention["in_summary"] == retention["in_ledger"] == retention["dropped"] == 0
    assert retention["kept_list"] == [
        f"[assistant] This is ticket {ticket}, opened yesterday.",
        f"[user] It points at {path} again.",
    ]
    summary = read_log(workspace, "t1")[-1]["summary"]
    assert summary.startswith("The conversation began: Can you look at the failing build?")
    assert f"Kept:\n- [assistant] This is ticket {ticket}, opened" in summary and path in summary
    assert "retention: 2 identifiers and commitments of the prefix: 0 in the summary, " in (
        result.stderr
    )
    assert "2 kept under Kept:, 0 dropped" in result.stderr


def test_host_names_and_numbered_ids_are_kept_or_named_as_dropped(workspace: Path, cli):
    """Audit 20 finding 2: host names (`build-2.internal`) and ids said as a thing's
    number (`job 9002`) were not checked, and the builtin flush drops the chatty line
    that gave them: after three compactions 37 of 40 were in neither the summary nor a
    ledger, with `dropped: 0`. Now each one the compactions summarised away is in the
    context (summary or tail), a ledger, or named as dropped; and the counts add up."""
    config(workspace, "compaction:\n  keep_messages: 20\n  keep_tokens: 0\n")
    said: list[str] = []
    retentions: list[dict[str, Any]] = []
    for round_ in range(3):
        turns = []
        for i in range(round_ * 60, round_ * 60 + 60):
            text = [
                f"The incident channel is #inc-{i}.",
                "ok",
                f"Sure, it's job {9000 + i} on host build-{i}.internal",
                f"thanks, see /var/log/app-{i}.log",
            ][i % 4]
            turns.append(say("user" if i % 2 == 0 else "assistant", text))
            if i % 4 == 2:
                said += [f"job {9000 + i}", f"build-{i}.internal"]
        lines = "".join(json.dumps(turn) + "\n" for turn in turns)
        assert cli("-w", workspace, "thread", "append", "t1", input=lines).exit_code == 0
        result = cli("-w", workspace, "--json", "compact", "t1", "--force")
        assert result.exit_code == 0, result.stderr
        retentions.append(json.loads(result.stdout)["retention"])

    context = working_context(read_log(workspace, "t1"), "t1")
    text = "\n".join(str(message.get("content") or "") for message in context.messages)
    text += "".join(path.read_text() for path in (workspace / "memory").glob("*.md"))
    dropped = "\n".join(line for r in retentions for line in r["dropped_list"])
    assert [value for value in said if value not in text and value not in dropped] == []
    # An earlier summary's Kept list is carried as its points (audit 20 finding 8).
    summary = read_log(workspace, "t1")[-1]["summary"]
    assert "Earlier: Kept:" not in summary and "Earlier: - [" not in summary
    assert "\nEarlier: [user] Sure, it's job 9094 on host build-94.internal\n" in summary
    for retention in retentions:
        parts = ("in_summary", "in_ledger", "kept", "dropped")
        assert sum(retention[part] for part in parts) == retention["checked"]
        assert retention["dropped"] == len(retention["dropped_list"])


def test_a_message_of_twelve_identifiers_has_each_checked(workspace: Path, cli, llm_server):
    """A message's identifiers past its eighth (PER_MESSAGE) were never checked: lost
    from the summary and the ledger, they were in no count and no `dropped_list`. Now
    each is in the summary, under `Kept:`, or named as dropped; the counts add up, and
    no message is named as not read (`skipped_list`: a paste past CHECKED_PER_MESSAGE
    facts)."""
    llm_server.default = lossy_summary
    write_model_config(workspace, llm_server, compaction={"keep_messages": 2, "keep_tokens": 0})
    pairs = [(f"job {9101 + n}", f"build-{n}.internal") for n in range(6)]
    listed = " ".join(f"The {job} runs on {host}." for job, host in pairs)
    write_log(
        workspace,
        "t1",
        [
            say("user", "Which jobs are still running?"),
            say("assistant", f"Here they are. {listed}"),
            say("user", "Thanks, go on."),
            say("assistant", "Working on it."),
        ],
    )

    result = cli("-w", workspace, "--json", "compact", "t1", "--force")

    assert result.exit_code == 0, result.stderr
    retention = json.loads(result.stdout)["retention"]
    assert retention["checked"] == 12 and retention["skipped_list"] == []
    parts = ("in_summary", "in_ledger", "kept", "dropped")
    assert sum(retention[part] for part in parts) == retention["checked"]
    assert retention["dropped"] == len(retention["dropped_list"])
    summary = read_log(workspace, "t1")[-1]["summary"]
    dropped = "\n".join(retention["dropped_list"])
    said = [value for pair in pairs for value in pair]
    assert [value for value in said if value not in summary and value not in dropped] == []


def test_a_kept_line_is_redacted(workspace: Path, cli, llm_server):
    """A sentence kept for its path also held a key: the Kept list carries it redacted,
    as the summary request did."""
    llm_server.default = lossy_summary
    write_model_config(workspace, llm_server, compaction={"keep_messages": 2, "keep_tokens": 0})
    key = "ghp_" + "a1B2c3D4e5" * 4
    write_log(
        workspace,
        "t1",
        [
            say("user", "Hello there."),
            say("assistant", f"The token {key} is read from config/deploy/secrets.env now."),
            say("user", "Thanks."),
            say("assistant", "Sure."),
        ],
    )
    result = cli("-w", workspace, "--json", "compact", "t1", "--force")
    assert result.exit_code == 0, result.stderr
    summary = read_log(workspace, "t1")[-1]["summary"]
    assert "config/deploy/secrets.env" in summary and "[REDACTED" in summary
    assert key not in summary and key not in result.stdout


def test_the_kept_list_stays_within_the_summary_budget(workspace: Path, cli, llm_server):
    """A 2,048-token window: a summary of at most 256 tokens. Forty planted paths do
    not fit; the newest are kept, the rest named as dropped."""
    llm_server.default = lossy_summary
    write_model_config(
        workspace,
        llm_server,
        context_window=2048,
        compaction={"keep_messages": 2, "keep_tokens": 0, "flush_before_compact": False},
    )
    said = [say("user", f"Step {n}: edit src/pkg{n}/mod{n}.py next.") for n in range(40)]
    write_log(workspace, "t1", [*said, say("user", "Thanks."), say("assistant", "Sure.")])
    result = cli("-w", workspace, "--json", "compact", "t1", "--force")
    assert result.exit_code == 0, result.stderr
    retention = json.loads(result.stdout)["retention"]
    summary = read_log(workspace, "t1")[-1]["summary"]
    assert len(summary) <= chars_for(summary_tokens_target(2048))
    assert retention["kept"] > 0 and retention["dropped"] > 0
    assert retention["in_summary"] == 1  # the first sentence, all the lossy summary says
    assert retention["kept"] + retention["dropped"] == retention["checked"] - 1 == 39
    assert retention["kept_list"][0] == "[user] Step 39: edit src/pkg39/mod39.py next."
    assert "path: src/pkg1/mod1.py" in retention["dropped_list"]
    assert f"{retention['dropped']} dropped (path: src/pkg" in result.stderr


FACTS = [
    ("deploy/k8s/values-prod.yaml", "The replica count lives in deploy/k8s/values-prod.yaml."),
    ("PAY-9031", "Billing bug PAY-9031 is the one the customer hit."),
    ("750 ms", "Checkout p95 must stay under 750 ms."),
    ("https://status.example.org/inc/42", "Incident notes: https://status.example.org/inc/42"),
    ("redis", "We decided to use redis for the session cache."),
    ("rotate", "TODO: rotate the staging certificates on Friday."),
]


def test_three_compactions_in_a_row_keep_the_facts(workspace: Path, cli, llm_server):
    llm_server.default = lossy_summary
    write_model_config(workspace, llm_server, compaction={"keep_messages": 2, "keep_tokens": 0})
    entries: list[dict[str, Any]] = []
    for round_, pair in enumerate([FACTS[:2], FACTS[2:4], FACTS[4:]]):
        for _needle, fact in pair:
            entries += [say("user", f"Round {round_}, noted. {fact}"), say("assistant", "Okay.")]
        entries += [say("user", "Fine."), say("assistant", "Sure.")]
        write_log(workspace, "t1", entries)
        result = cli("-w", workspace, "compact", "t1", "--force")
        assert result.exit_code == 0, result.stderr
        entries = read_log(workspace, "t1")
    context = working_context(read_log(workspace, "t1"), "t1")
    assert len([e for e in entries if e.get("type") == "compaction"]) == 3
    text = "\n".join(str(m["content"]) for m in context.messages)
    assert [needle for needle, _fact in FACTS if needle not in text] == []


def test_flush_failure_before_compaction_is_a_warning(workspace: Path, cli, llm_server):
    write_model_config(workspace, llm_server, compaction={"keep_messages": 2, "keep_tokens": 0})
    write_log(workspace, "t1", chat(3))
    llm_server.fail(500)  # the flush
    llm_server.reply("the summary")
    result = cli("-w", workspace, "compact", "t1", "--force")
    assert result.exit_code == 0, result.stderr
    assert "flush before compaction failed" in result.stderr
    assert read_log(workspace, "t1")[-1]["summary"].startswith("the summary\n\nKept:\n")
    state_path = workspace / ".memctl" / "state.json"
    state = json.loads(state_path.read_text()) if state_path.exists() else {}
    assert state.get("threads", {}).get("t1", {}).get("flushed", 0) == 0


def test_dry_run_through_litellm_sends_nothing(workspace: Path, cli, llm_server):
    write_model_config(workspace, llm_server, compaction={"keep_messages": 2, "keep_tokens": 0})
    write_log(workspace, "t1", chat(4))
    before = snapshot(workspace, locks=False)
    result = cli("-w", workspace, "compact", "t1", "--force", "--dry-run")
    assert result.exit_code == 0, result.stderr
    assert llm_server.requests == []
    assert "estimated cost: cost unknown" in result.stdout
    assert snapshot(workspace, locks=False) == before
    # an LLM's summary length is unknown before it answers: the dry run gives a bound
    bound = re.search(r"tokens: ([\d,]+) -> at most about ([\d,]+)", result.stdout)
    assert bound, result.stdout
    llm_server.reply("a short summary")
    assert cli("-w", workspace, "compact", "t1", "--force").exit_code == 0
    record = read_log(workspace, "t1")[-1]
    assert record["tokens_before"] == int(bound.group(1).replace(",", ""))
    assert record["tokens_after"] <= int(bound.group(2).replace(",", ""))


def test_evicted_results_count_as_their_placeholders(workspace: Path, cli) -> None:
    """A 200,000-char tool result is evicted in the context, so it is no token trigger."""
    big = [
        {"role": "user", "content": "fetch"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "f", "type": "function", "function": {"name": "get", "arguments": "{}"}}
            ],
        },
        {"role": "tool", "tool_call_id": "f", "content": "z" * 200_000},
    ]
    config(workspace, "model: {name: builtin, context_window: 100000}\n")
    write_log(workspace, "t1", big)
    result = cli("-w", workspace, "compact", "t1")
    assert result.exit_code == 0
    assert "not needed" in result.stderr and "< trigger_tokens 80,000" in result.stderr
    config(
        workspace, "model: {name: builtin, context_window: 100000}\neviction:\n  enabled: false\n"
    )
    dry = cli("-w", workspace, "compact", "t1", "--dry-run")
    assert "tokens >= trigger_tokens 80,000" in dry.stdout


def test_a_summary_names_only_evicted_files_that_exist(workspace: Path, cli) -> None:
    """Compaction summarises the context the model saw: the placeholder, and its file."""
    config(workspace, "compaction:\n  keep_messages: 1\n  flush_before_compact: false\n")
    log = [
        {"role": "user", "content": "fetch the build log"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "f", "type": "function", "function": {"name": "get", "arguments": "{}"}}
            ],
        },
        {"role": "tool", "tool_call_id": "f", "content": "z" * 90_000},
        {"role": "assistant", "content": "It failed."},
    ]
    write_log(workspace, "t1", log)
    before = snapshot(workspace, locks=False)
    assert cli("-w", workspace, "compact", "t1", "--force", "--dry-run").exit_code == 0
    assert snapshot(workspace, locks=False) == before
    assert cli("-w", workspace, "compact", "t1", "--force").exit_code == 0
    summary = read_log(workspace, "t1")[-1]["summary"]
    named = re.findall(r"evicted/t1/[\w.-]+", summary)
    assert named and all((workspace / path).read_text() == "z" * 90_000 for path in named)
    assert "z" * 3_000 not in summary


# --------------------------------------------------------------------------- property


@st.composite
def conversations(draw: st.DrawFn) -> tuple[list[dict[str, Any]], int | None]:
    """A log of user turns, tool calls with 1-3 results, answers, and perhaps an earlier
    compaction record (inserted after entry `at`, cutting at a message that is no result)."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    entries = with_tools(rng, draw(st.integers(1, 14)))
    if not draw(st.booleans()):
        return entries, None
    at = draw(st.integers(1, len(entries)))
    cuts = [c for c in range(at + 1) if c == at or entries[c]["role"] != "tool"]
    cut = draw(st.sampled_from(cuts))
    record = {"type": "compaction", "summary": "earlier summary", "cut": cut, "ts": "x"}
    return [*entries[:at], record, *entries[at:]], cut


@settings(max_examples=120, deadline=None)
@given(
    conversation=conversations(),
    keep=st.one_of(
        st.tuples(st.just(0), st.integers(1, 25)), st.tuples(st.integers(1, 3000), st.just(20))
    ),
    window=st.one_of(st.none(), st.integers(1_500, 40_000)),
    fit=st.booleans(),
)
@pytest.mark.slow
def test_compaction_never_splits_a_tool_call_from_its_results(conversation, keep, window, fit):
    """Through the whole stage, on random logs with and without an earlier compaction, by
    message count, token budget, and the overflow recovery's capped, possibly empty tail."""
    from dataclasses import replace

    from memctl.core.config import Config
    from memctl.core.workspace import Workspace, init_workspace
    from memctl.models.builtin import BuiltinModel
    from memctl.models.interface import Models
    from memctl.pipeline.compact import compact, compact_to_fit

    entries, earlier_cut = conversation
    keep_tokens, keep_messages = keep
    # The overflow recovery always has a window: the one the provider's error stated.
    assume(not fit or window is not None)
    defaults = Config()
    config = replace(
        defaults,
        # No flush first: the overflow recovery's would run with memory.hooks on.
        memory=replace(defaults.memory, hooks=False),
        compaction=replace(
            defaults.compaction,
            keep_tokens=keep_tokens,
            keep_messages=keep_messages,
            flush_before_compact=False,
        ),
    )
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder) / "ws"
        init_workspace(root)
        write_log(root, "t", entries)
        ws, models = Workspace(root), Models.of(BuiltinModel())
        if fit:
            assert window is not None
            result = compact_to_fit(ws, config, models, "t", window=window, reserved_tokens=0)
        else:
            result = compact(ws, config, models, "t", window=window, force=True)
        log = read_log(root, "t")
    if result.status != "compacted":
        assert log == entries
        return
    assert log[:-1] == entries and log[-1]["type"] == "compaction"
    cut = log[-1]["cut"]
    assert earlier_cut is None or cut > earlier_cut
    tail = [e for e in log[cut:-1] if e.get("type") != "compaction"]
    assert fit or tail, "a tail of at least one message unless the recovery asks for none"
    assert_pairs_kept([e for e in entries if e.get("type") != "compaction"], 0)  # the input
    called = {c["id"] for m in tail for c in m.get("tool_calls") or ()}
    assert all(m["tool_call_id"] in called for m in tail if m["role"] == "tool")
    assert not tail or tail[0]["role"] != "tool"
    summarised = [e for e in log[:cut] if e.get("type") != "compaction"]
    results_after = {m.get("tool_call_id") for m in tail}
    assert not {c["id"] for m in summarised for c in m.get("tool_calls") or ()} & results_after
    context = working_context(log, "t")
    assert context.messages[1:] == tail
