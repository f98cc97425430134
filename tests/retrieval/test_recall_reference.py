"""recall()'s top 10 equals a plain reference ranking on a generated corpus.

The reference scores every record any query term matches with FTS5's bm25 (no
candidate bound, no shortcut), takes the best `limit * CANDIDATES_A_HIT`, adds the
turns within NEIGHBOUR_REACH of the best CONTEXT_CANDIDATES of them, lends each the
best of its neighbours' scores within that reach (times NEIGHBOUR_WEIGHT), gives, for a
"when" question, the short turn that says a time after each of the best REPLY_CANDIDATES
(or after the interjection that follows one) REPLY_FIELD of that turn's score (the words
before it as a field, `by_turn_before`) and lends again, weighs in the question's time (a "when" question: the best TIME_CANDIDATES holding a time word,
lent TIME_NEIGHBOUR_WEIGHT of their best neighbour instead; a month named: the turns
dated in it; the kind of answer a question asks for, `by_answer`, is not generated here:
its words are not among WORDS), adds SESSION_WEIGHT times the sum of its log's
SESSION_TOP best BM25 scores and sorts: what recall ranks by, without any
speed-up. Its BM25 is computed here in plain Python (`Okapi`: Robertson/Sparck Jones idf
as FTS5 computes it, k1 1.2, b REFERENCE_B for the text and none for the speaker's name,
as BM25F normalises each field by its own length) over the term counts an FTS5 table of
every record's text and speaker yields (the tokenizer is FTS5's; the index's own word table
before schema 5; recall now ranks from its own postings, with a b of its own). A faster
candidate generation or scoring (issue 26, goal 3) must give the same hits and scores;
a change of ranking (weights, fields, stemming) changes both sides through recall's
own constants and query parsing.
"""

from __future__ import annotations

import json
import math
import random
import sqlite3
from collections import defaultdict
from pathlib import Path

import pytest

from memctl.core.config import load_config
from memctl.core.threads import encode_entry
from memctl.core.workspace import Workspace
from memctl.retrieval.index import as_words
from memctl.retrieval.index.postings import TOKENIZER
from memctl.retrieval.index.store import SCHEMA_VERSION, _entry_text
from memctl.retrieval.recall import (
    CANDIDATES_A_HIT,
    CONTEXT_CANDIDATES,
    DATE_WEIGHT,
    INTERJECTION_WORDS,
    NEIGHBOUR_REACH,
    NEIGHBOUR_WEIGHT,
    REPLY_CANDIDATES,
    REPLY_FIELD,
    REPLY_FIELD_WORDS,
    SESSION_TOP,
    SESSION_WEIGHT,
    SPEAKER_WEIGHT,
    STOPWORDS,
    TIME_CANDIDATES,
    TIME_NEIGHBOUR_WEIGHT,
    TIME_WEIGHT,
    query_terms,
    recall,
)

NAMES = ["Maya", "Theo", "Priya", "Sam"]
_WORDS = (
    "cache deploy billing garden dog biscuit guitar lesson postgres invoice trip lisbon "
    "bakery sourdough marathon knee doctor sister wedding camera lens budget rent move "
    "kitchen paint blue green offer startup solar panel monitor climate bike commute rain "
    "tuesday tomorrow"
)
WORDS = _WORDS.split()
# The words of WORDS that say when (recall's time expressions hold them, and no other).
TIME_WORDS = {"tuesday", "tomorrow"}
TURNS = 40
LIMIT = 10
INTERJECTION = "yes"


def said(rng: random.Random, number: int, turn: int) -> str:
    """A turn's words: 3 to 14 of WORDS; "zeppelin" after them at turn 20 of every
    seventh log, and at turn 21 of every fifth an interjection ("yes": one word, no
    value), which the field of the turn before reaches over (`by_turn_before`)."""
    words = " ".join(rng.choices(WORDS, k=rng.randint(3, 14)))
    if turn == 21 and number % 5 == 0:
        return INTERJECTION
    return words + (" zeppelin" if turn == 20 and number % 7 == 0 else "")


def build(root: Path, rng: random.Random) -> None:
    for number in range(30):
        pair = rng.sample(NAMES, 2)
        (root / "threads" / f"t{number:03d}.jsonl").write_bytes(
            b"".join(
                encode_entry(
                    {
                        "role": "user" if turn % 2 == 0 else "assistant",
                        "name": pair[turn % 2],
                        "content": said(rng, number, turn),
                        "ts": f"2025-{3 + number % 3:02d}-{1 + number % 28:02d}T12:{turn:02d}:00Z",
                    }
                )
                for turn in range(TURNS)
            )
        )


def word_table(root: Path) -> sqlite3.Connection:
    """An FTS5 table of every log entry's text and speaker, as recall's word table was."""
    conn = sqlite3.connect(":memory:")
    conn.execute(
        "CREATE VIRTUAL TABLE words USING fts5(text, speaker, rel UNINDEXED, "
        f"number UNINDEXED, tokenize='{TOKENIZER}', detail=full)"
    )
    conn.execute("CREATE VIRTUAL TABLE vocab USING fts5vocab(words, instance)")
    for log in sorted((root / "threads").glob("*.jsonl")):
        for number, line in enumerate(log.read_text(encoding="utf-8").splitlines()):
            text, _, _, speaker = _entry_text(line)
            conn.execute(
                "INSERT INTO words(text, speaker, rel, number) VALUES (?, ?, ?, ?)",
                (as_words(text), as_words(speaker), f"threads/{log.name}", number),
            )
    return conn


# BM25's constants, written out: recall's (memctl.retrieval.index.postings K1, B) must
# score as this, so a change of them is a change here too. FTS5's own b is 0.75.
REFERENCE_K1 = 1.2
REFERENCE_B = 0.55
MIN_IDF = 1e-6  # FTS5's floor for a term in more than half the records


class Okapi:
    """BM25F over the word table's term counts, scored in Python, every record a term
    matches (no bound, no shortcut): for each query term t, idf(t) = ln((N - n + 0.5) /
    (n + 0.5)) (MIN_IDF when not above 0), and in a record of D tokens (text and speaker)
    where t counts f = text count / (1 - b + b D / avgdl) + speaker weight x speaker count
    (a name's field, not normalised by the record's length), idf(t) x f (k1 + 1) / (f +
    k1); a record's score is the sum over the query's terms."""

    def __init__(self, conn: sqlite3.Connection, speaker_weight: float) -> None:
        self.conn = conn
        self.text: defaultdict[str, dict[int, int]] = defaultdict(dict)
        self.speaker: defaultdict[str, dict[int, int]] = defaultdict(dict)
        self.speaker_weight = speaker_weight
        length: defaultdict[int, int] = defaultdict(int)
        for term, doc, col, count in conn.execute(
            "SELECT term, doc, col, count(*) FROM vocab GROUP BY term, doc, col"
        ):
            (self.text if col == "text" else self.speaker)[term][doc] = count
            length[doc] += count
        (self.records,) = conn.execute("SELECT count(*) FROM words").fetchone()
        self.length = dict(length)
        self.avgdl = sum(length.values()) / self.records

    def tokens(self, term: str) -> list[str]:
        """The query term as the tokenizer stems it (one token: WORDS have no '_')."""
        self.conn.execute(
            f"CREATE VIRTUAL TABLE IF NOT EXISTS q USING fts5(t, tokenize='{TOKENIZER}')"
        )
        self.conn.execute("CREATE VIRTUAL TABLE IF NOT EXISTS qv USING fts5vocab(q, instance)")
        self.conn.execute("INSERT INTO q(t) VALUES (?)", (term,))
        found = [row[0] for row in self.conn.execute("SELECT term FROM qv")]
        self.conn.execute("DELETE FROM q")
        return found

    def scores(self, terms: list[str]) -> dict[int, float]:
        """rowid -> BM25 of every record any of `terms` matches."""
        scored: dict[int, float] = {}
        for term in terms:
            (token,) = self.tokens(term)
            text, speaker = self.text.get(token, {}), self.speaker.get(token, {})
            holding = text.keys() | speaker.keys()
            if not holding:
                continue
            idf = math.log((self.records - len(holding) + 0.5) / (len(holding) + 0.5))
            idf = idf if idf > 0 else MIN_IDF
            for doc in holding:
                norm = 1 - REFERENCE_B + REFERENCE_B * self.length[doc] / self.avgdl
                freq = text.get(doc, 0) / norm + self.speaker_weight * speaker.get(doc, 0)
                part = idf * freq * (REFERENCE_K1 + 1) / (freq + REFERENCE_K1)
                scored[doc] = scored.get(doc, 0.0) + part
        return scored


def field_before(
    root: Path, own: dict[tuple[str, int], float], scored: dict[tuple[str, int], float]
) -> None:
    """For a "when" question: the turn after each of the best REPLY_CANDIDATES (by `scored`), when it has at
    most REPLY_FIELD_WORDS content words and says a value of the kind asked, gets
    REPLY_FIELD of that turn's BM25 score (`own`) added to its own: the words before it
    as a field. The turns hold no digit and no capital, so only a "when" question's time
    word is such a value (a question that asks no kind takes a number or a name). An
    interjection (at most INTERJECTION_WORDS content words, no value) is passed over:
    the turn after it is the one that may answer."""
    bm25_own = dict(own)
    for rel, n in sorted(scored, key=lambda key: -scored[key])[:REPLY_CANDIDATES]:
        if bm25_own[(rel, n)] <= 0.0 or n + 1 >= TURNS:
            continue
        lines = (root / rel).read_text().splitlines()
        m = n + 1
        heard = set(json.loads(lines[m])["content"].split()) - STOPWORDS
        if len(heard) <= INTERJECTION_WORDS and not TIME_WORDS & heard:
            m += 1
            if m >= TURNS:
                continue
            heard = set(json.loads(lines[m])["content"].split()) - STOPWORDS
        if TIME_WORDS & heard and len(heard) <= REPLY_FIELD_WORDS:
            own[(rel, m)] = own.get((rel, m), 0.0) + REPLY_FIELD * bm25_own[(rel, n)]


def reference(root: Path, okapi: Okapi, query: str) -> list[tuple[float, str]]:
    """(score, source) of the best LIMIT records, by the plain rule."""
    bm25 = okapi.scores(query_terms(query))
    where = {
        doc: (rel, number)
        for doc, rel, number in okapi.conn.execute("SELECT rowid, rel, number FROM words")
    }
    best = sorted(bm25, key=lambda doc: (-bm25[doc], doc))[: LIMIT * CANDIDATES_A_HIT]
    own = {where[doc]: bm25[doc] for doc in best}
    for rel, n in sorted(own, key=lambda key: -own[key])[:CONTEXT_CANDIDATES]:
        for m in range(n - NEIGHBOUR_REACH, n + NEIGHBOUR_REACH + 1):
            if 0 <= m < TURNS:
                own.setdefault((rel, m), 0.0)

    def lent(own: dict[tuple[str, int], float]) -> dict[tuple[str, int], float]:
        return {
            (rel, n): score
            + NEIGHBOUR_WEIGHT
            * max(
                own.get((rel, m), 0.0)
                for m in range(n - NEIGHBOUR_REACH, n + NEIGHBOUR_REACH + 1)
                if m != n
            )
            for (rel, n), score in own.items()
        }

    scored = lent(own)
    words = query.lower().split()
    if words[0] == "when":
        field_before(root, own, scored)
        scored = lent(own)
    factor = dict.fromkeys(scored, 1.0)
    if "in" in words and "april" in words:
        for rel, n in scored:
            entry = json.loads((root / rel).read_text().splitlines()[n])
            if entry["ts"].startswith("2025-04"):
                scored[(rel, n)] *= 1 + DATE_WEIGHT
                factor[(rel, n)] = 1 + DATE_WEIGHT
    if words[0] == "when":
        for rel, n in sorted(scored, key=lambda key: -scored[key])[:TIME_CANDIDATES]:
            entry = json.loads((root / rel).read_text().splitlines()[n])
            if TIME_WORDS & set(entry["content"].split()):
                # A dated turn is lent TIME_NEIGHBOUR_WEIGHT of its best neighbour's
                # score, not NEIGHBOUR_WEIGHT.
                more = (TIME_NEIGHBOUR_WEIGHT - NEIGHBOUR_WEIGHT) * max(
                    own.get((rel, m), 0.0)
                    for m in range(n - NEIGHBOUR_REACH, n + NEIGHBOUR_REACH + 1)
                    if m != n
                )
                scored[(rel, n)] += max(more, 0.0) * factor[(rel, n)]
                scored[(rel, n)] *= 1 + TIME_WEIGHT
    # After the time factors: SESSION_WEIGHT times the sum of its log's SESSION_TOP best
    # own (BM25) scores.
    for rel in {rel for rel, _ in own}:
        session = sum(
            sorted((s for (r, _), s in own.items() if r == rel), reverse=True)[:SESSION_TOP]
        )
        for key in scored:
            if key[0] == rel:
                scored[key] += SESSION_WEIGHT * session
    ranked = sorted(((score, f"{rel}#{n}") for (rel, n), score in scored.items()), reverse=True)
    return [(float(f"{score:.6g}"), source) for score, source in ranked[:LIMIT]]


def test_recall_ranks_as_the_plain_reference(workspace: Path) -> None:
    rng = random.Random(26)
    build(workspace, rng)
    ws, config = Workspace(workspace), load_config(workspace / "memctl.yaml")
    questions = [" ".join(rng.sample(WORDS + NAMES, rng.randint(2, 6))) for _ in range(25)]
    # Questions that ask when, or name a month (every third log is dated in April).
    questions += [f"when {question}" for question in questions[:8]]
    questions += [f"{question} in april" for question in questions[8:16]]
    # A word in five turns: their neighbours, which hold none of it, are lent a place.
    questions += ["zeppelin", "when zeppelin", "Maya zeppelin", "zeppelin in april"]
    recall(ws, config, "warm up")  # builds the index and its postings
    conn = word_table(workspace)
    okapi = Okapi(conn, SPEAKER_WEIGHT)
    try:
        for question in questions:
            got = [
                (hit.score, hit.source.split(" ")[0])
                for hit in recall(ws, config, question, LIMIT, recency=False).hits
            ]
            want = reference(workspace, okapi, question)
            assert [score for score, _ in got] == [score for score, _ in want], question
            # Records of equal score may come in either order; the rest must match.
            last = want[-1][0]
            assert {s for score, s in got if score > last} == {
                s for score, s in want if score > last
            }, question
    finally:
        conn.close()


def test_recall_ranks_as_the_reference_after_many_small_updates(workspace: Path) -> None:
    """A hook appends a turn or two at a time: each update adds a chunk to the buckets
    it touches, merged with the newer chunks before it (memctl.retrieval.index.postings).
    The ranking stays the reference's, and a bucket keeps a few chunks, not one an update."""
    build(workspace, random.Random(27))
    ws, config = Workspace(workspace), load_config(workspace / "memctl.yaml")
    recall(ws, config, "warm up")
    for round_ in range(24):
        with (workspace / "threads" / f"t{round_ % 3:03d}.jsonl").open("ab") as log:
            log.write(
                encode_entry(
                    {
                        "role": "user",
                        "name": "Maya",  # the same words each time: the same buckets
                        "content": "cache deploy billing garden",
                        "ts": "2025-03-29T12:00:00+00:00",
                    }
                )
            )
        recall(ws, config, "cache deploy")  # brings the index up to date
    index = sqlite3.connect(workspace / ".memctl" / "index.sqlite")
    try:
        (most,) = index.execute(
            "SELECT max(c) FROM (SELECT count(*) AS c FROM postings GROUP BY term, len, ft, fs)"
        ).fetchone()
    finally:
        index.close()
    assert most <= 6
    conn = word_table(workspace)
    okapi = Okapi(conn, SPEAKER_WEIGHT)
    try:
        for question in ["cache deploy billing", "Maya garden", "Theo dog biscuit guitar"]:
            got = [
                (hit.score, hit.source.split(" ")[0])
                for hit in recall(ws, config, question, LIMIT, recency=False).hits
            ]
            assert [score for score, _ in got] == [
                s for s, _ in reference(workspace, okapi, question)
            ]
    finally:
        conn.close()


def test_an_index_with_the_fts5_word_table_is_rebuilt_without_it(workspace: Path) -> None:
    """Schema 5: recall's postings replace the FTS5 `words` table; an index of schema 4
    is rebuilt (once), and recall answers from the new one."""
    build(workspace, random.Random(28))
    ws, config = Workspace(workspace), load_config(workspace / "memctl.yaml")
    recall(ws, config, "warm up")
    path = workspace / ".memctl" / "index.sqlite"
    conn = sqlite3.connect(path)
    try:
        conn.execute("UPDATE meta SET value = '4' WHERE key = 'schema'")
        conn.execute("CREATE VIRTUAL TABLE IF NOT EXISTS words USING fts5(text, speaker)")
        conn.commit()
    finally:
        conn.close()

    assert recall(ws, config, "cache deploy").hits

    conn = sqlite3.connect(path)
    try:
        tables = {name for (name,) in conn.execute("SELECT name FROM sqlite_schema")}
        schema = conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()[0]
    finally:
        conn.close()
    assert "words" not in tables
    assert schema == SCHEMA_VERSION


def test_which_records_hold_a_term_is_what_fts5_matched(workspace: Path) -> None:
    """`holding` (the query terms a hit holds) and `document_frequency` answer from the
    postings what a MATCH of the word table answered."""
    from memctl.retrieval.index.postings import document_frequency, holding

    rng = random.Random(29)
    build(workspace, rng)
    ws, config = Workspace(workspace), load_config(workspace / "memctl.yaml")
    recall(ws, config, "warm up")
    index = sqlite3.connect(workspace / ".memctl" / "index.sqlite")
    words = word_table(workspace)
    try:
        ids = dict(
            index.execute(
                "SELECT f.rel || '#' || r.number, r.id FROM records r JOIN files f ON f.id = r.file"
            )
        )
        records = rng.sample(sorted(ids.values()), 40)
        terms = ["biscuit", "gardens", "maya", "painting", "zebra"]
        held = holding(index, terms, records)
        assert any(held.values()) and not all(held.values())
        for term in terms:
            matched = {
                ids[f"{rel}#{number}"]
                for rel, number in words.execute(
                    "SELECT rel, number FROM words WHERE words MATCH ?", (f'"{term}"',)
                )
            }
            assert {r for r in records if term in held[r]} == matched & set(records), term
            assert document_frequency(index, term) == (len(matched), len(ids)), term
    finally:
        index.close()
        words.close()


def test_the_best_few_are_the_references_best_few(workspace: Path) -> None:
    """With a k of 1 to 5 the k-th best is high, so most lengths are skipped, and
    records are kept only when they hold every word of their length (an intersection)
    or enough of them (a count): the scores are still the plain BM25's best k."""
    from memctl.retrieval.index.postings import best

    rng = random.Random(30)
    build(workspace, rng)
    ws, config = Workspace(workspace), load_config(workspace / "memctl.yaml")
    recall(ws, config, "warm up")
    index = sqlite3.connect(workspace / ".memctl" / "index.sqlite")
    words = word_table(workspace)
    okapi = Okapi(words, SPEAKER_WEIGHT)
    try:
        for _ in range(40):
            terms = query_terms(" ".join(rng.sample(WORDS + NAMES, rng.randint(2, 4))))
            k = rng.randint(1, 5)
            got = [round(score, 9) for _, score in best(index, terms, k, (1.0, SPEAKER_WEIGHT))]
            want = [round(score, 9) for score in sorted(okapi.scores(terms).values())[::-1][:k]]
            assert got == want, (terms, k)
    finally:
        index.close()
        words.close()


def test_every_word_is_the_references_records_holding_them_all(workspace: Path) -> None:
    """`every` (recall's subject look-ups): the best k of the records holding every term,
    scored as the plain BM25 scores them, whichever term leaves none in common first
    (the terms after it are not read)."""
    from memctl.retrieval.index.postings import best

    rng = random.Random(31)
    build(workspace, rng)
    ws, config = Workspace(workspace), load_config(workspace / "memctl.yaml")
    recall(ws, config, "warm up")
    index = sqlite3.connect(workspace / ".memctl" / "index.sqlite")
    words = word_table(workspace)
    okapi = Okapi(words, SPEAKER_WEIGHT)
    held = 0
    try:
        for _ in range(60):
            terms = query_terms(" ".join(rng.sample(WORDS + NAMES, rng.randint(1, 4))))
            k = rng.choice([1, 5, 50])
            holding = set.intersection(
                *(
                    set(okapi.text.get(t, {})) | set(okapi.speaker.get(t, {}))
                    for t in (okapi.tokens(term)[0] for term in terms)
                )
            )
            scores = okapi.scores(terms)
            want = sorted((-scores[doc], doc) for doc in holding)[:k]
            got = best(index, terms, k, (1.0, SPEAKER_WEIGHT), every=True)
            assert [round(score, 9) for _, score in got] == [round(-s, 9) for s, _ in want]
            held += bool(want)
    finally:
        index.close()
        words.close()
    assert 10 < held < 60  # queries some records answer, and some none does


def test_every_word_is_any_word_less_the_records_missing_one(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`every` finds the records in common before it scores any (`postings._every`):
    its answer is, to the last bit of each score, the any-word ranking of every record
    (k past their number, so nothing is pruned) less those missing a term, cut at k.
    Chunks of five postings, so that a bucket has many: those whose span holds no record
    still in common are skipped, and a long one is searched rather than scanned."""
    from memctl.retrieval.index import postings

    monkeypatch.setattr(postings, "CHUNK_POSTINGS", 5)
    rng = random.Random(32)
    build(workspace, rng)
    ws, config = Workspace(workspace), load_config(workspace / "memctl.yaml")
    recall(ws, config, "warm up")
    index = sqlite3.connect(workspace / ".memctl" / "index.sqlite")
    words = word_table(workspace)
    okapi = Okapi(words, SPEAKER_WEIGHT)
    (chunks,) = index.execute("SELECT count(*) / count(DISTINCT term) FROM postings").fetchone()
    assert chunks > 10  # many chunks a word
    weights = (1.0, SPEAKER_WEIGHT)
    answered = 0
    try:
        for _ in range(80):
            # Drawn with repeats: a word asked twice adds twice.
            terms = query_terms(" ".join(rng.choices(WORDS + NAMES, k=rng.randint(1, 5))))
            k = rng.choice([1, 5, 50])
            holding = set.intersection(
                *(
                    set(okapi.text.get(t, {})) | set(okapi.speaker.get(t, {}))
                    for t in (okapi.tokens(term)[0] for term in terms)
                )
            )
            everything = postings.best(index, terms, 10**6, weights)
            want = [(doc, score) for doc, score in everything if doc in holding][:k]
            assert postings.best(index, terms, k, weights, every=True) == want, (terms, k)
            answered += bool(want)
    finally:
        index.close()
        words.close()
    assert 10 < answered < 80  # queries some records answer, and some none does
