"""Other shapes of an assignment and of a record's layout (stale24): a plan's line that
sets a key from one quoted value to another (`~ k = "A" -> "B"  # subject`), a config
line (`k = "A"  # subject`), a table's row under its header (`name,k | subject,A`), a
diff written `-k: A / +k: B`, a value struck through (`~~A~~ B`, `<del>A</del>
<ins>B</ins>`) before a `--` label, and an assignment's value that a later sentence names
as left ("has left A", "sold A") beside a value of its sort.

The lines are this file's own, with keys, subjects and values no wording set uses.
"""

from __future__ import annotations

import pytest

from memctl.models.assigned import assigned
from memctl.models.supersede import stale

# (older, newer): the newer one makes the older stale.
REPLACED = [
    # a plan's line ending a table's row of the same subject and key
    ("person,club | Ingrid,Hawthorn", '~ club = "Hawthorn" -> "Kestrel"   # Ingrid, applied'),
    # a table's row: the same subject and key set again, or its value left
    ("person,club | Ingrid,Hawthorn Rovers", "person,club | Ingrid,Kestrel Athletic"),
    (
        "person,club | Ingrid,Hawthorn Rovers",
        "Ingrid has left Hawthorn Rovers and signed for Kestrel Athletic.",
    ),
    (
        "Ingrid plays for Hawthorn Rovers.",
        "person,club,note | Ingrid,Kestrel Athletic,moved from Hawthorn Rovers this spring",
    ),
    (
        "The Lynx crew: pager,since | Opsgenie,2023",
        "The Lynx crew: dropped Opsgenie; paging is on Squadcast.",
    ),
    # a diff written without spaces, its lines apart by a slash
    ("Ingrid reports to Sunniva.", "staff.yaml for Ingrid: -manager: Sunniva / +manager: Maren"),
    # struck through, then a label after a double dash or a colon
    ("Ingrid rides a Bianchi.", "~~Bianchi~~ Colnago -- Ingrid's bike"),
    ("Ingrid's coach is Sunniva.", "~~Sunniva~~ Maren: Ingrid's coach"),
]

# (older, newer): both stay current.
KEPT = [
    # another key of the subject, another subject with the same value
    (
        '  region = "us-west-2"   # the ingest worker',
        '~ timeout = "30s" -> "60s"   # the ingest worker',
    ),
    ("person,club | Ingrid,Hawthorn Rovers", "person,club | Ingrid's brother,Kestrel Athletic"),
    ("person,club | Ingrid,Hawthorn Rovers", "person,club | Sunniva,Hawthorn Rovers"),
    # a plain lower-case word before: a word of another phrase in the earlier sentence
    ("Ingrid is the QA lead for search.", '~ squad = "search" -> "mobile"   # Ingrid'),
    # a row of something described, not named: two rows may be two things
    (
        "person,club | the new striker,Hawthorn Rovers",
        "person,club | the new striker,Kestrel Athletic",
    ),
    # the value named, not left
    (
        "person,club | Ingrid,Hawthorn Rovers",
        "Ingrid also trains with Kestrel Athletic; both clubs stay.",
    ),
    (
        "person,club | Ingrid,Hawthorn Rovers",
        "Ingrid's brother has left Hawthorn Rovers for Kestrel Athletic.",
    ),
]


@pytest.mark.parametrize(("older", "newer"), REPLACED)
def test_the_later_line_replaces(older: str, newer: str) -> None:
    assert stale([older, newer]) == {0: 1}


@pytest.mark.parametrize(("older", "newer"), KEPT)
def test_both_stay(older: str, newer: str) -> None:
    assert stale([older, newer]) == {}


def test_what_each_shape_sets() -> None:
    """(subject, key, value, value before) of each shape; prose with a bar and commas is
    no table row."""
    read = {
        line: assigned(line)
        for line in (
            '~ region = "us-west-2" -> "eu-north-1"   # the ingest worker, applied',
            'The Lynx crew: pager = "Opsgenie"',
            "person,club,note | Ingrid,Kestrel Athletic,moved from Hawthorn Rovers this spring",
            "The Lynx crew: pager,since | Opsgenie,2023",
        )
    }
    assert [(m.subject, m.key, m.value, m.was) for m in read.values() if m] == [
        ("ingest worker", "region", "eu-north-1", "us-west-2"),
        ("lynx crew", "pager", "Opsgenie", None),
        ("ingrid", "club", "Kestrel Athletic", "Hawthorn Rovers"),
        ("lynx crew", "pager", "Opsgenie", None),
    ]
    assert assigned("Rome, Paris | Oslo, Lima") is None
    assert assigned("~ replicas = 2 -> 7   # the ingest worker") is None
