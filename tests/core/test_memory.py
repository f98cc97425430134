"""`memctl get` and `memctl save` (memory_get / memory_save).

get reads a line range of MEMORY.md or a file under memory/, and nothing else: it is the
one command that opens a file its caller names, so every way out of the workspace's
memory is refused with exit 2, one line, and nothing changed. save appends one memory to
today's ledger (a `## Memory Save` block) and to MEMORY.md, secrets redacted first.
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from memctl.cli.output import JSON_SCHEMA
from memctl.core.config import load_config
from memctl.core.memory import count_memories, get, save
from memctl.core.workspace import Workspace

MEMORY = "- one\n- two\n- three\n- four\n- five\n"
OPENAI_KEY = "sk-proj-" + "A1b2C3d4E5f6G7h8I9j0K1l2"


def daily(root: Path) -> Path:
    return Workspace(root).ledger_path()


@pytest.fixture
def ws(workspace: Path) -> Path:
    (workspace / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    (workspace / "memory" / "2026-06-02.md").write_text("## Memory Flush\n- a fact\n")
    (workspace / "threads" / "t.jsonl").write_text('{"role": "user", "content": "hi"}\n')
    return workspace


def numbered(start: int, lines: list[str]) -> str:
    return "".join(f"{start + n}|{line}\n" for n, line in enumerate(lines))


# --------------------------------------------------------------------------- get


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


# --------------------------------------------------------------------------- save


def save_blocks(root: Path) -> list[tuple[datetime, str]]:
    """(time, text) of every `## Memory Save` block in today's ledger."""
    text = daily(root).read_text(encoding="utf-8")
    blocks = re.findall(r"^## Memory Save — (\S+)\n\n(.*?)\n(?=\n## |\Z)", text, re.M | re.S)
    return [(datetime.fromisoformat(stamp), body) for stamp, body in blocks]


def test_save_appends_to_memory_md_and_the_ledger(cli, ws):
    run = cli("-w", ws, "save", "Dana prefers code-first answers.")
    assert (run.exit_code, run.stdout) == (0, "")
    ledger = daily(ws)
    assert run.stderr == f"save: saved 1 memory to MEMORY.md and memory/{ledger.name}\n"
    assert (ws / "MEMORY.md").read_text() == MEMORY + "Dana prefers code-first answers.\n"
    ((stamp, body),) = save_blocks(ws)
    assert body == "Dana prefers code-first answers."
    assert abs(datetime.now(stamp.tzinfo) - stamp) < timedelta(minutes=1)
    assert ledger.read_text().startswith("## Memory Save — ")

    assert cli("-w", ws, "save", "--", "- Second fact.").exit_code == 0  # a bullet: after --
    assert (ws / "MEMORY.md").read_text().endswith("code-first answers.\n- Second fact.\n")
    assert [body for _, body in save_blocks(ws)] == [
        "Dana prefers code-first answers.",
        "- Second fact.",
    ]
    assert "\n\n## Memory Save — " in ledger.read_text()  # each block after a blank line


def test_save_reads_stdin_with_a_dash(cli, ws):
    run = cli("-w", ws, "save", "-", input="- From a pipe: the CI runs nightly.\n- And on tags.\n")
    assert run.exit_code == 0, run.stderr
    assert "saved 2 memories" in run.stderr
    assert (
        (ws / "MEMORY.md")
        .read_text()
        .endswith("- five\n- From a pipe: the CI runs nightly.\n- And on tags.\n")
    )
    assert [body for _, body in save_blocks(ws)] == [
        "- From a pipe: the CI runs nightly.\n- And on tags."
    ]


@pytest.mark.parametrize("text", ["", " ", "\n", " \t\n  ", "\u3000"])
def test_empty_text_is_an_error_and_nothing_is_written(cli, ws, snapshot, text):
    before = snapshot(ws)
    for args, stdin in ((["save", text], None), (["save", "-"], text)):
        run = cli("-w", ws, *args, input=stdin)
        assert (run.exit_code, run.stdout) == (2, "")
        assert run.stderr == "memctl: error: nothing to save: the text is empty\n"
    assert snapshot(ws) == before


def test_save_refuses_non_utf8_stdin_and_nul_bytes(cli, ws, snapshot):
    before = snapshot(ws)
    run = cli("-w", ws, "save", "-", input=b"- caf\xe9\n")
    assert run.exit_code == 2 and "not UTF-8" in run.stderr
    run = cli("-w", ws, "save", "a\0b")
    assert run.exit_code == 2 and "NUL" in run.stderr
    assert snapshot(ws) == before


def test_save_puts_the_memory_on_its_own_line(cli, ws):
    (ws / "MEMORY.md").write_text("- no final newline")
    daily(ws).write_text("some ledger text without a newline")
    assert cli("-w", ws, "save", "  - padded fact  \n\n").exit_code == 0  # not an option
    assert (ws / "MEMORY.md").read_text() == "- no final newline\n- padded fact\n"
    text = daily(ws).read_text()
    assert text.startswith("some ledger text without a newline\n\n## Memory Save — ")
    assert text.endswith("\n\n- padded fact\n")


def test_save_into_an_empty_or_missing_memory_md(cli, ws):
    (ws / "MEMORY.md").unlink()
    assert cli("-w", ws, "save", "first ever").exit_code == 0
    assert (ws / "MEMORY.md").read_text() == "first ever\n"


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("plain sentence", 1),
        ("- one", 1),
        ("- one\n- two\n  - nested three\nnot a bullet", 3),
        ("line one\nline two", 1),
        ("-dash without space\n--", 2),
    ],
)
def test_memory_count(cli, ws, text, count):
    assert count_memories(text) == count
    run = cli("-w", ws, "--json", "save", "--", text)
    assert json.loads(run.stdout)["memories"] == count


def test_dry_run_writes_nothing(cli, ws, snapshot):
    before = snapshot(ws)
    run = cli("-w", ws, "save", "--dry-run", "--", f"- key {OPENAI_KEY} for ci")
    assert run.exit_code == 0
    assert run.stdout == "- key [REDACTED:openai_key] for ci\n"  # what would be saved
    assert run.stderr.startswith("save: would save 1 memory to MEMORY.md and memory/")
    assert "1 secret redacted" in run.stderr
    assert snapshot(ws) == before
    document = json.loads(cli("-w", ws, "--json", "save", "--dry-run", "x").stdout)
    assert document["dry_run"] is True
    assert snapshot(ws) == before


def test_secrets_are_redacted_before_anything_is_written(cli, ws):
    text = f"- the deploy key is {OPENAI_KEY}\n- db url postgres://app:hunter2pass@db/x\n- password=swordfish9"
    run = cli("-w", ws, "save", "--", text)
    assert run.exit_code == 0 and "3 secrets redacted" in run.stderr
    for path in (ws / "MEMORY.md", daily(ws)):
        written = path.read_text()
        for secret in (OPENAI_KEY, "hunter2pass", "swordfish9"):
            assert secret not in written, (path, secret)
        assert "[REDACTED:openai_key]" in written
        assert "postgres://app:[REDACTED:url_password]@db/x" in written
        assert "password=[REDACTED:secret]" in written


def test_no_redact_stores_the_text_as_it_is(cli, ws):
    assert cli("-w", ws, "--no-redact", "save", f"key {OPENAI_KEY}").exit_code == 0
    assert OPENAI_KEY in (ws / "MEMORY.md").read_text()


def test_save_json(cli, ws):
    run = cli("-w", ws, "--json", "save", "--", f"- token {OPENAI_KEY}\n- second")
    assert run.exit_code == 0
    assert json.loads(run.stdout) == {
        "schema": JSON_SCHEMA,
        "memories": 2,
        "ledger": f"memory/{daily(ws).name}",
        "text": "- token [REDACTED:openai_key]\n- second",
        "memory_md": "MEMORY.md",
        "redacted": 1,
        "dry_run": False,
        "already_saved": False,
    }


def test_saved_memory_is_found_by_search_and_get(cli, ws):
    cli("-w", ws, "save", "The release train leaves on Tuesdays.")
    run = cli("-w", ws, "search", "release TRAIN")
    assert run.stdout.splitlines() == [
        "MEMORY.md:6: The release train leaves on Tuesdays.",
        f"memory/{daily(ws).name}:3: The release train leaves on Tuesdays.",
    ]
    assert (
        cli("-w", ws, "get", "MEMORY.md", "--start", "6").stdout
        == "6|The release train leaves on Tuesdays.\n"
    )


def test_save_keeps_memory_md_permissions(cli, ws):
    (ws / "MEMORY.md").chmod(0o600)
    assert cli("-w", ws, "save", "private fact").exit_code == 0
    assert (ws / "MEMORY.md").stat().st_mode & 0o777 == 0o600


@pytest.mark.parametrize("target", ["MEMORY.md", "ledger"])
def test_save_never_writes_through_a_symlink_leading_out(cli, ws, tmp_path, snapshot, target):
    outside = tmp_path / "outside.md"
    outside.write_text("- outside content\n")
    link = ws / "MEMORY.md" if target == "MEMORY.md" else daily(ws)
    link.unlink(missing_ok=True)
    link.symlink_to(outside)
    before = snapshot(ws)
    run = cli("-w", ws, "save", "a new fact")
    assert (run.exit_code, run.stdout) == (2, "")
    assert "leads out" in run.stderr and len(run.stderr.splitlines()) == 1
    assert outside.read_text() == "- outside content\n"
    assert snapshot(ws) == before


def test_save_module_result(ws):
    config = load_config(ws / "memctl.yaml")
    result = save(Workspace(ws), config, f"  - module fact {OPENAI_KEY}  ")
    assert (result.memories, result.ledger, result.dry_run) == (
        1,
        f"memory/{daily(ws).name}",
        False,
    )
    assert (result.text, result.redacted) == ("- module fact [REDACTED:openai_key]", 1)
    assert save_blocks(ws)[-1][1] == result.text
