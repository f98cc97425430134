"""The recent blocks of the daily ledgers (`memctl log`): what flush and save wrote.

A block is a `## ` heading and the lines under it, up to the next heading. Its time is
the one its flush or save heading gives (`said.read_heading`: a flush heading's time is
on its ledger's day), else an ISO stamp after a dash in the heading; a block without one
(written by hand) takes its ledger's date, so it is shown for that whole day.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from memctl.core.errors import WorkspaceError
from memctl.core.said import ledger_day, read_heading

if TYPE_CHECKING:
    from memctl.core.workspace import Workspace

HEADING_STAMP = re.compile(r"^## .*? — (\d{4}-\d\d-\d\dT[0-9:.+\-Z]+)")


@dataclass
class LedgerBlock:
    path: str
    """The ledger, relative to the workspace."""
    line: int
    """The heading's line (1-based): `memctl get PATH:LINE` prints the block."""
    heading: str
    text: str
    """The lines under the heading, stripped."""
    written: str | None
    """The heading's ISO stamp, None for a block without one."""


@dataclass
class LedgerLog:
    since: str
    blocks: list[LedgerBlock]


def recent_blocks(ws: Workspace, since_seconds: float, skipped: list[str]) -> LedgerLog:
    """The ledger blocks written in the last `since_seconds`, oldest first. A ledger that
    cannot be read (not UTF-8) is left out and told in `skipped` (`PATH: why`), as search
    skips it: one Latin-1 ledger made the whole log fail (audit 17 M7)."""
    now = ws.now()
    cutoff = now - timedelta(seconds=since_seconds)
    blocks: list[LedgerBlock] = []
    for path in ws.daily_files():
        day = date.fromisoformat(path.stem)
        if day < cutoff.date():
            continue  # nothing in an older ledger can be newer than the cut-off
        relative = ws.relative(path)
        try:
            text = ws.read_named_text(path, relative, "ledger")
        except WorkspaceError as exc:
            skipped.append(str(exc))
            continue
        for block in _blocks(relative, text):
            when = _stamp(block.written)
            if (when is not None and when >= cutoff) or (when is None and day >= cutoff.date()):
                blocks.append(block)
    return LedgerLog(since=cutoff.isoformat(timespec="seconds"), blocks=blocks)


def _blocks(relative: str, text: str) -> list[LedgerBlock]:
    day = ledger_day(relative)
    found: list[LedgerBlock] = []
    heading: tuple[int, str] | None = None
    body: list[str] = []

    def close() -> None:
        if heading is not None:
            read = read_heading(heading[1], day)
            match = HEADING_STAMP.match(heading[1])
            written = read.at if read is not None and read.at else match[1] if match else None
            found.append(
                LedgerBlock(
                    path=relative,
                    line=heading[0],
                    heading=heading[1],
                    text="\n".join(body).strip("\n"),
                    written=written,
                )
            )

    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("## "):
            close()
            heading, body = (number, line), []
        elif heading is not None:
            body.append(line)
    close()
    return found


def _stamp(text: str | None) -> datetime | None:
    if text is None:
        return None
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        return None
    return when if when.tzinfo is not None else None
