"""Feeding `memctl hook`: an agent's stdin as it sends it, and reading the answer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

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


ROOMY_PROMPT_SECONDS = 60
"""memory.prompt_recall_seconds for a test of what the prompt hook's recall answers."""


def roomy_prompt_budget(root: Path) -> None:
    """memory.prompt_recall_seconds at a minute in ROOT's memctl.yaml, every other setting
    kept: for a test of what the prompt hook's recall answers, not of its time budget.
    The default second a step (the index's update, the semantic leg, the ranking) can be
    missed on a loaded CI machine (CI at 172fe04 ranked a huge prompt past it), and the
    hook then answers from part of the index, without the leg, or with nothing. Call it
    after anything that writes memctl.yaml anew (`configure`)."""
    path = root / "memctl.yaml"
    settings = yaml.safe_load(path.read_text(encoding="utf-8")) if path.exists() else None
    settings = settings or {}
    settings.setdefault("memory", {})["prompt_recall_seconds"] = ROOMY_PROMPT_SECONDS
    path.write_text(yaml.safe_dump(settings, allow_unicode=True), encoding="utf-8")
