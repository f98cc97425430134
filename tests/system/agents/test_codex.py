"""Codex CLI 0.171.0, for real, against a loopback OpenAI Responses server."""

from __future__ import annotations

import json
import os
from typing import Any

from tests.support.real_agents import FACT, Codex, holds_fact

# Sessions whose first request must list the memory tools (issue 22.11: 20 of 20 is the
# goal; MEMCTL_CODEX_MCP_SESSIONS=20 measures it, the suite runs 5 to stay quick).
MCP_SESSIONS = int(os.environ.get("MEMCTL_CODEX_MCP_SESSIONS") or 5)


def test_a_fact_from_session_one_is_in_session_two_s_first_request(codex: Codex) -> None:
    """install (project scope) and the review the README asks for; session 1 states a
    fact, its Stop hook imports and flushes it; consolidate; the SessionStart hook gives
    it to session 2's first request."""
    done = codex.memctl("install", "codex")
    assert done.returncode == 0, done.stderr
    assert "Trust and continue" in done.stderr  # the steps the README lists
    assert "Trust all and continue" in done.stderr
    codex.review()
    again = codex.memctl("install", "codex")
    assert again.returncode == 0 and "still to do" not in again.stderr, again.stderr
    codex.session(f"Please remember: {FACT}.")
    assert codex.hook_errors() == ""
    assert holds_fact(codex.memory_text())
    assert codex.memctl("consolidate").returncode == 0
    first = codex.session("Which database is staging?")
    assert holds_fact(json.dumps(first))


def test_a_resumed_session_carries_the_memory_block_once(codex: Codex) -> None:
    """`codex exec resume` fires SessionStart with source "resume": the block the
    session already holds is not added again (issue 22.9), each resume alike; an
    ephemeral session (no rollout to import) logs no hook error."""
    assert codex.memctl("save", FACT).returncode == 0
    assert codex.memctl("consolidate").returncode == 0
    assert codex.memctl("install", "codex", "--user").returncode == 0
    codex.review()
    first = codex.session("hello")
    header = "Long-term memory (memctl)"
    assert json.dumps(first).count(header) == 1
    for _ in range(2):
        resumed = codex.session("and again", "resume", "--last")
        assert '"text": "hello"' in json.dumps(resumed)  # the session's history came back
        assert json.dumps(resumed).count(header) == 1, json.dumps(resumed)[-3000:]
    # `codex exec --ephemeral` writes no rollout: nothing to import, and no error (22.7)
    codex.session("hello", "--ephemeral")
    assert codex.hook_errors() == ""


def test_without_review_codex_runs_no_hook_and_doctor_says_so(codex: Codex) -> None:
    """What a user who skips the review step gets: no memory, and doctor says why."""
    assert codex.memctl("install", "codex", "--user").returncode == 0
    codex.session(f"Please remember: {FACT}.")
    assert not holds_fact(codex.memory_text())
    doctor = codex.memctl("doctor", "--offline")
    assert "codex hooks: installed but not reviewed" in doctor.stdout, doctor.stdout


def test_an_agents_md_export_reaches_the_first_request(codex: Codex) -> None:
    """No hooks at all: `memctl export --agents-md` puts MEMORY.md where Codex reads it."""
    assert codex.memctl("save", FACT).returncode == 0
    assert codex.memctl("consolidate").returncode == 0
    done = codex.memctl("export", "--agents-md", codex.project / "AGENTS.md")
    assert done.returncode == 0, done.stderr
    first = codex.session("Which database is staging?")
    assert holds_fact(json.dumps(first))


def test_the_memory_tools_are_in_every_first_request(codex: Codex) -> None:
    """`memctl mcp` answers Codex's handshake before Codex gives up on a pending optional
    server: the memory tools are in the first request of every session."""
    assert codex.memctl("install", "codex", "--user").returncode == 0
    with_tools = 0
    for _ in range(MCP_SESSIONS):
        if "memory_search" in _tool_names(codex.session("hello")):
            with_tools += 1
    print(f"codex sessions with the memory tools: {with_tools} of {MCP_SESSIONS}")
    assert with_tools == MCP_SESSIONS


def test_uninstall_keeps_what_codex_and_the_user_wrote(codex: Codex) -> None:
    """install, review (Codex's trust tables), a session, uninstall: config.toml is the
    user's file plus the review's tables but those of memctl's own hooks (they would name
    a hook that is gone: audit 15), hooks.json is gone, and uninstalling right after
    install gives the very bytes back."""
    config = codex.home / "config.toml"
    original = config.read_bytes()
    assert codex.memctl("install", "codex", "--user").returncode == 0
    assert codex.memctl("uninstall", "codex", "--user").returncode == 0
    assert config.read_bytes() == original
    assert not (codex.home / "hooks.json").exists()
    assert codex.memctl("install", "codex", "--user").returncode == 0
    codex.review()
    reviewed = config.read_text()
    codex.session(f"Please remember: {FACT}.")
    assert holds_fact(codex.memory_text())
    done = codex.memctl("uninstall", "codex", "--user")
    assert done.returncode == 0, done.stderr
    left = config.read_text()
    assert left.startswith(original.decode()) and "[mcp_servers" not in left
    hooks = str(codex.home / "hooks.json")
    assert f'[hooks.state."{hooks}:' in reviewed and hooks not in left
    assert _without_tables(reviewed, "[mcp_servers.memctl]", f'[hooks.state."{hooks}:') == left
    assert not (codex.home / "hooks.json").exists()


def _tool_names(request: dict[str, Any]) -> set[str]:
    """Every function name in a Responses request's tools, namespaces opened."""
    names = set()
    for tool in request.get("tools", []):
        names.add(tool.get("name"))
        names.update(inner.get("name") for inner in tool.get("tools", []))
    return names


def _without_tables(text: str, *heads: str) -> str:
    """`text` (TOML) without the tables whose header opens with one of `heads`."""
    for head in heads:
        while (start := text.find(head)) >= 0:
            end = text.find("\n[", start + 1)
            text = text[:start] + (text[end + 1 :] if end >= 0 else "")
    return text
