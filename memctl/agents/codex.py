"""Codex CLI: its hooks and notify program, its settings, its rollouts, and how they are read.

Hooks: Codex has two mechanisms. The legacy `notify` program gets one JSON argument
after each turn (`type: agent-turn-complete`, `thread-id`, `turn-id`, `cwd`,
`input-messages`, `last-assistant-message`) and no transcript path: the rollout is found
by its thread id. The newer `hooks.json` gives its hooks stdin input of the same shape as
Claude Code's, and expects a JSON object from every hook (`{}` when there is nothing to
say). Codex has no session-end hook, so its Stop also runs the maintenance that is due
(throttled by consolidation_min_gap), as `memctl call` does after a turn.

Settings: install writes the hooks into `.codex/hooks.json` (`$CODEX_HOME/hooks.json`
with --user), or with --notify the legacy `notify = [...]` line into config.toml, and a
`[mcp_servers.memctl]` table into config.toml, edited structurally (see `settings`):
Codex runs one notify program, so one already set is an error, and installing one mode
takes the other out (both would import every turn twice).

Rollouts: `<home>/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl` and, once archived,
`<home>/archived_sessions/`, where `<home>` is `$CODEX_HOME` or `~/.codex`.

Reading a rollout (`parse_codex`):

- Every entry's `source_id` is a hash of its line.
- Only `response_item`s count (`event_msg`s repeat them). Developer messages and the
  user-role messages Codex injects itself (environment context, AGENTS.md
  instructions, skills, turn markers) are harness context.
- Consecutive tool calls join the assistant message before them, so parallel calls stay
  one assistant message followed by their results, as chat APIs require.
- Freeform tool input (`custom_tool_call`) becomes JSON arguments `{"input": ...}`.
- The summary of a `compacted` line is kept as a system message marked
  `"compact_summary": true` (Codex's words, not the user's), which the importer follows
  with a compaction record.

Export: the memory block goes into AGENTS.md, of which Codex reads 32 KiB
(`project_doc_max_bytes`): the block is cut to what the rest of the file leaves.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from memctl import __version__
from memctl.agents.base import (
    HookAction,
    HookInput,
    HookSpec,
    MemoryFile,
    Scope,
    SettingsFile,
    TranscriptFormat,
    first_line,
    json_object,
    parse_hook_json,
    text_field,
)
from memctl.agents.transcripts import (
    Draft,
    Parsed,
    Piece,
    as_string,
    fail,
    image_part,
    joined_content,
    line_hash,
    open_batch,
    pending_calls,
    tool_call,
)
from memctl.core.errors import UsageError
from memctl.core.threads import Record
from memctl.core.workspace import Workspace

CODEX_LINE_TYPES = frozenset(
    {"session_meta", "response_item", "event_msg", "turn_context", "compacted"}
)
# Item types of the rollouts written before the {timestamp, type, payload} envelope.
CODEX_ITEM_TYPES = frozenset(
    {
        "message",
        "reasoning",
        "function_call",
        "function_call_output",
        "custom_tool_call",
        "custom_tool_call_output",
        "local_shell_call",
    }
)
# User-role messages Codex writes itself; the markers are the ones Codex uses to tell
# them from what the user typed (codex-rs: contextual_user_message.rs, user_instructions.rs,
# model_visible_context.rs: a `!` shell command the user ran and its output, the plugins
# and subagents lists).
CODEX_HARNESS_PREFIXES = (
    "<environment_context>",
    "<user_instructions>",
    "# agents.md instructions for ",
    "<skill",
    "<turn_aborted>",
    "<context_update>",
    "<subagent_notification>",
    "<subagents>",
    "<user_shell_command>",
    "<plugins>",
)


# Events that mark the end of a model response or of a turn: no tool call joins the
# assistant message before them any more.
RESPONSE_ENDS = frozenset(
    {"token_count", "task_complete", "turn_aborted", "task_started", "user_message"}
)


def parse_codex(
    records: list[Record], source: str, context: dict[str, Any] | None = None
) -> Parsed:
    """Tool calls join the assistant message before them until a result, a message or
    the end of the response comes; one that the last lines may still extend is open."""
    context = context or {}
    parsed = Parsed(drafts=[], session=None)
    calls = context.get("calls")
    tool_names: dict[str, str] = dict(calls) if isinstance(calls, dict) else {}
    seen: dict[str, int] = {}
    reply: Draft | None = None  # the assistant message later tool calls join
    for index, record in enumerate(records):
        data = record.data
        if "payload" in data:
            kind, item = data.get("type"), data.get("payload")
            if not isinstance(item, dict):
                raise fail(source, record.where, "'payload' must be a JSON object")
            if kind == "session_meta":
                parsed.session = parsed.session or as_string(item.get("id"))
            if kind == "compacted" and as_string(item.get("message")):
                summary = {"role": "system", "content": item["message"], "compact_summary": True}
                uid = line_hash(data, seen)
                ts = as_string(data.get("timestamp"))
                parsed.drafts.append(Draft(record.where, uid, ts, summary, index=index))
                reply = None
                continue
            if kind != "response_item":
                parsed.meta += 1
                if kind != "event_msg" or item.get("type") in RESPONSE_ENDS:
                    reply = None
                continue
        elif data.get("type") in CODEX_ITEM_TYPES:
            item = data
        else:
            # The first line of a pre-envelope rollout names the session; other lines
            # (`record_type: state`) are bookkeeping.
            if parsed.session is None and "record_type" not in data:
                parsed.session = as_string(data.get("id"))
            parsed.meta += 1
            continue
        uid = line_hash(data, seen)
        ts = as_string(data.get("timestamp")) or as_string(item.get("timestamp"))
        kind = item.get("type")
        if kind == "message":
            draft = _codex_message(item, uid, ts, record.where, index, source)
            if draft is None:
                parsed.meta += 1
            else:
                parsed.drafts.append(draft)
                reply = draft if draft.pieces else None
        elif kind in ("function_call", "custom_tool_call", "local_shell_call"):
            call = _codex_call(item, uid, source, record.where)
            tool_names[call["id"]] = call["function"]["name"]
            piece = Piece(uid, record.where, ts, [], [call])
            if reply is None:
                reply = Draft(record.where, pieces=[piece], index=index)
                parsed.drafts.append(reply)
            else:
                reply.pieces.append(piece)
        elif kind in ("function_call_output", "custom_tool_call_output"):
            entry = _codex_result(item, tool_names, source, record.where)
            parsed.drafts.append(Draft(record.where, uid, ts, entry, index=index))
            reply = None
        else:
            # reasoning, web searches, snapshots, encrypted compaction items: not messages
            parsed.meta += 1
    if reply is not None:
        parsed.open_from = reply.index
        parsed.batch_from = open_batch(reply)
    parsed.context = {"calls": pending_calls(tool_names, parsed.drafts)}
    return parsed


def _codex_message(
    item: dict[str, Any], uid: str, ts: str | None, where: str, index: int, source: str
) -> Draft | None:
    """An assistant message (a reply later tool calls may join: it has pieces) or a
    user message; None for harness text, empty messages and other roles."""
    role = item.get("role")
    parts = _codex_parts(item.get("content"), source, where)
    if role == "assistant" and parts:
        texts = [p["text"] for p in parts if p["type"] == "text"]
        return Draft(where, pieces=[Piece(uid, where, ts, texts, [])], index=index)
    if role == "user" and parts and not _codex_harness(parts):
        message = {"role": "user", "content": joined_content(parts)}
        return Draft(where, uid, ts, message, index=index)
    return None


def _codex_result(
    item: dict[str, Any], tool_names: dict[str, str], source: str, where: str
) -> dict[str, Any]:
    """A tool result entry, named after its call when the call was seen."""
    call_id = as_string(item.get("call_id"))
    if call_id is None:
        raise fail(source, where, f"{item.get('type')} without a string 'call_id'")
    entry: dict[str, Any] = {
        "role": "tool",
        "tool_call_id": call_id,
        "content": _codex_output(item.get("output")),
    }
    if call_id in tool_names:
        entry["name"] = tool_names[call_id]
    return entry


def _codex_parts(content: Any, source: str, where: str) -> list[dict[str, Any]]:
    if not isinstance(content, list):
        raise fail(source, where, "message content must be a list of parts")
    parts: list[dict[str, Any]] = []
    for part in content:
        if not isinstance(part, dict):
            raise fail(source, where, "a content part is not a JSON object")
        kind = part.get("type")
        if kind in ("input_text", "output_text", "text"):
            if not isinstance(part.get("text"), str):
                raise fail(source, where, f"{kind} part without a string 'text'")
            if part["text"].strip():
                parts.append({"type": "text", "text": part["text"]})
        elif kind == "input_image" and isinstance(part.get("image_url"), str):
            parts.append(image_part(part["image_url"]))
    return parts


def _codex_harness(parts: list[dict[str, Any]]) -> bool:
    return any(
        part["type"] == "text" and part["text"].lstrip().lower().startswith(CODEX_HARNESS_PREFIXES)
        for part in parts
    )


def _codex_call(item: dict[str, Any], uid: str, source: str, where: str) -> dict[str, Any]:
    kind = item["type"]
    call_id = as_string(item.get("call_id")) or as_string(item.get("id"))
    if kind == "local_shell_call":
        # The built-in shell of early Codex models: the action is the call's arguments.
        arguments = json.dumps(item.get("action", {}), ensure_ascii=False)
        return tool_call(call_id or f"call_{uid}", "local_shell", arguments)
    name = as_string(item.get("name"))
    if call_id is None or name is None:
        raise fail(source, where, f"{kind} needs a string 'call_id' and 'name'")
    if kind == "custom_tool_call":
        arguments = json.dumps({"input": item.get("input", "")}, ensure_ascii=False)
    elif isinstance(item.get("arguments"), str):
        arguments = item["arguments"]
    else:
        arguments = json.dumps(item.get("arguments", {}), ensure_ascii=False)
    return tool_call(call_id, name, arguments)


def _codex_output(output: Any) -> str | list[dict[str, Any]]:
    """A tool result's text. Older Codex wrapped it as the JSON string
    `{"output": ..., "metadata": {...}}`; newer ones write the text itself, or a list of
    content items when a tool returned images."""
    if isinstance(output, str):
        try:
            inner = json.loads(output)
        except (ValueError, RecursionError):  # RecursionError: nested too deeply
            return output
        if (
            isinstance(inner, dict)
            and isinstance(inner.get("output"), str)
            and set(inner) <= {"output", "metadata"}
        ):
            return str(inner["output"])
        return output
    if isinstance(output, list):
        parts = []
        for item in output:
            if isinstance(item, dict) and isinstance(item.get("text"), str):
                parts.append({"type": "text", "text": item["text"]})
            elif isinstance(item, dict) and isinstance(item.get("image_url"), str):
                parts.append(image_part(item["image_url"]))
        return joined_content(parts) if parts else ""
    if isinstance(output, dict) and isinstance(output.get("content"), str):
        return str(output["content"])
    return "" if output is None else json.dumps(output, ensure_ascii=False)


def _claims(data: dict[str, Any]) -> bool:
    kind = data.get("type")
    if kind in CODEX_LINE_TYPES and isinstance(data.get("payload"), dict):
        return True
    return kind in CODEX_ITEM_TYPES and "payload" not in data


# --------------------------------------------------------------------------- hooks


def parse_codex_notify(argument: str) -> HookInput:
    """The JSON argument Codex gives its `notify` program. A completed turn is a Stop;
    other notification types carry nothing to import (event `ignored`)."""
    data = json_object(argument, "the notify argument")
    if data.get("type") != "agent-turn-complete":
        return HookInput("codex", "ignored", notify=True)
    thread = text_field(data, "thread-id")
    if thread is None:
        raise UsageError(
            "the notify argument has no thread-id (Codex before 0.47 does not send it): "
            "use hooks.json (memctl install codex) instead"
        )
    return HookInput("codex", "Stop", session_id=thread, cwd=text_field(data, "cwd"), notify=True)


# --------------------------------------------------------------------------- rollouts

THREAD_ID = re.compile(r"[0-9A-Za-z-]{1,64}")  # a session_meta line can hold long instructions


def codex_home() -> Path:
    return Path(os.environ.get("CODEX_HOME") or Path.home() / ".codex")


def codex_sessions(home: Path, project: Path | None = None) -> list[Path]:
    """Every rollout under `home`/sessions and `home`/archived_sessions (of one project,
    by the working folder its session_meta names, if given)."""
    found: list[Path] = []
    for folder in (home / "sessions", home / "archived_sessions"):
        if folder.is_dir():
            found.extend(sorted(p for p in folder.rglob("rollout-*.jsonl") if p.is_file()))
    if project is None:
        return found
    wanted = str(project)
    return [path for path in found if _codex_cwd(path) == wanted]


def _codex_cwd(path: Path) -> str | None:
    payload = first_line(path).get("payload")
    cwd = payload.get("cwd") if isinstance(payload, dict) else None
    return cwd if isinstance(cwd, str) else None


def codex_rollout(thread_id: str, home: Path | None = None) -> Path | None:
    """The rollout file of a Codex thread (what Codex's `notify` names by `thread-id`):
    the newest `rollout-*-<id>.jsonl` under sessions/, else under archived_sessions/."""
    if not THREAD_ID.fullmatch(thread_id):
        return None  # not an id Codex makes: no glob patterns from the caller
    home = home or codex_home()
    for folder in (home / "sessions", home / "archived_sessions"):
        if folder.is_dir():
            found = sorted(folder.rglob(f"rollout-*-{thread_id}.jsonl"))
            if found:
                return found[-1]
    return None


# --------------------------------------------------------------------------- settings


def _server(ws: Workspace) -> dict[str, Any]:
    """memctl's MCP server, as its `[mcp_servers.memctl]` table says it."""
    from memctl.agents.settings import memctl_executable

    return {"command": memctl_executable(), "args": ["-w", str(ws.root), "mcp"]}


def _ours_server(ws: Workspace, value: Any) -> bool:
    """Whether a `[mcp_servers.memctl]` table is memctl's server for this workspace
    (by its arguments: the executable's path changes with the virtualenv)."""
    return isinstance(value, dict) and value.get("args") == _server(ws)["args"]


MCP_TABLE = "[mcp_servers.memctl]"


def _ours_notify(ws: Workspace, value: Any) -> bool:
    """Whether a `notify` value runs memctl's hook for this workspace (as install writes
    it, or edited since: `settings.runs_hook`)."""
    from memctl.agents.settings import runs_hook

    return (
        isinstance(value, list)
        and all(isinstance(arg, str) for arg in value)
        and runs_hook([str(arg) for arg in value], ws, "codex")
    )


def _config(ws: Workspace, path: Path, text: str | None, notify: bool) -> str:
    """config.toml with memctl's MCP server table, and its notify line with --notify
    (without it, a notify line of memctl's goes: hooks.json takes over, and the two
    would import every turn twice). Edited structurally: everything else stays."""
    import tomlkit

    from memctl.agents.settings import memctl_argv, toml_document, toml_text, without_old_markers

    original = text or ""
    doc = toml_document(path, without_old_markers(original))
    servers = doc.get("mcp_servers")
    if servers is not None and not isinstance(servers, dict):
        raise UsageError(f"{path}: mcp_servers is not a table")
    entry = _server(ws)
    current = servers.get("memctl") if servers is not None else None
    if current is not None and not _ours_server(ws, current):
        raise UsageError(f"{path} already has [mcp_servers.memctl]; remove it first")
    if current is not None and current.get("command") != entry["command"]:
        current["command"] = entry["command"]  # memctl moved (a new virtualenv)
    said = doc.get("notify")
    if notify and said is not None and not _ours_notify(ws, said):
        raise UsageError(
            f"{path} already sets notify = {said.unwrap()!r}: Codex runs one notify "
            "program; use hooks.json (install without --notify) or remove it first"
        )
    if notify and said is None:
        doc["notify"] = memctl_argv(ws, "hook", "codex")  # tomlkit puts it before the tables
    elif not notify and _ours_notify(ws, said):
        del doc["notify"]
    if current is None:
        if servers is None:
            doc["mcp_servers"] = servers = tomlkit.table(is_super_table=True)
        table = tomlkit.table()
        table.update(entry)
        servers["memctl"] = table
        return _spaced(toml_text(doc, original))
    return toml_text(doc, original)


def _spaced(text: str) -> str:
    """A blank line between memctl's new table and a table after it, which tomlkit puts
    right under its last line. The blank line is the table's own to tomlkit, so
    uninstall takes it out with the table. Install hands it LF text; CRLF text is
    spaced too, with a CRLF blank line."""
    lines = text.split("\n")
    bare = [line.rstrip("\r") for line in lines]
    if MCP_TABLE not in bare:
        return text
    end = bare.index(MCP_TABLE) + 1
    while end < len(lines) and bare[end].strip() and not bare[end].startswith("["):
        end += 1
    if end < len(lines) and bare[end].startswith("["):
        lines.insert(end, "\r" if lines[end - 1].endswith("\r") else "")
    return "\n".join(lines)


def _unconfig(ws: Workspace, path: Path, text: str, hooks_json: Path) -> str:
    """config.toml without memctl's own keys and tables (and an old install's marker
    comments), and without the review entries Codex wrote for memctl's own hooks in
    `hooks_json` (`[hooks.state."…"]`: they would name a hook that is gone, or whatever
    hook takes its place there): Codex's other trust entries and whatever else it or
    the user wrote stay."""
    from memctl.agents.settings import toml_document, toml_text, without_old_markers

    doc = toml_document(path, without_old_markers(text))
    if _ours_notify(ws, doc.get("notify")):
        del doc["notify"]
    servers = doc.get("mcp_servers")
    if isinstance(servers, dict) and _ours_server(ws, servers.get("memctl")):
        del servers["memctl"]
        if not servers:
            del doc["mcp_servers"]
    hooks = doc.get("hooks")
    reviewed = hooks.get("state") if isinstance(hooks, dict) else None
    if isinstance(hooks, dict) and isinstance(reviewed, dict):
        for key in _own_hook_keys(ws, hooks_json) & set(reviewed):
            del reviewed[key]
        if not reviewed:
            del hooks["state"]
            if not hooks:
                del doc["hooks"]
    return toml_text(doc, text)


def _own_hook_keys(ws: Workspace, hooks_json: Path) -> set[str]:
    """The keys Codex's review gives memctl's hooks in `hooks_json` as it stands (before
    uninstall takes them out): `PATH:event:GROUP:HOOK` (Codex 0.171), and `PATH:event:GROUP`
    of a group holding memctl's hooks alone (as an older Codex keyed them)."""
    from memctl.agents.settings import runs_hook_command

    try:
        data = json.loads(hooks_json.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    events = data.get("hooks") if isinstance(data, dict) else None
    keys: set[str] = set()
    for event, groups in events.items() if isinstance(events, dict) else ():
        for number, group in enumerate(groups if isinstance(groups, list) else []):
            hooks = group.get("hooks") if isinstance(group, dict) else None
            if not isinstance(hooks, list):
                continue
            ours = [
                isinstance(hook, dict) and runs_hook_command(hook.get("command"), ws, "codex")
                for hook in hooks
            ]
            # Codex keys an event in snake case: SessionStart is `session_start`.
            snake = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", str(event)).lower()
            prefix = f"{hooks_json}:{snake}:{number}"
            keys |= {f"{prefix}:{index}" for index, own in enumerate(ours) if own}
            if ours and all(ours):
                keys.add(prefix)
    return keys


# --------------------------------------------------------------------------- hook review

TRUSTED = ("trusted", "managed")
REVIEW_STEP = (
    'Codex runs only hooks you have reviewed: start `codex`{where} and choose "Trust all '
    'and continue" when it says hooks need review (or type /hooks and press t)'
)


def codex_hooks(project: Path, timeout: float = 15.0) -> list[dict[str, Any]] | None:
    """The hooks Codex would run in `project`, as Codex itself lists them (its
    app-server's `hooks/list`: key, command, `trustStatus`); None when `codex` is not
    on PATH or does not answer. Codex 0.171 runs a hook only once the user reviewed
    it, and says nothing about one it skips: asking Codex is the only sure check."""
    import shutil
    import subprocess
    import threading

    exe = shutil.which("codex")
    if exe is None:
        return None
    try:
        proc = subprocess.Popen(
            [exe, "app-server"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            cwd=project if project.is_dir() else None,
        )
    except OSError:
        return None
    timer = threading.Timer(timeout, proc.kill)
    timer.start()
    assert proc.stdin is not None and proc.stdout is not None

    def ask(message: dict[str, Any]) -> None:
        assert proc.stdin is not None
        proc.stdin.write(json.dumps({"jsonrpc": "2.0", **message}) + "\n")
        proc.stdin.flush()

    def answer(wanted: int) -> dict[str, Any] | None:
        assert proc.stdout is not None
        for line in proc.stdout:
            with contextlib.suppress(ValueError):
                message = json.loads(line)
                if isinstance(message, dict) and message.get("id") == wanted:
                    return message
        return None

    try:
        # Codex 0.171 refuses an initialize whose clientInfo has no version
        client = {"name": "memctl", "version": __version__}
        ask({"id": 1, "method": "initialize", "params": {"clientInfo": client}})
        if answer(1) is None:
            return None
        ask({"method": "initialized", "params": {}})
        ask({"id": 2, "method": "hooks/list", "params": {"cwds": [str(project)]}})
        listed = answer(2)
    except OSError:
        return None
    finally:
        timer.cancel()
        proc.kill()
        proc.wait()
    result = listed.get("result") if listed else None
    data = result.get("data") if isinstance(result, dict) else None
    if not isinstance(data, list):
        return None
    return [
        hook
        for entry in data
        if isinstance(entry, dict) and isinstance(entry.get("hooks"), list)
        for hook in entry["hooks"]
        if isinstance(hook, dict)
    ]


def unreviewed_hooks(ws: Workspace, project: Path) -> list[str] | None:
    """The events of memctl's Codex hooks that are installed but would not run until
    the user reviews them (None: Codex could not be asked)."""
    from memctl.agents.settings import runs_hook_command

    hooks = codex_hooks(project)
    if hooks is None:
        return None
    return [
        str(hook.get("eventName"))
        for hook in hooks
        if runs_hook_command(hook.get("command"), ws, "codex")
        and hook.get("trustStatus") not in TRUSTED
    ]


def project_trusted(project: Path) -> bool:
    """Whether the user's Codex configuration trusts `project` (Codex reads a
    project's `.codex/` only then)."""
    import tomllib

    try:
        data = tomllib.loads((codex_home() / "config.toml").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    projects = data.get("projects")
    entry = projects.get(str(project)) if isinstance(projects, dict) else None
    return isinstance(entry, dict) and entry.get("trust_level") == "trusted"


def review_steps(ws: Workspace, scope: Scope, project: Path, notify: bool) -> list[str]:
    """What the user must still do before Codex runs memctl's hooks."""
    if notify:
        return []
    where = "" if scope == "user" else f" in {project}"
    if scope == "project" and not project_trusted(project):
        # Codex lists no hook of an untrusted project: they are all still to review
        return [
            f"Codex reads {project / '.codex'} only in a trusted project: start `codex` "
            f'in {project} and choose "Trust and continue" when it asks about the folder',
            REVIEW_STEP.format(where=where),
        ]
    unreviewed = unreviewed_hooks(ws, project)
    return [REVIEW_STEP.format(where=where)] if unreviewed is None or unreviewed else []


# --------------------------------------------------------------------------- the agent

EVENTS: Mapping[str, HookAction] = {
    # hooks.json names its events as Claude Code does
    "SessionStart": "start",
    "UserPromptSubmit": "prompt",
    "PreCompact": "compact",
    "Stop": "turn",
    "SubagentStop": "turn",
    "SessionEnd": "end",
}
CODEX_EVENTS: tuple[HookSpec, ...] = (
    HookSpec("SessionStart", None, 30),
    HookSpec("Stop", None, 300),
)
AGENTS_MD_LIMIT = 32 * 1024
"""Bytes of AGENTS.md Codex reads (`project_doc_max_bytes`)."""
HOOK_HELP = """Handle one Codex event: the legacy `notify` JSON argument (a completed turn), or
a hooks.json event on stdin.

Example (config.toml): notify = ["memctl", "-w", "/path/to/ws", "hook", "codex"]
"""


class Codex:
    """Codex CLI, as `base.Agent` describes an agent."""

    name = "codex"
    title = "Codex"
    events = EVENTS
    session_end = False
    resume_keeps_context = True
    hooks = CODEX_EVENTS
    recall_hook = HookSpec("UserPromptSubmit", None, 15)
    notify = True
    hook_help = HOOK_HELP
    hook_argument: str | None = "The JSON Codex's legacy notify program gets (else stdin)."
    transcripts = TranscriptFormat("codex", "a Codex CLI rollout", _claims, parse_codex)
    memory_file = MemoryFile("agents-md", "AGENTS.md", AGENTS_MD_LIMIT)

    def parse_hook(self, stdin: bytes, argument: str | None) -> HookInput:
        if argument is not None:
            return parse_codex_notify(argument)
        return parse_hook_json(self.name, stdin)

    def empty_answer(self, hook: HookInput) -> str:
        return "" if hook.notify else "{}"

    def home(self) -> Path:
        return codex_home()

    def sessions(self, home: Path, project: Path | None) -> list[Path]:
        return codex_sessions(home, project)

    def session_transcript(self, session_id: str) -> Path | None:
        # None when there is no rollout: `codex exec --ephemeral` writes none, and a
        # session that left nothing to read is nothing to import, not a hook error.
        return codex_rollout(session_id)

    def related_transcripts(self, hook: HookInput, transcript: Path) -> list[Path]:
        return []

    def settings(
        self, ws: Workspace, *, user: bool, project: Path, recall: bool, notify: bool
    ) -> list[SettingsFile]:
        from memctl.agents.settings import hooks_file

        base = codex_home() if user else project / ".codex"
        config = base / "config.toml"
        hooks = hooks_file(
            ws, self.name, base / "hooks.json", self.hooks + ((self.recall_hook,) if recall else ())
        )
        if notify:
            # The notify program replaces the hooks: both would import every turn twice.
            remove = hooks.remove
            hooks = SettingsFile(
                hooks.path, add=lambda text: None if text is None else remove(text), remove=remove
            )
        return [
            SettingsFile(
                config,
                add=lambda text: _config(ws, config, text, notify),
                remove=lambda text: _unconfig(ws, config, text, base / "hooks.json"),
            ),
            hooks,
        ]

    def mcp_command(self, ws: Workspace, scope: Scope, *, remove: bool) -> list[str] | None:
        return None  # the [mcp_servers.memctl] table in config.toml

    def review_steps(self, ws: Workspace, scope: Scope, project: Path, notify: bool) -> list[str]:
        return review_steps(ws, scope, project, notify)


AGENT = Codex()
