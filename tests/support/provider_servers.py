"""Loopback servers that speak the wire protocols of the providers people run.

`tests/support/llm_server.py` speaks OpenAI's chat completions. These speak the Anthropic
Messages API, Gemini's generateContent, Ollama's /api/chat, vLLM and llama.cpp's
OpenAI endpoints, each with the error bodies and status codes the real server sends,
so memctl is tested through real litellm against what users actually run:

    anthropic  POST /v1/messages            {"type": "error", "error": {"type", "message"}}
               400 "prompt is too long: N tokens > M maximum"
               400 "input length and `max_tokens` exceed context limit: I + O > W"
               429 rate_limit_error (retry-after), 529 overloaded_error, 500 api_error
    gemini     POST /v1beta/models/M:generateContent   {"error": {"code", "message", "status"}}
               400 INVALID_ARGUMENT "The input token count (N) exceeds the maximum number
               of tokens allowed (M).", 429 RESOURCE_EXHAUSTED, 500 INTERNAL, 503 UNAVAILABLE
    ollama     POST /api/chat                {"error": "..."}; no overflow error: it cuts
               the prompt to `options.num_ctx` (2048 when not sent) without a word
    vllm       POST /v1/chat/completions     old {"object": "error", ...} or new
               {"error": {...}} "This model's maximum context length is W tokens. ..."
    llamacpp   POST /v1/chat/completions     {"error": {"code", "message", "type"}}; overflow
               is exceed_context_size_error with n_prompt_tokens and n_ctx (new servers)
               or invalid_request_error with no numbers (old servers)

    responses  POST /v1/responses           OpenAI's Responses API, as Codex speaks it
               (`wire_api = "responses"`): always server-sent events

The agents themselves (tests/system/agents/) stream: a request with `"stream": true`
gets the provider's server-sent events, the sequence the real API sends (Anthropic:
message_start, content_block_start/delta/stop, message_delta, message_stop; Responses:
response.created, response.output_item.added, response.output_text.delta,
response.output_item.done, response.completed), and Anthropic's
`POST /v1/messages/count_tokens` is answered with the estimate (not recorded).

A request is measured as llm_server measures it (JSON characters / 4). Every request
is recorded twice: `raw` as sent, `requests` in OpenAI's shape ({"messages": [{"role",
"content"}]}) so one test helper can tell a flush from a summary for every provider.
"""

from __future__ import annotations

import itertools
import json
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import yaml

from tests.support.llm_server import TEST_KEY_ENV, estimate_tokens

KINDS = ("anthropic", "gemini", "ollama", "vllm", "llamacpp", "responses")
MODEL_NAMES = {
    # Names litellm has no model info for: the window is not known until an error says it.
    "anthropic": "anthropic:claude-memctl-test",
    "gemini": "gemini:gemini-memctl-test",
    "ollama": "ollama_chat:llama3.1:8b",
    "vllm": "hosted_vllm:memctl-test",
    "llamacpp": "openai:memctl-test",
    "responses": "openai:memctl-test",
}
OLLAMA_DEFAULT_NUM_CTX = 2048


@dataclass
class Answer:
    """One HTTP response: a status, a JSON body (or a reply to format), headers."""

    status: int
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    text: str | None = None
    tool_calls: list[dict[str, Any]] | None = None


class ProviderServer:
    """One fake provider on 127.0.0.1; `kind` picks the protocol (see the module doc)."""

    def __init__(self, kind: str, *, vllm_old_errors: bool = False, llamacpp_old: bool = False):
        assert kind in KINDS, kind
        self.kind = kind
        self.model = MODEL_NAMES[kind]
        self.vllm_old_errors = vllm_old_errors
        self.llamacpp_old = llamacpp_old
        self.context_window: int | None = None
        self.default: Callable[[dict[str, Any]], str] = lambda request: "NO_REPLY"
        self.requests: list[dict[str, Any]] = []
        self.raw: list[dict[str, Any]] = []
        self.paths: list[str] = []
        self.headers: list[dict[str, str]] = []
        self.overflows = 0
        """Requests answered with the context-length error because they were too large."""
        self._queue: deque[Answer] = deque()
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    # ------------------------------------------------------------------ lifecycle

    @property
    def address(self) -> tuple[str, int]:
        host, port = self._httpd.server_address[:2]
        return str(host), int(port)

    @property
    def url(self) -> str:
        """The api_base a user configures: the shape the README documents."""
        root = f"http://127.0.0.1:{self.address[1]}"
        return {
            "anthropic": root,  # litellm appends /v1/messages
            "gemini": f"{root}/v1beta",
            "ollama": root,  # litellm appends /api/chat
        }.get(self.kind, f"{root}/v1")

    def start(self) -> ProviderServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    # ------------------------------------------------------------------ queueing

    def reply(self, text: str) -> None:
        self._queue.append(Answer(200, text=text))

    def reply_tool_calls(self, calls: list[dict[str, Any]], text: str = "") -> None:
        """[{"name": ..., "arguments": dict, "id"?: ...}] in the provider's own shape."""
        self._queue.append(Answer(200, text=text, tool_calls=calls))

    def empty(self) -> None:
        """A 200 with no text and no tool calls (content "" in the provider's shape)."""
        self._queue.append(Answer(200, text=""))

    def fail(self, status: int, *, retry_after: float | None = None) -> None:
        """The provider's own error for `status` (429, 500, 503, 529, ...)."""
        headers = {} if retry_after is None else {"retry-after": f"{retry_after:g}"}
        self._queue.append(Answer(status, self.error_body(status), headers))

    def overflow(self, window: int, requested: int = 0, output: int = 0) -> None:
        """The provider's context-length error for a window of `window` tokens."""
        status, body = self.overflow_error(window, requested or window + 1000, output)
        self._queue.append(Answer(status, body))

    @property
    def pending(self) -> int:
        return len(self._queue)

    # ------------------------------------------------------------------ the provider's bodies

    def error_body(self, status: int, message: str | None = None) -> Any:
        if self.kind == "anthropic":
            kind, text = {
                400: ("invalid_request_error", "invalid request"),
                401: ("authentication_error", "invalid x-api-key"),
                404: ("not_found_error", "model: claude-memctl-test"),
                429: ("rate_limit_error", "Number of request tokens has exceeded your rate limit"),
                529: ("overloaded_error", "Overloaded"),
            }.get(status, ("api_error", "Internal server error"))
            return {
                "type": "error",
                "error": {"type": kind, "message": message or text},
                "request_id": "req_011CSHoEeqs5C35K2UUqR7Fy",
            }
        if self.kind == "gemini":
            state, text = {
                400: ("INVALID_ARGUMENT", "Request contains an invalid argument."),
                429: ("RESOURCE_EXHAUSTED", "Resource has been exhausted (e.g. check quota)."),
                503: ("UNAVAILABLE", "The model is overloaded. Please try again later."),
            }.get(status, ("INTERNAL", "An internal error has occurred. Please retry."))
            return {"error": {"code": status, "message": message or text, "status": state}}
        if self.kind == "ollama":
            text = {
                404: 'model "llama3.1:8b" not found, try pulling it first',
                503: "server busy, please try again.  maximum pending requests exceeded",
            }.get(status, "llama runner process has terminated: signal: killed")
            return {"error": message or text}
        if self.kind == "vllm":
            error = {
                "message": message or f"vLLM error {status}",
                "type": "BadRequestError" if status < 500 else "InternalServerError",
                "param": None,
                "code": status,
            }
            return {"object": "error", **error} if self.vllm_old_errors else {"error": error}
        kind = {503: "unavailable_error", 400: "invalid_request_error"}.get(status, "server_error")
        text = {503: "Loading model"}.get(status, f"llama.cpp error {status}")
        return {"error": {"code": status, "message": message or text, "type": kind}}

    def overflow_error(self, window: int, requested: int, output: int) -> tuple[int, Any]:
        if self.kind == "anthropic":
            if requested <= window:
                text = (
                    "input length and `max_tokens` exceed context limit: "
                    f"{requested} + {output} > {window}, decrease input length or `max_tokens` "
                    "and try again"
                )
            else:
                text = f"prompt is too long: {requested} tokens > {window} maximum"
            return 400, self.error_body(400, text)
        if self.kind == "gemini":
            text = (
                f"The input token count ({requested}) exceeds the maximum number of tokens "
                f"allowed ({window})."
            )
            return 400, self.error_body(400, text)
        if self.kind == "vllm":
            text = (
                f"This model's maximum context length is {window} tokens. However, you "
                f"requested {requested + output} tokens ({requested} in the messages, {output} "
                "in the completion). Please reduce the length of the messages or completion."
            )
            return 400, self.error_body(400, text)
        if self.kind == "llamacpp":
            if self.llamacpp_old:
                text = "the request exceeds the available context size, try increasing it"
                return 400, {
                    "error": {"code": 400, "message": text, "type": "invalid_request_error"}
                }
            text = (
                f"request ({requested} tokens) exceeds the available context size "
                f"({window} tokens), try increasing it"
            )
            error = {
                "code": 400,
                "message": text,
                "type": "exceed_context_size_error",
                "n_prompt_tokens": requested,
                "n_ctx": window,
            }
            return 400, {"error": error}
        raise AssertionError("Ollama has no overflow error: it truncates")

    # ------------------------------------------------------------------ requests

    def answer_for(self, path: str, raw: bytes, headers: dict[str, str]) -> Answer:
        try:
            request = json.loads(raw)
        except ValueError:
            return Answer(400, self.error_body(400, "request body is not JSON"))
        with self._lock:
            self.paths.append(path)
            self.raw.append(request)
            self.headers.append({k.lower(): v for k, v in headers.items()})
            self.requests.append({"messages": self.messages_of(request)})
            if not self._path_ok(path):
                return Answer(404, self.error_body(404, f"no route {path}"))
            tokens = estimate_tokens(raw)
            output = int(request.get("max_tokens") or 0) if self.kind == "anthropic" else 0
            window = self.context_window
            if window is not None and tokens + output > window and self.kind != "ollama":
                self.overflows += 1
                status, body = self.overflow_error(window, tokens, output)
                return Answer(status, body)
            queued = self._queue.popleft() if self._queue else None
        if queued is None:
            queued = Answer(200, text=str(self.default(self.requests[-1])))
        return queued

    def _path_ok(self, path: str) -> bool:
        path = path.split("?", 1)[0]
        return {
            "anthropic": path == "/v1/messages",
            "gemini": path.startswith("/v1beta/models/") and path.endswith(":generateContent"),
            "ollama": path == "/api/chat",
            "responses": path == "/v1/responses",
        }.get(self.kind, path == "/v1/chat/completions")

    def messages_of(self, request: dict[str, Any]) -> list[dict[str, Any]]:
        """The request's messages in OpenAI's shape: role and text content."""
        if self.kind == "anthropic":
            out = []
            system = request.get("system")
            if system:
                out.append({"role": "system", "content": _texts(system)})
            for message in request.get("messages", []):
                out.append({"role": message["role"], "content": _texts(message["content"])})
            return out
        if self.kind == "gemini":
            out = []
            system = request.get("system_instruction") or request.get("systemInstruction")
            if system:
                out.append({"role": "system", "content": _texts(system.get("parts", []))})
            for content in request.get("contents", []):
                role = "assistant" if content.get("role") == "model" else "user"
                out.append({"role": role, "content": _texts(content.get("parts", []))})
            return out
        if self.kind == "responses":
            instructions = request.get("instructions")
            out = [{"role": "system", "content": instructions}] if instructions else []
            items = request.get("input", [])
            items = [{"role": "user", "content": items}] if isinstance(items, str) else items
            for item in items:
                if item.get("type", "message") == "message":
                    out.append({"role": item.get("role"), "content": _texts(item["content"])})
            return out
        return [
            {"role": m.get("role"), "content": _texts(m.get("content") or "")}
            for m in request.get("messages", [])
        ]

    def success_body(self, answer: Answer, request: dict[str, Any], tokens: int) -> Any:
        text, calls = answer.text or "", answer.tool_calls or []
        number = next(self._ids)
        if self.kind == "anthropic":
            content: list[dict[str, Any]] = [{"type": "text", "text": text}] if text else []
            content += [
                {
                    "type": "tool_use",
                    "id": call.get("id", f"toolu_{number}_{n}"),
                    "name": call["name"],
                    "input": call.get("arguments", {}),
                }
                for n, call in enumerate(calls, 1)
            ]
            return {
                "id": f"msg_{number}",
                "type": "message",
                "role": "assistant",
                "model": request.get("model"),
                "content": content,
                "stop_reason": "tool_use" if calls else "end_turn",
                "stop_sequence": None,
                "usage": {"input_tokens": tokens, "output_tokens": 7},
            }
        if self.kind == "gemini":
            parts: list[dict[str, Any]] = [{"text": text}] if text else []
            parts += [
                {"functionCall": {"name": c["name"], "args": c.get("arguments", {})}} for c in calls
            ]
            return {
                "candidates": [
                    {
                        "content": {"parts": parts or [{"text": ""}], "role": "model"},
                        "finishReason": "STOP",
                        "index": 0,
                    }
                ],
                "usageMetadata": {
                    "promptTokenCount": tokens,
                    "candidatesTokenCount": 7,
                    "totalTokenCount": tokens + 7,
                },
                "modelVersion": "gemini-memctl-test",
            }
        if self.kind == "ollama":
            message: dict[str, Any] = {"role": "assistant", "content": text}
            if calls:
                message["tool_calls"] = [
                    {"function": {"name": c["name"], "arguments": c.get("arguments", {})}}
                    for c in calls
                ]
            return {
                "model": request.get("model"),
                "created_at": "2026-12-03T12:00:00.000000Z",
                "message": message,
                "done": True,
                "done_reason": "stop",
                "total_duration": 1_000_000,
                "prompt_eval_count": tokens,
                "eval_count": 7,
            }
        if self.kind == "responses":
            output: list[dict[str, Any]] = []
            if text:
                output.append(
                    {
                        "type": "message",
                        "id": f"msg_{number}",
                        "status": "completed",
                        "role": "assistant",
                        "content": [{"type": "output_text", "text": text, "annotations": []}],
                    }
                )
            output += [
                {
                    "type": "function_call",
                    "id": f"fc_{number}_{n}",
                    "call_id": c.get("id", f"call_{number}_{n}"),
                    "name": c["name"],
                    "arguments": json.dumps(c.get("arguments", {})),
                    "status": "completed",
                }
                for n, c in enumerate(calls, 1)
            ]
            return {
                "id": f"resp_{number}",
                "object": "response",
                "created_at": 0,
                "status": "completed",
                "model": request.get("model"),
                "output": output,
                "usage": {
                    "input_tokens": tokens,
                    "input_tokens_details": {"cached_tokens": 0},
                    "output_tokens": 7,
                    "output_tokens_details": {"reasoning_tokens": 0},
                    "total_tokens": tokens + 7,
                },
            }
        message = {"role": "assistant", "content": text if text or not calls else None}
        if calls:
            message["tool_calls"] = [
                {
                    "id": c.get("id", f"call_{number}_{n}"),
                    "type": "function",
                    "function": {
                        "name": c["name"],
                        "arguments": json.dumps(c.get("arguments", {})),
                    },
                }
                for n, c in enumerate(calls, 1)
            ]
        return {
            "id": f"chatcmpl-{number}",
            "object": "chat.completion",
            "created": 0,
            "model": request.get("model"),
            "choices": [
                {
                    "index": 0,
                    "message": message,
                    "finish_reason": "tool_calls" if calls else "stop",
                }
            ],
            "usage": {"prompt_tokens": tokens, "completion_tokens": 7, "total_tokens": tokens + 7},
        }


def sse_events(kind: str, body: Any) -> list[tuple[str, dict[str, Any]]]:
    """A success body as the (event, data) sequence the provider streams it in.

    Anthropic: message_start, then per content block its start, deltas and stop, then
    message_delta (stop reason, output tokens) and message_stop. Responses: the body is
    already a `response` object; its output items are added, their text streamed as
    deltas, and each is done before response.completed."""
    if kind == "anthropic":
        start = {**body, "content": [], "stop_reason": None}
        start["usage"] = {**body["usage"], "output_tokens": 1}
        events = [("message_start", {"type": "message_start", "message": start})]
        for index, block in enumerate(body["content"]):
            opened = {**block, "text": ""} if block["type"] == "text" else {**block, "input": {}}
            events.append(("content_block_start", {"index": index, "content_block": opened}))
            if block["type"] == "text":
                delta = {"type": "text_delta", "text": block["text"]}
            else:
                delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
            events.append(("content_block_delta", {"index": index, "delta": delta}))
            events.append(("content_block_stop", {"index": index}))
        stop = {"stop_reason": body["stop_reason"], "stop_sequence": None}
        usage = {"output_tokens": body["usage"]["output_tokens"]}
        events.append(("message_delta", {"delta": stop, "usage": usage}))
        events.append(("message_stop", {}))
        return [(name, {"type": name, **data}) for name, data in events]
    assert kind == "responses", kind
    started = {**body, "status": "in_progress", "output": []}
    events = [("response.created", {"response": started})]
    for index, item in enumerate(body["output"]):
        opened = {**item, "status": "in_progress"}
        if item["type"] == "message":
            opened["content"] = []
        events.append(("response.output_item.added", {"output_index": index, "item": opened}))
        for part, content in enumerate(item.get("content", [])):
            delta = {"item_id": item["id"], "output_index": index, "content_index": part}
            events.append(("response.output_text.delta", {**delta, "delta": content["text"]}))
        events.append(("response.output_item.done", {"output_index": index, "item": item}))
    events.append(("response.completed", {"response": body}))
    return [
        (name, {"type": name, "sequence_number": number, **data})
        for number, (name, data) in enumerate(events)
    ]


def _texts(value: Any) -> str:
    """The text of a content value in any provider's shape (string, blocks, parts)."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "\n".join(_texts(item) for item in value)
    if isinstance(value, dict):
        for key in ("text", "content", "input", "args", "functionCall", "functionResponse"):
            if key in value:
                inner = value[key]
                return inner if isinstance(inner, str) else json.dumps(inner)
    return ""


def _handler_for(server: ProviderServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        """HTTP/1.0: one request per connection, so no pooled connection outlives a test."""

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            if server.kind == "anthropic" and self.path.startswith("/v1/messages/count_tokens"):
                counted = {"input_tokens": estimate_tokens(raw)}
                self._send(200, json.dumps(counted).encode(), {})
                return
            answer = server.answer_for(self.path, raw, dict(self.headers.items()))
            body = answer.body
            if answer.status == 200 and body is None:
                request = server.raw[-1]
                body = server.success_body(answer, request, estimate_tokens(raw))
                if server.kind == "responses" or (
                    server.kind == "anthropic" and request.get("stream")
                ):
                    self._stream(sse_events(server.kind, body))
                    return
            self._send(answer.status, json.dumps(body).encode(), answer.headers)

        def _stream(self, events: list[tuple[str, dict[str, Any]]]) -> None:
            """Server-sent events, `event:` and `data:` lines; the connection's close
            (HTTP/1.0) ends the stream."""
            try:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                self.end_headers()
                for name, data in events:
                    self.wfile.write(f"event: {name}\ndata: {json.dumps(data)}\n\n".encode())
                    self.wfile.flush()
            except OSError:
                pass

        def do_GET(self) -> None:
            self._send(404, b'{"error": "not found"}', {})

        def _send(self, status: int, body: bytes, headers: dict[str, str]) -> None:
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            except OSError:
                pass

        def log_message(self, format: str, *args: Any) -> None:
            """Quiet: pytest output is for the tests."""

    return Handler


def model_mapping(server: ProviderServer, **extra: Any) -> dict[str, Any]:
    """The memctl.yaml model mapping that points at `server` (no window: it is learned)."""
    return {
        "name": server.model,
        "api_base": server.url,
        "api_key_env": TEST_KEY_ENV,
        "max_retries": 0,
        "timeout": "5s",
        **extra,
    }


def write_provider_config(workspace: Path, server: ProviderServer, **extra: Any) -> Path:
    """memctl.yaml for `server`; `model=` entries are merged into the model mapping."""
    model = model_mapping(server, **extra.pop("model", {}))
    path = Path(workspace) / "memctl.yaml"
    path.write_text(yaml.safe_dump({"model": model, **extra}, sort_keys=False), encoding="utf-8")
    return path
