"""mcp: the agent tools over the Model Context Protocol (stdio)."""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable
from functools import partial
from typing import Any

import typer

from memctl.cli.core import PlainUsage, app, command, globals_of
from memctl.cli.inputs import require_stdin, stdin_is_terminal
from memctl.cli.output import note

TOOLS = "{tools}"
"""Where the help names the tools: filled from the server's registry when it is shown."""


class ToolsHelp(PlainUsage):
    """The help names the tools the server offers, from its registry
    (`memctl.turn.tools.MEMORY_TOOL_NAMES`) read when the help is shown: imported at
    start-up, the tools would delay the server's answer to `initialize`."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        from memctl.turn.tools import MEMORY_TOOL_NAMES

        *names, last = MEMORY_TOOL_NAMES
        listed = f"{', '.join(names)} and {last}" if names else last
        self.help = (self.help or "").replace(TOOLS, listed)
        super().format_help(ctx, formatter)


@command(app, "mcp", short_help="Serve the memory tools over MCP (stdio).", cls=ToolsHelp)
def mcp_command(ctx: typer.Context) -> None:
    """Serve the memory tools ({tools}) to an MCP client over stdio, until the client
    closes the connection or sends SIGINT or SIGTERM (exit 0; Ctrl-C at a terminal
    exits 130).

    stdout carries only the protocol, and stderr stays empty unless something is wrong
    (with -v: a line per request). The workspace and its memctl.yaml are read once,
    before serving: a bad configuration exits 2 at once. With memory.tools: false the
    server offers no tools.

    Example (an MCP client's server entry): command "memctl", args ["-w", "/path/to/ws", "mcp"]
    """
    g = globals_of(ctx)
    # an argument or a FILE is no way to reach a server (audit 18): its client is
    require_stdin("an MCP client starts the server and talks to it on its stdin")
    ws, config = g.open()
    from memctl.mcp.server import serve_stdio

    # A client logs any stderr line as an error (Claude Code: [ERROR]), so the start-up
    # line is for a person at a terminal, or one who asked for it with -v.
    person = stdin_is_terminal()
    ready: Callable[[], None] | None = None
    if person or g.verbose:
        from memctl.mcp.server import offered_tools

        count = len(offered_tools(config))
        offer = f"{count} tools" if count else "no tools (memory.tools: false)"
        stop = "; Ctrl-C ends" if person else ""
        line = f"mcp: serving {offer} for {ws.root}; waiting for an MCP client on stdin{stop}"
        ready = partial(note, g, line)

    ended_by = serve_stdio(ws, config, log=_log if g.verbose else None, ready=ready)
    if person and ended_by == signal.SIGINT:
        raise KeyboardInterrupt  # Ctrl-C at a terminal ends a command so (exit 130)


def _log(line: str) -> None:
    print(line, file=sys.stderr, flush=True)
