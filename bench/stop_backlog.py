"""The first Stop hook on a long session's backlog: how long the agent waits for it.

A Claude Code session file of `--lines` lines (user messages and assistant replies, as
bench/hook_stop.py writes them) is seen by memctl for the first time at a Stop hook,
which imports it and flushes (builtin). A turn's flush has a time budget
(`memctl.agents.hooks.TURN_FLUSH_SECONDS`): past it no further request starts and the
rest waits for the next Stop. Printed: the first Stop's time, the entries it left (its
hooks.log note), and how many more Stops flushed the rest (audit 11 #6).

    python bench/stop_backlog.py [--lines 40000] [--stops 3]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchlib import machine, memctl_executable
from hook_stop import line, stop


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=40_000, help="lines of the session")
    parser.add_argument("--stops", type=int, default=3, help="Stops to run in all")
    args = parser.parse_args()
    print(machine())
    with tempfile.TemporaryDirectory(prefix="memctl-bench-backlog-") as scratch:
        root = Path(scratch)
        workspace = root / "ws"
        subprocess.run(
            [memctl_executable(), "init", str(workspace)], capture_output=True, check=True
        )
        session = "backlog-0000-4000-8000-000000000000"
        path = root / f"{session}.jsonl"
        path.write_text("".join(line(session, n) + "\n" for n in range(args.lines)))
        print(f"session: {args.lines:,} lines, {path.stat().st_size:,} bytes")
        log = workspace / ".memctl" / "hooks.log"
        for number in range(1, args.stops + 1):
            started = time.perf_counter()
            stop(workspace, path, session)
            seconds = time.perf_counter() - started
            notes = log.read_text().splitlines() if log.exists() else []
            last = json.loads(notes[-1]).get("note", "") if len(notes) >= number else ""
            print(f"Stop {number}: {seconds:.1f} s  {last or '(all flushed)'}")
            if not last:
                break
    return 0


if __name__ == "__main__":
    sys.exit(main())
