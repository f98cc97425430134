"""builtin keeps where things are (audit 5, finding 2): a sentence whose object is a
path, a file, a folder or a URL is a durable fact, and what a coding agent does to a
file for the moment is not; nor is a question put as what the speaker does not know
(finding 13)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memctl.models.facts import is_fact

PLACES = [
    "The invoice code lives in app/billing/invoice.py.",
    "The config is at /etc/shop/config.yaml on prod.",
    "Tests are under tests/billing.",
    "Logs go to /var/log/shop/app.log.",
    "The backup script lives in ops/backup.sh and runs nightly.",
    "Dana keeps the invoice code in app/billing/invoice.py.",
    "The invoice code lives in the billing folder.",
    "The API docs are at https://docs.example.com/shop.",
    "Secrets are in .env on each host.",
    "The CI workflow is .github/workflows/ci.yml.",
]


@pytest.mark.parametrize("sentence", PLACES)
def test_a_sentence_placing_something_at_a_path_is_a_fact(sentence: str) -> None:
    assert is_fact(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        # what an action of the moment reaches: a verb before the path, no place word
        "Looking at src/app.py now.",
        "Let me read app/billing/invoice.py first.",
        "Reading .github/workflows/ci.yml to see the matrix.",
        # a slash between function words is no path
        "We could do it and/or that.",
    ],
)
def test_a_path_an_action_reaches_is_no_fact(sentence: str) -> None:
    assert not is_fact(sentence)


def test_the_flush_keeps_each_location_said_in_its_own_thread(cli, workspace: Path) -> None:
    """The audit's repro: every one of these threads was "nothing worth keeping"."""
    for number, sentence in enumerate(PLACES[:7]):
        line = json.dumps({"role": "user", "content": sentence}) + "\n"
        run = cli("-w", workspace, "thread", "append", f"t{number}", input=line)
        assert run.exit_code == 0, run.stderr

    run = cli("-w", workspace, "flush")

    assert run.exit_code == 0, run.stderr
    ledger = "".join(p.read_text() for p in sorted((workspace / "memory").glob("*.md")))
    bullets = sorted(line[2:] for line in ledger.splitlines() if line.startswith("- "))
    assert bullets == sorted(PLACES[:7])


@pytest.mark.parametrize(
    "sentence",
    [
        "any idea if it needs VPN",
        "wondering if it needs VPN",
        "Not sure whether staging needs VPN.",
        "ok, does anyone know if the VPN is required",
    ],
)
def test_a_question_asked_as_what_the_speaker_does_not_know_is_no_fact(sentence: str) -> None:
    """audit 5, finding 13: "It needs VPN." came from a question; a yes/no question put
    as the speaker's not knowing ("any idea if ...") tells nothing, its mark or not."""
    assert not is_fact(sentence)


def test_a_condition_is_still_a_fact() -> None:
    assert is_fact("Deploys fail if the VPN is down.")


def _claude_code(turns: list[tuple[str, str]]) -> str:
    records = []
    for number, (role, text) in enumerate(turns, 1):
        content: object = text if role == "user" else [{"type": "text", "text": text}]
        records.append(
            {
                "type": role,
                "uuid": f"u{number}",
                "parentUuid": f"u{number - 1}" if number > 1 else None,
                "sessionId": "s1",
                "timestamp": f"2026-12-03T10:{number:02d}:00Z",
                "message": {"role": role, "content": content},
            }
        )
    return "".join(json.dumps(record) + "\n" for record in records)


def _codex(turns: list[tuple[str, str]]) -> str:
    meta = {"id": "019a2d7a-41c4-78b1-b7cc-a45d62a89cd5", "cwd": "/home/dev/shop"}
    records: list[dict[str, object]] = [
        {"timestamp": "2026-12-03T10:00:00.000Z", "type": "session_meta", "payload": meta}
    ]
    for number, (role, text) in enumerate(turns, 1):
        kind = "input_text" if role == "user" else "output_text"
        records.append(
            {
                "timestamp": f"2026-12-03T10:{number:02d}:00.000Z",
                "type": "response_item",
                "payload": {
                    "type": "message",
                    "role": role,
                    "content": [{"type": kind, "text": text}],
                },
            }
        )
    return "".join(json.dumps(record) + "\n" for record in records)


SESSION = [
    ("user", "Grafana is at grafana.internal:3000. My email is dana@example.com."),
    ("user", "The repository is at ~/src/shop."),
    ("assistant", "Now the file is at /tmp/fix/invoice.py with the fix."),
    ("assistant", "Let me check the billing tests."),
    ("assistant", "I'll run the tests with uv run pytest."),
    ("assistant", "I wrote the patch to /tmp/claude-1000/scratch/patch.diff."),
    ("user", "The dump is in /tmp/db.sql."),
    ("user", "The build output goes to $TMPDIR/build."),
    ("assistant", "Next, the rounding bug in app/billing/invoice.py is fixed."),
    ("assistant", "The invoice code lives in app/billing/invoice.py."),
]


@pytest.mark.parametrize(
    ("name", "write"), [("session.jsonl", _claude_code), ("rollout-1.jsonl", _codex)]
)
def test_an_agent_sessions_scratch_and_narration_are_no_memory(
    cli, workspace: Path, tmp_path: Path, name: str, write
) -> None:  # type: ignore[no-untyped-def]
    """fixaudit6: from a Claude Code or Codex session, a path under the temporary folder
    is the session's scratch and an agent's "Now the file is at ..." where its work
    stands; a host, an e-mail address and a repository path the user names are kept."""
    transcript = tmp_path / name
    transcript.write_text(write(SESSION))
    run = cli("-w", workspace, "thread", "import", transcript)
    assert run.exit_code == 0, run.stderr
    run = cli("-w", workspace, "flush")
    assert run.exit_code == 0, run.stderr

    ledger = "".join(p.read_text() for p in sorted((workspace / "memory").glob("*.md")))
    bullets = [line[2:] for line in ledger.splitlines() if line.startswith("- ")]
    assert bullets == [
        "Grafana is at grafana.internal:3000.",
        "The user's email is dana@example.com.",
        "The repository is at ~/src/shop.",
        "The invoice code lives in app/billing/invoice.py.",
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        "The dump is in /tmp/db.sql.",
        "Logs go to /var/tmp/shop/app.log.",
        "The build output goes to $TMPDIR/build.",
        "The installer is in %TEMP%\\setup.exe.",
        "I saved it to C:\\Users\\dana\\AppData\\Local\\Temp\\out.txt.",
    ],
)
def test_a_path_under_the_temporary_folder_is_no_place_to_remember(sentence: str) -> None:
    assert not is_fact(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "The cache lives in app/tmp/cache.",
        "Dana's email is dana@example.com.",
        "Support is reached at help@shop.example.org.",
    ],
)
def test_a_tmp_folder_of_a_project_and_an_address_are_places(sentence: str) -> None:
    assert is_fact(sentence)
