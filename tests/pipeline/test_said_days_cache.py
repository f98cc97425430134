"""`provenance.said_days` keeps what the ledgers state between runs (review 16 #15): a
bullet the sidecar does not know (edited by hand, never found) cost a read of every
current ledger on every consolidation. A ledger is read again only when its size or
mtime changed, or it is another file (its inode), or its mtime was so recent when it
was read that a rewrite could share it (review 17 #10). Ledgers written here by hand."""

from __future__ import annotations

import json
import os
from pathlib import Path

from memctl.core.workspace import Workspace
from memctl.pipeline.provenance import STATED_NAME, STATED_VERSION, keep_stated, said_days

HEADING = "## Memory Flush — 2026-12-04T12:00:00+00:00 · thread t · entries 1-2 · m · last said "
FACT = "The staging database is db7.internal."
OLD_NS = 1_764_806_400_123_456_789  # 2025-12-04, not on a whole second


def test_a_ledger_unchanged_since_the_last_run_is_not_read_again(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / ".memctl").mkdir()
    ws = Workspace(tmp_path)
    ledger = tmp_path / "memory" / "2026-12-04.md"
    ledger.write_text(f"{HEADING}2026-12-04T10:00:00Z\n\n- {FACT}\n", encoding="utf-8")
    os.utime(ledger, ns=(OLD_NS, OLD_NS))  # written long ago: no rewrite shares its mtime
    # Reworded by hand: the sidecar knows neither bullet; the first is found by its key.
    memory = f"- {FACT}\n- The build uses uv, I added this myself.\n"
    cache = tmp_path / ".memctl" / STATED_NAME
    assert said_days(ws, memory) == {FACT: "2026-12-04T10:00:00Z"}
    assert not cache.exists()  # kept only when asked (a dry run, a failed merge keep none)

    def run() -> dict[str, str]:
        """As a consolidation does: read, then keep what was read once it is done."""
        kept: list[bytes] = []
        days = said_days(ws, memory, kept=kept)
        keep_stated(ws, kept)
        return days

    assert run() == {FACT: "2026-12-04T10:00:00Z"}
    assert cache.is_file()
    # The same bytes' length, the same mtime: the ledger is not read, what was kept is.
    stat = ledger.stat()
    ledger.write_text(f"{HEADING}2026-12-04T11:00:00Z\n\n- {FACT}\n", encoding="utf-8")
    os.utime(ledger, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert run() == {FACT: "2026-12-04T10:00:00Z"}
    # Changed (a flush appends, a sync rewrites): read again.
    os.utime(ledger, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    assert run() == {FACT: "2026-12-04T11:00:00Z"}
    with ledger.open("a", encoding="utf-8") as handle:
        handle.write(f"\n{HEADING}2026-12-04T11:30:00Z\n\n- {FACT}\n")
    assert run() == {FACT: "2026-12-04T11:30:00Z"}
    # A ledger gone (archived, deleted) states nothing any more; a broken cache is read
    # as none.
    cache.write_text("{not json", encoding="utf-8")
    ledger.unlink()
    assert run() == {}


def test_a_ledger_rewritten_in_its_mtime_tick_or_replaced_is_read_again(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / ".memctl").mkdir()
    ws = Workspace(tmp_path)
    ledger = tmp_path / "memory" / "2026-12-04.md"
    memory = f"- {FACT}\n"

    def run() -> dict[str, str]:
        kept: list[bytes] = []
        days = said_days(ws, memory, kept=kept)
        keep_stated(ws, kept)
        return days

    def write(hour: str) -> None:
        ledger.write_text(f"{HEADING}2026-12-04T{hour}:00:00Z\n\n- {FACT}\n", encoding="utf-8")

    # Read in the tick it was written: a rewrite of the same size in that tick (a purge
    # masks in place) keeps size, mtime and inode, and is read again all the same.
    write("10")
    assert run() == {FACT: "2026-12-04T10:00:00Z"}
    stat = ledger.stat()
    write("11")
    os.utime(ledger, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert ledger.stat().st_ino == stat.st_ino
    assert run() == {FACT: "2026-12-04T11:00:00Z"}
    # Replaced by another file of the same size and (old) mtime: another inode.
    os.utime(ledger, ns=(OLD_NS, OLD_NS))
    assert run() == {FACT: "2026-12-04T11:00:00Z"}
    other = ledger.with_suffix(".new")
    other.write_text(f"{HEADING}2026-12-04T12:00:00Z\n\n- {FACT}\n", encoding="utf-8")
    os.utime(other, ns=(OLD_NS, OLD_NS))
    os.replace(other, ledger)
    assert run() == {FACT: "2026-12-04T12:00:00Z"}
    # A cache of another version (another `said_key` format) is read as none.
    cache = tmp_path / ".memctl" / STATED_NAME
    kept = json.loads(cache.read_text(encoding="utf-8"))
    assert kept["version"] == STATED_VERSION
    kept["files"]["memory/2026-12-04.md"]["facts"][0][1] = "2026-12-04"
    cache.write_text(json.dumps(kept), encoding="utf-8")
    assert run() == {FACT: "2026-12-04"}  # this version's cache is trusted
    kept["version"] = "1"
    cache.write_text(json.dumps(kept), encoding="utf-8")
    assert run() == {FACT: "2026-12-04T12:00:00Z"}
