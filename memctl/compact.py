"""Compaction: summarise a thread's old prefix, keep the tail, never rewrite the log.

The summary goes into the log as a record `{"type": "compaction", "summary", "cut",
"ts", ...}`; the working context becomes that summary followed by the entries from
`cut` on (`threads.working_context`). The numbers are the reference's: the dynamic
trigger is the window less 20,000 reserved tokens, the dynamic tail budget
min(8,000, max(2,000, (window - 20,000) x 0.25)), and a cut never separates a tool call
from its results.

What memctl does differently: a failed summary call changes nothing (the reference
compacts with "(Summarization failed: ...)"), and a prefix larger than the summary
model's window is summarised in stages (chunks, then a summary of the summaries), so
compaction never fails because a history is long.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from memctl.config import CompactionConfig, Config, TruncateArgs
from memctl.errors import ContextOverflowError, MemctlError, ModelError, UsageError
from memctl.evict import evict_messages
from memctl.flush import FlushResult, flush, render_entry
from memctl.litellm_model import estimate_cost
from memctl.llm import resolve_model
from memctl.model import Model, Request, Usage
from memctl.prompts import format_summary_prompt
from memctl.redact import Redactor
from memctl.threads import (
    COMPACTION,
    append_log,
    encode_entry,
    read_entries,
    summary_message,
    thread_path,
    working_context,
)
from memctl.tokens import message_tokens, messages_tokens, text_tokens
from memctl.windows import (
    UNKNOWN_WINDOW,
    chars_for,
    keep_budget,
    known_window,
    remember_window,
    trigger_tokens,
)
from memctl.workspace import Workspace

TRUNCATED_HEAD_CHARS = 20
"""A truncated tool-call argument keeps this much of its start (a hint of what it was),
or `max_arg_length` when that is less."""
SUMMARY_MAX_TOKENS = 4_000
SUMMARY_MIN_TOKENS = 256
SUMMARY_MIN_USEFUL_TOKENS = 32
SUMMARY_WINDOW_SHARE = 8
SUMMARY_OUTPUT_SHARE = 2
"""A summary request may answer up to twice the summary's budget (it is cut to fit
after), and that output is counted against the window as providers count it."""
SAFETY_SHARE = 0.05
"""Token estimates are estimates: 5% of a window is left unused."""
MAX_STAGES = 16
OVERFLOW_RETRIES = 3
SUMMARY_SYSTEM = (
    "You summarise conversations so that the summary can replace them in an agent's "
    "working context. Answer with the summary only, in at most about {words} words."
)


# --------------------------------------------------------------------------- budgets


def summary_tokens_target(window: int | None) -> int:
    """How long a summary may be: an eighth of the main model's window, within bounds.

    (A tenth left 2,000 chars for thirty messages in an 8K window; an eighth still leaves
    summary, tail and reference message well under the trigger, half the window.)
    """
    if window is None:
        return SUMMARY_MAX_TOKENS
    return min(SUMMARY_MAX_TOKENS, max(SUMMARY_MIN_TOKENS, window // SUMMARY_WINDOW_SHARE))


def suffix_tokens(messages: list[dict[str, Any]]) -> list[int]:
    """suffix[i] = tokens of messages[i:] (one pass, so cuts cost O(n) to evaluate)."""
    totals = [0] * (len(messages) + 1)
    for position in range(len(messages) - 1, -1, -1):
        totals[position] = totals[position + 1] + message_tokens(messages[position])
    return totals


def _back_to_call(messages: list[dict[str, Any]], start: int, floor: int) -> int:
    """Move a cut that lands on a tool result back to the assistant message that made
    the call (the nearest earlier message that is not a tool result)."""
    while start > floor and messages[start].get("role") == "tool":
        start -= 1
    return start


def _past_results(messages: list[dict[str, Any]], start: int) -> int:
    while start < len(messages) and messages[start].get("role") == "tool":
        start += 1
    return start


def tail_start(
    messages: list[dict[str, Any]],
    settings: CompactionConfig,
    window: int | None,
    *,
    floor: int = 0,
    cap_tokens: int | None = None,
    min_tail: int = 1,
    totals: list[int] | None = None,
) -> int:
    """Where the kept tail begins in `messages` (positions before `floor` are never kept).

    By `keep_messages` or by token budget (the earliest position whose suffix fits, with
    at least `min_tail` messages); `cap_tokens` shrinks it further so a retry fits. The
    tail never starts with a tool result: the cut moves back to the call, or, when that
    would break the cap, forward past the results.
    """
    count = len(messages)
    totals = totals or suffix_tokens(messages)
    last_allowed = max(floor, count - min_tail)
    budget = keep_budget(settings, window)
    if budget is None:
        start = max(floor, count - settings.keep_messages)
    else:
        start = floor
        while start < last_allowed and totals[start] > budget:
            start += 1
    if cap_tokens is not None:
        while start < last_allowed and totals[start] > cap_tokens:
            start += 1
    start = min(start, count)
    if start < count and messages[start].get("role") == "tool":
        back = _back_to_call(messages, start, floor)
        forward = _past_results(messages, start)
        fits_back = cap_tokens is None or totals[back] <= cap_tokens
        forward_ok = count - forward >= min_tail
        start = back if fits_back or not forward_ok else forward
    return start


# --------------------------------------------------------------------------- truncate_args


def _cut(text: str, settings: TruncateArgs) -> str | None:
    """`text` cut to its head and the truncation text; None when that would not make it
    shorter (a `max_arg_length` below the head, or a value barely over it)."""
    head = min(TRUNCATED_HEAD_CHARS, settings.max_arg_length)
    cut = text[:head] + settings.truncation_text
    return cut if len(cut) < len(text) else None


def _truncate_value(value: Any, settings: TruncateArgs) -> tuple[Any, int]:
    if isinstance(value, str):
        cut = _cut(value, settings) if len(value) > settings.max_arg_length else None
        return (value, 0) if cut is None else (cut, 1)
    if isinstance(value, dict):
        changed = 0
        out: dict[str, Any] = {}
        for key, item in value.items():
            out[key], count = _truncate_value(item, settings)
            changed += count
        return out, changed
    if isinstance(value, list):
        items = [_truncate_value(item, settings) for item in value]
        return [item for item, _ in items], sum(count for _, count in items)
    return value, 0


def truncate_arguments(arguments: str, settings: TruncateArgs) -> tuple[str, int]:
    """Cut long string values inside a JSON arguments object; a raw string if not JSON."""
    if len(arguments) <= settings.max_arg_length:
        return arguments, 0
    try:
        parsed = json.loads(arguments)
    except (ValueError, RecursionError):  # RecursionError: nested too deeply
        parsed = None
    if not isinstance(parsed, dict | list):
        cut = _cut(arguments, settings)
        return (arguments, 0) if cut is None else (cut, 1)
    value, count = _truncate_value(parsed, settings)
    if not count:
        return arguments, 0
    return json.dumps(value, ensure_ascii=False), count


def truncate_tool_args(
    messages: list[dict[str, Any]],
    settings: TruncateArgs | None,
    end: int,
    redact: Callable[[str], str],
) -> tuple[list[dict[str, Any]], int]:
    """Apply `truncate_args` to the tool calls of messages[:end] (copies; no model call).

    The arguments are redacted whole (`redact`: `Redactor.json`, which keeps them JSON)
    before a value is cut: the kept head of a value would otherwise carry the start of
    a token with nothing left to recognise it by.
    Returns the messages and how many arguments were cut.
    """
    if settings is None:
        return messages, 0
    out = list(messages)
    total = 0
    for position in range(min(end, len(messages))):
        message = messages[position]
        calls = message.get("tool_calls")
        if not calls:
            continue
        new_calls = []
        changed = 0
        for call in calls:
            function = call.get("function") or {}
            arguments = function.get("arguments")
            if isinstance(arguments, str):
                cut, count = truncate_arguments(redact(arguments), settings)
                if count:
                    call = {**call, "function": {**function, "arguments": cut}}
                    changed += count
            new_calls.append(call)
        if changed:
            out[position] = {**message, "tool_calls": new_calls}
            total += changed
    return out, total


# --------------------------------------------------------------------------- rendering


def render_line(role: str, text: str) -> str:
    return f"[{role.upper()}]: {text}"


# --------------------------------------------------------------------------- staged summary


@dataclass
class SummaryBudget:
    """How one summary request is sized for a model's window."""

    window: int
    summary_tokens: int
    input_tokens: int

    @property
    def summary_chars(self) -> int:
        return chars_for(self.summary_tokens)


def summary_budget(prompt: str, summary_window: int, target_tokens: int) -> SummaryBudget:
    """Split the summary model's window into input and answer, leaving a margin.

    The answer's share is the `max_tokens` the request asks for: Anthropic, OpenAI and
    vLLM refuse a request whose input and `max_tokens` together exceed the window.
    """
    available = summary_window - _template_tokens(prompt) - int(summary_window * SAFETY_SHARE)
    tokens = min(target_tokens, available // 4)
    if tokens < SUMMARY_MIN_USEFUL_TOKENS:
        raise ModelError(
            f"the summary model's window ({summary_window:,} tokens) is too small for the "
            "summary prompt; use a larger compaction.model or a shorter summary_prompt"
        )
    return SummaryBudget(summary_window, tokens, available - tokens * SUMMARY_OUTPUT_SHARE)


def chunk_items(items: list[tuple[str, str]], budget_tokens: int) -> list[list[tuple[str, str]]]:
    """Group rendered messages into chunks that fit the input budget; a message larger
    than a whole chunk is cut, never dropped."""
    max_chars = chars_for(budget_tokens) - 40
    chunks: list[list[tuple[str, str]]] = []
    current: list[tuple[str, str]] = []
    used = 0
    for role, text in items:
        if text_tokens(render_line(role, text)) + 1 > budget_tokens:
            text = text[:max_chars] + " … [cut to fit the summary model]"
        cost = text_tokens(render_line(role, text)) + 1
        if current and used + cost > budget_tokens:
            chunks.append(current)
            current, used = [], 0
        current.append((role, text))
        used += cost
    if current:
        chunks.append(current)
    return chunks


def summary_request(prompt: str, items: list[tuple[str, str]], budget: SummaryBudget) -> Request:
    rendered = "\n".join(render_line(role, text) for role, text in items)
    words = max(20, int(budget.summary_tokens * 0.6))
    return Request(
        task="summary",
        messages=[
            {"role": "system", "content": SUMMARY_SYSTEM.format(words=words)},
            {"role": "user", "content": format_summary_prompt(prompt, rendered)},
        ],
        payload={
            "conversation": [{"role": role, "text": text} for role, text in items],
            "max_chars": budget.summary_chars,
        },
        max_tokens=budget.summary_tokens * SUMMARY_OUTPUT_SHARE,
    )


def shorter_request(request: Request, answer: str, limit: int) -> Request:
    """The same request once more, with the summary that ran over and the limit it broke."""
    retry = (
        f"That summary has {len(answer):,} characters; the limit is {limit:,}. Write it "
        f"again in at most {limit:,} characters: keep decisions, facts and open tasks."
    )
    return Request(
        task=request.task,
        messages=[
            *request.messages,
            {"role": "assistant", "content": answer},
            {"role": "user", "content": retry},
        ],
        payload=request.payload,
        max_tokens=request.max_tokens,
    )


def _clip_summary(text: str, limit: int) -> str:
    """A summary longer than its budget is cut at a line boundary (so a retry fits)."""
    text = text.strip()
    if len(text) <= limit:
        return text
    head = text[:limit]
    newline = head.rfind("\n")
    return (head[:newline] if newline > limit // 2 else head).rstrip() + "\n…"


@dataclass
class StagedSummary:
    text: str
    requests: int
    stages: int
    usage: Usage
    learned_window: int | None = None
    """The summary model's window, when an overflow error stated it."""


def summarise(
    model: Model,
    prompt: str,
    items: list[tuple[str, str]],
    summary_window: int,
    target_tokens: int,
) -> StagedSummary:
    """Summarise the items, in stages when they do not fit one request.

    An overflow error from the summary model (its window was larger on paper than in
    fact) shrinks the window to the one the error states, or to half, and starts over.
    """
    usage = Usage()
    learned = None
    window = summary_window
    for _attempt in range(OVERFLOW_RETRIES + 1):
        budget = summary_budget(prompt, window, target_tokens)
        try:
            text, requests, stages = _stages(model, prompt, items, budget, usage)
        except ContextOverflowError as exc:
            smaller = exc.window if exc.window and exc.window < window else window // 2
            window = learned = smaller
            continue
        return StagedSummary(text, requests, stages, usage, learned)
    raise ModelError(
        f"the summary model still reports context length exceeded with a window of "
        f"{window:,} tokens"
    )


def _stages(
    model: Model, prompt: str, items: list[tuple[str, str]], budget: SummaryBudget, usage: Usage
) -> tuple[str, int, int]:
    requests = 0
    for stage in range(1, MAX_STAGES + 1):
        chunks = chunk_items(items, budget.input_tokens)
        summaries = []
        for chunk in chunks:
            request = summary_request(prompt, chunk, budget)
            reply = model.complete(request)
            requests += 1
            usage.add(reply.usage)
            answer = reply.text.strip()
            if len(answer) > 2 * budget.summary_chars:
                # Models ignore length instructions routinely: ask once more, shorter,
                # and cut what still runs over. A long summary never fails a turn.
                again = model.complete(shorter_request(request, answer, budget.summary_chars))
                requests += 1
                usage.add(again.usage)
                answer = again.text.strip() or answer
            text = _clip_summary(answer, budget.summary_chars)
            if not text:
                raise ModelError(f"model {model.name}: the summary is empty")
            summaries.append(text)
        if len(summaries) == 1:
            return summaries[0], requests, stage
        items = [("summary", text) for text in summaries]
    raise ModelError(f"the summary did not converge in {MAX_STAGES} stages")


def _template_tokens(prompt: str) -> int:
    return text_tokens(format_summary_prompt(prompt, "")) + text_tokens(SUMMARY_SYSTEM) + 20


def planned_requests(
    prompt: str, items: list[tuple[str, str]], budget: SummaryBudget
) -> tuple[int, int, int]:
    """(requests, prompt tokens, completion tokens) a summary would take, without a model."""
    requests = prompt_tokens = 0
    template = _template_tokens(prompt)
    placeholder = "x" * budget.summary_chars
    for _stage in range(MAX_STAGES):
        chunks = chunk_items(items, budget.input_tokens)
        for chunk in chunks:
            requests += 1
            prompt_tokens += template + sum(text_tokens(render_line(r, t)) + 1 for r, t in chunk)
        if len(chunks) == 1:
            break
        items = [("summary", placeholder)] * len(chunks)
    return requests, prompt_tokens, requests * budget.summary_tokens


# --------------------------------------------------------------------------- compact


@dataclass
class PlannedSummary:
    """A first-stage summary request a dry run would send (later stages summarise the
    answers, which only exist once a model has replied)."""

    messages: list[dict[str, Any]]
    tokens: int


CompactStatus = Literal["compacted", "dry_run", "not_needed", "nothing_to_compact"]
"""What a compaction pass did; `reason` says why (which trigger, or why nothing)."""


@dataclass
class CompactResult:
    thread: str
    status: CompactStatus
    reason: str
    """Which trigger fired (or --force / an overflow), or why nothing was done."""
    model: str
    messages_before: int
    tokens_before: int
    messages_after: int = 0
    tokens_after: int = 0
    tail_tokens: int = 0
    """Tokens of the kept tail (tokens_after less the summary message)."""
    tokens_after_bound: bool = False
    """A dry run with an LLM: tokens_after assumes the longest summary allowed."""
    overhead_tokens: int = 0
    """What the model request holds besides the thread (the memory reference, the system
    prompt, the tools): tokens_before plus this is the request `memctl context` prints
    and the trigger compares."""
    cut: int | None = None
    """The log index the kept tail starts at (entries before it are summarised)."""
    summarised: int = 0
    """Messages of the working context replaced by the summary (an earlier summary included)."""
    truncated_args: int = 0
    requests: int = 0
    stages: int = 0
    summary: str | None = None
    estimated_cost: float | None = None
    planned: list[PlannedSummary] = field(default_factory=list)
    flush: FlushResult | None = None
    warnings: list[str] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)


def _trigger(settings: CompactionConfig, count: int, tokens: int, window: int | None) -> str | None:
    if settings.trigger_messages and count >= settings.trigger_messages:
        return f"{count} messages >= trigger_messages {settings.trigger_messages}"
    limit = trigger_tokens(settings, window)
    if tokens >= limit:
        return f"{tokens:,} tokens >= trigger_tokens {limit:,}"
    return None


def _not_triggered(settings: CompactionConfig, count: int, tokens: int, window: int | None) -> str:
    by_messages = (
        f"{count} messages < trigger_messages {settings.trigger_messages}"
        if settings.trigger_messages
        else "trigger_messages off"
    )
    return (
        f"{by_messages}, {tokens:,} tokens < trigger_tokens "
        f"{trigger_tokens(settings, window):,} (use --force to compact anyway)"
    )


def compact(
    ws: Workspace,
    config: Config,
    model: Model,
    thread: str,
    *,
    window: int | None = None,
    force: bool = False,
    dry_run: bool = False,
    reserved_tokens: int = 0,
    fit: bool = False,
    allow_empty_tail: bool = False,
    reason: str | None = None,
    flush_first: bool | None = None,
) -> CompactResult:
    """Compact a thread's working context when a trigger is reached (or `force`).

    `model` writes the summary (`config.compaction_model`); `window` is the main
    model's context window, which sets the dynamic trigger and tail. `reserved_tokens`
    is the part of the request that is not the thread (reference message, a turn in
    progress, tool schemas). `fit` shrinks the tail so that summary, tail and reserve
    fit in `window`: the overflow recovery of `call`. `flush_first` overrides
    `flush_before_compact` (the overflow recovery always flushes: it is the reference's
    third flush point, not the second). A failed summary call raises and leaves the
    thread as it was.
    """
    # A dry run takes no lock: it must not even create the lock file.
    guard = contextlib.nullcontext() if dry_run else ws.stage_lock(f"compact.{thread}")
    with guard:
        return _compact(
            ws,
            config,
            model,
            thread,
            window=window,
            force=force,
            dry_run=dry_run,
            reserved_tokens=reserved_tokens,
            fit=fit,
            allow_empty_tail=allow_empty_tail,
            reason=reason,
            flush_first=_flush_wanted(config, flush_first),
        )


def _compact(
    ws: Workspace,
    config: Config,
    model: Model,
    thread: str,
    *,
    window: int | None,
    force: bool,
    dry_run: bool,
    reserved_tokens: int,
    fit: bool,
    allow_empty_tail: bool,
    reason: str | None,
    flush_first: bool,
) -> CompactResult:
    settings = config.compaction
    entries = read_entries(ws, thread)
    context = working_context(entries, thread)
    # Sized and summarised as the model sees it: evicted tool results are placeholders,
    # whose files are written now (a summary may name them), except in a dry run.
    messages = evict_messages(
        ws, config, thread, context.messages, context.indexes, dry_run=dry_run
    ).messages
    totals = suffix_tokens(messages)
    tokens = totals[0]
    result = CompactResult(thread, "not_needed", "", model.name, len(messages), tokens)
    result.overhead_tokens = reserved_tokens
    if not (settings.enabled or force or reason):
        result.reason = "compaction.enabled is false (--force compacts anyway)"
        return result
    fired = reason or (
        "--force" if force else _trigger(settings, len(messages), tokens + reserved_tokens, window)
    )
    if fired is None:
        result.reason = _not_triggered(settings, len(messages), tokens + reserved_tokens, window)
        return result
    result.reason = fired

    target = summary_tokens_target(window)
    summary_estimate = message_tokens(summary_message({"summary": "x" * chars_for(target)}, thread))
    cap = None
    if fit and window is not None:
        cap = int(window * (1 - SAFETY_SHARE)) - reserved_tokens - summary_estimate
        cap = max(cap, 0)
    floor = 1 if context.compaction is not None else 0
    start = tail_start(
        messages,
        settings,
        window,
        floor=floor,
        cap_tokens=cap,
        min_tail=0 if allow_empty_tail else 1,
        totals=totals,
    )
    if start <= floor:
        result.status = "nothing_to_compact"
        result.reason = (
            f"{fired}, but all {len(messages) - floor} message(s) are in the tail that is kept"
        )
        return result

    redactor = config.redaction.redactor()
    prefix, result.truncated_args = truncate_tool_args(
        messages[:start], settings.truncate_args, start, redactor.json
    )
    items = _summary_items(prefix, context.compaction, redactor)
    cut = context.indexes[start] if start < len(messages) else len(entries)
    assert cut is not None
    result.cut = cut
    result.summarised = start
    result.messages_after = 1 + len(messages) - start

    summary_window = known_window(model, ws.read_state()) or UNKNOWN_WINDOW
    if dry_run:
        budget = summary_budget(settings.summary_prompt, summary_window, target)
        requests, prompt_tokens, completion = planned_requests(
            settings.summary_prompt, items, budget
        )
        if model.offline:
            # free and deterministic: the dry run can show the exact summary
            text = summarise(model, settings.summary_prompt, items, summary_window, target).text
        else:
            rendered = sum(len(render_line(role, text)) + 1 for role, text in items)
            text = "x" * min(budget.summary_chars, rendered)
            result.tokens_after_bound = True
        result.status = "dry_run"
        result.planned = [
            PlannedSummary(request.messages, messages_tokens(request.messages))
            for chunk in chunk_items(items, budget.input_tokens)
            for request in [summary_request(settings.summary_prompt, chunk, budget)]
        ]
        result.requests = requests
        result.tail_tokens = totals[start]
        result.tokens_after = message_tokens(summary_message({"summary": text}, thread))
        result.tokens_after += totals[start]
        result.estimated_cost = _estimate(config, prompt_tokens, completion)
        return result

    if flush_first:
        result.flush = _flush_first(ws, config, thread, result.warnings)

    staged = summarise(model, settings.summary_prompt, items, summary_window, target)
    result.usage.add(staged.usage)
    result.requests, result.stages, result.summary = staged.requests, staged.stages, staged.text
    record = {
        "type": COMPACTION,
        "summary": staged.text,
        "cut": cut,
        "ts": ws.now().isoformat(timespec="seconds"),
        "model": model.name,
        "summarised": start,
        "tokens_before": tokens,
    }
    result.tail_tokens = totals[start]
    result.tokens_after = message_tokens(summary_message(record, thread)) + totals[start]
    record["tokens_after"] = result.tokens_after
    _append_record(ws, thread, record, len(entries))
    if staged.learned_window:
        remember_window(ws, model.name, staged.learned_window)
    result.status = "compacted"
    return result


def _flush_wanted(config: Config, flush_first: bool | None) -> bool:
    """Whether a compaction flushes first: never with `memory.hooks` off."""
    wanted = config.compaction.flush_before_compact if flush_first is None else flush_first
    return wanted and config.memory.hooks


def _summary_items(
    prefix: list[dict[str, Any]], compaction: dict[str, Any] | None, redactor: Redactor
) -> list[tuple[str, str]]:
    """The prefix as (role, text) pairs rendered as flush renders them (system messages
    left out, tool calls and results cut, secrets redacted); an earlier summary is
    folded in as role `summary`."""
    items = []
    for position, message in enumerate(prefix):
        if position == 0 and compaction is not None:
            items.append(("summary", redactor.text(str(compaction.get("summary", ""))).strip()))
            continue
        line = render_entry(message, position, redactor)
        if line is not None:
            items.append((line.role, line.text))
    return items or [("user", "(no text)")]


def _estimate(config: Config, prompt_tokens: int, completion_tokens: int) -> float | None:
    return estimate_cost(config.compaction_model, prompt_tokens, completion_tokens)


def _flush_first(
    ws: Workspace, config: Config, thread: str, warnings: list[str]
) -> FlushResult | None:
    """flush_before_compact: extract the thread's facts before its prefix is summarised.

    A failed flush does not stop the compaction: the flush watermark stays where it
    was, so the next flush still sends those entries (the log keeps them).
    """
    flush_model = resolve_model(ws, config.memory_model)
    try:
        return flush(ws, config, flush_model, threads=[thread])
    except MemctlError as exc:
        warnings.append(
            f"flush before compaction failed ({exc}); the entries stay unflushed for the next flush"
        )
        return None


def check_record(record: dict[str, Any], entries: int) -> None:
    """A compaction record memctl writes: non-empty summary, cut within the log."""
    cut = record.get("cut")
    if not isinstance(record.get("summary"), str) or not record["summary"].strip():
        raise ModelError("refusing to write a compaction with an empty summary")
    if not isinstance(cut, int) or isinstance(cut, bool) or not 0 <= cut <= entries:
        raise UsageError(f"compaction cut {cut!r} is outside the log (0..{entries})")


def _append_record(ws: Workspace, thread: str, record: dict[str, Any], entries: int) -> None:
    check_record(record, entries)
    path = thread_path(ws, thread)
    with ws.lock():
        append_log(path, encode_entry(record))
