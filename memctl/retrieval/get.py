"""get: read a line range of a memory file or an evicted tool result (memory_get).

`get` is the one command that opens a file named by its caller (a model, over MCP or
`call`), so it reads only the workspace's memory (`memctl.core.memory.memory_path`)
and, when given the eviction folder, the evicted tool results whose placeholders tell
the model to read them with memory_get (`memctl.core.memory.readable_area`), with the
same guards: no absolute path, no `..`, no symlink leading out.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from memctl.core.errors import UsageError
from memctl.core.memory import memory_path, readable_area
from memctl.core.workspace import Workspace


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
        lines = _redacted_result(ws, target, path, redact)
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


_LAST_RESULT: dict[tuple[object, ...], list[str]] = {}
"""The evicted result read last, redacted, by its file's path, size, change time and
inode and the redaction: memory_get reads a large one page by page, and redacting the
whole file again for each page made reading a 20 MB one-line result take 3.8 s a page,
about an hour in all (review 31 A3). The whole file is still what is redacted: a page's
character offsets (startChar) are those of the redacted text, which only a redaction
of all of it fixes, and a secret across a page boundary is replaced whole. One entry:
the MCP server reads one result at a time, and a bigger cache would hold its memory."""


def _redacted_result(
    ws: Workspace, target: Path, path: str, redact: Callable[[str], str]
) -> list[str]:
    """The lines of the evicted result `target`, redacted whole (`_LAST_RESULT`)."""
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
    lines = _lines(redact(ws.read_named_text(target, path, "evicted result")))
    _LAST_RESULT.clear()
    if key is not None:
        _LAST_RESULT[key] = lines
    return lines


def is_evicted(path: str, evicted: str) -> bool:
    """Whether `path` (relative to the workspace, as `GetResult.path` is) lies in the
    eviction folder `evicted`."""
    folder = PurePosixPath(evicted).parts
    return PurePosixPath(path).parts[: len(folder)] == folder
