"""Feeding `memctl hook`: an agent's stdin as it sends it, and reading the answer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

SESSION = "3b1f6c2e-7a4d-4c1e-9f2a-5d6e7f8a9b0c"


def claude_input(event: str, transcript: Path, **fields: Any) -> str:
    """Claude Code's hook stdin for `event`, with the fields it sends for it."""
    data = {
        "session_id": SESSION,
        "transcript_path": str(transcript),
        "cwd": "/home/dev/shop",
        "permission_mode": "default",
        "hook_event_name": event,
        **fields,
    }
    return json.dumps(data)


def hook(cli: Any, ws: Path, agent: str, stdin: str | None, *args: str) -> Any:
    result = cli("-w", ws, "hook", agent, *args, input=stdin)
    assert result.exit_code == 0, result.stderr
    return result


def context_of(stdout: str, event: str) -> str:
    document = json.loads(stdout)
    assert document["hookSpecificOutput"]["hookEventName"] == event
    return document["hookSpecificOutput"]["additionalContext"]
