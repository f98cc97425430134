"""Audit 16's three clients: a question naming one of several subjects that share the
words asked. Recall ranks the other subjects' records first. The levers measured for it
(recall20, bench/README.md: `bench/recall_eval.py --try named:...`, `--try
named-subject`) did not hold on the held-out sets, so the case stays open, recorded here
as an expected failure that turns into an error once something fixes it."""

from __future__ import annotations

from pathlib import Path

import pytest

from memctl.core.config import load_config
from memctl.core.threads import encode_entry
from memctl.core.workspace import Workspace
from memctl.retrieval.recall import recall
from tests.support.helpers import BM25_ONLY

# What builtin's flush and consolidate made of the audit's four lines (audit 16): the
# fact about Corvid's pay under a heading of its own, "rate" said only of the others.
MEMORY = """\
# Memory

- The user's rate for Acme is 95 EUR per hour.
- The user's rate for Bluefin is 80 EUR per hour.
- The contact at Corvid is Tomasz Wojcik.

## Corvid

- Corvid pays 120 USD per hour.
"""
LEDGER = """\
## Memory Flush — 2026-12-05T22:02:38+00:00 · thread t1 · entries 0-3 · builtin · last said 2026-12-05T22:02:37Z

- The user's rate for Acme is 95 EUR per hour.
- The user's rate for Bluefin is 80 EUR per hour.
- Corvid pays 120 USD per hour.
- The contact at Corvid is Tomasz Wojcik.
"""
SAID = (
    "My rate for Acme is 95 EUR per hour.",
    "My rate for Bluefin is 80 EUR per hour.",
    "Corvid pays 120 USD per hour.",
    "The contact at Corvid is Tomasz Wojcik.",
)


@pytest.mark.xfail(
    strict=True,
    reason="audit 16, open: no lever measured for it held on the held-out sets (recall20)",
)
@pytest.mark.parametrize("scope", ["memory", "all"])
def test_the_client_the_question_names_ranks_above_the_others_rates(
    workspace: Path, scope: str
) -> None:
    """Audit 16 (its workspace after flush and consolidate): a freelancer with three
    clients asks for one client's rate. "rate" is said of Acme and Bluefin, Corvid is
    named in as many records, so BM25 ranked both other clients' rates and Corvid's
    contact above "Corvid pays 120 USD per hour" (not in the first three). A factor for
    the names a record holds (`--try named`) lifts it only at weights of 1 and more,
    the question's names that are nobody's speaker taken as its subject (`--try
    named-subject`) at any: both cost the held-out sets."""
    (workspace / "memctl.yaml").write_text(BM25_ONLY, encoding="utf-8")
    (workspace / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    (workspace / "memory" / "2026-12-05.md").write_text(LEDGER, encoding="utf-8")
    (workspace / "threads" / "t1.jsonl").write_bytes(
        b"".join(encode_entry({"role": "user", "content": said}) for said in SAID)
    )
    ws = Workspace(workspace, "UTC")
    config = load_config(workspace / "memctl.yaml")
    hits = recall(ws, config, "What is my hourly rate with Corvid?", 3, scope).hits
    assert any("Corvid pays 120 USD per hour." in hit.snippet for hit in hits)
    assert "Corvid" in hits[0].snippet
