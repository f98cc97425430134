"""flush."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from memctl.cli.core import (
    DRY_RUN_REQUESTS_HELP,
    ShowRequests,
    app,
    command,
    complete_threads,
    globals_of,
)
from memctl.cli.inputs import resolve_threads
from memctl.cli.output import emit, note, working
from memctl.cli.views import cost_text, request_text, requests_text
from memctl.core.wording import plural

if TYPE_CHECKING:
    from memctl.pipeline.flush import FlushResult, ThreadFlush


@command(app, "flush", short_help="Extract facts from threads into the ledger.")
def flush_command(
    ctx: typer.Context,
    thread: Annotated[
        list[str] | None,
        typer.Option(
            "--thread",
            "-t",
            help="Flush this thread, or the one a unique prefix names (repeatable; default: every thread with unflushed entries).",
            autocompletion=complete_threads,
        ),
    ] = None,
    auto: Annotated[
        bool,
        typer.Option(
            "--auto",
            help="Apply memory.flush_trigger and memory.hooks, as the per-call flush does.",
        ),
    ] = False,
    dry_run: Annotated[
        bool,
        typer.Option(
            "--dry-run",
            help=DRY_RUN_REQUESTS_HELP,
        ),
    ] = False,
    show_requests: ShowRequests = False,
) -> None:
    """Extract durable facts from unflushed thread entries into today's ledger.

    Each message is sent once (a per-thread watermark); long backlogs go in chunks.
    With -v, the facts appended are listed under each thread. With --auto (the cron
    job), an error in a log carries its local time after `memctl: error:`, as
    maintain's do.

    Example: memctl flush --thread support-42 --dry-run
    """
    from memctl.models.resolve import resolve_model
    from memctl.pipeline.flush import flush

    g = globals_of(ctx)
    if auto:
        g.stamp_for_log()  # the cron job's
    ws, config = g.open()
    thread = resolve_threads(ws, thread)
    model = resolve_model(ws, config.memory_model)
    with working(g, "flush: extracting facts") as progress:
        result = flush(
            ws,
            config,
            model,
            threads=thread or None,
            auto=auto,
            dry_run=dry_run,
            progress=progress.where,
        )
    if result.clock:
        note(g, f"flush: {result.clock}")
    if result.skipped:
        note(g, f"flush: nothing to do: {result.skipped}")
    for item in result.threads:
        note(g, f"flush: {_thread_line(item, result)}")
        if g.verbose:
            for line in item.written:
                note(g, f"flush:   {line}")
    full = show_requests or g.verbose
    for warning in result.warnings:
        note(g, f"flush: warning: {warning}")
    emit(g, result, lambda: _planned_text(result, full) if result.dry_run else None)


def _thread_line(item: ThreadFlush, result: FlushResult) -> str:
    head = f"thread {item.thread}:"
    if item.skipped_reason:
        return f"{head} nothing to flush ({item.skipped_reason})"
    if result.dry_run:
        tokens = sum(p.tokens for p in item.planned)
        cost = total_cost([p.estimated_cost for p in item.planned])
        return (
            f"{head} would send {plural(item.entries_sent, 'entry', 'entries')} "
            f"(log {item.start}-{item.end - 1}) in {plural(len(item.planned), 'request')}, "
            f"~{tokens:,} input tokens, est. {cost_text(cost)} ({result.model})"
        )
    if not item.facts:
        entries = plural(item.entries_sent, "entry", "entries")
        return f"{head} {entries} -> nothing worth keeping ({result.model})"
    return (
        f"{head} {plural(item.entries_sent, 'entry', 'entries')} -> {plural(item.facts, 'fact')} "
        f"in {item.ledger} ({result.model})"
    )


def _planned_text(result: FlushResult, full: bool) -> str:
    blocks = []
    for item in result.threads:
        for number, planned in enumerate(item.planned, 1):
            part = f" · {planned.part}" if planned.part else ""
            # A part that does not finish its message ends where it starts.
            last = max(planned.end - 1, planned.start)
            where = (
                f"log entry {planned.start}"
                if last == planned.start
                else f"log entries {planned.start}-{last}"
            )
            head = (
                f"thread {item.thread} · request {number}/{len(item.planned)} · "
                f"{where}{part} · "
                f"~{planned.tokens:,} input tokens · est. {cost_text(planned.estimated_cost)}"
            )
            blocks.append(request_text(head, planned.messages, full))
    return requests_text(blocks, full)


def total_cost(costs: list[float | None]) -> float | None:
    """The sum, or None when a price is unknown for any part."""
    return None if None in costs else sum(c for c in costs if c is not None)
