"""sync: share memory with other machines through the git remote in memctl.yaml."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from memctl.cli.core import Globals, app, command, globals_of
from memctl.cli.output import emit, note, working
from memctl.cli.views import sync_counts, sync_dropped

if TYPE_CHECKING:
    from memctl.pipeline.sync import SyncResult


@command(app, "sync", short_help="Share memory through a git remote.")
def sync_command(
    ctx: typer.Context,
    dry_run: Annotated[
        bool,
        typer.Option(
            "--dry-run",
            help="Fetch and show what the merge would change and send; write and push nothing.",
        ),
    ] = False,
) -> None:
    """Fetch the shared memory, merge it in, consolidate what came, commit and push.

    The remote is sync.remote in memctl.yaml (any git URL); ledgers and MEMORY.md are
    shared, thread logs and evicted results only when sync.share names them. Never
    force-pushes; a file holding a secret stops the sync before anything is committed.

    Example: memctl sync; memctl sync --dry-run
    """
    from memctl.agents.export import refresh_after_sync
    from memctl.models.resolve import resolve_model
    from memctl.pipeline.sync import sync

    g = globals_of(ctx)
    ws, config = g.open()
    model = resolve_model(ws, config.memory_model)
    with working(g, "sync: fetching, merging, pushing"):
        result = sync(ws, config, model, dry_run=dry_run)
        # A forget or purge it brought: the exported blocks stop stating it too.
        refresh_after_sync(ws, config, result)
    report(g, result)


def report(g: Globals, result: SyncResult) -> None:
    """The sync's lines on stderr (with nothing to receive or send, a line that says
    so) and its result."""
    for line in result.notes:
        note(g, f"sync: {line}")
    if result.status == "dry_run":
        files = ", ".join(_named(path) for path in result.files) or "no file here"
        note(g, f"sync: dry run: would change {files}; {sync_counts(result, would=True)}")
    elif result.status == "synced":
        pushed = f"pushed {result.commit[:12]}" if result.commit else "nothing to push"
        note(
            g,
            f"sync: {sync_counts(result)}"
            + (", MEMORY.md consolidated" if result.consolidated else "")
            + f"; {pushed}",
        )
    else:
        note(
            g,
            f"sync: up to date with {result.remote} ({result.branch}): nothing to receive or send",
        )
    if dropped := sync_dropped(result):
        note(g, f"sync: {dropped}")
    emit(g, result)


def _named(path: str) -> str:
    """A file the merge changes, as the user knows it (the tombstones are memctl's)."""
    from memctl.core.forgotten import FORGOTTEN_NAME

    return "the tombstones (forgotten facts)" if path.endswith("/" + FORGOTTEN_NAME) else path
