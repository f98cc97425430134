"""get."""

from __future__ import annotations

from typing import Annotated

import typer

from memctl.cli.core import app, command, globals_of
from memctl.cli.render import emit, note


@command(app, "get")
def get_command(
    ctx: typer.Context,
    path: Annotated[str, typer.Argument(help="MEMORY.md or a file under memory/.")],
    start: Annotated[
        int | None, typer.Option("--start", help="First line (1-based, default 1).")
    ] = None,
    end: Annotated[
        int | None, typer.Option("--end", help="Last line, inclusive (default: the last).")
    ] = None,
) -> None:
    """Print lines of a memory file as `N|text` (what memory_get answers a model).

    Only MEMORY.md and files under memory/ can be read.

    Example: memctl get MEMORY.md --start 1 --end 20
    """
    from memctl.memory import get

    g = globals_of(ctx)
    ws, _ = g.open()
    result = get(ws, path, start, end)
    if not result.lines:
        note(g, f"{result.path}: no lines")
    emit(
        g,
        result,
        lambda: "\n".join(f"{result.start + n}|{line}" for n, line in enumerate(result.lines)),
    )
