"""memctl against the providers people run, through real litellm and loopback servers
that speak each wire protocol and send each provider's real error bodies
(tests/support/provider_servers.py): Anthropic, Gemini, Ollama, vLLM and llama.cpp."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from memctl.core.config import ModelSpec
from memctl.core.errors import ConfigError, ContextOverflowError, ModelError
from memctl.models.interface import Request
from memctl.models.litellm_adapter import LiteLLMModel
from memctl.pipeline.summarise import summary_tokens_target
from tests.support.helpers import MEMCTL, chat, litellm_import_seconds, read_log, write_log
from tests.support.llm_server import TEST_KEY, TEST_KEY_ENV, write_model_config
from tests.support.provider_servers import ProviderServer, model_mapping, write_provider_config

WINDOW = 6000
QUESTION = [{"role": "user", "content": "What did we decide about the database?"}]

_CONNECTIONS: list[tuple[Any, ...]] | None = None


def _record_connections(event: str, args: tuple[Any, ...]) -> None:
    if event == "socket.connect" and _CONNECTIONS is not None:
        _CONNECTIONS.append(tuple(args[1]) if isinstance(args[1], tuple) else (args[1],))


sys.addaudithook(_record_connections)


@pytest.fixture
def serve(isolated_env: None, monkeypatch: pytest.MonkeyPatch):
    """serve("anthropic") -> a started ProviderServer, stopped after the test."""
    litellm_import_seconds()  # imports litellm, timed, for time_limit()
    monkeypatch.setenv(TEST_KEY_ENV, TEST_KEY)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.setenv("no_proxy", "127.0.0.1,localhost")
    started: list[ProviderServer] = []

    def start(kind: str, **options: Any) -> ProviderServer:
        server = ProviderServer(kind, **options).start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


def kind_of(request: dict[str, Any]) -> str:
    """flush, summary, consolidate or chat, from the whole text (Gemini folds the system
    message of a model litellm does not list into the first user message)."""
    text = "\n".join(str(m.get("content")) for m in request["messages"])
    if "extract durable facts" in text:
        return "flush"
    if "summarise conversations" in text:
        return "summary"
    if "You maintain MEMORY.md" in text:
        return "consolidate"
    return "chat"


def scripted(request: dict[str, Any]) -> str:
    return {
        "flush": "- The team decided to use tool1.",
        "summary": "Summary: tools were chosen turn by turn.",
        "consolidate": "# Memory\n- The team decided to use tool1.\n",
    }.get(kind_of(request), "the answer")


def model_of(server: ProviderServer, **overrides: Any) -> LiteLLMModel:
    mapping = model_mapping(server, **overrides)
    mapping["timeout"] = 5.0
    return LiteLLMModel(ModelSpec(**mapping))


def state_of(root: Path) -> dict[str, Any]:
    path = root / ".memctl" / "state.json"
    return json.loads(path.read_text()) if path.exists() else {}


def one_clean_line(text: str, model: str) -> None:
    assert text.startswith(f"model {model}: "), text
    assert "\n" not in text
    assert "{" not in text, "no JSON body"
    assert "Handle with" not in text and "litellm." not in text
    assert "Exception" not in text


# --------------------------------------------------------------------------- 1. overflow

OVERFLOW_CASES = {
    "anthropic": {},
    "gemini": {},
    "llamacpp": {},
    "llamacpp-old": {"llamacpp_old": True},
    "vllm": {},
    "vllm-old": {"vllm_old_errors": True},
}


@pytest.mark.parametrize("case", OVERFLOW_CASES)
def test_an_unconfigured_small_window_costs_one_compaction_and_one_retry(
    workspace: Path, cli, serve, case: str
):
    """40 messages, a real window of 6,000 tokens that memctl.yaml does not state: the
    first request overflows with the provider's own error, and memctl compacts once,
    retries once, answers, and remembers the window."""
    server = serve(case.split("-")[0], **OVERFLOW_CASES[case])
    server.context_window = WINDOW
    server.default = scripted
    write_provider_config(workspace, server, memory={"flush_trigger": "never"})
    write_log(workspace, "t1", chat(20, words=200))

    result = cli("-w", workspace, "call", "--new", "t1", "Which tool did we pick first?")

    assert result.exit_code == 0, result.stderr
    assert result.stdout == "the answer\n"
    kinds = [kind_of(r) for r in server.requests]
    # the backlog is flushed, and the prefix summarised, in window-sized chunks
    steps = [kind for n, kind in enumerate(kinds) if n == 0 or kinds[n - 1] != kind]
    assert steps[:4] == ["chat", "flush", "summary", "chat"], kinds
    assert kinds.count("chat") == 2
    assert server.overflows == 1, "only the first request was too large"
    log = read_log(workspace, "t1")
    assert len([e for e in log if e.get("type") == "compaction"]) == 1
    assert [e.get("role") for e in log[-2:]] == ["user", "assistant"]
    learned = state_of(workspace)["windows"][server.model]
    if case == "llamacpp-old":
        # no window in the error: half of what was sent, which fits
        assert learned < 2 * WINDOW
    else:
        assert learned == WINDOW


def test_anthropic_input_and_max_tokens_over_the_window_compacts_to_fit_both(
    workspace: Path, cli, serve
):
    """ "input length and `max_tokens` exceed context limit: I + O > W": W is the window
    (not I), and the retry fits input and output together."""
    server = serve("anthropic")
    server.context_window = WINDOW
    server.default = scripted
    write_provider_config(
        workspace, server, model={"max_tokens": 2000}, memory={"flush_trigger": "never"}
    )
    write_log(workspace, "t1", chat(20, words=90))

    result = cli("-w", workspace, "call", "--new", "t1", "Which tool did we pick first?")

    assert result.exit_code == 0, result.stderr
    first = server.raw[0]
    assert first["max_tokens"] == 2000
    assert state_of(workspace)["windows"][server.model] == WINDOW
    chats = [
        raw for raw, r in zip(server.raw, server.requests, strict=True) if kind_of(r) == "chat"
    ]
    assert len(chats) == 2
    assert chats[1]["max_tokens"] <= WINDOW // 4
    assert len([e for e in read_log(workspace, "t1") if e.get("type") == "compaction"]) == 1


def test_anthropic_room_for_a_reply_lowers_max_tokens_without_compacting(
    workspace: Path, cli, serve
):
    server = serve("anthropic")
    server.context_window = WINDOW
    write_provider_config(workspace, server, model={"max_tokens": 3000}, memory={"hooks": False})
    write_log(workspace, "t1", chat(20, words=35))
    server.default = scripted

    result = cli("-w", workspace, "call", "--new", "t1", "Which tool did we pick first?")

    assert result.exit_code == 0, result.stderr
    assert [kind_of(r) for r in server.requests] == ["chat", "chat"]
    first, retry = server.raw
    assert retry["messages"] == first["messages"]
    assert 1024 <= retry["max_tokens"] < 3000
    assert "retried once with max_tokens" in result.stderr
    assert not [e for e in read_log(workspace, "t1") if e.get("type") == "compaction"]


@pytest.mark.parametrize(
    ("message", "window", "given", "output"),
    [
        ("prompt is too long: 208000 tokens > 200000 maximum", 200000, 208000, None),
        (
            "input length and `max_tokens` exceed context limit: 190000 + 64000 > 200000, "
            "decrease input length or `max_tokens` and try again",
            200000,
            190000,
            64000,
        ),
        (
            "The input token count (1196265) exceeds the maximum number of tokens allowed "
            "(1048575).",
            1048575,
            1196265,
            None,
        ),
        (
            "request (4476 tokens) exceeds the available context size (4096 tokens), "
            "try increasing it",
            4096,
            4476,
            None,
        ),
        (
            "{'error': {'code': 400, 'message': 'x', 'type': 'exceed_context_size_error', "
            "'n_prompt_tokens': 4476, 'n_ctx': 4096}}",
            4096,
            4476,
            None,
        ),
        ("the request exceeds the available context size, try increasing it", None, None, None),
        (
            "'max_tokens' or 'max_completion_tokens' is too large: 1000. This model's maximum "
            "context length is 4096 tokens and your request has 3500 input tokens "
            "(1000 > 4096 - 3500).",
            4096,
            3500,
            1000,
        ),
        ("This model's maximum context length is 8192 tokens. However, ...", 8192, None, None),
    ],
)
def test_overflow_errors_state_window_input_and_output(message, window, given, output):
    from memctl.models.litellm_adapter import overflow_facts

    facts = overflow_facts(message)
    assert (facts.window, facts.input_tokens, facts.output_tokens) == (window, given, output)


# --------------------------------------------------------------------------- 2. retries


@pytest.mark.parametrize(
    ("kind", "status"),
    [
        ("anthropic", 429),
        ("anthropic", 529),
        ("anthropic", 500),
        ("gemini", 429),
        ("gemini", 500),
        ("gemini", 503),
        ("ollama", 500),
        ("ollama", 503),
        ("vllm", 429),
        ("vllm", 500),
        ("llamacpp", 503),
    ],
)
def test_every_provider_is_retried(serve, kind: str, status: int):
    server = serve(kind)
    server.fail(status, retry_after=0)
    server.fail(status, retry_after=0)
    server.reply("third time lucky")
    spec = model_mapping(server)
    del spec["max_retries"]  # the default, 2
    spec["timeout"] = 5.0
    model = LiteLLMModel(ModelSpec(**spec))

    reply = model.complete(Request(task="chat", messages=QUESTION))

    assert reply.text == "third time lucky"
    assert len(server.raw) == 3


@pytest.mark.slow
def test_retry_after_is_honoured(serve):
    server = serve("anthropic")
    server.fail(429, retry_after=1)
    server.reply("after the wait")
    started = time.monotonic()

    reply = model_of(server, max_retries=1).complete(Request(task="chat", messages=QUESTION))

    assert reply.text == "after the wait"
    assert time.monotonic() - started >= 1.0


def test_without_retry_after_it_backs_off(serve):
    server = serve("gemini")
    server.fail(500)
    server.reply("after the backoff")
    started = time.monotonic()

    model_of(server, max_retries=1).complete(Request(task="chat", messages=QUESTION))

    assert time.monotonic() - started >= 0.5 * 0.75


def test_the_last_failure_is_reported_with_the_attempts(serve):
    server = serve("ollama")
    for _ in range(3):
        server.fail(503, retry_after=0)

    with pytest.raises(ModelError) as caught:
        model_of(server, max_retries=2).complete(Request(task="chat", messages=QUESTION))

    assert str(caught.value).endswith("(3 attempts)")
    assert len(server.raw) == 3


def test_a_bad_request_is_not_retried(serve):
    server = serve("anthropic")
    server.fail(400)
    with pytest.raises(ModelError):
        model_of(server, max_retries=2).complete(Request(task="chat", messages=QUESTION))
    assert len(server.raw) == 1


# --------------------------------------------------------------------------- 3. empty reply


@pytest.mark.parametrize("kind", ["ollama", "vllm", "llamacpp", "gemini", "anthropic"])
def test_an_empty_reply_fails_the_call_and_appends_nothing(workspace: Path, cli, serve, kind):
    server = serve(kind)
    write_provider_config(workspace, server, memory={"hooks": False})
    log = write_log(workspace, "t1", chat(2))
    before = log.read_bytes()
    server.empty()

    result = cli("-w", workspace, "call", "--new", "t1", "hello?")

    assert result.exit_code == 1
    assert len(result.stderr.strip().splitlines()) == 1
    assert "no text" in result.stderr or "empty" in result.stderr
    assert log.read_bytes() == before


# --------------------------------------------------------------------------- 4. one clean line


@pytest.mark.parametrize("kind", ["anthropic", "gemini", "ollama", "vllm", "llamacpp"])
@pytest.mark.parametrize("status", [400, 429, 500, 503, 529])
def test_every_error_is_one_clean_line(serve, kind: str, status: int):
    server = serve(kind, vllm_old_errors=status == 400)
    server.fail(status)

    with pytest.raises(ModelError) as caught:
        model_of(server).complete(Request(task="chat", messages=QUESTION))

    one_clean_line(str(caught.value), server.model)


@pytest.mark.parametrize("kind", ["anthropic", "gemini", "llamacpp", "vllm"])
def test_overflow_errors_are_one_clean_line(serve, kind: str):
    server = serve(kind)
    server.overflow(WINDOW, 8000)

    with pytest.raises(ContextOverflowError) as caught:
        model_of(server).complete(Request(task="chat", messages=QUESTION))

    one_clean_line(str(caught.value), server.model)
    assert caught.value.window == WINDOW


def test_anthropic_529_reads_as_overloaded(serve):
    server = serve("anthropic")
    server.fail(529)

    with pytest.raises(ModelError) as caught:
        model_of(server).complete(Request(task="chat", messages=QUESTION))

    assert "overloaded" in str(caught.value)
    assert "HTTP 500" not in str(caught.value)


@pytest.mark.slow
@pytest.mark.skipif(
    importlib.util.find_spec("google") is not None, reason="google-auth is installed here"
)
def test_a_provider_sdk_that_is_missing_is_a_setup_error(workspace: Path):
    (workspace / "memctl.yaml").write_text(
        "model: vertex_ai:gemini-1.5-flash\nmemory:\n  hooks: false\n", encoding="utf-8"
    )
    env = {**os.environ, "VERTEXAI_PROJECT": "p", "VERTEXAI_LOCATION": "us-central1"}
    done = subprocess.run(
        [str(MEMCTL), "-w", str(workspace), "call", "--new", "t1", "hello"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert "not installed" in done.stderr


# --------------------------------------------------------------------------- 5. Ollama


def test_ollama_gets_num_ctx_and_no_connection_but_its_api_base(workspace: Path, cli, serve):
    global _CONNECTIONS
    server = serve("ollama")
    write_provider_config(workspace, server, model={"context_window": 8192})
    server.default = scripted
    _CONNECTIONS = []
    try:
        result = cli("-w", workspace, "call", "--new", "t1", "We decided to use Postgres.")
        connections = list(_CONNECTIONS)
    finally:
        _CONNECTIONS = None

    assert result.exit_code == 0, result.stderr
    assert server.raw and all(r["options"]["num_ctx"] == 8192 for r in server.raw)
    assert connections, "the audit hook saw the requests"
    assert {c[:2] for c in connections} == {server.address}
    assert len(connections) == len(server.raw)


def test_the_unknown_provider_hint_suggests_ollama_chat():
    model = LiteLLMModel(ModelSpec("olama:llama3.1"))
    with pytest.raises(ConfigError) as caught:
        model.complete(Request(task="chat", messages=QUESTION))
    assert "ollama_chat:llama3.1" in str(caught.value)
    assert "ollama:" not in str(caught.value)


# --------------------------------------------------------------------------- 6. max_tokens


def test_max_tokens_of_the_model_mapping_is_in_every_request(workspace: Path, cli, serve):
    server = serve("anthropic")
    server.default = scripted
    write_provider_config(
        workspace,
        server,
        model={"max_tokens": 1000},
        compaction={"keep_messages": 2, "keep_tokens": 0},
    )
    write_log(workspace, "t1", chat(3))

    assert cli("-w", workspace, "call", "--new", "t1", "We decided to use Postgres.").exit_code == 0
    assert cli("-w", workspace, "compact", "t1", "--force").exit_code == 0

    kinds = {kind_of(r) for r in server.requests}
    assert {"chat", "flush", "summary"} <= kinds
    assert all(0 < raw["max_tokens"] <= 1000 for raw in server.raw)
    assert server.raw[0]["max_tokens"] == 1000


def test_an_anthropic_model_litellm_does_not_list_gets_a_max_tokens_it_accepts(serve):
    server = serve("anthropic")
    model_of(server).complete(Request(task="chat", messages=QUESTION))
    assert server.raw[0]["max_tokens"] == 4096  # litellm would send 128,000


# --------------------------------------------------------------------------- 7. tool_calls


def test_only_chat_api_keys_are_sent_in_tool_calls(workspace: Path, cli, llm_server):
    write_model_config(workspace, llm_server, memory={"hooks": False})
    call = {
        "id": "call_1",
        "type": "function",
        "index": 0,
        "ts": "2026-12-03T10:00:00+00:00",
        "function": {"name": "memory_search", "arguments": '{"query": "db"}', "extra": 1},
    }
    write_log(
        workspace,
        "t1",
        [
            {"role": "user", "content": "find it"},
            {"role": "assistant", "content": None, "tool_calls": [call]},
            {"role": "tool", "tool_call_id": "call_1", "name": "memory_search", "content": "x"},
        ],
    )
    llm_server.reply("done")

    assert cli("-w", workspace, "call", "--new", "t1", "and?").exit_code == 0

    sent = [m for m in llm_server.requests[0]["messages"] if m.get("tool_calls")]
    assert sent[0]["tool_calls"] == [
        {
            "id": "call_1",
            "type": "function",
            "function": {"name": "memory_search", "arguments": '{"query": "db"}'},
        }
    ]


# --------------------------------------------------------------------------- 8. long summaries


def long_summaries(request: dict[str, Any]) -> str:
    """A model that ignores length instructions: every summary runs to 4,052 chars."""
    kind = kind_of(request)
    if kind == "summary":
        return "\n".join(f"- point {n}: " + "detail " * 10 for n in range(54))[:4052]
    return "NO_REPLY" if kind == "flush" else "ok"


@pytest.mark.slow
def test_summaries_over_budget_never_fail_a_call(workspace: Path, cli, llm_server):
    llm_server.default = long_summaries
    write_model_config(
        workspace,
        llm_server,
        context_window=8000,
        memory={"flush_trigger": "never"},
        compaction={"trigger_messages": 12},
    )
    for n in range(16):
        result = cli("-w", workspace, "call", "--new", "t1", f"Turn {n}: " + "words " * 200)
        assert result.exit_code == 0, (n, result.stderr)
    records = [e for e in read_log(workspace, "t1") if e.get("type") == "compaction"]
    assert records
    budget = int(summary_tokens_target(8000) * 2.5)
    assert all(len(r["summary"]) <= budget + 2 for r in records)


def test_a_long_summary_is_asked_for_again_shorter(workspace: Path, cli, llm_server):
    write_model_config(
        workspace,
        llm_server,
        memory={"hooks": False},
        compaction={"keep_messages": 2, "keep_tokens": 0},
    )
    write_log(workspace, "t1", chat(12))
    llm_server.reply("x " * 20_000)
    llm_server.reply("The short summary.")

    result = cli("-w", workspace, "compact", "t1", "--force")

    assert result.exit_code == 0, result.stderr
    assert len(llm_server.requests) == 2
    again = llm_server.requests[1]["messages"]
    assert again[-2]["role"] == "assistant" and "Write it again" in again[-1]["content"]
    records = [e for e in read_log(workspace, "t1") if e.get("type") == "compaction"]
    assert records[-1]["summary"].startswith("The short summary.\n\nKept:\n")


def test_the_summary_budget_of_an_8k_window_is_larger_than_2000_chars():
    assert summary_tokens_target(8000) * 2.5 > 2000


def test_write_provider_config_is_a_valid_workspace_config(workspace: Path, cli, serve):
    server = serve("gemini")
    write_provider_config(workspace, server)
    result = cli("-w", workspace, "config", "validate")
    assert result.exit_code == 0, result.stderr
