"""Rendering for every command: results as JSON or text, diagnostics, the spinner.

A command module keeps the text of its own result beside it; what more than one command
prints (a compaction note, a consolidation summary, a cost) and what every command needs
(`emit`, `note`, `fail`) lives here, so two commands never word the same thing twice.
Nothing here imports a command module or the entry module (tests/test_layers.py).
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import math
import os
import sys
import time
from collections.abc import Callable, Iterator
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import typer

from memctl.core.wording import plural

if TYPE_CHECKING:
    from memctl.pipeline.archive import ArchiveResult
    from memctl.pipeline.compact import CompactResult
    from memctl.pipeline.consolidate import ConsolidateResult
    from memctl.pipeline.status import Schedule, StatusResult, ThreadStatus
    from memctl.retrieval.index import IndexStatus


class Output(Protocol):
    """The global options rendering obeys (memctl.cli.core.Globals)."""

    json: bool
    quiet: bool


# --------------------------------------------------------------------------- generic


class QuietPipe:
    """stdout that outlives its reader, as grep does: once the pipe closes (`memctl
    search x | head -1`), later output goes to /dev/null instead of raising, so the
    command finishes its work and exits with that work's code, and Python's last flush
    at exit finds nothing to complain about ("Exception ignored ... BrokenPipeError",
    exit 120)."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def _discard(self) -> None:
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, self._stream.fileno())
        finally:
            os.close(devnull)

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            self._discard()
            return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            self._discard()
            self._stream.flush()  # the buffer now drains into /dev/null

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def jsonable(value: Any) -> Any:
    if hasattr(value, "to_dict") and not isinstance(value, type):
        return jsonable(value.to_dict())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


def emit(g: Output, result: object, text: str | Callable[[], str | None] | None = None) -> None:
    """Print a result: JSON with --json, else `text` (a string or a function making one)."""
    if g.json:
        print(json.dumps(jsonable(result), ensure_ascii=False, indent=2))
        return
    out = text() if callable(text) else text
    if out:
        sys.stdout.write(out if out.endswith("\n") else out + "\n")


def note(g: Output, message: str, command: str | None = None) -> None:
    """A diagnostic on stderr (silenced by --quiet). Every line of it starts with the
    command's name (`search: `, `thread show: `), as git and gh write theirs, so a line in
    a cron log or a `2>&1` says which command wrote it; errors that end the run are
    `memctl: error: ` (`fail`). With `command`, each line of `message` gets the prefix
    here, for texts shared by several commands (a consolidation summary)."""
    if g.quiet:
        return
    if command is not None:
        message = "\n".join(f"{command}: {line}" for line in message.splitlines())
    print(message, file=sys.stderr)


def fail(g: Output, message: str, code: int) -> typer.Exit:
    print(f"memctl: error: {message}", file=sys.stderr)
    if g.json:
        print(json.dumps({"error": message, "exit_code": code}, ensure_ascii=False))
    return typer.Exit(code)


class Progress:
    """The spinner's handle: `stage()` names what runs now (its clock restarts),
    `pause()` takes the spinner off the terminal while a command prints there (a
    streamed reply), and the next `stage()` brings it back. Without a spinner (a pipe,
    --quiet, --json) every method does nothing."""

    def __init__(self, message: str = "") -> None:
        self._status: Any = None
        self._message = message
        self._started = time.monotonic()
        self._shown = False

    def attach(self, status: Any) -> None:
        self._status, self._shown = status, True

    def __rich__(self) -> str:
        return f"{self._message} · {time.monotonic() - self._started:.0f}s"

    def stage(self, message: str) -> None:
        self._message = message
        self._started = time.monotonic()
        if self._status is not None and not self._shown:
            self._status.start()
            self._shown = True

    def pause(self) -> None:
        if self._status is not None and self._shown:
            self._status.stop()
            self._shown = False


@contextlib.contextmanager
def working(g: Output, message: str) -> Iterator[Progress]:
    """A spinner on stderr naming the stage that runs and how long it has run, while a
    command waits for a model; only on a terminal, never with --quiet or --json, so cron
    logs and pipes stay clean."""
    if g.quiet or g.json or not sys.stderr.isatty():
        yield Progress()
        return
    from rich.console import Console

    # https://no-color.org, --color and FORCE_COLOR, as for search's hits.
    console = Console(stderr=True, no_color=not colour_wanted(sys.stderr))
    progress = Progress(message)
    with console.status(progress, spinner="dots") as status:
        progress.attach(status)
        yield progress


def page(text: str) -> None:
    """Print `text`; on a terminal, through the pager when it is longer than the screen
    ($PAGER, else `less -R`, as git does: -F leaves short output on the screen)."""
    out = text if text.endswith("\n") or not text else text + "\n"
    if not out:
        return
    if not (sys.stdout.isatty() and sys.stdin.isatty()):
        sys.stdout.write(out)
        return
    import shutil
    import subprocess

    rows = shutil.get_terminal_size().lines
    pager = os.environ.get("PAGER") or "less -R"
    if out.count("\n") < rows or pager in ("cat", ""):
        sys.stdout.write(out)
        return
    sys.stdout.flush()
    env = {**os.environ, "LESS": os.environ.get("LESS", "FRX")}
    try:
        subprocess.run(pager, shell=True, input=out.encode("utf-8"), env=env, check=False)
    except OSError:
        sys.stdout.write(out)


COLOUR_CHOICES = ("auto", "always", "never")
_COLOUR = ["auto"]
"""`--color` of the run: set once by the global options, read wherever colour is drawn."""


def set_colour(choice: str) -> None:
    _COLOUR[0] = choice


def colour_wanted(stream: Any = None) -> bool:
    """`--color always|never` decide; else FORCE_COLOR set (and not 0 or false) turns
    colour on, a pipe included, as Node and many CLIs read it, over NO_COLOR; else colour
    only for a person looking at a terminal, as grep --color=auto does."""
    if _COLOUR[0] != "auto":
        return _COLOUR[0] == "always"
    forced = os.environ.get("FORCE_COLOR")
    if forced is not None and forced.strip().lower() not in ("0", "false"):
        return True
    stream = sys.stdout if stream is None else stream
    return stream.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"


def table(header: list[str], rows: list[dict[str, Any]]) -> str:
    """Aligned columns under a header, numbers to the right, as `status` prints threads."""
    cells = [header, *([str(row.get(key, "")) for key in header] for row in rows)]
    widths = [max(len(line[i]) for line in cells) for i in range(len(header))]
    numeric = [all(isinstance(row.get(key), int) for row in rows) for key in header]
    return "\n".join(
        "  ".join(
            cell.rjust(widths[i]) if numeric[i] else cell.ljust(widths[i])
            for i, cell in enumerate(line)
        ).rstrip()
        for line in cells
    )


def size_text(count: int) -> str:
    if count < 1000:
        return f"{count} B"
    if count < 1_000_000:
        return f"{count / 1000:.1f} kB"
    return f"{count / 1_000_000:.1f} MB"


def cost_text(value: float | None) -> str:
    """A price for people: `$0` (builtin), two significant digits under a cent, or why
    there is none (litellm's offline table has no price for the model)."""
    if value is None:
        return "cost unknown (no price for this model)"
    if value == 0:
        return "$0"
    if value >= 0.01:
        return f"${value:.2f}"
    places = 1 - math.floor(math.log10(value))  # two significant digits, never 1e-05
    return f"${value:.{places}f}"


def total_cost(costs: list[float | None]) -> float | None:
    """The sum, or None when a price is unknown for any part."""
    return None if None in costs else sum(c for c in costs if c is not None)


def request_text(head: str, messages: list[dict[str, Any]], full: bool) -> str:
    """A request a dry run would send: a `===` heading (with its tokens and cost), then,
    when `full` (--show-requests or -v), each message under its role. The whole prompts
    run to hundreds of lines: by default a dry run shows only what it would cost."""
    if not full:
        return f"=== {head}"
    body = "\n".join(
        f"--- {message['role']}\n{str(message.get('content') or '').rstrip()}"
        for message in messages
    )
    return f"=== {head}\n{body}"


def requests_text(blocks: list[str], full: bool) -> str:
    return ("\n\n" if full else "\n").join(blocks)


# --------------------------------------------------------------------------- compact (compact, call)


def compact_text(result: CompactResult, full: bool) -> str:
    if result.status != "dry_run":
        return result.summary or ""
    later = result.requests - len(result.planned)
    stages = f" (then {later} summarising the summaries)" if later > 0 else ""
    lines = [
        f"thread {result.thread}: would compact ({result.reason})",
        f"cut: log entry {result.cut} ({plural(result.summarised, 'message')} summarised, "
        f"{result.messages_after - 1} kept)",
        f"messages: {result.messages_before} -> {result.messages_after} (summary + kept tail)",
        _tokens_line(result),
        f"summary requests: {result.requests} to {result.model}{stages}",
        f"estimated cost: {cost_text(result.estimated_cost)}",
    ]
    requests = [
        request_text(
            f"summary request {number}/{result.requests} · ~{planned.tokens:,} input tokens",
            planned.messages,
            full,
        )
        for number, planned in enumerate(result.planned, 1)
    ]
    return "\n\n".join(["\n".join(lines), requests_text(requests, full)])


def _tokens_line(result: CompactResult) -> str:
    """Two named figures: the thread's messages, which compaction shrinks, and the whole
    request, the `request tokens` that `memctl context` reports and the trigger weighs."""
    summary = result.tokens_after - result.tail_tokens
    bound = "at most about" if result.tokens_after_bound else "about"
    of = "summary of up to" if result.tokens_after_bound else "summary"
    overhead = result.overhead_tokens
    thread = (
        f"thread tokens: {result.tokens_before:,} -> {bound} {result.tokens_after:,} "
        f"(kept tail {result.tail_tokens:,} + {of} {summary:,}, estimated)"
    )
    if not overhead:
        return thread
    return (
        f"{thread}\nrequest tokens: {result.tokens_before + overhead:,} -> {bound} "
        f"{result.tokens_after + overhead:,} (thread + {overhead:,} of memory, system "
        "prompt and tools, as `memctl context` counts)"
    )


def compact_note(g: Output, result: CompactResult, command: str = "compact") -> None:
    """What a compaction did, under the command that ran it (`call: compact: ...`)."""
    head = "compact: " if command != "compact" else ""
    if result.status == "not_needed":
        note(g, f"{head}thread {result.thread}: not needed: {result.reason}", command)
    elif result.status == "nothing_to_compact":
        note(g, f"{head}thread {result.thread}: nothing to compact: {result.reason}", command)
    elif result.status == "compacted":
        stages = f" in {result.stages} stages" if result.stages > 1 else ""
        note(
            g,
            f"{head}thread {result.thread}: {plural(result.summarised, 'message')} before entry "
            f"{result.cut} summarised{stages} ({plural(result.requests, 'request')}, "
            f"{result.model}); "
            f"{result.messages_before} messages / {result.tokens_before:,} tokens -> "
            f"{result.messages_after} / {result.tokens_after:,}",
            command,
        )
    flushed = result.flush
    facts = sum(t.facts for t in flushed.threads) if flushed is not None else 0
    if flushed is not None and facts:
        note(g, f"{head}flushed first: {plural(facts, 'fact')} to {flushed.ledger}", command)
    for warning in result.warnings:
        note(g, f"{head}warning: {warning}", command)


# --------------------------------------------------------------------------- consolidate, archive (and maintain)


def consolidate_summary(result: ConsolidateResult) -> str:
    """For stderr, under the name of the command that consolidated (`note(...,
    command)`): what was merged, how MEMORY.md's size changed, a line per superseded fact."""
    if result.status == "nothing_new":
        return (
            "no new daily text since the last consolidation; no model request "
            "(--force runs it anyway)"
        )
    # `--force` with no new daily text merges MEMORY.md alone: "0 files (0 B new)" and
    # "75 -> 75 chars" would hide that nothing was new and whether anything changed.
    new = (
        f"{plural(len(result.files), 'file')} ({size_text(result.new_bytes)} new) into MEMORY.md"
        if result.files
        else None
    )
    if result.status == "dry_run":
        tokens = sum(p.prompt_tokens + p.completion_tokens for p in result.planned)
        sending = (
            f"would consolidate {new}"
            if new
            else "no new daily text; --force would send MEMORY.md alone"
        )
        return (
            f"dry run: {sending} in {plural(len(result.planned), 'request')}, "
            f"~{tokens:,} tokens, est. {cost_text(result.estimated_cost)} ({result.model}); "
            + (
                f"{result.chars_before:,} -> {result.chars_after:,} chars; nothing written"
                if result.diff is not None
                else "no model call, nothing written"
            )
        )
    passes = f" in {result.passes} passes" if result.passes > 1 else ""
    sizes = f"{result.chars_before:,} -> {result.chars_after:,} chars"
    replaced = "".join(f"\nsuperseded: {line}" for line in result.superseded)
    if result.status == "preview":
        if new:
            what = f"would consolidate {new}{passes}: {sizes} ({result.model})"
        elif result.changed:
            what = f"no new daily text; the model would rewrite MEMORY.md{passes}: {sizes}"
            what += f" ({result.model})"
        else:
            what = f"no new daily text; the model ({result.model}) would leave MEMORY.md as it was"
        return f"preview: {what}; nothing written{replaced}"
    carried = (
        f"; kept {size_text(result.carried_over)} saved meanwhile" if result.carried_over else ""
    )
    kept = (
        f"; the previous MEMORY.md is kept as {result.history} (memctl undo brings it back)"
        if result.history
        else ""
    )
    if not result.changed:
        left = f"MEMORY.md was left as it was ({result.chars_after:,} chars)"
        what = (
            f"consolidated {new}{passes} ({result.model}): {left}"
            if new
            else f"no new daily text; --force ran the model ({result.model}) and {left}"
        )
    elif new:
        what = f"consolidated {new}{passes}: {sizes} ({result.model})"
    else:
        what = f"no new daily text; --force had the model rewrite MEMORY.md{passes}: {sizes}"
        what += f" ({result.model})"
    return f"{what}{carried}{kept}{replaced}"


def consolidate_plan_text(result: ConsolidateResult, full: bool) -> str:
    """The requests a consolidation dry run would send, each under a `===` heading."""
    blocks = [
        request_text(
            f"consolidate · request {number}/{len(result.planned)} · {', '.join(p.files)} · "
            f"~{p.prompt_tokens:,} input + ~{p.completion_tokens:,} output tokens · "
            f"est. {cost_text(p.estimated_cost)}",
            p.messages,
            full,
        )
        for number, p in enumerate(result.planned, 1)
    ]
    return requests_text(blocks, full)


def moves_text(result: ArchiveResult) -> str:
    return "\n".join(f"{move.source} -> {move.target}" for move in result.moved)


def archive_summary(result: ArchiveResult) -> str:
    """For stderr, under the name of the command that archived (archive, maintain)."""
    verb = "would move" if result.dry_run else "moved"
    appended = sum(1 for move in result.moved if move.appended)
    joined = f" ({appended} appended to an existing archive)" if appended else ""
    return (
        f"{verb} {plural(len(result.moved), 'ledger')} dated before "
        f"{result.cutoff.isoformat()} to memory/archive/{joined}; kept {result.kept}"
    )


# --------------------------------------------------------------------------- status


def ago(when: str | None, now: datetime | None = None) -> str:
    """An ISO time as people say it: `3 min ago`, `in 27 min`, `now`; others unchanged."""
    if not when:
        return "never"
    try:
        moment = datetime.fromisoformat(when)
    except ValueError:
        return when  # `now`, `always`, `never`, a rule
    now = now or datetime.now(moment.tzinfo)
    seconds = (moment - now).total_seconds()
    span = abs(seconds)
    if span < 60:
        amount = f"{span:.0f} s"
    elif span < 3600:
        amount = f"{span / 60:.0f} min"
    elif span < 48 * 3600:
        amount = f"{span / 3600:.0f} h"
    else:
        amount = f"{span / 86400:.0f} days"
    return f"in {amount}" if seconds > 0 else f"{amount} ago"


def local_time(moment: datetime) -> str:
    """A time as `git log --date=iso` shows it: in this machine's zone (TZ), with its
    offset, so it reads as the clock on the wall; --json keeps the ISO form in UTC."""
    return moment.astimezone().strftime("%Y-%m-%d %H:%M:%S %z")


def status_hints(result: StatusResult, trigger_messages: int) -> list[str]:
    """The next thing to run, as `git status` suggests one."""
    hints = []
    if result.unflushed_entries:
        hints.append(
            f"{plural(result.unflushed_entries, 'unflushed entry', 'unflushed entries')}: "
            "memctl flush"
        )
    if result.dailies.unconsolidated_bytes:
        hints.append(
            f"{size_text(result.dailies.unconsolidated_bytes)} of daily text not in MEMORY.md: "
            "memctl consolidate"
        )
    over = [
        t for t in result.threads if trigger_messages and t.context_messages >= trigger_messages
    ]
    for thread in over[:3]:
        hints.append(
            f"thread {thread.thread} holds {thread.context_messages} messages (trigger "
            f"{trigger_messages}): memctl compact {thread.thread}"
        )
    return hints


def status_text(
    result: StatusResult, trigger_messages: int = 0, changed: dict[str, str] | None = None
) -> str:
    """The text table: plain aligned columns, no colour, so it reads well in cron mail;
    times relative to now, the threads changed last first, then what to run next."""
    memory, dailies = result.memory, result.dailies
    rows: list[tuple[str, str]] = [
        ("workspace", result.workspace),
        (
            memory.path,
            f"{memory.chars:,} chars, {memory.tokens:,} / {memory.budget_tokens:,} tokens "
            f"({memory.percent_used:g}% of the consolidation budget)",
        ),
        ("dailies", f"{_files(dailies.count)}, {dailies.bytes:,} bytes"),
        ("today", f"{dailies.today}: {dailies.today_bytes:,} bytes"),
        ("unconsolidated", f"{dailies.unconsolidated_bytes:,} bytes of daily text"),
        ("archive", f"{_files(result.archive.count)}, {result.archive.bytes:,} bytes"),
        (
            "threads",
            f"{plural(len(result.threads), 'thread')}, "
            f"{plural(result.unflushed_entries, 'unflushed entry', 'unflushed entries')}",
        ),
    ]
    if result.index is not None:
        rows.append(("search index", _index_text(result.index)))
    scheduled = {schedule.name for schedule in result.schedules}
    rows.extend((f"{schedule.name} run", _schedule_text(schedule)) for schedule in result.schedules)
    rows.extend(
        (f"{name} run", f"last {ago(when)}")
        for name, when in result.runs.items()
        if name not in scheduled
    )
    rows.extend((f"model ({role})", name) for role, name in result.models.items())
    rows.extend(
        ("hook error", f"{e.get('ts')} {e.get('agent')} {e.get('event')}: {e.get('error')}")
        for e in result.hook_errors
    )
    width = max(len(label) for label, _ in rows)
    lines = [f"{label.ljust(width)}  {value}" for label, value in rows]
    if result.threads:
        lines.append("")
        lines.extend(_thread_table(result.threads, changed or {}))
    hints = status_hints(result, trigger_messages)
    if hints:
        lines.append("")
        lines.extend(f"next: {hint}" for hint in hints)
    return "\n".join(lines)


def _index_text(index: IndexStatus) -> str:
    if not index.exists:
        return "none yet (the next search builds it)"
    if index.problem:
        return index.problem
    ratio = index.bytes / index.corpus_bytes if index.corpus_bytes else 0.0
    fresh = (
        "up to date"
        if not index.stale_files
        else f"{plural(index.stale_files, 'file')} changed since (the next search indexes them)"
    )
    text = (
        f"{index.bytes:,} bytes ({ratio:.2f}x the {index.corpus_bytes:,} bytes indexed), "
        f"{index.records:,} records in {_files(index.files)}; updated {index.updated}; {fresh}"
    )
    if index.embeddings_pending is not None:
        text += (
            f"; {index.embeddings_pending:,} records to embed with {index.embedding_model} "
            f"(~{index.embedding_tokens:,} tokens; `memctl index --dry-run` prices them)"
        )
    return text


def _schedule_text(schedule: Schedule) -> str:
    last = f"last {ago(schedule.last)}"
    if schedule.next == schedule.rule:
        # flush_trigger always or never: no clock to wait for.
        when = "at every call" if schedule.rule == "always" else "never"
        return f"{last}; {when} (flush_trigger: {schedule.rule})"
    return f"{last}; next {ago(schedule.next)} ({schedule.rule})"


def _files(count: int) -> str:
    return f"{count} file" if count == 1 else f"{count} files"


THREADS_SHOWN = 20


def _thread_table(threads: list[ThreadStatus], changed: dict[str, str]) -> list[str]:
    """The threads changed last first (`changed`: thread -> ISO time of its log's last
    change); all of them are in --json."""
    shown = sorted(threads, key=lambda t: (changed.get(t.thread, ""), t.thread), reverse=True)
    shown = shown[:THREADS_SHOWN]
    header = ("thread", "entries", "unflushed", "context", "changed")
    cells = [
        header,
        *(
            (
                t.thread,
                str(t.entries),
                str(t.unflushed),
                str(t.context_messages),
                ago(changed.get(t.thread)),
            )
            for t in shown
        ),
    ]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    lines = [
        "  ".join(
            cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i]) for i, cell in enumerate(row)
        ).rstrip()
        for row in cells
    ]
    if len(threads) > len(shown):
        lines.append(f"... and {len(threads) - len(shown)} more (memctl --json status lists all)")
    return lines
