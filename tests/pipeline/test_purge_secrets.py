"""A purge masks the whole secret (audit 15 H2): the sentence of the source turn even
when the query inside it was masked first and the fact holds a redaction marker where
the turn holds a token, and the whole token a query is part of ("hunter2" inside
"hunter2-swordfish")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from memctl.pipeline.purge import Needles, masked, masked_file

TOKEN = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"
SECRET_TURN = (
    f"My token for the deploy bot is {TOKEN} if you need it, "
    "and the staging admin password is hunter2-swordfish."
)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A temporary HOME, as the audit ran."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))


def test_forget_purge_masks_the_turn_holding_a_redacted_token_and_the_query(
    cli: Any, workspace: Path
) -> None:
    said = [
        {"role": "user", "content": "Can you check the staging deploy?"},
        {"role": "assistant", "content": "Sure."},
        {"role": "user", "content": SECRET_TURN},
        {"role": "assistant", "content": "Thanks."},
    ]
    talk = "".join(json.dumps(entry) + "\n" for entry in said)
    assert cli("-w", workspace, "thread", "append", "t1", input=talk).exit_code == 0
    assert cli("-w", workspace, "flush").exit_code == 0
    assert cli("-w", workspace, "consolidate").exit_code == 0
    assert "[REDACTED:github_token]" in (workspace / "MEMORY.md").read_text()
    assert cli("-w", workspace, "forget", "hunter2", "--purge").exit_code == 0
    for path in workspace.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            for left in (TOKEN, b"hunter2", b"swordfish"):
                left = left if isinstance(left, bytes) else left.encode()
                assert left not in data, (path, left)
    log = [json.loads(line) for line in (workspace / "threads/t1.jsonl").read_text().splitlines()]
    assert [entry["content"] for entry in log[:2]] == ["Can you check the staging deploy?", "Sure."]
    assert log[3]["content"] == "Thanks."


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("the password is hunter2-swordfish.", "the password is "),
        ('{"content":"pw hunter2-swordfish, ok"}', '{"content":"pw '),
        ("url https://bob:hunter2@db3.internal:5432/x then", "url "),
        ("(hunter2) stays in brackets", "("),
    ],
)
def test_a_query_inside_a_token_masks_the_whole_token(text: str, kept: str) -> None:
    out = masked(text.encode(), Needles.of(["hunter2"])).decode()
    assert "hunter2" not in out
    assert "swordfish" not in out and "db3.internal" not in out
    assert out.startswith(kept)
    assert len(out.encode()) == len(text.encode())
    if text.endswith("."):
        assert out.endswith(".")  # the sentence's full stop is no part of the token


def test_a_redaction_marker_in_a_fact_matches_the_secret_it_stands_for() -> None:
    fact = "The deploy token is [REDACTED:github_token] for the bot."
    raw = f'{{"content":"The deploy token is {TOKEN} for the bot."}}\n'
    out = masked(raw.encode(), Needles.of([fact])).decode()
    assert TOKEN not in out and "deploy" not in out
    assert json.loads(out)["content"].endswith(".")
    # The marker itself still matches, and words alone around it are no copy.
    assert masked(fact.encode(), Needles.of([fact])) != fact.encode()
    other = "The deploy token is tok-77 for the bot maker."
    assert "deploy" not in masked(other.encode(), Needles.of([fact])).decode()
    unrelated = "The deploy token is in the vault."
    assert masked(unrelated.encode(), Needles.of([fact])) == unrelated.encode()


def test_explain_and_a_purge_name_the_assistants_turn_not_the_tool_result_it_read(
    cli: Any, workspace: Path
) -> None:
    """Audit 15 M3: explain named the tool result ("migrating... 12 tables moved")
    as the turn that said the fact, where the assistant's turn said it; a purge follows
    the turn explain names."""
    said = [
        {"role": "user", "content": "Can you run the migrations?"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "shell", "arguments": "{}"}}
            ],
        },
        {
            "role": "tool",
            "tool_call_id": "c1",
            "content": "The migration moved 12 tables to the billing schema.",
        },
        {"role": "assistant", "content": "The migration moved 12 tables to the billing schema."},
    ]
    talk = "".join(json.dumps(entry) + "\n" for entry in said)
    assert cli("-w", workspace, "thread", "append", "t1", input=talk).exit_code == 0
    assert cli("-w", workspace, "flush").exit_code == 0
    assert cli("-w", workspace, "consolidate").exit_code == 0
    told = cli("-w", workspace, "explain", "moved 12 tables")
    assert told.exit_code == 0, told.stderr
    assert "entry 3 (assistant" in told.stdout, told.stdout
    assert cli("-w", workspace, "forget", "moved 12 tables", "--purge").exit_code == 0
    log = [json.loads(line) for line in (workspace / "threads/t1.jsonl").read_text().splitlines()]
    assert "12 tables" not in log[3]["content"]


def _thread_log(content: str, ascii_only: bool) -> bytes:
    entry = {"role": "user", "content": content}
    return (json.dumps(entry, ensure_ascii=ascii_only) + "\n").encode()


@pytest.mark.parametrize("ascii_only", [True, False])
@pytest.mark.parametrize(
    ("content", "kept"),
    [
        ("The admin password is below:\nhunter2\nKeep it safe.", "Keep it safe."),
        ("tab\thunter2 ok", "tab\t"),
        ("caf\u00e9-hunter2 ok", " ok"),  # one token, accent and all
        ("我的密码是hunter2，请不要告诉别人。明天见面吧", "请不要告诉别人。明天见面吧"),
        ("我的密码是hunter2，请", "我的密码是"),
        ("hunter2\u2026and Tom", "\u2026and Tom"),
        ("hunter2...and Tom", "...and Tom"),
        ("pw:...hunter2", "pw:..."),
        ("a\u2014hunter2\u2014b", "a\u2014"),
        ("password=hunter2&user=bob", "&user=bob"),
        ("password=hunter2&user=bob", "password="),
    ],
)
def test_a_token_is_widened_over_no_escape_and_no_other_word(
    content: str, kept: str, ascii_only: bool
) -> None:
    """Review 24 F1: the widening walked back over the letter of an escape (`\\n`,
    `\\u00e9`) and masked it, leaving the thread log no valid JSON; and over any
    character but a space (CJK text, "…", "—", a query string's `&`)."""
    out = masked(_thread_log(content, ascii_only), Needles.of(["hunter2"]))
    said = json.loads(out)["content"]  # still valid JSON
    assert "hunter2" not in said and kept in said


@pytest.mark.parametrize("query", ["nhunter2", "pw7\\", "u00e9x"])
def test_a_copy_in_a_raw_json_text_never_starts_or_ends_inside_an_escape(query: str) -> None:
    """The query "nhunter2" in the raw text `\\nhunter2` is no copy (the text says a line break,
    then "hunter2"), nor "pw7\\" in `pw7\\"`: masking either breaks the escape."""
    raw = _thread_log('x\nhunter2 pw7"ok \u00e9x', True)
    assert json.loads(masked(raw, Needles.of([query])))


def test_a_backslash_in_a_markdown_line_is_no_json_escape() -> None:
    """A Markdown line is no JSON: the `\\n` before "notes" in a Windows path is no escape
    whose letter a copy must not start on."""
    line = b"- The plan lives in C:\\Users\\bob\\notes now.\n"
    out, _ = masked_file("MEMORY.md", line, Needles.of(["notes"]))
    assert b"notes" not in out and out.startswith(b"- The plan lives in C:\\Users\\bob\\")


def test_forget_purge_leaves_a_thread_log_holding_escapes_valid(cli: Any, workspace: Path) -> None:
    talk = _thread_log("The staging admin password is below:\nhunter2\nKeep it safe.", True)
    assert cli("-w", workspace, "thread", "append", "t1", input=talk.decode()).exit_code == 0
    assert cli("-w", workspace, "forget", "hunter2", "--purge").exit_code == 0
    shown = cli("-w", workspace, "thread", "show", "t1")
    assert shown.exit_code == 0, shown.stderr
    assert "hunter2" not in shown.stdout and "Keep it safe." in shown.stdout


@pytest.mark.parametrize(
    ("query", "text", "left"),
    [
        (
            "staging",
            "docs at https://wiki.example.com/staging/setup now",
            "https://wiki.example.com/",
        ),
        ("staging", "docs at https://wiki.example.com/staging/setup now", "/setup now"),
        ("acme", "cd /home/bob/projects/acme-web/src", "/home/bob/projects/"),
        ("acme", "cd /home/bob/projects/acme-web/src", "-web/src"),
        ("Ana", "Bananas are great; Ana likes them.", "Bananas are great; "),
        ("Ana", "Bananas are great; Ana likes them.", " likes them."),
        # however long (review 26 F6: 8 letters or more was widened as a secret's part)
        ("production", "no reproduction on production yet", "no reproduction on "),
        ("production", "see https://production.acme.io/ now", ".acme.io/ now"),
        ("Margaret", "Margarethe met Margaret", "Margarethe met "),
    ],
)
def test_a_plain_word_is_masked_as_a_whole_word_never_the_token_around_it(
    query: str, text: str, left: str
) -> None:
    """Review 24 F11: `forget staging --purge` masked the whole URL, `forget acme` the
    whole path, `forget Ana` the word "Bananas". A plain word is no secret's part."""
    out = masked(text.encode(), Needles.of([query])).decode()
    assert (
        query
        not in out.replace("Bananas", "").replace("Margarethe", "").replace("reproduction", "")
        and left in out
    )


def test_a_marker_ending_a_needle_stands_for_a_token_that_looks_like_a_secret() -> None:
    """Review 24 F10: "The deploy token is [REDACTED:github_token]" masked "The deploy
    token is in" of "The deploy token is in 1Password.": "in" is no secret."""
    needles = Needles.of(["The deploy token is [REDACTED:github_token]."])
    text = "The deploy token is in 1Password. Then Tom said hi."
    assert masked(text.encode(), needles) == text.encode()
    for secret in ("ghp_x", "s3cret", "swordfish", "ab-cd"):
        copy = f"The deploy token is {secret}. Then Tom said hi."
        assert masked(copy.encode(), needles).decode().endswith(". Then Tom said hi.")
        assert secret not in masked(copy.encode(), needles).decode()


def test_a_needle_of_markers_alone_matches_the_markers_only() -> None:
    """Review 24 M7: a needle that is a marker alone would, as a secret, match every
    token that looks like one."""
    text = "Meet Tom at 5pm by gate-7; the key is [REDACTED:api_key] now."
    out = masked(text.encode(), Needles.of(["[REDACTED:api_key]"])).decode()
    assert out.startswith("Meet Tom at 5pm by gate-7; the key is ") and out.endswith(" now.")
    assert "REDACTED" not in out
