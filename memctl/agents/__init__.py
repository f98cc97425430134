"""The coding agents memctl plugs into (Claude Code, Codex), and the generic engines
that serve them: hook events, installing into settings files, importing transcripts,
exporting the memory block.

Each agent is one module (`claude_code`, `codex`) behind a small protocol; the engines
(`hooks`, `install`, `imports`, `export`) never name an agent. Imports `memctl.turn`,
`memctl.pipeline`, `memctl.retrieval`, `memctl.models` and `memctl.core`.
"""
