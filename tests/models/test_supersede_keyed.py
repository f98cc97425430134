"""Facts a later one must leave current (fixconsol21):

- a subject keyed by an identifier ("the build log for release v3.1.1", "the runbook for
  host db-12"): another identifier is another thing, whichever reading pairs the two
  (audit 18's finding 1);
- an earlier fact that turns down or calls off its value holds none a later one could
  end ("had an offer from Soylent, but turned it down", then "joined Hooli after six
  years at Soylent": a false drop on a held-out wording set after consol21);
- a name given as the fact's source ("per Dobromir", "according to Kenji") is who said
  it, not a value it holds (another held-out false drop: "apparently Greta has two phones
  now, per Dobromir", ended by a later fact naming Dobromir beside another name).

And a decision restated with another value, the reason said again unchanged ("pin numpy
to 1.26.1 because 2.0 breaks the wheels", then "... 1.26.2 ..."), replaces the earlier
one.

The sentences are this file's own, of the structures those were found in.
"""

from __future__ import annotations

import pytest

from memctl.models.curate import merge
from memctl.models.supersede import stale

# (older, newer): both stay current.
KEPT = [
    # two identifiers key two subjects
    (
        "The deploy notes for version 4.2.0 are in docs/deploy-410.md.",
        "The deploy notes for version 4.3.0 are in docs/deploy-420.md.",
    ),
    (
        "The build artefacts for release v2.0.1 are in s3://ci/b-7001.",
        "The build artefacts for release v2.1.0 are in s3://ci/b-7002.",
    ),
    (
        "The postmortem of INC-4410 is at pm/4410.md.",
        "The postmortem of INC-4522 is at pm/4522.md.",
    ),
    # a value turned down is not held
    (
        "Ines had an offer from Globex, but she turned it down.",
        "So happy for Ines, who has joined Initech after four years at Globex!",
    ),
    ("Tariq got an offer from Vandelay but said no to it.", "Tariq left Vandelay for Acme"),
    # a source is no value
    (
        "seems Kwame carries two laptops these days, per Ottilie",
        "seems Kwame carries two laptops these days, per Ottilie and Rhys",
    ),
    ("Kwame has a new bike, per Ottilie.", "Kwame has a new bike, per Ottilie and Rhys."),
    ("Kwame has a second office now, according to Ottilie", "Kwame: Ottilie -> Rhys"),
    (
        "Tariq had an offer from Vandelay but turned it down.",
        "Employer on Tariq's profile: ~~Vandelay~~ Acme",
    ),
]

# (older, newer): the newer one still replaces the older one, keyed or not.
REPLACED = [
    (
        "The deploy notes for version 4.2.0 are in docs/deploy-410.md.",
        "The deploy notes for version 4.2.0 are in docs/deploy-420.md now.",
    ),
    ("The runbook for host web-31 is wiki/web31.", "The runbook for host web-31 is now wiki/w31."),
    ("Staging is db3.", "Staging was migrated to db7."),
]

# (older, newer): a decision restated, one of its two values another.
RESTATED = [
    (
        "We agreed to pin pandas to 2.1.3 because 2.2 drops the old API.",
        "We agreed to pin pandas to 2.1.4 because 2.2 drops the old API.",
    ),
    (
        "The team settled on Node 18.19 since 20.1 breaks the build.",
        "The team settled on Node 18.20 since 20.1 breaks the build.",
    ),
]


@pytest.mark.parametrize(("older", "newer"), KEPT)
def test_a_later_fact_leaves_a_fact_of_another_key_or_a_refused_value(
    older: str, newer: str
) -> None:
    assert stale([older, newer]) == {}


@pytest.mark.parametrize(("older", "newer"), REPLACED)
def test_a_fact_of_the_same_key_is_still_replaced(older: str, newer: str) -> None:
    assert stale([older, newer]) == {0: 1}


@pytest.mark.parametrize(("older", "newer"), RESTATED)
def test_a_decision_restated_with_another_value_replaces_it(older: str, newer: str) -> None:
    assert stale([older, newer]) == {0: 1}


def test_consolidation_keeps_both_release_logs() -> None:
    """Through curate's merge (subjects given, as consolidation reads them)."""
    dailies = [
        (
            f"memory/2026-11-{day}.md",
            f"## Memory Flush — 2026-11-{day}T09:00:00+00:00 · thread t · entries 0-1 · builtin"
            f"\n\n- {text}\n",
        )
        for day, text in (
            ("20", "The deploy notes for version 4.2.0 are in docs/deploy-410.md."),
            ("21", "The deploy notes for version 4.3.0 are in docs/deploy-420.md."),
        )
    ]
    merged = merge("", dailies)
    assert merged.superseded == []
    assert len(merged.facts) == 2
