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
