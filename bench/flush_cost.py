"""Flush cost: how often each message of a thread is sent to the flush model.

A 500-message thread arrives 10 messages at a time, with `memctl flush` after each
batch, against the loopback model (tests/support/llm_server.py) configured as the workspace's
model. Every message carries a unique marker; counting the markers in the requests the
server received gives how many times each message was sent. Goal: 1.15 on average (the
floor is 1.0: each message once; resending the whole window would be about 25).

The messages carry a speaker (`name`) and a time (`ts`, a few minutes apart, a new day
every 40 messages), which the request now shows (`[2023-05-08 13:56] [USER Ana]: ...`,
the date once a day). The same conversation is then flushed as before issue 17: no
`ts` or `name` in the log and the flush prompt of that time (BASELINE_PROMPT). The
ratio of request tokens, this against that, must stay at most 1.15.

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
from datetime import UTC, datetime, timedelta
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

from memctl.core.prompts import DEFAULT_FLUSH_PROMPT

MARKER = re.compile(r"\bmsg-(\d{4})\b")
GOAL = 1.15
TOKEN_GOAL = 1.15
BASELINE_PROMPT = "\n\n".join(
    paragraph for paragraph in DEFAULT_FLUSH_PROMPT.split("\n\n") if "[USER " not in paragraph
)
"""The default flush prompt before issue 17 (times and speakers), the token baseline:
today's, less the paragraph issue 17 added (naming speakers, resolving dates), so the
ratio measures what issue 17 costs and nothing else."""
if BASELINE_PROMPT == DEFAULT_FLUSH_PROMPT:
    raise SystemExit("flush_cost: the flush prompt no longer has the issue 17 paragraph")


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
    """A conversation whose every message holds its own marker `msg-NNNN`, said by
    Ana or Ben a few minutes apart, 40 messages a day."""
    out = []
    start = datetime(2023, 5, 1, 9, 0, tzinfo=UTC)
    for number in range(count):
        role = "user" if number % 2 == 0 else "assistant"
        text = " ".join(sentence(rng, 8, 18) for _ in range(rng.randint(1, 3)))
        said = start + timedelta(days=number // 40, minutes=3 * (number % 40))
        out.append(
            {
                "role": role,
                "name": "Ana" if role == "user" else "Ben",
                "content": f"msg-{number:04d} {text}",
                "ts": said.isoformat(),
            }
        )
    return out


def flush_all(
    conversation: list[dict], batch: int, subprocess_run: bool, baseline: bool
) -> tuple[Counter, list[int], int, float]:
    """Flush the conversation batch by batch; `baseline`: as before issue 17 (a log
    without ts or name, the old prompt). Sends per message, request sizes, failures."""
    from memctl.core.threads import append_entries, encode_entry
    from memctl.core.workspace import Workspace, init_workspace

    with tempfile.TemporaryDirectory(prefix="memctl-bench-flush-") as scratch:
        root = Path(scratch) / "ws"
        init_workspace(root)
        ws = Workspace(root, "UTC")
        extra = {"memory": {"flush_prompt": BASELINE_PROMPT}} if baseline else {}
        with loopback_model(root, **extra) as server:
            facts = iter(range(1, 10**6))
            server.default = lambda request: f"- Decision {next(facts)} was recorded."
            started = time.perf_counter()
            failures = 0
            log = root / "threads" / "long.jsonl"
            for at in range(0, len(conversation), batch):
                part = conversation[at : at + batch]
                if baseline:
                    plain = [{"role": m["role"], "content": m["content"]} for m in part]
                    with log.open("ab") as out:
                        out.write(b"".join(encode_entry(m) for m in plain))
                else:
                    append_entries(ws, "long", part)
                if run_cli(["-w", str(root), "flush"], subprocess_run) != 0:
                    failures += 1
            elapsed = time.perf_counter() - started
            sent = Counter()
            for request in server.requests:
                sent.update(int(m) for m in MARKER.findall(str(request["messages"])))
            return sent, list(server.sizes), failures, elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=500)
    parser.add_argument("--batch", type=int, default=10)
    parser.add_argument("--subprocess", action="store_true", help="run the installed memctl")
    args = parser.parse_args()
    rng = random.Random(7)
    conversation = messages(args.messages, rng)
    sent, sizes, failures, elapsed = flush_all(conversation, args.batch, args.subprocess, False)
    _, before, before_failures, _ = flush_all(conversation, args.batch, args.subprocess, True)
    failures += before_failures
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
    ratio = sum(sizes) / max(1, sum(before))
    print(
        f"request tokens with times and speakers {sum(sizes):,}; as before issue 17 "
        f"(no ts/name, old prompt) {sum(before):,}; ratio {ratio:.3f}"
    )
    goals = [
        Goal(
            "flush_cost",
            "flush cost: sends per message (10-message batches)",
            f"{mean:.3f}",
            f"<= {GOAL}",
            mean <= GOAL and not never and not failures,
            f"{len(never)} message(s) never sent; {failures} failed flush(es)",
        ),
        Goal(
            "flush_cost",
            "flush tokens with times and speakers, against before",
            f"{ratio:.3f}x",
            f"<= {TOKEN_GOAL}x",
            ratio <= TOKEN_GOAL,
        ),
    ]
    return report(goals)


if __name__ == "__main__":
    sys.exit(main())
