"""compact."""

from __future__ import annotations

from typing import Annotated

import typer

from memctl.cli.core import ShowRequests, ThreadArg, app, command, globals_of
from memctl.cli.inputs import resolve_thread
from memctl.cli.render import compact_note, compact_text, emit, working


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
    show_requests: ShowRequests = False,
) -> None:
    """Summarise a thread's old messages and keep the recent tail in its working context.

    Runs when compaction.trigger_messages or trigger_tokens is reached, or with --force.
    The thread log keeps every entry: compaction appends a record, and the summary
    stands for the entries before its cut. The summary is printed on stdout.

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
