"""mcp: the agent tools over the Model Context Protocol (stdio)."""

from __future__ import annotations
