"""Eight memctl processes at once on one workspace: two save, two append to thread logs
(two of them to the same thread), two flush and two consolidate, each a run of memctl in a
process of its own after another, while the test reads state.json as fast as it can.

Afterwards every saved memory is in the ledger exactly once and in MEMORY.md; every
appended message is in its log exactly once, in its writer's order, with each
`thread append` batch on consecutive lines; the flush runs together covered each log
exactly once (their watermark ranges tile it, none overlaps); and state.json was valid
JSON at every read.
"""

from __future__ import annotations

import json
import re
import subprocess
import threading
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import yaml

from tests.support import forkserver

pytestmark = pytest.mark.slow

ROUNDS = 5
BATCH = 3
RUN_TIMEOUT = 120
SAVE_BLOCK = re.compile(r"^## Memory Save — .*\n\n((?:.+\n)+)", re.M)


def memctl(root: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """A run in a process of its own, forked (tests/support/forkserver.py): eight of them
    overlap as eight runs of the installed command do, without its start-up each."""
    return forkserver.run(["-w", root, *args], input=stdin or b"", text=True, timeout=RUN_TIMEOUT)


def saved(writer: int, number: int) -> str:
    return f"- We decided to use saved-{writer}-{number} for the release notes."


def message(writer: int, number: int, part: int) -> str:
    return f"We decided to use said-{writer}-{number}-{part} for step {part} of the build."


def thread_of(writer: int, number: int) -> str:
    """Even rounds go to the thread both appenders share, odd ones to the writer's own."""
    return "shared" if number % 2 == 0 else f"own-{writer}"


def saver(root: Path, writer: int) -> list[subprocess.CompletedProcess]:
    return [memctl(root, "save", "--", saved(writer, n)) for n in range(ROUNDS)]


def appender(root: Path, writer: int) -> list[subprocess.CompletedProcess]:
    runs = []
    for number in range(ROUNDS):
        lines = [
            # All user messages: the builtin flush skips an assistant's echo of the user.
            json.dumps({"role": "user", "content": message(writer, number, part)})
            for part in range(BATCH)
        ]
        runs.append(
            memctl(
                root, "thread", "append", thread_of(writer, number), stdin="\n".join(lines) + "\n"
            )
        )
    return runs


def repeat(*args: str) -> Callable[[Path, int], list[subprocess.CompletedProcess]]:
    def run(root: Path, writer: int) -> list[subprocess.CompletedProcess]:
        return [memctl(root, *args) for _ in range(ROUNDS - 1)]

    return run


WRITERS = [
    (saver, 0),
    (saver, 1),
    (appender, 0),
    (appender, 1),
    (repeat("--json", "flush"), 0),
    (repeat("--json", "flush"), 1),
    (repeat("consolidate"), 0),
    (repeat("consolidate"), 1),
]


def poll_state(path: Path, stop: threading.Event, reads: list[int], bad: list[str]) -> None:
    """Read state.json until `stop`: each read must be a whole JSON object."""
    while not stop.is_set():
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            data = None
        if data is not None:
            try:
                assert isinstance(json.loads(data), dict)
            except (ValueError, AssertionError):
                bad.append(data.decode("utf-8", "replace"))
            reads[0] += 1
        stop.wait(0.002)


def ledger_text(root: Path) -> str:
    return "".join(p.read_text(encoding="utf-8") for p in sorted((root / "memory").glob("*.md")))


def test_eight_processes_at_once_lose_and_double_nothing(workspace):
    root = workspace
    (root / "memctl.yaml").write_text(yaml.safe_dump({"timezone": "UTC"}))
    stop, reads, bad = threading.Event(), [0], []
    poller = threading.Thread(
        target=poll_state, args=(root / ".memctl" / "state.json", stop, reads, bad)
    )
    poller.start()
    try:
        with ThreadPoolExecutor(len(WRITERS)) as pool:
            futures = [pool.submit(work, root, writer) for work, writer in WRITERS]
            runs = [run for future in futures for run in future.result()]
    finally:
        stop.set()
        poller.join()
    runs += [memctl(root, "--json", "flush"), memctl(root, "consolidate")]
    failed = [(run.args[3:], run.stderr) for run in runs if run.returncode != 0]
    assert not failed

    assert reads[0] >= 20, "state.json was hardly read while the writers ran"
    assert bad == [], f"state.json was not valid JSON at {len(bad)} of {reads[0]} reads"

    # Every saved memory: in the ledger once (as a save block), in MEMORY.md once.
    blocks = Counter(m[1].strip() for m in SAVE_BLOCK.finditer(ledger_text(root)))
    memory = (root / "MEMORY.md").read_text(encoding="utf-8")
    for writer in (0, 1):
        for number in range(ROUNDS):
            text = saved(writer, number)
            assert blocks[text] == 1, f"{text!r} is in the ledger {blocks[text]} times"
            assert memory.count(text) == 1, f"{text!r} is in MEMORY.md {memory.count(text)} times"

    # Every appended message: once, in its writer's order, its batch on consecutive lines.
    logs = {
        path.stem: [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        for path in (root / "threads").glob("*.jsonl")
    }
    assert sorted(logs) == ["own-0", "own-1", "shared"]
    for writer in (0, 1):
        for number in range(ROUNDS):
            contents = [entry["content"] for entry in logs[thread_of(writer, number)]]
            first = contents.index(message(writer, number, 0))
            assert contents[first : first + BATCH] == [
                message(writer, number, part) for part in range(BATCH)
            ], "a batch was interleaved with another writer's"
            assert contents.count(message(writer, number, 0)) == 1
    for thread, entries in logs.items():
        distinct = {json.dumps(e, sort_keys=True) for e in entries}
        assert len(distinct) == len(entries), f"{thread}: a message is there twice"
        order = [e["content"] for e in entries]
        for writer in (0, 1):
            mine = [c for c in order if c.startswith(f"We decided to use said-{writer}-")]
            assert mine == sorted(mine, key=lambda c: [int(x) for x in re.findall(r"\d+", c)[:3]])
    assert sum(map(len, logs.values())) == 2 * ROUNDS * BATCH

    # The flush runs' watermark ranges tile each log: nothing sent twice, nothing skipped.
    covered: dict[str, list[tuple[int, int]]] = {}
    for run in runs:
        if run.args[3:5] == ["--json", "flush"]:
            for item in json.loads(run.stdout)["threads"]:
                if item["end"] > item["start"]:
                    covered.setdefault(item["thread"], []).append((item["start"], item["end"]))
    state = json.loads((root / ".memctl" / "state.json").read_text())
    ledger = ledger_text(root)
    for thread, entries in logs.items():
        ranges = sorted(covered[thread])
        ends = [0] + [end for _, end in ranges]
        assert [start for start, _ in ranges] == ends[:-1], f"{thread}: ranges {ranges}"
        assert ends[-1] == len(entries) == state["threads"][thread]["flushed"]
        for entry in entries:
            assert ledger.count(entry["content"]) == 1, f"{entry['content']!r} not flushed once"
