"""Words: what two sayings of a fact share, read without the fact rules.

`content_words` (a sentence's words without stop words and chat filler) and `fact_words`
(the key by which consolidation folds two sayings into one fact, and by which a forget
holds a restatement back: `memctl.models.held`) live here, apart from `facts` and
`curate`, which import them: search and recall read a tombstone's words with them, and
`facts` takes a tenth of a second to import (its rules compile at load). `person` is the
one boundary of a pronoun the rules that name a speaker or a listener match with, and a
purge reads (`memctl.pipeline.forget`): a pronoun inside a token is no pronoun.
"""

from __future__ import annotations

import re


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


WORD = re.compile(r"[A-Za-z][\w'-]*|\d[\d,.:]*")

STOP = _words(
    """a an and are as at be been being but by for from i i'm i've i'll i'd in is it it's its
    of on or so that that's the this these those to was were will with you your you're
    my me we our us he she they them his her their there here what which who whom when
    where why how do does did done have has had not no yes just than then too very also
    can could would should might may must shall am if about into over after before up
    down out off again all any both each few more most other some such only own same
    s t don't didn't can't won't isn't wasn't aren't weren't i'd it'll let's since"""
)
FILLER = _words(
    """great awesome amazing cool wow love loved lovely happy glad sorry sounds sound fun
    nice really totally proud hear heard thanks thank lol haha hahaha yeah yep yes oh hope
    hoping wish good luck congrats congratulations true agree definitely exciting excited
    wonderful fantastic incredible beautiful super pretty much lot lots thing things stuff
    feel feels feeling think thought know knew mean means guess kind sort like well okay
    ok sure absolutely right exactly appreciate appreciated care bet inspiring sweet
    interesting cute adorable fine keep going doing hey hi hello bye later soon see wait
    try trying tell telling glad share sharing say saying said get getting got way ever
    even still always something anything everything nothing one time times day days
    today now gonna wanna oh ah aw awww hmm um uh tho though totally same story
    wonderful impressive cool neat hugs hug xoxo dear friend omg yay woo understood
    noted alright remember mind please thinking chat chatted talked spoke happening
    happened"""
)
SAID_ON = re.compile(r" ?\([^()]*?,? said \d{4}-\d\d-\d\d\)|,? said \d{4}-\d\d-\d\d")
"""The date note ledgers written before issue 25 put after a resolved date, "on
2023-05-07 (yesterday, said 2023-05-08)": a fact read from one is the fact written
today without it, "on 2023-05-07"."""


def content_words(text: str) -> list[str]:
    return [
        w
        for w in (m.casefold() for m in WORD.findall(text.replace("’", "'")))
        if w not in STOP and w not in FILLER and (len(w) > 1 or w.isdigit())
    ]


BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
PREFIX = re.compile(r"^(?P<name>[A-Z][\w'.-]*(?: [A-Z][\w'.-]*){0,2}): (?P<rest>.+)$")
# A note's label before a colon is no speaker: "Correction: Dana is in Porto, not Lisbon"
# is a fact of its own, not one Correction said (filed under "## Correction").
LABELS = _words(
    """Correction Corrected Update Updated Note NB FYI Fyi PS Edit Erratum Reminder Heads-up
    Todo TODO Decision Status Standup Change Changed Fix Fixed Reminder Context Background
    Notice Announcement Alert Important Urgent"""
)


def key(text: str) -> frozenset[str]:
    """The same content words in any order, said on any day, are the same fact. Chinese
    and Japanese, written without spaces, by their character pairs as well: read for
    its Latin words and numbers alone, "截止日期是3月10日。" was "发布日期是3月10日。"
    said again, and consolidation kept one of them (audit 17 H5)."""
    text = SAID_ON.sub("", text)
    words = frozenset(content_words(text))
    if not text.isascii():
        # Here, not at the top: `memctl.models.language` compiles its sentence rules as
        # it loads, which recall need not pay for a memory in English.
        from memctl.models.language import cjk_pairs

        telling, not_telling = cjk_pairs(text)
        words |= telling | not_telling
    return words or frozenset([text.casefold()])


_PRONOUNS = (
    "i|me|my|mine|myself|we|us|our|ours|you|your|"
    "yours|he|him|his|she|her|hers|they|them|their|theirs"
)
"""Personal pronouns: two joined by `/` or `-` ("him/me", "My/our team", a stutter
"I-I") are prose, not a token."""
_JOINED_AFTER = "|".join(rf"(?<=\b(?i:{word})[-/])" for word in _PRONOUNS.split("|"))
PERSON_BEFORE = rf"(?:(?<![\w/\\@~$#=])(?<!\w-)(?:(?<!\w[.:])|(?=(?-i:[A-Z])))|{_JOINED_AFTER})"
PERSON_AFTER = rf"(?:(?![\w/\\@=]|[-.:]\w)|(?=[-/](?i:{_PRONOUNS})(?![\w/\\@=]|[-.:]\w)))"


def person(pattern: str) -> str:
    """`pattern` (a pronoun, or a choice of them: "me", "I'm|my") as a regular expression
    matching it only as a word of prose, never inside a token: not glued to a letter or a
    digit, nor to a `/`, `\\`, `@`, `~`, `=`, nor joined by a `-`, `.` or `:` to a
    word ("blue-me-42", "me@example.com", "~/me/config.yaml", "I/O", "my-door-77",
    "github.com/acme/me-tools", "user=me"). Every rule that puts a name for a pronoun
    ("I" as the speaker, "my" as "Ben's", "you" as the listener) matches with it: an
    identifier is copied as written, or a purge of it as typed misses the copy (audit
    14 defect 1). A sentence's own stops and dashes still part words: "than me.", "me -
    and Ana", "me: yes". A capital after a `.` or `:` is a sentence's start after a
    missing space ("Berlin.My sister", "Friday.I will", "manager:I report"): domains and
    paths are written in lower case ("deploy.my.host", "lena.me"). Two pronouns joined by
    `/` or `-` are prose too ("him/me", "My/our team", "I-I work"), where "I/O" and
    "blue-me-42" are not (review 21 finding 6)."""
    return f"{PERSON_BEFORE}(?:{pattern}){PERSON_AFTER}"


ASIDE = (
    r"for the record|as a reminder|(?:just )?to be clear|for (?:reference|context)|"
    r"as (?:discussed|mentioned|noted)|fyi|btw|(?:just )?so (?:you|we) know"
)
"""The fixed asides that open a statement without scoping it ("For the record, the
staging DB is db3"): what follows is read as said plainly. One list for facts' lead-ins
and supersede's prefaces, so both read the same openings through (review 23 H5)."""
NEGATION = re.compile(r"\b(?:not|no|never|none|nobody|nothing|neither|nor|cannot)\b|n['’]t\b", re.I)
"""A negation, its "n't" with either apostrophe: `content_words` folds ’ to ' and drops
"isn’t" as it drops "isn't", so a negation missed here would leave "Staging isn’t on
db3." the same words as "Staging is on db3." (review34 F2)."""
NOT = "\0not"
"""How `fact_words` marks a negation: no word two sayings share."""
MARK = "\0"
"""How every mark `fact_words` adds to the words starts (`NOT`, `ORDERED`'s): a mark is
no word of the text (`plain`)."""
ORDERED = re.compile(
    r"\b(?:to|from|into|onto|than|over|before|after|by|instead of|rather than|versus|vs)\b|"
    + NEGATION.pattern,
    re.I,
)
"""The words that say which way a fact goes by the word they take: a negation ("owns
billing, not search"), a direction or a comparison ("reports to Bob", "from db3 to db7",
"faster than X"). The same words in another order are another fact when such a word
takes another one, and the same fact when only the order moved ("On db3, staging runs.")."""
_CLAUSE_END = re.compile(r"[,;:!?()]|\.(?!\w)|\s(?:and|but|or|while|whereas)\s", re.I)
_PASSIVE = re.compile(
    r"\b(?:is|are|was|were|be|been|being|gets?|got)\s+(?:\w+ly\s+)?"
    r"(?:\w+(?:ed|en|wn)|led|run|built|made|held|kept|set|sent|paid|bought|won|done|put|"
    r"told|taught|brought|found|cut|shut|read)\b",
    re.I,
)
"""A passive verb ("was moved", "is owned", "got approved"): the "by" after it in its
clause names the doer, who is the subject of the active wording ("The deadline was moved
to Friday by Dana." is "Dana moved the deadline to Friday."), so it takes no mark
(review34 F3)."""
SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")
"""Where a turn's sentences part: after a stop, or at a line break."""
DATE_NOTE = re.compile(r"\s*\((?:[A-Z][a-z]+ )?\d{4}(?: to (?:[A-Z][a-z]+ )?\d{4})?\)(?=[\s.!]*$)")
"""The date a flush or a consolidation puts at the end of a fact, in brackets: "(March
2026)" (a past event dated by the month its message was said), "(October 2026 to
November 2026)" (folded from sayings of several months). Words memctl added, which the
turn that said the fact never said."""


def undated(text: str) -> str:
    """A fact without the date note memctl added to it (`DATE_NOTE`): what its turn said,
    and what an echo of that turn repeats."""
    return DATE_NOTE.sub("", text)


def unbulleted(line: str) -> str:
    """A memory file's line as consolidation reads its fact: without its bullet ("- ",
    "1. "). Recall reads a hit's line the same way before `supersede` compares it."""
    return BULLET.sub("", line.strip()).strip()


def bare(text: str) -> str:
    """A fact's line without its bullet and a speaker's `Name: ` (a label's is kept)."""
    text = BULLET.sub("", text.strip())
    if (prefixed := PREFIX.match(text)) and prefixed["name"] not in LABELS:
        return prefixed["rest"]
    return text


def fact_words(text: str) -> frozenset[str]:
    """The key by which `merge` folds two sayings into one fact (the same content words
    in any order, said on any day: "now", "still" are no content), with a speaker's
    `Name: ` taken off, and a negation kept apart: "X is not Y" never says "X is Y". The
    word each negation, direction or comparison takes (`ORDERED`) is marked too: "Dana
    owns billing, not search" is not "Dana owns search, not billing", nor "Alice reports
    to Bob" "Bob reports to Alice", which a forget of one took out with it."""
    text = bare(text)
    words = key(text.rstrip(" .!;:,"))  # `2027-01-15.` is the word `2027-01-15`
    words |= taken_words(text)
    return words | {NOT} if NEGATION.search(text) else words


def taken_words(text: str) -> frozenset[str]:
    """A mark of each `ORDERED` word with the first content word it takes in its clause,
    `MARK` before `not:search`, `to:bob` (every form of a negation, "never", "n't", is
    `not`); a passive's "by" takes none (`_PASSIVE`)."""
    marks = set()
    for cue in ORDERED.finditer(text):
        if cue[0].casefold() == "by" and _PASSIVE.search(_clause_before(text, cue.start())):
            continue  # the doer of a passive (`_PASSIVE`)
        rest = text[cue.end() :]
        if end := _CLAUSE_END.search(rest):
            rest = rest[: end.start()]
        taken = content_words(rest)
        if taken:
            how = "not" if NEGATION.fullmatch(cue[0]) else " ".join(cue[0].casefold().split())
            marks.add(f"{MARK}{how}:{taken[0]}")
    return frozenset(marks)


def _clause_before(text: str, end: int) -> str:
    """The part of the clause ending at `end` that comes before it."""
    before = text[:end]
    starts = [found.end() for found in _CLAUSE_END.finditer(before)]
    return before[starts[-1] :] if starts else before


def plain(words: frozenset[str]) -> frozenset[str]:
    """`fact_words`'s words without its marks: the words the text holds."""
    return frozenset(word for word in words if not word.startswith(MARK))


def _kin(sex: str, text: str) -> dict[str, str]:
    return dict.fromkeys(text.split(), sex)


KIN: dict[str, str] = {
    **_kin(
        "she",
        """sister mother mom mum mama daughter wife girlfriend fiancee fiancée aunt auntie
        niece grandma grandmother gran granny nan nana granddaughter great-grandma
        great-grandmother great-granddaughter stepmom stepmum stepmother stepsister
        stepdaughter""",
    ),
    **_kin(
        "he",
        """brother father dad papa son husband boyfriend fiance fiancé uncle nephew grandpa
        grandfather grandad granddad grandson great-grandpa great-grandfather great-grandson stepdad
        stepfather stepbrother stepson""",
    ),
    **_kin(
        "",
        """sibling parent partner spouse kid child baby twin cousin grandparent grandkid
        grandchild great-grandparent great-grandkid great-grandchild stepkid friend
        roommate flatmate housemate relative family""",
    ),
}
"""The kin lexicon: the words for family, partners and the people one lives with, each
with the pronoun its sex takes ("she", "he", or "" for either). A closed class: the kin
rules of `facts`, `curate` and `supersede` are all built from it (`kin_words`,
`kin_pattern`)."""
CALLED_KIN = frozenset(
    [
        "mom",
        "mum",
        "mama",
        "dad",
        "papa",
        "grandma",
        "grandpa",
        "gran",
        "granny",
        "grandad",
        "nana",
        "auntie",
    ]
)
"""Kin words a speaker calls someone by as by a name ("Mom is visiting", "Grandma, how
are you"): someone's own, never kin said of anyone."""


def kin_plural(term: str) -> str:
    """The plural of a kin word: "children", "grandchildren", "babies", "sisters"."""
    if term.endswith("child"):
        return term + "ren"
    if term.endswith("y") and term[-2:-1] not in "aeiou":
        return term[:-1] + "ies"
    return term + "s"


def kin_words(sex: str | None = None, plural: bool = True) -> frozenset[str]:
    """The kin words (of one `sex`: "she", "he"; all when None), with their plurals."""
    terms = [term for term, of in KIN.items() if sex is None or of == sex]
    return frozenset(terms + [kin_plural(term) for term in terms] if plural else terms)


def kin_pattern(sex: str | None = None, plural: bool = True) -> str:
    """`kin_words` as a regular expression's alternation, the longest first (so that
    "grandmother" is not read as "grandma" then "ther"), a hyphen optional after a
    compound's first part, as people write it either way ("great-grandma" and
    "greatgrandma", "stepmom" and "step-mom")."""
    words = sorted(kin_words(sex, plural), key=lambda word: (-len(word), word))
    return "|".join(
        re.sub(r"^step(?=\w)", "step-?", re.escape(word).replace(r"\-", "-?")) for word in words
    )
