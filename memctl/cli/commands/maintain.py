"""maintain: archive, then consolidate; the job for cron."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from memctl.cli.core import Globals, ShowRequests, app, command, globals_of
from memctl.cli.output import emit, fail, note, working
from memctl.cli.views import (
    archive_summary,
    consolidate_plan_text,
    consolidate_summary,
    moves_text,
)

if TYPE_CHECKING:
    from memctl.pipeline.archive import ArchiveResult
    from memctl.pipeline.consolidate import ConsolidateResult
    from memctl.pipeline.maintain import MaintainResult


@command(app, "maintain")
def maintain_command(
    ctx: typer.Context,
    force: Annotated[
        bool, typer.Option("--force", help="Run now, ignoring consolidation_min_gap.")
    ] = False,
    dry_run: Annotated[
        bool,
        typer.Option(
            "--dry-run",
            help="Show what archive would move and the consolidation requests that "
            "would be sent, with token and cost estimates; no model call, nothing written.",
        ),
    ] = False,
    show_requests: ShowRequests = False,
) -> None:
    """Archive old ledgers, then consolidate new daily text: the job for cron.

    Throttled by memory.consolidation_min_gap (the first run goes at once); a second
    maintain while one runs exits 0 at once. With no new daily text no model is asked.

    Example (crontab): */10 * * * * memctl -q -w ~/agent maintain
    """
    from memctl.models.resolve import resolve_model
    from memctl.pipeline.maintain import maintain

    g = globals_of(ctx)
    ws, config = g.open()
    model = resolve_model(ws, config.memory_model)
    with working(g, "maintain: archiving and consolidating"):
        result = maintain(ws, config, model, force=force, dry_run=dry_run)
    _report(g, result, show_requests or g.verbose)


def _report(g: Globals, result: MaintainResult, full: bool) -> None:
    if result.clock:
        note(g, f"maintain: {result.clock}")
    if result.skipped:
        note(g, f"maintain: skipped: {result.skipped}")
        _sync_notes(g, result)
        emit(g, result)
        return
    archive, merged = result.archive, result.consolidate
    assert archive is not None, "a maintain run that was not skipped archives first"
    note(g, archive_summary(archive), "maintain")
    if result.error:
        note(
            g,
            "maintain: consolidation failed; the archive moves are kept, the throttle not advanced",
        )
        if g.json:
            emit(g, result)
            raise typer.Exit(result.exit_code)
        raise fail(g, result.error, result.exit_code)
    assert merged is not None, "a maintain run that did not fail consolidated"
    if merged.status == "nothing_new":
        # consolidate's own line suggests its --force; maintain's --force is the throttle's
        note(g, "maintain: no new daily text since the last consolidation; no model request")
    else:
        note(g, consolidate_summary(merged), "maintain")
    _sync_notes(g, result)
    if result.status == "ran":
        note(g, f"maintain: done; next run from {result.next_eligible}")
    emit(g, result, lambda: _maintain_text(result, archive, merged, full))


def _sync_notes(g: Globals, result: MaintainResult) -> None:
    """The scheduled sync's line: only when it failed or moved something (cron stays quiet)."""
    if result.sync_error:
        note(g, f"maintain: sync: {result.sync_error}")
    elif result.sync is not None and result.sync.status == "synced":
        sync = result.sync
        note(g, f"maintain: synced: received {sync.received}, sent {sync.sent} block(s)")


def _maintain_text(
    result: MaintainResult, archive: ArchiveResult, merged: ConsolidateResult, full: bool
) -> str:
    lines = [moves_text(archive)] if archive.moved else []
    if result.status == "dry_run" and merged.diff:
        # builtin: what would change, as `consolidate --dry-run` shows it
        lines.append(merged.diff.rstrip("\n"))
    elif result.status == "dry_run" and merged.planned:
        lines.append(consolidate_plan_text(merged, full))
    return "\n".join(lines)
