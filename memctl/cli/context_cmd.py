"""compact, evict, context, call."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer

from memctl.cli.app import (
    Globals,
    app,
    command,
    cost_text,
    emit,
    globals_of,
    jsonable,
    note,
    request_text,
    working,
)

ThreadArg = Annotated[str, typer.Argument(help="Thread id.")]


def _models(ws: Any, config: Any) -> tuple[Any, Any]:
    """The main model and the compaction model, each knowing a learned window."""
    from memctl.llm import resolve_model

    main = resolve_model(ws, config.model)
    if config.compaction_model == config.model:
        return main, main
    return main, resolve_model(ws, config.compaction_model)


# --------------------------------------------------------------------------- compact


def _compact_text(result: Any) -> str:
    if result.status != "dry_run":
        return result.summary or ""
    later = result.requests - len(result.planned)
    stages = f" (then {later} summarising the summaries)" if later > 0 else ""
    lines = [
        f"thread {result.thread}: would compact ({result.reason})",
        f"cut: log entry {result.cut} ({result.summarised} message(s) summarised, "
        f"{result.messages_after - 1} kept)",
        f"messages: {result.messages_before} -> {result.messages_after} (summary + kept tail)",
        _tokens_line(result),
        f"summary requests: {result.requests} to {result.model}{stages}",
        f"estimated cost: {cost_text(result.estimated_cost)}",
    ]
    requests = [
        request_text(
            f"summary request {number}/{result.requests} · ~{planned.tokens:,} input tokens",
            planned.messages,
        )
        for number, planned in enumerate(result.planned, 1)
    ]
    return "\n\n".join(["\n".join(lines), *requests])


def _tokens_line(result: Any) -> str:
    summary = result.tokens_after - result.tail_tokens
    if result.tokens_after_bound:
        return (
            f"tokens: {result.tokens_before:,} -> at most about {result.tokens_after:,} "
            f"(kept tail {result.tail_tokens:,} + summary of up to {summary:,}, estimated)"
        )
    return (
        f"tokens: {result.tokens_before:,} -> about {result.tokens_after:,} "
        f"(kept tail {result.tail_tokens:,} + summary {summary:,}, estimated)"
    )


def _compact_note(g: Globals, result: Any) -> None:
    if result.status == "not_needed":
        note(g, f"compact: thread {result.thread}: not needed: {result.reason}")
    elif result.status == "nothing_to_compact":
        note(g, f"compact: thread {result.thread}: nothing to compact: {result.reason}")
    elif result.status == "compacted":
        stages = f" in {result.stages} stages" if result.stages > 1 else ""
        note(
            g,
            f"compact: thread {result.thread}: {result.summarised} message(s) before entry "
            f"{result.cut} summarised{stages} ({result.requests} request(s), {result.model}); "
            f"{result.messages_before} messages / {result.tokens_before:,} tokens -> "
            f"{result.messages_after} / {result.tokens_after:,}",
        )
    flushed = result.flush
    facts = sum(t.facts for t in flushed.threads) if flushed is not None else 0
    if facts:
        note(g, f"compact: flushed first: {facts} fact(s) to {flushed.ledger}")
    for warning in result.warnings:
        note(g, f"compact: warning: {warning}")


@command(app, "compact")
def compact_command(
    ctx: typer.Context,
    thread: ThreadArg,
    force: Annotated[
        bool, typer.Option("--force", help="Compact even if no trigger is reached.")
    ] = False,
    dry_run: Annotated[
        bool,
        typer.Option(
            "--dry-run",
            help="Show the cut, token counts before and after and the estimated cost; "
            "no model call, nothing written.",
        ),
    ] = False,
) -> None:
    """Summarise a thread's old messages and keep the recent tail in its working context.

    Runs when compaction.trigger_messages or trigger_tokens is reached, or with --force.
    The thread log keeps every entry: compaction appends a record, and the summary
    stands for the entries before its cut. The summary is printed on stdout.

    Example: memctl compact support-42 --dry-run
    """
    from memctl.compact import compact, known_window
    from memctl.context import overhead_tokens
    from memctl.threads import check_thread_id

    g = globals_of(ctx)
    check_thread_id(thread)
    ws, config = g.open()
    main, summary_model = _models(ws, config)
    window = known_window(main, ws.read_state())
    with working(g, f"compact: summarising thread {thread}"):
        result = compact(
            ws,
            config,
            summary_model,
            thread,
            window=window,
            force=force,
            dry_run=dry_run,
            reserved_tokens=overhead_tokens(ws, config),
        )
    _compact_note(g, result)
    emit(g, result, lambda: _compact_text(result))


# --------------------------------------------------------------------------- evict


def _evict_text(result: Any) -> str:
    verb = "would write" if result.dry_run else "evicted"
    return "\n".join(
        f"{verb} #{e.index} {e.tool_call_id} ({e.tool or 'tool'}, {e.chars:,} chars) -> {e.path}"
        for e in result.evicted
    )


@command(app, "evict")
def evict_command(
    ctx: typer.Context,
    thread: ThreadArg,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="List what would be evicted; write nothing.")
    ] = False,
) -> None:
    """Write oversized tool results of a thread to files; the context keeps a preview.

    Results longer than eviction.threshold_chars (except eviction.exclude_tools) go to
    <eviction.root>/<thread>/<tool_call_id>-<sha256>; the same happens whenever a
    context is built. Running it again changes nothing.

    Example: memctl evict build-7 --dry-run
    """
    from memctl.evict import evict
    from memctl.threads import check_thread_id

    g = globals_of(ctx)
    check_thread_id(thread)
    ws, config = g.open()
    result = evict(ws, config, thread, dry_run=dry_run)
    if result.skipped:
        note(g, f"evict: thread {thread}: skipped: {result.skipped}")
    else:
        written = sum(1 for e in result.evicted if e.written)
        verb = "would evict" if dry_run else "evicted"
        files = ""
        if result.evicted and not dry_run:
            files = f" ({written} file(s) written, {len(result.evicted) - written} already there)"
        note(
            g,
            f"evict: thread {thread}: {verb} {len(result.evicted)} of {result.tool_results} "
            f"tool result(s) over {config.eviction.threshold_chars:,} chars{files}",
        )
    for failure in result.failed:
        note(g, f"evict: could not write #{failure.index} {failure.tool_call_id}: {failure.reason}")
    emit(g, result, lambda: _evict_text(result))
    if result.failed:
        raise typer.Exit(1)


# --------------------------------------------------------------------------- context


def _context_notes(g: Globals, context: Any, dry_run: bool) -> None:
    if context.memory.truncated:
        note(
            g,
            f"context: MEMORY.md ({context.memory.chars:,} chars) cut to its budget of "
            f"{context.memory.budget_chars:,} chars",
        )
    if context.evicted:
        where = "would be evicted (dry run: no file written)" if dry_run else "evicted to files"
        note(g, f"context: {len(context.evicted)} tool result(s) {where}")
    for failure in context.eviction_failures:
        note(
            g,
            f"context: warning: tool result #{failure.index} kept in full, "
            f"its file could not be written: {failure.reason}",
        )
    if context.truncated_args:
        note(g, f"context: {context.truncated_args} tool-call argument(s) truncated")


@command(app, "context")
def context_command(
    ctx: typer.Context,
    thread: ThreadArg,
    dry_run: Annotated[
        bool,
        typer.Option("--dry-run", help="Do not write the files of evicted tool results."),
    ] = False,
) -> None:
    """Print the exact model request for a thread as JSON: messages, tokens, model, tools.

    The first message is reference material holding MEMORY.md (within
    memory.consolidation_max_tokens) and recall guidance; then the working context,
    with eviction and tool-argument truncation applied.

    Example: memctl context support-42 | jq '.messages | length'
    """
    from memctl.compact import known_window
    from memctl.context import build_context
    from memctl.llm import resolve_model
    from memctl.threads import check_thread_id
    from memctl.tools import openai_tools

    g = globals_of(ctx)
    check_thread_id(thread)
    ws, config = g.open()
    window = None
    if config.compaction.truncate_args is not None and config.compaction.keep_tokens < 0:
        window = known_window(resolve_model(ws, config.model), ws.read_state())
    context = build_context(
        ws,
        config,
        thread,
        model_name=config.model.name,
        window=window,
        tools=openai_tools() if config.memory.tools else [],
        dry_run=dry_run,
    )
    _context_notes(g, context, dry_run)
    print(json.dumps(jsonable(context.request()), ensure_ascii=False, indent=None if g.json else 2))


# --------------------------------------------------------------------------- call


def _call_notes(g: Globals, result: Any) -> None:
    for done in result.compactions:
        _compact_note(g, done)
    if result.overflow_recovered:
        note(g, "call: the context was too long; compacted and retried once")
    for step in result.tool_calls:
        outcome = "error" if step.is_error else f"{step.result_chars:,} chars"
        note(g, f"call: tool {step.name}: {outcome}")
    for warning in result.warnings:
        note(g, f"call: warning: {warning}")
    if result.flush_error:
        note(g, f"call: warning: the per-call flush failed: {result.flush_error}")
    elif result.flush is not None and result.flush.skipped:
        if g.verbose:
            note(g, f"call: flush skipped: {result.flush.skipped}")
    elif result.flush is not None:
        facts = sum(t.facts for t in result.flush.threads)
        if facts:
            note(g, f"call: flushed {facts} fact(s) to {result.flush.ledger}")
    if result.maintain_error:
        note(g, f"call: warning: maintenance failed: {result.maintain_error}")


@command(app, "call")
def call_command(
    ctx: typer.Context,
    thread: ThreadArg,
    message: Annotated[str, typer.Argument(help="The user message, or - to read it from stdin.")],
    dry_run: Annotated[
        bool,
        typer.Option(
            "--dry-run",
            help="Print the request that would be sent; no model call, nothing written.",
        ),
    ] = False,
) -> None:
    """One agent turn: append the message, call the model with the memory tools, print the reply.

    Compacts when a trigger is reached and recovers from a context-length error with a
    forced compaction and one retry. After the reply: the per-call flush
    (memory.flush_trigger) and maintenance when due. The whole turn is appended to the
    thread log only when it succeeded.

    Example: memctl call support-42 "Which database did we pick?"
    """
    from memctl.call import call
    from memctl.llm import resolve_model
    from memctl.threads import check_thread_id

    g = globals_of(ctx)
    check_thread_id(thread)
    text = sys.stdin.read().removesuffix("\n") if message == "-" else message
    ws, config = g.open()
    model = resolve_model(ws, config.model)
    with working(g, f"call: {model.name} on thread {thread}"):
        result = call(ws, config, model, thread, text, dry_run=dry_run)
    if dry_run:
        emit(g, result, lambda: json.dumps(result.request, ensure_ascii=False, indent=2))
        return
    _call_notes(g, result)
    emit(g, result, result.reply)
