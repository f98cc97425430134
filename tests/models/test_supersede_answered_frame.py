"""Issue 25 item 3 (supersede17): a question answered in one fact (an FAQ's "Q: ... A:
...", an interview's "HOST: ... GUEST (Name): ...") says the statement it answers, so a
later correction of that value ends it; the same short frame said again with another
lower-case word in the value's place ("Staging uses mysql." then "Staging uses
postgres.") replaces the earlier fact, and so does a record with the same keys and one
value changed ("staging.db = mysql" then "staging.db = postgres"); a past passive with its doer ("was archived by
X") is an event, not a value. A word of the subject, of a role's name, another state,
"also", two teams' FAQs and an unnamed "you" keep the earlier fact. Sentences written
for this test, not drawn from a bench; through `stale()`, builtin's consolidation and
recall's ordering."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from memctl.core.workspace import Workspace
from memctl.models.curate import merge
from memctl.models.supersede import _answered_as_said, _leaving_read, stale
from memctl.retrieval.recall import Candidate, RecallHit, newest_first

# a sentence naming the people mid-clause, as a ledger does (a capital opening a
# sentence is a name only when written inside one elsewhere)
PEOPLE = "Met Ottilie, Rasmus, Wendeline and Bartosz at the Kilnsey offsite."

# (older, newer): the newer one replaces the older
CHANGES = [
    (
        "Depot FAQ: Q: What does Wendeline drive? A: A Skoda Octavia.",
        "Actually Wendeline drives a Fiat Panda now, not the Skoda Octavia.",
    ),
    (
        "HOST: What's your editor? GUEST (Bartosz): Kakoune, always.",
        "Actually Bartosz swears by Neovim, not Kakoune; Rasmus remembered it wrong.",
    ),
    (
        "Build FAQ: Q: What is the Heron service written in? A: Erlang.",
        "The Heron service is written in Elixir, not Erlang, since the port.",
    ),
    (
        "Ops FAQ: Q: Where does the ledger queue run? A: On kq-17, in the main rack.",
        "The ledger queue runs on kq-40 now, not kq-17.",
    ),
    # the same frame with another word, said as a change ("now": review 19 #1)
    ("Staging uses mysql.", "Staging uses postgres now."),
    ("staging uses mysql.", "staging now uses postgres."),
    (
        "Ottilie is on the data team, second floor.",
        "Ottilie is now on the billing team, second floor.",
    ),
    # the copula's complement, a noun
    ("the staging db is mysql.", "the staging db is postgres now."),
    # a log line: its timestamp and level are when it was written
    (
        "2026-03-02 10:00 INFO heron owner set to Ottilie",
        "2026-03-09 11:00 INFO heron owner set to Rasmus",
    ),
    # records: the same keys, one value changed, whatever its case
    ("staging.db = mysql", "staging.db = postgres"),
    ("service=heron owner=Ottilie", "service=heron owner=Rasmus"),
    (
        "# Bartosz's dotfiles: editor = kakoune",
        "# Bartosz's dotfiles: editor = Neovim  # was kakoune",
    ),
    ("Heron API status: degraded", "Heron API status: operational"),
]

# (older, newer): both true, both stay (review 19 #1, #2, #4, #9). A relation that
# holds several values at once, said again with another value and no change cue; a
# label of one generic noun; a record's first field naming another thing; a question
# quoted with no value for its answer; a trailing clause that differs.
KEPT_TRUE = [
    ("Lena likes tea.", "Lena likes coffee."),
    ("Lena speaks french.", "Lena speaks german."),
    ("Lena plays guitar.", "Lena plays piano."),
    ("Ravi is allergic to peanuts.", "Ravi is allergic to shellfish."),
    ("Lena is on the data team.", "Lena is on the billing team."),
    ("Lena is in the choir.", "Lena is in the band."),
    ("The frontend uses react.", "The frontend uses typescript."),
    ("The api uses python.", "The api uses docker."),
    ("Ravi owns billing.", "Ravi owns search."),
    ("Lena works on search.", "Lena works on billing."),
    ("Alerts go to slack.", "Alerts go to email."),
    ("The cat eats fish.", "The cat eats chicken."),
    ("Ravi mentors juniors.", "Ravi mentors interns."),
    ("Staging uses mysql.", "Staging uses postgres."),
    ("Kofi is on the frontend squad.", "Kofi is on the payments squad."),
    ("Allergy: peanuts", "Allergy: shellfish"),
    ("Child: Ana", "Child: Ben"),
    ("Reviewer: Ana", "Reviewer: Ben"),
    ("Skill: python", "Skill: rust"),
    ("Language: french", "Language: german"),
    ("Hobby: chess", "Hobby: climbing"),
    ("Pet: cat", "Pet: dog"),
    ("Lena, Ravi: data team", "Lena, Ravi: billing team"),
    ("host=db1 port=5432", "host=db2 port=5432"),
    ("Wendeline drives a Skoda Octavia.", "Depot FAQ: Q: What does Wendeline drive? A: Unknown."),
    (
        "Wendeline drives a Skoda Octavia.",
        "Depot FAQ: Q: What does Wendeline drive? A: Ask Rasmus.",
    ),
    ("Wendeline drives a Skoda Octavia.", "Depot FAQ: Q: What does Wendeline drive? A: TBD."),
    ("Wendeline drives a Skoda Octavia.", "Depot FAQ: Q: What does Wendeline drive? A: No idea."),
    (
        "Wendeline drives a Skoda Octavia.",
        "Depot FAQ: Q: What does Wendeline drive? A: Unclear, ask Rasmus.",
    ),
    (
        "Wendeline drives a Skoda Octavia.",
        "Depot FAQ: Q: What does Wendeline drive? A: Check the wiki.",
    ),
    ("Q: Who owns billing? A: Rasmus.", "Q: Who owns search? A: Rasmus."),
    # a trailing clause that differs: not the same frame (M3)
    (
        "Ottilie is on the data team, second floor.",
        "Ottilie is on the billing team, third floor.",
    ),
    (
        "Ottilie is on the data team; Rasmus is not.",
        "Ottilie is on the billing team; Bartosz is not.",
    ),
]

# (older, newer): both stay
KEEPS = [
    # a word of the subject differs, not the value: two roles
    (
        "The QA lead for mobile approves every hotfix.",
        "The QA lead for search approves every hotfix.",
    ),
    # the predicate's own word: another state, not another value
    ("The Heron launch is understaffed.", "The Heron launch is delayed."),
    # one more, not another
    ("Staging uses mysql.", "Staging also uses postgres."),
    # two events done by two people
    (
        "Last year's hackathon page was archived by Ottilie; the Heron wiki was untouched.",
        "Last year's hackathon page was archived by Rasmus; the Kilnsey wiki was untouched.",
    ),
    # the object of a clause inside the subject
    (
        "The rumour that Ottilie changed desks is wrong.",
        "The rumour that Ottilie changed teams is wrong.",
    ),
    # "our" under two headings: two teams
    (
        "Team Heron, FAQ: Q: What runs our builds? A: Jenkins.",
        "Team Kilnsey, FAQ: Q: What runs our builds? A: Drone.",
    ),
    # "your" with no one named to stand for it
    ("Q: What's your editor? A: Kakoune.", "Actually Bartosz swears by Neovim, not Kakoune."),
    # records of two subjects: the closing comment says whose
    ("image_tag = '1.12'  # the Heron service", "image_tag = '2.3'  # the Kilnsey service"),
    # two values changed: another record
    ("service=heron owner=Ottilie", "service=kilnsey owner=Rasmus"),
    # an adjective of state, a participle: another state, not another value
    ("The staging db is slow.", "The staging db is unavailable."),
    ("The staging db is provisioned.", "The staging db is throttled."),
    # a date alone opening a fact is its value, not a log's stamp
    ("2027-07-26: the Heron audit", "2027-07-26: the Kilnsey audit"),
    # a clause, not one value
    (
        "Survey, Q5 'Favourite editor': Ottilie answered nano",
        "Survey, Q5 'Favourite editor': Rasmus answered Zed",
    ),
    *KEPT_TRUE,
]


@pytest.mark.parametrize(("older", "newer"), CHANGES)
def test_the_later_fact_replaces_the_earlier(older: str, newer: str) -> None:
    assert stale([PEOPLE, older, newer]) == {1: 2}


@pytest.mark.parametrize(("older", "newer"), KEEPS)
def test_another_subject_state_or_event_keeps_the_earlier(older: str, newer: str) -> None:
    assert stale([PEOPLE, older, newer]) == {}


@pytest.mark.parametrize(
    ("fact", "said"),
    [
        ("Depot FAQ: Q: What does Wendeline drive? A: A Skoda Octavia.", "Wendeline drives"),
        ("HOST: Who's your boss? GUEST (Bartosz): Rasmus, and they're great.", "Bartosz's boss is"),
        ("HOST: Who looks after the Heron service? GUEST: That's Ottilie, for ages.", "Ottilie"),
        ("Build FAQ: Q: What is the Heron service written in? A: Erlang.", "is written in"),
    ],
)
def test_an_answered_question_reads_as_the_statement_it_answers(fact: str, said: str) -> None:
    read = _answered_as_said(fact)
    assert read is not None and said in read[0]
    assert "?" not in read[0]


@pytest.mark.parametrize(
    "fact",
    [
        "Depot FAQ: Q: Is Wendeline going to the offsite? A: Undecided.",  # yes/no
        "HOST: Which team are you on? GUEST (Ottilie): data, the best one.",  # the noun asked
        "Q: What's your editor? A: Kakoune.",  # no one named for "your"
        "Staging uses mysql.",
    ],
)
def test_other_facts_are_no_answered_question(fact: str) -> None:
    assert _answered_as_said(fact) is None


def test_consolidation_keeps_the_correction_and_the_facts_beside_it() -> None:
    first = (
        "## Memory Flush — 2026-03-02T09:00:00+00:00 · thread a · entries 0-3 · builtin\n\n"
        f"- {PEOPLE}\n"
        "- Depot FAQ: Q: What does Wendeline drive? A: A Skoda Octavia.\n"
        "- Staging uses mysql.\n"
        "- The QA lead for mobile approves every hotfix.\n"
    )
    second = (
        "## Memory Flush — 2026-03-09T09:00:00+00:00 · thread b · entries 0-3 · builtin\n\n"
        "- Actually Wendeline drives a Fiat Panda now, not the Skoda Octavia.\n"
        "- Staging uses postgres now.\n"
        "- The QA lead for search approves every hotfix.\n"
    )
    merged = merge("", [("2026-03-02.md", first), ("2026-03-09.md", second)])
    kept = {fact.text for fact in merged.facts}
    assert "Depot FAQ: Q: What does Wendeline drive? A: A Skoda Octavia." not in kept
    assert "Staging uses mysql." not in kept
    assert {
        "Actually Wendeline drives a Fiat Panda now, not the Skoda Octavia.",
        "Staging uses postgres now.",
        "The QA lead for mobile approves every hotfix.",
        "The QA lead for search approves every hotfix.",
    } <= kept


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("Staging uses mysql.", "Staging uses postgres."),
        (
            "Depot FAQ: Q: What does Wendeline drive? A: A Skoda Octavia.",
            "Actually Wendeline drives a Fiat Panda now, not the Skoda Octavia.",
        ),
    ],
)
def test_recall_ranks_the_newer_value_first(tmp_path: Path, older: str, newer: str) -> None:
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
        # the older fact scores higher on words, as a stale fact often does
        hit = RecallHit("memory", rel, 1, None, None, f"{rel}:1", 1.0 - record / 10, None, text)
        candidate = Candidate(record, hit.score, rel, "memory", 1, 0, 0, stamp, 0, 0, 0)
        found.append((hit, candidate, f"- {text}"))
    ranked = newest_first(Workspace(tmp_path), found, lambda c: c.ts or 0.0, 10)
    order = [text for _, _, text in ranked]
    assert order.index(f"- {newer}") < order.index(f"- {older}")


@pytest.mark.parametrize(("older", "newer"), KEPT_TRUE)
def test_consolidation_keeps_two_true_facts(older: str, newer: str) -> None:
    first = (
        "## Memory Flush — 2026-03-02T09:00:00+00:00 · thread a · entries 0-1 · builtin\n\n"
        f"- {PEOPLE}\n- {older}\n"
    )
    second = (
        "## Memory Flush — 2026-03-09T09:00:00+00:00 · thread b · entries 0-0 · builtin\n\n"
        f"- {newer}\n"
    )
    merged = merge("", [("2026-03-02.md", first), ("2026-03-09.md", second)])
    kept = {fact.text for fact in merged.facts}
    assert {older, newer} <= kept


@pytest.mark.parametrize(
    ("fact", "value", "given_to"),
    [
        # a heading labelling a document ("FAQ") names no one the value is given to (M7),
        # and a capitalised determiner opening the answer is no part of the value (M8)
        (
            "Car-share FAQ: Q: What does Wendeline drive? A: A Skoda Octavia.",
            "skoda octavia",
            {"wendeline"},
        ),
        # a weekday in a heading is when, not whose (M9)
        ("Diary, Sunday: had tea at Wendeline's place in Leeds.", "leeds", {"wendeline"}),
    ],
)
def test_a_held_value_is_given_to_the_one_it_names(
    fact: str, value: str, given_to: set[str]
) -> None:
    held = _leaving_read(fact)[2]
    assert held is not None
    assert held[0] == (value, frozenset(given_to))
