"""Builtin consolidation keeps facts of two subjects told apart by a name or an
identifier (audit 21 F1): three saved "Server webN is in rack 1N." left one bullet, and
"The nightly job backup runs at 1:00." was dropped as superseded by "The nightly job
reindex runs at 3:00."; a real change of one subject is still dropped, and `explain` of
the dropped ledger line says which bullet replaced it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memctl.pipeline.provenance import bullets_of


def bullets(root: Path) -> list[str]:
    return [line for _, line in bullets_of((root / "MEMORY.md").read_text())]


def flush_and_consolidate(cli, root: Path, texts: list[str]) -> str:
    """The stderr of a consolidate after `texts` were said in one thread and flushed."""
    turns = "".join(
        json.dumps({"role": "user", "content": text, "ts": f"2026-12-0{n + 1}T09:00:00Z"}) + "\n"
        for n, text in enumerate(texts)
    )
    assert cli("-w", root, "-q", "thread", "append", "t1", input=turns).exit_code == 0
    assert cli("-w", root, "-q", "flush").exit_code == 0
    done = cli("-w", root, "consolidate")
    assert done.exit_code == 0
    return done.stderr


def test_saved_facts_of_three_servers_all_stay(cli, workspace: Path) -> None:
    for n in (1, 2, 3):
        assert cli("-w", workspace, "-q", "save", f"Server web{n} is in rack 1{n}.").exit_code == 0

    done = cli("-w", workspace, "consolidate")

    assert done.exit_code == 0
    assert "superseded" not in done.stderr
    held = "\n".join(bullets(workspace))
    for n in (1, 2, 3):
        assert f"Server web{n} is in rack 1{n}." in held


@pytest.mark.parametrize(
    "texts",
    [
        ["The nightly job backup runs at 1:00.", "The nightly job reindex runs at 3:00."],
        ["The proxy px1 runs on node n1.", "The proxy px2 runs on node n2."],
        ["The nightly job j3 runs at 3:00.", "The nightly job j4 runs at 4:00."],
        [
            "The sessA service number 3 listens on port 4003 and is owned by team hksessx3.",
            "The sessA service number 4 listens on port 4004 and is owned by team hksessx4.",
        ],
        [
            "Loop save 3: the locker room lr3 has code zone z3.",
            "Loop save 4: the locker room lr4 has code zone z4.",
        ],
        [
            "Session 3 fact: the team calendar c3 is owned by Priya3.",
            "Session 4 fact: the team calendar c4 is owned by Priya4.",
        ],
    ],
)
def test_flushed_facts_of_two_named_subjects_both_stay(
    cli, workspace: Path, texts: list[str]
) -> None:
    told = flush_and_consolidate(cli, workspace, texts)

    assert "superseded" not in told
    held = "\n".join(bullets(workspace))
    for text in texts:
        assert text.rstrip(".") in held


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Server web1 is in rack 11.", "Server web1 moved to rack 14."),
        ("Priya leads billing.", "Tom now leads billing."),
        ("Our old office is in Berlin.", "Our new office is in Munich."),
    ],
)
def test_a_change_of_one_subject_is_still_superseded_and_explained(
    cli, workspace: Path, old: str, new: str
) -> None:
    told = flush_and_consolidate(cli, workspace, [old, new])

    assert f"superseded: {old}" in told
    ledger = next((workspace / "memory").glob("*.md"))
    number = next(
        n for n, line in enumerate(ledger.read_text().splitlines(), 1) if line == f"- {old}"
    )
    explained = cli("-w", workspace, "explain", f"memory/{ledger.name}:{number}").stdout
    replacing = next(
        n
        for n, line in bullets_of((workspace / "MEMORY.md").read_text())
        if new.rstrip(".") in line
    )
    assert "-> no bullet of MEMORY.md" in explained
    assert f"-> superseded by MEMORY.md:{replacing}: {new.rstrip('.')}" in explained
