"""memctl: two-tier memory for LLM-agent workspaces."""

__version__ = "0.1.0"
