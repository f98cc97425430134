"""Flush of 10 new entries against the log's length: what a Stop hook's flush pays.

Thread logs of `--small` and `--lines` entries (user messages and assistant replies)
are flushed once whole; then, in rounds, 10 entries are appended to each and flushed
(`memctl.pipeline.flush.flush`, builtin model, in this process: no process start to hide the
difference). Baseline: the same 10 entries on a log of 10 entries. Goal: the long log's
flush takes at most 1.5× the short one's, i.e. flush parses what was appended, not the
whole log (the watermark keeps where its line starts in the log).

    python bench/flush_tail.py [--lines 10000] [--small 1000] [--runs 7]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from benchlib import Goal, machine, report, utc_workspace

GOAL_RATIO = 1.5
NEW = 10


def messages(start: int, count: int) -> list[dict[str, str]]:
    return [
        {
            "role": "user" if n % 2 == 0 else "assistant",
            "content": f"Message {n}: the checkout service keeps its cache for {n % 97} "
            "minutes, and the nightly export runs after the backup finishes.",
            "ts": f"2026-11-20T10:{n // 60 % 60:02d}:{n % 60:02d}+00:00",
        }
        for n in range(start, start + count)
    ]


def main() -> int:
    from memctl.core.threads import append_entries
    from memctl.models.resolve import resolve_model
    from memctl.pipeline.flush import flush

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=10_000, help="entries of the long log")
    parser.add_argument("--small", type=int, default=1_000, help="entries of the short log")
    parser.add_argument("--runs", type=int, default=7, help="rounds (best of)")
    args = parser.parse_args()
    print(machine())
    sizes = {"baseline": NEW, "short": args.small, "long": args.lines}
    with tempfile.TemporaryDirectory(prefix="memctl-bench-flush-tail-") as scratch:
        ws, config = utc_workspace(Path(scratch) / "ws")
        model = resolve_model(ws, config.memory_model)
        counts = dict(sizes)
        for name, count in sizes.items():
            append_entries(ws, name, messages(0, count))
            flush(ws, config, model, threads=[name])
        best = {name: float("inf") for name in sizes}
        for _ in range(args.runs):
            for name in sizes:
                append_entries(ws, name, messages(counts[name], NEW))
                counts[name] += NEW
                started = time.perf_counter()
                done = flush(ws, config, model, threads=[name])
                best[name] = min(best[name], time.perf_counter() - started)
                (thread,) = done.threads
                if thread.entries_sent != NEW:
                    sys.exit(f"{name}: {thread.entries_sent} entries sent, not {NEW}")
    print(f"{'flush of ' + str(NEW) + ' new entries':<40} {'best of ' + str(args.runs):>10}")
    for name, count in sizes.items():
        print(f"{f'{count:,}-entry log ({name})':<40} {best[name] * 1000:>8.1f}ms")
    ratio = best["long"] / best["short"]
    return report(
        [
            Goal(
                "flush_tail",
                f"flush of {NEW} new on {args.lines:,} vs {args.small:,} entries",
                f"{ratio:.2f}x",
                f"<= {GOAL_RATIO}x",
                ratio <= GOAL_RATIO,
                f"{best['long'] * 1000:.1f}ms vs {best['short'] * 1000:.1f}ms; "
                f"{NEW}-entry log {best['baseline'] * 1000:.1f}ms",
            )
        ]
    )


if __name__ == "__main__":
    sys.exit(main())
