"""config show / validate."""

from __future__ import annotations

import typer

from memctl.cli.core import command, globals_of, group
from memctl.cli.render import emit, note

config_app = group("config", "Show or check the effective configuration.")


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
