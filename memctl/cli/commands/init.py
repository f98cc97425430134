"""init."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from memctl.cli.core import app, command, globals_of
from memctl.cli.output import emit, note


@command(app, "init")
def init(
    ctx: typer.Context,
    path: Annotated[
        Path, typer.Argument(help="Folder to make a workspace (default: here).")
    ] = Path("."),
) -> None:
    """Create memctl.yaml, MEMORY.md, memory/ and threads/ (existing files are kept).

    Example: memctl init ~/agent && memctl -w ~/agent status
    """
    from memctl.core.workspace import init_workspace

    g = globals_of(ctx)
    result = init_workspace(path)
    if result.changed:
        note(g, f"init: initialised workspace {result.root}: created {', '.join(result.created)}")
    else:
        note(g, f"init: workspace {result.root} already initialised; nothing changed")
    emit(g, result, result.root)
