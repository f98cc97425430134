"""Property tests: search's fast scanner against a naive reference written here.

The engine (memctl/search.py) never looks at a line in Python unless its bytes matched:
it lower-cases whole blocks, switches between byte and text lower-casing, and reads
thread logs as raw JSONL with JSON-escaped needles. The reference below does the obvious
thing instead, record by record, straight from the matchMode rules: a memory line or a
thread entry's searchable text, lower-cased and its accents folded (`naive_fold`), holds
the whole query (phrase), every
whitespace-split keyword (all) or one of them (any). Random small workspaces
(tests/support/search_corpora.py: mixed case, the İ and Kelvin-sign folds, Greek sigma,
CJK, regex characters, JSON escapes, CRLF, logs written by memctl and by other JSON
writers, malformed lines) are written to disk and searched through the real
file-scanning path, with small block sizes so that lines and matches fall across block
boundaries.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import memctl.retrieval.search as search_module
from memctl.core.threads import is_compaction, searchable_text
from memctl.core.workspace import Workspace
from memctl.retrieval.search import MODES, search
from tests.support.search_corpora import SETTINGS, Corpus, corpora, fresh, queries, write

pytestmark = pytest.mark.slow


# --------------------------------------------------------------------------- reference


def naive_fold(text: str) -> str:
    """Case-folded (`str.casefold`: ß is ss), composed (NFC) when it holds a combining
    accent (U+0300 to U+036F: text in NFD), and each letter of Latin, Greek or Cyrillic
    with an accent as its bare letter (NFKD, combining marks dropped), when that is one
    letter: written here from the rule, one character at a time, not from memctl's
    table."""
    text = text.casefold()
    if any(0x300 <= ord(char) < 0x370 for char in text):
        text = unicodedata.normalize("NFC", text)
    out = []
    for char in text:
        point = ord(char)
        if 0xC0 <= point < 0x250 or 0x370 <= point < 0x530 or 0x1E00 <= point < 0x2000:
            bare = "".join(
                c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)
            )
            if len(bare) == 1:
                char = bare.lower()
        out.append(char)
    return "".join(out)


def reference_keywords(query: str, mode: str) -> list[str]:
    if not query.strip():
        return []
    if mode == "phrase":
        return [naive_fold(query)]
    keywords: list[str] = []
    for word in naive_fold(query).split():
        if word not in keywords:
            keywords.append(word)
    return keywords


def matches(record: str, keywords: list[str], mode: str) -> bool:
    lowered = naive_fold(record)
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


@pytest.fixture(scope="module")
def scratch() -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="memctl-search-props-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


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


def _snippet_reference(text: str, keywords: list[str], width: int) -> str:
    """The snippet as defined: the whole text flattened, a window around the first match."""
    flat = " ".join(text.split())
    if len(flat) <= width:
        return flat
    lowered = naive_fold(flat)
    places = [lowered.find(" ".join(keyword.split())) for keyword in keywords]
    first = min((place for place in places if place >= 0), default=0)
    start = max(0, first - width // 4)
    end = min(len(flat), start + width)
    start = max(0, end - width)
    return ("…" if start else "") + flat[start:end] + ("…" if end < len(flat) else "")


_SNIPPET_TEXT = st.text(alphabet=st.sampled_from("ab İ\t\n\u3000\x1cK."), max_size=400)


@example(  # a needle the first stretch cuts starts before the one it holds
    text="q" * 30 + "zc d" + " tail" * 20, keywords=["qqzc", "qqqzc d"], width=4
)
@example(text="a" * 37 + "bcd ", keywords=["b"], width=4)  # the window ends with the text
@given(
    text=st.lists(_SNIPPET_TEXT, max_size=6).map("".join),
    keywords=st.lists(st.text(alphabet=st.sampled_from("abİ K"), max_size=4), max_size=3),
    width=st.integers(1, 12),
)
def test_a_long_texts_snippet_is_the_whole_flattened_texts_window(
    text: str, keywords: list[str], width: int
) -> None:
    """`snippet` flattens a long text only as far as its window needs; what it shows is
    the window of the whole text flattened (whitespace of every kind, a letter whose
    lower case is longer, a needle found late or not at all)."""
    from memctl.retrieval.search import snippet

    assert snippet(text, keywords, width) == _snippet_reference(text, keywords, width)


@example(text="a b ")  # flat but for a space at the end
@example(text=" a b")  # ... at the start
@example(text="a \nb")  # a line break beside a space: two spaces once replaced
@example(text="a\n\nb")  # two line breaks
@example(text="a\u3000b")  # a separator other than the space
@example(text="a\x1fb")  # ASCII whitespace of str.split other than \t \n \r
@example(text="a\x00\x7fb")  # ASCII controls that are no whitespace: kept
@example(text="\na")  # a line break at the start: a space at either end
@given(
    text=st.one_of(
        st.text(alphabet=st.sampled_from("ab \t\n\r\u3000\x1c\x85\xa0\u2028é漢"), max_size=40),
        # ASCII alone (its own path): every whitespace of str.split and other controls
        st.text(
            alphabet=st.sampled_from("ab \t\n\x0b\x0c\r\x1c\x1d\x1e\x1f\x00\x07\x7f"), max_size=40
        ),
    )
)
def test_a_text_is_flattened_as_split_and_join_flatten_it(text: str) -> None:
    """`_flat` takes a printable text with single spaces (or single line breaks) as its
    own flattening; whatever it returns is what `" ".join(text.split())` returns."""
    from memctl.retrieval.search import _flat

    assert _flat(text) == " ".join(text.split())


@example(line=' {"a": 1}')  # whitespace before the value: the scanner stops at once
@example(line='{"a": 1} ')  # ... after it: the scanner stops early
@example(line='{"a": 1}{')  # more after the value
@example(line="\ufeff{}")  # a byte order mark
@example(line='{"a": NaN, "b": [1.5, -2e3, true, null, "\\u00e9"]}')
@given(
    line=st.one_of(
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
            lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
            max_leaves=6,
        ).map(json.dumps),
        st.text(alphabet=st.sampled_from('{}[]",: \t\n1a\\u0e'), max_size=20),
    )
)
def test_a_log_line_is_decoded_as_json_loads_decodes_it(line: str) -> None:
    """Search's `_json` gives what `json.loads` gives for any line, or fails as it fails,
    with the same message (the skip reason names it)."""
    from memctl.retrieval.search import _json

    try:
        expected = json.loads(line)
    except ValueError as exc:
        with pytest.raises(ValueError) as raised:
            _json(line)
        assert str(raised.value) == str(exc)
    else:
        assert json.dumps(_json(line)) == json.dumps(expected)  # NaN is not equal to itself
