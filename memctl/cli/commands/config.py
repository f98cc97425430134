"""config show / validate."""

from __future__ import annotations

import typer

from memctl.cli.core import command, globals_of, group
from memctl.cli.output import emit, json_text, note

config_app = group("config", "Show or check the effective configuration.")


@command(config_app, "show", short_help="Print the effective configuration.")
def config_show(ctx: typer.Context) -> None:
    """Print the effective configuration (defaults filled in) as YAML, or JSON with --json.
    Multi-line texts (the prompts) print as YAML block scalars, as one would write them.

    Example: memctl config show | less
    """
    import yaml

    g = globals_of(ctx)
    _, config = g.open()
    data = config.to_dict()

    class Blocks(yaml.SafeDumper):
        """Multi-line strings as `|` block scalars: the default prompts read as written,
        not as one escaped line. (PyYAML falls back to quoting one it cannot block.)"""

    def text(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
        style = "|" if "\n" in value else None
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)

    Blocks.add_representer(str, text)
    emit(
        g,
        data,
        lambda: yaml.dump(data, Dumper=Blocks, sort_keys=False, allow_unicode=True, width=100),
    )


@command(config_app, "validate", short_help="Check memctl.yaml and its prompt files.")
def config_validate(ctx: typer.Context) -> None:
    """Check memctl.yaml and the prompt files it names; exit 2 with every problem, one a line.

    Example: memctl config validate && memctl flush
    """
    import os
    import sys

    from memctl.core.config import config_problems
    from memctl.core.workspace import discover

    g = globals_of(ctx)
    path = discover(g.workspace) / "memctl.yaml"
    problems = config_problems(path, os.environ.get("MEMCTL_MODEL") or None)
    if problems:
        for problem in problems:
            print(f"memctl: error: {problem}", file=sys.stderr)
        if g.json:
            document = {"error": problems[0], "errors": problems, "exit_code": 2}
            print(json_text(document))
        raise typer.Exit(2)
    ws, _ = g.open()
    note(g, f"config validate: {ws.config_path}: valid")
    emit(g, {"valid": True, "path": str(ws.config_path)})
