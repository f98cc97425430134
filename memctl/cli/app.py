"""The entry point: the root app with every command registered, and `main()`.

To add a command, write `memctl/cli/commands/NAME.py` (it imports `memctl.cli.core`,
`memctl.cli.output` and `memctl.cli.views`, never this module) and add its name to SECTIONS, at the place
`memctl --help` should list it.
"""

from __future__ import annotations

import contextlib
import copy
import gc
import importlib
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import typer

SECTIONS = (
    ("Set up and feed", ("init", "thread")),
    (
        "The pipeline, in the order data flows through it",
        ("flush", "consolidate", "compact", "evict", "context", "call"),
    ),
    ("Recall", ("recall", "search", "get", "log", "save", "index")),
    (
        "Upkeep and integration",
        (
            "archive",
            "maintain",
            "history",
            "undo",
            "forget",
            "explain",
            "status",
            "doctor",
            "mcp",
            "hook",
            "install",
            "export",
            "sync",
            "config",
            "completion",
        ),
    ),
)
"""Every command module under the heading `memctl --help` lists its commands under, in
the order it lists them."""
COMMAND_MODULES = tuple(module for _, modules in SECTIONS for module in modules)

# Commands registered by a module named after another command.
_MODULE_OF = {"uninstall": "install"}


def _import(module: str) -> None:
    """Import a command module (which registers its commands) under its heading."""
    from memctl.cli import core

    if f"memctl.cli.commands.{module}" in sys.modules:
        return
    core.begin_section(next(title for title, modules in SECTIONS if module in modules))
    importlib.import_module(f"memctl.cli.commands.{module}")


def _register_all() -> typer.Typer:
    from memctl.cli import core

    for module in COMMAND_MODULES:
        _import(module)
    return core.app


def __getattr__(name: str) -> Any:
    """`app` and `COMMAND_ORDER` with every command registered. Importing this module
    registers none: `main()` imports only the module of the command that runs (the
    others and what they import cost a light command a fifth of its start-up)."""
    if name == "app":
        return _register_all()
    if name == "COMMAND_ORDER":
        from memctl.cli import core

        _register_all()
        return core.registration_order()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    try:
        from memctl.cli.output import restart_in_utf8_mode

        restart_in_utf8_mode()
        _start_up(sys.argv[1:])(prog_name="memctl")
    except KeyboardInterrupt:
        # Ctrl-C during the start-up (the imports of Typer and the command's module:
        # a few hundred ms, longer on a busy machine) reached the interpreter, which
        # then kills itself with SIGINT (exit -2) after a traceback.
        _say_interrupted()
        raise SystemExit(130) from None
    except SystemExit as done:
        if _interrupted_silently(done):
            _say_interrupted()
        _past_a_late_leg(done.code)
        raise


def _say_interrupted() -> None:
    """The line a command interrupted by Ctrl-C ends with (`cli.core.command`'s, through
    `output.fail`), for a Ctrl-C that came before the command's global options were read,
    when neither --json nor a stamp can be honoured yet."""
    print("memctl: error: interrupted", file=sys.stderr, flush=True)


def _interrupted_silently(done: SystemExit) -> bool:
    """Whether Typer ended a Ctrl-C outside a command's body (parsing the line, the
    global options' callback) with its bare exit 130: its `Exit(130)` raised from the
    KeyboardInterrupt, where a command's own (`output.fail`) is raised from None, after
    the line."""
    ended = done.__context__
    return done.code == 130 and isinstance(getattr(ended, "__cause__", None), KeyboardInterrupt)


def _past_a_late_leg(code: int | str | None) -> None:
    """Exit at once with `code` (output flushed) when a recall's semantic leg was left
    running past its time budget (`retrieval.recall._within`, the prompt hook's): the
    interpreter's exit around a thread inside the model's native code aborts the
    process (SIGABRT, exit 134: to an agent a hook error, the prompt's memory lost),
    seen about one prompt in 20-60 on a busy machine. Its answer is not wanted."""
    import threading

    if any(t.name == "memctl-embed" and t.is_alive() for t in threading.enumerate()):
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        if isinstance(code, str):
            print(code, file=sys.stderr, flush=True)
        os._exit(code if isinstance(code, int) else 0 if code is None else 1)


def _start_up(args: list[str]) -> Callable[..., Any]:
    """The app to run `args` with, its modules imported with the garbage collector
    paused, then frozen (gc.freeze): what is loaded by now (the modules, their classes
    and functions: most of the process's objects) lives as long as the process, so the
    collections every few hundred objects during the imports, those the command's work
    triggers and the one at exit walked it again for nothing (a search's start-up:
    424 -> 388 M instructions, click's hello world is 196 M)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        from memctl.cli.inputs import mark_stdin_closed
        from memctl.cli.output import QuietPipe, reopen_closed_streams, tolerate_unencodable

        if "stdin" in reopen_closed_streams():
            mark_stdin_closed()
        tolerate_unencodable()
        sys.stdout = QuietPipe(sys.stdout)
        from memctl.core.argv import command

        # Only a line whose command is `hook` (not `memctl search hook`) reads the agents.
        hook = (
            _hook(args)
            if command(args) == "hook" and "_MEMCTL_COMPLETE" not in os.environ
            else None
        )
        if hook is not None:
            return hook
        from memctl.cli import core

        if "_MEMCTL_COMPLETE" in os.environ:
            # Typer registers its shell completers only with add_completion on; we print
            # the scripts with `memctl completion` instead, so register them here.
            from typer.completion import completion_init

            completion_init()
            return _register_all()
        name = core.invoked(args)
        module = _MODULE_OF.get(name or "", name or "")
        if module in COMMAND_MODULES:
            _import(module)
        after = args[args.index(name) + 1 :] if name in args else []
        return only(name, version=core.asks_version(args), sub=after[0] if after else None)
    finally:
        gc.freeze()
        if collecting:
            gc.enable()


def _hook(args: list[str]) -> Callable[..., Any] | None:
    """What runs an installed hook's command line (`memctl [-w DIR] hook claude-code`,
    `cli/hookrun.py`'s `hook_line`) without Typer: a prompt waits for every hook, and
    Typer's import and the command's build were a sixth of its start-up. None for any
    other line (help, another option, an agent's argument, a mistake): Typer parses it."""
    from memctl.agents.registry import AGENTS
    from memctl.cli.hookrun import hook_line

    plain = tuple(name for name, agent in AGENTS.items() if agent.hook_argument is None)
    line = hook_line(args, plain)
    if line is None:
        return None

    def run_hook(prog_name: str) -> None:
        from memctl.cli.hookrun import run

        try:
            run(
                AGENTS[line.agent],
                None,
                line.output,
                workspace=line.workspace,
                quiet=line.quiet,
                verbose=line.verbose,
            )
        except KeyboardInterrupt:
            sys.exit(130)  # as Typer exits on Ctrl-C
        sys.exit(0)

    return run_hook


def only(name: str | None, version: bool = False, sub: str | None = None) -> typer.Typer:
    """The app with only the command that runs: Typer turns every registered command's
    signature into click parameters before it parses anything, a third of a light
    command's start-up. Help and mistakes see the whole app (every module imported);
    `--version` (`version`), which prints before any command is looked for, sees none:
    it imported all 22 command modules, and cost more than a search. A group keeps only
    its subcommand `sub` (the word after it) when it has one of that name (`hook
    claude-code`, `thread append`). A copy, so `app` itself (which the tests run
    in-process) always holds every command."""
    from memctl.cli import core

    app = core.app
    commands = [c for c in app.registered_commands if c.name == name]
    groups = [g for g in app.registered_groups if g.name == name]
    if not (commands or groups or version):
        return _register_all()
    narrowed = copy.copy(app)
    narrowed.registered_commands = commands
    narrowed.registered_groups = [_only_sub(group, sub) for group in groups]
    return narrowed


def _only_sub(group: typer.models.TyperInfo, sub: str | None) -> typer.models.TyperInfo:
    """The group with only its subcommand `sub`, if it has one of that name."""
    instance = group.typer_instance
    assert instance is not None
    kept = [c for c in instance.registered_commands if c.name == sub]
    if not kept:
        return group
    narrowed = copy.copy(group)
    narrowed.typer_instance = copy.copy(instance)
    narrowed.typer_instance.registered_commands = kept
    return narrowed
