"""get and save: read a line range of a memory file, persist one memory (memory_get /
memory_save).

`get` is the one command that opens a file named by its caller (a model, over MCP or
`call`), so it reads only the workspace's memory: MEMORY.md and files under memory/,
checked after symlinks are resolved, and never anything else the workspace holds
(config, thread logs, evicted results).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from memctl.core.config import Config
from memctl.core.errors import UsageError, WorkspaceError
from memctl.core.workspace import Area, Workspace, append_durable, block_separator, write_atomic


@dataclass
class GetResult:
    """Lines `start`..`end` (1-based, inclusive) of `path`, which has `total` lines."""

    path: str
    start: int
    end: int
    total: int
    lines: list[str] = field(default_factory=list)


@dataclass
class SaveResult:
    memories: int
    ledger: str
    text: str
    memory_md: str = "MEMORY.md"
    redacted: int = 0
    dry_run: bool = False
    already_saved: bool = False
    """MEMORY.md holds the text already (as whole lines); nothing was written."""


MEMORY_AREA = Area(
    files=("MEMORY.md",),
    folders=("memory",),
    spelled="MEMORY.md or a file under memory/",
    only="MEMORY.md and files under memory/",
    named="the workspace's memory",
)


def memory_path(ws: Workspace, path: str) -> Path:
    """The file `path` names, when it is MEMORY.md or under memory/; else UsageError."""
    return ws.named_file(path, MEMORY_AREA)


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


def _holds(ws: Workspace, body: str) -> bool:
    """MEMORY.md has `body` as whole lines: saving it again would store it twice (a
    `call` re-run after a failed turn repeats the turn's memory_save)."""
    try:
        current = ws.memory_md.read_bytes().decode("utf-8", "replace")
    except FileNotFoundError:
        return False
    return f"\n{body}\n" in f"\n{current.replace(chr(13), '')}\n"


def count_memories(text: str) -> int:
    """Memories in a saved text: its `-` lines, at least one."""
    return max(1, sum(1 for line in text.splitlines() if line.lstrip().startswith("-")))


def save(ws: Workspace, config: Config, text: str, dry_run: bool = False) -> SaveResult:
    """Append `text` to today's ledger (a `## Memory Save` block) and then to MEMORY.md.

    The ledger goes first: a run killed between the two writes leaves the memory in the
    ledger, where the next consolidation finds it. MEMORY.md is replaced atomically
    (old content + text) so a reader sees the old or the new file, and consolidation,
    which carries over what was appended while it ran, keeps it.
    """
    if not isinstance(text, str) or not text.strip():
        raise UsageError("nothing to save: the text is empty")
    if "\0" in text:
        raise UsageError("the text holds a NUL byte")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:  # argv bytes that are not UTF-8 arrive as surrogates
        raise UsageError(
            f"the text holds {text[exc.start]!r}, which is not UTF-8 text (a bad byte?)"
        ) from None
    body, counts = config.redaction.redactor().redact(text.strip())
    ledger = ws.ledger_path()
    result = SaveResult(
        count_memories(body),
        ws.relative(ledger),
        body,
        redacted=sum(counts.values()),
        dry_run=dry_run,
    )
    # Both files are written through their paths: a symlink leading out would make save
    # write outside the workspace (the ledger) or copy an outside file in (MEMORY.md).
    memory_path(ws, ws.relative(ledger))
    memory_path(ws, "MEMORY.md")
    if ws.memory_md.exists() and not ws.memory_md.is_file():
        raise WorkspaceError("MEMORY.md is not a file; nothing saved")
    if _holds(ws, body):
        result.already_saved = True
        return result
    if dry_run:
        return result
    with ws.lock():
        if _holds(ws, body):  # saved by another process meanwhile
            result.already_saved = True
            return result
        stamp = ws.now().isoformat(timespec="seconds")
        block = f"## Memory Save — {stamp}\n\n{body}\n".encode()
        append_durable(ledger, block_separator(ledger) + block)
        try:
            old = ws.memory_md.read_bytes()
        except FileNotFoundError:
            old = b""
        except OSError as exc:
            raise WorkspaceError(f"MEMORY.md: cannot be read ({exc.strerror})") from None
        joint = b"" if not old or old.endswith(b"\n") else b"\n"
        write_atomic(ws.memory_md, old + joint + body.encode() + b"\n")
    return result
