"""Fidelity of the builtin model: do the facts people ask about reach memory?

Generates long, casual, multi-session conversations between two or three people
(names, `ts`), with facts of every kind planted among small talk: events with a
relative time, relations, quantities, plans, preferences, possessions, identities
and jobs, and updates (a later value replacing an earlier one). Each kind has many
templates and many fillers, and each fact comes with the answer that must be found:
its key words, the speaker, and for events the date the relative time means (worked
out here, independently of memctl). Some facts are said twice, as people do. (A
question is written beside each fact for a reader; nothing here asks it: the score is
the answer words, not an answer to the question.)

Each session is appended with its times and speakers, flushed and consolidated with
builtin (the default budget), as a cron job would. Per kind it reports the share of
planted facts whose answer is in one ledger bullet (naming the speaker), the share in
MEMORY.md (a bullet, or a bullet under the speaker's heading), then the ledger's size
as a share of the conversation and the duplicates in MEMORY.md (a fact found in more
than one bullet), the ledger's precision (bullets that hold a fact said, against
everything else, which is small talk kept as a fact), and beside them the baseline of
keeping every sentence verbatim with its speaker. Then it times one flush of a
10,000-message thread.

The small talk is written here, by the hand that wrote the rules: the score is an upper
bound, not what a user's conversations get (bench/README.md).

With `--conversations PATH` it scores held-out conversations instead, written with their
gold facts per session and their questions by someone who never read memctl's code
(bench/data/heldout_conversations.txt): per flush block, precision and recall against that
session's gold facts (a content-word match, `overlap`), the ledger's size (split into its
block headings, bullets matching a gold fact and the rest, beside a floor: the headings and
the shortest matching bullet of each covered fact, and the gold facts' own size), and the share
of questions whose answer words are in MEMORY.md, each beside keeping everything; beside
the strict precision, a second score (`loose_match`). How honest either is, is measured
by hand: `--sample N --sample-out FILE` writes a seeded sample of scored bullets (half
strict-matched) with their gold facts for a person to label, and `--labels FILE` reads the
labels back: the hand-judged precision with a 95% interval and the agreement tables
(bench/data/fidelity_labels.md).

    python bench/fidelity.py [--conversations 3] [--sessions 12] [--speed 10000]
    python bench/fidelity.py --conversations bench/data/heldout_conversations.txt [--show-matches]
    python bench/fidelity.py --speed 0 --conversations bench/data/heldout9_conversations.txt \
        --sample 120 --seed 14 --sample-out FILE
    python bench/fidelity.py --labels bench/data/fidelity_labels_heldout9.jsonl
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from benchlib import Goal, chat_turn, machine, report, user_of, utc_workspace

from memctl.core.said import MONTHS

NAMES = ["Ana", "Ben", "Caroline", "Melanie", "Jon", "Priya", "Tomas", "Keiko", "Omar", "Lena"]
OTHERS = ["Mel", "Sam", "Rosa", "Theo", "Ivy", "Max", "Noor", "Eli", "June", "Ravi", "Zoe"]
RELATIONS = ["sister", "brother", "cousin", "best friend", "mom", "dad", "neighbor", "boss"]
PLACES = ["Boston", "Denver", "Lisbon", "Austin", "Seattle", "Toronto", "Berlin", "Portland"]
ORGS = ["Acme Health", "Northwind", "the city library", "Globex", "St. Mary's Hospital"]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

EVENTS = [
    ("went to a pottery class", "pottery class", "take a ceramics lesson"),
    ("ran a half marathon", "half marathon", "do a long race"),
    ("visited the science museum", "science museum", "go to a museum"),
    ("went to an LGBTQ support group", "support group", "attend a support meeting"),
    ("painted a sunrise over the lake", "sunrise", "paint a landscape"),
    ("took the kids to the zoo", "zoo", "go see animals with the children"),
    ("saw a jazz concert downtown", "jazz concert", "see live music"),
    ("hiked Mount Tam", "Mount Tam", "go hiking"),
    ("volunteered at the food bank", "food bank", "do volunteer work"),
    ("went camping by the river", "camping", "sleep outdoors"),
    ("started a book club", "book club", "start a reading group"),
    ("adopted a rescue cat", "rescue cat", "get a pet from a shelter"),
]
EVENT_FORMS = [
    "{When}, I {event}!",
    "Guess what, I {event} {when}.",
    "So {when} I finally {event} and it was amazing.",
    "I {event} {when} with a couple of friends.",
    "Oh, {when} I {event}, it was such a good day.",
    "Not much new, except that I {event} {when}.",
]
# (phrase, how to resolve it): day offset, "weekend", or "month"
WHENS = [
    ("yesterday", -1),
    ("two days ago", -2),
    ("last weekend", "weekend"),
    ("last Friday", "friday"),
    ("last month", "month"),
    ("three days ago", -3),
]
RELATION_FORMS = [
    "My {rel} {other} just moved in with me.",
    "I spent the whole day with my {rel} {other}.",
    "{other}, my {rel}, is visiting for the holidays.",
    "My {rel} {other} is the funniest person I know.",
    "I called my {rel} {other} for two hours.",
    "{other} is my {rel}, we talk every day.",
    "Have I told you about my {rel} {other}? Best person ever.",
]
QUANTITIES = [
    (
        "The partner API rate limit is {n} requests per minute, keep that in mind.",
        "requests per minute",
        (600, 2400),
    ),
    ("Our budget for the offsite is ${n}.", "offsite", (2000, 9000)),
    ("My commute is {n} minutes each way.", "commute", (15, 90)),
    ("I can deadlift {n} pounds now.", "deadlift", (100, 400)),
    ("The max upload size is {n} MB.", "upload size", (10, 500)),
    ("Our team is {n} people now.", "team", (4, 40)),
    ("I run {n} miles a week.", "miles", (5, 60)),
    ("The rent went up to ${n} a month.", "rent", (900, 4000)),
]
PLANS = [
    ("I'm going to learn Spanish", "Spanish"),
    ("I plan to run the Chicago marathon", "Chicago marathon"),
    ("I'm thinking about applying to nursing school", "nursing school"),
    ("we will repaint the kitchen", "kitchen"),
    ("I want to visit Japan", "Japan"),
    ("I'm going to start a vegetable garden", "vegetable garden"),
    ("I hope to finish my novel", "finish"),
]
PLAN_FORMS = [
    "{plan} next month.",
    "Next year {plan}.",
    "Honestly, {plan} this summer.",
    "{plan} soon, fingers crossed.",
]
PREFERENCES = [
    ("I love hiking in the mountains.", "hiking"),
    ("Thai food is my favorite.", "Thai food"),
    ("I really prefer tea over coffee.", "tea"),
    ("Nothing beats a rainy Sunday with a good mystery novel for me.", "rainy Sunday"),
    ("I can't stand horror movies.", "horror movies"),
    ("I'm a huge fan of board games.", "board games"),
    ("Jazz is the only music I listen to while working.", "only music"),
    ("I enjoy baking sourdough on weekends.", "sourdough"),
    ("Honestly? Climbing. Every single weekend, rain or shine.", "Climbing"),
]
POSSESSIONS = [
    ("I just bought a used Subaru.", "Subaru"),
    ("I have two cats named Luna and Oliver.", "Luna"),
    ("We got a new piano for the living room.", "piano"),
    ("My bike is a red Trek.", "Trek"),
    ("I finally own a house with a backyard.", "backyard"),
    ("I collect vintage vinyl records.", "vinyl"),
    ("Guess what I just bought. A used Vespa!", "Vespa"),
]
JOBS = [
    ("I work as a pediatric nurse at {org}.", "nurse"),
    ("I'm a software engineer at {org}.", "software engineer"),
    ("I've been a high school teacher for {n} years.", "teacher"),
    ("I just started a new job at {org}.", "new job at {org}"),
    ("I'm studying counseling at the community college.", "counseling"),
    ("I'm transgender, and proud of it.", "transgender"),
]
UPDATES = [("I live in {a}.", "I just moved to {b}!", "moved to")]

FILLER = [
    "That's awesome!",
    "Wow, I had no idea.",
    "Haha, same here.",
    "So true.",
    "Aww, that's so sweet!",
    "I'm so happy for you!",
    "That sounds like so much fun!",
    "How did that go?",
    "What made you decide that?",
    "Tell me more!",
    "Oh no, I'm sorry to hear that.",
    "You should totally go for it.",
    "Hey! Long time no see.",
    "Thanks for asking!",
    "Good morning!",
    "Take care, talk soon!",
    "I know what you mean.",
    "That makes sense.",
    "You're doing great.",
    "Let me know how it goes!",
    "Fingers crossed for you!",
    "It's been a crazy week honestly.",
    "Anyway, how have you been?",
    "That's a great idea.",
    "Sounds like a plan!",
    "Hope you have a great weekend!",
    "Thanks so much, that means a lot.",
    "How are the kids doing?",
    "Congrats, you deserve it!",
    "I was just thinking about you.",
    "Lol, classic.",
    "Yeah, totally agree.",
    "Have you tried it yet?",
    "Wish I could have been there.",
    "Oh wow, that's impressive.",
]


@dataclass
class Planted:
    kind: str
    speaker: str
    text: str
    question: str
    keys: list[str]
    absent: list[str] = field(default_factory=list)
    """Words that must no longer be in MEMORY.md (the old value of an update)."""


def resolve(when: object, day: date) -> str:
    """The answer a relative time gives, computed without memctl."""
    if isinstance(when, int):
        return (day + timedelta(days=when)).isoformat()
    if when == "weekend":
        return (day - timedelta(days=day.weekday() + 7) + timedelta(days=5)).isoformat()
    if when == "friday":
        back = (day.weekday() - 4) % 7 or 7
        return (day - timedelta(days=back)).isoformat()
    month = day.month - 1 or 12
    return f"{MONTHS[month - 1]} {day.year - (day.month == 1)}"


def plant(kind: str, speaker: str, day: date, rng: random.Random) -> Planted:
    if kind == "event":
        event, key, paraphrase = rng.choice(EVENTS)
        phrase, how = rng.choice(WHENS)
        form = rng.choice(EVENT_FORMS)
        text = form.format(event=event, when=phrase, When=phrase[0].upper() + phrase[1:])
        question = f"When did {speaker} {paraphrase}?"
        return Planted(kind, speaker, text, question, [key, resolve(how, day)])
    if kind == "relation":
        rel, other = rng.choice(RELATIONS), rng.choice(OTHERS)
        text = rng.choice(RELATION_FORMS).format(rel=rel, other=other)
        return Planted(kind, speaker, text, f"Who is {speaker}'s {rel}?", [rel, other])
    if kind == "quantity":
        form, key, (low, high) = rng.choice(QUANTITIES)
        n = rng.randint(low, high)
        number = f"{n:,}" if "$" in form else str(n)
        text = form.format(n=number)
        return Planted(kind, speaker, text, f"How much is {speaker}'s {key}?", [number, key])
    if kind == "plan":
        plan, key = rng.choice(PLANS)
        text = rng.choice(PLAN_FORMS).format(plan=plan)
        text = text[0].upper() + text[1:]
        return Planted(kind, speaker, text, f"What does {speaker} intend to do?", [key])
    if kind == "preference":
        text, key = rng.choice(PREFERENCES)
        return Planted(kind, speaker, text, f"What does {speaker} like or dislike?", [key])
    if kind == "possession":
        text, key = rng.choice(POSSESSIONS)
        return Planted(kind, speaker, text, f"What does {speaker} own?", [key])
    form, key = rng.choice(JOBS)
    org = rng.choice(ORGS)
    text = form.format(org=org, n=rng.randint(2, 20))
    return Planted("identity/job", speaker, text, f"What does {speaker} do?", [key.format(org=org)])


KINDS = ["event", "relation", "quantity", "plan", "preference", "possession", "identity/job"]


DATA = Path(__file__).parent / "data"


def small_talk(source: str) -> list[str]:
    """The filler lines: `ours` (FILLER above, by the hand that wrote the rules), or
    small talk written by others (bench/data/smalltalk-*.txt): `dev`, which a rule may
    be checked against, and `test`, never looked at, whose number is the one reported."""
    if source == "ours":
        return FILLER
    lines = (DATA / f"smalltalk-{source}.txt").read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")]


def conversation(
    seed: int, sessions: int, filler: list[str] | None = None
) -> tuple[list[list[dict]], list[Planted], list[Planted]]:
    """Sessions of messages (with name and ts), the facts planted in them that are scored,
    and every fact said (an earlier home city too: a bullet holding it is no junk)."""
    filler = filler or FILLER
    rng = random.Random(seed)
    people = rng.sample(NAMES, rng.choice([2, 2, 3]))
    day = datetime(2023, rng.randint(1, 6), rng.randint(1, 28), 9, 0, tzinfo=UTC)
    planted: list[Planted] = []
    said: list[Planted] = []
    out: list[list[dict]] = []
    homes = {person: rng.sample(PLACES, 2) for person in people}
    used: set[tuple[str, str]] = set()
    for number in range(sessions):
        # A session starts in the morning and ends the same day (the planted dates are
        # worked out from the session's day).
        day = (day + timedelta(days=rng.randint(2, 12))).replace(hour=9, minute=0) + timedelta(
            minutes=rng.randint(0, 120)
        )
        moment = day
        facts: list[Planted] = []
        while len(facts) < rng.randint(5, 8):
            speaker = rng.choice(people)
            fact = plant(rng.choice(KINDS), speaker, moment.date(), rng)
            # One speaker says one thing of a template once (twice is a repeat, below;
            # another value is an update): what is asked has one answer.
            topic = fact.keys[0] if fact.kind == "event" else fact.keys[-1]
            if (speaker, topic) not in used:
                used.add((speaker, topic))
                facts.append(fact)
        if number == 1:
            for person in people:
                old, _new = homes[person]
                # Said, not scored: the move below replaces it.
                facts.append(Planted("earlier", person, f"I live in {old}.", "", [old]))
        if number == sessions - 2:
            for person in people:
                old, new = homes[person]
                fact = Planted("update", person, f"I just moved to {new}!", "", [new], [old])
                fact.question = f"Where does {person} live now?"
                facts.append(fact)
        if planted and rng.random() < 0.5:
            again = rng.choice([p for p in planted if p.kind not in ("event", "update")])
            facts.append(Planted("repeat", again.speaker, again.text, "", again.keys))
        messages: list[dict] = []
        turn = 0
        pending = list(facts)
        rng.shuffle(pending)
        while pending or turn < 40:
            speaker = people[turn % len(people)]
            parts = rng.sample(filler, rng.randint(1, 3)) if rng.random() < 0.9 else []
            mine = next((p for p in pending if p.speaker == speaker), None)
            if mine is not None and rng.random() < 0.6:
                pending.remove(mine)
                parts.append(mine.text)
                if rng.random() < 0.4:
                    parts.append(rng.choice(filler))
            if not parts:
                parts = [rng.choice(filler)]
            role = "user" if speaker == people[0] else "assistant"
            moment += timedelta(minutes=rng.randint(1, 6))
            messages.append(
                {
                    "role": role,
                    "name": speaker,
                    "content": " ".join(parts),
                    "ts": moment.isoformat(),
                }
            )
            turn += 1
        out.append(messages)
        planted += [p for p in facts if p.kind not in ("repeat", "earlier")]
        said += facts
    return out, planted, said


def bullets_of(text: str) -> list[str]:
    """Each bullet with the `## heading` it stands under (a person's section names them)."""
    found, heading = [], ""
    for line in text.splitlines():
        if line.startswith("## ") and not line.startswith("## Memory "):
            heading = line[3:].strip()
        elif line.startswith("## "):
            heading = ""
        elif line.startswith("- "):
            found.append(f"{heading}: {line[2:]}".casefold())
    return found


def holds(fact: Planted, bullet: str) -> bool:
    """The bullet names the speaker and every key, each as whole words."""
    return all(
        re.search(rf"(?<!\w){re.escape(word.casefold())}(?!\w)", bullet)
        for word in [fact.speaker, *fact.keys]
    )


_SENTENCES = re.compile(r"(?<=[.!?])\s+")


def keep_everything(chats: list[list[dict]]) -> str:
    """The baseline a rule set must beat: every sentence said, verbatim, as a bullet
    with its speaker in front. It keeps every fact, and every bit of small talk."""
    lines = [
        f"- {message['name']}: {sentence}"
        for messages in chats
        for message in messages
        for sentence in _SENTENCES.split(message["content"])
        if sentence.strip()
    ]
    return "\n".join(lines) + "\n"


def precision(bullets: list[str], said: list[Planted]) -> tuple[int, int]:
    """(bullets holding a fact that was said, bullets): every other bullet is small talk
    kept as if it were a fact."""
    return sum(any(holds(fact, b) for fact in said) for b in bullets), len(bullets)


def run_conversation(
    seed: int, sessions: int, filler: list[str]
) -> tuple[list[Planted], list[Planted], str, str, str, int]:
    from memctl.core.threads import append_entries
    from memctl.models.resolve import resolve_model
    from memctl.pipeline.consolidate import consolidate
    from memctl.pipeline.flush import flush

    chats, planted, said_facts = conversation(seed, sessions, filler)
    with tempfile.TemporaryDirectory(prefix="memctl-bench-fidelity-") as scratch:
        ws, config = utc_workspace(Path(scratch) / "ws")
        root = ws.root
        model = resolve_model(ws, config.memory_model)
        for messages in chats:
            append_entries(ws, "chat", messages)
            flush(ws, config, model)
            consolidate(ws, config, model)
        ledger = "".join(p.read_text() for p in sorted((root / "memory").rglob("*.md")))
        memory = (root / "MEMORY.md").read_text()
    said = sum(len(m["content"]) for messages in chats for m in messages)
    return planted, said_facts, ledger, memory, keep_everything(chats), said


def speed(count: int) -> float:
    """Seconds for one builtin flush of a `count`-message thread."""
    from memctl.core.threads import append_entries
    from memctl.models.resolve import resolve_model
    from memctl.pipeline.flush import flush

    messages: list[dict] = []
    seed = 100
    while len(messages) < count:
        chats, _, _ = conversation(seed, 20)
        messages += [m for session in chats for m in session]
        seed += 1
    with tempfile.TemporaryDirectory(prefix="memctl-bench-fidelity-") as scratch:
        ws, config = utc_workspace(Path(scratch) / "ws")
        append_entries(ws, "big", messages[:count])
        model = resolve_model(ws, config.memory_model)
        started = time.perf_counter()
        flush(ws, config, model)
        return time.perf_counter() - started


# --- Held-out conversations (issue 25 item 1): written by someone who never read memctl's
# code, with their own gold facts per session and questions (bench/data/heldout_*.txt).

HELDOUT = DATA / "heldout_conversations.txt"


@dataclass
class Session:
    """One `--- DATE` block: its turns (speaker, text without the `[qN]` tags) and the
    gold facts its writer says were stated in it."""

    day: date
    turns: list[tuple[str, str]] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)


@dataclass
class Question:
    id: str
    split: str
    question: str
    answer: str


@dataclass
class HeldOut:
    id: str
    sessions: list[Session] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)

    def speakers(self) -> list[str]:
        """Speakers in the order they first speak (the first one is the `user`)."""
        seen: dict[str, None] = {}
        for session in self.sessions:
            for speaker, _ in session.turns:
                seen.setdefault(speaker, None)
        return list(seen)


_TAGS = re.compile(r"\s*\[\w+(?:\s*,\s*\w+)*\]\s*$")
_TURN = re.compile(r"^([A-Z][\w'. -]{0,40}?):\s+(.*)$")


def parse_conversations(text: str) -> list[HeldOut]:
    """The held-out file's format: `=== conv ID`, `--- YYYY-MM-DD` sessions, `Speaker:
    text [qN]` turns, `+ fact` gold facts of the session, `? qN dev|test | question |
    answer words`; `#` comments. A line that is none of these is an error: a scorer that
    silently skipped turns would score a different conversation."""
    convs: list[HeldOut] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("=== conv "):
            convs.append(HeldOut(line.removeprefix("=== conv ").strip()))
        elif line.startswith("--- "):
            convs[-1].sessions.append(Session(date.fromisoformat(line[4:].strip())))
        elif line.startswith("+ "):
            convs[-1].sessions[-1].facts.append(line[2:].strip())
        elif line.startswith("? "):
            head, question, answer = (part.strip() for part in line[2:].split("|", 2))
            qid, split = head.split()
            convs[-1].questions.append(Question(qid, split, question, answer))
        elif match := _TURN.match(line):
            content = _TAGS.sub("", match.group(2)).strip()
            convs[-1].sessions[-1].turns.append((match.group(1), content))
        else:
            raise ValueError(f"line {number}: not a turn, fact, question or header: {raw!r}")
    return convs


_MONTH_NUMBER = {name.casefold(): n for n, name in enumerate(MONTHS, 1)}
_MONTH_WORDS = "|".join(_MONTH_NUMBER) + "|" + "|".join(m[:3] for m in _MONTH_NUMBER)
_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_SPOKEN_DATE = re.compile(
    rf"\b({_MONTH_WORDS})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?\s+\d{{4}}\b)?", re.IGNORECASE
)
_ORDINAL = re.compile(r"(?<=\d)(?:st|nd|rd|th)\b")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")
_WORD = re.compile(r"[a-z0-9]+(?:[.'][a-z0-9]+)*%?")
# Function words, fillers, and relative-time words (a gold fact resolves "next friday" to
# a date; the phrase itself is not content). "may" is the month here, not a stop word.
_STOP_TEXT = """a an the and or but if of to in on at for with from by as into onto about over
    after before than then so too very just really also not no yes is are was were be been
    being am has have had do does did will would can could should might must shall
    today tonight yesterday tomorrow next last ago said
    it its this that these those there here what when where who whom whose why how which
    i me my mine you your yours he him his she her hers we us our ours they them their
    theirs myself yourself himself herself ourselves themselves lol haha omg oh ok okay
    yeah yep like get got gonna go going now still all some any up out one"""
STOP_WORDS = frozenset(_STOP_TEXT.split())


def _month_day(month: int, day: int) -> str:
    return f"{MONTHS[month - 1].casefold()} {day}"


def _canonical_dates(text: str) -> str:
    """Every date written as an ISO day or as "March 3rd" becomes `d0303` (month, day):
    the gold facts are ISO, people and bullets write either; the year is left out, as the
    answers leave it out."""

    def iso(match: re.Match[str]) -> str:
        return f"d{match.group(2)}{match.group(3)}"

    def spoken(match: re.Match[str]) -> str:
        month = _MONTH_NUMBER.get(match.group(1).casefold()) or next(
            n for name, n in _MONTH_NUMBER.items() if name.startswith(match.group(1).casefold())
        )
        return f"d{month:02d}{int(match.group(2)):02d}"

    return _SPOKEN_DATE.sub(spoken, _ISO.sub(iso, text))


def _stem(word: str) -> str:
    """A tiny suffix strip (no stemmer is installed): `moving`, `moved`, `moves`, `move`
    all become `mov`; `infections` becomes `infection`. Numbers and dates stay exact."""
    if not word.isalpha() or len(word) <= 3:
        return word
    for suffix, repl in (("ies", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            word = word[: len(word) - len(suffix)] + repl
            break
    return word[:-1] if word.endswith("e") and len(word) > 3 else word


# The second score's words (`spelled`): number words up to twenty and the tens are digits
# ("six weeks" is "6 weeks"), a number's unit is dropped ("11am", "28k", "3.1kg" are
# 11, 28, 3.1), and a word keeps its non-ASCII letters (the strict score splits "Gdańsk").
_ONES = """zero one two three four five six seven eight nine ten eleven twelve thirteen
    fourteen fifteen sixteen seventeen eighteen nineteen twenty"""
_TENS = "thirty forty fifty sixty seventy eighty ninety"
_NUMBER_WORDS = {word: str(n) for n, word in enumerate(_ONES.split())} | {
    word: str(10 * n) for n, word in enumerate(_TENS.split(), 3)
}
_UNIT = re.compile(r"^(\d+(?:\.\d+)?)(?:am|pm|k|kg|km|st|nd|rd|th)$")
_LETTERS = re.compile(r"[^\W_]+(?:[.'][^\W_]+)*%?")


def content_words(text: str, spelled: bool = False) -> set[str]:
    """Lower-cased words without stop words, possessive `'s` dropped, suffixes stripped,
    numbers without thousands separators, dates as `dMMDD`; `spelled` (the second score)
    also reads number words and units as numbers and keeps non-ASCII letters."""
    text = _THOUSANDS.sub("", _canonical_dates(text.casefold().replace("\u2019", "'")))
    words = set()
    for word in (_LETTERS if spelled else _WORD).findall(text):
        word = word.removesuffix("'s").rstrip(".")
        if spelled:
            word = _UNIT.sub(r"\1", _NUMBER_WORDS.get(word, word))
        if word and word not in STOP_WORDS:
            words.add(_stem(word))
    return words


def overlap(
    bullet: str, fact: str, names: set[str], spelled: bool = False
) -> tuple[set[str], bool]:
    """(shared content words, match). A bullet matches a gold fact when they share at
    least two content words besides the speakers' names (all of them, when the fact has
    only one: "Hal is 71."), and the shared words (names included) are at least half of
    the shorter side's content words: a bullet stating part of a fact matches it; one
    sharing the speaker's name and one common word does not. `spelled`: the second score's
    words (`content_words`)."""
    left, right = content_words(bullet, spelled), content_words(fact, spelled)
    shared = left & right
    wanted = min(2, len(right - names))
    good = (
        wanted > 0
        and len(shared - names) >= wanted
        and len(shared) >= 0.5 * min(len(left), len(right))
    )
    return shared, good


_DAY = re.compile(r"\bd(\d{2})\d{2}\b")
_MONTH = re.compile(rf"\b({'|'.join(_MONTH_NUMBER)})\b")
# A fact whose sentence opens with a person as its subject: a capitalised name followed by
# an auxiliary verb or "and" ("Humphrey is having...", "Caspian and Ottilie are...").
_SUBJECT = re.compile(r"^([A-Z][\w-]*) (?:is|was|are|were|has|had|will|would|can|could|got|and) ")


def _dates_agree(bullet: str, fact: str) -> bool:
    """False when both name a day and none is the same, or both name a month and none is
    the same ("April" against 2025-03-27): a bullet with a wrong date is not the fact."""
    left = _canonical_dates(bullet.casefold())
    right = _canonical_dates(fact.casefold())
    days = [set(re.findall(r"\bd\d{4}\b", text)) for text in (left, right)]
    if all(days) and not days[0] & days[1]:
        return False
    months = [
        {int(m) for m in _DAY.findall(text)} | {_MONTH_NUMBER[m] for m in _MONTH.findall(text)}
        for text in (left, right)
    ]
    return not (all(months) and not months[0] & months[1])


def _subject_named(bullet: str, fact: str) -> bool:
    """A fact about a named person (its subject, `_SUBJECT`) is stated only by a bullet
    that names them, as its speaker or in its text: "Caspian: Locum at a vet in Romsey" is
    not "Ottilie will start as a locum at a vet practice in Romsey"."""
    match = _SUBJECT.match(fact)
    if match is None or match.group(1).casefold() in STOP_WORDS:
        return True
    said = {word.casefold().removesuffix("'s") for word in re.findall(r"[\w']+", bullet)}
    return match.group(1).casefold() in said


def loose_match(bullet: str, facts: list[str], names: set[str]) -> bool:
    """The second score (beside the strict one, never the headline; judge14): `overlap` on
    words that read number words and units as numbers and keep non-ASCII letters, and
    then the pair must agree on dates (`_dates_agree`) and name the fact's subject
    (`_subject_named`). Measured against hand labels in bench/data/fidelity_labels_*.jsonl
    (bench/README.md)."""
    return any(
        overlap(bullet, fact, names, spelled=True)[1]
        and _dates_agree(bullet, fact)
        and _subject_named(bullet, fact)
        for fact in facts
    )


def answer_found(answer: str, memory: str) -> bool:
    """Every answer word is in `memory`, case-insensitively, as whole words: a date
    ("March 3", "March 3rd", or the ISO 2025-03-03 in memory) as one unit, numbers with or
    without thousands separators, "26th" as "26", a plural as its word ("wednesdays"); the
    answer's stop words ("end of March") are not asked."""
    text = _ORDINAL.sub("", _THOUSANDS.sub("", _canonical_dates(memory.casefold())))
    # A bare month ("October") or year ("2027") is found in an ISO date too.
    text += " " + " ".join(year for year, _, _ in _ISO.findall(memory))
    text += " " + " ".join(
        MONTHS[int(m.group(0)[1:3]) - 1].casefold() for m in re.finditer(r"\bd\d{4}\b", text)
    )
    wanted = _ORDINAL.sub("", _THOUSANDS.sub("", _canonical_dates(answer.casefold())))
    units = [w for w in wanted.split() if w.strip(".,") not in STOP_WORDS]
    return all(re.search(rf"(?<!\w){re.escape(unit.strip('.,'))}s?(?!\w)", text) for unit in units)


@dataclass
class Tally:
    """Counts of one side (memctl's ledger, or the keep-everything baseline)."""

    bullets: int = 0
    matched: int = 0
    facts: int = 0
    covered: int = 0
    chars: int = 0
    matched_chars: int = 0
    """Of `chars`, the bullets (`- ...` and newline) that match a gold fact."""
    floor_chars: int = 0
    """The shortest matching bullet of each covered fact, each bullet once: what the
    bullets would cost if the rules wrote nothing but one bullet a fact, as they word it."""

    def add(self, other: Tally) -> None:
        self.bullets += other.bullets
        self.matched += other.matched
        self.facts += other.facts
        self.covered += other.covered
        self.chars += other.chars
        self.matched_chars += other.matched_chars
        self.floor_chars += other.floor_chars

    def precision(self) -> float:
        return self.matched / max(1, self.bullets)

    def recall(self) -> float:
        return self.covered / max(1, self.facts)


Pair = tuple[str, str, set[str], bool]


def score_block(bullets: list[str], facts: list[str], names: set[str], pairs: list[Pair]) -> Tally:
    """Precision and recall of one flush block against its session's gold facts; each
    bullet's best pair (the fact sharing most words) goes to `pairs` for --show-matches."""
    tally = Tally(
        bullets=len(bullets), facts=len(facts), chars=sum(len(f"- {b}\n") for b in bullets)
    )
    shortest: dict[int, str] = {}  # a covered fact's shortest matching bullet
    for bullet in bullets:
        best: Pair | None = None
        hit = False
        for index, fact in enumerate(facts):
            shared, good = overlap(bullet, fact, names)
            if good and len(bullet) < len(shortest.get(index, bullet + " ")):
                shortest[index] = bullet
            hit = hit or good
            if best is None or (good, len(shared)) > (best[3], len(best[2])):
                best = (bullet, fact, shared, good)
        tally.matched += hit
        tally.matched_chars += len(f"- {bullet}\n") if hit else 0
        if best is not None:
            pairs.append(best)
    tally.covered = len(shortest)
    tally.floor_chars = sum(len(f"- {bullet}\n") for bullet in set(shortest.values()))
    return tally


def sentences(session: Session) -> list[str]:
    """The keep-everything baseline of one session: every sentence, with its speaker."""
    return [
        f"{speaker}: {sentence}"
        for speaker, text in session.turns
        for sentence in _SENTENCES.split(text)
        if sentence.strip()
    ]


def _ledger_chars(root: Path) -> int:
    return sum(len(p.read_text(encoding="utf-8")) for p in (root / "memory").rglob("*.md"))


def _heading_chars(root: Path) -> int:
    """The ledger's block headings (`## TIME · thread · entries · model · said`):
    provenance, one a flush, whatever the block holds; on short sessions they are a third
    of the ledger, so the size is printed with and without them."""
    return sum(
        len(line) + 1
        for path in (root / "memory").rglob("*.md")
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith("## ")
    )


def _ledger_bullets(root: Path) -> list[str]:
    return [
        line[2:]
        for path in sorted((root / "memory").rglob("*.md"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith("- ")
    ]


def run_heldout(
    path: Path,
    show_matches: bool,
    only: list[str] | None = None,
    show_junk: bool = False,
    sample: Sample | None = None,
) -> int:
    """Builtin over the held-out conversations: each session one thread (speaker as
    `name`, the session's date as each message's time), flush + consolidate after each,
    scored per flush block against that session's gold facts, beside keeping everything.
    `only` keeps the conversations of those ids (a dev half to work on, a test half to
    measure); `show_junk` prints each bullet matching no gold fact, beside its best one,
    and each gold fact no bullet of its block matches; `sample` writes a stratified
    random sample of the scored bullets for hand labelling (`--sample`)."""
    from collections import Counter

    from memctl.core.threads import append_entries
    from memctl.models.resolve import resolve_model
    from memctl.pipeline.consolidate import consolidate
    from memctl.pipeline.flush import flush

    convs = parse_conversations(path.read_text(encoding="utf-8"))
    if only is not None:
        unknown = sorted(set(only) - {conv.id for conv in convs})
        if unknown:
            raise SystemExit(f"--only: no conversation {', '.join(unknown)} in {path.name}")
        convs = [conv for conv in convs if conv.id in only]
    ours, base = Tally(), Tally()
    said_chars = headings = gold_chars = 0
    # questions; answered anywhere in MEMORY.md, in one of its lines; the same in baseline
    answered = {"dev": [0, 0, 0, 0, 0], "test": [0, 0, 0, 0, 0]}
    memory_sizes: list[str] = []
    pairs: list[Pair] = []
    scored: list[Scored] = []
    print(f"fidelity (held-out): {machine()}")
    print(
        f"{path.name}: {len(convs)} conversations ({', '.join(c.id for c in convs)}), "
        "builtin, default budget"
    )
    header = f"{'conv':<5}{'session':<12}{'facts':>6}{'bullets':>8}{'prec':>6}{'recall':>7}"
    print(f"{header}{'size':>6}   baseline: {'bullets':>7}{'prec':>6}{'recall':>7}{'size':>6}")
    for conv in convs:
        names = {name.casefold() for name in conv.speakers()}
        first = user_of(conv.speakers())
        with tempfile.TemporaryDirectory(prefix="memctl-bench-heldout-") as scratch:
            ws, config = utc_workspace(Path(scratch) / "ws")
            model = resolve_model(ws, config.memory_model)
            baseline_text = ""
            for number, session in enumerate(conv.sessions):
                start = datetime(
                    session.day.year, session.day.month, session.day.day, 9, tzinfo=UTC
                )
                messages = [
                    chat_turn(speaker, first, text, (start + timedelta(minutes=turn)).isoformat())
                    for turn, (speaker, text) in enumerate(session.turns)
                ]
                before = Counter(_ledger_bullets(ws.root))
                before_chars = _ledger_chars(ws.root)
                before_headings = _heading_chars(ws.root)
                append_entries(ws, f"{conv.id}-{number + 1}", messages)
                flush(ws, config, model)
                consolidate(ws, config, model)
                block = list((Counter(_ledger_bullets(ws.root)) - before).elements())
                kept = sentences(session)
                baseline_text += "".join(f"- {line}\n" for line in kept)
                size = sum(len(text) for _, text in session.turns)
                said_chars += size
                gold_chars += sum(len(f"- {fact}\n") for fact in session.facts)
                local: list[Pair] = []
                mine = score_block(block, session.facts, names, local)
                pairs += local
                scored += [
                    Scored(
                        path.stem,
                        conv.id,
                        session.day.isoformat(),
                        sorted(names),
                        bullet,
                        session.facts,
                        good,
                    )
                    for bullet, _, _, good in local
                ]
                if show_junk:
                    for bullet, fact, shared, good in local:
                        if not good:
                            print(f"junk: {bullet}\n    | {fact} | {' '.join(sorted(shared))}")
                    for fact in session.facts:
                        if not any(overlap(bullet, fact, names)[1] for bullet in block):
                            print(f"missed: {fact}")
                mine.chars = _ledger_chars(ws.root) - before_chars
                headings += _heading_chars(ws.root) - before_headings
                theirs = score_block(kept, session.facts, names, [])
                ours.add(mine)
                base.add(theirs)
                print(
                    f"{conv.id:<5}{session.day.isoformat():<12}{mine.facts:>6}{mine.bullets:>8}"
                    f"{mine.precision():>6.0%}{mine.recall():>7.0%}{mine.chars / size:>6.0%}"
                    f"   baseline: {theirs.bullets:>7}{theirs.precision():>6.0%}"
                    f"{theirs.recall():>7.0%}{theirs.chars / size:>6.0%}"
                )
            memory = (ws.root / "MEMORY.md").read_text(encoding="utf-8")
            memory_sizes.append(f"{conv.id} {len(memory):,}")
        for question in conv.questions:
            row = answered[question.split]
            row[0] += 1
            for column, text in ((1, memory), (3, baseline_text)):
                row[column] += answer_found(question.answer, text)
                row[column + 1] += any(
                    answer_found(question.answer, line) for line in text.splitlines()
                )
    print(
        f"{'all':<17}{ours.facts:>6}{ours.bullets:>8}{ours.precision():>6.0%}"
        f"{ours.recall():>7.0%}{ours.chars / said_chars:>6.0%}   baseline: {base.bullets:>7}"
        f"{base.precision():>6.0%}{base.recall():>7.0%}{base.chars / said_chars:>6.0%}"
    )
    print(
        f"precision: {ours.matched} of {ours.bullets} ledger bullets match a gold fact of their "
        f"session (baseline {base.matched} of {base.bullets})"
    )
    loose = sum(loose_match(s.bullet, s.facts, set(s.names)) for s in scored)
    print(
        f"second score (beside, not the headline): {loose} of {ours.bullets} ledger "
        f"bullets ({loose / max(1, ours.bullets):.0%}) match a gold fact, numbers spelled out, "
        "dates agreeing, its subject named"
    )
    print(
        f"recall: {ours.covered} of {ours.facts} gold facts covered by a bullet of their "
        f"session's block (baseline {base.covered})"
    )
    print(
        f"ledger size: {ours.chars:,} chars of ledger for {said_chars:,} chars said "
        f"(baseline {base.chars:,}); without the block headings {ours.chars - headings:,} "
        f"({(ours.chars - headings) / max(1, said_chars):.0%})"
    )
    unmatched = ours.chars - headings - ours.matched_chars

    def share(chars: int) -> str:
        return f"{chars:,} ({chars / max(1, said_chars):.1%})"

    print(
        f"ledger bytes: headings {share(headings)}, bullets matching a gold fact "
        f"{share(ours.matched_chars)}, the rest (bullets matching none, blank lines) "
        f"{share(unmatched)}; floor, the headings and the shortest matching bullet of each "
        f"covered fact: {share(headings + ours.floor_chars)}; the gold facts as written: "
        f"{share(gold_chars)}"
    )
    rates = {}
    print(f"MEMORY.md at the end, chars: {', '.join(memory_sizes)} (one workspace a conversation)")
    for split, (count, found, in_line, base_found, base_line) in answered.items():
        rates[split] = found / max(1, count)
        print(
            f"MEMORY.md answer rate ({split}): {found} of {count} questions "
            f"({rates[split]:.1%}; all in one line: {in_line / max(1, count):.1%}); "
            f"baseline, everything kept: {base_found / max(1, count):.1%} "
            f"(one line: {base_line / max(1, count):.1%})"
        )
    if show_matches:
        show(pairs)
    if sample is not None:
        sample.write(scored)
    return report(
        [
            Goal(
                "fidelity-heldout",
                "precision",
                f"{ours.precision():.0%}",
                ">= 60%",
                ours.precision() >= 0.6,
            ),
            Goal(
                "fidelity-heldout", "recall", f"{ours.recall():.0%}", ">= 60%", ours.recall() >= 0.6
            ),
            Goal(
                "fidelity-heldout",
                "ledger size / conversation",
                f"{ours.chars / said_chars:.0%}",
                "<= 25%",
                ours.chars / said_chars <= 0.25,
            ),
            Goal(
                "fidelity-heldout",
                "MEMORY.md answer rate (test)",
                f"{rates['test']:.1%}",
                ">= 25%",
                rates["test"] >= 0.25,
            ),
        ]
    )


def show(pairs: list[Pair]) -> None:
    """Ten random matched and ten random unmatched (bullet, best fact) pairs, so a reader
    can judge the scorer (seeded: the same run shows the same pairs)."""
    rng = random.Random(25)
    for label, good in (("matched", True), ("unmatched", False)):
        chosen = [p for p in pairs if p[3] is good]
        print(f"\n{label} pairs ({len(chosen)} in all, 10 shown): bullet | best gold fact | shared")
        for bullet, fact, shared, _ in rng.sample(chosen, min(10, len(chosen))):
            print(f"  {bullet}\n    | {fact}\n    | {' '.join(sorted(shared)) or '-'}")


# --- How honest is the strict score? (issue 25 item 1, judge14): a seeded, stratified
# sample of scored bullets for a person to label, and the labels read back.

LABELS = ("right", "true", "wrong")


@dataclass
class Scored:
    """One ledger bullet of a held-out run with its session's gold facts and the strict
    verdict (`overlap` against any of them)."""

    set: str
    conv: str
    session: str
    names: list[str]
    bullet: str
    facts: list[str]
    strict: bool


@dataclass
class Sample:
    """`--sample N --seed S --sample-out FILE`: N bullets, half strict-matched and half
    strict-unmatched (all of a side when it has fewer), drawn with `seed`, written as JSON
    lines after a `meta` line that keeps the run's counts (the strata's weights) and the
    commit of the builtin that wrote the bullets. Each line has an empty `label` for
    a person to fill (bench/data/fidelity_labels.md)."""

    count: int
    seed: int
    out: Path

    def draw(self, scored: list[Scored]) -> list[Scored]:
        rng = random.Random(self.seed)
        chosen: list[Scored] = []
        for good in (True, False):
            side = [s for s in scored if s.strict is good]
            chosen += rng.sample(side, min(len(side), self.count // 2))
        rng.shuffle(chosen)  # the labeller reads them in no telling order
        return chosen

    def write(self, scored: list[Scored]) -> None:
        import json
        import subprocess

        def git(*argv: str) -> str:
            return subprocess.run(
                ["git", *argv], cwd=Path(__file__).parent, capture_output=True, text=True
            ).stdout.strip()

        head = git("rev-parse", "--short=12", "HEAD") or "an unknown commit"
        changed = (
            " (memctl/ changed since)" if git("status", "--porcelain", "--", "../memctl") else ""
        )
        meta = {
            "meta": {
                "set": scored[0].set if scored else "",
                "bullets": len(scored),
                "matched": sum(s.strict for s in scored),
                "seed": self.seed,
                "builtin": f"builtin of memctl/ at {head}{changed}",
                "drawn": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
                "labelled_by": "",
                "rule": "bench/data/fidelity_labels.md",
            }
        }
        lines = [json.dumps(meta, ensure_ascii=False)]
        for item in self.draw(scored):
            record = {
                "set": item.set,
                "session": f"{item.conv} {item.session}",
                "names": item.names,
                "bullet": item.bullet,
                "facts": item.facts,
                "strict": item.strict,
                "label": "",
            }
            lines.append(json.dumps(record, ensure_ascii=False))
        self.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"sample: {len(lines) - 1} bullets written to {self.out} (seed {self.seed})")


def wilson(hits: float, n: float, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n <= 0:
        return 0.0, 1.0
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Judged:
    """A labels file read back: its meta line and its labelled records."""

    meta: dict[str, Any]
    records: list[dict[str, Any]]

    @classmethod
    def read(cls, path: Path) -> Judged:
        import json

        meta: dict[str, Any] = {}
        records = []
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            item = json.loads(line)
            if "meta" in item:
                meta = item["meta"]
            elif item.get("label") not in LABELS:
                raise SystemExit(
                    f"{path.name}:{number}: label {item.get('label')!r} not in {LABELS}"
                )
            else:
                records.append(item)
        if not meta or not records:
            raise SystemExit(f"{path.name}: no meta line or no labelled bullet")
        try:
            return cls(meta, records)
        except ValueError as error:
            raise SystemExit(f"{path.name}: {error}") from None

    def stratified(self, hit: Callable[[dict[str, Any]], bool]) -> tuple[float, float, float]:
        """The run's share of bullets for which `hit` holds, estimated from the sample's
        two strata weighted by their sizes W_h in the run (sum of W_h * p_h), with a 95%
        stratified Agresti-Coull interval: per stratum p~_h = (x_h + z^2/2) / (n_h + z^2),
        the interval sum W_h p~_h +- z * sqrt(sum W_h^2 p~_h (1 - p~_h) / (n_h + z^2)).
        A stratum whose sample is all right or all wrong still adds its variance, which
        a plug-in p_h (1 - p_h) would count as none; with one stratum it is the textbook
        Agresti-Coull interval. No finite-population correction: it only errs wide."""
        z = 1.96
        centre = estimate = variance = 0.0
        for good, weight in self.weights().items():
            if not weight:
                continue
            side = [r for r in self.records if r["strict"] is good]
            hits = sum(hit(r) for r in side)
            estimate += weight * hits / len(side)
            tilde = (hits + z * z / 2) / (len(side) + z * z)
            centre += weight * tilde
            variance += weight * weight * tilde * (1 - tilde) / (len(side) + z * z)
        half = z * variance**0.5
        return estimate, max(0.0, centre - half), min(1.0, centre + half)

    def weights(self) -> dict[bool, float]:
        """Each stratum's (strict-matched, strict-unmatched) share of the run's bullets."""
        total = int(str(self.meta["bullets"]))
        matched = int(str(self.meta["matched"]))
        return {True: matched / max(1, total), False: (total - matched) / max(1, total)}

    def __post_init__(self) -> None:
        """A stratum the run holds must be in the sample: without it the estimate would
        be the other stratum's share of the run alone, silently too low."""
        total, matched = int(str(self.meta["bullets"])), int(str(self.meta["matched"]))
        if not 0 <= matched <= total:
            raise ValueError(f"meta says {matched} of {total} bullets strict-matched")
        for good, weight in self.weights().items():
            if weight and not any(r["strict"] is good for r in self.records):
                side = "strict-matched" if good else "strict-unmatched"
                raise ValueError(f"no labelled {side} bullet, though the run holds {weight:.0%}")


def agreement(name: str, judged: Judged, says: Callable[[dict[str, Any]], bool]) -> None:
    """A score's verdicts against the hand labels (positive: `right`): the table and its
    precision, recall and agreement on the sample (half strict-matched, so not the run's
    mix), then the agreement and the score's precision weighted to the run's strata."""
    records = judged.records
    verdicts = [says(r) for r in records]
    print(f"  {name:<12}{'right':>7}{'true':>6}{'wrong':>7}")
    for said, row in ((True, "match"), (False, "no match")):
        counts = [
            sum(v is said and r["label"] == label for r, v in zip(records, verdicts, strict=True))
            for label in LABELS
        ]
        print(f"  {row:<12}{counts[0]:>7}{counts[1]:>6}{counts[2]:>7}")
    right = [r["label"] == "right" for r in records]
    hits = sum(v and h for v, h in zip(verdicts, right, strict=True))
    agree = sum(v is h for v, h in zip(verdicts, right, strict=True))
    print(
        f"  {name} vs hand, on the sample: precision {hits}/{sum(verdicts)} "
        f"({hits / max(1, sum(verdicts)):.0%}), recall {hits}/{sum(right)} "
        f"({hits / max(1, sum(right)):.0%}), agreement {agree}/{len(records)} "
        f"({agree / max(1, len(records)):.0%})"
    )
    agree_run, low, high = judged.stratified(lambda r: says(r) is (r["label"] == "right"))
    line = f"  {name}, weighted to the run: agreement {agree_run:.0%} (95% {low:.0%}-{high:.0%})"
    if name != "strict":  # the strict share is the run's own count, not an estimate
        share, share_low, share_high = judged.stratified(says)
        line += f"; precision it gives {share:.0%} (95% {share_low:.0%}-{share_high:.0%})"
    print(line)


def judge(paths: list[Path]) -> int:
    """`--labels FILE...`: per labels file, the run's strict precision beside the
    hand-judged one (stratified estimate, 95% Agresti-Coull interval), the agreement
    tables of the strict score and of the second score against the hand labels, and the
    second score's precision estimate. Nothing runs builtin: the bullets are in the file."""
    for path in paths:
        judged = Judged.read(path)
        meta, records = judged.meta, judged.records
        bullets, matched = int(str(meta["bullets"])), int(str(meta["matched"]))
        print(f"{path.name}: {meta['set']}, {meta['builtin']}, labelled by {meta['labelled_by']}")
        print(
            f"  strict precision of the run: {matched} of {bullets} ({matched / max(1, bullets):.0%});"
            f" sample: {sum(bool(r['strict']) for r in records)} strict-matched, "
            f"{sum(not r['strict'] for r in records)} strict-unmatched"
        )
        for good, side in ((True, "strict-matched"), (False, "strict-unmatched")):
            chosen = [r for r in records if r["strict"] is good]
            right = sum(r["label"] == "right" for r in chosen)
            low, high = wilson(right, len(chosen))
            print(
                f"  {side}: {right} of {len(chosen)} right by hand ({right / max(1, len(chosen)):.0%},"
                f" 95% {low:.0%}-{high:.0%})"
            )
        for label, hit in (
            ("hand-judged precision", lambda r: r["label"] == "right"),
            ("right or true-but-not-gold", lambda r: r["label"] in ("right", "true")),
        ):
            estimate, low, high = judged.stratified(hit)
            print(f"  {label}: {estimate:.0%} (95% {low:.0%}-{high:.0%})")
        agreement("strict", judged, lambda r: bool(r["strict"]))
        agreement("second", judged, lambda r: loose_match(r["bullet"], r["facts"], set(r["names"])))
    return 0


def conversations_arg(value: str) -> int | Path:
    """`--conversations 3` generates three; `--conversations PATH` reads a held-out file."""
    if value.isdigit():
        return int(value)
    path = Path(value)
    if not path.is_file():
        raise argparse.ArgumentTypeError(f"not a count nor a file: {value}")
    return path


def heldout_main(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """`--labels FILE...` (reads labels back, runs nothing), or `--conversations PATH`:
    the held-out run, with its sample for labelling if asked."""
    if args.labels:
        return judge(args.labels)
    sample = None
    if args.sample:
        if args.sample_out is None:
            parser.error("--sample needs --sample-out FILE")
        sample = Sample(args.sample, args.seed, args.sample_out)
    return run_heldout(args.conversations, args.show_matches, args.only, args.show_junk, sample)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--conversations",
        type=conversations_arg,
        default=3,
        metavar="N|PATH",
        help="how many generated conversations, or a held-out file to score instead "
        "(bench/data/heldout_conversations.txt)",
    )
    parser.add_argument(
        "--show-matches",
        action="store_true",
        help="with PATH: print 10 random matched and 10 unmatched bullet/fact pairs",
    )
    parser.add_argument("--sessions", type=int, default=12)
    parser.add_argument("--speed", type=int, default=10_000, help="messages in the timed flush")
    parser.add_argument("--show", action="store_true", help="print the last MEMORY.md")
    parser.add_argument(
        "--show-junk",
        action="store_true",
        help="print each ledger bullet holding no fact said, and each planted fact the "
        "ledger misses (use it on dev or ours; never on test); with PATH each bullet "
        "matching no gold fact and each gold fact missed (use it with --only on a dev "
        "half: h1-h6 or k1,k2; never on k3-k5)",
    )
    parser.add_argument(
        "--only",
        type=lambda value: [part.strip() for part in value.split(",") if part.strip()],
        metavar="ID,ID",
        help="with PATH: only these conversations (held-out: h1-h6 are all dev now; "
        "heldout3: k1,k2 the dev half, k3,k4,k5 the test half)",
    )
    parser.add_argument(
        "--small-talk",
        choices=["ours", "dev", "test"],
        default="test",
        help="filler written here (the rules know it) or by others (bench/data: dev, test)",
    )
    parser.add_argument(
        "--sample",
        type=int,
        metavar="N",
        help="with PATH: write N scored bullets (half strict-matched, half not) with their "
        "session's gold facts to --sample-out, for hand labelling",
    )
    parser.add_argument("--seed", type=int, default=14, help="with --sample: the draw's seed")
    parser.add_argument("--sample-out", type=Path, metavar="FILE", help="with --sample")
    parser.add_argument(
        "--labels",
        type=Path,
        nargs="+",
        metavar="FILE",
        help="read hand-labelled samples back (bench/data/fidelity_labels_*.jsonl): strict "
        "beside hand-judged precision, agreement tables; runs nothing else",
    )
    args = parser.parse_args()
    if args.labels or isinstance(args.conversations, Path):
        return heldout_main(parser, args)
    rows: dict[str, list[int]] = {}
    ledger_chars = said_chars = duplicates = 0
    base_chars = base_found = 0
    hits = [0, 0]  # ledger bullets holding a fact said, ledger bullets
    base_hits = [0, 0]
    memory = ""
    for seed in range(args.conversations):
        planted, said_facts, ledger, memory, baseline, said = run_conversation(
            seed, args.sessions, small_talk(args.small_talk)
        )
        ledger_bullets, memory_bullets = bullets_of(ledger), bullets_of(memory)
        base_bullets = bullets_of(baseline)
        ledger_chars += len(ledger)
        said_chars += said
        base_chars += len(baseline)
        base_found += sum(any(holds(f, b) for b in base_bullets) for f in planted)
        if args.show_junk:
            for bullet in ledger_bullets:
                if not any(holds(fact, bullet) for fact in said_facts):
                    print(f"junk: {bullet}")
            for fact in planted:
                if not any(holds(fact, b) for b in ledger_bullets):
                    print(f"missed: {fact.speaker}: {fact.text} {fact.keys}")
        for pair, bullets in ((hits, ledger_bullets), (base_hits, base_bullets)):
            good, count = precision(bullets, said_facts)
            pair[0] += good
            pair[1] += count
        for fact in planted:
            row = rows.setdefault(fact.kind, [0, 0, 0])
            row[0] += 1
            row[1] += any(holds(fact, b) for b in ledger_bullets)
            found = [b for b in memory_bullets if holds(fact, b)]
            # The old value of an update must be gone from the speaker's own bullets.
            theirs = [b for b in memory_bullets if b.startswith(f"{fact.speaker.casefold()}: ")]
            gone = not any(word.casefold() in b for b in theirs for word in fact.absent)
            row[2] += bool(found) and gone
        seen = set()
        for fact in planted:
            key = (fact.speaker, tuple(fact.keys))
            if key not in seen:
                seen.add(key)
                extra = max(0, sum(holds(fact, b) for b in memory_bullets) - 1)
                duplicates += extra
                if extra and args.show:
                    print("duplicate:", [b for b in memory_bullets if holds(fact, b)])
    print(f"fidelity: {machine()}")
    print(
        f"{args.conversations} conversations x {args.sessions} sessions, builtin, default "
        f"budget, small talk: {args.small_talk}"
    )
    print(f"{'kind':<14}{'planted':>8}{'ledger':>9}{'MEMORY.md':>11}")
    total = [0, 0, 0]
    for kind, (count, in_ledger, in_memory) in sorted(rows.items()):
        total = [total[0] + count, total[1] + in_ledger, total[2] + in_memory]
        print(f"{kind:<14}{count:>8}{in_ledger / count:>9.0%}{in_memory / count:>11.0%}")
    ledger_share = total[1] / total[0]
    memory_share = total[2] / total[0]
    size_share = ledger_chars / said_chars
    print(f"{'all':<14}{total[0]:>8}{ledger_share:>9.0%}{memory_share:>11.0%}")
    print(f"ledger size: {ledger_chars:,} chars for {said_chars:,} chars said ({size_share:.0%})")
    print(f"duplicates in MEMORY.md: {duplicates}")
    ledger_precision = hits[0] / max(1, hits[1])
    print(
        f"ledger precision: {hits[0]:,} of {hits[1]:,} bullets hold a fact said "
        f"({ledger_precision:.0%})"
    )
    print(
        f"baseline, every sentence kept verbatim with its speaker: ledger {base_found / total[0]:.0%}, "
        f"precision {base_hits[0] / max(1, base_hits[1]):.0%}, "
        f"size {base_chars / said_chars:.0%} of the conversation"
    )
    if args.show:
        print(memory)
    seconds = speed(args.speed) if args.speed else 0.0
    if args.speed:
        print(f"one builtin flush of {args.speed:,} messages: {seconds:.2f} s")
    goals = [
        Goal(
            "fidelity",
            "planted facts in the ledger",
            f"{ledger_share:.0%}",
            ">= 80%",
            ledger_share >= 0.8,
        ),
        Goal(
            "fidelity",
            "planted facts in MEMORY.md",
            f"{memory_share:.0%}",
            ">= 60%",
            memory_share >= 0.6,
        ),
        Goal(
            "fidelity",
            "ledger size / conversation",
            f"{size_share:.0%}",
            "<= 25%",
            size_share <= 0.25,
        ),
        Goal(
            "fidelity",
            "ledger precision (bullets holding a fact said)",
            f"{ledger_precision:.0%}",
            ">= 60%",
            ledger_precision >= 0.6,
        ),
        Goal("fidelity", "duplicates in MEMORY.md", str(duplicates), "0", duplicates == 0),
    ]
    if args.speed:
        goals.append(
            Goal(
                "fidelity",
                f"builtin flush of {args.speed:,} messages",
                f"{seconds:.2f} s",
                "< 5 s",
                seconds < 5,
            )
        )
    return report(goals)


if __name__ == "__main__":
    sys.exit(main())
