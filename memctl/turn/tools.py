"""The agent's memory tools: JSON schemas and dispatch, independent of any transport.

`call` offers them to the model as OpenAI function tools; the MCP server offers the
same names, descriptions and parameter schemas. memory_get reads back, by lines, the
tool results eviction moved out of a context, as their placeholders say: an agent over
MCP sees those placeholders in the summaries and thread entries the tools return
(audit 18). `call` also offers `read_file`, which pages such a result by characters
(the reference's agent reads them with its own read_file).

A tool never raises: a bad argument, an invalid matchMode or a path outside the memory
comes back as error text the model can read and correct (`ToolOutcome.is_error`), as
the reference does.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from memctl.core.config import Config
from memctl.core.errors import MemctlError
from memctl.core.redact import Redactor
from memctl.core.threads import (
    is_compaction,
    read_entries,
    role_of,
    searchable_text,
    speaker_of,
    who,
)
from memctl.core.wording import plural
from memctl.core.workspace import Workspace
from memctl.models.held import forgotten

if TYPE_CHECKING:
    from memctl.models.interface import Embedder
    from memctl.pipeline.forget import ForgetResult
    from memctl.pipeline.save import SaveResult
    from memctl.retrieval.get import GetResult

HISTORY_DEFAULT_ENTRIES = 20
HISTORY_MAX_ENTRIES = 100
HISTORY_ENTRY_CHARS = 4_000
HISTORY_TOTAL_CHARS = 40_000
MEMORY_SEARCH_HITS = 50
"""memory_search's hits unless `limit` says otherwise: memory lines are short facts, and
the tool is the one for every mention (memory_recall ranks the best few)."""
THREAD_SEARCH_HITS = 10
"""thread_search's: a hit is a message's snippet of up to 1,000 characters, and the 50
search gives by default made a 52 kB answer (audit 18)."""
RECALL_HITS = 10
"""memory_recall's, recall's DEFAULT_LIMIT; and MAX_HITS is its MAX_LIMIT. Said here, as
numbers, so listing the tools does not import the ranking (tests/mcp/test_mcp.py holds
them equal)."""
MAX_HITS = 100
"""The most hits a search tool answers with."""
EVICTED_PAGE_CHARS = 20_000
"""read_file's page: a quarter of the default eviction threshold, so what it reads
back is never evicted again, however many pages the model asks for."""

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


def _limit_schema(default: int) -> dict[str, Any]:
    """A search tool's `limit`, as `_limit` reads it."""
    return {
        "type": "integer",
        "minimum": 1,
        "maximum": MAX_HITS,
        "description": f"At most this many hits, 1 to {MAX_HITS} (default {default}).",
    }


MEMORY_SCHEMAS: dict[str, dict[str, Any]] = {
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
                "limit": _limit_schema(MEMORY_SEARCH_HITS),
            },
            "required": ["query"],
        },
    },
    "memory_recall": {
        "description": (
            "Find what memory says about a question, best answers first: ranked over "
            "MEMORY.md, the daily ledgers and past conversations, so the words need not "
            "match exactly or all be there. Use it for questions (what did we decide "
            "about X?); use memory_search for an exact phrase or every mention. Returns "
            "`Source: <path>#<line or entry> (<date>): <snippet>`; read around a hit "
            "with memory_get or thread_history."
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "The question or keywords."},
                "limit": _limit_schema(RECALL_HITS),
                "scope": {
                    "type": "string",
                    "enum": ["all", "memory", "threads"],
                    "description": "all (default), memory files only, or thread logs only.",
                },
            },
            "required": ["query"],
        },
    },
    "memory_get": {
        "description": (
            "Read lines of a memory file: MEMORY.md or a file under memory/ (for example "
            "memory/2026-06-02.md, or a path from a memory_search result), or a tool "
            "result moved out of a conversation because it was too large (the path its "
            f"placeholder names, e.g. evicted/t1/call_1-…; at most {EVICTED_PAGE_CHARS:,} "
            "characters a call). Lines are 1-based and inclusive, printed as `N|text`."
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "path": {
                    "type": "string",
                    "description": "MEMORY.md, memory/<file>.md, or an evicted result's path.",
                },
                "startLine": {
                    "type": "integer",
                    "description": "First line to read (1-based; default 1).",
                },
                "endLine": {
                    "type": "integer",
                    "description": "Last line to read, inclusive (default: the end of the file).",
                },
                "startChar": {
                    "type": "integer",
                    "description": (
                        "An evicted result only: the character of startLine to start at "
                        "(0-based; default 0), to read on in a line an answer cut."
                    ),
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
    "memory_forget": {
        "description": (
            "Forget a fact the user asks you to forget: fact lines containing `query` "
            "(or the line `query` names as PATH:LINE, e.g. MEMORY.md:12 or "
            "memory/2026-06-02.md:3, as memory_search prints it) leave MEMORY.md, search "
            "and later merges. To correct one, use memory_replace."
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "query": {
                    "type": "string",
                    "description": "Words of the fact (any case), or PATH:LINE.",
                },
                "all": {
                    "type": "boolean",
                    "description": "Forget every fact the words match (default: only one).",
                },
            },
            "required": ["query"],
        },
    },
    "memory_replace": {
        "description": (
            "Correct a fact: lines containing `old` (or the line `old` names as PATH:LINE, "
            "e.g. MEMORY.md:12 or memory/2026-06-02.md:3) are forgotten, `new` saved."
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "old": {
                    "type": "string",
                    "description": "Words of the outdated fact, or PATH:LINE.",
                },
                "new": {"type": "string", "description": "The corrected fact."},
                "all": {
                    "type": "boolean",
                    "description": "Replace every fact the words match (default: only one).",
                },
            },
            "required": ["old", "new"],
        },
    },
    "memory_explain": {
        "description": (
            "Say where a line of MEMORY.md came from: the ledger lines it was merged from "
            "(PATH:LINE, flushed or saved and when) and the conversation entry that said "
            "it (speaker, time); for words of a forgotten fact, when it was forgotten and "
            "by which forget. Use it when asked why memory holds something, or no longer does."
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "target": {
                    "type": "string",
                    "description": "MEMORY.md:LINE, or words of the line.",
                },
            },
            "required": ["target"],
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
                "limit": _limit_schema(THREAD_SEARCH_HITS),
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
SCHEMAS: dict[str, dict[str, Any]] = {
    **MEMORY_SCHEMAS,
    "read_file": {
        "description": (
            "Read a tool result that was moved out of this conversation because it was "
            "too large: the file its placeholder names (under the eviction folder, "
            f"evicted/ by default). At most {EVICTED_PAGE_CHARS:,} characters a call; "
            "pass offset to read on."
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "path": {
                    "type": "string",
                    "description": "The path the placeholder names, e.g. evicted/t1/call_1-….",
                },
                "offset": {
                    "type": "integer",
                    "description": "First character to read (0-based; default 0).",
                },
                "limit": {
                    "type": "integer",
                    "description": f"Characters to read (default and most: {EVICTED_PAGE_CHARS:,}).",
                },
            },
            "required": ["path"],
        },
    },
}
"""What `call` offers; `MEMORY_SCHEMAS` is what the MCP server offers."""
TOOL_NAMES = tuple(SCHEMAS)
MEMORY_TOOL_NAMES = tuple(MEMORY_SCHEMAS)


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


ECHO_CHARS = 100
"""Characters of an argument a tool's answer repeats, at most (a query, a path, a
target): a 1 MB query must not come back as a 1 MB answer into the agent's context."""


def echoed(text: str) -> str:
    """`text` as an answer repeats it: its first ECHO_CHARS characters, then `…`."""
    return text if len(text) <= ECHO_CHARS else text[:ECHO_CHARS].rstrip() + "…"


def _shorter_echoes(message: str, arguments: Any) -> str:
    """An error `message` with each long string argument it repeats (as given, stripped
    or quoted) shortened as `echoed` does."""
    if not isinstance(arguments, dict):
        return message
    for value in arguments.values():
        if isinstance(value, str) and len(value) > ECHO_CHARS:
            for form, short in (
                (repr(value), repr(echoed(value))),
                (value, echoed(value)),
                (value.strip(), echoed(value.strip())),
            ):
                message = message.replace(form, short)
    return message


def _query(args: dict[str, Any], purpose: str = "find") -> tuple[str, str | None]:
    """The `query` argument, refused when blank, cut as recall cuts a query (its first
    MAX_QUERY_TERMS words, MAX_QUERY_CHARS characters), and the note saying so."""
    from memctl.retrieval.recall import MAX_QUERY_CHARS, MAX_QUERY_TERMS

    query = _string(args, "query", required=True) or ""
    if not query.strip():
        raise ToolArgumentError(f"the query is empty: give a question or keywords to {purpose}")
    words = query[:MAX_QUERY_CHARS].split()
    if len(words) > MAX_QUERY_TERMS:
        cut = f"(the query was cut to its first {MAX_QUERY_TERMS:,} words)"
        return " ".join(words[:MAX_QUERY_TERMS]), cut
    if len(query) > MAX_QUERY_CHARS:
        cut = f"(the query was cut to its first {MAX_QUERY_CHARS:,} characters)"
        return query[:MAX_QUERY_CHARS], cut
    return query, None


def _noted(answer: str, note: str | None) -> str:
    return answer if note is None else f"{answer}\n{note}"


class ToolArgumentError(ValueError):
    """An argument the model got wrong; it reads the message and tries again."""


class _Unfinished(Exception):
    """A tool whose change is made but not all of it reached: its answer (the exception's
    text, saying both) is an error all the same."""


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


def _limit(args: dict[str, Any], default: int) -> int:
    """A search tool's `limit`: omitted or null is `default`, else a whole number from
    1 to MAX_HITS. memory_search ignored the argument (0 and "ten" answered as no limit
    at all) while memory_recall refused 0: one check for every search tool (audit 18)."""
    value = _integer(args, "limit")
    if value is None:
        return default
    if not 1 <= value <= MAX_HITS:
        raise ToolArgumentError(f"limit must be a whole number from 1 to {MAX_HITS}, not {value}")
    return value


def _boolean(args: dict[str, Any], key: str) -> bool:
    """An optional flag: omitted or null is false."""
    value = args.get(key)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise ToolArgumentError(f"{key} must be true or false")
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
    ws: Workspace,
    config: Config,
    name: str,
    arguments: str | dict[str, Any] | None,
    offered: tuple[str, ...] = TOOL_NAMES,
    *,
    embedder: Embedder | None = None,
    exports: RefreshExports | None = None,
) -> ToolOutcome:
    """Run one tool call; every failure is returned as error text, never raised.
    `offered`: the names the caller listed to the model; any other is unknown.
    `embedder`: the one memory_recall ranks with, from the caller's entry point (None:
    BM25 alone). `exports`: what writes the exported AGENTS.md/CLAUDE.md blocks again
    after memory_forget and memory_replace, from an entry point above the agents layer
    (None: the answer says they refresh at the next `memctl export`)."""
    handler = _HANDLERS.get(name) if name in offered else None
    if handler is None:
        return ToolOutcome(
            f"Error: unknown tool {name!r}; the tools are {', '.join(offered)}", True
        )
    if handler is _memory_recall:
        handler = functools.partial(_memory_recall, embedder=embedder)
    if handler in (_memory_forget, _memory_replace):
        handler = functools.partial(handler, exports=exports)
    if not config.memory.tools:
        return ToolOutcome("Error: the memory tools are switched off (memory.tools: false)", True)
    try:
        # Redacted here, not by each transport: what the tools read back (thread logs,
        # a MEMORY.md written by hand) goes to a model, through `call` or an MCP client.
        answer = handler(ws, config, _arguments(arguments))
        return ToolOutcome(config.redaction.redactor().text(answer))
    except _Unfinished as exc:
        return ToolOutcome(config.redaction.redactor().text(str(exc)), True)
    except (ToolArgumentError, MemctlError) as exc:
        return ToolOutcome(_shorter_echoes(f"Error: {exc}", arguments), True)
    except Exception as exc:
        # A bug in a tool must not end the agent's turn; the model is told what failed.
        text = f"Error: internal error in {name}: {type(exc).__name__}: {exc}"
        return ToolOutcome(_shorter_echoes(text, arguments), True)


# --------------------------------------------------------------------------- handlers


def _memory_search(ws: Workspace, config: Config, args: dict[str, Any]) -> str:
    from memctl.retrieval.search import format_for_agent, search

    query, note = _query(args)
    limit = _limit(args, MEMORY_SEARCH_HITS)
    redactor = config.redaction.redactor()
    result = search(ws, query, mode=_mode(args), scope="memory", limit=limit, redactor=redactor)
    return _noted(format_for_agent(_redacted_hits(ws, config, result), echoed(query)), note)


def _memory_recall(
    ws: Workspace, config: Config, args: dict[str, Any], embedder: Embedder | None = None
) -> str:
    from memctl.retrieval.recall import format_for_agent, recall

    query, note = _query(args, "recall")
    limit = _limit(args, RECALL_HITS)
    scope = _string(args, "scope") or "all"
    found = recall(ws, config, query, limit, scope, embedder=embedder)
    found.query = echoed(found.query)
    return _noted(format_for_agent(found), note)


def _thread_search(ws: Workspace, config: Config, args: dict[str, Any]) -> str:
    from memctl.core.threads import check_thread_id
    from memctl.retrieval.search import format_for_agent, search

    query, note = _query(args)
    thread = _string(args, "thread")
    threads = [check_thread_id(thread)] if thread else None
    limit = _limit(args, THREAD_SEARCH_HITS)
    redactor = config.redaction.redactor()
    result = search(
        ws,
        query,
        mode=_mode(args),
        scope="threads",
        threads=threads,
        limit=limit,
        redactor=redactor,
    )
    return _noted(format_for_agent(_redacted_hits(ws, config, result), echoed(query)), note)


def _redacted_hits(ws: Workspace, config: Config, result: Any) -> Any:
    """The hits with their text redacted whole, before a snippet is cut from it: a window
    that starts inside `password=` would show the value with no key to recognise it by.

    A memory hit is one line of a file, and a private key spans lines: its line is taken
    from the whole file redacted (line numbers kept), as memory_get reads it."""
    redactor = config.redaction.redactor()
    files: dict[str, list[str]] = {}
    for hit in result.hits:
        if hit.kind != "memory":
            hit.text = redactor.text(_around_first_match(hit.text, result.keywords))
            continue
        if hit.path not in files:
            try:
                files[hit.path] = _redacted_lines(ws, config, hit.path)
            except MemctlError:  # gone or changed since the search found it
                files[hit.path] = []
        lines = files[hit.path]
        # A file that changed since: the line as found, redacted alone.
        fits = hit.line is not None and 0 < hit.line <= len(lines)
        hit.text = lines[hit.line - 1] if fits else redactor.text(hit.text)
    return result


def _around_first_match(text: str, keywords: list[str]) -> str:
    """The part of a long entry its snippet can come from, with REDACT_MARGIN on each
    side: redacting a 150,000-character tool result whole for a 1,000-character snippet
    would make a search of large results slow. The snippet starts after the part's
    start (the margin), so it still says that text was left out."""
    from memctl.core.redact import REDACT_MARGIN
    from memctl.retrieval.search import AGENT_SNIPPET_CHARS

    reach = REDACT_MARGIN + AGENT_SNIPPET_CHARS
    if len(text) <= 2 * reach:
        return text
    lowered = text.lower()
    places = [lowered.find(keyword) for keyword in keywords]
    first = min((place for place in places if place >= 0), default=0)
    return text[max(0, first - reach) : first + reach]


def _redacted_lines(ws: Workspace, config: Config, path: str) -> list[str]:
    """A memory file's lines, redacted as one text with its line numbers kept."""
    from memctl.retrieval.get import get

    whole = get(ws, path)
    return config.redaction.redactor().lines("\n".join(whole.lines)).split("\n")


def _memory_get(ws: Workspace, config: Config, args: dict[str, Any]) -> str:
    path = _string(args, "path", required=True) or ""
    start, end = _integer(args, "startLine"), _integer(args, "endLine")
    for key, value in (("startLine", start), ("endLine", end)):
        if value is not None and value < 1:
            raise ToolArgumentError(f"{key} must be 1 or more (lines are 1-based), not {value}")
    skip = _integer(args, "startChar")
    if skip is not None and skip < 0:
        raise ToolArgumentError(f"startChar must be 0 or more, not {skip}")
    from memctl.retrieval.get import get, is_evicted

    redactor = config.redaction.redactor()
    result = get(ws, path, start, end, evicted=config.eviction.root, redact=redactor.lines)
    if is_evicted(result.path, config.eviction.root):
        # Half the threshold at most: a page the threshold evicted again would point
        # at a file holding that page, and the model could never read on.
        page = min(EVICTED_PAGE_CHARS, config.eviction.threshold_chars // 2)
        return render_page(result, page, skip or 0)  # redacted whole by get
    if skip:
        raise ToolArgumentError("startChar reads on in a line of an evicted result only")
    # Redacted whole, then the range taken: a range inside a private key holds no BEGIN
    # line, and must read as the same lines of the whole file do.
    lines = _redacted_lines(ws, config, path)
    from memctl.retrieval.corpus import Hidden

    # memctl forget: a line that search leaves out is marked (a forgotten fact, a ledger
    # line restating one or a value said before its correction), numbers kept.
    hidden = Hidden(ws)
    result.lines = [
        hidden.line(result.path, number, line)
        for number, line in enumerate(
            lines[result.start - 1 : result.start - 1 + len(result.lines)], result.start
        )
    ]
    return render_lines(result)


def _memory_save(ws: Workspace, config: Config, args: dict[str, Any]) -> str:
    content = _string(args, "content", required=True) or ""
    from memctl.pipeline.save import save

    # The agent's save: what the user purged stays purged (`save`'s `unpurge`).
    return render_save(save(ws, config, content, unpurge=False))


RefreshExports = Callable[[Workspace, Config, list[str]], tuple[list[str], list[str]]]
"""Writes the exported memory blocks again after a forget of these facts; the lines to
add to the tool's answer, and the exports it left as written (`PATH: why`). The export
lives in the agents layer, above this one: the entry point (the MCP server) hands it
down, as it hands down the embedder."""


def _memory_forget(
    ws: Workspace, config: Config, args: dict[str, Any], exports: RefreshExports | None = None
) -> str:
    query = _string(args, "query", required=True) or ""
    from memctl.pipeline.forget import forget

    result = _one_or_all(
        lambda every: forget(ws, config, query, every=every, tool="memory_forget"), args
    )
    listed = "; ".join(result.facts)
    answer = f"Forgot {plural(len(result.facts), 'fact')}: {listed}"
    return _refreshed(ws, config, answer, result.facts, exports)


def _memory_replace(
    ws: Workspace, config: Config, args: dict[str, Any], exports: RefreshExports | None = None
) -> str:
    old = _string(args, "old", required=True) or ""
    new = _string(args, "new", required=True) or ""
    if not old.strip():
        raise ToolArgumentError("old is empty: say which fact to correct: words of it or PATH:LINE")
    from memctl.pipeline.forget import forget
    from memctl.pipeline.save import refuse_purged

    refuse_purged(ws, new)  # the new fact is saved: what the user purged stays purged

    result = _one_or_all(
        lambda every: forget(ws, config, old, replacement=new, every=every, tool="memory_replace"),
        args,
    )
    listed = "; ".join(result.facts)
    answer = f"Replaced {plural(len(result.facts), 'fact')} ({listed}) with: {new.strip()}"
    return _refreshed(ws, config, answer, result.facts, exports)


def _one_or_all(run: Callable[[bool], ForgetResult], args: dict[str, Any]) -> ForgetResult:
    """A forget or correction of the one fact the words name, or of every one with
    `all`: a model's vague words ("the", a name) must not take ten facts at once, as a
    person's are refused on the command line. The refusal lists the facts, so that the
    model can name one."""
    from memctl.pipeline.forget import Ambiguous

    every = _boolean(args, "all")
    try:
        return run(every)
    except Ambiguous as exc:
        # Each fact is a sentence of its own: its stop ends the list, not a second one.
        listed = "; ".join(fact.rstrip() for fact in exc.facts).rstrip(".")
        raise ToolArgumentError(
            f"the words match {plural(len(exc.facts), 'fact')}: {listed}. Use more of one "
            "fact's words, or all: true for every one"
        ) from None


def _refreshed(
    ws: Workspace, config: Config, answer: str, facts: list[str], exports: RefreshExports | None
) -> str:
    """`answer`, then the exported blocks written again, or, when the caller cannot reach
    them and there are some, when they will be. A block left as written still states
    what was forgotten: the answer is an error naming its file, as `memctl forget` exits
    1 naming it (the forget itself is done, and the answer says so too)."""
    if exports is None:
        later = "Exported AGENTS.md/CLAUDE.md blocks refresh at the next `memctl export`."
        return "\n".join([answer, later] if ws.read_state().exports else [answer])
    lines, left = exports(ws, config, facts)
    if left:
        raise _Unfinished(
            f"Error: left {plural(len(left), 'exported memory block')} as written, still "
            f"stating what was forgotten: {'; '.join(left)} (fix the file, then `memctl "
            "export`); the change itself is made:\n" + "\n".join([answer, *lines])
        )
    return "\n".join([answer, *lines])


def _memory_explain(ws: Workspace, config: Config, args: dict[str, Any]) -> str:
    target = _string(args, "target", required=True) or ""
    from memctl.pipeline.provenance import explain, explain_text

    return explain_text(explain(ws, target))


def _read_file(ws: Workspace, config: Config, args: dict[str, Any]) -> str:
    from memctl.retrieval.get import read_evicted

    path = _string(args, "path", required=True) or ""
    offset = _integer(args, "offset")
    limit = _integer(args, "limit")
    if offset is not None and offset < 0:
        raise ToolArgumentError("offset must be 0 or more")
    if limit is not None and limit < 1:
        raise ToolArgumentError("limit must be 1 or more")
    limit = min(limit or EVICTED_PAGE_CHARS, EVICTED_PAGE_CHARS)
    redact = config.redaction.redactor().text
    page = read_evicted(ws, config.eviction.root, path, offset or 0, limit, redact)
    end = page.offset + len(page.text)
    after = page.total - end
    header = f"[{page.path}: characters {page.offset:,}–{end:,} of {page.total:,}"
    header += f"; {after:,} more, read on with offset {end}]" if after else "; the end]"
    return f"{header}\n{page.text}"


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
    redactor = config.redaction.redactor()
    gone = forgotten(ws)  # memctl forget: a turn that said or echoes a forgotten fact is marked
    for index in range(start, end + 1):
        line = history_line(index, gone.entry(thread, index, entries[index]), redactor)
        if used + len(line) > HISTORY_TOTAL_CHARS and index > start:
            lines.append(f"… output limit reached; continue with start={index}")
            break
        lines.append(line)
        used += len(line)
    else:
        if end < total - 1:
            later = plural(total - 1 - end, "later entry", "later entries")
            lines.append(f"… {later}; continue with start={end + 1}")
    return "\n".join(lines)


def history_line(index: int, entry: dict[str, Any], redactor: Redactor) -> str:
    """One entry on one line, cut from the entry as redacted whole: a key straddling the
    cut would lose its END line or most of itself, and no pattern would know the rest."""
    role = role_of(entry)
    text = searchable_text(entry)
    if is_compaction(entry):
        text = f"(summary of entries before {entry.get('cut')}) {text}"
    if len(text) > HISTORY_ENTRY_CHARS:
        more = len(text) - HISTORY_ENTRY_CHARS
        text = redactor.head(text, HISTORY_ENTRY_CHARS) + f" … [{more:,} more chars]"
    else:
        text = redactor.text(text)
    return f"#{index} [{who(role, speaker_of(entry, redactor))}] {text}"


def render_lines(result: GetResult) -> str:
    """memory_get's text: `N|text` lines, numbered from the first line read."""
    if not result.lines:
        return f"{result.path}: no lines"
    return "\n".join(f"{result.start + offset}|{text}" for offset, text in enumerate(result.lines))


def render_page(result: GetResult, page: int, skip: int = 0) -> str:
    """memory_get's text of an evicted tool result: its lines as `render_lines` numbers
    them, from character `skip` of the first, up to `page` characters (under the
    eviction threshold: what it reads back is never evicted again), then where to read
    on. A line that does not fit alone is cut, and says where to read on in it: a
    result is often one enormous line (JSON, a minified file)."""
    if not result.lines:
        return f"{result.path}: no lines"
    if skip and skip >= len(result.lines[0]):
        raise ToolArgumentError(
            f"startChar {skip} is past the end of line {result.start} "
            f"({len(result.lines[0]):,} characters)"
        )
    shown: list[str] = []
    used = 0
    for offset, whole in enumerate(result.lines):
        number, start = result.start + offset, skip if offset == 0 else 0
        text = whole[start:]
        prefix = f"{number}|"
        if used + len(prefix) + len(text) <= page:
            shown.append(prefix + text)
            used += len(prefix) + len(text) + 1
            continue
        if not shown:  # at least one character a call, whatever the page
            room = max(page - len(prefix), 1)
            return (
                f"{prefix}{text[:room]} … [{len(text) - room:,} more characters of line "
                f"{number}: read on with startLine={number}, startChar={start + room}]"
            )
        shown.append(
            f"… at most {page:,} characters a call: read on with startLine={number} "
            f"(the file has {result.total:,} lines)"
        )
        break
    return "\n".join(shown)


def render_save(result: SaveResult) -> str:
    if result.already_saved:
        return "Already in MEMORY.md; not saved again."
    count = result.memories or 1
    saved = f"Saved {count} memor{'y' if count == 1 else 'ies'} to MEMORY.md and the daily ledger."
    return "\n".join([saved, *(f"No longer forgotten: {fact}" for fact in result.unforgotten)])


_HANDLERS = {
    "memory_search": _memory_search,
    "memory_recall": _memory_recall,
    "memory_get": _memory_get,
    "memory_save": _memory_save,
    "memory_forget": _memory_forget,
    "memory_replace": _memory_replace,
    "memory_explain": _memory_explain,
    "thread_search": _thread_search,
    "thread_history": _thread_history,
    "read_file": _read_file,
}
