"""Two (or three) workspaces syncing through a bare git repository in tmp_path: what
the sync tests share."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

from memctl.core.config import load_config
from memctl.core.workspace import Workspace, init_workspace
from memctl.models.resolve import resolve_model
from memctl.pipeline.save import save
from memctl.pipeline.sync import GIT_DIR as SYNC_GIT_DIR
from memctl.pipeline.sync import sync

GIT = shutil.which("git")


def bare(tmp_path: Path, name: str = "remote.git") -> Path:
    path = tmp_path / name
    subprocess.run(["git", "init", "-q", "--bare", str(path)], check=True)
    return path


def replica(tmp_path: Path, name: str, remote: Path, extra: str = "") -> Workspace:
    root = tmp_path / name
    init_workspace(root)
    (root / "memctl.yaml").write_text(f"timezone: UTC\nsync:\n  remote: {remote}\n{extra}")
    return Workspace(root, "UTC")


def run_sync(ws: Workspace, **options: object):  # type: ignore[no-untyped-def]
    config = load_config(ws.config_path)
    return sync(ws, config, resolve_model(ws, config.memory_model), **options)  # type: ignore[arg-type]


def remote_files(remote: Path, branch: str = "main") -> dict[str, str]:
    listing = subprocess.run(
        ["git", "--git-dir", str(remote), "ls-tree", "-r", "--name-only", branch],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return {
        path: subprocess.run(
            ["git", "--git-dir", str(remote), "show", f"{branch}:{path}"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for path in listing
    }


def sync_due(ws: Workspace) -> None:
    """Make the scheduled sync due now, as `sync.every` passing would (a test's machines
    can run faster than the shortest `every`)."""
    path = ws.state_dir / "state.json"
    state = json.loads(path.read_text())
    state["runs"].pop("sync", None)
    path.write_text(json.dumps(state))


def save_text(ws: Workspace, text: str) -> None:
    save(ws, load_config(ws.config_path), text)


def remote_log(remote: Path) -> list[str]:
    return subprocess.run(
        ["git", "--git-dir", str(remote), "log", "--format=%s", "main"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()


THREADS = "  share: [ledgers, memory, threads]\n"


def say(ws: Workspace, thread: str, *names: str) -> None:
    from memctl.core.threads import append_entries

    append_entries(
        ws,
        thread,
        [{"role": "user", "content": f"The server for {n} is named host-{n}."} for n in names],
    )


def run_flush(ws: Workspace):  # type: ignore[no-untyped-def]
    from memctl.pipeline.flush import flush

    config = load_config(ws.config_path)
    return flush(ws, config, resolve_model(ws, config.memory_model))


def ledger_count(ws: Workspace, name: str) -> int:
    return sum(p.read_text().count(f"host-{name}.") for p in ws.daily_files(True))


def holding(root: Path, text: str) -> list[str]:
    """The files under `root` (but the sync repository, git's history) whose bytes hold
    `text` in any case, as written or in a JSON string once decoded (`\\u002d`)."""
    needle = text.lower()
    return sorted(
        path.relative_to(root).as_posix()
        for path in root.rglob("*")
        if path.is_file()
        and SYNC_GIT_DIR not in path.parts
        and any(needle in reading.lower() for reading in _readings(path.read_bytes()))
    )


def _readings(data: bytes) -> list[str]:
    """A file's text, and each JSON string in it decoded."""
    text = data.decode("utf-8", "replace")
    decoded = []
    for token in re.findall(r'"(?:[^"\\\n]|\\.)*"', text):
        try:
            decoded.append(str(json.loads(token)))
        except ValueError:
            continue
    return [text, *decoded]
