"""Thread logs: append-only JSONL files of OpenAI-style chat messages.

The log holds everything and is never rewritten. Compaction appends a record
`{"type": "compaction", "summary", "cut", "ts"}`; the working context that a model
sees is derived from the last such record (see `working_context`).
"""

from __future__ import annotations

import functools
import json
import os
import re
import stat
from collections import Counter
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from memctl.core.durable import append_durable
from memctl.core.errors import UsageError, WorkspaceError
from memctl.core.workspace import Workspace

if TYPE_CHECKING:
    from collections.abc import Collection

    from memctl.core.redact import Redactor
    from memctl.core.state import FlushNote, LogPlace, ThreadMark

THREAD_ID = re.compile(r"[A-Za-z0-9._-]{1,128}")
ROLES = ("user", "assistant", "system", "developer", "tool")
"""`developer` is OpenAI's current name for the system role: logs and transcripts
written against its API carry it (a request maps it to `system`, which every
provider takes: see memctl.turn.context.api_message)."""
COMPACTION = "compaction"


def check_thread_id(thread: str) -> str:
    if not THREAD_ID.fullmatch(thread) or thread in (".", ".."):
        raise UsageError(
            f"invalid thread id {thread!r}: use 1-128 of A-Z a-z 0-9 . _ - (not . or ..)"
        )
    return thread


def thread_path(ws: Workspace, thread: str) -> Path:
    """The log of `thread`: `threads/<id>.jsonl`, which must really be in `threads/`.

    A log (or the `threads/` folder) that is a symlink leading elsewhere, outside the
    workspace or onto another of its files, is refused: appends would write there, and
    flush would send what it holds to the model.
    """
    path = ws.threads_dir / f"{check_thread_id(thread)}.jsonl"
    if _plain_file(path) and not ws.threads_dir.is_symlink():
        # Neither the log nor threads/ is a symlink: the log is where it stands. Two
        # lstat calls, where resolving both paths costs milliseconds a thread, and a
        # nothing-to-do flush looks at every thread.
        return path
    try:
        real_parent = path.resolve().parent
        real_threads = ws.root.resolve() / ws.threads_dir.name
    except (OSError, RuntimeError):  # a symlink loop
        raise WorkspaceError(f"{ws.relative(path)}: its symlinks cannot be followed") from None
    if real_parent != real_threads:
        raise WorkspaceError(
            f"{ws.relative(path)} leads to {path.resolve()}, outside the workspace's "
            "threads/ folder (a symlink?); refusing to read or write it"
        )
    if path.exists() and not path.is_file():
        # A FIFO (or a device) would block the read, or the append, for ever.
        raise WorkspaceError(f"{ws.relative(path)} is not a regular file")
    return path


def _plain_file(path: Path) -> bool:
    """A regular file that is not a symlink."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def list_threads(ws: Workspace) -> list[str]:
    return [entry.name[: -len(".jsonl")] for entry in thread_log_entries(ws)]


def thread_log_entries(ws: Workspace, irregular: bool = False) -> list[os.DirEntry[str]]:
    """The logs under threads/, by thread id. Directory entries, not paths: search reads
    thousands of them and the entry already knows whether it is a symlink. A FIFO (whose
    reading would never end) or device named like a log is left out, unless `irregular`
    asks for it so that it can be reported."""
    try:
        with os.scandir(ws.threads_dir) as listing:
            found = [entry for entry in listing if is_log_entry(entry, irregular)]
    except (FileNotFoundError, NotADirectoryError):
        return []
    return sorted(found, key=lambda entry: entry.name[: -len(".jsonl")])


def is_log_entry(entry: os.DirEntry[str], irregular: bool = False) -> bool:
    """Whether an entry of threads/ is a thread's log (see `thread_log_entries`)."""
    return bool(
        entry.name.endswith(".jsonl")
        and THREAD_ID.fullmatch(entry.name[: -len(".jsonl")])
        and (entry.is_file() or (irregular and not entry.is_dir()))
    )


def loads(text: str | bytes) -> Any:
    """`json.loads`, with JSON nested too deeply for the parser (a RecursionError, which
    is not a ValueError) reported as invalid JSON like any other."""
    try:
        return json.loads(text)
    except RecursionError:
        raise json.JSONDecodeError("nested too deeply", "", 0) from None


def encode_entry(entry: dict[str, Any]) -> bytes:
    """One line of a log. Non-ASCII text is kept literal so search can scan raw bytes."""
    line = json.dumps(entry, ensure_ascii=False, separators=(",", ":")) + "\n"
    try:
        return line.encode("utf-8")
    except UnicodeEncodeError as exc:  # JSON may spell one ("\ud800"); UTF-8 cannot
        raise UsageError(
            f"a message holds {line[exc.start]!r}, a lone UTF-16 surrogate, which is not "
            "text; nothing appended"
        ) from None


# --------------------------------------------------------------------------- validation


def _check_content_parts(parts: list[Any], where: str) -> None:
    for number, part in enumerate(parts, 1):
        if not isinstance(part, dict) or not isinstance(part.get("type"), str):
            raise UsageError(f"{where}: content part {number} must be an object with a 'type'")
        if part["type"] == "text" and not isinstance(part.get("text"), str):
            raise UsageError(f"{where}: content part {number} of type text needs a string 'text'")


def _check_tool_calls(calls: Any, where: str) -> None:
    if not isinstance(calls, list):
        raise UsageError(f"{where}: tool_calls must be a list")
    for number, call in enumerate(calls, 1):
        label = f"{where}: tool call {number}"
        if not isinstance(call, dict):
            raise UsageError(f"{label} must be an object")
        if not isinstance(call.get("id"), str) or not call["id"]:
            raise UsageError(f"{label} needs a string 'id'")
        if call.get("type", "function") != "function":
            raise UsageError(f"{label}: type must be 'function'")
        function = call.get("function")
        if not isinstance(function, dict) or not isinstance(function.get("name"), str):
            raise UsageError(f"{label} needs function.name")
        if not function["name"].strip():
            raise UsageError(f"{label}: function.name is empty")
        if not isinstance(function.get("arguments"), str):
            raise UsageError(f"{label}: function.arguments must be a JSON string ('{{}}' for none)")


def validate_message(message: Any, where: str) -> dict[str, Any]:
    """Check one message's shape; return it ready for the log."""
    if not isinstance(message, dict):
        raise UsageError(f"{where}: a message must be a JSON object")
    if "type" in message:
        raise UsageError(f"{where}: 'type' is reserved for memctl's own records")
    role = message.get("role")
    if role not in ROLES:
        raise UsageError(f"{where}: role must be one of {', '.join(ROLES)}, not {role!r}")
    content = message.get("content")
    if isinstance(content, list):
        _check_content_parts(content, where)
    elif content is None:
        if not (role == "assistant" and message.get("tool_calls")):
            raise UsageError(f"{where}: {role} message needs 'content'")
    elif not isinstance(content, str):
        raise UsageError(f"{where}: content must be a string or a list of parts")
    if "tool_calls" in message:
        if role != "assistant":
            raise UsageError(f"{where}: only assistant messages carry tool_calls")
        _check_tool_calls(message["tool_calls"], where)
    if role == "tool" and not (
        isinstance(message.get("tool_call_id"), str) and message["tool_call_id"]
    ):
        raise UsageError(f"{where}: tool message needs a string 'tool_call_id'")
    for key in ("name", "ts", "tool_call_id"):
        if key in message and not isinstance(message[key], str):
            raise UsageError(f"{where}: {key} must be a string")
    if "ts" in message:
        _check_timestamp(message["ts"], where)
    return without_nul(dict(message))


def without_nul(message: dict[str, Any]) -> dict[str, Any]:
    """`message` with NUL taken out of its text: its content and its tool calls'
    arguments, which flush copies into a ledger and consolidate into MEMORY.md, where a
    NUL made search skip both as binary files. Ids and names are left as they are (an
    id of NUL alone would become empty); they are matched, never copied into memory."""
    changed = dict(message)
    if "content" in changed:
        changed["content"] = _strip_nul(changed["content"])
    calls = changed.get("tool_calls")
    if isinstance(calls, list):
        changed["tool_calls"] = [
            {
                **call,
                "function": {
                    **call["function"],
                    "arguments": _strip_nul(call["function"]["arguments"]),
                },
            }
            if isinstance(call, dict) and isinstance(call.get("function"), dict)
            else call
            for call in calls
        ]
    return changed


def _strip_nul(value: Any) -> Any:
    if isinstance(value, str):
        return value.replace("\0", "") if "\0" in value else value
    if isinstance(value, dict):
        return {k: _strip_nul(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_strip_nul(item) for item in value]
    return value


def _check_timestamp(value: str, where: str) -> None:
    from dateutil.parser import isoparse

    try:
        isoparse(value)
    except ValueError:
        raise UsageError(
            f"{where}: ts {value!r} is not an ISO-8601 time (e.g. 2026-06-02T09:30:00+00:00)"
        ) from None


def check_tool_results(
    ws: Workspace, thread: str, messages: list[dict[str, Any]], source: str
) -> None:
    """Every tool result must answer a call made before it, in `messages` or in the
    log: a model API refuses a context with an orphan result, so `call` and `context`
    would fail on it long after the append. The log is read only when needed."""
    called: set[str] = set()
    logged: set[str | None] | None = None
    for number, message in enumerate(messages, 1):
        for call in message.get("tool_calls") or []:
            called.add(call["id"])
        answer = message.get("tool_call_id") if message.get("role") == "tool" else None
        if answer is None or answer in called:
            continue
        if logged is None:
            logged = {
                call.get("id")
                for entry in (read_entries(ws, thread) if thread_path(ws, thread).exists() else [])
                for call in entry.get("tool_calls") or []
                if isinstance(call, dict)
            }
        if answer not in logged:
            raise UsageError(
                f"{source}: message {number}: tool result for {answer!r} answers no earlier "
                "tool call (in this input or the thread)"
            )


def parse_messages(data: bytes, source: str) -> list[dict[str, Any]]:
    """JSONL (one message a line) or one JSON array (or object); every message checked."""
    return [validate_message(r.data, f"{source}: {r.where}") for r in read_records(data, source)]


class Record(NamedTuple):
    """One parsed line (or array item) of the source file (a named tuple: a dataclass
    compiles its methods at every start-up)."""

    where: str
    data: dict[str, Any]


def read_records(data: bytes, source: str) -> list[Record]:
    """The file's JSON objects: JSONL, one JSON array, or one `{"messages": [...]}` document."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        bad = data[: exc.start].count(b"\n") + 1
        raise UsageError(f"{source}: line {bad}: not UTF-8 (byte {exc.start})") from None
    text = text.removeprefix("\ufeff")
    stripped = text.lstrip()
    if stripped.startswith("["):
        return _document_records(_load_document(text, source), source)
    records: list[Record] = []
    # Lines end at "\n" only: splitlines() would also cut at U+2028, U+0085 and the like,
    # which JSON strings may hold as they are (a "\r" before "\n" is JSON whitespace).
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            item = loads(line)
        except json.JSONDecodeError as exc:
            if not records and stripped.startswith("{"):
                document = _try_document(text)
                if document is not None:
                    return _document_records(document, source)
            raise UsageError(f"{source}: line {number}: invalid JSON: {exc.msg}") from None
        if not isinstance(item, dict):
            raise UsageError(f"{source}: line {number}: not a JSON object")
        records.append(Record(f"line {number}", item))
    if len(records) == 1 and _is_messages_document(records[0].data):
        return _document_records(records[0].data, source)
    return records


def _load_document(text: str, source: str) -> Any:
    try:
        return loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"{source}: line {exc.lineno}: invalid JSON: {exc.msg}") from None


def _try_document(text: str) -> Any:
    try:
        return loads(text)
    except json.JSONDecodeError:
        return None


def _is_messages_document(item: Any) -> bool:
    return (
        isinstance(item, dict)
        and isinstance(item.get("messages"), list)
        and "role" not in item
        and "type" not in item
    )


def _document_records(document: Any, source: str) -> list[Record]:
    """Items of a whole-file JSON document: an array of messages, or a request-like
    object holding them under `messages`, or a single message."""
    if _is_messages_document(document):
        items = document["messages"]
    elif isinstance(document, dict):
        items = [document]
    else:
        items = document  # a file that starts with "[" holds an array or is invalid
    records = []
    for number, item in enumerate(items, 1):
        if not isinstance(item, dict):
            raise UsageError(f"{source}: message {number}: not a JSON object")
        records.append(Record(f"message {number}", item))
    return records


# --------------------------------------------------------------------------- reading


BLANK = "blank"
"""The record a blank line of a log reads as: it keeps its index (watermarks count
lines) and is no message."""


def parse_entry_line(line: str, where: str) -> dict[str, Any]:
    if not line.strip():
        return {"type": BLANK}  # an editor's or a tool's stray blank line
    try:
        entry = loads(line)
    except json.JSONDecodeError as exc:
        raise UsageError(f"{where}: invalid JSON: {exc.msg}") from None
    if not isinstance(entry, dict):
        raise UsageError(f"{where}: not a JSON object")
    calls = entry.get("tool_calls")
    if calls is not None and not (
        isinstance(calls, list)
        and all(
            isinstance(c, dict)
            and isinstance(c.get("id"), str)
            and isinstance(c.get("function"), dict)
            for c in calls
        )
    ):
        # Written by hand or by another tool (append checks the full shape): every
        # reader takes a call for an object whose function is an object.
        _check_tool_calls(calls, where)
    return entry


def read_entries(ws: Workspace, thread: str) -> list[dict[str, Any]]:
    """Every entry of a thread log in order (index = line number - 1)."""
    return read_log(ws, thread).entries


TAIL_BYTES = 64
"""A place in a log is checked by the hash of the (up to) 64 bytes before it."""


def _tail_hash(before: bytes) -> str:
    import hashlib  # not at import: OpenSSL's load is 2-3 ms of every command's start-up

    return hashlib.sha256(before[-TAIL_BYTES:]).hexdigest()


class LogRead(NamedTuple):
    """The entries of a log from line `start` on (every entry when `start` is 0)."""

    start: int
    entries: list[dict[str, Any]]
    data: bytes
    """The bytes read: the TAIL_BYTES before line `start` (when there are), then the rest."""
    offset: int
    """Where `data` starts in the log."""
    skip: int
    """Where line `start` starts in `data`."""
    ends: list[int]
    """Where in `data` each entry's line ends, past its newline (-1: no newline yet)."""

    @property
    def total(self) -> int:
        """The log's entries, those before `start` included."""
        return self.start + len(self.entries)

    def entry(self, index: int) -> dict[str, Any]:
        return self.entries[index - self.start]

    def place(self, index: int) -> LogPlace | None:
        """Where entry `index` (`start` to `total`) starts; None past a last line
        without its newline (the next append adds one: offsets would move)."""
        end = self.ends[index - self.start - 1] if index > self.start else self.skip
        if end < 0:
            return None
        from memctl.core.state import LogPlace

        return LogPlace(index, self.offset + end, _tail_hash(self.data[:end]))


def read_log(ws: Workspace, thread: str, place: LogPlace | None = None) -> LogRead:
    """A log's entries: from `place` on when the log still holds the bytes it was taken
    on (a flush of 10 new entries does not parse the 10,000 before them), else all."""
    path = thread_path(ws, thread)
    start, offset, skip = 0, 0, 0
    try:
        with path.open("rb") as handle:
            if place is not None and place.line and place.offset:
                offset = max(0, place.offset - TAIL_BYTES)
                handle.seek(offset)
                data = handle.read()
                lead = place.offset - offset
                if len(data) >= lead and _tail_hash(data[:lead]) == place.tail:
                    start, skip = place.line, lead
                else:
                    offset = 0
            if not start:
                handle.seek(0)
                data = handle.read()
    except FileNotFoundError:
        raise UsageError(f"no thread {thread!r} (no {ws.relative(path)})") from None
    complete, _, tail = data.rpartition(b"\n")
    if tail and not _whole_line(tail):
        # What a kill inside an append left (count_entries skips it too; the next
        # append removes it): not an entry.
        data = complete + b"\n" if complete else b""
    try:
        text = data[skip:].decode("utf-8")
    except UnicodeDecodeError as exc:
        bad = offset + skip + exc.start
        raise UsageError(f"{ws.relative(path)}: not UTF-8 (byte {bad})") from None
    if not start:
        text = text.removeprefix("\ufeff")  # a byte order mark some editors write
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    where = ws.relative(path)
    entries = [
        parse_entry_line(line, f"{where}: line {number}")
        for number, line in enumerate(lines, start + 1)
    ]
    # "\n" is never part of another character in UTF-8: the newlines of `data` are
    # the lines' ends.
    ends, at = [], skip
    for _ in lines:
        at = data.find(b"\n", at) + 1
        ends.append(at if at else -1)
        at = at or len(data)
    return LogRead(start, entries, data, offset, skip, ends)


def is_compaction(entry: dict[str, Any]) -> bool:
    return entry.get("type") == COMPACTION


def role_of(entry: dict[str, Any]) -> str:
    """Who a log entry is from, as search, recall, the history tool and `thread show`
    name it: `compaction` for a compaction record, `system` for the summary an agent
    wrote when it compacted its context (`compact_summary`: the harness's words, which
    an older import stored as a user message), else its role."""
    if is_compaction(entry):
        return "compaction"
    if entry.get("compact_summary") is True:
        return "system"
    return str(entry.get("role", "?"))


def repeats_summary(entry: dict[str, Any]) -> bool:
    """A compaction record an import wrote after the summary message the agent wrote
    (`memctl.agents.imports.append_plan`): the message's text again. Search and recall
    match the message alone, so that one summary is one hit; `thread show` and the
    working context read both as before."""
    return entry.get("imported") is True and entry.get("type") == COMPACTION


def message_text(message: dict[str, Any]) -> str:
    """The text of a message's content (text parts joined); tool calls not included."""
    content = message.get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            part.get("text", "")
            for part in content
            if isinstance(part, dict) and isinstance(part.get("text"), str)
        )
    return ""


def searchable_text(entry: dict[str, Any]) -> str:
    """What search matches in an entry: its text, tool-call names and arguments, or a summary."""
    if is_compaction(entry):
        return str(entry.get("summary", ""))
    content = entry.get("content")
    calls = entry.get("tool_calls")
    if not calls and isinstance(content, str):
        return content  # most entries: a message of text alone (search: one a hit)
    pieces = [message_text(entry)]
    for call in calls or []:
        function = call.get("function") or {} if isinstance(call, dict) else {}
        pieces.append(f"{function.get('name', '')}({function.get('arguments', '')})")
    return "\n".join(p for p in pieces if p)


def summary_message(record: dict[str, Any], thread: str) -> dict[str, Any]:
    """The user-role message that stands for the entries before a compaction's cut."""
    return {
        "role": "user",
        "content": (
            "[This conversation was summarised to save context. The full history is in "
            f"the thread log threads/{thread}.jsonl and can be read with thread_history.]\n\n"
            f"Summary of the earlier conversation:\n{record.get('summary', '')}"
        ),
    }


class WorkingContext(NamedTuple):
    """The messages a model sees, with the log index of each (None for the summary)."""

    messages: list[dict[str, Any]]
    indexes: list[int | None]
    compaction: dict[str, Any] | None


def working_context(entries: list[dict[str, Any]], thread: str) -> WorkingContext:
    """The last compaction's summary, then every message from its cut on."""
    last = None
    for index in range(len(entries) - 1, -1, -1):
        if is_compaction(entries[index]):
            last = entries[index]
            cut = last.get("cut")
            if not isinstance(cut, int) or isinstance(cut, bool) or not 0 <= cut <= index:
                raise UsageError(
                    f"threads/{thread}.jsonl: line {index + 1}: compaction cut {cut!r} "
                    f"must be an entry index from 0 to {index}"
                )
            break
    start = last["cut"] if last else 0
    messages: list[dict[str, Any]] = []
    indexes: list[int | None] = []
    if last is not None:
        messages.append(summary_message(last, thread))
        indexes.append(None)
    for index in range(start, len(entries)):
        entry = entries[index]
        if is_compaction(entry) or entry.get("type") == BLANK:
            continue
        messages.append(entry)
        indexes.append(index)
    return WorkingContext(messages, indexes, last)


# --------------------------------------------------------------------------- rendering

TOOL_ARGS_LIMIT = 500
TOOL_RESULT_LIMIT = 1_000
FLUSHED_ROLES = ("user", "assistant", "tool")


@dataclass
class EntryLine:
    """One conversation message as the flush model reads it."""

    index: int
    role: str
    text: str
    part: str | None = None
    speaker: str | None = None
    """From the message's `name`, or a leading `Name:` of its text (see memctl.core.said)."""
    said: datetime | None = None
    """The message's `ts`, when the log has one."""
    calls: bool = False
    """The text ends with `[tool_call: ...]` echoes: context for a model, never facts."""

    def rendered(self, day: date | None = None) -> str:
        """`[2023-05-08 13:56] [USER Caroline]: text`; the date is left out when it is
        `day` (the previous line's), so a long day does not repeat it on every line."""
        marker = f"({self.part}) " if self.part else ""
        who = f"{self.role.upper()} {self.speaker}" if self.speaker else self.role.upper()
        when = ""
        if self.said is not None:
            from memctl.core.said import minute

            when = f"[{minute(self.said)}] " if self.said.date() != day else f"[{self.said:%H:%M}] "
        return f"{when}[{who}]: {marker}{self.body()}"

    def body(self) -> str:
        """The text without the leading `Name:` the speaker was read from."""
        lead = f"{self.speaker}:"
        if self.speaker and self.text.startswith(lead):
            return self.text[len(lead) :].lstrip()
        return self.text

    def conversation_item(self) -> dict[str, Any]:
        """The line as builtin reads it: role, speaker, time and text."""
        text = self.body()
        if self.calls:  # builtin reads what was said, not the echo of a call
            text = without_call_echoes(text)
        item: dict[str, Any] = {"role": self.role, "text": text}
        if self.speaker:
            item["name"] = self.speaker
        if self.said is not None:
            item["ts"] = self.said.isoformat()
        return item

    def tokens(self) -> int:
        from memctl.core.tokens import text_tokens

        return text_tokens(self.rendered()) + 1


CALL_ECHO = "[tool_call: "


def without_call_echoes(text: str) -> str:
    """A rendered message's text without the `[tool_call: ...]` echoes `render_entry`
    appends after it: what was said, not the calls made (whose arguments are a command
    line, no fact nor commitment of the conversation)."""
    return "" if text.startswith(CALL_ECHO) else text.split(f" {CALL_ECHO}", 1)[0]


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def render_entry(
    entry: dict[str, Any], index: int, redactor: Redactor, names: Collection[str] | None = None
) -> EntryLine | None:
    """An entry as one `[ROLE]: text` line, or None for what flush leaves out.

    System messages, compaction records and imported compaction summaries (entries
    marked `compact_summary`, written by another agent's own compaction) are left out:
    a summary restates what was flushed already; so is an agent's harness text in a
    user message (`memctl.core.harness`). Tool calls show as
    `[tool_call: name(args)]` with the arguments cut at 500 chars, tool results are cut
    at 1,000. Secrets are redacted before cutting, so no cut leaves half a key behind.
    `names`: what the conversation uses as names (`said.conversation_names`), of which a
    leading `Name:` must be one to be the speaker (`said.speaker_of`).
    """
    # Here, not at the top: only flush renders entries, and `search` (which imports this
    # module for `searchable_text`) would load and compile their patterns for nothing.
    from memctl.core.said import speaker_of, when

    found = _flushed_pieces(entry, redactor)
    if found is None:
        return None
    text, pieces = found
    # The speaker is shown as `[USER <name>]`: a `name` is as free a text as the content.
    speaker, _ = speaker_of(entry, text, names)
    if speaker is not None:
        speaker = redactor.text(speaker)
    calls = len(pieces) > (1 if text else 0)
    return EntryLine(
        index, str(entry["role"]), " ".join(pieces), speaker=speaker, said=when(entry), calls=calls
    )


def flush_sends(entry: dict[str, Any]) -> bool:
    """Whether flush sends `entry` (`render_entry` renders it), decided without
    redacting or rendering it: redaction never empties a text, so the patterns decide
    nothing, and the speaker and the time (a date parse, half a render's cost) are not
    needed. `status` and `thread list` count the unflushed entries with it."""
    return _flushed_pieces(entry, _as_written()) is not None


@functools.cache
def _as_written() -> Redactor:
    """A redactor of no patterns (a text as it is), made on first use: start-up loads
    no redaction code a command does not use."""
    from memctl.core.redact import Redactor

    return Redactor()


def _flushed_pieces(entry: dict[str, Any], redactor: Redactor) -> tuple[str, list[str]] | None:
    """An entry's text and the pieces flush sends of it (the text, each tool call),
    redacted and cut; None for what flush leaves out (see `render_entry`)."""
    from memctl.core.harness import without_harness

    role = entry.get("role")
    if is_compaction(entry) or role not in FLUSHED_ROLES or entry.get("compact_summary"):
        return None
    text = redactor.text(message_text(entry)).strip()
    if role == "tool":
        text = _cut(text, TOOL_RESULT_LIMIT)
    elif role == "user":
        text = without_harness(text)  # imported before the importer left it out
    pieces = [text] if text else []
    for call in entry.get("tool_calls") or []:
        function = (call.get("function") or {}) if isinstance(call, dict) else {}
        # As JSON: a text rule would miss a secret whose quotes the arguments escape.
        arguments = redactor.json(str(function.get("arguments") or ""))
        pieces.append(
            f"{CALL_ECHO}{redactor.text(str(function.get('name', '')))}"
            f"({_cut(arguments, TOOL_ARGS_LIMIT)})]"
        )
    return (text, pieces) if pieces else None


# --------------------------------------------------------------------------- writing


@dataclass
class AppendResult:
    """What `thread append` added to a thread's log."""

    thread: str
    appended: int
    entries: int
    path: str


def append_entries(ws: Workspace, thread: str, entries: list[dict[str, Any]]) -> AppendResult:
    """Append every entry in one durable write, or none (the caller validated them)."""
    path = thread_path(ws, thread)
    stamp = ws.now().isoformat(timespec="seconds")
    payload = b"".join(encode_entry({**e} if "ts" in e else {**e, "ts": stamp}) for e in entries)
    with ws.lock():
        if payload:
            append_log(path, payload)
        before = count_entries(path) - payload.count(b"\n")
    return AppendResult(thread, len(entries), before + len(entries), ws.relative(path))


def append_log(path: Path, payload: bytes) -> None:
    """Append whole lines to a log, under the workspace lock. A last line without its
    newline is first completed if it is whole JSON (a log written by hand) or else cut
    off: a kill or a power cut inside an earlier append (a write of more than a page can
    stop part-way) left it, and the new lines must not be glued to it."""
    try:
        with path.open("rb") as handle:
            end = handle.seek(0, os.SEEK_END)
            handle.seek(max(0, end - 1))
            last = handle.read(1)
    except FileNotFoundError:
        last = b"\n"
    if last not in (b"", b"\n"):
        data = path.read_bytes()
        cut = data.rfind(b"\n") + 1
        if _whole_line(data[cut:]):
            payload = b"\n" + payload
        else:
            os.truncate(path, cut)
    append_durable(path, payload)


def _whole_line(line: bytes) -> bool:
    """An unterminated last line that is a complete entry (not a torn write)."""
    try:
        return isinstance(loads(line.decode("utf-8")), dict)
    except (UnicodeDecodeError, json.JSONDecodeError):
        return False


def log_stamp(path: Path) -> list[int] | None:
    """A log's `ThreadMark.stamp`: None when it cannot be stat'ed."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    # rsync's quick check: size and modification time (no inode, so that a copy of the
    # workspace made with its times, `cp -a`, keeps its stamps).
    return [info.st_size, info.st_mtime_ns]


def head_of(path: Path) -> str | None:
    """SHA-256 of a log's first line (None for an empty or missing log): a watermark's
    `ThreadMark.head`."""
    import hashlib  # not at import, as in _tail_hash

    try:
        with path.open("rb") as handle:
            first = handle.readline()
    except OSError:
        return None
    return hashlib.sha256(first).hexdigest() if first.endswith(b"\n") else None


def log_replaced(record: ThreadMark | None, path: Path) -> bool:
    """The log is not the one the watermark was counted on: its first line is another
    (deleted and written again, or that line edited by hand), so flush reads it from its
    start."""
    return record is not None and record.head is not None and record.head != head_of(path)


def count_entries(path: Path, place: LogPlace | None = None) -> int:
    """Lines in a log, counted without parsing it: from `place` on when the log still
    holds the bytes it was taken on (checked as `read_log` checks it), else all of them.
    A Stop hook asks this of a long session's log after every turn."""
    try:
        with path.open("rb") as handle:
            start = 0
            if place is not None and place.line and place.offset:
                offset = max(0, place.offset - TAIL_BYTES)
                handle.seek(offset)
                lead = handle.read(place.offset - offset)
                if len(lead) == place.offset - offset and _tail_hash(lead) == place.tail:
                    start = place.line
                else:
                    handle.seek(0)
            chunks = iter(lambda: handle.read(1 << 20), b"")
            return start + sum(chunk.count(b"\n") for chunk in chunks)
    except FileNotFoundError:
        return 0


# --------------------------------------------------------------------------- shared logs


def log_lines(data: bytes) -> list[str]:
    """A log's lines, each ending in its newline (a last one without gets one). Split at
    "\\n" only: a JSON line may hold U+2028 and other breaks `splitlines` would cut at."""
    pieces = data.decode("utf-8", "replace").split("\n")
    lines = [piece + "\n" for piece in pieces[:-1]]
    if pieces[-1]:
        lines.append(pieces[-1] + "\n")
    return lines


def line_id(line: str) -> str:
    """A log line's identity across machines (`memctl sync`): its bytes' digest."""
    import hashlib  # not at import, as in _tail_hash

    return hashlib.sha256(line.rstrip("\n").encode("utf-8")).hexdigest()[:32]


def flush_marks(
    ws: Workspace, record: ThreadMark | None, lines: list[str]
) -> tuple[set[int], set[int]]:
    """Which lines of a log its watermark record says were flushed (on any machine:
    those before the watermark, those past it a sync marked, those of a flush killed
    after its append), and which another machine is to flush (`theirs`), by index; the
    rest this machine appended and has not flushed (its own). A record of another log
    (its first line differs: replaced since) says nothing: every line is own."""
    import hashlib

    done: set[int] = set()
    theirs: set[int] = set()
    if record is not None and (
        record.head is None
        or (lines and hashlib.sha256(lines[0].encode("utf-8")).hexdigest() == record.head)
    ):
        done = set(range(min(record.flushed, len(lines))))
        done.update(i for i in record.elsewhere or () if i < len(lines))
        note = record.block
        if note is not None and note.start == record.flushed and _block_appended(ws, note):
            done.update(range(note.start, min(note.end, len(lines))))
        theirs = set(record.theirs or ())
        done -= theirs
    return done, theirs


def line_owners(
    ws: Workspace, record: ThreadMark | None, lines: list[str]
) -> tuple[Counter[str], Counter[str]]:
    """`flush_marks` by line id, each as often as it is meant: the lines flushed, and
    this machine's own lines (the rest, but those another machine is to flush)."""
    done, theirs = flush_marks(ws, record, lines)
    flushed = Counter(line_id(lines[i]) for i in sorted(done))
    skip = done | theirs
    own = Counter(line_id(line) for i, line in enumerate(lines) if i not in skip)
    return flushed, own


def _block_appended(ws: Workspace, note: FlushNote) -> bool:
    """Whether the block a flush noted is in its ledger where the note says."""
    import hashlib

    try:
        with (ws.root / note.ledger).open("rb") as handle:
            handle.seek(note.offset)
            data = handle.read(note.size)
    except OSError:
        return False
    return hashlib.sha256(data).hexdigest() == note.sha256


def speaker_of(entry: Any, redactor: Redactor | None) -> str | None:
    """A log entry's `name`, who said it, when it is a message that has one, redacted by
    `redactor` (None only for `search --no-redact`, which redacts nothing): a `name` is as
    free a text as the content, and is shown beside it (`[user Hana]`). The redactor has
    no default, so that no caller shows a name unredacted by leaving it out (search's two
    paths, recall, `thread show` and the history tool each pass the one their text is
    redacted by)."""
    if type(entry) is not dict or is_compaction(entry):
        return None
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        return None
    return name if redactor is None else redactor.text(name)


def who(role: str | None, speaker: str | None) -> str:
    """How a thread hit names who said it: the role, and the speaker's name after it
    when the entry has one ("user Hana"), as `explain` names it."""
    return f"{role} {speaker}" if speaker else str(role)
