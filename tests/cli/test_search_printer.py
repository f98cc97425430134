"""The search command's printer: what it writes for a hit."""

from __future__ import annotations

import pytest


def test_a_hit_is_printed_as_its_line_says(monkeypatch: pytest.MonkeyPatch) -> None:
    """The printer writes each hit without colour as `line` shows it (the printer has
    it inlined, a call a hit less): a memory line, one over 1,000 characters (its
    window), a log entry (its snippet, its role, its speaker), CJK."""
    import io
    import sys

    from memctl.cli.commands.search import _HitPrinter
    from memctl.retrieval.corpus import Hit

    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    printer = _HitPrinter("deploy 蓝鲸方案", "any")
    assert not printer.colour
    hits = [
        Hit("memory", "MEMORY.md", 3, None, None, "- deploy on friday"),
        Hit("memory", "memory/2024-01-02.md", 7, None, None, "x " * 700 + "deploy" + " y" * 700),
        Hit("thread", "threads/t.jsonl", None, 4, "user", "the 蓝鲸方案\nis  " + "z" * 400),
        Hit("thread", "threads/t.jsonl", None, 5, "compaction", "deploy"),
        Hit("thread", "threads/t.jsonl", None, 6, "user", "deploy it", speaker="Hana"),
    ]
    for hit in hits:
        printer(hit)
    printer.flush()
    assert out.getvalue() == "".join(printer.line(hit) + "\n" for hit in hits)
    assert "…" in out.getvalue() and "[compaction] deploy" in out.getvalue()
    assert "threads/t.jsonl#6 [user Hana] deploy it\n" in out.getvalue()
