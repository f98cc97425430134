"""builtin flush on an AI assistant's answer (role assistant, no name, no tool ran):
a step it offers in prose, in the imperative, is advice to the person it helps, as an
item of its list already was; what it did, found or states of the person's project
stays (precise13)."""

from __future__ import annotations

from typing import Any

import pytest

from memctl.core.prompts import NO_REPLY
from memctl.models.builtin import BuiltinModel
from memctl.models.facts import _offered_step
from memctl.models.interface import Request

ASKED = "How do I stop the SD card of my weather station filling up?"


def flush(conversation: list[dict[str, Any]]) -> list[str]:
    payload = {"conversation": conversation, "memory": "", "ledger": "", "thread": "t"}
    text = BuiltinModel().complete(Request("flush", [], payload)).text
    return [] if text == NO_REPLY else [line.removeprefix("- ") for line in text.splitlines()]


def answered(said: str, tool: bool = False) -> list[str]:
    """What a flush keeps of an assistant's answer to a person's question."""
    ran = [{"role": "tool", "text": "station.py config.toml"}] if tool else []
    return flush([{"role": "user", "text": ASKED}, *ran, {"role": "assistant", "text": said}])


@pytest.mark.parametrize(
    "said",
    [
        "Mount it by UUID in /etc/fstab so the Pi still boots without the drive.",
        "Move the readings into SQLite with a nightly VACUUM.",
        "With two people editing, consider a branch rule on main.",
        "In Python 3.11, use the zoneinfo module for local times.",
        "Rotate the logs weekly with logrotate and keep 4 of them.",
        "Wrap it as read_sensor(pin) -> float in sensors.py.",
    ],
)
def test_a_step_offered_in_prose_is_no_fact(said: str) -> None:
    assert answered(said) == []


@pytest.mark.parametrize(
    "said",
    [
        "The logger writes to /srv/data since the last change.",  # a subject, then its verb
        "Added the index on ts in schema.sql.",  # a past: what was done
        "Yesterday the migration in schema.sql ran cleanly.",  # an adverb before the subject
        "Otherwise the cron job in crontab.txt fails at 4am.",  # a linking adverb
    ],
)
def test_what_the_assistant_states_or_did_stays(said: str) -> None:
    assert answered(said) == [said]


def test_an_agent_at_work_keeps_its_imperative_as_said() -> None:
    # After a tool ran, the assistant is an agent at work on the project: its words are
    # read by the agent rules (`working`), which this rule leaves alone.
    said = "Mount it by UUID in /etc/fstab so the Pi still boots without the drive."
    assert answered(said, tool=True) == [said]


def test_the_imperative_is_read_from_structure_not_a_list_of_verbs() -> None:
    # Verbs no list of this module names, each followed by its object.
    for verb in ("Tarball", "Symlink", "Memoise", "Shard"):
        assert _offered_step(f"{verb} it before the nightly backup.")
        assert _offered_step(f"{verb} the readings by day.")
    assert not _offered_step("Readings arrive every ten seconds.")
    assert not _offered_step("Sharded the table by day.")
