"""A loopback OpenAI-compatible chat-completions server for tests.

The litellm path is tested over real HTTP with real litellm, so what breaks in
production (status codes, bodies litellm cannot parse, timeouts, refused
connections, context-length errors) breaks here too. A test queues the answers it
wants; requests that find the queue empty get `default(request_json)`.

    server.reply("text")                 one normal answer (finish_reason= to say "length")
    server.reply_tool_calls([{"name": "memory_search", "arguments": {"query": "x"}}])
    server.fail(500)                     an HTTP error (429 takes retry_after=)
    server.garbage()                     200 with a non-JSON body
    server.empty()                       200 with content null and no tool calls
    server.truncated()                   200 whose JSON body stops half-way (Content-Length fits)
    server.dropped()                     200 whose connection closes half-way through the body
    server.reset()                       200 whose connection is reset (RST) half-way through the body
    server.slow(seconds, "text")         an answer after a delay
    server.overflow()                    400 context_length_exceeded
    server.context_window = 8192         larger requests overflow automatically
    server.requests                      the JSON bodies received, in order
    server.request_headers               their headers (names in lower case)
"""

from __future__ import annotations

import itertools
import json
import re
import socket
import struct
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import yaml

CHARS_PER_TOKEN = 4
DEFAULT_OVERFLOW_WINDOW = 8192
TEST_KEY_ENV = "MEMCTL_TEST_KEY"
TEST_KEY = "sk-loopback-test"
TEST_MODEL = "openai:test-model"


@dataclass
class _Answer:
    """One HTTP response to send, optionally after a delay.

    A chat completion keeps its body as a dict (`completion`) until it is sent, so the
    id and the prompt token count can come from the request it answers.
    """

    status: int
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    completion: dict[str, Any] | None = None
    cut: str | None = None
    """`body`: send half the JSON as a complete response; `connection`: announce the whole
    body, send half, and close; `reset`: the same, but abort the connection (RST, not FIN)."""
    stream: bool = False
    """The request asked for a stream: a completion goes as server-sent events."""


def estimate_tokens(body: bytes) -> int:
    """The server's own size measure of a request: characters of the JSON body / 4."""
    return len(body.decode("utf-8", "replace")) // CHARS_PER_TOKEN


class LLMServer:
    """The queue of answers and the record of requests, shared with the handler threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._queue: deque[_Answer] = deque()
        self._ids = itertools.count(1)
        self._stopping = threading.Event()
        self.requests: list[dict[str, Any]] = []
        self.request_headers: list[dict[str, str]] = []
        self.context_window: int | None = None
        self.default: Callable[[dict[str, Any]], str] = lambda request: "NO_REPLY"
        self.stream_pause = 0.0
        """Seconds between the pieces of a streamed answer."""
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self._httpd.daemon_threads = True
        # A short poll interval: shutdown() waits for the loop to notice, once per test.
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    # ------------------------------------------------------------------ lifecycle

    @property
    def port(self) -> int:
        return self._httpd.server_address[1]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> LLMServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        """Wake any slow answer, stop serving and free the port."""
        self._stopping.set()
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    # ------------------------------------------------------------------ queueing

    @property
    def pending(self) -> int:
        """Answers queued and not yet sent (a test can check that all were used)."""
        with self._lock:
            return len(self._queue)

    def _push(self, answer: _Answer) -> None:
        with self._lock:
            self._queue.append(answer)

    def reply(
        self,
        text: str,
        *,
        prompt_tokens: int | None = None,
        completion_tokens: int = 7,
        finish_reason: str = "stop",
    ) -> None:
        """Queue one normal answer; usage is reported as given (prompt defaults to the estimate).

        `finish_reason="length"` is a model that stopped at its output limit.
        """
        answer = self._completion_answer(text, None, prompt_tokens, completion_tokens)
        assert answer.completion is not None
        answer.completion["choices"][0]["finish_reason"] = finish_reason
        self._push(answer)

    def reply_tool_calls(self, calls: list[dict[str, Any]], text: str | None = None) -> None:
        """Queue an answer that calls tools: [{"name": ..., "arguments": dict|str, "id"?: ...}]."""
        tool_calls = []
        for number, call in enumerate(calls, 1):
            arguments = call.get("arguments", {})
            if not isinstance(arguments, str):
                arguments = json.dumps(arguments)
            tool_calls.append(
                {
                    "id": call.get("id", f"call_{number}"),
                    "type": "function",
                    "function": {"name": call["name"], "arguments": arguments},
                }
            )
        self._push(self._completion_answer(text, tool_calls, None, 7))

    def fail(
        self, status: int, message: str | None = None, *, retry_after: float | None = None
    ) -> None:
        """Queue an HTTP error with an OpenAI-style error body."""
        message = message or f"loopback server error {status}"
        body = {"error": {"message": message, "type": "server_error", "code": str(status)}}
        headers = {} if retry_after is None else {"Retry-After": f"{retry_after:g}"}
        self._push(_Answer(status, json.dumps(body).encode(), headers))

    def garbage(self) -> None:
        """Queue a 200 whose body is not JSON."""
        self._push(_Answer(200, b"<html>this is not json</html>", {"Content-Type": "text/html"}))

    def empty(self) -> None:
        """Queue a 200 whose message has content null and no tool calls."""
        self._push(self._completion_answer(None, None, None, 0))

    def truncated(self, text: str = "an answer that never arrives whole") -> None:
        """Queue a 200 whose JSON body stops half-way, its Content-Length matching."""
        answer = self._completion_answer(text, None, None, 7)
        answer.cut = "body"
        self._push(answer)

    def dropped(self, text: str = "an answer that never arrives whole") -> None:
        """Queue a 200 that announces the whole body, sends half, and closes the connection."""
        answer = self._completion_answer(text, None, None, 7)
        answer.cut = "connection"
        self._push(answer)

    def reset(self, text: str = "an answer that never arrives whole") -> None:
        """Queue a 200 that announces the whole body, sends half, and resets the connection
        (SO_LINGER 0), as a proxy or load balancer that drops it mid-answer does."""
        answer = self._completion_answer(text, None, None, 7)
        answer.cut = "reset"
        self._push(answer)

    def slow(self, seconds: float, text: str) -> None:
        """Queue an answer sent only after `seconds` (or when the server stops)."""
        answer = self._completion_answer(text, None, None, 7)
        answer.delay = seconds
        self._push(answer)

    def overflow(self, window: int | None = None) -> None:
        """Queue the 400 an OpenAI model gives for a request larger than its window."""
        self._push(self._overflow_answer(window or self.context_window or DEFAULT_OVERFLOW_WINDOW))

    # ------------------------------------------------------------------ answers

    def _overflow_answer(self, window: int, requested: int | None = None) -> _Answer:
        requested_text = (
            f"However, your messages resulted in {requested} tokens. " if requested else ""
        )
        body = {
            "error": {
                "message": (
                    f"This model's maximum context length is {window} tokens. "
                    f"{requested_text}Please reduce the length of the messages."
                ),
                "type": "invalid_request_error",
                "param": "messages",
                "code": "context_length_exceeded",
            }
        }
        return _Answer(400, json.dumps(body).encode())

    def _completion_answer(
        self,
        text: str | None,
        tool_calls: list[dict[str, Any]] | None,
        prompt_tokens: int | None,
        completion_tokens: int,
    ) -> _Answer:
        """A chat.completion body; prompt_tokens None is filled in from the request."""
        message: dict[str, Any] = {"role": "assistant", "content": text}
        if tool_calls:
            message["tool_calls"] = tool_calls
        body = {
            "id": "",
            "object": "chat.completion",
            "created": 0,
            "model": "test-model",
            "choices": [
                {
                    "index": 0,
                    "message": message,
                    "finish_reason": "tool_calls" if tool_calls else "stop",
                }
            ],
            "usage": {
                "prompt_tokens": prompt_tokens,
                "completion_tokens": completion_tokens,
                "total_tokens": None,
            },
        }
        return _Answer(200, completion=body)

    def _finish(self, answer: _Answer, request_tokens: int) -> _Answer:
        """Give a completion body its id, time and token counts at the moment it is sent."""
        if answer.completion is None:
            return answer
        body = json.loads(json.dumps(answer.completion))
        body["id"] = f"chatcmpl-loopback-{next(self._ids)}"
        body["created"] = int(time.time())
        usage = body["usage"]
        if usage["prompt_tokens"] is None:
            usage["prompt_tokens"] = request_tokens
        usage["total_tokens"] = usage["prompt_tokens"] + usage["completion_tokens"]
        return _Answer(200, json.dumps(body).encode(), answer.headers, answer.delay, cut=answer.cut)

    def answer_for(self, raw: bytes, headers: dict[str, str] | None = None) -> _Answer:
        """Record the request and pick its answer: overflow, queued, or the default."""
        try:
            request = json.loads(raw)
        except ValueError:
            return _Answer(400, b'{"error": {"message": "request body is not JSON"}}')
        tokens = estimate_tokens(raw)
        with self._lock:
            self.requests.append(request)
            self.request_headers.append({k.lower(): v for k, v in (headers or {}).items()})
            if self.context_window is not None and tokens > self.context_window:
                return self._overflow_answer(self.context_window, tokens)
            queued = self._queue.popleft() if self._queue else None
        if queued is None:
            queued = self._completion_answer(str(self.default(request)), None, None, 7)
        finished = self._finish(queued, tokens)
        finished.stream = bool(request.get("stream")) and queued.completion is not None
        return finished

    def wait(self, seconds: float) -> None:
        """Sleep for a slow answer, but no longer than the server lives."""
        self._stopping.wait(seconds)


def _handler_for(server: LLMServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        """HTTP/1.0: one request per connection, so no pooled connection outlives a test."""

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            if not self.path.rstrip("/").endswith("/chat/completions"):
                self._send(_Answer(404, b'{"error": {"message": "only /v1/chat/completions"}}'))
                return
            answer = server.answer_for(raw, dict(self.headers.items()))
            if answer.delay:
                server.wait(answer.delay)
            self._send(answer)

        def _send(self, answer: _Answer) -> None:
            if answer.stream and answer.status == 200:
                self._send_stream(answer)
                return
            try:
                self.send_response(answer.status)
                headers = {"Content-Type": "application/json", **answer.headers}
                for name, value in headers.items():
                    self.send_header(name, value)
                body = answer.body[: len(answer.body) // 2] if answer.cut else answer.body
                announced = answer.body if answer.cut in ("connection", "reset") else body
                self.send_header("Content-Length", str(len(announced)))
                self.end_headers()
                self.wfile.write(body)
                if answer.cut == "reset":
                    self._reset()
            except OSError:
                pass  # the client gave up (a timeout test); nothing left to tell it

        def _reset(self) -> None:
            """Abort the connection: with SO_LINGER 0, close() sends RST, not FIN. The
            pause lets the client read the headers and the half body first, so what it
            sees is a reset in the middle of the answer, not before it."""
            self.wfile.flush()
            time.sleep(0.2)
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()

        def _send_stream(self, answer: _Answer) -> None:
            """The completion as server-sent events, as OpenAI streams it: the text in
            word-sized pieces (each pausing `stream_pause`), then the tool calls, the
            finish reason and the usage, then `[DONE]`."""
            body = json.loads(answer.body)
            choice, usage = body["choices"][0], body["usage"]
            message = choice["message"]
            base = {k: body[k] for k in ("id", "created", "model")}

            def event(delta: dict[str, Any], finish: str | None = None, **extra: Any) -> bytes:
                chunk = {
                    **base,
                    "object": "chat.completion.chunk",
                    "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
                    **extra,
                }
                return b"data: " + json.dumps(chunk).encode() + b"\n\n"

            try:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                self.wfile.write(event({"role": "assistant", "content": ""}))
                for piece in re.findall(r"\S+\s*|\s+", message.get("content") or ""):
                    self.wfile.write(event({"content": piece}))
                    self.wfile.flush()
                    server.wait(server.stream_pause)
                for index, call in enumerate(message.get("tool_calls") or []):
                    self.wfile.write(event({"tool_calls": [{"index": index, **call}]}))
                self.wfile.write(event({}, choice["finish_reason"], usage=usage))
                self.wfile.write(b"data: [DONE]\n\n")
            except OSError:
                pass

        def log_message(self, format: str, *args: Any) -> None:
            """Quiet: pytest output is for the tests."""

    return Handler


def write_model_config(
    workspace: Path, server: LLMServer, *, context_window: int | None = 32768, **extra: Any
) -> Path:
    """Point the workspace's memctl.yaml at the server; `extra` is merged into the document.

    `context_window=None` leaves the window out of the model mapping, so memctl has to
    learn it from an overflow error. Nested mappings in `extra` are merged key by key,
    e.g. `model={"timeout": "1s"}` changes only the timeout.
    """
    model: dict[str, Any] = {
        "name": TEST_MODEL,
        "api_base": server.url,
        "api_key_env": TEST_KEY_ENV,
        "max_retries": 0,
        "timeout": "5s",
    }
    if context_window is not None:
        model["context_window"] = context_window
    document = _merge({"model": model}, extra)
    path = Path(workspace) / "memctl.yaml"
    path.write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
    return path


def _merge(base: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def lossy_summary(request: dict[str, Any]) -> str:
    """An answer that summarises the way a hurried model does: the first sentence of the
    conversation and nothing else (the paths, ids and tasks after it are lost); every
    other request (a flush) gets NO_REPLY, so nothing reaches the ledger either."""
    if "summarise conversations" not in str(request["messages"][0].get("content")):
        return "NO_REPLY"
    prompt = str(request["messages"][-1].get("content"))
    conversation = prompt.split("<conversation>", 1)[-1].split("</conversation>", 1)[0]
    text = re.sub(r"\[[A-Z]+\]:\s*", "", conversation).strip()
    first = re.split(r"(?<=[.!?])\s", text, maxsplit=1)[0]
    return f"The conversation began: {first[:200]}"
