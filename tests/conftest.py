"""Shared fixtures: an isolated environment, temporary workspaces, and a CLI runner."""

from __future__ import annotations

import functools
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
import typer.main
import typer.testing
from hypothesis import HealthCheck, settings
from typer.testing import CliRunner

from memctl.cli.app import app
from memctl.core.workspace import init_workspace
from tests.support.helpers import Run, isolate, litellm_import_seconds, snapshot
from tests.support.llm_server import TEST_KEY, TEST_KEY_ENV, LLMServer

# Hypothesis's checks of time are off for every property test (a test's own @settings
# keeps what it does not set from here): its deadline (200 ms an example) and its health
# check of slow data failed tests on a loaded machine where nothing but the clock was
# wrong (test_sync_merge's merge of six short lists took 620 ms beside other runs on 2
# cores). A property is checked by its assertions, not by its speed.
settings.register_profile("memctl", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("memctl")


def pytest_configure(config: pytest.Config) -> None:
    """The suite writes bytecode caches (git ignores them) even where the environment
    says not to (PYTHONDONTWRITEBYTECODE): it starts two thousand interpreters, and each
    would compile memctl's modules again, and each worker would rewrite and compile every
    test module again (4 of the 7 seconds a worker spends collecting). Unset before the
    workers start, so they and every `memctl` they run inherit it; a tree that cannot be
    written is no error, Python then only compiles in memory."""
    if sys.dont_write_bytecode and not hasattr(config, "workerinput"):
        sys.dont_write_bytecode = False
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    if not hasattr(config, "workerinput") and config.option.basetemp is None:
        _temporary_files_in_memory()
    _ctrl_c_as_a_shell_gives_it()


def _ctrl_c_as_a_shell_gives_it() -> None:
    """SIGINT handled (Python's KeyboardInterrupt) and not blocked in this process, so in
    the workers it starts and every memctl they run, as a job-control shell starts a
    foreground job, however the suite was started. A non-interactive shell starts a
    background job (`pytest ... &`) with SIGINT ignored, which goes through exec: every
    run a test sends a Ctrl-C then went on (the crash point's Ctrl-C cases exited 0, in
    whole-suite runs started so, never in one started at a prompt)."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return  # pytest run from a thread (an editor's runner): signals are the main's
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if hasattr(signal, "pthread_sigmask"):  # not on Windows
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


MEMORY_TMP = Path("/dev/shm")
MEMORY_TMP_FREE = 2 << 30
"""Free bytes /dev/shm must have: a whole run writes a few hundred MB at most, and only
failed tests' folders are kept (`tmp_path_retention_policy` in pyproject.toml)."""


def _temporary_files_in_memory() -> None:
    """The tests' folders (tmp_path) on tmpfs: every memctl write ends in an fsync, every
    index commit in SQLite's, and a shared disk made each wait milliseconds (the search
    property tests spent half their time there: 19 s on disk, 9 s in memory). Nothing a
    test checks depends on the disk: a SIGKILL (tests/system/test_crash.py) loses no
    written page either way, and a full disk is simulated by RLIMIT_FSIZE. Set here, in
    the controller before the workers start, so they (their basetemp comes from it) and
    every memctl and git they run use it. A TMPDIR or --basetemp the developer chose is
    kept, and /dev/shm is used only if it exists, can run programs (the tests write
    scripts there and run them: Docker mounts it noexec) and has room."""
    if "TMPDIR" in os.environ:
        return
    try:
        info = os.statvfs(MEMORY_TMP)
    except OSError:
        return
    writable = os.access(MEMORY_TMP, os.W_OK | os.X_OK)
    if (
        not writable
        or info.f_flag & os.ST_NOEXEC
        or info.f_bavail * info.f_frsize < MEMORY_TMP_FREE
    ):
        return
    os.environ["TMPDIR"] = str(MEMORY_TMP)
    tempfile.tempdir = None  # gettempdir() reads TMPDIR again


@pytest.fixture(autouse=True)
def isolated_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No test sees the developer's keys, workspace or model override."""
    isolate(monkeypatch)
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """A fresh workspace made by `memctl init`'s own code."""
    root = tmp_path / "ws"
    init_workspace(root)
    return root


@pytest.fixture(name="snapshot")
def snapshot_fixture():
    """`snapshot(root)`: the whole tree, to prove that a failed run left it as it was."""
    return snapshot


@functools.cache
def _built_app() -> Any:
    """The app as click parses it. Typer rebuilds this from every command's signature on
    each invoke, a tenth of a second that most in-process runs would otherwise spend;
    the app is the same for the whole session, so it is built once per process."""
    return typer.main.get_command(app)


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch):
    """Run memctl in-process through Typer's runner: cli("-w", ws, "status", input=...)."""
    monkeypatch.setattr(typer.testing, "_get_command", lambda _app: _built_app())
    runner = CliRunner()

    def run(*args: object, input: str | bytes | None = None) -> Run:
        result = runner.invoke(app, [str(a) for a in args], input=input, catch_exceptions=False)
        return Run(result.exit_code, result.stdout, result.stderr)

    return run


@pytest.fixture
def llm_server(isolated_env: None, monkeypatch: pytest.MonkeyPatch):
    """A loopback OpenAI-compatible server for this test (see tests/support/llm_server.py).

    It sets MEMCTL_TEST_KEY, the api_key_env `write_model_config` names, and keeps
    proxies away from 127.0.0.1 so the requests really reach it.
    """
    litellm_import_seconds()  # imports litellm, timed, for time_limit()
    monkeypatch.setenv(TEST_KEY_ENV, TEST_KEY)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.setenv("no_proxy", "127.0.0.1,localhost")
    server = LLMServer().start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def short_backoff(monkeypatch: pytest.MonkeyPatch) -> None:
    """memctl's pause between attempts, shortened for the runs of this process: tests that
    count attempts and read the error line need no half-second waits, and the pause's own
    length (with its jitter) is tested in tests/models/test_providers.py. A Retry-After the server
    sends is still honoured as sent."""
    monkeypatch.setattr("memctl.models.litellm_adapter.BACKOFF_FIRST", 0.01)
