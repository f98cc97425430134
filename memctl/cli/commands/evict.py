"""evict."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from memctl.cli.core import ThreadArg, app, command, globals_of
from memctl.cli.inputs import resolve_thread
from memctl.cli.output import emit, note
from memctl.core.wording import plural

if TYPE_CHECKING:
    from memctl.pipeline.evict import EvictResult


def _evict_text(result: EvictResult) -> str:
    verb = "would write" if result.dry_run else "evicted"
    return "\n".join(
        f"{verb} #{e.index} {e.tool_call_id} ({e.tool or 'tool'}, {e.chars:,} chars) -> {e.path}"
        for e in result.evicted
    )


@command(app, "evict", short_help="Move oversized tool results to files.")
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
    from memctl.pipeline.evict import evict

    g = globals_of(ctx)
    ws, config = g.open()
    thread = resolve_thread(ws, thread, may_start=True)
    result = evict(ws, config, thread, dry_run=dry_run)
    if result.skipped:
        note(g, f"evict: thread {thread}: skipped: {result.skipped}")
    else:
        written = sum(1 for e in result.evicted if e.written)
        verb = "would evict" if dry_run else "evicted"
        files = ""
        if result.evicted and not dry_run:
            files = (
                f" ({plural(written, 'file')} written, "
                f"{len(result.evicted) - written} already there)"
            )
        # "4 of 5 over 80,000 chars" read as five over the limit (audit 18): the five
        # are every tool result of the context, which is said apart
        note(
            g,
            f"evict: thread {thread}: {verb} {plural(len(result.evicted), 'tool result')} "
            f"over {config.eviction.threshold_chars:,} chars, of {result.tool_results:,} "
            f"in the working context{files}",
        )
    for failure in result.failed:
        note(g, f"evict: could not write #{failure.index} {failure.tool_call_id}: {failure.reason}")
    emit(g, result, lambda: _evict_text(result))
    if result.failed:
        raise typer.Exit(1)
