"""builtin's consolidation: MEMORY.md as a memory, grouped by subject, newest truth kept.

Each fact gets a subject: the heading it stood under in MEMORY.md, the speaker who
said it (`Dana: ...` in a ledger), or the person it starts with ("Caroline went...",
"Caroline's sister..."). Facts about one subject are written together under a
`## Subject` heading; facts about no one in particular come first, without one. A
speaker's line that opens with another person memory knows is about that person:
"Ana: Ben got the job at Halden." goes under `## Ben` as written, `Ana: ` kept, so it
is neither Ben's own saying nor filed away from Ben's facts.

A newer fact about the same subject and attribute replaces an older one ("The
deadline is 2027-01-15" after "The deadline is 2026-12-15"; "Dana moved to Berlin"
after "Dana lives in Lisbon"; memctl.models.supersede reads them). The older one is
dropped, not kept marked "(was: ...)": MEMORY.md is injected into every request, so a
stale value would cost tokens forever and could still be read as current; it stays in
its daily ledger (where recall ranks the newer one first) and in the MEMORY.md copy
the consolidate stage keeps in .memctl/history/. Each replacement is reported, so the
run can say it. MEMORY.md's facts are older than the new daily ones; a fact said
again counts as said at its latest mention.

A fact said again (the same content words in any order) is kept once and counts as
referenced more. Over the budget, MEMORY.md's own facts are kept first (they are what
memory is for), then the most referenced and newest new ones; what did not fit is
counted in a comment, and stays in the daily ledgers.

A ledger block's heading may say when its facts were said (` · said 2023-05-07`,
from flush); a fact with no date of its own gets that month: "(May 2023)".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date

from memctl.core.said import MONTHS, key_parts, ledger_day, names_used, read_heading, said_key
from memctl.core.said import USER_NAME as _USER
from memctl.models.facts import PAST
from memctl.models.supersede import stale
from memctl.models.supersede_veto import vetoed
from memctl.models.words import BULLET as _BULLET
from memctl.models.words import LABELS as _LABELS
from memctl.models.words import NEGATION, NOT, kin_pattern, taken_words, unbulleted
from memctl.models.words import PREFIX as _PREFIX
from memctl.models.words import key as _key


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_LEADING_NAME = re.compile(r"^(?P<name>[A-Z][a-z][\w-]*(?: [A-Z][a-z][\w-]*)?)(?:'s\b|\s(?!&))")
"""A name opening a fact, as its subject: not one joined to another by "&", which is one
firm's name ("Kellner & Roe offered me the job"), no person's."""
_STARTERS = _words(
    """The A An We It This That There Our They He She His Her Their My I You Your Its
    These Those Remember Always Never Use Deploys Keep Do Don't Please Note From Every
    Each All No Some Most Next Last On In At For After Before When If Since
    Today Tomorrow Yesterday Everyone Nobody Somebody Someone Team Company
    Monday Tuesday Wednesday Thursday Friday Saturday Sunday Mondays Tuesdays Wednesdays
    Thursdays Fridays Saturdays Sundays January February March
    April May June July August September October November December Christmas Easter"""
)
_HAS_DATE = re.compile(
    r"\b\d{4}\b|\b(?:January|February|March|April|May|June|July|August|September|October|"
    r"November|December)\b"
)


@dataclass
class Fact:
    text: str
    subject: str | None
    order: int
    curated: bool
    refs: int = 1
    latest: int = -1
    """The order of its latest mention (a repeat makes it current again); -1: `order`."""
    origins: list[tuple[str, str]] = field(default_factory=list)
    """The input lines it was merged from: `(daily name, line)`, name "" for MEMORY.md."""
    line: int = 0
    """Its line number in MEMORY.md (1-based); 0 for a fact of the daily text."""
    speaker: str | None = None
    """Who said it, when its line's `Name: ` was taken off its text (its subject then)."""
    day: date | None = None
    """The day it was last said (`said.key_parts`): the UTC day of `at` when known, else
    its ledger block's `said` span's end, else the day the block was written; for a fact
    of MEMORY.md, that of the ledger lines it was merged from (the consolidate stage
    reads them), else None (older than any new one)."""
    at: str = ""
    """The time it was last said, UTC (`said.said_at`: its block's `last said`, else
    when the block was written); "" when only the day is known."""

    @property
    def when(self) -> int:
        return max(self.order, self.latest)

    @property
    def said(self) -> tuple[date, str, int]:
        """When it was said, to order facts by: as `said.said_key` orders, the UTC time
        when known (two machines flush in any order, in any time zone), else the day,
        then its place in the text (two threads flushed out of date order put an older
        line after a newer one)."""
        return (self.day or date.min, self.at, self.when)


@dataclass
class Merged:
    facts: list[Fact]
    superseded: list[str] = field(default_factory=list)
    """`old -> new`, one line a replacement."""


def parse(
    memory: str, dailies: list[tuple[str, str]], days: dict[str, str] | None = None
) -> list[Fact]:
    """Every fact of MEMORY.md (curated, with its heading's subject and, from `days`,
    the day it was last said) and of the new daily text (with its speaker and its
    block's span), in order. A line's `Name: ...` is its speaker only where memory uses
    that name as a name (`_speakers`)."""
    curated: list[tuple[str | None, str, str, int]] = []  # (heading, text, line, number)
    subject: str | None = None
    after = -1  # the number of the line a fact last took
    for number, line in enumerate(memory.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("## "):
            subject = stripped[3:].strip() or None
            continue
        if curated and after == number - 1 and _continues(line):
            heading, fact, first, at = curated[-1]
            curated[-1] = (heading, f"{fact}\n  {stripped}", first, at)
            after = number
            continue
        if not stripped or stripped.startswith(("#", "<!--", "```")):
            continue
        curated.append((subject, unbulleted(stripped), stripped, number))
        after = number
    # (name, span, text, line, (day, time))
    said: list[tuple[str, tuple[date, date] | None, str, str, tuple[date | None, str]]] = []
    for name, text in dailies:
        span: tuple[date, date] | None = None
        day: tuple[date | None, str] = (_iso_day(ledger_day(name)), "")
        after = -1
        for number, line in enumerate(text.splitlines()):
            stripped = line.strip()
            if said and after == number - 1 and _continues(line):
                of, when, fact, first, on = said[-1]
                said[-1] = (of, when, f"{fact}\n  {stripped}", first, on)
                after = number
                continue
            if stripped.startswith("#"):
                read = read_heading(stripped, ledger_day(name))
                span = (
                    (date.fromisoformat(read.span[0]), date.fromisoformat(read.span[1]))
                    if read is not None and read.span
                    else None
                )
                found, clock = key_parts(said_key(stripped, ledger_day(name)))
                day = (_iso_day(found), clock) if found else (_iso_day(ledger_day(name)), "")
                continue
            if not stripped or stripped.startswith(("<!--", "```")):
                continue
            said.append((name, span, unbulleted(stripped), stripped, day))
            after = number
    headings = {heading for heading, _, _, _ in curated if heading}
    speakers = _speakers(
        [text for _, text, _, _ in curated] + [t for _, _, t, _, _ in said], headings
    )
    facts: list[Fact] = []
    for heading, text, stripped, number in curated:
        known = (days or {}).get(unbulleted(stripped))
        said_by = heading
        # `Dana: ...` as a ledger says it (a `save` writes the line as given): the fact
        # Dana said, as consolidation files it, so its ledger copy folds into it.
        prefixed = _PREFIX.match(text)
        speaker = None
        if prefixed and prefixed["name"] in speakers and heading in (None, prefixed["name"]):
            said_by, text = prefixed["name"], prefixed["rest"]
            speaker = said_by
        facts.append(
            Fact(
                text,
                said_by,
                len(facts),
                True,
                origins=[("", stripped)],
                line=number,
                speaker=speaker,
                day=_iso_day(key_parts(known)[0]),
                at=key_parts(known)[1],
            )
        )
    for name, span, fact, stripped, day in said:
        speaker = None
        if (prefixed := _PREFIX.match(fact)) and prefixed["name"] in speakers:
            speaker, fact = prefixed["name"], prefixed["rest"]
        if span and not _HAS_DATE.search(fact) and PAST.search(fact):
            # Something that happened, with no date of its own: when it was said.
            fact = f"{fact.rstrip(' .!')} ({_month_span(*span)})."
        facts.append(
            Fact(
                fact,
                speaker,
                len(facts),
                False,
                origins=[(name, stripped)],
                speaker=speaker,
                day=day[0],
                at=day[1],
            )
        )
    return facts


def _iso_day(text: str | None) -> date | None:
    try:
        return date.fromisoformat(text) if text else None
    except ValueError:
        return None


def _continues(line: str) -> bool:
    """Whether a line goes on with the fact of the line before it: indented and no item
    of its own, as a saved text's later lines are written ("- # Instructions" then
    "  ignore all": one memory, kept one bullet)."""
    return line[:1] in (" ", "\t") and bool(line.strip()) and not _BULLET.match(line)


def _speakers(texts: list[str], headings: set[str]) -> set[str]:
    """The `Name:` prefixes that are speakers: names memory uses as names elsewhere (a
    heading of MEMORY.md, a name after a lower-case word, a possessive, or a sentence's
    subject: "Dana leads payments"). A prefix used nowhere else is a note's label
    ("AI: Pablo to add alerts", "Headline: ...", "Q: ... A: ...", "Confirmed: ..."):
    the line is kept as written, not filed under a `## Label` heading cut from its words."""
    named = set(headings) | names_used(texts)
    prefixes = {prefixed["name"] for text in texts if (prefixed := _PREFIX.match(text))}
    # A prefix in capitals ("AI:", "Q:", "FYI:", "TODO:") is an abbreviation, a label,
    # whatever else memory says of the word ("AI tooling budget is approved").
    return {
        name
        for name in prefixes - _LABELS
        if not name.isupper() and (name in named or name.split()[0] in named)
    }


def said_facts(memory: str) -> list[str]:
    """MEMORY.md's facts as a ledger says them: `Dana: ...` for a fact under `## Dana`
    that does not name Dana (flush compares what is said with what is known)."""
    return [said for _, said in said_lines(memory)]


def said_lines(memory: str) -> list[tuple[int, str]]:
    """(line number, the fact as a ledger says it) for each fact line of MEMORY.md: the
    plain reading by which a bullet and the ledger line it was merged from are one fact
    (`forget` counts and forgets them as one)."""
    return [
        (
            fact.line,
            fact.text
            if not fact.subject or fact.subject in fact.text
            else f"{fact.subject}: {fact.text}",
        )
        for fact in parse(memory, [])
    ]


def _month_span(first: date, last: date) -> str:
    start = f"{MONTHS[first.month - 1]} {first.year}"
    if (first.year, first.month) == (last.year, last.month):
        return start
    return f"{start} to {MONTHS[last.month - 1]} {last.year}"


_POSSESSIVE = re.compile(r"\b([A-Z][a-z][\w-]+)['’]s\b")
_KIN_OF = re.compile(
    r"\b([A-Z][a-z][\w-]+)['’]s (?:(?:[a-z]+|\d+-year-old) )?(?:"
    rf"{kin_pattern()}|boss|manager|colleagues?|dog|cat|pet|puppy|birthday|wedding)\b"
)
"""A possessive that makes its name a person's whatever else is said of it: kin, pets,
a birthday ("Caroline's sister")."""
_THING_USE = re.compile(
    r"\b(?:(?:a|an|the)|(?:use[sd]?|using|run(?:s|ning)?|ran|install(?:s|ed)?|"
    r"upgrade[sd]?(?: to)?|deploy(?:s|ed)?|migrate[sd]? to|switch(?:ed)? to|on)"
    r"(?: (?:a|an|the))?) ([A-Z][a-z][\w-]+)\b"
    r"|\b([A-Z][a-z][\w-]+) v?\d+(?:\.\d+)*\b"
    r"|\b([A-Z][a-z][\w-]+)['’]s [\w.]+(?:\(\)|\.\w)"
)
"""A name used as a thing's: after an article or a verb of using a tool ("a Ring
doorbell", "We use Redis's streams", "the CI is on Python"), before a version ("Python
3.12", "Redis 7.2"), or owning code ("Python's round()"). Its possessive ("Redis's
streams") is a thing's, and makes no `## ` section."""


def _people_of_possessives(facts: list[Fact]) -> set[str]:
    """The names a possessive makes people (`_KIN_OF`; any other possessive of a name
    the facts never use as a thing's, `_THING_USE`: "Omar's desk")."""
    texts = [fact.text for fact in facts]
    things = {
        name for text in texts for match in _THING_USE.findall(text) for name in match if name
    }
    people = {name for text in texts for name in _KIN_OF.findall(text)}
    return people | {
        name for text in texts for name in _POSSESSIVE.findall(text) if name not in things
    }


def _names(facts: list[Fact]) -> tuple[set[str], set[str]]:
    """Who the facts are about: people (speakers and headings, the user's name, names
    with a possessive, "Caroline's", but not a thing's: `_people_of_possessives`), and also
    proper nouns (capitalised mid-sentence), which may be a subject when a fact starts
    with one ("Carol owns billing-v3")."""
    people = {fact.subject for fact in facts if fact.subject}
    nouns: set[str] = set()
    for fact in facts:
        if user := _USER.match(fact.text):
            people.add(user["name"])
        nouns.update(re.findall(r"(?<=[a-z,;] )([A-Z][a-z][\w-]+)", fact.text))
    people |= _people_of_possessives(facts)
    people -= _STARTERS
    return people, (nouns - _STARTERS) | people


def merge(
    memory: str, dailies: list[tuple[str, str]], days: dict[str, str] | None = None
) -> Merged:
    """MEMORY.md and the new daily facts as one list: subjects given, repeats folded
    into the first copy (counted as references), contradicted facts replaced, each by
    the day it was said (`days`: MEMORY.md's facts', by their text)."""
    facts = parse(memory, dailies, days)
    people, names = _names(facts)
    for fact in facts:
        if fact.subject is None:
            fact.subject = _subject(fact.text, people, names)
        elif fact.speaker and (other := _about(fact.text, fact.speaker, people)):
            # "Ana: Ben got the job at Halden.": a fact about Ben, as Ana said it (under
            # `## Ana` it was no longer where Ben's facts are; without `Ana: ` it would
            # read as Ben's own saying).
            fact.subject, fact.text = other, f"{fact.speaker}: {fact.text}"
    kept: dict[frozenset[str], Fact] = {}
    for fact in facts:
        key = _merge_key(fact.text)
        same = kept.get(key)
        if same is not None and (
            not same.subject or not fact.subject or same.subject == fact.subject
        ):
            _again(same, fact)
            continue
        if same is not None:
            key |= {f"\0{fact.subject}"}  # the same words said by someone else: another fact
            if key in kept:
                _again(kept[key], fact)
                continue
        kept[key] = fact
    return _supersede(list(kept.values()))


def _merge_key(text: str) -> frozenset[str]:
    """The key by which `merge` folds a fact said again into its first copy: its content
    words in any order (`words.key`), with what the order of them says (`taken_words`:
    the word a negation, a direction or a comparison takes) and a negation's mark. "Dana
    owns search, not billing" is no repeat of "Dana owns billing, not search", nor "The
    job moved from db7 to db3" of "... from db3 to db7", nor "Staging is not db3" of
    "Staging is db3": folded into the first, the later one was lost."""
    words = _key(text) | taken_words(text)
    return words | {NOT} if NEGATION.search(text) else words


def _again(fact: Fact, repeat: Fact) -> None:
    """`repeat` folded into `fact`: one more reference, said again when it was."""
    fact.refs += 1
    fact.latest = repeat.order
    fact.origins += repeat.origins
    if repeat.day is not None and (fact.day is None or repeat.said[:2] > fact.said[:2]):
        fact.day, fact.at = repeat.day, repeat.at


def _supersede(facts: list[Fact]) -> Merged:
    """The facts without those a later one replaced (memctl.models.supersede), in
    the order of their latest mention, by the day it was said (a ledger block's
    `said`), not by where the ledger put it: an older line never replaces a newer one;
    each replacement reported as `old -> new`, and the replaced fact's references and
    curation carried to what replaced it."""
    ordered = sorted(facts, key=lambda fact: fact.said)
    texts = [fact.text for fact in ordered]
    # a drop loses a true fact when the rules misread it: the learned veto keeps the ones
    # it doubts beside their successor (memctl.models.supersede_veto)
    gone = vetoed(texts, stale(texts, [fact.subject for fact in ordered]))
    result = Merged([])
    for old in sorted(gone):
        new = gone[old]
        while new in gone:  # replaced in turn: its successor takes what it carried
            new = gone[new]
        older, newer = ordered[old], ordered[new]
        newer.refs += older.refs
        newer.curated = newer.curated or older.curated
        result.superseded.append(f"{_show(older)} -> {_show(ordered[gone[old]])}")
    dropped = {id(ordered[index]) for index in gone}
    result.facts = [fact for fact in facts if id(fact) not in dropped]
    return result


def _about(text: str, speaker: str, people: set[str]) -> str | None:
    """The person other than `speaker` a speaker's sentence opens with, as its subject
    ("Ben got the job", "Ben's sister moved"): a person memory knows, not a mere proper
    noun ("Halden hired two people" stays the speaker's)."""
    match = _LEADING_NAME.match(text)
    if match is None:
        return None
    name = match["name"] if match["name"] in people else match["name"].split()[0]
    if name not in people or name == speaker or name == speaker.split()[0]:
        return None
    return name


def _show(fact: Fact) -> str:
    if fact.subject and not fact.text.startswith(fact.subject) and not _PREFIX.match(fact.text):
        return f"{fact.subject}: {fact.text}"
    return fact.text


def _subject(text: str, people: set[str], names: set[str]) -> str | None:
    if user := _USER.match(text):
        return user["name"]
    match = _LEADING_NAME.match(text)
    if match and match["name"] in names:
        return match["name"]
    if match and " " in match["name"]:
        first, second = match["name"].split()
        if second in people and first not in people:
            return second  # "Text Omar at ...", "Ask Felix for ...": a request to a person
    if match and match["name"].split()[0] in names:
        return match["name"].split()[0]
    # "In June 2023 (next month, ...) Caroline is going to...": the first person named.
    words: list[str] = re.findall(r"\b[A-Z][a-z][\w-]*", text)
    for word in words:
        if word in people:
            return word
    return None


def render(title: str, facts: list[Fact]) -> str:
    """The facts without a subject first, then one `## Subject` section each, in the
    order subjects first appear; each fact in the order it was said."""
    loose = [fact for fact in facts if not fact.subject]
    groups: dict[str, list[Fact]] = {}
    for fact in facts:
        if fact.subject:
            groups.setdefault(fact.subject, []).append(fact)
    lines = [title.rstrip("\n"), ""]
    lines += [f"- {fact.text}" for fact in sorted(loose, key=lambda f: f.order)]
    for subject, members in groups.items():
        if lines[-1] != "":
            lines.append("")
        lines += [f"## {subject}", ""]
        lines += [f"- {fact.text}" for fact in sorted(members, key=lambda f: f.order)]
    return "\n".join(lines).rstrip("\n") + "\n"


def size(fact: Fact) -> int:
    """Chars a fact takes in MEMORY.md (its bullet, and a share of a heading)."""
    return len(fact.text) + 3 + (len(fact.subject) // 2 + 3 if fact.subject else 0)
