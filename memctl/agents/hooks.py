"""Agent hooks: what `memctl hook AGENT` does at each event the agent sends.

The agent (`registry.agent_named`) reads its own input (`Agent.parse_hook`) and says
what each of its events is (`Agent.events`); this module does the same thing for every
agent at each kind of event, and why:

- start: the memory block (MEMORY.md, redacted, cut on a line boundary, with a note to
  use memory_search for the rest) within `memctl.core.memory.CONTEXT_CAP`, header
  included. It reads nothing but MEMORY.md, so it works before any thread exists and
  costs no model call. Not on a resume of an agent that keeps the block in the resumed
  history (`Agent.resume_keeps_context`: Codex), which would add one copy per resume.
- compact: import the transcript, then flush it regardless of the throttle: the agent
  is about to summarise the conversation away, and this is the last moment its facts
  can be extracted from the whole text (the flush-before-compaction guarantee).
- turn: import what was appended, then the per-call flush `memory.flush_trigger`
  allows. An agent with no session-end hook (`Agent.session_end`) also runs the
  maintenance that is due (throttled by consolidation_min_gap), as `memctl call` does
  after a turn.
- end: import, then flush what is left regardless of the throttle and run the
  maintenance that is due. An agent may give such a hook little time (Claude Code:
  1.5 s), so when the memory model is a network model the flush and maintenance go to
  a detached process, whose errors land in the hook log. With the builtin model, a
  maintenance the gap holds back while ledger text waits runs in such a process all
  the same (the gap spaces out model requests: the builtin model sends none), so the
  next session's memory block holds what this one corrected.
- prompt (opt-in): a short ranked recall for the prompt, within memory.prompt_recall_chars
  and memory.prompt_recall_seconds, which bounds each of its steps (the index's update,
  the semantic leg, the ranking: see `memctl.retrieval.recall.recall`); what the budget
  cut short goes to the hook log. Nothing when nothing answers the prompt.

The compact and end events import with the session's last reply as it is, a trailing
batch of tool calls and results included (`ended`): nothing may extend it before the
compaction summarises it away, or after the session ended. A turn's import holds such
a batch back for the next turn (see `import_appended`).

A transcript that is not there is nothing to import (see `_transcripts`). A
transcript is read up to its last newline: a line the agent is still writing waits
for the next hook. Everything a hook does is repeatable: importing adds only entries
the thread lacks, and flush sends only what is past its watermark.
"""

from __future__ import annotations

import functools
import json
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memctl.agents.base import Agent, HookInput
from memctl.agents.registry import agent_named
from memctl.core.config import Config
from memctl.core.errors import MemctlError, UsageError
from memctl.core.hooklog import log_error, log_note
from memctl.core.wording import plural
from memctl.core.workspace import Workspace

if TYPE_CHECKING:
    from memctl.models.interface import Embedder, Models
    from memctl.retrieval.recall import RecallHit

RECALL_LINES = 8
MIN_CUT = 40
"""The fewest characters of a hit worth showing cut (`_fitted`)."""
RECALL_HEADER = "Memory that may bear on this prompt (memctl recall; memory_search finds more):"


# --------------------------------------------------------------------------- recall


def recall(
    ws: Workspace,
    config: Config,
    prompt: str,
    *,
    embedder: Embedder | None = None,
    notes: list[str] | None = None,
    cut_short: list[str] | None = None,
) -> str | None:
    """The memory lines that best answer the prompt (ranked recall: BM25 over MEMORY.md
    and the ledgers, recency breaking near-ties, fused with `embedder`'s ranking when
    there is one), within memory.prompt_recall_chars characters and
    memory.prompt_recall_seconds a step; None when nothing answers it (a record only
    the semantic leg found must be near the prompt: recall's SEMANTIC_FLOOR). The
    session's own conversation is already in the agent's context, so thread logs are
    left out. What recall noted (a long prompt cut, the time budget spent) goes into
    `notes`, and what the budget cut short also into `cut_short`.

    A hit longer than the room left is cut on a word boundary when a useful part of it
    fits (MIN_CUT characters), else passed over for the shorter ones after it."""
    from memctl.retrieval.recall import recall as ranked

    if not prompt.strip():
        return None  # a prompt of nothing asks nothing (recall refuses an empty query)
    budget = config.memory.prompt_recall_chars
    found = ranked(
        ws,
        config,
        prompt,
        limit=RECALL_LINES * 2,
        scope="memory",
        embedder=embedder,
        seconds=config.memory.prompt_recall_seconds,
        explain=embedder is not None,  # each hit's cosine, for `_answering`
    )
    if notes is not None:
        notes.extend(found.notes)
    if cut_short is not None:
        cut_short.extend(found.cut_short)
    lines = [RECALL_HEADER]
    used = len(RECALL_HEADER)
    seen: set[str] = set()
    # The ledger lines a MEMORY.md hit was merged from recall left out (`unmerged`).
    replaced = _replaced(found.hits)
    answering = _answering(ws, prompt, found.terms, found.hits)
    for hit in found.hits:
        text = hit.snippet.lstrip("-* ").strip()
        if id(hit) in replaced:
            continue  # a MEMORY.md hit states it already, as consolidation worded it
        if id(hit) not in answering:
            continue  # ranked by a related word or the question's frame alone
        if not text or text.startswith("#") or text.lower() in seen:
            continue  # MEMORY.md and the ledger it was merged from often say the same
        seen.add(text.lower())
        entry = _fitted(text, hit.label, budget - used - 1)
        if entry is None:
            continue  # a shorter hit after it may fit
        lines.append(entry)
        used += 1 + len(entry)
        if len(lines) > RECALL_LINES:
            break
    return "\n".join(lines) if len(lines) > 1 else None


CHARS_A_WORD = 8
"""Characters of a prompt read for its words that tell nothing (`_untelling`) for each
word recall reads: a thousand words of English fit in about 6,000 characters, a thousand
of Chinese (character pairs, no spaces between) in 1,000."""
NAMING = frozenset(("name", "named", "names", "called"))
"""The words of naming: "what is the new printer called?" asks for a name, and "The load
balancer is called lb-west-2." gives one; neither is about what else is called (the
"on-call rotation")."""


def _answering(ws: Workspace, prompt: str, terms: list[str], hits: list[RecallHit]) -> set[int]:
    """The hits (ids) that may answer the prompt: those whose text holds one of the
    prompt's topic words as itself or its stem (as the word index reads both: "deploys"
    is "deploy"), and a ledger line right after such a hit in its ledger block (or after
    a ledger line such a MEMORY.md hit was merged from): the reply that says the value
    ("Guess who's a sound technician at Dundee Rep." / "Started on 2025-05-12!"), lent
    its score by the line before it as recall lends a turn its neighbour's.

    Recall ranks what matches nothing better than nothing: a word the thesaurus relates
    ("send" reaches "move" and "call"), a neighbour line's score, the semantic leg's
    nearest. The agent's prompt shares no word with such a fact ("how many requests per
    minute can we send?" / "We moved the retro to Thursdays."), and injecting it into
    every prompt is noise the agent cannot tell from memory that answers (audit 11 #7).
    The topic words are the prompt's terms but those of its frame, which say what kind
    of answer it asks for, not what about: the degree word of a "how" question ("how
    many", "how long": `focus_of`), the words of naming (NAMING) and the verb of a "what
    do we use" question (`frame_verbs`: "use", "run"), and the words that are no topic
    in the prompt's own language (`_untelling`: "das", "期是"). Such a word counts
    beside a topic word, never alone; a prompt of nothing but them has them as its
    topic. A hit must hold a topic word that tells (`_telling`): one that is not among
    the memory's most common words, when the prompt has such a word ("new" of "What is
    the new printer called?" is in dozens of records; "printer" in none). With an
    embedder, a hit the semantic leg found near the prompt (`_near`) may answer it in
    other words. `memctl recall` and memory_search still rank by related words: there
    the caller sees each hit's score and source."""
    from memctl.models.language import plain
    from memctl.retrieval.index.postings import query_tokens, tokenize
    from memctl.retrieval.index.store import as_words
    from memctl.retrieval.recall import focus_of, frame_verbs

    _, degrees = focus_of(prompt)
    frame = degrees | NAMING | frame_verbs(prompt) | _untelling(prompt)
    topic = [term for term in terms if term not in frame and plain(term) not in frame] or terms
    wanted = {token for tokens in query_tokens(topic) for token in tokens}
    telling, common = _telling(ws, wanted, prompt)
    rows = [(n, as_words(hit.snippet), "") for n, hit in enumerate(hits, 1)]
    held = tokenize(rows)
    holding = {doc - 1 for term, doc, *_ in held if term in telling}
    if not holding and common:  # what memory lacks was asked of a name it holds ("postgres")
        # Only now: the dictionary is loaded for it, which a prompt answered by a word
        # that tells need not pay.
        unknown = {token for tokens in query_tokens(sorted(_unknown(prompt))) for token in tokens}
        holding = {doc - 1 for term, doc, *_ in held if term in unknown & common}
    answering = {id(hits[n]) for n in holding}
    lines = [(hit.path, hit.line) for n in holding if (hit := hits[n]).line is not None]
    bullets = [line for path, line in lines if path == "MEMORY.md"]
    if bullets:
        # A MEMORY.md hit stands for the ledger lines it was merged from, which recall
        # leaves out beside it (`unmerged`): the line after them is the reply too.
        from memctl.retrieval.recall import merged_lines

        lines += merged_lines(ws, bullets)
    after = {(path, line + 1) for path, line in lines}
    # The next line of a ledger is the next fact of its block (a block's last line is
    # followed by a blank line); MEMORY.md's next bullet may be of anything.
    answering |= {
        id(hit) for hit in hits if hit.path.startswith("memory/") and (hit.path, hit.line) in after
    }
    return answering | {id(hit) for hit in hits if _near(hit)}


def _untelling(prompt: str) -> frozenset[str]:
    """The prompt's words that are no topic in its own language (`memctl.models.language`):
    a German, French or Spanish prompt's function words ("wer leitet das Team" was
    answered by "Das Wetter in Berlin ..." on "das", audit 17 L4), and a Chinese
    prompt's character pairs that straddle a word boundary or ask ("期是", "什么", "时候"
    of "截止日期是什么时候": "期是" is in "项目截止日期是3月10日" alone, which was then the
    only line given, not "截止日期改到3月20日", audit 17 H6). Like the frame's words they
    count beside a topic word, never alone. Read as far as recall reads a prompt (its
    first MAX_QUERY_TERMS words: CHARS_A_WORD characters each)."""
    from memctl.models.language import cjk_pairs, function_words
    from memctl.retrieval.recall import MAX_QUERY_TERMS

    read = prompt[: MAX_QUERY_TERMS * CHARS_A_WORD]
    return function_words(read) | cjk_pairs(read)[1]


def _telling(ws: Workspace, wanted: set[str], prompt: str) -> tuple[set[str], set[str]]:
    """The topic words (index tokens) of `wanted` that tell what the prompt is about: all
    but those among the memory's most common words, which more records' text holds
    than the square root of the records counted (document frequencies over the live
    records, not the dropped copies of a rewritten MEMORY.md's lines; thread turns
    too, though the hook reads memory: the threads are the wider sample of the words
    the workspace uses, and counted over memory alone "new" told in heldout8's
    workspace, 8 more lines for the bench's unrelated prompts, bench/README.md
    fixreview18a): a word's idf, log(N/df), is then under half of that
    of a word said once (log N), and it tells less than half as much. A word no record
    holds tells (what the prompt asks about that memory lacks: "printer") when it is a
    word and not a token of one or two letters ("db" of "which db does staging use",
    "us" of "use", which say too little to veto every hit), and so does
    a name or an identifier the prompt writes (recall's `named_terms`: "Theo", "db3"),
    which is in many records because its person says much, not because it is vague,
    and the question's subject (`subject_of`: "redis" of "which redis version do we
    run", which recall weighs as its strongest word however common). When none tells,
    all do: a prompt of common words is answered by them. The index unreadable, all do.

    Second, the common words of `wanted`, of which `_answering` takes those no
    dictionary has (`_unknown`): a tool or a name written in lower case, which tell
    when no hit holds a word of the first ("postgres" of "what port does postgres
    use?" in a memory whose every line is of Postgres and none says "port"; review 18
    #1). Not beside them: "which port does
    postgres listen on?" is answered by the line that says "listens", not by every
    line of Postgres. Not as the first: the table of words is WordNet's first two
    senses, which lack many an English word ("unrelated")."""
    import sqlite3

    from memctl.retrieval.index import read_only
    from memctl.retrieval.index.postings import query_tokens, text_frequencies
    from memctl.retrieval.recall import named_terms, subject_of

    try:
        conn = read_only(ws)
        try:
            records, frequencies = text_frequencies(conn, wanted)
        finally:
            conn.close()
    except sqlite3.Error:
        return wanted, set()
    asked = named_terms(prompt) | subject_of(prompt)
    named = {token for tokens in query_tokens(sorted(asked)) for token in tokens}
    common = records**0.5
    telling = {
        token
        for token in wanted
        if token in named
        or (frequencies[token] <= common and (frequencies[token] or len(token) > 2))
    }
    if not telling:
        return wanted, set()
    return telling, wanted - telling


def _unknown(prompt: str) -> set[str]:
    """The prompt's words no dictionary has (WordNet, as `subject_of` tells a name): a
    tool or a place written in lower case ("postgres" of "what port does postgres
    use?"), a name as much as "Theo" is."""
    import re

    from memctl.retrieval.recall import english

    return {word for word in re.findall(r"[^\W\d_]{2,}", prompt.lower()) if not english(word)}


def _near(hit: RecallHit) -> bool:
    """Whether the semantic leg found the hit near the prompt: a cosine of at least
    recall's SEMANTIC_FLOOR, the least at which recall keeps a record only the leg found
    ("which vehicle was purchased?" / "Dana bought a new automobile"). A hit of a
    thesaurus word the leg found far from the prompt (audit 11 #7: cosines 0.05 and
    below) is not."""
    from memctl.retrieval.recall import SEMANTIC_FLOOR

    fusion = (hit.explain or {}).get("fusion") or {}
    cosine = (fusion.get("semantic") or {}).get("cosine")
    return isinstance(cosine, float) and cosine >= SEMANTIC_FLOOR


def _replaced(hits: list[RecallHit]) -> set[int]:
    """The ledger hits (ids) whose value a MEMORY.md hit among `hits` replaced: what
    consolidation kept is current ("We upgraded the cache cluster to Redis 7.2"), and a
    ledger line it superseded ("We run Redis 6.2 on the cache cluster") beside it would
    give the agent two versions, neither marked (memctl.models.supersede reads them)."""
    bullets = [hit.snippet.lstrip("-* ").strip() for hit in hits if hit.path == "MEMORY.md"]
    lines = [hit for hit in hits if hit.path != "MEMORY.md" and hit.kind == "memory"]
    if not bullets or not lines:
        return set()
    from memctl.models.supersede import replaced_by

    texts = [hit.snippet.lstrip("-* ").strip() for hit in lines]
    return {id(lines[old]) for old in replaced_by(texts, bullets)}


def _fitted(text: str, source: str, room: int) -> str | None:
    """The hit's line within `room` characters: whole, or cut on a word boundary with an
    ellipsis when MIN_CUT characters of it or more fit; else None."""
    entry = f"- {text} ({source})"
    if len(entry) <= room:
        return entry
    keep = room - len(f"- … ({source})")
    if keep < MIN_CUT:
        return None
    space = text.rfind(" ", 0, keep + 1)  # the last space within the room, or at its end
    cut = text[:space].rstrip(" ,;:")
    if space < 0 or len(cut) < MIN_CUT:
        return None
    return f"- {cut}… ({source})"


# --------------------------------------------------------------------------- running


@dataclass
class HookResult:
    """What one hook did, for its output, `-v` and the hook log."""

    agent: str
    event: str
    session: str | None
    threads: list[str] = field(default_factory=list)
    imported: int = 0
    flushed_facts: int = 0
    flush_skipped: str | None = None
    maintained: str | None = None
    maintenance_skipped: str | None = None
    """Why its maintenance did not run (another run holds the lock, the gap since the
    last is not past): a note in the hook log, never on stdout, which the agent reads."""
    flush_deferred: str | None = None
    """What a turn's flush left for the next one, its time budget spent (hook log)."""
    detached: bool = False
    context: str | None = None
    """Text for the agent's context (`start` and `prompt` events), None otherwise."""
    memory_truncated: bool = False
    errors: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    """What the prompt's recall noted: a long prompt cut, its time budget spent."""
    cut_short: list[str] = field(default_factory=list)
    """What the prompt's time budget cut short (kept in the hook log)."""

    def summary(self) -> str:
        """One line saying what the hook did (`memctl -v hook ...` prints it)."""
        done = [f"{self.event}"]
        if self.threads:
            imported = plural(self.imported, "entry", "entries")
            done.append(f"imported {imported} into {', '.join(self.threads)}")
        if self.flushed_facts or self.flush_skipped:
            done.append(
                f"flush: {plural(self.flushed_facts, 'fact')}"
                + (f" ({self.flush_skipped})" if self.flush_skipped else "")
            )
        if self.maintained:
            done.append(f"maintain: {self.maintained}")
        if self.detached:
            done.append("flush and maintenance detached")
        if self.context is not None:
            cut = ", MEMORY.md cut to fit" if self.memory_truncated else ""
            done.append(f"context: {len(self.context):,} chars{cut}")
        done.extend(self.notes)
        return "; ".join(done)


def run_hook(ws: Workspace, config: Config, hook: HookInput) -> HookResult:
    """Do what `hook.event` calls for. A failing step is recorded in `errors` (and the
    hook log) and the next step still runs: a bad transcript must not stop the memory
    block, nor a model outage the import. The hook's models are resolved once, on first
    use: an event that sends nothing builds none, nor imports what builds them (a Stop
    with nothing new)."""
    models = _models_of(ws, config)
    result = HookResult(hook.agent, hook.event, hook.session_id)
    agent = agent_named(hook.agent)
    action = agent.events.get(hook.event)
    if action == "start":
        if not (hook.source == "resume" and agent.resume_keeps_context):
            _step(result, lambda: _session_start(ws, config, result))
    elif action == "prompt":
        if hook.prompt:
            _step(result, lambda: _set_recall(ws, config, models, hook.prompt or "", result))
    elif action is not None:
        ended = action in ("compact", "end")
        # At a turn's end and before a compaction the transcript is the session's, written
        # before the hook runs: one that is not there is an error to record.
        needed = action in ("turn", "compact")
        _step(result, lambda: _import(ws, agent, hook, result, ended=ended, turn=needed))
        if action == "turn":
            _step(result, lambda: _flush(ws, config, models, result, auto=True))
            if not agent.session_end:  # no session-end hook to maintain at
                _step(result, lambda: _maintain(ws, config, models, result))
        elif action == "compact":
            _step(result, lambda: _flush(ws, config, models, result, auto=False))
        elif _network_model(config):
            _step(result, lambda: _detach(ws, result))
        else:
            _step(result, lambda: _flush(ws, config, models, result, auto=False))
            _step(result, lambda: _maintain(ws, config, models, result, ending=True))
    for error in result.errors:
        log_error(ws.root, hook.agent, hook.event, hook.session_id, error)
    for note in result.cut_short:
        log_error(ws.root, hook.agent, hook.event, hook.session_id, f"recall: {note}")
    if result.maintenance_skipped:
        log_note(ws.root, hook.agent, hook.event, hook.session_id, result.maintenance_skipped)
    if result.flush_deferred:
        log_note(ws.root, hook.agent, hook.event, hook.session_id, result.flush_deferred)
    return result


def _models_of(ws: Workspace, config: Config) -> Callable[[], Models]:
    """The run's models, resolved at the first call."""

    @functools.cache
    def models() -> Models:
        from memctl.models.resolve import resolve_models

        return resolve_models(ws, config)

    return models


def _step(result: HookResult, action: Any) -> None:
    try:
        action()
    except MemctlError as exc:
        result.errors.append(str(exc))


def _session_start(ws: Workspace, config: Config, result: HookResult) -> None:
    from memctl.core.memory import memory_block  # SessionStart's alone

    block = memory_block(ws, config)
    result.context = block.text
    result.memory_truncated = block.truncated


def _set_recall(
    ws: Workspace, config: Config, models: Callable[[], Models], prompt: str, result: HookResult
) -> None:
    """The prompt's recall, BM25 fused with the configured embedder, except WordLlama
    under `recall.semantic: auto`: loading it costs a second or more (130 MB) in a
    process that lives for one prompt, which every prompt of the agent would wait for.
    `recall.semantic: on` asks for it here too; `memctl recall` and the MCP server (which
    loads it once for its life) use it under auto."""
    from memctl.models.semantic import NAME, embedder_name

    # Named before it is built: a prompt BM25 ranks alone resolves no model (nor
    # imports what resolves them).
    named = embedder_name(config)
    embedder = None
    if named is not None and not (named == NAME and config.recall.semantic == "auto"):
        embedder = models().embedder()
    result.context = recall(
        ws, config, prompt, embedder=embedder, notes=result.notes, cut_short=result.cut_short
    )


def _transcripts(agent: Agent, hook: HookInput) -> list[Path]:
    """The transcript files the hook names, or that the agent finds for it, that exist.

    A transcript that is not there is nothing to import, not an error: Claude Code
    2.1.332 sends SubagentStop for its /compact subagent with an
    `agent_transcript_path` it never writes, a session closed before its first prompt
    has no file yet, and `codex exec --ephemeral` writes no rollout."""
    found: Path | None = None
    if hook.transcript_path:
        found = Path(hook.transcript_path)
    elif hook.session_id:
        found = agent.session_transcript(hook.session_id)
        if found is None:
            return []
    if found is None:
        raise UsageError(f"{hook.event}: the hook input names no transcript_path")
    if hook.agent_transcript_path:
        paths = [found, Path(hook.agent_transcript_path)]
    else:
        paths = [found, *agent.related_transcripts(hook, found)]
    return [path for path in paths if path.expanduser().is_file()]


TRANSCRIPT_WAIT_SECONDS = 3.0
"""How long a Stop or PreCompact waits for the transcript it names to appear: Claude Code
2.1.197 runs its first Stop hook of a session before it has written the session's file
(2.1.332 writes it first), and a turn unimported is a fact not flushed until the session
ends."""


def _arrived(path: Path) -> bool:
    """Whether `path` is a file, once it is there or `TRANSCRIPT_WAIT_SECONDS` have
    passed (a name that is there as something else is answered at once)."""
    deadline = time.monotonic() + TRANSCRIPT_WAIT_SECONDS
    while not path.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    return path.is_file()


def _import(
    ws: Workspace,
    agent: Agent,
    hook: HookInput,
    result: HookResult,
    *,
    ended: bool = False,
    turn: bool = False,
) -> None:
    """Import what the hook's transcripts gained. At the end of a turn (`turn`: Stop)
    and before a compaction (PreCompact) the transcript the input names is the
    session's, written before the hook runs: one that is not there (or not a file) is
    recorded (the hook log, `status`), else every turn of the session goes unimported
    without a word; at other events (a SubagentStop's subagent file, a session closed
    before its first prompt) a missing file is nothing to do."""
    named = hook.transcript_path
    if turn and named and not hook.agent_transcript_path:
        path = Path(named).expanduser()
        if not _arrived(path):
            why = (
                "is a folder, not a file"
                if path.is_dir()
                else "is not a regular file"
                if path.exists()
                else "is not there"
            )
            raise MemctlError(f"{hook.event}: the transcript {named} {why}; nothing imported")
    for path in _transcripts(agent, hook):
        imported = import_appended(ws, path, agent.transcripts.name, ended=ended)
        if imported is None:
            continue
        thread, count = imported
        if thread not in result.threads:
            result.threads.append(thread)
        result.imported += count


def import_appended(
    ws: Workspace, path: Path, fmt: str, *, ended: bool = False
) -> tuple[str, int] | None:
    """Import what the transcript gained since the last hook (the importer keeps the
    byte offset it read up to, so a long session is not read again); None when it
    names no thread yet or is one the importer passes over (a warm-up agent). The
    events that import come at the end of a turn, so the last reply is complete
    (`final`), but for a trailing batch of tool calls (a SubagentStop comes while the
    main session's batch is still running); `ended` (PreCompact, SessionEnd) takes that
    too, as `thread import` of a finished file does. A torn last line still waits for
    the next hook."""
    from memctl.agents.imports import import_source

    done = import_source(ws, path.expanduser(), fmt=fmt, final=True, ended=ended)
    if done.skipped or not done.thread:
        return None
    return done.thread, done.imported


def _flush(
    ws: Workspace, config: Config, models: Callable[[], Models], result: HookResult, *, auto: bool
) -> None:
    from memctl.core.state import watermark_place
    from memctl.core.threads import count_entries, log_stamp, thread_path

    # A Stop that added nothing must not pay for the flush's start (its lock, state and
    # model). A log whose stat is the one flush recorded when it flushed it to its end
    # holds nothing new (flush's own test); any other has its lines counted (no parse),
    # from the watermark's place only the new ones.
    state = ws.read_state()
    threads = []
    for thread in result.threads:
        record, path = state.threads.get(thread), thread_path(ws, thread)
        if record is not None and record.stamp is not None and record.stamp == log_stamp(path):
            continue
        if count_entries(path, watermark_place(record)) > state.flushed(thread):
            threads.append(thread)
    if not threads:
        return
    if not auto and not config.memory.hooks:
        result.flush_skipped = "memory.hooks is false"
        return
    if not auto and config.memory.flush_trigger.kind == "never":
        result.flush_skipped = "memory.flush_trigger is never"
        return
    from memctl.pipeline.flush import flush

    # A turn's flush (Stop) has a time budget: the agent waits for the hook, and the
    # first Stop on a long session's backlog took minutes. The rest waits for the next
    # Stop (or SessionEnd, PreCompact: they flush all of it, before it is lost).
    deadline = time.monotonic() + TURN_FLUSH_SECONDS if auto else None
    done = flush(ws, config, models().memory(), threads=threads, auto=auto, deadline=deadline)
    result.flushed_facts += sum(item.facts for item in done.threads)
    result.flush_skipped = done.skipped
    if done.deferred:
        result.flush_deferred = (
            f"flush: its {TURN_FLUSH_SECONDS:g} s budget spent; "
            f"{plural(done.deferred, 'entry', 'entries')} left for the next hook"
        )


TURN_FLUSH_SECONDS = 30.0
"""How long a turn's flush (Stop) sends requests for: it stops starting new ones after
this, and later Stops go on where it left off."""


def _maintain(
    ws: Workspace,
    config: Config,
    models: Callable[[], Models],
    result: HookResult,
    *,
    ending: bool = False,
    gap: bool = True,
) -> None:
    """The maintenance that is due. `ending` (a SessionEnd's, with the builtin model):
    one the gap holds back while ledger text waits to be merged runs all the same, in a
    process of its own (`finish_maintenance`), so a correction this session made is in
    the next session's memory block, not half an hour later (audit 15 H6). The gap
    spaces out model requests, and the builtin model sends none; the process keeps the
    consolidation's second or so out of the agent's SessionEnd budget (Claude Code:
    1.5 s). `gap` off: the gap does not hold the run back (that process's)."""
    from memctl.agents.export import after_merge, refresh_after_sync
    from memctl.pipeline.consolidate import new_daily_text
    from memctl.pipeline.maintain import HOOKS_OFF, THROTTLED, maintain

    done = maintain(ws, config, models().memory(), retry_failed=False, gap=gap)
    refresh_after_sync(ws, config, done.sync)  # a forget its sync brought: the exports too
    after_merge(ws, config, done.consolidate)  # a block memctl exported follows MEMORY.md
    if (
        ending
        and (done.skipped or "").startswith(THROTTLED)
        and config.memory_model.is_builtin
        and new_daily_text(ws, ws.read_state())
    ):
        _spawn("finish_maintenance", str(ws.root), result.agent)
        result.maintained = "detached: the gap waived (the builtin model sends no request)"
        return
    result.maintained = done.status if done.status != "skipped" else f"skipped: {done.skipped}"
    if done.status == "skipped" and done.skipped != HOOKS_OFF:
        result.maintenance_skipped = f"maintenance skipped: {done.skipped}"
    if done.error:
        raise UsageError(f"maintain: {done.error}")


def _network_model(config: Config) -> bool:
    return not config.memory_model.is_builtin


def _detach(ws: Workspace, result: HookResult) -> None:
    """Run the slow part of SessionEnd in a process of its own session, so the agent's
    exit (which kills the hook's process group) does not cut it short."""
    if not result.threads:
        return
    _spawn("finish_session", str(ws.root), result.agent, *result.threads)
    result.detached = True


def _spawn(function: str, *args: str) -> None:
    """Run `function` of this module with `args` in a process of its own session (the
    agent's exit kills the hook's process group)."""
    import subprocess  # SessionEnd's alone: not every prompt's start-up

    code = f"import sys; from memctl.agents.hooks import {function}; {function}(*sys.argv[1:])"
    try:
        subprocess.Popen(
            [sys.executable, "-c", code, *args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
            close_fds=True,
        )
    except OSError as exc:
        raise UsageError(f"cannot start the detached {function}: {exc.strerror}") from None


def finish_session(root: str, agent: str, *threads: str) -> None:
    """The detached half of SessionEnd: flush the session's threads, then maintenance.
    Every error goes to the hook log, where `memctl status` shows it."""
    from memctl.core.config import load_config

    path = Path(root)
    result = HookResult(agent, "SessionEnd", None, threads=list(threads))
    try:
        config = load_config(path / "memctl.yaml", os.environ.get("MEMCTL_MODEL") or None)
        ws = Workspace(path, config.timezone)
        models = _models_of(ws, config)
        _step(result, lambda: _flush(ws, config, models, result, auto=False))
        _step(result, lambda: _maintain(ws, config, models, result))
    except MemctlError as exc:
        result.errors.append(str(exc))
    except Exception as exc:  # a detached process has no one else to tell
        result.errors.append(f"internal error: {type(exc).__name__}: {exc}")
    for error in result.errors:
        log_error(path, agent, "SessionEnd (detached)", None, error)
    if result.maintenance_skipped:
        log_note(path, agent, "SessionEnd (detached)", None, result.maintenance_skipped)


def finish_maintenance(root: str, agent: str) -> None:
    """The detached maintenance of a SessionEnd the gap held back (`_maintain`'s
    `ending`): with the gap waived, errors and notes to the hook log."""
    from memctl.core.config import load_config

    path = Path(root)
    result = HookResult(agent, "SessionEnd", None)
    try:
        config = load_config(path / "memctl.yaml", os.environ.get("MEMCTL_MODEL") or None)
        ws = Workspace(path, config.timezone)
        models = _models_of(ws, config)
        _step(result, lambda: _maintain(ws, config, models, result, gap=False))
    except MemctlError as exc:
        result.errors.append(str(exc))
    except Exception as exc:  # a detached process has no one else to tell
        result.errors.append(f"internal error: {type(exc).__name__}: {exc}")
    for error in result.errors:
        log_error(path, agent, "SessionEnd (detached)", None, error)
    if result.maintenance_skipped:
        log_note(path, agent, "SessionEnd (detached)", None, result.maintenance_skipped)


# --------------------------------------------------------------------------- output


def hook_output(hook: HookInput, result: HookResult, fmt: str) -> str:
    """What the hook prints on stdout. `json`: `hookSpecificOutput.additionalContext`
    for the events that inject context; `text`: the context as plain stdout. With no
    context, what the agent expects then (`Agent.empty_answer`)."""
    if result.context is None:
        return agent_named(hook.agent).empty_answer(hook)
    if fmt == "text":
        return result.context
    return json.dumps(
        {
            "hookSpecificOutput": {
                "hookEventName": hook.event,
                "additionalContext": result.context,
            }
        },
        ensure_ascii=False,
    )
