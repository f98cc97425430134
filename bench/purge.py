"""`memctl forget --purge` leaves no copy (issue 25 item 2): in the workspace, and in the
AGENTS.md / CLAUDE.md blocks `memctl export` wrote outside it.

Each case is a workspace on builtin with a thread of small talk (fidelity.py's test
split, written by others) around a few facts and one planted private value (a
passphrase, a home address, a phone number; random each case), flushed and consolidated,
then exported into three files outside the workspace: an AGENTS.md with the user's own
text, a CLAUDE.md reached through a symlink, and a CRLF AGENTS.md. The value is also
where a fact is not: an assistant turn that repeats it (no fact), a second thread log
holding it with JSON escapes (`\u002d`, `\u0020`, another case), an evicted tool result
and its log line, an archived ledger, the tombstone of a plain forget of that archived
fact, and a history copy of MEMORY.md (a plain forget of another fact). `memctl forget
VALUE --purge` runs (the installed command), and every file of the workspace and the
three exports is scanned for the value (bytes, any case; a log's escaped copy decoded
line by line), counted by kind of file. The user's text around each block must be as it
was, the symlink still a symlink, the CRLF file still CRLF.

Baseline: the same script run with main's memctl installed (see bench/README.md).

It then times the masking alone on a synthetic thread log of --log-mb MB (every line a
JSON message with an escaped quote): the value in no line, in one line (JSON-escaped),
and a word that is in every line, beside the first purge's masking (one bytes regex over
the file, which finds no escaped copy) and the whole-text masking that masked keys and
roles too (`masked`; now a `.jsonl` is masked in its string values, `masked_file`).

    python bench/purge.py [--cases 12] [--seed 7] [--log-mb 50]
"""

from __future__ import annotations

import argparse
import json
import random
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
    (ws / "memctl.yaml").write_text("timezone: UTC\neviction:\n  threshold_chars: 1000\n")
    who, other = rng.sample(NAMES, 2)
    said, value = secret(rng, who)
    facts = [f"{who} leads the payments team.", said, "The release train leaves on Thursdays."]
    lines = [rng.choice(filler) for _ in range(8)] + facts
    rng.shuffle(lines)
    messages = [
        {"role": "user", "name": [who, other][n % 2], "content": line}
        for n, line in enumerate(lines)
    ]
    messages.append({"role": "assistant", "content": f"Should I keep {value} somewhere safe?"})
    run(
        "thread",
        "append",
        "t1",
        workspace=ws,
        stdin="".join(json.dumps(m) + "\n" for m in messages),
    )
    run("flush", workspace=ws)
    run("consolidate", workspace=ws)
    plant_elsewhere(ws, value)
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


def plant_elsewhere(ws: Path, value: str) -> None:
    """The value where no fact of today's ledger is: a log with it JSON-escaped, an
    evicted tool result, an archived ledger and its fact's tombstone, a history copy."""
    escaped = json.dumps(f"Repeat {value.upper()} please")
    escaped = escaped.replace("-", "\\u002d").replace(" ", "\\u0020")
    (ws / "threads" / "t2.jsonl").write_text(f'{{"role": "user", "content": {escaped}}}\n')
    call = {"id": "c1", "type": "function", "function": {"name": "grep", "arguments": "{}"}}
    result = "x" * 700 + f" found: {value} " + "y" * 700
    log = [
        {"role": "user", "content": "look it up"},
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": result},
    ]
    (ws / "threads" / "t3.jsonl").write_text("".join(json.dumps(m) + "\n" for m in log))
    run("evict", "t3", workspace=ws)
    old = f"# 2020-01-02\n\n## 09:00 (t0)\n- In 2020 the value was {value}, long ago.\n"
    (ws / "memory" / "2020-01-02.md").write_text(old)
    run("archive", workspace=ws)
    run("forget", "in 2020 the value was", workspace=ws)  # its tombstone holds the value
    run("forget", "release train", "--all", workspace=ws)  # MEMORY.md, value and all, into history


def run(*args: object, workspace: Path | None, stdin: str | None = None) -> str:
    argv = [memctl_executable(), *(["-w", str(workspace)] if workspace else []), *map(str, args)]
    done = subprocess.run(
        argv, input=stdin, capture_output=True, text=True, env=bench_env(), check=False
    )
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)}: exit {done.returncode}: {done.stderr.strip()}")
    return done.stdout


KINDS = ("memory", "history", "threads", "evicted", "state", "exports")


def kind(relative: str) -> str:
    """The kind of file a copy is in, for the table: MEMORY.md and the ledgers (archived
    too), history copies, thread logs, evicted results, the rest of .memctl/ (tombstones,
    the index), exports (outside the workspace)."""
    if relative.startswith(".memctl/history/"):
        return "history"
    for folder, name in (("threads/", "threads"), ("evicted/", "evicted"), (".memctl/", "state")):
        if relative.startswith(folder):
            return name
    return "memory"


def holds(data: bytes, value: str) -> bool:
    """Whether `data` holds `value`, any case, as written or inside a JSON line."""
    if value.lower().encode() in data.lower():
        return True
    for line in data.splitlines():
        try:
            decoded = json.dumps(json.loads(line), ensure_ascii=False)
        except (ValueError, UnicodeDecodeError):
            continue
        if value.lower() in decoded.lower():
            return True
    return False


def copies(paths: list[Path], value: str, by_kind: dict[str, int] | None = None) -> int:
    """Files among `paths` (folders walked; a symlink is not counted, its target is)
    that hold `value`; each counted in `by_kind` too (a path outside a workspace is an
    export)."""
    found = 0
    for path in paths:
        files = [p for p in path.rglob("*") if p.is_file() and not p.is_symlink()]
        for file in files:
            if holds(file.read_bytes(), value):
                found += 1
                if by_kind is not None:
                    inside = (path / "memctl.yaml").exists()
                    name = kind(file.relative_to(path).as_posix()) if inside else "exports"
                    by_kind[name] = by_kind.get(name, 0) + 1
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


def timings(megabytes: int) -> list[tuple[str, float, float, float]]:
    """(case, seconds with the first purge's masking, with a whole file's text masking
    (`masked`, which masked keys and roles too), now: a `.jsonl`'s string values only,
    `masked_file`) on a synthetic log."""
    import re
    import time

    from memctl.core.forgotten import mask
    from memctl.pipeline.purge import Needles, masked, masked_file

    line = json.dumps({"role": "user", "content": 'Staging is fine, "quoted" and plain. ' * 3})
    data = ((line + "\n") * (megabytes * 1_000_000 // (len(line) + 1))).encode()
    once = data + b'{"role": "user", "content": "Say Orange\\u002dfalcon\\u002d42"}\n'
    cases = [
        ("value in no line", data, "The vault code is orange-falcon-42.", "orange-falcon-42"),
        (
            "value in one line, escaped",
            once,
            "The vault code is orange-falcon-42.",
            "orange-falcon-42",
        ),
        ("a word in every line", data, "Staging is fine.", "staging"),
    ]
    rows = []
    for name, text, fact, query in cases:
        old = re.compile(re.escape(fact.rstrip(".").encode()), re.IGNORECASE)
        started = time.perf_counter()
        old.sub(lambda found: mask(len(found[0])), text)
        then = time.perf_counter() - started
        started = time.perf_counter()
        masked(text, Needles.of([fact, query]))
        text_only = time.perf_counter() - started
        started = time.perf_counter()
        masked_file("t.jsonl", text, Needles.of([fact, query]))
        rows.append((name, then, text_only, time.perf_counter() - started))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=12)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--log-mb", type=int, default=50)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    filler = small_talk("test")
    before: dict[str, int] = {}
    after: dict[str, int] = {}
    listed = intact_cases = refused = 0
    with tempfile.TemporaryDirectory(prefix="memctl-bench-purge-") as folder:
        for case in range(args.cases):
            root = Path(folder) / f"case{case}"
            ws, value, exports = make_case(root, rng, filler)
            copies([ws, root / "out"], value, before)
            argv = [memctl_executable(), "-w", str(ws), "forget", value, "--purge", "--all"]
            done = subprocess.run(
                argv, capture_output=True, text=True, env=bench_env(), check=False
            )
            refused += done.returncode != 0
            shown = done.stdout.split("\n")
            listed += all(str(path) in shown for path in exports)
            copies([ws, root / "out"], value, after)
            intact_cases += intact(exports)
    n = args.cases
    print(f"{n} cases, 3 exports each; files holding the value, by kind of file:")
    print(f"{'':22}" + "".join(f"{name:>9}" for name in KINDS) + f"{'all':>6}")
    for label, counts in (("before the purge", before), ("after it", after)):
        cells = "".join(f"{counts.get(name, 0):>9}" for name in KINDS)
        print(f"{label:22}{cells}{sum(counts.values()):>6}")
    print(f"purges refused (exit != 0): {refused}/{n}")
    print(f"user text, link and CRLF intact: {intact_cases}/{n}; every export listed: {listed}/{n}")
    if args.log_mb:
        print(
            f"masking a {args.log_mb} MB thread log, seconds: "
            "fact only | whole text | values only (now)"
        )
        for name, then, text_only, now in timings(args.log_mb):
            print(f"  {name:28} {then:6.2f} | {text_only:6.2f} | {now:6.2f}")
    left = sum(after.values())
    return report(
        [
            Goal(
                "purge",
                "files holding a purged value (workspace + exports)",
                f"{left} of {sum(before.values())}",
                "0",
                left == 0 and sum(before.values()) > 0 and refused == 0,
            ),
            Goal(
                "purge",
                "exports listed and left intact around the block",
                f"{min(listed, intact_cases)}/{n}",
                f"{n}/{n}",
                listed == intact_cases == n,
            ),
        ]
    )


if __name__ == "__main__":
    raise SystemExit(main())
