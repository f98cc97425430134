"""Redaction never corrupts structure (issue 11, point 9).

A number is not a secret (`"max_output_tokens": 12000` in a Codex tool call, "We set
max_tokens: 4000"), and redaction inside JSON keeps it JSON: string values lose their
characters, never their quotes, at any depth of JSON-in-a-JSON-string. Checked on a
session in the shape Codex CLI 0.125 writes, through `context`, and through `call`
with an Anthropic model, whose API takes tool-call arguments as parsed JSON (litellm
refuses arguments that do not parse, before any request).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memctl.core.redact import compile_patterns
from tests.support.llm_server import TEST_KEY, TEST_KEY_ENV

REDACTOR = compile_patterns()
SESSION = "019c1a2b-3c4d-7e8f-9a0b-1c2d3e4f5a6b"
GITHUB = "ghp_" + "C0d3x" * 8
PASSWORD = "hunter4-Pw"


def rollout(root: Path) -> Path:
    """A Codex CLI 0.125 rollout: exec_command calls whose arguments hold numbers
    (max_output_tokens, yield_time_ms), a token in a command and JSON inside a string."""

    def line(kind: str, payload: dict[str, Any], second: int) -> str:
        stamp = f"2026-05-04T10:00:{second:02d}.000Z"
        return json.dumps({"timestamp": stamp, "type": kind, "payload": payload}) + "\n"

    commands = [
        "rg -n 'max_tokens' src",
        f"GITHUB_TOKEN={GITHUB} gh pr list",
        f'echo \'{{"password": "{PASSWORD}", "retries": 3}}\' > cfg.json',
        "psql postgres://app:s3cr3t-db-pw@db.internal/shop -c 'select 1'",
        "pytest -q tests/test_tokens.py",
    ]
    lines = [
        line(
            "session_meta",
            {
                "id": SESSION,
                "timestamp": "2026-05-04T10:00:00.000Z",
                "cwd": "/home/dev/shop",
                "originator": "codex_cli_rs",
                "cli_version": "0.125.0",
                "source": "cli",
                "model_provider": "openai",
            },
            0,
        ),
        line(
            "response_item",
            {
                "type": "message",
                "role": "user",
                "content": [{"type": "input_text", "text": "Why do invoices round wrong?"}],
            },
            1,
        ),
    ]
    for number, command in enumerate(commands):
        call_id = f"call_{number:02d}"
        arguments = {
            "cmd": command,
            "workdir": "/home/dev/shop",
            "yield_time_ms": 10000,
            "max_output_tokens": 12000,
            "with_escalated_permissions": False,
            "justification": None,
        }
        lines.append(
            line(
                "response_item",
                {
                    "type": "function_call",
                    "name": "exec_command",
                    "arguments": json.dumps(arguments),
                    "call_id": call_id,
                },
                2 + 2 * number,
            )
        )
        output = (
            "Chunk ID: 4f1c\nWall time: 0.2 seconds\nProcess exited with code 0\n"
            "Original token count: 12\nOutput:\nok\n"
        )
        lines.append(
            line(
                "response_item",
                {"type": "function_call_output", "call_id": call_id, "output": output},
                3 + 2 * number,
            )
        )
    lines.append(
        line(
            "response_item",
            {
                "type": "message",
                "role": "assistant",
                "content": [{"type": "output_text", "text": "We set max_tokens: 4000."}],
            },
            20,
        )
    )
    path = root / f"rollout-2026-05-04T10-00-00-{SESSION}.jsonl"
    path.write_text("".join(lines), encoding="utf-8")
    return path


def imported(cli, workspace: Path, tmp_path: Path) -> None:
    result = cli("-w", workspace, "thread", "import", rollout(tmp_path))
    assert result.exit_code == 0, result.stderr


def tool_arguments(messages: list[dict[str, Any]]) -> list[str]:
    return [
        call["function"]["arguments"]
        for message in messages
        for call in message.get("tool_calls") or []
    ]


def test_codex_arguments_stay_json_in_context(cli, workspace: Path, tmp_path: Path) -> None:
    imported(cli, workspace, tmp_path)

    result = cli("-w", workspace, "context", SESSION)

    assert result.exit_code == 0, result.stderr
    messages = json.loads(result.stdout)["messages"]
    arguments = [json.loads(text) for text in tool_arguments(messages)]  # every one parses
    assert len(arguments) == 5
    assert {(a["max_output_tokens"], a["yield_time_ms"]) for a in arguments} == {(12000, 10000)}
    assert [a["cmd"] for a in arguments][1:4] == [
        "GITHUB_TOKEN=[REDACTED:github_token] gh pr list",
        'echo \'{"password": "[REDACTED:secret]", "retries": 3}\' > cfg.json',
        "psql postgres://app:[REDACTED:url_password]@db.internal/shop -c 'select 1'",
    ]
    assert messages[-1]["content"] == "We set max_tokens: 4000.", messages[-1]
    for secret in (GITHUB, PASSWORD, "s3cr3t-db-pw"):
        assert secret not in result.stdout


class AnthropicServer:
    """The Anthropic Messages API on 127.0.0.1, as far as `call` needs it: every request
    is kept, every answer is one text block."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if not self.path.rstrip("/").endswith("/v1/messages"):
                    self.send_error(404)
                    return
                request = json.loads(body)
                server.requests.append(request)
                answer = json.dumps(
                    {
                        "id": f"msg_{len(server.requests)}",
                        "type": "message",
                        "role": "assistant",
                        "model": request.get("model", "claude"),
                        "content": [{"type": "text", "text": "It rounds half down."}],
                        "stop_reason": "end_turn",
                        "stop_sequence": None,
                        "usage": {"input_tokens": 100, "output_tokens": 6},
                    }
                ).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, format: str, *args: Any) -> None:
                """Quiet: pytest output is for the tests."""

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def anthropic(monkeypatch: pytest.MonkeyPatch) -> Iterator[AnthropicServer]:
    monkeypatch.setenv(TEST_KEY_ENV, TEST_KEY)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.setenv("no_proxy", "127.0.0.1,localhost")
    server = AnthropicServer()
    yield server
    server.stop()


def test_call_with_an_anthropic_model_sends_the_codex_arguments(
    cli, workspace: Path, tmp_path: Path, anthropic: AnthropicServer
) -> None:
    (workspace / "memctl.yaml").write_text(
        "model:\n"
        "  name: anthropic:claude-3-5-sonnet-20241022\n"
        f"  api_base: {anthropic.url}\n"
        f"  api_key_env: {TEST_KEY_ENV}\n"
        "  context_window: 200000\n"
        "  max_retries: 0\n"
        "  timeout: 5s\n"
        "memory: {hooks: false}\n"
    )
    imported(cli, workspace, tmp_path)

    result = cli("-w", workspace, "call", "--new", SESSION, "So which rounding do we use?")

    assert result.exit_code == 0, result.stderr
    assert "It rounds half down." in result.stdout
    [request] = anthropic.requests
    uses = [
        block["input"]
        for message in request["messages"]
        if isinstance(message["content"], list)
        for block in message["content"]
        if block.get("type") == "tool_use"
    ]
    assert len(uses) == 5 and all(use["max_output_tokens"] == 12000 for use in uses)
    sent = json.dumps(request)
    assert GITHUB not in sent and PASSWORD not in sent and "s3cr3t-db-pw" not in sent


def test_arguments_broken_by_a_pattern_over_the_whole_text_stay_json() -> None:
    """A string ending in `password: ` is followed by the quote that closes it: a
    pattern over the whole text could take that quote for the start of a value."""
    arguments = json.dumps(
        {"cmd": "read -p password: ", "workdir": "/srv", "max_output_tokens": 12000}
    )
    assert REDACTOR.json(arguments) == arguments
    nested = json.dumps({"password": "hunter2", "stdin": '{"token": "tok-abcdef"}'})
    assert json.loads(REDACTOR.json(nested)) == {
        "password": "[REDACTED:secret]",
        "stdin": '{"token": "[REDACTED:secret]"}',
    }


def test_a_number_is_saved_as_it_is(cli, workspace: Path) -> None:
    result = cli("-w", workspace, "save", "We set max_tokens: 4000")

    assert result.exit_code == 0, result.stderr
    assert "redacted" not in result.stderr
    assert "We set max_tokens: 4000" in (workspace / "MEMORY.md").read_text()


# --------------------------------------------------------------------------- properties

KEYS = st.sampled_from(
    ["password", "api_key", "token", "max_output_tokens", "secret", "cmd", "note", "DB_PASS"]
)
SECRET_STRINGS = st.sampled_from(
    [
        GITHUB,
        "sk-proj-" + "Jx0n" * 8,
        "postgres://u:pw@host/db",
        "password=hunter2",
        'password: "a phrase"',
        "Authorization: Basic dXNlcjpwdw==",
        "-----BEGIN PRIVATE KEY-----\nMIIEvQ\n-----END PRIVATE KEY-----",
        "-----BEGIN PRIVATE KEY-----\nMIIEvQ",
        "token=",
        '\\"',
        "\\",
    ]
)
VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**12), 10**12)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet=st.sampled_from(list("ab \"'\\:=,{}[]@/\n")), max_size=12)
    | SECRET_STRINGS
    | st.lists(SECRET_STRINGS, max_size=3).map(" ".join),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEYS, inner, max_size=3),
    max_leaves=8,
)


def _plain(value: Any) -> list[Any]:
    """The numbers, booleans and nulls of a JSON value, in order."""
    if isinstance(value, dict):
        return [item for key in value for item in _plain(value[key])]
    if isinstance(value, list):
        return [item for element in value for item in _plain(element)]
    return [] if isinstance(value, str) else [value]


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.dictionaries(KEYS, VALUES, max_size=4), st.booleans())
def test_redacted_arguments_are_json_with_the_same_numbers(
    document: dict[str, Any], ascii: bool
) -> None:
    """Tool-call arguments, as they are sent (`Redactor.json`): JSON, with every number,
    boolean and null where it was; and so for JSON inside their strings."""
    text = json.dumps(document, ensure_ascii=ascii)
    redacted = json.loads(REDACTOR.json(text))
    assert _plain(redacted) == _plain(document)
    assert _shape(redacted) == _shape(document)
    assert "hunter2" not in json.dumps(redacted) and GITHUB not in json.dumps(redacted)
    nested = json.loads(REDACTOR.json(json.dumps({"arguments": text, "n": 1})))
    assert _plain(json.loads(nested["arguments"])) == _plain(document)
    assert GITHUB not in json.dumps(nested)


def _shape(value: Any) -> Any:
    """The value with every string replaced by one placeholder: what must not change."""
    if isinstance(value, dict):
        return sorted((len(value), *(_shape(item) for item in value.values())), key=repr)
    if isinstance(value, list):
        return [_shape(item) for item in value]
    return "s" if isinstance(value, str) else value
