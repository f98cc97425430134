"""log."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from memctl.cli.core import app, command, globals_of
from memctl.cli.output import emit, note
from memctl.core.errors import UsageError
from memctl.core.wording import plural

if TYPE_CHECKING:
    from memctl.retrieval.ledgerlog import LedgerLog


@command(app, "log", short_help="Print the recent blocks of the ledgers.")
def log_command(
    ctx: typer.Context,
    since: Annotated[
        str,
        typer.Option(
            "--since",
            metavar="DURATION",
            help="How far back: 30m, 2h, 2d, 1w or PT12H.",
        ),
    ] = "1d",
) -> None:
    """Print the recent blocks of the daily ledgers (what flush and save wrote), oldest
    first, each under its PATH:LINE.

    Example: memctl log --since 2d
    """
    from memctl.core.config import parse_duration
    from memctl.retrieval.ledgerlog import recent_blocks

    g = globals_of(ctx)
    try:
        seconds = parse_duration(since)
    except ValueError:
        raise UsageError(
            f"--since: cannot read {since!r} as a duration (use 30m, 2h, 2d or PT12H)"
        ) from None
    ws, _ = g.open()
    skipped: list[str] = []
    found = recent_blocks(ws, seconds, skipped)
    for line in skipped:
        note(g, f"log: skipped {line}")
    if not found.blocks:
        note(g, f"log: no ledger block written since {found.since}")
    else:
        note(g, f"log: {plural(len(found.blocks), 'block')} since {found.since}")
    emit(g, found, lambda: _text(found), paged=True)


def _text(found: LedgerLog) -> str:
    return "\n\n".join(
        f"{block.path}:{block.line}\n{block.heading}\n\n{block.text}".rstrip()
        for block in found.blocks
    )
