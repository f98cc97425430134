"""search, get, save."""

from __future__ import annotations

import os
import re
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from memctl.cli.app import app, command, emit, globals_of, note
from memctl.errors import UsageError

if TYPE_CHECKING:
    from memctl.search import Hit, SearchResult

# grep's colours: file names magenta, locations green, matches bold red.
_PATH, _PLACE, _MATCH, _RESET = "\x1b[35m", "\x1b[32m", "\x1b[1;31m", "\x1b[0m"
MEMORY_LINE_CHARS = 1000


def _colour() -> bool:
    """Highlight only for a person looking at a terminal, as grep --color=auto does."""
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"


def _highlight(text: str, keywords: list[str]) -> str:
    pattern = "|".join(re.escape(k) for k in sorted(keywords, key=len, reverse=True))
    return re.sub(pattern, lambda m: f"{_MATCH}{m.group(0)}{_RESET}", text, flags=re.IGNORECASE)


def _hit_line(hit: Hit, keywords: list[str], colour: bool) -> str:
    from memctl.search import SNIPPET_CHARS, snippet

    if hit.kind == "memory":
        text = (
            hit.text
            if len(hit.text) <= MEMORY_LINE_CHARS
            else snippet(hit.text, keywords, MEMORY_LINE_CHARS)
        )
        where, place = hit.path, f":{hit.line}:"
    else:
        text = snippet(hit.text, keywords, SNIPPET_CHARS)
        where, place = hit.path, f"#{hit.entry} [{hit.role}]"
    if not colour:
        return f"{where}{place} {text}"
    return f"{_PATH}{where}{_RESET}{_PLACE}{place}{_RESET} {_highlight(text, keywords)}"


def _print_hits(result: SearchResult) -> None:
    """One line a hit, written as it is made: `--limit 0` may print a hundred thousand
    hits, and joining them first would double the peak memory of the run."""
    colour = _colour()
    write = sys.stdout.write
    for hit in result.hits:
        write(_hit_line(hit, result.keywords, colour) + "\n")


@command(app, "search")
def search_command(
    ctx: typer.Context,
    query: Annotated[str, typer.Argument(help="Keywords; regex characters are literal.")],
    mode: Annotated[
        str,
        typer.Option(
            "--mode",
            "-m",
            help="phrase: the literal text; all: every word in one record; any: one of them.",
        ),
    ] = "phrase",
    scope: Annotated[
        str, typer.Option("--scope", "-s", help="memory (default), threads or all.")
    ] = "memory",
    thread: Annotated[
        list[str] | None,
        typer.Option("--thread", "-t", help="Only this thread's log (repeatable; scope threads)."),
    ] = None,
    limit: Annotated[
        int, typer.Option("--limit", "-n", help="At most N hits; 0 for no limit.")
    ] = 50,
    include_archive: Annotated[
        bool, typer.Option("--include-archive", help="Also search memory/archive/.")
    ] = False,
) -> None:
    """Keyword search over MEMORY.md, the daily ledgers and (--scope) the thread logs.

    Case-insensitive. A record is one line of a memory file or one entry of a thread
    log. Exit 0 when something matched, 1 when nothing did, 2 on a bad mode or query.

    Example: memctl search "deploy friday" --mode all --scope all
    """
    from memctl.search import search

    g = globals_of(ctx)
    ws, _ = g.open()
    if thread and scope == "memory":
        scope = "threads"
    result = search(
        ws,
        query,
        mode=mode,
        scope=scope,
        threads=thread or None,
        limit=limit,
        include_archive=include_archive,
    )
    for skipped in result.skipped:
        note(g, f"memctl: skipped {skipped}")
    if result.truncated:
        note(g, f"memctl: showing the first {result.count} hits; --limit 0 shows all")
    if g.json:
        emit(g, result.document())
    else:
        _print_hits(result)
    if not result.hits:
        raise typer.Exit(1)


@command(app, "get")
def get_command(
    ctx: typer.Context,
    path: Annotated[str, typer.Argument(help="MEMORY.md or a file under memory/.")],
    start: Annotated[
        int | None, typer.Option("--start", help="First line (1-based, default 1).")
    ] = None,
    end: Annotated[
        int | None, typer.Option("--end", help="Last line, inclusive (default: the last).")
    ] = None,
) -> None:
    """Print lines of a memory file as `N|text` (what memory_get answers a model).

    Only MEMORY.md and files under memory/ can be read.

    Example: memctl get MEMORY.md --start 1 --end 20
    """
    from memctl.memory import get

    g = globals_of(ctx)
    ws, _ = g.open()
    result = get(ws, path, start, end)
    if not result.lines:
        note(g, f"{result.path}: no lines")
    emit(
        g,
        result,
        lambda: "\n".join(f"{result.start + n}|{line}" for n, line in enumerate(result.lines)),
    )


@command(app, "save")
def save_command(
    ctx: typer.Context,
    text: Annotated[
        str | None,
        typer.Argument(help="The memory; - or nothing reads it from stdin.", show_default=False),
    ] = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Show what would be saved; write nothing.")
    ] = False,
) -> None:
    """Persist one memory: appended to MEMORY.md and, as a `## Memory Save` block, to
    today's ledger (what memory_save does for a model). With no TEXT, or TEXT `-`, the
    memory is read from stdin, so a pipe can feed it. A text starting with `-` (a
    bullet) goes after `--`, as with any command: memctl save -- "- a fact".

    Example: memctl save "Dana prefers code-first answers."

    Example: echo "- Deploys on Fridays." | memctl save
    """
    from memctl.memory import save

    g = globals_of(ctx)
    if text is None:
        # Nothing given and nothing piped: waiting on a terminal for an EOF the user
        # does not know to type looks like a hang. `save -` still reads a terminal.
        if sys.stdin.isatty():
            raise UsageError(
                "no memory to save: give it as TEXT or pipe it on stdin (memctl save --help)"
            )
        text = "-"
    if text == "-":
        try:
            text = sys.stdin.buffer.read().decode("utf-8")
        except UnicodeDecodeError as exc:
            raise UsageError(f"<stdin>: not UTF-8 text (byte {exc.start})") from None
    ws, config = g.open()
    result = save(ws, config, text, dry_run=dry_run)
    if result.already_saved:
        note(g, "save: MEMORY.md holds this already; nothing saved")
        emit(g, result, None)
        return
    verb = "would save" if dry_run else "saved"
    plural = "memory" if result.memories == 1 else "memories"
    redacted = f" ({result.redacted} secret(s) redacted)" if result.redacted else ""
    note(g, f"save: {verb} {result.memories} {plural} to MEMORY.md and {result.ledger}{redacted}")
    emit(g, result, result.text if dry_run else None)
