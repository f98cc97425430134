"""hook claude-code / hook codex: the commands an agent's hook configuration runs.

Unlike every other command these always exit 0: Claude Code reads exit code 2 from a
PreCompact hook as "block the compaction" and shows other codes to the user at every
turn, while memctl uses 2 for bad configuration. Problems go to stderr and to the hook
log (`.memctl/hooks.log`), which `memctl status` shows.
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from memctl.cli.core import Globals, globals_of, group

hook_app = group(
    "hook", help="Run as an agent's hook: import, flush, inject memory (always exits 0)."
)

OUTPUTS = ("json", "text")
LENIENT = {"ignore_unknown_options": True, "allow_extra_args": True}


def _root(g: Globals, cwd: str | None) -> Path:
    """The workspace, found as usual, else from the folder the agent runs in (a hook
    command may be started elsewhere); the usual error when neither has one."""
    from memctl.core.errors import WorkspaceError
    from memctl.core.workspace import discover

    try:
        return discover(g.workspace)
    except WorkspaceError:
        if not cwd or g.workspace or os.environ.get("MEMCTL_WORKSPACE"):
            raise
    return discover(None, Path(cwd))


def _root_or_none(g: Globals, cwd: str | None) -> Path | None:
    from memctl.core.errors import MemctlError

    try:
        return _root(g, cwd)
    except MemctlError:
        return None


def _run(ctx: typer.Context, agent: str, parse: Callable[[], Any], output: str) -> None:
    from memctl.core.errors import MemctlError
    from memctl.core.hooklog import log_error

    g = globals_of(ctx)
    hook = None
    root: Path | None = None

    def report(message: str) -> None:
        if not g.quiet:
            print(f"hook {agent}: {message}", file=sys.stderr)

    try:
        if ctx.args:
            report(f"ignored unknown arguments: {' '.join(ctx.args)}")
        if output not in OUTPUTS:
            report(f"--output {output!r} is not json or text; using json")
            output = "json"
        from memctl.agents.hooks import hook_output, run_hook
        from memctl.core.config import load_config
        from memctl.core.workspace import Workspace

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
        if g.verbose:
            report(result.summary())
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
    from memctl.agents.hooks import parse_hook_json

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
    from memctl.agents.hooks import parse_codex_notify, parse_hook_json

    def parse() -> Any:
        if payload is not None:
            return parse_codex_notify(payload)
        return parse_hook_json("codex", sys.stdin.buffer.read())

    _run(ctx, "codex", parse, output)
