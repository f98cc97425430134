"""The index's freshness check without a stat of every file (retrieval/index/freshness.py).

An update stats the folders, MEMORY.md, the files memctl wrote (the change journal) and
the files modified in the last two days; older files are trusted until the next full
sweep. Each path is checked here against what search then finds.
"""

from __future__ import annotations

import itertools
import os
import time
from pathlib import Path

import pytest

from memctl.core.durable import append_durable
from memctl.core.threads import encode_entry
from memctl.core.workspace import JOURNAL_NAME, Workspace
from memctl.retrieval.corpus import Listing
from memctl.retrieval.index import IndexUnavailable, fresh_index
from memctl.retrieval.index.freshness import listings
from memctl.retrieval.search import search
from tests.support.helpers import held_lock

OLD = time.time() - 30 * 86_400


def update(ws: Workspace, sweep: bool = False):
    with fresh_index(ws, [], sweep=sweep) as (_, report):
        return report


def old_workspace(root: Path, ledgers: int = 20) -> Workspace:
    """Ledgers and a log last written a month ago, indexed by a first (full) update."""
    for day in range(1, ledgers + 1):
        ledger = root / "memory" / f"2026-01-{day:02d}.md"
        ledger.write_text(f"- fact of day {day}\n", encoding="utf-8")
        os.utime(ledger, (OLD, OLD))
    log = root / "threads" / "t.jsonl"
    log.write_bytes(encode_entry({"role": "user", "content": "an old question"}))
    os.utime(log, (OLD, OLD))
    if (root / "MEMORY.md").exists():  # as init wrote it: a month ago too
        os.utime(root / "MEMORY.md", (OLD, OLD))
    ws = Workspace(root)
    assert update(ws).swept
    return ws


def test_an_unchanged_workspace_stats_only_memory_md(workspace: Path) -> None:
    ws = old_workspace(workspace)

    report = update(ws)

    assert not report.swept
    assert report.checked == 1  # MEMORY.md; the 21 old files are trusted
    assert report.indexed == 0


def test_files_dated_before_1970_are_trusted_like_other_old_files(workspace: Path) -> None:
    """A negative mtime is a real date (ledgers copied with their 1960s stamps), not the
    mark of a stale file (`mark_stale` sets the inode to -1): such files are not stat'ed
    by every search (16,000 of them cost 0.1 s a search)."""
    ws = old_workspace(workspace)
    for ledger in (workspace / "memory").glob("*.md"):
        os.utime(ledger, (-86_400 * 365, -86_400 * 365))
    assert update(ws, sweep=True).swept

    for _ in range(2):  # an update, then the read-only fast path
        report = update(ws)
        assert not report.swept
        assert report.checked == 1 and report.indexed == 0


def test_a_file_memctl_wrote_is_found_through_the_journal(workspace: Path) -> None:
    ws = old_workspace(workspace)
    ledger = workspace / "memory" / "2026-01-03.md"
    mtime = ledger.stat().st_mtime_ns
    with ws.lock():
        append_durable(ledger, b"- the journal names this\n")
    os.utime(ledger, ns=(mtime, mtime))  # even if its mtime said it is old
    assert (workspace / ".memctl" / JOURNAL_NAME).read_text() == "memory/2026-01-03.md\n"

    report = update(ws)

    assert not report.swept and report.appended == 1
    assert [h.line for h in search(ws, "journal names").hits] == [2]
    assert (workspace / ".memctl" / JOURNAL_NAME).read_bytes() == b""


def test_a_hand_appended_recent_log_is_found(workspace: Path) -> None:
    ws = old_workspace(workspace)
    log = workspace / "threads" / "recent.jsonl"
    log.write_bytes(encode_entry({"role": "user", "content": "first words"}))
    update(ws)
    with log.open("ab") as handle:  # not through memctl: no journal line
        handle.write(encode_entry({"role": "assistant", "content": "appended by hand"}))

    report = update(ws)

    assert not report.swept and report.appended == 1
    hits = search(ws, "appended by hand", scope="threads").hits
    assert [(h.path, h.entry) for h in hits] == [("threads/recent.jsonl", 1)]


def test_a_new_file_by_hand_is_found(workspace: Path) -> None:
    ws = old_workspace(workspace)
    (workspace / "memory" / "2026-02-01.md").write_text("- made by hand\n", encoding="utf-8")

    report = update(ws)

    assert not report.swept and report.indexed == 1
    assert [h.path for h in search(ws, "made by hand").hits] == ["memory/2026-02-01.md"]


def test_a_deleted_file_disappears(workspace: Path) -> None:
    ws = old_workspace(workspace)
    (workspace / "memory" / "2026-01-05.md").unlink()

    report = update(ws)

    assert not report.swept and report.removed == 1
    assert search(ws, "fact of day 5").hits == []
    assert search(ws, "fact of day 6").hits != []


def test_an_old_file_edited_in_place_by_hand_waits_for_the_sweep(workspace: Path) -> None:
    """The documented trade-off: a month-old ledger appended to by another program is
    trusted until a full sweep (hourly, `memctl index`, or a lost journal)."""
    ws = old_workspace(workspace)
    ledger = workspace / "memory" / "2026-01-07.md"
    with ledger.open("a", encoding="utf-8") as handle:
        handle.write("- a late hand edit\n")
    os.utime(ledger, (OLD, OLD))

    assert update(ws).indexed == 0
    report = update(ws, sweep=True)
    assert report.swept and report.appended == 1
    assert [h.line for h in search(ws, "late hand edit").hits] == [2]


def test_an_overflowing_journal_asks_for_a_sweep(workspace: Path) -> None:
    ws = old_workspace(workspace)
    ledger = workspace / "memory" / "2026-01-09.md"
    with ledger.open("a", encoding="utf-8") as handle:
        handle.write("- seen by the sweep\n")
    os.utime(ledger, (OLD, OLD))
    (workspace / ".memctl" / JOURNAL_NAME).write_text("*\n", encoding="utf-8")

    report = update(ws)

    assert report.swept and report.appended == 1
    assert [h.line for h in search(ws, "seen by the sweep").hits] == [2]


def test_an_unchanged_index_is_read_without_the_lock(workspace: Path) -> None:
    """Most searches change nothing: they read the index without taking the workspace
    lock (nor importing filelock). A change still waits for the lock."""
    ws = old_workspace(workspace)
    with held_lock(ws.state_dir / "lock"):
        with fresh_index(ws, [], wait=0.1) as (_, report):
            assert report.checked == 1 and report.indexed == 0
        (workspace / "memory" / "2026-02-01.md").write_text("- new\n", encoding="utf-8")
        with pytest.raises(IndexUnavailable), fresh_index(ws, [], wait=0.1):
            pass


def swap_in_place(path: Path, old: str, new: str) -> None:
    """Rewrite `path` in place (same inode) with `old` replaced by `new` (of the same
    length), its mtime kept: what an editor keeping the stamps or `cp -p` leaves."""
    before = path.stat()
    data = path.read_text(encoding="utf-8")
    assert len(old) == len(new) and old in data
    with path.open("r+", encoding="utf-8") as handle:
        handle.write(data.replace(old, new))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = path.stat()
    assert (after.st_size, after.st_mtime_ns, after.st_ino) == (
        before.st_size,
        before.st_mtime_ns,
        before.st_ino,
    )


def test_an_old_ledger_swapped_in_place_is_searched_as_it_is_now(workspace: Path) -> None:
    """Issue 24 item 12: size, mtime and inode kept, the index cannot see the edit; the
    CRC of each candidate read back does, and the file is scanned and indexed again."""
    ws = old_workspace(workspace)
    ledger = workspace / "memory" / "2026-01-04.md"
    ledger.write_text("- the staging database is kestrel\n- the backup host is heron\n")
    os.utime(ledger, (OLD, OLD))
    update(ws, sweep=True)
    swap_in_place(
        ledger,
        "- the staging database is kestrel\n- the backup host is heron\n",
        "- the backup host is kestrel\n- the staging database is egret\n",
    )

    hits = search(ws, "staging database").hits

    assert [(h.line, h.text) for h in hits] == [(2, "- the staging database is egret")]
    assert search(ws, "database is kestrel").hits == []
    assert update(ws).rewritten == 0  # the search had the file indexed again
    assert [h.line for h in search(ws, "backup host is kestrel").hits] == [1]


def test_recall_never_returns_a_record_the_file_no_longer_holds(workspace: Path) -> None:
    from memctl.core.config import load_config
    from memctl.retrieval.recall import recall

    ws = old_workspace(workspace)
    ledger = workspace / "memory" / "2026-01-04.md"
    ledger.write_text("- intro line that is long\n- the staging database is kestrel\n")
    os.utime(ledger, (OLD, OLD))
    with fresh_index(ws, [], sweep=True, words=True):
        pass
    swap_in_place(
        ledger,
        "- intro line that is long\n- the staging database is kestrel\n",
        "- the staging database is pelican\n- intro line that is long\n",
    )

    result = recall(ws, load_config(ws.config_path), "staging database")

    assert [(h.line, h.snippet) for h in result.hits] == [(1, "- the staging database is pelican")]


def test_only_the_folder_whose_mtime_changed_is_listed_again(workspace: Path) -> None:
    ws = old_workspace(workspace)
    log = workspace / "threads" / "recent.jsonl"
    log.write_bytes(encode_entry({"role": "user", "content": "first words"}))
    update(ws)
    threads = workspace / "threads"
    stamp = threads.stat().st_mtime_ns
    # A log slipped into threads/ with its folder's mtime put back: only a listing of
    # threads/ would find it, and threads/ did not change, so it waits for the sweep.
    hidden = threads / "hidden.jsonl"
    hidden.write_bytes(encode_entry({"role": "user", "content": "unlisted words"}))
    os.utime(hidden, (OLD, OLD))
    os.utime(threads, ns=(stamp, stamp))
    with log.open("ab") as handle:  # an in-place edit in the folder not listed again
        handle.write(encode_entry({"role": "assistant", "content": "appended by hand"}))
    (workspace / "memory" / "2026-02-01.md").write_text("- a new ledger\n", encoding="utf-8")

    with fresh_index(ws, []) as (index, report):
        indexed = set(index.files())

    assert not report.swept and report.indexed == 2 and report.appended == 1
    assert "memory/2026-02-01.md" in indexed and "threads/hidden.jsonl" not in indexed
    assert [h.path for h in search(ws, "new ledger").hits] == ["memory/2026-02-01.md"]
    hits = search(ws, "appended by hand", scope="threads").hits
    assert [h.path for h in hits] == ["threads/recent.jsonl"]
    assert update(ws, sweep=True).indexed == 1  # the sweep lists threads/ too


def test_a_new_ledger_matches_no_log_against_its_row(workspace: Path) -> None:
    """Issue 26 goal 3: a new ledger changes memory/'s mtime; the update lists memory/
    again and reads the rows of the memory files and of the files it stats, not the
    logs' (at a million records, 10,000 rows read and matched for one new file)."""
    ws = old_workspace(workspace, ledgers=3)
    old_logs(ws)
    (workspace / "memory" / "2026-02-01.md").write_text("- a new ledger\n", encoding="utf-8")

    report = update(ws)

    assert (report.files, report.indexed) == (5, 1)  # MEMORY.md and the 4 ledgers
    assert [h.path for h in search(ws, "new ledger").hits] == ["memory/2026-02-01.md"]
    assert [h.path for h in search(ws, "old log 7", scope="threads").hits] == [
        "threads/old-7.jsonl"
    ]


def test_a_log_renamed_by_hand_keeps_its_records_under_its_new_name(workspace: Path) -> None:
    """The update reads the rows of the files it looks at by name: the vanished name's
    row is among them, so the rename is seen (same inode) and nothing is read again."""
    ws = old_workspace(workspace)
    (workspace / "threads" / "t.jsonl").rename(workspace / "threads" / "renamed.jsonl")

    report = update(ws)

    assert (report.renamed, report.indexed, report.removed) == (1, 0, 0)
    hits = search(ws, "old question", scope="threads").hits
    assert [h.path for h in hits] == ["threads/renamed.jsonl"]


def test_a_ledger_made_a_symlink_out_of_the_workspace_leaves_the_index(
    workspace: Path, tmp_path: Path
) -> None:
    """A file the fence refuses is missing from the listing although it can be
    stat'ed: the update removes its row because memory/ was listed whole, not because
    a stat failed."""
    ws = old_workspace(workspace)
    outside = tmp_path / "outside.md"
    outside.write_text("- fact of day 5 from elsewhere\n", encoding="utf-8")
    ledger = workspace / "memory" / "2026-01-05.md"
    ledger.unlink()
    ledger.symlink_to(outside)

    report = update(ws)

    assert (report.removed, report.indexed) == (1, 0)
    assert search(ws, "fact of day 5").hits == []


def old_logs(ws: Workspace, count: int = 30) -> None:
    for number in range(count):
        log = ws.root / "threads" / f"old-{number}.jsonl"
        log.write_bytes(encode_entry({"role": "user", "content": f"old log {number}"}))
        os.utime(log, (OLD, OLD))
    assert update(ws, sweep=True).files == count + 5  # MEMORY.md, 3 ledgers, t.jsonl


def test_a_new_log_is_found_without_a_listed_file_a_log(workspace: Path) -> None:
    """A new thread log changes threads/'s mtime; the update compares the folder's names
    with the index's and looks only at the new one (and the files it always stats)."""
    ws = old_workspace(workspace, ledgers=3)
    old_logs(ws)
    (workspace / "threads" / "new.jsonl").write_bytes(
        encode_entry({"role": "user", "content": "a brand new session"})
    )
    (workspace / "threads" / "old-3.jsonl").unlink()

    report = update(ws)

    assert (report.files, report.indexed, report.removed) == (2, 1, 1)  # new.jsonl, MEMORY.md
    hits = search(ws, "brand new session", scope="threads").hits
    assert [h.path for h in hits] == ["threads/new.jsonl"]
    assert search(ws, "old log 3", scope="threads").hits == []
    assert [h.path for h in search(ws, "old log 4", scope="threads").hits] == [
        "threads/old-4.jsonl"
    ]


@pytest.mark.parametrize("how", ["symlink out", "folder"])
def test_a_log_that_is_no_log_search_may_read_leaves_the_index(
    workspace: Path, tmp_path: Path, how: str
) -> None:
    """Its name stays in threads/, so only the entry's type (no stat) tells: a symlink
    leading out of the workspace (the fence refuses it) or a folder is no log."""
    ws = old_workspace(workspace, ledgers=3)
    old_logs(ws, 3)
    log = workspace / "threads" / "old-1.jsonl"
    log.unlink()
    if how == "folder":
        log.mkdir()
    else:
        outside = tmp_path / "outside.jsonl"
        outside.write_bytes(encode_entry({"role": "user", "content": "old log 1 outside"}))
        log.symlink_to(outside)

    report = update(ws)

    assert (report.removed, report.indexed) == (1, 0)
    assert search(ws, "old log 1", scope="threads").hits == []


def test_a_journal_line_that_is_no_utf8_name_is_no_file(workspace: Path) -> None:
    """The journal's names are looked up in SQLite now: a damaged line (bytes that are
    no UTF-8) names no indexed file and is passed over, as before, not an error."""
    ws = old_workspace(workspace)
    ledger = workspace / "memory" / "2026-01-03.md"
    with ws.lock():
        append_durable(ledger, b"- the journal names this\n")
    with (workspace / ".memctl" / JOURNAL_NAME).open("ab") as journal:
        journal.write(b"memory/\xff\xfe.md\n")

    report = update(ws)

    assert not report.swept and report.appended == 1
    assert [h.line for h in search(ws, "journal names").hits] == [2]


def test_a_same_size_rewrite_within_the_mtime_granularity_is_seen(workspace: Path) -> None:
    """A file system stamps mtimes with a granularity (a kernel tick where timestamps
    are not fine-grained, a second on some, two on FAT): a rewrite in place of the same
    size, in the tick of the last update, kept (size, mtime, inode), the index trusted
    its records and search missed the new text (index and scan disagreed). os.utime
    stamps it as such a file system would. A file modified that recently is looked at
    again by the next update."""
    ws = Workspace(workspace)
    ledger = workspace / "memory" / "2026-06-01.md"
    ledger.write_text("- alpha fact\n", encoding="utf-8")
    # Stamped ahead of the clock, so that the update below finds it recent however
    # slowly this machine runs it (RACY_NS is a tenth of a second).
    stamp = time.time_ns() + 10 * 10**9 + 1
    os.utime(ledger, ns=(stamp, stamp))
    assert [h.text for h in search(ws, "alpha").hits] == ["- alpha fact"]
    ledger.write_text("- gamma fact\n", encoding="utf-8")
    os.utime(ledger, ns=(stamp, stamp))

    assert [h.text for h in search(ws, "gamma").hits] == ["- gamma fact"]
    assert search(ws, "alpha").hits == []
    # Looked at again while its mtime is that recent: a stat and the fingerprint's
    # reads, nothing indexed again.
    again = update(ws)
    assert (again.indexed, again.records) == (0, 0)


@pytest.mark.slow
def test_a_file_recorded_a_nanosecond_early_is_still_found_renamed(workspace: Path) -> None:
    """A file indexed within RACY_NS of its last change has its mtime recorded a
    nanosecond early; archived once that window has passed, it is still the same file
    moved (no re-read), not one removed and another indexed whole."""
    from memctl.core.durable import RACY_NS

    ws = Workspace(workspace)
    ledger = workspace / "memory" / "2020-01-01.md"
    ledger.write_text("- an old decision\n", encoding="utf-8")
    stamp = time.time_ns() + 10**9 + 1  # recent for the first update, however slow
    os.utime(ledger, ns=(stamp, stamp))
    update(ws)
    time.sleep((stamp + RACY_NS - time.time_ns()) / 1e9 + 0.05)
    (workspace / "memory" / "archive").mkdir()
    ledger.rename(workspace / "memory" / "archive" / "2020-01-01.md")

    report = update(ws)

    assert (report.renamed, report.indexed, report.removed) == (1, 0, 0)


# ------------------------------------------------------ the files taken from the index
# A search whose folders are unchanged since the index listed them takes its files from
# the index (`freshness.listings`, `query._from_index`) instead of listing 56,521 files.
# Each test below first makes that path the one taken (`from_index`): a folder touched
# this instant is within the racy window and is listed, as before.


_SETTLED = itertools.count(1)


def settle(ws: Workspace) -> None:
    """Every folder stamped in the past, each time at another second (the same stamp
    again would hide a change from the index's listing, which no clock does)."""
    stamp = OLD + next(_SETTLED)
    for folder in (ws.root, ws.memory_dir, ws.archive_dir, ws.threads_dir):
        if folder.is_dir():
            os.utime(folder, (stamp, stamp))


def from_index(ws: Workspace, archive: bool = False) -> bool:
    """Whether a search of every scope now takes its files from the index."""
    with fresh_index(ws, []) as (index, _):
        return listings(ws, index, Listing(ws, True, archive, True).folders()) is not None


def test_a_search_takes_its_files_from_the_index_while_its_folders_stand(
    workspace: Path,
) -> None:
    ws = old_workspace(workspace)
    settle(ws)
    assert from_index(ws)
    (workspace / "memory" / "2026-02-01.md").write_text("- new\n", encoding="utf-8")
    assert not from_index(ws)  # listed this instant: racy


def test_a_file_created_in_the_tick_of_its_folders_stamp_is_found(workspace: Path) -> None:
    """The index lists memory/ in the same tick as the folder's mtime; a ledger created
    after that listing, in that tick, leaves the mtime as it was (os.utime stamps it as
    a coarse clock would). The listing is not trusted: search lists the folder."""
    ws = old_workspace(workspace)
    memory = workspace / "memory"
    # Ahead of the clock: within RACY_NS of every stat of this test, however slow.
    stamp = time.time_ns() + 10 * 10**9 + 1
    os.utime(memory, ns=(stamp, stamp))
    assert [h.path for h in search(ws, "fact of day 3").hits] == ["memory/2026-01-03.md"]
    (memory / "2026-02-01.md").write_text("- a fact of the same tick\n", encoding="utf-8")
    os.utime(memory, ns=(stamp, stamp))

    assert [h.path for h in search(ws, "same tick").hits] == ["memory/2026-02-01.md"]


@pytest.mark.parametrize("what", ["symlink out", "fifo", "name not UTF-8"])
@pytest.mark.parametrize("folder", ["memory", "threads"])
def test_an_odd_entry_added_after_the_index_was_built_is_reported(
    workspace: Path, tmp_path: Path, folder: str, what: str
) -> None:
    """The index holds no row for what the fence refuses; the folder's listing keeps its
    name, and each search looks at it again. A name of bytes that are not UTF-8 cannot
    be stored in the index (the update died of a UnicodeEncodeError, exit 70)."""
    ws = old_workspace(workspace)
    name = "leak.md" if folder == "memory" else "leak.jsonl"
    if what == "name not UTF-8":
        name = os.fsdecode(b"leak\xff" + os.fsencode(name).removeprefix(b"leak"))
    entry = workspace / folder / name
    expected = [(f"{folder}/{name}", "its name is not UTF-8; not searched")]
    if what == "name not UTF-8":
        entry.write_bytes(encode_entry({"role": "user", "content": "fact of day 1"}))
        if folder == "threads":  # a log is named by its thread's id: this is no log
            expected = []
    elif what == "fifo":
        os.mkfifo(entry)
        expected = [(f"{folder}/{name}", "not a regular file (a FIFO or a device); not searched")]
    else:
        outside = tmp_path / name
        outside.write_bytes(encode_entry({"role": "user", "content": "fact of day 1"}))
        entry.symlink_to(outside)
        expected = [(f"{folder}/{name}", "symlink leading outside the workspace; not searched")]
    settle(ws)
    scope = "memory" if folder == "memory" else "threads"
    for _ in range(2):  # the update that lists the folder, then the index's listing
        result = search(ws, "fact of day 1", scope=scope, limit=0)
        assert [(s.path, s.reason) for s in result.skipped] == expected
    assert from_index(ws)


def test_a_symlink_that_comes_to_lead_outside_is_reported(workspace: Path, tmp_path: Path) -> None:
    """A symlink inside the workspace is indexed; what it leads to can change without
    any folder the index covers changing (here the link it leads through, in a folder of
    memory/ that search does not list), and the fence decides on it again."""
    ws = old_workspace(workspace)
    hop = workspace / "memory" / "sub"
    hop.mkdir()
    (hop / "x.md").write_text("- fact of day 1 kept aside\n", encoding="utf-8")
    (workspace / "memory" / "via.md").symlink_to(hop / "x.md")
    settle(ws)
    assert [h.path for h in search(ws, "kept aside").hits] == ["memory/via.md"]
    assert from_index(ws)
    outside = tmp_path / "outside.md"
    outside.write_text("- fact of day 1 kept aside elsewhere\n", encoding="utf-8")
    (hop / "x.md").unlink()
    (hop / "x.md").symlink_to(outside)  # only memory/sub/ changed
    assert from_index(ws)

    result = search(ws, "kept aside", limit=0)

    assert result.hits == []
    assert [(s.path, s.reason) for s in result.skipped] == [
        ("memory/via.md", "symlink leading outside the workspace; not searched")
    ]


def test_a_folder_put_elsewhere_behind_a_symlink_is_not_searched(
    workspace: Path, tmp_path: Path
) -> None:
    """memory/ moved out of the workspace keeps its mtime and inode, so a stat through
    the symlink put in its place finds the stamp of the index's listing: only the fence
    (`Fence.stands`) tells that every file in it now leads outside."""
    ws = old_workspace(workspace, ledgers=3)
    settle(ws)
    assert from_index(ws)
    elsewhere = tmp_path / "elsewhere"
    (workspace / "memory").rename(elsewhere)
    (workspace / "memory").symlink_to(elsewhere)
    settle(ws)
    assert search(ws, "fact of day").skipped  # the update lists it; then the index's
    with fresh_index(ws, []) as (index, _):
        assert listings(ws, index, ["memory"]) is not None

    result = search(ws, "fact of day", limit=0)

    assert result.hits == []
    assert [(s.path, s.reason) for s in result.skipped] == [
        (f"memory/2026-01-0{day}.md", "symlink leading outside the workspace; not searched")
        for day in (1, 2, 3)
    ]


def test_the_files_from_the_index_are_those_the_folders_list(
    workspace: Path, tmp_path: Path
) -> None:
    """Every kind of entry, each scope, with and without the archive: the search that
    takes its files from the index finds and reports what the scan of the listed
    folders does, in the same order."""
    ws = old_workspace(workspace, ledgers=3)
    memory, threads = workspace / "memory", workspace / "threads"
    (workspace / "MEMORY.md").write_text("- fact of the index\n", encoding="utf-8")
    (memory / "archive").mkdir()
    (memory / "archive" / "2025-01-01.md").write_text("- fact of day 0\n", encoding="utf-8")
    (memory / "alias.md").symlink_to(memory / "2026-01-02.md")
    (memory / "gone.md").symlink_to("nowhere.md")
    outside = tmp_path / "out.md"
    outside.write_text("- fact of day 9\n", encoding="utf-8")
    (memory / "leak.md").symlink_to(outside)
    os.mkfifo(memory / "pipe.md")
    (memory / "binary.md").write_bytes(b"- fact of day 1\x00\n")
    (memory / "latin.md").write_bytes(b"- fact of day 1 caf\xe9\n")
    (memory / "notes.txt").write_text("- fact of day 1\n", encoding="utf-8")
    (memory / "folder.md").mkdir()
    (threads / "alias.jsonl").symlink_to(threads / "t.jsonl")
    os.mkfifo(threads / "pipe.jsonl")
    (threads / "bad.jsonl").write_text('{"role": "user", "content": "fact of day 1"\n')
    (threads / "u.jsonl").write_bytes(encode_entry({"role": "user", "content": "fact of day 2"}))
    settle(ws)
    search(ws, "fact")  # the update that lists the folders
    assert from_index(ws, archive=True)

    for scope in ("memory", "threads", "all"):
        for archive in (False, True):
            for query in ("fact of day", "old question", "fact of the"):
                options = {"scope": scope, "include_archive": archive, "limit": 0}
                indexed = search(ws, query, **options)  # type: ignore[arg-type]
                scanned = search(ws, query, use_index=False, **options)  # type: ignore[arg-type]
                assert indexed.hits == scanned.hits
                assert indexed.skipped == scanned.skipped
    assert from_index(ws, archive=True)


def indexed_records(ws: Workspace) -> list[tuple[str, int, int, int, int]]:
    import contextlib

    from memctl.retrieval.index import read_only

    with contextlib.closing(read_only(ws)) as conn:
        return sorted(
            conn.execute(
                "SELECT f.rel, r.number, r.start, r.len, r.crc "
                "FROM records r JOIN files f ON f.id = r.file"
            )
        )


def big_workspace(root: Path) -> Workspace:
    (root / "MEMORY.md").write_text("- The albatross queue uses NSQ.\n", encoding="utf-8")
    line = "The loon pipeline row {} with filler words to make it longer than usual, ok."
    for name in ("a", "b"):
        (root / "threads" / f"{name}.jsonl").write_bytes(
            b"".join(
                encode_entry({"role": "user", "content": line.format(i)}) for i in range(8_000)
            )
        )
    return Workspace(root)


def test_an_update_stopped_by_its_deadline_is_read_on_to_the_same_index(
    workspace: Path, tmp_path: Path
) -> None:
    """Audit 3b, 1: an update bounded in time (the prompt hook's) keeps what it indexed,
    memory files first, a log part-way, and the next update reads on: updates stopped
    again and again end with the records one whole update gives, each read once."""
    ws = big_workspace(workspace)
    reports = []
    for _ in range(200):
        with fresh_index(ws, [], words=True, deadline=time.monotonic() + 0.02) as (_, report):
            reports.append(report)
        if report.records and len([r for r in reports if r.records]) == 1:
            # The memory file comes first: the first update that indexed anything has it.
            assert any(rel == "MEMORY.md" for rel, *_ in indexed_records(ws))
        if not report.left:
            break
    assert reports[0].left and not reports[-1].left, [r.left for r in reports]
    assert sum(r.records for r in reports) == len(indexed_records(ws))  # none read twice
    whole = tmp_path / "whole"
    (whole / "threads").mkdir(parents=True)
    once = big_workspace(whole)
    with fresh_index(once, [], words=True) as (_, report):
        assert not report.left
    assert indexed_records(ws) == indexed_records(once)
    found = search(ws, "row 7999", scope="threads")
    assert sorted(hit.path for hit in found.hits) == ["threads/a.jsonl", "threads/b.jsonl"]


def test_an_update_commits_a_large_file_in_batches(
    workspace: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every BATCH_BYTES read is committed, a file part-way (a process killed later
    keeps it); the index it ends with is the one a single batch gives."""
    from memctl.retrieval.index import store

    ws = big_workspace(workspace)
    monkeypatch.setattr(store, "BATCH_BYTES", 64 << 10)
    monkeypatch.setattr(store, "READ_BYTES", 16 << 10)
    with fresh_index(ws, [], words=True) as (_, report):
        assert not report.left and report.appended > 2  # read on after each commit
    monkeypatch.undo()
    whole = tmp_path / "whole"
    (whole / "threads").mkdir(parents=True)
    once = big_workspace(whole)
    with fresh_index(once, [], words=True):
        pass
    assert indexed_records(ws) == indexed_records(once)
