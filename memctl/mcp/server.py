"""The agent's memory tools served over the Model Context Protocol, on stdio.

Built on the official SDK's low-level `Server` rather than its `MCPServer`: MCPServer
derives each tool's schema from a Python signature and checks the arguments with
pydantic, which would restate `memctl.turn.tools.MEMORY_SCHEMAS` by hand and answer a bad matchMode
in pydantic's words instead of the CLI's. The low-level server publishes those schemas
as they are and hands the raw arguments to `tools.run_tool`, the dispatch `memctl call`
uses, so the two ways of reaching the tools cannot drift apart.

Only `memctl mcp` imports this module, so no other command pays for the SDK's imports.
"""

from __future__ import annotations

import functools
import json
import re
import sys
from collections.abc import AsyncIterator
from io import TextIOWrapper
from typing import Any

import anyio
import mcp_types as types
from mcp.server import Server, ServerRequestContext
from mcp.server.stdio import stdio_server

from memctl import __version__
from memctl.core.config import Config
from memctl.core.workspace import Workspace
from memctl.models.resolve import resolve_embedder
from memctl.turn.tools import MEMORY_SCHEMAS, MEMORY_TOOL_NAMES, run_tool

INSTRUCTIONS = (
    "Long-term memory of this agent workspace. Search it (memory_search) before answering "
    "about past decisions, preferences, names or dates; read around a hit with memory_get; "
    "save durable facts with memory_save; correct one with memory_replace, drop one the "
    "user asks you to forget with memory_forget; say where a memory came from with "
    "memory_explain. Past conversations: thread_search, then thread_history for the "
    "entries around a hit."
)

# Hints for clients that ask before running a tool that writes. memory_save only
# appends (never destroys), but saving the same fact twice stores it twice.
READ_ONLY = types.ToolAnnotations(read_only_hint=True, open_world_hint=False)
ANNOTATIONS = {
    "memory_save": types.ToolAnnotations(
        read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=False
    ),
    # Recorded as tombstones (the ledgers keep the text), but MEMORY.md loses the line.
    "memory_forget": types.ToolAnnotations(
        read_only_hint=False, destructive_hint=True, idempotent_hint=True, open_world_hint=False
    ),
    "memory_replace": types.ToolAnnotations(
        read_only_hint=False, destructive_hint=True, idempotent_hint=False, open_world_hint=False
    ),
}


def offered_tools(config: Config) -> list[types.Tool]:
    """The tools as the client lists them; none at all with `memory.tools: false`."""
    if not config.memory.tools:
        return []
    return [
        types.Tool(
            name=name,
            description=schema["description"],
            input_schema=schema["parameters"],
            annotations=ANNOTATIONS.get(name, READ_ONLY),
        )
        for name, schema in MEMORY_SCHEMAS.items()
    ]


def build_server(ws: Workspace, config: Config) -> Server[Any]:
    """An MCP server whose tools act on `ws`; every failure is a tool error, never a crash."""
    tools = offered_tools(config)
    embedder = resolve_embedder(config)  # memory_recall's, for the server's life
    # One call at a time: the calls are short, and saves then never race each other
    # for the workspace lock object, which belongs to one thread at a time.
    one_at_a_time = anyio.Lock()

    async def list_tools(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=tools)

    async def call_tool(
        ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        if params.arguments and BAD_TEXT in params.arguments:
            return types.CallToolResult(
                content=[types.TextContent(type="text", text=f"Error: {LONE_SURROGATE}")],
                is_error=True,
            )
        # run_tool never raises: a bad argument or a bug comes back as error text.
        async with one_at_a_time:
            outcome = await anyio.to_thread.run_sync(
                functools.partial(run_tool, embedder=embedder),
                ws,
                config,
                params.name,
                params.arguments,
                MEMORY_TOOL_NAMES,
            )
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=outcome.text)], is_error=outcome.is_error
        )

    return Server(
        "memctl",
        version=__version__,
        instructions=INSTRUCTIONS if tools else None,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )


BAD_TEXT = "\0memctl: bad text"
"""The arguments a tools/call holding a lone surrogate is given instead of its own."""
LONE_SURROGATE = (
    "the arguments hold a lone UTF-16 surrogate (a \\ud800-\\udfff escape without its "
    "pair), which is not text; nothing was done"
)
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def guard_line(line: str) -> str:
    """A JSON-RPC line as the SDK may parse it. A lone surrogate escape (`"\\ud800"`) is
    valid JSON, but pydantic refuses the whole line as invalid JSON, and the SDK then
    answers nothing at all: the client waits for ever. A tools/call holding one gets
    arguments that make the tool answer with an error; in any other message it becomes
    U+FFFD. (MCP Python SDK: invalid JSON on stdio gets no JSON-RPC error reply.)"""
    if not _SURROGATE_ESCAPE.search(line):
        return line
    try:
        message = json.loads(line)
        text = json.dumps(message, ensure_ascii=False)
        text.encode("utf-8")
        return line  # only well-paired surrogates
    except UnicodeEncodeError:
        pass
    except ValueError:
        return line  # not JSON: the SDK's own handling
    params = message.get("params") if isinstance(message, dict) else None
    if message.get("method") == "tools/call" and isinstance(params, dict):
        params["arguments"] = {BAD_TEXT: True}
        text = json.dumps(message, ensure_ascii=False)
    cleaned = text.encode("utf-8", "replace").decode("utf-8")
    return cleaned + ("\n" if line.endswith("\n") else "")


class _GuardedStdin:
    """stdin's lines through `guard_line`, for the SDK's reader (`async for line in`)."""

    def __init__(self) -> None:
        text = TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
        self._inner = anyio.wrap_file(text)

    def __aiter__(self) -> AsyncIterator[str]:
        return self._lines()

    async def _lines(self) -> AsyncIterator[str]:
        async for line in self._inner:
            yield guard_line(line)


def serve_stdio(ws: Workspace, config: Config) -> None:
    """Serve until the client closes stdin. stdout is the transport; the SDK points
    file descriptor 1 at stderr meanwhile, so a stray print cannot corrupt it. stdin
    is read through `guard_line`."""
    server = build_server(ws, config)

    async def run() -> None:
        async with stdio_server(stdin=_GuardedStdin()) as (read_stream, write_stream):  # type: ignore[arg-type]
            await server.run(read_stream, write_stream, server.create_initialization_options())

    anyio.run(run)
