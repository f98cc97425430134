"""explain."""

from __future__ import annotations

from typing import Annotated

import typer

from memctl.cli.core import app, command, globals_of
from memctl.cli.output import emit


@command(app, "explain", short_help="Say where a MEMORY.md bullet came from.")
def explain_command(
    ctx: typer.Context,
    target: Annotated[
        str,
        typer.Argument(
            help="MEMORY.md:LINE; a ledger line, memory/YYYY-MM-DD.md:LINE (its thread "
            "entry and the bullets merged from it); or some text of a bullet (the bullets "
            "containing it, else the closest one; or that it was forgotten, when and by "
            "which forget).",
            show_default=False,
        ),
    ],
) -> None:
    """Say where a MEMORY.md bullet came from: the ledger lines it was merged from, and
    through them the thread entry that said it, with times and speakers. A ledger line
    (memory/YYYY-MM-DD.md:LINE) gives its thread entry and the bullets merged from it.

    Example: memctl explain MEMORY.md:7

    Example: memctl explain "payments team" --json
    """
    from memctl.pipeline.provenance import explain, explain_text

    g = globals_of(ctx)
    ws, _ = g.open()
    result = explain(ws, target)
    emit(g, result, lambda: explain_text(result))
