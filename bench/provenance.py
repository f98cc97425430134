"""Where each MEMORY.md bullet came from (issue 25 item 4): how many bullets resolve,
after every step of a long run of flush, consolidate, save, forget, undo and archive.

The conversations are fidelity.py's (several sessions between two or three people, small
talk from the chatterbot corpus, facts planted, home cities that change), on builtin.
The workspace's clock follows the sessions, so ledgers are dated by the session's day and
`archive` (retention 30 days) moves them to memory/archive/ as the run goes on. After
each session: flush, consolidate, and by turns a `save`, a `forget` (of a random bullet,
half the time with a correction), an `undo`, and an `archive`. After every step each
MEMORY.md bullet is explained:

- resolved: the sidecar knows it and names a ledger line that states it;
- matched: not recorded, found in the ledgers by its text (a hand edit, an LLM's answer);
- unknown: neither.

The sidecar lives in .memctl/, not in MEMORY.md: the memory block an agent is given
(SessionStart, export, `call`) is measured beside MEMORY.md, and must not grow. Run the
script on main's tree too (see bench/README.md) for the sizes before the change; there
the provenance lines are left out.

    python bench/provenance.py [--conversations 3] [--sessions 12]
"""

from __future__ import annotations

import argparse
import random
import tempfile
from datetime import timedelta
from pathlib import Path
from typing import Any
from unittest import mock

from benchlib import Goal, report, utc_workspace
from fidelity import conversation, small_talk

try:  # absent on main, where the sizes before the change are measured
    from memctl.pipeline import provenance
except ImportError:
    provenance = None  # type: ignore[assignment]


def counts(ws: Any) -> dict[str, int]:
    """Of MEMORY.md's bullets now: how many there are, resolved through the sidecar,
    matched by text only; and, for the resolved ones, what matching by text alone (all an
    LLM's answer gets) finds: a recorded source among its matches, and how many of its
    matches are recorded sources."""
    memory = ws.memory_md.read_text(encoding="utf-8") if ws.memory_md.exists() else ""
    found = dict.fromkeys(
        ("bullets", "resolved", "matched", "text_hit", "text_sources", "text_right"), 0
    )
    if provenance is None:
        return found
    ledgers = provenance.Ledgers(ws)
    for explained in provenance.explain_all(ws, memory):
        found["bullets"] += 1
        if explained.how == "matched":
            found["matched"] += 1
        if explained.how != "recorded" or not explained.sources:
            continue
        found["resolved"] += 1
        recorded = {origin.ledger for origin in explained.sources}
        by_text = {f"{s.path}:{s.line}" for s in ledgers.by_text(explained.bullet)}
        found["text_hit"] += bool(by_text & recorded)
        found["text_sources"] += len(by_text)
        found["text_right"] += len(by_text & recorded)
    return found


def run(seed: int, sessions: int, filler: list[str]) -> dict[str, int]:
    from dateutil.parser import isoparse

    from memctl.core.config import load_config
    from memctl.core.memory import memory_block
    from memctl.core.threads import append_entries
    from memctl.core.workspace import Workspace
    from memctl.models.resolve import resolve_model
    from memctl.pipeline.archive import archive
    from memctl.pipeline.consolidate import consolidate
    from memctl.pipeline.flush import flush
    from memctl.pipeline.forget import forget
    from memctl.pipeline.history import restore, versions
    from memctl.pipeline.save import save

    chats, _planted, _said = conversation(seed, sessions, filler)
    rng = random.Random(seed)
    totals = {"steps": 0, "archived": 0}
    with tempfile.TemporaryDirectory(prefix="memctl-bench-provenance-") as scratch:
        ws, _ = utc_workspace(Path(scratch) / "ws")
        (ws.root / "memctl.yaml").write_text(
            "timezone: UTC\nmemory:\n  daily_file_retention_days: 30\n"
        )
        config = load_config(ws.root / "memctl.yaml")
        model = resolve_model(ws, config.memory_model)
        clock = [isoparse(chats[0][0]["ts"])]
        with mock.patch.object(Workspace, "now", lambda self: clock[0]):

            def step() -> None:
                totals["steps"] += 1
                for key, value in counts(ws).items():
                    totals[key] = totals.get(key, 0) + value

            for number, messages in enumerate(chats):
                clock[0] = isoparse(messages[-1]["ts"]) + timedelta(hours=1)
                append_entries(ws, "chat", messages)
                flush(ws, config, model)
                step()
                consolidate(ws, config, model)
                step()
                if number % 3 == 1:
                    speaker = messages[0].get("name", "Someone")
                    save(ws, config, f"- {speaker} asked to be called by first name.")
                    step()
                memory = ws.memory_md.read_text(encoding="utf-8")
                lines = [
                    n for n, line in enumerate(memory.splitlines(), 1) if line.startswith("- ")
                ]
                if number % 4 == 2 and lines:
                    fix = "The team meets on Thursdays." if rng.random() < 0.5 else None
                    chosen = rng.choice(lines)
                    if fix and fix in memory.splitlines()[chosen - 1]:
                        fix = None  # a correction that says the same as the fact is refused
                    forget(ws, config, f"MEMORY.md:{chosen}", replacement=fix)
                    step()
                if number % 5 == 3 and versions(ws):
                    restore(ws, 1)
                    step()
                totals["archived"] += len(archive(ws, config).moved)
                step()
        memory_text = ws.memory_md.read_text(encoding="utf-8")
        block = memory_block(ws, config).text
        sidecar = ws.state_dir / "provenance.json"
        totals["memory_bytes"] = len(memory_text.encode("utf-8"))
        totals["block_bytes"] = len(block.encode("utf-8"))
        totals["sidecar_bytes"] = sidecar.stat().st_size if sidecar.exists() else 0
        totals["sidecar_in_block"] = int(any(k in block for k in ('"bullets"', "digest")))
    return totals


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--conversations", type=int, default=3)
    parser.add_argument("--sessions", type=int, default=12)
    args = parser.parse_args()
    filler = small_talk("test")
    sums: dict[str, int] = {}
    for seed in range(args.conversations):
        for key, value in run(seed, args.sessions, filler).items():
            sums[key] = sums.get(key, 0) + value
    print(
        f"{args.conversations} conversations x {args.sessions} sessions, builtin: "
        f"{sums['steps']} steps (flush, consolidate, save, forget, undo, archive), "
        f"{sums['archived']} ledgers archived"
    )
    print(
        f"MEMORY.md at the end: {sums['memory_bytes']:,} bytes; memory block injected: "
        f"{sums['block_bytes']:,} bytes; sidecar (.memctl/provenance.json): "
        f"{sums['sidecar_bytes']:,} bytes, in the block: {'yes' if sums['sidecar_in_block'] else 'no'}"
    )
    if provenance is None:
        print("(no memctl.pipeline.provenance here: sizes only)")
        return 0
    share = sums["resolved"] / sums["bullets"] if sums["bullets"] else 1.0
    print(
        f"bullets checked after every step: {sums['bullets']:,}; resolved through the "
        f"sidecar: {sums['resolved']:,} ({share:.1%}); matched by text only: "
        f"{sums['matched']:,}; unknown: {sums['bullets'] - sums['resolved'] - sums['matched']:,}"
    )
    hit = sums["text_hit"] / sums["resolved"] if sums["resolved"] else 0.0
    right = sums["text_right"] / sums["text_sources"] if sums["text_sources"] else 0.0
    print(
        f"matching by text alone (an LLM's answer), against builtin's exact sources: a "
        f"recorded source among the matches for {hit:.1%} of bullets; {right:.1%} of "
        f"{sums['text_sources']:,} matches are recorded sources"
    )
    return report(
        [
            Goal(
                "provenance",
                "MEMORY.md bullets resolvable to a ledger line after every step",
                f"{share:.1%}",
                "100%",
                share == 1.0,
            ),
            Goal(
                "provenance",
                "sidecar text in the injected memory block",
                "0 bytes" if not sums["sidecar_in_block"] else "some",
                "0 bytes (growth ≤ 5%)",
                not sums["sidecar_in_block"],
            ),
        ]
    )


if __name__ == "__main__":
    raise SystemExit(main())
