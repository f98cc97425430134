"""memctl.yaml: the whole schema, parsed and validated in one place.

Every problem is reported as one `ConfigError` naming the file and the dotted key,
before any stage runs, so a bad configuration never leaves a half-done run behind.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, dataclass_transform

from memctl.core.errors import ConfigError
from memctl.core.prompts import (
    DEFAULT_CONSOLIDATION_PROMPT,
    DEFAULT_FLUSH_PROMPT,
    DEFAULT_SUMMARY_PROMPT,
    check_consolidation_prompt,
    check_summary_prompt,
)

if TYPE_CHECKING:
    from memctl.core.redact import Redactor

CONFIG_NAME = "memctl.yaml"
MAX_CONFIG_BYTES = 1 << 20
MAX_CONFIG_PROBLEMS = 100  # `config validate` stops listing there


class _Settings:
    """Equality, hash, repr and immutability of the settings classes below, as
    `dataclass` generates them, written once: `dataclass` compiles its methods from
    source for every class at every start-up (ten classes: equality, hash and repr took
    3 ms of every command; `frozen=True`'s `__setattr__` and `__delattr__` and its
    `object.__setattr__` in `__init__`, half of what was left). Equal when of the same
    class with equal fields; the repr is dataclass's; each field is set once, by
    `__init__`, and never again (FrozenInstanceError, as for a frozen dataclass)."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, Any]]

    def __setattr__(self, name: str, value: Any) -> None:
        if name in vars(self) or name not in self.__dataclass_fields__:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")

    def _values(self) -> tuple[Any, ...]:
        fields = dataclasses.fields(self)
        return tuple(getattr(self, f.name) for f in fields)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, _Settings)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = dataclasses.fields(self)
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields)
        return f"{type(self).__qualname__}({shown})"


_T = TypeVar("_T")


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def _settings(cls: type[_T]) -> type[_T]:
    """A settings class: a dataclass, frozen by `_Settings` (and for mypy, which reads
    `frozen_default`), with its equality, hash and repr."""
    return dataclass(eq=False, repr=False)(cls)


@_settings
class ModelSpec(_Settings):
    """A model as configured: `builtin`, or a `provider:model` name resolved by litellm."""

    name: str
    api_base: str | None = None
    api_key_env: str | None = None
    context_window: int | None = None
    max_tokens: int | None = None
    """The output budget sent with every request (None: the stage's own, or the provider's)."""
    timeout: float = 60.0
    max_retries: int = 2

    @property
    def is_builtin(self) -> bool:
        return self.name == "builtin"

    @property
    def litellm_name(self) -> str:
        """litellm spells `openai:gpt-4.1-mini` as `openai/gpt-4.1-mini`."""
        if "/" in self.name.split(":", 1)[0] or ":" not in self.name:
            return self.name
        return self.name.replace(":", "/", 1)


@_settings
class FlushTrigger(_Settings):
    """When `flush --auto` (and the per-call flush) may run: always, never, or throttled."""

    kind: str = "always"
    gap_seconds: float = 0.0

    def to_yaml(self) -> Any:
        if self.kind == "throttled":
            return {"throttled": format_duration(self.gap_seconds)}
        return self.kind


@_settings
class TruncateArgs(_Settings):
    """`compaction.truncate_args`: tool-call arguments longer than `max_arg_length` cut
    before the messages they are in are summarised."""

    max_arg_length: int = 2000
    truncation_text: str = "... [truncated] ..."


@_settings
class MemoryConfig(_Settings):
    """`memory:`: flush, consolidation, the daily ledgers' retention, and what the
    hooks and tools add to an agent's context."""

    hooks: bool = True
    tools: bool = True
    model: ModelSpec | None = None
    flush_prompt: str = DEFAULT_FLUSH_PROMPT
    consolidation_prompt: str = DEFAULT_CONSOLIDATION_PROMPT
    consolidation_max_tokens: int = 4000
    consolidation_min_gap: float = 1800.0
    daily_file_retention_days: int = 90
    flush_trigger: FlushTrigger = field(default_factory=FlushTrigger)
    flush_budget: bool = True
    """builtin only: a flush block of a long chat (16 messages or more, no tool call) keeps
    its most salient facts, about two for each square root of its messages (rules,
    decisions and the user's name always; with an AI assistant, all the user says, and
    the assistant's answers only as room is left unless the user takes them up); false keeps every fact its rules read. The budget is a block's: a
    chat flushed on every Stop in short blocks is not cut, one flushed at once is. An
    LLM's flush answer is never cut."""
    embedding_model: ModelSpec | None = None
    """For `recall`: records embedded through litellm's embedding API; None is BM25 only."""
    prompt_recall_chars: int = 1500
    """The most the UserPromptSubmit hook adds to a prompt: a hint, not a second MEMORY.md."""
    prompt_recall_seconds: float = 1.0
    """How long each step of the UserPromptSubmit hook's recall may take (the index's
    update, the wait for its lock, the semantic leg, the ranking): the agent waits for it."""


@_settings
class CompactionConfig(_Settings):
    """`compaction:`: when a thread's context is summarised, and what it keeps verbatim."""

    enabled: bool = True
    trigger_messages: int = 50
    trigger_tokens: int = 0
    keep_messages: int = 20
    keep_tokens: int = -1
    flush_before_compact: bool = True
    summary_prompt: str = DEFAULT_SUMMARY_PROMPT
    model: ModelSpec | None = None
    truncate_args: TruncateArgs | None = None


@_settings
class EvictionConfig(_Settings):
    """`eviction:`: large tool results moved out of the context into files."""

    enabled: bool = True
    threshold_chars: int = 80000
    head_chars: int = 2000
    tail_chars: int = 2000
    exclude_tools: tuple[str, ...] = ("read_file",)
    root: str = "evicted"


@_settings
class RedactionConfig(_Settings):
    """`redaction:`: whether secrets are hidden, and the project's own patterns."""

    enabled: bool = True
    patterns: tuple[tuple[str, str], ...] = ()

    def redactor(self) -> Redactor:
        """The patterns to apply; none at all when redaction is off (`--no-redact`)."""
        from memctl.core.redact import NO_REDACTION, compile_patterns

        return compile_patterns(self.patterns) if self.enabled else NO_REDACTION

    def secret_check(self) -> Redactor:
        """The patterns `memctl sync` refuses a commit on, whether redaction is on or
        off: turning redaction off keeps text as written in this workspace, and must not
        also let a secret leave the machine in a push."""
        from memctl.core.redact import compile_patterns

        return compile_patterns(self.patterns)


SYNC_SHARES = ("ledgers", "memory", "threads", "evicted")
"""What `sync.share` may list: the daily ledgers, MEMORY.md, thread logs, evicted results."""


@_settings
class SyncConfig(_Settings):
    """`sync:`: the git remote memory is shared through (`memctl sync`). Thread logs and
    evicted results are private and large, so only ledgers and MEMORY.md are shared
    unless `share` names them."""

    remote: str | None = None
    """Any git URL (a path to a bare repository, ssh, https); None: sync is off."""
    branch: str = "main"
    share: tuple[str, ...] = ("ledgers", "memory")
    every: float | None = None
    """How often `maintain` syncs (seconds); None: only `memctl sync` does."""


RECALL_SEMANTIC = ("auto", "on", "off")


@_settings
class RecallConfig(_Settings):
    """`recall:`: whether recall fuses BM25 with the offline semantic leg (WordLlama, the
    `memctl[semantic]` extra). auto: when the extra is installed; on: always (a note
    when it is not installed); off: BM25 alone. memory.embedding_model, when set, is
    the semantic leg instead. `thesaurus`: a query word no record holds is looked up by
    the words WordNet relates to it (memctl.retrieval.thesaurus); false: never."""

    semantic: str = "auto"
    thesaurus: bool = True


@_settings
class Config(_Settings):
    """memctl.yaml, validated: every section with its defaults filled in."""

    model: ModelSpec = field(default_factory=lambda: ModelSpec("builtin"))
    timezone: str = "local"
    memory: MemoryConfig = field(default_factory=MemoryConfig)
    compaction: CompactionConfig = field(default_factory=CompactionConfig)
    eviction: EvictionConfig = field(default_factory=EvictionConfig)
    redaction: RedactionConfig = field(default_factory=RedactionConfig)
    sync: SyncConfig = field(default_factory=SyncConfig)
    recall: RecallConfig = field(default_factory=RecallConfig)

    @property
    def memory_model(self) -> ModelSpec:
        """flush and consolidation fall back to the main model."""
        return self.memory.model or self.model

    @property
    def compaction_model(self) -> ModelSpec:
        return self.compaction.model or self.model

    def to_dict(self) -> dict[str, Any]:
        """The effective configuration in the shape of memctl.yaml (prompts in full)."""

        def model(spec: ModelSpec | None) -> Any:
            if spec is None:
                return None
            if spec == ModelSpec(spec.name):
                return spec.name
            out = dataclasses.asdict(spec)
            out["timeout"] = format_duration(spec.timeout)
            return out

        memory = dataclasses.asdict(self.memory)
        memory["model"] = model(self.memory.model)
        memory["embedding_model"] = model(self.memory.embedding_model)
        memory["consolidation_min_gap"] = format_duration(self.memory.consolidation_min_gap)
        memory["flush_trigger"] = self.memory.flush_trigger.to_yaml()
        compaction = dataclasses.asdict(self.compaction)
        compaction["model"] = model(self.compaction.model)
        eviction = dataclasses.asdict(self.eviction)
        eviction["exclude_tools"] = list(self.eviction.exclude_tools)
        redaction = {
            "enabled": self.redaction.enabled,
            "patterns": [{"name": n, "regex": r} for n, r in self.redaction.patterns],
        }
        return {
            "model": model(self.model),
            "timezone": self.timezone,
            "memory": memory,
            "compaction": compaction,
            "eviction": eviction,
            "redaction": redaction,
            "recall": {"semantic": self.recall.semantic, "thesaurus": self.recall.thesaurus},
            "sync": {
                "remote": self.sync.remote,
                "branch": self.sync.branch,
                "share": list(self.sync.share),
                "every": None if self.sync.every is None else format_duration(self.sync.every),
            },
        }


# --------------------------------------------------------------------------- durations

_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
# Pattern texts, compiled (and cached by `re`) the first time a duration is written as
# text: most configurations never do, and compiling both was a start-up cost of every run.
_SHORT_DURATION = r"(\d+(?:\.\d+)?)\s*([smhdw])"
_ISO_DURATION = (
    r"(?i)P(?:(?P<w>\d+(?:\.\d+)?)W)?(?:(?P<d>\d+(?:\.\d+)?)D)?"
    r"(?:T(?:(?P<h>\d+(?:\.\d+)?)H)?(?:(?P<m>\d+(?:\.\d+)?)M)?(?:(?P<s>\d+(?:\.\d+)?)S)?)?"
)


MAX_INTEGER = 10**9
"""The largest number a setting takes (a billion tokens or chars): beyond it a window or
a budget is a typo, and 10**400 overflowed the float arithmetic of the budgets."""
MAX_DURATION_SECONDS = 3650 * 86400.0
"""Ten years: `999999999d` overflowed the date arithmetic of the throttles."""


def parse_duration(text: str) -> float:
    """Seconds in `30m`, `2h`, `1d`, `1h30m` or ISO-8601 (`PT30M`); ValueError otherwise."""
    text = text.strip()
    if text.upper().startswith("P"):
        match = re.fullmatch(_ISO_DURATION, text)
        if not match or text.upper() in ("P", "PT") or text.upper().endswith("T"):
            raise ValueError(text)
        return sum(float(v) * _UNIT_SECONDS[k] for k, v in match.groupdict().items() if v)
    parts = re.findall(_SHORT_DURATION, text)
    if not parts or re.sub(_SHORT_DURATION, "", text).strip():
        raise ValueError(text)
    return sum(float(number) * _UNIT_SECONDS[unit] for number, unit in parts)


def format_duration(seconds: float) -> str:
    for unit in ("w", "d", "h", "m"):
        size = _UNIT_SECONDS[unit]
        if seconds >= size and seconds % size == 0:
            return f"{int(seconds // size)}{unit}"
    return f"{seconds:g}s"


# --------------------------------------------------------------------------- parsing


class _Section:
    """Reads one mapping of the file, remembering which keys were consumed."""

    def __init__(
        self,
        source: str,
        prefix: str,
        data: Any,
        workspace: Path | None,
        path: tuple[str, ...] = (),
    ) -> None:
        self.source = source
        self.prefix = prefix
        self.path = path
        self.workspace = workspace
        if data is None:
            data = {}
        if not isinstance(data, dict):
            raise self.error(None, f"must be a mapping, not {_type_name(data)}")
        self.data = data
        self.seen: set[str] = set()

    def key_name(self, key: str | None) -> str:
        if key is None:
            return self.prefix or "(top level)"
        return f"{self.prefix}.{key}" if self.prefix else key

    def error(self, key: str | None, message: str) -> ConfigError:
        error = ConfigError(f"{self.source}: {self.key_name(key)}: {message}")
        # Where the fault is, so that `config_problems` can set it aside and read on.
        error.key_path = self.path if key is None else (*self.path, key)  # type: ignore[attr-defined]
        return error

    def raw(self, key: str) -> Any:
        self.seen.add(key)
        return self.data.get(key)

    def has(self, key: str) -> bool:
        return self.data.get(key) is not None

    def boolean(self, key: str, default: bool) -> bool:
        value = self.raw(key)
        if value is None:
            return default
        if not isinstance(value, bool):
            raise self.error(key, f"must be true or false, not {_type_name(value)} {value!r}")
        return value

    def integer(self, key: str, default: int, minimum: int, maximum: int = MAX_INTEGER) -> int:
        value = self.raw(key)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(key, f"must be an integer, not {_type_name(value)} {value!r}")
        if value < minimum:
            raise self.error(key, f"must be at least {minimum}, not {value}")
        if value > maximum:
            shown = f"{value:,}" if value < 10**30 else f"a number of {len(str(value))} digits"
            raise self.error(key, f"must be at most {maximum:,}, not {shown}")
        return value

    def string(self, key: str, default: str | None, allow_empty: bool = False) -> str | None:
        value = self.raw(key)
        if value is None:
            return default
        if not isinstance(value, str):
            raise self.error(key, f"must be a string, not {_type_name(value)} {value!r}")
        if not allow_empty and not value.strip():
            raise self.error(key, "must not be empty")
        return value

    def duration(self, key: str, default: float, allow_number: bool = False) -> float:
        value = self.raw(key)
        if value is None:
            return default
        if allow_number and isinstance(value, int | float) and not isinstance(value, bool):
            seconds = float(value)
        elif isinstance(value, str):
            try:
                seconds = parse_duration(value)
            except ValueError:
                raise self.error(
                    key, f"cannot read {value!r} as a duration (use 30m, 2h, 1d or PT30M)"
                ) from None
        else:
            raise self.error(
                key, f"must be a duration such as 30m, not {_type_name(value)} {value!r}"
            )
        if seconds <= 0:
            raise self.error(key, f"must be a positive duration, not {value!r}")
        if seconds > MAX_DURATION_SECONDS:
            raise self.error(
                key, f"must be at most {format_duration(MAX_DURATION_SECONDS)}, not {value!r}"
            )
        return seconds

    def section(self, key: str) -> _Section:
        return _Section(
            self.source, self.key_name(key), self.raw(key), self.workspace, (*self.path, key)
        )

    def finish(self) -> None:
        """Unknown keys are errors, with the nearest valid key suggested."""
        for key in self.data:
            if key in self.seen:
                continue
            if not isinstance(key, str):
                raise self.error(None, f"keys must be strings, not {_type_name(key)} {key!r}")
            import difflib  # a mistake's alone: config is read at every start-up

            hint = difflib.get_close_matches(key, sorted(self.seen), n=1, cutoff=0.6)
            suggestion = f" (did you mean {hint[0]!r}?)" if hint else ""
            raise self.error(key, f"unknown key{suggestion}")

    def prompt(self, stem: str, default: str) -> str:
        """`<stem>`, or `<stem>_file`; either way plus `<stem>_append`."""
        text = self.string(stem, None)
        file_key = f"{stem}_file"
        path_text = self.string(file_key, None)
        append = self.string(f"{stem}_append", None)
        if text is not None and path_text is not None:
            raise self.error(file_key, f"give either {stem} or {file_key}, not both")
        if path_text is not None:
            text = self._read_prompt_file(file_key, path_text)
        base = default if text is None else text
        if append is not None:
            base = base.rstrip("\n") + "\n\n" + append.strip("\n") + "\n"
        return base

    def _read_prompt_file(self, key: str, path_text: str) -> str:
        if "\x00" in path_text:
            raise self.error(key, "path contains a NUL byte")
        if self.workspace is None:
            raise self.error(key, "prompt files need a workspace")
        root = self.workspace.resolve()
        path = (root / path_text).resolve()
        if not path.is_relative_to(root):
            raise self.error(key, f"{path_text!r} is outside the workspace")
        # A FIFO or a device would block the read or never end; a prompt is a small file.
        if path.exists() and not path.is_file():
            raise self.error(key, f"{path_text} is not a regular file")
        if path.is_file() and path.stat().st_size > MAX_CONFIG_BYTES:
            raise self.error(key, f"{path_text} is larger than {MAX_CONFIG_BYTES} bytes")
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            raise self.error(key, f"file not found: {path_text}") from None
        except OSError as exc:
            raise self.error(key, f"cannot read {path_text}: {exc.strerror}") from None
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise self.error(key, f"{path_text} is not UTF-8 text") from None


def _type_name(value: Any) -> str:
    return {
        bool: "boolean",
        int: "integer",
        float: "number",
        str: "string",
        list: "list",
        dict: "mapping",
        type(None): "null",
    }.get(type(value), type(value).__name__)


def _model(section: _Section, key: str, required: bool) -> ModelSpec | None:
    value = section.raw(key)
    if value is None:
        if required:
            return ModelSpec("builtin")
        return None
    if isinstance(value, str):
        return _model_name(section, key, value)
    if not isinstance(value, dict):
        raise section.error(
            key, f"must be a model name or a mapping, not {_type_name(value)} {value!r}"
        )
    sub = section.section(key)
    name = sub.string("name", None)
    if name is None:
        raise sub.error("name", "is required in a model mapping")
    spec = ModelSpec(
        name=_model_name(sub, "name", name).name,
        api_base=sub.string("api_base", None),
        api_key_env=sub.string("api_key_env", None),
        context_window=sub.integer("context_window", 0, 1) or None,
        max_tokens=sub.integer("max_tokens", 0, 1) or None,
        timeout=sub.duration("timeout", 60.0, allow_number=True),
        max_retries=sub.integer("max_retries", 2, 0),
    )
    sub.finish()
    return spec


def _embedding_model(section: _Section) -> ModelSpec | None:
    spec = _model(section, "embedding_model", required=False)
    if spec is not None and spec.is_builtin:
        raise section.error(
            "embedding_model", "builtin has no embeddings: use 'provider:model' or null"
        )
    return spec


def _model_name(section: _Section, key: str, name: str) -> ModelSpec:
    name = name.strip()
    if name == "builtin":
        return ModelSpec("builtin")
    if not re.fullmatch(r"[A-Za-z0-9_.-]+[:/]\S+", name):
        raise section.error(
            key, f"{name!r} is not 'builtin' or 'provider:model' (e.g. openai:gpt-4.1-mini)"
        )
    return ModelSpec(name)


def _timezone(section: _Section) -> str:
    name = section.string("timezone", "local")
    assert name is not None
    # "local" and "UTC" are zones whatever the system's database holds: checked without
    # importing dateutil (about 3 ms of every prompt hook's CPU, which reads no time).
    if name not in ("local", "UTC"):
        from dateutil import tz

        if tz.gettz(name) is None:
            raise section.error(
                "timezone", f"unknown time zone {name!r} (use 'local' or an IANA name)"
            )
    return name


def _flush_trigger(section: _Section) -> FlushTrigger:
    value = section.raw("flush_trigger")
    if value is None or value == "always":
        return FlushTrigger("always")
    if value == "never":
        return FlushTrigger("never")
    if isinstance(value, dict):
        sub = section.section("flush_trigger")
        if not sub.has("throttled"):
            sub.seen.add("throttled")  # the only key, so a misspelling of it is suggested
            sub.finish()
            raise sub.error("throttled", "is required (e.g. {throttled: 10m})")
        gap = sub.duration("throttled", 0.0)
        sub.finish()
        return FlushTrigger("throttled", gap)
    raise section.error(
        "flush_trigger", f"must be always, never or {{throttled: <duration>}}, not {value!r}"
    )


def _truncate_args(section: _Section) -> TruncateArgs | None:
    if section.raw("truncate_args") is None:
        return None
    sub = section.section("truncate_args")
    defaults = TruncateArgs()
    result = TruncateArgs(
        max_arg_length=sub.integer("max_arg_length", defaults.max_arg_length, 1),
        truncation_text=sub.string("truncation_text", defaults.truncation_text) or "",
    )
    sub.finish()
    return result


def _string_list(section: _Section, key: str, default: tuple[str, ...]) -> tuple[str, ...]:
    value = section.raw(key)
    if value is None:
        return default
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise section.error(key, f"must be a list of strings, not {value!r}")
    return tuple(value)


def _relative_dir(section: _Section, key: str, default: str) -> str:
    value = section.string(key, default)
    assert value is not None
    parts = Path(value).parts
    if Path(value).is_absolute() or ".." in parts or "\x00" in value:
        raise section.error(key, f"{value!r} must be a folder inside the workspace")
    return value


WORKSPACE_OWN = ("MEMORY.md", "memory", "threads", ".memctl", ".git", CONFIG_NAME)
"""What the workspace keeps at its top, which eviction.root must neither be, lie in nor
hold: memory_get reads whatever is under the root (redacted, not marked forgotten), so a
root of "." or ".memctl" would hand a model the config, the thread logs and the state,
and one overlapping memory/ would show forgotten facts unmarked (review 31 A1, A2)."""


def _eviction_root(section: _Section) -> str:
    value = _relative_dir(section, "root", EvictionConfig.root)
    parts = Path(value).parts  # "." and "./" have none: the workspace itself
    own = {name.casefold() for name in WORKSPACE_OWN}  # one folder on macOS and Windows
    if not parts or parts[0].casefold() in own:
        raise section.error(
            "root",
            f"{value!r} must be a folder of its own, not the workspace or part of "
            f"{', '.join(WORKSPACE_OWN)}",
        )
    return value


def _redaction(top: _Section) -> RedactionConfig:
    sub = top.section("redaction")
    enabled = sub.boolean("enabled", True)
    raw = sub.raw("patterns")
    patterns: list[tuple[str, str]] = []
    if raw is not None:
        if not isinstance(raw, list):
            raise sub.error("patterns", f"must be a list, not {_type_name(raw)}")
        for number, item in enumerate(raw, 1):
            key = f"patterns[{number}]"
            if isinstance(item, str):
                name, regex = "custom", item
            elif isinstance(item, dict) and set(item) <= {"name", "regex"} and "regex" in item:
                name, regex = item.get("name", "custom"), item["regex"]
            else:
                raise sub.error(key, "must be a regex string or {name: kind, regex: ...}")
            if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z0-9_-]{1,40}", name):
                raise sub.error(key, f"name {name!r} must be 1-40 of A-Z a-z 0-9 _ -")
            if not isinstance(regex, str) or not regex:
                raise sub.error(key, "regex must be a non-empty string")
            try:
                compiled = re.compile(regex)
            except re.error as exc:
                raise sub.error(key, f"invalid regex: {exc}") from None
            if compiled.groups > 1:
                raise sub.error(key, "use at most one group (the part to redact)")
            patterns.append((name, regex))
    sub.finish()
    return RedactionConfig(enabled=enabled, patterns=tuple(patterns))


def _sync(top: _Section) -> SyncConfig:
    sub = top.section("sync")
    defaults = SyncConfig()
    remote = sub.string("remote", None)
    branch = sub.string("branch", defaults.branch)
    assert branch is not None
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._/-]{0,99}", branch) or ".." in branch:
        raise sub.error("branch", f"{branch!r} is not a branch name")
    share = _string_list(sub, "share", defaults.share)
    for item in share:
        if item not in SYNC_SHARES:
            raise sub.error("share", f"{item!r} is not one of {', '.join(SYNC_SHARES)}")
    every = sub.duration("every", 0.0) or None
    sub.finish()
    return SyncConfig(remote=remote, branch=branch, share=share, every=every)


def _recall(top: _Section) -> RecallConfig:
    sub = top.section("recall")
    value = sub.raw("semantic")
    # YAML reads a bare on/off as a boolean.
    if isinstance(value, bool):
        semantic: str | None = "on" if value else "off"
    else:
        semantic = sub.string("semantic", RecallConfig.semantic)
    if semantic not in RECALL_SEMANTIC:
        raise sub.error("semantic", f"{semantic!r} is not one of {', '.join(RECALL_SEMANTIC)}")
    thesaurus = sub.boolean("thesaurus", RecallConfig.thesaurus)
    sub.finish()
    return RecallConfig(semantic=semantic, thesaurus=thesaurus)


def parse_config(data: Any, source: str, workspace: Path | None = None) -> Config:
    """Build a Config from the loaded YAML document (None for an empty file)."""
    top = _Section(source, "", data, workspace)
    model = _model(top, "model", required=True)
    assert model is not None
    timezone = _timezone(top)

    mem = top.section("memory")
    defaults = MemoryConfig()
    flush_prompt = mem.prompt("flush_prompt", DEFAULT_FLUSH_PROMPT)
    consolidation_prompt = mem.prompt("consolidation_prompt", DEFAULT_CONSOLIDATION_PROMPT)
    problem = check_consolidation_prompt(consolidation_prompt)
    if problem:
        raise mem.error("consolidation_prompt", problem)
    memory = MemoryConfig(
        hooks=mem.boolean("hooks", defaults.hooks),
        tools=mem.boolean("tools", defaults.tools),
        model=_model(mem, "model", required=False),
        flush_prompt=flush_prompt,
        consolidation_prompt=consolidation_prompt,
        consolidation_max_tokens=mem.integer(
            "consolidation_max_tokens", defaults.consolidation_max_tokens, 1
        ),
        consolidation_min_gap=mem.duration("consolidation_min_gap", defaults.consolidation_min_gap),
        daily_file_retention_days=mem.integer(
            "daily_file_retention_days", defaults.daily_file_retention_days, 1
        ),
        flush_trigger=_flush_trigger(mem),
        flush_budget=mem.boolean("flush_budget", defaults.flush_budget),
        embedding_model=_embedding_model(mem),
        prompt_recall_chars=mem.integer(
            "prompt_recall_chars", defaults.prompt_recall_chars, 200, 100_000
        ),
        prompt_recall_seconds=mem.duration(
            "prompt_recall_seconds", defaults.prompt_recall_seconds, allow_number=True
        ),
    )
    mem.finish()

    comp = top.section("compaction")
    cdefaults = CompactionConfig()
    summary_prompt = comp.prompt("summary_prompt", DEFAULT_SUMMARY_PROMPT)
    problem = check_summary_prompt(summary_prompt)
    if problem:
        raise comp.error("summary_prompt", problem)
    compaction = CompactionConfig(
        enabled=comp.boolean("enabled", cdefaults.enabled),
        trigger_messages=comp.integer("trigger_messages", cdefaults.trigger_messages, 0),
        trigger_tokens=comp.integer("trigger_tokens", cdefaults.trigger_tokens, 0),
        keep_messages=comp.integer("keep_messages", cdefaults.keep_messages, 1),
        keep_tokens=comp.integer("keep_tokens", cdefaults.keep_tokens, -1),
        flush_before_compact=comp.boolean("flush_before_compact", cdefaults.flush_before_compact),
        summary_prompt=summary_prompt,
        model=_model(comp, "model", required=False),
        truncate_args=_truncate_args(comp),
    )
    comp.finish()

    ev = top.section("eviction")
    edefaults = EvictionConfig()
    head = ev.integer("head_chars", edefaults.head_chars, 1)
    tail = ev.integer("tail_chars", edefaults.tail_chars, 1)
    eviction = EvictionConfig(
        enabled=ev.boolean("enabled", edefaults.enabled),
        threshold_chars=ev.integer("threshold_chars", edefaults.threshold_chars, 1),
        head_chars=head,
        tail_chars=tail,
        exclude_tools=_string_list(ev, "exclude_tools", edefaults.exclude_tools),
        root=_eviction_root(ev),
    )
    ev.finish()
    redaction = _redaction(top)
    sync = _sync(top)
    recall = _recall(top)
    top.finish()
    return Config(
        model=model,
        timezone=timezone,
        memory=memory,
        compaction=compaction,
        eviction=eviction,
        redaction=redaction,
        sync=sync,
        recall=recall,
    )


def load_yaml_text(text: str, source: str) -> Any:
    """Parse YAML safely: aliases are refused, so a billion-laughs file cannot expand."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        for event in yaml.parse(text, Loader=loader):
            if isinstance(event, yaml.AliasEvent):
                raise ConfigError(f"{source}: YAML aliases (*name) are not supported")
        reader = loader(text)
        try:
            node = reader.get_single_node()
            if node is None:
                return None
            _refuse_duplicate_keys(node, source)
            return reader.construct_document(node)
        finally:
            reader.dispose()
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise ConfigError(f"{source}: invalid YAML{where}: {problem}") from None


PARSED_CACHE = Path(".memctl") / "config.json"
"""Beside memctl.yaml: its text and what it parsed to, as JSON. `import yaml` is a
sixth of a light command's start-up; a config that has not changed is read back from
JSON (already imported) instead. The text is compared whole, so the cache can only
ever hand back what parsing the same text gave."""


def _parsed(path: Path, text: str, source: str) -> Any:
    import json

    cache = path.parent / PARSED_CACHE
    if cache.parent.is_symlink():
        # A .memctl/ leading elsewhere is refused by the command that uses it; the
        # cache must not read or write there first.
        return load_yaml_text(text, source)
    with contextlib.suppress(OSError, ValueError):
        kept = json.loads(cache.read_bytes())
        if isinstance(kept, dict) and kept.get("text") == text:
            return kept.get("data")
    data = load_yaml_text(text, source)
    if not cache.parent.is_dir():
        return data  # not a workspace yet: never create its state folder here
    with contextlib.suppress(OSError, ValueError, TypeError, RecursionError):
        encoded = json.dumps({"text": text, "data": data})
        if json.loads(encoded)["data"] == data:  # dates, NaN and the like: not cached
            tmp = cache.with_name(f".{cache.name}.{os.getpid()}.tmp")
            tmp.unlink(missing_ok=True)
            with open(tmp, "x", encoding="utf-8") as handle:  # never through a symlink
                handle.write(encoded)
            os.replace(tmp, cache)
    return data


def _refuse_duplicate_keys(node: Any, source: str) -> None:
    """YAML keeps the last of two equal keys; a second `redaction: {enabled: false}`
    further down would silently turn redaction off. Two equal keys are an error."""
    import yaml

    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, yaml.MappingNode):
            seen: set[str] = set()
            for key, value in current.value:
                if isinstance(key, yaml.ScalarNode):
                    if key.value in seen:
                        line = key.start_mark.line + 1
                        raise ConfigError(
                            f"{source}: duplicate key {key.value!r} at line {line} "
                            "(the later one would silently win); keep one"
                        )
                    seen.add(key.value)
                stack.append(value)
        elif isinstance(current, yaml.SequenceNode):
            stack.extend(current.value)


def _read_document(path: Path) -> Any:
    source = str(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise ConfigError(f"{source}: file not found") from None
    except OSError as exc:
        raise ConfigError(f"{source}: cannot read: {exc.strerror}") from None
    if len(data) > MAX_CONFIG_BYTES:
        raise ConfigError(f"{source}: larger than {MAX_CONFIG_BYTES} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{source}: not UTF-8 (byte {exc.start})") from None
    return _parsed(path, text, source)


def _overridden(config: Config, model_override: str | None) -> Config:
    if not model_override:
        return config
    override = _Section("environment", "", {}, None)
    return dataclasses.replace(config, model=_model_name(override, "MEMCTL_MODEL", model_override))


JOINED_SYNC_EVERY = 15 * 60.0
"""The `sync.every` `init --from` writes (seconds): a machine that joins a shared memory
syncs from its cron `maintain`, as the README's recipe shows. The repository does not
hold the other machines' memctl.yaml, so their schedule is not known: the one the
README's example sets."""


def set_sync_remote(path: Path, url: str, share: tuple[str, ...] | None = None) -> None:
    """Name `url` as sync.remote in memctl.yaml (`init --from`), keeping the rest of the
    text (and its comments) as it is, with `every: JOINED_SYNC_EVERY`. A different remote
    already named is a ConfigError: a workspace syncs with one remote. `share`:
    sync.share too, in the section written (a section already there keeps its own, and
    its schedule)."""
    import json

    from memctl.core.durable import write_atomic

    text = path.read_text("utf-8")
    data = _read_document(path) or {}
    current = data.get("sync") if isinstance(data, dict) else None
    if isinstance(current, dict) and current.get("remote") not in (None, url):
        raise ConfigError(
            f"{path.name}: sync.remote is already {current['remote']!r}; "
            "edit it by hand to change remotes"
        )
    if isinstance(current, dict) and current.get("remote") == url:
        return
    if current is not None:
        raise ConfigError(f"{path.name}: has a sync section; add `remote: {url}` to it by hand")
    joint = "" if not text or text.endswith("\n") else "\n"
    shared = f"  share: [{', '.join(share)}]\n" if share is not None else ""
    every = f"  every: {format_duration(JOINED_SYNC_EVERY)}\n"
    section = f"sync:\n  remote: {json.dumps(url)}\n{shared}{every}"
    write_atomic(path, f"{text}{joint}{section}".encode())


def load_config(path: Path, model_override: str | None = None) -> Config:
    """Read and validate memctl.yaml; `model_override` is MEMCTL_MODEL."""
    config = parse_config(_read_document(path), str(path), path.parent)
    return _overridden(config, model_override)


def config_problems(path: Path, model_override: str | None = None) -> list[str]:
    """Every problem of memctl.yaml, not only the first, so that one `config validate`
    is enough to fix a file: the key at fault is set aside (its default stands in) and
    the file read again, until it reads or the fault cannot be set aside."""
    problems: list[str] = []
    try:
        data = _read_document(path)
    except ConfigError as exc:
        return [str(exc)]
    set_aside: set[tuple[str, ...]] = set()
    for _ in range(MAX_CONFIG_PROBLEMS):
        try:
            parse_config(data, str(path), path.parent)
            break
        except ConfigError as exc:
            key_path: tuple[str, ...] = getattr(exc, "key_path", ())
            incomplete = ": is required" in str(exc) and any(
                aside[:-1] == key_path[:-1] for aside in set_aside
            )
            if key_path in set_aside or incomplete:
                # Setting a key aside left its mapping incomplete ("name is required"):
                # a consequence, not a second problem; the whole mapping goes.
                key_path = key_path[:-1]
            else:
                problems.append(str(exc))
            if not key_path or not _set_aside(data, key_path):
                break
            set_aside.add(key_path)
    try:
        _overridden(Config(), model_override)
    except ConfigError as exc:
        problems.append(str(exc))
    return problems


def _set_aside(data: Any, key_path: tuple[str, ...]) -> bool:
    """Remove the value at `key_path`; False when there is none (nothing would change)."""
    if not key_path:
        return False
    *parents, last = key_path
    for key in parents:
        data = data.get(key) if isinstance(data, dict) else None
    if not isinstance(data, dict) or last not in data:
        return False
    del data[last]
    return True


DEFAULT_CONFIG_YAML = """\
# memctl configuration. Every key is optional; these are the defaults.
model: builtin                 # main model: builtin (offline, no LLM) or provider:model, e.g. openai:gpt-4.1-mini
timezone: local                # time zone of the daily ledger's dates: local or an IANA name
memory:
  hooks: true                  # flush and background maintenance; false turns both off
  tools: true                  # offer the memory tools to the model and MCP clients (`memctl mcp --help` lists them)
  model: null                  # model for flush and consolidation; null = the main model
  flush_prompt: null           # system prompt for flush; or flush_prompt_file / flush_prompt_append
  consolidation_prompt: null   # prompt for consolidation; must hold exactly two %d (max tokens, max chars)
  consolidation_max_tokens: 4000  # MEMORY.md budget in tokens (max chars = tokens x 4)
  consolidation_min_gap: 30m   # least time between two maintenance runs (first run at once)
  daily_file_retention_days: 90   # dailies older than this move to memory/archive/
  flush_trigger: always        # flush --auto: always | never | {throttled: 10m}
  flush_budget: true           # builtin: a long chat keeps its most salient facts per flush; false keeps all
  prompt_recall_chars: 1500    # the most the UserPromptSubmit hook (install --recall) adds to a prompt
  prompt_recall_seconds: 1.0   # how long each step of that hook's recall may take before it answers with what it has
compaction:
  enabled: true                # compact long threads (and recover from context overflow)
  trigger_messages: 50         # compact when the working context has this many messages (0 = off)
  trigger_tokens: 0            # ... or this many tokens (0 = derived from the model's window)
  keep_messages: 20            # messages kept after a compaction when keep_tokens is 0
  keep_tokens: -1              # tail kept in tokens: -1 derived, 0 use keep_messages, >0 fixed
  flush_before_compact: true   # flush the prefix to the ledger before summarising it
  summary_prompt: null         # prompt for the summary; must hold {messages}
  model: null                  # model for summaries; null = the main model
  truncate_args: null          # e.g. {max_arg_length: 2000, truncation_text: "... [truncated] ..."}
eviction:
  enabled: true                # move oversized tool results out of the context
  threshold_chars: 80000       # tool results longer than this are evicted
  head_chars: 2000             # preview kept from the start of an evicted result
  tail_chars: 2000             # preview kept from its end
  exclude_tools: [read_file]   # tools whose results are never evicted
  root: evicted                # where full results go, relative to the workspace
redaction:
  enabled: true                # replace secrets with [REDACTED:<kind>] before a model or a memory file sees them
                               # (sync refuses to push a secret even when this is false)
  patterns: []                 # extra patterns: a regex, or {name: kind, regex: ...} (one group = the part to hide)
recall:
  semantic: auto               # the offline semantic leg (memctl[semantic]): auto (when installed) | on | off
  thesaurus: true              # a query word no record holds: look up WordNet's related words
# sync:                        # share memory through a git remote (`memctl sync`)
#   remote: git@host:team/memory.git
#   branch: main
#   share: [ledgers, memory]   # also: threads, evicted (private and large: opt-in)
#   every: 15m                 # maintain syncs this often
"""
