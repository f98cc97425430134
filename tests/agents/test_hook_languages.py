"""The prompt hook on German, French and Chinese prompts (audit 17 H6, L4): a word that is
no topic in the prompt's own language (an article, a question word, a Chinese character
pair across a word boundary) never decides which memory lines answer it."""

from __future__ import annotations

from pathlib import Path

from memctl.agents.hooks import recall
from memctl.core.config import load_config
from memctl.core.workspace import Workspace
from tests.support.hooks import roomy_prompt_budget


def _recall(workspace: Path, facts: list[str], prompt: str) -> str:
    (workspace / "MEMORY.md").write_text("".join(f"- {f}\n" for f in facts), encoding="utf-8")
    roomy_prompt_budget(workspace)
    context = recall(Workspace(workspace), load_config(workspace / "memctl.yaml"), prompt)
    return context or ""


OTHER = [
    "Die Kaffeemaschine steht in der Küche im zweiten Stock.",
    "Das Wetter in Berlin war echt mies.",
    "Le serveur de tests tourne sous Debian 12.",
    "The release train leaves every Thursday at 14:00 UTC.",
    "周会在每周一上午十点。",
    "办公室的无线网络叫guest-5g。",
]


def test_a_chinese_pair_across_a_word_boundary_does_not_pick_the_older_line(workspace):
    """The pair "期是" of "截止日期是什么时候" is in the older line alone; the words of the topic
    (截止, 日期) are in every line of deadlines, so it was the one telling word and the
    change "截止日期改到3月20日" was left out (audit 17 H6)."""
    facts = [
        "项目截止日期是3月10日。",
        "论文的截止日期不归我们管。",
        "报销截止日期每月25号。",
        "签证材料截止日期看大使馆通知。",
        "投标截止日期由客户确定。",
        "截止日期改到3月20日。",
        *OTHER,
    ]
    context = _recall(workspace, facts, "截止日期是什么时候？")
    assert "截止日期改到3月20日。" in context


def test_german_function_words_are_no_topic(workspace):
    """The word "das" of "wer leitet das Team" answered "Das Wetter in Berlin war echt mies", and
    "heißt" of "wie heißt der Drucker?" every line that names something (audit 17 L4)."""
    facts = [
        *OTHER,
        "Der Build-Server heißt weißdorn-ci.",
        "Der Drucker im Büro heißt Gutenberg.",
        "Das Projekt heißt Nordlicht.",
    ]
    assert "Wetter" not in _recall(workspace, facts, "wer leitet das Team")
    context = _recall(workspace, facts, "Im Büro, wie heißt der Drucker?")
    assert "Gutenberg" in context
    assert "weißdorn-ci" not in context and "Nordlicht" not in context


def test_french_function_words_are_no_topic(workspace):
    """The words "le", "de" of a French prompt matched every French line."""
    facts = [*OTHER, "Le nom de la base de données est pg-prod.", "La cantine ferme à 14h."]
    context = _recall(workspace, facts, "Qui est le responsable de la sécurité ?")
    assert "Debian" not in context and "pg-prod" not in context and "cantine" not in context


def test_english_words_that_are_german_function_words_still_tell(workspace):
    """The words "hat", "die", "war" are German function words and English nouns and verbs: an
    English prompt keeps them."""
    facts = [*OTHER, "Dana bought a red hat in Lisbon.", "Our cat is called Mango."]
    context = _recall(workspace, facts, "what colour is the hat Dana bought?")
    assert "red hat" in context
