"""Where a record's layout says no change (review 30 of consol21's layout readings):

- a phrase struck through is a task done or a line dropped, not an old value: the value
  named in it still holds ("~~ring Dr Osei~~ pay Thames Water" leaves the dentist);
  only a bare value struck before one of its sort is replaced ("~~Dr Osei~~ Dr Mensah");
- a diff put up for review or turned down is no change made, and a diff ends only a
  value held under its key ("- approver: Kofi + approver: Ines" leaves Kofi the lead);
- a closing aside that says the record's status ("(Verified)", "(Updated)") or, in a fact
  that names its owner, a department ("(Legal)") names no subject: the change is read.
"""

from __future__ import annotations

import pytest

from memctl.models.curate import merge
from memctl.models.supersede import stale

# (older, newer): the newer one leaves the older one current.
KEPT = [
    # a phrase struck through: a task done, a line dropped
    ("Priya's dentist is Dr Osei.", "Priya's errands: ~~ring Dr Osei~~ pay Thames Water"),
    ("Priya lives in Porto.", "Priya's trip board: ~~train to Porto~~ ferry to Vigo"),
    ("Nadia's team uses Jira.", "Nadia's board: ~~export from Jira~~ Linear"),
    ("Kofi's team lead is Sanjay.", "Kofi's list: ~~lunch with Sanjay~~ call Ines"),
    # a diff up for review, suggested or turned down
    ("retries: 4", "Reviewed Omar's PR: - retries: 4  + retries: 9  (rejected)"),
    ("max_conns: 20", "Suggestion on the draft config: - max_conns: 20  + max_conns: 50"),
    ("The level is INFO.", "Draft: - level: INFO  + level: DEBUG"),
    # asides naming two teams, the record owned by no one else
    ("Quarterly target: 40 (Sales)", "Quarterly target: 55 (Marketing)"),
    # a diff under another key than the value's
    ("Kofi's team lead is Sanjay.", "org.yaml: - approver: Sanjay  + approver: Ines  (Kofi)"),
    (
        "Lucia's dentist is Dr Park.",
        "contacts.yaml: - emergency: Dr Park  + emergency: Mo  (Lucia)",
    ),
]

# (older, newer): the newer one ends the older one.
CHANGED = [
    ("Priya's GP is Dr Osei.", "Priya's GP: ~~Dr Osei~~ Dr Mensah"),
    ("The demo is on Thursday.", "The demo: ~~Thursday~~ Friday"),
    ("Kofi's team lead is Sanjay.", "org.yaml: - team lead: Sanjay  + team lead: Ines  (Kofi)"),
    ("Kofi reports to Sanjay.", "org.yaml: - manager: Sanjay  + manager: Ines  (Kofi)"),
    ("retries: 4", "Merged after review: - retries: 4  + retries: 9"),
    ("The ttl is 300.", "settings.yaml: - ttl: 300  + ttl: 600"),
    # an aside of status or department
    ("Leila's manager is Bruno (Legal)", "Leila's manager is Ivo (Finance)"),
    ("Ravi's desk phone: 020 7946 0011 (Verified)", "Ravi's desk phone: 020 7946 0388 (Updated)"),
]


@pytest.mark.parametrize(("older", "newer"), KEPT)
def test_a_layout_that_changes_nothing_keeps_the_earlier(older: str, newer: str) -> None:
    assert stale([older, newer]) == {}


@pytest.mark.parametrize(("older", "newer"), CHANGED)
def test_a_layout_that_replaces_the_value_ends_it(older: str, newer: str) -> None:
    assert stale([older, newer]) == {0: 1}


def test_consolidation_keeps_a_fact_whose_value_a_done_task_names() -> None:
    """builtin's merge, as consolidation runs it: the struck task and the fact both stay."""
    merged = merge(
        "# Memory\n\n- Priya's dentist is Dr Osei.\n",
        [
            (
                "2026-11-02.md",
                "## Memory Flush — 2026-11-02T09:00:00+00:00 · thread t1 · entries 0-9 · builtin\n\n"
                "- Priya's errands: ~~ring Dr Osei~~ pay Thames Water\n",
            )
        ],
    )
    assert [fact.text for fact in merged.facts] == [
        "Priya's dentist is Dr Osei.",
        "Priya's errands: ~~ring Dr Osei~~ pay Thames Water",
    ]
    assert merged.superseded == []


def test_a_department_other_facts_speak_as_names_a_subject() -> None:
    """ "Sales:" and "Marketing:" head facts of their own: Omar's two targets are his two
    teams', neither replaced."""
    facts = [
        "Omar's target: 40 (Sales)",
        "Sales: Omar covers the north",
        "Marketing: Omar joins the launch",
        "Omar's target: 55 (Marketing)",
    ]
    assert stale(facts) == {}
    assert stale([facts[0], facts[3]]) == {0: 1}
