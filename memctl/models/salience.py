"""builtin's flush budget: of a long block's facts, the ones a reader would remember.

The rules of `memctl.models.facts` keep every sentence that states something; a long
chat between people states far more than anyone would write down of it (people asked to
note a session's facts take six to ten; the rules keep about twenty). This step runs
after them, on the bullets they wrote for one flush block, and keeps the most salient
ones within a budget that grows with the block's size (`budget`). Salience is read from
the bullet's structure, never from a list of topics: what anchors it (a resolved date,
a number, a name of someone or something besides the speakers), whether it states a
durable relation (kin, someone's work, home, health, what one owns), whether the
listener takes it up (`taken_up`), how many content words it has, and how much of it is
filler. Ties keep the order said; the kept bullets keep it too.

Never cut: a rule or a decision (what the user asks an agent to do, always or never,
what was decided or chosen; in another language too, `foreign.rule_said`), and the
user's name (a later flush of the thread reads it from the ledger to name the user):
they rank above everything. An agent at work (a tool ran)
is not budgeted at all: its results, the user's rules and the project's decisions are
what its rules keep, and what it did is told by its tool calls, not by small talk. Nor
is one voice alone (notes, a list dictated, messages nobody answers): what someone
writes down for memory is what they chose to keep. Nor is a short block (fewer than
`LONG_BLOCK` messages).

A long chat with an AI assistant is budgeted on the assistant's side only (`_helped`):
what a user tells an assistant ("I have celiac disease", "We deploy with ArgoCD") names no
date, number or other person and would rank last (review 20 #1), while it is what the
assistant's memory is for, so none of it is cut (a list of topics of one's own life cut
"The user has ADHD." and "The staging DB is db3.internal.", review 23 H3, H4); what the
assistant says (its advice, its lists, its own figures) is cut first, unless the user
takes it up in their next message.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from memctl.core.said import MONTHS, WEEKDAYS, ai_assistant
from memctl.models.facts import ISO_DAY, USER_NAME
from memctl.models.foreign import rule_said
from memctl.models.words import FILLER, PREFIX, WORD, content_words, kin_pattern

MIN_KEPT = 8
"""No block is cut below this many bullets."""
LONG_BLOCK = 16
"""A block of fewer messages is not budgeted: below it the budget would be `MIN_KEPT`
whatever its length, and a short exchange (the README's demo: a user, an assistant and a
colleague in 11 messages) keeps what the rules kept."""
PER_ROOT_TURN = 2.0
"""The budget is this many bullets for each square root of the block's messages
(`budget`)."""

_MONTH = re.compile(rf"\b(?:{'|'.join(MONTHS)})\b(?:\s+\d{{4}})?", re.I)
_NUMBER = re.compile(
    r"[$€£]\s?\d|\b\d[\d,.:]*\b|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|"
    r"twelve|twenty|thirty|forty|fifty|hundred|thousand|million|dozen)\b",
    re.I,
)
_NAME = re.compile(r"(?<![.!?:]\s)(?<!^)\b[A-Z][a-z][\w-]*")
"""A capitalised word inside a sentence (not its first word): a name ("Ana's" is Ana)."""
_RELATION = re.compile(
    rf"\b(?:{kin_pattern()}|boss|manager|colleague|co-?worker|neighbou?r|dog|cat|pet|"
    r"puppy|kitten|job|works?|worked|hired|promoted|retired|quit|career|degree|"
    r"moved|lives?|house|flat|apartment|home|bought|owns?|sold|adopted|married|engaged|"
    r"pregnant|born|diagnosed|surgery|operation|hospital|injur\w*|allergic|died|passed away)\b",
    re.I,
)
"""A durable relation: kin and the people one lives or works with, a pet, work, home,
ownership, health, the life events that change them."""
_RULE = re.compile(
    r"\b(?:decid\w*|decision|agreed|chose|chosen|settled on|from now on|remember to|"
    r"make sure|deadline|due (?:on|by))\b"
    r"|(?:^|:\s)(?:please\s+)?(?:always|never|do not|don't|must|should|remember)\b",
    re.I,
)
"""A rule or a decision: what someone decided, agreed or chose, a deadline, or an order
(a bullet opening on "always", "never", "don't", "remember", or so after a label: "One
more rule: never suggest cloud services": what is asked always or never to be done;
"Ana never learned to swim" tells of Ana, it orders nothing)."""


@dataclass(frozen=True)
class Ranked:
    """One bullet's place in the ranking: rule first, then what the user heard out (not
    an AI assistant's `aside`), then salience, then order said."""

    rule: bool
    score: float
    order: int
    aside: bool = False


def budget(turns: int) -> int:
    """How many bullets a block of `turns` messages keeps: `PER_ROOT_TURN` a square root
    of its messages (what a block states grows slower than its length: people repeat,
    answer and react), never under `MIN_KEPT`."""
    return max(MIN_KEPT, math.ceil(PER_ROOT_TURN * math.sqrt(max(0, turns))))


def _unprefixed(fact: str) -> str:
    """A bullet without the `Name: ` of its speaker."""
    return match["rest"] if (match := PREFIX.match(fact)) else fact


def _stems(text: str) -> frozenset[str]:
    return frozenset(word[:5] for word in content_words(text))


class Said:
    """The messages of a block as content words, with who said each and, for each word,
    the messages that hold it (so that a fact's source is found without reading every
    message: a block of 10,000 messages is flushed in chunks, each read once a fact)."""

    def __init__(self, said: list[dict[str, Any]]) -> None:
        self.voices = [(item.get("role"), item.get("name")) for item in said]
        self.words = [_stems(str(item.get("text", ""))) for item in said]
        self.holding: dict[str, list[int]] = {}
        for number, words in enumerate(self.words):
            for word in words:
                self.holding.setdefault(word, []).append(number)

    def source(self, words: frozenset[str]) -> int | None:
        """The message sharing most of `words` (the first of those), None when none."""
        shared: dict[int, int] = {}
        for word in words:
            for number in self.holding.get(word, ()):
                shared[number] = shared.get(number, 0) + 1
        return min(shared, key=lambda n: (-shared[n], n)) if shared else None


def taken_up(words: frozenset[str], said: Said, source: int | None = None) -> bool:
    """Whether the listener takes the fact up: the message it was said in (`source`,
    when known; else the one sharing most of its content words) is answered next by
    another speaker with two of them or more ("I started the new job on Monday" / "How
    is the new job?"). What the other asks after or repeats is what the conversation is
    about; what passes without a word back is colour."""
    source = said.source(words) if source is None else source
    if source is None or source + 1 >= len(said.words):
        return False
    reply = source + 1
    return said.voices[reply] != said.voices[source] and len(words & said.words[reply]) >= 2


def salience(fact: str, speakers: frozenset[str], messages: Said, days: frozenset[str]) -> float:
    """How much of what a reader would remember `fact` states, from its structure: a
    resolved date (2) or a month (1), a number (1), each name besides the speakers' (1,
    two at most), a durable relation (1), taken up by the listener (2, `taken_up`), a
    fifth of a point for each content word (ten at most); less the share of its words
    that are fillers and reactions (`words.FILLER`), times three. Feelings, colour and
    the moment's news score nothing of their own."""
    rest = _unprefixed(fact)
    score = 0.0
    dates = set(ISO_DAY.findall(rest))
    if dates - days:
        score += 2
    elif _MONTH.search(rest) and not dates:
        score += 1
    if _NUMBER.search(ISO_DAY.sub("", rest)):
        score += 1
    names = {name.casefold() for name in _NAME.findall(rest)} - speakers - _DAY_WORDS
    score += min(2, len(names))
    if _RELATION.search(rest):
        score += 1
    words = _stems(rest) - {speaker[:5] for speaker in speakers}
    if taken_up(words, messages):
        score += 2
    score += 0.2 * min(10, len(words))
    said = WORD.findall(rest)
    score -= 3 * sum(word.casefold() in FILLER for word in said) / max(1, len(said))
    return score


_DAY_WORDS = frozenset(month.casefold() for month in MONTHS) | frozenset(WEEKDAYS)


def rank(facts: list[str], said: list[dict[str, Any]], speakers: frozenset[str]) -> list[Ranked]:
    """Each fact's rank (see `Ranked`) among the facts of the block `said`."""
    messages = Said(said)
    days = frozenset(str(item.get("ts", ""))[:10] for item in said)
    return [
        Ranked(
            _RULE.search(_unprefixed(fact)) is not None
            or USER_NAME.search(fact) is not None
            or rule_said(_unprefixed(fact)),
            salience(fact, speakers, messages, days),
            order,
        )
        for order, fact in enumerate(facts)
    ]


def _ai_voice(item: dict[str, Any]) -> bool:
    """Whether a message is an AI assistant's: the assistant role with no name (an
    agent's own transcript) or a name such as "Assistant" or "ChatGPT" (`ai_assistant`)."""
    if item.get("role") != "assistant":
        return False
    name = item.get("name")
    return not isinstance(name, str) or not name.strip() or ai_assistant(name)


def within_budget(
    facts: list[str], conversation: list[dict[str, Any]], said_in: list[int] | None = None
) -> list[str]:
    """The facts of one flush block a reader would remember, in the order said: rules
    and decisions all, then the most salient up to `budget` of the block's messages; in
    a chat with an AI assistant, the user's own life all and the assistant's asides last
    (`_helped`). Facts of an agent at work (a tool ran), of one voice alone and of a short
    block are all kept (module doc). `said_in`: the item of `conversation` each fact was
    read from (`facts.facts_told`); without it, the message sharing most of its words."""
    said = [item for item in conversation if item.get("role") in ("user", "assistant")]
    voices = {(item.get("role"), item.get("name")) for item in said}
    if len(said) < LONG_BLOCK or len(voices) < 2:
        return facts
    if any(item.get("role") == "tool" for item in conversation):
        return facts
    room = budget(len(said))
    if len(facts) <= room:
        return facts
    speakers = frozenset(
        str(item["name"]).casefold() for item in said if isinstance(item.get("name"), str)
    )
    ranked = rank(facts, said, speakers)
    if any(_ai_voice(item) for item in said):
        ranked = _helped(ranked, facts, said, _sources(facts, conversation, said, said_in))
    order = sorted(ranked, key=lambda r: (not r.rule, r.aside, -r.score, r.order))
    kept = {r.order for r in order if r.rule} | {r.order for r in order[:room]}
    return [fact for n, fact in enumerate(facts) if n in kept]


def _sources(
    facts: list[str],
    conversation: list[dict[str, Any]],
    said: list[dict[str, Any]],
    said_in: list[int] | None,
) -> list[int | None]:
    """The message of `said` (the block's user and assistant messages) each fact was read
    from: `said_in` (items of `conversation`) when given, else the one sharing most of
    its words (`Said.source`)."""
    if said_in is None:
        messages = Said(said)
        return [messages.source(_stems(_unprefixed(fact))) for fact in facts]
    number = {id(item): n for n, item in enumerate(said)}
    return [number.get(id(conversation[item])) for item in said_in]


def _helped(
    ranked: list[Ranked],
    facts: list[str],
    said: list[dict[str, Any]],
    sources: list[int | None],
) -> list[Ranked]:
    """`ranked` for a chat with an AI assistant: what the user says is never cut, as a
    rule is not (the user's own life and project, which the assistant's memory is for);
    what the assistant says is an `aside`, cut first, unless the user's next message
    takes it up ("ok, let's go with the 3-day plan"): its advice, lists and figures are
    its answer of the moment, not what the user lives by, and its "make sure" or "a
    sensible decision" is advice, not a rule the user set."""
    messages = Said(said)
    helped = []
    for r, fact, source in zip(ranked, facts, sources, strict=True):
        if source is not None and _ai_voice(said[source]):
            taken = taken_up(_stems(_unprefixed(fact)), messages, source)
            helped.append(Ranked(r.rule and taken, r.score, r.order, aside=not taken))
        else:
            helped.append(Ranked(True, r.score, r.order))
    return helped
