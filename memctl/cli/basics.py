"""init, config show / validate, completion."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from memctl.cli.app import app, command, emit, globals_of, note

config_app = typer.Typer(help="Show or check the effective configuration.", no_args_is_help=True)
app.add_typer(config_app, name="config")

SHELLS = ("bash", "zsh", "fish")


@command(app, "init")
def init(
    ctx: typer.Context,
    path: Annotated[
        Path, typer.Argument(help="Folder to make a workspace (default: here).")
    ] = Path("."),
) -> None:
    """Create memctl.yaml, MEMORY.md, memory/ and threads/ (existing files are kept).

    Example: memctl init ~/agent && memctl -w ~/agent status
    """
    from memctl.workspace import init_workspace

    g = globals_of(ctx)
    result = init_workspace(path)
    if result.changed:
        note(g, f"initialised workspace {result.root}: created {', '.join(result.created)}")
    else:
        note(g, f"workspace {result.root} already initialised; nothing changed")
    emit(g, result, result.root)


@command(config_app, "show")
def config_show(ctx: typer.Context) -> None:
    """Print the effective configuration (defaults filled in) as YAML, or JSON with --json."""
    import yaml

    g = globals_of(ctx)
    _, config = g.open()
    data = config.to_dict()
    emit(g, data, lambda: yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100))


@command(config_app, "validate")
def config_validate(ctx: typer.Context) -> None:
    """Check memctl.yaml and the prompt files it names; exit 2 with the problem if invalid."""
    g = globals_of(ctx)
    ws, _ = g.open()
    note(g, f"{ws.config_path}: valid")
    emit(g, {"valid": True, "path": str(ws.config_path)})


def completion_script(shell: str) -> str:
    """The script, ending in a newline so that `>> ~/.bashrc` leaves the next line alone."""
    from typer.completion import get_completion_script

    script = get_completion_script(prog_name="memctl", complete_var="_MEMCTL_COMPLETE", shell=shell)
    return script if script.endswith("\n") else script + "\n"


@command(app, "completion")
def completion(
    shell: Annotated[str, typer.Argument(help="bash, zsh or fish.")],
) -> None:
    """Print the shell completion script.

    Example: memctl completion bash > ~/.local/share/bash-completion/completions/memctl
    """
    from memctl.errors import UsageError

    if shell not in SHELLS:
        raise UsageError(f"unknown shell {shell!r}: use one of {', '.join(SHELLS)}")
    print(completion_script(shell), end="")
