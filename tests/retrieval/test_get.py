"""`memctl get` (memory_get): a line range of MEMORY.md or a file under memory/.

get reads MEMORY.md or a file under memory/, and nothing else: it is the one command that
opens a file its caller names, so every way out of the workspace's memory is refused with
exit 2, one line, and nothing changed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memctl.cli.output import JSON_SCHEMA
from memctl.core.workspace import Workspace
from memctl.retrieval.get import get

MEMORY = "- one\n- two\n- three\n- four\n- five\n"


@pytest.fixture
def ws(workspace: Path) -> Path:
    (workspace / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    (workspace / "memory" / "2026-06-02.md").write_text("## Memory Flush\n- a fact\n")
    (workspace / "threads" / "t.jsonl").write_text('{"role": "user", "content": "hi"}\n')
    return workspace


def numbered(start: int, lines: list[str]) -> str:
    return "".join(f"{start + n}|{line}\n" for n, line in enumerate(lines))


def test_get_prints_numbered_lines(cli, ws):
    run = cli("-w", ws, "get", "MEMORY.md")
    assert (run.exit_code, run.stderr) == (0, "")
    assert run.stdout == numbered(1, ["- one", "- two", "- three", "- four", "- five"])
    run = cli("-w", ws, "get", "memory/2026-06-02.md", "--start", "2")
    assert run.stdout == "2|- a fact\n"


@pytest.mark.parametrize(
    ("options", "first", "lines"),
    [
        (["--start", "2", "--end", "4"], 2, ["- two", "- three", "- four"]),  # inclusive
        (["--start", "3", "--end", "3"], 3, ["- three"]),
        (["--start", "0"], 1, ["- one", "- two", "- three", "- four", "- five"]),  # clamped
        (["--start=-7", "--end", "1"], 1, ["- one"]),
        (["--end", "2"], 1, ["- one", "- two"]),
        (["--start", "4", "--end", "99"], 4, ["- four", "- five"]),  # end clamped
        (["--start", "5"], 5, ["- five"]),
    ],
)
def test_get_line_ranges_are_one_based_inclusive_and_clamped(cli, ws, options, first, lines):
    run = cli("-w", ws, "get", "MEMORY.md", *options)
    assert run.exit_code == 0, run.stderr
    assert run.stdout == numbered(first, lines)


def test_get_json(cli, ws):
    run = cli("-w", ws, "--json", "get", "MEMORY.md", "--start", "0", "--end", "50")
    assert json.loads(run.stdout) == {
        "schema": JSON_SCHEMA,
        "path": "MEMORY.md",
        "start": 1,
        "end": 5,
        "total": 5,
        "lines": ["- one", "- two", "- three", "- four", "- five"],
    }
    run = cli("-w", ws, "--json", "get", "./memory//2026-06-02.md", "--end", "1")
    assert json.loads(run.stdout) == {
        "schema": JSON_SCHEMA,
        "path": "memory/2026-06-02.md",
        "start": 1,
        "end": 1,
        "total": 2,
        "lines": ["## Memory Flush"],
    }


def test_get_keeps_text_as_written(cli, ws):
    (ws / "MEMORY.md").write_bytes("- café | pipe\r\n\n- last, no final newline".encode())
    run = cli("-w", ws, "--json", "get", "MEMORY.md")
    assert json.loads(run.stdout)["lines"] == ["- café | pipe\r", "", "- last, no final newline"]
    run = cli("-w", ws, "get", "MEMORY.md", "--start", "2")
    assert run.stdout == "2|\n3|- last, no final newline\n"


def test_get_reads_archived_and_nested_memory_files(cli, ws):
    (ws / "memory" / "archive").mkdir()
    (ws / "memory" / "archive" / "2020-01-01.md").write_text("- archived\n")
    (ws / "memory" / "notes" / "deep").mkdir(parents=True)
    (ws / "memory" / "notes" / "deep" / "x.md").write_text("- nested\n")
    assert cli("-w", ws, "get", "memory/archive/2020-01-01.md").stdout == "1|- archived\n"
    assert cli("-w", ws, "get", "memory/notes/deep/x.md").stdout == "1|- nested\n"


def test_get_of_an_empty_file_prints_nothing_and_says_so(cli, ws):
    (ws / "MEMORY.md").write_text("")
    run = cli("-w", ws, "get", "MEMORY.md")
    assert (run.exit_code, run.stdout) == (0, "")
    assert run.stderr == "get: MEMORY.md: no lines\n"
    assert cli("-w", ws, "get", "MEMORY.md", "--start", "1").exit_code == 2


def test_a_symlink_that_stays_in_the_memory_is_read(cli, ws):
    (ws / "memory" / "latest.md").symlink_to(ws / "memory" / "2026-06-02.md")
    assert cli("-w", ws, "get", "memory/latest.md", "--start", "2").stdout == "2|- a fact\n"
    (ws / "memory" / "top.md").symlink_to(ws / "MEMORY.md")
    assert cli("-w", ws, "get", "memory/top.md", "--end", "1").stdout == "1|- one\n"


BAD_PATHS = [
    ("", "a path is required"),
    ("   ", "a path is required"),
    ("../MEMORY.md", "'..'"),
    ("memory/../memctl.yaml", "'..'"),
    ("memory/../../etc/passwd", "'..'"),
    ("memory\\..\\memctl.yaml", "'..'"),
    ("/etc/passwd", "absolute"),
    ("memory/a\0b.md", "NUL"),
    ("memctl.yaml", "only MEMORY.md and files under memory/"),
    ("threads/t.jsonl", "only MEMORY.md and files under memory/"),
    (".memctl/state.json", "only MEMORY.md and files under memory/"),
    ("evicted/t/x", "only MEMORY.md and files under memory/"),
    ("memory", "only MEMORY.md and files under memory/"),
    ("MEMORY.md/x", "only MEMORY.md and files under memory/"),
    ("memory.md", "only MEMORY.md and files under memory/"),
    ("memory/missing.md", "no such memory file"),
    ("memory/archive", "no such memory file"),
]


@pytest.mark.parametrize(("path", "reason"), BAD_PATHS)
def test_get_refuses_everything_but_the_memory(cli, ws, snapshot, path, reason):
    before = snapshot(ws)
    run = cli("-w", ws, "get", path)
    assert run.exit_code == 2, run.stdout
    assert run.stdout == ""
    assert len(run.stderr.splitlines()) == 1 and reason in run.stderr, run.stderr
    assert run.stderr.startswith("memctl: error: ")
    assert snapshot(ws) == before


def test_get_refuses_an_absolute_path_even_into_the_memory(cli, ws):
    run = cli("-w", ws, "get", str(ws / "MEMORY.md"))
    assert run.exit_code == 2 and "absolute" in run.stderr


def test_get_refuses_a_folder(cli, ws):
    (ws / "memory" / "sub").mkdir()
    run = cli("-w", ws, "get", "memory/sub")
    assert run.exit_code == 2 and "is a folder" in run.stderr and run.stdout == ""


def test_get_refuses_symlinks_leading_out(cli, ws, tmp_path, snapshot):
    secret = tmp_path / "secret.txt"
    secret.write_text("the outside secret\n")
    (ws / "memory" / "leak.md").symlink_to(secret)
    (ws / "memory" / "config.md").symlink_to(ws / "memctl.yaml")  # inside the workspace,
    (ws / "memory" / "log.md").symlink_to(ws / "threads" / "t.jsonl")  # but not memory
    before = snapshot(ws)
    for path in ("memory/leak.md", "memory/config.md", "memory/log.md"):
        run = cli("-w", ws, "get", path)
        assert run.exit_code == 2 and run.stdout == "", path
        assert "leads out of the workspace's memory" in run.stderr
        assert len(run.stderr.splitlines()) == 1
    assert snapshot(ws) == before


def test_get_refuses_memory_md_symlinked_out(cli, ws, tmp_path):
    (tmp_path / "elsewhere.md").write_text("- not the memory\n")
    (ws / "MEMORY.md").unlink()
    (ws / "MEMORY.md").symlink_to(tmp_path / "elsewhere.md")
    run = cli("-w", ws, "get", "MEMORY.md")
    assert (run.exit_code, run.stdout) == (2, "")
    assert "leads out" in run.stderr


def test_get_refuses_a_memory_folder_symlinked_out(cli, workspace, tmp_path):
    outside = tmp_path / "synced"
    outside.mkdir()
    (outside / "2026-01-01.md").write_text("- outside\n")
    (workspace / "memory").rmdir()
    (workspace / "memory").symlink_to(outside)
    run = cli("-w", workspace, "get", "memory/2026-01-01.md")
    assert (run.exit_code, run.stdout) == (2, "")
    assert "leads out" in run.stderr


def test_get_refuses_a_symlink_loop_without_a_traceback(cli, ws):
    (ws / "memory" / "loop.md").symlink_to(ws / "memory" / "loop.md")
    run = cli("-w", ws, "get", "memory/loop.md")
    assert (run.exit_code, run.stdout) == (2, "")
    assert len(run.stderr.splitlines()) == 1 and "internal error" not in run.stderr


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        (["--start", "6"], "start line 6 is past the end (5 lines)"),
        (["--start", "99", "--end", "100"], "past the end"),
        (["--start", "4", "--end", "2"], "end line 2 is before start line 4"),
        (["--start", "2", "--end", "0"], "before start line 2"),
        (["--start", "two"], "--start"),
    ],
)
def test_get_bad_ranges(cli, ws, snapshot, options, reason):
    before = snapshot(ws)
    run = cli("-w", ws, "get", "MEMORY.md", *options)
    assert (run.exit_code, run.stdout) == (2, "")
    assert reason in run.stderr
    assert snapshot(ws) == before


def test_get_refuses_a_non_utf8_file(cli, ws, snapshot):
    (ws / "memory" / "latin1.md").write_bytes(b"- caf\xe9\n")
    before = snapshot(ws)
    run = cli("-w", ws, "get", "memory/latin1.md")
    assert (run.exit_code, run.stdout) == (2, "")
    assert "not UTF-8 text (byte 5)" in run.stderr and len(run.stderr.splitlines()) == 1
    assert snapshot(ws) == before


def test_get_module_rejects_non_integer_lines(ws):
    with pytest.raises(Exception, match="start must be a whole number"):
        get(Workspace(ws), "MEMORY.md", start="1")  # type: ignore[arg-type]
    with pytest.raises(Exception, match="end must be a whole number"):
        get(Workspace(ws), "MEMORY.md", end=True)
