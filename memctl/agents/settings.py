"""Editing an agent's settings files so that uninstall can give back their very bytes.

JSON hooks files (the `hooks` block Claude Code's settings.json introduced, which Codex's
hooks.json copies): one matcher group per event runs `memctl -w <workspace> hook
<agent>`; every other key, event and group is kept as it was, and the file is edited as
text where it can be, so the rest keeps its formatting. An `mcpServers` JSON file
(Claude Code's `.mcp.json`) is edited the same way. TOML (Codex's config.toml) is edited
structurally with tomlkit, which keeps comments and layout: install adds memctl's own
keys and tables, uninstall removes exactly those, and whatever the agent or the user
added meanwhile (beside them or among them) stays. The agent itself rewrites that file
(trust entries, `codex mcp add`), so no text markers could bound memctl's part of it.

The agent modules build their `SettingsFile`s from these; `install` applies them.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memctl.agents.base import HookSpec, SettingsFile
from memctl.core.argv import scan
from memctl.core.errors import UsageError
from memctl.core.workspace import Workspace

if TYPE_CHECKING:
    from tomlkit import TOMLDocument

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


_ASSIGNMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*=")


def runs_hook(argv: Sequence[str], ws: Workspace, agent: str) -> bool:
    """Whether `argv` runs `memctl … hook AGENT` for this workspace: memctl (by any
    path, or `python -m memctl`), global options that name this workspace with `-w`
    among others, then `hook AGENT` and whatever follows. Such a hook is memctl's own
    however the user edited it since install (`--output text`, `-q`): install keeps it
    rather than adding a second, uninstall takes it out. One that names no workspace
    (it would run in whichever MEMCTL_WORKSPACE or folder it finds) or another one is
    not this workspace's."""
    rest = list(argv)
    while rest and _ASSIGNMENT.match(rest[0]):
        rest = rest[1:]  # VAR=value before the program, as a shell runs it
    if not rest:
        return False
    program = Path(rest[0]).name
    if program.startswith("python") and rest[1:3] == ["-m", "memctl"]:
        rest = rest[3:]
    elif program == "memctl":
        rest = rest[1:]
    else:
        return False
    scanned = scan(rest)  # the global options before `hook` (cli/core.py's main_options)
    workspace = scanned.workspace()
    at = scanned.at
    return rest[at : at + 2] == ["hook", agent] and workspace is not None and _same(workspace, ws)


def _same(folder: str, ws: Workspace) -> bool:
    """Whether `folder`, as a hook command names it, is the workspace. One that cannot be
    resolved (a NUL byte in it, a symlink loop) names no workspace: not the same."""
    path = Path(os.path.expanduser(folder))
    try:
        return path.is_absolute() and path.resolve() == ws.root.resolve()
    except (ValueError, OSError, RuntimeError):
        return False


def runs_hook_command(command: Any, ws: Workspace, agent: str) -> bool:
    """`runs_hook` for a hook's command line, as a shell splits it."""
    if not isinstance(command, str):
        return False
    try:
        argv = shlex.split(command)
    except ValueError:
        return False
    return runs_hook(argv, ws, agent)


def holds_hook(path: Path, ws: Workspace, agent: str) -> bool:
    """Whether the JSON hooks file at `path` has a hook of memctl's for this workspace."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return False
    hooks = data.get("hooks") if isinstance(data, dict) else None
    return isinstance(hooks, dict) and any(
        _ours_in(group, lambda command: runs_hook_command(command, ws, agent))
        for groups in hooks.values()
        if isinstance(groups, list)
        for group in groups
    )


def hooks_file(ws: Workspace, agent: str, path: Path, hooks: tuple[HookSpec, ...]) -> SettingsFile:
    """A JSON hooks file in which install adds `hooks`, each running `memctl hook AGENT`
    (a hook that already runs it for this workspace, edited or not, counts: `runs_hook`)."""
    command = hook_command(ws, agent)

    def ours(found: Any) -> bool:
        return found == command or runs_hook_command(found, ws, agent)

    return SettingsFile(
        path,
        add=lambda text: add_hooks(path, text, command, hooks, ours),
        remove=lambda text: remove_hooks(path, text, ours),
    )


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


Ours = Callable[[Any], bool]
"""Whether a hook's `command` value is memctl's own."""


def _ours_in(group: Any, ours: Ours) -> list[int]:
    """Indexes of the hooks in a matcher group whose command is memctl's."""
    inner = group.get("hooks") if isinstance(group, dict) else None
    if not isinstance(inner, list):
        return []
    return [
        index
        for index, hook in enumerate(inner)
        if isinstance(hook, dict) and ours(hook.get("command"))
    ]


def add_hooks(
    path: Path, text: str | None, command: str, events: tuple[HookSpec, ...], ours: Ours
) -> str:
    """The file with a group running `command` for each event that has no hook `ours`
    counts as memctl's."""
    data = _load_json(path, text)
    hooks = _hooks_of(path, data)
    edits: list[tuple[tuple[str, ...], Any]] = []
    for event, matcher, timeout in events:
        groups = hooks.get(event, [])
        if not isinstance(groups, list):
            raise UsageError(f"{path}: hooks.{event} is not a list")
        if not any(_ours_in(group, ours) for group in groups):
            group = _group(command, matcher, timeout)
            hooks[event] = [*groups, group]
            edits.append((("hooks", event), group))
    return _edited(text, data, lambda doc: _append_all(doc, edits))


def remove_hooks(path: Path, text: str, ours: Ours) -> str:
    """The file without the hooks `ours` counts as memctl's; groups, events and a
    `hooks` block left empty by that go too."""
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
            group, found = groups[index], _ours_in(groups[index], ours)
            if not found:
                kept.insert(0, group)
            elif len(found) < len(group["hooks"]):
                rest = [h for i, h in enumerate(group["hooks"]) if i not in found]
                kept.insert(0, {**group, "hooks": rest})
                cuts.extend(("hooks", event, index, "hooks", i) for i in reversed(found))
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
    """A JSON value's span in a settings file's text, with its keys when an object."""

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


def _edited(text: str | None, target: dict[str, Any], edit: Callable[[str], str]) -> str:
    """`edit(text)` when it parses to `target`, else `target` written whole."""
    if text is not None and text.strip():
        try:
            edited = edit(text)
            if json.loads(edited) == target:
                return edited
        except (ValueError, IndexError, KeyError, TypeError, AssertionError, RecursionError):
            pass
    return _dump(target, text)


# --------------------------------------------------------------------------- MCP server JSON


def mcp_json_file(path: Path, name: str, entry: dict[str, Any]) -> SettingsFile:
    """A JSON file holding `mcpServers` (Claude Code's project `.mcp.json`) in which
    install adds the server `name` as `entry`; the same entry already there is no change,
    another one under that name is an error."""
    return SettingsFile(
        path,
        add=lambda text: add_server(path, text, name, entry),
        remove=lambda text: remove_server(path, text, name, entry),
    )


def same_server(found: Any, entry: dict[str, Any]) -> bool:
    return (
        isinstance(found, dict)
        and found.get("command") == entry["command"]
        and found.get("args") == entry["args"]
    )


def add_server(path: Path, text: str | None, name: str, entry: dict[str, Any]) -> str | None:
    data = _load_json(path, text)
    servers = data.setdefault("mcpServers", {})
    if not isinstance(servers, dict):
        raise UsageError(f"{path}: 'mcpServers' is not a JSON object")
    if name in servers:
        if same_server(servers[name], entry):
            return text
        raise UsageError(f"{path} already has an MCP server named {name!r}; remove it first")
    servers[name] = entry

    def edit(doc: str) -> str:
        if "mcpServers" not in (_find(doc, ()).keys or []):
            return _insert(doc, (), "mcpServers", {name: entry})
        return _insert(doc, ("mcpServers",), name, entry)

    return _edited(text, data, edit)


def remove_server(path: Path, text: str, name: str, entry: dict[str, Any]) -> str:
    """The file without memctl's server (one of the same name running something else
    is the user's: kept), and without `mcpServers` when that was its last server."""
    data = _load_json(path, text)
    servers = data.get("mcpServers")
    if not isinstance(servers, dict) or not same_server(servers.get(name), entry):
        return text
    del servers[name]
    cut: tuple[str | int, ...] = ("mcpServers", name)
    if not servers:
        del data["mcpServers"]
        cut = ("mcpServers",)
    return _edited(text, data, lambda doc: _delete(doc, cut))


# --------------------------------------------------------------------------- TOML

# Marker comments around memctl's lines in config.toml, as installs before the
# structural edit wrote them: taken out (the lines between are judged key by key).
OLD_TOML_BEGIN = "# >>> memctl"
OLD_TOML_END = "# <<< memctl"
OLD_JOINED = "(newline added)"


def without_old_markers(text: str) -> str:
    """`text` without the marker comment lines of an old install (and the newline such
    an install added to a file that did not end with one); what lies between them is
    left for the structural edit to judge."""
    out: list[str] = []
    for line in text.splitlines(keepends=True):
        if line.startswith(OLD_TOML_BEGIN):
            if OLD_JOINED in line and out and out[-1].endswith("\n"):
                out[-1] = out[-1][:-1]
            continue
        if line.startswith(OLD_TOML_END):
            continue
        out.append(line)
    return "".join(out)


def toml_document(path: Path, text: str) -> TOMLDocument:
    """`text` parsed for a structural edit that keeps its comments and layout (tomlkit,
    imported here: hooks never edit TOML, and start-up time is theirs)."""
    import tomlkit
    import tomlkit.exceptions

    try:
        return tomlkit.parse(text)
    except tomlkit.exceptions.ParseError as exc:
        raise UsageError(f"{path}: not valid TOML ({exc}); fix it first") from None


def toml_text(doc: TOMLDocument, original: str) -> str:
    """The edited document as text; the original itself when the edit changed nothing
    (so that install and uninstall report no change, and keep every byte)."""
    import tomlkit

    edited = tomlkit.dumps(doc)
    if OLD_TOML_BEGIN not in original and (
        tomlkit.parse(edited).unwrap() == tomlkit.parse(original).unwrap()
    ):
        return original
    return edited
