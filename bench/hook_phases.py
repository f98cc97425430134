"""Where the prompt hook's CPU goes, phase by phase: bench/hook_prompt.py's workspace.

For each of the 47 questions of bench/data/casual_conversations.txt, one process (as
the installed hook runs) imports what the prompt hook imports in four groups, then runs
`memctl hook claude-code` on the question (UserPromptSubmit on stdin) with the stages
of recall and of the hook wrapped in CPU timers (`time.process_time`; a stage called
inside another counts in both). Prints each phase's mean and p95 over the prompts, and
the interpreter's start (`memctl --version`'s CPU) beside them. CPU time, not wall: a
machine shared with other work moves the wall, much less the CPU. A workspace from
`bench/hook_prompt.py --data DIR` is read, not changed (give it
`memory: {prompt_recall_seconds: 60}` so that no step is cut short).

    python bench/hook_phases.py --data DIR [--prompts N]
"""

from __future__ import annotations

import contextlib
import importlib
import json
import sys
import time
from pathlib import Path
from typing import Any

IMPORTS = {
    "import hookrun, agents, hooks, config": (
        "memctl.cli.hookrun",
        "memctl.agents.registry",
        "memctl.agents.hooks",
        "memctl.core.config",
        "memctl.core.workspace",
    ),
    "import recall, index, semantic": (
        "memctl.models.semantic",
        "memctl.retrieval.recall",
        "memctl.retrieval.index",
        "memctl.retrieval.index.postings",
    ),
    "import supersede": ("memctl.models.supersede",),
    "import words, thesaurus, search, provenance": (
        "memctl.models.words",
        "memctl.retrieval.thesaurus",
        "memctl.retrieval.search",
        "memctl.pipeline.provenance",
    ),
}
STAGES = (
    ("memctl.core.config", "load_config"),
    ("memctl.retrieval.recall", "_load_for_ranking"),
    ("memctl.retrieval.recall", "_bm25"),
    ("memctl.retrieval.recall", "_hit"),
    ("memctl.retrieval.recall", "_collect"),
    ("memctl.retrieval.recall", "newest_first"),
    ("memctl.retrieval.recall", "_replaced_in"),
    ("memctl.retrieval.recall", "_replaced_first"),
    ("memctl.retrieval.recall", "_newer_of_subject"),
    ("memctl.retrieval.recall", "recall"),
    ("memctl.agents.hooks", "_answering"),
    ("memctl.agents.hooks", "_replaced"),
    ("memctl.agents.hooks", "recall"),
)


def one(workspace: str) -> dict[str, float]:
    """This process's phases, the hook's input on stdin."""
    spent: dict[str, float] = {}
    for label, modules in IMPORTS.items():
        started = time.process_time()
        for module in modules:
            importlib.import_module(module)
        spent[label] = time.process_time() - started
    for module, name in STAGES:
        owner = sys.modules[module]
        key = f"{module.rsplit('.', 1)[-1]}.{name}"
        setattr(owner, name, _timed(getattr(owner, name), key, spent))
    from memctl.cli.app import main

    sys.argv = ["memctl", "-w", workspace, "hook", "claude-code"]
    with contextlib.suppress(SystemExit):
        main()
    spent["the whole process"] = time.process_time()
    return spent


def _timed(function: Any, key: str, spent: dict[str, float]) -> Any:
    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            spent[key] = spent.get(key, 0.0) + time.process_time() - started

    return timed


def main() -> int:
    import argparse
    import statistics
    import subprocess

    from benchlib import bench_env, machine
    from hook_prompt import prompt
    from recall_eval import DATA, parse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, help="the workspace of hook_prompt.py --data")
    parser.add_argument("--prompts", type=int, default=47)
    args = parser.parse_args()
    if args.data is None:
        parser.error("--data DIR is required (a workspace of bench/hook_prompt.py --data)")
    root = args.data.resolve()
    questions = [q.text for q in parse(DATA.read_text(encoding="utf-8")).questions]
    env = bench_env()
    print(f"hook_phases: {machine()}")
    transcript = root / ".bench-hook-phases.jsonl"
    runs: list[dict[str, float]] = []
    for question in questions[: args.prompts]:
        done = subprocess.run(
            [sys.executable, __file__, CHILD, str(root)],
            input=prompt(question, transcript),
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        runs.append(json.loads(done.stdout))
    started = subprocess.run(
        [
            sys.executable,
            "-c",
            "import time; from memctl import __version__; print(time.process_time())",
        ],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    print(f"the interpreter's start (import memctl): {float(started.stdout) * 1000:.1f} ms CPU")
    print(f"{'phase':45s} {'mean':>7s} {'p95':>7s}  (ms CPU, {len(runs)} prompts)")
    keys = list(dict.fromkeys(key for run in runs for key in run))
    for key in keys:
        values = sorted(run.get(key, 0.0) for run in runs)
        p95 = statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]
        print(f"{key:45s} {statistics.mean(values) * 1000:7.1f} {p95 * 1000:7.1f}")
    return 0


CHILD = "--child"
"""A process of one prompt: it imports nothing of the bench's (their imports would count)."""

if __name__ == "__main__":
    if sys.argv[1:2] == [CHILD]:
        sys.stdout = sys.stderr  # the hook's answer is not this bench's output
        json.dump(one(sys.argv[2]), sys.__stdout__)
        raise SystemExit(0)
    raise SystemExit(main())
