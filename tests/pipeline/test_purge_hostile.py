"""A purge leaves no piece of a hostile token in any file (review 26 F5): a token holding
an accent, CJK, an emoji, a quote, a backslash or a slash, said in thread logs a host
wrote with every non-ASCII character escaped (`\\u00e9`, a surrogate pair), `\\"`, `\\\\`
and `\\/`, in a tool call's arguments (JSON in JSON), a ledger, MEMORY.md, a history
copy, an evicted result, the index and exported AGENTS.md/CLAUDE.md blocks, a bullet
that wraps it over two lines, and beside a longer word it begins. The audit
(`pieces_left`) decodes every JSON string before it looks, and looks for every piece of
four characters of the token, so a tail a purge left (`\\u00e9fgh1234` after `abcd` was
masked) is found."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from memctl.pipeline.purge import Needles, masked
from tests.support.conversations import tool_turn
from tests.support.helpers import configure, pieces_left, readings, write_log

TOKENS = [
    "ab1cd\u00e9fgh1234",  # the review's: an accent inside
    "rk9\u5bc6\u94a5\u96ea\u5c7142",  # CJK
    "k3y\U0001f511moon77",  # an emoji: a surrogate pair once escaped
    'qx7"zv"wm9',  # quotes: `\"` in JSON
    "kv9\\zq7\\wm",  # backslashes: `\\` in JSON
    "kv9/zq7/wm4",  # a slash, which a hand's writer escapes as `\/`
]
LONGER = "tail"
"""Said right after the token, a word of its own ("zq7vex" then "zq7vextail" in another
turn): the token is a prefix of another word, which survives."""


def _hashes(root: Path, out: Path) -> dict[str, str]:
    """Each file's digest: the workspace's by their path in it, the exports' by theirs
    (as a purge lists them), locks and the index's change journal aside."""
    return {
        str(path.relative_to(root) if path.is_relative_to(root) else path): hashlib.sha256(
            path.read_bytes()
        ).hexdigest()
        for path in sorted([*root.rglob("*"), *out.rglob("*")])
        if path.is_file() and not path.name.endswith(("lock", ".journal"))
    }


def _said(token: str) -> str:
    return f"The vault key is {token} for staging."


def _workspace(cli: Any, root: Path, out: Path, token: str) -> Path:
    """A workspace with the token in every kind of file a purge must reach."""
    assert cli("init", root).exit_code == 0
    configure(root, eviction={"threshold_chars": 1000})
    said = [
        {"role": "user", "content": _said(token)},
        {"role": "assistant", "content": "Noted."},
        {"role": "user", "content": "Dana leads payments."},
    ]
    talk = "".join(json.dumps(entry, ensure_ascii=False) + "\n" for entry in said)
    assert cli("-w", root, "thread", "append", "t1", input=talk).exit_code == 0
    assert cli("-w", root, "flush").exit_code == 0
    assert cli("-w", root, "consolidate").exit_code == 0
    # A plain forget keeps MEMORY.md, token and all, in a history copy.
    assert cli("-w", root, "forget", "Dana leads payments").exit_code == 0
    # A host's log: every non-ASCII character escaped, the sentence said again in
    # another entry (no fact's saying), the token in a tool call's arguments.
    arguments = json.dumps({"key": token, "note": f"{token} {LONGER}"})
    call = {"id": "c1", "type": "function", "function": {"name": "vault", "arguments": arguments}}
    write_log(
        root,
        "t2",
        [
            {"role": "user", "content": f"Again: {_said(token)}"},
            {"role": "assistant", "content": None, "tool_calls": [call]},
            {"role": "tool", "tool_call_id": "c1", "content": f"stored {token}."},
        ],
    )
    by_hand = json.dumps({"role": "user", "content": f"key {token}; {token}{LONGER}"})
    (root / "threads" / "t4.jsonl").write_text(by_hand.replace("/", "\\/") + "\n")
    write_log(root, "t3", tool_turn("call_1", "x" * 600 + f" key {token} " + "y" * 600))
    assert cli("-w", root, "evict", "t3").exit_code == 0
    half = len(token) // 2
    wrapped = f"- The old vault key was {token[:half]}\n  {token[half:]} for staging.\n"
    (root / "memory" / "2020-01-02.md").write_text(f"# 2020-01-02\n\n## 09:00 (t0)\n{wrapped}")
    assert cli("-w", root, "archive").exit_code == 0
    out.mkdir()
    agents, claude = out / "AGENTS.md", out / "CLAUDE.md"
    assert cli("-w", root, "export", "--agents-md", agents).exit_code == 0
    assert cli("-w", root, "export", "--claude-md", claude).exit_code == 0
    assert cli("-w", root, "search", "vault", "--scope", "all").exit_code == 0
    return root


@pytest.mark.parametrize("token", TOKENS)
def test_a_purge_leaves_no_piece_of_a_hostile_token_in_any_file(
    cli: Any, tmp_path: Path, token: str
) -> None:
    root, out = tmp_path / "ws", tmp_path / "out"
    _workspace(cli, root, out, token)
    left = pieces_left([root, out], token)
    kinds = [
        "memory/20",  # a ledger
        "memory/archive/2020-01-02.md",  # the wrapped bullet
        "MEMORY.md",
        ".memctl/history/",
        "threads/t1.jsonl",
        "threads/t2.jsonl",
        "threads/t4.jsonl",
        "evicted/t3/",
        "AGENTS.md",
        "CLAUDE.md",
    ]
    for kind in kinds:
        assert any(kind in path for path in left), (kind, sorted(left))
    # The index holds its words in FTS5's compressed pages, no grep's reading: a purge
    # deletes it.
    index = root / ".memctl" / "index.sqlite"
    assert index.exists()
    before = _hashes(root, out)

    dry = cli("-w", root, "--json", "forget", token, "--purge", "--all", "--dry-run")

    assert dry.exit_code == 0, dry.stderr
    assert _hashes(root, out) == before  # a dry run changes nothing
    run = cli("-w", root, "--json", "forget", token, "--purge", "--all")
    assert run.exit_code == 0, run.stderr
    assert pieces_left([root, out], token, besides=[token + LONGER]) == {}
    assert not index.exists()
    # It lists exactly the files it changed (the index it deleted among them), as
    # its dry run did.
    after = _hashes(root, out)
    changed = {name for name in {*before, *after} if before.get(name) != after.get(name)}
    listed, would = (json.loads(r.stdout) for r in (run, dry))
    assert {*listed["purged"], *listed["exports"]} == {*would["purged"], *would["exports"]}
    # Besides, the version history keeps of MEMORY.md as the purge left it (undo
    # refuses it: a purge cannot be undone), and its sidecar.
    kept = listed["history"]
    assert kept.startswith(".memctl/history/") and token not in (root / kept).read_text()
    sidecar = kept.removesuffix(".md") + ".json"
    assert {*listed["purged"], *listed["exports"], kept, sidecar} == changed
    # The logs stay valid JSON, and the longer word the token begins survives.
    for log in (root / "threads").glob("*.jsonl"):
        entries = [json.loads(line) for line in log.read_text().splitlines()]
        assert all(entry["role"] for entry in entries)
    said = json.loads((root / "threads" / "t4.jsonl").read_text())["content"]
    assert said.endswith(f"; {token}{LONGER}")


@pytest.mark.parametrize("token", TOKENS)
def test_a_purge_of_a_fact_leaves_no_piece_of_the_token_its_marker_stands_for(
    cli: Any, workspace: Path, token: str
) -> None:
    """Review 26 F5: the fact holds `[REDACTED:secret]` where the turns hold the token;
    in a log a host wrote with escapes, the marker's needle matched the token up to its
    first escape (`ab1cd`), and `\\u00e9fgh1234` was left. (`zz`: the redactor takes a
    value cut at a quote or a backslash after fewer than 4 characters for no secret.)"""
    token = f"zz{token}"
    said = f"The staging password={token}"
    talk = json.dumps({"role": "user", "content": said}, ensure_ascii=False) + "\n"
    assert cli("-w", workspace, "thread", "append", "t1", input=talk).exit_code == 0
    arguments = json.dumps({"note": said})
    call = {"id": "c1", "type": "function", "function": {"name": "note", "arguments": arguments}}
    again = [
        {"role": "user", "content": "Which deploy is it for?"},
        {"role": "user", "content": f"Again: {said}"},
        {"role": "assistant", "content": None, "tool_calls": [call]},
    ]
    write_log(workspace, "t2", again)
    assert cli("-w", workspace, "flush").exit_code == 0
    assert cli("-w", workspace, "consolidate").exit_code == 0
    assert "password=[REDACTED:secret]" in (workspace / "MEMORY.md").read_text()
    assert pieces_left([workspace / "threads"], token)

    run = cli("-w", workspace, "forget", "staging password", "--purge", "--all")

    assert run.exit_code == 0, run.stderr
    assert pieces_left([workspace], token) == {}
    log = [json.loads(line) for line in (workspace / "threads/t2.jsonl").read_text().splitlines()]
    assert log[0]["content"] == "Which deploy is it for?"


@pytest.mark.parametrize(
    ("query", "text", "kept"),
    [
        ("production", "no reproduction on production now", "reproduction"),  # its left
        ("production", "on production, productions now", "productions"),  # its right
        ("db3", "xdb3 and db3 now", "xdb3"),  # a token's left
        ("db3", "db33 and db3 now", "db33"),  # a token's right
        ("hunter2", "caf\u00e9hunter2 and hunter2 now", "caf\u00e9hunter2"),  # an accent's
        ("hunter2", "hunter2\u00e9t and hunter2 now", "hunter2\u00e9t"),
    ],
)
@pytest.mark.parametrize("ascii_only", [True, False])
def test_a_needle_matches_where_a_word_begins_and_ends_on_both_sides(
    query: str, text: str, kept: str, ascii_only: bool
) -> None:
    """A longer word that holds the needle at either end is another word, a plain
    word's ("reproduction", "productions") or a token's ("xdb3", "db33"), escaped or not
    (`hunter2\\u00e9t`: the escape is a letter of the word). Each bound is checked on
    its own side (a bound always true on one side went unseen)."""
    line = (json.dumps({"role": "user", "content": text}, ensure_ascii=ascii_only) + "\n").encode()
    said = json.loads(masked(line, Needles.of([query])))["content"]
    out = masked(text.encode(), Needles.of([query])).decode()
    for left in (said, out):
        assert kept in left and left.endswith(" now") and query not in left.replace(kept, "")


def _line(content: str) -> bytes:
    return (json.dumps({"role": "user", "content": content}) + "\n").encode()


@pytest.mark.parametrize(
    ("raw", "token"),
    [
        (_line("key ab1cd\u00e9fgh1234 ok"), "ab1cd\u00e9fgh1234"),  # \u00e9
        (_line("key k3y\U0001f511moon77 ok"), "k3y\U0001f511moon77"),  # a surrogate pair
        (_line('key qx7"zv"wm9 ok'), 'qx7"zv"wm9'),  # \"
        (_line("key kv9\\zq7\\wm ok"), "kv9\\zq7\\wm"),  # \\
        (_line("key kv9/zq7/wm4 ok").replace(b"/", b"\\/"), "kv9/zq7/wm4"),  # \/
        (_line(json.dumps({"key": "ab1cd\u00e9fgh1234 ok"})), "ab1cd\u00e9fgh1234"),  # nested
        (_line("key ab1cd-\u00e9fgh1234 ok"), "ab1cd-\u00e9fgh1234"),
    ],
)
def test_a_copy_written_with_any_escape_is_masked_whole(raw: bytes, token: str) -> None:
    """Each escape a JSON writer uses, JSON in JSON, and a query widened over an accent
    to the token it is the start of (`ab1cd` of `ab1cd-\u00e9fgh1234`)."""
    out = masked(raw, Needles.of([token.partition("-")[0]]))
    assert json.loads(out)  # still valid JSON
    assert pieces_in(out.decode(), token) == set()
    assert json.loads(out)["content"].startswith(("key ", '{"key": '))


def test_a_copy_after_an_astral_character_is_masked_where_it_stands() -> None:
    """A surrogate pair is one character: a mask placed by counting two would start a
    character early and end one early."""
    raw = _line("\U0001f511 key k3y\U0001f511moon77 ok")
    said = json.loads(masked(raw, Needles.of(["k3y\U0001f511moon77"])))["content"]
    assert said.startswith("\U0001f511 key [forgotten") and said.endswith("] ok")


def pieces_in(text: str, token: str) -> set[str]:
    """`pieces_left` for one text."""
    wanted = {token[at : at + 4].casefold() for at in range(len(token) - 3)}
    return {piece for view in readings(text) for piece in wanted if piece in view.casefold()}
