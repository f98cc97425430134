"""SIGKILL the installed `memctl` at every write of `save`, `flush`, `consolidate`,
`archive` and `compact`, while a model call is in flight, and inside a large append;
after each kill the workspace must be consistent and the next run must finish the work
by itself.

Exact kill points come from tests/support/crashpoint/sitecustomize.py: an audit hook, loaded by
`site` in the memctl subprocess, numbers the operations that change a file in the
workspace and kills the process before operation N. A clean run lists the operations;
the test then kills a fresh copy of the workspace before each of them in turn (about 65 kills
over the five stages). Kills during a model call use the slow loopback server
(tests/support/llm_server.py).

After each kill: MEMORY.md is the old or the new file; every ledger is the old one
followed by whole blocks of the new one and ends with a newline; every thread log line
is JSON; state.json is JSON; a thread's flush blocks past its watermark are at most one,
starting at the watermark; consolidation offsets moved only with MEMORY.md; no text of
a ledger was lost; the dead run's lock files are still there. Then the next run, without
a kill, must leave what one uncrashed run leaves (timestamps aside), without waiting on
the stale locks, sending again no flush chunk whose facts are in the ledger and merging
again no MEMORY.md that reached the disk.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from memctl.core.durable import APPEND_PIECE
from memctl.core.said import read_heading
from tests.support import forkserver
from tests.support.helpers import MEMCTL, configure, crash_path, time_limit
from tests.support.llm_server import TEST_KEY, TEST_KEY_ENV, LLMServer, write_model_config

pytestmark = pytest.mark.slow

STAMP = re.compile(
    r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})"
    r"|(?<![\d:T])\d{2}:\d{2}:\d{2}(?:Z|[+-]\d{2}:\d{2})"  # a flush heading's, on its day
)
TEMP_FILE = re.compile(r"\..+\.tmp")
WORKERS = 2 * (os.cpu_count() or 2)
"""Runs wait on fsync about as long as they compute: twice the cores keeps them busy."""


# --------------------------------------------------------------------------- running


def run_timeout() -> float:
    """A run blocked by a stale lock would wait 60 s (workspace lock) or for ever (stage
    lock); on a loaded machine litellm's import alone may take longer than 30 s, so the
    limit scales with the machine."""
    return time_limit(30)


def environment(root: Path, **extra: str) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": crash_path(), "MEMCTL_CRASH_ROOT": str(root)}
    env.update(extra)
    return env


def memctl(
    root: Path, *args: str, timeout: float | None = None, executable: bool = False, **extra: str
) -> subprocess.CompletedProcess:
    """memctl on `root` in a process of its own, forked from the test process's fork
    server (tests/support/forkserver.py: no interpreter start-up and imports per run, a
    tenth of the CPU of a run of the installed executable), or that executable itself
    with `executable`; MEMCTL_CRASH_* settings go in `extra`. `timeout` (default
    `run_timeout()`) for a run whose work grows with what a test left behind."""
    if not executable:
        return forkserver.run(
            ["-w", root, *args],
            env=environment(root, **extra),
            timeout=timeout or run_timeout(),
            text=True,
        )
    return subprocess.run(
        [str(MEMCTL), "-w", str(root), *args],
        capture_output=True,
        text=True,
        env=environment(root, **extra),
        timeout=timeout or run_timeout(),
        check=False,
    )


def clean_run(template: Path, command: list[str], clean: Path) -> list[list[str]]:
    """Run `command` on a copy of `template` at `clean`, without a kill; the file
    operations it made, in order, as the hook numbers them: [number, event, path]."""
    shutil.copytree(template, clean)
    log = clean.with_suffix(".log")
    done = memctl(clean, *command, MEMCTL_CRASH_LOG=str(log))
    assert done.returncode == 0, done.stderr
    return [line.split(" ", 2) for line in log.read_text().splitlines()]


# --------------------------------------------------------------------------- reading


def read_tree(root: Path) -> dict[str, bytes]:
    """Every file of the workspace that holds memory, logs or state, by relative path
    (history copies, lock files and temp files of killed writes left out)."""
    found = {}
    for path in sorted(root.rglob("*")):
        name = path.relative_to(root).as_posix()
        if not path.is_file() or TEMP_FILE.fullmatch(path.name) or name.endswith(".lock"):
            continue
        if name.startswith(".memctl/") and name != ".memctl/state.json":
            continue
        found[name] = path.read_bytes()
    return found


def normal(tree: dict[str, bytes]) -> dict[str, Any]:
    """A tree with the parts that differ between two good runs taken out: timestamps,
    the `runs` times, the learned windows of state.json, and its hashes of the ledger
    bytes before each offset (those bytes hold timestamps)."""
    result: dict[str, Any] = {}
    for name, data in tree.items():
        text = data.decode("utf-8")
        if name.endswith(".jsonl"):
            result[name] = [
                {k: v for k, v in json.loads(line).items() if k != "ts"}
                for line in text.splitlines()
            ]
        elif name == ".memctl/state.json":
            state = json.loads(text)
            result[name] = {k: v for k, v in state.items() if k not in ("runs", "windows")}
            result[name].get("consolidation", {}).pop("tails", None)
        else:
            result[name] = STAMP.sub("<time>", text)
    return result


def blocks(text: str) -> list[str]:
    """A ledger's `## ` blocks (a flush's or a save's), timestamps taken out."""
    text = STAMP.sub("<time>", text)
    starts = [m.start() for m in re.finditer(r"^## ", text, re.M)]
    return [text[a:b].strip("\n") for a, b in zip(starts, [*starts[1:], len(text)], strict=True)]


def flush_ranges(tree: dict[str, bytes]) -> dict[str, list[tuple[int, int]]]:
    """Each thread's flush blocks across all ledgers, as (start, end) log ranges."""
    ranges: dict[str, list[tuple[int, int]]] = {}
    for name in sorted(tree, key=lambda n: Path(n).name):
        if name.startswith("memory/"):
            for line in tree[name].decode("utf-8").splitlines():
                heading = read_heading(line)
                if heading is not None and heading.thread and heading.entries:
                    first, last = heading.entries
                    ranges.setdefault(heading.thread, []).append((first, last + 1))
    return ranges


def state_of(tree: dict[str, bytes]) -> dict[str, Any]:
    data = tree.get(".memctl/state.json")
    return json.loads(data) if data else {}


def watermark(state: dict[str, Any], thread: str) -> int:
    return state.get("threads", {}).get(thread, {}).get("flushed", 0)


def offsets(state: dict[str, Any]) -> dict[str, int]:
    return state.get("consolidation", {}).get("offsets", {})


# --------------------------------------------------------------------------- the checks


def check_after_kill(old: dict[str, bytes], new: dict[str, bytes], now: dict[str, bytes]) -> None:
    """What must hold in a workspace whose run was killed: `old` before the run, `new`
    after a clean one, `now` after the killed one."""
    assert set(now) <= set(old) | set(new), "a file neither run writes appeared"
    assert now.get("MEMORY.md") in (old.get("MEMORY.md"), new.get("MEMORY.md")), (
        "MEMORY.md is neither the old nor the new file"
    )
    for name, data in now.items():
        text = data.decode("utf-8")
        assert not text or text.endswith("\n"), f"{name} does not end with a newline"
        if name.endswith(".jsonl"):
            before = old.get(name, b"").decode().splitlines()
            lines = text.splitlines()
            for line in lines:
                json.loads(line)  # a partial line fails here
            assert lines[: len(before)] == before, f"{name}: old lines changed"
            after = normal(new).get(name, [])
            assert normal({name: data})[name] == after[: len(lines)], f"{name}: not a prefix"
        if name.startswith("memory/") and name.endswith(".md"):
            assert data in (old.get(name), new.get(name)) or _whole_blocks(
                old.get(name, b""), new.get(name, b""), data
            ), f"{name}: not the old ledger followed by whole blocks of the new one"
    state_of(now)  # json.loads fails on a partial state.json
    _check_nothing_lost(old, now)
    _check_watermarks(new, now)
    _check_pending_kept(old, new, now)


def _whole_blocks(old: bytes, new: bytes, now: bytes) -> bool:
    """`now` is `old` plus a leading part of what `new` added, cut between blocks."""
    old_text, new_text, now_text = (STAMP.sub("<time>", b.decode()) for b in (old, new, now))
    if not (now_text.startswith(old_text) and new_text.startswith(now_text)):
        return False
    rest = new_text[len(now_text) :]
    return rest == "" or rest.startswith(("\n## ", "## "))


def _check_nothing_lost(old: dict[str, bytes], now: dict[str, bytes]) -> None:
    """Every block of every ledger before the run is still in some ledger."""
    kept = {
        b for name, data in now.items() if name.startswith("memory/") for b in blocks(data.decode())
    }
    for name, data in old.items():
        if name.startswith("memory/"):
            for block in blocks(data.decode()):
                assert block in kept, f"{name}: a block was lost: {block[:60]!r}"


def _check_pending_kept(
    old: dict[str, bytes], new: dict[str, bytes], now: dict[str, bytes]
) -> None:
    """Daily text not yet consolidated is still after an offset, unless the new
    MEMORY.md that holds it is on disk: offsets never move ahead of MEMORY.md."""
    if now.get("MEMORY.md") == new.get("MEMORY.md") != old.get("MEMORY.md"):
        return
    marks = offsets(state_of(now))
    pending = [
        data[marks.get(name, 0) :] for name, data in now.items() if name.startswith("memory/")
    ]
    for name, data in old.items():
        if name.startswith("memory/"):
            piece = data[offsets(state_of(old)).get(name, 0) :].strip()
            assert not piece or any(piece in region for region in pending), (
                f"{name}: unconsolidated text is no longer after an offset: {piece[:60]!r}"
            )


def _check_watermarks(new: dict[str, bytes], now: dict[str, bytes]) -> None:
    """Flush blocks up to a thread's watermark are all there, and past it there is at
    most the one block of a run killed between its append and its watermark write."""
    state = state_of(now)
    wanted = flush_ranges(new)
    present = flush_ranges(now)
    for thread in set(wanted) | set(present):
        mark = watermark(state, thread)
        due = [r for r in wanted.get(thread, []) if r[1] <= mark]
        have = present.get(thread, [])
        assert [r for r in have if r[1] <= mark] == due, (
            f"thread {thread}: watermark {mark}, but flush blocks {due} are not all in the ledger"
        )
        beyond = [r for r in have if r[1] > mark]
        assert beyond == [] or (len(beyond) == 1 and beyond[0][0] == mark), (
            f"thread {thread}: watermark {mark}, flush blocks past it: {beyond}"
        )


# --------------------------------------------------------------------------- scenarios


def dated(day: int) -> str:
    return f"2026-01-{day:02d}.md"


def entry(role: str, text: str) -> dict[str, Any]:
    return {"role": role, "content": text, "ts": "2026-01-01T09:00:00+00:00"}


def write_thread(root: Path, thread: str, entries: list[dict[str, Any]]) -> None:
    lines = [json.dumps(e, ensure_ascii=False) + "\n" for e in entries]
    (root / "threads" / f"{thread}.jsonl").write_text("".join(lines), encoding="utf-8")


def talk(count: int, topic: str) -> list[dict[str, Any]]:
    """Messages the builtin flush keeps: each states a decision of its own."""
    return [
        entry(
            "user" if number % 2 == 0 else "assistant",
            f"We decided to use {topic}-{number} for step {number} of the build, "
            "because it was faster than the other tools we tried.",
        )
        for number in range(count)
    ]


def write_state(root: Path, state: dict[str, Any]) -> None:
    (root / ".memctl").mkdir(exist_ok=True)
    (root / ".memctl" / "state.json").write_text(json.dumps({"version": 1, **state}) + "\n")


def prepare_save(root: Path) -> None:
    configure(root)
    (root / "MEMORY.md").write_text("# Memory\n\n- The build runs on ochre.\n")


def prepare_flush(root: Path) -> None:
    # A window of 1,400 tokens (the flush prompt takes 577) puts t1's 12 messages in two requests.
    configure(root, model={"name": "builtin", "context_window": 1400})
    write_thread(root, "t1", [entry("system", "You are terse."), *talk(12, "tool")])
    write_thread(root, "t2", talk(5, "lib"))
    write_state(root, {"threads": {"t2": {"flushed": 2}}})


def prepare_consolidate(root: Path) -> None:
    configure(root)
    (root / "MEMORY.md").write_text("# Memory\n\n- The build runs on ochre.\n")
    first = "## Memory Save — 2026-01-05T08:00:00+00:00\n\n- Deploys happen on Tuesdays.\n"
    later = "\n## Memory Flush — 2026-01-05T18:00:00+00:00 · thread t1 · entries 0-3 · builtin\n\n"
    later += "- We switched the queue to Redis.\n- Alice prefers tabs.\n"
    (root / "memory" / dated(5)).write_text(first + later)
    (root / "memory" / dated(6)).write_text(
        "## Memory Save — 2026-01-06T08:00:00+00:00\n\n- Releases are cut on Fridays.\n"
    )
    (root / "memory" / "archive").mkdir()
    (root / "memory" / "archive" / dated(1)).write_text(
        "## Memory Save — 2026-01-01T08:00:00+00:00\n\n- The API is versioned by date.\n"
    )
    write_state(root, {"consolidation": {"offsets": {f"memory/{dated(5)}": len(first)}}})


def prepare_archive(root: Path) -> None:
    configure(root, memory={"daily_file_retention_days": 30})
    recent = (datetime.now(UTC) - timedelta(days=1)).date().isoformat() + ".md"
    for day in (2, 3):
        (root / "memory" / dated(day)).write_text(
            f"## Memory Save — 2026-01-{day:02d}T08:00:00+00:00\n\n- Fact of day {day}.\n"
        )
    (root / "memory" / recent).write_text("## Memory Save — recent\n\n- A fact of yesterday.\n")
    (root / "memory" / "archive").mkdir()
    kept = "## Memory Save — 2026-01-03T07:00:00+00:00\n\n- Archived fact of day 3.\n"
    (root / "memory" / "archive" / dated(3)).write_text(kept)
    write_state(
        root,
        {
            "consolidation": {
                "offsets": {f"memory/{dated(2)}": 20, f"memory/archive/{dated(3)}": len(kept)}
            }
        },
    )


def prepare_compact(root: Path) -> None:
    configure(root, compaction={"trigger_messages": 8, "keep_messages": 3})
    write_thread(root, "t1", talk(10, "step"))


@dataclass
class Stage:
    name: str
    prepare: Callable[[Path], None]
    command: list[str]
    recovery: list[list[str]] = field(default_factory=list)
    """Runs after the command, killed or not (default: the command again)."""
    at_least: int = 5
    """Fewer write points means the stage stopped writing what it should."""


STAGES = [
    Stage(
        "save",
        prepare_save,
        ["save", "--", "- We decided to use Postgres 16 for billing."],
        [["consolidate"]],
        at_least=5,
    ),
    Stage("flush", prepare_flush, ["flush"], [["--json", "flush"]], at_least=16),
    Stage(
        "consolidate",
        prepare_consolidate,
        ["consolidate"],
        [["--json", "consolidate"]],
        at_least=10,
    ),
    # two moves: two archive writes, one state write for both, two unlinks
    Stage("archive", prepare_archive, ["archive"], at_least=10),
    Stage("compact", prepare_compact, ["compact", "t1"], at_least=12),
]


def finish(root: Path, stage: Stage) -> list[str]:
    """The recovery runs (all must succeed); their outputs."""
    outputs = []
    for command in stage.recovery or [stage.command]:
        done = memctl(root, *command)
        assert done.returncode == 0, f"{command}: {done.stderr}"
        outputs.append(done.stdout)
    return outputs


def check_nothing_resent(new: dict[str, bytes], now: dict[str, bytes], report: str) -> None:
    """The next flush sends only the chunks whose facts are not in the ledger yet (every
    chunk of the scenario yields facts, so a clean run's blocks are its requests)."""
    wanted, present = flush_ranges(new), flush_ranges(now)
    sent = {item["thread"]: item["requests"] for item in json.loads(report)["threads"]}
    for thread, ranges in wanted.items():
        missing = [r for r in ranges if r not in present.get(thread, [])]
        assert sent.get(thread, 0) == len(missing), (
            f"thread {thread}: {sent.get(thread, 0)} requests sent again, {len(missing)} due"
        )


def kill_at(
    point: int, locks: set[str], template: Path, scratch: Path, stage: Stage, old, new, final
) -> None:
    """Kill a copy of `template` before write `point` (after opening the lock files
    `locks`), check it, run the next run and compare with a clean run's `final`."""
    root = scratch / f"kill-{point}"
    shutil.copytree(template, root)
    done = memctl(root, *stage.command, MEMCTL_CRASH_AT=str(point))
    assert done.returncode == -signal.SIGKILL, f"not killed: {done.returncode} {done.stderr}"
    now = read_tree(root)
    check_after_kill(old, new, now)
    # The dead run's lock files stay behind; the next run must not wait on them.
    assert all((root / lock).is_file() for lock in locks), locks
    outputs = finish(root, stage)
    if stage.name == "flush":
        check_nothing_resent(new, now, outputs[0])
    if stage.name == "consolidate":
        # A MEMORY.md that reached the disk is not merged again: no model call.
        calls = json.loads(outputs[0])["usage"]["calls"]
        assert calls == (0 if now["MEMORY.md"] == new["MEMORY.md"] else 1), calls
    got = normal(read_tree(root))
    if stage.name == "save" and b"Postgres 16" not in b"".join(
        data for name, data in now.items() if name.startswith("memory/")
    ):
        # Killed before the memory reached the ledger: nothing was saved, and MEMORY.md
        # was not written either (the ledger goes first).
        assert now["MEMORY.md"] == old["MEMORY.md"]
        assert b"Postgres 16" not in read_tree(root)["MEMORY.md"]
        return
    assert got == final, "the next run did not finish the work as one clean run does"


@pytest.mark.parametrize("stage", STAGES, ids=[s.name for s in STAGES])
def test_sigkill_before_every_write_then_the_next_run_finishes(stage, tmp_path):
    template = tmp_path / "template"
    memctl_init(template)
    stage.prepare(template)
    clean = tmp_path / "clean"
    writes = clean_run(template, stage.command, clean)
    # A kill before a chmod leaves what a kill before the rename after it leaves.
    points = [int(number) for number, event, _ in writes if event != "os.chmod"]
    assert len(points) >= stage.at_least, writes
    old, new = read_tree(template), read_tree(clean)
    assert new != old
    finish(clean, stage)
    final = normal(read_tree(clean))

    def one(point: int) -> str | None:
        locks = {path for number, event, path in writes[: point - 1] if path.endswith("lock")}
        try:
            kill_at(point, locks, template, tmp_path, stage, old, new, final)
        except AssertionError as exc:
            return f"killed before {' '.join(writes[point - 1])}: {exc}"
        return None

    with ThreadPoolExecutor(WORKERS) as pool:
        failures = [f for f in pool.map(one, points) if f]
    assert not failures, "\n".join(failures)


def memctl_init(root: Path) -> None:
    done = forkserver.run(["init", root], text=True, timeout=run_timeout())
    assert done.returncode == 0, done.stderr


# --------------------------------------------------------------------------- model calls


def start(
    root: Path, *args: str, executable: bool = False, **extra: str
) -> subprocess.Popen | forkserver.Forked:
    """memctl on `root` started, not waited for (forked, with litellm imported for the
    model call each of these runs makes, or the installed executable)."""
    if not executable:
        return forkserver.popen(
            ["-w", root, *args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=environment(root, **extra),
            model=True,
        )
    return subprocess.Popen(
        [str(MEMCTL), "-w", str(root), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment(root, **extra),
    )


def kill_when(
    process: subprocess.Popen | forkserver.Forked, ready: Callable[[], bool], delay: float
) -> None:
    """SIGKILL `process` `delay` seconds after `ready()` holds (it must hold in time)."""
    deadline = time.monotonic() + run_timeout()
    while not ready():
        if process.poll() is not None:
            raise AssertionError(f"exited before the kill: {process.communicate()[1]}")
        assert time.monotonic() < deadline, "the awaited request never came"
        time.sleep(0.005)
    time.sleep(delay)
    process.send_signal(signal.SIGKILL)
    process.communicate(timeout=run_timeout())
    assert process.returncode == -signal.SIGKILL


def conversation_range(request: dict[str, Any]) -> str | None:
    """`entries a-b` of a flush request (None for other requests)."""
    match = re.search(r"\(thread \S+, entries (\d+-\d+)\)", request["messages"][-1]["content"])
    return match[1] if match else None


MERGED = "# Memory\n\n- The team picked one tool per build step."
SUMMARY = "The user and the assistant chose a tool for each build step."


def answer(request: dict[str, Any]) -> str:
    """A flush answer naming its entries (so a resent chunk shows twice), a MEMORY.md or
    a summary: a model that deduplicates nothing."""
    entries = conversation_range(request)
    if entries:
        return f"- Noted the decisions of entries {entries}."
    return MERGED if "## Current MEMORY.md" in request["messages"][-1]["content"] else SUMMARY


def holding(server: LLMServer, number: int) -> Callable[[dict[str, Any]], str]:
    """`answer`, but request `number` gets no answer until the server stops."""

    def reply(request: dict[str, Any]) -> str:
        if len(server.requests) == number:
            server.wait(run_timeout())
        return answer(request)

    return reply


# Each scenario kills forked runs of memctl, then yields the command of the next
# run, which the test makes in-process (litellm is imported once there, not per run),
# and then checks what that run did.
Scenario = Iterator[list[str]]


def flush_killed_in_a_call_then_between_append_and_watermark(
    root: Path, server: LLMServer
) -> Scenario:
    # 1,400 tokens: the flush prompt (its rules of what is no fact) and two requests for 12 messages
    write_model_config(root, server, timezone="UTC", context_window=1400)
    write_thread(root, "t1", [entry("system", "You are terse."), *talk(12, "tool")])
    total = 13
    # Killed while the second request waits for its answer: the first chunk is done.
    server.default = holding(server, 2)
    kill_when(start(root, "flush"), lambda: len(server.requests) == 2, 0.05)
    server.default = answer
    first = conversation_range(server.requests[0])
    ledger = next((root / "memory").glob("*.md"))
    assert ledger.read_text().count("- Noted the decisions") == 1
    mark = watermark(state_of(read_tree(root)), "t1")
    assert 0 < mark < total
    assert flush_ranges(read_tree(root)) == {"t1": [(0, mark)]}

    # Killed right after the second chunk's facts are appended, before its watermark.
    process = start(root, "flush", MEMCTL_CRASH_AFTER="memory/")
    process.communicate(timeout=run_timeout())
    assert process.returncode == -signal.SIGKILL
    tree = read_tree(root)
    assert watermark(state_of(tree), "t1") == mark
    assert flush_ranges(tree) == {"t1": [(0, mark), (mark, total)]}
    assert (root / ".memctl" / "flush.lock").exists() and (root / ".memctl" / "lock").exists()

    # The next run is not blocked by the stale locks and sends nothing again.
    sent = len(server.requests)
    yield ["flush"]
    assert len(server.requests) == sent
    tree = read_tree(root)
    assert watermark(state_of(tree), "t1") == total
    text = ledger.read_text()
    second = conversation_range(server.requests[-1])
    for entries in (first, second):
        assert text.count(f"- Noted the decisions of entries {entries}.") == 1
    assert text.count("- Noted the decisions") == 2


def compact_killed_in_the_summary_call(root: Path, server: LLMServer) -> Scenario:
    write_model_config(
        root,
        server,
        timezone="UTC",
        compaction={"trigger_messages": 8, "keep_messages": 3, "keep_tokens": 0},
    )
    write_thread(root, "t1", talk(10, "step"))
    log = (root / "threads" / "t1.jsonl").read_bytes()
    server.default = holding(server, 2)  # 1 is flush_before_compact, 2 the summary
    kill_when(start(root, "compact", "t1"), lambda: len(server.requests) == 2, 0.2)
    assert (root / "threads" / "t1.jsonl").read_bytes() == log
    assert watermark(state_of(read_tree(root)), "t1") == 10
    assert flush_ranges(read_tree(root)) == {"t1": [(0, 10)]}

    yield ["compact", "t1"]
    assert len(server.requests) == 3, "the prefix was flushed again"
    lines = (root / "threads" / "t1.jsonl").read_text().splitlines()
    records = [json.loads(line) for line in lines if '"compaction"' in line]
    # the decision the summary left out follows it, under Kept:
    assert [r["summary"].split("\n\nKept:\n")[0] for r in records] == [SUMMARY]
    assert (root / "threads" / "t1.jsonl").read_bytes().startswith(log)


def consolidate_killed_in_the_model_call(root: Path, server: LLMServer) -> Scenario:
    prepare_consolidate(root)
    write_model_config(root, server, timezone="UTC")
    before = read_tree(root)
    server.default = holding(server, 1)
    kill_when(start(root, "consolidate"), lambda: len(server.requests) == 1, 0.5)
    assert read_tree(root) == before

    yield ["consolidate"]
    assert (root / "MEMORY.md").read_text() == MERGED + "\n"
    sizes = {
        name: len(data) for name, data in read_tree(root).items() if name.startswith("memory/")
    }
    assert offsets(state_of(read_tree(root))) == sizes


def test_sigkill_during_a_model_call_then_the_next_run_finishes(tmp_path, monkeypatch, cli):
    """Flush, compact and consolidate against the slow loopback server, killed side by
    side (each killed run forked with litellm imported: forkserver's `model`)."""
    monkeypatch.setenv(TEST_KEY_ENV, TEST_KEY)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.setenv("no_proxy", "127.0.0.1,localhost")
    scenarios = [
        flush_killed_in_a_call_then_between_append_and_watermark,
        compact_killed_in_the_summary_call,
        consolidate_killed_in_the_model_call,
    ]
    servers = [LLMServer().start() for _ in scenarios]
    roots = [tmp_path / scenario.__name__ for scenario in scenarios]
    try:
        for root in roots:
            memctl_init(root)
        runs = [
            scenario(root, server)
            for scenario, root, server in zip(scenarios, roots, servers, strict=True)
        ]
        with ThreadPoolExecutor(len(scenarios)) as pool:
            commands = list(pool.map(next, runs))
        for run, root, command in zip(runs, roots, commands, strict=True):
            done = cli("-w", root, *command)
            assert done.exit_code == 0, done.stderr
            assert next(run, None) is None
    finally:
        for server in servers:
            server.stop()


def test_a_kill_inside_a_large_append_leaves_no_partial_entry(tmp_path):
    """A write of more than a page can stop part-way when the process is killed: the
    torn last line is not an entry, and the next append removes it. The kill lands
    between two pieces of the append (MEMCTL_CRASH_APPEND): one timed from outside came
    after a 30 MB append had finished, on an idle machine every time. Run on the
    installed executable, whose crash point `site` loads (the other tests here fork)."""
    root = tmp_path / "ws"
    memctl_init(root)
    configure(root)
    write_thread(root, "t1", talk(3, "tool"))
    log = root / "threads" / "t1.jsonl"
    before = log.read_bytes()
    big = tmp_path / "big.jsonl"
    big.write_text(
        "".join(
            json.dumps({"role": "user", "content": f"Note {n}: " + "x" * 20_000}) + "\n"
            for n in range(3 * APPEND_PIECE // 20_000)
        )
    )
    process = start(
        root,
        "thread",
        "append",
        "t1",
        str(big),
        executable=True,
        MEMCTL_CRASH_APPEND="threads/t1.jsonl",
    )
    process.communicate(timeout=run_timeout())
    assert process.returncode == -signal.SIGKILL
    data = log.read_bytes()
    assert len(data) == len(before) + APPEND_PIECE  # killed after the first piece
    assert data.startswith(before)
    assert not data.endswith(b"\n")  # torn inside a line
    whole = data[len(before) :].count(b"\n")  # the messages that landed whole
    assert whole > 0
    for line in data.split(b"\n")[:-1]:
        json.loads(line)  # every whole line is an entry
    # Readers skip the torn line; the next append cuts it off.
    shown = memctl(root, "thread", "show", "t1", executable=True)
    assert shown.returncode == 0, shown.stderr
    assert "Note" in shown.stdout
    small = tmp_path / "small.jsonl"
    small.write_text(json.dumps({"role": "user", "content": "after kill"}) + "\n")
    assert memctl(root, "thread", "append", "t1", str(small), executable=True).returncode == 0
    data = log.read_bytes()
    assert data.endswith(b"\n")
    entries = [json.loads(line) for line in data.splitlines()]
    assert entries[-1]["content"] == "after kill"
    notes = [e["content"] for e in entries if str(e["content"]).startswith("Note ")]
    assert notes == [f"Note {n}: " + "x" * 20_000 for n in range(whole)]
    done = memctl(root, "flush", executable=True)
    assert done.returncode == 0, done.stderr


def test_an_append_completes_a_whole_last_line_and_cuts_a_torn_one(workspace, cli):
    log = workspace / "threads" / "t1.jsonl"
    whole = json.dumps({"role": "user", "content": "written by hand, no newline"})
    log.write_text(whole)
    assert (
        cli(
            "-w", workspace, "thread", "append", "t1", input='{"role": "user", "content": "a"}'
        ).exit_code
        == 0
    )
    assert [json.loads(line)["content"] for line in log.read_text().splitlines()] == [
        "written by hand, no newline",
        "a",
    ]
    log.write_bytes(log.read_bytes() + '{"role": "user", "content": "torn é'.encode()[:-1])
    shown = cli("-w", workspace, "thread", "show", "t1")
    assert shown.exit_code == 0, shown.stderr
    assert "torn" not in shown.stdout
    assert (
        cli(
            "-w", workspace, "thread", "append", "t1", input='{"role": "user", "content": "b"}'
        ).exit_code
        == 0
    )
    assert [json.loads(line)["content"] for line in log.read_text().splitlines()] == [
        "written by hand, no newline",
        "a",
        "b",
    ]


@pytest.mark.parametrize("torn", [False, True], ids=["whole", "cut-short"])
def test_a_flush_block_without_its_watermark_is_taken_only_when_whole(workspace, cli, torn):
    configure(workspace)
    write_thread(workspace, "t1", talk(4, "tool"))
    block = (
        "## Memory Flush — 2026-01-01T09:00:00+00:00 · thread t1 · entries 0-3 · builtin\n\n"
        "- We decided to use tool-0 for step 0 of the build.\n"
    )
    (workspace / "memory" / dated(1)).write_text(block[:-10] if torn else block)
    # What the killed run noted before its append: only that note is trusted.
    note = {
        "ledger": f"memory/{dated(1)}",
        "offset": 0,
        "size": len(block.encode()),
        "sha256": hashlib.sha256(block.encode()).hexdigest(),
        "start": 0,
        "end": 4,
    }
    write_state(workspace, {"threads": {"t1": {"block": note}}})
    done = cli("-w", workspace, "--json", "flush")
    assert done.exit_code == 0, done.stderr
    assert json.loads(done.stdout)["threads"][0]["requests"] == (1 if torn else 0)
    assert watermark(state_of(read_tree(workspace)), "t1") == 4
