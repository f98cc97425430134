"""Recall's cost of `by_subject` when the questions' subject is in most records.

Builds bench/recall_scale.py's workspace (`build`) with the word "redis" put into a
share of the turns (`--share`, 0.6 by default), asks 40 questions "Which redis
{version|client|...} did {Name} {word} for the {word}?" (their subject, `subject_of`,
is "redis") twice each, in one process on one index, alternately with `by_subject` and
with it replaced by the identity, and prints recall's CPU p50/p95 for each and the CPU
inside `by_subject` (review 15 #9; bench/README.md, fixleft5).

    python bench/subject_scale.py [--records 100000] [--share 0.6]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from recall_eval import DATA, parse
from recall_scale import NAMES, build
from search import WORDS

SUBJECT = "redis"
HEADS = ["version", "client", "setting", "port", "cluster", "config", "host", "plan"]


class _Holding(random.Random):
    """The bench's generator, with the subject put into a `share` of the turns."""

    def __init__(self, seed: int, share: float) -> None:
        super().__init__(seed)
        self.share = share

    def choices(self, *args: Any, **kwargs: Any) -> list[Any]:  # type: ignore[override]
        words = super().choices(*args, **kwargs)
        if self.random() < self.share:
            words.insert(self.randrange(len(words) + 1), SUBJECT)
        return words


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--share", type=float, default=0.6, help="turns holding the subject")
    args = parser.parse_args()
    from memctl.core.config import load_config
    from memctl.core.workspace import Workspace
    from memctl.retrieval import recall as module

    asked = {
        w.strip("?,.'s").lower()
        for q in parse(DATA.read_text("utf-8")).questions
        for w in q.text.split()
    }
    vocabulary = list(WORDS) + sorted(w for w in asked if len(w) > 2)
    pick = random.Random(7)
    questions = [
        f"Which {SUBJECT} {pick.choice(HEADS)} did {pick.choice(NAMES)} "
        f"{pick.choice(vocabulary)} for the {pick.choice(vocabulary)}?"
        for _ in range(40)
    ]
    real = module.by_subject
    inside: list[float] = []

    def timed(*a: Any, **k: Any) -> Any:
        started = time.process_time()
        found = real(*a, **k)
        inside.append(time.process_time() - started)
        return found

    def identity(conn: Any, terms: Any, subject: Any, found: Any, *a: Any, **k: Any) -> Any:
        return found

    spent: dict[str, list[float]] = {"with": [], "without": []}
    with tempfile.TemporaryDirectory(prefix="memctl-bench-subject-scale-") as scratch:
        root = Path(scratch) / "ws"
        build(root, args.records, _Holding(26, args.share), vocabulary)
        ws = Workspace(root, "UTC")
        config = load_config(root / "memctl.yaml")
        module.recall(ws, config, "warm up")
        for question in questions * 2:
            for mode, ranker in (("with", timed), ("without", identity)):
                module.by_subject = ranker  # type: ignore[assignment]
                started = time.process_time()
                module.recall(ws, config, question)
                spent[mode].append(time.process_time() - started)
        module.by_subject = real
    print(f"{args.records:,} records, {SUBJECT!r} in {args.share:.0%} of the turns")
    for mode, values in spent.items():
        print(
            f"{mode} by_subject: CPU p50 {statistics.median(values) * 1000:.1f} ms, "
            f"p95 {_p95(values):.1f} ms"
        )
    print(
        f"inside by_subject: CPU p50 {statistics.median(inside) * 1000:.1f} ms, "
        f"p95 {_p95(inside):.1f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
