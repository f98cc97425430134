"""hook AGENT (one command per agent of the registry): what an agent's hook configuration runs.

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
from typing import TYPE_CHECKING, Annotated

import typer

from memctl.agents.registry import AGENTS
from memctl.cli.core import Globals, choices, globals_of, group

if TYPE_CHECKING:
    from memctl.agents.base import Agent

hook_app = group(
    "hook",
    help="Run as an agent's hook: import, flush, inject memory (always exits 0).",
    short_help="Run as an agent's hook (always exits 0).",
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


def _run(ctx: typer.Context, agent: Agent, argument: str | None, output: str) -> None:
    from memctl.core.errors import MemctlError
    from memctl.core.hooklog import log_error

    g = globals_of(ctx)
    hook = None
    root: Path | None = None

    def report(message: str) -> None:
        if not g.quiet:
            print(f"hook {agent.name}: {message}", file=sys.stderr)

    try:
        if ctx.args:
            report(f"ignored unknown arguments: {' '.join(ctx.args)}")
        if output not in OUTPUTS:
            report(f"--output {output!r} is not json or text; using json")
            output = "json"
        from memctl.agents.hooks import hook_output, run_hook
        from memctl.core.config import load_config
        from memctl.core.workspace import Workspace

        hook = agent.parse_hook(sys.stdin.buffer.read() if argument is None else b"", argument)
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
            log_error(root, agent.name, event, hook.session_id if hook else None, message)
    raise typer.Exit(0)


OutputOption = Annotated[
    str,
    typer.Option(
        "--output",
        help="How context is printed: json (hookSpecificOutput.additionalContext) or text "
        "(plain stdout).",
        # The choices shown and completed, checked in _run: a hook never exits 2.
        **choices(*OUTPUTS),
    ),
]


def _register(agent: Agent) -> None:
    """`memctl hook NAME`, with the agent's one argument when it takes one."""

    def plain(ctx: typer.Context, output: OutputOption = "json") -> None:
        _run(ctx, agent, None, output)

    def with_argument(
        ctx: typer.Context, payload: str | None = None, output: OutputOption = "json"
    ) -> None:
        _run(ctx, agent, payload, output)

    handler: Callable[..., None] = plain
    if agent.hook_argument is not None:
        handler = with_argument
        handler.__annotations__["payload"] = Annotated[
            str | None, typer.Argument(help=agent.hook_argument, metavar="[JSON]")
        ]
    handler.__doc__ = agent.hook_help
    hook_app.command(
        agent.name,
        context_settings=LENIENT,
        short_help=f"Handle one {agent.title} hook event.",
    )(handler)


for _agent in AGENTS.values():
    _register(_agent)
