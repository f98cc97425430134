"""archive."""

from __future__ import annotations

from typing import Annotated

import typer

from memctl.cli.core import app, command, globals_of
from memctl.cli.output import emit, note
from memctl.cli.views import archive_summary, moves_text


@command(app, "archive", short_help="Move old daily ledgers to memory/archive/.")
def archive_command(
    ctx: typer.Context,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="List what would move; write nothing.")
    ] = False,
) -> None:
    """Move daily ledgers older than memory.daily_file_retention_days to memory/archive/.

    The age is the date in the file name, not its mtime. An archive that already holds
    the date is appended to, never overwritten.

    Example: memctl archive --dry-run
    """
    from memctl.pipeline.archive import archive

    g = globals_of(ctx)
    ws, config = g.open()
    result = archive(ws, config, dry_run=dry_run)
    note(g, archive_summary(result), "archive")
    emit(g, result, lambda: moves_text(result))
