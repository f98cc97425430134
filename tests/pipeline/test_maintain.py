"""memctl maintain: archive + consolidate for cron, throttled, one at a time."""

from __future__ import annotations

import json
import os
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.support.helpers import (
    held_lock,
    modules_after,
    on_pty,
    run_unprivileged,
    snapshot,
    state,
)
from tests.support.llm_server import write_model_config

OLD_DAY = datetime.now(UTC).date() - timedelta(days=200)


def write_config(root: Path, memory: str = "", top: str = "") -> None:
    (root / "memctl.yaml").write_text(f"timezone: UTC\n{top}memory:\n  hooks: true\n{memory}")


def set_runs(root: Path, **runs: str) -> None:
    current = state(root) or {"version": 1}
    current.setdefault("runs", {}).update(runs)
    (root / ".memctl").mkdir(exist_ok=True)
    (root / ".memctl" / "state.json").write_text(json.dumps(current))


STAMP = re.compile(r"^maintain: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4} ", re.MULTILINE)
"""The local time a maintain line carries in a log (stderr not a terminal)."""
ERROR_STAMP = re.compile(r"^memctl: error: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4} ")
"""The same time in maintain's error line."""


def unstamped(stderr: str) -> str:
    """stderr with each maintain line's time taken out, after checking every line has one."""
    lines = [line for line in stderr.splitlines() if line.startswith("maintain: ")]
    assert all(STAMP.match(line) for line in lines), stderr
    return STAMP.sub("maintain: ", stderr)


def iso_ago(**delta: float) -> str:
    return (datetime.now(UTC) - timedelta(**delta)).isoformat(timespec="seconds")


def daily_backlog(root: Path) -> tuple[Path, Path]:
    """One ledger due for the archive and one for today, both unconsolidated."""
    old = root / "memory" / f"{OLD_DAY}.md"
    old.write_text("## Memory Flush — then\n- The build server is called ochre.\n")
    today = root / "memory" / f"{datetime.now(UTC).date()}.md"
    today.write_text("## Memory Flush — now\n- Releases go out on Tuesdays.\n")
    return old, today


@pytest.fixture
def ready(workspace: Path) -> Path:
    write_config(workspace)
    daily_backlog(workspace)
    return workspace


def test_first_run_goes_at_once_archiving_then_consolidating(ready, cli):
    result = cli("-w", ready, "maintain")

    assert result.exit_code == 0, result.stderr
    assert not (ready / "memory" / f"{OLD_DAY}.md").exists()
    assert (ready / "memory" / "archive" / f"{OLD_DAY}.md").exists()
    memory = (ready / "MEMORY.md").read_text()
    assert "ochre" in memory and "Tuesdays" in memory
    assert "maintain" in state(ready)["runs"]
    # The moves are in the timed summary on stderr; stdout only when asked (-v, a dry
    # run): a cron log gets no untimed line for what went well (audit 19 #8).
    assert result.stdout == ""
    assert "maintain: moved 1 ledger" in unstamped(result.stderr)
    assert "maintain: done; next run from " in unstamped(result.stderr)


def test_quiet_maintain_as_in_the_cron_recipe_writes_nothing_when_all_goes_well(ready, cli):
    result = cli("-q", "-w", ready, "maintain")
    assert result.exit_code == 0
    assert (result.stdout, result.stderr) == ("", "")
    assert (ready / "memory" / "archive" / f"{OLD_DAY}.md").exists()


def test_maintain_writes_the_exported_block_again_when_it_changes_memory(ready, cli, tmp_path):
    """Audit 19 #10: a block `memctl export` wrote follows MEMORY.md after the cron job's
    consolidation, as after a forget; a run that changes nothing leaves it alone."""
    agents = tmp_path / "AGENTS.md"
    assert cli("-w", ready, "export", "--agents-md", agents).exit_code == 0
    assert "Tuesdays" not in agents.read_text()

    result = cli("-w", ready, "--json", "maintain")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["consolidate"]["exports"] == [str(agents)]
    assert f"rewrote the memory block in {agents}: MEMORY.md changed" in result.stderr
    assert "Tuesdays" in agents.read_text() and "ochre" in agents.read_text()
    written = agents.stat().st_mtime_ns
    again = cli("-w", ready, "--json", "maintain", "--force")
    assert json.loads(again.stdout)["consolidate"]["exports"] == []
    assert agents.stat().st_mtime_ns == written


def test_maintain_leaves_an_export_the_user_made_read_only_as_written(ready, cli, tmp_path):
    """Review 32 F6: a refresh's atomic rename replaced a CLAUDE.md the user had made
    read-only (its mode kept), at every consolidate, maintain, hook and sync. It is left
    as written now, said on stderr and in --json (`exports_left`); a writable export
    beside it is written again as before, and the run succeeds."""
    agents, claude = tmp_path / "AGENTS.md", tmp_path / "CLAUDE.md"
    assert cli("-w", ready, "export", "--agents-md", agents).exit_code == 0
    assert cli("-w", ready, "export", "--claude-md", claude).exit_code == 0
    kept = claude.read_bytes()
    claude.chmod(0o444)

    result = cli("-w", ready, "--json", "maintain")
    assert result.exit_code == 0, result.stderr
    merged = json.loads(result.stdout)["consolidate"]
    assert merged["exports"] == [str(agents)] and "Tuesdays" in agents.read_text()
    assert merged["exports_left"] == [f"{claude}: read-only (no write permission)"]
    assert f"left the exported memory block {claude}: read-only" in result.stderr
    assert claude.read_bytes() == kept and claude.stat().st_mode & 0o777 == 0o444


def test_verbose_maintain_lists_the_ledgers_it_moved_on_stdout(ready, cli):
    result = cli("-v", "-w", ready, "maintain")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == f"memory/{OLD_DAY}.md -> memory/archive/{OLD_DAY}.md\n"


def test_a_second_run_within_the_gap_is_throttled_and_says_when(ready, cli):
    assert cli("-w", ready, "maintain").exit_code == 0
    last = datetime.fromisoformat(state(ready)["runs"]["maintain"])
    (ready / "memory" / f"{datetime.now(UTC).date()}.md").write_text("- More to merge.\n")
    before = snapshot(ready, locks=False)

    result = cli("-w", ready, "maintain")
    assert result.exit_code == 0
    assert result.stderr == ""  # issue 23 item 12: cron mails nothing for a throttled run

    result = cli("-w", ready, "-v", "maintain")
    assert result.exit_code == 0
    due = (last + timedelta(minutes=30)).isoformat(timespec="seconds")
    assert unstamped(result.stderr) == (
        "maintain: skipped: throttled: last run less than the consolidation_min_gap ago, "
        f"next at {due}\n"
    )
    assert result.stdout == ""
    assert snapshot(ready, locks=False) == before


def test_the_throttle_is_the_configured_gap_and_expires(ready, cli):
    write_config(ready, "  consolidation_min_gap: 2h\n")
    set_runs(ready, maintain=iso_ago(minutes=90))
    throttled = cli("-w", ready, "--json", "maintain")
    assert throttled.exit_code == 0
    document = json.loads(throttled.stdout)
    assert document["status"] == "skipped"
    assert "error" not in document
    assert document["skipped"].startswith("throttled")
    assert document["archive"] is None and document["consolidate"] is None

    set_runs(ready, maintain=iso_ago(hours=2, minutes=1))
    ran = cli("-w", ready, "--json", "maintain")
    assert ran.exit_code == 0, ran.stderr
    assert json.loads(ran.stdout)["status"] == "ran"


def test_force_ignores_the_throttle(ready, cli):
    recent = iso_ago(minutes=1)
    set_runs(ready, maintain=recent)

    result = cli("-w", ready, "--json", "maintain", "--force")

    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["status"] == "ran"
    assert document["consolidate"]["status"] == "consolidated"
    assert [m["target"] for m in document["archive"]["moved"]] == [f"memory/archive/{OLD_DAY}.md"]
    # Audit 7 #10: a success holds no `error` (a script's `has("error")` is a failure's
    # test, as for every other command), nor the failure's `exit_code`.
    assert "error" not in document and "exit_code" not in document
    assert state(ready)["runs"]["maintain"] != recent
    assert "ochre" in (ready / "MEMORY.md").read_text()


def test_hooks_off_skips_without_touching_anything(workspace, cli):
    (workspace / "memctl.yaml").write_text("memory:\n  hooks: false\n")
    daily_backlog(workspace)
    before = snapshot(workspace, locks=False)

    for args in (["maintain"], ["maintain", "--force"]):
        result = cli("-w", workspace, *args)
        assert result.exit_code == 0 and result.stderr == ""
        result = cli("-w", workspace, "-v", *args)
        assert result.exit_code == 0
        assert unstamped(result.stderr) == "maintain: skipped: memory.hooks is false\n"
    assert snapshot(workspace, locks=False) == before
    assert not (workspace / ".memctl").exists()


def test_flush_trigger_never_does_not_stop_maintenance(workspace, cli):
    write_config(workspace, "  flush_trigger: never\n")
    daily_backlog(workspace)
    result = cli("-w", workspace, "maintain")
    assert result.exit_code == 0, result.stderr
    assert "ochre" in (workspace / "MEMORY.md").read_text()
    assert "maintain" in state(workspace)["runs"]


def test_a_second_maintain_while_one_runs_exits_at_once(ready, cli):
    (ready / ".memctl").mkdir()
    with held_lock(ready / ".memctl" / "maintain.lock"):
        before = snapshot(ready, locks=False)
        result = cli("-w", ready, "maintain", "--force")
        assert result.exit_code == 0 and result.stderr == ""
        result = cli("-w", ready, "-v", "maintain", "--force")
        assert result.exit_code == 0
        assert unstamped(result.stderr) == (
            "maintain: skipped: another memctl maintain is running\n"
        )
        assert snapshot(ready, locks=False) == before
    assert cli("-w", ready, "maintain").exit_code == 0
    assert "maintain" in state(ready)["runs"]


@pytest.mark.parametrize("held", ["lock", "consolidate.lock"])
def test_a_lock_another_memctl_holds_makes_maintain_skip_at_once(ready, cli, held):
    """Audit 5, 14: with the workspace lock held, cron's maintain waited 60 s and exited
    1 (cron mails it); with consolidate.lock held it waited silently for as long as the
    holder kept it. Maintenance tries each lock once: exit 0 at once, quiet without -v,
    and the next run does the work."""
    import time

    (ready / ".memctl").mkdir()
    with held_lock(ready / ".memctl" / held):
        started = time.monotonic()
        quiet = cli("-w", ready, "maintain")
        told = cli("-w", ready, "-v", "maintain")
        elapsed = time.monotonic() - started
        memory = (ready / "MEMORY.md").read_text() if (ready / "MEMORY.md").exists() else ""
    assert elapsed < 20, elapsed  # not the workspace lock's 60 s, nor the holder's time
    assert quiet.exit_code == 0 and told.exit_code == 0, (quiet.stderr, told.stderr)
    assert "skipped: workspace busy:" in told.stderr and f".memctl/{held}" in told.stderr
    assert "the next run tries again" in told.stderr
    assert "maintain" not in (state(ready) or {}).get("runs", {})
    assert "Tuesdays" not in memory
    # The workspace lock stops the archive too; the consolidate lock only what follows it.
    assert ("moved 1 ledger" in quiet.stderr) == (held == "consolidate.lock"), quiet.stderr
    done = cli("-w", ready, "maintain")
    assert done.exit_code == 0, done.stderr
    assert "Tuesdays" in (ready / "MEMORY.md").read_text()
    assert "maintain" in state(ready)["runs"]


def test_nothing_new_sends_no_request(workspace, cli, llm_server):
    write_model_config(workspace, llm_server, timezone="UTC")
    result = cli("-w", workspace, "--json", "maintain")
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["status"] == "ran"
    assert document["consolidate"]["status"] == "nothing_new"
    assert llm_server.requests == []
    # issue 23 item 12: no "moved 0 ledgers", no "no new daily text": nothing for cron to mail
    assert result.stderr == ""
    told = cli("-w", workspace, "-v", "maintain", "--force")
    assert "maintain: moved 0 ledgers" in unstamped(told.stderr)
    assert "no new daily text" in told.stderr
    assert "maintain: done; nothing consolidated, so the next run may go at once" in (
        unstamped(told.stderr)
    )  # not "next run from now" (audit 18)


def test_nothing_new_does_not_import_litellm(workspace, tmp_path):
    (workspace / "memctl.yaml").write_text(
        "model: {name: openai:gpt-4.1-mini, api_base: http://127.0.0.1:9/v1}\n"
    )
    run = modules_after(["maintain"], workspace, tmp_path / "modules.json")
    assert "litellm" not in run.modules, "litellm imported"
    assert "maintain" not in state(workspace)["runs"]  # nothing consolidated: no gap (22.10)


def test_a_failed_consolidation_exits_1_keeps_the_archive_and_the_throttle(
    workspace, cli, llm_server
):
    write_model_config(workspace, llm_server, timezone="UTC")
    daily_backlog(workspace)
    earlier = iso_ago(hours=5)
    set_runs(workspace, maintain=earlier)
    memory_before = (workspace / "MEMORY.md").read_bytes()
    llm_server.fail(500)

    result = cli("-w", workspace, "maintain")

    assert result.exit_code == 1
    assert len(llm_server.requests) == 1
    last = result.stderr.splitlines()[-1]
    assert ERROR_STAMP.match(last), last  # in a log, the time as on the other lines
    assert ERROR_STAMP.sub("memctl: error: ", last).startswith("memctl: error: model openai:test")
    assert "Traceback" not in result.stderr
    assert state(workspace)["runs"]["maintain"] == earlier
    assert (workspace / "MEMORY.md").read_bytes() == memory_before
    assert (workspace / "memory" / "archive" / f"{OLD_DAY}.md").exists()
    assert not (workspace / "memory" / f"{OLD_DAY}.md").exists()

    llm_server.fail(500)
    as_json = cli("-w", workspace, "--json", "maintain")
    assert as_json.exit_code == 1
    document = json.loads(as_json.stdout)
    assert document["status"] == "failed"
    assert document["exit_code"] == 1
    assert document["error"].startswith("model openai:test-model")
    assert state(workspace)["runs"]["maintain"] == earlier


def test_dry_run_writes_nothing_and_shows_the_plan(ready, cli):
    before = snapshot(ready, locks=False)
    result = cli("-w", ready, "maintain", "--dry-run")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith(f"memory/{OLD_DAY}.md -> memory/archive/{OLD_DAY}.md\n")
    assert "Tuesdays" in result.stdout  # the MEMORY.md diff
    assert "maintain: would move 1 ledger" in unstamped(result.stderr)
    assert snapshot(ready, locks=False) == before
    assert not (ready / ".memctl").exists()


def test_dry_run_respects_the_throttle_unless_forced(ready, cli):
    set_runs(ready, maintain=iso_ago(minutes=1))
    before = snapshot(ready, locks=False)
    throttled = cli("-w", ready, "-v", "maintain", "--dry-run")
    assert throttled.exit_code == 0
    assert unstamped(throttled.stderr).startswith("maintain: skipped: throttled")
    forced = cli("-w", ready, "--json", "maintain", "--dry-run", "--force")
    assert forced.exit_code == 0, forced.stderr
    document = json.loads(forced.stdout)
    assert document["status"] == "dry_run"
    assert document["consolidate"]["status"] == "dry_run"
    assert document["archive"]["dry_run"] is True
    assert snapshot(ready, locks=False) == before


def test_a_run_with_nothing_new_does_not_start_the_gap(workspace, cli):
    """Issue 22.10: a first turn with no facts ran maintenance with nothing to
    consolidate and started the 30-minute gap, so the next turn's facts reached
    MEMORY.md (and the next session's start) only after a manual consolidate."""
    write_config(workspace)
    first = cli("-w", workspace, "maintain")
    assert first.exit_code == 0, first.stderr
    assert "maintain" not in state(workspace).get("runs", {})
    today = workspace / "memory" / f"{datetime.now(UTC).date()}.md"
    today.write_text("## Memory Flush — now\n- Releases go out on Tuesdays.\n")

    second = cli("-w", workspace, "maintain")

    assert second.exit_code == 0, second.stderr
    assert "Tuesdays" in (workspace / "MEMORY.md").read_text()
    assert "maintain" in state(workspace)["runs"]


def test_an_error_in_a_log_carries_the_time_as_the_other_lines_do(workspace, cli, tmp_path):
    """Audit 7 #11: in `>> memctl.log 2>&1` a read-only or missing workspace gave a line
    with no time, repeated every 15 minutes: none could say when it happened."""
    missing = cli("-w", tmp_path / "gone", "maintain")
    assert missing.exit_code == 2
    assert ERROR_STAMP.match(missing.stderr), missing.stderr
    assert ERROR_STAMP.sub("memctl: error: ", missing.stderr).startswith(
        f"memctl: error: --workspace {tmp_path / 'gone'}: no memctl.yaml"
    )
    assert run_memctl_save(workspace)
    for folder, _, files in os.walk(workspace):
        for name in [folder, *(os.path.join(folder, f) for f in files)]:
            os.chmod(name, os.stat(name).st_mode & ~0o222)
    try:
        read_only = run_unprivileged(workspace, "maintain")
    finally:
        for folder, _, _ in os.walk(workspace):
            os.chmod(folder, 0o755)
    assert read_only.exit_code == 1, read_only.stderr
    assert [ERROR_STAMP.match(line) is not None for line in read_only.stderr.splitlines()] == [
        True
    ], read_only.stderr
    assert "Permission denied (EACCES)" in read_only.stderr
    # Another command's error, and maintain's on a terminal, carry none.
    assert cli("-w", tmp_path / "gone", "status").stderr.startswith("memctl: error: --workspace")
    seen = on_pty(["-w", tmp_path / "gone", "maintain"])
    assert seen.returncode == 2
    assert seen.terminal.startswith(b"memctl: error: --workspace "), seen.terminal


def run_memctl_save(workspace: Path) -> bool:
    """A used workspace: its .memctl/ and a ledger exist, so maintain has locks to take."""
    from tests.support.helpers import run_memctl

    return run_memctl(workspace, "save", "The build server is ochre.").exit_code == 0
