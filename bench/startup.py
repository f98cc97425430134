"""Start-up time of the light commands against a hello-world plain click app.

The baseline is a click app with two commands run by the same Python: what a Python
CLI needs at the least. It used to be a hello-world Typer app, which hid Typer 0.29's
regression (pydantic adapters for every parameter) by moving with it; the Typer app is
still shown, for comparison. Each memctl command runs on a small workspace; the table
shows the best of N runs (wall and CPU time; the goal is judged on CPU time, which a
loaded shared machine disturbs less), the ratio to the click app (goal, issue 14: `search` at most
2.0x) and whether litellm was imported (-X importtime).

    python bench/startup.py [--runs 15]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from benchlib import Goal, best_in_rounds, machine, report

HELLO = """\
import click


@click.group()
def app() -> None:
    pass


@app.command()
@click.option("--name", default="world")
def hello(name: str) -> None:
    print(f"hello {name}")


@app.command()
def bye() -> None:
    print("bye")


app()
"""

TYPER_HELLO = """\
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
    # An installed memctl runs from bytecode (pip compiles it); a shell that sets
    # PYTHONDONTWRITEBYTECODE would have an editable checkout compile every module on
    # every run, 40-60 ms that no user pays.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run(
        [python, "-m", "compileall", "-q", str(Path(__file__).parent.parent / "memctl")],
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    with tempfile.TemporaryDirectory(prefix="memctl-startup-") as tmp:
        root = Path(tmp) / "ws"
        make_workspace(root, python, env)
        hello = Path(tmp) / "hello.py"
        hello.write_text(HELLO)
        typer_hello = Path(tmp) / "typer_hello.py"
        typer_hello.write_text(TYPER_HELLO)
        memctl = [python, "-m", "memctl", "-w", str(root)]
        commands = {
            "--version": [python, "-m", "memctl", "--version"],
            "search": [*memctl, "search", "deploy window"],
            "get": [*memctl, "get", "memory/2026-11-01.md", "--start", "1", "--end", "5"],
            "save": [*memctl, "save", "--dry-run", "bench: a saved memory"],
            "status": [*memctl, "status"],
            "archive": [*memctl, "archive", "--dry-run"],
        }
        rounds = {
            "click hello": [python, str(hello), "hello"],
            "typer hello": [python, str(typer_hello), "hello"],
            **commands,
        }
        measured = best_in_rounds(rounds, args.runs, env=env)
        # A time counts only when every run of the command exited 0 with the same output
        # length in lines (`search` must find its hits each time, not fail fast).
        failed = [
            f"{name} (exits {sorted(set(m.exit_codes))}, lines {sorted(set(m.line_counts))})"
            for name, m in measured.items()
            if not m.consistent(0) or (name == "search" and m.lines == 0)
        ]
        best = {name: m.seconds for name, m in measured.items()}
        cpu = {name: m.cpu for name, m in measured.items()}
        floor, cpu_floor = best["click hello"], cpu["click hello"]
        print(f"start-up: {machine()}; {args.runs} runs each, best wall and best CPU seconds")
        print(f"{'command':<12} {'wall s':>8} {'x click':>8} {'CPU s':>8} {'x click':>8}  litellm")
        print(f"{'click hello':<12} {floor:8.3f} {1.0:8.2f} {cpu_floor:8.3f} {1.0:8.2f}  -")
        worst, worst_name, heavy = 0.0, "", []
        for name, argv in {"typer hello": None, **commands}.items():
            ratio, cpu_ratio = best[name] / floor, cpu[name] / cpu_floor
            imported = "-"
            if argv is not None:
                if cpu_ratio > worst:
                    worst, worst_name = cpu_ratio, name
                imported = "IMPORTED" if imports_litellm(argv, env) else "no"
                if imported == "IMPORTED":
                    heavy.append(name)
            print(
                f"{name:<12} {best[name]:8.3f} {ratio:8.2f} {cpu[name]:8.3f} {cpu_ratio:8.2f}"
                f"  {imported}"
            )
        # CPU time: wall time on a loaded machine measures the neighbours as much.
        search_ratio = cpu["search"] / cpu_floor
    return report(
        [
            Goal(
                "startup",
                "start-up: memctl search vs hello-world click app (CPU)",
                f"{search_ratio:.2f}x",
                "<= 2.00x",
                search_ratio <= 2.0,
                f"click {cpu_floor:.3f}s CPU; worst light command {worst:.2f}x ({worst_name}); "
                f"wall {best['search'] / floor:.2f}x",
            ),
            Goal(
                "startup",
                "start-up: runs that count (every run exits 0; search prints its hits)",
                f"{len(rounds) - len(failed)} of {len(rounds)}",
                f"{len(rounds)} of {len(rounds)}",
                not failed,
                "; ".join(failed),
            ),
            Goal(
                "startup",
                "start-up: commands importing litellm (-X importtime)",
                ", ".join(heavy) or "none",
                "none",
                not heavy,
            ),
        ]
    )


if __name__ == "__main__":
    raise SystemExit(main())
