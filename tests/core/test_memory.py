"""MEMORY.md's owner: reading it, cutting it on lines, and the memory block that an
agent's SessionStart hook prints and `export` writes (their commands are tested in
tests/agents)."""

from __future__ import annotations

from pathlib import Path

import pytest

from memctl.core.config import load_config
from memctl.core.errors import WorkspaceError
from memctl.core.memory import CONTEXT_CAP, NOTE_CUT, cut_memory, memory_block, read_memory
from memctl.core.workspace import Workspace


def test_cut_memory_keeps_the_head_on_whole_lines():
    text = "- one\n- two\n- three\n"
    assert cut_memory(text, len(text)) == (text, False)
    assert cut_memory(text, len(text) - 1) == ("- one\n- two\n", True)
    assert cut_memory(text, 8) == ("- one\n", True)
    assert cut_memory("a single long line", 5) == ("a sin", True)  # no line to cut at


def test_read_memory_of_a_missing_file_is_empty_and_of_bad_bytes_an_error(workspace: Path):
    ws = Workspace(workspace)
    (workspace / "MEMORY.md").unlink()
    assert read_memory(ws) == ""
    (workspace / "MEMORY.md").write_bytes(b"- caf\xe9\n")
    with pytest.raises(WorkspaceError, match=r"not UTF-8 text \(byte 5\)"):
        read_memory(ws)


def test_the_block_is_cut_on_lines_within_its_characters_and_bytes(workspace: Path):
    lines = [f"- fact {n}: {'é' * 40}" for n in range(400)]
    (workspace / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    ws, config = Workspace(workspace), load_config(workspace / "memctl.yaml")

    block = memory_block(ws, config)
    assert block.truncated and len(block.text) <= CONTEXT_CAP
    assert block.text.endswith(NOTE_CUT)
    assert block.memory_chars == len((workspace / "MEMORY.md").read_text(encoding="utf-8"))

    small = memory_block(ws, config, cap_bytes=9_000)
    assert len(small.text.encode("utf-8")) <= 9_000 < len(block.text.encode("utf-8"))
    kept = small.text.split("\n\n")[1].splitlines()
    assert kept == lines[: len(kept)] and len(kept) > 10  # whole lines, from the head
