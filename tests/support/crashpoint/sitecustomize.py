"""SIGKILL a memctl process at an exact write, for tests/system/test_crash.py.

`site` imports this module at start-up when tests/support/crashpoint is on PYTHONPATH, so the
installed `memctl` runs unchanged and no test switch lives in memctl itself. With
MEMCTL_CRASH_ROOT set, an audit hook numbers every operation that changes a file under
that folder (an open for writing, a rename, a removal, a chmod, a new folder), writes
`<number> <event> <path>` to the file MEMCTL_CRASH_LOG names, and kills the process with
SIGKILL just before operation number MEMCTL_CRASH_AT, or just before the first operation
that follows one on a path starting with MEMCTL_CRASH_AFTER (relative to the root): the
state a power cut or `kill -9` leaves at that instant. Writes SQLite makes (the search
index) are C calls no hook sees; MEMCTL_CRASH_READ kills just before the file at that
path (relative to the root) is opened for reading, as the index opens each file it
indexes inside its one write transaction. MEMCTL_CRASH_APPEND kills inside an append to
the file at that path (relative to the root), between two of its pieces (memctl's
`memctl.append` audit event, `durable.APPEND_PIECE`): a torn last line, at a known point.
MEMCTL_CRASH_AFTER_EXEC kills just before the first file operation or program started
after a program whose command line starts with its words (`git push`): the instant after
that program ended, which no file operation of memctl's own marks (sync's push).
Reads are neither numbered nor logged. Without MEMCTL_CRASH_ROOT it does nothing.

MEMCTL_INTERRUPT_IMPORT (no root needed) sends the process SIGINT when it first loads
the module of that name: a Ctrl-C at that exact instant of its start-up or its work,
which a timed signal from outside hits only by chance.
"""

from __future__ import annotations

import os
import signal
import sys

_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
_CHANGES = ("os.rename", "os.remove", "os.rmdir", "os.mkdir", "os.chmod", "os.truncate")


def _install(root: str) -> None:
    at = int(os.environ.get("MEMCTL_CRASH_AT") or 0)
    after = os.environ.get("MEMCTL_CRASH_AFTER")
    read_at = os.environ.get("MEMCTL_CRASH_READ")
    append_at = os.environ.get("MEMCTL_CRASH_APPEND")
    after_exec = os.environ.get("MEMCTL_CRASH_AFTER_EXEC")
    armed = exec_armed = False
    log_name = os.environ.get("MEMCTL_CRASH_LOG")
    # Opened before the hook exists, and written with os.write (no audit event).
    log = os.open(log_name, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644) if log_name else None
    inside = os.path.realpath(root) + os.sep
    count = 0

    def hook(event: str, args: tuple) -> None:
        nonlocal count, armed, exec_armed
        reading = False
        if event == "memctl.append":
            if append_at and os.path.realpath(args[0]) == os.path.join(inside, append_at):
                os.kill(os.getpid(), signal.SIGKILL)
            return
        if event == "subprocess.Popen":
            if exec_armed:
                os.kill(os.getpid(), signal.SIGKILL)
            argv = args[1] or ()
            command = (
                os.fsdecode(argv)
                if isinstance(argv, str | bytes)
                else " ".join(os.fsdecode(arg) for arg in argv)
            )
            exec_armed = bool(after_exec) and command.startswith(after_exec)
            return
        if event == "open":
            path, _mode, flags = args
            if not isinstance(flags, int):
                return
            reading = not flags & _WRITE_FLAGS
            if reading and not read_at:
                return
        elif event in _CHANGES:
            path = args[0]
        else:
            return
        if not isinstance(path, str | bytes | os.PathLike):
            return
        full = os.path.realpath(os.fsdecode(path))
        if not full.startswith(inside) or (event == "os.mkdir" and os.path.isdir(full)):
            return
        relative = full[len(inside) :]
        if reading:
            if relative == read_at:
                os.kill(os.getpid(), signal.SIGKILL)
            return
        count += 1
        if log is not None:
            os.write(log, f"{count} {event} {relative}\n".encode())
        if count == at or armed or exec_armed:
            os.kill(os.getpid(), signal.SIGKILL)
        armed = bool(after) and relative.startswith(after)

    sys.addaudithook(hook)


def _interrupt_at(module: str) -> None:
    def hook(event: str, args: tuple) -> None:
        if event == "import" and args[0] == module:
            os.kill(os.getpid(), signal.SIGINT)

    sys.addaudithook(hook)


if os.environ.get("MEMCTL_CRASH_ROOT"):
    _install(os.environ["MEMCTL_CRASH_ROOT"])
if os.environ.get("MEMCTL_INTERRUPT_IMPORT"):
    _interrupt_at(os.environ["MEMCTL_INTERRUPT_IMPORT"])
