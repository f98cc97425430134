"""Raw JSON-RPC to `memctl mcp` over pipes, for what the SDK's client does not show
(what stdout carries, how the server exits)."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

READ_TIMEOUT = 120  # a hang guard: litellm and the SDK import slowly on a loaded machine


def server_command(root: Path) -> list[str]:
    return [sys.executable, "-m", "memctl", "-w", str(root), "mcp"]


def rpc(request_id: int, method: str, params: dict[str, Any]) -> str:
    return json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})


HANDSHAKE = [
    rpc(
        1,
        "initialize",
        {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "raw", "version": "0"},
        },
    ),
    json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}),
]


@dataclass
class Conversation:
    returncode: int
    stdout: list[str]
    stderr: str


def converse(command: list[str], requests: list[str]) -> Conversation:
    """Speak raw JSON-RPC to a server on pipes: send `requests`, read stdout until every
    request id has its answer, then close stdin as a client does and let it exit."""
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    watchdog = threading.Timer(READ_TIMEOUT, process.kill)  # a hang fails instead of blocking
    watchdog.start()
    try:
        assert process.stdin and process.stdout and process.stderr
        process.stdin.write("".join(request + "\n" for request in requests))
        process.stdin.flush()
        waiting = {json.loads(request)["id"] for request in requests if '"id"' in request}
        lines: list[str] = []
        while waiting and (line := process.stdout.readline()):
            lines.append(line)
            waiting.discard(json.loads(line).get("id"))
        process.stdin.close()
        lines += process.stdout.readlines()
        stderr = process.stderr.read()
        return Conversation(process.wait(), lines, stderr)
    finally:
        watchdog.cancel()
        _close(process)


class LiveServer:
    """A server on pipes spoken to a message at a time, for what depends on when a
    message arrives (a cancellation, a signal). stderr is merged into stdout when
    `merge_stderr`, so the order of its lines against the answers is kept."""

    def __init__(self, command: list[str], merge_stderr: bool = False) -> None:
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT if merge_stderr else subprocess.PIPE,
            text=True,
        )
        self.watchdog = threading.Timer(READ_TIMEOUT, self.process.kill)
        self.watchdog.start()

    def send(self, *messages: str) -> None:
        assert self.process.stdin
        self.process.stdin.write("".join(message + "\n" for message in messages))
        self.process.stdin.flush()

    def line(self) -> str:
        assert self.process.stdout
        return self.process.stdout.readline()

    def answer(self) -> dict[str, Any]:
        """The next message on stdout (the server is expected to write one)."""
        line = self.line()
        assert line, "the server ended without answering"
        message: dict[str, Any] = json.loads(line)
        return message

    def end(self, timeout: float) -> Conversation:
        """Close stdin, wait up to `timeout` seconds for the exit, return the rest."""
        assert self.process.stdin and self.process.stdout
        if not self.process.stdin.closed:
            self.process.stdin.close()
        try:
            returncode = self.process.wait(timeout)
            rest = self.process.stdout.readlines()
            stderr = self.process.stderr.read() if self.process.stderr else ""
            return Conversation(returncode, rest, stderr)
        finally:
            self.watchdog.cancel()
            _close(self.process)


def _close(process: subprocess.Popen[str]) -> None:
    """Kill the server if it still runs, and close its pipes (no ResourceWarning)."""
    process.kill()
    process.wait()
    for stream in (process.stdin, process.stdout, process.stderr):
        if stream:
            stream.close()
