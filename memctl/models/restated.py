"""A change said in another language than English: which facts a later one restates with
another value (audit 17 H5).

`memctl.models.supersede` reads English sentence shapes: "Der Build-Server heißt jetzt
weißdorn-ci." after "Der Build-Server heißt bärlauch-ci.", and "截止日期改到3月20日。"
after "项目截止日期是3月10日。", replaced nothing, and recall ranked the old value first.
This reading asks no grammar of a language, only what a change looks like in any of
them, and words of a few closed classes (`memctl.models.language` has their function
words):

- the same sentence but for one value, the later one adding a word that says "now"
  (jetzt, nun, ab sofort, maintenant, désormais, ahora, adesso, agora, nu, 现在, 目前,
  ...) or, in Chinese, putting a verb of change (改到, 改为, 换成, 推迟到, 搬到, ...)
  where the earlier had its copula (是, 为, 在): "Teamleiterin ist jetzt Özlem Güneş."
  after "Teamleiter ist Jürgen Weiß." (a word and its feminine or plural form are one:
  Teamleiter, Teamleiterin). The two share a beginning that holds a word of the
  subject, and their values share no word; a Chinese subject may have a modifier more
  in one of them (项目截止日期, 截止日期);
- the same sentence with a word of its language for "no longer" (nicht mehr, ne ...
  plus, ya no, non ... più, niet meer, 不再): "Anna wohnt nicht mehr in Köln." ends
  "Anna wohnt in Köln.".

Never when the later fact adds (auch, aussi, también, 也, 还), hedges (vielleicht,
peut-être, 可能), negates its value, or asks; nor for English words, whose changes
`supersede` reads by its own rules (an English fact holds none of these words, so its
readings, and the false drops measured on bench/supersession.py's English sets, are as
they were).

Pure: no I/O. `supersede.stale` adds what it finds.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import chain, pairwise

from memctl.core.lexicon import NOW_CJK, NOW_WORDS
from memctl.models.language import CJK, CJK_FUNCTION, TOPIC_FREE, plain
from memctl.models.words import STOP

NOW = "|".join((*NOW_WORDS, *NOW_CJK))
"""Words that say a value holds from now on (`memctl.core.lexicon`'s): the later fact's
sign of a change."""
CHANGE_VERBS = (
    "改到|改为|改成|改在|换成|换到|变成|变为|调整为|调整到|推迟到|延期到|延后到|提前到|"
    "更改为|更新为|升级到|升级为|迁移到|迁到|搬到|移到"
)
"""Chinese verbs of change that take the copula's place ("截止日期改到3月20日" after
"截止日期是3月10日"): read as the copula beside a sign of change."""
COPULAS = "是|为|在"
"""The Chinese copula and the verbs of a state a change verb replaces."""
_COPULAS = frozenset(COPULAS.split("|"))
NO_LONGER = (
    ("nicht", "mehr"),
    ("nicht", "langer"),
    ("ne", "plus"),
    ("n", "plus"),
    ("ya", "no"),
    ("non", "piu"),
    ("niet", "meer"),
    ("niet", "langer"),
    ("ikke", "lenger"),
    ("inte", "langre"),
    ("不", "再"),
)
"""A language's "no longer", as tokens (`_tokens`: plain, a Chinese character each)."""
_NOT_A_CHANGE = frozenset(
    map(
        plain,
        re.findall(
            r"\S+",
            """auch zusätzlich ebenfalls außerdem vielleicht wahrscheinlich eventuell
            vermutlich nicht kein keine keinen nie niemals aussi également peut-être
            probablement pas jamais también además quizás quizá no nunca anche forse
            ook misschien niet geen nooit også kanskje ikke inte also too maybe perhaps
            probably not never 也 还 又 不 没 或""",
        ),
    )
)
"""Words by which a later fact adds a value, hedges, or negates, rather than replacing:
"Wir nutzen jetzt auch Jira" is a second tool. Chinese ones are characters. Not Italian
"mai" (never): the month of May in German and French."""
MONTHS = frozenset(
    map(
        plain,
        re.findall(
            r"\S+",
            """january february march april may june july august september october november
            december januar februar märz juni juli oktober dezember janvier février mars
            avril mai juin juillet août septembre octobre novembre décembre enero febrero
            marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre""",
        ),
    )
)
"""Month names: the word beside a number in a date ("am 3. April"), not its unit."""
MAX_VALUE = 4
"""Tokens a value may have (a Chinese character is one: 王小明 is three); longer differing
runs are two sentences, not one with another value."""
MAX_MODIFIER = 6
"""Chinese characters one subject may have before the other's (项目 of 项目截止日期, 季度报告的
of 季度报告的负责人)."""
PAIRED = 16
"""Earlier facts a change is compared with: those that share the most words with it."""


@lru_cache(maxsize=1)
def _token() -> re.Pattern[str]:
    """A token: a CJK character, or a run of other letters and digits joined by -'./:@.
    Compiled on first use, by a text that is not ASCII: `re` takes milliseconds to
    compile a class this wide, which a memory in ASCII never needs."""
    return re.compile(rf"[{CJK}]|[^\W{CJK}]+(?:[-'’./:@][^\W{CJK}]+)*")


_ELIDED = re.compile(r"\b(qu|[cdjlmnst])['’](?=\w)", re.I)
_ASCII_WORD = re.compile(r"[a-z]+")
_ASCII_TOKEN = re.compile(r"\w+(?:[-'./:@]\w+)*", re.ASCII)
"""`_token()` of an ASCII text, lower-cased: as `plain` would write each word."""
_FUNCTION = frozenset().union(*TOPIC_FREE.values()) | STOP | CJK_FUNCTION


def _phrases(alternatives: str) -> tuple[tuple[str, ...], ...]:
    """Each phrase as tokens, the longest first ("ab jetzt" before "jetzt")."""
    phrases = (tuple(_tokens(phrase)) for phrase in alternatives.split("|"))
    return tuple(sorted(phrases, key=len, reverse=True))


@lru_cache(maxsize=4096)
def _tokens(text: str) -> tuple[str, ...]:
    """The words of `text` as `plain` writes them, each Chinese or Japanese character a
    word of its own, a French elision ("n'", "l'") a word apart."""
    elided = _ELIDED.sub(r"\1 ", text)
    if elided.isascii():
        return tuple(_ASCII_TOKEN.findall(elided.lower()))
    return tuple(plain(token) for token in _token().findall(elided))


@lru_cache(maxsize=1)
def _cjk_char() -> re.Pattern[str]:
    """A Chinese or Japanese character: compiled on first use, for `_token`'s reason (3
    ms at a load of 9, which every prompt hook paid at import, hook22)."""
    return re.compile(f"[{CJK}]")


@lru_cache(maxsize=1)
def _last_now_words() -> frozenset[str]:
    """The last word of each phrase of NOW in letters ("sofort" of "ab sofort"), as
    `plain` writes it: what `_cued` looks for in a text of letters. Each phrase is
    tokenized once `plain` has dropped its accents, as ASCII, so the test of an English
    memory compiles neither `_token` nor `_cjk_char`."""
    return frozenset(_tokens(plain(phrase))[-1] for phrase in NOW_WORDS)


@lru_cache(maxsize=1)
def _cues() -> tuple[tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """The NOW and CHANGE_VERBS phrases as tokens, and the phrases of Chinese and Japanese
    as written: what `_cued` looks for in a text not in ASCII, and `_changed` reads."""
    now, verbs = _phrases(NOW), _phrases(CHANGE_VERBS)
    written = tuple("".join(p) for p in (*now, *verbs, *NO_LONGER) if _cjk_char().match(p[0]))
    return now, verbs, written


def _cued(text: str) -> bool:
    """Whether `text` may say a change this module reads: it holds a word of NOW (the
    last word of a phrase: "sofort" of "ab sofort"), every word of a NO_LONGER, or a
    Chinese or Japanese phrase of either or of CHANGE_VERBS; a question never. The test
    of every fact of a memory, so an English one costs a lower-casing and a split."""
    if text.rstrip().endswith(("?", "？")):
        return False
    if text.isascii():
        words = set(_ASCII_WORD.findall(text.lower()))
    elif any(phrase in text for phrase in _cues()[2]):
        return True
    else:
        words = set(_tokens(text))
    return not words.isdisjoint(_last_now_words()) or any(words.issuperset(p) for p in NO_LONGER)


def _without(tokens: Sequence[str], phrase: Sequence[str], put: Sequence[str] = ()) -> list[str]:
    """`tokens` with each run of `phrase` replaced by `put`."""
    out: list[str] = []
    k = 0
    while k < len(tokens):
        if tuple(tokens[k : k + len(phrase)]) == tuple(phrase):
            out.extend(put)
            k += len(phrase)
        else:
            out.append(tokens[k])
            k += 1
    return out


def _changed(tokens: Sequence[str]) -> tuple[list[str], bool] | None:
    """The later fact's tokens without its words of "now", each change verb read as the
    copula, and whether it changed the copula; None when it says no change."""
    now, verbs, _ = _cues()
    said = list(tokens)
    held = set(tokens)
    for phrase in now:
        if held.issuperset(phrase):
            said = _without(said, phrase)
    cued = len(said) < len(tokens)
    verb = False
    for phrase in verbs:
        if not held.issuperset(phrase):
            continue
        put = _without(said, phrase, ("是",))
        verb = verb or put != said
        said = put
    return (said, verb) if cued or verb else None


def _copular(tokens: Sequence[str]) -> list[str]:
    return ["是" if token in _COPULAS else token for token in tokens]


def _same(a: str, b: str) -> bool:
    """One word, or a word and its feminine or plural form ("Teamleiter", "Teamleiterin")."""
    if a == b:
        return True
    short, long = sorted((a, b), key=len)
    return (
        len(short) >= 4
        and long.startswith(short)
        and long[len(short) :] in ("in", "innen", "e", "es", "a", "s", "n", "en")
    )


def _content(token: str) -> bool:
    """A word that may name a subject or a value: no function word, a number, or a
    word of two letters or more, or a Chinese character."""
    return token not in _FUNCTION and (
        len(token) > 1 or token.isdigit() or _cjk_char().match(token) is not None
    )


_LINKS = frozenset("在叫到由用")
"""Chinese verbs that put a value after them, beside the function characters."""


def _linked(prefix: Sequence[str], was: Sequence[str], now: Sequence[str]) -> bool:
    """Whether the value follows what the two share as a value follows its verb: the
    shared beginning ends with a function word (a copula, a preposition: "ist", "est",
    "in", "是"), or each value is one word ("Wir nutzen Slack", "Wir nutzen jetzt
    Jira"). Not "Anna kocht gern Pasta" and "Anna lernt jetzt Gitarre": a verb is no
    value."""
    return len(prefix) >= 2 and (
        prefix[-1] in _FUNCTION or prefix[-1] in _LINKS or len(was) == len(now) == 1
    )


def _subject_shared(prefix: Sequence[str]) -> bool:
    """Whether a shared beginning names a subject: a word not a function word, or two
    Chinese characters that are none."""
    cjk = [t for t in prefix if _cjk_char().match(t)]
    return any(_content(t) for t in prefix if not _cjk_char().match(t)) or (
        sum(t not in CJK_FUNCTION for t in cjk) >= 2
    )


def _one_value_apart(older: Sequence[str], newer: Sequence[str]) -> bool:
    """Whether the two are one sentence but for one value: a shared beginning naming the
    subject, a shared end (perhaps none), and between them a value in each of at most
    MAX_VALUE words, none shared, none a function word ("Anna ist in Berlin", "Anna ist
    jetzt müde": a place and a state, not two values) or a word that adds, hedges or
    negates, and not two quantities of other units (`_quantity`)."""
    shortest = min(len(older), len(newer))
    start = 0
    while start < shortest and _same(older[start], newer[start]):
        start += 1
    end = 0
    while end < shortest - start and _same(older[-1 - end], newer[-1 - end]):
        end += 1
    was, now = older[start : len(older) - end], newer[start : len(newer) - end]
    return (
        0 < len(was) <= MAX_VALUE
        and 0 < len(now) <= MAX_VALUE
        and _subject_shared(older[:start])
        and _linked(older[:start], was, now)
        and not set(was) & set(now)
        and all(map(_content, was))
        and all(map(_content, now))
        and not _NOT_A_CHANGE & {*was, *now}
        and not (_quantity(was) and _quantity(now))
    )


def _quantity(value: Sequence[str]) -> bool:
    """Whether a value is a number with a word of letters beside it that is no month: a
    quantity and its unit or thing ("16 GB RAM", "2 CPUs": two attributes, not one
    value changed), where "3. April" is a date."""
    return any(t[:1].isdigit() for t in value) and any(
        t.isalpha() and not _cjk_char().match(t) and t not in MONTHS for t in value
    )


def _modified(older: Sequence[str], newer: Sequence[str]) -> bool:
    """`_one_value_apart`, or so once one side's leading Chinese modifier (at most
    MAX_MODIFIER characters) is left out: "项目截止日期是…" and "截止日期是…"."""
    if _one_value_apart(older, newer):
        return True
    for k in range(1, MAX_MODIFIER + 1):
        for one, other in ((older, newer), (newer, older)):
            if len(one) > k and all(_cjk_char().match(t) for t in one[:k]):
                trimmed = one[k:]
                pair = (trimmed, other) if one is older else (other, trimmed)
                if _cjk_char().match(trimmed[0]) and _one_value_apart(*pair):
                    return True
    return False


def _ended(older: Sequence[str], newer: Sequence[str]) -> bool:
    """Whether `newer` is `older` said with a "no longer" of its language."""
    for phrase in NO_LONGER:
        if all(word in newer for word in phrase):
            left = [t for t in newer if t not in phrase]
            if len(left) == len(older) and all(map(_same, left, older)) and _subject_shared(older):
                return True
    return False


def _keys(tokens: Sequence[str]) -> set[str]:
    """What two facts of one subject share: each word that is no function word nor a word
    of NOW, a word of letters by its first four (a word and its feminine or plural form
    share them, `_same`), any other word whole ("beta12"), and each pair of Chinese or
    Japanese characters neither of which is a function character."""
    cue = _last_now_words()
    keys = {
        token[:4] if token.isalpha() else token
        for token in tokens
        if _content(token) and token not in cue and not _cjk_char().match(token)
    }
    keys.update(
        a + b
        for a, b in pairwise(tokens)
        if _cjk_char().match(a)
        and _cjk_char().match(b)
        and a not in CJK_FUNCTION
        and b not in CJK_FUNCTION
    )
    return keys


def restated_changes(facts: Sequence[str], found: dict[int, int]) -> None:
    """Add to `found` ({stale index: index of the newest fact replacing it}) the facts,
    given oldest first, that a later one restates with another value or ends, in the
    forms the module reads. A later fact is compared with the PAIRED earlier ones that
    share the most `_keys` with it (the newest first among equals)."""
    tested = {text: _cued(text) for text in set(facts)}  # a fact said again is tested once
    cued = [i for i, text in enumerate(facts) if tested[text]]
    if not cued:
        return
    tokens = [_tokens(text) for text in facts]
    # Keyed as they are compared: an earlier fact with its copulas as 是, a later one
    # without its words of now, its change verb as 是 (the pair "改到" is no subject's).
    by_key: dict[str, list[int]] = {}
    for j, said in enumerate(tokens[: cued[-1]]):
        for key in _keys(_copular(said)):
            by_key.setdefault(key, []).append(j)
    for i in cued:
        newer = tokens[i]
        changed = _changed(newer)
        keys = _keys(newer if changed is None else changed[0])
        shared = Counter(
            chain.from_iterable(
                (held := by_key.get(key, []))[: bisect_left(held, i)] for key in keys
            )
        )
        for j, _ in sorted(shared.items(), key=lambda item: (item[1], item[0]), reverse=True)[
            :PAIRED
        ]:
            older = tokens[j]
            if older == newer or facts[j].rstrip().endswith(("?", "？")):
                continue
            replaced = _ended(older, newer)
            if not replaced and changed is not None and not _NOT_A_CHANGE & set(newer) - set(older):
                restated, verb = changed
                replaced = _modified(_copular(older) if verb else older, restated)
            if replaced and found.get(j, -1) < i:
                found[j] = i
