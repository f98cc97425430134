"""memctl sync: two (or three) workspaces and a bare git repository in tmp_path."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import string
import subprocess
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memctl.core.config import load_config
from memctl.core.forgotten import read_tombstones
from memctl.core.workspace import Workspace, init_workspace
from memctl.models.resolve import resolve_model
from memctl.pipeline.consolidate import consolidate
from memctl.pipeline.forget import forget
from memctl.pipeline.history import restore, versions
from memctl.pipeline.sync import (
    RECORD,
    SecretRefused,
    SyncError,
    block_id,
    check_secrets,
    split_blocks,
    sync_info,
)
from memctl.retrieval.search import search
from tests.support.helpers import isolate, run_memctl, snapshot
from tests.support.secrets import ALNUM, B64
from tests.support.sync import (
    GIT,
    THREADS,
    bare,
    holding,
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
"""Every test here runs git a few dozen times: seconds on a shared machine."""
TODAY_BLOCK = "## Memory Save — 2026-01-0{n}T10:00:00+00:00\n\n- fact {n}\n"


def shared(ws: Workspace) -> dict[str, str]:
    files = {p.relative_to(ws.root).as_posix(): p.read_text() for p in ws.daily_files(True)}
    files["MEMORY.md"] = ws.memory_md.read_text()
    return files


# --------------------------------------------------------------------------- the flow


@pytest.mark.slow
def test_readme_flow_init_from_save_on_both_sync_on_both_same_memory(tmp_path):
    """init --from, a save on each machine, a sync on each: the same MEMORY.md (the
    installed command, as the README shows it)."""
    remote = bare(tmp_path)
    a, b = tmp_path / "laptop", tmp_path / "ci"
    assert run_memctl(None, "init", a).exit_code == 0
    with (a / "memctl.yaml").open("a") as handle:
        handle.write(f"sync:\n  remote: {remote}\n")
    assert run_memctl(a, "save", "--", "- the build uses uv").exit_code == 0
    first = run_memctl(a, "sync")
    assert first.exit_code == 0, first.stderr
    joined = run_memctl(None, "init", "--from", remote, b)
    assert joined.exit_code == 0, joined.stderr
    assert "1 block received" in joined.stderr
    assert run_memctl(b, "save", "--", "- deploys go through CI").exit_code == 0
    assert run_memctl(a, "save", "--", "- tests run with pytest").exit_code == 0
    for root in (b, a, b):
        done = run_memctl(root, "sync")
        assert done.exit_code == 0, done.stderr
    idle = run_memctl(a, "sync")  # audit 7: a sync with nothing to do printed nothing
    assert idle.stderr == f"sync: up to date with {remote} (main): nothing to receive or send\n"
    memory = (a / "MEMORY.md").read_text()
    assert memory == (b / "MEMORY.md").read_text()
    for fact in ("uv", "deploys go through CI", "pytest"):
        assert memory.count(fact) == 1
    assert sorted((a / "memory").glob("*.md")) != []
    for ledger in (a / "memory").glob("*.md"):
        assert ledger.read_text() == (b / "memory" / ledger.name).read_text()
    log = subprocess.run(
        ["git", "--git-dir", str(remote), "log", "--format=%s", "main"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    assert len(log) == 3  # one commit a sync that had something to send
    assert all(line.startswith("memctl sync from ") and "block" in line for line in log)
    status = run_memctl(a, "status", "--json")
    assert json.loads(status.stdout)["sync"]["ahead"] == 0
    # The MEMORY.md a merge replaced is kept, and history says the sync replaced it.
    kept = json.loads(run_memctl(a, "history", "--json").stdout)["versions"]
    assert "sync" in {version["replaced_by"] for version in kept}


def _before_first_section(memory: str) -> str:
    return memory.split("\n## ", 1)[0]


def test_saved_lines_stay_before_the_first_section_when_both_machines_changed_memory(tmp_path):
    """A save writes before MEMORY.md's first `## ` section (a section is a person's); a
    merge of two machines' MEMORY.md keeps each side's saved lines there, not under the
    last person's heading, on both machines."""
    remote = bare(tmp_path)
    a, b = tmp_path / "laptop", tmp_path / "ci"
    assert run_memctl(None, "init", a).exit_code == 0
    with (a / "memctl.yaml").open("a") as handle:
        handle.write(f"sync:\n  remote: {remote}\n")
    (a / "MEMORY.md").write_text("# Memory\n\n## Carol\n\n- Carol owns billing\n")
    assert run_memctl(a, "sync").exit_code == 0
    joined = run_memctl(None, "init", "--from", remote, b)
    assert joined.exit_code == 0, joined.stderr
    assert run_memctl(a, "save", "--", "the build uses uv").exit_code == 0
    assert run_memctl(b, "save", "--", "deploys go through CI").exit_code == 0
    for root in (a, b, a):
        done = run_memctl(root, "sync")
        assert done.exit_code == 0, done.stderr
    for root in (a, b):
        memory = (root / "MEMORY.md").read_text()
        head = _before_first_section(memory)
        assert "- the build uses uv" in head, memory
        assert "- deploys go through CI" in head, memory
        assert memory.count("deploys go through CI") == 1
        assert memory.rstrip().endswith("- Carol owns billing"), memory
    assert (a / "MEMORY.md").read_text() == (b / "MEMORY.md").read_text()


def test_concurrent_appends_to_the_same_day_both_survive_once(tmp_path):
    remote = bare(tmp_path)
    a, b = replica(tmp_path, "a", remote), replica(tmp_path, "b", remote)
    save_text(a, "- alpha")
    run_sync(a)
    run_sync(b)
    save_text(a, "- from a")
    save_text(b, "- from b")
    run_sync(a)
    run_sync(b)
    run_sync(a)
    assert shared(a) == shared(b)
    ledger = next(iter(p for p in shared(a) if p.startswith("memory/")))
    text = shared(a)[ledger]
    assert [text.count(f) for f in ("- alpha", "- from a", "- from b")] == [1, 1, 1]
    assert "<<<<<<<" not in text and "<<<<<<<" not in shared(a)["MEMORY.md"]
    assert remote_files(remote)[ledger] == text


def test_offsets_stay_right_when_a_merge_inserts_before_consolidated_blocks(tmp_path):
    """b consolidates its own block, then a's block arrives before it: a's is consolidated
    (it reaches MEMORY.md) and b's is not merged a second time."""
    remote = bare(tmp_path)
    a, b = replica(tmp_path, "a", remote), replica(tmp_path, "b", remote)
    day = "memory/2026-01-01.md"
    (a.root / day).write_text(TODAY_BLOCK.format(n=1))
    run_sync(a)
    run_sync(b)
    with (a.root / day).open("a") as handle:
        handle.write("\n" + TODAY_BLOCK.format(n=2))
    with (b.root / day).open("a") as handle:
        handle.write("\n" + TODAY_BLOCK.format(n=3))
    run_sync(a)
    run_sync(b)
    run_sync(a)
    assert shared(a) == shared(b)
    memory = shared(a)["MEMORY.md"]
    assert [memory.count(f"- fact {n}\n") for n in (1, 2, 3)] == [1, 1, 1]
    for ws in (a, b):
        state = ws.read_state().consolidation
        assert state.offsets[day] == len((ws.root / day).read_bytes())
    record = json.loads(remote_files(remote)[RECORD])
    assert len(record["2026-01-01.md"]) == 3


def test_a_forget_on_one_machine_is_not_brought_back(tmp_path):
    remote = bare(tmp_path)
    a, b = replica(tmp_path, "a", remote), replica(tmp_path, "b", remote)
    day = a.root / "memory/2026-01-01.md"
    day.write_text(TODAY_BLOCK.format(n=1) + "\n" + TODAY_BLOCK.format(n=2))
    run_sync(a)
    run_sync(b)
    day.write_text(TODAY_BLOCK.format(n=2))  # forget block 1
    done = run_sync(a)
    run_sync(b)
    assert "fact 1" not in (b.root / "memory/2026-01-01.md").read_text()
    assert "1 forgotten" in remote_log(remote)[0] or done.commit


def test_a_memctl_forget_on_one_machine_hides_the_fact_on_the_others(tmp_path):
    """`memctl forget` leaves the ledgers as they are and records a tombstone: the
    tombstones travel with the memory, so the other machine's search and MEMORY.md
    leave the fact out too, and a later save there does not bring it back."""
    remote = bare(tmp_path)
    a, b = replica(tmp_path, "a", remote), replica(tmp_path, "b", remote)
    save_text(a, "- The staging database is db3")
    save_text(a, "- Deploys happen on Tuesdays")
    run_sync(a)
    run_sync(b)
    assert search(b, "db3", scope="all").hits
    forget(a, load_config(a.config_path), "staging database is db3")
    run_sync(a)
    run_sync(b)
    assert (b.state_dir / "forgotten.jsonl").read_bytes() == (
        a.state_dir / "forgotten.jsonl"
    ).read_bytes()
    assert not search(b, "db3", scope="all").hits
    assert search(b, "Tuesdays", scope="all").hits
    # b's MEMORY.md the teammate's forget replaced is kept: history lists it, by sync.
    kept = [v for v in versions(b) if v.replaced_by == "sync"]
    assert kept and "db3" in (b.root / kept[0].path).read_text()
    save_text(b, "- Releases are cut on Mondays")
    run_sync(b)
    run_sync(a)
    for ws in (a, b):
        memory = ws.memory_md.read_text()
        assert "db3" not in memory and "Mondays" in memory, ws.root.name
    assert a.memory_md.read_text() == b.memory_md.read_text()


def test_a_purge_reaches_the_other_machine_and_no_undo_there_brings_it_back(tmp_path):
    """Audit 3a, 1: b keeps copies of a's secret in its history (a forget of something
    else); a purges it and syncs. b's sync masks every copy b holds (the tombstone holds
    a digest; b's lines of that fact name the text), so b's undo restores no secret, and
    a MEMORY.md holding it (or its mask) is never merged, pushed or taken: the secret is
    in no file of either workspace but git's history, nor in any file of the remote's tip."""
    remote = bare(tmp_path)
    a, b = replica(tmp_path, "a", remote), replica(tmp_path, "b", remote)
    save_text(a, "- Ops note: the vault code is Kestrel-5521.")
    save_text(a, "- Deploys happen on Tuesdays.")
    run_sync(a)
    run_sync(b)
    forget(b, load_config(b.config_path), "Tuesdays")  # keeps a history copy
    run_sync(b)
    run_sync(a)
    # b's own thread (not shared) quoted the fact: a copy of the whole fact, reached too.
    said = "As noted: Ops note: the vault code is Kestrel-5521. Rotate it monthly."
    turn = {"role": "user", "content": said, "ts": "2026-01-01T10:00:00+00:00"}
    (b.root / "threads" / "ops.jsonl").write_text(json.dumps(turn) + "\n")
    assert ".memctl/history" in " ".join(holding(b.root, "Kestrel-5521"))
    forget(a, load_config(a.config_path), "Kestrel-5521", purge=True)
    run_sync(a)
    dry = run_sync(b, dry_run=True)
    assert any(path.startswith(".memctl/history/") for path in dry.purged), dry
    done = run_sync(b)
    assert any(path.startswith(".memctl/history/") for path in done.purged), done
    assert holding(b.root, "Kestrel") == []
    restore(b)  # undo: the MEMORY.md the sync replaced, masked
    run_sync(b)
    run_sync(a)
    config = load_config(a.config_path)
    consolidate(a, config, resolve_model(a, config.memory_model), force=True)
    for ws in (a, b):
        assert holding(ws.root, "Kestrel") == [], ws.root.name
        assert "[forgotten" not in ws.memory_md.read_text(), ws.root.name
        assert "Tuesdays" not in ws.memory_md.read_text(), ws.root.name
    tip = remote_files(remote)
    assert [path for path, text in tip.items() if "kestrel" in text.lower()] == []
    assert "[forgotten" not in tip["MEMORY.md"]


def test_a_forget_stays_done_when_another_machine_undoes_and_a_save_there_unforgets(tmp_path):
    """Audit 3a, 1 (a plain forget): a forgets a fact, b states it again in MEMORY.md (by
    hand: an undo leaves it out now) and syncs: the merged MEMORY.md leaves the fact out
    (and says so), on b, on a and on the remote. A save of the fact on b is the way back: it drops b's tombstone,
    the merge of the tombstones drops it on a too, and both MEMORY.md state it again."""
    remote = bare(tmp_path)
    a, b = replica(tmp_path, "a", remote), replica(tmp_path, "b", remote)
    save_text(a, "- Marco owns billing.")
    save_text(a, "- Deploys happen on Tuesdays.")
    run_sync(a)
    run_sync(b)
    forget(a, load_config(a.config_path), "Marco owns billing")
    run_sync(a)
    run_sync(b)
    assert "Marco" not in b.memory_md.read_text()
    # b's undo to its MEMORY.md before the teammate's forget leaves the fact out (the
    # tombstone stays: audit 4); a hand edit (or an older memctl) states it again.
    assert restore(b).forgotten_out == 1
    assert "Marco" not in b.memory_md.read_text()
    with b.memory_md.open("a", encoding="utf-8") as handle:
        handle.write("- Marco owns billing.\n")
    done = run_sync(b)
    assert done.memory_dropped == 1
    run_sync(a)
    for ws in (a, b):
        memory = ws.memory_md.read_text()
        assert "Marco" not in memory and "Tuesdays" in memory, ws.root.name
    assert "Marco" not in remote_files(remote)["MEMORY.md"]
    save_text(b, "- Marco owns billing.")
    assert run_sync(b).memory_dropped == 0
    run_sync(a)
    for ws in (a, b):
        assert ws.memory_md.read_text().count("Marco owns billing") == 1, ws.root.name
        assert not [s for s in read_tombstones(ws) if "Marco" in s.fact], ws.root.name
        assert search(ws, "Marco", scope="all").hits, ws.root.name


def test_a_forget_and_a_correction_are_counted_where_they_are_sent_and_received(tmp_path):
    """Audit 3a, 13: a plain forget sends no block, only a tombstone: the dry run, the
    result and the commit count it, and the other machine's listing names the workspace's
    tombstones, not the repository's path."""
    remote = bare(tmp_path)
    a, b = replica(tmp_path, "a", remote), replica(tmp_path, "b", remote)
    save_text(a, "- The staging database is db3")
    save_text(a, "- Deploys happen on Tuesdays")
    run_sync(a)
    run_sync(b)
    forget(a, load_config(a.config_path), "staging database is db3")
    dry = run_sync(a, dry_run=True)
    assert (dry.sent, dry.forgotten) == (0, 1)
    done = run_sync(a)
    assert (done.sent, done.forgotten) == (0, 1)
    assert "1 forgotten" in remote_log(remote)[0]
    dry = run_sync(b, dry_run=True)
    assert dry.forgotten == 1 and ".memctl/forgotten.jsonl" in dry.files, dry
    shown = run_memctl(b.root, "sync", "--dry-run")
    assert shown.exit_code == 0 and "1 forgotten" in shown.stderr, shown.stderr
    assert "tombstones" in shown.stderr and ".memctl-sync" not in shown.stderr, shown.stderr
    run_sync(b)
    forget(b, load_config(b.config_path), "Tuesdays", replacement="Deploys happen on Wednesdays")
    done = run_sync(b)
    assert (done.sent, done.forgotten) == (1, 1)
    assert "1 block added, 1 forgotten" in remote_log(remote)[0]
    assert run_sync(a).forgotten == 1


def test_an_undo_past_a_teammates_forget_leaves_the_fact_out(tmp_path):
    """Audit 4: b's undo to the MEMORY.md a sync replaced (a's forget arrived by it)
    stated the forgotten fact again; the tombstone stays (b's undo takes back no forget
    of its own), so the restored file leaves the line out and says so."""
    remote = bare(tmp_path)
    a, b = replica(tmp_path, "a", remote), replica(tmp_path, "b", remote)
    save_text(a, "- Marco owns billing.")
    save_text(a, "- Deploys happen on Tuesdays.")
    run_sync(a)
    run_sync(b)
    forget(a, load_config(a.config_path), "Marco owns billing")
    run_sync(a)
    run_sync(b)
    assert "Marco" not in b.memory_md.read_text()
    planned = restore(b, 1, dry_run=True)
    assert planned.forgotten_out == 1 and "Marco" not in planned.diff
    done = restore(b, 1)
    assert done.forgotten_out == 1
    memory = b.memory_md.read_text()
    assert "Marco" not in memory and "Tuesdays" in memory


# --------------------------------------------------------------------------- nothing lost


def test_a_rewritten_remote_keeps_local_memory_and_says_so(tmp_path):
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote)
    save_text(a, "- kept through a rewrite")
    run_sync(a)
    # someone resets the shared repository: a new, unrelated history
    other = replica(tmp_path, "other", bare(tmp_path, "other.git"))
    save_text(other, "- the other history")
    run_sync(other)
    subprocess.run(
        [
            "git",
            "--git-dir",
            str(other.root / ".memctl/sync.git"),
            "push",
            "-f",
            "-q",
            str(remote),
            "main:main",
        ],
        check=True,
    )
    done = run_sync(a)
    assert done.rewritten and any("rewritten" in note for note in done.notes)
    files = remote_files(remote)
    ledger = "\n".join(v for k, v in files.items() if k.startswith("memory/"))
    assert "kept through a rewrite" in ledger and "the other history" in ledger
    assert "kept through a rewrite" in (a.root / "MEMORY.md").read_text()
    parents = subprocess.run(
        ["git", "--git-dir", str(remote), "log", "-1", "--format=%P", "main"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert len(parents) == 2  # the old history is kept as a parent


def test_an_unreachable_remote_changes_nothing_and_the_next_sync_finishes(tmp_path):
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote)
    save_text(a, "- waits for the network")
    run_sync(a)
    save_text(a, "- written offline")
    remote.rename(tmp_path / "away.git")
    before = snapshot(a.root, locks=False)
    with pytest.raises(SyncError, match="cannot be reached"):
        run_sync(a)
    after = snapshot(a.root, locks=False)
    assert {k: v for k, v in after.items() if "sync.git" not in k} == {
        k: v for k, v in before.items() if "sync.git" not in k
    }
    (tmp_path / "away.git").rename(remote)
    assert run_sync(a).status == "synced"
    assert "written offline" in "".join(remote_files(remote).values())


def _held_lock(tmp_path: Path) -> tuple[Workspace, Path, Path]:
    """a synced once, then b pushed: a's next fetch must update its origin/main, whose
    lock a `git fetch` orphaned by a killed sync holds (made here as git makes it)."""
    remote = bare(tmp_path)
    a, b = replica(tmp_path, "a", remote), replica(tmp_path, "b", remote)
    save_text(a, "- from a")
    run_sync(a)
    save_text(b, "- from b, after the kill")
    run_sync(b)
    save_text(a, "- from a, to push")
    lock = a.state_dir / "sync.git" / "refs" / "remotes" / "origin" / "main.lock"
    lock.write_text("0" * 40 + "\n")
    return a, remote, lock


@pytest.mark.parametrize("held", ["by the fetch", "after the push"])
def test_a_lock_an_orphaned_git_holds_is_waited_for_not_read_as_a_remote_away(
    tmp_path, monkeypatch, held
):
    """The lock goes a moment later (the orphan ended): the sync waits and succeeds.
    Held from the start, it blocks the fetch's update of origin/main; taken as the push
    ends (`packed-refs.lock`, which an orphaned git's ref removal holds), it blocks the
    move of the base to the pushed commit, which removes the push's ref."""
    import threading

    import memctl.pipeline.sync as module

    a, remote, lock = _held_lock(tmp_path)
    timers = [threading.Timer(1.0, lock.unlink)]
    if held == "after the push":
        lock.unlink()
        lock = a.state_dir / "sync.git" / "packed-refs.lock"
        real_push = module.Git.push

        def push(self, commit, branch):  # type: ignore[no-untyped-def]
            pushed = real_push(self, commit, branch)
            lock.write_text("")
            # git itself waits for packed-refs.lock up to core.packedRefsTimeout (1 s).
            timers.append(threading.Timer(2.5, lock.unlink))
            timers[-1].start()
            return pushed

        monkeypatch.setattr(module.Git, "push", push)
    else:
        timers[0].start()
    try:
        result = run_sync(a)
    finally:
        for timer in timers:
            timer.cancel()
    assert result.status == "synced"
    assert len(timers) == 1 + (held == "after the push")
    assert "from b, after the kill" in "".join(shared(a).values())
    assert "from a, to push" in "".join(remote_files(remote).values())
    left = ["git", "--git-dir", str(a.state_dir / "sync.git"), "for-each-ref", "refs/memctl/"]
    assert subprocess.run(left, capture_output=True, text=True, check=True).stdout == ""


def test_a_lock_that_stays_is_named_and_never_removed(tmp_path):
    """The lock outlives the wait: exit 1, one line naming the lock (not "cannot be
    reached"), the lock left where it is (it may be live), the workspace unchanged."""
    a, _, lock = _held_lock(tmp_path)
    before = snapshot(a.root, locks=False)
    done = run_memctl(a.root, "sync")
    assert done.exit_code == 1, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert str(lock) in done.stderr and "another git may be running there" in done.stderr
    assert f"in this workspace's sync repository {a.state_dir / 'sync.git'}:" in done.stderr
    assert "cannot be reached" not in done.stderr
    assert lock.exists()
    after = snapshot(a.root, locks=False)
    assert {k: v for k, v in after.items() if "sync.git" not in k} == {
        k: v for k, v in before.items() if "sync.git" not in k
    }
    lock.unlink()
    assert run_sync(a).status == "synced"


def test_a_lock_that_stays_on_the_remote_is_named_there(tmp_path):
    """The remote's ref lock (`refs/heads/main.lock` in the bare repository) outlives
    the wait: the line names the remote it is on and what to do there, not this
    workspace's repository nor a killed sync, whose git cannot hold the remote's lock
    alone (any git pushing to it can). Exit 1, nothing pushed, the lock left; the next
    sync pushes."""
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote)
    save_text(a, "- from a")
    run_sync(a)
    save_text(a, "- from a, to push")
    lock = remote / "refs" / "heads" / "main.lock"
    lock.write_text("0" * 40 + "\n")
    done = run_memctl(a.root, "sync")
    assert done.exit_code == 1, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert f"stayed locked for 5s on the remote {remote}:" in done.stderr
    assert "another git may be running there" in done.stderr
    assert "remove the lock if no git is running there" in done.stderr
    assert "killed" not in done.stderr and "this workspace's" not in done.stderr
    assert lock.exists()
    assert "from a, to push" not in "".join(remote_files(remote).values())
    lock.unlink()
    assert run_sync(a).status == "synced"
    assert "from a, to push" in "".join(remote_files(remote).values())


def test_a_push_rejected_because_another_pushed_first_is_retried(tmp_path, monkeypatch):
    """b's first push is beaten by a's: b fetches, merges and pushes again."""
    import memctl.pipeline.sync as module

    remote = bare(tmp_path)
    a, b = replica(tmp_path, "a", remote), replica(tmp_path, "b", remote)
    save_text(a, "- a first")
    run_sync(a)
    run_sync(b)
    save_text(b, "- b races")
    real_push = module.Git.push
    raced = []

    def push(self, commit, branch):  # type: ignore[no-untyped-def]
        if not raced:
            raced.append(True)
            save_text(a, "- a wins the race")
            run_sync(a)
        return real_push(self, commit, branch)

    monkeypatch.setattr(module.Git, "push", push)
    done = run_sync(b)
    assert done.attempts == 2 and done.status == "synced"
    text = "".join(remote_files(remote).values())
    assert "b races" in text and "a wins the race" in text


# --------------------------------------------------------------------------- secrets


def _word(rng: random.Random, alphabet: str, size: int) -> str:
    return rng.choice(string.ascii_letters) + "".join(rng.choice(alphabet) for _ in range(size - 1))


SECRET_KINDS = (  # every built-in kind of memctl/core/redact.py, as tests/support/secrets.py has them
    lambda r: (
        "-----BEGIN RSA PRIVATE KEY-----\n"
        + "\n".join(_word(r, B64, 64) for _ in range(8))
        + "\n-----END RSA PRIVATE KEY-----"
    ),
    lambda r: "sk-ant-api03-" + _word(r, ALNUM + "_-", 80),
    lambda r: "sk-proj-" + _word(r, ALNUM + "_-", 60),
    lambda r: "sk_live_" + _word(r, ALNUM, 30),
    lambda r: "whsec_" + _word(r, ALNUM, 32),
    lambda r: "AKIA" + _word(r, string.ascii_uppercase + string.digits, 16).upper(),
    lambda r: "ghp_" + _word(r, ALNUM, 36),
    lambda r: "github_pat_" + _word(r, ALNUM + "_", 60),
    lambda r: "glpat-" + _word(r, ALNUM + "_-", 24),
    lambda r: "xoxb-" + _word(r, string.digits + "-" + ALNUM, 40),
    lambda r: "xapp-1-" + _word(r, ALNUM + "-", 40),
    lambda r: "AIza" + _word(r, ALNUM + "_-", 35),
    lambda r: "ya29." + _word(r, ALNUM + "_-", 80),
    lambda r: "GOCSPX-" + _word(r, ALNUM + "_-", 28),
    lambda r: "hf_" + _word(r, ALNUM, 34),
    lambda r: "npm_" + _word(r, ALNUM, 36),
    lambda r: "pypi-AgEIcHlwaS5vcmc" + _word(r, ALNUM + "_-", 80),
    lambda r: f"SG.{_word(r, ALNUM, 22)}.{_word(r, ALNUM, 43)}",
    lambda r: "SK" + "".join(r.choice("0123456789abcdef") for _ in range(32)),
    lambda r: f"eyJ{_word(r, ALNUM, 30)}.eyJ{_word(r, ALNUM, 40)}.{_word(r, ALNUM, 30)}",
    lambda r: "Authorization: Bearer " + _word(r, ALNUM + "._-", 40),
    lambda r: "Authorization: Basic " + _word(r, B64, 30) + "==",
    lambda r: "DefaultEndpointsProtocol=https;AccountKey=" + _word(r, B64, 80) + "==;",
    lambda r: f"postgres://app:{_word(r, ALNUM, 16)}@db.example.com/shop",
    lambda r: f"redis://:{_word(r, ALNUM, 16)}@cache:6379/0",
    lambda r: f"password={_word(r, ALNUM, 16)}",
    lambda r: f'client_secret: "{_word(r, ALNUM, 16)}"',
    lambda r: f"access_token='{_word(r, ALNUM, 16)}'",
)


def thousand_secrets(seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    return [SECRET_KINDS[n % len(SECRET_KINDS)](rng) for n in range(1000)]


@pytest.mark.slow
def test_a_thousand_secrets_of_every_kind_none_reaches_the_remote(tmp_path):
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote)
    save_text(a, "- a clean fact")
    run_sync(a)
    secrets = thousand_secrets()
    day = a.root / "memory/2026-01-01.md"
    config = load_config(a.config_path)
    redactor = config.redaction.redactor()
    # each one alone is refused, with its line
    for n, secret in enumerate(secrets):
        with pytest.raises(SecretRefused, match=rf"x\.md:{3 + n % 5} holds"):
            check_secrets(redactor, {"x.md": ("\n" * (2 + n % 5) + f"- {secret}\n").encode()})
    # all of them in ledgers, each sync refused until none is left
    blocks = [f"## Pasted {n}\n\n- note {secret}\n" for n, secret in enumerate(secrets)]
    day.write_text("\n".join(blocks))
    with pytest.raises(SecretRefused, match=r"memory/2026-01-01\.md:3 holds a secret"):
        run_sync(a)
    day.write_text("\n".join(blocks[-1:]))
    with pytest.raises(SecretRefused):
        run_sync(a)
    pushed = subprocess.run(
        ["git", "--git-dir", str(remote), "log", "-p", "--all"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert sum(1 for secret in secrets if secret in pushed) == 0
    day.write_text("## Pasted\n\n- a note without one\n")
    assert run_sync(a).status == "synced"


def test_a_refused_sync_leaves_the_workspace_as_it_was(tmp_path):
    remote = bare(tmp_path)
    a, b = replica(tmp_path, "a", remote), replica(tmp_path, "b", remote)
    save_text(b, "- from b")
    run_sync(b)
    (a.root / "memory/2026-01-01.md").write_text("## Pasted\n\n- key ghp_" + "a" * 36 + "\n")
    before = snapshot(a.root, locks=False)
    with pytest.raises(SecretRefused, match=r"2026-01-01\.md:3"):
        run_sync(a)
    after = snapshot(a.root, locks=False)
    assert {k: v for k, v in after.items() if not k.startswith(".memctl")} == {
        k: v for k, v in before.items() if not k.startswith(".memctl")
    }


def test_a_secret_is_refused_even_with_redaction_off(tmp_path):
    """`redaction.enabled: false` keeps secrets out of model prompts' rewriting, not out
    of the shared repository: sync checks with the built-in and configured patterns anyway."""
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote, "redaction:\n  enabled: false\n")
    (a.root / "memory/2026-01-01.md").write_text("## Pasted\n\n- key ghp_" + "b" * 36 + "\n")
    with pytest.raises(SecretRefused, match=r"2026-01-01\.md:3"):
        run_sync(a)
    assert not _has_branch(remote)  # nothing was pushed


@pytest.mark.parametrize(
    "said",
    [
        "The payment gateway API token is bfpay-7Hq2Lm9XzP4wQ8rT.",
        "The warehouse password is Wq8-zz91-Kp0x.",
    ],
)
def test_a_secret_stated_in_prose_is_refused_with_redaction_off(tmp_path, said):
    """Audit 16 M4: a secret said in prose went through sync's secret check (only `API
    token: X` was one); a line stating it is refused now, redaction on or off, and the
    sticky note's password is sent as written."""
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote, "redaction:\n  enabled: false\n")
    day = a.root / "memory/2026-01-01.md"
    day.write_text(f"## Pasted\n\n- {said}\n")
    with pytest.raises(SecretRefused, match=r"2026-01-01\.md:3 holds a secret \(stated_secret\)"):
        run_sync(a)
    assert not _has_branch(remote)
    day.write_text("## Pasted\n\n- The password is on the sticky note.\n")
    assert run_sync(a).status == "synced"


def _has_branch(remote: Path) -> bool:
    done = subprocess.run(
        ["git", "--git-dir", str(remote), "rev-parse", "--verify", "--quiet", "main"],
        capture_output=True,
        check=False,
    )
    return done.returncode == 0


# --------------------------------------------------------------------------- scope, status


def test_state_and_threads_are_never_committed_unless_threads_are_shared(tmp_path):
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote)
    (a.root / "threads/t1.jsonl").write_text('{"role": "user", "content": "hi"}\n')
    save_text(a, "- a fact")
    run_sync(a)
    paths = set(remote_files(remote))
    assert "MEMORY.md" in paths and any(p.startswith("memory/") for p in paths)
    assert not any(p.startswith((".memctl/", "threads/")) for p in paths)
    b = replica(tmp_path, "b", remote, "  share: [ledgers, memory, threads]\n")
    (b.root / "threads/t2.jsonl").write_text('{"role": "user", "content": "there"}\n')
    run_sync(b)
    assert "threads/t2.jsonl" in remote_files(remote)


def test_status_shows_ahead_behind_and_the_last_sync(tmp_path):
    remote = bare(tmp_path)
    a, b = replica(tmp_path, "a", remote), replica(tmp_path, "b", remote)
    save_text(a, "- one")
    run_sync(a)
    run_sync(b)
    save_text(a, "- two")
    config = load_config(a.config_path)
    info = sync_info(a, config)
    assert info.ahead == 2 and info.behind == 0 and info.last_sync
    run_sync(a)
    from memctl.pipeline.sync import Git

    Git(b, str(remote)).fetch("main")
    assert sync_info(b, load_config(b.config_path)).behind == 1


def test_dry_run_writes_nothing(tmp_path):
    remote = bare(tmp_path)
    a, b = replica(tmp_path, "a", remote), replica(tmp_path, "b", remote)
    save_text(a, "- one")
    run_sync(a)
    before = snapshot(b.root, locks=False)
    done = run_sync(b, dry_run=True)
    assert done.status == "dry_run" and done.received == 1
    after = snapshot(b.root, locks=False)
    assert {k: v for k, v in after.items() if ".memctl" not in k} == {
        k: v for k, v in before.items() if ".memctl" not in k
    }
    assert remote_log(remote) and len(remote_log(remote)) == 1


def test_maintain_syncs_on_its_own_schedule_and_a_dead_remote_is_a_warning(tmp_path, cli):
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote, "  every: 15m\n")
    save_text(a, "- synced by cron")
    done = cli("-w", a.root, "maintain")
    assert done.exit_code == 0, done.stderr
    # stderr is no terminal here: the time follows the prefix (issue 23, item 12)
    assert re.search(r"^maintain: \S+ \S+ \S+ synced: ", done.stderr, re.M)
    assert "synced by cron" in "".join(remote_files(remote).values())
    again = cli("-w", a.root, "maintain")  # throttled, and the sync is not due: quiet
    assert "sync" not in again.stderr
    remote.rename(tmp_path / "away.git")
    state = json.loads((a.root / ".memctl/state.json").read_text())
    state["runs"].pop("sync")
    (a.root / ".memctl/state.json").write_text(json.dumps(state))
    failed = cli("-w", a.root, "maintain")
    assert failed.exit_code == 0
    assert (
        re.search(r"^maintain: \S+ \S+ \S+ sync: the remote", failed.stderr, re.M)
        and "cannot be reached" in failed.stderr
    )


def test_maintain_q_logs_a_scheduled_sync_that_keeps_failing(tmp_path, cli):
    """Audit 10, 5: cron's `maintain -q` said nothing when its scheduled sync could not
    reach the remote, so a machine could stop syncing for days with no log line. A
    failure with the last sync within twice sync.every stays quiet under -q (the next
    run syncs); one older (or with no sync ever) is one line in the log; exit 0."""
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote, "  every: 1h\n")
    save_text(a, "- synced by cron")
    assert cli("-q", "-w", a.root, "maintain").exit_code == 0
    remote.rename(tmp_path / "away.git")

    def synced_ago(hours: float) -> None:
        state = json.loads((a.root / ".memctl/state.json").read_text())
        when = datetime.now(UTC) - timedelta(hours=hours)
        state["runs"]["sync"] = when.isoformat(timespec="seconds")
        (a.root / ".memctl/state.json").write_text(json.dumps(state))

    synced_ago(1.5)  # due, and failing: once is no news
    once = cli("-q", "-w", a.root, "maintain")
    assert (once.exit_code, once.stderr) == (0, "")
    synced_ago(3)
    kept = cli("-q", "-w", a.root, "maintain")
    assert kept.exit_code == 0
    (line,) = kept.stderr.splitlines()
    assert re.match(r"maintain: \S+ \S+ \S+ warning: sync: the remote .* cannot be reached", line)
    assert "(last synced " in line
    done = json.loads(cli("-q", "--json", "-w", a.root, "maintain").stdout)
    assert done["sync_overdue"] is True and "cannot be reached" in done["sync_error"]


def test_doctor_asks_the_remote(tmp_path, cli):
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote)
    ok = cli("-w", a.root, "doctor", "--offline")
    assert "sync remote" in ok.stdout
    from memctl.cli.commands.doctor import _sync_checks

    assert _sync_checks(a, load_config(a.config_path), False)[0].ok
    remote.rename(tmp_path / "away.git")
    (check,) = _sync_checks(a, load_config(a.config_path), False)
    assert not check.ok and "cannot be reached" in check.detail


def test_doctor_warns_of_a_remote_whose_branch_holds_files_memctl_did_not_write(tmp_path, cli):
    """fixaudit6: every sync refuses a code repository (exit 2), and doctor said the
    remote answers, nothing more. A remote on this machine is looked at (fetched into a
    throw-away repository: the workspace is left as it was); a warning, exit 0."""
    code = code_repository(tmp_path, "code.git", "main")
    a = replica(tmp_path, "a", code)
    assert "sync remote files" not in cli("-w", a.root, "doctor", "--offline").stdout
    before = snapshot(a.root)  # after doctor's own lock check made the lock file
    done = cli("-w", a.root, "--json", "doctor")
    checks = {c["name"]: c for c in json.loads(done.stdout)["checks"]}
    warned = checks["sync remote files"]
    assert warned["ok"] and warned["warning"]
    assert "branch main holds app.py" in warned["detail"] and "sync refuses it" in warned["detail"]
    assert snapshot(a.root) == before
    own = replica(tmp_path, "own", bare(tmp_path, "own.git"))
    assert "sync remote files" not in cli("-w", own.root, "doctor").stdout


def test_init_from_asks_the_remote_once(tmp_path):
    """fixaudit6: `init --from` asked `git ls-remote` twice (is it there, then which
    branches it has); the one answer serves both."""
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote)
    save_text(a, "- a fact to join")
    assert run_sync(a).status == "synced"
    real = shutil.which("git")
    assert real is not None
    shims = tmp_path / "bin"
    shims.mkdir()
    asked = tmp_path / "asked"
    shim = shims / "git"
    shim.write_text(
        "#!/bin/sh\n"
        f'case " $* " in *" ls-remote "*) echo ls-remote >> "{asked}" ;; esac\n'
        f'exec "{real}" "$@"\n'
    )
    shim.chmod(0o755)
    path = f"{shims}{os.pathsep}{os.environ.get('PATH', '')}"
    joined = run_memctl(None, "init", "--from", remote, tmp_path / "b", env={"PATH": path})
    assert joined.exit_code == 0, joined.stderr
    assert asked.read_text().splitlines() == ["ls-remote"]
    assert "a fact to join" in (tmp_path / "b" / "MEMORY.md").read_text()


def test_init_from_a_bad_url_and_sync_without_a_remote_are_one_line_errors(tmp_path):
    empty = run_memctl(None, "init", "--from", "", tmp_path / "x")
    assert empty.exit_code == 2 and "--from: the git URL is empty" in empty.stderr
    root = tmp_path / "plain"
    init_workspace(root)
    none = run_memctl(root, "sync")
    assert none.exit_code == 2 and "no remote" in none.stderr and "Traceback" not in none.stderr


def test_init_from_a_remote_that_fails_creates_nothing_and_says_why(tmp_path):
    """Audit 5, 10: `init --from /nonexistent/repo.git` created the workspace, recorded
    the bad remote, then said "nothing changed" and quoted git's advice "and the
    repository exists." as the reason. The remote is asked first: a local path git
    refuses is bad input (exit 2), a remote that does not answer a failure (exit 1);
    either way no folder is made and git's own reason is quoted."""
    missing = run_memctl(
        None, "init", "--from", tmp_path / "nonexistent" / "repo.git", tmp_path / "n1"
    )
    assert missing.exit_code == 2, missing.stderr
    assert (
        missing.stderr.count("\n") == 1
        and "does not appear to be a git repository" in missing.stderr
    )
    assert "nothing created" in missing.stderr and "the repository exists" not in missing.stderr
    (tmp_path / "plain").mkdir()
    plain = run_memctl(None, "init", "--from", tmp_path / "plain", tmp_path / "n2")
    assert plain.exit_code == 2 and "not appear to be a git repository" in plain.stderr
    # Nothing listens on port 1 of the loopback: refused at once, no network needed.
    away = run_memctl(None, "init", "--from", "git://127.0.0.1:1/memory.git", tmp_path / "n3")
    assert away.exit_code == 1, away.stderr
    assert "cannot be reached" in away.stderr and "nothing created" in away.stderr
    assert not any((tmp_path / name).exists() for name in ("n1", "n2", "n3"))
    joined = run_memctl(None, "init", "--from", bare(tmp_path), tmp_path / "n4")
    assert joined.exit_code == 0, joined.stderr
    assert "remote:" in (tmp_path / "n4" / "memctl.yaml").read_text()


def test_a_merge_killed_before_its_offsets_is_finished_by_the_next_sync(tmp_path):
    """The note a merge writes before its files says which blocks MEMORY.md holds; a run
    killed after the files (offsets not yet moved) is settled by the next sync, which
    consolidates nothing twice and removes the note."""
    remote = bare(tmp_path)
    a, b = replica(tmp_path, "a", remote), replica(tmp_path, "b", remote)
    day = "memory/2026-01-01.md"
    (a.root / day).write_text(TODAY_BLOCK.format(n=1) + "\n" + TODAY_BLOCK.format(n=2))
    run_sync(a)
    run_sync(b)
    with (b.root / day).open("a") as handle:  # b's own block, consolidated here only
        handle.write("\n" + TODAY_BLOCK.format(n=3))
    config = load_config(b.config_path)
    assert consolidate(b, config, resolve_model(b, config.memory_model)).status == "consolidated"
    note = b.root / ".memctl/sync/merge.json"
    ids = [block_id(block) for block in split_blocks((b.root / day).read_text())]
    note.write_text(json.dumps({"2026-01-01.md": ids}))
    b.update_state(lambda state: state.consolidation.offsets.pop(day))  # the kill
    memory = (b.root / "MEMORY.md").read_text()
    done = run_sync(b)
    assert not note.exists() and not done.consolidated
    assert (b.root / "MEMORY.md").read_text() == memory
    assert b.read_state().consolidation.offsets[day] == len((b.root / day).read_bytes())


# --------------------------------------------------------------------------- shared threads


def test_a_shared_thread_flushed_on_two_machines_is_flushed_once_in_all(tmp_path):
    """Both machines append to one shared thread and flush; after syncs both ways every
    entry of the merged log is in the ledgers exactly once, and a flush on either machine
    has nothing left to do: the watermarks follow the merge, whatever order it chose."""
    remote = bare(tmp_path)
    a, b = replica(tmp_path, "a", remote, THREADS), replica(tmp_path, "b", remote, THREADS)
    say(a, "t1", "base0")
    run_flush(a)
    run_sync(a)
    run_sync(b)
    assert run_flush(b).skipped  # base0 was flushed on a: not again on b
    say(a, "t1", "a1", "a2")
    say(b, "t1", "b1")
    run_flush(a)
    run_flush(b)
    say(a, "t1", "a3")  # appended after a's flush: still a's to flush
    for ws in (a, b, a, b):
        run_sync(ws)
    for name in ("base0", "a1", "a2", "b1"):
        assert [ledger_count(a, name), ledger_count(b, name)] == [1, 1], name
    assert (a.root / "threads/t1.jsonl").read_bytes() == (b.root / "threads/t1.jsonl").read_bytes()
    flushed = [run_flush(a), run_flush(b)]
    # a3 is a's to flush (a appended it): b leaves it, so it is never flushed twice.
    assert [sum(t.entries_sent for t in f.threads) for f in flushed] == [1, 0]
    for ws in (a, b, a):
        run_sync(ws)
    for name in ("base0", "a1", "a2", "b1", "a3"):
        assert [ledger_count(a, name), ledger_count(b, name)] == [1, 1], name
    assert all(f.skipped for f in (run_flush(a), run_flush(b)))
    assert shared(a) == shared(b)


# --------------------------------------------------------------------------- crash points


def _crash_template(tmp_path: Path) -> Path:
    """a and b share blocks 1-2; b has pushed 3 and 4; a has its own 5, not synced."""
    template = tmp_path / "template"
    remote = bare(template)
    a, b = replica(template, "a", remote), replica(template, "b", remote)
    day = "memory/2026-01-01.md"
    (a.root / day).write_text(TODAY_BLOCK.format(n=1) + "\n" + TODAY_BLOCK.format(n=2))
    run_sync(a)
    run_sync(b)
    with (b.root / day).open("a") as handle:
        handle.write("\n" + TODAY_BLOCK.format(n=3) + "\n" + TODAY_BLOCK.format(n=4))
    run_sync(b)
    with (a.root / day).open("a") as handle:
        handle.write("\n" + TODAY_BLOCK.format(n=5))
    return template


def _copy(template: Path, to: Path) -> tuple[Workspace, Workspace]:
    shutil.copytree(template, to)
    for name in ("a", "b"):
        config = to / name / "memctl.yaml"
        config.write_text(config.read_text().replace(str(template), str(to)))
    return Workspace(to / "a", "UTC"), Workspace(to / "b", "UTC")


def _sync_killed(ws: Workspace, **crash: str) -> subprocess.CompletedProcess[str]:
    """`memctl sync` on `ws` in a process of its own (forked: tests/support/forkserver.py),
    with the crash point's MEMCTL_CRASH_* settings `crash`."""
    from tests.support import forkserver
    from tests.support.helpers import crash_path

    env = {
        **os.environ,
        "PYTHONPATH": crash_path(),
        "MEMCTL_CRASH_ROOT": str(ws.root),
        **crash,
    }
    return forkserver.run(["-w", ws.root, "sync"], env=env, timeout=120, text=True)


@pytest.fixture(scope="module")
def killed_syncs(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Path]:
    """The crash template's a, b and remote after a's sync (which merges what b pushed)
    was killed before its file operation N, for every N: made once for both forgetters,
    which copy them (a memctl started per point, about half of that test's time)."""
    scratch = tmp_path_factory.mktemp("killed-syncs")
    with pytest.MonkeyPatch.context() as monkeypatch:
        isolate(monkeypatch)  # this setup runs before any test's isolated_env
        template = _crash_template(scratch)
        log = scratch / "clean.log"
        a, _ = _copy(template, scratch / "clean")
        assert _sync_killed(a, MEMCTL_CRASH_LOG=str(log)).returncode == 0
        operations = len(log.read_text().splitlines())
        assert operations > 5
        killed_at = {}
        for point in range(1, operations + 1):
            a, _ = _copy(template, scratch / f"at{point}")
            killed = _sync_killed(a, MEMCTL_CRASH_AT=str(point))
            assert killed.returncode in (0, -9), killed.stderr
            killed_at[point] = a.root.parent
    return killed_at


@pytest.mark.parametrize("forgetter", ["b", "a"])
def test_a_sync_killed_at_any_write_is_finished_by_the_next_with_nothing_lost(
    tmp_path, forgetter, killed_syncs
):
    """SIGKILL before each file operation of a sync that merges what b pushed (the note,
    the ledger, MEMORY.md, state.json, the note cut, ...); then one of the blocks a was
    merging (3) is forgotten: on b, which syncs; or on a itself, where the killed merge
    had written it (a forget rewrites the file, so the journal cannot find the bytes it
    wrote at its start). a's next sync must finish the merge: a's own block and b's kept
    once each, the forgotten one not brought back (a merge killed after its files but
    before its base moved read it as a's own addition), the same files on both."""
    day = "memory/2026-01-01.md"
    forgotten_here = 0
    for point, killed in killed_syncs.items():
        a, b = _copy(killed, tmp_path / f"at{point}")
        ws = a if forgetter == "a" else b
        blocks = split_blocks((ws.root / day).read_text())
        if not any("fact 3" in blk for blk in blocks):
            continue  # the killed merge had not written it on a
        (ws.root / day).write_text("\n".join(blk for blk in blocks if "fact 3" not in blk))
        forgotten_here += ws is a
        run_sync(b)
        for ws in (a, b, a):
            run_sync(ws)
        blocks = split_blocks((a.root / day).read_text())
        facts = sorted(line for blk in blocks for line in blk.splitlines() if "fact" in line)
        assert facts == ["- fact 1", "- fact 2", "- fact 4", "- fact 5"], point
        assert shared(a) == shared(b), point
        assert not (a.root / ".memctl/sync/merge.json").exists(), point
    assert forgotten_here > 3 or forgetter == "b"


@pytest.mark.parametrize("forgetter", ["a", "b"])
@pytest.mark.parametrize("pushed", ["before its end", "by an orphaned git push"])
def test_a_sync_killed_around_its_push_brings_back_nothing_forgotten(tmp_path, forgetter, pushed):
    """SIGKILL once `git push` has ended, before the base moves to the pushed commit; or
    just before the push, whose commit a `git push` the kill orphaned sends all the same
    (a killed memctl does not take its git with it). a's block 5 is on the remote then;
    forgotten afterwards, on a or on b, it must stay gone, and b's forget of 3 too; a
    block added after the kill (6) must reach both machines once."""
    a, b = _copy(_crash_template(tmp_path), tmp_path / "run")
    remote = tmp_path / "run" / "remote.git"
    day = "memory/2026-01-01.md"
    after = "git push" if pushed == "before its end" else "git update-ref refs/memctl/pushing/"
    killed = _sync_killed(a, MEMCTL_CRASH_AFTER_EXEC=after)
    assert killed.returncode == -9, killed.stderr
    if pushed != "before its end":  # the orphan's push, landing after the kill
        git = ["git", "--git-dir", str(a.root / ".memctl/sync.git")]
        refs = ["for-each-ref", "--format=%(objectname)", "refs/memctl/pushing/"]
        commit = subprocess.run([*git, *refs], capture_output=True, text=True, check=True)
        push = [*git, "push", "-q", "origin", f"{commit.stdout.strip()}:refs/heads/main"]
        subprocess.run(push, check=True)
    assert "fact 5" in remote_files(remote)[day]

    def forget(ws: Workspace, fact: str) -> None:
        kept = [blk for blk in split_blocks((ws.root / day).read_text()) if fact not in blk]
        (ws.root / day).write_text("\n".join(kept))

    if forgetter == "b":
        run_sync(b)
    forget(a if forgetter == "a" else b, "fact 5")
    forget(b, "fact 3")
    with (a.root / day).open("a") as handle:
        handle.write("\n" + TODAY_BLOCK.format(n=6))
    for ws in (b, a, b, a):
        run_sync(ws)
    blocks = split_blocks((a.root / day).read_text())
    facts = sorted(line for blk in blocks for line in blk.splitlines() if "fact" in line)
    assert facts == ["- fact 1", "- fact 2", "- fact 4", "- fact 6"]
    assert shared(a) == shared(b)
    assert remote_files(remote)[day] == (a.root / day).read_text()
    left = ["git", "--git-dir", str(a.root / ".memctl/sync.git"), "for-each-ref", "refs/memctl/"]
    assert subprocess.run(left, capture_output=True, text=True, check=True).stdout == ""


def test_an_orphaned_push_landing_during_the_next_sync_is_taken_as_its_base(tmp_path, monkeypatch):
    """a's sync is killed just before its push, whose `git push` lands only while a's next
    sync is under way (after its fetch, before its own push, which the remote then
    rejects): the retry must take the landed commit as its base, so the block 5 that a
    forgot after the kill, and that the landed commit holds, stays forgotten."""
    import memctl.pipeline.sync as module

    a, b = _copy(_crash_template(tmp_path), tmp_path / "run")
    remote = tmp_path / "run" / "remote.git"
    day = "memory/2026-01-01.md"
    killed = _sync_killed(a, MEMCTL_CRASH_AFTER_EXEC="git update-ref refs/memctl/pushing/")
    assert killed.returncode == -9, killed.stderr
    git = ["git", "--git-dir", str(a.root / ".memctl/sync.git")]
    refs = ["for-each-ref", "--format=%(objectname)", "refs/memctl/pushing/"]
    orphan = subprocess.run([*git, *refs], capture_output=True, text=True, check=True).stdout
    kept = [blk for blk in split_blocks((a.root / day).read_text()) if "fact 5" not in blk]
    (a.root / day).write_text("\n".join(kept))
    real_push = module.Git.push
    landed: list[str] = []

    def push(self, commit, branch):  # type: ignore[no-untyped-def]
        if not landed:
            landed.append(orphan.strip())
            subprocess.run([*git, "push", "-q", "origin", f"{landed[0]}:refs/heads/main"])
        return real_push(self, commit, branch)

    monkeypatch.setattr(module.Git, "push", push)
    assert run_sync(a).attempts == 2
    for ws in (b, a):
        run_sync(ws)
    blocks = split_blocks((b.root / day).read_text())
    facts = sorted(line for blk in blocks for line in blk.splitlines() if "fact" in line)
    assert facts == ["- fact 1", "- fact 2", "- fact 3", "- fact 4"]
    assert shared(a) == shared(b)
    assert "fact 5" not in remote_files(remote)[day]


def test_a_purged_ledger_a_sync_brings_makes_no_masked_bullet(tmp_path):
    """A purge on one machine masks a ledger line not yet consolidated; a sync brings
    that ledger to the other, whose next consolidation must not make the mask a
    MEMORY.md bullet, and the merged MEMORY.md the next syncs share neither."""
    remote = bare(tmp_path)
    a, b = replica(tmp_path, "a", remote), replica(tmp_path, "b", remote)
    (a.root / "memory" / "2026-01-01.md").write_text(
        "## Memory Save — 2026-01-01T10:00:00+00:00\n\n"
        "- The vault code is hunter2zz\n- Deploys happen on Tuesdays\n"
    )
    forget(a, load_config(a.config_path), "hunter2zz", purge=True)
    run_sync(a)
    run_sync(b)
    assert "[forgotten" in (b.root / "memory" / "2026-01-01.md").read_text()
    for ws in (b, a):
        config = load_config(ws.config_path)
        consolidate(ws, config, resolve_model(ws, config.memory_model))
        run_sync(ws)
    run_sync(b)
    for ws in (a, b):
        memory = ws.memory_md.read_text()
        assert "[forgotten" not in memory and "hunter2zz" not in memory, ws.root.name
        assert "Tuesdays" in memory, ws.root.name


def test_a_fact_of_three_lines_forgotten_counts_one_where_sent_and_received(tmp_path):
    """Audit 5 #12: a fact saved with continuation lines gets a tombstone a line (each
    states it on its own), and sync said "3 forgotten" for the one forget."""
    remote = bare(tmp_path)
    a, b = replica(tmp_path, "a", remote), replica(tmp_path, "b", remote)
    text = "The deploy checklist has two steps\ndrain the blue pool first\nthen flip the gateway"
    assert run_memctl(a.root, "save", text).exit_code == 0
    assert run_memctl(a.root, "sync").exit_code == 0
    assert run_memctl(b.root, "sync").exit_code == 0
    assert run_memctl(a.root, "forget", "deploy checklist").exit_code == 0
    assert len(read_tombstones(a)) == 3

    sent = run_memctl(a.root, "sync")
    received = run_memctl(b.root, "sync")

    assert "1 forgotten" in sent.stderr and "1 forgotten" in received.stderr, sent.stderr
    assert "1 forgotten" in remote_log(remote)[0]


# --------------------------------------------------------------------------- not ours


def code_repository(tmp_path: Path, name: str, branch: str) -> Path:
    """A bare repository whose `branch` holds a code file (and whose HEAD names it)."""
    remote = tmp_path / name
    subprocess.run(["git", "init", "-q", "--bare", "-b", branch, str(remote)], check=True)
    work = tmp_path / (name + "-work")
    subprocess.run(["git", "init", "-q", "-b", branch, str(work)], check=True)
    (work / "app.py").write_text("print(1)\n")
    who = ["-c", "user.name=dev", "-c", "user.email=dev@example.org"]
    for step in (["add", "app.py"], [*who, "commit", "-q", "-m", "code"]):
        subprocess.run(["git", "-C", str(work), *step], check=True)
    subprocess.run(["git", "-C", str(work), "push", "-q", str(remote), branch], check=True)
    return remote


def branches(remote: Path) -> dict[str, str]:
    listing = subprocess.run(
        ["git", "--git-dir", str(remote), "for-each-ref", "--format=%(refname) %(objectname)"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return dict(line.split() for line in listing.splitlines())


@pytest.mark.parametrize("branch", ["main", "master"])
def test_a_repository_holding_files_memctl_did_not_write_is_refused_not_pushed_over(
    tmp_path, branch
):
    """Audit 6, C: `init --from` a code repository pushed a commit deleting its files
    (and one whose branch is `master` got a `main` of memory beside it). Both refuse,
    exit 2 in one line naming the remote, the branch and a file memctl did not write;
    nothing pushed, and for `init --from` no folder made."""
    code = code_repository(tmp_path, "code.git", branch)
    before = branches(code)
    joined = run_memctl(None, "init", "--from", code, tmp_path / "joined")
    assert joined.exit_code == 2, joined.stderr
    assert joined.stderr.count("\n") == 1 and "Traceback" not in joined.stderr
    assert str(code) in joined.stderr and f"branch {branch} holds app.py" in joined.stderr
    assert "nothing created" in joined.stderr and not (tmp_path / "joined").exists()
    ws = replica(tmp_path, "ws", code)
    save_text(ws, "- a fact that must not land in the code repository")
    memory = ws.memory_md.read_bytes()
    synced = run_memctl(ws.root, "sync")
    assert synced.exit_code == 2, synced.stderr
    assert synced.stderr.count("\n") == 1 and f"branch {branch} holds app.py" in synced.stderr
    assert "nothing pushed" in synced.stderr
    assert branches(code) == before and ws.memory_md.read_bytes() == memory


def test_an_empty_repository_a_memctl_one_and_a_branch_asked_for_still_sync(tmp_path):
    """What the refusal leaves working: an empty repository, one memctl wrote (every
    share, including the ones this machine does not share), and a branch of its own
    named in sync.branch beside a code repository's `master`."""
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote, "  share: [ledgers, memory, threads]\n")
    save_text(a, "- shared through an empty repository")
    say(a, "standup", "Priya")
    assert run_sync(a).status == "synced"
    assert any(path.startswith("threads/") for path in remote_files(remote))
    joined = run_memctl(None, "init", "--from", remote, tmp_path / "b")
    assert joined.exit_code == 0, joined.stderr
    assert "shared through an empty repository" in (tmp_path / "b" / "MEMORY.md").read_text()
    code = code_repository(tmp_path, "code.git", "master")
    c = replica(tmp_path, "c", code, "  branch: memory\n")
    save_text(c, "- on a branch of its own")
    assert run_sync(c).status == "synced"
    assert sorted(branches(code)) == ["refs/heads/master", "refs/heads/memory"]
    assert "app.py" not in remote_files(code, "memory")


def test_maintain_warns_of_a_repository_memctl_does_not_own_and_pushes_nothing(tmp_path, cli):
    """cron's sync against a code repository: a warning each run (exit 0), nothing pushed."""
    code = code_repository(tmp_path, "code.git", "main")
    before = branches(code)
    a = replica(tmp_path, "a", code, "  every: 15m\n")
    save_text(a, "- not for the code repository")
    done = cli("-w", a.root, "maintain")
    assert done.exit_code == 0, done.stderr
    assert re.search(r"^maintain: .* sync: the remote .* holds app\.py", done.stderr, re.M)
    assert branches(code) == before
