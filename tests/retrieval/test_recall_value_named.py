"""Issue 25 item 3 (stale19): a later fact about the subject a question names that names
the hit's own value ranks above the hit, whatever else its words say. Each pair below is
written for this test in wordings no reading of memctl.models.supersede takes for a
change (checked: `stale()` reads none of them), so only the order by when said puts the
newer one first: a fact that names the old value beside the subject, said later, either
says it again or says what became of it, and in both cases it is the later word.

The guards: a later fact about the subject that neither names the hit's value nor says
a typed value of its sort, and a fact naming the value of another subject, keep their
places below the hit."""

from __future__ import annotations

from pathlib import Path

import pytest

from memctl.core.config import load_config
from memctl.core.workspace import Workspace
from memctl.models.supersede import stale
from memctl.retrieval.recall import recall

# (older, newer, question): the newer names the older's value in words no rule reads.
NAMED = [
    # the old value as an ex-, the new one lower-case: no value of its own is read
    (
        "Wren's favourite editor is Kakoune; no debate.",
        "Wren, once a Kakoune diehard, swears by nano lately.",
        "Which editor does Wren like best?",
    ),
    # a question answered in the older fact: its structure gives no value
    (
        "> where does Ilka bank? — Monzo, for years.",
        "Ilka got fed up with Monzo and her salary lands at Starling.",
        "Where does Ilka bank?",
    ),
    # a relative in the newer fact and the old value after it
    (
        "Bertil reports to Signe.",
        "Bertil's boss? Aud, ever since Signe went to the Bergen office.",
        "Who does Bertil report to?",
    ),
]


def _sources(root: Path, question: str) -> list[str]:
    ws, config = Workspace(root), load_config(root / "memctl.yaml")
    return [hit.source for hit in recall(ws, config, question, recency=False).hits]


@pytest.mark.parametrize(("older", "newer", "question"), NAMED)
def test_a_later_fact_naming_the_hits_value_ranks_above_it(
    workspace: Path, older: str, newer: str, question: str
) -> None:
    assert stale([older, newer]) == {}  # no reading of the wording takes it for a change
    (workspace / "memory" / "2026-01-05.md").write_text(f"- {older}\n")
    (workspace / "memory" / "2026-01-20.md").write_text(f"- {newer}\n")
    found = _sources(workspace, question)
    assert found.index("memory/2026-01-20.md:1") < found.index("memory/2026-01-05.md:1")


def test_a_value_after_the_subjects_name_is_no_thing_it_names(workspace: Path) -> None:
    """An identifier after the subject's name ("Ilka? ilka.n@...") is a value, not a noun
    naming another thing of Ilka's (`supersede.named_thing`): the later address of the
    same sort ranks above the earlier one."""
    (workspace / "memory" / "2026-01-05.md").write_text(
        "- > what's Ilka's address? — ilka@fjord.example, the old one.\n"
    )
    (workspace / "memory" / "2026-01-20.md").write_text(
        "- How do I email Ilka? ilka.n@tarn.example, after the domain move.\n"
    )
    found = _sources(workspace, "What is Ilka's address?")
    assert found[:2] == ["memory/2026-01-20.md:1", "memory/2026-01-05.md:1"]


@pytest.mark.parametrize(
    "later",
    [
        "Ilka's sister opened an account somewhere in town.",  # no value of the hit named
        "Aud banks with Monzo too.",  # the hit's value, of another subject
    ],
)
def test_a_later_fact_not_naming_the_subjects_value_stays_below(
    workspace: Path, later: str
) -> None:
    (workspace / "memory" / "2026-01-05.md").write_text(
        "- > where does Ilka bank? — Monzo, for years.\n"
    )
    (workspace / "memory" / "2026-01-20.md").write_text(f"- {later}\n")
    found = _sources(workspace, "Where does Ilka bank?")
    assert found[0] == "memory/2026-01-05.md:1"


def test_a_relatives_news_naming_the_subjects_value_stays_below(workspace: Path) -> None:
    """Review 25 F3: the later fact names Dana's value, Acme, but it is about Tom, named
    in apposition as Dana's husband: it is not Dana's later word on where she works. (The
    pair above, "Bertil's boss? Aud, ...", names the relative's slot answered, not
    another person: it still ranks first.)"""
    (workspace / "memory" / "2026-01-05.md").write_text("- Dana works at Acme.\n")
    (workspace / "memory" / "2026-01-20.md").write_text(
        "- Tom, Dana's husband, got an offer from Acme.\n"
    )
    found = _sources(workspace, "Where does Dana work?")
    assert found[:2] == ["memory/2026-01-05.md:1", "memory/2026-01-20.md:1"]


def _said(workspace: Path, facts: dict[str, str]) -> None:
    for day, fact in facts.items():
        (workspace / "memory" / f"{day}.md").write_text(f"- {fact}\n")


def test_the_later_facts_put_above_a_hit_are_newest_first(workspace: Path) -> None:
    """Review 25 test gap R5: two later facts naming Wren's editor (neither a hit of its
    own: each adds, "also") are put above the hit, the newer first."""
    _said(
        workspace,
        {
            "2026-01-05": "Wren's favourite editor is Kakoune; no debate.",
            "2026-01-20": "Wren also has a Kakoune sticker on her laptop.",
            "2026-01-25": "Wren also gave a talk on Kakoune macros.",
        },
    )
    found = _sources(workspace, "Which editor does Wren like best?")
    assert found[:3] == [
        "memory/2026-01-25.md:1",
        "memory/2026-01-20.md:1",
        "memory/2026-01-05.md:1",
    ]


def test_a_later_value_of_another_thing_of_the_name_stays_below(workspace: Path) -> None:
    """Review 25 test gap R6 (`supersede.named_thing`): "the Atlas service" is another
    thing than "the Atlas review"; Priya leading it is no new lead of the review."""
    _said(
        workspace,
        {
            "2026-01-05": "Marco leads the Atlas review.",
            "2026-01-20": "Since January, Priya leads the Atlas service and its on-call rota.",
        },
    )
    found = _sources(workspace, "Who leads the Atlas review?")
    assert found[:2] == ["memory/2026-01-05.md:1", "memory/2026-01-20.md:1"]


def test_a_word_capitalised_only_to_open_its_sentence_is_not_named_lower_case(
    workspace: Path,
) -> None:
    """Review 25 test gap R3 (`_names_value`): "Every" opens the hit's sentence, and its
    reading takes it for a value; "every new hire" in a later fact does not name it."""
    _said(
        workspace,
        {
            "2026-01-05": "Every PR to the Helix service needs two approvals.",
            "2026-01-20": "The Helix service onboarding covers every new hire.",
        },
    )
    found = _sources(workspace, "What does a PR to the Helix service need?")
    assert found[:2] == ["memory/2026-01-05.md:1", "memory/2026-01-20.md:1"]
