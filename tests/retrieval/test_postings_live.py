"""Review 18 #2, #3: a record dropped from the index keeps its postings until the
rebuild garbage triggers, and a rewrite of MEMORY.md (any edit but an append) drops
and adds again every line of it. The dropped copies of a line score as the live one
does, the older ids first, and a word of one bullet gained a record of document
frequency each rewrite: the look-ups and the counts are of the live records."""

from __future__ import annotations

import contextlib
from pathlib import Path

from memctl.core.workspace import Workspace
from memctl.retrieval.index import fresh_index, read_only
from memctl.retrieval.index.postings import best, query_tokens, text_frequencies
from tests.support.helpers import write_log

FACTS = ["Sprint 0 is current.", "The staging database is db3."] + [
    f"Team note {n} about topic{n}." for n in range(5)
]


def _rewritten(workspace: Path, times: int) -> Workspace:
    """The workspace whose MEMORY.md's first bullet was edited `times` times, the index
    brought up to date after each (the other bullets dropped and added again)."""
    ws = Workspace(workspace, "UTC")
    facts = list(FACTS)
    for n in range(times):
        facts[0] = f"Sprint {n} is current."
        (workspace / "MEMORY.md").write_text("".join(f"- {f}\n" for f in facts), "utf-8")
        with fresh_index(ws, [], words=True):
            pass
    return ws


def test_look_ups_return_the_live_record_not_its_dropped_copies(workspace: Path) -> None:
    ws = _rewritten(workspace, 12)
    with contextlib.closing(read_only(ws)) as conn:
        (live,) = [
            record
            for (record,) in conn.execute(
                "SELECT records.id FROM records JOIN files ON files.id = records.file "
                "WHERE files.rel = 'MEMORY.md' AND records.number = 2"
            )
        ]
        (garbage,) = conn.execute("SELECT value FROM meta WHERE key = 'garbage'").fetchone()
        assert int(garbage) > 5 * 11  # the dropped copies are there to be found
        records = {record for (record,) in conn.execute("SELECT id FROM records")}
        for terms, every in (
            (["staging", "database"], True),
            (["staging"], True),
            (["staging"], False),
        ):
            found = best(conn, terms, 3, (1.0, 1.0), every=every)
            assert [record for record, _ in found] == [live], (terms, every)
        found = best(conn, ["staging", "team", "note"], 4, (1.0, 1.0))
        assert len(found) == 4 and {record for record, _ in found} <= records


def test_text_frequencies_count_live_records_of_the_kind(workspace: Path) -> None:
    ws = _rewritten(workspace, 30)
    with contextlib.closing(read_only(ws)) as conn:
        tokens = {
            token for tokens in query_tokens(["staging", "sprint", "absent"]) for token in tokens
        }
        records, found = text_frequencies(conn, tokens, "memory")
        assert records == len(FACTS)
        assert sorted(found.values()) == [0, 1, 1]
        assert text_frequencies(conn, tokens, "thread") == (0, dict.fromkeys(tokens, 0))


def test_text_frequencies_count_the_text_not_the_speaker(workspace: Path) -> None:
    """Review 18 M3: a speaker who says much labels each of their turns with their name;
    the records whose text says it are what the name's frequency counts."""
    entries = [
        {"role": "user", "name": "Theo", "content": f"note {n} on the build"} for n in range(9)
    ]
    entries += [{"role": "user", "name": "Dana", "content": "Theo fixed the build"}]
    write_log(workspace, "chat", entries)
    ws = Workspace(workspace, "UTC")
    with fresh_index(ws, [], words=True), contextlib.closing(read_only(ws)) as conn:
        (theo,) = query_tokens(["theo"])[0]
        assert text_frequencies(conn, {theo}) == (10, {theo: 1})
        assert text_frequencies(conn, {theo}, "thread") == (10, {theo: 1})
        assert text_frequencies(conn, {theo}, "memory") == (0, {theo: 0})


def test_whether_records_were_dropped_is_read_once_a_connection(workspace: Path) -> None:
    """Note 17: `text_frequencies`' fast path, `_top` and `_every` each read the garbage
    counter; one read a prompt (a recall's connection) serves them all, and a write
    through the connection is seen."""
    ws = _rewritten(workspace, 3)
    statements: list[str] = []
    with contextlib.closing(read_only(ws)) as conn:
        conn.set_trace_callback(statements.append)
        best(conn, ["staging", "database"], 3, (1.0, 1.0), every=True)
        best(conn, ["staging"], 3, (1.0, 1.0))
        text_frequencies(conn, {"stage"})
        assert (
            sum(s.startswith("SELECT value FROM meta WHERE key = 'garbage'") for s in statements)
            == 1
        )
    # Another connection (the next prompt's) reads it again, and so does one that wrote.
    import sqlite3

    from memctl.retrieval.index.store import index_path

    with contextlib.closing(sqlite3.connect(index_path(ws), isolation_level=None)) as conn:
        statements.clear()
        conn.set_trace_callback(statements.append)
        assert [r for r, _ in best(conn, ["staging"], 3, (1.0, 1.0))]
        conn.execute("UPDATE meta SET value = '0' WHERE key = 'garbage'")
        text_frequencies(conn, {"stage"})
        assert (
            sum(s.startswith("SELECT value FROM meta WHERE key = 'garbage'") for s in statements)
            == 2
        )
        # Nothing dropped now: the fast path counts from the postings' own counts.
        assert any("ft > 0" in s and "sum(n)" in s for s in statements)


def test_whether_records_were_dropped_is_read_again_after_another_connection_wrote(
    workspace: Path,
) -> None:
    """Review 20 #8: a flush or consolidate in another process writes through its own
    connection (`store.writing`); the reading connection's own `total_changes` never
    moves, so the answer it held went stale and `_top`/`_every` skipped `_live` while
    dropped copies filled the k. SQLite's `data_version` moves on another's commit."""
    from memctl.retrieval.index.postings import _dropped
    from memctl.retrieval.index.store import writing

    ws = _rewritten(workspace, 1)
    with writing(ws) as conn:
        conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('garbage', '0')")
    with contextlib.closing(read_only(ws)) as reader:
        assert _dropped(reader) is False
        with writing(ws) as conn:
            conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('garbage', '7')")
        assert _dropped(reader) is True
        statements: list[str] = []
        reader.set_trace_callback(statements.append)
        assert _dropped(reader) is True  # and read once again, not at every ask
        assert not any("garbage" in s for s in statements)
        with writing(ws) as conn:
            conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('garbage', '0')")
        assert _dropped(reader) is False


def _counted_by_reading_every_id(conn: object, tokens: set[str]) -> tuple[int, dict[str, int]]:
    """What `text_frequencies` counts, the long way: every live id read, every chunk of
    each token decoded."""
    import sqlite3

    from memctl.retrieval.index.postings import decode

    assert isinstance(conn, sqlite3.Connection)
    live = {record for (record,) in conn.execute("SELECT id FROM records")}
    found = dict.fromkeys(tokens, 0)
    for token in tokens:
        for first, blob in conn.execute(
            "SELECT first, docs FROM postings WHERE term = ? AND ft > 0", (token,)
        ):
            found[token] += len(live.intersection(decode(first, blob)))
    return len(live), found


def _memory(workspace: Path, facts: list[str]) -> None:
    (workspace / "MEMORY.md").write_text("".join(f"- {f}\n" for f in facts), "utf-8")
    with fresh_index(Workspace(workspace, "UTC"), [], words=True):
        pass


def test_text_frequencies_with_records_dropped_count_as_every_id_read(workspace: Path) -> None:
    """hook17: with records dropped, the live ids are read into a list only when they
    have a gap (a range is their count, lowest and highest), and a chunk whose span is
    all live ids is counted undecoded: the counts are the live records' all the same,
    before the ledger (the MEMORY.md indexed first dropped: no gap) and after it (the
    MEMORY.md written after the ledger dropped: a gap)."""
    ws = Workspace(workspace, "UTC")
    words = ["staging", "sprint", "team", "ledger", "absent"]
    tokens = {token for tokens in query_tokens(words) for token in tokens}
    _memory(workspace, FACTS)
    _memory(workspace, ["Sprint 1 is current.", *FACTS[1:]])
    with contextlib.closing(read_only(ws)) as conn:
        statements: list[str] = []
        conn.set_trace_callback(statements.append)
        assert text_frequencies(conn, tokens) == _counted_by_reading_every_id(conn, tokens)
        assert not any(s.startswith("SELECT id FROM records ORDER BY id") for s in statements)
    ledger = workspace / "memory" / "2026-01-05.md"
    ledger.parent.mkdir(exist_ok=True)
    lines = [f"- Ledger line {n}: the staging team ran sprint {n}.\n" for n in range(40)]
    ledger.write_text("## 09:00 flush\n" + "".join(lines), "utf-8")
    _memory(workspace, ["Sprint 1 is current.", *FACTS[1:]])  # the ledger's ids, after
    for n in (2, 3):
        _memory(workspace, [f"Sprint {n} is current.", *FACTS[1:]])
    with contextlib.closing(read_only(ws)) as conn:
        ids = [record for (record,) in conn.execute("SELECT id FROM records ORDER BY id")]
        assert ids[-1] - ids[0] + 1 > len(ids)  # a gap among the live ids
        records, found = text_frequencies(conn, tokens)
        assert (records, found) == _counted_by_reading_every_id(conn, tokens)
        assert records > len(lines) and max(found.values()) >= len(lines)


def test_a_chunk_s_ids_among_many_records_are_those_it_holds() -> None:
    """`_among` looks each of a chunk's ids up among records far more numerous (hook17),
    the records up in the chunk when they are fewer, and intersects otherwise: the same
    ids whichever it takes, records given as a list or a range."""
    import random

    from memctl.retrieval.index.postings import _among, encode

    rng = random.Random(17)
    for _ in range(200):
        docs = sorted(rng.sample(range(1, 5000), rng.randint(1, 60)))
        blob = encode(docs)
        low, high = sorted(rng.sample(range(0, 5200), 2))
        span = range(low, high)
        holes = sorted(set(span) - set(rng.sample(span, len(span) // 50)))
        for records in (span, holes, sorted(rng.sample(range(5000), rng.randint(0, 40)))):
            expected = sorted(set(records) & set(docs))
            assert sorted(_among(records, docs[0], docs[-1], blob)) == expected


def test_a_chunk_spanning_exactly_one_dropped_record_is_read(workspace: Path) -> None:
    """Review 25 test gap P2: three days each hold the word, indexed together (one chunk
    of three ids); the middle day deleted drops one record of that span, which holds the
    word: the chunk is not all live, and the dropped record is not counted."""
    ws = Workspace(workspace, "UTC")
    days = [workspace / "memory" / f"2026-01-0{n}.md" for n in (1, 2, 3)]
    for day in days:
        day.write_text("- The zephyr widget shipped.\n", "utf-8")
    with fresh_index(ws, [], words=True):
        pass
    days[1].unlink()
    with fresh_index(ws, [], words=True):
        pass
    with contextlib.closing(read_only(ws)) as conn:
        (token,) = {token for tokens in query_tokens(["zephyr"]) for token in tokens}
        held = conn.execute(
            "SELECT first, last, n FROM postings WHERE term = ? AND ft > 0", (token,)
        ).fetchall()
        assert [(last - first, n) for first, last, n in held] == [(2, 3)]  # the span read
        assert text_frequencies(conn, {token}, "memory")[1] == {token: 2}
        assert text_frequencies(conn, {token})[1] == {token: 2}
