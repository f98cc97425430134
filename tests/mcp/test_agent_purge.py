"""Audit 19 #4: the agent cannot take back the user's purge. After `forget --purge`, an
MCP `memory_save` (or `memory_replace`'s new fact) of text holding the purged token or
fact is a tool error and writes nothing; the user's `memctl save` still takes it back.
Driven by the SDK's own stdio client, as tests/mcp/test_mcp.py drives the server."""

from __future__ import annotations

import json
import os
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from anyio.from_thread import start_blocking_portal
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, get_default_environment, stdio_client

from memctl.core.workspace import init_workspace
from tests.support.helpers import BM25_ONLY, run_memctl, snapshot
from tests.support.mcp_wire import READ_TIMEOUT, server_command

pytestmark = pytest.mark.slow  # starts a server

SECRET = "bluefin-K7q2xZ9w"
SAID = f"Use {SECRET} for the staging console."


@pytest.fixture
def purged(tmp_path: Path) -> Path:
    """A workspace whose fact holding SECRET was flushed, consolidated, then purged."""
    root = tmp_path / "ws"
    init_workspace(root)
    (root / "memctl.yaml").write_text(BM25_ONLY, encoding="utf-8")
    turn = json.dumps({"role": "user", "content": SAID}) + "\n"
    assert run_memctl(root, "thread", "append", "t1", "-", input=turn).exit_code == 0
    assert run_memctl(root, "flush").exit_code == 0
    assert run_memctl(root, "consolidate").exit_code == 0
    assert SECRET in (root / "MEMORY.md").read_text(encoding="utf-8")
    assert run_memctl(root, "forget", SECRET, "--purge").exit_code == 0
    return root


@asynccontextmanager
async def _session(root: Path, errlog: Any) -> AsyncIterator[ClientSession]:
    command, *args = server_command(root)
    env = get_default_environment()
    if "PYTHONPATH" in os.environ:  # the checkout under test, not the installed memctl
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    params = StdioServerParameters(command=command, args=args, cwd=str(root), env=env)
    async with (
        stdio_client(params, errlog=errlog) as (read_stream, write_stream),
        ClientSession(read_stream, write_stream, read_timeout_seconds=READ_TIMEOUT) as session,
    ):
        await session.initialize()
        yield session


@pytest.fixture
def call(purged: Path, tmp_path: Path) -> Iterator[Any]:
    """call(tool, arguments) -> CallToolResult, on a server for the purged workspace."""
    with (
        start_blocking_portal() as portal,
        (tmp_path / "mcp-stderr.log").open("w", encoding="utf-8") as errlog,
        portal.wrap_async_context_manager(_session(purged, errlog)) as session,
    ):
        yield lambda tool, arguments: portal.call(session.call_tool, tool, arguments)


def _holding(root: Path) -> list[str]:
    return [
        str(path.relative_to(root))
        for path in root.rglob("*")
        if path.is_file() and SECRET.encode() in path.read_bytes()
    ]


def test_memory_save_of_a_purged_token_is_refused_and_keeps_the_purge(purged, call):
    stones = (purged / ".memctl" / "forgotten.jsonl").read_bytes()
    before = snapshot(purged, locks=False)

    for tool, arguments in [
        ("memory_save", {"content": SAID}),
        ("memory_save", {"content": f"- The console key is {SECRET.upper()}"}),
        ("memory_replace", {"old": "staging console", "new": SAID}),
    ]:
        result = call(tool, arguments)
        text = result.content[0].text
        assert result.is_error, text
        assert "what the user purged" in text and "memctl save" in text
        assert SECRET.casefold() not in text.casefold()  # the answer repeats no secret

    assert (purged / ".memctl" / "forgotten.jsonl").read_bytes() == stones
    assert snapshot(purged, locks=False) == before
    assert _holding(purged) == []
    # Text without it is saved as ever.
    saved = call("memory_save", {"content": "The staging console is at console.example."})
    assert not saved.is_error, saved.content[0].text


def test_the_users_save_still_takes_the_purge_back(purged):
    done = run_memctl(purged, "save", SAID)
    assert done.exit_code == 0, done.stderr
    assert "(purged)" in done.stderr
    assert SECRET in (purged / "MEMORY.md").read_text(encoding="utf-8")


def test_a_purged_sentence_is_refused_within_a_line_and_unrelated_facts_are_not(tmp_path):
    """Review 32 F5: a purged fact was refused only as a whole line, so one word added
    ("..., Leeds."), a second sentence or a clause after a `;` saved it again. A line
    stating it anywhere is refused now; facts that share some of its words are not."""
    from memctl.core.workspace import Workspace
    from memctl.pipeline.save import PurgedText, refuse_purged

    root = tmp_path / "ws"
    init_workspace(root)
    (root / "memctl.yaml").write_text(BM25_ONLY, encoding="utf-8")
    said = "Alice Moreno lives at 12 Elm Road."
    turn = json.dumps({"role": "user", "content": f"The CI runs on Fridays. {said}"}) + "\n"
    assert run_memctl(root, "thread", "append", "t1", "-", input=turn).exit_code == 0
    assert run_memctl(root, "flush").exit_code == 0
    assert run_memctl(root, "consolidate").exit_code == 0
    assert run_memctl(root, "forget", said.rstrip("."), "--purge").exit_code == 0
    ws = Workspace(root, "UTC")
    for text in [
        said,
        "Alice Moreno lives at 12 Elm Road, Leeds.",
        "Alice Moreno lives at 12 Elm Road. The CI runs on Fridays.",
        "- The CI runs on Fridays; Alice Moreno lives at 12 Elm Road.",
        'Mia said "alice moreno lives at 12 elm road" last week.',
        "The CI runs on Fridays.\n- Note: Alice Moreno lives at 12 Elm Road (since May).",
    ]:
        with pytest.raises(PurgedText):
            refuse_purged(ws, text)
    for text in [
        "The CI runs on Fridays.",
        "Alice Moreno moved out of 12 Elm Road.",
        "Alice Moreno lives in Leeds.",
        "Bob lives at 12 Elm Road, Leeds.",
        "Alice Moreno lives at 14 Elm Road.",
    ]:
        refuse_purged(ws, text)
