"""forget."""

from __future__ import annotations

from typing import Annotated

import typer

from memctl.cli.core import app, command, globals_of
from memctl.cli.output import emit, fail, note
from memctl.core.wording import plural


@command(app, "forget", short_help="Make memory stop stating a fact.")
def forget_command(
    ctx: typer.Context,
    target: Annotated[
        str,
        typer.Argument(
            help="A query (the fact line containing it; --all when several do) or PATH:LINE (one line of "
            "MEMORY.md or a ledger).",
            show_default=False,
        ),
    ],
    replace: Annotated[
        str | None,
        typer.Option(
            "--replace",
            metavar="NEW",
            help="The corrected fact, saved in place of the forgotten one.",
        ),
    ] = None,
    purge: Annotated[
        bool,
        typer.Option(
            "--purge",
            help="Overwrite every copy of the text in the workspace (ledgers, history, "
            "thread logs, evicted results, index), a fact or not, and rewrite exported "
            "AGENTS.md/CLAUDE.md blocks: for a secret or a privacy request. It cannot be "
            "undone: `memctl undo` after it refuses, and `undo N` past it keeps the "
            "purge in force.",
        ),
    ] = False,
    every: Annotated[
        bool,
        typer.Option(
            "--all",
            help="Forget every fact the query matches; without it a query matching more "
            "than one (or, with --purge, one only as an older flush rewrote a pronoun in it) "
            "lists them and changes nothing.",
        ),
    ] = False,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="List the facts and files; write nothing.")
    ] = False,
) -> None:
    """Make memory stop stating a fact. The ledgers stay as written: the fact is recorded
    as forgotten (.memctl/forgotten.jsonl), and consolidation, search, recall and the
    memory block leave it out; MEMORY.md is rewritten without it (the old one kept, and
    `memctl undo` takes the whole forget back). A MEMORY.md bullet and the ledger lines it
    was merged from are one fact: forgetting either forgets both. A query matching more
    than one fact is refused (exit 2, the facts listed) unless --all says to forget them
    all; nothing is ever asked. --purge erases the text itself everywhere (no undo: `undo`
    after it refuses, and going back past it keeps the text erased). The
    memory blocks `memctl export` wrote (AGENTS.md, CLAUDE.md) are written again without
    it, and listed.

    Example: memctl forget "staging is db3" --replace "Staging is db7."

    Example: memctl forget "db3" --all; memctl undo

    Example: memctl forget MEMORY.md:7 --purge --dry-run
    """
    from memctl.agents.export import refresh
    from memctl.core.workspace import SYNC_GIT_NAME
    from memctl.pipeline.forget import Ambiguous, forget, purge_needles
    from memctl.pipeline.purge import listed

    g = globals_of(ctx)
    ws, config = g.open()
    try:
        result = forget(
            ws, config, target, replacement=replace, dry_run=dry_run, purge=purge, every=every
        )
    except Ambiguous as refused:
        # What it would have forgotten, as a dry run lists it; the error line follows.
        note(g, "\n".join(f"forget:   - {fact}" for fact in refused.facts))
        if not g.json:  # --json: the error document alone
            emit(g, None, "\n".join(refused.found))
        raise
    # The exported blocks, after the stage (which cannot reach them: agents are above it).
    gone = purge_needles(ws, target, result.facts) if purge else result.facts
    exports = refresh(ws, config, gone, dry_run=dry_run, purge=purge)
    result.exports, result.exports_dropped = exports.changed, exports.dropped
    result.exports_left = exports.failed
    verb = "would forget" if dry_run else "forgot"
    facts = plural(len(result.facts), "fact")
    where = f"{plural(result.memory_lines, 'line')} of MEMORY.md"
    lines = [f"forget: {verb} {facts} ({where})"]
    lines += [f"forget:   - {fact}" for fact in result.facts]
    if result.replacement is not None:
        lines.append(f"forget: {'would save' if dry_run else 'saved'}: {result.replacement}")
    if result.history and purge:
        lines.append(
            f"forget: a purge cannot be undone: history keeps MEMORY.md as it left it "
            f"({result.history}), a version `memctl undo` refuses"
        )
    elif result.history:
        lines.append(f"forget: the previous MEMORY.md is kept as {result.history}")
    elif not purge and not result.memory_lines and result.replacement is None:
        # Else the next `undo` takes back an earlier run instead, without a word.
        lines.append(
            "forget: MEMORY.md did not state it, so no version is kept: `memctl undo` "
            "does not take this forget back (`memctl save` the fact to bring it back)"
        )
    if purge:
        rewrote = "would rewrite" if dry_run else "rewrote"
        lines.append(f"forget: purge {rewrote} {plural(len(result.purged), 'file')}")
        if result.purge_config:
            lines.append(
                "forget: memctl.yaml holds it too: a purge never rewrites the configuration; "
                "edit it by hand"
            )
        if left := result.purge_unreachable:
            lines.append(
                f"forget: {plural(len(left), 'copy', 'copies')} {'is' if len(left) == 1 else 'are'} in "
                f"names or structure a purge does not rewrite: {listed(left)}"
            )
        if partial := result.purge_partial:
            turns = ", ".join(
                where.rpartition("/")[2].replace(".jsonl#", " entry ") for where in partial
            )
            lines.append(
                f"forget: {plural(len(partial), 'thread turn')} {'keeps' if len(partial) == 1 else 'keep'} "
                f"sentences the purge {'would leave' if dry_run else 'left'} unmasked ({turns}): "
                'they may say more of the same person or secret in other words ("she", "her '
                'phone"), which a purge does not guess; read them (`memctl thread show`) and '
                "purge each detail that must go"
            )
        if result.token_untracked:
            lines.append(
                "forget: the token is too short or plain to keep a salted digest of (under 8 "
                "characters or letters alone, and not generated-looking): `memctl sync` masks "
                "it on other machines only in the facts this purge forgot; run the same purge "
                "there for other copies"
            )
        lines.append(
            "forget: a purge cannot reach a copy outside this workspace, nor what "
            "`memctl sync` committed (.memctl/sync.git) or pushed to its git remote"
        )
        if config.sync.remote and (ws.state_dir / SYNC_GIT_NAME).is_dir():
            # Synced before: the text may be in the remote's history (audit 19 F12).
            lines.append(
                f"forget: this workspace syncs with {config.sync.remote}: once every machine "
                "has synced this purge, rewrite the remote's history to drop the text "
                '(README, "sync")'
            )
    written = "would rewrite" if dry_run else "rewrote"
    lines += [f"forget: {written} the memory block in {path}" for path in exports.changed]
    dropped = "would drop" if dry_run else "dropped"
    lines += [f"forget: {dropped} the export {why}" for why in exports.dropped]
    note(g, "\n".join(lines))
    emit(g, result, "\n".join([*result.purged, *exports.changed] if purge else result.found))
    if left := exports.failed:
        # The forget itself is done; a block outside the workspace still states the fact
        # (the JSON document lists it under exports_left).
        leave = "would leave" if dry_run else "left"
        raise fail(
            g,
            f"{leave} {plural(len(left), 'exported memory block')} as written, still stating "
            f"what was forgotten: {'; '.join(left)} (fix the file, then `memctl export`)",
            1,
            document=False,
        )
