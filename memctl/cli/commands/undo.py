"""undo."""

from __future__ import annotations

from typing import Annotated

import typer

from memctl.cli.core import app, command, globals_of
from memctl.cli.output import emit, fail, note
from memctl.cli.views import local_time, size_text
from memctl.core.wording import plural


@command(app, "undo", short_help="Bring back a kept version of MEMORY.md.")
def undo_command(
    ctx: typer.Context,
    number: Annotated[
        int, typer.Argument(help="The version `memctl history` numbers (1: the newest).")
    ] = 1,
    dry_run: Annotated[
        bool,
        typer.Option(
            "--dry-run", help="Print the diff to the version that would be restored; write nothing."
        ),
    ] = False,
) -> None:
    """Bring back a kept version of MEMORY.md, atomically. The current MEMORY.md is kept
    in history first, so an undo can itself be undone (`memctl undo` again). The
    consolidation offsets go back to that version's, so the next consolidate merges again
    the daily text the restored MEMORY.md lacks.

    Example: memctl undo; memctl undo 3 --dry-run
    """
    from memctl.pipeline.history import restore

    g = globals_of(ctx)
    ws, config = g.open()
    result = restore(ws, number, dry_run=dry_run)
    failed: list[str] = []
    if (result.unforgotten or result.forgotten) and not dry_run:
        # The blocks a forget rewrote state the facts again (the agents layer is above
        # the stage, as for forget itself).
        from memctl.agents.export import refresh

        exports = refresh(ws, config)
        result.exports, failed = exports.changed, exports.failed
        result.exports_left = failed
    verb = "would state again" if dry_run else "states again"
    lines = [f"undo: {verb}: {fact}" for fact in result.unforgotten]
    verb = "would forget" if dry_run else "forgot"
    lines += [f"undo: {verb}: {fact}" for fact in result.forgotten]
    if result.masked:
        left = "would leave" if dry_run else "left"
        lines.append(
            f"undo: {left} out {plural(result.masked, 'line')} a purge masked since that "
            "version was kept ([forgotten...]): the purge erased what they said"
        )
    if result.forgotten_out:
        left = "would leave" if dry_run else "left"
        lines.append(
            f"undo: {left} out {plural(result.forgotten_out, 'line')} stating a fact "
            "forgotten since that version was kept"
        )
    lines += [f"undo: rewrote the memory block in {path}" for path in result.exports]
    chosen = result.restored
    what = (
        f"version {chosen.number} ({chosen.path}, {size_text(chosen.bytes)}, replaced "
        f"{local_time(chosen.replaced_at)} by {chosen.replaced_by})"
    )
    again = (
        f"{size_text(result.unconsolidated_bytes)} of daily text to merge again "
        "(memctl consolidate)"
        if result.unconsolidated_bytes
        else "no daily text to merge again"
    )
    if not result.offsets_kept:
        again += "; this copy predates kept offsets, so every ledger counts as new"
    if dry_run:
        note(g, f"undo: would restore MEMORY.md to {what}; {again}; nothing written")
    else:
        note(
            g,
            f"undo: restored MEMORY.md to {what}; the one it replaced is kept as "
            f"{result.kept}; {again}",
        )
    if lines:
        note(g, "\n".join(lines))
    emit(g, result, result.diff if dry_run else None)
    if failed:  # as forget: the restore is done, a block outside still says otherwise
        raise fail(
            g,
            f"left {plural(len(failed), 'exported memory block')} as written: "
            f"{'; '.join(failed)} (fix the file, then `memctl export`)",
            1,
            document=False,
        )
