"""Why recall ranks a stale value above the current one: bench/supersession.py's recall
misses, each put in one class by where `_newer_of_subject` lost it.

For each set and seed it builds supersession.py's workspace (the same cases, ledgers and
questions) and replays its recall queries in-process with `_newer_of_subject`, `_answers`
and `_put_above` (memctl.retrieval.recall) wrapped to see what they were given. A miss
(the stale fact ranked above the current one, or found without it) is:

- "current not in pool": the current fact is not among the facts `_newer_of_subject`
  orders (the hits and the subject's facts it brings in): a retrieval miss;
- "stale not taken as the subject's hit": the stale fact was never asked for its values
  (it lacks the subject's rarest named term, or is past SUBJECT_HITS);
- "stale hit: no value read": asked, it showed none (`_answers` None);
- "in pool, not taken as newer": the current fact was looked at, and no rule took it for
  a later value of the hit;
- "in pool, chosen, still below": it was put above the hit, and is below it in the end;
- "no subject pass": `_newer_of_subject` did not run.

Its stale-first and "current not found" counts are the bench's "stale ranks above
current" and "current value not found" lines (the same `recall()` on the same
workspace). `--show` prints each miss.

    python bench/supersession_misses.py [--sets a,b] [--seeds 25,1,7] [--show]
"""

from __future__ import annotations

import argparse
import random
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import supersession as bench


def classify(name: str, seed: int, show: bool) -> Counter[str]:
    """The misses of one set at one seed, by class (and "queries")."""
    import memctl.retrieval.recall as recall_module
    from memctl.core.config import load_config
    from memctl.core.workspace import Workspace, init_workspace

    wordings = getattr(bench, "KINDS" if name == "tuned" else name.upper())
    rng = random.Random(seed)
    cases = bench.make_cases(180, rng, wordings)
    counts: Counter[str] = Counter()
    seen: dict[str, Any] = {}
    newer_of_subject = recall_module._newer_of_subject
    answers = recall_module._answers
    put_above = recall_module._put_above

    def wrapped_newer(pool: list[Any], *args: Any) -> Any:
        seen["pool"] = pool
        return newer_of_subject(pool, *args)

    def wrapped_answers(text: str, *args: Any) -> Any:
        read = answers(text, *args)
        seen.setdefault("answers", {})[text] = read
        return read

    def wrapped_put(pool: list[Any], ranked: list[int], hit: int, newer: Any, said: Any) -> None:
        seen.setdefault("put", {})[pool[hit][2]] = [pool[j][2] for *_, j in newer]
        put_above(pool, ranked, hit, newer, said)

    with tempfile.TemporaryDirectory(prefix="memctl-bench-misses-") as scratch:
        root = Path(scratch) / "ws"
        init_workspace(root)
        (root / "memctl.yaml").write_text("timezone: UTC\n", encoding="utf-8")
        written = bench.write(root, cases, rng)
        ws = Workspace(root, "UTC")
        config = load_config(root / "memctl.yaml")
        recall_module._newer_of_subject = wrapped_newer  # type: ignore[assignment]
        recall_module._answers = wrapped_answers  # type: ignore[assignment]
        recall_module._put_above = wrapped_put  # type: ignore[assignment]
        try:
            for index, case in enumerate(cases):
                if case.new is None:
                    continue
                seen.clear()
                counts["queries"] += 1
                hits = recall_module.recall(ws, config, case.question, 10, "all").hits
                ranks: dict[str, int] = {}
                for rank, hit in reversed(list(enumerate(hits))):
                    of, role = written.lines.get((hit.path, hit.line or 0), (None, ""))
                    if of == index:
                        ranks[role] = rank
                old, new = ranks.get("old"), ranks.get("new")
                counts["current not found"] += new is None
                if old is None or (new is not None and new < old):
                    continue
                kind = _kind(seen, case.old, case.new)
                counts[kind] += 1
                if show:
                    print(f"  [{kind}] {case.question!r}: {case.old!r} -> {case.new!r}")
        finally:
            recall_module._newer_of_subject = newer_of_subject
            recall_module._answers = answers
            recall_module._put_above = put_above
    return counts


def _kind(seen: dict[str, Any], old: str, new: str) -> str:
    pool = seen.get("pool")
    if pool is None:
        return "no subject pass"
    texts = [text for *_, text in pool]
    stale = next((text for text in texts if old in text), None)
    current = next((text for text in texts if new in text), None)
    answers = seen.get("answers", {})
    if current is None:
        return "current not in pool"
    if stale not in answers:
        return "stale not taken as the subject's hit"
    if answers[stale] is None:
        return "stale hit: no value read"
    if current in seen.get("put", {}).get(stale, []):
        return "in pool, chosen, still below"
    return "in pool, not taken as newer"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default=",".join(bench.SETS))
    parser.add_argument("--seeds", default="25,1,7")
    parser.add_argument("--show", action="store_true", help="print each miss")
    args = parser.parse_args()
    sets = [name.strip() for name in args.sets.split(",") if name.strip()]
    if not sets or any(name not in bench.SETS for name in sets):
        parser.error(f"--sets: choose from {', '.join(bench.SETS)}")
    total: Counter[str] = Counter()
    for seed in (int(s) for s in args.seeds.split(",")):
        for name in sets:
            counts = classify(name, seed, args.show)
            total.update(counts)
            shown = ("queries", "current not found")
            classes = ", ".join(f"{k}: {v}" for k, v in sorted(counts.items()) if k not in shown)
            misses = sum(v for k, v in counts.items() if k not in shown)
            print(
                f"{name} seed {seed}: stale-first {misses}/{counts['queries']}, current not "
                f"found {counts['current not found']}  {classes}"
            )
    print("all:", ", ".join(f"{k}: {v}" for k, v in sorted(total.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
