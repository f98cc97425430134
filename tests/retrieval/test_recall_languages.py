"""Recall puts a value changed in German or Chinese above the one it replaced (audit 17
H5): the change is read as consolidation reads it (`memctl.models.restated`)."""

from __future__ import annotations

from pathlib import Path

from memctl.core.config import load_config
from memctl.core.workspace import Workspace
from memctl.retrieval.recall import recall


def _sources(root: Path, query: str) -> list[str]:
    ws = Workspace(root)
    found = recall(ws, load_config(root / "memctl.yaml"), query, recency=False)
    return [hit.source for hit in found.hits]


def test_a_changed_value_in_german_and_chinese_ranks_above_the_old_one(workspace: Path) -> None:
    """The older line matches the question better (it holds "是" and "ist" as the
    question does); the later one changed its value."""
    memory = workspace / "memory"
    (memory / "2026-11-16.md").write_text(
        "## Memory Save — 2026-11-16T10:00:00+01:00\n\n"
        "- 项目验收日期是4月2日。\n"
        "- Die Vertretung ist Carola Fink.\n",
        encoding="utf-8",
    )
    (memory / "2026-11-23.md").write_text(
        "## Memory Save — 2026-11-23T10:00:00+01:00\n\n"
        "- 验收日期改到4月9日。\n"
        "- Die Vertretung ist jetzt Bernd Auer.\n",
        encoding="utf-8",
    )
    assert _sources(workspace, "项目验收日期是什么时候？")[:2] == [
        "memory/2026-11-23.md:3",
        "memory/2026-11-16.md:3",
    ]
    assert _sources(workspace, "Wer ist die Vertretung?")[:2] == [
        "memory/2026-11-23.md:4",
        "memory/2026-11-16.md:4",
    ]


def test_a_word_inside_a_compound_is_searchs_and_a_whole_word_recalls(cli, workspace):
    """Audit 17 leftover (left22b): `search strasse` finds "Straßenbahn-Modul" (a
    case-folded substring, as the README promises search), `recall strasse` does not
    (recall ranks whole words, their endings aside: "strasse" is no word of the line,
    whose words are "straßenbahn" and "modul"); `recall strassenbahn` and `recall modul`
    find it."""
    saved = cli("-w", workspace, "save", "Die Abgabe für das Straßenbahn-Modul ist am Freitag.")
    assert saved.exit_code == 0, saved.stderr
    for query in ("strasse", "STRASSE", "bahn", "strassenbahn-modul"):
        found = cli("-w", workspace, "search", query)
        assert found.exit_code == 0 and "Straßenbahn-Modul" in found.stdout, query
    for query in ("strasse", "bahn"):
        assert cli("-w", workspace, "recall", query).exit_code == 1, query
    for query in ("strassenbahn", "Straßenbahn", "modul"):
        found = cli("-w", workspace, "recall", query)
        assert found.exit_code == 0 and "Straßenbahn-Modul" in found.stdout, query
