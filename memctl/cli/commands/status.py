"""status."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

import typer

from memctl.cli.core import app, command, globals_of
from memctl.cli.output import emit
from memctl.core.wording import plural

if TYPE_CHECKING:
    from memctl.core.workspace import Workspace
    from memctl.pipeline.status import IndexStatus, Schedule, StatusResult, ThreadStatus


@command(app, "status", short_help="Sizes, budgets, backlog and run times.")
def status_command(ctx: typer.Context) -> None:
    """Sizes against budgets, unflushed and unconsolidated backlog, last and next runs.

    Example: memctl status; memctl --json status | jq .dailies.unconsolidated_bytes
    """
    from memctl.pipeline.status import status

    g = globals_of(ctx)
    ws, config = g.open()
    result = status(ws, config)
    emit(
        g,
        result,
        lambda: status_text(result, config.compaction.trigger_messages, _changed(ws, result)),
    )


def _changed(ws: Workspace, result: StatusResult) -> dict[str, str]:
    """When each thread's log last changed: the text table lists recent threads first."""
    from memctl.core.threads import thread_path

    changed = {}
    for counted in result.threads:
        try:
            stamp = thread_path(ws, counted.thread).stat().st_mtime
        except OSError:
            continue
        changed[counted.thread] = datetime.fromtimestamp(stamp, ws.tzinfo()).isoformat()
    return changed


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


def status_hints(result: StatusResult, trigger_messages: int) -> list[str]:
    """The next thing to run, as `git status` suggests one."""
    hints = []
    if not result.threads and not result.dailies.count and not result.memory.chars:
        hints.append(
            "nothing here yet: memctl thread append THREAD FILE (OpenAI-style messages) "
            "or memctl thread import FILE (an agent's session)"
        )
    if result.unflushed_entries:
        hints.append(
            f"{plural(result.unflushed_entries, 'unflushed entry', 'unflushed entries')}: "
            "memctl flush"
        )
    if result.dailies.unconsolidated_bytes:
        hints.append(
            f"{_bytes(result.dailies.unconsolidated_bytes)} of daily text not in MEMORY.md: "
            "memctl consolidate"
        )
    over = [
        t for t in result.threads if trigger_messages and t.context_messages >= trigger_messages
    ]
    for thread in over[:3]:
        hints.append(
            f"thread {thread.thread} holds {thread.context_messages:,} messages (trigger "
            f"{trigger_messages:,}): memctl compact {thread.thread}"
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
        ("dailies", f"{plural(dailies.count, 'file')}, {_bytes(dailies.bytes)}"),
        (
            "today",
            f"{dailies.today}: {_bytes(dailies.today_bytes) if dailies.today_bytes else 'none yet'}",
        ),
        ("unconsolidated", f"{_bytes(dailies.unconsolidated_bytes)} of daily text"),
        ("archive", f"{plural(result.archive.count, 'file')}, {_bytes(result.archive.bytes)}"),
        (
            "threads",
            f"{plural(len(result.threads), 'thread')}, "
            f"{plural(result.unflushed_entries, 'unflushed entry', 'unflushed entries')}"
            + (
                f" ({result.unflushed_elsewhere:,} more for another machine to flush)"
                if result.unflushed_elsewhere
                else ""
            ),
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
    if result.sync is not None:
        info = result.sync
        rows.append(
            (
                "sync",
                f"{info.remote} ({info.branch}): {plural(info.ahead, 'file')} to send, "
                f"{plural(info.behind, 'commit')} fetched to merge; last sync "
                f"{ago(info.last_sync) if info.last_sync else 'never'}",
            )
        )
    rows.extend(("hook error", _hook_error(e)) for e in result.hook_errors)
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
    if index.problem:
        return index.problem
    if not index.exists:
        return "none yet (the next search builds it)"
    ratio = index.bytes / index.corpus_bytes if index.corpus_bytes else 0.0
    fresh = (
        "up to date"
        if not index.stale_files
        else f"{plural(index.stale_files, 'file')} changed since (a search indexes one written "
        "in the last two days at once, an older one edited by hand within the hour; "
        "`memctl index` indexes all now)"
    )
    text = (
        f"{_bytes(index.bytes)} ({ratio:.2f}x the {_bytes(index.corpus_bytes)} indexed), "
        f"{plural(index.records, 'record')} in {plural(index.files, 'file')}; "
        f"updated {index.updated}; {fresh}"
    )
    from memctl.models.semantic import NAME as SEMANTIC_NAME

    if index.embeddings_pending and index.embedding_model == SEMANTIC_NAME:
        # The offline leg: nothing to price, the next recall embeds them.
        text += f"; {index.embeddings_pending:,} records to embed with {index.embedding_model}"
    elif index.embeddings_pending:
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


def _bytes(count: int) -> str:
    """Sizes in the table as one style: exact, grouped (`60,000 bytes`), as the counts
    beside them are."""
    return plural(count, "byte")


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
                f"{t.entries:,}",
                f"{t.unflushed:,}",
                f"{t.context_messages:,}",
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
        lines.append(f"... and {len(threads) - len(shown):,} more (memctl --json status lists all)")
    return lines


def _hook_error(entry: dict[str, object]) -> str:
    """A hooks.log error as `status` shows it: when, which agent's event, what; an
    error that names its event itself (`Stop: the transcript ...`) is not named twice."""
    event, error = str(entry.get("event")), str(entry.get("error"))
    error = error.removeprefix(f"{event}: ")
    return f"{entry.get('ts')} {entry.get('agent')} {event}: {error}"
