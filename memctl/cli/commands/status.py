"""status."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

import typer

from memctl.cli.core import app, command, globals_of
from memctl.cli.render import emit, status_text

if TYPE_CHECKING:
    from memctl.core.workspace import Workspace
    from memctl.pipeline.status import StatusResult


@command(app, "status")
def status_command(ctx: typer.Context) -> None:
    """Sizes against budgets, unflushed and unconsolidated backlog, last and next runs.

    Example: memctl status; memctl --json status | jq .dailies.unconsolidated_bytes
    """
    from memctl.pipeline.status import status

    g = globals_of(ctx)
    ws, config = g.open()
    result = status(ws, config)
    emit(
        g,
        result,
        lambda: status_text(result, config.compaction.trigger_messages, _changed(ws, result)),
    )


def _changed(ws: Workspace, result: StatusResult) -> dict[str, str]:
    """When each thread's log last changed: the text table lists recent threads first."""
    from memctl.core.threads import thread_path

    changed = {}
    for counted in result.threads:
        try:
            stamp = thread_path(ws, counted.thread).stat().st_mtime
        except OSError:
            continue
        changed[counted.thread] = datetime.fromtimestamp(stamp, ws.tzinfo()).isoformat()
    return changed
