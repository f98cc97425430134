"""Fit a keep/drop score over builtin's candidate facts, and validate it leave-one-set-out.

Every held-out set (bench/data/heldout_conversations.txt, heldout3..heldoutN: all of them
dev data now) is flushed session by session as `bench/fidelity.py --conversations` flushes
it, and every candidate bullet is seen through `memctl.models.facts.facts_told`'s
`judge`: what the rules kept and what they dropped (a statement of three words or more).
Each is labelled by the bench's own matcher (`overlap`: it matches a gold fact of its
session, or not) and described by generic features only, no content word of any
conversation (`features`): the 31 of the first attempt (bench/README.md, "seventh pass:
a learned keep/drop score"), its shape (clauses, the bullet's share of the sentence,
punctuation) and which English closed-class words (`CLOSED`) it says and opens on. The
flush budget (`memctl.models.salience.within_budget`) is simulated exactly from each
candidate's rank, so the counts are the bench's: precision, recall and the bullets' share
of the conversation (the bench's ledger less its block headings).

Two logistic regressions are fitted (L2, Newton steps, numpy: the `semantic` extra
brings it): a drop model on what the rules kept, a rescue model on what they dropped.
Each set is scored by models fitted on the other sets, with thresholds chosen on those
others: the drop at each `--points` (the share of recall it may lose there, after the
budget), the rescue where what it rescues matches gold at `--rescue` or better there.
Beside them, the rules' own way to trade recall for precision (the budget's room times
`--scales`) and the score ranking the budget in place of salience. The score would ship
only where, out of fold, it beats the rules with a tighter budget at equal recall
(bench/README.md, "a learned keep/drop score, judged leave-one-set-out": it does not).

    python scripts/train_fact_scorer.py [--cache FILE] [--l2 100] [--points 0.005,0.02,0.04]
        [--scales 0.9,0.8] [--features generic|all] [--salience] [--scope budget|everywhere]
"""

from __future__ import annotations

import argparse
import math
import pickle
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from benchlib import chat_turn, user_of  # noqa: E402
from fidelity import HeldOut, overlap, parse_conversations  # noqa: E402

from memctl.models.builtin import is_own_reply  # noqa: E402
from memctl.models.facts import Context  # noqa: E402

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


def _generic(said: str, bullet: str, context: Context) -> list[float]:
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


GENERIC_NAMES = (
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


# English closed-class words: pronouns, determiners, prepositions, conjunctions,
# auxiliaries, discourse markers and interjections. A fixed list of the language, not
# words of any conversation; each is a feature (said anywhere in the sentence, and
# opening it), so the score reads how a sentence is built, never what it is about.
_CLOSED_LIST = tuple(
    [
        "i",
        "me",
        "my",
        "mine",
        "myself",
        "we",
        "us",
        "our",
        "ours",
        "you",
        "your",
        "yours",
        "he",
        "him",
        "his",
        "she",
        "her",
        "hers",
        "they",
        "them",
        "their",
        "it",
        "its",
        "this",
        "that",
        "these",
        "those",
        "there",
        "here",
        "who",
        "whom",
        "whose",
        "which",
        "what",
        "when",
        "where",
        "why",
        "how",
        "someone",
        "something",
        "anyone",
        "anything",
        "everyone",
        "everything",
        "nobody",
        "nothing",
        "one",
        "a",
        "an",
        "the",
        "some",
        "any",
        "no",
        "every",
        "each",
        "all",
        "both",
        "either",
        "neither",
        "another",
        "other",
        "such",
        "of",
        "to",
        "in",
        "on",
        "at",
        "for",
        "with",
        "from",
        "by",
        "about",
        "into",
        "over",
        "after",
        "before",
        "since",
        "until",
        "during",
        "without",
        "through",
        "under",
        "between",
        "against",
        "around",
        "near",
        "than",
        "like",
        "as",
        "and",
        "or",
        "but",
        "so",
        "because",
        "if",
        "though",
        "although",
        "while",
        "unless",
        "whether",
        "then",
        "also",
        "too",
        "either",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
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
        "might",
        "must",
        "may",
        "shall",
        "gonna",
        "wanna",
        "gotta",
        "not",
        "never",
        "just",
        "really",
        "very",
        "quite",
        "still",
        "already",
        "even",
        "only",
        "again",
        "ever",
        "oh",
        "ah",
        "aw",
        "ooh",
        "wow",
        "ugh",
        "yay",
        "hmm",
        "huh",
        "um",
        "uh",
        "lol",
        "haha",
        "omg",
        "ok",
        "okay",
        "yeah",
        "yep",
        "yes",
        "nope",
        "no",
        "well",
        "anyway",
        "anyways",
        "actually",
        "basically",
        "honestly",
        "literally",
        "totally",
        "maybe",
        "probably",
        "perhaps",
        "btw",
        "right",
        "sure",
        "hey",
        "hi",
        "thanks",
        "please",
        "sorry",
    ]
)
_CLOSED_INDEX = {word: n for n, word in enumerate(dict.fromkeys(_CLOSED_LIST))}
CLOSED = tuple(_CLOSED_INDEX)
_CLAUSE = re.compile(r"[,;:—–]|\s-\s|\b(?:and|but|because|so|which|who|when|while|if)\b", re.I)


def _shape(said: str, bullet: str) -> list[float]:
    """How a candidate is shaped: its clauses, the bullet's share of the sentence in
    words, whether the bullet keeps all of the sentence, a quote, a parenthesis, a
    question mark inside, an ellipsis or a dash of afterthought."""
    said_words = len(_WORD.findall(said))
    bullet_words = len(_WORD.findall(bullet))
    return [
        math.log1p(len(_CLAUSE.findall(said))),
        bullet_words / max(1, said_words),
        float(bullet_words >= said_words),
        float(bool(re.search(r"[\"“”]", said))),
        float("(" in said),
        float("..." in said or "…" in said),
        float(bool(re.search(r"\s[-—–]\s", said))),
        float(said[:1].islower()),
    ]


_SHAPE_NAMES = (
    "log clauses said",
    "bullet / said, words",
    "the bullet keeps every word",
    "a quote",
    "a parenthesis",
    "an ellipsis",
    "a dash",
    "opens in lower case",
)


def _closed_class(said: str) -> list[float]:
    """Each closed-class word (`CLOSED`): said in the sentence, and opening it."""
    lowered = [word.casefold().replace("’", "'") for word in _WORD.findall(said)]
    inside = [0.0] * len(CLOSED)
    opens = [0.0] * len(CLOSED)
    for word in lowered:
        if (n := _CLOSED_INDEX.get(word)) is not None:
            inside[n] = 1.0
    if lowered and (n := _CLOSED_INDEX.get(lowered[0])) is not None:
        opens[n] = 1.0
    return inside + opens


_CLOSED_NAMES = tuple(f"says '{w}'" for w in CLOSED) + tuple(f"opens on '{w}'" for w in CLOSED)


def features(said: str, bullet: str, context: Context) -> list[float]:
    """A candidate's features (`NAMES`): the generic ones, its shape and its closed-class
    words. `said` is the sentence as the speaker wrote it (fillers cleaned), `bullet` the
    fact written from it."""
    return _generic(said, bullet, context) + _shape(said, bullet) + _closed_class(said)


NAMES = (*GENERIC_NAMES, *_SHAPE_NAMES, *_CLOSED_NAMES)
"""What each of `features` is, in order."""


@dataclass
class Row:
    """One candidate bullet of one session: its features, whether it matches a gold fact
    of its session (`label`) and which (`covers`, for recall), whether the rules kept it,
    its size in the ledger, and its place in the flush budget's order (`rank`: rule,
    aside, salience, order said; see `memctl.models.salience.within_budget`)."""

    values: list[float]
    label: bool
    covers: set[int]
    ruled: bool
    chars: int
    rank: tuple[bool, bool, float, int]
    droppable: bool = False
    """Whether the drop may take it (`--scope`): by default where the budget may cut
    (`Block.room`, and not `rank`'s rule: a rule or decision, or what a user tells an AI
    assistant, which `within_budget` never cuts)."""


@dataclass
class Block:
    """One session flushed as one block: its candidates in the order said, its gold
    facts, the characters said, and the budget's room (None: not budgeted)."""

    rows: list[Row]
    golds: int
    said: int
    room: int | None


@dataclass
class Set:
    """One held-out file's blocks."""

    name: str
    blocks: list[Block]

    def rows(self, ruled: bool | None = None) -> list[Row]:
        return [r for b in self.blocks for r in b.rows if ruled is None or r.ruled is ruled]


def budgeted(
    block: Block, kept: list[bool], scale: float = 1.0, salience: dict[int, float] | None = None
) -> list[Row]:
    """What `within_budget` keeps of the kept rows: every rule and decision, then the best
    ranked up to the room (the rank of each fact does not depend on the others). `scale`
    shrinks the room (a tighter budget, the rules' own way to trade recall for
    precision); `salience`, by the row's id, ranks in place of the rules' salience."""
    rows = [r for r, k in zip(block.rows, kept, strict=True) if k]
    if block.room is None:
        return rows
    room = math.ceil(block.room * scale)
    if len(rows) <= room:
        return rows
    order = sorted(
        rows,
        key=lambda r: (
            not r.rank[0],
            r.rank[1],
            -(r.rank[2] if salience is None else salience.get(id(r), math.inf)),
            r.rank[3],
        ),
    )
    chosen = {id(r) for r in order if r.rank[0]} | {id(r) for r in order[:room]}
    return [r for r in rows if id(r) in chosen]


def hear(
    length: int,
    heard: list[tuple[str, list[float], int]],
    ruled: dict[str, list[float]],
    said: str,
    bullet: str,
    where: Context,
) -> bool:
    """`extract`'s judge while training: note every candidate (the features of what the
    rules kept, by bullet; what they dropped, with the message it was said in, of the
    `length` of the conversation), keep what the rules keep."""
    if where.ruled:
        ruled[bullet] = features(said, bullet, where)
    else:
        heard.append(
            (bullet, features(said, bullet, where), round(where.position * max(1, length - 1)))
        )
    return where.ruled


def blocks_of(conv: HeldOut) -> list[Block]:
    """The candidates of one conversation, each session flushed as the bench flushes it
    (`bench/fidelity.py`'s `run_heldout`: its speakers' roles, what the sessions before
    wrote as known), with the budget's rank of every candidate."""
    from memctl.models.facts import facts_told
    from memctl.models.salience import (
        LONG_BLOCK,
        _ai_voice,
        _helped,
        _sources,
        budget,
        rank,
        within_budget,
    )

    names = {name.casefold() for name in conv.speakers()}
    first = user_of(conv.speakers())
    known: list[str] = []
    blocks: list[Block] = []
    for session in conv.sessions:
        start = datetime(session.day.year, session.day.month, session.day.day, 9, tzinfo=UTC)
        items: list[dict[str, Any]] = []
        for turn, (speaker, text) in enumerate(session.turns):
            item: dict[str, Any] = chat_turn(
                speaker, first, text, (start + timedelta(minutes=turn)).isoformat()
            )
            item["text"] = item.pop("content")
            items.append(item)
        heard: list[tuple[str, list[float], int]] = []
        ruled: dict[str, list[float]] = {}
        told = facts_told(items, known, is_own_reply, None, partial(hear, len(items), heard, ruled))
        # A fact no judge hears (the user's name, a naming, another language's) is kept.
        candidates = [(t.fact, ruled.get(t.fact, []), t.item, True) for t in told]
        said_by_rules = {t.fact for t in told}
        for bullet, values, item in heard:
            if bullet not in said_by_rules:
                said_by_rules.add(bullet)
                candidates.append((bullet, values, item, False))
        candidates.sort(key=lambda c: c[2])
        facts = [c[0] for c in candidates]
        said = [item for item in items if item.get("role") in ("user", "assistant")]
        voices = {(item.get("role"), item.get("name")) for item in said}
        room = budget(len(said)) if len(said) >= LONG_BLOCK and len(voices) >= 2 else None
        speakers = frozenset(
            str(item["name"]).casefold() for item in said if isinstance(item.get("name"), str)
        )
        ranked = rank(facts, said, speakers)
        if any(_ai_voice(item) for item in said):
            sources = _sources(facts, items, said, [c[2] for c in candidates])
            ranked = _helped(ranked, facts, said, sources)
        rows = [
            Row(
                values,
                bool(
                    covers := {
                        i for i, f in enumerate(session.facts) if overlap(bullet, f, names)[1]
                    }
                ),
                covers,
                was_ruled,
                len(f"- {bullet}\n"),
                (r.rule, r.aside, r.score, order),
            )
            for order, ((bullet, values, _, was_ruled), r) in enumerate(
                zip(candidates, ranked, strict=True)
            )
        ]
        block = Block(rows, len(session.facts), sum(len(t) for _, t in session.turns), room)
        kept = [r.ruled for r in rows]
        written = [f for f, r in zip(facts, rows, strict=True) if r in budgeted(block, kept)]
        rules = [t.fact for t in told]
        expected = within_budget(rules, items, [t.item for t in told])
        if written != expected:  # the simulation must be the budget itself
            raise SystemExit(f"{conv.id}: the budget's simulation differs from within_budget")
        known += written
        blocks.append(block)
    return blocks


def load(cache: Path | None) -> list[Set]:
    """Every held-out set's blocks (read from `cache` when it holds them: extracting all
    sets takes minutes)."""
    if cache is not None and cache.exists():
        with cache.open("rb") as handle:
            return pickle.load(handle)
    sets = []
    for path in sorted(
        (ROOT / "bench" / "data").glob("heldout*_conversations.txt"),
        key=lambda p: int(re.sub(r"\D", "", p.name) or 1),
    ):
        convs = parse_conversations(path.read_text("utf-8"))
        sets.append(
            Set(path.stem.removesuffix("_conversations"), [b for c in convs for b in blocks_of(c)])
        )
        print(f"  read {sets[-1].name}: {len(sets[-1].rows())} candidates", file=sys.stderr)
    if cache is not None:
        with cache.open("wb") as handle:
            pickle.dump(sets, handle)
    return sets


Model = tuple[float, list[float]]


def fit(rows: list[Row], l2: float) -> Model:
    """Logistic regression on standardised features, L2 on the weights (Newton steps);
    the weights returned apply to the raw features (the standardisation folded in).
    Fitting needs numpy (the `semantic` extra brings it); scoring is pure Python."""
    import numpy as np

    x = np.array([r.values for r in rows], dtype=float)
    y = np.array([1.0 if r.label else 0.0 for r in rows])
    mean = x.mean(axis=0)
    std = x.std(axis=0)
    std[std == 0] = 1.0
    z = np.hstack([np.ones((len(rows), 1)), (x - mean) / std])
    w = np.zeros(z.shape[1])
    penalty = np.full(z.shape[1], l2)
    penalty[0] = 0.0
    for _ in range(25):
        p = 1 / (1 + np.exp(-(z @ w)))
        gradient = z.T @ (p - y) + penalty * w
        hessian = (z * (p * (1 - p))[:, None]).T @ z + np.diag(penalty)
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-6:
            break
    raw = w[1:] / std
    return float(w[0] - raw @ mean), [float(v) for v in raw]


def score(model: Model, values: list[float]) -> float:
    bias, weights = model
    return bias + sum(w * v for w, v in zip(weights, values, strict=True))


@dataclass
class Counts:
    """Precision, recall and ledger of a choice of rows, after the budget."""

    matched: int = 0
    bullets: int = 0
    covered: int = 0
    golds: int = 0
    chars: int = 0
    said: int = 0

    def add(self, other: Counts) -> None:
        for name in vars(self):
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def __str__(self) -> str:
        return (
            f"precision {self.matched}/{self.bullets} ({self.matched / max(1, self.bullets):.1%}),"
            f" recall {self.covered}/{self.golds} ({self.covered / max(1, self.golds):.1%}),"
            f" bullets {self.chars / max(1, self.said):.1%} of the conversation"
        )

    def precision(self) -> float:
        return self.matched / max(1, self.bullets)

    def recall(self) -> float:
        return self.covered / max(1, self.golds)


def counts(
    blocks: list[Block],
    keep: Callable[[Row], bool],
    scale: float = 1.0,
    salience: dict[int, float] | None = None,
) -> Counts:
    """What the bench would count of the rows `keep` keeps, each block within its budget
    (`budgeted`)."""
    total = Counts()
    for block in blocks:
        written = budgeted(block, [keep(r) for r in block.rows], scale, salience)
        total.add(
            Counts(
                sum(r.label for r in written),
                len(written),
                len(set().union(*(r.covers for r in written))),
                block.golds,
                sum(r.chars for r in written),
                block.said,
            )
        )
    return total


@dataclass
class Scorer:
    """A drop threshold on the drop model's scores (what the rules keep under it is
    dropped) and a rescue bar on the rescue model's (what the rules drop over it is
    kept); `scores` holds each row's, by its id. A row no judge heard is kept."""

    scores: dict[int, float]
    cut: float
    bar: float

    def keeps(self, row: Row) -> bool:
        if not row.values:
            return True
        if row.ruled:
            return not row.droppable or self.scores[id(row)] >= self.cut
        return self.bar < math.inf and self.scores[id(row)] >= self.bar


def scores_of(blocks: list[Block], drop: Model, rescue: Model) -> dict[int, float]:
    """Each row's score by its id: the drop model's for what the rules kept, the rescue
    model's for what they dropped."""
    return {
        id(r): score(drop if r.ruled else rescue, r.values)
        for b in blocks
        for r in b.rows
        if r.values
    }


def cut_for(blocks: list[Block], scores: dict[int, float], recall_loss: float) -> float:
    """The highest drop threshold at which `blocks` (the training sets) lose at most
    `recall_loss` of the rules' recall, after the budget (tried at each percentile of
    the rules' kept rows)."""
    rules = counts(blocks, lambda r: r.ruled).recall()
    ordered = sorted(
        scores[id(r)] for b in blocks for r in b.rows if r.ruled and r.values and r.droppable
    )
    best = -math.inf
    for step in range(1, 100):
        t = ordered[len(ordered) * step // 100]
        if counts(blocks, Scorer(scores, t, math.inf).keeps).recall() >= rules - recall_loss:
            best = t
        else:
            break
    return best


def bar_for(rows: list[Row], scores: dict[int, float], wanted: float) -> float:
    """The lowest threshold above which the rules' dropped rows match a gold fact at the
    rate `wanted` or better (so that what is rescued does not lower precision), or +inf."""
    best = math.inf
    matched = 0
    ordered = sorted(((scores[id(r)], r.label) for r in rows), reverse=True)
    for count, (value, label) in enumerate(ordered, 1):
        matched += label
        if count >= 5 and matched / count >= wanted:
            best = value
    return best


def auc(pairs: list[tuple[float, bool]]) -> float:
    pairs = sorted(pairs)
    positives = sum(label for _, label in pairs)
    ranks = sum(i for i, (_, label) in enumerate(pairs, 1) if label)
    return (ranks - positives * (positives + 1) / 2) / max(1, positives * (len(pairs) - positives))


def out_of_fold(
    sets: list[Set], args: argparse.Namespace
) -> tuple[dict[str, Counts], dict[bool, list[tuple[float, bool]]]]:
    """Each set scored by models fitted on the other sets, thresholds chosen there: the
    rules alone, the rules with a tighter budget, the score ranking the budget, the
    rescue alone, and the drop at each operating point with and without the rescue.
    Prints each set's lines; returns the totals and the out-of-fold scores with labels."""
    points = [float(p) for p in args.points.split(",")]
    scales = [float(s) for s in args.scales.split(",")]
    totals: dict[str, Counts] = {}
    oof: dict[bool, list[tuple[float, bool]]] = {True: [], False: []}
    for held in sets:
        train = [b for each in sets if each is not held for b in each.blocks]
        train_rows = [r for b in train for r in b.rows if r.values]
        drop = fit([r for r in train_rows if r.ruled], args.l2)
        rescue = fit([r for r in train_rows if not r.ruled], args.l2)
        fitted = scores_of(train, drop, rescue)
        bar = bar_for([r for r in train_rows if not r.ruled], fitted, args.rescue)
        scores = scores_of(held.blocks, drop, rescue)
        for r in held.rows():
            if r.values:
                oof[r.ruled].append((scores[id(r)], r.label))
        line = {"rules": counts(held.blocks, lambda r: r.ruled)}
        for scale in scales:
            line[f"rules, budget x{scale}"] = counts(held.blocks, lambda r: r.ruled, scale)
        line["rescue"] = counts(held.blocks, Scorer(scores, -math.inf, bar).keeps)
        for scale in (1.0, *scales):
            line[f"score ranks, budget x{scale}"] = counts(
                held.blocks, lambda r: r.ruled, scale, scores
            )
        for point in points:
            cut = cut_for(train, fitted, point)
            line[f"drop@{point}"] = counts(held.blocks, Scorer(scores, cut, math.inf).keeps)
            line[f"drop@{point}+rescue"] = counts(held.blocks, Scorer(scores, cut, bar).keeps)
        print(f"{held.name}:")
        for label, value in line.items():
            totals.setdefault(label, Counts()).add(value)
            print(f"  {label:<28} {value}")
    return totals, oof


def show_weights(label: str, rows: list[Row], l2: float) -> Model:
    """Fit on every set and print the heaviest weights, each times its feature's spread
    (how far one spread moves the log-odds)."""
    bias, weights = fit(rows, l2)
    means = [sum(r.values[j] for r in rows) / len(rows) for j in range(len(weights))]
    spread = [
        math.sqrt(sum((r.values[j] - means[j]) ** 2 for r in rows) / len(rows))
        for j in range(len(weights))
    ]
    print(f"{label} model on every set, bias {bias:+.3f}; the heaviest weights (per spread):")
    names = (*NAMES, "salience", "a rule or decision")
    ranked = sorted(zip(names, weights, spread, strict=False), key=lambda p: -abs(p[1] * p[2]))
    for name, weight, width in ranked[:15]:
        print(f"  {weight * width:+.3f}  {name}")
    return bias, weights


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--l2", type=float, default=100.0, help="the L2 penalty")
    parser.add_argument(
        "--points",
        default="0.005,0.02,0.04",
        help="operating points: the share of recall the drop may lose on the training sets",
    )
    parser.add_argument(
        "--scales",
        default="0.9,0.8",
        help="tighter budgets (a share of the room) for the rules alone and the score's ranking",
    )
    parser.add_argument(
        "--rescue", type=float, default=0.75, help="precision a rescued share must have"
    )
    parser.add_argument(
        "--features",
        choices=("generic", "all"),
        default="all",
        help="the 31 generic features alone, or with the shape and closed-class ones",
    )
    parser.add_argument(
        "--salience",
        action="store_true",
        help="add the flush budget's own salience and rule flag to the features",
    )
    parser.add_argument(
        "--scope",
        choices=("budget", "everywhere"),
        default="budget",
        help="where the drop applies: where the budget may cut, or on every candidate the "
        "rules kept (rules, decisions and a user's words to an AI assistant too)",
    )
    parser.add_argument("--cache", type=Path, help="a file keeping the extracted candidates")
    args = parser.parse_args()
    sets = load(args.cache)
    for block in (b for each in sets for b in each.blocks):
        for r in block.rows:
            r.droppable = args.scope == "everywhere" or (block.room is not None and not r.rank[0])
    for r in (r for each in sets for r in each.rows() if r.values):
        if args.features == "generic":
            r.values = r.values[: len(GENERIC_NAMES)]
        if args.salience:
            r.values = [*r.values, r.rank[2], float(r.rank[0])]
    kept = [r for each in sets for r in each.rows(True) if r.values]
    dropped = [r for each in sets for r in each.rows(False)]
    print(
        f"{len(sets)} sets, {sum(len(each.blocks) for each in sets)} blocks; candidates: "
        f"{len(kept)} kept by the rules ({sum(r.label for r in kept)} match a gold fact), "
        f"{len(dropped)} dropped by them ({sum(r.label for r in dropped)} match); "
        f"{len(kept[0].values)} features"
    )
    totals, oof = out_of_fold(sets, args)
    print("all sets, out of fold:")
    for label, value in totals.items():
        print(f"  {label:<28} {value}")
    print(f"out-of-fold AUC: drop model {auc(oof[True]):.3f}, rescue model {auc(oof[False]):.3f}")
    show_weights("drop", kept, args.l2)
    show_weights("rescue", dropped, args.l2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
