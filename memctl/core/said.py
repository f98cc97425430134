"""Who said a message and when: what makes a fact usable later.

A fact without its speaker ("I'm swamped with the kids") or its date ("yesterday")
cannot be used in a later conversation. Both come from the log: the speaker from the
message's `name` (OpenAI's multi-party field) or from a leading `Name:` in its text
(how transcripts of group chats are often written), the time from its `ts`.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
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
    return named


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


SPAN = re.compile(r" · said (\d{4}-\d{2}-\d{2})(?: to (\d{4}-\d{2}-\d{2}))?")
"""The span in a flush block's heading (see `span_text`), read back by consolidation."""

BLOCK_TIME = re.compile(r"^## Memory (?:Flush|Save) — (\d{4}-\d{2}-\d{2})")
"""The day a ledger block was written, when its heading gives no `said` span."""


_LEDGER_NAME = re.compile(r"(\d{4}-\d{2}-\d{2})\.md$")


def ledger_day(name: str) -> str | None:
    """The day a ledger's file name gives (`memory/2023-05-07.md`, ISO date): when its
    facts were written, for a block whose heading says nothing of when."""
    match = _LEDGER_NAME.search(name)
    return match[1] if match else None


LAST_SAID = re.compile(r" · last said (\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)")
"""The time a flush block's last entry was said (UTC, `last_said_text`): what orders two
blocks said the same day, flushed in another order (two threads, two machines)."""
_WRITTEN = re.compile(r"^## Memory (?:Flush|Save) — (\S+)")


def utc_text(moment: datetime) -> str:
    """`2026-12-05T00:20:00Z`: a time in UTC to the second (a naive one read as UTC)."""
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def last_said_text(moments: Iterable[datetime]) -> str | None:
    """` · last said 2026-12-05T00:20:00Z`: the latest of the times some entries were
    said, for a flush block's heading; None when none of them says when."""
    instants = [utc_text(moment) for moment in moments]
    return f" · last said {max(instants)}" if instants else None


def said_at(heading: str) -> str | None:
    """When a ledger block's facts were last said, to the second (UTC, `utc_text`): its
    `last said`, else, for a block whose heading gives no `said` span of other days, the
    time it was written (its entries carried no time: flushed is the latest they can
    have been said). None for an older heading with a span only: its day alone is known."""
    if last := LAST_SAID.search(heading):
        return last[1]
    if SPAN.search(heading):
        return None
    written = _WRITTEN.match(heading)
    if written is None:
        return None
    try:
        return utc_text(datetime.fromisoformat(written[1]))
    except ValueError:
        return None


SAID_KEY_FORMAT = 2
"""The version of what `said_key` returns: raise it whenever that changes (2: the UTC
instant when the heading gives one), so that what a cache keeps of it is read again
(`provenance.STATED_NAME`)."""


def said_key(heading: str) -> str | None:
    """What orders ledger blocks by when their facts were said: the UTC instant
    `said_at` when the heading gives one (`2026-12-05T00:20:00Z`), else the `said_day`
    (`2026-12-05`). One order, in UTC: a day is the local day of the machine that
    flushed, so two machines in other time zones would order by it wrongly (a value said
    two hours later, east of the other, on the day before). Compared as text, a block
    whose day alone is known (a ledger written before times were recorded) is the
    earliest of its day. None when the heading says neither."""
    day = said_day(heading)
    if day is None:
        return None
    return said_at(heading) or day


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


def said_day(heading: str) -> str | None:
    """The last day a ledger block's facts were said (ISO date): its `said` span's end,
    else the day the block was written (a flush of a log with no times), else None."""
    if span := SPAN.search(heading):
        return span[2] or span[1]
    written = BLOCK_TIME.match(heading)
    return written[1] if written else None
