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
from collections.abc import Callable, Iterator
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import typer

if TYPE_CHECKING:
    from memctl.archive import ArchiveResult
    from memctl.compact import CompactResult
    from memctl.consolidate import ConsolidateResult
    from memctl.index import IndexStatus
    from memctl.status import Schedule, StatusResult, ThreadStatus


class Output(Protocol):
    """The global options rendering obeys (memctl.cli.core.Globals)."""

    json: bool
    quiet: bool


# --------------------------------------------------------------------------- generic


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


def note(g: Output, message: str) -> None:
    """A diagnostic line on stderr (silenced by --quiet)."""
    if not g.quiet:
        print(message, file=sys.stderr)


def fail(g: Output, message: str, code: int) -> typer.Exit:
    print(f"memctl: error: {message}", file=sys.stderr)
    if g.json:
        print(json.dumps({"error": message, "exit_code": code}, ensure_ascii=False))
    return typer.Exit(code)


@contextlib.contextmanager
def working(g: Output, message: str) -> Iterator[None]:
    """A spinner on stderr while a stage talks to a model; only on a terminal, never with
    --quiet or --json, so cron logs and pipes stay clean."""
    if g.quiet or g.json or not sys.stderr.isatty():
        yield
        return
    from rich.console import Console

    # https://no-color.org: set and not empty turns colour off.
    console = Console(stderr=True, no_color=os.environ.get("NO_COLOR", "") != "")
    with console.status(message, spinner="dots"):
        yield


def colour_wanted() -> bool:
    """Highlight only for a person looking at a terminal, as grep --color=auto does."""
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"


def plural(count: int, word: str, words: str | None = None) -> str:
    return f"{count:,} {word}" if count == 1 else f"{count:,} {words or word + 's'}"


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


def request_text(head: str, messages: list[dict[str, Any]]) -> str:
    """A request a dry run would send: a `===` heading, then each message under its role."""
    body = "\n".join(
        f"--- {message['role']}\n{str(message.get('content') or '').rstrip()}"
        for message in messages
    )
    return f"=== {head}\n{body}"


# --------------------------------------------------------------------------- compact (compact, call)


def compact_text(result: CompactResult) -> str:
    if result.status != "dry_run":
        return result.summary or ""
    later = result.requests - len(result.planned)
    stages = f" (then {later} summarising the summaries)" if later > 0 else ""
    lines = [
        f"thread {result.thread}: would compact ({result.reason})",
        f"cut: log entry {result.cut} ({result.summarised} message(s) summarised, "
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
        )
        for number, planned in enumerate(result.planned, 1)
    ]
    return "\n\n".join(["\n".join(lines), *requests])


def _tokens_line(result: CompactResult) -> str:
    summary = result.tokens_after - result.tail_tokens
    if result.tokens_after_bound:
        return (
            f"tokens: {result.tokens_before:,} -> at most about {result.tokens_after:,} "
            f"(kept tail {result.tail_tokens:,} + summary of up to {summary:,}, estimated)"
        )
    return (
        f"tokens: {result.tokens_before:,} -> about {result.tokens_after:,} "
        f"(kept tail {result.tail_tokens:,} + summary {summary:,}, estimated)"
    )


def compact_note(g: Output, result: CompactResult) -> None:
    if result.status == "not_needed":
        note(g, f"compact: thread {result.thread}: not needed: {result.reason}")
    elif result.status == "nothing_to_compact":
        note(g, f"compact: thread {result.thread}: nothing to compact: {result.reason}")
    elif result.status == "compacted":
        stages = f" in {result.stages} stages" if result.stages > 1 else ""
        note(
            g,
            f"compact: thread {result.thread}: {result.summarised} message(s) before entry "
            f"{result.cut} summarised{stages} ({result.requests} request(s), {result.model}); "
            f"{result.messages_before} messages / {result.tokens_before:,} tokens -> "
            f"{result.messages_after} / {result.tokens_after:,}",
        )
    flushed = result.flush
    facts = sum(t.facts for t in flushed.threads) if flushed is not None else 0
    if flushed is not None and facts:
        note(g, f"compact: flushed first: {facts} fact(s) to {flushed.ledger}")
    for warning in result.warnings:
        note(g, f"compact: warning: {warning}")


# --------------------------------------------------------------------------- consolidate, archive (and maintain)


def consolidate_summary(result: ConsolidateResult) -> str:
    """One line for stderr: what was merged, and how MEMORY.md's size changed."""
    if result.status == "nothing_new":
        return (
            "consolidate: no new daily text since the last consolidation; no model request "
            "(--force runs it anyway)"
        )
    files = plural(len(result.files), "file")
    new = f"{files} ({size_text(result.new_bytes)} new) into MEMORY.md"
    if result.status == "dry_run":
        tokens = sum(p.prompt_tokens + p.completion_tokens for p in result.planned)
        return (
            f"dry run: would consolidate {new} in {plural(len(result.planned), 'request')}, "
            f"~{tokens:,} tokens, est. {cost_text(result.estimated_cost)} ({result.model}); "
            + (
                f"{result.chars_before:,} -> {result.chars_after:,} chars; nothing written"
                if result.diff is not None
                else "no model call, nothing written"
            )
        )
    passes = f" in {result.passes} passes" if result.passes > 1 else ""
    what = f"{new}{passes}: {result.chars_before:,} -> {result.chars_after:,} chars"
    replaced = "".join(f"\n  superseded: {line}" for line in result.superseded)
    if result.status == "preview":
        return f"preview: would consolidate {what} ({result.model}); nothing written{replaced}"
    carried = (
        f"; kept {size_text(result.carried_over)} saved meanwhile" if result.carried_over else ""
    )
    return f"consolidated {what} ({result.model}){carried}{replaced}"


def consolidate_plan_text(result: ConsolidateResult) -> str:
    """The requests a consolidation dry run would send, each under a `===` heading."""
    return "\n\n".join(
        request_text(
            f"consolidate · request {number}/{len(result.planned)} · {', '.join(p.files)} · "
            f"~{p.prompt_tokens:,} input + ~{p.completion_tokens:,} output tokens · "
            f"est. {cost_text(p.estimated_cost)}",
            p.messages,
        )
        for number, p in enumerate(result.planned, 1)
    )


def moves_text(result: ArchiveResult) -> str:
    return "\n".join(f"{move.source} -> {move.target}" for move in result.moved)


def archive_summary(result: ArchiveResult) -> str:
    verb = "would move" if result.dry_run else "moved"
    appended = sum(1 for move in result.moved if move.appended)
    joined = f" ({appended} appended to an existing archive)" if appended else ""
    return (
        f"archive: {verb} {len(result.moved)} ledger(s) dated before "
        f"{result.cutoff.isoformat()} to memory/archive/{joined}; kept {result.kept}"
    )


# --------------------------------------------------------------------------- status


def status_text(result: StatusResult) -> str:
    """The text table: plain aligned columns, no colour, so it reads well in cron mail."""
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
            f"{len(result.threads)} thread(s), {result.unflushed_entries:,} unflushed entries",
        ),
    ]
    if result.index is not None:
        rows.append(("search index", _index_text(result.index)))
    scheduled = {schedule.name for schedule in result.schedules}
    rows.extend((f"{schedule.name} run", _schedule_text(schedule)) for schedule in result.schedules)
    rows.extend(
        (f"{name} run", f"last {when}")
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
        lines.extend(_thread_table(result.threads))
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
        else f"{index.stale_files:,} file(s) changed since (the next search indexes them)"
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
    last = f"last {schedule.last or 'never'}"
    if schedule.next == schedule.rule:
        # flush_trigger always or never: no clock to wait for.
        when = "at every call" if schedule.rule == "always" else "never"
        return f"{last}; {when} (flush_trigger: {schedule.rule})"
    return f"{last}; next {schedule.next} ({schedule.rule})"


def _files(count: int) -> str:
    return f"{count} file" if count == 1 else f"{count} files"


THREADS_SHOWN = 20


def _thread_table(threads: list[ThreadStatus]) -> list[str]:
    """The threads with the most unflushed entries first; all of them are in --json."""
    shown = sorted(threads, key=lambda t: (-t.unflushed, t.thread))[:THREADS_SHOWN]
    header = ("thread", "entries", "unflushed", "context")
    cells = [
        header,
        *((t.thread, str(t.entries), str(t.unflushed), str(t.context_messages)) for t in shown),
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
