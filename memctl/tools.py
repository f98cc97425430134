"""The agent's memory tools: JSON schemas and dispatch, independent of any transport.

`call` offers them to the model as OpenAI function tools; the MCP server offers the
same names, descriptions and parameter schemas. A tool never raises: a bad argument,
an invalid matchMode or a path outside the memory comes back as error text the model
can read and correct (`ToolOutcome.is_error`), as the reference does.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from memctl.config import Config
from memctl.errors import MemctlError
from memctl.threads import is_compaction, read_entries, searchable_text
from memctl.workspace import Workspace

HISTORY_DEFAULT_ENTRIES = 20
HISTORY_MAX_ENTRIES = 100
HISTORY_ENTRY_CHARS = 4_000
HISTORY_TOTAL_CHARS = 40_000

_MATCH_MODE = {
    "type": "string",
    "enum": ["phrase", "all", "any"],
    "description": (
        "phrase (default): the whole query as a literal substring. all: the query is "
        "split on whitespace and every keyword must be in the same record, in any "
        "order. any: at least one keyword. Matching ignores case; no other value is "
        "accepted."
    ),
}

SCHEMAS: dict[str, dict[str, Any]] = {
    "memory_search": {
        "description": (
            "Search long-term memory (MEMORY.md and the daily ledgers memory/*.md) by "
            "keyword. Use it before answering from memory, and whenever MEMORY.md in the "
            "reference material was cut or does not mention what you need. Returns "
            "matching lines as `Source: <path>#<line>: <text>`; read around a hit with "
            "memory_get."
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "Keywords or a phrase to find."},
                "matchMode": _MATCH_MODE,
            },
            "required": ["query"],
        },
    },
    "memory_get": {
        "description": (
            "Read lines of a memory file: MEMORY.md or a file under memory/ (for example "
            "memory/2026-06-02.md, or a path from a memory_search result). Lines are "
            "1-based and inclusive, printed as `N|text`."
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "path": {"type": "string", "description": "MEMORY.md or memory/<file>.md."},
                "startLine": {
                    "type": "integer",
                    "description": "First line to read (1-based; default 1).",
                },
                "endLine": {
                    "type": "integer",
                    "description": "Last line to read, inclusive (default: the end of the file).",
                },
            },
            "required": ["path"],
        },
    },
    "memory_save": {
        "description": (
            "Save a durable fact to long-term memory (MEMORY.md and today's ledger): a "
            "decision, a preference, a name, a date, or anything the user asks you to "
            "remember. One fact per line; lines starting with '- ' are separate memories."
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "content": {"type": "string", "description": "The fact(s) to remember."},
            },
            "required": ["content"],
        },
    },
    "thread_search": {
        "description": (
            "Search past conversations (thread logs) by keyword: each entry is one "
            "message. Returns `Source: threads/<id>.jsonl#<entry> [role]: text`; read "
            "the entries around a hit with thread_history."
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "Keywords or a phrase to find."},
                "matchMode": _MATCH_MODE,
                "thread": {
                    "type": "string",
                    "description": "Search only this thread id (default: every thread).",
                },
            },
            "required": ["query"],
        },
    },
    "thread_history": {
        "description": (
            "Read entries of a thread log, including the parts of this conversation that "
            "were summarised away. Entries are numbered from 0 as in thread_search "
            f"results; at most {HISTORY_MAX_ENTRIES} a call."
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "thread": {"type": "string", "description": "The thread id."},
                "start": {
                    "type": "integer",
                    "description": (
                        "First entry (0-based; negative counts from the end; default: "
                        f"the last {HISTORY_DEFAULT_ENTRIES} entries)."
                    ),
                },
                "end": {
                    "type": "integer",
                    "description": "Last entry, inclusive (default: the last entry).",
                },
            },
            "required": ["thread"],
        },
    },
}
TOOL_NAMES = tuple(SCHEMAS)


def openai_tools() -> list[dict[str, Any]]:
    """The tools in the shape of the OpenAI chat API (what litellm sends)."""
    return [
        {"type": "function", "function": {"name": name, **schema}}
        for name, schema in SCHEMAS.items()
    ]


@dataclass
class ToolOutcome:
    text: str
    is_error: bool = False


class ToolArgumentError(ValueError):
    """An argument the model got wrong; it reads the message and tries again."""


def _arguments(raw: str | dict[str, Any] | None) -> dict[str, Any]:
    if raw is None or raw == "":
        return {}
    if isinstance(raw, dict):
        return raw
    try:
        parsed = json.loads(raw)
    except (ValueError, RecursionError) as exc:  # RecursionError: nested too deeply
        raise ToolArgumentError(f"arguments are not valid JSON: {exc}") from None
    if not isinstance(parsed, dict):
        raise ToolArgumentError("arguments must be a JSON object")
    return parsed


def _string(args: dict[str, Any], key: str, required: bool = False) -> str | None:
    value = args.get(key)
    if value is None:
        if required:
            raise ToolArgumentError(f"{key} is required")
        return None
    if not isinstance(value, str):
        raise ToolArgumentError(f"{key} must be a string")
    return value


def _integer(args: dict[str, Any], key: str) -> int | None:
    value = args.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            return int(value)
        raise ToolArgumentError(f"{key} must be an integer")
    return value


def _mode(args: dict[str, Any]) -> str:
    """matchMode: omitted or null is phrase; any other value is checked by search."""
    value = args.get("matchMode")
    if value is None:
        return "phrase"
    if not isinstance(value, str):
        raise ToolArgumentError(f"matchMode must be phrase, all or any, not {value!r}")
    return value


def run_tool(
    ws: Workspace, config: Config, name: str, arguments: str | dict[str, Any] | None
) -> ToolOutcome:
    """Run one tool call; every failure is returned as error text, never raised."""
    handler = _HANDLERS.get(name)
    if handler is None:
        return ToolOutcome(
            f"Error: unknown tool {name!r}; the tools are {', '.join(TOOL_NAMES)}", True
        )
    if not config.memory.tools:
        return ToolOutcome("Error: the memory tools are switched off (memory.tools: false)", True)
    try:
        return ToolOutcome(handler(ws, config, _arguments(arguments)))
    except (ToolArgumentError, MemctlError) as exc:
        return ToolOutcome(f"Error: {exc}", True)
    except Exception as exc:
        # A bug in a tool must not end the agent's turn; the model is told what failed.
        return ToolOutcome(f"Error: internal error in {name}: {type(exc).__name__}: {exc}", True)


# --------------------------------------------------------------------------- handlers


def _memory_search(ws: Workspace, config: Config, args: dict[str, Any]) -> str:
    from memctl.search import format_for_agent, search

    query = _string(args, "query", required=True) or ""
    return format_for_agent(search(ws, query, mode=_mode(args), scope="memory"), query)


def _thread_search(ws: Workspace, config: Config, args: dict[str, Any]) -> str:
    from memctl.search import format_for_agent, search
    from memctl.threads import check_thread_id

    query = _string(args, "query", required=True) or ""
    thread = _string(args, "thread")
    threads = [check_thread_id(thread)] if thread else None
    result = search(ws, query, mode=_mode(args), scope="threads", threads=threads)
    return format_for_agent(result, query)


def _memory_get(ws: Workspace, config: Config, args: dict[str, Any]) -> str:
    path = _string(args, "path", required=True) or ""
    start, end = _integer(args, "startLine"), _integer(args, "endLine")
    from memctl.memory import get

    return render_lines(get(ws, path, start, end))


def _memory_save(ws: Workspace, config: Config, args: dict[str, Any]) -> str:
    content = _string(args, "content", required=True) or ""
    from memctl.memory import save

    return render_save(save(ws, config, content))


def _thread_history(ws: Workspace, config: Config, args: dict[str, Any]) -> str:
    thread = _string(args, "thread", required=True) or ""
    entries = read_entries(ws, thread)
    total = len(entries)
    if not total:
        return f"Thread {thread} has no entries."
    start = _integer(args, "start")
    end = _integer(args, "end")
    if start is None:
        start = max(0, (end + 1 if end is not None else total) - HISTORY_DEFAULT_ENTRIES)
    elif start < 0:
        start = max(0, total + start)
    end = total - 1 if end is None else min(end, total - 1)
    if start >= total:
        raise ToolArgumentError(f"start {start} is past the last entry ({total - 1})")
    if end < start:
        raise ToolArgumentError(f"end {end} is before start {start}")
    end = min(end, start + HISTORY_MAX_ENTRIES - 1)
    lines = [f"Thread {thread}, entries {start}-{end} of {total}:"]
    used = 0
    for index in range(start, end + 1):
        line = history_line(index, entries[index])
        if used + len(line) > HISTORY_TOTAL_CHARS and index > start:
            lines.append(f"… output limit reached; continue with start={index}")
            break
        lines.append(line)
        used += len(line)
    else:
        if end < total - 1:
            lines.append(f"… {total - 1 - end} later entries; continue with start={end + 1}")
    return "\n".join(lines)


def history_line(index: int, entry: dict[str, Any]) -> str:
    role = "compaction" if is_compaction(entry) else str(entry.get("role", "?"))
    text = searchable_text(entry)
    if is_compaction(entry):
        text = f"(summary of entries before {entry.get('cut')}) {text}"
    if len(text) > HISTORY_ENTRY_CHARS:
        text = text[:HISTORY_ENTRY_CHARS] + f" … [{len(text) - HISTORY_ENTRY_CHARS:,} more chars]"
    return f"#{index} [{role}] {text}"


def render_lines(result: Any) -> str:
    """memory_get's text: `N|text` lines, numbered from the first line read."""
    lines = list(result.lines)
    start = int(result.start)
    if not lines:
        return f"{result.path}: no lines"
    return "\n".join(f"{start + offset}|{text}" for offset, text in enumerate(lines))


def render_save(result: Any) -> str:
    count = getattr(result, "memories", None) or 1
    return f"Saved {count} memor{'y' if count == 1 else 'ies'} to MEMORY.md and the daily ledger."


_HANDLERS = {
    "memory_search": _memory_search,
    "memory_get": _memory_get,
    "memory_save": _memory_save,
    "thread_search": _thread_search,
    "thread_history": _thread_history,
}
