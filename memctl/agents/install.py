"""install / uninstall: wire memctl into an agent, and take it out again.

What install changes is what the agent says (`Agent.settings`, `Agent.mcp_command`), and
nothing else: its hooks (and, for some agents, its MCP server) in its settings files,
edited as `settings` describes, and the agent's own command registering the MCP server,
run when it is on PATH, else printed for the user to run.

So that uninstall can give back the very bytes install found, install checks whether
removing its entries again reproduces them; when it would not (a file formatted by
hand, an empty `"hooks": {}` that removal would drop), the original text is kept in
`.memctl/installs.json` (owner-only) and restored as long as the file is as install
left it. A file install created is deleted when nothing else was added to it.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from memctl.agents.base import Agent, Scope, SettingsFile
from memctl.agents.registry import AGENTS, agent_named, either
from memctl.core.durable import write_atomic
from memctl.core.errors import UsageError
from memctl.core.workspace import Workspace

RECORDS = "installs.json"


# --------------------------------------------------------------------------- results


@dataclass
class FileChange:
    path: str
    before: str | None
    """None: the file did not exist."""
    after: str | None
    """None: the file is deleted."""
    restored: bool = False
    """uninstall: the file gets back the very bytes install found (it was as install
    left it); otherwise memctl's entries are taken out and the rest kept as it is."""

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
    """One of the agent's own commands (`claude mcp add`), run or left for the user."""

    argv: list[str]  # The command.
    ran: bool  # It ran (false: the agent's command is not on PATH, or a dry run).
    exit_code: int | None = None  # Its exit status (null when it did not run).
    output: str = ""  # What it printed.


@dataclass
class InstallResult:
    agent: str
    action: Literal["install", "uninstall"]
    scope: Scope
    changes: list[FileChange] = field(default_factory=list)
    commands: list[CommandRun] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)
    """What the user must still do before the agent runs memctl (review, trust):
    notes on stderr, not part of the JSON document."""
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
            "commands": self.commands,
        }


# --------------------------------------------------------------------------- planning


def _read(path: Path) -> str | None:
    """The file's text with its line endings as they are (CRLF stays CRLF)."""
    try:
        with path.open(encoding="utf-8", newline="") as handle:
            return handle.read()
    except FileNotFoundError:
        return None
    except UnicodeDecodeError:
        raise UsageError(f"{path}: not UTF-8 text") from None
    except OSError as exc:
        raise UsageError(f"{path}: cannot read: {exc.strerror}") from None


def _agent(name: str, notify: bool) -> Agent:
    agent = agent_named(name)
    if notify and not agent.notify:
        runs = either([a.name for a in AGENTS.values() if a.notify])
        raise UsageError(f"--notify is for {runs} ({agent.title} has no notify program)")
    return agent


def plan_install(
    ws: Workspace, agent: Agent, *, user: bool, project: Path, recall: bool, notify: bool
) -> list[tuple[SettingsFile, FileChange]]:
    records = _records(ws)
    changes = []
    for settings in agent.settings(ws, user=user, project=project, recall=recall, notify=notify):
        _refuse_dangling(settings.path)
        before = _read(settings.path)
        after = settings.add(None) if before is None else _keeping_endings(settings.add, before)
        record = records.get(str(settings.path))
        if _deletable(settings.path, record) and _empty(after):
            after = None  # a file install created, with nothing of memctl's left in it
        if after != before:
            changes.append((settings, FileChange(str(settings.path), before, after)))
    return changes


def plan_uninstall(ws: Workspace, agent: Agent, *, user: bool, project: Path) -> list[FileChange]:
    records = _records(ws)
    changes = []
    for settings in agent.settings(ws, user=user, project=project, recall=False, notify=False):
        before = _read(settings.path)
        if before is None:
            continue
        after: str | None = _keeping_endings(settings.remove, before)
        record = records.get(str(settings.path))
        restored = isinstance(record, dict) and record.get("after_sha256") == _sha(before)
        if restored and isinstance(record, dict):
            # The file is as install left it: give back exactly what install found.
            after = record.get("before", after)
        if _deletable(settings.path, record) and _empty(after):
            after = None
        if after != before:
            changes.append(FileChange(str(settings.path), before, after, restored))
    return changes


def _refuse_dangling(path: Path) -> None:
    """UsageError for a settings file that is a symlink to a missing file: writing
    through it would create folders wherever it points (outside the project), and
    uninstall could only take back the link, which is the user's."""
    if path.is_symlink() and not path.exists():
        raise UsageError(
            f"{path} is a symlink to a missing file ({path.readlink()}); "
            "create the file it points to, or remove the link; nothing written"
        )


def _deletable(path: Path, record: Any) -> bool:
    """A settings file install created may be deleted once nothing of memctl's is left
    in it; never a symlink (the user's, whatever it points to): it is written through."""
    return isinstance(record, dict) and bool(record.get("created")) and not path.is_symlink()


def _keeping_endings(edit: Callable[[str], str | None], text: str) -> str | None:
    """`edit` applied to a file's text with CRLF line endings kept: the editors work in
    LF, and a CRLF file comes back CRLF, its new lines too."""
    if "\r\n" not in text:
        return edit(text)
    edited = edit(text.replace("\r\n", "\n"))
    if edited is None:
        return None
    return edited.replace("\r\n", "\n").replace("\n", "\r\n")


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


def _write(change: FileChange) -> None:
    path = Path(change.path)
    if change.after is None:
        if not path.is_symlink():  # a link is the user's, never memctl's to delete
            path.unlink(missing_ok=True)
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
        write_atomic(path, change.after.encode("utf-8"), mode, through_links=True)
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


def _mcp(
    ws: Workspace, agent: Agent, scope: Scope, project: Path, *, remove: bool, dry_run: bool
) -> list[CommandRun]:
    """The agent's MCP command: run when it is on PATH, else left for the user."""
    argv = agent.mcp_command(ws, scope, remove=remove)
    if argv is None:
        return []
    if dry_run or not shutil.which(argv[0]):
        return [CommandRun(argv, False)]
    return [_run(argv, project)]


def _record(
    agent: str, settings: SettingsFile, change: FileChange, prior: Any
) -> dict[str, Any] | None:
    """What uninstall needs to give back the file's original: whether install created
    it, and its text when removing memctl's entries would not reproduce it. A file
    still as an earlier install left it (an upgrade: `install --recall` after
    `install`) keeps that install's original, never the earlier install's output."""
    if change.after is None:
        return None  # deleted: nothing left to restore
    if (
        isinstance(prior, dict)
        and change.before is not None
        and prior.get("after_sha256") == _sha(change.before)
    ):
        return {**prior, "agent": agent, "after_sha256": _sha(change.after)}
    record: dict[str, Any] = {"agent": agent, "after_sha256": _sha(change.after)}
    if change.before is None:
        record["created"] = True
        record["created_dirs"] = _missing_parents(settings.path)
    elif isinstance(prior, dict) and prior.get("created"):
        record["created"] = True  # changed by hand since, but still a file install made
        record["created_dirs"] = prior.get("created_dirs", [])
    elif (
        _keeping_endings(settings.remove, change.after) != change.before
        and _keeping_endings(settings.remove, change.before) == change.before
    ):
        # (Text holding memctl's entries already, an install this workspace has no
        # record of, is no original: uninstall then removes them instead.)
        record["before"] = change.before
    return record


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
    chosen = _agent(agent, notify)
    project = (project or Path.cwd()).resolve()
    scope: Scope = "user" if user else "project"
    result = InstallResult(chosen.name, "install", scope, dry_run=dry_run)
    planned = plan_install(ws, chosen, user=user, project=project, recall=recall, notify=notify)
    result.changes = [change for _, change in planned]
    if not dry_run:
        records = _records(ws)
        for settings, change in planned:
            record = _record(chosen.name, settings, change, records.get(change.path))
            if record is None:
                records.pop(change.path, None)
            else:
                records[change.path] = record
        if planned:
            _save_records(ws, records)
        for change in result.changes:
            _write(change)
    result.commands = _mcp(ws, chosen, scope, project, remove=False, dry_run=dry_run)
    if not dry_run:
        result.steps = chosen.review_steps(ws, scope, project, notify)
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
    chosen = agent_named(agent)
    project = (project or Path.cwd()).resolve()
    scope: Scope = "user" if user else "project"
    result = InstallResult(chosen.name, "uninstall", scope, dry_run=dry_run)
    result.changes = plan_uninstall(ws, chosen, user=user, project=project)
    if not dry_run:
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
    result.commands = _mcp(ws, chosen, scope, project, remove=True, dry_run=dry_run)
    return result
