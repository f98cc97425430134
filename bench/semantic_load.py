"""The semantic leg's fixed cost: what a process pays to embed its first query.

Every `memctl recall`, prompt hook (under `recall.semantic: on`) and MCP server with the
`memctl[semantic]` extra loads WordLlama once before its first query. This bench runs
that load in a fresh interpreter, step by step, `--runs` times, and prints each step's
median CPU and wall time (CPU is what a loaded shared machine disturbs less):

- `--way memctl` (default): as `memctl.models.semantic` loads it: numpy and tokenizers
  imported, WordLlama's inference module alone (`_inference_class`), the tokenizer read
  from its file, the weights' matrix mapped (`_mapped_matrix`), the model built on them,
  then the first query embedded;
- `--way wordllama`: through the documented `WordLlama.load` (the package imported
  whole: its configuration and download modules too; the weights read and widened to
  float32), as memctl loaded it before.

With `--workspace DIR` (a workspace whose index holds the leg's vectors, e.g.
`recall_scale.py --semantic --data DIR`'s), it also times, in this process, what a
recall reads of the vector store each time (CPU, best of `--runs`): the records still
to embed (`embed.pending`), and the nearest search (`embed.nearest`: every vector read,
scored against a fixed query vector, the 800 nearest chosen).

`--store-only` skips the load, and `--checkout DIR` times another checkout of memctl's
store reads (a worktree of main, say: its `embed.pending` and `embed.nearest`) instead of
this one's.

    python bench/semantic_load.py [--runs 7] [--way memctl|wordllama] [--workspace DIR]
        [--store-only] [--checkout DIR]
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from benchlib import machine

STEPS = """
import json, sys, time
steps = []
wall, cpu = time.perf_counter(), time.process_time()
def step(name):
    global wall, cpu
    now, used = time.perf_counter(), time.process_time()
    steps.append((name, used - cpu, now - wall))
    wall, cpu = time.perf_counter(), time.process_time()
from memctl.models import semantic
folder = semantic._package_folder()
weights, tokenizer_file = semantic.model_files(folder)
step("memctl.models.semantic imported")
import numpy
step("numpy imported")
import tokenizers
step("tokenizers imported")
if sys.argv[1] == "memctl":
    inference = semantic._inference_class()
    step("wordllama.inference imported (alone)")
    tokenizer = tokenizers.Tokenizer.from_file(str(tokenizer_file))
    step("tokenizer read from its file")
    matrix = semantic._mapped_matrix(weights)
    step("weights' matrix mapped (float16)")
    model = inference(matrix[:0], tokenizer, binary=False)
    model.embedding = matrix
    step("model built")
else:
    import wordllama
    step("wordllama imported (the package)")
    model = wordllama.WordLlama.load(
        config=semantic.MODEL, cache_dir=folder, dim=semantic.DIM, disable_download=True
    )
    step("WordLlama.load (tokenizer, weights, float32 copy)")
model.embed(["which database did the ledger service move to"], norm=True)
step("first query embedded")
print(json.dumps(steps))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--way", choices=("memctl", "wordllama"), default="memctl")
    parser.add_argument("--workspace", type=Path, help="also time the vector store's reads")
    parser.add_argument("--store-only", action="store_true", help="only the store's reads")
    parser.add_argument("--checkout", type=Path, help="the memctl checkout whose reads to time")
    args = parser.parse_args()
    if args.checkout is not None:  # before anything of memctl is imported
        sys.path.insert(0, str(args.checkout.resolve()))
    if args.store_only:
        if args.workspace is None:
            parser.error("--store-only needs --workspace")
        store(args.workspace, args.runs)
        return 0
    from memctl.models.semantic import installed

    if not installed():
        print("semantic_load: needs the memctl[semantic] extra (WordLlama)", file=sys.stderr)
        return 2
    runs = []
    for _ in range(args.runs):
        done = subprocess.run(
            [sys.executable, "-c", STEPS, args.way], capture_output=True, text=True, check=True
        )
        runs.append(json.loads(done.stdout))
    print(f"semantic_load: {machine()}; --way {args.way}, median of {args.runs} fresh processes")
    print(f"{'step':52s} {'CPU ms':>8s} {'wall ms':>8s}")
    totals = [0.0, 0.0]
    for at, (name, *_) in enumerate(runs[0]):
        cpu = statistics.median(run[at][1] for run in runs) * 1000
        wall = statistics.median(run[at][2] for run in runs) * 1000
        print(f"{name:52s} {cpu:8.1f} {wall:8.1f}")
        if at:  # memctl's own module is there either way
            totals[0] += cpu
            totals[1] += wall
    print(f"{'the leg: from numpy to the first query':52s} {totals[0]:8.1f} {totals[1]:8.1f}")
    if args.workspace is not None:
        store(args.workspace, args.runs)
    return 0


def store(root: Path, runs: int) -> None:
    """What a recall reads of the vector store, timed on `root`'s index."""
    import contextlib
    import sqlite3

    from memctl.core.workspace import Workspace
    from memctl.models.semantic import NAME
    from memctl.retrieval import embed
    from memctl.retrieval.embed import VECTOR_CANDIDATES
    from memctl.retrieval.index import index_path

    class Fixed:
        """WordLlama's name, and one fixed unit vector for any query (no model load)."""

        name, context = NAME, True

        def embed(self, texts: list[str]) -> list[list[float]]:
            return [[1 / 16] * 256 for _ in texts]

        def cost(self, tokens: int) -> float | None:
            return 0.0

    path = index_path(Workspace(root.resolve()))
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
        steps = [
            ("records still to embed (embed.pending)", lambda: embed.pending(conn, NAME)),
            (
                "the 800 nearest: every vector read and scored (embed.nearest)",
                lambda: embed.nearest(conn, Fixed(), "query", VECTOR_CANDIDATES),
            ),
        ]
        (count,) = conn.execute("SELECT count(*) FROM vectors").fetchone()
        print(f"memctl at {Path(embed.__file__).parents[2]}")
        print(f"the vector store of {count:,} vectors, CPU ms (median, best) of {runs} runs")
        for name, work in steps:
            work()  # numpy's import, the first pages read
            times = []
            for _ in range(runs):
                used = time.process_time()
                work()
                times.append(time.process_time() - used)
            median, best = statistics.median(times) * 1000, min(times) * 1000
            print(f"{name:62s} {median:8.1f} {best:8.1f}")
        print(f"peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    raise SystemExit(main())
