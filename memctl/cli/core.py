"""The root of the CLI: the Typer app, its global options, and the `command()` decorator
that maps errors to exit codes.

The import graph is one-way: `core` and `render` know no command; each command module
(`*_cmd.py`) imports them and registers its commands on `app`; the entry module
(`memctl.cli.app`) imports `core`, then every command module, and runs the app. Nothing
imports the entry module back (tests/test_layers.py).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import importlib
import inspect
import os
import traceback
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperGroup

from memctl import __version__
from memctl.cli.render import fail
from memctl.errors import INTERNAL_ERROR_EXIT, MemctlError

if TYPE_CHECKING:
    from memctl.config import Config
    from memctl.workspace import Workspace

_ORDER: list[str] = []
"""Top-level command and group names in the order they were registered: the entry module
imports the command modules in pipeline order, and `memctl --help` lists them so."""


def registration_order() -> tuple[str, ...]:
    return tuple(_ORDER)


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
    """The root command. `memctl --help` lists commands by pipeline stage (the order
    they were registered in), not alphabetically, and click's usage errors come out in memctl's format. Both parsing steps are
    hooked here, not in `main()`, so the in-process test runner sees what users see:
    `make_context` parses the global options, `invoke` finds the command and parses
    its arguments."""

    def list_commands(self, ctx: Any) -> list[str]:
        names = super().list_commands(ctx)
        rank = {name: position for position, name in enumerate(_ORDER)}
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

    def open(self) -> tuple[Workspace, Config]:
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


ThreadArg = Annotated[str, typer.Argument(help="Thread id.")]


def group(name: str, help: str) -> typer.Typer:
    """A command group (`memctl thread ...`) registered on the root app."""
    sub = typer.Typer(help=help, no_args_is_help=True)
    app.add_typer(sub, name=name)
    _ORDER.append(name)
    return sub


def command(group: typer.Typer, name: str | None = None, **kwargs: Any) -> Callable:
    """Register a command whose MemctlErrors become one line and an exit code.

    The context is always supplied: a command that does not take `ctx: typer.Context`
    still gets one here, so its errors honour --json and -v like every other's.
    """

    def decorate(function: Callable) -> Callable:
        signature = inspect.signature(function, eval_str=True)
        takes_ctx = "ctx" in signature.parameters

        @functools.wraps(function)
        def run(**kw: Any) -> Any:
            # Typer passes every parameter by name, the context as `ctx`.
            ctx = kw["ctx"] if takes_ctx else kw.pop("ctx")
            g = globals_of(ctx)
            try:
                return function(**kw)
            except MemctlError as exc:
                raise fail(g, str(exc), exc.exit_code) from None
            except KeyboardInterrupt:
                raise fail(g, "interrupted", 130) from None
            except (typer.Exit, typer.Abort, SystemExit, BrokenPipeError):
                raise  # click ends a broken pipe quietly (`memctl search x | head`)
            except Exception as exc:
                if g.verbose:
                    traceback.print_exc()
                detail = f"{type(exc).__name__}: {exc}"
                raise fail(
                    g,
                    f"internal error: {detail} (run with -v for the traceback)",
                    INTERNAL_ERROR_EXIT,
                ) from None

        if not takes_ctx:
            context = inspect.Parameter(
                "ctx", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=typer.Context
            )
            run.__signature__ = signature.replace(  # type: ignore[attr-defined]
                parameters=[context, *signature.parameters.values()]
            )
            run.__annotations__ = {**function.__annotations__, "ctx": typer.Context}
        group.command(name, **kwargs)(run)
        if group is app:
            _ORDER.append(name or function.__name__)
        return function

    return decorate


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


def invoked(args: list[str]) -> str | None:
    """The command a command line runs, when that is certain."""
    return _scan(args)[1]


def _leading_globals(args: list[str]) -> list[str]:
    """The global options before the command: where `--json` counts when click fails to
    parse the line, so a bad option after it still gets the JSON error document."""
    return _scan(args)[0]
