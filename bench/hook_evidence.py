"""What the UserPromptSubmit hook injects for held-out questions: kept evidence, noise.

The conversations of a recall_eval data file (each session a thread) are flushed and
consolidated by the builtin model into one workspace, and each question is then sent
to the prompt hook's recall (`memctl.agents.hooks.recall`, in-process: what the hook
prints under its header). For each question it counts:

- injected: the hook injected anything;
- evidence: an injected line comes from the question's evidence turn (its ledger line's
  thread entry, by `memctl explain`; a MEMORY.md line through its ledger sources);
- answer: every answer word is in the injected text (`fidelity.answer_found`), for the
  data files whose questions give their answer (`? KEY SPLIT | question | answer`).

It also sends the prompts of audit 11 #7 (questions memory cannot answer) to a small
workspace of two unrelated facts, and to each data file's workspace, and counts what is
injected for them.

Run it on main and on a branch in the same hour: `--code DIR` runs the memctl package of
another checkout (DIR/memctl) with this venv's dependencies.

    python bench/hook_evidence.py [--data FILE ...] [--code DIR] [--show]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
if "--code" in sys.argv[:-1]:  # before anything imports memctl (benchlib puts this tree first)
    import benchlib  # noqa: F401

    sys.path.insert(0, str(Path(sys.argv[sys.argv.index("--code") + 1]).resolve()))

from fidelity import answer_found
from recall_eval import DATA, build, parse

UNRELATED_FACTS = (
    "The on-call rotation changes every Wednesday.",
    "We moved the retro to Thursdays.",
)
UNRELATED_PROMPTS = (
    "What is the new printer called?",
    "how many requests per minute can we send?",
    "The load balancer is called lb-west-2.",
    "Erin owns the billing service.",
)


def sources_of(ws: object, source: str) -> set[tuple[str, int]]:
    """(thread path, entry) of the turns an injected line was taken from."""
    from memctl.core.errors import MemctlError
    from memctl.pipeline.provenance import explain

    try:
        found = explain(ws, source)  # type: ignore[arg-type]
    except MemctlError:  # a line explain cannot place is no evidence
        return set()
    origins = list(found.ledger) + [o for b in found.bullets for o in b.sources]
    return {
        (f"threads/{o.entry.thread}.jsonl", o.entry.index) for o in origins if o.entry is not None
    }


def run(path: Path, show: bool) -> None:
    from memctl.agents.hooks import recall
    from memctl.core.config import load_config
    from memctl.core.workspace import Workspace
    from memctl.models.resolve import resolve_model
    from memctl.pipeline.consolidate import consolidate
    from memctl.pipeline.flush import flush

    text = path.read_text(encoding="utf-8")
    answers: dict[str, str] = {}
    for line in text.splitlines():
        if line.startswith("? ") and line.count(" | ") >= 2:
            head, _, rest = line[2:].partition(" | ")
            answers[head.split()[0]] = rest.partition(" | ")[2].strip()
    data = parse(text)
    with tempfile.TemporaryDirectory(prefix="memctl-bench-hookev-") as scratch:
        root = Path(scratch) / "ws"
        build(root, data)
        ws = Workspace(root, "UTC")
        config = load_config(root / "memctl.yaml")
        model = resolve_model(ws, config.memory_model)
        flush(ws, config, model)
        consolidate(ws, config, model)
        injected = evidence = answered = asked = 0
        for q in data.questions:
            context = recall(ws, config, q.text)
            lines = context.splitlines()[1:] if context else []
            injected += bool(lines)
            turns: set[tuple[str, int]] = set()
            for line in lines:
                source = line.rpartition(" (")[2].rstrip(")")
                turns |= sources_of(ws, source)
            hit = bool(turns & q.evidence)
            evidence += hit
            answer = answers.get(q.key)
            if answer:
                asked += 1
                answered += answer_found(answer, "\n".join(lines))
            if show:
                print(f"{q.key} {'E' if hit else '-'} {len(lines)} lines | {q.text}")
        print(
            f"{path.name}: {len(data.questions)} questions; injected {injected}, "
            f"an evidence turn's line injected {evidence}"
            + (f", answer words injected {answered} of {asked}" if asked else "")
        )
        # The prompts memory cannot answer, on this workspace's memory: what a word they
        # share with many of its records (a common one: "new") brings in.
        noise = 0
        for prompt in UNRELATED_PROMPTS:
            context = recall(ws, config, prompt)
            noise += len(context.splitlines()) - 1 if context else 0
        print(f"{path.name}: unrelated prompts ({len(UNRELATED_PROMPTS)}): {noise} lines injected")


def unrelated() -> None:
    from memctl.agents.hooks import recall
    from memctl.core.config import load_config
    from memctl.core.workspace import Workspace, init_workspace
    from memctl.pipeline.save import save

    with tempfile.TemporaryDirectory(prefix="memctl-bench-hookev-") as scratch:
        root = Path(scratch) / "ws"
        init_workspace(root)
        ws = Workspace(root, "UTC")
        config = load_config(root / "memctl.yaml")
        for fact in UNRELATED_FACTS:
            save(ws, config, fact)
        count = 0
        for prompt in UNRELATED_PROMPTS:
            context = recall(ws, config, prompt)
            count += len(context.splitlines()) - 1 if context else 0
        print(f"unrelated prompts ({len(UNRELATED_PROMPTS)}): {count} facts injected")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, action="append")
    parser.add_argument("--show", action="store_true")
    parser.add_argument("--code", type=Path, help="a checkout whose memctl package to run")
    args = parser.parse_args()
    import memctl

    print(f"memctl from {Path(memctl.__file__).parent.parent.name}")
    unrelated()
    for path in args.data or [DATA]:
        run(path, args.show)


if __name__ == "__main__":
    main()
