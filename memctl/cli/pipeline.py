"""flush, consolidate."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from memctl.cli.app import (
    Globals,
    app,
    command,
    cost_text,
    emit,
    globals_of,
    note,
    request_text,
    working,
)
from memctl.errors import UsageError

if TYPE_CHECKING:
    from memctl.consolidate import ConsolidateResult
    from memctl.flush import FlushResult, ThreadFlush


def _plural(count: int, word: str, words: str | None = None) -> str:
    return f"{count:,} {word}" if count == 1 else f"{count:,} {words or word + 's'}"


def _total_cost(costs: list[float | None]) -> float | None:
    """The sum, or None when a price is unknown for any part."""
    return None if None in costs else sum(c for c in costs if c is not None)


@command(app, "flush")
def flush_command(
    ctx: typer.Context,
    thread: Annotated[
        list[str] | None,
        typer.Option(
            "--thread",
            "-t",
            help="Flush this thread (repeatable; default: every thread with unflushed entries).",
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
            help="Print the requests that would be sent, with token and cost estimates; "
            "no model call, nothing written.",
        ),
    ] = False,
) -> None:
    """Extract durable facts from unflushed thread entries into today's ledger.

    Each message is sent once (a per-thread watermark); long backlogs go in chunks.

    Example: memctl flush --thread support-42 --dry-run
    """
    from memctl.flush import flush
    from memctl.llm import resolve_model

    g = globals_of(ctx)
    ws, config = g.open()
    model = resolve_model(ws, config.memory_model)
    with working(g, "flush: extracting facts"):
        result = flush(ws, config, model, threads=thread or None, auto=auto, dry_run=dry_run)
    if result.clock:
        note(g, f"flush: {result.clock}")
    if result.skipped:
        note(g, f"flush: nothing to do: {result.skipped}")
    for item in result.threads:
        note(g, _thread_line(item, result))
    emit(g, result, lambda: _planned_text(result) if result.dry_run else None)


def _thread_line(item: ThreadFlush, result: FlushResult) -> str:
    head = f"thread {item.thread}:"
    if item.skipped_reason:
        return f"{head} nothing to flush ({item.skipped_reason})"
    if result.dry_run:
        tokens = sum(p.tokens for p in item.planned)
        cost = _total_cost([p.estimated_cost for p in item.planned])
        return (
            f"{head} would send {_plural(item.entries_sent, 'entry', 'entries')} "
            f"(log {item.start}-{item.end - 1}) in {_plural(len(item.planned), 'request')}, "
            f"~{tokens:,} input tokens, est. {cost_text(cost)} ({result.model})"
        )
    if not item.facts:
        entries = _plural(item.entries_sent, "entry", "entries")
        return f"{head} {entries} -> nothing worth keeping ({result.model})"
    return (
        f"{head} {_plural(item.entries_sent, 'entry', 'entries')} -> {_plural(item.facts, 'fact')} "
        f"in {item.ledger} ({result.model})"
    )


def _planned_text(result: FlushResult) -> str:
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
            blocks.append(request_text(head, planned.messages))
    return "\n\n".join(blocks)


@command(app, "consolidate")
def consolidate_command(
    ctx: typer.Context,
    force: Annotated[
        bool, typer.Option("--force", help="Run the model even with no new daily text.")
    ] = False,
    dry_run: Annotated[
        bool,
        typer.Option(
            "--dry-run",
            help="Print the requests that would be sent, with token and cost estimates; "
            "no model call, nothing written. On builtin (free): the diff it would make.",
        ),
    ] = False,
    diff: Annotated[
        bool,
        typer.Option(
            "--diff",
            help="Compute the new MEMORY.md (this calls the model) and print the diff; "
            "write nothing.",
        ),
    ] = False,
) -> None:
    """Merge the daily text written since the last consolidation into MEMORY.md.

    The previous MEMORY.md is kept under .memctl/history/ (the last 20).

    Example: memctl consolidate --dry-run; memctl consolidate --diff | less
    """
    from memctl.consolidate import consolidate
    from memctl.llm import resolve_model

    g = globals_of(ctx)
    if dry_run and diff:
        raise UsageError("--dry-run and --diff exclude each other: --dry-run calls no model")
    ws, config = g.open()
    model = resolve_model(ws, config.memory_model)
    with working(g, "consolidate: merging into MEMORY.md"):
        result = consolidate(ws, config, model, force=force, dry_run=dry_run, preview=diff)
    note(g, consolidate_summary(result))
    _report_consolidate(g, result)


def _size(count: int) -> str:
    if count < 1000:
        return f"{count} B"
    if count < 1_000_000:
        return f"{count / 1000:.1f} kB"
    return f"{count / 1_000_000:.1f} MB"


def consolidate_summary(result: ConsolidateResult) -> str:
    """One line for stderr: what was merged, and how MEMORY.md's size changed."""
    if result.status == "nothing_new":
        return (
            "consolidate: no new daily text since the last consolidation; no model request "
            "(--force runs it anyway)"
        )
    files = _plural(len(result.files), "file")
    new = f"{files} ({_size(result.new_bytes)} new) into MEMORY.md"
    if result.status == "dry_run":
        tokens = sum(p.prompt_tokens + p.completion_tokens for p in result.planned)
        return (
            f"dry run: would consolidate {new} in {_plural(len(result.planned), 'request')}, "
            f"~{tokens:,} tokens, est. {cost_text(result.estimated_cost)} ({result.model}); "
            + (
                f"{result.chars_before:,} -> {result.chars_after:,} chars; nothing written"
                if result.diff is not None
                else "no model call, nothing written"
            )
        )
    passes = f" in {result.passes} passes" if result.passes > 1 else ""
    what = f"{new}{passes}: {result.chars_before:,} -> {result.chars_after:,} chars"
    if result.status == "preview":
        return f"preview: would consolidate {what} ({result.model}); nothing written"
    carried = f"; kept {_size(result.carried_over)} saved meanwhile" if result.carried_over else ""
    return f"consolidated {what} ({result.model}){carried}"


def consolidate_plan_text(result: ConsolidateResult) -> str:
    """The requests a consolidation dry run would send, each under a `===` heading."""
    return "\n\n".join(
        request_text(
            f"consolidate · request {number}/{len(result.planned)} · {', '.join(p.files)} · "
            f"~{p.prompt_tokens:,} input + ~{p.completion_tokens:,} output tokens · "
            f"est. {cost_text(p.estimated_cost)}",
            p.messages,
        )
        for number, p in enumerate(result.planned, 1)
    )


def _report_consolidate(g: Globals, result: ConsolidateResult) -> None:
    if result.status == "preview":
        if not result.diff:
            note(g, "preview: MEMORY.md would not change")
        emit(g, result, result.diff)
    elif result.status == "dry_run" and result.diff is not None:
        # builtin: what would change, as `--diff` shows it (the requests are in --json).
        if not result.diff:
            note(g, "dry run: MEMORY.md would not change")
        emit(g, result, result.diff)
    elif result.status == "dry_run":
        emit(g, result, lambda: consolidate_plan_text(result))
    else:
        emit(g, result)
