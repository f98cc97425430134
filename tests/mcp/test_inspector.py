"""`memctl mcp` driven by the MCP Inspector's CLI, the protocol's reference client in
TypeScript (issue 22: conformance shown by the official Python client, tests/mcp/
test_mcp.py, and by the Inspector). A conformance guard: it held for the SDK's server
too, and fails if memctl's own protocol layer drifts from what the Inspector expects.

Runs when the Inspector is installed; it is an npm package, not a Python one:

    npm install --prefix /tmp/mcp-inspector @modelcontextprotocol/inspector
    MEMCTL_TEST_INSPECTOR=/tmp/mcp-inspector/node_modules/.bin/mcp-inspector pytest tests/mcp
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from memctl.core.workspace import init_workspace
from tests.support.helpers import MEMCTL, MEMORY_TOOLS

INSPECTOR = os.environ.get("MEMCTL_TEST_INSPECTOR") or shutil.which("mcp-inspector")

pytestmark = [
    pytest.mark.slow,  # node and a server start for each request
    pytest.mark.skipif(INSPECTOR is None, reason="no MCP Inspector (MEMCTL_TEST_INSPECTOR)"),
]


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    workspace = tmp_path_factory.mktemp("inspector") / "ws"
    init_workspace(workspace)
    (workspace / "MEMORY.md").write_text("- We deploy on Fridays.\n", encoding="utf-8")
    return workspace


def inspect(root: Path, *args: str) -> tuple[int, Any]:
    """The Inspector's exit code and the JSON it printed on stdout."""
    assert INSPECTOR is not None
    done = subprocess.run(
        [INSPECTOR, "--cli", str(MEMCTL), "-w", str(root), "mcp", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )
    return done.returncode, json.loads(done.stdout)


def test_the_inspector_initializes_and_lists_the_tools(root):
    code, hello = inspect(root, "--method", "initialize")
    assert code == 0
    assert hello["serverInfo"]["name"] == "memctl"
    assert hello["protocolVersion"] == "2025-11-25"
    assert hello["capabilities"] == {"tools": {"listChanged": False}}

    code, listed = inspect(root, "--method", "tools/list")
    assert code == 0
    assert [tool["name"] for tool in listed["tools"]] == list(MEMORY_TOOLS)


def test_the_inspector_calls_a_tool_and_gets_tool_errors(root):
    call = ["--method", "tools/call", "--tool-name"]

    code, found = inspect(root, *call, "memory_search", "--tool-arg", "query=Fridays")
    assert code == 0 and found["isError"] is False
    assert found["content"][0]["text"].startswith("Found 1 match")

    for tool, arguments in [
        ("memory_get", ["path=/etc/passwd"]),
        ("memory_search", ["query=Fridays", "matchMode=fuzzy"]),
    ]:
        code, refused = inspect(root, *call, tool, "--tool-arg", *arguments)
        assert refused["isError"] is True and refused["content"][0]["text"].startswith("Error: ")
        assert code != 0  # the Inspector's own exit code for a tool error
