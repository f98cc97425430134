"""Run `memctl` in a process of its own without paying Python's start-up and memctl's
imports for each run: a server, started once per test process, imports memctl and then
forks a child per run, which becomes `memctl ARGS` with the argv, environment, working
folder, umask and standard streams (real descriptors: pipes, files, /dev/null) the test
gave. The child is a separate process like any other: it can be killed with SIGKILL at
an exact write (tests/support/crashpoint, installed in the child when its PYTHONPATH
names it, as `site` installs it in a fresh interpreter), its exit status is the one the
interpreter's exit gives (`sys.exit(main())`, as the installed console script ends),
and what it wrote is on disk when the test reads it.

What a fork would carry over that a fresh interpreter would not, and how it is kept out:

- the server only imports (memctl's CLI and every command module, and the libraries
  their runs import lazily: no model, no litellm), it runs nothing, so no cache of
  memctl's is filled; it starts no thread and sets no signal handler and no logging
  handler of its own;
- environment read at import time: the server starts with the test process's
  environment and the run's values of the variables that the interpreter's start-up or
  a pre-imported module reads once at import (IMPORT_ENV), and a run gets a server of
  its own for each set of their values;
- the code imported: the server starts with the run's PYTHONPATH (less the crash
  point's folder, which a run adds itself), so it imports memctl from where the
  executable given that environment would (a checkout on PYTHONPATH, not the editable
  install), and a run gets a server of its own for each PYTHONPATH. The server says
  which memctl it imported on its "ready" line: one that is not the test process's
  own ends the run with an error that says so, as neither a forked run nor the
  executable would run the code under test;
- the standard streams are made again in the child on descriptors 0, 1 and 2, as the
  interpreter makes them (line buffering on a terminal, stderr's backslashreplace);
- `random` reseeds itself in a forked child (os.register_at_fork) and tempfile's names
  follow the pid; the children share the server's string hash seed (PYTHONHASHSEED):
  each run of a fresh interpreter would draw its own.

A run that calls a provider model (`model=True`) is forked from a server that has also
imported litellm, as memctl's `import_litellm` does: seconds of CPU a run less. That
import starts no thread and opens no file or socket (measured: `threading.enumerate()`,
/proc/self/fd); the atexit handlers and warning filters it adds are the ones a fresh run
importing it adds. It reads about 400 environment variables once (its settings, the SSL
files, TMPDIR, NO_COLOR) and whether stdout and stderr are terminals (its log colours).
So a run is forked from a server that imported litellm with a terminal (a pseudo-
terminal of its own, during the import) on the standard descriptors where the run has
one; the server notes each variable the import read with the value read, and a run
whose environment differs in one of them is forked from the server without litellm
instead, and imports it itself. So is every run when the import changed the server's
environment (a `.env` file litellm loaded) or went through all of it. What the import
would print goes to the server's streams, not the run's (it prints nothing, which
test_model_failures checks on the installed command). A run that must show which
modules it imports or what the import prints is never given `model=True`; nor is a
test process's single model call: the server pays the import once per test process.

Not covered here, and so left on the installed executable: start-up itself (which
modules a run loads, tests/cli/test_startup.py), a closed standard descriptor, a
terminal's signals, a run as another user (setpriv) or under a resource limit.

The protocol: one SOCK_SEQPACKET connection per run; the client sends the request as
JSON with its three descriptors (SCM_RIGHTS), the server forks a handler that forks the
run, sends the run's pid, waits for it and sends its exit code (minus the signal number
when a signal ended it, as subprocess reports it).
"""

from __future__ import annotations

import atexit
import contextlib
import json
import locale
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any

IMPORT_ENV = (
    # the interpreter's start-up: stream encodings, hashing, bytecode, warnings, paths
    "PYTHONIOENCODING",
    "PYTHONUTF8",
    "PYTHONHASHSEED",
    "PYTHONDONTWRITEBYTECODE",
    "PYTHONUNBUFFERED",
    "PYTHONWARNINGS",
    "PYTHONSAFEPATH",
    "PYTHONHOME",
    "PYTHONNOUSERSITE",
    "PYTHONUSERBASE",
    "PYTHONSTARTUP",
    "PYTHONINSPECT",
    "PYTHONOPTIMIZE",
    "PYTHONDEVMODE",
    "PYTHONMALLOC",
    "PYTHONFAULTHANDLER",
    "PYTHONTRACEMALLOC",
    "PYTHONPROFILEIMPORTTIME",
    "PYTHONINTMAXSTRDIGITS",
    "PYTHONNODEBUGRANGES",
    "LANG",
    "LC_ALL",
    "LC_CTYPE",
    "TZ",  # `time` sets time.timezone and time.tzname from it when imported
    # read once when typer is imported (typer/core.py, typer/rich_utils.py)
    "TYPER_USE_RICH",
    "TERMINAL_WIDTH",
    "_TYPER_FORCE_DISABLE_TERMINAL",
    "GITHUB_ACTIONS",
    "FORCE_COLOR",
    "PY_COLORS",
)
"""Variables whose value a forked run would take from the server's start, not from the
environment it is given."""

PRELOAD = (
    "memctl.cli.app",
    "memctl.cli.core",
    "memctl.cli.output",
    "memctl.cli.hookrun",
    "memctl.agents.registry",
    "memctl.pipeline.flush",
    "memctl.pipeline.consolidate",
    "memctl.pipeline.compact",
    "memctl.pipeline.sync",
    "memctl.pipeline.save",
    "memctl.retrieval.search",
    "memctl.retrieval.recall",
    "memctl.models.builtin",
    "memctl.models.resolve",
    "yaml",
    "filelock",
    "dateutil.parser",
    "tempfile",
    "sqlite3",
    "subprocess",
)
"""Imported by the server before it forks (and every command module, in the order
`memctl --help` imports them); what a run needs beyond these it imports itself."""

MODEL = "model"
"""The start of the server's mode argument (beside PLAIN) that has it import litellm
too, followed by which of its descriptors 0, 1 and 2 are terminals during the import
("model:011": stdout and stderr), as the runs forked from it have them."""
PLAIN = "plain"


# --------------------------------------------------------------------------- the server


def serve(address: str, ready: dict[str, object]) -> tuple[dict[str, object], list[int]]:
    """Accept runs until the test process goes away (its end of our stdin closes);
    returns only in a forked run, with that run's request and descriptors. The ready
    line is `ready` as JSON: `origin`, the file memctl was imported from, and for a
    server with litellm what its import read (`import_litellm_noting_reads`)."""
    import select

    listener = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    listener.bind(address)
    listener.listen(64)
    os.write(1, b"ready " + json.dumps(ready).encode() + b"\n")
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)  # nothing of ours reaches the test process's pipe again
    os.close(null)
    while True:
        _reap()
        ready, _, _ = select.select([listener, 0], [], [], 1.0)
        if 0 in ready and not os.read(0, 1):
            return {}, []  # the test process ended: so does the server
        if listener not in ready:
            continue
        connection, _ = listener.accept()
        data, fds, _, _ = socket.recv_fds(connection, 1 << 20, 3)
        if os.fork() == 0:  # the handler of this run
            listener.close()
            os.close(0)
            run = os.fork()
            if run == 0:
                connection.close()
                return json.loads(data), fds
            try:
                for fd in fds:
                    os.close(fd)
                connection.send(str(run).encode())
                _, status = os.waitpid(run, 0)
                connection.send(str(os.waitstatus_to_exitcode(status)).encode())
            finally:
                os._exit(0)  # never back into the server's loop
        connection.close()
        for fd in fds:
            os.close(fd)


def _reap() -> None:
    """Collect the handlers that have ended."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def import_litellm_noting_reads(terminals: str) -> dict[str, object]:
    """Import litellm as a run that calls a provider model does, with a terminal on each
    descriptor that `terminals` ("011") marks, noting each environment variable the
    import reads with the value it read (None: unset), and whether the import went
    through the whole environment or changed it (then no run can be checked against
    what it read)."""
    from memctl.models.litellm_adapter import import_litellm

    controller, terminal = os.openpty()
    kept = {fd: os.dup(fd) for fd, mark in enumerate(terminals) if mark == "1"}
    for fd in kept:
        os.dup2(terminal, fd)

    environ_type = type(os.environ)
    get_item, iterate = environ_type.__getitem__, environ_type.__iter__
    read: dict[str, str | None] = {}
    whole = False

    def noted_get_item(environ: Any, name: str) -> str:
        try:
            value: str = get_item(environ, name)
        except KeyError:
            read.setdefault(name, None)
            raise
        read.setdefault(name, value)
        return value

    def noted_iterate(environ: Any) -> Any:
        nonlocal whole
        whole = True
        return iterate(environ)

    before = dict(os.environ)
    environ_type.__getitem__ = noted_get_item  # type: ignore[method-assign]
    environ_type.__iter__ = noted_iterate  # type: ignore[method-assign]
    try:
        import_litellm()
    finally:
        environ_type.__getitem__ = get_item  # type: ignore[method-assign]
        environ_type.__iter__ = iterate  # type: ignore[method-assign]
        for fd, saved in kept.items():
            os.dup2(saved, fd)
            os.close(saved)
        os.close(terminal)
        os.close(controller)
    # import_litellm's own default, which every run's import sets the same way
    before.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    return {"read": read, "checkable": not whole and dict(os.environ) == before}


def become(request: dict[str, object], fds: list[int], server_path: list[str]) -> None:
    """Make this forked process what a fresh `memctl ARGS` would be, short of running it."""
    import io

    for number, fd in enumerate(fds):
        if fd != number:
            os.dup2(fd, number)
    for fd in fds:
        if fd > 2:
            os.close(fd)
    os.chdir(str(request["cwd"]))
    os.umask(int(str(request["umask"])))
    environment = request["env"]
    assert isinstance(environment, dict)
    os.environ.clear()
    os.environ.update(environment)
    # PYTHONPATH's folders come right after the script's, as in a fresh interpreter,
    # and `site` then imports the first sitecustomize found (the crash point's hook).
    added = [
        p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p and p not in server_path
    ]
    sys.path[1:1] = added
    streams = []
    for fd, name in ((0, "stdin"), (1, "stdout"), (2, "stderr")):
        old = getattr(sys, name)
        tty = os.isatty(fd)
        binary = open(fd, "rb" if fd == 0 else "wb", closefd=False)  # noqa: SIM115
        streams.append(
            io.TextIOWrapper(
                binary,
                encoding=old.encoding,
                errors=old.errors,
                newline="\n",
                line_buffering=tty or fd == 2,
            )
        )
    sys.stdin, sys.stdout, sys.stderr = streams
    sys.__stdin__, sys.__stdout__, sys.__stderr__ = streams
    if any(os.path.isfile(os.path.join(p, "sitecustomize.py")) for p in added):
        import importlib

        sys.modules.pop("sitecustomize", None)
        importlib.import_module("sitecustomize")
    args = request["args"]
    assert isinstance(args, list)
    sys.argv = [str(request["program"]), *map(str, args)]


def main() -> None:
    """The server, run by LAUNCH with MODE ADDRESS as its last arguments: ADDRESS is the
    socket to listen on, MODE (MODEL or PLAIN) whether litellm is imported too."""
    import gc
    import importlib

    from memctl.cli import app

    for name in PRELOAD:
        importlib.import_module(name)
    app._register_all()
    import memctl

    ready: dict[str, object] = {"origin": str(memctl.__file__)}
    mode = sys.argv[-2]
    if mode.startswith(MODEL):
        ready.update(import_litellm_noting_reads(mode.partition(":")[2]))
    gc.collect()
    gc.freeze()  # the children share these pages, unwritten
    server_path = list(sys.path)
    request, fds = serve(sys.argv[-1], ready)
    if not fds:
        return
    become(request, fds, server_path)
    sys.exit(app.main())  # type: ignore[func-returns-value]


# --------------------------------------------------------------------------- the client

LAUNCH = (
    "import runpy, sys; sys.path[0] = sys.argv[1]; runpy.run_path(sys.argv[2], run_name='__main__')"
)
"""How the server starts: sys.path[0] is the folder of the installed `memctl`, as a fresh
run's is (not tests/support, whose secrets.py would hide the standard library's), before
this file imports anything."""

MEMCTL = Path(sys.executable).with_name("memctl")
EXECUTABLE = os.environ.get("MEMCTL_TESTS_EXECUTABLE") == "1"
"""With MEMCTL_TESTS_EXECUTABLE=1 in the environment the suite starts in, `popen` and
`run` start the installed executable instead (subprocess): the tests that fork, run
both ways, must agree. Read at import, before the tests' isolated environment drops
every MEMCTL_ variable."""
_servers: dict[tuple[str | None, ...], _Server] = {}
_lock = threading.Lock()

CRASHPOINT = Path(__file__).with_name("crashpoint")
"""The crash point's folder (helpers.CRASHPOINT): a run that has it on PYTHONPATH installs
its hook itself (`become`), so the server never has it."""

START_SECONDS = 300.0
"""How long a server may take to import memctl and say it is ready (about 1 s alone;
much more on a machine loaded with other runs) before the test fails instead of hanging."""

REPLY_SECONDS = 60.0
"""How long the server may take to fork a run and send its pid."""


def _code_path(environment: Mapping[str, str]) -> str | None:
    """The run's PYTHONPATH less the crash point's folder: where its memctl comes from."""
    crash = os.path.realpath(CRASHPOINT)
    given = environment.get("PYTHONPATH")
    if given is None:
        return None
    kept = [p for p in given.split(os.pathsep) if not p or os.path.realpath(p) != crash]
    return os.pathsep.join(kept) if any(kept) else None


def _key(environment: Mapping[str, str], mode: str) -> tuple[str | None, ...]:
    """What a server is started with from a run's environment: the IMPORT_ENV values,
    the code's PYTHONPATH (`_code_path`) and the mode (MODEL or PLAIN)."""
    return (*(environment.get(name) for name in IMPORT_ENV), _code_path(environment), mode)


class _Server:
    """One server process, for runs whose `_key` is `key`: it starts with the test
    process's environment (no MEMCTL_ variable) and the key's values, given to it, not
    set in os.environ, which the test's other threads read."""

    def __init__(self, key: tuple[str | None, ...]) -> None:
        *values, mode = key
        environment = {
            k: v
            for k, v in os.environ.items()
            if k != "PYTHONPATH" and k not in IMPORT_ENV and not k.startswith("MEMCTL_")
        }
        for name, value in zip((*IMPORT_ENV, "PYTHONPATH"), values, strict=True):
            if value is not None:
                environment[name] = value
        self.folder = tempfile.mkdtemp(prefix="memctl-forks-")
        self.address = os.path.join(self.folder, "socket")
        self.process = subprocess.Popen(
            [sys.executable, "-c", LAUNCH, str(MEMCTL.parent), __file__, str(mode), self.address],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=environment,
            cwd=self.folder,
        )
        atexit.register(self.stop)
        ready = self._ready_line()
        if not ready.startswith(b"ready "):
            self.stop()
            raise RuntimeError(f"the fork server did not start: {ready!r}")
        said = json.loads(ready[len(b"ready ") :])
        self.origin = str(said["origin"])
        """The file the server imported memctl from."""
        self.litellm_read: dict[str, str | None] | None = (
            said["read"] if said.get("checkable") else None
        )
        """What the server's import of litellm read from the environment (None: no
        litellm, or an import no run can be checked against)."""

    def forks_like_a_fresh_import(self, environment: Mapping[str, str]) -> bool:
        """Whether a run with `environment`, forked from this server with litellm
        imported (with its terminals: the key), has the litellm its own import would
        give: the same values of all the import read."""
        if self.litellm_read is None:
            return False
        return all(environment.get(name) == value for name, value in self.litellm_read.items())

    def _ready_line(self) -> bytes:
        """The server's first line, or what it wrote by the time it ended or
        START_SECONDS passed (RuntimeError then: a server stuck in an import)."""
        import select

        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        line = b""
        deadline = time.monotonic() + START_SECONDS
        while not line.endswith(b"\n"):
            left = deadline - time.monotonic()
            ready, _, _ = select.select([fd], [], [], max(0.0, left))
            if not ready:
                self.process.kill()
                self.stop()
                raise RuntimeError(
                    f"the fork server did not say it was ready in {START_SECONDS:g} s"
                    f" (it wrote {line!r})"
                )
            data = os.read(fd, 4096)
            if not data:
                break
            line += data
        return line.rstrip(b"\n")

    def stop(self) -> None:
        if self.process.stdin is not None and not self.process.stdin.closed:
            self.process.stdin.close()  # the server's cue to end
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


def _server(environment: Mapping[str, str], mode: str = PLAIN) -> _Server:
    key = _key(environment, mode)
    with _lock:
        if key not in _servers or _servers[key].process.poll() is not None:
            _servers[key] = _Server(key)
        server = _servers[key]
    import memctl

    ours = os.path.realpath(str(memctl.__file__))
    if os.path.realpath(server.origin) != ours:
        raise RuntimeError(
            f"the fork server imported memctl from {server.origin}, the tests run"
            f" {ours}: a forked run (and the executable, given the run's PYTHONPATH"
            f" {environment.get('PYTHONPATH')!r}) would not run the code under test."
            " Put the checkout on PYTHONPATH as an absolute path, and keep it in a"
            " run's PYTHONPATH (helpers.crash_path)"
        )
    return server


Stream = int | IO[Any] | None


def _descriptor(stream: Stream, default: int, reading: bool) -> tuple[int, int | None]:
    """(the descriptor the run gets, our end of a pipe or None)."""
    if stream is None:
        return default, None
    if stream == subprocess.DEVNULL:
        return os.open(os.devnull, os.O_RDONLY if reading else os.O_WRONLY), None
    if stream == subprocess.PIPE:
        read, write = os.pipe()
        return (read, write) if reading else (write, read)
    if isinstance(stream, int):
        return stream, None
    return stream.fileno(), None


def _words(args: Sequence[object]) -> list[str]:
    """The arguments as the run's sys.argv holds them: bytes decoded as the interpreter
    decodes a command line that is not UTF-8 (surrogateescape)."""
    return [os.fsdecode(a) if isinstance(a, bytes) else str(a) for a in args]


class Forked:
    """A `memctl` run forked by the server: what tests use of subprocess.Popen (pid,
    returncode, poll, wait, communicate, send_signal, kill), with its output decoded as
    `text=True` decodes it."""

    def __init__(
        self,
        args: Sequence[object],
        *,
        stdin: Stream = None,
        stdout: Stream = None,
        stderr: Stream = None,
        env: Mapping[str, str] | None = None,
        cwd: str | os.PathLike[str] | None = None,
        text: bool = False,
        model: bool = False,
    ) -> None:
        environment = dict(os.environ if env is None else env)
        self.args = [str(MEMCTL), *_words(args)]
        self.text = text
        self.returncode: int | None = None
        ends = [
            _descriptor(stdin, 0, True),
            _descriptor(stdout, 1, False),
            _descriptor(stderr, 2, False),
        ]
        umask = os.umask(0o022)
        os.umask(umask)
        request = {
            "program": str(MEMCTL),
            "args": self.args[1:],
            "env": environment,
            "cwd": os.fspath(cwd) if cwd is not None else os.getcwd(),
            "umask": umask,
        }
        terminals = "".join("1" if os.isatty(fd) else "0" for fd, _ in ends)
        with_litellm = _server(environment, f"{MODEL}:{terminals}") if model else None
        if with_litellm is not None and with_litellm.forks_like_a_fresh_import(environment):
            server = with_litellm
        else:
            server = _server(environment)
        self.forked_with_litellm = server is with_litellm
        """Whether the run was forked with litellm imported (`model` and a match)."""
        self.connection = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.connection.connect(server.address)
            given = [fd for fd, _ in ends]
            socket.send_fds(self.connection, [json.dumps(request).encode()], given)
            self.connection.settimeout(REPLY_SECONDS)
            try:
                reply = self.connection.recv(64)
            except TimeoutError:
                raise RuntimeError(
                    f"the fork server sent no pid for `memctl {' '.join(self.args[1:])}`"
                    f" in {REPLY_SECONDS:g} s"
                ) from None
            if not reply:
                raise RuntimeError("the fork server's handler of this run went away")
            self.pid = int(reply)
        finally:
            for (fd, ours), stream in zip(ends, (stdin, stdout, stderr), strict=True):
                if ours is not None or stream == subprocess.DEVNULL:
                    os.close(fd)  # the run has its own copy now
        self.stdin = os.fdopen(ends[0][1], "wb") if ends[0][1] is not None else None
        self.stdout = os.fdopen(ends[1][1], "rb") if ends[1][1] is not None else None
        self.stderr = os.fdopen(ends[2][1], "rb") if ends[2][1] is not None else None
        self._readers: list[threading.Thread] = []
        self._read: dict[str, bytes] = {}

    def _status(self, block: bool, timeout: float | None) -> int | None:
        if self.returncode is not None:
            return self.returncode
        self.connection.settimeout(timeout if block else 0)
        try:
            data = self.connection.recv(64)
        except (BlockingIOError, TimeoutError):
            if block:
                raise subprocess.TimeoutExpired(self.args, timeout or 0) from None
            return None
        assert data, "the fork server's handler of this run went away"
        self.returncode = int(data)
        self.connection.close()
        return self.returncode

    def poll(self) -> int | None:
        return self._status(False, None)

    def wait(self, timeout: float | None = None) -> int:
        code = self._status(True, timeout)
        assert code is not None
        return code

    def send_signal(self, number: int) -> None:
        """As `subprocess.Popen.send_signal`: a process that ended since the poll (the
        fork server, its parent, has reaped it already) is no error."""
        if self.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, number)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def communicate(
        self, input: bytes | str | None = None, timeout: float | None = None
    ) -> tuple[Any, Any]:
        """Write `input`, read both outputs to their ends, wait for the exit."""
        if not self._readers:
            if self.stdin is not None:
                data = input.encode() if isinstance(input, str) else input or b""
                self._readers.append(threading.Thread(target=self._write, args=(data,)))
            for name in ("stdout", "stderr"):
                if getattr(self, name) is not None:
                    self._readers.append(threading.Thread(target=self._drain, args=(name,)))
            for thread in self._readers:
                thread.daemon = True
                thread.start()
        deadline = None if timeout is None else time.monotonic() + timeout
        for thread in self._readers:
            thread.join(None if deadline is None else max(0.0, deadline - time.monotonic()))
            if thread.is_alive():
                raise subprocess.TimeoutExpired(self.args, timeout or 0)
        self.wait(None if deadline is None else max(0.0, deadline - time.monotonic()))
        return self._output("stdout"), self._output("stderr")

    def _write(self, data: bytes) -> None:
        assert self.stdin is not None
        with contextlib.suppress(BrokenPipeError):
            self.stdin.write(data)
        with contextlib.suppress(BrokenPipeError):
            self.stdin.close()

    def _drain(self, name: str) -> None:
        stream = getattr(self, name)
        self._read[name] = stream.read()
        stream.close()

    def _output(self, name: str) -> Any:
        if getattr(self, name) is None:
            return None
        data = self._read.get(name, b"")
        if not self.text:
            return data
        # as subprocess decodes with text=True: the locale's encoding, universal newlines
        decoded = data.decode(locale.getpreferredencoding(False))
        return decoded.replace("\r\n", "\n").replace("\r", "\n")


def popen(
    args: Sequence[object],
    *,
    stdin: Stream = None,
    stdout: Stream = None,
    stderr: Stream = None,
    env: Mapping[str, str] | None = None,
    text: bool = False,
    model: bool = False,
) -> Forked | subprocess.Popen[Any]:
    """`memctl ARGS` started and not waited for: forked, or (EXECUTABLE) the installed
    executable. `model`: the run calls a provider model, so it is forked with litellm
    imported when that gives what its own import would (see the module's docstring)."""
    if EXECUTABLE:
        return subprocess.Popen(
            [str(MEMCTL), *_words(args)],
            stdin=stdin,
            stdout=stdout,
            stderr=stderr,
            env=env,
            text=text,
        )
    return Forked(args, stdin=stdin, stdout=stdout, stderr=stderr, env=env, text=text, model=model)


def run(
    args: Sequence[object],
    *,
    input: bytes | str | None = None,
    env: Mapping[str, str] | None = None,
    cwd: str | os.PathLike[str] | None = None,
    timeout: float | None = None,
    text: bool = False,
    model: bool = False,
) -> subprocess.CompletedProcess[Any]:
    """`subprocess.run([memctl, *args], capture_output=True, ...)` on a forked run (or,
    EXECUTABLE, that call itself): stdin is `input` (empty when None, never the test
    process's own); `model` as for `popen`."""
    if EXECUTABLE:
        data = input.encode() if isinstance(input, str) else input or b""
        return subprocess.run(
            [str(MEMCTL), *_words(args)],
            input=data.decode() if text else data,
            capture_output=True,
            env=env,
            cwd=cwd,
            timeout=timeout,
            text=text,
            check=False,
        )
    process = Forked(
        args,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=cwd,
        text=text,
        model=model,
    )
    try:
        out, err = process.communicate(input, timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        raise
    return subprocess.CompletedProcess(process.args, process.wait(), out, err)


if __name__ == "__main__":
    main()
