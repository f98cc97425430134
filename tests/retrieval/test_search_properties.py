"""Property tests: search's fast scanner against a naive reference written here.

The engine (memctl/search.py) never looks at a line in Python unless its bytes matched:
it lower-cases whole blocks, switches between byte and text lower-casing, and reads
thread logs as raw JSONL with JSON-escaped needles. The reference below does the obvious
thing instead, record by record, straight from the matchMode rules: a memory line or a
thread entry's searchable text, lower-cased, holds the whole query (phrase), every
whitespace-split keyword (all) or one of them (any). Random small workspaces (mixed case,
the İ and Kelvin-sign folds, Greek sigma, CJK, regex characters, JSON escapes, CRLF,
logs written by memctl and by other JSON writers, malformed lines) are written to disk
and searched through the real file-scanning path, with small block sizes so that lines
and matches fall across block boundaries.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import memctl.retrieval.search as search_module
from memctl.core.threads import encode_entry, is_compaction, searchable_text
from memctl.core.workspace import Workspace
from memctl.retrieval.search import MODES, search

pytestmark = pytest.mark.slow

# Characters chosen to stress the scanner: ASCII letters that non-ASCII capitals fold to
# (İ -> i + U+0307, Kelvin sign -> k), letters with a case outside ASCII, Greek sigma
# (context-dependent lower case), caseless CJK, regex and JSON-special characters.
LETTERS = "aAbBiIkKsSzZ" + "İ\u212a\u0307éÉçÇдДжЖσςΣßẞ" + "部署蓝鲸方案😀"
# Control characters JSON escapes (\b \f \u0001) and Unicode whitespace (\x85, U+2028)
# that str.split() splits on but the scanner's line split does not.
SPECIALS = ".*+?()[]{}|^$\\\"/'-:#@_0129" + "\x01\x08\x0c\x85\u2028"
TEXT_CHARS = LETTERS + SPECIALS + " \t"
# Narrow alphabets make the rare cases common: the folds that defeat byte lower-casing,
# spellings only other JSON writers use, and the characters searchable_text joins with.
ALPHABETS = (
    TEXT_CHARS,
    "kKiIsS \u212aİ\u0307σςΣ'.",
    'aéÉ/\\"\x01 😀Д',
    "ab()\n \t",
)
QUERY_WHITESPACE = st.sampled_from([" ", "  ", "\t", " \n ", "\u3000"])

SETTINGS = settings(
    max_examples=300,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# --------------------------------------------------------------------------- corpus


@dataclass
class LogLine:
    """One line of a thread log: an entry (with how it is spelled) or raw junk."""

    entry: dict[str, Any] | None
    spelling: str  # memctl, ascii (\u escapes), slashes (\/), junk, blank


@dataclass
class Corpus:
    alphabet: str
    memory: dict[str, str] = field(default_factory=dict)  # relative path -> text
    threads: dict[str, list[LogLine]] = field(default_factory=dict)


def texts(alphabet: str) -> st.SearchStrategy[str]:
    return st.text(alphabet=alphabet.replace("\n", ""), max_size=30)


@st.composite
def memory_text(draw: st.DrawFn, alphabet: str) -> str:
    lines = draw(st.lists(texts(alphabet), max_size=6))
    ending = draw(st.sampled_from(["\n", "\r\n"]))
    body = ending.join(lines)
    return body + ending if lines and draw(st.booleans()) else body


@st.composite
def entries(draw: st.DrawFn, alphabet: str) -> dict[str, Any]:
    text = st.text(alphabet=alphabet, max_size=30)
    kind = draw(st.sampled_from(["text", "parts", "tool_call", "compaction", "tool"]))
    if kind == "compaction":
        return {"type": "compaction", "summary": draw(text), "cut": 0}
    if kind == "parts":
        parts = draw(st.lists(text, min_size=1, max_size=3))
        return {"role": "user", "content": [{"type": "text", "text": p} for p in parts]}
    if kind == "tool_call":
        arguments = json.dumps({"q": draw(text)}, ensure_ascii=draw(st.booleans()))
        function = {"name": draw(text), "arguments": arguments}
        call = {"id": "c1", "type": "function", "function": function}
        return {"role": "assistant", "content": draw(st.none() | text), "tool_calls": [call]}
    if kind == "tool":
        return {"role": "tool", "tool_call_id": "c1", "content": draw(text)}
    role = draw(st.sampled_from(["user", "assistant", "system"]))
    return {"role": role, "content": draw(text)}


@st.composite
def log_lines(draw: st.DrawFn, alphabet: str) -> LogLine:
    spelling = draw(st.sampled_from(["memctl"] * 6 + ["ascii", "slashes", "junk", "blank"]))
    if spelling == "junk":
        return LogLine(None, "{" + draw(texts(alphabet)))
    if spelling == "blank":
        return LogLine(None, draw(st.sampled_from(["", "  "])))
    return LogLine(draw(entries(alphabet)), spelling)


@st.composite
def corpora(draw: st.DrawFn) -> Corpus:
    alphabet = draw(st.sampled_from(ALPHABETS))
    corpus = Corpus(alphabet)
    if draw(st.booleans()):
        corpus.memory["MEMORY.md"] = draw(memory_text(alphabet))
    names = draw(
        st.lists(
            st.sampled_from(
                ["2024-01-02.md", "2023-12-31.md", "notes.md", "archive/2020-05-05.md"]
            ),
            unique=True,
            max_size=3,
        )
    )
    for name in names:
        corpus.memory[f"memory/{name}"] = draw(memory_text(alphabet))
    ids = draw(st.lists(st.sampled_from(["a", "b-2", "Z.9"]), unique=True, max_size=3))
    for thread in ids:
        corpus.threads[thread] = draw(st.lists(log_lines(alphabet), max_size=5))
    return corpus


def encoded(line: LogLine) -> bytes:
    if line.entry is None:
        return line.spelling.encode() + b"\n"
    if line.spelling == "memctl":
        return encode_entry(line.entry)
    text = json.dumps(line.entry, ensure_ascii=True)
    if line.spelling == "slashes":
        text = text.replace("/", "\\/")
    return text.encode() + b"\n"


def write(root: Path, corpus: Corpus) -> None:
    for rel, text in corpus.memory.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode())
    (root / "threads").mkdir(exist_ok=True)
    for thread, lines in corpus.threads.items():
        (root / "threads" / f"{thread}.jsonl").write_bytes(b"".join(encoded(x) for x in lines))


# --------------------------------------------------------------------------- reference


def reference_keywords(query: str, mode: str) -> list[str]:
    if not query.strip():
        return []
    if mode == "phrase":
        return [query.lower()]
    keywords: list[str] = []
    for word in query.lower().split():
        if word not in keywords:
            keywords.append(word)
    return keywords


def matches(record: str, keywords: list[str], mode: str) -> bool:
    lowered = record.lower()
    found = [keyword in lowered for keyword in keywords]
    return any(found) if mode == "any" else all(found)


def memory_order(corpus: Corpus, include_archive: bool) -> list[str]:
    paths = sorted(
        rel
        for rel in corpus.memory
        if rel != "MEMORY.md" and (include_archive or not rel.startswith("memory/archive/"))
    )
    return (["MEMORY.md"] if "MEMORY.md" in corpus.memory else []) + paths


def reference_hits(
    corpus: Corpus,
    query: str,
    mode: str,
    scope: str,
    threads: list[str] | None,
    include_archive: bool,
) -> Iterator[tuple[Any, ...]]:
    """Every matching record, in the documented order, found the obvious way."""
    keywords = reference_keywords(query, mode)
    if not keywords:
        return
    if scope != "threads":
        for rel in memory_order(corpus, include_archive):
            for number, line in enumerate(corpus.memory[rel].split("\n"), 1):
                record = line.removesuffix("\r")
                if matches(record, keywords, mode):
                    yield ("memory", rel, number, None, None, record)
    if scope == "memory":
        return
    for thread in sorted(threads if threads is not None else corpus.threads):
        for index, line in enumerate(corpus.threads[thread]):
            if line.entry is None:
                continue
            text = searchable_text(line.entry)
            if matches(text, keywords, mode):
                role = "compaction" if is_compaction(line.entry) else line.entry["role"]
                yield ("thread", f"threads/{thread}.jsonl", None, index, role, text)


# --------------------------------------------------------------------------- queries


@st.composite
def queries(draw: st.DrawFn, corpus: Corpus) -> str:
    """Random text, or pieces of the corpus's own records (recased, re-spaced,
    repeated) so that most queries do hit something."""
    records = [line for text in corpus.memory.values() for line in text.split("\n")]
    records += [
        searchable_text(x.entry) for lines in corpus.threads.values() for x in lines if x.entry
    ]
    records = [record for record in records if record.strip()]
    how = draw(st.sampled_from(["random", "slice", "words"] if records else ["random"]))
    if how == "random":
        return draw(st.text(alphabet=corpus.alphabet + "\n", max_size=6))
    record = draw(st.sampled_from(records))
    if how == "slice":
        start = draw(st.integers(0, len(record) - 1))
        end = draw(st.integers(start + 1, len(record)))
        piece = record[start:end]
    else:
        words = record.split() or [record]
        picked = draw(st.lists(st.sampled_from(words), min_size=1, max_size=4))
        gaps = [draw(QUERY_WHITESPACE) for _ in picked]
        piece = "".join(gap + word for gap, word in zip(gaps, picked, strict=True))
        piece += draw(st.sampled_from(["", " ", "\t"]))
    case = draw(st.sampled_from([str, str.upper, str.lower, str.swapcase]))
    return case(piece)


@pytest.fixture(scope="module")
def scratch() -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="memctl-search-props-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def fresh(scratch: Path) -> Path:
    root = scratch / "ws"
    shutil.rmtree(root, ignore_errors=True)
    (root / "memory").mkdir(parents=True)
    return root


# --------------------------------------------------------------------------- properties


@SETTINGS
@given(data=st.data(), corpus=corpora())
def test_hits_equal_the_naive_reference(scratch: Path, data: st.DataObject, corpus: Corpus) -> None:
    root = fresh(scratch)
    write(root, corpus)
    query = data.draw(queries(corpus), label="query")
    mode = data.draw(st.sampled_from(MODES), label="mode")
    scope = data.draw(st.sampled_from(["memory", "threads", "all"]), label="scope")
    threads = None
    if scope != "memory" and corpus.threads and data.draw(st.booleans(), label="pick threads"):
        threads = data.draw(
            st.lists(st.sampled_from(sorted(corpus.threads)), min_size=1, unique=True)
        )
    include_archive = data.draw(st.booleans(), label="include_archive")
    limit = data.draw(st.sampled_from([0, 1, 2, 3, 50]), label="limit")
    chunk = data.draw(st.sampled_from([search_module.CHUNK_BYTES, 5, 16, 64]), label="chunk")

    with mock.patch.object(search_module, "CHUNK_BYTES", chunk):
        result = search(
            Workspace(root),
            query,
            mode=mode,
            scope=scope,
            threads=threads,
            limit=limit,
            include_archive=include_archive,
        )

    expected = list(reference_hits(corpus, query, mode, scope, threads, include_archive))
    got = [(h.kind, h.path, h.line, h.entry, h.role, h.text) for h in result.hits]
    assert got == (expected[:limit] if limit else expected)
    assert result.truncated == (bool(limit) and len(expected) > limit)
    assert result.keywords == reference_keywords(query, mode)
    # Only log lines that are not entries can be skipped; valid text files never are.
    for skipped in result.skipped:
        assert skipped.entry is not None, skipped
        line = corpus.threads[skipped.path.removeprefix("threads/").removesuffix(".jsonl")]
        assert line[skipped.entry].entry is None, skipped


@SETTINGS
@given(data=st.data(), corpus=corpora())
def test_any_is_the_union_of_single_keyword_searches_in_record_order(
    scratch: Path, data: st.DataObject, corpus: Corpus
) -> None:
    """`any` finds exactly the records some keyword's phrase search finds, each once;
    `all` those every keyword's search finds, in the same order as `any` lists them."""
    root = fresh(scratch)
    write(root, corpus)
    query = data.draw(queries(corpus), label="query")
    ws = Workspace(root)

    def keys(mode: str, text: str) -> list[tuple[Any, ...]]:
        hits = search(ws, text, mode=mode, scope="all", limit=0, include_archive=True).hits
        return [(h.path, h.line, h.entry) for h in hits]

    words = list(dict.fromkeys(query.lower().split()))
    singles = [set(keys("phrase", word)) for word in words]
    any_hits = keys("any", query)
    all_hits = keys("all", query)
    assert len(any_hits) == len(set(any_hits))
    assert set(any_hits) == set().union(*singles)
    assert set(all_hits) == (set.intersection(*singles) if singles else set())
    assert [key for key in any_hits if key in set(all_hits)] == all_hits


@SETTINGS
@given(
    block=st.binary(max_size=400).map(
        # Mostly the fold needles' own bytes, so that false starts are many.
        lambda raw: bytes(b"\xc4\xb0\xe2\x84\xaaa"[byte % 6] for byte in raw)
    ),
    needle=st.sampled_from([b"\xc4\xb0", b"\xe2\x84\xaa"]),
    tries=st.integers(min_value=1, max_value=4),
)
def test_the_fold_check_agrees_with_in(block: bytes, needle: bytes, tries: int):
    """The memchr-driven check gives `in`'s answer, before and after it gives up."""
    assert search_module._holds(block, needle, tries) is (needle in block)
