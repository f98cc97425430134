"""Output plumbing every command shares: results as JSON or text (`emit`), diagnostics
(`note`, `fail`), the spinner (`working`), the pager, colour, aligned tables, stdout
that survives a closed pipe, and text that cannot drive the terminal (`terminal_text`).

It knows no result type: how a stage's result reads as text is a view, kept beside the
command that prints it, or in `views.py` when two commands print it.
Nothing here imports a command module or the entry module (tests/test_layers.py).
"""

from __future__ import annotations

import codecs
import contextlib
import dataclasses
import json
import os
import re
import sys
import time
from collections.abc import Callable, Iterator
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TextIO

if TYPE_CHECKING:
    import typer


class Output(Protocol):
    """The global options rendering obeys (memctl.cli.core.Globals)."""

    json: bool
    quiet: bool
    stamp: Callable[[], str] | None
    """What an error line carries after `memctl: error: `, made as it is written (the
    local time, for maintain off a terminal: a cron log); None: nothing."""


class QuietPipe:
    """stdout that outlives its reader, as grep does: once the pipe closes (`memctl
    search x | head -1`), later output goes to /dev/null instead of raising, so the
    command finishes its work and exits with that work's code, and Python's last flush
    at exit finds nothing to complain about ("Exception ignored ... BrokenPipeError",
    exit 120)."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def _discard(self) -> None:
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, self._stream.fileno())
        finally:
            os.close(devnull)

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            self._discard()
            return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            self._discard()
            self._stream.flush()  # the buffer now drains into /dev/null

    def discard(self) -> None:
        """Send what is left, and all later output, to /dev/null: a write failed for good
        (a full disk), the error is reported once, and the exit flush must not report it
        again ("Exception ignored ..." and a second traceback)."""
        self._discard()
        with contextlib.suppress(OSError):
            self._stream.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def reopen_closed_streams() -> set[str]:
    """The standard streams that were closed when memctl started, each now open on
    /dev/null. Cron and daemons start commands with a descriptor closed (`2>&-`, `0<&-`,
    `>&-`); Python then makes sys.stderr None, and the first `isatty()` or `print` would
    crash, while the next file memctl opens would take the free number and receive what
    was meant for the terminal. Output to a closed stream is dropped, as output to a
    reader that went away is (QuietPipe); the caller tells stdin's readers, which refuse
    a closed stdin."""
    closed = set()
    for fd, name in ((0, "stdin"), (1, "stdout"), (2, "stderr")):
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_RDONLY if fd == 0 else os.O_WRONLY)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
            mode = "r" if fd == 0 else "w"
            stream = open(fd, mode, encoding="utf-8", errors="backslashreplace", closefd=False)  # noqa: SIM115
            setattr(sys, name, stream)
            closed.add(name)
    return closed


def restart_in_utf8_mode() -> None:
    """Run this command again in Python's UTF-8 mode when the file system encoding is
    ASCII and the mode is off. On Python 3.11 a C/POSIX locale turns the mode on by
    itself (PEP 540), so this happens where it was turned off on purpose or by an old
    setup (`LC_ALL=C PYTHONUTF8=0`, `-X utf8=0`: a bare container, a cron job) or where
    no locale is installed: there the interpreter reads argv and file names as ASCII
    and writes stdout as ASCII, so a UTF-8 query arrives as `Gr\\udcc3...` and is
    refused, every hit holding `ß` ends the command with a UnicodeEncodeError, a hook's
    JSON naming `Straßenbahn-Tool` names no file. memctl's files are UTF-8 text, so it
    overrides that choice for itself: the same interpreter and arguments
    (`sys.orig_argv`) with `-X utf8` first, before reading anything. The first `-X utf8`
    given wins over a later `-X utf8=0` and over PYTHONUTF8, so the interpreter started
    is in UTF-8 mode and never restarts again; PYTHONUTF8=0 stays in the environment of
    what memctl runs in turn. Any other locale (Latin-1 too) is the user's choice and
    kept."""
    if sys.flags.utf8_mode or not sys.executable:
        return
    if codecs.lookup(sys.getfilesystemencoding()).name != "ascii":
        return
    argv = getattr(sys, "orig_argv", None) or [sys.executable, *sys.argv]
    with contextlib.suppress(OSError):  # no interpreter to start: escapes for what ASCII lacks
        os.execv(sys.executable, [argv[0], "-X", "utf8", *argv[1:]])


def tolerate_unencodable() -> None:
    """Print what the terminal's encoding cannot hold as escapes (`\\u8d26`) instead of
    crashing: under PYTHONIOENCODING=ascii or an old LANG=C, a hit holding 账 would end
    search with a UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        if getattr(stream, "errors", None) == "strict" and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")


def jsonable(value: Any) -> Any:
    """`value` as JSON's types. A dataclass gives its fields, less those its
    `json_omits()` names (a maintain run's `error` and `exit_code` when it did not fail:
    a document holding `error` is a failure's, docs/JSON.md)."""
    if hasattr(value, "to_dict") and not isinstance(value, type):
        return jsonable(value.to_dict())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        omits = value.json_omits() if hasattr(value, "json_omits") else ()
        return {
            f.name: jsonable(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if f.name not in omits
        }
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


JSON_SCHEMA = 9
"""The version of the --json documents' fields, each document's `schema` (docs/JSON.md
lists the fields). A field added, removed or renamed in any document raises it by one:
tests/cli/test_json_contract.py fails until it does, and `python scripts/gen_json_doc.py`
then records the new version's fields and rewrites docs/JSON.md."""


def json_document(result: object) -> dict[str, Any]:
    """`result` as a --json document: one JSON object that opens with `schema`, the
    version of its fields (as pipx's `pipx_spec_version`), so a script can tell which
    fields it reads. Every document memctl prints goes through here (`emit`, `fail`,
    `context`), so none lacks the version; a bare list could not carry it."""
    fields = jsonable(result)
    if not isinstance(fields, dict) or "schema" in fields:
        raise TypeError(
            f"a --json document is an object without a field named schema: {type(result)}"
        )
    return {"schema": JSON_SCHEMA, **fields}


def json_text(result: object, indent: int | None = None) -> str:
    return json.dumps(json_document(result), ensure_ascii=False, indent=indent)


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""The characters a terminal obeys rather than shows: C0 (ESC opens ANSI and OSC
sequences, CR rewrites the line, BEL rings), DEL and C1 (U+009B is a CSI by itself).
Tab and newline are layout, and kept."""


def terminal_text(text: str) -> str:
    """`text` with every control character written out as `\\x1b` is: what a thread
    or memory holds came from tool output, a web page, a model, and `ESC [ 2 J` or an
    OSC 52 in a `cat` of a hostile file must not clear the screen, retitle the window or
    set the clipboard when `search`, `thread show` or `recall` shows it (audit 18).
    Every human-readable line goes through here, on a terminal and in a pipe alike: a
    pipe mostly ends on a terminal (`| head`, `| less -R`, which passes OSC 8, `| cat`),
    and the text view is no copy of the bytes anyway (snippets, `N|` prefixes); the
    bytes as written are in --json (JSON escapes them) and in the files. grep prints raw
    bytes because its output is the file's lines; memctl's is a rendering."""
    if not _CONTROL.search(text):
        return text
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group(0)):02x}", text)


def emit(
    g: Output,
    result: object,
    text: str | Callable[[], str | None] | None = None,
    *,
    paged: bool = False,
    painted: bool = False,
) -> None:
    """Print a result: JSON with --json, else `text` (a string or a function making one)
    with its control characters written out (`terminal_text`).
    `paged`: text that can run to thousands of lines (a log, a diff, a file) goes through
    `page`, the pager on a terminal, never in a pipe. `painted`: the text holds memctl's
    own colours, and its view passed what it shows through `terminal_text` before
    painting (doctor)."""
    if g.json:
        print(json_text(result, indent=2))
        return
    out = text() if callable(text) else text
    if out and paged:
        page(out, painted=painted)
    elif out:
        out = out if painted else terminal_text(out)
        sys.stdout.write(out if out.endswith("\n") else out + "\n")


def note(g: Output, message: str, command: str | None = None) -> None:
    """A diagnostic on stderr (silenced by --quiet). Every line of it starts with the
    command's name (`search: `, `thread show: `), as git and gh write theirs, so a line in
    a cron log or a `2>&1` says which command wrote it; errors that end the run are
    `memctl: error: ` (`fail`). With `command`, each line of `message` gets the prefix
    here, for texts shared by several commands (a consolidation summary)."""
    if g.quiet:
        return
    if command is not None:
        message = "\n".join(f"{command}: {line}" for line in message.splitlines())
    print(terminal_text(message), file=sys.stderr)


def alert(message: str) -> None:
    """A warning on stderr that --quiet does not silence: what a cron log (`-q`: only
    errors) must get although the run goes on and exits 0 (a scheduled sync that keeps
    failing). Its lines start with the command's name, as a note's do."""
    print(terminal_text(message), file=sys.stderr)


def fail(g: Output, message: str, code: int, *, document: bool = True) -> typer.Exit:
    """The error line on stderr (and with --json the error document, unless `document`
    is False: the command printed its own, which says what went wrong); the Exit to
    raise."""
    stamp = f"{g.stamp()} " if g.stamp is not None else ""
    print(terminal_text(f"memctl: error: {stamp}{message}"), file=sys.stderr)
    if g.json and document:
        try:
            print(json_text({"error": message, "exit_code": code}))
            sys.stdout.flush()
        except OSError:
            # stdout itself failed (a full disk: the error being reported): the line
            # on stderr says it; a second traceback would not.
            discard = getattr(sys.stdout, "discard", None)
            if discard is not None:
                discard()
    import typer  # here: the prompt hook's start-up (cli/hookrun.py) imports no typer

    return typer.Exit(code)


class Progress:
    """The spinner's handle: `stage()` names what runs now (its clock restarts),
    `pause()` takes the spinner off the terminal while a command prints there (a
    streamed reply), and the next `stage()` brings it back. Without a spinner (a pipe,
    --quiet, --json) every method does nothing."""

    def __init__(self, message: str = "") -> None:
        self._status: Any = None
        self._message = message
        self._started = time.monotonic()
        self._shown = False
        self._held: str | None = None
        self._where = ""

    def attach(self, status: Any) -> None:
        self._status, self._shown = status, True

    def __rich__(self) -> str:
        where = f" · {self._where}" if self._where else ""
        return f"{self._message}{where} · {time.monotonic() - self._started:.0f}s"

    def where(self, text: str) -> None:
        """How far a long stage is ("thread 3 of 12 · request 2 of 5"), shown after its
        name; the clock runs on (it times the stage, not the step)."""
        self._where = text

    def stage(self, message: str) -> None:
        self._message = message
        self._where = ""
        self._started = time.monotonic()
        if self._status is not None and not self._shown:
            with _ctrl_c_held():  # a new refresh thread: it must not take a Ctrl-C either
                self._status.start()
            self._shown = True

    def wait(self, message: str) -> None:
        """Say what the run waits for (another process's lock) until `resume()`."""
        self._held = self._message
        self.stage(message)

    def resume(self) -> None:
        if self._held is not None:
            self.stage(self._held)
            self._held = None

    def pause(self) -> None:
        if self._status is not None and self._shown:
            self._status.stop()
            self._shown = False


@contextlib.contextmanager
def working(g: Output, message: str) -> Iterator[Progress]:
    """A spinner on stderr naming the stage that runs and how long it has run, while a
    command waits for a model; only on a terminal, never with --quiet or --json, so cron
    logs and pipes stay clean."""
    if g.quiet or g.json or not sys.stderr.isatty():
        yield Progress()
        return
    from rich.console import Console

    # https://no-color.org, --color and FORCE_COLOR, as for search's hits.
    console = Console(stderr=True, no_color=not colour_wanted(sys.stderr))
    # Rich pads the spinner's line to the terminal's width; the terminal echoes Ctrl-C as
    # `^C` after it, which then wraps onto a line of its own, and clearing the spinner
    # clears only that one: the spinner stayed on screen above "interrupted". Two
    # columns to spare keep the echo on the spinner's line, which is cleared whole.
    console.width = max(console.width - len("^C"), 20)
    progress = Progress(message)
    status = console.status(progress, spinner="dots")
    try:  # stopped also when a Ctrl-C held meanwhile is raised as the mask is restored
        with _ctrl_c_held():
            status.start()  # its refresh thread inherits the mask: Ctrl-C stays the main's
        progress.attach(status)
        _SHOWN.append(progress)
        try:
            yield progress
        finally:
            _SHOWN.remove(progress)
    finally:
        status.stop()


@contextlib.contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """SIGINT blocked in this thread meanwhile, so that a thread started here never takes
    a Ctrl-C. The kernel hands a terminal's SIGINT to any thread that does not block it;
    taken by the spinner's, Python only notes it, and the main thread, asleep in poll()
    on the model's socket, went on waiting for the answer (up to the model's timeout)
    before it saw the interrupt (CI: a Ctrl-C not honoured within 48 s).

    The mask is read first and the block made inside the `try`: a Ctrl-C that came
    just before it is raised by the blocking call itself, after the mask changed
    (CPython runs pending handlers as pthread_sigmask returns), and a block made before
    the `try` was then never undone: the thread kept SIGINT blocked, and so did every
    thread and program it started after."""
    import signal  # here: only a spinner needs it, and a search's start-up imports none

    if not hasattr(signal, "pthread_sigmask"):  # Windows: Ctrl-C is an event, not this
        yield
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, set())  # reads it, changes nothing
    try:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


_SHOWN: list[Progress] = []
"""The spinner on the terminal now, if any: `lock_wait_shown` words a wait on it."""


def lock_wait_shown(message: str | None, *, without_spinner: bool = False) -> None:
    """A wait for a lock on the terminal (`views.lock_wait_told` words it): the spinner
    says it ("flush: waiting for another flush (pid 4242)…"), not "extracting facts" for
    the seconds the other run takes, and goes back to its stage when `message` is None.
    `without_spinner`: also said once on a terminal with no spinner (save, forget,
    thread append), where a wait of up to a minute looked hung (audit 21 F4). In a pipe
    or cron nothing is printed: the run is only slower."""
    progress = _SHOWN[-1] if _SHOWN else None
    if message is None:
        if progress is not None:
            progress.resume()
    elif progress is not None:
        progress.wait(message)
    elif without_spinner and sys.stderr.isatty():
        print(terminal_text(message), file=sys.stderr)


def page(text: str, *, painted: bool = False) -> None:
    """Print `text` (through `terminal_text`, unless `painted`: as `emit`); on a
    terminal, through the pager when it is longer than the screen ($PAGER, else
    `less -R`, as git does: -F leaves short output on the screen)."""
    text = text if painted else terminal_text(text)
    out = text if text.endswith("\n") or not text else text + "\n"
    if not out:
        return
    if not (sys.stdout.isatty() and sys.stdin.isatty()):
        sys.stdout.write(out)
        return
    import shutil
    import subprocess

    rows = shutil.get_terminal_size().lines
    pager = os.environ.get("PAGER") or "less -R"
    if out.count("\n") < rows or pager in ("cat", ""):
        sys.stdout.write(out)
        return
    if not _runnable(pager):
        # A $PAGER that is not there (`PAGER=nope`): the output, unpaged, as git gives it,
        # not a lone "sh: nope: not found" and exit 0.
        sys.stdout.write(out)
        return
    sys.stdout.flush()
    env = {**os.environ, "LESS": os.environ.get("LESS", "FRX")}
    try:
        done = subprocess.run(pager, shell=True, input=out.encode("utf-8"), env=env, check=False)
    except OSError:
        sys.stdout.write(out)
        return
    if done.returncode in (126, 127):  # the shell could not run it: nothing was shown
        sys.stdout.write(out)


def _runnable(pager: str) -> bool:
    """Whether the pager's program can be found (its first word, after any VAR=value)."""
    import shlex
    import shutil

    try:
        words = shlex.split(pager)
    except ValueError:
        return False
    import re

    program = next((w for w in words if not re.match(r"[A-Za-z_]\w*=", w)), None)
    return program is not None and shutil.which(program) is not None


COLOUR_CHOICES = ("auto", "always", "never")
_COLOUR = ["auto"]
"""`--color` of the run: set once by the global options, read wherever colour is drawn."""


def set_colour(choice: str) -> None:
    _COLOUR[0] = choice


def colour_wanted(stream: Any = None) -> bool:
    """`--color always|never` decide; else FORCE_COLOR set (and not 0 or false) turns
    colour on, a pipe included, as Node and many CLIs read it, over NO_COLOR; else colour
    only for a person looking at a terminal, as grep --color=auto does."""
    if _COLOUR[0] != "auto":
        return _COLOUR[0] == "always"
    forced = os.environ.get("FORCE_COLOR")
    if forced is not None and forced.strip().lower() not in ("0", "false"):
        return True
    stream = sys.stdout if stream is None else stream
    # no-color.org: NO_COLOR counts when set and not empty (as `memctl --help` says).
    return stream.isatty() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


def table(header: list[str], rows: list[dict[str, Any]]) -> str:
    """Aligned columns under a header, numbers to the right, as `status` prints threads."""
    cells = [header, *([str(row.get(key, "")) for key in header] for row in rows)]
    widths = [max(len(line[i]) for line in cells) for i in range(len(header))]
    numeric = [all(isinstance(row.get(key), int) for row in rows) for key in header]
    return "\n".join(
        "  ".join(
            cell.rjust(widths[i]) if numeric[i] else cell.ljust(widths[i])
            for i, cell in enumerate(line)
        ).rstrip()
        for line in cells
    )
