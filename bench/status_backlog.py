"""`memctl status` with a backlog: what counting only the entries a flush would send costs.

status counts a thread's unflushed entries as flush picks them (`threads.flush_sends`),
so a log with lines past its watermark is parsed from the watermark's place on; a log
flushed to its end is still only counted, not parsed. The workspace holds `--threads`
logs of `--messages` lines, none flushed, every tenth line a system message (which
flush leaves out, and status no longer counts). The installed `memctl status --json`
runs in rounds beside `memctl --version` (the start-up every command pays) and, with
`--baseline PATH`, beside another memctl's status (main's, which counted every line).
Goal: status with 20,000 unflushed lines at most 3x `--version`; the count is flush's
(`flush --dry-run --json`: the entries it would send).

    python bench/status_backlog.py [--threads 200] [--messages 100] [--runs 5]
        [--baseline /work/main/.venv/bin/memctl]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from benchlib import Goal, bench_env, best_in_rounds, machine, memctl_executable, report

GOAL = 3.0


def write_logs(root: Path, threads: int, messages: int) -> None:
    (root / "memctl.yaml").write_text("model: builtin\n", encoding="utf-8")
    for thread in range(threads):
        lines = []
        for n in range(messages):
            role = "system" if n % 10 == 9 else ("user", "assistant")[n % 2]
            text = f"message {n} of thread {thread}: we deploy on Fridays, staging is blue. " * 3
            lines.append(json.dumps({"role": role, "content": text, "ts": "2026-01-01T09:00:00Z"}))
        (root / "threads" / f"t{thread}.jsonl").write_text("\n".join(lines) + "\n")


def unflushed(memctl: str, root: Path) -> int:
    done = subprocess.run(
        [memctl, "-w", str(root), "--json", "status"],
        capture_output=True,
        text=True,
        env=bench_env(),
        check=True,
    )
    return int(json.loads(done.stdout)["unflushed_entries"])


def would_send(memctl: str, root: Path) -> int:
    done = subprocess.run(
        [memctl, "-w", str(root), "--json", "flush", "--dry-run"],
        capture_output=True,
        text=True,
        env=bench_env(),
        check=True,
    )
    return sum(thread.get("entries_sent", 0) for thread in json.loads(done.stdout)["threads"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=200)
    parser.add_argument("--messages", type=int, default=100)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--baseline", help="another memctl to time beside (main's)")
    args = parser.parse_args()
    memctl = memctl_executable()
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder) / "ws"
        subprocess.run([memctl, "init", str(root)], capture_output=True, check=True)
        write_logs(root, args.threads, args.messages)
        commands: dict[str, list[str] | str] = {
            "--version": [memctl, "--version"],
            "status": [memctl, "-w", str(root), "--json", "status"],
        }
        if args.baseline:
            commands["baseline status"] = [args.baseline, "-w", str(root), "--json", "status"]
        measured = best_in_rounds(commands, args.runs, env=bench_env())
        counted, sent = unflushed(memctl, root), would_send(memctl, root)
        print(f"status_backlog: {machine()}")
        print(f"{args.threads} threads x {args.messages} lines, none flushed")
        for name, measure in measured.items():
            print(
                f"{name:16} {measure.seconds:.3f} s wall, {measure.cpu:.3f} s CPU (best of {args.runs})"
            )
        if args.baseline:
            print(f"baseline unflushed: {unflushed(args.baseline, root):,}")
        print(f"unflushed: {counted:,}; flush --dry-run would send: {sent:,}")
        ratio = measured["status"].cpu / measured["--version"].cpu
        return report(
            [
                Goal(
                    "status_backlog",
                    f"status with {args.threads * args.messages:,} unflushed lines vs --version, CPU",
                    f"{ratio:.2f}x",
                    f"<= {GOAL}x",
                    ratio <= GOAL,
                ),
                Goal(
                    "status_backlog",
                    "unflushed = what flush would send",
                    f"{counted:,} / {sent:,}",
                    "equal",
                    counted == sent,
                ),
            ]
        )


if __name__ == "__main__":
    sys.exit(main())
