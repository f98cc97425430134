"""search leaves out the marker comments memctl writes in memory files (`<!-- merged by
memctl builtin ... -->`, builtin's over-budget note): they are not memory (audit 12 #10).
The index and the scan, with redaction on or off, a sink or none, the CLI and the MCP
tool all leave them out; a fact that quotes a comment (written escaped) is still found."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memctl.core.config import Config
from memctl.core.redact import NO_REDACTION
from memctl.core.workspace import Workspace
from memctl.retrieval.corpus import Hit
from memctl.retrieval.search import search
from memctl.turn.tools import run_tool

MEMORY = (
    "# Memory\n"
    "\n"
    "<!-- merged by memctl builtin (extractive, no LLM) -->\n"
    "- The release is merged by the builtin bot on Fridays.\n"
    "- Quoted in a chat: \\<!-- merged by memctl --> is its comment.\n"
)
LEDGER = (
    "## Memory Flush — 2026-01-02T10:00:00Z · thread a · entries 1-2 · builtin\n"
    "  <!-- builtin: 3 facts over the budget were left out; they stay in the daily ledgers -->\n"
    "- Facts about the budget live in the ledger.\n"
)


@pytest.fixture
def ws(workspace: Path) -> Workspace:
    (workspace / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    (workspace / "memory" / "2026-01-02.md").write_text(LEDGER, encoding="utf-8")
    return Workspace(workspace)


def found(ws: Workspace, query: str, **options: object) -> list[tuple[str, int | None]]:
    streamed: list[Hit] = []
    if options.pop("streamed", False):
        options["sink"] = streamed.append
    result = search(ws, query, **options)  # type: ignore[arg-type]
    return [(hit.path, hit.line) for hit in [*result.hits, *streamed]]


@pytest.mark.parametrize("use_index", [True, False])
@pytest.mark.parametrize("redaction", [True, False])
@pytest.mark.parametrize("streamed", [True, False])
def test_a_marker_comment_is_no_hit(ws, use_index, redaction, streamed):
    options = {"use_index": use_index, "streamed": streamed, "limit": 0}
    if not redaction:
        options["redactor"] = NO_REDACTION  # the text as written: a scan, never the index
    assert found(ws, "merged by", **options) == [("MEMORY.md", 4), ("MEMORY.md", 5)]
    assert found(ws, "budget", **options) == [("memory/2026-01-02.md", 3)]
    assert found(ws, "builtin merged", mode="all", **options) == [("MEMORY.md", 4)]


def test_a_limit_counts_no_marker(ws):
    result = search(ws, "merged", limit=2)
    assert [hit.line for hit in result.hits] == [4, 5]
    assert not result.truncated


def test_the_cli_and_the_mcp_tool_leave_markers_out(cli, ws):
    run = cli("-w", ws.root, "--json", "search", "memctl", "--scope", "all")
    assert [(h["path"], h["line"]) for h in json.loads(run.stdout)["hits"]] == [("MEMORY.md", 5)]
    answer = run_tool(ws, Config(), "memory_search", {"query": "memctl"})
    assert not answer.is_error
    assert "MEMORY.md#5" in answer.text
    assert "MEMORY.md#3" not in answer.text
    answer = run_tool(ws, Config(), "memory_search", {"query": "over the budget"})
    assert answer.text.startswith("No matching memories found")


OWN = (
    "# Memory\n"
    "\n"
    "<!-- merged by memctl builtin (extractive, no LLM) -->\n"
    "<!-- a --> VPN key lives in 1Password <!-- b -->\n"
    "<!-- TODO: rotate the VPN key before March -->\n"
    "- The VPN gateway is vpn2.\n"
)


@pytest.mark.parametrize("use_index", [True, False])
def test_a_user_s_own_comment_and_text_between_comments_are_found(workspace, use_index):
    """Review 18 #5: a line that began with `<!--` and ended with `-->` was a marker,
    so search and recall hid a user's own comment and the text shown between two
    comments. Only memctl's own markers are hidden."""
    from memctl.retrieval.recall import recall

    (workspace / "MEMORY.md").write_text(OWN, encoding="utf-8")
    ws = Workspace(workspace)
    assert found(ws, "VPN", use_index=use_index) == [("MEMORY.md", n) for n in (4, 5, 6)]
    assert found(ws, "merged", use_index=use_index) == []
    lines = {hit.line for hit in recall(ws, Config(), "VPN key", scope="memory").hits}
    assert {4, 5} <= lines and 3 not in lines
