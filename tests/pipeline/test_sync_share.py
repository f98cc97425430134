"""memctl sync between machines that share different things (audit 9, 1): a machine
commits only what its `sync.share` names, a path it does not share is no deletion, a
merge never shrinks a local thread log, and `init --from` takes the share the
repository shows."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

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
    save_text,
    say,
)

pytestmark = [pytest.mark.skipif(GIT is None, reason="sync needs git"), pytest.mark.slow]


def test_a_machine_that_shares_no_threads_leaves_the_shared_thread_logs_as_they_are(tmp_path):
    """Audit 9, 1: b (no threads in its share) committed the remote's thread log away,
    and a's next sync truncated a's own log to nothing, its unflushed entries lost. b's
    commit keeps the remote's thread logs and flush record; a's log is untouched and
    still unflushed; later syncs on either side have nothing to send (no flip-flop)."""
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote, THREADS)
    say(a, "standup", "a1", "a2")
    log = (a.root / "threads/standup.jsonl").read_bytes()
    run_sync(a)
    b = replica(tmp_path, "b", remote)  # the default share: ledgers and memory
    run_sync(b)
    save_text(b, "- Erin owns the billing service.")
    assert run_sync(b).commit is not None
    tip = remote_files(remote)
    assert tip["threads/standup.jsonl"].encode() == log
    assert ".memctl-sync/flushed.json" in tip
    assert not (b.root / "threads/standup.jsonl").exists()
    done = run_sync(a)
    assert done.status == "synced" and done.received == 1
    assert (a.root / "threads/standup.jsonl").read_bytes() == log
    assert sum(t.entries_sent for t in run_flush(a).threads) == 2  # nothing was lost
    for ws in (a, b, a, b):
        run_sync(ws)
    commits = len(remote_log(remote))
    for ws in (a, b, a, b):
        assert run_sync(ws).commit is None, ws.root.name
    assert len(remote_log(remote)) == commits
    assert "Erin" in a.memory_md.read_text()
    assert [ledger_count(ws, "a1") for ws in (a, b)] == [1, 1]


def test_a_thread_both_machines_append_to_settles_without_commits_back_and_forth(tmp_path):
    """Audit 9, 1: with a thread both machines appended to, every later sync committed
    (`0 blocks added`, the thread and flushed.json toggling). Once both have synced both
    ways, syncs send nothing and both logs are the same bytes."""
    remote = bare(tmp_path)
    a, b = replica(tmp_path, "a", remote, THREADS), replica(tmp_path, "b", remote, THREADS)
    say(a, "t1", "base0")
    run_sync(a)
    run_sync(b)
    say(a, "t1", "a1")
    say(b, "t1", "b1")
    run_flush(b)
    for ws in (a, b, a, b):
        run_sync(ws)
    run_flush(a)
    for ws in (a, b, a, b):
        run_sync(ws)
    commits = len(remote_log(remote))
    for ws in (a, b, a, b):
        done = run_sync(ws)
        assert done.commit is None and done.status == "up_to_date", (ws.root.name, done)
    assert len(remote_log(remote)) == commits
    assert (a.root / "threads/t1.jsonl").read_bytes() == (b.root / "threads/t1.jsonl").read_bytes()
    assert len((a.root / "threads/t1.jsonl").read_bytes().splitlines()) == 3


def _commit_without(remote: Path, tmp_path: Path, path: str) -> None:
    """A commit on the remote that removes `path`, as a memctl that committed only
    its own share did (audit 9, 1), made with a work tree of git's own."""
    tree = tmp_path / "old-memctl"
    subprocess.run(["git", "clone", "-q", "-b", "main", str(remote), str(tree)], check=True)
    git = ["git", "-C", str(tree), "-c", "user.name=old", "-c", "user.email=old@host"]
    subprocess.run([*git, "rm", "-q", path], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "memctl sync from old: 0 blocks added"], check=True)
    subprocess.run([*git, "push", "-q", "origin", "HEAD:main"], check=True)


def test_a_remote_that_dropped_a_thread_log_never_shrinks_the_local_one(tmp_path):
    """A remote an older memctl left without a's thread log: a's sync keeps every line
    of its append-only log (no removal read from the base), says so, and sends the log
    again."""
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote, THREADS)
    say(a, "standup", "a1", "a2")
    log = (a.root / "threads/standup.jsonl").read_bytes()
    run_sync(a)
    _commit_without(remote, tmp_path, "threads/standup.jsonl")
    assert "threads/standup.jsonl" not in remote_files(remote)
    done = run_sync(a)
    assert (a.root / "threads/standup.jsonl").read_bytes() == log
    assert any("append-only log" in line for line in done.notes), done.notes
    assert remote_files(remote)["threads/standup.jsonl"].encode() == log
    assert sum(t.entries_sent for t in run_flush(a).threads) == 2


def test_init_from_takes_the_share_the_repository_shows_or_says_threads_are_not_shared(
    tmp_path,
):
    """Audit 9, 1: `init --from` did not take `share`. A repository holding thread logs
    (and their flush record) gives the new workspace threads in its share, said on
    stderr; one without says thread logs are not shared."""
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote, THREADS)
    say(a, "standup", "a1")
    run_sync(a)
    joined = run_memctl(None, "init", "--from", remote, tmp_path / "b")
    assert joined.exit_code == 0, joined.stderr
    assert "sync.share set to [ledgers, memory, threads]" in joined.stderr
    config = run_memctl(tmp_path / "b", "config", "show", "--json")
    assert json.loads(config.stdout)["sync"]["share"] == ["ledgers", "memory", "threads"]
    assert (tmp_path / "b/threads/standup.jsonl").read_bytes() == (
        a.root / "threads/standup.jsonl"
    ).read_bytes()
    plain = bare(tmp_path, "plain.git")
    c = replica(tmp_path, "c", plain)
    save_text(c, "- a fact")
    run_sync(c)
    other = run_memctl(None, "init", "--from", plain, tmp_path / "d")
    assert other.exit_code == 0, other.stderr
    assert "init: thread logs are not shared (sync.share: [ledgers, memory])" in other.stderr
    config = run_memctl(tmp_path / "d", "config", "show", "--json")
    assert json.loads(config.stdout)["sync"]["share"] == ["ledgers", "memory"]


def test_a_purge_in_a_shared_thread_log_replaces_the_line_and_adds_none(tmp_path):
    """The one change a sync brings into a local thread log other than lines appended:
    a purge's masks, which replace the plain lines (not read as a log shrinking: no
    union of the plain and the masked line, no note)."""
    from memctl.core.config import load_config
    from memctl.pipeline.forget import forget

    remote = bare(tmp_path)
    a, b = replica(tmp_path, "a", remote, THREADS), replica(tmp_path, "b", remote, THREADS)
    say(a, "ops", "vault7731")
    say(a, "ops", "a1")
    run_flush(a)
    run_sync(a)
    run_sync(b)
    before = (b.root / "threads/ops.jsonl").read_bytes()
    forget(a, load_config(a.config_path), "host-vault7731", purge=True)
    run_sync(a)
    done = run_sync(b)
    log = (b.root / "threads/ops.jsonl").read_bytes()
    assert b"vault7731" not in log and len(log) == len(before)
    assert len(log.splitlines()) == 2
    assert not any("append-only" in line for line in done.notes), done.notes
    assert log == (a.root / "threads/ops.jsonl").read_bytes()
