"""completion."""

from __future__ import annotations

from typing import Annotated

import typer

from memctl.cli.core import app, choices, command, globals_of
from memctl.cli.output import emit

SHELLS = ("bash", "zsh", "fish")


def completion_script(shell: str) -> str:
    """The script, ending in a newline so that `>> ~/.bashrc` leaves the next line alone."""
    from typer.completion import get_completion_script

    script = get_completion_script(prog_name="memctl", complete_var="_MEMCTL_COMPLETE", shell=shell)
    return script if script.endswith("\n") else script + "\n"


@command(app, "completion", short_help="Print the shell completion script.")
def completion(
    ctx: typer.Context,
    shell: Annotated[
        str,
        # SHELL, not [bash|zsh|fish]: brackets say optional, and the shell is required
        typer.Argument(help="bash, zsh or fish.", **{**choices(*SHELLS), "metavar": "SHELL"}),
    ],
) -> None:
    """Print the shell completion script (with --json, inside the document as `script`).

    Example: memctl completion bash > ~/.local/share/bash-completion/completions/memctl
    """
    from memctl.core.errors import UsageError

    if shell not in SHELLS:
        raise UsageError(f"unknown shell {shell!r}: use one of {', '.join(SHELLS)}")
    script = completion_script(shell)
    emit(globals_of(ctx), {"shell": shell, "script": script}, lambda: script)
