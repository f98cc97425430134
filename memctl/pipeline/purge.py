"""Purge: overwrite every copy of a text in the workspace (`memctl forget --purge`, issue
25 item 2).

Every file under the workspace is read (ledgers, archived too, MEMORY.md, history copies,
thread logs, evicted results, the provenance sidecar, the tombstones, anything else), and
each copy of a needle (a forgotten fact's text, the query itself) is overwritten in place
with a mask of the same length: every byte offset and watermark stays true and the rest
of each file is byte-identical. A copy is found in any case, its spacing folded, and
inside JSON strings once decoded, so a secret a log holds with escapes (`\\u002d`, `\\"`)
is found too. state.json is masked in its values only (its keys are names); memctl.yaml
is never rewritten, only named (a masked key would break every command); the search
index is deleted (its word and trigram rows hold the text, and SQLite keeps freed pages);
`memctl sync`'s repository is git's history, which a purge does not rewrite. Each file is
written atomically.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memctl.core.config import PARSED_CACHE
from memctl.core.durable import write_atomic
from memctl.core.forgotten import mask
from memctl.core.workspace import Workspace
from memctl.pipeline.sync import GIT_DIR
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
        forms = {r"\s+".join(map(re.escape, text.rstrip(".").split())) for text in texts}
        forms.discard("")
        pattern = re.compile("|".join(sorted(forms, key=len, reverse=True)), re.IGNORECASE)
        runs = [
            sorted(set(re.findall(r"[a-z0-9]+", text.lower(), re.ASCII)), key=len)[-RUNS:]
            for text in texts
        ]
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
        merged: list[tuple[int, int]] = []
        for start, stop in sorted(spans):
            if merged and start <= merged[-1][1]:
                merged[-1] = (merged[-1][0], max(stop, merged[-1][1]))
            else:
                merged.append((start, stop))
        return merged


_ESCAPED_RUN = re.compile(rb"\\u00(?:3[0-9]|4[1-9a-fA-F]|5[0-9aA]|6[1-9a-fA-F]|7[0-9aA])")
"""A letter or a digit written as a JSON escape, which no common writer does (a hand or
a hostile one may): a file holding one is matched whole."""
_JSON_STRING = re.compile(rb'"(?:[^"\\\n]|\\.)*"')
_HEX4 = re.compile(rb"[0-9a-fA-F]{4}")
_ESCAPES = {ord(k): v for k, v in zip('"\\/bfnrt', '"\\/\b\f\n\r\t', strict=True)}


def _may_hold(token: bytes, pattern: re.Pattern[str]) -> bool:
    """Whether a JSON string token holds, once decoded, a copy that is not written as
    is (the raw pass masks those): json's C decoder and the pattern answer it, so the
    character walk of `_decoded` is only for the few escaped copies. True for a token
    json refuses."""
    try:
        decoded = len(pattern.findall(json.loads(token)))
    except ValueError:  # UnicodeDecodeError too
        return True
    return decoded > len(pattern.findall(token.decode("utf-8", "surrogateescape")))


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


def _mask_text(found: re.Match[str]) -> str:
    """The mask of a copy found in decoded text: as many ASCII characters as it has
    bytes in the file."""
    return mask(len(found[0].encode("utf-8", "surrogateescape"))).decode("ascii")


def masked(data: bytes, needles: Needles) -> bytes:
    """`data` with every copy of the needles overwritten by a mask of its length in
    bytes, so every byte offset (flush watermarks, consolidation offsets) stays true and
    the rest is byte-identical. Inside JSON strings (thread logs, evicted results, any
    JSON memctl writes) a copy is looked for in the decoded text too: a secret written
    with escapes (`\\u002d`, `\\n`) is the same secret; its escaped bytes are masked."""
    out = bytearray(data)
    for start, stop in needles.spans(data):
        if b"\\" in data[start:stop]:
            _mask_escaped(data, out, start, stop, needles.pattern)
        text = bytes(out[start:stop]).decode("utf-8", "surrogateescape")
        text = needles.pattern.sub(
            _mask_text,
            text,
        )
        out[start:stop] = text.encode("utf-8", "surrogateescape")  # the same length
    return bytes(out)


def _mask_escaped(
    data: bytes, out: bytearray, start: int, stop: int, pattern: re.Pattern[str]
) -> None:
    """Mask in `out` the copies inside the JSON strings with escapes of data[start:stop]
    (as written, a copy is the raw pass's)."""
    for token in _JSON_STRING.finditer(data, start, stop):
        if b"\\" not in token[0] or not _may_hold(token[0], pattern):
            continue
        chars = _decoded(token[0])
        if not chars:
            continue
        for found in pattern.finditer("".join(char for char, _, _ in chars)):
            if found.end() > found.start():
                first = token.start() + chars[found.start()][1]
                last = token.start() + chars[found.end() - 1][2]
                out[first:last] = mask(last - first)  # ASCII: valid inside a JSON string


def _purge_state(ws: Workspace, pattern: re.Pattern[str], *, dry_run: bool) -> bool:
    """Mask the copies in state.json's values (a transcript's title, a flush note), read
    and written as `State`: its keys are names (thread ids, the absolute paths of the
    imported transcripts and of the exports), which a purge no more rewrites than it
    renames a file; masked, an export could not be written again without the fact, and
    a transcript would be imported again whole, the secret with it. Whether it changed."""
    state = ws.read_state()
    purged = _masked_value(state, pattern)
    if purged == state:
        return False
    if not dry_run:
        ws.write_state(purged)
    return True


def _masked_value(value: Any, pattern: re.Pattern[str]) -> Any:
    """`value` (a `State`, or a part of one) with each string value masked; keys kept."""
    if isinstance(value, str):
        return pattern.sub(
            _mask_text,
            value,
        )
    if isinstance(value, list):
        return [_masked_value(item, pattern) for item in value]
    if isinstance(value, dict):
        return {key: _masked_value(item, pattern) for key, item in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {
            part.name: _masked_value(getattr(value, part.name), pattern)
            for part in dataclasses.fields(value)
            if part.init
        }
        return dataclasses.replace(value, **changes)
    return value


@dataclass
class Purged:
    """What a purge rewrote (or would), and the configuration it leaves as it is."""

    changed: list[str]
    """The files rewritten, sorted (the index's files deleted among them)."""
    config: bool = False
    """memctl.yaml holds a copy: a purge never rewrites it (masking a key or a value of
    the configuration would leave a workspace no command can open); its user does."""


def purge_files(ws: Workspace, needles: list[str], *, dry_run: bool) -> Purged:
    """Mask every copy of each needle in every file of the workspace: memory files
    (archived too), MEMORY.md, history copies, thread logs, evicted results, the
    provenance sidecar, the tombstones, the index's journal, anything else under it,
    but the configuration (memctl.yaml and its parsed copy), which is only said to hold
    one. The index is dropped when something else held a copy (its word and trigram
    rows, and pages SQLite freed but kept, hold the text; the next search rebuilds it
    from the purged files)."""
    found = Needles.of(needles)
    result = Purged([])
    index_files: list[Path] = []
    sync_repo = ws.state_dir / GIT_DIR
    configuration = {ws.config_path, ws.root / PARSED_CACHE}
    for folder, dirs, files in os.walk(ws.root):
        dirs[:] = [d for d in dirs if not d.startswith(".git") and Path(folder) / d != sync_repo]
        for name in sorted(files):
            path = Path(folder) / name
            if name.startswith(INDEX_NAME):
                index_files.append(path)
                continue
            if name.endswith(LOCK_NAMES) or path.is_symlink() or not path.is_file():
                continue
            if path == ws.state_path:
                if _purge_state(ws, found.pattern, dry_run=dry_run):
                    result.changed.append(ws.relative(path))
                continue
            data = path.read_bytes()
            rewritten = masked(data, found)
            if rewritten == data:
                continue
            if path in configuration:
                result.config = result.config or path == ws.config_path
                continue
            result.changed.append(ws.relative(path))
            if not dry_run:
                write_atomic(path, rewritten)  # keeps the file's mode
    if result.changed:
        for path in index_files:
            result.changed.append(ws.relative(path))
            if not dry_run:
                path.unlink(missing_ok=True)
    result.changed.sort()
    return result
