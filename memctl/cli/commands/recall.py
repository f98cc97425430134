"""recall."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from memctl.cli.core import app, choices, command, globals_of
from memctl.cli.output import emit, note


@command(app, "recall", short_help="The records that best answer a question.")
def recall_command(
    ctx: typer.Context,
    query: Annotated[str, typer.Argument(help="A question or keywords, in any words.")],
    limit: Annotated[int, typer.Option("--limit", "-n", help="At most N hits (1-100).")] = 10,
    scope: Annotated[
        str,
        typer.Option(
            "--scope",
            "-s",
            help="Where to look: everywhere, MEMORY.md and the ledgers, or the thread logs.",
            **choices("all", "memory", "threads"),
        ),
    ] = "all",
    no_recency: Annotated[
        bool, typer.Option("--no-recency", help="Rank by relevance alone, not also by age.")
    ] = False,
    explain: Annotated[
        bool,
        typer.Option(
            "--explain",
            help="Under each hit, the terms and fields (text, speaker) that matched, their "
            "weights, a neighbour turn's and the session's share and the recency factor; "
            "fused with the semantic leg, each leg's rank and the RRF arithmetic.",
        ),
    ] = False,
) -> None:
    """The records that best answer QUERY, best first (BM25, fused with the offline
    semantic leg when memctl[semantic] is installed, or with memory.embedding_model's
    embeddings), from MEMORY.md, the ledgers and the thread logs.

    Unlike search, the words need not all be there nor in order; a few newer records
    get a small boost. Snippets are redacted. A fact `memctl forget` forgot is left out:
    a record stating it, and the thread turn it was taken from (as `explain` shows it).
    Exit 0 with hits (one that holds only a word the thesaurus relates to a word asked,
    "hatchback" for "car", is a hit), 1 with none, 2 on an empty query.

    Example: memctl recall "which database did we pick for billing?"
    """
    from memctl.models.resolve import resolve_embedder
    from memctl.retrieval.recall import recall, said_before

    g = globals_of(ctx)
    ws, config = g.open()
    embedder = resolve_embedder(config)
    result = recall(
        ws,
        config,
        query,
        limit,
        scope,
        recency=not no_recency,
        embedder=embedder,
        explain=explain,
        progress=lambda line: note(g, f"recall: {line}"),
    )
    for line in result.notes:
        note(g, f"recall: {line}")
    emit(
        g,
        result.document(),
        lambda: "\n".join(
            f"{hit.label} ({hit.when}) {hit.snippet}{said_before(hit)}" + _explained(hit.explain)
            for hit in result.hits
        ),
    )
    if not result.hits:
        raise typer.Exit(1)


def _explained(explain: dict[str, Any] | None) -> str:
    """The indented lines `--explain` prints under a hit; nothing without it. A hybrid's
    second line is the fusion's arithmetic, so that its score can be worked out from
    what is shown: each leg's rank and score, its part (weighted: its score scaled by
    the leg's spread x its share; RRF: share / (k + rank)), their sum x the kind of answer's factor
    (when not 1) x recency."""
    if explain is None:
        return ""
    matches = ", ".join(f"{m['term']}@{m['field']} {m['weight']:.4g}" for m in explain["matched"])
    lexical = (
        f"\n    matched: {matches or '(none)'}; bm25 {explain['bm25']:.4g}"
        f" + neighbour {explain['neighbour']:.4g}, x time {explain['time']:.4g}"
    )
    placed = explain.get("placed")
    moved = (
        "" if placed is None else f"\n    placed newest first: the score of its place, {placed:.4g}"
    )
    fusion = explain.get("fusion")
    if fusion is None:
        return (
            f"{lexical} + session {explain['session']:.4g}"
            f" x recency {explain['recency']:.4g} = score {explain['score']:.4g}{moved}"
        )
    bm25, semantic = fusion["bm25"], fusion["semantic"]
    lexical += f" = {bm25['score']:.4g}"
    if semantic["rank"] is None:
        meaning = "semantic not ranked"
    else:
        meaning = f"semantic #{semantic['rank']} cosine {semantic['cosine']:.4g}"
        if semantic["session"]:
            meaning += f" + session {semantic['session']:.4g}"
        if semantic["neighbour"]:
            meaning += f" + neighbour {semantic['neighbour']:.4g}"
    named = f"bm25 #{bm25['rank']} {bm25['score']:.4g}" if bm25["rank"] else "bm25 not ranked"
    k = fusion["k"]
    shown = []
    for name, leg in ((named, bm25), (meaning, semantic)):
        if leg["rank"] is None:
            shown.append(f"{name}: 0")
        elif leg["scaled"] is not None:  # weighted: the leg's score, scaled
            shown.append(
                f"{name}: scaled {leg['scaled']:.4g} x {leg['share']:.4g} = {leg['part']:.4g}"
            )
        else:
            shown.append(f"{name}: {leg['share']:.4g}/({k}+{leg['rank']}) = {leg['part']:.4g}")
    how = fusion["method"] if k is None else f"{fusion['method']}, k {k}"
    fused = f" = {fusion['fused']:.4g}"
    answer = "" if fusion["answer"] == 1 else f" x answer {fusion['answer']:.4g}"
    return (
        f"{lexical}\n    fusion ({how}): {' + '.join(shown)}{fused}{answer}"
        f" x recency {explain['recency']:.4g} = score {explain['score']:.4g}{moved}"
    )
