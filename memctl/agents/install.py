"""install / uninstall: wire memctl into Claude Code or Codex, and take it out again.

What install changes, and nothing else:

- Claude Code: one matcher group per event in the `hooks` block of
  `.claude/settings.json` (the project's; `~/.claude/settings.json` with --user),
  each running `memctl -w <workspace> hook claude-code`; every other key, event and
  group is kept as it was. The MCP server is registered by `claude mcp add` (run when
  `claude` is on PATH, else printed for the user to run).
- Codex: the same hooks in `.codex/hooks.json` (`$CODEX_HOME/hooks.json` with --user),
  or with `notify` the legacy `notify = [...]` line in config.toml; and a
  `[mcp_servers.memctl]` table in config.toml. TOML is edited as text: memctl's lines
  sit between `# >>> memctl` and `# <<< memctl` marker comments, so uninstall removes
  exactly them and the rest of the file keeps every byte, comment and blank line.

JSON files are rewritten whole, in the indentation they had. So that uninstall can
give back the very bytes install found, install checks whether removing its entries
again reproduces them; when it would not (a file formatted by hand, an empty
`"hooks": {}` that removal would drop), the original text is kept in
`.memctl/installs.json` (owner-only) and restored as long as the file is as install
left it. A file install created is deleted when nothing else was added to it.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from memctl.core.errors import UsageError
from memctl.core.workspace import Workspace, write_atomic

AGENTS = ("claude-code", "codex")
CLAUDE_EVENTS: tuple[tuple[str, str | None, int], ...] = (
    # event, matcher, timeout in seconds
    ("SessionStart", "startup|resume|clear|compact", 30),
    ("PreCompact", "manual|auto", 300),
    ("Stop", None, 300),
    ("SubagentStop", None, 300),
    # SessionEnd hooks get 1.5 s unless they declare more (Claude Code's limit is 60).
    ("SessionEnd", None, 60),
)
CODEX_EVENTS: tuple[tuple[str, str | None, int], ...] = (
    ("SessionStart", None, 30),
    ("Stop", None, 300),
)
RECALL_EVENT = ("UserPromptSubmit", None, 15)
TOML_BEGIN = "# >>> memctl"
TOML_END = "# <<< memctl <<<\n"
JOINED = "(newline added)"
RECORDS = "installs.json"


# --------------------------------------------------------------------------- results


@dataclass
class FileChange:
    path: str
    before: str | None
    """None: the file did not exist."""
    after: str | None
    """None: the file is deleted."""

    def diff(self) -> str:
        old = (self.before or "").splitlines(keepends=True)
        new = (self.after or "").splitlines(keepends=True)
        name = self.path
        lines = difflib.unified_diff(
            old,
            new,
            "/dev/null" if self.before is None else name,
            "/dev/null" if self.after is None else name,
        )
        return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


@dataclass
class CommandRun:
    argv: list[str]
    ran: bool
    exit_code: int | None = None
    output: str = ""


Scope = Literal["project", "user"]
"""Where install writes: the project's agent settings or the user's."""


@dataclass
class InstallResult:
    agent: str
    action: Literal["install", "uninstall"]
    scope: Scope
    changes: list[FileChange] = field(default_factory=list)
    commands: list[CommandRun] = field(default_factory=list)
    dry_run: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "agent": self.agent,
            "action": self.action,
            "scope": self.scope,
            "dry_run": self.dry_run,
            "files": [
                {
                    "path": c.path,
                    "created": c.before is None,
                    "deleted": c.after is None,
                    "diff": c.diff(),
                }
                for c in self.changes
            ],
            "commands": [vars(c) for c in self.commands],
        }


# --------------------------------------------------------------------------- commands


def memctl_executable() -> str:
    """The memctl being run, by absolute path when it can be found: agents start hooks
    with their own PATH, which may not hold the virtualenv memctl was installed in."""
    beside = Path(sys.executable).with_name("memctl")
    if beside.is_file():
        return str(beside)
    return shutil.which("memctl") or "memctl"


def memctl_argv(ws: Workspace, *args: str) -> list[str]:
    return [memctl_executable(), "-w", str(ws.root), *args]


def hook_command(ws: Workspace, agent: str) -> str:
    return shlex.join(memctl_argv(ws, "hook", agent))


# --------------------------------------------------------------------------- JSON hooks


def _load_json(path: Path, text: str | None) -> dict[str, Any]:
    if text is None or not text.strip():
        return {}
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise UsageError(f"{path}: not valid JSON ({exc}); fix it first") from None
    if not isinstance(data, dict):
        raise UsageError(f"{path}: not a JSON object")
    return data


def _indent(text: str | None) -> str | int:
    found = re.search(r"\n([ \t]+)\S", text or "")
    return found.group(1) if found else 2


def _dump(data: dict[str, Any], like: str | None) -> str:
    ending = "\n" if like is None or like.endswith("\n") else ""
    return json.dumps(data, indent=_indent(like), ensure_ascii=False) + ending


def _group(command: str, matcher: str | None, timeout: int) -> dict[str, Any]:
    group: dict[str, Any] = {"matcher": matcher} if matcher else {}
    group["hooks"] = [{"type": "command", "command": command, "timeout": timeout}]
    return group


def _hooks_of(path: Path, data: dict[str, Any]) -> dict[str, Any]:
    hooks = data.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise UsageError(f"{path}: 'hooks' is not a JSON object")
    return hooks


def _ours(hook: Any, command: str) -> bool:
    return isinstance(hook, dict) and hook.get("command") == command


def _ours_in(group: Any, command: str) -> list[int]:
    """Indexes of the hooks in a matcher group that run `command`."""
    inner = group.get("hooks") if isinstance(group, dict) else None
    if not isinstance(inner, list):
        return []
    return [index for index, hook in enumerate(inner) if _ours(hook, command)]


def add_hooks(path: Path, text: str | None, command: str, events: tuple) -> str:
    """The file with a group running `command` for each event that lacks one."""
    data = _load_json(path, text)
    hooks = _hooks_of(path, data)
    edits: list[tuple[tuple[str, ...], Any]] = []
    for event, matcher, timeout in events:
        groups = hooks.get(event, [])
        if not isinstance(groups, list):
            raise UsageError(f"{path}: hooks.{event} is not a list")
        if not any(_ours_in(group, command) for group in groups):
            group = _group(command, matcher, timeout)
            hooks[event] = [*groups, group]
            edits.append((("hooks", event), group))
    return _edited(text, data, lambda doc: _append_all(doc, edits))


def remove_hooks(path: Path, text: str, command: str) -> str:
    """The file without the hooks running `command`; groups, events and a `hooks`
    block left empty by that go too."""
    data = _load_json(path, text)
    hooks = data.get("hooks")
    if not isinstance(hooks, dict):
        return text
    cuts: list[tuple[str | int, ...]] = []  # paths to delete, deepest and last first
    for event in reversed(list(hooks)):
        groups = hooks[event]
        if not isinstance(groups, list):
            continue
        kept: list[Any] = []
        for index in reversed(range(len(groups))):
            group, ours = groups[index], _ours_in(groups[index], command)
            if not ours:
                kept.insert(0, group)
            elif len(ours) < len(group["hooks"]):
                rest = [h for i, h in enumerate(group["hooks"]) if i not in ours]
                kept.insert(0, {**group, "hooks": rest})
                cuts.extend(("hooks", event, index, "hooks", i) for i in reversed(ours))
            else:
                cuts.append(("hooks", event, index))
        if kept:
            hooks[event] = kept
        else:
            del hooks[event]
    if not hooks:
        del data["hooks"]
    if not cuts:
        return text
    return _edited(text, data, lambda doc: _cut_all(doc, cuts))


# JSON edited as text, so that the rest of the file keeps its formatting: a small scanner
# finds where each object member and array item lies; an edit inserts or deletes exactly
# one of them. The result must parse to what the same change makes of the parsed file,
# else the file is written whole (in its indentation) instead.

_WS = re.compile(r"[ \t\n\r]*")


def _skip_space(text: str, at: int) -> int:
    """Past the JSON whitespace at `at` (none is a match too)."""
    match = _WS.match(text, at)
    return match.end() if match else at


_ATOM = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null")


@dataclass
class _Node:
    start: int
    end: int
    keys: list[str] | None = None
    """Object member names (None for an array or a scalar)."""
    heads: list[int] = field(default_factory=list)
    """Where each member (its key) or item starts."""
    values: list[_Node] = field(default_factory=list)


_STRING = json.JSONDecoder()
"""Reads a key (`raw_decode` at its opening quote) as json reads it."""


def _scan(text: str, at: int) -> _Node:
    at = _skip_space(text, at)
    char = text[at]
    if char in "{[":
        node = _Node(at, at, keys=[] if char == "{" else None)
        close = "}" if char == "{" else "]"
        at = _skip_space(text, at + 1)
        if text[at] == close:
            node.end = at + 1
            return node
        while True:
            node.heads.append(at)
            if node.keys is not None:
                if text[at] != '"':
                    raise ValueError("a key expected")
                key, at = _STRING.raw_decode(text, at)
                node.keys.append(key)
                at = _skip_space(text, at)
                if text[at] != ":":
                    raise ValueError("':' expected")
                at += 1
            value = _scan(text, at)
            node.values.append(value)
            at = _skip_space(text, value.end)
            if text[at] == ",":
                at = _skip_space(text, at + 1)
                continue
            if text[at] != close:
                raise ValueError(f"{close!r} expected")
            node.end = at + 1
            return node
    if char == '"':
        return _Node(at, _STRING.raw_decode(text, at)[1])
    atom = _ATOM.match(text, at)
    if atom is None:
        raise ValueError("a value expected")
    return _Node(at, atom.end())


def _find(text: str, path: tuple[str | int, ...]) -> _Node:
    node = _scan(text, 0)
    for step in path:
        index = node.keys.index(step) if isinstance(step, str) and node.keys else step
        node = node.values[index]  # type: ignore[index]
    return node


def _line_indent(text: str, at: int) -> str:
    line = text[text.rfind("\n", 0, at) + 1 : at]
    return line[: len(line) - len(line.lstrip(" \t"))]


def _insert(text: str, path: tuple[str, ...], key: str | None, value: Any) -> str:
    """`value` appended to the object (as `key`) or array at `path`."""
    node = _find(text, path)
    unit = _indent(text)
    step = unit if isinstance(unit, str) else " " * unit
    spread = "\n" in text[node.start : node.end] or (not node.heads and "\n" in text)
    name = "" if key is None else json.dumps(key, ensure_ascii=False) + ": "
    if not spread:
        item = name + json.dumps(value, ensure_ascii=False)
        if not node.heads:
            return text[: node.start + 1] + item + text[node.end - 1 :]
        return text[: node.values[-1].end] + ", " + item + text[node.values[-1].end :]
    closing = _line_indent(text, node.end - 1)
    inner = _line_indent(text, node.heads[0]) if node.heads else closing + step
    body = json.dumps(value, indent=unit, ensure_ascii=False).replace("\n", "\n" + inner)
    if not node.heads:
        return text[: node.start + 1] + f"\n{inner}{name}{body}\n{closing}" + text[node.end - 1 :]
    end = node.values[-1].end
    return text[:end] + f",\n{inner}{name}{body}" + text[end:]


def _delete(text: str, path: tuple[str | int, ...]) -> str:
    """The object member or array item at `path` taken out, with its separator."""
    parent = _find(text, path[:-1])
    last = path[-1]
    index = parent.keys.index(last) if isinstance(last, str) and parent.keys else last
    assert isinstance(index, int)
    if len(parent.values) == 1:
        return text[: parent.start + 1] + text[parent.end - 1 :]
    if index > 0:
        return text[: parent.values[index - 1].end] + text[parent.values[index].end :]
    return text[: parent.heads[0]] + text[parent.heads[1] :]


def _append_all(text: str, edits: list[tuple[tuple[str, ...], Any]]) -> str:
    for path, group in edits:
        root = _find(text, ())
        if root.keys is None:
            raise ValueError("not an object")
        if "hooks" not in root.keys:
            text = _insert(text, (), "hooks", {})
        if path[1] not in (_find(text, ("hooks",)).keys or []):
            text = _insert(text, ("hooks",), path[1], [group])
        else:
            text = _insert(text, path, None, group)
    return text


def _cut_all(text: str, cuts: list[tuple[str | int, ...]]) -> str:
    for path in cuts:
        text = _delete(text, path)
        # A group's removal that empties its event takes the event out, and the
        # `hooks` block when that was its last event.
        if len(path) == 3 and not _find(text, path[:2]).values:
            text = _delete(text, path[:2])
            if not _find(text, path[:1]).values:
                text = _delete(text, path[:1])
    return text


def _edited(text: str | None, target: dict[str, Any], edit: Any) -> str:
    """`edit(text)` when it parses to `target`, else `target` written whole."""
    if text is not None and text.strip():
        try:
            edited = edit(text)
            if json.loads(edited) == target:
                return edited
        except (ValueError, IndexError, KeyError, TypeError, AssertionError, RecursionError):
            pass
    return _dump(target, text)


# --------------------------------------------------------------------------- TOML blocks


def _toml_check(path: Path, text: str) -> dict[str, Any]:
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"{path}: not valid TOML ({exc}); fix it first") from None


def _block(label: str, body: str, joined: bool) -> str:
    tag = f" {JOINED}" if joined else ""
    begin = f"{TOML_BEGIN} {label}{tag} (memctl uninstall removes this block) >>>\n"
    return begin + body + TOML_END


def add_toml_block(path: Path, text: str | None, label: str, body: str, top: bool) -> str:
    """`text` with memctl's block: before the first table when `top` (a top-level key
    such as `notify` must precede every table), else at the end."""
    text = text or ""
    lines = text.splitlines(keepends=True)
    if top:
        for at, line in enumerate(lines):
            if line.lstrip().startswith("["):
                return "".join(lines[:at]) + _block(label, body, False) + "".join(lines[at:])
    joined = bool(text) and not text.endswith("\n")
    return text + ("\n" if joined else "") + _block(label, body, joined)


def remove_toml_blocks(text: str) -> str:
    """`text` without memctl's blocks, byte for byte as it was before they were added."""
    out: list[str] = []
    inside = False
    for line in text.splitlines(keepends=True):
        if not inside and line.startswith(TOML_BEGIN):
            inside = True
            if JOINED in line and out and out[-1].endswith("\n"):
                out[-1] = out[-1][:-1]
            continue
        if inside:
            if line.startswith(TOML_END.rstrip("\n")):
                inside = False
            continue
        out.append(line)
    return "".join(out)


def _toml_string(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def _toml_array(values: list[str]) -> str:
    return "[" + ", ".join(_toml_string(v) for v in values) + "]"


# --------------------------------------------------------------------------- planning


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except UnicodeDecodeError:
        raise UsageError(f"{path}: not UTF-8 text") from None
    except OSError as exc:
        raise UsageError(f"{path}: cannot read: {exc.strerror}") from None


def _targets(agent: str, user: bool, project: Path, notify: bool) -> dict[str, Path]:
    from memctl.agents.discover import claude_home, codex_home

    if agent == "claude-code":
        base = claude_home() if user else project / ".claude"
        return {"settings": base / "settings.json"}
    base = codex_home() if user else project / ".codex"
    targets = {"config": base / "config.toml"}
    if not notify:
        targets["hooks"] = base / "hooks.json"
    return targets


def _mcp_argv(ws: Workspace, scope: str, remove: bool) -> list[str]:
    if remove:
        return ["claude", "mcp", "remove", "--scope", scope, "memctl"]
    return ["claude", "mcp", "add", "--scope", scope, "memctl", "--", *memctl_argv(ws, "mcp")]


def _codex_config(ws: Workspace, path: Path, text: str | None, notify: bool) -> str:
    parsed = _toml_check(path, text or "")
    if text and TOML_BEGIN in text:
        return text  # installed before: the blocks are there
    servers = parsed.get("mcp_servers")
    if isinstance(servers, dict) and "memctl" in servers:
        raise UsageError(f"{path} already has [mcp_servers.memctl]; remove it first")
    after = text
    if notify:
        if "notify" in parsed:
            raise UsageError(
                f"{path} already sets notify = {parsed['notify']!r}: Codex runs one notify "
                "program; use hooks.json (install without --notify) or remove it first"
            )
        line = f"notify = {_toml_array(memctl_argv(ws, 'hook', 'codex'))}\n"
        after = add_toml_block(path, after, "notify", line, top=True)
    table = (
        "[mcp_servers.memctl]\n"
        f"command = {_toml_string(memctl_executable())}\n"
        f"args = {_toml_array(['-w', str(ws.root), 'mcp'])}\n"
    )
    after = add_toml_block(path, after, "mcp_servers.memctl", table, top=False)
    _toml_check(path, after)
    return after


def plan_install(
    ws: Workspace, agent: str, *, user: bool, project: Path, recall: bool, notify: bool
) -> list[FileChange]:
    if agent not in AGENTS:
        raise UsageError(f"unknown agent {agent!r}: use claude-code or codex")
    if notify and agent != "codex":
        raise UsageError("--notify is for codex (Claude Code has no notify program)")
    changes = []
    for key, path in _targets(agent, user, project, notify).items():
        before = _read(path)
        if key == "config":
            after = _codex_config(ws, path, before, notify)
        else:
            events = CLAUDE_EVENTS if agent == "claude-code" else CODEX_EVENTS
            events = events + ((RECALL_EVENT,) if recall else ())
            after = add_hooks(path, before, hook_command(ws, agent), events)
        if after != before:
            changes.append(FileChange(str(path), before, after))
    return changes


def plan_uninstall(ws: Workspace, agent: str, *, user: bool, project: Path) -> list[FileChange]:
    if agent not in AGENTS:
        raise UsageError(f"unknown agent {agent!r}: use claude-code or codex")
    records = _records(ws)
    changes = []
    for key, path in _targets(agent, user, project, notify=False).items():
        before = _read(path)
        if before is None:
            continue
        if key == "config":
            after: str | None = remove_toml_blocks(before)
        else:
            after = remove_hooks(path, before, hook_command(ws, agent))
        record = records.get(str(path))
        if isinstance(record, dict) and record.get("after_sha256") == _sha(before):
            # The file is as install left it: give back exactly what install found.
            after = record.get("before", after)
        if isinstance(record, dict) and record.get("created") and _empty(after):
            after = None
        if after != before:
            changes.append(FileChange(str(path), before, after))
    return changes


def _empty(text: str | None) -> bool:
    return text is None or text.strip() in ("", "{}")


# --------------------------------------------------------------------------- applying


def _missing_parents(path: Path) -> list[str]:
    """The folders that writing `path` creates, innermost first."""
    missing = []
    folder = path.parent
    while not folder.exists():
        missing.append(str(folder))
        folder = folder.parent
    return missing


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _records_path(ws: Workspace) -> Path:
    return ws.state_dir / RECORDS


def _records(ws: Workspace) -> dict[str, Any]:
    try:
        data = json.loads(_records_path(ws).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _save_records(ws: Workspace, records: dict[str, Any]) -> None:
    ws.state_dir.mkdir(exist_ok=True)
    data = json.dumps(records, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    write_atomic(_records_path(ws), data.encode("utf-8"), 0o600)


def _undo(change: FileChange, command: str) -> str:
    """What uninstall would make of the file install writes."""
    path = Path(change.path)
    after = change.after or ""
    if path.suffix == ".toml":
        return remove_toml_blocks(after)
    return remove_hooks(path, after, command)


def _write(change: FileChange) -> None:
    path = Path(change.path)
    if change.after is None:
        path.unlink(missing_ok=True)
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
        write_atomic(path, change.after.encode("utf-8"), mode)
    except OSError as exc:
        raise UsageError(f"{path}: cannot write: {exc.strerror}") from None


def _run(argv: list[str], cwd: Path) -> CommandRun:
    try:
        done = subprocess.run(
            argv, cwd=cwd, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return CommandRun(argv, True, None, str(exc))
    return CommandRun(argv, True, done.returncode, (done.stdout + done.stderr).strip())


def install(
    ws: Workspace,
    agent: str,
    *,
    user: bool = False,
    project: Path | None = None,
    recall: bool = False,
    notify: bool = False,
    dry_run: bool = False,
) -> InstallResult:
    """Add memctl's hooks and MCP server to the agent's configuration."""
    project = (project or Path.cwd()).resolve()
    scope: Scope = "user" if user else "project"
    result = InstallResult(agent, "install", scope, dry_run=dry_run)
    result.changes = plan_install(
        ws, agent, user=user, project=project, recall=recall, notify=notify
    )
    mcp = _mcp_argv(ws, scope, remove=False) if agent == "claude-code" else None
    if dry_run:
        if mcp:
            result.commands.append(CommandRun(mcp, False))
        return result
    command = hook_command(ws, agent)
    records = _records(ws)
    for change in result.changes:
        record: dict[str, Any] = {"agent": agent, "after_sha256": _sha(change.after or "")}
        if change.before is None:
            record["created"] = True
            record["created_dirs"] = _missing_parents(Path(change.path))
        elif _undo(change, command) != change.before:
            record["before"] = change.before
        records[change.path] = record
    if result.changes:
        _save_records(ws, records)
    for change in result.changes:
        _write(change)
    if mcp:
        result.commands.append(
            _run(mcp, project) if shutil.which("claude") else CommandRun(mcp, False)
        )
    return result


def uninstall(
    ws: Workspace,
    agent: str,
    *,
    user: bool = False,
    project: Path | None = None,
    dry_run: bool = False,
) -> InstallResult:
    """Remove what install added, and nothing else."""
    project = (project or Path.cwd()).resolve()
    scope: Scope = "user" if user else "project"
    result = InstallResult(agent, "uninstall", scope, dry_run=dry_run)
    result.changes = plan_uninstall(ws, agent, user=user, project=project)
    mcp = _mcp_argv(ws, scope, remove=True) if agent == "claude-code" else None
    if dry_run:
        if mcp:
            result.commands.append(CommandRun(mcp, False))
        return result
    records = _records(ws)
    forgotten = False
    for change in result.changes:
        _write(change)
        record = records.pop(change.path, None)
        forgotten = forgotten or record is not None
        if change.after is None and isinstance(record, dict):
            for folder in record.get("created_dirs", []):
                try:
                    Path(folder).rmdir()  # only when empty
                except OSError:
                    break
    if forgotten:
        _save_records(ws, records)
    if mcp:
        result.commands.append(
            _run(mcp, project) if shutil.which("claude") else CommandRun(mcp, False)
        )
    return result
