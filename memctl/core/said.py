"""Who said a message and when: what makes a fact usable later.

A fact without its speaker ("I'm swamped with the kids") or its date ("yesterday")
cannot be used in a later conversation. Both come from the log: the speaker from the
message's `name` (OpenAI's multi-party field) or from a leading `Name:` in its text
(how transcripts of group chats are often written), the time from its `ts`.
"""

from __future__ import annotations

import re
from datetime import date, datetime
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


def speaker_of(message: dict[str, Any], text: str) -> tuple[str | None, str]:
    """The message's speaker and its text without a leading `Name:` that named them.

    The `name` field wins; a leading `Name:` (one to three capitalised words that are
    not a label such as `Note:`) is taken only when there is no `name`.
    """
    name = message.get("name")
    if isinstance(name, str) and name.strip():
        return name.strip(), text
    match = _LEADING_NAME.match(text)
    if match and match[1].casefold().replace(" ", "") not in LABELS:
        return match[1], text[match.end() :]
    return None, text


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


def said_day(heading: str) -> str | None:
    """The last day a ledger block's facts were said (ISO date): its `said` span's end,
    else the day the block was written (a flush of a log with no times), else None."""
    if span := SPAN.search(heading):
        return span[2] or span[1]
    written = BLOCK_TIME.match(heading)
    return written[1] if written else None
