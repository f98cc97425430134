"""builtin's learned keep/drop score (issue 25 item 1, prec26): of what the rules keep in
a long chat between people, what scores least like a fact someone would note is dropped
where the flush budget may cut; never a rule, nor in a block the budget leaves whole.
Every sentence here is written for these tests."""

from __future__ import annotations

import json

from memctl.models import keep_score
from memctl.models.builtin import is_own_reply
from memctl.models.facts import Context, facts_told
from memctl.models.salience import within_budget
from tests.support.conversations import CATCH_UP, flushed, said

APOLOGY = "Ben: I'm so sorry, I should have called Clara and you sooner about Lisbon."
"""Kept by the rules ("Ben should have called Clara and Ana sooner about Lisbon.") and by
the budget (two names), but an apology, not news: the score rates it under its bar."""
WRITTEN = "Ben should have called Clara and Ana sooner about Lisbon."


def test_the_weights_are_the_features_of_this_module() -> None:
    """The data file names the features it was fitted on, in `features`' order."""
    data = json.loads(keep_score.WEIGHTS.read_text(encoding="utf-8"))
    assert tuple(data["features"]) == keep_score.NAMES
    assert len(data["weights"]) == len(keep_score.NAMES)


def test_an_apology_the_rules_keep_is_dropped_in_a_long_chat() -> None:
    """In a long chat the budget cuts, the apology goes; the news around it stays."""
    kept = flushed(said([*CATCH_UP[:-1], APOLOGY, CATCH_UP[-1]]))
    assert WRITTEN not in kept
    assert "Ben's knee surgery is booked for 2025-04-02 at St. Mary's Hospital." in kept
    assert "Ana started the new job at Northgate Labs on 2025-03-10." in kept


def test_a_short_block_keeps_what_the_rules_keep() -> None:
    """A block the budget leaves whole (fewer than 16 messages) is not scored either."""
    kept = flushed(said([*CATCH_UP[:6], APOLOGY, "Ana: No worries at all."]))
    assert WRITTEN in kept


def test_the_score_rates_chit_chat_under_news() -> None:
    """The apology scores under the bar, and under the news of the same chat."""
    conversation = said([*CATCH_UP[:-1], APOLOGY, CATCH_UP[-1]])
    scores: dict[str, float] = {}

    def judge(sentence: str, bullet: str, where: Context) -> bool:
        scores[bullet] = keep_score.score(sentence, bullet, where)
        return where.ruled

    facts_told(conversation, [], is_own_reply, None, judge, rescue=False)
    bar = json.loads(keep_score.WEIGHTS.read_text(encoding="utf-8"))["threshold"]
    assert scores[WRITTEN] < bar
    assert scores["Ben's sister Clara is moving to Lisbon in May for a teaching post."] > bar


def test_a_rule_scored_under_the_bar_is_never_dropped() -> None:
    """What the budget never cuts (a rule or a decision), the score does not drop."""
    rule = "Ana: Remember to never book anything before 9 on a Monday."
    conversation = said([*CATCH_UP[:-1], rule, CATCH_UP[-1]])
    told = facts_told(conversation, [], is_own_reply)
    facts = [each.fact for each in told]
    written = next(fact for fact in facts if "before 9" in fact)
    every = frozenset(range(len(facts)))
    kept = within_budget(facts, conversation, [each.item for each in told], every)
    assert kept == [written]
