"""thread append / list / show / import / rm / rename."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from memctl.cli.core import (
    Globals,
    ThreadArg,
    choices,
    command,
    complete_threads,
    globals_of,
    group,
)
from memctl.cli.inputs import read_input, resolve_thread
from memctl.cli.output import emit, note, page, table
from memctl.core.errors import UsageError
from memctl.core.wording import plural

if TYPE_CHECKING:
    from memctl.agents.transcripts import ImportResult

thread_app = group(
    "thread",
    "Add to, list, read, rename and remove thread logs.",
    short_help="Add, list, read, rename and remove threads.",
)
LINE_CHARS = 240
"""An entry of `thread show` is cut to this, as a search hit is (--full shows it all)."""


@command(thread_app, "append", short_help="Append OpenAI-style messages to a thread.")
def thread_append(
    ctx: typer.Context,
    thread: Annotated[str, typer.Argument(help="Thread id ([A-Za-z0-9._-], up to 128).")],
    source: Annotated[
        str | None,
        typer.Argument(
            help="JSONL or JSON-array file of messages; - or nothing reads stdin.",
            show_default=False,
        ),
    ] = None,
    dry_run: Annotated[
        bool,
        typer.Option("--dry-run", help="Check the messages and say what would be appended."),
    ] = False,
) -> None:
    """Append OpenAI-style messages to a thread log: all of them, or none if one is bad.

    Example: echo '{"role": "user", "content": "We deploy on Fridays."}' | memctl thread append t1
    """
    from memctl.core.threads import (
        AppendResult,
        append_entries,
        check_thread_id,
        check_tool_results,
        count_entries,
        parse_messages,
        thread_path,
    )

    g = globals_of(ctx)
    check_thread_id(thread)
    if source is None:
        # Nothing given and nothing piped: waiting on a terminal for an EOF the user does
        # not know to type looks like a hang, as with `save`. `append T -` still reads it.
        if sys.stdin.isatty():
            raise UsageError(
                "no messages to append: give a FILE or pipe JSONL on stdin "
                "(memctl thread append --help)"
            )
        source = "-"
    ws, _ = g.open()
    data, name = read_input(source)
    messages = parse_messages(data, name)
    if not messages:
        raise UsageError(f"{name}: no messages")
    check_tool_results(ws, thread, messages, name)
    if dry_run:
        path = thread_path(ws, thread)
        before = count_entries(path) if path.is_file() else 0
        result = AppendResult(thread, len(messages), before + len(messages), ws.relative(path))
    else:
        result = append_entries(ws, thread, messages)
    verb = "would append" if dry_run else "appended"
    note(
        g,
        f"thread append: {verb} {plural(result.appended, 'message')} to {result.path} "
        f"({plural(result.entries, 'entry', 'entries')}){'; nothing written' if dry_run else ''}",
    )
    emit(g, result)


@command(thread_app, "list", short_help="List threads, their entries and backlog.")
def thread_list(ctx: typer.Context) -> None:
    """List thread ids with their entry counts and unflushed entries, and for an
    imported session what it is known by: project · title · day it started.

    Example: memctl thread list --json | jq -r '.threads[].thread'
    """
    from memctl.agents.imports import thread_titles
    from memctl.core.threads import list_threads
    from memctl.pipeline.status import thread_status

    g = globals_of(ctx)
    ws, _ = g.open()
    state = ws.read_state()
    titles = thread_titles(state)
    rows: list[dict[str, Any]] = []
    for counted in (thread_status(ws, state, thread) for thread in list_threads(ws)):
        row: dict[str, Any] = {
            "thread": counted.thread,
            "entries": counted.entries,
            "unflushed": counted.unflushed,
        }
        if counted.thread in titles:
            row["title"] = titles[counted.thread]
        rows.append(row)
    header = [
        "thread",
        "entries",
        "unflushed",
        *(["title"] if any("title" in r for r in rows) else []),
    ]
    emit(g, {"threads": rows}, lambda: table(header, rows) if rows else "")


@command(thread_app, "show", short_help="Print a thread's entries, one a line.")
def thread_show(
    ctx: typer.Context,
    thread: ThreadArg,
    start: Annotated[
        int | None, typer.Option("--start", help="First entry (0-based index, default 0).")
    ] = None,
    end: Annotated[
        int | None,
        typer.Option("--end", metavar="M", help="Last entry, inclusive (default: the last)."),
    ] = None,
    tail: Annotated[
        int | None, typer.Option("--tail", "-n", help="Only the last N entries.")
    ] = None,
    full: Annotated[
        bool, typer.Option("--full", help="Entries in full, not cut to one screen line.")
    ] = False,
) -> None:
    """Print a thread's entries, one a line: `#index [role] text`, a long entry cut as
    `search` cuts it (--full keeps it whole). With --json: the entries as the log holds them, under
    `messages` (a document `thread append` takes).
    Secrets are redacted, as recall and search show them; --no-redact prints the log as
    written.
    On a terminal, long output goes through the pager ($PAGER, else less -R).

    Example: memctl thread show support-42 --tail 20
    """
    from memctl.core.forgotten import shown_masked
    from memctl.core.threads import (
        read_entries,
        role_of,
        searchable_text,
        speaker_of,
        who,
    )

    g = globals_of(ctx)
    if tail is not None and (start is not None or end is not None):
        raise UsageError("--tail excludes --start and --end")
    for name, value in (("--start", start), ("--end", end), ("--tail", tail)):
        if value is not None and value < 0:
            raise UsageError(f"{name} must be 0 or more, not {value}")
    if start is not None and end is not None and end < start:
        raise UsageError(f"end entry {end} is before start entry {start}")
    ws, config = g.open()
    thread = resolve_thread(ws, thread)
    entries = read_entries(ws, thread)
    if start is not None and start >= len(entries) and (start or entries):
        # as `get` refuses a start line past the end: a range that shows nothing is a mistake
        raise UsageError(
            f"thread {thread}: start entry {start} is past the end "
            f"({plural(len(entries), 'entry', 'entries')}: #0 to #{len(entries) - 1})"
            if entries
            else f"thread {thread}: start entry {start} is past the end (no entries)"
        )
    redactor = config.redaction.redactor()
    first = max(0, len(entries) - tail) if tail is not None else (start or 0)
    last = len(entries) - 1 if end is None else min(end, len(entries) - 1)
    shown = list(enumerate(entries))[first : last + 1]

    def text() -> str:
        from memctl.retrieval.search import snippet

        lines = []
        for index, entry in shown:
            role = who(role_of(entry), speaker_of(entry, redactor))
            # redacted whole, then cut: a cut key is no key a pattern knows
            body = " ".join(shown_masked(redactor.text(searchable_text(entry))).split())
            lines.append(f"#{index} [{role}] {body if full else snippet(body, [], LINE_CHARS)}")
        return "\n".join(lines)

    if g.json:
        # under `messages`, as a request holds them: `thread append` takes the document back
        # each entry redacted as JSON of the same shape (keys and structure kept)
        emit(g, {"messages": [json.loads(redactor.json(json.dumps(e))) for _, e in shown]})
    else:
        page(text())


@command(thread_app, "import", short_help="Import an agent's session into a thread.")
def thread_import(
    ctx: typer.Context,
    source: Annotated[
        str | None,
        typer.Argument(
            help="Transcript file (Claude Code or Codex CLI JSONL, OpenAI-style messages), "
            "a folder of them, or - for stdin.",
        ),
    ] = None,
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
    final: Annotated[
        bool | None,
        typer.Option(
            "--final/--live",
            help="The session is over: import its last reply as it is, a trailing batch "
            "of tool calls too / it is still running: leave a reply that may grow for the "
            "next import (default: live when its last line is under 10 minutes old).",
        ),
    ] = None,
    everything: Annotated[
        bool,
        typer.Option(
            "--all",
            help="Import every Claude Code and Codex session (and subagent) on this machine "
            "($CLAUDE_CONFIG_DIR or ~/.claude, $CODEX_HOME or ~/.codex).",
        ),
    ] = False,
    project: Annotated[
        Path | None,
        typer.Option(
            "--project",
            metavar="PATH",
            help="With --all: only the sessions that ran in this folder.",
        ),
    ] = None,
) -> None:
    """Import a Claude Code session, a Codex CLI rollout or OpenAI-style messages into a
    thread log, or with --all (or a folder) every session found. Importing the same file
    again reads only what was appended since; a reply still being written, and a torn
    last line, wait for the next import.

    Example: memctl thread import --all --project ~/src/shop
    """
    from memctl.agents.imports import import_source, import_transcript
    from memctl.core.threads import check_thread_id

    g = globals_of(ctx)
    if thread is not None:
        check_thread_id(thread)
    if everything == (source is not None):
        raise UsageError("give one transcript FILE, a folder, - for stdin, or --all")
    if project is not None and not everything:
        raise UsageError("--project goes with --all")
    folder = source is not None and source != "-" and Path(source).is_dir()
    if everything or folder:
        if thread is not None:
            raise UsageError("--thread names one thread; it does not go with --all or a folder")
        import_many(ctx, many_sources(source if folder else None, project), fmt, dry_run, final)
        return
    ws, _ = g.open()
    assert source is not None
    # --final: the person says the session is over, as SessionEnd does: nothing extends
    # its last reply, so it is imported whole (the Stop hook's `final` holds back a
    # trailing batch of tool calls, which a SubagentStop comes in the middle of).
    ended = final is True
    if source == "-":
        data, name = read_input(source)
        result = import_transcript(
            ws,
            data,
            name,
            stem=None,
            fmt=fmt,
            thread=thread,
            dry_run=dry_run,
            final=final,
            ended=ended,
        )
    else:
        name = source
        result = import_source(
            ws,
            Path(source),
            fmt=fmt,
            thread=thread,
            dry_run=dry_run,
            final=final,
            source=name,
            ended=ended,
        )
        result.file = str(Path(source).absolute())  # --json's `file`; the text says `name`
    report_import(g, result, name)


def report_import(g: Globals, result: ImportResult, name: str) -> None:
    """What an import did goes to stderr, as `thread append` reports (so -q silences
    both); stdout carries only a dry run's preview of the entries. Counts that are 0 are
    left out: "skipped: 0 …, 0 …, 0 …" told nothing."""
    from memctl.core.threads import searchable_text

    skipped = ", ".join(
        f"{count} {what}"
        for count, what in (
            (result.skipped_existing, "already in the thread"),
            (result.skipped_meta, "metadata"),
            (result.skipped_sidechain, "subagent"),
        )
        if count
    )
    counts = f"{plural(result.read, 'record')} read" + (f"; skipped {skipped}" if skipped else "")
    if result.held_back:
        counts += (
            f"; {result.held_back} left for the next import (a reply or line still being "
            "written; --final takes it now)"
        )
    if result.skipped:
        note(g, f"thread import: not imported: {name} is {result.skipped}")
        emit(g, result)
        return
    if not result.thread:
        note(g, f"thread import: nothing to import from {name}: it holds no records yet")
        emit(g, result)
        return
    if not result.imported:
        note(g, f"thread import: nothing new to import from {name} into {result.path} ({counts})")
        emit(g, result)
        return
    verb = "would import" if result.dry_run else "imported"
    note(
        g,
        f"thread import: {verb} {plural(result.imported, 'entry', 'entries')} "
        f"({result.format}) into thread {result.thread} ({result.path}); {counts}",
    )

    def text() -> str:
        lines = []
        for entry in result.preview or []:
            body = " ".join(searchable_text(entry).split())
            lines.append(f"+ [{entry['role']}] {body[:120]}")
        return "\n".join(lines)

    emit(g, result, text if result.dry_run else None)


def many_sources(folder: str | None, project: Path | None) -> list[Path]:
    from memctl.agents.discover import agent_sessions, folder_sessions

    if folder is not None:
        return folder_sessions(Path(folder))
    return agent_sessions(project.expanduser().resolve() if project is not None else None)


def import_many(
    ctx: typer.Context, paths: list[Path], fmt: str, dry_run: bool, final: bool | None
) -> None:
    """Import each file on its own: one that cannot be read is reported and the others
    still imported; the exit code is then 1."""
    from memctl.agents.imports import import_source
    from memctl.core.errors import MemctlError

    g = globals_of(ctx)
    ws, _ = g.open()
    results = []
    failed = []
    for path in paths:
        try:
            results.append(
                import_source(ws, path, fmt=fmt, dry_run=dry_run, final=final, ended=final is True)
            )
        except MemctlError as exc:
            failed.append({"file": str(path), "error": str(exc)})
            note(g, f"thread import: failed: {exc}")
    imported = sum(r.imported for r in results)
    skipped = [r for r in results if r.skipped]
    verb = "would import" if dry_run else "imported"
    summary = {
        "files": len(paths),
        "imported": imported,
        "results": results,
        "failed": failed,
    }

    for r in results:
        if r.imported:
            note(
                g,
                f"thread import: {verb} {plural(r.imported, 'entry', 'entries')} ({r.format}) "
                f"into thread {r.thread} ({r.path})",
            )
    note(
        g,
        f"thread import: {plural(len(paths), 'transcript')}: "
        f"{plural(imported, 'entry', 'entries')} {verb}; {len(skipped)} passed over "
        f"(compaction or warm-up agents); {len(failed)} failed",
    )
    emit(g, summary)
    if failed:
        raise typer.Exit(1)


WholeThreadArg = Annotated[
    str,
    typer.Argument(
        help="Thread id, whole (no prefix: this changes the workspace).",
        metavar="THREAD",
        autocompletion=complete_threads,
    ),
]


def _whole_id(ws: Any, given: str) -> str:
    """`given` if a thread has that id; else the "did you mean" of `resolve_thread`, and a
    unique prefix is named but not taken, since rm and rename change the workspace."""
    from memctl.core.threads import check_thread_id, thread_path

    check_thread_id(given)
    if thread_path(ws, given).is_file():
        return given
    meant = resolve_thread(ws, given, start_hint=False)
    raise UsageError(f"no thread {given!r}; did you mean {meant!r}? (give the whole id)")


DryRun = Annotated[bool, typer.Option("--dry-run", help="Say what would change; change nothing.")]


@command(thread_app, "rm", short_help="Remove a thread and its records.")
def thread_rm(
    ctx: typer.Context,
    thread: WholeThreadArg,
    force: Annotated[
        bool,
        typer.Option("--force", "-f", help="Remove it even with entries flush has not read."),
    ] = False,
    dry_run: DryRun = False,
) -> None:
    """Remove a thread: its log, its flush watermark, its evicted tool results, and the
    record of transcripts imported into it (importing one again starts over). A thread
    with unflushed entries is refused without --force, as `git branch -d` refuses an
    unmerged branch: their facts would be lost.

    Example: memctl thread rm scratch-1
    """
    from memctl.core.thread_admin import remove_thread
    from memctl.pipeline.status import thread_status

    g = globals_of(ctx)
    ws, config = g.open()
    thread = _whole_id(ws, thread)
    unflushed = thread_status(ws, ws.read_state(), thread).unflushed
    if unflushed and not force and not dry_run:
        raise UsageError(
            f"thread {thread} has {plural(unflushed, 'unflushed entry', 'unflushed entries')}: "
            f"`memctl flush --thread {thread}` first keeps their facts; --force removes it anyway"
        )
    result = remove_thread(ws, config, thread, dry_run=dry_run)
    evicted = f" and {result.evicted}/" if result.evicted else ""
    verb = "would remove" if dry_run else "removed"
    lost = f"; {plural(unflushed, 'unflushed entry', 'unflushed entries')}" if unflushed else ""
    note(g, f"thread rm: {verb} thread {result.thread} ({result.log}{evicted}){lost}")
    emit(g, result)


@command(thread_app, "rename", short_help="Rename a thread, watermark and all.")
def thread_rename(
    ctx: typer.Context,
    thread: WholeThreadArg,
    new: Annotated[str, typer.Argument(help="The new id; no thread may have it yet.")],
    dry_run: DryRun = False,
) -> None:
    """Rename a thread: its log moves with its flush watermark, its evicted tool results
    and its imported transcripts (an import reads on into the new id).

    Example: memctl thread rename chat-1 billing-migration
    """
    from memctl.core.thread_admin import rename_thread
    from memctl.core.threads import check_thread_id

    g = globals_of(ctx)
    check_thread_id(new)
    ws, config = g.open()
    result = rename_thread(ws, config, _whole_id(ws, thread), new, dry_run=dry_run)
    verb = "would rename" if dry_run else "renamed"
    note(g, f"thread rename: {verb} thread {result.thread} to {new} ({result.log})")
    emit(g, result)
