"""save."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from memctl.cli.core import app, command, globals_of
from memctl.cli.inputs import read_stdin_text
from memctl.cli.output import emit, note
from memctl.core.errors import UsageError
from memctl.core.wording import plural


@command(app, "save", short_help="Save one memory to MEMORY.md and the ledger.")
def save_command(
    ctx: typer.Context,
    text: Annotated[
        str | None,
        typer.Argument(help="The memory; - or nothing reads it from stdin.", show_default=False),
    ] = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Show what would be saved; write nothing.")
    ] = False,
) -> None:
    """Persist one memory: appended to MEMORY.md and, as a `## Memory Save` block, to
    today's ledger (what memory_save does for a model). With no TEXT, or TEXT `-`, the
    memory is read from stdin, so a pipe can feed it. A text starting with `-` (a
    bullet) goes after `--`, as with any command: memctl save -- "- a fact".

    Example: memctl save "Dana prefers code-first answers."

    Example: echo "- Deploys on Fridays." | memctl save
    """
    from memctl.pipeline.save import save

    g = globals_of(ctx)
    if text is None:
        # Nothing given and nothing piped: waiting on a terminal for an EOF the user
        # does not know to type looks like a hang. `save -` still reads a terminal.
        if sys.stdin.isatty():
            raise UsageError(
                "no memory to save: give it as TEXT or pipe it on stdin (memctl save --help)"
            )
        text = "-"
    if text == "-":
        text = read_stdin_text()
    ws, config = g.open()
    result = save(ws, config, text, dry_run=dry_run)
    if result.already_saved:
        note(g, "save: MEMORY.md holds this already; nothing saved")
        emit(g, result, None)
        return
    verb = "would save" if dry_run else "saved"
    memories = plural(result.memories, "memory", "memories")
    redacted = f" ({plural(result.redacted, 'secret')} redacted)" if result.redacted else ""
    note(g, f"save: {verb} {memories} to MEMORY.md and {result.ledger}{redacted}")
    for fact in result.unforgotten:
        note(g, f"save: no longer forgotten: {fact}")
    emit(g, result, result.text if dry_run else None)
