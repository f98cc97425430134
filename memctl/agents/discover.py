"""Find the session files Claude Code and Codex keep, to import them all at once.

Claude Code keeps `<config>/projects/<project>/<session>.jsonl`, where `<config>` is
`$CLAUDE_CONFIG_DIR` or `~/.claude` and `<project>` is the session's working folder with
every character other than a letter or digit made `-`. Its subagents write beside it:
2.1 in `<project>/<session>/subagents/agent-<id>.jsonl`, 2.0 in `<project>/agent-<id>.jsonl`
(their lines carry the parent's `sessionId`, which names their thread; a 2.0 subagent
file is taken when its session's file is there too). Codex keeps
`<home>/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl` and, once archived,
`<home>/archived_sessions/`, where `<home>` is `$CODEX_HOME` or `~/.codex`. Both tools
honour those variables, so the same ones point memctl (and its tests) elsewhere.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

NOT_A_LETTER_OR_DIGIT = re.compile(r"[^A-Za-z0-9]")
META_LINE_BYTES = 1 << 20
THREAD_ID = re.compile(r"[0-9A-Za-z-]{1,64}")  # a session_meta line can hold long instructions


def claude_home() -> Path:
    return Path(os.environ.get("CLAUDE_CONFIG_DIR") or Path.home() / ".claude")


def codex_home() -> Path:
    return Path(os.environ.get("CODEX_HOME") or Path.home() / ".codex")


def claude_project_folder(project: Path) -> str:
    """The folder name Claude Code gives a project's sessions."""
    return NOT_A_LETTER_OR_DIGIT.sub("-", str(project))


def claude_sessions(home: Path, project: Path | None = None) -> list[Path]:
    """Every session and subagent file under `home`/projects (of one project if given)."""
    root = home / "projects"
    if project is not None:
        folders = [root / claude_project_folder(project)]
    else:
        folders = sorted(p for p in _folders(root))
    found: list[Path] = []
    for folder in folders:
        if not folder.is_dir():
            continue
        sessions = sorted(
            p for p in folder.glob("*.jsonl") if p.is_file() and not p.name.startswith("agent-")
        )
        found.extend(sessions)
        known = {p.stem for p in sessions}
        # 2.0: a subagent's file beside the sessions, taken when its session is there
        found.extend(
            p
            for p in sorted(folder.glob("agent-*.jsonl"))
            if p.is_file() and _first_value(p, "sessionId") in known
        )
        found.extend(sorted(p for p in folder.glob("*/subagents/agent-*.jsonl") if p.is_file()))
    return found


def codex_sessions(home: Path, project: Path | None = None) -> list[Path]:
    """Every rollout under `home`/sessions and `home`/archived_sessions (of one project,
    by the working folder its session_meta names, if given)."""
    found: list[Path] = []
    for folder in (home / "sessions", home / "archived_sessions"):
        if folder.is_dir():
            found.extend(sorted(p for p in folder.rglob("rollout-*.jsonl") if p.is_file()))
    if project is None:
        return found
    wanted = str(project)
    return [path for path in found if _codex_cwd(path) == wanted]


def folder_sessions(folder: Path) -> list[Path]:
    """Every `.jsonl` file under a folder the user named, subagents' included."""
    return sorted(p for p in folder.rglob("*.jsonl") if p.is_file())


def _folders(root: Path) -> list[Path]:
    try:
        return [p for p in root.iterdir() if p.is_dir()]
    except (FileNotFoundError, NotADirectoryError):
        return []


def _first_line(path: Path) -> dict[str, object]:
    try:
        with path.open("rb") as handle:
            line = json.loads(handle.readline(META_LINE_BYTES))
    except (OSError, ValueError, RecursionError):
        return {}
    return line if isinstance(line, dict) else {}


def _first_value(path: Path, key: str) -> str | None:
    value = _first_line(path).get(key)
    return value if isinstance(value, str) else None


def _codex_cwd(path: Path) -> str | None:
    payload = _first_line(path).get("payload")
    cwd = payload.get("cwd") if isinstance(payload, dict) else None
    return cwd if isinstance(cwd, str) else None


def codex_rollout(thread_id: str, home: Path | None = None) -> Path | None:
    """The rollout file of a Codex thread (what Codex's `notify` names by `thread-id`):
    the newest `rollout-*-<id>.jsonl` under sessions/, else under archived_sessions/."""
    if not THREAD_ID.fullmatch(thread_id):
        return None  # not an id Codex makes: no glob patterns from the caller
    home = home or codex_home()
    for folder in (home / "sessions", home / "archived_sessions"):
        if folder.is_dir():
            found = sorted(folder.rglob(f"rollout-*-{thread_id}.jsonl"))
            if found:
                return found[-1]
    return None
