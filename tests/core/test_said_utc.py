"""When a fact was said, in one order for consolidation and recall (review 16 #1, #2).

Ledgers written here by hand, as two machines in other time zones flush them: the flush
stamp in each machine's offset, `last said` in UTC."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from memctl.core.said import key_parts, key_time, said_key
from memctl.core.workspace import Workspace
from memctl.models.curate import merge
from memctl.pipeline.consolidate import by_day
from memctl.retrieval.recall import Candidate, RecallHit, newest_first

# Said at 22:59 UTC on the 4th, flushed in Tokyo (already the 5th there).
TOKYO = (
    "## Memory Flush — 2026-12-05T08:00:00+09:00 · thread a · entries 1-2 · builtin"
    " · last said 2026-12-04T22:59:00Z"
)
# Said two hours later, at 01:00 UTC on the 5th, flushed in New York (still the 4th).
NEW_YORK = (
    "## Memory Flush — 2026-12-04T20:05:00-05:00 · thread b · entries 1-2 · builtin"
    " · last said 2026-12-05T01:00:00Z"
)
DB3 = "The staging database is db3.internal."
DB7 = "The staging database is db7.internal."


def test_a_value_said_later_in_another_time_zone_wins():
    """Before: the key put Tokyo's local day (the 5th) first, so db3 won."""
    a = f"{TOKYO}\n\n- {DB3}\n"
    b = f"{NEW_YORK}\n\n- {DB7}\n"
    assert [f.text for f in merge("", [("2026-12-05.md", a), ("2026-12-04.md", b)]).facts] == [DB7]
    assert [f.text for f in merge("", [("2026-12-04.md", b), ("2026-12-05.md", a)]).facts] == [DB7]
    blocks = by_day([("2026-12-05.md", a), ("2026-12-04.md", b)])
    assert [block.strip().rsplit("\n", 1)[-1] for block in blocks] == [f"- {DB3}", f"- {DB7}"]


def test_the_key_is_the_utc_time_when_known_else_the_day():
    assert said_key(TOKYO) == "2026-12-04T22:59:00Z"
    assert said_key(NEW_YORK) == "2026-12-05T01:00:00Z"
    old = "## Memory Flush — 2026-12-06T08:00:00+09:00 · thread a · said 2026-12-03"
    assert said_key(old) == "2026-12-03"
    # A day alone sorts before any time of that day, after any of the day before.
    assert "2026-12-04T22:59:00Z" < "2026-12-05" < "2026-12-05T01:00:00Z"
    assert key_parts(said_key(NEW_YORK)) == ("2026-12-05", "2026-12-05T01:00:00Z")
    assert key_parts("2026-12-03") == ("2026-12-03", "")
    assert key_time("2026-12-05T01:00:00Z").timestamp() == 1796432400
    assert key_time("2026-12-03") == datetime(2026, 12, 3, 12)


def _hits(root: Path, rel: str, lines: list[int]) -> list[tuple[RecallHit, Candidate, str]]:
    text = (root / rel).read_text(encoding="utf-8").splitlines()
    found = []
    for rank, number in enumerate(lines):
        hit = RecallHit(
            "memory", rel, number, None, None, f"{rel}:{number}", 1.0 - rank / 10, None, ""
        )
        candidate = Candidate(rank, hit.score, rel, "memory", number, 0, 0, 0.0, 0, 0, 0)
        found.append((hit, candidate, text[number - 1]))
    return found


def test_recall_reads_last_said_as_consolidation_does(tmp_path: Path):
    """One ledger: db7 said at 10:00 and flushed at 11:00, db3 said at 08:00 and flushed
    at 12:00 (another thread). Consolidation keeps db7; before, recall read the flush
    stamps only and put db3 first."""
    ledger = (
        "## Memory Flush — 2026-12-05T11:00:00+00:00 · thread b · entries 1-2 · builtin"
        " · last said 2026-12-05T10:00:00Z\n\n"
        f"- {DB7}\n\n"
        "## Memory Flush — 2026-12-05T12:00:00+00:00 · thread a · entries 1-2 · builtin"
        " · last said 2026-12-05T08:00:00Z\n\n"
        f"- {DB3}\n"
    )
    assert [f.text for f in merge("", [("2026-12-05.md", ledger)]).facts] == [DB7]
    rel = "memory/2026-12-05.md"
    (tmp_path / "memory").mkdir()
    (tmp_path / rel).write_text(ledger, encoding="utf-8")
    found = _hits(tmp_path, rel, [7, 3])  # db3 matched the question better
    ranked = newest_first(Workspace(tmp_path), found, lambda c: c.ts or 0.0, 10)
    assert [text for _, _, text in ranked] == [f"- {DB7}", f"- {DB3}"]
    # Across time zones too: the same pair, the Tokyo and New York blocks.
    other = f"{TOKYO}\n\n- {DB3}\n\n{NEW_YORK}\n\n- {DB7}\n"
    (tmp_path / rel).write_text(other, encoding="utf-8")
    ranked = newest_first(Workspace(tmp_path), _hits(tmp_path, rel, [3, 7]), lambda c: 0.0, 10)
    assert [text for _, _, text in ranked] == [f"- {DB7}", f"- {DB3}"]
