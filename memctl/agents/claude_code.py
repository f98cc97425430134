"""Claude Code: its hooks, its settings, its session files, and how they are read.

Hooks: Claude Code runs a hook command with one JSON object on stdin
(`hook_event_name`, `session_id`, `transcript_path`, `cwd`, plus `source`, `trigger`,
`reason` or `prompt` by event) and adds what a SessionStart or UserPromptSubmit hook
prints (plain stdout, or `hookSpecificOutput.additionalContext`) to the context, up to
10,000 characters. It reads exit code 2 from a PreCompact hook as "block the compaction",
which is why `memctl hook` always exits 0. SessionEnd hooks get 1.5 s unless they declare
a longer timeout (at most 60): the flush and maintenance of a session's end go to a
detached process when the memory model is a network model. SubagentStop (2.1) names the
subagent's own transcript (`agent_transcript_path`); without it, the subagent files of
the session are found beside it.

Settings: install adds one matcher group per event to the `hooks` block of
`.claude/settings.json` (the project's; `<config>/settings.json` with --user), each
running `memctl -w <workspace> hook claude-code`, and the MCP server: in the project's
`.mcp.json` (the file `claude mcp add --scope project` writes), or with --user by
`claude mcp add --scope user` (run when `claude` is on PATH and the server is not
registered yet, else printed for the user to run).

Sessions: `<config>/projects/<project>/<session>.jsonl`, where `<config>` is
`$CLAUDE_CONFIG_DIR` or `~/.claude` and `<project>` is the session's working folder with
every character other than a letter or digit made `-`. Subagents write beside it: 2.1 in
`<project>/<session>/subagents/agent-<id>.jsonl`, 2.0 in `<project>/agent-<id>.jsonl`
(their lines carry the parent's `sessionId`, which names their thread; a 2.0 subagent
file is taken when its session's file is there too).

Reading a session (`parse_claude`):

- Every entry's `source_id` is the line's `uuid`.
- The blocks of one reply, each written as its own line, are merged by `message.id` at
  the position of the first, while nothing but its own tool results (Claude 2.1 runs a
  tool while the reply streams), progress lines or subagent lines come between them;
  thinking is not conversation.
- Subagent lines (`isSidechain`) are skipped when the file also holds the main
  conversation (the subagent's result reaches it as the Task tool's result); a file
  holding only a subagent's traffic is imported whole, into `<session>.agent-<agentId>`.
- `isMeta` lines contribute only their tool results (a tool call must keep its answer).
- Harness text in user lines (slash commands, local command output, caveats, system
  reminders: `memctl.core.harness`) is metadata, not what the user said.
- The summary written after a compaction (`isCompactSummary`), a user line of Claude
  Code's own words, is kept as a system message marked `"compact_summary": true`, which
  the importer follows with a compaction record: not the user's words, for flush,
  search and recall (audit 15).
- Prompts queued mid-turn (`queued_command` attachments) are user messages.
- Lines are imported in file order, abandoned branches (rewinds) included: nothing the
  session said is dropped.
- Compaction agents (`agent-acompact-*`: they repeat their session) and the "Warmup"
  agents of Claude Code 2.0 are not imported (`skipped_agent`).

Export: the memory block goes into CLAUDE.md.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from memctl.agents.base import (
    HookAction,
    HookInput,
    HookSpec,
    MemoryFile,
    Scope,
    SettingsFile,
    TranscriptFormat,
    first_line,
    parse_hook_json,
)
from memctl.agents.transcripts import (
    Draft,
    Parsed,
    Piece,
    as_string,
    fail,
    ids_for,
    image_part,
    joined_content,
    line_hash,
    open_batch,
    pending_calls,
    tool_call,
)
from memctl.core.threads import Record
from memctl.core.workspace import Workspace

CLAUDE_LINE_TYPES = frozenset(
    {
        "user",
        "assistant",
        "system",
        "summary",
        "progress",
        "attachment",
        "file-history-snapshot",
        "queue-operation",
    }
)


# Lines that may come between the lines of one reply without ending it: a tool's
# progress, and a prompt queued while Claude is busy (delivered later as an attachment).
NOT_ENDING_A_REPLY = frozenset({"progress", "queue-operation"})
# A reply that stopped for one of these has no tool call, so no block can follow. (Not
# "tool_use": were it written on each block line, the calls of one reply would split.)
ENDED = ("end_turn", "max_tokens", "stop_sequence", "refusal")


def parse_claude(
    records: list[Record], source: str, context: dict[str, Any] | None = None
) -> Parsed:
    """Lines of one reply (one `message.id`) become one assistant message while nothing
    but their own tool results (Claude 2.1 runs a tool while the reply still streams),
    progress lines or subagent lines come between them. A reply that the last lines may
    still extend is marked open (`Parsed.open_from`)."""
    context = context or {}
    conversation = [r for r in records if r.data.get("type") in ("user", "assistant")]
    main_present = context.get("main") is True or any(
        r.data.get("isSidechain") is not True for r in conversation
    )
    parsed = Parsed(drafts=[], session=_claude_session(records, main_present))
    calls = context.get("calls")
    tool_names: dict[str, str] = dict(calls) if isinstance(calls, dict) else {}
    seen: dict[str, int] = {}
    reply: Draft | None = None  # the reply later lines may still join
    reply_id: str | None = None
    for index, record in enumerate(records):
        data = record.data
        kind = data.get("type")
        if kind in NOT_ENDING_A_REPLY:
            parsed.meta += 1
            continue
        if main_present and data.get("isSidechain") is True:
            parsed.sidechain += 1
            continue
        if kind not in ("user", "assistant", "attachment"):
            parsed.meta += 1
            reply = None
            continue
        uid = as_string(data.get("uuid")) or line_hash(data, seen)
        ts = as_string(data.get("timestamp"))
        if kind == "attachment":
            message = _claude_queued_prompt(data, source, record.where)
            if message is None:
                parsed.meta += 1
            else:
                parsed.drafts.append(Draft(record.where, uid, ts, message, index=index))
                reply = None
            continue
        message = data.get("message")
        if not isinstance(message, dict):
            raise fail(source, record.where, f"{kind} line without a 'message' object")
        if kind == "assistant":
            line_id = as_string(message.get("id"))
            if line_id is None or line_id != reply_id:
                reply, reply_id = None, line_id
            piece = _claude_piece(message, uid, ts, record.where, source, tool_names)
            if piece is None or data.get("isApiErrorMessage") is True:
                parsed.meta += 1
            elif reply is not None:
                reply.pieces.append(piece)
            else:
                reply = Draft(record.where, pieces=[piece], index=index)
                parsed.drafts.append(reply)
            if message.get("stop_reason") in ENDED:
                reply = None  # its last block: nothing joins it any more
            continue
        if reply is not None and not _answers(message, reply):
            reply = None
        messages = _claude_user(data, message, source, record.where, tool_names)
        if not messages:
            parsed.meta += 1
        for source_id, entry in zip(ids_for(uid, len(messages)), messages, strict=True):
            parsed.drafts.append(Draft(record.where, source_id, ts, entry, index=index))
    if reply is not None:
        parsed.open_from = reply.index
        parsed.batch_from = open_batch(reply)
    parsed.context = {"main": main_present, "calls": pending_calls(tool_names, parsed.drafts)}
    return parsed


def _answers(message: dict[str, Any], reply: Draft) -> bool:
    """Whether a user line holds only results of the reply's own tool calls."""
    content = message.get("content")
    if not isinstance(content, list) or not content:
        return False
    called = {call["id"] for piece in reply.pieces for call in piece.tool_calls}
    return all(
        isinstance(block, dict)
        and block.get("type") == "tool_result"
        and block.get("tool_use_id") in called
        for block in content
    )


def _claude_session(records: list[Record], main_present: bool) -> str | None:
    """The session id; a subagent's own file gets a thread of its own beside its parent's."""
    for record in records:
        session = as_string(record.data.get("sessionId"))
        if session is None:
            continue
        if main_present:
            return session
        agent = as_string(record.data.get("agentId"))
        return f"{session}.agent-{agent}" if agent else session
    return None


def _claude_piece(
    message: dict[str, Any],
    uid: str,
    ts: str | None,
    where: str,
    source: str,
    tool_names: dict[str, str],
) -> Piece | None:
    """The text and tool calls of one assistant line; None when it holds neither."""
    content = message.get("content")
    if isinstance(content, str):
        return Piece(uid, where, ts, [content], []) if content.strip() else None
    if not isinstance(content, list):
        raise fail(source, where, "message.content must be a string or a list of blocks")
    texts: list[str] = []
    calls: list[dict[str, Any]] = []
    for block in content:
        if not isinstance(block, dict):
            raise fail(source, where, "a content block is not a JSON object")
        kind = block.get("type")
        if kind == "text":
            if not isinstance(block.get("text"), str):
                raise fail(source, where, "text block without a string 'text'")
            if block["text"].strip():
                texts.append(block["text"])
        elif kind == "tool_use":
            call_id, name = as_string(block.get("id")), as_string(block.get("name"))
            if call_id is None or name is None:
                raise fail(source, where, "tool_use block needs a string 'id' and 'name'")
            arguments = json.dumps(block.get("input", {}), ensure_ascii=False)
            calls.append(tool_call(call_id, name, arguments))
            tool_names[call_id] = name
    if not texts and not calls:
        return None
    return Piece(uid, where, ts, texts, calls)


def _said(text: str) -> str:
    """`harness.without_harness`, imported by the first line that needs it: a Stop with
    nothing new reads no line, and its patterns took a million instructions to compile."""
    from memctl.core.harness import without_harness

    return without_harness(text)


def _claude_user(
    data: dict[str, Any],
    message: dict[str, Any],
    source: str,
    where: str,
    tool_names: dict[str, str],
) -> list[dict[str, Any]]:
    """The entries of one user line: a tool message per tool_result, then what the user said."""
    content = message.get("content")
    meta = data.get("isMeta") is True
    summary = data.get("isCompactSummary") is True
    role = {"role": "system", "compact_summary": True} if summary else {"role": "user"}
    if isinstance(content, str):
        said = _said(content)
        if meta or not said:
            return []
        return [{**role, "content": said}]
    if not isinstance(content, list):
        raise fail(source, where, "message.content must be a string or a list of blocks")
    entries: list[dict[str, Any]] = []
    parts: list[dict[str, Any]] = []
    for block in content:
        if not isinstance(block, dict):
            raise fail(source, where, "a content block is not a JSON object")
        kind = block.get("type")
        if kind == "tool_result":
            entries.append(_claude_tool_result(block, source, where, tool_names))
        elif kind == "text" and isinstance(block.get("text"), str):
            if said := _said(block["text"]):
                parts.append({"type": "text", "text": said})
        elif kind == "image" and (image := _claude_image(block)) is not None:
            parts.append(image)
    if parts and not meta:
        entries.append({**role, "content": joined_content(parts)})
    return entries


def _claude_tool_result(
    block: dict[str, Any], source: str, where: str, tool_names: dict[str, str]
) -> dict[str, Any]:
    call_id = as_string(block.get("tool_use_id"))
    if call_id is None:
        raise fail(source, where, "tool_result block without a string 'tool_use_id'")
    result = block.get("content")
    content: str | list[dict[str, Any]]
    if result is None:
        content = ""
    elif isinstance(result, str):
        content = result
    elif isinstance(result, list):
        parts = []
        for item in result:
            if not isinstance(item, dict):
                raise fail(source, where, "a tool_result content block is not a JSON object")
            if item.get("type") == "text" and isinstance(item.get("text"), str):
                parts.append({"type": "text", "text": item["text"]})
            elif item.get("type") == "image" and (image := _claude_image(item)) is not None:
                parts.append(image)
        content = joined_content(parts) if parts else ""
    else:
        raise fail(source, where, "tool_result content must be a string or a list of blocks")
    entry: dict[str, Any] = {"role": "tool", "tool_call_id": call_id, "content": content}
    if call_id in tool_names:
        entry["name"] = tool_names[call_id]
    if block.get("is_error") is True:
        entry["is_error"] = True
    return entry


def _claude_queued_prompt(data: dict[str, Any], source: str, where: str) -> dict[str, Any] | None:
    """A prompt typed while Claude was busy, delivered mid-turn as an attachment."""
    attachment = data.get("attachment")
    if not isinstance(attachment, dict) or attachment.get("type") != "queued_command":
        return None
    if attachment.get("commandMode", "prompt") != "prompt":
        return None
    prompt = attachment.get("prompt")
    if isinstance(prompt, str):
        typed = _said(prompt)
        return {"role": "user", "content": typed} if typed else None
    if isinstance(prompt, list):
        said = [
            entry
            for entry in _claude_user({}, {"content": prompt}, source, where, {})
            if entry["role"] == "user"
        ]
        return said[0] if said else None
    return None


def _claude_image(block: dict[str, Any]) -> dict[str, Any] | None:
    """An Anthropic image block as an OpenAI image part (base64 data or a URL)."""
    origin = block.get("source")
    if not isinstance(origin, dict):
        return None
    if origin.get("type") == "base64" and isinstance(origin.get("data"), str):
        media = origin.get("media_type") or "image/png"
        return image_part(f"data:{media};base64,{origin['data']}")
    if origin.get("type") == "url" and isinstance(origin.get("url"), str):
        return image_part(origin["url"])
    return None


def skipped_agent(records: list[Record], stem: str | None) -> str | None:
    """Why a Claude Code subagent transcript is not imported, if it is one that holds no
    conversation of its own: the compaction agent repeats its session's history and
    summary (flushing it would file every fact again), and the warm-up agent that Claude
    Code 2.0 starts with each session says only "Warmup"."""
    agent = next((r.data["agentId"] for r in records if isinstance(r.data.get("agentId"), str)), "")
    if agent.startswith("acompact") or (stem or "").startswith("agent-acompact"):
        return "a compaction agent's transcript (it repeats its session)"
    said = [
        r.data["message"].get("content")
        for r in records
        if r.data.get("type") == "user" and isinstance(r.data.get("message"), dict)
    ]
    if agent and said and said[0] == "Warmup":
        return "a warm-up agent's transcript (no conversation)"
    return None


def _claims(data: dict[str, Any]) -> bool:
    return data.get("type") in CLAUDE_LINE_TYPES


# --------------------------------------------------------------------------- sessions

NOT_A_LETTER_OR_DIGIT = r"[^A-Za-z0-9]"  # compiled on first use (re's cache), not by every hook


def claude_home() -> Path:
    return Path(os.environ.get("CLAUDE_CONFIG_DIR") or Path.home() / ".claude")


def claude_project_folder(project: Path) -> str:
    """The folder name Claude Code gives a project's sessions."""
    return re.sub(NOT_A_LETTER_OR_DIGIT, "-", str(project))


def claude_sessions(home: Path, project: Path | None = None) -> list[Path]:
    """Every session and subagent file under `home`/projects (of one project if given)."""
    root = home / "projects"
    if project is not None:
        folders = [root / claude_project_folder(project)]
    else:
        folders = sorted(_folders(root))
    found: list[Path] = []
    for folder in folders:
        if not folder.is_dir():
            continue
        sessions = sorted(
            p for p in folder.glob("*.jsonl") if p.is_file() and not p.name.startswith("agent-")
        )
        found.extend(sessions)
        known = {p.stem for p in sessions}
        # 2.0: a subagent's file beside the sessions, taken when its session is there
        found.extend(
            p
            for p in sorted(folder.glob("agent-*.jsonl"))
            if p.is_file() and _parent_session(p) in known
        )
        found.extend(sorted(p for p in folder.glob("*/subagents/agent-*.jsonl") if p.is_file()))
    return found


def _folders(root: Path) -> list[Path]:
    try:
        return [p for p in root.iterdir() if p.is_dir()]
    except (FileNotFoundError, NotADirectoryError):
        return []


def subagent_transcripts(transcript: Path, session: str) -> list[Path]:
    """The subagent files of a Claude Code session, for a SubagentStop input that does
    not name one: 2.1 writes `<session>/subagents/agent-*.jsonl` beside the session's
    file, 2.0 `agent-*.jsonl` in the same folder, its lines naming the parent session."""
    folder = transcript.expanduser().parent
    found = sorted((folder / session / "subagents").glob("agent-*.jsonl"))
    found.extend(
        path for path in sorted(folder.glob("agent-*.jsonl")) if _parent_session(path) == session
    )
    return found


def _parent_session(path: Path) -> str | None:
    """The session a subagent's file belongs to, as its first line names it."""
    session = first_line(path).get("sessionId")
    return session if isinstance(session, str) else None


# --------------------------------------------------------------------------- the agent

EVENTS: Mapping[str, HookAction] = {
    "SessionStart": "start",
    "UserPromptSubmit": "prompt",
    "PreCompact": "compact",
    "Stop": "turn",
    "SubagentStop": "turn",
    "SessionEnd": "end",
}
CLAUDE_EVENTS: tuple[HookSpec, ...] = (
    HookSpec("SessionStart", "startup|resume|clear|compact", 30),
    HookSpec("PreCompact", "manual|auto", 300),
    HookSpec("Stop", None, 300),
    HookSpec("SubagentStop", None, 300),
    # SessionEnd hooks get 1.5 s unless they declare more (Claude Code's limit is 60).
    HookSpec("SessionEnd", None, 60),
)
HOOK_HELP = """Handle one Claude Code hook event; its JSON comes on stdin.

SessionStart prints the memory block; PreCompact imports and flushes; Stop and
SubagentStop import and flush as memory.flush_trigger allows; SessionEnd imports,
flushes and maintains; UserPromptSubmit prints a short recall.

Example (.claude/settings.json): "command": "memctl -w /path/to/ws hook claude-code"
"""


class ClaudeCode:
    """Claude Code, as `base.Agent` describes an agent."""

    name = "claude-code"
    title = "Claude Code"
    events = EVENTS
    session_end = True
    resume_keeps_context = False
    hooks = CLAUDE_EVENTS
    recall_hook = HookSpec("UserPromptSubmit", None, 15)
    notify = False
    hook_help = HOOK_HELP
    hook_argument: str | None = None
    transcripts = TranscriptFormat(
        "claude", "a Claude Code session", _claims, parse_claude, skipped_agent
    )
    memory_file = MemoryFile("claude-md", "CLAUDE.md")

    def parse_hook(self, stdin: bytes, argument: str | None) -> HookInput:
        return parse_hook_json(self.name, stdin)

    def empty_answer(self, hook: HookInput) -> str:
        return ""

    def home(self) -> Path:
        return claude_home()

    def sessions(self, home: Path, project: Path | None) -> list[Path]:
        return claude_sessions(home, project)

    def session_transcript(self, session_id: str) -> Path | None:
        return None  # every hook input names its transcript_path

    def related_transcripts(self, hook: HookInput, transcript: Path) -> list[Path]:
        if hook.event == "SubagentStop" and hook.session_id:
            return subagent_transcripts(transcript, hook.session_id)
        return []

    def settings(
        self, ws: Workspace, *, user: bool, project: Path, recall: bool, notify: bool
    ) -> list[SettingsFile]:
        from memctl.agents.settings import hooks_file, mcp_json_file

        base = claude_home() if user else project / ".claude"
        hooks = self.hooks + ((self.recall_hook,) if recall else ())
        files = [hooks_file(ws, self.name, base / "settings.json", hooks)]
        if not user:
            # The project's servers live in .mcp.json, a plain file of the project:
            # edited as one, installing twice is no change and uninstall restores it
            # (`claude mcp add` refuses an existing entry; `remove` leaves `{}` behind).
            files.append(mcp_json_file(project / ".mcp.json", "memctl", _server(ws)))
        return files

    def mcp_command(self, ws: Workspace, scope: Scope, *, remove: bool) -> list[str] | None:
        if scope == "project":
            return None  # .mcp.json, among the settings files
        state = _user_server(ws)
        if remove:
            return (
                None
                if state == "absent"
                else ["claude", "mcp", "remove", "--scope", scope, "memctl"]
            )
        if state == "ours":
            return None  # registered already: installing again changes nothing
        argv = _server(ws)
        return [
            "claude",
            "mcp",
            "add",
            "--scope",
            scope,
            "memctl",
            "--",
            argv["command"],
            *argv["args"],
        ]

    def review_steps(self, ws: Workspace, scope: Scope, project: Path, notify: bool) -> list[str]:
        if scope == "user" or _approved(project):
            return []
        return [
            f'start `claude` in {project} once: answer "Yes, I trust this folder" if it '
            'asks (its hooks and .mcp.json load only then), then "Use this MCP server" '
            "for memctl (the preselected answer goes without it)"
        ]


def _approved(project: Path) -> bool:
    """Whether the user already approved the project's `memctl` server: Claude Code
    records the answer in the project's `.claude/settings.local.json`."""
    try:
        data = json.loads((project / ".claude" / "settings.local.json").read_text("utf-8"))
    except (OSError, ValueError, RecursionError):
        return False
    if not isinstance(data, dict):
        return False
    enabled = data.get("enabledMcpjsonServers")
    return data.get("enableAllProjectMcpServers") is True or (
        isinstance(enabled, list) and "memctl" in enabled
    )


def _server(ws: Workspace) -> dict[str, Any]:
    """memctl's MCP server as Claude Code writes an entry of `mcpServers`."""
    from memctl.agents.settings import memctl_argv

    command, *args = memctl_argv(ws, "mcp")
    return {"type": "stdio", "command": command, "args": args, "env": {}}


def _user_server(ws: Workspace) -> Literal["ours", "other", "absent", "unknown"]:
    """What Claude Code's user configuration (`.claude.json`, beside its config folder
    or in it when CLAUDE_CONFIG_DIR is set) registers as `memctl`: this workspace's
    server, another, none, or unknown (no readable file: the command decides)."""
    folder = os.environ.get("CLAUDE_CONFIG_DIR")
    path = Path(folder) / ".claude.json" if folder else Path.home() / ".claude.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return "unknown"
    servers = data.get("mcpServers") if isinstance(data, dict) else None
    if not isinstance(servers, dict) or "memctl" not in servers:
        return "absent"
    from memctl.agents.settings import same_server

    return "ours" if same_server(servers["memctl"], _server(ws)) else "other"


AGENT = ClaudeCode()
