"""Fit a keep/drop score over builtin's candidate facts, and validate it out of fold.

Every candidate bullet on the DEV conversations of the held-out benchmark is labelled by
the bench's own matcher (`bench/fidelity.py`'s `overlap`: it matches a gold fact of its
session, or not) and described by generic features only (no content word of the data):
what the rules kept and what they dropped (a statement of three words or more), each
seen through `memctl.models.facts.extract`'s `judge`. Two logistic regressions (L2,
batch gradient descent on standardised features, pure Python) are fitted: one to drop
what the rules kept, one to rescue what they dropped. Each dev conversation is scored by
models fitted on the others, with thresholds chosen on those others (the drop loses at
most `--loss` covered gold facts there; what is rescued matches gold at `--rescue` or
better there). The score ships only if, out of fold, it beats the rules' precision at
equal or better recall: the last line says whether it does (bench/README.md, "a learned
keep/drop score").

Dev: h1-h6 (bench/data/heldout_conversations.txt) and k1, k2
(bench/data/heldout3_conversations.txt). k3-k5 are the test half: never read here.

    python scripts/train_fact_scorer.py [--l2 10] [--loss 0] [--rescue 0.75]
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from fidelity import HeldOut, overlap, parse_conversations  # noqa: E402

from memctl.models.builtin import is_own_reply  # noqa: E402
from memctl.models.facts import Context, extract  # noqa: E402

DEV = {
    "heldout_conversations.txt": ["h1", "h2", "h3", "h4", "h5", "h6"],
    "heldout3_conversations.txt": ["k1", "k2"],
}
STEPS = 400
RATE = 0.3


_WORD = re.compile(r"[A-Za-z][\w'’-]*|\d[\d,.:]*")
_FIRST = re.compile(r"^(?:i|i'm|im|i've|ive|i'll|i'd|me|my|we|we're|we've|our)\b", re.I)
_YOU = re.compile(r"\b(?:you|you're|youre|you've|you'll|your|yours|u|ur)\b", re.I)
_BARE = re.compile(r"^(?:he|she|they|it|that|this|there)\b", re.I)
_DIGIT = re.compile(r"\d")
_DATE = re.compile(r"\b\d{4}-\d\d-\d\d\b")
_CAPITAL = re.compile(r"(?<=[a-z,;]\s)[A-Z][a-z]+")
_POSSESSIVE = re.compile(r"\b(?:my|our|his|her|their)\b|\w['’]s\b", re.I)
_PAST = re.compile(r"\b(?:was|were|had|did|went|got|made|took|said|came)\b|\b\w{3,}ed\b", re.I)
_FUTURE = re.compile(
    r"\b(?:will|gonna|going to|plan(?:ning)? to|want to|wanna|hope to|next|tomorrow)\b"
    r"|['’]ll\b",
    re.I,
)
_MODAL = re.compile(r"\b(?:would|could|should|might|may|must|can)\b", re.I)
_HEDGE = re.compile(
    r"\b(?:maybe|probably|perhaps|kinda|kind of|sort of|i think|i guess|i feel|i suppose|"
    r"seems|apparently|like|basically|honestly|literally|actually|just)\b",
    re.I,
)
# A closed list of reaction and evaluation words: how something was taken, not what.
_REACTION = re.compile(
    r"\b(?:great|awesome|cool|amazing|nice|love|lovely|fun|funny|crazy|wow|sad|happy|glad|"
    r"excited|sorry|congrats|congratulations|cute|wild|insane|ugh|yay|lol|haha|omg|damn|"
    r"terrible|awful|beautiful|perfect|best|worst|hate|stressed|tired|proud|jealous)\b",
    re.I,
)
_NEGATION = re.compile(r"\b(?:not|never|no|nothing|nobody)\b|n['’]?t\b", re.I)
_RELATION = re.compile(
    r"\b(?:mom|mum|dad|mother|father|sister|brother|wife|husband|son|daughter|kids?|"
    r"parents?|grandma|grandpa|aunt|uncle|cousin|niece|nephew|partner|boyfriend|"
    r"girlfriend|boss|friend|neighbou?r|roommate|baby|dog|cat)\b",
    re.I,
)
_FUNCTION = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "but",
        "if",
        "of",
        "to",
        "in",
        "on",
        "at",
        "for",
        "with",
        "from",
        "by",
        "as",
        "so",
        "too",
        "very",
        "just",
        "really",
        "also",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "am",
        "has",
        "have",
        "had",
        "do",
        "does",
        "did",
        "will",
        "would",
        "can",
        "could",
        "should",
        "it",
        "its",
        "this",
        "that",
        "these",
        "those",
        "i",
        "me",
        "my",
        "you",
        "your",
        "he",
        "him",
        "his",
        "she",
        "her",
        "we",
        "us",
        "our",
        "they",
        "them",
        "their",
        "what",
        "when",
        "where",
        "who",
        "how",
        "which",
        "not",
        "no",
        "yes",
        "oh",
        "lol",
        "haha",
        "like",
        "get",
        "got",
    ]
)
_SHOUTED = re.compile(r"\b[A-Z]{3,}\b")


def features(said: str, bullet: str, context: Context) -> list[float]:
    """Generic features of a candidate (see `NAMES`): no content word of any
    conversation. `said` is the sentence as the speaker wrote it (fillers cleaned),
    `bullet` the fact written from it."""
    words = _WORD.findall(said)
    lowered = [word.casefold() for word in words]
    return [
        math.log1p(len(words)),
        math.log1p(len(_WORD.findall(bullet))),
        len(bullet) / max(1, len(said)),
        float(bool(_FIRST.match(said))),
        float(bool(_YOU.search(said))),
        float(bool(_BARE.match(said))),
        float(bool(_DIGIT.search(said))),
        float(bool(_DATE.search(bullet))),
        float(bool(_CAPITAL.search(said))),
        float(bool(_POSSESSIVE.search(said))),
        float(bool(_PAST.search(said))),
        float(bool(_FUTURE.search(said))),
        float(bool(_MODAL.search(said))),
        float(bool(_HEDGE.search(said))),
        float(bool(_REACTION.search(said))),
        float("!" in said),
        float(bool(_NEGATION.search(said))),
        float(bool(_RELATION.search(said))),
        float(bool(_SHOUTED.search(said))),
        sum(word in _FUNCTION for word in lowered) / max(1, len(words)),
        context.position,
        float(context.answers),
        float(context.index == 0),
        math.log1p(context.sentences),
        math.log1p(len(_WORD.findall(context.message))),
        float(context.chat),
        float(bool(_REACTION.search(context.reply)) or "!" in context.reply),
        float("?" in context.reply),
        context.fresh,
        context.repeated,
        math.log1p(len(_CAPITAL.findall(said))),
    ]


NAMES = (
    "log words said",
    "log words in the bullet",
    "bullet / said, chars",
    "first person opens",
    "addresses the listener",
    "bare he/she/they/it opens",
    "a digit",
    "a resolved date",
    "a capitalised name inside",
    "a possessive",
    "a past",
    "a future or plan",
    "a modal",
    "a hedge",
    "a reaction word",
    "an exclamation",
    "a negation",
    "a relation or pet",
    "a shouted word",
    "share of function words",
    "place in the session",
    "answers a question",
    "first sentence of its message",
    "log sentences in the message",
    "log words in the message",
    "chat's lower case",
    "the reply reacts",
    "the reply asks",
    "share of fresh words",
    "share of words already in memory",
    "log capitalised names inside",
)


@dataclass
class Row:
    """One candidate bullet: its conversation, session, features, label and the gold
    facts of its session it matches (for recall)."""

    conv: str
    session: int
    values: list[float]
    label: bool
    covers: set[int]
    ruled: bool


def record(
    seen: dict[str, tuple[list[float], bool]], said: str, bullet: str, where: Context
) -> bool:
    """`extract`'s judge while training: note every candidate, keep what the rules keep."""
    seen.setdefault(bullet, (features(said, bullet, where), where.ruled))
    return where.ruled


def rows_of(conv: HeldOut) -> tuple[list[Row], dict[int, int]]:
    """The candidates of one conversation, flushed session by session with what the
    sessions before wrote as known (as the bench's flush does), and the gold facts a
    session holds."""
    names = {name.casefold() for name in conv.speakers()}
    first = conv.speakers()[0]
    known: list[str] = []
    rows: list[Row] = []
    golds: dict[int, int] = {}
    for number, session in enumerate(conv.sessions):
        start = datetime(session.day.year, session.day.month, session.day.day, 9, tzinfo=UTC)
        items = [
            {
                "role": "user" if speaker == first else "assistant",
                "name": speaker,
                "text": text,
                "ts": (start + timedelta(minutes=turn)).isoformat(),
            }
            for turn, (speaker, text) in enumerate(session.turns)
        ]
        seen: dict[str, tuple[list[float], bool]] = {}
        bullets = extract(items, known, is_own_reply, None, partial(record, seen))
        known += bullets
        golds[number] = len(session.facts)
        dropped = [bullet for bullet, (_, ruled) in seen.items() if not ruled]
        for bullet in bullets + dropped:
            covers = {
                index for index, fact in enumerate(session.facts) if overlap(bullet, fact, names)[1]
            }
            values, ruled = seen[bullet]
            rows.append(Row(conv.id, number, values, bool(covers), covers, ruled))
    return rows, golds


def fit(rows: list[Row], l2: float) -> tuple[float, list[float]]:
    """Logistic regression on standardised features; the weights returned apply to the
    raw features (the standardisation folded in)."""
    width = len(rows[0].values)
    mean = [sum(r.values[j] for r in rows) / len(rows) for j in range(width)]
    std = [
        math.sqrt(sum((r.values[j] - mean[j]) ** 2 for r in rows) / len(rows)) or 1.0
        for j in range(width)
    ]
    xs = [[(r.values[j] - mean[j]) / std[j] for j in range(width)] for r in rows]
    ys = [1.0 if r.label else 0.0 for r in rows]
    w = [0.0] * width
    b = 0.0
    n = len(rows)
    for _ in range(STEPS):
        gw = [l2 * wj / n for wj in w]
        gb = 0.0
        for x, y in zip(xs, ys, strict=True):
            z = b + sum(wj * xj for wj, xj in zip(w, x, strict=True))
            err = 1 / (1 + math.exp(-z)) - y
            gb += err / n
            for j in range(width):
                gw[j] += err * x[j] / n
        b -= RATE * gb
        w = [wj - RATE * g for wj, g in zip(w, gw, strict=True)]
    raw = [w[j] / std[j] for j in range(width)]
    return b - sum(raw[j] * mean[j] for j in range(width)), raw


def score(model: tuple[float, list[float]], values: list[float]) -> float:
    bias, weights = model
    return bias + sum(w * v for w, v in zip(weights, values, strict=True))


def tally(rows: list[Row], kept: list[bool], golds: int) -> tuple[int, int, int, int]:
    """(matched, bullets, covered, gold facts) of the kept rows."""
    covered = {
        (r.conv, r.session, i) for r, k in zip(rows, kept, strict=True) if k for i in r.covers
    }
    matched = sum(r.label for r, k in zip(rows, kept, strict=True) if k)
    return matched, sum(kept), len(covered), golds


def threshold(rows: list[Row], scores: list[float], golds: int, loss: int) -> float:
    """The highest threshold at which the rows lose at most `loss` covered gold facts."""
    base = tally(rows, [True] * len(rows), golds)[2]
    best = -math.inf
    for t in sorted(set(scores)):
        if tally(rows, [s >= t for s in scores], golds)[2] >= base - loss:
            best = t
        else:
            break
    return best


def rescue_threshold(rows: list[Row], scores: list[float], wanted: float) -> float:
    """The lowest threshold above which the dropped rows match a gold fact at the rate
    `wanted` or better (so that what is rescued does not lower precision), or +inf."""
    best = math.inf
    matched = 0
    ordered = sorted(zip(scores, (r.label for r in rows), strict=True), reverse=True)
    for count, (value, label) in enumerate(ordered, 1):
        matched += label
        if count >= 3 and matched / count >= wanted:
            best = value
    return best


Model = tuple[float, list[float]]


def train(
    rows: list[Row], golds: int, loss: int, wanted: float, l2: float
) -> tuple[Model, float, Model, float]:
    """The drop model and threshold (on what the rules kept), the rescue model and
    threshold (on what they dropped)."""
    kept = [r for r in rows if r.ruled]
    dropped = [r for r in rows if not r.ruled]
    drop = fit(kept, l2)
    cut = threshold(kept, [score(drop, r.values) for r in kept], golds, loss)
    rescue = fit(dropped, l2)
    bar = rescue_threshold(dropped, [score(rescue, r.values) for r in dropped], wanted)
    return drop, cut, rescue, bar


def decide(row: Row, drop: Model, cut: float, rescue: Model, bar: float) -> bool:
    if row.ruled:
        return score(drop, row.values) >= cut
    return score(rescue, row.values) >= bar


def show(label: str, counts: tuple[int, int, int, int]) -> None:
    m, b, c, g = counts
    print(f"{label}: precision {m}/{b} ({m / max(1, b):.1%}), recall {c}/{g} ({c / g:.1%})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--l2", type=float, default=10.0, help="the L2 penalty")
    parser.add_argument("--loss", type=int, default=0, help="gold facts the drop may lose")
    parser.add_argument(
        "--rescue", type=float, default=0.75, help="precision a rescued share must have"
    )
    parser.add_argument("--no-drop", action="store_true", help="keep all the rules keep")
    parser.add_argument("--no-rescue", action="store_true", help="rescue nothing")
    args = parser.parse_args()
    convs: list[tuple[list[Row], int]] = []
    for name, ids in DEV.items():
        for conv in parse_conversations((ROOT / "bench" / "data" / name).read_text("utf-8")):
            if conv.id in ids:
                rows, per_session = rows_of(conv)
                convs.append((rows, sum(per_session.values())))
    every = [r for rows, _ in convs for r in rows]
    total = sum(g for _, g in convs)
    ruled = [r.ruled for r in every]
    print(
        f"dev candidates: {sum(ruled)} kept by the rules ({sum(r.label for r in every if r.ruled)}"
        f" match a gold fact), {len(every) - sum(ruled)} dropped by them "
        f"({sum(r.label for r in every if not r.ruled)} match)"
    )
    oof: list[bool] = []
    curve: list[tuple[float, Row]] = []
    for held, (rows, golds) in enumerate(convs):
        others = [r for i, (rs, _) in enumerate(convs) if i != held for r in rs]
        others_golds = sum(g for i, (_, g) in enumerate(convs) if i != held)
        drop, cut, rescue, bar = train(others, others_golds, args.loss, args.rescue, args.l2)
        if args.no_drop:
            cut = -math.inf
        if args.no_rescue:
            bar = math.inf
        kept = [decide(r, drop, cut, rescue, bar) for r in rows]
        curve += [(score(drop if r.ruled else rescue, r.values), r) for r in rows]
        oof += kept
        before = tally(rows, [r.ruled for r in rows], golds)
        after = tally(rows, kept, golds)
        print(
            f"  {rows[0].conv}: rules {before[0]}/{before[1]} recall {before[2]}/{golds}"
            f" -> {after[0]}/{after[1]} recall {after[2]}/{golds}"
        )
    show("rules", tally(every, ruled, total))
    for side in (True, False):
        pairs = sorted((value, r.label) for value, r in curve if r.ruled is side)
        positives = sum(label for _, label in pairs)
        ranks = sum(i for i, (_, label) in enumerate(pairs, 1) if label)
        auc = (ranks - positives * (positives + 1) / 2) / max(
            1, positives * (len(pairs) - positives)
        )
        print(f"out-of-fold AUC, {'drop' if side else 'rescue'} model: {auc:.3f}")
    for t in (-1.5, -1.0, -0.5, 0.0, 0.5):
        kept = [(r.ruled and v >= t) for v, r in curve]
        show(
            f"  one drop threshold {t:+.1f} for all folds",
            tally([r for _, r in curve], kept, total),
        )
    show("rules + score, out of fold", tally(every, oof, total))
    drop, cut, rescue, bar = train(every, total, args.loss, args.rescue, args.l2)
    if args.no_drop:
        cut = -math.inf
    if args.no_rescue:
        bar = math.inf
    show(
        "rules + score, in sample",
        tally(every, [decide(r, drop, cut, rescue, bar) for r in every], total),
    )
    for label, model, at in (("drop", drop, cut), ("rescue", rescue, bar)):
        print(f"{label}: bias {model[0]:+.3f}, threshold {at:+.3f}")
        for name, weight in sorted(zip(NAMES, model[1], strict=True), key=lambda p: -abs(p[1])):
            print(f"  {weight:+.3f}  {name}")
    rules, scored = tally(every, ruled, total), tally(every, oof, total)
    beats = scored[2] >= rules[2] and scored[0] * rules[1] > rules[0] * scored[1]
    print(f"ship: {'yes' if beats else 'no'} (out of fold, precision up at equal or better recall)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
