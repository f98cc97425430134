"""Audit 11 #5, #8, #9: what the MCP tools repeat of a huge query, and the arguments
they refuse as the command line does, over raw JSON-RPC (bytes the SDK cannot send)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from memctl.core.workspace import init_workspace
from tests.support.helpers import BM25_ONLY
from tests.support.mcp_wire import HANDSHAKE, READ_TIMEOUT, rpc, server_command

pytestmark = pytest.mark.slow  # each test starts a server


def prepare(root: Path) -> Path:
    init_workspace(root)
    (root / "memctl.yaml").write_text(BM25_ONLY, encoding="utf-8")
    (root / "MEMORY.md").write_text("- We deploy on Fridays.\n- The staging database is db7.\n")
    return root


def call(request_id: int, name: str, arguments: dict) -> str:
    return rpc(request_id, "tools/call", {"name": name, "arguments": arguments})


def exchange(root: Path, lines: list[bytes]) -> dict[int, dict]:
    """Send the handshake and `lines` (raw bytes), close stdin; the answers by id."""
    data = b"".join(line + b"\n" for line in [h.encode() for h in HANDSHAKE] + lines)
    done = subprocess.run(
        server_command(root), input=data, capture_output=True, timeout=READ_TIMEOUT
    )
    assert (done.returncode, done.stderr) == (0, b"")
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert all("result" in answer for answer in answers), answers
    return {answer["id"]: answer["result"] for answer in answers if answer["id"] != 1}


def text(result: dict) -> str:
    (content,) = result["content"]
    return content["text"]


def test_a_huge_query_is_echoed_short_and_cut_to_its_first_words(tmp_path):
    root = prepare(tmp_path / "ws")
    huge = "x" * 1_000_000
    words = " ".join(["deploy"] + [f"w{n}" for n in range(5_000)])
    got = exchange(
        root,
        [
            call(2, "memory_search", {"query": huge}).encode(),
            call(3, "thread_search", {"query": huge}).encode(),
            call(4, "memory_recall", {"query": words}).encode(),
            call(5, "memory_explain", {"target": huge}).encode(),
            call(6, "memory_get", {"path": huge}).encode(),
            call(7, "memory_search", {"query": words, "matchMode": "any"}).encode(),
        ],
    )
    for request_id in range(2, 8):
        assert len(text(got[request_id])) < 2_000, (request_id, text(got[request_id])[:200])
    assert text(got[2]) == (
        f"No matching memories found for: {'x' * 100}…\n"
        "(the query was cut to its first 64,000 characters)"
    )
    assert got[5]["isError"] and got[6]["isError"]
    recalled = text(got[4])
    assert "Fridays" in recalled and "…" in recalled.splitlines()[0]
    assert recalled.endswith("(the query was cut to its first 1,000 words)")
    assert "Fridays" in text(got[7])


def test_bytes_that_are_not_utf8_are_a_tool_error_and_nothing_is_saved(tmp_path):
    root = prepare(tmp_path / "ws")
    before = (root / "MEMORY.md").read_bytes()
    save = call(2, "memory_save", {"content": "Wifi password is cafXX latte."}).encode()
    replace = call(3, "memory_replace", {"old": "db7", "new": "The staging db is dbXX9."})
    got = exchange(
        root,
        [save.replace(b"XX", b"\xe9"), replace.encode().replace(b"XX", b"\xff")],
    )
    for request_id in (2, 3):
        assert got[request_id]["isError"]
        assert "not UTF-8 text" in text(got[request_id])
    assert (root / "MEMORY.md").read_bytes() == before
    assert not list((root / "memory").glob("*.md"))


def test_arguments_the_command_line_refuses_are_tool_errors(tmp_path):
    root = prepare(tmp_path / "ws")
    calls = {
        2: ("memory_search", {"query": ""}),
        3: ("memory_search", {"query": "   "}),
        4: ("thread_search", {"query": " "}),
        5: ("memory_recall", {"query": "deploy", "limit": 0}),
        6: ("memory_get", {"path": "MEMORY.md", "startLine": -3}),
        7: ("memory_replace", {"old": " ", "new": "The staging database is db8."}),
        8: ("memory_save", {"content": "word " * 1_000}),
        # audit 18: memory_search answered limit 0 and "ten" as no limit at all
        9: ("memory_search", {"query": "deploy", "limit": 0}),
        10: ("memory_search", {"query": "deploy", "limit": "ten"}),
        11: ("thread_search", {"query": "deploy", "limit": 101}),
        12: ("memory_recall", {"query": "deploy", "limit": "ten"}),
    }
    got = exchange(root, [call(n, name, args).encode() for n, (name, args) in calls.items()])
    for request_id in calls:
        assert got[request_id]["isError"], (request_id, text(got[request_id]))
        assert "\n" not in text(got[request_id])
    assert "the query is empty" in text(got[2]) and "the query is empty" in text(got[4])
    assert "from 1 to 100" in text(got[5])
    assert "startLine must be 1 or more" in text(got[6])
    assert "which fact to correct" in text(got[7]) and "forget" not in text(got[7])
    assert "longer than a fact may be (2,000)" in text(got[8])
    assert text(got[9]) == "Error: limit must be a whole number from 1 to 100, not 0"
    assert text(got[10]) == "Error: limit must be an integer"
    assert text(got[11]) == "Error: limit must be a whole number from 1 to 100, not 101"
    assert text(got[12]) == "Error: limit must be an integer"
