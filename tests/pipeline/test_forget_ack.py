"""A forgotten fact does not come back through the assistant's short acknowledgement of
it (audit 7, finding 3): search, recall and the context `call` sends all hide it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.helpers import append, configure


@pytest.mark.parametrize("name", [None, "Dana"])
def test_a_forgotten_fact_is_not_found_through_its_acknowledgement(cli, workspace: Path, name):
    """The fact is "The user's dentist appointment is ..." (or "Dana's"): the
    acknowledgement names its head, "dentist", not its owner."""
    configure(workspace)
    append(
        cli,
        workspace,
        "life",
        [
            {
                "role": "user",
                **({"name": name} if name else {}),
                "content": "My dentist appointment is on 2026-12-14 at 9am.",
                "ts": "2026-11-30T20:01:00+00:00",
            },
            {
                "role": "assistant",
                "content": "Noted: dentist on 2026-12-14 at 9am.",
                "ts": "2026-11-30T20:01:05+00:00",
            },
            {
                "role": "user",
                "content": "The dentist is in the old town, near the market.",
                "ts": "2026-11-30T20:02:00+00:00",
            },
        ],
    )
    for step in (["flush"], ["consolidate"], ["forget", "dentist appointment"]):
        assert cli("-w", workspace, *step).exit_code == 0
    found = cli("-w", workspace, "search", "dentist", "--scope", "all")
    assert "2026-12-14" not in found.stdout
    assert "old town" in found.stdout  # the thread's other turns are still found
    assert "2026-12-14" not in cli("-w", workspace, "recall", "when is my dentist").stdout
    assert "2026-12-14" not in cli("-w", workspace, "context", "life").stdout
