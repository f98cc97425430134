"""The litellm adapter: every model but `builtin`, behind memctl's model interface.

litellm is imported only here, inside the functions that call it: `import litellm`
takes seconds, and a command with nothing to send must not pay for it. What this
module knows of providers: their overflow errors (and the window, input and output
reserve they state), how to read their error bodies as one line, which failures to
retry, and what each needs in a request (Anthropic's max_tokens, Ollama's num_ctx).
"""

from __future__ import annotations

import ast
import email.utils
import errno
import json
import logging
import os
import random
import re
import socket
import time
from dataclasses import dataclass
from typing import Any

from memctl.core.config import ModelSpec
from memctl.core.errors import ConfigError, ContextOverflowError, MemctlError, ModelError
from memctl.models.interface import EmbeddingFailed, Reply, Request, Usage
from memctl.models.price_table import listed, listed_window

OVERFLOW_MARKERS = (
    "context_length_exceeded",
    "context length",
    "context window",
    "maximum context",
    "token limit",
    "too many tokens",
    "exceeds the model's maximum",
    "reduce the length",
    # Anthropic: "prompt is too long: N tokens > M maximum", and "input length and
    # `max_tokens` exceed context limit: I + O > W"
    "prompt is too long",
    "exceed context limit",
    # Gemini: "The input token count (N) exceeds the maximum number of tokens allowed (M)."
    "exceeds the maximum number of tokens",
    # llama.cpp: exceed_context_size_error, "... exceeds the available context size ..."
    "exceed_context_size",
    "available context size",
)
_WINDOW_IN_MESSAGE = re.compile(
    r"(?:maximum context length|context window|context length|limit)\D{0,20}?(\d[\d,]{2,})",
    re.IGNORECASE,
)
_NUMBER = r"(\d[\d,]*)"
_OVERFLOW_FACTS = (
    # (pattern, group of the input tokens, of the output tokens, of the window)
    (
        re.compile(rf"exceed context limit:\s*{_NUMBER}\s*\+\s*{_NUMBER}\s*>\s*{_NUMBER}", re.I),
        1,
        2,
        3,
    ),
    (re.compile(rf"prompt is too long:\s*{_NUMBER} tokens\s*>\s*{_NUMBER}", re.I), 1, 0, 2),
    (
        re.compile(
            rf"input token count \({_NUMBER}\) exceeds the maximum number of tokens allowed "
            rf"\({_NUMBER}\)",
            re.I,
        ),
        1,
        0,
        2,
    ),
    (
        re.compile(
            rf"request \({_NUMBER} tokens\) exceeds the available context size \({_NUMBER} tokens",
            re.I,
        ),
        1,
        0,
        2,
    ),
    # vLLM: "'max_tokens' ... is too large: 1000. This model's maximum context length is
    # 4096 tokens and your request has 3500 input tokens (1000 > 4096 - 3500)"
    (re.compile(rf"\({_NUMBER}\s*>\s*{_NUMBER}\s*-\s*{_NUMBER}\)", re.I), 3, 1, 2),
)
_LLAMACPP_FIELDS = re.compile(r"[\"']?(n_ctx|n_prompt_tokens)[\"']?\s*:\s*(\d+)")


def is_overflow_message(text: str) -> bool:
    lowered = text.lower()
    return any(marker in lowered for marker in OVERFLOW_MARKERS)


@dataclass(frozen=True)
class OverflowFacts:
    """What an overflow error states: the window, the input it counted, and the output
    reserve (`max_tokens`) it counted against the window, each None when not stated."""

    window: int | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None


def overflow_facts(text: str) -> OverflowFacts:
    """The numbers in a provider's overflow error, for every provider's wording.

    Anthropic's "I + O > W" states the window W, not the input I (reading the first
    number after "limit" learned I as the window); llama.cpp's body carries n_ctx and
    n_prompt_tokens.
    """

    def number(match: re.Match[str], group: int) -> int | None:
        return int(match.group(group).replace(",", "")) if group else None

    for pattern, given, output, window in _OVERFLOW_FACTS:
        match = pattern.search(text)
        if match:
            return OverflowFacts(number(match, window), number(match, given), number(match, output))
    fields = {name: int(value) for name, value in _LLAMACPP_FIELDS.findall(text)}
    if "n_ctx" in fields:
        return OverflowFacts(fields["n_ctx"], fields.get("n_prompt_tokens"))
    return OverflowFacts(window_from_message(text))


def window_from_message(text: str) -> int | None:
    """The limit a provider states in its overflow error ("maximum context length is 8192")."""
    for pattern, _given, _output, window in _OVERFLOW_FACTS:
        match = pattern.search(text)
        if match:
            return int(match.group(window).replace(",", ""))
    match = _WINDOW_IN_MESSAGE.search(text)
    if not match:
        return None
    value = int(match.group(1).replace(",", ""))
    return value if value >= 16 else None


def _unset(name: str) -> bool:
    """An environment variable that is absent, empty or blank: `OPENAI_API_KEY=` in a
    shell or a `.env` file is no key, and the provider would answer with a 401 (or a
    500) after the retries."""
    return not os.environ.get(name, "").strip()


def missing_key(spec: ModelSpec) -> str | None:
    """Why the model has no API key, or None: its `api_key_env`, else the variables
    the provider is known by (memctl's price table for the providers it lists, litellm's
    `validate_environment` for the others); a model with an `api_base` and no
    `api_key_env` may need none (a local server). Asked by the run before any request
    and by `doctor`."""
    if spec.api_key_env:
        if _unset(spec.api_key_env):
            return f"the environment variable {spec.api_key_env} (api_key_env) is not set"
        return None
    if spec.api_base:
        return None
    from memctl.models.price_table import KEY_ENV

    provider = spec.litellm_name.split("/", 1)[0]
    if provider in KEY_ENV and listed(spec.litellm_name):
        names = KEY_ENV[provider]
    else:
        try:
            validated = import_litellm().validate_environment(spec.litellm_name)
        except Exception:
            return None
        names = list(validated.get("missing_keys") or [])
    missing = [name for name in names if _unset(name)]
    return f"no API key: set {' or '.join(missing)}" if missing else None


def import_litellm() -> Any:
    """litellm, configured to stay offline at import and quiet on stdout."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    import litellm

    litellm.suppress_debug_info = True
    litellm.telemetry = False
    # litellm logs some failures (missing credentials or SDKs) with a traceback on stderr
    # before raising them; memctl reports each failure in one line of its own.
    logging.getLogger("LiteLLM").setLevel(logging.CRITICAL + 1)
    return litellm


def _first_line(text: str, limit: int = 300) -> str:
    line = " ".join(text.strip().split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


_LITELLM_PREFIX = re.compile(
    r"^(?:(?:litellm\.)?[A-Za-z_]\w*(?:Error|Exception)(?:\s+\w+Error)?\s*[:-]\s*)+"
)
_HANDLE_WITH = re.compile(r"\.?\s*Handle with `litellm\.\w+`\.?")
_ERROR_CODE = re.compile(r"^Error code: \d+ - ")


def _body_message(text: str) -> str | None:
    """The message inside a provider's JSON error body quoted in `text`, if there is one.

    Anthropic `{"type": "error", "error": {"message"}}`, Gemini and OpenAI `{"error":
    {"message"}}`, vLLM's old `{"object": "error", "message"}`, Ollama `{"error": "..."}`;
    the OpenAI SDK quotes the body as a Python dict.
    """
    start = text.find("{")
    if start < 0:
        return None
    body: Any = None
    try:
        body, _end = json.JSONDecoder().raw_decode(text[start:])
    except ValueError:
        end = text.rfind("}")
        try:
            body = ast.literal_eval(text[start : end + 1])
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            return None
    while isinstance(body, dict):
        inner = body.get("error")
        if isinstance(inner, str) and inner.strip():
            return inner.strip()
        if isinstance(inner, dict):
            body = inner
            continue
        message = body.get("message")
        return message.strip() if isinstance(message, str) and message.strip() else None
    return None


def _provider_message(exc: Exception) -> str:
    """What the provider said, without litellm's chain of class names in front of it,
    its "Handle with `litellm.X`" advice, or the JSON body around the message.

    litellm spells an error as "litellm.InternalServerError: InternalServerError:
    OpenAIException - <message>" and often quotes the provider's whole body; only the
    message helps the user.
    """
    message = str(getattr(exc, "message", "") or exc).strip()
    message = _HANDLE_WITH.sub("", _LITELLM_PREFIX.sub("", message) or message).strip()
    message = _ERROR_CODE.sub("", message)
    return _body_message(message) or message


_UNREACHABLE = {
    errno.ECONNREFUSED,
    errno.ECONNRESET,
    errno.ECONNABORTED,
    errno.EHOSTUNREACH,
    errno.ENETUNREACH,
}


def _causes(exc: BaseException) -> list[BaseException]:
    """`exc` and what caused it, outermost first (litellm wraps the real error twice)."""
    chain: list[BaseException] = []
    cause: BaseException | None = exc
    while cause is not None and all(cause is not seen for seen in chain):
        chain.append(cause)
        cause = cause.__cause__ or cause.__context__
    return chain


def _connection_failure(exc: BaseException) -> str | None:
    """Why the request never reached the server (refused, unknown host), from the cause chain.

    litellm reports a refused connection as an HTTP 500 "Connection error."; the socket
    error at the bottom of the chain is the part that says what went wrong.
    """
    for cause in _causes(exc):
        if isinstance(cause, socket.gaierror) or (
            isinstance(cause, OSError) and cause.errno in _UNREACHABLE
        ):
            return cause.strerror or str(cause)
    return None


def _cut_transfer(exc: BaseException) -> str | None:
    """The connection closed before the whole answer arrived (a 200 cut off mid-body).

    litellm reports this too as an HTTP 500 "Connection error."; the protocol error
    from the HTTP client (its class name, not imported here) says what happened. A
    connection reset while the answer is read (httpx's ReadError over ECONNRESET) is a
    cut too: the request got through, so "cannot connect" would send the user looking
    at the wrong thing. The socket error, when there is one, is the clearer reason.
    """
    causes = _causes(exc)
    for index, cause in enumerate(causes):
        if type(cause).__name__ in ("RemoteProtocolError", "IncompleteRead", "ReadError"):
            for below in causes[index + 1 :]:
                if isinstance(below, OSError) and below.strerror:
                    return below.strerror
            return _first_line(str(cause))
    return None


def _bad_json(exc: BaseException) -> str | None:
    """The answer's body is not (whole) JSON: litellm calls this an HTTP 500 as well."""
    for cause in _causes(exc):
        if isinstance(cause, ValueError) and type(cause).__name__ == "JSONDecodeError":
            return str(cause)
    return None


RETRY_AFTER_MAX = 60.0
"""A Retry-After longer than this is not waited for: the backoff is used instead."""
BACKOFF_FIRST = 0.5
BACKOFF_MAX = 8.0
RETRIED_STATUSES = frozenset({408, 409, 429})
"""Besides every 5xx (Anthropic's 529 "overloaded" included)."""
UNLISTED_ANTHROPIC_MAX_TOKENS = 4096
"""Anthropic requires max_tokens; for a model litellm does not list it would send 128,000,
which real models reject."""
OLLAMA_PROVIDERS = ("ollama", "ollama_chat")


class _Retry(Exception):
    """A failure another attempt may mend: rate limit, overload, server error, timeout,
    connection failure, or an answer that arrived unusable (not JSON, empty, cut off).

    `error` is the one line to report when no attempt is left; `wait` the seconds the
    server's Retry-After asked for (None: back off).
    """

    def __init__(self, error: str, wait: float | None = None) -> None:
        super().__init__(error)
        self.error = error
        self.wait = wait


def _backoff(attempt: int) -> float:
    """Exponential backoff with jitter, as the OpenAI SDK does for its own retries."""
    return min(BACKOFF_MAX, BACKOFF_FIRST * 2.0 ** (attempt - 1)) * random.uniform(0.75, 1.0)


def _retry_after(exc: BaseException) -> float | None:
    """The wait a Retry-After (or retry-after-ms) header asks for, from any response in
    the cause chain; None when there is none or it is unreasonably long."""
    for cause in _causes(exc):
        for holder in (cause, getattr(cause, "response", None)):
            headers = getattr(holder, "litellm_response_headers", None) or getattr(
                holder, "headers", None
            )
            if not headers or not hasattr(headers, "get"):
                continue
            wait = _parse_retry_after(headers.get("retry-after-ms"), headers.get("retry-after"))
            if wait is not None:
                return wait if 0 <= wait <= RETRY_AFTER_MAX else None
    return None


def _parse_retry_after(millis: Any, value: Any) -> float | None:
    try:
        if millis is not None:
            return float(millis) / 1000
        if value is None:
            return None
        return float(value)
    except (TypeError, ValueError):
        pass
    try:
        when = email.utils.parsedate_to_datetime(str(value))
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def _status_of(exc: BaseException) -> int | None:
    """The HTTP status the provider sent (litellm reports Anthropic's 529 as 500)."""
    for cause in _causes(exc):
        for value in (
            getattr(cause, "provider_status_code", None),
            getattr(getattr(cause, "response", None), "status_code", None),
            getattr(cause, "status_code", None),
        ):
            if isinstance(value, int) and value >= 400:
                return value
    return None


class LiteLLMModel:
    def __init__(self, spec: ModelSpec, learned_window: int | None = None) -> None:
        self.spec = spec
        self.name = spec.name
        self.offline = False
        self.supports_tools = True
        self.learned_window = learned_window

    @property
    def provider(self) -> str:
        return self.spec.litellm_name.split("/", 1)[0]

    def window(self) -> int | None:
        """The configured window, else litellm's model info; a smaller window learned
        from an overflow error wins over both (the provider's error is the truth)."""
        stated = self.spec.context_window or self._listed_window()
        values = [value for value in (stated, self.learned_window) if value]
        return min(values) if values else None

    def _listed_window(self) -> int | None:
        if self.learned_window and not self.spec.context_window:
            return None  # known already; spare the litellm import
        if self.provider in OLLAMA_PROVIDERS:
            # litellm would ask a server for it (localhost:11434 unless told otherwise),
            # and the model's trained length is not the num_ctx Ollama runs it with.
            return None
        if listed(self.spec.litellm_name):
            return listed_window(self.spec.litellm_name)  # the same table, without the import
        litellm = import_litellm()
        try:
            info = litellm.get_model_info(self.spec.litellm_name)
        except Exception:
            return None
        value = info.get("max_input_tokens") or info.get("max_tokens")
        return int(value) if value else None

    def estimate_cost(self, prompt_tokens: int, completion_tokens: int = 0) -> float | None:
        """Price of a request from litellm's offline price table (no network); None
        for a model the table does not list."""
        litellm = import_litellm()
        try:
            prompt, completion = litellm.cost_per_token(
                model=self.spec.litellm_name,
                prompt_tokens=prompt_tokens,
                completion_tokens=completion_tokens,
            )
        except Exception:
            return None
        return float(prompt + completion)

    def _credentials(self) -> dict[str, Any]:
        self.check_provider()
        kwargs: dict[str, Any] = {}
        if self.spec.api_base:
            kwargs["api_base"] = self.spec.api_base
        if self.spec.api_key_env:
            if reason := missing_key(self.spec):
                # A setup mistake, found before any request: exit 2, as for the config.
                raise ConfigError(f"model {self.name}: {reason}")
            kwargs["api_key"] = os.environ[self.spec.api_key_env].strip()
        elif not self.spec.api_base and (reason := missing_key(self.spec)):
            raise ConfigError(f"model {self.name}: {reason} (or api_key_env in memctl.yaml)")
        return kwargs

    def check_provider(self) -> None:
        """An unknown provider is a configuration mistake, not a provider failure: say
        where the model is set instead of relaying litellm's paragraph. `doctor` asks it
        before the key, which litellm cannot look up for a provider it does not know.
        A model litellm's bundled table lists has a known provider: no import."""
        if listed(self.spec.litellm_name):
            return
        litellm = import_litellm()
        provider = self.provider
        if provider not in {getattr(p, "value", p) for p in litellm.provider_list}:
            raise ConfigError(
                f"model {self.name}: litellm knows no provider {provider!r}; set the model "
                "in memctl.yaml (model, memory.model, compaction.model) or MEMCTL_MODEL to "
                "builtin or provider:model, e.g. openai:gpt-4.1-mini, "
                "anthropic:claude-sonnet-4-5, gemini:gemini-2.5-flash, ollama_chat:llama3.1"
            )

    def output_tokens(self, request: Request) -> int | None:
        """The `max_tokens` sent with `request`: the smaller of what the stage asks and
        the model mapping's `max_tokens`; for an Anthropic model litellm does not list,
        a default that real models accept (or a quarter of a small known window)."""
        asked = [v for v in (request.max_tokens, self.spec.max_tokens) if v]
        if asked:
            return min(asked)
        if self.provider == "anthropic" and not self._listed_output():
            window = self.window()
            return min(UNLISTED_ANTHROPIC_MAX_TOKENS, window // 4 if window else 1 << 30)
        return None

    def _listed_output(self) -> int | None:
        litellm = import_litellm()
        try:
            info = litellm.get_model_info(self.spec.litellm_name)
        except Exception:
            return None
        value = info.get("max_output_tokens")
        return int(value) if value else None

    def _options(self, request: Request) -> dict[str, Any]:
        options: dict[str, Any] = {}
        if request.tools:
            options["tools"] = request.tools
        max_tokens = self.output_tokens(request)
        if max_tokens:
            options["max_tokens"] = max_tokens
        if self.provider in OLLAMA_PROVIDERS:
            self._register_ollama()
            window = self.window()
            if window:
                # Ollama cuts a longer prompt to its own default (2,048 or 4,096 tokens)
                # without a word unless num_ctx says how much to keep.
                options["num_ctx"] = window
        return options

    def _register_ollama(self) -> None:
        """List the model in litellm's table, so that litellm never asks a server for
        its info (it asked localhost:11434 four times a request, whatever api_base said)."""
        litellm = import_litellm()
        name = self.spec.litellm_name
        if name in litellm.model_cost:
            return
        window = self.window()
        # Straight into the table: litellm.register_model looks the model up first.
        litellm.model_cost[name] = {
            "litellm_provider": self.provider,
            "mode": "chat",
            "max_input_tokens": window,
            "max_tokens": window,
            "input_cost_per_token": 0.0,
            "output_cost_per_token": 0.0,
            "supports_function_calling": True,
        }

    def complete(self, request: Request) -> Reply:
        litellm = import_litellm()
        kwargs = self._credentials()
        kwargs.update(self._options(request))
        attempts = self.spec.max_retries + 1
        for attempt in range(1, attempts + 1):
            try:
                try:
                    response = litellm.completion(
                        model=self.spec.litellm_name,
                        messages=request.messages,
                        timeout=self.spec.timeout,
                        # memctl retries itself, for every provider: litellm hands
                        # max_retries to the OpenAI SDK only.
                        max_retries=0,
                        **kwargs,
                        **({"stream": True} if request.on_text is not None else {}),
                    )
                    if request.on_text is not None:
                        response = self._gathered(litellm, request, response)
                except Exception as exc:
                    raise self._translate(exc, litellm, kwargs.get("max_tokens")) from None
                return self._reply(response, litellm)
            except _Retry as failure:
                if attempt == attempts:
                    tries = f" ({attempts} attempts)" if attempts > 1 else ""
                    raise ModelError(f"model {self.name}: {failure.error}{tries}") from None
                time.sleep(failure.wait if failure.wait is not None else _backoff(attempt))
        raise AssertionError("unreachable: the last attempt returns or raises")

    def _gathered(self, litellm: Any, request: Request, stream: Any) -> Any:
        """A streamed completion: each piece of text goes to `request.on_text` as it
        arrives, and the pieces are put back together into one response, which is then
        checked like any other (empty, cut off at the limit, tool calls)."""
        assert request.on_text is not None
        chunks = []
        for chunk in stream:
            chunks.append(chunk)
            choices = getattr(chunk, "choices", None) or []
            delta = getattr(choices[0], "delta", None) if choices else None
            piece = getattr(delta, "content", None)
            if isinstance(piece, str) and piece:
                request.on_text(piece)
        return litellm.stream_chunk_builder(chunks, messages=request.messages)

    def _translate(
        self, exc: Exception, litellm: Any, max_tokens: int | None
    ) -> MemctlError | _Retry:
        """A litellm exception as one line; a failure another attempt may mend as
        `_Retry`, which `complete` retries within `max_retries`."""
        message = _provider_message(exc)
        prefix = f"model {self.name}"
        if isinstance(exc, litellm.ContextWindowExceededError) or is_overflow_message(message):
            facts = overflow_facts(f"{message} {exc}")
            return ContextOverflowError(
                f"{prefix}: context length exceeded: {_first_line(message)}",
                facts.window,
                facts.input_tokens,
                facts.output_tokens or max_tokens,
            )
        if isinstance(exc, litellm.Timeout):
            return _Retry(f"no answer within {self.spec.timeout:g}s (timeout)")
        if isinstance(exc, litellm.AuthenticationError):
            hint = (
                f"check {self.spec.api_key_env}" if self.spec.api_key_env else "check the API key"
            )
            return ModelError(f"{prefix}: authentication failed ({hint})")
        if isinstance(exc, litellm.NotFoundError):
            return ModelError(
                f"{prefix}: the provider knows no such model: {_first_line(message)} (fix the "
                "name in memctl.yaml: model, memory.model or compaction.model; or MEMCTL_MODEL)"
            )
        setup = _missing_setup(exc)
        if setup:
            return ConfigError(f"{prefix}: {setup}")
        where = self.spec.api_base or "the provider"
        # Before the connection check: a reset mid-answer carries ECONNRESET as well.
        cut = _cut_transfer(exc)
        if cut:
            return _Retry(f"the answer from {where} was cut off in transfer: {cut}")
        reason = _connection_failure(exc)
        if reason or (isinstance(exc, litellm.APIConnectionError) and "connect" in message.lower()):
            return _Retry(f"cannot connect to {where}: {reason or _first_line(message)}")
        bad_json = _bad_json(exc)
        if bad_json:
            return _Retry(
                f"the answer is not a chat completion: its JSON body is cut off or "
                f"malformed ({bad_json})"
            )
        if "invalid response from llm endpoint" in message.lower():
            return _Retry(f"the answer is not a chat completion: {_first_line(message)}")
        status = _status_of(exc)
        if status == 529 or "overloaded" in message.lower():
            # litellm calls an overloaded Anthropic or Gemini an HTTP 500
            kind = "overloaded" + (f" (HTTP {status})" if status and status != 500 else "")
        else:
            kind = f"HTTP {status}" if status else type(exc).__name__
        line = f"{kind}: {_first_line(message)}"
        if status is not None and (status in RETRIED_STATUSES or status >= 500):
            return _Retry(line, _retry_after(exc))
        return ModelError(f"{prefix}: {line}")

    def _reply(self, response: Any, litellm: Any) -> Reply:
        try:
            choice = response.choices[0]
            message = choice.message
        except (AttributeError, IndexError, TypeError):
            raise _Retry("the answer has no message") from None
        if getattr(choice, "finish_reason", None) == "length":
            # A memory file or summary that stops mid-sentence must not replace anything.
            raise _Retry("the answer was cut off at the output token limit (finish_reason length)")
        text = message.content if isinstance(message.content, str) else ""
        tool_calls = None
        if getattr(message, "tool_calls", None):
            tool_calls = [
                {
                    "id": call.id,
                    "type": "function",
                    "function": {
                        "name": call.function.name,
                        "arguments": call.function.arguments or "",
                    },
                }
                for call in message.tool_calls
            ]
        if message.content is None and not tool_calls:
            raise _Retry("the answer is empty")
        usage = Usage(calls=1)
        raw_usage = getattr(response, "usage", None)
        if raw_usage is not None:
            usage.prompt_tokens = int(getattr(raw_usage, "prompt_tokens", 0) or 0)
            usage.completion_tokens = int(getattr(raw_usage, "completion_tokens", 0) or 0)
        try:
            cost = litellm.completion_cost(completion_response=response)
            usage.cost = float(cost) if cost else None
        except Exception:
            usage.cost = None
        return Reply(text=text, model=self.name, usage=usage, tool_calls=tool_calls)


def _missing_setup(exc: BaseException) -> str | None:
    """A provider SDK that is not installed, or credentials that cannot be found: a setup
    mistake (exit 2), not a provider failure."""
    for cause in _causes(exc):
        if isinstance(cause, ImportError):
            module = getattr(cause, "name", None) or _first_line(str(cause))
            return f"the provider's Python package is not installed: {module}"
        if type(cause).__name__ == "DefaultCredentialsError":
            return f"no credentials for the provider: {_first_line(str(cause))}"
    return None


class LiteLLMEmbedder:
    """An embedding model through litellm's embedding API (`memory.embedding_model`),
    with the chat models' credentials."""

    context = False  # turns embedded alone (see Embedder.context)

    def __init__(self, spec: ModelSpec) -> None:
        self.spec = spec
        self.name = spec.name

    def embed(self, texts: list[str]) -> list[list[float]]:
        try:
            litellm = import_litellm()
            credentials = LiteLLMModel(self.spec)._credentials()
            response = litellm.embedding(
                model=self.spec.litellm_name,
                input=texts,
                timeout=self.spec.timeout,
                num_retries=self.spec.max_retries,
                **credentials,
            )
            items = sorted(response.data, key=lambda item: _field(item, "index"))
            return [[float(x) for x in _field(item, "embedding")] for item in items]
        except Exception as exc:
            # Whatever went wrong, recall goes on without embeddings: one line says why.
            first = (str(exc).strip().splitlines() or [type(exc).__name__])[0][:200]
            raise EmbeddingFailed(first) from None

    def cost(self, tokens: int) -> float | None:
        """From litellm's offline price table, through its own lookup: the table lists
        OpenAI's models without the `openai/` prefix that `litellm_name` carries."""
        try:
            prompt, _ = import_litellm().cost_per_token(
                model=self.spec.litellm_name, prompt_tokens=tokens, call_type="embedding"
            )
        except Exception:
            return None
        return float(prompt)


def _field(item: Any, name: str) -> Any:
    """A field of a response item, which litellm gives as a dict or an object."""
    return item[name] if isinstance(item, dict) else getattr(item, name)
