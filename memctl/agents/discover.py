"""Find the transcripts `thread import --all` (or a folder) imports.

Every agent says where it keeps its sessions (`Agent.home`, `Agent.sessions`): the
agents honour environment variables for their homes, so the same ones point memctl
(and its tests) elsewhere.
"""

from __future__ import annotations

from pathlib import Path

from memctl.agents.registry import AGENTS


def agent_sessions(project: Path | None = None) -> list[Path]:
    """Every session file (subagents' included) of every agent on this machine; of
    the sessions that ran in `project` when given."""
    return [path for agent in AGENTS.values() for path in agent.sessions(agent.home(), project)]


def folder_sessions(folder: Path) -> list[Path]:
    """Every `.jsonl` file under a folder the user named, subagents' included."""
    return sorted(p for p in folder.rglob("*.jsonl") if p.is_file())
