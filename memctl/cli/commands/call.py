"""call."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from memctl.cli.core import Globals, ThreadArg, app, command, globals_of
from memctl.cli.inputs import read_stdin_text, resolve_thread
from memctl.cli.output import emit, note, terminal_text, working
from memctl.cli.views import compact_note, consolidate_summary
from memctl.core.wording import plural

if TYPE_CHECKING:
    from memctl.turn.call import CallResult


def _turn_notes(g: Globals, result: CallResult) -> None:
    """What happened on the way to the reply (printed as soon as the reply is)."""
    for done in result.compactions:
        compact_note(g, done, "call")
    if result.overflow_recovered:
        note(g, "call: the context was too long; compacted and retried once")
    for step in result.tool_calls:
        outcome = "error" if step.is_error else f"{step.result_chars:,} chars"
        note(g, f"call: tool {step.name}: {outcome}")
    for warning in result.warnings:
        note(g, f"call: warning: {warning}")


def _after_notes(g: Globals, result: CallResult) -> None:
    """The per-call flush and maintenance, which run after the reply is out."""
    if result.flush_error:
        note(g, f"call: warning: the per-call flush failed: {result.flush_error}")
    elif result.flush is not None and result.flush.skipped:
        if g.verbose:
            note(g, f"call: flush skipped: {result.flush.skipped}")
    elif result.flush is not None:
        facts = sum(t.facts for t in result.flush.threads)
        if facts:
            note(g, f"call: flushed {plural(facts, 'fact')} to {result.flush.ledger}")
        for warning in result.flush.warnings:
            note(g, f"call: warning: flush: {warning}")
    if result.maintain_error:
        note(g, f"call: warning: maintenance failed: {result.maintain_error}")
    merged = result.maintain.consolidate if result.maintain is not None else None
    if merged is not None and merged.status == "consolidated":
        note(g, f"maintenance: {consolidate_summary(merged)}", "call")


@command(app, "call", short_help="One agent turn: message, tools, reply.")
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
    new: Annotated[
        bool,
        typer.Option(
            "--new",
            help="Start a thread of exactly this id. Without it an unknown id is refused, "
            "so a typo never starts a thread; a unique prefix selects a thread.",
        ),
    ] = False,
) -> None:
    """One agent turn: append the message, call the model with the memory tools, print the reply.

    Compacts when a trigger is reached and recovers from a context-length error with a
    forced compaction and one retry. After the reply: the per-call flush
    (memory.flush_trigger) and maintenance when due. The whole turn is appended to the
    thread log only when it succeeded.

    Example: memctl call support-42 --new "We moved the ledger to Postgres 16."
    """
    from memctl.agents.export import after_merge, refresh_after_sync, refreshed_lines
    from memctl.core.threads import check_thread_id
    from memctl.models.resolve import resolve_models
    from memctl.turn.call import call

    g = globals_of(ctx)
    check_thread_id(thread)
    text = read_stdin_text().removesuffix("\n") if message == "-" else message
    ws, config = g.open()
    if not new:
        thread = resolve_thread(ws, thread, new_flag=True)
    models = resolve_models(ws, config)
    if dry_run:
        result = call(ws, config, models, thread, text, dry_run=True)
        emit(g, result, lambda: json.dumps(result.request, ensure_ascii=False, indent=2))
        return
    # Streamed only to a person: a pipe or a script gets the reply whole, once.
    streaming = not g.json and sys.stdout.isatty()
    streamed: list[str] = []

    with working(g, f"call: {models.main().name} on thread {thread}") as progress:

        def on_text(piece: str) -> None:
            progress.pause()
            streamed.append(piece)
            sys.stdout.write(terminal_text(piece))
            sys.stdout.flush()

        def on_reply(result: CallResult) -> None:
            progress.pause()
            if not g.json:
                shown = "".join(streamed)
                if not streamed:
                    shown = result.reply
                    sys.stdout.write(terminal_text(shown))
                if shown and not shown.endswith("\n"):
                    sys.stdout.write("\n")
                sys.stdout.flush()
            _turn_notes(g, result)

        def on_stage(name: str) -> None:
            progress.stage(f"call: {name} after the reply")

        result = call(
            ws,
            config,
            models,
            thread,
            text,
            on_text=on_text if streaming else None,
            on_reply=on_reply,
            on_stage=on_stage,
            exports=refreshed_lines,
        )
        refresh_after_sync(ws, config, result.maintain.sync if result.maintain else None)
        after_merge(ws, config, result.maintain.consolidate if result.maintain else None)
    _after_notes(g, result)
    if g.json:
        emit(g, result)
