"""The benches must be able to fail (issue 26): what they count, checked.

bench/ holds scripts, not tests; these check the parts that decide whether a bench's
number counts: the best-of helper keeps every run's exit code and line count, bench/run
runs every bench its README names, and the held-out recall set is whole.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))


def test_best_of_n_counts_only_when_every_run_exits_alike(tmp_path: Path) -> None:
    """The audit: the fastest run's time sat beside the first run's exit code, so a
    command that failed after its first run still counted."""
    from benchlib import best_of

    marker = tmp_path / "ran"
    flaky = f"if [ -e {marker} ]; then exit 3; fi; touch {marker}; echo hit"
    measured = best_of(["sh", "-c", flaky], 3)
    assert measured.exit_codes == (0, 3, 3)
    assert not measured.consistent(0)
    steady = best_of(["sh", "-c", "echo one; echo two"], 2)
    assert steady.consistent(0) and steady.lines == 2


def test_bench_run_runs_every_bench_its_readme_names() -> None:
    tree = ast.parse((BENCH / "run").read_text(encoding="utf-8"))
    listed = next(
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "BENCHES" for t in node.targets)
    )
    assert isinstance(listed, ast.Dict)
    names = {key.value for key in listed.keys if isinstance(key, ast.Constant)}
    readme = (BENCH / "README.md").read_text(encoding="utf-8")
    named = {path.stem for path in BENCH.glob("*.py") if f"`{path.name}`" in readme}
    assert {"recall", "recall_eval", "import_incremental"} <= names
    assert named <= names


def test_the_held_out_recall_set_is_whole() -> None:
    from recall_eval import DATA, parse

    data = parse(DATA.read_text(encoding="utf-8"))
    splits = {q.split for q in data.questions}
    assert splits == {"dev", "test"}
    assert all(q.evidence for q in data.questions)
    for question in data.questions:
        for path, entry in question.evidence:
            assert 0 <= entry < len(data.threads[path])
