"""The model layer against a real HTTP server through real litellm.

Every failure a provider can produce must become one ModelError line that says what
happened, and a context-length error must become ContextOverflowError with the window
the provider stated, since compaction sizes its retry from it.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
import yaml

from memctl.core.config import ModelSpec, load_config
from memctl.core.errors import ConfigError, ContextOverflowError, ModelError
from memctl.models.builtin import BuiltinModel
from memctl.models.interface import Request
from memctl.models.litellm_adapter import LiteLLMModel, window_from_message
from memctl.models.resolve import resolve
from tests.support.helpers import refused_port
from tests.support.llm_server import TEST_KEY, TEST_KEY_ENV, TEST_MODEL, write_model_config

QUESTION = [{"role": "user", "content": "What did we decide about the database?"}]


def model_for(server, **overrides) -> LiteLLMModel:
    settings = {
        "api_base": server.url,
        "api_key_env": TEST_KEY_ENV,
        "max_retries": 0,
        "timeout": 5.0,
        **overrides,
    }
    return LiteLLMModel(ModelSpec(TEST_MODEL, **settings))


def ask(model: LiteLLMModel, **request):
    return model.complete(Request(task="chat", messages=QUESTION, **request))


def failure(model: LiteLLMModel) -> ModelError:
    with pytest.raises(ModelError) as caught:
        ask(model)
    return caught.value


def assert_one_clear_line(error: ModelError) -> None:
    """Says which model, fits on one line, and has no litellm class names in front."""
    text = str(error)
    assert text.startswith(f"model {TEST_MODEL}: ")
    assert "\n" not in text
    assert "litellm." not in text
    assert "OpenAIException" not in text


# --------------------------------------------------------------------------- answers


def test_normal_answer_carries_text_and_usage(llm_server):
    llm_server.reply("We chose Postgres.", prompt_tokens=42, completion_tokens=5)

    reply = ask(model_for(llm_server), max_tokens=100)

    assert reply.text == "We chose Postgres."
    assert reply.tool_calls is None
    assert reply.model == TEST_MODEL
    assert (reply.usage.calls, reply.usage.prompt_tokens, reply.usage.completion_tokens) == (
        1,
        42,
        5,
    )
    assert reply.usage.cost is None  # no price is known for test-model
    [sent] = llm_server.requests
    assert sent["model"] == "test-model"
    assert sent["messages"] == QUESTION
    assert sent["max_tokens"] == 100
    assert llm_server.request_headers[0]["authorization"] == f"Bearer {TEST_KEY}"


def test_tool_calls_come_back_as_openai_dicts(llm_server):
    tools = [
        {
            "type": "function",
            "function": {
                "name": "memory_search",
                "description": "search memory",
                "parameters": {"type": "object", "properties": {"query": {"type": "string"}}},
            },
        }
    ]
    llm_server.reply_tool_calls(
        [{"name": "memory_search", "arguments": {"query": "database"}, "id": "call_a"}]
    )

    reply = ask(model_for(llm_server), tools=tools)

    assert reply.text == ""
    assert reply.tool_calls == [
        {
            "id": "call_a",
            "type": "function",
            "function": {"name": "memory_search", "arguments": '{"query": "database"}'},
        }
    ]
    assert llm_server.requests[0]["tools"] == tools


def test_an_empty_queue_gets_the_default_answer(llm_server):
    llm_server.default = lambda request: f"seen {len(request['messages'])} message(s)"

    assert ask(model_for(llm_server)).text == "seen 1 message(s)"


# --------------------------------------------------------------------------- failures


def test_http_500_without_retries_is_one_request_and_one_line(llm_server):
    llm_server.fail(500, "the upstream is on fire")

    error = failure(model_for(llm_server, max_retries=0))

    assert type(error) is ModelError
    assert_one_clear_line(error)
    assert "HTTP 500" in str(error)
    assert "the upstream is on fire" in str(error)
    assert len(llm_server.requests) == 1


def test_max_retries_one_sends_exactly_two_requests(llm_server, short_backoff):
    llm_server.fail(500)
    llm_server.fail(500)
    llm_server.reply("never reached")

    error = failure(model_for(llm_server, max_retries=1))

    assert_one_clear_line(error)
    assert "HTTP 500" in str(error)
    assert len(llm_server.requests) == 2
    assert llm_server.pending == 1


def test_a_retry_can_succeed(llm_server, short_backoff):
    llm_server.fail(503)
    llm_server.reply("second time lucky")

    reply = ask(model_for(llm_server, max_retries=1))

    assert reply.text == "second time lucky"
    assert len(llm_server.requests) == 2


def test_rate_limit_is_reported_with_its_status(llm_server):
    llm_server.fail(429, "slow down", retry_after=1)

    error = failure(model_for(llm_server))

    assert type(error) is ModelError
    assert_one_clear_line(error)
    assert "HTTP 429" in str(error)
    assert "slow down" in str(error)
    assert len(llm_server.requests) == 1


def test_a_non_json_body_is_not_a_chat_completion(llm_server):
    llm_server.garbage()

    error = failure(model_for(llm_server))

    assert type(error) is ModelError
    assert_one_clear_line(error)
    assert "not a chat completion" in str(error)


def test_an_empty_answer_is_an_error(llm_server):
    llm_server.empty()

    error = failure(model_for(llm_server))

    assert type(error) is ModelError
    assert str(error) == f"model {TEST_MODEL}: the answer is empty"


def test_an_answer_slower_than_the_timeout_is_a_timeout(llm_server):
    llm_server.slow(30, "too late")

    error = failure(model_for(llm_server, timeout=0.5))

    assert type(error) is ModelError
    assert str(error) == f"model {TEST_MODEL}: no answer within 0.5s (timeout)"
    assert len(llm_server.requests) == 1


def test_a_slow_answer_within_the_timeout_arrives(llm_server):
    llm_server.slow(0.2, "worth the wait")

    assert ask(model_for(llm_server, timeout=10)).text == "worth the wait"


def test_context_length_error_becomes_overflow_with_the_window(llm_server):
    llm_server.overflow(window=16385)

    error = failure(model_for(llm_server))

    assert isinstance(error, ContextOverflowError)
    assert error.window == 16385
    assert_one_clear_line(error)
    assert "context length exceeded" in str(error)


def test_server_window_overflows_only_requests_larger_than_it(llm_server):
    llm_server.context_window = 1000
    model = model_for(llm_server)

    assert ask(model).text == "NO_REPLY"
    with pytest.raises(ContextOverflowError) as caught:
        model.complete(Request(task="chat", messages=[{"role": "user", "content": "x" * 8000}]))

    assert caught.value.window == 1000
    assert len(llm_server.requests) == 2


def test_overflow_is_not_retried(llm_server):
    llm_server.overflow()
    llm_server.reply("a retry would get this")

    with pytest.raises(ContextOverflowError):
        ask(model_for(llm_server, max_retries=2))

    assert len(llm_server.requests) == 1


def test_connection_refused_names_the_address(monkeypatch):
    monkeypatch.setenv(TEST_KEY_ENV, TEST_KEY)
    with refused_port() as port:
        base = f"http://127.0.0.1:{port}/v1"
        spec = ModelSpec(TEST_MODEL, api_base=base, api_key_env=TEST_KEY_ENV, max_retries=0)

        error = failure(LiteLLMModel(spec))

    assert type(error) is ModelError
    assert str(error) == f"model {TEST_MODEL}: cannot connect to {base}: Connection refused"


def test_missing_api_key_variable_fails_before_any_request(llm_server, monkeypatch):
    monkeypatch.delenv(TEST_KEY_ENV)

    with pytest.raises(ConfigError) as caught:
        ask(model_for(llm_server))
    error = caught.value

    assert error.exit_code == 2
    assert str(error) == (
        f"model {TEST_MODEL}: the environment variable {TEST_KEY_ENV} (api_key_env) is not set"
    )
    assert llm_server.requests == []


def test_a_rejected_key_is_an_authentication_error(llm_server):
    llm_server.fail(401, "invalid api key")

    error = failure(model_for(llm_server))

    assert str(error) == f"model {TEST_MODEL}: authentication failed (check {TEST_KEY_ENV})"


def test_failures_print_nothing_on_stdout(llm_server, capfd):
    """litellm's "Give Feedback / Get Help" banner must not reach memctl's stdout."""
    llm_server.fail(500)
    failure(model_for(llm_server))

    assert capfd.readouterr().out == ""


# --------------------------------------------------------------------------- names, windows, cost


@pytest.mark.parametrize(
    ("configured", "litellm_name"),
    [
        ("openai:gpt-4.1-mini", "openai/gpt-4.1-mini"),
        ("anthropic:claude-sonnet-4-5", "anthropic/claude-sonnet-4-5"),
        ("ollama:llama3:8b", "ollama/llama3:8b"),
        ("openrouter:meta-llama/llama-3-70b", "openrouter/meta-llama/llama-3-70b"),
        ("openai/gpt-4o", "openai/gpt-4o"),
        ("builtin", "builtin"),
    ],
)
def test_provider_model_names_become_litellm_names(configured, litellm_name):
    assert ModelSpec(configured).litellm_name == litellm_name


def test_resolve_picks_the_backend():
    assert isinstance(resolve(ModelSpec("builtin")), BuiltinModel)
    model = resolve(ModelSpec("openai:gpt-4.1-mini"), learned_window=5000)
    assert isinstance(model, LiteLLMModel)
    assert model.window() == 5000


def test_window_is_the_stated_one_unless_an_overflow_taught_a_smaller_one():
    configured = ModelSpec(TEST_MODEL, context_window=32768)
    assert LiteLLMModel(configured).window() == 32768
    assert LiteLLMModel(configured, learned_window=1000).window() == 1000
    assert LiteLLMModel(configured, learned_window=65536).window() == 32768
    assert LiteLLMModel(ModelSpec(TEST_MODEL), learned_window=1000).window() == 1000
    assert LiteLLMModel(ModelSpec(TEST_MODEL)).window() is None
    assert LiteLLMModel(ModelSpec("openai:gpt-4o")).window() == 128000


@pytest.mark.parametrize(
    ("message", "window"),
    [
        ("This model's maximum context length is 8192 tokens. However, ...", 8192),
        ("maximum context length is 128,000 tokens", 128000),
        ("input exceeds the context window of 32768 tokens", 32768),
        ("Please reduce the length of the messages.", None),
    ],
)
def test_window_is_read_from_provider_messages(message, window):
    assert window_from_message(message) == window


def test_cost_estimates_come_from_the_offline_price_table():
    def estimate_cost(spec: ModelSpec, prompt: int, completion: int = 0) -> float | None:
        return resolve(spec).estimate_cost(prompt, completion)

    assert estimate_cost(ModelSpec("builtin"), 1000, 1000) == 0.0
    priced = estimate_cost(ModelSpec("openai:gpt-4o-mini"), 1_000_000, 0)
    assert priced is not None and priced > 0
    assert estimate_cost(ModelSpec("openai:no-such-model-anywhere"), 1000) is None


# --------------------------------------------------------------------------- config + import


def test_write_model_config_gives_a_valid_workspace_config(workspace, llm_server, cli):
    write_model_config(workspace, llm_server, memory={"consolidation_max_tokens": 1234})

    config = load_config(workspace / "memctl.yaml")
    assert config.model == ModelSpec(
        TEST_MODEL,
        api_base=llm_server.url,
        api_key_env=TEST_KEY_ENV,
        context_window=32768,
        timeout=5.0,
        max_retries=0,
    )
    assert config.memory.consolidation_max_tokens == 1234
    shown = cli("-w", workspace, "config", "show")
    assert shown.exit_code == 0
    assert yaml.safe_load(shown.stdout)["model"]["api_base"] == llm_server.url


def test_write_model_config_merges_nested_keys_and_can_drop_the_window(workspace, llm_server):
    write_model_config(workspace, llm_server, context_window=None, model={"timeout": "1s"})

    spec = load_config(workspace / "memctl.yaml").model
    assert (spec.timeout, spec.context_window, spec.api_base) == (1.0, None, llm_server.url)


def test_importing_memctl_llm_does_not_import_litellm():
    code = (
        "import sys, json, memctl.models.resolve, memctl.core.config, memctl.models.builtin; "
        "print(json.dumps('litellm' in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert json.loads(done.stdout) is False
