"""install / uninstall against what the real agent binaries write (issue 22.1-22.5).

Runs when `claude` or `codex` is found (scripts/install_agents.sh puts them in .agents/;
or on PATH); each agent gets a scratch HOME / CODEX_HOME, and memctl runs as a real
subprocess."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.support.real_agents import CLAUDE_VERSIONS, CODEX_VERSION, find_binary

pytestmark = pytest.mark.slow
MEMCTL = str(Path(sys.executable).with_name("memctl"))


def memctl(env: dict[str, str], *args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [MEMCTL, *map(str, args)], env=env, capture_output=True, text=True, timeout=120
    )


def on_path(name: str, version: str) -> str:
    """PATH with the agent's folder first (install runs `claude mcp add`, asks `codex`)."""
    found = find_binary(name, version)
    if found is None:
        pytest.skip(f"no {name} {version}: run scripts/install_agents.sh")
    return f"{Path(found).parent}{os.pathsep}{os.environ['PATH']}"


def test_real_claude_install_twice_upgrade_and_uninstall(tmp_path, workspace):
    home, project = tmp_path / "home", tmp_path / "shop"
    home.mkdir()
    project.mkdir()
    path = on_path("claude", CLAUDE_VERSIONS[0])
    env = dict(os.environ, HOME=str(home), CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1", PATH=path)
    env.pop("CLAUDE_CONFIG_DIR", None)
    for scope in (["--user"], ["--project", project]):
        for extra in ([], [], ["--recall"]):
            done = memctl(env, "-w", workspace, "install", "claude-code", *scope, *extra)
            assert done.returncode == 0, done.stderr
        done = memctl(env, "-w", workspace, "uninstall", "claude-code", *scope)
        assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in project.iterdir()) == []
    assert not (home / ".claude" / "settings.json").exists()
    assert "memctl" not in json.loads((home / ".claude.json").read_text()).get("mcpServers", {})


def test_real_codex_mcp_add_review_and_uninstall(tmp_path, workspace):
    home = tmp_path / "codex-home"
    home.mkdir()
    config = home / "config.toml"
    config.write_text('model = "o3"\n')
    path = on_path("codex", CODEX_VERSION)
    env = dict(os.environ, CODEX_HOME=str(home), HOME=str(tmp_path), PATH=path)
    done = memctl(env, "-w", workspace, "install", "codex", "--user")
    assert done.returncode == 0, done.stderr
    assert "/hooks and press t" in done.stderr  # not reviewed yet: Codex would skip them
    add = subprocess.run(
        [shutil.which("codex", path=path) or "codex", "mcp", "add", "docs", "--", "docs-mcp"],
        env=env,
        capture_output=True,
        timeout=60,
    )
    assert add.returncode == 0
    again = memctl(env, "-w", workspace, "install", "codex", "--user")
    assert again.returncode == 0, again.stderr
    done = memctl(env, "-w", workspace, "uninstall", "codex", "--user")
    assert done.returncode == 0, done.stderr
    left = tomllib.loads(config.read_text())
    assert left["model"] == "o3" and list(left["mcp_servers"]) == ["docs"]
