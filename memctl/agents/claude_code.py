"""Claude Code sessions: `~/.claude/projects/<project>/<session>.jsonl`."""

from __future__ import annotations

import json
from typing import Any

from memctl.agents.transcripts import (
    Draft,
    Parsed,
    Piece,
    as_string,
    fail,
    ids_for,
    image_part,
    joined_content,
    line_hash,
    pending_calls,
    tool_call,
)
from memctl.core.threads import Record

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


# Lines that may come between the lines of one reply without ending it: a tool's
# progress, and a prompt queued while Claude is busy (delivered later as an attachment).
NOT_ENDING_A_REPLY = frozenset({"progress", "queue-operation"})
# A reply that stopped for one of these has no tool call, so no block can follow. (Not
# "tool_use": were it written on each block line, the calls of one reply would split.)
ENDED = ("end_turn", "max_tokens", "stop_sequence", "refusal")


def parse_claude(
    records: list[Record], source: str, context: dict[str, Any] | None = None
) -> Parsed:
    """Lines of one reply (one `message.id`) become one assistant message while nothing
    but their own tool results (Claude 2.1 runs a tool while the reply still streams),
    progress lines or subagent lines come between them. A reply that the last lines may
    still extend is marked open (`Parsed.open_from`)."""
    context = context or {}
    conversation = [r for r in records if r.data.get("type") in ("user", "assistant")]
    main_present = context.get("main") is True or any(
        r.data.get("isSidechain") is not True for r in conversation
    )
    parsed = Parsed(drafts=[], session=_claude_session(records, main_present))
    calls = context.get("calls")
    tool_names: dict[str, str] = dict(calls) if isinstance(calls, dict) else {}
    seen: dict[str, int] = {}
    reply: Draft | None = None  # the reply later lines may still join
    reply_id: str | None = None
    for index, record in enumerate(records):
        data = record.data
        kind = data.get("type")
        if kind in NOT_ENDING_A_REPLY:
            parsed.meta += 1
            continue
        if main_present and data.get("isSidechain") is True:
            parsed.sidechain += 1
            continue
        if kind not in ("user", "assistant", "attachment"):
            parsed.meta += 1
            reply = None
            continue
        uid = as_string(data.get("uuid")) or line_hash(data, seen)
        ts = as_string(data.get("timestamp"))
        if kind == "attachment":
            message = _claude_queued_prompt(data, source, record.where)
            if message is None:
                parsed.meta += 1
            else:
                parsed.drafts.append(Draft(record.where, uid, ts, message, index=index))
                reply = None
            continue
        message = data.get("message")
        if not isinstance(message, dict):
            raise fail(source, record.where, f"{kind} line without a 'message' object")
        if kind == "assistant":
            line_id = as_string(message.get("id"))
            if line_id is None or line_id != reply_id:
                reply, reply_id = None, line_id
            piece = _claude_piece(message, uid, ts, record.where, source, tool_names)
            if piece is None or data.get("isApiErrorMessage") is True:
                parsed.meta += 1
            elif reply is not None:
                reply.pieces.append(piece)
            else:
                reply = Draft(record.where, pieces=[piece], index=index)
                parsed.drafts.append(reply)
            if message.get("stop_reason") in ENDED:
                reply = None  # its last block: nothing joins it any more
            continue
        if reply is not None and not _answers(message, reply):
            reply = None
        messages = _claude_user(data, message, source, record.where, tool_names)
        if not messages:
            parsed.meta += 1
        for source_id, entry in zip(ids_for(uid, len(messages)), messages, strict=True):
            parsed.drafts.append(Draft(record.where, source_id, ts, entry, index=index))
    if reply is not None:
        parsed.open_from = reply.index
    parsed.context = {"main": main_present, "calls": pending_calls(tool_names, parsed.drafts)}
    return parsed


def _answers(message: dict[str, Any], reply: Draft) -> bool:
    """Whether a user line holds only results of the reply's own tool calls."""
    content = message.get("content")
    if not isinstance(content, list) or not content:
        return False
    called = {call["id"] for piece in reply.pieces for call in piece.tool_calls}
    return all(
        isinstance(block, dict)
        and block.get("type") == "tool_result"
        and block.get("tool_use_id") in called
        for block in content
    )


def _claude_session(records: list[Record], main_present: bool) -> str | None:
    """The session id; a subagent's own file gets a thread of its own beside its parent's."""
    for record in records:
        session = as_string(record.data.get("sessionId"))
        if session is None:
            continue
        if main_present:
            return session
        agent = as_string(record.data.get("agentId"))
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
        raise fail(source, where, "message.content must be a string or a list of blocks")
    texts: list[str] = []
    calls: list[dict[str, Any]] = []
    for block in content:
        if not isinstance(block, dict):
            raise fail(source, where, "a content block is not a JSON object")
        kind = block.get("type")
        if kind == "text":
            if not isinstance(block.get("text"), str):
                raise fail(source, where, "text block without a string 'text'")
            if block["text"].strip():
                texts.append(block["text"])
        elif kind == "tool_use":
            call_id, name = as_string(block.get("id")), as_string(block.get("name"))
            if call_id is None or name is None:
                raise fail(source, where, "tool_use block needs a string 'id' and 'name'")
            arguments = json.dumps(block.get("input", {}), ensure_ascii=False)
            calls.append(tool_call(call_id, name, arguments))
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
        raise fail(source, where, "message.content must be a string or a list of blocks")
    entries: list[dict[str, Any]] = []
    parts: list[dict[str, Any]] = []
    for block in content:
        if not isinstance(block, dict):
            raise fail(source, where, "a content block is not a JSON object")
        kind = block.get("type")
        if kind == "tool_result":
            entries.append(_claude_tool_result(block, source, where, tool_names))
        elif kind == "text" and isinstance(block.get("text"), str) and block["text"].strip():
            parts.append({"type": "text", "text": block["text"]})
        elif kind == "image" and (image := _claude_image(block)) is not None:
            parts.append(image)
    if parts and not meta:
        entries.append({"role": "user", "content": joined_content(parts), **summary})
    return entries


def _claude_tool_result(
    block: dict[str, Any], source: str, where: str, tool_names: dict[str, str]
) -> dict[str, Any]:
    call_id = as_string(block.get("tool_use_id"))
    if call_id is None:
        raise fail(source, where, "tool_result block without a string 'tool_use_id'")
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
                raise fail(source, where, "a tool_result content block is not a JSON object")
            if item.get("type") == "text" and isinstance(item.get("text"), str):
                parts.append({"type": "text", "text": item["text"]})
            elif item.get("type") == "image" and (image := _claude_image(item)) is not None:
                parts.append(image)
        content = joined_content(parts) if parts else ""
    else:
        raise fail(source, where, "tool_result content must be a string or a list of blocks")
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


def _claude_image(block: dict[str, Any]) -> dict[str, Any] | None:
    """An Anthropic image block as an OpenAI image part (base64 data or a URL)."""
    origin = block.get("source")
    if not isinstance(origin, dict):
        return None
    if origin.get("type") == "base64" and isinstance(origin.get("data"), str):
        media = origin.get("media_type") or "image/png"
        return image_part(f"data:{media};base64,{origin['data']}")
    if origin.get("type") == "url" and isinstance(origin.get("url"), str):
        return image_part(origin["url"])
    return None
