"""Tool-result eviction: oversized tool results leave the context, not the workspace.

A tool result longer than `eviction.threshold_chars` is written in full to
`<eviction.root>/<thread>/<tool_call_id>-<16 hex of sha256>` and the model sees a
placeholder instead: the size, that path, and a preview of the head and the tail.
The thread log is never changed; the placeholder is applied every time a context is
built (`memctl.turn.context`), and `memctl evict` does the same thing on its own.

The file name is derived from the content, so the same result always maps to the same
file (eviction is idempotent), and a placeholder is recognised and never evicted again.
A write that fails leaves that message as it was: the model sees too much rather than
a pointer to a file that does not exist.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memctl.core.config import Config, EvictionConfig
from memctl.core.durable import write_atomic
from memctl.core.redact import Redactor
from memctl.core.threads import check_thread_id, message_text, read_entries, working_context
from memctl.core.workspace import Workspace

PLACEHOLDER_START = "[Tool result evicted from the context: "
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]")
MAX_ID_CHARS = 96


@dataclass
class Eviction:
    """One tool result replaced by a placeholder."""

    index: int | None
    """Its index in the thread log (None for a message not logged yet)."""
    tool_call_id: str
    tool: str | None
    chars: int
    path: str
    """Where the full text is, relative to the workspace."""
    written: bool
    """True when this run wrote the file; False when it was there already (or a dry run)."""


@dataclass
class EvictionFailure:
    index: int | None
    tool_call_id: str
    reason: str


@dataclass
class EvictionPass:
    """The messages with placeholders applied, and what happened to each candidate."""

    messages: list[dict[str, Any]]
    evicted: list[Eviction] = field(default_factory=list)
    failed: list[EvictionFailure] = field(default_factory=list)


@dataclass
class EvictResult:
    thread: str
    dry_run: bool
    tool_results: int
    """Tool results in the working context that were looked at."""
    evicted: list[Eviction]
    failed: list[EvictionFailure]
    skipped: str | None = None
    """Why nothing was looked at (eviction switched off)."""


def is_placeholder(text: str) -> bool:
    return text.startswith(PLACEHOLDER_START)


def evicted_name(tool_call_id: str, text: str) -> str:
    """`<tool_call_id>-<16 hex of sha256(text)>`, unsafe characters turned into `_`."""
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    safe = _UNSAFE.sub("_", tool_call_id)[:MAX_ID_CHARS] or "_"
    return f"{safe}-{digest}"


def placeholder(text: str, path: str, settings: EvictionConfig, redactor: Redactor) -> str:
    """What the model sees instead of an evicted result (the reference's format). The
    head and the tail are cut from the result as redacted whole (`Redactor.head`,
    `tail`), so a key the cut goes through was redacted before the cut."""
    head = min(settings.head_chars, len(text) // 2)
    tail = min(settings.tail_chars, len(text) // 2)
    return (
        f"{PLACEHOLDER_START}{len(text):,} chars; the full text is in {path} "
        "(read it with memory_get for the rest).]\n\n"
        f"Preview (first {head} chars):\n{redactor.head(text, head)}\n\n"
        f"... and last {tail} chars:\n{redactor.tail(text, tail)}"
    )


def tool_names(messages: list[dict[str, Any]]) -> dict[str, str]:
    """tool_call_id -> the name of the tool the assistant called with it."""
    names: dict[str, str] = {}
    for message in messages:
        for call in message.get("tool_calls") or ():
            if isinstance(call, dict) and isinstance(call.get("id"), str):
                function = call.get("function") or {}
                if isinstance(function.get("name"), str):
                    names[call["id"]] = function["name"]
    return names


def _evictable_text(message: dict[str, Any]) -> str | None:
    """The text of a tool result, if it is plain text (a string or text parts only)."""
    content = message.get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, list) and all(
        isinstance(part, dict) and part.get("type") == "text" for part in content
    ):
        return message_text(message)
    return None


def evict_messages(
    ws: Workspace,
    config: Config,
    thread: str,
    messages: list[dict[str, Any]],
    indexes: list[int | None],
    *,
    dry_run: bool = False,
) -> EvictionPass:
    """Apply eviction to `messages` (not changed; changed messages are copies).

    One pass over the messages; the only per-result work is one hash and one stat,
    so building a context stays linear in the size of the thread.
    """
    settings = config.eviction
    result = EvictionPass(messages=list(messages))
    if not settings.enabled:
        return result
    names = tool_names(messages)
    excluded = set(settings.exclude_tools)
    folder = ws.root / settings.root / check_thread_id(thread)
    candidates: list[tuple[int, str, str, Path]] = []
    for position, message in enumerate(messages):
        if message.get("role") != "tool":
            continue
        text = _evictable_text(message)
        if text is None or len(text) <= settings.threshold_chars or is_placeholder(text):
            continue
        call_id = str(message.get("tool_call_id", ""))
        if (message.get("name") or names.get(call_id)) in excluded:
            continue
        candidates.append((position, call_id, text, folder / evicted_name(call_id, text)))
    if not candidates:
        return result
    written = {} if dry_run else _write_missing(ws, [(t, p) for _, _, t, p in candidates])
    redactor = config.redaction.redactor()
    for position, call_id, text, target in candidates:
        message = messages[position]
        index = indexes[position] if position < len(indexes) else None
        relative = target.relative_to(ws.root).as_posix()
        problem = written.get(target)
        if problem is not None:
            result.failed.append(EvictionFailure(index, call_id, f"{relative}: {problem}"))
            continue
        tool = message.get("name") or names.get(call_id)
        shown = placeholder(text, relative, settings, redactor)
        result.messages[position] = {**message, "content": shown}
        result.evicted.append(
            Eviction(index, call_id, tool, len(text), relative, written=target in written)
        )
    return result


def _write_missing(ws: Workspace, files: list[tuple[str, Path]]) -> dict[Path, str | None]:
    """Write the evicted files that are not there yet (owner-only, atomic), under one lock.

    Returns, for each file that had to be written, None when it was, or the reason it
    could not be. A file of the same name holds the same content (the name is its
    hash), so one already there is left alone.
    """
    missing = []
    for text, target in files:
        data = text.encode("utf-8")
        try:
            if target.stat().st_size == len(data):
                continue
        except OSError:
            pass
        missing.append((data, target))
    outcome: dict[Path, str | None] = {}
    if not missing:
        return outcome
    root = ws.root.resolve()
    with ws.lock():
        for data, target in missing:
            try:
                if not target.parent.resolve().is_relative_to(root):
                    raise OSError(0, "the eviction folder leads outside the workspace")
                _owner_only_folders(ws.root, target.parent)
                # A copy of what the thread log holds: see write_atomic.
                write_atomic(target, data, mode=0o600, durable=False)
                outcome[target] = None
            except OSError as exc:
                outcome[target] = exc.strerror or str(exc)
    return outcome


def _owner_only_folders(root: Path, folder: Path) -> None:
    """Create `folder` and every missing folder between it and `root` owner-only (0700):
    `mkdir(parents=True)` would give the parents the umask's mode, and even the names
    under `evicted/` (thread ids) are nobody else's business."""
    missing = []
    while folder != root and not folder.exists():
        missing.append(folder)
        folder = folder.parent
    for created in reversed(missing):
        created.mkdir(mode=0o700, exist_ok=True)
        os.chmod(created, 0o700)  # mkdir's mode is narrowed by the umask, never widened


def evict(ws: Workspace, config: Config, thread: str, *, dry_run: bool = False) -> EvictResult:
    """Evict the oversized tool results of a thread's working context (`memctl evict`)."""
    entries = read_entries(ws, thread)
    context = working_context(entries, thread)
    tool_results = sum(1 for m in context.messages if m.get("role") == "tool")
    if not config.eviction.enabled:
        return EvictResult(thread, dry_run, tool_results, [], [], "eviction.enabled is false")
    applied = evict_messages(ws, config, thread, context.messages, context.indexes, dry_run=dry_run)
    return EvictResult(thread, dry_run, tool_results, applied.evicted, applied.failed)
