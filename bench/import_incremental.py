"""Incremental import: what a Stop hook costs as a Claude Code session grows.

A Claude Code 2.1 session of N lines (generated here: turns of a prompt, a reply of
text and two tool_use lines with their results interleaved, progress lines and a
turn_duration) is imported whole once; then 10 lines (one more turn) are appended and
imported again, which is what `memctl hook claude-code` does on Stop. The baseline is
a whole-file import of the grown session into a fresh workspace (what importing cost
before import offsets). Goal: the appended-lines import takes no longer on a 10,000-
line session than on a 1,000-line one (within 2×: it reads 10 lines either way), and
it is at least 20× faster than the whole import at 10,000 lines.

In-process (`memctl.agents.imports.import_source`, what the hook calls), best of --runs.

    python bench/import_incremental.py [--runs 5] [--sizes 1000 10000]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from benchlib import Goal, machine, report

SESSION = "5e55a0e1-0000-4000-8000-00000000be4c"


def turn(number: int) -> list[dict]:
    """The 10 lines of one turn, in Claude Code 2.1's shapes."""
    base = {
        "isSidechain": False,
        "userType": "external",
        "cwd": "/home/dev/bench",
        "sessionId": SESSION,
        "version": "2.1.63",
        "gitBranch": "main",
    }
    stamp = f"2026-03-01T{number // 3600 % 24:02d}:{number // 60 % 60:02d}:{number % 60:02d}.000Z"

    def uid(k: int) -> str:
        return f"{number:08x}-0000-4000-8000-{k:012d}"

    def assistant(k: int, mid: str, block: dict) -> dict:
        message = {"model": "claude-opus-4-6", "id": mid, "type": "message", "role": "assistant"}
        message |= {"content": [block], "stop_reason": None, "usage": {"output_tokens": 9}}
        return {**base, "type": "assistant", "message": message, "uuid": uid(k), "timestamp": stamp}

    def result(k: int, call: str, text: str) -> dict:
        content = [{"tool_use_id": call, "type": "tool_result", "content": text}]
        message = {"role": "user", "content": content}
        return {**base, "type": "user", "message": message, "uuid": uid(k), "timestamp": stamp}

    mid, last = f"msg_{number:08d}a", f"msg_{number:08d}b"
    prompt = {"role": "user", "content": f"Step {number}: check the totals of invoice {number}."}
    return [
        {**base, "type": "user", "message": prompt, "uuid": uid(0), "timestamp": stamp},
        assistant(1, mid, {"type": "text", "text": f"Looking at invoice {number}."}),
        assistant(
            2, mid, {"type": "tool_use", "id": f"t{number}a", "name": "Grep", "input": {"p": "x"}}
        ),
        {**base, "type": "progress", "data": {"type": "hook_progress"}, "timestamp": stamp},
        result(3, f"t{number}a", "src/invoice.py:30: total = round(x, 2)\n" * 5),
        assistant(
            4, mid, {"type": "tool_use", "id": f"t{number}b", "name": "Read", "input": {"f": "y"}}
        ),
        result(5, f"t{number}b", "def total(items):\n    return sum(items)\n" * 10),
        assistant(6, last, {"type": "text", "text": f"Invoice {number} is fine."}),
        {**base, "type": "system", "subtype": "stop_hook_summary", "timestamp": stamp},
        {**base, "type": "system", "subtype": "turn_duration", "durationMs": 900},
    ]


def write_session(path: Path, lines: int) -> None:
    with path.open("w", encoding="utf-8") as out:
        for number in range(lines // 10):
            for line in turn(number):
                out.write(json.dumps(line, separators=(",", ":")) + "\n")


def best(runs: int, step) -> float:
    times = []
    for _ in range(runs):
        times.append(step())
    return min(times)


def measure(root: Path, lines: int, runs: int) -> tuple[float, float]:
    """(seconds to import 10 appended lines, seconds to import the grown file whole)."""
    from memctl.agents.imports import import_source
    from memctl.core.workspace import Workspace, init_workspace

    appended, whole = [], []
    for run in range(runs):
        source = root / f"s{lines}-{run}" / f"{SESSION}.jsonl"
        source.parent.mkdir(parents=True)
        write_session(source, lines)
        init_workspace(root / f"ws{lines}-{run}")
        ws = Workspace(root / f"ws{lines}-{run}")
        import_source(ws, source, final=True)
        with source.open("a", encoding="utf-8") as out:
            for line in turn(lines // 10):
                out.write(json.dumps(line, separators=(",", ":")) + "\n")
        start = time.perf_counter()
        result = import_source(ws, source, final=True)
        appended.append(time.perf_counter() - start)
        assert (result.read, result.imported) == (10, 5), result
        init_workspace(root / f"fresh{lines}-{run}")
        fresh = Workspace(root / f"fresh{lines}-{run}")
        start = time.perf_counter()
        import_source(fresh, source, final=True)
        whole.append(time.perf_counter() - start)
    return min(appended), min(whole)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    args = parser.parse_args()
    print(f"machine: {machine()}")
    rows = {}
    with tempfile.TemporaryDirectory() as folder:
        for lines in args.sizes:
            rows[lines] = measure(Path(folder), lines, args.runs)
    print("| session lines | 10 appended lines, s | whole file, s | whole ÷ appended |")
    print("|---|---|---|---|")
    for lines, (appended, whole) in rows.items():
        print(f"| {lines:,} | {appended:.4f} | {whole:.3f} | {whole / appended:.0f}× |")
    small, large = rows[min(rows)], rows[max(rows)]
    flat = large[0] / small[0]
    goals = [
        Goal(
            "import_incremental",
            f"Stop-hook import of 10 new lines, {max(rows):,} vs {min(rows):,} lines",
            f"{flat:.2f}× ({large[0]:.4f} s vs {small[0]:.4f} s)",
            "≤ 2×",
            flat <= 2.0,
        ),
        Goal(
            "import_incremental",
            f"whole import ÷ incremental, {max(rows):,} lines",
            f"{large[1] / large[0]:.0f}× ({large[1]:.3f} s vs {large[0]:.4f} s)",
            "≥ 20×",
            large[1] / large[0] >= 20,
        ),
    ]
    return report(goals)


if __name__ == "__main__":
    sys.exit(main())
