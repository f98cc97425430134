"""Keyword search over the memory files and thread logs (memory_search / thread_search).

The match rules are the reference's matchMode rules. A record is one line of a memory
file or one entry of a thread log. `phrase` (the default) matches the query as a literal
substring; `all` splits it on whitespace and wants every keyword in the same record, in
any order; `any` wants one of them. Matching ignores case (`str.lower`, as the reference
lower-cases both sides) and accents (`corpus.fold`, both sides: "Ines" finds "Inês"; a
block whose bytes hold no accented letter is matched as bytes as before, and in one that
does only the lines holding one are folded), regex characters are plain characters,
Chinese is not split into words, dates are not interpreted, repeated keywords and extra
whitespace do not count, and a query of only whitespace matches nothing. Every mode
yields records in the same order under the same limit: `any` is not ranked by how many
keywords a record holds.

Search has to keep up with grep on years of dailies and thousands of threads, so no
Python code runs per line of a file. Each file is read whole (in blocks of at most
CHUNK_BYTES, cut at line ends), its bytes are lower-cased in one call, and `find` jumps
from match to match; only the lines that matched are located, decoded and numbered.
Lower-casing bytes only touches A-Z, which is exact whenever the keywords hold no
character that a non-ASCII letter lower-cases to (`_Plan.bytes_exact`); other keywords
(`école`, `ДОМ`) lower-case the decoded text instead. Thread logs are searched in their
raw JSONL: memctl writes them with literal non-ASCII, so the JSON-escaped form of each
keyword finds the candidate lines, and only those are parsed and checked against the
entry's searchable text (a query like "role" would otherwise match every line's keys).

A memory line that is a marker memctl wrote (an HTML comment alone on its line, such as
`<!-- merged by memctl builtin ... -->`: `core.memory.is_marker`) is not memory and never a hit.

Files that cannot be read as UTF-8 text, binary files and malformed log lines are
skipped and reported in `SearchResult.skipped`. Only a file (or line) that contains the
query's bytes is decoded, so such a file is reported when it could have held a match.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from memctl.core.errors import UsageError, require_utf8
from memctl.core.memory import is_marker
from memctl.core.redact import Redactor, compile_patterns
from memctl.core.threads import repeats_summary, role_of, searchable_text, speaker_of, who
from memctl.core.workspace import Workspace
from memctl.retrieval.corpus import (
    FOLDABLE_BYTES,
    Fence,
    File,
    Hidden,
    Hit,
    Listing,
    Skipped,
    chomp,
    fold,
    record_matches,
    said_before,
    thread_logs,
)

MODES = ("phrase", "all", "any")
SCOPES = ("memory", "threads", "all")
DEFAULT_LIMIT = 50
CHUNK_BYTES = 8 << 20
SNIPPET_CHARS = 240
AGENT_SNIPPET_CHARS = 1000

# The only non-ASCII characters whose lower case holds ASCII: İ (-> "i̇") and the Kelvin
# sign (-> "k"). A block holding one of them is lower-cased as text when a keyword has
# an i or a k, so that `bytes.lower` (A-Z only) stays exact.
_FOLDS_TO_ASCII = ("İ".encode(), "\u212a".encode())
_FOLD_TARGETS = frozenset("ik\u0307")
# memctl writes logs with ensure_ascii=False: the only \u escapes are control characters.
# A block with other \u escapes (or \/) came from another writer, and its keywords may be
# spelled differently, so it is searched line by line after decoding.
_ESCAPE_AT = re.compile(rb"\\[u/]")
_BACKSLASH = 0x5C
# searchable_text joins an entry's pieces with these; a keyword holding one of them may
# span two JSON strings, so only the parts between them can find candidate lines.
_JOINERS = ("\n", "(", ")")


@dataclass
class SearchResult:
    """One search's hits (those not streamed to a sink), what it skipped and why."""

    query: str
    mode: str
    scope: str
    keywords: list[str]
    hits: list[Hit] = field(default_factory=list)
    truncated: bool = False
    skipped: list[Skipped] = field(default_factory=list)
    # Diagnostics for stderr (the index was rebuilt); not part of the document.
    notes: list[str] = field(default_factory=list)
    # Hits handed to the caller's sink as they were found, and so not kept in `hits`.
    streamed: int = 0

    @property
    def count(self) -> int:
        return len(self.hits) + self.streamed

    def document(self) -> dict[str, Any]:
        """The --json document."""
        return {
            "query": self.query,
            "mode": self.mode,
            "scope": self.scope,
            "hits": [vars(hit) for hit in self.hits],
            "count": self.count,
            "truncated": self.truncated,
            "skipped": [vars(skip) for skip in self.skipped],
        }


# --------------------------------------------------------------------------- the query


MAX_QUERY_TERMS = 1_000
"""The distinct words of an all/any query matched, at most (issue 24, item 15)."""


def keywords_of(query: str, mode: str) -> list[str]:
    """The needles, lower-cased and their accents folded (`fold`: "Inês" is "ines"):
    the whole query for phrase, else its distinct words. A query of only whitespace has
    none, so it matches nothing."""
    if not query.strip():
        return []
    lowered = fold(query)
    if mode == "phrase":
        return [lowered]
    return list(dict.fromkeys(lowered.split()))[:MAX_QUERY_TERMS]


def _json_escaped(text: str) -> str:
    """How memctl's log writer spells `text` inside a JSON string."""
    return json.dumps(text, ensure_ascii=False)[1:-1]


def _filter_needle(keyword: str) -> str | None:
    """The longest part of `keyword` that must appear inside one JSON string of a log
    line holding it, JSON-escaped; None when no part of it can be relied on."""
    parts = [keyword]
    for joiner in _JOINERS:
        parts = [piece for part in parts for piece in part.split(joiner)]
    longest = max(parts, key=len)
    return _json_escaped(longest) if longest else None


class _Plan(NamedTuple):
    """The keywords in every form the scanners need (a named tuple: a dataclass, frozen,
    took a millisecond of every search's start-up to build)."""

    mode: str
    keywords: tuple[str, ...]
    bytes_exact: bool
    watch_folds: bool
    needs_lower: bool
    has_controls: bool
    # A memory line's \r\n ending is no part of the record, but the scan sees the \r.
    has_cr: bool
    # Log candidates: one needle per keyword (None: that keyword cannot filter).
    log_needles: tuple[str | None, ...]

    @classmethod
    def build(cls, mode: str, keywords: list[str]) -> _Plan:
        chars = set("".join(keywords))
        return cls(
            mode=mode,
            keywords=tuple(keywords),
            # A character with an upper case other than itself may be what some
            # non-ASCII capital lower-cases to; U+0307 is the one caseless such target.
            bytes_exact=all(c.isascii() or (c.upper() == c and c != "\u0307") for c in chars),
            watch_folds=bool(chars & _FOLD_TARGETS),
            needs_lower=any(c.upper() != c for c in chars),
            has_controls=any(ord(c) < 0x20 for c in chars),
            has_cr="\r" in chars,
            log_needles=tuple(_filter_needle(keyword) for keyword in keywords),
        )

    def use_bytes(self, block: bytes) -> bool:
        """Whether `bytes.lower` gives the same matches as `str.lower` on this block."""
        if not self.bytes_exact:
            return False
        return not (self.watch_folds and any(_holds(block, fold) for fold in _FOLDS_TO_ASCII))

    def memory_needles(self) -> tuple[str, ...] | None:
        """None when no memory line can match (a phrase spanning a line break)."""
        if any("\n" in keyword for keyword in self.keywords):
            return None
        return self.keywords

    def log_filter(self) -> tuple[str, ...] | None:
        """Needles whose lines may match (mode all: every needle; any: one), or None when
        every line is a candidate."""
        known = tuple(needle for needle in self.log_needles if needle is not None)
        if not known or (self.mode == "any" and len(known) < len(self.log_needles)):
            return None
        return known


# --------------------------------------------------------------------------- scanning


def _holds(block: bytes, needle: bytes, tries: int = 64) -> bool:
    """`needle in block`, for a needle whose first byte is rare. `in` with a needle of
    two or three bytes runs at a tenth of memchr's speed (90 ms for the two fold checks
    over 62 MB); finding the first byte is memchr. After `tries` false starts it lets
    `find` do the rest."""
    lead = needle[:1]
    at = block.find(lead)
    while at != -1:
        if block.startswith(needle, at):
            return True
        tries -= 1
        if not tries:
            return block.find(needle, at + 1) != -1
        at = block.find(lead, at + 1)
    return False


def _lines_with(hay: Any, needle: Any, newline: Any) -> Iterator[tuple[int, int]]:
    """(start, end) of each line of `hay` holding `needle`, each line once, in order."""
    find = hay.find
    at = find(needle)
    while at != -1:
        start = hay.rfind(newline, 0, at) + 1
        end = find(newline, at + len(needle))
        if end == -1:
            end = len(hay)
        yield start, end
        at = find(needle, end + 1)


def _candidate_lines(hay: Any, needles: tuple[Any, ...], mode: str) -> list[tuple[int, int]]:
    """The lines of `hay` holding the needles as the mode asks (for `all`, driven by the
    rarest needle, counted at C speed), in order."""
    newline = b"\n" if isinstance(hay, bytes) else "\n"
    if len(needles) == 1:
        return list(_lines_with(hay, needles[0], newline))
    if mode == "all":
        counts = [hay.count(needle) for needle in needles]
        if 0 in counts:
            return []
        driver = needles[counts.index(min(counts))]
        others = [needle for needle in needles if needle is not driver]
        return [
            (start, end)
            for start, end in _lines_with(hay, driver, newline)
            if all(needle in hay[start:end] for needle in others)
        ]
    found: dict[int, int] = {}
    for needle in needles:
        found.update(_lines_with(hay, needle, newline))
    return sorted(found.items())


def _all_lines(hay: Any) -> list[tuple[int, int]]:
    newline = b"\n" if isinstance(hay, bytes) else "\n"
    spans = []
    start = 0
    size = len(hay)
    while start < size:
        end = hay.find(newline, start)
        if end == -1:
            end = size
        spans.append((start, end))
        start = end + 1
    return spans


def _blocks(path: str) -> Iterator[bytes]:
    """The file's bytes: whole when it is small, else in blocks cut after a line end."""
    fd = os.open(path, os.O_RDONLY)
    try:
        wanted = min(os.fstat(fd).st_size + 1, CHUNK_BYTES)
        pending = b""
        while True:
            block = os.read(fd, wanted) if wanted else b""
            if len(block) < wanted:
                # A short read of a regular file is its end: no second read to learn it.
                wanted = 0
            if not block:
                if pending:
                    yield pending
                return
            data = pending + block if pending else block
            cut = data.rfind(b"\n") + 1 if len(data) >= CHUNK_BYTES else 0
            if cut:
                yield data[:cut]
                pending = data[cut:]
            else:
                pending = data
            wanted = wanted and CHUNK_BYTES
    finally:
        os.close(fd)


def _numbered_blocks(path: str) -> Iterator[tuple[int, bytes]]:
    """The file's blocks, each with the number of lines before it."""
    lines_before = 0
    for block in _blocks(path):
        yield lines_before, block
        lines_before += block.count(b"\n")


class _Unreadable(Exception):
    """A block is not UTF-8 text; the file is skipped."""


def _decode(block: bytes) -> str:
    if b"\x00" in block:
        raise _Unreadable("binary file (NUL bytes)")
    try:
        return block.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _Unreadable(f"not UTF-8 (byte {exc.start})") from None


class _Located(NamedTuple):
    """Matching lines of one block: their numbers (0-based in the block) and text."""

    numbers: list[int]
    lines: list[str]


def _locate(block: bytes, plan: _Plan, needles: tuple[str, ...] | None) -> _Located | None:
    """The block's lines holding the needles (every line when `needles` is None), decoded.

    None when no line can match. The bytes path decodes the block only when something
    matched (to be sure it is text), the text path always.
    """
    if plan.use_bytes(block):
        if needles is None:
            spans = _all_lines(block)
        else:
            raw = block.lower() if plan.needs_lower else block
            spans = _candidate_lines(raw, tuple(n.encode() for n in needles), plan.mode)
            if FOLDABLE_BYTES.search(block):
                spans = _folded_lines(block, spans, needles, plan.mode)
        if not spans:
            return None
        _decode(block)
        numbers = _numbers(block, spans, b"\n")
        lines = [block[start:end].decode("utf-8") for start, end in spans]
        return _Located(numbers, lines)
    text = _decode(block)
    folded = needles is not None and FOLDABLE_BYTES.search(block) is not None
    hay = fold(text) if folded else text.lower()
    spans = _all_lines(hay) if needles is None else _candidate_lines(hay, needles, plan.mode)
    if not spans:
        return None
    numbers = _numbers(hay, spans, "\n")
    if not folded and len(hay) == len(text):
        lines = [text[start:end] for start, end in spans]
    else:
        # Lower-casing lengthens a letter (İ), folding also shortens (NFC: "S" and a
        # combining dot are one letter): one of each keeps the length and shifts every
        # position between them. Positions differ, line numbers do not.
        every = text.split("\n")
        lines = [every[number] for number in numbers]
    return _Located(numbers, lines)


def _folded_lines(
    block: bytes, spans: list[tuple[int, int]], needles: tuple[str, ...], mode: str
) -> list[tuple[int, int]]:
    """`spans` (the lines whose bytes hold the needles) and the lines that hold them
    once their accents are folded (`fold`): only a line with a letter `fold` changes
    (`FOLDABLE_BYTES`) is decoded and folded, so a block of ASCII costs one search."""
    found = set(spans)
    end = -1
    for match in FOLDABLE_BYTES.finditer(block):
        at = match.start()
        if at <= end:
            continue  # a line already looked at
        start = block.rfind(b"\n", 0, at) + 1
        end = block.find(b"\n", at)
        if end == -1:
            end = len(block)
        try:
            line = fold(block[start:end].decode("utf-8"))
        except UnicodeDecodeError:
            continue  # `_decode` reports the block
        if record_matches(line, needles, mode):
            found.add((start, end))
    return sorted(found) if len(found) > len(spans) else spans


def _numbers(hay: Any, spans: list[tuple[int, int]], newline: Any) -> list[int]:
    numbers = []
    line = 0
    previous = 0
    for start, _ in spans:
        line += hay.count(newline, previous, start)
        numbers.append(line)
        previous = start
    return numbers


def _foreign_escapes(block: bytes, lowest: int) -> bool:
    """Whether a log block spells some text in a way memctl's writer does not (`\\u00e9`
    for é, `\\/`), so that the JSON-escaped keyword could miss it. `\\u` escapes of
    characters below `lowest` (control characters, as memctl writes them) do not count.

    One regex scan finds both escapes: it runs at memchr speed to each backslash, where
    two `bytes.find` of two-byte needles take four times as long on 50 MB of logs."""
    for match in _ESCAPE_AT.finditer(block):
        at = match.start()
        backslashes = 0
        while at - backslashes > 0 and block[at - backslashes - 1] == _BACKSLASH:
            backslashes += 1
        if backslashes % 2 == 0:  # not an escaped backslash followed by u or /
            if match.group() == b"\\/":
                return True
            try:
                if int(block[at + 2 : at + 6], 16) >= lowest:
                    return True
            except ValueError:
                return True
    return False


class _Scan:
    """One search run: files in order, hits appended until `wanted` are found. It is
    the `Scan` the index's `indexed_search` drives (memctl.retrieval.index.query)."""

    def __init__(
        self,
        ws: Workspace,
        plan: _Plan,
        result: SearchResult,
        wanted: int | None,
        sink: Callable[[Hit], None] | None = None,
        redactor: Redactor | None = None,
    ):
        self.ws = ws
        self.redactor = redactor
        self.plan = plan
        self.result = result
        self.wanted = wanted
        self.sink = sink
        self.found = 0  # hits already handed to the sink (and the one past the limit)

    @property
    def done(self) -> bool:
        return self.wanted is not None and self.found + len(self.result.hits) >= self.wanted

    @property
    def bounded(self) -> bool:
        return self.wanted is not None

    def records(self, rel: str, memory: bool, found: list[tuple[int, str, int]]) -> None:
        """A file's candidates, checked by the index, in one call (a run without a limit:
        `index.query._verify_span`): `memory_line` or `entry` for each, with the common
        case inlined, since a hit's calls were a share of its cost (issue 26, goal 4).
        A log line parsed to an object holding neither `type` (a compaction) nor
        `tool_calls`, with text content, is a message whose text is that content and
        whose role is its `role` (`searchable_text`, `role_of`); any other line goes to
        `entry`, which parses it again and reports what is wrong with it."""
        hits = self.result.hits
        redactor = self.redactor
        keywords = self.plan.keywords
        one = keywords[0] if len(keywords) == 1 else None
        every = self.plan.mode == "all"
        if memory:
            for number, line, clean in found:
                text = line[:-1] if line.endswith("\r") else line  # chomp
                if redactor is not None and not clean:
                    text = redactor.text(text)
                lowered = fold(text)
                matched = (
                    one in lowered if one is not None else _matches_many(lowered, keywords, every)
                )
                if matched and not is_marker(text):
                    hits.append(Hit("memory", rel, number, None, None, text))
            return
        entry_of = self.entry
        for number, line, clean in found:
            try:
                entry = _json(line)
            except (ValueError, RecursionError):
                entry_of(rel, number, line, bool(clean))
                continue
            if type(entry) is not dict or "type" in entry or "tool_calls" in entry:
                entry_of(rel, number, line, bool(clean))
                continue
            content = entry.get("content")
            if type(content) is not str:
                entry_of(rel, number, line, bool(clean))
                continue
            text = content if redactor is None or clean else redactor.text(content)
            lowered = fold(text)
            if one in lowered if one is not None else _matches_many(lowered, keywords, every):
                role = role_of(entry)  # a compaction summary is `system`, not the user's
                # `speaker_of` only for an entry with a name: a call a hit, for the many
                # without one, was a share of a hit's cost.
                speaker = None if "name" not in entry else speaker_of(entry, redactor)
                hits.append(Hit("thread", rel, None, number, role, text, speaker=speaker))

    def flush(self) -> None:
        """Hand a finished file's hits to the sink (a file's hits are final only once it
        has been read to the end: a file found to be binary half-way takes them back)."""
        if self.sink is None:
            return
        hits = self.result.hits
        room = len(hits) if self.wanted is None else self.wanted - 1 - self.found
        sink = self.sink
        for hit in hits[: max(room, 0)] if room < len(hits) else hits:
            sink(hit)
        self.found += len(hits)
        hits.clear()

    def read(self, file: File) -> None:
        """Search one whole file (one the fence let through)."""
        if file.kind == "memory":
            self.memory_file(file.path, file.rel)
        else:
            self.thread_log(file.path, file.rel)

    def memory_file(self, path: str, rel: str) -> None:
        needles = self.plan.memory_needles()
        if needles is None:
            return
        hits = self.result.hits
        with self._whole_file(rel):
            mark = len(hits)
            for lines_before, block in _numbered_blocks(path):
                if self.redactor is not None and self.redactor.spans_lines(block):
                    del hits[mark:]
                    self._memory_file_redacted_whole(path, rel)
                    return
                located = _locate(block, self.plan, needles)
                if located is None:
                    continue
                for number, line in zip(located.numbers, located.lines, strict=True):
                    text = chomp(line)
                    recheck = self.plan.has_cr or self.redactor is not None
                    if recheck:
                        self.memory_line(rel, 1 + lines_before + number, text)
                    elif not is_marker(text):
                        hits.append(Hit("memory", rel, 1 + lines_before + number, None, None, text))
                    if self.done:
                        return

    def _memory_file_redacted_whole(self, path: str, rel: str) -> None:
        """A memory file in which a secret may cross lines (`Redactor.spans_lines`: a
        private key, a project's own pattern), redacted whole as the index redacts it: a
        line of a key's body matches no pattern on its own, so redacting the lines that
        hold the query one by one showed key material to a scan (a query under three
        characters, or a file the index does not answer for)."""
        with open(path, "rb") as handle:
            text = _decode(handle.read())
        assert self.redactor is not None
        for number, line in enumerate(self.redactor.lines(text).split("\n"), 1):
            if line:
                self.memory_line(rel, number, chomp(line), clean=True)
            if self.done:
                return

    def memory_line(self, rel: str, number: int, text: str, clean: bool = False) -> None:
        """A hit if the line, as shown (redacted), holds the query. `clean`: the index
        found that redaction leaves the line as it is (its CLEAN flag)."""
        if self.redactor is not None and not clean:
            text = self.redactor.text(text)
        if record_matches(fold(text), self.plan.keywords, self.plan.mode) and not is_marker(text):
            self.result.hits.append(Hit("memory", rel, number, None, None, text))

    def thread_log(self, path: str, rel: str) -> None:
        with self._whole_file(rel):
            for lines_before, block in _numbered_blocks(path):
                lowest = 0 if self.plan.has_controls else 0x20
                foreign = _foreign_escapes(block, lowest)
                needles = None if foreign else self.plan.log_filter()
                located = _locate(block, self.plan, needles)
                if located is None:
                    continue
                for number, line in zip(located.numbers, located.lines, strict=True):
                    self.entry(rel, lines_before + number, line)
                    if self.done:
                        return

    @contextmanager
    def _whole_file(self, rel: str) -> Iterator[None]:
        """A file's hits stand only once it has been read to the end: one found binary,
        not UTF-8 or unreadable half-way takes back what it gave and is reported skipped."""
        hits = self.result.hits
        mark = len(hits)
        try:
            yield
        except _Unreadable as exc:
            del hits[mark:]
            self.result.skipped.append(Skipped(rel, str(exc)))
        except OSError as exc:
            del hits[mark:]
            self.result.skipped.append(Skipped(rel, f"cannot read: {exc.strerror}"))

    def entry(self, rel: str, index: int, line: str, clean: bool = False) -> None:
        """Check one candidate log line against the decoded entry's searchable text.
        `clean`: the index found that redaction leaves that text as it is."""
        if not line.strip():
            self.result.skipped.append(Skipped(rel, "blank line", index))
            return
        try:
            entry = _json(line)
        except (ValueError, RecursionError) as exc:  # RecursionError: nested too deeply
            self.result.skipped.append(Skipped(rel, f"invalid JSON ({exc})", index))
            return
        if not isinstance(entry, dict):
            self.result.skipped.append(Skipped(rel, "not a JSON object", index))
            return
        if repeats_summary(entry):
            return  # the summary message before it is the hit
        try:
            text = searchable_text(entry)
        except (AttributeError, TypeError):
            self.result.skipped.append(Skipped(rel, "not a message or compaction record", index))
            return
        if self.redactor is not None and not clean:
            # Matched as shown: a query matched against the raw text and redacted after
            # is an oracle (a key guessed one character at a time, issue 24 item 3).
            text = self.redactor.text(text)
        if record_matches(fold(text), self.plan.keywords, self.plan.mode):
            speaker = speaker_of(entry, self.redactor)
            hit = Hit("thread", rel, None, index, role_of(entry), text, speaker=speaker)
            self.result.hits.append(hit)


def _matches_many(lowered: str, keywords: tuple[str, ...], every: bool) -> bool:
    """`record_matches` for two or more keywords, without a generator's frame."""
    contains = map(lowered.__contains__, keywords)
    return all(contains) if every else any(contains)


# json.loads' own scanner (set by JSONDecoder's __init__; typeshed leaves it out).
_SCAN_JSON: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]


def _json(line: str) -> Any:
    """`json.loads(line)`, at half its cost for a line that is one JSON value with nothing
    around it (every line memctl writes): the decoder's own scanner, without the two
    whitespace matches and the checks `loads` makes around it (1.5 of 3 us a log hit).
    Anything else (whitespace around the value, a mistake) goes to `json.loads`, which
    accepts it or says what is wrong as before."""
    try:
        value, end = _SCAN_JSON(line, 0)
    except StopIteration:
        return json.loads(line)
    return value if end == len(line) else json.loads(line)


# --------------------------------------------------------------------------- entry point


def check_mode(mode: str | None) -> str:
    """matchMode: omitted (None) is phrase; every other value but the three is an error."""
    if mode is None:
        return "phrase"
    if mode not in MODES:
        raise UsageError(f"invalid match mode {mode!r}: use phrase, all or any")
    return mode


def search(
    ws: Workspace,
    query: str,
    *,
    mode: str | None = "phrase",
    scope: str = "memory",
    threads: list[str] | None = None,
    limit: int = DEFAULT_LIMIT,
    include_archive: bool = False,
    use_index: bool = True,
    sink: Callable[[Hit], None] | None = None,
    redactor: Redactor | None = None,
) -> SearchResult:
    """The records matching `query`: memory lines first (MEMORY.md, then memory files by
    path), then thread entries (logs by id); at most `limit` of them (0: all), with
    `truncated` set when more matched.

    With `use_index` the index (memctl.retrieval.index) finds the candidates when it can serve
    the query; the scan below is the reference it is tested against and its fallback.
    With a `sink`, hits are handed to it file by file instead of kept in `hits`
    (`streamed` counts them), so that `--limit 0` over a million hits holds one file's.
    Each record is redacted with `redactor` (None: the built-in patterns) before it is
    matched and shown: what a query can match is what the caller may see. A redactor
    with no patterns (redaction off, --no-redact) matches the text as written, by a
    scan: the index holds the text redacted."""
    if not isinstance(query, str):
        raise UsageError(f"the query must be text, not {type(query).__name__}")
    require_utf8("the query", query)
    mode = check_mode(mode)
    if scope not in SCOPES:
        raise UsageError(f"invalid scope {scope!r}: use memory, threads or all")
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise UsageError(f"invalid limit {limit!r}: use a whole number, 0 for no limit")
    if threads is not None and scope == "memory":
        raise UsageError("--thread searches thread logs: use it with --scope threads or all")
    # Named logs are listed (and checked) now; the folders only when the index cannot
    # name their files (`Listing`).
    named = thread_logs(ws, threads) if threads is not None else None
    listing = Listing(ws, scope != "threads", include_archive, scope != "memory", named)
    keywords = keywords_of(query, mode)
    result = SearchResult(query, mode, scope, keywords)
    if mode != "phrase" and len(set(query.lower().split())) > MAX_QUERY_TERMS:
        result.notes.append(f"the query was cut to its first {MAX_QUERY_TERMS:,} words")
    if not keywords:
        return result
    if redactor is None:
        redactor = compile_patterns()
    if not redactor.patterns:
        redactor = None  # --no-redact: nothing to apply to each record
    hidden = Hidden(ws)
    dropped = [0]
    if hidden and sink is not None:
        shown = sink

        def sink(hit: Hit) -> None:  # memctl forget: a forgotten fact is left out
            if _hidden(hidden, hit):
                dropped[0] += 1
            else:
                hidden.mark(hit)  # said before a correction of what it states
                shown(hit)

    wanted = limit + 1 if limit else None
    scan = _Scan(ws, _Plan.build(mode, keywords), result, wanted, sink, redactor)
    fence = Fence(ws)
    from memctl.retrieval.index import indexed_search

    if not (use_index and indexed_search(ws, scan, listing, fence)):
        _scan_files(scan, listing.files(), fence)
    if sink is not None:
        scan.flush()
        found = scan.found - dropped[0]
        result.streamed = min(found, limit) if limit else found
        result.truncated = bool(limit) and found > limit
        return result
    _shown(result, hidden, limit)
    return result


def _shown(result: SearchResult, hidden: Hidden, limit: int) -> None:
    """The hits kept, at most `limit` (0: all): the records that state a forgotten fact
    (memctl forget) left out, each said before a correction of what it states marked."""
    if hidden:
        result.hits = [hit for hit in result.hits if not _hidden(hidden, hit)]
    if limit and len(result.hits) > limit:
        result.truncated = True
        del result.hits[limit:]
    if hidden:
        for hit in result.hits:
            hidden.mark(hit)


def _hidden(hidden: Hidden, hit: Hit) -> bool:
    return hidden.hides(
        hit.kind, hit.path, hit.line if hit.kind == "memory" else hit.entry, hit.text
    )


def _scan_files(scan: _Scan, files: list[File], fence: Fence) -> None:
    result = scan.result
    for file in files:
        if scan.done:
            break
        reason = fence.refused(file)
        if reason is not None:
            result.skipped.append(Skipped(file.rel, reason))
        else:
            scan.read(file)
        scan.flush()


# --------------------------------------------------------------------------- rendering


def snippet(text: str, keywords: list[str], width: int = SNIPPET_CHARS) -> str:
    """`text` on one line; when longer than `width`, a window around the first match
    (`Snippets` prepared for one call)."""
    return Snippets(keywords, width)(text)


class Snippets:
    """`snippet` prepared for one query's keywords and one width: the CLI cuts one a hit,
    139,461 of them for a common phrase at 620 MB, and the needles were made again for
    each (issue 26, goal 4)."""

    __slots__ = ("needles", "reach", "width")

    def __init__(self, keywords: list[str], width: int = SNIPPET_CHARS) -> None:
        self.needles = [" ".join(keyword.split()) for keyword in keywords]
        self.reach = max((len(needle) for needle in self.needles), default=0)
        self.width = width

    def __call__(self, text: str) -> str:
        """`text` on one line; when longer than the width, a window around the first
        match.

        A long text (a tool result of 100,000 characters) is flattened only as far as the
        window needs: its first stretch, cut where whitespace starts, flattens to the
        start of the whole text's flattening, and a match found in it is the first one.
        Printing 139,461 hits of a common phrase spent a sixth of its time flattening
        whole texts."""
        width, needles, reach = self.width, self.needles, self.reach
        cut = 8 * width
        while cut < len(text):
            space = _SPACE.search(text, cut)
            if space is None:
                break
            flat = " ".join(text[: space.start()].split())
            lowered = fold(flat)
            places = [place for place in map(lowered.find, needles) if place >= 0]
            first = min(places, default=0 if not needles else -1)
            # The first match, and the whole window after it, inside this stretch: the
            # rest of the text cannot change them (a needle not found here starts later).
            if 0 <= first <= len(flat) - reach:
                start = max(0, first - width // 4)
                if start + width < len(flat):
                    return ("…" if start else "") + flat[start : start + width] + "…"
            cut *= 2
        flat = _flat(text)
        if len(flat) <= width:
            return flat
        lowered = fold(flat)
        first = -1
        for needle in needles:
            place = lowered.find(needle)
            if place >= 0 and (first < 0 or place < first):
                first = place
        start = max(0, first - width // 4)  # no match: first is -1, the start 0
        end = min(len(flat), start + width)
        start = max(0, end - width)
        return ("…" if start else "") + flat[start:end] + ("…" if end < len(flat) else "")


_SPACE = re.compile(r"\s")
"""Whitespace as `str.split` splits on it (both use Python's own test of a space)."""


def _flat(text: str) -> str:
    """`" ".join(text.split())`, without splitting a text that is flat already, or flat
    but for single line breaks (most log entries): splitting one into its words was half
    a hit's snippet.

    An ASCII text (`isascii` reads a flag, it does not scan) is its own flattening, line
    breaks as spaces, when no two spaces meet, none stands at either end and it holds no
    other whitespace of `str.split` (\\t \\v \\f \\r \\x1c-\\x1f: `bytes.translate` drops
    them at C speed). `isprintable`, the test of any other text, took a microsecond a
    hit on its own (139,461 hits of a common phrase at 620 MB). Elsewhere `isprintable`
    is false for every whitespace character but the ASCII space (they are Unicode
    separators or controls), so a printable text with no two spaces together and none
    at either end is its own flattening."""
    if text.isascii():
        flat = text.replace("\n", " ")
        if (
            "  " not in flat
            and flat[:1] != " "
            and flat[-1:] != " "
            and len(flat.encode("ascii").translate(None, _OTHER_ASCII_SPACES)) == len(flat)
        ):
            return flat
        return " ".join(text.split())
    flat = text if text.isprintable() else text.replace("\n", " ")
    if flat.isprintable() and "  " not in flat and flat[:1] != " " and flat[-1:] != " ":
        return flat
    return " ".join(text.split())


_OTHER_ASCII_SPACES = b"\t\x0b\x0c\r\x1c\x1d\x1e\x1f"
"""The ASCII whitespace of `str.split` but the space and the line break."""


def format_for_agent(result: SearchResult, query: str) -> str:
    """The tool answer: `Found N matches:` then one `Source: ...` line a hit."""
    if not result.hits:
        # thread_search's looks in past conversations, which are no memories (audit 18)
        found = "thread entries" if result.scope == "threads" else "memories"
        return f"No matching {found} found for: {query}"
    lines = [f"Found {result.count} match{'' if result.count == 1 else 'es'}:"]
    for hit in result.hits:
        text = snippet(hit.text, result.keywords, AGENT_SNIPPET_CHARS)
        if hit.kind == "memory":
            lines.append(f"Source: {hit.path}#{hit.line}: {text}{said_before(hit.corrected)}")
        else:
            where = f"{hit.path}#{hit.entry} [{who(hit.role, hit.speaker)}]"
            lines.append(f"Source: {where}: {text}{said_before(hit.corrected)}")
    if result.truncated:
        lines.append(
            f"(only the first {result.count} are shown; use more specific words to narrow "
            "it, or a larger limit)"
        )
    return "\n".join(lines)
