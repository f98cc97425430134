"""init."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Annotated

import typer

from memctl.cli.core import Globals, app, command, globals_of
from memctl.cli.output import emit, note
from memctl.core.errors import MemctlError, UsageError
from memctl.core.wording import plural


@command(app, "init", short_help="Create a workspace here or in PATH.")
def init(
    ctx: typer.Context,
    path: Annotated[
        Path, typer.Argument(help="Folder to make a workspace (default: here).", show_default=False)
    ] = Path("."),
    from_url: Annotated[
        str | None,
        typer.Option(
            "--from",
            metavar="GIT-URL",
            help="Start from a shared memory repository: set sync.remote and sync it in.",
        ),
    ] = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Say what would be created; create nothing.")
    ] = False,
) -> None:
    """Create memctl.yaml, MEMORY.md, memory/ and threads/ (existing files are kept).

    Example: memctl init ~/agent && memctl -w ~/agent status;
    memctl init --from git@host:team/memory.git ~/agent
    """
    from memctl.core.workspace import init_workspace

    g = globals_of(ctx)
    if from_url is not None and not from_url.strip():
        raise UsageError("--from: the git URL is empty")
    if dry_run and from_url is not None:
        raise UsageError("--dry-run and --from exclude each other: --from fetches and writes")
    if from_url is not None:
        from memctl.core.config import CONFIG_NAME, load_config
        from memctl.pipeline.sync import DEFAULT_BRANCH, check_foreign, probe_remote

        # Before anything is created: a mistyped path or a remote down leaves no
        # workspace behind naming it, and a repository holding files memctl did not
        # write (a code repository pasted by mistake) is refused, not pushed over.
        listed = probe_remote(from_url)
        kept = path / CONFIG_NAME  # an existing memctl.yaml is kept: its branch is used
        branch = load_config(kept).sync.branch if kept.is_file() else DEFAULT_BRANCH
        explicit = branch != DEFAULT_BRANCH
        check_foreign(from_url, branch, explicit=explicit, done="nothing created", listed=listed)
    result = init_workspace(path, dry_run=dry_run)
    if dry_run:
        created = ", ".join(result.created) or "nothing (already initialised)"
        note(g, f"init: dry run: would create in {result.root}: {created}")
    elif result.changed:
        note(g, f"init: initialised workspace {result.root}: created {', '.join(result.created)}")
    else:
        note(g, f"init: workspace {result.root} already initialised; nothing changed")
    if from_url is not None:
        _join(g, Path(result.root), from_url)
    emit(g, result, result.root)


def _join(g: Globals, root: Path, url: str) -> None:
    """Name the remote in memctl.yaml and sync: the shared memory lands in the workspace,
    and a forget or purge it brings reaches the blocks this workspace exported (an
    existing workspace joining: `refresh_after_sync`)."""
    from memctl.agents.export import refresh_after_sync
    from memctl.core.config import CONFIG_NAME, format_duration, load_config, set_sync_remote
    from memctl.core.workspace import Workspace
    from memctl.models.resolve import resolve_model
    from memctl.pipeline.sync import repository_shares, sync

    config_path = root / CONFIG_NAME
    config = load_config(config_path)
    ws = Workspace(root, config.timezone)
    named = config.sync.remote is not None  # a sync section of its own: its share stands
    shares = None
    if not named:
        # What the other machines share (thread logs too?), from what they committed;
        # a remote that does not answer is for the sync below to report.
        with contextlib.suppress(MemctlError):
            shares = repository_shares(ws, url, config.sync.branch)
    set_sync_remote(config_path, url, shares)
    config = load_config(config_path)
    try:
        result = sync(ws, config, resolve_model(ws, config.memory_model))
    except MemctlError as exc:
        # The workspace exists and names the remote now: say so, not only "nothing changed".
        told = MemctlError(
            f"the workspace {root} was created with sync.remote set, but its first sync "
            f"failed: {exc}; `memctl sync` there tries again"
        )
        told.exit_code = exc.exit_code
        raise told from None
    before = len(result.notes)
    refresh_after_sync(ws, config, result)
    for told_more in result.notes[before:]:
        note(g, f"init: {told_more}")
    note(
        g,
        f"init: synced from {url}: {plural(result.received, 'block')} received"
        + (f", {result.sent} sent" if result.sent else ""),
    )
    if named:
        return
    if config.sync.every is not None:
        note(
            g,
            f"init: a `memctl maintain` here syncs every {format_duration(config.sync.every)} "
            "(sync.every in memctl.yaml; the other machines' schedules are their own)",
        )
    share = ", ".join(config.sync.share)
    if shares is not None and "threads" in shares:
        note(g, f"init: the repository holds thread logs: sync.share set to [{share}], as theirs")
    else:
        note(
            g,
            f"init: thread logs are not shared (sync.share: [{share}]); to share them, add "
            "threads to sync.share in memctl.yaml here and on every other machine",
        )
