"""The agent's memory tools served over the Model Context Protocol, on stdio.

Built on the official SDK's low-level `Server` rather than its `MCPServer`: MCPServer
derives each tool's schema from a Python signature and checks the arguments with
pydantic, which would restate `memctl.tools.MEMORY_SCHEMAS` by hand and answer a bad matchMode
in pydantic's words instead of the CLI's. The low-level server publishes those schemas
as they are and hands the raw arguments to `tools.run_tool`, the dispatch `memctl call`
uses, so the two ways of reaching the tools cannot drift apart.

Only `memctl mcp` imports this module, so no other command pays for the SDK's imports.
"""

from __future__ import annotations

from typing import Any

import anyio
import mcp_types as types
from mcp.server import Server, ServerRequestContext
from mcp.server.stdio import stdio_server

from memctl import __version__
from memctl.config import Config
from memctl.tools import MEMORY_SCHEMAS, MEMORY_TOOL_NAMES, run_tool
from memctl.workspace import Workspace

INSTRUCTIONS = (
    "Long-term memory of this agent workspace. Search it (memory_search) before answering "
    "about past decisions, preferences, names or dates; read around a hit with memory_get; "
    "save durable facts with memory_save. Past conversations: thread_search, then "
    "thread_history for the entries around a hit."
)

# Hints for clients that ask before running a tool that writes. memory_save only
# appends (never destroys), but saving the same fact twice stores it twice.
READ_ONLY = types.ToolAnnotations(read_only_hint=True, open_world_hint=False)
ANNOTATIONS = {
    "memory_save": types.ToolAnnotations(
        read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=False
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
        # run_tool never raises: a bad argument or a bug comes back as error text.
        async with one_at_a_time:
            outcome = await anyio.to_thread.run_sync(
                run_tool, ws, config, params.name, params.arguments, MEMORY_TOOL_NAMES
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


def serve_stdio(ws: Workspace, config: Config) -> None:
    """Serve until the client closes stdin. stdout is the transport; the SDK points
    file descriptor 1 at stderr meanwhile, so a stray print cannot corrupt it."""
    server = build_server(ws, config)

    async def run() -> None:
        async with stdio_server() as (read_stream, write_stream):
            await server.run(read_stream, write_stream, server.create_initialization_options())

    anyio.run(run)
