"""Shared thread logs that never lose or strand a turn (audit 10): a log a `thread rm`
removed comes back with an owner for each entry nobody flushed, a machine that starts
sharing threads merges the logs as a union, identical lines from two machines are two
lines, and a purge keeps the masked line where it was."""

from __future__ import annotations

import json
import re

import pytest

from tests.support.helpers import run_memctl
from tests.support.sync import (
    GIT,
    THREADS,
    bare,
    ledger_count,
    remote_files,
    remote_log,
    replica,
    run_flush,
    run_sync,
    say,
    sync_due,
)

pytestmark = [pytest.mark.skipif(GIT is None, reason="sync needs git"), pytest.mark.slow]


def _status(ws) -> dict:  # type: ignore[no-untyped-def]
    done = run_memctl(ws.root, "status", "--json")
    assert done.exit_code == 0, done.stderr
    return json.loads(done.stdout)


def test_a_removed_shared_log_that_comes_back_is_flushed_by_the_machine_that_removed_it(
    tmp_path,
):
    """Audit 10, 1: after a's `thread rm` of a shared thread, b's sync brings the log
    back, and both machines marked its entries as the other's: nobody flushed them,
    flush gave the wrong reason and status counted 0. Now a (whose rm it undid) owns
    its entries again: its status counts them, its flush sends them; b's flush says they
    are another machine's, and b's status counts them as such; the fact is in the
    ledgers once, on both machines."""
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote, THREADS)
    say(a, "standup", "a1")
    run_sync(a)
    b = replica(tmp_path, "b", remote, THREADS)
    run_sync(b)
    waiting = _status(b)
    assert (waiting["unflushed_entries"], waiting["unflushed_elsewhere"]) == (0, 1)
    told = run_memctl(b.root, "flush")
    assert "1 entry another machine appended: that machine flushes it" in told.stderr
    removed = run_memctl(a.root, "thread", "rm", "standup", "--force")
    assert removed.exit_code == 0, removed.stderr
    run_sync(a)
    assert "threads/standup.jsonl" not in remote_files(remote)
    run_sync(b)
    run_sync(a)
    assert (a.root / "threads/standup.jsonl").read_bytes() == (
        b.root / "threads/standup.jsonl"
    ).read_bytes()
    assert _status(a)["unflushed_entries"] == 1
    assert "another machine" in run_memctl(b.root, "flush").stderr
    flushed = run_memctl(a.root, "flush")
    assert "1 fact" in flushed.stderr, flushed.stderr
    for ws in (a, b, a, b):
        run_sync(ws)
    assert [ledger_count(ws, "a1") for ws in (a, b)] == [1, 1]
    for ws in (a, b):
        counted = _status(ws)
        assert (counted["unflushed_entries"], counted["unflushed_elsewhere"]) == (0, 0)
        assert sum(t.entries_sent for t in run_flush(ws).threads) == 0


def test_a_session_that_goes_on_after_thread_rm_strands_no_turn(tmp_path):
    """review17 #1: after a's `thread rm`, the session writes a2 to a new log under the
    same id. a's next sync took that log for the removed one back and dropped what it
    knew of a1, so when b's union sent a1 back both machines held it as the other's
    and nobody flushed it. Now a keeps a1 its own until the merged log holds it."""
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote, THREADS)
    say(a, "standup", "a1")
    run_sync(a)
    b = replica(tmp_path, "b", remote, THREADS)
    run_sync(b)
    removed = run_memctl(a.root, "thread", "rm", "standup", "--force")
    assert removed.exit_code == 0, removed.stderr
    say(a, "standup", "a2")  # the session goes on
    for ws in (a, b, a):
        run_sync(ws)
    assert (a.root / "threads/standup.jsonl").read_bytes() == (
        b.root / "threads/standup.jsonl"
    ).read_bytes()
    assert (_status(a)["unflushed_entries"], _status(b)["unflushed_elsewhere"]) == (2, 2)
    for ws in (a, b):
        run_flush(ws)
    for ws in (a, b, a, b):
        run_sync(ws)
    assert [ledger_count(ws, name) for ws in (a, b) for name in ("a1", "a2")] == [1] * 4
    for ws in (a, b):
        counted = _status(ws)
        assert (counted["unflushed_entries"], counted["unflushed_elsewhere"]) == (0, 0)
        assert sum(t.entries_sent for t in run_flush(ws).threads) == 0
    assert "standup" not in a.read_state().removed


def test_a_removed_log_back_without_a_line_no_machine_had_ends_the_removal_note(tmp_path):
    """The removal's note (`removed.<id>`) ends once the log is back with any of its
    lines: a line appended here and removed before any sync never comes back, and
    waiting for it would keep the note for ever."""
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote, THREADS)
    say(a, "standup", "a1")
    run_sync(a)
    b = replica(tmp_path, "b", remote, THREADS)
    run_sync(b)
    say(a, "standup", "a0")  # never synced
    assert run_memctl(a.root, "thread", "rm", "standup", "--force").exit_code == 0
    assert "standup" in a.read_state().removed
    for ws in (a, b, a):
        run_sync(ws)
    assert "standup" not in a.read_state().removed
    assert _status(a)["unflushed_entries"] == 1


@pytest.mark.parametrize("synced_before_rm", [True, False])
def test_a_log_flushed_before_its_rm_comes_back_with_no_fact_doubled(tmp_path, synced_before_rm):
    """Audit 10, 1 (the check): a thread a flushed whole before its `thread rm` comes
    back with no entry to flush on either machine and each fact once, whether or not
    a's flush had reached the remote before the rm."""
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote, THREADS)
    say(a, "standup", "a1", "a2")
    run_sync(a)
    b = replica(tmp_path, "b", remote, THREADS)
    run_sync(b)
    run_flush(a)
    if synced_before_rm:
        run_sync(a)
    assert run_memctl(a.root, "thread", "rm", "standup").exit_code == 0
    for ws in (a, b, a, b, a):
        run_sync(ws)
    assert (a.root / "threads/standup.jsonl").is_file()
    for ws in (a, b):
        assert sum(t.entries_sent for t in run_flush(ws).threads) == 0, ws.root.name
        counted = _status(ws)
        assert (counted["unflushed_entries"], counted["unflushed_elsewhere"]) == (0, 0)
    for ws in (a, b):
        run_sync(ws)
    assert [ledger_count(ws, name) for ws in (a, b) for name in ("a1", "a2")] == [1] * 4


def test_a_machine_that_starts_sharing_threads_merges_the_logs_as_a_union(tmp_path):
    """Audit 10, 3: b, which did not share threads, adds them to its share; its first
    sync read a's line (in its base, not in its own log) as removed and committed it
    away. Now it keeps a's line, receives it, and sends its own: both logs and the
    remote's hold both lines, and each machine owes only its own."""
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote, THREADS)
    say(a, "standup", "a1")
    run_sync(a)
    b = replica(tmp_path, "b", remote)  # ledgers and memory only
    say(b, "standup", "b1")
    run_sync(b)
    (b.root / "memctl.yaml").write_text((b.root / "memctl.yaml").read_text() + THREADS)
    run_sync(b)
    held = remote_files(remote)["threads/standup.jsonl"]
    assert "host-a1." in held and "host-b1." in held
    run_sync(a)
    for ws in (a, b):
        log = (ws.root / "threads/standup.jsonl").read_text()
        assert log == held, ws.root.name
        counted = _status(ws)
        assert (counted["unflushed_entries"], counted["unflushed_elsewhere"]) == (1, 1)


def _append(ws, thread: str, *turns: tuple[str, str]) -> None:  # type: ignore[no-untyped-def]
    from memctl.core.threads import append_entries

    stamp = "2026-12-05T09:00:00+00:00"
    append_entries(ws, thread, [{"role": r, "content": c, "ts": stamp} for r, c in turns])


def test_identical_lines_appended_on_two_machines_are_two_lines(tmp_path):
    """Audit 10, 4: b's reply, the same text in the same second as a's, was merged into
    a's, so the log lost a turn and entry numbers shifted. Now both machines end with
    every appended line (5 of 5), a's entries keep their numbers, later syncs commit
    nothing, and each machine flushes its own turns once: every fact once, nothing owed."""
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote, THREADS)
    say(a, "s", "a0")
    run_sync(a)
    b = replica(tmp_path, "b", remote, THREADS)
    run_sync(b)
    _append(a, "s", ("user", "The server for a1 is named host-a1."), ("assistant", "Noted."))
    _append(b, "s", ("user", "The server for b1 is named host-b1."), ("assistant", "Noted."))
    mine = (a.root / "threads/s.jsonl").read_bytes()
    for ws in (a, b, a):
        run_sync(ws)
    log = (a.root / "threads/s.jsonl").read_bytes()
    assert log == (b.root / "threads/s.jsonl").read_bytes()
    assert len(log.splitlines()) == 5 and log.startswith(mine)
    assert log.count(b'"Noted."') == 2
    for ws in (a, b):
        run_flush(ws)
    for ws in (a, b, a, b):
        run_sync(ws)
    assert run_sync(a).commit is None and run_sync(b).commit is None
    assert (a.root / "threads/s.jsonl").read_bytes() == log
    for ws in (a, b):
        assert [ledger_count(ws, name) for name in ("a0", "a1", "b1")] == [1, 1, 1]
        counted = _status(ws)
        assert (counted["unflushed_entries"], counted["unflushed_elsewhere"]) == (0, 0)


def test_a_purge_in_a_shared_log_keeps_the_masked_line_where_it_was_and_syncs_say_so(tmp_path):
    """Audit 10, 6: a's purge of a line b's log had gone on from moved the masked line
    after b's lines ([secret, a1, b1] became [a1, b1, masked]), so ledger headings'
    `entries a-b` named other lines. It stays line 0 on both machines now. And what the
    syncs say: lines only are `thread log lines`, not blocks (stderr and the commit); a
    commit that deletes a log names it; maintain's log carries the forget count and the
    purge's mask note, as sync's does."""
    from memctl.core.config import load_config
    from memctl.pipeline.forget import forget

    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote, THREADS)
    b = replica(tmp_path, "b", remote, "  every: 1s\n" + THREADS)
    say(a, "ops", "vault7731", "a1")
    run_flush(a)
    run_sync(a)
    run_sync(b)
    say(b, "ops", "b1")
    sent = run_memctl(b.root, "sync")
    assert "sent 0 blocks; thread log lines: 0 received, 1 sent" in sent.stderr, sent.stderr
    assert remote_log(remote)[0].endswith(": 1 thread log line added"), remote_log(remote)
    forget(a, load_config(a.config_path), "host-vault7731", purge=True)
    run_sync(a)
    logs = [(ws.root / "threads/ops.jsonl").read_text().splitlines() for ws in (a,)]
    sync_due(b)  # b's last sync may be under its `every: 1s` ago on a fast machine
    maintained = run_memctl(b.root, "maintain", "--force")
    assert maintained.exit_code == 0, maintained.stderr
    assert re.search(r"synced: received \d+, sent 0 blocks.*, 1 forgotten", maintained.stderr)
    assert "sync: masked a purged fact in " in maintained.stderr, maintained.stderr
    logs.append((b.root / "threads/ops.jsonl").read_text().splitlines())
    for log in logs:
        assert len(log) == 3 and "vault7731" not in "".join(log)
        assert "host-a1." in log[1] and "host-b1." in log[2], log
    assert logs[0] == logs[1]
    assert run_memctl(b.root, "thread", "rm", "ops", "--force").exit_code == 0
    run_sync(b)
    assert remote_log(remote)[0].endswith(": thread log ops removed"), remote_log(remote)


@pytest.mark.parametrize("share", [THREADS, ""])
def test_a_rename_on_one_machine_is_followed_by_the_explain_of_every_machine(tmp_path, share):
    """Audit 20 finding 1: the ledger headings that name a thread keep the id it was
    flushed under, on every machine the ledgers reach; the rename is recorded with the
    tombstones, which go wherever the ledgers go, so b's explain names the thread as it
    is now: its entry when b has the log (threads shared), else where it is."""
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote, share)
    say(a, "standup", "a1")
    run_flush(a)
    assert run_memctl(a.root, "consolidate").exit_code == 0
    renamed = run_memctl(a.root, "thread", "rename", "standup", "daily")
    assert renamed.exit_code == 0, renamed.stderr
    run_sync(a)
    b = replica(tmp_path, "b", remote, share)
    run_sync(b)

    explained = run_memctl(b.root, "--json", "explain", "host-a1")
    assert explained.exit_code == 0, explained.stderr
    [bullet] = json.loads(explained.stdout)["bullets"]
    [source] = bullet["sources"]
    assert source["thread"] == "daily"
    if share:
        assert source["entry"]["thread"] == "daily" and source["entry"]["index"] == 0
    else:
        assert source["log_absent"] and source["entry"] is None
