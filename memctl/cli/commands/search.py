"""search."""

from __future__ import annotations

import bisect
import gc
import itertools
import re
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from memctl.cli.core import app, choices, command, complete_threads, globals_of
from memctl.cli.inputs import resolve_threads
from memctl.cli.output import colour_wanted, emit, note
from memctl.core.errors import UsageError

if TYPE_CHECKING:
    from memctl.retrieval.corpus import Hit

# grep's colours: file names magenta, locations green, matches bold red.
_PATH, _PLACE, _MATCH, _RESET = "\x1b[35m", "\x1b[32m", "\x1b[1;31m", "\x1b[0m"
MEMORY_LINE_CHARS = 1000
TERMINAL_LIMIT = 50
"""The hits a person at a terminal sees unless they ask for more: a screenful or two. A
pipe and --json get every hit, as grep and rg print every match: a script reading
`search x | wc -l` must not be told 50 when 400 matched."""


_LETTER = re.compile(r"(?s).[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]*")
"""A character and the combining marks after it (an NFD "ü" is one)."""


def _highlight(text: str, keywords: list[str]) -> str:
    """`text` with the keywords (folded, `keywords_of`) marked where the folded text
    holds them: "ecole" marks "École" as written."""
    from memctl.retrieval.corpus import fold

    pattern = "|".join(re.escape(k) for k in sorted(keywords, key=len, reverse=True))
    folded = fold(text)
    places: tuple[list[int], list[int]] | None = None
    if not text.isascii():
        # ß folds to "ss", İ to two characters, a letter and its combining accent to
        # one: places in the folded text are not the text's (review 29 F5: "strasse"
        # marked no "Straße"). Each letter with its accents is folded alone, and where
        # its fold starts in the folded text and where it stands in the text are kept.
        letters = _LETTER.findall(text)
        pieces = [fold(letter) for letter in letters]
        if "".join(pieces) != folded:  # folds otherwise letter by letter: as written
            return re.sub(pattern, lambda m: f"{_MATCH}{m.group(0)}{_RESET}", text, flags=re.I)
        places = (
            list(itertools.accumulate(map(len, pieces), initial=0)),
            list(itertools.accumulate(map(len, letters), initial=0)),
        )
    parts: list[str] = []
    at = 0
    for match in re.finditer(pattern, folded):
        start, end = match.span()
        if places is not None:  # the letters whose folds the match covers
            folds, written = places
            start = written[bisect.bisect_right(folds, start) - 1]
            end = written[bisect.bisect_left(folds, end)]
        if end > start and start >= at:
            parts += [text[at:start], _MATCH, text[start:end], _RESET]
            at = end
    return "".join(parts) + text[at:]


class _HitPrinter:
    """Prints each hit as search finds it: `--limit 0` may print a million hits, and
    keeping them until the end took 595 MB. In a pipe the lines go out in batches, as
    Python buffers a pipe: under PYTHONUNBUFFERED (which many container images set)
    each write is a system call, and one a hit was a tenth of `search`'s time for
    1,680 hits. On a terminal each line goes out at once."""

    BATCH = 256

    def __init__(self, query: str, mode: str) -> None:
        from memctl.core.threads import who
        from memctl.retrieval.corpus import said_before
        from memctl.retrieval.search import Snippets, check_mode, keywords_of

        self.said_before = said_before  # a hit said before a correction: its note

        self.keywords = keywords_of(query, check_mode(mode))
        # Prepared once, not a hit (an import statement runs importlib's Python code).
        self.snippet = Snippets(self.keywords)
        self.memory_snippet = Snippets(self.keywords, MEMORY_LINE_CHARS)
        self.colour = colour_wanted()
        self.who = who
        self.batch = 1 if sys.stdout.isatty() else self.BATCH
        self.lines: list[str] = []

    def __call__(self, hit: Hit) -> None:
        if self.colour or hit.corrected is not None:
            self.lines.append(self.line(hit) + "\n")
        elif hit.kind == "memory":  # `line` without colour, inlined: a call a hit less
            text = hit.text
            if len(text) > MEMORY_LINE_CHARS:
                text = self.memory_snippet(text)
            self.lines.append(f"{hit.path}:{hit.line}: {text}\n")
        elif hit.speaker:  # `who`, inlined as well
            place = f"#{hit.entry} [{hit.role} {hit.speaker}]"
            self.lines.append(f"{hit.path}{place} {self.snippet(hit.text)}\n")
        else:
            self.lines.append(f"{hit.path}#{hit.entry} [{hit.role}] {self.snippet(hit.text)}\n")
        if len(self.lines) >= self.batch:
            self.flush()

    def line(self, hit: Hit) -> str:
        """The hit as grep shows a match: where, then the text (a window of a long one)."""
        keywords = self.keywords
        if hit.kind == "memory":
            text = hit.text if len(hit.text) <= MEMORY_LINE_CHARS else self.memory_snippet(hit.text)
            where, place = hit.path, f":{hit.line}:"
        else:
            text = self.snippet(hit.text)
            where, place = hit.path, f"#{hit.entry} [{self.who(hit.role, hit.speaker)}]"
        if not self.colour:
            return f"{where}{place} {text}{self.said_before(hit.corrected)}"
        shown = f"{_highlight(text, keywords)}{self.said_before(hit.corrected)}"
        return f"{_PATH}{where}{_RESET}{_PLACE}{place}{_RESET} {shown}"

    def flush(self) -> None:
        """Write the lines not yet written."""
        if self.lines:
            sys.stdout.write("".join(self.lines))
            self.lines.clear()


@command(app, "search", short_help="Keyword search over memory and threads.")
def search_command(
    ctx: typer.Context,
    query: Annotated[str, typer.Argument(help="Keywords; regex characters are literal.")],
    mode: Annotated[
        str,
        typer.Option(
            "--mode",
            "-m",
            help="phrase: the literal text; all: every word in one record; any: one of them.",
            **choices("phrase", "all", "any"),
        ),
    ] = "phrase",
    scope: Annotated[
        str,
        typer.Option(
            "--scope",
            "-s",
            help="Where to look: MEMORY.md and the ledgers, the thread logs, or both.",
            **choices("memory", "threads", "all"),
        ),
    ] = "memory",
    thread: Annotated[
        list[str] | None,
        typer.Option(
            "--thread",
            "-t",
            help="Only this thread's log, or the one a unique prefix names (repeatable; scope threads).",
            autocompletion=complete_threads,
        ),
    ] = None,
    limit: Annotated[
        int | None,
        typer.Option(
            "--limit",
            "-n",
            help=f"At most N hits; 0 for no limit. Default: every hit in a pipe and with "
            f"--json, as grep prints them; {TERMINAL_LIMIT} on a terminal, with a note "
            "saying more matched.",
            show_default=False,
        ),
    ] = None,
    include_archive: Annotated[
        bool, typer.Option("--include-archive", help="Also search memory/archive/.")
    ] = False,
) -> None:
    """Keyword search over MEMORY.md, the daily ledgers and (--scope) the thread logs.

    Case-insensitive. A record is one line of a memory file or one entry of a thread
    log. Secrets are redacted before matching and showing (--no-redact: as written). In a pipe every hit is printed, as grep prints every match; on a terminal the
    first 50, then a note on stderr (--limit 0 shows all). Exit 0 when something
    matched, 1 when nothing did, 2 on a bad mode or query.

    Example: memctl search "deploy friday" --mode all --scope all
    """
    from memctl.retrieval.search import search

    g = globals_of(ctx)
    if not query.strip():
        # grep "" would print every line; a search for nothing is a script's bug (exit 2)
        raise UsageError("the query is empty: give a keyword to search for")
    ws, config = g.open()
    thread = resolve_threads(ws, thread)
    if thread and scope == "memory":
        scope = "threads"
    if limit is None:
        limit = TERMINAL_LIMIT if not g.json and sys.stdout.isatty() else 0
    printer = None if g.json else _HitPrinter(query, mode)
    # A search makes hundreds of thousands of short-lived tuples (the file listing, the
    # candidate rows, the hits), all freed by reference counting, none in a cycle: the
    # cycle collector's passes over them were 6 % of a 620 MB search's CPU (CJK, 14,609
    # hits). It is off for the search only, and on again after it: Typer's test runner
    # calls the command in a process that goes on.
    collecting = gc.isenabled()
    gc.disable()
    try:
        result = search(
            ws,
            query,
            mode=mode,
            scope=scope,
            threads=thread or None,
            limit=limit,
            include_archive=include_archive,
            sink=printer,
            # An agent runs memctl from its shell too: hits are matched and shown
            # redacted, as recall, get and log show them (--no-redact: as written).
            redactor=config.redaction.redactor(),
        )
    finally:
        if collecting:
            gc.enable()
        if printer is not None:
            printer.flush()
    # The hits are out before the notes, the `--limit` one last, so it follows what it
    # is about. Only a person at a terminal is told that more matched: a script that
    # set --limit asked for that many, as with grep -m.
    sys.stdout.flush()
    for line in result.notes:
        note(g, f"search: {line}")
    for skipped in result.skipped:
        note(g, f"search: skipped {skipped}")
    if result.truncated and sys.stdout.isatty():
        first = "the first hit" if result.count == 1 else f"the first {result.count:,} hits"
        note(g, f"search: showing {first}; --limit 0 shows all")
    if g.json:
        emit(g, result.document())
    if not result.count:
        raise typer.Exit(1)
