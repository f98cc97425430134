"""Claude Code 2.1.332 and 2.1.197, for real, against a loopback Anthropic server."""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

from tests.support.real_agents import FACT, Claude, holds_fact

HARNESS = re.compile(r"<command-name>|<local-command-stdout>|<system-reminder>|Caveat: ")


def test_a_fact_from_session_one_is_in_session_two_s_first_request(claude: Claude) -> None:
    """install (project scope); session 1 states a fact, its Stop hook imports and
    flushes it; consolidate; the SessionStart hook gives it to session 2's first request,
    whose tools hold memctl's MCP server."""
    done = claude.memctl("install", "claude-code")
    assert done.returncode == 0, done.stderr
    claude.session(f"Please remember: {FACT}.")
    assert claude.hook_errors() == ""
    assert holds_fact(claude.memory_text())
    done = claude.memctl("consolidate")
    assert done.returncode == 0, done.stderr
    first = claude.session("Which database is staging?")
    assert holds_fact(json.dumps(first))
    assert "SessionStart hook additional context: # Long-term memory (memctl)" in json.dumps(first)
    # `claude -p` uses the project's .mcp.json servers without the approval prompt
    assert "mcp__memctl__memory_search" in json.dumps(first)


def test_compact_flushes_first_and_files_no_harness_text(claude: Claude) -> None:
    """`/compact` through `claude -p --continue`: PreCompact flushes what Stop's throttle
    held back, no hook logs an error (2.1.332 compacts in a subagent whose transcript it
    never writes), and none of Claude Code's command or reminder text becomes memory.

    Each `claude -p` ends its session (SessionEnd flushes all), so SessionEnd is taken
    out of the settings until the compaction: what PreCompact flushes is its own doing."""
    config = claude.workspace / "memctl.yaml"
    document = yaml.safe_load(config.read_text()) or {}
    document.setdefault("memory", {})["flush_trigger"] = {"throttled": "1h"}
    config.write_text(yaml.safe_dump(document))
    assert claude.memctl("install", "claude-code").returncode == 0
    settings = claude.project / ".claude" / "settings.json"
    installed = settings.read_text()
    hooks = json.loads(installed)
    del hooks["hooks"]["SessionEnd"]
    settings.write_text(json.dumps(hooks))
    claude.session(f"Please remember: {FACT}.")
    claude.session("Also remember: the deploy day is Friday.", "--continue")
    assert "deploy day is Friday" not in claude.memory_text()  # throttled: not flushed yet
    requests = len(claude.server.raw)
    claude.turn(claude.argv("/compact", "--continue"))
    assert len(claude.server.raw) > requests, "no compaction request"
    assert claude.hook_errors() == ""
    assert "deploy day is Friday" in claude.memory_text()
    # The transcript now holds /compact's <command-name> and <local-command-stdout>
    # lines (naming the PreCompact hook): one more turn with SessionEnd imports them.
    settings.write_text(installed)
    claude.session("Thanks.", "--continue")
    assert claude.hook_errors() == ""
    memory = claude.memory_text()
    assert not HARNESS.search(memory), memory
    assert "PreCompact" not in memory and "hook claude-code" not in memory
    # what memory is made from: the imported threads hold no harness text as speech
    # (the transcripts are full of it: reminders, the memory block, /compact's output)
    said = [
        entry["content"]
        for thread in (claude.workspace / "threads").glob("*.jsonl")
        for line in thread.read_text().splitlines()
        if (entry := json.loads(line)).get("role") in ("user", "assistant")
    ]
    assert any("deploy day is Friday" in str(content) for content in said)
    assert not [content for content in said if HARNESS.search(str(content))], said


def test_uninstall_gives_back_the_settings_files_byte_for_byte(claude: Claude) -> None:
    """A project with its own settings and MCP servers: install, a real session, and
    uninstall leave both files with the bytes they had."""
    settings = claude.project / ".claude" / "settings.json"
    settings.parent.mkdir()
    settings.write_bytes(b'{\r\n  "permissions": {"allow": ["Bash(ls:*)"]}\r\n}\r\n')
    servers = claude.project / ".mcp.json"
    servers.write_bytes(b'{"mcpServers": {"docs": {"command": "docs-mcp", "args": []}}}\n')
    before = _snapshot(claude.project)
    assert claude.memctl("install", "claude-code", "--recall").returncode == 0
    assert _snapshot(claude.project) != before
    claude.session(f"Please remember: {FACT}.")
    done = claude.memctl("uninstall", "claude-code")
    assert done.returncode == 0, done.stderr
    assert _snapshot(claude.project) == before


def _snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}
