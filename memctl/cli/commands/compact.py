"""compact."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from memctl.cli.core import ShowRequests, ThreadArg, app, command, globals_of
from memctl.cli.inputs import resolve_thread
from memctl.cli.output import emit, working
from memctl.cli.views import compact_note, cost_text, request_text, requests_text
from memctl.core.wording import plural

if TYPE_CHECKING:
    from memctl.pipeline.compact import CompactResult


@command(app, "compact", short_help="Summarise a thread's old messages.")
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
    show_requests: ShowRequests = False,
) -> None:
    """Summarise a thread's old messages and keep the recent tail in its working context.

    Runs when compaction.trigger_messages or trigger_tokens is reached, or with --force.
    The thread log keeps every entry: compaction appends a record, and the summary
    stands for the entries before its cut. The paths, ids, numbers, URLs, versions,
    decisions and open tasks of those entries that neither the summary nor a daily
    ledger holds are appended to it under Kept: (within its budget). The summary is
    printed on stdout.

    Example: memctl compact support-42 --dry-run
    """
    from memctl.models.resolve import resolve_models
    from memctl.models.windows import known_window
    from memctl.pipeline.compact import compact
    from memctl.turn.context import overhead_tokens

    g = globals_of(ctx)
    ws, config = g.open()
    thread = resolve_thread(ws, thread)
    models = resolve_models(ws, config)
    window = known_window(models.main(), ws.read_state())
    with working(g, f"compact: summarising thread {thread}"):
        result = compact(
            ws,
            config,
            models,
            thread,
            window=window,
            force=force,
            dry_run=dry_run,
            reserved_tokens=overhead_tokens(ws, config),
        )
    compact_note(g, result)
    emit(g, result, lambda: compact_text(result, show_requests or g.verbose))


def compact_text(result: CompactResult, full: bool) -> str:
    """stdout of compact: the summary written, or for a dry run the cut, the token
    counts before and after, and the requests it would send."""
    if result.status != "dry_run":
        return result.summary or ""
    later = result.requests - len(result.planned)
    stages = f" (then {later} summarising the summaries)" if later > 0 else ""
    lines = [
        f"thread {result.thread}: would compact ({result.reason})",
        f"cut: log entry {result.cut} ({plural(result.summarised, 'message')} summarised, "
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
            full,
        )
        for number, planned in enumerate(result.planned, 1)
    ]
    return "\n\n".join(["\n".join(lines), requests_text(requests, full)])


def _tokens_line(result: CompactResult) -> str:
    """Two named figures: the thread's messages, which compaction shrinks, and the whole
    request, the `request tokens` that `memctl context` reports and the trigger weighs."""
    summary = result.tokens_after - result.tail_tokens
    bound = "at most about" if result.tokens_after_bound else "about"
    of = "summary of up to" if result.tokens_after_bound else "summary"
    overhead = result.overhead_tokens
    thread = (
        f"thread tokens: {result.tokens_before:,} -> {bound} {result.tokens_after:,} "
        f"(kept tail {result.tail_tokens:,} + {of} {summary:,}, estimated)"
    )
    if not overhead:
        return thread
    return (
        f"{thread}\nrequest tokens: {result.tokens_before + overhead:,} -> {bound} "
        f"{result.tokens_after + overhead:,} (thread + {overhead:,} of memory, system "
        "prompt and tools, as `memctl context` counts)"
    )
