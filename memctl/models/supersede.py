"""Supersession: which facts a later fact makes stale ("staging moved to db7" after
"staging is db3"; a new home city; a moved deadline; "Priya now owns billing").

A fact is read as a *claim*: a subject (its content words, less words that only say
what kind of thing it is: "the staging database" and "staging" are one subject), a
slot (what about it: its value "", its place, employer, job, owner, name, its date
"when", or the verb of a state such as "uses") and a value. The forms read:

- a copula: "X is/are/was/were/has been/will be V", with a value that identifies
  (a number, a date, an identifier such as db3, a proper noun), or any value when X
  names a choice ("favourite", "default", "preferred"); "P is the X" and "P is Q's X"
  are read the other way round (X's value is P: a role has one holder);
- the verbs of a single value: lives in, is based in, moved to, relocated to, works
  at/for, joined, works as, owns, leads, is owned/led/run by, is called/named;
- a change: moved/changed/switched/migrated to (in any tense: "moves to", "is moving
  to", "will move to"; and "goes back to"), is now, now <verb>, renamed to,
  postponed/pushed/delayed/rescheduled/moved to, "took over"; "switched from A to B"
  and "V instead of A" also name the value they replace;
- "X no longer <verb> V" / "X is no longer V": V stopped holding.

A later claim replaces an earlier one with the same subject and slot and another
value, when either both are states of a single value, or the later one says it is a
change. A claim of a verb state ("staging uses db3") is replaced only by a change. A
fact naming the value it replaces ("from A", "instead of A", "no longer ... A")
replaces an earlier fact that holds the subject's words and A (and not the new
value), whatever its form. What is not read as a claim is never stale: a fact that
mentions a subject without giving it a value ("staging was slow on Monday", "Dana
visited Lisbon") stays. English only; the rules read sentence shapes, not topics.

Beyond the claims, a change is read by structure (`_structural`), for wordings no rule
was written for: a later fact with the same words but one short value after the verb
(a number, date, time, identifier or proper noun: "CI for the web team now runs in
Drone" after "... runs in Jenkins"); a later fact with a change cue ("now", "new",
"moved", "these days", ...) whose value, of the same sort, is put somewhere by on, in,
at or to for the same subject ("Ravi started a new job at Soylent" after "Ravi is at
Globex"); a later fact naming an earlier value as the one replaced ("moved off
Confluence and onto Notion"). Never when the later fact adds ("also", "another"), the
value differs inside the subject or names a thing ("leads the Onyx review"), either
tells a past event ("visited Berlin"), or the place is someone else's ("has a cousin in
Tallinn") or where something happened ("was promoted at Soylent", "is hiring for"). Facts are paired only within a bucket (the same
subject word and frame, or the same named value), with the newest 32 of it.

Beyond both, a person's home, a person's employer and the holder of a thing or role are
read by verb class (`classed`): closed lists of phrases with their inflections ("lives
in", "relocated to"; "works as a designer at", "accepted an offer from"; "is in charge
of", "is run by", "was named the new ... lead"), whatever the value's form; a later fact
of the same class for the same subject with another value replaces the earlier one.

Beyond all three, every fact is read as a generic slot (`slot`): subject, attribute,
stemmed relation, value and its sort; a later fact of the same slot, or with a change cue
and a value of the same sort (learned from the facts for names), replaces the earlier one
(`_slot_changes`). recall looks a hit's later values up by the same `slot`. A value put
first ("Accra is where Ada lives", "kv3 carries the billing queue") is read in the
subject-first order (`_fronted`), so every reading sees one skeleton whatever the order.

Last, a later fact that names an earlier fact's value in a leaving role (after "from",
"off", "out of", a verb of leaving, "instead of", or before an arrow), beside another
value of the same sort, ends it (`_leaving_changes`): the role is a closed list of
prepositions and verbs, not of phrases. The same roles are read in a correction of an
earlier statement ("an earlier version said A; it is B": `_corrected`), in Japanese
particles after a value in Latin letters (から "from", を辞め "quit", に代わ "in place of":
`_japanese_left`), after a "not" or "no longer" of another language opening a clause
("..., inte längre i A": `NOT_WORDS`), and in a sentence of its own that lets the old
value go ("A has been switched off", "A has stepped down": `_ENDED_CLAUSE`).

Last of all, by value sort alone (`_valued_changes`): a later fact that gives a subject one
value of a sort its form says (an e-mail address, an ISO date, a phone number, a clock
time, a version, a host-like identifier), where an earlier fact gave the same subject
one value of that sort, replaces it whatever the verbs or layout (a table row, a diff, a
commit title, a quotation); not when it hedges, adds, asks, negates, compares, offers a
choice, is said by someone else, or gives the value to another thing of the subject's
("has a dry run on", "ships its logs to", "Retro for the launch: ..."). The subject is
read from names and noun phrases, not from a verb; a later fact naming the earlier
value beside its own ("A until May, B after") is the same slot.

Last, for a value with no telling form (a city, a person, an employer, a tool, a car:
`_told_changes`), a later fact whose own structure tells an earlier fact's name as the
one before, beside another name: a diff's removed line, a question answered no, "used
to", "formerly" or a clause-opening "before", a range ("A until March, B from April"),
or a clause that says a change ("now", "moved") beside one naming the old value. Not
for a companion ("and", "with"), a relative, a hedge, a label, another speaker's fact,
or two names of sorts the facts teach apart.

Beside the leaving roles, a later fact that names an earlier fact's value beside another
value of its sort, about the earlier fact's subject, ends it when neither fact hedges,
plans, compares or tells history and the value is no owner's, no thing's name
(`_renaming_changes`); a value struck through, a diff's removed line or a "Previous"
field is read as one before an arrow. Whatever the reading, two records whose closing
asides name two subjects ("Current number: ... (Emeka)", "manager: Kwame  # Omar") never
replace each other (`_Found`).

A change said in another language than English (German, Chinese, French, Spanish, ...)
is read by `memctl.models.restated`: the same sentence but for one value with a word of
"now" or a Chinese verb of change, or with a "no longer".

A change stated as an assignment (a SQL UPDATE, a JSON Patch, a shell export) is read by
`memctl.models.assigned`: a subject's key set to a value, the key one whatever its case
or punctuation.

Pure: no I/O. Used by builtin's consolidation (`curate`), the check of a model's
consolidation (`memctl.pipeline.consolidate`) and recall's ordering.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from itertools import pairwise
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar

from memctl.core.lexicon import NOT_PLACED, NOT_WORDS
from memctl.models.assigned import assigned, assigned_changes
from memctl.models.language import CJK
from memctl.models.restated import restated_changes
from memctl.models.words import ASIDE, kin_words, person

READINGS = 4096
"""The readings of a fact (`claim`, `_shape`, `classed`, `_statement`, `_leaving_read`)
kept for the next time it is read: pure functions of the text, asked again of the same
fact by `slot`, `stale` and `given_values` (recall reads a hit's slot, then the hits and
their subject's facts together: 136 facts read 218 times in one prompt of
bench/hook_prompt.py; its `stale` reads the first hits, then them again beside their
subjects' facts, and the prompt hook the hits a third time)."""

MAX_FACT_CHARS = 400
"""A longer line is not one fact giving one value (a pasted paragraph, a tool result):
not read, so the rules' regexes never see a long run of text."""

_P = ParamSpec("_P")
_R = TypeVar("_R")


class _Reading(Generic[_P, _R]):
    """A reading of a fact kept for the next time it is read (`READINGS`), but for a text
    longer than `MAX_FACT_CHARS`, which is never read: `too_long` is answered at once and
    the text is not kept, so a long-lived process (the MCP server, a hook) holds no
    pasted paragraph in its caches (review 21 finding 9). `cache_clear` and `cache_info`
    are the kept readings'."""

    def __init__(self, read: Callable[Concatenate[str, _P], _R], too_long: Any) -> None:
        self._cached = lru_cache(maxsize=READINGS)(read)
        self._too_long = too_long
        self.__doc__ = read.__doc__
        self.__name__ = read.__name__
        self.__wrapped__ = read

    def __call__(self, text: str, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        if len(text) > MAX_FACT_CHARS:
            if self._too_long is _UNKEPT:
                return self.__wrapped__(text, *args, **kwargs)
            return self._too_long  # type: ignore[no-any-return]
        return self._cached(text, *args, **kwargs)  # type: ignore[arg-type]

    def cache_clear(self) -> None:
        self._cached.cache_clear()

    def cache_info(self) -> Any:
        return self._cached.cache_info()


_UNKEPT = object()
"""A `_Reading`'s answer for a text too long to keep that is read each time, not kept: a
token's sort (`_kind`), asked of the tokens of any text."""


def _reading(
    too_long: Any,
) -> Callable[[Callable[Concatenate[str, _P], _R]], _Reading[_P, _R]]:
    """`_Reading` as a decorator: `@_reading(None)`; `@_reading(_UNKEPT)` reads a longer
    text each time without keeping it."""

    def decorate(read: Callable[Concatenate[str, _P], _R]) -> _Reading[_P, _R]:
        return _Reading(read, too_long)

    return decorate


class _Once(dict[tuple[Any, ...], _R]):
    """A rule's answers by its arguments, within one `stale`: a fact said again (a
    MEMORY.md says a subject many times) is read once, and a pair of two facts said
    again is weighed once, where the rule is a pure function of the readings it is
    given. `once[a, b]` is `rule(a, b)`."""

    def __init__(self, rule: Callable[..., _R]) -> None:
        super().__init__()
        self._rule = rule

    def __missing__(self, args: tuple[Any, ...]) -> _R:
        answer = self[args] = self._rule(*args)
        return answer


def _set(words: str) -> frozenset[str]:
    return frozenset(words.split())


class _Lazy:
    """A rule's pattern compiled when a fact first needs it, not at import: compiling
    every rule took a fifth of a prompt hook's process (bench/README.md, hookfast4), and
    most facts are shaped for few rules. `needs`, when given, are words (lower case,
    "|" between them) one of which every match holds: a fact in ASCII that holds none of
    them is answered without the pattern (so that a rule no fact needs is never
    compiled); any other text is matched as written. tests/models/test_supersede_lazy.py
    proves each rule's `needs` from its pattern. A rule for a fact of a rarer shape (a
    question answered in one line, a log line's stamp, a record's fields) is lazy without
    `needs`: none of the 47 prompts of bench/hook_prompt.py compiled one (hook17)."""

    __slots__ = ("_compiled", "flags", "needs", "source")

    def __init__(self, source: str, flags: int = 0, *, needs: str = "") -> None:
        self.source = source
        self.flags = flags
        self.needs = tuple(needs.split("|")) if needs else ()
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self.source, self.flags)
        return self._compiled

    def _cannot(self, text: str) -> bool:
        """Whether `text` holds none of `needs` (ASCII: its case folds as `re.I` reads
        it; "ſ" or "K" would match "s" or "k" under `re.I`, and are read by the pattern)."""
        if not self.needs or not text.isascii():
            return False
        return not any(map(text.lower().__contains__, self.needs))

    def match(self, text: str) -> re.Match[str] | None:
        return None if self._cannot(text) else self.compiled.match(text)

    def fullmatch(self, text: str) -> re.Match[str] | None:
        return None if self._cannot(text) else self.compiled.fullmatch(text)

    def search(self, text: str, pos: int = 0) -> re.Match[str] | None:
        return None if self._cannot(text) else self.compiled.search(text, pos)

    def sub(self, repl: str | Callable[[re.Match[str]], str], text: str, count: int = 0) -> str:
        return text if self._cannot(text) else self.compiled.sub(repl, text, count)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return iter(()) if self._cannot(text) else self.compiled.finditer(text)


# Words that say what kind of thing a subject is, not which: "the staging database"
# is "staging". Also articles, possessive determiners and "current". Not "team": a
# team is people, not a thing its name also names ("the Onyx team is a Drone shop"
# says nothing of the Onyx service's version).
_KIND = _set(
    """the a an our my your their his her its this that these those current new old
    database db server host machine environment env service cluster instance box
    system app application project repo repository"""
)
# A subject ending with one of these is an attribute of what comes before it:
# "Dana's home city" is Dana's place; "the migration deadline" is the migration's date.
_SLOT_NOUNS = {
    "home": "place",
    "city": "place",
    "hometown": "place",
    "town": "place",
    "address": "place",
    "employer": "employer",
    "company": "employer",
    "workplace": "employer",
    "job": "job",
    "role": "job",
    "title": "job",
    "owner": "owner",
    "maintainer": "owner",
    "name": "name",
    "deadline": "when",
    "date": "when",
    "day": "when",
}
_PRONOUNS = _set("he she they him her them it this that there i we you")
_CHOICE = _set("favourite favorite default preferred primary main usual go-to")
_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?"
_DATE = re.compile(
    rf"\b(?:\d{{4}}-\d\d(?:-\d\d)?|\d{{1,2}}/\d{{1,2}}(?:/\d{{2,4}})?|{_MONTH}\.?\s+\d{{1,2}}"
    rf"(?:st|nd|rd|th)?|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}|{_WEEKDAY}|Q[1-4])\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[\w][\w'’./:@-]*")
# What may trail a value without being part of it: "db7 because db3 was full",
# "Berlin in March 2024", "db7 last week", "(May 2023)". It starts only where a run of
# spaces starts, or at the first character searched from (1): from inside a run it read
# the rest of the run at each space (quadratic), to find what its start had found.
_VALUE_END = re.compile(
    rf"(?:(?<!\s)|(?<=\A\s))\s*(?:[,;(—–]|\s-\s|\b(?:because|since|as of|after|before|when|while|so that|so|but|"
    rf"which|who|where|until|for now|for good|due to|from now on|going forward|"
    rf"starting|effective|last|this|next|yesterday|today|tomorrow|recently|earlier|for|"
    rf"now|again|these days|in (?:the )?(?:spring|summer|autumn|fall|winter)|"
    rf"and (?:is|was|will|has)|on (?:{_WEEKDAY}|{_MONTH}|\d)|in (?:{_MONTH}|\d|early|late|mid)"
    rf")\b)",
    re.IGNORECASE,
)
# What opens a fact before its subject, set off by a comma or a colon: a time, a place
# or a link ("In March, ...", "Update: ..."), or a fixed aside (`ASIDE`: "For the record,
# ...", "As a reminder, ...", "FYI, ..."): the statement after it is read, so that "For
# the record, the staging DB is db3" is the same claim as "The staging DB is db3" (audit
# 15 H5). Any other "For/Per/As/To ..." opening scopes its claim ("For the iOS app, the
# minimum version is 15" and "For the Android app, ... 10" are two facts, review 23 H5),
# so it stays part of the statement.
_LEAD = re.compile(
    r"^(?:(?:(?:in|on|at|as of|since|from|starting|after|before|by|today|yesterday|"
    r"this|last|recently|now|also|so|and|but|update|correction|note)\b[^,:]{0,40}"
    rf"|{ASIDE})(?:,|:\s)\s*)+",
    re.IGNORECASE,
)
_SPEAKER = re.compile(r"^([A-Z][\w'.-]*(?: [A-Z][\w'.-]*){0,2}): ")
# A quotation that is the whole fact ('Ana: “the review is at 14:15 now”') says what the
# sentence quoted says.
_QUOTED = re.compile(r"^[“\"](?P<said>[^“”\"]+)[”\"]$")
# A date or "said ..." in brackets; its spaces before it from where their run starts.
_SAID = re.compile(r"(?<!\s)\s*\((?:[^()]*\d{4}[^()]*|[^()]*said[^()]*)\)")
_NP = r"(?P<subject>[\w'’./:@-]+(?: [\w'’./:@-]+){0,7}?)"
_NOW = r"(?P<now>now |currently |since then |from now on )?"
# A verb of change in any tense or aspect (fixaudit13b): "moved", "moves", "is moving",
# "has moved", "will move", "is going to move"; the bare form only after "will" or
# "going to" ("we need to move to" hedges: no change read), not after "was" or "were":
# "Amara was going to move to Oslo but the flat fell through" tells a plan of the past,
# which the sentence says no more of than that it was made (drops20).
_CHANGE = (
    r"(?:has |have |had |was |were |is |are |been |got |just |recently |finally |officially |"
    r"then |since )*"
    r"(?:mov(?:ed|es|ing)|chang(?:ed|es|ing)|switch(?:ed|es|ing)|migrat(?:ed|es|ing)|"
    r"shift(?:ed|s|ing)|transfer(?:red|s|ring)|relocat(?:ed|es|ing)|upgrad(?:ed|es|ing)|"
    r"updat(?:ed|es|ing)|roll(?:ed|s|ing) over|cut(?:s|ting)? over|(?:go|goes|going|went|gone) back|"
    r"(?:will |(?<!was )(?<!were )(?:is |are |am )?going to )(?:move|change|switch|migrate|shift|transfer|"
    r"relocate|upgrade|update|roll over|cut over))"
)
# The same verbs said in the present, the progressive or the future, as a change cue
# beside the past forms the cues list ("The sync moves to Tuesdays", "is switching to").
_CHANGE_NOW = (
    r"moves|moving|changes|changing|switches|switching|migrates|migrating|relocates|"
    r"relocating|takes over|taking over|(?:will|going to) (?:move|change|switch|migrate|relocate)"
)
_DELAY = (
    r"(?:has |have |had |was |were |is |got |just |been )*"
    r"(?:postponed|pushed(?: back)?|delayed|rescheduled|bumped|moved(?: back| up)?|"
    r"brought forward|slipped|pulled in|extended)"
)
_FORMS: list[tuple[str, re.Pattern[str] | _Lazy]] = [
    # "X switched from A to B", "X moved from A to B"
    (
        "from",
        re.compile(
            rf"^{_NP} (?:{_CHANGE}|{_DELAY})(?: (?:its|their|our|his|her|the) [\w-]+)? from "
            r"(?P<old>.+?) (?:to|over to|onto|into) "
            r"(?P<value>.+)$",
            re.I,
        ),
    ),
    # "The deadline was postponed to 2027-01-15", "the launch slipped to March 10"
    ("delay", re.compile(rf"^{_NP} {_DELAY} (?:to|until|till|into) (?P<value>.+)$", re.I)),
    # "Staging moved to db7", "Dana relocated to Berlin", "billing switched over to Stripe"
    (
        "change",
        _Lazy(
            rf"^{_NP} {_CHANGE}(?: house| home| (?:its|their|our|his|her) (?P<noun>[\w-]+))? "
            r"(?:back |over )?(?:to|onto|into|over to) (?P<value>.+)$",
            re.I,
            needs="back|chang|going to|migrat|mov|over|relocat|shift|switch|transfer|updat|upgrad|will",
        ),
    ),
    # "Someone moved the deadline to X", "we renamed auth-api to identity-api"
    (
        "moved-object",
        _Lazy(
            r"^[\w'’ -]{1,40}? (?:moved|pushed(?: back)?|postponed|rescheduled|changed|switched|"
            r"migrated|bumped|(?P<renamed>renamed)) (?P<subject>(?:the|our|their|his|her|its|"
            r"[A-Z][\w-]*'s) [\w'’./:@-]+(?: [\w'’./:@-]+){0,6}?) (?:to|until|over to) "
            r"(?P<value>.+)$",
            re.I,
            needs="bumped|changed|migrated|moved|postponed|pushed|renamed|rescheduled|switched",
        ),
    ),
    (
        "renamed",
        _Lazy(
            rf"^{_NP} (?:was |has been |got |is )?renamed (?:to |as )?(?P<value>.+)$",
            re.I,
            needs="renamed ",
        ),
    ),
    (
        "named",
        _Lazy(
            rf"^{_NP} (?:(?:is|are|was) (?:now )?(?:called|named|known as|referred to as)|"
            r"goes by|go by|(?:got|has|gets) a new name:?|changed (?:its|their) name to) "
            r"(?P<value>.+)$",
            re.I,
            needs=" a new name|called|changed |go by|goes by|known as|named|referred to as",
        ),
    ),
    (
        "negated",
        _Lazy(
            rf"^{_NP} (?:(?P<be>is|are|was|were)(?: no longer|(?P<not> not|n't|n’t))"
            r"(?: (?P<at>on|in|at)(?= ))?|no longer (?P<verb>[\w-]+(?: (?:in|at|for|on|as|to))?)"
            r"|(?:does|do|did)n['’]?t (?P<verb2>[\w-]+(?: (?:in|at|for|on|as|to))?)(?P<val2>.+?) "
            r"any ?more)(?P<value>.*)$",
            re.I,
            needs=" any| no longer|no longer | not|n't|n’t",
        ),
    ),
    # "The billing service was handed over to Marco"
    (
        "handed",
        _Lazy(
            rf"^{_NP} (?:was |has been |got |is being )(?:handed over|handed off|passed|passed on|"
            r"reassigned|given|transferred) to (?P<value>[A-Z][\w'-]*(?: [A-Z][\w'-]*)?)$",
            needs="given|handed off|handed over|passed|reassigned|transferred",
        ),
    ),
    (
        "by",
        _Lazy(
            rf"^{_NP} (?:is |are |was |has been |will be )?{_NOW}(?:owned|led|run|managed|"
            r"maintained|handled|taken over) by (?P<value>.+)$",
            re.I,
            needs=" by ",
        ),
    ),
    # "Marco took over as the team lead", "Ana was appointed as the release manager"
    (
        "as",
        _Lazy(
            rf"^(?P<value>[A-Z][\w'-]*(?: [A-Z][\w'-]*)?) {_NOW}(?:has |was |is |just )*"
            r"(?:took over|taken over|stepped in|stepped up|appointed|named|promoted|started|"
            r"became|become) as (?P<subject>(?:the|our|[A-Z][\w-]*'s) .+)$",
            needs=(
                "appointed|became|become|named|promoted|started|stepped in|stepped up|taken over|"
                "took over"
            ),
        ),
    ),
    (
        "owns",
        _Lazy(
            rf"^(?P<value>[A-Z][\w'-]*(?: [A-Z][\w'-]*)?) {_NOW}(?:(?:has )?taken over|took over|"
            r"owns|leads|runs|manages|maintains|is (?:now )?(?:the )?(?:owner|lead|maintainer) of|"
            r"is (?:now )?responsible for|looks after|has taken over|has taken on) "
            r"(?P<subject>(?!an? |some |many |two |three |on |in |at |to |for |as |with |into )[\w'’./:@-]+(?: [\w'’./:@-]+){0,4})$",
            needs=(
                "has taken on|lead|looks after|maintainer|maintains|manages|owner|owns|"
                "responsible for|runs|taken over|took over"
            ),
        ),
    ),
    (
        "personal",
        _Lazy(
            rf"^{_NP} {_NOW}(?:still )?(?P<verb>lives in|lives at|is living in|lives near|"
            r"is based in|is based at|is located in|is located at|resides in|is moving to|"
            r"has lived in|has been living in|settled in|has settled in|"
            r"works at|works for|is working at|is working for|is employed by|joined|started at|"
            r"has a job at|started a new job at|started working at|is an? [\w-]+ at|is an? [\w-]+ for|"
            r"works as|is working as|is employed as) (?P<value>.+)$",
            re.I,
            needs=(
                "liv|based|employed|is a|located|moving|working|joined|resides|settled|started|"
                "works|job"
            ),
        ),
    ),
    (
        "state",
        _Lazy(
            rf"^{_NP} {_NOW}(?P<verb>uses|use|runs on|run on|is on|are on|is hosted on|"
            r"is hosted at|is hosted in|points to|point to|is in|are in|is at|are at|"
            r"deploys to|deploy to|deploys on|deploy on|meets on|meet on|is due|are due|"
            r"is scheduled for|is set for|is planned for|happens on|takes place on|is held on|"
            r"is held at|is scheduled at|starts at|starts on|begins at|begins on|kicks off at|"
            r"builds with|builds on|builds everything with|"
            r"(?:runs|builds|hosts|keeps|stores) (?:its|their|our) [\w-]+ (?:on|in|with|at)|"
            r"prefers|prefer|drives|listens on|talks to|reads from|writes to|stores .{1,20} in) "
            r"(?P<value>.+)$",
            re.I,
            needs=(
                "are at|are due|are in|are on|begins at|begins on|builds|deploy on|deploy to|"
                "deploys on|deploys to|drives|happens on|hosts|is at|is due|is held at|is held on|"
                "is hosted at|is hosted in|is hosted on|is in|is on|is planned for|"
                "is scheduled at|is scheduled for|is set for|keeps|kicks off at|listens on|"
                "meet on|meets on|point to|points to|prefer|reads from|run on|runs|starts at|"
                "starts on|stores|takes place on|talks to|use|writes to"
            ),
        ),
    ),
    (
        "copula",
        re.compile(
            rf"^{_NP} (?:is|are|was|were|has been|have been|will be|becomes|became|'s|’s) "
            rf"{_NOW}(?P<value>.+)$",
            re.I,
        ),
    ),
]
_PLACE_VERBS = ("live", "living", "based", "located", "resides", "moving", "is in", "are in")
_WORK_VERBS = ("works at", "works for", "working at", "working for", "employed by")
_JOB_VERBS = ("works as", "working as", "employed as")
_NOT_VALUE = _Lazy(
    r"^(?:not|no|never|\w+ly not|maybe not|perhaps not|also|too|very|so|really|quite|pretty|"
    r"more|less|much|being|getting|about|going|able|likely|unlikely|one of|part of|still|"
    r"always|usually|often|just|"
    r"the same|the best|the worst|the first|the last|the only|the one|the reason|"
    r"\w+ing|\w+ed)\b",
    re.I,
)
# "Felix left Soylent for Initech", "Yuki left Berlin and settled in Porto", "the team
# dropped Jenkins for Travis", "the team replaced Jenkins with Drone", "Ravi replaced
# Amara as the team lead", "Priya has taken over billing from Omar", "Ines handed the
# Kestrel service over to Jonas", "Tomas quit Globex and joined Vandelay": a change
# that names the value it ends.
_LEFT = _Lazy(
    r"^(?P<subject>[\w'’./:@ -]{1,60}?) (?:has |just |recently )*(?:left|quit) "
    r"(?P<old>[A-Z][\w'’.-]*(?: [A-Z][\w'’.-]*)?) (?:(?P<job>for|to join|and (?:has )?"
    r"(?:joined|signed with|went to work for|started at)) |and (?:has )?"
    r"(?:settled|moved|relocated) (?:in|to) )(?P<value>[A-Z].*)$",
    needs="left|quit",
)
_DROPPED = _Lazy(
    r"^(?P<subject>[\w'’./:@ -]{1,60}?) (?:has |just |recently )*(?:dropped|ditched|replaced|"
    r"swapped|traded) (?P<old>[\w'’./:@-]+(?: [\w'’./:@-]+)?) (?:for|with) (?P<value>.+)$",
    re.I,
    needs="ditched|dropped|replaced|swapped|traded",
)
_REPLACED_AS = _Lazy(
    r"^(?P<value>[A-Z][\w'-]*(?: [A-Z][\w'-]*)?) (?:has )?replaced (?P<old>[A-Z][\w'-]*"
    r"(?: [A-Z][\w'-]*)?) as (?P<subject>.+)$",
    needs="replaced ",
)
_TAKEN_FROM = _Lazy(
    r"^(?P<value>[A-Z][\w'-]*(?: [A-Z][\w'-]*)?) (?:has )?(?:taken over|took over|inherited) "
    r"(?P<subject>.+?) from (?P<old>[A-Z][\w'-]*(?: [A-Z][\w'-]*)?)$",
    needs="inherited|taken over|took over",
)
_HANDED = _Lazy(
    r"^(?P<old>[A-Z][\w'-]*(?: [A-Z][\w'-]*)?) (?:has )?(?:handed|passed|gave) (?P<subject>.+?) "
    r"(?:over |on )?to (?P<value>[A-Z][\w'-]*(?: [A-Z][\w'-]*)?)$",
    needs="gave|handed|passed",
)
_BELONGS = _Lazy(
    r"^(?P<subject>.+?) (?:now )?(?:belongs to|is maintained by|is looked after by) "
    r"(?P<value>[A-Z][\w'-]*(?: [A-Z][\w'-]*)?)(?: now)?$",
    needs="belongs to|is looked after by|is maintained by",
)
_ACTS_AS = _Lazy(
    r"^(?P<value>[A-Z][\w'-]*(?: [A-Z][\w'-]*)?) (?:acts as|serves as|has been|has become|"
    r"is acting as|is serving as|stepped up as|steps in as) (?P<subject>(?:the|our) .+?)"
    r"(?: since .+| for now| now)?$",
    needs=(
        "acts as|has become|has been|is acting as|is serving as|serves as|stepped up as|steps in as"
    ),
)
_CALLS_HOME = _Lazy(
    r"^(?P<subject>[A-Z][\w'-]*(?: [A-Z][\w'-]*)?) (?:now )?calls (?P<value>[A-Z].*?) home$",
    needs="calls ",
)
# "We host staging on db3", "we call the wiki quill-12": what "we" do to the subject.
_WE = _Lazy(
    r"^(?:we|they|the team|ops) (?:are |were |will be |have been |now |currently )*"
    r"(?P<verb>[a-z]+) (?P<subject>(?:the |our )?"
    r"[\w'’./:@-]+(?: [\w'’./:@-]+){0,7}?) (?:(?:on|at|in|to|for|with|as|onto|until) )?"
    r"(?P<value>\S+)$",
    re.I,
    needs="ops|the team|they|we",
)
# A value the type of which says the slot: a time or date ("when"), an identifier
# with a digit ("db3", "pg-node-71": the value of the thing itself).
_TYPED = re.compile(
    r"(?P<value>\d{4}-\d\d-\d\d|\d{1,2}:\d\d(?:\s?[ap]m)?|\d{1,2}\s?[ap]m|"
    r"[a-z][\w]*(?:[-_.][\w]+)*\d[\w-]*)$",
    re.I,
)
_CHANGED = re.compile(
    r"\b(?:now|new|moved|changed|switched|migrated|became|become|replaced|left|dropped|"
    r"started|as of|from next|starting|these days|instead|no longer|renamed|known as|"
    r"postponed|delayed|pushed|rescheduled|cut over|took over|taken over|handed|onto|"
    rf"anymore|since then|going forward|from now on|{_CHANGE_NOW})\b",
    re.I,
)
_INSTEAD = _Lazy(
    r"^(?P<clause>.+?),? (?:instead of|rather than|in place of|replacing) (?P<old>.+)$",
    re.I,
    needs="in place of|instead of|rather than|replacing",
)


@dataclass(frozen=True)
class Claim:
    """What a fact says the value of one thing is."""

    subject: frozenset[str]
    slot: str
    value: str
    change: bool = False
    """Said as a change ("moved to", "now", "instead of"): replaces any earlier state."""
    weak: bool = False
    """A verb state ("uses db3"): replaced by a change only."""
    negated: bool = False
    """"no longer": the value stopped holding; replaces the claim of that value."""
    old: str = ""
    """The value it says it replaced ("from A", "instead of A"), when named."""
    unnamed: bool = False
    """A holder of a role of something unnamed ("the other deputy"): one of many, weak,
    and said as a change only by "now" or "took over" ("a new squad" is no change)."""
    owner: str = ""
    """Whose field changed, named after the change ("... from A to B on the Atlas
    migration's review ticket": "the Atlas migration's review ticket"); its words are in
    `subject` too (`_owner_words`), so two owners' changes are two facts."""

    @property
    def key(self) -> tuple[frozenset[str], str]:
        return self.subject, self.slot


def _clean(text: str) -> str:
    """The sentence without its bullet, speaker, trailing date note and final stop."""
    text = text.strip().lstrip("-*+• ").strip()
    text = _SPEAKER.sub("", text)
    text = _QUOTED.sub(r"\g<said>", text)
    text = text.replace(" @ ", " is at ")  # "The Sable review @ 14:15"
    text = _SAID.sub("", text)
    return _LEAD.sub("", text).strip().rstrip(".!;").strip()


def _words(text: str) -> list[str]:
    return [w.casefold().replace("’", "'").rstrip(".:") for w in _WORD.findall(text)]


def _value(text: str) -> str:
    """The value's words, without what trails it (a reason, a time, a clause)."""
    text = text.strip()
    cut = _VALUE_END.search(text, 1)
    if cut:
        text = text[: cut.start()]
    words = [w for w in _words(text) if w not in ("the", "a", "an", "to")]
    return " ".join(words)


def _firm(value_text: str, subject_text: str) -> bool:
    """A value that identifies (a number, a date, an identifier, a proper noun), not an
    adjective or a description: "db3", "2026-12-15", "Berlin", not "slow", "a teacher".
    A proper noun alone does not count after a bare name ("Dana is Canadian")."""
    cut = _VALUE_END.search(value_text, 1)
    head = value_text[: cut.start()] if cut else value_text
    words = head.split()
    if not words or len(words) > 6 or _NOT_VALUE.match(head.strip()):
        return False
    if re.search(r"\d", head) or _DATE.search(head):
        return True
    if any(re.search(r"\w[-_/.:@]\w", w) for w in words):
        return True
    proper = any(w[:1].isupper() for w in words if w.casefold() not in ("i",))
    bare_name = bool(re.fullmatch(r"[A-Z][a-z][\w-]*", subject_text.strip()))
    return proper and not bare_name


def _subject(text: str, about: str | None) -> tuple[frozenset[str], str] | None:
    """The subject's words (kind words left out) and the slot its last word names
    ("Dana's home city" -> ({dana}, place)); None for a pronoun without `about`."""
    words = _words(text)
    if not words:
        return None
    if len(words) == 1 and words[0] in _PRONOUNS:
        if words[0] == "we":
            return frozenset(["we", f"{(about or 'we').casefold()}'s"]), ""
        if about is None or words[0] in ("i", "you", "it", "this", "that", "there"):
            return None
        words = _words(about)
    if words[0] in ("when", "if", "because", "although", "while", "what", "how", "why"):
        return None
    slot = ""
    for at, word in enumerate(words[:-1]):
        if word in ("of", "for") and at and words[at - 1] in _SLOT_NOUNS:
            # "the deadline for the migration", "the owner of billing"
            slot = _SLOT_NOUNS[words[at - 1]]
            words = words[at + 1 :]
            break
    if slot:
        pass
    elif len(words) > 1 and words[-1] in _SLOT_NOUNS:
        slot = _SLOT_NOUNS[words.pop()]
        if words and words[-1] == "home":  # "home city", "home address"
            words.pop()
    elif words[-1] in ("deadline",):
        slot = "when"
    kept = [w.removesuffix("'s") if slot else w for w in words if w not in _KIND]
    if words[0] in ("our", "my") and about:  # "Our team" said by Lena is not Ben's
        kept.append(f"{about.casefold()}'s")
    elif words[0] == "my":
        # said by no one named (a `save`, `forget --replace`): the user's own, as a flush
        # writes an unnamed user's "my" ("the user's rate", audit 16 H3)
        kept.append("user's")
    if not kept:
        kept = [w for w in words if w not in ("the", "a", "an")]
    return (frozenset(kept), slot) if kept else None


@_reading(None)
def _statement(text: str, about: str | None) -> tuple[str, str | None] | None:
    """The fact's sentence and who its pronoun subject stands for (`about`, else a
    leading "Speaker:"); None for a fact too long to read or a question. What `claim`
    and `_shape` both read first."""
    if len(text) > MAX_FACT_CHARS:
        return None
    if "?" in text and (answered := _answered_as_said(text.strip().lstrip("-*+• "))):
        text, about = answered[0], about or answered[1]
    if speaker := _SPEAKER.match(text.strip().lstrip("-*+• ")):
        about = about or speaker[1]
    sentence = _clean(text)
    if not sentence or sentence.endswith("?"):
        return None
    return _fronted(sentence), about


# A question and its answer in one fact (an FAQ, an interview): "Car-share FAQ: Q: What
# does Tomas drive? A: A Tesla Model 3.", "HOST: What's your editor? GUEST (Nadia): Zed,
# always." It says what the question asks with the answer in the question word's place:
# "Tomas drives A Tesla Model 3", "Nadia's editor is Zed". Each part may open with a label
# ("Q:", "HOST:", "GUEST (Nadia):"); the answerer named in the label's parenthesis is the
# "you" of the question and the "I" of the answer. The answer is its first clause, without
# a demonstrative or naming opening ("That's Emeka, has been for ages", "We call it X").
_ANSWERED = _Lazy(
    r"^(?:(?P<heading>[^:?]{1,40}):\s+(?=Q:))?(?:(?:Q|[A-Z]{2,})(?:\s*\([^()]*\))?:\s+)?"
    r"(?:(?:So|And|Then),?\s+)?(?P<wh>What|Who|Where|Which|When)(?P<how>'s|’s| is| are| does| do)?"
    r"\s+(?P<rest>[^?]+)\?\s+"
    r"(?:A|[A-Z]{2,})(?:\s*\((?P<who>[A-Z][\w'-]*)\))?:\s+(?P<answer>[^?]+)$"
)
_ANSWER_OPENING = _Lazy(r"^(?:(?:That|It|This)(?:'s|’s| is)|(?:We|They) call (?:it|them))\s+", re.I)
# An answer that gives no value (review 19): a negation or a placeholder ("No idea", "Not
# decided", "None yet", "TBD", "N/A"), an adjective negated by "un-" ("Unknown",
# "Unclear", "Undecided"), or an imperative that sends the asker elsewhere ("Ask
# Rasmus.", "Check the wiki."): a verb of asking or looking up in its base form, or any
# word before a determiner or an object pronoun ("Try the wiki", "Ask him"), which a
# name or a noun phrase does not open. A value is a name, a typed value or a noun phrase.
_NO_ANSWER = _Lazy(
    r"^(?:(?:no|not|none|nobody|nothing|never|n/a|tbd|tba|tbc)\b"
    r"|un[a-z]+?(?:ed|en|wn|ear|ure|ain|able|ible|ful|ive|ous|ic|al)\b"
    r"|(?:ask|check|see|contact|email|ping|call|consult|try|refer|talk|speak|message|look)\b"
    r"|\w+ (?:the|a|an|our|your|their|his|her|its|my|him|them|me|us|it)\b)",
    re.I,
)
_PARTICIPLE_END = _Lazy(
    r"^(?P<thing>.+?) (?P<done>(?:\w+ed|written|built|run|made|known|kept|held|done|"
    r"called)(?: (?:in|with|on|by|as|at|from|for))?)$"
)


@lru_cache(maxsize=READINGS)
def _answered_as_said(text: str) -> tuple[str, str | None] | None:
    """A question answered in one fact read as the statement it answers, and who the
    answerer is (see above); None when the fact is not one."""
    match = _ANSWERED.match(text)
    if match is None:
        return None
    said = _question_answered(match)
    if said is None:
        return None
    said = f"{said[:1].upper()}{said[1:]}"
    return (f"{match['heading']}: {said}" if match["heading"] else said), match["who"]


def _question_answered(match: re.Match[str]) -> str | None:
    """The statement an `_ANSWERED` match says, without its heading."""
    who = match["who"]
    answer = _ANSWER_OPENING.sub("", re.split(r",\s|;\s|\s\(", match["answer"])[0])
    answer = answer.strip().rstrip(".!")
    rest = match["rest"].strip()
    if who:
        answer = re.sub("^" + person("I'm|I’m|I am"), f"{who} is", answer)
        rest = re.sub(person("your"), f"{who}'s", rest)
        rest = re.sub(person("you"), who, rest)
    elif re.search(r"\byou(?:r)?\b|^I\b", f"{rest} {answer}"):
        return None  # no one named to stand for "you"
    if not answer or not rest or _NO_ANSWER.match(answer):
        return None
    how = (match["how"] or "").strip().replace("’", "'")
    wh = match["wh"].casefold()
    opens = answer.split()[0].casefold()
    put = "in " if wh == "where" and opens not in _LIGHT else ""
    if opens in _LIGHT:
        answer = answer[:1].lower() + answer[1:]  # "On wh-81": no name
    if how in ("'s", "is", "are"):
        copula = "is" if how != "are" else "are"
        if wh == "which":
            return None  # "Which team are you on?": the noun asked is not said as a value
        if part := _PARTICIPLE_END.match(rest):
            return f"{part['thing']} {copula} {part['done']} {put}{answer}"
        return f"{rest} {copula} {put}{answer}"
    if how in ("does", "do"):
        thing, _, verb = rest.rpartition(" ")
        if not thing or not verb.isalpha():
            return None
        if how == "does":
            verb = f"{verb}es" if verb.endswith(("s", "sh", "ch", "x", "o")) else f"{verb}s"
        return f"{thing} {verb} {put}{answer}"
    if how == "" and wh in ("what", "who"):
        return f"{answer} {rest}"  # "What runs our builds? A: TeamCity"
    return None


# A value put first (supersede9): a cleft ("Accra is where Ada lives as of this spring",
# "Drone is what the Orca team builds with") or a typed value as the sentence's own
# subject ("kv3 carries the billing queue"). Read in the subject-first order, so that
# every reading sees one skeleton whatever the order: "Ada lives in Accra as of this
# spring", "the billing queue carries kv3".
_CLEFT = re.compile(
    r"^(?P<value>[A-Z0-9][\w'’./:@+-]*(?: [A-Z0-9][\w'’./:@+-]*){0,3}) (?:is|was|are) "
    r"(?P<wh>where|what|who|whom) (?P<rest>(?!is |was |are )\S.+)$"
)
_TYPED_FIRST = re.compile(
    r"^(?P<value>[\w.@/+-]*\d[\w.@/+-]*) (?P<verb>[a-z]+[^s\W]s|[a-z]+ed) (?P<rest>\S.+)$"
)
# ... or the subject of a copula whose noun it fills ("13:30 is the slot for the Raven
# standup", "07700 900639 is Idris's number"): "the slot for the Raven standup is 13:30".
_TYPED_IS = re.compile(
    r"^(?P<value>[+]?[\w.:@/+-]*\d[\w.:@/+-]*(?: \d[\d-]*){0,3}) (?P<verb>is|was) "
    r"(?P<rest>(?:the|our|their|[A-Z][\w-]*['’]s) \S.+)$"
)
# Adverbs of time or manner that trail what is said and carry no relation: dropped.
_TRAILING_ADVERBS = re.compile(
    r"(?:\s+(?:now|currently|internally|nowadays|lately|these days|any ?more))+$", re.I
)
_WH_PUTS = {"where": "in "}
_WH_WORDS = _set("which whose what who whom where when how")


# A note with no subject, opening with what was done ("Moved the Onyx review to 15:15",
# "Rolled the Garnet service forward to 7.0", a diary's or a log's wording): what was done
# to its object, read as said of the object ("The Onyx review was moved to 15:15"). Only
# a verb in -ed, an object opened by a determiner or a possessive, and a particle or a
# preposition of direction after it: "Added a checkpoint on ..." and "Rang Kenji on ..."
# keep their wording.
_DONE_TO = re.compile(
    r"^(?P<verb>[A-Z][a-z]*(?:-[a-z]+)?ed) (?P<object>(?:the|our|their|[A-Z][\w-]*'s) "
    r"[\w'-]+(?: [\w'-]+){0,4}?) (?P<rest>(?:(?:over|forward|back|across) )?"
    r"(?:to|onto|into|for) \S.*)$"
)


# A request naming whom to reach and where ("Cc Yuki at yuki@acme.io on the thread",
# "Write to Ana at ana@acme.io", "Call Viktor on 07700 900111"): what is said is of the
# person, read in the subject-first order ("Yuki gets cc at ...").
_REACH = re.compile(
    r"^(?P<verb>[A-Z][a-z]+) (?:to )?(?P<name>[A-Z][a-z][\w-]*) (?P<rest>(?:at|on|via) \S*[\d@].*)$"
)


def _fronted(sentence: str) -> str:
    """`sentence` with a value put first read in the subject-first order (see above);
    its time phrase ("as of this spring", "since Monday", "these days") kept last; a
    note saying what was done to its object read as said of the object (_DONE_TO)."""
    if done := _DONE_TO.match(sentence):
        thing = done["object"]
        return f"{thing[:1].upper()}{thing[1:]} was {done['verb'].lower()} {done['rest']}"
    if reach := _REACH.match(sentence):
        return f"{reach['name']} gets {reach['verb'].lower()} {reach['rest']}"
    match = _CLEFT.match(sentence) or _TYPED_FIRST.match(sentence) or _TYPED_IS.match(sentence)
    if match is None:
        return sentence
    rest = match["rest"]
    trail = _TRAIL.search(rest, 1)
    core, tail = (rest[: trail.start()], rest[trail.start() :]) if trail else (rest, "")
    core = _TRAILING_ADVERBS.sub("", core)
    if match.re is _TYPED_IS:
        core = f"{core} {match['verb']}"  # "the slot for the Raven standup is 13:30"
    elif "verb" in match.groupdict():
        core = f"{core} {match['verb']}"
    else:
        core = f"{core} {_WH_PUTS.get(match['wh'], '')}".rstrip()
    return f"{core[:1].upper()}{core[1:]} {match['value']}{tail}"


@_reading(None)
def claim(text: str, about: str | None = None) -> Claim | None:
    """The claim a fact makes, or None when it gives no single value to anything.
    `about`: who a pronoun subject ("She moved to Berlin") stands for, if known."""
    read = _statement(text, about)
    if read is None:
        return None
    sentence, about = read
    if plan := _PLAN_THEN.match(sentence):
        return _plan_then(plan, about)
    if instead := _INSTEAD.match(sentence):
        inner = claim(instead["clause"], about)
        if inner is None:
            return None
        return Claim(
            inner.subject, inner.slot, inner.value, True, False, False, _value(instead["old"])
        )
    # Said as a change anywhere in the sentence ("As of Monday, ...", "is now planned
    # for"): read without the marker, counted as a change.
    change = bool(_CHANGED.search(_SAID.sub("", text)))
    sentence = re.sub(
        r"^(?:from|starting|beginning|as of|since) (?:\d{4}-\d\d-\d\d|\d{1,2}(?:st|nd|rd|th)? [A-Z]\w+|"
        r"(?:next |this |last )?\w+(?: \d{1,2}(?:st|nd|rd|th)?)?),? (?=the |our |my |their |its |his |her )",
        "",
        sentence,
        flags=re.I,
    )
    sentence = re.sub(r" (?:now|currently)(?= )", "", sentence)
    made = _named_change(sentence) or _formed(sentence, about) or _typed(sentence)
    if made is not None and made.subject & _WH_WORDS:
        # "whose is the Quartz service? Emeka's.": a question's word is no subject; the
        # thing asked about is, and it sits in the value (supersede16)
        return None
    if made is not None and made.unnamed:
        change = bool(_HOLDER_NOW.search(text))
    if made is not None and change and not made.change:
        return Claim(
            made.subject,
            made.slot,
            made.value,
            True,
            False,
            made.negated,
            made.old,
            False,
            made.owner,
        )
    return made


# A plan of the past with what came of it after "and" ("Ana was going to move to Leeds,
# and now she lives in Leeds", "..., and she moved there last week"): "was going to"
# alone is no change (`_CHANGE`, drops20), the clause after it is a statement of its own.
_PLAN_THEN = re.compile(
    r"^(?P<plan>(?P<subject>[^,]+?) (?:was|were) going to [^,]+?),? and (?P<then>.+)$", re.I
)
# What came of it said as done: "did", a change verb or cue ("moved there", "now").
_CARRIED_OUT = re.compile(rf"\b(?:did|{_CHANGE})\b|^(?:now|since then)\b", re.I)


def _plan_then(plan: re.Match[str], about: str | None) -> Claim | None:
    """The claim of a plan of the past and the clause after its "and" (review 28 F4): the
    clause's own, its pronoun standing for the plan's subject ("and now she lives in
    Leeds"); else, when that clause says the plan was carried out without its value ("and
    she moved there last week", "and she did"), the plan's, read as a change."""
    subject = plan["subject"]
    # "now" opening the clause is no part of its subject: said at its end instead.
    clause = re.sub(r"^(?:now|since then),? (.+?)[.!]?$", r"\1 now", plan["then"], flags=re.I)
    if (then := claim(clause, subject)) is not None:
        return then
    if not _CARRIED_OUT.search(plan["then"]):
        return None
    done = re.sub(r" (?:was|were) going to ", " is going to ", plan["plan"], count=1, flags=re.I)
    return claim(done, about)


def _formed(sentence: str, about: str | None) -> Claim | None:
    for form, pattern in _FORMS:
        match = pattern.match(sentence)
        if match is None:
            continue
        made = _claim(form, match, about)
        if made is not None:
            return made
    return None


def _named_change(sentence: str) -> Claim | None:
    """The shapes that name both values, or a holder by another verb ("belongs to",
    "acts as", "calls Lisbon home")."""
    for pattern, slot in (
        (_LEFT, ""),
        (_DROPPED, ""),
        (_REPLACED_AS, ""),
        (_TAKEN_FROM, "owner"),
        (_HANDED, "owner"),
    ):
        if match := pattern.match(sentence):
            found = _subject(match["subject"], None)
            if found is None:
                return None
            if pattern is _LEFT:
                slot = "employer" if match["job"] else "place"
            value = _value(match["value"])
            return Claim(
                found[0], found[1] or slot, value, True, False, False, _value(match["old"])
            )
    for pattern, slot in ((_BELONGS, "owner"), (_ACTS_AS, ""), (_CALLS_HOME, "place")):
        if match := pattern.match(sentence):
            found = _subject(match["subject"], None)
            if found is None:
                return None
            change = bool(_CHANGED.search(sentence))
            return Claim(found[0], found[1] or slot, _value(match["value"]), change)
    return None


def _typed(sentence: str) -> Claim | None:
    """Any other sentence about a subject that ends in a time, a date or an identifier:
    a weak claim of that value (replaced only by a change), or a change when it says
    so ("now", "moved", "as of", "got pushed"); the subject is what comes before the
    verb, or what "we" do something to ("We host staging on db3")."""
    cut = _VALUE_END.search(sentence, 1)
    head = sentence[: cut.start()] if cut else sentence
    typed = _TYPED.search(head.strip())
    if typed is None or _NEGATION.search(head):
        return None  # "Staging is probably not db3": no claim of db3 (review34 F1)
    value = typed["value"]
    slot = ""
    if we := _WE.match(head.strip()):
        subject_text = we["subject"]
        if we["verb"].casefold() in ("call", "name", "dub", "rename", "renamed", "called"):
            slot = "name"
    else:
        # The verb: an auxiliary, or the first lowercase word in -s (not -ss, -us, -is:
        # "status", "class") or -ed.
        verb = re.search(
            r"\s(?:is|are|was|were|has|have|had|will|got|gets|goes|still|"
            r"[a-z]+(?<![su]s)(?<!is)s|[a-z]+ed)\b",
            head,
        )
        if verb is None:
            return None
        subject_text = head[: verb.start()]
        between = head[verb.start() : typed.start()]
        # "got a new certificate from db7-ca": the value of something else it names.
        if re.search(
            r"\b(?:a|an|the|some|its|their|our|his|her)\b|\b(?:from|by|of|with)\s*$", between
        ):
            return None
    if not subject_text.strip() or len(subject_text.split()) > 8:
        return None
    found = _subject(subject_text, None)
    if found is None or _value(value) in found[0]:
        return None
    slot = "when" if _is_date(value) else slot or found[1]
    return Claim(found[0], slot, _value(value), False, True)


def _claim(form: str, match: re.Match[str], about: str | None) -> Claim | None:
    groups = match.groupdict()
    subject_text = groups["subject"]
    value_text = (groups.get("value") or "").strip()
    now = bool(groups.get("now"))
    found = _subject(subject_text, about)
    if found is None:
        return None
    subject, slot = found
    value = _value(value_text)
    if form == "negated":
        value = _value(value_text or groups.get("val2") or "")
        verb = (groups.get("verb") or groups.get("verb2") or "").casefold()
        if groups.get("at"):
            verb = f"{groups['be']} {groups['at']}".casefold()  # "isn't in Leeds": "is in"
        # "is not" denies a value without telling a change ("no longer" tells one)
        told = not groups.get("not") or bool(_CHANGED.search(value_text))
        return Claim(subject, slot or _slot_of(verb, value_text), value, told, False, True)
    if not value:
        return None
    is_date = _is_date(value_text)
    when = "when" if is_date and slot in ("", "when") else slot
    if form in ("from", "delay", "change", "moved-object"):
        return _change(form, groups, subject, slot, when, value_text, value, is_date)
    if form in ("renamed", "named"):
        return Claim(subject, "name", value, form == "renamed" or now)
    if form == "as":
        return Claim(subject, slot, value, True)
    if form == "handed":
        return Claim(subject, "owner", value, True)
    if form in ("by", "owns"):
        return Claim(subject, "owner", value, now or "took" in match[0] or "taken" in match[0])
    if form == "personal":
        verb = groups["verb"].casefold()
        if verb.endswith(" for") and verb.startswith("is a"):
            # "Tomas is a contractor for Globex": whom the subject works for, when it
            # is a name; weak (a mentor for Ravi may be a mentor for Omar too): only a
            # change ends it ("now works at", "quit Globex and joined Vandelay").
            if not _is_place(value_text):
                return None
            return Claim(subject, "employer", value, now, not now)
        return Claim(subject, _slot_of(verb, value_text), value, now or "moving" in verb)
    if form == "state":
        verb = re.sub(
            r" (?:everything|all|its \w+|their \w+|our \w+)(?= )", "", groups["verb"].casefold()
        )
        slot = "when" if is_date else _slot_of(verb, value_text)
        if slot == "" and not _firm(value_text, subject_text):
            return None  # "is on holiday", "points to the wiki": no value of the subject
        if slot == "place" and not _is_place(value_text):
            return None
        weak = slot not in ("place", "when", "")
        if slot.startswith("prefer") and (than := _THAN.match(value_text)):
            # "prefers texts to calls": a choice between two things; the slot is what
            # it is weighed against, so "prefers Vim now" is another choice.
            slot, value = f"{slot} over {_value(than['other'])}", _value(than["value"])
        return Claim(subject, slot, value, now, weak and not now)
    return _copula(subject, slot, subject_text, value_text, value, now, is_date)


# A comparison after a verb of preference: "texts to calls", "tea over coffee".
_THAN = _Lazy(
    r"^(?P<value>.+?) (?:to|over|rather than|more than) (?P<other>.+)$",
    re.I,
    needs="more than|over|rather than|to",
)


def _change(
    form: str,
    groups: dict[str, str | Any],
    subject: frozenset[str],
    slot: str,
    when: str,
    value_text: str,
    value: str,
    is_date: bool,
) -> Claim | None:
    """A change: moved/switched/postponed to, renamed; "moved to" a place or a value."""
    if form == "delay" and not is_date:
        return None  # "moved to Berlin": read as a change of place or value
    if form == "moved-object" and groups.get("renamed"):
        return Claim(subject, "name", value, True)
    noun = (groups.get("noun") or "").casefold()
    if form == "change" and not slot and noun in _SLOT_NOUNS:
        # "changed its name to", "changed its owner to": the slot its own noun names
        return Claim(subject, _SLOT_NOUNS[noun], value, True)
    if form in ("change", "moved-object") and not is_date and not slot:
        if _is_place(value_text):
            when = "place"
        elif not _firm(value_text, ""):
            return None  # "moved to a new desk": no value of anything
    if form == "change" and (named := re.fullmatch(r"([a-z]+) (\d+)", value)):
        # "goes back to port 8088": the noun before a number names what the number is
        # of, as "the API port" does (fixaudit13b)
        subject, value = subject | {named[1]}, named[2]
        when = "when" if _is_date(value) and slot in ("", "when") else when  # read alike
    if form == "from" and (whose := _WHOSE_CHANGED.match(value_text)):
        # "Status changed from Open to In Review on the Cobalt launch's budget ticket":
        # the status of that ticket, not of every status (consol22)
        subject, value = subject | _owner_words(whose["whose"]), _value(whose["value"])
        return Claim(
            subject, when, value, True, False, False, _value(groups["old"]), False, whose["whose"]
        )
    old = _value(groups.get("old") or "")
    return Claim(subject, when, value, True, False, False, old)


def _owner_words(owner: str) -> frozenset[str]:
    """The words of a change's owner (`Claim.owner`) that its subject holds."""
    return frozenset(_fold(w) for w in owner.split() if w.casefold() != "the")


def _owner_head(owner: str) -> str:
    """The owner's name: its first capitalised word ("Atlas" of "the Atlas migration's
    review ticket" and of "the Atlas review ticket"), folded, without its "'s"."""
    named = re.search(r"\b[A-Z][\w-]*", owner)
    return _fold(re.sub(r"['’]s$", "", named[0])) if named else ""


def chains_on(newer: Claim, older: Claim) -> bool:
    """Whether `newer` changes on from where `older`, a change of the same field, left
    it ("from Low to High on the Atlas migration's review ticket", then "from High to
    Urgent on the Atlas migration review ticket", or "from High to Urgent"): the same
    field, though one names its owner and the other not, or in other words (review 31
    C1: an owner compared word for word missed these). Two owners whose names differ
    ("for the Kappa service", "for the Lambda service") are two fields."""
    if not (newer.old and older.change and older.value == newer.old) or older.negated:
        return False
    if newer.slot != older.slot or not (newer.owner or older.owner):
        return False
    if newer.subject - _owner_words(newer.owner) != older.subject - _owner_words(older.owner):
        return False
    heads = _owner_head(newer.owner), _owner_head(older.owner)
    return not (all(heads) and heads[0] != heads[1])


# What changed of whom, said after the new value: "... from Open to In Review on the
# Cobalt launch's budget ticket", "... for the Atlas service". The owner named there is
# part of the subject: two such changes of two owners are two facts.
_WHOSE_CHANGED = re.compile(
    r"^(?P<value>.+?) (?:on|for|of) (?P<whose>(?:the )?[A-Z][\w-]*(?: [\w-]+)?['’]s\b.*"
    r"|the [A-Z][\w-]*(?: [a-z][\w-]*){0,2})$"
)


# A role of something not named ("the deputy for a different area", "the lead of a
# new squad", "the other deputy"): one of many such roles, each with its holder, so a
# later holder of "the deputy for another area" is no one's successor (drops20).
_UNNAMED = re.compile(r" (?:a|an|another|some|any|other|different)\b")
# A holder of such a role said as a change: "now", "took over", "has taken over".
_HOLDER_NOW = re.compile(r"\b(?:now|took over|taken over|takes over)\b", re.I)
# ... unless its name follows: "the lead of a squad called Atlas" is Atlas's one lead
# (review 28 F4).
_NAMED_AFTER = re.compile(r"\b(?:called|named)\s+[A-Z]")


def _copula(
    subject: frozenset[str],
    slot: str,
    subject_text: str,
    value_text: str,
    value: str,
    now: bool,
    is_date: bool,
) -> Claim | None:
    """ "X is V": a claim when V identifies (or X names a choice); "P is the X" and "P is
    Q's X" are X's value being P."""
    noun = re.sub(r"\s+(?:now|these days|currently|again)$", "", value_text.rstrip(".!"))
    noun = noun.removeprefix("now ")
    role = re.match(r"^(?:the |our |[A-Z][\w-]*['’]s )[\w'’./:@ -]{2,60}$", noun)
    if (
        role
        and not _NOT_VALUE.match(value_text)
        and not re.search(r"\b(?:\w+est|most|least|best|worst)\b", noun)  # an opinion
        and not re.search(r"\b(?:who|that|which|where|when)\b", noun)
    ):
        # "Marco is the team lead", "Bruno is the owner of billing": the role's holder;
        # of a role of something unnamed ("the other deputy"), a weak one, replaced only
        # by a holder said as a change ("Omar is now the other deputy", review 28 F4).
        found = _subject(noun, None)
        if found is None:
            return None
        unnamed = bool(_UNNAMED.search(noun)) and not _NAMED_AFTER.search(noun)
        holder = " ".join(_words(subject_text))
        return Claim(found[0], found[1], holder, now, weak=unnamed, unnamed=unnamed)
    choice = any(w in _CHOICE for w in _words(subject_text))
    if slot == "when" or is_date:
        return Claim(subject, "when", value, now) if is_date else None
    if not (_firm(value_text, subject_text) or (choice and len(value.split()) <= 3)):
        return None
    if re.match(r"^(?:in|at|on|from|near|with|for|by|to|of|like|over|under)\b", value_text, re.I):
        if re.match(r"^(?:in|at)\b", value_text, re.I) and _is_place(value_text[3:]):
            return Claim(subject, "place", _value(value_text[3:]), now)
        return None
    return Claim(subject, slot, value, now)


def _is_date(text: str) -> bool:
    """The value (what trails it left out) is a date or a time: "2027-01-15", "on March
    10", "Thursdays", "9:30"; not "down for an hour on Tuesday"."""
    cut = _VALUE_END.search(text, 1)
    head = re.sub(
        r"^(?:on|for|at|until|till|to|by|in|every)\s+",
        "",
        (text[: cut.start()] if cut else text).strip(),
        flags=re.I,
    )
    found = _DATE.match(head) or re.match(
        r"\d{4}\b|\d{1,2}(?::\d\d)?\s*(?:am|pm)\b|\d{1,2}:\d\d\b", head, re.I
    )
    return found is not None


def _is_place(text: str) -> bool:
    """A proper name with no digit or identifier in it: "Berlin", "New York"."""
    cut = _VALUE_END.search(text, 1)
    head = (text[: cut.start()] if cut else text).strip()
    words = head.split()
    return (
        bool(words)
        and len(words) <= 4
        and all(w[:1].isupper() or w in ("of", "de", "la") for w in words)
        and not re.search(r"[\d_/.:@]", head)
    )


def _slot_of(verb: str, value_text: str) -> str:
    if any(part in verb for part in _PLACE_VERBS):
        return "place"
    if any(part in verb for part in _WORK_VERBS) or verb in ("joined", "started at"):
        return "employer"
    if any(part in verb for part in _JOB_VERBS):
        return "job"
    if verb.startswith(("is due", "are due", "is scheduled", "is set", "is planned", "happens")):
        return "when"
    if verb.startswith(("takes place", "is held", "meets", "meet")):
        return "when"
    if verb in (
        "is on",
        "are on",
        "is at",
        "are at",
        "is hosted on",
        "is hosted at",
        "is hosted in",
    ):
        return "when" if _DATE.search(value_text) else ""
    if verb in ("runs on", "run on", "points to", "point to"):
        return ""
    return verb


def _own_key(made: Claim, text: str, about: str | None) -> tuple[frozenset[str], str, str]:
    """`made`'s key without its speaker's own word, with the speaker: what one speaker
    says of "our staging database" and of "staging" is one subject (audit 20 F5:
    "Staging moved to db7" did not replace "Our staging database is db3", both Dana's,
    as `_subject` reads "our" as the speaker's). Another speaker's "our" stays theirs.
    The speaker the fact names comes before `about`, whom it is about: Farid's "Staging
    moved to db7 before Dana joined", filed under Dana, is not Dana's (review34 F4)."""
    label = _SPEAKER.match(text.strip().lstrip("-*+• "))
    speaker = label[1] if label else about
    if not speaker:
        return made.subject, made.slot, ""
    own = f"{speaker.casefold()}'s"
    subject = made.subject - {own} if len(made.subject) > 1 else made.subject
    return subject, made.slot, own


# What makes a reported change not a plain report of the team's thing changed by now
# (review34 F4): a plan ("will move", "next quarter"), a past before the present
# ("had moved", "back in 2024", "years ago", "before Dana joined"), a thing anyone owns
# ("Their staging", "At Farid's old company"), a scope ("At my old company, ...", "at my
# last job") or a teller ("Lena said ...", which `_said` strips before `claim` reads it).
_NOT_A_PLAIN_CHANGE = _Lazy(
    r"(?i:\b(?:will|shall|going to|plans? to|planning to|intends? to|next|had|ago|"
    r"back in|before|earlier|formerly|used to|in (?:19|20)\d\d|their|his|her|its|"
    r"said|says|told|tells|claims?|claimed|according to|reported|reports|heard|"
    r"(?:at|in) (?:my|our|your|his|her|their) \w+)\b"
    r"|\b(?!(?:it|that|what|there|here|who|he|she|let)['’]s\b)\w+['’]s\b"
    r"|^(?:at|in|for|with) [^,]{1,60},)"
)


def _reported_change(made: Claim, own: str, text: str) -> bool:
    """Whether `made` tells a change ("moved to", "is now") of a thing it names bare, not
    as its speaker's ("Staging moved to db7", said by Farid, or by the assistant, `own`
    its speaker's word or ""): a team member reporting a change of the team's staging
    is a change, and it ends another speaker's "Our staging database is db3" as it ends
    their own (`_own_key`). Another speaker's plain "Staging is db7." (no change told)
    leaves it, as does their "Our office moved to Porto": their "our" may be another
    team's. `text`, the fact as said, must tell a change made by now to a thing no one
    owns, in no scope and from no other teller (`_NOT_A_PLAIN_CHANGE`)."""
    if not made.change or (own and own in made.subject):
        return False
    body = _SAID.sub("", _SPEAKER.sub("", text.strip().lstrip("-*+• ").strip()))
    return _NOT_A_PLAIN_CHANGE.search(body) is None


def replaces(newer: Claim, older: Claim) -> bool:
    """Whether `newer` (said later) makes `older` stale."""
    if newer.key != older.key or older.negated:
        return False
    if newer.negated:
        return not newer.value or newer.value == older.value
    if newer.value == older.value:
        return False
    if not newer.slot and _sort(newer.value) != _sort(older.value):
        return False  # "is written in Elixir", then "was upgraded to 2.1": two attributes
    if older.weak:
        return newer.change
    return True


def _sort(value: str) -> str:
    """A value's sort where no slot is named: an identifier or number ("db3", "v5.10",
    "7.0", "ana@globex.com") or a name or description ("Elixir", "a Java codebase")."""
    return "id" if re.search(r"\d|\w[@/:_.-]\w", value) else "name"


def names_replaced(newer: Claim, older: Claim) -> bool:
    """A fact that names the value it replaced ("switched from A to B", "B instead of
    A") makes stale an earlier claim about its subject whose value is A, in any slot
    ("The team uses Jenkins" before "The team switched from Jenkins to GitHub Actions")."""
    if not newer.old or older.negated or newer.subject != older.subject:
        return False
    return older.value == newer.old or (
        set(newer.old.split()) <= set(older.value.split())
        and not set(newer.value.split()) <= set(older.value.split())
    )


REDACTED = "[REDACTED:"
"""What memctl.core.redact puts where a secret was."""


def _said(text: str) -> str:
    """What a fact states, as every reading of `stale` reads it: without a log line's
    stamp, a closing clause that hedges (`_settled`) or a teller (`_reported`), and a
    commented config field said as its owner's (`_owned_field`)."""
    if text.lstrip("-*+• [")[:1].isdigit():
        text = _LOG_STAMP.sub("", text, count=1)
    else:
        text = _owned_field(text)
    return _reported(_settled(text))


def stale(
    facts: Sequence[str], about: Sequence[str | None] | None = None, *, rank: bool = False
) -> dict[int, int]:
    """Which facts, given oldest first, a later one makes stale: {stale index: index of
    the newest fact that replaced it}. `about[i]`: who fact i's pronoun stands for.
    `rank`: read for ordering only (recall's `newest_first`), never to drop: a frame
    said again with another word and no change cue counts too (`_frame_changes`)."""
    said = {text: _said(text) for text in set(facts)}  # a fact said again is read once
    as_said, facts = facts, [said[text] for text in facts]
    # A redacted value cannot be compared: "[REDACTED:github_token]" after
    # "[REDACTED:gitlab_token]" is two secrets kept, not one replaced.
    claims = [
        None if REDACTED in text else claim(text, about[i] if about else None)
        for i, text in enumerate(facts)
    ]
    found: dict[int, int] = _Found(facts, about)
    by_key: dict[tuple[frozenset[str], str], list[int]] = {}
    by_own_key: dict[tuple[frozenset[str], str, str], list[int]] = {}  # `_own_key`
    by_shared: dict[tuple[frozenset[str], str], list[int]] = {}  # `_reported_change`
    by_subject: dict[frozenset[str], list[int]] = {}
    by_field: dict[frozenset[str], list[int]] = {}  # changes, by subject without owner
    for i, made in enumerate(claims):
        if made is None:
            continue
        own_key = _own_key(made, facts[i], about[i] if about else None)
        shared = own_key[:2]
        reported = (
            by_shared.get(shared, []) if _reported_change(made, own_key[2], as_said[i]) else []
        )
        for j in sorted({*by_key.get(made.key, []), *by_own_key.get(own_key, []), *reported}):
            older = claims[j]
            if older is not None and older.key != made.key:
                # one speaker's "our staging database" and their "staging" (`_own_key`)
                older = replace(older, subject=made.subject)
            if older is not None and replaces(made, older):
                if (
                    made.slot == "owner"
                    and not made.change
                    and _common_thing(facts[j], older.subject)
                ):
                    continue  # another holder of "the team's dotfiles": one more, unless a change
                found[j] = i
            elif older is not None and not made.negated and made.value == older.value:
                found.pop(j, None)  # said again ("moved back to db3"): current again
        if made.old:
            for j in by_subject.get(made.subject, []):
                older = claims[j]
                if older is not None and older.key != made.key and names_replaced(made, older):
                    found[j] = i
            for j in by_field.get(made.subject - _owner_words(made.owner), []):
                older = claims[j]
                if older is not None and older.key != made.key and chains_on(made, older):
                    found[j] = i
        by_key.setdefault(made.key, []).append(i)
        by_own_key.setdefault(own_key, []).append(i)
        by_shared.setdefault(shared, []).append(i)
        by_subject.setdefault(made.subject, []).append(i)
        if made.change:
            by_field.setdefault(made.subject - _owner_words(made.owner), []).append(i)
    shapes = [
        None if REDACTED in text else _shape(text, about[i] if about else None)
        for i, text in enumerate(facts)
    ]
    _structural(facts, shapes, found, rank=rank)
    readings = _classed_changes(facts, about, found)
    slots = [
        None if shape is None and made is None else read_slot_of(text, about[i] if about else None)
        for i, (text, shape, made) in enumerate(zip(facts, shapes, readings, strict=True))
    ]
    _slot_changes(slots, found, [_row(text) for text in facts])
    _leaving_changes(facts, about, slots, found)
    _record_changes(facts, found)
    names = _mid_names(facts)
    _valued_changes(facts, about, found, names)
    _told_changes(facts, about, slots, found, names)
    restated_changes(facts, found)  # a change said in another language than English
    # a change stated as an assignment: SQL, a JSON Patch, a shell line
    assigned_changes(facts, found, _run_kind, _left_of)
    return dict(found)


# A record's closing aside often says whose or which it is: "Current number: +44 20 7946
# 8544 (Emeka)", "manager: Kwame   # Omar", "plan.yaml: + owner: Hana  (for the Dune
# launch)", "vehicle: Kia Niro   # Yuki, same model as Viktor" (consol21). Readings align
# the words before it, so two such records of two people or things read as one slot given
# another value. An aside opening with a name, after at most "for"/"of" and "the", names
# the record's subject; two facts whose asides name different ones are about different
# subjects, and neither replaces the other. An aside naming a time ("(Monday)", builtin's
# "(October 2026)"), a source ("(per Dana)") or the old value ("(was Pablo)") names none.
_CLOSING_ASIDE = re.compile(
    r"(?:\s\((?P<paren>[^()]+)\)|\s(?:#|//)\s+(?P<comment>[^#]+?))\s*[.!]?\s*$"
)
_ASIDE_SUBJECT = re.compile(r"(?:(?:for|of)\s+)?(?:the\s+)?(?P<name>[A-Z][\w'’-]*)")


def _aside_subject(text: str) -> str | None:
    """The name a fact's closing aside gives its subject (see above), folded, or None."""
    if "(" not in text and "#" not in text and "//" not in text:
        return None
    aside = _CLOSING_ASIDE.search(text.rstrip())
    if aside is None:
        return None
    opening = _ASIDE_SUBJECT.match((aside["paren"] or aside["comment"]).strip())
    if opening is None:
        return None
    name = opening["name"].replace("’", "'").removesuffix("'s").casefold()
    return None if name in _MONTHS else name


# An aside that says the record's status ("(Confirmed)", "(Updated)", "(New)") names no
# subject; nor does one naming a department ("(HR)", "(Engineering)") when the fact names
# its owner ("Ana's manager is Kwame (HR)" then "... Lena (Engineering)" is Ana's manager
# changed; fixreview30a), while "Quarterly target: 40 (Sales)" is the Sales team's. Either
# names one when another fact makes the word a subject: its owner ("Sales's target"), its
# speaker or heading ("Sales: ...").
_ASIDE_STATUS = _set(
    """confirmed unconfirmed updated update new old current previous former latest pending
    verified unverified tentative provisional draft final approved done cancelled canceled
    corrected correction fixed changed temporary temp permanent primary backup default
    official estimated tbc tbd todo urgent optional edited"""
)
_ASIDE_DEPARTMENT = _set(
    """hr engineering eng sales marketing finance legal ops operations it support product
    design admin accounts accounting research security qa procurement facilities
    management leadership exec executive recruiting"""
)
_OWNED = re.compile(r"\b[A-Z][\w-]*['’]s\b")


def _aside_subjects(facts: Sequence[str]) -> list[str | None]:
    """Each fact's `_aside_subject`, none for a status word, or a department word in a
    fact that names its owner, that no other fact makes a subject (see above)."""
    asides = [_aside_subject(text) for text in facts]
    for k, aside in enumerate(asides):
        if aside is None:
            continue
        department = aside in _ASIDE_DEPARTMENT and _OWNED.search(facts[k]) is not None
        if aside in _ASIDE_STATUS or department:
            owner = re.compile(rf"(?i:^{re.escape(aside)}\s*:|\b{re.escape(aside)}['’]s\b)")
            if not any(owner.search(text) for m, text in enumerate(facts) if m != k):
                asides[k] = None
    return asides


# A subject keyed by an identifier (fixconsol21, audit 18): "The build log for release
# v3.1.1 is in ci/logs/build-9001.txt." and "The build log for release v3.2.1 is in
# ci/logs/build-9002.txt." are two logs of two releases, both true; the value sort reading
# paired them as one log given another path. An identifier (a version, a ticket, a host)
# brought into the words before the verb by "for", "of" or "on", at most two nouns
# between ("for release", "of ticket", "on host"), keys the subject: two facts keyed by
# two identifiers are about two things, and neither replaces the other.
_SUBJECT_KEY = _Lazy(
    r"^(?P<subject>.*?)\s(?:is|are|was|were|has|have|lives|sits|stays|goes|runs|moved)\b"
)
_KEYED_BY = re.compile(
    r"\b(?:for|of|on)\s+(?:the\s+)?(?:[a-z]+\s+){0,2}?"
    r"(?P<key>v?\d+\.\d+(?:\.\d+)*|[A-Za-z]{2,}-?\d+(?:\.\d+)*)(?![\w.-]*\w)"
)


def _subject_key(text: str) -> str | None:
    """The identifier keying a fact's subject (see above), folded, or None."""
    subject = _SUBJECT_KEY.search(text)
    if subject is None or not any(ch.isdigit() for ch in subject["subject"]):
        return None
    keyed = _KEYED_BY.search(subject["subject"])
    return keyed["key"].casefold().removeprefix("v") if keyed else None


# A ticket said beside what a fact states, in a clause of its own (audit 18: "The flaky
# test is tests/integration/test_pool_1.py and the ticket is OPS-301." then "... test_pool_2.py
# and the ticket is OPS-302."), says which record the fact is, as a closing aside naming
# one does ("(OPS-301)"): two facts filed under two tickets are two records, two flaky
# tests each with its own ticket, and neither replaces the other. A ticket that is the
# fact's own value ("The outage is tracked in OPS-301.", "The ticket for the outage is
# OPS-301.") is no such clause: a later "OPS-302" still replaces it (consol22). The
# clause opens after a comma, a semicolon, "and" or a bracket, and names the ticket in
# any of the ways people do (review 31 C3): "(ticket OPS-301)", "; the ticket: OPS-301",
# ", see ticket ops-301", ", tracked in OPS-301". A key after a ticket word may be in
# lower case; one after "see" or "tracked in" alone must be a key's capitals, as
# ", see node-3" names a host.
_FILED_UNDER = re.compile(
    r"(?:[,;(]\s*|\band\s+)(?:"
    r"(?:see\s+|tracked\s+(?:in|as|under)\s+)?(?:the\s+|its\s+|a\s+)?"
    r"(?i:ticket|issue|bug|incident|jira)\s*(?:is\s+|was\s+|:\s*|#\s*)?"
    r"(?P<named>[A-Za-z][A-Za-z0-9]*-\d+)"
    r"|(?:see|tracked\s+(?:in|as|under))\s+(?P<key>[A-Z][A-Z0-9]*-\d+)"
    r")\b"
)


_REPLACED_TOLD = _Lazy(
    r"\b(?:instead|no longer|any ?more|replac(?:ed|es|ing)|supersed(?:ed|es|ing)|rather than"
    r"|in place of)\b",
    re.I,
    needs="instead|longer|more|replac|supersed|rather|place",
)
"""A later fact that says it replaces what was before ("Staging is db7 instead and the
ticket is OPS-12", "The fix is no longer Priya's: Tom has it, ticket OPS-2"): its
ticket is the change's, not another record's, so two tickets do not keep it from
replacing the fact before (review 31 C2). "now" alone does not say so: it is the
commonest word of a status update of another ticket ("The fix is assigned to Priya,
ticket OPS-1." then "The fix is now assigned to Tom, ticket OPS-2.", two records;
review 33 S6), nor does a verb of change ("moved", "changed"), which another record's
update says as well. A later fact that names the earlier one's ticket ("OPS-2 replaces
OPS-1", "... ticket OPS-2, was OPS-1") is about that record too (`_Found._apart`)."""


def _filed_under(text: str) -> str | None:
    """The ticket a fact's own clause files it under (see above), or None; in capitals,
    as "ops-301" and "OPS-301" are one ticket."""
    filed = _FILED_UNDER.search(text)
    return (filed["named"] or filed["key"]).upper() if filed else None


# A diff has no subject of its own: the label it opens with says whose record it edits
# ("Rosa: - desk: 12  + desk: 36", "the Nimbus service: - replicas: 4  + replicas: 37").
# A diff filed without its label under whom it is about (`stale`'s `about`: builtin
# files "Rosa: ..." under "## Rosa") has that label. Two diffs under two labels are two
# records, each person's desk their own; neither replaces the other (consol23). A fact
# that is no diff keys nothing here.
_LABELLED_DIFF = _Lazy(r"^[-*+•\s]*?(?:(?P<label>[^:\n]{1,60}?):\s+)?(?=-\s)")


def _diff_label(text: str, who: str | None = None) -> str | None:
    """The label a diff opens with, else whom it is about (see above), folded, or None."""
    labelled = _LABELLED_DIFF.match(text)
    if labelled is None or not _DIFF.match(text[labelled.end() :]):
        return None
    label = labelled["label"] or who
    return " ".join(label.casefold().split()) if label else None


# A value given with the one it replaced and then its owner ("pin: 6.2 (was 5.2) for the
# Tundra service", "pin: owner Idris (was Pablo) for the Borealis service") is that
# owner's: two such facts of two owners are two records, as two labelled diffs are
# (consol23).
_WAS_FOR = _Lazy(
    r"\(was [^()]+\)\s+(?:on|for|of)\s+(?P<whose>(?:the\s+)?[A-Z][\w-]*(?:\s+[a-z][\w-]*){0,2})"
    r"\s*\.?$",
    needs="was",
)


def _was_for(text: str) -> str | None:
    """The owner named after a "(was A)" aside (see above), folded, or None."""
    whose = _WAS_FOR.search(text.strip())
    return " ".join(whose["whose"].casefold().split()) if whose else None


# Two subjects told apart by a name or an identifier (audit 21 F1): "Server web1 is in
# rack 11." and "Server web2 is in rack 12.", "The nightly job backup runs at 1:00." and
# "The nightly job reindex runs at 3:00." are two servers, two jobs, both true; readings
# that look past the subject (the value sort, the frame, the slot) paired them as one
# thing given another value. The words before what is said of the subject (`_Shape.said`),
# aligned word by word, that share a word and differ only where each says its own word
# (not a kind, a pronoun, an attribute or a word of change: "our old office" and "our new
# office" are one office moved) name two subjects. A subject that is only a name ("Priya
# leads billing", "Tom now leads billing") shares no word: a role's new holder still
# replaces the old. A tag in brackets opening a fact ("[REL-22] The Nimbus service
# deployed: 7.8") names the message (a release, a ticket), not the subject: left out.
_OPENING_TAG = re.compile(r"^\s*\[[^\[\]]*\]\s*")
_NOT_A_NAME = (
    _KIND
    | _PRONOUNS
    | frozenset(_SLOT_NOUNS)
    | _set("former previous latest next last first temporary interim acting")
)


def _named_subject(text: str, about: str | None) -> tuple[str, ...] | None:
    """The words a fact says before what it says of its subject (see above), folded but
    for a capital not opening the fact (a proper noun, for `_named`), or None when it has
    fewer than two or cannot be aligned."""
    shape = _shape(_OPENING_TAG.sub("", text), about)
    if shape is None or shape.said < 2:
        return None
    opening = text.lstrip(" [-*").split(maxsplit=1)[:1]
    return tuple(
        token if token[:1].isupper() and [token] != opening else folded
        for token, folded in zip(
            shape.tokens[: shape.said], shape.folded[: shape.said], strict=True
        )
    )


def _named(word: str, other: str) -> bool:
    """Whether two words of a preface are names after all: an identifier or a proper
    noun on both sides ("The Lumen service", "The Mosaic service"; `_named_subject`
    leaves a capital only where it is not the sentence's first word)."""
    return all(any(c.isdigit() for c in w) or w[:1].isupper() for w in (word, other))


def _two_named(
    subject: tuple[str, ...] | None, other: tuple[str, ...] | None, other_says: str
) -> bool:
    """Whether two subjects, the earlier fact's and the later's, are told apart by a name
    or an identifier (see above). Words before the first they share are a preface ("fyi
    Rosa", "apparently Rosa"), not the subject's, unless both are names (`_named`: "The
    Lumen service", "The Mosaic service"); a later fact that says the earlier's own
    word (`other_says`, its text folded: "The Juno service 5.1 was rolled out; 4.11 was
    retired") is about that thing too."""
    if subject is None or other is None or len(subject) != len(other):
        return False
    said = list(zip(subject, other, strict=True))
    pairs = [(a.casefold(), b.casefold()) for a, b in said]
    first = next((k for k, (a, b) in enumerate(pairs) if a == b), len(pairs))
    apart = [
        (a, b) for k, (a, b) in enumerate(pairs) if a != b and (k >= first or _named(*said[k]))
    ]
    return (
        first < len(pairs)
        and bool(apart)
        and not any(
            a.removesuffix("'s") in _NOT_A_NAME
            or b.removesuffix("'s") in _NOT_A_NAME
            or re.search(rf"(?<![\w.-]){re.escape(a)}(?![\w-]|\.\w)", other_says)
            for a, b in apart
        )
    )


class _Found(dict[int, int]):
    """`stale`'s {stale index: index of the fact that replaced it}, refusing every
    reading's pair of two facts whose subjects a name or an identifier tells apart
    (`_two_named`), whose closing asides name two subjects, whose subjects
    two identifiers key, that two tickets file (unless the later says it replaces the
    earlier or names its ticket, `_REPLACED_TOLD`), or two diffs under two labels or
    values of two owners (see above), or two assignments of two places
    (`Assigned.same_place`: two tables, two JSON Patch paths, two subjects or keys): the
    pair is never made, so a later fact of the right subject may still be paired."""

    def __init__(self, facts: Sequence[str], about: Sequence[str | None] | None = None) -> None:
        super().__init__()
        self._asides = _aside_subjects(facts)
        keys = {text: _subject_key(text) for text in set(facts)}  # a fact said again
        self._keys = [keys[text] for text in facts]
        self._facts = facts
        self._tickets = [_filed_under(text) for text in facts]
        self._replacing = [bool(_REPLACED_TOLD.search(text)) for text in facts]
        self._owners = [_was_for(text) for text in facts]
        self._labels = [
            _diff_label(text, about[i] if about else None) for i, text in enumerate(facts)
        ]
        places = {text: assigned(text) for text in keys}
        self._places = [places[text] for text in facts]
        self._subjects = [
            _named_subject(text, about[i] if about else None) for i, text in enumerate(facts)
        ]
        self._folded = [text.casefold() for text in facts]

    def _apart(self, older: int, newer: int) -> bool:
        placed, placing = self._places[older], self._places[newer]
        if placed is not None and placing is not None and not placed.same_place(placing):
            return True
        if _two_named(self._subjects[older], self._subjects[newer], self._folded[newer]):
            return True
        return any(
            a is not None and b is not None and a != b
            for a, b in (
                (self._asides[older], self._asides[newer]),
                (self._keys[older], self._keys[newer]),
                (self._tickets[older], self._own_ticket(older, newer)),
                (self._labels[older], self._labels[newer]),
                (self._owners[older], self._owners[newer]),
            )
        )

    def _own_ticket(self, older: int, newer: int) -> str | None:
        """`newer`'s ticket as a record of its own, or None when it says it replaces what
        was before (`_REPLACED_TOLD`) or names `older`'s ticket anywhere in its text."""
        ticket, own = self._tickets[older], self._tickets[newer]
        if ticket is None or own is None or ticket == own:
            return own
        if self._replacing[newer] or re.search(
            rf"(?<![\w-]){re.escape(ticket)}(?![\w-])", self._facts[newer], re.I
        ):
            return None
        return own

    def __setitem__(self, older: int, newer: int) -> None:
        if not self._apart(older, newer):
            super().__setitem__(older, newer)

    def setdefault(self, older: int, newer: int) -> int:
        if self._apart(older, newer):
            return self.get(older, newer)
        return super().setdefault(older, newer)


# A log line's opening (supersede17): a timestamp (a date with a time of day, bracketed
# or not) and a level in capitals ("2026-03-02 10:00 INFO heron owner set to Ottilie"):
# when the line was written, not what it says. A date alone may be the value ("2027-07-26:
# the Cobalt audit") and is kept.
_LOG_STAMP = _Lazy(
    r"^\s*[-*+•]?\s*\[?\d{4}-\d\d-\d\d[T ]\d\d:\d\d(?::\d\d(?:[.,]\d+)?)?(?:Z|[+-]\d\d:?\d\d)?\]?"
    r"\s+(?:\[?[A-Z]{3,8}\]?:?\s+)?"
)
# A closing clause that names no value and only hedges what may come next, or says
# where the fact comes from (supersede16): "the page is atlas-13 for now; branding may
# pick a final name later", "is on 9.2; we may roll forward again next week", "is on
# 2027-10-15, per the project plan". The value said before it is not hedged: the
# clause is cut before the fact is read. Only after a semicolon or a dash (a clause of
# its own), or an attribution after a comma; a hedge after a comma ("B, if I remember
# right") still hedges, and a closing clause with a value of its own ("; might move to
# Porto") is kept.
_AFTERWORD = _Lazy(r"(?:\s*;|\s+[—–]|,(?=\s+(?:per|according to)\s))\s+(?P<tail>[^;—–]+)$", re.I)
_AFTERWORD_HINT = re.compile(r";|—|–|, (?:per|according to) ", re.I)
_SOURCE = _Lazy(r"(?:per|according to)\s", re.I)
_TAIL_VALUE = _Lazy(r"\d|(?<!^)(?<![.!?]\s)\b[A-Z]")


def _settled(text: str) -> str:
    """`text` without the closing clauses that hedge or attribute and name no value
    (see above); the text itself when it has none, or when what is left names no value:
    no digit or capital after its first word, and no claim read (`claim`: "Staging
    uses postgres; we may move next week." is cut, lower case and all)."""
    if not _AFTERWORD_HINT.search(text):
        return text
    cut = text
    while (match := _AFTERWORD.search(cut)) is not None:
        tail = match["tail"].strip().rstrip(".!")
        first = tail.split()[0] if tail else ""
        # a capital opening the clause is a name unless a pronoun or a determiner's
        named = first[:1].isupper() and first.casefold() not in _PRONOUNS | _DETERMINERS
        if not tail or named or _TAIL_VALUE.search(tail):
            break
        words = set(_words(tail)) | {w.casefold() for w in re.findall(r"\w+'\w+", tail)}
        hedged = words & _CLASS_HEDGE or _CONTRACTED_NOT.search(tail) or re.search(r"\w'll\b", tail)
        if not (hedged or _SOURCE.match(tail)):
            break
        cut = cut[: match.start()]
    if cut is text:
        return text
    cut += "."
    return cut if _TAIL_VALUE.search(cut) or claim(cut) is not None else text


# Reported speech and a lead-in clause (fixaudit16c, audit 16 H3). "Priya says (that) the
# Acme deadline moved to November 27" and "According to Priya, the deadline ..." state
# what the reported clause states, of that clause's own subject: the teller (a name or a
# pronoun) is where it came from, not what it is about. A document cited ("Per the
# contract, the fee is 5%", "The contract says ...") scopes its claim and is read whole.
# A clause before a colon that leads into one giving the value ("Acme agreed to raise my
# rate: from November 15 my rate for Acme is 110 EUR", "Priya moved the Acme deadline
# again: it is now December 4") is read as the clause after the colon, its "it" standing
# for the thing the lead-in names. The lead-in is a clause (a name or a pronoun, then a
# verb of change or agreement), never a label ("Deadline: Nov 20", "Owner of billing: Ana"), and
# the clause after it is read only when it makes a claim of its own.
_NOT_A_TELLER = (
    r"(?!(?:No|Nobody|None|Neither|Nothing|Noone|If|When|Whenever|Unless|Whether|Once|"
    r"Until|While|Before|After|Since|Because|Though|Although|As|Even)\b)"
)
"""What opens a sentence where a teller would, but tells nothing: a negative quantifier
("Nobody says ...") or a subordinator ("If Priya says ..., we slip", review 27 F2)."""
_TELLER = (
    rf"{_NOT_A_TELLER}(?P<teller>[A-Z][\w'’-]*(?: [A-Z][\w'’-]*){{0,2}}|[Hh]e|[Ss]he|[Tt]hey|I|We)"
)
_REPORTED = _Lazy(
    rf"^{_TELLER} (?:says|said|tells (?:me|us)|told (?:me|us)|mentioned|confirmed|reports|"
    r"reported|writes|wrote|announced)(?: that)?,? (?P<said>\S.+)$"
)
_ACCORDING = _Lazy(
    rf"^(?i:according to|per) (?:{_NOT_A_TELLER}(?P<teller>[A-Z][\w'’-]*(?: [A-Z][\w'’-]*){{0,2}})"
    r"|(?i:the (?:new|updated|latest|revised|current) [\w'’-]+(?: [\w'’-]+){0,2})), "
    r"(?P<said>\S.+)$"
)
"""A teller opening the sentence, as ", per Ottilie" closes one (`_settled`): "According
to Priya, ...", "Per Ottilie, ..." (review 31 C4); or a document cited as the new one
("Per the new policy, deploys are on Thursdays"), which says its value replaces the one
before. Another document ("Per the contract, the fee is 5%") scopes its claim: read
whole, "Per the invoice, ..." is another fee."""
_LEAD_ASIDE = _Lazy(
    r"^(?i:if anything|if (?:I|memory) (?:recall|remember|serves)(?: me)?(?: correctly| right"
    r"| rightly)?|iirc), (?P<said>\S.+)$",
    needs="anything|irc|recall|remember|serves",
)
"""A lead-in that opens with "if" but sets no condition ("If anything, staging is db7
now", "If I recall correctly, ..."; review 31 C4): the clause after it is what is said,
as when the same words close it ("..., if I recall correctly", `_settled`). "If the build
breaks, ping Tariq" is a condition (`_NOT_A_TELLER`)."""
_LEAD_IN = _Lazy(
    rf"^(?P<lead>{_NOT_A_TELLER}(?:[A-Z][\w'’-]*(?: [A-Z][\w'’-]*){{0,2}}|He|She|They|I|We)"
    r" (?:mov|chang|agre|rais|switch|updat|confirm|decid|push|postpon|delay|reschedul|"
    r"bump|extend|lower|shift|renam|approv|accept)(?:ed|e?s)"
    r" [^:]{3,80}?):\s+(?P<said>\S.+)$"
)
"""The lead-in's verb says the value changed or was agreed (review 27 F3): "Ana rejected
the proposal: ...", "Sam listed the old hosts: ...", "Sam wants a change: ..." lead
into a value someone does not hold."""
# What a reported or led-into clause must not hold to be read as a plain present claim
# (review 27 F1, F3): a clause after a conjunction ("... but he's confused", "db9 or
# db7"), a negation, the past ("was", "used to", "last year", "in 2023"), a hedge, a
# condition, a draft, or a tail after a comma ("..., jokingly").
_NOT_PLAIN = _Lazy(
    r"(?i:,|;|n['’]t\b|['’]d\b|\b(?:but|or|and|yet|though|although|unless|if|whether|because|"
    r"while|not|never|no longer|was|were|used to|had|last|ago|previously|formerly|"
    r"maybe|might|could|would|should|perhaps|possibly|probably|likely|apparently|"
    r"supposedly|allegedly|reportedly|think|thinks|guess|hopefully|jokingly|wrongly)\b|"
    r"\bin \d{4}\b|\bin (?:\w+ )?(?:draft|proposal|plan|version|sketch|mock-?up)s?\b)"
    r"|\bmay\b"  # lower case: the month May is a value
)
# The thing a lead-in clause names, what an "it" after the colon stands for: its first
# noun phrase opened by a determiner or a possessive, up to a preposition or an adverb.
_LEAD_THING = _Lazy(
    r"\b(?P<thing>(?:the|our|my|their|its|his|her|[A-Z][\w-]*['’]s) [\w'’-]+(?: [\w'’-]+){0,5}?)"
    r"(?= (?:again|back|up|forward|out|too|also|now|once more|[a-z]+ly|to|for|from|by|on|in|at)\b|$)"
)


# A field of a config file with a comment naming whose it is ("  owner: Lena   # the
# Nimbus service", "manager: Marco  # Ines") says what a sentence would: "the Nimbus
# service's owner is Lena". Read so, a later change of that field ("Ines: - manager:
# Marco  + manager: Ana", "EDIT: the Nimbus service belongs to Maya now, not Lena")
# replaces it, as it replaces the sentence (consol23). A comment of more than a few
# words is a note, not an owner, and the field is left as written.
_COMMENTED_FIELD = _Lazy(
    r"^\s*(?P<field>[a-z][\w .-]{0,30}?):\s+(?P<value>[^#\s][^#]*?)\s+#\s+"
    r"(?P<owner>(?:the\s+)?[\w'’-]+(?:\s+[\w'’-]+){0,5})\s*$",
    needs=":",
)


def _owned_field(text: str) -> str:
    """A commented field said as the sentence it stands for (see above), else `text`."""
    field = _COMMENTED_FIELD.match(text)
    if field is None:
        return text
    owner = field["owner"]
    return f"{owner[:1].upper()}{owner[1:]}'s {field['field']} is {field['value']}."


def _reported(text: str) -> str:
    """What `text` states when it reports what someone said or leads into its value
    with a clause and a colon (see above): the reported clause, or the clause after the
    colon with its "it" put as the thing the lead-in names, after the fact's label
    ("Acme: ...") if it has one; `text` itself otherwise."""
    body = text.strip().lstrip("-*+• ").strip()
    label = _SPEAKER.match(body)
    sentence = body[label.end() :] if label else body
    sentence = sentence.rstrip(".!")
    said = None
    if told := _REPORTED.match(sentence) or _ACCORDING.match(sentence):
        said, teller = told["said"], told["teller"] or ""
        if teller[:1].isupper() and teller not in ("He", "She", "They", "I", "We"):
            said = re.sub(r"^(?:he|she)(?= )", teller, said, flags=re.I)
    elif aside := _LEAD_ASIDE.match(sentence):
        said = aside["said"]
    elif ":" in sentence and (lead := _LEAD_IN.match(sentence)):
        said = lead["said"]
        if it := re.match(r"it(?P<is> is|['’]s)? ", said, re.I):
            thing = _LEAD_THING.search(lead["lead"])
            verb = " is" if it["is"] else ""
            said = None if thing is None else f"{thing['thing']}{verb} {said[it.end() :]}"
    if said is None or _NOT_PLAIN.search(said) or claim(said) is None:
        return text
    return f"{label[0] if label else ''}{said[:1].upper()}{said[1:]}."


def replaced_by(older: Sequence[str], newer: Sequence[str]) -> dict[int, int]:
    """Which of `older` a fact of `newer` replaced: {index in older: index in newer}.
    What recall and the prompt hook ask of a MEMORY.md fact beside a ledger line or a
    turn said before it; a replacement within one side is not theirs to read."""
    found = stale([*older, *newer])
    return {old: new - len(older) for old, new in found.items() if old < len(older) <= new}


# Supersession read by structure, not phrasing: two facts that say the same thing but
# for one short value ("CI for the web team runs in Jenkins" / "CI for the web team now
# runs in Drone"), or a later fact that names the earlier one's value as the one it
# replaces ("sold the Volvo XC40 and bought a Kia Niro").
# Words that say a change happened or hedge nothing: left out before two facts are
# aligned, and (_CUE) counted as a sign that the later fact changes the earlier one.
_CUE = re.compile(
    r"\b(?:now|new|moved|moving|changed|switched|migrated|shifted|renamed|relocated|"
    r"no longer|instead|rather than|any ?more|from now on|going forward|these days|"
    r"since then|replaced|took over|taken over|from \S+ to|rebranded|updated|as of|starting|"
    r"from next|cut over|rescheduled|postponed|delayed|pushed)\b",
    re.I,
)
_FILLER = _set(
    """a an the is are was were be been being has have had will would got gets 's ’s
    now currently new still again just recently officially finally then today yesterday
    these days going forward"""
)
# A later fact that adds to a list or speaks of another one ("also likes", "another
# car", "Dana's other phone") replaces nothing.
_ADDS = _set("also too another other second additional additionally both extra besides")
# A clause that trails the value ("after the reorg", "since 2021", "because ...").
_TRAIL = re.compile(
    r"(?:\s*[,;(—–]|\s-\s|\s(?:because|since|after|before|until|as of|starting|effective|"
    r"from now on|going forward|these days|this|next|last|every|yesterday|today|"
    r"in the (?:spring|summer|autumn|fall|winter)|when|while|which|so that|if|unless)\b).*$",
    re.I,
)
# An event in the past ("visited Lisbon", "flew to Oslo") is not a state a later one
# replaces, unless it says a change ("moved", "switched": _CUE).
_PAST = re.compile(
    r"(?:^|\s)(?!(?:is|are|was|were|been|be|has|have|had) )[a-z]+ (?:[a-z]+ed|went|flew|met|saw|took|gave|spent|ran|wrote|"
    r"bought|sold|made|did|came|left|told|said|grew|drove|rode|ate|won|lost|found|got)\b"
)
# A past passive with its doer ("The hackathon page was archived by Ravi"): an event
# someone did, told as past, not a value the subject holds ("is maintained by Ravi").
_DONE_BY = re.compile(r"\b(?:was|were) (?:[a-z]+ly )?[a-z]+ed by [A-Z]")
# Words that name the value a later fact replaces: "from A", "instead of A", "left A".
_NAMES_OLD = re.compile(
    # "20 km from A", "not far from A": a distance from a place, which is not left
    r"\b(?:(?<!far )(?<!away )(?<!km )(?<!miles )(?<!minutes )(?<!hours )(?<!hour )"
    r"(?<!walk )(?<!drive )from|instead of|rather than|in place of|off|left|dropped|ditched|replaced|"
    r"no longer \w+(?: \w+)?)\s+(?P<old>\S+(?:\s+\S+){0,3})",
    re.I,
)
_TOKEN = re.compile(r"[+]?[\w][\w'’./:@+-]*")
_MONTHS = _set(
    """jan january feb february mar march apr april may jun june jul july aug august sep
    sept september oct october nov november dec december mon monday tue tuesday wed
    wednesday thu thursday fri friday sat saturday sun sunday am pm"""
)
# What is said of the subject starts at its verb: an auxiliary, a verb in -s (not -ss,
# -us, -is: "status", "class") before a light word, a name or an identifier ("carries
# kv3"), or -ed, or a colon ("New date for the audit: March 3").
_VERB = re.compile(
    r"\s(?:is|are|was|were|has|have|had|will|can|got|gets|goes|still|now|"
    r"[a-z]+s(?<![sui]s)(?=\s+(?:on|in|at|to|for|of|from|by|with|as|into|onto|near|up|"
    r"over|off|out|back|the|a|an|its|their|our|his|her|my|[A-Z0-9+]|[a-z][a-z.-]*\d))|[a-z]+ed)\b|:\s|\s(?:->|→)\s"
)
_LIGHT = _set("in at on to for of from by with as into onto near through via")
_PARTICLES = _set("back over out up off away down")
_PAIR_LIMIT = 32
"""Each fact is aligned with at most this many earlier facts of its bucket (the newest),
so detection stays linear however often a subject is mentioned."""


# A mail address is an identifier whatever its letters ("lena.k@globex.com").
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")


@_reading(_UNKEPT)
def _is_value(token: str) -> bool:
    """A token that can be a value: a number or identifier, a proper noun, a date word.
    Kept (`READINGS`): every reading asks it of each token of every fact, and a fact's
    words recur across its facts."""
    return (
        any(c.isdigit() for c in token)
        or token[:1].isupper()
        or token.casefold().rstrip(".") in _MONTHS
        or bool(_EMAIL.fullmatch(token))
    )


@dataclass(frozen=True)
class _Shape:
    """A fact as aligned: its tokens (original case, filler left out), their folded form,
    and whether it adds to a list, says a change, or tells a past event."""

    tokens: tuple[str, ...]
    folded: tuple[str, ...]
    adds: bool
    cue: bool
    past: bool
    said: int
    """How many tokens come before what is said of the subject (its verb, or a colon):
    a value is looked for after them ("The deadline for the Atlas launch is tight" and
    "... for the Juno launch is tight" differ in their subject, not in a value)."""
    values: tuple[bool, ...]
    """Which tokens can be a value (_is_value)."""
    placed: tuple[frozenset[str], str, str] | None = None
    """Its value put somewhere, when it ends in one (_placed)."""
    holds: bool = False
    """The subject has a thing there ("has shares in Vandelay", "owns a vineyard in
    Tuscany"): the value is where the thing is, not the subject (_HOLDS)."""
    named: frozenset[str] = frozenset()
    """The words of the values it says it replaces ("moved from Omar's squad to
    Dana's": omar, squad), when it names any (_named_old)."""
    owners: frozenset[str] = frozenset()
    """The names it gives a possessive ("land in Marco's queue": marco)."""
    put: bool = False
    """Its subject was given a typed value by something done to it ("was rebooked for
    11:00", "was rolled forward to 7.0"): a value set, as a change cue says (_PUT)."""
    tail: str = ""
    """What follows its aligned words (a trailing clause, "second floor"), folded."""

    @property
    def key(self) -> tuple[str, frozenset[str]] | None:
        """Two facts one value apart share their first word (the subject is never the
        value: "Dana lives in Lisbon" / "Omar lives in Lisbon") and their other words."""
        if len(self.folded) < 2:
            return None
        frame = frozenset(f for v, f in zip(self.values[1:], self.folded[1:], strict=True) if not v)
        return self.folded[0], frame


def _kept(text: str) -> tuple[str, ...]:
    tokens = [t.replace("’", "'").rstrip(".:") for t in _TOKEN.findall(text)]
    tokens = [t.removesuffix("'s") if len(t) > 2 else t for t in tokens]
    return tuple(t for t in tokens if t and t.casefold() not in _FILLER)


@_reading(None)
def _shape(text: str, about: str | None = None) -> _Shape | None:
    """The fact as aligned, or None when it cannot be (too long, a question, no verb,
    a pronoun or "our" for a subject that `about` does not name)."""
    read = _statement(text, about)
    if read is None:
        return None
    sentence, about = read
    sentence = re.sub(
        r"^(?:from|starting|beginning|as of|since|after) (?:next |this |last )?\w+ ",
        "",
        sentence,
        flags=re.I,
    )
    sentence = _OFTEN.sub("", sentence)
    start = re.match(r"\S+\s+\S+", sentence)
    trail = _TRAIL.search(sentence, start.end() if start else len(sentence))
    if (
        trail
        and _APPOSED.fullmatch(sentence[trail.start() :])
        and _NOUN_END.search(sentence[: trail.start()])
    ):
        trail = None  # "has a new mobile number, 07700 906495": the value, put after a comma
    head = sentence[: trail.start()] if trail else sentence
    head = _TRAILING_ADVERBS.sub("", head)
    kept = _kept(head)
    if not kept:
        return None
    doer = re.match(r"(?:we|they|ops)\s", head, re.I)
    verb = (
        doer
        or _VERB.search(head)
        or _S_VERB_LAST.search(head)
        or _BEFORE_LIGHT.search(head)
        or _S_VERB.search(head)
    )
    if verb is None:
        return None
    if doer:
        pass  # "We host staging on db3": the subject follows the verb (_placed)
    elif kept[0].casefold() in _PRONOUNS | {"our", "my", "your", "their", "his"}:
        if about is None:
            return None
        kept = (about, *kept[1:])
    folded = tuple(t.casefold() for t in kept)
    past = bool(_PAST.search(" " + head.casefold()) or _DONE_BY.search(head)) and not _CUE.search(
        head
    )
    said = len(_kept(head[: verb.end() if doer else verb.start()]))
    adds = bool(_ADDS & set(folded))
    values = tuple(map(_is_value, kept))
    shape = _Shape(kept, folded, adds, bool(_CUE.search(text)), past, max(said, 1), values)
    holds = not doer and _holds(head[verb.start() :])
    put = bool(_PUT.search(head) or _SINCE_EVENT.search(sentence[len(head) :]))
    owners = frozenset(w.casefold() for w in _OWNER.findall(head))
    return replace(
        shape,
        placed=_placed(shape),
        holds=holds,
        named=_named_old(sentence),
        put=put,
        owners=owners,
        tail=sentence[trail.start() :].casefold().strip(" .") if trail else "",
    )


_OWNER = re.compile(r"\b([A-Z][\w-]*)['’]s\b")


# A verb no form of _VERB's shows ("green checks come from", "pipelines live in"): what is
# said of the subject is read from the lower-case word before the first light word on.
_BEFORE_LIGHT = re.compile(
    r"(?<=\S)\s(?=[a-z]+\s(?:at|from|to|in|on|with|through|via|behind|under)\s)"
)
# ... a verb in -s ending what is said ("The QA lead for search approves [every hotfix]")
# ... or a verb in -s before any word ("runs version 1.0"), not -ss, -us, -is.
_S_VERB_LAST = re.compile(r"(?<=\S)\s(?=[a-z]+[^\Wsui]s$)")
_S_VERB = re.compile(r"(?<=\S)\s(?=[a-z]+[^\Wsui]s\s+\S)")


# A value put after a comma, ending the fact, named by the lower-case noun before it ("a
# new mobile number, 07700 906495"; not "Newsletter list: Kwame, kwame@hooli.xyz").
_NOUN_END = _Lazy(r"(?:^|\s)[a-z]+$")
_APPOSED = _Lazy(r",\s*[+]?[\w.@/-]*\d[\w.@/-]*(?:\s+\d[\d-]*){0,3}", needs=",")


# How often, said before what is said ("is every day at 9:00", "meets every other Friday
# at 10:00"): no value, and no trailing clause to cut the fact at (_TRAIL's "every").
_OFTEN = _Lazy(
    r"\s+every (?:other |single )?(?:day|week|weekday|morning|\w+day)(?=\s+\S)",
    re.I,
    needs="every ",
)


# A passive of something done that puts the subject's value somewhere: "was rebooked for
# 11:00", "got re-pointed to es-9", "was rolled forward to 7.0" (a typed value: a digit).
_PUT = _Lazy(
    r"\b(?:was|were|got|been)\s+(?:[a-z]+ly\s+)?[a-z]+(?:-[a-z]+)?ed"
    r"(?:\s+(?:over|forward|back|across|up|down))?\s+(?:to|onto|into|for)\s+\S*\d",
    needs="been|got|was|were",
)
# ... or a typed value said to hold since or after an event ("runs version 10.0 since the
# upgrade", "is on redis-23 after last night's cutover"), not since a year it has held.
_SINCE_EVENT = _Lazy(
    rf"\b(?:since|after) (?:the|last|this|[a-z]+'s|(?:{_WEEKDAY})\b|{_MONTH}\b)",
    re.I,
    needs="after|since",
)


# A verb of having: what the subject has, keeps or rents is somewhere, the subject
# need not be ("Viktor has shares in Vandelay", "Dana keeps a boat in Porto").
_HOLDS = re.compile(
    r"^\s*(?:(?:now|currently|still|just|recently)\s+)*(?:has|have|had|owns?|owned|rents?|"
    r"rented|keeps?|kept|holds?|held|leases?|leased)\s+(?P<thing>(?!(?:been|gone|got|"
    r"gotten|taken|become|done|left|now|just|recently|also|since|to|in|at|on|for|into|"
    r"\w+ed)\b)[^,;]+?)\s+(?:in|at|on|near)\s",
    re.I,
)
# What the subject has that puts the subject itself there: a home ("has an apartment in
# Porto", "rents a place in Berlin") or a job ("has a job at Globex").
_OWN_THINGS = _set("home house apartment flat place condo job position")


def _holds(said: str) -> bool:
    """What is said of the subject (from its verb on) is that it has a thing somewhere,
    and the thing is neither its home nor its job."""
    held = _HOLDS.match(said)
    return held is not None and not _OWN_THINGS & set(_words(held["thing"]))


# Where the value a fact names as replaced ends: "from A to B", "left A and settled".
_NAMED_END = _set("to onto into over and for with at in on")
# "from now on", "from next week", "from Monday": a time, not a value replaced.
_NAMED_TIME = _set("now next this then today tomorrow time")


def _named_old(sentence: str) -> frozenset[str]:
    """The content words of the values a fact names as the ones it replaces (_NAMES_OLD:
    "from A", "instead of A", "left A", "no longer ... A"), possessives folded to their
    owner ("Omar's squad": omar, squad); a time named after "from" is no value."""
    words: set[str] = set()
    for match in _NAMES_OLD.finditer(sentence):
        old = re.split(r"[,;]", match["old"])[0]
        found = [w.removesuffix("'s") for w in _words(old)]
        if not found or found[0] in _NAMED_TIME or found[0] in _MONTHS or _DATE.match(old):
            continue
        cut = next((k for k, w in enumerate(found) if w in _NAMED_END), len(found))
        words.update(w for w in found[:cut] if w not in _FILLER and w not in _LIGHT)
    return frozenset(words)


def _one_value_apart(newer: _Shape, older: _Shape) -> bool:
    """The later fact says what the earlier one said but for one short value span (a
    number, a date, a time, an identifier, a proper noun), not at its start: the same
    words around it, enough of them (three, or two with a change cue) to be one
    statement about one subject."""
    if newer.adds or newer.past or older.past:
        return False
    a, b = older.folded, newer.folded
    if a == b:
        return False
    i1 = 0  # the words both start with, and (i2, j2 on) the words both end with
    while i1 < min(len(a), len(b)) and a[i1] == b[i1]:
        i1 += 1
    i2, j2 = len(a), len(b)
    while i2 > i1 and j2 > i1 and a[i2 - 1] == b[j2 - 1]:
        i2, j2 = i2 - 1, j2 - 1
    j1 = i1
    if i2 == i1 or j2 == j1:
        return False  # a word added or left out, no value changed
    if i1 < older.said or j1 < newer.said or i2 - i1 > 4 or j2 - j1 > 4:
        return False
    if not (all(older.values[i1:i2]) and all(newer.values[j1:j2])):
        return False
    if i2 < len(older.folded) and older.folded[i2] not in _LIGHT:
        # a name before a noun names a thing: "leads the Onyx review"; unless it owns
        # the thing, one owner for another, said as a change ("land in Lena's queue
        # since the reorg" after "... in Marco's queue")
        owner = (
            i2 - i1 == j2 - j1 == 1
            and a[i1] in older.owners
            and b[j1] in newer.owners
            and not older.values[i1 - 1]  # "Elm Park is Zara's son's school": its subject
        )
        if not (owner and (newer.cue or newer.put)):
            return False
    if set(older.folded[i1:i2]) & set(newer.folded) or set(newer.folded[j1:j2]) & set(older.folded):
        return False
    if _said_again_after(older, a[i1:i2]) or _said_again_after(newer, b[j1:j2]):
        return False
    same = len(older.folded) - (i2 - i1)
    return same >= 3 or (same >= 2 and newer.cue)


def _said_again_after(shape: _Shape, span: Sequence[str]) -> bool:
    """Whether the words a fact differs by come back in the clause that trails it: what
    the fact is about, said twice ("nvm, it was Omar's cousin who moved to Leeds, not
    Omar"; "the wrong address for Pablo, it's pablo@acme.io"), where a value is said once.
    The same sentence with another name in both places is said of someone else, and
    changes nothing (drops20)."""
    trailing = set(re.findall(r"[^\W\d_]+", shape.tail))
    return any(word in trailing for word in span)


# The same frame with another word in the value's place (supersede17): "Staging uses
# mysql." then "Staging uses postgres.", "Lena is on the data team." then "Lena is on
# the billing team.". The same subject, the same predicate (the words before the value),
# and one word apart after them, each in lower case (a value `_one_value_apart` does not
# see): the later fact says what the earlier one did, of the same thing, with another
# value. Only a short statement whose value ends it (at most its noun after it: "data
# team"), with one or two words before it after the subject's first: the word that
# differs is then the value, not a word of a longer subject ("the Willow standup will be
# held ..." / "the Willow review will be held ...") or of a role's name ("QA lead for
# mobile" / "... for payments"), nor an object of a clause ("the rumour that Lena changed
# address is wrong"). Not a function word (a preposition, a determiner, a negation,
# "also"), not a number, and not the predicate's own first word ("staging was slow" /
# "staging was down": another state, not another value).
_NOT_A_VALUE_WORD = (
    _LIGHT
    | _PRONOUNS
    | _ADDS
    | _set("the a an our its his her their my your no not never and or but")
)


def _one_word_apart(newer: _Shape, older: _Shape) -> bool:
    """Whether `newer` says `older`'s frame with one lower-case word in another's place,
    after the subject and a word of the predicate (see above)."""
    a, b = older.folded, newer.folded
    apart = [k for k in range(len(a)) if a[k] != b[k]]
    if len(apart) != 1 or not 2 <= apart[0] <= 3 or len(a) - apart[0] > 2:
        return False  # a short statement: subject, predicate, value (and its noun) last
    k = apart[0]
    if older.values[k] or newer.values[k] or older.tail != newer.tail:
        return False
    if k < max(older.said, newer.said):
        return False  # a word of the subject: "the QA lead for mobile approves ..."
    before = a[k - 1]  # the predicate's: a preposition, the verb, or after the verb
    verb = before in _LIGHT or k - 1 >= min(older.said, newer.said) > 0
    # or the copula's complement itself, a noun as the value ("the staging db is mysql"),
    # not a participle or an adjective of state ("is delayed", "is understaffed")
    complement = k == min(older.said, newer.said) and not any(
        w.endswith(("ed", "ing", "ful", "ous", "ive", "able", "ible", "ic", "al", "less"))
        for w in (a[k], b[k])
    )
    if not (verb or complement or (before.endswith("s") and not before.endswith("ss"))):
        return False
    return all(w.isalpha() and w not in _NOT_A_VALUE_WORD for w in (a[k], b[k]))


_WHERE = _set("on in at to onto into for")
# "at" and "for" put a person at an organisation alike ("is at Globex", "is working for
# Acme"): one relation.
_SAME_WHERE = {"for": "at"}
_DOERS = _set("we they ops i you")
# A move ("moved to", "relocated into") changes where the subject is ...
_TOWARD = _set("to onto into")
# ... not whom it works or does something for ("is a consultant for Initech",
# "volunteers for Oxfam"): only another "for" or "at" ends that.
_FOR_WHOM = _set("for")


@_reading(_UNKEPT)
def _kind(token: str) -> str:
    """The sort of a value, by its form: a time, a date, an identifier, a number, a name.
    Kept (`READINGS`), as `_is_value`: every pair a reading weighs asks it again."""
    folded = token.casefold()
    if re.fullmatch(r"\d{1,2}(?::\d\d)?(?:am|pm)?|\d{1,2}:\d\d", folded):
        return "time"
    if _DATE.fullmatch(token) or re.fullmatch(r"\d{4}-\d\d(?:-\d\d)?", folded):
        return "date"
    if folded in _MONTHS:
        return "date"
    if re.fullmatch(r"[+]?\d[\d ./-]*", folded):
        return "number"
    if any(c.isdigit() for c in token) or _EMAIL.fullmatch(token):
        return "id"
    return "name"


def _placed(shape: _Shape) -> tuple[frozenset[str], str, str] | None:
    """(subject, value, its sort) when the fact ends in a value put somewhere by "on",
    "in", "at", "to", "onto", "into" ("Ravi is at Globex", "We host the search cluster
    on wh-2", "The search cluster has been moved over to wh-28"); the subject is what
    comes before the verb, or what "we" do something to."""
    folded, tokens = shape.folded, shape.tokens
    end = len(folded)
    start = end
    while start > shape.said and shape.values[start - 1]:
        start -= 1
    if start == end or end - start > 4 or start < 1 or folded[start - 1] not in _WHERE:
        return None
    if folded[0] in _DOERS:
        after = folded[shape.said + 1 : start - 1]
        cut = next((k for k, f in enumerate(after) if f in ("off", "from", "and")), len(after))
        subject = [f for f in after[:cut] if f not in _LIGHT]
    else:
        subject = [f for f in folded[: shape.said] if f not in _LIGHT]
    if not subject or len(subject) > 6:
        return None
    value = " ".join(folded[start:end])
    return frozenset(subject), value, _kind(tokens[start])


def _moved(newer: _Shape, older: _Shape) -> bool:
    """Said in other words, a change of where something is: the same subject, a value of
    the same sort put somewhere by both, another one, and a change cue in the later
    fact ("now", "new", "moved", "migrated", "these days")."""
    if not newer.cue or newer.adds or older.past:
        return False
    a, b = older.placed, newer.placed
    if a is None or b is None or a[0] != b[0] or a[2] != b[2] or a[1] == b[1]:
        return False
    at = older.folded.index(a[1].split()[0])
    if older.folded[0] not in _DOERS and at > older.said + 2:
        return False  # "Marco loves the food in Lyon": the place of something else
    if not _own_place(older, at, event=True):
        return False
    if not _own_place(newer, newer.folded.index(b[1].split()[0]), event=False):
        return False  # "Sven's cousin now lives in Oslo"; "started a new job at" is a change
    if newer.named and not newer.named & set(a[1].split()):
        return False  # "moved from Omar's squad to Dana's" ends the squad, not a home
    where = newer.folded[newer.folded.index(b[1].split()[0]) - 1]
    was = older.folded[at - 1]
    if _SAME_WHERE.get(where, where) != _SAME_WHERE.get(was, was) and (
        where not in _TOWARD
        or was in _FOR_WHOM
        or not _moves(newer, where)
        or not _moved_from(older, at, newer, where)
    ):
        return False  # "lives in Quito" then "now works at Aperture": another slot
    return not set(b[1].split()) & set(older.folded)


# What may stand beside the verb of a move ("packed up and moved", "moved house").
_BESIDE_MOTION = _PARTICLES | _LIGHT | _set("house home and")


def _moves(newer: _Shape, where: str) -> bool:
    """The later fact's "to" says where its subject went: between the subject and the
    value stand verbs of a change that happened ("moved to", "packed up and moved to",
    "got ported from Java to"), not a relation in the present ("now reports to Yuki")
    or a thing of the subject's own ("switched editors to Zed")."""
    if newer.folded[0] in _DOERS:
        return True  # "We migrated the payments queue onto redis-65": what "we" moved
    to = newer.folded.index(where, newer.said)
    between = [
        word
        for word in newer.folded[newer.said : to]
        if word not in _BESIDE_MOTION and word not in newer.named
    ]
    return bool(between) and all(
        (w.endswith(("ed", "ing")) or w == "went") and w not in _STATIVE for w in between
    )


# A move of home ("moved house to Leeds", "relocated to Kyoto"), and the words that
# say a home ("lives in", "has a flat in").
_HOME_MOVE = _set("house home relocated relocating")
_HOME_WORDS = _set("home house apartment flat place lives living live lived based settled")


def _moved_from(older: _Shape, at: int, newer: _Shape, where: str) -> bool:
    """A move of home ends where the subject lived, not where it is "at" ("works at
    Aperture", "is at Acme" are not ended by "relocated to Kyoto"); a move said
    otherwise ("moved over to Wonka") may be either."""
    went = set(newer.folded[newer.said : newer.folded.index(where, newer.said)])
    if not went & _HOME_MOVE or older.folded[at - 1] != "at":
        return True
    return bool(set(older.folded[older.said : at]) & _HOME_WORDS)


# Participles of a standing relation, not a move: "is now married to Amara".
_STATIVE = _set(
    """married engaged related attached committed dedicated devoted used accustomed
    opposed subscribed addicted listed linked connected"""
)


# People in a relation to the subject: "Sven has a cousin in Tallinn" puts the cousin
# there, not Sven; "Marco has friends at Hooli" is not Marco's employer.
_OTHERS = _set("colleague coworker neighbour neighbor mentor boss client contact")
"""Whom one works with or for, or lives beside: relations that are no kin."""
_RELATION = (
    kin_words() | _OTHERS | _set("colleagues coworkers neighbours neighbors clients contacts")
)
"""Kin (`words.KIN`, with plurals) and the other relations of a person."""
# Participles that say where the subject is ("was based in", "is employed at"), not
# something that happened to it there ("was promoted at Soylent").
_WHERE_PARTICIPLES = _set(
    """based located employed hosted stationed housed deployed headquartered settled
    situated registered enrolled parked stored kept installed placed"""
)


# ... and the doings that do ("is working for Acme"), not an activity for someone
# else ("is hiring for Soylent").
_WHERE_ING = _set("working living staying residing studying")


def _own_place(shape: _Shape, at: int, *, event: bool) -> bool:
    """The value at `at` is where the subject itself is: no person in a relation to it
    is put there (_RELATION), and, with `event`, no event or activity happened there
    ("was promoted at", "was interviewed at", "is hiring for": a participle that
    neither places nor says a change)."""
    between = shape.folded[shape.said : at]
    if _RELATION & set(between) or shape.holds:
        return False  # "has a cousin in Tallinn", "has shares in Vandelay"
    if not event or not between or shape.folded[0] in _DOERS:
        return True
    verb = between[0]  # what is said of the subject starts with it (fillers left out)
    if verb.endswith("ed"):
        return verb in _WHERE_PARTICIPLES or bool(_CUE.fullmatch(verb))
    return not verb.endswith("ing") or verb in _WHERE_ING


def _value_runs(shape: _Shape) -> list[str]:
    """The runs of value tokens in a fact after its first word (folded, space-joined)."""
    runs: list[str] = []
    current: list[str] = []
    for value, folded in zip(shape.values[1:], shape.folded[1:], strict=True):
        if value:
            current.append(folded)
        elif current:
            runs.append(" ".join(current))
            current = []
    if current:
        runs.append(" ".join(current))
    return runs


def _names_old(newer_text: str, newer: _Shape, older: _Shape) -> bool:
    """The later fact names a value of the earlier one as the one it replaces ("moved
    from A to B", "B rather than A", "left A; now at B", "sold the A and bought a B"),
    gives another value, and holds the earlier fact's other names (its subject)."""
    if newer.adds:
        return False
    named = {
        " ".join(w.casefold().rstrip(".,;:") for w in m["old"].split())
        for m in _NAMES_OLD.finditer(_clean(newer_text))
    }
    older_runs = [older.folded[0], *_value_runs(older)] if older.folded else []
    old = [run for run in older_runs if any(n.startswith(run) for n in named)]
    if len(old) != 1:
        return False
    rest = [run for run in older_runs if run != old[0] and any(c.isalpha() for c in run)]
    words = set(newer.folded)
    if not rest or not all(set(run.split()) <= words for run in rest):
        return False
    # What the earlier fact says of its value must be said again, or be one verb of a
    # state ("drives", "uses"): "Felix is hiring for Soylent" is not Felix's employer.
    values = {w for run in older_runs for w in run.split()}
    said = [w for w in older.folded if w not in values and w not in _LIGHT and w not in words]
    if len(said) > 1 or (said and not re.fullmatch(r"[a-z]+[^su\W]s", said[0])):
        return False
    joined = " ".join(newer.folded)
    return any(run not in older_runs and run != old[0] for run in _value_runs(newer)) or (
        newer.folded[0] not in older_runs and _is_value(newer.tokens[0]) and old[0] in joined
    )


def _structural(
    facts: Sequence[str],
    shapes: Sequence[_Shape | None],
    found: dict[int, int],
    *,
    rank: bool = False,
) -> None:
    """Adds to `found` the facts a later one replaces by structure (see above), given
    each fact's `_shape`. Pairs are only looked at within a bucket (the same first word
    and other words, or an earlier fact holding the value a later one names), the newest
    `_PAIR_LIMIT` of it."""
    by_key: dict[tuple[str, frozenset[str]], list[int]] = {}
    by_run: dict[str, list[int]] = {}
    by_place: dict[frozenset[str], list[int]] = {}
    # a fact said again is read once, and a pair of them weighed once
    read, moved = _Once(_structural_read), _Once(_moved)
    apart, names_old = _Once(_one_value_apart), _Once(_names_old)
    for i, shape in enumerate(shapes):
        if shape is None:
            continue
        key, named, run_words = read[facts[i], shape]
        if (placed := shape.placed) is not None:
            for j in by_place.get(placed[0], [])[-_PAIR_LIMIT:]:
                older = shapes[j]
                if j not in found and older is not None and moved[shape, older]:
                    found[j] = i
            by_place.setdefault(placed[0], []).append(i)
        if key is not None:
            for j in by_key.get(key, [])[-_PAIR_LIMIT:]:
                older = shapes[j]
                if older is None:
                    continue
                if older.folded == shape.folded:
                    found.pop(j, None)  # said again: current again
                elif apart[shape, older]:
                    found.setdefault(j, i)
            by_key.setdefault(key, []).append(i)
        for word in named:
            for j in by_run.get(word, [])[-_PAIR_LIMIT:]:
                older = shapes[j]
                if j not in found and older is not None and names_old[facts[i], shape, older]:
                    found[j] = i
        for word in run_words:
            by_run.setdefault(word, []).append(i)
    _typed_changes(shapes, found)
    _frame_changes(shapes, found, rank=rank)


def _structural_read(
    text: str, shape: _Shape
) -> tuple[tuple[str, frozenset[str]] | None, set[str], set[str]]:
    """What `_structural` files a fact by: its shape's key, the first words of the values
    it names as replaced (`_NAMES_OLD`), and the first words of its own value runs."""
    named: set[str] = set()
    if _NAMES_OLD.search(text):
        named = {
            " ".join(w.casefold().rstrip(".,;:") for w in m["old"].split()).split()[0]
            for m in _NAMES_OLD.finditer(_clean(text))
        }
    runs = [*_value_runs(shape), *shape.folded[:1]]
    return shape.key, named, {run.split()[0] for run in runs}


def _frame_changes(
    shapes: Sequence[_Shape | None], found: dict[int, int], *, rank: bool = False
) -> None:
    """Adds to `found` an earlier fact a later one says again with one lower-case word
    in the value's place (`_one_word_apart`), among the newest `_PAIR_LIMIT` facts of
    its first word and length. Only when the later one says a change (`_CUE`: "now",
    "switched to", "no longer", "instead", an effective date; or a value set, `put`):
    many relations hold several values at once ("Lena likes tea." / "Lena likes
    coffee.", "Ravi is allergic to peanuts." / "... to shellfish."), and a fact dropped
    wrongly is lost while a change missed only leaves a stale line beside the new one.
    Without a cue the pair is read only when `rank` (recall puts the newer one first)."""
    # each wording of a frame once (a fact said again is read once), with where it was said
    by_frame: dict[tuple[str, int], dict[tuple[str, ...], list[int]]] = {}
    for i, shape in enumerate(shapes):
        if shape is None or len(shape.folded) < 3 or shape.adds or shape.past:
            continue
        said = by_frame.setdefault((shape.folded[0], len(shape.folded)), {})
        for folded in list(said)[-_PAIR_LIMIT:]:
            older = shapes[said[folded][-1]]
            if (
                folded != shape.folded
                and older is not None
                and (rank or shape.cue or shape.put)
                and _one_word_apart(shape, older)
            ):
                for j in said[folded]:
                    found.setdefault(j, i)
        said.setdefault(shape.folded, []).append(i)


# The sorts of value whose form says what they are (a date, a time, a host or other
# identifier, a number): two of one sort given to one subject are one slot. A name's
# sort (a city, a company, a person) is not known from its form: not read here.
_TYPED_SORTS = frozenset({"date", "time", "id", "number"})


def _typed_value(shape: _Shape) -> tuple[frozenset[str], str, frozenset[str]] | None:
    """(subject words, the sort, the values) of a fact that gives its subject values of
    one sort whose form says what they are, after its verb; None otherwise. The subject
    is what comes before the verb (or a colon), less light words, its own values of
    that sort and the attribute nouns ("New date for the Dune launch: ..." and "The
    Dune launch lands on ..." are both about the Dune launch). A negated fact gives its
    value none ("Staging is not db3." denies db3: no saying again of "Staging is db3.")."""
    if shape.adds or shape.past or _RELATION & set(shape.folded) or shape.folded[0] in _DOERS:
        return None
    if _NEGATION.search(" ".join(shape.folded)):
        return None
    after = [k for k in range(shape.said, len(shape.folded)) if not _labels(shape, k)]
    sorts = {_kind(shape.tokens[k]) for k in after if shape.values[k]}
    if len(sorts) != 1 or not sorts <= _TYPED_SORTS:
        return None
    first = next(k for k in after if shape.values[k])
    if shape.holds or (
        shape.folded[first].isdigit()
        and first + 1 < len(shape.folded)
        and not shape.values[first + 1]
        and shape.folded[first + 1] not in _LIGHT
    ):
        return None  # "had 22 people on the call": a count of something it has
    said = [w for w in shape.folded[shape.said : first] if w not in _LIGHT | _KIND | _PARTICLES]
    if len(said) > 1 and shape.folded[first - 1] == said[-1]:
        said.pop()  # "runs version 1.0": the noun right before a value names it
    if len(said) > 1:
        return None  # "needs a reboot on vault-78": the value of something else it names
    (sort,) = sorts
    values = frozenset(shape.folded[k] for k in after if shape.values[k])
    subject = frozenset(
        word
        for k, word in enumerate(shape.folded[: shape.said])
        if word not in _LIGHT and word not in _SLOT_NOUNS and _kind(shape.tokens[k]) != sort
    )
    return (subject, sort, values) if subject else None


def _labels(shape: _Shape, k: int) -> bool:
    """The token at `k` is a word in capitals labelling the typed value after it ("ETA
    2027-08-24", "PR 4411"): no value of its own."""
    token = shape.tokens[k]
    return (
        len(token) > 1
        and token.isalpha()
        and token.isupper()
        and k + 1 < len(shape.tokens)
        and shape.values[k + 1]
        and _kind(shape.tokens[k + 1]) != "name"
    )


def _typed_changes(shapes: Sequence[_Shape | None], found: dict[int, int]) -> None:
    """Adds to `found` an earlier fact whose subject a later one gives another value of
    the same sort, said as a change ("now", "new", "moved", "rebranded", "from now
    on"): "The Dune launch lands on 2027-10-05" then "New date for the Dune launch:
    2027-10-23". No wording is read but the change cue; a later fact of the same sort
    said without one ("The Dune launch has a dry run on 2027-10-01") is another slot."""
    by_subject: dict[tuple[frozenset[str], str], list[tuple[int, frozenset[str]]]] = {}
    typed_value = _Once(_typed_value)  # a fact said again is read once
    for i, shape in enumerate(shapes):
        if shape is None or (typed := typed_value[(shape,)]) is None:
            continue
        subject, sort, values = typed
        earlier = by_subject.setdefault((subject, sort), [])
        for j, old in earlier[-_PAIR_LIMIT:]:
            older = shapes[j]
            if old == values:
                found.pop(j, None)  # said again ("moved back to db3"): current again
            elif (
                (shape.cue or shape.put) and j not in found and older and values - set(older.folded)
            ):
                found[j] = i
        earlier.append((i, values))


def given_values(
    text: str, asked: frozenset[str] = frozenset(), subject: str = ""
) -> dict[str, str] | None:
    """The values a fact gives, by type: {folded value token: its sort (`_kind`: a time, a
    date, an identifier, a number, a name)}, less the words `asked` (a question's terms).
    None when it gives `subject` (a folded word) no value of its own: `subject` is itself
    the value ("The Lumen service moved from Kenji to Chloe" is not about Chloe), or the
    fact adds to a list ("also", "another"), tells a past event without a change cue
    ("visited Oslo"), or puts someone in a relation to the subject ("Sven's cousin lives
    in Oslo"). A name before a noun names a thing ("the Pulsar service"), and a name
    where something happened ("was promoted at Soylent") is no value.
    No wording is read beyond that: what makes two facts one slot is their subject and
    the sort of their values (recall's `newest_first`)."""
    if (made := assigned(text)) is not None:
        # "SELECT host ... -- 'db3'", "export HOST=db3  # staging": the value set
        given = {word.casefold(): _kind(word) for word in made.value.split()}
        return {word: kind for word, kind in given.items() if word not in asked} or None
    shape = _shape(text)
    if shape is None or shape.adds or shape.past or _RELATION & set(shape.folded):
        return None
    values: dict[str, str] = {}
    folded = shape.folded
    for at, (token, word) in enumerate(zip(shape.tokens, folded, strict=True)):
        if not shape.values[at]:
            continue
        after = next((k for k in range(at + 1, len(folded)) if not shape.values[k]), None)
        if after is not None and folded[after] not in _FOLLOWS and (at or after < shape.said):
            continue  # a name before a noun names a thing: "the Pulsar service"
        kind = _kind(token)
        if kind == "name" and not _own_place(shape, at, event=not shape.cue):
            continue  # "was promoted at Cyberdyne": where something happened
        if word == subject and at >= shape.said:
            return None  # "Lumen moved from Kenji to Chloe": Chloe is the value
        if word in asked:
            continue
        values[word] = kind
    return values or None


@dataclass(frozen=True)
class Said:
    """What any fact says, read without its structure (`said_values`): its value tokens
    by sort, whether it carries a change cue, and the relatives it names."""

    values: dict[str, str]
    cue: bool
    relations: frozenset[str]


def said_values(text: str, asked: frozenset[str] = frozenset(), subject: str = "") -> Said | None:
    """Every value token of a fact ({folded token: sort}, `_kind`), less `subject` and the
    words `asked`, read from its tokens alone, where `given_values` finds no structure:
    a compound ("isn't in Leeds anymore; the family is in Kyoto"), a sentence with no
    subject first ("Rolled the Garnet service forward to 7.0"), a past verb ("Wonka
    poached Zara"). The first token is a value only when a lower-case word follows it and
    it is no stop word or past verb ("Wonka poached", not "Rolled the", "Ring Ravi").
    None for a fact that adds to a list. It says nothing of which value is the subject's:
    recall uses it only beside a hit that a question names the subject of, and only with a
    sign of change (a typed value, a cue, the hit's value named)."""
    tokens = [t.replace("’", "'").rstrip(".:,;") for t in _TOKEN.findall(text)]
    tokens = [t.removesuffix("'s") if len(t) > 2 else t for t in tokens]
    tokens = [t for t in tokens if t]
    folded = [t.casefold() for t in tokens]
    if _ADDS & set(folded):
        return None
    if any(w == subject and at and folded[at - 1] in _LIGHT for at, w in enumerate(folded)):
        return None  # "The Raven service moved from Dana to Nadia": Dana is a value there
    values: dict[str, str] = {}
    for at, token in enumerate(tokens):
        if not _is_value(token) or folded[at] in _FILLER or folded[at] in _PRONOUNS:
            continue
        if at == 0 and not any(c.isdigit() for c in token):
            nxt = tokens[1] if len(tokens) > 1 else ""
            if folded[0].endswith("ed") or not nxt[:1].islower() or folded[0] in _FIRST_NOT_VALUE:
                continue
        if folded[at] == subject or folded[at] in asked:
            continue
        values[folded[at]] = _kind(token)
    return Said(values, bool(_CUE.search(text)), _RELATION & frozenset(folded))


def answer_values(
    text: str, asked: frozenset[str] = frozenset(), subject: str = ""
) -> dict[str, str] | None:
    """The values a fact gives `subject` (`given_values`), or, when its structure is not
    read at all ("Ring Ravi on +1 415 555 2532", "The Dune team's builds go through
    Jenkins"), every value it says (`said_values`), unless it names a relative: for a
    fact a question has named the subject of. A fact read and found to give none (a past
    event, an addition, the subject as the value) still gives none."""
    given = given_values(text, asked, subject)
    if given or _shape(text) is not None:
        return given
    said = said_values(text, asked, subject)
    return (said.values or None) if said is not None and not said.relations else None


# A value gone back from or waved off ("went back to vim", "waved goodbye to the ledger
# folks"): leaving signs `_LEAVING_HINT` lacks, told without a change cue.
_GONE_BACK = re.compile(r"\b(?:back to|over to|goodbye|farewell)\b", re.I)


def tells_change(text: str) -> bool:
    """Whether a fact tells that something changed or was left: a change cue ("now",
    "moved", "these days"), a leaving sign ("left", "from", "instead of") or a going back
    ("went back to vim", "went over to Helix"). Recall asks it of a later fact that only repeats a word of a hit
    no value is read in: without it, "Odile fixed a bug in the ledger export" is news
    about the ledger squad's work, not about which squad Odile is on (review 28 F3)."""
    return any(cue.search(text) for cue in (_CHANGED, _CUE, _LEAVING_HINT, _GONE_BACK))


def relative_named(text: str, subject: str) -> str:
    """The relation (`_RELATION`, folded) of a relative of `subject` (folded) whom `text`
    names beside it, the one the fact is about: in apposition ("Tom, Dana's husband, got
    an offer from Acme") or with the relative's name after it ("Kofi's sister Ama sees Dr
    Mensah too"); "" when none is. A relation its name follows only after a stop ("Bertil's
    boss? Aud, ...") is the subject's slot answered, not another person spoken of."""
    owner = rf"(?i:\b{re.escape(subject)})['’]s\s+([a-z]+)"
    for found in re.finditer(
        rf"\b[A-Z][\w'-]*,\s+{owner}\s*,|{owner}\s+[A-Z][\w'-]*(?![\w'’])", text
    ):
        relation = (found[1] or found[2]).casefold()
        if relation in _RELATION:
            return relation
    return ""


# Sentence-first capitalised words that are not names.
_FIRST_NOT_VALUE = _set(
    """there here we our my your their his her its the a an this that these those
    what who where when which everyone nobody someone"""
)


def named_thing(text: str, word: str) -> str:
    """The noun that the name `word` (folded) stands before in a fact: the thing it
    names ("review" in "Marco leads the Atlas review"), or "" when it names no thing there
    (it stands alone, or before a light word or a possessive's noun: "Sofia's home", or
    before a value of a typed sort, which is no noun: "email Ravi? ravi.k@acme.io")."""
    if re.search(rf"\b{re.escape(word)}['’]s\b", text, re.I):
        return ""
    shape = _shape(text)
    if shape is None:
        # Not read by structure ("Rolled the Garnet service forward to 7.0"): the word
        # after the name, unless it may follow a value.
        folded = [t.casefold() for t in _kept(text)]
        if word not in folded:
            return ""
        nxt = folded.index(word) + 1
        if nxt < len(folded) and folded[nxt] not in _FOLLOWS and _kind(folded[nxt]) == "name":
            return folded[nxt]
        return ""
    if word not in shape.folded:
        return ""
    at = shape.folded.index(word)
    after = next((k for k in range(at + 1, len(shape.folded)) if not shape.values[k]), None)
    if after is None or shape.folded[after] in _FOLLOWS or at < shape.said <= after:
        return ""  # alone, before a light word, or before its own verb ("Leila started")
    return shape.folded[after]


# What may follow a value (not a noun it would name a thing of): "Orla no longer ..." is
# said of Orla, not of an "Orla no".
_FOLLOWS = _LIGHT | _set(
    """and or but now too there then here instead again no not never isn't doesn't don't
    won't wasn't hasn't can't"""
)


_BULLET = _Lazy(r"^\s*(?:[-*+•]|\d{1,3}[.)])\s+(?P<fact>\S.*)$")


def drop_stale(answer: str, sources: Sequence[str]) -> tuple[str, list[str]]:
    """A model's MEMORY.md without the bullets it kept of a stale value, and each drop
    as `old -> new`. `sources` are the texts it merged, oldest first (the MEMORY.md it
    was given, then the daily ledgers). Only a confident case is dropped: the sources
    say which value replaced which, and the answer holds a bullet of each, the old and
    the new, read as the same claims; anything else the answer says is left as it is."""
    facts = [
        match["fact"]
        for text in sources
        for line in text.splitlines()
        if (match := _BULLET.match(line))
    ]
    replaced = stale(facts)
    if not replaced:
        return answer, []
    claims = [claim(fact) for fact in facts]
    lines = answer.splitlines()
    said: dict[int, tuple[str, Claim]] = {}
    for i, line in enumerate(lines):
        if (match := _BULLET.match(line)) and (made := claim(match["fact"])) is not None:
            said[i] = match["fact"], made
    shown = {(made.key, made.value, made.negated) for _, made in said.values()}
    gone: dict[int, str] = {}
    for old, new in replaced.items():
        older, newer = claims[old], claims[new]
        if older is None or newer is None or (newer.key, newer.value, newer.negated) not in shown:
            continue
        for i, (text, made) in said.items():
            if (made.key, made.value, made.negated) == (older.key, older.value, older.negated):
                gone.setdefault(i, f"{text} -> {facts[new]}")
    kept = [line for i, line in enumerate(lines) if i not in gone]
    return "\n".join(kept), list(gone.values())


# Supersession by verb class: a person's home, employer, and who holds a thing or a role
# are each one value, whatever verb says it. The form of a value cannot tell a city
# from a company from a person; the verb can. Each class is a list of phrases the whole
# of what stands between the subject and the value must be (fillers left out), so that
# "wants to move to", "used to live in", "turned down an offer from", "has a cousin in"
# and "visited" are none of them. "~" marks a verb written with its inflections; "*" a
# job title ("works as a designer at"); "|" alternatives.
_CLASS_PHRASES: dict[str, tuple[str, ...]] = {
    "home": (
        "~live in|at",
        "~base in|at",
        "~base out of",
        "~reside in|at",
        "~settle in",
        "~settle down in",
        "~relocate to|in",
        "~move to",
        "~move house|home to",
        "~make home in",
    ),
    "employer": (
        "~work at|for",
        "~work as * at|for",
        "~join",
        "~employ by|at",
        "~hire by|at",
        "~start at|with",
        "~start a job at|with",
        "~take|get|land|accept a job at|with",
        "~accept a|an offer from",
        "~sign with",
    ),
    "holder": (
        "~own",
        "~lead",
        "~run",
        "~manage",
        "~maintain",
        "~handle",
        "~head",
        "~oversee",
        "~look after",
        "~take over",
        "~inherit",
        "in charge of",
        "responsible for",
    ),
}
# Verbs of a state: said in the past ("lived in", "was based in") they are history, not
# the current value; the others say a change happened ("moved to", "joined").
_STATE_VERBS = _set("live base reside work employ own lead run manage maintain handle head")
_IRREGULAR = {
    "run": ("ran", "running"),
    "lead": ("led", "leading"),
    "take": ("took", "taken", "taking"),
    "get": ("got", "gotten", "getting"),
    "hold": ("held",),
    "oversee": ("oversaw", "overseen", "overseeing"),
    "make": ("made", "making"),
    "land": ("landed",),
}
_PAST_AUX = _set("was were had did used")
# Between the subject and its value, words that say nothing of the relation.
_CLASS_FILLER = _set(
    """is are has have been be just now recently officially finally already currently
    permanently since then new back 's ’s"""
)
# What rules a fact out of every class: a negation or a wish ("no longer", "might"), or
# an addition ("also", "another") when the fact is the later one.
_CLASS_HEDGE = _set(
    """not no never n't might may would could should will wants want wanted plans plan
    planned planning hopes hope hoping considering thinking if whether formerly
    previously once"""
)
_CONTRACTED_NOT = re.compile(r"n['’]t\b")
"""A "n't" in raw text, with either apostrophe ("isn’t", from a phone or a model: review34
F2); `_CLASS_HEDGE`'s "n't" is matched in words `_words` has folded."""
_ROLE_NOUNS = _set(
    """lead leader manager owner maintainer head captain chair coordinator champion contact
    commander
    admin administrator director sponsor steward liaison officer architect organiser
    organizer host dri rep representative secretary treasurer president supervisor"""
)
_THING_DROP = _set("the our their its current new role position")
_PERSON = r"[A-Z][\w-]*(?: [A-Z][\w-]*)?"
_NAME_SUBJECT = re.compile(rf"^(?P<subject>{_PERSON}|he|she|they|He|She|They) (?P<rest>.+)$")
_FROM_THERE = _Lazy(
    rf"^(?P<subject>{_PERSON}) is (?:originally )?from (?P<value>{_PERSON}) and "
    r"(?:still |now )?lives there$",
    needs="lives there",
)
_HOME_IS = _Lazy(
    rf"^(?P<subject>{_PERSON})['’]s (?:new |current )?(?:home|hometown|home city|address) "
    rf"is (?:now )?(?:in )?(?P<value>{_PERSON})$",
    needs=" is ",
)
_ROLE_TAKEN = re.compile(
    rf"^(?P<value>{_PERSON}) (?:(?:is|was|has been|has|just|now|officially) )*"
    r"(?:(?:taking over|took over|taken over|stepping in|stepped in|stepped up|stepping up|"
    r"named|appointed) (?:as )?(?P<named>(?:the |our )?.+)|(?:made|became|become|is) "
    r"(?P<role>(?:the|our) .+))$"
)
_ROLE_HELD = _Lazy(
    rf"^(?P<value>{_PERSON}) (?:now |still )?holds (?P<role>(?:the|our) .+ (?:role|position))$",
    needs="holds ",
)
_ROLE_IS = _Lazy(
    rf"^(?P<role>(?:[Tt]he|[Oo]ur) .+?) is (?:now )?(?P<value>{_PERSON})$", needs=" is "
)
_HELD_BY = re.compile(
    rf"^(?P<thing>(?:[Tt]he|[Oo]ur|{_PERSON}) .+?) (?:is|are|has been) (?:now )?"
    rf"(?:owned|led|run|managed|maintained|handled|headed|overseen|looked after) by "
    rf"(?P<value>{_PERSON})$"
)
_HANDED_TO = _Lazy(
    rf"^(?:(?P<old>{_PERSON}) (?:has )?(?:handed|passed|gave) (?P<thing>(?:the|our) .+?) "
    rf"(?:over |on )?to|(?P<thing2>(?:[Tt]he|[Oo]ur|{_PERSON}) .+?) (?:was |has been |got )?"
    rf"(?:handed over|handed|passed|reassigned|transferred|moved from (?P<old2>{_PERSON})) to) "
    rf"(?P<value>{_PERSON})$",
    needs="gave|handed|moved from |passed|reassigned|transferred",
)
# What trails a class's value: a clause or a time ("since spring", ", after the reorg").
_CLASS_TRAIL = re.compile(
    r"(?:\s*[,;(—–]|\s-\s|\s(?:because|since|until|as of|starting|effective|this|next|"
    r"last|every|yesterday|today|when|while|which|so that)\b).*$",
    re.I,
)
_TRAILING = re.compile(
    r"(?:\s+(?:now|these days|again|for good|for now|from now on|going forward|"
    r"as of \S+|last \S+|this \S+|in (?:early |late |mid-?)?\S+ \d{4}|recently|officially))+$",
    re.I,
)


def _inflected(verb: str) -> frozenset[str]:
    """A verb's forms: "live" -> live, lives, lived, living."""
    stem = verb[:-1] if verb.endswith("e") else verb
    third = verb + ("es" if verb.endswith(("s", "sh", "ch", "x")) else "s")
    return frozenset({verb, third, stem + "ed", stem + "ing", *_IRREGULAR.get(verb, ())})


def _phrase(text: str) -> tuple[frozenset[str], tuple[frozenset[str] | None, ...]]:
    """A class phrase as (its verbs, one set of words a place, None for a gap)."""
    words = text.split()
    verbs = frozenset(words[0][1:].split("|")) if words[0].startswith("~") else frozenset()
    slots: list[frozenset[str] | None] = []
    for word in words:
        if word == "*":
            slots.append(None)
        elif word.startswith("~"):
            slots.append(frozenset().union(*map(_inflected, word[1:].split("|"))))
        else:
            slots.append(frozenset(word.split("|")))
    return verbs, tuple(slots)


# The phrases by their first word (none starts with a gap): a fact is matched against
# the few that can start it.
_Phrase = tuple[str, frozenset[str], tuple[frozenset[str] | None, ...]]


def _by_first() -> dict[str, list[_Phrase]]:
    index: dict[str, list[_Phrase]] = {}
    for name, phrases in _CLASS_PHRASES.items():
        for verbs, slots in map(_phrase, phrases):
            for first in slots[0] or ():
                index.setdefault(first, []).append((name, verbs, slots))
    return index


_BY_FIRST = _by_first()
_CHANGE_FORMS = frozenset().union(
    *map(_inflected, _set("join accept sign start take get land hire"))
)


def _matches(slots: tuple[frozenset[str] | None, ...], words: Sequence[str]) -> bool:
    """Whether `words` are exactly the phrase, a gap taking one to three words."""
    if not slots:
        return not words
    head, rest = slots[0], slots[1:]
    if head is None:
        return any(_matches(rest, words[n:]) for n in range(1, min(3, len(words)) + 1))
    return bool(words) and words[0] in head and _matches(rest, words[1:])


def _class_of(between: Sequence[str]) -> str | None:
    """The class whose phrase is what stands between a subject and its value; None when
    it is none, or a state said in the past ("lived in", "was based in")."""
    words = [w for w in between if w not in _CLASS_FILLER]
    for name, verbs, slots in _BY_FIRST.get(words[0], []) if words else []:
        if not _matches(slots, words):
            continue
        said = words[0] if verbs else ""
        participle = said.endswith("ed") or said in ("ran", "led", "held")
        present = set(between) & _set("is are has have 's")
        past = set(between) & _PAST_AUX or (participle and not present)
        return None if verbs & _STATE_VERBS and past else name
    return None


def _thing(text: str) -> frozenset[str]:
    """A held thing or role as its content words ("the new tech lead for payments role"
    -> tech, lead, payments)."""
    return frozenset(w for w in _words(text) if w not in _THING_DROP and w not in _LIGHT)


def _role(text: str) -> frozenset[str] | None:
    """A role that has one holder: "the tech lead for payments", "our release manager";
    not an opinion ("the funniest"), a description ("the one who"), or a role without a
    role noun ("the Pulsar service"), nor a role of something unnamed (`_UNNAMED`: "the
    lead of a new squad")."""
    words = _words(text)
    head = next((k for k, w in enumerate(words) if w in ("for", "of", "on", "in", "at")), None)
    if (
        head is not None
        and _UNNAMED.search(" " + " ".join(words[head:]))
        and not _NAMED_AFTER.search(text)
    ):
        return None
    noun = words[:head][-1] if words[:head] else ""
    if noun not in _ROLE_NOUNS or len(words) > 8:
        return None
    if re.search(r"\b(?:\w+est|most|least|best|worst|who|that|which|one)\b", text, re.I):
        return None
    return _thing(text)


@dataclass(frozen=True)
class Classed:
    """A relation of a verb class: whose (`subject`), which class, what value."""

    name: str
    """"home", "employer", "holder" (of a thing or role), or "at" (where a person is,
    "Chloe is at Initech": a home or an employer, ended only by a fact naming it)."""
    subject: frozenset[str]
    value: str
    old: str = ""
    """The value it says it replaces ("from Dana to Lena", "left Initech for Acme")."""
    weak: bool = False
    """A job for someone ("is a contractor for Globex"): ended only by a change."""
    change: bool = False
    """Said as a change ("joined", "accepted an offer from", "now")."""


@_reading(None)
def classed(text: str, about: str | None = None) -> Classed | None:
    """The relation of a verb class a fact gives: a person's home or employer, or the
    holder of a thing or role (whose subject is the thing held, "the Pulsar service");
    None otherwise."""
    read = _statement(text, about)
    if read is None:
        return None
    sentence, about = read
    sentence = _TRAILING.sub("", _CLASS_TRAIL.sub("", sentence) or sentence)
    words = set(_words(sentence))
    if words & _CLASS_HEDGE or _CONTRACTED_NOT.search(sentence):
        return None
    for pattern in (_FROM_THERE, _HOME_IS):
        if match := pattern.match(sentence):
            return Classed("home", _thing(match["subject"]), match["value"].casefold())
    for rule in (_ROLE_HELD, _ROLE_TAKEN, _ROLE_IS):
        match = rule.match(sentence)
        if match and (role := _role(match.groupdict().get("named") or match["role"])):
            return Classed("holder", role, match["value"].casefold())
    if match := _HANDED_TO.match(sentence):
        thing = _thing(match["thing"] or match["thing2"])
        old = (match["old"] or match["old2"] or "").casefold()
        return Classed("holder", thing, match["value"].casefold(), old)
    if match := _HELD_BY.match(sentence):
        return Classed("holder", _thing(match["thing"]), match["value"].casefold())
    return _verb_classed(sentence, about)


# "Chloe left Initech for Aperture", "Yuki quit Berlin and settled in Porto": a change
# that names the value it ends.
_LEFT_FOR = _Lazy(
    rf"^(?:has |just |recently )*(?:left|quit) (?P<old>{_PERSON}) (?:(?P<job>for|to join|"
    r"and (?:has )?(?:joined|signed with|started at|went to work for))|and (?:has )?"
    rf"(?:settled|moved|relocated) (?:in|to)) (?P<value>{_PERSON})$",
    needs="left|quit",
)
# Job titles: "is a contractor for Globex" says whom the subject works for ("is a mentor
# for Ravi" does not).
_TITLES = _set(
    """contractor consultant freelancer engineer developer designer analyst tester manager
    intern researcher scientist accountant lawyer architect administrator admin writer
    editor nurse doctor teacher lecturer professor employee"""
)


def _verb_classed(sentence: str, about: str | None) -> Classed | None:
    """A person's relation said by a verb of a class: "Hana is now employed by Vandelay",
    "Idris relocated from Austin to Leeds", "Marco is in charge of the Pulsar service"."""
    match = _NAME_SUBJECT.match(sentence)
    if match is None:
        return None
    subject = match["subject"]
    if subject.casefold() in _PRONOUNS:
        if about is None:
            return None
        subject = about
    who = frozenset(_words(subject))
    rest = match["rest"]
    if left := _LEFT_FOR.match(rest):
        kind = "employer" if left["job"] else "home"
        return Classed(kind, who, left["value"].casefold(), left["old"].casefold(), False, True)
    old = ""
    if moved := re.search(rf"\bfrom (?P<old>{_PERSON}) (?=to )", rest):
        old = moved["old"].casefold()
        rest = rest[: moved.start()] + rest[moved.end() :]
    tokens = rest.split()
    folded = [t.casefold() for t in tokens]
    if person := _person_classed(who, tokens, old):
        return person
    # The holder of a thing: "Marco is in charge of the Pulsar service".
    if " " in subject or subject.casefold() in _PRONOUNS:
        return None
    for cut in range(1, min(4, len(tokens)) + 1):
        thing = tokens[cut:]
        if not thing or not (thing[0].casefold() in ("the", "our") or thing[0][:1].isupper()):
            continue
        if _class_of(folded[:cut]) == "holder":
            if {"with", "and"} & {t.casefold() for t in thing}:
                return None  # "leads billing with Dana": held together
            held = " ".join(thing)
            if given := re.search(rf" from (?P<old>{_PERSON})$", held):
                old, held = given["old"].casefold(), held[: given.start()]
            return Classed("holder", _thing(held), subject.casefold(), old)
    return None


def _person_classed(who: frozenset[str], tokens: Sequence[str], old: str) -> Classed | None:
    """A person's home or employer, or where it is "at": the value is the name that ends
    the fact, and what stands before it a phrase of the class."""
    folded = [t.casefold() for t in tokens]
    start = len(tokens)
    while start > 0 and re.fullmatch(r"[A-Z][\w&'’-]*", tokens[start - 1]):
        start -= 1
    if not 0 < start < len(tokens) or len(tokens) - start > 3:
        return None
    value = " ".join(folded[start:])
    between = [w for w in folded[:start] if w not in _CLASS_FILLER]
    name = _class_of(folded[:start])
    if name in ("home", "employer"):
        change = between[0] in _CHANGE_FORMS or "now" in folded
        return Classed(name, who, value, old, False, change)
    if between == ["at"]:
        return Classed("at", who, value)
    if (
        len(between) == 3
        and between[0] in ("a", "an")
        and between[1] in _TITLES
        and between[2] in ("at", "for")
    ):
        # "is an engineer at Hooli"; "is a contractor for Globex" (weak)
        return Classed("employer", who, value, "", between[2] == "for")
    return None


def _classed_changes(
    facts: Sequence[str], about: Sequence[str | None] | None, found: dict[int, int]
) -> list[Classed | None]:
    """Adds to `found` an earlier fact that a later one of the same class and subject
    gives another value ("Hana works as a designer at Acme" then "Hana accepted an offer
    from Globex"), unless the later one adds ("also", "another", "second"); one that names
    the value it replaces ("moved from Dana to Lena", "left Initech for Acme") ends that
    value only, in any class of the subject ("Chloe is at Initech"). A job for someone
    ("is a contractor for Globex") is ended only by a change. A value said again is
    current again. Returns each fact's `classed` reading."""
    readings: list[Classed | None] = []
    by_key: dict[tuple[str, frozenset[str]], list[tuple[int, Classed]]] = {}
    by_subject: dict[frozenset[str], list[tuple[int, Classed]]] = {}
    read: dict[tuple[str, str | None], Classed | None] = {}  # a fact said again
    for i, text in enumerate(facts):
        if REDACTED in text:
            readings.append(None)
            continue
        said = (text, about[i] if about else None)
        if said not in read:
            read[said] = classed(*said)
        made = read[said]
        readings.append(made)
        if made is None or not made.subject:
            continue
        earlier = by_key.setdefault((made.name, made.subject), [])
        adds = bool(_ADDS & set(_words(text)))
        for j, was in earlier[-_PAIR_LIMIT:]:
            if was.value == made.value:
                if not adds:
                    found.pop(j, None)
            elif made.name == "at" or adds or (was.weak and not made.change):
                continue
            elif made.name == "holder" and not made.change and _common_thing(facts[j], was.subject):
                continue  # many maintain "the team's dotfiles"; a named service has one owner
            elif not made.old or was.value == made.old:
                found.setdefault(j, i)
        if made.old and made.name != "holder" and not adds:
            for j, was in by_subject.get(made.subject, [])[-_PAIR_LIMIT:]:
                if was.value == made.old and was.name != "holder":
                    found.setdefault(j, i)
        earlier.append((i, made))
        by_subject.setdefault(made.subject, []).append((i, made))
    return readings


def _common_thing(text: str, subject: frozenset[str]) -> bool:
    """A holder's thing names nothing and is no role ("the team's dotfiles", "the build
    scripts", not "the Mosaic service" or "lead for payments"): several people may hold
    it at once, so another holder replaces the earlier one only when said as a change."""
    if subject & _ROLE_NOUNS:
        return False
    named = {t.casefold().removesuffix("'s") for t in _TOKEN.findall(text)[1:] if t[:1].isupper()}
    return not named & {w.removesuffix("'s") for w in subject}


# The generic slot (supersede8): what one fact says of one subject, read without a list
# of phrases. A subject is the names it holds ("Sven"; "the Dune launch": a name and the
# noun it names); an attribute, the subject's other content words ("Priya's car", "home
# for Sven", "the target date for ..."); a relation, the stems of the words between the
# subject and its value (stop-words and change cues aside: "runs on", "is backed by");
# a value, the run of value tokens that ends the fact, with its sort. Two facts of one
# subject whose attribute and relation match once the values are taken out are one slot
# ("The search cluster is served from kv-1" / "... is served from kv-9 after the move");
# so are two with the same sort of value when the later one says it is a change ("now",
# "no longer", "as of", "switched", "new", ...). Consolidation (`stale`) and recall's
# lookup of a hit's later values (memctl.retrieval.recall) both read facts by `slot`.
_SLOT_CUE = re.compile(
    r"\b(?:now|no longer|as of|switched|swapped|replaced|instead|these days|any ?more|"
    r"new|changed|moved|migrated|renamed|rebranded|relocated|rehomed|updated|from now on|"
    r"going forward|since then|rather than|took over|taken over|bumped|postponed|"
    rf"rescheduled|delayed|pushed|{_CHANGE_NOW})\b",
    re.I,
)
# Words that carry no relation: articles, auxiliaries, pronouns, light prepositions.
_SLOT_STOP = (
    _FILLER
    | _LIGHT
    | _PARTICLES
    | _PRONOUNS
    | _set(
        """a an the and or but of do does did can could may might must shall should will would
    his her their our my your its there here this that these those than then so very
    every everyone everybody all some any"""
    )
)
# A value's sort by the class a fact of a verb class gives it.
_CLASS_SORT = {"home": "place", "employer": "employer", "holder": "person"}
_SLOT_SORT = {"place": "place", "employer": "employer", "owner": "person"}


@dataclass(frozen=True)
class Slot:
    """What a fact says of one subject (see above)."""

    subject: frozenset[str]
    """The names it is about, folded: {"sven"}, {"dune", "launch"}."""
    attribute: frozenset[str]
    """The subject's other content words, stemmed ({"car"}, {"target", "date"})."""
    relation: frozenset[str]
    """The stems between subject and value; a verb class's name for a classed fact."""
    value: str
    sort: str
    """The value's sort: by its form (a date, a time, an identifier, a number), by its
    verb class (a place, an employer, a person), else "name"."""
    cue: bool
    """Said as a change."""
    old: frozenset[str] = frozenset()
    """The words of the value it says it replaced ("rather than 2027-10-05")."""
    classed: bool = False
    claimed: bool = False
    """Read only as a `claim`: its subject and value, paired by the claim rules."""
    state: bool = False
    """Its relation is one verb of a state, in the present ("drives", "owns")."""
    swapped: bool = False
    """Read as an exchange ("A for B") without a change cue: A and B must be of one
    learned sort."""
    event: bool = False
    """Told as a past event without a change cue ("said goodbye to Oslo and lives in
    Seville"): it ends only an earlier value it names beside its own."""
    things: frozenset[str] = frozenset()
    """Names between the subject and the value: what the value is of ("moved the Cobalt
    migration to 2027-06-03")."""


@cache
def _stem(word: str) -> str:
    """A word's English stem (snowballstemmer): "lives" and "living" are one relation."""
    return str(_stemmer().stemWord(word))


@cache
def _stemmer() -> Any:
    """The English Snowball stemmer, made once (its import costs a few ms, so only when
    a fact is first read)."""
    import snowballstemmer  # type: ignore[import-untyped]

    return snowballstemmer.stemmer("english")


def slot(text: str, about: str | None = None) -> Slot | None:
    """The slot a fact fills, or None when it gives no subject a single value of its own:
    it adds ("also"), hedges ("wants to", "might"), tells a past event without a change
    cue, puts a relative or a thing of the subject's there ("has a cousin in", "has
    shares in"), or ends in no value."""
    if REDACTED in text:
        return None
    # A verb class first, then the generic reading (`read_slot_of`), then the claim (a
    # subject and a value that `stale`'s claim rules pair, not `_slot_changes`: "Pablo
    # has lived in Austin for years", "The Kestrel team dropped Travis for TeamCity").
    read = read_slot_of(text, about)
    said = claim(text, about)
    if read is None and said is not None and said.subject:
        return Slot(
            said.subject, frozenset(), frozenset({said.slot}), said.value, "", False, claimed=True
        )
    return read


def read_slot_of(text: str, about: str | None) -> Slot | None:
    """`_read_slot` of the fact's own `classed` reading and `_shape`, kept (`READINGS`)
    as they are: recall reads a hit's slot, then `stale` the same fact's in each of its
    passes over a prompt's facts (bench/README.md, hook17). A text longer than
    `MAX_FACT_CHARS` has neither reading, and is read as it is, not kept."""
    if len(text) > MAX_FACT_CHARS:
        return _read_slot(text, None, None)
    return _kept_slot(text, about)


@lru_cache(maxsize=READINGS)
def _kept_slot(text: str, about: str | None) -> Slot | None:
    return _read_slot(text, classed(text, about), _shape(text, about))


# A label, then a row of cells: a name, then a comma or a parenthesis and more. The
# first cell is the row's key, one of the list's many (supersede16): "Team roster:
# Priya, data" is not the roster's value, and "Team roster: Amara, platform" no change.
# Only a label that names a list makes rows of it (a plural noun, or a noun of a list);
# else two lines are rows only when they say the same after the name ("Guest: Dana
# (Soylent)" / "Guest: Pablo (Soylent)"). "Release manager: Dana (since May)." and
# "Release manager: Theo (since June)." are one role given another holder (fixreview17b).
_ROW = re.compile(
    r"^(?P<label>[^:]{1,60}):\s+[A-Z][\w'’-]*(?:\s[A-Z][\w'’-]*)*\s*(?P<rest>(?:,|\()\s*\S.*)"
)
_LIST_NOUN = frozenset(
    {"list", "lineup", "line-up", "queue", "register", "roster", "rota"}
    | {"chart", "directory", "sheet", "table"}
)
"""Nouns of a list of members, and of a document of rows: a label ending in one heads
rows, not one value ("Org chart: Sofia, tech lead for payments")."""


def _row(text: str) -> str | None:
    """The list a row of cells belongs to (see `_ROW`): "" for a label naming a list,
    else what follows the name (folded), for a line that is no row None."""
    match = _ROW.match(text)
    if match is None:
        return None
    head = match["label"].split()
    last = head[-1].casefold() if head else ""
    plural = len(last) > 3 and last.endswith("s") and not last.endswith(("ss", "us", "is"))
    if plural or last in _LIST_NOUN:
        return ""
    return " ".join(match["rest"].casefold().rstrip(".!").split())


# A record (supersede17): a config line, a key=value log or form, a labelled field
# ("staging.db = mysql", "service=heron owner=Ottilie", "# Ines's dotfiles: editor = VS
# Code", "Staging DB: mysql"). Its keys and values are read apart: a later record with
# the same keys, all values the same but one, says that key's value anew, whatever the
# case of the value. The key is the label before the fields, the field's own key and a
# closing comment ("image_tag = '1.12'  # the Pulsar service": whose tag it is). A value
# is one value: names or a typed value only, or one or two words in lower case; not a
# clause ("Marco answered nano", "that's Viktor's team"), a pair ("Viktor -> Jonas") or
# an address in brackets. A label naming a list or a document of rows (`_LIST_NOUN`, a
# plural) heads members, not one value; a label of one word ("Allergy: peanuts", "Child:
# Ana") names no subject, and one of several ("Lena, Ravi: data team") no one value: a
# later line may give one more, not another, and is no record. In key=value records the
# first of two or more fields says which thing the record is ("host=db1 port=5432"): a
# record differing there is another thing, not a new value.
_COMMENT_OPEN = re.compile(r"^\s*(?:#+|//|--)\s*")
_COMMENT_CLOSE = re.compile(r"\s+(?:#|//)\s+(?P<about>.*)$")
_FIELD = _Lazy(
    r"(?P<key>[\w.\-/\[\]'’]+(?: [\w.\-/'’]+){0,3}?)\s*=\s*"
    r"(?P<value>[^\s=|;,]+(?: [^\s=|;,]+){0,2}?)(?=\s*(?:[|;,]|$)|\s+[\w.\-]+\s*=)"
)
_LABELLED = re.compile(r"^(?P<key>[^:=|;]{1,60}?):\s+(?P<value>[^:=|;]+?)[.!]?$")


_NOT_ONE_VALUE = _Lazy(r"[<>()→]|->|'s\b|’s\b")


def _one_value(value: str) -> str | None:
    """`value` without its quotes when it is one value (see above), else None."""
    value = value.strip().strip("'\"“”‘’").rstrip(".")
    words = value.split()
    if not words or _NOT_ONE_VALUE.search(value):
        return None
    capital = [_is_value(word) for word in words]
    if all(capital) or (not any(capital) and len(words) <= 2):
        return value
    return None


def _record(text: str) -> tuple[tuple[str, str], ...] | None:
    """A record's (key, value) fields, keys folded with the label before them and the
    comment after them, in order; None for a line that is no record (see above)."""
    line = _COMMENT_OPEN.sub("", text.strip().lstrip("-*+• "))
    about = ""
    if closing := _COMMENT_CLOSE.search(line):
        line, about = line[: closing.start()], closing["about"].casefold()
        if re.match(r"(?:was|formerly|previously|not|ex-)\b", about):
            about = ""  # "editor = Helix  # was nano": the old value, not whose
    if "=" in line:
        fields = list(_FIELD.finditer(line))
        if not fields:
            return None
        label = line[: fields[0].start()].strip(" :[]").casefold()
        if sum(len(m[0]) for m in fields) + len(label) < len(line.replace(" ", "")) * 0.6:
            return None  # a sentence with an "=" in it, not a record
        pairs = [(f"{label} {m['key'].casefold()} {about}", _one_value(m["value"])) for m in fields]
    else:
        match = _LABELLED.match(line)
        if match is None or len(match["key"].split()) > 5:
            return None
        if "," in match["key"] or re.fullmatch(r"[^\W\d_]+", match["key"].strip()):
            return None  # several subjects, or one generic noun naming none ("Allergy:")
        key = match["key"].casefold()
        last = key.split()[-1].strip("'’") if key.split() else ""
        plural = len(last) > 3 and last.endswith("s") and not last.endswith(("ss", "us", "is"))
        if plural or last in _LIST_NOUN or "," in match["value"]:
            return None
        pairs = [(f"{key} {about}", _one_value(match["value"]))]
    if any(value is None for _, value in pairs):
        return None
    return tuple((" ".join(key.split()), value or "") for key, value in pairs)


def _record_changes(facts: Sequence[str], found: dict[int, int]) -> None:
    """Adds to `found` an earlier record a later one says with the same keys and one
    value changed (see above), among the newest `_PAIR_LIMIT` of its keys."""
    by_keys: dict[tuple[str, ...], list[tuple[int, tuple[str, ...]]]] = {}
    for i, text in enumerate(facts):
        if "=" not in text and (": " not in text or text.count(" ") > 12):
            continue  # a labelled field is short (`_LABELLED`)
        fields = _record(text)
        if not fields:
            continue
        keys = tuple(key for key, _ in fields)
        values = tuple(value.casefold() for _, value in fields)
        for j, before in by_keys.get(keys, [])[-_PAIR_LIMIT:]:
            apart = [k for k in range(len(keys)) if values[k] != before[k]]
            if len(apart) != 1 or (apart[0] == 0 and len(keys) > 1 and "=" in text):
                continue  # the first of several fields names the record: another one
            if _run_kind(values[apart[0]]) == _run_kind(before[apart[0]]):
                found.setdefault(j, i)
        by_keys.setdefault(keys, []).append((i, values))


def _read_slot(text: str, made: Classed | None, shape: _Shape | None) -> Slot | None:
    """The slot by verb class or by the generic reading (see `slot`)."""
    cue = bool(_SLOT_CUE.search(text))
    if made is not None and made.name in _CLASS_SORT and made.subject:
        return Slot(
            made.subject,
            frozenset(),
            frozenset({made.name}),
            made.value,
            _CLASS_SORT[made.name],
            cue or made.change,
            frozenset(made.old.split()),
            classed=True,
        )
    if (role := _role_slot(text, cue)) is not None:
        return role
    if shape is None or shape.adds or shape.holds or shape.folded[0] in _DOERS:
        return None
    folded = shape.folded
    # An address by its form is a value too: "leila.k@globex.com", "docs.example.org".
    values = [
        v or bool(_ADDRESS.search(t)) for v, t in zip(shape.values, shape.tokens, strict=True)
    ]
    if (_RELATION | _CLASS_HEDGE) & set(folded) or _CONTRACTED_NOT.search(text):
        return None
    end = len(folded)
    old = shape.named
    for k in range(shape.said + 1, end - 1):
        if (folded[k], folded[k + 1]) in (("rather", "than"), ("instead", "of")):
            end, old = k, frozenset(folded[k + 2 :])  # "on B rather than A"
            break
    start = end
    while start > shape.said and values[start - 1]:
        start -= 1
    noun = ""
    if start == end:
        start = _noun_start(folded, shape.said, end)
        noun = folded[end - 1]
    if start == end or start < shape.said:
        return None
    # An exchange: "gave up Helix for Vim", "traded the Corolla for a Niro", "replaced
    # the Civic with a Niro": a value, "for" or "with", and the value that ends the fact.
    # Without a change cue ("swapped", "replaced"), only "for", and only between two
    # names of one learned sort ("bought the Brompton for Ana" is no exchange).
    swap = start - 1
    links = ("for", "with") if cue else ("for",)
    swapped = False
    if folded[swap] in links and swap > shape.said and values[swap - 1]:
        first = swap
        while first > shape.said and values[first - 1]:
            first -= 1
        old = old | frozenset(folded[first:swap])
        swapped = not cue
    # A past verb before the value ("Zed" is no "-ed" verb: "swears by Zed").
    head = _clean(text)
    cut = head.find(shape.tokens[start])
    past = bool(_PAST.search(" " + head[: cut if cut > 0 else len(head)].casefold()))
    event = (past or bool(_DONE_BY.search(head))) and not cue and not old
    value = " ".join(folded[start:end])
    if set(folded[start:end]) <= old:
        return None  # "left Initech": the old value ends it
    subject, attribute = _slot_subject(shape, text)
    if not subject or subject & set(folded[start:end]):
        return None
    relation = frozenset(
        _stem(folded[k])
        for k in range(shape.said, start)
        if folded[k] not in _SLOT_STOP
        and not _SLOT_CUE.fullmatch(folded[k])
        and not (folded[k] in _DECIDED and k + 1 < start and folded[k + 1] == "to")
    )
    if folded[start - 1] in _LIGHT:
        relation |= {folded[start - 1]}  # what puts the value: "is with Globex", "is at Acme"
    last = shape.tokens[end - 1]
    sort = f"noun:{noun}" if noun else "id" if _ADDRESS.search(last) else _kind(last)
    if sort == "name":
        sort = next(
            (_SLOT_SORT[_SLOT_NOUNS[a]] for a in attribute if _SLOT_NOUNS.get(a) in _SLOT_SORT),
            "name",
        )
    things = frozenset(folded[k] for k in range(shape.said, start) if values[k]) - old
    said = [
        w
        for k, w in enumerate(folded[shape.said : start], shape.said)
        if w not in _SLOT_STOP and not values[k] and not _SLOT_CUE.fullmatch(w)
    ]
    state = len(said) == 1 and bool(re.fullmatch(r"[a-z]+[^su\W]s", said[0]))
    return Slot(
        subject,
        frozenset(map(_stem, attribute)),
        relation,
        value,
        sort,
        cue or bool(old),
        old,
        things=things,
        state=state,
        event=event,
        swapped=swapped,
    )


# A verb of deciding before "to" and the verb it settles ("we decided to use SQLite",
# "chose to host it on Fly"): the relation is the verb decided on, not the deciding
# (fixaudit13b).
_DECIDED = _set("decide decided decides chose choose chooses agreed agree agrees opted opt opts")


# A person in a role, whatever the verb: "Felix serves as the QA lead for billing", "Lena
# stepped into the tech lead for search role", "Jonas succeeded Felix as the ...", "The
# QA lead for billing role is filled by Emeka". The role needs a role noun (`_role`).
_AS_ROLE = _Lazy(
    rf"^(?P<value>{_PERSON}) (?P<verb>[a-z]+(?: [a-z]+){{0,2}}?)(?: (?P<old>{_PERSON}))? "
    r"(?:as|into) (?P<role>.+?)(?: role| position)?$",
    needs="as|into",
)
_IS_ROLE = re.compile(
    rf"^(?P<value>{_PERSON}) (?:is|has been) (?:[a-z]+ly )?(?P<role>(?:the |our )?.+?)(?: role| position)?$"
)
_ROLE_BY = _Lazy(
    rf"^(?P<role>(?:[Tt]he|[Oo]ur) .+?)(?: role| position)? (?:is|are|was|has been) "
    rf"(?:now |currently )?[a-z]+ed by (?P<value>{_PERSON})$",
    needs="ed by ",
)


_ADDRESS = re.compile(r"\w[@/]\w|\w\.\w+\.\w|\w@")


def _noun_start(folded: Sequence[str], said: int, end: int) -> int:
    """Where a value in lower case starts, put by a light word ("is on the data team",
    "moved to the search team now": its sort is its head noun, "team"); `end` when there
    is none."""
    start = end
    while start > said and end - start < 3 and folded[start - 1].isalpha():
        if folded[start - 1] in _SLOT_STOP or _SLOT_CUE.fullmatch(folded[start - 1]):
            break
        start -= 1
    if start == end or start - 1 < said or folded[start - 1] not in _LIGHT:
        return end
    return start


def _role_slot(text: str, cue: bool) -> Slot | None:
    """The holder of a role read from its shape, not its verb (see `_AS_ROLE`)."""
    read = _statement(text, None)
    if read is None:
        return None
    sentence = _TRAILING.sub("", _CLASS_TRAIL.sub("", read[0]) or read[0])
    match = _AS_ROLE.match(sentence) or _ROLE_BY.match(sentence) or _IS_ROLE.match(sentence)
    if match is None or (_CLASS_HEDGE | _ADDS) & set(_words(sentence)):
        return None  # "might step in as", "also serves as"
    role = _role(match["role"])
    if not role:
        return None
    old = (match.groupdict().get("old") or "").casefold()
    return Slot(
        role,
        frozenset(),
        frozenset({"holder"}),
        match["value"].casefold(),
        "person",
        cue or bool(old),
        frozenset(old.split()),
    )


def _possessive(token: str, text: str) -> bool:
    """Whether `text` writes `token` as an owner ("Priya's car", "the team’s CI"). The
    pattern is made for the token, so it is compiled only when the text holds the token
    and an "'s" after it: compiling one for each word of each fact read was 135 patterns
    in one prompt of bench/hook_prompt.py (hook17)."""
    if f"{token}'s" not in text and f"{token}’s" not in text:
        return False
    return re.search(rf"\b{re.escape(token)}['’]s\b", text) is not None


def _slot_subject(shape: _Shape, text: str) -> tuple[frozenset[str], frozenset[str]]:
    """(the names a fact's subject holds, its other content words). A name with the noun
    after it names a thing ("the Dune launch"), a possessive's noun is the owner's
    attribute ("Priya's car"); without a name, all the subject's words are the subject
    ("the search cluster in eu-west")."""
    said = range(shape.said)
    names: set[str] = set()
    used: set[int] = set()
    # A capital that only starts the sentence is no name when another name follows:
    # "Home for Sven", "Target date for the Dune launch".
    opens = _clean(text).split(maxsplit=1)
    starts = bool(opens) and opens[0].removesuffix("'s") == shape.tokens[0]
    first = 1 if starts and any(shape.values[k] for k in said if k) else 0
    # What follows a possessive is the owner's attribute ("The Garnet team's CI").
    owner = next((k for k in said if _possessive(shape.tokens[k], text)), shape.said - 1)
    for k in range(owner + 1):
        if k < first or not shape.values[k] or shape.folded[k] in _SLOT_STOP:
            continue
        names.add(shape.folded[k])
        used.add(k)
        after = k + 1
        if after <= owner and not shape.values[after] and shape.folded[after] not in _SLOT_STOP:
            names.add(shape.folded[after])
            used.add(after)
    rest = [shape.folded[k] for k in said if k not in used]
    if not names:
        return frozenset(w for w in rest if w not in _SLOT_STOP), frozenset()
    # What follows a light word qualifies the subject ("Staging in us-east"); what
    # comes before names its attribute ("the wiki of", "home for").
    light = next((k for k in said if k > min(used) and shape.folded[k] in _LIGHT), None)
    if light is not None:
        names |= {w for w in shape.folded[light : shape.said] if w not in _SLOT_STOP}
    content = [w for w in rest if w not in _SLOT_STOP and w not in _KIND and w not in names]
    return frozenset(names), frozenset(content)


def _slot_changes(
    slots: Sequence[Slot | None], found: dict[int, int], rows: Sequence[str | None] = ()
) -> None:
    """Adds to `found` an earlier fact that a later one of the same subject gives another
    value in the same slot: the same attribute and relation (values taken out) and a
    value of the same form; or a change cue, a compatible attribute (the same, or one
    of them has none) and a value of the same sort. Two rows of one list (`rows`, `_row`)
    with two first cells are two members, not one value changed. A name's sort is what a verb class
    made of it anywhere in `slots` ("Oslo" is a place when someone lives there), else
    its attribute's ("home for Sven"), else unknown ("name"): a home is never ended by a
    car. A later fact that names the value it replaced ends that value only. Two facts
    of a verb class are `_classed_changes`'s."""
    sorts = _name_sorts(slots)
    frames: dict[_Frame, set[str]] = {}
    for made in slots:
        if made is not None and not made.classed and made.sort == "name":
            frames.setdefault((made.attribute, made.relation - _LIGHT), set()).add(made.value)
    # Two frames that give the same names ("drives a Kia Niro" / "'s car is a Kia Niro")
    # are one relation, unless the names are people's, places or employers: those fill
    # every frame of their sort ("is mentoring Marco" / "reports to Marco").
    classes = {sorts.get(f"#{sort}") for sort in _CLASS_SORT.values()} - {None}
    alike = {
        (a, b)
        for a, left in frames.items()
        for b, right in frames.items()
        if a != b
        and len(shared := left & right) >= 2
        and not any(sorts.get(v) in classes for v in shared)
    }
    by_subject: dict[frozenset[str], list[int]] = {}
    for i, made in enumerate(slots):
        if made is None or made.claimed:
            continue
        earlier = by_subject.setdefault(made.subject, [])
        for j in earlier[-_PAIR_LIMIT:]:
            was = slots[j]
            if was is None:
                continue
            if was.value == made.value:
                if not made.classed and _same_slot(made, was, sorts, again=True):
                    found.pop(j, None)  # said again ("moved back to db3"): current again
                continue
            if j in found or was.event or (made.classed and was.classed):
                continue
            if rows and rows[i] is not None and rows[i] == rows[j]:
                continue  # "Guest list: Dana (Soylent)" / "Guest list: Pablo (Soylent)"
            value = set(was.value.split())
            named = value <= made.old or (made.cue and not made.event and value <= made.things)
            same = sorts.get(made.value) is not None and sorts.get(made.value) == sorts.get(
                was.value
            )
            if made.swapped and not same:
                continue
            if named and _kind_of(made) == _kind_of(was) and _plain(was, made):
                found[j] = i  # "gave up Helix for Vim", "said goodbye to Oslo and ..."
            elif made.old or made.event:
                continue  # it ends only the value it names
            elif _same_slot(made, was, sorts, alike):
                found[j] = i
        earlier.append(i)


def _plain(older: Slot, newer: Slot) -> bool:
    """The earlier fact says only its value, or one verb of a state ("drives", "uses"),
    or says it as the later one does: what a later fact naming that value ends. "Felix is
    hiring for Soylent" is not ended by "Felix left Soylent for Initech"."""
    held = older.relation - _LIGHT
    return not held or older.state or held == newer.relation - _LIGHT


def _name_sorts(slots: Sequence[Slot | None]) -> dict[str, str]:
    """Each name value's sort, learned from the facts themselves: names given in one
    frame (the same attribute and relation: "drives a Kia Niro", "drives a Ford Focus")
    are of one sort, and so are names a verb class gives one sort ("lives in Oslo": a
    place), and the people a home or an employer is said of. Union-find over values."""
    parent: dict[str, str] = {}

    def root(value: str) -> str:
        while parent.setdefault(value, value) != value:
            parent[value] = parent[parent[value]]
            value = parent[value]
        return value

    def join(a: str, b: str) -> None:
        parent[root(a)] = root(b)

    for made in slots:
        if made is None or made.sort in _TYPED_SORTS or made.sort.startswith("noun:"):
            continue
        if made.classed:
            join(made.value, f"#{made.sort}")
            if made.sort != "person" and len(made.subject) == 1:
                join(next(iter(made.subject)), "#person")  # who has a home is a person
        elif made.attribute or made.relation - _LIGHT:
            join(made.value, f"#{sorted(made.attribute)}{sorted(made.relation)}")
            if made.sort != "name":
                join(made.value, f"#{made.sort}")  # "home for Sven": a place
    return {value: root(value) for value in parent}


_Frame = tuple[frozenset[str], frozenset[str]]
"""A slot's attribute and relation (light words aside): what a name value is given in."""


def _same_slot(
    newer: Slot,
    older: Slot,
    sorts: dict[str, str],
    alike: set[tuple[_Frame, _Frame]] | None = None,
    *,
    again: bool = False,
) -> bool:
    """Whether `newer` gives `older`'s slot another value (see `_slot_changes`); with
    `again`, the same value said again in the same attribute and relation."""
    if again:  # only said in the same words: "is hiring for Globex" is not "is at Globex"
        return (
            newer.attribute == older.attribute
            and newer.relation - _LIGHT == older.relation - _LIGHT
        )
    if (
        newer.attribute == older.attribute
        and newer.relation == older.relation
        and not (newer.classed and older.classed)
        and _kind_of(newer) == _kind_of(older)
        and not newer.sort.startswith("noun:")
    ):
        return True
    if not newer.cue or not (
        newer.attribute <= older.attribute or older.attribute <= newer.attribute
    ):
        return False
    if newer.things and older.things and newer.things != older.things:
        return False  # "moved the Cobalt migration to" / "moved the Falcon launch to"
    if newer.sort.startswith("noun:") or older.sort.startswith("noun:"):
        # A value in lower case: only said as a change, with the same head noun.
        held = older.relation - _LIGHT
        return newer.sort == older.sort and (not held or held == newer.relation - _LIGHT)
    if newer.sort in _TYPED_SORTS:
        # A value whose form says what it is: "is backed by wh-2" / "rehomed to wh-28".
        return newer.sort == older.sort
    # The earlier fact says nothing but the value ("Home for Sven is Oslo", "Marco has
    # been with Globex"), or says it as the later one does: "Ines loves the food in
    # Graz" and "Sofia is mentoring Marco" are other relations than a home or a manager.
    held = older.relation - _LIGHT
    frame = ((older.attribute, held), (newer.attribute, newer.relation - _LIGHT))
    # Frames linked by the names they give count only for one verb of a state ("drives"):
    # "has a work trip to Ghent" is no home, whatever cities both frames name.
    linked = len(held) <= 1 and frame in (alike or set())
    if held and held != newer.relation - _LIGHT and not linked:
        return False
    known = sorts.get(newer.value)
    return known is not None and known == sorts.get(older.value)


def _kind_of(made: Slot) -> str:
    """A slot's value sort by form alone (a verb class's sort counts as a name)."""
    return made.sort if made.sort in _TYPED_SORTS else "name"


# A change that names the old value (supersede9): the old value stands in a leaving role,
# read by a closed list of prepositions and verbs of leaving, not by phrases: after
# "from", "off", "out of", "away from" (the new value follows, put by a light word or
# after a clause break: "moved from A to B", "off A and onto B", "out of A; starts at
# B"), after a verb of leaving ("retired A; use B", "ditched A; builds are on B",
# "traded A for B", "replaced A with B"), after "instead of", "rather than", "in place
# of" (the new value comes first: "B instead of A"), or before an arrow ("A → B").
_LEAVING_FROM = (("from",), ("off",), ("out", "of"), ("away", "from"))
_LEAVING_AFTER = (("instead", "of"), ("rather", "than"), ("in", "place", "of"))
_LEAVING_VERBS = _set(
    "leav left quit drop ditch abandon retir replac swap trade exchang sold sell scrap dump"
)
_GIVE_UP = _set("gave give")
_LEAVING_PUT = _LIGHT | _set("and ; use")
_DETERMINERS = _set("the a an our its his her their my your")
_LEAVING_TOKEN = re.compile(r"→|->|;|[+]?[\w][\w'’./:@+-]*")
_ARROWS = ("→", "->")
# An activity or an event, not a state: "is hiring for Soylent", "was promoted at Acme".
_DOING = re.compile(
    r"\b(?:is|are|was|were) (?:(?!(?:living|working|staying|based)\b)[a-z]+ing|"
    r"(?<=was |ere )[a-z]+ed)\b"
)
# A value offered and refused, or a plan called off: "had an offer from Soylent, but
# turned it down", "declined Hooli", "the Juno move fell through". The fact holds no
# value of its own that a later one could end (fixconsol21: ended by "joined Hooli after
# six years at Soylent").
_REFUSED = _Lazy(
    r"\b(?:turn(?:s|ed|ing)?\s+(?:(?:it|them|that|this|the\s+\w+)\s+)?down|"
    r"declin(?:e|es|ed|ing)|refus(?:e|es|ed|ing)|sa(?:id|ys|y)\s+no\b|rejected|"
    r"fell\s+through|passed\s+on|called\s+off)\b",
    re.I,
    needs="called|declin|passed|refus|rejected|sa|through|turn",
)


# A change said in Japanese around values in Latin letters (consol24): "HanaはGrazから
# Leedsに引っ越しました" (from Graz to Leeds), "YukiはCyberdyneを辞めて、今はInitechで働いて
# います" (quit Cyberdyne; now at Initech), "Marcoのお気に入りはnanoじゃなくて、今はHelixです"
# (not nano; now Helix), "InesさんがMarcoさんに代わって…になりました" (in Marco's place).
# No Japanese word is read, but a value in Latin letters between Japanese characters is a
# token of its own (`_spaced`), and the particle after it (an honorific さん between) says
# its role, as English's prepositions do: から (from) and ではなく, じゃなく (not) put the old
# value before the new one; を before a verb of leaving (辞め quit, 売 sell, 離れ leave,
# 退職 retire) names the value left; に代わ, の代わり (in place of) follow the old value, the
# new one before it.
_JAPANESE_ROLES = (
    ("from", ("から", "ではなく", "じゃなく")),
    ("left", ("を辞め", "をやめ", "を売", "を離れ", "を退職")),
    ("in place of", ("に代わ", "の代わり")),
)
_HONORIFIC = "さん"


def _japanese_role(token: str) -> str | None:
    """The leaving role a run of Japanese characters gives the value before it (see
    `_JAPANESE_ROLES`), None for none (any token not in Japanese)."""
    if token.isascii():
        return None
    said = token.removeprefix(_HONORIFIC)
    return next((role for role, marks in _JAPANESE_ROLES if said.startswith(marks)), None)


def _japanese_left(
    folded: Sequence[str], values: Sequence[bool], k: int
) -> tuple[tuple[int, int], list[str]] | None:
    """(where the old value is, [the new one]) when token `k` gives the value run before
    it a leaving role (`_japanese_role`); None when it gives none."""
    role = _japanese_role(folded[k])
    if role is None:
        return None
    start = k
    while start > 0 and values[start - 1]:
        start -= 1
    if role != "in place of":
        return (start, k), _runs(folded, values, k + 1, len(folded))[:1]
    # "InesさんがMarcoさんに代わって": the first word, a value by its form only (`_tokens`),
    # is one when a Japanese particle follows it
    first = start > 1 and not folded[1].isascii()
    return (start, k), _runs(folded, [first, *values[1:]], 0, start)[-1:]


@lru_cache(maxsize=1)
def _script_break() -> re.Pattern[str]:
    """Where Chinese or Japanese characters meet other letters: compiled on first use, by
    a text that is not ASCII (`re` takes milliseconds to compile a class this wide)."""
    return re.compile(rf"(?<=[{CJK}])(?=[^{CJK}\s])|(?<=[^{CJK}\s])(?=[{CJK}])")


def _spaced(text: str) -> str:
    """`text` with a space where Chinese or Japanese characters meet other letters: a
    value written in Latin letters or digits inside a Japanese sentence ("HanaはGrazに住ん
    でいます") is a word of its own, as it is in an English one."""
    return text if text.isascii() else _script_break().sub(" ", text)


def _tokens(sentence: str) -> tuple[list[str], list[bool]]:
    """A sentence's tokens, folded (arrows and semicolons kept, possessives folded to
    the owner), and which can be a value; the first word only by its form (a capital
    there starts the sentence: "Write to Kofi at ...")."""
    tokens = [
        t.replace("’", "'").rstrip(".:,").removesuffix("'s")
        for t in _LEAVING_TOKEN.findall(_spaced(sentence))
    ]
    tokens = [t for t in tokens if t]
    values = [
        t not in (*_ARROWS, ";") and (_is_value(t) or bool(_ADDRESS.search(t))) for t in tokens
    ]
    if tokens:
        values[0] = values[0] and bool(_ADDRESS.search(tokens[0]) or re.search(r"\d", tokens[0]))
    return [t.casefold() for t in tokens], values


def _runs(folded: Sequence[str], values: Sequence[bool], lo: int, hi: int) -> list[str]:
    """The runs of values between `lo` and `hi`, space-joined."""
    found, k = [], lo
    while k < hi:
        if values[k]:
            start = k
            while k < hi and values[k]:
                k += 1
            found.append(" ".join(folded[start:k]))
        k += 1
    return found


def _marker(folded: Sequence[str], k: int, phrases: tuple[tuple[str, ...], ...]) -> int:
    """How many words of one of `phrases` start at `k` (0 for none)."""
    return next((len(p) for p in phrases if tuple(folded[k : k + len(p)]) == p), 0)


# A quick look for a leaving word before a fact is read for one (most facts have none).
_LEAVING_HINT = re.compile(
    r"→|->|から|ではなく|じゃなく|を辞め|をやめ|を売|を離れ|を退職|に代わ|の代わり|"
    r"\b(?:from|off|out of|instead of|rather than|in place of|left|quit\w*|sold|sell\w*|"
    r"(?:part-)?(?:leav|drop|ditch|abandon|retir|replac|swap|trad|exchang|scrap|dump)\w*|"
    r"gave up|give up)\b",
    re.I,
)


def _leaving(folded: list[str], values: list[bool]) -> list[tuple[str, list[str]]]:
    """(the old value, the other values it is read beside) for each value a fact (its
    `_tokens`) names in a leaving role (see above); empty when it names none, adds
    ("also"), hedges or speaks of a relative."""
    if not folded or (_ADDS | _CLASS_HEDGE) & set(folded) or "n't" in folded:
        return []  # "also", "might" (a relative's value: `_leaving_changes`)
    if len(folded) > 1 and folded[1] in _ARROWS:
        values = [True, *values[1:]]  # "Kofi: Emacs → Helix"

    def run(at: int) -> tuple[int, int]:
        while at < len(folded) and folded[at] in _DETERMINERS:
            at += 1
        end = at
        while end < len(folded) and values[end]:
            end += 1
        return at, end

    read_old: list[tuple[str, list[str]]] = []
    for k, word in enumerate(folded):
        old: tuple[int, int] | None = None
        beside: list[str] = []
        if word in _ARROWS:
            start = k
            while start > 0 and values[start - 1]:
                start -= 1
            old, beside = (start, k), _runs(folded, values, k + 1, len(folded))[:1]
            if start == 1 and k > 1 and beside and folded[0] not in _DETERMINERS | _PRONOUNS:
                # "Sublime Text -> Vim": the first word may start the run (`_tokens`)
                read_old.append((" ".join(folded[:k]), beside))
        elif size := _marker(folded, k, _LEAVING_AFTER):
            old, beside = run(k + size), _runs(folded, values, 0, k)[-1:]
        elif size := _marker(folded, k, _LEAVING_FROM):
            old = run(k + size)
            if old[1] < len(folded) and folded[old[1]] in _LEAVING_PUT:
                beside = _runs(folded, values, old[1], len(folded))[:1]
        elif japanese := _japanese_left(folded, values, k):
            old, beside = japanese
        elif word[:1].isalpha():
            stem = _stem(word.rsplit("-", 1)[-1])  # "part-exchanged"
            up = stem in _GIVE_UP and folded[k + 1 : k + 2] == ["up"]
            if stem in _LEAVING_VERBS or up:
                old = run(k + 1 + up)
                beside = _runs(folded, values, old[1], len(folded))[:1]
        if old is not None and old[0] < old[1] and beside:
            read_old.append((" ".join(folded[old[0] : old[1]]), beside))
    return read_old


# A value said not to hold any more: named after a negation in its clause ("isn't in
# Leeds anymore", "no longer checks A", "won't make A", "is no longer Rust"), with another
# value of the same sort in another clause of the fact ("...; the family is in Kyoto",
# "..., mail B instead", "...; we're aiming at B"). Clauses end at ";" or ",".
_NEGATION = _Lazy(
    r"\b(?:no longer|not|never|any ?more)\b|n't\b|n’t\b",
    re.I,
    needs="more|n't|n’t|never|no longer|not",
)
_NEGATING = _set("no longer not never anymore more")
_ENDED = _set("longer anymore")


_SENTENCE_END = re.compile(r"(?<=[a-z\d])[.!]\s+(?=[A-Z])")


def _negated(sentence: str, denied: set[str] | None = None) -> list[tuple[str, list[str]]]:
    """(the old value, the values of the fact's other clauses) for each value a fact
    names after a negation in its clause (see above); empty when it names none, adds
    ("also") or hedges, and none of a clause that speaks of a relative. The old values
    read as the denied subject of their clause (`_denied`) are added to `denied`."""
    # a sentence's end is a clause's (consol24): "Yuki no longer works at Cyberdyne.
    # Please contact Yuki at Initech instead."
    folded, values = _tokens(_SENTENCE_END.sub(" ; ", re.sub(r",\s*", " ; ", sentence)))
    if not folded or (_ADDS | (_CLASS_HEDGE - _NEGATING)) & set(folded):
        return []
    breaks = [-1, *(k for k, w in enumerate(folded) if w == ";"), len(folded)]
    found: list[tuple[str, list[str]]] = []
    for lo, hi in pairwise(breaks):
        negation = next(
            (k for k in range(lo + 1, hi) if folded[k] in _NEGATING or folded[k].endswith("n't")),
            None,
        )
        if negation is None:
            continue
        clause = set(folded[lo + 1 : hi])
        ended = bool(clause & _ENDED) or ("any" in clause and "more" in clause)
        if ended and (said := _denied(folded, values, lo, negation, breaks)) is not None:
            found.append(said)  # "A is not Dana's car anymore; B is"
            if denied is not None:
                denied.add(said[0])
            continue
        runs = _runs(folded, values, negation + 1, hi)
        beside = _runs(folded, values, hi, len(folded)) or _runs(folded, values, 0, lo + 1)
        # A name needs a state ended ("no longer", "any more"): "doesn't drive in Cork;
        # takes the bus to Galway" leaves nothing; a typed value said not to hold beside
        # another is a correction ("won't make 2027-03-12; aiming at 2027-04-18").
        if runs and beside and (ended or _run_kind(runs[0]) != "name"):
            found.append((runs[0], beside))
    return found


# The old value as the subject of its ended state, the new one said by the same verb
# left bare in a clause of its own (supersede16): "Jonas is not Viktor's manager anymore,
# Leila is", "The Kia Niro isn't Sven's car anymore; the Honda Civic is", "redis-10 is
# not it any more for the queue; redis-65 is". The value is the run right before the
# negated copula; the predicate after it (a thing of the subject's) is no value.
_COPULA = _set("is are was were")
_COMPANION = _set("with and &")


@lru_cache(maxsize=4096)
def _companion(text: str, value: str) -> bool:
    """Whether `text` names `value` (a folded run) only as a companion ("with A", "and
    A"), not as a value it gives."""
    folded = _tokens(text)[0]
    size = len(value.split())
    at = [k for k in range(len(folded)) if " ".join(folded[k : k + size]) == value]
    return bool(at) and all(k and folded[k - 1] in _COMPANION for k in at)


def _denied(
    folded: Sequence[str], values: Sequence[bool], lo: int, negation: int, breaks: Sequence[int]
) -> tuple[str, list[str]] | None:
    """(the old value, [the new one]) when the negated clause from `lo` (its negation at
    `negation`) denies its own subject, and another clause is that subject's verb alone
    after a value run (`breaks`: where the clauses end); else None."""
    word = folded[negation]
    if word.endswith("n't") and word[:-3] in _COPULA:
        copula = negation
    elif word in ("not", "no") and folded[negation - 1] in _COPULA:
        copula = negation - 1
    else:
        return None
    start = copula
    while start > lo + 1 and values[start - 1]:
        start -= 1
    if start == 1 and folded[0] not in _DETERMINERS | _PRONOUNS | _FIRST_NOT_VALUE:
        start = 0  # the first word, a value by its place only (`_tokens`): "Jonas is not"
    if start == copula:
        return None
    for b_lo, b_hi in pairwise(breaks):
        if b_lo == lo:
            continue
        said = [w for w in folded[b_lo + 1 : b_hi] if w not in _DETERMINERS]
        if (
            len(said) >= 2
            and said[-1] in _COPULA
            and all(values[k] for k in range(b_lo + 1, b_hi) if folded[k] in said[:-1])
        ):
            return " ".join(folded[start:copula]), [" ".join(said[:-1])]
    return None


# Other ways to name the old value beside the new one, read as "instead of A" (tenth
# pass): a parenthesis ("B (was A)", "B (formerly A)"), a contrast that ends a clause
# ("is on B, not A", "B now, was A"), and the old value said to be ended in a clause of
# its own ("B; A is empty", "B; A was a typo", "B (the old A is dead)"). The new value is then the last one before it.
_WAS = _Lazy(
    r"\((?:was|formerly|previously|until recently|not|ex-)\s*(?P<old>[^()]+)\)",
    re.I,
    needs="ex-|formerly|not|previously|until recently|was",
)
_NOT_SAID = "|".join(word.replace(" ", r"\s+") for word in NOT_WORDS)
"""`NOT_WORDS` as a pattern's alternatives, a phrase's words apart by any space."""
_NOT_CLAUSE = _Lazy(
    r",\s*(?:(?:not|was|formerly|previously)\s+"
    # "not far from A", "not just A", "not to A": a clause of its own, no value replaced
    r"(?!(?:far|just|only|yet|even|quite|really|much|very|sure|too|so|to|from|in|at|on|for|"
    r"with|by|near|as|because|since|that|until|unlike|like)\b)"
    # the same said in another language (consol24): "..., inte längre i Graz"
    rf"|(?:{_NOT_SAID})\s+(?:(?:{'|'.join(NOT_PLACED)})\s+)?)"
    r"(?P<old>[^,;()]+?)(?=\s*(?:[,;]|[.!]?$))",
    re.I,
    needs="|".join(
        (
            "formerly",
            "not",
            "previously",
            "was",
            *dict.fromkeys(w for p in NOT_WORDS for w in p.split()),
        )
    ),
)
# A liking or a wish contrasts what is liked, not what holds: "Dana prefers Bilbao, not
# Valencia" leaves where Dana lives as it was.
_OPINION = re.compile(
    r"\b(?:prefer(?:s|red)?|likes?|liked|loves?|loved|hates?|hated|rather|recommend\w*|"
    r"suggest\w*|enjoys?|enjoyed|wants?|wanted|wish(?:es|ed)?)\b",
    re.I,
)
# A clause that opens a sentence of its own ends the value too, and a value is ended by
# being let go as well as by being wrong (consol24): "... is Ines. Marco has stepped
# down", "... served from mq-46. mq-95 has been switched off", "... Kia Niro. The Volvo
# XC40 is sold".
_ENDED_CLAUSE = _Lazy(
    r"(?:;|,|\(|(?<=\w)[.!]\s)\s*(?:the\s+)?(?:old\s+)?"
    r"(?P<old>[^\s,;]+(?:\s[A-Z][^\s,;]*|(?:\s\d+)+)?)\s+"
    r"(?:(?:was|is|has\s+been|got)\s+"
    r"(?:a typo|wrong|a mistake|empty|retired|gone|dead|decommissioned|obsolete|out of date|stale|"
    r"sold|switched off|shut down|turned off|disconnected|scrapped)"
    r"|has\s+(?:stepped down|stood down|changed roles|moved on|retired))\b"
    r"[^;,()]*",  # the rest of its clause: "2027-08-02 was a typo in the plan"
    re.I,
    needs=(
        "a mistake|a typo|dead|decommissioned|empty|gone|obsolete|out of date|retired|stale|wrong|"
        "sold|switched off|shut down|turned off|disconnected|scrapped|stepped down|stood down|"
        "changed roles|moved on"
    ),
)


# A value marked as the one replaced by a record's layout (consol21), in registers the
# wording sets share: struck through before the new one ("The QA lead for mobile:
# ~~Felix~~ Rosa"), a diff's removed line before its added one ("org.yaml: - manager: Lena
# + manager: Hana (Marco)"), a "Previous" field before a "Current" one ("Previous employer:
# Hooli. Current employer: Soylent. Name: Omar."). Each is read as the arrow it stands for
# ("manager: Lena → Hana"). Struck text is an old value only when it is one, bare, of the
# sort of the value after it (fixreview30a): a struck phrase is a task done or a line
# dropped ("Tom's tasks: ~~call Dr Patel~~ book the MOT", "~~flights to Lisbon~~ hotel
# in Porto"), and the value named in it still holds.
_STRUCK = _Lazy(r"~~(?P<old>[^~]+)~~\s*(?=\S)", needs="~~")
_DIFF = _Lazy(
    r"(?:^|(?<=\s))-\s*(?P<key>[\w][\w .'’-]{0,40}?):\s*(?P<old>[^\s/].*?)\s+(?:/\s+)?\+\s*(?P=key):\s*"
)
# A diff is a change made only when it is not put up for review or turned down (fixreview30a:
# "Reviewed Ana's PR: - timeout: 30 + timeout: 60 (rejected)" leaves the timeout at 30),
# and it ends only a value held under its key: "- reviewer: Kwame + reviewer: Lena" is
# no change of Ana's manager Kwame (`_off_key`).
_PROPOSED = _Lazy(
    r"\b(?:review\w*|suggest\w*|propos\w*|reject\w*|draft|wip|not (?:yet )?merged|unmerged)\b",
    re.I,
    needs="draft|merged|propos|reject|review|suggest|wip",
)
_MADE = _Lazy(r"(?<!not )(?<!not yet )\b(?:merged|applied|deployed|shipped|landed)\b", re.I)
_PREVIOUS = _Lazy(
    r"\bprevious(?P<key>(?: [\w'’-]+){0,3}):\s+(?P<old>\S[^|/]*?)\s*[|/.]\s+current(?P=key):\s+",
    re.I,
    needs="previous",
)


def _struck_value(struck: str, after: str) -> bool:
    """Whether a struck-through span is an old value (see `_STRUCK`): every word of it a
    value, and the words after it open with a value of its sort."""
    words = [t.rstrip(".:,") for t in _LEAVING_TOKEN.findall(struck)]
    if not words or not all(_is_value(w) or _ADDRESS.search(w) for w in words):
        return False
    following = []
    for token in _LEAVING_TOKEN.findall(after):
        token = token.rstrip(".:,")
        if not (_is_value(token) or _ADDRESS.search(token)):
            break
        following.append(token)
    return bool(following) and _run_kind(" ".join(following)) == _run_kind(" ".join(words))


def _proposed_diff(text: str) -> bool:
    """Whether `text` holds a diff put up for review or turned down, not made (see
    `_PROPOSED`)."""
    return bool(_DIFF.search(text) and _PROPOSED.search(text) and not _MADE.search(text))


def _off_key(text: str, old: str, before: Slot | None) -> bool:
    """Whether a diff in `text` names the value `old` under a key other than what the
    earlier fact holding it says it is (`before`: its attribute, "manager" in "Ana's
    manager is Kwame" against "- reviewer: Kwame + reviewer: Lena"). Not when the earlier
    fact names no attribute ("Staging is db3"), nor by its verb: "reports to Kwame" and
    "- manager: Kwame", "written in Kotlin" and "- language: Kotlin" are one slot."""
    if before is None or not before.attribute or "+" not in text:
        return False
    for diff in _DIFF.finditer(text):
        if old.split() != _tokens(diff["old"])[0]:
            continue  # another line's value
        key = {_stem(word) for word in re.findall(r"[a-z]+", diff["key"].casefold())}
        if not key & before.attribute:
            return True
    return False


def _without_struck_phrases(text: str) -> str:
    """`text` without the phrases it strikes through that are no old value (a task done,
    a line dropped: see `_STRUCK`): the values named in them are neither held nor left."""
    if "~~" not in text:
        return text
    return _STRUCK.sub(lambda m: m[0] if _struck_value(m["old"], m.string[m.end() :]) else "", text)


_FIELD_BREAK = re.compile(r"\s+(?:[|/—–]|--)\s+|(?<=\w)[.,:]\s+|\s+(?=\()")


def _instead(sentence: str) -> str:
    """The sentence with the old value named as in `_WAS`, `_NOT_CLAUSE`, `_ENDED_CLAUSE`
    put after "instead of" (`_LEAVING_AFTER` reads it), and one a record's layout marks
    as replaced (`_STRUCK`, `_DIFF`, `_PREVIOUS`) before an arrow."""
    laid_out = _STRUCK.sub(
        lambda m: f"{m['old']} → " if _struck_value(m["old"], m.string[m.end() :]) else m[0],
        sentence,
    )
    if not _proposed_diff(laid_out):
        laid_out = _DIFF.sub(lambda m: f"{m['key']}: {m['old']} → ", laid_out)
    laid_out = _PREVIOUS.sub(
        lambda m: f"{m['key'].strip()}: {m['old']} → " if m["key"] else f"{m['old']} → ", laid_out
    )
    if laid_out != sentence:
        # the record's other fields, cells or clauses are read apart from the new value
        # ("→ Hillside Primary | Pupil: Rosa's daughter"): no run of values across them
        sentence = _FIELD_BREAK.sub(" ; ", laid_out)
    sentence = _WAS.sub(lambda m: f" instead of {m['old']}", sentence)
    if not _OPINION.search(sentence):
        sentence = _NOT_CLAUSE.sub(lambda m: f" instead of {m['old']}", sentence)
    return _ENDED_CLAUSE.sub(lambda m: f" instead of {m['old']}", sentence)


# A correction of an earlier statement (consol24): "Correction: an earlier version of
# this note said the store runs on vault-1; it runs on vault-28", "an earlier version of
# this page listed Omar as owner of the Mosaic service. The owner is Leila", "we wrongly
# gave 2027-04-21 for the launch; the date is 2027-05-08". The values the earlier
# statement is reported to have said, up to the clause that follows it, are the old ones;
# that clause's values the new. A correction that says no other value ("... said Kofi's
# sister lives in Oslo; she lives with her partner") ends nothing.
_CORRECTED = _Lazy(
    r"\b(?:(?:earlier|previous|prior|original|first)\s+(?:version|edition|draft|copy|issue|"
    r"revision)\b[^;.—–]*?\b(?:said|says|gave|listed|named|showed|stated|reported|put|had|"
    r"called|wrote|described)|(?:wrongly|incorrectly|mistakenly|erroneously)\s+"
    r"(?:said|gave|listed|named|showed|stated|reported|put|called|wrote|described|given|"
    r"listed|named|shown|stated|reported|called|described))\b"
    r"(?P<was>[^;.—–]+?)(?:;|\.\s|\s[—–]\s)(?P<now>.+)$",
    re.I,
    needs="earlier|previous|prior|original|first|wrongly|incorrectly|mistakenly|erroneously",
)


def _corrected(said: str) -> list[tuple[str, list[str]]]:
    """(an old value, the values said instead) for each value a correction reports an
    earlier statement to have said (`_CORRECTED`), beside the values of the clause after
    it; a value said in both (the subject) is no old one."""
    found = _CORRECTED.search(said)
    if found is None:
        return []
    folded, values = _tokens(f"{said[: found.start('was')]} ; {found['was']} ; {found['now']}")
    breaks = [k for k, word in enumerate(folded) if word == ";"][:2]
    if len(breaks) < 2:
        return []
    was = _runs(folded, values, breaks[0] + 1, breaks[1])
    now = _runs(folded, values, breaks[1] + 1, len(folded))
    return [(run, now) for run in was if now and run not in now]


_Read = tuple[
    list[tuple[str, list[str]]],
    frozenset[str],
    list[tuple[str, frozenset[str]]] | None,
    frozenset[str],
    tuple[str, tuple[str, ...]] | None,
]
"""What `_leaving_changes` reads of a fact: the values it names as left, its words, the
value it gives by its runs (`_own_values`; None for an activity, `_DOING`), the values
it names as left that are the denied subject of their clause (`_denied`), and what
`_held_runs` reads when a later fact denies a value it names (its statement and the
words of whom it is about; None for an activity)."""
_UNREAD: _Read = ([], frozenset(), [], frozenset(), None)
"""What `_leaving_read` reads of a fact it cannot read (too long, redacted, a question).
Shared, as a kept reading is: the caller must not change the lists."""


# One relative, whose value is not the subject's: not a group the subject is one of ("the
# whole family is in Galway" says where the subject is too).
_ONE_KIN = (kin_words(plural=False) - {"family"}) | _OTHERS
"""One relation of a person (no plural, no family): "my sister", "her boss"."""


def _names_source(folded: Sequence[str], at: int) -> bool:
    """Whether the words from `at` on name whom a fact is told by ("..., per Dobromir",
    "according to Kenji")."""
    return at > 0 and (
        folded[at - 1] == "per"
        or (at > 1 and (folded[at - 2], folded[at - 1]) == ("according", "to"))
    )


def _unsourced(folded: Sequence[str], values: Sequence[bool]) -> list[bool]:
    """`values` without the names a fact gives as its source ("..., per Dobromir",
    "according to Kenji"): who said it, not a value it holds (fixconsol21: "apparently
    Greta has two phones now, per Dobromir" was ended by "..., per Dobromir and Kenji")."""
    kept = list(values)
    for k in range(len(folded)):
        if _names_source(folded, k + 1):
            at = k + 1
            while at < len(folded) and kept[at] and _kind(folded[at]) == "name":
                kept[at] = False
                at += 1
    return kept


# A name's genitive as the Nordic languages and German write it, an "s" with no
# apostrophe ("Anas nummer", "Gretas chef", "Iness son", consol24), and as English
# writes it ("Ana's phone"): a fact naming someone one way and a later one the other are
# about the same person.
_GENITIVE = re.compile(r"\b(?P<name>[A-Z][\w-]+?)(?P<s>s|['’]s)(?= [a-zåäöü])")


def _genitives(text: str) -> frozenset[str]:
    """The other spelling of each name `text` writes in its genitive (see `_GENITIVE`):
    "anas" for "Ana's", "ana" for "Anas" (words a later fact's subject is looked up in)."""
    return frozenset(
        name.casefold() + "s" if s != "s" else name.casefold()
        for name, s in _GENITIVE.findall(text)
    )


@_reading(_UNREAD)
def _leaving_read(text: str, who: str | None = None) -> _Read:
    """(`_leaving`, the fact's words with a leading "Name:" or `who` it is about (its
    speaker, its heading), its last value run given to its other names) of one fact.
    Kept (READINGS): the caller must not change the lists."""
    read = _statement(text, who) if REDACTED not in text else None
    if read is None:
        return _UNREAD
    folded, said_values = _tokens(read[0])
    values = _unsourced(folded, said_values)
    about = (read[1] or "").casefold().split() if _names_someone(read[1], who) else []
    # read before `_statement` drops a parenthesis with a year ("2027-07-14 (was 2027-07-04)")
    said = (_statement(_instead(text), who) or read)[0]
    leaving = _leaving(*_tokens(said)) if _LEAVING_HINT.search(said) else []
    leaving += _corrected(read[0])
    denied: set[str] = set()
    if _NEGATION.search(read[0]):
        leaving += _negated(read[0], denied)
    words = frozenset(
        {w.removesuffix("'s") for w in _words(_spaced(text))} | set(about) | _genitives(text)
    )
    if _DOING.search(read[0]) and not _PUT.search(read[0]):
        return leaving, words, None, frozenset(denied), None  # an activity, unless a value set
    if _REFUSED.search(read[0]):
        return leaving, words, None, frozenset(denied), None  # an offer turned down
    held = _held_names(_runs(folded, values, 0, len(folded)))
    givers = [run for run in held[:-1] if not _WEEKDAY_OR_MONTH.fullmatch(run)]
    subject = frozenset({w for run in givers for w in run.split()} | set(about))
    if not subject and len(held) == 1 and read[0][:1].isupper() and not values[0]:
        # "Quinn is a die-hard Kakoune user": a capital first word is read as no value
        # (`_tokens`), but is the only name the value can be given to.
        first = folded[0]
        if len(folded) > 2 and folded[1] in ("for", "of") and ": " in read[0]:
            # "Box for the metrics store: mq-54": a label of what follows it, the subject
            end = folded.index(held[0].split()[0], 2) if held[0].split()[0] in folded else 2
            named = set(folded[2:end]) - _DETERMINERS - _LIGHT - _FILLER
            subject = frozenset(named)
        elif first not in _DETERMINERS | _PRONOUNS | _FIRST_NOT_VALUE:
            subject = frozenset({first})
    if not subject and len(held) == 1 and _run_kind(held[0]) != "name" and folded[0] == "the":
        # "The search cluster hangs off wh-2": a subject in lower case, the words before
        # its verb (`_shape`), given a typed value
        shape = _shape(text, who)
        if shape is not None and held[0].split()[0] in shape.folded[shape.said :]:
            subject = frozenset(shape.folded[: shape.said]) - _LIGHT
    own = [(held[-1], subject)] if held and subject else []
    # A value first ("bruno.work@initech.net gets Bruno's mail") or after a word in
    # capitals ("ETA 2027-01-07") is a value too, the fact's other names its subject:
    # looked for only when a later fact names it as left.
    for k, run in enumerate(held):
        words_of = run.split()
        if len(words_of) > 1 and _kind(words_of[-1]) != "name":
            tail = words_of[-1]
            own.append((tail, subject | set(words_of[:-1]) if k < len(held) - 1 else subject))
        if k < len(held) - 1 and _run_kind(run) != "name":
            # given to the names before it, else to those after it
            others = frozenset(w for r in held[:k] or held[k + 1 :] for w in r.split())
            if others | set(about):
                own.append((run, others | set(about)))
    # A value is never given to itself: "Kwame thinks so" under Kwame gives Kwame nothing.
    # A relative's value is given to the relative too ("Nadia's daughter is at Elm Park":
    # nadia, daughter): only a later fact of that relative ends it (`_leaving_changes`).
    kin = set(folded) & _ONE_KIN
    own = [(value, to | kin) for value, to in own if not set(value.split()) & to]
    return leaving, words, own, frozenset(denied), (read[0], tuple(about))


_PLACE_CAPITALS = _FIRST_NOT_VALUE | _PRONOUNS | _WH_WORDS
"""Words capitalised only by their place (a sentence's or a label's first)."""
# A word in capitals ("FAQ", "HOST") or in lower case ("annex") in a heading: a label of
# the document or of the speaker's part, not a name.
_LABEL_WORD = re.compile(r"\b[A-Z]{2,}\b|(?<![\w-])[a-z]")


def _names_someone(heading: str | None, who: str | None) -> bool:
    """Whether a fact's heading ("Kofi: ...") is whom it is about: the one given
    (`who`), or a heading of names only, not a document's or a part's label ("Car-share
    FAQ: Q: ...", "HOST: ...", "Policy annex B: ...")."""
    return heading is None or heading == who or not _LABEL_WORD.search(heading)


def _held_names(runs: list[str]) -> list[str]:
    """A fact's value runs without what is capitalised only by its place: a determiner,
    a pronoun or a question's word opening a run ("A: A Tesla Model 3", "Q: What does
    Tomas drive?"). (A run that is only a weekday or a month, "Diary, Sunday: ...", is
    a value, but names no one a value is given to: `_leaving_read`.)"""
    kept = []
    for run in runs:
        words = run.split()
        while words and words[0] in _PLACE_CAPITALS:
            words = words[1:]
        if words:
            kept.append(" ".join(words))
    return kept


@lru_cache(maxsize=4096)
def _held_runs(said: str, about: tuple[str, ...]) -> list[tuple[str, frozenset[str]]]:
    """Each value run of a fact's clauses (a cell, a field, a clause) with the names of
    its other runs and its speaker or heading: whom it is given to. A weekday, a month,
    a label in capitals ("HR") or a typed value is no one's name; a run with no other
    name beside it is given to no one (left out)."""
    folded, values = _tokens(_CELL_BREAK.sub(" ; ", said))
    if len(folded) > 1 and not values[0] and said[:1].isupper():
        # a capital first word is a name when it owns ("Jonas's eldest") or a verb or a
        # light word follows it ("Viktor reports to", "Kyoto is"), not a label ("Address
        # book: ...")
        then = folded[1]
        owns = bool(re.match(r"\S+['’]s\b", said))
        verb = then in _COPULA | _LIGHT or (then.endswith("s") and not then.endswith("ss"))
        first = folded[0] not in _DETERMINERS | _PRONOUNS | _FIRST_NOT_VALUE
        values = [first and (owns or verb), *values[1:]]
    runs = _runs(folded, values, 0, len(folded))
    named = [
        set(run.split())
        if _run_kind(run) == "name" and not _WEEKDAY_OR_MONTH.fullmatch(run)
        else set()
        for run in runs
    ]
    labels = {w.casefold() for w in re.findall(r"\b[A-Z]{2,}\b", said)}
    found = []
    for k, run in enumerate(runs):
        to = set(about).union(*named[:k], *named[k + 1 :]) - set(run.split()) - labels
        if to:
            found.append((run, frozenset(to)))
    return found


_CELL_BREAK = _Lazy(r",\s*|\s\|\s|:\s")


@_reading(_UNKEPT)
def _run_kind(value: str) -> str:
    """A value run's sort by its form: an address is an identifier, a name of several
    words is a name ("Tesla Model 3"), else its last word's (`_kind`). Kept
    (`READINGS`): asked of each run a later fact names, for every earlier fact paired."""
    words = value.split()
    if _ADDRESS.search(value):
        return "id"
    if len(words) > 1 and _kind(words[0]) == "name":
        return "name"
    return _kind(words[-1])


# A later fact that names an earlier fact's value beside another value of its sort, about
# the earlier fact's subject, ends it whatever its wording (consol21): "Don't forget Leila
# is in a Ford Focus now, not the Toyota Corolla." after "Current car: Toyota Corolla
# (Leila)"; "Zara Leaves Acme, Joins Wonka as Principal Engineer" after "my aunt Zara
# works at Acme". The earlier fact's subject (`_own_values`) must all be in the later one,
# and the other value must be new to the earlier fact. Not when the later fact asks,
# hedges, plans, adds, compares or likes ("likes Lisbon more than Oslo"), tells a past
# event ("reviewed a PR that adds Vim support"), names the value it leaves (`_leaving`)
# and it is another, names it where a move goes ("is moving the db to Neon"), denies a
# clause it reads no relation of, or gives its new value by another relation ("works in
# Bilbao" after "lives in Valencia") or of a sort the facts teach apart (a place and an
# employer); nor when the earlier fact hedges, negates, compares, tells history
# ("last year", "when ...", "about"), tells a past event or is no statement (`_shape`), or
# names the value as a span of time ("13 days"), a companion ("with Emeka"), an owner
# ("Viktor's number") or a thing's name ("the Juno standup"). Each guard is a shape that
# named a value without ending it in the wording sets of bench/supersession.py.
_UNSETTLED = _Lazy(
    r"\?|['’]ll\b|\b(?:if|whether|unless|should|would|could|might|maybe|perhaps|"
    r"plan(?:s|ned|ning)?|going to|will|wants?|needs?|hope[sd]?|thinking|considering|"
    r"also|too|another|other)\b|\b(?-i:may)\b",
    re.I,
)
"""A question, a condition, a hedge, a plan, a wish or a need, a future, an addition:
what says no value holds now."""
_HISTORY = _Lazy(
    r"\blast (?:year|month|week|winter|summer|spring|autumn|fall)\b|\bago\b|^when\b|\babout\b",
    re.I,
    needs="about|ago|last|when",
)
_MOVED_TO = _Lazy(
    r"\b(?i:mov|switch|migrat|shift)\w*\b[^,;.]{0,40}?\b(?i:to|onto|into)\s+(?:the\s+)?"
    r"(?P<place>[A-Z][\w'’-]*(?:\s[A-Z][\w'’-]*)*)",
    needs="mov|switch|migrat|shift",
)
"""Where a move goes ("is moving the db to Neon"): the value it gives, not one it leaves."""


@_reading(())
def _renaming(text: str, who: str | None) -> tuple[str, ...]:
    """The value runs of a later fact that may end an earlier value it names (see above):
    none for one that asks, hedges, plans, adds, compares, likes or tells a past event,
    and not the one a move goes to, nor one in a phrase struck through (`_STRUCK`). Kept
    (READINGS): every fact is asked, once for each `stale` it is in."""
    read = _statement(_without_struck_phrases(text), who)
    if read is None or _UNSETTLED.search(text) or _COMPARED.search(text):
        return ()
    if _proposed_diff(text):
        return ()  # "Reviewed Ana's PR: - timeout: 30 + timeout: 60 (rejected)"
    if _OPINION.search(text) or ((shape := _shape(text, who)) is not None and shape.past):
        return ()
    folded, said_values = _tokens(read[0])
    values = _unsourced(folded, said_values)
    given = {m["place"].casefold() for m in _MOVED_TO.finditer(read[0])}
    return tuple(
        run
        for run in _held_names(_runs(folded, values, 0, len(folded)))
        if not _WEEKDAY_OR_MONTH.fullmatch(run) and run not in given
    )


def _holds_as_value(text: str, who: str | None, value: str) -> bool:
    """Whether an earlier fact states `value` as a value it holds now (see above)."""
    if _UNSETTLED.search(text) or _NEGATION.search(text) or _COMPARED.search(text):
        return False
    if _HISTORY.search(text) or _lasted(text, value) or _companion(text, value):
        return False
    shape = _shape(text, who)
    if shape is None or shape.past:
        return False
    words = r"\s+".join(re.escape(word) for word in value.split())
    for said in re.finditer(rf"(?<![\w'’-]){words}(?P<after>['’]s\b|\s+[a-z][\w-]*)?", text, re.I):
        after = (said["after"] or "").strip()
        if after[:1] in ("'", "’"):
            continue  # an owner: "Viktor's number"
        before = text[: said.start()].split()[-1:]
        if after and after not in _LIGHT and before and before[0].casefold() in _OPENS_NP:
            continue  # a thing's name: "the Juno standup"
        return True
    return False


def _left_of(text: str, subject: str) -> list[tuple[str, list[str]]]:
    """The values `text` names as left (`_leaving_read`), each with the values beside it,
    when it speaks of `subject` (folded words), not of a relative of its ("Ingrid's
    brother has left Hawthorn Rovers" leaves Ingrid's club as it was)."""
    leaving, words = _leaving_read(text)[:2]
    return [] if words & _ONE_KIN - set(subject.split()) else leaving


def _leaving_changes(
    facts: Sequence[str],
    about: Sequence[str | None] | None,
    slots: Sequence[Slot | None],
    found: dict[int, int],
) -> None:
    """Adds to `found` an earlier fact whose value a later one of the same subject names
    in a leaving role (`_leaving`) beside another value of the same sort: by form, and
    not of two classes learned from the facts (`_name_sorts`: a place and an employer).
    The earlier fact's subject (`_own_values`) must all be in the later fact. A value
    read as the denied subject of its clause ("A is not Dana's car anymore, B is") ends
    any earlier fact that holds it as its last value run, beside names all in the later
    fact, whatever slot the earlier fact reads as ("Dana drives A to work")."""
    sorts: dict[str, str] | None = None
    classes: set[str | None] = set()
    by_value: dict[str, list[tuple[int, frozenset[str]]]] = {}
    by_word: dict[str, list[int]] = {}  # what a denied value is looked up in
    reads: dict[tuple[str, str | None], _Read] = {}  # a fact said again
    for i, text in enumerate(facts):
        who = about[i] if about else None
        if (text, who) not in reads:
            reads[text, who] = _leaving_read(text, who)
        leaving, words, held, denied, statement = reads[text, who]
        if leaving and sorts is None:
            sorts = _name_sorts(slots)
            classes = {sorts.get(f"#{sort}") for sort in _CLASS_SORT.values()} - {None}
        for old, beside in leaving:
            # "+44 20 ..." and "44 20 ...": one number, its plus read or not
            pairs = by_value.get(old.lstrip("+"), [])[-_PAIR_LIMIT:]
            if old in denied:
                pairs = [*pairs, *_holding(old, by_word, facts, about, reads)]
            for j, subject in pairs:
                if old in denied and _companion(facts[j], old):
                    continue  # "Viktor paired with Jonas": no value of Viktor's
                new = next((b for b in beside if not set(b.split()) & subject), None)
                if not subject <= words or new is None or _run_kind(new) != _run_kind(old):
                    continue
                if words & _ONE_KIN - subject:
                    continue  # "Kofi's sister quit Initrode": not Kofi's value
                if _lasted(facts[j], old) or _off_key(text, old, slots[j]):
                    # "was frozen for 13 days": how long, not a value it holds;
                    # "- reviewer: Kwame + reviewer: Lena": not the manager Kwame
                    continue
                known = (sorts or {}).get(old), (sorts or {}).get(new)
                if set(known) <= classes and known[0] != known[1]:
                    continue
                found[j] = i
        if by_value:
            if sorts is None:
                sorts = _name_sorts(slots)
                classes = {sorts.get(f"#{sort}") for sort in _CLASS_SORT.values()} - {None}
            read = (facts, about, slots)
            _renaming_changes(
                i, (text, who), leaving, words, by_value, read, (sorts, classes), reads, found
            )
        for own, subject in _own_values(slots[i], held):
            by_value.setdefault(own.lstrip("+"), []).append((i, subject))
        if statement is not None:
            for word in words - _SLOT_STOP:
                by_word.setdefault(word, []).append(i)


def _renaming_changes(
    i: int,
    said: tuple[str, str | None],
    leaving: list[tuple[str, list[str]]],
    words: frozenset[str],
    by_value: dict[str, list[tuple[int, frozenset[str]]]],
    facts: tuple[Sequence[str], Sequence[str | None] | None, Sequence[Slot | None]],
    taught: tuple[dict[str, str], set[str | None]],
    reads: dict[tuple[str, str | None], _Read],
    found: dict[int, int],
) -> None:
    """Adds to `found` an earlier fact whose value fact `i` (`said`: its text and whom it
    is about) names beside another value of its sort (see `_renaming`); only the value
    it names as left, when it names one (`leaving`). `facts`: the texts, whom each is
    about and their slots. Not for two names of sorts the facts teach apart (`taught`:
    `_name_sorts` and its classes), nor when the later fact gives its new value by
    another relation than the earlier one's ("works in Bilbao, 20 km from Valencia"
    after "lives in Valencia")."""
    texts, about, slots = facts
    sorts, classes = taught
    runs = _renaming(*said)
    left = {value for value, _ in leaving}
    made = slots[i]
    for old in [run for run in runs if run in left] if left else runs:
        kind = _run_kind(old)
        for j, subject in by_value.get(old.lstrip("+"), [])[-_PAIR_LIMIT:]:
            if j in found or not subject <= words or words & _ONE_KIN - subject:
                continue
            who = about[j] if about else None
            earlier = reads[texts[j], who][1] | subject
            new = [run for run in runs if _run_kind(run) == kind and not set(run.split()) & earlier]
            if not new or not _holds_as_value(texts[j], who, old):
                continue
            known = sorts.get(old), sorts.get(new[0])
            if set(known) <= classes and known[0] != known[1]:
                continue  # a place and an employer
            if made is None and _NEGATION.search(said[0]):
                continue  # a clause denied, its relation unread: "doesn't drive in Cork; ..."
            if made is not None and _another_relation(slots[j], made, new):
                continue  # "works in Bilbao" after "lives in Valencia"
            if _off_key(said[0], old, slots[j]):
                continue  # "- reviewer: Kwame + reviewer: Lena": not the manager Kwame
            found[j] = i


def _another_relation(before: Slot | None, made: Slot, new: list[str]) -> bool:
    """Whether a later fact gives one of its `new` values by a relation the earlier fact
    (`before`) does not use."""
    given = set(made.value.split())
    if before is None or not given or not any(given <= set(run.split()) for run in new):
        return False
    held, gives = before.relation - _LIGHT, made.relation - _LIGHT
    return bool(held and gives and not held & gives)


def _holding(
    old: str,
    by_word: dict[str, list[int]],
    facts: Sequence[str],
    about: Sequence[str | None] | None,
    reads: dict[tuple[str, str | None], _Read],
) -> list[tuple[int, frozenset[str]]]:
    """(an earlier fact, the names it gives `old` to) for each of the newest earlier
    facts (`_PAIR_LIMIT`) that hold `old` as a value run of their own (`_held_runs`), or
    as the last name of one ("Address book: Omar, Kyoto": Kyoto, given to Omar)."""
    held: list[tuple[int, frozenset[str]]] = []
    for j in by_word.get(old.split()[-1], [])[-_PAIR_LIMIT:]:
        statement = reads[facts[j], about[j] if about else None][4]
        for run, subject in _held_runs(*statement) if statement else ():
            *rest, last = run.split()
            if run == old:
                held.append((j, subject))
            elif rest and last == old and _kind(last) == "name":
                held.append((j, frozenset(rest)))
    return held


def _lasted(text: str, value: str) -> bool:
    """Whether `text` says `value` as a number of periods ("was frozen for 13 days",
    "3 weeks ago"): a span of time, not a value the subject holds (consol21: ended by
    "deploy.yaml: - replicas: 13  + replicas: 8")."""
    if not value.isdigit():
        return False
    after = re.search(rf"(?<![\w.]){re.escape(value)}\s+([a-z]+)", text, re.I)
    return after is not None and after[1].casefold() in _PERIODS


@cache
def _own_stems() -> frozenset[str]:
    """The stems of what puts the subject itself at its value (`_OWN_THINGS`: "rents a
    place in Ghent" is a home)."""
    return frozenset(map(_stem, _OWN_THINGS))


def _own_values(
    made: Slot | None, held: list[tuple[str, frozenset[str]]] | None
) -> list[tuple[str, frozenset[str]]]:
    """(a value a fact gives, the subject it gives it to): its slot's, and the last run of
    values it holds, given to its other names (`held`: "Production runs the Orion
    service 3.2": 3.2, {orion}; "Write to Kofi at kofi@acme.io": kofi@acme.io, {kofi});
    none for an activity ("is hiring for Soylent", `_DOING`: `held` is None) or the
    value of a thing the subject names ("misses the beaches near Oslo")."""
    if held is None:
        return []
    if made is None or made.claimed:
        return held
    if len(made.relation - _LIGHT - _own_stems()) > 1:
        # a name near what the subject names is that thing's ("misses the beaches near
        # Oslo"); a typed value a later fact names as left is the one it left
        return [(value, subject) for value, subject in held if _run_kind(value) != "name"]
    return [(made.value, made.subject), *held] if made.subject else held


# Last, by value sort alone (supersede13): two facts that name one subject, each giving it
# one value of a sort its form says (an e-mail address, an ISO date, a phone number, a
# clock time, a version, a host-like identifier), are one slot whatever their verbs or
# layout (a table row, a diff, a commit title, a quotation, a note): the later one, in
# ledger order, gives the current value. Not when the later one hedges (`_CLASS_HEDGE`),
# adds ("also", "added"), asks (values before a "?", like those in an aside in
# parentheses, are named, not said), negates or calls off its only value, compares two values ("than", "vs") or offers a choice ("A or
# B"), or names two values of the sort of which none is the earlier one's; nor when the
# two are said of two people (their speakers or headings, `about`).
#
# The subject is read from the fact's units: a name (a word the facts write with a
# capital inside a clause, or an owner: "Kwame's"), a noun phrase after a determiner or
# a possessive (its first two words: "the search cluster", "Dana's phone number"), a
# capitalised first word before a light word or an auxiliary ("Staging in eu-west is").
# Two facts are about one subject when a unit of each is in the other's words, and not
# when: each has a unit the other lacks ("Scratch my note: the backup target ..." /
# "Scratch my note: the metrics store ..."); one qualifies a shared word by a
# preposition and a word the other lacks ("the search cluster in eu-west" / "the search
# cluster"); one gives the value to a thing of the subject's the other does not name: by
# a possessive or "has a" ("The Dune launch has a dry run on ...", "ships its logs to"),
# by a label put first ("Retro for the Dune audit: ...", unless it names the slot:
# `_SLOT_NOUNS`, "Target date for"), or by a thing brought in by "a" before the value
# ("needs a reboot on es-26"). A later fact that names the earlier value beside its own
# ("A until May, B after", "B; I copied A from a stale runbook") needs only a subject of
# each in the other and no qualifier the other lacks. An earlier value said in a hedge
# ("ssh A if you need ...") is still ended by a later firm one.
_FORM_SORTS = (
    ("email", re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")),
    ("date", re.compile(r"(?<![\w.-])\d{4}-\d\d-\d\d(?![\w-])")),
    (
        "phone",
        re.compile(r"(?<![\w.+])(?:\+\d{1,3}(?: \d{2,5}){2,4}|0\d{3,4} \d{5,7})(?!\w|\.\d)"),
    ),
    ("time", re.compile(r"(?<![\w.:])(?:[01]?\d|2[0-3]):[0-5]\d(?![\w:])")),
    ("version", re.compile(r"(?<![\w.-])v?\d+\.\d+(?:\.\d+)?(?![\w-]|\.\d)")),
    ("id", re.compile(r"(?<![\w@.-])[a-z]{2,}(?:-[a-z]+)*-?\d+(?![\w@-]|\.\w)", re.I)),
)
_CALLED_OFF = _Lazy(
    r"\b(?:cancel(?:l?ed|s)?|called off|scrapped|shelved|abandoned|rejected|declined|"
    r"fell through|withdrawn|vetoed|reverted|rolled back)\b",
    re.I,
    needs=(
        "abandoned|called off|cancel|declined|fell through|rejected|reverted|rolled back|"
        "scrapped|shelved|vetoed|withdrawn"
    ),
)
# A command whose reply is an error ("/set manager Ravi Jonas -> error: not approved",
# "/set title ... -> error: permission denied") did nothing: like a plan turned down, it
# holds no value, ends nothing and is ended by nothing (consol23).
_FAILED = _Lazy(
    r"(?:->|=>|→)\s*(?:error|failed|fatal|denied|refused)\b",
    re.I,
    needs="error|failed|fatal|denied|refused",
)
_COMPARED = _Lazy(
    r"\b(?:than|vs\.?|versus|compared|both|either|between)\b",
    re.I,
    needs="between|both|compared|either|than|versus|vs",
)
_CHOICE_OR = _Lazy(r"\S\s+or\s+\S", needs="or")
_CLAUSE_END = _Lazy(r"(?:[:.;!?“\"(|—–`]\s{0,2}|\s[-+/]\s?)$")
_MAY_HOLD = re.compile(r"\d|\w@\w")
_CAPITAL = re.compile(r"(?<![\w'’-])[A-Z][\w'’-]*")
_OWNED_BY = _set("its their his her my our your")
_OPENS_NP = _OWNED_BY | {"the"}
_UNIT_WORDS = 2
# Nouns of a stretch of time: a noun phrase of these alone ("the week of 2026-11-30",
# "the weekend", "the month") is a date phrase, not a thing a value is given to
# (fixaudit13b: "Ops gives us orion-staging in the week of ..." is no sync's).
_PERIODS = _set(
    """day days week weeks weekend weekends fortnight month months quarter quarters year
    years morning afternoon evening night"""
)
_HAS = _set("has have had holds keeps gets")
_HAS_WHAT = _set("a an its their his her")
_ADDING = _set("add adds added adding")
_RECORD_MADE = re.compile(
    r"\b(?i:opened|opens|filed|files|created|creates|raised|raises|logged|logs|submitted|"
    r"submits)\s+(?i:(?:a|an|the|new|another)\s+)*(?:(?i:ticket|issue|bug|incident|jira|"
    r"pr|pull request|mr|merge request)\s*)?(?:#\s*\d+|[A-Z][A-Z0-9]*-\d+)\b"
)
"""A record made, by its key ("We opened ticket OPS-743 for the pool migration", "filed
#212"): a later fact making another ("... opened ticket OPS-731 for ...") is one more
record, not a new value of the first, unless it says a change (audit 20 F6)."""
_HEDGED = _CLASS_HEDGE - _NEGATING - _set("no n't formerly previously once")
_OPENING_VERBS = _set("is are was were has have")
_ASIDE = re.compile(r"\([^()]*\)")
_VALUED_TOKEN = re.compile(r"[\w][\w'’-]*")


@dataclass(frozen=True)
class _Valued:
    """A fact as `_valued_changes` reads it."""

    said: tuple[tuple[str, str], ...]
    """(sort, value) of each value it says, in order."""
    asked: frozenset[str]
    """Values it names without saying them: in a question (before a "?") or an aside
    in parentheses ("(from 2027-07-26)", "(issue 25, precise9)")."""
    places: tuple[tuple[str, int], ...]
    """(value, where) of each value it names."""
    words: frozenset[str]
    units: frozenset[frozenset[str]]
    """Its subjects' words (see above)."""
    attributes: frozenset[frozenset[str]]
    """Things of the subject's it names ("has a dry run", "Retro for"): a value may be
    theirs, not the subject's."""
    introduced: frozenset[tuple[int, frozenset[str]]]
    """(where, its words) of each noun phrase it brings in by "a" or "an"."""
    qualified: frozenset[tuple[str, str]]
    """(word, the word a preposition puts after it): "cluster in eu-west"."""
    blocked: bool
    """It adds, compares or offers a choice: it gives no value."""
    negated: bool
    hedged: bool
    """It hedges ("might", "if", "would"): an earlier value it does not end, a later
    one may end it."""
    cued: bool
    """It says a change ("now", "moved", "postponed": `_SLOT_CUE`)."""
    made: bool
    """It tells a record made (`_RECORD_MADE`): as a later fact, it replaces nothing
    uncued."""

    @property
    def values(self) -> frozenset[str]:
        """Every value it names, said or only named (`said` and `asked`)."""
        return frozenset(value for value, _ in self.places)


@lru_cache(maxsize=READINGS)
def _masked(text: str) -> tuple[str, list[tuple[int, str, str]]]:
    """The text with each value by form blanked out, and (where, sort, value) of each:
    kept (`READINGS`; `_valued` reads no longer text), as each pass of `stale` over a
    prompt's facts asks it of the same facts again. The list is read, never changed."""
    found: list[tuple[int, str, str]] = []
    for sort, form in _FORM_SORTS:
        for match in form.finditer(text):
            found.append((match.start(), sort, match[0].casefold().lstrip("v")))
        text = form.sub(lambda m: " " * len(m[0]), text)
    return text, found


@_reading(_UNKEPT)
def _fold(token: str) -> str:
    """A token as `_told` and `_told_changes` compare it: folded, its possessive cut. Kept
    (`READINGS`): asked of every token of every fact, twice."""
    return token.casefold().replace("’", "'").removesuffix("'s")


def _opens_clause(text: str, at: int) -> bool:
    """Whether the word at `at` starts the text or a clause of it."""
    return not text[:at].strip() or bool(_CLAUSE_END.search(text[max(0, at - 3) : at]))


def _mid_names(facts: Sequence[str]) -> frozenset[str]:
    """The words facts write with a capital inside a clause: names."""
    names: set[str] = set()
    for text in set(facts):
        for match in _CAPITAL.finditer(text):
            if not _opens_clause(text, match.start()):
                names.add(_fold(match[0]))
    return frozenset(names - _SLOT_STOP)


@dataclass
class _Units:
    units: set[frozenset[str]] = field(default_factory=set)
    attributes: set[frozenset[str]] = field(default_factory=set)
    introduced: set[tuple[int, frozenset[str]]] = field(default_factory=set)


def _run(folded: Sequence[str], content: Sequence[bool], start: int) -> frozenset[str]:
    """The content words from `start` on, at most `_UNIT_WORDS`."""
    run: list[str] = []
    for k in range(start, len(folded)):
        if not content[k] or len(run) == _UNIT_WORDS:
            break
        run.append(folded[k])
    return frozenset(run)


def _label(
    masked: str, spans: Sequence[int], folded: Sequence[str], content: Sequence[bool], k: int
) -> frozenset[str]:
    """The words before "for"/"of" at `k` when they open a clause or follow a
    determiner ("Retro for the ..."), unless they name the slot ("Target date for")."""
    start = k - 1
    while start and content[start - 1] and k - start < _UNIT_WORDS:
        start -= 1
    label = frozenset(folded[start:k])
    opens = not start or folded[start - 1] in _OPENS_NP
    if (opens or _opens_clause(masked, spans[start])) and not label & _SLOT_NOUNS.keys():
        return label
    return frozenset()


def _units(masked: str, names: frozenset[str]) -> tuple[frozenset[str], list[str], _Units]:
    """(its content words, its folded tokens, its units) of a fact (see above)."""
    matches = list(_VALUED_TOKEN.finditer(masked))
    tokens = [m[0] for m in matches]
    spans = [m.start() for m in matches]
    folded = [_fold(t) for t in tokens]
    content = [
        w not in _SLOT_STOP and not _SLOT_CUE.fullmatch(w) and not w.isdigit() for w in folded
    ]
    read = _Units()
    for k, word in enumerate(folded):
        owner = tokens[k].endswith(("'s", "’s")) and word not in _SLOT_STOP
        has = word in _HAS and k + 1 < len(folded) and folded[k + 1] in _HAS_WHAT
        named = word in names or (owner and tokens[k][:1].isupper())
        if named and (k == 0 or folded[k - 1] not in _OPENS_NP):
            read.units.add(frozenset([word]))  # a name, or an owner: "Kwame's email"
        run = _run(folded, content, k + 1 + has)
        if run <= _PERIODS:
            run = frozenset()  # "in the week of 2026-11-09": a date said, not a subject
        if run and tokens[k] in ("a", "an"):
            read.introduced.add((spans[k], run))
        elif run and (word in _OPENS_NP or owner or has):
            read.units.add(run)
            if owner or has or word in _OWNED_BY:
                read.attributes.add(run)  # "Dana's phone", "has a dry run", "its logs"
        label = word in ("for", "of") and k and content[k - 1]
        if label and (put := _label(masked, spans, folded, content, k)):
            read.attributes.add(put)  # "Retro for the Dune audit: ..."
    # the sentence's first word, after a leading "Speaker: " (fixaudit13b)
    speaker = _SPEAKER.match(masked)
    o = len(_VALUED_TOKEN.findall(speaker[0])) if speaker else 0
    opening = len(folded) > o + 1 and tokens[o][:1].isupper() and content[o]
    if opening and not folded[o].endswith("ed") and folded[o + 1] in _LIGHT | _OPENING_VERBS:
        read.units.add(frozenset(folded[o : o + 1]))  # "Staging in eu-west has ..."
    elif opening and not folded[o].endswith("ed") and not read.units:
        # a noun phrase with no determiner before its verb ("Beta launch target is
        # ...", fixaudit13b), in a fact that names no other subject: its first words,
        # as after "the" ("Team calendar has the Tundra review at ..." is the review's)
        verb = next(
            (k for k in range(o, min(o + 4, len(folded))) if folded[k] in _OPENING_VERBS), o
        )
        if verb > o + 1 and all(content[o:verb]):
            read.units.add(_run(folded, content, o))
    words = frozenset(w for w, c in zip(folded, content, strict=True) if c)
    return words, folded, read


# An identifier opening a record, before its label's colon ("INFRA-25 (open): ...",
# "PLAT-7: ...") or in brackets ("[REL-22] The Nimbus service deployed: 7.8", a ticket's
# or a commit's title): the record's key, named, not a value it gives (supersede16,
# drops20: "[SVC-23] Owner of the Nimbus service: Pablo" gave the service another
# identifier than "[REL-22] ...", and dropped its version).
_KEY = re.compile(
    r"^\s*(?P<open>\[)?(?P<key>[A-Z][A-Z0-9]*-\d+)(?(open)\]\s|(?:\s*\([^()]*\))?:\s)"
)


def _valued(text: str, names: frozenset[str]) -> _Valued | None:
    """The values a fact names by form, its words and its subjects (see above)."""
    if len(text) > MAX_FACT_CHARS or REDACTED in text or not _MAY_HOLD.search(text):
        return None
    masked, found = _masked(text)
    if not found:
        return None
    asking = text.rfind("?")
    aside = [(m.start(), m.end()) for m in _ASIDE.finditer(text)]

    key = _KEY.match(text)

    def named_only(at: int) -> bool:
        if key is not None and at < key.end("key"):
            return True  # the record's key: "WIKI-28 (open): ..."
        return at < asking or any(start < at < end for start, end in aside)

    words, folded, read = _units(masked, names)
    qualified = {
        (folded[k - 1], folded[k + 1])
        for k in range(1, len(folded) - 1)
        if folded[k] in ("in", "at", "of", "for", "on")
        and folded[k - 1] in words
        and folded[k + 1] in words
    }
    kept = set(folded)
    lower = {w.casefold() for w in _VALUED_TOKEN.findall(masked) if w[:1].islower()}
    return _Valued(
        said=tuple((sort, value) for at, sort, value in sorted(found) if not named_only(at)),
        asked=frozenset(value for at, _, value in found if named_only(at)),
        places=tuple((value, at) for at, _, value in found),
        words=words,
        units=frozenset(read.units),
        attributes=frozenset(read.attributes),
        introduced=frozenset(read.introduced),
        qualified=frozenset(qualified),
        blocked=bool(
            kept & (_ADDS | _ADDING) or _COMPARED.search(masked) or _CHOICE_OR.search(masked)
        ),
        negated=bool(_NEGATION.search(masked) or _CALLED_OFF.search(masked)),
        hedged=bool(lower & _HEDGED),
        cued=bool(_SLOT_CUE.search(text)),
        made=bool(_RECORD_MADE.search(text)),
    )


def _given(read: _Valued, old: str | None = None) -> dict[str, str]:
    """{sort: the value} a fact gives: one value of a sort; or two when one of them is
    `old`, the earlier value it names beside the new one."""
    by_sort: dict[str, list[str]] = {}
    for sort, value in read.said:
        if value not in by_sort.setdefault(sort, []):
            by_sort[sort].append(value)
    given: dict[str, str] = {}
    for sort, values in by_sort.items():
        if len(values) == 1 and values[0] not in read.asked:
            given[sort] = values[0]
        elif old is not None and len(values) == 2 and old in values:
            given[sort] = values[1 - values.index(old)]
    return given


def _given_pairs(newer: _Valued, older: _Valued) -> list[tuple[str, str, str | None]]:
    """(sort, the older fact's value, the newer fact's) of each sort the older fact
    gives (`_given`); and of a sort each says two values of, one the same and said in
    the same place among them, the other not: a decision restated with another value
    ("pin numpy to 1.26.1 because 2.0 breaks the wheels", then "... 1.26.2 ...": the
    value that stays, 2.0, is the reason, not the value; fixconsol21, audit 18)."""
    given = _given(older)
    pairs: list[tuple[str, str, str | None]] = [
        (sort, value, _given(newer, value).get(sort)) for sort, value in given.items()
    ]
    for sort in {sort for sort, _ in older.said} - set(given):
        was = [value for said, value in older.said if said == sort]
        now = [value for said, value in newer.said if said == sort]
        k = _differs(was, now) if len(was) == len(now) == 2 else -1
        if k >= 0 and was[k] not in now and not {was[1 - k], now[k]} & newer.asked:
            pairs.append((sort, was[k], now[k]))
    return pairs


def _differs(was: list[str], now: list[str]) -> int:
    """Which of two values said in the same places differs, when exactly one does; -1
    otherwise."""
    apart = [k for k in (0, 1) if was[k] != now[k]]
    return apart[0] if len(apart) == 1 else -1


def _one_subject(newer: _Valued, older: _Valued, value: str, was: str) -> bool:
    """Whether two facts are about one subject (see above), `value` the newer one's
    value and `was` the older one's. A newer fact that names the older value beside its
    own ("A until May, B after", "B; I copied A from a stale runbook") needs only a
    subject of each in the other, and no qualifier the other lacks."""
    new_only = [u for u in newer.units if not u <= older.words]
    old_only = [u for u in older.units if not u <= newer.words]
    if len(new_only) == len(newer.units) or len(old_only) == len(older.units):
        return False  # no subject of one in the other
    for one, other in ((newer, older), (older, newer)):
        if any(w in other.words and q not in other.words for w, q in one.qualified):
            return False  # "the search cluster in eu-west" / "the search cluster"
    if was in newer.values:
        return True
    if new_only and old_only:
        return False
    if any(
        not unit <= other.words
        for one, other in ((newer, older), (older, newer))
        for unit in one.attributes
    ):
        return False  # "The Dune launch has a dry run on ...": another thing's date
    return not _introduced(newer, older, value) and not _introduced(older, newer, was)


_CONTACT_SORTS = frozenset({"email", "phone"})
"""The sorts of value a person has one of at a time: how to reach them."""


def _of_a_person(
    newer: _Valued,
    older: _Valued,
    who: tuple[str | None, str | None] | None,
    names: frozenset[str],
) -> bool:
    """Whether the only subject two facts share is a person (a name the facts write
    inside a clause, or the speaker they are filed under): a person has a date, a
    version, a host for each thing they do, where a launch has one date and a service
    one version. Without a change said ("moved to", "now"), a person's later value is
    another thing of theirs, not the earlier one's new value, but for how to reach them
    (`_CONTACT_SORTS`). A real chat's "Leonie is in Cork on 2025-04-29", then a later
    date of hers, dropped the shoot's date from MEMORY.md (heldout6); "Dana joined the
    payments team on 2025-03-01" went for "Dana is on vacation until 2026-12-28", and
    "Dana upgraded the cluster to Kubernetes 1.29" for "Dana pinned numpy to 1.26.4"
    (audit 6)."""
    people = set(names) | {w.casefold() for w in who or () if w}
    shared = [unit for unit in newer.units if unit <= older.words]
    return bool(shared) and all(len(unit) == 1 and unit <= people for unit in shared)


def _someone_elses(address: str, names: frozenset[str], subject: frozenset[str]) -> bool:
    """Whether an e-mail address's local part names a person the facts name, who is not
    the subject both facts share: that person's address ("tomas@..." for Lena)."""
    owner = re.match(r"[a-z]+", address)
    return owner is not None and owner[0] in names and owner[0] not in subject


def _introduced(one: _Valued, other: _Valued, value: str) -> bool:
    """Whether `one` brings in a thing by "a" or "an" before `value` that `other` does
    not name ("Added a checkpoint for the audit on ...", "needs a reboot on es-26")."""
    at = min((where for said, where in one.places if said == value), default=0)
    return any(where < at and not unit <= other.words for where, unit in one.introduced)


def _valued_changes(
    facts: Sequence[str],
    about: Sequence[str | None] | None,
    found: dict[int, int],
    names: frozenset[str] | None = None,
) -> None:
    """Adds to `found` an earlier fact whose one value of a sort a later fact of the
    same subject replaces (see above). Facts are paired by a sort and a word of a unit,
    with the newest `_PAIR_LIMIT` of each."""
    names = _mid_names(facts) if names is None else names
    once = {text: _valued(text, names) for text in set(facts)}  # a fact said again
    reads = [once[text] for text in facts]
    by_unit: dict[tuple[str, str], list[int]] = {}

    # a pair of facts said again is weighed once (by their texts: a reading's hash is
    # computed anew each time it is asked)
    def weigh(newer: str, older: str, who: tuple[str | None, str | None] | None) -> bool:
        read = once[newer]
        return read is not None and _replaces(read, once[older], who, names)

    replaces = _Once(weigh)
    for i, read in enumerate(reads):
        if read is None:
            continue
        if not read.blocked:
            candidates = {
                j
                for sort, _ in read.said
                for word in frozenset().union(*read.units)
                for j in by_unit.get((sort, word), [])[-_PAIR_LIMIT:]
            }
            for j in sorted(candidates):
                who = (about[i], about[j]) if about else None
                if j not in found and replaces[facts[i], facts[j], who]:
                    found[j] = i
        for sort in {sort for sort, _ in read.said}:
            for word in frozenset().union(*read.units):
                by_unit.setdefault((sort, word), []).append(i)


def _replaces(
    newer: _Valued,
    older: _Valued | None,
    who: tuple[str | None, str | None] | None,
    names: frozenset[str] = frozenset(),
) -> bool:
    """Whether `newer` gives `older`'s subject another value of the sort (see above)."""
    if older is None or older.blocked or older.negated or newer.hedged:
        return False
    if newer.made and not newer.cued:
        return False  # "We opened ticket OPS-731 for ...": one more ticket, not another
    if who and who[0] and who[1] and who[0] != who[1]:
        return False  # said of two people (their speakers, their headings)
    for sort, value, new in _given_pairs(newer, older):
        if new is None or new == value:
            continue
        if newer.negated and value not in newer.values:
            continue  # "the review is not at 10:00": nothing said to hold
        if sort == "email" and _someone_elses(new, names, newer.words & older.words):
            continue  # "Lena's digests go to tomas@...": Tomas's address
        named = value in newer.values  # "D1 until May, D2 after"
        if (
            sort not in _CONTACT_SORTS
            and not (newer.cued or named)
            and _of_a_person(newer, older, who, names)
        ):
            continue  # "Leonie is in Cork on D1" ... "Leonie flies to Oslo on D2"
        if _one_subject(newer, older, new, value):
            return True
    return False


# Last, a value with no telling form (a city, a person, an employer, a tool, a school, a
# car) that a later fact tells as the one before (supersede14): names, not sorts, so only
# where the later fact's own structure puts the earlier value in the past and another
# beside it. Seven structures, read by position, not by wording:
# - a diff: a line taken out and one put in ("`- manager: A` / `+ manager: B`"); a value
#   in lower case there is the one word the two lines do not share;
# - a question and its answer, the answer opening with a negation ("Q: still at A? A: no,
#   B since March"): what the question names no longer holds, what the answer names does
#   (in lower case, the question's last word and the answer's first);
# - the past habit "used to" ("used to live in A; the new flat is in B", "who used to
#   report to A, is now managed by B"): the first name of its clause is the old value;
# - an adverb of what came before opening the old value's clause or closing it ("since
#   March, before by A", "formerly written in A", "was using A before, now ...");
# - a range: a name bounded by "until"/"through" beside one opened by "from"/"since" ("A
#   until March, B from April");
# - a clause that says a change (`_SLOT_CUE`: "now", "new", "moved") beside a clause
#   naming the old value ("is driving B now; the A was sold", "Because A froze hiring,
#   Dana moved to B"); not a label (a clause before a colon), and not "(was A)" or ", not
#   A", which `_leaving_changes` reads with its guards;
# - with no change word (supersede15, `_alone`), a name alone in a clause of its own with
#   words the earlier fact does not say of it ("..., and the A was sold", "after A let
#   them go"), beside clauses that say a word of the earlier fact and give the new name;
#   not a question, a comparison, a place told from ("20 km from A"), an aside in
#   parentheses, nor an earlier name that is an aside or a doer there.
# The new value is a name the later fact gives outside the old one's clause (segment,
# question) that the earlier fact does not name, and not in a clause with a negation.
# The earlier fact names the old value (in lower case: where a clause ends, not as a
# modifier, "the payments queue") and its other names are all in the later fact (the
# subject; a label in capitals, "HR", "LOC", is no name), with one more word in common
# than the value, or a capitalised one; the names said with the old value (the
# question's, the removed line's) are in it too ("Q: still the Kia Niro, Pablo?" ends no
# other fact of Pablo's). It is not hedged or called off, does not deny the old value in
# its clause or say "no" ("Idris said no thanks"), nor names the old value beside
# another by "and"/"with" (a pair, not a value). Not when the later fact hedges or adds,
# gives the old value a companion ("plays chess with A"), the two are said by two
# people, the later one speaks of a relative the earlier does not, or the two names are
# of two sorts the facts teach (a place and an employer: `_name_sorts`). A name is a
# capitalised run inside a clause, a word written with a capital inside a clause
# elsewhere (`_mid_names`), or a capital alone before a break (a cell, a field's value);
# not a weekday or a month, not a pronoun's contraction ("I've").
_TOLD_TOKEN = re.compile(r"[\w][\w'’.-]*[\w]|\w|[`|/;:,.?()!—–'\"=#]|(?<![\w])[-+](?=\s)")
_TOLD_BREAK = frozenset("`|/;:,.?()!—–'\"=#")
_TOLD_NO = _set("no nope nah not")
_TOLD_BEFORE = _set("formerly previously before")
_TOLD_PAIR = _set("and with &")
_TOLD_UNTIL = _set("until till through thru")
_TOLD_FROM = _set("from since")
_TOLD_CLAUSE = frozenset(";.!?,:()")
_LEFT_TO_LEAVING = _set("was not")
# A clause that ends on a negated auxiliary ("the wiki of the Quartz team did not", "ours
# hasn't") says the change its neighbour tells did not happen to what it names: that
# thing kept its value, and is no old value of the change (consol23).
_ELLIPTIC_AUX = _set("do does did is are was were has have had will would can could shall should")
_WEEKDAY_OR_MONTH = _Lazy(
    rf"{_WEEKDAY}|{_MONTH}", re.I, needs="apr|aug|day|dec|feb|jan|jul|jun|mar|may|nov|oct|sep"
)


@dataclass(frozen=True)
class _Told:
    """A fact as `_told_changes` reads it."""

    runs: tuple[tuple[int, str], ...]
    """(token index, the name run folded) of each name it holds."""
    strong: frozenset[str]
    """Its runs that are names inside a clause, not only a cell or a field's value."""
    words: frozenset[str]
    """Its content words, folded."""
    pairs: frozenset[str]
    """Name runs it joins to another by "and"/"with"."""
    denied: frozenset[str]
    """Name runs in a clause with a negation."""
    closing: frozenset[str]
    """Words that end a clause, or come one before its end: where a value in lower case
    stands ("is on payments, I think", "the payments team."), not a modifier ("the
    payments queue in eu-west")."""
    capitals: frozenset[str]
    """Words it writes with a capital, folded."""
    tokens: tuple[str, ...]
    folded: tuple[str, ...]
    """Its tokens, and folded: what `_told_old` reads the old values it tells from."""
    blocked: bool
    """It hedges, adds or is called off: it ends nothing and is ended by nothing."""


def _told(text: str, names: frozenset[str], who: str | None = None) -> _Told | None:
    """A fact as `_told_changes` reads it: its name runs, its words and where they stand
    (see above); not the old values it tells, which `_told_old` reads from its tokens."""
    if len(text) > MAX_FACT_CHARS or REDACTED in text:
        return None
    text = text.strip().lstrip("*+• ").strip()
    speaker = _SPEAKER.match(text)
    body = _SPEAKER.sub("", text)
    matches = list(_TOLD_TOKEN.finditer(body))
    tokens = [m[0] for m in matches]
    if not tokens:
        return None
    folded = [_fold(t).rstrip(".") for t in tokens]
    opens = [
        t[:1].isupper() and (k == 0 or _opens_clause(body, matches[k].start()))
        for k, t in enumerate(tokens)
    ]
    # A capital opening a clause is a name when the facts write it so elsewhere, or when
    # it stands alone before a break: a cell, a field's value ("manager: Chloe`").
    alone = [k + 1 == len(tokens) or tokens[k + 1] in _TOLD_BREAK for k in range(len(tokens))]
    name = [
        t[:1].isupper()
        and (not opens[k] or folded[k] in names or alone[k])
        and re.split(r"['’]", folded[k])[0] not in _SLOT_STOP  # "I've", "It's"
        for k, t in enumerate(tokens)
    ]
    runs: list[tuple[int, str]] = []
    strong: set[str] = set()
    k = 0
    while k < len(tokens):
        if not name[k]:
            k += 1
            continue
        start = k
        k += 1
        while k < len(tokens) and (name[k] or (tokens[k].isdigit() and name[k - 1])):
            if (not name[k] and tokens[k][:1].isupper()) or tokens[k - 1].endswith(("'s", "’s")):
                break  # "Greta's Volvo XC40": the owner, then the car
            k += 1
        run = " ".join(folded[start:k])
        runs.append((start, run))
        if any(not opens[at] or folded[at] in names for at in range(start, k)) and not all(
            tokens[at].isupper() for at in range(start, k)
        ):
            strong.add(run)  # a name, not a label in capitals ("42k LOC", "HR export")
    # Who told it is neither a value nor a word it says of its subject: "apparently
    # Emeka owns the Echo service now, per Dobromir; Sofia handed it over" tells no old
    # value Dobromir, and shares no word with "apparently Sofia has two phones now, per
    # Dobromir" but "apparently" (consol22).
    source = {
        k
        for at, run in runs
        if _names_source(folded, at)
        for k in range(at - (2 if folded[at - 1] == "to" else 1), at + len(run.split()))
    }
    # a month or a weekday is a date, not a name ("we had drinks there Friday")
    runs = [
        (at, run) for at, run in runs if not _WEEKDAY_OR_MONTH.fullmatch(run) and at not in source
    ]
    kept = set(folded)
    said_by = {w.casefold() for w in (speaker[1] if speaker else who or "").split()}
    words = (
        frozenset(
            w
            for k, w in enumerate(folded)
            if w[:1].isalnum() and w not in _SLOT_STOP and k not in source
        )
        | said_by
    )
    starts = {at for at, _ in runs}
    ends = {at + len(run.split()) - 1 for at, run in runs}
    # "Jonas and Rosa paired", "plays chess with Rosa": a companion, not a value
    pairs = frozenset(
        run
        for at, run in runs
        for near, other in ((at - 1, at - 2), (at + len(run.split()), at + len(run.split()) + 1))
        if 0 <= near < len(folded)
        and folded[near] in _TOLD_PAIR
        and (
            (0 <= other < len(tokens) and (other in starts | ends or tokens[other][:1].isupper()))
            or (folded[near] == "with" and near == at - 1)
        )
    )
    # "since May" is no hedge: only a word in lower case hedges ("may", "might"), or
    # one a clause opens with that is no name ("If the next major breaks the API, the
    # Dune service won't take it": a condition, consol22)
    lower = {
        folded[k] for k, t in enumerate(tokens) if not t[:1].isupper() or (opens[k] and not name[k])
    }
    blocked = bool(
        kept & (_ADDS | _ADDING)
        or lower & _HEDGED
        or _CALLED_OFF.search(body)
        or _FAILED.search(body)
    )
    # a name in a clause with a negation is not said to hold ("don't even mention ...")
    negated = bool(_NEGATION.search(body))
    cut = [-1, *(k for k, t in enumerate(tokens) if t in _TOLD_CLAUSE), len(tokens)]
    denied = frozenset(
        run
        for lo, hi in pairwise(cut)
        if negated and _NEGATION.search(" ".join(tokens[lo + 1 : hi]))
        for at, run in runs
        if lo < at < hi
    )
    breaks = [k for k, t in enumerate(tokens) if t in _TOLD_BREAK]
    return _Told(
        tuple(runs),
        frozenset(strong),
        words,
        pairs,
        denied,
        frozenset(folded[k] for at in (*breaks, len(tokens)) for k in (at - 1, at - 2) if k >= 0),
        frozenset(folded[k] for k, t in enumerate(tokens) if t[:1].isupper() and k not in source),
        tuple(tokens),
        tuple(folded),
        blocked,
    )


_Old = tuple[str, tuple[str, ...], frozenset[str]]
"""(an old value, the values beside it, the words of the names said with it)."""
_Telling = tuple[str, tuple[str, ...], frozenset[str], frozenset[str], frozenset[str]]
"""An `_Old`, then (`_alone`; empty for the other structures) the words of the old
value's clause, which the earlier fact must not hold, and the words of the clauses
giving the new value, of which it must hold one."""


@dataclass(frozen=True)
class _Line:
    """A fact's tokens as `_told` reads them."""

    tokens: Sequence[str]
    folded: Sequence[str]
    runs: Sequence[tuple[int, str]]

    def within(self, lo: int, hi: int) -> list[str]:
        """The name runs that start in tokens lo..hi."""
        return [run for at, run in self.runs if lo <= at < hi]

    def content(self, lo: int, hi: int) -> list[str]:
        """The content words of tokens lo..hi, folded."""
        return [
            w
            for w in self.folded[lo:hi]
            if w[:1].isalnum() and w not in _SLOT_STOP and w not in _TOLD_NO
        ]

    def clause(self, at: int) -> tuple[int, int]:
        """Where the clause around token `at` starts and ends (a break or "now")."""
        lo = at
        while lo > 0 and self.tokens[lo - 1] not in _TOLD_BREAK:
            lo -= 1
        hi = at
        while (
            hi < len(self.tokens)
            and self.tokens[hi] not in _TOLD_BREAK
            and self.folded[hi] != "now"
        ):
            hi += 1
        return lo, hi


def _company(said: Sequence[str], old: str) -> frozenset[str]:
    """The words of the other runs said with `old`."""
    return frozenset(w for run in said if run != old for w in run.split())


def _diffed(line: _Line) -> list[_Old]:
    """A diff: the names of the removed line the added one lacks; in lower case, the one
    word the two lines do not share ("`- Jonas: data` / `+ Jonas: growth`")."""
    tokens = line.tokens
    if not ("-" in tokens and "+" in tokens and tokens.index("-") < tokens.index("+")):
        return []
    minus, plus, end = tokens.index("-"), tokens.index("+"), len(tokens)
    gone, put = line.within(minus, plus), line.within(plus, end)
    beside = tuple(p for p in put if p not in gone)
    found = [(run, beside, _company(gone, run)) for run in gone if run not in put]
    was, now = line.content(minus, plus), line.content(plus, end)
    left, came = [w for w in was if w not in now], [w for w in now if w not in was]
    if set(gone) == set(put) and len(left) == 1 and len(came) == 1:
        found.append((left[0], tuple(came), frozenset(was) - set(left)))
    return found


def _answered(line: _Line) -> list[_Old]:
    """A question answered with a negation: its names (in lower case, its last word)
    no longer hold, the answer's do ("still in billing? A: no, platform since ...")."""
    if "?" not in line.tokens:
        return []
    asked, end = line.tokens.index("?"), len(line.tokens)
    answer = [k for k in range(asked + 1, end) if line.folded[k] not in (":", "a", ",")]
    if not answer or line.folded[answer[0]] not in _TOLD_NO:
        return []
    question = line.within(0, asked)
    given = tuple(run for run in line.within(asked, end) if run not in question)
    found = [(run, given, _company(question, run)) for run in question]
    asking, answering = line.content(0, asked), line.content(answer[0] + 1, end)
    if not given and asking and answering and asking[-1] not in " ".join(question):
        found.append((asking[-1], (answering[0],), frozenset(asking[:-1])))
    return found


def _past(line: _Line) -> list[_Old]:
    """The first name after "used to", "formerly", "previously" or a clause-opening
    "before" in its clause, or the last before a clause-closing "before"."""
    found: list[_Old] = []
    folded = line.folded
    for k in range(len(folded) - 1):
        old: str | None = None
        if (folded[k], folded[k + 1]) != ("used", "to") and folded[k] not in _TOLD_BEFORE:
            continue
        lo, hi = line.clause(k)
        if (folded[k], folded[k + 1]) == ("used", "to"):
            old = next(iter(line.within(k, hi)), None)
        elif folded[k] in _TOLD_BEFORE:
            if k == lo or folded[k] != "before":  # "..., before by A"; "formerly A"
                old = next(iter(line.within(k, hi)), None)
            elif k + 1 == hi:  # "was using A before,"
                old = next(iter(reversed(line.within(lo, k))), None)
        if old is not None:
            beside = tuple(run for at, run in line.runs if not lo <= at < hi)
            found.append((old, beside, frozenset()))
    return found


def _ranged(line: _Line) -> list[_Old]:
    """A range: "A until March, B from April", "reported to A until June, to B from
    July"."""
    end = len(line.folded)
    after = [
        (run, line.folded[at + len(run.split())] if at + len(run.split()) < end else "")
        for at, run in line.runs
    ]
    opened = tuple(run for run, then in after if then in _TOLD_FROM)
    return [(run, opened, frozenset()) for run, then in after if then in _TOLD_UNTIL and opened]


_TWO_CLAUSES = re.compile(r"\w[,;.!?]\s+\S")


def _cued(line: _Line) -> list[_Old]:
    """A clause that says a change (`_SLOT_CUE`: "now", "new", "moved") gives the new
    value; a name in another clause is the old ("is driving a Kia Niro now; the Toyota
    Corolla was sold", "Because A froze hiring, Dana moved to B"), also when that clause
    says a change too ("run by Drone now; TeamCity was switched off": the earlier fact
    names one of the two). A label (a clause before a colon) is neither."""
    tokens, end = line.tokens, len(line.tokens)
    cut = [-1, *(k for k, t in enumerate(tokens) if t in _TOLD_CLAUSE), end]
    clauses = [
        (lo + 1, hi)
        for lo, hi in pairwise(cut)
        if hi > lo + 1 and list(tokens[hi : hi + 1]) != [":"]
    ]
    cued = [(lo, hi) for lo, hi in clauses if _SLOT_CUE.search(" ".join(line.folded[lo:hi]))]
    found: list[_Old] = []
    for lo, hi in clauses if len(clauses) > 1 else ():
        if line.folded[lo] in _LEFT_TO_LEAVING:
            continue  # "(was Denver)", ", not Denver": `_leaving_changes` reads those
        if _unchanged(line.folded[lo:hi]):
            continue  # "Ravi's blog got a new name; the wiki of the Quartz team did not."
        beside = tuple(run for at in cued if at != (lo, hi) for run in line.within(*at))
        said = line.within(lo, hi)
        found += [(run, beside, _company(said, run)) for run in said if beside]
    return found


def _unchanged(folded: Sequence[str]) -> bool:
    """A clause that closes on a negated auxiliary with nothing after it (see
    `_ELLIPTIC_AUX`): "the wiki of the Quartz team did not", "ours hasn't"."""
    words = [w for w in folded if w[:1].isalnum()]
    if not words:
        return False
    last = words[-1]
    if last.endswith(("n't", "n’t")):
        return last.removesuffix("n't").removesuffix("n’t") in _ELLIPTIC_AUX | {"ca", "wo"}
    return last == "not" and len(words) > 1 and words[-2] in _ELLIPTIC_AUX


def _alone(line: _Line) -> list[_Telling]:
    """Two clauses and no change word: a name standing alone in its clause, with words
    the earlier fact does not say of it ("..., and the Tesla Model 3 was sold", "the
    Toyota Corolla is gone", "after Globex let them go"), is the old value, the names of
    the other clauses the new one. A clause that says the earlier fact's own words again
    ("the wiki of the Sable team gets 29 visits a day, Sven says") is about the same
    thing, not its end; a label (a clause before a colon) is neither."""
    tokens, end = line.tokens, len(line.tokens)
    cut = [-1, *(k for k, t in enumerate(tokens) if t in _TOLD_CLAUSE), end]
    # an aside in parentheses ("(April 2025)", the month builtin notes) is neither
    clauses = [
        (lo + 1, hi)
        for lo, hi in pairwise(cut)
        if hi > lo + 1 and list(tokens[hi : hi + 1]) != [":"] and list(tokens[lo : lo + 1]) != ["("]
    ]
    if len(clauses) < 2 or any(
        _SLOT_CUE.search(" ".join(line.folded[lo:hi])) for lo, hi in clauses
    ):
        return []  # one clause, or a change word: `_cued` reads it
    if _COMPARED.search(" ".join(line.folded)) or "?" in tokens:
        return []  # "... has 12 more pages than the handbook, Zara reckons": a comparison;
        # "Should the team trial X? Leila is skeptical": a question
    found: list[_Telling] = []
    for lo, hi in clauses:
        said = line.within(lo, hi)
        if len(said) != 1 or line.folded[lo] in _LEFT_TO_LEAVING:
            continue
        old = said[0]
        at = next(k for k, run in line.runs if run == old and lo <= k < hi)
        if at > lo and line.folded[at - 1] in _LIGHT:
            continue  # "works in Bilbao, 20 km from Valencia": a place it is told from
        apart = frozenset(line.content(lo, hi)) - set(old.split())
        others = [other for other in clauses if other != (lo, hi)]
        beside = tuple(run for other in others for run in line.within(*other))
        near = frozenset(w for other in others for w in line.content(*other))
        if apart and beside:
            found.append((old, beside, frozenset(), apart, near))
    return found


def _told_old(
    tokens: Sequence[str], folded: Sequence[str], runs: Sequence[tuple[int, str]]
) -> list[_Telling]:
    """The old values a fact tells, by each structure (see above)."""
    line = _Line(tokens, folded, runs)
    told = [*_diffed(line), *_answered(line), *_past(line), *_ranged(line), *_cued(line)]
    none: frozenset[str] = frozenset()
    return [(*old, none, none) for old in told] + _alone(line)


def _told_changes(
    facts: Sequence[str],
    about: Sequence[str | None] | None,
    slots: Sequence[Slot | None],
    found: dict[int, int],
    names: frozenset[str] | None = None,
) -> None:
    """Adds to `found` an earlier fact whose name a later one tells as the one before,
    beside another (see above). Facts are paired by the old value's run, the newest
    `_PAIR_LIMIT` of it. `names`: `_mid_names(facts)`, when known."""
    names = _mid_names(facts) if names is None else names
    once: dict[tuple[str, str | None], _Told | None] = {}  # a fact said again
    by_word: dict[str, list[int]] = {}
    sorts: dict[str, str] | None = None
    classes: set[str | None] = set()

    def told(k: int) -> _Told | None:
        who = about[k] if about else None
        if (facts[k], who) not in once:
            once[facts[k], who] = _told(facts[k], names, who)
        return once[facts[k], who]

    glance: dict[str, tuple[bool, frozenset[str]]] = {}
    pairs: dict[tuple[str, str, str], str | None] = {}
    telling: dict[_Told, list[_Telling]] = {}
    for i, text in enumerate(facts):
        if text not in glance:
            glance[text] = (
                bool(
                    _TOLD_HINT.search(text) or _SLOT_CUE.search(text) or _TWO_CLAUSES.search(text)
                ),
                frozenset(_fold(t).rstrip(".") for t in _TOLD_TOKEN.findall(text)),
            )
        tells, index = glance[text]
        # only a fact with a sign of telling and a name is read whole now; the others
        # when a later fact names one of their words as the old value (every fact is
        # indexed by its words: "priya lives in lisbon." can be ended too)
        read = told(i) if tells and _may_tell(text) else None
        olds: list[_Telling] = []
        if read is not None and not read.blocked:
            if read not in telling:  # a fact said again is read once
                telling[read] = _told_old(read.tokens, read.folded, read.runs)
            olds = telling[read]
        if olds and sorts is None:
            sorts = _name_sorts(slots)
            classes = {sorts.get(f"#{sort}") for sort in _CLASS_SORT.values()} - {None}
        for old, beside, said_with, apart, near in olds:
            for j in by_word.get(old.split()[0], [])[-_PAIR_LIMIT:]:
                was = told(j)
                two = bool(about and about[i] and about[j] and about[i] != about[j])
                if read is None or was is None or j in found or two:
                    continue  # two: said by two people
                key = (facts[i], facts[j], old)  # a fact said again is read once
                if key not in pairs:
                    pairs[key] = _told_new(read, was, old, beside, said_with, apart, near)
                new = pairs[key]
                known = (sorts or {}).get(old), (sorts or {}).get(new or "")
                if new is not None and not (set(known) <= classes and known[0] != known[1]):
                    found[j] = i  # not of two sorts the facts teach: a place and an employer
        # by its words: a name's first, or a value in lower case a diff or an answer names
        for word in index:
            by_word.setdefault(word, []).append(i)


def _told_new(
    read: _Told,
    was: _Told,
    old: str,
    beside: Sequence[str],
    said_with: frozenset[str],
    apart: frozenset[str] = frozenset(),
    near: frozenset[str] = frozenset(),
) -> str | None:
    """The new value `read` gives where `was` gave `old`, or None when it ends nothing
    of `was` (see above)."""
    if was.blocked or old in was.pairs | read.pairs:
        return None  # "Jonas and Rosa paired", "plays chess with Rosa"
    if old not in {run for _, run in was.runs} and old not in was.closing:
        return None  # in lower case, a modifier: "the payments queue in eu-west"
    if "no" in was.words or old in was.denied:
        return None  # "Hana said no thanks": a plan turned down, no value held
    shared = was.words & read.words - set(old.split())
    if len(shared) < 2 and not shared & (was.capitals | read.capitals):
        return None  # one common word, not a name: "the platform demo day"
    if not said_with <= was.words:
        return None  # "Q: still the Kia Niro, Pablo?" ends no other fact of Pablo's
    if apart & was.words:
        return None  # "the wiki of the Sable team gets 29 visits a day, Sven says"
    if apart and not (near - set(old.split())) & was.words:
        return None  # the new value said of the subject: "someone proposed trying X;
        # Maya shot it down" says nothing of Maya's
    if apart and any(at and was.tokens[at - 1] == "(" for at, run in was.runs if run == old):
        return None  # "Field: Team (Nadia)": whose field, an aside, not its value
    if apart and old.split()[-1] not in was.closing:
        return None  # no change word: the old name must be the earlier fact's value, where
        # its clause ends ("Nadia wrote a cheat sheet": a doer, not a value)
    subject = [run for _, run in was.runs if run != old and run in was.strong]
    if not all(set(run.split()) <= read.words for run in subject):
        return None
    if read.words & _ONE_KIN - was.words:
        return None  # "Kofi's sister used to live in Oslo": not Kofi's home
    return next(
        (b for b in beside if not set(b.split()) & was.words and b not in read.denied), None
    )


_TOLD_HINT = re.compile(
    r"`-|\?|\b(?:used to|formerly|previously|before|until|till|through|thru)\b", re.I
)


def _may_tell(text: str) -> bool:
    """A quick look: a fact with no capital holds no name, so it tells no old value (it
    may still be the earlier fact a later one ends)."""
    return any(c.isupper() for c in text)
