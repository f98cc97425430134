"""`memctl get` (memory_get): a line range of MEMORY.md, a file under memory/, or an
evicted tool result.

get reads MEMORY.md, a file under memory/ or one under the eviction folder (the path an
eviction's placeholder names), and nothing else: it is the one command that opens a file
its caller names, so every way out of them is refused with exit 2, one line, and nothing
changed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from memctl.cli.output import JSON_SCHEMA
from memctl.core.workspace import Workspace
from memctl.retrieval.get import get
from tests.support.conversations import tool_turn
from tests.support.helpers import configure, write_log
from tests.support.secrets import GITHUB

MEMORY = "- one\n- two\n- three\n- four\n- five\n"
ONLY = "only MEMORY.md, files under memory/ and evicted results under evicted/ can be read"


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
    ("memctl.yaml", ONLY),
    ("threads/t.jsonl", ONLY),
    (".memctl/state.json", ONLY),
    ("evicted", "only MEMORY.md, files under memory/ and evicted results"),
    ("evicted/t/x", "no such evicted result"),
    ("evicted/../memctl.yaml", "'..'"),
    ("memory", ONLY),
    ("MEMORY.md/x", ONLY),
    ("memory.md", ONLY),
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


# ------------------------------------------- an evicted tool result (audit 18, finding 8)

OUTPUT = [f"line {n}: PASSED tests/test_pool_{n}.py" for n in range(1, 41)]


def evicted_path(cli, root: Path, thread: str = "t3") -> str:
    """The path the placeholder of thread `thread`'s evicted result names, as the model
    reads it in its context, after `memctl evict` wrote the file."""
    assert cli("-w", root, "evict", thread).exit_code == 0
    context = json.loads(cli("-w", root, "context", thread).stdout)
    (shown,) = [m["content"] for m in context["messages"] if m.get("role") == "tool"]
    match = re.search(r"the full text is in (\S+) \(read it with memory_get for the rest\)", shown)
    assert match, shown
    return match.group(1)


@pytest.fixture
def tool_ws(workspace: Path) -> Path:
    """A thread whose tool result (40 lines, a GitHub token on line 3) is over the
    eviction threshold."""
    configure(workspace, eviction={"threshold_chars": 1000})
    lines = [*OUTPUT[:2], f"token={GITHUB}", *OUTPUT[3:]]
    write_log(workspace, "t3", tool_turn("call_1", "\n".join(lines)))
    return workspace


def test_get_reads_the_evicted_result_its_placeholder_names(cli, tool_ws):
    """The placeholder told the agent to read the file, and get refused it: only
    MEMORY.md and memory/ could be read. It reads it whole or a range, redacted as
    `thread show` shows a tool result (the file holds it as the tool gave it)."""
    path = evicted_path(cli, tool_ws)
    assert path.startswith("evicted/t3/call_1-")

    whole = cli("-w", tool_ws, "--json", "get", path)
    part = cli("-w", tool_ws, "get", path, "--start", "2", "--end", "4")
    at = cli("-w", tool_ws, "get", f"{path}:40")
    raw = cli("-w", tool_ws, "--no-redact", "get", path, "--start", "3", "--end", "3")

    assert whole.exit_code == 0, whole.stderr
    document = json.loads(whole.stdout)
    assert (document["path"], document["total"], document["end"]) == (path, 40, 40)
    assert document["lines"][39] == OUTPUT[39]
    assert GITHUB not in whole.stdout and "[REDACTED:" in document["lines"][2]
    assert part.stdout.splitlines()[0] == f"2|{OUTPUT[1]}"
    assert len(part.stdout.splitlines()) == 3 and GITHUB not in part.stdout
    assert at.stdout == f"40|{OUTPUT[39]}\n"
    assert raw.stdout == f"3|token={GITHUB}\n"


def test_get_of_an_evicted_result_keeps_every_guard(cli, tool_ws, tmp_path, snapshot):
    """Nothing outside the eviction folder: no '..', no symlink out of the workspace nor
    into another of its files, not the folder itself."""
    evicted_path(cli, tool_ws)
    secret = tmp_path / "secret.txt"
    secret.write_text("the outside secret\n")
    folder = tool_ws / "evicted" / "t3"
    (folder / "leak").symlink_to(secret)
    (folder / "config").symlink_to(tool_ws / "memctl.yaml")
    (folder / "log").symlink_to(tool_ws / "threads" / "t3.jsonl")
    (tool_ws / "evicted" / "out").symlink_to(tmp_path)
    secret.with_name("x").write_text("outside\n")
    before = snapshot(tool_ws)
    refused = {
        "evicted/t3/leak": "leads out of the workspace's memory and evicted/",
        "evicted/t3/config": "leads out",
        "evicted/t3/log": "leads out",
        "evicted/out/x": "leads out",
        "evicted/t3/../../memctl.yaml": "'..'",
        "evicted/t3": "is a folder, not an evicted result",  # "an" (review 31 A5)
        "evicted": ONLY,
        "threads/t3.jsonl": ONLY,
    }
    for path, reason in refused.items():
        run = cli("-w", tool_ws, "get", path)
        assert (run.exit_code, run.stdout) == (2, ""), path
        assert len(run.stderr.splitlines()) == 1 and reason in run.stderr, (path, run.stderr)
    assert snapshot(tool_ws) == before


def test_get_reads_the_eviction_folder_the_configuration_names(cli, tool_ws):
    """eviction.root moves the results: get reads them there, and nothing under the
    default folder's name."""
    configure(tool_ws, eviction={"threshold_chars": 1000, "root": "spill"})
    path = evicted_path(cli, tool_ws)
    assert path.startswith("spill/t3/")
    (tool_ws / "evicted" / "t3").mkdir(parents=True)
    (tool_ws / "evicted" / "t3" / "x").write_text("not a result\n")

    assert cli("-w", tool_ws, "get", path, "--end", "1").stdout == f"1|{OUTPUT[0]}\n"
    refused = cli("-w", tool_ws, "get", "evicted/t3/x")
    assert refused.exit_code == 2
    assert "only MEMORY.md, files under memory/ and evicted results under spill/" in refused.stderr


# --------------------------------------- a large evicted result, page by page (review 31 A3)


def test_an_evicted_result_is_redacted_once_for_all_its_pages(workspace):
    """Each page re-read and re-redacted the whole file: a 20 MB one-line result took
    3.8 s a page. The redacted lines are kept for the file as it is, and redacted again
    when it changes or the redaction does."""
    folder = workspace / "evicted" / "t1"
    folder.mkdir(parents=True)
    result = folder / "call_1-0123456789abcdef"
    result.write_text("a\nb\nc\n", encoding="utf-8")
    redacted: list[str] = []

    def counting(text: str) -> str:
        redacted.append(text)
        return text.upper()

    def lines(start: int, redact: Any = counting) -> list[str]:
        path = "evicted/t1/call_1-0123456789abcdef"
        return get(Workspace(workspace), path, start, evicted="evicted", redact=redact).lines

    assert (lines(1), lines(2), lines(3)) == (["A", "B", "C"], ["B", "C"], ["C"])
    assert len(redacted) == 1
    result.write_text("a\nb\nc\nd\n", encoding="utf-8")  # changed: read and redacted again
    assert lines(4) == ["D"] and len(redacted) == 2
    assert lines(1, str.lower) == ["a", "b", "c", "d"] and len(redacted) == 2


@pytest.mark.parametrize("cut", [-38, -20, -3, 0])  # the token across character 498
def test_a_secret_across_a_page_boundary_never_leaks(workspace, cut):
    """Pages are cut from the result redacted whole: a token the page boundary falls in
    (wherever in it) is replaced whole, never half shown on each page: each half alone
    is no token the answer's own redaction would know."""
    from memctl.core.config import load_config
    from memctl.turn.tools import run_tool

    configure(workspace, eviction={"threshold_chars": 1000})  # pages of 500 characters
    folder = workspace / "evicted" / "t1"
    folder.mkdir(parents=True)
    text = "y" * (496 + cut) + " " + GITHUB + " " + "z" * 700
    (folder / "call_1-0123456789abcdef").write_text(text + "\n", encoding="utf-8")
    ws, config = Workspace(workspace), load_config(workspace / "memctl.yaml")
    pages, skip = [], 0
    while len(pages) < 10:
        args = {"path": "evicted/t1/call_1-0123456789abcdef", "startChar": skip}
        pages.append(run_tool(ws, config, "memory_get", args).text)
        on = re.search(r"startChar=(\d+)\]$", pages[-1])
        if not on:
            break
        skip = int(on.group(1))
    shown = "".join(page[2:].split(" … [")[0] for page in pages)
    assert GITHUB[:8] not in shown and "[REDACTED:" in shown
    assert shown.startswith("y" * (496 + cut)) and shown.endswith("z" * 700)


# ------------------------------- read_file: the same reader, by characters (left23)


def test_read_file_is_redacted_once_for_all_its_pages(workspace):
    """`call`'s read_file redacted the whole evicted file again on every call (its own
    reader in pipeline/evict.py, a twin of get's): it reads through get's, so a page
    after the first costs the page, and is the same slice of the text redacted whole."""
    from memctl.retrieval.get import read_evicted

    folder = workspace / "evicted" / "t1"
    folder.mkdir(parents=True)
    result = folder / "call_1-0123456789abcdef"
    text = "first line\n" + "x" * 50 + "\n\nlast, with no newline"
    result.write_text(text, encoding="utf-8")
    redacted: list[str] = []

    def counting(whole: str) -> str:
        redacted.append(whole)
        return whole.upper()

    def page(offset: int, limit: int, redact: Any = counting) -> str:
        path = "evicted/t1/call_1-0123456789abcdef"
        return read_evicted(Workspace(workspace), "evicted", path, offset, limit, redact).text

    whole = text.upper()
    cuts = [(0, 5), (5, 10), (8, 60), (60, 3), (61, 1), (62, 1000), (len(text) - 1, 9)]
    assert [page(offset, limit) for offset, limit in cuts] == [
        whole[offset : offset + limit] for offset, limit in cuts
    ]
    assert len(redacted) == 1
    result.write_text(text + "\n", encoding="utf-8")  # changed: read and redacted again
    assert page(len(text) - 4, 10) == "LINE\n" and len(redacted) == 2


def test_a_read_file_page_after_the_first_reads_the_file_no_more(workspace):
    """Through the tool: a second read_file page of a result is cut from the text the
    first read redacted, as memory_get's pages are (a file rewritten behind its inode,
    size and time is not read again: the page costs the page)."""
    import os

    from memctl.core.config import load_config
    from memctl.turn.tools import run_tool

    folder = workspace / "evicted" / "t1"
    folder.mkdir(parents=True)
    result = folder / "call_1-0123456789abcdef"
    result.write_text("a" * 30_000, encoding="utf-8")
    status = result.stat()
    ws, config = Workspace(workspace), load_config(workspace / "memctl.yaml")
    path = "evicted/t1/call_1-0123456789abcdef"
    first = run_tool(ws, config, "read_file", {"path": path}).text
    with result.open("r+", encoding="utf-8") as same_file:  # same inode, size and time
        same_file.write("b" * 30_000)
    os.utime(result, ns=(status.st_atime_ns, status.st_mtime_ns))
    second = run_tool(ws, config, "read_file", {"path": path, "offset": 20_000}).text
    assert first.endswith("\n" + "a" * 20_000)
    assert second.endswith("\n" + "a" * 10_000)
