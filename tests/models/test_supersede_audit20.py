"""Supersession after audit 20. Finding 5: one speaker's change said of a shorter subject
("Staging moved to db7") ends their fact of "our staging database" (issue 25 item 3's own
example), as `_subject` reads "our" as the speaker's; another speaker's "our" stays
theirs. Finding 6: a record made by its key ("We opened ticket OPS-731 for the pool
migration") is one more record beside an earlier one ("... OPS-743 ..."), not its new
value, unless it says a change."""

from __future__ import annotations

import pytest

from memctl.models.curate import merge
from memctl.models.supersede import stale

HEADING = "## Memory Flush — 2026-11-17T09:00:00+00:00 · thread team · entries 0-1 · builtin\n\n"


def consolidated(memory: str, *new: str) -> tuple[list[str], list[str]]:
    """builtin's merge, as consolidation runs it: MEMORY.md's facts after the new flushed
    ones, and what it superseded (`old -> new`)."""
    merged = merge(memory, [("2026-11-17.md", HEADING + "".join(f"- {n}\n" for n in new))])
    return [fact.text for fact in merged.facts], merged.superseded


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("Dana: Our staging database is db3.", "Dana: Staging moved to db7 on 2026-11-17."),
        ("Dana: The staging database is db3.", "Dana: Our staging database is now db7."),
        ("Priya: Our on-call tool is PagerDuty.", "Priya: The on-call tool is now Opsgenie."),
    ],
)
def test_one_speakers_change_of_their_own_subject_ends_it(older: str, newer: str) -> None:
    assert stale([older, newer]) == {0: 1}


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("Lena: Our team is Orion.", "Ben: Our team is Vega."),
        ("Lena: Our staging database is db3.", "Ben: Staging is db7."),
    ],
)
def test_another_speakers_our_stays_theirs(older: str, newer: str) -> None:
    assert stale([older, newer]) == {}


def test_consolidation_drops_staging_db3_for_staging_moved_to_db7() -> None:
    facts, superseded = consolidated(
        "# Memory\n\n- Dana: Our staging database is db3.\n",
        "Dana: Staging moved to db7 on 2026-11-17.",
    )
    assert facts == ["Dana: Staging moved to db7 on 2026-11-17."]
    assert len(superseded) == 1 and "db3" in superseded[0]


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        (
            "Dana: We opened ticket OPS-743 for the pool migration (November 2026).",
            "Priya: We opened ticket OPS-731 for the pool migration (November 2026).",
        ),
        ("Dana filed OPS-12 for the flaky test.", "Dana filed OPS-19 for the flaky test."),
        ("We opened PR #4102 for the pool resize.", "We opened PR #4108 for the pool resize."),
    ],
)
def test_a_second_record_made_keeps_the_first(older: str, newer: str) -> None:
    assert stale([older, newer]) == {}


@pytest.mark.parametrize(
    "newer",
    [
        "The pool migration ticket is now OPS-731.",
        "We opened ticket OPS-731 for the pool migration instead.",
    ],
)
def test_a_record_said_to_replace_the_first_still_ends_it(newer: str) -> None:
    assert stale(["We opened ticket OPS-743 for the pool migration.", newer]) == {0: 1}


def test_consolidation_keeps_both_tickets() -> None:
    facts, superseded = consolidated(
        "# Memory\n\n- Dana: We opened ticket OPS-743 for the pool migration (November 2026).\n",
        "Priya: We opened ticket OPS-731 for the pool migration (November 2026).",
    )
    assert len(facts) == 2 and superseded == []
