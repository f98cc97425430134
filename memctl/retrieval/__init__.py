"""Finding things again: keyword search, the index behind it, ranked recall, optional
embeddings, the ledger log, and `get` (a line range of a memory file).

`search` finds exactly what a plain scan of the files finds; the index only makes it
faster. `recall` ranks (BM25 and recency, embeddings when configured). Imports
`memctl.models` (the embedder interface) and `memctl.core` only.
"""
