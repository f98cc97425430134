"""What the format readers share: the drafts they produce, the result of an import, and
small helpers for building chat messages from another tool's records."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from memctl.core.errors import UsageError
from memctl.core.threads import Record, loads, read_records

# --------------------------------------------------------------------------- results


@dataclass
class ImportResult:
    """What an import did. `read` counts the file's records (lines, or items of a JSON
    array); `imported` and `skipped_existing` count thread entries; the other two count
    records that carry no conversation or belong to a subagent. `held_back` counts the
    records left for the next import: a reply still being written, or a torn last line."""

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
    held_back: int = 0
    skipped: str | None = None  # why a whole transcript was passed over


# --------------------------------------------------------------------------- drafts


class Piece(NamedTuple):
    """What one source line adds to an assistant reply merged from several lines (read
    only: a named tuple, as `Reading`)."""

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
    index: int = 0  # the record it starts at: what is held back starts at a record


@dataclass
class Parsed:
    """What a reader made of some records. `open_from` is the record where a reply that
    may still grow begins (None when every reply is complete): importing it now would
    fix in the log a message the next lines still change, so it waits. `context` is
    what a later import of the lines that follow needs to read them as a whole-file
    import would (see `import_source`). `batch_from` is where a reply ending in a batch
    of tool calls begins when nothing but those calls and their results follows it:
    the batch may still grow (Claude Code writes parallel calls one line each,
    interleaved with their results; Codex writes the calls, then the outputs), so it
    waits even when the turn is said to be over (a SubagentStop comes mid-batch)."""

    drafts: list[Draft]
    session: str | None
    meta: int = 0
    sidechain: int = 0
    open_from: int | None = None
    batch_from: int | None = None
    context: dict[str, Any] = field(default_factory=dict)


PENDING_CALLS_KEPT = 200


def pending_calls(tool_names: dict[str, str], drafts: list[Draft]) -> dict[str, str]:
    """The tool calls whose results have not come yet, by id: a later import names the
    tool of a result with them. The most recent ones only, so the state stays small."""
    answered = {d.message.get("tool_call_id") for d in drafts if not d.pieces}
    pending = [(k, v) for k, v in tool_names.items() if k not in answered]
    return dict(pending[-PENDING_CALLS_KEPT:])


# --------------------------------------------------------------------------- reading


def open_batch(reply: Draft | None) -> int | None:
    """Where the reply the last lines may still extend begins, when it calls tools."""
    if reply is None or not any(piece.tool_calls for piece in reply.pieces):
        return None
    return reply.index


class Reading(NamedTuple):
    """The records of (part of) a source file. For JSONL, `starts` holds the byte offset
    of each record in the file and `end` the offset after the last complete line; a
    torn last line (no newline, not JSON: the writer is still at it) is left out and
    counted in `torn`. A whole-file JSON document has no offsets (`starts` is None).
    Read only, so a named tuple: a dataclass compiles its methods at every start-up."""

    records: list[Record]
    starts: list[int] | None
    end: int
    torn: int = 0
    next_line: int = 1  # the number of the line at `end`


def read_source(data: bytes, source: str, offset: int = 0, first_line: int = 1) -> Reading:
    """Read `data`, the bytes of a source file from byte `offset` on (line `first_line`)."""
    head = data.lstrip(b"\xef\xbb\xbf \t\r\n") if offset == 0 else b""
    if head.startswith(b"["):
        return Reading(read_records(data, source), None, offset + len(data))
    body, torn = data, 0
    if not data.endswith(b"\n"):
        cut = data.rfind(b"\n") + 1
        if data[cut:].strip() and not _is_json(data[cut:]):
            body, torn = data[:cut], len(data) - cut
    records: list[Record] = []
    starts: list[int] = []
    position = 0
    for number, line in enumerate(body.split(b"\n"), first_line):
        start, position = position, position + len(line) + 1
        if number == 1 and line.startswith(b"\xef\xbb\xbf"):
            line = line[3:]
        if not line.strip():
            continue
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            byte = offset + start + exc.start
            raise UsageError(f"{source}: line {number}: not UTF-8 (byte {byte})") from None
        try:
            item = loads(text)
        except json.JSONDecodeError as exc:
            if not records and offset == 0 and _is_json(data):
                # one JSON document over several lines (a pretty-printed request body)
                return Reading(read_records(data, source), None, len(data))
            raise UsageError(f"{source}: line {number}: invalid JSON: {exc.msg}") from None
        if not isinstance(item, dict):
            raise UsageError(f"{source}: line {number}: not a JSON object")
        records.append(Record(f"line {number}", item))
        starts.append(offset + start)
    if offset == 0 and len(records) == 1 and isinstance(records[0].data.get("messages"), list):
        return Reading(read_records(data, source), None, len(data))
    return Reading(records, starts, offset + len(body), torn, first_line + body.count(b"\n"))


def _is_json(data: bytes) -> bool:
    try:
        loads(data.decode("utf-8").removeprefix("\ufeff"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return False
    return True


# --------------------------------------------------------------------------- helpers


def line_hash(data: dict[str, Any], seen: dict[str, int]) -> str:
    """A stable identity for a line: the hash of its canonical JSON, numbered when the
    very same line occurs again (so identical lines stay distinct entries)."""
    import hashlib  # not at import: OpenSSL's load is paid only by a line to read

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
