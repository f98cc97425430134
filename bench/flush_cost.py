"""Flush cost: how often each message of a thread is sent to the flush model.

A 500-message thread arrives 10 messages at a time, with `memctl flush` after each
batch, against the loopback model (tests/llm_server.py) configured as the workspace's
model. Every message carries a unique marker; counting the markers in the requests the
server received gives how many times each message was sent. Goal: 1.15 on average (the
floor is 1.0: each message once; resending the whole window would be about 25).

The flushes run the CLI in this process (`memctl.cli.app.app` with the same argv), so
50 runs do not pay 50 `import litellm`s; `--subprocess` runs the installed executable
instead (about 3 s a flush). The appends use the library, as `thread append` does.

    python bench/flush_cost.py [--messages 500] [--batch 10] [--subprocess]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from benchlib import (
    Goal,
    bench_env,
    loopback_model,
    machine,
    memctl_executable,
    report,
)
from search import sentence

MARKER = re.compile(r"\bmsg-(\d{4})\b")
GOAL = 1.15


def run_cli(argv: list[str], subprocess_run: bool) -> int:
    """`memctl ARGV`: in this process (the Typer app itself), or the installed command."""
    if subprocess_run:
        done = subprocess.run([memctl_executable(), *argv], env=bench_env(), capture_output=True)
        return done.returncode
    from memctl.cli.app import app

    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        try:
            app(argv, prog_name="memctl")
        except SystemExit as exc:
            return exc.code if isinstance(exc.code, int) else 1
    return 0


def messages(count: int, rng: random.Random) -> list[dict]:
    """A conversation whose every message holds its own marker `msg-NNNN`."""
    out = []
    for number in range(count):
        role = "user" if number % 2 == 0 else "assistant"
        text = " ".join(sentence(rng, 8, 18) for _ in range(rng.randint(1, 3)))
        out.append({"role": role, "content": f"msg-{number:04d} {text}"})
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=500)
    parser.add_argument("--batch", type=int, default=10)
    parser.add_argument("--subprocess", action="store_true", help="run the installed memctl")
    args = parser.parse_args()
    from memctl.threads import append_entries
    from memctl.workspace import Workspace, init_workspace

    rng = random.Random(7)
    conversation = messages(args.messages, rng)
    with tempfile.TemporaryDirectory(prefix="memctl-bench-flush-") as scratch:
        root = Path(scratch) / "ws"
        init_workspace(root)
        ws = Workspace(root, "UTC")
        with loopback_model(root) as server:
            facts = iter(range(1, 10**6))
            server.default = lambda request: f"- Decision {next(facts)} was recorded."
            started = time.perf_counter()
            failures = 0
            for at in range(0, args.messages, args.batch):
                append_entries(ws, "long", conversation[at : at + args.batch])
                if run_cli(["-w", str(root), "flush"], args.subprocess) != 0:
                    failures += 1
            elapsed = time.perf_counter() - started
            sent = Counter()
            for request in server.requests:
                sent.update(int(m) for m in MARKER.findall(str(request["messages"])))
            sizes = list(server.sizes)
    batches = -(-args.messages // args.batch)
    mean = sum(sent.values()) / args.messages
    never = [n for n in range(args.messages) if sent[n] == 0]
    print(f"flush cost: {machine()}")
    print(
        f"{args.messages} messages in {batches} batches of {args.batch}, a flush after each "
        f"({'subprocess' if args.subprocess else 'in-process CLI'}), {elapsed:.1f}s"
    )
    print(f"flush requests {len(sizes)}; failed flushes {failures}")
    print(f"sends a message: mean {mean:.3f}, max {max(sent.values(), default=0)}")
    if sizes:
        print(f"request tokens: first {sizes[0]}, last {sizes[-1]}, max {max(sizes)}")
    goals = [
        Goal(
            "flush_cost",
            "flush cost: sends per message (10-message batches)",
            f"{mean:.3f}",
            f"<= {GOAL}",
            mean <= GOAL and not never and not failures,
            f"{len(never)} message(s) never sent; {failures} failed flush(es)",
        )
    ]
    return report(goals)


if __name__ == "__main__":
    sys.exit(main())
