"""The root of the CLI: the Typer app, its global options, and the `command()` decorator
that maps errors to exit codes.

The import graph is one-way: `core`, `output`, `views` and `inputs` know no command;
each command module (`commands/NAME.py`) imports them and registers its commands on
`app`; the entry module (`memctl.cli.app`) imports `core`, then every command module,
and runs the app. Nothing imports the entry module back (tests/test_layers.py).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import importlib
import inspect
import os
import sys
import traceback
import typing
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperCommand, TyperGroup

from memctl import __version__
from memctl.cli.output import COLOUR_CHOICES, fail, lock_wait_shown, set_colour
from memctl.core.argv import scan
from memctl.core.errors import INTERNAL_ERROR_EXIT, MemctlError

if TYPE_CHECKING:
    from memctl.core.config import Config
    from memctl.core.workspace import Workspace

_ORDER: list[str] = []
"""Top-level command and group names in the order they were registered: the entry module
imports the command modules in pipeline order, and `memctl --help` lists them so."""
_SECTION_OF: dict[str, str] = {}
_SECTION = ["Commands"]


def registration_order() -> tuple[str, ...]:
    return tuple(_ORDER)


def begin_section(title: str) -> None:
    """The heading `memctl --help` lists the commands registered from now on under."""
    _SECTION[0] = title


def _register(name: str) -> None:
    _ORDER.append(name)
    _SECTION_OF[name] = _SECTION[0]


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
        text = _looks_like_text(exc)  # resembling no option, a global one included
        if isinstance(exc, _click_errors.NoSuchOption):
            exc.possibilities = _own_options_like(exc)
        message = " ".join(exc.format_message().split())  # one line, always
        if isinstance(exc, _click_errors.UsageError):
            where = exc.ctx.command_path if exc.ctx is not None else "memctl"
            message = f"{message} ({where} --help)"
            if text:
                example = _TEXT_EXAMPLES.get(where, f'{where} -- "- a fact"')
                message = f"{message}; a text that starts with '-' goes after '--': {example}"
        raise fail(Globals(json=wants_json()), message, exc.exit_code) from None


def _own_options_like(exc: Any) -> list[str] | None:
    """The options an unknown one may have meant: click offers the closest of every
    option the command parses, the global ones accepted after it among them (hidden
    from its help), so `index --bogus` was told of `--verbose`. Only the options its
    help lists are offered."""
    if not getattr(exc, "possibilities", None) or exc.ctx is None:
        return None
    from difflib import get_close_matches

    ctx = exc.ctx
    own = [
        name
        for param in ctx.command.get_params(ctx)
        if not getattr(param, "hidden", False)  # an argument has no `hidden`
        for name in [*param.opts, *param.secondary_opts]
        if name.startswith("--")
    ]
    return get_close_matches(exc.option_name, own) or None


_TEXT_EXAMPLES = {
    "memctl save": 'memctl save -- "- a fact"',
    "memctl call": 'memctl call THREAD -- "-1 is the answer?"',
}


def _looks_like_text(exc: Exception) -> bool:
    """An unknown "option" that holds a space (`save "- a fact"`) is text the shell
    passed whole, or one of a command that takes text (save, call) that no option of it
    resembles: either way the fix is `--` before it."""
    name = getattr(exc, "option_name", None)
    if not isinstance(exc, _click_errors.NoSuchOption) or not name:
        return False
    command = exc.ctx.command.name if exc.ctx is not None else None
    return any(c.isspace() for c in name) or (
        command in ("save", "call") and not getattr(exc, "possibilities", None)
    )


class PipelineOrder(TyperGroup):
    """The root command. `memctl --help` lists commands by pipeline stage (the order
    they were registered in), not alphabetically, and click's usage errors come out in
    memctl's format. Both parsing steps are hooked here, not in `main()`, so the in-process test runner sees what users see:
    `make_context` parses the global options, `invoke` finds the command and parses
    its arguments."""

    def list_commands(self, ctx: Any) -> list[str]:
        names = super().list_commands(ctx)
        rank = {name: position for position, name in enumerate(_ORDER)}
        return sorted(names, key=lambda name: (rank.get(name, len(rank)), name))

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """The commands under the stage they belong to (set up, the pipeline, recall,
        upkeep), in pipeline order within each."""
        found = [(n, self.get_command(ctx, n)) for n in self.list_commands(ctx)]
        shown = [(name, cmd) for name, cmd in found if cmd is not None and not cmd.hidden]
        if not shown:
            return
        limit = formatter.width - 6 - max(len(name) for name, _ in shown)
        sections: dict[str, list[tuple[str, str]]] = {}
        for name, cmd in shown:
            rows = sections.setdefault(_SECTION_OF.get(name, "Commands"), [])
            rows.append((name, cmd.get_short_help_str(limit)))
        for title, rows in sections.items():
            with formatter.section(title):
                formatter.write_dl(rows, col_max=max(len(name) for name, _ in shown) + 2)

    def make_context(
        self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any
    ) -> Any:
        given = list(args)  # click consumes the list it parses
        with _usage_errors(lambda: _asks_json(given)):
            ctx = super().make_context(info_name, args, parent=parent, **extra)
        ctx.meta["memctl.args"] = given
        return ctx

    def invoke(self, ctx: Any) -> Any:
        # The global options are parsed by now, though the callback that stores them
        # in ctx.obj runs only once the command is found; --json may also follow the
        # command, which has not parsed its options yet when one of them is wrong.
        with _usage_errors(lambda: _asks_json(ctx.meta.get("memctl.args", []))):
            return super().invoke(ctx)


ROOT_HELP = """Two-tier memory for LLM-agent workspaces: flush, consolidate, compact, search.

\b
Examples:
  memctl init ~/agent && cd ~/agent
  memctl thread import ~/.claude/projects/-home-me-shop/6f1c2b9e.jsonl
  memctl flush && memctl consolidate
  memctl search "deploy friday" --mode all --scope all
  memctl call support-42 "Which database did we pick?"
"""

ROOT_EPILOG = """\b
Environment:
  MEMCTL_WORKSPACE  the workspace when -w is not given
  MEMCTL_MODEL      the model for every stage, over memctl.yaml (builtin, openai:gpt-4.1-mini, ...)
  NO_COLOR          set and not empty: no colour (spinner, search hits, doctor)
  FORCE_COLOR       set (not 0 or false): colour even in a pipe (--color decides over both)
  PAGER             the pager of long output on a terminal (default: less -R)

\b
Exit codes:
  0    done (search: something matched)
  1    the operation failed: a model or provider error, or another memctl held the
       workspace lock for more than 60 s (search: nothing matched)
  2    bad usage, configuration or input; nothing was changed
  70   a bug in memctl: one `internal error` line (-v for the traceback); please report it
  130  interrupted (Ctrl-C)
"""

app = typer.Typer(
    name="memctl",
    cls=PipelineOrder,
    help=ROOT_HELP,
    epilog=ROOT_EPILOG,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@dataclasses.dataclass
class Globals:
    """The global options of one command line (-w, --json, -q, -v, --no-redact), given
    before the command or after it."""

    workspace: str | None = None
    json: bool = False
    quiet: bool = False
    verbose: bool = False
    no_redact: bool = False
    command: str = "memctl"
    """The command as typed (`save`, `thread append`): what a note it writes starts with
    where no command wrote the line itself (a wait for the workspace lock)."""
    stamp: Callable[[], str] | None = None
    """What an error line carries after `memctl: error: ` (`output.fail`): maintain and
    `flush --auto` (the cron jobs) set the local time when stderr is not a terminal
    (`stamp_for_log`)."""

    def stamp_for_log(self) -> None:
        """Stamp error lines with the local time (`stamp`) when stderr is no terminal:
        a cron job's log, where the error that ends a run (a read-only or missing
        workspace, a model that fails, every few minutes) must say when it happened."""
        if not sys.stderr.isatty():
            self.stamp = _local_now

    def open(self) -> tuple[Workspace, Config]:
        """The workspace and its validated configuration."""
        from memctl.core.config import load_config
        from memctl.core.workspace import Workspace, discover

        root = discover(self.workspace)
        config = load_config(root / "memctl.yaml", os.environ.get("MEMCTL_MODEL") or None)
        if self.no_redact:
            redaction = dataclasses.replace(config.redaction, enabled=False)
            config = dataclasses.replace(config, redaction=redaction)
        ws = Workspace(root, config.timezone)
        ws.on_lock_wait = None if self.quiet else functools.partial(lock_wait_told, self.command)
        return ws, config


def lock_wait_told(command: str, stage: str, pid: int | None, waiting: bool) -> None:
    """Workspace.on_lock_wait for a command line (`command` as typed starts the line):
    a wait for a stage's lock names the other run; one for the workspace lock (told
    after a second; up to a minute, then exit 1) names its holder's command, and is said
    on a terminal with no spinner too. Globals.open leaves -q runs untold."""
    from memctl.core.workspace import LOCK_WAIT_SECONDS, WORKSPACE_LOCK, process_command

    if not waiting:
        lock_wait_shown(None)
        return
    pid_named = f" (pid {pid})" if pid is not None else ""
    if stage != WORKSPACE_LOCK:
        kind, _, thread = stage.partition(".")
        what = f"another {kind}" + (f" of thread {thread}" if thread else "")
        lock_wait_shown(f"{kind}: waiting for {what}{pid_named}…")
        return
    running = process_command(pid) if pid is not None else None
    holder = f" (pid {pid}, {running})" if running else pid_named
    lock_wait_shown(
        f"{command}: waiting for another memctl{holder} to release the workspace lock "
        f"(up to {LOCK_WAIT_SECONDS:g} s)…",
        without_spinner=True,
    )


def _local_now() -> str:
    """Now, as `views.local_time` shows it: what a line a cron job writes to its log
    carries (`Globals.stamp`)."""
    from datetime import UTC, datetime

    from memctl.cli.views import local_time

    return local_time(datetime.now(UTC))


def globals_of(ctx: typer.Context) -> Globals:
    obj = ctx.find_root().obj
    g = obj if isinstance(obj, Globals) else Globals()
    names: list[str] = []
    level: Any = ctx  # typer's Context, its parents click's
    while level.parent is not None:
        names.append(level.info_name or "")
        level = level.parent
    g.command = " ".join(reversed(names)) or "memctl"
    return g


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
            metavar="DIR",
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
    color: Annotated[
        str,
        typer.Option(
            "--color",
            help="Colour in hits, the spinner and doctor: auto (a terminal, unless NO_COLOR), "
            "always or never.",
            **choices(*COLOUR_CHOICES),
        ),
    ] = "auto",
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Print the version."),
    ] = False,
) -> None:
    _set_colour(color, json_output)
    ctx.obj = Globals(
        workspace=workspace,
        json=json_output,
        quiet=quiet,
        verbose=verbose,
        no_redact=no_redact,
    )


def _evaluated(signature: inspect.Signature) -> dict[str, Any]:
    """A function's annotations as objects, from its signature evaluated once."""
    annotations = {p.name: p.annotation for p in signature.parameters.values()}
    if signature.return_annotation is not inspect.Signature.empty:
        annotations["return"] = signature.return_annotation
    return annotations


def _set_colour(choice: str, json_output: bool) -> None:
    if choice not in COLOUR_CHOICES:
        message = f"--color must be auto, always or never, not {choice!r}"
        raise fail(Globals(json=json_output), message, 2)
    set_colour(choice)


def complete_threads(ctx: typer.Context, incomplete: str) -> list[str]:
    """Thread ids for the shell's TAB, from the workspace the line names (or the one
    found as a command would find it); nothing when there is none."""
    from memctl.core.threads import list_threads
    from memctl.core.workspace import Workspace, discover

    try:
        root = discover(ctx.find_root().params.get("workspace"))
        return [t for t in list_threads(Workspace(root)) if t.startswith(incomplete)]
    except Exception:  # completion must never print an error into the command line
        return []


def complete_memory_files(ctx: typer.Context, incomplete: str) -> list[str]:
    """What `get` reads, for the shell's TAB: MEMORY.md, `today`, `yesterday` and the
    files under memory/ (archive included), from the workspace the line names."""
    from memctl.core.workspace import Workspace, discover

    try:
        ws = Workspace(discover(ctx.find_root().params.get("workspace")))
        files = sorted(ws.relative(p) for p in ws.memory_dir.rglob("*.md") if p.is_file())
    except Exception:  # completion must never print an error into the command line
        return []
    names = ["MEMORY.md", "today", "yesterday", *files]
    return [name for name in names if name.startswith(incomplete)]


def choices(*values: str) -> dict[str, Any]:
    """What an option with a fixed set of values passes to typer.Option: help shows
    `[a|b|c]` and the shell completes them (the value is still checked by the stage,
    which words the error)."""

    def complete(incomplete: str) -> list[str]:
        return [value for value in values if value.startswith(incomplete)]

    return {"metavar": f"[{'|'.join(values)}]", "autocompletion": complete}


# The root's options evaluated once (they use `choices`, defined just above), for the
# reason `command` gives.
main_options.__annotations__ = _evaluated(inspect.signature(main_options, eval_str=True))


ThreadArg = Annotated[
    str,
    typer.Argument(
        help="Thread id (a unique prefix will do).",
        metavar="THREAD",
        autocompletion=complete_threads,
    ),
]


DRY_RUN_REQUESTS_HELP = (
    "Print the requests that would be sent, with token and cost estimates; "
    "no model call, nothing written."
)
"""--dry-run of the commands that plan model requests (flush, consolidate), printed by
`requests_text` the same way for both."""

ShowRequests = Annotated[
    bool,
    typer.Option(
        "--show-requests",
        help="With --dry-run: print each request in full, prompts and all (-v does too); "
        "by default a dry run prints one line a request, with its tokens and cost.",
    ),
]


def group(name: str, help: str, short_help: str | None = None) -> typer.Typer:
    """A command group (`memctl thread ...`) registered on the root app; `short_help`
    is its line in `memctl --help` when `help` is too long for it."""
    sub = typer.Typer(help=help, short_help=short_help or help, no_args_is_help=True)
    app.add_typer(sub, name=name)
    _register(name)
    return sub


_CONTEXT = inspect.Parameter(
    "ctx", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=typer.Context
)


def _global(name: str, kind: type, *decls: str) -> inspect.Parameter:
    hidden = typer.Option(*decls, hidden=True)
    return inspect.Parameter(
        name,
        inspect.Parameter.KEYWORD_ONLY,
        default=None if kind is str else False,
        annotation=Annotated[str | None if kind is str else bool, hidden],
    )


_GLOBALS_AFTER = (
    _global("global_workspace", str, "--workspace", "-w"),
    _global("global_json", bool, "--json"),
    _global("global_quiet", bool, "--quiet", "-q"),
    _global("global_verbose", bool, "--verbose", "-v"),
    _global("global_no_redact", bool, "--no-redact"),
    _global("global_color", str, "--color"),
)
"""The global options, accepted after the command too (`memctl status --json`), as gh,
rg and llm accept theirs; hidden from each command's help, which the root's lists."""


def _apply_globals_after(ctx: Any, given: dict[str, Any]) -> Globals:
    root = ctx.find_root()
    if not isinstance(root.obj, Globals):
        root.obj = Globals()
    g: Globals = root.obj
    g.workspace = given["global_workspace"] or g.workspace
    g.json = g.json or given["global_json"]
    g.quiet = g.quiet or given["global_quiet"]
    g.verbose = g.verbose or given["global_verbose"]
    g.no_redact = g.no_redact or given["global_no_redact"]
    if given["global_color"] is not None:
        _set_colour(given["global_color"], g.json)
    return g


def unwrapped_examples(doc: str) -> str:
    """The help text with each `Example` paragraph kept as written: click rewraps
    paragraphs to the terminal, which breaks a command line in two, and a copied example
    must run. Click leaves a paragraph whose first line is \\b alone."""
    paragraphs = doc.split("\n\n")
    return "\n\n".join(f"\b\n{p}" if p.lstrip().startswith("Example") else p for p in paragraphs)


def _name_the_value(parameter: inspect.Parameter) -> None:
    """Help shows `--limit N`, `--thread THREAD` and arguments as `PATH` and `[N]`, not
    Typer's `<int>` and `<str>` or a lower-case parameter name."""
    args = typing.get_args(parameter.annotation)
    kinds = (typer.models.OptionInfo, typer.models.ArgumentInfo)
    infos = [a for a in args[1:] if isinstance(a, kinds)]
    if not infos or infos[0].metavar is not None or args[0] is bool:
        return
    infos[0].metavar = "N" if args[0] in (int, int | None) else parameter.name.upper()


def os_error_line(exc: OSError) -> str:
    """`<file>: <strerror> (<ERRNO>)`, or the error as Python says it when it has no errno."""
    import errno

    if exc.errno is None:
        return str(exc)
    name = errno.errorcode.get(exc.errno, f"errno {exc.errno}")
    where = f"{exc.filename}: " if exc.filename is not None else ""
    return f"{where}{exc.strerror or os.strerror(exc.errno)} ({name})"


class PlainUsage(TyperCommand):
    """A command whose usage line shows a required argument as `QUERY`, as man pages and
    git do, not Typer's `{QUERY}`, which reads as a set of choices."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces: list[str] = super().collect_usage_pieces(ctx)
        return [p[1:-1] if p.startswith("{") and p.endswith("}") else p for p in pieces]


def command(
    group: typer.Typer, name: str | None = None, **kwargs: Any
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a command whose MemctlErrors become one line and an exit code.

    The context is always supplied: a command that does not take `ctx: typer.Context`
    still gets one here, so its errors honour --json and -v like every other's.
    """

    def decorate(function: Callable[..., Any]) -> Callable[..., Any]:
        signature = inspect.signature(function, eval_str=True)
        takes_ctx = "ctx" in signature.parameters
        for parameter in signature.parameters.values():
            _name_the_value(parameter)

        @functools.wraps(function)
        def run(**kw: Any) -> Any:
            # Typer passes every parameter by name, the context as `ctx`.
            ctx = kw["ctx"] if takes_ctx else kw.pop("ctx")
            g = _apply_globals_after(ctx, {p.name: kw.pop(p.name) for p in _GLOBALS_AFTER})
            try:
                return function(**kw)
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
                    g,
                    f"internal error: {detail} (run with -v for the traceback)",
                    INTERNAL_ERROR_EXIT,
                ) from None

        added = [] if takes_ctx else [_CONTEXT]
        run.__signature__ = signature.replace(  # type: ignore[attr-defined]
            parameters=[*added, *signature.parameters.values(), *_GLOBALS_AFTER]
        )
        # The annotations evaluated once, here: Typer reads them with get_type_hints,
        # which compiles a string annotation again on each read (a search's start-up
        # compiled 88 of them, 3 ms).
        run.__annotations__ = {
            **_evaluated(signature),
            **{p.name: p.annotation for p in [*added, *_GLOBALS_AFTER]},
        }
        kwargs.setdefault("help", unwrapped_examples(inspect.getdoc(function) or ""))
        kwargs.setdefault("cls", PlainUsage)
        group.command(name, **kwargs)(run)
        if group is app:
            _register(name or function.__name__)
        return function

    return decorate


def _scan(args: list[str]) -> tuple[list[str], str | None]:
    """The global options a command line starts with, and the word after them: the
    command, or None for `--help`, an option we do not know, or no command
    (`memctl.core.argv`, where every reader of the global options reads them)."""
    scanned = scan(args)
    return args[: scanned.at], scanned.command(args)


def invoked(args: list[str]) -> str | None:
    """The command a command line runs, when that is certain."""
    return _scan(args)[1]


def asks_version(args: list[str]) -> bool:
    """Whether a command line asks for `--version` before any command: click handles
    the eager option before it looks for a command, so no command need be built."""
    given, name = _scan(args)
    return name is None and args[len(given) : len(given) + 1] == ["--version"]


def _asks_json(args: list[str]) -> bool:
    """Whether a command line asks for JSON, before or after the command (not after
    `--`, where it is text): a line click fails to parse still gets the JSON error
    document."""
    options = args[: args.index("--")] if "--" in args else args
    return "--json" in options
