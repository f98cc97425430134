"""Who said a message and when: what makes a fact usable later.

A fact without its speaker ("I'm swamped with the kids") or its date ("yesterday")
cannot be used in a later conversation. Both come from the log: the speaker from the
message's `name` (OpenAI's multi-party field) or from a leading `Name:` in its text
(how transcripts of group chats are often written), the time from its `ts`.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
"""English month names, written here once for every module that reads or writes a date in
words (builtin's facts and summaries, recall's time questions). Not `calendar.month_name`:
that follows the process locale, and a memory file must read the same whatever machine
wrote it."""
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
"""Lower-cased, in `date.weekday()` order."""

_LEADING_NAME = re.compile(r"^\s*([A-Z][\w'’.-]{0,30}(?: [A-Z][\w'’.-]{0,30}){0,2}):[ \t]+(?=\S)")
LABELS = frozenset(
    [
        "note",
        "notes",
        "update",
        "edit",
        "ps",
        "tldr",
        "tl;dr",
        "warning",
        "error",
        "important",
        "reminder",
        "q",
        "a",
        "question",
        "answer",
        "tip",
        "fix",
        "example",
        "step",
        "summary",
        "todo",
        "fyi",
        "re",
        "subject",
        "from",
        "to",
        "cc",
        "bcc",
        "date",
        "time",
        "status",
        "result",
        "results",
        "output",
        "input",
        "source",
        "update",
        "caution",
        "hint",
        "info",
        "debug",
        "usage",
        "description",
        "title",
        "name",
        "context",
        "problem",
        "solution",
        "goal",
        "goals",
        "task",
        "action",
        "remember",
        "please",
        "attention",
        "decision",
        "decided",
        "agreed",
        "done",
        "fixed",
        "reason",
        "also",
        "and",
        "but",
        "so",
        "then",
        "next",
        "later",
        "today",
        "tomorrow",
        "yesterday",
        "now",
        "news",
        "bug",
        "issue",
        "idea",
        "plan",
        "rule",
        "policy",
        "conclusion",
        "correction",
        "reply",
        "response",
        "thanks",
        "warning",
        "headsup",
        "ok",
        "okay",
        "yes",
        "no",
        "hi",
        "hello",
        "hey",
        "dear",
        "why",
        "what",
        "how",
        "when",
        "where",
        "who",
    ]
)
"""Leading words that label a line rather than name its speaker (`Note: ...`)."""


AI_ASSISTANT = re.compile(
    r"(?i:(?:the\s+|an?\s+)?(?:ai\s+)?assistant|ai|bot|chat\s?bot|claude(?:[\s-]code)?|chatgpt|"
    r"gpt[\s-]?\d[\w.-]*|gemini|copilot|bard|codex|grok|le\s+chat|mistral|llama|perplexity)"
)
"""What an AI assistant is called as the speaker of a pasted conversation ("Claude:",
"ChatGPT:", "Assistant:"): the product or the role, a closed set; no person's name."""


def ai_assistant(name: str) -> bool:
    """Whether `name`, a message's speaker, is an AI assistant's (`AI_ASSISTANT`)."""
    return AI_ASSISTANT.fullmatch(name.strip()) is not None


def speaker_of(
    message: dict[str, Any], text: str, names: Collection[str] | None = None
) -> tuple[str | None, str]:
    """The message's speaker and its text without a leading `Name:` that named them.

    The `name` field wins; a leading `Name:` (one to three capitalised words that are
    not a label such as `Note:`) is taken only when there is no `name`. With `names`
    (what the conversation uses as names: `conversation_names`), the prefix must also be
    one of them, and not in capitals: "Noted: the TTL is 300 s" is a label, as
    consolidation reads a prefix (models/curate.py).
    """
    name = message.get("name")
    if isinstance(name, str) and name.strip():
        return name.strip(), text
    match = _LEADING_NAME.match(text)
    if match and match[1].casefold().replace(" ", "") not in LABELS:
        prefix = match[1]
        if names is None or (
            not prefix.isupper() and (prefix in names or prefix.split()[0] in names)
        ):
            return prefix, text[match.end() :]
    return None, text


def speaker_label(text: str) -> str | None:
    """The leading `Name:` of a fact line that names who said it (flush writes `- Dana:
    We deploy only on Tuesdays.` for what Dana said), with its colon; None for a label
    such as `Note:` or one in capitals (`QA:`). The label says who spoke, not what the
    fact is about."""
    match = _LEADING_NAME.match(text)
    if match is None or match[1].isupper() or match[1].casefold().replace(" ", "") in LABELS:
        return None
    return match[1] + ":"


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_FUNCTION = _words(
    """in on at of for from to with by about as into onto over under after before since
    until through during without within between among per via and or but nor so yet if
    than that which who whom whose the a an this these those its their our your my"""
)
"""Closed-class words: a capitalised word opening a sentence before one of them is no
name used as one ("Headline in the newsletter: ...", "Minutes of the retro: ...")."""
_NO_NAME = _FUNCTION | _words(
    """i we you he she it they me us him her them his hers ours yours theirs mine there
    here what when where why how"""
)
"""Words that are never a name, however they are written: capitalised as a sentence
opens with them ("Our office is in Leeds", "The staging database is db3", "We deploy on
Tuesdays"), before "'s" ("It's done"), or "I" after any word. Read as names, they made
`explain` require a turn to write them capitalised, and pass over the one that said "FYI
our office is in Leeds" (audit 19 #6)."""
_MID_NAME = re.compile(r"(?<=[a-z0-9,;] )([A-Z][\w-]*)")
_POSSESSIVE = re.compile(r"\b([A-Z][\w-]*)'s\b")
_OPENING = re.compile(r"^([A-Z][\w-]*) ([a-z][\w'-]*)")
USER_NAME = re.compile(r"^The user's name is (?P<name>[A-Z][\w-]+)\.?$")
_HEADING = re.compile(r"^## +(?P<name>\S.*?)\s*$", re.M)


def names_used(texts: Iterable[str]) -> set[str]:
    """The capitalised words `texts` use as names: after a lower-case word ("ask Dana"),
    as a possessive ("Dana's team"), as a sentence's subject ("Dana leads payments"),
    or as the user's name. A leading `Name:` of a text is left out: a prefix is a
    speaker only where a name is used as one elsewhere (`speaker_of`)."""
    named: set[str] = set()
    for text in texts:
        if (match := _LEADING_NAME.match(text)) is not None:
            text = text[match.end() :]
        if user := USER_NAME.match(text):
            named.add(user["name"])
        named.update(_MID_NAME.findall(text))
        named.update(_POSSESSIVE.findall(text))
        if (opening := _OPENING.match(text)) and opening[2] not in _FUNCTION:
            named.add(opening[1])
    return {name for name in named if name.casefold() not in _NO_NAME}


def conversation_names(
    entries: Iterable[dict[str, Any]], said: Iterable[tuple[str, str]], memory: str = ""
) -> set[str]:
    """What a conversation uses as names: its messages' `name` fields, the names its
    texts use (`names_used`; `said`: the role and text of each user and assistant
    message), the speakers of a pasted group chat (`group_speakers`), and the headings
    and names of MEMORY.md (`memory`)."""
    named = {
        name.strip()
        for entry in entries
        if isinstance(name := entry.get("name"), str) and name.strip()
    }
    named |= {match["name"] for match in _HEADING.finditer(memory)}
    said = list(said)
    named |= group_speakers(text for role, text in said if role == "user")
    texts = [text for _, text in said]
    return named | names_used([*texts, *(line.lstrip("-*+ ") for line in memory.splitlines())])


def group_speakers(texts: Iterable[str]) -> set[str]:
    """The `Name:` prefixes of a pasted group chat: where the prefixes opening the
    user's messages take turns, one of them opening several messages ("Priya: ...",
    "Marco: ...", "Priya: ...") or three different ones each opening one, every such
    prefix is a speaker, though nothing else in the conversation names it. A label
    (`LABELS`, or in capitals: "QA:") is none, nor are prefixes that share their first
    word ("Option A:", "Option B:", "Option C:" enumerate); one `Background:` is a
    heading, not a turn, and an assistant's "Noted:" is not the user's to count."""
    prefixes = [
        match[1]
        for text in texts
        if (match := _LEADING_NAME.match(text)) is not None
        and match[1].casefold().replace(" ", "") not in LABELS
        and not match[1].isupper()
    ]
    # Prefixes that differ after one first word enumerate ("Option A:", "Option B:").
    firsts = [prefix.split()[0] for prefix in set(prefixes)]
    prefixes = [prefix for prefix in prefixes if firsts.count(prefix.split()[0]) == 1]
    distinct = set(prefixes)
    return distinct if len(prefixes) > len(distinct) or len(distinct) >= 3 else set()


def when(message: dict[str, Any]) -> datetime | None:
    """The message's `ts` as a time in its own offset (the speaker's day), or None."""
    value = message.get("ts")
    if not isinstance(value, str):
        return None
    from dateutil.parser import isoparse

    try:
        return isoparse(value)
    except (ValueError, OverflowError):
        return None


def minute(moment: datetime) -> str:
    """`2023-05-08 13:56`: to the minute, as the flush request shows it."""
    return moment.strftime("%Y-%m-%d %H:%M")


def span_text(days: list[date]) -> str | None:
    """`2023-05-07` or `2023-05-07 to 2023-05-09`: the days some entries were said."""
    if not days:
        return None
    first, last = min(days), max(days)
    return first.isoformat() if first == last else f"{first.isoformat()} to {last.isoformat()}"


_DAY = r"\d{4}-\d{2}-\d{2}"
_CLOCK = r"\d{2}:\d{2}:\d{2}"
_INSTANT = rf"{_DAY}T{_CLOCK}Z"
_ZONE = r"Z|[+-]\d{2}:\d{2}"
FLUSH_HEADING = re.compile(
    rf"^## (?P<clock>{_CLOCK})(?P<zone>{_ZONE}) · (?P<thread>[A-Za-z0-9._-]+) · "
    r"(?P<first>\d+)(?:-(?P<last>\d+))?(?: part \d+/\d+)? · \S"
)
"""A flush block's heading (`flush_heading`): `## 21:21:23Z · t1 · 0-1 · builtin`, then
when its entries were said (`said_text`). Its time is on the ledger's own day (the file
name, which sync and archive keep), in the offset of the machine that flushed."""
_SAID = re.compile(
    rf" · said (?:(?P<clock>{_CLOCK})(?P<zone>{_ZONE})|(?P<first>{_DAY})(?: to (?P<end>{_DAY}))?"
    rf"(?:T(?P<at>{_CLOCK})Z)?)(?: · last (?P<last>{_INSTANT}))?"
)
OLD_FLUSH_HEADING = re.compile(
    r"^## Memory Flush — (?P<at>\S+)(?: · thread (?P<thread>\S+)"
    r"(?: · entr(?:y|ies) (?P<first>\d+)(?:-(?P<last>\d+))?)?)?"
)
"""The heading an older memctl wrote (`## Memory Flush — 2026-12-05T21:21:23+00:00 · thread
t1 · entries 0-1 · builtin · said 2025-04-01 · last said 2025-04-01T09:01:00Z`): its
ledgers are read as ever, and no heading is written so any more."""
_OLD_SPAN = re.compile(rf" · said ({_DAY})(?: to ({_DAY}))?")
_OLD_LAST_SAID = re.compile(rf" · last said ({_INSTANT})")
SAVE_HEADING = re.compile(r"^## Memory Save — (?P<at>\S+)")


@dataclass(frozen=True)
class BlockHeading:
    """What a ledger block's heading says, in whichever form memctl wrote it."""

    kind: str
    """`flush` or `save`."""
    at: str | None
    """When the block was written (ISO, with its offset); None when the heading's time
    is on the ledger's day and that day is not known."""
    day: str | None
    """The day it was written (ISO date, the writer's own day)."""
    thread: str | None = None
    entries: tuple[int, int] | None = None
    """The log entries (first, last) a flush block accounts for."""
    span: tuple[str, str] | None = None
    """The first and last day its entries were said (their own days), when the heading
    says them."""
    last_said: str | None = None
    """When its last entry was said (UTC, `utc_text`), when the heading says it."""


def read_heading(line: str, day: str | None = None) -> BlockHeading | None:
    """A flush or save block's heading, in the form of today (`flush_heading`) or of an
    older memctl (`OLD_FLUSH_HEADING`), or None (a heading written by hand). `day`: the
    ledger's day (`ledger_day` of its name), which a heading of today's form does not
    repeat."""
    if saved := SAVE_HEADING.match(line):
        return BlockHeading("save", saved["at"], _day_of(saved["at"]))
    if old := OLD_FLUSH_HEADING.match(line):
        old_span = _OLD_SPAN.search(line)
        old_last = _OLD_LAST_SAID.search(line)
        return BlockHeading(
            "flush",
            old["at"],
            _day_of(old["at"]),
            old["thread"],
            (int(old["first"]), int(old["last"] or old["first"])) if old["first"] else None,
            (old_span[1], old_span[2] or old_span[1]) if old_span else None,
            old_last[1] if old_last else None,
        )
    flushed = FLUSH_HEADING.match(line)
    if flushed is None:
        return None
    at = _on_day(day, flushed["clock"], flushed["zone"])
    said = _SAID.search(line)
    span: tuple[str, str] | None = None
    last_said: str | None = None
    if said is not None and said["clock"]:
        said_on_day = _on_day(day, said["clock"], said["zone"])
        last_said = utc_text(datetime.fromisoformat(said_on_day)) if said_on_day else None
    elif said is not None:
        span = (said["first"], said["end"] or said["first"])
        last_said = said["last"] or (f"{span[1]}T{said['at']}Z" if said["at"] else None)
    return BlockHeading(
        "flush",
        at,
        day,
        flushed["thread"],
        (int(flushed["first"]), int(flushed["last"] or flushed["first"])),
        span,
        last_said,
    )


def _on_day(day: str | None, clock: str, zone: str) -> str | None:
    """`2026-12-05T21:21:23+00:00`: a heading's time on its ledger's day (None: unknown)."""
    return None if day is None else f"{day}T{clock}{'+00:00' if zone == 'Z' else zone}"


def _day_of(stamp: str) -> str | None:
    """The ISO day an ISO stamp starts with (an older heading's, a save's), else None."""
    return stamp[:10] if re.match(_DAY, stamp) else None


def flush_heading(written: datetime, thread: str, entries: str, model: str, said: str = "") -> str:
    """`## 21:21:23Z · t1 · 0-1 · builtin`: a flush block's heading, its time on the
    ledger's day (the block goes into the ledger of `written`'s day), `Z` for UTC, then
    the thread, the log entries (`3-7`, `3-7 part 1/2`, or `5 part 2/3` for a piece of an
    entry that does not end it) and the model; `said`: `said_text`. Half an older
    heading's length (`OLD_FLUSH_HEADING`): on short sessions those were a quarter of the
    ledger, and a reader learns nothing more from the words and the repeated date."""
    clock = written.isoformat(timespec="seconds")[11:]
    return f"## {clock.replace('+00:00', 'Z')} · {thread} · {entries} · {model}{said}"


def said_text(moments: Iterable[datetime], written: datetime) -> str:
    """When a flush block's entries were said, for its heading (`moments`: the times
    its entries give, each in its speaker's offset; `written`: the flush's time), only
    what the block's day and time do not already say:

    - nothing when no entry has a time, or all were said on the flush's day and the
      last one at the flush's second (the block's own time then says it);
    - ` · said 21:20:05Z`: the last one's time on the flush's day, in the flush's offset
      (`Z`: UTC), when they were all said that day;
    - ` · said 2025-04-01T09:01:00Z`, ` · said 2025-03-31 to 2025-04-01T09:01:00Z`: the
      days they were said (each in its speaker's own day) and the last one's UTC time,
      when that is on the span's last day;
    - ` · said 2025-03-31 to 2025-04-01 · last 2025-04-02T03:00:00Z` otherwise."""
    moments = list(moments)
    if not moments:
        return ""
    last_text = max(utc_text(moment) for moment in moments)
    day = written.date()
    days = [moment.date() for moment in moments]
    if set(days) == {day}:
        if last_text == utc_text(written):
            return ""
        last = datetime.fromisoformat(last_text.replace("Z", "+00:00"))
        local = last.astimezone(written.tzinfo or UTC).isoformat(timespec="seconds")
        if local[:10] == day.isoformat():
            return f" · said {local[11:].replace('+00:00', 'Z')}"
    span = span_text(days) or ""
    if last_text[:10] == max(days).isoformat():
        return f" · said {span}{last_text[10:]}"
    return f" · said {span} · last {last_text}"


_LEDGER_NAME = re.compile(r"(\d{4}-\d{2}-\d{2})\.md$")


def ledger_day(name: str) -> str | None:
    """The day a ledger's file name gives (`memory/2023-05-07.md`, ISO date): when its
    facts were written, for a block whose heading says nothing of when, and the day a
    heading of today's form gives the time of."""
    match = _LEDGER_NAME.search(name)
    return match[1] if match else None


def utc_text(moment: datetime) -> str:
    """`2026-12-05T00:20:00Z`: a time in UTC to the second (a naive one read as UTC)."""
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def said_at(heading: str, day: str | None = None) -> str | None:
    """When a ledger block's facts were last said, to the second (UTC, `utc_text`): its
    last said time, else, for a block whose heading gives no `said` span of other days,
    the time it was written (its entries carried no time, or the last was said at the
    flush's second: flushed is the latest they can have been said). None for an older
    heading with a span only: its day alone is known. `day`: the ledger's (`read_heading`)."""
    read = read_heading(heading, day)
    if read is None:
        return None
    if read.last_said:
        return read.last_said
    if read.span or read.at is None:
        return None
    try:
        return utc_text(datetime.fromisoformat(read.at))
    except ValueError:
        return None


SAID_KEY_FORMAT = 2
"""The version of what `said_key` returns: raise it whenever that changes (2: the UTC
instant when the heading gives one), so that what a cache keeps of it is read again
(`provenance.STATED_NAME`)."""


def said_key(heading: str, day: str | None = None) -> str | None:
    """What orders ledger blocks by when their facts were said: the UTC instant
    `said_at` when the heading gives one (`2026-12-05T00:20:00Z`), else the `said_day`
    (`2026-12-05`). One order, in UTC: a day is the local day of the machine that
    flushed, so two machines in other time zones would order by it wrongly (a value said
    two hours later, east of the other, on the day before). Compared as text, a block
    whose day alone is known (a ledger written before times were recorded) is the
    earliest of its day. None when the heading says neither. `day`: the ledger's
    (`read_heading`)."""
    said = said_day(heading, day)
    if said is None:
        return None
    return said_at(heading, day) or said


def key_parts(key: str | None) -> tuple[str | None, str]:
    """A `said_key`'s day (of the instant, in UTC, when it has one) and time ("" when
    only the day is known)."""
    if not key:
        return None, ""
    return (key[:10], key) if "T" in key else (key, "")


def key_time(key: str) -> datetime:
    """A `said_key` as a time: its UTC instant, or, for a day alone, noon that day (local
    time, naive): the middle of a day said at some hour unknown."""
    if "T" in key:
        return datetime.fromisoformat(key.replace("Z", "+00:00"))
    return datetime.fromisoformat(key).replace(hour=12)


def said_day(heading: str, day: str | None = None) -> str | None:
    """The last day a ledger block's facts were said (ISO date): its `said` span's end,
    else the day the block was written (a flush of a log with no times, or of a day's
    own), else None. `day`: the ledger's (`read_heading`)."""
    read = read_heading(heading, day)
    if read is None:
        return None
    return read.span[1] if read.span else read.day
