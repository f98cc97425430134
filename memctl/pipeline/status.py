"""status: sizes against budgets, backlogs, last and next runs, the configured models.

Read-only and quick: it must answer at once on a workspace with thousands of threads, so
thread logs are counted line by line (`count_entries`) and only lines that can be
compaction records are parsed. It never imports litellm.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

from memctl.core.config import Config, format_duration
from memctl.core.errors import UsageError
from memctl.core.hooklog import recent_errors
from memctl.core.state import State
from memctl.core.threads import COMPACTION, list_threads, log_replaced, thread_path
from memctl.core.tokens import budget_tokens
from memctl.core.workspace import Workspace, stored_offset
from memctl.pipeline.sync import SyncInfo, sync_info

NOW = "now"


@dataclass
class MemoryStatus:
    """MEMORY.md against the consolidation budget (tokens = chars / 4)."""

    path: str
    chars: int
    bytes: int
    tokens: int
    budget_tokens: int
    percent_used: float


@dataclass
class FilesStatus:
    count: int
    bytes: int


@dataclass
class DailyStatus:
    count: int
    bytes: int
    today: str
    today_bytes: int
    unconsolidated_bytes: int
    """Daily text consolidation has not merged yet, archived ledgers included."""


@dataclass
class ThreadStatus:
    thread: str
    entries: int
    unflushed: int
    context_messages: int
    """Messages in the working context: the last summary (if any) and the entries after it."""
    unflushed_elsewhere: int = 0
    """Entries another machine appended and no machine has flushed yet (a shared thread
    log, placed by `memctl sync`): that machine's flush owes them, not this one's."""


@dataclass
class IndexStatus:
    """The index as `status` shows it: its size against the text it covers, and how
    many files changed since it was last brought up to date (the next search does it)."""

    path: str
    exists: bool
    bytes: int = 0
    corpus_bytes: int = 0
    files: int = 0
    records: int = 0
    stale_files: int = 0
    updated: str | None = None
    problem: str | None = None
    embedding_model: str | None = None
    embeddings_pending: int | None = None
    """Records recall would still embed (memory.embedding_model set, or the semantic
    extra's WordLlama), ~4 chars a token."""
    embedding_tokens: int | None = None


@dataclass
class Schedule:
    """A background job: when it last ran, the rule that throttles it, and when it may next.

    `next` is an ISO time, `now`, `always` (every run goes) or `never` (turned off).
    """

    name: str
    last: str | None
    rule: str
    next: str


@dataclass
class StatusResult:
    workspace: str
    memory: MemoryStatus
    dailies: DailyStatus
    archive: FilesStatus
    threads: list[ThreadStatus]
    unflushed_entries: int
    runs: dict[str, str]
    schedules: list[Schedule]
    models: dict[str, str]
    index: IndexStatus | None = None
    hook_errors: list[dict[str, object]] = field(default_factory=list)
    """The newest errors of `memctl hook` (which always exits 0), from .memctl/hooks.log."""
    sync: SyncInfo | None = None
    """Ahead/behind the shared remote and the last sync; None when sync.remote is unset."""
    unflushed_elsewhere: int = 0
    """Entries of shared thread logs another machine appended and no machine has
    flushed yet: that machine's flush owes them."""


def status(ws: Workspace, config: Config) -> StatusResult:
    from memctl.models.semantic import embedder_name

    state = ws.read_state()
    threads = _threads(ws, state)
    return StatusResult(
        workspace=str(ws.root),
        memory=_memory(ws, config),
        dailies=_dailies(ws, state),
        archive=_archive(ws),
        threads=threads,
        unflushed_entries=sum(t.unflushed for t in threads),
        unflushed_elsewhere=sum(t.unflushed_elsewhere for t in threads),
        runs={k: v.isoformat() for k, v in sorted(state.runs.items())},
        schedules=_schedules(ws, config, state),
        models={
            "main": config.model.name,
            "memory": config.memory_model.name,
            "compaction": config.compaction_model.name,
        },
        index=index_status(ws, embedder_name(config)),
        hook_errors=recent_errors(ws.root),
        sync=sync_info(ws, config) if config.sync.remote else None,
    )


def index_status(ws: Workspace, embedding_model: str | None = None) -> IndexStatus:
    """Read-only: opens the index without creating or repairing it. With the name of
    the `embedding_model`, also what recall would still embed with it (not priced:
    pricing imports litellm)."""
    # Here, not at the top: `thread list` imports this module for thread_status alone.
    import sqlite3

    from memctl.retrieval.embed import plan
    from memctl.retrieval.index import (
        contents,
        index_path,
        index_unusable,
        read_only,
        stale_files,
    )

    path = index_path(ws)
    found = IndexStatus(ws.relative(path), path.is_file())
    unusable = index_unusable(ws)
    if unusable is not None:
        found.problem = f"unusable: {unusable}"
        return found
    if not found.exists:
        return found
    found.bytes = sum(os.path.getsize(p) for p in (path, Path(f"{path}-wal")) if os.path.exists(p))
    try:
        with contextlib.closing(read_only(ws)) as conn:
            held = contents(ws, conn)
            found.records, found.updated = held.records, held.updated
            if embedding_model is not None:
                todo = plan(conn, embedding_model)
                found.embedding_model = embedding_model
                found.embeddings_pending, found.embedding_tokens = todo.records, todo.tokens
    except sqlite3.Error as exc:
        found.problem = f"unreadable ({exc}); the next search rebuilds it"
        return found
    found.files = len(held.files)
    found.corpus_bytes = sum(row.offset for row in held.files.values())
    found.stale_files = stale_files(ws, held.files)
    return found


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0


def _memory(ws: Workspace, config: Config) -> MemoryStatus:
    ws.check_inside(ws.memory_md)
    try:
        data = ws.memory_md.read_bytes()
    except FileNotFoundError:
        data = b""
    text = data.decode("utf-8", errors="replace")
    budget = config.memory.consolidation_max_tokens
    tokens = budget_tokens(text)
    return MemoryStatus(
        path=ws.relative(ws.memory_md),
        chars=len(text),
        bytes=len(data),
        tokens=tokens,
        budget_tokens=budget,
        percent_used=round(100.0 * tokens / budget, 1),
    )


def _dailies(ws: Workspace, state: State) -> DailyStatus:
    offsets = state.consolidation.offsets
    unconsolidated = 0
    for path in ws.daily_files(include_archive=True):
        size = _size(path)
        unconsolidated += size - stored_offset(offsets.get(ws.relative(path), 0), size)
    current = ws.daily_files()
    today = ws.ledger_path()
    return DailyStatus(
        count=len(current),
        bytes=sum(_size(p) for p in current),
        today=ws.relative(today),
        today_bytes=_size(today),
        unconsolidated_bytes=unconsolidated,
    )


def _archive(ws: Workspace) -> FilesStatus:
    archived = [p for p in ws.daily_files(include_archive=True) if p.parent == ws.archive_dir]
    return FilesStatus(count=len(archived), bytes=sum(_size(p) for p in archived))


def _threads(ws: Workspace, state: State) -> list[ThreadStatus]:
    return [thread_status(ws, state, thread) for thread in list_threads(ws)]


def thread_status(ws: Workspace, state: State, thread: str) -> ThreadStatus:
    """A thread's counts, as `status` and `thread list` show them. Unflushed entries are
    those a flush would send (`flush.unsent_entries`): the lines it leaves out (system
    messages, compaction records, blank lines, records that are no message) are not
    owed. Only a log whose line count is not its watermark is parsed, from the
    watermark's place on; a log flush cannot read (a line that is no JSON object: flush
    refuses it, naming the line) counts its lines past the watermark less its compaction
    records, still owed. A log whose first line is not the one its watermark was counted
    on (written again, or that line edited by hand) is owed from its start, as flush
    reads it."""
    path = thread_path(ws, thread)
    entries, context = log_counts(path)
    record = state.threads.get(thread)
    flushed = state.flushed(thread)
    replaced = log_replaced(record, path)
    if entries == flushed and not replaced and not (record and record.theirs):
        return ThreadStatus(thread, entries, 0, context)
    # Here: a workspace flushed to its end never loads flush (and what it imports).
    from memctl.pipeline.flush import unsent_entries, waiting_entries

    try:
        owed = entries != flushed or replaced
        unflushed = unsent_entries(ws, thread, record) if owed else 0
        waiting = waiting_entries(ws, thread, record)
    except UsageError:
        since = 0 if replaced else flushed
        unflushed, waiting = max(0, entries - since), 0
        if unflushed:
            unflushed -= len(compaction_records(path, since=since))
    return ThreadStatus(thread, entries, unflushed, context, waiting)


_COMPACTION_TOKEN = json.dumps(COMPACTION).encode()


def compaction_records(path: Path, since: int = 0) -> list[tuple[int, int]]:
    """(index, cut) of each compaction record of a log at `since` or later, parsing only
    the lines that can be one."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return []
    return [(i, cut) for i, cut in _records(data) if i >= since]


def _records(data: bytes) -> list[tuple[int, int]]:
    records: list[tuple[int, int]] = []
    if _COMPACTION_TOKEN not in data:
        return records
    for index, line in enumerate(data.split(b"\n")):
        if _COMPACTION_TOKEN not in line:
            continue
        try:
            entry = json.loads(line)
        except (ValueError, RecursionError):  # RecursionError: nested too deeply
            continue
        if isinstance(entry, dict) and entry.get("type") == COMPACTION:
            cut = entry.get("cut", 0)
            records.append((index, cut if isinstance(cut, int) and cut >= 0 else 0))
    return records


def log_counts(path: Path) -> tuple[int, int]:
    """Entries of a thread log and messages of its working context, without parsing it.

    Only a line holding the JSON string "compaction" (quotes unescaped, so not inside a
    message's text) can be a compaction record; those few lines are parsed. The working
    context is the last record's summary, then the entries from its cut on, less any
    earlier records that fall after the cut (as `threads.working_context` builds it).
    """
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return 0, 0
    entries = data.count(b"\n")  # as `threads.count_entries` counts
    records = _records(data)  # (index, cut) of each compaction record
    if not records:
        return entries, entries
    cut = records[-1][1]
    after_cut = sum(1 for index, _ in records if index >= cut)
    return entries, 1 + max(0, entries - cut) - after_cut


def _schedules(ws: Workspace, config: Config, state: State) -> list[Schedule]:
    memory = config.memory
    maintain_last = ws.last_run(state, "maintain")
    flush_last = ws.last_run(state, "flush_auto")
    if not memory.hooks:
        off = "off (memory.hooks: false)"
        return [
            Schedule("maintain", _iso(maintain_last), off, "never"),
            Schedule("flush_auto", _iso(flush_last), off, "never"),
        ]
    maintain = Schedule(
        "maintain",
        _iso(maintain_last),
        f"every {format_duration(memory.consolidation_min_gap)}",
        _due(ws, maintain_last, memory.consolidation_min_gap),
    )
    trigger = memory.flush_trigger
    if trigger.kind == "throttled":
        flush = Schedule(
            "flush_auto",
            _iso(flush_last),
            f"throttled {format_duration(trigger.gap_seconds)}",
            _due(ws, flush_last, trigger.gap_seconds),
        )
    else:
        flush = Schedule("flush_auto", _iso(flush_last), trigger.kind, trigger.kind)
    return [maintain, flush]


def _iso(when: datetime | None) -> str | None:
    return when.isoformat() if when else None


def _due(ws: Workspace, last: datetime | None, gap_seconds: float) -> str:
    """`now` for a first run or a passed gap, else the time the gap ends."""
    if last is None or last > ws.now():  # a run in the future: the clock was corrected
        return NOW
    due = last + timedelta(seconds=gap_seconds)
    return due.isoformat() if due > ws.now() else NOW
