"""Views more than one command prints: a compaction note (compact, call), a consolidation
summary (consolidate, maintain, call), archive moves (archive, maintain), a sync's counts
(sync, maintain), a cost, a size, a planned request, a local time. Kept in one place so
two commands never word the same thing twice; a view only one command prints lives in
that command's module.

Nothing here imports a command module or the entry module (tests/test_layers.py).
"""

from __future__ import annotations

import math
from datetime import datetime
from typing import TYPE_CHECKING, Any

from memctl.cli.output import Output, note
from memctl.core.wording import plural

if TYPE_CHECKING:
    from memctl.pipeline.archive import ArchiveResult
    from memctl.pipeline.compact import CompactResult
    from memctl.pipeline.consolidate import ConsolidateResult
    from memctl.pipeline.sync import SyncResult


# --------------------------------------------------------------------------- sizes, costs, requests


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


def local_time(moment: datetime) -> str:
    """A time as `git log --date=iso` shows it: in this machine's zone (TZ), with its
    offset, so it reads as the clock on the wall; --json keeps the ISO form in UTC."""
    return moment.astimezone().strftime("%Y-%m-%d %H:%M:%S %z")


# --------------------------------------------------------------------------- compact (compact, call)


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
    kept = result.retention
    if kept is not None and kept.checked and result.status in ("compacted", "dry_run"):
        would = "would be kept" if result.status == "dry_run" else "kept"
        note(
            g,
            f"{head}retention: {plural(kept.checked, 'identifier or commitment', 'identifiers and commitments')} "
            f"of the prefix: {kept.in_summary} in the summary, {kept.in_ledger} in the ledger, "
            f"{kept.kept} {would} under Kept:, {kept.dropped} dropped"
            + (f" ({', '.join(kept.dropped_list[:5])})" if kept.dropped else ""),
            command,
        )
        for skipped in kept.skipped_list:
            note(g, f"{head}retention: not checked, a long message: {skipped}", command)
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
        # Not "consolidated ... into MEMORY.md": nothing went into it.
        read = f"{plural(len(result.files), 'file')} ({size_text(result.new_bytes)} new)"
        what = (
            f"read {read}{passes} ({result.model}): nothing in it was new to MEMORY.md, "
            f"which was left as it was ({result.chars_after:,} chars)"
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


def sync_counts(result: SyncResult, would: bool = False) -> str:
    """What a sync received and sent: ledger blocks, thread log lines (shared threads:
    never counted as blocks), the ledgers its commit archives, and the forgets."""
    receive, send = ("would receive", "send") if would else ("received", "sent")
    text = f"{receive} {result.received:,}, {send} {plural(result.sent, 'block')}"
    if result.received_lines or result.sent_lines:
        text += (
            f"; thread log lines: {result.received_lines:,} {receive.split()[-1]}, "
            f"{result.sent_lines:,} {send}"
        )
    if result.archived:
        text += f", {plural(len(result.archived), 'ledger')} archived"
    if result.forgotten:
        text += f", {result.forgotten} forgotten"
    return text


def sync_dropped(result: SyncResult) -> str | None:
    """The lines a sync's MEMORY.md left out (a tombstone forgets them), if any."""
    if not result.memory_dropped:
        return None
    would = "would leave" if result.status == "dry_run" else "left"
    return (
        f"{would} {plural(result.memory_dropped, 'line')} out of MEMORY.md that a tombstone "
        "forgets (a forget on either machine) or a purge masked"
    )
