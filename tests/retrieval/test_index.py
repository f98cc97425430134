"""The search index (.memctl/index.sqlite): a cache that never changes what search finds.

Search with the index and the scan it replaces (memctl/search.py, `use_index=False`)
must give the same hits in the same order under the same limit, on random workspaces
that are then appended to, rewritten, archived and pruned between searches, so the
incremental update is checked as well as the first build. The index must also survive
what happens to caches: deletion, corruption, a process killed while writing it, and
eight processes writing and searching at once.
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memctl.core.threads import encode_entry
from memctl.core.workspace import Workspace
from memctl.retrieval.index import (
    IndexUnavailable,
    as_words,
    fresh_index,
    index_path,
    trigram_query,
)
from memctl.retrieval.index.freshness import listed_files
from memctl.retrieval.index.store import CLEAN
from memctl.retrieval.search import MODES, search
from tests.support import forkserver
from tests.support.helpers import crash_path, held_lock, write_log
from tests.support.search_corpora import (
    SETTINGS,
    Corpus,
    LogLine,
    corpora,
    encoded,
    entries,
    fresh,
    memory_text,
    queries,
    write,
)


def both(ws: Workspace, query: str, **options: object) -> tuple[list, list]:
    """(hits, truncated) with the index and with the scan."""
    indexed = search(ws, query, **options)
    scanned = search(ws, query, use_index=False, **options)

    def key(result):
        return [(h.kind, h.path, h.line, h.entry, h.role, h.text) for h in result.hits], (
            result.truncated
        )

    return key(indexed), key(scanned)


@pytest.fixture(scope="module")
def scratch() -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="memctl-index-props-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@st.composite
def changes(draw: st.DrawFn, corpus: Corpus) -> list[tuple[str, str, object]]:
    """What happens to a workspace between two searches: appends (the common case),
    whole rewrites, an archive move, a deleted log."""
    steps = []
    for _ in range(draw(st.integers(1, 4))):
        how = draw(st.sampled_from(["append", "append", "append log", "rewrite", "move", "drop"]))
        if how in ("append", "rewrite"):
            rel = draw(st.sampled_from(["MEMORY.md", "memory/2024-01-02.md", "memory/notes.md"]))
            steps.append((how, rel, draw(memory_text(corpus.alphabet))))
        elif how == "append log":
            thread = draw(st.sampled_from(["a", "b-2", "new"]))
            lines = draw(st.lists(st.builds(LogLine, entries(corpus.alphabet), st.just("memctl"))))
            steps.append((how, thread, lines))
        else:
            steps.append((how, draw(st.sampled_from(["2024-01-02.md", "a"])), None))
    return steps


def apply(root: Path, steps: list[tuple[str, str, object]]) -> None:
    for how, name, payload in steps:
        if how == "append":
            path = root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("ab") as handle:
                handle.write(str(payload).encode())
        elif how == "rewrite":
            path = root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(str(payload).encode())
        elif how == "append log":
            (root / "threads").mkdir(exist_ok=True)
            with (root / "threads" / f"{name}.jsonl").open("ab") as handle:
                handle.write(b"".join(encoded(line) for line in payload))  # type: ignore[attr-defined]
        elif how == "move":
            source = root / "memory" / name
            if source.exists():
                (root / "memory" / "archive").mkdir(exist_ok=True)
                source.rename(root / "memory" / "archive" / name)
        elif how == "drop":
            (root / "threads" / f"{name}.jsonl").unlink(missing_ok=True)


@pytest.mark.slow
@SETTINGS
@given(data=st.data(), corpus=corpora())
def test_index_and_scan_agree_before_and_after_changes(
    scratch: Path, data: st.DataObject, corpus: Corpus
) -> None:
    root = fresh(scratch)
    write(root, corpus)
    ws = Workspace(root)
    options = {
        "mode": data.draw(st.sampled_from(MODES), label="mode"),
        "scope": data.draw(st.sampled_from(["memory", "threads", "all"]), label="scope"),
        "limit": data.draw(st.sampled_from([0, 1, 3, 50]), label="limit"),
        "include_archive": data.draw(st.booleans(), label="include_archive"),
    }
    for _ in range(2):
        query = data.draw(queries(corpus), label="query")
        indexed, scanned = both(ws, query, **options)
        assert indexed == scanned
        apply(root, data.draw(changes(corpus), label="changes"))
        # mtime has a resolution: a rewrite within it must still be seen (size, hashes).
    query = data.draw(queries(corpus), label="last query")
    indexed, scanned = both(ws, query, **options)
    assert indexed == scanned


def test_the_index_serves_queries_of_three_characters_or_more():
    assert trigram_query(["abcd"], "phrase") == '("abc" AND "bcd")'
    assert trigram_query(['a"bc'], "phrase") == '("a""b" AND """bc")'
    assert trigram_query(["ab", "cde"], "all") == '("cde")'
    assert trigram_query(["ab", "cde"], "any") is None
    assert trigram_query(["部署"], "phrase") is None
    assert trigram_query(["部署决"], "phrase") == '("部署决")'


def test_a_keyword_is_looked_up_by_its_rare_trigrams(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trigram in COMMON_ROWS records or more is left out of the lookup when the
    keyword has rarer ones (at 620 MB, ' ro' is in a million records); the hits are
    those of the scan, false candidates checked away."""
    import memctl.retrieval.index.query as query

    monkeypatch.setattr(query, "COMMON_ROWS", 3)
    lines = [f"- the release {n} shipped\n" for n in range(6)] + ["- the zebra release\n"]
    (workspace / "MEMORY.md").write_text("".join(lines), encoding="utf-8")
    ws = Workspace(workspace)
    with fresh_index(ws, []) as (index, _):
        expression = trigram_query(["the zebra"], "phrase", index.conn)
        # every trigram of "the " and " release" is in 7 records: only zebra's are asked
        assert expression == '("e z" AND " ze" AND "zeb" AND "ebr" AND "bra")'
        common = trigram_query(["release"], "phrase", index.conn)
        assert common == '("rel" AND "ele" AND "lea" AND "eas" AND "ase")'  # all common
    indexed, scanned = both(ws, "ze", mode="any")
    assert indexed == scanned
    indexed, scanned = both(ws, "the zebra")
    assert indexed == scanned and len(indexed[0]) == 1
    indexed, scanned = both(ws, "release shipped", mode="all")
    assert indexed == scanned and len(indexed[0]) == 6


def test_a_small_index_looks_up_every_trigram_unprobed(workspace: Path) -> None:
    """In an index of fewer than COMMON_ROWS records no trigram can be common, so the
    lookup does not count any (the probes were 11 queries of "deploy window")."""
    lines = [f"- the release {n} shipped\n" for n in range(6)]
    (workspace / "MEMORY.md").write_text("".join(lines), encoding="utf-8")
    ws = Workspace(workspace)
    with fresh_index(ws, []) as (index, _):
        statements: list[str] = []
        index.conn.set_trace_callback(statements.append)
        expression = trigram_query(["release"], "phrase", index.conn)
        index.conn.set_trace_callback(None)
    assert expression == '("rel" AND "ele" AND "lea" AND "eas" AND "ase")'
    assert not [s for s in statements if "MATCH" in s]


def test_a_search_of_a_few_threads_reads_back_only_theirs(workspace: Path) -> None:
    """`--thread` and `--scope memory` ask SQL for their own files' candidates: a
    search of one log among thousands does not walk every log's matches."""
    import memctl.retrieval.index.query as query
    from memctl.retrieval.corpus import thread_logs

    (workspace / "MEMORY.md").write_text("- deploy on friday\n", encoding="utf-8")
    for thread in ("a", "b", "c"):
        write_log(workspace, thread, [{"role": "user", "content": f"deploy {thread}"}])
    ws = Workspace(workspace)
    with fresh_index(ws, []) as (index, _):
        index.conn.execute("BEGIN")
        logs = thread_logs(ws, ["b"])
        one = [row[0] for row in query.candidates(index.conn, {"thread": '"dep"'}, logs)]
        memory = [row[0] for row in query.candidates(index.conn, {"memory": '"dep"'})]
        index.conn.execute("COMMIT")
    assert one == ["threads/b.jsonl"]
    assert memory == ["MEMORY.md"]
    hits = search(ws, "deploy", scope="threads", threads=["b"], limit=0).hits
    assert [(hit.path, hit.text) for hit in hits] == [("threads/b.jsonl", "deploy b")]


# --------------------------------------------------------------------------- case folding


FOLDS = [
    # (record, query): the scan's str.lower on both sides decides
    ("- Straße gesperrt", "STRASSE"),  # ß does not become ss
    ("- Straße gesperrt", "straße"),
    ("- GROẞE Pläne", "große"),  # capital sharp s lower-cases to ß
    ("- İstanbul office", "i̇stanbul"),  # İ lower-cases to i + U+0307
    ("- İstanbul office", "istanbul"),  # so a plain i does not match
    ("- 300 \u212aelvin", "300 kelvin"),  # the Kelvin sign lower-cases to k
    ("- École Polytechnique", "école poly"),
    ("- École Polytechnique", "ecole"),  # no accent folding
    ("- cost (a+b)*c [x] .* ?", "(a+b)*c [x]"),  # regex characters are literal
    ("- 部署决定：使用蓝鲸方案", "使用蓝鲸"),  # CJK is not split
]


@pytest.mark.parametrize(("record", "query"), FOLDS)
def test_case_folding_is_the_scans(workspace: Path, record: str, query: str) -> None:
    (workspace / "MEMORY.md").write_text(f"- nothing here\n{record}\n", encoding="utf-8")
    ws = Workspace(workspace)
    for mode in MODES:
        indexed, scanned = both(ws, query, mode=mode)
        assert indexed == scanned
    assert index_path(ws).is_file()  # the index really served them


# --------------------------------------------------------------------------- incremental


def update(ws: Workspace):
    notes: list[str] = []
    with fresh_index(ws, notes) as (_, report):
        return report, notes


def test_appends_index_only_the_new_bytes(workspace: Path) -> None:
    ws = Workspace(workspace)
    ledger = workspace / "memory" / "2026-06-01.md"
    ledger.write_text("- one\n- two\n", encoding="utf-8")
    log = workspace / "threads" / "t.jsonl"
    log.write_bytes(encode_entry({"role": "user", "content": "first"}))
    first, _ = update(ws)
    assert first.records == 3  # MEMORY.md is empty

    with ledger.open("a", encoding="utf-8") as handle:
        handle.write("- three\n")
    with log.open("ab") as handle:
        handle.write(encode_entry({"role": "assistant", "content": "second"}))
    second, _ = update(ws)
    assert (second.appended, second.rewritten, second.records) == (2, 0, 2)
    assert [h.line for h in search(ws, "three").hits] == [3]
    assert [h.entry for h in search(ws, "second", scope="threads").hits] == [1]

    nothing, _ = update(ws)
    assert nothing.indexed == 0


def test_a_line_without_its_newline_is_indexed_again_when_it_grows(workspace: Path) -> None:
    ws = Workspace(workspace)
    memory = workspace / "MEMORY.md"
    memory.write_text("- deploy on Fri", encoding="utf-8")
    assert [h.text for h in search(ws, "deploy").hits] == ["- deploy on Fri"]
    with memory.open("a", encoding="utf-8") as handle:
        handle.write("days\n- second\n")
    assert [h.text for h in search(ws, "deploy").hits] == ["- deploy on Fridays"]
    assert [h.line for h in search(ws, "second").hits] == [2]


def test_a_rewrite_is_found_by_its_fingerprint(workspace: Path) -> None:
    ws = Workspace(workspace)
    memory = workspace / "MEMORY.md"
    memory.write_text("- alpha one\n- beta two\n", encoding="utf-8")
    update(ws)
    # Written in place: same size, same inode, only the hash of the head tells.
    with memory.open("r+b") as handle:
        handle.write(b"- gamma one\n")
    report, _ = update(ws)
    assert (report.rewritten, report.appended) == (1, 0)
    assert [h.text for h in search(ws, "gamma").hits] == ["- gamma one"]
    assert search(ws, "alpha").hits == []
    # A rewrite through a rename (consolidate) is a new inode.
    tmp = workspace / "MEMORY.tmp"
    tmp.write_text("- delta\n- alpha again\n", encoding="utf-8")
    tmp.replace(memory)
    report, _ = update(ws)
    assert report.rewritten == 1
    assert [h.line for h in search(ws, "alpha").hits] == [2]


def test_archived_files_are_renamed_in_the_index(workspace: Path) -> None:
    ws = Workspace(workspace)
    ledger = workspace / "memory" / "2020-01-01.md"
    ledger.write_text("- an old decision\n", encoding="utf-8")
    update(ws)
    (workspace / "memory" / "archive").mkdir()
    ledger.rename(workspace / "memory" / "archive" / "2020-01-01.md")
    report, _ = update(ws)
    assert (report.renamed, report.indexed, report.removed) == (1, 0, 0)
    assert search(ws, "old decision").hits == []
    hits = search(ws, "old decision", include_archive=True).hits
    assert [(h.path, h.line) for h in hits] == [("memory/archive/2020-01-01.md", 1)]


def test_a_file_moved_to_another_kind_is_indexed_again(workspace: Path) -> None:
    """Each kind of file has its own trigram table: a memory file moved into threads/
    (the same inode, size and mtime) is no rename in the index, whose records would stay
    in the memory table where a thread search never looks."""
    ws = Workspace(workspace)
    ledger = workspace / "memory" / "2020-01-01.md"
    ledger.write_text('{"role": "user", "content": "the zebra rollout"}\n', encoding="utf-8")
    update(ws)
    ledger.rename(workspace / "threads" / "zebra.jsonl")
    report, _ = update(ws)
    indexed, scanned = both(ws, "zebra rollout", scope="threads")
    assert indexed == scanned and len(indexed[0]) == 1
    assert (report.renamed, report.indexed, report.removed) == (0, 1, 1)


def test_an_index_mostly_garbage_is_rebuilt(workspace: Path) -> None:
    """A rewritten file's dropped records stay in the FTS tables as garbage; when they
    outnumber the live ones (and 10,000), the update builds the index anew."""
    ws = Workspace(workspace)
    ledger = workspace / "memory" / "2026-06-01.md"
    for word in ("first", "second", "third"):
        ledger.write_text("".join(f"- {word} {n}\n" for n in range(6_000)), encoding="utf-8")
        report, _ = update(ws)
        # 6,000 dropped of 12,000 written, then 12,000 of 18,000
        assert report.rebuilt == (word == "third")
    assert [h.line for h in search(ws, "third 5999").hits] == [6000]
    assert search(ws, "second 5999").hits == []


def test_short_keywords_are_scanned_without_the_index(workspace: Path) -> None:
    (workspace / "MEMORY.md").write_text("- go to 部署\n", encoding="utf-8")
    ws = Workspace(workspace)
    assert [h.line for h in search(ws, "go").hits] == [1]
    assert [h.line for h in search(ws, "部署").hits] == [1]
    assert not index_path(ws).exists()


def test_a_file_that_is_not_utf8_is_scanned(workspace: Path) -> None:
    """The index does not vouch for it: the scan decides, and reports it as it does."""
    (workspace / "memory" / "bad.md").write_bytes(b"- caf\xe9 deploy\n")
    (workspace / "MEMORY.md").write_text("- deploy\n", encoding="utf-8")
    ws = Workspace(workspace)
    result = search(ws, "deploy")
    reference = search(ws, "deploy", use_index=False)
    assert result.hits == reference.hits
    assert [str(s) for s in result.skipped] == [str(s) for s in reference.skipped]


# --------------------------------------------------------------------------- a cache


def test_a_deleted_index_is_built_again(workspace: Path, cli) -> None:
    (workspace / "MEMORY.md").write_text("- deploy on Fridays\n", encoding="utf-8")
    assert cli("-w", workspace, "search", "deploy").exit_code == 0
    path = workspace / ".memctl" / "index.sqlite"
    assert path.is_file()
    path.unlink()
    run = cli("-w", workspace, "search", "deploy")
    assert (run.exit_code, run.stderr) == (0, "")
    assert path.is_file()


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_a_corrupt_index_is_rebuilt_with_one_line(workspace: Path, cli, damage: str) -> None:
    (workspace / "MEMORY.md").write_text("- deploy on Fridays\n", encoding="utf-8")
    assert cli("-w", workspace, "search", "deploy").exit_code == 0
    path = workspace / ".memctl" / "index.sqlite"
    if damage == "garbage":
        path.write_bytes(b"this is not a database" * 100)
    else:
        path.write_bytes(path.read_bytes()[:5000])
    run = cli("-w", workspace, "search", "deploy")
    assert run.exit_code == 0
    assert run.stdout == "MEMORY.md:1: - deploy on Fridays\n"
    assert len(run.stderr.splitlines()) == 1
    assert "rebuilding" in run.stderr
    again = cli("-w", workspace, "search", "deploy")
    assert (again.exit_code, again.stderr) == (0, "")


def test_index_rebuild_and_status(workspace: Path, cli) -> None:
    (workspace / "MEMORY.md").write_text("- deploy on Fridays\n", encoding="utf-8")
    status = json.loads(cli("-w", workspace, "--json", "status").stdout)
    assert status["index"]["exists"] is False
    run = cli("-w", workspace, "--json", "index", "--rebuild")
    assert run.exit_code == 0, run.stderr
    document = json.loads(run.stdout)
    assert document["update"]["rebuilt"] is True
    assert document["index"]["records"] == 1
    with (workspace / "MEMORY.md").open("a", encoding="utf-8") as handle:
        handle.write("- a second line\n")
    status = json.loads(cli("-w", workspace, "--json", "status").stdout)
    assert status["index"]["stale_files"] == 1
    text = cli("-w", workspace, "status").stdout
    assert "search index" in text and "1 file changed since" in text
    assert "`memctl index` indexes all now" in text  # not "the next search indexes them"


def test_index_bookkeeping_stays_out_of_state_json(workspace: Path) -> None:
    (workspace / "MEMORY.md").write_text("- deploy\n", encoding="utf-8")
    ws = Workspace(workspace)
    update(ws)
    assert not ws.state_path.exists()


@pytest.mark.slow
def test_a_busy_lock_means_a_scan_not_a_wait(workspace: Path) -> None:
    (workspace / "MEMORY.md").write_text("- deploy on Fridays\n", encoding="utf-8")
    ws = Workspace(workspace)
    with held_lock(ws.state_dir / "lock"):
        with pytest.raises(IndexUnavailable), fresh_index(ws, [], wait=0.1):
            pass
        assert [h.line for h in search(ws, "deploy").hits] == [1]
        assert not index_path(ws).exists()


# --------------------------------------------------------------------------- crashes


def big_workspace(root: Path, days: int = 400, threads: int = 60) -> None:
    for day in range(days):
        (root / "memory" / f"2020-{1 + day // 28 % 12:02d}-{1 + day % 28:02d}.md").write_text(
            "".join(f"- fact {day}-{i}: the deploy window is Tuesday\n" for i in range(40)),
            encoding="utf-8",
        )
    for t in range(threads):
        (root / "threads" / f"t{t}.jsonl").write_bytes(
            b"".join(
                encode_entry({"role": "user", "content": f"message {t}-{i} about the rollout"})
                for i in range(80)
            )
        )


@pytest.mark.slow
def test_an_index_killed_while_it_is_written_is_still_right(workspace: Path) -> None:
    """`index --rebuild` killed (SIGKILL) as it opens a file to index, inside its one
    write transaction: the first file (nothing written yet), one in the middle (records in
    SQLite's page cache) and the last (records spilled to the WAL, uncommitted: enough
    files that they no longer fit the cache). The kill points are exact: the crash-point
    hook (tests/support/crashpoint) kills before that open. Nothing of the killed
    transaction may count, and the next search must find what the scan finds."""
    big_workspace(workspace, threads=400)
    ws = Workspace(workspace)
    expected = search(ws, "fact 17-3", scope="all", limit=0, use_index=False)
    listed = listed_files(ws)
    wal = index_path(ws).with_name(index_path(ws).name + "-wal")
    left: dict[str, int] = {}
    for item in (listed[0], listed[len(listed) // 2], listed[-1]):
        index_path(ws).unlink(missing_ok=True)
        killed = forkserver.run(
            ["-w", workspace, "index", "--rebuild"],
            env={
                **os.environ,
                "PYTHONPATH": crash_path(),
                "MEMCTL_CRASH_ROOT": str(workspace),
                "MEMCTL_CRASH_READ": item.rel,
            },
            text=True,
            timeout=120,
        )
        assert killed.returncode == -signal.SIGKILL, (item.rel, killed.stderr)
        left[item.rel] = wal.stat().st_size
        assert committed_files(ws) == 0, item.rel
        result = search(ws, "fact 17-3", scope="all", limit=0)
        assert result.hits == expected.hits
        assert result.notes == []
    # The last kill left the transaction's pages in the WAL: a torn write, not only a
    # lost page cache (grow big_workspace if SQLite's cache grows, or the records are
    # spread over more tables, each buffering its own: 200 threads were enough for one).
    assert left[listed[-1].rel] > left[listed[0].rel], left


def committed_files(ws: Workspace) -> int:
    """How many files the index on disk holds as committed, read from a copy so that the
    recovery SQLite runs on opening it leaves the killed run's files as they are."""
    with tempfile.TemporaryDirectory() as scratch:
        for name in index_path(ws).parent.glob(index_path(ws).name + "*"):
            shutil.copy(name, Path(scratch) / name.name)
        conn = sqlite3.connect(Path(scratch) / index_path(ws).name)
        try:
            (count,) = conn.execute("SELECT count(*) FROM files").fetchone()
        finally:
            conn.close()
    return count


@pytest.mark.slow
def test_eight_writers_and_searchers_at_once(workspace: Path) -> None:
    big_workspace(workspace, days=60, threads=10)

    def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
        return forkserver.run(["-w", workspace, *args], input=stdin or b"", text=True, timeout=120)

    def saver(writer: int) -> list[subprocess.CompletedProcess]:
        return [run("save", "--", f"- saved-{writer}-{n} marker") for n in range(4)]

    def appender(writer: int) -> list[subprocess.CompletedProcess]:
        message = json.dumps({"role": "user", "content": f"appended-{writer} marker"})
        return [run("thread", "append", f"w{writer}", "-", stdin=message) for _ in range(4)]

    def searcher(_: int) -> list[subprocess.CompletedProcess]:
        return [run("search", "marker", "--scope", "all", "--limit", "0") for _ in range(4)]

    jobs = [saver, saver, appender, appender, searcher, searcher, searcher, searcher]
    with ThreadPoolExecutor(len(jobs)) as pool:
        runs = [r for done in pool.map(lambda j: j[1](j[0]), enumerate(jobs)) for r in done]
    for done in runs:
        assert done.returncode in (0, 1), done.stderr
        assert "error" not in done.stderr and "Traceback" not in done.stderr
    ws = Workspace(workspace)
    indexed, scanned = both(ws, "marker", scope="all", limit=0)
    assert indexed == scanned
    texts = {hit[5] for hit in indexed[0]}
    assert {f"- saved-{w}-{n} marker" for w in (0, 1) for n in range(4)} <= texts
    assert sum(hit[0] == "thread" for hit in indexed[0]) == 8


def test_cjk_runs_become_bigrams_for_the_word_index() -> None:
    assert as_words("使用蓝鲸方案 ok") == " 使用 用蓝 蓝鲸 鲸方 方案  ok"
    assert as_words("部署") == " 部署 "


def test_a_run_of_plane_3_ideographs_becomes_bigrams_like_plane_2s() -> None:
    """Plane 3 (extensions G and H) holds ideographs only, as plane 2 does: 𰻞 (U+30EDE,
    of biángbiáng noodles) was left outside the run, so "𰻞𰻞" was one word of the index,
    which a query of "𰻞面" did not find."""
    assert as_words("𰻞𰻞面条") == " 𰻞𰻞 𰻞面 面条 "
    assert as_words("𠀀𠀁𠀂") == " 𠀀𠀁 𠀁𠀂 "


def test_the_word_index_reads_text_nfkc_folded() -> None:
    """Audit 3b #14: fullwidth letters and digits are the ASCII ones (unicode61 keeps
    them apart); half-width katakana the full-width; ASCII text is returned as it is."""
    assert as_words("ＤＥＡＤＬＩＮＥ is ２０２７") == "DEADLINE is 2027"
    assert as_words("ｶﾀｶﾅ") == " カタ タカ カナ "
    text = "plain ascii, left alone"
    assert as_words(text) is text


@pytest.mark.parametrize("use_index", [True, False])
@pytest.mark.parametrize("limit", [0, 1, 2, 5])
def test_streamed_hits_are_the_kept_ones(workspace: Path, use_index: bool, limit: int) -> None:
    """A sink gets the same hits, file by file; a file found binary after a match gives
    nothing to the sink, as it gives nothing to `hits`."""
    (workspace / "MEMORY.md").write_text("- deploy one\n- deploy two\n", encoding="utf-8")
    (workspace / "memory" / "a.md").write_bytes(b"- deploy three\n\x00\n")
    (workspace / "memory" / "b.md").write_text("- deploy four\n", encoding="utf-8")
    ws = Workspace(workspace)
    kept = search(ws, "deploy", limit=limit, use_index=use_index)
    got: list = []
    streamed = search(ws, "deploy", limit=limit, use_index=use_index, sink=got.append)
    assert got == kept.hits and streamed.hits == []
    assert (streamed.count, streamed.truncated) == (kept.count, kept.truncated)
    assert [str(s) for s in streamed.skipped] == [str(s) for s in kept.skipped]


def test_a_search_stopped_at_its_limit_leaves_no_cursor_open(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A search that stops at its limit (50 on a terminal) left the candidate rows'
    cursor suspended in its generator after the index was closed: collected later, it
    printed "Exception ignored ... Cannot operate on a closed database" on stderr, after
    the hits of every such search once the index was fresh."""
    for day in ("01", "02", "03"):
        (workspace / "memory" / f"2026-01-{day}.md").write_text("- alpha one\n- alpha two\n")
    ws = Workspace(workspace)
    unraisable: list[object] = []
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)
    for _ in range(2):  # the second search takes the index's read-only path
        result = search(ws, "alpha", limit=1)
        assert [hit.text for hit in result.hits] == ["- alpha one"] and result.truncated
        gc.collect()
    assert unraisable == []


@pytest.mark.parametrize(
    ("key", "value"),
    [("next_id", "x"), ("folders", "[1]"), ("swept", "soon"), ("garbage", "-")],
)
def test_a_bad_meta_row_rebuilds_the_index_with_one_note(cli, workspace: Path, key, value) -> None:
    """issue 24, item 13: a readable index whose meta row held a bad value made every
    search exit 70 until `index --rebuild`."""
    (workspace / "MEMORY.md").write_text("# Memory\n\n- zebra crossing\n", encoding="utf-8")
    assert cli("-w", workspace, "search", "zebra").exit_code == 0
    with contextlib.closing(sqlite3.connect(workspace / ".memctl" / "index.sqlite")) as conn:
        conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (key, value))
        conn.commit()
    (workspace / "MEMORY.md").write_text("# Memory\n\n- zebra crossings\n", encoding="utf-8")

    run = cli("-w", workspace, "search", "zebra")

    assert run.exit_code == 0, run.stderr
    assert "zebra crossings" in run.stdout
    assert run.stderr.count("rebuilding it") == 1


def test_memctl_index_readies_recalls_word_table(workspace: Path, cli) -> None:
    """An index that `search` made has no word table; recall's first call (the prompt
    hook's, every prompt under its time budget) then built the whole index again, a
    budget's worth a prompt, answering from a part of it meanwhile. `memctl index`, the
    command that readies the index, builds the table; recall then updates nothing."""
    (workspace / "MEMORY.md").write_text("- deploy on Fridays\n", encoding="utf-8")
    assert cli("-w", workspace, "search", "deploy").exit_code == 0

    def has_words() -> bool:
        conn = sqlite3.connect(index_path(Workspace(workspace)))
        try:
            row = conn.execute("SELECT value FROM meta WHERE key = 'words'").fetchone()
        finally:
            conn.close()
        return row is not None and row[0] == "1"

    assert not has_words()
    run = cli("-w", workspace, "--json", "index")
    assert run.exit_code == 0, run.stderr
    assert json.loads(run.stdout)["update"]["rebuilt"] is True
    assert has_words()
    again = cli("-w", workspace, "--json", "index")
    assert json.loads(again.stdout)["update"]["rebuilt"] is False  # once, not each time
    found = cli("-w", workspace, "--json", "recall", "deploy")
    assert found.exit_code == 0, found.stderr
    assert "rebuild" not in found.stderr


def test_a_sweep_gives_the_free_pages_back(workspace: Path, cli) -> None:
    """Records dropped (a log rewritten shorter) free pages; `memctl index` (a sweep)
    returns them to the file system, so the index does not keep the size it once had
    (issue 26: index <= 1.0x the corpus)."""
    log = workspace / "threads" / "long.jsonl"
    log.write_bytes(
        b"".join(
            encode_entry({"role": "user", "content": f"entry {n} about the billing cache"})
            for n in range(3000)
        )
    )
    assert cli("-w", workspace, "index").exit_code == 0
    log.write_bytes(encode_entry({"role": "user", "content": "only this one now"}))
    assert cli("-w", workspace, "index").exit_code == 0
    conn = sqlite3.connect(index_path(Workspace(workspace)))
    try:
        (free,) = conn.execute("PRAGMA freelist_count").fetchone()
    finally:
        conn.close()
    assert free == 0


def test_the_index_holds_no_secret(workspace: Path) -> None:
    from memctl.core.config import load_config
    from memctl.retrieval.recall import recall

    token = "ghp_" + "Zq8Xk2Lm9" * 4
    (workspace / "threads" / "t1.jsonl").write_bytes(
        encode_entry({"role": "user", "content": f"my token is {token}, zebra"})
    )
    ws = Workspace(workspace)
    assert recall(ws, load_config(workspace / "memctl.yaml"), "zebra").hits
    index = workspace / ".memctl" / "index.sqlite"
    conn = sqlite3.connect(index)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()

    data = index.read_bytes().lower()  # the word table keeps words lower-cased

    pieces = [token[at : at + 8].lower().encode() for at in range(4, len(token) - 8)]
    assert not [piece for piece in pieces if piece in data]


def test_a_record_with_a_secret_is_never_taken_for_clean(workspace: Path) -> None:
    """Search shows a record flagged CLEAN without redacting it again: a record with a
    secret (an entry's text, a memory line, a key across lines) must not carry the flag, and its hit is the scan's, redacted."""
    token = "ghp_" + "Zq8Xk2Lm9" * 4
    pem = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC" * 2
    (workspace / "threads" / "t1.jsonl").write_bytes(
        encode_entry({"role": "user", "content": f"my token is {token}, zebra"})
        + encode_entry({"role": "assistant", "content": "a plain zebra"})
    )
    (workspace / "MEMORY.md").write_text(
        f"- zebra key {token}\n- zebra plain\n-----BEGIN PRIVATE KEY-----\n"
        f"{pem}\n-----END PRIVATE KEY-----\n"
    )
    ws = Workspace(workspace)
    indexed, scanned = both(ws, "zebra", scope="all")
    assert indexed == scanned
    shown = "\n".join(hit[5] for hit in indexed[0])
    assert token not in shown and "zebra plain" in shown and "a plain zebra" in shown

    conn = sqlite3.connect(workspace / ".memctl" / "index.sqlite")
    try:
        flags = dict(
            conn.execute(
                "SELECT f.rel || ':' || r.number, r.flag & ? FROM records r "
                "JOIN files f ON f.id = r.file",
                (CLEAN,),
            ).fetchall()
        )
    finally:
        conn.close()
    # Secrets: the token's entry and line, the key's BEGIN line; clean: the plain entry
    # and line. The key's body and END line, redacted with it, are empty (no record).
    assert flags == {
        "threads/t1.jsonl:0": 0,
        "threads/t1.jsonl:1": CLEAN,
        "MEMORY.md:1": 0,
        "MEMORY.md:2": CLEAN,
        "MEMORY.md:3": 0,
    }


PEM_BODY = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC" * 2


@pytest.mark.parametrize("name", ["MEMORY.md", "memory/2026-06-01.md"])
def test_a_key_body_appended_after_its_begin_line_is_redacted(workspace: Path, name: str) -> None:
    """A memory file is redacted whole (a key's body matches no pattern line by line),
    but an append was indexed from the last offset alone: a body appended after its
    BEGIN line was indexed read as plain lines, flagged CLEAN, and search showed them."""
    ws = Workspace(workspace)
    path = workspace / name
    path.write_text("- plain fact\n", encoding="utf-8")
    assert [h.line for h in search(ws, "plain").hits] == [1]
    for appended in (
        "-----BEGIN PRIVATE KEY-----\n",
        f"{PEM_BODY}\n",
        f"{PEM_BODY[::-1]}\n-----END PRIVATE KEY-----\n- plain after\n",
    ):
        with path.open("a", encoding="utf-8") as handle:
            handle.write(appended)
        for query in ("ANBgkq", "qkgBNA", "plain"):
            indexed, scanned = both(ws, query, limit=0)
            shown = [hit[5] for hit in indexed[0]]
            assert not [text for text in shown if "MIIEvQ" in text or "QvEIIM" in text], query
            assert indexed == scanned
    assert [h.line for h in search(ws, "plain").hits] == [1, 6]


def test_a_key_across_a_read_boundary_is_redacted(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A memory file is read in blocks of READ_BYTES: a key whose BEGIN line is in one
    block and its body in the next was redacted block by block, its body as plain lines."""
    import memctl.retrieval.index.store as store

    monkeypatch.setattr(store, "READ_BYTES", 64)
    (workspace / "MEMORY.md").write_text(
        "- plain fact, long enough to fill most of the first block\n"
        f"-----BEGIN PRIVATE KEY-----\n{PEM_BODY}\n{PEM_BODY}\n-----END PRIVATE KEY-----\n"
        "- plain after\n",
        encoding="utf-8",
    )
    ws = Workspace(workspace)
    for query in ("ANBgkq", "plain"):
        indexed, scanned = both(ws, query, limit=0)
        assert not [hit for hit in indexed[0] if "MIIEvQ" in hit[5]], query
        assert indexed == scanned
    assert [h.line for h in search(ws, "plain").hits] == [1, 6]


def test_an_index_made_by_other_redaction_code_is_rebuilt(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A CLEAN record is shown without being redacted again, so an index whose flags were
    judged by other redaction code (an upgrade whose redact.py redacts more, with the
    same patterns) must not be trusted: the code is part of the redaction digest."""
    import memctl.retrieval.index.store as store

    (workspace / "MEMORY.md").write_text("- zebra plain\n", encoding="utf-8")
    ws = Workspace(workspace)
    assert search(ws, "zebra").hits

    def digest() -> str:
        conn = sqlite3.connect(workspace / ".memctl" / "index.sqlite")
        try:
            return conn.execute("SELECT value FROM meta WHERE key = 'redaction'").fetchone()[0]
        finally:
            conn.close()

    before = digest()
    monkeypatch.setattr(store, "_redaction_code", lambda: b"a memctl that redacts more")
    found = search(ws, "zebra")
    assert [hit.text for hit in found.hits] == ["- zebra plain"]
    assert digest() != before  # the index was rebuilt under the new digest
    assert any("rebuilding the search index" in note for note in found.notes)


def test_a_search_without_a_limit_checks_each_files_records_at_once(workspace: Path) -> None:
    """`--limit 0` hands a file's checked records to the scan in one call
    (`_Scan.records`, its common case inlined): the hits, skips and order are the
    scan's and the bounded path's, for a memory line holding the query many times, CRLF
    lines, a log entry whose hits are in its text and its tool calls, CJK, a
    compaction and its imported repeat, a redacted secret, a blank line and a line that
    is no JSON."""
    from memctl.retrieval import search as search_module

    key = "sk-" + "a1B2" * 8
    (workspace / "MEMORY.md").write_text(
        "- deploy " * 40 + "\n- no match\n- the deploy window\n", encoding="utf-8"
    )
    (workspace / "memory" / "2024-01-02.md").write_bytes(
        "- deploy on friday\r\n- 部署蓝鲸方案 deploy\r\n- nothing\r\n".encode()
    )
    entries = [
        {"role": "user", "content": "deploy the 蓝鲸方案 now", "ts": "2024-01-02T10:00:00Z"},
        {
            "role": "assistant",
            "content": "I will deploy",
            "tool_calls": [{"function": {"name": "deploy", "arguments": '{"to": "deploy"}'}}],
        },
        {"role": "user", "content": [{"type": "text", "text": "deploy parts"}]},
        {"type": "compaction", "summary": "we deploy on friday", "cut": 0},
        {"type": "compaction", "summary": "we deploy on friday", "cut": 0, "imported": True},
        {"role": "user", "content": f"deploy with {key}"},
        {"role": "tool", "content": None},
        {"role": "user", "content": "deploy\nacross\nlines  and  spaces"},
    ]
    path = write_log(workspace, "t", entries)
    with path.open("a", encoding="utf-8") as handle:
        handle.write("\n{not json deploy\n" + json.dumps({"role": "user", "content": "deploy"}))
    month_ago = time.time() - 30 * 86_400  # older than the racy window: the index vouches
    for written in (workspace / "MEMORY.md", workspace / "memory" / "2024-01-02.md", path):
        os.utime(written, (month_ago, month_ago))
    ws = Workspace(workspace)
    calls: list[int] = []
    records = search_module._Scan.records

    def counted(scan, rel, memory, found):  # the path taken, counted: not replaced
        calls.append(len(found))
        records(scan, rel, memory, found)

    for query, mode in [
        ("deploy", "phrase"),
        ("蓝鲸方案", "phrase"),
        ("friday 蓝鲸方案", "any"),
        ("deploy window", "all"),
    ]:
        search_module._Scan.records = counted  # type: ignore[method-assign]
        try:
            indexed, scanned = both(ws, query, mode=mode, scope="all", limit=0)
        finally:
            search_module._Scan.records = records  # type: ignore[method-assign]
        bounded = search(ws, query, mode=mode, scope="all", limit=1000)
        assert indexed == scanned
        assert indexed[0] == [
            (h.kind, h.path, h.line, h.entry, h.role, h.text) for h in bounded.hits
        ]
        assert calls, "the search without a limit did not hand records over at once"
        calls.clear()
    hits = search(ws, "deploy", scope="all", limit=0)
    assert key not in "".join(hit.text for hit in hits.hits)
    bounded = search(ws, "deploy", scope="all", limit=1000)
    assert [str(s) for s in hits.skipped] == [str(s) for s in bounded.skipped]
    assert any("invalid JSON" in str(s) for s in hits.skipped)
