"""Recall on a held-out set: long casual conversations, questions in other words.

bench/data/casual_conversations.txt holds four conversations between two friends,
each over four or five sessions months apart (each session a thread log, with the
speaker's name and the session's date on every turn), and 47 questions whose
evidence turn(s) are marked. It was written by hand, before its author read
memctl's ranking code, and is not generated from recall's templates: the questions
name a person where the evidence says "I", ask "when", and use other words
("Which of Maya's pieces got picked for a show?" for "the teacher asked to put my
vase in the spring student exhibition"). The questions are split into `dev` (for
choosing ranking levers) and `test` (only reported).

For each question it runs the installed `memctl --json recall QUESTION --scope all
--limit 10` and reports R@1, R@5, R@10 and MRR (a question counts as found at the
rank of its first evidence turn), per split, beside the numbers of the code this
bench was written against (BEFORE).

    python bench/recall_eval.py [--split dev|test|all] [--data PATH] [--in-process]
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from benchlib import Goal, bench_env, machine, memctl_executable, report

DATA = Path(__file__).resolve().parent / "data" / "casual_conversations.txt"
# measured on main at 05ff884 (BM25 + recency), `python bench/recall_eval.py`
BEFORE = {
    "dev": {"R@1": 0.17, "R@5": 0.38, "R@10": 0.42, "MRR": 0.25},
    "test": {"R@1": 0.04, "R@5": 0.17, "R@10": 0.26, "MRR": 0.09},
}
GOAL_R10 = 0.85  # BM25 alone
GOAL_HYBRID_R10 = 0.90  # with the semantic leg


@dataclass
class Question:
    key: str
    split: str
    text: str
    evidence: set[tuple[str, int]] = field(default_factory=set)  # (thread path, entry)


@dataclass
class Data:
    threads: dict[str, list[dict[str, str]]]
    questions: list[Question]


def parse(text: str) -> Data:
    """The data file: conversations, sessions, turns with evidence tags, questions."""
    threads: dict[str, list[dict[str, str]]] = {}
    questions: dict[str, Question] = {}
    evidence: dict[str, set[tuple[str, int]]] = {}
    conv = path = day = ""
    speakers: list[str] = []
    session = 0
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("=== "):
            conv, session, speakers = line[4:].strip(), 0, []
        elif line.startswith("--- "):
            session += 1
            day = line[4:].strip()
            path = f"threads/{conv}-s{session}.jsonl"
            threads[path] = []
        elif line.startswith("? "):
            head, _, asked = line[2:].partition(" | ")
            key, split = head.split()
            questions[key] = Question(key, split, asked.strip())
        else:
            speaker, _, said = line.partition(": ")
            tags = re.search(r"\s*\[(q\d+(?:,q\d+)*)\]\s*$", said)
            if tags:
                said = said[: tags.start()]
                for key in tags[1].split(","):
                    evidence.setdefault(key, set()).add((path, len(threads[path])))
            if speaker not in speakers:
                speakers.append(speaker)
            turn = len(threads[path])
            threads[path].append(
                {
                    "role": "user" if speakers.index(speaker) == 0 else "assistant",
                    "name": speaker,
                    "content": said,
                    "ts": f"{day}T{18 + turn // 30:02d}:{turn * 2 % 60:02d}:00+00:00",
                }
            )
        if not path and not line.startswith(("===", "?")):
            raise SystemExit(f"{DATA.name}:{number}: a turn before any session")
    for key, question in questions.items():
        if key not in evidence:
            raise SystemExit(f"{DATA.name}: question {key} has no evidence turn")
        question.evidence = evidence[key]
    return Data(threads, list(questions.values()))


def build(root: Path, data: Data) -> None:
    from memctl.core.threads import encode_entry
    from memctl.core.workspace import init_workspace

    init_workspace(root)
    (root / "memctl.yaml").write_text("timezone: UTC\n", encoding="utf-8")
    for path, entries in data.threads.items():
        (root / path).write_bytes(b"".join(encode_entry(entry) for entry in entries))


def rank_of(hits: list[dict], question: Question) -> int | None:
    for rank, hit in enumerate(hits, 1):
        if (hit["path"], hit["entry"]) in question.evidence:
            return rank
    return None


def scores(ranks: list[int | None]) -> dict[str, float]:
    count = len(ranks) or 1
    found = [rank for rank in ranks if rank is not None]
    return {
        "R@1": sum(rank <= 1 for rank in found) / count,
        "R@5": sum(rank <= 5 for rank in found) / count,
        "R@10": sum(rank <= 10 for rank in found) / count,
        "MRR": sum(1 / rank for rank in found) / count,
    }


def ask_cli(root: Path, question: str) -> list[dict]:
    """One `memctl recall` run; any exit other than 0 (hits) or 1 (none) ends the bench."""
    argv = [memctl_executable(), "-w", str(root), "--json", "recall", question]
    done = subprocess.run(
        [*argv, "--scope", "all", "--limit", "10"],
        capture_output=True,
        text=True,
        env=bench_env(),
    )
    if done.returncode not in (0, 1):
        raise SystemExit(f"memctl recall exited {done.returncode}: {done.stderr.strip()}")
    return json.loads(done.stdout)["hits"] if done.stdout.strip() else []


class WordLlamaEmbedder:
    """WordLlama's 256-dimension model from inside its wheel (cache_dir the package
    folder, downloads disabled), as an Embedder for recall's hybrid ranking: what the
    planned `memctl[semantic]` extra would fuse with BM25. `pip install wordllama`."""

    name = "wordllama:l2_supercat_256"

    def __init__(self) -> None:
        import wordllama
        from wordllama import WordLlama

        self.model = WordLlama.load(
            cache_dir=Path(wordllama.__file__).parent, disable_download=True
        )

    def embed(self, texts: list[str]) -> list[list[float]]:
        return [[float(x) for x in row] for row in self.model.embed(texts)]

    def cost(self, tokens: int) -> float | None:
        return 0.0


def ask_in_process(root: Path, embedder: object = None) -> Callable[[str], list[dict]]:
    from memctl.core.config import load_config
    from memctl.core.workspace import Workspace
    from memctl.retrieval.recall import recall

    ws = Workspace(root, "UTC")
    config = load_config(root / "memctl.yaml")

    def ask(question: str) -> list[dict]:
        found = recall(ws, config, question, 10, "all", embedder=embedder)  # type: ignore[arg-type]
        return [vars(hit) for hit in found.hits]

    return ask


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("dev", "test", "all"), default="all")
    parser.add_argument("--data", type=Path, help="folder for the workspace (kept)")
    parser.add_argument(
        "--in-process", action="store_true", help="call recall() instead of the CLI (faster)"
    )
    parser.add_argument(
        "--wordllama",
        action="store_true",
        help="in-process, hybrid: BM25 fused (RRF) with WordLlama (needs `pip install wordllama`)",
    )
    parser.add_argument("--misses", action="store_true", help="print the questions missed")
    args = parser.parse_args()
    data = parse(DATA.read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory(prefix="memctl-bench-recall-eval-") as scratch:
        root = (args.data or Path(scratch) / "ws").resolve()
        if root.exists():
            shutil.rmtree(root)
        build(root, data)
        ask: Callable[[str], list[dict]]
        if args.wordllama:
            ask = ask_in_process(root, WordLlamaEmbedder())
        elif args.in_process:
            ask = ask_in_process(root)
        else:
            ask = lambda q: ask_cli(root, q)  # noqa: E731
        splits = ("dev", "test") if args.split == "all" else (args.split,)
        measured: dict[str, dict[str, float]] = {}
        for split in splits:
            chosen = [q for q in data.questions if q.split == split]
            ranks = [rank_of(ask(q.text), q) for q in chosen]
            measured[split] = scores(ranks)
            if args.misses:
                for question, rank in zip(chosen, ranks, strict=True):
                    if rank is None or rank > 10:
                        print(f"  miss {question.key} ({split}): {question.text}")
    turns = sum(len(entries) for entries in data.threads.values())
    ranking = "hybrid, WordLlama (RRF)" if args.wordllama else "BM25"
    print(f"recall_eval: {machine()}; ranking {ranking}")
    print(
        f"held-out conversations: {len(data.threads)} sessions (threads), {turns} turns, "
        f"{len(data.questions)} questions"
    )
    print(f"{'split':<6} {'metric':<5} {'before':>7} {'now':>7}")
    for split, values in measured.items():
        for metric, value in values.items():
            print(f"{split:<6} {metric:<5} {BEFORE[split][metric]:7.2f} {value:7.2f}")
    goal = GOAL_HYBRID_R10 if args.wordllama else GOAL_R10
    goals = [
        Goal(
            "recall_eval",
            f"recall R@10 ({ranking}), held-out casual conversations ({split})",
            f"{values['R@10']:.2f}",
            f">= {goal:.2f}",
            values["R@10"] >= goal,
            f"R@1 {values['R@1']:.2f}, R@5 {values['R@5']:.2f}, MRR {values['MRR']:.2f}; "
            f"before R@10 {BEFORE[split]['R@10']:.2f}",
        )
        for split, values in measured.items()
    ]
    return report(goals)


if __name__ == "__main__":
    raise SystemExit(main())
