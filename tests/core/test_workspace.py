"""The workspace: discovery, init, durable writes, state.json and the locks."""

from __future__ import annotations

import contextlib
import json
import os
from datetime import date, timedelta

import pytest

from memctl.cli.output import JSON_SCHEMA
from memctl.core.config import DEFAULT_CONFIG_YAML
from memctl.core.errors import BusyError, WorkspaceError
from memctl.core.state import State
from memctl.core.workspace import (
    Workspace,
    append_durable,
    block_separator,
    discover,
    init_workspace,
    write_atomic,
)
from tests.support.helpers import held_lock


def found_workspace(run) -> str:
    """`config validate` says on stderr which memctl.yaml it read."""
    assert run.exit_code == 0, run.stderr
    return run.stderr.strip().removeprefix("config validate: ").removesuffix(": valid")


# --------------------------------------------------------------------------- discovery


def test_workspace_option(workspace, cli):
    run = cli("-w", workspace, "config", "validate")

    assert found_workspace(run) == str(workspace / "memctl.yaml")


def test_environment_variable(workspace, cli, monkeypatch):
    monkeypatch.setenv("MEMCTL_WORKSPACE", str(workspace))

    assert found_workspace(cli("config", "validate")) == str(workspace / "memctl.yaml")


def test_option_wins_over_environment(workspace, tmp_path, cli, monkeypatch):
    other = tmp_path / "other"
    init_workspace(other)
    monkeypatch.setenv("MEMCTL_WORKSPACE", str(other))

    run = cli("-w", workspace, "config", "validate")

    assert found_workspace(run) == str(workspace / "memctl.yaml")


def test_upward_search_from_a_subfolder(workspace, cli, monkeypatch):
    deep = workspace / "memory" / "notes" / "deeper"
    deep.mkdir(parents=True)
    monkeypatch.chdir(deep)

    assert found_workspace(cli("config", "validate")) == str(workspace / "memctl.yaml")


def test_upward_search_stops_at_the_nearest(workspace, cli, monkeypatch):
    inner = workspace / "projects" / "inner"
    init_workspace(inner)
    monkeypatch.chdir(inner / "threads")

    assert found_workspace(cli("config", "validate")) == str(inner / "memctl.yaml")


def test_no_workspace_anywhere_is_exit_2_with_a_way_out(tmp_path, cli, monkeypatch):
    lonely = tmp_path / "lonely"
    lonely.mkdir()
    monkeypatch.chdir(lonely)
    if any((folder / "memctl.yaml").exists() for folder in lonely.resolve().parents):
        pytest.skip("a memctl.yaml above the temp folder would be found")

    run = cli("status")

    assert run.exit_code == 2
    assert run.stdout == ""
    assert run.stderr.splitlines() == [
        f"memctl: error: no memctl.yaml in {lonely.resolve()} or any parent folder "
        "(run `memctl init`, pass -w PATH or set MEMCTL_WORKSPACE)"
    ]


@pytest.mark.parametrize("origin", ["option", "environment"])
def test_named_folder_without_config_is_exit_2(origin, tmp_path, cli, monkeypatch):
    empty = tmp_path / "empty"
    empty.mkdir()
    if origin == "option":
        run = cli("-w", empty, "config", "validate")
        label = "--workspace"
    else:
        monkeypatch.setenv("MEMCTL_WORKSPACE", str(empty))
        run = cli("config", "validate")
        label = "MEMCTL_WORKSPACE"

    assert run.exit_code == 2
    assert run.stderr.splitlines() == [
        f"memctl: error: {label} {empty}: no memctl.yaml there "
        f"(create one with `memctl init {empty}`)"
    ]
    assert list(empty.iterdir()) == []


def test_discover_resolves_relative_paths(workspace, monkeypatch):
    monkeypatch.chdir(workspace.parent)

    assert discover(workspace.name) == workspace.resolve()


# --------------------------------------------------------------------------- init


def test_init_creates_the_layout(tmp_path, cli):
    root = tmp_path / "agent"

    run = cli("init", root)

    assert run.exit_code == 0
    assert run.stdout == f"{root}\n"
    assert run.stderr == (
        f"init: initialised workspace {root}: created memory/, threads/, memctl.yaml, MEMORY.md\n"
    )
    assert (root / "memctl.yaml").read_text(encoding="utf-8") == DEFAULT_CONFIG_YAML
    assert (root / "MEMORY.md").read_bytes() == b""
    assert (root / "memory").is_dir()
    assert (root / "threads").is_dir()


def test_second_init_changes_nothing_and_says_so(workspace, cli, snapshot):
    (workspace / "MEMORY.md").write_text("- We deploy on Fridays.\n", encoding="utf-8")
    before = snapshot(workspace)

    run = cli("init", workspace)

    assert run.exit_code == 0
    assert run.stderr == f"init: workspace {workspace} already initialised; nothing changed\n"
    assert snapshot(workspace) == before


def test_init_fills_in_only_what_is_missing(workspace, cli):
    (workspace / "threads").rmdir()
    (workspace / "memctl.yaml").write_text("timezone: UTC\n", encoding="utf-8")

    run = cli("--json", "init", workspace)

    assert run.exit_code == 0
    assert json.loads(run.stdout) == {
        "schema": JSON_SCHEMA,
        "root": str(workspace),
        "created": ["threads/"],
    }
    assert (workspace / "memctl.yaml").read_text(encoding="utf-8") == "timezone: UTC\n"


def test_init_dry_run_says_what_it_would_create_and_creates_nothing(tmp_path, workspace, cli):
    """--dry-run on every command that writes, as the README promises (issue 23)."""
    root = tmp_path / "agent"

    run = cli("init", "--dry-run", root)
    partial = cli("--json", "init", "--dry-run", workspace)

    assert run.exit_code == 0
    assert run.stderr == (
        f"init: dry run: would create in {root}: memory/, threads/, memctl.yaml, MEMORY.md\n"
    )
    assert not root.exists()
    assert json.loads(partial.stdout)["created"] == []
    (workspace / "threads").rmdir()
    assert json.loads(cli("--json", "init", "--dry-run", workspace).stdout)["created"] == [
        "threads/"
    ]
    assert not (workspace / "threads").exists()
    assert cli("init", "--dry-run", "--from", "git@host:m.git", root).exit_code == 2


def test_init_defaults_to_the_current_folder(tmp_path, cli, monkeypatch):
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)

    assert cli("init").exit_code == 0
    assert (here / "memctl.yaml").is_file()


def test_init_on_a_file_is_exit_2(tmp_path, cli):
    target = tmp_path / "a-file"
    target.write_text("not a folder", encoding="utf-8")

    run = cli("init", target)

    assert run.exit_code == 2
    assert run.stderr.splitlines() == [f"memctl: error: {target} exists and is not a folder"]
    assert target.read_text(encoding="utf-8") == "not a folder"


# --------------------------------------------------------------------------- durable writes


def test_write_atomic_replaces_and_leaves_no_temp_file(tmp_path):
    target = tmp_path / "deep" / "file.md"

    write_atomic(target, b"first\n")
    write_atomic(target, b"second\n", mode=0o600)

    assert target.read_bytes() == b"second\n"
    assert target.stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in target.parent.iterdir()) == ["file.md"]


def test_write_atomic_failure_keeps_the_old_file(tmp_path):
    target = tmp_path / "file.md"
    target.write_bytes(b"old\n")

    with pytest.raises(TypeError):
        write_atomic(target, "text, not bytes")  # type: ignore[arg-type]

    assert target.read_bytes() == b"old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.md"]


def test_append_durable_appends_and_creates(tmp_path):
    target = tmp_path / "memory" / "2025-01-01.md"

    append_durable(target, b"one\n")
    append_durable(target, b"two\n")

    assert target.read_bytes() == b"one\ntwo\n"


@pytest.mark.parametrize(
    ("content", "separator"),
    [(None, b""), (b"", b""), (b"text", b"\n\n"), (b"text\n", b"\n"), (b"text\n\n", b"")],
)
def test_block_separator_starts_blocks_on_their_own_paragraph(tmp_path, content, separator):
    target = tmp_path / "ledger.md"
    if content is not None:
        target.write_bytes(content)

    assert block_separator(target) == separator


# --------------------------------------------------------------------------- state.json


def test_state_defaults_and_round_trip(workspace):
    ws = Workspace(workspace)
    assert ws.read_state().dump() == {"version": 1}

    ws.update_state(lambda state: setattr(state.mark("t1"), "flushed", 3))

    assert json.loads(ws.state_path.read_text(encoding="utf-8")) == {
        "threads": {"t1": {"flushed": 3}},
        "version": 1,
    }
    assert ws.read_state().threads["t1"].flushed == 3


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b'{"threads": {', ".memctl/state.json is not valid JSON"),
        (b"\xff\xfe", ".memctl/state.json is not valid JSON"),
        (b"[1, 2]", ".memctl/state.json is not a JSON object"),
    ],
)
def test_corrupt_state_is_a_clear_error(workspace, cli, snapshot, content, problem):
    (workspace / ".memctl").mkdir()
    (workspace / ".memctl" / "state.json").write_bytes(content)
    (workspace / "threads" / "t1.jsonl").touch()
    before = snapshot(workspace)

    run = cli("-w", workspace, "thread", "list")

    assert run.exit_code == 2
    lines = run.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"memctl: error: {problem}")
    assert snapshot(workspace) == before


def test_run_times_and_next_eligible(workspace):
    ws = Workspace(workspace, "UTC")
    state = State()
    assert ws.last_run(state, "maintain") is None
    assert ws.next_eligible(state, "maintain", 1800) is None  # the first run goes at once

    ten_minutes_ago = ws.now() - timedelta(minutes=10)
    ws.mark_run(state, "maintain", ten_minutes_ago)

    assert ws.last_run(state, "maintain") == ten_minutes_ago.replace(microsecond=0)
    due = ws.next_eligible(state, "maintain", 1800)
    assert due == ten_minutes_ago.replace(microsecond=0) + timedelta(minutes=30)
    assert ws.next_eligible(state, "maintain", 300) is None
    with pytest.raises(WorkspaceError, match=r'runs\.maintain is "garbage", not an ISO-8601 time'):
        State.load({"runs": {"maintain": "garbage"}}, ".memctl/state.json")


def test_daily_files_are_dated_ledgers_oldest_first(workspace):
    ws = Workspace(workspace)
    for name in ("2025-03-02.md", "2025-01-15.md", "notes.md", ".2025-01-01.md", "2025-1-1.md"):
        (ws.memory_dir / name).write_text("x\n", encoding="utf-8")
    ws.archive_dir.mkdir()
    (ws.archive_dir / "2024-12-31.md").write_text("x\n", encoding="utf-8")

    assert [p.name for p in ws.daily_files()] == ["2025-01-15.md", "2025-03-02.md"]
    assert [ws.relative(p) for p in ws.daily_files(include_archive=True)] == [
        "memory/archive/2024-12-31.md",
        "memory/2025-01-15.md",
        "memory/2025-03-02.md",
    ]
    assert ws.ledger_path(date(2025, 5, 6)) == ws.memory_dir / "2025-05-06.md"


# --------------------------------------------------------------------------- locks


def test_workspace_lock_is_reentrant(workspace):
    ws = Workspace(workspace)
    with ws.lock(), ws.lock():
        ws.update_state(lambda state: state.extra.update({"inside": True}))

    assert ws.read_state().extra["inside"] is True


def test_workspace_lock_held_elsewhere_is_busy(workspace):
    ws = Workspace(workspace)
    ws.state_dir.mkdir()
    with (
        held_lock(ws.state_dir / "lock"),
        pytest.raises(BusyError, match=r"\.memctl/lock is held by another memctl"),
    ):
        ws.lock(wait=0.05).__enter__()

    with ws.lock(wait=5):
        pass


def test_trying_once_makes_every_held_lock_busy_at_once(workspace):
    """Maintenance (audit 5, 14): the workspace lock and a blocking stage lock held
    elsewhere raise BusyError at once instead of waiting (60 s, or for ever); outside
    the block, and inside `trying_once(False)`, they wait again."""
    import time

    ws = Workspace(workspace)
    ws.state_dir.mkdir()
    for name, take in (
        ("lock", ws.lock),
        ("consolidate.lock", lambda: ws.stage_lock("consolidate")),
    ):
        with held_lock(ws.state_dir / name), ws.trying_once():
            started = time.monotonic()
            with pytest.raises(BusyError, match=rf"\.memctl/{name} is held by another memctl"):
                take().__enter__()
            assert time.monotonic() - started < 5
            with ws.trying_once(False):
                assert not ws.try_once
            assert ws.try_once
        assert not ws.try_once
    with ws.lock(wait=5), ws.stage_lock("consolidate"):
        pass


def test_stage_lock_non_blocking_reports_another_holder(workspace):
    ws = Workspace(workspace)
    ws.state_dir.mkdir()
    with (
        held_lock(ws.state_dir / "consolidate.lock"),
        ws.stage_lock("consolidate", blocking=False) as acquired,
    ):
        assert acquired is False

    with ws.stage_lock("consolidate", blocking=False) as acquired:
        assert acquired is True


def test_stage_lock_is_apart_from_the_workspace_lock(workspace):
    ws = Workspace(workspace)
    with ws.stage_lock("consolidate") as acquired:
        assert acquired is True
        other = Workspace(workspace)
        with other.lock(wait=1):
            pass


def test_lock_files_live_in_the_state_folder(workspace):
    ws = Workspace(workspace)
    with ws.lock(), ws.stage_lock("flush"):
        pass

    assert {"lock", "flush.lock"} <= set(os.listdir(ws.state_dir))


def test_init_workspace_refuses_a_file(tmp_path):
    target = tmp_path / "file"
    target.write_text("x", encoding="utf-8")

    with pytest.raises(WorkspaceError, match="exists and is not a folder"):
        init_workspace(target)


@pytest.mark.parametrize("name", ["index.sqlite", "index.sqlite-wal", "index.journal", "hooks.log"])
def test_no_file_under_memctl_is_written_through_a_symlink(cli, workspace, tmp_path, name):
    """issue 24, item 7: index.journal was truncated and rewritten through a symlink,
    index.sqlite created or filled with memctl's tables (and switched to WAL),
    hooks.log appended to: the outside file must stay as it was."""
    outside = tmp_path / "outside" / "precious"
    outside.parent.mkdir()
    if name == "index.sqlite":  # the user's own database
        import sqlite3

        with contextlib.closing(sqlite3.connect(outside)) as own:
            own.execute("CREATE TABLE mine(x)")
            own.commit()
    else:
        outside.write_bytes(b"the user's own bytes\n")
    before = outside.read_bytes()
    dangling = tmp_path / "outside" / "not-there"
    (workspace / ".memctl").mkdir(exist_ok=True)
    (workspace / ".memctl" / name).symlink_to(dangling if name.endswith("-wal") else outside)
    (workspace / "threads" / "t1.jsonl").write_text(
        '{"role": "user", "content": "zebra crossing"}\n', encoding="utf-8"
    )

    assert cli("-w", workspace, "save", "zebra facts").exit_code == 0  # a journalled write
    assert cli("-w", workspace, "search", "zebra", "--scope", "all").exit_code == 0
    assert cli("-w", workspace, "recall", "zebra").exit_code == 0
    cli("-w", workspace, "hook", "claude-code", input="not json")

    assert outside.read_bytes() == before
    assert sorted(p.name for p in outside.parent.iterdir()) == ["precious"]
