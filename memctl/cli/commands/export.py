"""export: the memory block in AGENTS.md or CLAUDE.md, for agents that run no hooks.

One option a file an agent reads instructions from (`--KIND FILE`, from the registry's
`Agent.memory_file`), so an agent module brings its own option."""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Annotated, Any

import typer

from memctl.agents.registry import either, memory_files
from memctl.cli.core import app, command, globals_of
from memctl.cli.output import emit, note

DryRunOption = Annotated[bool, typer.Option("--dry-run", help="Show the diff; change nothing.")]
KINDS = sorted(memory_files())
"""The kinds of file, as the options name them, in the order help lists them."""


def export_command(ctx: typer.Context, dry_run: DryRunOption = False, **files: Path | None) -> None:
    """Write the memory block (MEMORY.md, redacted, within the agent's limits) between
    marker comments in AGENTS.md or CLAUDE.md; the next run replaces it in place.
    The file is remembered: `memctl forget` writes its block again without the fact.

    Example: memctl export --agents-md AGENTS.md
    """
    from memctl.agents.export import export
    from memctl.core.errors import UsageError

    g = globals_of(ctx)
    chosen = [(path, kind) for kind in KINDS if (path := files[_parameter(kind)]) is not None]
    if len(chosen) != 1:
        raise UsageError(f"give one of {either([f'--{kind} FILE' for kind in KINDS])}")
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


def _parameter(kind: str) -> str:
    return kind.replace("-", "_")


def _file_option(kind: str) -> inspect.Parameter:
    """`--KIND FILE`: the file of that kind to write the block into."""
    _, memory_file = memory_files()[kind]
    limit = memory_file.max_bytes
    within = f" ({limit // 1024} KiB limit)" if limit is not None else ""
    option: Any = Annotated[
        Path | None,
        typer.Option(
            f"--{kind}",
            metavar="FILE",
            help=f"Write the block into this {memory_file.name}{within}.",
        ),
    ]
    return inspect.Parameter(
        _parameter(kind), inspect.Parameter.KEYWORD_ONLY, default=None, annotation=option
    )


_declared = inspect.signature(export_command, eval_str=True).parameters
export_command.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
    [
        _declared["ctx"].replace(kind=inspect.Parameter.KEYWORD_ONLY),
        *(_file_option(kind) for kind in KINDS),
        _declared["dry_run"].replace(kind=inspect.Parameter.KEYWORD_ONLY),
    ]
)
command(app, "export", short_help="Write memory into AGENTS.md or CLAUDE.md.")(export_command)
