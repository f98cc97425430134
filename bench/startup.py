"""Start-up time of the light commands against the floor of any Typer CLI.

The floor is a hello-world Typer app with two commands run by the same Python. Each
memctl command runs on a small workspace; the table shows the median of N runs, the
ratio to the floor (goal: <= 1.3x), and whether litellm was imported (-X importtime).

    python bench/startup.py [--runs 15]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HELLO = """\
import typer

app = typer.Typer()


@app.command()
def hello(name: str = "world") -> None:
    print(f"hello {name}")


@app.command()
def bye() -> None:
    print("bye")


app()
"""


def timed(argv: list[str], runs: int, env: dict[str, str]) -> float:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def imports_litellm(argv: list[str], env: dict[str, str]) -> bool:
    result = subprocess.run(
        [argv[0], "-X", "importtime", *argv[1:]],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    return any(line.rstrip().endswith(" litellm") for line in result.stderr.splitlines())


def make_workspace(root: Path, python: str, env: dict[str, str]) -> None:
    memctl = [python, "-m", "memctl", "-w", str(root)]
    subprocess.run(
        [python, "-m", "memctl", "init", str(root)],
        env=env,
        check=True,
        stderr=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
    )
    for day in range(1, 29):
        (root / "memory" / f"2026-11-{day:02d}.md").write_text(
            "".join(f"- fact {day}-{i}: the deploy window is Tuesday\n" for i in range(60))
        )
    messages = "\n".join(
        json.dumps({"role": "user" if i % 2 == 0 else "assistant", "content": f"message {i}"})
        for i in range(60)
    )
    for t in range(20):
        subprocess.run(
            [*memctl, "thread", "append", f"t{t}", "-"],
            input=messages.encode(),
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    python = sys.executable
    env = {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    with tempfile.TemporaryDirectory(prefix="memctl-startup-") as tmp:
        root = Path(tmp) / "ws"
        make_workspace(root, python, env)
        hello = Path(tmp) / "hello.py"
        hello.write_text(HELLO)
        floor = timed([python, str(hello), "hello"], args.runs, env)
        memctl = [python, "-m", "memctl", "-w", str(root)]
        commands = {
            "--version": [python, "-m", "memctl", "--version"],
            "search": [*memctl, "search", "deploy window"],
            "get": [*memctl, "get", "memory/2026-11-01.md", "--start", "1", "--end", "5"],
            "save": [*memctl, "save", "--dry-run", "bench: a saved memory"],
            "status": [*memctl, "status"],
            "archive": [*memctl, "archive", "--dry-run"],
        }
        print(f"python {sys.version.split()[0]}, {args.runs} runs each, median seconds")
        print(f"{'command':<12} {'seconds':>8} {'x floor':>8}  litellm")
        print(f"{'typer hello':<12} {floor:8.3f} {1.0:8.2f}  -")
        worst = 0.0
        for name, argv in commands.items():
            seconds = timed(argv, args.runs, env)
            ratio = seconds / floor
            worst = max(worst, ratio)
            heavy = "IMPORTED" if imports_litellm(argv, env) else "no"
            print(f"{name:<12} {seconds:8.3f} {ratio:8.2f}  {heavy}")
        print(f"worst ratio {worst:.2f} (goal <= 1.30): {'ok' if worst <= 1.3 else 'MISSED'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
