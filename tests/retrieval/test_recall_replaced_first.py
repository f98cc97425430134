"""recall's `_replaced_first` (review 16 #10): a change told in other words than the
question ("no longer uses Koha" for "which catalogue software does it use?") that only
the question's subject brings into the pool (`_newer_of_subject`, which reads values
and finds none in it) is put directly above the fact it replaced, as consolidation
reads the pair (`supersede.stale`). Without `_replaced_first` it is not returned at
all. Ledgers and sentences written for this test."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from memctl.core.workspace import Workspace
from memctl.models.supersede import stale
from memctl.retrieval.recall import (
    Candidate,
    RecallHit,
    Subject,
    named_terms,
    newest_first,
    query_terms,
)

QUESTION = "Which catalogue software does the Harrow library use?"
OLDER = "Noted: the Harrow library uses Koha for its catalogue software."
NEWER = "The Harrow library no longer uses Koha."
# How rare each of the question's terms is in the index (idf): the name the rarest.
RARITY = {"harrow": 3.0, "catalogue": 2.2, "library": 1.8, "software": 1.5, "use": 1.0}


def _item(
    root: Path, record: int, rel: str, text: str, score: float
) -> tuple[RecallHit, Candidate, str]:
    (root / rel).parent.mkdir(parents=True, exist_ok=True)
    (root / rel).write_text(f"- {text}\n", encoding="utf-8")
    stamp = datetime.fromisoformat(rel[-13:-3]).timestamp()
    hit = RecallHit("memory", rel, 1, None, None, f"{rel}:1", score, None, text)
    candidate = Candidate(record, score, rel, "memory", 1, 0, 0, stamp, 0, 0, 0)
    return hit, candidate, f"- {text}"


def test_a_change_the_subject_brings_lands_directly_above_the_fact_it_replaced(
    tmp_path: Path,
) -> None:
    assert stale([OLDER, NEWER]) == {0: 1}
    older = _item(tmp_path, 0, "memory/2026-02-02.md", OLDER, 1.0)
    newer = _item(tmp_path, 1, "memory/2026-02-09.md", NEWER, 0.0)
    other = _item(tmp_path, 2, "memory/2026-02-05.md", "The Harrow library opens at nine.", 0.5)
    asked = frozenset(query_terms(QUESTION))
    texts = {0: OLDER, 1: NEWER, 2: other[2]}

    def matched(records: list[int]) -> dict[int, frozenset[str]]:
        return {r: asked & frozenset(query_terms(texts[r])) for r in records}

    subject = Subject(
        about=lambda term: [older, newer, other] if term == "harrow" else [],
        rarity=lambda terms: {t: RARITY[t] for t in terms if t in RARITY},
        asked=asked,
        named=named_terms(QUESTION),
    )
    found = [older, other]  # what BM25 ranked: the change is not among them
    ranked = newest_first(
        Workspace(tmp_path), found, lambda c: c.ts or 0.0, 10, None, matched, subject
    )
    assert [text for _, _, text in ranked] == [f"- {NEWER}", f"- {OLDER}", other[2]]
    assert ranked[0][0].score == 1.0  # it takes the rank of what it replaced
