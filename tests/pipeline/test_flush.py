"""memctl flush: watermarks, chunks, triggers, dry runs, and the litellm path."""

from __future__ import annotations

import json
import re
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.support.helpers import DANA, append, configure, jsonl, ledger, snapshot, state
from tests.support.llm_server import write_model_config

HEADING = re.compile(
    r"^## \d{2}:\d{2}:\d{2}Z · (\S+) · (?:\d+-\d+(?: part \d+/\d+)?|\d+ part \d+/\d+) · (\S+)"
    # `thread append` stamps each message: the latest entry's time, when it is not the
    # flush's second (core/said.py's said_text).
    r"(?: · said \d{2}:\d{2}:\d{2}Z)?$",
    re.MULTILINE,
)


@pytest.fixture
def ws(workspace: Path) -> Path:
    configure(workspace)
    return workspace


def flushed(root: Path, thread: str) -> int | None:
    return state(root).get("threads", {}).get(thread, {}).get("flushed")


def user_message(request: dict[str, Any]) -> str:
    """The request's user message, without the times `thread append` stamped on each
    line (test_flush_said.py is about those)."""
    return STAMP.sub("", request["messages"][1]["content"])


STAMP = re.compile(r"^\[(?:\d{4}-\d\d-\d\d )?\d\d:\d\d\] ", re.M)


def dry_run_json(cli, root: Path, *args: str) -> dict[str, Any]:
    run = cli("-w", root, "--json", "flush", "--dry-run", *args)
    assert run.exit_code == 0, run.stderr
    return json.loads(run.stdout)


# --------------------------------------------------------------------------- builtin


def test_flush_appends_facts_under_a_heading_then_advances_the_watermark(cli, ws: Path) -> None:
    append(cli, ws, "t1", DANA)
    run = cli("-w", ws, "flush")
    assert run.exit_code == 0, run.stderr
    assert run.stdout == ""
    day = ledger(ws).name
    assert f"thread t1: 4 entries -> 3 facts in memory/{day} (builtin)" in run.stderr
    text = ledger(ws).read_text()
    assert HEADING.findall(text) == [("t1", "builtin")]
    assert HEADING.match(text)
    assert "- The user's name is Dana.\n- Dana leads the payments team.\n" in text
    assert "- Dana: We decided to move the ledger service to Postgres 16.\n" in text
    assert flushed(ws, "t1") == 4
    assert "flush" in state(ws)["runs"]


def test_each_message_reaches_the_model_once(cli, ws: Path) -> None:
    append(cli, ws, "t1", DANA)
    assert cli("-w", ws, "flush").exit_code == 0
    before = ledger(ws).read_bytes()

    again = cli("-w", ws, "flush")
    assert again.exit_code == 0
    assert "nothing to do: no unflushed thread entries" in again.stderr
    assert ledger(ws).read_bytes() == before

    tuesdays = {"role": "user", "content": "Remember that deploys happen on Tuesdays."}
    append(cli, ws, "t1", [tuesdays])
    planned = dry_run_json(cli, ws)["threads"][0]
    assert (planned["start"], planned["end"], planned["entries_sent"]) == (4, 5, 1)
    conversation = user_message(planned["planned"][0]).split("Conversation (thread t1")[1]
    assert "Tuesdays" in conversation
    assert "Dana" not in conversation
    # What is already in today's ledger is shown as such, to keep the model from repeating it.
    assert "- The user's name is Dana" in user_message(planned["planned"][0])

    assert cli("-w", ws, "flush").exit_code == 0
    text = ledger(ws).read_text()
    assert text.startswith(before.decode())
    assert len(HEADING.findall(text)) == 2
    assert text.count("The user's name is Dana") == 1
    # The thread's user is still Dana: the name learnt by the first flush is used.
    assert "- Dana: Remember that deploys happen on Tuesdays.\n" in text
    assert flushed(ws, "t1") == 5


@pytest.mark.parametrize(
    ("sentence", "kept"),
    [
        ("We deploy on Fridays.", None),
        # An order to remember keeps the clause it holds (review 22 #7).
        ("Remember the VPN is vpn.example.org.", "The VPN is vpn.example.org."),
        # A user never named is "the user", as "The user's name is X" calls them.
        ("I prefer tabs.", "The user prefers tabs."),
        ("My manager is Farid.", "The user's manager is Farid."),
    ],
)
def test_builtin_keeps_durable_sentences(cli, ws: Path, sentence: str, kept: str | None) -> None:
    append(cli, ws, "t1", [{"role": "user", "content": f"Hello there. {sentence}"}])
    assert cli("-w", ws, "flush").exit_code == 0
    assert ledger(ws).read_text().endswith(f"\n\n- {kept or sentence}\n")
    assert "Hello there" not in ledger(ws).read_text()


def test_nothing_worth_keeping_writes_nothing_but_advances(cli, ws: Path) -> None:
    append(cli, ws, "t1", [{"role": "user", "content": "What's the weather like?"}])
    run = cli("-w", ws, "flush")
    assert run.exit_code == 0
    assert "thread t1: 1 entry -> nothing worth keeping (builtin)" in run.stderr
    assert not ledger(ws).exists()
    assert flushed(ws, "t1") == 1


def test_system_messages_and_compaction_records_are_left_out(cli, ws: Path) -> None:
    append(
        cli,
        ws,
        "t1",
        [
            {"role": "system", "content": "SYSTEM-SECRET-RULES remember always"},
            {"role": "user", "content": "We decided to ship on Fridays."},
        ],
    )
    log = ws / "threads" / "t1.jsonl"
    with log.open("a") as handle:
        record = {"type": "compaction", "summary": "OLD-SUMMARY we decided", "cut": 1}
        handle.write(json.dumps(record) + "\n")
    planned = dry_run_json(cli, ws)["threads"][0]
    assert planned["entries_sent"] == 1
    text = user_message(planned["planned"][0])
    assert "SYSTEM-SECRET-RULES" not in text
    assert "OLD-SUMMARY" not in text
    assert "[USER]: We decided to ship on Fridays." in text
    assert cli("-w", ws, "flush").exit_code == 0
    assert flushed(ws, "t1") == 3


def test_a_thread_with_only_left_out_entries_needs_no_model(cli, ws: Path) -> None:
    append(cli, ws, "t1", [{"role": "system", "content": "You always help."}])
    run = cli("-w", ws, "flush")
    assert run.exit_code == 0
    assert (
        "thread t1: nothing to flush (1 new entry, not a user, assistant or tool message)"
        in run.stderr
    )
    assert flushed(ws, "t1") == 1
    assert "flush" not in state(ws).get("runs", {})
    assert not ledger(ws).exists()


def test_tool_calls_and_results_are_rendered_and_cut(cli, ws: Path) -> None:
    call = {
        "id": "c1",
        "type": "function",
        "function": {"name": "write_file", "arguments": json.dumps({"body": "A" * 2000})},
    }
    append(
        cli,
        ws,
        "t1",
        [
            {"role": "assistant", "content": None, "tool_calls": [call]},
            {"role": "tool", "tool_call_id": "c1", "content": "R" * 5000 + "TAIL-OF-RESULT"},
        ],
    )
    text = user_message(dry_run_json(cli, ws)["threads"][0]["planned"][0])
    args_line = next(line for line in text.splitlines() if line.startswith("[ASSISTANT]"))
    assert args_line.startswith('[ASSISTANT]: [tool_call: write_file({"body": "AAA')
    assert args_line.endswith("…)]")
    assert len(args_line) == len("[ASSISTANT]: [tool_call: write_file(") + 500 + len("…)]")
    tool_line = next(line for line in text.splitlines() if line.startswith("[TOOL]"))
    assert tool_line == "[TOOL]: " + "R" * 1000 + "…"
    assert "TAIL-OF-RESULT" not in text


def test_secrets_are_redacted_before_the_model_and_the_ledger(cli, ws: Path) -> None:
    key = "sk-proj-Ab3dEfGhIjKlMnOpQrStUvWxYz012345"
    append(cli, ws, "t1", [{"role": "user", "content": f"Remember the deploy key is {key}."}])
    text = user_message(dry_run_json(cli, ws)["threads"][0]["planned"][0])
    assert key not in text
    assert "[REDACTED:openai_key]" in text
    assert cli("-w", ws, "flush").exit_code == 0
    written = ledger(ws).read_text()
    assert key not in written
    assert "The deploy key is [REDACTED:openai_key]." in written


def test_memory_md_is_shown_so_known_facts_are_not_restated(cli, ws: Path) -> None:
    (ws / "MEMORY.md").write_text("- We decided to move the ledger service to Postgres 16.\n")
    append(cli, ws, "t1", DANA)
    text = user_message(dry_run_json(cli, ws)["threads"][0]["planned"][0])
    assert text.startswith(
        "MEMORY.md (already in long-term memory; do not restate):\n"
        "- We decided to move the ledger service to Postgres 16.\n\n"
        f"Today's ledger so far (memory/{ledger(ws).name}; already recorded; do not restate):\n"
        "(empty)\n\nConversation (thread t1, entries 0-3):\n[USER]: Hi! My name is Dana"
    )
    assert cli("-w", ws, "flush").exit_code == 0
    written = ledger(ws).read_text()
    assert "Dana" in written
    assert "Postgres 16" not in written


def test_thread_selection_and_bad_threads(cli, ws: Path) -> None:
    append(cli, ws, "a", DANA[:1])
    append(cli, ws, "b", DANA[2:3])
    before = snapshot(ws)
    for bad, message in (("nope", "no thread 'nope'"), ("../x", "invalid thread id '../x'")):
        run = cli("-w", ws, "flush", "--thread", "a", "--thread", bad)
        assert run.exit_code == 2
        assert run.stderr.strip().count("\n") == 0
        assert message in run.stderr
        assert "Traceback" not in run.stderr
        assert snapshot(ws) == before

    run = cli("-w", ws, "flush", "-t", "b")
    assert run.exit_code == 0
    assert "thread b:" in run.stderr
    assert "thread a:" not in run.stderr
    assert (flushed(ws, "a"), flushed(ws, "b")) == (None, 1)
    assert cli("-w", ws, "flush").exit_code == 0
    assert (flushed(ws, "a"), flushed(ws, "b")) == (1, 1)


@pytest.mark.parametrize(
    ("bad", "says"),
    [
        (b'{"role":"user","content":"caf\xe9"}\n', "threads/b.jsonl: not UTF-8 (byte 29)"),
        (b'{"role":"user","content":"fine"}\n{not json\n', "threads/b.jsonl: line 2"),
    ],
)
def test_a_bad_log_stops_the_flush_before_any_thread_is_flushed(
    cli, ws: Path, bad: bytes, says: str
) -> None:
    append(cli, ws, "a", DANA)
    (ws / "threads" / "b.jsonl").write_bytes(bad)
    before = snapshot(ws, locks=False)

    run = cli("-w", ws, "flush")

    assert run.exit_code == 2, run.stderr
    assert run.stderr.count("\n") == 1 and says in run.stderr
    assert snapshot(ws, locks=False) == before


def test_a_log_shorter_than_its_watermark_is_flushed_from_the_start(cli, ws: Path) -> None:
    append(cli, ws, "t1", DANA)
    assert cli("-w", ws, "flush").exit_code == 0
    (ws / "threads" / "t1.jsonl").write_text(
        jsonl([{"role": "user", "content": "From now on, call me Dee."}])
    )
    run = cli("-w", ws, "flush")
    assert run.exit_code == 0
    assert "- From now on, call Dana Dee.\n" in ledger(ws).read_text()
    assert flushed(ws, "t1") == 1


_OPENED: list[str] | None = None


def _record_opens(event: str, args: tuple[Any, ...]) -> None:
    if _OPENED is not None and event == "open" and isinstance(args[0], (str, Path)):
        _OPENED.append(str(args[0]))


sys.addaudithook(_record_opens)  # audit hooks stay for the process; this one idles


def logs_read(cli, *args: object) -> tuple[Any, set[str]]:
    """Run memctl in-process; the names of the thread logs it opened (not the tombstones,
    `.memctl/forgotten.jsonl`, which a flush that wrote facts reads for purged ones)."""
    global _OPENED
    _OPENED = []
    try:
        run = cli(*args)
    finally:
        opened, _OPENED = _OPENED, None
    return run, {
        Path(p).name for p in opened if p.endswith(".jsonl") and Path(p).parent.name == "threads"
    }


def test_an_idle_flush_reads_no_log_flushed_to_its_end(cli, ws: Path) -> None:
    for thread in ("t1", "t2", "t3"):
        append(cli, ws, thread, DANA)
    assert cli("-w", ws, "flush").exit_code == 0

    run, read = logs_read(cli, "-w", ws, "flush")
    assert run.exit_code == 0 and "no unflushed thread entries" in run.stderr
    assert read == set()

    append(cli, ws, "t2", [{"role": "user", "content": "Remember: the freeze starts May 1."}])
    before = ledger(ws).read_text()
    run, read = logs_read(cli, "-w", ws, "flush")
    assert run.exit_code == 0, run.stderr
    assert read == {"t2.jsonl"}
    assert ledger(ws).read_text()[len(before) :].endswith("- Remember: the freeze starts May 1.\n")
    assert flushed(ws, "t2") == 5


def test_watermarks_without_stamps_are_counted_once_then_stamped(cli, ws: Path) -> None:
    """State from before stamps (or set by hand): the first idle run counts the logs and
    records their stamps, a dry run records nothing, and a replaced log is counted."""
    append(cli, ws, "t1", DANA)
    append(cli, ws, "t2", DANA)
    path = ws / ".memctl" / "state.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(
        json.dumps({"version": 1, "threads": {"t1": {"flushed": 4}, "t2": {"flushed": 4}}})
    )

    before = snapshot(ws)
    assert logs_read(cli, "-w", ws, "flush", "--dry-run")[1] == {"t1.jsonl", "t2.jsonl"}
    assert snapshot(ws) == before
    run, read = logs_read(cli, "-w", ws, "flush")
    assert run.exit_code == 0 and read == {"t1.jsonl", "t2.jsonl"}
    assert not ledger(ws).exists()  # nothing was pending: no model, no ledger
    assert {t: sorted(r) for t, r in state(ws)["threads"].items()} == {
        "t1": ["flushed", "stamp"],
        "t2": ["flushed", "stamp"],
    }
    assert logs_read(cli, "-w", ws, "flush")[1] == set()

    log = ws / "threads" / "t1.jsonl"
    log.write_text(jsonl([{"role": "user", "content": "We decided to ship on Fridays."}] * 4))
    run, read = logs_read(cli, "-w", ws, "flush")
    assert read == {"t1.jsonl"}  # its stat changed: counted again (4 lines: not pending)


def test_dry_run_writes_nothing_and_calls_no_model(cli, ws: Path) -> None:
    append(cli, ws, "t1", DANA)
    before = snapshot(ws)
    run = cli("-w", ws, "flush", "--dry-run", "--show-requests")
    assert run.exit_code == 0
    assert snapshot(ws) == before
    assert not (ws / ".memctl" / "flush.lock").exists()
    assert run.stdout.startswith("=== thread t1 · request 1/1 · log entries 0-3 · ~")
    assert "--- system\nYou extract durable facts" in run.stdout
    assert "--- user\nMEMORY.md (already in long-term memory" in run.stdout
    assert "thread t1: would send 4 entries (log 0-3) in 1 request, ~" in run.stderr
    planned = dry_run_json(cli, ws)
    assert planned["dry_run"] is True
    assert planned["usage"]["calls"] == 0
    request = planned["threads"][0]["planned"][0]
    assert request["tokens"] > 0
    assert request["estimated_cost"] == 0.0
    assert snapshot(ws) == before


def test_json_output_has_the_result_and_usage(cli, ws: Path) -> None:
    append(cli, ws, "t1", DANA)
    run = cli("-w", ws, "--json", "flush")
    assert run.exit_code == 0
    data = json.loads(run.stdout)
    assert data["model"] == "builtin"
    assert data["ledger"] == f"memory/{ledger(ws).name}"
    assert data["usage"]["calls"] == 1
    thread = data["threads"][0]
    assert thread["thread"] == "t1"
    assert (thread["start"], thread["end"], thread["entries_sent"], thread["facts"]) == (0, 4, 4, 3)
    assert thread["skipped_reason"] is None


# --------------------------------------------------------------------------- chunks

SMALL_BUILTIN = {"name": "builtin", "context_window": 2000}


def numbered_facts(count: int, width: int = 160) -> list[dict[str, Any]]:
    """Messages each carrying one distinct, durable-looking sentence."""
    return [
        {"role": "user", "content": f"Remember fact number {n:03d}: " + "x" * width + "."}
        for n in range(count)
    ]


def test_a_backlog_larger_than_the_window_goes_in_chunks(cli, workspace: Path) -> None:
    configure(workspace, model=SMALL_BUILTIN)
    append(cli, workspace, "t1", numbered_facts(40))
    planned = dry_run_json(cli, workspace)["threads"][0]["planned"]
    assert len(planned) > 2
    assert all(p["tokens"] <= 2000 for p in planned)
    assert [p["start"] for p in planned[1:]] == [p["end"] for p in planned[:-1]]
    assert (planned[0]["start"], planned[-1]["end"]) == (0, 40)

    run = cli("-w", workspace, "flush")
    assert run.exit_code == 0, run.stderr
    text = ledger(workspace).read_text()
    assert len(HEADING.findall(text)) == len(planned)
    for n in range(40):
        assert text.count(f"Remember fact number {n:03d}:") == 1
    assert flushed(workspace, "t1") == 40


def test_a_message_larger_than_a_chunk_is_cut_not_skipped(cli, workspace: Path) -> None:
    configure(workspace, model=SMALL_BUILTIN)
    sentences = [f"Remember that server {n:03d} runs the nightly job." for n in range(150)]
    append(cli, workspace, "t1", [{"role": "user", "content": " ".join(sentences)}])
    planned = dry_run_json(cli, workspace)["threads"][0]["planned"]
    assert len(planned) > 1
    assert [p["end"] for p in planned] == [0] * (len(planned) - 1) + [1]
    assert "(part 1/" in user_message(planned[0])
    headings = [
        line
        for line in cli("-w", workspace, "flush", "--dry-run").stdout.splitlines()
        if line.startswith("=== ")
    ]
    assert len(headings) == len(planned)
    assert all(
        f" · log entry 0 · part {n}/{len(planned)} · " in h for n, h in enumerate(headings, 1)
    )

    assert cli("-w", workspace, "flush").exit_code == 0
    text = ledger(workspace).read_text()
    assert "Remember that server 000 runs the nightly job." in text
    assert "Remember that server 149 runs the nightly job." in text
    assert flushed(workspace, "t1") == 1


# --------------------------------------------------------------------------- --auto


def set_run(root: Path, name: str, when: datetime) -> None:
    current = state(root)
    current.setdefault("runs", {})[name] = when.isoformat(timespec="seconds")
    (root / ".memctl" / "state.json").write_text(json.dumps(current))


def test_auto_with_trigger_never_or_hooks_off_does_nothing(cli, workspace: Path) -> None:
    append(cli, workspace, "t1", DANA)
    for memory, reason in (
        ({"flush_trigger": "never"}, "memory.flush_trigger is never"),
        ({"hooks": False}, "memory.hooks is false"),
    ):
        configure(workspace, memory=memory)
        before = snapshot(workspace)
        run = cli("-w", workspace, "flush", "--auto")
        assert run.exit_code == 0
        assert f"flush: nothing to do: {reason}" in run.stderr
        assert snapshot(workspace) == before
        # Asked for explicitly, a flush still runs.
    run = cli("-w", workspace, "flush")
    assert run.exit_code == 0
    assert flushed(workspace, "t1") == 4


def test_auto_throttled_runs_first_then_waits_for_the_gap(cli, workspace: Path) -> None:
    configure(workspace, memory={"flush_trigger": {"throttled": "10m"}})
    append(cli, workspace, "t1", DANA[:2])
    first = cli("-w", workspace, "flush", "--auto")
    assert first.exit_code == 0
    assert flushed(workspace, "t1") == 2
    assert "flush_auto" in state(workspace)["runs"]

    append(cli, workspace, "t1", DANA[2:])
    second = cli("-w", workspace, "flush", "--auto")
    assert second.exit_code == 0
    assert "flush: nothing to do: throttled: next auto flush at " in second.stderr
    assert flushed(workspace, "t1") == 2

    set_run(workspace, "flush_auto", datetime.now(UTC) - timedelta(minutes=5))
    assert cli("-w", workspace, "flush", "--auto").exit_code == 0
    assert flushed(workspace, "t1") == 2

    eleven_ago = datetime.now(UTC) - timedelta(minutes=11)
    set_run(workspace, "flush_auto", eleven_ago)
    third = cli("-w", workspace, "flush", "--auto")
    assert third.exit_code == 0
    assert flushed(workspace, "t1") == 4
    marked = state(workspace)["runs"]["flush_auto"]
    assert marked > eleven_ago.isoformat(timespec="seconds")

    # An explicit flush is never throttled and leaves the auto throttle where it was.
    append(cli, workspace, "t1", DANA[:1])
    assert cli("-w", workspace, "flush").exit_code == 0
    assert flushed(workspace, "t1") == 5
    assert state(workspace)["runs"]["flush_auto"] == marked


def test_auto_always_runs_every_time(cli, workspace: Path) -> None:
    configure(workspace, memory={"flush_trigger": "always"})
    append(cli, workspace, "t1", DANA[:1])
    assert cli("-w", workspace, "flush", "--auto").exit_code == 0
    append(cli, workspace, "t1", DANA[2:3])
    assert cli("-w", workspace, "flush", "--auto").exit_code == 0
    assert flushed(workspace, "t1") == 2
    assert len(HEADING.findall(ledger(workspace).read_text())) == 2


# --------------------------------------------------------------------------- litellm


def model_config(root: Path, server, **extra: Any) -> None:
    write_model_config(root, server, timezone="UTC", **extra)


def test_request_shape_and_facts_through_litellm(cli, workspace: Path, llm_server) -> None:
    model_config(workspace, llm_server)
    (workspace / "MEMORY.md").write_text("- The team is called Payments.\n")
    ledger(workspace).write_text("## Memory Save — earlier\n\n- Coffee at 10:00.\n")
    append(cli, workspace, "t1", DANA[:2])
    llm_server.reply("- Dana leads the payments team.\n- Dana prefers Postgres.")
    run = cli("-w", workspace, "flush")
    assert run.exit_code == 0, run.stderr
    assert "thread t1: 2 entries -> 2 facts" in run.stderr
    assert "(openai:test-model)" in run.stderr

    (request,) = llm_server.requests
    assert request["model"] == "test-model"
    system, user = request["messages"]
    assert system["role"] == "system"
    assert system["content"].startswith("You extract durable facts")
    # Issue 25 item 1: the prompt says what is not a fact and how a fact reads, the
    # rules builtin follows.
    prompt = " ".join(system["content"].split())
    for rule in (
        "compliments, wishes and advice to the listener",
        "chit-chat",
        "questions without an answer",
        "who, what and when, in the third person",
        "is not the subject",
        '"Ben looks after himself", never "Ben looks after Ben"',
        '"Priya is from the platform team"',
        "no introduction",
    ):
        assert rule in prompt, rule
    assert user["role"] == "user"
    assert STAMP.sub("", user["content"]) == (
        "MEMORY.md (already in long-term memory; do not restate):\n"
        "- The team is called Payments.\n\n"
        f"Today's ledger so far (memory/{ledger(workspace).name}; already recorded; "
        "do not restate):\n"
        "## Memory Save — earlier\n\n- Coffee at 10:00.\n\n"
        "Conversation (thread t1, entries 0-1):\n"
        "[USER]: Hi! My name is Dana and I lead the payments team.\n"
        "[ASSISTANT]: Nice to meet you, Dana. How can I help?"
    )
    text = ledger(workspace).read_text()
    assert text.startswith("## Memory Save — earlier\n\n- Coffee at 10:00.\n\n## ")
    assert HEADING.findall(text) == [("t1", "openai:test-model")]
    assert text.endswith("\n\n- Dana leads the payments team.\n- Dana prefers Postgres.\n")

    nothing = dry_run_json(cli, workspace)
    assert nothing["skipped"] == "no unflushed thread entries"
    assert len(llm_server.requests) == 1


def test_only_new_entries_are_sent_through_litellm(cli, workspace: Path, llm_server) -> None:
    model_config(workspace, llm_server)
    append(cli, workspace, "t1", DANA[:2])
    llm_server.reply("- Dana leads payments.")
    assert cli("-w", workspace, "flush").exit_code == 0
    append(cli, workspace, "t1", DANA[2:])
    llm_server.reply("NO_REPLY")
    assert cli("-w", workspace, "flush").exit_code == 0
    first, second = (user_message(r) for r in llm_server.requests)
    assert "entries 0-1" in first
    conversation = second.split("Conversation (thread t1, entries 2-3):\n")[1]
    assert conversation.startswith("[USER]: We decided to move the ledger service")
    assert "Hi! My name is Dana" not in conversation
    assert "- Dana leads payments." in second  # today's ledger, shown as known
    assert len(HEADING.findall(ledger(workspace).read_text())) == 1
    assert flushed(workspace, "t1") == 4


@pytest.mark.parametrize(
    "answer",
    [
        "",
        "  NO_REPLY \n",
        # the common ways a model says it found nothing new (issue 25)
        "No new facts worth keeping.",
        "Nothing new.",
        "None.",
        "There are no new durable facts to add.",
        "- None",
        "**NO_REPLY**",
        "Nothing new in this part of the conversation.\n\nNO_REPLY",
    ],
)
def test_blank_or_no_reply_answer_writes_nothing(
    cli, workspace: Path, llm_server, answer: str
) -> None:
    model_config(workspace, llm_server)
    append(cli, workspace, "t1", DANA)
    llm_server.reply(answer)
    run = cli("-w", workspace, "flush")
    assert run.exit_code == 0, run.stderr
    assert "nothing worth keeping" in run.stderr
    assert not ledger(workspace).exists()
    assert flushed(workspace, "t1") == 4


FACTS = "- Dana leads the payments team.\n- Dana prefers Postgres."
LIST_FORMS = {
    "numbered": "1. Dana leads the payments team.\n2) Dana prefers Postgres.",
    "stars": "* Dana leads the payments team.\n* Dana prefers Postgres.",
    "json": '["Dana leads the payments team.", "Dana prefers Postgres."]',
    "fenced_json": '```json\n["Dana leads the payments team.", "Dana prefers Postgres."]\n```',
    "heading": "## Facts\n\n- Dana leads the payments team.\n\n### Preferences\n"
    "- Dana prefers Postgres.",
    "chatty": "Here are the durable facts from the conversation:\n\n"
    "+ Dana leads the payments team.\n+ Dana prefers Postgres.\n\n"
    "Let me know if you need anything else!",
}


@pytest.mark.parametrize("case", sorted(LIST_FORMS))
def test_every_list_form_is_written_as_dash_bullets(
    cli, workspace: Path, llm_server, case: str
) -> None:
    """Issue 25 item 6: one fact a `- ` bullet, whatever list form the model answers in,
    and no heading, preamble or sign-off of the model's own in the ledger."""
    model_config(workspace, llm_server)
    append(cli, workspace, "t1", DANA)
    llm_server.reply(LIST_FORMS[case])
    run = cli("-w", workspace, "flush")
    assert run.exit_code == 0, run.stderr
    assert "-> 2 facts" in run.stderr
    text = ledger(workspace).read_text()
    assert len(HEADING.findall(text)) == 1
    assert text.endswith(f"\n\n{FACTS}\n")


@pytest.mark.parametrize("failure", ["fail", "empty", "garbage"])
def test_model_failure_exits_1_and_changes_nothing(
    cli, workspace: Path, llm_server, failure: str
) -> None:
    model_config(workspace, llm_server)
    append(cli, workspace, "t1", DANA)
    assert cli("-w", workspace, "flush", "--dry-run").exit_code == 0
    before = snapshot(workspace, locks=False)
    if failure == "fail":
        llm_server.fail(500)
    else:
        getattr(llm_server, failure)()
    run = cli("-w", workspace, "flush")
    assert run.exit_code == 1
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("memctl: error: thread t1: model openai:test-model: ")
    assert "Traceback" not in run.stderr
    assert snapshot(workspace, locks=False) == before


def test_failure_mid_backlog_keeps_the_chunks_done(cli, workspace: Path, llm_server) -> None:
    model_config(workspace, llm_server, context_window=2000)
    append(cli, workspace, "t1", numbered_facts(40))
    planned = dry_run_json(cli, workspace)["threads"][0]["planned"]
    assert len(planned) >= 3
    llm_server.reply("- first chunk fact")
    llm_server.fail(500)
    run = cli("-w", workspace, "flush")
    assert run.exit_code == 1
    assert f"entries before {planned[0]['end']} were flushed" in run.stderr
    assert flushed(workspace, "t1") == planned[0]["end"]
    assert len(HEADING.findall(ledger(workspace).read_text())) == 1

    llm_server.default = lambda request: "NO_REPLY"
    assert cli("-w", workspace, "flush").exit_code == 0
    resent = user_message(llm_server.requests[2]).split("Conversation")[1]
    assert resent.startswith(f" (thread t1, entries {planned[0]['end']}-")
    assert flushed(workspace, "t1") == 40


def test_an_overflow_re_plans_with_the_window_the_provider_states(
    cli, workspace: Path, llm_server
) -> None:
    model_config(workspace, llm_server, context_window=100_000)
    llm_server.context_window = 1500
    llm_server.default = lambda request: "- a fact"
    append(cli, workspace, "t1", numbered_facts(30))
    run = cli("-w", workspace, "flush")
    assert run.exit_code == 0, run.stderr
    assert len(llm_server.requests) > 2  # one too large, then chunks that fit
    assert flushed(workspace, "t1") == 30
    for n in range(30):
        assert sum(f"fact number {n:03d}:" in user_message(r) for r in llm_server.requests[1:]) == 1


def test_imported_compaction_summaries_are_not_flushed(cli, workspace) -> None:
    """A summary written by another agent's compaction restates old turns: left out."""
    messages = [
        {"role": "user", "content": "Summary: we decided to use Redis.", "compact_summary": True},
        {"role": "user", "content": "We decided to deploy on Fridays."},
    ]
    data = "\n".join(json.dumps(m) for m in messages)
    assert cli("-w", workspace, "thread", "append", "t1", "-", input=data).exit_code == 0
    assert cli("-w", workspace, "flush").exit_code == 0
    ledger = next((workspace / "memory").glob("*.md")).read_text()
    assert "deploy on Fridays" in ledger
    assert "Redis" not in ledger


ERROR_STAMP = re.compile(r"^memctl: error: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4} ")
"""The local time an error line carries in a cron job's log (`Globals.stamp`)."""


def test_the_cron_flushs_error_in_a_log_carries_the_time_as_maintains_does(
    cli, workspace: Path, tmp_path: Path
) -> None:
    """Brief fixleft4 #6: `flush --auto >> memctl.log 2>&1` every 5 minutes wrote a
    read-only or missing workspace's error with no time, where maintain's said when."""
    import os

    from tests.support.helpers import on_pty, run_unprivileged

    missing = cli("-w", tmp_path / "gone", "flush", "--auto")
    assert missing.exit_code == 2
    assert ERROR_STAMP.match(missing.stderr), missing.stderr
    assert ERROR_STAMP.sub("memctl: error: ", missing.stderr).startswith(
        f"memctl: error: --workspace {tmp_path / 'gone'}: no memctl.yaml"
    )
    append(cli, workspace, "t1", DANA)
    for folder, _, files in os.walk(workspace):
        for name in [folder, *(os.path.join(folder, f) for f in files)]:
            os.chmod(name, os.stat(name).st_mode & ~0o222)
    try:
        read_only = run_unprivileged(workspace, "flush", "--auto")
    finally:
        for folder, _, _ in os.walk(workspace):
            os.chmod(folder, 0o755)
    assert read_only.exit_code == 1, read_only.stderr
    errors = [line for line in read_only.stderr.splitlines() if line.startswith("memctl: error:")]
    assert len(errors) == 1 and ERROR_STAMP.match(errors[0]), read_only.stderr
    # A flush asked for by hand, and the cron flush on a terminal, carry none.
    assert cli("-w", tmp_path / "gone", "flush").stderr.startswith("memctl: error: --workspace")
    seen = on_pty(["-w", tmp_path / "gone", "flush", "--auto"])
    assert seen.returncode == 2
    assert seen.terminal.startswith(b"memctl: error: --workspace "), seen.terminal


# Review 15 #10: the machine's temporary folder is read for builtin only, and never as
# the current folder (tempfile's last resort when no temporary folder is usable).


def test_a_temporary_folder_that_is_the_current_one_is_no_scratch(
    cli, workspace: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tempfile

    project = tmp_path / "project"
    project.mkdir()
    monkeypatch.chdir(project)
    monkeypatch.setattr(tempfile, "tempdir", str(project))
    said = f"The schema dump is in {project}/db.sql."
    append(cli, workspace, "t", [{"role": "user", "content": said}])
    run = cli("-w", workspace, "flush")
    assert run.exit_code == 0, run.stderr
    assert f"- {said}" in ledger(workspace).read_text()  # a path of the project is kept

    from memctl.pipeline.flush import scratch_folder

    assert scratch_folder() == ""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "elsewhere"))
    assert scratch_folder() == str(tmp_path / "elsewhere")


def test_an_llm_flush_reads_no_temporary_folder(
    cli, workspace: Path, llm_server, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tempfile

    model_config(workspace, llm_server)
    monkeypatch.setattr(tempfile, "tempdir", None)  # what gettempdir() fills on first use
    append(cli, workspace, "t1", DANA[:2])
    llm_server.reply("- Dana leads the payments team.")
    run = cli("-w", workspace, "flush")
    assert run.exit_code == 0, run.stderr
    assert tempfile.tempdir is None
