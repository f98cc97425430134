"""builtin's facts after audit 15, which used memctl as a coding team would.

H1: a team's decision or rule said with the alternative it rejects ("We use uv, not
pip") is a choice made, not a negation; and a user's message flushed alone, with no
assistant turn beside it (its answer not yet in the thread), is still a person speaking
to the workspace's agent, whose rules ("Never push to main") are kept.
M1: what the assistant is doing this minute ("Let me read ...", "Running the tests
..."), how a run came out ("All 40 integration tests pass") and an order for this
session ("Please fix the failing test") are no memory; what it states of the project is.
H5: a leading discourse preface ("For the record, ...") is read through, by facts and by
supersession."""

from __future__ import annotations

from typing import Any

import pytest

from memctl.core.prompts import NO_REPLY
from memctl.models.builtin import BuiltinModel
from memctl.models.facts import extract, is_fact
from memctl.models.interface import Request
from memctl.models.supersede import stale


def flush(*messages: tuple[str, str]) -> list[str]:
    conversation: list[dict[str, Any]] = [{"role": role, "text": text} for role, text in messages]
    payload = {"conversation": conversation, "memory": "", "ledger": "", "thread": "t"}
    text = BuiltinModel().complete(Request("flush", [], payload)).text
    return [] if text == NO_REPLY else [line.removeprefix("- ") for line in text.splitlines()]


CHOICES = [
    "We use uv, not pip, in this repo.",
    "We use uv, not pip.",
    "Flaky tests get quarantined, not deleted.",
    "We agreed that flaky tests get quarantined with the @pytest.mark.flaky marker, not deleted.",
    "Use uv, not pip.",
]


@pytest.mark.parametrize("said", CHOICES)
def test_a_choice_said_with_the_alternative_it_rejects_is_kept(said: str) -> None:
    assert flush(
        ("user", "Can you fix the failing build?"),
        ("assistant", "Sure, looking at it now."),
        ("user", said),
        ("assistant", "Got it."),
    ) == [said]


@pytest.mark.parametrize(
    "said",
    [
        "Sure, not a problem.",  # a negation of its own, no alternative
        "It worked, not that it matters.",
        "We tried again, not really sure why it failed.",
    ],
)
def test_a_clause_negated_on_its_own_is_no_choice(said: str) -> None:
    assert not is_fact(said, to_assistant=True)


@pytest.mark.parametrize(
    "said",
    [
        "Never push to main.",
        "Always run ruff before committing.",
        "We use uv in this repo.",
        "We use uv, not pip.",
    ],
)
def test_a_users_message_flushed_alone_keeps_its_rules(said: str) -> None:
    """The thread held only this message when it was flushed: no one in it is named, so
    it is the workspace's user speaking to its agent, not two people chatting."""
    assert flush(("user", said)) == [said]


@pytest.mark.parametrize(
    "said",
    [
        "Let me read app/auth.py around line 88.",
        "Running the integration tests against db7.",
        "Checking the logs in /var/log/app.log now.",
        "All 40 integration tests pass against db7.",
        "Looking at the stack trace, this may take a minute.",  # review 23 M7: a finding after it is kept
        "12 migrations applied.",
        "Tests pass now.",
    ],
)
def test_the_assistants_narration_of_the_moment_is_no_memory(said: str) -> None:
    assert flush(("user", "Can you fix the failing build?"), ("assistant", said)) == []
    assert flush(("user", "Fix the build?"), ("assistant", said), ("tool", "ok")) == []


@pytest.mark.parametrize(
    "said",
    [
        "The config lives in config/x.yaml.",
        "The flaky test is in tests/test_auth.py.",
        "Running the suite takes 4 minutes.",  # a gerund with its verb: a fact
        "Caching the tokens in Redis cut the latency by 40%.",
        "Yesterday the migration in schema.sql ran cleanly.",  # a run with its day
    ],
)
def test_what_the_assistant_states_of_the_project_stays(said: str) -> None:
    """An agent at work (a tool ran): its plain statements are what it found."""
    assert flush(
        ("user", "Can you fix the failing build?"), ("assistant", said), ("tool", "ok")
    ) == [said]


def test_a_next_step_with_its_day_is_a_plan() -> None:
    """heldout8 q5: between two people, "let me" with a day is what the speaker will do."""
    said = "2025-02-16T09:00:00+00:00"
    conversation = [
        {"role": "user", "name": "Anselm", "text": "Where should we have the party?", "ts": said},
        {
            "role": "assistant",
            "name": "Freya",
            "text": "Let me ring the Anchor tomorrow and ask about a deposit.",
            "ts": said,
        },
    ]
    assert extract(conversation, [], lambda text: False) == [
        "Let Freya ring the Anchor on 2025-02-17 and ask about a deposit."
    ]


@pytest.mark.parametrize(
    "said",
    [
        "Please fix the failing test in tests/test_auth.py.",
        "Yes but open a PR.",
        "Use a subagent to find where we configure Sentry.",
        "Please run the tests against db7.",
        # A day that dates the session's task, not a deadline (review 25 F2).
        "Run the migration tonight.",
        "Revert the commit from Monday.",
        "Re-run the job that failed on 2025-06-06.",
        # A bare number is no deadline (review 26 F2).
        "Run the tests by 4 workers.",
        "Run the loop until 5 retries.",
    ],
)
def test_an_order_for_this_session_is_no_memory(said: str) -> None:
    assert flush(("user", said), ("assistant", "On it.")) == []


@pytest.mark.parametrize(
    "said",
    [
        "Add a [forgot password](/reset) link to the login page by Friday.",
        "Open a PR for the billing fix by tomorrow.",
        # A day ahead is an open task too (review 26 F1: d524e5f dropped these).
        "Merge the PR before the release on Friday.",
        "Fix the bug next Friday.",
        "Run the migration on Friday.",
        "Fix the login bug by 5pm.",
    ],
)
def test_an_order_with_its_day_is_an_open_task(said: str) -> None:
    """The full suite's purge-mask test said this one: a task with a deadline outlives
    the session, as a next step with its day is a plan."""
    assert is_fact(said, to_assistant=True)


@pytest.mark.parametrize(
    "said",
    [
        "Always run ruff before committing.",
        "Now also the CI cache key should include uv.lock.",  # a rule, worded as one
        "Please always squash before merging.",
    ],
)
def test_a_rule_given_to_the_assistant_stays(said: str) -> None:
    assert flush(("user", said), ("assistant", "Noted.")) == [said]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "For the record, the staging DB is db3.internal.acme.io.",
            "The staging DB is db3.internal.acme.io.",
        ),
        ("As a reminder, deploys happen on Tuesdays.", "Deploys happen on Tuesdays."),
        ("To be clear, we never deploy on Fridays.", "We never deploy on Fridays."),
    ],
)
def test_a_discourse_preface_is_left_out_of_the_fact(said: str, kept: str) -> None:
    assert flush(("user", said)) == [kept]


@pytest.mark.parametrize(
    "preface",
    ["For the record, ", "As a reminder, ", "To be clear, ", "FYI, ", "Just so you know, "],
)
def test_a_discourse_preface_is_read_through_by_supersession(preface: str) -> None:
    """The repro: the older statement, flushed later with its preface, is the same claim
    as the newer one, which replaces it."""
    older = f"{preface}the staging DB is db3.internal.acme.io."
    assert stale([older, "The staging DB moved to db7.internal.acme.io."]) == {0: 1}
