"""history."""

from __future__ import annotations

import typer

from memctl.cli.core import app, command, globals_of
from memctl.cli.output import emit, note, table
from memctl.cli.views import local_time, size_text


@command(app, "history", short_help="List MEMORY.md's kept versions.")
def history_command(ctx: typer.Context) -> None:
    """List MEMORY.md's kept versions, newest first: when each was replaced, its size,
    and the run that replaced it. `memctl undo N` brings version N back.

    Example: memctl history; memctl undo 2
    """
    from memctl.pipeline.history import versions

    g = globals_of(ctx)
    ws, _ = g.open()
    found = versions(ws)
    if not found:
        note(g, "history: no kept version of MEMORY.md yet (each consolidation keeps one)")
    rows = [
        {
            "#": v.number,
            "replaced": local_time(v.replaced_at),
            "size": size_text(v.bytes),
            "by": v.replaced_by,
            "file": v.path,
        }
        for v in found
    ]
    emit(
        g,
        {"versions": found},
        lambda: table(["#", "replaced", "size", "by", "file"], rows) if rows else "",
    )
