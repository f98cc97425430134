"""export: the memory block in AGENTS.md or CLAUDE.md, for agents that run no hooks."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from memctl.cli.core import app, command, globals_of
from memctl.cli.output import emit, note

DryRunOption = Annotated[bool, typer.Option("--dry-run", help="Show the diff; change nothing.")]


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
    from memctl.agents.export import export
    from memctl.core.errors import UsageError

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
