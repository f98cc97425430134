"""Random small workspaces for the search property tests, and queries that hit them.

tests/retrieval/test_search_properties.py checks search's scanner against a naive
reference on them; tests/retrieval/test_index.py checks the index against the scanner on
them, as they are appended to, rewritten, archived and pruned. A corpus is written to disk
with `write` (MEMORY.md, ledgers, thread logs spelled by memctl and by other JSON
writers, malformed lines) and searched through the real file-scanning path.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from memctl.core.threads import encode_entry, searchable_text

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
    # ß and "ss" alike, and NFD's combining accents (audit 17 M2, M3)
    "sSßẞuUüÜ\u0308\u0301 .",
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
    """The corpus as files under `root`, byte for byte as drawn."""
    for rel, text in corpus.memory.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode())
    (root / "threads").mkdir(exist_ok=True)
    for thread, lines in corpus.threads.items():
        (root / "threads" / f"{thread}.jsonl").write_bytes(b"".join(encoded(x) for x in lines))


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


def fresh(scratch: Path) -> Path:
    """An empty workspace at the same place for every example: Hypothesis runs hundreds,
    and a tmp_path of their own would be hundreds of folders."""
    root = scratch / "ws"
    shutil.rmtree(root, ignore_errors=True)
    (root / "memory").mkdir(parents=True)
    return root
