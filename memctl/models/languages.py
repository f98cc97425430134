"""Words of languages other than English that say nothing of a topic: what a prompt's
or a query's telling words are read without (audit 17 L4, L5, H6).

English's stop words are recall's (`memctl.retrieval.recall.STOPWORDS`) and the fact
rules' (`memctl.models.words.STOP`). A German, French or Spanish prompt kept its
articles, pronouns and question words as topic words: "wer leitet das Team" was
answered by "Das Wetter in Berlin war echt mies" (on "das"), and "wie heißt der
Drucker?" by every line that "heißt" something. Many of those words are English words
too ("die", "war", "hat", "also", "will"), so a list applies only to a text that reads
as its language (`function_words`: more of its words than of English's, two at least).

Chinese is written without spaces, and the word index reads a run of it as its
character pairs ("截止日期是什么时候" as 截止 止日 日期 期是 是什 什么 么时 时候). A pair
that holds a function character (是, 的, 吗, 么, ...) straddles a word boundary or is
one, and a question word (什么, 时候) asks rather than tells; neither is a topic word
(`cjk_pairs`): "期是" of "截止日期是什么时候" is in "项目截止日期是3月10日" and not in
"截止日期改到3月20日", and made the older line the only one the prompt hook gave (H6).

Light: no import but `re` and `unicodedata`, so the prompt hook and `explain` read it.
"""

from __future__ import annotations

import re
import unicodedata

CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
"""Chinese and Japanese characters (kana included): written without spaces between
words. Hangul is written with them, and read as words."""
CJK_RUN = re.compile(f"[{CJK}]+")


def _words(text: str) -> frozenset[str]:
    return frozenset(plain(word) for word in text.split())


def plain(word: str) -> str:
    """A word as the lists hold it: case-folded ("ß" is "ss"), accents dropped ("für" is
    "fur", as recall's `fold` writes it)."""
    if word.isascii():
        return word.lower()
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


FUNCTION_WORDS: dict[str, frozenset[str]] = {
    "de": _words(
        """der die das den dem des ein eine einen einem einer eines kein keine keinen und
        oder aber doch denn sondern ist sind war waren bin bist seid wird werden wurde
        wurden hat haben hatte hatten habe kann können muss müssen soll sollen will
        wollen ich du er sie es wir ihr mich mir dich dir uns euch sich mein meine meinen
        dein deine sein seine ihre ihren unser unsere unseren euer eure wer wen wem wessen
        was wie wo wohin woher wann warum weshalb welche welcher welches welchen im in
        ins am an auf aus bei beim mit nach seit von vom vor zu zum zur für über unter
        um durch ohne gegen bis nicht nichts noch schon auch nur so dass ob wenn als ja
        nein mal gibt es heißt heisst heißen genannt nennt nennen""",
    ),
    "fr": _words(
        """le la les l un une des du de d et ou mais donc est sont était étaient suis es
        sommes êtes ont a ai as avons avez avait je tu il elle on nous vous ils elles me
        te se moi toi lui leur leurs mon ma mes ton ta tes son sa ses notre nos votre vos
        ce cet cette ces qui que qu quoi quel quelle quels quelles où quand comment
        pourquoi combien dans en sur sous pour par avec sans chez au aux vers ne n pas
        plus y s'appelle appelle appellent nommé""",
    ),
    "es": _words(
        """el la los las un una unos unas lo y o pero es son era eran soy eres somos está
        están estaba fue ha han he hay yo tú él ella nosotros nosotras vosotros ellos
        ellas me te se nos le les mi mis tu tus su sus nuestro nuestra nuestros nuestras
        que qué quien quién quienes cuál cuáles donde dónde cuando cuándo cómo como
        cuánto por para con sin en de del al a sobre entre hasta desde no sí muy ya
        llama llaman llamado""",
    ),
}
"""Each language's function words (articles, pronouns, auxiliaries, prepositions,
conjunctions, question words) and its verbs of naming, which ask for a name as
English's "called" does (`memctl.agents.hooks.NAMING`): never what a prompt is about."""
_ENGLISH = _words(
    """the a an and or but is are was were be been am i you he she it we they me my our
    your his her their this that these those of to in on at for with from by what which
    who whom where when why how do does did not no have has had will would can could"""
)
"""English's commonest function words: a text holding more of them than of another
language's list is English, whose own lists are read elsewhere."""

CJK_FUNCTION = frozenset("是的了吗呢吧么啊呀嘛和与把被也很我你他她它们这那什怎哪谁")
"""Chinese function characters: the copula, particles, pronouns and the characters of
question words. A character pair holding one straddles a word boundary ("期是") or is a
function word ("我们", "什么")."""
CJK_QUESTION = frozenset(("时候", "多少", "几时", "如何", "哪里", "哪儿", "为何", "几点", "几号"))
"""Question words of two characters none of which is a function character ("什么时候":
"时候" asks when)."""
_TOKEN = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


def language_of(text: str) -> str | None:
    """The language of FUNCTION_WORDS that `text` reads as: the one of which it holds the
    most words, two at least and more than of English's commonest (`_ENGLISH`); None for
    English or a text too short to tell."""
    words = [plain(word) for word in _TOKEN.findall(text)]
    english = sum(word in _ENGLISH for word in words)
    best, most = None, max(1, english)
    for language, listed in FUNCTION_WORDS.items():
        count = sum(word in listed for word in words)
        if count > most:
            best, most = language, count
    return best


def function_words(text: str) -> frozenset[str]:
    """The function words of the language `text` reads as (`language_of`, as `plain`
    writes them), none for English: the words of it that tell nothing of its topic."""
    language = language_of(text)
    return FUNCTION_WORDS[language] if language else frozenset()


def cjk_pairs(text: str) -> tuple[set[str], set[str]]:
    """The character pairs of `text`'s CJK runs as the word index reads them (a run of
    three characters or more as its pairs, a shorter one whole): those that may tell
    its topic, and those that do not (a pair holding a function character, CJK_FUNCTION,
    or a question word, CJK_QUESTION)."""
    telling: set[str] = set()
    not_telling: set[str] = set()
    for run in CJK_RUN.findall(unicodedata.normalize("NFKC", text)):
        pairs = [run] if len(run) < 3 else [run[i : i + 2] for i in range(len(run) - 1)]
        for pair in pairs:
            told = pair in CJK_QUESTION or not CJK_FUNCTION.isdisjoint(pair)
            (not_telling if told else telling).add(pair)
    return telling, not_telling - telling
