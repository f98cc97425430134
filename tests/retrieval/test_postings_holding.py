"""`postings.holding`: which of some records hold each term, read from the term's
chunks, whether a few records are asked about (each looked for in a chunk) or many (a
chunk intersected whole), for a word most records hold as for a rare one."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest

from memctl.core.workspace import Workspace
from memctl.retrieval.index import fresh_index, read_only
from memctl.retrieval.index.postings import decode, holding, query_tokens
from tests.support.helpers import write_log


def _holders(conn, term: str) -> set[int]:
    """Every record holding `term` (one token), all its chunks decoded."""
    (token,) = query_tokens([term])[0]
    rows = conn.execute("SELECT first, docs FROM postings WHERE term = ?", (token,))
    return {record for first, blob in rows for record in decode(first, blob)}


@pytest.mark.parametrize("asked", [7, 60, None])  # a few, many, every record
def test_holding_is_every_asked_record_the_terms_chunks_hold(workspace: Path, asked) -> None:
    # 1,500 turns of one length: "redis" in two of three (chunks of hundreds of
    # records), "kestrel" in one of 97.
    entries = [
        {
            "role": "user",
            "content": ("redis " if n % 3 else "cache ")
            + ("kestrel " if n % 97 == 0 else "falcon ")
            + "word word",
        }
        for n in range(1500)
    ]
    write_log(workspace, "big", entries)
    ws = Workspace(workspace, "UTC")
    with fresh_index(ws, [], words=True), contextlib.closing(read_only(ws)) as conn:
        redis, kestrel = _holders(conn, "redis"), _holders(conn, "kestrel")
        every = sorted(redis | _holders(conn, "word"))
        assert len(every) == 1500 and 900 < len(redis) < 1100 and len(kestrel) == 16
        records = every if asked is None else every[:: len(every) // asked][:asked]
        held = holding(conn, ["redis", "kestrel", "absent"], records)
    assert set(held) == set(records)
    for record in records:
        expected = {term for term, has in (("redis", redis), ("kestrel", kestrel)) if record in has}
        assert held[record] == expected, record


def test_query_tokens_kept_are_the_tokenizers(monkeypatch: pytest.MonkeyPatch) -> None:
    """A term's tokens are kept once read: asked again (alone, among others, twice in
    one call) they are what the tokenizer gave, and a caller changing the list it got
    changes nothing kept; past QUERY_TOKENS terms the kept ones are dropped, not wrong."""
    from memctl.retrieval.index import postings

    monkeypatch.setattr(postings, "_tokens", {})
    terms = ["deploys", "foo_bar", "Café", "deploys", "", "über-cool"]
    first = query_tokens(terms)
    assert first == [["deploi"], ["foo", "bar"], ["cafe"], ["deploi"], [], ["uber", "cool"]]
    first[0].append("changed")
    assert query_tokens(["deploys"]) == [["deploi"]]
    assert query_tokens(list(reversed(terms))) == list(reversed(query_tokens(terms)))
    monkeypatch.setattr(postings, "QUERY_TOKENS", 3)
    assert query_tokens(["caching", "deploys", "running", "walked"]) == [
        ["cach"],
        ["deploi"],
        ["run"],
        ["walk"],
    ]
    assert len(postings._tokens) <= 4
