"""What the format readers share: the drafts they produce, the result of an import, and
small helpers for building chat messages from another tool's records."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from memctl.errors import UsageError

# --------------------------------------------------------------------------- results


@dataclass
class ImportResult:
    """What an import did. `read` counts the file's records (lines, or items of a JSON
    array); `imported` and `skipped_existing` count thread entries; the other two count
    records that carry no conversation or belong to a subagent."""

    thread: str
    format: str
    file: str
    path: str
    read: int
    imported: int
    skipped_existing: int
    skipped_meta: int
    skipped_sidechain: int
    dry_run: bool
    preview: list[dict[str, Any]] | None = None


# --------------------------------------------------------------------------- drafts


@dataclass
class Piece:
    """What one source line adds to an assistant reply merged from several lines."""

    source_id: str
    where: str
    ts: str | None
    texts: list[str]
    tool_calls: list[dict[str, Any]]


@dataclass
class Draft:
    """A thread entry to be: a finished message from one line, or (with `pieces`) an
    assistant reply that may be spread over lines, some of them imported before."""

    where: str
    source_id: str = ""
    ts: str | None = None
    message: dict[str, Any] = field(default_factory=dict)
    pieces: list[Piece] = field(default_factory=list)


@dataclass
class Parsed:
    drafts: list[Draft]
    session: str | None
    meta: int = 0
    sidechain: int = 0


# --------------------------------------------------------------------------- helpers


def line_hash(data: dict[str, Any], seen: dict[str, int]) -> str:
    """A stable identity for a line: the hash of its canonical JSON, numbered when the
    very same line occurs again (so identical lines stay distinct entries)."""
    canonical = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    digest = hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:32]
    seen[digest] = seen.get(digest, 0) + 1
    return digest if seen[digest] == 1 else f"{digest}#{seen[digest]}"


def as_string(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def fail(source: str, where: str, problem: str) -> UsageError:
    return UsageError(f"{source}: {where}: {problem}")


def image_part(url: str) -> dict[str, Any]:
    return {"type": "image_url", "image_url": {"url": url}}


def joined_content(parts: list[dict[str, Any]]) -> str | list[dict[str, Any]]:
    """Text-only content as one string (what search and flush read best), else parts."""
    if all(part["type"] == "text" for part in parts):
        return "\n".join(part["text"] for part in parts)
    return parts


def tool_call(call_id: str, name: str, arguments: str) -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}


def ids_for(uid: str, count: int) -> list[str]:
    """Identities for the entries one line yields: the line's own when it yields one."""
    return [uid] if count == 1 else [f"{uid}#{n}" for n in range(1, count + 1)]
