"""The pipeline's stages: flush, consolidate, compact (with `cuts` and `summarise`),
archive, evict, maintain, save, the MEMORY.md history, and the status report over them.

A stage is a function of (workspace, config, models) that returns a result dataclass;
it never prints, never imports typer or rich, and never builds its own model: the
caller hands it one. Imports `memctl.retrieval`, `memctl.models` and `memctl.core`.
"""
