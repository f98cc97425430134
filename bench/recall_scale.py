"""Recall at scale: p95 latency, index size, update cost and RSS at N records.

Generates N records of conversation (threads of 100 turns with a speaker and a time,
words from bench/search.py's vocabulary plus the names and words of the held-out
questions), builds the index with recall's word table, then times in-process
`recall()` for the 47 questions of bench/data/casual_conversations.txt (p50, p95),
measures the index against the corpus, the CPU of the update after a day's ledger and
5 new entries, and the process's peak RSS. Goals (issue 26): p95 <= 50 ms at 100k and
<= 250 ms at 1M; index <= 1.0x the corpus; update < 50 ms CPU; RSS < 200 MB at 1M.
`--semantic` ranks hybrid with WordLlama (the `memctl[semantic]` extra) and also
reports how long the first recall takes to load it and embed every record.

    python bench/recall_scale.py [--records 100000] [--data PATH] [--hot] [--semantic]

The update is measured three ways, each after its own day's ledger and 5 entries: with
the recall of "one more thing" in one call (the goal's number, as before), then the
update alone (`fresh_index`) and that recall alone, so the two costs show apart; last
the update alone after a new session's log (threads/ changed: at 1M, the folder of
10,000 logs). A `--data` folder that holds the workspace of the same `--records` and
`--hot` is reused (the bench's ledgers and new log removed, today's log cut back to its
generated size) instead of generated again, which takes minutes at 1M; the index is
always built anew.

Each log's mtime is its session's day, as in a workspace that grew over a year;
`--hot` writes them all now (how this bench ran before), so that every update stats
every log (freshness trusts files older than two days between hourly sweeps).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from benchlib import Goal, machine, report
from recall_eval import DATA, parse
from search import WORDS

TURNS = 100
NAMES = ["Maya", "Theo", "Priya", "Sam", "Omar", "Clara", "Jonas", "Ines", "Lena", "Marco"]


def build(
    root: Path, records: int, rng: random.Random, vocabulary: list[str], *, hot: bool = False
) -> int:
    """The workspace; each log's mtime is its session's day (a workspace's old threads
    were written on their days) but the first's, today's thread, which the update
    appends to (freshness stats the files written in the last two days,
    `memctl.retrieval.index.freshness.HOT_NS`, and trusts older ones until the hourly
    sweep); with `hot`, every log is written now and each update stats every one."""
    from datetime import datetime

    from memctl.core.threads import encode_entry
    from memctl.core.workspace import init_workspace

    init_workspace(root)
    (root / "memctl.yaml").write_text("timezone: UTC\n", encoding="utf-8")
    size = 0
    for number in range(records // TURNS):
        pair = rng.sample(NAMES, 2)
        day = f"2025-{1 + number % 12:02d}-{1 + number % 28:02d}"
        blob = b"".join(
            encode_entry(
                {
                    "role": "user" if turn % 2 == 0 else "assistant",
                    "name": pair[turn % 2],
                    "content": " ".join(rng.choices(vocabulary, k=rng.randint(6, 24))),
                    "ts": f"{day}T12:{turn % 60:02d}:00+00:00",
                }
            )
            for turn in range(TURNS)
        )
        log = root / "threads" / f"t{number:06d}.jsonl"
        log.write_bytes(blob)
        if not hot and number:  # t000000 is today's thread, where the 5 entries go
            stamp = datetime.fromisoformat(f"{day}T13:00:00+00:00").timestamp()
            os.utime(log, (stamp, stamp))
        size += len(blob)
    return size


LEDGERS = ("2026-01-01.md", "2026-01-02.md")  # the days the bench writes
TODAY = "threads/t000000.jsonl"
NEW_LOG = "threads/t999999.jsonl"  # a new session's log, after the days
MARK = ".bench-recall-scale.json"  # what was generated, to reuse it


def prepare(root: Path, records: int, vocabulary: list[str], *, hot: bool) -> int:
    """The workspace at `root`, generated, or reused as generated when it holds the
    same records: the bench's ledgers removed, today's log cut back to its generated
    bytes, and the index removed (it is built and timed anew). Returns the corpus size."""
    import json

    mark = root / MARK
    spec = {"records": records, "hot": hot}
    try:
        saved = json.loads(mark.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        saved = {}
    if {k: saved.get(k) for k in spec} == spec:
        for name in LEDGERS:
            (root / "memory" / name).unlink(missing_ok=True)
        (root / NEW_LOG).unlink(missing_ok=True)
        os.truncate(root / TODAY, saved["today"])
        for index in (root / ".memctl").glob("index.*"):
            index.unlink()
        return int(saved["corpus"])
    if root.exists():
        shutil.rmtree(root)
    corpus = build(root, records, random.Random(26), vocabulary, hot=hot)
    today = (root / TODAY).stat().st_size
    mark.write_text(json.dumps({**spec, "corpus": corpus, "today": today}), encoding="utf-8")
    return corpus


def a_day(root: Path, ledger: str, vocabulary: list[str]) -> None:
    """A day's ledger of 60 lines and 5 new entries in today's log."""
    from memctl.core.threads import encode_entry

    (root / "memory" / ledger).write_text(
        "".join(f"- {' '.join(random.choices(vocabulary, k=12))}\n" for _ in range(60)),
        encoding="utf-8",
    )
    with (root / TODAY).open("ab") as log:
        for _ in range(5):
            log.write(encode_entry({"role": "user", "content": "one more thing to recall"}))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--data", type=Path, help="folder for the workspace (kept)")
    parser.add_argument(
        "--hot", action="store_true", help="every log written now (before 2026-12-04's runs)"
    )
    parser.add_argument(
        "--semantic", action="store_true", help="hybrid: BM25 fused with WordLlama's leg"
    )
    args = parser.parse_args()
    from memctl.core.config import load_config
    from memctl.core.workspace import Workspace
    from memctl.retrieval.index import fresh_index
    from memctl.retrieval.recall import recall

    questions = [q.text for q in parse(DATA.read_text(encoding="utf-8")).questions]
    asked = {w.strip("?,.'s").lower() for q in questions for w in q.split()}
    vocabulary = list(WORDS) + sorted(w for w in asked if len(w) > 2)
    with tempfile.TemporaryDirectory(prefix="memctl-bench-recall-scale-") as scratch:
        root = (args.data or Path(scratch) / "ws").resolve()
        corpus = prepare(root, args.records, vocabulary, hot=args.hot)
        ws = Workspace(root, "UTC")
        config = load_config(root / "memctl.yaml")
        started = time.perf_counter()
        recall(ws, config, "warm up")  # builds the index and its postings
        built = time.perf_counter() - started
        embedder = None
        if args.semantic:
            from memctl.models.semantic import WordLlamaEmbedder

            embedder = WordLlamaEmbedder()
            started = time.perf_counter()
            recall(ws, config, "warm up", embedder=embedder)  # loads it, embeds every record
            print(f"semantic leg: loaded and embedded in {time.perf_counter() - started:.1f}s")
        index = root / ".memctl" / "index.sqlite"
        size = sum(p.stat().st_size for p in (index, Path(f"{index}-wal")) if p.exists())
        times, cpu = [], []
        for question in questions * 2:
            started, used = time.perf_counter(), time.process_time()
            recall(ws, config, question, embedder=embedder)
            times.append(time.perf_counter() - started)
            cpu.append(time.process_time() - used)
        p50 = statistics.median(times)
        p95 = statistics.quantiles(times, n=20)[-1]
        # On a shared machine wall time is CPU time plus the wait for a CPU.
        cpu50, cpu95 = statistics.median(cpu), statistics.quantiles(cpu, n=20)[-1]
        a_day(root, LEDGERS[0], vocabulary)
        before = time.process_time()
        recall(ws, config, "one more thing", embedder=embedder)
        update_cpu = time.process_time() - before
        a_day(root, LEDGERS[1], vocabulary)
        before = time.process_time()
        with fresh_index(ws, [], words=True, redactor=config.redaction.secret_check()) as (
            _,
            done,
        ):
            update_alone = time.process_time() - before
        before = time.process_time()
        recall(ws, config, "one more thing", embedder=embedder)
        recall_alone = time.process_time() - before
        from memctl.core.threads import encode_entry

        (root / NEW_LOG).write_bytes(encode_entry({"role": "user", "content": "a new session"}))
        before = time.process_time()
        with fresh_index(ws, [], words=True, redactor=config.redaction.secret_check()):
            new_log = time.process_time() - before
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    ratio = size / corpus
    print(f"recall_scale: {machine()}")
    print(
        f"{args.records:,} records, corpus {corpus / 1e6:.1f} MB; index built in {built:.1f}s, "
        f"{size / 1e6:.1f} MB ({ratio:.2f}x); recall p50 {p50 * 1000:.0f} ms, "
        f"p95 {p95 * 1000:.0f} ms (CPU p50 {cpu50 * 1000:.0f} ms, p95 {cpu95 * 1000:.0f} ms); "
        f"update + recall {update_cpu * 1000:.0f} ms CPU; "
        f"peak RSS {rss:.0f} MB"
    )
    print(
        f"the next day: update alone {update_alone * 1000:.0f} ms CPU ({done.files:,} files, "
        f"{done.checked} stat'ed, {done.indexed} indexed, {done.records} records); "
        f"recall alone {recall_alone * 1000:.0f} ms CPU; the update after a new thread log "
        f"(threads/ changed) {new_log * 1000:.0f} ms CPU"
    )
    limit = 0.05 if args.records <= 100_000 else 0.25
    return report(
        [
            Goal(
                "recall_scale",
                f"recall p95 at {args.records:,} records (in-process)",
                f"{p95 * 1000:.0f} ms",
                f"<= {limit * 1000:.0f} ms",
                p95 <= limit,
                f"p50 {p50 * 1000:.0f} ms; CPU p95 {cpu95 * 1000:.0f} ms, p50 {cpu50 * 1000:.0f} ms",
            ),
            Goal(
                "recall_scale",
                "recall: index with word table / corpus",
                f"{ratio:.2f}x",
                "<= 1.00x",
                ratio <= 1.0,
            ),
            Goal(
                "recall_scale",
                "recall: update after a day's ledger and 5 entries, plus the recall (CPU)",
                f"{update_cpu * 1000:.0f} ms",
                "< 50 ms",
                update_cpu < 0.05,
            ),
            Goal(
                "recall_scale",
                "recall: the update alone after the next day's ledger and 5 entries (CPU)",
                f"{update_alone * 1000:.0f} ms",
                "< 50 ms",
                update_alone < 0.05,
                f"the recall alone {recall_alone * 1000:.0f} ms CPU",
            ),
            Goal(
                "recall_scale",
                "recall: the update alone after a new thread log (CPU)",
                f"{new_log * 1000:.0f} ms",
                "< 50 ms",
                new_log < 0.05,
            ),
            Goal(
                "recall_scale",
                f"recall: peak RSS at {args.records:,} records",
                f"{rss:.0f} MB",
                "< 200 MB",
                rss < 200,
            ),
        ]
    )


if __name__ == "__main__":
    raise SystemExit(main())
