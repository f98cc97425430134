"""A flush block's shorter heading (issue 25 item 1), read as the older one was.

The heading of today (`## 21:21:23Z · t1 · 0-1 · builtin · said ...`) leaves out what its
ledger's name and its own time already say. For every case of when entries were said,
it must give every reader what the older heading (`## Memory Flush — ... · last said ...`)
gave: the same time written, thread, entries, said day and said key."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from memctl.core.forgotten import Tombstone
from memctl.core.said import (
    flush_heading,
    read_heading,
    said_at,
    said_day,
    said_key,
    said_text,
    span_text,
    utc_text,
)
from memctl.core.workspace import Workspace
from memctl.models.curate import merge
from memctl.models.held import held_back
from memctl.pipeline.consolidate import by_day
from memctl.retrieval.recall import Candidate, RecallHit, newest_first

TOKYO = timezone(timedelta(hours=9))
NEW_YORK = timezone(timedelta(hours=-5))


def older_heading(written: datetime, moments: list[datetime]) -> str:
    """The heading memctl wrote before the change, for the same block (its `_span`)."""
    heading = f"## Memory Flush — {written.isoformat(timespec='seconds')} · thread t1 · entries 0-1 · builtin"
    if not moments:
        return heading
    days = [moment.date() for moment in moments]
    last = f" · last said {max(utc_text(moment) for moment in moments)}"
    if set(days) == {written.date()}:
        return heading + last
    return heading + f" · said {span_text(days)}" + last


CASES = {
    # name: (the flush's time, the entries' times, the heading's `said` part)
    "no times": (datetime(2026, 12, 5, 21, 21, 23, tzinfo=UTC), [], ""),
    "said at the flush's second": (
        datetime(2026, 12, 5, 21, 21, 23, tzinfo=UTC),
        [datetime(2026, 12, 5, 21, 20, tzinfo=UTC), datetime(2026, 12, 5, 21, 21, 23, tzinfo=UTC)],
        "",
    ),
    "said earlier that day": (
        datetime(2026, 12, 5, 21, 21, 23, tzinfo=UTC),
        [datetime(2026, 12, 5, 9, 1, tzinfo=UTC)],
        " · said 09:01:00Z",
    ),
    "said on another day": (
        datetime(2026, 12, 5, 21, 21, 23, tzinfo=UTC),
        [datetime(2025, 4, 1, 9, 0, tzinfo=UTC), datetime(2025, 4, 1, 9, 1, tzinfo=UTC)],
        " · said 2025-04-01T09:01:00Z",
    ),
    "said over days": (
        datetime(2026, 12, 5, 21, 21, 23, tzinfo=UTC),
        [datetime(2023, 5, 8, 13, 56, tzinfo=UTC), datetime(2023, 5, 20, 9, 5, tzinfo=UTC)],
        " · said 2023-05-08 to 2023-05-20T09:05:00Z",
    ),
    # The speaker's evening in New York is the next day in UTC.
    "said on a day whose last time is on the next UTC day": (
        datetime(2026, 12, 5, 21, 21, 23, tzinfo=UTC),
        [datetime(2026, 11, 30, 22, 0, tzinfo=NEW_YORK)],
        " · said 2026-11-30 · last 2026-12-01T03:00:00Z",
    ),
    # Flushed in Tokyo in the morning: said that local day, on the UTC day before.
    "said the flush's day, in UTC the day before": (
        datetime(2026, 12, 5, 8, 0, 0, tzinfo=TOKYO),
        [datetime(2026, 12, 5, 7, 30, tzinfo=TOKYO)],
        " · said 07:30:00+09:00",
    ),
    # Said on the 6th in New York: already the 7th in Tokyo, where it is flushed.
    "said the day before the flush's, the flush's day in its offset": (
        datetime(2026, 12, 7, 1, 0, 0, tzinfo=TOKYO),
        [datetime(2026, 12, 6, 10, 30, tzinfo=NEW_YORK)],
        " · said 2026-12-06T15:30:00Z",
    ),
    "a log without offsets (read as UTC)": (
        datetime(2026, 12, 5, 21, 21, 23, tzinfo=UTC),
        [datetime(2026, 12, 1, 9, 0)],
        " · said 2026-12-01T09:00:00Z",
    ),
}


@pytest.mark.parametrize("name", CASES)
def test_the_short_heading_says_what_the_older_one_said(name: str) -> None:
    written, moments, said = CASES[name]
    new = flush_heading(written, "t1", "0-1", "builtin", said_text(moments, written))
    old = older_heading(written, moments)
    day = written.date().isoformat()
    clock = written.isoformat(timespec="seconds")[11:].replace("+00:00", "Z")
    assert new == f"## {clock} · t1 · 0-1 · builtin{said}"
    assert len(new) < len(old) - 40
    assert said_key(new, day) == said_key(old)
    assert said_day(new, day) == said_day(old)
    assert said_at(new, day) == said_at(old)
    read, was = read_heading(new, day), read_heading(old)
    assert read is not None and was is not None
    assert (read.kind, read.thread, read.entries, read.day) == ("flush", "t1", (0, 1), day)
    assert (was.kind, was.thread, was.entries, was.day) == ("flush", "t1", (0, 1), day)
    assert read.at is not None and was.at is not None
    assert datetime.fromisoformat(read.at) == datetime.fromisoformat(was.at) == written


def test_a_time_said_on_the_flush_s_day_only_in_the_speaker_s_offset_keeps_its_utc_day() -> None:
    """A Tokyo speaker's morning flushed in UTC: the speaker's day is the flush's, the time
    is on the UTC day before it. Said as a time of day, it would be read on the flush's day,
    24 hours late (review 28: `said_text`'s same-local-day check untested)."""
    written = datetime(2026, 12, 5, 14, 0, 0, tzinfo=UTC)
    moments = [datetime(2026, 12, 5, 0, 30, tzinfo=TOKYO)]
    new = flush_heading(written, "t1", "0-1", "builtin", said_text(moments, written))
    assert new.endswith(" · said 2026-12-05 · last 2026-12-04T15:30:00Z")
    old = older_heading(written, moments)
    assert said_key(new, "2026-12-05") == said_key(old)
    assert said_at(new, "2026-12-05") == said_at(old)


def test_a_heading_of_today_names_parts_and_leaves_hand_headings_alone() -> None:
    part = read_heading("## 07:00:00-05:00 · chat · 4 part 1/3 · openai/gpt-4o-mini", "2026-12-05")
    assert part is not None and part.entries == (4, 4) and part.thread == "chat"
    assert part.at == "2026-12-05T07:00:00-05:00"
    cut = read_heading("## 07:00:00Z · chat · 3-7 part 2/2 · builtin", "2026-12-05")
    assert cut is not None and cut.entries == (3, 7)
    saved = read_heading("## Memory Save — 2026-12-05T10:00:00+00:00", "2026-12-05")
    assert saved is not None and saved.kind == "save" and saved.thread is None
    for hand in ("## Notes", "## 2027 plans · ideas", "## 10:00 standup", "## Dana"):
        assert read_heading(hand, "2026-12-05") is None
        assert said_key(hand, "2026-12-05") is None


def test_without_its_ledger_s_day_a_short_heading_gives_what_it_says_itself() -> None:
    """A span names its days; a time on the ledger's day needs the day."""
    assert said_key("## 21:21:23Z · t1 · 0-1 · builtin · said 2025-04-01T09:01:00Z") == (
        "2025-04-01T09:01:00Z"
    )
    assert said_key("## 21:21:23Z · t1 · 0-1 · builtin · said 09:01:00Z") is None
    assert said_key("## 21:21:23Z · t1 · 0-1 · builtin") is None
    assert said_key("## 21:21:23Z · t1 · 0-1 · builtin", "2026-12-05") == "2026-12-05T21:21:23Z"


DB3 = "The staging database is db3.internal."
DB7 = "The staging database is db7.internal."


def test_one_ledger_of_both_forms_is_ordered_by_when_each_block_was_said() -> None:
    """An older memctl's block said at 10:00, then today's said at 08:00 and flushed
    after it (another thread): the older block's value is the newest, in consolidation's
    order and in builtin's merge; and the other way round."""
    ledger = (
        "## Memory Flush — 2026-12-05T11:00:00+00:00 · thread b · entries 1-2 · builtin"
        " · last said 2026-12-05T10:00:00Z\n\n"
        f"- {DB7}\n\n"
        "## 12:00:00Z · a · 1-2 · builtin · said 08:00:00Z\n\n"
        f"- {DB3}\n"
    )
    assert [f.text for f in merge("", [("2026-12-05.md", ledger)]).facts] == [DB7]
    blocks = by_day([("2026-12-05.md", ledger)])
    assert [block.strip().rsplit("\n", 1)[-1] for block in blocks] == [f"- {DB3}", f"- {DB7}"]
    swapped = (
        "## Memory Flush — 2026-12-05T11:00:00+00:00 · thread b · entries 1-2 · builtin"
        " · last said 2026-12-05T08:00:00Z\n\n"
        f"- {DB3}\n\n"
        "## 12:00:00Z · a · 1-2 · builtin · said 10:00:00Z\n\n"
        f"- {DB7}\n"
    )
    assert [f.text for f in merge("", [("2026-12-05.md", swapped)]).facts] == [DB7]
    blocks = by_day([("2026-12-05.md", swapped)])
    assert [block.strip().rsplit("\n", 1)[-1] for block in blocks] == [f"- {DB3}", f"- {DB7}"]


def test_recall_orders_a_ledger_of_both_forms_as_consolidation_does(tmp_path: Path) -> None:
    """A ledger as a sync leaves it (the remote's blocks first, today's heading, then a
    machine's with an older memctl): db7, said last, comes first though db3 matched the
    question better."""
    ledger = (
        "## 12:00:00Z · a · 1-2 · builtin · said 10:00:00Z\n\n"
        f"- {DB7}\n\n"
        "## Memory Flush — 2026-12-05T11:00:00+00:00 · thread b · entries 1-2 · builtin"
        " · last said 2026-12-05T08:00:00Z\n\n"
        f"- {DB3}\n"
    )
    rel = "memory/2026-12-05.md"
    (tmp_path / "memory").mkdir()
    (tmp_path / rel).write_text(ledger, encoding="utf-8")
    found = []
    for rank, number in enumerate([7, 3]):  # db3 matched the question better
        hit = RecallHit(
            "memory", rel, number, None, None, f"{rel}:{number}", 1 - rank / 10, None, ""
        )
        candidate = Candidate(rank, hit.score, rel, "memory", number, 0, 0, 0.0, 0, 0, 0)
        found.append((hit, candidate, ledger.splitlines()[number - 1]))
    ranked = newest_first(Workspace(tmp_path), found, lambda c: 0.0, 10)
    assert [text for _, _, text in ranked] == [f"- {DB7}", f"- {DB3}"]


def test_a_correction_holds_back_a_value_said_before_it_under_either_heading() -> None:
    """A value said on the 5th, under either form of heading, is held back by a
    correction made on the 6th (a heading of today's form gives its day through the
    ledger's name); the same value said after it is not."""
    stone = Tombstone(
        fact="The staging host is db3.internal.",
        at="2026-12-06T10:00:00+00:00",
        replacement="The staging host is db7.internal.",
    )
    before = (
        "## Memory Flush — 2026-12-05T09:00:00+00:00 · thread a · entries 0-0 · builtin\n\n"
        "- The staging host is db5.internal.\n\n"
        "## 10:00:00Z · b · 0-0 · builtin\n\n"
        "- The staging host is db6.internal.\n"
    )
    held = held_back(before, [stone], "2026-12-05")
    assert "db5" not in held and "db6" not in held and held.count("## ") == 2
    after = "## 10:00:00Z · b · 0-0 · builtin\n\n- The staging host is db6.internal.\n"
    assert held_back(after, [stone], "2026-12-07") == after
