"""thread append / list / show / import."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from memctl.cli.core import ThreadArg, choices, command, globals_of, group
from memctl.cli.inputs import read_input, resolve_thread
from memctl.cli.render import emit, note, page, plural, table
from memctl.errors import UsageError

thread_app = group("thread", "Add to, list and read thread logs.")
LINE_CHARS = 240
"""An entry of `thread show` is cut to this, as a search hit is (--full shows it all)."""


@command(thread_app, "append")
def thread_append(
    ctx: typer.Context,
    thread: Annotated[str, typer.Argument(help="Thread id ([A-Za-z0-9._-], up to 128).")],
    source: Annotated[
        str, typer.Argument(help="JSONL or JSON-array file of messages, or -.")
    ] = "-",
) -> None:
    """Append OpenAI-style messages to a thread log: all of them, or none if one is bad.

    Example: echo '{"role": "user", "content": "We deploy on Fridays."}' | memctl thread append t1
    """
    from memctl.threads import append_entries, check_thread_id, check_tool_results, parse_messages

    g = globals_of(ctx)
    check_thread_id(thread)
    ws, _ = g.open()
    data, name = read_input(source)
    messages = parse_messages(data, name)
    if not messages:
        raise UsageError(f"{name}: no messages")
    check_tool_results(ws, thread, messages, name)
    result = append_entries(ws, thread, messages)
    note(
        g,
        f"appended {plural(result.appended, 'message')} to {result.path} "
        f"({plural(result.entries, 'entry', 'entries')})",
    )
    emit(g, result)


@command(thread_app, "list")
def thread_list(ctx: typer.Context) -> None:
    """List thread ids with their entry counts and unflushed entries."""
    from memctl.status import thread_status
    from memctl.threads import list_threads

    g = globals_of(ctx)
    ws, _ = g.open()
    state = ws.read_state()
    counted = [thread_status(ws, state, thread) for thread in list_threads(ws)]
    rows = [{"thread": t.thread, "entries": t.entries, "unflushed": t.unflushed} for t in counted]
    emit(g, rows, lambda: table(["thread", "entries", "unflushed"], rows) if rows else "")


@command(thread_app, "show")
def thread_show(
    ctx: typer.Context,
    thread: ThreadArg,
    start: Annotated[
        int | None, typer.Option("--start", help="First entry (0-based index, default 0).")
    ] = None,
    end: Annotated[
        int | None, typer.Option("--end", help="Last entry, inclusive (default: the last).")
    ] = None,
    tail: Annotated[
        int | None, typer.Option("--tail", "-n", help="Only the last N entries.")
    ] = None,
    full: Annotated[
        bool, typer.Option("--full", help="Entries in full, not cut to one screen line.")
    ] = False,
) -> None:
    """Print a thread's entries, one a line: `#index [role] text`, a long entry cut as
    `search` cuts it (--full keeps it whole). With --json: one JSON array of the entries.
    On a terminal, long output goes through the pager ($PAGER, else less -R).

    Example: memctl thread show support-42 --tail 20
    """
    from memctl.threads import is_compaction, read_entries, searchable_text

    g = globals_of(ctx)
    if tail is not None and (start is not None or end is not None):
        raise UsageError("--tail excludes --start and --end")
    for name, value in (("--start", start), ("--end", end), ("--tail", tail)):
        if value is not None and value < 0:
            raise UsageError(f"{name} must be 0 or more, not {value}")
    ws, _ = g.open()
    thread = resolve_thread(ws, thread)
    entries = read_entries(ws, thread)
    first = max(0, len(entries) - tail) if tail is not None else (start or 0)
    last = len(entries) - 1 if end is None else min(end, len(entries) - 1)
    shown = list(enumerate(entries))[first : last + 1]

    def text() -> str:
        from memctl.search import snippet

        lines = []
        for index, entry in shown:
            role = "compaction" if is_compaction(entry) else entry.get("role", "?")
            body = " ".join(searchable_text(entry).split())
            lines.append(f"#{index} [{role}] {body if full else snippet(body, [], LINE_CHARS)}")
        return "\n".join(lines)

    if g.json:
        emit(g, [entry for _, entry in shown])
    else:
        page(text())


@command(thread_app, "import")
def thread_import(
    ctx: typer.Context,
    source: Annotated[
        str, typer.Argument(help="Transcript file: Claude Code or Codex CLI JSONL, or -.")
    ],
    fmt: Annotated[
        str,
        typer.Option(
            "--format",
            "-f",
            help="auto (detect), claude, codex or openai.",
            **choices("auto", "claude", "codex", "openai"),
        ),
    ] = "auto",
    thread: Annotated[
        str | None,
        typer.Option(
            "--thread",
            "-t",
            help="Thread id (default: the session's id, else the file name).",
        ),
    ] = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Show what would be imported; write nothing.")
    ] = False,
) -> None:
    """Import a Claude Code session, a Codex CLI rollout or OpenAI-style messages into a
    thread log. Re-importing the same (or a grown) file adds only the new entries.

    Example: memctl thread import ~/.claude/projects/-home-me-shop/6f1c2b9e-….jsonl
    """
    from memctl.importers import import_transcript
    from memctl.threads import check_thread_id, searchable_text

    g = globals_of(ctx)
    if thread is not None:
        check_thread_id(thread)
    ws, _ = g.open()
    data, name = read_input(source)
    stem = None if source == "-" else Path(source).stem
    result = import_transcript(ws, data, name, stem=stem, fmt=fmt, thread=thread, dry_run=dry_run)
    skipped = (
        f"{result.read} records read; skipped: {result.skipped_existing} already in the "
        f"thread, {result.skipped_meta} metadata, {result.skipped_sidechain} subagent"
    )
    if not result.imported:
        note(g, f"nothing new to import from {name} into {result.path} ({skipped})")
        emit(g, result)
        return
    note(g, skipped)

    def text() -> str:
        verb = "would import" if result.dry_run else "imported"
        lines = [
            f"{verb} {result.imported} entries ({result.format}) into thread "
            f"{result.thread} ({result.path})"
        ]
        for entry in result.preview or []:
            body = " ".join(searchable_text(entry).split())
            lines.append(f"+ [{entry['role']}] {body[:120]}")
        return "\n".join(lines)

    emit(g, result, text)
