"""Facts a later one must leave current, and changes still read (consol22):

- who told a fact ("..., per Ottilie", "according to Ottilie") is neither an old value
  a later fact tells nor a word two facts share: two hearsay facts of two subjects from
  one teller are not one slot given another value (nineteenth's false drops, and its
  changes dropped by another subject's hearsay);
- a fact that opens with a condition ("If ...", "Should ...") tells no change, even
  with its hedge written with a capital (eighteenth's inverted "Should the launch
  slip, ...", a control and a change lost to it).

The sentences are this file's own, of the structures those were found in.
"""

from __future__ import annotations

import pytest

from memctl.models.supersede import stale

# (older, newer): both stay current.
KEPT = [
    # one teller, two subjects
    (
        "seems the billing team got a new manager, per Ottilie",
        "seems Rhys's phone is 07700 900123 now, per Ottilie",
    ),
    (
        "seems the cache in eu-north is on redis-12 now, per Ottilie -- redis-3 was retired",
        "seems Rhys runs the Kappa service now, per Ottilie; Tariq passed it on",
    ),
    (
        "seems Tariq carries two laptops now, per Ottilie",
        "seems Rhys runs the Kappa service now, per Ottilie; Tariq passed it on",
    ),
    (
        "In 2019 Tariq interned at Vandelay.",
        "Seems Vandelay is recruiting, according to Ottilie; Tariq isn't keen.",
    ),
    # a condition opening the later fact
    (
        "Rhys's team is on the Kappa rota.",
        "If the pager fires twice, the Kappa rota moves to Tariq, Rhys says.",
    ),
    (
        "Kappa rollout date: 2027-03-02",
        "Should the Kappa rollout slip, the Owners shall meet within 9 days to pick a new date.",
    ),
]

# (older, newer): the newer one still replaces the older one.
REPLACED = [
    ("Tariq owns the Kappa service.", "Rhys owns the Kappa service now, per Ottilie."),
    ("Tariq drives a Volvo.", "Tariq sold the Volvo; he drives a Saab now."),
]


@pytest.mark.parametrize(("older", "newer"), KEPT)
def test_a_later_fact_leaves_another_subject_teller_or_condition(older: str, newer: str) -> None:
    assert stale([older, newer]) == {}


@pytest.mark.parametrize(("older", "newer"), REPLACED)
def test_a_change_of_the_same_thing_is_still_read(older: str, newer: str) -> None:
    assert stale([older, newer]) == {0: 1}
