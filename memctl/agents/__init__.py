"""The coding agents memctl plugs into (Claude Code, Codex), and the generic engines
that serve them: hook events, installing into settings files, importing transcripts,
exporting the memory block.

Each agent is one module (`claude_code`, `codex`) implementing the `Agent` protocol of
`base`, listed in `registry`; the engines (`hooks`, `install` with `settings`,
`imports`, `export`, `discover`) reach agents only through the registry and never name
one. Imports `memctl.turn`, `memctl.pipeline`, `memctl.retrieval`, `memctl.models` and
`memctl.core`.
"""
