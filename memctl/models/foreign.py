"""What a sentence not in English states, for builtin's fact rules.

`memctl.models.language` gives a sentence its language; one not in English skips the
English rules of `memctl.models.facts` and is judged here (`states`), and written as
said. Apart from `language` because its rules are many patterns compiled at import, which
the prompt hook and recall, reading only the language tables, need not pay for.

What a sentence not in English states is read as the English rules read it, by
structure rather than topic, but with the signals each language has: a name stated
("Ich heiße Jürgen", "我叫王小明"), an order to remember ("Merk dir", "记住",
"retiens"), a rule or a preference ("nur", "immer", "只", "一定", "toujours"), a
decision, a value (a digit, an address, a path, a host, a version, a tool's name in
lower case or in Latin letters inside Chinese), a relation ("meine Schwester", "我老板"),
a time ahead ("nächste Woche", "下个月"), a name inside the sentence (a capital word not
first, except in German, which capitalises every noun: there a capital right after a
preposition, "in Leipzig", "bei Zalando"), or a statement of
what something is or is called ("Teamleiter ist Jürgen Weiß", "王小明是我们的项目经理")
whose predicate names or counts something ("Das Essen war furchtbar" names nothing).
Greetings, thanks, reactions, wishes, questions and orders for the session are dropped,
as the English rules drop them.
"""

from __future__ import annotations

import re

from memctl.core.lexicon import HAN_COMMON, HANGUL
from memctl.models.language import CJK, ENGLISH, language


def _any(*alternatives: str) -> str:
    return "|".join(alternatives)


_CAP = r"[A-ZÀ-ÖØ-ÞĀ-Ž]"
_NAME_LATIN = rf"(?P<name>{_CAP}[\w'-]+(?:\s+{_CAP}[\w'-]+)?)"
_NAME_CJK = rf"(?P<cjk>[{HAN_COMMON}]{{2,4}})(?=[，,。.！!、\s]|$)"
_NAMED = re.compile(
    r"(?:^|(?<=[\s,;:，：]))(?i:ich heiße|ich heisse|mein name ist|je m'appelle|je m’appelle|"
    r"mon nom est|me llamo|mi nombre es|mi chiamo|il mio nome è|me chamo|meu nome é|"
    r"chamo-me|ik heet|mijn naam is)\s+" + _NAME_LATIN + r"|(?:我叫|我的名字是|我名叫)" + _NAME_CJK
)
"""The speaker stating their name ("Ich heiße Jürgen", "我叫王小明，"); a Chinese name
only where punctuation or the end bounds it (two to four characters)."""


def name_stated(sentence: str) -> str | None:
    """The name the speaker gives as theirs in `sentence`, None when it states none."""
    match = _NAMED.search(sentence)
    return (match["name"] or match["cjk"]) if match else None


_REMEMBER = re.compile(
    r"(?i:\b(?:"
    + _any(
        r"merke? dir",
        r"merkt euch",
        r"merken sie sich",
        r"denke? (?:dran|daran)",
        r"nicht vergessen",
        r"vergiss nicht",
        r"wichtig\s*:",
        r"halte? fest",
        r"retiens",
        r"retenez",
        r"rappelle-toi",
        r"souviens-toi",
        r"souvenez-vous",
        r"n['’]oublie(?:z)? pas",
        r"à retenir",
        r"recuerd[ae]",
        r"acuérdate",
        r"no (?:te )?olvides",
        r"ten en cuenta",
        r"importante\s*:",
        r"ricorda(?:ti)?",
        r"non dimenticare",
        r"tieni presente",
        r"lembr[ae](?:-se)?",
        r"não (?:se )?esqueça",
        r"onthoud",
        r"vergeet niet",
    )
    + r"))|记住|记得|别忘|不要忘|务必|覚えて|忘れないで"
)
"""An order to remember, in the languages `language` tells (the English "remember" is
the English rules')."""
_RULE = re.compile(
    r"(?i:\b(?:"
    + _any(
        # German
        r"immer|nie|niemals|nur|ausschließlich|stets|grundsätzlich|jeden",
        r"muss|müssen|musst|soll|sollen|sollte|darf|dürfen|verboten|regel\w*",
        r"bevorzug\w*|entschieden|beschlossen|vereinbart|festgelegt",
        r"nutzen|nutze|verwenden|verwende|benutzen|benutze|deployen",
        # French
        r"toujours|jamais|seulement|uniquement|il faut|doi[st]|doivent|devons|préfèr\w*",
        r"préfér\w*|utilis\w*|décid\w*|convenu|règle|interdit",
        # Spanish, Italian, Portuguese
        r"siempre|nunca|solo|sólo|solamente|hay que|deb[eo]\w*|tenemos que|prefer\w*",
        r"usamos|utiliz\w*|decid\w*|acordad\w*|regla|prohibido|sempre|mai|soltanto",
        r"bisogna|dobbiamo|usiamo|deciso|regola|vietato|só|somente|apenas|temos que",
        r"regra|proibido",
        # Dutch
        r"altijd|nooit|alleen|moet\w*|gebruik\w*|besloten|afgesproken|liever",
    )
    + r")\b)|只|一定|不要|必须|总是|从不|永远|每次|每天|每周|决定|偏好|喜欢|使用|截止|不能|禁止|"
    r"务必|应该|规定|不准|别(?!人)|いつも|必ず|決して|だけ|決め"
)
"""A rule, a preference, a choice or a decision: what is done always, never or only,
what must be, what is used or preferred, what was decided."""
_VALUE = re.compile(
    r"\d|[$€£¥%]|\S@\S+\.\w|https?://|(?:^|\s)[~.]?/\w|\b[A-Za-z]:\\|`"
    r"|\b[\w-]{2,}\.(?:com|org|net|io|dev|de|cn|fr|es|it|nl|at|ch|eu|uk|local|internal|"
    r"py|md|js|ts|toml|json|ya?ml|txt|sh)\b"
    r"|\b[a-z]+_[a-z\d_]+\b|\b[a-z]+[A-Z]\w*"
    r"|[一二三四五六七八九十百千万两]+[个次天周月年点号人台位块元岁层楼]"
    r"|(?:周|星期|礼拜)[一二三四五六日天]"
)
"""A value: a number (in Chinese too, "三个"), money, an address, a URL, a path, a
host or a file, code, an identifier, a weekday in Chinese."""
_RELATION = re.compile(
    r"(?i:\b(?:"
    + _any(
        r"(?:frau|mann|freundin|freund|tochter|sohn|kinder|schwester|bruder|mutter|vater|"
        r"mama|papa|oma|opa|chef|chefin|kollegin|kollege|hund|katze)",
        r"allergisch|vegetarier\w*|veganer\w*",
        r"(?:ma|mon|notre) (?:femme|mari|fille|fils|sœur|frère|mère|père|chef|cheffe|chien|chat)",
        r"allergique|végétarien\w*",
        r"(?:mi|nuestr[oa]) (?:esposa|mujer|marido|hija|hijo|hermana|hermano|madre|padre|jefe|"
        r"jefa|perro|gato)",
        r"alérgic[oa]|vegetarian[oa]",
    )
    + r")\b)|女儿|儿子|妻子|老婆|老公|丈夫|妈妈|爸爸|母亲|父亲|哥哥|姐姐|弟弟|妹妹|孩子|同事|老板|领导|"
    r"过敏|素食"
)
"""Kin, the people one works with, a pet, a diet or an allergy: a durable relation, as
the English rules read "my sister", "my boss", "allergic"."""
_AHEAD = re.compile(
    r"(?i:\b(?:nächste[nrs]?|kommende[nrs]?|la semaine prochaine|le mois prochain|"
    r"la próxima|el próximo|la prossima|il prossimo)\b)"
    r"|下个?月|下周|下星期|明天|明年|后天|上周|上个?月|去年|昨天"
)
"""A time said relative to the day it is said ("nächste Woche", "下个月"): a plan or an
event, dated as the English rules date "next month"."""
_LOWER_IDENTIFIER = re.compile(r"(?<![\w-])[a-zäöüß\d]+-[a-z\d]+(?![\w-])")
"""A name in lower case with a hyphen ("bärlauch-ci"): a host or a tool in German or
Dutch, whose own words with a hyphen are capitalised nouns ("Build-Server"); in French
("peut-être") and Spanish it is a word."""
_GERMAN_NAME = re.compile(
    r"\b(?:in|nach|aus|bei|mit|von|für)\s+(?!(?:Hause|Zukunft|Ruhe|Bedarf|Ende|Anfang|"
    r"Ordnung|Zeit|Eile|Frieden|Urlaub|Arbeit|Freunden|Kollegen|Leuten|Kindern|Menschen)\b)"
    r"[A-ZÄÖÜ][\w-]+"
)
"""A capitalised word right after a preposition, with no article: a place or a name in
German ("wohnt in Leipzig", "bei Zalando"), where a noun takes its article ("in der
Kantine"); the nouns said without one are left out ("nach Hause", "in Ordnung")."""
_LATIN_IN_CJK = re.compile(r"[A-Za-z][\w.@/-]*")
_NOT_A_NAME_IN_CJK = frozenset(
    ["ok", "okay", "haha", "hh", "lol", "ha", "hi", "hello", "bye", "thx", "xd"]
)
_NAMING = re.compile(
    r"(?i:\b(?:heißt|heißen|heisst|nennt sich|s['’]appelle(?:nt)?|se llaman?|si chiama(?:no)?|"
    r"chama-se|heet|heten)\b)|叫|名叫|称为"
)
"""A verb of naming ("Der Build-Server heißt bärlauch-ci"): what it names is a fact."""
_COPULAS = {
    "de": "ist|sind|war|waren|wird|werden|bleibt|bin|bist|seid",
    "fr": "est|sont|était|étaient|sera",
    "es": "es|son|era|eran|será|está|están",
    "it": "è|sono|era|erano|sarà",
    "pt": "é|são|era|eram|será|está",
    "nl": "is|zijn|was|waren|wordt|blijft",
}
_COPULA = {code: re.compile(rf"\s(?i:{verbs})\s(?=\S)") for code, verbs in _COPULAS.items()}
"""The verb "to be" of each language `language` tells, as what says what a subject is."""
_PRONOUN_SUBJECT = re.compile(
    r"^(?i:das|es|dies|dieses|das hier|er|sie|du|ihr|man|alles|c['’]|ce|ça|cela|il|elle|"
    r"on|tout|esto|eso|ello|él|ella|todo|questo|quello|lui|lei|tutto|isso|isto|ele|ela|tudo|"
    r"dat|het|hij|zij|alles)$"
)
"""A subject that names nothing ("Das ist eine gute Idee", "C'est génial"): what it is
judged to be is the moment's opinion."""
_TIME_WORD = re.compile(
    r"(?i:\b(?:morgen|übermorgen|nächste[nr]?|demain|après-demain|prochaine?|mañana|"
    r"próxim[oa]|domani|prossim[oa]|amanhã|volgende)\b)"
)
_ZH_COPULA = re.compile(r"(?P<subject>[^，,。！？!?]*?)是(?!说|吗|不是)(?P<rest>[^。！？!?]+)")
_ZH_WHERE = re.compile(r"(?P<subject>[^，,。！？!?]*?)在(?P<rest>[^。！？!?]+)")
_ZH_PERSON = re.compile(r"(?:我|你|您|他|她|它|我们|你们|他们|她们|大家|正|还|也|都|就)$")
"""A subject before 在 that is a person: 在 is then "doing now" ("我在吃饭"), not where a
thing is ("服务器在阿里云上")."""
_ZH_NO_SUBJECT = re.compile(r"(?:这|那|这个|那个|它|这样|那样|就|也|还|真|不|都|可|但|而|要|只)$")
_ZH_JUDGED = re.compile(r"^(?:个|一个)?(?:好|很好|太好|不错|真的|对的|我的错|应该的|啊|呀)")
_QUESTION_CJK = re.compile(r"[？?]|[吗呢][。！!]*$|什么|谁|哪|怎么|为什么|多少|是否|几点|か[。]?$")
_QUESTION_WORD = re.compile(
    r"^[¿]|^(?i:(?:wer|was|wann|wo|wie|warum|wieso|weshalb|welche\w*|woher|wohin|qui|quoi|"
    r"quand|où|comment|pourquoi|quel\w*|qué|quién|cuándo|dónde|cómo|cuál|chi|cosa|quando|dove|"
    r"come|perché|quale|quem|onde|como|qual|wat|wanneer|waar|hoe|waarom|welke)\s+[\w'’-]+"
    r"(?![\w'’-]*\s*[,:;])"
    r"|(?:kannst|kann|könnt|könntest|hast|habt|bist|seid|ist|sind|gibt|weißt|wisst|soll|"
    r"sollen|möchtest|willst|würdest|darf|est-ce|peux-tu|pouvez-vous|puedes|puede|podrías|"
    r"puoi|può|pode|podes|kun|kan|heb|ben)\s+(?:du|ihr|sie|es|man|ich|wir|je|tu|vous|"
    r"usted|jij|je|u)\b)"
)
"""A question by its opening word ("Wie heißt der Drucker", "Kannst du ..."), its mark
often dropped in chat; not "Wie besprochen:", an opening word set off by a comma or a
colon after one more."""
_OPENER = re.compile(
    r"^[¡¿]?(?i:(?:hallo|hi|hey|moin|servus|tschüss|ciao|danke(?:schön| sehr)?|vielen dank|"
    r"merci(?: beaucoup)?|gracias|grazie|obrigad[oa]|bedankt|bonjour|salut|coucou|hola|olá|"
    r"super|toll|cool|klasse|prima|genial|wow|oh|ach|haha+|hehe|lol|okay|ok|alles klar|"
    r"verstanden|notiert|gut|schön|stimmt|genau|klar|ja|nein|d['’]accord|oui|non|vale|"
    r"claro|sí|perfekt|parfait|perfecto|perfetto|entendido|compris|noté|capito|entendi|oké|"
    r"schade)\b[\s,.!:;–—-]*)+"
    r"|^(?:(?:你好|您好|大家好|早上好|早安|晚安|晚上好|下午好|谢谢|多谢|感谢|再见|拜拜|好的|好吧|"
    r"好呀|哈哈+|嗯+|哇|太好了|太棒了|不错|辛苦了|没问题|不客气|明白了?|收到|了解|是的|对|可以|行)"
    r"(?:[\s，,。.！!：:～~]+|$))+"
)
"""A greeting, thanks, a reaction or an acknowledgement opening a sentence: taken off,
the rest (if any) is judged ("OK, wir deployen nur dienstags")."""
_ACKNOWLEDGED = re.compile(
    r"^(?i:verstanden|notiert|alles klar|ok|okay|danke|compris|noté|entendido|anotado|"
    r"capito|entendi|d['’]accord|vale)\b|^(?:好的|收到|明白|了解|谢谢)"
)
"""An assistant's acknowledgement ("Verstanden, Build-Server ist jetzt ...", "好的，我记住了"):
what it repeats the user said, and the user's words were kept."""
_WISH = re.compile(
    r"^(?i:viel (?:erfolg|glück|spaß)|gute besserung|alles gute|herzlichen glückwunsch|"
    r"frohe|schöne[ns]?|gute nacht|guten (?:morgen|tag|abend|appetit)|bis (?:später|bald|"
    r"morgen|dann|gleich)|bonne|bon courage|bonnes|félicitations|buena suerte|suerte|"
    r"feliz|felices|que te vaya|buon|buona|auguri|boa sorte|parabéns|veel succes|succes|"
    r"fijne|prettige|(?:liebe|viele|herzliche|beste|schöne) grüße|grüße|"
    r"(?:ich )?hab(?:e)? dich (?:lieb|gern)|ich liebe dich|bisous|gros bisous|besos|"
    r"un abrazo|abrazos|baci|un abbraccio)|^(?:祝|希望你|愿你|加油|恭喜)"
)
"""A wish, a greeting or a goodbye ("Viel Erfolg beim Meeting morgen!", "Liebe Grüße aus
Berlin!", "Hab dich lieb, Papa."): it tells nothing of anyone."""
_CLOSING_VOCATIVE = re.compile(rf",\s*{_CAP}[\w'-]*\s*[.!…]*\s*$")
"""A name called at the close ("El concierto fue increíble, María."): who is spoken to,
not a name the sentence tells of."""
_ONLY_JUDGED = re.compile(
    r"^(?i:der|die|das)\s+\S+(?:\s+\S+)?$",
)
"""A German subject with its article ("Der Film", "Das Konzert gestern"): what is said of
it as an article and one noun ("war ein Traum", "war der Hammer") only judges it."""
_JUDGING_NOUN = re.compile(r"^\s*(?i:ein|eine|der|die|das)\s+[A-ZÄÖÜ][\wäöüß]*[\s.!…]*$")
_ORDER = re.compile(
    r"^(?i:bitte|s['’]il (?:te|vous) plaît|por favor|per favore|por favor|alsjeblieft)\b"
    r"|^请(?!记住)"
)
"""An order for the session ("Bitte behebe den fehlgeschlagenen Test."): kept only as a
rule ("Bitte immer ruff laufen lassen")."""
_LEAD_IN = re.compile(r"^(?P<lead>[^:：]{1,40})[:：]\s*(?P<rest>.*)$")
"""A short lead-in before a colon ("Kurz zum Setup:", "Zwei Updates vom Partner:")."""
_MONTH_NAMES = (  # a month's name or its short form (`_MONTH`)
    r"(?i:jan(?:uar|uary|vier|uari)?|jänner|feb(?:ruar|ruary|ruari)?|feber|février|märz|"
    r"maerz|mär|mar(?:ch|s|zo)?|maart|apr(?:il|ile)?|avril|abril|mai|may|mayo|maggio|mei|"
    r"jun[ie]?|juin|junio|giugno|jul[iy]?|juillet|julio|luglio|aug(?:ust|ustus)?|août|"
    r"agosto|sep(?:t|tember|tembre|tiembre)?|setiembre|settembre|okt(?:ober)?|oct(?:ober|"
    r"obre|ubre)?|ottobre|nov(?:ember|embre|iembre)?|dez(?:ember)?|dec(?:ember)?|décembre|"
    r"diciembre|dicembre|enero|febrero|gennaio|febbraio)\b"
)
_LIST_MARKER = re.compile(
    r"^(?:[-*•–]|\(?\d{1,2}\)|\d{1,2}\.(?!\s*(?:\d|" + _MONTH_NAMES + r")))\s+"
)
"""A list item's marker ("- ", "2) ", "3. "), not a date's day ("3. April")."""
_CLOSED = re.compile(r"[.!?。！？…]$")


def states(sentence: str, code: str, acknowledging: bool = False) -> str:
    """What of `sentence` (in the language `code`, not English) states something to
    keep: the sentence with an opening greeting, reaction or short lead-in taken off,
    or "" when nothing of it does. `acknowledging`: said by the AI assistant, whose
    acknowledged restatement of what the user said is dropped."""
    sentence = _LIST_MARKER.sub("", sentence.strip(), count=1)
    if acknowledging and _ACKNOWLEDGED.match(sentence):
        return ""
    if _WISH.match(sentence):
        return ""
    rest = _OPENER.sub("", sentence, count=1).strip()
    if rest != sentence and len(rest.split()) < 3 and not _VALUE.search(rest):
        return ""  # "¡Gracias a Dios!", "Danke dir!": the opener's own phrase
    lead = _LEAD_IN.match(rest)
    if lead and not _REMEMBER.search(lead["lead"]) and len(lead["lead"].split()) <= 4:
        told = lead["rest"].strip()
        if not told:
            return ""  # a lead-in alone ("Außerdem:", "Zwei Updates vom Partner:")
        if len(told.split()) >= 3:
            # "Kurz zum Setup: wir nutzen uv, nicht pip": the statement after it.
            rest = told
        elif _VALUE.search(told) or any(word[:1].isupper() for word in told.split()):
            # "Deadline: 3. April", "Teamleiter: Jürgen Weiß": a labelled value.
            return rest
    if not rest or not _states(rest, code):
        return ""
    return rest if rest == sentence else rest[:1].upper() + rest[1:]


def _states(sentence: str, code: str) -> bool:
    """Whether `sentence` (no opener, no lead-in) states something to keep."""
    sentence = _CLOSING_VOCATIVE.sub("", sentence)
    cjk = code in ("zh", "ja", "ko")
    remember = _REMEMBER.search(sentence)
    if remember or name_stated(sentence):
        return True
    if sentence.rstrip().endswith(("?", "？")) or (
        _QUESTION_CJK.search(sentence) if cjk else _QUESTION_WORD.match(sentence)
    ):
        return False
    ruled = bool(_RULE.search(sentence))
    if _ORDER.match(sentence):
        return ruled
    if ruled or _VALUE.search(sentence) or _NAMING.search(sentence):
        return True
    if _RELATION.search(sentence) or _AHEAD.search(sentence):
        return True
    if cjk:
        return _named_in_cjk(sentence) or _zh_identity(sentence) or _zh_where(sentence)
    if code in ("de", "nl") and _LOWER_IDENTIFIER.search(sentence):
        return True
    if code == "de" and _GERMAN_NAME.search(sentence):
        return True
    words = sentence.split()
    if code != "de" and any(word[:1].isupper() for word in words[1:]):
        return True  # a name inside the sentence ("Notre cheffe est Marie")
    return _identity(sentence, code)


def _named_in_cjk(sentence: str) -> bool:
    """Whether a Chinese or Japanese sentence names something in Latin letters ("提交前
    运行ruff", "部署在Kubernetes上"): a tool, a product, a name."""
    return any(
        word.casefold() not in _NOT_A_NAME_IN_CJK for word in _LATIN_IN_CJK.findall(sentence)
    )


def _zh_identity(sentence: str) -> bool:
    """Whether a Chinese sentence says what someone or something is ("王小明是我们的项目经理"):
    a subject that names something before 是, and no judgement after it ("这是个好主意")."""
    match = _ZH_COPULA.search(sentence)
    if not match:
        return False
    subject = match["subject"].strip()
    return (
        bool(subject) and not _ZH_NO_SUBJECT.search(subject) and not _ZH_JUDGED.match(match["rest"])
    )


def _zh_where(sentence: str) -> bool:
    """Whether a Chinese sentence says where a thing is ("我们的服务器在阿里云上")."""
    match = _ZH_WHERE.search(sentence)
    subject = match["subject"].strip() if match else ""
    return bool(subject) and not _ZH_PERSON.search(subject) and not _ZH_NO_SUBJECT.search(subject)


def _identity(sentence: str, code: str) -> bool:
    """Whether a Latin-script sentence says what a named subject is, its predicate
    naming or dating something: a capitalised word after the verb in German
    ("Teamleiter ist Jürgen Weiß", "Ich bin Vegetarierin"), a day ahead ("Der Termin ist
    morgen"). A subject that names nothing ("Das ist eine gute Idee") or a predicate
    that only judges ("Das Essen war heute wieder furchtbar", "Der Film war ein Traum")
    states no fact."""
    copula = _COPULA.get(code)
    verb = copula.search(f" {sentence} ") if copula else None
    if not verb:
        return False
    subject = sentence[: max(0, verb.start() - 1)].strip(" ,")
    predicate = sentence[verb.end() - 1 :]
    if not subject or _PRONOUN_SUBJECT.match(subject):
        return False
    if _TIME_WORD.search(predicate):
        return True
    if _ONLY_JUDGED.match(subject) and _JUDGING_NOUN.match(predicate):
        return False  # "Der Film war ein Traum", "Das Konzert gestern war der Hammer"
    return code == "de" and any(word[:1].isupper() for word in predicate.split())


def closed(sentence: str, code: str) -> str:
    """`sentence` with its full stop, in its script ("。" for Chinese and Japanese)."""
    if _CLOSED.search(sentence):
        return sentence
    return sentence + ("。" if code in ("zh", "ja") else ".")


_FIRST_PERSON = re.compile(
    r"(?i:\b(?:ich|mich|mir|mein\w*|je|j['’]|moi|mon|ma|mes|yo|mi|mis|me|io|mio|mia|eu|meu|"
    r"minha|ik|mijn)\b)|我(?!们)|私"
)
"""The speaker as one person ("ich", "je", "我" but not "我们"): a sentence of an
unnamed user's that says it is theirs is written after "The user: "."""


def first_person(sentence: str) -> bool:
    """Whether `sentence` speaks of its speaker alone."""
    return bool(_FIRST_PERSON.search(sentence))


def rule_said(fact: str) -> bool:
    """Whether `fact` is a rule, a decision or an order to remember in a language not
    English ("Wir deployen nur dienstags", "记住：我们只在周二部署"): the flush budget
    (`memctl.models.salience`) never cuts one, as it never cuts an English rule."""
    return language(fact) != ENGLISH and bool(_REMEMBER.search(fact) or _RULE.search(fact))


_MONTH = re.compile(_MONTH_NAMES)
"""A month's name or its short form, in the languages `language` tells."""
_DAY_DOT = re.compile(r"(?:^|[\s(])\d{1,2}\.$")
_DAY_MONTH_DOT = re.compile(r"(?:^|[\s(])(?:0?[1-9]|[12]\d|3[01])\.(?:0?[1-9]|1[0-2])\.$")
_ABBREVIATED = re.compile(
    r"(?:^|[\s(])(?:[zZ]\.\s?B|[dD]\.\s?h|[uU]\.\s?a|[uU]\.\s?U|[zZ]\.\s?T|[oO]\.\s?ä|bzw|ca|"
    r"Nr|usw|evtl|ggf|bspw|inkl|vgl|Str)\.$"
)
_ABBREVIATION_OPENED = re.compile(r"(?:^|[\s(])[zZdDuUoO]\.$")
_ABBREVIATION_CLOSED = re.compile(r"[BhaUTä]\.(?:\s|$)")


def continues(before: str, after: str) -> bool:
    """Whether the full stop ending `before` is no sentence's end, `after` going on
    with the same sentence: an ordinal date ("bis zum 15." / "März.", "am 3." / "April
    2027"), a day and month with no year before a lower case word, a number or a short
    rest ("hat am 3.12." / "Geburtstag."), or a German abbreviation ("z.B.", "d.h.",
    "z. B.", "bzw.", "ca.", "Nr.")."""
    if _DAY_DOT.search(before):
        return bool(_MONTH.match(after) or after[:1].isdigit())
    if _DAY_MONTH_DOT.search(before):
        return after[:1].islower() or after[:1].isdigit() or len(after.split()) <= 2
    return bool(
        _ABBREVIATED.search(before)
        or (_ABBREVIATION_OPENED.search(before) and _ABBREVIATION_CLOSED.match(after))
    )


_CJK_RUN = re.compile(f"[{CJK}{HANGUL}]+")
_NEGATED = re.compile(
    r"(?i:\b(?:nicht|kein\w*|nie|niemals|ne|pas|jamais|nunca|non|mai|não|niet|geen|nooit)\b)"
    r"|[不没别]"
)


def told_apart(fact: str) -> frozenset[str]:
    """What tells a fact not in English from another beyond its Latin words (the
    English rules' `content_words`): its runs of CJK characters ("Jürgen: 王小明是项目经理。"
    is not "Jürgen: 我们只在周二部署。"), and "not" when it is negated ("Wir deployen
    nicht dienstags" is not "Wir deployen nur dienstags" said again). Nothing for an
    English fact."""
    if language(fact) == ENGLISH:
        return frozenset()
    runs = frozenset(_CJK_RUN.findall(fact))
    return runs | {"not"} if _NEGATED.search(fact) else runs


_GERMAN_IRREGULAR = {
    "bin": "ist",
    "habe": "hat",
    "hab": "hat",
    "muss": "muss",
    "kann": "kann",
    "will": "will",
    "weiß": "weiß",
    "weiss": "weiss",
    "darf": "darf",
    "soll": "soll",
    "mag": "mag",
    "möchte": "möchte",
    "werde": "wird",
    "tue": "tut",
}
"""German verbs whose third person the ending rule does not give ("ich bin": "ist"; the
modals, whose third person is their first)."""
_GERMAN_STRONG = re.compile(
    r"(?:fahr|trag|schlag|lad|grab|wachs|wasch|fall|halt|lass|lauf|stoß|schlaf|brat|rat|"
    r"fang|sprech|brech|treff|helf|werf|sterb|werb|gelt|nehm|geb|ess|fress|mess|vergess|sauf|"
    r"seh|les|stehl|empfehl|befehl|tret|erschreck|schmelz|gebär|flecht|fecht|blas|hau|"
    r"stech|verderb|berg|schwell|quell|dresch|schelt)e$"
)
"""A first person of a German verb whose stem changes its vowel in the third person
("fahre": "fährt", "spreche": "spricht", "gebe": "gibt", "lese": "liest"): the ending
rule would write "fahrt", so the sentence stays in the first person. Read as the end
of the word, so a prefixed one ("vergebe", "verlasse") is one too; a regular verb that
ends so ("presse") stays in the first person too, which is safe."""
_GERMAN_NOT_A_VERB = frozenset(
    (
        *("alleine", "gerne", "gerade", "heute", "wieder", "bitte", "danke", "ohne"),
        *("eine", "keine", "meine", "deine", "seine", "beide", "selbe", "selber"),
        *("diese", "jene", "jede", "viele", "alle"),
    )
)
"""Words ending in "-e" after "Ich" or "und" that are no verb ("Ich alleine", "und eine
Katze")."""
_GERMAN_PAST_OR_WISH = frozenset(
    ("wurde", "würde", "wäre", "käme", "ginge", "bliebe", "gäbe", "läge", "sähe", "stünde")
)
_GERMAN_PRESENT_TE = frozenset(
    (
        *("arbeite", "warte", "erwarte", "teste", "starte", "leite", "richte", "achte"),
        *("beachte", "betrachte", "beobachte", "antworte", "biete", "bereite", "begleite"),
        *("miete", "vermiete", "bewerte", "verwalte", "gestalte", "schalte", "fürchte"),
        *("berichte",),
    )
)
"""A first person ending in "-te" is a past or a wish ("machte", "wollte", "hätte",
whose third person is the same word) but for a verb whose stem ends in "t": these,
the commonest, are read as a present ("arbeite": "arbeitet"); any other "-te" keeps
"Ich". "-de" and "-re" are a present but for "wurde", "würde" and the wishes of
`_GERMAN_PAST_OR_WISH`."""
_FIRST_PERSON_DE = re.compile(r"(?i:\b(?:ich|mich|mir|mein\w*|uns|unser\w*|wir)\b)")
_SECOND_VERB_DE = re.compile(r"(?i:\b(?:und|oder|aber|sondern|dann|doch)\s+(?P<verb>[a-zäöüß]+)\b)")


def german_third_person(sentence: str, name: str) -> str | None:
    """`sentence`, a German one opening "Ich" and its verb, with `name` for "Ich" and the
    verb in its third person ("Ich bevorzuge Antworten auf Deutsch": "Jürgen bevorzugt
    Antworten auf Deutsch"), as the English rules write "I prefer" as "Jürgen prefers";
    None where the form is not certain, and the sentence is then kept as said: a verb
    whose stem changes ("Ich fahre": "fährt", `_GERMAN_STRONG`) or one of "-eln"
    ("sammle": "sammelt"), a second verb of the same "ich" ("und wohne in Köln"), or
    another word of the speaker ("mich", "mein", "wir"), which a rewrite would leave
    pointing at no one ("Jürgen freut mich"). A mangled sentence is worse than "Ich"."""
    match = re.match(r"Ich\s+(?P<verb>[a-zäöüß]+)\b", sentence)
    if not match or name_stated(sentence):
        return None
    verb = match["verb"]
    if verb in ("heiße", "heisse"):
        return None  # naming oneself: "The user's name is ..." says it
    third = _GERMAN_IRREGULAR.get(verb) or _regular_third_person(verb)
    rest = sentence[match.end() :]
    if third is None or _FIRST_PERSON_DE.search(rest):
        return None
    for joined in _SECOND_VERB_DE.finditer(rest):
        said = joined["verb"]
        if said in _GERMAN_IRREGULAR or (said.endswith("e") and said not in _GERMAN_NOT_A_VERB):
            return None
    return f"{name} {third}{rest}"


def _regular_third_person(verb: str) -> str | None:
    """The third person of a regular German verb's first person ("bevorzuge":
    "bevorzugt", "arbeite": "arbeitet", "rechne": "rechnet", "heiße": "heißt"); None for
    one whose form the rule does not know (`_GERMAN_STRONG`, "-le" of "-eln", a word
    that is no verb)."""
    if not verb.endswith("e") or len(verb) < 4 or verb in _GERMAN_NOT_A_VERB:
        return None
    if verb in _GERMAN_PAST_OR_WISH or (verb.endswith("te") and verb not in _GERMAN_PRESENT_TE):
        return None  # "machte", "wollte", "arbeitete", "würde": a past or a wish
    if _GERMAN_STRONG.search(verb) or re.search(r"[bcdfgkmnpstvwxzß]le$", verb):
        return None
    stem = verb[:-1]
    if stem.endswith(("t", "d")) or _CONSONANT_BEFORE_NASAL.search(stem):
        return stem + "et"  # "arbeitet", "findet", "rechnet", "atmet", "öffnet"
    return stem + "t"


_CONSONANT_BEFORE_NASAL = re.compile(r"(?:[bcdfgkpstvwxzß]|(?<![aeiouäöü])h)[mn]$")
"""A stem ending in "m" or "n" after a consonant, which takes "-et" ("rechn", "atm",
"öffn", "zeichn"); not after "l", "r", a vowel, a lengthening "h" or itself ("lernt",
"wohnt", "kennt", "kommt")."""
