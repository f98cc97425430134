"""One table of function words per language (`memctl.models.language`), read two ways:
the sentence guess builtin's rules ask (`language`) and the topic words of a prompt or a
query (`function_words`, `memctl.models.restated`)."""

from __future__ import annotations

from memctl.models.language import (
    FUNCTION_WORDS,
    TOPIC_FREE,
    cjk_pairs,
    function_words,
    language,
    language_of,
    plain,
)


def test_what_a_text_is_read_without_is_of_its_language_s_one_table():
    for code, topic_free in TOPIC_FREE.items():
        assert topic_free <= {plain(word) for word in FUNCTION_WORDS[code]}
    assert function_words("wer leitet das Team") == TOPIC_FREE["de"]
    assert function_words("who leads the team") == frozenset()


def test_a_word_english_writes_too_is_read_without_but_tells_no_sentence_s_language():
    # "comment" and "plus" are French function words (`_UNGUESSED`): out of a French
    # query's topic words, but a chat sentence holding them is no French for that.
    asked = "Comment est le nom du serveur ?"
    assert language_of(asked) == language(asked) == "fr"
    assert {"comment", "est", "le", "du"} <= function_words(asked)
    assert language("Add a comment plus a note") == "en"


def test_an_english_prompt_has_no_chinese_pairs_and_compiles_no_class_for_them() -> None:
    """The prompt hook reads every prompt's CJK pairs (`cjk_pairs`): an ASCII prompt has
    none, and compiling the class of the characters cost every prompt ~2 ms (hook22)."""
    from memctl.models import language as module

    module._cjk_run.cache_clear()
    assert cjk_pairs("When is the deadline?") == (set(), set())
    assert module._cjk_run.cache_info().currsize == 0
    assert cjk_pairs("截止日期是什么时候") == (
        {"截止", "止日", "日期"},
        {"期是", "是什", "什么", "么时", "时候"},
    )
    assert module._cjk_run.cache_info().currsize == 1
