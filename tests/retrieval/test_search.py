"""`memctl search`: the matchMode rules, ordering, limits, scopes, skipped files, output.

The rules are the reference's matchMode rules (memctl/search.py): phrase is a
literal substring, all wants every whitespace-split keyword in one record, any wants one;
a record is one memory line or one thread entry; matching ignores case (non-ASCII too),
regex characters are literal, CJK is not split, dates are not parsed, repeated keywords
and extra whitespace do not count, a whitespace-only query matches nothing, and any other
mode value is an error. Exit codes follow grep: 0 a match, 1 none, 2 an error.
"""

from __future__ import annotations

import json
import os
import subprocess
import unicodedata
from pathlib import Path
from typing import Any

import pytest

import memctl.retrieval.search as engine
from memctl.cli.output import JSON_SCHEMA
from memctl.core.threads import encode_entry
from memctl.core.workspace import Workspace
from memctl.retrieval.search import DEFAULT_LIMIT, search
from tests.support.helpers import MEMCTL, on_pty


def put(root: Path, rel: str, text: str | bytes) -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


def log(root: Path, thread: str, entries: list[dict[str, Any]]) -> Path:
    """A thread log as memctl writes it (literal non-ASCII, one entry a line)."""
    return put(root, f"threads/{thread}.jsonl", b"".join(encode_entry(e) for e in entries))


def found(cli, root: Path, query: str, *options: object) -> list[tuple[str, Any]]:
    """(path, line or entry) of every hit, from the --json document."""
    run = cli("-w", root, "--json", "search", query, *options)
    assert run.exit_code in (0, 1), run.stderr
    document = json.loads(run.stdout)
    assert run.exit_code == (0 if document["hits"] else 1)
    return [
        (h["path"], h["line"] if h["kind"] == "memory" else h["entry"]) for h in document["hits"]
    ]


def lines_found(cli, root: Path, query: str, *options: object) -> list[int]:
    """Line numbers of the MEMORY.md hits."""
    return [line for path, line in found(cli, root, query, *options) if path == "MEMORY.md"]


# --------------------------------------------------------------------------- match modes

RECORDS = [
    "- Alice prefers tabs over spaces.",  # 1
    "- We deploy on Fridays; Alice approves.",  # 2
    "- spaces matter to Bob",  # 3
    "- 部署决定：使用蓝鲸方案",  # 4
    "- cost is $5 (a+b)*c [x] {y} ^start end$ a|b back\\slash .* ?",  # 5
    "- shipped 2026-06-01, one day after 昨天 was written",  # 6
    "- École Polytechnique, ДОМ на углу",  # 7
]


@pytest.fixture
def ws(workspace: Path) -> Path:
    put(workspace, "MEMORY.md", "\n".join(RECORDS) + "\n")
    return workspace


@pytest.mark.parametrize(
    ("query", "mode", "lines"),
    [
        # phrase: the literal text, words in that order, as a substring of one line.
        ("Alice prefers", "phrase", [1]),
        ("prefers Alice", "phrase", []),
        ("lice pref", "phrase", [1]),
        ("alice", "phrase", [1, 2]),
        ("tabs  over", "phrase", []),  # a phrase's spaces are literal too
        # all: every keyword in the same record, in any order.
        ("prefers Alice", "all", [1]),
        ("spaces alice", "all", [1]),
        ("alice bob", "all", []),  # on different lines: records are never combined
        # any: one keyword is enough; a record with several is listed once.
        ("alice bob", "any", [1, 2, 3]),
        ("spaces alice", "any", [1, 2, 3]),
        ("nothing-here nor-here", "any", []),
    ],
)
def test_match_modes(cli, ws, query, mode, lines):
    assert lines_found(cli, ws, query, "--mode", mode) == lines


def test_phrase_is_the_default_mode(cli, ws):
    assert lines_found(cli, ws, "prefers Alice") == []
    assert lines_found(cli, ws, "Alice prefers") == [1]


@pytest.mark.parametrize(
    ("record", "query"),
    [
        ("Alice Prefers", "aLICE pREFERS"),
        ("école", "ÉCOLE"),
        ("ÉCOLE", "école"),
        ("Дом", "ДОМ"),
        ("ДОМ", "дом"),
        ("straße", "STRASSE".lower().replace("ss", "ß")),
        ("ΣΟΦΙΑ", "σοφια"),
        # İ lower-cases to i + U+0307 and the Kelvin sign to k: an ASCII query must not
        # miss them because the scan lower-cases bytes (A-Z only) when it can.
        ("İstanbul", "İSTANBUL"),
        ("İstanbul", "i̇stanbul"),
        ("İ", "i"),
        ("line with İ", "\u0307"),
        ("5 \u212aelvin", "kelvin"),
        ("\u212a", "k"),
        ("kelvin", "\u212aELVIN"),
    ],
)
def test_case_is_ignored_also_outside_ascii(cli, workspace, record, query):
    put(workspace, "MEMORY.md", f"- 123\n- {record}\n- 456\n")
    run = cli("-w", workspace, "search", query)
    assert run.exit_code == 0, run.stderr
    assert run.stdout == f"MEMORY.md:2: - {record}\n"  # the line as written, not lowered
    for mode in ("all", "any"):
        assert lines_found(cli, workspace, query, "--mode", mode) == [2]


def test_a_plain_i_does_not_match_the_dotted_capital_i_as_a_word(cli, workspace):
    """İ lower-cases to two characters, so "istanbul" is not a substring of the lower-cased
    "İstanbul" (i, U+0307, stanbul): the rule is str.lower on both sides, nothing looser."""
    put(workspace, "MEMORY.md", "- İstanbul\n")
    assert lines_found(cli, workspace, "istanbul") == []
    assert lines_found(cli, workspace, "stanbul") == [1]


def test_line_numbers_stay_right_after_a_character_whose_lower_case_is_longer(cli, workspace):
    put(workspace, "MEMORY.md", "- İİİ İİ\n- plain\n- ÉCOLE near İzmir\n")
    run = cli("-w", workspace, "search", "école")
    assert run.stdout == "MEMORY.md:3: - ÉCOLE near İzmir\n"
    run = cli("-w", workspace, "search", "izmir")  # ASCII query, İ in the file
    assert run.exit_code == 1  # İzmir lower-cases to i̇zmir
    run = cli("-w", workspace, "search", "zmir")
    assert run.stdout == "MEMORY.md:3: - ÉCOLE near İzmir\n"


@pytest.mark.parametrize(
    "query", [".*", "(a+b)*c", "[x]", "{y}", "^start", "end$", "a|b", "back\\slash", "$5", "?"]
)
def test_regex_characters_are_literal(cli, ws, query):
    assert lines_found(cli, ws, query) == [5]
    assert lines_found(cli, ws, query, "--mode", "all") == [5]


def test_regex_escapes_are_not_interpreted(cli, ws):
    assert lines_found(cli, ws, "\\d") == []  # no line holds a backslash and a d
    assert lines_found(cli, ws, "a.b") == []  # the dot is a dot
    assert lines_found(cli, ws, "[ab]") == []


def test_chinese_is_not_split_into_words(cli, ws):
    # The reference's own example: "部署 蓝鲸" hits with all, not as a phrase.
    assert lines_found(cli, ws, "部署 蓝鲸", "--mode", "all") == [4]
    assert lines_found(cli, ws, "部署 蓝鲸") == []
    assert lines_found(cli, ws, "部署 蓝鲸", "--mode", "any") == [4]
    # Without whitespace it is one keyword: not adjacent in the record, so no hit.
    assert lines_found(cli, ws, "部署蓝鲸", "--mode", "all") == []
    assert lines_found(cli, ws, "部署蓝鲸", "--mode", "any") == []
    assert lines_found(cli, ws, "蓝鲸方案") == [4]


def test_dates_are_not_interpreted(cli, ws):
    assert lines_found(cli, ws, "2026-06-01") == [6]
    assert lines_found(cli, ws, "yesterday") == []
    assert lines_found(cli, ws, "2026-05-31") == []  # the day before is not "昨天"
    assert lines_found(cli, ws, "June 1") == []
    assert lines_found(cli, ws, "昨天") == [6]  # the word itself, literally


@pytest.mark.parametrize("mode", ["all", "any"])
def test_repeated_keywords_and_extra_whitespace_do_not_count(cli, ws, mode):
    plain = found(cli, ws, "alice spaces", "--mode", mode)
    assert plain
    for noisy in ("alice alice spaces", "  alice\t\tspaces  ", "\nALICE spaces Alice\u3000"):
        assert found(cli, ws, noisy, "--mode", mode) == plain


@pytest.mark.parametrize("query", [" ", "   ", "\t", "\n", " \t\n ", "\u3000", ""])
def test_a_whitespace_only_query_is_a_usage_error(cli, ws, query):
    """Issue 23: an empty query exited 1 (nothing matched) where the help says a bad query
    is 2; the stage still matches nothing for it (memory_search gets no hits)."""
    put(ws, "memory/2026-06-01.md", "- spaced   out\n\n \n")
    log(ws, "t", [{"role": "user", "content": "   "}, {"role": "user", "content": "a  b"}])
    error = "memctl: error: the query is empty: give a keyword to search for\n"
    for mode in ("phrase", "all", "any"):
        run = cli("-w", ws, "search", query, "--mode", mode, "--scope", "all")
        assert (run.exit_code, run.stdout, run.stderr) == (2, "", error)
    document = json.loads(cli("-w", ws, "--json", "search", query, "--mode", "any").stdout)
    assert document["exit_code"] == 2
    assert search(Workspace(ws), query, mode="any", scope="all").count == 0


@pytest.mark.parametrize("mode", ["", "PHRASE", "Phrase", "exact", "regex", " all", "any ", "none"])
def test_any_other_mode_is_an_error(cli, ws, snapshot, mode):
    before = snapshot(ws)
    run = cli("-w", ws, "search", "alice", "--mode", mode)
    assert run.exit_code == 2
    assert run.stdout == ""
    assert len(run.stderr.splitlines()) == 1
    assert "match mode" in run.stderr and "phrase, all or any" in run.stderr
    assert "Traceback" not in run.stderr
    assert snapshot(ws) == before
    run = cli("-w", ws, "--json", "search", "alice", "--mode", mode)
    assert run.exit_code == 2 and json.loads(run.stdout)["exit_code"] == 2


def test_the_module_treats_a_missing_mode_as_phrase_and_rejects_other_values(workspace):
    put(workspace, "MEMORY.md", "- b a\n- a b\n")
    assert [h.line for h in search(Workspace(workspace), "a b", mode=None).hits] == [2]
    for mode in ("", "ALL", 1):
        with pytest.raises(Exception, match="match mode"):
            search(Workspace(workspace), "a b", mode=mode)  # type: ignore[arg-type]


def test_any_is_not_ranked_order_and_limit_are_those_of_every_mode(cli, workspace):
    put(
        workspace,
        "MEMORY.md",
        "- red\n- blue\n- red blue green\n- green\n- red green\n- blue red green again\n",
    )
    every = found(cli, workspace, "red green blue", "--mode", "any", "--limit", "0")
    assert [line for _, line in every] == [1, 2, 3, 4, 5, 6]  # file order, not hit counts
    assert found(cli, workspace, "green blue red", "--mode", "any") == every  # keyword order
    first_two = found(cli, workspace, "red green blue", "--mode", "any", "--limit", "2")
    assert first_two == every[:2]  # lines 1 and 2, not the lines holding all three words
    assert found(cli, workspace, "red green blue", "--mode", "all") == [
        ("MEMORY.md", 3),
        ("MEMORY.md", 6),
    ]
    # One keyword: the three modes agree, under any limit.
    for limit in ("0", "1", "2"):
        results = {
            m: found(cli, workspace, "green", "-m", m, "-n", limit)
            for m in ("phrase", "all", "any")
        }
        assert results["phrase"] == results["all"] == results["any"]


# --------------------------------------------------------------------------- order, limit


def test_a_symlink_to_nothing_is_reported_not_searched(cli, workspace):
    put(workspace, "memory/2026-01-01.md", "- Deploys on Fridays.\n")
    (workspace / "memory" / "gone.md").symlink_to("nowhere.md")
    (workspace / "threads" / "gone.jsonl").symlink_to("nowhere.jsonl")
    run = cli("-w", workspace, "--json", "search", "fridays", "--scope", "all")
    assert run.exit_code == 0, run.stderr
    document = json.loads(run.stdout)
    assert [h["path"] for h in document["hits"]] == ["memory/2026-01-01.md"]
    assert document["skipped"] == [
        {"path": "memory/gone.md", "reason": "a symlink to nothing; not searched", "entry": None},
        {
            "path": "threads/gone.jsonl",
            "reason": "a symlink to nothing; not searched",
            "entry": None,
        },
    ]


def test_order_memory_md_then_memory_files_by_path_then_threads_by_id(cli, workspace):
    put(workspace, "MEMORY.md", "- x one\n- nothing\n- x two\n")
    put(workspace, "memory/2026-06-02.md", "- x newer\n")
    put(workspace, "memory/2025-12-31.md", "- x older\n- x older again\n")
    put(workspace, "memory/notes.md", "- x notes\n")
    put(workspace, "memory/archive/2020-01-01.md", "- x archived\n")
    put(workspace, "memory/readme.txt", "- x not markdown\n")
    put(workspace, "memory/.draft.md", "- x hidden\n")
    log(workspace, "zeta", [{"role": "user", "content": "x z0"}])
    log(
        workspace,
        "alpha",
        [
            {"role": "user", "content": "x a0"},
            {"role": "user", "content": "no"},
            {"role": "assistant", "content": "x a2"},
        ],
    )
    log(workspace, "Beta", [{"role": "user", "content": "x b0"}])

    assert found(cli, workspace, "x", "--scope", "all") == [
        ("MEMORY.md", 1),
        ("MEMORY.md", 3),
        ("memory/2025-12-31.md", 1),
        ("memory/2025-12-31.md", 2),
        ("memory/2026-06-02.md", 1),
        ("memory/notes.md", 1),
        ("threads/Beta.jsonl", 0),
        ("threads/alpha.jsonl", 0),
        ("threads/alpha.jsonl", 2),
        ("threads/zeta.jsonl", 0),
    ]
    with_archive = found(cli, workspace, "x", "--include-archive")
    assert ("memory/archive/2020-01-01.md", 1) in with_archive
    paths = [p for p, _ in with_archive]
    assert paths == ["MEMORY.md", "MEMORY.md", *sorted(paths[2:])]


def test_a_pipe_gets_every_hit_and_a_set_limit_cuts_quietly(cli, workspace):
    """Issue 23 item 8: in a pipe (and under --json) search prints every hit, as grep
    does, with nothing on stderr; the cap of 50 and its note are for a terminal
    (tests/system/test_script_safe.py runs that on a pty). A --limit a script sets cuts
    without a note, as grep -m does."""
    assert DEFAULT_LIMIT == 50  # the library's default, for callers that are not a pipe
    put(workspace, "MEMORY.md", "".join(f"- item {n}\n" for n in range(1, 61)))
    run = cli("-w", workspace, "search", "item")
    assert run.exit_code == 0
    assert run.stdout.splitlines() == [f"MEMORY.md:{n}: - item {n}" for n in range(1, 61)]
    assert run.stderr == ""
    document = json.loads(cli("-w", workspace, "--json", "search", "item").stdout)
    assert (document["count"], document["truncated"]) == (60, False)

    run = cli("-w", workspace, "search", "item", "--limit", "0")
    assert len(run.stdout.splitlines()) == 60 and run.stderr == ""
    run = cli("-w", workspace, "search", "item", "-n", "59")
    assert len(run.stdout.splitlines()) == 59 and run.stderr == ""
    document = json.loads(cli("-w", workspace, "--json", "search", "item", "-n", "3").stdout)
    assert (document["count"], document["truncated"]) == (3, True)


def test_the_limit_counts_memory_and_thread_hits_together(cli, workspace):
    put(workspace, "MEMORY.md", "- key one\n- key two\n")
    log(
        workspace,
        "t",
        [{"role": "user", "content": "key three"}, {"role": "user", "content": "key four"}],
    )
    assert found(cli, workspace, "key", "--scope", "all", "--limit", "3") == [
        ("MEMORY.md", 1),
        ("MEMORY.md", 2),
        ("threads/t.jsonl", 0),
    ]


@pytest.mark.parametrize("limit", ["-1", "many", "1.5"])
def test_a_bad_limit_is_an_error(cli, ws, limit):
    run = cli("-w", ws, "search", "alice", "--limit", limit)
    assert run.exit_code == 2 and run.stdout == ""


# --------------------------------------------------------------------------- scopes


@pytest.fixture
def mixed(workspace: Path) -> Path:
    put(workspace, "MEMORY.md", "- the gateway is nginx\n")
    put(workspace, "memory/archive/2020-01-01.md", "- the old gateway was haproxy\n")
    log(workspace, "ops", [{"role": "user", "content": "Which gateway do we run?"}])
    log(workspace, "dev", [{"role": "assistant", "content": "The gateway config lives in infra/."}])
    return workspace


def test_scopes(cli, mixed):
    assert found(cli, mixed, "gateway") == [("MEMORY.md", 1)]  # memory is the default
    assert found(cli, mixed, "gateway", "--scope", "memory") == [("MEMORY.md", 1)]
    assert found(cli, mixed, "gateway", "-s", "threads") == [
        ("threads/dev.jsonl", 0),
        ("threads/ops.jsonl", 0),
    ]
    assert found(cli, mixed, "gateway", "--scope", "all") == [
        ("MEMORY.md", 1),
        ("threads/dev.jsonl", 0),
        ("threads/ops.jsonl", 0),
    ]


@pytest.mark.parametrize("scope", ["", "thread", "everything", "ALL"])
def test_a_bad_scope_is_an_error(cli, mixed, scope):
    run = cli("-w", mixed, "search", "gateway", "--scope", scope)
    assert run.exit_code == 2 and run.stdout == "" and "scope" in run.stderr
    assert len(run.stderr.splitlines()) == 1


def test_include_archive(cli, mixed):
    assert found(cli, mixed, "haproxy") == []
    assert found(cli, mixed, "haproxy", "--include-archive") == [
        ("memory/archive/2020-01-01.md", 1)
    ]
    assert found(cli, mixed, "haproxy", "--scope", "threads", "--include-archive") == []


def test_thread_option_narrows_to_those_logs(cli, mixed):
    log(mixed, "qa", [{"role": "user", "content": "gateway tests"}])
    assert found(cli, mixed, "gateway", "--thread", "ops") == [("threads/ops.jsonl", 0)]
    assert found(cli, mixed, "gateway", "-t", "qa", "-t", "dev") == [
        ("threads/dev.jsonl", 0),
        ("threads/qa.jsonl", 0),
    ]
    assert found(cli, mixed, "gateway", "-t", "ops", "--scope", "all") == [
        ("MEMORY.md", 1),
        ("threads/ops.jsonl", 0),
    ]


@pytest.mark.parametrize("thread", ["../ops", "a/b", ".", "..", "", "x" * 129, "nope"])
def test_a_bad_thread_is_an_error(cli, mixed, snapshot, thread):
    before = snapshot(mixed)
    run = cli("-w", mixed, "search", "gateway", "--thread", thread)
    assert run.exit_code == 2, run.stdout
    assert run.stdout == "" and len(run.stderr.splitlines()) == 1
    assert "thread" in run.stderr
    assert snapshot(mixed) == before


# --------------------------------------------------------------------------- thread logs


def test_thread_search_matches_text_not_json_keys_or_roles(cli, workspace):
    log(
        workspace,
        "t",
        [
            {"role": "user", "content": "what is my role here?"},
            {"role": "assistant", "content": "You review the content."},
            {"role": "user", "content": "ok", "ts": "2026-06-01T10:00:00+00:00"},
            {"role": "tool", "tool_call_id": "call_77", "content": "42"},
        ],
    )
    assert found(cli, workspace, "role", "-s", "threads") == [("threads/t.jsonl", 0)]
    assert found(cli, workspace, "content", "-s", "threads") == [("threads/t.jsonl", 1)]
    assert found(cli, workspace, "user", "-s", "threads") == []
    assert found(cli, workspace, "assistant", "-s", "threads") == []
    assert found(cli, workspace, "2026-06-01", "-s", "threads") == []  # ts is not text
    assert found(cli, workspace, "call_77", "-s", "threads") == []
    assert found(cli, workspace, '"', "-s", "threads") == []  # JSON's quotes are not text
    assert found(cli, workspace, "role content", "-s", "threads", "-m", "all") == []


def test_thread_entries_are_records_content_parts_and_tool_calls_included(cli, workspace):
    call = {
        "id": "c1",
        "type": "function",
        "function": {"name": "deploy_service", "arguments": '{"env": "staging"}'},
    }
    log(
        workspace,
        "t",
        [
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "first part"},
                    {"type": "text", "text": "second part"},
                ],
            },
            {"role": "assistant", "content": None, "tool_calls": [call]},
            {"role": "user", "content": "alpha"},
            {"role": "user", "content": "beta"},
        ],
    )
    assert found(cli, workspace, "second part", "-s", "threads") == [("threads/t.jsonl", 0)]
    assert found(cli, workspace, "deploy_service", "-s", "threads") == [("threads/t.jsonl", 1)]
    assert found(cli, workspace, 'deploy_service({"env": "staging"})', "-s", "threads") == [
        ("threads/t.jsonl", 1)
    ]
    assert found(cli, workspace, "staging", "-s", "threads") == [("threads/t.jsonl", 1)]
    # all never combines two entries.
    assert found(cli, workspace, "alpha beta", "-s", "threads", "-m", "all") == []
    assert found(cli, workspace, "alpha beta", "-s", "threads", "-m", "any") == [
        ("threads/t.jsonl", 2),
        ("threads/t.jsonl", 3),
    ]


def test_compaction_records_are_searched_by_their_summary(cli, workspace):
    log(
        workspace,
        "t",
        [
            {"role": "user", "content": "tell me about the billing cutover"},
            {"type": "compaction", "summary": "We planned the billing cutover for May.", "cut": 1},
        ],
    )
    run = cli("-w", workspace, "search", "planned the billing", "--scope", "threads")
    assert run.stdout == "threads/t.jsonl#1 [compaction] We planned the billing cutover for May.\n"
    assert found(cli, workspace, "compaction", "-s", "threads") == []  # the type is a key's value
    assert found(cli, workspace, "billing cutover", "-s", "threads") == [
        ("threads/t.jsonl", 0),
        ("threads/t.jsonl", 1),
    ]


def test_logs_from_other_writers_with_escapes_are_found(cli, workspace):
    entries = [
        {"role": "user", "content": "le café est fermé"},
        {"role": "user", "content": "path a/b/c and 😀"},
        {"role": "user", "content": 'quote " and back\\slash'},
    ]
    lines = [
        json.dumps(entries[0]),
        json.dumps(entries[1]).replace("/", "\\/"),
        json.dumps(entries[2]),
    ]
    put(workspace, "threads/w.jsonl", "\n".join(lines) + "\n")
    assert "\\u00e9" in (workspace / "threads/w.jsonl").read_text()
    assert found(cli, workspace, "CAFÉ", "-s", "threads") == [("threads/w.jsonl", 0)]
    assert found(cli, workspace, "a/b/c", "-s", "threads") == [("threads/w.jsonl", 1)]
    assert found(cli, workspace, "😀", "-s", "threads") == [("threads/w.jsonl", 1)]
    assert found(cli, workspace, 'quote " and back\\slash', "-s", "threads") == [
        ("threads/w.jsonl", 2)
    ]


def test_a_phrase_spanning_a_line_break_matches_a_thread_entry_only(cli, workspace):
    put(workspace, "MEMORY.md", "- first line\n- second line\n")
    log(workspace, "t", [{"role": "user", "content": "first line\n- second line"}])
    assert found(cli, workspace, "first line\n- second", "--scope", "all") == [
        ("threads/t.jsonl", 0)
    ]


# --------------------------------------------------------------------------- skipped files


def test_malformed_log_lines_are_skipped_and_reported(cli, workspace):
    good = encode_entry({"role": "user", "content": "needle one"})
    later = encode_entry({"role": "user", "content": "needle two"})
    put(
        workspace,
        "threads/t.jsonl",
        good
        + b'{"role": "user", "content": "needle broken\n'
        + b'["needle", "array"]\n'
        + b"\n"
        + later,
    )
    run = cli("-w", workspace, "search", "needle", "--scope", "threads")
    assert run.exit_code == 0
    assert (
        run.stdout == "threads/t.jsonl#0 [user] needle one\nthreads/t.jsonl#4 [user] needle two\n"
    )
    stderr = run.stderr.splitlines()
    assert stderr[0].startswith("search: skipped threads/t.jsonl#1: invalid JSON")
    assert stderr[1] == "search: skipped threads/t.jsonl#2: not a JSON object"
    assert len(stderr) == 2
    document = json.loads(
        cli("-w", workspace, "--json", "search", "needle", "-s", "threads").stdout
    )
    assert [(s["path"], s["entry"]) for s in document["skipped"]] == [
        ("threads/t.jsonl", 1),
        ("threads/t.jsonl", 2),
    ]


def test_non_utf8_and_binary_files_are_skipped_and_other_hits_still_found(cli, workspace):
    put(workspace, "MEMORY.md", "- needle in MEMORY.md\n")
    latin1 = b"- needle in latin-1: caf\xe9\n"
    bad_log = b'{"role": "user", "content": "needle \xff"}\n'
    put(workspace, "memory/2026-01-01.md", latin1)
    put(workspace, "memory/2026-01-02.md", b"- needle\x00\x01\x02 binary\n")
    put(workspace, "memory/2026-01-03.md", "- needle in a good daily\n")
    put(workspace, "threads/bad.jsonl", bad_log)
    log(workspace, "good", [{"role": "user", "content": "needle in a thread"}])
    run = cli("-w", workspace, "search", "needle", "--scope", "all")
    assert run.exit_code == 0
    assert run.stdout.splitlines() == [
        "MEMORY.md:1: - needle in MEMORY.md",
        "memory/2026-01-03.md:1: - needle in a good daily",
        "threads/good.jsonl#0 [user] needle in a thread",
    ]
    assert run.stderr.splitlines() == [
        f"search: skipped memory/2026-01-01.md: not UTF-8 (byte {latin1.index(0xE9)})",
        "search: skipped memory/2026-01-02.md: binary file (NUL bytes)",
        f"search: skipped threads/bad.jsonl: not UTF-8 (byte {bad_log.index(0xFF)})",
    ]
    # Only memory is searched by default, so only the memory files are reported.
    run = cli("-w", workspace, "search", "needle")
    assert "threads/bad.jsonl" not in run.stderr and "2026-01-01.md" in run.stderr


def test_a_skipped_file_alone_means_no_match(cli, workspace):
    put(workspace, "memory/2026-01-01.md", b"- needle \xff\n")
    run = cli("-w", workspace, "search", "needle")
    assert (run.exit_code, run.stdout) == (1, "")
    assert "skipped memory/2026-01-01.md" in run.stderr


def test_symlinks_leading_out_of_the_workspace_are_skipped(cli, workspace, tmp_path):
    outside = tmp_path / "outside"
    put(outside, "secret.md", "- needle: the outside secret\n")
    put(outside, "log.jsonl", encode_entry({"role": "user", "content": "needle outside"}))
    put(workspace, "memory/2026-01-01.md", "- needle inside\n")
    (workspace / "memory" / "leak.md").symlink_to(outside / "secret.md")
    (workspace / "threads" / "leak.jsonl").symlink_to(outside / "log.jsonl")
    # A symlink that stays inside the workspace's memory is an ordinary file.
    (workspace / "memory" / "alias.md").symlink_to(workspace / "memory" / "2026-01-01.md")

    run = cli("-w", workspace, "search", "needle", "--scope", "all")
    assert run.exit_code == 0
    assert run.stdout.splitlines() == [
        "memory/2026-01-01.md:1: - needle inside",
        "memory/alias.md:1: - needle inside",
    ]
    assert "outside" not in run.stdout
    assert run.stderr.splitlines() == [
        "search: skipped memory/leak.md: symlink leading outside the workspace; not searched",
        "search: skipped threads/leak.jsonl: symlink leading outside the workspace; not searched",
    ]


def test_memory_md_symlinked_out_is_skipped(cli, workspace, tmp_path):
    put(tmp_path, "elsewhere.md", "- needle elsewhere\n")
    (workspace / "MEMORY.md").unlink()
    (workspace / "MEMORY.md").symlink_to(tmp_path / "elsewhere.md")
    run = cli("-w", workspace, "search", "needle")
    assert (run.exit_code, run.stdout) == (1, "")
    assert "skipped MEMORY.md: symlink leading outside" in run.stderr


@pytest.mark.parametrize("folder", ["memory", "threads"])
def test_a_symlinked_folder_leading_out_is_not_searched(cli, workspace, tmp_path, folder):
    """The files in it are not symlinks themselves; the folder is (get refuses it too)."""
    outside = tmp_path / "synced"
    put(outside, "2026-01-01.md", "- needle outside\n")
    put(outside, "t.jsonl", encode_entry({"role": "user", "content": "needle outside"}))
    (workspace / folder).rmdir()
    (workspace / folder).symlink_to(outside)
    run = cli("-w", workspace, "search", "needle", "--scope", "all")
    assert (run.exit_code, run.stdout) == (1, "")
    name = "2026-01-01.md" if folder == "memory" else "t.jsonl"
    assert f"skipped {folder}/{name}: symlink leading outside" in run.stderr


# --------------------------------------------------------------------------- output


def test_text_output_format(cli, workspace):
    put(workspace, "MEMORY.md", "- Deploys happen on Fridays.\n")
    put(
        workspace,
        "memory/2026-06-02.md",
        "## Memory Flush — 2026-06-02T10:00:00+00:00\n- friday freeze\n",
    )
    log(
        workspace,
        "ops",
        [
            {"role": "user", "content": "Is Friday ok?"},
            {"role": "assistant", "content": "Friday works.\n\nBut   not   after 4pm."},
        ],
    )
    run = cli("-w", workspace, "search", "friday", "--scope", "all")
    assert run.exit_code == 0 and run.stderr == ""
    assert run.stdout == (
        "MEMORY.md:1: - Deploys happen on Fridays.\n"
        "memory/2026-06-02.md:2: - friday freeze\n"
        "threads/ops.jsonl#0 [user] Is Friday ok?\n"
        "threads/ops.jsonl#1 [assistant] Friday works. But not after 4pm.\n"
    )


def test_long_records_are_shown_as_a_window_around_the_match(cli, workspace):
    words = " ".join(f"w{n}" for n in range(400))
    put(workspace, "MEMORY.md", f"- {words} NEEDLE {words}\n- short needle\n")
    log(workspace, "t", [{"role": "user", "content": f"{words} NEEDLE {words}"}])
    out = cli("-w", workspace, "search", "needle", "--scope", "all").stdout.splitlines()
    assert len(out) == 3
    memory_line, short, entry = out
    assert memory_line.startswith("MEMORY.md:1: …") and memory_line.endswith("…")
    assert "NEEDLE" in memory_line and len(memory_line) < 1100
    assert short == "MEMORY.md:2: - short needle"
    assert entry.startswith("threads/t.jsonl#0 [user] …") and "NEEDLE" in entry
    assert len(entry) < 300
    # --json keeps the whole record.
    document = json.loads(cli("-w", workspace, "--json", "search", "needle", "-s", "all").stdout)
    assert document["hits"][0]["text"] == f"- {words} NEEDLE {words}"


def test_json_document_shape(cli, workspace):
    put(workspace, "MEMORY.md", "- Tabs, said Alice.\n")
    put(workspace, "memory/2026-01-01.md", b"alice \xff\n")
    log(workspace, "t", [{"role": "assistant", "content": "Alice agreed."}])
    run = cli("-w", workspace, "--json", "search", "ALICE", "--scope", "all", "--mode", "any")
    assert run.exit_code == 0
    assert json.loads(run.stdout) == {
        "schema": JSON_SCHEMA,
        "query": "ALICE",
        "mode": "any",
        "scope": "all",
        "hits": [
            {
                "kind": "memory",
                "path": "MEMORY.md",
                "line": 1,
                "entry": None,
                "role": None,
                "text": "- Tabs, said Alice.",
                "corrected": None,
                "speaker": None,
            },
            {
                "kind": "thread",
                "path": "threads/t.jsonl",
                "line": None,
                "entry": 0,
                "role": "assistant",
                "text": "Alice agreed.",
                "corrected": None,
                "speaker": None,
            },
        ],
        "count": 2,
        "truncated": False,
        "skipped": [
            {"path": "memory/2026-01-01.md", "reason": "not UTF-8 (byte 6)", "entry": None}
        ],
    }
    run = cli("-w", workspace, "--json", "search", "nobody")
    assert run.exit_code == 1
    assert json.loads(run.stdout)["hits"] == []


def test_exit_codes(cli, ws):
    assert cli("-w", ws, "search", "alice").exit_code == 0
    assert cli("-w", ws, "search", "zebra").exit_code == 1
    assert cli("-w", ws, "search", "alice", "--mode", "fuzzy").exit_code == 2
    assert cli("-w", ws / "missing", "search", "alice").exit_code == 2


def test_search_writes_nothing_but_its_index(cli, ws, snapshot):
    """The index under .memctl/ is a cache search keeps (under the workspace lock, whose
    file stays); the memory itself is untouched."""
    log(ws, "t", [{"role": "user", "content": "alice"}])
    before = snapshot(ws, locks=False)
    assert cli("-w", ws, "search", "alice", "--scope", "all").exit_code == 0
    assert snapshot(ws, locks=False) == before
    assert (ws / ".memctl" / "index.sqlite").is_file()


# --------------------------------------------------------------------------- colour


def on_a_terminal(root: Path, *args: str, **env: str) -> str:
    """Run the installed memctl with stdout on a pseudo-terminal; what it printed there."""
    shown = on_pty(["-w", root, "search", *args], attach=["stdout"], env=env)
    assert shown.returncode == 0
    return shown.terminal.decode("utf-8").replace("\r\n", "\n")


def test_matches_are_highlighted_on_a_terminal_only(cli, workspace):
    put(workspace, "MEMORY.md", "- ÉCOLE first, then école again\n")
    log(workspace, "t", [{"role": "user", "content": "the École opens"}])
    shown = on_a_terminal(workspace, "école", "--scope", "all")
    assert shown == (
        "\x1b[35mMEMORY.md\x1b[0m\x1b[32m:1:\x1b[0m - \x1b[1;31mÉCOLE\x1b[0m first, then "
        "\x1b[1;31mécole\x1b[0m again\n"
        "\x1b[35mthreads/t.jsonl\x1b[0m\x1b[32m#0 [user]\x1b[0m the \x1b[1;31mÉcole\x1b[0m opens\n"
    )
    # Not a terminal (a pipe, the test runner): plain text.
    piped = subprocess.run(
        [str(MEMCTL), "-w", str(workspace), "search", "école", "--scope", "all"],
        capture_output=True,
        text=True,
        env={**os.environ, "TERM": "xterm-256color"},
        check=True,
    )
    assert "\x1b" not in piped.stdout
    assert (
        piped.stdout
        == "MEMORY.md:1: - ÉCOLE first, then école again\nthreads/t.jsonl#0 [user] the École opens\n"
    )
    assert "\x1b" not in cli("-w", workspace, "search", "école").stdout


@pytest.mark.parametrize(
    "env", [{"NO_COLOR": "1"}, {"TERM": "dumb"}]
)  # NO_COLOR="" counts as unset
def test_no_colour_with_no_color_or_a_dumb_terminal(workspace, env):
    put(workspace, "MEMORY.md", "- regex (a+b)* here\n")
    shown = on_a_terminal(workspace, "(a+b)*", **env)
    assert shown == "MEMORY.md:1: - regex (a+b)* here\n"


def test_highlight_treats_regex_characters_literally(workspace):
    put(workspace, "MEMORY.md", "- a.b and axb and a.b\n")
    shown = on_a_terminal(workspace, "a.b")
    assert shown.count("\x1b[1;31ma.b\x1b[0m") == 2 and "axb" in shown
    assert "\x1b[1;31maxb" not in shown


def test_highlight_marks_a_match_whose_fold_is_longer_or_shorter(workspace):
    """Review 29 F5: "strasse" found "Straße" (its fold "strasse" is a letter longer) but
    marked nothing, and an NFD "Müller" beside an "İ" (one letter shorter, one longer)
    was marked from the wrong place: each letter's place in the folded text is kept."""
    nfd = unicodedata.normalize("NFD", "Müller")
    put(workspace, "MEMORY.md", f"- Die Straße ist lang, İstanbul und {nfd} auch.\n")
    assert "\x1b[1;31mStraße\x1b[0m ist" in on_a_terminal(workspace, "STRASSE")
    assert f"und \x1b[1;31m{nfd}\x1b[0m auch" in on_a_terminal(workspace, "muller")


# --------------------------------------------------------------------------- big files


@pytest.mark.parametrize("chunk", [64, 1000])
def test_files_read_in_blocks_keep_line_and_entry_numbers(workspace, monkeypatch, chunk):
    """Large files are read in blocks cut at line ends (CHUNK_BYTES, 8 MB); a small block
    size puts many block boundaries into a small file."""
    monkeypatch.setattr(engine, "CHUNK_BYTES", chunk)
    lines = [
        f"- line {n} {'NEEDLE' if n % 7 == 0 else 'hay'} {'ж' * (n % 5)}" for n in range(1, 400)
    ]
    put(workspace, "MEMORY.md", "\n".join(lines) + "\n")
    entries = [
        {"role": "user", "content": f"entry {n} {'needle' if n % 9 == 0 else 'x'}"}
        for n in range(200)
    ]
    log(workspace, "t", entries)
    for query in ("needle", "NEEDLE ж"):  # the bytes path, and the text path (ж)
        result = search(Workspace(workspace), query, mode="all", scope="all", limit=0)
        want_lines = [n for n in range(1, 400) if n % 7 == 0 and ("ж" not in query or n % 5)]
        assert [h.line for h in result.hits if h.kind == "memory"] == want_lines
        assert all(h.text == lines[h.line - 1] for h in result.hits if h.kind == "memory")
        want_entries = [] if "ж" in query else [n for n in range(200) if n % 9 == 0]
        assert [h.entry for h in result.hits if h.kind == "thread"] == want_entries
        assert result.skipped == []


KEY_BODY = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC" * 2


@pytest.mark.parametrize("query", ["MI", "ANBgkq", "plain"])
@pytest.mark.parametrize("use_index", [True, False])
def test_a_scan_never_shows_a_line_of_a_private_key(workspace: Path, query, use_index) -> None:
    """The index redacts a memory file whole; a scan (a query under three characters, a
    file the index does not answer for) redacted each matching line alone, and a line of
    a key's body alone matches no pattern: `search MI` showed it."""
    (workspace / "MEMORY.md").write_text(
        f"- plain fact\n-----BEGIN PRIVATE KEY-----\n{KEY_BODY}\n-----END PRIVATE KEY-----\n"
        "- plain after, MIne\n",
        encoding="utf-8",
    )
    hits = search(Workspace(workspace), query, use_index=use_index, limit=0).hits
    assert not [hit for hit in hits if "MIIEvQ" in hit.text or "BEGIN" in hit.text]
    numbers = {"MI": [5], "ANBgkq": [], "plain": [1, 5]}[query]
    assert [hit.line for hit in hits] == numbers


def test_search_never_prints_a_key_body_appended_after_its_begin_line(cli, workspace: Path) -> None:
    """`memctl search` on the index: a BEGIN line indexed by one search, the body
    appended to the ledger afterwards (as a hook appends), then searched for a word of
    it. The append was indexed alone, its lines flagged clean, and printed as written."""
    ledger = put(workspace, "memory/2026-06-01.md", "- plain fact\n-----BEGIN PRIVATE KEY-----\n")
    assert found(cli, workspace, "plain") == [("memory/2026-06-01.md", 1)]
    with ledger.open("a", encoding="utf-8") as handle:
        handle.write(f"{KEY_BODY}\n")
    with ledger.open("a", encoding="utf-8") as handle:
        handle.write("-----END PRIVATE KEY-----\n- plain after\n")
    run = cli("-w", workspace, "search", "ANBgkq")
    assert (run.exit_code, run.stdout) == (1, "")
    assert "MIIEvQ" not in run.stderr
    assert found(cli, workspace, "plain") == [
        ("memory/2026-06-01.md", 1),
        ("memory/2026-06-01.md", 5),
    ]


@pytest.mark.parametrize("use_index", [True, False])
def test_a_scan_redacts_a_projects_own_pattern_across_lines(workspace: Path, use_index) -> None:
    """A project's own pattern may span lines as a private key does: a scan redacts such
    a file whole too, and shows what the index shows."""
    from memctl.core.redact import compile_patterns

    (workspace / "MEMORY.md").write_text(
        "- vault entry follows\nVAULT:\nMIsecretbody\n- MIne plain\n", encoding="utf-8"
    )
    redactor = compile_patterns((("vault", r"VAULT:\n\S+"),))
    hits = search(Workspace(workspace), "MI", use_index=use_index, limit=0, redactor=redactor).hits
    assert [(hit.line, hit.text) for hit in hits] == [(4, "- MIne plain")]
