"""Running the real agent binaries (tests/system/agents/): where the install script put
them, a scratch environment, and one agent session against a loopback ProviderServer.

Claude Code and Codex run non-interactively (`claude -p`, `codex exec`) in a scratch
HOME / CODEX_HOME; what they send is read at the server. The binaries come from
`scripts/install_agents.sh` (into .agents/ of the repository, or the folder
MEMCTL_AGENTS_DIR names) or from PATH when `--version` says the wanted version."""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import tomlkit

from tests.support.provider_servers import ProviderServer

REPO = Path(__file__).resolve().parents[2]
AGENTS_DIR = Path(os.environ.get("MEMCTL_AGENTS_DIR") or REPO / ".agents")
MEMCTL = str(Path(sys.executable).with_name("memctl"))
CLAUDE_VERSIONS = ("2.1.332", "2.1.197")
CODEX_VERSION = "0.171.0"
TURN_TIMEOUT = 90  # one agent turn; a turn against the loopback server takes 2-8 s
FACT = "the staging db is db7"


def holds_fact(text: str) -> bool:
    """Whether `text` states FACT, said as "Please remember: the staging db is db7." and
    written as a fact: the label cut, the sentence opening on a capital."""
    return FACT.casefold() in text.casefold()


@functools.cache
def find_binary(name: str, version: str) -> str | None:
    """The `name` executable of `version`: the install script's folder first, then PATH."""
    candidates = [AGENTS_DIR / f"{name}-{version}" / "node_modules" / ".bin" / name]
    on_path = shutil.which(name)
    if on_path:
        candidates.append(Path(on_path))
    for candidate in candidates:
        if not os.access(candidate, os.X_OK):
            continue
        try:
            said = subprocess.run(
                [str(candidate), "--version"], capture_output=True, text=True, timeout=30
            ).stdout
        except (OSError, subprocess.TimeoutExpired):
            continue
        if version in said.split():
            return str(candidate)
    return None


def binary_or_skip(name: str, version: str) -> str:
    found = find_binary(name, version)
    if found is None:
        pytest.skip(
            f"no {name} {version}: run scripts/install_agents.sh (looked in {AGENTS_DIR} "
            "and on PATH)"
        )
    return found


def memctl(env: dict[str, str], cwd: Path, *args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [MEMCTL, *map(str, args)], env=env, cwd=cwd, capture_output=True, text=True, timeout=120
    )


def clean_env(**extra: str) -> dict[str, str]:
    """The test process's environment without any agent's own settings (a developer's
    Claude Code or Codex session must not leak into the scratch one)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("CLAUDE", "CODEX", "ANTHROPIC_", "OPENAI_", "MEMCTL_"))
    }
    env.update(extra)
    return env


@dataclass
class AgentSetup:
    """One agent in a scratch home, a project folder and a memctl workspace."""

    exe: str
    server: ProviderServer
    root: Path
    workspace: Path
    env: dict[str, str] = field(default_factory=dict)

    @property
    def project(self) -> Path:
        return self.root / "shop"

    def memctl(self, *args: object) -> subprocess.CompletedProcess[str]:
        return memctl(self.env, self.project, "-w", self.workspace, *args)

    def turn(self, argv: list[str]) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [self.exe, *argv],
            env=self.env,
            cwd=self.project,
            capture_output=True,
            text=True,
            timeout=TURN_TIMEOUT,
            stdin=subprocess.DEVNULL,
        )
        assert done.returncode == 0, (done.stdout[-2000:], done.stderr[-4000:])
        return done

    def session(self, prompt: str, *extra: str) -> dict[str, Any]:
        """One non-interactive session; its FIRST model request as the server got it."""
        first = len(self.server.raw)
        self.turn(self.argv(prompt, *extra))
        assert len(self.server.raw) > first, "the agent sent no model request"
        return self.server.raw[first]

    def argv(self, prompt: str, *extra: str) -> list[str]:
        raise NotImplementedError

    def hook_errors(self) -> str:
        """.memctl/hooks.log: memctl's hooks log only their errors there."""
        log = self.workspace / ".memctl" / "hooks.log"
        return log.read_text(encoding="utf-8") if log.exists() else ""

    def memory_text(self) -> str:
        """MEMORY.md and every daily ledger, what later sessions are given."""
        files = [self.workspace / "MEMORY.md", *sorted((self.workspace / "memory").glob("*.md"))]
        return "\n".join(path.read_text(encoding="utf-8") for path in files if path.exists())


class Claude(AgentSetup):
    def argv(self, prompt: str, *extra: str) -> list[str]:
        return ["-p", prompt, *extra]


class Codex(AgentSetup):
    @property
    def home(self) -> Path:
        return self.root / "codex-home"

    def argv(self, prompt: str, *extra: str) -> list[str]:
        return ["exec", "--skip-git-repo-check", *extra, prompt]

    def review(self) -> None:
        """What the user does once after install (README): trust the project and, in
        `/hooks`, trust memctl's hooks. Written as Codex's own review writes it:
        `[projects."<dir>"] trust_level` and `[hooks.state."<key>"] trusted_hash`, with
        the key and hash Codex's app-server lists for each hook."""
        from memctl.agents.codex import codex_hooks

        config = self.home / "config.toml"
        doc = tomlkit.parse(config.read_text(encoding="utf-8"))
        projects = doc.setdefault("projects", tomlkit.table(is_super_table=True))
        projects[str(self.project)] = {"trust_level": "trusted"}
        config.write_text(tomlkit.dumps(doc), encoding="utf-8")
        with _environ(self.env):
            hooks = codex_hooks(self.project)
        assert hooks, "Codex lists no hooks"
        doc = tomlkit.parse(config.read_text(encoding="utf-8"))
        tables = doc.setdefault("hooks", tomlkit.table(is_super_table=True))
        state = tables.setdefault("state", tomlkit.table(is_super_table=True))
        for hook in hooks:
            state[hook["key"]] = {"trusted_hash": hook["currentHash"]}
        config.write_text(tomlkit.dumps(doc), encoding="utf-8")
        with _environ(self.env):
            listed = codex_hooks(self.project) or []
        assert {hook["trustStatus"] for hook in listed} == {"trusted"}, listed


class _environ:
    """os.environ replaced for a block (memctl's own Codex helpers read it)."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env

    def __enter__(self) -> None:
        self.saved = dict(os.environ)
        os.environ.clear()
        os.environ.update(self.env)

    def __exit__(self, *exc: object) -> None:
        os.environ.clear()
        os.environ.update(self.saved)


def answer(request: dict[str, Any]) -> str:
    """What the loopback model says to everything, compaction summaries included: a
    plain acknowledgement, so the only facts in play are the ones the user states."""
    return "Noted."


PROVIDER = """model = "memctl-test"
model_provider = "loopback"

[model_providers.loopback]
name = "loopback"
base_url = "http://127.0.0.1:{port}/v1"
env_key = "LOOPBACK_API_KEY"
wire_api = "responses"
request_max_retries = 0
stream_max_retries = 0
"""
