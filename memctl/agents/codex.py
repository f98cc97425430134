"""Codex CLI rollouts: `~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl`."""

from __future__ import annotations

import json
from typing import Any

from memctl.agents.transcripts import (
    Draft,
    Parsed,
    Piece,
    as_string,
    fail,
    image_part,
    joined_content,
    line_hash,
    pending_calls,
    tool_call,
)
from memctl.core.threads import Record

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


# Events that mark the end of a model response or of a turn: no tool call joins the
# assistant message before them any more.
RESPONSE_ENDS = frozenset(
    {"token_count", "task_complete", "turn_aborted", "task_started", "user_message"}
)


def parse_codex(
    records: list[Record], source: str, context: dict[str, Any] | None = None
) -> Parsed:
    """Tool calls join the assistant message before them until a result, a message or
    the end of the response comes; one that the last lines may still extend is open."""
    context = context or {}
    parsed = Parsed(drafts=[], session=None)
    calls = context.get("calls")
    tool_names: dict[str, str] = dict(calls) if isinstance(calls, dict) else {}
    seen: dict[str, int] = {}
    reply: Draft | None = None  # the assistant message later tool calls join
    for index, record in enumerate(records):
        data = record.data
        if "payload" in data:
            kind, item = data.get("type"), data.get("payload")
            if not isinstance(item, dict):
                raise fail(source, record.where, "'payload' must be a JSON object")
            if kind == "session_meta":
                parsed.session = parsed.session or as_string(item.get("id"))
            if kind == "compacted" and as_string(item.get("message")):
                summary = {"role": "user", "content": item["message"], "compact_summary": True}
                uid = line_hash(data, seen)
                ts = as_string(data.get("timestamp"))
                parsed.drafts.append(Draft(record.where, uid, ts, summary, index=index))
                reply = None
                continue
            if kind != "response_item":
                parsed.meta += 1
                if kind != "event_msg" or item.get("type") in RESPONSE_ENDS:
                    reply = None
                continue
        elif data.get("type") in CODEX_ITEM_TYPES:
            item = data
        else:
            # The first line of a pre-envelope rollout names the session; other lines
            # (`record_type: state`) are bookkeeping.
            if parsed.session is None and "record_type" not in data:
                parsed.session = as_string(data.get("id"))
            parsed.meta += 1
            continue
        uid = line_hash(data, seen)
        ts = as_string(data.get("timestamp")) or as_string(item.get("timestamp"))
        kind = item.get("type")
        if kind == "message":
            role = item.get("role")
            parts = _codex_parts(item.get("content"), source, record.where)
            if role == "assistant" and parts:
                texts = [p["text"] for p in parts if p["type"] == "text"]
                piece = Piece(uid, record.where, ts, texts, [])
                reply = Draft(record.where, pieces=[piece], index=index)
                parsed.drafts.append(reply)
            elif role == "user" and parts and not _codex_harness(parts):
                message = {"role": "user", "content": joined_content(parts)}
                parsed.drafts.append(Draft(record.where, uid, ts, message, index=index))
                reply = None
            else:
                parsed.meta += 1
        elif kind in ("function_call", "custom_tool_call", "local_shell_call"):
            call = _codex_call(item, uid, source, record.where)
            tool_names[call["id"]] = call["function"]["name"]
            piece = Piece(uid, record.where, ts, [], [call])
            if reply is None:
                reply = Draft(record.where, pieces=[piece], index=index)
                parsed.drafts.append(reply)
            else:
                reply.pieces.append(piece)
        elif kind in ("function_call_output", "custom_tool_call_output"):
            call_id = as_string(item.get("call_id"))
            if call_id is None:
                raise fail(source, record.where, f"{kind} without a string 'call_id'")
            entry: dict[str, Any] = {
                "role": "tool",
                "tool_call_id": call_id,
                "content": _codex_output(item.get("output")),
            }
            if call_id in tool_names:
                entry["name"] = tool_names[call_id]
            parsed.drafts.append(Draft(record.where, uid, ts, entry, index=index))
            reply = None
        else:
            # reasoning, web searches, snapshots, encrypted compaction items: not messages
            parsed.meta += 1
    if reply is not None:
        parsed.open_from = reply.index
    parsed.context = {"calls": pending_calls(tool_names, parsed.drafts)}
    return parsed


def _codex_parts(content: Any, source: str, where: str) -> list[dict[str, Any]]:
    if not isinstance(content, list):
        raise fail(source, where, "message content must be a list of parts")
    parts: list[dict[str, Any]] = []
    for part in content:
        if not isinstance(part, dict):
            raise fail(source, where, "a content part is not a JSON object")
        kind = part.get("type")
        if kind in ("input_text", "output_text", "text"):
            if not isinstance(part.get("text"), str):
                raise fail(source, where, f"{kind} part without a string 'text'")
            if part["text"].strip():
                parts.append({"type": "text", "text": part["text"]})
        elif kind == "input_image" and isinstance(part.get("image_url"), str):
            parts.append(image_part(part["image_url"]))
    return parts


def _codex_harness(parts: list[dict[str, Any]]) -> bool:
    return any(
        part["type"] == "text" and part["text"].lstrip().lower().startswith(CODEX_HARNESS_PREFIXES)
        for part in parts
    )


def _codex_call(item: dict[str, Any], uid: str, source: str, where: str) -> dict[str, Any]:
    kind = item["type"]
    call_id = as_string(item.get("call_id")) or as_string(item.get("id"))
    if kind == "local_shell_call":
        # The built-in shell of early Codex models: the action is the call's arguments.
        arguments = json.dumps(item.get("action", {}), ensure_ascii=False)
        return tool_call(call_id or f"call_{uid}", "local_shell", arguments)
    name = as_string(item.get("name"))
    if call_id is None or name is None:
        raise fail(source, where, f"{kind} needs a string 'call_id' and 'name'")
    if kind == "custom_tool_call":
        arguments = json.dumps({"input": item.get("input", "")}, ensure_ascii=False)
    elif isinstance(item.get("arguments"), str):
        arguments = item["arguments"]
    else:
        arguments = json.dumps(item.get("arguments", {}), ensure_ascii=False)
    return tool_call(call_id, name, arguments)


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
                parts.append(image_part(item["image_url"]))
        return joined_content(parts) if parts else ""
    if isinstance(output, dict) and isinstance(output.get("content"), str):
        return output["content"]
    return "" if output is None else json.dumps(output, ensure_ascii=False)
