"""install / uninstall: memctl's hooks and MCP server in Claude Code's or Codex's settings."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from memctl.agents.registry import AGENTS, either
from memctl.cli.core import Globals, app, command, globals_of
from memctl.cli.output import emit, note

if TYPE_CHECKING:
    from memctl.agents.install import FileChange, InstallResult

AgentArgument = Annotated[
    str,
    typer.Argument(
        help=f"{either(list(AGENTS))}.",
        autocompletion=lambda incomplete: [a for a in AGENTS if a.startswith(incomplete)],
    ),
]
UserOption = Annotated[
    bool,
    typer.Option("--user", help="The user's settings (~/.claude, CODEX_HOME), not the project's."),
]
ProjectOption = Annotated[
    Path | None,
    typer.Option(
        "--project", metavar="PATH", help="The project folder (default: the current folder)."
    ),
]
DryRunOption = Annotated[
    bool, typer.Option("--dry-run", help="Show the diff and the commands; change nothing.")
]


def _install_text(result: InstallResult) -> str:
    lines = []
    for change in result.changes:
        if result.dry_run:
            lines.append(change.diff().rstrip("\n"))
    for run in result.commands:
        shown = shlex.join(run.argv)
        if not run.ran:
            verb = (
                "would run"
                if result.dry_run
                else f"run this yourself ({run.argv[0]} is not on PATH)"
            )
            lines.append(f"{verb}: {shown}")
    return "\n".join(lines)


def _what(result: InstallResult, change: FileChange) -> str:
    """What was done to a file, truthfully: uninstall restores a file only when it
    gets back the bytes install found; one changed since loses memctl's entries alone."""
    if result.dry_run:
        return "would change"
    if change.after is None:
        return "deleted"
    if change.before is None:
        return "created"
    if result.action == "install":
        return "wrote"
    return "restored" if change.restored else "removed memctl's entries from"


def _install_notes(g: Globals, result: InstallResult) -> None:
    if not result.changes:
        note(g, f"{result.action} {result.agent}: no file to change ({result.scope} settings)")
    for change in result.changes:
        note(g, f"{result.action} {result.agent}: {_what(result, change)} {change.path}")
    for step in result.steps:
        note(g, f"{result.action} {result.agent}: still to do: {step}")
    for run in result.commands:
        if run.ran:
            status = "ok" if run.exit_code == 0 else f"failed ({run.exit_code}): {run.output}"
            note(g, f"{result.action} {result.agent}: ran {shlex.join(run.argv)}: {status}")


@command(app, "install", short_help="Add memctl to Claude Code or Codex.")
def install_command(
    ctx: typer.Context,
    agent: AgentArgument,
    user: UserOption = False,
    project: ProjectOption = None,
    recall: Annotated[
        bool,
        typer.Option("--recall", help="Also a UserPromptSubmit hook: a short recall per prompt."),
    ] = False,
    notify: Annotated[
        bool,
        typer.Option("--notify", help="codex: the legacy notify program instead of hooks.json."),
    ] = False,
    dry_run: DryRunOption = False,
) -> None:
    """Add memctl's hooks and MCP server to Claude Code's or Codex's configuration.

    Claude Code: the hooks in .claude/settings.json, the server by `claude mcp add`.
    Codex: the hooks in .codex/hooks.json (or notify with --notify) and
    [mcp_servers.memctl] in config.toml. `memctl uninstall` takes out exactly that.

    Example: memctl -w ~/agent-memory install claude-code --dry-run
    """
    from memctl.agents.install import install

    g = globals_of(ctx)
    ws, _ = g.open()
    result = install(
        ws, agent, user=user, project=project, recall=recall, notify=notify, dry_run=dry_run
    )
    _install_notes(g, result)
    emit(g, result, lambda: _install_text(result))
    if any(run.ran and run.exit_code != 0 for run in result.commands):
        raise typer.Exit(1)


@command(app, "uninstall", short_help="Remove what memctl install added.")
def uninstall_command(
    ctx: typer.Context,
    agent: AgentArgument,
    user: UserOption = False,
    project: ProjectOption = None,
    dry_run: DryRunOption = False,
) -> None:
    """Remove what `memctl install` added: its hooks, blocks and MCP server entry.

    A settings file left as install wrote it gets back the exact bytes it had before.

    Example: memctl uninstall codex --user
    """
    from memctl.agents.install import uninstall

    g = globals_of(ctx)
    ws, _ = g.open()
    result = uninstall(ws, agent, user=user, project=project, dry_run=dry_run)
    _install_notes(g, result)
    emit(g, result, lambda: _install_text(result))
    if any(run.ran and run.exit_code != 0 for run in result.commands):
        raise typer.Exit(1)
