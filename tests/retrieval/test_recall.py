"""`memctl recall` and `recall()`: ranked answers to a question, not every matching line.

BM25 over the index's word table, across MEMORY.md, the ledgers (archived ones too) and
the thread logs; diacritics do not count, CJK is found by its bigrams; a small recency
prior, off with --no-recency; snippets redacted before they are cut; no key needed.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from memctl.core.config import load_config
from memctl.core.threads import encode_entry
from memctl.core.workspace import Workspace
from memctl.retrieval.recall import RECENCY_WEIGHT, recall, recency_factor
from tests.support.helpers import BM25_ONLY

MEMORY = """\
# Memory
- The staging database is pg-staging-2 on the old cluster.
- Alice prefers tabs over spaces.
- Billing runs on Postgres 16; we picked it over MySQL for its JSON support.
- The café on the corner takes cards only.
- 部署决定：使用蓝鲸方案
"""


def open_ws(root: Path) -> tuple[Workspace, object]:
    return Workspace(root), load_config(root / "memctl.yaml")


@pytest.fixture
def ws(workspace: Path) -> Path:
    (workspace / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    (workspace / "memory" / "2026-01-05.md").write_text(
        "- Deploys happen on Fridays after the billing freeze.\n", encoding="utf-8"
    )
    (workspace / "threads" / "billing.jsonl").write_bytes(
        encode_entry({"role": "user", "content": "Which database should billing use?"})
        + encode_entry({"role": "assistant", "content": "Postgres: the team knows it well."})
    )
    return workspace


def sources(root: Path, query: str, **options) -> list[str]:
    ws, config = open_ws(root)
    return [hit.source for hit in recall(ws, config, query, **options).hits]


def test_the_best_answer_comes_first(ws: Path) -> None:
    found = sources(ws, "which database did we pick for billing?")
    # "picked" is found by its stem; the question's own words rank the thread's question
    assert set(found[:2]) == {"MEMORY.md:4", "threads/billing.jsonl#0 [user]"}
    assert "MEMORY.md:3" not in found  # shares no word with the question


def test_diacritics_and_case_do_not_count(ws: Path) -> None:
    assert sources(ws, "CAFE cards") == ["MEMORY.md:5"]


def test_cjk_is_found_without_spaces(ws: Path) -> None:
    assert sources(ws, "蓝鲸方案") == ["MEMORY.md:6"]
    assert sources(ws, "部署") == ["MEMORY.md:6"]


def test_scope_and_limit(ws: Path) -> None:
    assert all(s.startswith("threads/") for s in sources(ws, "billing database", scope="threads"))
    assert not any(s.startswith("threads/") for s in sources(ws, "billing", scope="memory"))
    assert len(sources(ws, "billing database postgres", limit=2)) == 2


def test_archived_ledgers_are_recalled(ws: Path) -> None:
    (ws / "memory" / "archive").mkdir()
    (ws / "memory" / "archive" / "2020-02-02.md").write_text(
        "- The printer password rotates monthly.\n", encoding="utf-8"
    )
    assert sources(ws, "printer password") == ["memory/archive/2020-02-02.md:1"]


def test_recency_breaks_ties_and_can_be_switched_off(workspace: Path) -> None:
    today = time.strftime("%Y-%m-%d")
    for name in ("2019-03-04.md", f"{today}.md"):
        (workspace / "memory" / name).write_text("- the VPN endpoint moved\n", encoding="utf-8")
    ws, config = open_ws(workspace)
    ranked = recall(ws, config, "vpn endpoint").hits
    assert [h.path for h in ranked] == [f"memory/{today}.md", "memory/2019-03-04.md"]
    assert ranked[0].score > ranked[1].score
    flat = recall(ws, config, "vpn endpoint", recency=False).hits
    assert flat[0].score == flat[1].score
    # documented shape of the prior
    assert recency_factor(0) == 1 + RECENCY_WEIGHT
    assert recency_factor(30) == pytest.approx(1 + RECENCY_WEIGHT / 2)


def test_snippets_are_redacted_then_cut(workspace: Path) -> None:
    secret = "sk-proj-" + "A1b2C3d4" * 6
    record = "x " * 200 + f"the deploy key is {secret} for the payments gateway " + "y " * 200
    (workspace / "MEMORY.md").write_text(f"- {record}\n", encoding="utf-8")
    ws, config = open_ws(workspace)
    hit = recall(ws, config, "payments gateway deploy key").hits[0]
    assert secret[:12] not in hit.snippet
    assert "[REDACTED:openai_key]" in hit.snippet
    assert len(hit.snippet) <= 242


def test_a_clean_record_s_snippet_is_not_redacted_again(workspace: Path) -> None:
    """The index flags a record redaction leaves as it is (CLEAN): its snippet is shown
    as it is, so recall over a memory without secrets compiles no pattern of redaction
    (the prompt hook paid ~6 ms for the stated secret's, hook22); a record with a secret
    is redacted as before."""
    from memctl.core import redact

    secret = "Gruesse2026Strasse"
    (workspace / "MEMORY.md").write_text(
        f"- The deploy token rotates on Tuesday at noon.\n- The vault password is {secret}.\n",
        encoding="utf-8",
    )
    (workspace / "memctl.yaml").write_text(BM25_ONLY, encoding="utf-8")
    ws, config = open_ws(workspace)
    recall(ws, config, "deploy token")  # the index, written redacted
    redact._compiled.cache_clear()
    hits = recall(ws, config, "when does the deploy token rotate").hits
    assert [hit.snippet for hit in hits] == ["- The deploy token rotates on Tuesday at noon."]
    assert redact._compiled.cache_info().currsize == 0
    hit = recall(ws, config, "vault password").hits[0]
    assert hit.snippet == "- The vault password is [REDACTED:stated_secret]."
    assert redact._compiled.cache_info().currsize > 0


def test_works_without_a_key_or_a_model(ws: Path, cli) -> None:
    (ws / "memctl.yaml").write_text("model: openai:gpt-4.1-mini\n", encoding="utf-8")
    run = cli("-w", ws, "recall", "staging database")
    assert run.exit_code == 0, run.stderr
    assert run.stdout.splitlines()[0].startswith("MEMORY.md:2 (")
    assert "pg-staging-2" in run.stdout


def test_cli_json_exit_codes_and_bad_input(ws: Path, cli) -> None:
    (ws / "memctl.yaml").write_text(BM25_ONLY, encoding="utf-8")
    run = cli("-w", ws, "--json", "recall", "billing", "--limit", "1", "--scope", "memory")
    document = json.loads(run.stdout)
    assert (run.exit_code, document["count"], document["ranking"]) == (0, 1, "bm25")
    assert document["hits"][0]["path"] in ("MEMORY.md", "memory/2026-01-05.md")
    assert cli("-w", ws, "recall", "zebra unicorn").exit_code == 1
    bad = cli("-w", ws, "recall", "billing", "--scope", "everything")
    assert bad.exit_code == 2 and "invalid scope" in bad.stderr
    assert cli("-w", ws, "recall", "billing", "--limit", "0").exit_code == 2


def test_a_record_changed_after_indexing_is_not_shown_stale(ws: Path) -> None:
    ws_, config = open_ws(ws)
    assert recall(ws_, config, "staging").hits
    memory = ws / "MEMORY.md"
    tmp = ws / "MEMORY.new"
    tmp.write_text("# Memory\n- nothing about that any more\n", encoding="utf-8")
    os.replace(tmp, memory)
    assert recall(ws_, config, "staging").hits == []


def test_the_postings_are_written_once_recall_is_used(ws: Path, cli) -> None:
    import sqlite3

    from memctl.retrieval.search import search

    def words() -> int:
        conn = sqlite3.connect(ws / ".memctl" / "index.sqlite")
        try:
            return conn.execute("SELECT count(*) FROM postings").fetchone()[0]
        finally:
            conn.close()

    workspace, _ = open_ws(ws)
    assert search(workspace, "staging").hits
    assert words() == 0  # search alone keeps the index small
    assert sources(ws, "staging database")[0] == "MEMORY.md:2"
    filled = words()
    assert filled > 0
    assert cli("-w", ws, "index", "--rebuild").exit_code == 0
    assert words() == filled  # a rebuild keeps it


def test_a_question_naming_the_speaker_finds_the_turn_that_says_i(workspace: Path) -> None:
    """Issue 26: the speaker is a BM25 field; the turn says "I", the question names Theo."""
    (workspace / "threads" / "chat.jsonl").write_bytes(
        encode_entry(
            {"role": "user", "name": "Maya", "content": "a beagle? cute", "ts": "2026-01-02"}
        )
        + encode_entry(
            {
                "role": "assistant",
                "name": "Theo",
                "content": "yes, I adopted a beagle from the shelter near the lake last week",
                "ts": "2026-01-02",
            }
        )
    )
    assert sources(workspace, "Theo beagle", recency=False)[0] == "threads/chat.jsonl#1 [assistant]"


def test_a_neighbour_turn_lends_its_score(workspace: Path) -> None:
    """Issue 26: the answer a turn away from the question's words ranks above a record
    elsewhere that matches as well on its own."""
    (workspace / "threads" / "chat.jsonl").write_bytes(
        encode_entry({"role": "user", "content": "what is the dog called these days?"})
        + encode_entry({"role": "assistant", "content": "Biscuit, after the menace he is"})
    )
    (workspace / "threads" / "other.jsonl").write_bytes(
        encode_entry({"role": "user", "content": "Biscuit the menace"})
        + encode_entry({"role": "assistant", "content": "nothing to do with it at all"})
    )
    found = sources(workspace, "dog called Biscuit menace", recency=False)
    assert found.index("threads/chat.jsonl#1 [assistant]") < found.index(
        "threads/other.jsonl#0 [user]"
    )


def log(path: Path, *turns: tuple[str, str, str]) -> None:
    """A thread log of (speaker, text, ts) turns."""
    path.write_bytes(
        b"".join(
            encode_entry({"role": "user", "name": name, "content": text, "ts": ts})
            for name, text, ts in turns
        )
    )


def test_an_answer_two_turns_away_with_none_of_the_words_is_found(workspace: Path) -> None:
    """Issue 26: the turn that answers holds none of the question's words and stands two
    turns from the one that does; it is ranked (lent a share of that turn's score)."""
    day = "2026-01-02T10:00:00Z"
    log(
        workspace / "threads" / "chat.jsonl",
        ("Omar", "so game night needs a new day", day),
        ("Tess", "thursdays are bad for me now", day),
        ("Omar", "then wednesdays it is, every other one", day),
        ("Tess", "perfect, see you there", day),
    )
    found = sources(workspace, "What night is game night now?", recency=False)
    # A "when" question: the dated turns beside it are lent more than the turn itself.
    assert "threads/chat.jsonl#0 [user]" in found[:3]
    assert "threads/chat.jsonl#2 [user]" in found


def test_a_turn_in_the_session_that_holds_the_question_ranks_first(workspace: Path) -> None:
    """Issue 26: the session whose turns hold the question's words lends its score to
    each of its turns (by_session), so the turn there that matches one word ranks above
    a turn elsewhere that matches the same word as well or better on its own: the answer
    to "why didn't Clara finish the Chicago race?" stands in the race's session, more
    than two turns from the words "Chicago" and "race", though "finish" alone is no
    rarer there than anywhere."""
    (workspace / "memctl.yaml").write_text(BM25_ONLY, encoding="utf-8")
    day = "2026-01-02T10:00:00Z"
    log(
        workspace / "threads" / "race.jsonl",
        ("Clara", "the chicago race is in october", day),
        ("Ines", "a chicago race, how long is it", day),
        ("Clara", "a full marathon race", day),
        ("Ines", "wow", day),
        ("Clara", "yeah", day),
        ("Ines", "so", day),
        ("Clara", "sadly I did not finish it, food poisoning the night before", day),
    )
    log(
        workspace / "threads" / "work.jsonl",
        ("Ines", "I have to finish the report", day),
        ("Clara", "ok", day),
    )
    ws, config = open_ws(workspace)
    hits = recall(ws, config, "Why didn't Clara finish the Chicago race?", explain=True).hits
    found = [hit.source for hit in hits]
    assert found.index("threads/race.jsonl#6 [user]") < found.index("threads/work.jsonl#0 [user]")
    answer = hits[found.index("threads/race.jsonl#6 [user]")]
    assert answer.explain is not None and answer.explain["session"] > answer.explain["bm25"]


def test_a_when_question_prefers_the_turn_that_says_when(workspace: Path) -> None:
    """Issue 26: "when ...?" is answered by a date, which the question cannot name: of
    the turns its words find, one holding a time expression counts twice."""
    day = "2026-01-02T10:00:00Z"
    log(
        workspace / "threads" / "chat.jsonl",
        ("Jonas", "the exam was brutal", day),
        ("Ines", "poor you", day),
        ("Ines", "lunch?", day),
        ("Jonas", "they said exam scores are posted sometime in November", day),
    )
    assert sources(workspace, "When does Jonas hear about the exam?", recency=False)[0] == (
        "threads/chat.jsonl#3 [user]"
    )
    # A question that does not ask when is ranked by its words alone.
    assert sources(workspace, "How was the exam for Jonas?", recency=False)[0] == (
        "threads/chat.jsonl#0 [user]"
    )


@pytest.mark.parametrize(
    "said",
    [
        "the caterer could only do the lunch at 12:30",
        "the lunch is on 17 may",
        "the lunch is not before 2027",
        "the lunch moves from march",
        "the lunch is 10 days off",
    ],
)
def test_a_clock_a_year_a_day_before_may_or_a_span_is_a_time(workspace: Path, said: str) -> None:
    """Issue 26 (rank15): "so 12:30 it is", "ya. 17 may", "not before 2027", "going
    freelance from march", "10 days off" answer "when" as a weekday or "in November"
    does, and count twice for it (`by_time`) over a shorter turn holding the same words
    and no time."""
    day = "2026-01-02T10:00:00Z"
    log(
        workspace / "threads" / "chat.jsonl",
        ("Ines", said, day),
        ("Jonas", "the lunch", day),
    )
    log(workspace / "threads" / "other.jsonl", *[("Jonas", f"note {n}", day) for n in range(8)])
    found = sources(workspace, "When is the lunch?", recency=False)
    assert found[0] == "threads/chat.jsonl#0 [user]"


def test_two_words_of_the_question_are_found_written_as_one(workspace: Path) -> None:
    """Issue 26 (recall21): "Where is the front end hosted now?" is answered by "frontend
    is off Fly, it's on Cloudflare Pages", which holds neither "front" nor "end": the two
    words side by side are looked up as one word too (`_joined`), as a term of the
    question, and it ranks above the turns holding one of them; --explain names it."""
    day = "2026-01-02T10:00:00Z"
    log(
        workspace / "threads" / "infra.jsonl",
        ("Matteo", "frontend is off Fly, it's on Cloudflare Pages", day),
        ("Ana", "nice", day),
    )
    log(
        workspace / "threads" / "other.jsonl",
        *[("Ana", f"the front desk note {n}, to the end", day) for n in range(3)],
    )
    ws, config = open_ws(workspace)
    found = recall(ws, config, "Where is the front end hosted now?", recency=False, explain=True)
    assert found.hits[0].source == "threads/infra.jsonl#0 [user]"
    assert [m["term"] for m in found.hits[0].explain["matched"]] == ["frontend"]


def test_two_names_or_a_stop_word_are_not_joined_into_one_word(workspace: Path) -> None:
    """Review 29 F7: "who leads the frontend, Kim Lee?" is not about the address
    kimlee@example.com: two words capitalised inside a sentence are names, not one word
    split in two. Nor is "Where is the front end" about @thefront: a stop word joins no
    pair (mutation J2)."""
    day = "2026-01-02T10:00:00Z"
    log(
        workspace / "threads" / "team.jsonl",
        ("Ana", "The inbox for kimlee@example.com is full.", day),
        ("Ana", "@thefront posted again, ignore it", day),
        ("Ana", "nice weather", day),
    )
    assert sources(workspace, "who leads the frontend, Kim Lee?", recency=False) == []
    assert sources(workspace, "Where is the front end hosted now?", recency=False) == []


def test_a_dated_turn_past_the_fiftieth_of_its_speakers_turns_is_read_for_its_time(
    workspace: Path,
) -> None:
    """Issue 26 (recall21): in a two-person chat each of Walter's turns matches "When did
    Walter fall over in his garden?" by his name alone and ties with the rest; the one
    that answers ("it was Monday, I went over on the lawn") holds no other word of the
    question and stood below the 50 best that `by_time` read. TIME_CANDIDATES (75) reads
    it, and its weekday counts twice."""
    day = "2026-01-02T10:00:00Z"
    turns = []
    for n in range(60):
        turns += [("Lydia", f"and the shopping list {n}", day), ("Walter", f"fine love {n}", day)]
    turns += [
        ("Lydia", "what happened", day),
        ("Walter", "it was Monday, I went over on the lawn", day),
    ]
    log(workspace / "threads" / "calls.jsonl", *turns)
    found = sources(workspace, "When did Walter fall over in his garden?", recency=False)
    assert found[0] == "threads/calls.jsonl#121 [user]"


def test_a_when_question_lends_the_dated_reply_more_of_the_turn_it_answers(
    workspace: Path,
) -> None:
    """Issue 26: "i picked him up on the 8th" answers "on what date did Chowder go home
    with Dana?" a turn after the one that names Chowder, and holds none of its words: for
    a "when" question a turn that says a time is lent TIME_NEIGHBOUR_WEIGHT of its
    neighbour's score (0.6, not 0.4), so that, counted twice for its time, it outranks the
    turn it answers. Any other question lends as before."""
    day = "2026-01-02T10:00:00Z"
    log(
        workspace / "threads" / "chat.jsonl",
        ("Ines", "did jonas pick up the foster puppy already", day),
        ("Jonas", "yes, on the 8th", day),
    )
    log(workspace / "threads" / "other.jsonl", *[("Jonas", f"note {n}", day) for n in range(8)])
    asked = sources(workspace, "When did Jonas pick up the foster puppy?", recency=False)
    assert asked[0] == "threads/chat.jsonl#1 [user]"
    plain = sources(workspace, "Did Jonas pick up the foster puppy?", recency=False)
    assert plain[0] == "threads/chat.jsonl#0 [user]"


def test_a_short_reply_that_says_a_value_gets_the_words_of_the_turn_before(
    workspace: Path,
) -> None:
    """Issue 26 (rank10): a short turn that says a value ("640 with parts") after one of the
    best turns gets REPLY_FIELD of that turn's own score as a field of its words
    (`explain.before`), under BM25 alone; a short turn that says none ("lol") gets
    nothing, nor a long one. The score still adds up as --explain says."""
    from memctl.retrieval.recall import REPLY_FIELD

    day = "2026-01-02T10:00:00Z"
    log(
        workspace / "threads" / "chat.jsonl",
        ("Ana", "the garage sent the quote for the van repair", day),
        ("Ben", "640 with parts", day),
        ("Ana", "the van repair is booked", day),
        ("Ben", "lol", day),
        ("Ana", "and the van repair got me thinking about selling it", day),
        ("Ben", "honestly I would keep driving it until the wheels fall off, 3 more years", day),
    )
    log(workspace / "threads" / "other.jsonl", *[("Ben", f"note {n}", day) for n in range(8)])
    ws, config = open_ws(workspace)
    found = recall(ws, config, "What did the van repair cost?", recency=False, explain=True)
    by_entry = {hit.entry: hit.explain for hit in found.hits if hit.path == "threads/chat.jsonl"}
    assert by_entry[1]["before"] == pytest.approx(REPLY_FIELD * by_entry[0]["bm25"], rel=1e-3)
    assert by_entry[1]["before"] > 0
    assert by_entry[3]["before"] == 0  # "lol": no value
    assert by_entry[5]["before"] == 0  # a value, but no short turn
    for explained in by_entry.values():
        made = (explained["bm25"] + explained["before"] + explained["neighbour"]) * explained[
            "time"
        ] + explained["session"]
        assert made == pytest.approx(explained["score"], rel=1e-3)


def test_the_turn_before_reaches_a_short_reply_over_an_interjection(workspace: Path) -> None:
    """Issue 26 (rank11): an interjection ("ugh": no content word beyond
    INTERJECTION_WORDS, no value) is passed over, and the short reply after it that says
    the time asked gets the field of the turn before the interjection; a turn between
    that says more ("the van is still at the garage") is no interjection, and the reply
    after it gets nothing."""
    from memctl.retrieval.recall import REPLY_FIELD

    day = "2026-01-02T10:00:00Z"
    log(
        workspace / "threads" / "a.jsonl",
        ("Ana", "the plumber cannot fix the boiler on monday", day),
        ("Ben", "ugh", day),
        ("Ana", "he can come wednesday the 9th", day),
    )
    log(
        workspace / "threads" / "b.jsonl",
        ("Ana", "the plumber cannot fix the boiler on monday", day),
        ("Ben", "the van is still stuck at the garage", day),
        ("Ana", "he can come wednesday the 9th", day),
    )
    log(workspace / "threads" / "other.jsonl", *[("Ben", f"note {n}", day) for n in range(8)])
    ws, config = open_ws(workspace)
    found = recall(ws, config, "When will the plumber fix the boiler?", recency=False, explain=True)
    explained = {(hit.path, hit.entry): hit.explain for hit in found.hits}
    over = explained[("threads/a.jsonl", 2)]
    assert over["before"] == pytest.approx(
        REPLY_FIELD * explained[("threads/a.jsonl", 0)]["bm25"], rel=1e-3
    )
    assert explained[("threads/a.jsonl", 1)]["before"] == 0
    assert explained[("threads/b.jsonl", 2)]["before"] == 0
    ranked = [(hit.path, hit.entry) for hit in found.hits]
    assert ranked.index(("threads/a.jsonl", 2)) < ranked.index(("threads/b.jsonl", 2))


def test_a_short_reply_gets_the_turn_before_only_for_the_kind_of_value_asked(
    workspace: Path,
) -> None:
    """Issue 26 (rank11): the value must be of the kind the question asks for
    (`asked_value`): after the same turn, a short reply that names a place ("at the
    Mill Road garage") is lent its words for "where", a short reply that says a time
    ("tomorrow afternoon") is not, and for "when" the other way round."""
    day = "2026-01-02T10:00:00Z"
    log(
        workspace / "threads" / "a.jsonl",
        ("Ana", "the van repair is finally getting sorted", day),
        ("Ben", "at the Mill Road garage", day),
    )
    log(
        workspace / "threads" / "b.jsonl",
        ("Ana", "the van repair is finally getting sorted", day),
        ("Ben", "tomorrow afternoon", day),
    )
    log(workspace / "threads" / "other.jsonl", *[("Ben", f"note {n}", day) for n in range(8)])
    ws, config = open_ws(workspace)

    def before(question: str) -> dict[str, float]:
        found = recall(ws, config, question, recency=False, explain=True)
        return {hit.path: hit.explain["before"] for hit in found.hits if hit.entry == 1}

    where = before("Where is the van repair being done?")
    assert where["threads/a.jsonl"] > 0
    assert where["threads/b.jsonl"] == 0
    when = before("When is the van repair happening?")
    assert when["threads/a.jsonl"] == 0
    assert when["threads/b.jsonl"] > 0


@pytest.mark.parametrize(
    "question",
    [
        "What are the dates of the kayak trip?",
        "What is the kayak trip's start date?",
        "What was the deadline for the kayak trip?",
        "What is Ines's last day before the kayak trip?",
        "How soon is the kayak trip?",
        "How many days is the kayak trip?",
        "Ever since when has the kayak trip been planned?",
    ],
)
def test_a_date_asked_for_by_name_prefers_the_turn_that_says_when(
    workspace: Path, question: str
) -> None:
    """Issue 26: a question asks when without "when": "what are the dates of ...", "what
    is the start date", "the deadline", "the last day", "how soon", "how many days": of
    the turns its words find, one holding a time expression counts twice. A question that
    names a date as no thing asked for ("who did Ines date?") is ranked by its words."""
    day = "2026-01-02T10:00:00Z"
    log(
        workspace / "threads" / "chat.jsonl",
        ("Ines", "booked the kayak trip", day),
        ("Jonas", "nice", day),
        ("Jonas", "lunch?", day),
        ("Ines", "the kayak trip runs from the 12th to the 16th", day),
    )
    log(workspace / "threads" / "other.jsonl", *[("Jonas", f"note {n}", day) for n in range(8)])
    assert sources(workspace, question, recency=False)[0] == "threads/chat.jsonl#3 [user]"
    assert sources(workspace, "Who did Ines date on the kayak trip?", recency=False)[0] == (
        "threads/chat.jsonl#0 [user]"
    )


@pytest.mark.parametrize(
    ("question", "answer", "other"),
    [
        (
            "Where did Ines go on the kayak trip?",
            "the kayak trip went to Porto",
            "the kayak trip went so well",
        ),
        (
            "How many kayaks did the trip need?",
            "the trip needed 12 kayaks in all",
            "the trip needed kayaks, sadly",
        ),
        (
            "Who did Ines take on the kayak trip?",
            "the kayak trip, i took my brother",
            "the kayak trip was such fun",
        ),
        (
            "What kind of boat did the kayak trip use?",
            "the kayak trip used a wooden boat",
            "the kayak trip used the boat",
        ),
        (
            "What is the name of the kayak trip's guide?",
            "the kayak trip guide is Marco, patient",
            "the kayak trip guide was very patient",
        ),
    ],
)
def test_a_question_prefers_the_turn_that_holds_its_kind_of_answer(
    workspace: Path, question: str, answer: str, other: str
) -> None:
    """Issue 26: "where", "how many", "who", "what kind", "what name" are answered by a
    place, a number, a person, a kind, a name, which the question cannot say: of the
    turns its words find, one holding such an answer counts 1 + ANSWER_WEIGHT times,
    above a shorter one that BM25 alone ranks first. A question asking for none of
    these is ranked by its words alone."""
    day = "2026-01-02T10:00:00Z"
    log(
        workspace / "threads" / "chat.jsonl",
        ("Ines", other, day),
        ("Jonas", "nice", day),
        ("Jonas", "lunch?", day),
        ("Ines", answer, day),
    )
    log(workspace / "threads" / "other.jsonl", *[("Jonas", f"note {n}", day) for n in range(8)])
    assert sources(workspace, question, recency=False)[0] == "threads/chat.jsonl#3 [user]"
    plain = question.replace("Where did", "Why did").replace("How many", "Why")
    for asks in ("Who did", "What kind of", "What is the name of"):
        plain = plain.replace(asks, "Why did")
    assert sources(workspace, plain, recency=False)[0] == "threads/chat.jsonl#0 [user]"


def test_before_or_after_something_prefers_what_was_said_on_that_side(workspace: Path) -> None:
    """Issue 26: "where did Maya work after joining the startup?" is answered after the
    turn that says she joined: the turns said after it weigh 1.5 times (by_order), so a
    longer turn there outranks a shorter one said before; "before" the other way round,
    and a question without either is ranked by its words ("named after" orders nothing)."""
    (workspace / "memctl.yaml").write_text(BM25_ONLY, encoding="utf-8")
    log(
        workspace / "threads" / "jan.jsonl",
        ("Maya", "I work at the bank in town", "2025-01-10T18:00:00Z"),
    )
    log(
        workspace / "threads" / "mar.jsonl",
        ("Maya", "joining the startup today", "2025-03-10T18:00:00Z"),
    )
    log(
        workspace / "threads" / "may.jsonl",
        ("Maya", "I work at the cafe by the river now", "2025-05-10T18:00:00Z"),
    )
    log(
        workspace / "threads" / "other.jsonl",
        *[("Jonas", f"note {n}", "2025-02-01T18:00:00Z") for n in range(8)],
    )
    jan, may = "threads/jan.jsonl#0 [user]", "threads/may.jsonl#0 [user]"

    def order(question: str) -> bool:
        found = sources(workspace, question, recency=False)
        return found.index(jan) < found.index(may)

    assert order("Where did Maya work?")
    assert not order("Where did Maya work after joining the startup?")
    assert order("Where did Maya work before joining the startup?")
    assert order("Where did Maya work, at a place named after the startup?")


def test_the_first_of_what_changed_prefers_the_older_of_the_best(workspace: Path) -> None:
    """Issue 26 (recall22): "what was the original quote?" is answered by the quote said
    before the later one, which holds the question's words as well or better: the best
    candidates weigh 1 + 0.5 x how much older they are (by_first). Asked for the current
    state, or with no such word, the words rank them."""
    (workspace / "memctl.yaml").write_text(BM25_ONLY, encoding="utf-8")
    log(
        workspace / "threads" / "feb.jsonl",
        ("Lara", "the shop quoted me 180 euro for the laptop keyboard", "2025-02-10T18:00:00Z"),
    )
    log(
        workspace / "threads" / "apr.jsonl",
        ("Lara", "a new quote for the laptop, 90 euro", "2025-04-10T18:00:00Z"),
    )
    log(
        workspace / "threads" / "other.jsonl",
        *[("Jonas", f"note {n}", "2025-03-01T18:00:00Z") for n in range(8)],
    )
    feb, apr = "threads/feb.jsonl#0 [user]", "threads/apr.jsonl#0 [user]"

    def older_first(question: str) -> bool:
        found = sources(workspace, question, recency=False)
        return found.index(feb) < found.index(apr)

    assert not older_first("What was the quote for Lara's laptop?")
    assert older_first("What was the original quote for Lara's laptop?")
    assert older_first("What did the laptop cost Lara to fix at first?")
    assert not older_first("What is the quote for Lara's laptop now, after the first one?")


def test_a_month_named_prefers_the_turns_dated_in_it(workspace: Path) -> None:
    """Issue 26: the session's date is on every turn, not in its words: "in September"
    (or "in the fall") weighs the turns dated then 1.5 times; "may" alone is a verb."""
    log(workspace / "threads" / "march.jsonl", ("Maya", "I cooked a curry", "2025-03-10T18:00:00Z"))
    log(
        workspace / "threads" / "sept.jsonl",
        ("Maya", "I cooked a big pot of curry for everyone", "2025-09-10T18:00:00Z"),
    )
    log(
        workspace / "threads" / "may.jsonl",
        ("Maya", "I cooked a big pan of curry for the team", "2025-05-10T18:00:00Z"),
    )
    march, sept, may = (f"threads/{name}.jsonl#0 [user]" for name in ("march", "sept", "may"))
    assert sources(workspace, "What curry did Maya cook?", recency=False)[0] == march
    assert sources(workspace, "What curry did Maya cook in September?", recency=False)[0] == sept
    assert sources(workspace, "What curry did Maya cook last fall?", recency=False)[0] == sept
    assert sources(workspace, "What curry did Maya cook in May?", recency=False)[0] == may
    assert sources(workspace, "What curry may Maya cook?", recency=False)[0] == march


def test_a_query_over_the_term_bound_is_cut_with_a_note(ws: Path) -> None:
    """Issue 26: a pasted document as a query is cut to MAX_QUERY_TERMS terms, said once."""
    from memctl.retrieval.recall import MAX_QUERY_TERMS

    ws_, config = open_ws(ws)
    words = " ".join(f"word{n}" for n in range(MAX_QUERY_TERMS + 500))
    result = recall(ws_, config, f"billing {words}")
    assert len(result.terms) == MAX_QUERY_TERMS
    assert [note for note in result.notes if "cut to its first 1,000" in note] == [result.notes[-1]]
    assert result.hits and result.hits[0].path in (
        "MEMORY.md",
        "threads/billing.jsonl",
        "memory/2026-01-05.md",
    )


def test_explain_shows_the_terms_fields_and_weights_that_make_a_score(workspace: Path, cli) -> None:
    """Issue 26: `recall --explain` says, for each hit, which terms matched in which
    field and how much each weighed; the weights add up to the score (of BM25's ranking:
    a hybrid's is an RRF sum)."""
    (workspace / "memctl.yaml").write_text(BM25_ONLY, encoding="utf-8")
    (workspace / "threads" / "chat.jsonl").write_bytes(
        encode_entry({"role": "user", "name": "Maya", "content": "a beagle? cute"})
        + encode_entry(
            {"role": "assistant", "name": "Theo", "content": "I adopted a beagle at the shelter"}
        )
        + b"".join(
            encode_entry({"role": "user", "name": "Lena", "content": f"nothing here {n}"})
            for n in range(3)
        )
    )
    run = cli("-w", workspace, "--json", "recall", "Theo beagle shelter", "--explain")
    assert run.exit_code == 0, run.stderr
    first = json.loads(run.stdout)["hits"][0]
    explain = first["explain"]
    assert [(m["term"], m["field"]) for m in explain["matched"]] == [
        ("theo", "speaker"),
        ("beagle", "text"),
        ("shelter", "text"),
    ]
    assert all(m["weight"] > 0 for m in explain["matched"])
    assert explain["fusion"] is None  # BM25 alone: there, as null (audit 3b)
    timed = (explain["bm25"] + explain["neighbour"]) * explain["time"]
    total = (timed + explain["session"]) * explain["recency"]
    assert total == pytest.approx(first["score"], rel=1e-3)
    text = cli("-w", workspace, "recall", "Theo beagle shelter", "--explain").stdout
    assert "matched: theo@speaker" in text.splitlines()[1]
    plain = cli("-w", workspace, "--json", "recall", "Theo beagle shelter")
    assert "explain" not in json.loads(plain.stdout)["hits"][0]


def test_a_huge_query_is_cut_to_its_first_thousand_words(ws: Path) -> None:
    """issue 24, item 15: a 600,000-term query held the MCP server for a minute, a
    200,000-word prompt the UserPromptSubmit hook for 8.5 s. The first 1,000 words count."""
    from memctl.retrieval.search import search

    words = " ".join(f"w{number}x" for number in range(20_000))
    root, config = open_ws(ws)
    found = recall(root, config, "billing database " + words)
    assert len(found.terms) == 1_000
    assert "the query was cut to its first 1,000 words" in found.notes
    assert "MEMORY.md:4" in [hit.source for hit in found.hits]
    searched = search(root, "billing " + words, mode="any", scope="all")
    assert len(searched.keywords) == 1_000
    assert "the query was cut to its first 1,000 words" in searched.notes


def test_a_superseded_fact_ranks_below_the_newer_value(workspace: Path) -> None:
    """ "staging is db3" matches the question better, but "moved to db7" was said later:
    the newer value takes its rank, and the stale one follows the facts said after it
    that the question matches through the same words (all but db7's say "staging
    database"), which rank newest first in the places they held."""
    memory = workspace / "memory"
    (memory / "2026-01-05.md").write_text(
        "## Memory Flush — 2026-01-05T09:00:00+00:00 · thread t · entries 0-1 · builtin\n\n"
        "- The staging database is db3; the staging database backups run nightly.\n"
        "- The staging database was slow on Monday, staging database tests timed out.\n"
    )
    (memory / "2026-01-06.md").write_text(
        "## Memory Flush — 2026-01-06T09:00:00+00:00 · thread t · entries 0-1 · builtin\n\n"
        "- The staging database upgrade is on 2026-02-01, staging database tests first.\n\n"
        "## Memory Flush — 2026-01-06T17:00:00+00:00 · thread t · entries 2-3 · builtin\n\n"
        "- Staging moved to db7.\n"
        "- The staging database upgrade was postponed to 2026-03-01.\n"
    )
    found = sources(workspace, "staging database", recency=False)
    # BM25 alone: 05.md:3 (db3), 05.md:4, 06.md:3 (on 02-01), 06.md:8, 06.md:7 (db7)
    assert found == [
        "memory/2026-01-06.md:7",
        "memory/2026-01-06.md:8",
        "memory/2026-01-06.md:3",
        "memory/2026-01-05.md:4",  # said after db3, in its block: a later line
        "memory/2026-01-05.md:3",
    ]
    # --explain: a fact put first has the score of its place, not of its own arithmetic
    ws, config = open_ws(workspace)
    explained = recall(ws, config, "staging database", recency=False, explain=True).hits
    placed = [hit for hit in explained if hit.explain and hit.explain["placed"] is not None]
    assert placed and all(hit.explain["placed"] == hit.score for hit in placed)
    for hit in explained:
        assert hit.explain is not None
        own = hit.explain["score"]
        assert (hit.explain["placed"] is None) == (own == pytest.approx(hit.score, rel=1e-3))


def test_a_thread_turn_a_later_turn_replaced_ranks_below_it(workspace: Path) -> None:
    """ "Staging is on db3" matches "where is staging" better; a later turn of the same
    thread moved it to db7: that turn takes its rank, the stale one right after it, and
    the other turns keep theirs."""
    turns = [
        "Where is staging? Staging is on db3.",
        "Lunch was good today.",
        "Last night the team moved the staging environment over to the new db7 host.",
    ]
    (workspace / "threads" / "ops.jsonl").write_bytes(
        b"".join(encode_entry({"role": "user", "content": turn}) for turn in turns)
    )

    found = sources(workspace, "where is staging", recency=False)

    # BM25 alone: #0 (db3), #2 (db7), #1
    assert found == [
        "threads/ops.jsonl#2 [user]",
        "threads/ops.jsonl#0 [user]",
        "threads/ops.jsonl#1 [user]",
    ]


def test_facts_are_ordered_by_when_they_were_said(workspace: Path) -> None:
    """A conversation imported later but said earlier is older: the ledger block's
    said span orders its facts, not the ledger's date."""
    memory = workspace / "memory"
    (memory / "2026-01-05.md").write_text(
        "## Memory Flush — 2026-01-05T09:00:00+00:00 · thread a · entries 0-1 · builtin"
        " · said 2024-06-01\n\n- Dana moved to Berlin.\n"
    )
    (memory / "2026-01-06.md").write_text(
        "## Memory Flush — 2026-01-06T09:00:00+00:00 · thread b · entries 0-1 · builtin"
        " · said 2023-04-01 to 2023-05-01\n\n- Dana lives in Lisbon, Dana says.\n"
    )
    found = sources(workspace, "Dana lives Lisbon", recency=False)
    assert found == ["memory/2026-01-05.md:3", "memory/2026-01-06.md:3"]


def test_the_newer_value_is_found_by_its_subject(workspace: Path) -> None:
    """The question's words are only in the stale fact: the newer one, about the same
    subject, is looked up and ranked where the stale one stood."""
    (workspace / "memory" / "2026-01-05.md").write_text("- Felix's home city is Lyon.\n")
    (workspace / "memory" / "2026-01-06.md").write_text(
        "- Felix relocated to Denver in the spring.\n- Felix visited Oslo.\n"
    )
    found = sources(workspace, "home city", recency=False)
    assert found == ["memory/2026-01-06.md:1", "memory/2026-01-05.md:1"]


@pytest.mark.parametrize(
    ("older", "newer", "question"),
    [
        # the newer fact holds none of the question's words: looked up by its subject
        (
            "- Kofi's phone number is 0161 496 0000.\n",
            "- Kofi can be contacted at 0161 496 0999 now.\n- Kofi visited Oslo.\n",
            "phone number",
        ),
        # a name's sort learned from the facts: Zsh is a shell
        (
            "- Kofi's favourite shell is Nushell.\n- Lin's favourite shell is Zsh.\n",
            "- Kofi prefers Zsh now.\n",
            "Kofi's favourite shell",
        ),
    ],
)
def test_the_newer_value_is_read_by_the_slot_consolidation_reads(
    workspace: Path, older: str, newer: str, question: str
) -> None:
    """Issue 25 item 3 (supersede8): recall looks a hit's later values up, and orders
    them, by `supersede.slot`, the reading consolidation uses: a later fact of the same
    generic slot ranks where the stale one stood."""
    (workspace / "memory" / "2026-01-05.md").write_text(older)
    (workspace / "memory" / "2026-01-06.md").write_text(newer)
    found = sources(workspace, question, recency=False)
    assert found[:2] == ["memory/2026-01-06.md:1", "memory/2026-01-05.md:1"]


def test_a_full_disk_is_not_a_corrupt_index(ws: Path) -> None:
    """Issue 24 item 14: ENOSPC (here EFBIG, the file-size limit SQLite's writes hit as a
    full disk) while the index is brought up to date leaves the good index in place, and
    recall answers from it."""
    import shutil

    from tests.support.helpers import run_memctl

    assert run_memctl(ws, "recall", "staging database").exit_code == 0
    index = ws / ".memctl" / "index.sqlite"
    size = index.stat().st_size
    filler = "".join(f"- filler line {i} about the weather and the garden\n" for i in range(5000))
    (ws / "memory" / "2026-01-06.md").write_text(filler, encoding="utf-8")
    prlimit = shutil.which("prlimit")
    assert prlimit, "prlimit (util-linux) is needed to limit the size of a file written"

    run = run_memctl(ws, "recall", "staging database", prefix=[prlimit, "--fsize=40000"])

    assert run.exit_code == 0, run.stderr
    assert "MEMORY.md:2" in run.stdout
    assert "rebuilding" not in run.stderr
    assert "cannot update the search index" in run.stderr
    assert index.stat().st_size == size  # the good index kept, not deleted
    assert run_memctl(ws, "recall", "weather garden").exit_code == 0  # indexed once there is room


def test_an_index_locked_by_another_program_is_not_a_corrupt_index(
    ws: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sqlite3

    from memctl.retrieval.index import store

    monkeypatch.setattr(store, "BUSY_SECONDS", 0.2)
    assert sources(ws, "staging database")[0] == "MEMORY.md:2"
    (ws / "memory" / "2026-01-06.md").write_text("- new ledger\n", encoding="utf-8")
    index = ws / ".memctl" / "index.sqlite"
    inode = index.stat().st_ino
    other = sqlite3.connect(index, isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")

        workspace, config = open_ws(ws)
        result = recall(workspace, config, "staging database")

        assert result.hits[0].source == "MEMORY.md:2"
        assert any("database is locked" in note for note in result.notes)
        assert not any("rebuilding" in note for note in result.notes)
        assert index.stat().st_ino == inode
        (files,) = other.execute("SELECT count(*) FROM files").fetchone()
        assert files >= 2
    finally:
        other.close()


def test_facts_the_query_matches_through_the_same_terms_rank_newest_first(
    workspace: Path,
) -> None:
    """Issue 25 item 3: whatever the wording, two facts that answer the question through
    the same words are put newest first in the places they held. BM25 alone ranks the
    older, shorter one first; a thread turn between them keeps its place."""
    (workspace / "memory" / "2026-01-05.md").write_text(
        "- Billing db backups go to the vault in Frankfurt.\n"
    )
    (workspace / "memory" / "2026-01-20.md").write_text(
        "- Billing db backups go to cold storage on tape in the basement of the Leeds"
        " office, says the ops rota for this quarter.\n"
    )
    (workspace / "threads" / "ops.jsonl").write_bytes(
        encode_entry({"role": "user", "content": "Do the billing backups go offsite?"})
    )
    found = sources(workspace, "what do billing db backups go to?", recency=False)
    assert found == [
        "memory/2026-01-20.md:1",
        "threads/ops.jsonl#0 [user]",
        "memory/2026-01-05.md:1",
    ]


def test_facts_whose_words_mostly_coincide_rank_newest_first(workspace: Path) -> None:
    """The newer fact lacks one of the question's words ("land"), but shares most of
    its content words with the older one: it ranks first all the same."""
    (workspace / "memory" / "2026-01-05.md").write_text("- The Atlas launch lands on 2027-01-05.\n")
    (workspace / "memory" / "2026-01-20.md").write_text(
        "- New date for the Atlas launch: 2027-02-01.\n"
    )
    found = sources(workspace, "When does the Atlas launch land?", recency=False)
    assert found == ["memory/2026-01-20.md:1", "memory/2026-01-05.md:1"]


def test_facts_alike_said_in_one_block_rank_the_later_line_first(workspace: Path) -> None:
    """Two facts of one flush block share its said time: the later line (a flush keeps
    the conversation's order) is the newer value, and ranks first (audit 3b: the
    README's own demo ranked "2026-12-15" above "2027-01-15 now")."""
    (workspace / "memory" / "2026-01-05.md").write_text(
        "## Memory Flush — 2026-01-05T10:00:00+00:00 · thread chat · said 2026-01-05\n\n"
        "- Dana: The migration deadline is 2026-12-15.\n"
        "- Dana prefers short answers.\n"
        "- Dana: After the call with the vendor the migration deadline moved to 2027-01-15.\n"
    )
    found = sources(workspace, "migration deadline", recency=False)
    assert found[:2] == ["memory/2026-01-05.md:5", "memory/2026-01-05.md:3"]


def test_the_later_value_of_the_subject_the_question_names_ranks_first(workspace: Path) -> None:
    """Issue 25 item 3, read by structure: the question names Chloe; the later fact about
    Chloe gives a value of the same sort (a name) in words the question does not use, and
    is put above the stale one. Facts that put a relative there, tell a past event or
    name another thing ("the Chloe wiki") give Chloe no value: none is put above the
    current one. (Since the home's verb class is read, "is from Lyon and lives there" is
    known stale: the facts alike with the pair are put newest first, and may pass the
    stale one, which is then last where it belongs.)"""
    memory = workspace / "memory"
    (memory / "2026-01-05.md").write_text("- Chloe is from Lyon and lives there.\n")
    (memory / "2026-01-06.md").write_text(
        "- Chloe's sister lives in Oslo.\n"
        "- Chloe loves living near the sea.\n"
        "- Chloe's friends are living in Rome.\n"
        "- Chloe spent a weekend in Porto.\n"
        "- The Chloe wiki moved to Zurich.\n"
        "- Chloe just moved to Tallinn.\n"
    )
    found = sources(workspace, "Where is Chloe living?", recency=False)
    stale = found.index("memory/2026-01-05.md:1")
    current = found.index("memory/2026-01-06.md:6")
    assert current < stale
    assert found.index("memory/2026-01-06.md:4") > current
    assert found.index("memory/2026-01-06.md:5") > current


def test_a_question_that_names_nothing_brings_in_only_facts_holding_all_it_matched(
    workspace: Path,
) -> None:
    """Without a name in the question, its words together are the subject: the later
    holder of the same role, said in words no rule reads, is put above the stale one;
    another role's holder is not moved. `limit=3` is the first 3 of the default's list
    (audit 15 H4): ranked at 3, the stale holder was its second."""
    memory = workspace / "memory"
    (memory / "2026-01-05.md").write_text(
        "- The release manager for payments is Amara.\n"
        + "".join(
            f"- Payments release checklist {n}: the payments release is signed off on Fridays.\n"
            for n in "abcd"
        )
        + "".join(f"- Office note {n}: the plants were watered.\n" for n in range(30))
    )
    (memory / "2026-01-06.md").write_text(
        "- Ravi is taking over as release manager for search.\n"
        "- Leila is taking over as release manager for payments at the start of the month,"
        " once the finance group has finished its handover meetings.\n"
    )
    question = "who is the release manager for payments?"
    found = sources(workspace, question)
    assert found[0] == "memory/2026-01-06.md:2"
    assert found.index("memory/2026-01-06.md:2") < found.index("memory/2026-01-05.md:1")
    assert sources(workspace, question, limit=3) == found[:3]
    ws, config = open_ws(workspace)
    other = next(
        hit
        for hit in recall(ws, config, question, explain=True).hits
        if hit.source == "memory/2026-01-06.md:1"
    )
    assert other.explain is not None and other.explain["placed"] is None


@pytest.mark.parametrize("thesaurus", [True, False])
def test_a_word_no_record_holds_is_looked_up_by_its_related_words(
    workspace: Path, thesaurus: bool
) -> None:
    """Issue 26: "car" and "purchase" are in no record, so BM25 alone finds nothing; the
    thesaurus (WordNet: "hatchback" is a kind of car) finds the turn that names it.
    `recall.thesaurus: false` turns it off."""
    (workspace / "memctl.yaml").write_text(
        f"{BM25_ONLY}  thesaurus: {str(thesaurus).lower()}\n", encoding="utf-8"
    )
    day = "2026-01-02T10:00:00Z"
    log(
        workspace / "threads" / "chat.jsonl",
        ("Ines", "the weather was awful all week", day),
        ("Ines", "we finally got the hatchback, a blue one", day),
        ("Jonas", "lunch on friday?", day),
    )
    found = sources(workspace, "What car did they purchase?", recency=False)
    assert found[:1] == (["threads/chat.jsonl#1 [user]"] if thesaurus else [])


def test_a_word_some_record_holds_is_not_expanded(workspace: Path) -> None:
    """Only what BM25 cannot match is looked up: "car" is in a record, so the turn that
    says "hatchback" (a kind of car) is not brought in by it."""
    day = "2026-01-02T10:00:00Z"
    log(workspace / "threads" / "chat.jsonl", ("Ines", "the car needs new tyres", day))
    log(
        workspace / "threads" / "other.jsonl",
        ("Jonas", "we finally got the hatchback, a blue one", day),
    )
    assert sources(workspace, "car", recency=False) == ["threads/chat.jsonl#0 [user]"]
    assert sources(workspace, "automobile", recency=False)[0] == "threads/chat.jsonl#0 [user]"


def test_recall_thesaurus_is_true_or_false(workspace: Path) -> None:
    from memctl.core.errors import ConfigError

    assert load_config(workspace / "memctl.yaml").recall.thesaurus is True
    (workspace / "memctl.yaml").write_text("recall:\n  thesaurus: maybe\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"recall\.thesaurus"):
        load_config(workspace / "memctl.yaml")


def test_explain_shows_the_related_word_that_matched_at_its_share(workspace: Path) -> None:
    """`recall --explain` of a hit found through the thesaurus names the related word
    that matched ("hatchback" for "car"), weighing THESAURUS_WEIGHT of what it would as
    a word asked; the weights still add up to the score."""
    from memctl.retrieval.recall import THESAURUS_WEIGHT

    (workspace / "memctl.yaml").write_text(BM25_ONLY, encoding="utf-8")
    day = "2026-01-02T10:00:00Z"
    log(
        workspace / "threads" / "chat.jsonl",
        ("Ines", "the weather was awful all week", day),
        ("Ines", "we finally got the hatchback, a blue one", day),
        ("Jonas", "lunch on friday?", day),
    )
    ws, config = open_ws(workspace)
    (hit, *_) = recall(ws, config, "car", recency=False, explain=True).hits
    (asked,) = recall(ws, config, "hatchback", recency=False, explain=True).hits[:1]
    assert hit.source == "threads/chat.jsonl#1 [user]"
    assert hit.explain is not None and asked.explain is not None
    assert [(m["term"], m["field"]) for m in hit.explain["matched"]] == [("hatchback", "text")]
    related = hit.explain["matched"][0]["weight"]
    assert related == pytest.approx(THESAURUS_WEIGHT * asked.explain["bm25"], rel=1e-3)
    timed = (hit.explain["bm25"] + hit.explain["neighbour"]) * hit.explain["time"]
    assert timed + hit.explain["session"] == pytest.approx(hit.score, rel=1e-3)


@pytest.mark.parametrize("options", [(), ("--json",), ("--explain",), ("--json", "--explain")])
@pytest.mark.parametrize("query", ["", "   "])
def test_an_empty_query_is_refused_in_one_line(ws: Path, cli, query: str, options) -> None:
    """A recall of nothing exited 1 with nothing said, where `search ""` exits 2 with
    "the query is empty": it is a caller's bug, not a question no record answers."""
    json_flag = ("--json",) if "--json" in options else ()
    rest = tuple(o for o in options if o != "--json")
    run = cli("-w", ws, *json_flag, "recall", query, *rest)
    assert run.exit_code == 2
    assert run.stderr.splitlines() == [
        "memctl: error: the query is empty: give a question or keywords to recall"
    ]


def test_an_empty_query_is_refused_by_the_tool_and_asks_nothing_of_the_hook(ws: Path) -> None:
    """memory_recall (`call` and the MCP server) answers an empty query with an error, as
    the CLI does; the UserPromptSubmit hook's recall of an empty prompt is no error."""
    from memctl.agents.hooks import recall as prompt_recall
    from memctl.core.errors import UsageError
    from memctl.turn.tools import run_tool

    root, config = open_ws(ws)
    with pytest.raises(UsageError, match="the query is empty"):
        recall(root, config, " \n")
    outcome = run_tool(root, config, "memory_recall", {"query": ""})
    assert outcome.is_error
    assert outcome.text == "Error: the query is empty: give a question or keywords to recall"
    assert prompt_recall(root, config, "  ") is None


def test_a_query_of_no_words_says_so_and_one_of_stop_words_is_looked_up(ws: Path, cli) -> None:
    """Punctuation alone is a query with nothing to look up: exit 1, as a search that
    matches nothing, with a line that says why; stop words alone are looked up."""
    run = cli("-w", ws, "recall", "?!")
    assert (run.exit_code, run.stdout) == (1, "")
    assert run.stderr.splitlines() == ["recall: the query has no words to look for"]
    assert cli("-w", ws, "recall", "over the").exit_code == 0  # "over spaces"


def test_a_heading_or_comment_line_is_never_a_hit(workspace: Path) -> None:
    """A heading is no memory: "## Dana" matched "Dana" better than the facts under it
    (its one word), a ledger's "## Memory Save — ..." stamp matched "save"; nor is
    memctl's marker comment (a user's own comment is: test_search_markers). The facts
    under them are found, and lent the heading's score."""
    (workspace / "memctl.yaml").write_text(BM25_ONLY, encoding="utf-8")
    (workspace / "MEMORY.md").write_text(
        "# Memory\n\n<!-- merged by memctl builtin (extractive, no LLM) -->\n\n## Dana\n\n"
        "- Dana bought a new automobile in March.\n- Dana's team saves on cloud costs.\n",
        encoding="utf-8",
    )
    (workspace / "memory" / "2026-01-05.md").write_text(
        "## Memory Save — 2026-01-05T09:00:00+00:00 · builtin\n\n- Dana likes tea.\n",
        encoding="utf-8",
    )
    for query in ("Dana", "memory save", "merged builtin Dana"):
        found = sources(workspace, query)
        assert found, query
        assert set(found) <= {"MEMORY.md:7", "MEMORY.md:8", "memory/2026-01-05.md:3"}, query
    assert sources(workspace, "Dana")[:2] == ["MEMORY.md:7", "MEMORY.md:8"]


@pytest.mark.parametrize(
    ("older", "newer", "question"),
    [
        # a compound that names the old value: no structure read, the values are
        (
            "- Ilse is employed by Brightwave.\n",
            "- Ilse handed in her notice at Brightwave; Northgate hired her.\n",
            "Which company employs Ilse?",
        ),
        # a subjectless sentence with a typed value of the hit's sort
        (
            "- The Kiwi service runs build 3.4 in prod.\n",
            "- Pushed the Kiwi service up to 3.9 after lunch.\n",
            "What build of the Kiwi service is live?",
        ),
        # a change cue, and a new name beside the old one the hit gives
        (
            "- Orla drives a Skoda Fabia.\n",
            "- Orla no longer has the Skoda Fabia; it is a Mazda MX-5 now.\n",
            "What car does Orla drive?",
        ),
    ],
)
def test_a_later_fact_of_the_asked_subject_read_without_its_structure_ranks_first(
    workspace: Path, older: str, newer: str, question: str
) -> None:
    """Issue 25 item 3 (supersede10): when the question names the subject and a hit gives
    it a value, a later fact about it whose sentence is not read by structure (a
    compound, no subject first, a past verb) still ranks above the hit when it says a
    value of the hit's sort with a sign of change: typed, a cue, or the hit's value
    named beside it."""
    (workspace / "memory" / "2026-01-05.md").write_text(older)
    (workspace / "memory" / "2026-01-06.md").write_text(newer)
    found = sources(workspace, question, recency=False)
    assert found[:2] == ["memory/2026-01-06.md:1", "memory/2026-01-05.md:1"]


@pytest.mark.parametrize(
    "newer",
    [
        "- Orla's brother has a Mazda MX-5 now.\n",  # a relative the hit does not speak of
        "- Orla had lunch with Tomasz at the Mazda dealer.\n",  # names, no sign of change
        "- Orla cycled 42 km to the coast now.\n",  # a cue, but no value of the hit's sort
    ],
)
def test_a_later_fact_of_the_asked_subject_without_a_sign_of_change_stays_below(
    workspace: Path, newer: str
) -> None:
    """The guards of the reading above: the hit that answers keeps its rank."""
    (workspace / "memory" / "2026-01-05.md").write_text("- Orla drives a Skoda Fabia.\n")
    (workspace / "memory" / "2026-01-06.md").write_text(newer)
    found = sources(workspace, "What car does Orla drive?", recency=False)
    assert found[0] == "memory/2026-01-05.md:1"


def test_a_word_in_capitals_is_the_subject_only_when_nothing_else_is_named() -> None:
    """ "ETA" is what is asked of the Pike release: the subject whose later facts are
    looked up is Pike (on the bench, "eta" was rarer than the name and was taken for it)."""
    from memctl.retrieval.recall import named_terms

    assert named_terms("What's the ETA for the Pike release?") == {"pike"}
    assert named_terms("Who is the DRI for Ledger?") == {"ledger"}
    assert named_terms("When does the new SLA start?") == {"sla"}


def test_recall_without_an_index_to_read_is_an_error_not_no_match(ws: Path, cli) -> None:
    """Audit 3b, 7: with the index unopenable (a folder in its place), recall exited 1,
    "no match", while search scanned the files and found the fact. Nothing can be
    ranked: exit 2, one line naming the problem."""
    index = ws / ".memctl" / "index.sqlite"
    index.unlink(missing_ok=True)
    index.mkdir(parents=True)
    done = cli("-w", ws, "recall", "billing")
    assert done.exit_code == 2
    (line,) = done.stderr.splitlines()
    assert line.startswith("memctl: error: recall needs the search index, which is unavailable:")
    assert "index.sqlite" in line and "`memctl search`" in line
    assert cli("-w", ws, "search", "billing").exit_code == 0


@pytest.mark.parametrize(
    ("question", "nouns", "degrees"),
    [
        ("Which city does Pavel live in now?", {"city"}, set()),
        ("What kind of dog did Raj adopt?", {"dog"}, set()),
        ("What athletic goal did Clara set?", {"athletic", "goal"}, set()),
        ("Which Tacoma neighborhood does Theo live in?", {"neighborhood"}, set()),
        ("Which neighbourhood of Leeds is the flat in?", {"neighbourhood"}, set()),
        ("What day and time does the band rehearse?", {"day"}, set()),
        ("How many hives does Hal keep?", set(), {"many"}),
        ("What happened to the apartment?", set(), set()),
        ("What does Pavel do for a living?", set(), set()),
        ("what did we decide about the cache", set(), set()),
        ("Which of the pieces got picked?", set(), set()),
    ],
)
def test_a_question_s_focus_is_the_noun_naming_what_it_asks_for(
    question: str, nouns: set[str], degrees: set[str]
) -> None:
    """The focus is the words after "what"/"which" up to an auxiliary, "and" or "of"
    (the complement of "kind of"), the subject's left out (names; every word before
    the head when the question names nothing else); "how" gives its degree word; a
    "what" followed by a verb or a stop word has none."""
    from memctl.retrieval.recall import focus_of

    assert focus_of(question) == (nouns, degrees)


def test_the_answer_names_one_of_the_kind_the_question_asks_for(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 26: "what goal does Olu have?" is answered by "i'm targeting four hours",
    which holds no "goal"; the turn that says "goal" is the one asking. The focus counts
    FOCUS_WEIGHT of a word asked and its related words (WordNet: "target") FOCUS_RELATED,
    so the answer ranks first; weighed as any word, the question's turn ranks above it. With
    `recall.thesaurus: false` no related word is looked up. `--explain` adds up."""
    import memctl.retrieval.recall as recall_module

    (workspace / "memctl.yaml").write_text(BM25_ONLY, encoding="utf-8")
    day = "2026-01-02T10:00:00Z"
    log(
        workspace / "threads" / "chat.jsonl",
        ("Dana", "any goal for the spring race?", day),
        ("Olu", "ugh no idea", day),
        ("Olu", "lunch on friday", day),
        ("Olu", "physio says build slow, so i'm targeting four hours", day),
        ("Dana", "smart", day),
    )
    log(workspace / "threads" / "other.jsonl", *[("Dana", f"note {n}", day) for n in range(8)])
    question = "What goal does Olu have?"
    ws, config = open_ws(workspace)
    (hit, *_) = recall(ws, config, question, recency=False, explain=True).hits
    assert hit.source == "threads/chat.jsonl#3 [user]"
    assert hit.explain is not None
    assert ("target", "text") in [(m["term"], m["field"]) for m in hit.explain["matched"]]
    timed = (hit.explain["bm25"] + hit.explain["neighbour"]) * hit.explain["time"]
    assert timed + hit.explain["session"] == pytest.approx(hit.score, rel=1e-3)
    (workspace / "memctl.yaml").write_text(f"{BM25_ONLY}  thesaurus: false\n", encoding="utf-8")
    assert sources(workspace, question, recency=False)[0] != "threads/chat.jsonl#3 [user]"
    (workspace / "memctl.yaml").write_text(BM25_ONLY, encoding="utf-8")
    monkeypatch.setattr(recall_module, "FOCUS_WEIGHT", 1.0)
    monkeypatch.setattr(recall_module, "FOCUS_RELATED", 0.0)
    found = sources(workspace, question, recency=False)
    assert found.index("threads/chat.jsonl#0 [user]") < found.index("threads/chat.jsonl#3 [user]")


def test_a_name_matched_in_the_speaker_field_weighs_the_same_in_a_short_or_long_turn(
    workspace: Path,
) -> None:
    """BM25F: the speaker's field is a name, as long in every record, so it is not
    normalised by the turn's length (postings.SPEAKER_B 0): Dana's long turn "i do taxes
    for a living ..." is matched by "Dana" as much as her "nerd", and the text's words
    still are (the same word in a longer text weighs less)."""
    (workspace / "memctl.yaml").write_text(BM25_ONLY, encoding="utf-8")
    day = "2026-01-02T10:00:00Z"
    log(
        workspace / "threads" / "chat.jsonl",
        ("Dana", "nerd", day),
        ("Olu", "i teach chemistry at the high school, the kids are great this year", day),
        ("Dana", "i do taxes for a living, so january to april is hell for me", day),
        ("Olu", "taxes and marathons", day),
    )
    ws, config = open_ws(workspace)
    weights = {
        hit.source: [m["weight"] for m in hit.explain["matched"]]
        for hit in recall(ws, config, "Dana", recency=False, explain=True).hits
        if hit.explain is not None and hit.explain["matched"]
    }
    assert weights["threads/chat.jsonl#0 [user]"] == weights["threads/chat.jsonl#2 [user]"]
    taxes = {
        hit.source: hit.explain["bm25"]
        for hit in recall(ws, config, "taxes", recency=False, explain=True).hits
        if hit.explain is not None
    }
    assert taxes["threads/chat.jsonl#3 [user]"] > taxes["threads/chat.jsonl#2 [user]"]


@pytest.mark.parametrize(
    ("said", "asking"),
    [
        ("and the rent?", True),
        ("how's your back", True),
        ("Where to", True),
        ("anyway. have you talked to marco", True),
        ("ok, did u get it", True),
        ("i know what you mean", False),
        ("you know what, fine", False),
        ("he did it again", False),
        ("rent is due?!", False),
        ("", False),
    ],
)
def test_a_turn_asks_when_it_ends_with_a_question_mark_or_opens_as_a_question(
    said: str, asking: bool
) -> None:
    from memctl.retrieval.recall import asks

    assert asks(said) is asking


def test_the_turn_after_a_question_is_lent_more_of_its_score(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 26: "and the rent?" / "a bit more than before, but there is a balcony": the
    answer holds none of the question's words and stands after the turn that asks, which
    lends it REPLY_WEIGHT of its score (`by_reply`), more than the NEIGHBOUR_WEIGHT a
    turn lends any neighbour: the answer then ranks above Lena's turn beside a longer
    statement about the rent. Without the lever it does not."""
    import memctl.retrieval.recall as recall_module

    (workspace / "memctl.yaml").write_text(BM25_ONLY, encoding="utf-8")
    day = "2026-01-02T10:00:00Z"
    log(
        workspace / "threads" / "chat.jsonl",
        ("Pavel", "rent rent rent, the rent is due", day),
        ("Lena", "that is so weird", day),
        ("Pavel", "anyway", day),
        ("Pavel", "ok", day),
        ("Pavel", "and the rent?", day),
        ("Lena", "a bit more than before, but there is a balcony", day),
        ("Pavel", "nice", day),
    )
    log(workspace / "threads" / "other.jsonl", *[("Olu", f"note {n}", day) for n in range(8)])
    question = "What about Lena and the rent?"
    answer, beside = "threads/chat.jsonl#5 [user]", "threads/chat.jsonl#1 [user]"
    found = sources(workspace, question, recency=False)
    assert found[0] == answer and found.index(answer) < found.index(beside)
    monkeypatch.setattr(recall_module, "REPLY_WEIGHT", 0.0)
    found = sources(workspace, question, recency=False)
    assert found.index(beside) < found.index(answer)


def test_a_word_few_records_hold_is_also_looked_up_by_its_related_words(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 26: "ride" is in one record of 400, so its evidence may well say it
    otherwise: its related words (WordNet: "bike") are looked up at THESAURUS_RARE_WEIGHT,
    and "i bought an e-bike" ranks first; with the weight 0 Mira's "thanks!" beside the
    turn that says "ride" does."""
    import memctl.retrieval.recall as recall_module

    (workspace / "memctl.yaml").write_text(BM25_ONLY, encoding="utf-8")
    day = "2026-01-02T10:00:00Z"
    log(
        workspace / "threads" / "chat.jsonl",
        ("Gerald", "if you ever need a ride, knock on my door", day),
        ("Mira", "thanks!", day),
        ("Mira", "and i bought an e-bike with my savings", day),
    )
    for number in range(40):
        log(
            workspace / "threads" / f"other{number}.jsonl",
            *[("Olu", f"note {number} {n} about the garden", day) for n in range(10)],
        )
    question = "What does Mira ride now?"
    assert sources(workspace, question, recency=False)[0] == "threads/chat.jsonl#2 [user]"
    monkeypatch.setattr(recall_module, "THESAURUS_RARE_WEIGHT", 0.0)
    assert sources(workspace, question, recency=False)[0] != "threads/chat.jsonl#2 [user]"


def test_no_redact_recall_says_it_ranks_redacted_text(cli, workspace: Path) -> None:
    """Audit 3b #12: the index's words are redacted whatever --no-redact says, so a
    secret is no word recall can match; it says so (exit 1, as for no match), where
    `--no-redact search` scans the text as written."""
    (workspace / "memctl.yaml").write_text(BM25_ONLY, encoding="utf-8")
    (workspace / "threads" / "ops.jsonl").write_bytes(
        encode_entry({"role": "user", "content": "the db password=Hunter2Swordfish ok"})
    )
    found = cli("-w", workspace, "--no-redact", "search", "Hunter2Swordfish", "--scope", "threads")
    assert found.exit_code == 0 and "Hunter2Swordfish" in found.stdout
    missed = cli("-w", workspace, "--no-redact", "recall", "Hunter2Swordfish")
    assert missed.exit_code == 1
    assert "recall ranks redacted text" in missed.stderr
    assert "--no-redact search" in missed.stderr
    # with hits, and a query that holds no secret: no note
    hit = cli("-w", workspace, "--no-redact", "recall", "db password")
    assert hit.exit_code == 0 and "redacted text" not in hit.stderr
    # a query holding a secret, though other words of it match: said
    secret = cli("-w", workspace, "--no-redact", "recall", "db password=Hunter2Swordfish")
    assert secret.exit_code == 0 and "recall ranks redacted text" in secret.stderr
    # redaction on: never said (recall and search agree there)
    assert "redacted text" not in cli("-w", workspace, "recall", "Hunter2Swordfish").stderr


def test_one_cjk_character_is_found_by_the_pairs_it_begins(cli, ws: Path) -> None:
    """Audit 3b #14: CJK is indexed as character pairs, so a one-character query was no
    word of the index (exit 1, while search found it). It is looked up by the pairs it
    begins; where it ends a run only, recall says search finds it."""
    (ws / "memctl.yaml").write_text(BM25_ONLY, encoding="utf-8")
    with (ws / "MEMORY.md").open("a", encoding="utf-8") as f:
        f.write("- 公司总部在上海\n- 这是总部\n")
    # 部署…, 总部在… ("部在"); not 这是总部, where it ends the run
    assert sorted(sources(ws, "部")) == ["MEMORY.md:6", "MEMORY.md:7"]
    assert sources(ws, "部署") == ["MEMORY.md:6"]  # pairs as before
    assert sources(ws, "鲸") == ["MEMORY.md:6"]  # 鲸方
    run = cli("-w", ws, "recall", "案")  # only at a run's end: 方案
    assert run.exit_code == 1
    assert "one-character CJK word" in run.stderr and "memctl search" in run.stderr
    assert cli("-w", ws, "search", "案").exit_code == 0


def test_fullwidth_letters_are_the_ascii_words(ws: Path) -> None:
    """Audit 3b #14: recall folds the query and the indexed text by NFKC, so a
    fullwidth word finds its ASCII spelling and the other way round."""
    (ws / "memctl.yaml").write_text(BM25_ONLY, encoding="utf-8")
    with (ws / "MEMORY.md").open("a", encoding="utf-8") as f:
        f.write(
            "- The migration deadline is 2027-01-15.\n- ＲＯＬＬＯＵＴ window is Ｍｏｎｄａｙ.\n"
        )
    assert sources(ws, "ＤＥＡＤＬＩＮＥ") == ["MEMORY.md:7"]
    assert sources(ws, "rollout monday") == ["MEMORY.md:8"]


def test_a_tool_echo_answers_only_with_the_questions_own_words(workspace: Path, cli) -> None:
    """audit 5 #9: a tool call (`Task({...})`) or a tool's output matched by a word the
    thesaurus lent ("version" -> "type", in `"subagent_type"`) is no answer: with
    nothing else, recall has no hit and exits 1, as it documents; asked in its own words
    ("subagent"), the echo is still found."""
    call = {
        "id": "call_1",
        "type": "function",
        "function": {
            "name": "Task",
            "arguments": json.dumps({"prompt": "List every caller", "subagent_type": "Explore"}),
        },
    }
    (workspace / "threads" / "s.jsonl").write_bytes(
        encode_entry({"role": "user", "content": "Find the callers of cart.total."})
        + encode_entry({"role": "assistant", "content": None, "tool_calls": [call]})
        + encode_entry({"role": "tool", "tool_call_id": "call_1", "content": "Found 3 kinds."})
    )
    for semantic in ("", BM25_ONLY):
        (workspace / "memctl.yaml").write_text(semantic)
        asked = cli("-w", workspace, "recall", "which redis version do we run")
        assert asked.exit_code == 1, asked.stdout
        assert asked.stdout == ""
        own = cli("-w", workspace, "recall", "subagent")
        assert own.exit_code == 0, own.stderr
        assert "Task(" in own.stdout


def test_a_tool_echo_brought_in_as_a_neighbour_is_no_hit(workspace: Path, cli) -> None:
    """Review 14 #14: the echoes that answer nothing are pruned from BM25's candidates
    (`_Echoes.pruned`), but the turns around the best matches join later
    (`with_context`): a tool call and its output beside the answer, holding no word
    asked, are read again as each hit is (`_hit`) and left out, on BM25 alone and
    fused with the semantic leg."""
    call = {
        "id": "call_1",
        "type": "function",
        "function": {"name": "Bash", "arguments": json.dumps({"command": "pwd"})},
    }
    (workspace / "threads" / "s.jsonl").write_bytes(
        encode_entry({"role": "user", "content": "Where does the deploy script live?"})
        + encode_entry({"role": "assistant", "content": None, "tool_calls": [call]})
        + encode_entry({"role": "tool", "tool_call_id": "call_1", "content": "/srv/app"})
        + encode_entry({"role": "assistant", "content": "The deploy script is in bin/."})
    )
    for semantic in ("", BM25_ONLY):
        (workspace / "memctl.yaml").write_text(semantic)
        run = cli("-w", workspace, "--json", "recall", "deploy script", "--limit", "10")
        assert run.exit_code == 0, run.stderr
        found = [hit["source"] for hit in json.loads(run.stdout)["hits"]]
        assert "threads/s.jsonl#3 [assistant]" in found
        assert not any(s.startswith(("threads/s.jsonl#1", "threads/s.jsonl#2")) for s in found)


@pytest.mark.parametrize("thesaurus", [True, False])
def test_a_hit_found_through_the_thesaurus_alone_answers_exit_0(
    workspace: Path, cli, thesaurus: bool
) -> None:
    """A record that holds no word asked but a word the thesaurus relates to one
    ("hatchback" for "car") is recall's answer, as the thesaurus is there to find it:
    exit 0, as for any hit; with the thesaurus off nothing answers: exit 1."""
    (workspace / "memctl.yaml").write_text(
        f"{BM25_ONLY}  thesaurus: {str(thesaurus).lower()}\n", encoding="utf-8"
    )
    log(
        workspace / "threads" / "chat.jsonl",
        ("Ines", "we finally got the hatchback, a blue one", "2026-01-02T10:00:00Z"),
    )
    run = cli("-w", workspace, "recall", "What car did they purchase?", "--explain")
    assert run.exit_code == (0 if thesaurus else 1), run.stdout
    assert ("hatchback@text" in run.stdout) is thesaurus


def test_the_questions_subject_is_read_once_a_recall(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Review 15 #9: the subject (`subject_of`, its names read with WordNet) was read by
    `focused` and again for `by_subject`, on the prompt hook's path; it is read once
    and handed to both, and still lifts the record holding it."""
    import memctl.retrieval.recall as recall_module

    (workspace / "memctl.yaml").write_text(BM25_ONLY)
    lines = [f"- Redis note {n}: the redis cache holds sessions." for n in range(6)]
    lines += ["- Tests run with uv run pytest.", "- We run Redis version 7.2 in production."]
    (workspace / "memory" / "2026-01-05.md").write_text("\n".join(lines) + "\n")
    read: list[str] = []

    def subject_of(query: str) -> set[str]:
        read.append(query)
        return original(query)

    original = recall_module.subject_of
    monkeypatch.setattr(recall_module, "subject_of", subject_of)
    found = sources(workspace, "which redis version do we run", recency=False)
    assert found[0] == "memory/2026-01-05.md:8"
    assert read == ["which redis version do we run"]


def test_by_subject_lifts_every_candidate_holding_the_subject(workspace: Path) -> None:
    """`by_subject` lifts each candidate holding the subject, those its own scan of the
    subject found (not looked up again: they hold it) as those the other words found,
    and no other."""
    import contextlib

    from memctl.retrieval.index import fresh_index, read_only
    from memctl.retrieval.index.postings import holding
    from memctl.retrieval.recall import _bm25, by_subject

    lines = [f"- Redis note {n}: the redis cache holds sessions." for n in range(8)]
    lines += ["- Tests run with uv run pytest.", "- We run Redis version 7.2 in production."]
    lines += [f"- Deploys run on day {n}." for n in range(3)]
    (workspace / "memory" / "2026-01-05.md").write_text("\n".join(lines) + "\n")
    ws = Workspace(workspace, "UTC")
    with fresh_index(ws, [], words=True), contextlib.closing(read_only(ws)) as conn:
        found = _bm25(conn, ["run"], "all", 5)  # every line saying "run"
        before = {c.record for c in found}
        ranked = by_subject(conn, ["redis", "run"], {"redis"}, found, "all", 6)
        records = [c.record for c in ranked]
        holds = {record for record, terms in holding(conn, ["redis"], records).items() if terms}
    lifted = {c.record for c in ranked if c.lifted is not None}
    assert lifted == holds
    assert lifted - before and lifted & before  # from the subject's scan and from the rest
