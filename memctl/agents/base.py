"""The protocol every agent module implements, and the pieces the agents share.

An agent (`claude_code.AGENT`, `codex.AGENT`) is one object that says everything memctl
must know about it: its name, the hook events it sends and what memctl does at each, how
its hook input is read and what an empty answer looks like, the settings files install
writes its hooks (and MCP server) into, where its transcripts lie and how they are read,
and the file its memory block is exported into. The engines (`hooks`, `install`,
`imports`, `export`, `discover`) reach an agent only through `registry.agent(name)` and
this protocol, so they name none.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Literal, NamedTuple, Protocol

from memctl.agents.transcripts import Parsed
from memctl.core.errors import UsageError
from memctl.core.threads import Record
from memctl.core.workspace import Workspace

HookAction = Literal["start", "prompt", "compact", "turn", "end"]
"""What memctl does at an event: `start` prints the memory block; `prompt` a short
recall for the prompt; `compact` imports the transcript and flushes it whatever the
throttle (the conversation is about to be summarised away); `turn` imports what was
appended and flushes as `memory.flush_trigger` allows; `end` imports, flushes what is
left and runs the maintenance that is due."""

Scope = Literal["project", "user"]
"""Where install writes: the project's agent settings or the user's."""


class HookSpec(NamedTuple):
    """One hook install writes: the event, the agent's matcher for it (None: every
    occurrence), and the seconds the agent gives the hook."""

    event: str
    matcher: str | None
    timeout: int


class HookInput(NamedTuple):
    """One hook invocation, whichever agent and mechanism sent it (read only: a named
    tuple, as the records below)."""

    agent: str
    event: str
    session_id: str | None = None
    transcript_path: str | None = None
    cwd: str | None = None
    source: str | None = None
    trigger: str | None = None
    reason: str | None = None
    prompt: str | None = None
    agent_transcript_path: str | None = None
    """A subagent's own transcript, when the event is about a subagent."""
    notify: bool = False
    """Sent by a notify program (a JSON argument), not by a hook (stdin)."""


def _none(records: list[Record], stem: str | None) -> str | None:
    return None


# The agents' records that never change are named tuples: a frozen dataclass compiles
# five methods from source at every start-up (~4 M instructions each, against under 1 M
# for a named tuple), and every hook loads these three.


class TranscriptFormat(NamedTuple):
    """A transcript format `thread import` reads (`--format NAME`)."""

    name: str
    described: str
    """What a file of it is, in messages: "a Claude Code session"."""
    claims: Callable[[dict[str, Any]], bool]
    """Whether a record belongs to this format (False when it could be any)."""
    parse: Callable[[list[Record], str, dict[str, Any] | None], Parsed]
    """records, the source's name for messages, and what an earlier import of the
    lines before them left (None for a whole file) -> the drafts."""
    passed_over: Callable[[list[Record], str | None], str | None] = _none
    """Why a whole transcript is not imported (None: it is), from its records and its
    file name's stem: one that holds no conversation of its own."""


class MemoryFile(NamedTuple):
    """The file an agent reads instructions from, which `export` writes the block into."""

    kind: str
    """What `memctl export` calls it: `--KIND FILE` ("claude-md")."""
    name: str
    """Its usual name ("CLAUDE.md")."""
    max_bytes: int | None = None
    """How much of the file the agent reads, when it reads only so much."""


class SettingsFile(NamedTuple):
    """A file install edits: what adding memctl makes of its text (None: no file, as
    argument or result), and what taking memctl out again makes of it.
    `remove(add(text))` gives back `text` for any file install can edit in place. `add`
    may also take out what another mode of install put there (Codex's hooks.json when
    installing its notify program instead)."""

    path: Path
    add: Callable[[str | None], str | None]
    remove: Callable[[str], str]


class Agent(Protocol):
    """What memctl knows of a coding agent. One module an agent implements it and puts
    its object in `registry.AGENTS`."""

    name: str
    """The name commands take (`memctl hook NAME`, `install NAME`): "claude-code"."""
    title: str
    """Its name in messages: "Claude Code"."""
    events: Mapping[str, HookAction]
    """Every hook event it may send, by its name for it, and what memctl does then."""
    session_end: bool
    """Whether it runs a hook when a session ends; without one, a `turn` event also
    runs the maintenance that is due."""
    resume_keeps_context: bool
    """Whether a resumed session still holds what its first SessionStart hook added
    (Codex replays the whole history on resume): a `start` event with source "resume"
    then adds no memory block, else each resume would add one more copy."""
    hooks: tuple[HookSpec, ...]
    """The hooks install writes."""
    recall_hook: HookSpec
    """The hook `install --recall` adds."""
    notify: bool
    """Whether it runs a notify program (`install --notify` installs memctl as it)."""
    hook_help: str
    """The help of `memctl hook NAME`."""
    hook_argument: str | None
    """The help of `memctl hook NAME`'s one argument, None when it takes none."""
    transcripts: TranscriptFormat
    memory_file: MemoryFile

    def parse_hook(self, stdin: bytes, argument: str | None) -> HookInput:
        """The hook input: from the argument when the agent gave one, else stdin. An
        event memctl does nothing at may be named `ignored`."""
        ...

    def empty_answer(self, hook: HookInput) -> str:
        """What the hook prints when it has no context to give."""
        ...

    def home(self) -> Path:
        """The folder the agent keeps its sessions and user settings under."""
        ...

    def sessions(self, home: Path, project: Path | None) -> list[Path]:
        """Every transcript under `home` (of one project's sessions, when given)."""
        ...

    def session_transcript(self, session_id: str) -> Path | None:
        """The transcript of a session a hook names only by id; None when the agent
        always names its transcript, or when the session left none (nothing to import)."""
        ...

    def related_transcripts(self, hook: HookInput, transcript: Path) -> list[Path]:
        """Other transcripts the event concerns beside the session's, when the input
        names none itself (`agent_transcript_path`): a subagent's, found beside it."""
        ...

    def settings(
        self, ws: Workspace, *, user: bool, project: Path, recall: bool, notify: bool
    ) -> list[SettingsFile]:
        """The files install edits, in the user's settings or the project's."""
        ...

    def mcp_command(self, ws: Workspace, scope: Scope, *, remove: bool) -> list[str] | None:
        """The agent's own command that (un)registers memctl's MCP server, when it is
        not written into a settings file and not registered already (None then)."""
        ...

    def review_steps(self, ws: Workspace, scope: Scope, project: Path, notify: bool) -> list[str]:
        """What the user must still do, after install, before the agent runs memctl's
        hooks or server (a review or trust step the agent asks for), one line each."""
        ...


# --------------------------------------------------------------------------- shared


def json_object(raw: str | bytes, what: str) -> dict[str, Any]:
    """`raw` parsed as one JSON object; UsageError naming `what` otherwise."""
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise UsageError(f"{what} is not JSON ({exc})") from None
    if not isinstance(data, dict):
        raise UsageError(f"{what} is not a JSON object")
    return data


def text_field(data: dict[str, Any], key: str) -> str | None:
    value = data.get(key)
    return value if isinstance(value, str) and value else None


def parse_hook_json(agent: str, raw: bytes) -> HookInput:
    """A hook's input on stdin in the shape Claude Code gave it and other agents copied:
    one JSON object with `hook_event_name`, `session_id`, `transcript_path`, `cwd`, and
    `source`, `trigger`, `reason` or `prompt` by event."""
    if not raw.strip():
        raise UsageError("no hook input on stdin (expected one JSON object)")
    data = json_object(raw, "the hook input on stdin")
    event = text_field(data, "hook_event_name")
    if event is None:
        raise UsageError("the hook input has no hook_event_name")
    return HookInput(
        agent=agent,
        event=event,
        session_id=text_field(data, "session_id"),
        transcript_path=text_field(data, "transcript_path"),
        cwd=text_field(data, "cwd"),
        source=text_field(data, "source"),
        trigger=text_field(data, "trigger"),
        reason=text_field(data, "reason"),
        prompt=text_field(data, "prompt"),
        agent_transcript_path=text_field(data, "agent_transcript_path"),
    )


def first_line(path: Path, limit: int = 1 << 20) -> dict[str, Any]:
    """The first line of a JSONL transcript as an object ({} when it is not one): what
    names a file's session, parent or working folder."""
    try:
        with path.open("rb") as handle:
            line = json.loads(handle.readline(limit))
    except (OSError, ValueError, RecursionError):
        return {}
    return line if isinstance(line, dict) else {}
