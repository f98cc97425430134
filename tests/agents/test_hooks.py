"""memctl hook claude-code / hook codex: fed the exact JSON each agent sends.

Claude Code's hook input (stdin) and Codex's (the legacy notify argument, or hooks.json
stdin) are written out field by field as the agents send them, and the transcripts
grow between calls the way the agents write them: line by line, sometimes with the
last line still being written.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from memctl.agents import hooks
from memctl.agents.imports import import_transcript
from memctl.core.config import MemoryConfig, load_config
from memctl.core.memory import CONTEXT_CAP
from memctl.core.threads import encode_entry, read_entries
from memctl.core.workspace import Workspace, init_workspace
from tests.support.helpers import MEMCTL, configure, held_lock, modules_after
from tests.support.hooks import SESSION, claude_input, context_of, hook, roomy_prompt_budget
from tests.support.llm_server import write_model_config

# --------------------------------------------------------------------------- transcripts


class ClaudeSession:
    """A Claude Code session file written the way Claude Code writes it: one line per
    user message, per assistant content block (blocks of one reply share message.id)
    and per tool result."""

    def __init__(self, path: Path, session: str = SESSION, cwd: str = "/home/dev/shop") -> None:
        self.path = path
        self.session = session
        self.cwd = cwd
        self.lines: list[str] = []
        self.count = 0
        self.parent: str | None = None

    def _line(self, kind: str, message: dict[str, Any], **extra: Any) -> None:
        self.count += 1
        uid = f"00000000-0000-4000-8000-{self.count:012d}"
        record = {
            "parentUuid": self.parent,
            "isSidechain": False,
            "userType": "external",
            "cwd": self.cwd,
            "sessionId": self.session,
            "version": "2.1.3",
            "gitBranch": "main",
            "type": kind,
            "message": message,
            "uuid": uid,
            "timestamp": f"2026-11-20T10:{self.count // 60:02d}:{self.count % 60:02d}.000Z",
            **extra,
        }
        self.parent = uid
        self.lines.append(json.dumps(record))

    def user(self, text: str) -> None:
        self._line("user", {"role": "user", "content": text})

    def reply(self, text: str, call: tuple[str, str, dict[str, Any]] | None = None) -> None:
        mid = f"msg_{self.count:08d}"
        blocks: list[dict[str, Any]] = [{"type": "text", "text": text}]
        if call:
            blocks.append({"type": "tool_use", "id": call[0], "name": call[1], "input": call[2]})
        for block in blocks:
            self._line(
                "assistant",
                {"id": mid, "type": "message", "role": "assistant", "content": [block]},
            )

    def result(self, call_id: str, text: str) -> None:
        self._line(
            "user",
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": call_id, "content": text}],
            },
        )

    def write(self, upto: int | None = None, torn: bool = False) -> None:
        """The file as it stands after `upto` lines, with half of the next when `torn`."""
        upto = len(self.lines) if upto is None else upto
        text = "".join(line + "\n" for line in self.lines[:upto])
        if torn and upto < len(self.lines):
            text += self.lines[upto][: len(self.lines[upto]) // 2]
        self.path.write_text(text, encoding="utf-8")


def conversation(path: Path) -> ClaudeSession:
    session = ClaudeSession(path)
    session.user(
        "The staging database moved to db-stage-2. We decided to keep backups for 30 days."
    )
    session.reply(
        "Noted; I will check the backup job.", ("toolu_01", "Bash", {"command": "crontab -l"})
    )
    session.result("toolu_01", "0 3 * * * /usr/local/bin/backup --keep 30")
    session.reply("The backup job already keeps 30 days.")
    session.user("Remember that Dana owns the billing service.")
    session.reply("I will remember that Dana owns billing.")
    return session


# --------------------------------------------------------------------------- SessionStart


@pytest.mark.parametrize("source", ["startup", "resume", "clear", "compact"])
def test_session_start_prints_memory_as_additional_context(cli, workspace, tmp_path, source):
    (workspace / "MEMORY.md").write_text("- Deploys happen on Fridays.\n", encoding="utf-8")
    stdin = claude_input(
        "SessionStart", tmp_path / "none.jsonl", source=source, model="claude-sonnet-4-5"
    )
    result = hook(cli, workspace, "claude-code", stdin)
    context = context_of(result.stdout, "SessionStart")
    assert "- Deploys happen on Fridays." in context
    assert "memory_search" in context
    assert not list((workspace / "threads").iterdir())  # works before any thread exists


def test_session_start_text_output_is_plain_stdout(cli, workspace, tmp_path):
    (workspace / "MEMORY.md").write_text("- Deploys happen on Fridays.\n", encoding="utf-8")
    stdin = claude_input("SessionStart", tmp_path / "none.jsonl", source="startup")
    result = hook(cli, workspace, "claude-code", stdin, "--output", "text")
    assert result.stdout.startswith("# Long-term memory (memctl)")
    assert "- Deploys happen on Fridays." in result.stdout


def test_session_start_on_an_empty_memory_says_so(cli, workspace, tmp_path):
    stdin = claude_input("SessionStart", tmp_path / "none.jsonl", source="startup")
    context = context_of(hook(cli, workspace, "claude-code", stdin).stdout, "SessionStart")
    assert "MEMORY.md is empty" in context


def test_session_start_cuts_a_large_memory_on_lines_under_the_cap(cli, workspace, tmp_path):
    lines = [
        f"- Fact number {n}: the service sk-{'a' * 40} runs on port {8000 + n}." for n in range(400)
    ]
    (workspace / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    stdin = claude_input("SessionStart", tmp_path / "none.jsonl", source="startup")
    for output in ("json", "text"):
        result = hook(cli, workspace, "claude-code", stdin, "--output", output)
        context = (
            context_of(result.stdout, "SessionStart")
            if output == "json"
            else result.stdout.rstrip("\n")
        )
        assert len(context) <= CONTEXT_CAP
        assert "sk-aaaa" not in context  # redacted before the cut
        assert "cut to fit" in context and "memory_search" in context
        body = [line for line in context.splitlines() if line.startswith("- Fact")]
        assert body and all(line.endswith(".") for line in body)  # whole lines only
        assert body[0].startswith("- Fact number 0:")  # the head is kept


# --------------------------------------------------------------------------- Stop


def write_subagent(agent: Path) -> None:
    """Subagent a1b2c3's transcript: sidechain lines, each naming the agent."""
    agent.parent.mkdir(parents=True, exist_ok=True)
    sub = ClaudeSession(agent)
    sub.user("Find where the billing owner is configured.")
    sub.reply("It is in services/billing/OWNERS.")
    sub.lines = [
        json.dumps({**json.loads(line), "isSidechain": True, "agentId": "a1b2c3"})
        for line in sub.lines
    ]
    sub.write()


def one_shot(tmp_path: Path, transcript: Path) -> list[dict[str, Any]]:
    root = tmp_path / "oneshot"
    init_workspace(root)
    ws = Workspace(root)
    done = import_transcript(
        ws, transcript.read_bytes(), str(transcript), stem=transcript.stem, fmt="claude"
    )
    return read_entries(ws, done.thread)


def test_stop_hooks_on_a_growing_transcript_equal_a_one_shot_import(cli, workspace, tmp_path):
    session = conversation(tmp_path / f"{SESSION}.jsonl")
    # Stops after each turn, and hooks that see the file mid-turn (between a tool call and
    # its result) and with the last line half written.
    cuts = [
        (1, False),
        (3, True),
        (4, False),
        (6, True),
        (6, False),
        (7, False),
        (9, False),
        (9, False),
    ]
    for upto, torn in cuts:
        session.write(upto, torn)
        stdin = claude_input("Stop", session.path, stop_hook_active=False)
        result = hook(cli, workspace, "claude-code", stdin)
        assert result.stdout == ""
    expected = one_shot(tmp_path, session.path)
    ws = Workspace(workspace)
    assert read_entries(ws, SESSION) == expected
    assert [e["role"] for e in expected] == [
        "user",
        "assistant",
        "tool",
        "assistant",
        "user",
        "assistant",
    ]


def throttled_session(cli: Any, workspace: Path, tmp_path: Path) -> ClaudeSession:
    """A session whose first exchange one Stop hook has flushed, with flush_trigger
    throttled to an hour (the workspace's is `always`): the next flush must wait."""
    config = workspace / "memctl.yaml"
    config.write_text(
        config.read_text().replace("flush_trigger: always", "flush_trigger: {throttled: 1h}")
    )
    session = conversation(tmp_path / f"{SESSION}.jsonl")
    session.write(1)
    hook(cli, workspace, "claude-code", claude_input("Stop", session.path, stop_hook_active=False))
    return session


def ledgers(workspace: Path) -> str:
    return "\n".join(p.read_text() for p in (workspace / "memory").glob("*.md"))


def test_stop_flushes_as_flush_trigger_allows(cli, workspace, tmp_path):
    session = throttled_session(cli, workspace, tmp_path)
    ledger = ledgers(workspace)
    assert "keep backups for 30 days" in ledger  # the first eligible run goes at once
    session.write()
    hook(cli, workspace, "claude-code", claude_input("Stop", session.path, stop_hook_active=False))
    ledger = ledgers(workspace)
    assert "Dana owns the billing service" not in ledger  # throttled: imported, not flushed
    assert len(read_entries(Workspace(workspace), SESSION)) == 6


def test_subagent_stop_imports_the_subagent_transcript(cli, workspace, tmp_path):
    session = conversation(tmp_path / f"{SESSION}.jsonl")
    session.write()
    agent = tmp_path / "subagents" / "agent-a1b2c3.jsonl"
    write_subagent(agent)
    stdin = claude_input(
        "SubagentStop",
        session.path,
        stop_hook_active=False,
        agent_id="a1b2c3",
        agent_type="general-purpose",
        agent_transcript_path=str(agent),
    )
    hook(cli, workspace, "claude-code", stdin)
    threads = sorted(p.stem for p in (workspace / "threads").glob("*.jsonl"))
    assert threads == [SESSION, f"{SESSION}.agent-a1b2c3"]


# --------------------------------------------------------------------------- PreCompact


def test_pre_compact_flushes_despite_the_throttle(cli, workspace, tmp_path):
    session = throttled_session(cli, workspace, tmp_path)
    session.write()
    for trigger in ("manual", "auto"):
        stdin = claude_input("PreCompact", session.path, trigger=trigger, custom_instructions="")
        assert hook(cli, workspace, "claude-code", stdin).stdout == ""
    ledger = ledgers(workspace)
    assert "Dana owns the billing service" in ledger
    assert ledger.count("Dana owns the billing service") == 1


def harness_session(path: Path) -> ClaudeSession:
    """A session as Claude Code 2.1.332 writes it around a /compact, with the harness
    text it records as user lines, a tool call and an answer that quotes memory."""
    session = ClaudeSession(path)
    session.user("We decided to keep backups for 30 days.")
    session.reply(
        "Checking the log.",
        ("toolu_01", "Bash", {"command": "git log --since 2026-11-01 --oneline"}),
    )
    session.result("toolu_01", "3 commits")
    session.reply("From memory: releases always go out on Fridays.")
    session.user(
        "<command-name>/compact</command-name>\n<command-message>compact</command-message>\n"
        "<command-args></command-args>"
    )
    session.user(
        "<local-command-stdout>\x1b[2mCompacted (ctrl+o to see full summary)\x1b[22m\n"
        "PreCompact [memctl -w /home/dev/ws hook claude-code] completed successfully"
        "</local-command-stdout>"
    )
    session.user(
        "<local-command-caveat>Caveat: The messages below were generated by the user while "
        "running local commands. DO NOT respond to these messages or otherwise consider them "
        "in your response unless the user explicitly asks you to.</local-command-caveat>"
    )
    session.user(
        "<system-reminder>Remember: always run the tests before you commit.</system-reminder>"
    )
    return session


HARNESS_WORDS = ("PreCompact", "memctl -w", "command-name", "tool_call", "git log", "\x1b")


def assert_no_harness_text(text: str) -> None:
    for word in (*HARNESS_WORDS, "From memory", "Caveat", "always run the tests"):
        assert word not in text, word


def test_harness_text_is_metadata_never_a_fact(cli, workspace, tmp_path):
    """Issue 22.8: after a /compact, Claude Code's command line, its output (ANSI
    escapes and memctl's own command line included), the caveat, system reminders,
    tool-call echoes and an answer that quotes memory became facts, and MEMORY.md got
    a `## PreCompact` section. They are metadata: not imported, never flushed."""
    (workspace / "MEMORY.md").write_text("- Releases always go out on Fridays.\n")
    session = harness_session(tmp_path / f"{SESSION}.jsonl")
    session.write()
    pre_compact = claude_input("PreCompact", session.path, trigger="manual", custom_instructions="")
    hook(cli, workspace, "claude-code", pre_compact)
    hook(cli, workspace, "claude-code", claude_input("SessionEnd", session.path, reason="other"))

    said = [e for e in read_entries(Workspace(workspace), SESSION) if e["role"] == "user"]
    assert [e["content"] for e in said] == ["We decided to keep backups for 30 days."]
    ledger = ledgers(workspace)
    assert "backups for 30 days" in ledger
    assert_no_harness_text(ledger)
    memory = (workspace / "MEMORY.md").read_text()
    assert "backups for 30 days" in memory
    assert_no_harness_text(memory.replace("- Releases always go out on Fridays.", ""))


def test_flush_skips_harness_text_imported_before(cli, workspace, tmp_path):
    """A log imported before the importer left harness text out: flush skips it."""
    session = harness_session(tmp_path / f"{SESSION}.jsonl")
    (workspace / "MEMORY.md").write_text("- Releases always go out on Fridays.\n")
    entries: list[dict[str, Any]] = [
        {"role": "user", "content": "We decided to keep backups for 30 days."},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "c1",
                    "type": "function",
                    "function": {
                        "name": "Bash",
                        "arguments": '{"command": "git log --since 2026-11-01"}',
                    },
                }
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "content": "3 commits"},
        {"role": "assistant", "content": "From memory: releases always go out on Fridays."},
    ]
    entries += [
        {"role": "user", "content": json.loads(line)["message"]["content"]}
        for line in session.lines[-4:]
    ]
    (workspace / "threads" / "old.jsonl").write_text("".join(json.dumps(e) + "\n" for e in entries))
    done = cli("-w", workspace, "flush", "--thread", "old")
    assert done.exit_code == 0, done.stderr
    ledger = ledgers(workspace)
    assert "backups for 30 days" in ledger
    assert_no_harness_text(ledger)


# --------------------------------------------------------------------------- SessionEnd


def test_session_end_flushes_and_consolidates(cli, workspace, tmp_path):
    session = conversation(tmp_path / f"{SESSION}.jsonl")
    session.write()
    stdin = claude_input("SessionEnd", session.path, reason="prompt_input_exit")
    hook(cli, workspace, "claude-code", stdin)
    assert "Dana owns the billing service" in (workspace / "MEMORY.md").read_text()


def test_session_end_whose_maintenance_is_skipped_says_so_in_the_hook_log(cli, workspace, tmp_path):
    """fixaudit6: a SessionEnd whose maintenance did not run (the gap since the last run
    not past, or another run holding the lock) said nothing anywhere: a note in the hook
    log says why, never on stdout (the agent reads it) and never as an error `status`
    shows."""
    session = conversation(tmp_path / f"{SESSION}.jsonl")
    session.write()
    stdin = claude_input("SessionEnd", session.path, reason="prompt_input_exit")
    hook(cli, workspace, "claude-code", stdin)
    log = workspace / ".memctl" / "hooks.log"
    assert not log.exists() or "maintenance skipped" not in log.read_text()

    again = hook(cli, workspace, "claude-code", stdin)  # within consolidation_min_gap

    [record] = [json.loads(line) for line in log.read_text().splitlines()]
    assert record["event"] == "SessionEnd" and "error" not in record
    assert record["note"].startswith("maintenance skipped: throttled")
    assert "skipped" not in again.stdout
    assert "hook error" not in cli("-w", workspace, "status").stdout
    with held_lock(workspace / ".memctl" / "maintain.lock"):  # another maintain runs
        hook(cli, workspace, "claude-code", stdin)
    notes = [json.loads(line)["note"] for line in log.read_text().splitlines()]
    assert notes[1:] == ["maintenance skipped: another memctl maintain is running"], notes


def test_a_correction_one_session_made_is_in_the_next_sessions_memory_block(
    cli, workspace, tmp_path, monkeypatch
):
    """Audit 15 H6: session b said the staging DB is db7 now, within
    consolidation_min_gap of session a's SessionEnd; its SessionEnd's maintenance was
    throttled, and the next SessionStart still said db3. The gap spaces out model
    requests; the builtin model sends none, so the SessionEnd's maintenance runs all the
    same, in a process of its own (out of the agent's SessionEnd budget)."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    first = ClaudeSession(tmp_path / "a.jsonl", session="aaaaaaaa-0000-4000-8000-000000000001")
    first.user("The staging database is db3.")
    first.reply("Noted.")
    first.write()
    ended = json.loads(claude_input("SessionEnd", first.path, reason="prompt_input_exit"))
    hook(cli, workspace, "claude-code", json.dumps({**ended, "session_id": first.session}))
    assert "db3" in (workspace / "MEMORY.md").read_text()
    second = ClaudeSession(tmp_path / "b.jsonl", session="bbbbbbbb-0000-4000-8000-000000000002")
    second.user("The staging database is db7 now.")
    second.reply("Noted.")
    second.write()
    ended = json.loads(claude_input("SessionEnd", second.path, reason="prompt_input_exit"))
    hook(cli, workspace, "claude-code", json.dumps({**ended, "session_id": second.session}))
    wait_for(lambda: "db7" in (workspace / "MEMORY.md").read_text(), "the detached merge", 30)
    log = workspace / ".memctl" / "hooks.log"
    assert not log.exists() or "throttled" not in log.read_text()
    started = claude_input("SessionStart", tmp_path / "c.jsonl", source="startup")
    block = context_of(hook(cli, workspace, "claude-code", started).stdout, "SessionStart")
    assert "db7" in block
    assert "db3" not in block


AUDIT_SESSION = "4d4d4d4d-0000-4000-8000-000000000001"


def ends_in_a_tool_result(path: Path) -> Path:
    """Audit 3b, 3's transcript: a reply whose last lines are a tool call and its
    result (the session ended, or is compacted, right after the tool ran)."""
    s = AUDIT_SESSION
    records = [
        {
            "type": "user",
            "uuid": "u1",
            "parentUuid": None,
            "message": {
                "role": "user",
                "content": "Delete the stale pelican branches; the release branch is rel-44.",
            },
        },
        {
            "type": "assistant",
            "uuid": "a1",
            "parentUuid": "u1",
            "message": {
                "id": "m1",
                "role": "assistant",
                "content": [{"type": "text", "text": "Deleting them, keeping rel-44."}],
            },
        },
        {
            "type": "assistant",
            "uuid": "a2",
            "parentUuid": "a1",
            "message": {
                "id": "m1",
                "role": "assistant",
                "content": [
                    {
                        "type": "tool_use",
                        "id": "toolu_9",
                        "name": "Bash",
                        "input": {"command": "git branch -D old-1"},
                    }
                ],
            },
        },
        {
            "type": "user",
            "uuid": "u2",
            "parentUuid": "a2",
            "message": {
                "role": "user",
                "content": [
                    {
                        "type": "tool_result",
                        "tool_use_id": "toolu_9",
                        "content": "Deleted branch old-1",
                        "is_error": False,
                    }
                ],
            },
        },
    ]
    stamp = "2026-12-01T10:00:0{}Z"
    lines = [
        json.dumps({**record, "sessionId": s, "timestamp": stamp.format(n)})
        for n, record in enumerate(records)
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("event", "fields"),
    [
        ("SessionEnd", {"reason": "other"}),
        ("PreCompact", {"trigger": "auto", "custom_instructions": ""}),
    ],
)
def test_session_end_and_pre_compact_import_a_reply_ending_in_a_tool_result(
    cli, workspace, tmp_path, event, fields
):
    """Audit 3b, 3: the hook held a last reply ending in a tool call or result back as
    "may still be extended", at SessionEnd too, where nothing extends it (and at
    PreCompact, which summarises it away): the thread kept only the prompt, while
    `thread import` of the same file took all of it."""
    path = ends_in_a_tool_result(tmp_path / "t.jsonl")
    stdin = json.dumps(
        {
            "session_id": AUDIT_SESSION,
            "transcript_path": str(path),
            "hook_event_name": event,
            **fields,
        }
    )
    hook(cli, workspace, "claude-code", stdin)
    entries = read_entries(Workspace(workspace), AUDIT_SESSION)
    assert [entry["role"] for entry in entries] == ["user", "assistant", "tool"]
    assert entries[2]["content"] == "Deleted branch old-1"
    again = cli("-w", workspace, "thread", "import", str(path))
    assert again.exit_code == 0 and "nothing new to import" in again.stderr + again.stdout


def test_a_stop_still_holds_a_trailing_tool_batch_back(cli, workspace, tmp_path):
    """Stop (a turn over) keeps holding the batch: a SubagentStop comes while the main
    session's batch is still running, and the batch is imported whole later."""
    path = ends_in_a_tool_result(tmp_path / "t.jsonl")
    stdin = json.dumps(
        {"session_id": AUDIT_SESSION, "transcript_path": str(path), "hook_event_name": "Stop"}
    )
    hook(cli, workspace, "claude-code", stdin)
    entries = read_entries(Workspace(workspace), AUDIT_SESSION)
    assert [entry["role"] for entry in entries] == ["user"]


def wait_for(check: Any, what: str, seconds: float = 60.0) -> None:
    """Poll for a detached process's work (not a timing assertion: a generous bound)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def session_end(workspace: Path, tmp_path: Path, reason: str) -> subprocess.CompletedProcess[str]:
    """The whole conversation written, then SessionEnd, run by the installed command (a
    detached flush outlives an in-process runner's exit)."""
    session = conversation(tmp_path / f"{SESSION}.jsonl")
    session.write()
    stdin = claude_input("SessionEnd", session.path, reason=reason)
    return subprocess.run(
        [MEMCTL, "-w", workspace, "hook", "claude-code"],
        input=stdin,
        capture_output=True,
        text=True,
    )


@pytest.mark.slow
def test_session_end_detaches_a_network_flush(llm_server, workspace, tmp_path):
    write_model_config(workspace, llm_server)
    llm_server.reply("- Dana owns the billing service.")
    done = session_end(workspace, tmp_path, reason="logout")
    assert done.returncode == 0, done.stderr
    assert len(read_entries(Workspace(workspace), SESSION)) == 6  # imported before it returned

    def flushed() -> bool:
        return any("Dana owns" in p.read_text() for p in (workspace / "memory").glob("*.md"))

    wait_for(flushed, "the detached flush")


@pytest.mark.slow
def test_a_failing_detached_flush_is_shown_by_status(llm_server, cli, workspace, tmp_path):
    write_model_config(workspace, llm_server)
    llm_server.default = lambda request: (_ for _ in ()).throw(RuntimeError("down"))
    for _ in range(4):
        llm_server.fail(500)
    done = session_end(workspace, tmp_path, reason="other")
    assert done.returncode == 0
    log = workspace / ".memctl" / "hooks.log"
    wait_for(
        lambda: log.exists() and "SessionEnd (detached)" in log.read_text(), "the logged error"
    )
    status = cli("-w", workspace, "status")
    assert "hook error" in status.stdout and "SessionEnd (detached)" in status.stdout


# --------------------------------------------------------------------------- UserPromptSubmit


def test_user_prompt_submit_recalls_ranked_within_budget(cli, workspace, tmp_path):
    roomy_prompt_budget(workspace)
    lines = [f"- Billing dashboard note {n}: the chart colour is blue." for n in range(60)]
    lines += ["- Dana owns the billing service.", "- Backups are kept for 30 days."]
    lines += [f"- Unrelated note {n} about the weather in spring." for n in range(200)]
    (workspace / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    stdin = claude_input(
        "UserPromptSubmit", tmp_path / "t.jsonl", prompt="Who owns billing these days?"
    )
    context = context_of(hook(cli, workspace, "claude-code", stdin).stdout, "UserPromptSubmit")
    # ranked, not in file order: the line with both words comes first
    assert context.splitlines()[1] == "- Dana owns the billing service. (MEMORY.md:61)"
    assert "weather" not in context
    assert len(context) <= MemoryConfig().prompt_recall_chars
    many = "spring weather unrelated note about billing chart colour " * 5
    stdin = claude_input("UserPromptSubmit", tmp_path / "t.jsonl", prompt=many)
    context = context_of(hook(cli, workspace, "claude-code", stdin).stdout, "UserPromptSubmit")
    assert len(context) <= MemoryConfig().prompt_recall_chars


def test_the_prompt_recall_gives_a_fact_once_not_its_bullet_and_its_ledger_line(
    cli, workspace, tmp_path
):
    """Audit 5, 9: the README's demo conversation, flushed and consolidated: "when do
    deploys happen" got the MEMORY.md bullet and the ledger line it was merged from
    ("Dana: Remember that deploys…"), the same fact twice in 1,500 characters. The
    provenance sidecar names the ledger lines of each bullet; those are left out."""
    roomy_prompt_budget(workspace)
    example = Path(__file__).resolve().parents[2] / "examples" / "conversation.jsonl"
    assert cli("-w", workspace, "thread", "append", "chat", example).exit_code == 0
    assert cli("-w", workspace, "flush").exit_code == 0
    assert cli("-w", workspace, "consolidate").exit_code == 0
    ledger = "".join(p.read_text() for p in (workspace / "memory").glob("*.md"))
    assert "Dana: Remember that deploys happen only on Tuesdays." in ledger  # worded apart
    stdin = claude_input("UserPromptSubmit", tmp_path / "t.jsonl", prompt="when do deploys happen")
    context = context_of(hook(cli, workspace, "claude-code", stdin).stdout, "UserPromptSubmit")
    said = [line for line in context.splitlines() if "deploys happen only on Tuesdays" in line]
    assert len(said) == 1 and "(MEMORY.md:" in said[0], context


def test_a_huge_prompt_is_recalled_for_its_first_words_within_the_time_budget(
    cli, workspace, tmp_path
):
    """Issue 24 item 15: a 200,000-word prompt is read for its first 1,000 words (said
    with -v), and the ranking stops at memory.prompt_recall_seconds."""
    (workspace / "MEMORY.md").write_text(
        "- Dana owns the billing service.\n- Backups are kept for 30 days.\n", encoding="utf-8"
    )
    filler = " ".join(f"word{n}" for n in range(200_000))
    stdin = claude_input(
        "UserPromptSubmit", tmp_path / "t.jsonl", prompt=f"billing {filler} backups"
    )

    config = workspace / "memctl.yaml"
    text = config.read_text(encoding="utf-8")
    assert "prompt_recall_seconds: 1.0 " in text
    # A loaded CI machine may not rank within the default second (CI at 172fe04 printed
    # nothing): the cut is what this first call checks, not the default budget.
    roomy = text.replace("prompt_recall_seconds: 1.0 ", "prompt_recall_seconds: 60.0 ")
    config.write_text(roomy, encoding="utf-8")

    done = cli("-v", "-w", workspace, "hook", "claude-code", input=stdin)

    context = context_of(done.stdout, "UserPromptSubmit")
    assert "Dana owns the billing service" in context  # from the prompt's first words
    assert "Backups" not in context  # its last word is past the cut
    assert "the query was cut to its first 1,000 words" in done.stderr
    budget = "prompt_recall_seconds: 0.000001 "
    config.write_text(text.replace("prompt_recall_seconds: 1.0 ", budget), encoding="utf-8")

    done = cli("-v", "-w", workspace, "hook", "claude-code", input=stdin)

    assert done.exit_code == 0
    assert done.stdout == ""
    assert "recall stopped at its time budget" in done.stderr


def test_user_prompt_submit_with_nothing_relevant_prints_nothing(cli, workspace, tmp_path):
    (workspace / "MEMORY.md").write_text("- Dana owns the billing service.\n", encoding="utf-8")
    stdin = claude_input("UserPromptSubmit", tmp_path / "t.jsonl", prompt="What is a monad?")
    assert hook(cli, workspace, "claude-code", stdin).stdout == ""


def set_budget(workspace: Path, key: str, value: str) -> None:
    """memory.KEY in memctl.yaml, as the user would edit it."""
    config = workspace / "memctl.yaml"
    text = config.read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith(f"  {key}: "))
    config.write_text(text.replace(line, f"  {key}: {value}"), encoding="utf-8")


def hook_log(workspace: Path) -> str:
    path = workspace / ".memctl" / "hooks.log"
    return path.read_text(encoding="utf-8") if path.exists() else ""


def indexed_to(workspace: Path, rel: str) -> int:
    """How far the index has read a file (its offset; 0 before it has a row)."""
    import contextlib
    import sqlite3

    path = workspace / ".memctl" / "index.sqlite"
    with contextlib.closing(sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)) as conn:
        row = conn.execute("SELECT offset FROM files WHERE rel = ?", (rel,)).fetchone()
    return 0 if row is None else int(row[0])


def test_the_prompt_hook_keeps_within_its_budget_on_a_large_update(cli, workspace, tmp_path):
    """Audit 3b, 1: after a large import, bringing the index up to date took 26 s, past
    the agent's 15 s: the hook was killed, the update rolled back, and the next prompt
    began it again, forever. The update is bounded by memory.prompt_recall_seconds,
    memory files first; what it indexed is kept, the next prompt reads on, and the
    hook log says the index answered as it was."""
    (workspace / "MEMORY.md").write_text("- The albatross queue uses NSQ.\n", encoding="utf-8")
    prompt = claude_input("UserPromptSubmit", tmp_path / "t.jsonl", prompt="albatross queue?")
    hook(cli, workspace, "claude-code", prompt)  # the index, as it stands before the import
    log = workspace / "threads" / "big.jsonl"
    line = "The loon pipeline row {} with filler words to make it longer than usual, ok."
    # 4.3 MB, 16 of a bounded update's 256 KiB reads: five prompts at 0.2 s read about one
    # each (an update that ignores its deadline reads it all in the first)
    log.write_bytes(
        b"".join(encode_entry({"role": "user", "content": line.format(i)}) for i in range(40_000))
    )
    (workspace / "MEMORY.md").write_text(
        "- The albatross queue uses NSQ.\n- The puffin queue uses Kafka.\n", encoding="utf-8"
    )
    set_budget(workspace, "prompt_recall_seconds", "0.2")
    reached = [0]
    for _ in range(5):
        context = context_of(hook(cli, workspace, "claude-code", prompt).stdout, "UserPromptSubmit")
        assert "albatross queue uses NSQ" in context
        reached.append(indexed_to(workspace, "threads/big.jsonl"))
        assert reached[-1] >= reached[-2]  # never read again from the start
    assert 0 < reached[-1] < log.stat().st_size, reached  # on its way, at a budget a call
    assert "answered from it as it is" in hook_log(workspace)
    # The memory files came first: the new fact is found while the log is still read.
    puffin = claude_input("UserPromptSubmit", tmp_path / "t.jsonl", prompt="puffin queue?")
    assert "puffin queue uses Kafka" in hook(cli, workspace, "claude-code", puffin).stdout
    # An unbounded update (a search) finishes what is left: the log's last line is found.
    found = cli("-w", workspace, "search", "row 39999", "--scope", "threads")
    assert found.exit_code == 0 and "#39999" in found.stdout
    assert indexed_to(workspace, "threads/big.jsonl") == log.stat().st_size


def test_the_prompt_hook_does_not_wait_for_a_held_lock(cli, workspace, tmp_path):
    """Audit 3b, 2: a record read back that fails its checksum (MEMORY.md rewritten
    since the index last looked) had `mark_stale` wait 60 s for the workspace lock. A
    reader tries it once; the update waits at most the budget; the hook answers from
    the index as it is."""
    (workspace / "MEMORY.md").write_text("- The gannet queue uses NATS.\n", encoding="utf-8")
    prompt = claude_input("UserPromptSubmit", tmp_path / "t.jsonl", prompt="gannet queue?")
    hook(cli, workspace, "claude-code", prompt)
    (workspace / "MEMORY.md").write_text(
        "- The tern queue uses Redis.\n- The gannet queue uses NATS.\n", encoding="utf-8"
    )
    with held_lock(workspace / ".memctl" / "lock"):
        started = time.monotonic()
        done = cli("-v", "-w", workspace, "hook", "claude-code", input=prompt)
        elapsed = time.monotonic() - started
    assert done.exit_code == 0
    assert elapsed < 20, elapsed  # the budget (1 s) and start-up, not the lock's 60 s
    assert "held by another memctl for more than 1s" in hook_log(workspace)


def test_mark_stale_never_waits_for_the_lock(workspace):
    from memctl.retrieval.index import fresh_index, mark_stale

    ws = Workspace(workspace)
    (workspace / "MEMORY.md").write_text("- A fact.\n", encoding="utf-8")
    with fresh_index(ws, [], words=True):
        pass
    with held_lock(workspace / ".memctl" / "lock"):
        started = time.monotonic()
        assert mark_stale(ws, {"MEMORY.md"}) is False
        assert time.monotonic() - started < 5
    assert mark_stale(ws, {"MEMORY.md"}) is True  # the lock free: marked


def test_the_prompt_budget_passes_over_a_hit_too_long_for_it(workspace):
    """Audit 3b, 9: at prompt_recall_chars 200 (the least allowed) a 150-character top
    hit stopped the list, and nothing was added. A hit that does not fit is cut on a
    word boundary when enough of it fits, else passed over for shorter ones."""
    from memctl.agents.hooks import RECALL_HEADER, recall

    long = "The heron billing service " + "keeps its ledger in the old warehouse " * 3
    (workspace / "MEMORY.md").write_text(
        f"- {long.strip()}.\n- The heron queue uses Kafka.\n- Heron runs on Nomad.\n",
        encoding="utf-8",
    )
    set_budget(workspace, "prompt_recall_chars", "200")
    roomy_prompt_budget(workspace)
    config = load_config(workspace / "memctl.yaml")
    context = recall(Workspace(workspace), config, "heron billing service ledger")
    assert context is not None and len(context) <= 200
    lines = context.splitlines()
    assert lines[0] == RECALL_HEADER
    assert (
        lines[1].startswith("- The heron billing service keeps") and "… (MEMORY.md:1)" in lines[1]
    )
    # With less room than a useful part of it, it is passed over; the short ones fit.
    long = "Heron " + "x" * 300
    (workspace / "MEMORY.md").write_text(
        f"- {long}\n- The heron queue uses Kafka.\n- Heron runs on Nomad.\n", encoding="utf-8"
    )
    context = recall(Workspace(workspace), config, "heron")
    assert context is not None and len(context) <= 200
    assert "xxxx" not in context
    assert "- The heron queue uses Kafka. (MEMORY.md:2)" in context.splitlines()


def test_the_prompt_injects_no_fact_that_holds_none_of_its_words(workspace):
    """Audit 11 #7: a fact recall reached through a thesaurus word ("send" -> "move",
    "call") or the question's frame alone ("what is X called?" -> "on-call") was
    injected into the agent's prompt: nothing of the prompt is in it. A fact holding a
    topic word, as itself or its stem, is still injected, and so is the ledger line
    right after one (the reply that says the value)."""
    from memctl.agents.hooks import recall

    (workspace / "MEMORY.md").write_text(
        "- The on-call rotation changes every Wednesday.\n- We moved the retro to Thursdays.\n",
        encoding="utf-8",
    )
    ws = Workspace(workspace)
    roomy_prompt_budget(workspace)
    config = load_config(workspace / "memctl.yaml")
    for prompt in (
        "What is the new printer called?",
        "how many requests per minute can we send?",
        "The load balancer is called lb-west-2.",
    ):
        assert recall(ws, config, prompt) is None, prompt
    context = recall(ws, config, "who is on call this week?")
    assert context is not None and "on-call rotation" in context and "retro" not in context
    context = recall(ws, config, "when are the retros now?")  # "retros" as its stem
    assert context is not None and "retro to Thursdays" in context
    assert "on-call" not in context
    ledger = workspace / "memory" / "2025-05-12.md"
    ledger.parent.mkdir(exist_ok=True)
    ledger.write_text(
        "## Memory Flush — 2025-05-12T10:00:00+00:00 · thread t · entries 0-3 · builtin\n\n"
        "- Chloe: Guess who's a sound technician at Dundee Rep.\n"
        "- Chloe: Started on 2025-05-12!\n",
        encoding="utf-8",
    )
    context = recall(ws, config, "when did Idris begin work at Dundee Rep?")
    assert context is not None and "Started on 2025-05-12" in context


def test_the_prompt_injects_no_fact_that_shares_only_a_common_word_with_it(workspace):
    """fixleft6 (audit 11 #7, what fixrecall16 left): "What is the new printer called?"
    injected "Dana bought a new automobile.", which shares with it only "new", a word
    more of memory's records hold than the square root of their number. A fact holding
    a word of the prompt that is not that common is still injected, and so is one that
    holds a name the prompt writes however often it is said ("Theo")."""
    from memctl.agents.hooks import recall

    things = "laptop desk chair phone badge monitor keyboard mouse headset bike car van"
    facts = [f"Theo got a new {thing} in week {n}." for n, thing in enumerate(things.split())]
    facts += ["Dana bought a new automobile.", "The retro moved to Thursdays."]
    (workspace / "MEMORY.md").write_text("".join(f"- {f}\n" for f in facts), encoding="utf-8")
    ws = Workspace(workspace)
    roomy_prompt_budget(workspace)
    config = load_config(workspace / "memctl.yaml")

    assert recall(ws, config, "What is the new printer called?") is None
    context = recall(ws, config, "which new automobile did Dana buy?")
    assert context is not None and "Dana bought a new automobile." in context
    assert "laptop" not in context  # "new" alone does not bring the others
    context = recall(ws, config, "what did Theo get?")
    assert context is not None and "Theo got a new laptop" in context
    context = recall(ws, config, "what is new?")  # only common words: they answer
    assert context is not None and "new" in context


def test_the_reply_after_a_ledger_line_merged_into_memory_is_still_injected(cli, workspace):
    """Recall leaves out the ledger line a MEMORY.md hit was merged from (`unmerged`,
    audit 15): the ledger line after it, the reply that says the value, is still
    injected, the MEMORY.md hit standing for the line it was merged from."""
    from memctl.agents.hooks import recall

    configure(workspace)
    saved = cli("-w", workspace, "save", "Chloe: Guess who's a sound technician at Dundee Rep.")
    assert saved.exit_code == 0, saved.stderr
    [ledger] = (workspace / "memory").glob("*.md")
    with ledger.open("a", encoding="utf-8") as lines:
        lines.write("- Chloe: Started on 2025-05-12!\n")
    roomy_prompt_budget(workspace)
    config = load_config(workspace / "memctl.yaml")
    context = recall(Workspace(workspace), config, "when did Idris begin work at Dundee Rep?")
    assert context is not None and "Started on 2025-05-12" in context, context
    assert "(MEMORY.md:1)" in context and f"{ledger.name}:3" not in context, context


def test_the_verb_of_a_what_do_we_use_question_is_not_enough_alone(workspace):
    """Audit 15: "what package manager do we use?" injected "Use a subagent to find where
    we configure Sentry.", which shares only "use" with it: the verb of the question's
    frame (`frame_verbs`), which says what is done with the kind asked for. It counts
    beside a word of the topic ("We use uv as the package manager."), never alone."""
    from memctl.agents.hooks import recall

    facts = [
        "Use a subagent to find where we configure Sentry.",
        "Sentry is configured in app/observability.py, sample rate 0.2.",
        "The release train leaves every Thursday at 14:00 UTC.",
        "Code freeze for the holidays starts 2026-12-20.",
    ]
    (workspace / "MEMORY.md").write_text("".join(f"- {f}\n" for f in facts), encoding="utf-8")
    ws = Workspace(workspace)
    roomy_prompt_budget(workspace)
    config = load_config(workspace / "memctl.yaml")
    assert recall(ws, config, "what package manager do we use?") is None
    with (workspace / "MEMORY.md").open("a", encoding="utf-8") as memory:
        memory.write("- We use uv as the package manager.\n")
    context = recall(ws, config, "what package manager do we use?")
    assert context is not None and "We use uv as the package manager." in context
    assert "Sentry" not in context


def test_a_name_written_in_lower_case_answers_what_memory_lacks_the_word_of(workspace):
    """Review 18 #1: in a memory whose every line is of Postgres, "what port does
    postgres use?" got nothing: "port", which no record holds, was its only telling
    word, and "postgres" (common, in lower case no name) was dropped with the lines
    holding it. A word no dictionary has tells when no hit holds a word that tells,
    not beside one ("listen" answers alone)."""
    from memctl.agents.hooks import recall

    facts = ["Postgres listens on 5433.", "Postgres backups run at 2am.", "Postgres owner is Kim."]
    facts += ["Postgres max connections 200.", "Postgres logs ship to Loki."]
    facts += [
        "Postgres vacuum runs weekly.",
        "Postgres is 15.4.",
        "Postgres upgrades need a ticket.",
    ]
    facts += ["Dana bought a new automobile."]
    (workspace / "MEMORY.md").write_text("".join(f"- {f}\n" for f in facts), encoding="utf-8")
    ws = Workspace(workspace)
    roomy_prompt_budget(workspace)
    config = load_config(workspace / "memctl.yaml")
    for prompt in ("what port does postgres use?", "postgres port?"):
        context = recall(ws, config, prompt)
        assert context is not None and "Postgres listens on 5433." in context, prompt
    context = recall(ws, config, "which port does postgres listen on?")
    assert context is not None and "Postgres listens on 5433." in context
    assert "backups" not in context


def test_the_subject_of_a_which_question_tells_however_common(workspace):
    """Review 18 M5: "python" of "which python version do we use?" is in most records
    and WordNet knows it; it tells as the question's subject (`subject_of`), where
    "version", which no record holds, alone would answer with nothing."""
    from memctl.agents.hooks import recall

    facts = [
        f"Python {thing} is pinned." for thing in ["linter", "formatter", "wheel", "venv", "pip"]
    ]
    facts += ["Python is at 3.12 on the build hosts.", "The retro moved to Thursdays."]
    (workspace / "MEMORY.md").write_text("".join(f"- {f}\n" for f in facts), encoding="utf-8")
    ws = Workspace(workspace)
    roomy_prompt_budget(workspace)
    config = load_config(workspace / "memctl.yaml")
    context = recall(ws, config, "which python version do we use?")
    assert context is not None and "Python is at 3.12" in context


def test_the_prompt_is_answered_alike_after_memory_md_was_rewritten_many_times(workspace):
    """Review 18 #2: each rewrite of MEMORY.md (an edit but an append) drops and adds
    again every line of it, the dropped copies' postings kept until garbage is swept:
    counted, they made "listen" of one bullet common after 20 rewrites, and the prompt
    got nothing. The live records are counted."""
    from memctl.agents.hooks import recall

    ws = Workspace(workspace)
    roomy_prompt_budget(workspace)
    config = load_config(workspace / "memctl.yaml")
    facts = ["Sprint 0 is current.", "Postgres listens on 5433."]
    facts += [f"Team note {n} about topic{n}." for n in range(18)]
    prompt = "which port does postgres listen on?"
    for n in range(30):
        facts[0] = f"Sprint {n} is current."
        (workspace / "MEMORY.md").write_text("".join(f"- {f}\n" for f in facts), encoding="utf-8")
        context = recall(ws, config, "sprint")
        assert context is not None and f"Sprint {n} is current." in context
    context = recall(ws, config, prompt)
    assert context is not None and "Postgres listens on 5433." in context


# --------------------------------------------------------------------------- never exit non-zero


def test_a_hook_on_a_broken_workspace_exits_0_and_leaves_a_visible_error(cli, workspace, tmp_path):
    config = workspace / "memctl.yaml"
    good = config.read_text()
    config.write_text("memory:\n  flush_triger: always\n")
    session = conversation(tmp_path / f"{SESSION}.jsonl")
    session.write()
    stdin = claude_input("PreCompact", session.path, trigger="auto", custom_instructions="")
    done = subprocess.run(
        [MEMCTL, "-w", workspace, "hook", "claude-code"],
        input=stdin,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0
    assert "flush_triger" in done.stderr
    config.write_text(good)
    status = cli("-w", workspace, "status")
    assert "hook error" in status.stdout and "flush_triger" in status.stdout


@pytest.mark.parametrize(
    "args, stdin",
    [
        ((), "not json"),
        ((), ""),
        ((), "[1, 2]"),
        ((), json.dumps({"session_id": "x"})),
        (("--no-such-option",), json.dumps({"hook_event_name": "Stop", "session_id": "x"})),
    ],
)
def test_bad_hook_input_exits_0(workspace, args, stdin):
    done = subprocess.run(
        [MEMCTL, "-w", workspace, "hook", "claude-code", *args],
        input=stdin,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0
    assert done.stderr.startswith("hook claude-code: ")
    assert done.stdout == ""


def test_a_missing_transcript_and_no_workspace_exit_0(tmp_path):
    stdin = claude_input("Stop", tmp_path / "gone.jsonl", stop_hook_active=False)
    done = subprocess.run(
        [MEMCTL, "hook", "claude-code"], input=stdin, capture_output=True, text=True, cwd=tmp_path
    )
    assert done.returncode == 0
    assert "memctl.yaml" in done.stderr


def assert_no_hook_error(result: Any, workspace: Path) -> None:
    assert result.stderr == ""
    assert not (workspace / ".memctl" / "hooks.log").exists()


def test_a_session_ended_before_its_first_prompt_is_nothing_to_import(cli, workspace, tmp_path):
    """Issue 22.7: Claude Code names a transcript it has not written yet when the
    session closes before any prompt. Nothing to import is not a hook error."""
    stdin = claude_input("SessionEnd", tmp_path / f"{SESSION}.jsonl", reason="prompt_input_exit")
    result = hook(cli, workspace, "claude-code", stdin)
    assert_no_hook_error(result, workspace)
    assert not list((workspace / "threads").glob("*.jsonl"))


def test_the_compact_subagents_unwritten_transcript_is_no_hook_error(cli, workspace, tmp_path):
    """Issue 22.7: Claude Code 2.1.332 runs /compact as a subagent and sends SubagentStop
    with an agent_transcript_path it never writes (the id has no `acompact` in it). The
    session's own transcript is still imported."""
    session = conversation(tmp_path / f"{SESSION}.jsonl")
    session.write()
    never = tmp_path / SESSION / "subagents" / "agent-a4f09c2b7e1d3a5c6.jsonl"
    stdin = claude_input(
        "SubagentStop",
        session.path,
        stop_hook_active=False,
        agent_id="a4f09c2b7e1d3a5c6",
        agent_type="",
        agent_transcript_path=str(never),
        last_assistant_message="<analysis>...</analysis><summary>...</summary>",
    )
    result = hook(cli, workspace, "claude-code", stdin)
    assert_no_hook_error(result, workspace)
    assert len(read_entries(Workspace(workspace), SESSION)) == 6


# --------------------------------------------------------------------------- Codex


ROLLOUT_ID = "019a2d7a-41c4-78b1-b7cc-a45d62a89cd5"
FIXTURE = (
    Path(__file__).parent.parent
    / "support"
    / "fixtures"
    / "import"
    / f"rollout-2025-10-29T01-00-00-{ROLLOUT_ID}.jsonl"
)


ROLLOUT_THREAD = [
    ("user", "Invoices show 10.00 instead of 10.01. Remember: we always round half up for money."),
    ("assistant", "Looking for the invoice rounding code."),
    ("tool", "src/invoice.py:12:    return round(amount, 2)\n"),
    ("assistant", None),
    (
        "tool",
        "Exit code: 0\nWall time: 0.1 seconds\nOutput:\ndef total(amount):\n"
        "    return round(amount, 2)\n",
    ),
    (
        "tool",
        "Exit code: 1\nWall time: 0.1 seconds\nOutput:\n"
        "cat: tests/test_invoice.py: No such file or directory\n",
    ),
    ("assistant", None),
    ("tool", "Success. Updated the following files:\nM src/invoice.py\n"),
    ("assistant", "Invoices now round half up: 10.005 becomes 10.01."),
    (
        "system",
        "The invoice rounding was fixed with ROUND_HALF_UP; a test for it is still missing.",
    ),
    (
        "compaction",
        "The invoice rounding was fixed with ROUND_HALF_UP; a test for it is still missing.",
    ),
    ("user", "Please add the missing test."),
    ("assistant", "Added tests/test_invoice.py covering 10.005."),
]
"""The thread FIXTURE imports as, by role (or compaction) and text, written out from
the rollout: its messages, tool calls and results and its compaction, none of the
instructions, reasoning or events (tests/agents/test_import.py checks every field)."""


def imported_thread(root: Path) -> list[tuple[str, Any]]:
    """The rollout's thread in the workspace at `root`, as ROLLOUT_THREAD spells it."""
    return [
        (entry.get("role") or entry["type"], entry.get("content", entry.get("summary")))
        for entry in read_entries(Workspace(root), ROLLOUT_ID)
    ]


def notify_argument(thread: str = ROLLOUT_ID) -> str:
    """The JSON argument Codex gives its notify program after a turn."""
    return json.dumps(
        {
            "type": "agent-turn-complete",
            "thread-id": thread,
            "turn-id": "0199a213-81c0-7800-8aa1-bbab2a035a53",
            "cwd": "/home/dev/shop",
            "input-messages": ["Fix the rounding bug in checkout."],
            "last-assistant-message": "Done: totals use Decimal now.",
        }
    )


@pytest.fixture
def codex_home(tmp_path, monkeypatch):
    home = tmp_path / "codex-home"
    monkeypatch.setenv("CODEX_HOME", str(home))
    return home


def test_codex_notify_finds_the_rollout_and_imports_it(cli, workspace, codex_home):
    day = codex_home / "sessions" / "2025" / "10" / "29"
    day.mkdir(parents=True)
    lines = FIXTURE.read_bytes().splitlines(keepends=True)
    rollout = day / FIXTURE.name
    rollout.write_bytes(b"".join(lines[:12]))
    result = hook(cli, workspace, "codex", None, notify_argument())
    assert result.stdout == ""
    first = len(read_entries(Workspace(workspace), ROLLOUT_ID))
    rollout.write_bytes(b"".join(lines))
    hook(cli, workspace, "codex", None, notify_argument())
    ws = Workspace(workspace)
    assert len(read_entries(ws, ROLLOUT_ID)) > first
    done = import_transcript(ws, FIXTURE.read_bytes(), "x", stem=None, fmt="codex", dry_run=True)
    assert done.imported == 0  # the hooks imported all of it


def test_codex_notify_finds_archived_sessions(cli, workspace, codex_home):
    archived = codex_home / "archived_sessions"
    archived.mkdir(parents=True)
    (archived / FIXTURE.name).write_bytes(FIXTURE.read_bytes())
    hook(cli, workspace, "codex", None, notify_argument())
    assert imported_thread(workspace) == ROLLOUT_THREAD


def test_codex_notify_with_a_strange_thread_id_globs_nothing(cli, workspace, codex_home):
    (codex_home / "sessions").mkdir(parents=True)
    (codex_home / "sessions" / FIXTURE.name).write_bytes(FIXTURE.read_bytes())
    result = hook(cli, workspace, "codex", None, notify_argument("*"))
    assert_no_hook_error(result, workspace)
    assert not list((workspace / "threads").iterdir())


def test_codex_notify_of_another_type_does_nothing(cli, workspace, codex_home):
    result = hook(cli, workspace, "codex", None, json.dumps({"type": "approval-requested"}))
    assert result.stdout == "" and result.stderr == ""
    assert not (workspace / ".memctl" / "hooks.log").exists()


def test_codex_ephemeral_session_without_a_rollout_is_nothing_to_import(cli, workspace, codex_home):
    """Issue 22.7: `codex exec --ephemeral` writes no rollout; its notify and its Stop
    hook (transcript_path null) are nothing to import, not a hook error."""
    result = hook(cli, workspace, "codex", None, notify_argument())
    assert_no_hook_error(result, workspace)
    stop = json.dumps(
        {
            "session_id": ROLLOUT_ID,
            "transcript_path": None,
            "cwd": "/home/dev/shop",
            "hook_event_name": "Stop",
            "turn_id": "t1",
            "stop_hook_active": False,
        }
    )
    assert json.loads(hook(cli, workspace, "codex", stop).stdout) == {}
    assert_no_hook_error(result, workspace)


def test_codex_hooks_json_events(cli, workspace, tmp_path):
    (workspace / "MEMORY.md").write_text("- Totals use Decimal.\n", encoding="utf-8")
    rollout = tmp_path / FIXTURE.name
    rollout.write_bytes(FIXTURE.read_bytes())
    base = {
        "session_id": ROLLOUT_ID,
        "transcript_path": str(rollout),
        "cwd": "/home/dev/shop",
        "model": "gpt-5-codex",
        "permission_mode": "default",
    }
    start = json.dumps({**base, "hook_event_name": "SessionStart", "source": "startup"})
    assert "- Totals use Decimal." in context_of(
        hook(cli, workspace, "codex", start).stdout, "SessionStart"
    )
    stop = json.dumps(
        {
            **base,
            "hook_event_name": "Stop",
            "turn_id": "0199a213-81c0-7800-8aa1-bbab2a035a53",
            "stop_hook_active": False,
            "last_assistant_message": "Done.",
        }
    )
    assert json.loads(hook(cli, workspace, "codex", stop).stdout) == {}
    assert imported_thread(workspace) == ROLLOUT_THREAD


def test_codex_session_start_on_resume_adds_no_second_memory_block(cli, workspace, tmp_path):
    """Issue 22.9: Codex replays a resumed session's history, memory block included;
    SessionStart with source "resume" must not add it again (one more copy a resume)."""
    (workspace / "MEMORY.md").write_text("- Totals use Decimal.\n", encoding="utf-8")

    def start(source: str) -> str:
        stdin = json.dumps(
            {
                "session_id": ROLLOUT_ID,
                "transcript_path": None,
                "cwd": "/home/dev/shop",
                "hook_event_name": "SessionStart",
                "model": "gpt-5.1-codex",
                "source": source,
            }
        )
        return hook(cli, workspace, "codex", stdin).stdout

    assert "Totals use Decimal" in context_of(start("startup"), "SessionStart")
    assert json.loads(start("resume")) == {}
    claude = claude_input("SessionStart", tmp_path / "s.jsonl", source="resume")
    assert "Totals use Decimal" in context_of(
        hook(cli, workspace, "claude-code", claude).stdout, "SessionStart"
    )


def test_codex_hooks_json_without_transcript_path_finds_the_rollout(cli, workspace, codex_home):
    day = codex_home / "sessions" / "2025" / "10" / "29"
    day.mkdir(parents=True)
    (day / FIXTURE.name).write_bytes(FIXTURE.read_bytes())
    stop = json.dumps(
        {
            "session_id": ROLLOUT_ID,
            "transcript_path": None,
            "cwd": "/home/dev/shop",
            "hook_event_name": "Stop",
            "turn_id": "t1",
            "stop_hook_active": False,
        }
    )
    hook(cli, workspace, "codex", stop)
    assert imported_thread(workspace) == ROLLOUT_THREAD


# --------------------------------------------------------------------------- a whole session


def run_hook(ws: Path, agent: str, stdin: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [MEMCTL, "-w", ws, "hook", agent], input=stdin, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return done


@pytest.mark.slow
def test_a_whole_session_reaches_the_next_sessions_start(workspace, tmp_path):
    """Start, turns, compaction, more turns, end; the next session starts knowing."""
    first = ClaudeSession(tmp_path / f"{SESSION}.jsonl")
    start = run_hook(
        workspace, "claude-code", claude_input("SessionStart", first.path, source="startup")
    )
    assert "MEMORY.md is empty" in context_of(start.stdout, "SessionStart")

    first.user("We decided to ship the mobile app on the 2.4 release train.")
    first.reply("Understood.", ("toolu_01", "Read", {"file_path": "RELEASES.md"}))
    first.write(2)  # mid-turn: the tool call, no result yet
    first.write()
    first.result("toolu_01", "2.4: mobile, payments")
    first.reply("RELEASES.md agrees: mobile ships on 2.4.")
    first.write()
    run_hook(workspace, "claude-code", claude_input("Stop", first.path, stop_hook_active=False))

    first.user("Remember that the payments API key rotates every 90 days.")
    first.reply("I will remember that the key rotates every 90 days.")
    first.write()
    run_hook(
        workspace,
        "claude-code",
        claude_input("PreCompact", first.path, trigger="auto", custom_instructions=""),
    )
    first._line(
        "user",
        {
            "role": "user",
            "content": "This session is being continued from a previous conversation.",
        },
        isCompactSummary=True,
    )
    first.write()
    run_hook(workspace, "claude-code", claude_input("SessionStart", first.path, source="compact"))

    first.user("Our on-call rotation always starts on Monday.")
    first.reply("Noted: on-call starts on Monday.")
    first.write(torn=True)
    run_hook(workspace, "claude-code", claude_input("Stop", first.path, stop_hook_active=False))
    first.write()
    run_hook(
        workspace, "claude-code", claude_input("SessionEnd", first.path, reason="prompt_input_exit")
    )

    second = tmp_path / "4c2a7d3f-8b5e-4d2f-a03b-6e7f8091a2b3.jsonl"
    start = run_hook(
        workspace, "claude-code", claude_input("SessionStart", second, source="startup")
    )
    context = context_of(start.stdout, "SessionStart")
    assert "mobile app on the 2.4 release train" in context
    assert "rotates every 90 days" in context
    assert "on-call rotation always starts on Monday" in context
    assert len(context) <= CONTEXT_CAP
    config = load_config(workspace / "memctl.yaml")
    assert config.memory_model.is_builtin


def test_codex_stop_consolidates_when_due(cli, workspace, tmp_path):
    rollout = tmp_path / FIXTURE.name
    rollout.write_bytes(FIXTURE.read_bytes())
    stop = json.dumps(
        {
            "session_id": ROLLOUT_ID,
            "transcript_path": str(rollout),
            "cwd": "/home/dev/shop",
            "hook_event_name": "Stop",
            "turn_id": "t1",
            "stop_hook_active": False,
        }
    )
    hook(cli, workspace, "codex", stop)
    ledger = "".join(p.read_text() for p in (workspace / "memory").glob("*.md"))
    assert ledger.strip()
    assert (workspace / "MEMORY.md").read_text().strip()


def test_with_the_tools_off_the_block_does_not_point_at_memory_search(cli, workspace, tmp_path):
    config = workspace / "memctl.yaml"
    config.write_text(config.read_text().replace("tools: true", "tools: false"))
    (workspace / "MEMORY.md").write_text("- Deploys happen on Fridays.\n", encoding="utf-8")
    stdin = claude_input("SessionStart", tmp_path / "none.jsonl", source="startup")
    context = context_of(hook(cli, workspace, "claude-code", stdin).stdout, "SessionStart")
    assert context.endswith("- Deploys happen on Fridays.")
    assert "memory_search" not in context


def test_verbose_says_what_the_hook_did(cli, workspace, tmp_path):
    session = conversation(tmp_path / f"{SESSION}.jsonl")
    session.write()
    stdin = claude_input("PreCompact", session.path, trigger="manual", custom_instructions="")
    result = cli("-v", "-w", workspace, "hook", "claude-code", input=stdin)
    assert result.exit_code == 0
    assert f"PreCompact; imported 6 entries into {SESSION}; flush: " in result.stderr


def test_session_start_and_export_do_not_import_litellm(workspace, tmp_path):
    (workspace / "memctl.yaml").write_text("model: openai:gpt-4.1-mini\n", encoding="utf-8")
    (workspace / "MEMORY.md").write_text("- We deploy on Fridays.\n", encoding="utf-8")
    stdin = claude_input("SessionStart", tmp_path / "none.jsonl", source="startup")
    runs = {
        "hook": (["hook", "claude-code"], stdin, "memctl.agents.hooks"),
        "export": (
            ["export", "--claude-md", str(tmp_path / "CLAUDE.md")],
            "",
            "memctl.agents.export",
        ),
    }
    for name, (args, given, engine) in runs.items():
        modules = modules_after(args, workspace, tmp_path / f"{name}.json", input=given).modules
        assert engine in modules  # the run really happened
        assert "litellm" not in modules, name
    # export's block comes from MEMORY.md's owner, not from the hook engine
    assert "memctl.core.memory" in modules and "memctl.agents.hooks" not in modules


@pytest.mark.parametrize("layout", ["2.1", "2.0"])
def test_subagent_stop_without_a_path_finds_the_sessions_subagents(
    cli, workspace, tmp_path, layout
):
    session = conversation(tmp_path / f"{SESSION}.jsonl")
    session.write()
    if layout == "2.1":
        agent = tmp_path / SESSION / "subagents" / "agent-a1b2c3.jsonl"
    else:
        agent = tmp_path / "agent-a1b2c3.jsonl"
    write_subagent(agent)
    other = ClaudeSession(tmp_path / "agent-ffffff.jsonl", session="another-session")
    other.user("Unrelated.")
    other.write()
    stdin = claude_input("SubagentStop", session.path, stop_hook_active=False)
    hook(cli, workspace, "claude-code", stdin)
    threads = sorted(p.stem for p in (workspace / "threads").glob("*.jsonl"))
    assert threads == [SESSION, f"{SESSION}.agent-a1b2c3"]


def test_a_stop_with_nothing_new_takes_no_lock_and_loads_no_flush(workspace, tmp_path):
    """issue 26 goal 5: every agent turn pays a Stop hook. One that finds nothing
    appended since the last leaves state.json and the thread as they are without the
    workspace lock (filelock), the flush stage, dateutil or the models it sends nothing
    to: a fifth, a tenth, a tenth and a twentieth of its start-up. Nor hashlib (OpenSSL's
    load, 2-3 ms): the transcript still has the stat its import recorded, and the
    thread log the one its flush recorded, so neither is fingerprinted again; nor the
    harness's patterns, which only a line read needs."""
    session = conversation(tmp_path / f"{SESSION}.jsonl")
    session.write()
    # Written well before the hook: one stat'ed within the file system's timestamp
    # granularity of its last write is fingerprinted again (tests/agents/test_import.py).
    os.utime(session.path, ns=(10**18, 10**18))
    stdin = claude_input("Stop", session.path, stop_hook_active=False)
    args = ["hook", "claude-code"]
    modules_after(args, workspace, tmp_path / "first.json", input=stdin)  # imports, flushes
    state = (workspace / ".memctl" / "state.json").read_bytes()
    log = (workspace / "threads" / f"{SESSION}.jsonl").read_bytes()

    modules = modules_after(args, workspace, tmp_path / "again.json", input=stdin).modules

    assert "memctl.agents.hooks" in modules  # the hook really ran
    unneeded = {"filelock", "memctl.pipeline.flush", "dateutil", "memctl.models.resolve"}
    unneeded |= {"memctl.agents.settings", "memctl.core.redact"}  # install's; nothing shown
    unneeded |= {"hashlib", "memctl.core.harness"}  # no fingerprint, no line read
    assert not unneeded & modules
    assert (workspace / ".memctl" / "state.json").read_bytes() == state
    assert (workspace / "threads" / f"{SESSION}.jsonl").read_bytes() == log


def test_a_stop_with_nothing_new_defines_no_frozen_dataclass(workspace, tmp_path):
    """issue 26 goal 5: a frozen dataclass compiles five methods from source at every
    start-up (twice a plain one's cost, five times a named tuple's); the agents'
    transcript formats, memory files and settings files were three, in every hook."""
    import dataclasses
    import importlib

    session = conversation(tmp_path / f"{SESSION}.jsonl")
    session.write()
    stdin = claude_input("Stop", session.path, stop_hook_active=False)
    args = ["hook", "claude-code"]
    modules_after(args, workspace, tmp_path / "first.json", input=stdin)  # imports, flushes
    modules = modules_after(args, workspace, tmp_path / "again.json", input=stdin)
    frozen = []
    for name in sorted(m for m in modules.modules if m.startswith("memctl")):
        for value in vars(importlib.import_module(name)).values():
            if (
                isinstance(value, type)
                and value.__module__ == name
                and dataclasses.is_dataclass(value)
                and value.__dataclass_params__.frozen  # type: ignore[attr-defined]
            ):
                frozen.append(f"{name}.{value.__qualname__}")
    assert "memctl.agents.imports" in modules.modules and not frozen


def test_the_records_a_stop_reads_are_immutable_named_tuples():
    """issue 26 goal 5: the hook input, the transcript's records, what was read, a
    reply's pieces and where an import reads on are read only; as named tuples they cost a hook's start-up
    a third of a dataclass each (whose methods are compiled from source every time)."""
    from memctl.agents.base import HookInput
    from memctl.agents.imports import Resume
    from memctl.agents.transcripts import Piece, Reading
    from memctl.core.threads import Record

    records = [
        HookInput("claude-code", "Stop"),
        Record("line 1", {}),
        Reading([], None, 0),
        Piece("id", "line 1", None, [], []),
        Resume(0, 1, "claude", "t", {}, set(), {}, 0),
    ]
    for record in records:
        assert isinstance(record, tuple)
        with pytest.raises(AttributeError):
            record.__setattr__(record._fields[0], None)


@pytest.mark.skipif(
    not __import__("memctl.models.semantic", fromlist=["installed"]).installed(),
    reason="memctl[semantic] (wordllama) is not installed",
)
def test_a_semantic_leg_left_past_its_budget_ends_with_the_hook_not_an_abort(workspace, tmp_path):
    """Audit 4: the prompt hook left the semantic leg loading in a thread past its budget,
    and the interpreter's exit around it (inside the model's native code) aborted the
    process now and then (SIGABRT, exit 134). The process now leaves at once when such a
    thread is alive, with exit 0 and its output written: the BM25 hits are injected."""
    config = workspace / "memctl.yaml"
    text = config.read_text(encoding="utf-8")
    text = text.replace("  semantic: auto", "  semantic: on")
    # A tenth of a second: the model's load alone takes three times that, while the index,
    # built beforehand, leaves the BM25 steps a little work each. (At 0.05 s, on a busy CI
    # machine, the ranking ran out of time now and then and the hook injected nothing.)
    text = text.replace("  prompt_recall_seconds: 1.0", "  prompt_recall_seconds: 0.1")
    config.write_text(text, encoding="utf-8")
    (workspace / "MEMORY.md").write_text("- Billing uses Kafka 3.7 for events.\n")
    built = subprocess.run([MEMCTL, "-w", workspace, "index"], capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    stdin = claude_input("UserPromptSubmit", tmp_path / "t.jsonl", prompt="which kafka version?")
    # The model's load is near the budget on a fast, quiet machine (from the page cache it
    # was ready in time now and then: a clean-clone CI failed on it): every run must end
    # well, and runs go on until three have left the leg running, the case this test is
    # for (at most twenty).
    # A run whose ranking the budget also stopped (a loaded machine: the same tenth of a
    # second bounds it) may inject nothing, and says so: it must end well all the same.
    left = ranked = 0
    for _ in range(20):
        done = subprocess.run(
            [MEMCTL, "-w", workspace, "-v", "hook", "claude-code"],
            input=stdin,
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stderr
        if "recall stopped at its time budget" in done.stderr:
            continue
        ranked += 1
        assert done.stdout, done.stderr
        assert "Kafka 3.7" in context_of(done.stdout, "UserPromptSubmit")
        left += "not ready within the time budget" in done.stderr  # the leg was left running
        if left == 3:
            break
    assert left == 3, (left, ranked)


@pytest.mark.parametrize("event", ["PreCompact", "Stop"])
def test_a_missing_or_odd_transcript_at_precompact_or_stop_is_logged_with_its_reason(
    cli, workspace, tmp_path, event, monkeypatch
):
    """Audit 11 #10: PreCompact with a missing transcript was silent (compaction only
    follows turns: their facts are lost); a folder or /dev/null was "not there". And
    #11: `status` named the event twice (`Stop: Stop: ...`)."""
    monkeypatch.setattr(hooks, "TRANSCRIPT_WAIT_SECONDS", 0.1)
    folder = tmp_path / "a-folder"
    folder.mkdir()
    cases = [
        (tmp_path / "missing.jsonl", "is not there"),
        (folder, "is a folder, not a file"),
        (Path(os.devnull), "is not a regular file"),
    ]
    for path, why in cases:
        fields = {"trigger": "auto"} if event == "PreCompact" else {"stop_hook_active": False}
        result = hook(cli, workspace, "claude-code", claude_input(event, path, **fields))
        assert why in result.stderr and str(path) in result.stderr
    records = [json.loads(line) for line in hook_log(workspace).splitlines()]
    assert [record["event"] for record in records] == [event] * 3
    assert all(why in record["error"] for record, (_, why) in zip(records, cases, strict=True))
    status = cli("-w", workspace, "status").stdout
    assert f"claude-code {event}: the transcript " in status
    assert f"{event}: {event}:" not in status


def test_a_stop_whose_transcript_is_not_there_is_a_line_in_the_hook_log(
    cli, workspace, tmp_path, monkeypatch
):
    """Audit 5 #15: a Stop naming a transcript that is not there did nothing and said
    nothing (hooks.log, `status`), so every turn of the session went unimported unseen.
    The session's file is written before its Stop, unlike a subagent's or an unstarted
    session's (no hook error: the tests above)."""
    monkeypatch.setattr(hooks, "TRANSCRIPT_WAIT_SECONDS", 0.1)
    missing = tmp_path / "moved" / f"{SESSION}.jsonl"

    result = hook(
        cli, workspace, "claude-code", claude_input("Stop", missing, stop_hook_active=False)
    )

    (line,) = hook_log(workspace).splitlines()
    record = json.loads(line)
    assert record["event"] == "Stop" and str(missing) in record["error"]
    assert "is not there" in record["error"] and str(missing) in result.stderr
    assert (
        "is not there"
        in cli("-w", workspace, "status").stdout + cli("-w", workspace, "status").stderr
    )


def test_a_stop_waits_for_a_transcript_written_just_after_it_starts(cli, workspace, tmp_path):
    """Claude Code 2.1.197 runs a session's first Stop before it has written the
    session's file: the hook waits for it (a moment, not the hook's timeout), imports the
    turn and logs no error."""
    session = conversation(tmp_path / f"{SESSION}.jsonl")
    whole = ClaudeSession(tmp_path / "whole.jsonl")
    whole.lines = session.lines

    def appear() -> None:
        """The file appears whole (renamed into place): written in place, the hook could
        find it between its creation and its write, and import it empty."""
        whole.write(2)
        os.replace(whole.path, session.path)

    late = threading.Timer(0.4, appear)
    late.start()
    try:
        result = hook(
            cli,
            workspace,
            "claude-code",
            claude_input("Stop", session.path, stop_hook_active=False),
        )
    finally:
        late.join()
    assert_no_hook_error(result, workspace)
    assert [e["role"] for e in read_entries(Workspace(workspace), SESSION)] == [
        "user",
        "assistant",
    ]


def test_a_stops_flush_keeps_to_its_time_budget_and_later_stops_go_on(
    cli, workspace, tmp_path, monkeypatch
):
    """Audit 11 #6: the first Stop on a 40,000-turn session flushed for minutes, near
    the hook's timeout. A turn's flush starts no request past its budget (the first
    always goes), notes what it left in hooks.log, and the next Stops go on."""
    configure(workspace, model={"name": "builtin", "context_window": 2000})
    session = ClaudeSession(tmp_path / f"{SESSION}.jsonl")
    for n in range(40):
        session.user(f"Remember fact number {n:03d}: " + "x" * 160 + ".")
        session.reply("Noted.")
    session.write()
    monkeypatch.setattr("memctl.agents.hooks.TURN_FLUSH_SECONDS", 0.0)
    stop = claude_input("Stop", session.path, stop_hook_active=False)

    hook(cli, workspace, "claude-code", stop)
    ledger_text = "".join(p.read_text() for p in (workspace / "memory").glob("*.md"))
    assert len(re.findall(r"(?m)^## ", ledger_text)) == 1  # one request, then out of time
    (line,) = hook_log(workspace).splitlines()
    record = json.loads(line)
    assert record["event"] == "Stop" and "left for the next hook" in record["note"]
    assert "hook error" not in cli("-w", workspace, "status").stdout

    for _ in range(40):  # each later Stop sends one request more, until none is left
        notes = len(hook_log(workspace).splitlines())
        hook(cli, workspace, "claude-code", stop)
        if len(hook_log(workspace).splitlines()) == notes:
            break
    ledger_text = "".join(p.read_text() for p in (workspace / "memory").glob("*.md"))
    assert len(re.findall(r"(?m)^## ", ledger_text)) > 2
    for n in range(40):
        assert ledger_text.count(f"Remember fact number {n:03d}:") == 1
