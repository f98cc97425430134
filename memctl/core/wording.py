"""Counted words for messages, shared by the stages and the CLI (which may not
import each other's helpers: memctl/cli/output.py imports typer)."""

from __future__ import annotations


def plural(count: int, word: str, words: str | None = None) -> str:
    """`1 file`, `2 files`: a message reads as written, never `file(s)`."""
    return f"{count:,} {word}" if count == 1 else f"{count:,} {words or word + 's'}"
