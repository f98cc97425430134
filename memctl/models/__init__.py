"""Models: the one interface every stage calls (`interface`), and what stands behind it.

`builtin` is the offline, deterministic model with its rules (`facts`, `curate`);
`litellm_adapter` reaches every provider through litellm, imported only inside the
functions that call it; `windows` knows context windows, stated and learned; `resolve`
turns a configured name into a model (or recall's embedder), and is called only by the
entry points (the CLI commands, the hook handler, the MCP server), never by a stage: they
hand the stages a model, an embedder, or the `Models` bundle (`interface`) when a stage
needs more than one. Imports `memctl.core` only.
"""
