"""What commands read besides their arguments: stdin and input files.

A command reading text from stdin uses `read_stdin_text`, so a non-UTF-8 pipe is the
same one-line usage error (exit 2) everywhere instead of a decoding crash or, sent on
to a model, a provider's HTTP error. Messages to parse (`thread append`, `thread
import`) come as bytes from `read_input`, a file or stdin alike: their parser decodes
them and names the line of a bad byte.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from memctl.core.errors import UsageError

if TYPE_CHECKING:
    from memctl.core.workspace import Workspace

STDIN = "<stdin>"
_STDIN_CLOSED = [False]
"""Whether memctl started with stdin closed (`0<&-`): set once by `main()`."""


def mark_stdin_closed() -> None:
    _STDIN_CLOSED[0] = True


def require_stdin(advice: str = "give the input as an argument or a FILE, or pipe it") -> None:
    """Refuse to read a closed stdin (exit 2) rather than take it for an empty one: `save
    0<&-` saving nothing, or an MCP server serving no one, would hide the script's bug.
    `advice`: what to do instead, for a command whose input is no text (mcp)."""
    if _STDIN_CLOSED[0]:
        raise UsageError(f"stdin is closed: {advice}")


def stdin_is_terminal() -> bool:
    """Whether a person may be typing on stdin (False when it is closed)."""
    return not _STDIN_CLOSED[0] and sys.stdin is not None and sys.stdin.isatty()


def read_stdin_text() -> str:
    require_stdin()
    data = sys.stdin.buffer.read()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{STDIN}: not UTF-8 text (byte {exc.start})") from None


def read_input(source: str) -> tuple[bytes, str]:
    """Bytes of FILE, or of stdin for `-`, and the name to report problems under."""
    if source == "-":
        require_stdin()
        return sys.stdin.buffer.read(), STDIN
    from memctl.core.durable import regular_bytes

    return regular_bytes(Path(source), source), source


def resolve_thread(
    ws: Workspace,
    given: str,
    *,
    may_start: bool = False,
    new_flag: bool = False,
    start_hint: bool = True,
) -> str:
    """The thread a command line names: its exact id, else the one thread whose id starts
    with it (as git takes a unique hash prefix). An unknown id is refused, with the ids
    it resembles and how to start a thread (`call --new`; `new_flag` for call's own
    hint), so a typo never starts a thread. With `may_start` an id unlike any thread's is
    taken as it is (an empty thread, for the commands that only read one); one close to
    an existing id is still refused as a likely typo. Without `start_hint` the error
    does not say how to start a thread: a command that removes, renames or reads one
    (`thread rm`, `flush --thread`) has nothing to do with a new one."""
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
    import difflib  # a mistake's alone: inputs is imported at every start-up

    close = difflib.get_close_matches(given, known, n=3, cutoff=0.6)
    if may_start and not close:
        return given
    hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
    if not start_hint:
        start = ""
    elif new_flag:
        start = f"; `memctl call {given} --new TEXT` starts it"
    else:
        start = f"; `memctl call {given} --new TEXT` or `memctl thread append {given}` starts it"
    raise UsageError(f"no thread {given!r} (no {ws.relative(path)}){hint}{start}")


def resolve_threads(ws: Workspace, given: list[str] | None) -> list[str] | None:
    """The threads a repeatable `--thread T` names, each resolved as a THREAD argument
    is (a unique prefix, did-you-mean), without the hint to start one."""
    from memctl.core.threads import list_threads

    if not given:
        return None
    # An id a log is listed under is taken as it is: the stage then judges that log (a
    # symlink leading outside is skipped by search with a note, not refused here).
    known = set(list_threads(ws))
    return [
        thread if thread in known else resolve_thread(ws, thread, start_hint=False)
        for thread in given
    ]
