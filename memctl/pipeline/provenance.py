"""provenance: where each MEMORY.md bullet came from (issue 25, item 4).

MEMORY.md is injected into every request, so what explains it lives beside it, in
`.memctl/provenance.json`: for each bullet (by the SHA-256 of its fact key, the same key
a tombstone compares, so a bullet moved or re-indented by hand is still known) the ledger
lines it was merged from, as `PATH:LINE` with the digest of that line's key. The file
holds no text of its own: a purge of a fact leaves nothing of it here, and a ledger line
that moved (archive appends a ledger to `memory/archive/`, shifting its lines) is found
again by its digest.

Who writes it: consolidation (the builtin model reports the lines each fact was merged
from; an LLM's answer is matched to the ledger lines by its words), `save` (the lines of
its `## Memory Save` block), and every history copy keeps the sidecar it had, under
`provenance` in the copy's marks file (undo brings it back). forget reads it (a bullet
and the ledger lines it was merged from are one fact, forgotten together) and writes
nothing: the bullets left keep their keys. A sync that writes another machine's
MEMORY.md brings no sidecar (it is not shared): it records the bullets this one does
not know by the ledger lines that state them (`note_brought`), as explain would match
them, so the reverse explain, recall's date and forget read a synced bullet as they
read one merged here. A bullet no sidecar knows otherwise (edited by hand, or merged
before sidecars existed) is matched against the ledgers when it is explained, both
ways; one no ledger line states is "unknown (edited by hand)".

Through a ledger line, its block's heading gives the rest of the chain: a flush block
names its time, thread and entries (`## 21:21:23Z · t1 · 3-7 · builtin`, or an older
memctl's `## Memory Flush — TIME · thread T · entries 3-7`: `said.read_heading`),
and the entry that said it is the one of those whose words the line shares most.
"""

from __future__ import annotations

import contextlib
import functools
import json
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from memctl.core.durable import recorded_mtime, write_atomic
from memctl.core.errors import MemctlError
from memctl.core.forgotten import (
    BULLET,
    ThreadRename,
    Tombstone,
    fact_key,
    older_masks,
    read_tombstones,
    thread_now,
    thread_renames,
    unmasked,
)
from memctl.core.memory import is_marker, read_memory
from memctl.core.said import (
    SAID_KEY_FORMAT,
    conversation_names,
    ledger_day,
    read_heading,
    said_key,
    speaker_label,
    speaker_of,
    when,
)
from memctl.core.sources import (
    Bullets,
    Source,
    bullet_digest,
    parse_sidecar,
    read_sidecar,
    sidecar_document,
    sidecar_path,
    write_sidecar,
)
from memctl.core.threads import (
    LogRead,
    flush_sends,
    is_compaction,
    message_text,
    read_log,
    role_of,
)
from memctl.core.workspace import TEXT_ENCODING, Workspace
from memctl.models.held import asks
from memctl.models.words import SENTENCE_END, content_words, undated

MATCH_THRESHOLD = 0.5
"""A ledger line is a source of a bullet whose words it shares this much (Dice)."""
MATCH_SLACK = 0.1
"""Lines within this of the best match are sources too (a fact folded from several)."""
MATCH_MOST = 5
MATCH_TESTED = 4 * MATCH_MOST
"""At most this many of the best-matching lines are read for another value of the same
thing (`other_fact`, a `supersede.stale` each): a bullet whose twenty best matches all
state other values has no source among lines that share fewer of its words."""


def is_bullet(line: str) -> bool:
    """A MEMORY.md line that states a fact: not blank, a heading, a fence or a marker
    memctl wrote (`memory.is_marker`); a user's own HTML comment is what they wrote."""
    text = line.strip()
    return bool(fact_key(text)) and not text.startswith(("#", "```")) and not is_marker(text)


def bullets_of(text: str) -> list[tuple[int, str]]:
    """(line number, line) of each bullet of a MEMORY.md text."""
    return [(n, line) for n, line in enumerate(text.splitlines(), 1) if is_bullet(line)]


# --------------------------------------------------------------------------- the sidecar


def kept_copy(ws: Workspace) -> dict[str, Any] | None:
    """The current sidecar as a history copy keeps it (in the copy's marks file)."""
    bullets = read_sidecar(sidecar_path(ws))
    return sidecar_document(bullets) if bullets else None


def restore_copy(ws: Workspace, marks_file: Path) -> None:
    """Bring back the sidecar kept in a restored history copy's marks file. A copy kept
    without one leaves the current sidecar: its bullets are matched by their text."""
    try:
        bullets = parse_sidecar(json.loads(marks_file.read_text(encoding="utf-8"))["provenance"])
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return
    write_sidecar(sidecar_path(ws), {**read_sidecar(sidecar_path(ws)), **bullets})


def note_saved(ws: Workspace, ledger: Path, first_line: int, body: str) -> None:
    """Record the bullets `save` wrote: the lines of its ledger block from `first_line`
    (under the caller's workspace lock)."""
    bullets = read_sidecar(sidecar_path(ws))
    where = ws.relative(ledger)
    for number, line in enumerate(body.splitlines(), first_line):
        if is_bullet(line):
            digest = bullet_digest(line)
            bullets[digest] = [Source(where, number, digest)]
    write_sidecar(sidecar_path(ws), bullets)


def note_brought(ws: Workspace, ledgers: Iterable[str]) -> int:
    """Record the bullets of MEMORY.md the sidecar does not know by the lines of the
    `ledgers` a sync just wrote that state them (`Ledgers.by_text`, as explain matches
    them): another machine's merges of the blocks it brought, whose sidecar stays
    there. Only those ledgers are read (a year of them is read by `init --from` alone,
    which brings them all); a bullet none of them states stays unknown, matched against
    every ledger when explained, as before. Under the caller's workspace lock; how many
    bullets were recorded."""
    within = Ledgers(ws, within=ledgers)
    if not within.paths:
        return 0
    bullets = read_sidecar(sidecar_path(ws))
    found = {
        digest: sources
        for _, line in bullets_of(read_memory(ws))
        if (digest := bullet_digest(line)) not in bullets and (sources := within.by_text(line))
    }
    if found:
        write_sidecar(sidecar_path(ws), {**bullets, **found})
    return len(found)


# --------------------------------------------------------------------------- ledgers


class Ledgers:
    """The daily ledgers (archived ones too), read as they are needed."""

    def __init__(self, ws: Workspace, within: Iterable[str] | None = None):
        """`within`: these ledgers (relative paths) only, not every one."""
        self.ws = ws
        self.paths = None if within is None else sorted(set(within))
        self._lines: dict[str, list[str]] = {}
        self._by_digest: dict[str, list[Source]] | None = None
        self._stated: list[tuple[Source, str]] = []
        self._words: list[tuple[Source, frozenset[str]]] | None = None
        self._logs: dict[str, LogRead | None] = {}
        self._corrected: dict[str, list[str]] | None = None

    @functools.cached_property
    def _tombstones(self) -> list[Tombstone]:
        return read_tombstones(self.ws)

    @functools.cached_property
    def older_masks(self) -> bool:
        """An older memctl purged here: its short masks are masks (`forgotten.older_masks`),
        no words of a turn or a fact."""
        return older_masks(self._tombstones)

    def corrected(self, key: str) -> list[str]:
        """The facts a correction replaced with the fact of `key` (tombstones read once)."""
        if self._corrected is None:
            self._corrected = {}
            for stone in self._tombstones:
                if stone.replacement and stone.fact:
                    found = self._corrected.setdefault(fact_key(stone.replacement), [])
                    if stone.fact not in found:
                        found.append(stone.fact)
        return self._corrected.get(key, [])

    def lines(self, path: str) -> list[str]:
        if path not in self._lines:
            try:
                text = (self.ws.root / path).read_text(encoding=TEXT_ENCODING, errors="replace")
            except OSError:
                text = ""
            self._lines[path] = text.splitlines()
        return self._lines[path]

    @functools.cached_property
    def _renames(self) -> list[ThreadRename]:
        return thread_renames(self.ws)

    def thread_now(self, thread: str, at: str | None) -> str:
        """The id now of the thread a flush heading written at `at` names (`thread
        rename` since: `forgotten.thread_now`)."""
        return thread_now(self._renames, thread, at)

    def log(self, thread: str) -> LogRead | None:
        """A thread's log, read once for all the bullets explained (None: unreadable)."""
        if thread not in self._logs:
            try:
                self._logs[thread] = read_log(self.ws, thread)
            except (MemctlError, OSError):
                self._logs[thread] = None
        return self._logs[thread]

    def has_log(self, thread: str) -> bool:
        """Whether a file of `thread`'s log is here (readable or not)."""
        return (self.ws.threads_dir / f"{thread}.jsonl").exists()

    def line(self, source: Source) -> str | None:
        lines = self.lines(source.path)
        return lines[source.line - 1] if 1 <= source.line <= len(lines) else None

    def holds(self, source: Source) -> bool:
        line = self.line(source)
        return line is not None and is_bullet(line) and bullet_digest(line) == source.digest

    def _index(self) -> dict[str, list[Source]]:
        """The ledgers' fact lines by digest (read once)."""
        if self._by_digest is None:
            self._by_digest, self._stated = {}, []
            paths = self.paths
            if paths is None:
                paths = [self.ws.relative(f) for f in self.ws.daily_files(include_archive=True)]
            for path in paths:
                for number, line in enumerate(self.lines(path), 1):
                    if not is_bullet(line):
                        continue
                    source = Source(path, number, bullet_digest(line))
                    self._by_digest.setdefault(source.digest, []).append(source)
                    self._stated.append((source, line))
        return self._by_digest

    def _word_index(self) -> list[tuple[Source, frozenset[str]]]:
        """The ledgers' fact lines with their content words: only for a text no line
        states as it is (the words of a year of ledgers take a second to read)."""
        if self._words is None:
            self._index()
            self._words = [
                (source, frozenset(content_words(line))) for source, line in self._stated
            ]
        return self._words

    def resolve(self, source: Source) -> Source | None:
        """`source` where its line is now: in place, or moved (archived, lines shifted
        by a ledger appended before it) and found by its digest, in a ledger of the same
        name first; None when no ledger holds it any more (purged)."""
        if self.holds(source):
            return source
        found = self._index().get(source.digest, [])
        name = Path(source.path).name
        same = [s for s in found if Path(s.path).name == name]
        return next(iter(same or found), None)

    @functools.cached_property
    def _sidecar(self) -> Bullets:
        return read_sidecar(sidecar_path(self.ws))

    def recorded(self, bullet: str) -> list[Source]:
        """The ledger lines the sidecar says `bullet` was merged from, where they are now."""
        known = self._sidecar.get(bullet_digest(bullet), [])
        return _dedupe(s for s in map(self.resolve, known) if s)

    def by_text(self, text: str, *, exact_only: bool = False) -> list[Source]:
        """The ledger lines that state `text`: the same key, else (unless `exact_only`)
        the most words shared."""
        exact = self._index().get(bullet_digest(text))
        if exact or exact_only:
            return (exact or [])[:MATCH_MOST]
        return _best(
            frozenset(content_words(text)),
            self._word_index(),
            lambda s: other_fact(text, self.line(s) or ""),
        )


def said_days(ws: Workspace, memory: str, *, kept: list[bytes] | None = None) -> dict[str, str]:
    """When each bullet of `memory` was last said (`said.said_key`: the UTC time when
    known, else the ISO day), by its text without the bullet: the latest of the ledger blocks
    the sidecar says it was merged from. Consolidation orders MEMORY.md's facts by it
    against the new daily ones, so an older line imported after a newer fact was
    consolidated does not replace it. A bullet the sidecar does not know (a teammate's,
    brought by a sync that merged two MEMORY.md files) is looked for in the current
    (not archived) ledgers by its fact key: the ledgers a sync merged are the same on
    every machine, so two machines order the two values alike. One no ledger line states
    (edited by hand) is left out: it stays older than any new fact. What the ledgers
    state is kept between runs (`_current_lines`), so a bullet never found does not cost
    a read of every ledger on every consolidation: with `kept`, what was read is
    appended to it for `keep_stated` to write once the consolidation is done (a failed
    one changes nothing, a dry run keeps nothing)."""
    known = read_sidecar(sidecar_path(ws))
    ledgers = Ledgers(ws)
    stating: dict[str, list[str | None]] | None = None
    days: dict[str, str] = {}
    for _, line in bullets_of(memory):
        digest = bullet_digest(line)
        sources = [now for s in known.get(digest, []) if (now := ledgers.resolve(s))]
        if sources:
            keys = [_block_day(ledgers.lines(source.path), source) for source in sources]
        else:
            if stating is None:
                stating = _current_lines(ws, ledgers, kept)
            keys = stating.get(digest, [])
        text = BULLET.sub("", line.strip()).strip()
        for day in keys:
            if day is not None and day > days.get(text, ""):
                days[text] = day
    return days


STATED_NAME = "ledger_facts.json"
"""`.memctl/` file: each current ledger's fact lines, by digest, with when their block was
said (`said.said_key`), and the ledger's size, mtime and inode they were read at."""
STATED_VERSION = f"2.{SAID_KEY_FORMAT}"
"""`STATED_NAME`'s version: its own format (2: the inode kept) and `said_key`'s, whose
every change makes what was kept of it stale."""


def _current_lines(
    ws: Workspace, ledgers: Ledgers, kept: list[bytes] | None
) -> dict[str, list[str | None]]:
    """When each fact line of the ledgers not archived was said (`_block_day`), by
    digest. A ledger is read again only when its size, mtime or inode changed since the
    last run (`STATED_NAME`): a consolidation reads the ledger that grew, not every one.
    An mtime that a rewrite could still share (a purge masks a ledger in place, keeping
    its size) is kept one nanosecond early (`durable.recorded_mtime`): read again.
    With `kept`, what changed is appended to it, the document `keep_stated` writes."""
    path_of = ws.state_dir / STATED_NAME
    try:
        cached = json.loads(path_of.read_text(encoding="utf-8"))
        files = cached["files"] if cached.get("version") == STATED_VERSION else {}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        files = {}
    now: dict[str, Any] = {}
    before_ns = time.time_ns()  # before any stat (`recorded_mtime`)
    for file in ws.daily_files(include_archive=False):
        path = ws.relative(file)
        try:
            stat = file.stat()
        except OSError:
            continue
        entry = files.get(path)
        if not isinstance(entry, dict) or entry.get("seen") != [
            stat.st_size,
            stat.st_mtime_ns,
            stat.st_ino,
        ]:
            seen = [stat.st_size, recorded_mtime(stat.st_mtime_ns, before_ns), stat.st_ino]
            facts: list[list[str | None]] = []
            key = None  # as `_block_day` reads it: the heading above, in one pass
            for line in ledgers.lines(path):
                if line.startswith("## "):
                    key = said_key(line, ledger_day(path))
                elif is_bullet(line):
                    facts.append([bullet_digest(line), key])
            entry = {"seen": seen, "facts": facts}
        now[path] = entry
    if kept is not None and now != files:
        kept.append(json.dumps({"version": STATED_VERSION, "files": now}).encode("utf-8"))
    found: dict[str, list[str | None]] = {}
    for entry in now.values():
        for digest, key in entry["facts"]:
            found.setdefault(digest, []).append(key)
    return found


def keep_stated(ws: Workspace, kept: list[bytes]) -> None:
    """Write what `said_days` read of the ledgers (`kept`) for the next run; a failure
    is no error: the next run reads them again."""
    if kept:
        with contextlib.suppress(OSError):
            write_atomic(ws.state_dir / STATED_NAME, kept[-1])


def _block_day(lines: list[str], source: Source) -> str | None:
    """When the facts of the ledger block holding `source` (the line of a ledger whose
    `lines` are given) were said (`said.said_key`: the UTC time when known, else the day)."""
    for at in range(min(source.line, len(lines) + 1) - 2, -1, -1):  # no copy of the lines
        if lines[at].startswith("## "):
            return said_key(lines[at], ledger_day(source.path))
    return None


_NUMBER = re.compile(r"\d+")


def other_fact(bullet: str, line: str) -> bool:
    """Whether a ledger `line` that shares words with `bullet` states another fact of the
    same thing, so it is no source of it however many words they share: another number
    (each states numbers, neither all of the other's: "moved to January 15" is not "is
    January 8", `db7.internal` not `db3.internal`; a bullet that adds a year keeps the
    line's), or a value one of them replaces in the other (`supersede.stale`: "Carol is
    on call" after "Bob is on call")."""
    mine, theirs = set(_NUMBER.findall(bullet)), set(_NUMBER.findall(line))
    if mine and theirs and not (mine <= theirs or theirs <= mine):
        return True
    from memctl.models.supersede import stale

    a, b = BULLET.sub("", bullet.strip()).strip(), BULLET.sub("", line.strip()).strip()
    return a != b and bool(stale([a, b]) or stale([b, a]))


def _best(
    wanted: frozenset[str],
    candidates: Iterable[tuple[Source, frozenset[str]]],
    other: Callable[[Source], bool] | None = None,
) -> list[Source]:
    """The lines whose words overlap `wanted` the most, above MATCH_THRESHOLD, in their
    order; with `other`, leaving out the lines it says state another fact (`other_fact`),
    as though they were not candidates. Ranked first, then only the best are tested,
    best first (`MATCH_TESTED` at most): a test is a `supersede.stale`, and a merge
    matches a reworded bullet against every fresh line."""
    if not wanted:
        return []
    scored = []
    for source, words in candidates:
        shared = len(wanted & words)
        if shared:
            scored.append((2 * shared / (len(wanted) + len(words)), source))
    verdicts: dict[int, bool] = {}

    def kept(at: int) -> bool | None:
        """Whether line `at` is a candidate; None when no more may be tested."""
        if other is None:
            return True
        if at not in verdicts:
            if len(verdicts) == MATCH_TESTED:
                return None
            verdicts[at] = not other(scored[at][1])
        return verdicts[at]

    top = None
    for at in sorted(range(len(scored)), key=lambda at: -scored[at][0]):
        if scored[at][0] < MATCH_THRESHOLD or (verdict := kept(at)) is None:
            return []
        if verdict:
            top = scored[at][0]
            break
    if top is None:
        return []
    found: list[Source] = []
    for at, (score, source) in enumerate(scored):
        if score < top - MATCH_SLACK:
            continue
        if len(found) == MATCH_MOST or (verdict := kept(at)) is None:
            break
        if verdict:
            found.append(source)
    return found


# --------------------------------------------------------------------------- consolidation


@dataclass
class MergedText:
    """Where a consolidation's new daily text sits: `path`'s bytes `start` to `end`,
    sent under `name`."""

    path: str
    name: str
    start: int
    end: int


def merged_sources(
    ws: Workspace,
    memory: str,
    merged: list[MergedText],
    passes: list[dict[str, list[tuple[str, str]]] | None],
) -> Bullets:
    """The sources of each bullet of `memory`, the MEMORY.md a consolidation writes.

    `passes` holds, for each model request, what the model said each fact of its answer
    was merged from (builtin: `(name, line)`, name "" for a MEMORY.md line), or None (an
    LLM does not say). With every pass told, the chain is followed exactly: a fact from
    the new text gets its ledger lines, a fact kept from MEMORY.md the sources it had.
    Else, and for any bullet left unknown (a save carried over, a redacted fact), the
    previous sidecar by the bullet's key, then the lines that state it or share most of
    its words, among the new text and the lines the previous sidecar names (a bullet an
    LLM reworded). Only those are read: years of ledgers are not, on every merge; a
    bullet still unknown is matched against all of them when it is explained."""
    ledgers = Ledgers(ws)
    before = read_sidecar(sidecar_path(ws))
    fresh = _fresh_lines(ws, merged)
    current: Bullets = dict(before)
    if passes and all(told is not None for told in passes):
        by_name: dict[tuple[str, str], list[Source]] = {}
        for name, source, _ in fresh:
            by_name.setdefault((name, source.digest), []).append(source)
        for told in passes:
            current = _followed(current, by_name, told or {})
    candidates: list[tuple[Source, str]] | None = None
    stated: dict[Source, str] = {}
    words: list[tuple[Source, frozenset[str]]] = []
    found: Bullets = {}
    for _, line in bullets_of(memory):
        digest = bullet_digest(line)
        known = current.get(digest) or before.get(digest) or []
        sources = _dedupe(s for s in map(ledgers.resolve, known) if s)
        if not sources:
            if candidates is None:
                candidates = [(s, text) for _, s, text in fresh] + [
                    (s, text)
                    for s in _dedupe(s for known in before.values() for s in known)
                    if ledgers.holds(s) and (text := ledgers.line(s)) is not None
                ]
                stated = dict(candidates)
                words = [(s, frozenset(content_words(text))) for s, text in candidates]
            sources = [s for s, _ in candidates if s.digest == digest][:MATCH_MOST] or _best(
                frozenset(content_words(line)),
                words,
                lambda s: other_fact(line, stated[s]),  # noqa: B023 (called here, in this pass)
            )
        found[digest] = sources
    return found


def _followed(
    current: Bullets,
    fresh: dict[tuple[str, str], list[Source]],
    told: dict[str, list[tuple[str, str]]],
) -> Bullets:
    """The sources of one pass's facts: a line of MEMORY.md brings the sources it had
    (`current`), a line of the new text its own place. Two facts of the same key (one
    under two headings) share their sources."""
    found: Bullets = {}
    for fact, origins in told.items():
        sources = found.setdefault(bullet_digest(fact), [])
        for name, line in origins:
            digest = bullet_digest(line)
            sources += current.get(digest, []) if not name else fresh.get((name, digest), [])
    return {digest: _dedupe(sources) for digest, sources in found.items()}


def _fresh_lines(ws: Workspace, merged: list[MergedText]) -> list[tuple[str, Source, str]]:
    """(name, PATH:LINE, text) of each line of the merged text that states something."""
    lines: list[tuple[str, Source, str]] = []
    for item in merged:
        try:
            data = (ws.root / item.path).read_bytes()
        except OSError:
            continue
        first = data[: item.start].count(b"\n") + 1
        text = data[item.start : item.end].decode(TEXT_ENCODING, "replace")
        for number, line in enumerate(text.splitlines(), first):
            if is_bullet(line):
                lines.append((item.name, Source(item.path, number, bullet_digest(line)), line))
    return lines


def _dedupe(sources: Iterable[Source]) -> list[Source]:
    return list(dict.fromkeys(sources))


def record_merge(
    ws: Workspace,
    replaced: bytes,
    memory: bytes,
    merged: list[MergedText],
    passes: list[dict[str, list[tuple[str, str]]] | None],
) -> None:
    """Write the sidecar of the MEMORY.md a consolidation is about to write, in place of
    `replaced`. Written first, it keeps the bullets of `replaced` too: a run killed
    before MEMORY.md is replaced leaves a sidecar that still knows the one on disk."""
    text = memory.decode("utf-8", "replace")
    bullets = merged_sources(ws, text, merged, passes)
    before = read_sidecar(sidecar_path(ws))
    for _, line in bullets_of(replaced.decode("utf-8", "replace")):
        digest = bullet_digest(line)
        if digest not in bullets and digest in before:
            bullets[digest] = before[digest]
    write_sidecar(sidecar_path(ws), bullets)


# --------------------------------------------------------------------------- explaining


@dataclass
class Entry:
    """The thread entry a flushed line was said in."""

    thread: str
    """The thread whose log holds it."""
    index: int
    """Its index in the thread log (0-based, as flush headings count)."""
    role: str
    """user, assistant or tool."""
    speaker: str | None
    """Who said it (the message's `name`, or a leading `Name:`), when known."""
    said: str | None
    """When (the message's `ts`, ISO 8601), when the log has it."""
    text: str
    """The message's text (cut at 300 characters)."""


@dataclass
class Origin:
    """One source of a bullet, as `explain` shows it."""

    ledger: str
    """PATH:LINE of the ledger line."""
    text: str
    """The ledger line, without its bullet."""
    kind: str
    """`flush`, `save` or `ledger` (a block of no known kind)."""
    at: str | None = None
    """When the block was written."""
    thread: str | None = None
    """The thread a flush block was taken from, by its id now: the heading's, or where
    a `thread rename` since moved it (`forgotten.thread_now`)."""
    entries: str | None = None
    """The log entries the flush block accounts for (`3-7`)."""
    log_absent: bool = False
    """A flush block whose thread's log is not in this workspace (flushed on another
    machine, which sync shares no thread logs from, or removed): the turn that said it
    is in that log, not here, and `entry` is null."""
    entry: Entry | None = None
    """The one of them that said it (of the turns whose speaker fits the fact's subject:
    the user's own for "the user", a name's or one naming them; the most words shared,
    the first of those stating them rather than asking; a purge's masks are no words),
    when any shares one; null: the source turn is not identified."""


@dataclass
class Explained:
    line: int
    """Line number in MEMORY.md."""
    bullet: str
    """The bullet's text, without its bullet mark."""
    how: str
    """`recorded` (the sidecar knows it: the merge here, or the sync that brought another
    machine's, recorded its lines), `matched` (found in the ledgers by its text), or
    `unknown` (edited by hand: no ledger line states it)."""
    sources: list[Origin] = field(default_factory=list)
    """The ledger lines it came from (empty: unknown)."""
    corrects: list[str] = field(default_factory=list)
    """The facts it was saved to correct (`forget --replace`, memory_replace), as they
    were written; empty for a bullet that corrected none."""


def explain_line(
    ws: Workspace, number: int, line: str, ledgers: Ledgers | None = None
) -> Explained:
    """The chain behind MEMORY.md's line `number` (a bullet)."""
    ledgers = ledgers or Ledgers(ws)
    sources, how = ledgers.recorded(line), "recorded"
    if not sources:
        sources, how = ledgers.by_text(line), "matched"
    result = Explained(number, BULLET.sub("", line.strip()), how if sources else "unknown")
    result.sources = [_origin(ledgers, source) for source in sources]
    result.corrects = list(ledgers.corrected(fact_key(line)))
    return result


def explain_all(ws: Workspace, memory: str) -> list[Explained]:
    ledgers = Ledgers(ws)
    return [explain_line(ws, number, line, ledgers) for number, line in bullets_of(memory)]


def turns_saying(ws: Workspace, places: list[str]) -> dict[str, list[str]]:
    """For each place (`MEMORY.md:N`, `memory/DATE.md:N`) of a fact line, the thread
    entries it was taken from, `threads/<id>.jsonl#N`, as `explain` reads them: a ledger
    line's flush block and the entry of it sharing the most words; a MEMORY.md bullet's
    recorded ledger lines, and theirs. A saved line has none."""
    ledgers = Ledgers(ws)
    found: dict[str, list[str]] = {}
    for spot in places:
        origins = _origins_at(ws, ledgers, spot)
        if origins is None:
            continue
        turns = [
            f"{ws.relative(ws.threads_dir)}/{origin.entry.thread}.jsonl#{origin.entry.index}"
            for origin in origins
            if origin.entry is not None
        ]
        found[spot] = list(dict.fromkeys(turns))
    return found


SAYING_WORDS = 2
"""Content words a sentence of a turn must share with a fact to be a saying of it (one
alone, a fact of one word aside): a single shared word is a topic ("deploys"), which
other sentences of the turn name without saying the fact."""


class Saying(NamedTuple):
    """A sentence of one thread turn that said a fact (`sayings`)."""

    log: str
    """The thread log, relative to the workspace (`threads/t1.jsonl`)."""
    entry: int
    """The entry (line) of the log."""
    sentence: str


def sayings(ws: Workspace, places: list[str]) -> list[Saying]:
    """The sentences of the thread turns the fact lines at `places` were taken from
    (`turns_saying`'s turns), that said them: in each turn, the sentence sharing the most
    of its ledger line's content words (the date note memctl added aside), then any other
    sharing `SAYING_WORDS` of those the first did not hold (a fact told over two
    sentences). A purge masks them in that one entry (the same sentence elsewhere was
    said by someone else, or of another): the turn said the fact in its own words ("I"
    where the line says "the user", no date note), which the line's text does not find.
    A fact whose turn is not identified (`_entry`) has none."""
    ledgers = Ledgers(ws)
    found: list[Saying] = []
    for spot in places:
        for origin in _origins_at(ws, ledgers, spot) or []:
            log = ledgers.log(origin.entry.thread) if origin.entry is not None else None
            if origin.entry is None or log is None or origin.entry.index >= log.total:
                continue
            said = message_text(log.entry(origin.entry.index))
            where = f"{ws.relative(ws.threads_dir)}/{origin.entry.thread}.jsonl"
            echoes = _echoes(log, origin.entry.index, origin.entries)
            for one in _saying(said, undated(origin.text)):
                folded = " ".join(one.casefold().split())
                for index in [origin.entry.index, *(i for i, text in echoes if folded in text)]:
                    if (saying := Saying(where, index, one)) not in found:
                        found.append(saying)
    return found


def saying_more(ws: Workspace, said: list[Saying]) -> list[str]:
    """The turns (`threads/<id>.jsonl#N`) of `said` holding a sentence besides those a
    purge masks in them (one of content words: not "Thanks."): what a purge leaves of a
    turn it masked. Such a sentence may say more of the same person or secret in other
    words ("She lives in Leeds and her phone is 555-0142." after "Priya Raman is our
    contractor."): a purge does not guess who "she" is, so the user is told to read
    them (audit 19 #7)."""
    masked: dict[tuple[str, int], set[str]] = {}
    for saying in said:
        masked.setdefault((saying.log, saying.entry), set()).add(saying.sentence.strip())
    ledgers = Ledgers(ws)
    found: list[str] = []
    for (where, index), sentences in masked.items():
        thread = where.rpartition("/")[2].removesuffix(".jsonl")
        log = ledgers.log(thread)
        if log is None or not log.start <= index < log.total:
            continue
        rest = [
            one
            for one in SENTENCE_END.split(message_text(log.entry(index)))
            if one.strip() not in sentences and content_words(one)
        ]
        if rest:
            found.append(f"{where}#{index}")
    return found


def _echoes(log: LogRead, said: int, entries: str | None) -> list[tuple[int, str]]:
    """The turns after the turn `said` that said a fact that may copy its sentences
    (index, text case and spacing folded): the assistant's turns of its flush block
    (`entries`, `Origin.entries`), whose "Noted: ..." repeats it, and the log's later
    compaction records, whose summary may quote it. One repeating a sentence of the
    turn holds a copy of the saying, masked with it."""
    last = int((entries or "").rpartition("-")[2] or said)
    found: list[tuple[int, str]] = []
    for index in range(said + 1, log.total):
        entry = log.entry(index)
        if is_compaction(entry):
            text = str(entry.get("summary") or "")
        elif index <= last and entry.get("role") == "assistant":
            text = message_text(entry)
        else:
            continue
        found.append((index, " ".join(text.casefold().split())))
    return found


def _saying(text: str, fact: str) -> list[str]:
    """The sentences of `text` that say `fact` (`sayings`)."""
    left = set(content_words(fact))
    sentences = [(one.strip(), set(content_words(one))) for one in SENTENCE_END.split(text)]
    chosen: list[str] = []
    need = min(SAYING_WORDS, len(left))
    while left and sentences:
        sentence, words = max(sentences, key=lambda pair: len(pair[1] & left))
        if not words & left or len(words & left) < need:
            break
        chosen.append(sentence)
        left -= words
        need = SAYING_WORDS
    return chosen


def _origins_at(ws: Workspace, ledgers: Ledgers, spot: str) -> list[Origin] | None:
    """The sources of the fact line at `spot` (a ledger line: itself; a MEMORY.md
    bullet: its recorded ledger lines), None when `spot` is no fact line."""
    located = place(spot)
    if located is None or not located["line"].isdigit():
        return None
    name, number = located["path"], int(located["line"])
    line = ledgers.line(Source(name, number, ""))
    if line is None or not is_bullet(line):
        return None
    if name == "MEMORY.md":  # its recorded sources: words in common are no proof
        explained = explain_line(ws, number, line, ledgers)
        return explained.sources if explained.how == "recorded" else []
    return [_origin(ledgers, Source(name, number, bullet_digest(line)))]


def _origin(ledgers: Ledgers, source: Source) -> Origin:
    lines = ledgers.lines(source.path)
    text = BULLET.sub("", lines[source.line - 1].strip())
    origin = Origin(f"{source.path}:{source.line}", text, "ledger")
    heading = next(
        (lines[n] for n in range(source.line - 2, -1, -1) if lines[n].startswith("## ")), ""
    )
    read = read_heading(heading, ledger_day(source.path))
    if read is not None and read.kind == "save":
        origin.kind, origin.at = "save", read.at
    elif read is not None and read.thread is not None and read.entries is not None:
        thread = ledgers.thread_now(read.thread, read.at)
        origin.kind, origin.at, origin.thread = "flush", read.at, thread
        first, last = read.entries
        origin.entries = f"{first}-{last}" if last != first else str(first)
        log = ledgers.log(thread)
        origin.log_absent = log is None and not ledgers.has_log(thread)
        legacy = ledgers.older_masks
        origin.entry = _entry(log, thread, first, last, text, legacy=legacy)
    return origin


_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|I'd|I'll|my|mine|we|we're|our)\b", re.IGNORECASE)
"""A word by which a turn's speaker says something of themself (not "me": "she told me"
is what another did)."""
_THE_USER = re.compile(r"^the user\b", re.IGNORECASE)
_OPENING_WORD = re.compile(r"^[^\w]*(?P<word>[A-Z][\w-]*?)(?:'s)?\b")


def _subject(fact: str, names: set[str]) -> str | None:
    """Who `fact` is about: `the user` (it opens so), a name of the block's
    (`conversation_names`) it opens with, or None (a fact of no one: a topic)."""
    if _THE_USER.match(fact):
        return "the user"
    opening = _OPENING_WORD.match(fact)
    return opening["word"] if opening and opening["word"] in names else None


@dataclass
class _Block:
    """Who is who in a flush block, for `_fits`."""

    speakers: set[str]
    """The names of its turns' speakers (`name` fields, leading `Name:`)."""
    user: set[str]
    """The names the user gave themself in it ("My name is Dana")."""
    names: set[str]
    """What it uses as names (`conversation_names`): a fact's leading `Name:` is who
    said it only when it is one ("Noted:" is none), as `speaker_of` reads a turn's."""


def _fits(
    fact: str, subject: str | None, block: _Block, turn: tuple[dict[str, Any], str | None, str]
) -> bool:
    """The turn (entry, speaker, text) could have said `fact` about `subject`: a fact
    a flush labelled with who said it (`Dana: ...`), that speaker's turn, or the user's
    own when no turn has that speaker (the user's name); a fact about the user, the
    user's own turn saying "I" or "my" (not a sentence about another: "Lena drinks tea,
    she told me"); a fact about a name, that one's turn, a turn naming them, or the
    user's own saying "I" when it is the user's name. A fact of no one fits any turn."""
    entry, speaker, text = turn
    own = entry.get("role") == "user" and (speaker is None or speaker == entry.get("name"))
    if (label := speaker_label(fact)) is not None and label[:-1] in block.names:
        name = label[:-1]
        return speaker == name if name in block.speakers else own
    if subject is None:
        return True
    first_person = bool(_FIRST_PERSON.search(text))
    if subject == "the user":
        return own and first_person
    if speaker == subject or re.search(rf"\b{re.escape(subject)}\b", text) is not None:
        return True
    return subject in block.user and own and first_person


def _introduced(said: list[dict[str, Any]]) -> set[str]:
    """The names the user's turns give the user ("Hi! My name is Dana ...")."""
    from memctl.models.facts import INTRO

    return {
        intro["name"]
        for entry in said
        if role_of(entry) == "user" and not entry.get("name")
        for sentence in SENTENCE_END.split(message_text(entry))
        if (intro := INTRO.match(sentence.strip())) is not None
    }


def _entry(
    log: LogRead | None, thread: str, first: int, last: int, fact: str, *, legacy: bool
) -> Entry | None:
    """The entry of `first`..`last` that shares the most words with `fact`, of those the
    first that states them (a question naming the fact's words before the turn that
    stated it is not where it was said: `held.asks`) and a person's or the assistant's
    before a tool result, of the entries whose speaker fits the fact's subject (`_fits`:
    "the user" is the user's own turn, a name that one's or one naming them). None when
    no entry fits: the source turn is not identified, and a purge masks none. What flush
    leaves out (`flush_sends`: an imported compaction summary, the harness's words in a
    user message's role) said nothing a fact was drawn from (review 23 M10). A purge's
    masks are no words: a line it masked whole was said in no entry that can be told
    (`legacy`: an older memctl's short masks too, where it purged:
    `forgotten.older_masks`)."""
    if log is None:
        return None
    indexed = [
        (index, entry)
        for index in range(first, min(last + 1, log.total))
        if flush_sends(entry := log.entry(index))
    ]
    said = [entry for _, entry in indexed]
    # As flush read it: a leading `Name:` the block's messages use as a name elsewhere.
    names = conversation_names(
        said,
        ((e["role"], message_text(e)) for e in said if e.get("role") in ("user", "assistant")),
    )
    bare = unmasked(fact, legacy=legacy)
    wanted = set(content_words(bare))
    subject = _subject(bare, names)
    turns = []  # (index, entry, its speaker, its text without a purge's masks)
    for index, entry in indexed:
        text = unmasked(message_text(entry), legacy=legacy)
        turns.append((index, entry, speaker_of(entry, text, names)[0], text))
    block = _Block({speaker for _, _, speaker, _ in turns if speaker}, _introduced(said), names)
    best: tuple[tuple[int, int, int], int, dict[str, Any]] | None = None
    for index, entry, speaker, text in turns:
        if not _fits(fact, subject, block, (entry, speaker, text)):
            continue
        shared = len(wanted & set(content_words(text)))
        states = any(
            not asks(sentence) and wanted.intersection(content_words(sentence))
            for sentence in SENTENCE_END.split(text)
        )
        # Of turns sharing as many words, a person's or the assistant's that says the
        # fact, not the tool result it read it from ("migrating... 12 migrations
        # applied" before "The migration ran: 12 migrations applied."): a purge masks
        # the turn explain names.
        score = (shared, int(states), int(entry.get("role") != "tool"))
        if score[0] and (best is None or score > best[0]):
            best = (score, index, entry)
    if best is None:
        return None
    _, index, entry = best
    text = message_text(entry)
    speaker, _ = speaker_of(entry, text, names)
    moment = when(entry)
    return Entry(
        thread,
        index,
        role_of(entry),
        speaker,
        moment.isoformat() if moment else None,
        text if len(text) <= 300 else text[:300] + "…",
    )


# --------------------------------------------------------------------------- diff


@dataclass
class BulletChange:
    """A bullet a consolidation adds (`+`) or drops (`-`), with where it came from."""

    op: str
    """`+` added, `-` dropped."""
    bullet: str
    """The bullet's text, without its bullet mark."""
    sources: list[str] = field(default_factory=list)
    """PATH:LINE of its ledger lines; empty when none is known."""


def bullet_changes(
    ws: Workspace, old: str, new: Bullets | None, new_text: str
) -> list[BulletChange]:
    """The bullets in `new_text` and not in `old`, and those dropped from it, each with
    its sources (`new`: the sources the merge found for the new MEMORY.md; a dropped
    bullet's come from the current sidecar, or the ledgers)."""
    ledgers = Ledgers(ws)
    before = read_sidecar(sidecar_path(ws))
    old_keys = {bullet_digest(line) for _, line in bullets_of(old)}
    new_keys = {bullet_digest(line) for _, line in bullets_of(new_text)}
    changes = []
    for op, text, others, known in (
        ("-", old, new_keys, before),
        ("+", new_text, old_keys, new or {}),
    ):
        for _, line in bullets_of(text):
            digest = bullet_digest(line)
            if digest in others:
                continue
            sources = _dedupe(s for s in map(ledgers.resolve, known.get(digest, [])) if s)
            sources = sources or ledgers.by_text(line)
            changes.append(
                BulletChange(
                    op, BULLET.sub("", line.strip()), [f"{s.path}:{s.line}" for s in sources]
                )
            )
    return changes


# --------------------------------------------------------------------------- the stage

PLACE = re.compile(r"(?:\./)?(?P<path>\S+):(?P<line>\S*)")
"""`PATH:LINE`, a place when PATH names a file (`place`)."""


def place(target: str) -> re.Match[str] | None:
    """`target` as `PATH:LINE` when PATH names a file (ends in .md or has a folder in
    it): explain and forget then read it as a place, so a typo in it (a missing file, a
    line that is no number) is an error, never a text that matches nothing."""
    found = PLACE.fullmatch(target.strip())
    if found and (found["path"].lower().endswith(".md") or "/" in found["path"]):
        return found
    return None


@dataclass
class Forget:
    """A forget (its tombstone, `memctl.core.forgotten`) that holds what explain was
    asked: when, and whether a correction replaced the fact."""

    fact: str
    """The fact it forgot, as written (without the bullet)."""
    at: str
    """When (ISO 8601, UTC)."""
    replacement: str | None = None
    """The fact that corrected it (`forget --replace`, memory_replace); null for a forget."""
    ledger: list[str] = field(default_factory=list)
    """PATH:LINE of the ledger lines stating it (the ledgers are append-only: they keep it)."""


def _forgets(ws: Workspace, ledgers: Ledgers, text: str, *, within: bool) -> list[Forget]:
    """The forgotten facts `text` states (their key within its key, or the same content
    words: `held.Held`'s restatement), and with `within` those holding it (a text asked
    about: "round half up" of "We always round half up for money."), each fact once (the
    tombstones of one forget share its `of`), the one it listed first. A purge's
    tombstone keeps no text and names none."""
    from memctl.models.words import fact_words

    stones = [stone for stone in read_tombstones(ws) if stone.fact]
    key, words = fact_key(text), fact_words(text)
    named = {
        stone.fact_of
        for stone in stones
        if (own := fact_key(stone.fact))
        and (own in key or (within and key and key in own) or fact_words(stone.fact) == words)
    }
    found: dict[str, Forget] = {}
    for stone in stones:
        if stone.fact_of not in named:
            continue
        forget = found.setdefault(
            stone.fact_of, Forget(BULLET.sub("", stone.fact.strip()), stone.at, stone.replacement)
        )
        places = [f"{s.path}:{s.line}" for s in ledgers.by_text(stone.fact, exact_only=True)]
        forget.ledger += [where for where in places if where not in forget.ledger]
    return list(found.values())


@dataclass
class ExplainResult:
    target: str
    """What was asked: MEMORY.md:LINE or a text."""
    bullets: list[Explained]
    """The bullets it names, each with its chain of sources."""
    ledger: list[Origin] = field(default_factory=list)
    """For a ledger's PATH:LINE: that line, with the thread entry that said it."""
    in_memory: list[int] = field(default_factory=list)
    """For a ledger's PATH:LINE: the MEMORY.md lines merged from it."""
    forgotten: bool = False
    """For a ledger's PATH:LINE: a tombstone (`memctl forget`) holds the line, so
    consolidation, search, recall and the memory block leave it out. For a text no
    bullet contains: a forgotten fact holds it (`forgets`), and `bullets` is empty."""
    forgets: list[Forget] = field(default_factory=list)
    """The forgets that hold it (`forgotten`): when each was made, and the correction
    that replaced the fact, if one did; empty when not forgotten, or held by a
    restatement or a correction's reading alone (`memctl.models.held`)."""
    closest: bool = False
    """For a text no bullet contains: `bullets` are the closest ones (the most content
    words in common, `closest_bullets`), not bullets that say it."""
    superseded_by: int | None = None
    """For a ledger's PATH:LINE no bullet was merged from: the MEMORY.md line of the
    newer fact that replaces it (`supersede.stale`), as consolidation's "superseded:" said
    when it dropped the line; None when none does (audit 21 F1)."""
    superseded_by_text: str = ""
    """That bullet's text (`superseded_by`), or ""."""


def explain(ws: Workspace, target: str) -> ExplainResult:
    """The chain behind MEMORY.md's bullets `target` names: `MEMORY.md:LINE` (a bad line
    is a UsageError), or a text: the bullets that contain it (case and spacing aside),
    else the closest one (`closest_bullets`); MemctlError when no bullet shares a
    content word with it."""
    from memctl.core.errors import UsageError, require_utf8

    if not target.strip():
        raise UsageError("say which bullet: MEMORY.md:LINE or some of its text")
    require_utf8("what to explain", target)
    memory = read_memory(ws)
    lines = memory.splitlines()
    ledgers = Ledgers(ws)
    if located := place(target):
        if located["path"] != "MEMORY.md":
            return _explain_ledger(ws, located["path"], located["line"], memory, ledgers)
        number = line_number("MEMORY.md", located["line"], lines)
        if not is_bullet(lines[number - 1]):
            raise UsageError(
                f"MEMORY.md:{number} is not a bullet (a heading, a marker memctl wrote or blank)"
            )
        return _marked(
            ws, ExplainResult(target, [explain_line(ws, number, lines[number - 1], ledgers)])
        )
    bullets = bullets_of(memory)
    needle = fact_key(target)
    chosen = [(n, line) for n, line in bullets if needle and needle in fact_key(line)]
    if not chosen and (forgets := _forgets(ws, ledgers, target, within=True)):
        # Forgotten: saying so, not offering a bullet that shares a word with it as the
        # answer (audit 20 finding 3).
        return ExplainResult(target, [], forgotten=True, forgets=forgets)
    closest = not chosen
    if closest:
        chosen = closest_bullets(target, bullets)
    if not chosen:
        raise MemctlError(f"no bullet of MEMORY.md matches {target!r}")
    explained = [explain_line(ws, n, line, ledgers) for n, line in chosen]
    return _marked(ws, ExplainResult(target, explained, closest=closest))


def _marked(ws: Workspace, result: ExplainResult) -> ExplainResult:
    """`result` with each sentence of its thread turns that a forget hides written
    `[forgotten: ...]` (`corpus.Hidden.marked`), as thread_history writes such a turn:
    a turn that said a kept fact and a forgotten one shows the one alone."""
    from memctl.retrieval.corpus import Hidden

    hidden = Hidden(ws)
    if not hidden:
        return result
    origins = [*result.ledger, *(origin for bullet in result.bullets for origin in bullet.sources)]
    for origin in origins:
        if origin.entry is not None:
            path = f"threads/{origin.entry.thread}.jsonl"
            origin.entry.text = hidden.marked(path, origin.entry.text)
    return result


def closest_bullets(target: str, bullets: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The bullet that shares the most content words with `target` (a paraphrase: "who
    runs the payments group" for "Dana leads the payments team"), the larger share of
    both (Dice) breaking a tie; bullets tied on both are all returned (at most
    MATCH_MOST), since nothing tells them apart. None when no bullet shares a content
    word: function words and fillers never count, so a text about something else
    matches nothing. The function words of the text's own language are none either
    ("das" of "wer leitet das Team"), and Chinese is read as the word index reads it, by
    character pairs, those across a word boundary left out (`memctl.models.language`:
    "截止日期什么时候" is 截止 止日 日期; audit 17 L4, L5)."""
    from memctl.models.language import cjk_pairs, function_words, plain

    untelling = function_words(target)
    wanted = frozenset(w for w in content_words(target) if plain(w) not in untelling)
    wanted |= cjk_pairs(target)[0]
    if not wanted:
        return []
    scored: list[tuple[tuple[int, float], int, str]] = []
    for number, line in bullets:
        words = frozenset(content_words(line)) | cjk_pairs(line)[0]
        shared = len(wanted & words)
        if shared:
            scored.append(((shared, 2 * shared / (len(wanted) + len(words))), number, line))
    if not scored:
        return []
    top = max(score for score, _, _ in scored)
    return [(number, line) for score, number, line in scored if score == top][:MATCH_MOST]


def line_number(name: str, wanted: str, lines: list[str]) -> int:
    """Line `wanted` (the LINE of a `place`) of the file `name`, which holds `lines`:
    1-based; UsageError when it is no number or out of range."""
    from memctl.core.errors import UsageError

    number = int(wanted) if wanted.isascii() and wanted.isdigit() else None
    if number is None or not 1 <= number <= len(lines):
        span = f"1-{len(lines)}" if lines else "it is empty"
        said = (
            f"line {wanted!r} is not a line number" if number is None else f"has no line {number}"
        )
        raise UsageError(f"{name} {said} ({span})")
    return number


def _explain_ledger(
    ws: Workspace, name: str, wanted: str, memory: str, ledgers: Ledgers
) -> ExplainResult:
    """A ledger line's chain: the thread entry it was flushed from (or the save that
    wrote it), and the MEMORY.md bullets merged from it."""
    from memctl.core.errors import UsageError
    from memctl.core.memory import memory_path

    spelled = "explain takes MEMORY.md:LINE, a ledger's memory/DATE.md:LINE, or some text"
    if not name.startswith("memory/"):
        raise UsageError(f"{name}: {spelled}")
    path = memory_path(ws, name)
    if not path.is_file():
        raise UsageError(f"{name}: no such ledger ({spelled})")
    where = ws.relative(path)
    number = line_number(where, wanted, ledgers.lines(where))
    line = ledgers.lines(where)[number - 1]
    if not is_bullet(line):
        raise UsageError(
            f"{where}:{number} is not a fact (a heading, a marker memctl wrote or blank)"
        )
    here = Source(where, number, bullet_digest(line))
    words = set(content_words(line))
    used = []
    for n, bullet in bullets_of(memory):
        # As explain_line finds a bullet's sources: the recorded ones, else the lines
        # that state its text (a line sharing no word with it is none of those).
        recorded = ledgers.recorded(bullet)
        if recorded:
            merged = here in recorded
        else:
            merged = bool(
                bullet_digest(bullet) == here.digest or words.intersection(content_words(bullet))
            ) and here in ledgers.by_text(bullet)
        if merged:
            used.append(n)
    from memctl.retrieval.corpus import Hidden

    held = Hidden(ws).hides("memory", where, number, line)  # as search leaves it out
    forgets = _forgets(ws, ledgers, line, within=False) if held else []
    result = ExplainResult(f"{where}:{number}", [], [_origin(ledgers, here)], used, held, forgets)
    if not used and not held:
        _mark_superseded(result, line, bullets_of(memory))
    return _marked(ws, result)


def _mark_superseded(result: ExplainResult, line: str, bullets: list[tuple[int, str]]) -> None:
    """Sets `result.superseded_by` to the bullet that makes ledger `line` stale, read as
    consolidation read it (the line older than every bullet), when one does."""
    from memctl.models.supersede import stale

    facts = [BULLET.sub("", text.strip()).strip() for text in (line, *(b for _, b in bullets))]
    newer = stale(facts).get(0)
    if newer is not None:
        result.superseded_by, result.superseded_by_text = bullets[newer - 1][0], facts[newer]


def explain_text(result: ExplainResult) -> str:
    """The chains as `memctl explain` prints them and memory_explain answers."""
    if result.ledger:
        return "\n\n".join(_ledger_text(origin, result) for origin in result.ledger)
    if result.forgotten:
        told = [f"no bullet of MEMORY.md contains {result.target!r}: it was forgotten"]
        for forget in result.forgets:
            kept = ", ".join(forget.ledger) or "no ledger line"
            told += [f"  {forget.fact}", f"    {_forget_text(forget)}; the ledger keeps it: {kept}"]
        return "\n".join(told)
    chains = "\n\n".join(_bullet_text(bullet) for bullet in result.bullets)
    if result.closest:
        which = "the closest one" if len(result.bullets) == 1 else "the closest ones"
        return f"no bullet of MEMORY.md contains {result.target!r}; {which}:\n{chains}"
    return chains


def _forget_text(forget: Forget) -> str:
    """Which forget it was and when, as `forgotten (memctl forget)` has always opened."""
    if forget.replacement is not None:
        how = f"corrected by forget --replace or memory_replace to: {forget.replacement}"
        return f"forgotten ({how}) at {forget.at}"
    return f"forgotten (memctl forget) at {forget.at}"


def _ledger_text(origin: Origin, result: ExplainResult) -> str:
    lines = [f"{origin.ledger}  {origin.text}", f"  ({_block(origin)})"]
    if origin.entry is not None:
        lines.append(f"  <- {_entry_text(origin.entry)}")
    elif origin.log_absent:
        lines.append(f"  <- {_unidentified(origin)}")
    merged = ", ".join(f"MEMORY.md:{n}" for n in result.in_memory) or "no bullet of MEMORY.md"
    lines.append(f"  -> {merged}")
    if result.superseded_by is not None:
        lines.append(
            f"  -> superseded by MEMORY.md:{result.superseded_by}: {result.superseded_by_text}"
        )
    if result.forgotten:
        how = "; ".join(map(_forget_text, result.forgets)) or "forgotten (memctl forget)"
        lines.append(f"  -> {how}: consolidation, search, recall and the memory block leave it out")
    return "\n".join(lines)


def _entry_text(entry: Entry) -> str:
    who = f"{entry.role} {entry.speaker}" if entry.speaker else entry.role
    when = f", {entry.said}" if entry.said else ""
    return f"thread {entry.thread} entry {entry.index} ({who}{when}): {entry.text}"


def _unidentified(origin: Origin) -> str:
    """Why a flushed line names no turn: its thread's log is on another machine, or no
    turn of it fits."""
    if origin.log_absent:
        return (
            f"source turn not here: thread {origin.thread}'s log is on the machine that "
            "flushed it (sync.share without threads), or was removed"
        )
    return "source turn not identified"


def _bullet_text(bullet: Explained) -> str:
    lines = [f"MEMORY.md:{bullet.line}  {bullet.bullet}"]
    if not bullet.sources:
        lines.append("  <- unknown (edited by hand: no ledger line states it)")
    how = "  (matched by its text)" if bullet.how == "matched" else ""
    for origin in bullet.sources:
        lines.append(f"  <- {origin.ledger} ({_block(origin)}){how}  {origin.text}")
        if origin.entry is not None:
            lines.append(f"     <- {_entry_text(origin.entry)}")
        elif origin.kind == "flush":
            lines.append(f"     <- {_unidentified(origin)}")
    lines += [f"  corrects: {old} (forgotten, replaced by this one)" for old in bullet.corrects]
    return "\n".join(lines)


def _block(origin: Origin) -> str:
    if origin.kind == "save":
        # `save` and an agent's memory_save (or a correction) write the same block:
        # which of them saved it is not known, so neither is claimed.
        return f"saved by memctl save or memory_save at {origin.at}"
    if origin.kind == "flush":
        return f"flushed at {origin.at} from thread {origin.thread} entries {origin.entries}"
    return "a ledger line"
