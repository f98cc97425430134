"""builtin's facts and supersession after review 23.

H5: only a fixed aside ("For the record, ...") is read through by supersession; any
other "For/Per/To ..." opening scopes its claim, so two claims scoped apart ("For the iOS
app, ..." / "For the Android app, ...") both stand.
H2: how a run came out is the assistant's news of the minute only when it ends the
sentence; a condition or cause after it ("... fail without Docker") is a lasting fact,
and a person's sentence is never a run's outcome.
M7/M8/M9/L11: an agent's dated plan or finding, an order for every time, where a named
thing was put, and the clause "let me note that" points at are kept."""

from __future__ import annotations

from typing import Any

import pytest

from memctl.core.prompts import NO_REPLY
from memctl.models.builtin import BuiltinModel
from memctl.models.interface import Request
from memctl.models.supersede import stale


def flush(*messages: tuple[str, str]) -> list[str]:
    conversation: list[dict[str, Any]] = [{"role": role, "text": text} for role, text in messages]
    payload = {"conversation": conversation, "memory": "", "ledger": "", "thread": "t"}
    text = BuiltinModel().complete(Request("flush", [], payload)).text
    return [] if text == NO_REPLY else [line.removeprefix("- ") for line in text.splitlines()]


@pytest.mark.parametrize(
    "pair",
    [
        (
            "For the iOS app, the minimum version is 15.",
            "For the Android app, the minimum version is 10.",
        ),
        ("For Dana, the deadline is Friday.", "For Sam, the deadline is Monday."),
        ("Per the contract, the fee is 5%.", "Per the invoice, the fee is 7%."),
    ],
)
def test_claims_scoped_apart_both_stand(pair: tuple[str, str]) -> None:
    assert stale(list(pair)) == {}


@pytest.mark.parametrize(
    "preface", ["For the record, ", "For reference, ", "As discussed, ", "BTW, "]
)
def test_a_fixed_aside_is_still_read_through(preface: str) -> None:
    assert stale([f"{preface}the staging DB is db3.", "The staging DB moved to db7."]) == {0: 1}


def at_work(said: str) -> list[str]:
    return flush(("user", "Can you fix the failing build?"), ("assistant", said), ("tool", "ok"))


LASTING_RUNS = [
    "Integration tests fail on ARM because of the numpy wheel.",
    "Tests in tests/e2e fail without Docker.",
    "The e2e tests pass only with Docker running.",
    "Two tests fail on Windows.",
    "The build fails on ARM runners.",
    "Tests fail on Python 3.13 because of the removed distutils.",
    "The integration tests fail without a running Redis.",
]


@pytest.mark.parametrize("said", LASTING_RUNS)
def test_a_run_with_its_condition_or_cause_is_a_fact(said: str) -> None:
    assert at_work(said) == [said]
    assert flush(("user", said)) == [said]


def test_a_run_said_by_a_person_is_kept() -> None:
    said = "All 40 integration tests pass against db7."
    assert flush(("user", said)) == [said]


@pytest.mark.parametrize(
    "said",
    [
        "All 40 integration tests pass against db7.",
        "12 migrations applied.",
        "The build fails again.",
    ],
)
def test_the_assistants_run_of_the_minute_is_no_memory(said: str) -> None:
    assert at_work(said) == []


@pytest.mark.parametrize(
    "said",
    [
        "Upgrading the cluster to k8s 1.31 on 2026-12-10.",
        "Migrating the DB to Postgres 16 next sprint.",
        "Looking at the config, the cache TTL is 300 seconds.",
    ],
)
def test_an_agents_dated_plan_or_finding_is_kept(said: str) -> None:
    """M7: a participle with its day is a plan; after a participle clause, a finding."""
    assert at_work(said) == [said]


@pytest.mark.parametrize(
    "said",
    [
        "Checking the logs now, this may take a minute.",
        "Running the integration tests against db7.",
    ],
)
def test_what_the_agent_is_doing_this_minute_is_no_memory(said: str) -> None:
    assert at_work(said) == []


@pytest.mark.parametrize(
    "said",
    [
        "Use the logger in app/log.py for all new code.",
        "Change the car oil every 10000 km.",
    ],
)
def test_an_order_for_every_time_is_a_standing_rule(said: str) -> None:
    """M8: said without "always", its recurring scope makes it a rule that holds."""
    assert flush(("user", said)) == [said]


def test_an_order_for_this_session_is_no_memory() -> None:
    assert flush(("user", "Please fix the failing test in tests/test_auth.py.")) == []


def test_the_assistant_at_work_naming_a_project_rule_is_no_order() -> None:
    """Only a person's order to the assistant is this session's task; the assistant's
    own sentence in the imperative states how the project does it."""
    assert at_work("Use the logger in app/log.py.") == ["Use the logger in app/log.py."]


def answered(question: str, answer: str) -> list[str]:
    conversation = [
        {"role": "user", "text": question, "name": "Ana"},
        {"role": "user", "text": answer, "name": "Ben"},
    ]
    payload = {"conversation": conversation, "memory": "", "ledger": "", "thread": "t"}
    text = BuiltinModel().complete(Request("flush", [], payload)).text
    return [] if text == NO_REPLY else [line.removeprefix("- ") for line in text.splitlines()]


@pytest.mark.parametrize(
    ("question", "answer", "thing"),
    [
        ("Where did you put the passports?", "In the safe.", "passports"),
        ("Where did you leave the spare key?", "Under the blue pot.", "spare key"),
    ],
)
def test_where_a_named_thing_was_put_is_kept(question: str, answer: str, thing: str) -> None:
    """M9: a thing named, its answer is where it is kept."""
    (kept,) = answered(question, answer)
    assert thing in kept and answer.rstrip(".") in kept


@pytest.mark.parametrize(
    ("question", "answer"),
    [("where did you park?", "By the gym."), ("where did you put it?", "Mars.")],
)
def test_where_someone_parked_is_the_moment(question: str, answer: str) -> None:
    assert answered(question, answer) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Let me note that the staging DB is db3.", "The staging DB is db3."),
        ("Let me remind you that the staging DB is db3.", "The staging DB is db3."),
        ("Let me point out that the API key expires in March.", "The API key expires in March."),
    ],
)
def test_the_clause_a_let_me_note_points_at_is_kept(said: str, kept: str) -> None:
    """L11: "let me note that ..." is no next step of the session but a label in words."""
    assert flush(("user", said)) == [kept]
    assert at_work(said) == [kept]


def test_a_next_step_with_a_that_clause_is_still_the_moment() -> None:
    assert at_work("Let me check that the tests pass.") == []
