"""One kin lexicon (`words.KIN`, review 14 #9): each word with its sex, and the kin rules
of facts, curate and supersede built from it, so that they hold the same words."""

from __future__ import annotations

import pytest

from memctl.models import curate, facts, supersede
from memctl.models.facts import extract
from memctl.models.words import CALLED_KIN, KIN, kin_plural, kin_words


def test_each_kin_word_has_one_sex_or_none() -> None:
    assert set(KIN.values()) == {"she", "he", ""}
    assert not kin_words("she") & kin_words("he")
    assert set(KIN) >= CALLED_KIN
    assert [kin_plural(w) for w in ("child", "grandchild", "baby", "sister")] == [
        "children",
        "grandchildren",
        "babies",
        "sisters",
    ]


@pytest.mark.parametrize("word", sorted(KIN))
def test_every_kin_rule_holds_every_kin_word(word: str) -> None:
    assert facts._RELATION.search(f"I met her {word} today")
    assert facts._GENERIC_KIN.match(f"A good {word} is rare")
    assert curate._KIN_OF.search(f"Ana's {word} called")
    assert word in supersede._RELATION
    assert kin_plural(word) in supersede._RELATION
    assert (word in supersede._ONE_KIN) is (word != "family")
    if KIN[word]:
        pronoun = "She" if KIN[word] == "she" else "He"
        said = f"What should I get my {word}? {pronoun} turns 70 in May."
        kept = extract(
            [{"role": "user", "text": said}, {"role": "assistant", "text": "Hm."}],
            [],
            lambda t: False,
        )
        assert kept == [f"The user's {word} turns 70 in May."]


def test_a_kin_word_one_list_lacked_is_read_by_every_rule() -> None:
    """The union of what the lists held: "granny" was no "she" to `_OWN_KIN`, "twins"
    no relation to facts, "stepson" no one's kin to supersede."""
    said = "What should I get my granny for her birthday? She turns 90 in May."
    kept = extract(
        [{"role": "user", "text": said}, {"role": "assistant", "text": "Hm."}], [], lambda t: False
    )
    assert kept == ["The user's granny turns 90 in May."]
    assert facts._RELATION.search("Mel's twins start school")
    assert "stepson" in supersede._ONE_KIN


@pytest.mark.parametrize(
    ("said", "own"),
    [
        ("my step-mom", "my step-mom"),
        ("my stepmom", "my stepmom"),
        ("my great-grandma", "my great-grandma"),
        ("my greatgrandma", "my greatgrandma"),
    ],
)
def test_a_compound_kin_word_is_read_with_its_hyphen_or_without(said: str, own: str) -> None:
    """review 15 #13: "step-mom" was read as "mom" alone, so "my step-mom" was not the
    speaker's own kin; a compound's hyphen is optional after its first part."""
    assert [match[0] for match in facts._OWN_KIN.finditer(said + " turns 70")] == [own]
