"""What finding the sources of a reworded bullet costs (review 16 #3): one consolidation
whose MEMORY.md holds bullets the sidecar does not know (an LLM reworded them), against
a merged text of N fact lines. Each unknown bullet is matched by shared words
(`provenance._best`) and a line stating another value of the same thing is no source
(`provenance.other_fact`, which runs `supersede.stale`).

The lines are made from templates (a service, its host, port, owner and region), so many
share words with a bullet and a few share most of them. Prints the seconds of
`merged_sources` and how many sources it found (the same before and after).

    python bench/provenance_match.py [--lines 1000] [--bullets 3]

With `--ledgers N` it measures `said_days` instead (review 16 #15): N current ledgers of
`--lines` fact lines each and a MEMORY.md holding one bullet edited by hand (no ledger
states it), as two builtin consolidations in a row read it; on main every run reads
every ledger, on the branch the second reads none (`.memctl/ledger_facts.json`).

    python bench/provenance_match.py --ledgers 30 --lines 200
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

from benchlib import Goal, report

from memctl.core.workspace import Workspace
from memctl.pipeline import provenance

SERVICES = ["billing", "search", "ledger", "gateway", "mailer", "auth", "reports", "export"]
HOSTS = ["alpha", "bravo", "cedar", "delta", "ember", "falcon", "garnet", "harbor"]
OWNERS = ["Dana", "Priya", "Marco", "Lena", "Tom", "Yusuf", "Ines", "Kofi"]
REGIONS = ["Frankfurt", "Dublin", "Oregon", "Tokyo", "Sydney", "Virginia"]


def line(rng: random.Random) -> str:
    service, host = rng.choice(SERVICES), rng.choice(HOSTS)
    kind = rng.randrange(4)
    if kind == 0:
        return f"The {service} service on {host} listens on port {rng.randrange(8000, 9000)}."
    if kind == 1:
        return f"{rng.choice(OWNERS)} owns the {service} service on {host}."
    if kind == 2:
        return f"The {service} service runs in {rng.choice(REGIONS)} on {host}."
    return f"The {service} backups on {host} are kept {rng.randrange(7, 90)} days."


def said_days_runs(ledgers: int, lines: int) -> int:
    """Two consolidations' `said_days` over `ledgers` ledgers and one unknown bullet."""
    rng = random.Random(15)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "memory").mkdir()
        (root / ".memctl").mkdir()
        for day in range(1, ledgers + 1):
            heading = f"## Memory Flush — 2026-11-{day:02d}T08:00:00+00:00 · thread a · builtin\n\n"
            facts = "".join(f"- {line(rng)}\n" for _ in range(lines))
            (root / "memory" / f"2026-11-{day:02d}.md").write_text(heading + facts, "utf-8")
        memory = "# Memory\n\n- The build uses uv, as I noted by hand.\n"
        ws = Workspace(root)
        took = []
        for _ in range(2):
            start, cpu = time.perf_counter(), time.process_time()
            kept: list[bytes] = []
            try:
                provenance.said_days(ws, memory, kept=kept)  # type: ignore[call-arg]
                provenance.keep_stated(ws, kept)  # type: ignore[attr-defined]
            except TypeError:  # main: no cache
                provenance.said_days(ws, memory)
            took.append((time.perf_counter() - start, time.process_time() - cpu))
    print(
        f"{ledgers} ledgers × {lines} lines, one bullet edited by hand: said_days "
        + ", then ".join(f"{wall:.3f} s ({cpu:.3f} s CPU)" for wall, cpu in took)
    )
    (_, first), (_, second) = took
    return report(
        [
            Goal(
                "provenance_match",
                "said_days again, ledgers unchanged (CPU)",
                f"{1000 * second:.1f} ms (first run {1000 * first:.1f} ms)",
                "under half the first",
                second < first / 2,
            )
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lines", type=int, default=1000)
    parser.add_argument("--bullets", type=int, default=3)
    parser.add_argument("--ledgers", type=int, default=0)
    args = parser.parse_args()
    if args.ledgers:
        sys.exit(said_days_runs(args.ledgers, args.lines))
    rng = random.Random(16)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "memory").mkdir()
        (root / ".memctl").mkdir()
        lines = [line(rng) for _ in range(args.lines)]
        text = "## Memory Flush — 2026-12-05T08:00:00+00:00 · thread a · entries 1-9 · builtin\n\n"
        text += "".join(f"- {fact}\n" for fact in lines)
        (root / "memory" / "2026-12-05.md").write_text(text, encoding="utf-8")
        # Reworded: the same fact in other words, so its key is none of the lines'.
        reworded = [
            f"Port of the {fact.split()[1]} service on {fact.split()[4]}: {fact.split()[-1]}"
            for fact in lines
            if fact.startswith("The ") and "listens on port" in fact
        ][: args.bullets]
        memory = "# Memory\n\n" + "".join(f"- {bullet}\n" for bullet in reworded)
        merged = [provenance.MergedText("memory/2026-12-05.md", "2026-12-05.md", 0, len(text))]
        ws = Workspace(root)
        start, cpu = time.perf_counter(), time.process_time()
        found = provenance.merged_sources(ws, memory, merged, [None])
        took, cpu = time.perf_counter() - start, time.process_time() - cpu
    sources = sum(len(s) for s in found.values())
    which = sorted(f"{s.path}:{s.line}" for known in found.values() for s in known)
    print(
        f"{args.lines} lines, {len(reworded)} reworded bullets: merged_sources {took:.3f} s "
        f"({cpu:.3f} s CPU), "
        f"{sources} sources: {', '.join(which[:6])}{' …' if len(which) > 6 else ''}"
    )
    each = cpu / max(1, len(reworded))
    sys.exit(
        report(
            [
                Goal(
                    "provenance_match",
                    "merged_sources CPU per reworded bullet",
                    f"{1000 * each:.1f} ms ({args.lines} lines)",
                    "≤ 50 ms (main: 400 ms at 1,000 lines)",
                    each <= 0.05 and sources >= len(reworded),
                )
            ]
        )
    )


if __name__ == "__main__":
    main()
