"""get: read a line range of a memory file or an evicted tool result (memory_get), or a
page of characters of an evicted result (`call`'s read_file, `read_evicted`).

`get` is the one command that opens a file named by its caller (a model, over MCP or
`call`), so it reads only the workspace's memory (`memctl.core.memory.memory_path`)
and, when given the eviction folder, the evicted tool results whose placeholders tell
the model to read them with memory_get (`memctl.core.memory.readable_area`), with the
same guards: no absolute path, no `..`, no symlink leading out. read_file reads the
evicted results alone, through the same guards and the same redacted copy
(`_redacted_result`).
"""

from __future__ import annotations

import os
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from memctl.core.errors import UsageError
from memctl.core.memory import memory_path, readable_area
from memctl.core.workspace import Area, Workspace


@dataclass
class GetResult:
    """Lines `start`..`end` (1-based, inclusive) of `path`, which has `total` lines."""

    path: str
    start: int
    end: int
    total: int
    lines: list[str] = field(default_factory=list)


def get(
    ws: Workspace,
    path: str,
    start: int | None = None,
    end: int | None = None,
    *,
    evicted: str | None = None,
    redact: Callable[[str], str] | None = None,
) -> GetResult:
    """Lines of a memory file: start clamped to >= 1, end to the file's length.

    With `evicted` (eviction.root), an evicted tool result too, by the path its
    placeholder names, redacted whole by `redact` (keeping its lines) before the range
    is taken: the file holds the result as the tool gave it, where a memory file was
    redacted when it was written and is shown as written."""
    target = (
        memory_path(ws, path) if evicted is None else ws.named_file(path, readable_area(evicted))
    )
    for name, value in (("start", start), ("end", end)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise UsageError(f"{name} must be a whole number, not {value!r}")
    tool_result = evicted is not None and is_evicted(ws.relative(target), evicted)
    if tool_result and redact is not None:
        lines = _redacted_result(ws, target, path, redact).lines
    else:
        lines = _lines(ws.read_named_text(target, path, "memory file"))
    total = len(lines)
    first = max(1, start if start is not None else 1)
    last = min(total, end if end is not None else total)
    if total and first > total:
        count = "1 line" if total == 1 else f"{total} lines"
        raise UsageError(f"{path}: start line {first} is past the end ({count})")
    if start is not None and not total:
        raise UsageError(f"{path}: start line {first} is past the end (the file is empty)")
    if end is not None and last < first and total:
        raise UsageError(f"{path}: end line {end} is before start line {first}")
    return GetResult(ws.relative(target), first, max(last, 0), total, lines[first - 1 : last])


def _lines(text: str) -> list[str]:
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


@dataclass
class EvictedPage:
    """Characters `offset` to `offset + len(text)` of an evicted result of `total`."""

    path: str
    offset: int
    total: int
    text: str


def read_evicted(
    ws: Workspace,
    evicted: str,
    path: str,
    offset: int,
    limit: int,
    redact: Callable[[str], str],
) -> EvictedPage:
    """A page of the evicted tool result `path` names under `evicted` (eviction.root),
    counted in characters: a result is often one enormous line (JSON, a minified file).
    The page is cut from the result as redacted whole (`_redacted_result`), so a key
    across a page boundary is not half on each page, and its offsets are those of the
    redacted text (shorter than the size the placeholder states by what redaction took
    out). A page read after the first costs the page: the redacted result is kept."""
    root = PurePosixPath(evicted).as_posix()
    area = Area((), (root,), f"a file under {root}/", f"files under {root}/", f"{root}/")
    target = ws.named_file(path, area)
    result = _redacted_result(ws, target, path, redact)
    if offset > result.chars or (offset == result.chars and result.chars):
        raise UsageError(f"{path}: offset {offset} is past the end ({result.chars:,} characters)")
    return EvictedPage(ws.relative(target), offset, result.chars, result.page(offset, limit))


@dataclass
class _Redacted:
    """An evicted result redacted whole, as its lines and where each starts in the text."""

    lines: list[str]
    starts: list[int]
    chars: int
    """The redacted text's length: its lines, a newline after each but a last one
    unended."""

    @classmethod
    def of(cls, text: str) -> _Redacted:
        lines = _lines(text)
        starts, at = [], 0
        for line in lines:
            starts.append(at)
            at += len(line) + 1
        return cls(lines, starts, len(text))

    def page(self, offset: int, limit: int) -> str:
        """Characters `offset` to `offset + limit` of the text, joined from the lines
        they are in: the cost of the page, not of the text."""
        wanted = min(limit, self.chars - offset)
        number = bisect_right(self.starts, offset) - 1
        at = offset - self.starts[number] if number >= 0 else 0
        parts: list[str] = []
        while wanted > 0 and number < len(self.lines):
            part = self.lines[number][at : at + wanted]
            if len(part) < wanted:
                part += "\n"  # the line's end, inside the text (`wanted` stops at its end)
            parts.append(part)
            wanted -= len(part)
            number, at = number + 1, 0
        return "".join(parts)


_LAST_RESULT: dict[tuple[object, ...], _Redacted] = {}
"""The evicted result read last, redacted, by its file's path, size, change time and
inode and the redaction: memory_get and read_file read a large one page by page, and
redacting the whole file again for each page made reading a 20 MB one-line result take
3.8 s a page, about an hour in all (review 31 A3). The whole file is still what is
redacted: a page's offsets (startChar, read_file's offset) are those of the redacted
text, which only a redaction of all of it fixes, and a secret across a page boundary is
replaced whole. One entry: the MCP server reads one result at a time, and a bigger cache
would hold its memory."""


def _redacted_result(
    ws: Workspace, target: Path, path: str, redact: Callable[[str], str]
) -> _Redacted:
    """The evicted result `target`, redacted whole (`_LAST_RESULT`)."""
    try:
        status = target.stat()
    except OSError:
        status = None  # read_named_text says why, in its words
    # A bound method's self compares by identity, and each call makes its Redactor: the
    # Redactor (a frozen dataclass, equal by its patterns) and the function are the key.
    redaction = (getattr(redact, "__self__", None), getattr(redact, "__func__", redact))
    key = (
        None
        if status is None
        else (os.fspath(target), status.st_size, status.st_mtime_ns, status.st_ino, redaction)
    )
    if key is not None and key in _LAST_RESULT:
        return _LAST_RESULT[key]
    result = _Redacted.of(redact(ws.read_named_text(target, path, "evicted result")))
    _LAST_RESULT.clear()
    if key is not None:
        _LAST_RESULT[key] = result
    return result


def is_evicted(path: str, evicted: str) -> bool:
    """Whether `path` (relative to the workspace, as `GetResult.path` is) lies in the
    eviction folder `evicted`."""
    folder = PurePosixPath(evicted).parts
    return PurePosixPath(path).parts[: len(folder)] == folder
