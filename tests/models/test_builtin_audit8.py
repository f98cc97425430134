"""builtin flush on what audit 8 (findings 2 and 5) and review 14 (items 2-4) left: a
user's short rule to their agent is remembered, a note's label is none of its fact, a
diff's lines are no facts, a duty is a person's, and an abbreviation is no code; a
sentence each that a rule review 14 #4 found untested decides, and the temporary folder
given by the pipeline (#6)."""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from memctl.core.prompts import NO_REPLY
from memctl.models import facts
from memctl.models.builtin import BuiltinModel
from memctl.models.facts import extract, is_fact
from memctl.models.interface import Request


def flush(conversation: list[dict[str, Any]]) -> list[str]:
    payload = {"conversation": conversation, "memory": "", "ledger": "", "thread": "t"}
    text = BuiltinModel().complete(Request("flush", [], payload)).text
    return [] if text == NO_REPLY else [line.removeprefix("- ") for line in text.splitlines()]


def told_agent(said: str, reply: str = "Understood.") -> list[str]:
    """What a flush keeps of a user's message to an assistant (unnamed) and its reply."""
    return flush([{"role": "user", "text": said}, {"role": "assistant", "text": reply}])


@pytest.mark.parametrize(
    "said",
    [
        "Migrations must be reversible.",
        "PRs should be squashed before merging.",
        "Never push directly to main.",
        "Payments go through Stripe.",
        "Always run the linter before committing.",
        "Every endpoint needs to check the token.",
        "Branch names must be lowercase.",  # a quality a class of things must have
        "All endpoints must be idempotent.",
        "Functions must be under 50 lines.",
        # review 15 #4: a case for each clause of `_rule`
        "Every endpoint must be idempotent.",  # "every": a class in the singular
        "Please always rebase first.",  # an order opening on "please"
        "Don't ever force-push to main.",  # "don't ever"
        "Indentation must be four spaces.",  # a number word: any, not only "one|two|three"
        "Always bring the laptop charger.",  # "bring" ends in "ing" and is no participle
        "The API must be versioned.",  # "the" and an acronym
        "The main.py file should be typed.",  # "the" and code
        "Logging should use structlog.",  # an abstract noun standing alone is no name
        "Production must never be touched.",  # an abstract noun: all of its kind
        "Code coverage must be enforced.",
        "Never push directly to main again.",  # "again" after an incident, no one's person
        # review 16 #7: a thing in the order makes it a rule, a pronoun in it or not
        "Never message her on Slack about outages again.",
    ],
)
def test_a_users_short_rule_to_the_agent_is_a_fact(said: str) -> None:
    assert told_agent(said) == [said]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        # "me" with no "again": a rule for the agent, whose "me" is the unnamed user
        ("Always ask me before deleting files.", "Always ask the user before deleting files."),
        # review 16 #7: a thing in the order makes it a rule, a pronoun in it or not
        ("Never send me PRs without tests again.", "Never send the user PRs without tests again."),
    ],
)
def test_a_users_rule_about_themself_names_the_user(said: str, kept: str) -> None:
    assert told_agent(said) == [kept]


def test_a_name_the_conversation_wrote_elsewhere_is_a_thing_a_rule_is_of() -> None:
    # A capital word alone is a name; one the conversation wrote as a name elsewhere
    # (`learned`: here the payment provider) is a thing it named, which a rule may be of.
    said = "Stripe should handle every refund."
    assert told_agent(said) == []
    assert is_fact(said, learned=frozenset({"stripe"}), to_assistant=True)


def test_a_users_list_of_conventions_keeps_each_rule() -> None:
    conventions = (
        "Our conventions:\n- Migrations must be reversible.\n"
        "- PRs should be squashed before merging.\n- Never push directly to main."
    )
    assert told_agent(conventions) == [
        "Migrations must be reversible.",
        "PRs should be squashed before merging.",
        "Never push directly to main.",
    ]


@pytest.mark.parametrize(
    "said",
    [
        "Never again lol",
        "You should come!",
        "Never mind.",
        "It must be nice.",
        "The party should be fun.",
        "Never heard of it.",
        "Never tried sushi before.",  # a past: the speaker's news, not an order
        "Drinks tonight at Joe's.",
        "The script should work out the totals but every total comes out negative.",
        "The package should arrive soon.",  # expected at a moment
        "The migration should be easy.",  # how one thing will seem
        "Traffic must be terrible.",
        "Life must go on.",
        # review 15 #2: a person or a company, a guess, an opinion, a saying
        "Sarah should apologize.",
        "Mike has to go to the dentist.",
        "Netflix should add more anime.",
        "Apple should fix their keyboards.",
        "The neighbours must be away.",  # "the": those very ones, guessed at
        "Tickets should be on sale.",  # "on sale": a state for a while
        "The pizza should be delivered.",  # one thing done to
        "Kids should sleep more.",  # a degree wished for
        "Always look on the bright side of life.",  # a maxim for living
        # review 15 #4: a case for each clause of `_rule`
        "Mondays should be banned!",  # exclaimed
        "Builds should be faster.",  # a comparative state
        "Deploys should be running.",  # a state of the moment
        "Always running late these days.",  # chat's news, its "I'm" dropped
        # audit 10 #2: a reaction to what just happened, or the next time only
        "Never doubt me again haha",
        "Never doubt me again.",  # the person and "again" all there is: a reaction
        "Never leave me hanging again lol",
        "Never let him pick the restaurant again lol",
        "Always bring snacks next time haha",
        # precise13: laughter, cut before `_rule` reads the line, still makes it a joke
        "Never trust a weather app lol",
        "Never trust a bakery with no queue. haha",  # the laughter alone after it
        "Always trust the forecast \U0001f602",
    ],
)
def test_what_only_sounds_like_a_rule_is_not_one(said: str) -> None:
    assert told_agent(said) == []


def agent_said(said: str) -> list[str]:
    """What a flush keeps of a coding agent's message after a tool ran."""
    return flush(
        [
            {"role": "user", "text": "Can you look into the billing service?"},
            {"role": "tool", "text": "invoice.py cache.py settings.py"},
            {"role": "assistant", "text": said},
        ]
    )


@pytest.mark.parametrize("told", [agent_said, told_agent])
def test_note_that_is_a_label_cut_as_reminder_is(told: Any) -> None:
    assert told("Note that we deploy on Tuesdays only.") == ["We deploy on Tuesdays only."]
    assert told("Keep in mind that the API allows 100 requests per minute.") == [
        "The API allows 100 requests per minute."
    ]


def test_a_note_that_keeps_an_assistants_answer_that_would_be_dropped_without_it() -> None:
    # An assistant with no tool drops its own "we" (what it knows in general), unless
    # it was told to note it.
    question = {"role": "user", "text": "When can we release?"}
    assert flush([question, {"role": "assistant", "text": "We deploy on Tuesdays only."}]) == []
    assert flush(
        [question, {"role": "assistant", "text": "Note that we deploy on Tuesdays only."}]
    ) == ["We deploy on Tuesdays only."]


def test_a_diffs_lines_are_no_facts_and_the_sentence_telling_of_it_is() -> None:
    said = (
        "Here is the fix:\n```diff\n"
        '- client = redis.Redis(host="localhost")\n'
        "+ client = redis.Redis(host=settings.CACHE_HOST)\n"
        "```\nThe cache host now comes from settings.py."
    )
    assert agent_said(said) == ["The cache host now comes from settings.py."]


def _steps(text: str) -> int:
    """The lines of Python `_without_diffs` runs on `text` (its work, not its time)."""
    steps = 0

    def tracer(frame: FrameType, event: str, arg: object) -> Any:
        nonlocal steps
        if frame.f_code is facts._without_diffs.__code__:
            steps += event == "line"
            return tracer
        return None

    sys.settrace(tracer)
    try:
        facts._without_diffs(text)
    finally:
        sys.settrace(None)
    return steps


def test_diff_fences_left_open_cost_no_more_than_their_lines() -> None:
    # review 15 #11: each "```diff" never closed scanned to the end of the text, so many
    # of them cost the square of their number. Each line is now read a bounded number
    # of times: four times the fences, four times the work (within a margin).
    def opened(count: int) -> str:
        return "".join("```diff\n+ added\n- removed\nsome words\n" for _ in range(count))

    assert _steps(opened(800)) <= 4.2 * _steps(opened(200))
    # Left open, a fence is left as written; a later closed one is still cut.
    assert facts._without_diffs("```diff\n+ a") == "```diff\n+ a"
    closed = "~~~diff\n+ a\n```diff\n- b\n~~~\nThe cache host moved."
    assert facts._without_diffs(closed) == "\nThe cache host moved."
    assert facts._without_diffs("```diff\n+ a\n~~~\n") == "```diff\n+ a\n~~~\n"


def said_alone(said: str) -> list[str]:
    return flush([{"role": "user", "text": said}])


@pytest.mark.parametrize(
    "said",
    [
        "Water runs downhill.",
        "Python handles errors with exceptions.",
        "Traffic heads north after five.",
        "Everyone reviews the code.",
        "The committee approves budgets.",
    ],
)
def test_a_duty_is_a_persons_and_what_a_thing_does_is_none(said: str) -> None:
    assert said_alone(said) == []


@pytest.mark.parametrize(
    "said",
    [
        "Priya approves all database migrations.",  # a verb only a person does
        "Marta from finance runs the payroll.",  # someone from a team
        "We run the nightly backups.",
    ],
)
def test_a_persons_duty_is_kept(said: str) -> None:
    assert said_alone(said) == [said]


def test_a_participant_or_a_name_chat_writes_in_lower_case_runs_what_they_run() -> None:
    kept = flush(
        [
            {"role": "user", "text": "Who runs billing now?", "name": "Ana"},
            {"role": "assistant", "text": "Ana runs the billing service.", "name": "Tomas"},
            {"role": "user", "text": "ok i'll ask Priya", "name": "Ana"},
            {"role": "assistant", "text": "priya runs the payroll", "name": "Tomas"},
        ]
    )
    assert "Tomas: Ana runs the billing service." in kept
    assert "Tomas: Priya runs the payroll." in kept


# review 14 #4: a sentence each that _INLINE_ITEM, _MAY_BE and _JOINED's prepositions decide


def test_a_list_written_on_one_line_is_split_at_each_items_marker() -> None:
    # _INLINE_ITEM: without it the lead-in and the first item's marker stay on the fact.
    assert agent_said(
        "Here is what I found: - CI runs on Python 3.12. - Staging config lives in"
        " deploy/staging.yaml."
    ) == ["CI runs on Python 3.12.", "Staging config lives in deploy/staging.yaml."]
    assert told_agent(
        "Updates: 1) We adopted a cat named Miso. 2) I start at Globex in March.", "Nice!"
    ) == ["We adopted a cat named Miso.", "The user starts at Globex in March."]


def test_what_should_or_might_have_happened_is_a_chat_assistants_guess() -> None:
    # _MAY_BE in _assistant_aside: a past it guesses at ("should have shipped") is no
    # result, though a past is what keeps an assistant's sentence otherwise.
    question = {"role": "user", "text": "Did my parcel ship?"}
    for guess in (
        "The parcel should have shipped on Monday.",
        "The parcel might have shipped on Monday.",
    ):
        assert flush([question, {"role": "assistant", "text": guess}]) == []
    done = "The parcel shipped on Monday."
    assert flush([question, {"role": "assistant", "text": done}]) == [done]


def test_a_name_after_a_preposition_opens_no_clause_of_the_speakers() -> None:
    # _JOINED's prepositions: "on Sunday and ..." and "from Priya, ..." go on with what
    # was said to the listener; they are no clause of the speaker's own to keep.
    for advice in (
        "You could cook on Sunday and freeze it.",
        "You know from Priya, she is moving to Porto.",
    ):
        kept = flush(
            [
                {"role": "user", "text": "What are you up to this week?", "name": "Ana"},
                {"role": "assistant", "text": advice, "name": "Ben"},
            ]
        )
        assert kept == []


# review 14 #6: the machine's temporary folder is the pipeline's to give, not read by a rule

DUMP = "The dump is in /var/folders/xy/T/db.sql."


@pytest.mark.parametrize(("scratch", "kept"), [("/var/folders/xy/T", []), ("", [DUMP])])
def test_a_path_under_the_temporary_folder_given_is_scratch(scratch: str, kept: list[str]) -> None:
    conversation = [{"role": "user", "text": DUMP}]
    assert extract(conversation, [], lambda text: False, scratch=scratch) == kept
    payload = {"conversation": conversation, "memory": "", "ledger": "", "thread": "t"}
    text = BuiltinModel().complete(Request("flush", [], payload | {"scratch": scratch})).text
    assert text == (f"- {DUMP}" if kept else NO_REPLY)


@pytest.mark.parametrize("elsewhere", [True, False])
def test_flush_gives_the_machines_temporary_folder(
    cli, workspace: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, elsewhere: bool
) -> None:  # type: ignore[no-untyped-def]
    scratch = tmp_path / "machine-tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch if elsewhere else tmp_path / "other"))
    said = f"The dump is in {scratch}/db.sql."
    entry = json.dumps({"role": "user", "content": said}) + "\n"
    assert cli("-w", workspace, "thread", "append", "t", "-", input=entry).exit_code == 0
    run = cli("-w", workspace, "flush")
    assert run.exit_code == 0, run.stderr
    ledger = "".join(p.read_text() for p in sorted((workspace / "memory").glob("*.md")))
    assert (f"- {said}" in ledger) is not elsewhere


# precise11's cost: an assistant named in a pasted conversation is the unnamed assistant


@pytest.mark.parametrize("name", ["Claude", "ChatGPT", "Assistant", "GPT-4o"])
def test_an_assistant_named_by_its_product_is_read_as_the_unnamed_one(name: str) -> None:
    question = "How long is the train to Porto? My sister Ines turns 30 on Friday."
    answer = "The train from Lisbon to Porto takes about three hours. Happy birthday to Ines!"
    user = {"role": "user", "text": question}
    unnamed = flush([user, {"role": "assistant", "text": answer}])
    assert unnamed == ["The user's sister Ines turns 30 on Friday."]
    assert flush([user, {"role": "assistant", "name": name, "text": answer}]) == unnamed
    # A person answering is still a person, whose news and words are kept.
    assert "Ben: The train from Lisbon to Porto takes about three hours." in flush(
        [user, {"role": "assistant", "name": "Ben", "text": answer}]
    )


def test_laughter_makes_only_the_order_it_closes_a_joke() -> None:
    # A rule followed by a sentence of its own that laughs keeps the rule; the laughter
    # closing the order itself, in it or alone after it, is what makes it a joke.
    assert told_agent("Never deploy after lunch. Haha the last time was a mess.") == [
        "Never deploy after lunch."
    ]
    assert told_agent("Never deploy after lunch lol") == []
    assert told_agent("Never deploy after lunch. Lol.") == []
    # Laughter does not drop what the person tells of their life in passing.
    assert told_agent("I already keep my keys on a hook lol") == [
        "The user already keeps their keys on a hook."
    ]
