"""hook claude-code / hook codex: the commands an agent's hook configuration runs.

Unlike every other command these always exit 0: Claude Code reads exit code 2 from a
PreCompact hook as "block the compaction" and shows other codes to the user at every
turn, while memctl uses 2 for bad configuration. Problems go to stderr and to the hook
log (`.memctl/hooks.log`), which `memctl status` shows.
"""

from __future__ import annotations

import os
import shlex
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from memctl.cli.core import Globals, app, command, globals_of, group
from memctl.cli.render import emit, note

hook_app = group(
    "hook", help="Run as an agent's hook: import, flush, inject memory (always exits 0)."
)

OUTPUTS = ("json", "text")
LENIENT = {"ignore_unknown_options": True, "allow_extra_args": True}


def _root(g: Globals, cwd: str | None) -> Path:
    """The workspace, found as usual, else from the folder the agent runs in (a hook
    command may be started elsewhere); the usual error when neither has one."""
    from memctl.errors import WorkspaceError
    from memctl.workspace import discover

    try:
        return discover(g.workspace)
    except WorkspaceError:
        if not cwd or g.workspace or os.environ.get("MEMCTL_WORKSPACE"):
            raise
    return discover(None, Path(cwd))


def _root_or_none(g: Globals, cwd: str | None) -> Path | None:
    from memctl.errors import MemctlError

    try:
        return _root(g, cwd)
    except MemctlError:
        return None


def _run(ctx: typer.Context, agent: str, parse: Callable[[], Any], output: str) -> None:
    from memctl.errors import MemctlError
    from memctl.hooklog import log_error

    g = globals_of(ctx)
    hook = None
    root: Path | None = None

    def report(message: str) -> None:
        if not g.quiet:
            print(f"memctl hook {agent}: {message}", file=sys.stderr)

    try:
        if ctx.args:
            report(f"ignored unknown arguments: {' '.join(ctx.args)}")
        if output not in OUTPUTS:
            report(f"--output {output!r} is not json or text; using json")
            output = "json"
        from memctl.config import load_config
        from memctl.hooks import hook_output, run_hook
        from memctl.workspace import Workspace

        hook = parse()
        if hook.event == "ignored":
            raise typer.Exit(0)
        root = _root(g, hook.cwd)
        config = load_config(root / "memctl.yaml", os.environ.get("MEMCTL_MODEL") or None)
        ws = Workspace(root, config.timezone)
        result = run_hook(ws, config, hook)
        out = hook_output(hook, result, output)
        if out:
            sys.stdout.write(out + "\n")
        for error in result.errors:
            report(error)
    except typer.Exit:
        pass
    except (MemctlError, Exception) as exc:
        if isinstance(exc, MemctlError):
            message = str(exc)
        else:
            if g.verbose:
                traceback.print_exc()
            message = f"internal error: {type(exc).__name__}: {exc}"
        report(message)
        if root is None:
            root = _root_or_none(g, hook.cwd if hook else None)
        if root is not None:
            event = hook.event if hook else "(unreadable input)"
            log_error(root, agent, event, hook.session_id if hook else None, message)
    raise typer.Exit(0)


OutputOption = Annotated[
    str,
    typer.Option(
        "--output",
        help="How context is printed: json (hookSpecificOutput.additionalContext) or text "
        "(plain stdout).",
    ),
]


@hook_app.command("claude-code", context_settings=LENIENT)
def hook_claude_code(ctx: typer.Context, output: OutputOption = "json") -> None:
    """Handle one Claude Code hook event; its JSON comes on stdin.

    SessionStart prints the memory block; PreCompact imports and flushes; Stop and
    SubagentStop import and flush as memory.flush_trigger allows; SessionEnd imports,
    flushes and maintains; UserPromptSubmit prints a short recall.

    Example (.claude/settings.json): "command": "memctl -w /path/to/ws hook claude-code"
    """
    from memctl.hooks import parse_hook_json

    _run(
        ctx, "claude-code", lambda: parse_hook_json("claude-code", sys.stdin.buffer.read()), output
    )


@hook_app.command("codex", context_settings=LENIENT)
def hook_codex(
    ctx: typer.Context,
    payload: Annotated[
        str | None,
        typer.Argument(help="The JSON Codex's legacy notify program gets (else stdin)."),
    ] = None,
    output: OutputOption = "json",
) -> None:
    """Handle one Codex event: the legacy `notify` JSON argument (a completed turn), or
    a hooks.json event on stdin.

    Example (config.toml): notify = ["memctl", "-w", "/path/to/ws", "hook", "codex"]
    """
    from memctl.hooks import parse_codex_notify, parse_hook_json

    def parse() -> Any:
        if payload is not None:
            return parse_codex_notify(payload)
        return parse_hook_json("codex", sys.stdin.buffer.read())

    _run(ctx, "codex", parse, output)


# --------------------------------------------------------------------------- install


AgentArgument = Annotated[str, typer.Argument(help="claude-code or codex.")]
UserOption = Annotated[
    bool,
    typer.Option("--user", help="The user's settings (~/.claude, CODEX_HOME), not the project's."),
]
ProjectOption = Annotated[
    Path | None,
    typer.Option("--project", help="The project folder (default: the current folder)."),
]
DryRunOption = Annotated[
    bool, typer.Option("--dry-run", help="Show the diff and the commands; change nothing.")
]


def _install_text(result: Any) -> str:
    lines = []
    for change in result.changes:
        if result.dry_run:
            lines.append(change.diff().rstrip("\n"))
    for run in result.commands:
        shown = shlex.join(run.argv)
        if not run.ran:
            verb = "would run" if result.dry_run else "run this yourself (claude is not on PATH)"
            lines.append(f"{verb}: {shown}")
    return "\n".join(lines)


def _install_notes(g: Globals, result: Any) -> None:
    verb = {"install": "wrote", "uninstall": "restored"}[result.action]
    if result.dry_run:
        verb = "would change"
    if not result.changes:
        note(g, f"{result.action} {result.agent}: no file to change ({result.scope} settings)")
    for change in result.changes:
        what = "deleted" if change.after is None else ("created" if change.before is None else verb)
        if result.dry_run:
            what = "would change"
        note(g, f"{result.action} {result.agent}: {what} {change.path}")
    for run in result.commands:
        if run.ran:
            status = "ok" if run.exit_code == 0 else f"failed ({run.exit_code}): {run.output}"
            note(g, f"{result.action} {result.agent}: ran {shlex.join(run.argv)}: {status}")


@command(app, "install")
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
    from memctl.install import install

    g = globals_of(ctx)
    ws, _ = g.open()
    result = install(
        ws, agent, user=user, project=project, recall=recall, notify=notify, dry_run=dry_run
    )
    _install_notes(g, result)
    emit(g, result, lambda: _install_text(result))
    if any(run.ran and run.exit_code != 0 for run in result.commands):
        raise typer.Exit(1)


@command(app, "uninstall")
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
    from memctl.install import uninstall

    g = globals_of(ctx)
    ws, _ = g.open()
    result = uninstall(ws, agent, user=user, project=project, dry_run=dry_run)
    _install_notes(g, result)
    emit(g, result, lambda: _install_text(result))
    if any(run.ran and run.exit_code != 0 for run in result.commands):
        raise typer.Exit(1)


# --------------------------------------------------------------------------- export


@command(app, "export")
def export_command(
    ctx: typer.Context,
    agents_md: Annotated[
        Path | None,
        typer.Option("--agents-md", help="Write the block into this AGENTS.md (32 KiB limit)."),
    ] = None,
    claude_md: Annotated[
        Path | None,
        typer.Option("--claude-md", help="Write the block into this CLAUDE.md."),
    ] = None,
    dry_run: DryRunOption = False,
) -> None:
    """Write the memory block (MEMORY.md, redacted, within the agent's limits) between
    marker comments in AGENTS.md or CLAUDE.md; the next run replaces it in place.

    Example: memctl export --agents-md AGENTS.md
    """
    from memctl.errors import UsageError
    from memctl.export import export

    g = globals_of(ctx)
    chosen = [(p, k) for p, k in ((agents_md, "agents-md"), (claude_md, "claude-md")) if p]
    if len(chosen) != 1:
        raise UsageError("give one of --agents-md FILE or --claude-md FILE")
    ws, config = g.open()
    target, kind = chosen[0]
    result = export(ws, config, target, kind, dry_run=dry_run)
    verb = "would be" if dry_run else "was"
    cut = ", MEMORY.md cut to fit" if result.truncated else ""
    note(
        g,
        f"export: {target}: memory block {verb} {result.action} "
        f"({result.chars:,} chars{cut}; file {result.bytes:,} bytes)",
    )
    emit(g, result, lambda: result.diff.rstrip("\n") if dry_run else None)
