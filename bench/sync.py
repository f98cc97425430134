"""A day's changes through `memctl sync`, against a local bare remote.

Two workspaces share a bare repository that already holds a year of memory (365
ledgers of 40 blocks, a MEMORY.md). Each round, the first gets a day's changes (one
ledger of 60 new blocks, MEMORY.md rewritten: the blocks are consolidated by the sync)
and runs `memctl sync` (the installed command: fetch, merge, consolidate, commit,
push); then the second runs `memctl sync` and receives them. Baseline: the same change
committed and pushed by plain git from a work tree of the same files (`git add -A`,
`git commit`, `git push`). Goal (issue 27): each sync <= 1 s.

`--purged` shares a purge's tombstone (of a fact no file states) from the start: every
sync then looks through MEMORY.md, the ledgers and the history copies for a line of
that fact (a purge made on another machine masks this machine's copies), the cost a
workspace that ever purged pays.

    python bench/sync.py [--runs 5] [--days 365] [--purged]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

from benchlib import Goal, machine, memctl_executable, report

GOAL_SECONDS = 1.0


def ledger(day: date, blocks: int, tag: str) -> str:
    return "\n".join(
        f"## thread-{n % 9} — {day.isoformat()}T10:{n % 60:02d}:00+00:00\n\n"
        f"- {tag} {day} fact {n}: the nightly export of shard {n % 17} runs after the backup\n"
        for n in range(blocks)
    )


def timed(argv: list[str], cwd: Path | None = None) -> float:
    started = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, capture_output=True, check=False)
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        sys.exit(f"{' '.join(argv)}: exit {done.returncode}: {done.stderr.decode()[-400:]}")
    return elapsed


def git(*args: str, cwd: Path | None = None) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="rounds (best of)")
    parser.add_argument("--days", type=int, default=365, help="days of history already shared")
    parser.add_argument(
        "--purged", action="store_true", help="share a purge's tombstone from the start"
    )
    args = parser.parse_args()
    print(machine())
    memctl = memctl_executable()
    first_day = date(2025, 1, 1)
    with tempfile.TemporaryDirectory(prefix="memctl-bench-sync-") as scratch:
        root = Path(scratch)
        remote, plain_remote = root / "remote.git", root / "plain.git"
        git("init", "-q", "--bare", str(remote))
        git("init", "-q", "--bare", str(plain_remote))
        sender, receiver, plain = root / "a", root / "b", root / "plain"
        subprocess.run([memctl, "-q", "init", str(sender)], check=True, capture_output=True)
        (sender / "memctl.yaml").write_text(f"timezone: UTC\nsync:\n  remote: {remote}\n")
        for n in range(args.days):
            day = first_day + timedelta(days=n)
            (sender / "memory" / f"{day}.md").write_text(ledger(day, 40, "old"))
        if args.purged:
            stone = {"fact": "", "at": "2025-01-01T00:00:00+00:00", "replacement": None}
            stone["digest"] = hashlib.sha256(b"a fact no file states").hexdigest()
            (sender / ".memctl").mkdir(exist_ok=True)
            (sender / ".memctl" / "forgotten.jsonl").write_text(json.dumps(stone) + "\n")
        timed([memctl, "-q", "-w", str(sender), "sync"])  # the year, consolidated once
        timed([memctl, "-q", "init", "--from", str(remote), str(receiver)])
        git("clone", "-q", str(plain_remote), str(plain))
        (plain / "memory").mkdir()
        for path in (sender / "memory").glob("*.md"):
            (plain / "memory" / path.name).write_bytes(path.read_bytes())
        (plain / "MEMORY.md").write_bytes((sender / "MEMORY.md").read_bytes())
        git("add", "-A", cwd=plain)
        git("-c", "user.name=b", "-c", "user.email=b@b", "commit", "-qm", "year", cwd=plain)
        git("push", "-q", "origin", "HEAD:main", cwd=plain)
        best = {"send": float("inf"), "receive": float("inf"), "git": float("inf")}
        for run in range(args.runs):
            day = first_day + timedelta(days=args.days + run)
            text = ledger(day, 60, "new")
            (sender / "memory" / f"{day}.md").write_text(text)
            best["send"] = min(best["send"], timed([memctl, "-q", "-w", str(sender), "sync"]))
            best["receive"] = min(
                best["receive"], timed([memctl, "-q", "-w", str(receiver), "sync"])
            )
            (plain / "memory" / f"{day}.md").write_text(text)
            (plain / "MEMORY.md").write_bytes((sender / "MEMORY.md").read_bytes())
            started = time.perf_counter()
            git("add", "-A", cwd=plain)
            git("-c", "user.name=b", "-c", "user.email=b@b", "commit", "-qm", "day", cwd=plain)
            git("push", "-q", "origin", "HEAD:main", cwd=plain)
            best["git"] = min(best["git"], time.perf_counter() - started)
        same = (sender / "MEMORY.md").read_bytes() == (receiver / "MEMORY.md").read_bytes()
    print(f"{'a day (60 blocks, MEMORY.md rewritten)':<44} {'best of ' + str(args.runs):>10}")
    print(f"{'memctl sync (send: merge, consolidate, push)':<44} {best['send']:>9.3f}s")
    print(f"{'memctl sync (receive)':<44} {best['receive']:>9.3f}s")
    print(f"{'baseline: git add, commit, push':<44} {best['git']:>9.3f}s")
    worst = max(best["send"], best["receive"])
    return report(
        [
            Goal(
                "sync",
                f"a day's changes synced, {args.days} days already shared"
                + (", a purge's tombstone among them" if args.purged else ""),
                f"{worst:.3f}s",
                f"<= {GOAL_SECONDS:g}s",
                worst <= GOAL_SECONDS and same,
                f"send {best['send']:.3f}s, receive {best['receive']:.3f}s, "
                f"plain git {best['git']:.3f}s; MEMORY.md identical: {same}",
            )
        ]
    )


if __name__ == "__main__":
    sys.exit(main())
