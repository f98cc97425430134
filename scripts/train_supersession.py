"""Learn which later fact supersedes an earlier one, from bench/supersession.py's pairs,
and judge it leave-one-set-out against the rules alone.

Each wording set of bench/supersession.py is filled by its own case generator
(`make_cases`, several seeds) and written as the bench writes it (`write`): the ledger
order consolidation reads. Every candidate pair (earlier fact, later fact) of that ledger
is labelled by construction: a case's old fact then its new one is a change; anything
else (old -> distractor, old -> a control's second fact, distractor -> new, pairs across
cases) is not. A pair is a candidate when the two share a word that few facts of the
ledger hold (`pairs`), or when the rules (`stale()`) read it. Its features are generic
(`features`): no content word of any set, only word overlap with value-like tokens
masked, the one span the two differ in and the sort of its values, closed-class cue words
of either fact, what supersede.py's readers read of each (`read_slot_of`: the same
subject, the earlier value named in the later), and `stale()`'s own verdict.

Two logistic regressions (scripts/logistic.py, pure Python) are fitted on 22 sets and
scored on the 23rd: a drop model over the pairs the rules read (a veto) and a rescue model
over the others. Their thresholds are chosen on the 22 (`choose`: the veto's cut, then the
rescue's bar, each the one with the most right changes less DROP_COST a false drop, the
rules' own reading unless another does strictly better). An earlier fact is then stale
when a later candidate passes. Per set and in total, rules alone vs rules + learned, out
of fold, on the bench's own definitions read at `stale()`'s output over the whole ledger
(what consolidation and recall order by): a changed case is right when its old fact is
read stale and its new one is not; it is read when its old fact is read stale by its new
one (recall's `newest_first` orders those); a false drop is a distractor or control fact
read stale.

    python scripts/train_supersession.py [--seeds 25,1] [--cap 4000] [--drop-cost 2]
        [--ledgers FILE] [--held a,b,...] [--save model.json]
"""

from __future__ import annotations

import argparse
import json
import math
import pickle
import random
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "scripts"))

import supersession as bench  # noqa: E402
from logistic import Model, fit, score  # noqa: E402

from memctl.models.supersede import stale  # noqa: E402
from memctl.models.supersede_veto import (  # noqa: E402
    COMMON,
    NAMES,
    STOP,
    features,
    held_by,
    rarity,
    read,
)

CASES = 180
DROP_COST = 2.0  # --drop-cost: a false drop weighs this many right changes
GRID = 25  # thresholds tried, at quantiles of the scores


@dataclass
class Pair:
    earlier: int
    later: int
    values: list[float]
    label: bool


@dataclass
class Ledger:
    """One set's ledger at one seed: its facts in order, who each belongs to, the rules'
    verdict over it, and its candidate pairs."""

    name: str
    seed: int
    roles: list[tuple[int, str]]  # (case, old | new | distract | also)
    changed: dict[int, tuple[int, int]]  # case -> (old index, new index)
    keep: list[int]  # facts that must stay
    found: dict[int, int]
    pairs: list[Pair]


def pairs(texts: list[str], found: dict[int, int]) -> list[tuple[int, int, float]]:
    """(earlier, later, rarity) of the candidate pairs: the two share a word held by at
    most RARE distinct facts, or two held by at most COMMON, or the rules read the later
    replacing the earlier."""
    facts = [read(t) for t in texts]
    held = held_by(texts, facts)
    where: dict[str, list[int]] = {}
    for i, fact in enumerate(facts):
        for word in set(fact.words) - STOP:
            where.setdefault(word, []).append(i)
    shared: dict[tuple[int, int], list[int]] = {}
    for word, at in where.items():
        if held[word] > COMMON:
            continue
        for x, i in enumerate(at):
            for j in at[x + 1 :]:
                if texts[i] != texts[j]:
                    shared.setdefault((i, j), []).append(held[word])
    best = {key: tie for key, counts in shared.items() if (tie := rarity(counts)) is not None}
    for i, j in found.items():
        best.setdefault((i, j), 0.0)
    return [(i, j, r) for (i, j), r in sorted(best.items())]


def ledger(name: str, wordings: dict[str, dict[str, list[str]]], seed: int) -> Ledger:
    rng = random.Random(seed)
    cases = bench.make_cases(CASES, rng, wordings)
    with tempfile.TemporaryDirectory(prefix="memctl-train-supersession-") as scratch:
        root = Path(scratch)
        (root / "memory").mkdir()
        written = bench.write(root, cases, rng)
    order = sorted(written.lines)
    roles = [written.lines[key] for key in order]
    texts = []
    for case, role in roles:
        c = cases[case]
        if role == "old":
            texts.append(c.old)
        elif role == "new":
            texts.append(c.new or "")
        else:
            texts.append("")
    # distractors: the written text, read back by position within the case's list
    seen: dict[int, int] = {}
    for k, (case, role) in enumerate(roles):
        if role == "distract":
            n = seen.get(case, 0)
            seen[case] = n + 1
            texts[k] = cases[case].distractors[n]
    found = stale(texts)
    olds = {case: k for k, (case, role) in enumerate(roles) if role == "old"}
    news = {case: k for k, (case, role) in enumerate(roles) if role == "new"}
    changed = {case: (olds[case], news[case]) for case in news}
    keep = [k for k, (case, role) in enumerate(roles) if role == "distract" or case not in news]
    facts = [read(t) for t in texts]
    replaced_by_any = set(found)
    rows = []
    for i, j, tie in pairs(texts, found):
        ruled = found.get(i) == j
        values = features(
            facts[i],
            facts[j],
            tie,
            ruled,
            i in replaced_by_any and not ruled,
            j in replaced_by_any,
        )
        label = roles[i][0] == roles[j][0] and (roles[i][1], roles[j][1]) == ("old", "new")
        rows.append(Pair(i, j, values, label))
    return Ledger(name, seed, roles, changed, keep, found, rows)


RULED = NAMES.index("rules: the later replaces the earlier")


def verdict(
    book: Ledger, drop: list[float], cut: float, rescue: list[float], bar: float
) -> dict[int, int]:
    """The rules' reading with the pairs they read scoring under `cut` on the drop model
    taken out, and the pairs they did not read scoring `bar` or more on the rescue model
    added; each earlier fact goes to its newest later one."""
    found: dict[int, int] = {}
    for pair, kept, added in zip(book.pairs, drop, rescue, strict=True):
        if (kept >= cut if pair.values[RULED] else added >= bar) and pair.later > found.get(
            pair.earlier, -1
        ):
            found[pair.earlier] = pair.later
    return found


def tally(book: Ledger, found: dict[int, int]) -> tuple[int, int, int, int, int]:
    """(changed, right, read, must stay, dropped)."""
    right = sum(old in found and new not in found for old, new in book.changed.values())
    read_ = sum(found.get(old) == new for old, new in book.changed.values())
    return len(book.changed), right, read_, len(book.keep), sum(k in found for k in book.keep)


def _merit(
    books: list[Ledger], scored: list[tuple[list[float], list[float]]], cut: float, bar: float
) -> float:
    """The right changes less DROP_COST a false drop, over `books`."""
    total = 0.0
    for book, (drop, rescue) in zip(books, scored, strict=True):
        _, right, _, _, dropped = tally(book, verdict(book, drop, cut, rescue, bar))
        total += right - DROP_COST * dropped
    return total


def _grid(values: list[float]) -> list[float]:
    ordered = sorted(values)
    return [ordered[k * (len(ordered) - 1) // GRID] for k in range(GRID + 1)] if ordered else []


def _cut(books: list[Ledger], scored: list[tuple[list[float], list[float]]]) -> float:
    """The drop model's cut (no rescue): the one with the most right changes less
    DROP_COST a false drop on `books`; the rules' own reading (-inf) unless another does
    strictly better."""
    ruled = [
        d
        for b, (ds, _) in zip(books, scored, strict=True)
        for p, d in zip(b.pairs, ds, strict=True)
        if p.values[RULED]
    ]
    cut = -math.inf
    best = _merit(books, scored, cut, math.inf)
    for value in _grid(ruled):
        if (merit := _merit(books, scored, value, math.inf)) > best:
            best, cut = merit, value
    return cut


def choose(books: list[Ledger], drop: Model, rescue: Model) -> tuple[float, float]:
    """The drop model's cut (`_cut`), then the rescue model's bar, the one with the most
    right changes less DROP_COST a false drop on `books`; no rescue (+inf) unless another
    does strictly better."""
    scored = [
        ([score(drop, p.values) for p in b.pairs], [score(rescue, p.values) for p in b.pairs])
        for b in books
    ]
    cut, bar = _cut(books, scored), math.inf
    best = _merit(books, scored, cut, bar)
    unread = [
        r
        for b, (_, rs) in zip(books, scored, strict=True)
        for p, r in zip(b.pairs, rs, strict=True)
        if not p.values[RULED]
    ]
    for value in _grid(sorted(unread)[-len(unread) // 20 :]):
        if (merit := _merit(books, scored, cut, value)) > best:
            best, bar = merit, value
    return cut, bar


def train_veto(books: list[Ledger], cap: int, l2: float, rng: random.Random) -> tuple[Model, float]:
    """The drop model over the pairs the rules read (up to `cap` of them), and its cut."""
    ruled = [p for b in books for p in b.pairs if p.values[RULED]]
    ruled = rng.sample(ruled, min(cap, len(ruled)))
    drop = fit([p.values for p in ruled], [p.label for p in ruled], l2)
    unread = [-math.inf] * max(len(b.pairs) for b in books)  # no rescue
    scored = [([score(drop, p.values) for p in b.pairs], unread[: len(b.pairs)]) for b in books]
    return drop, _cut(books, scored)


def train(
    books: list[Ledger], cap: int, l2: float, rng: random.Random
) -> tuple[Model, float, Model, float]:
    """The drop model and its cut (over the pairs the rules read), the rescue model and
    its bar (over the others, up to `cap` rows, half of them changes)."""
    rows = [p for b in books for p in b.pairs]
    ruled = [p for p in rows if p.values[RULED]]
    ruled = rng.sample(ruled, min(cap, len(ruled)))
    drop = fit([p.values for p in ruled], [p.label for p in ruled], l2)
    changes = [p for p in rows if not p.values[RULED] and p.label]
    others = [p for p in rows if not p.values[RULED] and not p.label]
    unread = rng.sample(changes, min(len(changes), cap // 2)) + rng.sample(
        others, min(len(others), cap // 2)
    )
    rescue = fit([p.values for p in unread], [p.label for p in unread], l2)
    cut, bar = choose(books, drop, rescue)
    return drop, cut, rescue, bar


def show(label: str, counts: tuple[int, int, int, int, int]) -> str:
    changed, right, read_, keep, dropped = counts
    return (
        f"{label}: right {right}/{changed} ({right / max(1, changed):.1%}), "
        f"read {read_}/{changed}, false drops {dropped}/{keep} ({dropped / max(1, keep):.1%})"
    )


def main() -> int:
    global DROP_COST
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="25,1,2")
    parser.add_argument("--l2", type=float, default=1.0)
    parser.add_argument("--cap", type=int, default=6000, help="training rows a fold")
    parser.add_argument("--sets", default=",".join(bench.SETS))
    parser.add_argument("--drop-cost", type=float, default=DROP_COST)
    parser.add_argument("--held", help="the sets to score out of fold (default: --sets)")
    parser.add_argument("--ledgers", type=Path, help="read (or first write) the ledgers here")
    parser.add_argument(
        "--save", type=Path, help="fit the veto on every set and write it here (memctl's JSON)"
    )
    args = parser.parse_args()
    DROP_COST = args.drop_cost
    wordings = {name: getattr(bench, name.upper()) for name in bench.SETS if name != "tuned"}
    wordings["tuned"] = bench.KINDS
    chosen = [n.strip() for n in args.sets.split(",") if n.strip()]
    seeds = [int(s) for s in args.seeds.split(",")]
    start = time.perf_counter()
    if args.ledgers and args.ledgers.exists():
        books = [b for b in pickle.loads(args.ledgers.read_bytes()) if b.name in chosen]
    else:
        books = [ledger(name, wordings[name], seed) for name in chosen for seed in seeds]
        if args.ledgers:
            args.ledgers.write_bytes(pickle.dumps(books))
    print(
        f"{len(books)} ledgers, {sum(len(b.pairs) for b in books):,} candidate pairs, "
        f"{sum(p.label for b in books for p in b.pairs):,} changes "
        f"({time.perf_counter() - start:.0f} s)"
    )
    rng = random.Random(0)
    totals = {seed: {"rules": [0] * 5, "learned": [0] * 5} for seed in seeds}
    # --save alone fits on every set, with no fold scored
    held = [] if args.save and not args.held else (args.held or args.sets).split(",")
    held = [n.strip() for n in held if n.strip()]
    for name in held:
        learn = [b for b in books if b.name != name]
        drop, cut, rescue, bar = train(learn, args.cap, args.l2, rng)
        for book in (b for b in books if b.name == name):
            rules = tally(book, book.found)
            learned = tally(
                book,
                verdict(
                    book,
                    [score(drop, p.values) for p in book.pairs],
                    cut,
                    [score(rescue, p.values) for p in book.pairs],
                    bar,
                ),
            )
            for key, counts in (("rules", rules), ("learned", learned)):
                totals[book.seed][key] = [
                    t + c for t, c in zip(totals[book.seed][key], counts, strict=True)
                ]
            print(f"{name:>13} seed {book.seed:>2}  {show('rules', rules)}")
            print(f"{'':>13}          {show('learned', learned)} (cut {cut:.2f}, bar {bar:.2f})")
        sys.stdout.flush()
    for seed, both in totals.items() if held else ():
        for key, counts in both.items():
            print(f"total seed {seed:>2} {show(key, tuple(counts))}")  # type: ignore[arg-type]
    if args.save:
        drop, cut = train_veto(books, args.cap, args.l2, rng)
        saved = {"features": NAMES, "bias": drop[0], "weights": drop[1], "cut": cut}
        args.save.write_text(json.dumps(saved, indent=1) + "\n", encoding="utf-8")
        print(f"saved {args.save}: the veto fitted on {len(books)} ledgers, cut {cut:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
