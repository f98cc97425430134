"""get: read a line range of a memory file or an evicted tool result (memory_get).

`get` is the one command that opens a file named by its caller (a model, over MCP or
`call`), so it reads only the workspace's memory (`memctl.core.memory.memory_path`)
and, when given the eviction folder, the evicted tool results whose placeholders tell
the model to read them with memory_get (`memctl.core.memory.readable_area`), with the
same guards: no absolute path, no `..`, no symlink leading out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import PurePosixPath

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
    text = ws.read_named_text(target, path, "evicted result" if tool_result else "memory file")
    if tool_result and redact is not None:
        text = redact(text)
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
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


def is_evicted(path: str, evicted: str) -> bool:
    """Whether `path` (relative to the workspace, as `GetResult.path` is) lies in the
    eviction folder `evicted`."""
    folder = PurePosixPath(evicted).parts
    return PurePosixPath(path).parts[: len(folder)] == folder
