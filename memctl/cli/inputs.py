"""What commands read besides their arguments: stdin and input files.

A command reading text from stdin uses `read_stdin_text`, so a non-UTF-8 pipe is the
same one-line usage error (exit 2) everywhere instead of a decoding crash or, sent on
to a model, a provider's HTTP error. Messages to parse (`thread append`, `thread
import`) come as bytes from `read_input`, a file or stdin alike: their parser decodes
them and names the line of a bad byte.
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from memctl.core.errors import UsageError

if TYPE_CHECKING:
    from memctl.core.workspace import Workspace

STDIN = "<stdin>"


def read_stdin_text() -> str:
    data = sys.stdin.buffer.read()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{STDIN}: not UTF-8 text (byte {exc.start})") from None


def read_input(source: str) -> tuple[bytes, str]:
    """Bytes of FILE, or of stdin for `-`, and the name to report problems under."""
    if source == "-":
        return sys.stdin.buffer.read(), STDIN
    from memctl.core.durable import regular_bytes

    return regular_bytes(Path(source), source), source


def resolve_thread(
    ws: Workspace, given: str, *, may_start: bool = False, new_flag: bool = False
) -> str:
    """The thread a command line names: its exact id, else the one thread whose id starts
    with it (as git takes a unique hash prefix). An unknown id is refused, with the ids
    it resembles and how to start a thread (`call --new`; `new_flag` for call's own
    hint), so a typo never starts a thread. With `may_start` an id unlike any thread's is
    taken as it is (an empty thread, for the commands that only read one); one close to
    an existing id is still refused as a likely typo."""
    from memctl.core.threads import check_thread_id, list_threads, thread_path

    check_thread_id(given)
    path = thread_path(ws, given)
    if path.exists():
        return given
    known = list_threads(ws)
    starting = [thread for thread in known if thread.startswith(given)]
    if len(starting) == 1:
        return starting[0]
    if len(starting) > 1:
        shown = ", ".join(starting[:5]) + (", …" if len(starting) > 5 else "")
        raise UsageError(f"thread {given!r} is ambiguous: it starts {shown}")
    close = difflib.get_close_matches(given, known, n=3, cutoff=0.6)
    if may_start and not close:
        return given
    hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
    if new_flag:
        start = f"; `memctl call {given} --new TEXT` starts it"
    else:
        start = f"; `memctl call {given} --new TEXT` or `memctl thread append {given}` starts it"
    raise UsageError(f"no thread {given!r} (no {ws.relative(path)}){hint}{start}")
