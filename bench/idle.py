"""Nothing-to-do runs: maintain, flush and consolidate on 10 years of settled history.

The workspace holds 10 years of dailies (60 lines a day) ending yesterday, all but the
last `daily_file_retention_days` already in memory/archive/, and 2,000 thread logs of
60 messages, all flushed and consolidated: the watermarks in .memctl/state.json are
at the end of every log and every daily, as the real runs leave them. A flush that
reaches a log's end stamps it (size and mtime) and later runs do not read it; the
watermarks set here have no stamps, so one idle flush first counts every log and
records them (its time is printed on its own, not taken as the goal). The model is
the loopback server (tests/support/llm_server.py), so any request would be counted: the goal
is none, and a time within 2x the start-up floor (a hello-world Typer app).
`maintain` runs with --force so that each run does the work its throttle would skip.

    python bench/idle.py [--runs 7] [--threads 2000]
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from benchlib import (
    Goal,
    bench_env,
    best_in_rounds,
    loopback_model,
    machine,
    memctl_executable,
    report,
)
from search import YEARS, corpus_size, hello_app, write_dailies, write_threads

GOAL = 2.0
RETENTION_DAYS = 90


def settle(root: Path) -> None:
    """Watermarks at the end of everything: what flush and consolidate leave behind."""
    from memctl.core.threads import count_entries, list_threads, thread_path
    from memctl.core.workspace import Workspace

    ws = Workspace(root, "UTC")
    flushed = {t: count_entries(thread_path(ws, t)) for t in list_threads(ws)}
    offsets = {ws.relative(p): p.stat().st_size for p in ws.daily_files(include_archive=True)}

    def change(state: dict[str, Any]) -> None:
        for thread, count in flushed.items():
            state.setdefault("threads", {}).setdefault(thread, {})["flushed"] = count
        state.setdefault("consolidation", {})["offsets"] = offsets
        ws.mark_run(state, "consolidate")
        ws.mark_run(state, "flush")

    ws.update_state(change)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--threads", type=int, default=2000)
    args = parser.parse_args()
    from memctl.core.workspace import init_workspace

    with tempfile.TemporaryDirectory(prefix="memctl-bench-idle-") as scratch:
        root = Path(scratch) / "ws"
        started = time.perf_counter()
        init_workspace(root)
        rng = random.Random(11)
        today = date.today()
        first = today - timedelta(days=YEARS * 365 + YEARS // 4)
        write_dailies(root, rng, first, archive_before=today - timedelta(days=RETENTION_DAYS))
        write_threads(root, rng, args.threads)
        files, size = corpus_size(root)
        archived = len(list((root / "memory" / "archive").glob("*.md")))
        print(f"idle: {machine()}")
        print(
            f"{files} files ({archived} archived dailies), {size / 1e6:.1f} MB, "
            f"generated in {time.perf_counter() - started:.1f}s; {args.runs} runs, best s"
        )
        memctl = [memctl_executable(), "-w", str(root)]
        commands = {
            "maintain --force": [*memctl, "maintain", "--force"],
            "flush": [*memctl, "flush"],
            "flush --auto": [*memctl, "flush", "--auto"],
            "consolidate": [*memctl, "consolidate"],
        }
        goals = []
        with loopback_model(root, memory={"daily_file_retention_days": RETENTION_DAYS}) as server:
            settle(root)
            env = bench_env()
            before = len(server.requests)
            started = time.perf_counter()
            stamping = subprocess.run([*memctl, "flush"], env=env, capture_output=True)
            print(
                f"first idle flush (counts all {args.threads:,} logs, records their stamps): "
                f"{time.perf_counter() - started:.3f}s, exit {stamping.returncode}"
            )
            hello = [sys.executable, str(hello_app(Path(scratch))), "hello"]
            best = best_in_rounds({"typer hello": hello, **commands}, args.runs, root, env)
            requests = len(server.requests) - before
        floor = best["typer hello"].seconds
        print(f"{'command':<18} {'seconds':>8} {'x floor':>8}  exit")
        print(f"{'typer hello':<18} {floor:8.3f} {1.0:8.2f}")
        for name in commands:
            measure = best[name]
            ratio = measure.seconds / floor
            print(f"{name:<18} {measure.seconds:8.3f} {ratio:8.2f}  {measure.exit_code}")
            goals.append(
                Goal(
                    "idle",
                    f"nothing to do: {name} (10 years of history)",
                    f"{ratio:.2f}x floor",
                    f"<= {GOAL:.1f}x",
                    ratio <= GOAL and measure.exit_code == 0,
                    f"{measure.seconds:.3f}s, exit {measure.exit_code}",
                )
            )
        print(f"model requests during {args.runs} rounds of the four: {requests}")
        goals.append(
            Goal(
                "idle",
                "nothing to do: model requests (all four commands)",
                str(requests),
                "0",
                requests == 0,
            )
        )
    return report(goals)


if __name__ == "__main__":
    sys.exit(main())
