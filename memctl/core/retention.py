"""What a compaction must not lose: the identifiers and commitments of a text.

A summary is written by a model, and models drop exactly what an agent needs later: the
path it was editing, the ticket it was fixing, the 512 MB limit it agreed on, the task
it promised to do next (Codex #14589: 0 of 5 such facts left after two compactions).
These are cheap to recognise without a model, so before a compaction replaces a prefix
`retain` lists them (`extract_keepers`), checks each against the summary and the daily
ledgers, and appends whatever neither holds to the summary as a `Kept:` list, newest
first, within the summary's budget. It counts what it checked, found, kept and had to
drop, so a lost fact is never a silent one.

Pure functions of text (no model, no workspace), so the bench and any other stage can
use them: `compact` reads the ledgers and hands their text in.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from memctl.core.said import MONTHS
from memctl.core.threads import without_call_echoes
from memctl.core.wording import plural

KINDS = ("url", "path", "host", "id", "ref", "number", "version", "decision", "task")
"""What is recognised: `host` a dotted machine or domain name (build-2.internal,
db.example.com), `id` a UUID, a hex id (a commit, an address), a ticket key (ABC-123)
or a thing's number (job 9002, build 4411), `ref` a PR or issue number (#123), `number`
a number with its unit, a date or a time; `decision` and `task` are the clause that
commits to something."""

KEPT_HEADER = "Kept:"
LINE_CHARS = 220
"""A kept line is the sentence the fact was said in, cut around the fact to this size."""
CLAUSE_CHARS = 160
PER_MESSAGE = 8
"""At most this many facts of a message (an earlier summary aside) go under `Kept:`: a
paste is not a list of commitments, and would crowd the summary out of its own budget.
Past them, a fact neither the summary nor the ledger holds is dropped and named
(`Retention.dropped_list`), never lost unsaid."""
CHECKED_PER_MESSAGE = 64
"""At most this many facts of a message (an earlier summary aside) are checked: a pasted
log of a megabyte holds some 30,000 identifiers, and checking them all took 30 seconds of
a compaction. The rest of such a message is not read, and `Retention.skipped_list` says
so."""
MATCH_SHARE = 0.75
"""A decision or a task is in a text when this share of its content words is, so that a
summary that rephrases it ("chose Postgres 16 for billing") counts."""

NEAR_CHARS = 80
"""How far before an id's number its word may be ("jobs 9001, 9002, 9003"), or a PR's
number its "pull request"."""

_TRAIL = ".,;:!?)]}>'\"`"
_URL = re.compile(r"\bhttps?://[^\s<>\"'`]+", re.IGNORECASE)
_UUID = re.compile(r"\b[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}\b")
_EXT = (
    r"py|pyi|js|mjs|ts|tsx|jsx|go|rs|java|kt|rb|php|swift|c|h|cc|cpp|hpp|cs|md|rst|txt|"
    r"json|jsonl|ya?ml|toml|ini|cfg|conf|env|sh|bash|zsh|ps1|sql|csv|tsv|html|css|scss|"
    r"xml|proto|tf|lock|log|ipynb|dockerfile|gradle|vue|svelte"
)
_PATH = re.compile(
    rf"""(?<![\w/.~@:-])(?:
        (?:~|\.{{1,2}})?/[\w.@+-]+(?:/[\w.@+-]+)*/?     # /abs, ~/home, ./rel
      | [\w.@+-]+(?:/[\w.@+-]+){{2,}}/?                  # a/b/c
      | [\w.@+-]+/[\w@+-]+(?:\.[\w-]+)*\.(?:{_EXT})\b   # dir/file.ext
      | [\w-]+(?:\.[\w-]+)*\.(?:{_EXT})\b               # file.ext
    )""",
    re.VERBOSE | re.IGNORECASE,
)
_HOST = re.compile(
    r"(?<![\w.@/-])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z][a-z0-9-]*[a-z0-9](?![\w-]|\.\w|\()"
)
"""A dotted name in lower case whose last label is a word of two or more (a host, a
domain): not "e.g." or "a.m." (one-letter labels), "1.2.3" (a version), nor
"os.path.join(" (a call); a file name is a path, read before it."""
_NUMBERED = re.compile(
    r"(?<![\w#$€£.-])(?P<word>[A-Za-z][a-z]+) (?P<number>\d{3,9})(?![\w:%/-]|[.,]\d)"
)
"""A thing and its number ("job 9002", "build 4411", "port 8443"): three digits or more,
so "step 3" and "at 10" are none; a number with a unit, a date or a time is a `number`
(read before it), and a year after a month or "since" is no id (`_NOT_NUMBERED`)."""
_NOT_NUMBERED = frozenset(
    {month.casefold() for month in MONTHS}
    | {month[:3].casefold() for month in MONTHS}
    | {"sept", "since", "until", "till", "before", "after", "year", "years", "circa"}
    | {"around", "from", "between", "through"}
)
_TICKET = re.compile(r"\b[A-Z][A-Z0-9]{1,9}-\d{1,6}\b")
_NOT_TICKETS = frozenset({"UTF", "SHA", "ISO", "GPT", "COVID", "MP", "IPV", "TLS", "SSL"})
_HEX = re.compile(
    r"\b0x[0-9a-fA-F]{4,}\b"
    r"|\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,64}\b"
    r"|\b(?=[0-9A-F]*\d)(?=[0-9A-F]*[A-F])[0-9A-F]{7,64}\b"
)
_REF = re.compile(
    r"(?:\b(?:PR|MR|pull request|issue|ticket|bug)\s*#?\s*|(?<![\w&#])#)(\d{1,7})\b",
    re.IGNORECASE,
)
_UNITS = (
    r"%|ms|µs|us|ns|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|weeks?|months?|"
    r"years?|[KMGTP]i?B|[kmgt]b|bytes?|B|px|rpm|rps|qps|req/s|tokens?|k|K|M|USD|EUR|GBP|"
    r"dollars?|euros?|GHz|MHz|cores?|v?CPUs?|GPUs?|replicas?|nodes?|pods?|instances?|"
    r"servers?|shards?|users?|customers?|seats?|retries|attempts|workers?|threads?|"
    r"connections?|rows?|records?|requests?|calls?|lines?|files?|tests?|steps?|points?|"
    r"people|engineers?|km|kg|°C|°F"
)
_NUMBER = re.compile(
    r"\b\d{4}-\d{2}-\d{2}(?:[T ]\d{1,2}:\d{2})?\b"
    r"|\b\d{1,2}:\d{2}(?:\s?[ap]\.?m\.?)?(?![\w:])"
    r"|[$€£]\s?\d[\d,]*(?:\.\d+)?(?:\s?[kKmMbB]n?\b)?"
    rf"|(?<![\w.$€£])\d[\d,]*(?:\.\d+)?\s?(?:{_UNITS})(?![\w/])",
)
_VERSION = re.compile(
    r"(?<![\w.])v\d+(?:\.\d+)*(?:[-+][\w.]+)?\b"
    r"|(?<![\w.])\d+\.\d+\.\d+(?:[-+][\w.]+)?\b"
    r"|\b[A-Z][A-Za-z+#]+ \d+\.\d+(?:\.\d+)*\b"
)
_DECISION = re.compile(
    r"""\b(?:
        we(?:'ve|\ have)?\ (?:\w+\ )?decided | decided\ (?:to|on|that|against) | decision\s*:
      | let'?s\ (?:use|go\ with|switch|keep|stick|move|adopt|pin)
      | let\ us\ (?:use|go\ with|switch|keep)
      | we(?:'ll|\ will|'re\ going\ to|\ are\ going\ to|\ should)\ (?:use|go\ with|switch|adopt|keep|stick|move|pin)
      | going\ with | agreed\ (?:to|on|that) | settled\ on | we\ chose | opted\ for | plan\ is\ to
      | \b(?:ok(?:ay)?|fine|alright|so|then),?\ \S+(?:\ \S+)?\ it\ is\b      # "ok, Valkey it is"
    )""",
    re.VERBOSE | re.IGNORECASE,
)
_TASK = re.compile(
    r"""(?:\bTODO\b|\bFIXME\b
      | \bI(?:'ll|\ will|\ am\ going\ to|'m\ going\ to)\ (?!be\ (?:happy|glad))\w+
      | \bnext\s*(?:step\s*)?: | \bnext\ step | \baction\ items? | \bremind\ me
      | \bfollow[- ]up\b | \bstill\ (?:need|have)\ to | \bwe\ (?:still\ )?need\ to
      | \bwe(?:'ll|\ will)\ (?:need|have)\ to | \bdon'?t\ forget | \bmake\ sure\ to
    )""",
    re.VERBOSE | re.IGNORECASE,
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[^\s])|\n+")
_MARKED = re.compile(r"^\s*(?:[-*]\s*)?\[(\w+)\]:?\s*(.*)$")
_WORD = re.compile(r"[a-z0-9]+(?:['’][a-z]+)?")
_STOP_WORDS = """a an the and or but to of in on at for with from by as is are was were be
been it its this that these those we i you they he she our my your their us me them will
shall would should could can may might must do does did done have has had not no so then
than into onto about over under up down out off also just now use using used let let's
lets going go ll ve re next step todo fixme need needs still make sure decided decide
decision agreed settled chose opted plan what which who"""
_STOP = frozenset(_STOP_WORDS.split())
_SPACE_BEFORE_UNIT = re.compile(rf"(\d)\s+(?=(?:{_UNITS})(?![\w/]))", re.IGNORECASE)


@dataclass(frozen=True)
class Keeper:
    """One identifier or commitment of a text, and where it was said."""

    kind: str
    value: str
    """The identifier as written, or for a decision or a task the clause from its verb on."""
    role: str
    sentence: str
    order: tuple[int, int]
    """(item, sentence) it came from: a larger one is more recent."""
    spare: bool = False
    """Said past its message's first PER_MESSAGE facts (and nowhere within them): checked,
    and dropped rather than kept when neither the summary nor the ledger holds it."""


@dataclass
class Retention:
    """What a compaction checked in the prefix it replaced, and where each fact went."""

    checked: int = 0
    """Distinct identifiers and commitments found in the summarised messages."""
    in_summary: int = 0
    """Of those, already in the model's summary."""
    in_ledger: int = 0
    """Not in the summary but already in a daily ledger (memory/*.md)."""
    kept: int = 0
    """Neither: appended to the summary in its `Kept:` list."""
    dropped: int = 0
    """Neither, and no room left in the summary's budget, or past its message's
    PER_MESSAGE facts: lost from the context."""
    kept_list: list[str] = field(default_factory=list)
    """The lines appended under `Kept:`, newest first (each `[role] sentence`)."""
    dropped_list: list[str] = field(default_factory=list)
    """What could not be kept, as `kind: value`."""
    skipped: int = 0
    """Messages read only up to their CHECKED_PER_MESSAGE-th fact: what the rest says
    was not checked, and may be lost."""
    skipped_list: list[str] = field(default_factory=list)
    """Each such message, `[role] message N ("its first words…"): S sentences after its
    Mth fact not read` (N counts the summarised messages from 1; the words say which
    message it is, review34 F8)."""


@dataclass
class Extracted:
    """What `extract_keepers` found in a text, and the messages it did not read whole."""

    keepers: list[Keeper]
    """Newest first, each once."""
    skipped: list[str] = field(default_factory=list)
    """`Retention.skipped_list`."""


# --------------------------------------------------------------------------- extraction


def sentences_of(items: Iterable[tuple[str, str]]) -> list[tuple[str, str, tuple[int, int]]]:
    """(role, sentence, order) of each sentence; a line `[role] text` of an earlier
    summary (its points, its Kept list) is read as said by that role. Tool calls'
    echoes are left out."""
    out = []
    for position, (role, text) in enumerate(items):
        count = 0
        if role in ("assistant", "summary"):
            # What was said, not the echo of a tool call (`[tool_call: shell({"cmd": ...})]`,
            # or an older summary's `Kept:` line of one): a command line is no commitment.
            text = "\n".join(without_call_echoes(line) for line in text.splitlines())
        for raw in _SENTENCE.split(text):
            said_by, sentence = role, " ".join(raw.split()).removeprefix("Earlier: ")
            if role == "summary" and (marked := _MARKED.match(sentence)):
                said_by, sentence = marked.group(1).lower(), marked.group(2).strip()
            sentence = sentence.strip()
            if sentence and sentence != KEPT_HEADER:
                out.append((said_by, sentence, (position, count)))
                count += 1
    return out


def extract_keepers(items: Iterable[tuple[str, str]]) -> Extracted:
    """The identifiers and commitments of (role, text) items, newest first, each once
    (its latest mention). Tool results are left out: a grep's hundred paths are not
    what the conversation committed to (what mattered in one, the assistant says). For
    the same reason only the first PER_MESSAGE of a message may go under `Kept:`; the
    others are checked all the same (`Keeper.spare`), up to CHECKED_PER_MESSAGE, after
    which the message is not read further and is named (`Extracted.skipped`). An
    earlier summary has no such limit (its Kept list is what earlier prefixes said)."""
    items = list(items)
    summaries = {n for n, (role, _text) in enumerate(items) if role == "summary"}
    found: dict[tuple[str, str], Keeper] = {}
    said: dict[int, int] = {}
    unread: Counter[int] = Counter()
    for role, sentence, order in sentences_of(items):
        if role == "tool":
            continue
        if said.get(order[0], 0) >= CHECKED_PER_MESSAGE:
            unread[order[0]] += 1
            continue
        for kind, value in _identifiers(sentence) + _commitments(sentence):
            spare = False
            if order[0] not in summaries:
                said[order[0]] = said.get(order[0], 0) + 1
                if said[order[0]] > CHECKED_PER_MESSAGE:
                    unread[order[0]] += 1  # this sentence's later facts
                    break
                spare = said[order[0]] > PER_MESSAGE
            key = (kind, _key(kind, value))
            # A fact a message kept within its PER_MESSAGE, said again past another's, may
            # still be kept.
            spare = spare and (key not in found or found[key].spare)
            found[key] = Keeper(kind, value, role, sentence, order, spare)
    skipped = [
        f"[{items[n][0]}] message {n + 1} ({_opening(items[n][1])}): "
        f"{plural(sentences, 'sentence')} after its "
        f"{CHECKED_PER_MESSAGE}th fact not read"
        for n, sentences in sorted(unread.items())
    ]
    return Extracted(sorted(found.values(), key=lambda k: k.order, reverse=True), skipped)


def _opening(text: str, words: int = 6) -> str:
    """The first `words` words of a message, quoted, with "…" when it goes on: what a
    note naming it by its number says it holds."""
    said = text.split(maxsplit=words)
    return f'"{" ".join(said[:words])}{"…" if len(said) > words else ""}"'


_SLASHED = re.compile(r"/|\w\.\w")
_DIGIT = re.compile(r"\d")


def _identifiers(sentence: str) -> list[tuple[str, str]]:
    taken: list[tuple[int, int]] = []
    out: list[tuple[str, str]] = []
    # Most sentences of prose have no slash, no dotted word and no digit: two cheap
    # searches spare them the patterns (a megabyte of prefix in a fraction of a second).
    patterns: list[tuple[str, re.Pattern[str]]] = []
    if _SLASHED.search(sentence):
        patterns += [("url", _URL), ("path", _PATH), ("host", _HOST)]
    if _DIGIT.search(sentence):
        patterns += [
            ("id", _UUID),
            ("ref", _REF),
            ("id", _TICKET),
            ("id", _HEX),
            ("version", _VERSION),
            ("number", _NUMBER),
            ("id", _NUMBERED),
        ]
    for kind, pattern in patterns:
        for match in pattern.finditer(sentence):
            start, end = match.span()
            value = match.group(0).rstrip(_TRAIL if kind != "ref" else "")
            end = start + len(value)
            if any(start < b and a < end for a, b in taken) or not _plausible(kind, value):
                continue
            taken.append((start, end))
            out.append((kind, f"#{match.group(1)}" if kind == "ref" else value.strip()))
    return out


def _plausible(kind: str, value: str) -> bool:
    if kind == "path":
        # "and/or", "km/h", "1/2" are not paths: a path has a letter, and a root, two
        # slashes or a file extension
        return (
            any(c.isalpha() for c in value)
            and len(value) > 3
            and (value[0] in "/~." or value.count("/") >= 2 or "." in value.rsplit("/", 1)[-1])
        )
    if kind == "number" and re.match(r"0\d", value):
        return False  # zero-padded: a line number or a counter of a log, not a quantity
    if kind == "id" and (numbered := _NUMBERED.fullmatch(value)) is not None:
        word = numbered["word"].lower()
        return word not in _STOP and word not in _NOT_NUMBERED
    if kind == "id" and "-" in value and not _UUID.fullmatch(value):
        return value.split("-", 1)[0] not in _NOT_TICKETS
    return True


def _commitments(sentence: str) -> list[tuple[str, str]]:
    out = []
    for kind, pattern in (("decision", _DECISION), ("task", _TASK)):
        if match := pattern.search(sentence):
            clause = sentence[match.start() :].strip()
            out.append((kind, _cut(clause, 0, CLAUSE_CHARS)))
            break  # a sentence is one commitment
    return out


# --------------------------------------------------------------------------- presence


class Text:
    """A text prepared for presence checks: lower case, `512 MB` as `512mb`, and which
    sentence holds each word (a commitment must be said in one sentence, not pieced
    together from words anywhere in a ledger)."""

    def __init__(self, text: str) -> None:
        self.flat = _SPACE_BEFORE_UNIT.sub(r"\1", " ".join(text.lower().split()))
        self.postings: dict[str, set[int]] = {}
        for number, piece in enumerate(_SENTENCE.split(text.lower())):
            for word in _WORD.findall(piece):
                self.postings.setdefault(word, set()).add(number)

    def holds(self, keeper: Keeper) -> bool:
        if keeper.kind in ("decision", "task"):
            words = _content_words(keeper.value)
            if not words:
                return True
            hits = Counter(n for w in words for n in self.postings.get(w, ()))
            return bool(hits) and max(hits.values()) >= MATCH_SHARE * len(words)
        if keeper.kind == "ref":
            number = keeper.value[1:]
            pattern = rf"(?:#|\b(?:pr|mr|pull request|issue|ticket|bug)\s*#?\s*){number}(?!\d)"
            return self._near(number, pattern)
        if keeper.kind == "id" and (numbered := _NUMBERED.fullmatch(keeper.value)):
            # "job 9002" is in "jobs 9001, 9002" and "job #9002" too.
            word, number = re.escape(numbered["word"].lower()), numbered["number"]
            pattern = rf"(?<![a-z0-9]){word}[a-z]{{0,2}}\W{{1,3}}(?:\d+\W{{1,5}})*{number}(?!\d)"
            return self._near(number, pattern)
        token = _key(keeper.kind, keeper.value)
        pattern = rf"(?<![a-z0-9]){re.escape(token)}(?![a-z0-9])"
        return self._near(token, pattern)

    def _near(self, literal: str, pattern: str) -> bool:
        """Whether `pattern`, whose match ends with `literal`, matches where `literal`
        is: read in the few characters before each place str.find gives, not tried at
        every place of a ledger (a year of ledgers is megabytes, and a compaction checks
        a hundred identifiers). It is compiled only where `literal` is found: a pasted
        log's thousands of identifiers, most in neither text, each compiled a pattern
        of its own past re's cache (review34 F8: 100 messages 0.18 → 0.81 s)."""
        at = self.flat.find(literal)
        if at == -1:
            return False
        compiled = re.compile(pattern)
        while at != -1:
            end = at + len(literal)
            if compiled.search(self.flat, max(0, at - NEAR_CHARS), end + 1) is not None:
                return True
            at = self.flat.find(literal, at + 1)
        return False


def _key(kind: str, value: str) -> str:
    if kind in ("decision", "task"):
        return " ".join(sorted(_content_words(value)))
    return _SPACE_BEFORE_UNIT.sub(r"\1", value.lower())


def _content_words(text: str) -> list[str]:
    words = _WORD.findall(text.lower())
    return [w for w in dict.fromkeys(words) if w not in _STOP and len(w) > 1]


# --------------------------------------------------------------------------- retain


def retain(
    items: list[tuple[str, str]],
    summary: str,
    ledger: str,
    budget_chars: int,
    forgotten: Callable[[str], bool] | None = None,
) -> tuple[str, Retention]:
    """The summary with a `Kept:` list of what the items said and neither the summary
    nor the ledger holds, and the counts. The list is newest first and the whole stays
    within `budget_chars`: what does not fit is counted as dropped and named. A sentence
    that `forgotten` says states a forgotten fact is not kept (nor checked).

    The facts come before the summary's prose: a summary that leaves no room for them
    (an extractive one fills its budget) is cut, at a line, down to a quarter of the
    budget at most, and checked again as cut."""
    extracted = extract_keepers(items)
    keepers = [k for k in extracted.keepers if forgotten is None or not forgotten(k.sentence)]
    summary = summary.rstrip()
    in_ledger = Text(ledger)
    result, lines = _sort(keepers, summary, in_ledger, extracted.skipped)
    needed = len(f"\n\n{KEPT_HEADER}") + sum(len(line) + 3 for line in lines)
    if lines and len(summary) + needed > budget_chars:
        shorter = _clip(summary, max(budget_chars // 4, budget_chars - needed))
        if shorter != summary:
            cut = _fit(
                shorter, *_sort(keepers, shorter, in_ledger, extracted.skipped), budget_chars
            )
            if cut[1].kept:  # a cut that keeps nothing would only lose
                return cut
    return _fit(summary, result, lines, budget_chars)


def _fit(
    summary: str, result: Retention, lines: dict[str, list[Keeper]], budget_chars: int
) -> tuple[str, Retention]:
    """The summary and the lines that fit after it, newest first; the rest dropped."""
    room = budget_chars - len(summary) - len(f"\n\n{KEPT_HEADER}")
    for line, facts in lines.items():
        if len(line) + 3 <= room:
            room -= len(line) + 3
            result.kept_list.append(line)
            result.kept += len(facts)
        else:
            result.dropped += len(facts)
            result.dropped_list += [f"{k.kind}: {k.value}" for k in facts]
    if not result.kept_list:
        return summary, result
    kept = "\n".join(f"- {line}" for line in result.kept_list)
    return f"{summary}\n\n{KEPT_HEADER}\n{kept}", result


def _sort(
    keepers: list[Keeper], summary: str, ledger: Text, skipped: list[str]
) -> tuple[Retention, dict[str, list[Keeper]]]:
    """The counts, and the missing facts by the line that would keep them (one line a
    sentence), in the order of each line's newest fact; a missing spare one (past its
    message's PER_MESSAGE) goes with the line of its sentence when another fact has
    that line and it shows in it (kept or dropped with it: review34 F7, the line kept
    and its spare facts named as dropped), else it is dropped and named."""
    result = Retention(checked=len(keepers), skipped=len(skipped), skipped_list=list(skipped))
    in_summary = Text(summary)
    lines: dict[str, list[Keeper]] = {}
    spares: list[Keeper] = []
    for keeper in keepers:
        if in_summary.holds(keeper):
            result.in_summary += 1
        elif ledger.holds(keeper):
            result.in_ledger += 1
        elif keeper.spare:
            spares.append(keeper)
        else:
            lines.setdefault(_kept_line(keeper), []).append(keeper)
    line_of = {(k.role, k.sentence): line for line, facts in lines.items() for k in facts}
    for keeper in spares:
        line = line_of.get((keeper.role, keeper.sentence))
        if line is not None and keeper.value in line:
            lines[line].append(keeper)
        else:
            result.dropped += 1
            result.dropped_list.append(f"{keeper.kind}: {keeper.value}")
    return result, lines


def _clip(text: str, limit: int) -> str:
    """`text` cut to `limit` chars at a line boundary when one is in its second half."""
    if len(text) <= limit:
        return text
    head = text[: max(limit - 2, 1)]
    newline = head.rfind("\n")
    return (head[:newline] if newline > limit // 2 else head).rstrip() + "\n…"


def _kept_line(keeper: Keeper) -> str:
    """`[role] sentence`, the sentence cut to LINE_CHARS around the fact."""
    at = keeper.sentence.find(keeper.value) if keeper.kind not in ("decision", "task") else -1
    if keeper.kind in ("decision", "task"):
        at = keeper.sentence.find(keeper.value[:40])
    start = max(0, at - LINE_CHARS // 3) if len(keeper.sentence) > LINE_CHARS else 0
    return f"[{keeper.role}] {_cut(keeper.sentence, start, LINE_CHARS)}"


def _cut(text: str, start: int, size: int) -> str:
    piece = text[start : start + size]
    return ("…" if start else "") + piece + ("…" if start + size < len(text) else "")
