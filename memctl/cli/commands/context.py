"""context."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from memctl.cli.core import Globals, ThreadArg, app, command, globals_of
from memctl.cli.inputs import resolve_thread
from memctl.cli.output import json_text, note
from memctl.core.wording import plural

if TYPE_CHECKING:
    from memctl.turn.context import ContextRequest


def _context_notes(g: Globals, context: ContextRequest, dry_run: bool) -> None:
    if dry_run:
        # The figures `compact --dry-run` names too, so the two can be read side by side.
        note(
            g,
            f"context: request tokens {context.tokens:,} (thread tokens "
            f"{context.history_tokens:,} + {context.tokens - context.history_tokens:,} of "
            "memory, system prompt and tools)",
        )
    if context.memory.truncated:
        note(
            g,
            f"context: MEMORY.md ({context.memory.chars:,} chars) cut to its budget of "
            f"{context.memory.budget_chars:,} chars",
        )
    if context.evicted:
        where = "would be evicted (dry run: no file written)" if dry_run else "evicted to files"
        note(g, f"context: {plural(len(context.evicted), 'tool result')} {where}")
    for failure in context.eviction_failures:
        note(
            g,
            f"context: warning: tool result #{failure.index} kept in full, "
            f"its file could not be written: {failure.reason}",
        )
    if context.truncated_args:
        note(g, f"context: {plural(context.truncated_args, 'tool-call argument')} truncated")


@command(app, "context", short_help="Print a thread's exact model request as JSON.")
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
    from memctl.models.resolve import resolve_model
    from memctl.models.windows import known_window
    from memctl.turn.context import build_context
    from memctl.turn.tools import openai_tools

    g = globals_of(ctx)
    ws, config = g.open()
    thread = resolve_thread(ws, thread, may_start=True)
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
    print(json_text(context.request(), indent=None if g.json else 2))
