"""The README's recipe for purging a remote's history, on real bare repositories (audit
19): the rewrite, force-pushed, then every machine deletes `.memctl/sync.git` and syncs.
A sync with no base matched nothing of a thread log and appended each machine's whole
log to the remote's (N machines, N+1 copies, unflushed forever, F1); a log that holds
such copies is repaired by the next sync. A machine that kept its folder pushed the old
history, purged bytes included, back as a second parent (F2): it keeps its files now,
not that history."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from memctl.core.forgotten import mask, parse_tombstones
from memctl.pipeline.sync import GIT_DIR, _masked_in_place, _without_copies, merge_items
from tests.support.helpers import run_memctl
from tests.support.sync import (
    GIT,
    THREADS,
    bare,
    ledger_count,
    remote_files,
    replica,
    run_flush,
    run_sync,
    save_text,
)

pytestmark = [pytest.mark.skipif(GIT is None, reason="sync needs git"), pytest.mark.slow]

TOKEN = "bfpay-Z9k3Lq7Rt2Wx5Vn8"


def _git(*args: str, cwd: Path | None = None) -> str:
    done = subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def _rewrite(tmp_path: Path, remote: Path, edit: dict[str, str] | None = None) -> None:
    """The recipe's rewrite: a fresh repository from the remote's current files (`edit`:
    some of them replaced), force-pushed over it."""
    fresh = tmp_path / "fresh"
    shutil.rmtree(fresh, ignore_errors=True)
    fresh.mkdir()
    archive = subprocess.run(
        ["git", "--git-dir", str(remote), "archive", "main"], capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(fresh)], input=archive, check=True)
    for rel, text in (edit or {}).items():
        (fresh / rel).write_text(text)
    _git("init", "-q", "-b", "main", cwd=fresh)
    _git("add", "-A", cwd=fresh)
    _git("commit", "-qm", "rewritten", cwd=fresh)
    _git("push", "-q", "-f", str(remote), "main", cwd=fresh)


def _forget_repository(ws) -> None:  # type: ignore[no-untyped-def]
    shutil.rmtree(ws.state_dir / GIT_DIR)


def _counts(ws) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    done = run_memctl(ws.root, "status", "--json")
    assert done.exit_code == 0, done.stderr
    counted = json.loads(done.stdout)
    return counted["unflushed_entries"], counted["unflushed_elsewhere"]


def _copied_marks(ws, theirs: list[int]) -> None:  # type: ignore[no-untyped-def]
    """The watermark of `ops` as an older memctl's sync set it on its copied log."""

    def mark(state) -> None:  # type: ignore[no-untyped-def]
        record = state.mark("ops")
        record.flushed, record.theirs, record.elsewhere = 3, theirs, None
        record.stamp = record.place = record.block = None

    ws.update_state(mark)


def _history(remote: Path) -> str:
    return _git("--git-dir", str(remote), "log", "-p", "--all")


def _say_at(ws, minute: int, *names: str) -> None:  # type: ignore[no-untyped-def]
    """`say`, at a minute of its own: the turns of a log that lasted minutes, so a copy
    of its start appended after them goes back in time (which a sync repairs)."""
    from memctl.core.threads import append_entries

    stamp = f"2026-12-05T09:{minute:02}:00+00:00"
    turns = [f"The server for {n} is named host-{n}." for n in names]
    append_entries(ws, "ops", [{"role": "user", "content": t, "ts": stamp} for t in turns])


def _shared_pair(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Two machines sharing thread logs, each with turns flushed and one not, synced."""
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote, THREADS)
    b = replica(tmp_path, "b", remote, THREADS)
    _say_at(a, 1, "a1", "a2")
    run_flush(a)
    run_sync(a)
    run_sync(b)
    _say_at(b, 2, "b1")
    run_flush(b)
    _say_at(b, 3, "b2")  # appended on b, not flushed yet: b's to flush
    for ws in (b, a):
        run_sync(ws)
    return remote, a, b


def test_the_history_purge_recipe_doubles_no_thread_log_line(tmp_path: Path) -> None:
    """F1: after the rewrite each machine deletes its repository and syncs: the logs
    came out 2 and 3 copies long, on every machine and the remote, and `status` owed
    the copies to "another machine" forever. Now every log and the remote's are the
    log as it was, later syncs commit nothing, and only b's own turn is owed."""
    remote, a, b = _shared_pair(tmp_path)
    log = (a.root / "threads/ops.jsonl").read_bytes()
    assert len(log.splitlines()) == 4 and (b.root / "threads/ops.jsonl").read_bytes() == log
    _rewrite(tmp_path, remote)
    for ws in (a, b):
        _forget_repository(ws)
        run_sync(ws)
    run_sync(a)
    for ws in (a, b):
        assert (ws.root / "threads/ops.jsonl").read_bytes() == log, ws.root.name
    assert remote_files(remote)["threads/ops.jsonl"].encode() == log
    assert run_sync(a).commit is None and run_sync(b).commit is None
    assert _counts(a) == (0, 1) and _counts(b) == (1, 0)
    run_flush(b)
    for ws in (b, a):
        run_sync(ws)
    assert [ledger_count(a, name) for name in ("a1", "a2", "b1", "b2")] == [1, 1, 1, 1]
    assert _counts(a) == (0, 0) and _counts(b) == (0, 0)


def test_a_log_an_older_memctl_copied_is_repaired_by_the_next_syncs(tmp_path: Path) -> None:
    """F1's repair: what an older memctl left (each log and the remote's three copies of
    itself, the copies owed to another machine) is collapsed to the log by the next
    sync on each machine, which says so; nothing is flushed twice, nothing owed."""
    remote, a, b = _shared_pair(tmp_path)
    log = (a.root / "threads/ops.jsonl").read_text()
    _rewrite(tmp_path, remote, {"threads/ops.jsonl": log * 3})
    # The marks that memctl's merge left: a flushed lines 0-2, the rest another's; b's
    # own turn (line 3, not flushed) is its last copy, line 11, the copies another's.
    for ws, theirs in ((a, range(3, 12)), (b, range(3, 11))):
        (ws.root / "threads/ops.jsonl").write_text(log * 3)
        _copied_marks(ws, list(theirs))
        _forget_repository(ws)
    assert _counts(a) == (0, 9) and _counts(b) == (1, 8)
    first = run_sync(a)
    assert any("threads/ops.jsonl: dropped 8 lines repeating" in n for n in first.notes)
    run_sync(b)
    for ws in (a, b):
        assert (ws.root / "threads/ops.jsonl").read_text() == log, ws.root.name
    assert remote_files(remote)["threads/ops.jsonl"] == log
    run_flush(b)
    for ws in (b, a, b):
        run_sync(ws)
    assert [ledger_count(a, name) for name in ("a1", "a2", "b1", "b2")] == [1, 1, 1, 1]
    assert _counts(a) == (0, 0) and _counts(b) == (0, 0)


def test_turns_of_one_second_a_purge_masked_alike_stay_each_a_turn(tmp_path: Path) -> None:
    """Turns said in one second that a purge masked whole are alike byte for byte: the
    repair of F1 read them as copies of the log's first line and dropped them (4 turns
    became 1 on the machine that purged, 3 or 5 elsewhere). They stay, on both machines
    and the remote, through the purge recipe too."""
    from memctl.core.threads import append_entries

    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote, THREADS)
    stamp = "2026-12-05T09:00:00+00:00"
    turns = [f"Gateway svc{n} answers to {TOKEN} on port 80{n}." for n in range(1, 5)]
    append_entries(a, "ops", [{"role": "user", "content": t, "ts": stamp} for t in turns])
    run_flush(a)
    run_sync(a)
    b = replica(tmp_path, "b", remote, THREADS)
    run_sync(b)
    purged = run_memctl(a.root, "forget", TOKEN, "--purge", "--all")
    assert purged.exit_code == 0, purged.stderr
    for ws in (a, b, a):
        run_sync(ws)
    log = (a.root / "threads/ops.jsonl").read_text()
    assert TOKEN not in log and len(log.splitlines()) == 4 and len(set(log.splitlines())) == 1
    assert (b.root / "threads/ops.jsonl").read_text() == log
    _rewrite(tmp_path, remote)
    for ws in (a, b):
        _forget_repository(ws)
        run_sync(ws)
    for ws in (a, b):
        assert (ws.root / "threads/ops.jsonl").read_text() == log, ws.root.name
    assert remote_files(remote)["threads/ops.jsonl"] == log


def test_a_merge_with_no_base_matches_lines_by_their_bytes_masked_or_not() -> None:
    """The merge's part of F1, without git: no base, the same lines on both sides are
    one log, a line only one side holds is added once, and a plain line the other side
    holds masked (a purge that side synced) is that masked line, not a second one."""
    one, two, three = (f'{{"content":"{n}","ts":"2026-12-05T09:0{n}:00Z"}}\n' for n in (1, 2, 3))
    assert merge_items([], [one, two], [one, two, three]) == [one, two, three]
    plain = '{"content":"token bfpay-Z9k3 here"}\n'
    masked = plain.replace("bfpay-Z9k3", mask(len(b"bfpay-Z9k3")).decode())
    sides = _masked_in_place([[], [one, masked], [one, plain]])
    assert sides == [[], [one, masked], [one, masked]]
    assert _without_copies([one, two, one, two, one, two, three]) == [one, two, three]
    assert _without_copies([one, two, three, two]) == [one, two, three, two]
    assert _without_copies([one, two, one, three]) == [one, two, one, three]
    assert _without_copies([masked, masked, masked]) == [masked, masked, masked]


def test_a_log_that_opens_with_a_turn_said_twice_in_one_second_keeps_both(
    tmp_path: Path,
) -> None:
    """Review 32 F1: a bot's "ok", "ok" in one second at a log's start read as a copy of
    the log's start: every sync dropped the second (on the machine that said it, the
    remote and the others), and every later entry moved up one, so the ledger headings
    citing entry numbers named the wrong turn. A copy goes back in time; these do not."""
    from memctl.core.threads import append_entries

    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote, THREADS)
    b = replica(tmp_path, "b", remote, THREADS)
    stamp = "2026-12-05T09:00:00+00:00"
    turns = [("assistant", "ok"), ("assistant", "ok"), ("user", "next"), ("assistant", "ok")]
    append_entries(a, "t1", [{"role": r, "content": c, "ts": stamp} for r, c in turns])
    log = (a.root / "threads/t1.jsonl").read_text()
    for ws in (a, b, a, b):
        assert not any("repeating" in note for note in run_sync(ws).notes)
    for ws in (a, b):
        assert (ws.root / "threads/t1.jsonl").read_text() == log, ws.root.name
    assert remote_files(remote)["threads/t1.jsonl"] == log
    pair = [f'{{"content":"{c}","ts":"2026-12-05T09:00:00Z"}}\n' for c in ("ok", "ok")]
    assert _without_copies([pair[0], pair[1], pair[0], pair[1]]) == pair * 2


def test_a_machine_that_kept_its_repository_pushes_no_purged_history_back(
    tmp_path: Path,
) -> None:
    """F2: b keeps `.memctl/sync.git` through the recipe (forgotten, or its cron job ran
    first). Its sync took the rewrite for an accident and pushed the old history, the
    purged token in it, back as a second parent. Now the old history is not kept when it
    holds purged text: b's files (a fact it saved since) are merged and pushed on a
    single parent, the note says why, and the remote's whole history holds no copy."""
    remote = bare(tmp_path)
    a, b = replica(tmp_path, "a", remote), replica(tmp_path, "b", remote)
    save_text(a, f"- The staging gateway answers to {TOKEN} from checkout.")
    save_text(a, "- Deploys happen on Tuesdays.")
    for ws in (a, b):
        run_sync(ws)
    purged = run_memctl(a.root, "forget", TOKEN, "--purge")
    assert purged.exit_code == 0, purged.stderr
    # F12: a workspace that syncs is told where the text still is, and what to do.
    assert f"forget: this workspace syncs with {remote}: once every machine has synced " in (
        purged.stderr
    )
    for ws in (a, b, a):
        run_sync(ws)
    assert TOKEN in _history(remote)
    _rewrite(tmp_path, remote)
    assert TOKEN not in _history(remote)
    _forget_repository(a)
    run_sync(a)
    save_text(b, "- The on-call rotation changes on Mondays.")
    planned = run_sync(b, dry_run=True)
    done = run_sync(b)
    assert done.rewritten and done.commit is not None
    assert TOKEN not in _history(remote)
    today = parse_tombstones((a.state_dir / "forgotten.jsonl").read_text())[0].at[:10]
    assert any(f"holds text purged on {today}: it would not be kept" in n for n in planned.notes)
    assert any(f"holds text purged on {today}: it was not kept" in n for n in done.notes)
    assert not any("second parent" in n for n in done.notes)
    parents = _git("--git-dir", str(remote), "log", "-1", "--format=%P", "main").split()
    assert len(parents) == 1
    ledgers = "".join(v for k, v in remote_files(remote).items() if k.startswith("memory/"))
    assert "on-call rotation" in ledgers and "Tuesdays" in ledgers
    run_sync(a)
    assert "on-call rotation" in a.memory_md.read_text()


def test_a_rewrite_whose_old_history_holds_nothing_purged_keeps_it(tmp_path: Path) -> None:
    """What F2 keeps: a remote rewritten by accident (no purge's text in the old
    history) is merged and pushed on top with the old history as its second parent. A
    machine with nothing to push said it kept the old history "as the second parent of"
    no commit (F12's wording): it says nothing was pushed now."""
    remote = bare(tmp_path)
    a, b = replica(tmp_path, "a", remote), replica(tmp_path, "b", remote)
    save_text(a, "- Deploys happen on Tuesdays.")
    for ws in (a, b):
        run_sync(ws)
    _rewrite(tmp_path, remote)
    same = run_sync(a)  # nothing here the rewrite lacks: no commit, so no old history
    assert same.commit is None
    assert same.notes == [
        "the remote's history was rewritten (force-pushed or reset): local memory held "
        "nothing it lacks: nothing was pushed, nor the old history"
    ]
    save_text(b, "- The on-call rotation changes on Mondays.")
    done = run_sync(b)
    assert done.rewritten and not any("purged on" in n for n in done.notes)
    assert any("second parent" in n for n in done.notes)
    parents = _git("--git-dir", str(remote), "log", "-1", "--format=%P", "main").split()
    assert len(parents) == 2
