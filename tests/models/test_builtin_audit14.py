"""builtin flush never rewrites a pronoun inside a token (audit 14 defect 1): "blue-me-42"
became "blue-the user-42", so a purge of the secret as typed missed the stored copy.
Only a pronoun standing as a word of prose is the speaker's (`words.person`); every rule
putting a name for a pronoun ("I", "my", "me", the listener's "you") uses that boundary."""

from __future__ import annotations

import re
from typing import Any

import pytest

from memctl.core.prompts import NO_REPLY
from memctl.models.builtin import BuiltinModel
from memctl.models.facts import third_person
from memctl.models.interface import Request


def flush(*messages: tuple[str, str | None, str]) -> list[str]:
    conversation: list[dict[str, Any]] = [
        {"role": role, "text": text, **({"name": name} if name else {})}
        for role, name, text in messages
    ]
    payload = {"conversation": conversation, "memory": "", "ledger": "", "thread": "t"}
    text = BuiltinModel().complete(Request("flush", [], payload)).text
    return [] if text == NO_REPLY else [line.removeprefix("- ") for line in text.splitlines()]


TOKENS = [
    "blue-me-42",
    "me@example.com",
    "~/me/config.yaml",
    "I/O",
    "my-door-77",
    "github.com/acme/me-tools",
    "qq-purge-me-9x7",
    "user=me",
    "I-95",
    "/me",
    "deploy.my.host",
    "MY_TOKEN",
    "me2",
    "lena.me",
    "Him/O",
]


@pytest.mark.parametrize("token", TOKENS)
@pytest.mark.parametrize("speaker", ["the user", "Dana"])
def test_third_person_leaves_a_token_as_written(token: str, speaker: str) -> None:
    assert third_person(f"The code is {token} now.", speaker) == f"The code is {token} now."


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("I moved to Lisbon.", "Dana moved to Lisbon."),
        ("My sister visits me on Fridays.", "Dana's sister visits them on Fridays."),
        ("Ana is taller than me.", "Ana is taller than Dana."),
        ("I'm the owner of (my) repo.", "Dana is the owner of (their) repo."),
        ("The blue one is mine, and my-door-77 is the code.", None),
    ],
)
def test_a_pronoun_as_a_word_is_still_the_speakers(said: str, written: str | None) -> None:
    rewritten = third_person(said, "Dana")
    if written is not None:
        assert rewritten == written
    else:
        assert rewritten == "The blue one is Dana's, and my-door-77 is the code."


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("I moved to Berlin.My sister Ana lives in Porto.", "Dana moved to Berlin.their sister"),
        ("The report is due Friday.I will send it to Ana.", "Friday.Dana will send it to Ana."),
        ("Ana is my manager:I report to her.", "Dana's manager:Dana reports to her."),
        ("Send the invoices to him/me every month.", "Send the invoices to him/Dana every"),
        ("My/our team owns billing-v3.", "Dana's/our team owns billing-v3."),
        ("I-I work at Acme.", "Dana works at Acme."),
    ],
)
def test_a_pronoun_after_a_missing_space_or_joined_to_a_pronoun_is_the_speakers(
    said: str, written: str
) -> None:
    """Review 21 finding 6: a capital pronoun after a `.` or `:` with no space opens a
    sentence (domains and paths are lower case), and two pronouns joined by `/` or `-`
    are prose ("him/me", a stutter "I-I"): the speaker's, rewritten, none left in the
    first person."""
    rewritten = third_person(said, "Dana")
    assert written in rewritten, rewritten
    assert not re.search(r"\b(?:I|me|My)\b", rewritten), rewritten


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("The wifi code is blue-me-42.", "The wifi code is blue-me-42."),
        ("The locker code is my-door-77.", "The locker code is my-door-77."),
        ("The repo is github.com/acme/me-tools.", "The repo is github.com/acme/me-tools."),
        ("The token is qq-purge-me-9x7.", "The token is qq-purge-me-9x7."),
        ("I/O is the bottleneck on db3.", "I/O is the bottleneck on db3."),
        ("My config lives in ~/me/config.yaml.", "The user's config lives in ~/me/config.yaml."),
    ],
)
def test_the_reports_inputs_flush_with_their_tokens_as_typed(said: str, kept: str) -> None:
    assert flush(("user", None, said)) == [kept]


def test_a_named_speakers_token_is_kept_and_their_pronouns_named() -> None:
    facts = flush(("user", "Dana", "I moved to Lisbon and my locker code is my-door-77."))
    assert facts == ["Dana moved to Lisbon and their locker code is my-door-77."]


def test_chats_lower_case_i_inside_a_token_is_no_pronoun() -> None:
    """Chat's "i" is "I" as a word (`_LOWER_I`), never in "i/o" nor a path."""
    facts = flush(
        ("user", None, "i moved to lisbon last year"),
        ("user", None, "the i/o limit on db3 is 500 iops"),
    )
    assert facts[0].startswith("The user moved to lisbon")
    assert any("i/o limit" in fact for fact in facts[1:]), facts
    assert not any("user/o" in fact.casefold() for fact in facts), facts
