"""Finding things again: keyword search, the index behind it, ranked recall, optional
embeddings, the ledger log, and `get` (a line range of a memory file).

`corpus` says what is searched and how a record is read; `search` finds exactly what a
plain scan of the files finds, and the index (`index/`: store, freshness, query) only
makes it faster. `recall` ranks (BM25 and recency, and embeddings when the caller hands
it an embedder); `embed` keeps the vectors. Imports `memctl.core`, `memctl.models.interface`
(the embedder interface), and, inside the functions that need them, the rules recall and
`corpus.Hidden` read as consolidation does (`models.supersede`, `models.held`).
"""
