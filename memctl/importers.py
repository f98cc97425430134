"""Import agent transcripts into thread logs: Claude Code, Codex CLI and OpenAI-style.

Other agents already keep their conversations on disk; importing them makes those
conversations flushable and searchable like any thread memctl recorded itself. Neither
tool publishes a schema (see `shared/FORMATS.md`), so the readers are lenient about
line types and fields they do not know (skipped and counted), strict about lines that
cannot be read at all (an error naming the file and line, nothing written), and never
drop a conversation message silently.

Decisions worth knowing:

- Every imported entry carries `source_id`, the identity of the source line it came
  from (Claude: the line's `uuid`; Codex: a hash of the line; OpenAI: a hash of the
  message and its position). An assistant reply merged from several lines also lists
  every line in `source_lines`. Re-importing a file adds only what the thread lacks, so
  importing a session that is still being written, again and again, is safe: lines
  that join a reply already imported arrive as a continuation message, never lost.
- Claude: the blocks of one reply, each written as its own line, are merged by
  `message.id` at the position of the first; thinking is not conversation. Subagent
  lines (`isSidechain`) are skipped when the file also holds the main conversation
  (the subagent's result reaches it as the Task tool's result); a file holding only a
  subagent's traffic is imported whole, into `<session>.agent-<agentId>`. `isMeta`
  lines contribute only their tool results (a tool call must keep its answer). The
  summary written after a compaction (`isCompactSummary`) is kept as a user message
  marked `"compact_summary": true`; prompts queued mid-turn (`queued_command`
  attachments) are user messages. Lines are imported in file order, abandoned
  branches (rewinds) included: nothing the session said is dropped.
- Codex: only `response_item`s count (`event_msg`s repeat them). Developer messages and
  the user-role messages Codex injects itself (environment context, AGENTS.md
  instructions, skills, turn markers) are harness context. Consecutive tool calls join
  the assistant message before them, so parallel calls stay one assistant message
  followed by their results, as chat APIs require. Freeform tool input
  (`custom_tool_call`) becomes JSON arguments `{"input": ...}`. The summary of a
  `compacted` line is kept like Claude's.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Any

from memctl.errors import UsageError
from memctl.threads import (
    Record,
    append_entries,
    check_thread_id,
    read_entries,
    read_records,
    thread_path,
    validate_message,
)
from memctl.workspace import Workspace

FORMATS = ("auto", "claude", "codex", "openai")
FORMAT_NAMES = {
    "claude": "a Claude Code session",
    "codex": "a Codex CLI rollout",
    "openai": "OpenAI-style messages",
}

CLAUDE_LINE_TYPES = frozenset(
    {
        "user",
        "assistant",
        "system",
        "summary",
        "progress",
        "attachment",
        "file-history-snapshot",
        "queue-operation",
    }
)
CODEX_LINE_TYPES = frozenset(
    {"session_meta", "response_item", "event_msg", "turn_context", "compacted"}
)
# Item types of the rollouts written before the {timestamp, type, payload} envelope.
CODEX_ITEM_TYPES = frozenset(
    {
        "message",
        "reasoning",
        "function_call",
        "function_call_output",
        "custom_tool_call",
        "custom_tool_call_output",
        "local_shell_call",
    }
)
# User-role messages Codex writes itself; the markers are the ones Codex uses to tell
# them from what the user typed (codex-rs: contextual_user_message.rs, user_instructions.rs).
CODEX_HARNESS_PREFIXES = (
    "<environment_context>",
    "<user_instructions>",
    "# agents.md instructions for ",
    "<skill",
    "<turn_aborted>",
    "<context_update>",
    "<subagent_notification>",
)
UNSAFE_ID_CHARS = re.compile(r"[^A-Za-z0-9._-]+")


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


# --------------------------------------------------------------------------- reading


def line_format(data: dict[str, Any]) -> str | None:
    """Which format a record belongs to, or None when it could be any."""
    kind = data.get("type")
    if kind in CODEX_LINE_TYPES and isinstance(data.get("payload"), dict):
        return "codex"
    if kind in CODEX_ITEM_TYPES and "payload" not in data:
        return "codex"
    if kind in CLAUDE_LINE_TYPES:
        return "claude"
    if kind == "compaction" or ("role" in data and kind is None):
        return "openai"
    return None


def detect_format(records: list[Record]) -> str | None:
    """The format of the first record that tells; lines that fit any format are passed over."""
    for record in records:
        found = line_format(record.data)
        if found:
            return found
    return None


def unknown_format(records: list[Record], source: str) -> UsageError:
    keys = ", ".join(sorted(records[0].data)[:8]) or "none"
    return UsageError(
        f"{source}: unknown transcript format: no record looks like a Claude Code session, "
        f"a Codex CLI rollout or OpenAI-style messages ({records[0].where} has keys: {keys})"
    )


# --------------------------------------------------------------------------- helpers


def line_hash(data: dict[str, Any], seen: dict[str, int]) -> str:
    """A stable identity for a line: the hash of its canonical JSON, numbered when the
    very same line occurs again (so identical lines stay distinct entries)."""
    canonical = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    digest = hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:32]
    seen[digest] = seen.get(digest, 0) + 1
    return digest if seen[digest] == 1 else f"{digest}#{seen[digest]}"


def _string(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def _fail(source: str, where: str, problem: str) -> UsageError:
    return UsageError(f"{source}: {where}: {problem}")


def _image_part(url: str) -> dict[str, Any]:
    return {"type": "image_url", "image_url": {"url": url}}


def _claude_image(block: dict[str, Any]) -> dict[str, Any] | None:
    """An Anthropic image block as an OpenAI image part (base64 data or a URL)."""
    origin = block.get("source")
    if not isinstance(origin, dict):
        return None
    if origin.get("type") == "base64" and isinstance(origin.get("data"), str):
        media = origin.get("media_type") or "image/png"
        return _image_part(f"data:{media};base64,{origin['data']}")
    if origin.get("type") == "url" and isinstance(origin.get("url"), str):
        return _image_part(origin["url"])
    return None


def _content(parts: list[dict[str, Any]]) -> str | list[dict[str, Any]]:
    """Text-only content as one string (what search and flush read best), else parts."""
    if all(part["type"] == "text" for part in parts):
        return "\n".join(part["text"] for part in parts)
    return parts


def _tool_call(call_id: str, name: str, arguments: str) -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}


def _ids_for(uid: str, count: int) -> list[str]:
    """Identities for the entries one line yields: the line's own when it yields one."""
    return [uid] if count == 1 else [f"{uid}#{n}" for n in range(1, count + 1)]


# --------------------------------------------------------------------------- Claude Code


def parse_claude(records: list[Record], source: str) -> Parsed:
    conversation = [r for r in records if r.data.get("type") in ("user", "assistant")]
    main_present = any(r.data.get("isSidechain") is not True for r in conversation)
    parsed = Parsed(drafts=[], session=_claude_session(records, main_present))
    replies: dict[str, Draft] = {}
    tool_names: dict[str, str] = {}
    seen: dict[str, int] = {}
    for record in records:
        data = record.data
        kind = data.get("type")
        if kind not in ("user", "assistant", "attachment"):
            parsed.meta += 1
            continue
        if main_present and data.get("isSidechain") is True:
            parsed.sidechain += 1
            continue
        uid = _string(data.get("uuid")) or line_hash(data, seen)
        ts = _string(data.get("timestamp"))
        if kind == "attachment":
            message = _claude_queued_prompt(data, source, record.where)
            if message is None:
                parsed.meta += 1
            else:
                parsed.drafts.append(Draft(record.where, uid, ts, message))
            continue
        message = data.get("message")
        if not isinstance(message, dict):
            raise _fail(source, record.where, f"{kind} line without a 'message' object")
        if kind == "assistant":
            piece = _claude_piece(message, uid, ts, record.where, source, tool_names)
            if piece is None or data.get("isApiErrorMessage") is True:
                parsed.meta += 1
                continue
            reply_id = _string(message.get("id"))
            if reply_id is not None and reply_id in replies:
                replies[reply_id].pieces.append(piece)
                continue
            draft = Draft(record.where, pieces=[piece])
            parsed.drafts.append(draft)
            if reply_id is not None:
                replies[reply_id] = draft
            continue
        messages = _claude_user(data, message, source, record.where, tool_names)
        if not messages:
            parsed.meta += 1
        for source_id, entry in zip(_ids_for(uid, len(messages)), messages, strict=True):
            parsed.drafts.append(Draft(record.where, source_id, ts, entry))
    return parsed


def _claude_session(records: list[Record], main_present: bool) -> str | None:
    """The session id; a subagent's own file gets a thread of its own beside its parent's."""
    for record in records:
        session = _string(record.data.get("sessionId"))
        if session is None:
            continue
        if main_present:
            return session
        agent = _string(record.data.get("agentId"))
        return f"{session}.agent-{agent}" if agent else session
    return None


def _claude_piece(
    message: dict[str, Any],
    uid: str,
    ts: str | None,
    where: str,
    source: str,
    tool_names: dict[str, str],
) -> Piece | None:
    """The text and tool calls of one assistant line; None when it holds neither."""
    content = message.get("content")
    if isinstance(content, str):
        return Piece(uid, where, ts, [content], []) if content.strip() else None
    if not isinstance(content, list):
        raise _fail(source, where, "message.content must be a string or a list of blocks")
    texts: list[str] = []
    calls: list[dict[str, Any]] = []
    for block in content:
        if not isinstance(block, dict):
            raise _fail(source, where, "a content block is not a JSON object")
        kind = block.get("type")
        if kind == "text":
            if not isinstance(block.get("text"), str):
                raise _fail(source, where, "text block without a string 'text'")
            if block["text"].strip():
                texts.append(block["text"])
        elif kind == "tool_use":
            call_id, name = _string(block.get("id")), _string(block.get("name"))
            if call_id is None or name is None:
                raise _fail(source, where, "tool_use block needs a string 'id' and 'name'")
            arguments = json.dumps(block.get("input", {}), ensure_ascii=False)
            calls.append(_tool_call(call_id, name, arguments))
            tool_names[call_id] = name
    if not texts and not calls:
        return None
    return Piece(uid, where, ts, texts, calls)


def _claude_user(
    data: dict[str, Any],
    message: dict[str, Any],
    source: str,
    where: str,
    tool_names: dict[str, str],
) -> list[dict[str, Any]]:
    """The entries of one user line: a tool message per tool_result, then what the user said."""
    content = message.get("content")
    meta = data.get("isMeta") is True
    summary = {"compact_summary": True} if data.get("isCompactSummary") is True else {}
    if isinstance(content, str):
        if meta or not content.strip():
            return []
        return [{"role": "user", "content": content, **summary}]
    if not isinstance(content, list):
        raise _fail(source, where, "message.content must be a string or a list of blocks")
    entries: list[dict[str, Any]] = []
    parts: list[dict[str, Any]] = []
    for block in content:
        if not isinstance(block, dict):
            raise _fail(source, where, "a content block is not a JSON object")
        kind = block.get("type")
        if kind == "tool_result":
            entries.append(_claude_tool_result(block, source, where, tool_names))
        elif kind == "text" and isinstance(block.get("text"), str) and block["text"].strip():
            parts.append({"type": "text", "text": block["text"]})
        elif kind == "image" and (image := _claude_image(block)) is not None:
            parts.append(image)
    if parts and not meta:
        entries.append({"role": "user", "content": _content(parts), **summary})
    return entries


def _claude_tool_result(
    block: dict[str, Any], source: str, where: str, tool_names: dict[str, str]
) -> dict[str, Any]:
    call_id = _string(block.get("tool_use_id"))
    if call_id is None:
        raise _fail(source, where, "tool_result block without a string 'tool_use_id'")
    result = block.get("content")
    content: str | list[dict[str, Any]]
    if result is None:
        content = ""
    elif isinstance(result, str):
        content = result
    elif isinstance(result, list):
        parts = []
        for item in result:
            if not isinstance(item, dict):
                raise _fail(source, where, "a tool_result content block is not a JSON object")
            if item.get("type") == "text" and isinstance(item.get("text"), str):
                parts.append({"type": "text", "text": item["text"]})
            elif item.get("type") == "image" and (image := _claude_image(item)) is not None:
                parts.append(image)
        content = _content(parts) if parts else ""
    else:
        raise _fail(source, where, "tool_result content must be a string or a list of blocks")
    entry: dict[str, Any] = {"role": "tool", "tool_call_id": call_id, "content": content}
    if call_id in tool_names:
        entry["name"] = tool_names[call_id]
    if block.get("is_error") is True:
        entry["is_error"] = True
    return entry


def _claude_queued_prompt(data: dict[str, Any], source: str, where: str) -> dict[str, Any] | None:
    """A prompt typed while Claude was busy, delivered mid-turn as an attachment."""
    attachment = data.get("attachment")
    if not isinstance(attachment, dict) or attachment.get("type") != "queued_command":
        return None
    if attachment.get("commandMode", "prompt") != "prompt":
        return None
    prompt = attachment.get("prompt")
    if isinstance(prompt, str):
        return {"role": "user", "content": prompt} if prompt.strip() else None
    if isinstance(prompt, list):
        said = [
            entry
            for entry in _claude_user({}, {"content": prompt}, source, where, {})
            if entry["role"] == "user"
        ]
        return said[0] if said else None
    return None


# --------------------------------------------------------------------------- Codex CLI


def parse_codex(records: list[Record], source: str) -> Parsed:
    parsed = Parsed(drafts=[], session=None)
    tool_names: dict[str, str] = {}
    seen: dict[str, int] = {}
    reply: Draft | None = None  # the assistant message later tool calls join
    for record in records:
        data = record.data
        if "payload" in data:
            kind, item = data.get("type"), data.get("payload")
            if not isinstance(item, dict):
                raise _fail(source, record.where, "'payload' must be a JSON object")
            if kind == "session_meta":
                parsed.session = parsed.session or _string(item.get("id"))
            if kind == "compacted" and _string(item.get("message")):
                summary = {"role": "user", "content": item["message"], "compact_summary": True}
                uid = line_hash(data, seen)
                parsed.drafts.append(
                    Draft(record.where, uid, _string(data.get("timestamp")), summary)
                )
                reply = None
                continue
            if kind != "response_item":
                parsed.meta += 1
                continue
        elif data.get("type") in CODEX_ITEM_TYPES:
            item = data
        else:
            # The first line of a pre-envelope rollout names the session; other lines
            # (`record_type: state`) are bookkeeping.
            if parsed.session is None and "record_type" not in data:
                parsed.session = _string(data.get("id"))
            parsed.meta += 1
            continue
        uid = line_hash(data, seen)
        ts = _string(data.get("timestamp")) or _string(item.get("timestamp"))
        kind = item.get("type")
        if kind == "message":
            role = item.get("role")
            parts = _codex_parts(item.get("content"), source, record.where)
            if role == "assistant" and parts:
                texts = [p["text"] for p in parts if p["type"] == "text"]
                reply = Draft(record.where, pieces=[Piece(uid, record.where, ts, texts, [])])
                parsed.drafts.append(reply)
            elif role == "user" and parts and not _codex_harness(parts):
                parsed.drafts.append(
                    Draft(record.where, uid, ts, {"role": "user", "content": _content(parts)})
                )
                reply = None
            else:
                parsed.meta += 1
        elif kind in ("function_call", "custom_tool_call", "local_shell_call"):
            call = _codex_call(item, uid, source, record.where)
            tool_names[call["id"]] = call["function"]["name"]
            piece = Piece(uid, record.where, ts, [], [call])
            if reply is None:
                reply = Draft(record.where, pieces=[piece])
                parsed.drafts.append(reply)
            else:
                reply.pieces.append(piece)
        elif kind in ("function_call_output", "custom_tool_call_output"):
            call_id = _string(item.get("call_id"))
            if call_id is None:
                raise _fail(source, record.where, f"{kind} without a string 'call_id'")
            entry: dict[str, Any] = {
                "role": "tool",
                "tool_call_id": call_id,
                "content": _codex_output(item.get("output")),
            }
            if call_id in tool_names:
                entry["name"] = tool_names[call_id]
            parsed.drafts.append(Draft(record.where, uid, ts, entry))
            reply = None
        else:
            # reasoning, web searches, snapshots, encrypted compaction items: not messages
            parsed.meta += 1
    return parsed


def _codex_parts(content: Any, source: str, where: str) -> list[dict[str, Any]]:
    if not isinstance(content, list):
        raise _fail(source, where, "message content must be a list of parts")
    parts: list[dict[str, Any]] = []
    for part in content:
        if not isinstance(part, dict):
            raise _fail(source, where, "a content part is not a JSON object")
        kind = part.get("type")
        if kind in ("input_text", "output_text", "text"):
            if not isinstance(part.get("text"), str):
                raise _fail(source, where, f"{kind} part without a string 'text'")
            if part["text"].strip():
                parts.append({"type": "text", "text": part["text"]})
        elif kind == "input_image" and isinstance(part.get("image_url"), str):
            parts.append(_image_part(part["image_url"]))
    return parts


def _codex_harness(parts: list[dict[str, Any]]) -> bool:
    return any(
        part["type"] == "text" and part["text"].lstrip().lower().startswith(CODEX_HARNESS_PREFIXES)
        for part in parts
    )


def _codex_call(item: dict[str, Any], uid: str, source: str, where: str) -> dict[str, Any]:
    kind = item["type"]
    call_id = _string(item.get("call_id")) or _string(item.get("id"))
    if kind == "local_shell_call":
        # The built-in shell of early Codex models: the action is the call's arguments.
        arguments = json.dumps(item.get("action", {}), ensure_ascii=False)
        return _tool_call(call_id or f"call_{uid}", "local_shell", arguments)
    name = _string(item.get("name"))
    if call_id is None or name is None:
        raise _fail(source, where, f"{kind} needs a string 'call_id' and 'name'")
    if kind == "custom_tool_call":
        arguments = json.dumps({"input": item.get("input", "")}, ensure_ascii=False)
    elif isinstance(item.get("arguments"), str):
        arguments = item["arguments"]
    else:
        arguments = json.dumps(item.get("arguments", {}), ensure_ascii=False)
    return _tool_call(call_id, name, arguments)


def _codex_output(output: Any) -> str | list[dict[str, Any]]:
    """A tool result's text. Older Codex wrapped it as the JSON string
    `{"output": ..., "metadata": {...}}`; newer ones write the text itself, or a list of
    content items when a tool returned images."""
    if isinstance(output, str):
        try:
            inner = json.loads(output)
        except (ValueError, RecursionError):  # RecursionError: nested too deeply
            return output
        if (
            isinstance(inner, dict)
            and isinstance(inner.get("output"), str)
            and set(inner) <= {"output", "metadata"}
        ):
            return inner["output"]
        return output
    if isinstance(output, list):
        parts = []
        for item in output:
            if isinstance(item, dict) and isinstance(item.get("text"), str):
                parts.append({"type": "text", "text": item["text"]})
            elif isinstance(item, dict) and isinstance(item.get("image_url"), str):
                parts.append(_image_part(item["image_url"]))
        return _content(parts) if parts else ""
    if isinstance(output, dict) and isinstance(output.get("content"), str):
        return output["content"]
    return "" if output is None else json.dumps(output, ensure_ascii=False)


# --------------------------------------------------------------------------- OpenAI-style


def parse_openai(records: list[Record], source: str) -> Parsed:
    parsed = Parsed(drafts=[], session=None)
    for position, record in enumerate(records):
        if record.data.get("type") == "compaction":
            # memctl's own compaction records, when a thread log is imported elsewhere
            parsed.meta += 1
            continue
        message = validate_message(record.data, f"{source}: {record.where}")
        source_id = _string(message.pop("source_id", None))
        if source_id is None:
            canonical = json.dumps(record.data, sort_keys=True, ensure_ascii=False)
            digest = hashlib.sha256(f"{position}\n{canonical}".encode()).hexdigest()[:32]
            source_id = digest
        ts = message.pop("ts", None)
        parsed.drafts.append(Draft(record.where, source_id, ts, message))
    return parsed


PARSERS = {"claude": parse_claude, "codex": parse_codex, "openai": parse_openai}


# --------------------------------------------------------------------------- importing


def thread_id_from(name: str) -> str:
    """A name made into a valid thread id: unsafe runs to `_`, no leading/trailing dots."""
    return UNSAFE_ID_CHARS.sub("_", name).strip("._-")[:128].rstrip("._-")


def default_thread(session: str | None, stem: str | None, source: str) -> str:
    for candidate in (session, stem):
        if candidate and (thread := thread_id_from(candidate)):
            return thread
    raise UsageError(f"{source}: nothing to name the thread after; pass --thread ID")


def known_sources(ws: Workspace, thread: str) -> set[str]:
    """The source identities already in a thread (none if it does not exist yet)."""
    if not thread_path(ws, thread).exists():
        return set()
    known: set[str] = set()
    for entry in read_entries(ws, thread):
        if isinstance(entry.get("source_id"), str):
            known.add(entry["source_id"])
        lines = entry.get("source_lines")
        if isinstance(lines, list):
            known.update(x for x in lines if isinstance(x, str))
    return known


def merged_reply(pieces: list[Piece]) -> dict[str, Any]:
    texts = [text for piece in pieces for text in piece.texts]
    calls = [call for piece in pieces for call in piece.tool_calls]
    message: dict[str, Any] = {"role": "assistant", "content": "\n\n".join(texts) or None}
    if calls:
        message["tool_calls"] = calls
    return message


def fresh_entries(
    drafts: list[Draft], known: set[str], source: str
) -> tuple[list[dict[str, Any]], int]:
    """The entries the thread lacks, checked like any appended message, and how many
    drafts it already holds."""
    entries: list[dict[str, Any]] = []
    existing = 0
    for draft in drafts:
        if draft.pieces:
            pieces = [p for p in draft.pieces if p.source_id not in known]
            if not pieces:
                existing += 1
                continue
            ids = [p.source_id for p in pieces]
            entry = {**merged_reply(pieces), "ts": pieces[0].ts, "source_id": ids[0]}
            if len(ids) > 1:
                entry["source_lines"] = ids
            where = pieces[0].where
        else:
            if draft.source_id in known:
                existing += 1
                continue
            entry = {**draft.message, "ts": draft.ts, "source_id": draft.source_id}
            where = draft.where
        if entry["ts"] is None:
            del entry["ts"]  # append_entries stamps the time of the import
        entries.append(validate_message(entry, f"{source}: {where}"))
    return entries, existing


def import_transcript(
    ws: Workspace,
    data: bytes,
    source: str,
    *,
    stem: str | None,
    fmt: str = "auto",
    thread: str | None = None,
    dry_run: bool = False,
) -> ImportResult:
    """Read a transcript and append the entries its thread does not hold yet, all or none.

    `source` names the file in messages; `stem` (the file name without its suffix, None
    for stdin) names the thread when the transcript carries no session id.
    """
    if fmt not in FORMATS:
        raise UsageError(f"unknown format {fmt!r}: use one of {', '.join(FORMATS)}")
    if thread is not None:
        check_thread_id(thread)
    records = read_records(data, source)
    if not records:
        raise UsageError(f"{source}: empty, nothing to import")
    detected = detect_format(records)
    if fmt == "auto":
        if detected is None:
            raise unknown_format(records, source)
        fmt = detected
    elif detected is not None and detected != fmt:
        raise UsageError(
            f"{source} looks like {FORMAT_NAMES[detected]}, not {FORMAT_NAMES[fmt]} "
            f"(use --format {detected} or --format auto)"
        )
    parsed = PARSERS[fmt](records, source)
    target = thread or default_thread(parsed.session, stem, source)
    path = ws.relative(thread_path(ws, target))

    def result(entries: list[dict[str, Any]], existing: int) -> ImportResult:
        return ImportResult(
            thread=target,
            format=fmt,
            file=source,
            path=path,
            read=len(records),
            imported=len(entries),
            skipped_existing=existing,
            skipped_meta=parsed.meta,
            skipped_sidechain=parsed.sidechain,
            dry_run=dry_run,
            preview=entries if dry_run else None,
        )

    if dry_run:
        # No lock: it would create .memctl/, and a dry run leaves the workspace as it was.
        return result(*fresh_entries(parsed.drafts, known_sources(ws, target), source))
    with ws.lock():
        entries, existing = fresh_entries(parsed.drafts, known_sources(ws, target), source)
        if entries:
            append_entries(ws, target, entries)
    return result(entries, existing)
