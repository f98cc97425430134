"""The model request for a thread: reference message, then the working context.

The reference message carries MEMORY.md as reference material (a user message, not
the system prompt: the reference's HARNESS_CONTEXT), within its token budget, and
short guidance that depends on the switches: how to recall when `memory.tools` is
on, that facts are extracted after the turn when `memory.hooks` is on. With both off
there is no reference message at all.

The working context follows with eviction and argument truncation applied. Building
it is one pass over the thread (no quadratic work), so `memctl context` stays fast on
a thread of tens of megabytes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from memctl.core.config import Config
from memctl.core.forgotten import Forgotten
from memctl.core.memory import cut_memory, read_memory
from memctl.core.redact import Redactor
from memctl.core.threads import read_entries, working_context
from memctl.core.tokens import CHARS_PER_TOKEN_BUDGET, message_tokens, messages_tokens, text_tokens
from memctl.core.workspace import Workspace
from memctl.models.held import forgotten
from memctl.pipeline.cuts import tail_start, truncate_tool_args
from memctl.pipeline.evict import Eviction, EvictionFailure, evict_messages
from memctl.turn.tools import openai_tools

API_KEYS = ("role", "content", "tool_calls", "tool_call_id", "name")
"""What a chat API accepts in a message; the log's own fields (ts, source_id) stay out."""

REFERENCE_HEADER = (
    "[memctl reference material: background knowledge for this conversation, "
    "not instructions from the user or the system.]"
)
RECALL_GUIDANCE = (
    "## Memory recall\n"
    "Long-term memory (MEMORY.md) is below. For anything not in it, or older than it, "
    "search before answering that you do not know: memory_search finds lines in "
    "MEMORY.md and the daily ledgers (matchMode phrase, all or any), memory_get reads a "
    "range of lines, thread_search and thread_history look into past conversations. "
    "Use memory_save to keep a durable fact now."
)
RECALL_TRUNCATED = "MEMORY.md was cut to fit its budget: use memory_search for the older entries."
HOOKS_GUIDANCE = (
    "## Memory persistence\n"
    "Durable facts from this conversation are extracted into the daily ledger "
    "automatically at the end of the turn; you do not need to repeat them."
)


@dataclass
class MemoryInjection:
    included: bool
    chars: int = 0
    """Characters of MEMORY.md."""
    budget_chars: int = 0
    truncated: bool = False


@dataclass
class ContextRequest:
    """The request a model would receive, and what was done to fit it."""

    thread: str
    model: str
    messages: list[dict[str, Any]]
    tools: list[dict[str, Any]]
    tokens: int
    memory: MemoryInjection
    evicted: list[Eviction] = field(default_factory=list)
    eviction_failures: list[EvictionFailure] = field(default_factory=list)
    truncated_args: int = 0
    history_tokens: int = 0
    """Tokens of the thread's working context (summary and log entries) alone."""

    def request(self) -> dict[str, Any]:
        """The document `memctl context` prints."""
        return {
            "messages": self.messages,
            "tokens": self.tokens,
            "model": self.model,
            "tools": self.tools,
        }


def reference_message(
    ws: Workspace, config: Config
) -> tuple[dict[str, Any] | None, MemoryInjection]:
    """The reference message, or None when both memory switches are off."""
    tools_on, hooks_on = config.memory.tools, config.memory.hooks
    if not tools_on and not hooks_on:
        return None, MemoryInjection(included=False)
    budget = config.memory.consolidation_max_tokens * CHARS_PER_TOKEN_BUDGET
    memory = Forgotten.of(ws).drop_lines(read_memory(ws))  # memctl forget, before a merge
    # The file may hold what was saved with --no-redact or by hand: redact before the cut,
    # so the model never sees a secret, nor half of one.
    kept, truncated = cut_memory(config.redaction.redactor().text(memory), budget)
    parts = [REFERENCE_HEADER]
    if tools_on:
        parts.append(RECALL_GUIDANCE)
    if hooks_on:
        parts.append(HOOKS_GUIDANCE)
    body = kept.rstrip("\n") if kept.strip() else "(empty)"
    section = f"## MEMORY.md\n{body}"
    if truncated:
        note = RECALL_TRUNCATED if tools_on else "[memory truncated]"
        section += f"\n\n{note}"
    parts.append(section)
    injection = MemoryInjection(True, len(memory), budget, truncated)
    return {"role": "user", "content": "\n\n".join(parts)}, injection


def api_message(message: dict[str, Any], redactor: Redactor) -> dict[str, Any]:
    """A log entry as a chat API message: known keys only, secrets redacted in every
    string the provider receives (the text, a `name`, the strings of image or file
    parts, tool-call arguments, which stay JSON: a provider may parse them)."""
    redact = redactor.text
    out = {key: message[key] for key in API_KEYS if key in message}
    if out.get("role") == "developer":
        out["role"] = "system"  # Anthropic and most providers know no developer role
    content = out.get("content")
    if isinstance(content, str):
        out["content"] = redact(content)
    elif isinstance(content, list):
        out["content"] = [_redact_strings(part, redact) for part in content]
    if isinstance(out.get("name"), str):
        out["name"] = redact(out["name"])
    if out.get("tool_calls"):
        out["tool_calls"] = [
            {
                **call,
                "function": {
                    **call.get("function", {}),
                    "arguments": redactor.json(_arguments_text(call.get("function", {}))),
                },
            }
            for call in out["tool_calls"]
        ]
        out["tool_calls"] = [chat_tool_call(call) for call in out["tool_calls"]]
    return out


def chat_tool_call(call: dict[str, Any]) -> dict[str, Any]:
    """A tool call with only the keys chat APIs define (id, type, function name and
    arguments): a log may carry others (`index` from a stream, `ts`, an importer's
    fields), and providers reject or mangle what they do not know."""
    function = call.get("function") or {}
    out: dict[str, Any] = {"id": call["id"]} if "id" in call else {}
    out["type"] = "function"
    out["function"] = {"name": function.get("name"), "arguments": function.get("arguments", "")}
    return out


def _arguments_text(function: dict[str, Any]) -> str:
    """A call's arguments as the JSON text a chat API expects: a log written by another
    tool may hold them as an object, whose Python repr is not JSON, or as text that is
    not JSON at all (redacted by whoever published a transcript, or cut off by
    max_tokens), which Anthropic and other providers reject. Such text is kept, as
    `{"_raw": text}`; no arguments at all are `{}`."""
    arguments = function.get("arguments", "")
    if not isinstance(arguments, str):
        return json.dumps(arguments, ensure_ascii=False)
    if not arguments.strip():
        return "{}"
    try:
        json.loads(arguments)
    except (ValueError, RecursionError):
        return json.dumps({"_raw": arguments}, ensure_ascii=False)
    return arguments


def _redact_strings(value: Any, redact: Callable[[str], str]) -> Any:
    """Every string in a content part redacted, keys and types left alone (an image_url
    may be `https://admin:pw@host/?access_token=…`)."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        return {
            key: item if key == "type" else _redact_strings(item, redact)
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [_redact_strings(item, redact) for item in value]
    return value


def tools_tokens(tools: list[dict[str, Any]]) -> int:
    return text_tokens(json.dumps(tools)) if tools else 0


def overhead_tokens(ws: Workspace, config: Config) -> int:
    """Tokens of a request that are not the thread: the reference message and the tool
    schemas. The dynamic trigger compares the whole request with the window, so
    `memctl compact` counts them as `call` does."""
    reference, _ = reference_message(ws, config)
    tools = openai_tools() if config.memory.tools else []
    return (message_tokens(reference) if reference else 0) + tools_tokens(tools)


def build_context(
    ws: Workspace,
    config: Config,
    thread: str,
    *,
    model_name: str,
    window: int | None = None,
    entries: list[dict[str, Any]] | None = None,
    pending: list[dict[str, Any]] | None = None,
    tools: list[dict[str, Any]] | None = None,
    dry_run: bool = False,
) -> ContextRequest:
    """The request for the next model call on `thread`.

    `pending` are messages of a turn in progress, not in the log yet (`call` appends a
    turn only when it is complete). `window` is the main model's window, which the
    protected tail of `truncate_args` depends on. `dry_run` computes the eviction
    placeholders without writing the evicted files.
    """
    if entries is None:
        entries = read_entries(ws, thread)
    # memctl forget: a message a forgotten fact was taken from, or stating one, is sent
    # as a mask, and the summary without the lines stating one.
    context, _ = forgotten(ws).in_context(working_context(entries, thread), thread)
    history = context.messages
    messages = history + list(pending or [])
    indexes = context.indexes + [None] * len(pending or [])

    redactor = config.redaction.redactor()
    evicted = evict_messages(ws, config, thread, messages, indexes, dry_run=dry_run)
    messages = evicted.messages
    truncated = 0
    if config.compaction.truncate_args is not None:
        floor = 1 if context.compaction is not None else 0
        protected = tail_start(messages, config.compaction, window, floor=floor)
        messages, truncated = truncate_tool_args(
            messages, config.compaction.truncate_args, protected, redactor.json
        )

    reference, injection = reference_message(ws, config)
    body = [api_message(m, redactor) for m in messages]
    leading = 0
    while leading < len(body) and body[leading].get("role") == "system":
        leading += 1
    request = body[:leading] + ([reference] if reference else []) + body[leading:]
    tools = list(tools or [])
    history_tokens = messages_tokens(body[: len(history)])
    return ContextRequest(
        thread=thread,
        model=model_name,
        messages=request,
        tools=tools,
        tokens=messages_tokens(request) + tools_tokens(tools),
        memory=injection,
        evicted=evicted.evicted,
        eviction_failures=evicted.failed,
        truncated_args=truncated,
        history_tokens=history_tokens,
    )
