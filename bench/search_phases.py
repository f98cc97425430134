"""Where an indexed search's CPU time goes, phase by phase, without a profiler.

Each phase of `memctl search Q --limit 0` (as the index path runs it: name the files
(from the index while its listing of each folder stands, else listed), probe the trigrams, the candidate SQL, cut the rows into files, read each file's span,
check each record's bytes, decode the log entries, take their searchable text, match,
cut the snippet and format the line, write) is redone alone over the same candidates,
and its best CPU time of two rounds printed, in all and per candidate. cProfile of the
same search puts 2-4x its overhead on the phases that call Python functions a hit, so
its shares mislead; these do not. The workspace must be indexed (`memctl index`).

    python bench/search_phases.py WORKSPACE QUERY [--mode phrase] [--scope all]
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from memctl.core.threads import searchable_text
from memctl.core.workspace import Workspace
from memctl.retrieval.corpus import Fence, File, Listing, chomp, record_matches, role_of
from memctl.retrieval.index.query import (
    _from_index,
    _from_listing,
    _groups,
    candidates,
    kind_queries,
)
from memctl.retrieval.index.store import Index
from memctl.retrieval.search import SNIPPET_CHARS, Snippets, _json, keywords_of

MEMORY_LINE_CHARS = 1000  # the CLI's (memctl.cli.commands.search)


def phases(root: Path, query: str, mode: str, scope: str) -> tuple[dict[str, float], str, int]:
    """One round: each phase's CPU seconds, a line saying what was searched, and the
    number of candidates."""
    ws = Workspace(root, "UTC")
    spent: dict[str, float] = {}

    def timed(name: str, work: Callable[[], Any]) -> Any:
        started = time.process_time()
        done = work()
        spent[name] = time.process_time() - started
        return done

    conn = sqlite3.connect(f"file:{root}/.memctl/index.sqlite?mode=ro", uri=True)
    listing = Listing(ws, scope != "threads", False, scope != "memory")
    index, fence = Index(ws, conn), Fence(ws)
    order = timed(
        "naming the files",
        lambda: _from_index(ws, index, listing, fence) or _from_listing(conn, listing, fence),
    )
    source = "index" if _from_index(ws, index, listing, fence) else "listing"
    keywords = keywords_of(query, mode)
    kinds = ["memory"] * listing.memory + ["thread"] * listing.threads
    queries = timed("trigram probes", lambda: kind_queries(conn, keywords, mode, kinds))
    rows = timed("SQL candidates", lambda: list(candidates(conn, queries)))
    groups = timed("grouping", lambda: list(_groups(iter(rows), order.place)))

    def read() -> list[tuple[File, list[Any], int, bytes]]:
        spans = []
        for _, file, group in groups:
            fd = os.open(file.path, os.O_RDONLY)
            os.fstat(fd)
            low, high = group[0][4], group[-1][4] + group[-1][5]
            spans.append((file, group, low, os.pread(fd, high - low, low)))
            os.close(fd)
        return spans

    spans = timed("open, fstat, pread, close", read)

    def check() -> list[tuple[File, int, str]]:
        checked = []
        for file, group, low, span in spans:
            for row in group:
                raw = span[row[4] - low : row[4] - low + row[5]]
                if zlib.crc32(raw) == row[7]:
                    checked.append((file, row[3], raw.decode("utf-8")))
        return checked

    lines = timed("slice, CRC, decode", check)
    entries = timed(
        "JSON of log entries",
        lambda: [
            (file, number, chomp(line) if file.kind == "memory" else _json(line))
            for file, number, line in lines
        ],
    )
    texts = timed(
        "searchable text, role",
        lambda: [
            (file, number, value, None)
            if file.kind == "memory"
            else (file, number, searchable_text(value), role_of(value))
            for file, number, value in entries
        ],
    )
    hits = timed(
        "match", lambda: [t for t in texts if record_matches(t[2].lower(), keywords, mode)]
    )
    snippet, memory_snippet = (
        Snippets(keywords, SNIPPET_CHARS),
        Snippets(keywords, MEMORY_LINE_CHARS),
    )

    def render() -> list[str]:
        out = []
        for file, number, text, role in hits:
            if file.kind == "memory":
                shown = text if len(text) <= MEMORY_LINE_CHARS else memory_snippet(text)
                out.append(f"{file.rel}:{number}: {shown}\n")
            else:
                out.append(f"{file.rel}#{number} [{role}] {snippet(text)}\n")
        return out

    out = timed("snippet, line", render)
    with open(os.devnull, "w", encoding="utf-8") as sink:
        timed("write", lambda: sink.write("".join(out)))
    what = (
        f"{query!r} --mode {mode} --scope {scope}: files named from the {source}, "
        f"{len(rows):,} candidates in {len(groups):,} files, {len(hits):,} hits"
    )
    return spent, what, len(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("workspace", type=Path)
    parser.add_argument("query")
    parser.add_argument("--mode", default="phrase")
    parser.add_argument("--scope", default="all")
    args = parser.parse_args()
    rounds = [phases(args.workspace, args.query, args.mode, args.scope) for _ in range(2)]
    best = {name: min(spent[name] for spent, _, _ in rounds) for name in rounds[0][0]}
    found = max(1, rounds[0][2])
    print(rounds[0][1])
    for name, seconds in best.items():
        print(f"  {name:28s} {seconds * 1000:8.1f} ms  {seconds * 1e6 / found:6.2f} us a candidate")
    print(f"  {'total':28s} {sum(best.values()) * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
