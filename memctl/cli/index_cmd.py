"""index, recall."""

from __future__ import annotations

from typing import Annotated

import typer

from memctl.cli.app import app, command, emit, globals_of, note


@command(app, "index")
def index_command(
    ctx: typer.Context,
    rebuild: Annotated[
        bool, typer.Option("--rebuild", help="Delete the index and build it again from the files.")
    ] = False,
) -> None:
    """Bring the search index (.memctl/index.sqlite) up to date; search does it by itself.

    The index is a cache: deleting it loses nothing, and search scans the files when it
    cannot use it. Exit 1 when it cannot be built (no FTS5 trigram tokenizer, the
    workspace lock is held, a read-only folder).

    Example: memctl index --rebuild && memctl status
    """
    from memctl.errors import MemctlError
    from memctl.index import IndexUnavailable, fresh_index, index_status

    g = globals_of(ctx)
    ws, _ = g.open()
    notes: list[str] = []
    try:
        with fresh_index(ws, notes, rebuild=rebuild, wait=60.0) as (_, report):
            pass
    except IndexUnavailable as exc:
        raise MemctlError(f"the search index cannot be updated: {exc}") from None
    for line in notes:
        note(g, line)
    state = index_status(ws)
    what = "rebuilt" if report.rebuilt else "updated"
    text = (
        f"{what} {state.path}: {report.indexed:,} of {report.files:,} files read "
        f"({report.records:,} records added, {report.renamed} renamed, {report.removed} removed); "
        f"{state.bytes:,} bytes for {state.corpus_bytes:,} bytes of text"
    )
    emit(g, {"update": report, "index": state}, text)


@command(app, "recall")
def recall_command(
    ctx: typer.Context,
    query: Annotated[str, typer.Argument(help="A question or keywords, in any words.")],
    limit: Annotated[int, typer.Option("--limit", "-n", help="At most N hits (1-100).")] = 10,
    scope: Annotated[
        str, typer.Option("--scope", "-s", help="all (default), memory or threads.")
    ] = "all",
    no_recency: Annotated[
        bool, typer.Option("--no-recency", help="Rank by relevance alone, not also by age.")
    ] = False,
) -> None:
    """The records that best answer QUERY, best first (BM25, and embeddings when
    memory.embedding_model is set), from MEMORY.md, the ledgers and the thread logs.

    Unlike search, the words need not all be there nor in order; a few newer records
    get a small boost. Snippets are redacted. Exit 0 with hits, 1 with none.

    Example: memctl recall "which database did we pick for billing?"
    """
    from memctl.recall import recall

    g = globals_of(ctx)
    ws, config = g.open()
    result = recall(ws, config, query, limit, scope, recency=not no_recency)
    for line in result.notes:
        note(g, line)
    emit(
        g,
        result.document(),
        lambda: "\n".join(f"{hit.source} ({hit.when}) {hit.snippet}" for hit in result.hits),
    )
    if not result.hits:
        raise typer.Exit(1)
