"""Purge: overwrite every copy of a text in the workspace (`memctl forget --purge`, issue
25 item 2).

Every file under the workspace is read (ledgers, archived too, MEMORY.md, history copies,
thread logs, evicted results, the provenance sidecar, the tombstones, anything else), and
each copy of a needle (a forgotten fact's text, the query itself) is overwritten in place
with a mask of the same length: every byte offset and watermark stays true and the rest
of each file is byte-identical. A copy is found in any case, its spacing folded, and
inside JSON strings once decoded, so a secret a log holds with escapes (`\\u002d`, `\\"`)
is found too. Only text is masked, never structure (`masked_file`): in JSON (thread
logs, state.json, provenance, tombstones, history sidecars) string values but not keys
nor structural values (role, type, id, tool name, time, digest); in Markdown fact lines
but not headings or comments (a ledger's headers); the index's change journal (file
names) never. What a purge leaves because it is a name or structure is named
(`Purged.unreachable`), for its user to rename or remove. memctl.yaml
is never rewritten, only named (a masked key would break every command); the search
index is deleted (its word and trigram rows hold the text, and SQLite keeps freed pages);
`memctl sync`'s repository is git's history, which a purge does not rewrite. Each file is
written atomically.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import itertools
import json
import os
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from memctl.core.config import PARSED_CACHE
from memctl.core.durable import write_atomic
from memctl.core.forgotten import (
    BULLET,
    PICTOGRAPHS,
    fact_key,
    holds_mask,
    key_digest,
    mask,
)
from memctl.core.memory import is_marker
from memctl.core.threads import TAIL_BYTES as LOG_TAIL_BYTES
from memctl.core.workspace import JOURNAL_NAME, SYNC_GIT_NAME, Workspace
from memctl.pipeline.consolidate import TAIL_BYTES as LEDGER_TAIL_BYTES
from memctl.retrieval.index.store import INDEX_NAME

RUNS = 6
"""How many of a needle's longest letter-and-digit runs `Needles` picks the rarest of."""
LOCK_NAMES = "lock"
"""Files a purge never rewrites (no text in them; a rename would break the lock)."""


@dataclass(frozen=True)
class Needles:
    """What a purge looks for, compiled once for every file."""

    pattern: re.Pattern[str]
    """Any needle, case aside and its spacing folded as `fact_key` folds it (a line
    break or two spaces between its words is the same text); longest first, so a fact
    is masked whole rather than the query inside it."""
    runs: tuple[tuple[bytes, ...], ...] | None
    """Each needle's longest runs of ASCII letters and digits, lower-cased: every copy of
    the needle holds each of them, as written or JSON-escaped (JSON writers escape
    quotes, controls, non-ASCII and a few signs, not a letter or a digit; a file where
    one is escaped, `_ESCAPED_RUN`, is matched whole). So only the lines around the
    rarest run in a file are matched, and a file holding none is passed over at the
    speed of a few `bytes.count` (bench/purge.py times it). None when a needle has no
    such run (a CJK name, which ensure_ascii escapes whole): every file is matched whole."""
    reach: int
    """How far (bytes) around a run's line a copy spanning lines may reach."""

    @classmethod
    def of(cls, texts: list[str]) -> Needles:
        forms = {text: _form(text) for text in texts}
        ordered = sorted((t for t, f in forms.items() if f), key=len, reverse=True)
        pattern = re.compile("|".join(forms[text] for text in ordered), re.IGNORECASE)
        runs = [sorted(set(_runs(text)), key=len)[-RUNS:] for text in texts]
        reach = 4 * max((len(text.encode("utf-8")) for text in texts), default=0)
        if not all(runs):
            return cls(pattern, None, reach)
        return cls(pattern, tuple(tuple(run.encode("ascii") for run in r) for r in runs), reach)

    def spans(self, data: bytes) -> list[tuple[int, int]]:
        """The parts of `data` (whole lines, in order, apart) that may hold a copy."""
        if self.runs is None or _ESCAPED_RUN.search(data):
            return [(0, len(data))] if data else []
        lower = data.lower()
        spans: list[tuple[int, int]] = []
        for runs in self.runs:
            count, rarest = min((lower.count(run), run) for run in runs)
            if count * 2 * self.reach >= len(data):  # in most lines: the whole file
                return [(0, len(data))]
            at = lower.find(rarest)
            while at >= 0:
                start = lower.rfind(b"\n", 0, max(0, at - self.reach)) + 1
                stop = lower.find(b"\n", at + len(rarest) + self.reach)
                stop = len(data) if stop < 0 else stop
                spans.append((start, stop))
                at = lower.find(rarest, at + len(rarest))
        return _merged(spans)


def _runs(text: str) -> list[str]:
    """The runs of ASCII letters and digits every copy of `text` holds, lower-cased: a copy
    may spell ß as "ss" or "ss" as ß, "fi" as the ligature ﬁ (`_folds_to`), and write an
    accented letter as one character (NFC) or as its letter and a combining accent (NFD),
    so a run ends at either (`_spelled`)."""
    plain = unicodedata.normalize("NFC", REDACTION.sub(" ", text)).casefold()
    return re.findall(r"[a-z0-9]+", _multiple_folds().sub(" ", plain), re.ASCII)


@functools.cache
def _folds_to() -> dict[str, str]:
    """Each text several letters long that one character case-folds to (`str.casefold`:
    "ss" for ß and ẞ, "fi" for ﬁ, "ffi" for ﬃ, ...), with a character class of those
    characters: the spellings search folds alike (`corpus.fold`), found by trying every
    code point up to U+1FFFF once a purge needs them."""
    chars: dict[str, list[str]] = {}
    for char in map(chr, range(0x80, 0x20000)):
        if len(folded := char.casefold()) > 1:
            chars.setdefault(folded, []).append(char)
    return {folded: "[" + re.escape("".join(found)) + "]" for folded, found in chars.items()}


@functools.cache
def _multiple_folds() -> re.Pattern[str]:
    """Any text `_folds_to` names (longest first)."""
    return re.compile("|".join(map(re.escape, sorted(_folds_to(), key=len, reverse=True))))


_SPELLINGS = 64
"""The most spellings of one stretch `_spelled` writes out: "sss" has 3 (s+ß, ß+s, sss),
a run of 10 s 89; past this a stretch is matched as written, ß or "ss" each as itself."""


def _spelled(text: str) -> str:
    """A pattern of `text` (a piece of a needle: no spacing, no marker) that also matches
    every spelling search folds alike: ß for "ss" and "ss" for ß ("Busßtopp" for
    "Bussstopp", where the s's pair either way), a ligature for its letters ("ﬁle" for
    "file") and each accented letter in NFC or NFD: the copies search finds
    (`corpus.fold`: "STRASSE" finds "Straße", "Müller" an NFD "Müller"), a purge masks
    (audit 17 M2, M3; review 29 F3). Never more: each stretch where such a spelling may
    stand is written out as each of its spellings. The pattern is compiled caseless."""
    folded = "".join(map(_case_folded, unicodedata.normalize("NFC", text)))
    if folded.isascii() and not _multiple_folds().search(folded):
        return re.escape(folded)
    folds = _folds_to()
    # Where a several-letter fold stands, as (start, end); a stretch is a run of them
    # overlapping one another ("sss": 0-2 and 1-3), cut where none spans.
    spans = sorted(
        (at, at + len(key))
        for key in folds
        for at in range(len(folded))
        if folded.startswith(key, at)
    )
    parts: list[str] = []
    at = 0
    for start, end in spans:
        if start < at:
            continue
        while any(s < end and e > end for s, e in spans):
            end = max(e for s, e in spans if s < end)
        parts += map(_letter, folded[at:start])
        spellings = _spellings(folded[start:end], folds)
        if len(spellings) > _SPELLINGS:
            parts += map(_letter, folded[start:end])
        else:
            parts.append("(?:" + "|".join(spellings) + ")")
        at = end
    parts += map(_letter, folded[at:])
    return "".join(parts)


def _spellings(stretch: str, folds: dict[str, str]) -> list[str]:
    """Each way to write `stretch` (case-folded) as letters and characters that fold to
    several of its letters, as patterns (at most `_SPELLINGS` + 1)."""
    if not stretch:
        return [""]
    found: list[str] = []
    for key, chars in ((stretch[0], _letter(stretch[0])), *folds.items()):
        if stretch.startswith(key):
            found += (chars + rest for rest in _spellings(stretch[len(key) :], folds))
            if len(found) > _SPELLINGS:
                break
    return found


def _case_folded(char: str) -> str:
    """`char` in lower case, or its case fold where that is several letters (ß: "ss"), for
    `_spelled` to find the spellings of: one character for one otherwise (İ, whose lower
    case is two, stays, matched caseless as before)."""
    if char == "İ":
        return char
    return folded if len(folded := char.casefold()) > 1 else char.lower()


def _letter(char: str) -> str:
    """A pattern of one case-folded character, composed (NFC) or not (NFD)."""
    decomposed = unicodedata.normalize("NFD", char)
    if decomposed == char:
        return re.escape(char)
    return f"(?:{re.escape(char)}|{re.escape(decomposed)})"


REDACTION = re.compile(r"\[REDACTED:[^\]\s]+\]")
"""A redaction marker memctl wrote in a fact's text (`redact`): the thread turn and any
copy written before redaction hold the secret itself where the fact holds this."""
_SECRET = (
    r'(?:\[REDACTED:[^\]\s]+\]|(?=[^\s"\\]{8}|[^\s"\\]*?(?:[\d_]|[^\s"\\\w\'’][^\s"\\]))'
    r'[^\s"\\]{1,512})'
)
"""What a marker in a needle matches: a marker, or the secret it stands for (one token:
no spacing, quote or escape; a JSON string's decoded pass finds one written with those)
that looks like one: 8 characters or more, or holding a digit or a sign other than its
last (a needle "The deploy token is [REDACTED:github_token]" is no copy in "The deploy
token is in 1Password.", "in" is no token)."""


_LATIN = "A-Za-z0-9\u00c0-\u024f"
"""Letters and digits of the scripts that space their words (a CJK text does not: a
plain word there is matched wherever it stands)."""
_WORD_CHAR = re.compile(rf"[{_LATIN}]")
_WORD_START = rf"(?<![{_LATIN}])"
_WORD_END = rf"(?![{_LATIN}])"


def _form(text: str) -> str:
    """A needle's pattern: its words as written, any spacing between them, a trailing
    full stop aside, and each redaction marker in it matching the secret it replaced
    too (a purge of a fact with a redacted token masks the copy holding the token), and
    each emoji inside a word optional (`PICTOGRAPHS`: the builtin flush drops them). A
    needle of markers alone matches them as written (else it would match any token that
    looks like a secret). A needle that begins (ends) with a letter or a digit matches
    where a word begins (ends) only, a plain word or a token: "Ana" is no copy in
    "Bananas", "production" none in "reproduction", "db3" none in "db33" (another
    token); a copy of a token is then widened to the token around it (`copies`)."""
    text = text.strip().rstrip(".")
    if not REDACTION.sub(" ", text).strip():
        return r"\s+".join(map(re.escape, text.split()))
    before = _WORD_START if _WORD_CHAR.match(text) else ""
    after = _WORD_END if _WORD_CHAR.match(text[-1]) else ""
    form: list[str] = []
    for piece in re.split(rf"(\s+|{REDACTION.pattern})", text):  # spacing, markers kept
        if piece.isspace():
            form.append(r"\s+")
        elif REDACTION.fullmatch(piece):
            form.append(_SECRET)
        elif _PICTOGRAPH.fullmatch(piece):  # an emoji of its own is said, or no word
            form.append(re.escape(piece))
        elif piece:
            form += (
                f"(?:{re.escape(part)})?" if _PICTOGRAPH.fullmatch(part) else _spelled(part)
                for part in _PICTOGRAPH.split(piece)
                if part
            )
    return before + "".join(form) + after


_PICTOGRAPH = re.compile(f"([{PICTOGRAPHS}]+)")


def secret_like(word: str) -> bool:
    """Whether a word of a needle (or the text a copy matched) looks like a secret or part
    of one, holding a digit or a sign ("hunter2", "acme-web", a redaction marker), so that
    a copy of it is widened to the whole token it stands in (`copies`); a plain word,
    however long ("staging", "Ana", "Tom's", "production"), is masked as a word, never the
    URL, path or longer word around it ("reproduction", "Margarethe": review 26 F6)."""
    return not word.replace("'", "").replace("’", "").isalpha()


_ESCAPED_RUN = re.compile(rb"\\u00(?:3[0-9]|4[1-9a-fA-F]|5[0-9aA]|6[1-9a-fA-F]|7[0-9aA])")
"""A letter or a digit written as a JSON escape, which no common writer does (a hand or
a hostile one may): a file holding one is matched whole."""
_JSON_STRING = re.compile(rb'"(?:[^"\\\n]|\\.)*"')
_HEX4 = re.compile(rb"[0-9a-fA-F]{4}")
_ESCAPES = {ord(k): v for k, v in zip('"\\/bfnrt', '"\\/\b\f\n\r\t', strict=True)}


NESTED = 2
"""How deep a JSON string inside a JSON string is decoded again for a copy (a tool
call's arguments, JSON a host escaped again: `\\\\u00e9`)."""


def _escaped_copies(
    token: bytes, pattern: re.Pattern[str], depth: int = NESTED
) -> list[tuple[int, int]] | None:
    """The spans of a JSON string token (with escapes) that hold a copy once decoded,
    JSON strings inside it decoded again too (`NESTED`), each span whole escapes; None
    when the raw pass finds the same copies as written (json's C decoder and the
    pattern answer it, so the character walk of `_decoded` is only for the few escaped
    copies) or the token is no JSON string. Compared copy by copy, not counted: a raw
    pass that masked `abcd` of `abcd\\u00e9fgh1234` (a needle's shorter copy, a marker's
    token cut at the escape) left the tail `\\u00e9fgh1234` (review 26 F5)."""
    try:
        decoded = json.loads(token)
    except ValueError:  # UnicodeDecodeError too
        return None
    if not isinstance(decoded, str):
        return None
    found = copies(pattern, decoded)
    inner = decoded.encode("utf-8", "surrogateescape") if depth and "\\" in decoded else b""
    nested = [t for t in _JSON_STRING.finditer(inner) if b"\\" in t[0]]
    written = token.decode("utf-8", "surrogateescape")
    as_written = [written[a:b] for a, b in copies(pattern, written, raw_json=True)]
    if not nested and [decoded[a:b] for a, b in found] == as_written:
        return None
    chars = _decoded(token)
    if chars is None:
        return None
    spans = [(chars[a][1], chars[b - 1][2]) for a, b in found]
    for string in nested:
        for first, last in _escaped_copies(string[0], pattern, depth - 1) or []:
            # byte offsets in `inner` to characters of `decoded`, to bytes of `token`
            begin = len(inner[: string.start() + first].decode("utf-8", "surrogateescape"))
            end = len(inner[: string.start() + last].decode("utf-8", "surrogateescape"))
            spans.append((chars[begin][1], chars[end - 1][2]))
    return spans


def _decoded(raw: bytes) -> list[tuple[str, int, int]] | None:
    """A JSON string token's characters, each with the span of raw bytes it is written
    in (an escape `\\u00e9`, a surrogate pair, a UTF-8 sequence); None when it is no valid
    JSON string (text in quotes that is not JSON: the raw pass covers it)."""
    chars: list[tuple[str, int, int]] = []
    at, end = 1, len(raw) - 1
    while at < end:
        byte = raw[at]
        if byte == 0x5C:  # a backslash
            kind = raw[at + 1]
            if kind == ord("u"):
                if not _HEX4.fullmatch(raw, at + 2, at + 6):
                    return None
                code, stop = int(raw[at + 2 : at + 6], 16), at + 6
                low = raw[stop + 2 : stop + 6]
                if (
                    0xD800 <= code < 0xDC00
                    and raw[stop : stop + 2] == b"\\u"
                    and _HEX4.fullmatch(low)
                ):
                    second = int(low, 16)
                    if 0xDC00 <= second < 0xE000:
                        code, stop = 0x10000 + ((code - 0xD800) << 10) + second - 0xDC00, stop + 6
                chars.append((chr(code), at, stop))
                at = stop
            elif kind in _ESCAPES:
                chars.append((_ESCAPES[kind], at, at + 2))
                at += 2
            else:
                return None
        else:
            size = 1 if byte < 0xC0 else 2 if byte < 0xE0 else 3 if byte < 0xF0 else 4
            piece = raw[at : at + size].decode("utf-8", "surrogateescape")
            if len(piece) != 1:  # not UTF-8: byte by byte
                piece, size = raw[at : at + 1].decode("utf-8", "surrogateescape"), 1
            chars.append((piece, at, at + size))
            at += size
    return chars


_TOKEN_CHAR = re.compile(r"[^\x00-\x20\x7f-\xbf\xd7\xf7\u0250-\U0010ffff\"'`\\()<>\[\]{},;=&?/:]")
"""A character of the token a copy stands in (a password, a host, a key): what a copy
is widened over. Printable ASCII and the Latin letters with accents (`abcdéfgh1234` is
one token), no other script (CJK text, "…" and "—" stand next to a secret without a
space) and no sign that ends a secret's token in a URL, a path or a query
("password=hunter2&user=bob")."""
_TOKEN_END = ".!"
_ELLIPSIS = ".."
"""Two dots, which no host, key or password of a sentence holds: the end of a token
("hunter2...and": "and" is the next word)."""
"""A token's trailing signs that end the sentence rather than the token."""


def copies(pattern: re.Pattern[str], text: str, *, raw_json: bool = False) -> list[tuple[int, int]]:
    """Where `text` holds a copy of a needle, each widened to the whole token it stands
    in (`forget hunter2 --purge` masks "hunter2-swordfish", not "hunter2" and leaves
    "-swordfish" of the secret; a fact's last word followed by its full stop is left
    as it was). Only an end that looks like a secret (`secret_like`) is widened.
    `raw_json`: `text` is a file's raw text, which may hold JSON strings: a copy never
    starts in, ends in or widens over an escape (`\\n`, `\\u00e9`), whose masked letter
    leaves the file no valid JSON. Copies do not overlap."""

    def escaped(at: int) -> bool:
        return raw_json and at < len(text) and _escaped(text, at)

    found: list[tuple[int, int]] = []
    for match in pattern.finditer(text):
        start, stop = match.span()
        if start == stop or escaped(start) or escaped(stop):
            continue
        words = match[0].split()
        if secret_like(words[0]):
            while (
                start > 0
                and _TOKEN_CHAR.match(text, start - 1)
                and not escaped(start - 1)
                and not text.startswith(_ELLIPSIS, start - 2)
            ):
                start -= 1
        end = stop
        if secret_like(words[-1]):  # a token's sentence-ending sign, even matched, stays
            while (
                end < len(text)
                and _TOKEN_CHAR.match(text, end)
                and not text.startswith(_ELLIPSIS, end)
            ):
                end += 1
            while end > start + 1 and text[end - 1] in _TOKEN_END:
                end -= 1
        if found and start < found[-1][1]:
            found[-1] = (found[-1][0], max(end, found[-1][1]))
        else:
            found.append((start, end))
    return found


_UNICODE_ESCAPE = re.compile(r"u[0-9a-fA-F]{4}")
_ESCAPE_LETTERS = '"\\/bfnrtu'


def _escaped(text: str, at: int) -> bool:
    """Whether text[at] is a letter of a JSON escape begun before it (the `n` of `\\n`, a
    hex digit of `\\u00e9`): after an odd run of backslashes."""
    for slash in range(at - 1, max(at - 6, -1), -1):
        if text[slash] != "\\":
            continue
        run = 1
        while slash - run >= 0 and text[slash - run] == "\\":
            run += 1
        if slash == at - 1:
            return run % 2 == 1 and text[at] in _ESCAPE_LETTERS
        return run % 2 == 1 and bool(_UNICODE_ESCAPE.match(text, slash + 1))
    return False


def _masked_text(pattern: re.Pattern[str], text: str, *, raw_json: bool = False) -> str:
    """`text` (decoded from a file) with its copies (`copies`) masked, each by as many
    bytes in UTF-8 as it has in the file."""
    pieces: list[str] = []
    at = 0
    for start, stop in copies(pattern, text, raw_json=raw_json):
        size = len(text[start:stop].encode("utf-8", "surrogateescape"))
        pieces += [text[at:start], mask(size).decode("utf-8")]
        at = stop
    return "".join(pieces) + text[at:]


def masked(data: bytes, needles: Needles) -> bytes:
    """`data` with every copy of the needles overwritten by a mask of its length in
    bytes, so every byte offset (flush watermarks, consolidation offsets) stays true and
    the rest is byte-identical. Inside JSON strings (thread logs, evicted results, any
    JSON memctl writes) a copy is looked for in the decoded text too: a secret written
    with escapes (`\\u002d`, `\\n`) is the same secret; its escaped bytes are masked."""
    out = bytearray(data)
    for start, stop in needles.spans(data):
        _mask_span(data, out, start, stop, needles.pattern)
    return bytes(out)


def _mask_span(
    data: bytes, out: bytearray, start: int, stop: int, pattern: re.Pattern[str]
) -> None:
    """Mask in `out` the copies in data[start:stop] (a part of a file, a JSON string
    token), as written and, inside JSON strings once decoded, written with escapes; the
    masks keep every length. A JSON string the decoded pass read (`_mask_escaped`) is
    left out of the raw pass: as written, a copy there may end at an escape that is a
    letter of the same word (`hunter2\\u00e9t` is no copy of "hunter2")."""
    read = _mask_escaped(data, out, start, stop, pattern) if b"\\" in data[start:stop] else []
    text = bytes(out[start:stop]).decode("utf-8", "surrogateescape")
    raw = bytearray(_masked_text(pattern, text, raw_json=True).encode("utf-8", "surrogateescape"))
    for first, last in read:  # as the decoded pass left it
        raw[first - start : last - start] = out[first:last]
    out[start:stop] = raw


def _mask_escaped(
    data: bytes, out: bytearray, start: int, stop: int, pattern: re.Pattern[str]
) -> list[tuple[int, int]]:
    """Mask in `out` the copies inside the JSON strings with escapes of data[start:stop]
    that the raw pass would not find as written (`_escaped_copies`), and say where those
    strings' text is (the raw pass leaves it)."""
    read: list[tuple[int, int]] = []
    for token in _JSON_STRING.finditer(data, start, stop):
        if b"\\" not in token[0]:
            continue
        spans = _escaped_copies(token[0], pattern)
        if spans is None:
            continue
        read.append((token.start() + 1, token.end() - 1))
        for first, last in _merged(spans):
            at = token.start()
            out[at + first : at + last] = mask(last - first)  # valid inside a JSON string
    return read


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """`spans`, in order, those that overlap or touch made one."""
    merged: list[tuple[int, int]] = []
    for start, stop in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(stop, merged[-1][1]))
        else:
            merged.append((start, stop))
    return merged


STRUCTURAL_KEYS = frozenset(
    {"role", "type", "id", "tool_call_id", "ts", "timestamp", "time", "at", "path", "file"}
)
"""JSON keys whose values are structure, never text: a masked role, id or time breaks
the log or the record that holds it (`forget assistant --purge` once made every role
`[ssist[nt`)."""
_STRUCTURAL_KEY = re.compile(r"hash|head|tail|digest|crc|sha|_at$|_id$", re.IGNORECASE)
"""Keys naming a hash, a thread's head or tail, a time or an id (a masked digest
character made the next flush re-read a thread from its first entry)."""
_TOOL_KEYS = frozenset({"function", "tool_calls"})
"""A `name` under these is a tool's, which the runtime looks up: structure."""
_HEX = re.compile(r"(?:sha256:)?[0-9a-fA-F]{16,}")
"""A value that is a digest, whatever key it is under."""
_TIME = re.compile(r"\d{4}-\d\d-\d\d(?:[T ]\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)?)?")
"""A value that is a date or a time (state's `runs`, whatever key it is under)."""
LISTED = 5
"""How many unreachable copies the one line on stderr names."""


def listed(places: list[str]) -> str:
    """The first LISTED of `places`, joined for one line, "..." when there are more."""
    return ", ".join(places[:LISTED]) + (", ..." if len(places) > LISTED else "")


def _structural(key: str | None, parent: str | None, value: str) -> bool:
    """Whether a JSON string value under `key` (in a container under `parent`) is
    structure a purge leaves (and names) rather than text it masks."""
    if _HEX.fullmatch(value) or _TIME.fullmatch(value):
        return True
    if key is None:
        return False
    if key in STRUCTURAL_KEYS or _STRUCTURAL_KEY.search(key):
        return True
    return key == "name" and parent in _TOOL_KEYS


def _json_strings(doc: bytes) -> list[tuple[int, int, str | None, str | None]]:
    """Each string token of a valid JSON document: (start, stop, key, parent), where key
    is None for an object's key (`parent` then holds the key itself) and, for a value,
    the key it is under (an array's items are under the array's), `parent` the key of
    the object holding it. Strings are skipped whole, so a brace inside one is text."""
    found: list[tuple[int, int, str | None, str | None]] = []
    stack: list[list[str | None]] = []  # [kind, the container's key, the current key]
    at, size = 0, len(doc)
    while at < size:
        byte = doc[at]
        if byte == 0x22:  # a quote
            token = _JSON_STRING.match(doc, at)
            if token is None:
                return found
            after = token.end()
            while after < size and doc[after] in b" \t\r\n":
                after += 1
            top = stack[-1] if stack else None
            if top is not None and top[0] == "{" and after < size and doc[after] == 0x3A:
                top[2] = _text(token[0])
                found.append((token.start(), token.end(), None, top[2]))
            else:
                key = None if top is None else top[2] if top[0] == "{" else top[1]
                found.append((token.start(), token.end(), key, None if top is None else top[1]))
            at = token.end()
            continue
        if byte in b"{[":
            top = stack[-1] if stack else None
            key = None if top is None else top[2] if top[0] == "{" else top[1]
            stack.append(["{" if byte == 0x7B else "[", key, None])
        elif byte in b"}]" and stack:
            stack.pop()
        at += 1
    return found


def _text(token: bytes) -> str:
    """A JSON string token of a valid document, decoded (json's decoder only for one
    with escapes: a thread log has millions of tokens)."""
    if b"\\" not in token:
        return token[1:-1].decode("utf-8", "surrogateescape")
    return str(json.loads(token))


def _holds(token: bytes, pattern: re.Pattern[str]) -> bool:
    """Whether a JSON string token holds a copy, as written or decoded (JSON strings
    inside it decoded too, `NESTED`)."""
    if pattern.search(token.decode("utf-8", "surrogateescape")):
        return True
    return b"\\" in token and bool(_escaped_copies(token, pattern))


def _masked_json(
    data: bytes, out: bytearray, start: int, stop: int, needles: Needles, unreachable: list[str]
) -> None:
    """Mask in `out` the text of the JSON document data[start:stop]: its string values
    but the structural ones; a key or a structural value holding a copy is named in
    `unreachable` (`key NAME`, or the key it is under)."""
    doc = data[start:stop]
    for first, last, key, parent in _json_strings(doc):
        token = doc[first:last]
        if not _holds(token, needles.pattern):
            continue
        if key is None:
            unreachable.append(f"key {parent}")
        elif _structural(key, parent, _text(token)):
            unreachable.append(f"{key} value")
        else:
            _mask_span(data, out, start + first, start + last, needles.pattern)


def _lines(data: bytes, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The lines (start, stop, without the line break) of `data` within `spans`."""
    found: list[tuple[int, int]] = []
    for start, stop in spans:
        at = start
        while at <= stop:
            end = data.find(b"\n", at, stop)
            end = stop if end < 0 else end
            if end > at:
                found.append((at, end))
            at = end + 1
    return found


def masked_file(name: str, data: bytes, needles: Needles) -> tuple[bytes, list[str]]:
    """`data` (the file `name`) with the copies of the needles in its text masked, and
    what holds one a purge leaves because it is structure. JSON (`.json`, and each line
    of a `.jsonl`) is masked in its string values only, never a key nor a structural
    value (`_structural`); Markdown (`.md`) in its fact lines only, line by line, never
    a heading (a ledger's headers name threads and link `explain` to its entries) or a
    marker memctl wrote (`memory.is_marker`: a user's own HTML comment is text, masked);
    what is no valid JSON, and any other file, as text (`masked`)."""
    markdown = name.endswith(".md")
    wraps = markdown and _WRAPPED.search(data) is not None
    spans = [(0, len(data))] if wraps else needles.spans(data)  # a run may be cut by a wrap
    if not spans:
        return data, []
    out = bytearray(data)
    left: list[str] = []
    if markdown:
        lines = _lines(data, spans)
        for start, stop in lines:
            line = data[start:stop].decode("utf-8", "surrogateescape")
            if not needles.pattern.search(line):
                continue
            if _structure(line):
                number = data.count(b"\n", 0, start) + 1
                left.append(f"line {number}")
                continue
            out[start:stop] = _masked_text(needles.pattern, line).encode("utf-8", "surrogateescape")
        if wraps:
            _mask_wraps(out, lines, needles.pattern)
        return bytes(out), left
    if name.endswith((".json", ".jsonl")):
        pieces = [(0, len(data))] if name.endswith(".json") else _lines(data, spans)
        for start, stop in pieces:
            try:
                json.loads(data[start:stop])
            except ValueError:  # no JSON (a torn line, a hand's): text
                out[start:stop] = masked(data[start:stop], needles)
                continue
            _masked_json(data, out, start, stop, needles, left)
        return bytes(out), left
    return masked(data, needles), []


_WRAPPED = re.compile(rb"\n[ \t]+[^\s#<*+\-]")
"""A line that may go on the line before it: indented, no bullet, heading or comment."""


def _structure(line: str) -> bool:
    """A Markdown heading or a marker memctl wrote: a purge leaves (and names) it."""
    return line.lstrip().startswith("#") or is_marker(line)


def _mask_wraps(out: bytearray, lines: list[tuple[int, int]], pattern: re.Pattern[str]) -> None:
    """Mask in `out` (Markdown) each copy that a line wrap cuts: a line and the indented
    line after it that goes on with it (no bullet, heading or marker of its own), read as
    one with the wrap and its indentation taken out (a bullet's token `ab1cd` ending a
    line, `éfgh1234` starting the next); each part is masked on its own line, every
    line break and indentation kept."""
    for (start, stop), (begin, end) in itertools.pairwise(lines):
        if begin != stop + 1:
            continue
        first = bytes(out[start:stop]).decode("utf-8", "surrogateescape")
        second = bytes(out[begin:end]).decode("utf-8", "surrogateescape")
        text = second.lstrip()
        indent = len(second) - len(text)
        if not indent or BULLET.match(second) or _structure(first) or _structure(second):
            continue
        cut = len(first)
        for at, until in copies(pattern, first + text):
            if at < cut < until:
                head, tail = first[at:], text[: until - cut]
                size = len(head.encode("utf-8", "surrogateescape"))
                out[stop - size : stop] = mask(size)
                size = len(tail.encode("utf-8", "surrogateescape"))
                at = begin + len(second[:indent].encode("utf-8", "surrogateescape"))
                out[at : at + size] = mask(size)


@dataclass
class Purged:
    """What a purge rewrote (or would), and what it leaves as it is."""

    changed: list[str]
    """The files rewritten, sorted (the index's files deleted among them)."""
    config: bool = False
    """memctl.yaml holds a copy: a purge never rewrites it (masking a key or a value of
    the configuration would leave a workspace no command can open); its user does."""
    unreachable: list[str] = field(default_factory=list)
    """Copies in names or structure, which a purge does not rewrite: `PATH (name)` (a
    file or folder's name), `PATH (line N)` (a Markdown heading or comment), `PATH (key
    K)`, `PATH (K value)` (a JSON key, a structural value), `PATH (file names)` (the
    index's change journal, which lists files written)."""


def purge_files(
    ws: Workspace,
    needles: list[str],
    *,
    dry_run: bool,
    index: bool = False,
    sayings: Iterable[tuple[str, int, str]] = (),
) -> Purged:
    """Mask every copy of each needle in the text of every file of the workspace
    (`masked_file`): memory files (archived too), MEMORY.md, history copies, thread logs,
    evicted results, state.json, the provenance sidecar, the tombstones, anything else
    under it, but the configuration (memctl.yaml and its parsed copy), which is only
    said to hold one, and the index's change journal (file names, no text). The index
    is dropped when something else held a copy (its word and trigram rows, and pages
    SQLite freed but kept, hold the text; the next search rebuilds it from the purged
    files). Names and structure holding a copy are listed in `unreachable`. `index`:
    drop the index even when no file here holds a copy any more (`sync`, whose merge
    wrote the masked copies a purge elsewhere made before this runs: the index still
    holds the text it had indexed). `sayings`: (a thread log relative to the workspace,
    an entry of it, a sentence) masked in that one entry only (`provenance.sayings`: the
    turn a fact was said in; the same sentence in another entry was said by another)."""
    found = Needles.of(needles)
    within = _by_log(sayings)
    result = Purged([])
    index_files: list[Path] = []
    rewrites: dict[Path, tuple[bytes, bytes]] = {}
    sync_repo = ws.state_dir / SYNC_GIT_NAME
    configuration = {ws.config_path, ws.root / PARSED_CACHE}
    for folder, dirs, files in os.walk(ws.root):
        dirs[:] = [d for d in dirs if not d.startswith(".git") and Path(folder) / d != sync_repo]
        for name in sorted(dirs):
            if found.pattern.search(name):
                result.unreachable.append(f"{ws.relative(Path(folder) / name)}/ (name)")
        for name in sorted(files):
            path = Path(folder) / name
            rel = ws.relative(path)
            if found.pattern.search(name):
                result.unreachable.append(f"{rel} (name)")
            if name.startswith(INDEX_NAME):
                index_files.append(path)
                continue
            if name.endswith(LOCK_NAMES) or path.is_symlink() or not path.is_file():
                continue
            data = path.read_bytes()
            if name == JOURNAL_NAME:
                if found.spans(data) and found.pattern.search(data.decode("utf-8", "replace")):
                    result.unreachable.append(f"{rel} (file names)")
                continue
            if path in configuration:  # named as a whole (`config`), never rewritten
                if masked(data, found) != data:
                    result.config = result.config or path == ws.config_path
                continue
            # The turns' sayings first: a needle masked inside one (the query, a
            # token) would leave the rest of its sentence unmatched, the rest of a
            # secret with it.
            left: list[str] = []
            rewritten = _masked_entries(name, data, within.get(rel, []), left)
            rewritten, held = masked_file(name, rewritten, found)
            left += held
            result.unreachable += [f"{rel} ({where})" for where in dict.fromkeys(left)]
            if rewritten == data:
                continue
            result.changed.append(rel)
            rewrites[path] = (data, rewritten)
            if not dry_run:
                write_atomic(path, rewritten)  # keeps the file's mode
    restamped = [ws.relative(ws.state_path)] if _restamp(ws, rewrites, dry_run=dry_run) else []
    if result.changed or index:
        for path in index_files:
            result.changed.append(ws.relative(path))
            if not dry_run:
                path.unlink(missing_ok=True)
    result.changed = sorted({*result.changed, *restamped})
    return result


def _by_log(sayings: Iterable[tuple[str, int, str]]) -> dict[str, list[tuple[int, str]]]:
    within: dict[str, list[tuple[int, str]]] = {}
    for log, entry, sentence in sayings:
        within.setdefault(log, []).append((entry, sentence))
    return within


def _masked_entries(
    name: str, data: bytes, sayings: list[tuple[int, str]], left: list[str]
) -> bytes:
    """`data` (a thread log) with each sentence of `sayings` masked in its entry (the
    log's line of that number) only; what holds one a purge leaves is added to `left`."""
    for entry, sentence in sayings:
        start = 0
        for _ in range(entry):
            start = data.find(b"\n", start) + 1
            if not start:
                break
        else:
            stop = data.find(b"\n", start)
            stop = len(data) if stop < 0 else stop
            line, held = masked_file(name, data[start:stop], Needles.of([sentence]))
            left += held
            data = data[:start] + line + data[stop:]
    return data


def _restamp(ws: Workspace, rewrites: dict[Path, tuple[bytes, bytes]], *, dry_run: bool) -> bool:
    """Keep true what state.json says of the bytes a purge rewrites (`rewrites`: each
    file's bytes before and after): a thread log's `head` (the hash of its first line:
    a purge of a secret said there made flush take the log for a new one and send it
    all again) and its `place`'s tail, and a ledger's consolidation tail (else merged
    text is read and merged again). A digest that did not match the file before the
    purge stays as it was: it was no true one to keep. Whether state.json changes (is
    written, unless `dry_run`)."""
    logs = {
        path.name.removesuffix(".jsonl"): pair
        for path, pair in rewrites.items()
        if path.parent == ws.threads_dir and path.name.endswith(".jsonl")
    }
    ledgers = {
        ws.relative(path): pair
        for path, pair in rewrites.items()
        if path.parent in (ws.memory_dir, ws.archive_dir) and path.suffix == ".md"
    }
    if not logs and not ledgers:
        return False
    with ws.lock():
        state = ws.read_state()
        changed = False
        for thread, (old, new) in logs.items():
            record = state.threads.get(thread)
            if record is not None and record.head is not None and record.head == _head(old):
                changed, record.head = changed or _head(new) != record.head, _head(new)
            place = record.place if record is not None else None
            if place is not None and place.tail == _before(old, place.offset, LOG_TAIL_BYTES):
                tail = _before(new, place.offset, LOG_TAIL_BYTES)
                changed, place.tail = changed or tail != place.tail, tail
        marks = state.consolidation
        for key, (old, new) in ledgers.items():
            offset, was = marks.offsets.get(key), marks.tails.get(key)
            if offset is not None and was == _before(old, offset, LEDGER_TAIL_BYTES):
                tail = _before(new, offset, LEDGER_TAIL_BYTES)
                changed, marks.tails[key] = changed or tail != was, tail
        if changed and not dry_run:
            ws.write_state(state)
    return changed


def _head(data: bytes) -> str | None:
    """SHA-256 of a log's first whole line, as flush keeps it (`threads.head_of`)."""
    end = data.find(b"\n")
    return hashlib.sha256(data[: end + 1]).hexdigest() if end >= 0 else None


def _before(data: bytes, offset: int, size: int) -> str:
    """SHA-256 of the `size` bytes before `offset`, as flush and consolidation keep it."""
    return hashlib.sha256(data[max(0, offset - size) : offset]).hexdigest()


def purged_facts(
    ws: Workspace, digests: set[str], more: Iterable[str] = (), *, legacy: bool
) -> list[str]:
    """The facts a purge tombstone names that this workspace still states in plain text:
    each line of MEMORY.md, of the ledgers (archived too), of the kept history copies and
    of `more` (texts about to be written) whose fact key has one of `digests`, as written
    (without its bullet), once each. A purge made on another machine arrives (through
    `memctl sync`) as its tombstone alone, a digest with no text; these lines are what
    this machine can still recognise of it, and so mask (`purge_files`). `legacy`: the
    merged tombstones hold an older memctl's purge (`forgotten.older_masks`)."""
    if not digests:
        return []
    paths = [ws.memory_md, *ws.daily_files(include_archive=True)]
    if ws.history_dir.is_dir():
        paths += sorted(ws.history_dir.glob("MEMORY-*.md"))
    texts: list[str] = list(more)
    for path in paths:
        with contextlib.suppress(OSError):
            texts.append(path.read_text(encoding="utf-8", errors="replace"))
    return list(stating(texts, digests, legacy=legacy))


def stating(texts: Iterable[str], digests: set[str], *, legacy: bool) -> dict[str, str]:
    """The lines of `texts` (Markdown: headings and memctl's markers aside) stating a fact whose
    key has one of `digests`, as written without the bullet, each with its digest: a
    purged fact, which its tombstone knows by the digest alone. A line holding a purge's
    mask states none (`legacy`: an older memctl's too, `forgotten.older_masks`)."""
    found: dict[str, str] = {}
    if not digests:
        return found
    for text in texts:
        for line in text.splitlines():
            line = line.strip()
            if (
                not line
                or line.startswith("#")
                or is_marker(line)
                or holds_mask(line, legacy=legacy)
            ):
                continue
            key = fact_key(line)
            if key and (digest := key_digest(key)) in digests:
                found.setdefault(BULLET.sub("", line), digest)
    return found
