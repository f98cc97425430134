"""hook AGENT (one command per agent of the registry): what an agent's hook configuration runs.

Unlike every other command these always exit 0: Claude Code reads exit code 2 from a
PreCompact hook as "block the compaction" and shows other codes to the user at every
turn, while memctl uses 2 for bad configuration. Problems go to stderr and to the hook
log (`.memctl/hooks.log`), which `memctl status` shows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated

import typer

from memctl.agents.registry import AGENTS
from memctl.cli.core import choices, globals_of, group
from memctl.cli.hookrun import OUTPUTS, run

if TYPE_CHECKING:
    from memctl.agents.base import Agent

hook_app = group(
    "hook",
    help="Run as an agent's hook: import, flush, inject memory (always exits 0).",
    short_help="Run as an agent's hook (always exits 0).",
)

LENIENT = {"ignore_unknown_options": True, "allow_extra_args": True}


def _run(ctx: typer.Context, agent: Agent, argument: str | None, output: str) -> None:
    g = globals_of(ctx)
    run(
        agent,
        argument,
        output,
        workspace=g.workspace,
        quiet=g.quiet,
        verbose=g.verbose,
        unknown=ctx.args,
    )
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
