"""Compaction retention: planted facts after three compactions in a row (issue 25 item 5).

A long thread of small talk carries planted facts of nine kinds (paths, ids, numbers
with units, URLs, versions, decisions, open tasks, host names, a thing's number such as
"job 9002"), each kind said in several ways, with random values. The thread is compacted (`--force`), new turns with new facts arrive, and
it is compacted again, three times. A fact survives when its needle (the identifier, or
the thing decided or promised) is in the final working context (summary + kept tail) or
in a daily ledger (the flush before each compaction may have written it). A lost fact
the compactions' retention never named as dropped was lost silently (`silent`).

Three setups: the builtin model (the default, flush before compaction on), the builtin
with that flush off (the summary alone must carry the facts), and a loopback LLM that
writes lossy summaries (the first sentence of the conversation; its flushes answer
NO_REPLY). Each runs with the `Kept:` list and, as the baseline, without it (the
compaction of main before this change). The library is driven in this process.

    python bench/compaction_retention.py [--conversations 3] [--rounds 3] [--facts 12]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchlib import Goal, loopback_model, report, utc_workspace
from search import sentence

GOAL = 0.95
KEEP_MESSAGES = 6
WINDOW = 16_384
"""The main model's window: it sets the summary's budget (an eighth of it)."""

WORDS = [
    "alder",
    "basil",
    "cedar",
    "delta",
    "ember",
    "fjord",
    "garnet",
    "harbor",
    "indigo",
    "juniper",
    "kestrel",
    "lumen",
]
TOOLS = [
    "Valkey",
    "Postgres",
    "SQLite",
    "Kafka",
    "NATS",
    "Caddy",
    "Traefik",
    "Bazel",
    "Ruff",
    "uv",
    "Pulumi",
    "Tempo",
]
TASKS = [
    "rotate the {w} certificates",
    "backfill the {w} table",
    "email the {w} vendor about the invoice",
    "rerun the {w} migration on staging",
    "archive the {w} bucket",
    "write the postmortem for the {w} outage",
]
Fact = tuple[str, str]
"""(needle, the sentence that says it)."""


def plant(rng: random.Random) -> Fact:
    """One fact of a random kind, in one of several phrasings, with random values."""
    word, other = rng.sample(WORDS, 2)
    kind = rng.choice(
        ["path", "id", "number", "url", "version", "decision", "task", "host", "numbered"]
    )
    if kind == "path":
        path = rng.choice(
            [
                f"src/{word}/{other}_service.py",
                f"/etc/{word}/{other}.conf",
                f"deploy/k8s/{word}-values.yaml",
                f"~/.config/{word}/settings.toml",
                f"./scripts/{word}_{other}.sh",
            ]
        )
        said = rng.choice(
            [
                f"The bug is somewhere in {path}, I think.",
                f"I changed {path} this morning",
                f"Look at {path} before you touch anything else.",
                f"{path} holds the retry settings.",
            ]
        )
        return path, said
    if kind == "id":
        ident = rng.choice(
            [
                f"{word[:3].upper()}-{rng.randint(10, 9999)}",
                f"{rng.getrandbits(40):010x}",
                str(uuid.UUID(int=rng.getrandbits(128))),
                f"#{rng.randint(100, 99999)}",
            ]
        )
        said = rng.choice(
            [
                f"That's tracked in {ident}.",
                f"the fix went in with {ident} yesterday",
                f"Can you check {ident}? It failed twice.",
                f"Reference {ident} when you open the ticket.",
            ]
        )
        if ident.startswith("#"):
            said = rng.choice([f"Merged in PR {ident} last night.", f"See {ident} for context."])
        return ident, said
    if kind == "host":
        host = rng.choice(
            [
                f"{word}-{rng.randint(1, 99)}.internal",
                f"{word}.{other}.example.com",
                f"db{rng.randint(1, 30)}.{word}.corp",
            ]
        )
        said = rng.choice(
            [
                f"Sure, it's running on host {host}",
                f"ssh into {host} and check the disk.",
                f"The {other} service moved to {host} yesterday.",
                f"{host} is the primary now.",
            ]
        )
        return host, said
    if kind == "numbered":
        thing = rng.choice(["job", "build", "run", "order", "port", "pipeline"])
        ident = f"{thing} {rng.randint(100, 99999)}"
        said = rng.choice(
            [
                f"Sure, it's {ident} on the {word} runner",
                f"{ident.capitalize()} failed again overnight.",
                f"Can you retry {ident}?",
                f"the {word} fix shipped in {ident}",
            ]
        )
        return ident, said
    if kind == "number":
        number = rng.choice(
            [
                f"{rng.randint(2, 900)} ms",
                f"{rng.randint(2, 64)} GB",
                f"{rng.randint(2, 99)}%",
                f"{rng.randint(2, 48)} replicas",
                f"${rng.randint(2, 90)},{rng.randint(100, 999)}",
                f"{rng.randint(2, 30)} days",
            ]
        )
        said = rng.choice(
            [
                f"The {word} limit is {number} now.",
                f"we agreed on {number} for {word}",
                f"It peaked at {number} during the {word} run.",
                f"Budget for {word}: {number}.",
            ]
        )
        return number, said
    if kind == "url":
        url = rng.choice(
            [
                f"https://{word}.example.com/runbooks/{other}",
                f"https://grafana.example.net/d/{rng.getrandbits(24):06x}/{word}?orgId=1",
                f"http://localhost:{rng.randint(3000, 9999)}/{word}",
            ]
        )
        said = rng.choice(
            [f"The dashboard is at {url}.", f"notes: {url}", f"I put the runbook on {url}"]
        )
        return url, said
    if kind == "version":
        version = rng.choice(
            [
                f"{rng.randint(1, 9)}.{rng.randint(0, 30)}.{rng.randint(0, 20)}",
                f"v{rng.randint(1, 9)}.{rng.randint(0, 30)}",
            ]
        )
        said = rng.choice(
            [
                f"Pin {word} to {version} for now.",
                f"the {word} client needs {version} or later",
                f"We're still on {version} in production.",
            ]
        )
        return version, said
    if kind == "decision":
        tool = rng.choice(TOOLS)
        said = rng.choice(
            [
                f"We decided to use {tool} for the {word} queue.",
                f"Let's go with {tool} for {word}.",
                f"ok, {tool} it is for the {word} cache",
                f"Decision: {tool} replaces the old {word} setup.",
                f"We'll switch to {tool} for {word} next sprint.",
            ]
        )
        return f"{tool}", said
    task = rng.choice(TASKS).format(w=word)
    said = rng.choice(
        [f"TODO: {task}.", f"I'll {task} tomorrow.", f"Next: {task}.", f"Still need to {task}"]
    )
    return task, said


def turns(rng: random.Random, facts: int) -> tuple[list[dict[str, Any]], list[Fact]]:
    """About four messages of small talk a fact, the facts said by either side."""
    messages: list[dict[str, Any]] = []
    planted: list[Fact] = []
    for _ in range(facts):
        for _ in range(rng.randint(1, 3)):
            role = rng.choice(["user", "assistant"])
            text = " ".join(sentence(rng, 6, 16) for _ in range(rng.randint(1, 3)))
            messages.append({"role": role, "content": text})
        fact = plant(rng)
        planted.append(fact)
        role = rng.choice(["user", "assistant"])
        around = [sentence(rng, 5, 14) for _ in range(rng.randint(0, 2))]
        around.insert(rng.randint(0, len(around)), fact[1])
        messages.append({"role": role, "content": " ".join(around)})
    return messages, planted


def lossy(request: dict[str, Any]) -> str:
    from tests.support.llm_server import lossy_summary

    return lossy_summary(request)


@contextmanager
def without_kept_list() -> Iterator[None]:
    """The baseline: the compaction of main, whose summary is the model's alone (the
    retention is still counted, and left out of the summary)."""
    from memctl.pipeline import compact as compact_module

    keep = compact_module._retain

    def counted_only(ws: Any, gone: Any, items: Any, summary: str, budget: int) -> Any:
        return summary, keep(ws, gone, items, summary, budget)[1]

    compact_module._retain = counted_only
    try:
        yield
    finally:
        compact_module._retain = keep


def one_run(
    root: Path, setup: str, seed: int, rounds: int, facts: int
) -> tuple[list[Fact], list[Fact], list[str]]:
    """The facts planted in one conversation that did not survive, all of them, and
    what the compactions' retention said it dropped."""
    from memctl.core.config import load_config
    from memctl.core.threads import read_entries, working_context
    from memctl.core.workspace import Workspace
    from memctl.models.resolve import resolve_models
    from memctl.pipeline.compact import compact

    rng = random.Random(seed)
    utc_workspace(root)
    compaction = {"keep_messages": KEEP_MESSAGES, "keep_tokens": 0}
    if setup == "builtin, no flush":
        compaction["flush_before_compact"] = False
    with llm_if(root, setup, compaction):
        ws = Workspace(root, "UTC")
        config = load_config(root / "memctl.yaml")
        models = resolve_models(ws, config)
        log = root / "threads" / "t1.jsonl"
        planted: list[Fact] = []
        dropped: list[str] = []
        for _round in range(rounds):
            messages, new = turns(rng, facts)
            planted += new
            with log.open("a", encoding="utf-8") as out:
                out.writelines(json.dumps(m) + "\n" for m in messages)
            result = compact(ws, config, models, "t1", window=WINDOW, force=True)
            assert result.status == "compacted", result.reason
            dropped += result.retention.dropped_list if result.retention else []
        context = working_context(read_entries(ws, "t1"), "t1")
        text = "\n".join(str(m.get("content") or "") for m in context.messages)
        ledger = "\n".join(p.read_text(encoding="utf-8") for p in ws.daily_files())
        found = (text + "\n" + ledger).lower()
        lost = [fact for fact in planted if fact[0].lower() not in found]
        return lost, planted, dropped


@contextmanager
def llm_if(root: Path, setup: str, compaction: dict[str, Any]) -> Iterator[None]:
    """The workspace's model: the loopback lossy summariser, or builtin."""
    if setup != "lossy LLM":
        import yaml

        document = {"timezone": "UTC", "compaction": compaction}
        (root / "memctl.yaml").write_text(yaml.safe_dump(document), encoding="utf-8")
        yield
        return
    with loopback_model(root, timezone="UTC", compaction=compaction) as server:
        server.default = lossy
        yield


def measure(
    setup: str, seeds: range, rounds: int, facts: int, kept: bool
) -> tuple[int, int, list[Fact], int]:
    """(survived, planted, the facts lost, how many of those no retention named as
    dropped) over the conversations."""
    lost: list[Fact] = []
    planted = silent = 0
    guard: Callable[[], Any] = contextmanager(lambda: iter([None])) if kept else without_kept_list
    with guard(), tempfile.TemporaryDirectory(prefix="memctl-bench-retention-") as scratch:
        for seed in seeds:
            gone, said, dropped = one_run(Path(scratch) / f"c{seed}", setup, seed, rounds, facts)
            named = "\n".join(dropped).lower()
            silent += sum(1 for needle, _ in gone if needle.lower() not in named)
            lost, planted = lost + gone, planted + len(said)
    return planted - len(lost), planted, lost, silent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--conversations", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--facts", type=int, default=12, help="facts planted a round")
    parser.add_argument(
        "--first-seed", type=int, default=0, help="other conversations than the default ones"
    )
    args = parser.parse_args()
    seeds = range(args.first_seed, args.first_seed + args.conversations)
    goals = []
    print(
        f"{args.conversations} conversations x {args.rounds} compactions, "
        f"{args.facts} facts planted before each; tail {KEEP_MESSAGES} messages, "
        f"window {WINDOW:,}"
    )
    print(f"{'setup':<20} {'with Kept:':>18} {'silent':>7} {'baseline (main)':>18}")
    for setup in ("builtin", "builtin, no flush", "lossy LLM"):
        got, out_of, lost, silent = measure(setup, seeds, args.rounds, args.facts, True)
        base = measure(setup, seeds, args.rounds, args.facts, False)[0]
        print(
            f"{setup:<20} {f'{got}/{out_of} {got / out_of:.0%}':>18} {silent:>7} "
            f"{f'{base}/{out_of} {base / out_of:.0%}':>18}"
        )
        for _needle, said in lost:
            print(f"  lost: {said}")
        goals.append(
            Goal(
                "compaction_retention",
                f"planted facts surviving {args.rounds} compactions ({setup})",
                f"{got / out_of:.1%}",
                f">= {GOAL:.0%}",
                got / out_of >= GOAL,
                f"baseline without Kept: {base / out_of:.1%}",
            )
        )
    return report(goals)


if __name__ == "__main__":
    sys.exit(main())
