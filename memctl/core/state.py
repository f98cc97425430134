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
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from memctl.core.errors import WorkspaceError

STATE_VERSION = 1


@dataclass
class FlushNote:
    """A flush block about to be appended (`threads.<id>.block`), written before the
    append and dropped with the watermark move after it. A run killed between the two
    leaves it; the next run finds the block by its bytes' hash at `offset` and moves the
    watermark instead of sending those entries again. Text in a ledger (a saved memory
    shaped like a flush heading) can never stand for it."""

    ledger: str = ""
    """The ledger (relative path) the block is appended to."""
    offset: int = 0
    """The ledger's size before the append: where the block starts."""
    size: int = 0
    sha256: str = ""
    start: int = 0
    end: int = 0
    """The watermark before and after the block."""


@dataclass
class LogPlace:
    """Where line `line` of a log starts (`offset`, in bytes), and the hash of the bytes
    before it (`tail`): a log only appended to since keeps both; one written again, or
    edited by hand before the place, almost surely does not, and is then read whole."""

    line: int = 0
    """The watermark this place is of: the place is used only while it is the watermark."""
    offset: int = 0
    tail: str = ""


@dataclass
class ThreadMark:
    """A thread log's flush watermark (`threads.<id>`)."""

    flushed: int = 0
    """Log lines already processed by flush."""
    stamp: list[int] | None = None
    """The log's [size, mtime_ns] when `flushed` reached its end: an unchanged log is
    not read again."""
    head: str | None = None
    """SHA-256 of the log's first line when the watermark moved: a log deleted and
    written again has another first line, and is flushed from its start."""
    block: FlushNote | None = None
    place: LogPlace | None = None
    """Where line `flushed` starts in the log: flush parses the log from there on."""
    elsewhere: list[int] | None = None
    """Lines past `flushed` a flush already processed on another machine (set by `memctl
    sync` when a merge puts them after lines not flushed yet): flush skips them."""
    theirs: list[int] | None = None
    """Lines another machine appended and has not flushed yet (set by `memctl sync`):
    that machine flushes them, so flush skips them here; kept below the watermark too,
    so that this machine never claims them flushed."""


@dataclass
class RemovedLog:
    """What `thread rm` of a shared thread log knew of its lines (`removed.<id>`), by
    line id, each as often as it was meant: another machine that still has the log
    brings it back at a sync (a sync never takes lines out of a log), and this machine
    then flushes its own lines again, never those it had flushed."""

    flushed: dict[str, int] = field(default_factory=dict)
    """Lines a flush had processed (here, or on another machine as a sync said)."""
    own: dict[str, int] = field(default_factory=dict)
    """Lines this machine appended and had not flushed: its own to flush."""


def watermark_place(record: ThreadMark | None) -> LogPlace | None:
    """The place flush may start a log from: only while it is the watermark's (one
    moved back by hand keeps a place that says where a later line starts). Here, not
    in the flush stage, for the hooks: a Stop with nothing new counts the lines past
    it without importing flush."""
    if record is None or record.place is None or record.place.line != record.flushed:
        return None
    return record.place


@dataclass
class PendingMerge:
    """Offsets a consolidation earns once its MEMORY.md is on disk (`consolidation.pending`)."""

    memory_sha256: str = ""
    memory_bytes: int = 0
    offsets: dict[str, int] = field(default_factory=dict)
    tails: dict[str, str] = field(default_factory=dict)


@dataclass
class Consolidation:
    """How far consolidation has merged each daily ledger into MEMORY.md (`consolidation`)."""

    offsets: dict[str, int] = field(default_factory=dict)
    """Daily file (relative path) -> bytes already merged into MEMORY.md."""
    tails: dict[str, str] = field(default_factory=dict)
    """Daily file -> SHA-256 of the (up to) 64 bytes before its offset: a hand edit of
    the merged part moves the text under the offset, and shows as another hash."""
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
    stamp: list[int] | None = None
    """The file's [size, mtime_ns, ctime_ns, inode] when `head` and `tail` were taken
    (the mtime a nanosecond early while a same-size rewrite could still keep it,
    `durable.recorded_mtime`): a file that still has it is the one fingerprinted, and
    its fingerprints are not read again (a Stop with nothing new). Entries written
    before it have none: their fingerprints are compared."""
    context: dict[str, Any] = field(default_factory=dict)
    """What the format's reader needs to read on (tool calls still unanswered, ...)."""
    about: dict[str, str] = field(default_factory=dict)
    """project, title and started: what `thread list` shows for the thread."""


@dataclass
class State:
    """state.json: the watermarks and marks every stage keeps between runs."""

    version: int = STATE_VERSION
    threads: dict[str, ThreadMark] = field(default_factory=dict)
    consolidation: Consolidation = field(default_factory=Consolidation)
    runs: dict[str, datetime] = field(default_factory=dict)
    """Job name (flush, flush_auto, consolidate, archive, maintain, ...) -> last run."""
    removed: dict[str, RemovedLog] = field(default_factory=dict)
    """Thread -> what this machine knew of the lines of a shared thread log it removed
    (`thread rm`), until a sync brings the log back."""
    windows: dict[str, int] = field(default_factory=dict)
    """Model name -> the context window an overflow error stated."""
    imports: dict[str, ImportMark] = field(default_factory=dict)
    """Transcript file -> how far `thread import` read it."""
    exports: dict[str, str] = field(default_factory=dict)
    """AGENTS.md or CLAUDE.md (absolute path, as given: a link stays a link) -> the kind
    `memctl export` wrote a memory block into it as. A forget refreshes these blocks, so
    no exported copy keeps stating a forgotten fact; one gone or without its block is
    dropped from here at that refresh."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Top-level keys this version does not know, written back as read."""

    @classmethod
    def load(cls, data: Any, where: str) -> State:
        """`data` (parsed JSON) checked against the types; WorkspaceError names the key."""
        if not isinstance(data, dict):
            raise WorkspaceError(f"{where} is not a JSON object")
        known = {f.name for f in dataclasses.fields(cls)} - {"extra"}
        state: State = _load(cls, {k: v for k, v in data.items() if k in known}, where, "")
        state.extra = {k: v for k, v in data.items() if k not in known}
        return state

    def dump(self) -> dict[str, Any]:
        data: dict[str, Any] = _dump(self)
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


@functools.cache
def _kind(tp: Any) -> tuple[str, Any]:
    """How a type is loaded, worked out once per type (thousands of watermarks a read)."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        (inner,) = [arg for arg in typing.get_args(tp) if arg is not type(None)]
        return "optional", inner
    if tp in (int, str, datetime):
        return tp.__name__, None
    if origin is list:
        return "list", typing.get_args(tp)[0]
    if origin is dict:
        return "dict", typing.get_args(tp)[1]
    if dataclasses.is_dataclass(tp):
        hints = typing.get_type_hints(tp)
        return "dataclass", tuple((f.name, hints[f.name]) for f in dataclasses.fields(tp))
    raise TypeError(f"state.py cannot load a field of type {tp!r}")  # a new field's type


def _plain(inner: Any, values: Any) -> bool:
    """Every value a whole number >= 0 (inner int) or a string (inner str): the common
    case, checked in one pass without a call a value."""
    if inner is int:
        return all(type(v) is int and v >= 0 for v in values)
    if inner is str:
        return all(type(v) is str for v in values)
    return False


def _load(tp: Any, value: Any, where: str, key: str) -> Any:
    """`value` checked against the type `tp`, built into it; a mismatch names `key`."""
    kind, arg = _kind(tp)
    if kind == "optional":
        return None if value is None else _load(arg, value, where, key)
    if kind == "dataclass":
        return _load_record(tp, arg, value, where, key)
    return _LOADERS[kind](arg, value, where, key)


def _load_int(_: Any, value: Any, where: str, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _bad(where, key, value, "a whole number >= 0")
    return value


def _load_str(_: Any, value: Any, where: str, key: str) -> str:
    if not isinstance(value, str):
        raise _bad(where, key, value, "a string")
    return value


def _load_datetime(_: Any, value: Any, where: str, key: str) -> datetime:
    try:
        # What memctl writes (isoformat) is read without dateutil, whose import was a
        # tenth of a hook's start-up; any other ISO-8601 form as before.
        when = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        from dateutil.parser import isoparse

        try:
            when = isoparse(value)
        except ValueError:
            when = None
    if when is None or when.tzinfo is None:
        raise _bad(where, key, value, "an ISO-8601 time with an offset")
    return when


def _load_list(arg: Any, value: Any, where: str, key: str) -> list[Any]:
    if not isinstance(value, list):
        raise _bad(where, key, value, "a list")
    if _plain(arg, value):
        return list(value)
    return [_load(arg, item, where, f"{key}[{n}]") for n, item in enumerate(value)]


def _load_dict(arg: Any, value: Any, where: str, key: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _bad(where, key, value, "a JSON object")
    if arg is Any or _plain(arg, value.values()):
        return dict(value)
    return {k: _load(arg, v, where, f"{key}.{k}" if key else k) for k, v in value.items()}


def _load_record(tp: Any, fields: Any, value: Any, where: str, key: str) -> Any:
    """A dataclass from a JSON object: its known keys loaded by their hints."""
    if not isinstance(value, dict):
        raise _bad(where, key, value, "a JSON object")
    if _quick(tp, value):
        return tp(**{name: value[name] for name, _ in fields if name in value})
    loaded = {
        name: _load(hint, value[name], where, f"{key}.{name}" if key else name)
        for name, hint in fields
        if name in value
    }
    return tp(**loaded)


_LOADERS: dict[str, Callable[[Any, Any, str, str], Any]] = {
    "int": _load_int,
    "str": _load_str,
    "datetime": _load_datetime,
    "list": _load_list,
    "dict": _load_dict,
}


@functools.cache
def _simple_fields(tp: Any) -> dict[str, type]:
    """The fields of a dataclass typed int, str or list[int] (optional or not)."""
    plan: dict[str, type] = {}
    for name, hint in _kind(tp)[1]:
        kind, arg = _kind(hint)
        if kind == "optional":
            kind, arg = _kind(arg)
        if kind in ("int", "str") or (kind == "list" and arg is int):
            plan[name] = {"int": int, "str": str, "list": list}[kind]
    return plan


def _quick(tp: Any, value: dict[str, Any]) -> bool:
    """Every key of `value` a simple field holding a plain value of its type: the record
    is built without a call a field (thousands of thread watermarks a read). Anything
    else (a nested record, a wrong type) goes the checked way."""
    plan = _simple_fields(tp)
    for name, v in value.items():
        wanted = plan.get(name)
        if wanted is None or type(v) is not wanted:
            return False
        if (wanted is int and isinstance(v, int) and v < 0) or (
            wanted is list and not _plain(int, v)
        ):
            return False
    return True


@functools.cache
def _names(tp: Any) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(tp))


def _dump(value: Any) -> Any:
    kind: Any = type(value)  # a dataclass's type is hashable, whatever mypy infers
    if kind in (int, str) or value is None:
        return value
    if kind is dict:
        if all(type(v) in (int, str) for v in value.values()):
            return dict(value)
        return {k: _dump(v) for k, v in value.items()}
    if kind is list:
        return [_dump(v) for v in value]
    if kind is datetime:
        return value.isoformat(timespec="seconds")
    if hasattr(kind, "__dataclass_fields__"):
        out = {}
        for name in _names(kind):
            dumped = _dump(getattr(value, name))
            if dumped is not None and dumped != {}:
                out[name] = dumped
        return out
    return value
