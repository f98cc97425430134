"""Import agent transcripts into thread logs, in any format `registry.formats()` knows.

Other agents already keep their conversations on disk; importing them makes those
conversations flushable and searchable like any thread memctl recorded itself. No agent
publishes a schema, so the readers (one per format, in its agent's module, or
`openai_chat`; what they share in `transcripts`) are lenient about line types and fields
they do not know (skipped and counted), strict about lines that cannot be read at all (an
error naming the file and line, nothing written), and never drop a conversation message
silently. `discover` finds every agent's session files for `--all`.

Decisions worth knowing:

- Every imported entry carries `source_id`, the identity of the source line it came
  from (how each format makes it: its module says). An assistant reply merged from
  several lines also lists every line in `source_lines`. Re-importing a file adds only
  what the thread lacks.
- Live sessions: `import_source` keeps per file (state.json `imports`) how far it read,
  and reads on from there. What may still change waits for the next import: a torn
  last line, and a reply the next lines may still extend (unless the caller says the
  session is over). So importing a session while it is written, after every line even,
  gives the thread a whole-file import gives, in valid chat order. Lines that join a
  reply imported earlier all the same (a session said to be over that went on) arrive
  as a continuation message, never lost.
- A summary an agent wrote when it compacted its context (a system message marked
  `"compact_summary": true`) is followed by a compaction record, so that the working
  context starts there, as it did for the agent.
- A format may pass over a whole transcript that holds no conversation of its own
  (`TranscriptFormat.passed_over`: a subagent that repeats its session, say).
"""

from __future__ import annotations

import json
import os
import re
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, NamedTuple

from memctl.agents.registry import either, formats
from memctl.agents.transcripts import Draft, ImportResult, Parsed, Piece, Reading, read_source
from memctl.core.durable import open_regular, recorded_mtime
from memctl.core.errors import UsageError, unreadable
from memctl.core.state import ImportMark, State
from memctl.core.threads import (
    COMPACTION,
    Record,
    append_entries,
    check_thread_id,
    count_entries,
    message_text,
    read_entries,
    thread_path,
    validate_message,
)
from memctl.core.workspace import Workspace

if TYPE_CHECKING:
    from memctl.core.redact import Redactor

UNSAFE_ID_CHARS = r"[^A-Za-z0-9._-]+"  # compiled on first use (re's cache), not by every hook


# --------------------------------------------------------------------------- reading


def detect_format(records: list[Record]) -> str | None:
    """The format of the first record that tells; lines that fit any format are passed over."""
    known = formats().values()
    for record in records:
        for fmt in known:
            if fmt.claims(record.data):
                return fmt.name
    return None


def unknown_format(records: list[Record], source: str) -> UsageError:
    keys = ", ".join(sorted(records[0].data)[:8]) or "none"
    looks = either([fmt.described for fmt in formats().values()])
    return UsageError(
        f"{source}: unknown transcript format: no record looks like {looks} "
        f"({records[0].where} has keys: {keys})"
    )


# --------------------------------------------------------------------------- importing


def thread_id_from(name: str) -> str:
    """A name made into a valid thread id: unsafe runs to `_`, no leading/trailing dots."""
    return re.sub(UNSAFE_ID_CHARS, "_", name).strip("._-")[:128].rstrip("._-")


def default_thread(session: str | None, stem: str | None, source: str) -> str:
    for candidate in (session, stem):
        if candidate and (thread := thread_id_from(candidate)):
            return thread
    raise UsageError(f"{source}: nothing to name the thread after; pass --thread ID")


def _check_not_another(target: str, session: str | None, stem: str | None, source: str) -> None:
    """Refuse to add a transcript to the thread its name made when the thread holds
    another conversation, none of whose entries this file has, and the name says
    nothing of which conversation it is: a file's name (`a/notes.jsonl` and
    `b/notes.jsonl` both make `notes`: review 29 F6), or a session id that had to be
    changed to be an id ("Besprechung-größe-会议", "Besprechung-grüße": both
    `Besprechung-gr_e`, audit 17 M5). Either would mix two conversations in one thread
    without a word. A session id kept as it was names one conversation: a file holding
    none of its thread's entries is more of it."""
    from_session = bool(session and thread_id_from(session))
    named = session if from_session else stem
    if named and (named != target or not from_session):
        raise UsageError(
            f"{source}: thread {target} (made of the name {named!r}) already holds another "
            "conversation; pass --thread ID to name this one's thread"
        )


def known_sources(ws: Workspace, thread: str) -> set[str]:
    """The source identities already in a thread (none if it does not exist yet)."""
    if not thread_path(ws, thread).exists():
        return set()
    known: set[str] = set()
    for entry in read_entries(ws, thread):
        known.update(entry_sources(entry))
    return known


def entry_sources(entry: dict[str, Any]) -> list[str]:
    """The source lines a thread entry came from."""
    found = [entry["source_id"]] if isinstance(entry.get("source_id"), str) else []
    lines = entry.get("source_lines")
    if isinstance(lines, list):
        found.extend(x for x in lines if isinstance(x, str))
    return found


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
    final: bool | None = None,
    ended: bool = False,
) -> ImportResult:
    """Read a transcript and append the entries its thread does not hold yet, all or none.

    `source` names the file in messages; `stem` (the file name without its suffix, None
    for stdin) names the thread when the transcript carries no session id. A reply the
    last lines may still extend waits for the next import when the session is live, so
    that importing a live session again and again gives the thread a whole-file import
    gives: `final=False` says it is live, True that the turn is over (a Stop hook knows;
    a trailing batch of tool calls still waits), None decides by the age of the last
    line (see `recently_written`: an old file is taken whole). `ended`: the session is
    over (`thread import --final`): all of it is taken, a trailing batch of tool calls
    too, as `import_source` takes it.
    """
    check_options(fmt, thread)

    def run() -> Plan:
        reading = read_source(data, source)
        plan = make_plan(
            ws, reading, source, stem=stem, fmt=fmt, thread=thread, final=final, ended=ended
        )
        if not dry_run:
            append_plan(ws, plan)
        return plan

    if dry_run:
        # No lock: it would create .memctl/, and a dry run leaves the workspace as it was.
        return run().result(source, dry_run)
    with ws.lock():
        return run().result(source, dry_run)


def _resolved(path: Path, name: str) -> str:
    """The file's real path (its key in state.json); a symlink loop is a usage error."""
    try:
        return str(path.resolve())
    except RuntimeError:  # Python 3.11-3.12 raise this for a symlink loop
        raise UsageError(f"{name}: cannot read: a symbolic link loop") from None
    except OSError as exc:  # 3.13: ELOOP
        raise unreadable(name, exc) from None


def import_source(
    ws: Workspace,
    path: Path,
    *,
    fmt: str = "auto",
    thread: str | None = None,
    dry_run: bool = False,
    final: bool | None = None,
    source: str | None = None,
    ended: bool = False,
) -> ImportResult:
    """Import a transcript file incrementally into its thread (the library call hooks use).

    The first import reads the whole file; state.json then keeps, per file, the byte
    offset read up to, fingerprints of the file's start and of the bytes before that
    offset, and what reading on needs (pending tool calls, whether the file holds the
    main conversation). A later import reads only what was appended since. A file that
    was rewritten or re-created (a fingerprint differs, or it shrank) is read whole
    again, and only the entries the thread lacks are added. A torn last line, and a
    reply still being written (`final` as for `import_transcript`), are left for the
    next import. `ended`: the session is over, or about to be compacted (SessionEnd,
    PreCompact): nothing extends its last reply, so all of it is taken, a trailing batch
    of tool calls too. `thread` overrides the thread named after the session; `source`
    names the file in messages.
    """
    check_options(fmt, thread)
    name = source or str(path)
    key = _resolved(path, name)

    def state_entry() -> ImportMark | None:
        return ws.read_state().imports.get(key)

    def run(entry: ImportMark | None) -> tuple[Plan, Resume | None]:
        try:
            with open_regular(path, name) as handle:
                size = os.fstat(handle.fileno()).st_size
                resume = resume_point(ws, handle, entry, fmt, thread)
                start = resume.offset if resume else 0
                handle.seek(start)
                # What the file held when opened, no more: a file written on meanwhile
                # is read on at the next import.
                data = handle.read(max(0, size - start))
        except OSError as exc:
            raise unreadable(name, exc) from None
        if resume is None:
            reading = read_source(data, name)
            plan = make_plan(
                ws,
                reading,
                name,
                stem=path.stem,
                fmt=fmt,
                thread=thread,
                final=final,
                ended=ended,
                fed=entry.thread if entry else None,
            )
            return plan, None
        reading = read_source(data, name, resume.offset, resume.line)
        plan = make_plan(
            ws,
            reading,
            name,
            stem=path.stem,
            fmt=resume.format,
            thread=resume.thread,
            final=final,
            context=resume.context,
            known=resume.known,
            ended=ended,
        )
        # what the first import could not tell yet (a session that had no prompt then)
        plan.about = {**describe(reading.records, plan.parsed), **resume.about}
        return plan, resume

    # Read and check without the lock (bad input leaves the workspace as it was), then
    # again under it when another import moved this file's state in between.
    entry = state_entry()
    plan, resume = run(entry)
    if (
        dry_run
        or not plan.target
        or plan.skipped  # a compaction or warm-up agent: nothing of it, now or later
        or (plan.reading.starts is None and not plan.entries)
    ):
        return plan.result(name, dry_run)
    if resume is not None and not plan.reading.records:
        # Nothing appended since the last import (a Stop after a turn that wrote nothing
        # new): under the lock it would append nothing and remember nothing, and taking
        # it (filelock's import) was a fifth of such a hook's start-up.
        return plan.result(name, dry_run)
    with ws.lock():
        if state_entry() != entry:
            plan, resume = run(state_entry())
        elif plan.taken:
            # what the thread holds may have changed since: match against it now
            known = (
                known_sources(ws, plan.target)
                if resume is None
                else appended_sources(ws, plan.target, resume.log_bytes)
            )
            if known is None:  # the log shrank in between: read the file whole again
                plan, resume = run(None)
            else:
                plan.entries, plan.existing = fresh_entries(plan.taken, known, name)
        append_plan(ws, plan)
        if plan.reading.starts is not None and (plan.reading.records or plan.resumed):
            remember(ws, key, path, plan)
    return plan.result(name, dry_run)


def format_names() -> tuple[str, ...]:
    """What `--format` takes: `auto` (detect) or a format's name."""
    return ("auto", *formats())


def check_options(fmt: str, thread: str | None) -> None:
    if fmt not in format_names():
        raise UsageError(f"unknown format {fmt!r}: use one of {', '.join(format_names())}")
    if thread is not None:
        check_thread_id(thread)


# --------------------------------------------------------------------------- planning


@dataclass
class Plan:
    """What an import will append, and how far into the source it got."""

    reading: Reading
    fmt: str
    target: str
    parsed: Parsed
    entries: list[dict[str, Any]]
    existing: int
    upto: int  # the records taken; the rest waits for the next import
    skipped: str | None = None
    path: str = ""
    resumed: bool = False  # read on from where an earlier import stopped
    taken: list[Draft] = field(default_factory=list)  # the drafts before `upto`
    about: dict[str, str] = field(default_factory=dict)  # project, title, started

    @property
    def end(self) -> int:
        """The byte offset the next import reads on from."""
        starts = self.reading.starts
        if starts is None or self.upto >= len(starts):
            return self.reading.end
        return starts[self.upto]

    def result(self, source: str, dry_run: bool) -> ImportResult:
        return ImportResult(
            thread=self.target,
            format=self.fmt,
            file=source,
            path=self.path,
            read=len(self.reading.records),
            imported=len(self.entries),
            skipped_existing=self.existing,
            skipped_meta=self.parsed.meta,
            skipped_sidechain=self.parsed.sidechain,
            dry_run=dry_run,
            preview=self.entries if dry_run else None,
            held_back=len(self.reading.records) - self.upto + (1 if self.reading.torn else 0),
            skipped=self.skipped,
        )


def make_plan(
    ws: Workspace,
    reading: Reading,
    source: str,
    *,
    stem: str | None,
    fmt: str,
    thread: str | None,
    final: bool | None,
    context: dict[str, Any] | None = None,
    known: set[str] | None = None,
    ended: bool = False,
    fed: str | None = None,
) -> Plan:
    """`fed`: the thread an earlier import of this file went into (state.json); a file
    rewritten since, read whole again, is the same conversation there."""
    records = reading.records
    if not records:
        # An empty file, or one whose only line is still being written: nothing yet.
        target = thread or ""  # a new file with nothing in it yet names no thread
        plan = Plan(reading, fmt, target, Parsed([], None), [], 0, 0)
        plan.path = ws.relative(thread_path(ws, target)) if target else ""
        return plan
    detected = detect_format(records)
    if fmt == "auto":
        if detected is None:
            raise unknown_format(records, source)
        fmt = detected
    elif detected is not None and detected != fmt and context is None:
        raise UsageError(
            f"{source} looks like {formats()[detected].described}, not "
            f"{formats()[fmt].described} (use --format {detected} or --format auto)"
        )
    reader = formats()[fmt]
    parsed = reader.parse(records, source, context)
    target = thread or default_thread(parsed.session, stem, source)
    # A file whose last line is old is finished: all of it is taken. A turn said to be
    # over (`final`: a Stop or SubagentStop hook) takes a reply still open, but not a
    # batch of tool calls: a turn never ends on one, and a SubagentStop comes while the
    # main session's batch of subagent calls is still running. A session that `ended`
    # (SessionEnd, PreCompact) takes everything.
    if ended or (final is None and not recently_written(records, ws.now())):
        hold = None
    else:
        hold = parsed.batch_from if final else parsed.open_from
    upto = len(records) if hold is None else hold
    skipped = reader.passed_over(records, stem) if context is None else None
    if skipped:
        parsed.drafts = []
    drafts = [d for d in parsed.drafts if d.index < upto]
    if known is None:
        known = known_sources(ws, target)
    entries, existing = fresh_entries(drafts, known, source)
    if thread is None and target != fed and known and entries and not existing:
        _check_not_another(target, parsed.session, stem, source)
    plan = Plan(reading, fmt, target, parsed, entries, existing, upto, skipped)
    plan.taken = drafts
    plan.path = ws.relative(thread_path(ws, target))
    plan.resumed = context is not None
    if context is None:
        plan.about = describe(records, parsed)
    return plan


LIVE_SECONDS = 600


def recently_written(records: list[Record], now: datetime) -> bool:
    """Whether the session may still be writing its last reply: its last timestamp is
    less than LIVE_SECONDS old (or ahead of this clock). The blocks of one reply are
    written within the seconds it streams, so a reply whose last line is older is done."""
    for record in reversed(records):
        stamp = record.data.get("timestamp")
        if isinstance(stamp, str):
            from dateutil.parser import isoparse

            try:
                when = isoparse(stamp)
            except ValueError:
                return False
            if when.tzinfo is None:
                when = when.replace(tzinfo=UTC)
            return (now - when).total_seconds() < LIVE_SECONDS
    return False


TITLE_CHARS = 60


def describe(records: list[Record], parsed: Parsed) -> dict[str, str]:
    """What a person knows a session by: its project (the working folder's name), a
    title (the summary Claude Code wrote, else the first thing the user said) and the
    day it started."""
    about: dict[str, str] = {}
    for record in records:
        data = record.data
        payload = data["payload"] if isinstance(data.get("payload"), dict) else {}
        cwd = data.get("cwd") if isinstance(data.get("cwd"), str) else payload.get("cwd")
        if "project" not in about and isinstance(cwd, str) and cwd.strip("/\\"):
            about["project"] = cwd.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]
        stamp = data.get("timestamp")
        if "started" not in about and isinstance(stamp, str) and len(stamp) >= 10:
            about["started"] = stamp[:10]
        summary = data.get("summary") if data.get("type") == "summary" else None
        if "title" not in about and isinstance(summary, str) and summary.strip():
            about["title"] = summary
    if "title" not in about:
        said = next(
            (
                message_text(d.message)
                for d in parsed.drafts
                if d.message.get("role") == "user" and not d.message.get("compact_summary")
            ),
            "",
        )
        if said.strip():
            about["title"] = said
    if "title" in about:
        # Redacted whole before the cut (a cut key is no key a pattern knows): the title
        # is stored in state.json and printed by `thread list`, beside no redaction.
        line = " ".join(_title_redactor().text(about["title"]).split())
        about["title"] = (
            line if len(line) <= TITLE_CHARS else line[: TITLE_CHARS - 1].rstrip() + "…"
        )
    return about


def append_plan(ws: Workspace, plan: Plan) -> None:
    """Append the plan's entries (under the workspace lock). After the summary an agent
    wrote when it compacted its context (Claude Code's `isCompactSummary` line, Codex's
    `compacted`), a compaction record makes it a cut point: the working context starts
    there, as it did for the agent, instead of carrying the whole history before it."""
    if not plan.entries:
        return
    summaries = any(entry.get("compact_summary") is True for entry in plan.entries)
    before = count_entries(thread_path(ws, plan.target)) if summaries else 0
    rows: list[dict[str, Any]] = []
    for entry in plan.entries:
        rows.append(entry)
        if entry.get("compact_summary") is True:
            rows.append(
                {
                    "type": COMPACTION,
                    "summary": message_text(entry),
                    "cut": before + len(rows),
                    "ts": entry.get("ts") or ws.now().isoformat(timespec="seconds"),
                    "imported": True,
                }
            )
    append_entries(ws, plan.target, rows)


@cache
def _title_redactor() -> Redactor:
    """The built-in patterns: a title is shown and stored where no --no-redact asked
    for raw text, so it is always redacted."""
    from memctl.core.redact import compile_patterns

    return compile_patterns()


def thread_titles(state: State) -> dict[str, str]:
    """Readable names of imported threads, from state.json: "project · title · date"."""
    titles: dict[str, str] = {}
    for mark in state.imports.values():
        # A state.json written before titles were redacted may hold a secret.
        words = [
            _title_redactor().text(mark.about.get(k, "")) for k in ("project", "title", "started")
        ]
        if any(words) and mark.thread:
            titles.setdefault(mark.thread, " · ".join(w for w in words if w))
    return titles


# --------------------------------------------------------------------------- where to go on


class Resume(NamedTuple):
    """Where an incremental import reads on from, and what it carries over (read only,
    so a named tuple: a dataclass compiles its methods at every start-up)."""

    offset: int
    line: int
    format: str
    thread: str
    context: dict[str, Any]
    known: set[str]
    about: dict[str, str]
    log_bytes: int


FINGERPRINT_BYTES = 4096


def fingerprint(data: bytes) -> str:
    import hashlib  # not at import: OpenSSL's load (2-3 ms) only where compared or taken

    return hashlib.sha256(data).hexdigest()[:32]


def file_stamp(st: os.stat_result, before_ns: int | None = None) -> list[int]:
    """`ImportMark.stamp` of a file: as it is (to compare), or as recorded of a file
    stat'ed after `before_ns` (the clock read before the stat)."""
    mtime = st.st_mtime_ns if before_ns is None else recorded_mtime(st.st_mtime_ns, before_ns)
    return [st.st_size, mtime, st.st_ctime_ns, st.st_ino]


def resume_point(
    ws: Workspace, handle: BinaryIO, entry: Any, fmt: str, thread: str | None
) -> Resume | None:
    """Where an earlier import of this file stopped, if the file is still the one it
    read (same start, same bytes before the offset, not shorter) and nothing asks for
    another format or thread; None to read the whole file. A file whose stat still
    matches the stamp taken with the fingerprints is that file: its bytes are not read."""
    if entry is None or entry.offset <= 0 or not entry.thread or entry.format not in formats():
        return None
    offset, target = entry.offset, entry.thread
    if (thread is not None and thread != target) or fmt not in ("auto", entry.format):
        return None
    st = os.fstat(handle.fileno())
    if st.st_size < offset:
        return None
    if entry.stamp is None or entry.stamp != file_stamp(st):
        handle.seek(0)
        if fingerprint(handle.read(min(offset, FINGERPRINT_BYTES))) != entry.head:
            return None
        start = max(0, offset - FINGERPRINT_BYTES)
        handle.seek(start)
        if fingerprint(handle.read(offset - start)) != entry.tail:
            return None
    known = appended_sources(ws, target, entry.log_bytes)
    if known is None:
        return None
    return Resume(
        offset,
        entry.line,
        entry.format,
        target,
        entry.context,
        known,
        entry.about,
        entry.log_bytes,
    )


def appended_sources(ws: Workspace, thread: str, log_bytes: int) -> set[str] | None:
    """The source identities in what the thread's log gained after the last import of
    this file (nothing, unless that import died between its append and its state.json
    write); None when the log is shorter than it left it, or gone: read it all again."""
    path = thread_path(ws, thread)
    try:
        with path.open("rb") as handle:
            if handle.seek(0, os.SEEK_END) < log_bytes:
                return None
            handle.seek(log_bytes)
            data = handle.read()
    except FileNotFoundError:
        return None
    known: set[str] = set()
    for line in data.split(b"\n"):
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if isinstance(entry, dict):
            known.update(entry_sources(entry))
    return known


def remember(ws: Workspace, key: str, path: Path, plan: Plan) -> None:
    """Record in state.json how far the file was read (under the workspace lock)."""
    end = plan.end
    with path.open("rb") as handle:
        before_ns = time.time_ns()  # before the stat (`recorded_mtime`)
        stamp = file_stamp(os.fstat(handle.fileno()), before_ns)
        head = fingerprint(handle.read(min(end, FINGERPRINT_BYTES)))
        start = max(0, end - FINGERPRINT_BYTES)
        handle.seek(start)
        tail = fingerprint(handle.read(end - start))
    records = plan.reading.records
    if plan.upto < len(records):
        line = int(records[plan.upto].where.removeprefix("line "))
    else:
        line = plan.reading.next_line
    log = thread_path(ws, plan.target)
    mark = ImportMark(
        thread=plan.target,
        format=plan.fmt,
        offset=end,
        line=line,
        head=head,
        tail=tail,
        log_bytes=log.stat().st_size if log.exists() else 0,
        stamp=stamp,
        context=plan.parsed.context,
        about=plan.about,
    )

    def change(state: State) -> None:
        state.imports[key] = mark

    if ws.read_state().imports.get(key) != mark:
        ws.update_state(change)  # a hook with nothing new to read writes nothing
