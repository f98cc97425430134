"""compact."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from memctl.cli.core import ShowRequests, ThreadArg, app, command, globals_of
from memctl.cli.inputs import resolve_thread
from memctl.cli.render import compact_note, compact_text, emit, working

if TYPE_CHECKING:
    from memctl.core.config import Config
    from memctl.core.workspace import Workspace
    from memctl.models.resolve import Model


def models_of(ws: Workspace, config: Config) -> tuple[Model, Model]:
    """The main model and the compaction model, each knowing a learned window."""
    from memctl.models.resolve import resolve_model

    main = resolve_model(ws, config.model)
    if config.compaction_model == config.model:
        return main, main
    return main, resolve_model(ws, config.compaction_model)


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
    from memctl.models.windows import known_window
    from memctl.pipeline.compact import compact
    from memctl.turn.context import overhead_tokens

    g = globals_of(ctx)
    ws, config = g.open()
    thread = resolve_thread(ws, thread)
    main, summary_model = models_of(ws, config)
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
    compact_note(g, result)
    emit(g, result, lambda: compact_text(result, show_requests or g.verbose))
