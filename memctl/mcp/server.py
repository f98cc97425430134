"""The agent's memory tools served over the Model Context Protocol, on stdio.

A protocol layer of its own, not the official SDK (issue 22 item 11). Importing the
SDK (pydantic, anyio, its types) took 0.85-1.5 s, and an MCP client waits that long for
the answer to `initialize`: Codex then left the memory tools out of its first request,
and every Claude Code `-p` turn paid for it. What memctl needs of the protocol is small
(initialize, ping, tools/list, tools/call, the initialized and cancelled notifications:
newline-delimited JSON-RPC 2.0 on stdin and stdout), so the server speaks it itself, with
the standard library only, and answers `initialize` before it imports the tools.
tests/mcp/ proves the conformance with the SDK's own client.

The tools are `memctl.turn.tools.MEMORY_SCHEMAS`, published as they are, and each call
goes to `tools.run_tool`, the dispatch `memctl call` uses, so the two ways of reaching
the tools cannot drift apart.

Only `memctl mcp` imports this module.
"""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, BinaryIO, TypeGuard

from memctl import __version__

if TYPE_CHECKING:
    from types import FrameType

    from memctl.core.config import Config
    from memctl.core.workspace import Workspace
    from memctl.models.interface import Embedder
    from memctl.turn.tools import RefreshExports, ToolOutcome

PROTOCOL_VERSIONS = ("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05")
"""The revisions with the initialize handshake, newest first: a client asking for one
of them gets it, any other client the newest (it may then disconnect)."""

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
READ_ONLY = {"readOnlyHint": True, "openWorldHint": False}
ANNOTATIONS = {
    "memory_save": {
        "readOnlyHint": False,
        "destructiveHint": False,
        "idempotentHint": False,
        "openWorldHint": False,
    },
    # Recorded as tombstones (the ledgers keep the text), but MEMORY.md loses the line.
    "memory_forget": {
        "readOnlyHint": False,
        "destructiveHint": True,
        "idempotentHint": True,
        "openWorldHint": False,
    },
    "memory_replace": {
        "readOnlyHint": False,
        "destructiveHint": True,
        "idempotentHint": False,
        "openWorldHint": False,
    },
}

# JSON-RPC 2.0's error codes.
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603

STOP_GRACE = 2.0
"""Seconds a SIGINT or SIGTERM leaves the tool call under way to finish (a save is
then whole, and answered) before the server exits."""

LONE_SURROGATE = (
    "the arguments hold a lone UTF-16 surrogate (a \\ud800-\\udfff escape without its "
    "pair), which is not text; nothing was done"
)
NOT_UTF8 = (
    "the arguments hold bytes that are not UTF-8 text (byte {at}), as the command line "
    "refuses them; nothing was done"
)
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def offered_tools(config: Config) -> list[dict[str, Any]]:
    """The tools as the client lists them; none at all with `memory.tools: false`."""
    if not config.memory.tools:
        return []
    from memctl.turn.tools import MEMORY_SCHEMAS

    return [
        {
            "name": name,
            "description": schema["description"],
            "inputSchema": schema["parameters"],
            "annotations": ANNOTATIONS.get(name, READ_ONLY),
        }
        for name, schema in MEMORY_SCHEMAS.items()
    ]


class _Stop(Exception):
    """SIGINT or SIGTERM: the client (or a person) ends the server."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _stop(signum: int, frame: FrameType | None) -> None:
    raise _Stop(signum)


@dataclass
class _Call:
    """A tools/call waiting for, or in, the worker thread."""

    request_id: str | int
    name: str
    arguments: dict[str, Any] | None
    cancelled: bool = False


@dataclass
class _Tools:
    """What serving the tools needs beyond the handshake: imported once answered."""

    listed: list[dict[str, Any]]
    run: Callable[..., ToolOutcome]
    names: tuple[str, ...]
    embedder: Embedder | None
    exports: RefreshExports


@dataclass
class Server:
    """One client's session on a byte stream pair. Requests are answered in the
    order they come, except tools/call, which runs in a worker thread, one call at a
    time (saves never race for the workspace lock), so a ping or a cancellation is
    read while a call runs. Nothing is written but protocol messages."""

    ws: Workspace
    config: Config
    out: BinaryIO
    log: Callable[[str], None] | None = None
    _tools: _Tools | None = None
    _write_lock: threading.Lock = field(default_factory=threading.Lock)
    _pending: dict[str, _Call] = field(default_factory=dict)
    _queue: queue.Queue[_Call | None] = field(default_factory=queue.Queue)
    _busy: threading.Lock = field(default_factory=threading.Lock)
    _worker: threading.Thread | None = None
    _gone: bool = False

    # ------------------------------------------------------------------ the wire

    def send(self, message: dict[str, Any]) -> None:
        """One message, one line. A lone surrogate in a tool's text becomes `?`: the
        line must be UTF-8 for the client to parse it."""
        line = json.dumps({"jsonrpc": "2.0", **message}, ensure_ascii=False, separators=(",", ":"))
        data = line.encode("utf-8", "replace") + b"\n"
        with self._write_lock:
            if self._gone:
                return
            try:
                self.out.write(data)
                self.out.flush()
            except (BrokenPipeError, ValueError):
                # The client is gone: nothing can be answered now, and stdin's EOF ends
                # the server (a reply must not kill the worker with a traceback).
                self._gone = True

    def answer(self, request_id: str | int, result: dict[str, Any]) -> None:
        self.send({"id": request_id, "result": result})

    def error(
        self, request_id: str | int | None, code: int, message: str, data: Any = None
    ) -> None:
        body: dict[str, Any] = {"code": code, "message": message}
        if data is not None:
            body["data"] = data
        self.send({"id": request_id, "error": body})

    # ------------------------------------------------------------------ messages

    def receive(self, line: str, bad_byte: int | None = None) -> None:
        """Handle one line of stdin: a request is answered (now, or by the worker for
        a tools/call), a notification or a response to us is not. `bad_byte`: where the
        line's bytes stopped being UTF-8 (the line is decoded with U+FFFD): a tools/call
        is then answered with a tool error, any other request read as decoded."""
        try:
            message = json.loads(line)
        except (ValueError, RecursionError):
            self.error(None, PARSE_ERROR, "Parse error")
            return
        if isinstance(message, list):
            # JSON-RPC batches were removed from MCP in 2025-06-18, and no client sends one.
            self.error(None, INVALID_REQUEST, "Invalid Request: batches are not supported")
            return
        if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
            self.error(_id_of(message), INVALID_REQUEST, "Invalid Request")
            return
        method = message.get("method")
        if method is None and "id" in message and ("result" in message or "error" in message):
            return  # a response: the server sends no requests, so there is nothing to match
        params = message.get("params", {})
        if not isinstance(method, str) or ("id" in message and not _valid_id(message["id"])):
            self.error(_id_of(message), INVALID_REQUEST, "Invalid Request")
            return
        if "id" not in message:
            self.notified(method, params)
        elif not isinstance(params, dict):
            self.error(message["id"], INVALID_PARAMS, "Invalid params: params must be an object")
        else:
            if bad_byte is not None and method == "tools/call":
                params = {**params, "arguments": {_BAD_TEXT: NOT_UTF8.format(at=bad_byte)}}
            elif _SURROGATE_ESCAPE.search(line):
                params = _without_lone_surrogates(method, params)
            self.requested(message["id"], method, params)

    def notified(self, method: str, params: Any) -> None:
        """notifications/cancelled drops the call's answer; the rest need nothing."""
        if method == "notifications/cancelled" and isinstance(params, dict):
            request_id = params.get("requestId")
            if _valid_id(request_id):
                call = self._pending.get(_key(request_id))
                if call is not None:
                    call.cancelled = True

    def requested(self, request_id: str | int, method: str, params: dict[str, Any]) -> None:
        if self.log:
            tool = params.get("name") if method == "tools/call" else None
            self.log(f"mcp: {method} {tool}" if isinstance(tool, str) else f"mcp: {method}")
        if method == "initialize":
            self.initialize(request_id, params)
        elif method == "ping":
            self.answer(request_id, {})
        elif method == "tools/list":
            self.answer(request_id, {"tools": self.tools().listed})
        elif method == "tools/call":
            self.call(request_id, params)
        else:
            self.error(request_id, METHOD_NOT_FOUND, "Method not found", method)

    def initialize(self, request_id: str | int, params: dict[str, Any]) -> None:
        """Answered first and at once, then the tools are imported (before the next
        line is read), so the client's tools/list that follows finds them."""
        asked = params.get("protocolVersion")
        if not isinstance(asked, str):
            self.error(request_id, INVALID_PARAMS, "Invalid params: protocolVersion is required")
            return
        result: dict[str, Any] = {
            "protocolVersion": asked if asked in PROTOCOL_VERSIONS else PROTOCOL_VERSIONS[0],
            "capabilities": {"tools": {"listChanged": False}},
            "serverInfo": {"name": "memctl", "version": __version__},
        }
        if self.config.memory.tools:
            result["instructions"] = INSTRUCTIONS
        self.answer(request_id, result)
        self.tools()

    def call(self, request_id: str | int, params: dict[str, Any]) -> None:
        name, arguments = params.get("name"), params.get("arguments")
        if not isinstance(name, str) or not isinstance(arguments, dict | None):
            self.error(
                request_id,
                INVALID_PARAMS,
                "Invalid params: tools/call needs a tool name and an arguments object",
            )
            return
        if arguments is not None and _BAD_TEXT in arguments:
            self.answer(request_id, _text_result(f"Error: {arguments[_BAD_TEXT]}", True))
            return
        self.tools()
        call = _Call(request_id, name, arguments)
        self._pending[_key(request_id)] = call
        if self._worker is None:
            self._worker = threading.Thread(target=self._work, name="memctl-mcp", daemon=True)
            self._worker.start()
        self._queue.put(call)

    def tools(self) -> _Tools:
        """The tools' schemas and dispatch, imported on first need."""
        if self._tools is None:
            from memctl.agents.export import refreshed_lines
            from memctl.models.resolve import resolve_embedder
            from memctl.turn.tools import MEMORY_TOOL_NAMES, run_tool

            self._tools = _Tools(
                offered_tools(self.config),
                run_tool,
                MEMORY_TOOL_NAMES,
                resolve_embedder(self.config),  # memory_recall's, for the server's life
                refreshed_lines,  # memory_forget's exports: this server is above agents
            )
        return self._tools

    def _work(self) -> None:
        """The worker: the calls in order of arrival, until the None that ends them."""
        tools = self.tools()  # imported by the main thread before the first call came
        while (call := self._queue.get()) is not None:
            with self._busy:
                if not call.cancelled:
                    # run_tool never raises: a bad argument or a bug comes back as text.
                    outcome = tools.run(
                        self.ws,
                        self.config,
                        call.name,
                        call.arguments,
                        tools.names,
                        embedder=tools.embedder,
                        exports=tools.exports,
                    )
                    if not call.cancelled:
                        self.answer(call.request_id, _text_result(outcome.text, outcome.is_error))
                self._pending.pop(_key(call.request_id), None)

    # ------------------------------------------------------------------ ending

    def finish(self) -> None:
        """stdin ended: answer every call already received, then return."""
        if self._worker is not None:
            self._queue.put(None)
            self._worker.join()

    def stop(self) -> None:
        """A signal: drop the calls not started, give the one under way STOP_GRACE."""
        for call in list(self._pending.values()):
            call.cancelled = True
        if self._busy.acquire(timeout=STOP_GRACE):
            self._busy.release()


_BAD_TEXT = "\0memctl: bad text"
"""The arguments a tools/call holding a lone surrogate or bytes that are not UTF-8 is
given instead of its own (the error to answer with)."""


def _without_lone_surrogates(method: str, params: dict[str, Any]) -> dict[str, Any]:
    """`params` with no lone surrogate (`"\\ud800"` is valid JSON but not text, and
    cannot be written as UTF-8). A tools/call holding one gets arguments that make it
    answer with an error; in any other request it becomes U+FFFD."""
    text = json.dumps(params, ensure_ascii=False)
    try:
        text.encode("utf-8")
        return params
    except UnicodeEncodeError:
        pass
    if method == "tools/call":
        return {**params, "arguments": {_BAD_TEXT: LONE_SURROGATE}}
    cleaned: dict[str, Any] = json.loads(text.encode("utf-8", "replace").decode("utf-8"))
    return cleaned


def _text_result(text: str, is_error: bool) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": text}], "isError": is_error}


def _valid_id(value: Any) -> TypeGuard[str | int]:
    """MCP's request ids: a string or an integer (not null, not a boolean)."""
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def _id_of(message: Any) -> str | int | None:
    """The id to answer an invalid request under: its own, when that is a valid id."""
    value = message.get("id") if isinstance(message, dict) else None
    return value if _valid_id(value) else None


def _key(request_id: str | int) -> str:
    """1 and "1" are different ids."""
    return json.dumps(request_id)


def _claim_stdio() -> tuple[BinaryIO, BinaryIO]:
    """The transport's own copies of stdin and stdout. File descriptor 1 then points
    at stderr and 0 at the null device, as the SDK's transport does: a stray print or
    a child process cannot corrupt the protocol, nor eat the client's messages."""
    sys.stdout.flush()
    reader = os.fdopen(os.dup(0), "rb")
    writer = os.fdopen(os.dup(1), "wb")
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    os.dup2(2, 1)
    return reader, writer


def serve_stdio(
    ws: Workspace,
    config: Config,
    log: Callable[[str], None] | None = None,
    ready: Callable[[], None] | None = None,
) -> int | None:
    """Serve until the client closes stdin (every call received is answered first),
    or until SIGINT or SIGTERM: a client stops its servers with them, a person at a
    terminal with Ctrl-C. Returns the signal that ended it (None: stdin ended). `log`
    (for -v) gets a line per request; otherwise stderr stays empty unless something is
    wrong. `ready` is called once the signals are handled here, so that a line telling
    a person that Ctrl-C ends the server is true when it shows: a Ctrl-C right after it
    ends the server as any later one does. A SIGINT ignored on entry (`memctl mcp &`
    from a script) stays ignored, as a shell leaves a trap on it, and each handler
    found on entry is put back on return (review34 F10)."""
    previous = {
        signum: signal.getsignal(signum)
        for signum in (signal.SIGINT, signal.SIGTERM)
        if not (signum == signal.SIGINT and signal.getsignal(signum) == signal.SIG_IGN)
    }
    server: Server | None = None
    try:
        for signum in previous:
            signal.signal(signum, _stop)
        try:
            reader, writer = _claim_stdio()
            server = Server(ws, config, writer, log)
            if ready is not None:
                ready()
            while line := reader.readline():
                if line.strip():
                    try:
                        text, bad = line.decode("utf-8"), None
                    except UnicodeDecodeError as exc:
                        text, bad = line.decode("utf-8", "replace"), exc.start
                    server.receive(text, bad)
            server.finish()
            return None
        except _Stop as stop:
            if server is not None:
                server.stop()
            return stop.signum
    except _Stop as again:
        return again.signum  # a second signal during the grace
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, signal.SIG_DFL if handler is None else handler)
