"""What `memctl hook AGENT` does, without the CLI framework: one agent event in, the
agent's answer out, problems on stderr and in the hook log, never an exception.

`cli/commands/hook.py` calls `run` from its Typer command; the entry module
(`cli/app.py`) calls it directly for the command lines an installed hook sends
(`hook_line`: `memctl [-w DIR] [-q] [-v] hook AGENT [--output json|text]`), so a prompt
does not pay for importing Typer and building the command (a sixth of a prompt's
start-up). Anything else on the line (help, another option, a mistake) goes through
Typer, which says what it always says. Nothing here imports typer or rich.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from memctl.core.argv import scan

if TYPE_CHECKING:
    from memctl.agents.base import Agent

OUTPUTS = ("json", "text")


class HookLine(NamedTuple):
    """A hook's command line as `hook_line` read it: the agent and the global options
    (a named tuple: a frozen dataclass compiles its methods at every start-up)."""

    agent: str
    output: str = "json"
    workspace: str | None = None
    quiet: bool = False
    verbose: bool = False


_FLAGS = {"-q": "quiet", "--quiet": "quiet", "-v": "verbose", "--verbose": "verbose"}


def hook_line(args: list[str], agents: tuple[str, ...]) -> HookLine | None:
    """The hook command line `args` (without the program) when it is one Typer would
    parse without a doubt: of the global options (`memctl.core.argv`), only -w/--workspace
    with its value in the next word (one that does not start with '-'), -q and -v, then
    `hook`, the name of one of `agents` (those taking no argument), and at most
    `--output VALUE` after it. None for any other line, which goes through Typer."""
    scanned = scan(args)
    if scanned.command(args) != "hook":
        return None
    flags = {"quiet": False, "verbose": False}
    for option in scanned.options:
        if option.name in _FLAGS:
            flags[_FLAGS[option.name]] = True
        elif (
            option.name not in ("-w", "--workspace")
            or option.joined
            or (option.value or "").startswith("-")
        ):
            return None
    rest = args[scanned.at + 1 :]
    if not rest or rest[0] not in agents:
        return None
    output = "json"
    if len(rest) == 3 and rest[1] == "--output" and not rest[2].startswith("-"):
        output = rest[2]
    elif len(rest) != 1:
        return None
    return HookLine(rest[0], output, scanned.workspace(), flags["quiet"], flags["verbose"])


def run(
    agent: Agent,
    argument: str | None,
    output: str,
    *,
    workspace: str | None,
    quiet: bool,
    verbose: bool,
    unknown: list[str] | None = None,
) -> None:
    """Handle one event of `agent` (read from stdin, or `argument` when the agent takes
    one): its answer on stdout in `output` (json or text), problems on stderr (unless
    `quiet`) and in the hook log. `unknown` are arguments the command line held that no
    option takes: named, and ignored. Raises no error, a bug's included (an agent reads a
    hook's exit code): only KeyboardInterrupt and SystemExit pass (the caller exits 130
    on Ctrl-C, as Typer does)."""
    from memctl.core.errors import MemctlError
    from memctl.core.hooklog import log_error

    hook = None
    root: Path | None = None

    def report(message: str) -> None:
        if not quiet:
            print(f"hook {agent.name}: {message}", file=sys.stderr)

    try:
        if unknown:
            report(f"ignored unknown arguments: {' '.join(unknown)}")
        if output not in OUTPUTS:
            report(f"--output {output!r} is not json or text; using json")
            output = "json"
        from memctl.agents.hooks import hook_output, run_hook
        from memctl.core.config import load_config
        from memctl.core.workspace import Workspace

        hook = agent.parse_hook(sys.stdin.buffer.read() if argument is None else b"", argument)
        if hook.event == "ignored":
            return
        root = _root(workspace, hook.cwd)
        config = load_config(root / "memctl.yaml", os.environ.get("MEMCTL_MODEL") or None)
        ws = Workspace(root, config.timezone)
        result = run_hook(ws, config, hook)
        out = hook_output(hook, result, output)
        if out:
            sys.stdout.write(out + "\n")
        for error in result.errors:
            report(error)
        if verbose:
            report(result.summary())
    except (MemctlError, Exception) as exc:
        if isinstance(exc, MemctlError):
            message = str(exc)
        else:
            if verbose:
                import traceback  # a bug's, with -v: its import (textwrap's patterns) is not every prompt's

                traceback.print_exc()
            message = f"internal error: {type(exc).__name__}: {exc}"
        report(message)
        if root is None:
            root = _root_or_none(workspace, hook.cwd if hook else None)
        if root is not None:
            event = hook.event if hook else "(unreadable input)"
            log_error(root, agent.name, event, hook.session_id if hook else None, message)


def _root(workspace: str | None, cwd: str | None) -> Path:
    """The workspace, found as usual, else from the folder the agent runs in (a hook
    command may be started elsewhere); the usual error when neither has one."""
    from memctl.core.errors import WorkspaceError
    from memctl.core.workspace import discover

    try:
        return discover(workspace)
    except WorkspaceError:
        if not cwd or workspace or os.environ.get("MEMCTL_WORKSPACE"):
            raise
    return discover(None, Path(cwd))


def _root_or_none(workspace: str | None, cwd: str | None) -> Path | None:
    from memctl.core.errors import MemctlError

    try:
        return _root(workspace, cwd)
    except MemctlError:
        return None
