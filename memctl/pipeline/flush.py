"""flush: extract durable facts from thread entries into today's daily ledger.

The reference resends the whole working context on every flush and leaves
deduplication to the model. memctl keeps a per-thread watermark instead
(`threads.<id>.flushed` in state.json: log lines already processed), so a message
reaches the flush model once. A backlog larger than the model's input goes in chunks;
each chunk's facts are appended and its watermark advanced before the next chunk is
sent, so a failure part-way keeps what was done and loses nothing.

Each block's heading (`said.flush_heading`: `## 21:21:23Z · t1 · 3-7 · builtin`) names the
flush's time on its ledger's day, the thread and the log entries it accounts for, for
people and for `explain`.
Before a block is appended, state.json notes where it goes and its hash
(`threads.<id>.block`); a run killed after the append and before the watermark write
leaves that note, and the next run finds the block by its hash and moves the watermark
past it instead of sending those entries again, so their facts are written once. Only
the note is trusted, never a heading's text: a saved memory or a model's answer shaped
like a heading must not make flush skip entries. A block cut short by a kill inside its
write does not match its hash and is sent again. (A message too large for one request
is sent in parts; a run killed between two of its parts sends it again.)

The watermark carries the hash of the log's first line: a log deleted and written
again is flushed from its start, whatever its length.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import math
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memctl.core.config import Config
from memctl.core.durable import append_durable, block_separator
from memctl.core.errors import ConfigError, ContextOverflowError, ModelError, UsageError
from memctl.core.memory import memory_path, neutral
from memctl.core.prompts import flush_facts
from memctl.core.said import conversation_names, flush_heading, said_text
from memctl.core.state import FlushNote, LogPlace, State, ThreadMark, watermark_place
from memctl.core.threads import (
    CALL_ECHO,
    EntryLine,
    LogRead,
    count_entries,
    flush_sends,
    head_of,
    log_replaced,
    log_stamp,
    message_text,
    read_log,
    render_entry,
    thread_log_entries,
    thread_path,
)
from memctl.core.tokens import messages_tokens, text_tokens
from memctl.core.wording import plural
from memctl.core.workspace import TEXT_ENCODING, Workspace
from memctl.models.interface import Model, Request, Usage
from memctl.models.windows import FRAME_TOKENS, UNKNOWN_WINDOW, chars_for, known_window

ANSWER_SHARE = 8
"""1/8 of the window (at most ANSWER_MAX tokens) is kept free for the answer."""
ANSWER_MAX = 4_000
MEMORY_SHARE = 0.20
"""MEMORY.md is cut (head kept) to this share of the window; today's ledger (tail
kept) to LEDGER_SHARE; the rest, less the prompt and the answer, is conversation."""
LEDGER_SHARE = 0.15

HOOKS_OFF = "memory.hooks is false"
TRIGGER_NEVER = "memory.flush_trigger is never"


@dataclass
class PlannedRequest:
    """One request as a dry run shows it: the entries it covers and what it would cost."""

    start: int
    end: int
    part: str | None
    """`part k/n` when the request carries a piece of a message cut to fit."""
    messages: list[dict[str, Any]]
    tokens: int
    estimated_cost: float | None


@dataclass
class ThreadFlush:
    thread: str
    start: int
    """The watermark before the run: the first log index looked at."""
    end: int
    """The watermark after it (log indexes before `end` are processed)."""
    entries_sent: int = 0
    facts: int = 0
    requests: int = 0
    ledger: str | None = None
    skipped_reason: str | None = None
    planned: list[PlannedRequest] = field(default_factory=list)
    written: list[str] = field(default_factory=list)
    """The lines appended to the ledger, so that `flush -v` can show what it kept."""


@dataclass
class FlushResult:
    threads: list[ThreadFlush]
    model: str
    usage: Usage = field(default_factory=Usage)
    ledger: str | None = None
    skipped: str | None = None
    """Why nothing ran at all (hooks off, trigger never, throttled, nothing to flush)."""
    dry_run: bool = False
    auto: bool = False
    clock: str | None = None
    """Said when the auto flush's last run was in the future (`Workspace.clock_note`)."""
    warnings: list[str] = field(default_factory=list)
    """What the user should know of what was written: a fact a purge (`forget --purge`,
    here or on another machine) erased, stated again."""
    deferred: int = 0
    """Entries left unflushed because the run's time budget was spent (a Stop hook's
    flush has one; `memctl flush` none: 0): their watermark stays where the last request
    left it, and a later run goes on."""


@dataclass
class _Chunk:
    start: int
    end: int
    lines: list[EntryLine]


def flush(
    ws: Workspace,
    config: Config,
    model: Model,
    *,
    threads: list[str] | None = None,
    auto: bool = False,
    dry_run: bool = False,
    progress: Callable[[str], None] | None = None,
    deadline: float | None = None,
) -> FlushResult:
    """Send each thread's unflushed messages to the flush model and keep the facts.

    `threads` None means every thread with unflushed entries. `auto` applies
    `memory.hooks` and `memory.flush_trigger` (the per-call flush); without it a flush
    runs when asked. `dry_run` plans the requests without calling the model or writing.
    ModelError propagates; chunks committed before it stay committed. `progress`, when
    given, is told where a long run is ("thread 3 of 12 · request 2 of 5") before each
    request: the command line shows it beside its spinner. `deadline` (a
    `time.monotonic()` value): once past it, no further request starts (the first one
    always does, so each run moves on); the entries left are counted in `deferred`,
    each chunk sent before stays committed, and a later run flushes the rest (a hook's
    flush of a long session's backlog: the agent waits for the hook).
    """
    result = FlushResult([], model.name, dry_run=dry_run, auto=auto)
    if auto and not config.memory.hooks:
        result.skipped = HOOKS_OFF
        return result
    if auto and config.memory.flush_trigger.kind == "never":
        result.skipped = TRIGGER_NEVER
        return result
    chosen = _check_threads(ws, threads)
    # A dry run takes no lock: it must not even create the lock files.
    guard = contextlib.nullcontext() if dry_run else ws.stage_lock("flush")
    with guard:
        state = ws.read_state()
        if auto and config.memory.flush_trigger.kind == "throttled":
            result.clock = ws.clock_note(state, "flush_auto")
            due = ws.next_eligible(state, "flush_auto", config.memory.flush_trigger.gap_seconds)
            if due is not None:
                result.skipped = (
                    f"throttled: next auto flush at {due.isoformat(timespec='seconds')}"
                )
                return result
        if chosen is None:
            chosen, settled = _pending_threads(ws, state)
            if settled and not dry_run:
                ws.update_state(lambda state: _record_stamps(state, settled))
        if not chosen:
            result.skipped = "no unflushed thread entries"
            return result
        # Before any model call: today's ledger must not lead out of the workspace, and
        # every log must parse, so that a bad one is exit 2 with nothing written rather
        # than an error after the threads before it were flushed.
        memory_path(ws, ws.relative(ws.ledger_path()))
        ws.check_inside(ws.memory_md)
        logs, kept = {}, 0
        for thread in chosen:
            log = _read_log(ws, thread, state.threads.get(thread))
            # Kept for the run, so that a log is parsed once, unless all of them
            # together would hold too much memory: those are parsed again.
            if kept + len(log.read.data) <= KEEP_PARSED_BYTES:
                logs[thread], kept = log, kept + len(log.read.data)
        run = _Run(ws, config, model, dry_run, result, progress)
        run.deadline = deadline
        for number, thread in enumerate(chosen, 1):
            record = state.threads.get(thread)
            run.where = f"thread {number:,} of {len(chosen):,}" if len(chosen) > 1 else ""
            result.threads.append(run.thread(thread, record, logs.pop(thread, None)))
        if not dry_run:
            result.warnings += _purged_again(ws, result.threads)
        if not dry_run and result.usage.calls:
            finished = ws.now()

            def mark(state: State) -> None:
                ws.mark_run(state, "flush", finished)
                if auto:
                    ws.mark_run(state, "flush_auto", finished)

            ws.update_state(mark)
    return result


KEEP_PARSED_BYTES = 32 << 20


def _purged_again(ws: Workspace, threads: list[ThreadFlush]) -> list[str]:
    """A warning for each ledger the run wrote a line to that states a fact a purge
    tombstone names (its digest: a purge keeps no text), or holds a token one names
    (`purged_tokens`): said again after the purge, here or on another machine, it is in
    plain text here until `memctl sync` masks it (before it is sent) or a `forget
    --purge` here does."""
    from memctl.core.forgotten import older_masks, purged_tokens, read_tombstones
    from memctl.pipeline.purge import stating

    written = [(item.ledger, line) for item in threads if item.ledger for line in item.written]
    if not written:
        return []
    stones = read_tombstones(ws)
    when = {stone.digest: stone.at[:10] for stone in stones if stone.purged}
    if not when:
        return []
    said: dict[str, set[str]] = {}
    held: dict[str, set[str]] = {}
    for ledger, line in written:
        for digest in stating([line], set(when), legacy=older_masks(stones)).values():
            said.setdefault(ledger or "", set()).add(when[digest])
        for at in purged_tokens([line], stones).values():
            held.setdefault(ledger or "", set()).add(at[:10])
    return [
        f"{ledger} states a fact purged on {', '.join(sorted(days))} again: `memctl sync` "
        "masks it before it is sent, `memctl forget --purge` with its text masks it here now"
        for ledger, days in sorted(said.items())
    ] + [
        f"{ledger} holds a token purged on {', '.join(sorted(days))} again: `memctl sync` "
        "masks it before it is sent, `memctl forget --purge` with the token masks it here now"
        for ledger, days in sorted(held.items())
    ]


@dataclass
class _Log:
    """A log as flush read it: its entries from the watermark's place on (or all), its
    stat from just before the read, and the hash of its first line."""

    read: LogRead
    stamp: list[int] | None
    head: str | None
    replaced: bool
    """Not the log the watermark was counted on (see `threads.log_replaced`)."""


def _read_log(ws: Workspace, thread: str, record: ThreadMark | None) -> _Log:
    """Parsed from the watermark's place when it has one and the log still holds the
    bytes it was taken on; else whole (the watermark is then a count of lines)."""
    path = thread_path(ws, thread)
    stamp = log_stamp(path)
    head = head_of(path)
    replaced = record is not None and record.head is not None and record.head != head
    place = None if replaced else watermark_place(record)
    return _Log(read_log(ws, thread, place), stamp, head, replaced)


def _start(record: ThreadMark | None, log: _Log) -> int:
    """The line flush starts the log from: its watermark, or 0 for a log shorter than
    it or with another first line (replaced: flushed from the start)."""
    watermark = record.flushed if record else 0
    return watermark if watermark <= log.read.total and not log.replaced else 0


def _elsewhere(record: ThreadMark | None) -> set[int]:
    """The lines another machine flushed or is to flush, placed by a sync."""
    return set(record.elsewhere or ()) | set(record.theirs or ()) if record else set()


def _skipped_reason(log: _Log, record: ThreadMark | None, start: int, total: int) -> str:
    """Why a thread's lines past its watermark give a flush nothing to send: none; or
    each another machine's (a sync placed them: appended there, that machine flushes
    them; or flushed there already); or none a message a flush sends."""
    if start == total:
        return "nothing new"
    theirs = set(record.theirs or ()) if record else set()
    owed = [i for i in range(start, total) if flush_sends(log.read.entry(i))]
    waiting = sum(1 for i in owed if i in theirs)
    if waiting:
        return (
            f"{plural(waiting, 'entry', 'entries')} another machine appended: that machine "
            f"flushes {'it' if waiting == 1 else 'them'}, and a sync brings its flush"
        )
    done = set(record.elsewhere or ()) if record else set()
    if owed and all(i in done for i in owed):
        return "flushed on another machine"
    # "no user, assistant or tool messages" read as an empty thread beside status's
    # "0 unflushed" (audit 18): the lines are there, and are none a flush sends
    left_out = total - start
    return (
        f"{plural(left_out, 'new entry', 'new entries')}, "
        f"{'not' if left_out == 1 else 'none'} a user, assistant or tool message"
    )


def unsent_entries(ws: Workspace, thread: str, record: ThreadMark | None) -> int:
    """How many entries of the thread a flush would send now, as `status` and `thread
    list` count them: the lines a flush leaves out (a system message, a compaction
    record or summary, harness text, a blank line, a record that is no message) are not
    owed, and the next flush moves past them without a request. UsageError for a log
    flush cannot read (a line that is no JSON object)."""
    log = _read_log(ws, thread, record)
    elsewhere = _elsewhere(record)
    return sum(
        1
        for index in range(_start(record, log), log.read.total)
        if index not in elsewhere and flush_sends(log.read.entry(index))
    )


def waiting_entries(ws: Workspace, thread: str, record: ThreadMark | None) -> int:
    """How many entries of the thread another machine appended and no machine has
    flushed yet (placed by a sync, `ThreadMark.theirs`): that machine's flush owes them,
    this one's skips them. UsageError for a log flush cannot read."""
    theirs = set(record.theirs or ()) if record else set()
    if not theirs:
        return 0
    log = _read_log(ws, thread, None)
    return sum(1 for i in theirs if i < log.read.total and flush_sends(log.read.entry(i)))


def _check_threads(ws: Workspace, threads: list[str] | None) -> list[str] | None:
    """Every asked-for thread must exist, checked before anything is sent."""
    if threads is None:
        return None
    chosen = list(dict.fromkeys(threads))
    for thread in chosen:
        path = thread_path(ws, thread)
        if not path.is_file():
            raise UsageError(f"no thread {thread!r} (no {ws.relative(path)})")
    return chosen


def _pending_threads(
    ws: Workspace, state: State
) -> tuple[list[str], dict[str, tuple[int, list[int]]]]:
    """The threads with entries past their watermark (new lines, or a log that was
    replaced), and the settled ones whose stamp is to be recorded.

    A log whose stat is the one recorded when it was flushed to its end is not read:
    logs only grow, and an idle flush over years of threads must not read them all.
    Any other log has its lines counted; one whose count is its watermark is settled,
    and the stat taken before counting becomes its stamp (a line appended meanwhile
    changes the stat, so the stamp can only be too old, never too new)."""
    pending, settled = [], {}
    records = state.threads
    plain_folder = not ws.threads_dir.is_symlink()
    for entry in thread_log_entries(ws):
        thread = entry.name[: -len(".jsonl")]
        record = records.get(thread)
        # The listing knows a plain file; a symlink gets thread_path's refusal.
        plain = plain_folder and not entry.is_symlink()
        path = Path(entry.path) if plain else thread_path(ws, thread)
        stamp = log_stamp(path)
        if stamp is not None and record is not None and record.stamp == stamp:
            continue
        watermark = state.flushed(thread)
        if count_entries(path, watermark_place(record)) != watermark or log_replaced(record, path):
            pending.append(thread)
        elif stamp is not None:
            settled[thread] = (watermark, stamp)
    return pending, settled


def _record_stamps(state: State, settled: dict[str, tuple[int, list[int]]]) -> None:
    for thread, (watermark, stamp) in settled.items():
        record = state.threads.get(thread)
        if state.flushed(thread) == watermark:
            head, place = (record.head, record.place) if record else (None, None)
            _set_watermark(state, thread, watermark, stamp, head, place)


def _set_watermark(
    state: State,
    thread: str,
    value: int,
    stamp: list[int] | None = None,
    head: str | None = None,
    place: LogPlace | None = None,
) -> None:
    """`stamp`: the log's stat from before it was read, when `value` is its end; `head`:
    the hash of its first line; `place`: where line `value` starts. A block note is done
    with once the watermark moves."""
    record = state.mark(thread)
    record.flushed = value
    record.stamp = stamp
    record.head = head
    record.block = None
    record.place = place
    record.elsewhere = [i for i in record.elsewhere or () if i >= value] or None


# --------------------------------------------------------------------------- rendering


def render_lines(lines: list[EntryLine]) -> str:
    """The conversation one message a line, each date written once until it changes."""
    rendered = []
    day = None
    for line in lines:
        rendered.append(line.rendered(day))
        day = line.said.date() if line.said is not None else None
    return "\n".join(rendered)


def _fit(text: str, tokens: int, keep: str) -> str:
    """`text` cut at a line boundary to about `tokens`, keeping its head or its tail."""
    if text_tokens(text) <= tokens:
        return text
    chars = max(0, chars_for(tokens) - 60)
    if keep == "head":
        kept = text[:chars]
        kept = kept[: kept.rfind("\n")] if "\n" in kept else kept
        return f"{kept.rstrip()}\n(… the rest of MEMORY.md is not shown)"
    kept = text[len(text) - chars :] if chars else ""
    kept = kept[kept.find("\n") + 1 :] if "\n" in kept else kept
    return f"(… earlier entries of today's ledger are not shown)\n{kept.lstrip()}"


def _split(line: EntryLine, budget: int) -> list[EntryLine]:
    """A message too large for a chunk, cut into pieces that fit (nothing dropped)."""
    room = max(1, chars_for(budget - 4) - len(line.rendered()) + len(line.text) - 20)
    pieces: list[str] = []
    text = line.text
    while len(text) > room:
        cut = text.rfind("\n", room // 2, room)
        if cut <= 0:
            cut = text.rfind(" ", room // 2, room)
        if cut <= 0:
            cut = room
        pieces.append(text[:cut])
        text = text[cut:].lstrip("\n ")
    if text:
        pieces.append(text)
    return [
        EntryLine(
            line.index,
            line.role,
            piece,
            f"part {k}/{len(pieces)}",
            line.speaker,
            line.said,
            line.calls and CALL_ECHO in piece,
        )
        for k, piece in enumerate(pieces, 1)
    ]


def plan_chunks(lines: list[EntryLine], start: int, total: int, budget: int) -> list[_Chunk]:
    """Greedy chunks of at most `budget` tokens. A chunk's `end` is the watermark after
    it: past its last message, except for a piece of a cut message that is not the last
    piece; the last chunk also covers the skipped entries after its last message."""
    chunks: list[_Chunk] = []
    current: list[EntryLine] = []
    used = 0
    chunk_start = start

    def close(end: int) -> None:
        nonlocal current, used, chunk_start
        if current:
            chunks.append(_Chunk(chunk_start, end, current))
            chunk_start = end
        current, used = [], 0

    for line in lines:
        cost = line.tokens()
        if cost > budget:
            close(line.index)
            pieces = _split(line, budget)
            for number, piece in enumerate(pieces, 1):
                end = line.index + 1 if number == len(pieces) else line.index
                chunks.append(_Chunk(chunk_start, end, [piece]))
                chunk_start = end
            continue
        if current and used + cost > budget:
            close(line.index)
        current.append(line)
        used += cost
    close(total)
    if chunks:
        chunks[-1].end = total
    return chunks


def count_facts(text: str) -> int:
    """Bullet lines of an answer; at least 1 for a non-empty answer."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    bullets = sum(1 for line in lines if line.startswith(("-", "*", "+")))
    return bullets or (1 if lines else 0)


# --------------------------------------------------------------------------- running


def scratch_folder() -> str:
    """The machine's temporary folder (`tempfile.gettempdir`), or "" when there is none
    usable (it raises) or it is the current folder: tempfile's last resort, under which
    every path of the user's project would read as scratch."""
    import tempfile  # shutil and random: only for a run of the builtin model

    with contextlib.suppress(OSError):
        folder = tempfile.gettempdir()
        if os.path.realpath(folder) != os.path.realpath(os.getcwd()):
            return folder
    return ""


class _Run:
    """One flush run: the model, the prompt and the memory context shared by its threads."""

    def __init__(
        self,
        ws: Workspace,
        config: Config,
        model: Model,
        dry_run: bool,
        result: FlushResult,
        progress: Callable[[str], None] | None = None,
    ) -> None:
        self.ws = ws
        self.config = config
        self.model = model
        self.dry_run = dry_run
        self.result = result
        self.redactor = config.redaction.redactor()
        self.prompt = config.memory.flush_prompt
        self._window: int | None = None
        self._logs: dict[str, _Log] = {}
        self.progress = progress
        self.where = ""
        """Which thread of how many runs now ("" for a run of one)."""
        self.deadline: float | None = None
        """No request starts after this `time.monotonic()` but the run's first."""

    def out_of_time(self) -> bool:
        return (
            self.deadline is not None
            and self.result.usage.calls > 0
            and time.monotonic() > self.deadline
        )

    def window(self) -> int:
        """Asked only when there is something to send: litellm may be needed to know it.
        A window learned since the model was resolved (an overflow earlier in the same
        `call`) counts too."""
        if self._window is None:
            self._window = known_window(self.model, self.ws.read_state()) or UNKNOWN_WINDOW
        return self._window

    def _read(self, path: Path) -> str:
        try:
            return self.redactor.text(path.read_bytes().decode(TEXT_ENCODING, "replace")).strip()
        except FileNotFoundError:
            return ""

    def _budget(self, window: int, memory: str) -> int:
        answer = min(ANSWER_MAX, window // ANSWER_SHARE)
        system = text_tokens(self.prompt) + 5
        ledger = math.floor(window * LEDGER_SHARE)
        budget = window - answer - system - text_tokens(memory) - ledger - FRAME_TOKENS
        if budget < window // 10:
            raise ConfigError(
                f"the flush prompt ({system:,} tokens) leaves too little of model "
                f"{self.model.name}'s context window ({window:,} tokens) for the conversation"
            )
        return budget

    def request(self, thread: str, chunk: _Chunk, memory: str, window: int) -> Request:
        ledger_path = self.ws.ledger_path()
        ledger = _fit(self._read(ledger_path), math.floor(window * LEDGER_SHARE), "tail")
        last = chunk.lines[-1].index
        user = (
            "MEMORY.md (already in long-term memory; do not restate):\n"
            f"{memory or '(empty)'}\n\n"
            f"Today's ledger so far ({self.ws.relative(ledger_path)}; already recorded; "
            "do not restate):\n"
            f"{ledger or '(empty)'}\n\n"
            f"Conversation (thread {thread}, entries {chunk.lines[0].index}-{last}):\n"
            + render_lines(chunk.lines)
        )
        return Request(
            task="flush",
            messages=[
                {"role": "system", "content": self.prompt},
                {"role": "user", "content": user},
            ],
            payload={
                "conversation": [line.conversation_item() for line in chunk.lines],
                "memory": memory,
                "ledger": ledger,
                "thread": thread,
            }
            # The machine's temporary folder: a path under it is the session's scratch
            # (read here, so that the rules read no environment), and whether a long
            # chat's facts are budgeted (memory.flush_budget). Only builtin reads them.
            | (
                {"scratch": self._scratch, "budget": self.config.memory.flush_budget}
                | ({"older_masks": True} if self._older_masks else {})
                if self.model.offline
                else {}
            ),
        )

    @functools.cached_property
    def _scratch(self) -> str:
        return scratch_folder()

    @functools.cached_property
    def _older_masks(self) -> bool:
        """An older memctl purged here: its short masks (`[~~]`, `[forgot`) are masks
        (`forgotten.older_masks_in`); elsewhere they are a user's text."""
        from memctl.core.forgotten import older_masks_in

        return older_masks_in(self.ws)

    def thread(self, thread: str, record: ThreadMark | None, log: _Log | None) -> ThreadFlush:
        if log is None:
            log = _read_log(self.ws, thread, record)
        self._logs[thread] = log
        total = log.read.total
        watermark = record.flushed if record else 0
        start = _start(record, log)
        done = ThreadFlush(thread, start, start)
        if start == watermark and record is not None and record.block is not None:
            done.end = start = self._recover(thread, record.block, start, total)
        elsewhere = _elsewhere(record)
        entries = [(i, log.read.entry(i)) for i in range(start, total) if i not in elsewhere]
        memory_full = self._read(self.ws.memory_md) if entries else ""
        # A leading `Name:` is a speaker only where the conversation or memory uses it
        # as a name ("Noted: the TTL is 300 s" is a label): said.speaker_of.
        names = conversation_names(
            (entry for _, entry in entries),
            (
                (e["role"], message_text(e))
                for _, e in entries
                if e.get("role") in ("user", "assistant")
            ),
            memory_full,
        )
        lines = [
            line
            for index, entry in entries
            if (line := render_entry(entry, index, self.redactor, names)) is not None
        ]
        if not lines:
            done.end = total
            done.skipped_reason = _skipped_reason(log, record, start, total)
            if not self.dry_run and start != total:
                self.ws.update_state(lambda state: self._advance(state, thread, total))
            return done
        done.entries_sent = len(lines)
        window = self.window()
        retried = False
        while True:
            memory = _fit(memory_full, math.floor(window * MEMORY_SHARE), "head")
            pending = [line for line in lines if line.index >= done.end]
            chunks = plan_chunks(pending, done.end, total, self._budget(window, memory))
            try:
                for number, chunk in enumerate(chunks, 1):
                    if not self.dry_run and self.out_of_time():
                        left = {line.index for c in chunks[number - 1 :] for line in c.lines}
                        self.result.deferred += len(left)
                        return done
                    self._tell(number, len(chunks))
                    request = self.request(thread, chunk, memory, window)
                    if self.dry_run:
                        done.planned.append(self._planned(chunk, request))
                        done.end = chunk.end
                    else:
                        self._send(done, chunk, request)
                return done
            except ContextOverflowError as exc:
                # The window was larger than the model's: re-plan the rest once, smaller.
                smaller = exc.window if exc.window and exc.window < window else window // 2
                if retried or self.dry_run:
                    raise _in_context(exc, thread, done) from None
                retried, window = True, smaller
            except ModelError as exc:
                raise _in_context(exc, thread, done) from None

    def _tell(self, number: int, requests: int) -> None:
        """Report where the run is, for a run of more than one request."""
        if self.progress is None:
            return
        parts = [self.where] if self.where else []
        if requests > 1:
            parts.append(f"request {number:,} of {requests:,}")
        if parts:
            self.progress(" · ".join(parts))

    def _recover(self, thread: str, note: FlushNote, watermark: int, total: int) -> int:
        """The watermark past the block `note` stands for, when the ledger holds it
        whole where the note says (killed between the append and the watermark write);
        else `watermark` unchanged, and the entries are sent again."""
        if note.start != watermark or not watermark < note.end <= total:
            return watermark
        try:
            with (self.ws.root / note.ledger).open("rb") as handle:
                handle.seek(note.offset)
                data = handle.read(note.size)
        except OSError:
            return watermark
        if hashlib.sha256(data).hexdigest() != note.sha256:
            return watermark
        if not self.dry_run:
            self.ws.update_state(lambda state: self._advance(state, thread, note.end))
        return note.end

    def _planned(self, chunk: _Chunk, request: Request) -> PlannedRequest:
        tokens = messages_tokens(request.messages)
        return PlannedRequest(
            start=chunk.start,
            end=chunk.end,
            part=chunk.lines[0].part,
            messages=request.messages,
            tokens=tokens,
            estimated_cost=self.model.estimate_cost(tokens),
        )

    def _send(self, done: ThreadFlush, chunk: _Chunk, request: Request) -> None:
        from memctl.core.forgotten import holds_mask  # only once an answer is written

        reply = self.model.complete(request)
        self.result.usage.add(reply.usage)
        done.requests += 1
        answer = reply.text.replace("\0", "")  # never written (see threads.without_nul)
        # Numbered lists, `*` bullets, JSON arrays, headings and "nothing new" in words:
        # the ledger gets `- ` bullets of facts, or nothing.
        facts = neutral(flush_facts(answer))  # a quoted `<!--` is text, as in a save
        # A fact holding a purge's mask (any model's: a turn said it) is what a purge
        # left of a forgotten one: never written, whatever the mask's length.
        facts = "\n".join(
            line for line in facts.splitlines() if not holds_mask(line, legacy=self._older_masks)
        )
        facts = self.redactor.text(facts).strip() if facts else ""
        _check_size(facts, chunk, self.model.name)
        with self.ws.lock():
            if facts:
                # One reading of the clock: the heading's time is on its ledger's day.
                written = self.ws.now()
                path = self.ws.ledger_path(written.date())
                said = said_text((ln.said for ln in chunk.lines if ln.said is not None), written)
                heading = flush_heading(
                    written, done.thread, _entries(chunk), self.model.name, said
                )
                block = block_separator(path) + f"{heading}\n\n{facts}\n".encode()
                note = FlushNote(
                    ledger=self.ws.relative(path),
                    offset=path.stat().st_size if path.exists() else 0,
                    size=len(block),
                    sha256=hashlib.sha256(block).hexdigest(),
                    start=chunk.start,
                    end=chunk.end,
                )

                def noted(state: State) -> None:
                    state.mark(done.thread).block = note

                self.ws.update_state(noted)
                append_durable(path, block)
                done.facts += count_facts(facts)
                done.written.extend(line for line in facts.splitlines() if line.strip())
                done.ledger = self.result.ledger = self.ws.relative(path)
            self.ws.update_state(lambda state: self._advance(state, done.thread, chunk.end))
        done.end = chunk.end

    def _advance(self, state: State, thread: str, value: int) -> None:
        """Move the watermark, stamped with the log's stat when it reaches the end."""
        log = self._logs[thread]
        stamp = log.stamp if value == log.read.total else None
        _set_watermark(state, thread, value, stamp, log.head, log.read.place(value))


FACTS_SLACK_CHARS = 2_000


def _check_size(facts: str, chunk: _Chunk, model_name: str) -> None:
    """Facts taken from a conversation are shorter than it; an answer more than twice
    its length (plus some slack for a short chunk) is not facts, and it is not written."""
    asked = sum(len(line.rendered()) for line in chunk.lines)
    if len(facts) > 2 * asked + FACTS_SLACK_CHARS:
        raise ModelError(
            f"model {model_name}: the flush answer has {len(facts):,} chars, more than twice "
            f"the {asked:,} chars of conversation it was asked about; nothing written"
        )


def _entries(chunk: _Chunk) -> str:
    """The log range a block accounts for, as its heading names it (`3-7`, `3-7 part
    1/2`); a part that does not finish its message moves no watermark (`5 part 2/3`)."""
    part = chunk.lines[0].part
    if chunk.end == chunk.start:
        return f"{chunk.start} {part}"
    return f"{chunk.start}-{chunk.end - 1}" + (f" {part}" if part else "")


def _in_context(exc: ModelError, thread: str, done: ThreadFlush) -> ModelError:
    """The same error (class and fields kept), saying which thread and what was kept."""
    kept = f"; entries before {done.end} were flushed" if done.end > done.start else ""
    exc.args = (f"thread {thread}: {exc}{kept}",)
    return exc
