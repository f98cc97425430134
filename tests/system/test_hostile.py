"""Hostile input: ids and paths that try to leave the workspace, huge lines, binary
files, a MEMORY.md of megabytes, YAML bombs, prompt files outside, FIFOs.

Every case must end in a clear one-line error (exit 2) or a clearly reported skip,
never a traceback, never a hang, and never a write outside the workspace: each test
that can write snapshots the whole temporary folder (the workspace and its sibling
`outside/`) and compares. Cases that could hang run the installed command in a
subprocess with a timeout (HANG): a hang fails the test, however loaded the machine.
How fast the large inputs go through is measured in bench/, not here.
"""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

from memctl.core.workspace import Workspace
from memctl.retrieval.index.store import READ_BYTES
from memctl.retrieval.search import CHUNK_BYTES
from tests.support.helpers import run_memctl, snapshot

pytestmark = pytest.mark.slow

HANG = 120
"""Seconds after which a run is hung (a YAML bomb expanded, a quadratic loop over a huge
line): generous for a loaded 2-core machine, minutes short of what a hang takes."""
MESSAGE = json.dumps({"role": "user", "content": "We decided to deploy on Fridays."}) + "\n"


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder beside the workspace with a file in it: what an escape would reach."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "victim.jsonl").write_text(MESSAGE)
    (folder / "secret.md").write_text("- the outside secret\n")
    return folder


@pytest.fixture
def ws(workspace: Path, outside: Path) -> Path:
    (workspace / "memctl.yaml").write_text("timezone: UTC\n")
    (workspace / "threads" / "t1.jsonl").write_text(MESSAGE)
    return workspace


def assert_clear_error(run, code: int = 2, *fragments: str) -> str:
    """One `memctl: error:` line on stderr, the exit code, no traceback."""
    assert run.exit_code == code, (run.exit_code, run.stdout[-500:], run.stderr[-2000:])
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    assert lines[0].startswith("memctl: error: "), lines[0]
    assert "Traceback" not in run.stderr and "internal error" not in run.stderr
    for fragment in fragments:
        assert fragment in lines[0]
    return lines[0]


# --------------------------------------------------------------------------- thread ids

BAD_IDS = [
    "..",
    ".",
    "../outside/victim",
    "../../etc/passwd",
    "/etc/passwd",
    "a/b",
    "a\\b",
    "t1\x00.jsonl",
    "",
    "x" * 129,
    "t1\n",
    "~root",
    "t 1",
    "%2e%2e",
]
THREAD_COMMANDS = {
    "thread append": ("thread", "append", "{id}", "-"),
    "thread show": ("thread", "show", "{id}"),
    "thread import": ("thread", "import", "-", "--thread", "{id}"),
    "flush": ("flush", "--thread", "{id}"),
    "compact": ("compact", "{id}", "--force"),
    "evict": ("evict", "{id}"),
    "context": ("context", "{id}"),
    "call": ("call", "--new", "{id}", "hello"),
    "search": ("search", "Fridays", "--scope", "threads", "--thread", "{id}"),
}


def thread_args(command: str, thread: str) -> list[str]:
    return [thread if part == "{id}" else part for part in THREAD_COMMANDS[command]]


@pytest.mark.parametrize("command", THREAD_COMMANDS)
def test_bad_thread_ids_are_refused_by_every_command(cli, ws: Path, tmp_path: Path, command: str):
    before = snapshot(tmp_path, locks=False)
    for thread in BAD_IDS:
        run = cli("-w", ws, *thread_args(command, thread), input=MESSAGE)
        line = assert_clear_error(run)
        assert "thread id" in line or "no thread" in line, (thread, line)
    assert snapshot(tmp_path, locks=False) == before


SYMLINK_COMMANDS = {
    "thread append": (("thread", "append", "evil", "-"), MESSAGE),
    "thread show": (("thread", "show", "evil"), None),
    "thread import": (("thread", "import", "-", "--thread", "evil"), MESSAGE),
    "flush": (("flush", "--thread", "evil"), None),
    "flush all": (("flush",), None),
    "compact": (("compact", "evil", "--force"), None),
    "evict": (("evict", "evil"), None),
    "context": (("context", "evil"), None),
    "call": (("call", "--new", "evil", "hello"), None),
}
SEARCHES = {
    "search": ("search", "Fridays", "--scope", "threads", "--thread", "evil"),
    "search all": ("search", "Fridays", "--scope", "all"),
}


def link_threads(ws: Path, outside: Path, link: str) -> None:
    """`log`: threads/evil.jsonl is a symlink to a file outside; `folder`: threads/ is."""
    if link == "log":
        (ws / "threads" / "evil.jsonl").symlink_to(outside / "victim.jsonl")
        return
    (ws / "threads" / "t1.jsonl").unlink()
    (ws / "threads").rmdir()
    (outside / "evil.jsonl").write_text(MESSAGE)
    (ws / "threads").symlink_to(outside)


@pytest.mark.parametrize("link", ["log", "folder"])
@pytest.mark.parametrize("command", SYMLINK_COMMANDS)
def test_thread_logs_that_lead_outside_are_refused(
    cli, ws: Path, outside: Path, tmp_path: Path, command: str, link: str
):
    link_threads(ws, outside, link)
    args, stdin = SYMLINK_COMMANDS[command]
    before = snapshot(tmp_path, locks=False)
    run = cli("-w", ws, *args, input=stdin)
    assert_clear_error(run, 2, "outside the workspace's threads/ folder")
    assert snapshot(tmp_path, locks=False) == before


@pytest.mark.parametrize("link", ["log", "folder"])
@pytest.mark.parametrize("command", SEARCHES)
def test_search_skips_thread_logs_that_lead_outside_and_says_so(
    cli, ws: Path, outside: Path, tmp_path: Path, command: str, link: str
):
    link_threads(ws, outside, link)
    before = snapshot(tmp_path, locks=False)
    run = cli("-w", ws, *SEARCHES[command])
    assert run.exit_code == (0 if link == "log" and command == "search all" else 1)
    assert "skipped threads/evil.jsonl: symlink leading outside the workspace" in run.stderr
    assert "evil" not in run.stdout and "victim" not in run.stdout
    assert "Traceback" not in run.stderr
    assert snapshot(tmp_path, locks=False) == before


# --------------------------------------------------------------------------- get paths


@pytest.mark.parametrize(
    ("path", "says"),
    [
        ("../outside/secret.md", "'..' is refused"),
        ("memory/../../outside/secret.md", "'..' is refused"),
        ("/etc/passwd", "absolute paths are refused"),
        ("MEMORY.md\x00", "NUL byte"),
        ("memctl.yaml", "only MEMORY.md, files under memory/ and evicted results"),
        ("threads/t1.jsonl", "only MEMORY.md, files under memory/ and evicted results"),
        ("memory/escape.md", "leads out of the workspace's memory"),
        ("memory/loop.md", "cannot be followed"),
        ("", "a path is required"),
    ],
)
def test_get_refuses_paths_outside_memory(cli, ws: Path, outside: Path, path: str, says: str):
    (ws / "memory" / "escape.md").symlink_to(outside / "secret.md")
    (ws / "memory" / "loop.md").symlink_to(ws / "memory" / "loop.md")
    run = cli("-w", ws, "get", path)
    assert_clear_error(run, 2, says)
    assert "outside secret" not in run.stdout


def test_an_eviction_folder_that_leads_outside_is_not_written(
    cli, ws: Path, outside: Path, tmp_path: Path
):
    big = "R" * 90_000
    entries = [
        {"role": "user", "content": "grep it"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "grep", "arguments": "{}"}}
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "name": "grep", "content": big},
    ]
    (ws / "threads" / "t1.jsonl").write_text("".join(json.dumps(e) + "\n" for e in entries))
    (ws / "evicted").symlink_to(outside)
    before = snapshot(tmp_path, locks=False)

    run = cli("-w", ws, "evict", "t1")
    context = cli("-w", ws, "context", "t1")

    assert run.exit_code == 1
    assert "could not write #2 c1" in run.stderr
    assert "the eviction folder leads outside the workspace" in run.stderr
    assert context.exit_code == 0  # the result stays in full, and that is said
    assert "kept in full, its file could not be written" in context.stderr
    assert big in context.stdout
    assert "Traceback" not in run.stderr + context.stderr
    assert snapshot(tmp_path, locks=False) == before


@pytest.mark.parametrize("command", [["flush"], ["save", "Deploys are on Fridays."]])
def test_a_ledger_that_leads_outside_is_never_appended_to(
    cli, ws: Path, outside: Path, tmp_path: Path, command: list[str]
):
    (ws / "threads" / "t1.jsonl").write_text(
        json.dumps({"role": "user", "content": "Remember: we deploy on Fridays."}) + "\n"
    )
    Workspace(ws, "UTC").ledger_path().symlink_to(outside / "secret.md")
    before = snapshot(tmp_path, locks=False)

    run = cli("-w", ws, *command)

    assert_clear_error(run, 2, "leads out of the workspace's memory")
    assert snapshot(tmp_path, locks=False) == before


@pytest.mark.parametrize(
    "command",
    [
        ["consolidate"],
        ["consolidate", "--dry-run"],
        ["consolidate", "--force"],
        ["archive"],
        ["maintain"],
        ["status"],
    ],
)
@pytest.mark.parametrize("where", ["memory", "memory/archive", "archive folder"])
def test_a_dated_ledger_that_leads_outside_is_never_read(
    cli, ws: Path, outside: Path, tmp_path: Path, command: list[str], where: str
):
    """consolidate would send the outside file to the model and copy it into MEMORY.md;
    archive would copy it into memory/archive/."""
    (ws / "memory" / "2026-01-02.md").write_text("- A real fact.\n")
    if where == "archive folder":
        (outside / "2020-01-01.md").write_text("- the outside secret\n")
        (ws / "memory" / "archive").symlink_to(outside)
        name = "memory/archive"
    else:
        (ws / where).mkdir(exist_ok=True)
        (ws / where / "2020-01-01.md").symlink_to(outside / "secret.md")
        name = f"{where}/2020-01-01.md"
    before = snapshot(tmp_path, locks=False)

    run = cli("-w", ws, *command)

    assert_clear_error(run, 2, f"{name} leads out of the workspace's memory")
    assert snapshot(tmp_path, locks=False) == before


def test_a_symlinked_ledger_inside_memory_is_read(cli, ws: Path):
    (ws / "memory" / "notes.md").write_text("- Deploys happen on Tuesdays.\n")
    (ws / "memory" / "2026-01-02.md").symlink_to("notes.md")
    run = cli("-w", ws, "consolidate")
    assert run.exit_code == 0, run.stderr
    assert "- Deploys happen on Tuesdays." in (ws / "MEMORY.md").read_text()


@pytest.mark.parametrize("command", [["status"], ["save", "A fact."], ["flush"], ["search", "x"]])
@pytest.mark.parametrize(
    "broken", ["memory is a file", "threads is a file", "state.json is a folder"]
)
def test_a_file_where_a_folder_belongs_is_a_clear_error(
    cli, ws: Path, tmp_path: Path, command: list[str], broken: str
):
    if broken == "memory is a file":
        (ws / "memory").rmdir()
        (ws / "memory").write_text("oops\n")
        says = "memory should be a folder"
    elif broken == "threads is a file":
        for log in (ws / "threads").iterdir():
            log.unlink()
        (ws / "threads").rmdir()
        (ws / "threads").write_text("oops\n")
        says = "threads should be a folder"
    else:
        (ws / ".memctl" / "state.json").mkdir(parents=True)
        says = "state.json is not a regular file"
    before = snapshot(tmp_path, locks=False)

    run = cli("-w", ws, *command)

    assert_clear_error(run, 2, says)
    assert snapshot(tmp_path, locks=False) == before


# --------------------------------------------------------------------------- config

BILLION_LAUGHS = "a: &a ['lol','lol','lol','lol','lol','lol','lol','lol','lol']\n" + "".join(
    f"{chr(98 + n)}: &{chr(98 + n)} [{','.join(['*' + chr(97 + n)] * 9)}]\n" for n in range(8)
)


@pytest.mark.parametrize(
    ("document", "says"),
    [
        (BILLION_LAUGHS, "YAML aliases (*name) are not supported"),
        ("memory: " + "[" * 5000 + "]" * 5000 + "\n", "memctl.yaml"),
        ("memory: {" + "a: {" * 3000 + "}" * 3001 + "\n", "memctl.yaml"),
        ("# padding\n" * 200_000, "larger than"),
        ('model: "\\x00"\n', "model"),
    ],
    ids=["billion-laughs", "deep-lists", "deep-maps", "huge", "nul"],
)
def test_hostile_yaml_is_a_quick_clear_error(ws: Path, document: str, says: str):
    (ws / "memctl.yaml").write_text(document)
    for command in (("config", "validate"), ("flush",)):
        run = run_memctl(ws, *command, timeout=HANG)
        assert_clear_error(run, 2, says)


def prompt_config(ws: Path, path: str) -> None:
    (ws / "memctl.yaml").write_text(f"memory:\n  flush_prompt_file: {json.dumps(path)}\n")


@pytest.mark.parametrize(
    ("make", "says"),
    [
        ("outside", "is outside the workspace"),
        ("absolute", "is outside the workspace"),
        ("symlink", "is outside the workspace"),
        ("folder", "not a regular file"),
        ("fifo", "not a regular file"),
        ("binary", "is not UTF-8 text"),
    ],
)
def test_prompt_files_outside_or_unreadable_are_refused(
    ws: Path, outside: Path, tmp_path: Path, make: str, says: str
):
    """A prompt file is read only from inside the workspace, and only if it is a regular
    file: a FIFO would block the read for ever."""
    (outside / "prompt.md").write_text("Extract facts.\n")
    prompts = ws / "prompts"
    prompts.mkdir()
    target = {
        "outside": "../outside/prompt.md",
        "absolute": str(outside / "prompt.md"),
        "symlink": "prompts/link.md",
        "folder": "prompts",
        "fifo": "prompts/fifo.md",
        "binary": "prompts/binary.md",
    }[make]
    (prompts / "link.md").symlink_to(outside / "prompt.md")
    os.mkfifo(prompts / "fifo.md")
    (prompts / "binary.md").write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff\xfe")
    prompt_config(ws, target)
    before = snapshot(tmp_path, locks=False)

    run = run_memctl(ws, "config", "validate", timeout=20)

    assert_clear_error(run, 2, "memory.flush_prompt_file", says)
    assert snapshot(tmp_path, locks=False) == before


@pytest.mark.parametrize("session", ["../../outside/victim", "/etc/passwd", "..", "a\x00b"])
def test_an_imported_session_id_cannot_name_a_path(cli, ws: Path, tmp_path: Path, session: str):
    line = {
        "type": "user",
        "sessionId": session,
        "uuid": "u1",
        "timestamp": "2025-10-14T09:12:03Z",
        "message": {"role": "user", "content": "We decided to use Decimal for money."},
    }
    outside_before = snapshot(tmp_path / "outside", locks=False)

    run = cli("-w", ws, "thread", "import", "-", input=json.dumps(line) + "\n")

    if session == "..":  # nothing is left of it to name a thread after
        assert_clear_error(run, 2, "nothing to name the thread after; pass --thread ID")
        return
    assert run.exit_code == 0, run.stderr
    created = sorted(p.name for p in (ws / "threads").iterdir())
    assert len(created) == 2 and "t1.jsonl" in created, created
    assert snapshot(tmp_path / "outside", locks=False) == outside_before


# --------------------------------------------------------------------------- JSON nesting

DEEP = "[" * 100_000 + "]" * 100_000


def test_json_nested_too_deeply_is_invalid_json_not_a_crash(cli, ws: Path, tmp_path: Path):
    before = snapshot(tmp_path, locks=False)
    for stdin in (DEEP, json.dumps({"role": "user", "content": "x"})[:-1] + f', "x": {DEEP}}}'):
        run = cli("-w", ws, "thread", "append", "t1", "-", input=stdin)
        assert_clear_error(run, 2, "invalid JSON: nested too deeply")
    assert snapshot(tmp_path, locks=False) == before

    # ... and in a log already there: a clear error to read it, a skip to search it
    deep_line = f'{{"role": "user", "content": "Fridays", "x": {DEEP}}}\n'
    (ws / "threads" / "deep.jsonl").write_text(deep_line)
    assert_clear_error(cli("-w", ws, "thread", "show", "deep"), 2, "nested too deeply")
    assert_clear_error(cli("-w", ws, "flush", "--thread", "deep"), 2, "nested too deeply")
    found = cli("-w", ws, "search", "Fridays", "--scope", "threads")
    assert found.exit_code == 0, found.stderr
    assert "skipped threads/deep.jsonl#0: invalid JSON" in found.stderr
    assert cli("-w", ws, "status").exit_code == 0


# --------------------------------------------------------------------------- FIFOs


def test_fifos_never_block_a_command(ws: Path, tmp_path: Path):
    """Nothing writes to these FIFOs: a command that opened one would wait for ever."""
    os.mkfifo(ws / "threads" / "fifo.jsonl")
    os.mkfifo(ws / "memory" / "fifo.md")
    os.mkfifo(ws / "memory" / "2020-01-01.md")
    before = snapshot(tmp_path, locks=False)
    search = run_memctl(ws, "search", "Fridays", "--scope", "all", timeout=20)
    assert search.exit_code == 0, search.stderr  # t1 holds it; the FIFOs are reported
    skipped = [line for line in search.stderr.splitlines() if "not a regular file" in line]
    assert skipped == [
        f"search: skipped {name}: not a regular file (a FIFO or a device); not searched"
        for name in ("memory/2020-01-01.md", "memory/fifo.md", "threads/fifo.jsonl")
    ]
    for args in [
        ("thread", "list"),
        ("status",),
        ("search", "Fridays", "--scope", "all", "--include-archive"),
        ("flush", "--dry-run"),
        ("consolidate", "--dry-run"),
        ("archive", "--dry-run"),
    ]:
        run = run_memctl(ws, *args, timeout=20)
        assert run.exit_code in (0, 1), (args, run.stderr)
        assert "Traceback" not in run.stderr
    for args, says in [
        (("thread", "show", "fifo"), "threads/fifo.jsonl is not a regular file"),
        (("thread", "append", "fifo", "-"), "threads/fifo.jsonl is not a regular file"),
        (("get", "memory/fifo.md"), "memory/fifo.md: not a regular file"),
    ]:
        assert_clear_error(run_memctl(ws, *args, input=MESSAGE.encode(), timeout=20), 2, says)
    assert snapshot(tmp_path, locks=False) == before

    (ws / "MEMORY.md").unlink()
    os.mkfifo(ws / "MEMORY.md")
    for args in [("status",), ("context", "t1"), ("flush",), ("search", "x")]:
        run = run_memctl(ws, *args, timeout=20)
        assert_clear_error(run, 2, "MEMORY.md is not a regular file")


# --------------------------------------------------------------------------- huge input


def test_a_single_line_message_longer_than_a_read_block(ws: Path, tmp_path: Path):
    """One line longer than search's and the index's read block (8 MiB): the line is
    taken whole, not cut at the block's end. 10 MB crosses that bound as the 20 MB this
    test wrote did, for half the time."""
    text = "We decided to deploy on Fridays. " + "lorem ipsum dolor sit amet " * 375_000
    message = json.dumps({"role": "user", "content": text}) + "\n"
    assert len(message) > max(CHUNK_BYTES, READ_BYTES) + (1 << 20)

    appended = run_memctl(ws, "thread", "append", "big", "-", input=message.encode(), timeout=HANG)
    assert appended.exit_code == 0, appended.stderr
    shown = run_memctl(ws, "--json", "thread", "show", "big", timeout=HANG)
    assert shown.exit_code == 0 and text in shown.stdout
    found = run_memctl(
        ws, "search", "deploy on Fridays", "--scope", "threads", "-t", "big", timeout=HANG
    )
    assert found.exit_code == 0 and "threads/big.jsonl#0" in found.stdout
    assert len(found.stdout) < 10_000  # a hit shows a snippet, not 10 MB
    context = run_memctl(ws, "context", "big", timeout=HANG)
    assert context.exit_code == 0 and text in context.stdout
    planned = run_memctl(ws, "--json", "flush", "--dry-run", "--thread", "big", timeout=HANG)
    assert planned.exit_code == 0, planned.stderr
    requests = json.loads(planned.stdout)["threads"][0]["planned"]
    assert len(requests) > 10  # cut in pieces that fit the model, none dropped
    assert {r["part"] for r in requests} == {
        f"part {k}/{len(requests)}" for k in range(1, 1 + len(requests))
    }


def test_huge_lines_in_a_ledger_and_a_thread_go_through_flush_and_consolidate(ws: Path):
    ledger = ws / "memory" / f"{datetime.now(UTC).date()}.md"
    ledger.write_text(
        "## Memory Flush — then\n\n- We decided "
        + "lorem ipsum dolor sit amet " * 190_000
        + "\n- Releases go out on Tuesdays.\n"
    )
    assert ledger.stat().st_size > 5_000_000
    text = "Remember: the build server is ochre. " + "filler words here " * 110_000
    message = json.dumps({"role": "user", "content": text}) + "\n"
    appended = run_memctl(ws, "thread", "append", "t2", "-", input=message.encode(), timeout=HANG)
    assert appended.exit_code == 0

    found = run_memctl(ws, "search", "Tuesdays", timeout=HANG)
    assert found.exit_code == 0 and f"memory/{ledger.name}:4:" in found.stdout
    line = run_memctl(
        ws, "get", f"memory/{ledger.name}", "--start", "3", "--end", "3", timeout=HANG
    )
    assert line.exit_code == 0 and len(line.stdout) > 5_000_000
    flushed = run_memctl(ws, "flush", "--thread", "t2", timeout=HANG)
    assert flushed.exit_code == 0, flushed.stderr
    merged = run_memctl(ws, "consolidate", timeout=HANG)
    assert merged.exit_code == 0, merged.stderr
    memory = (ws / "MEMORY.md").read_text()
    assert len(memory) <= 4000 * 4  # consolidation_max_tokens x 4: the budget holds
    assert "- Releases go out on Tuesdays." in memory


def test_a_memory_md_of_many_megabytes(ws: Path, tmp_path: Path):
    facts = "".join(
        f"- fact {n} about the deploy pipeline and its stages\n" for n in range(150_000)
    )
    (ws / "MEMORY.md").write_text("# Memory\n\n" + facts)
    today = ws / "memory" / f"{datetime.now(UTC).date()}.md"
    today.write_text("## Memory Flush — now\n\n- Releases go out on Tuesdays.\n")

    context = run_memctl(ws, "--json", "context", "t1", timeout=HANG)
    assert context.exit_code == 0, context.stderr
    assert "cut to its budget of 16,000 chars" in context.stderr
    reference = json.loads(context.stdout)["messages"][0]["content"]
    assert len(reference) < 16_000 + 2_000 and "memory_search" in reference
    planned = run_memctl(ws, "--json", "flush", "--dry-run", timeout=HANG)
    assert planned.exit_code == 0, planned.stderr
    sent = planned.stdout
    assert "the rest of MEMORY.md is not shown" in sent and len(sent) < 2_000_000
    assert run_memctl(ws, "status", timeout=HANG).exit_code == 0
    assert run_memctl(ws, "search", "fact 149999 about", timeout=HANG).exit_code == 0

    before = snapshot(tmp_path, locks=False)
    merged = run_memctl(ws, "consolidate", timeout=HANG)
    assert_clear_error(merged, 1, "too small to merge into a MEMORY.md of")
    assert snapshot(tmp_path, locks=False) == before


# --------------------------------------------------------------------------- non-UTF-8


def test_non_utf8_and_binary_files_in_memory(ws: Path, tmp_path: Path):
    today = ws / "memory" / f"{datetime.now(UTC).date()}.md"
    today.write_bytes(b"## Memory Flush\n\n- caf\xe9 on Tuesdays, in latin-1\n")
    (ws / "memory" / "2020-01-01.md").write_bytes(b"\x00\x01Tuesdays\xff\xfe" + bytes(range(256)))
    (ws / "memory" / "notes.md").write_bytes(b"\xff\xfeT\x00u\x00e\x00Tuesdays")
    (ws / "memory" / "blob.bin").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40)
    binary_before = (ws / "memory" / "2020-01-01.md").read_bytes()

    found = run_memctl(ws, "search", "Tuesdays")
    assert found.exit_code == 1 and "Traceback" not in found.stderr
    for name in (today.name, "2020-01-01.md", "notes.md"):
        assert f"skipped memory/{name}:" in found.stderr, found.stderr
    assert run_memctl(ws, "status").exit_code == 0

    before = snapshot(tmp_path, locks=False)
    merged = run_memctl(ws, "consolidate")
    said = assert_clear_error(merged, 2, "are not UTF-8 text", "fix or move them")
    assert "memory/2020-01-01.md (byte" in said and f"memory/{today.name} (byte" in said
    assert_clear_error(run_memctl(ws, "get", "memory/notes.md"), 2, "not UTF-8")
    assert snapshot(tmp_path, locks=False) == before

    flushed = run_memctl(ws, "flush")  # appends its UTF-8 block after the latin-1 line
    assert flushed.exit_code == 0, flushed.stderr
    assert today.read_bytes().startswith(b"## Memory Flush\n\n- caf\xe9 on Tuesdays")
    moved = run_memctl(ws, "archive")
    assert moved.exit_code == 0, moved.stderr
    assert (ws / "memory" / "archive" / "2020-01-01.md").read_bytes() == binary_before


def test_arguments_that_are_not_utf8_are_clear_errors(ws: Path, tmp_path: Path):
    """Bytes in argv that are not UTF-8 reach Python as lone surrogates, which no file
    can hold: a clear error, nothing written."""
    before = snapshot(tmp_path, locks=False)
    for args, says in [
        ((b"save", b"bad \xff byte"), "which is not UTF-8 text"),
        ((b"call", b"t1", b"hi \xff"), "a lone UTF-16 surrogate"),
        ((b"thread", b"append", b"t\xff1"), "invalid thread id"),
        ((b"get", b"memory/\xff.md"), "no such memory file"),
    ]:
        assert_clear_error(run_memctl(ws, *args, input=MESSAGE.encode()), 2, says)
    assert snapshot(tmp_path, locks=False) == before


@pytest.mark.parametrize(
    "link, command, config",
    [
        (".memctl/flush.lock", ["flush"], ""),
        (".memctl/consolidate.lock", ["consolidate", "--force"], ""),
        (".memctl/forgotten.jsonl", ["forget", "Fridays"], ""),
        (".memctl/state.json", ["status"], ""),
        (".memctl/sync", ["sync"], "sync:\n  remote: /nonexistent/remote.git\n"),
    ],
)
def test_memctls_own_files_are_never_written_through_a_symlink(
    cli, ws: Path, outside: Path, link: str, command: list[str], config: str
):
    """Issue 24 item 7: a lock (opened with O_TRUNC), forgotten.jsonl (appended to),
    state.json and the sync folder that lead out of the workspace are refused: one line,
    exit 2, the outside file as it was."""
    (ws / "memctl.yaml").write_text("timezone: UTC\n" + config)
    (ws / "MEMORY.md").write_text("- We deploy on Fridays.\n")
    (ws / ".memctl").mkdir(exist_ok=True)
    target = outside if link.endswith("sync") else outside / "secret.md"
    (ws / link).symlink_to(target)
    before = snapshot(outside)

    run = cli("-w", ws, *command)

    assert_clear_error(run, 2, "leads out of the workspace")
    assert snapshot(outside) == before


def test_the_hook_log_is_cut_without_following_a_symlink(cli, ws: Path, outside: Path):
    """The log's cut wrote its newer half to a fixed hooks.log.tmp: a symlink there had
    that half written over the file it leads to."""
    from memctl.core.hooklog import KEEP_BYTES, log_error

    log = ws / ".memctl" / "hooks.log"
    log.parent.mkdir(exist_ok=True)
    log.write_text((json.dumps({"error": "x" * 200}) + "\n") * (KEEP_BYTES // 200 + 1))
    assert log.stat().st_size > KEEP_BYTES
    (ws / ".memctl" / "hooks.log.tmp").symlink_to(outside / "secret.md")
    before = snapshot(outside)

    log_error(ws, "claude-code", "Stop", None, "the newest error")

    assert snapshot(outside) == before
    assert log.stat().st_size < KEEP_BYTES
    assert log.read_text().endswith('"error": "the newest error"}\n')
