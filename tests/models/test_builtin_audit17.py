"""builtin's facts in German, Chinese and other languages after audit 17 (a German,
Chinese and English user).

H1: a German ordinal date ("15. März", "3.12.") or abbreviation ("z.B.", "d.h.") does
not end the sentence; "。" does, with no space after it.
H2: English chat rewrites ("Im" read as "I'm", "um" as a filler, "ill" as "I'll") are
applied to English sentences only (`memctl.models.language.language`).
H3, M4, L1, L3: a sentence not in English is kept when it states something (a name, an
order to remember, a rule, a value, what something is or is called) and written as
said; greetings, thanks, wishes, questions, chit-chat and orders for the session are
dropped, as in English."""

from __future__ import annotations

from typing import Any

import pytest

from memctl.core.prompts import NO_REPLY
from memctl.models.builtin import BuiltinModel
from memctl.models.facts import split_sentences
from memctl.models.interface import Request
from memctl.models.language import language
from memctl.models.salience import rank


def flush(*messages: str | dict[str, Any]) -> list[str]:
    conversation: list[dict[str, Any]] = [
        {"role": "user", "text": each} if isinstance(each, str) else each for each in messages
    ]
    payload = {"conversation": conversation, "memory": "", "ledger": "", "thread": "t"}
    text = BuiltinModel().complete(Request("flush", [], payload)).text
    return [] if text == NO_REPLY else [line.removeprefix("- ") for line in text.splitlines()]


KEPT = [
    # (said, the bullet written)
    ("Die Abgabe ist bis zum 15. März.", "Die Abgabe ist bis zum 15. März."),
    ("Die Deadline ist am 3. April 2027.", "Die Deadline ist am 3. April 2027."),
    ("Mein Kollege Tim hat am 3.12. Geburtstag.", "Mein Kollege Tim hat am 3.12. Geburtstag."),
    (
        "Am 15.3. ist Abgabe, Raum 4.12 im Gebäude B.",
        "Am 15.3. ist Abgabe, Raum 4.12 im Gebäude B.",
    ),
    ("z.B. nutzen wir Gradle, d.h. kein Maven.", "z.B. nutzen wir Gradle, d.h. kein Maven."),
    ("Im Januar starten wir mit Phase 2.", "Im Januar starten wir mit Phase 2."),
    (
        "Das Daily ist täglich um 9:30 Uhr im Raum Spree.",
        "Das Daily ist täglich um 9:30 Uhr im Raum Spree.",
    ),
    ("Im März 2027 ziehen wir nach Hamburg um.", "Im März 2027 ziehen wir nach Hamburg um."),
    (
        "Es geht um das Budget für 2027: 40.000 Euro.",
        "Es geht um das Budget für 2027: 40.000 Euro.",
    ),
    (
        "ill ist die Abkürzung für Illustration, wir haben 4 davon.",
        "ill ist die Abkürzung für Illustration, wir haben 4 davon.",
    ),
    ("王小明是我们的项目经理。", "王小明是我们的项目经理。"),
    # What only looks like review 30 L3's chit-chat: a name as the predicate, a name
    # told of before the one called, kin before the one called.
    ("Tom ist ein Arzt.", "Tom ist ein Arzt."),
    ("La reunión es con Pedro, María.", "La reunión es con Pedro, María."),
    ("Meine Schwester ist Ärztin, Papa.", "The user: Meine Schwester ist Ärztin, Papa."),
    ("部署使用蓝鲸方案。", "部署使用蓝鲸方案。"),
    ("记住：我们只在周二部署。", "记住：我们只在周二部署。"),
    ("提交前一定要运行ruff。", "提交前一定要运行ruff。"),
    (
        "合作方的联系人是王小明，邮箱是wangxm@huaqiang.cn。",
        "合作方的联系人是王小明，邮箱是wangxm@huaqiang.cn。",
    ),
    ("Wir nutzen uv, nicht pip.", "Wir nutzen uv, nicht pip."),
    ("Wir deployen nur dienstags.", "Wir deployen nur dienstags."),
    ("Merk dir: wir deployen nur dienstags.", "Merk dir: wir deployen nur dienstags."),
    ("Der Build-Server heißt bärlauch-ci.", "Der Build-Server heißt bärlauch-ci."),
    ("Teamleiter ist Jürgen Weiß.", "Teamleiter ist Jürgen Weiß."),
    ("Kurz zum Setup: wir nutzen uv, nicht pip.", "Wir nutzen uv, nicht pip."),
    (
        "Ich bin Backend-Entwicklerin bei Zalando.",
        "The user: Ich bin Backend-Entwicklerin bei Zalando.",
    ),
    ("Meine Schwester wohnt in Leipzig.", "The user: Meine Schwester wohnt in Leipzig."),
    ("Der Termin ist morgen.", "Der Termin ist morgen."),
    ("我们的服务器在阿里云上。", "我们的服务器在阿里云上。"),
    ("周五下午三点开会。", "周五下午三点开会。"),
    ("我的邮箱是wang@example.cn。", "The user: 我的邮箱是wang@example.cn。"),
    ("截止日期改到3月20日", "截止日期改到3月20日。"),
    ("Nous déployons uniquement le mardi.", "Nous déployons uniquement le mardi."),
    # a relation, a diet, a time ahead (as the English rules read "my sister", "next month")
    ("Ich bin allergisch gegen Nüsse.", "The user: Ich bin allergisch gegen Nüsse."),
    ("我老板下周去上海出差。", "The user: 我老板下周去上海出差。"),
    (
        "Die Migration machen wir nächste Woche.",
        "Die Migration machen wir nächste Woche.",
    ),
    ("Siempre hacemos deploy los martes.", "Siempre hacemos deploy los martes."),
]
DROPPED = [
    "Viel Erfolg beim Meeting morgen!",
    # Review 30 L3: a judgement as a noun, a name called at the close, a greeting.
    "Der Film war ein Traum.",
    "Die Party war ein Erfolg.",
    "Das Konzert gestern war der Hammer.",
    "El concierto fue increíble, María.",
    "Liebe Grüße aus Berlin!",
    "Hab dich lieb, Papa.",
    "Bin gleich zurück, hole mir einen Kaffee.",
    "Ich hab heute echt keinen Bock mehr, lol.",
    "Das Essen in der Kantine war heute wieder furchtbar.",
    "Bitte behebe den fehlgeschlagenen Test.",
    "Außerdem:",
    "Zwei Updates vom Partner:",
    "Danke!",
    "Wie heißt der Drucker",
    "Das ist eine gute Idee!",
    "Kannst du mir sagen, wie spät es ist?",
    "Guten Morgen zusammen!",
    "Schönes Wochenende euch allen!",
    "Ich bin müde.",
    "Ich gehe jetzt nach Hause.",
    "Merci beaucoup, c'est génial !",
    "¿Qué tal el fin de semana?",
    "¡Gracias a Dios!",
    "谢谢！",
    "你好",
    "这个方案不错。",
    "我今天好累啊。",
    "你觉得这个怎么样？",
    "祝你周末愉快！",
    "好的，我明白了。",
    "我在吃饭。",
]
"""The sentences of audit 17 and more of the kind, each said alone by a user with no
name; `KEPT` with the one bullet written of it."""


@pytest.mark.parametrize(("said", "written"), KEPT)
def test_a_sentence_not_in_english_that_states_something_is_kept_as_said(
    said: str, written: str
) -> None:
    assert flush(said) == [written]


def test_small_talk_not_in_english_is_dropped() -> None:
    """One test for all: most of them English rules dropped too (a guard), the German
    chit-chat and orders of M4 they kept."""
    assert {said: flush(said) for said in DROPPED} == {said: [] for said in DROPPED}


@pytest.mark.parametrize(
    ("said", "name"),
    [
        ("Ich heiße Jürgen und wohne in Köln.", "Jürgen"),
        ("我叫王小明，是华强电子的项目经理。", "王小明"),
        ("Je m'appelle Claire et je travaille chez Airbus.", "Claire"),
        ("Me llamo Lucía y vivo en Sevilla.", "Lucía"),
    ],
)
def test_a_name_stated_names_the_user(said: str, name: str) -> None:
    """The user's name is kept as in English ("I'm Priya"), and the sentence as said."""
    assert flush(said) == [f"The user's name is {name}.", said]


def test_the_name_stated_names_the_user_after_it() -> None:
    """The name stands for "Ich" where the verb's third person is certain (left22b)."""
    assert flush("Ich heiße Jürgen.", "Ich wohne seit 2019 in Köln.") == [
        "The user's name is Jürgen.",
        "Ich heiße Jürgen.",
        "Jürgen wohnt seit 2019 in Köln.",
    ]


def test_named_speakers_prefix_their_sentences_and_an_acknowledgement_is_dropped() -> None:
    said = flush(
        {"role": "user", "name": "Tim", "text": "Wir deployen nur dienstags."},
        {"role": "assistant", "text": "Verstanden, wir deployen nur dienstags."},
        {"role": "assistant", "text": "Danke, ich habe notiert: nur dienstags."},
        {"role": "assistant", "text": "好的，我记住了：我们只在周二部署。"},
    )
    assert said == ["Tim: Wir deployen nur dienstags."]


def test_facts_not_in_english_of_one_speaker_are_told_apart() -> None:
    """Their Latin words alone ("Jürgen", "user") made every Chinese fact of a speaker
    the same fact, and a negated one the same as the one it denies."""
    assert flush(
        "Ich heiße Jürgen.",
        "王小明是我们的项目经理。记住：我们只在周二部署。",
        "Wir deployen nur dienstags. Wir deployen nicht dienstags.",
    ) == [
        "The user's name is Jürgen.",
        "Ich heiße Jürgen.",
        "Jürgen: 王小明是我们的项目经理。",
        "Jürgen: 记住：我们只在周二部署。",
        "Jürgen: Wir deployen nur dienstags.",
        "Jürgen: Wir deployen nicht dienstags.",
    ]
    assert flush("我的邮箱是wang@example.cn。我对花生过敏。") == [
        "The user: 我的邮箱是wang@example.cn。",
        "The user: 我对花生过敏。",
    ]


def test_a_list_item_loses_its_marker_not_its_date() -> None:
    said = "Zwei Updates vom Partner:\n- Der Vertrag läuft bis 2027.\n3. April ist die Deadline."
    assert flush(said) == ["Der Vertrag läuft bis 2027.", "3. April ist die Deadline."]


def test_chinese_sentences_joined_by_their_full_stop_are_two_bullets() -> None:
    assert flush("项目截止日期是3月10日。我们只在周二部署。今天天气真好！") == [
        "项目截止日期是3月10日。",
        "我们只在周二部署。",
    ]


SPLIT = {
    "Die Abgabe ist bis zum 15. März. Danach Urlaub.": 2,
    "Tim hat am 3.12. Geburtstag.": 1,
    "Am 15.3. ist Abgabe.": 1,
    "z. B. nutzen wir Gradle. Das ist gut.": 2,
    "Das kostet ca. 40 Euro, bzw. Nr. 3 im Katalog.": 1,
    "王小明是经理。他很好！": 2,
    # English as before: a list's markers, a time that is no day and month.
    "Try these: 1) Lower the limits. 2) Check it.": 3,
    "love u. see you at 7.30. bring chairs": 3,
}


def test_sentences_end_at_their_mark_not_at_a_date_or_an_abbreviation() -> None:
    assert {text: len(split_sentences(text)) for text in SPLIT} == SPLIT


@pytest.mark.parametrize(
    ("sentence", "code"),
    [
        ("Im Januar starten wir mit Phase 2.", "de"),
        ("Teamleiter ist Jürgen Weiß.", "de"),
        ("Die Datenbank heißt kundenportal_prod.", "de"),  # "heißt" is no "heisst"
        ("Nous utilisons toujours Postgres.", "fr"),
        ("staging 的密码是 Gruesse2026Strasse", "zh"),
        ("I talked to 王小明 about the deploy", "en"),
        ("My favourite film is Das Boot.", "en"),
        ("morning bertram, van won't start", "en"),
        ("rocket charges 1 treat per walk", "en"),
        ("We moved to Los Angeles.", "en"),
        ("im so tired lol", "en"),
    ],
)
def test_language_of_a_sentence(sentence: str, code: str) -> None:
    assert language(sentence) == code


@pytest.mark.parametrize(
    ("said", "written"),
    [
        # A capitalised function word inside a sentence is a name's part (review 30 L1).
        ("Mai Le moved to Hanoi last week.", "Mai Le moved to Hanoi in the week of 2025-01-27."),
        ("Lei Ma started at Acme yesterday.", "Lei Ma started at Acme on 2025-02-02."),
        ("The De La Soul gig is next Friday.", "The De La Soul gig is on 2025-02-07."),
        ("Dr Lui Ho is my new GP.", "Dr Lui Ho is the user's new GP."),
        # A name's particles between its names, and time words English writes.
        (
            "Ana de la Cruz moved to Porto last month.",
            "Ana de la Cruz moved to Porto in January 2025.",
        ),
        (
            "Dentist: Dr José de la Torre, next Tuesday",
            "Dentist: Dr José de la Torre, on 2025-02-04.",
        ),
        # Review 30 L2: two Spanish words in an English plan.
        ("dinner con ana at la tasca tomorrow", "Dinner con ana at la tasca on 2025-02-04."),
    ],
)
def test_an_english_sentence_naming_someone_in_another_language_is_read_as_english(
    said: str, written: str
) -> None:
    assert flush({"role": "user", "text": said, "ts": "2025-02-03T09:00:00+00:00"}) == [written]


@pytest.mark.parametrize(
    ("sentence", "code"),
    [
        # With no English word, a name's particles still vote.
        ("Ana de la Cruz vive en Madrid.", "es"),
        # German's polite "Sie" and its articles between nouns stay German.
        ("Können Sie mir helfen, bitte?", "de"),
        ("Die Liste der Teilnehmer ist fertig.", "de"),
        ("Je pars demain. Le train est à 9h.", "fr"),
    ],
)
def test_what_only_looks_like_a_name_in_another_language_keeps_its_language(
    sentence: str, code: str
) -> None:
    assert language(sentence) == code


def test_a_rule_not_in_english_is_never_cut_by_the_budget() -> None:
    ranked = rank(
        ["Wir deployen nur dienstags.", "记住：我们只在周二部署。", "Das Wetter war schön."],
        [{"role": "user", "text": "x"}],
        frozenset(),
    )
    assert [each.rule for each in ranked] == [True, True, False]


FRESH_KEPT = [
    "Unser Staging-Server läuft auf hetzner-fsn1.",
    "Die Datenbank heißt kundenportal_prod.",
    "Ab nächster Woche arbeite ich remote aus Freiburg.",
    "Mein Chef heißt Markus Lehmann.",
    "Wir verwenden für das Frontend Svelte statt React.",
    "Bitte niemals direkt auf main pushen.",
    "Denk dran, dass die Lizenz im Juni ausläuft.",
    "Das Kick-off mit dem Kunden ist am Donnerstag.",
    "Ich trinke keinen Kaffee, nur Tee.",
    "Die Tests laufen mit pytest -n 4.",
    "Meine Tochter geht seit September in die Kita.",
    "Unser Büro ist in der Torstraße 12.",
    "我们用GitLab做代码审查。",
    "测试环境的地址是10.0.3.15。",
    "李娜下个月开始休产假。",
    "以后所有的接口都必须写文档。",
    "我们公司在杭州。",
    "周会改到每周四上午十点。",
    "千万不要在周五发布新版本。",
    "我对花生过敏。",
    "Mein Bruder zieht nächsten Monat nach Wien.",
    "Meine Frau ist Ärztin im Klinikum.",
    "Unser Hund heißt Bello.",
    "Ich bin allergisch gegen Nüsse.",
    "Die Migration auf die neue Version machen wir nächste Woche.",
    "我妹妹在北京读大学。",
    "我老板下周去上海出差。",
    "我们的后端是用Go写的。",
    "明天上午要给客户演示新功能。",
    "我儿子今年上小学了。",
    "Ma femme travaille chez Renault.",
    "Mi hermana vive en Valencia.",
]
FRESH_DROPPED = [
    "Na, wie war dein Wochenende?",
    "Oh nein, das tut mir leid.",
    "Klingt gut, machen wir so!",
    "Ich melde mich später nochmal.",
    "Puh, was für ein Tag.",
    "Hast du das Ticket schon gesehen?",
    "Super, vielen Dank für die schnelle Hilfe!",
    "Kein Stress, lass dir Zeit.",
    "Ich schau mir das gleich mal an.",
    "Gute Frage, keine Ahnung.",
    "哈哈，太搞笑了。",
    "辛苦了，早点休息吧。",
    "你那边现在几点？",
    "我先去吃个午饭。",
    "这个问题有点奇怪。",
    "明天见！",
    "真的假的？",
    "没事，不着急。",
    "我再看看。",
    "好主意！",
    "Meine Güte, ist das kompliziert!",
    "Mein Gott, endlich Freitag!",
    "Ach, das wird schon.",
    "我妈妈说得对。",
    "明天再说吧。",
    "我也是这么想的。",
    "Nächstes Mal vielleicht.",
    "Tschüss, bis bald!",
    "Oh là là, quelle journée !",
    "¡Qué bien, me alegro mucho!",
]
"""Two sets written after the rules above, each measured once and not tuned on (the
first found the "heißt" bug, fixed; the second was written before the relation and
time rule was run on it): what they measured is the floor this test holds."""


def test_fresh_sentences_are_mostly_kept_or_dropped_as_written_for() -> None:
    kept = sum(bool(flush(said)) for said in FRESH_KEPT)
    dropped = sum(not flush(said) for said in FRESH_DROPPED)
    # Measured: 32 of 32 kept ("The user: " before six); 26 of 30 dropped ("明天见！",
    # "我妈妈说得对。", "明天再说吧。", "Nächstes Mal vielleicht." kept). English rules: 15, 26.
    assert kept == len(FRESH_KEPT)
    assert dropped >= 26
