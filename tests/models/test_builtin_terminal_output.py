"""builtin on a developer pasting a terminal's output to an AI assistant (issue 25 item 1,
prec25): a test runner's tally, an exception, a log line or a linter's file:line, pasted
as printed, report one run that the next replaces; what the developer says of them in
words of their own is kept. Every sentence here is written for these tests."""

from __future__ import annotations

from typing import Any

import pytest

from memctl.models.facts import extract

DAY = "2025-06-02T09:00:00+00:00"


def session(*lines: str) -> list[str]:
    """The facts builtin keeps of `lines` ("Name: text"), a named developer's messages
    and an unnamed assistant's ("Assistant: text"), as a terminal session is."""
    conversation: list[dict[str, Any]] = []
    for line in lines:
        name, _, text = line.partition(": ")
        if name == "Assistant":
            conversation.append({"role": "assistant", "text": text, "ts": DAY})
        else:
            conversation.append({"role": "user", "name": name, "text": text, "ts": DAY})
    return extract(conversation, [], lambda text: False)


@pytest.mark.parametrize(
    "pasted",
    [
        "`npm test` → 31 passed, 2 failed",
        "Tests green, 40 passed.",
        "7 passed in 1.20s",
        "`pytest -x` → 1 failed: ValueError: bad month",
        "`Listening on http://0.0.0.0:3000` 🎉",
        "`WARNING: disk quota at 91%`",
        "[ERROR] disk full on /dev/sda1",
        "09:14:02 WARN retry budget exhausted",
        "`src/cart/total.ts:12:5: error TS2322` `exit code 2`",
        "Ran it, `npm run seed` → `Seeded 12 rows`",
    ],
)
def test_a_terminals_output_pasted_is_no_fact(pasted: str) -> None:
    """What the program printed, with at most a label of prose before it: the run's
    report, not the developer's news."""
    kept = session(
        f"Ola: {pasted}",
        "Assistant: Thanks, noted.",
        "Ola: We deploy with `fly deploy` every Friday.",
    )
    assert kept == ["Ola: We deploy with `fly deploy` every Friday."]


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        (
            "the staging job is failing: `KeyError: 'region'`",
            "Ola: The staging job is failing: `KeyError: 'region'`.",
        ),
        (
            "I have 2 failed attempts at the driving test.",
            "Ola has 2 failed attempts at the driving test.",
        ),
        (
            "WARNING: the footbridge is closed until 3 June.",
            "Ola: WARNING: the footbridge is closed until 2025-06-03.",
        ),
        (
            "We pin `pydantic==1.10.13` in requirements.txt.",
            "Ola: We pin `pydantic==1.10.13` in requirements.txt.",
        ),
    ],
)
def test_prose_about_the_output_or_the_code_is_kept(said: str, fact: str) -> None:
    """A clause of the developer's own before the output ("the staging job is failing:"),
    a count naming a thing ("2 failed attempts"), a notice's "WARNING:" before prose, or
    code the sentence says something of is a statement; the bare tally after it is
    not."""
    assert session(f"Ola: {said}", "Ola: `pytest -q` → 3 passed in 0.40s") == [fact]


def test_a_long_run_of_word_characters_is_read_in_linear_time() -> None:
    """The linter's `path.py:3:1:` form tried at every character of a 20,000-character
    run and backtracked through it: 1.3 CPU-s a message, so a flush of a pasted file of
    such lines outran its time limit (tests/system/test_crash.py, CI at cbb0275).
    Process time, bounded generously: 60,000 characters cost ~12 s before, ms after."""
    import time

    from memctl.models.facts import _RUN_OUTPUT

    started = time.process_time()
    assert _RUN_OUTPUT.search("Note 1: " + "x" * 60_000) is None
    assert time.process_time() - started < 1
    assert _RUN_OUTPUT.search("see app/export.py:3:1: F401 unused import")
