"""A named speaker's German "Ich" and its verb in the third person (audit 17 L2,
left22b): "Ich bevorzuge Antworten auf Deutsch" is "Jürgen bevorzugt Antworten auf
Deutsch", as English's "I prefer" is "Jürgen prefers", but only where the verb's form is
certain: a regular present, or "bin", "habe", "muss", "kann", "will", "weiß" and the other
modals. Where it is not (a stem that changes its vowel, a second verb, another word of the
speaker) the sentence stays as said: a mangled sentence is worse than "Ich". An unnamed
user's "Ich" stays too, after "The user: ", which says whose it is with no German noun
for "the user" to choose a gender for."""

from __future__ import annotations

from typing import Any

import pytest

from memctl.core.prompts import NO_REPLY
from memctl.models.builtin import BuiltinModel
from memctl.models.foreign import german_third_person
from memctl.models.interface import Request


def flush(*texts: str) -> list[str]:
    conversation: list[dict[str, Any]] = [{"role": "user", "text": text} for text in texts]
    payload = {"conversation": conversation, "memory": "", "ledger": "", "thread": "t"}
    text = BuiltinModel().complete(Request("flush", [], payload)).text
    return [] if text == NO_REPLY else [line.removeprefix("- ") for line in text.splitlines()]


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("Ich bevorzuge Antworten auf Deutsch.", "Jürgen bevorzugt Antworten auf Deutsch."),
        ("Ich arbeite bei Zalando in Berlin.", "Jürgen arbeitet bei Zalando in Berlin."),
        ("Ich rechne mit 40 Stunden pro Woche.", "Jürgen rechnet mit 40 Stunden pro Woche."),
        ("Ich öffne Tickets nur in Jira.", "Jürgen öffnet Tickets nur in Jira."),
        ("Ich wohne in Köln.", "Jürgen wohnt in Köln."),
        ("Ich kenne den Admin von db7.", "Jürgen kennt den Admin von db7."),
        ("Ich reise am Freitag nach Wien.", "Jürgen reist am Freitag nach Wien."),
        ("Ich ändere die Config nie direkt.", "Jürgen ändert die Config nie direkt."),
        ("Ich bin Vegetarierin.", "Jürgen ist Vegetarierin."),
        ("Ich habe zwei Katzen.", "Jürgen hat zwei Katzen."),
        (
            "Ich muss jeden Freitag den Report schicken.",
            "Jürgen muss jeden Freitag den Report schicken.",
        ),
        ("Ich kann kein Rust.", "Jürgen kann kein Rust."),
        ("Ich will nur Tabs, keine Spaces.", "Jürgen will nur Tabs, keine Spaces."),
        ("Ich weiß, dass der Server db7 heißt.", "Jürgen weiß, dass der Server db7 heißt."),
        ("Ich werde im März umziehen.", "Jürgen wird im März umziehen."),
        ("Ich habe einen Hund und eine Katze.", "Jürgen hat einen Hund und eine Katze."),
        ("Ich teste alles mit pytest.", "Jürgen testet alles mit pytest."),
        ("Ich warte auf das Review.", "Jürgen wartet auf das Review."),
    ],
)
def test_a_certain_verb_form_takes_the_name(said: str, written: str) -> None:
    assert german_third_person(said, "Jürgen") == written


@pytest.mark.parametrize(
    "said",
    [
        "Ich fahre jeden Tag mit der S-Bahn.",  # "fährt"
        "Ich spreche fließend Spanisch.",  # "spricht"
        "Ich lese gerade Dune.",  # "liest"
        "Ich vergesse das Passwort immer.",  # "vergisst"
        "Ich sammle alte Kameras.",  # "sammelt"
        "Ich freue mich auf Freitag.",  # "mich" would be no one's
        "Ich habe meinen Laptop im Büro.",  # "meinen" too
        "Ich arbeite bei SAP und wohne in Köln.",  # a second verb of the same "Ich"
        "Ich und Anna leiten das Team.",
        "Ich heiße nicht Jürgen.",
        # a past or a wish, whose third person is the same word ("wolltet" is the plural)
        "Ich wollte das Backup prüfen.",
        "Ich hatte gestern Urlaub.",
        "Ich arbeitete damals bei SAP.",
        "Ich würde lieber Postgres nehmen.",
        "Ich wäre dafür.",
        "Morgen fahre ich nach Berlin.",  # "ich" not first
    ],
)
def test_an_uncertain_form_stays_in_the_first_person(said: str) -> None:
    assert german_third_person(said, "Jürgen") is None


def test_a_named_user_is_written_in_the_third_person_and_an_unnamed_one_is_not() -> None:
    assert flush(
        "Ich heiße Jürgen.",
        "Ich bevorzuge Antworten auf Deutsch.",
        "Ich fahre jeden Tag mit der S-Bahn zur Arbeit.",
    ) == [
        "The user's name is Jürgen.",
        "Ich heiße Jürgen.",
        "Jürgen bevorzugt Antworten auf Deutsch.",
        "Jürgen: Ich fahre jeden Tag mit der S-Bahn zur Arbeit.",
    ]
    assert flush("Ich bevorzuge Antworten auf Deutsch.") == [
        "The user: Ich bevorzuge Antworten auf Deutsch."
    ]
