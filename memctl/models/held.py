"""What a forget or a correction holds back besides the text its tombstone names.

A tombstone (memctl.core.forgotten) holds every line that contains the forgotten fact's
text. Two more readings hold a ledger line whose words differ from it, and every reader
of memory applies them alike: consolidation (to the daily text it merges), search and
recall (to the ledger lines they would show), so a fact a correction replaced is found
nowhere as current:

- a restatement of a forgotten fact: the same content words in any order, as the merge
  folds two sayings into one fact (`memctl.models.words.fact_words`; a negation never
  matches, and a correction restating the old words in another order is the
  correction);
- a line said before a correction (`forget --replace`) that the correction makes stale
  (`memctl.models.supersede.stale`): "The staging box is db3." said the day before
  "Staging runs on db3." was corrected to db7. What was said is decided by when it was
  said (its ledger block's `said` span, else when the block was written:
  `memctl.core.said.said_day`), never by when it was flushed; a line said on or after
  the correction's day is new and may replace it. Only a line sharing a content word
  with the correction is read for it (the guard: supersede's claims are costly, and a
  line about something else says no older value of it).

Words are read with `memctl.models.words` (light); search pays for supersede's rules
(70 ms to import) only for a ledger line said before a correction that shares a
content word with it.

A thread turn a fact was taken from is hidden by its tombstone's `said`; `Echoes` hides
the turns of that same thread that state the fact again in a sentence of their own (the
assistant's "I'll keep in mind that deploys happen only on Tuesdays"), and the turns of
any thread that restate it in the same content words and say nothing else (a user's
repeat in another thread, which flush folded into the fact; not a question, nor a plan
with the fact as one of its lines: `_Restatements`). Search, recall,
the prompt hook, MCP recall, `thread_history`, the context `call` sends and compaction
read it alike (`forgotten` hands it to `Forgotten.echoes`).
"""

from __future__ import annotations

import functools
import re
from functools import cached_property
from typing import NamedTuple

from memctl.core.forgotten import Forgotten, Tombstone, read_tombstones
from memctl.core.workspace import Workspace
from memctl.models.words import (
    NEGATION,
    NOT,
    SENTENCE_END,
    WORD,
    bare,
    content_words,
    fact_words,
    plain,
    undated,
)


class Held:
    """The tombstones' restatement and correction readings, read once for a run."""

    def __init__(self, stones: list[Tombstone]):
        self.facts = [stone.fact for stone in stones if stone.fact]
        self.corrections = [
            (stone.replacement, stone.at[:10])
            for stone in stones
            if stone.fact and stone.replacement and stone.replacement.strip()
        ]

    def __bool__(self) -> bool:
        return bool(self.facts)

    @cached_property
    def _read(self) -> tuple[set[frozenset[str]], list[tuple[str, str, frozenset[str]]]]:
        """The forgotten facts' keys, and each correction's text, day and key."""
        restated = {fact_words(fact) for fact in self.facts}
        corrections = [(new, at, fact_words(new)) for new, at in self.corrections]
        # A correction restating the old words in another order is the correction.
        restated -= {words for _, _, words in corrections}
        return restated, corrections

    @cached_property
    def _words(self) -> frozenset[str]:
        """Every word of the keys above: a line sharing none is held by neither reading."""
        restated, corrections = self._read
        every = set().union(*restated, *(words for _, _, words in corrections))
        return plain(frozenset(every))

    def may_hold(self, text: str) -> bool:
        """False when `text` shares no word with a forgotten fact or a correction (what
        both readings need): its day need not be looked up."""
        return not self._words.isdisjoint(fact_words(text))

    def holds(self, line: str, day: str | None) -> bool:
        """Whether the ledger line `line`, said on `day` (ISO date; None: not known, and
        then only a restatement is held), restates a forgotten fact or states a value a
        later correction replaced."""
        stripped = line.strip()
        words = fact_words(stripped)
        if self._words.isdisjoint(words):
            return False
        restated, corrections = self._read
        if words in restated:
            return True
        if day is None:
            return False
        from memctl.models.supersede import stale

        return any(
            day < at and words & said and stale([stripped, new]).get(0) == 1
            for new, at, said in corrections
        )


def held_back(text: str, stones: list[Tombstone], ledger: str | None = None) -> str:
    """Daily ledger text without the lines `Held` holds, each read with its block's day
    (headings, comments and fences kept); `ledger`: its day (`said.ledger_day`), which
    a flush heading's time is on."""
    held = Held(stones)
    if not held:
        return text
    from memctl.core.said import said_day

    kept: list[str] = []
    day: str | None = None
    for line in text.splitlines(keepends=True):
        stripped = line.strip()
        if stripped.startswith("#"):
            day = said_day(stripped, ledger)
        elif stripped and not stripped.startswith(("<!--", "```")) and held.holds(stripped, day):
            continue
        kept.append(line)
    return "".join(kept)


_REQUEST = re.compile(
    r"^(?:please,?\s+)?"
    r"(?:remember|reminder|note|(?:keep|bear) in mind|(?:do not|don['\u2019]t|never) forget)"
    r"(?:\s+that)?\s*[:,]?\s+",
    re.IGNORECASE,
)
"""A request to keep what follows, before a fact said to an assistant ("Remember that
deploys happen only on Tuesdays"): no content of the fact, and no negation of it."""
_REQUEST_WORDS = frozenset(content_words("remember reminder note keep bear mind forget"))
"""The content words of a request (`_REQUEST`), which say nothing of the fact: a turn of
them and a restatement says only the fact (`_Restatements`)."""
MIN_ECHO_WORDS = 2
"""Content words a fact needs for its echoes to be read: one word alone ("Tuesdays")
is a topic, which many turns of a thread name without stating anything of it."""


class _Echo(NamedTuple):
    words: frozenset[str]
    """The fact's content words (`fact_words` of it without a request before it)."""
    negated: bool
    """Whether the fact is a negation: an echo must be one too ("deploys don't happen on
    Tuesdays" is no echo of "deploys happen only on Tuesdays")."""
    new: frozenset[str]
    """A correction's content words: a sentence holding them states the correction."""
    subject: str = ""
    """The fact's first content word that owns nothing (not "user's", "Dana's"): the
    head of what it is about."""
    values: frozenset[str] = frozenset()
    """The fact's distinctive words: its numbers and dates, and the names it writes
    capitalised mid-sentence. A short acknowledgement ("Noted: dentist on 2026-12-14
    at 9am.") keeps these and drops the rest ("my", "appointment")."""


def _echo(stone: Tombstone) -> _Echo | None:
    """What an echo of the stone's fact holds; None when it has too few content words."""
    return _echo_of(stone.fact, stone.replacement)


@functools.lru_cache(maxsize=4096)
def _echo_of(fact: str, replacement: str | None) -> _Echo | None:
    """`_echo`, read once a process (the MCP server recalls again and again; 200 facts'
    words are 2 ms)."""
    said = _as_said(fact)
    words = fact_words(said)
    # A negation is read apart (`negated`): "never" is no word an echo must repeat.
    content = frozenset(word for word in plain(words) if not NEGATION.fullmatch(word))
    if len(content) < MIN_ECHO_WORDS:
        return None
    new = plain(fact_words(replacement)) if replacement else frozenset()
    # The head, not its owner: "dentist" of "The user's (Dana's) dentist appointment".
    first = next((word for word in content_words(said) if not word.endswith("'s")), "")
    return _Echo(content, NOT in words, new, first, _values(said))


_NAMED = re.compile(r"(?<=[a-z0-9,;:] )[A-Z][\w'-]*")
"""A word capitalised after a lower-case word: a name (a sentence's first word is no
sign of one)."""


def _values(fact: str) -> frozenset[str]:
    """The fact's distinctive values (`_Echo.values`): content words with a digit, and
    names."""
    words = set(content_words(fact))
    named = {name.casefold() for name in _NAMED.findall(fact)}
    return frozenset(word for word in words if any(ch.isdigit() for ch in word) or word in named)


def _acknowledges(words: frozenset[str], echo: _Echo) -> bool:
    """Whether a sentence of content `words` is a short acknowledgement of the fact: it
    names what the fact is about (its first content word) and holds all of its values
    (one at least), about half its words or more, and no content word of its own, so
    it says nothing but the fact."""
    return (
        bool(echo.values)
        and echo.subject in words
        and echo.values <= words <= echo.words
        and len(words) >= max(MIN_ECHO_WORDS, (len(echo.words) + 1) // 2)
    )


def _negated(sentence: str, words: frozenset[str]) -> bool:
    """Whether the sentence negates from the word before the first of the fact's words
    in it to the last ("deploys don't happen on Tuesdays", "we never deploy on Fridays";
    not "I can't say more, but deploys happen ...", nor "don't worry: deploys ...")."""
    tokens = list(WORD.finditer(sentence.replace("\u2019", "'")))
    spots = [at for at, token in enumerate(tokens) if token.group().casefold() in words]
    start, end = tokens[max(min(spots) - 1, 0)].start(), tokens[max(spots)].end()
    return NEGATION.search(sentence, start, end) is not None


class Echoes:
    """The thread turns that state a forgotten fact again, in the thread a turn it was
    taken from is in (`Tombstone.said`): a sentence of the turn holding every content
    word of the fact (`fact_words`, the key by which consolidation folds two sayings into
    one fact; a request before it, "remember that", is none), negated alike, and not
    holding a correction's words. Only in that thread: there an echo answers the saying,
    and a sentence holding all of a fact's words states it; across every thread of a
    workspace the same few words meet in sentences about other things. A turn that
    shares a word or two ("deploys on Fridays", "Tuesday's standup") is no echo, nor is
    any turn for a fact of one content word, nor is a question ("Is Tom vegan?", `asks`):
    another person asking states nothing. A short acknowledgement is one too
    (`_acknowledges`): "Noted: dentist on 2026-12-14 at 9am." names what the fact is
    about and all its values, and nothing the fact does not say.

    Cheap: a turn of a log no forgotten fact was said in costs a dict look-up, and one
    whose text misses a word of each fact said there a substring test a word; only a
    turn holding them all is read into words and sentences."""

    def __init__(self, stones: list[Tombstone]):
        self._stones: dict[str, list[Tombstone]] = {}
        for stone in stones:
            if stone.fact:
                for log in {turn.rpartition("#")[0] for turn in stone.said}:
                    self._stones.setdefault(log, []).append(stone)
        self._echoes: dict[str, list[_Echo]] = {}
        self._restated = _Restatements(stones)

    def __bool__(self) -> bool:
        return bool(self._stones) or bool(self._restated)

    def _of(self, log: str) -> list[_Echo]:
        if log not in self._echoes:
            read = {_echo(stone) for stone in self._stones.get(log, ())}
            self._echoes[log] = [echo for echo in read if echo is not None]
        return self._echoes[log]

    def __call__(self, log: str, text: str) -> bool:
        """Whether the turn `text` of the thread log `log` (relative) echoes a fact taken
        from a turn of that log, or restates a forgotten fact in any log
        (`_Restatements`)."""
        if log not in self._stones:
            return self._restated(text)
        folded = text.casefold().replace("\u2019", "'")
        near = [
            echo
            for echo in self._of(log)
            if all(word in folded for word in echo.values or echo.words)
        ]
        if near:  # each word within the text; now as a word of it
            every = frozenset(content_words(text))
            near = [echo for echo in near if (echo.values or echo.words) <= every]
        for sentence in SENTENCE_END.split(text) if near else ():
            if asks(sentence):  # "Is Tom vegan?", "Wait, Tom is vegan?": no echo
                continue
            words = frozenset(content_words(sentence))
            for echo in near:
                if (
                    (echo.words <= words or _acknowledges(words, echo))
                    and not (echo.new and echo.new <= words)
                    and _negated(sentence, words & echo.words) == echo.negated
                ):
                    return True
        return self._restated(text)


def asks(sentence: str) -> bool:
    """Whether the sentence is a question (it ends in "?", a closing quote or bracket
    after it aside): a question asks whether the fact holds and states nothing, in the
    fact's own thread as in any other, whoever asks it."""
    return sentence.rstrip().rstrip("\"')\u201d\u2019]").endswith("?")


_CLAUSE_END = re.compile(r"(?<=[;:])\s+|\s+[\u2013\u2014-]\s+")
"""Where a sentence's clauses part: after a semicolon or a colon followed by a space (a
label, "Reminder: ...", not `10:30`), or at a dash between spaces."""


class _Restatements:
    """The thread turns, in any thread, that restate a forgotten fact: a sentence (or a
    clause of one, `_CLAUSE_END`) whose key is the fact's (`fact_words`, a request before
    either taken off), the reading by which flush and consolidation fold a repeat into
    the fact it repeats, when that is all the turn says: its content words, every
    sentence's, are the fact's and a request's ("Reminder: ...", "Thanks. ..."). A user
    who says the fact again in another thread gives it no ledger line of its own (the
    repeat is folded into the forgotten one), so the tombstone's `said` never names that
    turn; the same words, and no other content word, say the same fact whatever thread
    they are in. A turn that says other things too (a plan with the fact as one bullet)
    is hidden whole or not at all, so it stays; a question ("Is Tom vegan?", "Wait, Tom
    is vegan?") asks, and restates nothing. A sentence holding the fact's words among
    words of its own is read only in the thread the fact was said in (`Echoes`):
    across a workspace, a fact's few words meet in sentences about other things. A
    fact of one content word has none (`MIN_ECHO_WORDS`), nor has a correction's
    restatement of the old words (as `Held` reads it).

    Cheap: a turn that misses the rarest-looking word (the longest) of every key costs a
    substring test a key; only one holding such a word is read into sentences."""

    def __init__(self, stones: list[Tombstone]):
        keys = {_restated_key(stone.fact) for stone in stones if stone.fact}
        keys -= {fact_words(stone.replacement) for stone in stones if stone.replacement}
        self._by_anchor: dict[str, set[frozenset[str]]] = {}
        for words in keys:
            content = list(plain(words))
            if len(content) >= MIN_ECHO_WORDS:
                self._by_anchor.setdefault(max(content, key=len), set()).add(words)

    def __bool__(self) -> bool:
        return bool(self._by_anchor)

    def __call__(self, text: str) -> bool:
        if not self._by_anchor:
            return False
        folded = text.casefold().replace("\u2019", "'")
        keys = set().union(*(keys for word, keys in self._by_anchor.items() if word in folded))
        if not keys:
            return False
        sentences = [sentence for sentence in SENTENCE_END.split(text) if sentence.strip()]
        restated = {
            key
            for sentence in sentences
            if not asks(sentence)
            for clause in {sentence, *_CLAUSE_END.split(sentence)}
            if clause.strip() and (key := _restated_key(clause)) in keys
        }
        if not restated:
            return False
        # The restatement must be (nearly) all of the turn: a plan with one bullet of the
        # fact among lines of its own says other things, and must stay.
        said = {
            word
            for sentence in sentences
            for word in content_words(_REQUEST.sub("", bare(sentence), count=1))
            if word not in _REQUEST_WORDS and not NEGATION.fullmatch(word)
        }
        return any(said <= key for key in restated)


def _restated_key(text: str) -> frozenset[str]:
    """`fact_words` of a fact or a clause of a turn (`_as_said`)."""
    return fact_words(_as_said(text))


def _as_said(text: str) -> str:
    """A fact (or a clause of a turn) as its turn said it: without a request before it,
    nor the date note a flush adds (`undated`: "(March 2026)" is no word the turn, nor
    an echo of it, says)."""
    return _REQUEST.sub("", bare(undated(text)), count=1)


def with_echoes(stones: list[Tombstone]) -> Forgotten:
    """The forgotten facts of `stones` (`Forgotten.of_tombstones`) with the echoes of
    each in the thread it was said in (`Echoes`)."""
    gone = Forgotten.of_tombstones(stones)
    if echoes := Echoes(stones):
        gone.echoes = echoes
    return gone


def forgotten(ws: Workspace) -> Forgotten:
    """The workspace's forgotten facts with their echoes (`with_echoes`): what a model is
    sent or shown of a thread after a forget."""
    return with_echoes(read_tombstones(ws))
