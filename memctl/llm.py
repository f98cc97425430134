"""Models behind one small interface: `complete(Request) -> Reply`.

`builtin` is an offline, deterministic, non-LLM backend (see `memctl.builtin`), so the
pipeline runs without a key and tests are reproducible. Every other name goes through
litellm, which is imported only here, inside the call: `import litellm` takes seconds,
and a command with nothing to send must not pay for it.
"""

from __future__ import annotations

import errno
import os
import re
import socket
from dataclasses import dataclass, field
from typing import Any, Protocol

from memctl.config import ModelSpec
from memctl.errors import ConfigError, ContextOverflowError, ModelError
from memctl.state import State
from memctl.workspace import Workspace

OVERFLOW_MARKERS = (
    "context_length_exceeded",
    "context length",
    "context window",
    "maximum context",
    "token limit",
    "too many tokens",
    "exceeds the model's maximum",
    "reduce the length",
)
_WINDOW_IN_MESSAGE = re.compile(
    r"(?:maximum context length|context window|context length|limit)\D{0,20}?(\d[\d,]{2,})",
    re.IGNORECASE,
)


@dataclass
class Usage:
    """Tokens and cost of the model calls of one run (cost None where no price is known)."""

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost: float | None = None

    def add(self, other: Usage) -> None:
        self.calls += other.calls
        self.prompt_tokens += other.prompt_tokens
        self.completion_tokens += other.completion_tokens
        if other.cost is not None:
            self.cost = (self.cost or 0.0) + other.cost

    def to_dict(self) -> dict[str, Any]:
        return {
            "calls": self.calls,
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "total_tokens": self.prompt_tokens + self.completion_tokens,
            "cost_usd": self.cost,
        }


@dataclass
class Request:
    """What a stage asks of a model.

    `messages` is the chat request an LLM receives. `payload` carries the same input
    as data (conversation, memory text, budgets) for the builtin backend, which does
    the task without reading prose.
    """

    task: str
    messages: list[dict[str, Any]]
    payload: dict[str, Any] = field(default_factory=dict)
    tools: list[dict[str, Any]] | None = None
    max_tokens: int | None = None


@dataclass
class Reply:
    text: str
    model: str
    usage: Usage
    tool_calls: list[dict[str, Any]] | None = None
    notes: list[str] = field(default_factory=list)
    """What the model says about its answer besides it (builtin: the facts a newer one
    replaced in a consolidation), for the run to report."""


class Model(Protocol):
    name: str
    offline: bool
    """Free and deterministic (builtin): a dry run may as well run it."""

    def complete(self, request: Request) -> Reply: ...

    def window(self) -> int | None:
        """The model's input limit in tokens, or None when unknown."""
        ...


def resolve(spec: ModelSpec, learned_window: int | None = None) -> Model:
    if spec.is_builtin:
        from memctl.builtin import BuiltinModel

        return BuiltinModel(spec)
    return LiteLLMModel(spec, learned_window)


def resolve_model(ws: Workspace, spec: ModelSpec) -> Model:
    """The model for `spec`, knowing the window an earlier overflow error stated.

    Every command resolves its models here, so a window learned once (by `call`'s
    overflow recovery or a summary that overflowed) sizes every later request.
    """
    return resolve(spec, learned_window(ws.read_state(), spec.name))


def learned_window(state: State, name: str) -> int | None:
    """The window an overflow error stated for model `name` (`state.windows.<name>`)."""
    return state.windows.get(name) or None


def remember_window(ws: Workspace, name: str, window: int) -> None:
    """Store a window stated by an overflow error, for every later run."""

    def change(state: State) -> None:
        state.windows[name] = window

    ws.update_state(change)


def is_overflow_message(text: str) -> bool:
    lowered = text.lower()
    return any(marker in lowered for marker in OVERFLOW_MARKERS)


def window_from_message(text: str) -> int | None:
    """The limit a provider states in its overflow error ("maximum context length is 8192")."""
    match = _WINDOW_IN_MESSAGE.search(text)
    if not match:
        return None
    value = int(match.group(1).replace(",", ""))
    return value if value >= 16 else None


def import_litellm() -> Any:
    """litellm, configured to stay offline at import and quiet on stdout."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    import litellm

    litellm.suppress_debug_info = True
    litellm.telemetry = False
    return litellm


def _first_line(text: str, limit: int = 300) -> str:
    line = " ".join(text.strip().split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


_LITELLM_PREFIX = re.compile(r"^(?:(?:litellm\.)?[A-Z]\w*(?:Error|Exception)\s*[:-]\s*)+")


def _provider_message(exc: Exception) -> str:
    """What the provider said, without litellm's chain of class names in front of it.

    litellm spells an error as "litellm.InternalServerError: InternalServerError:
    OpenAIException - <message>"; only the message helps the user.
    """
    message = str(getattr(exc, "message", "") or exc).strip()
    return _LITELLM_PREFIX.sub("", message) or message


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
    from the HTTP client (its class name, not imported here) says what happened.
    """
    for cause in _causes(exc):
        if type(cause).__name__ in ("RemoteProtocolError", "IncompleteRead"):
            return _first_line(str(cause))
    return None


def _bad_json(exc: BaseException) -> str | None:
    """The answer's body is not (whole) JSON: litellm calls this an HTTP 500 as well."""
    for cause in _causes(exc):
        if isinstance(cause, ValueError) and type(cause).__name__ == "JSONDecodeError":
            return str(cause)
    return None


class _UnusableAnswer(Exception):
    """The server answered, but not with a usable completion (not JSON, empty, cut off).

    The HTTP client retries only failed requests; memctl retries these itself, within
    the same `max_retries`, and reports the last one as a ModelError.
    """


class LiteLLMModel:
    def __init__(self, spec: ModelSpec, learned_window: int | None = None) -> None:
        self.spec = spec
        self.name = spec.name
        self.offline = False
        self.learned_window = learned_window

    def window(self) -> int | None:
        """The configured window, else litellm's model info; a smaller window learned
        from an overflow error wins over both (the provider's error is the truth)."""
        stated = self.spec.context_window or self._listed_window()
        values = [value for value in (stated, self.learned_window) if value]
        return min(values) if values else None

    def _listed_window(self) -> int | None:
        if self.learned_window and not self.spec.context_window:
            return None  # known already; spare the litellm import
        litellm = import_litellm()
        try:
            info = litellm.get_model_info(self.spec.litellm_name)
        except Exception:
            return None
        value = info.get("max_input_tokens") or info.get("max_tokens")
        return int(value) if value else None

    def _credentials(self) -> dict[str, Any]:
        self._check_provider()
        kwargs: dict[str, Any] = {}
        if self.spec.api_base:
            kwargs["api_base"] = self.spec.api_base
        if self.spec.api_key_env:
            key = os.environ.get(self.spec.api_key_env)
            if not key:
                # A setup mistake, found before any request: exit 2, as for the config.
                raise ConfigError(
                    f"model {self.name}: the environment variable {self.spec.api_key_env} "
                    "(api_key_env) is not set"
                )
            kwargs["api_key"] = key
        elif not self.spec.api_base:
            litellm = import_litellm()
            try:
                missing = litellm.validate_environment(self.spec.litellm_name).get("missing_keys")
            except Exception:
                missing = None
            if missing:
                raise ConfigError(
                    f"model {self.name}: no API key; set {' or '.join(missing)} "
                    "(or api_key_env in memctl.yaml)"
                )
        return kwargs

    def _check_provider(self) -> None:
        """An unknown provider is a configuration mistake, not a provider failure: say
        where the model is set instead of relaying litellm's paragraph."""
        litellm = import_litellm()
        provider = self.spec.litellm_name.split("/", 1)[0]
        if provider not in {getattr(p, "value", p) for p in litellm.provider_list}:
            raise ConfigError(
                f"model {self.name}: litellm knows no provider {provider!r}; set the model "
                "in memctl.yaml (model, memory.model, compaction.model) or MEMCTL_MODEL to "
                "builtin or provider:model, e.g. openai:gpt-4.1-mini, "
                "anthropic:claude-sonnet-4-5, gemini:gemini-2.5-flash, ollama:llama3"
            )

    def complete(self, request: Request) -> Reply:
        litellm = import_litellm()
        kwargs = self._credentials()
        if request.tools:
            kwargs["tools"] = request.tools
        if request.max_tokens:
            kwargs["max_tokens"] = request.max_tokens
        attempts = self.spec.max_retries + 1
        for attempt in range(1, attempts + 1):
            try:
                try:
                    response = litellm.completion(
                        model=self.spec.litellm_name,
                        messages=request.messages,
                        timeout=self.spec.timeout,
                        max_retries=self.spec.max_retries,
                        **kwargs,
                    )
                except Exception as exc:
                    raise self._translate(exc, litellm) from None
                return self._reply(response, litellm)
            except _UnusableAnswer as unusable:
                if attempt == attempts:
                    tries = f" ({attempts} attempts)" if attempts > 1 else ""
                    raise ModelError(f"model {self.name}: {unusable}{tries}") from None
        raise AssertionError("unreachable: the last attempt returns or raises")

    def _translate(self, exc: Exception, litellm: Any) -> ModelError | _UnusableAnswer:
        """A litellm exception as one line; an answer that arrived but is unusable as
        `_UnusableAnswer`, which `complete` retries."""
        message = _provider_message(exc)
        prefix = f"model {self.name}"
        if isinstance(exc, litellm.ContextWindowExceededError) or is_overflow_message(message):
            return ContextOverflowError(
                f"{prefix}: context length exceeded: {_first_line(message)}",
                window_from_message(message),
            )
        if isinstance(exc, litellm.Timeout):
            return ModelError(f"{prefix}: no answer within {self.spec.timeout:g}s (timeout)")
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
        reason = _connection_failure(exc)
        where = self.spec.api_base or "the provider"
        if reason or (isinstance(exc, litellm.APIConnectionError) and "connect" in message.lower()):
            return ModelError(
                f"{prefix}: cannot connect to {where}: {reason or _first_line(message)}"
            )
        cut = _cut_transfer(exc)
        if cut:
            return ModelError(f"{prefix}: the answer from {where} was cut off in transfer: {cut}")
        bad_json = _bad_json(exc)
        if bad_json:
            return _UnusableAnswer(
                f"the answer is not a chat completion: its JSON body is cut off or "
                f"malformed ({bad_json})"
            )
        if "invalid response from llm endpoint" in message.lower():
            return _UnusableAnswer(f"the answer is not a chat completion: {_first_line(message)}")
        status = getattr(exc, "status_code", None)
        kind = f"HTTP {status}" if status else type(exc).__name__
        return ModelError(f"{prefix}: {kind}: {_first_line(message)}")

    def _reply(self, response: Any, litellm: Any) -> Reply:
        try:
            choice = response.choices[0]
            message = choice.message
        except (AttributeError, IndexError, TypeError):
            raise _UnusableAnswer("the answer has no message") from None
        if getattr(choice, "finish_reason", None) == "length":
            # A memory file or summary that stops mid-sentence must not replace anything.
            raise _UnusableAnswer(
                "the answer was cut off at the output token limit (finish_reason length)"
            )
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
            raise _UnusableAnswer("the answer is empty")
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


def estimate_cost(spec: ModelSpec, prompt_tokens: int, completion_tokens: int = 0) -> float | None:
    """Price of a request from litellm's offline price table; None for builtin or unknown."""
    if spec.is_builtin:
        return 0.0
    litellm = import_litellm()
    try:
        prompt, completion = litellm.cost_per_token(
            model=spec.litellm_name,
            prompt_tokens=prompt_tokens,
            completion_tokens=completion_tokens,
        )
    except Exception:
        return None
    return float(prompt + completion)
