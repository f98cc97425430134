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
