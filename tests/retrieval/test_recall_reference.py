"""recall()'s top 10 equals a plain reference ranking on a generated corpus.

The reference scores every record any query term matches with FTS5's bm25 (no
candidate bound, no shortcut), takes the best `limit * CANDIDATES_A_HIT`, adds the
turns within NEIGHBOUR_REACH of the best CONTEXT_CANDIDATES of them, lends each the
best of its neighbours' scores within that reach (times NEIGHBOUR_WEIGHT), weighs in
the question's time (a "when" question: the best TIME_CANDIDATES holding a time word;
a month named: the turns dated in it) and sorts: what recall ranks by, without any
speed-up. A faster
candidate generation or scoring (issue 26, goal 3) must give the same hits and scores;
a change of ranking (weights, fields, stemming) changes both sides through recall's
own constants and query parsing.
"""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

from memctl.core.config import load_config
from memctl.core.threads import encode_entry
from memctl.core.workspace import Workspace
from memctl.retrieval.index import index_path
from memctl.retrieval.recall import (
    CANDIDATES_A_HIT,
    CONTEXT_CANDIDATES,
    DATE_WEIGHT,
    NEIGHBOUR_REACH,
    NEIGHBOUR_WEIGHT,
    SPEAKER_WEIGHT,
    TIME_CANDIDATES,
    TIME_WEIGHT,
    fts_expression,
    query_terms,
    recall,
)

NAMES = ["Maya", "Theo", "Priya", "Sam"]
_WORDS = (
    "cache deploy billing garden dog biscuit guitar lesson postgres invoice trip lisbon "
    "bakery sourdough marathon knee doctor sister wedding camera lens budget rent move "
    "kitchen paint blue green offer startup solar panel monitor climate bike commute rain "
    "tuesday tomorrow"
)
WORDS = _WORDS.split()
# The words of WORDS that say when (recall's time expressions hold them, and no other).
TIME_WORDS = {"tuesday", "tomorrow"}
TURNS = 40
LIMIT = 10


def build(root: Path, rng: random.Random) -> None:
    for number in range(30):
        pair = rng.sample(NAMES, 2)
        (root / "threads" / f"t{number:03d}.jsonl").write_bytes(
            b"".join(
                encode_entry(
                    {
                        "role": "user" if turn % 2 == 0 else "assistant",
                        "name": pair[turn % 2],
                        "content": " ".join(rng.choices(WORDS, k=rng.randint(3, 14)))
                        + (" zeppelin" if turn == 20 and number % 7 == 0 else ""),
                        "ts": f"2025-{3 + number % 3:02d}-{1 + number % 28:02d}T12:{turn:02d}:00Z",
                    }
                )
                for turn in range(TURNS)
            )
        )


def reference(root: Path, conn: sqlite3.Connection, query: str) -> list[tuple[float, str]]:
    """(score, source) of the best LIMIT records, by the plain rule."""
    rows = conn.execute(
        "SELECT r.number, f.rel, bm25(words, 1.0, ?) AS rank FROM words"
        " JOIN records r ON r.id = words.rowid JOIN files f ON f.id = r.file"
        " WHERE words MATCH ? ORDER BY rank",
        (SPEAKER_WEIGHT, fts_expression(query_terms(query))),
    ).fetchall()[: LIMIT * CANDIDATES_A_HIT]
    own = {(rel, number): -rank for number, rel, rank in rows}
    for rel, n in sorted(own, key=lambda key: -own[key])[:CONTEXT_CANDIDATES]:
        for m in range(n - NEIGHBOUR_REACH, n + NEIGHBOUR_REACH + 1):
            if 0 <= m < TURNS:
                own.setdefault((rel, m), 0.0)
    scored = {
        (rel, n): score
        + NEIGHBOUR_WEIGHT
        * max(
            own.get((rel, m), 0.0)
            for m in range(n - NEIGHBOUR_REACH, n + NEIGHBOUR_REACH + 1)
            if m != n
        )
        for (rel, n), score in own.items()
    }
    words = query.lower().split()
    if "in" in words and "april" in words:
        for rel, n in scored:
            entry = json.loads((root / rel).read_text().splitlines()[n])
            if entry["ts"].startswith("2025-04"):
                scored[(rel, n)] *= 1 + DATE_WEIGHT
    if words[0] == "when":
        for rel, n in sorted(scored, key=lambda key: -scored[key])[:TIME_CANDIDATES]:
            entry = json.loads((root / rel).read_text().splitlines()[n])
            if TIME_WORDS & set(entry["content"].split()):
                scored[(rel, n)] *= 1 + TIME_WEIGHT
    ranked = sorted(((score, f"{rel}#{n}") for (rel, n), score in scored.items()), reverse=True)
    return [(float(f"{score:.6g}"), source) for score, source in ranked[:LIMIT]]


def test_recall_ranks_as_the_plain_reference(workspace: Path) -> None:
    rng = random.Random(26)
    build(workspace, rng)
    ws, config = Workspace(workspace), load_config(workspace / "memctl.yaml")
    questions = [" ".join(rng.sample(WORDS + NAMES, rng.randint(2, 6))) for _ in range(25)]
    # Questions that ask when, or name a month (every third log is dated in April).
    questions += [f"when {question}" for question in questions[:8]]
    questions += [f"{question} in april" for question in questions[8:16]]
    # A word in five turns: their neighbours, which hold none of it, are lent a place.
    questions += ["zeppelin", "when zeppelin", "Maya zeppelin", "zeppelin in april"]
    recall(ws, config, "warm up")  # builds the index and its word table
    conn = sqlite3.connect(index_path(ws))
    try:
        for question in questions:
            got = [
                (hit.score, hit.source.split(" ")[0])
                for hit in recall(ws, config, question, LIMIT, recency=False).hits
            ]
            want = reference(workspace, conn, question)
            assert [score for score, _ in got] == [score for score, _ in want], question
            # Records of equal score may come in either order; the rest must match.
            last = want[-1][0]
            assert {s for score, s in got if score > last} == {
                s for score, s in want if score > last
            }, question
    finally:
        conn.close()
