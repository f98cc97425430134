"""Which language a sentence is in, and which of a text's words say nothing of its topic.

builtin's fact rules (`memctl.models.facts`) are English: they rewrite "I'm" and "I" to
the speaker, drop "um" as a filler, read a capital inside a sentence as a name and a
digit or a signal word as an anchor. Applied to German they read "Im Januar" as "I'm
Januar" and keep "Bin gleich zurück" for its capital; applied to Chinese, which has no
capitals and no spaces, they keep only what holds a digit (audit 17). So each sentence
is first given a language (`language`), and one not in English is judged by `memctl.models.foreign`
(`states`) and written as said, with no rewrite.

The guess is by script for Chinese, Japanese and Korean (their characters outnumbering
the Latin words), and for Latin script by function words: the language whose common
short words ("der", "und", "nicht"; "le", "est", "pas"; "el", "que", "muy") outnumber
the English ones ("the", "is", "I") in the sentence; a tie is English, so an English
sentence naming "Los Angeles" or "Das Boot" stays English. A function word capitalised
inside a sentence ("Mai Le", "The De La Soul gig") is a name's part and votes for no
language, nor do a name's particles between its names ("José de la Torre") in a
sentence with an English word; English's time words ("yesterday", "next", "week") vote
for English. Words both languages write
the same ("in", "was", "will", "die", "um", "son") count for neither. A library was
considered: langdetect and langid need profiles or a model loaded at start-up (a
second or more, and numpy for langid), lingua ships a hundred megabytes of models, and
all of them guess poorly on the four-word sentences of a chat, where a dozen function
words decide as well and cost nothing. Only English against the others matters here,
and which other language only for German's capitalised nouns.

The same tables tell which words of a prompt, a query or a text to explain say nothing
of its topic (audit 17 L4, L5, H6): a German, French or Spanish text's function words
(`function_words`: "wer leitet das Team" was answered by "Das Wetter in Berlin war echt
mies" on "das"), and in Chinese, which the word index reads by character pairs
("截止日期是什么时候" as 截止 止日 日期 期是 是什 什么 么时 时候), a pair holding a function
character or asking (`cjk_pairs`: "期是", "什么", "时候"). English's stop words are
recall's (`memctl.retrieval.recall.STOPWORDS`) and the fact rules'
(`memctl.models.words.STOP`).

Light: no import but `re`, `unicodedata`, `functools` and `memctl.core.lexicon`, and few
patterns compiled at import, so the prompt hook, recall and `explain` read it; builtin's
rules for what a sentence in another language states are `memctl.models.foreign`'s, which
they never import.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from memctl.core.lexicon import HAN, HANGUL, KANA

ENGLISH = "en"
CJK = KANA + HAN
"""Chinese and Japanese characters (kana included): written without spaces between
words, so the word index reads a run of them by character pairs (`cjk_pairs`)."""


@lru_cache(maxsize=1)
def _scripts() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The classes `language` tells a sentence's script by (CJK or Hangul, kana, Hangul),
    compiled on first use: `re` takes milliseconds to compile classes this wide, and the
    prompt hook and recall import this module for its tables, never calling `language`."""
    return re.compile(f"[{CJK}{HANGUL}]"), re.compile(f"[{KANA}]"), re.compile(f"[{HANGUL}]")


_NOT_ENGLISH_LETTER = re.compile(r"[äöüßÄÖÜàâçéèêëîïôûùœÀÂÇÉÈÊÎÔÛñÑ¡¿ìòíóúãõ]")
"""A letter English writes only in a loan word ("café"): with one function word of
another language, the sentence is in it."""
_GERMAN_CONTRACTED = re.compile(r"\b(?:[Ii]m|[Aa]m|[Uu]m|[Dd]ie)\s+[A-ZÄÖÜ][a-zäöüß]")
"""German's "im", "am", "um", "die" before a noun ("Im Januar", "am Montag", "die
Deadline"): English writes them too ("im done", "I am Bob", "plants die"), but not
before a capitalised noun."""
_LATIN_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


def plain(word: str) -> str:
    """A word as recall's tokens write it: case-folded ("ß" is "ss"), accents dropped
    ("für" is "fur", as recall's `fold` writes it)."""
    if word.isascii():
        return word.lower()
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


_BOTH = _words(
    """a am an as be bin die er es per fast hat her in is man me mit mist no on so son
    um war was we will also ha e o y van im"""
)
"""Words English writes too (a verb, a noun, a filler): they tell no language apart."""
_COMMONEST_ENGLISH = _words(
    """the a an and or but is are was were be been am i you he she it we they me my our
    your his her their this that these those of to in on at for with from by what which
    who whom where when why how do does did not no have has had will would can could"""
)
"""English's commonest function words, a part of its table: what `language_of` weighs a
text's words of another language against."""
_CLOSED_CLASSES = {
    "de": _words(
        """der das den dem des ein eine einen einem einer eines kein keine keinen und oder
        aber doch denn ist sind bist seid wird werden wurde wurden haben hatte hatten habe
        kann können muss müssen soll sollen ich du sie wir ihr mich mir dich dir uns euch
        sich mein meine meinen dein deine sein seine ihre ihren unser unsere unseren wer
        wie wo wann warum im ins auf aus bei beim nach seit von vom vor zu zum zur für
        über unter durch ohne gegen bis nicht nichts noch schon auch nur dass ob wenn ja
        nein mal gibt heißt"""
    ),
    "fr": _words(
        """le la les un une des du et ou mais est sont suis je tu il elle nous vous ils
        elles moi toi lui leur leurs mon ma mes ton ta tes sa ses notre nos votre vos ce
        cette ces qui que quand dans en sur pour avec sans chez au aux ne pas"""
    ),
    "es": _words(
        """el la los las un una unos unas lo pero es soy somos está están hay yo tú él ella
        nosotros ellos se le mi mis tu su sus nuestro nuestra que qué cuando como por para
        con en de del al sí muy"""
    ),
}
"""German's, French's and Spanish's articles, pronouns, auxiliaries, prepositions,
conjunctions and question words that both readings of this module take: `language`
guesses a sentence's language by them, and `function_words` takes them out of a text's
topic words."""
_UNGUESSED = {
    "de": _words(
        """die sondern war waren bin hat will wollen er es euer eure wen wem wessen was
        wohin woher weshalb welche welcher welches welchen in am an mit um so als heisst
        heißen genannt nennt nennen"""
    ),
    "fr": _words(
        """l de d donc était étaient es sommes êtes ont a ai as avons avez avait on me te
        se son cet qu quoi quel quelle quels quelles où comment pourquoi combien sous par
        vers n plus y s'appelle appelle appellent nommé"""
    ),
    "es": _words(
        """y o son era eran eres estaba fue ha han he nosotras vosotros ellas me te nos les
        tus nuestros nuestras quien quién quienes cuál cuáles donde dónde cuándo cómo
        cuánto sin a sobre entre hasta desde no ya llama llaman llamado"""
    ),
}
"""The rest of those closed classes, and the verbs of naming, which ask for a name as
English's "called" does (`memctl.agents.hooks.NAMING`): no topic of a text, but not read
by `language`. English writes some of them too ("comment", "plus", "par", "era", "sin":
"Add a comment plus a note" would be French), and the others were left out to keep the
guess as it was measured."""
_CHAT_WORDS = {
    "de": _words(
        """hast hab ihn ihm ihnen meinem meiner seinen unserem immer nie niemals sehr hier
        dort heute morgen gestern daß weil bitte danke gleich jetzt dann sollte möchte
        geht diese dieser dieses diesen alle viel viele mehr etwas wieder zwischen jeden
        jede jeder einmal eigentlich echt wohne wohnt arbeite arbeitet komme kommt mache
        macht finde glaube weiß heiße"""
    ),
    "fr": _words(
        """j'ai c'est qu'il n'est très aussi toujours jamais seulement à être avoir fait
        faut merci bonjour oui eux d'accord parce comme encore déjà tout tous toute
        demain après hier aujourd'hui semaine prochain prochaine lundi mardi mercredi
        jeudi vendredi samedi dimanche"""
    ),
    "es": _words(
        """estoy usted siempre nunca solo sólo esto este esta eso también gracias hola
        usamos tenemos tengo pues"""
    ),
}
"""A chat's commonest words of those languages besides (adverbs, greetings, verbs, a few
more pronouns: "immer", "jetzt", "danke", "wohne", "ihm"; their time words, as English's
vote: "Je pars demain." was English, its "demain" left unresolved): they tell a sentence's
language (`language`), but a text may be about them or a change turn on them ("heißt
jetzt buche-db" is `memctl.models.restated`'s sign of a change), so they are no
`TOPIC_FREE` words."""
FUNCTION_WORDS: dict[str, frozenset[str]] = {
    ENGLISH: _COMMONEST_ENGLISH
    | _words(
        """i'm i've i'll i'd you're him us them its it's we're that's about as into don't
        didn't should just so if then there here all some any up out got get let's too
        very really yes yeah ok okay thanks please hi hello hey won't can't isn't aren't
        wasn't haven't hasn't doesn't we'll they're you'll he's she's there's what's gonna
        wanna lol u ur"""
    ),
    **{
        code: _CLOSED_CLASSES[code] | _UNGUESSED[code] | _CHAT_WORDS[code]
        for code in _CLOSED_CLASSES
    },
    "it": _words(
        """il lo gli la le un una è sono sei siamo io tu lui lei noi voi loro che di del
        della con per non ma molto sempre mai solo mio mia suo sua nostro questo questa
        anche ci ho abbiamo grazie ciao"""
    ),
    "pt": _words(
        """os um uma é são sou eu você ele ela nós eles que de do da dos das com para por
        não mas muito sempre nunca só meu minha seu sua nosso isso este esta também
        obrigado obrigada olá em na"""
    ),
    "nl": _words(
        """de het een en van niet ik wij jij je zijn op voor met dat ook maar altijd nooit
        alleen heb hebben heeft wordt worden naar bij uit hoe waar deze dit geen mijn onze
        jullie dank hallo graag"""
    ),
}
"""Each language's function words, as written in lower case: the one table `language`
and `language_of` read (for German, French and Spanish a part each: `_CLOSED_CLASSES`
both, `_UNGUESSED` only `language_of`, `_CHAT_WORDS` only `language`)."""
_OTHERS = {
    code: words - _UNGUESSED.get(code, frozenset()) - FUNCTION_WORDS[ENGLISH] - _BOTH
    for code, words in FUNCTION_WORDS.items()
    if code != ENGLISH
}
_ENGLISH_TIME = _words("yesterday today tonight tomorrow next last week weekend month year")
"""English's time words: a vote for English in `language` (a sentence naming someone
"Mai Le moved to Hanoi last week" is English), no function words of `language_of`."""
_ENGLISH_WORDS = (FUNCTION_WORDS[ENGLISH] | _ENGLISH_TIME) - _BOTH
_CAPITALISED_MID = frozenset({"sie", "ihr", "ihre", "ihren", "ihrem", "ihrer", "ihnen"})
"""German's polite "you", capitalised inside a sentence ("Können Sie mir helfen?"): the
one function word a language writes with a capital mid-sentence, so it still votes."""
_NAME_PARTICLE = re.compile(
    r"(?<=[^\W\d_]\s)(?:(?:de|la|le|del|della|da|di|do|dos|du|van)\s+)+(?=[A-ZÀ-ÖØ-Þ])"
)
"""A name's particles ("José de la Torre", "Ana de la Cruz"): a run of them after a word
and before a capital (`_particles_of_names` checks the word is a name). German's articles
between nouns ("die Liste der Teilnehmer") are not in it."""
_SENTENCE_OPENS = re.compile(r"(?:^|[.!?:;\"“(–-])\W*$")
"""What comes before a sentence's first word: nothing, or an end or a colon."""
_LANGUAGES_OF: dict[str, list[str]] = {}
"""Each function word of another language, and the languages it is one of."""
for _code, _listed in _OTHERS.items():
    for _word in _listed:
        _LANGUAGES_OF.setdefault(_word, []).append(_code)


@lru_cache(maxsize=4096)
def language(sentence: str) -> str:
    """The language `sentence` is most likely in: "zh", "ja" or "ko" when its CJK
    characters outnumber its Latin words (two at least), else the language whose
    function words outnumber the English ones in it, else English ("en"). Cached: a
    flush asks it of a sentence several times (as written, as read, as a fact's key).

    A sentence of a chat, for builtin's rules, which are English's: a word English
    writes too (`_BOTH`) counts for neither side, and one foreign word is not enough
    ("Los Angeles"). `language_of` reads a prompt or a query for its topic words."""
    # lower(), not casefold(): the lists write "heißt", which casefold makes "heisst".
    found = list(_LATIN_WORD.finditer(sentence))
    latin = [word[0].lower().replace("’", "'") for word in found]
    cjk_or_hangul, kana, hangul = _scripts()
    if cjk_or_hangul.search(sentence):
        cjk = len(cjk_or_hangul.findall(sentence))
        if cjk >= 2 and cjk >= len(latin):
            return "ko" if hangul.search(sentence) else "ja" if kana.search(sentence) else "zh"
    english = 0
    counts = dict.fromkeys(_OTHERS, 0)
    particles = dict.fromkeys(_OTHERS, 0)
    inside_names = _particles_of_names(sentence)
    for k, (word, match) in enumerate(zip(latin, found, strict=True)):
        english += word in _ENGLISH_WORDS
        if _named_inside(match, word, found[k - 1].end() if k else 0):
            # "Mai Le", "The De La Soul gig", "Dr Lui Ho": a name's part, no vote.
            continue
        votes = particles if match.start() in inside_names else counts
        for code in _LANGUAGES_OF.get(word, ()):
            votes[code] += 1
    if not english:
        # "Ana de la Cruz vive en Madrid": with no English word, the particles vote.
        for code, count in particles.items():
            counts[code] += count
    counts["de"] += len(_GERMAN_CONTRACTED.findall(sentence))
    best, hits = ENGLISH, english
    for code, count in counts.items():
        if count > hits:
            best, hits = code, count
    if hits < 2 and not _NOT_ENGLISH_LETTER.search(sentence):
        # One word is a name or a loan as often ("the van", "Los Angeles"): a second
        # word of the language, or its letters ("Teamleiter ist Jürgen Weiß"), tell.
        return ENGLISH
    return best


TOPIC_FREE = {
    code: frozenset(map(plain, words | _UNGUESSED[code])) for code, words in _CLOSED_CLASSES.items()
}
"""German's, French's and Spanish's function words that say nothing of a text's topic
(`_CLOSED_CLASSES`, `_UNGUESSED`), as `plain` writes them (recall's tokens): what
`language_of` tells a text's language by, and what `function_words` takes out of it."""


def language_of(text: str) -> str | None:
    """The language of `TOPIC_FREE` (German, French, Spanish) that `text` (a prompt, a
    query, the text `memctl explain` is given) reads as: the one of which it holds the
    most words, two at least and more than of English's commonest (lower case ASCII,
    as `plain` writes them); None for English or a text too short to tell.

    Not `language`, which guesses a chat sentence's language for builtin's English
    rules: here a text's words are read for its topic, as recall's tokens write them
    (`plain`), so a word English writes too counts for the other language when the rest
    of the text is in it ("das" and "was" of "was macht das Team"), and the answer for
    English is None, no list of function words to take out."""
    words = [plain(word) for word in _LATIN_WORD.findall(text)]
    english = sum(word in _COMMONEST_ENGLISH for word in words)
    best, most = None, max(1, english)
    for code, listed in TOPIC_FREE.items():
        count = sum(word in listed for word in words)
        if count > most:
            best, most = code, count
    return best


def function_words(text: str) -> frozenset[str]:
    """The function words of the language `text` reads as (`language_of`, as `plain`
    writes them), none for English: the words of it that tell nothing of its topic
    (audit 17 L4: "wer leitet das Team" was answered by "Das Wetter in Berlin war echt
    mies" on "das"). English's stop words are recall's and the fact rules' own."""
    code = language_of(text)
    return TOPIC_FREE[code] if code else frozenset()


CJK_FUNCTION = frozenset("是的了吗呢吧么啊呀嘛和与把被也很我你他她它们这那什怎哪谁")
"""Chinese function characters: the copula, particles, pronouns and the characters of
question words. A character pair holding one straddles a word boundary ("期是") or is a
function word ("我们", "什么")."""
CJK_QUESTION = frozenset(("时候", "多少", "几时", "如何", "哪里", "哪儿", "为何", "几点", "几号"))
"""Question words of two characters none of which is a function character ("什么时候":
"时候" asks when)."""


@lru_cache(maxsize=1)
def _cjk_run() -> re.Pattern[str]:
    """A run of Chinese and Japanese characters, compiled on first use, by a text that is
    not ASCII: the prompt hook reads every prompt's pairs, and compiling this class cost
    it about 2 ms (hook22), which an English prompt never needs."""
    return re.compile(f"[{CJK}]+")


def cjk_pairs(text: str) -> tuple[set[str], set[str]]:
    """The character pairs of `text`'s Chinese and Japanese runs as the word index reads
    them (a run of three characters or more as its pairs, a shorter one whole): those
    that may tell its topic, and those that do not (a pair holding a function
    character, CJK_FUNCTION, or a question word, CJK_QUESTION). "期是" of
    "截止日期是什么时候" is in "项目截止日期是3月10日" and not in "截止日期改到3月20日", and
    made the older line the only one the prompt hook gave (audit 17 H6)."""
    telling: set[str] = set()
    not_telling: set[str] = set()
    if text.isascii():
        return telling, not_telling
    for run in _cjk_run().findall(unicodedata.normalize("NFKC", text)):
        pairs = [run] if len(run) < 3 else [run[i : i + 2] for i in range(len(run) - 1)]
        for pair in pairs:
            told = pair in CJK_QUESTION or not CJK_FUNCTION.isdisjoint(pair)
            (not_telling if told else telling).add(pair)
    return telling, not_telling - telling


def _particles_of_names(sentence: str) -> frozenset[int]:
    """Where the particles of a name (`_NAME_PARTICLE`) start in `sentence`, between two
    capitalised words ("José de la Torre"): an English sentence naming someone so ("Ana
    de la Cruz moved to Porto last month") is no less English for them."""
    return frozenset(
        word.start()
        for run in _NAME_PARTICLE.finditer(sentence)
        if sentence[: run.start()].split()[-1][:1].isupper()
        for word in _LATIN_WORD.finditer(sentence, run.start(), run.end())
    )


def _named_inside(found: re.Match[str], word: str, after: int) -> bool:
    """Whether `found` is a capitalised function word inside a sentence ("Mai Le",
    "The De La Soul gig"): a part of a name, since another language writes its function
    words in lower case there too (save German's polite "Sie"). `after`: where the word
    before it ends (0 for the first): what opens a sentence is read from there only, not
    from the sentence's start for each word (quadratic: 3 CPU-s a 20,000-character
    "A-A-A-..." word)."""
    return (
        found[0][:1].isupper()
        and word not in _CAPITALISED_MID
        and not _SENTENCE_OPENS.search(found.string, after, found.start())
    )
