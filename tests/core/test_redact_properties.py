"""Property: a secret of a built-in category, anywhere, reaches no tool answer, no model
request and no memory file (issue 12, Done when).

Hypothesis draws a secret of each built-in kind and puts it at an offset near one of
the cuts memctl makes (thread_history's 4,000 characters, read_file's 20,000-character
pages, the eviction preview's head and tail (results over 30,000 characters are evicted
here, to keep the examples small), a search snippet's window, a memory_get
range, truncate_args' kept head), in a user message, a tool call's arguments, an
oversized tool result and MEMORY.md. Then every surface is read: the request `call`
would send, every tool answer (every read_file page), and what flush, compact and save
write with the builtin model, which copies what it is given. No piece of 8 characters
of the secret may be in any of them.
"""

from __future__ import annotations

import json
import string
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from memctl.core.config import load_config
from memctl.core.workspace import Workspace, init_workspace
from memctl.models.resolve import resolve_model, resolve_models
from memctl.pipeline.compact import compact
from memctl.pipeline.flush import flush
from memctl.pipeline.save import save
from memctl.turn.context import build_context
from memctl.turn.tools import EVICTED_PAGE_CHARS, HISTORY_ENTRY_CHARS, run_tool
from tests.support.helpers import write_log

pytestmark = pytest.mark.slow

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


SECRETS = st.one_of(
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
    st.tuples(
        st.sampled_from(["password", "DB_PASS", "api_key", "client_secret", "access_token"]),
        st.sampled_from(["={}", ": {}", ' = "{}"', ': "{}"', '\\":\\"{}\\"', "='{}'"]),
        st.sampled_from(string.ascii_letters),
        chars(ALNUM, 7, 24),
    ).map(lambda p: (p[0] + p[1].format(p[2] + p[3]), [p[2] + p[3]])),
)

WORDS = ["deploy", "the", "build", "ran", "on", "tuesday", "with", "postgres", "and", "ok"]


def filler(length: int, seed: int) -> str:
    words = [WORDS[(seed + n * 7) % len(WORDS)] for n in range(length // 3 + 1)]
    lines = [" ".join(words[n : n + 12]) for n in range(0, len(words), 12)]
    return "\n".join(lines)[:length]


def placed(secret: str, length: int, start: int, seed: int) -> str:
    """`secret` starting at `start` (clamped) in `length` characters of filler, with
    `zebra`, the search word, a random distance before it."""
    offset = max(0, min(start - 8, length))
    base = filler(length, seed)
    zebra = max(0, offset - seed % 900)
    return base[:zebra] + " zebra " + base[zebra:offset] + f" {secret} " + base[offset:]


def pieces(cores: list[str]) -> list[str]:
    return [
        core[start : start + PIECE]
        for core in cores
        for start in range(0, max(1, len(core) - PIECE + 1), 3)
    ]


def read_pages(ws: Workspace, config: Any, path: str) -> list[str]:
    pages = [run_tool(ws, config, "read_file", {"path": path}).text]
    while "read on with offset " in pages[-1]:
        offset = int(pages[-1].split("read on with offset ")[1].split("]")[0])
        pages.append(run_tool(ws, config, "read_file", {"path": path, "offset": offset}).text)
    return pages


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    secret=SECRETS,
    where=st.sampled_from(["history", "page", "head", "tail", "args"]),
    across=st.floats(0, 1),
    seed=st.integers(0, 10_000),
    lines=st.tuples(st.integers(1, 40), st.integers(0, 40)),
    max_arg=st.integers(20, 300),
)
# Found by this test (2026-12-03): tool-call arguments holding `\\":\\"` reached
# thread_history, thread_search and the ledger with their quotes escaped once more.
@example(
    secret=('password\\":\\"a0000000\\"', ["a0000000"]),
    where="history",
    across=0.0,
    seed=0,
    lines=(1, 0),
    max_arg=20,
)
def test_no_secret_reaches_a_model_a_tool_answer_or_a_memory_file(
    secret: tuple[str, list[str]],
    where: str,
    across: float,
    seed: int,
    lines: tuple[int, int],
    max_arg: int,
) -> None:
    text, cores = secret
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch) / "ws"
        init_workspace(root)
        (root / "memctl.yaml").write_text(
            "timezone: UTC\n"
            "compaction:\n  keep_messages: 2\n  keep_tokens: 0\n  flush_before_compact: false\n"
            f"  truncate_args: {{max_arg_length: {max_arg}, truncation_text: '…'}}\n"
            "eviction: {threshold_chars: 30000}\n"
        )
        size = 32_000
        cut = {
            "history": HISTORY_ENTRY_CHARS,
            "page": EVICTED_PAGE_CHARS,
            "head": 2_000,
            "tail": size - 2_000,
            "args": 20,
        }[where]
        start = cut - int(across * len(text))  # the cut falls inside the secret
        message = placed(text, HISTORY_ENTRY_CHARS + 1_500, start, seed)
        result = placed(text, size, start, seed)
        arguments = json.dumps({"cmd": placed(text, 400, start, seed), "max_tokens": 9})
        write_log(
            root,
            "t1",
            [
                {"role": "user", "content": message},
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": "c1",
                            "type": "function",
                            "function": {"name": "shell", "arguments": arguments},
                        }
                    ],
                },
                {"role": "tool", "tool_call_id": "c1", "content": result},
                {"role": "user", "content": "thanks"},
                {"role": "assistant", "content": "you are welcome"},
            ],
        )
        by_hand = f"# Memory\n\n- {message}\n- {text}\n"  # memctl reads it, never writes it
        (root / "MEMORY.md").write_text(by_hand)
        ws, config = Workspace(root), load_config(root / "memctl.yaml")

        seen: dict[str, str] = {}
        request = build_context(ws, config, "t1", model_name="builtin", window=1_000_000)
        seen["request"] = json.dumps(request.messages, ensure_ascii=False)
        first, last = min(lines), max(lines)
        for name, args in [
            ("thread_history", {"thread": "t1"}),
            ("thread_search", {"query": "zebra"}),
            ("memory_search", {"query": "zebra"}),
            ("memory_get", {"path": "MEMORY.md"}),
            ("memory_get", {"path": "MEMORY.md", "startLine": first, "endLine": last + 1}),
        ]:
            outcome = run_tool(ws, config, name, args)
            seen[f"{name} {args}"] = outcome.text
        for evicted in sorted((root / "evicted" / "t1").iterdir()):
            path = evicted.relative_to(root).as_posix()
            for number, page in enumerate(read_pages(ws, config, path)):
                seen[f"read_file page {number}"] = page
        model = resolve_model(ws, config.memory_model)
        flush(ws, config, model, threads=["t1"])
        compact(ws, config, resolve_models(ws, config), "t1", force=True)
        save(ws, config, message)
        seen["MEMORY.md"] = (root / "MEMORY.md").read_text().removeprefix(by_hand)
        for path in sorted((root / "memory").glob("*.md")):
            seen[path.name] = path.read_text()
        seen["compaction"] = (root / "threads" / "t1.jsonl").read_text().splitlines()[-1]

    leaks = {
        surface: piece
        for surface, shown in seen.items()
        for piece in pieces(cores)
        if piece in shown
    }
    assert leaks == {}, (where, text[:80])
