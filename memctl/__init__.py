"""memctl: two-tier memory for LLM-agent workspaces.

*The reference*, in the docstrings and comments of this package, is the behaviour memctl
follows: the two-tier memory pipeline (daily ledgers, a curated MEMORY.md, flush,
consolidation, compaction, tool-result eviction) of AgentScope Java's agent harness, as
its Memory documentation describes it. "The reference message" is another thing: the
user message that carries MEMORY.md into a model request (memctl.turn.context). The layers,
the workspace's files and state.json are described in docs/ARCHITECTURE.md.
"""

__version__ = "0.1.0"
