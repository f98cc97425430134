"""The hook error log: `.memctl/hooks.log`, one JSON object a line (an error, or a note
of what a hook left undone).

An agent's hook must never fail the agent (Claude Code reads exit code 2 from
PreCompact as "block the compaction"), so `memctl hook` exits 0 whatever happens and
its problems would be lost on a stderr nobody reads. They are kept here instead, and
`memctl status` shows the latest. The module is small and imports nothing heavy,
because `status` reads it and must start fast.
"""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path
from typing import Any

LOG_NAME = "hooks.log"
KEEP_BYTES = 256 * 1024
"""Past this size the log is cut to its newer half, so a hook failing at every turn
for months does not fill the disk."""


def log_path(root: Path) -> Path:
    return root / ".memctl" / LOG_NAME


def log_error(root: Path, agent: str, event: str, session: str | None, error: str) -> None:
    """Append one error; never raises (a hook that cannot even log still exits 0)."""
    _append(root, agent, event, session, "error", error)


def log_note(root: Path, agent: str, event: str, session: str | None, note: str) -> None:
    """Append one note: what a hook left undone without failing (its maintenance
    skipped, the lock busy or the gap not yet past), under `note`, which
    `recent_errors` (and so `memctl status`) passes over. Never raises."""
    _append(root, agent, event, session, "note", note)


def _append(root: Path, agent: str, event: str, session: str | None, key: str, text: str) -> None:
    record = {
        "ts": datetime.now().astimezone().isoformat(timespec="seconds"),
        "agent": agent,
        "event": event,
        "session": session,
        key: text,
    }
    path = log_path(root)
    try:
        path.parent.mkdir(exist_ok=True)
        line = (json.dumps(record, ensure_ascii=False) + "\n").encode("utf-8")
        # never through a symlink: it could lead out of the workspace
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW, 0o600)
        try:
            os.write(fd, line)
        finally:
            os.close(fd)
        if path.stat().st_size > KEEP_BYTES:
            _shrink(path)
    except OSError:
        pass


def _shrink(path: Path) -> None:
    """Keep the newer half. Through `write_atomic`'s fresh temp file: a fixed temp name
    (hooks.log.tmp) could be a symlink, and writing it would overwrite what it leads to."""
    from memctl.core.durable import write_atomic

    data = path.read_bytes()
    tail = data[len(data) // 2 :]
    tail = tail[tail.find(b"\n") + 1 :]
    write_atomic(path, tail, 0o600, durable=False)


def recent_errors(root: Path, count: int = 3) -> list[dict[str, Any]]:
    """The newest `count` errors, oldest first; unreadable lines are passed over."""
    try:
        data = log_path(root).read_bytes()
    except OSError:
        return []
    found: list[dict[str, Any]] = []
    for line in reversed(data.splitlines()):
        try:
            record = json.loads(line)
        except (ValueError, RecursionError):
            continue
        if isinstance(record, dict) and isinstance(record.get("error"), str):
            found.append(record)
            if len(found) == count:
                break
    return list(reversed(found))
