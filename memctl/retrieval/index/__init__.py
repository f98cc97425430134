"""The search index (`.memctl/index.sqlite`): a cache of where each record is, never
the truth. Deleting it loses nothing; search scans the files whenever it cannot use it.

What lives where, each module importing only the ones above it:

- `postings`: recall's word postings: FTS5's word tokenizer on an in-memory table,
  the chunks written for each batch of records, and the top k by bm25 (`best`).
- `store`: the SQLite file: its schema (files, records, the trigram FTS5 tables, the
  postings, vectors), opening, creating and rebuilding it, and every write (the
  incremental update of a file, `writing` for the embeddings).
- `freshness`: which files an update must look at without a stat of every file (the
  folders' mtimes, the change journal, a full sweep each hour), `fresh_index` (the
  index brought up to date, or read-only when nothing changed) and `stale_files`.
- `query`: reading it: the trigram candidates of a search checked with the scan's own
  rule (`indexed_search`), and `contents` for status.

The names other modules use are importable from here.
"""

from __future__ import annotations

from memctl.retrieval.index.freshness import fresh_index, stale_files
from memctl.retrieval.index.query import contents, indexed_search, trigram_query
from memctl.retrieval.index.store import (
    IndexUnavailable,
    as_words,
    index_path,
    index_unusable,
    mark_stale,
    one_cjk,
    read_only,
    writing,
)

__all__ = [
    "IndexUnavailable",
    "as_words",
    "contents",
    "fresh_index",
    "index_path",
    "index_unusable",
    "indexed_search",
    "mark_stale",
    "one_cjk",
    "read_only",
    "stale_files",
    "trigram_query",
    "writing",
]
