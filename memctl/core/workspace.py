"""The workspace folder: discovery, paths, the lock, and reading and writing state.json.

The durable-write helpers are in `memctl.core.durable` (imported here for the modules that
take them from the workspace); the shape of state.json is `memctl.core.state.State`.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from memctl.core.config import CONFIG_NAME
from memctl.core.durable import (  # noqa: F401  (re-exported: the stages import them from here)
    append_durable,
    block_separator,
    fsync_dir,
    fsync_file,
    journal_writes,
    write_atomic,
)
from memctl.core.errors import BusyError, WorkspaceError

TEXT_ENCODING = "utf-8-sig"
"""How a ledger or MEMORY.md is decoded from its start: UTF-8, less the byte order mark
some editors (Notepad) write. Read as part of the first line, the mark made a ledger's
first heading `\ufeff## ...`, no heading, which consolidate then kept as a MEMORY.md
bullet (audit 17 M1); every reader of those files' lines decodes with this."""

if TYPE_CHECKING:
    # state.json's seven dataclasses are built only by the commands that read it, not
    # by every command that opens a workspace (a search never does).
    from memctl.core.state import State

DAILY_NAME = re.compile(r"(\d{4})-(\d{2})-(\d{2})\.md")
LOCK_WAIT_SECONDS = 60.0
LOCK_NOTICE_SECONDS = 1.0
"""How long a wait for the workspace lock goes unsaid: a save behind another's append
waits milliseconds; one behind a long index build or a hung memctl is told after this
(`Workspace.on_lock_wait`), rather than looking hung for up to LOCK_WAIT_SECONDS."""
TOLD_WAIT_SECONDS = 10.0
"""Only a wait allowed longer than this is told: search's 2 s for the index gives up
with a note of its own, and a told wait it then ends would only be noise."""
JOURNAL_NAME = "index.journal"
"""In the state folder: the files memctl wrote since the search index last read it."""
SYNC_GIT_NAME = "sync.git"
"""In the state folder: the bare repository `memctl sync` shares memory through (here,
not in the sync stage, because a purge, which sync runs, passes over it)."""


def discover(explicit: str | None, cwd: Path | None = None) -> Path:
    """`-w PATH`, else MEMCTL_WORKSPACE, else the nearest folder upward holding memctl.yaml."""
    chosen = explicit or os.environ.get("MEMCTL_WORKSPACE") or None
    if chosen:
        root = Path(chosen).expanduser()
        if not (root / CONFIG_NAME).is_file():
            origin = "--workspace" if explicit else "MEMCTL_WORKSPACE"
            raise WorkspaceError(
                f"{origin} {chosen}: no {CONFIG_NAME} there (create one with `memctl init {chosen}`)"
            )
        return root.resolve()
    start = (cwd or Path.cwd()).resolve()
    for folder in (start, *start.parents):
        if (folder / CONFIG_NAME).is_file():
            return folder
    raise WorkspaceError(
        f"no {CONFIG_NAME} in {start} or any parent folder "
        "(run `memctl init`, pass -w PATH or set MEMCTL_WORKSPACE)"
    )


def stored_offset(value: Any, size: int) -> int:
    """A consolidation watermark as a start position in a file of `size` bytes: missing,
    invalid, or past the end (the file was rewritten) is 0."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0 or value > size:
        return 0
    return value


def _resolves_under(path: Path, folder: Path) -> bool:
    """Whether `path`, symlinks followed, lies under `folder` (already resolved); a symlink
    loop lies nowhere."""
    try:
        return path.resolve().is_relative_to(folder)
    except (OSError, RuntimeError):  # a symlink loop
        return False


class Area(NamedTuple):
    """Files a command reads by a name it is given (`Workspace.named_file`). A named
    tuple: as a frozen dataclass it took a millisecond of every command's start-up."""

    files: tuple[str, ...]
    """Files at the workspace root."""
    folders: tuple[str, ...]
    """Folders (relative) whose files, at any depth, are allowed."""
    spelled: str
    """How the error messages say it: `MEMORY.md or a file under memory/`."""
    only: str
    """The same, said of all of them: `MEMORY.md and files under memory/`."""
    named: str
    """What leaving it is called: `the workspace's memory`."""


def lock_holder(path: Path) -> int | None:
    """The pid of the process holding a lock file, from Linux's /proc/locks (matched by
    the file's inode); None elsewhere or when it cannot be told."""
    try:
        inode = path.stat().st_ino
        table = Path("/proc/locks").read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    for line in table.splitlines():
        fields = line.split()
        if "->" in fields:  # a process waiting for the lock, not holding it
            continue
        # `1: FLOCK  ADVISORY  WRITE 12799 fe:00:2157671 0 EOF`
        if len(fields) >= 6 and fields[5].rsplit(":", 1)[-1] == str(inode):
            with contextlib.suppress(ValueError):
                return int(fields[4])
    return None


WORKSPACE_LOCK = "workspace"
"""The stage `on_lock_wait` is told of for the workspace lock (the others are stage locks)."""


def _holder_named(pid: int | None) -> str:
    """` (pid 4242, memctl consolidate)`, what a lock error says of the holder, when
    known."""
    if pid is None:
        return ""
    command = process_command(pid)
    return f" (pid {pid}" + (f", {command})" if command else ")")


def process_command(pid: int) -> str | None:
    """What process `pid` runs, from Linux's /proc, for a message naming a lock's holder:
    `memctl consolidate --force` for memctl however started (its script, `python -m
    memctl`), else the program's name and arguments; at most 60 characters, None when
    it cannot be read."""
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return None
    words = raw.decode("utf-8", "replace").rstrip("\0").split("\0")
    names = [Path(word).name for word in words]
    start = names.index("memctl") if "memctl" in names else 0
    words = [Path(words[start]).name, *words[start + 1 :]] if words[0] else []
    text = " ".join(" ".join(words).split())  # a `python -c` script's lines, one line
    return (text if len(text) <= 60 else text[:59] + "…") or None


@dataclass
class Workspace:
    """A workspace folder: its paths, its timezone, and its lock."""

    root: Path
    timezone: str = "local"
    _lock: Any = field(default=None, repr=False)
    _swept: bool = field(default=False, repr=False, compare=False)
    """Whether this process's first hold of the lock removed killed runs' temp files."""
    on_lock_wait: Callable[[str, int | None, bool], None] | None = field(
        default=None, repr=False, compare=False
    )
    """Told (stage, holder's pid, True) when a stage lock is held by another process and
    this one starts waiting for it, and (stage, None, False) once it has it (or gives
    up): the CLI's spinner then says "waiting for another flush (pid N)" instead of
    seeming to work. The workspace lock (stage WORKSPACE_LOCK) is told after
    LOCK_NOTICE_SECONDS of a writer's wait. None (hooks, -q): waits are silent."""
    try_once: bool = field(default=False, repr=False, compare=False)
    """Set while maintenance runs (`trying_once`): a lock another process holds raises
    BusyError at once instead of being waited for, so cron's run exits instead of
    stalling behind (or timing out on) a long flush, consolidation or index build."""

    def __post_init__(self) -> None:
        # Nearly every command reads MEMORY.md; a FIFO there would block them for ever.
        memory = self.root / "MEMORY.md"
        if memory.exists() and not memory.is_file():
            raise WorkspaceError(f"{memory} is not a regular file; move it aside")
        # A file where a folder belongs (or the reverse) would surface as an internal
        # error in whichever command touches it first.
        for folder in ("memory", "threads", ".memctl"):
            path = self.root / folder
            if path.exists() and not path.is_dir():
                raise WorkspaceError(f"{path} should be a folder but is not; move it aside")
        state = self.root / ".memctl" / "state.json"
        if state.exists() and not state.is_file():
            raise WorkspaceError(f"{state} is not a regular file; move it aside")
        # state.json, the locks and the history copies (which pruning deletes) must not
        # be written outside the workspace.
        for path in (self.state_dir, self.history_dir, state, self.state_dir / "lock"):
            self.check_inside(path)

    def check_inside(self, path: Path) -> None:
        """WorkspaceError when `path` is a symlink (or lies in one) leading out of the
        workspace. Commands that read MEMORY.md for a model, or write it, check it here:
        an outside file must not be sent, nor replaced by a copy of itself."""
        if not path.is_symlink() and not path.parent.is_symlink():
            return
        if not _resolves_under(path, self.root.resolve()):
            raise WorkspaceError(
                f"{self.relative(path)} leads out of the workspace (a symlink?); "
                "replace it with the file itself"
            )

    # ------------------------------------------------------------------ paths
    @property
    def config_path(self) -> Path:
        return self.root / CONFIG_NAME

    @property
    def memory_md(self) -> Path:
        return self.root / "MEMORY.md"

    @property
    def memory_dir(self) -> Path:
        return self.root / "memory"

    @property
    def archive_dir(self) -> Path:
        return self.memory_dir / "archive"

    @property
    def threads_dir(self) -> Path:
        return self.root / "threads"

    @property
    def state_dir(self) -> Path:
        return self.root / ".memctl"

    @property
    def state_path(self) -> Path:
        return self.state_dir / "state.json"

    @property
    def history_dir(self) -> Path:
        return self.state_dir / "history"

    def named_file(self, path: str, allowed: Area) -> Path:
        """The file a user or a model names by `path`, when it lies in `allowed` with
        every symlink followed; else UsageError. Checked before any read, since the
        name may come from a model: no NUL, no absolute path, no `..`."""
        from pathlib import PurePosixPath

        from memctl.core.errors import UsageError

        if not isinstance(path, str) or not path.strip():
            raise UsageError(f"a path is required: {allowed.spelled}")
        if "\0" in path:
            raise UsageError("the path holds a NUL byte")
        parts = PurePosixPath(path.replace("\\", "/")).parts
        if PurePosixPath(path).is_absolute() or Path(path).is_absolute():
            raise UsageError(f"{path}: absolute paths are refused; use {allowed.spelled}")
        if ".." in parts:
            raise UsageError(f"{path}: '..' is refused; use {allowed.spelled}")
        folders = [tuple(PurePosixPath(folder).parts) for folder in allowed.folders]
        inside = any(len(parts) > len(f) and parts[: len(f)] == f for f in folders)
        if parts not in [(name,) for name in allowed.files] and not inside:
            raise UsageError(f"{path}: only {allowed.only} can be read")
        target = self.root.joinpath(*parts)
        try:
            resolved = target.resolve()
            root = self.root.resolve()
        except (OSError, RuntimeError):  # a symlink loop
            raise UsageError(f"{path}: its symlinks cannot be followed (a loop?)") from None
        if resolved not in [root / name for name in allowed.files] and not any(
            resolved.is_relative_to(root / folder) for folder in allowed.folders
        ):
            raise UsageError(f"{path}: it leads out of {allowed.named} (a symlink?)")
        if target.exists() and not (target.is_file() or target.is_dir()):
            raise UsageError(f"{path}: not a regular file")  # a FIFO would block the read
        return target

    @staticmethod
    def read_named_text(target: Path, path: str, what: str) -> str:
        """The text of a file `named_file` checked; `what` names the kind in errors
        (memory file, ledger, evicted result: a vowel takes "an")."""
        from memctl.core.errors import UsageError

        article = "an" if what[:1] in ("a", "e", "i", "o", "u") else "a"

        try:
            return target.read_bytes().decode(TEXT_ENCODING)
        except FileNotFoundError:
            raise UsageError(f"{path}: no such {what}") from None
        except IsADirectoryError:
            raise UsageError(f"{path}: is a folder, not {article} {what}") from None
        except UnicodeDecodeError as exc:
            raise WorkspaceError(
                f"{path}: not UTF-8 text (byte {exc.start}); memctl reads only text files"
            ) from None
        except OSError as exc:
            raise WorkspaceError(f"{path}: cannot be read ({exc.strerror})") from None

    def relative(self, path: Path) -> str:
        # A string prefix first: pathlib's relative_to costs more than reading a small
        # file, and search and the idle runs name thousands of files.
        text, root = os.fspath(path), os.fspath(self.root).rstrip("/") + "/"
        if os.sep == "/" and text.startswith(root) and len(text) > len(root):
            return text[len(root) :]
        return path.relative_to(self.root).as_posix()

    # ------------------------------------------------------------------ time
    def tzinfo(self) -> Any:
        from dateutil import tz

        return tz.tzlocal() if self.timezone == "local" else tz.gettz(self.timezone)

    def now(self) -> datetime:
        return datetime.now(self.tzinfo())

    def today(self) -> date:
        return self.now().date()

    def ledger_path(self, day: date | None = None) -> Path:
        return self.memory_dir / f"{(day or self.today()).isoformat()}.md"

    def daily_files(self, include_archive: bool = False) -> list[Path]:
        """Dated ledgers (YYYY-MM-DD.md), oldest first; archived ones first when asked.

        A ledger (or ledger folder) that is a symlink leading out of the workspace's
        memory/ is a WorkspaceError: consolidate would send what it points at to the
        model and copy it into MEMORY.md, archive would copy it into the archive."""
        folders = [self.archive_dir, self.memory_dir] if include_archive else [self.memory_dir]
        found: list[Path] = []
        for folder in folders:
            # scandir: ten years of ledgers are 3,650 names, and DirEntry knows each
            # one's type (and whether it is a symlink) without a stat; same-length names
            # sort as their dates do.
            try:
                with os.scandir(folder) as listing:
                    entries = [e for e in listing if DAILY_NAME.fullmatch(e.name) and e.is_file()]
            except (FileNotFoundError, NotADirectoryError):
                continue
            entries.sort(key=lambda e: e.name)
            if entries and folder.is_symlink():
                self.check_inside_memory(folder)
            for entry in entries:
                if entry.is_symlink():
                    self.check_inside_memory(folder / entry.name)
            found.extend(folder / e.name for e in entries)
        return found

    def check_inside_memory(self, path: Path) -> None:
        """WorkspaceError unless `path`, symlinks followed, is under memory/."""
        if not _resolves_under(path, self.root.resolve() / "memory"):
            raise WorkspaceError(
                f"{self.relative(path)} leads out of the workspace's memory (a symlink?); "
                "replace it with the file itself"
            )

    # ------------------------------------------------------------------ locking
    def lock(self, wait: float = LOCK_WAIT_SECONDS) -> Any:
        """The workspace lock (reentrant in this process, released if the process dies)."""
        from filelock import FileLock, Timeout

        if self._lock is None:
            self.state_dir.mkdir(parents=True, exist_ok=True)
            self._lock = FileLock(self.state_dir / "lock")
        lock = self._lock
        # memctl's writes happen under this lock: name them in the index's journal.
        journal_writes(self.root, self.state_dir / JOURNAL_NAME)

        if self.try_once:
            wait = 0
        path = self.state_dir / "lock"
        tell = self.on_lock_wait if wait < 0 or wait > TOLD_WAIT_SECONDS else None

        @contextlib.contextmanager
        def held() -> Iterator[None]:
            try:
                if tell is None:
                    lock.acquire(timeout=wait)
                else:
                    try:
                        lock.acquire(timeout=LOCK_NOTICE_SECONDS)
                    except Timeout:
                        tell(WORKSPACE_LOCK, lock_holder(path), True)
                        try:
                            lock.acquire(timeout=wait if wait < 0 else wait - LOCK_NOTICE_SECONDS)
                        finally:
                            tell(WORKSPACE_LOCK, None, False)
            except Timeout:
                raise BusyError(
                    f"the workspace lock {self.relative(path)} is held by another memctl"
                    + (f" for more than {wait:g}s" if wait > 0 else "")
                    + _holder_named(lock_holder(path))
                ) from None
            try:
                if not self._swept:
                    self.remove_leftovers()
                yield
            finally:
                lock.release()

        return held()

    def remove_leftovers(self) -> list[Path]:
        """Delete the temp files of writes a killed memctl left (`durable.remove_leftovers`)
        in the folders memctl writes whole files to; done at the first hold of the
        workspace lock in a process, and by `doctor`, which names them."""
        from memctl.core.durable import remove_leftovers

        self._swept = True
        folders = (self.root, self.memory_dir, self.root / "threads", self.state_dir)
        return [path for folder in folders for path in remove_leftovers(folder)]

    @contextlib.contextmanager
    def stage_lock(self, name: str, blocking: bool = True) -> Iterator[bool]:
        """A lock for a long stage (a model call may take minutes) kept apart from the
        workspace lock, so saves and appends are not held up by it. Yields False when
        `blocking` is off and another process holds it."""
        from filelock import FileLock, Timeout

        self.state_dir.mkdir(parents=True, exist_ok=True)
        path = self.state_dir / f"{name}.lock"
        self.check_inside(path)  # FileLock opens with O_TRUNC: a link's target is emptied
        lock = FileLock(path)
        try:
            lock.acquire(timeout=0)
        except Timeout:
            if not blocking:
                yield False
                return
            if self.try_once:
                raise BusyError(
                    f"the {name} lock {self.relative(path)} is held by another memctl"
                ) from None
            if self.on_lock_wait is not None:
                self.on_lock_wait(name, lock_holder(path), True)
            lock.acquire(timeout=-1)
            if self.on_lock_wait is not None:
                self.on_lock_wait(name, None, False)
        try:
            yield True
        finally:
            lock.release()

    @contextlib.contextmanager
    def trying_once(self, once: bool = True) -> Iterator[None]:
        """Within the block, every lock is tried once (see `try_once`); with `once` off,
        waited for again (what must be recorded after the work is done)."""
        before = self.try_once
        self.try_once = once
        try:
            yield
        finally:
            self.try_once = before

    # ------------------------------------------------------------------ state
    def read_state(self) -> State:
        """state.json checked against `State` (a missing file is the empty state)."""
        from memctl.core.state import State, parse

        try:
            data = self.state_path.read_bytes()
        except FileNotFoundError:
            return State()
        return parse(data, self.relative(self.state_path))

    def write_state(self, state: State) -> None:
        from memctl.core.state import serialize

        write_atomic(self.state_path, serialize(state))

    def update_state(self, change: Callable[[State], None]) -> State:
        """Read, change and write state.json under the workspace lock."""
        with self.lock():
            state = self.read_state()
            change(state)
            self.write_state(state)
            return state

    # ------------------------------------------------------------------ run times
    @staticmethod
    def last_run(state: State, name: str) -> datetime | None:
        return state.runs.get(name)

    def mark_run(self, state: State, name: str, when: datetime | None = None) -> None:
        state.runs[name] = (when or self.now()).replace(microsecond=0)

    def next_eligible(self, state: State, name: str, gap_seconds: float) -> datetime | None:
        """When a throttled job may run again; None means now (the first run goes at once).

        A last run in the future (the clock was ahead when it ran, then corrected) is
        due now: waiting for it would stall the job for as long as the clock was wrong."""
        last = self.last_run(state, name)
        now = self.now()
        if last is None or last > now:
            return None
        due = last + timedelta(seconds=gap_seconds)
        return due if due > now else None

    def clock_note(self, state: State, name: str) -> str | None:
        """What to say when `name`'s last run is recorded in the future."""
        last = self.last_run(state, name)
        if last is None or last <= self.now():
            return None
        return (
            f"the last {name} run is recorded at {last.isoformat()}, in the future "
            "(was the clock corrected?); it is due now"
        )


@dataclass
class InitResult:
    """What `memctl init` made of a folder."""

    root: str
    created: list[str]
    """What was created (with `dry_run`: what would be)."""

    @property
    def changed(self) -> bool:
        return bool(self.created)


def init_workspace(path: Path, *, dry_run: bool = False) -> InitResult:
    """Create what is missing of memctl.yaml, MEMORY.md, memory/ and threads/; keep the rest.
    `dry_run` only says what that is, creating nothing (not even the folder)."""
    from memctl.core.config import DEFAULT_CONFIG_YAML

    root = path.expanduser().resolve()
    if root.exists() and not root.is_dir():
        raise WorkspaceError(f"{path} exists and is not a folder")
    created: list[str] = []
    if not dry_run:
        root.mkdir(parents=True, exist_ok=True)
    for folder in ("memory", "threads"):
        if not (root / folder).is_dir():
            if not dry_run:
                (root / folder).mkdir()
            created.append(folder + "/")
    files = {CONFIG_NAME: DEFAULT_CONFIG_YAML, "MEMORY.md": ""}
    for name, text in files.items():
        target = root / name
        if not target.exists():
            if not dry_run:
                write_atomic(target, text.encode("utf-8"))
            created.append(name)
    return InitResult(str(root), created)
