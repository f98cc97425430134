"""Audit 16's three clients: a question naming one of several subjects that share the
words asked. A name the question asks about that many records hold (and no speaker's
name) is its subject (`common_names`, lifted by `by_subject`): a word said of every
subject alike no longer outweighs it."""

from __future__ import annotations

from pathlib import Path

import pytest

from memctl.core.config import load_config
from memctl.core.threads import encode_entry
from memctl.core.workspace import Workspace
from memctl.retrieval.recall import common_names, recall
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


@pytest.mark.parametrize("scope", ["memory", "all"])
def test_the_client_the_question_names_ranks_above_the_others_rates(
    workspace: Path, scope: str
) -> None:
    """Audit 16 (its workspace after flush and consolidate): a freelancer with three
    clients asks for one client's rate. "rate" is said of Acme and Bluefin, "corvid" is
    in 7 of the 15 records, so it weighed 0.26 where "rate" weighed 0.44: BM25 ranked
    both other clients' rates and Corvid's contact above "Corvid pays 120 USD per hour"
    (not in the first three). A factor for the names a record holds (`bench/
    recall_eval.py --try named`) lifted it only at weights that cost the held-out sets;
    the name lifted as the question's subject puts Corvid's records first."""
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


def test_a_common_name_is_the_subject_a_rare_one_or_a_speakers_is_not(workspace: Path) -> None:
    """`common_names`: "Corvid", in a third of the records, is the question's subject;
    "Biscuit", in one record, weighs enough as it is (lifting such names cost held-out
    questions whose answer does not say the name); "Dana" speaks half the turns, a field
    BM25F weighs already."""
    import contextlib

    from memctl.retrieval.index import fresh_index, read_only

    turns = [("Dana", f"Corvid sent brief {n}") for n in range(4)]
    turns += [("Sam", f"noted, item {n}") for n in range(4)]
    turns += [("Dana", "Biscuit is at the vet"), ("Sam", "poor thing")]
    (workspace / "threads" / "chat.jsonl").write_bytes(
        b"".join(
            encode_entry({"role": "user", "name": name, "content": text, "ts": "2026-01-02"})
            for name, text in turns
        )
    )
    (workspace / "MEMORY.md").write_text("# Memory\n", encoding="utf-8")
    ws = Workspace(workspace, "UTC")
    with fresh_index(ws, [], words=True), contextlib.closing(read_only(ws)) as conn:
        found = common_names(conn, "Did Dana tell Sam what Corvid and Biscuit need?")
    assert found == {"corvid"}
