"""status."""

from __future__ import annotations

import typer

from memctl.cli.core import app, command, globals_of
from memctl.cli.render import emit, status_text


@command(app, "status")
def status_command(ctx: typer.Context) -> None:
    """Sizes against budgets, unflushed and unconsolidated backlog, last and next runs.

    Example: memctl status; memctl --json status | jq .dailies.unconsolidated_bytes
    """
    from memctl.status import status

    g = globals_of(ctx)
    ws, config = g.open()
    result = status(ws, config)
    emit(g, result, lambda: status_text(result))
