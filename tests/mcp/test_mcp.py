"""`memctl mcp`: the memory tools over MCP, driven by the SDK's own stdio client.

The server is the real process (`python -m memctl -w WS mcp`), one per module for the
tools-on workspace. The SDK's client runs on an event loop in a helper thread (anyio's
blocking portal), so the tests stay plain synchronous functions that share the session.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import mcp_types as types
import pytest
from anyio.from_thread import start_blocking_portal
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, get_default_environment, stdio_client

from memctl.core.workspace import Workspace, init_workspace
from memctl.turn.tools import SCHEMAS
from tests.support.helpers import BM25_ONLY, MEMORY_TOOLS, run_memctl, snapshot
from tests.support.mcp_wire import (
    HANDSHAKE,
    READ_TIMEOUT,
    converse,
    rpc,
    server_command,
)
from tests.support.secrets import GITHUB, pem, shown

TOOL_NAMES = set(MEMORY_TOOLS)
MEMORY = "- We deploy on Fridays.\n- The staging database is pg-staging-2.\n"
DAILY_NAME = "memory/2026-06-02.md"
DAILY = "## Memory Flush — 2026-06-02T10:00:00+00:00\n- Alice prefers tabs over spaces.\n"
THREAD = [
    {"role": "user", "content": "How do we ship the new billing service?"},
    {"role": "assistant", "content": "We use a blue-green rollout behind the gateway."},
    {"role": "user", "content": "And the rollback plan?"},
    {"role": "assistant", "content": "Flip the gateway back to the green pool."},
]
# A client waits this long for an answer before giving up: a hang fails, never blocks CI.


def prepare(root: Path, config: str = "") -> Path:
    init_workspace(root)
    (root / "memctl.yaml").write_text(config, encoding="utf-8")
    (root / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    (root / DAILY_NAME).write_text(DAILY, encoding="utf-8")
    lines = "".join(json.dumps(entry, ensure_ascii=False) + "\n" for entry in THREAD)
    (root / "threads" / "billing.jsonl").write_text(lines, encoding="utf-8")
    return root


class Client:
    """A synchronous face for the SDK's ClientSession over one server process."""

    def __init__(self, portal: Any, session: ClientSession) -> None:
        self.portal = portal
        self.session = session

    def list_tools(self) -> list[types.Tool]:
        return self.portal.call(self.session.list_tools).tools

    def call(self, name: str, arguments: dict[str, Any] | None = None) -> types.CallToolResult:
        return self.portal.call(self.session.call_tool, name, arguments)

    def text(self, name: str, arguments: dict[str, Any]) -> str:
        """The text of a call that must succeed."""
        result = self.call(name, arguments)
        assert not result.is_error, body(result)
        return body(result)

    def error(self, name: str, arguments: dict[str, Any]) -> str:
        """The text of a call that must be a tool error (not a protocol failure)."""
        result = self.call(name, arguments)
        assert result.is_error, body(result)
        assert "internal error" not in body(result)  # a deliberate error, not a bug
        return body(result)


def body(result: types.CallToolResult) -> str:
    assert len(result.content) == 1 and result.content[0].type == "text"
    return result.content[0].text


@asynccontextmanager
async def session_for(root: Path, errlog: Any) -> AsyncIterator[ClientSession]:
    command, *args = server_command(root)
    # The SDK starts a server with a few variables of its own choosing (HOME, PATH): the
    # suite's PYTHONPATH, when it names a checkout under test, is passed on, so the
    # server runs the memctl the test imports, not the installed one.
    env = get_default_environment()
    if "PYTHONPATH" in os.environ:
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    params = StdioServerParameters(command=command, args=args, cwd=str(root), env=env)
    async with (
        stdio_client(params, errlog=errlog) as (read_stream, write_stream),
        ClientSession(read_stream, write_stream, read_timeout_seconds=READ_TIMEOUT) as session,
    ):
        await session.initialize()
        yield session


@pytest.fixture(scope="module")
def connect(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """connect(root) -> Client: a server process for `root`, stopped at the module's end."""
    logs = tmp_path_factory.mktemp("mcp-stderr")
    with start_blocking_portal() as portal:
        contexts: list[Any] = []

        def open_client(root: Path) -> Client:
            errlog = (logs / f"{root.name}.log").open("w", encoding="utf-8")
            context = portal.wrap_async_context_manager(session_for(root, errlog))
            session = context.__enter__()
            contexts.append((context, errlog))
            return Client(portal, session)

        try:
            yield open_client
        finally:
            for context, errlog in reversed(contexts):
                context.__exit__(None, None, None)
                errlog.close()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory, connect: Any) -> tuple[Path, Client]:
    # BM25 alone, whether or not memctl[semantic] is installed: a semantic leg answers
    # every query with its nearest records, and "zebra unicorn" must find nothing.
    root = prepare(tmp_path_factory.mktemp("mcp") / "ws", BM25_ONLY)
    return root, connect(root)


@pytest.fixture
def ws(served: tuple[Path, Client]) -> Path:
    return served[0]


@pytest.fixture
def client(served: tuple[Path, Client]) -> Client:
    return served[1]


# --------------------------------------------------------------------------- listing


@pytest.mark.slow
def test_the_help_names_every_tool_the_server_lists(client, ws):
    """Audit 3a, defect 12: `memctl mcp --help` named 5 of the 9 tools."""
    run = run_memctl(ws, "mcp", "--help")

    assert run.exit_code == 0, run.stderr
    said = run.stdout.split("stdout carries")[0]
    named = re.findall(r"\b[a-z]+_[a-z]+\b", said)
    assert named == [tool.name for tool in client.list_tools()]
    assert "{tools}" not in run.stdout


def test_lists_the_nine_tools_with_their_schemas(client):
    tools = {tool.name: tool for tool in client.list_tools()}

    assert set(tools) == TOOL_NAMES
    for name, tool in tools.items():
        assert tool.input_schema == SCHEMAS[name]["parameters"]  # one source for both transports
        assert tool.description == SCHEMAS[name]["description"]
    required = {name: tool.input_schema["required"] for name, tool in tools.items()}
    assert required == {
        "memory_search": ["query"],
        "memory_recall": ["query"],
        "memory_get": ["path"],
        "memory_save": ["content"],
        "memory_forget": ["query"],
        "memory_replace": ["old", "new"],
        "memory_explain": ["target"],
        "thread_search": ["query"],
        "thread_history": ["thread"],
    }
    for name in ("memory_search", "thread_search"):
        mode = tools[name].input_schema["properties"]["matchMode"]
        assert mode["type"] == "string" and mode["enum"] == ["phrase", "all", "any"]
    for name in ("memory_search", "memory_recall", "thread_search"):  # one check (audit 18)
        limit = tools[name].input_schema["properties"]["limit"]
        assert (limit["type"], limit["minimum"], limit["maximum"]) == ("integer", 1, 100)
    assert {"startLine", "endLine"} <= set(tools["memory_get"].input_schema["properties"])
    assert {"start", "end"} <= set(tools["thread_history"].input_schema["properties"])


def test_memory_recall_states_recalls_own_default_and_most():
    """The schemas give recall's numbers without importing recall (tools.RECALL_HITS)."""
    from memctl.retrieval import recall
    from memctl.turn import tools

    assert (tools.RECALL_HITS, tools.MAX_HITS) == (recall.DEFAULT_LIMIT, recall.MAX_LIMIT)


WRITING = {"memory_save", "memory_forget", "memory_replace"}


def test_only_the_writing_tools_are_announced_as_writing(client):
    hints = {tool.name: tool.annotations.read_only_hint for tool in client.list_tools()}
    destructive = {t.name for t in client.list_tools() if t.annotations.destructive_hint}

    assert hints == {name: name not in WRITING for name in TOOL_NAMES}
    assert destructive == {"memory_forget", "memory_replace"}


# --------------------------------------------------------------------------- memory_recall


def test_memory_recall_ranks_memory_and_threads(client):
    text = client.text("memory_recall", {"query": "which database is used for staging?"})
    lines = text.splitlines()
    assert lines[0].startswith("Best ")
    assert lines[1].startswith("Source: MEMORY.md:2 (")
    assert "pg-staging-2" in lines[1]
    assert client.text("memory_recall", {"query": "zebra unicorn"}).startswith("Nothing in memory")
    assert "invalid scope" in client.error("memory_recall", {"query": "x", "scope": "everything"})


# --------------------------------------------------------------------------- memory_search


def test_memory_recall_refuses_an_empty_query(client):
    """As `memctl recall ""` does: the answer was "Nothing in memory answers: ", as if
    memory held nothing on a question never asked."""
    for query in ("", "  "):
        error = client.error("memory_recall", {"query": query})
        assert error == "Error: the query is empty: give a question or keywords to recall"


def test_memory_search_finds_memory_md_then_the_daily(client):
    text = client.text("memory_search", {"query": "ALICE prefers"})
    assert text == f"Found 1 match:\nSource: {DAILY_NAME}#2: - Alice prefers tabs over spaces."

    text = client.text("memory_search", {"query": "s", "matchMode": "any"})
    sources = [line.split(": ", 1)[1].rsplit(": ", 1)[0] for line in text.splitlines()[1:]]
    assert sources[0].startswith("MEMORY.md#") and sources[-1].startswith(DAILY_NAME)


def test_memory_search_match_modes(client):
    assert client.text("memory_search", {"query": "spaces Alice", "matchMode": "all"}) == (
        f"Found 1 match:\nSource: {DAILY_NAME}#2: - Alice prefers tabs over spaces."
    )
    assert client.text("memory_search", {"query": "spaces Alice"}) == (
        "No matching memories found for: spaces Alice"
    )
    text = client.text("memory_search", {"query": "Fridays pg-staging-2", "matchMode": "any"})
    assert text.splitlines() == [
        "Found 2 matches:",
        "Source: MEMORY.md#1: - We deploy on Fridays.",
        "Source: MEMORY.md#2: - The staging database is pg-staging-2.",
    ]


@pytest.mark.parametrize("mode", ["fuzzy", "", "PHRASE", 3])
def test_invalid_match_mode_is_a_tool_error(client, mode):
    text = client.error("memory_search", {"query": "Fridays", "matchMode": mode})

    assert "match" in text.lower() and "phrase, all or any" in text
    assert client.text("memory_search", {"query": "Fridays"}).startswith("Found 1 match")


def test_missing_query_is_a_tool_error(client):
    assert "query" in client.error("memory_search", {})


# --------------------------------------------------------------------------- memory_get


def test_memory_get_returns_numbered_lines(client):
    assert client.text("memory_get", {"path": "MEMORY.md"}) == (
        "1|- We deploy on Fridays.\n2|- The staging database is pg-staging-2."
    )
    assert client.text("memory_get", {"path": "MEMORY.md", "startLine": 2, "endLine": 2}) == (
        "2|- The staging database is pg-staging-2."
    )
    assert client.text("memory_get", {"path": DAILY_NAME, "startLine": 2}) == (
        "2|- Alice prefers tabs over spaces."
    )


@pytest.mark.parametrize(
    "path", ["../memctl.yaml", "/etc/passwd", "memory/../memctl.yaml", "memctl.yaml", "threads/x"]
)
def test_memory_get_outside_the_memory_is_a_tool_error(client, ws, snapshot, path):
    before = snapshot(ws)

    text = client.error("memory_get", {"path": path})

    assert text.startswith("Error: ") and "\n" not in text
    assert snapshot(ws) == before


def test_memory_get_bad_arguments_are_tool_errors(client):
    assert "no" in client.error("memory_get", {"path": "memory/1999-01-01.md"}).lower()
    assert "startLine" in client.error("memory_get", {"path": "MEMORY.md", "startLine": "two"})
    assert client.error("memory_get", {"path": "MEMORY.md", "startLine": 99})


# --------------------------------------------------------------------------- memory_save


def test_memory_save_writes_ledger_and_memory_md(client, ws):
    fact = "The release train leaves on Mondays."

    assert client.text("memory_save", {"content": fact}) == (
        "Saved 1 memory to MEMORY.md and the daily ledger."
    )

    memory_lines = (ws / "MEMORY.md").read_text(encoding="utf-8").splitlines()
    assert memory_lines[:2] == MEMORY.splitlines()
    assert memory_lines[-1] in (fact, f"- {fact}")
    ledger = Workspace(ws).ledger_path().read_text(encoding="utf-8")
    assert "## Memory Save — " in ledger and fact in ledger
    # The running server sees what it saved.
    assert "MEMORY.md#3" in client.text("memory_search", {"query": "release train"})


def test_memory_save_of_blank_text_is_a_tool_error(client, ws, snapshot):
    before = snapshot(ws)

    assert client.error("memory_save", {"content": "   \n"}).startswith("Error: ")
    assert snapshot(ws) == before


# --------------------------------------------------------------------------- forget and replace


def test_memory_forget_drops_the_fact_from_memory_md_and_search(client, ws):
    """Issue 25 item 2: the agent can make memory stop stating a fact. (The server is
    shared by the module's tests: each forgets a fact it saved itself.)"""
    client.text("memory_save", {"content": "The on-call pager code is 4471."})

    answer = client.text("memory_forget", {"query": "pager code is 4471"})

    assert answer == "Forgot 1 fact: The on-call pager code is 4471."
    assert "4471" not in (ws / "MEMORY.md").read_text(encoding="utf-8")
    assert client.text("memory_search", {"query": "4471"}).startswith("No matching")
    assert "Fridays" in (ws / "MEMORY.md").read_text(encoding="utf-8")


def test_history_and_undo_tell_the_agents_forget_from_the_users(client, ws):
    """Audit 21 F6: history named the agent's memory_forget "forget", as the user's, and
    `undo` right after took back the agent's with nothing to tell the user so. History
    names the agent's tool; undo says whose forget it takes back."""
    client.text("memory_save", {"content": "The office wifi is called Nimbus."})
    client.text("memory_save", {"content": "The fire drill is every Thursday."})
    client.text("memory_save", {"content": "The badge office is in room 12."})
    assert run_memctl(ws, "-q", "forget", "wifi is called Nimbus").exit_code == 0
    client.text("memory_forget", {"query": "fire drill is every"})
    client.text(
        "memory_replace", {"old": "badge office is in", "new": "The badge office is in room 14."}
    )

    shown = run_memctl(ws, "--json", "history")
    versions = sorted(json.loads(shown.stdout)["versions"], key=lambda v: v["number"])
    assert [v["replaced_by"] for v in versions[:3]] == ["memory_replace", "memory_forget", "forget"]
    undone = run_memctl(ws, "undo")
    assert undone.exit_code == 0, undone.stderr
    assert "by memory_replace" in undone.stderr, undone.stderr
    assert "room 12" in (ws / "MEMORY.md").read_text(encoding="utf-8")
    assert "Nimbus" not in (ws / "MEMORY.md").read_text(encoding="utf-8")


def test_memory_replace_saves_the_new_fact_and_hides_the_old(client, ws):
    client.text("memory_save", {"content": "The release branch is rel-31."})

    answer = client.text(
        "memory_replace",
        {"old": "release branch is rel-31", "new": "The release branch is rel-32."},
    )

    memory = (ws / "MEMORY.md").read_text(encoding="utf-8")
    assert answer.startswith("Replaced 1 fact (")
    assert "rel-31" not in memory and "- The release branch is rel-32." in memory
    found = client.text("memory_search", {"query": "release branch"})
    assert "rel-32" in found and "rel-31" not in found


def test_memory_recall_leaves_out_a_value_said_before_its_correction(client, ws):
    """A ledger line said before a memory_replace that states the replaced value in
    other words is held back from recall, as consolidation holds it back from MEMORY.md."""
    (ws / "memory" / "2026-05-01.md").write_text(
        "## Memory Save — 2026-05-01T10:00:00+00:00\n\n- The build cache lives on nas4.\n"
        "- The build cache box is nas4 (Omar).\n",
        encoding="utf-8",
    )
    before = client.text("memory_recall", {"query": "where does the build cache live"})
    assert "nas4 (Omar)" in before

    client.text(
        "memory_replace",
        {"old": "build cache lives on nas4", "new": "The build cache lives on nas8."},
    )

    after = client.text("memory_recall", {"query": "where does the build cache live"})
    assert "nas8" in after and "nas4" not in after


def test_memory_forget_rewrites_the_exported_block_and_says_so(client, ws, tmp_path):
    """The block `memctl export` wrote outside the workspace stops stating the fact too;
    once the file is gone, the next forget drops it from the record (and the shared
    workspace has no export left for the other tests)."""
    client.text("memory_save", {"content": "The door code is 8812."})
    client.text("memory_save", {"content": "The alarm code is 3390."})
    target = tmp_path / "AGENTS.md"
    target.write_text("# Rules\n", encoding="utf-8")
    assert run_memctl(ws, "export", "--agents-md", target).exit_code == 0
    assert "8812" in target.read_text(encoding="utf-8")

    answer = client.text("memory_forget", {"query": "door code is 8812"})

    assert answer.splitlines() == [
        "Forgot 1 fact: The door code is 8812.",
        f"Rewrote the memory block in {target}.",
    ]
    text = target.read_text(encoding="utf-8")
    assert "8812" not in text and text.startswith("# Rules\n") and "3390" in text
    target.unlink()
    gone = client.text("memory_replace", {"old": "alarm code", "new": "The alarm code is 4401."})
    assert gone.splitlines()[1] == f"Dropped the export {target}: gone."


def test_an_export_memory_forget_could_not_rewrite_makes_the_answer_an_error(client, ws, tmp_path):
    """As `memctl forget` exits 1 listing `exports_left`: memory_forget and
    memory_replace answered success while a block outside the workspace still stated
    the fact. The answer is an error naming the file; the change itself is made."""
    client.text("memory_save", {"content": "The gate code is 5521."})
    client.text("memory_save", {"content": "The safe code is 7730."})
    target = tmp_path / "CLAUDE.md"
    assert run_memctl(ws, "export", "--claude-md", target).exit_code == 0
    target.write_text(target.read_text(encoding="utf-8") + "<!-- memctl:end -->\n")

    forgot = client.error("memory_forget", {"query": "gate code is 5521"})
    replaced = client.error("memory_replace", {"old": "safe code", "new": "The safe code is 8841."})

    for answer in (forgot, replaced):
        first = answer.splitlines()[0]
        assert first.startswith("Error: left 1 exported memory block as written, "), answer
        assert f"{target}: the memctl marker comments" in first
    assert forgot.splitlines()[1] == "Forgot 1 fact: The gate code is 5521."
    assert replaced.splitlines()[1].startswith("Replaced 1 fact (")
    memory = (ws / "MEMORY.md").read_text(encoding="utf-8")
    assert "5521" not in memory and "7730" not in memory and "8841" in memory
    target.unlink()  # the next forget drops it from the record: the server is shared
    client.text("memory_save", {"content": "The bike lock code is 1204."})
    gone = client.text("memory_forget", {"query": "bike lock code"})
    assert gone.splitlines()[1] == f"Dropped the export {target}: gone."


def test_memory_explain_says_where_a_saved_line_came_from(client, ws, snapshot):
    """Issue 25 item 4: the agent can answer "why do you think X?"."""
    client.text("memory_save", {"content": "The canary region is eu-west-9."})
    before = snapshot(ws)

    answer = client.text("memory_explain", {"target": "canary region"})

    lines = answer.splitlines()
    assert lines[0].startswith("MEMORY.md:") and lines[0].endswith(
        "The canary region is eu-west-9."
    )
    assert (
        lines[1].startswith("  <- memory/")
        and "(saved by memctl save or memory_save at " in lines[1]
    )
    assert "by hand" not in answer  # the agent saved it (audit 11 #11)
    # A paraphrase: the closest bullet, as on the command line (audit 5, 7).
    closest = client.text(
        "memory_explain", {"target": "who hosts canary deploys for the billing api"}
    )
    assert closest.splitlines()[0].endswith("; the closest one:")
    assert closest.splitlines()[1] == lines[0]
    assert client.error("memory_explain", {"target": "MEMORY.md:9999"}).startswith(
        "Error: MEMORY.md has no line 9999"
    )
    assert snapshot(ws) == before


def test_memory_forget_of_words_matching_several_facts_asks_for_one_or_all(client, ws, snapshot):
    """A model's vague words must not take several facts at once, as a person's are
    refused on the command line: the error lists them, and `all: true` takes them all."""
    client.text("memory_save", {"content": "The blue van is parked at gate 7."})
    client.text("memory_save", {"content": "The blue van needs new tyres."})
    before = snapshot(ws)

    for tool, args in (
        ("memory_forget", {"query": "blue van"}),
        ("memory_replace", {"old": "blue van", "new": "The blue van was sold."}),
    ):
        error = client.error(tool, args)
        assert error.startswith("Error: the words match 2 facts: ") and "all: true" in error
        assert "gate 7" in error and "tyres" in error
    assert client.error("memory_forget", {"query": "blue van", "all": "yes"}) == (
        "Error: all must be true or false"
    )
    assert snapshot(ws) == before

    answer = client.text("memory_forget", {"query": "blue van", "all": True})

    assert answer.startswith("Forgot 2 facts: ")
    memory = (ws / "MEMORY.md").read_text(encoding="utf-8")
    assert "gate 7" not in memory and "tyres" not in memory


def test_memory_forget_of_nothing_is_a_tool_error(client, ws, snapshot):
    before = snapshot(ws)

    assert client.error("memory_forget", {"query": "no such fact anywhere"}).startswith("Error: ")
    assert client.error("memory_replace", {"old": "Fridays", "new": " "}).startswith("Error: ")
    assert snapshot(ws) == before


def test_memory_replace_of_several_lines_is_a_tool_error_and_memory_save_escapes_markers(
    client, ws, snapshot
):
    """Audit 3a, defect 2: a `new` with a heading and an export's end marker in it wrote
    them into MEMORY.md and the ledger, and every later export failed."""
    client.text("memory_save", {"content": "The hotfix owner is Priya."})
    before = snapshot(ws)
    injected = "The hotfix owner is Ravi.\n## Instructions\n<!-- memctl:end -->"

    error = client.error("memory_replace", {"old": "hotfix owner", "new": injected})

    assert error == "Error: the replacement is one fact on one line: it holds a line break"
    assert snapshot(ws) == before
    client.text("memory_save", {"content": injected})
    memory = (ws / "MEMORY.md").read_text(encoding="utf-8")
    assert memory.endswith(
        "- The hotfix owner is Ravi.\n  \\## Instructions\n  \\<!-- memctl:end -->\n"
    )
    client.text("memory_forget", {"query": "hotfix owner is Ravi"})  # the shared server's


# --------------------------------------------------------------------------- threads


def test_thread_search_finds_an_entry(client):
    assert client.text("thread_search", {"query": "blue-green"}) == (
        "Found 1 match:\nSource: threads/billing.jsonl#1 [assistant]: "
        "We use a blue-green rollout behind the gateway."
    )
    text = client.text("thread_search", {"query": "gateway pool", "matchMode": "all"})
    assert text.splitlines()[1:] == [
        "Source: threads/billing.jsonl#3 [assistant]: Flip the gateway back to the green pool."
    ]
    # Thread search does not look in memory files, nor memory search in threads.
    assert client.text("thread_search", {"query": "Fridays"}) == (
        "No matching thread entries found for: Fridays"  # not "memories" (audit 18)
    )
    assert client.text("memory_search", {"query": "blue-green"}).startswith("No matching")


@pytest.mark.slow
def test_the_search_tools_answer_at_most_their_limit(tmp_path_factory, connect):
    """Audit 18: thread_search answered 50 snippets (52 kB) and had no limit; its
    default is 10 now, memory_search's stays 50, and `limit` takes 1 to 100."""
    root = prepare(tmp_path_factory.mktemp("mcp-limit") / "ws")
    said = [{"role": "user", "content": f"Invoice {n} is {'late ' * 150}"} for n in range(120)]
    (root / "threads" / "ar.jsonl").write_text("".join(json.dumps(m) + "\n" for m in said))
    (root / "MEMORY.md").write_text("".join(f"- Invoice {n} is late.\n" for n in range(120)))
    client = connect(root)

    def sources(name: str, arguments: dict[str, Any]) -> int:
        return client.text(name, {"query": "invoice", **arguments}).count("\nSource: ")

    assert sources("thread_search", {}) == 10
    assert sources("thread_search", {"limit": 100}) == 100
    assert sources("memory_search", {}) == 50
    assert sources("memory_search", {"limit": 2}) == 2
    assert client.text("thread_search", {"query": "invoice"}).endswith(
        "(only the first 10 are shown; use more specific words to narrow it, or a larger limit)"
    )
    assert "from 1 to 100, not 0" in client.error("memory_search", {"query": "x", "limit": 0})


def test_thread_search_errors(client):
    assert "phrase, all or any" in client.error(
        "thread_search", {"query": "gateway", "matchMode": "regex"}
    )
    assert "thread" in client.error("thread_search", {"query": "gateway", "thread": "../etc"})


def test_thread_history_returns_a_range(client):
    text = client.text("thread_history", {"thread": "billing", "start": 1, "end": 2})

    assert text.splitlines() == [
        "Thread billing, entries 1-2 of 4:",
        "#1 [assistant] We use a blue-green rollout behind the gateway.",
        "#2 [user] And the rollback plan?",
        "… 1 later entry; continue with start=3",
    ]
    last = client.text("thread_history", {"thread": "billing", "start": -1})
    assert last.splitlines()[1:] == ["#3 [assistant] Flip the gateway back to the green pool."]


def test_thread_history_errors(client):
    assert "nothere" in client.error("thread_history", {"thread": "nothere"})
    assert "start" in client.error("thread_history", {"thread": "billing", "start": 10})
    assert "invalid thread id" in client.error("thread_history", {"thread": "../MEMORY"})


def test_unknown_tool_is_a_tool_error(client):
    assert "memory_search" in client.error("memory_delete", {"path": "MEMORY.md"})


@pytest.mark.slow
def test_secrets_in_what_the_tools_read_are_redacted(tmp_path_factory, connect):
    """The client's model sees the tool answers: the same redaction as `call`."""
    key = "sk-proj-" + "a1B2c3D4e5" * 4
    root = prepare(tmp_path_factory.mktemp("mcp-secrets") / "ws")
    (root / "MEMORY.md").write_text(f"- The deploy key is {key}.\n", encoding="utf-8")
    line = {"role": "user", "content": f"Remember: deploys on Tuesdays, key {key}"}
    (root / "threads" / "ops.jsonl").write_text(json.dumps(line) + "\n", encoding="utf-8")
    client = connect(root)

    answers = [
        client.text("memory_search", {"query": "deploy key"}),
        client.text("memory_get", {"path": "MEMORY.md"}),
        client.text("thread_search", {"query": "Tuesdays"}),
        client.text("thread_history", {"thread": "ops"}),
    ]

    for answer in answers:
        assert key not in answer and "[REDACTED:openai_key]" in answer, answer


@pytest.mark.slow
def test_a_secret_across_a_cut_is_redacted_over_mcp(tmp_path_factory, connect):
    """thread_history cuts an entry at 4,000 characters and memory_get takes a range:
    both from the text redacted whole, as in `call` (tests/core/test_redact_cuts.py)."""
    block, body = pem(7)
    root = prepare(tmp_path_factory.mktemp("mcp-cuts") / "ws")
    (root / "MEMORY.md").write_text(f"# Memory\n\n{block}\n", encoding="utf-8")
    line = {"role": "user", "content": "x" * 3_976 + " " + GITHUB + " " + "y" * 500}
    (root / "threads" / "ops.jsonl").write_text(json.dumps(line) + "\n", encoding="utf-8")
    client = connect(root)

    history = client.text("thread_history", {"thread": "ops"})
    part = client.text("memory_get", {"path": "MEMORY.md", "startLine": 6, "endLine": 9})

    assert "more chars]" in history and GITHUB[:12] not in history
    assert "[REDACTED:github_token]" in history
    assert shown(part, body) == [] and part.splitlines()[0] == "6|"


def test_calls_own_read_file_is_not_served(client):
    """`call` pages its evicted results by characters with read_file; over MCP they are
    read with memory_get, as the placeholder says, so the server neither lists nor runs
    read_file."""
    text = client.error("read_file", {"path": "evicted/t1/x"})
    assert text.startswith("Error: unknown tool 'read_file'") and "read_file," not in text


TOOL_LINES = [f"line {n}: PASSED tests/test_pool_{n}.py" for n in range(1, 41)]


def _evicted(root: Path, thread: str, result: str) -> str:
    """Thread `thread`'s one tool result, `result`, evicted by `memctl evict`: the path
    and the tool its placeholder tells the model to read it with."""
    from tests.support.conversations import tool_turn

    entries = tool_turn("call_1", result)
    lines = "".join(json.dumps(entry) + "\n" for entry in entries)
    (root / "threads" / f"{thread}.jsonl").write_text(lines, encoding="utf-8")
    assert run_memctl(root, "evict", thread).exit_code == 0
    context = json.loads(run_memctl(root, "context", thread).stdout)
    (placeholder,) = [m["content"] for m in context["messages"] if m.get("role") == "tool"]
    said = re.search(r"the full text is in (\S+) \(read it with (\w+) for the rest\)", placeholder)
    assert said, placeholder
    assert said.group(2) == "memory_get"
    return said.group(1)


@pytest.mark.slow
def test_an_evicted_result_is_read_back_with_the_tool_its_placeholder_names(
    tmp_path_factory, connect
):
    """Audit 18, finding 8: the placeholder pointed at evicted/agent/call_…, and
    memory_get refused it (only MEMORY.md and memory/), so an agent over MCP could not
    read an evicted result back. memory_get reads it, a range or all of it page by page,
    redacted, each page under the eviction threshold (never evicted again), with its
    guards."""
    root = prepare(tmp_path_factory.mktemp("mcp-evicted") / "ws", BM25_ONLY)
    configure_text = BM25_ONLY + "eviction:\n  threshold_chars: 1000\n"  # pages of 500
    (root / "memctl.yaml").write_text(configure_text, encoding="utf-8")
    lines = [*TOOL_LINES[:2], f"token={GITHUB}", *TOOL_LINES[3:]]
    path = _evicted(root, "t3", "\n".join(lines))
    blob_text = "".join(f"{n:09d}," for n in range(500))  # a minified file: one line
    blob = _evicted(root, "t4", blob_text)
    outside = root.parent / "outside.txt"
    outside.write_text("the outside secret\n", encoding="utf-8")
    (root / "evicted" / "t3" / "leak").symlink_to(outside)
    (root / "evicted" / "t3" / "config").symlink_to(root / "memctl.yaml")
    client = connect(root)

    pages, at = [], 1
    while at and len(pages) < 20:  # read on from where each page says, to the end
        pages.append(client.text("memory_get", {"path": path, "startLine": at}))
        on = re.search(r"read on with startLine=(\d+) \(the file has 40 lines\)$", pages[-1])
        at = int(on.group(1)) if on else 0
    part = client.text("memory_get", {"path": path, "startLine": 39, "endLine": 40})
    cuts, at = [client.text("memory_get", {"path": blob})], 0
    while len(cuts) < 20 and (on := re.search(r"startChar=(\d+)\]$", cuts[-1])):
        at = int(on.group(1))  # read on in the line where the cut says
        cuts.append(client.text("memory_get", {"path": blob, "startChar": at}))

    assert len(pages) > 1 and all(len(page) <= 1000 for page in pages)
    read = [line for page in pages for line in page.splitlines() if not line.startswith("…")]
    assert [line.split("|", 1)[0] for line in read] == [str(n) for n in range(1, 41)]
    assert [line.split("|", 1)[1] for line in read if "token" not in line] == [
        text for text in TOOL_LINES if not text.startswith("line 3:")
    ]
    assert GITHUB not in "".join(pages) and read[2].startswith("3|token=[REDACTED:")
    assert part == f"39|{TOOL_LINES[38]}\n40|{TOOL_LINES[39]}"
    assert cuts[0] == (
        f"1|{blob_text[:498]} … [4,502 more characters of line 1: read on with startLine=1, "
        "startChar=498]"
    )
    assert len(cuts) == 11 and all(len(cut) <= 1000 for cut in cuts)
    assert "".join(cut[2:].split(" … [")[0] for cut in cuts) == blob_text
    assert "past the end of line 1" in client.error("memory_get", {"path": blob, "startChar": 5000})
    assert "evicted result only" in client.error(
        "memory_get", {"path": "MEMORY.md", "startChar": 3}
    )
    for bad in ("evicted/t3/leak", "evicted/t3/config", "evicted/t3/../../memctl.yaml", "evicted"):
        text = client.error("memory_get", {"path": bad})
        assert text.startswith("Error: ") and "\n" not in text and "outside secret" not in text


def test_memory_recall_and_thread_search_leave_out_the_turn_of_a_forgotten_fact(
    tmp_path_factory, connect
):
    """Audit 3a, defect 10: the turn a fact was flushed from says it in its own words
    ("I lead" for "Carol leads"); after memory_forget, neither tool returns it."""
    root = prepare(tmp_path_factory.mktemp("mcp-turns") / "ws", BM25_ONLY)
    said = {
        "role": "user",
        "name": "Carol",
        "content": "I lead the payments team now, and the refund limit is 900 euros.",
        "ts": "2026-11-18T14:30:00+00:00",
    }
    assert (
        run_memctl(root, "thread", "append", "chat", input=json.dumps(said) + "\n").exit_code == 0
    )
    assert run_memctl(root, "flush").exit_code == 0
    client = connect(root)
    recalled = client.text("memory_recall", {"query": "payments team refund limit"})
    assert "threads/chat.jsonl#0" in recalled
    assert "threads/chat.jsonl#0" in client.text("thread_search", {"query": "refund limit"})

    answer = client.text("memory_forget", {"query": "leads the payments team"})

    assert answer.startswith("Forgot 1 fact: Carol leads the payments team")
    assert "threads/chat.jsonl" not in client.text(
        "memory_recall", {"query": "payments team refund limit"}
    )
    assert client.text("thread_search", {"query": "refund limit"}).startswith("No match")


# --------------------------------------------------------------------------- configuration


@pytest.mark.slow
def test_tools_off_offers_no_tools(tmp_path_factory, connect):
    root = prepare(tmp_path_factory.mktemp("mcp-off") / "ws", "memory:\n  tools: false\n")
    client = connect(root)

    assert client.list_tools() == []
    assert "memory.tools: false" in client.error("memory_search", {"query": "Fridays"})
    assert (root / "MEMORY.md").read_text(encoding="utf-8") == MEMORY


def run_mcp(args: list[str], cwd: Path | None = None) -> subprocess.CompletedProcess:
    """A server that must refuse to start: stdin is closed at once."""
    return subprocess.run(
        [sys.executable, "-m", "memctl", *args],
        input="",
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=60,
    )


@pytest.mark.parametrize(
    "config, named",
    [("memory:\n  tool: false\n", "tool"), ("model: [unclosed\n", "memctl.yaml")],
    ids=["unknown key", "broken yaml"],
)
def test_bad_config_exits_2_before_serving(tmp_path, snapshot, config, named):
    root = prepare(tmp_path / "ws", config)
    before = snapshot(root)

    done = run_mcp(["-w", str(root), "mcp"])

    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("memctl: error: ") and named in lines[0]
    assert snapshot(root) == before


def test_no_workspace_exits_2(tmp_path):
    done = run_mcp(["mcp"], cwd=tmp_path)

    assert (done.returncode, done.stdout) == (2, "")
    assert len(done.stderr.splitlines()) == 1 and "memctl.yaml" in done.stderr


SEARCH_CALL = rpc(2, "tools/call", {"name": "memory_search", "arguments": {"query": "Fridays"}})


@pytest.mark.slow
def test_stdout_carries_only_the_protocol_and_stderr_nothing(tmp_path):
    """Every stdout line is a protocol message, and a whole session writes nothing on
    stderr: Claude Code logs every stderr line of a server as [ERROR] (issue 22)."""
    root = prepare(tmp_path / "ws")
    session = [*HANDSHAKE, rpc(3, "tools/list", {}), SEARCH_CALL, rpc(4, "ping", {})]

    done = converse(server_command(root), session)

    assert done.returncode == 0, done.stderr
    messages = [json.loads(line) for line in done.stdout]
    assert all(message["jsonrpc"] == "2.0" for message in messages)
    answers = {message["id"]: message for message in messages if "id" in message}
    assert answers[1]["result"]["serverInfo"]["name"] == "memctl"
    assert len(answers[3]["result"]["tools"]) == 9
    assert answers[2]["result"]["isError"] is False
    assert "MEMORY.md#1" in answers[2]["result"]["content"][0]["text"]
    assert answers[4]["result"] == {}
    assert done.stderr == ""


MODULES_AFTER = """
import atexit, json, runpy, sys
target = sys.argv[1]
atexit.register(lambda: open(target, "w").write(json.dumps(sorted(sys.modules))))
sys.argv = ["memctl", *sys.argv[2:]]
runpy.run_module("memctl", run_name="__main__")
"""


@pytest.mark.slow
def test_mcp_imports_neither_litellm_nor_the_sdk(tmp_path):
    root = prepare(tmp_path / "ws", "model: openai:gpt-4.1-mini\n")
    report = tmp_path / "modules.json"
    command = [sys.executable, "-c", MODULES_AFTER, str(report), "-w", str(root), "mcp"]

    done = converse(command, [*HANDSHAKE, SEARCH_CALL])

    assert done.returncode == 0, done.stderr
    modules = set(json.loads(report.read_text(encoding="utf-8")))
    assert "memctl.mcp.server" in modules  # the server really ran
    assert "litellm" not in modules and "openai" not in modules
    # Nor the SDK: its imports took 0.85-1.5 s before `initialize` was answered.
    assert not {"mcp", "mcp_types", "pydantic", "anyio"} & modules


@pytest.mark.parametrize("args", [["--help"], ["status"]])
def test_other_commands_never_import_mcp(tmp_path, args):
    root = prepare(tmp_path / "ws")
    report = tmp_path / "modules.json"

    done = subprocess.run(
        [sys.executable, "-c", MODULES_AFTER, str(report), "-w", str(root), *args],
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert done.returncode == 0, done.stderr
    modules = set(json.loads(report.read_text(encoding="utf-8")))
    assert "memctl.cli.app" in modules  # the command really ran
    assert not {"mcp", "memctl.mcp.server", "anyio"} & modules


@pytest.mark.slow
def test_workspace_unchanged_by_reading_tools(tmp_path_factory, connect):
    root = prepare(tmp_path_factory.mktemp("mcp-read") / "ws")
    client = connect(root)
    # locks=False: the search tools take the workspace lock to refresh their index cache.
    before = snapshot(root, locks=False)

    client.text("memory_search", {"query": "Fridays"})
    client.text("memory_recall", {"query": "when do we deploy?"})
    client.text("memory_get", {"path": "MEMORY.md"})
    client.text("thread_search", {"query": "gateway"})
    client.text("thread_history", {"thread": "billing"})

    assert snapshot(root, locks=False) == before


def test_thread_history_and_memory_get_mark_a_forgotten_fact(connect, tmp_path):
    """Audit 5 #4: after memory_forget, thread_history still returned the turn that said
    the fact and memory_get the ledger line that holds it, word for word, to the model
    the forget was for. Both now mark it; the numbering stays."""
    root = prepare(tmp_path / "ws", BM25_ONLY)
    turns = [
        {"role": "user", "content": "The gate code is 7781, by the way."},
        {"role": "assistant", "content": "Thanks."},
    ]
    lines = "".join(json.dumps(turn) + "\n" for turn in turns)
    (root / "threads" / "gate.jsonl").write_text(lines, encoding="utf-8")
    client = connect(root)
    client.text("memory_save", {"content": "The gate code is 7781."})
    ledger = next(p for p in (root / "memory").glob("*.md") if p.name != Path(DAILY_NAME).name)
    path = f"memory/{ledger.name}"
    assert "7781" in client.text("memory_get", {"path": path})

    client.text("memory_forget", {"query": "gate code is 7781"})

    got = client.text("memory_get", {"path": path})
    history = client.text("thread_history", {"thread": "gate"})
    assert "7781" not in got and "7781" not in history
    number = ledger.read_text(encoding="utf-8").splitlines().index("- The gate code is 7781.")
    assert f"{number + 1}|[forgotten: " in got
    assert history.splitlines()[1:] == [
        "#0 [user] [forgotten: this stated a fact that was forgotten]",
        "#1 [assistant] Thanks.",
    ]


def test_a_turn_echoing_a_forgotten_fact_is_hidden_from_the_tools(tmp_path_factory, connect):
    """Audit 5 (fixecho): after memory_forget on the README's demo, memory_recall and
    thread_search still gave the assistant's "I'll keep in mind that deploys happen only
    on Tuesdays" (the turn after the one the fact was taken from), and thread_history
    showed it; a turn of the thread that shares no more than a word stays."""
    root = tmp_path_factory.mktemp("mcp-echo") / "ws"
    init_workspace(root)
    (root / "memctl.yaml").write_text("timezone: UTC\n" + BM25_ONLY, encoding="utf-8")
    example = Path(__file__).resolve().parents[2] / "examples" / "conversation.jsonl"
    for args in (("thread", "append", "chat", example), ("flush",), ("consolidate",)):
        assert run_memctl(root, *args).exit_code == 0
    client = connect(root)
    echo = "keep in mind that deploys happen only on Tuesdays"
    assert echo in client.text("memory_recall", {"query": "when do deploys happen"})

    client.text("memory_forget", {"query": "Tuesdays"})

    assert echo not in client.text("memory_recall", {"query": "when do deploys happen"})
    assert echo not in client.text("thread_search", {"query": "Tuesdays"})
    history = client.text("thread_history", {"thread": "chat"})
    assert echo not in history and "#3 [assistant] [forgotten: " in history, history
    assert "#4 [user] What's the weather like?" in history


def test_memory_forget_of_several_facts_lists_them_with_one_stop(client, ws):
    """Audit 14 defect 6: the refusal ended "...on Fridays.. Use more of ..."."""
    for fact in ("The zqstop east gate opens at 6.", "The zqstop west gate opens at 7."):
        client.text("memory_save", {"content": fact})

    refused = client.error("memory_forget", {"query": "zqstop"})

    assert "opens at 7. Use more of one fact's words" in refused
    assert ".." not in refused
