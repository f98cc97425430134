"""thread append / list / show / import."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from memctl.cli.core import command, globals_of, group
from memctl.cli.inputs import read_input
from memctl.cli.render import emit, note
from memctl.errors import UsageError

thread_app = group("thread", "Add to, list and read thread logs.")


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
    note(g, f"appended {result.appended} message(s) to {result.path} ({result.entries} entries)")
    emit(g, result)


@command(thread_app, "list")
def thread_list(ctx: typer.Context) -> None:
    """List thread ids with their entry counts and unflushed entries."""
    from memctl.threads import count_entries, list_threads, thread_path

    g = globals_of(ctx)
    ws, _ = g.open()
    state = ws.read_state()
    rows = []
    for thread in list_threads(ws):
        total = count_entries(thread_path(ws, thread))
        flushed = state.flushed(thread)
        rows.append({"thread": thread, "entries": total, "unflushed": max(0, total - flushed)})
    emit(
        g,
        rows,
        lambda: "\n".join(
            f"{r['thread']}\t{r['entries']} entries\t{r['unflushed']} unflushed" for r in rows
        ),
    )


@command(thread_app, "show")
def thread_show(
    ctx: typer.Context,
    thread: Annotated[str, typer.Argument(help="Thread id.")],
) -> None:
    """Print a thread's entries, one a line: `#index [role] text` (JSON lines with --json)."""
    from memctl.threads import is_compaction, read_entries, searchable_text

    g = globals_of(ctx)
    ws, _ = g.open()
    entries = read_entries(ws, thread)

    def text() -> str:
        lines = []
        for index, entry in enumerate(entries):
            role = "compaction" if is_compaction(entry) else entry.get("role", "?")
            body = " ".join(searchable_text(entry).split())
            lines.append(f"#{index} [{role}] {body}")
        return "\n".join(lines)

    if g.json:
        print(json.dumps(entries, ensure_ascii=False, indent=2))
    else:
        emit(g, entries, text)


@command(thread_app, "import")
def thread_import(
    ctx: typer.Context,
    source: Annotated[
        str, typer.Argument(help="Transcript file: Claude Code or Codex CLI JSONL, or -.")
    ],
    fmt: Annotated[
        str,
        typer.Option("--format", "-f", help="auto (detect), claude, codex or openai."),
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
