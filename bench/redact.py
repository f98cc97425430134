"""Redaction time on 1 MB adversarial texts, beside 1 MB of ordinary prose.

Every built-in pattern is run on text shaped to make a backtracking regex slow: long
runs of the characters a pattern scans, with the keyword or prefix that starts it
repeated or present (base64url and dotted numbers beside `token=`, a keyword a few
characters apart, BEGIN lines without END, `eyJ` at every dash, URL schemes at every
dot). A pattern that rescans its run from each start is quadratic on these: issue 12
measured 27-64 s for 76 KB of base64url and 192 s for 40 KB of dotted digits. The
baseline is the same redactor on 1 MB of prose holding a few real secrets; the goal
is every adversarial text under 1 s.

    python bench/redact.py [--runs 3] [--mb 1]
"""

from __future__ import annotations

import argparse
import random
import sys
import sysconfig
import time
from collections.abc import Callable
from pathlib import Path

from benchlib import Goal, machine, report

from memctl.core.redact import Redactor, compile_patterns

SEED = 20261203


def _fill(size: int, unit: str) -> str:
    return (unit * (size // len(unit) + 1))[:size]


def _base64url(size: int) -> str:
    rng = random.Random(SEED)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    run = "".join(rng.choice(alphabet) for _ in range(size))
    return "api-key: x token=y password=z\n" + run


PROSE_SECRETS = [
    "password=hunter2",
    "sk-proj-Ab3dEfGhIjKlMnOpQrStUvWxYz012345",
    "postgres://admin:hunter2@db/app",
    '{"api_key": "zzzzyyyyxxxx", "max_tokens": 4000}',
    "postgres://u:p?ss#w/rd@db/app",
    "password=ab,cd;ef",
    "mysql -u root -pS3cretPw",
    "--password hunter22",
    "<password>X12y</password>",
]


def _prose(size: int) -> str:
    rng = random.Random(SEED)
    words = ["the", "build", "passed", "and", "we", "deploy", "on", "tuesday", "postgres"]
    secrets = PROSE_SECRETS
    out: list[str] = []
    length = 0
    while length < size:
        piece = rng.choice(secrets) if rng.random() < 0.01 else rng.choice(words)
        out.append(piece)
        length += len(piece) + 1
    return " ".join(out)[:size]


# What of each prose secret must be gone after redaction (a timing that redacts nothing
# measures nothing).
_SECRET_PARTS = [
    "hunter2",
    "sk-proj-Ab3dEfGh",
    "zzzzyyyyxxxx",
    "p?ss#w/rd",
    "ab,cd;ef",
    "S3cretPw",
    "hunter22",
    "X12y",
]


def _stdlib_spans(redactor: Redactor) -> tuple[int, float]:
    """Spans redacted in the Python standard library's own source (no secrets there:
    every span is a false positive) and its size in MB."""
    root = Path(sysconfig.get_paths()["stdlib"])
    spans = 0
    size = 0
    for path in sorted(root.glob("*.py")):
        text = path.read_text(encoding="utf-8", errors="replace")
        size += len(text)
        spans += sum(redactor.redact(text)[1].values())
    return spans, size / 1_000_000


CASES: dict[str, Callable[[int], str]] = {
    "prose with secrets (baseline)": _prose,
    "base64url after api-key/token=/password=": _base64url,
    "dotted digits after token=": lambda n: "token=\n" + _fill(n, "1."),
    "keyword after keyword": lambda n: _fill(n, "token"),
    "keyword, dots, no separator": lambda n: _fill(n, "password" + "." * 30),
    "keyword and quote, no closing quote": lambda n: _fill(n, 'password: "x '),
    "BEGIN lines without END": lambda n: _fill(n, "-----BEGIN RSA PRIVATE KEY-----\nAAAA\n"),
    "BEGIN then one long body": lambda n: "-----BEGIN PRIVATE KEY-----\n" + _fill(n, "QUJD\\n"),
    "eyJ at every dash": lambda n: _fill(n, "-eyJ"),
    "JWT heads without a second part": lambda n: _fill(n, "eyJhbGciOiJIUzI1NiJ9."),
    "URL schemes at every dot": lambda n: _fill(n, "a.") + "://u:p@h",
    "scheme then a long authority": lambda n: _fill(n, "s://" + "u" * 200 + ":"),
    "bearer and spaces": lambda n: _fill(n, "bearer       "),
    "authorization and short values": lambda n: _fill(n, "Authorization: Basic x "),
    "provider prefixes, too short": lambda n: _fill(n, "sk-ant-a-sk-ghp_xoxb-AIzahf_npm_SG."),
    "hooks.slack.com paths": lambda n: _fill(n, "hooks.slack.com/services/"),
    "AccountKey= and short keys": lambda n: _fill(n, "AccountKey=abc;"),
    "secret's name, is, a long run": lambda n: _fill(n, "password is token was " + "a1" * 300),
}


def _data_spans(redactor: Redactor) -> tuple[int, int]:
    """Spans redacted in bench/data's conversation sets (people chatting, no secret
    said: every span is a false positive) and how many sets were read."""
    sets = sorted((Path(__file__).parent / "data").glob("*.txt"))
    return sum(sum(redactor.redact(p.read_text(encoding="utf-8"))[1].values()) for p in sets), len(
        sets
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--mb", type=float, default=1.0)
    args = parser.parse_args()
    size = int(args.mb * 1_000_000)
    redactor = compile_patterns()
    print(f"# {machine()}; {args.mb:g} MB a text, best of {args.runs}")
    print(f"{'text':<44} {'seconds':>8} {'x baseline':>10}  redacted")
    results: dict[str, float] = {}
    prose_leaks: list[str] = []
    for name, make in CASES.items():
        text = make(size)
        best = float("inf")
        counts = None
        for _ in range(args.runs):
            started = time.perf_counter()
            redacted, counts = redactor.redact(text)
            best = min(best, time.perf_counter() - started)
        results[name] = best
        base = results["prose with secrets (baseline)"]
        found = sum(counts.values()) if counts else 0
        print(f"{name:<44} {best:>8.3f} {best / base:>10.1f}  {found}", flush=True)
        if make is _prose:
            prose_leaks = [secret for secret in _SECRET_PARTS if secret in redacted]
    spans, megabytes = _stdlib_spans(redactor)
    print(
        f"# Python stdlib source: {spans} spans redacted in {megabytes:.1f} MB "
        f"({spans / max(megabytes, 1e-9):.1f} a MB; each one is ordinary text lost)"
    )
    found, sets = _data_spans(redactor)
    print(f"# bench/data: {found} spans redacted in {sets} conversation sets (each one lost)")
    worst_name = max((n for n in results if "baseline" not in n), key=results.__getitem__)
    worst = results[worst_name]
    return report(
        [
            Goal(
                "redact",
                f"redact {args.mb:g} MB adversarial",
                f"{worst:.2f} s ({worst_name})",
                "< 1 s",
                worst < 1.0,
            ),
            Goal(
                "redact",
                "prose secrets redacted",
                f"{len(prose_leaks)} of {len(_SECRET_PARTS)} left ({', '.join(prose_leaks)})",
                "0 left",
                not prose_leaks,
            ),
        ]
    )


if __name__ == "__main__":
    sys.exit(main())
