"""What the benches share: timing a subprocess, the loopback model, and goal reports.

Each bench prints its own table and ends with one `goal:` line a goal. When
MEMCTL_BENCH_REPORT names a file (bench/run sets it), the goals are also appended to
it as JSON lines, so bench/run can print one table of every goal at the end.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))  # tests.support.llm_server, the loopback model

REPORT_ENV = "MEMCTL_BENCH_REPORT"


@dataclass
class Goal:
    """One goal of issue 7: what was measured against what was asked."""

    bench: str
    name: str
    measured: str
    target: str
    holds: bool
    note: str = ""

    def line(self) -> str:
        verdict = "ok" if self.holds else "MISSED"
        extra = f"; {self.note}" if self.note else ""
        return f"goal: {self.name}: {self.measured} (goal {self.target}): {verdict}{extra}"


def report(goals: list[Goal]) -> int:
    """Print the goal lines, append them to the bench/run report; exit code 1 on a miss."""
    for goal in goals:
        print(goal.line())
    target = os.environ.get(REPORT_ENV)
    if target:
        with open(target, "a", encoding="utf-8") as out:
            for goal in goals:
                out.write(json.dumps(asdict(goal)) + "\n")
    return 0 if all(goal.holds for goal in goals) else 1


def memctl_executable() -> str:
    """The memctl installed beside this Python (the console script users run)."""
    beside = Path(sys.executable).parent / "memctl"
    return str(beside) if beside.exists() else "memctl"


def bench_env(**extra: str) -> dict[str, str]:
    """The environment of a measured run: no user workspace or model override, no
    network fetch of litellm's price list, no proxy in front of 127.0.0.1."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMCTL_") or k == REPORT_ENV}
    env.update(
        LITELLM_LOCAL_MODEL_COST_MAP="True",
        NO_PROXY="127.0.0.1,localhost",
        no_proxy="127.0.0.1,localhost",
    )
    env.update(extra)
    return env


@dataclass
class Measure:
    seconds: float
    peak_mb: float
    exit_code: int
    output_bytes: int = 0
    cpu: float = 0.0  # user + system seconds: what a loaded, shared machine disturbs least
    lines: int = 0  # lines of output (hits, for search and grep)
    # Every run's exit code and line count: a best-of counts only when they all agree.
    exit_codes: tuple[int, ...] = ()
    line_counts: tuple[int, ...] = ()

    def consistent(self, exit_code: int = 0) -> bool:
        """Whether every run exited `exit_code` and printed as many lines as the others."""
        return set(self.exit_codes or (self.exit_code,)) == {exit_code} and (
            len(set(self.line_counts or (self.lines,))) == 1
        )


def run_once(argv: list[str] | str, cwd: Path | None = None, env: dict | None = None) -> Measure:
    """One run; stdout goes to a real file, never /dev/null: GNU grep notices /dev/null
    and stops at the first match, which would not be a fair race. Peak RSS from wait4."""
    shell = isinstance(argv, str)
    with open(os.devnull, "wb") as devnull, tempfile.TemporaryFile() as out:
        started = time.perf_counter()
        process = subprocess.Popen(argv, cwd=cwd, env=env, shell=shell, stdout=out, stderr=devnull)
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        size = out.tell()
        out.seek(0)
        lines = sum(block.count(b"\n") for block in iter(lambda: out.read(1 << 20), b""))
    cpu = usage.ru_utime + usage.ru_stime
    return Measure(elapsed, usage.ru_maxrss / 1024, process.returncode, size, cpu, lines)


def best_in_rounds(
    commands: dict[str, list[str] | str],
    runs: int,
    cwd: Path | None = None,
    env: dict | None = None,
) -> dict[str, Measure]:
    """`best_of` for several commands taken in rounds (one run of each in turn), so that a
    busy moment of a shared machine weighs on all of them alike: their ratios are fair."""
    samples: dict[str, list[Measure]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, argv in commands.items():
            samples[name].append(run_once(argv, cwd, env))
    return {name: _best(measures) for name, measures in samples.items()}


def best_of(
    argv: list[str] | str, runs: int, cwd: Path | None = None, env: dict | None = None
) -> Measure:
    """The fastest of `runs` runs (the machine may be shared: the best run is the one
    least disturbed), the highest peak RSS, the first run's exit code and output size, and
    every run's exit code and line count (see `Measure.consistent`)."""
    return _best([run_once(argv, cwd, env) for _ in range(runs)])


def _best(samples: list[Measure]) -> Measure:
    return Measure(
        min(s.seconds for s in samples),
        max(s.peak_mb for s in samples),
        samples[0].exit_code,
        samples[0].output_bytes,
        min(s.cpu for s in samples),
        samples[0].lines,
        tuple(s.exit_code for s in samples),
        tuple(s.lines for s in samples),
    )


@contextmanager
def loopback_model(workspace: Path, **config: Any) -> Iterator[Any]:
    """A loopback OpenAI-compatible server (tests/support/llm_server.py) configured as the
    workspace's model; yields the server, whose `requests` the bench inspects.

    The server also keeps `sizes`, its own token measure of each request (body
    characters / 4, what decides an overflow), and `overflows`, how many requests it
    answered with context_length_exceeded.
    """
    from tests.support.llm_server import (
        TEST_KEY,
        TEST_KEY_ENV,
        LLMServer,
        estimate_tokens,
        write_model_config,
    )

    os.environ[TEST_KEY_ENV] = TEST_KEY
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    os.environ["NO_PROXY"] = os.environ["no_proxy"] = "127.0.0.1,localhost"
    server = LLMServer()
    server.sizes = []
    server.overflows = 0
    answer_for = server.answer_for

    def measured(raw: bytes, headers: dict[str, str] | None = None) -> Any:
        answer = answer_for(raw, headers)
        server.sizes.append(estimate_tokens(raw))
        server.overflows += answer.status == 400 and b"context_length_exceeded" in answer.body
        return answer

    server.answer_for = measured
    server.start()
    try:
        write_model_config(workspace, server, **config)
        yield server
    finally:
        server.stop()


def utc_workspace(root: Path) -> tuple[Any, Any]:
    """A new workspace at `root` on the builtin model, in UTC (so a run's ledger names and
    headings do not depend on the machine's time zone): (Workspace, Config)."""
    from memctl.core.config import load_config
    from memctl.core.workspace import Workspace, init_workspace

    init_workspace(root)
    (root / "memctl.yaml").write_text("timezone: UTC\n")
    return Workspace(root, "UTC"), load_config(root / "memctl.yaml")


ASSISTANT = "Assistant"
"""The speaker name a held-out set gives an AI assistant. Its turns go into the thread as
an agent's do, with role assistant and no name: a named speaker is a person in chat. Any
name memctl reads as an AI assistant's ("Claude", "ChatGPT": `said.ai_assistant`) is
taken as this one."""


def _an_assistant(speaker: str) -> bool:
    from memctl.core.said import ai_assistant

    return ai_assistant(speaker)


def user_of(speakers: list[str]) -> str:
    """Who a held-out conversation's user is: its first speaker who is not an AI
    assistant (an assistant that greets first is still the assistant)."""
    return next((speaker for speaker in speakers if not _an_assistant(speaker)), ASSISTANT)


def chat_turn(speaker: str, first: str, content: str, ts: str) -> dict[str, str]:
    """One turn of a held-out conversation as a thread entry: `first` (`user_of` the
    speakers) is the user, everyone else an assistant, and an AI assistant (`ASSISTANT`,
    "Claude", "ChatGPT") is one with no name, whoever spoke first, as builtin reads it."""
    if _an_assistant(speaker):
        return {"role": "assistant", "content": content, "ts": ts}
    entry = {"role": "user" if speaker == first else "assistant", "name": speaker}
    return entry | {"content": content, "ts": ts}


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{os.cpu_count()} CPUs ({cpu}); Python {sys.version.split()[0]}"
