"""get: read a line range of a memory file (memory_get).

`get` is the one command that opens a file named by its caller (a model, over MCP or
`call`), so it reads only the workspace's memory, as `memctl.core.memory.memory_path`
allows it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from memctl.core.errors import UsageError
from memctl.core.memory import memory_path
from memctl.core.workspace import Workspace


@dataclass
class GetResult:
    """Lines `start`..`end` (1-based, inclusive) of `path`, which has `total` lines."""

    path: str
    start: int
    end: int
    total: int
    lines: list[str] = field(default_factory=list)


def get(ws: Workspace, path: str, start: int | None = None, end: int | None = None) -> GetResult:
    """Lines of a memory file: start clamped to >= 1, end to the file's length."""
    target = memory_path(ws, path)
    for name, value in (("start", start), ("end", end)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise UsageError(f"{name} must be a whole number, not {value!r}")
    text = ws.read_named_text(target, path, "memory file")
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
