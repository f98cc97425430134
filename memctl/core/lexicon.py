"""Character ranges of the scripts and closed lists of words that more than one layer
reads: core's redaction, the models' readings of a language, the word index.

Each is named once here (every layer may import core) and each user composes what it
needs: the word index reads kana, ideographs and Hangul alike as runs with no space
inside, a stated secret's value stops at an ideograph, a Chinese name is two to four of
the common ideographs. The ranges are text for a character class (`f"[{KANA}{HAN}]"`),
so importing this module compiles nothing: `re` takes milliseconds to compile classes
this wide, and the prompt hook imports every user of them.
"""

from __future__ import annotations

KANA = "\u3040-\u30ff"
"""Hiragana and katakana."""
HAN_COMMON = "\u4e00-\u9fff"
"""The CJK Unified Ideographs block: the characters a Chinese name is written in."""
HAN = f"\u3400-\u4dbf{HAN_COMMON}\uf900-\ufaff"
"""The ideographs of the Basic Multilingual Plane: extension A, the unified block and the
compatibility ideographs."""
HAN_SUPPLEMENTARY = "\U00020000-\U0003ffff"
"""Unicode's Supplementary and Tertiary Ideographic Planes (2 and 3), which hold
ideographs only: extensions B to F and the compatibility supplement in plane 2, G and H
in plane 3 (𰻞, U+30EDE, of biángbiáng noodles)."""
HANGUL = "\uac00-\ud7af"
"""Korean syllables: written with spaces between words."""

NOW_WORDS = (
    # German
    "jetzt",
    "nun",
    "neuerdings",
    "mittlerweile",
    "inzwischen",
    "ab sofort",
    "ab jetzt",
    "seit kurzem",
    "künftig",
    "fortan",
    # French, Spanish, Italian, Portuguese, Dutch and the Nordic languages
    "maintenant",
    "désormais",
    "dorénavant",
    "ahora",
    "a partir de ahora",
    "desde ahora",
    "actualmente",
    "adesso",
    "ora",
    "d'ora in poi",
    "agora",
    "atualmente",
    "voortaan",
    "tegenwoordig",
    "nu",
    "numera",
)
"""Words of languages written with spaces, lower case, that say a value holds from now
on ("Der Build-Server heißt jetzt weißdorn-ci."): `models.restated` reads one as the
later fact's sign of a change, redaction lets one stand between a secret's name and its
value ("Das Passwort ist ab sofort …"). None that English writes as a word of its own
("à présent" is left out: "a present"); English's "now" is each user's own."""
NOW_CJK = ("现在", "目前", "如今", "今は")
"""The same in Chinese and Japanese, written without spaces."""

NOT_WORDS = (
    "inte längre",
    "inte",
    "ikke lenger",
    "ikke",
    "nicht mehr",
    "nicht",
    "niet meer",
    "niet",
    "już nie",
    "nie",
)
""""Not" and "no longer" of languages written with spaces (Swedish, Norwegian and Danish,
German, Dutch, Polish), lower case, as a clause opens with them to name the value that
no longer holds: "Hana bor i Leeds nu, inte längre i Graz", "Syn Grety chodzi teraz do
Riverside School, już nie do Oakfield Academy" (`models.supersede` reads them as
English's ", not A")."""
NOT_PLACED = ("i", "på", "hos", "im", "in", "bei", "bij", "op", "w", "we", "do", "na", "u", "z")
"""The prepositions of those languages that may come between such a "not" and the value
("inte längre i Graz", "już nie w Graz", "nicht mehr in Köln"): of the place, not of it."""
