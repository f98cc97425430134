"""index."""

from __future__ import annotations

import contextlib
import sqlite3
from typing import Annotated, Any

import typer

from memctl.cli.core import app, command, globals_of
from memctl.cli.output import emit, note
from memctl.core.wording import plural


@command(app, "index", short_help="Bring the search index up to date.")
def index_command(
    ctx: typer.Context,
    rebuild: Annotated[
        bool, typer.Option("--rebuild", help="Delete the index and build it again from the files.")
    ] = False,
    dry_run: Annotated[
        bool,
        typer.Option(
            "--dry-run",
            help="Say what is out of date and what embedding it would cost; write nothing.",
        ),
    ] = False,
) -> None:
    """Bring the search index (.memctl/index.sqlite) up to date; search does it by itself.

    The index is a cache: deleting it loses nothing, and search scans the files when it
    cannot use it. It is built with recall's word table (an index `search` made without
    one is built again once), so that the first recall, and the prompt hook's, find it
    ready. With an embedder (memctl[semantic] installed, or
    memory.embedding_model set), new records are embedded too.
    Exit 1 when it cannot be built (no FTS5 trigram tokenizer, the workspace lock is
    held, a read-only folder) or the embedding provider fails.

    Example: memctl index --rebuild && memctl status
    """
    from memctl.cli.views import cost_text
    from memctl.core.errors import MemctlError
    from memctl.models.interface import EmbeddingFailed
    from memctl.models.resolve import resolve_embedder
    from memctl.pipeline.status import index_status
    from memctl.retrieval.embed import catch_up, plan
    from memctl.retrieval.index import IndexUnavailable, fresh_index, read_only
    from memctl.retrieval.index.freshness import skipped_files

    g = globals_of(ctx)
    ws, config = g.open()
    embedder = resolve_embedder(config)
    if dry_run:
        state = index_status(ws, embedder.name if embedder is not None else None)
        document: dict[str, Any] = {"index": state, "embedding": None}
        text = (
            f"{state.path}: {plural(state.stale_files, 'file')} to index"
            if state.exists and not rebuild
            else f"{state.path}: would be built from the files"
        )
        if embedder is not None and state.exists:
            with contextlib.closing(read_only(ws)) as conn:
                todo = plan(conn, embedder.name, embedder.cost)
            document["embedding"] = todo
            text += (
                f"; {plural(todo.records, 'record')} to embed with {todo.model} "
                f"(~{todo.tokens:,} tokens, {cost_text(todo.cost)})"
            )
        emit(g, document, text)
        return
    notes: list[str] = []
    embedded = 0
    try:
        with fresh_index(
            ws,
            notes,
            rebuild=rebuild,
            wait=60.0,
            words=True,
            sweep=True,
            redactor=config.redaction.secret_check(),
        ) as (
            index,
            report,
        ):
            notes += [f"skipped {line}" for line in skipped_files(index)]
            if embedder is not None:
                try:
                    embedded = catch_up(ws, index.conn, embedder).embedded
                except EmbeddingFailed as exc:
                    raise MemctlError(f"embedding with {embedder.name} failed: {exc}") from None
                except sqlite3.Error as exc:
                    # The vectors table damaged or refusing writes: what recall reports
                    # too, and the batches stored before it stay.
                    raise MemctlError(
                        f"the search index failed while embedding ({exc}); "
                        "`memctl index --rebuild` rebuilds it"
                    ) from None
    except IndexUnavailable as exc:
        raise MemctlError(f"the search index cannot be updated: {exc}") from None
    for line in notes:
        note(g, f"index: {line}")
    state = index_status(ws)
    what = "rebuilt" if report.rebuilt else "updated"
    text = (
        f"{what} {state.path}: {report.indexed:,} of {report.files:,} files read "
        f"({report.records:,} records added, {report.renamed} renamed, {report.removed} removed); "
        f"{state.bytes:,} bytes for {state.corpus_bytes:,} bytes of text"
    )
    if embedder is not None:
        text += f"; {embedded:,} records embedded"
    emit(g, {"update": report, "index": state, "embedded": embedded}, text)
