"""save: persist one memory (memory_save), in today's ledger and then in MEMORY.md."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from memctl.core.config import Config
from memctl.core.durable import append_durable, block_separator, write_atomic
from memctl.core.errors import MemctlError, UsageError, WorkspaceError
from memctl.core.forgotten import TakeBack, fact_key, stones_stating, take_back
from memctl.core.memory import FACT_MAX_CHARS, SAVE_MAX_CHARS, long_fact, memory_path, neutral
from memctl.core.workspace import TEXT_ENCODING, Workspace
from memctl.pipeline import provenance


@dataclass
class SaveResult:
    memories: int
    ledger: str
    text: str
    memory_md: str = "MEMORY.md"
    redacted: int = 0
    dry_run: bool = False
    already_saved: bool = False
    """MEMORY.md holds the text already (as whole lines); nothing was written."""
    unforgotten: list[str] = field(default_factory=list)
    """Forgotten facts the saved text states again, whose tombstones the save dropped
    (a purged one, whose text no tombstone keeps, as "(purged)")."""


def _holds(ws: Workspace, body: str) -> bool:
    """MEMORY.md has `body` as whole lines: saving it again would store it twice (a
    `call` re-run after a failed turn repeats the turn's memory_save)."""
    try:
        current = ws.memory_md.read_bytes().decode(TEXT_ENCODING, "replace")
    except FileNotFoundError:
        return False
    return f"\n{body}\n" in f"\n{current.replace(chr(13), '')}\n"


_MARKDOWN_LINE = re.compile(r"\s*(?:[-*+]\s|\d+[.)]\s|#|>|```|~~~)")


_BULLET_HASH = re.compile(r"^(\s*(?:[-*+]|\d+[.)])\s+)\\(?=#)", re.M)
"""A `#` escaped at the start of what became a bullet's text: after `- ` it starts no
heading, so it is written as typed (`- # TODO`), as flush and a correction write it."""


def as_bullets(text: str) -> str:
    """Plain text becomes one `- ` bullet (later lines indented under it, a wrapped
    paragraph being one memory), the form every fact in MEMORY.md and a ledger takes;
    text that is already Markdown (bullets, numbered items, headings, quotes, fences)
    is kept as the user wrote it."""
    lines = text.splitlines()
    if any(_MARKDOWN_LINE.match(line) for line in lines):
        return text
    return "\n".join(
        ("  " if n else "- ") + line.strip() if line.strip() else "" for n, line in enumerate(lines)
    )


def count_memories(text: str) -> int:
    """Memories in a saved text: its `-` lines, at least one."""
    return max(1, sum(1 for line in text.splitlines() if line.lstrip().startswith("-")))


def save(
    ws: Workspace,
    config: Config,
    text: str,
    dry_run: bool = False,
    *,
    unforget: bool = True,
    unpurge: bool = True,
    at: int | None = None,
) -> SaveResult:
    """Append `text` to today's ledger (a `## Memory Save` block) and then to MEMORY.md.

    A fact said again on purpose is wanted again: the tombstones of forgotten facts the
    text states are dropped (`unforget`), else search, recall and the next consolidation
    would leave out what was just saved. A correction (`forget --replace`) saves with
    `unforget=False`: its new fact may hold the old one's words.

    The ledger goes first: a run killed between the two writes leaves the memory in the
    ledger, where the next consolidation finds it. MEMORY.md is replaced atomically
    (old content + text) so a reader sees the old or the new file, and consolidation,
    which carries over what was appended while it ran, keeps it. The text goes before
    the first `## ` section: a section is a person's (`## Carol`), and a fact saved at
    the end of the file would read as the last one's, as the memory block shows it.
    `at`: the line (0-based) of MEMORY.md it goes to instead, where a correction's
    fact stood (under that fact's heading).

    `unpurge=False` (the agent's memory_save): a text holding what a purge took (a
    purged token, a purged fact) is refused (`PurgedText`), nothing written. A purge is
    the user's (a secret, a privacy request); a model that still has the text in its
    context must not take it back, and a tool answer's "No longer forgotten" line is
    one the user never reads (audit 19 #4). The user's `memctl save` takes it back.
    """
    if not isinstance(text, str) or not text.strip():
        raise UsageError("nothing to save: the text is empty")
    if "\0" in text:
        raise UsageError("the text holds a NUL byte")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:  # argv bytes that are not UTF-8 arrive as surrogates
        raise UsageError(
            f"the text holds {text[exc.start]!r}, which is not UTF-8 text (a bad byte?)"
        ) from None
    body = _BULLET_HASH.sub(r"\1", as_bullets(neutral(text.strip())))
    body, counts = config.redaction.redactor().redact(body)
    _check_size(body)  # as stored: a private key is one marker
    if not unpurge:
        refuse_purged(ws, body)
    ledger = ws.ledger_path()
    result = SaveResult(
        count_memories(body),
        ws.relative(ledger),
        body,
        redacted=sum(counts.values()),
        dry_run=dry_run,
    )
    # Both files are written through their paths: a symlink leading out would make save
    # write outside the workspace (the ledger) or copy an outside file in (MEMORY.md).
    memory_path(ws, ws.relative(ledger))
    memory_path(ws, "MEMORY.md")
    if ws.memory_md.exists() and not ws.memory_md.is_file():
        raise WorkspaceError("MEMORY.md is not a file; nothing saved")
    if _holds(ws, body):
        result.already_saved = True
        return result
    if dry_run:
        return result
    with ws.lock():
        if _holds(ws, body):  # saved by another process meanwhile
            result.already_saved = True
            return result
        if not unpurge:
            refuse_purged(ws, body)  # a purge made while this save waited for the lock
        stamp = ws.now().isoformat(timespec="seconds")
        block = f"## Memory Save — {stamp}\n\n{body}\n".encode()
        append_durable(ledger, block_separator(ledger) + block)
        # The body's first line in the ledger: the block ends the file with the body.
        first = _line_count(ledger) - body.count("\n")
        try:
            old = ws.memory_md.read_bytes()
        except FileNotFoundError:
            old = b""
        except OSError as exc:
            raise WorkspaceError(f"MEMORY.md: cannot be read ({exc.strerror})") from None
        if at is None:
            write_atomic(ws.memory_md, _before_sections(old, body.encode()))
        else:
            write_atomic(ws.memory_md, _at_line(old, body.encode(), at))
        provenance.note_saved(ws, ledger, first, body)
        if unforget:
            result.unforgotten = _unforget(ws, body)
    return result


class PurgedText(MemctlError):
    """A save the caller may not make: its text holds what the user purged."""


_SPAN_WORDS = range(3, 61)
"""The lengths in words of the runs of a line `refuse_purged` reads as a purged fact's
key: a fact of one or two words (a name, "yes") only as a whole clause, or in every
line that holds it; one longer than 60 words only as a whole clause or line."""
_EDGE = "\"'([{*_`"
"""Quotes, brackets and emphasis a run's first word may open with."""
_END = "\"')]}*_`.,;:!?"
"""What a run's last word may close with: its quote, bracket or stop."""
_CLAUSE_END = re.compile(r"(?<=[.;:!?,])\s+|\s+[-\u2013\u2014]+\s+")
"""Where a clause of a line ends: a stop, comma, colon or a spaced dash, then space."""


def _stated_keys(line: str) -> list[str]:
    """The fact keys a line may state a purged fact as (review 32 F5: only the whole
    line's was compared, so one word added, "..., Leeds.", or a second sentence let the
    agent save the fact again): the line's, each clause's and each run of 3 to 60 words
    with the quotes and stops at its edges left out. A purged fact is known by its key's
    digest alone, so the line's every place it could stand is hashed."""
    keys = [fact_key(line)]
    keys += [fact_key(clause).rstrip(_END) for clause in _CLAUSE_END.split(line)]
    words = keys[0].split()
    for start in range(len(words)):
        for size in _SPAN_WORDS:
            if start + size > len(words):
                break
            run = words[start : start + size]
            keys.append(" ".join([run[0].lstrip(_EDGE), *run[1:-1], run[-1].rstrip(_END)]))
    return [key for key in dict.fromkeys(keys) if key]


def refuse_purged(ws: Workspace, text: str) -> None:
    """Raise `PurgedText` when a line of `text` holds what a purge took: a purged
    token, or a purged fact (by its digest), as the whole line, one of its clauses or
    within it (`_stated_keys`). The message names no text (the caller has it; an answer
    or a log must not carry a purged secret once more)."""
    keys = [key for line in text.splitlines() for key in _stated_keys(line)]
    purges = [stone for stone in stones_stating(ws, keys) if not stone.get("fact")]
    if purges:
        raise PurgedText(
            "not saved: the text holds what the user purged (memctl forget --purge: a "
            "secret or a privacy request); only the user can save it again (`memctl save`). "
            "Leave the purged text out"
        )


def _check_size(body: str) -> None:
    """UsageError when a fact of `body` (or the whole) is larger than memory holds: a
    pasted log saved as one fact would fill an agent's memory block and every merge."""
    if len(body) > SAVE_MAX_CHARS:
        raise UsageError(
            f"the text has {len(body):,} characters, more than a save takes "
            f"({SAVE_MAX_CHARS:,}); save the facts, not the document"
        )
    if (size := long_fact(body)) is not None:
        raise UsageError(
            f"a fact of {size:,} characters is longer than a fact may be "
            f"({FACT_MAX_CHARS:,}); save a shorter statement of it"
        )


def _newline(old: bytes) -> bytes:
    """The line end MEMORY.md is written with: a file a Windows editor saved keeps its
    CRLF, and the saved lines take it (not a file of mixed line ends)."""
    return b"\r\n" if b"\r\n" in old else b"\n"


def _before_sections(old: bytes, body: bytes) -> bytes:
    """MEMORY.md with `body` after its facts that no section holds, before its first
    `## ` heading (one outside a code fence), where consolidation writes the facts of no
    one; at the end when it has no section."""
    nl = _newline(old)
    body = body.replace(b"\n", nl)
    lines = old.split(b"\n")
    fenced = False
    for number, line in enumerate(lines):
        if line.lstrip().startswith((b"```", b"~~~")):
            fenced = not fenced
        elif not fenced and line.startswith(b"## "):
            head = b"\n".join(lines[:number]).rstrip(b"\r\n")
            rest = b"\n".join(lines[number:])
            if not head:
                return body + nl + nl + rest
            last = head.rsplit(b"\n", 1)[-1]
            # After a fact (a bullet or its indented line) the list goes on; after a
            # title or a comment a blank line starts it.
            joint = nl if last[:1] in (b"-", b"*", b"+", b" ", b"\t") else nl + nl
            return head + joint + body + nl + nl + rest
    joint = b"" if not old or old.endswith(b"\n") else nl
    return old + joint + body + nl


def _at_line(old: bytes, body: bytes, at: int) -> bytes:
    """MEMORY.md with `body` at line `at` (at the end when it has fewer lines)."""
    nl = _newline(old)
    lines = old.splitlines(keepends=True)
    if lines and not lines[-1].endswith(b"\n"):
        lines[-1] += nl
    return b"".join([*lines[:at], body.replace(b"\n", nl) + nl, *lines[at:]])


def _unforget(ws: Workspace, body: str) -> list[str]:
    """Drop the tombstones that would keep the saved lines out (under the caller's
    lock); the facts they kept out."""
    stones = stones_stating(ws, [key for line in body.splitlines() if (key := fact_key(line))])
    if stones:
        take_back(ws, TakeBack(drop=stones))
    return [str(stone.get("fact") or "(purged)") for stone in stones]


def _line_count(path: Path) -> int:
    with path.open("rb") as handle:
        return sum(chunk.count(b"\n") for chunk in iter(lambda: handle.read(1 << 16), b""))
