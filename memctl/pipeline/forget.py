"""forget and correct: make memory stop stating a fact (issue 25, item 2).

By default nothing in the ledgers is edited: the facts are recorded as tombstones
(`memctl.core.forgotten`), which consolidation, search, recall and the memory block
honour, and MEMORY.md, the curated file, is rewritten without them (its previous version
kept in history, as a consolidation keeps it). A correction (`replacement`) records the
old as superseded and saves the new one as `memctl save` would (MEMORY.md and today's
ledger), so a later consolidation keeps the new value.

`purge` is for a secret or a privacy request: every copy of the query and of each fact
holding it, anywhere in the workspace, is masked (`memctl.pipeline.purge`); text said in
a thread that never became a fact is purged too, and the purge's own tombstone keeps
only a digest. Exported blocks (AGENTS.md, CLAUDE.md, often outside the workspace) are
written again by the entry point after this stage (`memctl.agents.export.refresh`),
after a plain forget too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from memctl.core.config import Config
from memctl.core.durable import write_atomic
from memctl.core.errors import MemctlError, UsageError
from memctl.core.forgotten import (
    BULLET,
    Forgotten,
    fact_key,
    record_tombstones,
)
from memctl.core.memory import memory_path
from memctl.core.workspace import Workspace
from memctl.pipeline.consolidate import Marks, keep_history
from memctl.pipeline.purge import purge_files
from memctl.pipeline.save import save

LOCATION = re.compile(r"(?P<path>.+):(?P<line>\d+)")


@dataclass
class ForgetResult:
    facts: list[str]
    """The facts forgotten (their text, without the bullet)."""
    found: list[str] = field(default_factory=list)
    """Where they are written: PATH:LINE (empty for a purge of text that is in no fact)."""
    replacement: str | None = None
    """The corrected fact saved in their place (--replace); null for a forget."""
    memory_lines: int = 0
    """Lines of MEMORY.md removed (or replaced)."""
    history: str | None = None
    """Where the MEMORY.md it rewrote was kept."""
    purged: list[str] = field(default_factory=list)
    """Files a purge rewrote (or would rewrite)."""
    exports: list[str] = field(default_factory=list)
    """Exported AGENTS.md/CLAUDE.md files (absolute paths) whose memory block was (would
    be) written again without the facts. Filled by the entry point after the stage: the
    export is in the agents layer, above this one."""
    exports_dropped: list[str] = field(default_factory=list)
    """Recorded exports dropped from state.json, `PATH: why` (the file is gone, or its
    block was taken out)."""
    dry_run: bool = False
    """Nothing was written."""


def forget(
    ws: Workspace,
    config: Config,
    target: str,
    *,
    replacement: str | None = None,
    dry_run: bool = False,
    purge: bool = False,
) -> ForgetResult:
    """Forget the facts `target` names: `PATH:LINE` (a line of MEMORY.md or a ledger) or
    a query (every fact line containing it, case aside)."""
    if not target.strip():
        raise UsageError("say what to forget: a query or PATH:LINE")
    if replacement is not None and not replacement.strip():
        raise UsageError("the replacement is empty: say the corrected fact")
    if replacement is not None and purge:
        raise UsageError("--purge forgets; a correction keeps the new fact: use one")
    with ws.lock():
        facts, found = _resolve(ws, target, purge=purge)
        result = ForgetResult(facts, found, replacement, dry_run=dry_run)
        gone = Forgotten({fact_key(fact) for fact in facts})
        memory = ws.memory_md.read_bytes() if ws.memory_md.exists() else b""
        text = memory.decode("utf-8", "replace")
        lines = text.splitlines(keepends=True)
        kept: list[str] = []
        for line in lines:
            if line.lstrip().startswith("#") or not gone.states(line):
                kept.append(line)
            else:
                result.memory_lines += 1
        needles = purge_needles(ws, target, facts)
        if purge:
            result.purged = purge_files(ws, needles, dry_run=True)
            if not facts and not result.purged:
                raise MemctlError(f"nothing in the workspace contains {target!r}")
        if dry_run:
            return result
        if facts:
            record_tombstones(ws, facts, replacement, purge=purge)
        if result.memory_lines:
            if not purge:  # a purge must leave no copy, a history copy included
                marks = ws.read_state().consolidation
                saved = keep_history(ws, memory, Marks(dict(marks.offsets), dict(marks.tails)))
                result.history = ws.relative(saved)
            write_atomic(ws.memory_md, "".join(kept).encode("utf-8"))
        if purge:
            purged = purge_files(ws, needles, dry_run=False)
            if result.memory_lines:  # rewritten above, without the lines
                purged.append(ws.relative(ws.memory_md))
            result.purged = sorted({*purged, *result.purged})
        if replacement is not None:
            fact = replacement.strip()
            save(ws, config, fact if BULLET.match(fact) else f"- {fact}")
    return result


def _located(ws: Workspace, target: str) -> re.Match[str] | None:
    """`target` as PATH:LINE of a file in the workspace; None for a query."""
    located = LOCATION.fullmatch(target.strip())
    return located if located and (ws.root / located["path"]).is_file() else None


def _resolve(ws: Workspace, target: str, *, purge: bool = False) -> tuple[list[str], list[str]]:
    """The facts `target` names and where each is written. A query no fact contains is
    refused, unless for a purge: a secret said in a thread that never became a fact
    must be purgeable too."""
    located = _located(ws, target)
    if located:
        path = memory_path(ws, located["path"])
        number = int(located["line"])
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        if not 1 <= number <= len(lines):
            raise UsageError(f"{located['path']} has no line {number} (1-{len(lines)})")
        line = lines[number - 1]
        if not is_fact_line(line):
            raise UsageError(f"{located['path']}:{number} is not a fact (a heading or blank)")
        fact = BULLET.sub("", line.strip())
        return [fact], _places(ws, Forgotten({fact_key(fact)}))
    needle = " ".join(target.lower().split())
    facts: dict[str, str] = {}
    for path in [ws.memory_md, *ws.daily_files(include_archive=True)]:
        for line in _lines(path):
            if is_fact_line(line) and needle in fact_key(line):
                facts.setdefault(fact_key(line), BULLET.sub("", line.strip()))
    if not facts and not purge:
        raise MemctlError(f"no fact in MEMORY.md or the ledgers contains {target!r}")
    return list(facts.values()), _places(ws, Forgotten(set(facts)))


def _lines(path: Path) -> list[str]:
    try:
        return path.read_text(encoding="utf-8", errors="replace").splitlines()
    except (FileNotFoundError, IsADirectoryError):
        return []


def _places(ws: Workspace, facts: Forgotten) -> list[str]:
    return [
        f"{ws.relative(path)}:{number}"
        for path in [ws.memory_md, *ws.daily_files(include_archive=True)]
        for number, line in enumerate(_lines(path), 1)
        if is_fact_line(line) and facts.states(line)
    ]


def is_fact_line(line: str) -> bool:
    """A line that states something: not blank, a heading or an HTML comment (a `save`
    may have written it without a bullet)."""
    text = line.strip()
    return bool(fact_key(text)) and not text.startswith(("#", "<!--"))


def purge_needles(ws: Workspace, target: str, facts: list[str]) -> list[str]:
    """What a purge masks: each forgotten fact's text, and a query target itself (a
    thread turn that was no fact holds it too). A `PATH:LINE` target names one fact."""
    return [*facts] if _located(ws, target) else [*facts, target]
