"""What a forget or a correction holds back besides the text its tombstone names.

A tombstone (memctl.core.forgotten) holds every line that contains the forgotten fact's
text. Two more readings hold a ledger line whose words differ from it, and every reader
of memory applies them alike: consolidation (to the daily text it merges), search and
recall (to the ledger lines they would show), so a fact a correction replaced is found
nowhere as current:

- a restatement of a forgotten fact: the same content words in any order, as the merge
  folds two sayings into one fact (`memctl.models.words.fact_words`; a negation never
  matches, and a correction restating the old words in another order is the
  correction);
- a line said before a correction (`forget --replace`) that the correction makes stale
  (`memctl.models.supersede.stale`): "The staging box is db3." said the day before
  "Staging runs on db3." was corrected to db7. What was said is decided by when it was
  said (its ledger block's `said` span, else when the block was written:
  `memctl.core.said.said_day`), never by when it was flushed; a line said on or after
  the correction's day is new and may replace it. Only a line sharing a content word
  with the correction is read for it (the guard: supersede's claims are costly, and a
  line about something else says no older value of it).

Words are read with `memctl.models.words` (light); search pays for supersede's rules
(70 ms to import) only for a ledger line said before a correction that shares a
content word with it.
"""

from __future__ import annotations

from functools import cached_property

from memctl.core.forgotten import Tombstone
from memctl.models.words import fact_words

_NOT = "\0not"  # how `fact_words` marks a negation: no word two sayings share


class Held:
    """The tombstones' restatement and correction readings, read once for a run."""

    def __init__(self, stones: list[Tombstone]):
        self.facts = [stone.fact for stone in stones if stone.fact]
        self.corrections = [
            (stone.replacement, stone.at[:10])
            for stone in stones
            if stone.fact and stone.replacement and stone.replacement.strip()
        ]

    def __bool__(self) -> bool:
        return bool(self.facts)

    @cached_property
    def _read(self) -> tuple[set[frozenset[str]], list[tuple[str, str, frozenset[str]]]]:
        """The forgotten facts' keys, and each correction's text, day and key."""
        restated = {fact_words(fact) for fact in self.facts}
        corrections = [(new, at, fact_words(new)) for new, at in self.corrections]
        # A correction restating the old words in another order is the correction.
        restated -= {words for _, _, words in corrections}
        return restated, corrections

    @cached_property
    def _words(self) -> frozenset[str]:
        """Every word of the keys above: a line sharing none is held by neither reading."""
        restated, corrections = self._read
        every = set().union(*restated, *(words for _, _, words in corrections))
        return frozenset(every - {_NOT})

    def may_hold(self, text: str) -> bool:
        """False when `text` shares no word with a forgotten fact or a correction (what
        both readings need): its day need not be looked up."""
        return not self._words.isdisjoint(fact_words(text))

    def holds(self, line: str, day: str | None) -> bool:
        """Whether the ledger line `line`, said on `day` (ISO date; None: not known, and
        then only a restatement is held), restates a forgotten fact or states a value a
        later correction replaced."""
        stripped = line.strip()
        words = fact_words(stripped)
        if self._words.isdisjoint(words):
            return False
        restated, corrections = self._read
        if words in restated:
            return True
        if day is None:
            return False
        from memctl.models.supersede import stale

        return any(
            day < at and words & said and stale([stripped, new]).get(0) == 1
            for new, at, said in corrections
        )


def held_back(text: str, stones: list[Tombstone]) -> str:
    """Daily ledger text without the lines `Held` holds, each read with its block's day
    (headings, comments and fences kept)."""
    held = Held(stones)
    if not held:
        return text
    from memctl.core.said import said_day

    kept: list[str] = []
    day: str | None = None
    for line in text.splitlines(keepends=True):
        stripped = line.strip()
        if stripped.startswith("#"):
            day = said_day(stripped)
        elif stripped and not stripped.startswith(("<!--", "```")) and held.holds(stripped, day):
            continue
        kept.append(line)
    return "".join(kept)
