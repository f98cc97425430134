"""A change said in words no earlier reading knew (consol24, issue 25 item 3), read by
general forms rather than phrases:

- a correction of an earlier statement ("an earlier version ... said A; ... B", "we
  wrongly gave A; ... B"): the values the earlier statement said are the old ones;
- Japanese particles after a value in Latin letters: から (from), を辞め (quit), に代わ
  (in place of), じゃなくて (not);
- "not" and "no longer" opening a clause in Swedish, Polish or German ("..., inte längre i
  A"), read as English's ", not A";
- a name's genitive with no apostrophe ("Saras nummer") as the same person as "Sara's";
- a value let go in a sentence of its own ("A has been switched off", "A has stepped
  down"), and a "no longer" whose new value is in the next sentence;
- a verb of leaving in any inflection ("quitting A for B").

Each pair was written for this test, not drawn from bench/supersession.py's sets.
"""

from __future__ import annotations

import pytest

from memctl.models.supersede import stale

# (older, newer): the newer one makes the older one stale.
CHANGED = [
    (
        "Teodor bor i Bergen.",
        "Correction: an earlier version of this bulletin said Teodor lives in Bergen; "
        "Teodor lives in Trondheim.",
    ),
    (
        "The Lark service belongs to Farid.",
        "Correction: the previous edition listed Farid as owner of the Lark service. "
        "The owner is Wen.",
    ),
    (
        "Renovation kickoff: 2027-03-02",
        "We wrongly gave 2027-03-02 for the renovation kickoff; the date is 2027-03-16.",
    ),
    ("TeodorはBergenに住んでいます。", "TeodorはBergenからTrondheimに引っ越しました。"),
    ("FaridはGlobexで働いています。", "FaridはGlobexを辞めて、今はHooliで働いています。"),
    ("Wen is the release captain.", "LucaさんがWenさんに代わってrelease captainになりました。"),
    ("Mirrorの上司はSaraです。", "Mirrorの上司はSaraじゃなくて、今はBrunoです。"),
    ("Farid pracuje w Globex.", "Farid pracuje teraz w Hooli, już nie w Globex."),
    ("Wen wohnt in Köln.", "Wen wohnt jetzt in Bonn, nicht mehr in Köln."),
    (
        "Sara's desk phone is 0161 496 0732.",
        "Saras nummer är 0161 496 0999 nu, inte 0161 496 0732.",
    ),
    (
        "Wiki: host-3, per the runbook",
        "Notice: from Friday the wiki is served from host-9. host-3 has been switched off.",
    ),
    (
        "Farid jobbar på Globex.",
        "Auto-reply: Farid no longer works at Globex. Reach Farid at Hooli.",
    ),
    ("Sara jobbar på Globex.", "Sara quitting Globex for Hooli surprised nobody"),
]

# (older, newer): the newer one leaves the older one current.
KEPT = [
    (
        "Teodor bor i Bergen.",
        "Correction: an earlier version of this bulletin said Teodor's brother lives in "
        "Bergen; he lives with friends.",
    ),
    (
        "Farid is the on-call lead.",
        "Correction: the deadline is Friday, not Thursday; the lead is unchanged.",
    ),
    ("Teodor bor i Bergen.", "Teodor bor i Bergen, inte i Oslo."),
    ("Farid works at Globex.", "Auto-reply: Farid is away. Reach Wen at Hooli instead."),
    ("Sara's desk phone is 0161 496 0732.", "Saras bror har nummer 0161 496 0999."),
    ("FaridはGlobexで働いています。", "FaridはGlobexで働いています。Saraも。"),
]


@pytest.mark.parametrize(("older", "newer"), CHANGED)
def test_a_change_said_in_words_makes_the_earlier_fact_stale(older: str, newer: str) -> None:
    assert stale([older, newer]) == {0: 1}


@pytest.mark.parametrize(("older", "newer"), KEPT)
def test_a_fact_that_changes_nothing_keeps_the_earlier(older: str, newer: str) -> None:
    assert stale([older, newer]) == {}


def test_the_stale_fact_is_read_in_recalls_order_too() -> None:
    """recall orders its pool by the same reading (`rank=True`): the later change is the
    one put first."""
    facts = [
        "TeodorはBergenに住んでいます。",
        "Teodor moved to the seaside.",
        "TeodorはBergenからTrondheimに引っ越しました。",
    ]
    assert stale(facts, rank=True) == {0: 2}
