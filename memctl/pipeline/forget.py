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

import contextlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from memctl.core.config import Config
from memctl.core.durable import write_atomic
from memctl.core.errors import MemctlError, UsageError, require_utf8
from memctl.core.forgotten import (
    BULLET,
    FORGOTTEN_NAME,
    PURGE_MIN,
    Forgotten,
    TakeBack,
    ThreadRename,
    fact_key,
    older_masks_in,
    purge_length,
    purged_token,
    read_tombstones,
    record_tombstones,
    same_fact,
    shared_salt,
    thread_now,
    thread_renames,
    token_stone,
    tombstones,
    tracked_token,
)
from memctl.core.memory import commented, is_marker, memory_path, read_memory
from memctl.core.said import MONTHS, ledger_day, read_heading, speaker_label
from memctl.core.sources import bullet_digest, read_sidecar, sidecar_path
from memctl.core.wording import plural
from memctl.core.workspace import TEXT_ENCODING, Workspace
from memctl.models.curate import said_lines
from memctl.models.words import DATE_NOTE, fact_words, person, undated
from memctl.pipeline.consolidate import PURGE_RUN, Marks, keep_history
from memctl.pipeline.provenance import (
    Ledgers,
    Saying,
    line_number,
    place,
    saying_more,
    sayings,
    turns_saying,
)
from memctl.pipeline.purge import listed, purge_files
from memctl.pipeline.save import save
from memctl.retrieval.corpus import Hidden, fold


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
    """Where the MEMORY.md it rewrote was kept; for a purge, MEMORY.md as it left it (a
    version `undo` refuses: a purge cannot be undone)."""
    purged: list[str] = field(default_factory=list)
    """Files a purge rewrote (or would rewrite)."""
    purge_config: bool = False
    """memctl.yaml holds the text too, and a purge leaves it for its user to edit."""
    purge_unreachable: list[str] = field(default_factory=list)
    """Copies in names or structure a purge does not rewrite, `PATH (where)`
    (`Purged.unreachable`): the user renames or removes them."""
    purge_partial: list[str] = field(default_factory=list)
    """Thread turns (`threads/<id>.jsonl#N`) a purged fact was taken from, in which the
    purge masks (would mask) the sentences that said it and leaves other sentences
    (`provenance.saying_more`): they may say more of the same person or secret in other
    words ("she", "her phone"), which a purge does not guess; the user reads them."""
    token_untracked: bool = False
    """The purge query is one token too short or plain for its tombstone to keep its
    salted digest (`tracked_token`: under 8 characters or letters alone, and not
    generated-looking): a sync masks it on another machine only within the whole facts
    this purge forgot."""
    exports: list[str] = field(default_factory=list)
    """Exported AGENTS.md/CLAUDE.md files (absolute paths) whose memory block was (would
    be) written again without the facts. Filled by the entry point after the stage: the
    export is in the agents layer, above this one."""
    exports_dropped: list[str] = field(default_factory=list)
    """Recorded exports dropped from state.json, `PATH: why` (the file is gone, or its
    block was taken out)."""
    exports_left: list[str] = field(default_factory=list)
    """Recorded exports whose block could not be (would not be) written again, `PATH:
    why`: they still state what they stated, and the command exits 1."""
    dry_run: bool = False
    """Nothing was written."""


class Ambiguous(UsageError):
    """A query that names more than one fact, or a purge query that names a fact only as
    an older flush rewrote it (`as_flushed_before`), and the caller did not say all of
    them: nothing was written. The facts and where they stand go with it, to be listed."""

    def __init__(self, target: str, facts: list[str], found: list[str], *, rewritten: int = 0):
        if rewritten:
            how = (
                " only as an older flush rewrote it"
                if len(facts) == 1
                else f", {rewritten} of them only as an older flush rewrote them"
            )
            super().__init__(
                f"{target!r} matches {plural(len(facts), 'fact')}{how} (a speaker's name "
                "for a pronoun inside it: maybe another person's fact): --all forgets and "
                f"masks {'it' if len(facts) == 1 else 'them'}, or name one (PATH:LINE)"
            )
        else:
            super().__init__(
                f"{target!r} matches {len(facts)} facts: --all forgets every one, or name "
                "one (PATH:LINE, or more of its text)"
            )
        self.facts, self.found = facts, found


def forget(
    ws: Workspace,
    config: Config,
    target: str,
    *,
    replacement: str | None = None,
    dry_run: bool = False,
    purge: bool = False,
    every: bool = True,
    tool: str | None = None,
) -> ForgetResult:
    """Forget the facts `target` names: `PATH:LINE` (a line of MEMORY.md or a ledger) or
    a query (every fact containing it, case aside). `every=False` refuses (`Ambiguous`)
    a query that names more than one, as a person typing a word rarely means ten facts;
    a dry run refuses it the same way (a script that tries first must learn what the
    real run does), listing them.

    A fact is every line that states it (`Fact`): a MEMORY.md bullet, the ledger lines
    it was merged from, and each one's continuation lines. Forgetting any of them
    forgets all: a tombstone for each (that no earlier one holds), and MEMORY.md
    rewritten without the bullet (a `## Heading` it leaves empty goes too).

    A plain forget or a correction that changes MEMORY.md keeps the MEMORY.md it replaces
    in history, marked as its doing and with what takes it back (`memctl undo`): its
    tombstones dropped, and a correction's new fact forgotten in turn (the ledger it was
    saved to is append-only). A purge keeps no copy of what it erased: nothing of the
    text may be left to bring back. It keeps MEMORY.md as it left it instead, marked
    `forget --purge` and with nothing to take back, a step `memctl undo` refuses to
    undo: without it, `undo` right after a purge restored the copy from before the
    last consolidation, so it undid that consolidation, which nobody asked for
    (audit 17 L6). `tool`: the agent's tool that asked (`memory_forget`,
    `memory_replace`), which history names instead of the user's command, so that
    `history` and `undo` tell the agent's forget from the user's (audit 21 F6)."""
    _check(target, replacement, purge=purge)
    with ws.lock():
        if not purge:
            # MEMORY.md is rewritten from its text: a byte that is not UTF-8 would come
            # back as U+FFFD in every other line. Refused (exit 2), as explain and
            # consolidate refuse it. A purge works on bytes (its rewrite keeps them).
            read_memory(ws)
        facts = _resolve(ws, target, purge=purge)
        if not purge:
            facts = _still_stated(ws, facts)
            if not every and len(facts) > 1:
                facts = _superseded_folded(facts)
        found = _listed_places(facts)
        rewritten = sum(fact.rewritten for fact in facts)
        if (len(facts) > 1 or rewritten) and not every:
            raise Ambiguous(target, [fact.text for fact in facts], found, rewritten=rewritten)
        if replacement is not None:
            _check_correction(replacement, facts)
        result = ForgetResult([fact.text for fact in facts], found, replacement, dry_run=dry_run)
        legacy = older_masks_in(ws)
        gone = Forgotten({fact_key(line) for fact in facts for line in fact.lines}, legacy=legacy)
        memory = ws.memory_md.read_bytes() if ws.memory_md.exists() else b""
        kept, at, result.memory_lines = _without(
            memory.decode("utf-8", "surrogateescape"), gone, headings=replacement is None
        )
        needles = purge_needles(ws, target, [line for fact in facts for line in fact.said])
        said_in: list[Saying] = []
        if purge:
            turns = sayings(ws, found)
            said_in = _sayings(turns, needles)
            # Of every turn a fact was taken from (one that said it word for word too).
            result.purge_partial = saying_more(ws, turns)
        token = purged_token(target) if purge and not place(target) else None
        if token is not None and not tracked_token(token):
            # A word or a name, masked in every text a sync finds it in from now on, on
            # every machine, would take it from text that never meant the secret.
            token, result.token_untracked = None, True
        if purge:
            _plan_purge(ws, target, needles, result, said_in)
            if facts or token is not None:  # tombstones, the digests that keep them out
                tombstone_file = ws.relative(ws.state_dir / FORGOTTEN_NAME)
                result.purged = sorted({*result.purged, tombstone_file})
        if dry_run:
            return result
        # A line an earlier forget holds gets no second tombstone: `undo` of this run
        # would say it is back while the first kept it out. Its line in MEMORY.md (a
        # `save` wrote it again) still goes.
        lines = [line for fact in facts for line in (fact.said if purge else fact.fresh)]
        said = None if purge else _said(ws, lines, found, legacy)  # a purge masks the turns
        of = {line: fact.text for fact in facts for line in (fact.said if purge else fact.fresh)}
        stones = tombstones(lines, replacement, purge=purge, said=said, of=of)
        if token is not None:
            # The token itself, salted: a sync masks it in any text on any machine, a
            # fact only another machine wrote holding it too (audit 16 H2).
            salt = shared_salt(read_tombstones(ws))
            stones.append(token_stone(token, of=facts[0].text if facts else "", salt=salt))
        # A purge must leave no copy, a history copy included; a forget that leaves
        # MEMORY.md as it was keeps none (it would only be a copy of the current file).
        if not purge and (result.memory_lines or replacement is not None):
            new = BULLET.sub("", replacement.strip()) if replacement is not None else None
            back = TakeBack(drop=stones, add=tombstones([new]) if new else [])
            marks = ws.read_state().consolidation
            saved = keep_history(
                ws,
                memory,
                Marks(dict(marks.offsets), dict(marks.tails)),
                by=tool or ("forget" if new is None else "forget --replace"),
                take_back=back,
            )
            result.history = ws.relative(saved)
        record_tombstones(ws, stones)
        if result.memory_lines:
            write_atomic(ws.memory_md, kept.encode("utf-8", "surrogateescape"))
        if purge:
            _mask_everywhere(ws, needles, said_in, result)
        if replacement is not None:
            fact = replacement.strip()
            # Where the fact it corrects stood (under the same heading).
            save(ws, config, fact if BULLET.match(fact) else f"- {fact}", unforget=False, at=at)
    return result


def _mask_everywhere(
    ws: Workspace, needles: list[str], said_in: list[Saying], result: ForgetResult
) -> None:
    """A purge's writing after its tombstones: every copy masked (`purge_files`), the
    files it changed listed, and MEMORY.md as the purge left it kept in history, masks
    and all, as the step `undo` refuses to take back."""
    wiped = purge_files(ws, needles, dry_run=False, sayings=said_in)
    purged, result.purge_unreachable = wiped.changed, wiped.unreachable
    if result.memory_lines:  # rewritten before, without the lines
        purged.append(ws.relative(ws.memory_md))
    result.purged = sorted({*purged, *result.purged})
    if result.purged:  # after the masking: the copy holds what is left, masks and all
        marks = ws.read_state().consolidation
        after = ws.memory_md.read_bytes() if ws.memory_md.exists() else b""
        offsets = Marks(dict(marks.offsets), dict(marks.tails))
        result.history = ws.relative(keep_history(ws, after, offsets, by=PURGE_RUN))


def _sayings(turns: list[Saying], needles: list[str]) -> list[Saying]:
    """What a purge masks of the thread turns the facts were taken from, as provenance
    names them (`turns`: `provenance.sayings`): the sentences that said each fact, in
    their own words (the turn's "I" where the fact says "the user", no date note the
    flush added), which the fact's text would not find, each in its one entry. One
    shorter than a purge query may be (`PURGE_MIN`) is left: its mask would fall on
    words everywhere."""
    return [
        saying
        for saying in turns
        if saying.sentence not in needles
        and purge_length(" ".join(saying.sentence.split())) >= PURGE_MIN
    ]


def _said(ws: Workspace, facts: list[str], found: list[str], legacy: bool) -> dict[str, list[str]]:
    """The thread entries each fact was taken from (`provenance.turns_saying` of the
    lines stating it), for its tombstone: recall and search leave them out. `legacy`:
    an older memctl purged here (`forgotten.older_masks_in`)."""
    turns = {spot: entries for spot, entries in turns_saying(ws, found).items() if entries}
    files: dict[str, list[str]] = {}
    said: dict[str, list[str]] = {}
    for spot, entries in turns.items():
        name, _, number = spot.rpartition(":")
        if name not in files:
            files[name] = _lines(memory_path(ws, name))
        line = files[name][int(number) - 1]
        for fact in facts:
            if Forgotten({fact_key(fact)}, legacy=legacy).states(line):
                kept = said.setdefault(fact, [])
                kept += [entry for entry in entries if entry not in kept]
    return said


@dataclass
class Fact:
    """One fact as forget counts it: every line that states it. A MEMORY.md bullet and
    the ledger lines it was merged from (its recorded sources, or the plain reading:
    `Carol: x` in a ledger is `x` under `## Carol`) are one fact, and so is a line with
    its continuation lines (a multi-line saved memory)."""

    text: str
    """As it is listed: its MEMORY.md bullet when it has one, else the first line named."""
    lines: list[str] = field(default_factory=list)
    """The text of each line stating it (without the bullet), one a fact key; a key that
    holds another of them is left out, as its tombstone would hold nothing more."""
    places: list[str] = field(default_factory=list)
    """PATH:LINE of each line stating it."""
    fresh: list[str] = field(default_factory=list)
    """Of `lines`, those no earlier tombstone holds: what this forget records."""
    said: list[str] = field(default_factory=list)
    """Every line's text, one a key (what a purge masks: `Noted: x` as well as `x`)."""
    units: set[tuple[str, int]] = field(default_factory=set)
    """(path, first line) of each fact line stating it."""
    rewritten: bool = False
    """A purge query names it only as an older flush rewrote the query
    (`as_flushed_before`): forgotten only when the caller says all (`--all`)."""


def _check_correction(replacement: str, facts: list[Fact]) -> None:
    """Refuse a correction whose fact key is one of the forgotten facts' (the same text,
    case or punctuation aside): the tombstone that keeps the old fact out would keep the
    new one out too, and nothing would tell them apart."""
    for fact in facts:
        if any(same_fact(line, replacement) for line in fact.lines):
            raise UsageError(
                f"the correction says the same as the fact it corrects ({fact.text!r}), "
                "case and punctuation aside: say the corrected fact"
            )


def _check(target: str, replacement: str | None, *, purge: bool) -> None:
    """The arguments a forget refuses before it reads anything (UsageError)."""
    if not target.strip():
        raise UsageError("say what to forget: a query or PATH:LINE")
    if replacement is not None and not replacement.strip():
        raise UsageError("the replacement is empty: say the corrected fact")
    if replacement is not None and purge:
        raise UsageError("--purge forgets; a correction keeps the new fact: use one")
    require_utf8("the query", target)
    require_utf8("the replacement", replacement or "")
    if replacement is not None and len(replacement.strip().splitlines()) > 1:
        # It takes the place of one line of MEMORY.md: lines of its own would be facts
        # (or headings) of their own, not undone, forgotten or exported as one.
        raise UsageError("the replacement is one fact on one line: it holds a line break")
    if not purge and not place(target) and ("\n" in target or "\r" in target):
        raise UsageError(
            "a query is one line: a fact is matched line by line; forget each line's text"
        )
    if purge:
        _check_purge_query(target)


def _still_stated(ws: Workspace, facts: list[Fact]) -> list[Fact]:
    """The facts a plain forget or a correction has left to do, each with the lines no
    earlier tombstone holds (`fresh`). A fact whose every line is held already and that
    MEMORY.md no longer states is done: all of them so is an error (exit 1), not a second
    tombstone and history version whose `undo` would say the fact is back while the
    first tombstone keeps it out. One MEMORY.md states again (a `save` or a hand wrote
    it) is forgotten again: its line goes, with no second tombstone."""
    before = Forgotten.of(ws)
    memory = [line for line in _lines(ws.memory_md) if is_fact_line(line)]
    hidden = Hidden(ws)
    files: dict[str, list[str]] = {}

    def hides(path: str, number: int) -> bool:
        if path not in files:
            files[path] = _lines(ws.root / path)
        return hidden.hides("memory", path, number, files[path][number - 1])

    left = []
    for fact in facts:
        fact.fresh = [line for line in fact.lines if not before.states(line)]
        if fact.fresh and all(hides(path, number) for path, number in fact.units):
            # Every line stating it is one search leaves out already, as explain and
            # memory_get say (`Hidden`: a ledger line restating a corrected fact).
            fact.fresh = []
        keys = {fact_key(line) for line in fact.lines}
        # A correction that holds the old words (`Staging is db3 and db7.`) does not
        # state the fact it corrected: that one is done, and no candidate.
        corrected = {key: before.corrected[key] for key in keys if key in before.corrected}
        stated = Forgotten(keys, corrected=corrected, legacy=before.legacy)
        if fact.fresh or any(stated.states(line) for line in memory):
            left.append(fact)
    if not left:
        raise MemctlError(f"already forgotten: {'; '.join(fact.text for fact in facts)}")
    return left


def _superseded_folded(facts: list[Fact]) -> list[Fact]:
    """`facts` with each one only a ledger states, which a MEMORY.md fact among them
    replaced (`supersede.replaced_by`: consolidation dropped it for that one), taken in
    as that fact's older value. "migration deadline" named the deadline MEMORY.md holds
    and the one it replaced, left in an archived ledger, and memory_replace refused it
    as two facts (audit 18); corrected now, the older value's line gets the correction's
    tombstone too, as the value it was."""
    current = [fact for fact in facts if any(path == "MEMORY.md" for path, _ in fact.units)]
    older = [fact for fact in facts if not any(path == "MEMORY.md" for path, _ in fact.units)]
    if not current or not older:
        return facts
    from memctl.models.supersede import replaced_by

    replaced = replaced_by([fact.text for fact in older], [fact.text for fact in current])
    for old, new in replaced.items():
        into, value = current[new], older[old]
        into.lines += value.lines
        into.places += [where for where in value.places if where not in into.places]
        into.fresh += value.fresh
        into.said += value.said
        into.units |= value.units
    folded = {id(older[old]) for old in replaced}
    return [fact for fact in facts if id(fact) not in folded]


def _plan_purge(
    ws: Workspace,
    target: str,
    needles: list[str],
    result: ForgetResult,
    said_in: list[Saying] | None = None,
) -> None:
    """What a purge would rewrite and leave, in `result`; refused (nothing written)
    when no fact holds the text and nothing a purge rewrites does either (what does,
    names and structure, is named)."""
    would = purge_files(ws, needles, dry_run=True, sayings=said_in or [])
    result.purged, result.purge_config = would.changed, would.config
    result.purge_unreachable = would.unreachable
    if not result.facts and not result.purged:
        if would.config:
            raise MemctlError(
                f"only memctl.yaml contains {target!r}: a purge never rewrites the "
                "configuration; edit it by hand"
            )
        if left := would.unreachable:
            raise MemctlError(
                f"only names or structure a purge does not rewrite contain {target!r}: "
                f"{listed(left)}"
            )
        raise MemctlError(f"nothing in the workspace contains {target!r}")


def _check_purge_query(target: str) -> None:
    """Refuse a purge query too short to be a secret, or spanning lines (masked, a copy
    in a ledger would merge two lines, a bullet lost and every later PATH:LINE moved).
    A `PATH:LINE` names a fact, whose text is what is purged."""
    if place(target):
        return
    if "\n" in target or "\r" in target:
        raise UsageError("a purge query is one line: purge each line's text on its own")
    if purge_length(" ".join(target.split())) < PURGE_MIN:
        wide = "" if target.isascii() else ", a CJK one counting two"
        raise UsageError(
            f"{target.strip()!r} is too short to purge (at least {PURGE_MIN} characters"
            f"{wide}): it is in words, digests and names throughout the workspace"
        )


def _resolve(ws: Workspace, target: str, *, purge: bool = False) -> list[Fact]:
    """The facts `target` names. A `PATH:LINE` whose PATH is a file name (`.md`, or a
    folder in it) is a place: a missing file or a line that is not a number is a
    UsageError, never read as a query that matches nothing. A query no fact contains is
    refused, unless for a purge: a secret said in a thread that never became a fact must
    be purgeable too."""
    units = _Units(ws)
    if located := place(target):
        name = located["path"]
        path = memory_path(ws, name)
        if not path.is_file():
            raise UsageError(f"{name}: no such file (MEMORY.md or a ledger under memory/)")
        where = ws.relative(path)
        lines = path.read_text(encoding=TEXT_ENCODING, errors="replace").splitlines()
        number = line_number(name, located["line"], lines)
        if not is_fact_line(lines[number - 1]):
            raise UsageError(f"{name}:{number} is not a fact (a heading or blank)")
        unit = units.holding(where, number)
        if not purge:
            _in_comments([unit])
        return units.facts([unit])
    # A fact's key has no final full stop: "March 15." names "The deadline is March 15."
    # (audit 17 M9). Case and accents aside as search sets them (`fold`: "STRASSE" is in
    # "Straße", "Muller" in an NFD "Müller"), so forget finds what search found (M2, M3).
    needle = " ".join(target.lower().split())
    needle = needle.rstrip(".") or needle
    folded = fold(needle)
    found = [unit for unit in units.all if needle in unit.key or folded in unit.folded_key]
    # A purge also finds the copy an older flush wrote with the speaker's name put for a
    # pronoun inside the secret ("blue-me-42" as "blue-the user-42"): most of the secret
    # is in it, and a purge that left it would say it forgot nothing.
    as_typed = set(map(id, found))
    if purge:
        found += [
            unit
            for unit in units.all
            if id(unit) not in as_typed
            and (rewritten := units.as_flushed_before(needle, unit.thread)) is not None
            and rewritten.search(unit.key)
        ]
    # Words found only in a speaker label (`Dana:` of `- Dana: We deploy on Tuesdays.`)
    # say who spoke, not what the fact is: "forget Dana" is not the team's deploy day.
    named = [unit for unit in found if not unit.labelled_only(needle)]
    if not named and not purge:
        if found:
            raise MemctlError(
                f"no fact in MEMORY.md or the ledgers contains {target!r}: it is only the "
                f"speaker label of {len(found)} ledger line(s) (who said them, not what "
                "they say); name the fact's own words or PATH:LINE"
            )
        raise MemctlError(f"no fact in MEMORY.md or the ledgers contains {target!r}")
    if not purge:
        _in_comments(named)
    facts = units.facts(named)
    if purge:
        typed = {(unit.path, unit.number) for unit in named if id(unit) in as_typed}
        for fact in facts:
            fact.rewritten = not typed.intersection(fact.units)
    return facts


_PRONOUN_THEN = re.compile(r"\b(?:i'm|i've|i'll|i'd|myself|mine|my|me|i)\b")
"""The speaker's pronouns as flush rewrote them before audit 14 (case folded, as a fact
key is): at any word boundary, inside a token too."""
_PRONOUN_NOW = re.compile(person("i'm|i've|i'll|i'd|myself|mine|my|me|i"))
_AS_NAMED = {
    "me": ("{}", "them"),
    "my": ("{}'s", "their"),
    "mine": ("{}'s", "theirs"),
    "myself": ("{}", "themself"),
    "i": ("{}",),
    "i'm": ("{} is",),
    "i've": ("{} has",),
    "i'll": ("{} will",),
    "i'd": ("{} would",),
}
"""What flush wrote for each pronoun: the speaker's name (the first time in a
sentence), or the pronoun of a later mention (`facts.third_person`)."""
_USER_NAMED = re.compile(r"\bthe user's name is ([\w-]+)")


def as_flushed_before(needle: str, names: set[str]) -> re.Pattern[str] | None:
    """`needle` (a purge query, its key's spelling) as a flush before audit 14 could have
    written it into a fact: each pronoun inside a token ("blue-me-42", "i/o", "my-door-77")
    as a speaker's name ("the user", a name a thread gave a speaker, the name a user
    gave: "blue-the user-42", "the user/o", "Dana's-door-77") or the pronoun of a later
    mention ("their-door-77"). `names`: who may have said the fact (`_Units.speakers`
    of its block). None when the needle has no pronoun inside a token: a flush rewrote
    nothing of it."""
    now = {match.start() for match in _PRONOUN_NOW.finditer(needle)}
    inside = [match for match in _PRONOUN_THEN.finditer(needle) if match.start() not in now]
    if not inside:
        return None
    parts, at = [], 0
    for match in inside:
        forms = {match[0]}
        for form in _AS_NAMED[match[0]]:
            forms |= {form.format(name) for name in names} if "{}" in form else {form}
        parts += [re.escape(needle[at : match.start()]), "(?:"]
        parts += ["|".join(sorted(map(re.escape, forms), key=len, reverse=True)), ")"]
        at = match.end()
    parts.append(re.escape(needle[at:]))
    return re.compile("".join(parts))


@dataclass(eq=False)
class _Unit:
    """A fact line of MEMORY.md or a ledger, with its continuation lines."""

    path: str
    number: int
    """Its first line, 1-based."""
    lines: list[str]
    comment: tuple[int, int] | None = None
    """The comment over several lines it stands in (`memory.commented`), if any."""
    thread: str | None = None
    """The thread its ledger block was flushed from, by its id now: its flush heading's
    (`said.read_heading`), or where a `thread rename` since moved it
    (`forgotten.thread_now`), as the thread's log and speakers are under that id."""

    @cached_property
    def key(self) -> str:
        return fact_key(" ".join(line.strip() for line in self.lines))

    @cached_property
    def folded_key(self) -> str:
        """Its key as search matches it (`fold`)."""
        return fold(self.key)

    @cached_property
    def keys(self) -> list[str]:
        """Each line's fact key."""
        return [fact_key(line) for line in self.lines]

    @cached_property
    def restated(self) -> set[frozenset[str]]:
        """Each line's content words as the merge folds sayings (`words.fact_words`:
        speaker's `Name: `, "now" and "still" aside), a continuation line of one word
        left out as `_fact` leaves it. A line of the same words is the same fact said
        again ("Farid: The staging database is db3." of "Dana: ..."; "The CI runner is
        now x86-large." of "The CI runner is x86-large."): the tombstone's restatement
        reading (`memctl.models.held`) holds it once this one is forgotten, so explain
        calls it forgotten, and a forget that left its bullet in MEMORY.md left the fact
        stated (audit 20 finding 0)."""
        return {
            fact_words(line)
            for n, (line, key) in enumerate(zip(self.lines, self.keys, strict=True))
            if key and not (n and len(key.split()) < 2)
        }

    @cached_property
    def undated_key(self) -> str:
        """Its key without the date note memctl added (`words.undated`): a MEMORY.md
        bullet "12 migrations applied (December 2026)." states the ledger line "12
        migrations applied." it was merged from, with or without the provenance sidecar
        (which `memctl sync` does not carry)."""
        return fact_key(undated(" ".join(line.strip() for line in self.lines)))

    def dated_within(self, other: str) -> bool:
        """Whether this line's date note, if it has one, is within `other`'s (a bullet
        "(October 2026 to December 2026)" folded from "(October 2026)", "(November
        2026)" and "(December 2026)"): the same words dated another month are another
        event ("the deploy was postponed")."""
        note = DATE_NOTE.search(" ".join(self.lines))
        if note is None:
            return True
        folded = DATE_NOTE.search(other)
        if folded is None:
            return False
        (first, last), (since, until) = _months(note[0]), _months(folded[0])
        return since <= first and last <= until

    @property
    def text(self) -> str:
        return BULLET.sub("", self.lines[0].strip())

    def labelled_only(self, needle: str) -> bool:
        """`needle` (a key's spelling) is in this fact's key only within its leading
        speaker label (`said.speaker_label`)."""
        label = speaker_label(self.text)
        if label is None:
            return False
        head = " ".join(label.lower().split())
        return needle in head and needle not in self.key[len(head) :]


_NOTE_PART = re.compile(r"(?:(?P<month>[A-Z][a-z]+) )?(?P<year>\d{4})")


def _months(note: str) -> tuple[tuple[int, int], tuple[int, int]]:
    """The first and the last month (year, month) a date note (`DATE_NOTE`) spans: "(March
    2026)" one month, "(October 2026 to December 2026)" three, "(2026)" twelve."""
    parts = [
        (int(part["year"]), MONTHS.index(part["month"]) + 1 if part["month"] in MONTHS else 0)
        for part in _NOTE_PART.finditer(note)
    ]
    (first_year, first_month), (last_year, last_month) = parts[0], parts[-1]
    return (first_year, first_month or 1), (last_year, last_month or 12)


def continued(lines: list[str], start: int) -> int:
    """The index past the fact line `lines[start]` and its continuation lines: the lines
    after it indented deeper that are neither blank nor a bullet, heading or comment of
    their own (`save` writes a multi-line memory so)."""
    indent = len(lines[start]) - len(lines[start].lstrip())
    end = start + 1
    while end < len(lines):
        line = lines[end]
        text = line.strip()
        deeper = len(line) - len(line.lstrip()) > indent
        if not text or not deeper or BULLET.match(line) or text.startswith("#") or is_marker(text):
            break
        end += 1
    return end


def _units_of(path: str, lines: list[str], renames: list[ThreadRename]) -> list[_Unit]:
    """The fact lines of `path`, each with the thread its block was flushed from by its
    id now (`renames`: `forgotten.thread_renames`)."""
    units: list[_Unit] = []
    inside = commented(lines)
    index = 0
    thread: str | None = None
    while index < len(lines):
        if lines[index].startswith("## "):
            heading = read_heading(lines[index], ledger_day(path))
            thread = None
            if heading is not None and heading.thread is not None:
                thread = thread_now(renames, heading.thread, heading.at)
        if not is_fact_line(lines[index]):
            index += 1
            continue
        end = _clipped(inside, index, continued(lines, index))
        units.append(_Unit(path, index + 1, lines[index:end], inside.get(index), thread))
        index = end
    return units


def _clipped(inside: dict[int, tuple[int, int]], start: int, end: int) -> int:
    """`end` (past a fact line at `start` and its continuation lines) cut so that the
    unit never crosses an edge of a comment over lines (`inside`: `memory.commented`):
    it stops after the closer of the one it is in, else before the opener of one it
    would take in (the first line of it inside one)."""
    if (own := inside.get(start)) is not None:
        return min(end, own[1] + 1)
    return next((n for n in range(start + 1, end) if n in inside), end)


def _in_comments(units: list[_Unit]) -> None:
    """Refuse (UsageError, exit 2) a forget that names a line of a user's HTML comment
    over several lines: deleted, its opener or closer alone would show the hidden lines
    as memory with a stray `-->` (review 20 #4), and what is inside is hidden already.
    A purge masks a secret inside one instead; a comment on one line is a fact line."""
    spans = dict.fromkeys((unit.path, unit.comment) for unit in units if unit.comment)
    if not spans:
        return
    places = ", ".join(f"{path}:{first + 1}-{last + 1}" for path, (first, last) in spans)
    raise UsageError(
        f"{places}: a comment over several lines is one unit that forget does not cut "
        "(its lines are hidden, not memory); edit it by hand, or --purge to mask a secret in it"
    )


class _Units:
    """Every fact of MEMORY.md and the ledgers (archived ones too), and which of them
    are one fact (`facts`)."""

    def __init__(self, ws: Workspace):
        self.ws = ws
        renames = thread_renames(ws)
        self.memory = _units_of("MEMORY.md", _lines(ws.memory_md), renames)
        self.all = list(self.memory)
        for path in ws.daily_files(include_archive=True):
            self.all += _units_of(ws.relative(path), _lines(path), renames)
        self._at = {(u.path, u.number + n): u for u in self.all for n in range(len(u.lines))}
        self._speakers: dict[str | None, set[str]] = {}
        self._rewritten: dict[tuple[str, str | None], re.Pattern[str] | None] = {}

    @cached_property
    def _named(self) -> set[str]:
        """The names users gave ("The user's name is Priya."), case folded."""
        return {match[1] for unit in self.all for match in _USER_NAMED.finditer(unit.key)}

    def speakers(self, thread: str | None) -> set[str]:
        """Who may have said a fact of a block of `thread` (None: no flush block, such as
        MEMORY.md's), case folded: "the user", each name the thread's log gives a
        speaker of a message (a `name` of a user or assistant turn, not a tool's), and
        each name a user gave ("The user's name is Priya."). Another thread's speakers
        said none of its facts (review 21 finding 7)."""
        if thread in self._speakers:
            return self._speakers[thread]
        names = {"the user"} | self._named
        if thread is not None and (path := self.ws.threads_dir / f"{thread}.jsonl").is_file():
            with contextlib.suppress(OSError):
                for line in path.read_bytes().splitlines():
                    if b'"name"' not in line:
                        continue
                    with contextlib.suppress(ValueError):
                        entry = json.loads(line)
                        name = entry.get("name") if isinstance(entry, dict) else None
                        if isinstance(name, str) and entry.get("role") in ("user", "assistant"):
                            names.add(name.casefold())
        found = self._speakers[thread] = {name for name in names if name.strip()}
        return found

    def as_flushed_before(self, needle: str, thread: str | None) -> re.Pattern[str] | None:
        """`needle` as an older flush could have written it in a block of `thread`
        (`as_flushed_before` with that thread's speakers)."""
        if (needle, thread) not in self._rewritten:
            found = as_flushed_before(needle, self.speakers(thread))
            self._rewritten[(needle, thread)] = found
        return self._rewritten[(needle, thread)]

    def holding(self, path: str, number: int) -> _Unit:
        """The fact line `number` of `path` belongs to (a continuation line's bullet)."""
        return self._at[(path, number)]

    def _links(self) -> Iterable[tuple[_Unit, _Unit]]:
        """(bullet, ledger fact) for each ledger fact a MEMORY.md bullet was merged from:
        by the sidecar, and by the plain reading (the same key, or `Name: x` for a
        bullet `x` under `## Name`)."""
        ledgers = Ledgers(self.ws)
        known = read_sidecar(sidecar_path(self.ws))
        said = dict(said_lines("\n".join(_lines(self.ws.memory_md))))
        by_key: dict[str, list[_Unit]] = {}
        for unit in self.all[len(self.memory) :]:
            by_key.setdefault(unit.key, []).append(unit)
            if unit.undated_key != unit.key:
                by_key.setdefault(unit.undated_key, []).append(unit)
        for bullet in self.memory:
            for source in known.get(bullet_digest(bullet.lines[0]), []):
                where = ledgers.resolve(source)
                merged = self._at.get((where.path, where.line)) if where else None
                if merged is not None:
                    yield bullet, merged
            stated = [bullet.text, said.get(bullet.number, "")]
            keys = {fact_key(text) for text in stated} | {fact_key(undated(t)) for t in stated}
            for key in keys - {""}:
                for unit in by_key.get(key, []):
                    if unit.key in keys or unit.dated_within(bullet.text):
                        yield bullet, unit

    def facts(self, named: list[_Unit]) -> list[Fact]:
        """The facts the `named` lines state: each with every line of the same key
        (in any file), and through a bullet, the lines it was merged from."""
        parent: dict[int, int] = {}

        def root(unit: int) -> int:
            while parent.get(unit, unit) != unit:
                unit = parent[unit]
            return unit

        def join(one: _Unit, other: _Unit) -> None:
            parent[root(id(one))] = root(id(other))

        first: dict[str, _Unit] = {}
        restated: dict[frozenset[str], _Unit] = {}
        for unit in self.all:
            join(unit, first.setdefault(unit.key, unit))
            for words in unit.restated:
                join(unit, restated.setdefault(words, unit))
        for bullet, unit in self._links():
            join(bullet, unit)
        chosen = {root(id(unit)) for unit in named}
        groups: dict[int, list[_Unit]] = {}
        for unit in self.all:
            if (group := root(id(unit))) in chosen:
                groups.setdefault(group, []).append(unit)
        order = {root(id(unit)): n for n, unit in reversed(list(enumerate(named)))}
        facts = [_fact(groups[group]) for group in sorted(groups, key=order.__getitem__)]
        # Where each stands: its lines, and a line holding it (`x and y` for `x`).
        held = [(fact, [fact_key(line) for line in fact.lines]) for fact in facts]
        for unit in self.all:
            for fact, keys in held:
                if any(key in own for own in unit.keys for key in keys):
                    fact.places.append(f"{unit.path}:{unit.number}")
        return facts


def _fact(units: list[_Unit]) -> Fact:
    """One fact from the lines that state it (MEMORY.md's first)."""
    texts: dict[str, str] = {}
    alone: set[str] = set()  # a continuation line of one word states nothing on its own
    for unit in units:
        for n, line in enumerate(unit.lines):
            key = fact_key(line)
            texts.setdefault(key, BULLET.sub("", line.strip()))
            if n and len(key.split()) < 2:
                alone.add(key)
    # The shortest keys first: a key that holds a kept one needs no tombstone of its own;
    # a one-word continuation line gets none (its tombstone would hold every text with
    # that word); it goes from MEMORY.md with its bullet all the same.
    lines: list[str] = []
    for key in sorted(texts, key=len):
        if key not in alone and not any(fact_key(kept) in key for kept in lines):
            lines.append(texts[key])
    places = {(unit.path, unit.number) for unit in units}
    return Fact(units[0].text, lines, said=list(texts.values()), units=places)


def _listed_places(facts: list[Fact]) -> list[str]:
    """Where the facts stand, each place once (a line holding two of them is one)."""
    return list(dict.fromkeys(where for fact in facts for where in fact.places))


def _without(memory: str, gone: Forgotten, *, headings: bool) -> tuple[str, int | None, int]:
    """MEMORY.md without the bullets that state a `gone` fact (each with its continuation
    lines; none of a user's comment over several lines, `memory.commented`), where the
    first of them stood (a correction goes there), and how many lines went. With
    `headings`, a `## Heading` whose every line went goes too."""
    lines = memory.splitlines(keepends=True)
    inside = commented(lines)
    dropped: set[int] = set()
    index = 0
    while index < len(lines):
        fact = is_fact_line(lines[index])
        end = _clipped(inside, index, continued(lines, index)) if fact else index + 1
        # A comment over lines stays whole: a purge masks what is in it (review 20 #4).
        hidden = index in inside
        if fact and not hidden and any(gone.states(_text(line)) for line in lines[index:end]):
            dropped.update(range(index, end))
        index = end
    at = min(dropped) if dropped else None
    removed = len(dropped)
    if headings and dropped:
        dropped |= _emptied(lines, dropped)
    dropped |= _doubled_blanks(lines, dropped)
    kept = [line for n, line in enumerate(lines) if n not in dropped]
    if at is not None:
        at -= sum(1 for n in dropped if n < at)
    text = "".join(kept)
    if dropped and text.endswith("\n\n"):
        text = text.rstrip("\n") + "\n"  # the blank lines a removed last section left
    return text, at, removed


def _text(line: str) -> str:
    """A line of MEMORY.md read with its bytes kept (a purge rewrites a file that is not
    UTF-8 too), as text to compare: a byte that is not UTF-8 read as U+FFFD."""
    return line.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _doubled_blanks(lines: list[str], dropped: set[int]) -> set[int]:
    """The blank line after each run of dropped lines that stood between two blank lines
    (a fact `save` set apart before the first section, a section's only facts): the
    file as if the fact had never been there, one blank line between what it parted."""
    extra: set[int] = set()
    for n in sorted(dropped):
        if n - 1 in dropped or n == 0:
            continue
        end = n
        while end in dropped:
            end += 1
        if end < len(lines) and not lines[end].strip() and not lines[n - 1].strip():
            extra.add(end)
    return extra


def _emptied(lines: list[str], dropped: set[int]) -> set[int]:
    """The `## ` headings (with their blank lines) of the sections that lose lines and
    keep none."""
    gone: set[int] = set()
    starts = [n for n, line in enumerate(lines) if line.startswith("## ")]
    for n in starts:
        end = next((m for m in range(n + 1, len(lines)) if lines[m].startswith("#")), len(lines))
        body = range(n + 1, end)
        lost = any(m in dropped for m in body)
        if lost and all(m in dropped or not lines[m].strip() for m in body):
            gone |= {n, *(m for m in body if not lines[m].strip())}
    return gone


def _lines(path: Path) -> list[str]:
    try:
        return path.read_text(encoding=TEXT_ENCODING, errors="replace").splitlines()
    except (FileNotFoundError, IsADirectoryError):
        return []


def is_fact_line(line: str) -> bool:
    """A line that states something: not blank, a heading or a marker memctl wrote
    (`memory.is_marker`; a user's own HTML comment is text, a `save` may have written a
    fact without a bullet)."""
    text = line.strip()
    return bool(fact_key(text)) and not text.startswith("#") and not is_marker(text)


def purge_needles(ws: Workspace, target: str, facts: list[str]) -> list[str]:
    """What a purge masks: each forgotten fact's text, and a query target itself (a
    thread turn that was no fact holds it too). A `PATH:LINE` target names one fact."""
    return [*facts] if place(target) else [*facts, target]
