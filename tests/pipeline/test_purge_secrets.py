"""A purge masks the whole secret (audit 15 H2): the sentence of the source turn even
when the query inside it was masked first and the fact holds a redaction marker where
the turn holds a token, and the whole token a query is part of ("hunter2" inside
"hunter2-swordfish")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from memctl.pipeline.purge import Needles, masked

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
    other = "The deploy token is gone for the bot maker."
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
