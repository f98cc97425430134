"""How soon `memctl mcp` answers `initialize` from a cold start (issue 22 item 11).

An MCP client starts the server and waits for its answer to `initialize`; Codex left
the memory tools out of the first request when it came late (9 of 21 sessions at
0.7-0.9 s). Each round spawns the installed `memctl -w WS mcp`, writes `initialize`
at once, and takes the time from the spawn to its answer, then to the answer of the
`tools/list` sent after it; and runs `memctl --version` (the process start every
command pays) in the same round. The table shows the best of N rounds, and whether a
round wrote anything on stderr (a client logs it as an error).

    python bench/mcp_start.py [--runs 15]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import tempfile
import time
from pathlib import Path

from benchlib import Goal, bench_env, machine, memctl_executable, report, run_once

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "bench", "version": "0"},
    },
}
AFTER = [
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
    {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}},
]
GOAL_SECONDS = 0.25


def one_session(memctl: str, root: Path, env: dict[str, str]) -> tuple[float, float, int, str]:
    """(seconds to the initialize answer, to the tools/list answer, tools listed, stderr)."""
    started = time.perf_counter()
    process = subprocess.Popen(
        [memctl, "-w", str(root), "mcp"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert process.stdin and process.stdout and process.stderr
    process.stdin.write(json.dumps(INITIALIZE).encode() + b"\n")
    process.stdin.flush()
    answer = json.loads(process.stdout.readline())
    initialized = time.perf_counter() - started
    assert answer["id"] == 1, answer
    process.stdin.write(b"".join(json.dumps(m).encode() + b"\n" for m in AFTER))
    process.stdin.flush()
    listed = json.loads(process.stdout.readline())
    tools_at = time.perf_counter() - started
    process.stdin.close()
    stderr = process.stderr.read().decode(errors="replace")
    process.wait()
    return initialized, tools_at, len(listed["result"]["tools"]), stderr


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    env = bench_env()
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed memctl runs from bytecode
    memctl = memctl_executable()
    with tempfile.TemporaryDirectory(prefix="memctl-mcp-start-") as tmp:
        root = Path(tmp) / "ws"
        subprocess.run([memctl, "init", str(root)], env=env, check=True, capture_output=True)
        (root / "MEMORY.md").write_text("- We deploy on Fridays.\n", encoding="utf-8")
        one_session(memctl, root, env)  # the bytecode of every module written once
        version, initialize, tools, counts, noisy = [], [], [], set(), 0
        for _ in range(args.runs):
            version.append(run_once([memctl, "--version"], env=env).seconds)
            seconds, listed_at, count, stderr = one_session(memctl, root, env)
            initialize.append(seconds)
            tools.append(listed_at)
            counts.add(count)
            noisy += bool(stderr)
    best_version, best_init, best_tools = min(version), min(initialize), min(tools)
    print(f"mcp start: {machine()}; {args.runs} rounds, best wall seconds")
    print(f"{'what':<34} {'best s':>8} {'median s':>9} {'x --version':>12}")
    for name, times in (
        ("memctl --version", version),
        ("mcp: spawn to initialize answer", initialize),
        ("mcp: spawn to tools/list answer", tools),
    ):
        median = sorted(times)[len(times) // 2]
        print(f"{name:<34} {min(times):8.3f} {median:9.3f} {min(times) / best_version:12.2f}")
    print(f"tools listed: {sorted(counts)}; rounds with stderr output: {noisy} of {args.runs}")
    note = f"--version {best_version:.3f}s; tools/list {best_tools:.3f}s"
    return report(
        [
            Goal(
                "mcp_start",
                "mcp start: spawn to the initialize answer (best wall)",
                f"{best_init:.3f}s",
                f"<= {GOAL_SECONDS:.2f}s",
                best_init <= GOAL_SECONDS,
                note,
            ),
            Goal(
                "mcp_start",
                "mcp start: rounds listing every tool, silent on stderr",
                f"{args.runs - noisy if counts == {8} else 0} of {args.runs}",
                f"{args.runs} of {args.runs}",
                counts == {8} and not noisy,
            ),
        ]
    )


if __name__ == "__main__":
    raise SystemExit(main())
