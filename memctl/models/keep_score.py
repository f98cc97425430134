"""builtin's learned keep/drop score: of what the rules of `memctl.models.facts` keep,
drop the candidates least like a fact someone would note.

The rules keep every sentence that states something; on sixteen held-out sets written by
other hands after them, 38% of what they keep states no fact of the session. The score is
a logistic regression over generic features of a candidate (no content word of any
conversation): its length and the bullet's share of the sentence, who opens it, a digit,
a date, a name inside, tense, a hedge, a reaction, its place and the other speaker's
reply (`memctl.models.facts.Context`), its clauses and punctuation, and which English
closed-class words (pronouns, determiners, prepositions, conjunctions, auxiliaries,
discourse markers, interjections: `CLOSED`) it says and opens on. Its weights and
threshold are fitted by scripts/train_fact_scorer.py on every held-out set, and were
validated there leave-one-set-out (bench/README.md, "a learned keep/drop score, judged
out of fold"); they are read from data/keep_score.json, once, when builtin first flushes.

`Doubts` is `extract`'s judge in builtin's flush: it notes what scores under the
threshold, and the flush budget drops it where the budget may cut (a long chat between
people). It only drops: what the rules dropped stays dropped (a rescue model did not pay
its way out of fold).
"""

from __future__ import annotations

import functools
import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path

from memctl.models.facts import Context

WEIGHTS = Path(__file__).parent / "data" / "keep_score.json"
"""The fitted model: its feature names (checked against `NAMES`), bias, weights and the
threshold under which a candidate is dropped."""

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


@functools.cache
def _model() -> tuple[float, tuple[float, ...], float]:
    """The bias, weights and threshold of data/keep_score.json."""
    data = json.loads(WEIGHTS.read_text(encoding="utf-8"))
    if tuple(data["features"]) != NAMES:
        raise ValueError(f"{WEIGHTS.name}: its features are not this module's")
    return float(data["bias"]), tuple(float(w) for w in data["weights"]), float(data["threshold"])


def score(said: str, bullet: str, where: Context) -> float:
    """The log-odds that a candidate states a fact someone would note."""
    bias, weights, _ = _model()
    return bias + math.fsum(
        w * v for w, v in zip(weights, features(said, bullet, where), strict=True)
    )


@dataclass
class Doubts:
    """`extract`'s judge in builtin's flush: it keeps what the rules keep, and notes the
    bullets that score under the threshold (`unlikely`), which the flush budget drops
    where it may cut (`memctl.models.salience.within_budget`): never a rule or decision,
    nor what a user tells an AI assistant, nor in a block it leaves whole (short, one
    voice, an agent at work), which is where the score was fitted and validated."""

    bullets: set[str] = field(default_factory=set)

    def __call__(self, said: str, bullet: str, where: Context) -> bool:
        if where.ruled and score(said, bullet, where) < _model()[2]:
            self.bullets.add(bullet)
        return where.ruled

    def unlikely(self, facts: list[str]) -> frozenset[int]:
        """The places in `facts` of the bullets scored under the threshold."""
        return frozenset(n for n, fact in enumerate(facts) if fact in self.bullets)
