"""`memctl forget --purge` leaves no copy (issue 25 item 2): in the workspace, and in the
AGENTS.md / CLAUDE.md blocks `memctl export` wrote outside it.

Each case is a workspace on builtin with a thread of small talk (fidelity.py's test
split, written by others) around a few facts and one planted private value (a
passphrase, a home address, a phone number; random each case), flushed and consolidated,
then exported into three files outside the workspace: an AGENTS.md with the user's own
text, a CLAUDE.md reached through a symlink, and a CRLF AGENTS.md. `memctl forget VALUE
--purge` runs (the installed command), and every file of the workspace and the three
exports is scanned for the value (bytes, any case). The user's text around each block
must be as it was, the symlink still a symlink, the CRLF file still CRLF.

Baseline: main before this change, whose `forget` command ran the stage alone
(`memctl.pipeline.forget.forget`, called here in-process on a copy of each case): the
exports kept their copies.

    python bench/purge.py [--cases 12] [--seed 7]
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import tempfile
from pathlib import Path

from benchlib import Goal, bench_env, memctl_executable, report
from fidelity import small_talk

NAMES = ["Ana", "Ben", "Chidi", "Dana", "Emeka", "Farah", "Goran", "Hana"]
STREETS = ["Elm Street", "Quarry Lane", "Harbour Road", "Linden Way", "Mill Row"]
WORDS = ["amber", "cobalt", "falcon", "juniper", "meadow", "quartz", "saffron", "tundra"]
USER_TEXT = "# Project rules\n\nRun the tests before a commit.\n"


def secret(rng: random.Random, who: str) -> tuple[str, str]:
    """(the sentence that says it, the value a purge is asked to erase)."""
    kind = rng.randrange(3)
    if kind == 0:
        value = f"{rng.choice(WORDS)}-{rng.choice(WORDS)}-{rng.randint(1000, 9999)}"
        return f"The vault passphrase is {value}.", value
    if kind == 1:
        value = f"{rng.randint(2, 98)} {rng.choice(STREETS)}"
        return f"{who} lives at {value}.", value
    value = f"0{rng.randint(100, 999)} {rng.randint(100, 999)} {rng.randint(1000, 9999)}"
    return f"{who}'s private phone number is {value}.", value


def make_case(root: Path, rng: random.Random, filler: list[str]) -> tuple[Path, str, list[Path]]:
    """A workspace holding the value in MEMORY.md, its ledger and thread log, and the
    three exports: (workspace, value, export files as named)."""
    ws, out = root / "ws", root / "out"
    out.mkdir(parents=True)
    run("init", ws, workspace=None)
    (ws / "memctl.yaml").write_text("timezone: UTC\n")
    who, other = rng.sample(NAMES, 2)
    said, value = secret(rng, who)
    facts = [f"{who} leads the payments team.", said, "The release train leaves on Thursdays."]
    lines = [rng.choice(filler) for _ in range(8)] + facts
    rng.shuffle(lines)
    messages = [
        {"role": "user", "name": [who, other][n % 2], "content": line}
        for n, line in enumerate(lines)
    ]
    run(
        "thread",
        "append",
        "t1",
        workspace=ws,
        stdin="".join(json.dumps(m) + "\n" for m in messages),
    )
    run("flush", workspace=ws)
    run("consolidate", workspace=ws)
    plain = out / "project" / "AGENTS.md"
    plain.parent.mkdir()
    plain.write_text(USER_TEXT)
    shared = out / "shared" / "CLAUDE.md"
    shared.parent.mkdir()
    shared.write_text(USER_TEXT)
    linked = out / "CLAUDE.md"
    linked.symlink_to(shared)
    crlf = out / "crlf" / "AGENTS.md"
    crlf.parent.mkdir()
    crlf.write_bytes(USER_TEXT.replace("\n", "\r\n").encode())
    run("export", "--agents-md", plain, workspace=ws)
    run("export", "--claude-md", linked, workspace=ws)
    run("export", "--agents-md", crlf, workspace=ws)
    return ws, value, [plain, linked, crlf]


def run(*args: object, workspace: Path | None, stdin: str | None = None) -> str:
    argv = [memctl_executable(), *(["-w", str(workspace)] if workspace else []), *map(str, args)]
    done = subprocess.run(
        argv, input=stdin, capture_output=True, text=True, env=bench_env(), check=False
    )
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)}: exit {done.returncode}: {done.stderr.strip()}")
    return done.stdout


def copies(paths: list[Path], value: str) -> int:
    """Files among `paths` (folders walked; a symlink is not counted, its target is)
    whose bytes hold `value`."""
    needle = value.lower().encode()
    found = 0
    for path in paths:
        files = [p for p in path.rglob("*") if p.is_file() and not p.is_symlink()]
        found += sum(needle in f.read_bytes().lower() for f in files)
    return found


def intact(exports: list[Path]) -> bool:
    """The user's text before each block as written, the link a link, CRLF kept."""
    plain, linked, crlf = exports
    data = crlf.read_bytes()
    return (
        plain.read_text().startswith(USER_TEXT)
        and linked.is_symlink()
        and linked.read_text().startswith(USER_TEXT)
        and data.startswith(USER_TEXT.replace("\n", "\r\n").encode())
        and b"\n" not in data.replace(b"\r\n", b"")
    )


def baseline(root: Path, value: str) -> tuple[int, int]:
    """Main's `forget --purge`: the stage alone, on a copy of the case. (copies in the
    workspace, copies in the exports)."""
    from memctl.core.config import load_config
    from memctl.core.workspace import Workspace
    from memctl.pipeline.forget import forget

    copy = root.parent / (root.name + "-baseline")
    shutil.copytree(root, copy, symlinks=True)  # the link still points at the original
    ws = copy / "ws"
    forget(Workspace(ws, "UTC"), load_config(ws / "memctl.yaml"), value, purge=True)
    return copies([ws], value), copies([copy / "out"], value)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=12)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    filler = small_talk("test")
    totals = dict.fromkeys(("before", "ws", "exports", "base_ws", "base_exports", "intact"), 0)
    listed = 0
    with tempfile.TemporaryDirectory(prefix="memctl-bench-purge-") as folder:
        for case in range(args.cases):
            root = Path(folder) / f"case{case}"
            ws, value, exports = make_case(root, rng, filler)
            totals["before"] += copies([ws, root / "out"], value)
            base_ws, base_exports = baseline(root, value)
            totals["base_ws"] += base_ws
            totals["base_exports"] += base_exports
            shown = run("forget", value, "--purge", workspace=ws).split("\n")
            listed += all(str(path) in shown for path in exports)
            totals["ws"] += copies([ws], value)
            totals["exports"] += copies([root / "out"], value)
            totals["intact"] += intact(exports)
    n = args.cases
    print(
        f"{n} cases, 3 exports each; files holding the value before the purge: {totals['before']}"
    )
    print(f"{'':24} {'workspace':>10} {'exports':>8}")
    print(f"{'main (stage alone)':24} {totals['base_ws']:>10} {totals['base_exports']:>8}")
    print(f"{'memctl forget --purge':24} {totals['ws']:>10} {totals['exports']:>8}")
    print(
        f"user text, link and CRLF intact: {totals['intact']}/{n}; every export listed: {listed}/{n}"
    )
    left = totals["ws"] + totals["exports"]
    return report(
        [
            Goal(
                "purge",
                "files holding a purged value (workspace + exports)",
                f"{left} (main: {totals['base_ws'] + totals['base_exports']})",
                "0",
                left == 0 and totals["before"] > 0,
            ),
            Goal(
                "purge",
                "exports listed and left intact around the block",
                f"{min(listed, totals['intact'])}/{n}",
                f"{n}/{n}",
                listed == totals["intact"] == n,
            ),
        ]
    )


if __name__ == "__main__":
    raise SystemExit(main())
