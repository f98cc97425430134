"""memctl archive: ledgers move by the date in their name, safely and without loss."""

from __future__ import annotations

import json
import os
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest
from dateutil import tz

from tests.support.helpers import snapshot, state

RETENTION = 30


def configure(root: Path, timezone: str = "UTC", retention: int = RETENTION) -> None:
    (root / "memctl.yaml").write_text(
        f"timezone: {timezone}\nmemory:\n  daily_file_retention_days: {retention}\n"
    )


def today_in(timezone: str) -> date:
    return datetime.now(tz.gettz(timezone)).date()


def ledger(root: Path, day: date, text: str, folder: str = "memory") -> Path:
    path = root / folder / f"{day.isoformat()}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode())
    return path


def write_offsets(root: Path, offsets: dict[str, int]) -> None:
    (root / ".memctl").mkdir(exist_ok=True)
    (root / ".memctl" / "state.json").write_text(
        json.dumps({"version": 1, "consolidation": {"offsets": offsets}})
    )


def test_moves_ledgers_dated_before_the_cut_and_keeps_the_rest(workspace, cli):
    configure(workspace)
    today = today_in("UTC")
    cut = today - timedelta(days=RETENTION)
    old = ledger(workspace, cut - timedelta(days=1), "- just past the window\n")
    older = ledger(workspace, today - timedelta(days=400), "- a year ago\n")
    on_cut = ledger(workspace, cut, "- exactly at the cut\n")
    recent = ledger(workspace, today, "- today\n")
    future = ledger(workspace, today + timedelta(days=3), "- dated ahead\n")
    # Age is the name, not the mtime: an ancient mtime keeps a recent ledger in place,
    # and a fresh mtime does not save an old one.
    os.utime(on_cut, (0, 0))
    os.utime(old, None)
    others = {
        "memory/notes.md": b"not a ledger\n",
        "memory/.2001-01-01.md": b"dotfile\n",
        "memory/2001-02-30.md": b"no such day\n",
        "memory/2001-01-01.md.bak": b"backup\n",
        "memory/2001-01-01.txt": b"other suffix\n",
        "memory/sub/2001-01-01.md": b"in a subfolder\n",
    }
    for name, data in others.items():
        (workspace / name).parent.mkdir(parents=True, exist_ok=True)
        (workspace / name).write_bytes(data)
    (workspace / "memory" / "2001-01-02.md").mkdir()  # a folder with a ledger's name

    result = cli("-w", workspace, "archive")

    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == [
        f"memory/{older.name} -> memory/archive/{older.name}",
        f"memory/{old.name} -> memory/archive/{old.name}",
    ]
    assert result.stderr == (
        f"archive: moved 2 ledgers dated before {cut.isoformat()} to memory/archive/; kept 3\n"
    )
    assert not old.exists() and not older.exists()
    assert (workspace / "memory/archive" / old.name).read_text() == "- just past the window\n"
    assert (workspace / "memory/archive" / older.name).read_text() == "- a year ago\n"
    assert on_cut.exists() and recent.exists() and future.exists()
    for name, data in others.items():
        assert (workspace / name).read_bytes() == data
    assert (workspace / "memory" / "2001-01-02.md").is_dir()
    assert sorted(p.name for p in (workspace / "memory/archive").iterdir()) == sorted(
        [old.name, older.name]
    )
    assert "archive" in state(workspace)["runs"]


def test_the_cut_is_today_in_the_configured_time_zone(workspace, cli):
    # UTC+14 and UTC-12 are always at least one calendar day apart.
    ahead = today_in("Pacific/Kiritimati")
    day = ahead - timedelta(days=RETENTION + 1)
    configure(workspace, timezone="Etc/GMT+12")
    path = ledger(workspace, day, "- borderline\n")
    assert cli("-w", workspace, "archive").exit_code == 0
    assert path.exists()
    configure(workspace, timezone="Pacific/Kiritimati")
    assert cli("-w", workspace, "archive").exit_code == 0
    assert not path.exists()
    assert (workspace / "memory/archive" / path.name).read_text() == "- borderline\n"


@pytest.mark.parametrize(
    ("existing", "combined"),
    [
        ("- first\n", "- first\n\n- second\n"),
        ("- first", "- first\n\n- second\n"),
        ("- first\n\n", "- first\n\n- second\n"),
    ],
)
def test_appends_to_an_existing_archive_on_its_own_line(workspace, cli, existing, combined):
    configure(workspace)
    day = today_in("UTC") - timedelta(days=100)
    ledger(workspace, day, existing, folder="memory/archive")
    source = ledger(workspace, day, "- second\n")

    result = cli("-w", workspace, "--json", "archive")

    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["moved"] == [
        {
            "source": f"memory/{source.name}",
            "target": f"memory/archive/{source.name}",
            "appended": True,
            "bytes": len("- second\n"),
        }
    ]
    assert document["kept"] == 0 and document["dry_run"] is False
    assert document["cutoff"] == (today_in("UTC") - timedelta(days=RETENTION)).isoformat()
    assert (workspace / "memory/archive" / source.name).read_text() == combined
    assert not source.exists()
    assert "(1 appended to an existing archive)" in result.stderr


def test_a_second_run_with_nothing_old_changes_no_ledger(workspace, cli):
    configure(workspace)
    day = today_in("UTC") - timedelta(days=100)
    ledger(workspace, day, "- once\n")
    assert cli("-w", workspace, "archive").exit_code == 0
    before = snapshot(workspace, locks=False)
    result = cli("-w", workspace, "archive")
    assert result.exit_code == 0
    assert result.stdout == ""
    assert "moved 0 ledgers" in result.stderr
    after = snapshot(workspace, locks=False)
    assert {k: v for k, v in after.items() if k != ".memctl/state.json"} == {
        k: v for k, v in before.items() if k != ".memctl/state.json"
    }
    assert (workspace / "memory/archive" / f"{day.isoformat()}.md").read_text() == "- once\n"


def test_dry_run_lists_the_moves_and_writes_nothing(workspace, cli):
    configure(workspace)
    day = today_in("UTC") - timedelta(days=100)
    ledger(workspace, day, "- old\n", folder="memory/archive")
    source = ledger(workspace, day, "- older still\n")
    ledger(workspace, today_in("UTC"), "- today\n")
    before = snapshot(workspace, locks=False)

    text = cli("-w", workspace, "archive", "--dry-run")
    as_json = cli("-w", workspace, "--json", "archive", "--dry-run")

    assert text.exit_code == 0 and as_json.exit_code == 0
    assert text.stdout == f"memory/{source.name} -> memory/archive/{source.name}\n"
    assert text.stderr.startswith("archive: would move 1 ledger")
    document = json.loads(as_json.stdout)
    assert document["dry_run"] is True
    assert document["moved"][0]["appended"] is True
    assert document["kept"] == 1
    assert snapshot(workspace, locks=False) == before
    assert not (workspace / ".memctl").exists()


def test_the_consolidation_offset_follows_a_file_to_a_new_archive(workspace, cli):
    configure(workspace)
    day = today_in("UTC") - timedelta(days=100)
    source = ledger(workspace, day, "- consolidated\n- not yet\n")
    write_offsets(workspace, {f"memory/{source.name}": len("- consolidated\n")})

    assert cli("-w", workspace, "archive").exit_code == 0

    offsets = state(workspace)["consolidation"]["offsets"]
    assert offsets == {f"memory/archive/{source.name}": len("- consolidated\n")}


def test_an_archive_without_any_offset_gets_one_at_zero(workspace, cli):
    """Consolidation must still read a moved ledger it never saw."""
    configure(workspace)
    day = today_in("UTC") - timedelta(days=100)
    source = ledger(workspace, day, "- never consolidated\n")
    assert cli("-w", workspace, "archive").exit_code == 0
    assert state(workspace)["consolidation"]["offsets"] == {f"memory/archive/{source.name}": 0}


def test_appending_after_a_fully_consolidated_archive_shifts_the_source_offset(workspace, cli):
    configure(workspace)
    day = today_in("UTC") - timedelta(days=100)
    old = "- archived and consolidated\n"
    archived = ledger(workspace, day, old, folder="memory/archive")
    source = ledger(workspace, day, "- consolidated too\n- new\n")
    write_offsets(
        workspace,
        {
            f"memory/archive/{source.name}": len(old),
            f"memory/{source.name}": len("- consolidated too\n"),
        },
    )

    assert cli("-w", workspace, "archive").exit_code == 0

    combined = archived.read_text()
    assert combined == old + "\n- consolidated too\n- new\n"
    offset = state(workspace)["consolidation"]["offsets"][f"memory/archive/{source.name}"]
    assert combined.encode()[offset:] == b"- new\n"


def test_appending_after_an_unconsolidated_archive_keeps_the_lower_offset(workspace, cli):
    configure(workspace)
    day = today_in("UTC") - timedelta(days=100)
    old = "- consolidated\n- not consolidated\n"
    ledger(workspace, day, old, folder="memory/archive")
    source = ledger(workspace, day, "- consolidated elsewhere\n")
    write_offsets(
        workspace,
        {
            f"memory/archive/{source.name}": len("- consolidated\n"),
            f"memory/{source.name}": len("- consolidated elsewhere\n"),
        },
    )

    assert cli("-w", workspace, "archive").exit_code == 0

    offsets = state(workspace)["consolidation"]["offsets"]
    assert offsets == {f"memory/archive/{source.name}": len("- consolidated\n")}


def test_an_offset_past_the_end_of_a_rewritten_file_counts_as_zero(workspace, cli):
    configure(workspace)
    day = today_in("UTC") - timedelta(days=100)
    source = ledger(workspace, day, "- short now\n")
    write_offsets(workspace, {f"memory/{source.name}": 10_000})
    assert cli("-w", workspace, "archive").exit_code == 0
    assert state(workspace)["consolidation"]["offsets"] == {f"memory/archive/{source.name}": 0}


def crashed_after_the_archive_write(workspace: Path, state_updated: bool) -> tuple[Path, Path]:
    """The workspace as a run killed between writing the archive and unlinking leaves it."""
    configure(workspace)
    day = today_in("UTC") - timedelta(days=100)
    old = "- archived before\n"
    data = "- moved\n- twice?\n"
    archived = ledger(workspace, day, old + "\n" + data, folder="memory/archive")
    source = ledger(workspace, day, data)
    archive_key, source_key = f"memory/archive/{source.name}", f"memory/{source.name}"
    if state_updated:
        write_offsets(workspace, {archive_key: len(old) + 1 + len("- moved\n")})
    else:
        write_offsets(workspace, {archive_key: len(old), source_key: len("- moved\n")})
    return archived, source


@pytest.mark.parametrize("state_updated", [False, True])
def test_a_rerun_after_a_crash_finishes_the_move_without_duplicating(workspace, cli, state_updated):
    archived, source = crashed_after_the_archive_write(workspace, state_updated)
    combined = archived.read_bytes()

    result = cli("-w", workspace, "archive")

    assert result.exit_code == 0, result.stderr
    assert result.stdout == f"memory/{source.name} -> memory/archive/{source.name}\n"
    assert archived.read_bytes() == combined
    assert not source.exists()
    offsets = state(workspace)["consolidation"]["offsets"]
    assert list(offsets) == [f"memory/archive/{source.name}"]
    assert combined[offsets[f"memory/archive/{source.name}"] :] == b"- twice?\n"


def test_a_corrupt_state_file_stops_the_run_before_anything_moves(workspace, cli):
    configure(workspace)
    ledger(workspace, today_in("UTC") - timedelta(days=100), "- stays put\n")
    (workspace / ".memctl").mkdir()
    (workspace / ".memctl" / "state.json").write_text("{not json")
    before = snapshot(workspace, locks=False)

    result = cli("-w", workspace, "archive")

    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("memctl: error: .memctl/state.json is not valid JSON")
    assert "Traceback" not in result.stderr
    assert snapshot(workspace, locks=False) == before


def test_a_bad_retention_value_is_a_config_error(workspace, cli):
    configure(workspace, retention=-1)
    ledger(workspace, today_in("UTC") - timedelta(days=100), "- stays put\n")
    before = snapshot(workspace, locks=False)
    result = cli("-w", workspace, "archive")
    assert result.exit_code == 2
    assert "daily_file_retention_days" in result.stderr
    assert result.stderr.count("\n") == 1
    assert snapshot(workspace, locks=False) == before


def test_an_archive_offset_past_its_rewritten_end_does_not_skip_the_moved_text(workspace, cli):
    configure(workspace)
    day = today_in("UTC") - timedelta(days=100)
    ledger(workspace, day, "- short now\n", folder="memory/archive")
    source = ledger(workspace, day, "- moved line\n" * 20)
    write_offsets(workspace, {f"memory/archive/{source.name}": 100})

    assert cli("-w", workspace, "archive").exit_code == 0

    assert state(workspace)["consolidation"]["offsets"] == {f"memory/archive/{source.name}": 0}
