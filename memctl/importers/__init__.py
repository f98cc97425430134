"""Import agent transcripts into thread logs: Claude Code, Codex CLI and OpenAI-style.

Other agents already keep their conversations on disk; importing them makes those
conversations flushable and searchable like any thread memctl recorded itself. Neither
tool publishes a schema, so the readers are lenient about
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

import re
from typing import Any

from memctl.errors import UsageError
from memctl.importers.base import Draft, ImportResult, Piece
from memctl.importers.claude import CLAUDE_LINE_TYPES, parse_claude
from memctl.importers.codex import CODEX_ITEM_TYPES, CODEX_LINE_TYPES, parse_codex
from memctl.importers.openai import parse_openai
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

__all__ = [
    "FORMATS",
    "ImportResult",
    "detect_format",
    "import_transcript",
    "parse_claude",
    "parse_codex",
    "parse_openai",
    "thread_id_from",
]

FORMATS = ("auto", "claude", "codex", "openai")
FORMAT_NAMES = {
    "claude": "a Claude Code session",
    "codex": "a Codex CLI rollout",
    "openai": "OpenAI-style messages",
}
UNSAFE_ID_CHARS = re.compile(r"[^A-Za-z0-9._-]+")


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
