"""state.json: the one owner of its shape.

Every field memctl keeps between runs is named here, with its type; `State.load`
checks a file against these types before any command uses it, so a hand-edited or
damaged value is one line and exit 2 everywhere (status, thread list and flush once
disagreed: one crashed, one read the value as 0). To add a field, add it to the
dataclass that owns it, with a default: loading, checking and writing follow from the
type. Keys this version does not know (written by a newer memctl) are kept as read.

Types understood: `int` (a whole number, at least 0), `str`, `datetime` (ISO-8601 with
an offset), `list[int]`, `dict[str, T]`, `T | None`, and nested dataclasses of these.
Empty containers and None are left out of the file.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import types
import typing
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from memctl.errors import WorkspaceError

STATE_VERSION = 1


@dataclass
class ThreadMark:
    """A thread log's flush watermark (`threads.<id>`)."""

    flushed: int = 0
    """Log lines already processed by flush."""
    stamp: list[int] | None = None
    """The log's [size, mtime_ns] when `flushed` reached its end: an unchanged log is
    not read again."""


@dataclass
class PendingMerge:
    """Offsets a consolidation earns once its MEMORY.md is on disk (`consolidation.pending`)."""

    memory_sha256: str = ""
    memory_bytes: int = 0
    offsets: dict[str, int] = field(default_factory=dict)


@dataclass
class Consolidation:
    offsets: dict[str, int] = field(default_factory=dict)
    """Daily file (relative path) -> bytes already merged into MEMORY.md."""
    pending: PendingMerge | None = None


@dataclass
class ImportMark:
    """How far a transcript file was imported (`imports.<its absolute path>`)."""

    thread: str = ""
    format: str = ""
    offset: int = 0
    """Bytes read: the next import reads on from here."""
    line: int = 1
    """The number of the line at `offset`, for messages."""
    head: str = ""
    """Fingerprint of the file's first bytes (up to 4 KiB)."""
    tail: str = ""
    """Fingerprint of the 4 KiB before `offset`: a rewritten file differs in one of the two."""
    log_bytes: int = 0
    """The thread log's size after the import."""
    context: dict[str, Any] = field(default_factory=dict)
    """What the format's reader needs to read on (tool calls still unanswered, ...)."""
    about: dict[str, str] = field(default_factory=dict)
    """project, title and started: what `thread list` shows for the thread."""


@dataclass
class State:
    version: int = STATE_VERSION
    threads: dict[str, ThreadMark] = field(default_factory=dict)
    consolidation: Consolidation = field(default_factory=Consolidation)
    runs: dict[str, datetime] = field(default_factory=dict)
    """Job name (flush, flush_auto, consolidate, archive, maintain, ...) -> last run."""
    windows: dict[str, int] = field(default_factory=dict)
    """Model name -> the context window an overflow error stated."""
    imports: dict[str, ImportMark] = field(default_factory=dict)
    """Transcript file -> how far `thread import` read it."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Top-level keys this version does not know, written back as read."""

    @classmethod
    def load(cls, data: Any, where: str) -> State:
        """`data` (parsed JSON) checked against the types; WorkspaceError names the key."""
        if not isinstance(data, dict):
            raise WorkspaceError(f"{where} is not a JSON object")
        known = {f.name for f in dataclasses.fields(cls)} - {"extra"}
        state = _load(cls, {k: v for k, v in data.items() if k in known}, where, "")
        state.extra = {k: v for k, v in data.items() if k not in known}
        return state

    def dump(self) -> dict[str, Any]:
        data = _dump(self)
        data.update(data.pop("extra", {}))
        data["version"] = STATE_VERSION
        return data

    def mark(self, thread: str) -> ThreadMark:
        """The watermark record of `thread`, created when missing."""
        return self.threads.setdefault(thread, ThreadMark())

    def flushed(self, thread: str) -> int:
        record = self.threads.get(thread)
        return record.flushed if record else 0


def parse(raw: bytes, where: str) -> State:
    """state.json's bytes as a State; a file that is not JSON is WorkspaceError too."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise WorkspaceError(
            f"{where} is not valid JSON ({exc}); move it aside to start the watermarks over"
        ) from None
    return State.load(data, where)


def serialize(state: State) -> bytes:
    # No indent: json's C encoder runs only without one, and the state of thousands
    # of threads and dailies took 50 ms a write in the Python encoder.
    return (json.dumps(state.dump(), sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")


# --------------------------------------------------------------------------- by type


def _bad(where: str, key: str, value: Any, wanted: str) -> WorkspaceError:
    shown = json.dumps(value, ensure_ascii=False)
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    return WorkspaceError(
        f"{where}: {key or 'the top level'} is {shown}, not {wanted}; "
        "fix it or move the file aside to start the watermarks over"
    )


def _load(tp: Any, value: Any, where: str, key: str) -> Any:
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        if value is None:
            return None
        (inner,) = [arg for arg in typing.get_args(tp) if arg is not type(None)]
        return _load(inner, value, where, key)
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise _bad(where, key, value, "a whole number >= 0")
        return value
    if tp is str:
        if not isinstance(value, str):
            raise _bad(where, key, value, "a string")
        return value
    if tp is datetime:
        from dateutil.parser import isoparse

        try:
            when = isoparse(value) if isinstance(value, str) else None
        except ValueError:
            when = None
        if when is None or when.tzinfo is None:
            raise _bad(where, key, value, "an ISO-8601 time with an offset")
        return when
    if origin is list:
        if not isinstance(value, list):
            raise _bad(where, key, value, "a list")
        (inner,) = typing.get_args(tp)
        return [_load(inner, item, where, f"{key}[{n}]") for n, item in enumerate(value)]
    if origin is dict:
        if not isinstance(value, dict):
            raise _bad(where, key, value, "a JSON object")
        inner = typing.get_args(tp)[1]
        if inner is Any:
            return dict(value)
        return {k: _load(inner, v, where, f"{key}.{k}" if key else k) for k, v in value.items()}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if not isinstance(value, dict):
            raise _bad(where, key, value, "a JSON object")
        hints = _hints(tp)
        loaded = {}
        for f in dataclasses.fields(tp):
            if f.name in value:
                name = f"{key}.{f.name}" if key else f.name
                loaded[f.name] = _load(hints[f.name], value[f.name], where, name)
        return tp(**loaded)
    raise TypeError(f"state.py cannot load a field of type {tp!r}")  # a new field's type


@functools.cache
def _hints(tp: Any) -> dict[str, Any]:
    return typing.get_type_hints(tp)


def _dump(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {}
        for f in dataclasses.fields(value):
            dumped = _dump(getattr(value, f.name))
            if dumped is not None and dumped != {}:
                out[f.name] = dumped
        return out
    if isinstance(value, dict):
        return {k: _dump(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_dump(v) for v in value]
    if isinstance(value, datetime):
        return value.isoformat(timespec="seconds")
    return value
