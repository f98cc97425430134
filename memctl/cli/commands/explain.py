"""explain."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from memctl.cli.core import app, command, globals_of
from memctl.cli.output import emit

if TYPE_CHECKING:
    from memctl.pipeline.provenance import Explained, ExplainResult, Origin


@command(app, "explain")
def explain_command(
    ctx: typer.Context,
    target: Annotated[
        str,
        typer.Argument(
            help="MEMORY.md:LINE, or some text of a bullet (the bullets containing it, "
            "else the closest one).",
            show_default=False,
        ),
    ],
) -> None:
    """Say where a MEMORY.md bullet came from: the ledger lines it was merged from, and
    through them the thread entry that said it, with times and speakers.

    Example: memctl explain MEMORY.md:7

    Example: memctl explain "payments team" --json
    """
    from memctl.pipeline.provenance import explain

    g = globals_of(ctx)
    ws, _ = g.open()
    result = explain(ws, target)
    emit(g, result, lambda: explain_text(result))


def explain_text(result: ExplainResult) -> str:
    return "\n\n".join(_bullet_text(bullet) for bullet in result.bullets)


def _bullet_text(bullet: Explained) -> str:
    lines = [f"MEMORY.md:{bullet.line}  {bullet.bullet}"]
    if not bullet.sources:
        lines.append("  <- unknown (edited by hand: no ledger line states it)")
    how = "  (matched by its text)" if bullet.how == "matched" else ""
    for origin in bullet.sources:
        lines.append(f"  <- {origin.ledger} ({_block(origin)}){how}  {origin.text}")
        if origin.entry is not None:
            entry = origin.entry
            who = f"{entry.role} {entry.speaker}" if entry.speaker else entry.role
            when = f", {entry.said}" if entry.said else ""
            lines.append(
                f"     <- thread {entry.thread} entry {entry.index} ({who}{when}): {entry.text}"
            )
    return "\n".join(lines)


def _block(origin: Origin) -> str:
    if origin.kind == "save":
        return f"saved by hand at {origin.at}"
    if origin.kind == "flush":
        return f"flushed at {origin.at} from thread {origin.thread} entries {origin.entries}"
    return "a ledger line"
