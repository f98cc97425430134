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
from dataclasses import dataclass, field
from typing import Any, Literal

from memctl.core.config import CompactionConfig, Config
from memctl.core.errors import MemctlError, ModelError, UsageError
from memctl.core.forgotten import Forgotten
from memctl.core.redact import Redactor
from memctl.core.retention import Retention, retain
from memctl.core.threads import (
    COMPACTION,
    append_log,
    encode_entry,
    read_entries,
    render_entry,
    summary_message,
    thread_path,
    working_context,
)
from memctl.core.tokens import message_tokens, messages_tokens
from memctl.core.wording import plural
from memctl.core.workspace import TEXT_ENCODING, Workspace
from memctl.models.held import forgotten
from memctl.models.interface import Model, Models, Usage
from memctl.models.windows import (
    UNKNOWN_WINDOW,
    chars_for,
    known_window,
    remember_window,
    trigger_tokens,
)
from memctl.pipeline.cuts import suffix_tokens, tail_start, truncate_tool_args
from memctl.pipeline.evict import evict_messages
from memctl.pipeline.flush import FlushResult, flush
from memctl.pipeline.summarise import (
    SAFETY_SHARE,
    chunk_items,
    planned_requests,
    render_line,
    summarise,
    summary_budget,
    summary_request,
    summary_tokens_target,
)

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
    retention: Retention | None = None
    """The identifiers and commitments of the summarised messages (paths, ids, numbers,
    URLs, versions, decisions, open tasks): how many the summary or a ledger holds, and
    which were kept under the summary's `Kept:` list or dropped (null when no summary
    was made, or an LLM's dry run)."""
    estimated_cost: float | None = None
    planned: list[PlannedSummary] = field(default_factory=list)
    flush: FlushResult | None = None
    warnings: list[str] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)


def _trigger(settings: CompactionConfig, count: int, tokens: int, window: int | None) -> str | None:
    if settings.trigger_messages and count >= settings.trigger_messages:
        return f"{plural(count, 'message')} >= trigger_messages {settings.trigger_messages}"
    limit = trigger_tokens(settings, window)
    if tokens >= limit:
        return f"{plural(tokens, 'token')} >= trigger_tokens {limit:,}"
    return None


def _not_triggered(settings: CompactionConfig, count: int, tokens: int, window: int | None) -> str:
    by_messages = (
        f"{plural(count, 'message')} < trigger_messages {settings.trigger_messages}"
        if settings.trigger_messages
        else "trigger_messages off"
    )
    return (
        f"{by_messages}, {plural(tokens, 'token')} < trigger_tokens "
        f"{trigger_tokens(settings, window):,} (use --force to compact anyway)"
    )


def _all_in_tail(count: int) -> str:
    return "the only message is" if count == 1 else f"all {count:,} messages are"


def compact(
    ws: Workspace,
    config: Config,
    models: Models,
    thread: str,
    *,
    window: int | None = None,
    reserved_tokens: int = 0,
    force: bool = False,
    dry_run: bool = False,
) -> CompactResult:
    """Compact a thread's working context when a trigger is reached (or `force`): the
    `compact` command, and `call` before it sends a turn.

    `models.compaction` writes the summary and `models.memory` the flush before it
    (`flush_before_compact`); `window` is the main model's context window, which sets
    the dynamic trigger and tail. `reserved_tokens` is the part of the request that is
    not the thread (reference message, a turn in progress, tool schemas). A failed
    summary call raises and leaves the thread as it was.
    """
    flush_first = config.compaction.flush_before_compact and config.memory.hooks
    how = _Pass(window, reserved_tokens, force=force, dry_run=dry_run, flush_first=flush_first)
    return _locked(ws, config, models, thread, how)


def compact_to_fit(
    ws: Workspace, config: Config, models: Models, thread: str, *, window: int, reserved_tokens: int
) -> CompactResult:
    """The overflow recovery of `call`: compact now, whatever the triggers and
    `compaction.enabled` say, so that summary, tail and `reserved_tokens` fit in
    `window` (the window the provider's error stated), even if no tail is left.

    It flushes first even with `flush_before_compact` off (never with `memory.hooks`
    off): this is the reference's third flush point, so nothing is lost to a summary.
    """
    how = _Pass(window, reserved_tokens, flush_first=config.memory.hooks, fit=True)
    return _locked(ws, config, models, thread, how)


@dataclass(frozen=True)
class _Pass:
    """How one compaction runs, as `compact` or `compact_to_fit` asked for it."""

    window: int | None
    reserved_tokens: int
    force: bool = False
    dry_run: bool = False
    flush_first: bool = False
    fit: bool = False
    """The overflow recovery: the overflow is the reason, and the tail is capped so
    that the request fits `window`, down to no tail at all."""


def _locked(
    ws: Workspace, config: Config, models: Models, thread: str, how: _Pass
) -> CompactResult:
    # A dry run takes no lock: it must not even create the lock file.
    guard = contextlib.nullcontext() if how.dry_run else ws.stage_lock(f"compact.{thread}")
    with guard:
        return _compact(ws, config, models, thread, how)


def _compact(
    ws: Workspace, config: Config, models: Models, thread: str, how: _Pass
) -> CompactResult:
    model = models.compaction()
    window, reserved_tokens = how.window, how.reserved_tokens
    settings = config.compaction
    entries = read_entries(ws, thread)
    # A turn a forget hides is left out of the summary (memctl forget: the summary is
    # sent with every later request), and so are the earlier summary's lines stating it.
    gone = forgotten(ws)
    context, hidden = gone.in_context(working_context(entries, thread), thread)
    # Sized and summarised as the model sees it: evicted tool results are placeholders,
    # whose files are written now (a summary may name them), except in a dry run.
    messages = evict_messages(
        ws, config, thread, context.messages, context.indexes, dry_run=how.dry_run
    ).messages
    totals = suffix_tokens(messages)
    tokens = totals[0]
    result = CompactResult(thread, "not_needed", "", model.name, len(messages), tokens)
    result.overhead_tokens = reserved_tokens
    if not (settings.enabled or how.force or how.fit):
        result.reason = "compaction.enabled is false (--force compacts anyway)"
        return result
    if how.fit:
        fired: str | None = "context length exceeded"
    elif how.force:
        fired = "--force"
    else:
        fired = _trigger(settings, len(messages), tokens + reserved_tokens, window)
    if fired is None:
        result.reason = _not_triggered(settings, len(messages), tokens + reserved_tokens, window)
        return result
    result.reason = fired

    target = summary_tokens_target(window)
    summary_estimate = message_tokens(summary_message({"summary": "x" * chars_for(target)}, thread))
    cap = None
    if how.fit and window is not None:
        cap = int(window * (1 - SAFETY_SHARE)) - reserved_tokens - summary_estimate
        cap = max(cap, 0)
    floor = 1 if context.compaction is not None else 0
    start = tail_start(
        messages,
        settings,
        window,
        floor=floor,
        cap_tokens=cap,
        min_tail=0 if how.fit else 1,
        totals=totals,
    )
    if start <= floor:
        result.status = "nothing_to_compact"
        result.reason = (
            f"{fired}, but {_all_in_tail(len(messages) - floor)} in the tail that is kept"
        )
        return result

    redactor = config.redaction.redactor()
    prefix, result.truncated_args = truncate_tool_args(
        messages[:start], settings.truncate_args, start, redactor.json
    )
    items = _summary_items(prefix, context.compaction, redactor, hidden)
    cut = context.indexes[start] if start < len(messages) else len(entries)
    assert cut is not None
    result.cut = cut
    result.summarised = start
    result.messages_after = 1 + len(messages) - start

    summary_window = known_window(model, ws.read_state()) or UNKNOWN_WINDOW
    if how.dry_run:
        budget = summary_budget(settings.summary_prompt, summary_window, target)
        requests, prompt_tokens, completion = planned_requests(
            settings.summary_prompt, items, budget
        )
        if model.offline:
            # free and deterministic: the dry run can show the exact summary
            staged = summarise(model, settings.summary_prompt, items, summary_window, target)
            text, result.retention = _retain(ws, gone, items, staged.text, staged.summary_chars)
        else:
            # the summary (at most the prefix) and its Kept: list (at most the prefix's
            # sentences again), within the summary's budget
            rendered = sum(len(render_line(role, text)) + 1 for role, text in items)
            text = "x" * min(budget.summary_chars, 2 * rendered + len("\n\nKept:"))
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
        result.estimated_cost = model.estimate_cost(prompt_tokens, completion)
        return result

    if how.flush_first:
        result.flush = _flush_first(ws, config, models.memory(), thread, result.warnings)

    staged = summarise(model, settings.summary_prompt, items, summary_window, target)
    result.usage.add(staged.usage)
    result.requests, result.stages = staged.requests, staged.stages
    result.summary, result.retention = _retain(ws, gone, items, staged.text, staged.summary_chars)
    record = {
        "type": COMPACTION,
        "summary": result.summary,
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


def _summary_items(
    prefix: list[dict[str, Any]],
    compaction: dict[str, Any] | None,
    redactor: Redactor,
    hidden: set[int] | None = None,
) -> list[tuple[str, str]]:
    """The prefix as (role, text) pairs rendered as flush renders them (system messages
    left out, tool calls and results cut, secrets redacted); an earlier summary is
    folded in as role `summary`. The positions in `hidden` (messages a forget hides)
    are left out."""
    items = []
    for position, message in enumerate(prefix):
        if position == 0 and compaction is not None:
            items.append(("summary", redactor.text(str(compaction.get("summary", ""))).strip()))
            continue
        if hidden and position in hidden:
            continue
        line = render_entry(message, position, redactor)
        if line is not None:
            items.append((line.role, line.text))
    return items or [("user", "(no text)")]


def _retain(
    ws: Workspace,
    gone: Forgotten,
    items: list[tuple[str, str]],
    summary: str,
    budget_chars: int,
) -> tuple[str, Retention]:
    """The summary with what it lost of the prefix's identifiers and commitments, and
    the count (core/retention.py). A fact already in a daily ledger (the flush before
    compaction wrote it) is not repeated, nor one forgotten (`gone`, read once for the
    compaction). The `Kept:` list fits the summary's budget; its lines come from the
    items, which are redacted already."""
    ledger = "\n".join(
        line
        for path in ws.daily_files()
        for line in path.read_text(encoding=TEXT_ENCODING, errors="replace").splitlines()
        if not gone.states(line)
    )
    return retain(items, summary, ledger, budget_chars, gone.states)


def _flush_first(
    ws: Workspace,
    config: Config,
    memory_model: Model,
    thread: str,
    warnings: list[str],
) -> FlushResult | None:
    """flush_before_compact: extract the thread's facts before its prefix is summarised.

    A failed flush does not stop the compaction: the flush watermark stays where it
    was, so the next flush still sends those entries (the log keeps them).
    """
    try:
        return flush(ws, config, memory_model, threads=[thread])
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
