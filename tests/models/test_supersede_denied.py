"""Issue 25 item 3 (supersede16): the old value as the denied subject of its clause,
the new one said by the same verb left bare ("A is not Dana's car anymore; B is"),
ends the earlier fact that gives the old value to the same names, whatever slot that
fact reads as (a verb, a table row, an address-book line). A companion, another
person's fact, a denial without a new value or a state not ended keeps it. Sentences
written for this test, not drawn from a bench; through `stale()`, builtin's
consolidation and recall's ordering."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from memctl.core.workspace import Workspace
from memctl.models.curate import merge
from memctl.models.supersede import _settled, stale
from memctl.retrieval.recall import Candidate, RecallHit, newest_first

# a sentence naming the people mid-clause, as a ledger does (a capital opening a
# sentence is a name only when written inside one elsewhere)
PEOPLE = "Met Ottilie, Rasmus, Wendeline and Bartosz at the Kilnsey offsite."

# (older, newer)
CHANGES = [
    (
        "Ottilie reports to Rasmus most weeks.",
        "Rasmus is not Ottilie's manager anymore, Bartosz is.",
    ),
    (
        "Wendeline drives a Skoda Octavia to the depot.",
        "The Skoda Octavia isn't Wendeline's car any more; the Fiat Panda is.",
    ),
    (
        "Contacts sheet: Bartosz, Trondheim",
        "Trondheim is not home for Bartosz anymore, Stavanger is.",
    ),
    (
        "Dispatch rota | Kilnsey depot | lead: Ottilie",
        "Ottilie is no longer the person for the Kilnsey depot; Wendeline is.",
    ),
]

KEEPS = [
    # a companion: Rasmus is no value of Ottilie's there
    (
        "Ottilie paired with Rasmus on the audit.",
        "Rasmus is not Ottilie's manager anymore, Bartosz is.",
    ),
    # no new value said: nothing holds instead
    ("Ottilie reports to Rasmus most weeks.", "Rasmus is not Ottilie's manager anymore."),
    # another person's value: Wendeline is not in the later fact
    (
        "Wendeline reports to Rasmus most weeks.",
        "Rasmus is not Ottilie's manager anymore, Bartosz is.",
    ),
    # a state not said to have ended ("anymore", "no longer"): a correction of a kind
    # these readings leave alone
    ("Ottilie reports to Rasmus most weeks.", "Rasmus is not Ottilie's manager, Bartosz is."),
]


@pytest.mark.parametrize(("older", "newer"), CHANGES)
def test_a_denied_old_value_with_a_bare_new_one_ends_the_earlier(older: str, newer: str) -> None:
    assert stale([PEOPLE, older, newer]) == {1: 2}
    assert stale([PEOPLE, newer, older]) == {}  # said first, it replaces nothing


@pytest.mark.parametrize(("older", "newer"), KEEPS)
def test_a_companion_no_new_value_or_another_person_keeps_the_earlier(
    older: str, newer: str
) -> None:
    assert stale([PEOPLE, older, newer]) == {}


def test_consolidation_drops_the_denied_value_and_keeps_the_facts_beside_it() -> None:
    first = (
        "## Memory Flush — 2026-03-02T09:00:00+00:00 · thread a · entries 0-3 · builtin\n\n"
        f"- {PEOPLE}\n"
        "- Ottilie reports to Rasmus most weeks.\n"
        "- Ottilie paired with Rasmus on the audit.\n"
        "- Contacts sheet: Bartosz, Trondheim\n"
    )
    second = (
        "## Memory Flush — 2026-03-09T09:00:00+00:00 · thread b · entries 0-3 · builtin\n\n"
        "- Rasmus is not Ottilie's manager anymore, Bartosz is.\n"
        "- Trondheim is not home for Bartosz anymore, Stavanger is.\n"
        "- Bartosz flew to Trondheim for a wedding.\n"
    )
    merged = merge("", [("2026-03-02.md", first), ("2026-03-09.md", second)])
    kept = {fact.text for fact in merged.facts}
    assert "Ottilie reports to Rasmus most weeks." not in kept
    assert "Contacts sheet: Bartosz, Trondheim" not in kept
    assert {
        "Rasmus is not Ottilie's manager anymore, Bartosz is.",
        "Trondheim is not home for Bartosz anymore, Stavanger is.",
        "Ottilie paired with Rasmus on the audit.",
        "Bartosz flew to Trondheim for a wedding.",
    } <= kept


def test_recall_ranks_the_denial_above_the_earlier_value(tmp_path: Path) -> None:
    older, newer = (
        "Ottilie reports to Rasmus most weeks.",
        ("Rasmus is not Ottilie's manager anymore, Bartosz is."),
    )
    found = []
    for record, (rel, text) in enumerate(
        [
            ("memory/2026-03-01.md", PEOPLE),
            ("memory/2026-03-02.md", older),
            ("memory/2026-03-09.md", newer),
        ]
    ):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(f"- {text}\n", encoding="utf-8")
        stamp = datetime.fromisoformat(rel[-13:-3]).timestamp()
        hit = RecallHit("memory", rel, 1, None, None, f"{rel}:1", 1.0 - record / 10, None, text)
        candidate = Candidate(record, hit.score, rel, "memory", 1, 0, 0, stamp, 0, 0, 0)
        found.append((hit, candidate, f"- {text}"))
    ranked = newest_first(Workspace(tmp_path), found, lambda c: c.ts or 0.0, 10)
    order = [text for _, _, text in ranked]
    assert order.index(f"- {newer}") < order.index(f"- {older}")


# A closing clause that only hedges what may come next, or says where the fact comes
# from, does not hedge the value said before it (`_settled`).
SETTLED = [
    (
        "@here the Quayside wiki lives under the name harbor-12, look for it in the sidebar",
        "the Quayside wiki is tidal-40 for now; design may choose another name later",
    ),
    (
        "Release notes: the Lantern app 4.7 shipped to production, all green",
        "The Lantern app is on 5.1 for now; we might roll back next sprint.",
    ),
    (
        "Kickoff notes: the Heron survey confirmed for 2026-09-14. Action on reminders.",
        "The Heron survey is on 2026-10-02, per the research plan.",
    ),
]

UNSETTLED = [
    # the closing clause names a value of its own: the later fact still hedges
    (
        "Release notes: the Lantern app 4.7 shipped to production, all green",
        "The Lantern app is on 4.7 for now; we might move to 5.1 next sprint.",
    ),
    # a hedge after a comma hedges the whole statement
    (
        "Kickoff notes: the Heron survey confirmed for 2026-09-14. Action on reminders.",
        "The Heron survey is on 2026-10-02, if we might get the room.",
    ),
]


@pytest.mark.parametrize(("older", "newer"), SETTLED)
def test_a_closing_hedge_or_source_leaves_the_new_value_said(older: str, newer: str) -> None:
    assert stale([older, newer]) == {0: 1}


@pytest.mark.parametrize(("older", "newer"), UNSETTLED)
def test_a_hedge_with_its_own_value_or_after_a_comma_still_hedges(older: str, newer: str) -> None:
    assert stale([older, newer]) == {}


# Two guards against false drops (supersede16): a record's key is no value it gives,
# and two rows of one list are two members.
def test_a_ticket_key_is_no_value_of_the_subject() -> None:
    older = "The intranet of the Marlow office is served from web-31."
    ticket = "OPS-48 (open): the intranet of the Marlow office has slow search"
    assert stale([older, ticket]) == {}
    assert stale([ticket, "The intranet of the Marlow office moved to web-77."]) == {}
    assert stale([older, "The intranet of the Marlow office moved to web-77."]) == {0: 1}


def test_two_rows_of_a_list_are_two_members() -> None:
    rows = ["Volunteer rota: Ottilie, kitchen", "Volunteer rota: Rasmus, garden"]
    assert stale([PEOPLE, *rows]) == {}
    listed = ["Speaker list: Wendeline (Harlow Labs)", "Speaker list: Bartosz (Harlow Labs)"]
    assert stale([PEOPLE, *listed]) == {}


def test_a_question_word_is_no_subject() -> None:
    """Two answered questions of one form about two things: two facts, not a change."""
    asked = ["whose is the Marlow kiosk? Ottilie's.", "whose is the Kilnsey kiosk? Rasmus's."]
    assert stale([PEOPLE, *asked]) == {}
    schools = [
        "which choir is Wendeline's son in? Harbour Voices.",
        "which choir is Bartosz's son in? Kilnsey Singers.",
    ]
    assert stale([PEOPLE, *schools]) == {}


def test_a_closing_clause_opening_with_a_name_is_kept() -> None:
    """ "; Kilnsey Works couldn't match it" names the old value: not cut (`_settled`), so
    the reading that ends the earlier fact by it still sees it."""
    older = "Ottilie is a welder over at Kilnsey Works."
    newer = "Ottilie went to Harlow Labs for the pay; Kilnsey Works couldn't match it."
    assert stale([PEOPLE, older, newer]) == {1: 2}


def test_a_role_label_with_a_name_and_a_note_is_one_value_changed() -> None:
    # a label naming no list: its lines are one slot, each giving it another holder
    role = ["Release manager: Dana (since May).", "Release manager: Theo (since June)."]
    assert stale(role) == {0: 1}
    # the same note after two names: two rows of one list, whatever the label
    alike = ["Guest: Wendeline (Harlow Labs)", "Guest: Bartosz (Harlow Labs)"]
    assert stale([PEOPLE, *alike]) == {}
    # a document of rows makes rows of any notes
    sheet = ["Staff directory: Ottilie, kitchen lead", "Staff directory: Rasmus, garden lead"]
    assert stale([PEOPLE, *sheet]) == {}
    # a plural label makes rows of any notes
    plural = ["Attendees: Ottilie (Kilnsey)", "Attendees: Rasmus (Harlow Labs)"]
    assert stale([PEOPLE, *plural]) == {}


def test_a_closing_hedge_is_cut_after_a_lower_case_value() -> None:
    # what is left reads a value though it has no capital or digit (review17 #6)
    assert _settled("Staging uses postgres; we may move next week.") == "Staging uses postgres."
    # nothing left that names a value: the text stays as said
    assert _settled("we are fine; we may move next week.") == "we are fine; we may move next week."


def test_a_closing_clause_opened_by_a_name_is_no_hedge() -> None:
    # a name opening the clause says who, not how sure (review17 #7)
    said = "Staging is db3; Vandelay couldn't match it."
    assert _settled(said) == said
    assert _settled("Staging is db3; they couldn't match it.") == "Staging is db3."


def test_a_source_after_a_comma_is_cut() -> None:
    # an attribution names where the fact comes from, not how sure it is (review17 #7)
    assert _settled("Billing runs on Stripe, per the plan.") == "Billing runs on Stripe."
    assert _settled("Billing runs on Stripe, per the runbook.") == "Billing runs on Stripe."
    assert _settled("Billing runs on Stripe, according to the wiki.") == "Billing runs on Stripe."
    assert _settled("Billing runs on Stripe, as planned.") == "Billing runs on Stripe, as planned."
