"""consolidate."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from memctl.cli.core import (
    DRY_RUN_REQUESTS_HELP,
    Globals,
    ShowRequests,
    app,
    command,
    globals_of,
)
from memctl.cli.output import emit, note, working
from memctl.cli.views import consolidate_plan_text, consolidate_summary
from memctl.core.errors import UsageError

if TYPE_CHECKING:
    from memctl.pipeline.consolidate import ConsolidateResult


@command(app, "consolidate", short_help="Merge new daily text into MEMORY.md.")
def consolidate_command(
    ctx: typer.Context,
    force: Annotated[
        bool, typer.Option("--force", help="Run the model even with no new daily text.")
    ] = False,
    dry_run: Annotated[
        bool,
        typer.Option(
            "--dry-run",
            help=f"{DRY_RUN_REQUESTS_HELP} On builtin (free): the diff it would make.",
        ),
    ] = False,
    diff: Annotated[
        bool,
        typer.Option(
            "--diff",
            help="Compute the new MEMORY.md (this calls the model) and print the diff, "
            "then each bullet added or dropped with its ledger sources; write nothing.",
        ),
    ] = False,
    show_requests: ShowRequests = False,
) -> None:
    """Merge the daily text written since the last consolidation into MEMORY.md.

    The previous MEMORY.md is kept under .memctl/history/ (the last 20). A save made
    meanwhile is kept; a forget that rewrites MEMORY.md meanwhile makes this run write
    nothing and exit 1 (run it again; `maintain` exits 0 and leaves it to its next run).

    Example: memctl consolidate --dry-run; memctl consolidate --diff | less
    """
    from memctl.agents.export import after_merge
    from memctl.models.resolve import resolve_model
    from memctl.pipeline.consolidate import consolidate

    g = globals_of(ctx)
    ws, config = g.open()
    model = resolve_model(ws, config.memory_model)
    if dry_run and diff and not model.offline:
        raise UsageError(
            "--dry-run calls no model: with --diff it needs an offline model (builtin)"
        )
    # On builtin a dry run merges too: --diff with it is the same run.
    diff = diff and not dry_run
    with working(g, "consolidate: merging into MEMORY.md"):
        result = consolidate(ws, config, model, force=force, dry_run=dry_run, preview=diff)
        exported = after_merge(ws, config, result)
    note(g, "\n".join([consolidate_summary(result), *exported]), "consolidate")
    _report_consolidate(g, result, show_requests or g.verbose)


def _report_consolidate(g: Globals, result: ConsolidateResult, full: bool) -> None:
    if result.status == "preview":
        if not result.diff:
            note(g, "consolidate: preview: MEMORY.md would not change")
        emit(g, result, (result.diff or "") + _changes_text(result), paged=True)
    elif result.status == "dry_run" and result.diff is not None:
        # builtin: what would change, as `--diff` shows it (the requests are in --json).
        if not result.diff:
            note(g, "consolidate: dry run: MEMORY.md would not change")
        emit(g, result, (result.diff or "") + _changes_text(result), paged=True)
    elif result.status == "dry_run":
        emit(g, result, lambda: consolidate_plan_text(result, full))
    else:
        emit(g, result)


def _changes_text(result: ConsolidateResult) -> str:
    """After the diff: each bullet added (+) or dropped (-), with where it came from."""
    if not result.changes:
        return ""
    lines = ["# bullets added (+) and dropped (-), with their sources (memctl explain):"]
    for change in result.changes:
        sources = ", ".join(change.sources) or "unknown (edited by hand)"
        lines.append(f"# {change.op} {change.bullet}  <- {sources}")
    return "\n".join(lines) + "\n"
