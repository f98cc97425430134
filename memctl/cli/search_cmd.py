"""search."""

from __future__ import annotations

import re
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from memctl.cli.core import app, command, globals_of
from memctl.cli.render import colour_wanted, emit, note

if TYPE_CHECKING:
    from memctl.search import Hit, SearchResult

# grep's colours: file names magenta, locations green, matches bold red.
_PATH, _PLACE, _MATCH, _RESET = "\x1b[35m", "\x1b[32m", "\x1b[1;31m", "\x1b[0m"
MEMORY_LINE_CHARS = 1000


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
    colour = colour_wanted()
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
