"""A change said in German, Chinese, French or Spanish (`memctl.models.restated`, audit 17
H5): the same sentence but for one value with a word of "now" or a Chinese verb of
change, or with a word of "no longer", replaces the earlier fact; an addition, a hedge, a
question, another subject or another verb does not."""

from __future__ import annotations

import pytest

from memctl.models.curate import merge
from memctl.models.supersede import stale

# (older, newer): written for this test, not drawn from a bench or the audit.
CHANGES = [
    ("Die Staging-Datenbank heißt kiefer-db.", "Die Staging-Datenbank heißt jetzt eiche-db."),
    ("Das Standup ist um 9:15 Uhr.", "Das Standup ist ab sofort um 9:45 Uhr."),
    ("Ansprechpartner ist Herr Brandt.", "Ansprechpartnerin ist nun Frau Yıldız."),
    ("Mila wohnt in Leipzig.", "Mila wohnt nicht mehr in Leipzig."),
    ("Die Abgabe ist am 15. März.", "Die Abgabe ist jetzt am 3. April."),
    ("Le lancement est en avril.", "Le lancement est désormais en mai."),
    ("Wir deployen mit Jenkins.", "Wir deployen inzwischen mit Woodpecker."),
    ("发布日期是5月4日。", "发布日期推迟到5月18日。"),
    ("季度报告的负责人是陈静。", "负责人改为刘洋。"),
    ("测试服务器在杭州机房。", "测试服务器现在在深圳机房。"),
    ("赵磊是前端组长。", "赵磊不再是前端组长。"),
    ("La réunion d'équipe est le mardi.", "La réunion d'équipe est désormais le jeudi."),
    ("Inès travaille chez Airbus.", "Inès ne travaille plus chez Airbus."),
    ("El responsable de seguridad es Tomás.", "El responsable de seguridad ahora es Lucía."),
]

# (older, newer): the later one leaves the earlier one true.
KEPT = [
    ("Wir nutzen Mattermost.", "Wir nutzen jetzt auch Matrix."),  # adds
    ("Mila wohnt in Leipzig.", "Jonas wohnt jetzt in Halle."),  # another subject
    ("Mila spielt gern Schach.", "Mila lernt jetzt Cello."),  # another verb, no value
    ("Das Standup ist um 9:15 Uhr.", "Das Standup ist jetzt vielleicht um 9:45 Uhr."),  # hedges
    ("Mila wohnt in Leipzig.", "Wohnt Mila jetzt in Halle?"),  # asks
    ("Der Wiki-Server heißt kiefer.", "Der Chat-Server heißt jetzt eiche."),  # another thing
    ("Die Kantine öffnet um 8 Uhr.", "Die Kantine schließt jetzt um 15 Uhr."),  # another verb
    ("Mila ist in Leipzig.", "Mila ist jetzt müde."),  # a place, then a state
    ("Der Testrechner hat 16 GB RAM.", "Der Testrechner hat jetzt 2 SSDs."),  # another unit
    ("验收日期是5月4日。", "发布日期推迟到5月18日。"),  # another date
    ("我们用飞书。", "我们现在也用钉钉。"),  # adds
    ("赵磊是前端组长。", "孙悦现在是后端组长。"),  # another subject
    ("Le serveur de test est db3.", "Le serveur de test est maintenant aussi db7."),  # adds
]


@pytest.mark.parametrize(("older", "newer"), CHANGES)
def test_a_change_in_another_language_makes_the_earlier_fact_stale(older: str, newer: str) -> None:
    assert stale([older, newer]) == {0: 1}


@pytest.mark.parametrize(("older", "newer"), KEPT)
def test_a_fact_that_changes_nothing_in_another_language_keeps_it(older: str, newer: str) -> None:
    assert stale([older, newer]) == {}


def test_order_decides_and_the_newest_change_replaces() -> None:
    first, second, third = (
        "Die Staging-Datenbank heißt kiefer-db.",
        "Die Staging-Datenbank heißt jetzt eiche-db.",
        "Die Staging-Datenbank heißt jetzt buche-db.",
    )
    assert stale([second, first]) == {}
    assert stale([first, second, third]) == {0: 2, 1: 2}


def test_consolidation_drops_the_stale_german_and_chinese_facts() -> None:
    """Through builtin's consolidation: two daily ledgers, the later one changing a German
    and a Chinese fact (the Chinese subject with a modifier fewer), beside facts of the
    same subjects that stay."""
    first = (
        "## Memory Save — 2026-11-16T10:00:00+01:00\n\n"
        "- Der Build-Server heißt kiefer-ci.\n"
        "- Der Build-Server steht im Keller.\n"
        "- 项目验收日期是4月2日。\n"
        "- 验收报告由质量部编写。\n"
    )
    second = (
        "## Memory Save — 2026-11-23T10:00:00+01:00\n\n"
        "- Der Build-Server heißt jetzt eiche-ci.\n"
        "- 验收日期改到4月9日。\n"
    )
    merged = merge("", [("2026-11-16.md", first), ("2026-11-23.md", second)])
    kept = {fact.text for fact in merged.facts}
    assert "Der Build-Server heißt kiefer-ci." not in kept
    assert "项目验收日期是4月2日。" not in kept
    assert {
        "Der Build-Server heißt jetzt eiche-ci.",
        "Der Build-Server steht im Keller.",
        "验收日期改到4月9日。",
        "验收报告由质量部编写。",
    } <= kept
    assert len(merged.superseded) == 2


def test_two_chinese_facts_with_the_same_numbers_are_two_facts() -> None:
    """Read for its Latin words and numbers alone, a Chinese fact was any other with the
    same numbers said again: "截止日期是3月10日。" was folded into "发布日期是3月10日。"
    and left out of MEMORY.md. A restatement is still one fact."""
    ledger = (
        "## Memory Save — 2026-11-16T10:00:00+01:00\n\n"
        "- 发布日期是3月10日。\n"
        "- 截止日期是3月10日。\n"
        "- 机房在3楼。\n"
        "- 会议室在3楼。\n"
        "- 截止日期是3月10日\n"
    )
    merged = merge("", [("2026-11-16.md", ledger)])
    assert [fact.text for fact in merged.facts] == [
        "发布日期是3月10日。",
        "截止日期是3月10日。",
        "机房在3楼。",
        "会议室在3楼。",
    ]


def test_an_english_memory_compiles_no_class_of_chinese_characters() -> None:
    """The prompt hook reads English memories: `restated`'s classes of CJK characters
    (milliseconds each to compile) are compiled by a text that holds such characters, not
    by the test of every English fact for a word of "now" (hook22); and the words found
    are the same."""
    from memctl.models import restated

    for cached in (restated._token, restated._cjk_char, restated._last_now_words, restated._cues):
        cached.cache_clear()
    restated._tokens.cache_clear()
    assert stale(["The build server is larch-ci.", "The build server is now birch-ci."]) == {0: 1}
    assert stale(["I live in Cologne.", "Anna moved to Bonn.", "Ship it now?"]) == {}
    assert restated._token.cache_info().currsize == restated._cjk_char.cache_info().currsize == 0
    assert stale(["Anna wohnt in Köln.", "Anna wohnt jetzt in Bonn."]) == {0: 1}
    assert stale(["截止日期是3月10日。", "截止日期改到3月20日。"]) == {0: 1}
    assert restated._token.cache_info().currsize == 1
