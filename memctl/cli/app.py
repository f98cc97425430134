"""The Typer app: global options, error mapping and rendering shared by every command.

Commands parse, call a stage, and hand its result to `emit`. Every `MemctlError`
becomes one line on stderr (and `{"error": ...}` with --json) and its exit code.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import importlib
import json
import math
import os
import sys
import traceback
from collections.abc import Callable, Iterator
from datetime import date, datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from memctl import __version__
from memctl.errors import MemctlError

COMMAND_ORDER = (
    # set up, feed, then the pipeline in the order data flows through it
    "init",
    "thread",
    "flush",
    "consolidate",
    "compact",
    "evict",
    "context",
    "call",
    # recall
    "search",
    "get",
    "save",
    # upkeep and integration
    "archive",
    "maintain",
    "status",
    "mcp",
    "config",
    "completion",
)


# The click Typer parses with: its own vendored copy in Typer 0.29, click itself before.
# typer.BadParameter is public in both and lives beside the classes caught below.
_click_errors = importlib.import_module(typer.BadParameter.__module__)


@contextlib.contextmanager
def _usage_errors(wants_json: Callable[[], bool]) -> Iterator[None]:
    """Turn click's own errors (a missing argument, an unknown command or option, a
    value of the wrong type) into memctl's one line and exit code, with the JSON error
    document under --json, instead of click's usage box: a script or an agent reading
    stderr should meet a single format. A bare `memctl` (or `memctl thread`) still
    prints the help, which click raises as a usage error too."""
    try:
        yield
    except _click_errors.ClickException as exc:
        if isinstance(exc, getattr(_click_errors, "NoArgsIsHelpError", ())):
            raise
        message = " ".join(exc.format_message().splitlines())  # one line, always
        if isinstance(exc, _click_errors.UsageError):
            where = exc.ctx.command_path if exc.ctx is not None else "memctl"
            message = f"{message} ({where} --help)"
        raise fail(Globals(json=wants_json()), message, exc.exit_code) from None


class PipelineOrder(TyperGroup):
    """The root command. `memctl --help` lists commands by pipeline stage, not
    alphabetically (a command missing from COMMAND_ORDER comes last rather than not at
    all), and click's usage errors come out in memctl's format. Both parsing steps are
    hooked here, not in `main()`, so the in-process test runner sees what users see:
    `make_context` parses the global options, `invoke` finds the command and parses
    its arguments."""

    def list_commands(self, ctx: Any) -> list[str]:
        names = super().list_commands(ctx)
        rank = {name: position for position, name in enumerate(COMMAND_ORDER)}
        return sorted(names, key=lambda name: (rank.get(name, len(rank)), name))

    def make_context(
        self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any
    ) -> Any:
        given = list(args)  # click consumes the list it parses
        with _usage_errors(lambda: "--json" in _leading_globals(given)):
            return super().make_context(info_name, args, parent=parent, **extra)

    def invoke(self, ctx: Any) -> Any:
        # The global options are parsed by now, though the callback that stores them
        # in ctx.obj runs only once the command is found.
        with _usage_errors(lambda: bool(ctx.find_root().params.get("json_output"))):
            return super().invoke(ctx)


app = typer.Typer(
    name="memctl",
    cls=PipelineOrder,
    help="Two-tier memory for LLM-agent workspaces: flush, consolidate, compact, search.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@dataclasses.dataclass
class Globals:
    workspace: str | None = None
    json: bool = False
    quiet: bool = False
    verbose: bool = False
    no_redact: bool = False

    def open(self) -> tuple[Any, Any]:
        """The workspace and its validated configuration."""
        from memctl.config import load_config
        from memctl.workspace import Workspace, discover

        root = discover(self.workspace)
        config = load_config(root / "memctl.yaml", os.environ.get("MEMCTL_MODEL") or None)
        if self.no_redact:
            redaction = dataclasses.replace(config.redaction, enabled=False)
            config = dataclasses.replace(config, redaction=redaction)
        return Workspace(root, config.timezone), config


def globals_of(ctx: typer.Context) -> Globals:
    obj = ctx.find_root().obj
    return obj if isinstance(obj, Globals) else Globals()


def _version(value: bool) -> None:
    if value:
        print(f"memctl {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    ctx: typer.Context,
    workspace: Annotated[
        str | None,
        typer.Option(
            "--workspace",
            "-w",
            help="Workspace folder (default: MEMCTL_WORKSPACE, "
            "else the nearest folder upward holding memctl.yaml).",
        ),
    ] = None,
    json_output: Annotated[
        bool, typer.Option("--json", help="Print one JSON document on stdout.")
    ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No diagnostics on stderr.")] = False,
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", help="More diagnostics; tracebacks on bugs.")
    ] = False,
    no_redact: Annotated[
        bool,
        typer.Option("--no-redact", help="Send and store text as it is, without hiding secrets."),
    ] = False,
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Print the version."),
    ] = False,
) -> None:
    ctx.obj = Globals(
        workspace=workspace,
        json=json_output,
        quiet=quiet,
        verbose=verbose,
        no_redact=no_redact,
    )


# --------------------------------------------------------------------------- rendering


def jsonable(value: Any) -> Any:
    if hasattr(value, "to_dict") and not isinstance(value, type):
        return jsonable(value.to_dict())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


def emit(g: Globals, result: Any, text: str | Callable[[], str] | None = None) -> None:
    """Print a result: JSON with --json, else `text` (a string or a function making one)."""
    if g.json:
        print(json.dumps(jsonable(result), ensure_ascii=False, indent=2))
        return
    out = text() if callable(text) else text
    if out:
        sys.stdout.write(out if out.endswith("\n") else out + "\n")


def cost_text(value: float | None) -> str:
    """A price for people: `$0` (builtin), two significant digits under a cent, or why
    there is none (litellm's offline table has no price for the model)."""
    if value is None:
        return "cost unknown (no price for this model)"
    if value == 0:
        return "$0"
    if value >= 0.01:
        return f"${value:.2f}"
    places = 1 - math.floor(math.log10(value))  # two significant digits, never 1e-05
    return f"${value:.{places}f}"


def request_text(head: str, messages: list[dict[str, Any]]) -> str:
    """A request a dry run would send: a `===` heading, then each message under its role."""
    body = "\n".join(
        f"--- {message['role']}\n{str(message.get('content') or '').rstrip()}"
        for message in messages
    )
    return f"=== {head}\n{body}"


def note(g: Globals, message: str) -> None:
    """A diagnostic line on stderr (silenced by --quiet)."""
    if not g.quiet:
        print(message, file=sys.stderr)


@contextlib.contextmanager
def working(g: Globals, message: str) -> Iterator[None]:
    """A spinner on stderr while a stage talks to a model; only on a terminal, never with
    --quiet or --json, so cron logs and pipes stay clean."""
    if g.quiet or g.json or not sys.stderr.isatty():
        yield
        return
    from rich.console import Console

    # https://no-color.org: set and not empty turns colour off.
    console = Console(stderr=True, no_color=os.environ.get("NO_COLOR", "") != "")
    with console.status(message, spinner="dots"):
        yield


def fail(g: Globals, message: str, code: int) -> typer.Exit:
    print(f"memctl: error: {message}", file=sys.stderr)
    if g.json:
        print(json.dumps({"error": message, "exit_code": code}, ensure_ascii=False))
    return typer.Exit(code)


def os_error_line(exc: OSError) -> str:
    """`<file>: <strerror> (<ERRNO>)`, or the error as Python says it when it has no errno."""
    import errno

    if exc.errno is None:
        return str(exc)
    name = errno.errorcode.get(exc.errno, f"errno {exc.errno}")
    where = f"{exc.filename}: " if exc.filename is not None else ""
    return f"{where}{exc.strerror or os.strerror(exc.errno)} ({name})"


def command(group: typer.Typer, name: str | None = None, **kwargs: Any) -> Callable:
    """Register a command whose MemctlErrors become one line and an exit code."""

    def decorate(function: Callable) -> Callable:
        @functools.wraps(function)
        def run(*args: Any, **kw: Any) -> Any:
            # Typer 0.29 passes its vendored click Context, not a typer.Context instance.
            ctx = next((a for a in (*args, *kw.values()) if hasattr(a, "find_root")), None)
            g = globals_of(ctx) if ctx is not None else Globals()
            try:
                return function(*args, **kw)
            except MemctlError as exc:
                raise fail(g, str(exc), exc.exit_code) from None
            except KeyboardInterrupt:
                raise fail(g, "interrupted", 130) from None
            except (typer.Exit, typer.Abort, SystemExit, BrokenPipeError):
                raise  # click ends a broken pipe quietly (`memctl search x | head`)
            except OSError as exc:
                # A full disk, a read-only workspace, a permission: the operation failed
                # (exit 1), and the line says which file and which error.
                if g.verbose:
                    traceback.print_exc()
                raise fail(g, os_error_line(exc), 1) from None
            except Exception as exc:
                if g.verbose:
                    traceback.print_exc()
                detail = f"{type(exc).__name__}: {exc}"
                raise fail(
                    g, f"internal error: {detail} (run with -v for the traceback)", 1
                ) from None

        group.command(name, **kwargs)(run)
        return function

    return decorate


def main() -> None:
    if "_MEMCTL_COMPLETE" in os.environ:
        # Typer registers its shell completers only with add_completion on; we print
        # the scripts with `memctl completion` instead, so register them here.
        from typer.completion import completion_init

        completion_init()
        app(prog_name="memctl")
        return
    _only(_invoked(sys.argv[1:]))
    app(prog_name="memctl")


# Global options that take a value; the others are flags.
_VALUE_OPTIONS = ("-w", "--workspace")


def _scan(args: list[str]) -> tuple[list[str], str | None]:
    """The global options a command line starts with, and the word after them: the
    command, or None for `--help`, an option we do not know, or no command."""
    known = {"--json", "--quiet", "-q", "--verbose", "-v", "--no-redact"}
    at = 0
    while at < len(args):
        word = args[at]
        if word in _VALUE_OPTIONS:
            at += 2
        elif (
            word.startswith("--workspace=")
            or (word.startswith("-w") and len(word) > 2)
            or word in known
        ):
            at += 1
        elif word.startswith("-"):
            return args[:at], None
        else:
            return args[:at], word
    return list(args), None


def _invoked(args: list[str]) -> str | None:
    """The command a command line runs, when that is certain."""
    return _scan(args)[1]


def _leading_globals(args: list[str]) -> list[str]:
    """The global options before the command: where `--json` counts when click fails to
    parse the line, so a bad option after it still gets the JSON error document."""
    return _scan(args)[0]


def _only(name: str | None) -> None:
    """Build only the command that runs: Typer turns every registered command's
    signature into click parameters before it parses anything, a third of a light
    command's start-up. Help and mistakes see the whole app, as before."""
    commands = [c for c in app.registered_commands if c.name == name]
    groups = [g for g in app.registered_groups if g.name == name]
    if commands or groups:
        app.registered_commands = commands
        app.registered_groups = groups


def _register() -> None:
    """Command modules register themselves on import; imported here so `app` is complete."""
    from memctl.cli import (  # noqa: F401
        basics,
        context_cmd,
        mcp_cmd,
        memory_cmd,
        pipeline,
        threads_cmd,
        upkeep,
    )


_register()
