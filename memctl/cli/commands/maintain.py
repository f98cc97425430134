"""maintain: archive, then consolidate; the job for cron."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated

import typer

from memctl.cli.core import Globals, ShowRequests, app, command, globals_of
from memctl.cli.output import alert, emit, fail, note, working
from memctl.cli.views import (
    archive_summary,
    consolidate_plan_text,
    consolidate_summary,
    moves_text,
    sync_counts,
    sync_dropped,
)

if TYPE_CHECKING:
    from memctl.pipeline.archive import ArchiveResult
    from memctl.pipeline.consolidate import ConsolidateResult
    from memctl.pipeline.maintain import MaintainResult


@command(app, "maintain", short_help="Archive and consolidate: the job for cron.")
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
    maintain while one runs, or any lock it needs held by another memctl, exits 0 at
    once, as does one whose MEMORY.md a forget rewrote while it consolidated: the next
    run merges. With no new daily text no model is asked.
    A run with nothing to do prints nothing (on a terminal, or with -v, it says why), so
    cron mails nothing; in a log each line carries its local time after `maintain:`
    (an error's, after `memctl: error:`).

    Example (crontab): */15 * * * * memctl -q -w ~/agent maintain
    """
    from memctl.agents.export import after_merge, refresh_after_sync
    from memctl.models.resolve import resolve_model
    from memctl.pipeline.maintain import maintain

    g = globals_of(ctx)
    g.stamp_for_log()  # in a log every line carries its time, the error that ends a run too
    ws, config = g.open()
    model = resolve_model(ws, config.memory_model)
    with working(g, "maintain: archiving and consolidating"):
        result = maintain(ws, config, model, force=force, dry_run=dry_run)
        refresh_after_sync(ws, config, result.sync)
        exported = after_merge(ws, config, result.consolidate)
    _report(g, result, show_requests or g.verbose, exported)


def _report(g: Globals, result: MaintainResult, full: bool, exported: list[str]) -> None:
    """What a run did, on stderr. Cron mails whatever a job writes, so a run with nothing
    to do (throttled, another maintain running, no ledger to move and no new daily text)
    writes nothing there; on a terminal, or with -v, it still says why. In a log (stderr
    not a terminal) each line carries the time it was written."""
    person = g.verbose or sys.stderr.isatty()
    # After the command's name, which every stderr line starts with (README).
    stamp = f"{g.stamp()} " if g.stamp else ""  # set when stderr is a log

    def log(message: str) -> None:
        note(g, "\n".join(f"maintain: {stamp}{line}" for line in message.splitlines()))

    if g.quiet and result.sync_overdue and result.sync_error:
        # -q logs errors only; a scheduled sync that keeps failing is one, though the
        # run goes on (exit 0): a machine must not stop syncing for days unseen.
        alert(f"maintain: {stamp}warning: sync: {result.sync_error}")

    if result.clock:
        log(result.clock)
    if result.skipped:
        if result.archive is not None and result.archive.moved:
            log(archive_summary(result.archive))  # done before a lock was found busy
        if person:
            log(f"skipped: {result.skipped}")
        _sync_notes(result, log)
        emit(g, result)
        return
    archive, merged = result.archive, result.consolidate
    assert archive is not None, "a maintain run that was not skipped archives first"
    if archive.moved or person:
        log(archive_summary(archive))
    if result.error:
        log("consolidation failed; the archive moves are kept, the throttle not advanced")
        _sync_notes(result, log)  # the scheduled sync ran all the same
        if g.json:
            emit(g, result)
            raise typer.Exit(result.exit_code)
        raise fail(g, result.error, result.exit_code)
    assert merged is not None, "a maintain run that did not fail consolidated"
    if merged.status == "nothing_new":
        # consolidate's own line suggests its --force; maintain's --force is the throttle's
        if person:
            log("no new daily text since the last consolidation; no model request")
    else:
        log(consolidate_summary(merged))
        for line in exported:
            log(line)
    _sync_notes(result, log)
    if result.status == "ran" and (person or archive.moved or merged.status != "nothing_new"):
        # nothing consolidated starts no gap (next_eligible "now"): "next run from now"
        # read as a time that was not one (audit 18)
        if result.next_eligible == "now":
            log("done; nothing consolidated, so the next run may go at once")
        else:
            log(f"done; next run from {result.next_eligible}")
    emit(g, result, lambda: _maintain_text(result, archive, merged, full))


def _sync_notes(result: MaintainResult, log: Callable[[str], None]) -> None:
    """The scheduled sync's line: only when it failed or moved something (cron stays quiet)."""
    if result.sync_error:
        log(f"sync: {result.sync_error}")
    elif result.sync is not None and result.sync.status == "synced":
        sync = result.sync
        log(f"synced: {sync_counts(sync)}")
        for line in sync.notes:
            log(f"sync: {line}")
        if dropped := sync_dropped(sync):
            log(f"sync: {dropped}")


def _maintain_text(
    result: MaintainResult, archive: ArchiveResult, merged: ConsolidateResult, full: bool
) -> str:
    """What stdout gets: only what was asked for. A dry run's plan (the moves, the
    MEMORY.md diff or the requests), and with -v the ledgers moved; a run's moves are
    otherwise on stderr in its timed summary, so that a cron log (`-q`, `2>&1`) gets no
    untimed line for what went well (audit 19 #8)."""
    shown = archive.moved and (full or result.status == "dry_run")
    lines = [moves_text(archive)] if shown else []
    if result.status == "dry_run" and merged.diff:
        # builtin: what would change, as `consolidate --dry-run` shows it
        lines.append(merged.diff.rstrip("\n"))
    elif result.status == "dry_run" and merged.planned:
        lines.append(consolidate_plan_text(merged, full))
    return "\n".join(lines)
