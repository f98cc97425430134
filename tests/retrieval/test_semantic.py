"""Recall's offline semantic leg (the `memctl[semantic]` extra, WordLlama; issue 26).

The model loads from inside its wheel with no network, each record is embedded once
and kept in the index, recall fuses it with BM25 under `recall.semantic: auto|on`, and
BM25 ranks alone under `off` or without the extra; `doctor` says which, in one line.
The fusion functions are unit-tested here too.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import socket
import sqlite3
import statistics
from pathlib import Path

import pytest

from memctl.core.config import load_config
from memctl.core.errors import ConfigError
from memctl.core.threads import encode_entry
from memctl.core.workspace import Workspace
from memctl.models import semantic
from memctl.models.resolve import resolve_embedder
from memctl.models.semantic import NAME, WordLlamaEmbedder
from memctl.pipeline.status import status
from memctl.retrieval.index import fresh_index, index_path, read_only
from memctl.retrieval.recall import RRF_K, Candidate, fuse, recall
from tests.support.helpers import BM25_ONLY, modules_after
from tests.support.hooks import claude_input, context_of, hook

needs_extra = pytest.mark.skipif(
    not semantic.installed(), reason="memctl[semantic] (wordllama) is not installed"
)

PARAPHRASE = "which vehicle was purchased?"  # no word of it is in the record


@pytest.fixture
def ws(workspace: Path) -> Path:
    lines = [f"- filler fact number {i} about the release train" for i in range(100)]
    lines.append("- Dana bought a new automobile in March.")
    (workspace / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return workspace


def configure(root: Path, mode: str) -> None:
    (root / "memctl.yaml").write_text(f"recall:\n  semantic: '{mode}'\n", encoding="utf-8")


def ask(root: Path, query: str):  # type: ignore[no-untyped-def]
    config = load_config(root / "memctl.yaml")
    return recall(Workspace(root), config, query, embedder=resolve_embedder(config))


def stored_vectors(root: Path) -> int:
    with contextlib.closing(sqlite3.connect(index_path(Workspace(root)))) as conn:
        (count,) = conn.execute("SELECT count(*) FROM vectors WHERE model = ?", (NAME,)).fetchone()
    return int(count)


# --------------------------------------------------------------------------- fusion


def test_rrf_adds_each_rankings_reciprocal_rank() -> None:
    parts = fuse({1: 9.0, 2: 5.0, 3: 4.0}, {3: 0.9, 4: 0.5}, "rrf", 1.0)
    assert parts[3] == pytest.approx((1 / (RRF_K + 3), 1 / (RRF_K + 1)))
    assert parts[1] == pytest.approx((1 / (RRF_K + 1), 0.0))
    assert parts[4] == pytest.approx((0.0, 1 / (RRF_K + 2)))
    assert max(parts, key=lambda rid: sum(parts[rid])) == 3  # on both, ahead of either's first


def test_rrf_counts_the_semantic_leg_by_its_share() -> None:
    """The semantic leg's ranks count `share` of BM25's: a record first on BM25 and
    second on meaning stays ahead of one first on meaning and second on BM25."""
    parts = fuse({1: 2.0, 2: 1.0}, {2: 0.8, 1: 0.7}, "rrf", 0.5)
    assert parts[1] == pytest.approx((1 / (RRF_K + 1), 0.5 / (RRF_K + 2)))
    assert parts[2] == pytest.approx((1 / (RRF_K + 2), 0.5 / (RRF_K + 1)))
    assert sum(parts[1]) > sum(parts[2])


def test_weighted_fusion_scales_each_leg_by_its_spread_and_keeps_a_clear_lead() -> None:
    """Each leg's score counts from the leg's lowest candidate (0, as a record the leg did
    not rank) in standard deviations of its candidates' scores."""
    bm25 = {1: 20.0, 2: 5.0, 3: 4.0}  # record 1 far ahead on words
    meaning = {2: 0.50, 3: 0.52, 4: 0.30}
    parts = fuse(bm25, meaning, "weighted", 0.5)
    words, sense = statistics.pstdev(bm25.values()), statistics.pstdev(meaning.values())
    assert parts[1] == pytest.approx((0.5 * 16 / words, 0.0))  # unranked by meaning
    assert parts[4] == pytest.approx((0.0, 0.0))  # lowest of the semantic leg, not on BM25's
    assert parts[3] == pytest.approx((0.0, 0.5 * 0.22 / sense))  # lowest on BM25
    assert parts[2] == pytest.approx((0.5 * 1 / words, 0.5 * 0.2 / sense))
    assert min(parts, key=lambda rid: sum(parts[rid])) == 4
    assert fuse({7: 3.0}, {}, "weighted", 0.6) == {7: pytest.approx((0.4, 0.0))}  # one: 1
    assert fuse({7: 3.0, 8: 3.0}, {}, "weighted", 0.5)[8] == pytest.approx((0.5, 0.0))
    assert fuse({}, {}, "weighted", 0.5) == {}


def test_weighted_fusion_does_not_let_one_far_ahead_score_set_a_legs_scale() -> None:
    """rank9: scaled min to max, a leg's single best score set the scale of all its
    other candidates, so a BM25 record far ahead of the rest shrank the part of BM25's
    second (which holds the question's words and is the semantic leg's best) below a
    record that is middling on both legs. Scaled by the spread, it stays ahead."""
    bm25 = {1: 40.0, 2: 9.0, 3: 8.0, **{rid: 5.0 + rid * 0.01 for rid in range(4, 40)}}
    meaning = {2: 0.50, 3: 0.45, 1: 0.30, **{rid: 0.35 for rid in range(4, 40)}}
    parts = fuse(bm25, meaning, "weighted", 0.3)
    assert sum(parts[2]) > sum(parts[3])  # both: the better on each leg stays the better
    low, high = min(bm25.values()), max(bm25.values())
    squeezed = 0.7 * (9.0 - low) / (high - low)  # min to max: BM25's second near 0 (0.08)
    assert squeezed < 0.1
    assert parts[2][0] > 5 * squeezed  # by the spread: 0.7 of a deviation over the lowest
    assert parts[2][0] == pytest.approx(0.7 * (9.0 - low) / statistics.pstdev(bm25.values()))


def test_weighted_fusion_keeps_bm25s_clear_head_where_rrf_lost_it() -> None:
    """Issue 26: RRF counts ranks alone, so a record third on BM25 that the semantic leg
    did not rank fell below one twentieth on BM25 and fifth on meaning (the dev splits
    lost 22 questions BM25 alone found that way). The weighted sum keeps how far apart
    BM25's scores are: the third's 9 of the best 10 is not overtaken by the twentieth's
    4 and a middling cosine."""
    bm25 = {rid: 10.0 - rid * 0.3 for rid in range(1, 30)}
    bm25[3] = 9.0
    meaning = {rid: 0.5 - rid * 0.01 for rid in range(16, 40)}  # 20 fifth on meaning
    meaning[20] = 0.46
    for method, share, third_first in (("rrf", 0.6, False), ("weighted", 0.3, True)):
        parts = fuse(bm25, meaning, method, share)
        assert (sum(parts[3]) > sum(parts[20])) is third_first, method


def test_the_semantic_leg_counts_each_turns_session() -> None:
    """rank9: a turn counts SEMANTIC_SESSION_WEIGHT of the mean cosine of its session's
    best SEMANTIC_SESSION_TOP turns on the leg, so a short answer in the session about
    the question's topic ("june. born last sunday") passes a turn a little nearer the
    question in a session about something else; a memory record is its own session."""
    from memctl.retrieval import recall as module

    def turn(rid: int, rel: str, kind: str = "thread") -> Candidate:
        return Candidate(rid, 0.0, rel, kind, rid, 0, 1, None, 0, 0, 0)

    by_id = {
        1: turn(1, "threads/a.jsonl"),  # the topic's session: 1 and 2 near the question
        2: turn(2, "threads/a.jsonl"),
        3: turn(3, "threads/a.jsonl"),  # the answer, in few of the question's senses
        4: turn(4, "threads/b.jsonl"),  # alone in its session
        5: turn(5, "MEMORY.md", "memory"),
        6: turn(6, "MEMORY.md", "memory"),
    }
    close = [(1, 0.6), (2, 0.5), (5, 0.45), (4, 0.33), (3, 0.3), (6, 0.1)]
    weight, top = module.SEMANTIC_SESSION_WEIGHT, module.SEMANTIC_SESSION_TOP
    assert (weight, top) == (0.3, 2)
    ranked = dict(module.semantic_sessions(close, by_id))
    assert ranked[3] == pytest.approx(0.3 + 0.3 * (0.6 + 0.5) / 2)
    assert ranked[4] == pytest.approx(0.33 + 0.3 * 0.33 / 2)  # a second turn counts 0
    assert ranked[3] > ranked[4]
    assert ranked[6] == pytest.approx(0.1 + 0.3 * 0.1 / 2)  # not lent by fact 5
    assert by_id[3].semantic_session == pytest.approx(0.3 * 0.55)
    assert [rid for rid, _ in module.semantic_sessions(close, by_id)][:4] == [1, 2, 5, 3]


def test_on_the_semantic_leg_a_turn_that_asks_lends_its_answer(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """rank13: on the semantic leg, each of its best REPLY_CANDIDATES turns that asks
    raises the turn after it to SEMANTIC_REPLY_WEIGHT of its own score, as `by_reply`
    does on BM25: the answer ("Rowan! started two weeks ago, ...") is far from the question by
    its own words, the question it answers is near. A statement lends nothing, nor does
    a turn that asks beyond REPLY_CANDIDATES, and a turn the leg did not rank is not
    added. The turns are read back from their log through the index, as recall does."""
    from memctl.retrieval import recall as module

    said = [
        ("Ben", "how is the new apprentice at the bakery getting on?"),
        ("Elodie", "Rowan! started two weeks ago, very good at shaping, terrible at tea"),
        ("Ben", "the ovens broke down again this morning"),
        ("Elodie", "we lost the whole first batch of croissants"),
        ("Ben", "did the flour come in the end?"),
        ("Elodie", "forty sacks, the van blocked the street for an hour"),
    ]
    day = "2026-01-02T10:00:00Z"
    (workspace / "threads" / "chat.jsonl").write_bytes(
        b"".join(
            encode_entry({"role": "user", "name": name, "content": text, "ts": day})
            for name, text in said
        )
    )
    ws = Workspace(workspace)
    with fresh_index(ws, [], words=True), contextlib.closing(read_only(ws)) as conn:
        rows = conn.execute(
            "SELECT r.id, r.number, r.start, r.len, f.rel, f.inode, f.offset, r.crc"
            " FROM records r JOIN files f ON f.id = r.file WHERE f.rel = 'threads/chat.jsonl'"
        ).fetchall()
    by_id = {
        rid: Candidate(rid, 0.0, rel, "thread", number, start, size, None, inode, offset, crc)
        for rid, number, start, size, rel, inode, offset, crc in rows
    }
    rid = {c.number: c.record for c in by_id.values()}
    assert sorted(rid) == list(range(6))
    # The leg's scores: the question about the apprentice nearest, its answer far;
    # turn 5 (the answer to "did the flour come") is not on the leg.
    close = [(rid[0], 0.6), (rid[2], 0.45), (rid[3], 0.42), (rid[4], 0.4), (rid[1], 0.2)]
    weight = module.SEMANTIC_REPLY_WEIGHT
    assert weight == 1.0
    ranked = module.semantic_replies(close, by_id, ws, {})
    score = dict(ranked)
    assert score[rid[1]] == pytest.approx(weight * 0.6)  # raised by the question before it
    assert by_id[rid[1]].semantic_reply == pytest.approx(weight * 0.6 - 0.2)
    assert score[rid[3]] == 0.42  # after a statement: nothing lent
    assert rid[5] not in score  # not on the leg: not added
    assert [r for r, _ in ranked][:3] == [rid[0], rid[1], rid[2]]
    assert sorted(score.values()) == sorted([0.6, weight * 0.6, 0.45, 0.42, 0.4])
    # A turn that asks lends only from among the leg's best REPLY_CANDIDATES.
    monkeypatch.setattr(module, "REPLY_CANDIDATES", 0)
    assert module.semantic_replies(close, by_id, ws, {}) == close
    # The window counts thread turns only (review 19 #8): a memory record above the
    # question takes none of its places, as on BM25 (`by_reply`).
    monkeypatch.setattr(module, "REPLY_CANDIDATES", 1)
    memory = max(by_id) + 1
    by_id[memory] = Candidate(memory, 0.0, "MEMORY.md", "memory", 3, 0, 10, None, 0, 0, 0)
    score = dict(module.semantic_replies([(memory, 0.9), *close], by_id, ws, {}))
    assert score[rid[1]] == pytest.approx(weight * 0.6)


class _NearTheQuestion:
    """A fake embedder for `test_recall_lends_the_answer_of_a_question_near_the_query`:
    the query and the turn that asks about the apprentice point one way, the answer
    ("Rowan! ...") almost the other, the other turns in between."""

    name = "fake-near-the-question"
    context = False
    cosines = (("apprentice", 1.0), ("joined", 1.0), ("Rowan", 0.3), ("ovens", 0.7))

    def embed(self, texts: list[str]) -> list[list[float]]:
        vectors = []
        for text in texts:
            cosine = next((c for word, c in self.cosines if word in text), 0.5)
            vectors.append([cosine, (1.0 - cosine * cosine) ** 0.5])
        return vectors

    def cost(self, tokens: int) -> float | None:
        return None


def test_recall_lends_the_answer_of_a_question_near_the_query(workspace: Path) -> None:
    """Review 19 #8: recall applies `semantic_replies` on its semantic leg. The query
    shares no word with the question or with its answer, so BM25 finds neither; the leg
    puts the question first and its answer ("Rowan! ...") last of all, and the question
    raises it to its own score: the answer is among the first hits, with what was lent
    shown (`fusion.semantic.reply`). Without the call it is the fifth hit."""
    said = [
        ("Ben", "how is the new apprentice at the bakery getting on?"),
        ("Elodie", "Rowan! very good at shaping, terrible at tea"),
        ("Ben", "the ovens broke down again this morning"),
        ("Elodie", "we lost the whole first batch of croissants"),
        ("Ben", "my sister visits on sunday"),
        ("Elodie", "the market stall sold out by noon"),
        ("Ben", "lovely weather for the walk home"),
    ]
    day = "2026-01-02T10:00:00Z"
    (workspace / "threads" / "chat.jsonl").write_bytes(
        b"".join(
            encode_entry({"role": "user", "name": name, "content": text, "ts": day})
            for name, text in said
        )
    )
    config = load_config(workspace / "memctl.yaml")
    found = recall(
        Workspace(workspace),
        config,
        "Who joined the croissants crew?",
        embedder=_NearTheQuestion(),
        explain=True,
    )
    assert found.ranking == "hybrid"
    entries = [hit.entry for hit in found.hits]
    assert set(entries) == set(range(len(said)))
    assert entries.index(1) <= 2, entries  # without the lending: fifth
    answer = found.hits[entries.index(1)].explain["fusion"]["semantic"]
    assert answer["cosine"] == pytest.approx(0.3, abs=1e-3)
    assert answer["reply"] > 0.5


# --------------------------------------------------------------------------- config


@pytest.mark.parametrize(
    ("text", "mode"),
    [("", "auto"), ("recall:\n  semantic: on\n", "on"), ("recall:\n  semantic: off\n", "off")],
)
def test_recall_semantic_reads_auto_on_off(workspace: Path, text: str, mode: str) -> None:
    (workspace / "memctl.yaml").write_text(text, encoding="utf-8")
    assert load_config(workspace / "memctl.yaml").recall.semantic == mode


def test_recall_semantic_refuses_another_value(workspace: Path) -> None:
    (workspace / "memctl.yaml").write_text("recall:\n  semantic: maybe\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="'maybe' is not one of auto, on, off"):
        load_config(workspace / "memctl.yaml")


# --------------------------------------------------------------------------- without the extra


def test_without_the_extra_auto_is_bm25_and_doctor_says_so_once(
    ws: Path, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(semantic, "installed", lambda: False)
    configure(ws, "auto")
    assert resolve_embedder(load_config(ws / "memctl.yaml")) is None
    found = ask(ws, PARAPHRASE)
    assert (found.ranking, found.notes) == ("bm25", [])
    run = cli("-w", ws, "doctor", "--offline")
    lines = [line for line in run.stdout.splitlines() if "recall" in line]
    assert lines == ["ok    recall: BM25 (install memctl[semantic] for the semantic leg)"]


def test_semantic_on_without_the_extra_ranks_by_bm25_with_a_note(
    ws: Path, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(semantic, "installed", lambda: False)
    configure(ws, "on")
    found = ask(ws, "Dana automobile")
    assert found.ranking == "bm25" and found.hits[0].source == "MEMORY.md:101"
    assert found.notes == [
        "without embeddings (wordllama is not installed (install memctl[semantic] for the "
        "semantic leg)); ranked by BM25 alone"
    ]
    run = cli("-w", ws, "doctor", "--offline")
    assert "FAIL  recall: recall.semantic is on: install memctl[semantic]" in run.stdout
    assert run.exit_code == 1


def test_doctor_names_the_ranking_when_semantic_is_off(ws: Path, cli) -> None:
    (ws / "memctl.yaml").write_text(BM25_ONLY, encoding="utf-8")
    run = cli("-w", ws, "doctor", "--offline")
    assert "ok    recall: BM25 (recall.semantic: off)" in run.stdout.splitlines()


# --------------------------------------------------------------------------- with the extra


@needs_extra
def test_the_model_loads_from_its_wheel_with_no_network(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No socket may connect and HOME is empty: the model comes from the package folder,
    or the load fails."""

    def refuse(*_args: object) -> None:
        raise OSError("no network in this test")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    embedder = WordLlamaEmbedder()
    car, automobile, sourdough = embedder.embed(
        ["I bought a car", "Dana purchased an automobile", "my sourdough starter died"]
    )
    assert len(car) == 256
    assert sum(x * x for x in car) == pytest.approx(1.0, rel=1e-4)

    def cosine(a: list[float], b: list[float]) -> float:
        return sum(x * y for x, y in zip(a, b, strict=True))

    assert cosine(car, automobile) > cosine(car, sourdough)
    assert not (tmp_path / "cache").exists() and not (tmp_path / ".cache").exists()


# Run in a fresh interpreter: the lean load imports only what the pytest process has
# not imported already. It embeds the texts it is given on stdin with the leg's load,
# then with `WordLlama.load` (the package imported whole, after it), and prints whether
# the two are equal byte for byte and which modules the first load imported.
SAME_AS_WORDLLAMA = """
import json, sys
from memctl.models import semantic
texts = json.loads(sys.stdin.read())
lean = semantic.WordLlamaEmbedder()._load()
loaded = sorted(sys.modules)
import wordllama
full = wordllama.WordLlama.load(
    config=semantic.MODEL, cache_dir=semantic._package_folder(), dim=semantic.DIM,
    disable_download=True,
)
ours, theirs = lean.embed(texts, norm=True), full.embed(texts, norm=True)
print(json.dumps({
    "same": ours.tobytes() == theirs.tobytes(),
    "shape": list(ours.shape),
    "dtype": str(lean.embedding.dtype),
    "full_dtype": str(full.embedding.dtype),
    "modules": loaded,
    "inference": type(lean) is type(full),
}))
"""


@needs_extra
def test_the_leg_loads_less_than_wordllama_load_and_embeds_the_same_to_the_bit() -> None:
    """The leg imports WordLlama's inference alone and maps its float16 matrix (not the
    package's configuration and download modules, not a float32 copy): each of a few
    hundred texts (this file's lines, blank, long, in other scripts) has the vector
    `WordLlama.load`'s model gives it, byte for byte, and the package still imports whole
    afterwards."""
    import subprocess
    import sys

    lines = Path(__file__).read_text(encoding="utf-8").splitlines()
    texts = [*lines, "", "  ", "日本語の文です", "Ça va? 🎉 naïve café", "word " * 3000]
    done = subprocess.run(
        [sys.executable, "-c", SAME_AS_WORDLLAMA],
        input=json.dumps(texts),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    answer = json.loads(done.stdout)
    assert answer["shape"] == [len(texts), 256]
    assert answer["same"] and answer["inference"]
    assert (answer["dtype"], answer["full_dtype"]) == ("float16", "float32")
    modules = set(answer["modules"])
    assert {"wordllama.inference", "numpy", "tokenizers"} <= modules
    assert not modules & {"wordllama", "wordllama.config", "pydantic", "toml", "requests"}


# Four threads load WordLlama's inference at once (a prompt hook's leg is loaded in a
# thread it may leave running; an MCP server may then load again), then the package is
# imported whole in the same process.
LOADED_IN_THREADS = """
import json, sys, threading
from memctl.models import semantic
barrier, found, failed = threading.Barrier(4), [], []
def load():
    barrier.wait()
    try:
        found.append(semantic._inference_class())
    except BaseException as exc:
        failed.append(repr(exc))
threads = [threading.Thread(target=load) for _ in range(4)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
before = "wordllama" in sys.modules
import wordllama
print(json.dumps({
    "failed": failed,
    "classes": len({id(c) for c in found}),
    "count": len(found),
    "package_before": before,
    "same": found[0] is wordllama.WordLlamaInference,
    "whole": hasattr(wordllama, "WordLlama"),
}))
"""


@needs_extra
def test_the_inference_loads_alone_from_threads_at_once_and_the_package_after() -> None:
    """Loads racing in threads each get the one class once its module is whole, and the
    package's own module is not left behind: a later `import wordllama` runs its
    `__init__` and hands out the same class."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", LOADED_IN_THREADS],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    answer = json.loads(done.stdout)
    assert answer == {
        "failed": [],
        "classes": 1,
        "count": 4,
        "package_before": False,
        "same": True,
        "whole": True,
    }


@needs_extra
def test_the_matrix_is_mapped_only_when_the_file_is_as_expected(tmp_path: Path) -> None:
    """The weights' matrix is mapped as it is stored (float16 or float32); a file of
    another dtype, width or length, or no safetensors header, is refused (None), and the
    model is then loaded through `WordLlama.load`, which embeds alike."""
    import numpy
    from safetensors.numpy import save_file

    folder = semantic._package_folder()
    assert folder is not None
    weights, _ = semantic.model_files(folder)
    stored = semantic._mapped_matrix(weights)
    assert stored is not None and stored.dtype == numpy.float16 and stored.shape[1] == 256

    def written(name: str, matrix: numpy.ndarray) -> Path:
        path = tmp_path / f"{name}.safetensors"
        save_file({"embedding.weight": matrix}, str(path))
        return path

    wide = semantic._mapped_matrix(written("f32", stored.astype(numpy.float32)))
    assert wide is not None and wide.dtype == numpy.float32
    assert numpy.array_equal(wide, stored.astype(numpy.float32))
    assert semantic._mapped_matrix(written("f64", stored.astype(numpy.float64))) is None
    assert semantic._mapped_matrix(written("narrow", stored[:, :128].copy())) is None
    # No rows: every length agrees (0 bytes), yet no token has a vector (review 16 #12).
    assert semantic._mapped_matrix(written("empty", stored[:0].copy())) is None
    cut = tmp_path / "cut.safetensors"
    cut.write_bytes(weights.read_bytes()[: weights.stat().st_size // 2])
    assert semantic._mapped_matrix(cut) is None
    (tmp_path / "text.safetensors").write_text("not a safetensors file", encoding="utf-8")
    assert semantic._mapped_matrix(tmp_path / "text.safetensors") is None

    texts = ["I bought a car", "Dana purchased an automobile", "a"]
    mapped = semantic._load_model(folder)
    original = semantic._mapped_matrix
    try:
        semantic._mapped_matrix = lambda _path: None  # type: ignore[assignment]
        through_load = semantic._load_model(folder)
    finally:
        semantic._mapped_matrix = original
    assert through_load.embedding.dtype == numpy.float32  # WordLlama.load's own copy
    assert (
        mapped.embed(texts, norm=True).tobytes() == through_load.embed(texts, norm=True).tobytes()
    )


@needs_extra
def test_the_fast_load_falls_back_to_wordllama_load(monkeypatch: pytest.MonkeyPatch) -> None:
    """Review 16 #5: the fast load reads wordllama's internals, so it is taken only for
    a version it was checked on, and any failure of it (an internal renamed, a signature
    changed) loads through the public `WordLlama.load`, which embeds alike; before, such
    a failure lost the semantic leg."""
    import importlib.metadata

    import numpy

    folder = semantic._package_folder()
    assert folder is not None
    assert semantic.installed_version(folder) == importlib.metadata.version("wordllama")
    texts = ["I bought a car", "Dana purchased an automobile", "a"]
    fast = semantic._load_model(folder)
    assert fast.embedding.dtype == numpy.float16  # the mapped matrix: the fast load

    def changed() -> None:
        raise TypeError("WordLlamaInference.__init__() got an unexpected keyword 'binary'")

    with monkeypatch.context() as patch:
        patch.setattr(semantic, "_inference_class", changed)
        failed_over = semantic._load_model(folder)
    with monkeypatch.context() as patch:
        patch.setattr(semantic, "CHECKED", frozenset({"0.3.0"}))
        unchecked = semantic._load_model(folder)
    for model in (failed_over, unchecked):
        assert model.embedding.dtype == numpy.float32  # WordLlama.load's own copy
        assert model.embed(texts, norm=True).tobytes() == fast.embed(texts, norm=True).tobytes()


@needs_extra
def test_semantic_on_finds_a_paraphrase_bm25_cannot_and_off_does_not(ws: Path) -> None:
    configure(ws, "off")
    off = ask(ws, PARAPHRASE)
    assert off.ranking == "bm25"
    assert "MEMORY.md:101" not in [hit.source for hit in off.hits]
    for mode in ("on", "auto"):
        configure(ws, mode)
        found = ask(ws, PARAPHRASE)
        assert (found.ranking, found.notes) == ("hybrid", [])
        assert found.hits[0].source == "MEMORY.md:101"


@needs_extra
def test_each_record_is_embedded_once_and_kept_in_the_index(ws: Path) -> None:
    configure(ws, "on")
    ask(ws, PARAPHRASE)
    assert stored_vectors(ws) == 101
    ask(ws, "release train")
    assert stored_vectors(ws) == 101
    with (ws / "MEMORY.md").open("a", encoding="utf-8") as handle:
        handle.write("- Dana sold the old bicycle.\n")
    ask(ws, "release train")
    assert stored_vectors(ws) == 102


@needs_extra
def test_doctor_names_the_model_with_the_extra(ws: Path, cli) -> None:
    configure(ws, "auto")
    run = cli("-w", ws, "doctor", "--offline")
    assert (
        f"ok    recall: BM25 + semantic leg {NAME} (offline, the model in its wheel; -v loads it)"
        in run.stdout.splitlines()
    )
    run = cli("-w", ws, "-v", "doctor", "--offline")
    assert (
        f"ok    recall: BM25 + semantic leg {NAME} (offline, the model in its wheel: loaded)"
        in run.stdout.splitlines()
    )


@needs_extra
def test_doctor_checks_the_model_without_loading_it(ws: Path, tmp_path: Path) -> None:
    """Audit 7 #9: `doctor --offline` spent 0.9 s of its 1.4 s loading WordLlama to
    check it; it checks the package and its files instead, and loads it only with -v."""
    configure(ws, "auto")
    quick = modules_after(["doctor", "--offline"], ws, tmp_path / "quick.json")
    assert "semantic leg" in quick.stdout
    assert "wordllama" not in quick.modules and "numpy" not in quick.modules
    loaded = modules_after(["-v", "doctor", "--offline"], ws, tmp_path / "loaded.json")
    assert "wordllama.inference" in loaded.modules and "numpy" in loaded.modules


@needs_extra
def test_doctor_fails_when_a_model_file_is_missing(
    ws: Path, cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A copy of the package folder without its weights: the check finds the gap without
    loading, as the load would have."""
    folder = semantic._package_folder()
    assert folder is not None
    weights, tokenizer = semantic.model_files(folder)
    assert weights.is_file() and tokenizer.is_file()  # the installed extra has both
    copy = tmp_path / "wordllama"
    (copy / "tokenizers").mkdir(parents=True)
    shutil.copy(tokenizer, copy / "tokenizers" / tokenizer.name)
    monkeypatch.setattr(semantic, "_package_folder", lambda: copy)
    configure(ws, "auto")
    run = cli("-w", ws, "doctor", "--offline")
    assert run.exit_code == 1
    line = next(line for line in run.stdout.splitlines() if "recall" in line)
    assert line == (
        f"FAIL  recall: wordllama's model file {copy / 'weights' / weights.name} is missing: "
        "reinstall memctl[semantic]"
    )


@needs_extra
def test_the_prompt_hook_leaves_the_model_unloaded_under_auto(
    ws: Path, cli, tmp_path: Path
) -> None:
    """Every agent prompt would wait a second for WordLlama's load: under auto the hook
    ranks by BM25 (nothing embedded), under on it fuses the leg (every record embedded)."""
    for mode, embedded in (("auto", 0), ("on", 101)):
        configure(ws, mode)
        with (ws / "memctl.yaml").open("a") as config:  # a budget WordLlama loads within
            config.write("memory:\n  prompt_recall_seconds: 60\n")
        stdin = claude_input("UserPromptSubmit", tmp_path / "t.jsonl", prompt="Dana automobile")
        context = context_of(hook(cli, ws, "claude-code", stdin).stdout, "UserPromptSubmit")
        assert "Dana bought a new automobile" in context
        assert stored_vectors(ws) == embedded


@needs_extra
def test_status_counts_what_the_semantic_leg_would_embed(ws: Path) -> None:
    """status names the leg and counts the records it has not embedded yet."""
    configure(ws, "auto")
    ask(ws, "release train")  # embeds every record
    with (ws / "MEMORY.md").open("a", encoding="utf-8") as handle:
        handle.write("- Dana sold the old bicycle.\n")
    with fresh_index(Workspace(ws), [], words=True):
        pass  # the new line indexed, not embedded
    found = status(Workspace(ws), load_config(ws / "memctl.yaml")).index
    assert (found.embedding_model, found.embeddings_pending) == (NAME, 1)
    configure(ws, "off")
    found = status(Workspace(ws), load_config(ws / "memctl.yaml")).index
    assert (found.embedding_model, found.embeddings_pending) == (None, None)


@needs_extra
@pytest.mark.parametrize("method", ["weighted", "rrf"])
def test_explain_of_a_hybrid_shows_each_legs_rank_and_the_fusion_arithmetic(
    ws: Path, cli, monkeypatch: pytest.MonkeyPatch, method: str
) -> None:
    """Issue 26: a hybrid's score is a fused sum, which the matched terms do not add up
    to ("= score 0.03279" from nothing shown). Each hit shows its BM25 rank and score,
    its semantic rank and cosine, and each leg's part (weighted: its score scaled by its
    leg's spread x its share; RRF: share / (k + rank)), which sum, times the recency factor, to its
    score; the text shows the same arithmetic."""
    from memctl.retrieval import recall as module

    monkeypatch.setattr(module, "FUSION", method)
    rrf_used = method == "rrf"
    share = module.SEMANTIC_SHARE if rrf_used else module.SEMANTIC_WEIGHT
    configure(ws, "on")
    both: list[dict[str, object]] = []
    answered = 0  # hits of the "how many" question weighed for holding a number
    for query in (PARAPHRASE, "Dana automobile release", "how many filler facts are there?"):
        run = cli("-w", ws, "--json", "recall", query, "--explain")
        assert run.exit_code == 0, run.stderr
        document = json.loads(run.stdout)
        assert document["ranking"] == "hybrid"
        for hit in document["hits"]:
            explain = hit["explain"]
            fusion = explain["fusion"]
            assert (fusion["method"], fusion["k"]) == (method, RRF_K if rrf_used else None)
            bm25, meaning = fusion["bm25"], fusion["semantic"]
            shares = (1.0, share) if rrf_used else (1.0 - share, share)
            assert (bm25["share"], meaning["share"]) == pytest.approx(shares)
            for leg in (bm25, meaning):
                if not leg["rank"]:
                    expected = 0.0
                elif rrf_used:
                    assert leg["scaled"] is None
                    expected = leg["share"] / (RRF_K + leg["rank"])
                else:
                    assert leg["scaled"] >= 0.0
                    expected = leg["share"] * leg["scaled"]
                assert leg["part"] == pytest.approx(expected, rel=1e-3, abs=1e-6)
            assert (meaning["rank"] is None) == (meaning["cosine"] is None)
            assert meaning["session"] >= 0 and (meaning["rank"] or not meaning["session"])
            if bm25["rank"]:
                lexical = (explain["bm25"] + explain["neighbour"]) * explain["time"]
                assert bm25["score"] == pytest.approx(lexical, rel=1e-3, abs=1e-6)
            assert fusion["fused"] == pytest.approx(bm25["part"] + meaning["part"], rel=1e-3)
            answer = fusion["answer"]
            answered += answer != 1
            assert fusion["fused"] * answer * explain["recency"] == pytest.approx(
                hit["score"], rel=1e-3
            )
        both += [
            h
            for h in document["hits"]
            if all(h["explain"]["fusion"][leg]["rank"] for leg in ("bm25", "semantic"))
        ]
    assert both  # "Dana automobile release": records both legs ranked
    assert answered  # the kind of answer's factor is shown where it weighed
    first = json.loads(cli("-w", ws, "--json", "recall", PARAPHRASE, "--explain").stdout)
    top = first["hits"][0]["explain"]["fusion"]["semantic"]
    assert top["rank"] == 1 and top["cosine"] > 0
    text = cli("-w", ws, "recall", PARAPHRASE, "--explain").stdout.splitlines()
    assert text[0].startswith("MEMORY.md:101 ")
    how = f"rrf, k {RRF_K}" if rrf_used else "weighted"
    assert (
        text[2].startswith(f"    fusion ({how}): ")
        and f"semantic #1 cosine {top['cosine']:.4g}" in text[2]
    )
    if rrf_used:
        assert f"{share:.4g}/({RRF_K}+1) = " in text[2]
    else:
        assert top["scaled"] > 0
        assert f"scaled {top['scaled']:.4g} x {share:.4g} = {top['part']:.4g}" in text[2]
    assert text[2].endswith(f"= score {first['hits'][0]['explain']['score']:.4g}")


@needs_extra
def test_the_semantic_leg_never_returns_a_heading_or_comment_line(workspace: Path) -> None:
    """Issue 26: with the semantic leg, "## Dana", "## Memory Flush ..." and a ledger's
    "## Memory Save" heading came back as hits (their vectors are near any question on
    their words). A heading, a blank line and a comment hold no memory; a query only a
    heading has the words of finds no fact near enough to it (SEMANTIC_FLOOR)."""
    configure(workspace, "on")
    (workspace / "MEMORY.md").write_text(
        "# Memory\n\n<!-- merged by builtin -->\n\n## Dana\n\n"
        "- Dana bought a new automobile in March.\n\n## Work\n\n"
        "- The billing database is Postgres.\n",
        encoding="utf-8",
    )
    (workspace / "memory" / "2026-01-05.md").write_text(
        "## Memory Flush — 2026-01-05T09:00:00+00:00 · thread t · entries 0-1 · builtin\n\n"
        "- Dana likes tea.\n\n"
        "## Memory Save — 2026-01-05T10:00:00+00:00 · builtin\n\n- Dana's team saves on costs.\n",
        encoding="utf-8",
    )
    facts = {"MEMORY.md:7", "MEMORY.md:11", "memory/2026-01-05.md:3", "memory/2026-01-05.md:7"}
    for query in ("Dana", "memory flush", "memory save", "work", "who is Dana?"):
        found = ask(workspace, query)
        assert found.ranking == "hybrid"
        assert {hit.source for hit in found.hits} <= facts, query
        assert found.hits or "Dana" not in query, query
    assert not ask(workspace, "memory flush").hits


@needs_extra
def test_the_hybrid_weighs_the_kind_of_answer_on_the_fused_scores(workspace: Path) -> None:
    """Issue 26: with the semantic leg, the kind of answer a question asks for (a place for
    "where", `by_answer`) weighs on the fused ranking, so that the turn holding a place
    comes first where the RRF of both legs alone puts the shorter turn without one first;
    a question asking for no such kind keeps the fused order."""
    day = "2026-01-02T10:00:00Z"
    (workspace / "threads" / "chat.jsonl").write_bytes(
        b"".join(
            encode_entry({"role": "user", "name": name, "content": text, "ts": day})
            for name, text in (
                ("Ines", "the kayak trip went so well"),
                ("Jonas", "nice"),
                ("Jonas", "lunch?"),
                ("Ines", "the kayak trip went to Porto"),
            )
        )
    )
    configure(workspace, "on")
    found = ask(workspace, "Where did Ines go on the kayak trip?")
    assert found.ranking == "hybrid"
    assert found.hits[0].source == "threads/chat.jsonl#3 [user]"
    plain = ask(workspace, "Why did Ines go on the kayak trip?")
    assert plain.hits[0].source == "threads/chat.jsonl#0 [user]"


@needs_extra
def test_the_hybrids_bm25_leg_gives_a_short_valued_reply_the_turn_before(workspace: Path) -> None:
    """Issue 26 (rank12): the hybrid's BM25 leg ranks a short reply that says the asked
    value with the words of the turn before it as BM25 alone does (`by_turn_before`):
    without that field the leg put it below a turn that shares a word of the question and
    answers nothing, and the fused list lost answers BM25 alone had in its first 10."""
    day = "2026-01-02T10:00:00Z"
    turns = (
        ("Noor", "the kitchen in the new flat is tiny but the light is lovely"),
        ("Ben", "did you sign the lease on the flat in the end"),
        ("Noor", "yes! we agreed the rent with the landlord this morning"),
        ("Noor", "1450 a month, bills on top"),
        ("Ben", "not bad for that street"),
        ("Noor", "the landlord wants the deposit by friday"),
        ("Ben", "the rent on my place went up again, it is a joke"),
        ("Noor", "rent everywhere is mad this year"),
        ("Ben", "anyway how is the cat"),
        ("Noor", "she hates the flat, she sits on the landlord's boxes all day"),
    )
    (workspace / "threads" / "chat.jsonl").write_bytes(
        b"".join(
            encode_entry({"role": "user", "name": name, "content": text, "ts": day})
            for name, text in turns
        )
    )
    configure(workspace, "on")
    config = load_config(workspace / "memctl.yaml")
    found = recall(
        Workspace(workspace),
        config,
        "How much is the rent on Noor's flat?",
        embedder=resolve_embedder(config),
        explain=True,
    )
    assert found.ranking == "hybrid"
    entries = [hit.entry for hit in found.hits]
    assert entries.index(3) < entries.index(6)  # the amount above Ben's own rent
    reply = found.hits[entries.index(3)].explain
    assert reply["before"] > 0
    made = (reply["bm25"] + reply["before"] + reply["neighbour"]) * reply["time"]
    assert reply["fusion"]["bm25"]["score"] == pytest.approx(made, rel=1e-4)


@needs_extra
def test_the_prompt_hook_under_on_adds_nothing_when_nothing_answers(
    ws: Path, cli, tmp_path: Path
) -> None:
    """Audit 3b, 6: the semantic leg ranks every record, so a nonsense prompt was given
    the nearest facts. A record only the leg found must be near the prompt
    (SEMANTIC_FLOOR): a paraphrase still is."""
    configure(ws, "on")
    with (ws / "memctl.yaml").open("a") as config:  # a budget WordLlama loads within
        config.write("memory:\n  prompt_recall_seconds: 60\n")
    for prompt in ("zzqq xxyy", "hello there", "thanks"):
        stdin = claude_input("UserPromptSubmit", tmp_path / "t.jsonl", prompt=prompt)
        assert hook(cli, ws, "claude-code", stdin).stdout == "", prompt
    stdin = claude_input("UserPromptSubmit", tmp_path / "t.jsonl", prompt=PARAPHRASE)
    context = context_of(hook(cli, ws, "claude-code", stdin).stdout, "UserPromptSubmit")
    assert context.splitlines()[1] == "- Dana bought a new automobile in March. (MEMORY.md:101)"


@needs_extra
def test_recall_under_on_finds_nothing_when_nothing_answers(ws: Path, cli) -> None:
    """Audit 4, 7: `memctl recall` and MCP's memory_recall gave a nonsense query the
    nearest records (cosine -0.02), exit 0. The floor the hook had is recall's own: no
    hits, exit 1, as under BM25 alone; a paraphrase is still found."""
    from memctl.turn.tools import run_tool

    configure(ws, "on")
    assert ask(ws, "zzqq xxyy").ranking == "hybrid"
    assert ask(ws, "zzqq xxyy").hits == []
    run = cli("-w", ws, "recall", "zzqq xxyy")
    assert (run.exit_code, run.stdout) == (1, "")
    run = cli("-w", ws, "recall", PARAPHRASE)
    assert run.exit_code == 0
    assert run.stdout.startswith("MEMORY.md:101 ")
    config = load_config(ws / "memctl.yaml")
    embedder = resolve_embedder(config)
    outcome = run_tool(
        Workspace(ws), config, "memory_recall", {"query": "zzqq xxyy"}, embedder=embedder
    )
    assert outcome.text == "Nothing in memory answers: zzqq xxyy"


@needs_extra
def test_a_long_first_embedding_pass_is_said_before_it_runs(
    ws: Path, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Audit 4, 8: the first recall with the leg on embedded every record (74 s at 380k)
    with no word. Above EMBED_NOTE_RECORDS records to embed it says so once, on stderr;
    not with --quiet, not when fewer are new."""
    import memctl.retrieval.recall as recall_module

    configure(ws, "on")
    monkeypatch.setattr(recall_module, "EMBED_NOTE_RECORDS", 50)
    fresh = ws.parent / "fresh"
    shutil.copytree(ws, fresh)
    run = cli("-w", ws, "--quiet", "recall", "Dana")
    assert (run.exit_code, run.stderr) == (0, "")
    assert stored_vectors(ws) > 50  # embedded, and nothing said

    run = cli("-w", fresh, "recall", "Dana")
    assert run.exit_code == 0
    said = [line for line in run.stderr.splitlines() if "semantic leg" in line]
    assert said == [
        f"recall: embedding {stored_vectors(fresh)} records for the semantic leg "
        "(once: later recalls embed only what is new)"
    ]
    with (fresh / "MEMORY.md").open("a", encoding="utf-8") as memory:
        memory.write("- Dana sold the old bicycle.\n")
    run = cli("-w", fresh, "recall", "Dana")
    assert run.exit_code == 0
    assert "semantic leg" not in run.stderr
