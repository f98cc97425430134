"""memory_recall on a huge tool result: the snippet's redaction against the record's size.

A thread holds one tool result of `--mb` MB (shell output in the bench vocabulary,
with `token=` settings and keys scattered through it, the question's words once in the
middle). `recall()` (what the memory_recall tool and `memctl recall` run) is timed in
this process once the index is built, best of `--runs`. Baseline, side by side: the
same snippet made the way it was before, the whole record redacted and then cut, on the
same text (the two snippets must be equal). Goal: recall ≤ 0.5 s on 20 MB.

    python bench/recall_huge.py [--mb 20] [--runs 5]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

from benchlib import Goal, machine, report, utc_workspace

GOAL_SECONDS = 0.5
QUERY = "zebra migration"


def result_text(megabytes: float) -> str:
    rng = random.Random(7)
    words = [
        "deploy",
        "the",
        "build",
        "ran",
        "on",
        "tuesday",
        "with",
        "postgres",
        "and",
        "ok",
        "token=abcdefgh1234",
    ]
    words += ["ghp_" + "Zq8" * 12, "password=hunter2hunter2", "sk-proj-" + "a1B2" * 8]
    size = int(megabytes * 1_000_000)
    text = " ".join(rng.choice(words) for _ in range(size // 6))[:size]
    middle = text.index(" ", len(text) // 2)
    return text[:middle] + " the zebra migration finished " + text[middle:]


def tool_hit(hits: list) -> object:
    (hit,) = [hit for hit in hits if hit.role == "tool"]
    return hit


def main() -> int:
    from memctl.core.threads import encode_entry, message_text
    from memctl.retrieval.recall import SNIPPET_CHARS, query_terms, recall
    from memctl.retrieval.search import snippet

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=20.0, help="size of the tool result")
    parser.add_argument("--runs", type=int, default=5, help="runs (best of)")
    args = parser.parse_args()
    print(machine())
    text = result_text(args.mb)
    call = {"id": "c1", "type": "function", "function": {"name": "shell", "arguments": "{}"}}
    entries = [
        {"role": "user", "content": "run the migration"},
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": text},
    ]
    with tempfile.TemporaryDirectory(prefix="memctl-bench-recall-huge-") as scratch:
        ws, config = utc_workspace(Path(scratch) / "ws")
        (ws.root / "threads" / "t1.jsonl").write_bytes(b"".join(map(encode_entry, entries)))
        started = time.perf_counter()
        hit = tool_hit(recall(ws, config, QUERY).hits)
        print(f"first recall (builds the index): {time.perf_counter() - started:.2f} s")
        redactor = config.redaction.redactor()
        terms = query_terms(QUERY)
        best = {"recall": float("inf"), "whole": float("inf")}
        for _ in range(args.runs):
            started = time.perf_counter()
            hit = tool_hit(recall(ws, config, QUERY).hits)
            best["recall"] = min(best["recall"], time.perf_counter() - started)
            started = time.perf_counter()
            before = snippet(redactor.text(message_text(entries[2])), terms, SNIPPET_CHARS)
            best["whole"] = min(best["whole"], time.perf_counter() - started)
    if hit.snippet != before:
        sys.exit(f"the snippets differ:\n  {hit.snippet}\n  {before}")
    print(f"snippet: {hit.snippet}")
    print(f"{'run, ' + f'{args.mb:g} MB tool result':<52} {'best of ' + str(args.runs):>10}")
    print(f"{'recall() (window redacted, then cut)':<52} {best['recall']:>9.3f}s")
    print(f"{'baseline: the snippet of the record redacted whole':<52} {best['whole']:>9.3f}s")
    return report(
        [
            Goal(
                "recall_huge",
                f"recall on a {args.mb:g} MB tool result",
                f"{best['recall']:.3f}s",
                f"<= {GOAL_SECONDS}s",
                best["recall"] <= GOAL_SECONDS,
                f"redacting it whole to cut the snippet: {best['whole']:.3f}s",
            )
        ]
    )


if __name__ == "__main__":
    sys.exit(main())
