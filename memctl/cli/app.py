"""The entry point: the root app with every command registered, and `main()`.

To add a command, write `memctl/cli/NAME_cmd.py` (it imports `memctl.cli.core` and
`memctl.cli.render`, never this module) and add its name to SECTIONS, at the place
`memctl --help` should list it.
"""

from __future__ import annotations

import copy
import importlib
import os
import sys

import typer

from memctl.cli.core import app, begin_section, invoked, registration_order
from memctl.cli.render import QuietPipe

SECTIONS = (
    ("Set up and feed", ("init_cmd", "thread_cmd")),
    (
        "The pipeline, in the order data flows through it",
        ("flush_cmd", "consolidate_cmd", "compact_cmd", "evict_cmd", "context_cmd", "call_cmd"),
    ),
    ("Recall", ("recall_cmd", "search_cmd", "get_cmd", "log_cmd", "save_cmd", "index_cmd")),
    (
        "Upkeep and integration",
        (
            "archive_cmd",
            "maintain_cmd",
            "history_cmd",
            "undo_cmd",
            "status_cmd",
            "doctor_cmd",
            "mcp_cmd",
            "hook_cmd",
            "install_cmd",
            "export_cmd",
            "config_cmd",
            "completion_cmd",
        ),
    ),
)
"""Every command module under the heading `memctl --help` lists its commands under, in
the order it lists them."""
COMMAND_MODULES = tuple(module for _, modules in SECTIONS for module in modules)

for _title, _modules in SECTIONS:
    begin_section(_title)
    for _module in _modules:
        importlib.import_module(f"memctl.cli.{_module}")  # registers the module's commands

COMMAND_ORDER = registration_order()


def main() -> None:
    sys.stdout = QuietPipe(sys.stdout)
    if "_MEMCTL_COMPLETE" in os.environ:
        # Typer registers its shell completers only with add_completion on; we print
        # the scripts with `memctl completion` instead, so register them here.
        from typer.completion import completion_init

        completion_init()
        app(prog_name="memctl")
        return
    only(invoked(sys.argv[1:]))(prog_name="memctl")


def only(name: str | None) -> typer.Typer:
    """The app with only the command that runs: Typer turns every registered command's
    signature into click parameters before it parses anything, a third of a light
    command's start-up. Help and mistakes see the whole app. A copy, so `app` itself
    (which the tests run in-process) always holds every command."""
    commands = [c for c in app.registered_commands if c.name == name]
    groups = [g for g in app.registered_groups if g.name == name]
    if not (commands or groups):
        return app
    narrowed = copy.copy(app)
    narrowed.registered_commands = commands
    narrowed.registered_groups = groups
    return narrowed
