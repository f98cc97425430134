"""Secrets of every built-in kind, and the text around them, for the redaction tests.

Shared by the tests that put a secret somewhere and then read every place it could show:
the property tests of tests/core/test_redact_properties.py (Hypothesis draws a secret of
each kind, SECRETS) and tests/retrieval/test_recall_window.py (the same secrets at the
edges of recall's windows), and the cut tests of tests/core/test_redact_cuts.py and
tests/mcp/test_mcp.py (a fixed private key, `pem`, and a GitHub token across a cut).
"""

from __future__ import annotations

import random
import string

from hypothesis import strategies as st

ALNUM = string.ascii_letters + string.digits
B64 = ALNUM + "+/"
PIECE = 8


def chars(alphabet: str, low: int, high: int | None = None) -> st.SearchStrategy[str]:
    return st.text(alphabet=st.sampled_from(alphabet), min_size=low, max_size=high or low)


def token(prefix: str, alphabet: str, low: int, high: int | None = None) -> st.SearchStrategy:
    """(the text to insert, what must not be seen): the whole token."""
    return chars(alphabet, low, high).map(lambda body: (prefix + body, [prefix + body]))


def keyed(template: str, alphabet: str, low: int, high: int) -> st.SearchStrategy:
    """A value after a key (or in a URL, a header): the value must not be seen. It
    starts with a letter: a number is a setting, not a secret."""
    values = st.tuples(st.sampled_from(string.ascii_letters), chars(alphabet, low, high))
    return values.map(lambda v: (template.format(v[0] + v[1]), [v[0] + v[1]]))


def private_key(lines: list[str]) -> tuple[str, list[str]]:
    kind = "RSA PRIVATE KEY"
    return f"-----BEGIN {kind}-----\n" + "\n".join(lines) + f"\n-----END {kind}-----", lines


SECRETS = st.one_of(  # (the text to insert, what must not be seen)
    st.lists(chars(B64, 64), min_size=8, max_size=30).map(private_key),
    token("sk-ant-api03-", ALNUM + "_-", 40, 90),
    token("sk-proj-", ALNUM + "_-", 40, 80),
    token("sk_live_", ALNUM, 24, 40),
    token("whsec_", ALNUM, 32),
    token("AKIA", string.ascii_uppercase + string.digits, 16),
    token("ghp_", ALNUM, 36),
    token("github_pat_", ALNUM + "_", 40, 82),
    token("glpat-", ALNUM + "_-", 20, 30),
    token("xoxb-", string.digits + "-" + ALNUM, 30, 50),
    token("xapp-1-", ALNUM + "-", 30, 50),
    token("AIza", ALNUM + "_-", 35),
    token("ya29.", ALNUM + "_-", 40, 120),
    token("GOCSPX-", ALNUM + "_-", 28),
    token("hf_", ALNUM, 34),
    token("npm_", ALNUM, 36),
    token("pypi-AgEIcHlwaS5vcmc", ALNUM + "_-", 60, 120),
    st.tuples(chars(ALNUM, 22), chars(ALNUM, 43)).map(
        lambda p: (f"SG.{p[0]}.{p[1]}", [f"SG.{p[0]}.{p[1]}"])
    ),
    token("SK", "0123456789abcdef", 32),
    st.tuples(chars(ALNUM, 20, 40), chars(ALNUM, 20, 60), chars(ALNUM, 20, 40)).map(
        lambda p: (f"eyJ{p[0]}.eyJ{p[1]}.{p[2]}", [f"eyJ{p[0]}.eyJ{p[1]}.{p[2]}"])
    ),
    keyed("Authorization: Bearer {}", ALNUM + "._-", 24, 60),
    keyed("Authorization: Basic {}==", B64, 16, 40),
    keyed("DefaultEndpointsProtocol=https;AccountKey={}==;", B64, 60, 86),
    keyed("postgres://app:{}@db.example.com/shop", ALNUM + "!@$%", 8, 24),
    keyed("redis://:{}@cache:6379/0", ALNUM, 8, 24),
    # issue 24, item 2: the password shapes
    keyed("postgres://u:{}@db.example.com/app", ALNUM + "?#/", 8, 24),
    keyed("password={}", ALNUM + ",;[]{}", 8, 24).filter(lambda p: p[1][0][-1] in ALNUM),
    keyed("mysql -u root -p{} shop", ALNUM, 8, 24),
    keyed("deploy --password {} now", ALNUM + "!@$%", 8, 24),
    keyed("<password>{}</password>", ALNUM + "!@$% ", 8, 24),
    st.tuples(
        st.sampled_from(["password", "DB_PASS", "api_key", "client_secret", "access_token"]),
        st.sampled_from(["={}", ": {}", ' = "{}"', ': "{}"', '\\":\\"{}\\"', "='{}'"]),
        st.sampled_from(string.ascii_letters),
        chars(ALNUM, 7, 24),
    ).map(lambda p: (p[0] + p[1].format(p[2] + p[3]), [p[2] + p[3]])),
)

WORDS = ["deploy", "the", "build", "ran", "on", "tuesday", "with", "postgres", "and", "ok"]


def filler(length: int, seed: int) -> str:
    """`length` characters of plain words in lines of twelve, varied by `seed`: text
    around a secret that no pattern takes for one."""
    words = [WORDS[(seed + n * 7) % len(WORDS)] for n in range(length // 3 + 1)]
    lines = [" ".join(words[n : n + 12]) for n in range(0, len(words), 12)]
    return "\n".join(lines)[:length]


def pieces(cores: list[str]) -> list[str]:
    """Pieces of PIECE characters of each core, one every 3 characters: a part of a
    secret that shows is a leak as much as the whole."""
    return [
        core[start : start + PIECE]
        for core in cores
        for start in range(0, max(1, len(core) - PIECE + 1), 3)
    ]


def leaks(seen: dict[str, str], cores: list[str], furniture: str) -> dict[str, str]:
    """The surfaces of `seen` that show a piece of a secret, each with the piece. A piece
    that `furniture` (the same surfaces with no secret in them) shows too is not
    counted: it is memctl's own text, whatever the secret drawn. A core shown whole is
    always counted (review 33 S12: a token made only of furniture pieces was excused
    piece by piece); a core the furniture holds whole is no secret a test can tell from
    memctl's own text, and the tests do not draw it (`assume`)."""
    found = {
        surface: piece
        for surface, shown in seen.items()
        for piece in pieces(cores)
        if piece in shown and piece not in furniture
    }
    for surface, shown in seen.items():
        for core in cores:
            if surface not in found and core in shown:
                found[surface] = core
    return found


def pem(seed: int = 1, lines: int = 25) -> tuple[str, list[str]]:
    """A private key block and its body lines (what must never be shown)."""
    rng = random.Random(seed)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    body = ["".join(rng.choice(alphabet) for _ in range(64)) for _ in range(lines)]
    block = "-----BEGIN RSA PRIVATE KEY-----\n" + "\n".join(body)
    return block + "\n-----END RSA PRIVATE KEY-----", body


GITHUB = "ghp_" + "Zq8" * 12  # 36 characters after the prefix


def shown(text: str, body: list[str]) -> list[str]:
    """The key lines (or pieces of 12 characters of them) that `text` shows."""
    return [line for line in body if any(line[i : i + 12] in text for i in range(0, 53, 13))]
