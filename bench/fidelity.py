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

    python bench/fidelity.py [--conversations 3] [--sessions 12] [--speed 10000]
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from benchlib import Goal, machine, report, utc_workspace

from memctl.models.facts import MONTHS

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--conversations", type=int, default=3)
    parser.add_argument("--sessions", type=int, default=12)
    parser.add_argument("--speed", type=int, default=10_000, help="messages in the timed flush")
    parser.add_argument("--show", action="store_true", help="print the last MEMORY.md")
    parser.add_argument(
        "--small-talk",
        choices=["ours", "dev", "test"],
        default="test",
        help="filler written here (the rules know it) or by others (bench/data: dev, test)",
    )
    args = parser.parse_args()
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
