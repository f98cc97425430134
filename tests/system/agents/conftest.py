"""The real agent binaries against loopback model servers (issue 22, "How to test it").

Claude Code 2.1.332 and 2.1.197 and Codex CLI 0.171.0 run non-interactively, each in a
scratch home, talking to a ProviderServer on 127.0.0.1 that streams the real wire format
(Anthropic Messages, OpenAI Responses); tests/support/real_agents.py runs them. A test
whose binary is missing skips and says where it looked (`scripts/install_agents.sh`
installs them). Every test here is slow (tests/system/conftest.py)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.provider_servers import ProviderServer
from tests.support.real_agents import (
    CLAUDE_VERSIONS,
    CODEX_VERSION,
    PROVIDER,
    Claude,
    Codex,
    answer,
    binary_or_skip,
    clean_env,
)


@pytest.fixture(params=CLAUDE_VERSIONS, ids=[f"claude-{v}" for v in CLAUDE_VERSIONS])
def claude(request: pytest.FixtureRequest, tmp_path: Path, workspace: Path) -> Iterator[Claude]:
    exe = binary_or_skip("claude", request.param)
    server = ProviderServer("anthropic").start()
    server.default = answer
    home = tmp_path / "home"
    home.mkdir()
    (tmp_path / "shop").mkdir()
    # onboarding done: without it Claude Code starts its first-run flow
    (home / ".claude.json").write_text(json.dumps({"hasCompletedOnboarding": True}))
    env = clean_env(
        HOME=str(home),
        ANTHROPIC_BASE_URL=f"http://127.0.0.1:{server.address[1]}",
        ANTHROPIC_API_KEY="sk-ant-loopback",
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1",
        PATH=f"{Path(exe).parent}{os.pathsep}{os.environ['PATH']}",
    )
    try:
        yield Claude(exe, server, tmp_path, workspace, env)
    finally:
        server.stop()


@pytest.fixture
def codex(tmp_path: Path, workspace: Path) -> Iterator[Codex]:
    exe = binary_or_skip("codex", CODEX_VERSION)
    server = ProviderServer("responses").start()
    server.default = answer
    home = tmp_path / "codex-home"
    home.mkdir()
    (tmp_path / "shop").mkdir()
    (home / "config.toml").write_text(PROVIDER.format(port=server.address[1]))
    env = clean_env(
        HOME=str(tmp_path),
        CODEX_HOME=str(home),
        LOOPBACK_API_KEY="sk-loopback",
        PATH=f"{Path(exe).parent}{os.pathsep}{os.environ['PATH']}",
    )
    try:
        yield Codex(exe, server, tmp_path, workspace, env)
    finally:
        server.stop()
