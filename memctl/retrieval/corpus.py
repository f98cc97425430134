"""What is searched and how a record is read: shared by search, the index, recall and
the embeddings, so that all four see the same files and the same records.

The corpus is MEMORY.md, the ledgers memory/*.md (memory/archive/*.md when asked) and
the thread logs threads/*.jsonl. A record is one line of a memory file (its `\\r\\n`
ending is no part of it: `chomp`) or one entry of a log (its searchable text, as
`memctl.core.threads.searchable_text` renders it). `Fence` says which of the files may
be opened: a symlink leading out of the workspace's memory, or a FIFO, never is.
"""

from __future__ import annotations

import bisect
import json
import os
import re
import stat
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from memctl.core.errors import UsageError
from memctl.core.forgotten import FORGOTTEN_TEXT, Forgotten, Tombstone, read_tombstones
from memctl.core.threads import (
    check_thread_id,
    is_compaction,
    is_log_entry,
    message_text,
    role_of,
    searchable_text,
    speaker_of,
    thread_log_entries,
)
from memctl.core.workspace import DAILY_NAME, TEXT_ENCODING, Workspace

if TYPE_CHECKING:
    from memctl.core.redact import Redactor
    from memctl.models.held import Held


@dataclass
class Hit:
    """One matching record: a memory line (`line`, 1-based) or a thread entry (`entry`,
    0-based index in the log, with its `role`)."""

    kind: str
    path: str
    line: int | None
    entry: int | None
    role: str | None
    text: str
    # A correction made after the record was said, whose old value it states (an answer
    # given before `forget --replace`: `Hidden.mark`): {"fact", "by", "at"}; else None.
    corrected: dict[str, str] | None = None
    # A thread entry's `name` (who said it, in a group chat), when it has one.
    speaker: str | None = None


@dataclass
class Skipped:
    """A file, or a log line (`entry`), that could not be searched, and why."""

    path: str
    reason: str
    entry: int | None = None

    def __str__(self) -> str:
        where = self.path if self.entry is None else f"{self.path}#{self.entry}"
        return f"{where}: {self.reason}"


# --------------------------------------------------------------------------- records


_FOLDED_RANGES = ((0x00C0, 0x0250), (0x0370, 0x0530), (0x1E00, 0x2000))
"""The letters with accents search folds: Latin-1's, Latin Extended A and B, Greek and
Cyrillic, Latin Extended Additional and Greek Extended. No other script (CJK, kana,
Hangul, Arabic, ...) is touched: there a mark is part of the letter (a kana's dakuten)."""
_COMBINING = (0x0300, 0x0370)
"""The combining accents of those scripts: a text holding one is composed (NFC) before
it is folded, so text in NFD (a macOS paste of "Müller" is `u` and U+0308) matches as
the same text in NFC does (audit 17 M3). A mark nothing composes with stays: "İ" lower-
cases to `i` and U+0307, which "i" does not match (the reference's str.lower rule)."""
_MARK = re.compile(f"[\\u{_COMBINING[0]:04x}-\\u{_COMBINING[1] - 1:04x}]")
_FOLDS: dict[int, str] | None = None
FOLDABLE = re.compile(
    "[" + "".join(f"\\u{a:04x}-\\u{b - 1:04x}" for a, b in (*_FOLDED_RANGES, _COMBINING)) + "]"
)
"""A character `fold` may change (after case-folding): a cheap test that it is needed."""
FOLDABLE_BYTES = re.compile(
    rb"[\xc3-\xd4]|\xc2\xb5|\xd6\x87|\xe1[\x8e\x8f\xb2\xb8-\xbf]|\xe2\x84\xab|\xea[\xad\xae]|\xef\xac"
)
"""The UTF-8 lead bytes of `FOLDABLE`'s characters (U+00C0 to U+053F, U+1E00 to
U+1FFF, with some neighbours: ß and the combining accents among them) and of the
characters elsewhere that case-fold into them or otherwise than they lower-case (the
Angstrom sign, to å; µ; the ligatures ﬀ to ﬗ and և; Cherokee; Cyrillic Extended-C): a
block without them folds as `bytes.lower` does."""


def _folds() -> dict[int, str]:
    global _FOLDS
    if _FOLDS is None:
        import unicodedata

        table: dict[int, str] = {}
        for low, high in _FOLDED_RANGES:
            for point in range(low, high):
                char = chr(point)
                bare = "".join(
                    c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)
                )
                # One character for one: positions in the folded text are the text's.
                if len(bare) == 1 and bare != char:
                    table[point] = bare.lower()
        _FOLDS = table
    return _FOLDS


def fold(text: str) -> str:
    """`text` as search and recall match it: case-folded (`str.casefold`: "GRÖSSE" is
    "größe", ß being "ss"), and a letter with an accent as its bare letter (NFKD,
    combining marks dropped: "Inês" matches "ines", "Lucía" "lucia", and an NFD "Müller",
    composed first, the NFC one), both sides alike; the text shown is never folded. Mostly one character
    for one, so a match's place in the folded text is its place in the text; callers
    that need places check the lengths (ß, a combining mark, İ change them). An ASCII
    text, most records, costs `isascii` and `lower`."""
    if text.isascii():
        return text.lower()
    lowered = text.casefold()
    if not FOLDABLE.search(lowered):
        return lowered
    if _MARK.search(lowered):
        import unicodedata

        lowered = unicodedata.normalize("NFC", lowered)
    table = _folds()
    # A regex hop from accent to accent: `str.translate` with a table looks every
    # character up (6 s for 9 MB), most of which are ASCII.
    return FOLDABLE.sub(lambda match: table.get(ord(match[0]), match[0]), lowered)


def record_matches(lowered: str, keywords: Sequence[str], mode: str) -> bool:
    """The match rule for one lower-cased record (phrase has a single keyword, tested
    without a generator: this runs for every candidate of a search)."""
    if len(keywords) == 1:
        return keywords[0] in lowered
    if mode == "any":
        return any(keyword in lowered for keyword in keywords)
    return all(keyword in lowered for keyword in keywords)


def chomp(line: str) -> str:
    """A memory line as a record: without the `\\r` of a `\\r\\n` ending."""
    return line[:-1] if line.endswith("\r") else line


def line_speaker(line: str, redactor: Redactor) -> str | None:
    """`speaker_of` a raw log line (None for one that is no JSON object), redacted."""
    try:
        return speaker_of(json.loads(line), redactor)
    except (ValueError, RecursionError):
        return None


def record_text(kind: str, line: str) -> tuple[str, str | None] | None:
    """A record's text and, for a log entry, its role; None for a log line that is no
    entry (not JSON, not an object, not a message or compaction record)."""
    if kind == "memory":
        return chomp(line), None
    try:
        entry = json.loads(line)
        return searchable_text(entry), role_of(entry)
    except (ValueError, RecursionError, AttributeError, TypeError):
        return None


def tool_echo(line: str) -> bool:
    """Whether a log line is what a tool said or was asked, and nothing a person or the
    model said in words: a tool's result, or an assistant turn of tool calls alone
    (`Bash({"command": ...})`). Its words are a command's and a program's output, which
    a question in words answers only where they are the question's own."""
    try:
        entry = json.loads(line)
    except (ValueError, RecursionError):
        return False
    if not isinstance(entry, dict) or is_compaction(entry):
        return False
    if entry.get("role") == "tool":
        return True
    return bool(entry.get("tool_calls")) and not message_text(entry).strip()


def read_record(
    path: str | Path,
    start: int,
    size: int,
    *,
    inode: int | None = None,
    offset: int = 0,
    crc: int | None = None,
) -> str | None:
    """The `size` bytes at `start` of a file, decoded: a record the index located. None
    when the file cannot be opened, is not the one indexed (with `inode`: another inode,
    or shorter than the indexed `offset`; with `crc`: bytes that are not the record
    indexed, the file rewritten in place), or the bytes are not UTF-8."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        if inode is not None:
            st = os.fstat(fd)
            if st.st_ino != inode or st.st_size < offset:
                return None
        raw = os.pread(fd, size, start)
    finally:
        os.close(fd)
    if crc is not None and zlib.crc32(raw) != crc:
        return None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


# --------------------------------------------------------------------------- forgotten


class Hidden:
    """The records `memctl forget` leaves out of search and recall, read once for a run:
    those stating a forgotten fact (`Forgotten`), the thread entries one was taken from
    and the turns of their thread echoing it (`memctl.models.held.Echoes`), and the
    daily ledger lines consolidation holds back too (`memctl.models.held`: a
    restatement of a forgotten fact, a value said before a correction replaced it)."""

    def __init__(self, ws: Workspace):
        stones = read_tombstones(ws)
        self.ws = ws
        self._corrections = [stone for stone in stones if stone.fact and stone.replacement]
        self._old: list[tuple[frozenset[str], float]] | None = None
        self.held: Held | None = None
        if any(stone.fact for stone in stones):
            from memctl.models.held import Held, with_echoes

            self.held = Held(stones)
            self.forgotten = with_echoes(stones)
        else:  # a purge's alone: nothing to echo, and the models' rules not loaded
            self.forgotten = Forgotten.of_tombstones(stones)
        self._days: dict[str, tuple[list[int], list[str | None]]] = {}
        self._logs: dict[str, list[bytes]] = {}

    def __bool__(self) -> bool:
        return bool(self.forgotten)

    def hides(self, kind: str, path: str, number: int | None, text: str) -> bool:
        """Whether the record (a memory file's line `number`, 1-based, or a log's entry
        `number`) is left out. The one rule of what a forget hides: search and recall
        leave such a record out, `explain` says a ledger line is forgotten, memory_get
        marks it (`line`), and `forget` counts it as forgotten already (audit 19 #5: a
        ledger line restating a corrected fact, "still db3", was hidden by search alone)."""
        if self.forgotten.states(text):
            return True
        if kind != "memory":
            return self.forgotten.said_in(path, number) or self.forgotten.echoed(path, text)
        if self.held is None or number is None or not self.held.may_hold(text):
            return False
        if not (path.startswith("memory/") and DAILY_NAME.fullmatch(path.rsplit("/", 1)[-1])):
            return False  # consolidation reads the daily ledgers only
        return self.held.holds(text, self._day(path, number))

    def marked(self, path: str, text: str) -> str:
        """A turn's text of the thread log `path` (relative) with each sentence that
        states a forgotten fact, restates one in its content words (`Held`) or echoes one
        said in that log written FORGOTTEN_TEXT, as thread_history writes a turn a forget
        hides: what explain shows of a turn in a chain. The other sentences stay: they
        are the evidence of the facts that do (audit 20 finding 3: the forgotten
        sentence was printed unmarked as the source of a bullet taken from that turn)."""
        if not self.forgotten:
            return text
        from memctl.models.words import SENTENCE_END

        held = self.held
        parts = re.split(f"({SENTENCE_END.pattern})", text)
        for n in range(0, len(parts), 2):  # sentences; the odd ones are what parts them
            sentence = parts[n].strip()
            if sentence and (
                self.forgotten.states(sentence)
                or self.forgotten.echoed(path, sentence)
                or (held is not None and held.may_hold(sentence) and held.holds(sentence, None))
            ):
                parts[n] = FORGOTTEN_TEXT
        return "".join(parts)

    def line(self, path: str, number: int, text: str) -> str:
        """Line `number` (1-based) of the memory file `path` as a model may read it after
        a forget (memory_get): FORGOTTEN_TEXT for one `hides` leaves out (a heading never
        is), so that the lines keep their numbers."""
        if text.lstrip().startswith("#") or not self.hides("memory", path, number, text):
            return text
        return FORGOTTEN_TEXT

    def corrected(self, text: str, said: float) -> Tombstone | None:
        """The latest correction (`forget --replace`, `memory_replace`) made after
        `said` (a time stamp) whose old value the text states (`_old_value`: "db3" of
        "The staging database is db3." corrected to "Staging runs on db7 now."), as
        "It is db3." did, an answer given before the correction. Such a record is not
        hidden (it may say more, and the turn is no restatement of the fact: `hides`),
        but a reader must know it is older than the correction (audit 11 #3)."""
        if not self._corrections:
            return None
        if self._old is None:
            self._old = [
                (_old_value(stone.fact, stone.replacement or ""), _stamp(stone.at))
                for stone in self._corrections
            ]
        words = _words(text)
        for stone, (old, at) in zip(reversed(self._corrections), reversed(self._old), strict=True):
            if old and said < at and old & words:
                return stone
        return None

    def correction(self, text: str, said: float) -> dict[str, str] | None:
        """`corrected` as a hit carries it: {"fact", "by", "at"} of the correction, the
        fact it replaced, the text that replaced it and when; None for no correction."""
        stone = self.corrected(text, said)
        if stone is None:
            return None
        return {"fact": stone.fact or "", "by": stone.replacement or "", "at": stone.at}

    def mark(self, hit: Hit) -> None:
        """Set a search hit's `corrected` (as recall sets its hits'), its time the one
        recall reads: a thread entry's `ts`, a ledger's date at noon, else its file's
        time. Only a record holding a word of a corrected value is read for its time."""
        if not self._corrections:
            return
        if self._old is None:
            self._old = [
                (_old_value(stone.fact, stone.replacement or ""), _stamp(stone.at))
                for stone in self._corrections
            ]
        lowered = hit.text.replace("’", "'").casefold()  # as `_old_value`'s words are
        if any(word in lowered for old, _at in self._old for word in old):
            hit.corrected = self.correction(hit.text, self._said(hit))

    def _said(self, hit: Hit) -> float:
        """When a search hit's record was said, as the index dates it for recall."""
        if hit.kind == "thread" and hit.entry is not None:
            if hit.path not in self._logs:
                try:
                    self._logs[hit.path] = (self.ws.root / hit.path).read_bytes().split(b"\n")
                except OSError:
                    self._logs[hit.path] = []
            lines = self._logs[hit.path]
            try:
                entry = json.loads(lines[hit.entry]) if hit.entry < len(lines) else None
            except (ValueError, RecursionError):
                entry = None
            ts = entry.get("ts") if isinstance(entry, dict) else None
            if isinstance(ts, str) and (stamp := _stamp(ts)) != float("-inf"):
                return stamp
        elif (day := DAILY_NAME.fullmatch(hit.path.rsplit("/", 1)[-1])) is not None:
            from datetime import datetime

            try:
                year, month, date = (int(part) for part in day.groups())
                return datetime(year, month, date, 12).timestamp()
            except (ValueError, OverflowError, OSError):
                pass
        try:
            return os.stat(self.ws.root / hit.path).st_mtime
        except OSError:
            return float("inf")  # said now: before no correction

    def _day(self, path: str, number: int) -> str | None:
        """The day line `number` of the ledger `path` was said (its block's heading)."""
        if path not in self._days:
            from memctl.core.said import ledger_day, said_day

            starts: list[int] = []
            days: list[str | None] = []
            try:
                text = (self.ws.root / path).read_bytes().decode(TEXT_ENCODING, "replace")
            except OSError:
                text = ""
            for at, line in enumerate(text.splitlines(), 1):
                if line.startswith("#"):
                    starts.append(at)
                    days.append(said_day(line.strip(), ledger_day(path)))
            self._days[path] = (starts, days)
        starts, days = self._days[path]
        index = bisect.bisect_right(starts, number) - 1
        return days[index] if index >= 0 else None


def _words(text: str) -> frozenset[str]:
    """A text's content words (`memctl.models.words.content_words`: no stop words, no
    chat filler), for `Hidden.corrected`: a value ("db3", "7.2", "tuesdays") is one
    word, and the words a fact and its correction share say nothing of either value."""
    from memctl.models.words import content_words

    return frozenset(word.rstrip(".,:") for word in content_words(text))


_NAMED = re.compile(r"(?<![.!?]\s)(?<!^)\b[\w.:/-]*(?:\d|[A-Z])[\w.:/-]*")


def _old_value(fact: str, replacement: str) -> frozenset[str]:
    """The words of a forgotten fact's value that its correction does not say: the value
    its slot reading gives (`supersede.slot`: "db3" of "The staging database is db3."),
    else its words with a digit or a capital (not the sentence's first). Not every word
    the correction lacks: one reworded ("Staging runs on db7 now.") would leave
    "database" as the old value, and mark every earlier record about any database
    (review17 #4)."""
    from memctl.models.supersede import slot

    new = _words(replacement)
    read = slot(fact)
    if read is not None and (old := _words(read.value) - new):
        return old
    marked = _words(" ".join(_NAMED.findall(fact.strip())))
    return (_words(fact) & marked) - new


def _stamp(at: str) -> float:
    """A tombstone's time (ISO 8601) as a time stamp; one that does not read is the
    earliest, so that nothing is said before it."""
    from datetime import datetime

    try:
        return datetime.fromisoformat(at.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return float("-inf")


# --------------------------------------------------------------------------- files


class File(NamedTuple):
    """A file to search, named once: search visits thousands, and pathlib's work a file
    (and a stat a file for the fence) cost more than reading a small one."""

    kind: str  # memory or thread
    path: str
    rel: str
    folder: str  # relative, "" for the workspace root
    symlink: bool
    regular: bool = True  # False: a FIFO or device, reported and never opened


def _listed(entries: Iterable[os.DirEntry[str]], kind: str, folder: str) -> list[File]:
    prefix = folder + "/"
    return [
        File(kind, e.path, prefix + e.name, folder, e.is_symlink(), e.is_file()) for e in entries
    ]


def memory_files(ws: Workspace, include_archive: bool) -> list[File]:
    """MEMORY.md, then memory/*.md (and memory/archive/*.md when asked) sorted by path."""
    found: list[File] = []
    folders = [ws.memory_dir, ws.archive_dir] if include_archive else [ws.memory_dir]
    for folder in folders:
        try:
            with os.scandir(folder) as listing:
                entries = [
                    entry
                    for entry in listing
                    if entry.name.endswith(".md")
                    and not entry.name.startswith(".")
                    and not entry.is_dir()
                ]
        except (FileNotFoundError, NotADirectoryError):
            continue
        found += _listed(entries, "memory", ws.relative(folder))
    found.sort(key=lambda file: file.rel)
    memory_md = memory_md_file(ws)
    return found if memory_md is None else [memory_md, *found]


def memory_md_file(ws: Workspace) -> File | None:
    """MEMORY.md as a search names it, or None when there is no such file."""
    if not ws.memory_md.is_file():
        return None
    path = os.fspath(ws.memory_md)
    return File("memory", path, "MEMORY.md", "", os.path.islink(path))


def thread_logs(ws: Workspace, threads: list[str] | None) -> list[File]:
    """Every log (None), or those of `threads` by id; UsageError for one that is not there."""
    if threads is None:
        return _listed(thread_log_entries(ws, irregular=True), "thread", "threads")
    logs = []
    for thread in sorted(set(threads)):
        path = ws.threads_dir / f"{check_thread_id(thread)}.jsonl"
        if not path.is_file():
            raise UsageError(f"no thread {thread!r} (no {ws.relative(path)})")
        text = os.fspath(path)
        logs.append(File("thread", text, ws.relative(path), "threads", os.path.islink(text)))
    return logs


def odd(files: Iterable[File]) -> dict[str, list[str]]:
    """The names, by folder, of the entries among `files` that the fence decides on at
    every search (symlinks, FIFOs, devices): what the index keeps of a folder's listing
    beside the files it holds (`Listing`)."""
    found: dict[str, list[str]] = {}
    for file in files:
        if file.symlink or not file.regular or not utf8_named(file.rel):
            found.setdefault(file.folder, []).append(file.rel.rpartition("/")[2])
    return found


def odd_files(ws: Workspace, kind: str, folder: str, names: Iterable[str]) -> list[File]:
    """The entries `names` of `folder` (relative) as a listing names them now: each
    looked at again (lstat, and a stat through a symlink), since the target of a
    symlink can change without its folder changing. A name gone, or now a folder, is
    left out, as a listing would."""
    files = []
    root = os.fspath(ws.root)
    for name in names:
        path = os.path.join(root, folder, name)
        try:
            symlink = stat.S_ISLNK(os.lstat(path).st_mode)
        except OSError:
            continue
        if not os.path.isdir(path):
            files.append(
                File(kind, path, f"{folder}/{name}", folder, symlink, os.path.isfile(path))
            )
    return files


class Listing(NamedTuple):
    """Which files a search covers, named rather than listed: a search the index can
    answer takes them from the index (`index.query.indexed_search`), and lists them
    (`files`) only when it cannot. Listing the 56,521 files of a 620 MB workspace, a
    `File` a file, was 0.15 s of every search (issue 26, goal 4)."""

    ws: Workspace
    memory: bool  # MEMORY.md and memory/*.md
    archive: bool  # memory/archive/*.md too
    threads: bool  # the logs in threads/
    named: list[File] | None = None  # --thread: only these logs (listed: they are few)

    def files(self) -> list[File]:
        """The files, listed, in search's order."""
        found = memory_files(self.ws, self.archive) if self.memory else []
        if self.named is not None:
            return found + self.named
        return found + (thread_logs(self.ws, None) if self.threads else [])

    def folders(self) -> dict[str, str]:
        """Each folder (relative) all of whose files it covers, with their kind."""
        folders = {}
        if self.memory:
            folders["memory"] = "memory"
            if self.archive:
                folders["memory/archive"] = "memory"
        if self.threads and self.named is None:
            folders["threads"] = "thread"
        return folders


def thread_log_files(entries: Iterable[os.DirEntry[str]]) -> list[File]:
    """The logs among `entries` of threads/ (irregular ones too, for the fence to
    report), as `thread_logs` lists them: for an update that compares the names of a
    listing it made with the index's before it looks at any one."""
    return _listed([e for e in entries if is_log_entry(e, irregular=True)], "thread", "threads")


class Fence:
    """Which files may be searched: those that, symlinks followed, are MEMORY.md or lie
    under the workspace's own memory/ (threads/ for logs), the rule `get` applies. A
    symlinked file, or a file in a symlinked folder, leading elsewhere is skipped, and
    so is a FIFO or a device (never opened: reading one would block)."""

    def __init__(self, ws: Workspace):
        self.ws = ws
        self.root = ws.root.resolve()
        self.plain: dict[str, bool] = {}  # folder -> it is where it stands (no symlink)

    def stands(self, folder: str) -> bool:
        """Whether `folder` (relative) is where it stands, no symlink on the way: then
        only a symlinked or irregular file in it can be refused."""
        if folder not in self.plain:
            try:
                where = (self.ws.root / folder).resolve()
                self.plain[folder] = where == self.root / folder
            except (OSError, RuntimeError):
                self.plain[folder] = False
        return self.plain[folder]

    def refused(self, file: File) -> str | None:
        """Why `file` may not be searched (its Skipped reason), or None when it may."""
        if not utf8_named(file.rel):
            return "its name is not UTF-8; not searched"
        if not file.regular:
            return _irregular(file)
        if self.stands(file.folder) and not file.symlink:
            return None
        try:
            resolved = Path(file.path).resolve()
        except (OSError, RuntimeError):
            return "symlink loop; not searched"
        if file.kind == "thread":
            allowed = resolved.is_relative_to(self.root / "threads")
        else:
            memory = self.root / "memory"
            allowed = resolved == self.root / "MEMORY.md" or resolved.is_relative_to(memory)
        return None if allowed else "symlink leading outside the workspace; not searched"


def utf8_named(rel: str) -> bool:
    """Whether `rel` is valid UTF-8: a name of other bytes (decoded by the file system's
    surrogate escapes) can be neither stored in the index nor written to stdout, so
    such a file is reported and not searched."""
    if rel.isascii():
        return True
    try:
        rel.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _irregular(file: File) -> str:
    if file.symlink and not os.path.exists(file.path):
        return "a symlink to nothing; not searched"
    return "not a regular file (a FIFO or a device); not searched"


def said_before(corrected: dict[str, str] | None) -> str:
    """The note after a hit said before a correction of what it states (its `corrected`),
    for the text a person or an agent reads (search, recall); empty for any other hit."""
    if corrected is None:
        return ""
    c = corrected
    return f' [said before {c["at"]}, when "{c["fact"]}" was corrected to "{c["by"]}"]'
