"""call."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from memctl.cli.core import Globals, ThreadArg, app, command, globals_of
from memctl.cli.inputs import read_stdin_text
from memctl.cli.render import compact_note, emit, note, working

if TYPE_CHECKING:
    from memctl.call import CallResult


def _call_notes(g: Globals, result: CallResult) -> None:
    for done in result.compactions:
        compact_note(g, done)
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
    text = read_stdin_text().removesuffix("\n") if message == "-" else message
    ws, config = g.open()
    model = resolve_model(ws, config.model)
    with working(g, f"call: {model.name} on thread {thread}"):
        result = call(ws, config, model, thread, text, dry_run=dry_run)
    if dry_run:
        emit(g, result, lambda: json.dumps(result.request, ensure_ascii=False, indent=2))
        return
    _call_notes(g, result)
    emit(g, result, result.reply)
