"""get."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated

import typer

from memctl.cli.core import app, command, complete_memory_files, globals_of
from memctl.cli.output import emit, note
from memctl.core.errors import UsageError

if TYPE_CHECKING:
    from memctl.core.workspace import Workspace


@command(app, "get", short_help="Print lines of memory or an evicted result.")
def get_command(
    ctx: typer.Context,
    path: Annotated[
        str,
        typer.Argument(
            help="MEMORY.md, a file under memory/, today or yesterday (their ledgers), "
            "PATH:LINE as search prints it (today:LINE too), or an evicted tool result "
            "as its placeholder names it (evicted/THREAD/ID).",
            autocompletion=complete_memory_files,
        ),
    ],
    start: Annotated[
        int | None, typer.Option("--start", help="First line (1-based, default 1).")
    ] = None,
    end: Annotated[
        int | None,
        typer.Option("--end", metavar="M", help="Last line, inclusive (default: the last)."),
    ] = None,
) -> None:
    """Print lines of a memory file as `N|text` (what memory_get answers a model).

    Only MEMORY.md, files under memory/ and the tool results eviction moved out of a
    context (under eviction.root, evicted/ by default) can be read. An evicted result
    is shown redacted, as `thread show` shows it (--no-redact: as written).

    Examples:
      memctl get MEMORY.md --start 1 --end 20
      memctl get today
      memctl get today:3
      memctl get memory/2026-12-03.md:14
      memctl get MEMORY.md:3 --end 5
      memctl get evicted/build-7/call_3-709eb0cd83a5801b --start 100 --end 140
    """
    from memctl.retrieval.get import get

    g = globals_of(ctx)
    ws, config = g.open()
    path, line = _located(ws, path)
    if line is not None:  # PATH:LINE is the first line; --end, if given, the last
        if start is not None:
            raise UsageError(f"give the first line once: {path}:{line} or --start {start}")
        start, end = line, end if end is not None else line

    def redact(text: str) -> str:  # the patterns compiled only for an evicted result
        return config.redaction.redactor().lines(text)

    result = get(ws, path, start, end, evicted=config.eviction.root, redact=redact)
    if not result.lines:
        note(g, f"get: {result.path}: no lines")
    emit(
        g,
        result,
        lambda: "\n".join(f"{result.start + n}|{line}" for n, line in enumerate(result.lines)),
        paged=True,
    )


_AT_LINE = re.compile(r"^(?P<path>.+?):(?P<line>\d+):?$")


def _located(ws: Workspace, given: str) -> tuple[str, int | None]:
    """The file and line a user means: `today` and `yesterday` are their ledgers,
    `PATH:LINE` (what search prints; `today:3` too) a line, and a bare ledger name the
    one under memory/ (refused with the path to use, as the model's tool would refuse it)."""
    from datetime import timedelta

    line = None
    match = _AT_LINE.match(given)
    if match and not (ws.root / given).exists():
        given, line = match.group("path"), int(match.group("line"))
    if given in ("today", "yesterday"):
        day = ws.today() - timedelta(days=1 if given == "yesterday" else 0)
        ledger = ws.ledger_path(day)
        if not ledger.exists():
            raise UsageError(f"no ledger for {given} ({day.isoformat()}); {_latest(ws)}")
        return ws.relative(ledger), line
    if "/" not in given and given != "MEMORY.md" and (ws.memory_dir / given).is_file():
        raise UsageError(
            f"{given}: not in the workspace's top folder; did you mean memory/{given}?"
        )
    return given, line


def _latest(ws: Workspace) -> str:
    """What a user asking for a day with no ledger can read instead."""
    ledgers = ws.daily_files(include_archive=True)
    if not ledgers:
        return "there are no ledgers yet (flush and save write them)"
    latest = max(ledgers, key=lambda path: path.name)
    return f"the latest is {ws.relative(latest)}"
