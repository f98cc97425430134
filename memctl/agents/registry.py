"""The agents memctl serves, by name, and the transcript formats it reads.

The one place that lists the agent modules: the CLI (`hook`, `install`, `uninstall`,
`export`, `thread import --all`) and the engines find an agent here, by the name commands
take, and use it through `base.Agent`. Adding an agent is its module and one line below.
"""

from __future__ import annotations

from memctl.agents import claude_code, codex, openai_chat
from memctl.agents.base import Agent, MemoryFile, TranscriptFormat
from memctl.core.errors import UsageError

AGENTS: dict[str, Agent] = {agent.name: agent for agent in (claude_code.AGENT, codex.AGENT)}
"""Every agent, by the name commands take, in the order messages list them."""

OTHER_FORMATS: tuple[TranscriptFormat, ...] = (openai_chat.FORMAT,)
"""Transcript formats that belong to no agent, read after the agents' own."""


def either(names: list[str]) -> str:
    """`a`, `a or b`, `a, b or c`: the choices a message offers."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def agent_named(name: str) -> Agent:
    """The agent commands call `name`; UsageError naming the known ones otherwise."""
    if name not in AGENTS:
        raise UsageError(f"unknown agent {name!r}: use {either(list(AGENTS))}")
    return AGENTS[name]


def formats() -> dict[str, TranscriptFormat]:
    """Every transcript format by name: the agents' first, in AGENTS' order."""
    found = [agent.transcripts for agent in AGENTS.values()] + list(OTHER_FORMATS)
    return {fmt.name: fmt for fmt in found}


def memory_files() -> dict[str, tuple[Agent, MemoryFile]]:
    """The files `export` writes, by kind, with the agent that reads each."""
    return {agent.memory_file.kind: (agent, agent.memory_file) for agent in AGENTS.values()}
