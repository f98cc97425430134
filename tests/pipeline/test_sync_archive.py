"""An archive on one machine, across sync (audit 19 F3, F12): the dry run said "would
change nothing", the commit "0 blocks added" while it moved a ledger, and the receiving
machine archived a ledger its own `daily_file_retention_days` keeps, so its plain
search lost it. Each machine keeps its ledgers where its own retention puts them now;
the repository holds a ledger archived once any machine archived it, and the syncs that
send that move name it."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest

from memctl.core.config import load_config
from memctl.pipeline.archive import archive
from tests.support.helpers import run_memctl
from tests.support.sync import GIT, bare, remote_files, remote_log, replica, run_sync

pytestmark = [pytest.mark.skipif(GIT is None, reason="sync needs git"), pytest.mark.slow]


def _retention(ws, days: int) -> None:  # type: ignore[no-untyped-def]
    path = ws.config_path
    path.write_text(path.read_text() + f"memory:\n  daily_file_retention_days: {days}\n")


def _ledger(ws, day: str, text: str) -> None:  # type: ignore[no-untyped-def]
    path = ws.root / "memory" / f"{day}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as handle:
        if path.stat().st_size:
            handle.write("\n")
        handle.write(f"## Memory Save — {day}T09:00:00+00:00\n\n- {text}\n")


def _places(ws) -> list[str]:  # type: ignore[no-untyped-def]
    return sorted(ws.relative(path) for path in ws.daily_files(include_archive=True))


def _ahead(ws) -> int:  # type: ignore[no-untyped-def]
    done = run_memctl(ws.root, "status", "--json")
    assert done.exit_code == 0, done.stderr
    return int(json.loads(done.stdout)["sync"]["ahead"])


def test_an_archive_is_sent_by_name_and_each_machine_keeps_its_own_retention(
    tmp_path: Path,
) -> None:
    remote = bare(tmp_path)
    a, b = replica(tmp_path, "a", remote), replica(tmp_path, "b", remote)
    day = (a.today() - timedelta(days=40)).isoformat()
    ledger = f"memory/{day}.md"
    _ledger(a, day, "The on-call rotation changes on Mondays.")
    for ws in (a, b):
        run_sync(ws)
    assert _places(b) == [ledger]
    _retention(a, 3)
    moved = archive(a, load_config(a.config_path))
    assert [m.target for m in moved.moved] == [f"memory/archive/{day}.md"]

    planned = run_memctl(a.root, "sync", "--dry-run")
    assert planned.exit_code == 0, planned.stderr
    assert (
        f"sync: would move 1 ledger archived here into memory/archive/ on the remote ({ledger})"
        in planned.stderr
    )
    assert "would change no file here; would receive 0, send 0 blocks, 1 ledger archived" in (
        planned.stderr
    )
    done = run_memctl(a.root, "sync")
    assert "received 0, sent 0 blocks, 1 ledger archived; pushed" in done.stderr, done.stderr
    assert remote_log(remote)[0].endswith(": 1 ledger archived"), remote_log(remote)
    assert f"memory/archive/{day}.md" in remote_files(remote)

    # b's retention (90 days) keeps the ledger: it stays where it is, b's plain search
    # finds it, and b sends nothing back (no move to and fro).
    received = run_sync(b)
    assert received.commit is None and not received.files
    assert _places(b) == [ledger]
    found = run_memctl(b.root, "search", "on-call rotation")
    assert found.exit_code == 0 and ledger in found.stdout, found.stdout + found.stderr
    assert _ahead(b) == 0
    # A block b adds to it reaches a's archived copy; the repository keeps it archived.
    _ledger(b, day, "The staging database is db7.")
    assert _ahead(b) == 1
    assert run_sync(b).commit is not None
    assert set(remote_files(remote)) >= {f"memory/archive/{day}.md"}
    assert ledger not in remote_files(remote)
    assert _places(b) == [ledger]
    assert run_sync(a).commit is None
    assert "db7" in (a.root / "memory/archive" / f"{day}.md").read_text()
    assert _places(a) == [f"memory/archive/{day}.md"]
    # And one a adds to its archived copy reaches b's, which stays where it is.
    kept = a.root / "memory/archive" / f"{day}.md"
    kept.write_text(
        kept.read_text()
        + f"\n## Memory Save — {day}T10:00:00+00:00\n\n- Deploys happen on Tuesdays.\n"
    )
    assert run_sync(a).commit is not None
    assert run_sync(b).received == 1
    assert _places(b) == [ledger] and "Tuesdays" in (b.root / ledger).read_text()

    # A new machine receives it into memory/; its own archive moves it when its own
    # retention says, and then there is nothing to send.
    c = replica(tmp_path, "c", remote)
    run_sync(c)
    assert _places(c) == [ledger]
    _retention(c, 30)
    archive(c, load_config(c.config_path))
    assert _places(c) == [f"memory/archive/{day}.md"]
    assert run_sync(c).commit is None
    # b archives by its own retention later: nothing more to send.
    _retention(b, 3)
    archive(b, load_config(b.config_path))
    assert run_sync(b).commit is None
