"""memctl.core.regexes: a pattern read back from the cache is the pattern `re.compile`
makes, and a cache that is missing, damaged, another Python's or not writable changes
nothing but the time it takes."""

from __future__ import annotations

import importlib.util
import marshal
import re
import sys
from pathlib import Path

import pytest

from memctl.core.regexes import Patterns

PATTERNS = [
    (
        r"^(?P<subject>[\w'’./:@-]+(?: [\w'’./:@-]+){0,7}?) (?:moved|relocated) to (?P<value>.+)$",
        re.I,
    ),
    (r"(?<![\w.-])\d{4}-\d\d-\d\d(?![\w-])", 0),
    (r"\b(?:no longer|any ?more|from now on)\b", re.IGNORECASE | re.MULTILINE),
    (r"(?P<a>x)(y)?(?P<b>z)|[^\W\d_]+", 0),
]
TEXTS = [
    "The Dune launch moved to 2027-01-15",
    "staging relocated TO db7, no longer db3",
    "xz and xyz and Élan 42",
    "",
]


@pytest.fixture
def module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A module's file whose bytecode folder may be written."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.setattr(sys, "pycache_prefix", None)
    path = tmp_path / "rules.py"
    path.write_text("", encoding="utf-8")
    return str(path)


def cache_file(module: str) -> Path:
    return Path(importlib.util.cache_from_source(module) + ".re")


def compiled(module: str) -> list[re.Pattern[str]]:
    patterns = Patterns(module)
    made = [patterns.compile(pattern, flags) for pattern, flags in PATTERNS]
    patterns.save()
    return made


def same(made: list[re.Pattern[str]]) -> None:
    for pattern, (text, flags) in zip(made, PATTERNS, strict=True):
        expected = re.compile(text, flags)
        assert (pattern.pattern, pattern.flags, pattern.groups, pattern.groupindex) == (
            expected.pattern,
            expected.flags,
            expected.groups,
            expected.groupindex,
        )
        for text in TEXTS:
            assert [m.groupdict() for m in pattern.finditer(text)] == [
                m.groupdict() for m in expected.finditer(text)
            ]
            assert [m.span() for m in pattern.finditer(text)] == [
                m.span() for m in expected.finditer(text)
            ]


def test_a_pattern_read_back_is_the_one_compiled(
    module: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    same(compiled(module))
    assert cache_file(module).is_file()
    written = cache_file(module).read_bytes()

    def unparsed(*_: object) -> None:
        raise AssertionError("parsed again")

    monkeypatch.setattr(re._parser, "parse", unparsed)  # type: ignore[attr-defined]
    read_back = compiled(module)  # from the cache: no pattern parsed
    monkeypatch.undo()
    same(read_back)
    assert cache_file(module).read_bytes() == written  # nothing new: not written again


def test_the_cache_holds_the_patterns_compiled_last(module: str) -> None:
    compiled(module)
    patterns = Patterns(module)
    assert patterns.compile(r"only(?P<this>one)").match("onlyone") is not None
    patterns.save()
    _, known = marshal.loads(cache_file(module).read_bytes())
    assert list(known) == [(r"only(?P<this>one)", 0)]


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"not marshal at all",
        marshal.dumps((("another-python", 0, 0, 1), {})),
        marshal.dumps(["a list", "not a pair"]),
    ],
)
def test_a_damaged_or_foreign_cache_is_compiled_afresh(module: str, content: bytes) -> None:
    cache_file(module).parent.mkdir(parents=True, exist_ok=True)
    cache_file(module).write_bytes(content)
    same(compiled(module))
    same(compiled(module))  # and written again, readable


def test_a_program_sre_refuses_is_compiled_afresh(module: str) -> None:
    compiled(module)
    stamp, known = marshal.loads(cache_file(module).read_bytes())
    broken = {
        key: (flags, [999_999, 1, 2], groups, names, index)
        for key, (flags, _, groups, names, index) in known.items()
    }
    cache_file(module).write_bytes(marshal.dumps((stamp, broken)))
    same(compiled(module))


def test_nothing_is_written_where_bytecode_is_not(
    module: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    same(compiled(module))
    assert not cache_file(module).exists()


def test_an_unwritable_folder_is_no_error(module: str) -> None:
    cache_file(module).parent.mkdir(parents=True, exist_ok=True)
    cache_file(module).mkdir()  # a folder where the file would go: the write fails
    same(compiled(module))
    assert cache_file(module).is_dir()
    assert list(cache_file(module).parent.iterdir()) == [cache_file(module)]


def test_a_bad_pattern_raises_as_re_does(module: str) -> None:
    with pytest.raises(re.error):
        Patterns(module).compile(r"(unclosed")
