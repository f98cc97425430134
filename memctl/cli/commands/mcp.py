"""mcp: the agent tools over the Model Context Protocol (stdio)."""

from __future__ import annotations

import logging
import os
import signal
import sys

import typer

from memctl.cli.core import app, command, globals_of
from memctl.cli.inputs import require_stdin
from memctl.cli.output import note


@command(app, "mcp", short_help="Serve the memory tools over MCP (stdio).")
def mcp_command(ctx: typer.Context) -> None:
    """Serve memory_search, memory_get, memory_save, thread_search and thread_history
    to an MCP client over stdio, until the client closes the connection.

    stdout carries only the protocol; diagnostics go to stderr. The workspace and its
    memctl.yaml are read once, before serving: a bad configuration exits 2 at once.
    With memory.tools: false the server offers no tools.

    Example (an MCP client's server entry): command "memctl", args ["-w", "/path/to/ws", "mcp"]
    """
    g = globals_of(ctx)
    require_stdin()
    ws, config = g.open()
    if g.verbose:
        # The SDK's log lines under the command's prefix, as memctl's own notes are.
        logging.basicConfig(
            level=logging.INFO, stream=sys.stderr, format="mcp: %(name)s: %(message)s"
        )
    from memctl.mcp.server import offered_tools, serve_stdio

    count = len(offered_tools(config))
    offer = f"{count} tools" if count else "no tools (memory.tools: false)"
    person = sys.stdin.isatty()
    stop = "; Ctrl-C ends" if person else ""
    note(g, f"mcp: serving {offer} for {ws.root}; waiting for an MCP client on stdin{stop}")
    if person:
        signal.signal(signal.SIGINT, _end_at_once)
    serve_stdio(ws, config)


def _end_at_once(signum: int, frame: object) -> None:
    """Ctrl-C on a terminal ends the server now. The SDK reads stdin in a worker thread
    that only a line or an EOF wakes, and the event loop waits for it on the way out, so
    a KeyboardInterrupt would end nothing until Ctrl-D. A person at a terminal is no MCP
    client: there is no exchange to finish."""
    sys.stderr.write("memctl: error: interrupted\n")
    sys.stderr.flush()
    os._exit(130)
