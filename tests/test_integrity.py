"""Memory is never skipped, corrupted or lost; errors are one line (issue 12, 5-17).

Each test here failed before its fix: forged flush headings, hand-edited ledgers, NUL,
a full disk, re-created logs, history names, symlinks out of the workspace, file modes,
wrong-typed state.json, out-of-range configuration, clock corrections.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml


def configure(root: Path, **extra: Any) -> None:
    (root / "memctl.yaml").write_text(yaml.safe_dump({"timezone": "UTC", **extra}))


def jsonl(messages: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(m) + "\n" for m in messages)


def chat(*texts: str) -> list[dict[str, Any]]:
    roles = ("user", "assistant")
    return [{"role": roles[n % 2], "content": text} for n, text in enumerate(texts)]


def append(cli, root: Path, thread: str, messages: list[dict[str, Any]]) -> None:
    run = cli("-w", root, "thread", "append", thread, "-", input=jsonl(messages))
    assert run.exit_code == 0, run.stderr


def state(root: Path) -> dict[str, Any]:
    path = root / ".memctl" / "state.json"
    return json.loads(path.read_text()) if path.exists() else {}


def write_state(root: Path, data: dict[str, Any]) -> None:
    (root / ".memctl").mkdir(exist_ok=True)
    (root / ".memctl" / "state.json").write_text(json.dumps({"version": 1, **data}))


def one_line_error(run, says: str, code: int = 2) -> None:
    assert run.exit_code == code, (run.stdout, run.stderr)
    lines = run.stderr.splitlines()
    assert len(lines) == 1, run.stderr
    assert lines[0].startswith("memctl: error: "), run.stderr
    assert says in lines[0], run.stderr


# --------------------------------------------------------------------------- state.json


@pytest.mark.parametrize(
    ("data", "key"),
    [
        ({"threads": {"t1": {"flushed": "3"}}}, "threads.t1.flushed"),
        ({"threads": {"t1": {"flushed": -1}}}, "threads.t1.flushed"),
        ({"threads": {"t1": {"flushed": True}}}, "threads.t1.flushed"),
        ({"threads": ["t1"]}, "threads"),
        ({"consolidation": {"offsets": {"memory/2026-01-01.md": 1.5}}}, "consolidation.offsets"),
        ({"runs": {"maintain": 12}}, "runs.maintain"),
        ({"runs": {"maintain": "2026-01-01T00:00:00"}}, "runs.maintain"),  # no offset
        ({"windows": {"openai:x": "big"}}, "windows.openai:x"),
    ],
)
@pytest.mark.parametrize(
    "command",
    [("status",), ("thread", "list"), ("flush", "--dry-run"), ("consolidate", "--dry-run")],
)
def test_every_reader_refuses_a_wrong_typed_state_in_one_line(
    workspace, cli, snapshot, data, key, command
):
    configure(workspace)
    append(cli, workspace, "t1", chat("We chose Postgres 16.", "Noted."))
    write_state(workspace, data)
    before = snapshot(workspace)

    run = cli("-w", workspace, *command)

    one_line_error(run, f".memctl/state.json: {key}")
    assert snapshot(workspace) == before


# --------------------------------------------------------------------------- disk full


def _file_size_limit(limit: int):
    """A child's file size limit: a write past `limit` bytes fails with EFBIG (the signal
    that would kill it is ignored), as a full disk fails with ENOSPC. Honest for one
    process and portable to any POSIX system, without root or a tmpfs to mount."""
    import resource
    import signal

    def limit_child() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return limit_child


def test_an_append_that_fails_part_way_is_rolled_back_and_said_in_one_line(workspace):
    import subprocess

    from tests.helpers import MEMCTL

    configure(workspace)
    today = subprocess.run(
        [MEMCTL, "-w", workspace, "--json", "save", "--dry-run", "first"],
        capture_output=True,
        text=True,
        check=True,
    )
    ledger = workspace / json.loads(today.stdout)["ledger"]
    ledger.write_text("- an old fact\n" * 40)
    size = ledger.stat().st_size
    big = "- a memory too long for the disk " + "x" * 4000

    run = subprocess.run(
        [MEMCTL, "-w", workspace, "save", "--", big],
        capture_output=True,
        text=True,
        preexec_fn=_file_size_limit(size + 100),
    )

    assert run.returncode == 1, run.stderr
    assert run.stderr.count("\n") == 1, run.stderr
    assert f"{ledger}: File too large (EFBIG)" in run.stderr
    assert ledger.stat().st_size == size  # no torn block left behind
    assert "too long" not in (workspace / "MEMORY.md").read_text()
    again = subprocess.run(
        [MEMCTL, "-w", workspace, "save", "--", big], capture_output=True, text=True
    )
    assert again.returncode == 0, again.stderr
    assert ledger.read_text().count("a memory too long") == 1
    assert (workspace / "MEMORY.md").read_text().count("a memory too long") == 1


def test_a_read_only_folder_is_one_line_naming_the_file_and_errno(workspace, cli):
    import os

    if os.geteuid() == 0:
        pytest.skip("root writes through a read-only mode")
    configure(workspace)
    (workspace / "memory").chmod(0o500)
    try:
        run = cli("-w", workspace, "save", "a fact")
    finally:
        (workspace / "memory").chmod(0o700)
    one_line_error(run, "Permission denied (EACCES)", code=1)
    assert "memory/" in run.stderr


# --------------------------------------------------------------------------- history, modes


def _consolidated(cli, root: Path) -> None:
    run = cli("-w", root, "consolidate", "--force")
    assert run.exit_code == 0, run.stderr


def test_consolidate_with_nothing_new_keeps_no_identical_copy(workspace, cli):
    configure(workspace)
    (workspace / "memory" / "2026-01-01.md").write_text("- We use Postgres 16.\n")
    _consolidated(cli, workspace)
    history = workspace / ".memctl" / "history"
    before = sorted(history.iterdir()) if history.exists() else []

    for _ in range(3):
        _consolidated(cli, workspace)

    after = sorted(history.iterdir()) if history.exists() else []
    assert after == before
    memory = (workspace / "MEMORY.md").read_bytes()
    assert all(path.read_bytes() != memory for path in after)


def test_a_time_zone_change_never_prunes_the_newest_copy(workspace, cli):
    """Twenty copies named (as before) in the local time of a zone 14 hours ahead; the
    next copy, made in UTC, is the newest and must be the one kept."""
    from datetime import UTC, datetime, timedelta

    configure(workspace)
    history = workspace / ".memctl" / "history"
    history.mkdir(parents=True)
    ahead = datetime.now(UTC) + timedelta(hours=14)
    for n in range(20):
        stamp = (ahead - timedelta(minutes=n)).strftime("%Y%m%dT%H%M%S%f")
        (history / f"MEMORY-{stamp}.md").write_text(f"- old {n}\n")
    (workspace / "MEMORY.md").write_text("- the current memory\n")
    (workspace / "memory" / "2026-01-01.md").write_text("- a new fact\n")

    assert cli("-w", workspace, "consolidate").exit_code == 0

    kept = [p.read_text() for p in history.iterdir()]
    assert len(kept) == 20
    assert "- the current memory\n" in kept
    assert "- old 19\n" not in kept  # the oldest went


def test_consolidate_keeps_memory_md_mode_and_history_copies_are_as_private(workspace, cli):
    import os
    import stat

    configure(workspace)
    memory = workspace / "MEMORY.md"
    memory.write_text("- private\n")
    memory.chmod(0o600)
    (workspace / "memory" / "2026-01-01.md").write_text("- another private fact\n")

    assert cli("-w", workspace, "consolidate").exit_code == 0

    assert stat.S_IMODE(memory.stat().st_mode) == 0o600
    (copy,) = (workspace / ".memctl" / "history").iterdir()
    assert stat.S_IMODE(copy.stat().st_mode) == 0o600
    old = os.umask(0o077)
    try:
        assert cli("-w", workspace, "save", "a fact").exit_code == 0
    finally:
        os.umask(old)
    for ledger in (workspace / "memory").glob("*.md"):
        if ledger.name != "2026-01-01.md":
            assert stat.S_IMODE(ledger.stat().st_mode) == 0o600  # new, under the umask
