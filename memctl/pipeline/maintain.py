"""maintain: the background job for cron, archive then consolidate, throttled.

The reference runs this inside the agent process with its throttle in memory; memctl is
started by cron as separate processes, so the throttle lives in state.json
(`runs.maintain`) and a stage lock keeps two runs from overlapping. The throttle is
`consolidation_min_gap` and is independent of `flush_trigger`: `flush_trigger: never`
does not stop maintenance, only `memory.hooks: false` does. Only a run that consolidated
something starts the gap: a run with no new daily text sends no request to space out.
Every lock a run takes is tried once (`Workspace.trying_once`): another process holding
the workspace lock or the consolidate lock (a long flush, a consolidation, an index
build) makes the run skip, exit 0, and the next cron run tries again; waiting would
stall cron and end in an error cron mails. The scheduled sync (`sync.every`) keeps its
own time: it runs when due whether the run consolidated, found nothing new, was
throttled, failed (a model down, a key expired: the machine still receives), waits
after a failed maintenance, or found a lock held (the sync tries its locks once too).
It does not run when another maintain holds the maintain lock (that run syncs when
due), with `memory.hooks` off, or in a dry run.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from memctl.core.config import Config
from memctl.core.errors import BusyError, MemctlError
from memctl.core.state import State
from memctl.core.workspace import Workspace
from memctl.models.interface import Model
from memctl.pipeline.archive import ArchiveResult, archive
from memctl.pipeline.consolidate import ConsolidateResult, consolidate
from memctl.pipeline.sync import SyncResult, sync

HOOKS_OFF = "memory.hooks is false"
BUSY = "another memctl maintain is running"
THROTTLED = "throttled"
"""How `skipped` begins when the gap since the last run has not passed."""
BUSY_LOCK = "workspace busy: {error}; the next run tries again"
"""`skipped` when another process held a lock the run needed (it does not wait)."""
FAILED = "maintain_failed"
"""`runs` key of the last failed maintenance (only `call`'s per-call run waits on it)."""


MaintainStatus = Literal["ran", "dry_run", "skipped", "failed"]
"""`skipped` says why in `skipped`, `failed` in `error`."""


@dataclass
class MaintainResult:
    status: MaintainStatus
    skipped: str | None = None
    archive: ArchiveResult | None = None
    consolidate: ConsolidateResult | None = None
    next_eligible: str | None = None
    """When the throttle lets the next run go: an ISO time, or `now`."""
    error: str | None = None
    exit_code: int = 0
    clock: str | None = None
    """Said when the throttle's last run was in the future (see `Workspace.clock_note`)."""
    sync: SyncResult | None = None
    """The scheduled sync (`sync.every`), when it was due and ran (whether this run
    consolidated, found nothing new, was throttled, failed or was skipped for a lock)."""
    sync_error: str | None = None
    """Why the scheduled sync failed: a warning, the next run tries again."""
    sync_overdue: bool = False
    """The scheduled sync failed and none has succeeded for twice `sync.every` (or
    ever): it keeps failing, which `maintain -q` logs (a failure once in a while does
    not: the next run syncs)."""

    def json_omits(self) -> tuple[str, ...]:
        """The fields its --json document leaves out: `error` and `exit_code` unless the
        run failed, so that a document holding `error` is a failure's, as for every
        other command (a script's `has("error")`; audit 7)."""
        return () if self.error is not None else ("error", "exit_code")


def maintain(
    ws: Workspace,
    config: Config,
    model: Model,
    *,
    force: bool = False,
    dry_run: bool = False,
    retry_failed: bool = True,
    gap: bool = True,
) -> MaintainResult:
    """Archive old ledgers, then consolidate new daily text into MEMORY.md.

    `model` is what `consolidate` calls; it is asked nothing when there is no new daily
    text. `force` ignores the throttle (not the hooks switch, nor a running maintain).
    `gap` off: `consolidation_min_gap` does not hold this run back, the wait after a
    failed one still does (a SessionEnd's with the builtin memory model, which sends no
    request for the gap to space out: `hooks._maintain`).
    `dry_run` reports what archive would move and the consolidation requests it would
    send (no model call).
    A failed consolidation is reported in the result (`status` `failed`): what archive
    moved stays moved, and state is not touched, so the next cron run retries.
    `retry_failed` off (the per-call maintenance of `call`) records the failure and waits
    a whole gap after it instead, so a broken model does not cost every agent turn a
    failed attempt; a successful run clears that record.
    """
    if not config.memory.hooks:
        return MaintainResult("skipped", skipped=HOOKS_OFF)
    if dry_run:
        return _maintain(ws, config, model, force, dry_run, retry_failed, gap)
    with ws.trying_once():
        try:
            return _maintain(ws, config, model, force, dry_run, retry_failed, gap)
        except BusyError as exc:
            busy = MaintainResult("skipped", skipped=BUSY_LOCK.format(error=exc))
            scheduled_sync(ws, config, model, busy)
            return busy


def _maintain(
    ws: Workspace,
    config: Config,
    model: Model,
    force: bool,
    dry_run: bool,
    retry_failed: bool,
    spaced: bool,
) -> MaintainResult:
    gap = config.memory.consolidation_min_gap
    # A dry run writes nothing, not even a lock file, and may look while a run goes on.
    guard = contextlib.nullcontext(True) if dry_run else ws.stage_lock("maintain", blocking=False)
    with guard as acquired:
        if not acquired:
            return MaintainResult("skipped", skipped=BUSY)
        state = ws.read_state()
        clock = ws.clock_note(state, "maintain")
        due = ws.next_eligible(state, "maintain", gap)
        if due is not None and not force and spaced:
            throttled = MaintainResult(
                "skipped",
                skipped=f"{THROTTLED}: last run less than the consolidation_min_gap ago, "
                f"next at {_iso(due)}",
                next_eligible=_iso(due),
            )
            # sync.every keeps its own time: a 15m sync under a 30m consolidation gap.
            if not dry_run:
                scheduled_sync(ws, config, model, throttled)
            return throttled
        retry = ws.next_eligible(state, FAILED, gap)
        if retry is not None and not retry_failed and not force:
            waiting = MaintainResult(
                "skipped",
                skipped=f"the last maintenance failed; next attempt at {_iso(retry)} "
                "(memctl maintain retries at once)",
                next_eligible=_iso(retry),
            )
            scheduled_sync(ws, config, model, waiting)
            return waiting
        result = _run(ws, config, model, gap, dry_run, remember_failure=not retry_failed)
        result.clock = clock
        return result


def _run(
    ws: Workspace, config: Config, model: Model, gap: float, dry_run: bool, remember_failure: bool
) -> MaintainResult:
    moved = archive(ws, config, dry_run=dry_run)
    try:
        merged = consolidate(ws, config, model, dry_run=dry_run)
    except BusyError as exc:
        # What archive moved stays moved; the consolidation waits for the next run.
        busy = MaintainResult("skipped", skipped=BUSY_LOCK.format(error=exc), archive=moved)
        if not dry_run:
            scheduled_sync(ws, config, model, busy)
        return busy
    except MemctlError as exc:
        if remember_failure and not dry_run:
            ws.update_state(lambda state: ws.mark_run(state, FAILED))
        due = ws.next_eligible(ws.read_state(), "maintain", gap)
        failed = MaintainResult(
            "failed",
            archive=moved,
            next_eligible=_iso(due),
            error=str(exc),
            exit_code=exc.exit_code,
        )
        if not dry_run:
            # A machine whose model is down still receives (audit 9 #3's quiet machine):
            # the sync's own consolidation failing is its `sync_error`.
            scheduled_sync(ws, config, model, failed)
        return failed
    if dry_run:
        due = ws.next_eligible(ws.read_state(), "maintain", gap)
        return MaintainResult("dry_run", archive=moved, consolidate=merged, next_eligible=_iso(due))
    if merged.status == "nothing_new":
        # Nothing was consolidated, so the gap (which spaces out model calls) does not
        # start: a first turn with no facts must not hold back the next turn's facts
        # from MEMORY.md, where the next session's start and the export read them.
        quiet = MaintainResult("ran", archive=moved, consolidate=merged, next_eligible="now")
        # The quiet machine is the one that most needs to receive: sync.every holds
        # whatever consolidation found (audit 9, 3).
        scheduled_sync(ws, config, model, quiet)
        return quiet
    finished = ws.now()

    def record_success(state: State) -> None:
        ws.mark_run(state, "maintain", finished)
        state.runs.pop(FAILED, None)

    # MEMORY.md is rewritten: the run is recorded even if that waits for the lock, so
    # that it is not reported as skipped, nor run again before its gap.
    with ws.trying_once(False):
        ws.update_state(record_success)
    result = MaintainResult(
        "ran",
        archive=moved,
        consolidate=merged,
        next_eligible=_iso(finished.replace(microsecond=0) + timedelta(seconds=gap)),
    )
    scheduled_sync(ws, config, model, result)
    return result


def scheduled_sync(ws: Workspace, config: Config, model: Model, result: MaintainResult) -> None:
    """Sync when `sync.every` has passed since the last one. A failure (the remote down,
    the model failing the sync's consolidation) is a warning in the result, another
    sync running (or a lock held) nothing: cron runs again, and a sync that stopped
    part-way is finished by the next one. One that keeps failing (no sync for twice
    `sync.every`) is `sync_overdue`: `maintain -q` logs it, still exit 0."""
    every = config.sync.every
    if not config.sync.remote or every is None:
        return
    if ws.next_eligible(ws.read_state(), "sync", every) is not None:
        return
    try:
        result.sync = sync(ws, config, model, wait=False)
    except BusyError:
        return  # another sync (or a lock holder) is at work: the next run syncs
    except MemctlError as exc:
        result.sync_error = str(exc)
        state = ws.read_state()
        result.sync_overdue = ws.next_eligible(state, "sync", 2 * every) is None
        last = ws.last_run(state, "sync")
        result.sync_error += (
            f" (last synced {last.isoformat(timespec='seconds')})" if last else " (never synced)"
        )


def _iso(when: datetime | None) -> str:
    return when.isoformat(timespec="seconds") if when else "now"
