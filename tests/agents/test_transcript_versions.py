"""Transcripts in the shapes each agent version writes, imported whole and while live.

The fixtures under tests/support/fixtures/import/versions are trimmed copies of the line shapes
found in public session files: Claude Code 1.0.64 (a summary line first, system lines
without a subtype, `toolUseResult`), 2.0.31 (project-level `agent-*.jsonl` subagents,
the "Warmup" agent, `stop_hook_summary`) and 2.1.63 (`slug`, progress lines, one reply's
tool_use lines interleaved with their results, `turn_duration`, `compact_boundary` and
`isCompactSummary`, `<session>/subagents/agent-*.jsonl` with the `agent-acompact-*`
compaction agent); Codex CLI 0.58 (`shell` calls whose output is wrapped as
`{"output", "metadata"}`, `token_count` events) and 0.129 (developer permissions,
AGENTS.md and environment context as user messages, `exec_command`, `apply_patch` as
a custom tool, `phase`, `task_started`/`task_complete`, a remote `compacted` line), and
Codex Desktop (`originator: Codex Desktop`, `source: vscode`).

The sweep tests import the first k lines of each file, then (for a live session) half
of the next line, then the whole file, for every k, and check that the thread equals a
whole-file import and is in valid chat order at every step.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from memctl.agents.imports import import_source
from memctl.core.workspace import Workspace, init_workspace

VERSIONS = Path(__file__).parent.parent / "support" / "fixtures" / "import" / "versions"
CLAUDE_1_0 = VERSIONS / "claude-1.0.64.jsonl"
CLAUDE_2_0 = VERSIONS / "claude-2.0.31" / "4c2d8e6f-1a3b-4c5d-8e9f-0a1b2c3d4e5f.jsonl"
CLAUDE_2_1_SESSION = "9a41c7e2-5b3d-4f60-8e21-7c9d0b1a2f34"
CLAUDE_2_1 = VERSIONS / "claude-2.1.63" / f"{CLAUDE_2_1_SESSION}.jsonl"
SUBAGENTS_2_1 = VERSIONS / "claude-2.1.63" / CLAUDE_2_1_SESSION / "subagents"
CODEX_0_58 = next((VERSIONS / "codex-0.58").glob("rollout-*.jsonl"))
CODEX_0_129 = next((VERSIONS / "codex-0.129").glob("rollout-*.jsonl"))
CODEX_DESKTOP = next((VERSIONS / "codex-desktop").glob("rollout-*.jsonl"))
CODEX_HEADER_ONLY = next((VERSIONS / "codex-header-only").glob("rollout-*.jsonl"))
SESSIONS = [CLAUDE_1_0, CLAUDE_2_0, CLAUDE_2_1, CODEX_0_58, CODEX_0_129, CODEX_DESKTOP]
IDS = ["claude-1.0", "claude-2.0", "claude-2.1", "codex-0.58", "codex-0.129", "codex-desktop"]

# What each file becomes: (role, text it starts with or the ids of its tool calls).
EXPECTED = {
    CLAUDE_1_0: [
        ("user", "Totals are off by a cent."),
        ("assistant", ["toolu_01V1Grep"]),
        ("tool", "toolu_01V1Grep"),
        ("assistant", "total() sums floats"),
        ("user", "Check both test files too."),
        ("assistant", ["toolu_01V1ReadA", "toolu_01V1ReadB"]),
        ("tool", "toolu_01V1ReadA"),
        ("tool", "toolu_01V1ReadB"),
        ("assistant", "test_cart.py compares floats"),
    ],
    CLAUDE_2_0: [
        ("user", "We ship on Fridays only."),
        ("assistant", "Noted: releases go out on Fridays."),
    ],
    CLAUDE_2_1: [
        ("user", "Invoices round 10.005 down."),
        # thinking dropped; text, Grep and Read are one reply although Grep's result
        # was written between the Grep and Read lines
        ("assistant", ["toolu_01H2Grep", "toolu_01H2Read"]),
        ("tool", "toolu_01H2Grep"),
        ("tool", "toolu_01H2Read"),
        ("assistant", ["toolu_01H2Edit"]),
        ("tool", "toolu_01H2Edit"),
        ("assistant", "Fixed: invoices now round half up"),
        ("system", "This session is being continued"),
        ("compaction", "This session is being continued"),  # a cut point (issue 13.7)
        ("user", "Now add a regression test"),
        ("assistant", "Added test_round_half_up"),
    ],
    CODEX_0_58: [
        ("user", "Money must be integer cents everywhere."),
        ("assistant", ["call_Hq2x7Yb1Qz", "call_Jr3y8Zc2Ra"]),
        ("tool", "call_Hq2x7Yb1Qz"),
        ("tool", "call_Jr3y8Zc2Ra"),
        ("assistant", "One float total"),
    ],
    CODEX_0_129: [
        ("user", "Invoices round 10.005 down."),
        ("assistant", ["call_K8pQ2wErT5yU", "call_L9qR3xFsU6zV"]),
        ("tool", "call_K8pQ2wErT5yU"),
        ("tool", "call_L9qR3xFsU6zV"),
        ("assistant", ["call_M0rS4yGtV7aW"]),
        ("tool", "call_M0rS4yGtV7aW"),
        ("assistant", "Invoices now round half up"),
        ("user", "Add a regression test."),
        ("assistant", "Added tests/test_invoice.py"),
    ],
}
EXPECTED[CODEX_DESKTOP] = EXPECTED[CODEX_0_129]


def new_workspace(root: Path) -> Workspace:
    init_workspace(root)
    return Workspace(root)


def entries_of(ws: Workspace, thread: str) -> list[dict[str, Any]]:
    path = ws.root / "threads" / f"{thread}.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def shape(entries: list[dict[str, Any]]) -> list[tuple[str, Any]]:
    found: list[tuple[str, Any]] = []
    for entry in entries:
        if entry.get("type") == "compaction":
            found.append(("compaction", entry["summary"]))
        elif entry.get("tool_calls"):
            found.append((entry["role"], [c["id"] for c in entry["tool_calls"]]))
        elif entry["role"] == "tool":
            found.append(("tool", entry["tool_call_id"]))
        else:
            found.append((entry["role"], entry["content"]))
    return found


def matches(found: list[tuple[str, Any]], expected: list[tuple[str, Any]]) -> bool:
    return len(found) == len(expected) and all(
        role == want_role
        and (value == want if isinstance(want, list) or role == "tool" else value.startswith(want))
        for (role, value), (want_role, want) in zip(found, expected, strict=True)
    )


def assert_chat_order(entries: list[dict[str, Any]]) -> None:
    """Each tool result comes right after the assistant message that called it (its
    siblings' results aside), nothing answers a call twice or none, no line is in the
    thread twice. Calls still waiting for their results may end the thread."""
    waiting: set[str] = set()
    sources: list[str] = []
    for number, entry in enumerate(entries):
        if entry.get("type") == "compaction":
            continue
        sources.extend([entry["source_id"], *entry.get("source_lines", [])[1:]])
        if entry["role"] == "tool":
            assert entry["tool_call_id"] in waiting, f"entry {number} answers no open call"
            waiting.discard(entry["tool_call_id"])
            continue
        assert not waiting, f"entry {number} comes between calls {waiting} and their results"
        waiting = {call["id"] for call in entry.get("tool_calls") or []}
    assert len(sources) == len(set(sources)), "a source line was imported twice"


def lines_of(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines(keepends=True)


# --------------------------------------------------------------------------- whole files


@pytest.mark.parametrize("path", SESSIONS, ids=IDS)
def test_each_version_imports_in_valid_chat_order_with_its_timestamps(tmp_path, path):
    ws = new_workspace(tmp_path / "ws")

    result = import_source(ws, path)

    entries = entries_of(ws, result.thread)
    assert matches(shape(entries), EXPECTED[path]), shape(entries)
    assert_chat_order(entries)
    assert result.held_back == 0
    # the agent's own `timestamp` of each line is the entry's ts (issue 17.3)
    stamps = {json.loads(line).get("timestamp") for line in lines_of(path)}
    assert all(entry["ts"] in stamps for entry in entries)
    assert all(e["role"] == "system" and e.get("ts") for e in entries if e.get("compact_summary"))


def test_a_codex_session_is_named_after_session_meta_whatever_wrote_it(tmp_path):
    ws = new_workspace(tmp_path / "ws")
    cli_thread = import_source(ws, CODEX_0_129).thread
    desktop_thread = import_source(ws, CODEX_DESKTOP).thread

    assert cli_thread == "019e1f2a-3b4c-7d5e-8f60-7a8b9c0d1e2f"
    assert desktop_thread == "019e2a3b-4c5d-7e6f-8a70-8b9c0d1e2f3a"


# --------------------------------------------------------------------------- live sessions


def one_shot(tmp_path: Path, path: Path, final: bool) -> tuple[str, list[dict[str, Any]]]:
    ws = new_workspace(tmp_path / f"whole-{final}")
    thread = import_source(ws, path, final=final).thread
    return thread, entries_of(ws, thread)


@pytest.mark.parametrize("path", SESSIONS, ids=IDS)
def test_live_sweep_every_cut_gives_the_thread_of_a_whole_import(tmp_path, path):
    """Import the first k lines (and then also half of line k+1, a line still being
    written) of a live session, then the whole file: for every k the thread is in
    valid chat order at each step and ends equal to a whole-file import."""
    lines = lines_of(path)
    thread, live_whole = one_shot(tmp_path, path, final=False)
    _, final_whole = one_shot(tmp_path, path, final=True)
    assert final_whole == live_whole  # every fixture ends its last reply
    for k in range(len(lines) + 1):
        ws = new_workspace(tmp_path / f"ws{k}")
        source = tmp_path / f"live{k}" / path.name
        source.parent.mkdir()
        source.write_bytes(b"".join(lines[:k]))
        import_source(ws, source, final=False)
        assert_chat_order(entries_of(ws, thread))
        if k < len(lines):
            torn = lines[k][: len(lines[k]) // 2]
            source.write_bytes(b"".join(lines[:k]) + torn)
            second = import_source(ws, source, final=False)
            assert (second.imported, second.held_back > 0) == (0, True)
            assert_chat_order(entries_of(ws, thread))
        source.write_bytes(b"".join(lines))
        import_source(ws, source, final=False)
        assert entries_of(ws, thread) == live_whole, f"cut after line {k}"
        import_source(ws, source, final=True)
        assert entries_of(ws, thread) == final_whole, f"cut after line {k}, then final"


@pytest.mark.parametrize("path", SESSIONS, ids=IDS)
def test_growing_one_line_at_a_time_equals_a_whole_import(tmp_path, path):
    """The Stop-hook pattern: the same file, read again after every appended line."""
    lines = lines_of(path)
    ws = new_workspace(tmp_path / "ws")
    source = tmp_path / "live" / path.name
    source.parent.mkdir()
    source.write_bytes(b"")
    thread = ""
    for line in lines:
        with source.open("ab") as handle:
            handle.write(line)
        result = import_source(ws, source, final=False)
        thread = result.thread or thread
        assert result.read <= 2 + sum(1 for _ in lines)  # never re-reads the whole file
        assert_chat_order(entries_of(ws, thread))

    assert entries_of(ws, thread) == one_shot(tmp_path, path, final=False)[1]


def test_appending_reads_only_the_new_lines(tmp_path):
    lines = lines_of(CODEX_0_129)
    ws = new_workspace(tmp_path / "ws")
    source = tmp_path / CODEX_0_129.name
    source.write_bytes(b"".join(lines[:24]))  # through the first task_complete
    assert import_source(ws, source).read == 24

    source.write_bytes(b"".join(lines))
    again = import_source(ws, source)

    assert (again.read, again.imported) == (len(lines) - 24, 2)


def test_a_recreated_source_is_read_whole_and_adds_only_what_the_thread_lacks(tmp_path):
    ws = new_workspace(tmp_path / "ws")
    source = tmp_path / CLAUDE_1_0.name
    shutil.copy(CLAUDE_1_0, source)
    first = import_source(ws, source)
    # the file is written anew (a session rewritten on resume): same lines, another start
    lines = lines_of(CLAUDE_1_0)
    source.write_bytes(b"".join(lines[1:]) + lines[0])

    again = import_source(ws, source)

    assert (again.read, again.imported, again.skipped_existing) == (len(lines), 0, first.imported)


def test_a_shrunk_source_is_read_whole(tmp_path):
    ws = new_workspace(tmp_path / "ws")
    source = tmp_path / CLAUDE_1_0.name
    shutil.copy(CLAUDE_1_0, source)
    import_source(ws, source)
    lines = lines_of(CLAUDE_1_0)
    source.write_bytes(b"".join(lines[:5]))

    again = import_source(ws, source)

    assert (again.read, again.imported) == (5, 0)


# --------------------------------------------------------------------------- through the CLI


def test_a_torn_last_line_waits_for_the_next_import(cli, workspace, tmp_path):
    lines = lines_of(CLAUDE_1_0)
    source = tmp_path / CLAUDE_1_0.name
    source.write_bytes(b"".join(lines[:-1]) + lines[-1][:40])  # the last reply half written

    run = cli("-w", workspace, "--json", "thread", "import", source)

    assert run.exit_code == 0, run.stderr
    result = json.loads(run.stdout)
    assert (result["imported"], result["held_back"]) == (8, 1)
    source.write_bytes(b"".join(lines))
    again = json.loads(cli("-w", workspace, "--json", "thread", "import", source).stdout)
    assert (again["read"], again["imported"], again["held_back"]) == (1, 1, 0)


def test_a_live_reply_is_left_for_the_next_import_and_says_so(cli, workspace, tmp_path):
    lines = lines_of(CLAUDE_2_1)
    source = tmp_path / CLAUDE_2_1.name
    source.write_bytes(b"".join(lines[:6]))  # the reply's Grep ran, its Read not yet written

    run = cli("-w", workspace, "thread", "import", source, "--live")

    assert run.exit_code == 0
    assert "3 left for the next import" in run.stderr
    assert len(entries_of(Workspace(workspace), CLAUDE_2_1_SESSION)) == 1


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("agent-acompact-7f3e2a.jsonl", "a compaction agent's transcript"),
        ("agent-a8c31f2.jsonl", None),
    ],
)
def test_the_compaction_agent_is_not_imported_a_real_subagent_is(cli, workspace, name, reason):
    run = cli("-w", workspace, "--json", "thread", "import", SUBAGENTS_2_1 / name)

    assert run.exit_code == 0, run.stderr
    result = json.loads(run.stdout)
    if reason is None:
        assert (result["skipped"], result["imported"]) == (None, 2)
        assert result["thread"] == f"{CLAUDE_2_1_SESSION}.agent-a8c31f2"
    else:
        assert result["skipped"].startswith(reason)
        assert result["imported"] == 0
        assert not (workspace / "threads").exists() or not list(
            (workspace / "threads").glob("*acompact*")
        )


def test_the_warmup_agent_is_not_imported(cli, workspace):
    run = cli(
        "-w", workspace, "thread", "import", VERSIONS / "claude-2.0.31" / "agent-0b7c3d2e.jsonl"
    )

    assert run.exit_code == 0
    assert "warm-up agent" in run.stderr
    assert not list((workspace / "threads").glob("*.jsonl"))


@pytest.mark.parametrize("content", [b"", b"\n\n", None], ids=["empty", "blank", "codex-header"])
def test_an_empty_transcript_is_nothing_to_import(cli, workspace, tmp_path, content):
    source = tmp_path / "session.jsonl"
    if content is None:
        shutil.copy(CODEX_HEADER_ONLY, source)
    else:
        source.write_bytes(content)

    run = cli("-w", workspace, "thread", "import", source)

    assert run.exit_code == 0, run.stderr
    assert run.stdout == ""
    assert "nothing" in run.stderr and "to import" in run.stderr
    assert not list((workspace / "threads").glob("*.jsonl"))


def test_context_starts_at_the_compaction_an_imported_session_made(cli, workspace):
    """Claude compacted the 2.1 session: `context` starts at its summary, without the
    history before it, which stays in the log for search and thread_history."""
    thread = json.loads(cli("-w", workspace, "--json", "thread", "import", CLAUDE_2_1).stdout)[
        "thread"
    ]

    run = cli("-w", workspace, "context", thread)

    assert run.exit_code == 0, run.stderr
    messages = json.loads(run.stdout)["messages"]
    texts = [json.dumps(m) for m in messages]
    assert "Primary Request: invoices must round half up" in texts[1]
    assert [m["content"] for m in messages[2:]] == [
        "Now add a regression test for 10.005.",
        "Added test_round_half_up covering 10.005 -> 10.01.",
    ]
    assert not any("Let me look at the rounding code" in text for text in texts)
    assert len(entries_of(Workspace(workspace), thread)) == 11


# --------------------------------------------------------------------------- discovery

SHOP = "/home/dev/shop"  # the working folder the fixtures' sessions ran in


def agent_homes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """A ~/.claude and a ~/.codex laid out as the agents lay them out, with the
    fixtures as their sessions, found through CLAUDE_CONFIG_DIR and CODEX_HOME."""
    claude, codex = tmp_path / "claude-home", tmp_path / "codex-home"
    shop = claude / "projects" / "-home-dev-shop"
    shutil.copytree(VERSIONS / "claude-2.1.63", shop)
    for path in (VERSIONS / "claude-2.0.31").iterdir():
        shutil.copy(path, shop / path.name)
    other = claude / "projects" / "-home-dev-blog"
    other.mkdir()
    shutil.copy(CLAUDE_1_0, other / "3b7e2f10-9c4d-4a8e-b1f2-6d5c4b3a2e10.jsonl")
    for path, day in [(CODEX_0_58, "2025/11/14"), (CODEX_0_129, "2026/05/12")]:
        (codex / "sessions" / day).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, codex / "sessions" / day / path.name)
    (codex / "archived_sessions").mkdir()
    shutil.copy(CODEX_DESKTOP, codex / "archived_sessions" / CODEX_DESKTOP.name)
    blog = codex / "sessions" / "2026" / "05" / "13"
    blog.mkdir(parents=True)
    text = CODEX_HEADER_ONLY.read_text().replace(SHOP, "/home/dev/blog")
    (blog / CODEX_HEADER_ONLY.name).write_text(text)
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(claude))
    monkeypatch.setenv("CODEX_HOME", str(codex))
    return claude, codex


def test_import_all_finds_every_session_and_subagent_and_passes_over_agents_of_no_conversation(
    cli, workspace, tmp_path, monkeypatch
):
    agent_homes(tmp_path, monkeypatch)

    run = cli("-w", workspace, "--json", "thread", "import", "--all")

    assert run.exit_code == 0, run.stderr
    report = json.loads(run.stdout)
    by_file = {Path(r["file"]).name: r for r in report["results"]}
    assert sorted(by_file) == sorted(
        [
            f"{CLAUDE_2_1_SESSION}.jsonl",
            "agent-a8c31f2.jsonl",
            "agent-acompact-7f3e2a.jsonl",
            "4c2d8e6f-1a3b-4c5d-8e9f-0a1b2c3d4e5f.jsonl",
            "agent-5d1e9b7a.jsonl",  # 2.0 subagent of a session in the folder
            "agent-0b7c3d2e.jsonl",  # 2.0 warm-up agent of that session
            "3b7e2f10-9c4d-4a8e-b1f2-6d5c4b3a2e10.jsonl",
            CODEX_0_58.name,
            CODEX_0_129.name,
            CODEX_DESKTOP.name,
            CODEX_HEADER_ONLY.name,
        ]
    )  # agent-77aa88bb.jsonl belongs to a session that is not there
    assert by_file["agent-acompact-7f3e2a.jsonl"]["skipped"].startswith("a compaction agent")
    assert by_file["agent-0b7c3d2e.jsonl"]["skipped"].startswith("a warm-up agent")
    threads = sorted(p.stem for p in (workspace / "threads").glob("*.jsonl"))
    assert threads == sorted(
        [
            CLAUDE_2_1_SESSION,
            f"{CLAUDE_2_1_SESSION}.agent-a8c31f2",
            "4c2d8e6f-1a3b-4c5d-8e9f-0a1b2c3d4e5f",
            "4c2d8e6f-1a3b-4c5d-8e9f-0a1b2c3d4e5f.agent-5d1e9b7a",
            "3b7e2f10-9c4d-4a8e-b1f2-6d5c4b3a2e10",
            "019a7b3c-2d4e-7f60-8a1b-2c3d4e5f6a7b",
            "019e1f2a-3b4c-7d5e-8f60-7a8b9c0d1e2f",
            "019e2a3b-4c5d-7e6f-8a70-8b9c0d1e2f3a",
        ]
    )
    again = json.loads(cli("-w", workspace, "--json", "thread", "import", "--all").stdout)
    assert again["imported"] == 0


def test_import_all_of_one_project_leaves_the_others(cli, workspace, tmp_path, monkeypatch):
    agent_homes(tmp_path, monkeypatch)

    run = cli("-w", workspace, "--json", "thread", "import", "--all", "--project", "/home/dev/blog")

    assert run.exit_code == 0, run.stderr
    names = sorted(Path(r["file"]).name for r in json.loads(run.stdout)["results"])
    assert names == sorted(["3b7e2f10-9c4d-4a8e-b1f2-6d5c4b3a2e10.jsonl", CODEX_HEADER_ONLY.name])
    assert [p.stem for p in (workspace / "threads").glob("*.jsonl")] == [
        "3b7e2f10-9c4d-4a8e-b1f2-6d5c4b3a2e10"
    ]


def test_a_folder_argument_imports_what_it_holds(cli, workspace, tmp_path, monkeypatch):
    claude, _ = agent_homes(tmp_path, monkeypatch)

    run = cli("-w", workspace, "thread", "import", claude / "projects" / "-home-dev-blog")

    assert run.exit_code == 0, run.stderr
    # on stderr, as thread append reports (issue 23)
    assert run.stderr.splitlines()[-1].startswith("thread import: 1 transcript: 9 entries imported")


def test_one_broken_file_fails_the_run_but_not_the_others(cli, workspace, tmp_path, monkeypatch):
    claude, _ = agent_homes(tmp_path, monkeypatch)
    broken = claude / "projects" / "-home-dev-blog" / "0000aaaa-0000-4000-8000-000000000000.jsonl"
    broken.write_text('{"type": "user", "sessionId": "x", "message": \n{}\n')

    run = cli("-w", workspace, "--json", "thread", "import", "--all")

    assert run.exit_code == 1
    report = json.loads(run.stdout)
    assert [Path(f["file"]).name for f in report["failed"]] == [broken.name]
    assert "line 1: invalid JSON" in run.stderr
    assert report["imported"] > 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "give one transcript FILE, a folder, - for stdin, or --all"),
        (("--all", "x.jsonl"), "give one transcript FILE, a folder, - for stdin, or --all"),
        (("x.jsonl", "--project", "/p"), "--project goes with --all"),
        (("--all", "--thread", "t"), "--thread names one thread"),
    ],
)
def test_import_options_that_do_not_go_together(cli, workspace, args, message):
    run = cli("-w", workspace, "thread", "import", *args)

    assert run.exit_code == 2
    assert run.stderr.startswith(f"memctl: error: {message}")


def test_thread_list_names_imported_sessions(cli, workspace):
    cli("-w", workspace, "thread", "import", CLAUDE_1_0)
    cli("-w", workspace, "thread", "import", CODEX_0_129)
    cli("-w", workspace, "thread", "append", "notes", input='{"role": "user", "content": "hi"}\n')

    run = cli("-w", workspace, "thread", "list")

    assert run.stdout.splitlines() == [  # aligned under a header (issue 15.19)
        "thread                                entries  unflushed  title",
        "019e1f2a-3b4c-7d5e-8f60-7a8b9c0d1e2f        9          9  shop · Invoices round "
        "10.005 down. Remember: we always round half… · 2026-05-12",
        # Claude Code 1.0 wrote a summary line: it is the title
        "3b7e2f10-9c4d-4a8e-b1f2-6d5c4b3a2e10        9          9  shop · Cart rounding fix "
        "with Decimal · 2025-07-31",
        "notes                                       1          1",
    ]


def test_an_import_with_nothing_new_writes_nothing(tmp_path):
    ws = new_workspace(tmp_path / "ws")
    import_source(ws, CODEX_0_129)
    state, log = ws.state_path, ws.root / "threads" / "019e1f2a-3b4c-7d5e-8f60-7a8b9c0d1e2f.jsonl"
    before = (state.stat().st_ino, state.read_bytes(), log.read_bytes())

    again = import_source(ws, CODEX_0_129)

    assert (again.read, again.imported) == (0, 0)
    assert (state.stat().st_ino, state.read_bytes(), log.read_bytes()) == before


def test_an_import_that_died_before_its_state_was_written_is_not_repeated(tmp_path):
    """The thread got the new entries, state.json not its new offset (a kill between
    the two writes): the next import reads those lines again and finds them in what
    the thread gained since the offset it knows."""
    lines = lines_of(CODEX_0_129)
    ws = new_workspace(tmp_path / "ws")
    source = tmp_path / CODEX_0_129.name
    source.write_bytes(b"".join(lines[:24]))
    import_source(ws, source)
    old_state = ws.state_path.read_bytes()
    source.write_bytes(b"".join(lines))
    import_source(ws, source)
    thread = entries_of(ws, "019e1f2a-3b4c-7d5e-8f60-7a8b9c0d1e2f")
    ws.state_path.write_bytes(old_state)

    again = import_source(ws, source)

    assert (again.read, again.imported, again.skipped_existing) == (len(lines) - 24, 0, 2)
    assert entries_of(ws, "019e1f2a-3b4c-7d5e-8f60-7a8b9c0d1e2f") == thread


def test_a_compaction_agent_that_grows_is_still_not_imported(tmp_path):
    ws = new_workspace(tmp_path / "ws")
    source = tmp_path / "agent-acompact-7f3e2a.jsonl"
    lines = lines_of(SUBAGENTS_2_1 / source.name)
    source.write_bytes(lines[0])
    assert import_source(ws, source).skipped

    source.write_bytes(b"".join(lines))
    again = import_source(ws, source)

    assert again.skipped and again.imported == 0
    assert not list((ws.root / "threads").glob("*.jsonl"))


def test_a_codex_thread_id_leads_to_its_rollout(tmp_path, monkeypatch):
    from memctl.agents.codex import codex_rollout

    _, codex = agent_homes(tmp_path, monkeypatch)

    assert codex_rollout("019e1f2a-3b4c-7d5e-8f60-7a8b9c0d1e2f") == (
        codex / "sessions" / "2026/05/12" / CODEX_0_129.name
    )
    assert codex_rollout("019e2a3b-4c5d-7e6f-8a70-8b9c0d1e2f3a") == (
        codex / "archived_sessions" / CODEX_DESKTOP.name
    )
    assert codex_rollout("00000000-0000-0000-0000-000000000000") is None
    assert codex_rollout("*") is None


def test_a_session_imported_before_its_first_prompt_gets_its_title_later(cli, workspace, tmp_path):
    lines = lines_of(CODEX_0_58)
    source = tmp_path / CODEX_0_58.name
    source.write_bytes(lines[0])  # session_meta only
    cli("-w", workspace, "thread", "import", source)
    source.write_bytes(b"".join(lines))
    cli("-w", workspace, "thread", "import", source)

    run = cli("-w", workspace, "thread", "list")

    assert run.stdout.endswith(
        "  shop · Money must be integer cents everywhere. Find float totals. · 2025-11-14\n"
    )


@pytest.mark.parametrize("path", [CLAUDE_2_1, CODEX_0_129], ids=["claude-2.1", "codex-0.129"])
def test_stop_hooks_at_each_turn_end_give_the_thread_of_a_whole_import(tmp_path, path):
    """A Stop hook knows the turn is over (final=True); importing at each turn's end
    (Claude's turn_duration, Codex's task_complete) gives a whole import's thread."""
    lines = lines_of(path)
    ends = [
        n + 1
        for n, line in enumerate(lines)
        if b'"turn_duration"' in line or b'"task_complete"' in line
    ]
    assert len(ends) == 2
    ws = new_workspace(tmp_path / "ws")
    source = tmp_path / path.name
    for end in ends:
        source.write_bytes(b"".join(lines[:end]))
        result = import_source(ws, source, final=True)
        assert result.held_back == 0

    assert entries_of(ws, result.thread) == one_shot(tmp_path, path, final=True)[1]


WITH_CALLS = [(p, i) for p, i in zip(SESSIONS, IDS, strict=True) if p != CLAUDE_2_0]


@pytest.mark.parametrize(("path", "name"), WITH_CALLS, ids=[i for _, i in WITH_CALLS])
def test_turn_end_sweep_a_cut_inside_a_batch_of_calls_waits_for_the_batch(tmp_path, path, name):
    """Issue 22.12: a hook that says the turn is over (final=True: Stop, SubagentStop,
    PreCompact) may still come while a batch of parallel tool calls is being written
    (Claude Code 2.1: tool_use lines interleaved with their results under one message
    id; Codex: consecutive function_call items, then their outputs). For every cut
    after a call or a result, the thread stays in chat order and ends equal to a
    one-shot import. (A cut after a reply's text, before its calls, is a reply said to
    be over: it is continued, as test_import shows.)"""
    lines = lines_of(path)
    thread, whole = one_shot(tmp_path, path, final=True)
    calls = (b'"tool_use"', b'"tool_result"', b'"function_call', b'"custom_tool_call')
    cuts = [k for k in range(1, len(lines) + 1) if any(c in lines[k - 1] for c in calls)]
    assert len(cuts) >= 3
    for k in cuts:
        ws = new_workspace(tmp_path / f"ws{k}")
        source = tmp_path / f"cut{k}" / path.name
        source.parent.mkdir()
        source.write_bytes(b"".join(lines[:k]))
        import_source(ws, source, final=True)
        assert_chat_order(entries_of(ws, thread))
        source.write_bytes(b"".join(lines))
        import_source(ws, source, final=True)
        assert entries_of(ws, thread) == whole, f"cut after line {k}"
