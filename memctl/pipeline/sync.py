"""sync: share memory between machines through a git remote, with the `git` binary.

No sync server and no transport of our own: `git fetch` and `git push` (never forced)
against any git URL. The workspace is not a git work tree; memctl keeps a bare
repository of its own in `.memctl/sync.git` and builds each commit with plumbing
(hash-object, a throw-away index, commit-tree), so state.json, the index, locks and
caches can never be committed, and a user's own git repository around the workspace is
not touched.

Why this never needs a person to resolve a conflict:

- A ledger is a list of blocks (each `## ` heading and what follows it); a block's
  identity is its text. The merge of a ledger is a three-way merge of block multisets
  against the last synced commit (the *base*): a block either side added is kept (a
  block both added once is kept once), a block either side removed that the base had
  (a forget) is dropped. The order is the remote's blocks as they are, then the local
  additions in local order, so the remote's ledger only ever grows at its end, and
  every machine that syncs after the last push ends with the remote's bytes.
- MEMORY.md is derived. Unchanged on one side: the other side's file. Changed on both:
  the remote's file plus the lines this machine added to it that the remote lacks (a
  `save`); then consolidation folds in whatever the merged ledgers hold that MEMORY.md
  does not. Either way a local file the sync replaced is kept under `.memctl/history/`
  (by "sync"), so `memctl undo` takes back what a teammate's run brought.
- Which blocks MEMORY.md already holds is shared too, by block identity, in the
  commit's `.memctl-sync/consolidated.json` (never written into the workspace), merged
  three ways as the ledgers are (a block the base's record held that one side's no
  longer does, an `undo` there, is merged again). After a merge, each ledger's
  consolidation offset is the end of its longest prefix of merged blocks, so blocks a
  merge inserts before already consolidated text are consolidated and nothing is
  consolidated twice by offsets moving wrongly.

Nothing lost: a remote whose history was rewritten (the base is no longer an ancestor
of what was fetched) is merged as a pure union (no removals) with the local files, and
the commit pushed on top has the old base as a second parent, so both histories stay;
but not an old history holding text a purge masked since (`_keeps_history`): that
rewrite was the history purge recipe's, and the purged bytes must not come back. A
thread log with no synced copy to merge against is merged by line identity, a line both
sides hold once, so a merge with no base never doubles a log (`_plan`); copies an older
memctl appended that way are dropped on every side alike (`_without_copies`).

Each machine keeps its ledgers where its own retention puts them (`_plan_ledgers`); the
repository holds a ledger archived once any machine archived it (`_archived_as`).
Interrupted at any point, a sync leaves the workspace as it was or merged; the merge is
idempotent (the same base, remote and files give the same result). The base moves to
the fetched commit as soon as its content is in the workspace (pushed or not: a block
another machine forgets meanwhile must then read as forgotten, not as added here), and
to the pushed commit after a push; a run killed between the push and that move (its
`git push` may even land after it died) left a ref to the commit it pushed, and the next
run that finds that commit on the remote makes it the base before it merges, else what
the push sent would read as added here again, and a block forgotten since would come
back. The consolidation offsets a merge is about to write
are noted first in `.memctl/sync/merge.json`, so a run killed between the files and
state.json finishes them on the next run.

Each machine commits what its `sync.share` names, and the rest as the remote has it: a
path its share leaves out is never a deletion (a machine that shares no threads must not
commit other machines' thread logs away), and a merge never takes lines out of a local
thread log, which only grows (`_shrinks`: a remote lacking lines is merged as a union).

Never over files memctl does not own: a commit sync builds holds memctl's files alone,
so a remote branch holding any other file (a code repository pasted by mistake) is
refused before anything is written (`_check_owned`), and so is a remote without the
branch whose default branch holds such files, unless sync.branch names a branch of its
own; `init --from` asks the same before it creates anything (`check_foreign`).

No secret leaves: every file that differs from what the remote has is run through the
redactor (its built-in and configured patterns, whether `redaction.enabled` is on or
off) before anything is written or committed; one finding refuses the sync, naming the
file and line. Nor a purged fact said again: a line of the Markdown a sync sends or
brings whose fact key has a purge tombstone's digest is masked here, as the purge did,
before the commit is built (`_restated`); nor a purged token, in any words: a one-token
purge's tombstone keeps its salted digest, which each token of this machine's text is
read against once the tombstone arrives, and each of the text a sync sends or brings
at every sync (`_purged_here`, `_purges`, `forgotten.purged_tokens`).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import random
import re
import socket
import subprocess
import tempfile
import time
from collections import Counter, deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from memctl.core.config import SYNC_SHARES, Config, SyncConfig
from memctl.core.durable import write_atomic
from memctl.core.errors import BusyError, MemctlError, UsageError
from memctl.core.forgotten import (
    FORGOTTEN_NAME,
    LEGACY_RUN,
    MASK_RUN,
    Forgotten,
    Tombstone,
    holds_mask,
    older_masks,
    parse_tombstones,
    purged_tokens,
)
from memctl.core.memory import sections
from memctl.core.redact import Redactor
from memctl.core.said import when
from memctl.core.state import RemovedLog, State
from memctl.core.threads import flush_marks, line_id, line_owners, loads, log_lines
from memctl.core.wording import plural
from memctl.core.workspace import DAILY_NAME, SYNC_GIT_NAME, Workspace, stored_offset
from memctl.models.interface import Model
from memctl.pipeline import provenance
from memctl.pipeline.consolidate import TAIL_BYTES, Marks, consolidate, keep_history
from memctl.pipeline.purge import (
    Needles,
    listed,
    masked_file,
    purge_files,
    purged_facts,
    stating,
)

GIT_DIR = SYNC_GIT_NAME
"""The bare repository memctl syncs through, in the state folder."""
KEPT = "refs/memctl/rewritten"
"""The last synced commit when the remote turned out rewritten: a parent of the next push."""
PUSHING = "refs/memctl/pushing/"
"""A ref per commit a push was started for, made before the push: a run killed once the
push had landed (or whose `git push` outlived it) left the base behind the commit the
remote now holds, and the next run finds the commit here (`_settle_pushes`)."""
RECORD = ".memctl-sync/consolidated.json"
"""In the repository only: ledger name -> the block ids MEMORY.md holds."""
FLUSHED = ".memctl-sync/flushed.json"
"""In the repository only (with shared threads): thread -> the ids of its log lines a
flush processed, on any machine, each as often as it was (a line may repeat)."""
RECORDS = (RECORD, FLUSHED)
RECORDS_DIR = ".memctl-sync/"
"""memctl's own files in the repository (never in the workspace)."""
PURGED = "purged.json"
"""In `.memctl/sync/` (never committed): the purge tombstones (digest and time) whose
copies this machine has masked, so that each is looked for once, not at every sync."""
SHARED = "shared.json"
"""In `.memctl/sync/` (never committed): the `sync.share` this machine merged its base
with, so that a path entering the share is merged as a union, never read as removed."""
NETWORK_TIMEOUT = 120.0
LOCK_WAIT = 5.0
"""How long a git that failed on a lock another git holds is retried, with backoff: a
`git fetch` or `git push` a killed sync left running, or another machine's push to the
remote, finishes within moments."""
LOCK_HELD = (
    (re.compile(r"Unable to create '([^']+\.lock)': File exists"), "{}"),
    (re.compile(r"could not lock config file ([^:]+):"), "{}.lock"),
    (re.compile(r"cannot lock ref '([^']+)'"), "the ref {}"),
)
"""git's words for a lock another git holds, each with how the lock is named: the
lock file when git says it (a ref's lock also reads "cannot lock ref", before it)."""
PUSH_ATTEMPTS = 6
"""A push rejected because another machine pushed first: fetch, merge, retry, this often."""
MEMORY = "MEMORY.md"
FORGOTTEN = ".memctl-sync/forgotten.jsonl"
"""The tombstones of `memctl forget` (`.memctl/forgotten.jsonl`), shared with the memory
they hide: a fact forgotten on one machine stays hidden on every other."""
DEFAULT_BRANCH = SyncConfig().branch
"""sync.branch when memctl.yaml names none (or names this one)."""
BLOCK_START = re.compile(r"(?m)^(?=## )")
ARCHIVE = "memory/archive/"
"""Where an archived ledger is, in the workspace and in the repository."""

SyncStatus = Literal["synced", "up_to_date", "dry_run"]


class SyncError(MemctlError):
    """The remote could not be reached or refused the push (exit 1); nothing lost."""


class SecretRefused(MemctlError):
    """A file that would be committed holds a secret (exit 1); nothing committed."""


@dataclass
class SyncResult:
    status: SyncStatus
    remote: str
    branch: str
    commit: str | None = None
    """The commit pushed (None: nothing to push)."""
    sent: int = 0
    """Ledger blocks this machine added to the remote."""
    received: int = 0
    """Ledger blocks the merge brought from the remote."""
    sent_lines: int = 0
    """Thread log lines this machine added to the remote (shared threads)."""
    received_lines: int = 0
    """Thread log lines the merge brought from the remote (shared threads)."""
    forgotten: int = 0
    """Facts forgotten on one side that this sync sent or brought: each new tombstone (a
    forget, a correction, a purge) and each ledger block removed other than by a purge
    (a purged block, whose masked copy replaces it, is its tombstone's)."""
    files: list[str] = field(default_factory=list)
    """Workspace files the merge changed (the tombstones: `.memctl/forgotten.jsonl`)."""
    memory_dropped: int = 0
    """Lines of the MEMORY.md the merge wrote (merged, or the remote's taken as it is)
    left out because a tombstone of the merged ones forgets them, or holding a purge's
    mask: what a machine forgot, another's MEMORY.md (an undo there) does not bring back."""
    purged: list[str] = field(default_factory=list)
    """Files of this workspace in which a fact a purge tombstone names (one made on
    another machine, or a copy an undo or a merge brought back) was masked (a dry run:
    would be): every copy of a whole fact this machine still stated in a MEMORY.md line,
    a ledger line or a history copy's line, as `forget --purge` masks it (the files the
    merge replaced with the remote's masked copies among them), and the search index,
    deleted."""
    exports: list[str] = field(default_factory=list)
    """The memory blocks `memctl export` wrote (AGENTS.md, CLAUDE.md: absolute paths)
    that were written again (a dry run: would be) because this sync brought a forget or
    a purge, as a local forget rewrites them, or changed MEMORY.md (the entry point
    does, `agents.export`)."""
    exports_left: list[str] = field(default_factory=list)
    """Those left as written, `PATH: why` (a file the user made read-only, one that
    cannot be written): they still state what they stated (said in `notes` too)."""
    consolidated: bool = False
    rewritten: bool = False
    """The remote's history was rewritten; both were kept."""
    attempts: int = 0
    notes: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        # Not a field, so never in --json (it may name a purged secret): the facts the
        # tombstones this sync brought forget (their text; a purge's: the lines found
        # here stating it), which an entry point's refresh of the exports looks for.
        self.gone: list[str] = []
        # The days of the purges whose text the old history of a rewritten remote holds:
        # that history was not kept (`_purged_in_history`).
        self.history_purged: list[str] = []
        # The ledgers (`memory/DATE.md`) this sync's commit moves into memory/archive/ on
        # the remote (a dry run: would): archived here since. Named in a note (--json's
        # `notes`) and counted on stderr; another machine keeps its copy where its own
        # retention puts it (`_plan_ledgers`).
        self.archived: list[str] = []


@dataclass
class SyncInfo:
    """What `status` shows: no network, from the last fetch."""

    remote: str | None
    branch: str
    last_sync: str | None = None
    ahead: int = 0
    """Shared files that differ from the last synced commit."""
    behind: int = 0
    """Commits fetched and not merged yet."""


# --------------------------------------------------------------------------- git


class Git:
    """The `git` binary on memctl's bare repository (`.memctl/sync.git`)."""

    def __init__(self, ws: Workspace | Path, remote: str) -> None:
        # A Path: a bare repository elsewhere (`foreign_remote`'s throw-away one).
        self.dir = ws if isinstance(ws, Path) else ws.state_dir / GIT_DIR
        self.remote = remote
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
        self.env.update(
            GIT_DIR=str(self.dir),
            GIT_TERMINAL_PROMPT="0",
            LC_ALL="C",
            GIT_AUTHOR_NAME="memctl",
            GIT_COMMITTER_NAME="memctl",
            GIT_AUTHOR_EMAIL=f"memctl@{socket.gethostname()}",
            GIT_COMMITTER_EMAIL=f"memctl@{socket.gethostname()}",
        )

    def run(
        self,
        *args: str,
        data: bytes | None = None,
        check: bool = True,
        env: dict[str, str] | None = None,
        timeout: float = NETWORK_TIMEOUT,
    ) -> subprocess.CompletedProcess[bytes]:
        """git `args`; one that failed on a lock is run again until the lock goes (at
        most LOCK_WAIT seconds), then refused naming the lock and where it is (this
        workspace's repository or the remote): a sync killed moments ago leaves its git
        running, another machine may be pushing, and neither is a remote away. Who holds
        a lock that stays cannot be told from here, so the message does not guess. A
        lock is never removed here: it may be live."""
        deadline, pause = time.monotonic() + LOCK_WAIT, 0.05
        while True:
            done = self._once(args, data, env, timeout)
            if done.returncode == 0:
                break
            held = _held_lock(done.stderr)
            if held is None:
                break
            if time.monotonic() + pause > deadline:
                lock, remote = held
                where = (
                    f"on the remote {self.remote}"
                    if remote
                    else f"in this workspace's sync repository {self.dir}"
                )
                raise SyncError(
                    f"git {args[0]}: {lock} stayed locked for {LOCK_WAIT:g}s {where}: another "
                    "git may be running there; nothing lost: sync again once it ends, or "
                    "remove the lock if no git is running there"
                )
            time.sleep(pause)
            pause = min(pause * 2, 0.5)
        if check and done.returncode != 0:
            raise SyncError(f"git {args[0]}: {_reason(done.stderr)}")
        return done

    def _once(
        self,
        args: tuple[str, ...],
        data: bytes | None,
        env: dict[str, str] | None,
        timeout: float,
    ) -> subprocess.CompletedProcess[bytes]:
        try:
            return subprocess.run(
                ["git", *args],
                input=data,
                capture_output=True,
                env={**self.env, **(env or {})},
                timeout=timeout,
                check=False,
            )
        except FileNotFoundError:
            raise SyncError("sync needs the `git` program, and it is not on PATH") from None
        except subprocess.TimeoutExpired:
            raise SyncError(f"git {args[0]} took more than {timeout:g}s; nothing changed") from None

    def out(self, *args: str, data: bytes | None = None) -> str:
        return self.run(*args, data=data).stdout.decode("utf-8", "replace").strip()

    def ensure(self) -> None:
        """Create the bare repository on first use and point `origin` at the remote."""
        if not (self.dir / "HEAD").is_file():
            self.dir.parent.mkdir(parents=True, exist_ok=True)
            self.run("init", "--bare", "--quiet", str(self.dir))
        current = self.run("config", "remote.origin.url", check=False).stdout.decode().strip()
        if current != self.remote:
            self.run("config", "remote.origin.url", self.remote)

    def ref(self, name: str) -> str | None:
        done = self.run("rev-parse", "--verify", "--quiet", f"{name}^{{commit}}", check=False)
        return done.stdout.decode().strip() or None

    def fetch(self, branch: str, depth: int | None = None) -> str | None:
        """The remote branch's commit after a fetch; None when the remote has no branch."""
        done = self.run(
            "fetch",
            "--quiet",
            "--no-tags",
            *([f"--depth={depth}"] if depth else []),
            "origin",
            f"+refs/heads/{branch}:refs/remotes/origin/{branch}",
            check=False,
        )
        if done.returncode != 0:
            message = done.stderr.decode("utf-8", "replace")
            if "couldn't find remote ref" in message:
                return None
            raise SyncError(
                f"the remote {self.remote} cannot be reached ({_reason(done.stderr)}); "
                "nothing changed, sync again later"
            )
        return self.ref(f"refs/remotes/origin/{branch}")

    def paths(self, commit: str) -> list[str]:
        """The path of every file of `commit`, sorted (no file read)."""
        listing = self.run("ls-tree", "-r", "-z", "--name-only", "--full-tree", commit).stdout
        return sorted(p.decode("utf-8", "surrogateescape") for p in listing.split(b"\0") if p)

    def is_ancestor(self, older: str, newer: str) -> bool:
        return self.run("merge-base", "--is-ancestor", older, newer, check=False).returncode == 0

    def tree(self, commit: str | None) -> dict[str, bytes]:
        """Every file of `commit` with its bytes (nothing for None)."""
        if commit is None:
            return {}
        listing = self.run("ls-tree", "-r", "-z", "--full-tree", commit).stdout
        entries: list[tuple[str, str]] = []
        for item in listing.split(b"\0"):
            if not item:
                continue
            meta, path = item.split(b"\t", 1)
            kind, sha = meta.split()[1:3]
            if kind == b"blob":
                entries.append((path.decode("utf-8", "surrogateescape"), sha.decode()))
        if not entries:
            return {}
        return dict(
            zip([name for name, _ in entries], self.blobs([s for _, s in entries]), strict=True)
        )

    def blobs(self, shas: list[str], batch_bytes: int | None = None) -> Iterator[bytes]:
        """The bytes of the blobs `shas`, in their order, read by one `cat-file --batch`;
        with `batch_bytes`, by one for each run of blobs of about that many bytes (a
        larger one alone), their sizes asked first: a caller that reads each blob and
        lets it go holds one batch at a time, not all of them (review 32 F7)."""
        if batch_bytes is None:
            yield from self._batch(shas)
            return
        listed = "".join(f"{sha}\n" for sha in shas).encode()
        sizes = self.run("cat-file", "--batch-check=%(objectsize)", data=listed).stdout.split()
        batch: list[str] = []
        held = 0
        for sha, size in zip(shas, map(int, sizes), strict=True):
            if batch and held + size > batch_bytes:
                yield from self._batch(batch)
                batch, held = [], 0
            batch.append(sha)
            held += size
        if batch:
            yield from self._batch(batch)

    def _batch(self, shas: list[str]) -> Iterator[bytes]:
        batch = self.run("cat-file", "--batch", data="".join(f"{s}\n" for s in shas).encode())
        raw, at = batch.stdout, 0
        for _ in shas:
            header_end = raw.index(b"\n", at)
            size = int(raw[at:header_end].split()[2])
            yield raw[header_end + 1 : header_end + 1 + size]
            at = header_end + 1 + size + 1

    def commit(
        self,
        files: dict[str, bytes],
        parents: list[str],
        message: str,
        start: str | None,
        start_files: dict[str, bytes],
    ) -> str:
        """A commit of exactly `files`, built in a throw-away index from the tree of
        `start` (whose files are `start_files`): only what differs is hashed, so a
        year of unchanged ledgers costs one read-tree, not a process each."""
        index = self.dir / "memctl-index"
        index.unlink(missing_ok=True)
        env = {"GIT_INDEX_FILE": str(index)}
        if start is not None:
            self.run("read-tree", start, env=env)
        lines = [f"0 {'0' * 40}\t{path}\n" for path in start_files if path not in files]
        for path, data in sorted(files.items()):
            if start_files.get(path) != data:
                sha = self.out("hash-object", "-w", "--stdin", data=data)
                lines.append(f"100644 {sha}\t{path}\n")
        if lines:
            self.run("update-index", "--add", "--index-info", data="".join(lines).encode(), env=env)
        tree = self.run("write-tree", env=env).stdout.decode().strip()
        index.unlink(missing_ok=True)
        args = ["commit-tree", tree]
        for parent in parents:
            args += ["-p", parent]
        return self.out(*args, data=message.encode())

    def push(self, commit: str, branch: str) -> bool:
        """Push without force; False when the remote moved on (rejected as not a fast-forward)."""
        done = self.run("push", "--quiet", "origin", f"{commit}:refs/heads/{branch}", check=False)
        if done.returncode == 0:
            return True
        message = done.stderr.decode("utf-8", "replace")
        if "rejected" in message or "fetch first" in message or "non-fast-forward" in message:
            return False
        raise SyncError(
            f"the remote {self.remote} refused the push ({_reason(done.stderr)}); "
            "nothing lost: the merge stays here and the next sync pushes it"
        )


def _held_lock(stderr: bytes) -> tuple[str, bool] | None:
    """The lock another git holds, as git's message names it, and whether it is the
    remote's (its line is one git relays from the remote's git, "remote: ..."); None:
    no lock failure."""
    message = stderr.decode("utf-8", "replace")
    for pattern, shown in LOCK_HELD:
        if found := pattern.search(message):
            line = message[message.rfind("\n", 0, found.start()) + 1 :]
            return shown.format(found[1]), line.startswith("remote:")
    return None


def _reason(stderr: bytes) -> str:
    """What git said went wrong: its first `fatal:` or `error:` line, else its last line.
    The last line of a failed fetch is often the tail of advice ("and the repository
    exists."), which read alone says the opposite of what happened."""
    lines = [line.strip() for line in stderr.decode("utf-8", "replace").splitlines()]
    lines = [line for line in lines if line]
    for line in lines:
        for prefix in ("fatal: ", "error: "):
            if line.startswith(prefix):
                return line.removeprefix(prefix)
    return lines[-1] if lines else "no message"


# --------------------------------------------------------------------------- blocks


def split_blocks(text: str) -> list[str]:
    """A ledger's blocks, each as it would be written alone (ending in one newline)."""
    return [part.rstrip("\n") + "\n" for part in BLOCK_START.split(text) if part.strip()]


def block_id(block: str) -> str:
    return hashlib.sha256(block.encode("utf-8")).hexdigest()[:32]


def block_ends(text: str) -> list[tuple[str, int]]:
    """Each block's id with where its text ends (before the blank line after it)."""
    ends: list[tuple[str, int]] = []
    at = 0
    for part in BLOCK_START.split(text):
        start, at = at, at + len(part.encode("utf-8"))
        if part.strip():
            body = part.rstrip("\n") + "\n"
            ends.append((block_id(body), start + len(body.encode("utf-8"))))
    return ends


class BlockCache:
    """Block ids and ends of texts seen before, by the text's digest, kept between runs
    in `.memctl/sync/blocks.json` (a local cache, never committed): a year of ledgers is
    split and hashed once, and each later sync only reads them."""

    def __init__(self, ws: Workspace) -> None:
        self.path = ws.state_dir / "sync" / "blocks.json"
        self.kept: dict[str, list[tuple[str, int]]] = {}
        with contextlib.suppress(OSError, ValueError, TypeError):
            data = json.loads(self.path.read_bytes())
            self.kept = {k: [(i, int(e)) for i, e in v] for k, v in data.items()}
        self.used: dict[str, list[tuple[str, int]]] = {}

    def ends(self, data: bytes) -> list[tuple[str, int]]:
        key = hashlib.blake2b(data, digest_size=16).hexdigest()
        found = self.used.get(key) or self.kept.get(key)
        if found is None:
            found = block_ends(data.decode("utf-8", "replace"))
        self.used[key] = found
        return found

    def save(self) -> None:
        if self.used.keys() != self.kept.keys():
            write_atomic(self.path, json.dumps(self.used, separators=(",", ":")).encode())


def merge_items(
    base: list[str], remote: list[str], local: list[str], *, appended: bool = False
) -> list[str]:
    """Three-way merge of two lists of items as multisets, in a deterministic order.

    An item's count is the smaller of the two sides' counts when either side has fewer
    than the base (a removal wins); else the larger (an item both added once is kept
    once: a ledger block is its text), or with `appended` the base's plus what each
    side added (a log's lines: two machines that append the same line made two). The
    remote's items come first, in the remote's order, then the local additions in local
    order (with `appended`, a local item's first occurrences, as many as the base held,
    are the base's, already among the remote's)."""
    b, r, loc = Counter(base), Counter(remote), Counter(local)
    wanted = {
        item: (
            min(r[item], loc[item])
            if min(r[item], loc[item]) < b[item]
            else r[item] + loc[item] - b[item]
            if appended
            else max(r[item], loc[item])
        )
        for item in r | loc
    }
    merged: list[str] = []
    for item in remote:
        if wanted.get(item, 0) > 0:
            merged.append(item)
            wanted[item] -= 1
    skip = Counter({item: min(n, loc[item]) for item, n in b.items()}) if appended else Counter()
    for item in local:
        if skip[item] > 0:
            skip[item] -= 1
        elif wanted.get(item, 0) > 0:
            merged.append(item)
            wanted[item] -= 1
    return merged


def join_blocks(blocks: list[str], remote_text: str, remote_blocks: list[str]) -> str:
    """The merged ledger's text: the remote's bytes untouched when it is a prefix."""
    if blocks[: len(remote_blocks)] == remote_blocks and remote_blocks:
        rest = blocks[len(remote_blocks) :]
        if not rest:
            return remote_text
        sep = "" if remote_text.endswith("\n\n") else "\n" if remote_text.endswith("\n") else "\n\n"
        return remote_text + sep + "\n".join(rest)
    return "\n".join(blocks)


def merge_memory(
    base: str | None, remote: str | None, local: str | None
) -> tuple[str | None, bool]:
    """MEMORY.md merged; True when both sides had changed it (the local file is then kept).

    The remote's text, with each line only the local side added placed in the section it
    stands in locally: a line `save` wrote before the first `## ` heading stays before
    it (at the end of the file it would read as the last person's), a line under
    `## Carol` goes under `## Carol`; a section the remote lacks comes at the end, with
    its heading."""
    if remote is None or remote in (local, base):
        return local, False
    if local is None or local == base:
        return remote, False
    known = set((base or "").splitlines()) | set(remote.splitlines())
    local_lines = local.splitlines()
    added: dict[str | None, list[str]] = {}
    seen: set[str] = set()
    for line, head in zip(local_lines, sections(local_lines), strict=True):
        fence = line.lstrip().startswith(("```", "~~~"))  # a fence closes: said twice
        if line.strip() and line not in known and line != head and (fence or line not in seen):
            seen.add(line)
            added.setdefault(head, []).append(line)
    if not added:
        return remote if remote.endswith("\n") or not remote else remote + "\n", True
    lines = remote.splitlines()
    for head, group in added.items():
        lines = _placed(lines, head, group)
    nl = "\r\n" if "\r\n" in remote else "\n"  # a file a Windows editor saved keeps CRLF
    return "".join(f"{line}{nl}" for line in lines), True


def _placed(lines: list[str], head: str | None, group: list[str]) -> list[str]:
    """`lines` with `group` after the last line of section `head` (None: before the
    first heading), a blank line between them and a title, heading or comment before
    them and between them and a heading after them."""
    where = [n for n, found in enumerate(sections(lines)) if found == head]
    if head is not None and not where:
        return [*_trimmed(lines), *([""] if lines else []), head, "", *group]
    start, end = (where[0], where[-1] + 1) if where else (0, 0)
    while end > start and not lines[end - 1].strip():
        end -= 1
    before = [""] if end and not lines[end - 1].startswith(("-", "*", "+", " ", "\t")) else []
    after = [""] if end < len(lines) and lines[end].strip() else []
    return [*lines[:end], *before, *group, *after, *lines[end:]]


def _trimmed(lines: list[str]) -> list[str]:
    end = len(lines)
    while end and not lines[end - 1].strip():
        end -= 1
    return lines[:end]


# --------------------------------------------------------------------------- the sync


@dataclass(frozen=True)
class _Mark:
    """A shared thread's flush watermark on its merged log: every line before `flushed`,
        and those at `elsewhere` after it, were flushed on some machine; `head` is the hash
        of the merged log's first line (flush's check that the log was not replaced). A line
    no machine flushed yet is flushed by the machine that appended it, so that two machines
    never both flush it between two syncs."""

    flushed: int
    elsewhere: tuple[int, ...]
    theirs: tuple[int, ...]
    """Lines another machine appended and has not flushed: that machine flushes them."""
    head: str | None


@dataclass
class _Plan:
    """What a merge writes: files (None: remove), offsets, what it counted."""

    writes: dict[str, bytes | None] = field(default_factory=dict)
    brought: dict[str, list[str]] = field(default_factory=dict)
    """Ledger path written -> ids of the blocks the merge brought into it (the journal's
    proof that the file was written, once a forget has rewritten it)."""
    offsets: dict[str, tuple[int, str]] = field(default_factory=dict)
    consolidated: dict[str, set[str]] = field(default_factory=dict)
    flushed: dict[str, Counter[str]] = field(default_factory=dict)
    """Thread -> the ids of its lines flushed here or on the remote (the merge's note)."""
    own: dict[str, Counter[str]] = field(default_factory=dict)
    """Thread -> the ids of the lines this machine appended and has not flushed."""
    marks: dict[str, _Mark] = field(default_factory=dict)
    """Thread -> its flush watermark on the merged log."""
    held: dict[str, Counter[str]] = field(default_factory=dict)
    """Thread -> the ids of its merged log's lines, each as often as it holds it."""
    received: int = 0
    received_lines: int = 0
    forgotten: int = 0
    both_changed_memory: bool = False
    memory_joined: bool = False
    """The merged MEMORY.md holds lines of both sides: two values of one fact may stand
    side by side until a consolidation supersedes the older (by when each was said)."""
    old_memory: bytes | None = None
    tombstones: list[Tombstone] = field(default_factory=list)
    """The tombstones once merged: what MEMORY.md must not state, what a purge masks."""
    memory_dropped: int = 0
    """Lines the merged MEMORY.md left out: a merged tombstone forgets them."""
    notes: list[str] = field(default_factory=list)
    """What the merge did that the user should hear of (a thread log kept whole)."""


def sync(
    ws: Workspace,
    config: Config,
    model: Model,
    *,
    dry_run: bool = False,
    remote: str | None = None,
    wait: bool = True,
) -> SyncResult:
    """Fetch, merge into the workspace, consolidate what came, commit, push (retried).

    `remote` overrides `sync.remote` (`init --from` before memctl.yaml names it).
    `wait` off (maintain): BusyError at once when another sync runs.
    """
    url = remote or config.sync.remote
    if not url:
        raise UsageError(
            "sync: no remote: set sync.remote in memctl.yaml (or use `memctl init --from URL`)"
        )
    branch = config.sync.branch
    result = SyncResult("up_to_date", url, branch)
    git = Git(ws, url)
    with ws.stage_lock("sync", blocking=wait) as acquired:
        if not acquired:
            raise BusyError("another memctl sync is running")
        # Its git folder and its caches are written in place: not through a symlink.
        for path in (ws.state_dir / GIT_DIR, ws.state_dir / "sync" / "blocks.json"):
            ws.check_inside(path)
        git.ensure()
        for attempt in range(1, PUSH_ATTEMPTS + 1):
            result.attempts = attempt
            if _attempt(ws, config, model, git, result, dry_run):
                break
            # Another machine pushed first: wait a little (machines started by the same
            # cron minute would collide again in step), fetch and merge again.
            time.sleep(random.uniform(0.05, 0.3) * attempt)
        else:
            raise SyncError(
                f"the remote moved on {PUSH_ATTEMPTS} times while syncing; "
                "the merge stays here and the next sync pushes it"
            )
    if result.purged:
        # Here, not by the entry point: --json's notes and maintain's log say it too.
        shown = ", ".join(result.purged[:5]) + (", ..." if len(result.purged) > 5 else "")
        result.notes.append(
            f"{'would mask' if dry_run else 'masked'} a purged fact in "
            f"{plural(len(result.purged), 'file')} here ({shown}): a purge's tombstone names it"
        )
    if result.archived:
        shown = ", ".join(result.archived[:5]) + (", ..." if len(result.archived) > 5 else "")
        result.notes.append(
            f"{'would move' if dry_run else 'moved'} {plural(len(result.archived), 'ledger')} "
            f"archived here into memory/archive/ on the remote ({shown}); the other machines "
            "keep their copies where their own daily_file_retention_days puts them"
        )
    if result.history_purged:
        result.notes.append(
            "the remote's history was rewritten (force-pushed or reset), and the old history "
            f"holds text purged on {', '.join(result.history_purged)}: it "
            f"{'would not be' if dry_run else 'was not'} kept (a history purge, README "
            "'sync'); local memory was merged with the rewritten history and "
            f"{'would be ' if dry_run else ''}pushed on top of it alone. The old history "
            "stays in this machine's .memctl/sync.git until that folder is deleted"
        )
    elif result.rewritten:
        if dry_run:
            done = (
                "local memory would be kept, merged with it and pushed on top, the old "
                "history as its second parent"
            )
        elif result.commit:
            done = (
                "local memory was kept, merged with it and pushed on top; the old history "
                f"stays as the second parent of {result.commit[:12]}"
            )
        else:  # nothing here the rewritten history lacks: no commit to keep it in
            done = "local memory held nothing it lacks: nothing was pushed, nor the old history"
        result.notes.append(f"the remote's history was rewritten (force-pushed or reset): {done}")
    return result


def _attempt(
    ws: Workspace, config: Config, model: Model, git: Git, result: SyncResult, dry_run: bool
) -> bool:
    """One fetch-merge-push; False when the push was rejected (someone pushed first)."""
    branch = config.sync.branch
    remote_commit = git.fetch(branch)
    _check_owned(git, branch, remote_commit)
    base_commit = _settle_pushes(git, branch, git.ref(f"refs/heads/{branch}"), remote_commit)
    rewritten = base_commit is not None and (
        remote_commit is None or not git.is_ancestor(base_commit, remote_commit)
    )
    result.rewritten = result.rewritten or rewritten
    # A rewritten remote is merged as a union: what it lost is not a removal here.
    remote = git.tree(remote_commit)
    base = {} if rewritten else remote if base_commit == remote_commit else git.tree(base_commit)
    journal = _note(ws).get("base")
    if isinstance(journal, dict) and not rewritten and journal.get("to") != base_commit:
        base = _resumed_base(ws, config, git, journal, base)
    shares = config.sync.share
    # A path this machine did not share when it merged the base (a share just widened
    # to threads) is no removal here: the base's copy is not this machine's, so the
    # merge is a union of the remote's and the local one.
    base = _entering_share(ws, base, shares)
    redactor = config.redaction.secret_check()
    cache = BlockCache(ws)
    check_secrets(redactor, _changed(_archived_as(_local_files(ws, config), base), base))
    with contextlib.nullcontext() if dry_run else ws.lock():
        local = _local_files(ws, config)
        plan = _plan(ws, cache, base, remote, local, shares)
        result.received += plan.received
        result.received_lines += plan.received_lines
        result.forgotten += plan.forgotten
        result.memory_dropped += plan.memory_dropped
        result.notes += [line for line in plan.notes if line not in result.notes]
        needles, purges, masked_here = _purges(ws, config, plan, base, local, result)
        if dry_run:
            result.status = "dry_run"
            old = base_commit if rewritten else None
            _keeps_history(git, old, remote_commit, plan.tombstones, result)
            result.files = _shown(ws, config, plan.writes)
            after = _archived_as(_after(local, plan.writes), remote)
            result.sent, result.sent_lines = _count_sent(after, remote)
            result.archived = _archives(after, remote)
            result.forgotten += _count_forgotten(after, remote)
            if needles:
                wiped = purge_files(ws, needles, dry_run=True, index=True)
                result.purged = sorted(set(wiped.changed) | set(masked_here))
            return True
        if rewritten and base_commit:
            git.run("update-ref", KEPT, base_commit)
        _apply(ws, config, plan, remote_commit, needles)
        # The workspace holds the remote's content now: it is the base of the next merge,
        # pushed or not (a block the remote had and another machine forgets meanwhile
        # must read as forgotten, not as added here). Killed before this, the next run
        # finds the journal in the note (`_resumed_base`).
        if remote_commit is not None:
            git.run("update-ref", f"refs/heads/{branch}", remote_commit)
        elif base_commit is not None:
            git.run("update-ref", "-d", f"refs/heads/{branch}")
        (ws.state_dir / "sync" / "merge.json").unlink(missing_ok=True)
        _note_share(ws, shares)
        if needles:
            # A purge made elsewhere: mask what this machine still holds of it, as
            # `forget --purge` would have here (history copies, thread logs), and delete
            # the index, which holds the text whether or not a file here still did.
            wiped = purge_files(ws, needles, dry_run=False, index=True)
            result.purged = sorted(set(result.purged) | set(wiped.changed) | set(masked_here))
            if wiped.unreachable:
                result.notes.append(
                    "a purged fact is also in names or structure a purge does not rewrite: "
                    + listed(wiped.unreachable)
                )
        looked, noted = ws.state_dir / "sync" / PURGED, (json.dumps(purges) + "\n").encode()
        if (purges or looked.exists()) and _read(looked) != noted:
            write_atomic(looked, noted)
        _note_brought(ws, plan, shares)  # before the consolidation below, which keeps it
    kept = git.ref(KEPT)
    result.rewritten = result.rewritten or kept is not None
    result.files = sorted(set(result.files) | set(_shown(ws, config, plan.writes)))
    if plan.both_changed_memory:
        result.notes.append(
            "MEMORY.md had changed here and on the remote: the remote's kept, the lines "
            "only this machine had added after it; this machine's copy is in .memctl/history/"
        )
    if "memory" in shares and "ledgers" in shares:
        # A MEMORY.md joined from both sides is merged again though no ledger text is
        # new: a fact changed on both machines must leave one value, the one said last
        # (the ledgers, merged alike everywhere, say when), not both.
        merged = consolidate(ws, config, model, force=plan.memory_joined)
        result.consolidated = result.consolidated or merged.status == "consolidated"
    with ws.lock():
        snapshot = _archived_as(_local_files(ws, config), remote)
        state = ws.read_state()
        record = _record(ws, state, cache)
        flushed = _flushed_record(ws, state, config)
    cache.save()
    snapshot[RECORD] = record
    if "threads" in shares:
        snapshot[FLUSHED] = flushed
    # A commit holds what this machine shares, and of the rest the remote's files as
    # they are: a path its share does not name is no deletion (a machine that shares
    # no threads dropped every other machine's thread logs and their flush record).
    snapshot.update({rel: data for rel, data in remote.items() if not _owned(rel, shares)})
    if snapshot == remote:
        # A consolidation here (an undo's text merged again) is news though nothing moved.
        result.status = "synced" if result.files or result.consolidated else "up_to_date"
        if kept is not None:
            git.run("update-ref", "-d", KEPT)
        _mark(ws)
        return True
    check_secrets(redactor, _changed(snapshot, remote))
    (sent, lines), forgot = _count_sent(snapshot, remote), _count_forgotten(snapshot, remote)
    parents = [remote_commit] if remote_commit else []
    if (
        kept is not None
        and (remote_commit is None or not git.is_ancestor(kept, remote_commit))
        and _keeps_history(
            git, kept, remote_commit, parse_tombstones(_text(snapshot.get(FORGOTTEN)) or ""), result
        )
    ):
        parents.append(kept)  # the history the remote lost stays reachable
    message = _message(snapshot, remote, (sent, lines), forgot, result)
    commit = git.commit(snapshot, parents, message, remote_commit, remote)
    git.run("update-ref", PUSHING + commit, commit)
    if not git.push(commit, branch):
        return False
    _pushed(git, branch, commit, kept, fetched=True)
    result.commit, result.sent, result.status = commit, result.sent + sent, "synced"
    result.sent_lines += lines
    result.archived = _archives(snapshot, remote)
    result.forgotten += forgot
    _mark(ws)
    return True


def _note_brought(ws: Workspace, plan: _Plan, shares: tuple[str, ...]) -> None:
    """Another machine's merges come without its provenance sidecar (not shared): the
    bullets of MEMORY.md this one does not know are recorded by the lines of the ledgers
    the merge wrote that state them, so recall dates them, and explain and forget read
    them, as on the machine that merged them."""
    if "memory" in shares:
        written = (rel for rel, data in plan.writes.items() if data and rel.startswith("memory/"))
        provenance.note_brought(ws, written)


def _entering_share(
    ws: Workspace, base: dict[str, bytes], shares: tuple[str, ...]
) -> dict[str, bytes]:
    """The base without the paths this machine's share did not name when it merged the
    base (`SHARED`; none noted: the share it has now) and names now: what it held there
    was never its to remove."""
    try:
        before = json.loads(_read(ws.state_dir / "sync" / SHARED) or b"null")
    except ValueError:
        before = None
    if not isinstance(before, list) or set(before) >= set(shares):
        return base
    was = tuple(kind for kind in before if isinstance(kind, str))
    return {rel: data for rel, data in base.items() if _owned(rel, was) or not _owned(rel, shares)}


def _note_share(ws: Workspace, shares: tuple[str, ...]) -> None:
    """Note the share the base was just merged with (`SHARED`)."""
    shared, noted = ws.state_dir / "sync" / SHARED, (json.dumps(list(shares)) + "\n").encode()
    if _read(shared) != noted:
        write_atomic(shared, noted)


def _check_owned(git: Git, branch: str, remote_commit: str | None) -> None:
    """Never a commit on top of files memctl does not own (it would delete them), nor a
    branch of memory beside a code repository's: UsageError before anything changes."""
    if remote_commit is not None:
        refuse_foreign(git.remote, branch, git.paths(remote_commit), done="nothing pushed")
    else:
        check_foreign(git.remote, branch, explicit=branch != DEFAULT_BRANCH)


def _pushed(git: Git, branch: str, commit: str, kept: str | None, *, fetched: bool) -> None:
    """The pushed commit becomes the base, in one transaction: the branch, its push ref
    gone, the kept history gone (a parent of it), and the remote's branch as fetched
    when `fetched` (the remote holds nothing newer than the commit, as far as known)."""
    moves = [f"update refs/heads/{branch} {commit}", f"delete {PUSHING}{commit}"]
    if fetched:
        moves.append(f"update refs/remotes/origin/{branch} {commit}")
    if kept is not None:
        moves.append(f"delete {KEPT}")
    git.run("update-ref", "--stdin", data="".join(f"{move}\n" for move in moves).encode())


def _settle_pushes(git: Git, branch: str, base: str | None, fetched: str | None) -> str | None:
    """The base for this merge: the last commit a push was started for that the remote
    holds and that follows the base (that run was killed before it moved the base, or its
    push landed after it died), else `base`. A push ref is dropped once its commit is the
    base's or can no longer land: the remote moved on to what does not lead to it."""
    listing = git.out("for-each-ref", "--format=%(objectname)", PUSHING)
    landed: list[str] = []
    for commit in listing.split():
        if fetched is not None and git.is_ancestor(commit, fetched):
            if commit != base and (base is None or git.is_ancestor(base, commit)):
                landed.append(commit)
                continue
        elif fetched is None or git.is_ancestor(fetched, commit):
            continue  # its push may still be running: it would fast-forward the remote
        git.run("update-ref", "-d", PUSHING + commit)
    if not landed:
        return base
    last = landed[0]
    for commit in landed[1:]:
        if git.is_ancestor(last, commit):
            last = commit
    for commit in landed:
        if commit != last:
            git.run("update-ref", "-d", PUSHING + commit)
    kept = git.ref(KEPT)
    kept = kept if kept and git.is_ancestor(kept, last) else None
    _pushed(git, branch, last, kept, fetched=False)
    return last


def _keeps_history(
    git: Git, old: str | None, new: str | None, stones: list[Tombstone], result: SyncResult
) -> bool:
    """Whether the history a rewritten remote lost (`old`, not in `new`) is kept as a
    parent of the next commit: yes, unless it holds text a purge masked since
    (`result.history_purged`, its days). Then the rewrite was the history purge recipe's,
    and a machine that kept its old repository (one forgotten, or a cron job that ran
    before its folder was deleted) must not push the purged bytes back; refusing would
    leave that machine unsynced until someone noticed, for no gain: its files are
    purged here and merged all the same, nothing lost but the old commits."""
    result.history_purged = _purged_in_history(git, old, new, stones) if old else []
    return not result.history_purged


def _purged_in_history(git: Git, old: str, new: str | None, stones: list[Tombstone]) -> list[str]:
    """The days of the purges among `stones` whose text the commits of `old` that `new`
    lacks hold (its blobs that `new` does not have, read once, a batch at a time,
    `HISTORY_BATCH_BYTES`): a Markdown line stating a purged fact (`stating`, by its
    digest), or a purged token in any file (`purged_tokens`, JSON strings decoded; a
    thread log is read only for a token). Empty: none, or no purge to look for."""
    purges = [stone for stone in stones if stone.purged]
    if not purges:
        return []
    listed = git.out("rev-list", "--objects", old, *(["--not", new] if new else []))
    # A thread log states no purged fact's line: without a purged token, only Markdown.
    read = (".md", ".jsonl") if any(stone.salt for stone in purges) else (".md",)
    blobs = [
        (sha, path.endswith(".md"))
        for sha, _, path in (line.partition(" ") for line in listed.splitlines())
        if path.endswith(read)
    ]
    if not blobs:
        return []
    when = {stone.digest: stone.at for stone in purges if not stone.salt}
    legacy = older_masks(stones)
    days: set[str] = set()

    def readings() -> Iterator[str]:
        """Each blob's readings (`_readings`), its Markdown's purged lines read on the
        way: one blob held at a time, never all of them (review 32 F7)."""
        shas = [sha for sha, _ in blobs]
        for (_, is_markdown), data in zip(blobs, git.blobs(shas, HISTORY_BATCH_BYTES), strict=True):
            if is_markdown and when:
                stated = stating([data.decode("utf-8", "replace")], set(when), legacy=legacy)
                days.update(when[digest][:10] for digest in stated.values())
            yield from _readings(data)

    texts = readings()
    tokens = purged_tokens(texts, purges)
    deque(texts, maxlen=0)  # the blobs `purged_tokens` had no token to read them for
    days |= {at[:10] for at in tokens.values()}
    return sorted(days)


HISTORY_BATCH_BYTES = 8 * 1024 * 1024
"""How many bytes of the old history's blobs `_purged_in_history` reads at a time: the
history of a long-lived workspace with large thread logs is hundreds of MB, all of it
held at once before (review 32 F7)."""


def _mark(ws: Workspace) -> None:
    ws.update_state(lambda state: ws.mark_run(state, "sync"))


# --------------------------------------------------------------------------- files


def _shared(rel: str, shares: Iterable[str]) -> bool:
    """Whether a path (of the workspace or of the repository) is shared."""
    parts = rel.split("/")
    if rel == MEMORY:
        return "memory" in shares
    if rel == FORGOTTEN:
        return "memory" in shares or "ledgers" in shares
    if parts[0] == "memory" and DAILY_NAME.fullmatch(parts[-1]):
        return "ledgers" in shares and (
            len(parts) == 2 or (len(parts) == 3 and parts[1] == "archive")
        )
    if parts[0] == "threads" and len(parts) == 2 and rel.endswith(".jsonl"):
        return "threads" in shares
    return parts[0] == "evicted" and "evicted" in shares and len(parts) > 1


def _owned(rel: str, shares: Iterable[str]) -> bool:
    """Whether this machine's commit says what the repository holds at `rel`: a path
    its share names (absent here: a removal), or memctl's record of what it shares
    (the flush record with threads; the consolidation record always)."""
    if rel == FLUSHED:
        return "threads" in shares
    return rel == RECORD or _shared(rel, shares)


def _local_files(ws: Workspace, config: Config) -> dict[str, bytes]:
    """The shared files of the workspace, by path relative to it."""
    shares = config.sync.share
    paths: list[Path] = []
    if "ledgers" in shares:
        paths += ws.daily_files(include_archive=True)
    if "memory" in shares and ws.memory_md.is_file():
        paths.append(ws.memory_md)
    if "threads" in shares and ws.threads_dir.is_dir():
        paths += sorted(ws.threads_dir.glob("*.jsonl"))
    if "evicted" in shares:
        root = ws.root / config.eviction.root
        if root.is_dir():
            paths += sorted(p for p in root.rglob("*") if p.is_file() and not p.is_symlink())
    files: dict[str, bytes] = {}
    tombstones = ws.state_dir / FORGOTTEN_NAME
    if ("memory" in shares or "ledgers" in shares) and tombstones.is_file():
        files[FORGOTTEN] = tombstones.read_bytes()
    for path in paths:
        rel = path.relative_to(ws.root).as_posix()
        if rel.startswith(config.eviction.root + "/"):
            rel = "evicted/" + rel[len(config.eviction.root) + 1 :]
        with contextlib.suppress(FileNotFoundError):
            files[rel] = path.read_bytes()
    return files


def _workspace_path(ws: Workspace, config: Config, rel: str) -> Path:
    if rel == FORGOTTEN:
        return ws.state_dir / FORGOTTEN_NAME
    if rel.startswith("evicted/"):
        return ws.root / config.eviction.root / rel[len("evicted/") :]
    return ws.root / rel


def _changed(files: dict[str, bytes], than: dict[str, bytes]) -> dict[str, bytes]:
    return {
        path: data for path, data in files.items() if than.get(path) != data and path not in RECORDS
    }


def _after(local: dict[str, bytes], writes: dict[str, bytes | None]) -> dict[str, bytes]:
    out = dict(local)
    for path, data in writes.items():
        if data is None:
            out.pop(path, None)
        else:
            out[path] = data
    return out


def check_secrets(redactor: Redactor, files: dict[str, bytes]) -> None:
    """SecretRefused naming the first file and line the redactor would change."""
    for path, data in sorted(files.items()):
        text = data.decode("utf-8", "replace")
        redacted, counts = redactor.redact(text, keep_lines=True)
        if not counts:
            continue
        for number, (old, new) in enumerate(
            zip(text.splitlines(), redacted.splitlines(), strict=False), 1
        ):
            if old != new:
                kinds = ", ".join(sorted(counts))
                raise SecretRefused(
                    f"{path}:{number} holds a secret ({kinds}); nothing was committed or pushed: "
                    "remove it (or replace it with [REDACTED]) and sync again"
                )


# --------------------------------------------------------------------------- the merge


def _ledger_name(rel: str) -> str:
    return rel.rsplit("/", 1)[-1]


def _by_ledger(files: dict[str, bytes]) -> dict[str, dict[str, str]]:
    """Ledger name -> {path: text} (a ledger may sit in memory/ and in memory/archive/)."""
    out: dict[str, dict[str, str]] = {}
    for rel, data in files.items():
        if rel.startswith("memory/") and DAILY_NAME.fullmatch(_ledger_name(rel)):
            out.setdefault(_ledger_name(rel), {})[rel] = data.decode("utf-8", "replace")
    return out


def _blocks_of(texts: dict[str, str]) -> list[str]:
    """The blocks of a ledger's copies, the archived one first (archive appends in order)."""
    blocks: list[str] = []
    for rel in sorted(texts, key=lambda r: (0 if "/archive/" in r else 1, r)):
        blocks += split_blocks(texts[rel])
    return blocks


def _plan(
    ws: Workspace,
    cache: BlockCache,
    base: dict[str, bytes],
    remote: dict[str, bytes],
    local: dict[str, bytes],
    shares: tuple[str, ...],
) -> _Plan:
    plan = _Plan()
    state = ws.read_state()
    plan.consolidated = _merged_record(
        _remote_record(base), _remote_record(remote), _local_consolidated(ws, state, local, cache)
    )
    stones = local.get(FORGOTTEN, b"")
    if _shared(FORGOTTEN, shares):
        sides = (log_lines(side.get(FORGOTTEN, b"")) for side in (base, remote, local))
        stones = "".join(merge_items(*sides)).encode()
    plan.tombstones = parse_tombstones(stones.decode("utf-8", "replace"))
    plan.forgotten += len({s.fact_of for s in plan.tombstones} - _named(local))
    if "ledgers" in shares:  # after the tombstones: an older memctl's purge among them
        _plan_ledgers(plan, base, remote, local, cache)
    if "memory" in shares:
        old = local.get(MEMORY)
        merged, both = merge_memory(*(_text(f.get(MEMORY)) for f in (base, remote, local)))
        if merged is not None:
            # What the merged tombstones forget, the merged MEMORY.md does not state: an
            # undo (or a save) on one machine of a fact another forgot, or a file from a
            # memctl that did not check, must not bring it back to every machine. A
            # tombstone a teammate's save dropped is dropped by the merge too.
            kept = Forgotten.of_tombstones(plan.tombstones).drop_lines(merged)
            plan.memory_dropped = len(merged.splitlines()) - len(kept.splitlines())
            if kept.encode() != old:
                plan.writes[MEMORY] = kept.encode()
                plan.both_changed_memory, plan.old_memory = both, old
                theirs = _text(remote.get(MEMORY)) or ""
                plan.memory_joined = both and merged.rstrip() != theirs.rstrip()
    if "threads" in shares:
        plan.flushed, plan.own = _local_flushed(ws, state, local)
        # Where in the local logs this machine's own lines are (none noted when a merge
        # killed part-way left its note: the local logs may be merged already).
        at = None if "threads" in _note(ws) else _own_at(ws, state, local)
        # Flushes on either side since the base add up (the same line said on both
        # machines is flushed once on each); no base record (a first sync, a rewritten
        # remote, a share just widened): each side's count, the larger.
        before = _remote_flushed(base) if FLUSHED in base else None
        for thread, counts in _remote_flushed(remote).items():
            plan.flushed[thread] = _flushes(
                plan.flushed.get(thread, Counter()),
                counts,
                None if before is None else before.get(thread, Counter()),
            )
    for rel in sorted(set(remote) | set(local)):
        if (rel.startswith("threads/") or rel == FORGOTTEN) and _shared(rel, shares):
            lines = [log_lines(side.get(rel, b"")) for side in (base, remote, local)]
            log = rel.startswith("threads/")
            collapsed = False
            if log:
                lines, dropped = _uncopied(lines)
                collapsed = dropped[2] > 0
                if dropped[1] or dropped[2]:
                    plan.notes.append(
                        f"{rel}: dropped {plural(max(dropped[1:]), 'line')} repeating the "
                        "log's first lines, the same bytes (copies an older memctl's sync "
                        "with no base appended, as after the history purge recipe)"
                    )
                lines = _masked_in_place(lines)
            # A thread log's lines appended on both sides since the base are all kept, a
            # line both wrote alike too (the same reply in the same second): two turns,
            # not one. With no synced copy of the log to go by (a first sync, a rewritten
            # remote, a share just widened to threads), a line both sides hold is one
            # entry, held as often as the side holding it more: appending the local log
            # to the remote's would double every line (the purge recipe, audit 19 F1).
            fresh = log and not lines[0]
            merged_lines = merge_items(*lines, appended=log and not fresh)
            shrinks = (
                log
                and not fresh
                and _shrinks(lines[2], merged_lines, legacy=older_masks(plan.tombstones))
            )
            union = fresh or shrinks
            if shrinks:
                # A thread log is append-only: lines the remote lacks (a machine that
                # did not share threads, or an older memctl, committed it without
                # them) are not removed here, whatever the base held; a union instead.
                merged_lines = merge_items([], lines[1], lines[2])
                plan.notes.append(
                    f"{rel}: the remote lacks lines this machine's copy of the append-only "
                    "log has (an older memctl that did not share threads committed it "
                    "away, or a `thread rm` on another machine): they were kept, and are "
                    "sent again"
                )
            if log:
                plan.received_lines += sum((Counter(merged_lines) - Counter(lines[2])).values())
            data = "".join(merged_lines).encode()
            if data != local.get(rel) and (merged_lines or rel in local):
                # (A log removed here that the remote still had stays removed: no empty
                # file in its place, the commit deletes it.)
                plan.writes[rel] = data
            if rel.startswith("threads/"):
                thread = _thread_name(rel)
                plan.held[thread] = Counter(line_id(line) for line in merged_lines)
                plan.marks[thread] = _watermark(
                    merged_lines,
                    plan.flushed.get(thread, Counter()),
                    _own_ranks(
                        lines,
                        plan.own.get(thread, Counter()),
                        union,
                        # Copies dropped here: the ranks noted on the log as it was no
                        # longer name its lines; its own are those appended last.
                        None if at is None or collapsed else at.get(thread, {}),
                    ),
                )
        elif rel.startswith("evicted/") and _shared(rel, shares) and rel not in local:
            plan.writes[rel] = remote[rel]
    return plan


def _flushes(local: Counter[str], remote: Counter[str], base: Counter[str] | None) -> Counter[str]:
    """A thread's flush record merged: how often each line was flushed, on either side.
    Against the base's record, each side's new flushes add up; never less than either
    side's count (a record only grows: a side that lost its record, a `thread rm`,
    takes the other's)."""
    if base is None:
        return local | remote
    return Counter(
        {
            ident: max(local[ident], remote[ident], local[ident] + remote[ident] - base[ident])
            for ident in local | remote
        }
    )


def _uncopied(sides: list[list[str]]) -> tuple[list[list[str]], list[int]]:
    """The base, remote and local lines of a thread log, each without the copies of its
    start an older memctl appended (`_without_copies`), and how many lines each lost.
    Every machine drops them alike, from every side, so the merge reads none as removed
    and the logs converge on the log as it was before it was copied."""
    kept = [_without_copies(side) for side in sides]
    return kept, [len(side) - len(new) for side, new in zip(sides, kept, strict=True)]


def _without_copies(lines: list[str]) -> list[str]:
    """`lines` without each later run that is, byte for byte, its start up to the first
    line said again (audit 19 F1: a sync with no base, as after the history purge
    recipe, appended each machine's whole log to the remote's, the same log: N machines,
    N+1 copies, the copies unflushed forever). A line holds its time to the second, so a
    turn equal to the log's first one, time included, is that turn again; but not when
    every line of that start holds a purge's mask: the turns of one second a purge
    masked whole are alike, and each is a turn of its own. Nor when the run does not go
    back in time (review 32 F1): a bot's "ok", "ok" in one second is two turns, and a
    real append is never said before the line it follows, while a copy restarts at the
    log's first time after later lines. A log whose lines are all of one second keeps
    its copies: no rule can tell them from turns, and a turn must never be lost."""
    try:
        size = lines.index(lines[0], 1) if lines else 0
    except ValueError:
        return lines
    start, kept, at = lines[:size], lines[:size], size
    if all(holds_mask(line, legacy=True) for line in start):
        return lines
    first = _said_at(start[0])
    while at < len(lines):
        before = _said_at(lines[at - 1])
        goes_back = first is not None and before is not None and first < before
        if goes_back and lines[at : at + size] == start:
            at += size
        else:
            kept.append(lines[at])
            at += 1
    return kept


def _said_at(line: str) -> datetime | None:
    """The time a log line says it was said (its `ts`, naive read as UTC), or None for
    a line without one or not JSON: such a line never counts as going back in time."""
    try:
        entry = loads(line)
    except ValueError:
        return None
    said = when(entry) if isinstance(entry, dict) else None
    return said if said is None or said.tzinfo else said.replace(tzinfo=UTC)


def _masked_in_place(sides: list[list[str]]) -> list[list[str]]:
    """The base, remote and local lines of a thread log with each line a purge masked
    on either side (a line with a mask where the base had a plain one, at the same
    place) masked on every side: the masked line stays where the plain one was, so the
    entry numbers ledger headings cite still name it (a merge would read it as a line
    removed and another appended, at the end). With no base (a first sync, a rewritten
    remote) each side's lines are read against the other's, place by place: a merge
    that matches lines by their bytes must see a masked line and its plain copy as one."""
    base, remote, local = sides
    pairs = [(base, remote), (base, local)] if base else [(remote, local), (local, remote)]
    masks: dict[str, str] = {}
    for plains, side in pairs:
        if not plains or not side or not (side[0] == plains[0] or _mask_of(plains[0], side[0])):
            continue  # another log under the same id (a `thread rm`, a new log)
        for plain, line in zip(plains, side, strict=False):
            if _mask_of(plain, line):
                masks[plain] = line
    if not masks:
        return sides
    return [[masks.get(line, line) for line in side] for side in sides]


_MASK_RUN = re.compile(b"|".join(run.pattern.encode("utf-8") for run in (MASK_RUN, LEGACY_RUN)))
"""A run `forgotten.mask` wrote (`[forgotten...]`, `[~` U+FDD0 `]` for a short copy), or an
older memctl (`[~~]`, `[forgot`): a line is compared with the plain one it was, so an
older machine's purge is told from text here too."""


def _mask_of(plain: str, line: str) -> bool:
    """Whether `line` is `plain` with some of it purged: a purge overwrites bytes with
    masks of their length (`forgotten.mask`), so the two have the same length in bytes
    and the same bytes outside the masks. A line of another log at the same place, or
    one that merely quotes a mask, is not."""
    if line == plain or not holds_mask(line, legacy=True) or holds_mask(plain):
        return False
    a = plain.encode("utf-8", "surrogateescape")
    b = line.encode("utf-8", "surrogateescape")
    if len(a) != len(b):
        return False
    at = 0
    for run in _MASK_RUN.finditer(b):
        if a[at : run.start()] != b[at : run.start()]:
            return False
        at = run.end()
    return a[at:] == b[at:]


def _own_ranks(
    sides: list[list[str]], own: Counter[str], union: bool, at: dict[str, set[int]] | None
) -> dict[str, set[int]]:
    """Which occurrences of each line in the merged log are this machine's own to flush
    (by line id: the occurrences' ranks, 0 the first). `at`: the ranks of its own lines
    in the local log (`_own_at`; None: its last occurrences, those appended last). The
    merge keeps the remote's occurrences first, then the local ones it adds, so local
    occurrence k past those the base (a union: the remote) already held is merged
    occurrence k - held + the remote's count. Own lines the local log lacks (a log a
    `thread rm` removed here, brought back) are the first occurrences."""
    if not own:
        return {}
    b, r, loc = (Counter(line_id(line) for line in side) for side in sides)
    ranks: dict[str, set[int]] = {}
    for ident, wanted in own.items():
        held = min(r[ident], loc[ident]) if union else min(b[ident], r[ident], loc[ident])
        local = (
            at.get(ident, set())
            if at is not None
            else set(range(max(0, loc[ident] - wanted), loc[ident]))
        )
        got = set(range(max(0, wanted - len(local))))
        got.update(k if k < held else r[ident] + k - held for k in local)
        ranks[ident] = got
    return ranks


def _own_at(ws: Workspace, state: State, local: dict[str, bytes]) -> dict[str, dict[str, set[int]]]:
    """Thread -> line id -> the ranks (among that line's occurrences in the local log)
    of the lines this machine appended and has not flushed (`flush_marks`)."""
    out: dict[str, dict[str, set[int]]] = {}
    for rel, data in local.items():
        if not rel.startswith("threads/"):
            continue
        thread, lines = _thread_name(rel), log_lines(data)
        done, theirs = flush_marks(ws, state.threads.get(thread), lines)
        seen: Counter[str] = Counter()
        mine = out.setdefault(thread, {})
        for index, line in enumerate(lines):
            ident = line_id(line)
            if index not in done and index not in theirs:
                mine.setdefault(ident, set()).add(seen[ident])
            seen[ident] += 1
    return out


def _shrinks(local: list[str], merged: list[str], *, legacy: bool) -> bool:
    """Whether a merge would take lines out of a local log other than those a purge
    masked (as many as the merged log holds new lines with a mask; `legacy`: the merged
    tombstones hold an older memctl's purge, `forgotten.older_masks`): a log only grows."""
    gone = sum((Counter(local) - Counter(merged)).values())
    masked = sum(
        n
        for line, n in (Counter(merged) - Counter(local)).items()
        if holds_mask(line, legacy=legacy)
    )
    return gone > masked


def _thread_name(rel: str) -> str:
    return rel[len("threads/") : -len(".jsonl")]


def _watermark(lines: list[str], flushed: Counter[str], own: dict[str, set[int]]) -> _Mark:
    """The watermark of a merged log: the occurrences of its lines this machine
    appended and has not flushed are its own to flush (`_own_ranks`); of the others,
    those flushed on some machine, matched to the record in log order (a line written
    twice is flushed as often as the record says), and the rest theirs."""
    left, seen = Counter(flushed), Counter[str]()
    done: list[int] = []
    theirs: list[int] = []
    for index, line in enumerate(lines):
        ident = line_id(line)
        rank, seen[ident] = seen[ident], seen[ident] + 1
        if rank in own.get(ident, ()):
            continue
        if left[ident] > 0:
            left[ident] -= 1
            done.append(index)
        else:
            theirs.append(index)
    watermark = 0
    while watermark < len(done) and done[watermark] == watermark:
        watermark += 1
    head = hashlib.sha256(lines[0].encode("utf-8")).hexdigest() if lines else None
    return _Mark(watermark, tuple(done[watermark:]), tuple(theirs), head)


Lines = dict[str, Counter[str]]
"""Thread -> ids of some of its log lines, each as often as it is meant."""


def _local_flushed(ws: Workspace, state: State, local: dict[str, bytes]) -> tuple[Lines, Lines]:
    """The lines a flush processed here, and those this machine appended and has not
    flushed (its own), by thread: from a merge killed before it moved the watermarks
    (its note), else from the watermarks (`_state_lines`)."""
    noted = _note(ws).get("threads")
    if isinstance(noted, dict):  # a merge killed before it moved the watermarks
        flushed, own = noted.get("flushed"), noted.get("own")
        if isinstance(flushed, dict) and isinstance(own, dict):
            return (
                {t: Counter(ids) for t, ids in flushed.items()},
                {t: Counter(ids) for t, ids in own.items()},
            )
    return _state_lines(ws, state, local)


def _state_lines(ws: Workspace, state: State, local: dict[str, bytes]) -> tuple[Lines, Lines]:
    """Flushed: each log's lines before its watermark and those past it a sync marked,
    and those of a flush killed after its append (its block note), less those another
    machine is to flush. Own: the rest (`line_owners`). And for a shared log `thread rm`
    removed here, what this machine knew of its lines (`State.removed`): its flushed
    lines stay in the flush record every commit carries, and its own lines are its own
    again when another machine brings the log back."""
    flushed: Lines = {}
    own: Lines = {}
    for rel, data in local.items():
        if rel.startswith("threads/"):
            thread = _thread_name(rel)
            flushed[thread], own[thread] = line_owners(
                ws, state.threads.get(thread), log_lines(data)
            )
    for thread, removed in state.removed.items():
        flushed[thread] = flushed.get(thread, Counter()) + Counter(removed.flushed)
        own[thread] = own.get(thread, Counter()) + Counter(removed.own)
    return flushed, own


def _holds(held: Counter[str], removed: RemovedLog) -> bool:
    """Whether a merged log holds lines `thread rm` removed here: the removed log came
    back. Any of them, not all: the machine that brings it back sends what it held at
    once, and a line no other machine had (appended here, removed before a sync), or
    one purged since (masked: another id), never comes back."""
    return any(held[ident] for ident in (*removed.flushed, *removed.own))


def _remote_flushed(remote: dict[str, bytes]) -> dict[str, Counter[str]]:
    try:
        data = json.loads(remote.get(FLUSHED, b"{}").decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {
        thread: Counter({i: n for i, n in ids.items() if isinstance(n, int) and n > 0})
        for thread, ids in data.items()
        if isinstance(ids, dict)
    }


def _flushed_record(ws: Workspace, state: State, config: Config) -> bytes:
    """The ids of the log lines flushed here (all of the remote's included after a
    merge), by thread, for the commit."""
    local = {
        rel: data for rel, data in _local_files(ws, config).items() if rel.startswith("threads/")
    }
    record = {
        thread: dict(sorted(ids.items()))
        for thread, ids in sorted(_state_lines(ws, state, local)[0].items())
        if ids
    }
    return (json.dumps(record, sort_keys=True, indent=0) + "\n").encode()


def _text(data: bytes | None) -> str | None:
    return None if data is None else data.decode("utf-8", "replace")


def _plan_ledgers(
    plan: _Plan,
    base: dict[str, bytes],
    remote: dict[str, bytes],
    local: dict[str, bytes],
    cache: BlockCache,
) -> None:
    """Each ledger merged, in the place this machine keeps it: where it is here (in
    memory/archive/ when it is there, even in memory/ too), and a ledger new here in
    memory/, where this machine's own `archive` moves it when its retention says. Only
    that moves a ledger here: another machine's `archive` does not (audit 19 F3: its
    retention is its own); the commit holds a ledger archived once any machine did
    (`_archived_as`)."""
    sides = [_by_ledger(files) for files in (base, remote, local)]
    for name in sorted(set(sides[1]) | set(sides[2])):
        b, r, loc = (side.get(name, {}) for side in sides)
        if len(r) == len(loc) == 1 and list(r.values()) == list(loc.values()):
            # The same here and there (wherever each keeps it): only the offset may move.
            ((target, text),) = loc.items()
            plan.offsets[target] = _offset(text, plan.consolidated.get(name, set()), cache)
            continue
        remote_blocks, local_blocks = _blocks_of(r), _blocks_of(loc)
        merged = merge_items(_blocks_of(b), remote_blocks, local_blocks)
        archived = any(rel.startswith(ARCHIVE) for rel in loc)
        target = f"memory/archive/{name}" if archived else f"memory/{name}"
        whole = set(r) == {target}
        text = join_blocks(merged, r[target] if whole else "", remote_blocks if whole else [])
        if set(loc) == {target} and merged == local_blocks:
            text = loc[target]  # nothing came: the local bytes stay as they are
        brought = Counter(merged) - Counter(local_blocks)
        plan.received += len(brought)
        plan.forgotten += _removed(local_blocks, merged, legacy=older_masks(plan.tombstones))
        for rel in loc:
            if rel != target:
                plan.writes[rel] = None
        if loc.get(target) != text:
            plan.writes[target] = text.encode("utf-8")
            plan.brought[target] = sorted({block_id(block) for block in brought})
        # Every ledger's: the remote's MEMORY.md may hold blocks this machine had not merged.
        plan.offsets[target] = _offset(text, plan.consolidated.get(name, set()), cache)


def _archived_as(files: dict[str, bytes], than: dict[str, bytes]) -> dict[str, bytes]:
    """`files` (this machine's, by repository path) with each ledger they hold in
    memory/ alone that `than` (the remote, or the base) holds in memory/archive/ alone
    read at that path: archived on another machine, kept here by this one's retention.
    The repository holds a ledger archived once any machine archived it, so a commit
    never moves it back, and it is not a file to send."""
    archived = [rel for rel in than if rel.startswith(ARCHIVE)]
    out = dict(files)
    for there in archived:
        here = "memory/" + there[len(ARCHIVE) :]
        if here in out and there not in out and here not in than:
            out[there] = out.pop(here)
    return out


def _archives(files: dict[str, bytes], remote: dict[str, bytes]) -> list[str]:
    """The ledgers `files` (a commit) hold in memory/archive/ that the remote holds in
    memory/ alone, by their path there: the archive a commit sends."""
    return sorted(
        here
        for rel in files
        if rel.startswith(ARCHIVE)
        and (here := "memory/" + rel[len(ARCHIVE) :]) in remote
        and rel not in remote
        and here not in files
    )


def _offset(text: str, consolidated: set[str], cache: BlockCache) -> tuple[int, str]:
    """The end of the longest run of consolidated blocks from the start, with its tail hash."""
    end = 0
    data = text.encode("utf-8")
    for ident, stop in cache.ends(data):
        if ident not in consolidated:
            break
        end = stop
    return end, hashlib.sha256(data[max(0, end - TAIL_BYTES) : end]).hexdigest()


def _local_consolidated(
    ws: Workspace, state: State, local: dict[str, bytes], cache: BlockCache
) -> dict[str, set[str]]:
    """Ledger name -> ids of the blocks MEMORY.md holds here: from a merge killed before
    it wrote its offsets (its note), else the blocks before each ledger's offset."""
    noted = _note(ws)
    if (noted and "base" not in noted) or "ledgers" in noted:
        ledgers = noted.get("ledgers", noted)  # an older note held the ledgers alone
        return {name: set(ids) for name, ids in ledgers.items() if isinstance(ids, list)}
    out: dict[str, set[str]] = {}
    offsets, tails = state.consolidation.offsets, state.consolidation.tails
    for rel, data in local.items():
        if not rel.startswith("memory/"):
            continue
        end = stored_offset(offsets.get(rel, 0), len(data))
        tail = tails.get(rel)
        if (
            tail is not None
            and hashlib.sha256(data[max(0, end - TAIL_BYTES) : end]).hexdigest() != tail
        ):
            continue
        ids = {ident for ident, stop in cache.ends(data) if stop <= end}
        out.setdefault(_ledger_name(rel), set()).update(ids)
    return out


def _note(ws: Workspace) -> dict[str, Any]:
    """The note of a merge killed before it moved the offsets and watermarks (empty: none)."""
    with contextlib.suppress(FileNotFoundError, ValueError, UnicodeDecodeError):
        noted = json.loads((ws.state_dir / "sync" / "merge.json").read_text("utf-8"))
        if isinstance(noted, dict):
            return noted
    return {}


def _remote_record(remote: dict[str, bytes]) -> dict[str, list[str]]:
    try:
        data = json.loads(remote.get(RECORD, b"{}").decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: [i for i in v if isinstance(i, str)] for k, v in data.items() if isinstance(v, list)}


def _merged_record(
    base: dict[str, list[str]], remote: dict[str, list[str]], local: dict[str, set[str]]
) -> dict[str, set[str]]:
    """Ledger name -> the blocks MEMORY.md holds once merged, three ways as the ledgers
    are: a block either side consolidated since the base is held, and one the base held
    that a side no longer holds is not. An `undo` there put MEMORY.md and the offsets
    back to before the block was merged ("to merge again"): the remote's record, which
    still names the block, must not mark it merged here, else the sync pushes the undone
    MEMORY.md, nothing merges the block again, and its fact is gone on every machine."""
    merged: dict[str, set[str]] = {}
    for name in set(remote) | set(local):
        was, theirs, mine = (
            set(base.get(name, ())),
            set(remote.get(name, ())),
            local.get(name, set()),
        )
        merged[name] = (mine & theirs) | (mine - was) | (theirs - was)
    return merged


def _record(ws: Workspace, state: State, cache: BlockCache) -> bytes:
    """The block ids MEMORY.md holds, by ledger, for the commit."""
    record: dict[str, list[str]] = {}
    offsets = state.consolidation.offsets
    for path in ws.daily_files(include_archive=True):
        rel = ws.relative(path)
        data = path.read_bytes()
        end = stored_offset(offsets.get(rel, 0), len(data))
        ids = [ident for ident, stop in cache.ends(data) if stop <= end]
        if ids:
            record.setdefault(path.name, []).extend(ids)
    return (json.dumps(record, sort_keys=True, indent=0) + "\n").encode()


def _resumed_base(
    ws: Workspace, config: Config, git: Git, journal: dict[str, Any], old: dict[str, bytes]
) -> dict[str, bytes]:
    """The base for a merge after one killed between its files and the base's move: a
    file that merge wrote (its noted size and hash lead the file now, whatever was
    appended since; a ledger rewritten since by a forget: it holds a block only the
    merge brought) was merged with the commit it noted (`to`), and so was a file it
    had no need to write; one it had not reached yet still has the old base's. Merging
    such a file against `to` would read what `to` brought as forgotten here, and one
    that was written against the old base what it brought as added here."""
    to = journal.get("to")
    new = git.tree(to) if isinstance(to, str) and git.ref(to) else {}
    written = journal.get("files")
    written = written if isinstance(written, dict) else {}
    local = _local_files(ws, config)
    base: dict[str, bytes] = {}
    for rel in set(old) | set(new) | set(written):
        target = written.get(rel, "unchanged")
        if target is None:
            reached = rel not in local
        elif isinstance(target, list) and len(target) >= 2:
            size, digest = target[:2]
            data = local.get(rel, b"")
            reached = len(data) >= size and hashlib.sha256(data[:size]).hexdigest() == digest
            if not reached and len(target) == 3 and isinstance(target[2], list):
                # Rewritten since (a forget): written by the merge if it holds a block only
                # the merge could have put there. Holding none, it reads as not reached,
                # so what the merge brought comes again rather than reading as forgotten.
                held = {block_id(block) for block in split_blocks(data.decode("utf-8", "replace"))}
                reached = any(ident in held for ident in target[2])
        else:
            reached = True
        kept = new.get(rel) if reached else old.get(rel)
        if kept is not None:
            base[rel] = kept
    return base


def _apply(ws: Workspace, config: Config, plan: _Plan, to: str | None, purged: list[str]) -> None:
    """Under the workspace lock: the note (the journal: what the files will hold and
    the commit that becomes the base), the files, the offsets and watermarks, then the
    note cut to its journal; the caller moves the base and removes the note. The
    MEMORY.md it replaces is kept in history with the `purged` facts masked."""
    state = ws.read_state()
    offsets, tails = state.consolidation.offsets, state.consolidation.tails
    moved = {
        rel: place
        for rel, place in plan.offsets.items()
        if (offsets.get(rel), tails.get(rel)) != place
    }
    marked = {
        thread: mark
        for thread, mark in plan.marks.items()
        if (record := state.threads.get(thread)) is None
        or (record.flushed, tuple(record.elsewhere or ()), tuple(record.theirs or ()), record.head)
        != (mark.flushed, mark.elsewhere, mark.theirs, mark.head)
        or record.block is not None
    }
    marked = {
        t: m
        for t, m in marked.items()
        if t in state.threads or m.flushed or m.elsewhere or m.theirs
    }
    # A shared log this machine removed that the merge brings back: its lines are in
    # the marks now (`_state_lines` counted them), the removal's note is done with. Only
    # once the merged log holds removed lines: a log under that id that holds none (the
    # session went on writing after `thread rm`, the remote's copy not back yet) is not
    # the removed log back, and those lines must stay this machine's to flush.
    back = [
        t
        for t, mark in plan.marks.items()
        if mark.head is not None
        and (removed := state.removed.get(t)) is not None
        and _holds(plan.held.get(t, Counter()), removed)
    ]
    note = ws.state_dir / "sync" / "merge.json"
    if not plan.writes and not moved and not marked and not back and not note.exists():
        return
    journal = {
        "to": to,
        "files": {
            rel: None
            if data is None
            else [len(data), hashlib.sha256(data).hexdigest()]
            + ([plan.brought[rel]] if rel in plan.brought else [])
            for rel, data in sorted(plan.writes.items())
        },
    }
    noted = {
        "base": journal,
        "ledgers": {name: sorted(ids) for name, ids in plan.consolidated.items()},
        "threads": {
            "flushed": {t: dict(sorted(ids.items())) for t, ids in plan.flushed.items()},
            "own": {t: dict(sorted(ids.items())) for t, ids in plan.own.items()},
        },
    }
    write_atomic(note, (json.dumps(noted, sort_keys=True) + "\n").encode())
    if plan.old_memory and plan.old_memory.strip():
        # Whatever replaced it (a merge of both sides' changes, or the remote's file alone:
        # a teammate's forget or consolidation), `memctl history` lists it and undo brings
        # it back; never a purged fact in it, which an undo would bring back in plain text.
        old = plan.old_memory
        if purged:
            old = masked_file(MEMORY, old, Needles.of(purged))[0]
        keep_history(ws, old, Marks(dict(offsets), dict(tails)), by="sync")
    for rel, data in plan.writes.items():
        path = _workspace_path(ws, config, rel)
        if data is None:
            path.unlink(missing_ok=True)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, data)

    def move(state: State) -> None:
        offsets, tails = state.consolidation.offsets, state.consolidation.tails
        for rel, data in plan.writes.items():
            if data is None and rel.startswith("memory/"):
                offsets.pop(rel, None)
                tails.pop(rel, None)
        for rel, (end, tail) in moved.items():
            offsets[rel] = end
            tails[rel] = tail
        for thread, mark in marked.items():
            # The merged log is not the one the old place and stamp were taken on.
            record = state.mark(thread)
            record.flushed, record.elsewhere, record.theirs = (
                mark.flushed,
                list(mark.elsewhere) or None,
                list(mark.theirs) or None,
            )
            record.head = mark.head
            record.stamp = record.place = record.block = None
        for thread in back:
            state.removed.pop(thread, None)

    ws.update_state(move)
    # The offsets and watermarks are in state.json: the note's sets must not stand for
    # them any more (a flush or consolidation may move them before the next sync).
    write_atomic(note, (json.dumps({"base": journal}, sort_keys=True) + "\n").encode())


def _purged_here(
    ws: Workspace, config: Config, plan: _Plan
) -> tuple[list[str], dict[str, str], list[str]]:
    """The facts a merged purge tombstone names that this machine still states in plain
    text, in its files or in those the merge is about to write (`purged_facts`), and the
    purged tokens those, the thread logs and the evicted results hold in any words
    (`purged_tokens`, each with when it was purged), for each purge tombstone not looked
    for here yet (a purge made on another machine, or on this one before its first sync
    since); and every purge tombstone merged, to note as looked for once the copies are
    masked (`PURGED`: a workspace that ever purged would read every ledger and history
    copy at each sync)."""
    stones = {f"{stone.digest} {stone.at}": stone for stone in plan.tombstones if stone.purged}
    try:
        done = set(json.loads(_read(ws.state_dir / "sync" / PURGED) or b"[]"))
    except (ValueError, TypeError):
        done = set()
    todo = [stone for ident, stone in stones.items() if ident not in done]
    if not todo:
        return [], {}, sorted(stones)
    writes = [
        data.decode("utf-8", "replace")
        for rel, data in plan.writes.items()
        if data is not None and rel.endswith(".md")
    ]
    legacy = older_masks(plan.tombstones)
    facts = {stone.digest for stone in todo if not stone.salt}
    found = purged_facts(ws, facts, writes, legacy=legacy)
    tokens = [stone for stone in todo if stone.salt]
    return (
        found,
        purged_tokens(_token_texts(ws, config, plan) if tokens else (), tokens),
        sorted(stones),
    )


def _token_texts(ws: Workspace, config: Config, plan: _Plan) -> Iterator[str]:
    """Every text of this workspace a purged token may be in, and those the merge is
    about to write: MEMORY.md, the ledgers (archived too), the history copies, the thread
    logs and the evicted results, each JSON string in them decoded too (`_readings`)."""
    paths = [ws.memory_md, *ws.daily_files(include_archive=True)]
    if ws.history_dir.is_dir():
        paths += sorted(ws.history_dir.glob("MEMORY-*.md"))
    if ws.threads_dir.is_dir():
        paths += sorted(ws.threads_dir.glob("*.jsonl"))
    evicted = ws.root / config.eviction.root
    if evicted.is_dir():
        paths += sorted(p for p in evicted.rglob("*") if p.is_file() and not p.is_symlink())
    for data in plan.writes.values():
        if data is not None:
            yield from _readings(data)
    for path in paths:
        with contextlib.suppress(OSError):
            yield from _readings(path.read_bytes())


_JSON_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')


def _readings(data: bytes) -> list[str]:
    """`data` as text, each JSON string in it that holds an escape decoded (a token a log
    holds as `bfpay\\u002dZ9k3` is `bfpay-Z9k3`) and left out of the text: its words as
    escaped are pieces of its own (`nbfpay` of `\\nbfpay`), which would double what a
    sync reads of a log (review 28 F1)."""
    text = data.decode("utf-8", "replace")
    if "\\" not in text:
        return [text]
    decoded: list[str] = []

    def decode(token: re.Match[str]) -> str:
        if "\\" in token[0]:
            with contextlib.suppress(ValueError):
                decoded.append(str(json.loads(token[0])))
                return " "
        return token[0]

    return [_JSON_STRING.sub(decode, text), *decoded]


def _purges(
    ws: Workspace,
    config: Config,
    plan: _Plan,
    base: dict[str, bytes],
    local: dict[str, bytes],
    result: SyncResult,
) -> tuple[list[str], list[str], list[str]]:
    """What this sync masks: the facts merged purge tombstones name that this machine
    states (`_purged_here`) or that are said again in what it sends or brings
    (`_restated`, a note), and the purged tokens in either (a note); every purge
    tombstone merged (to note as looked for); and the files the merge replaces that hold
    such a fact (their masked copies replace them, and the MEMORY.md's history copy is
    kept masked). Sets `result.gone`."""
    needles, tokens, purges = _purged_here(ws, config, plan)
    said = _restated(plan, base, local, needles)
    if said:
        needles = [*needles, *said]
        result.notes.append(
            f"{plural(len(said), 'line')} here state{'s' if len(said) == 1 else ''} a "
            f"fact purged on {', '.join(sorted(set(said.values())))} (said again since, "
            "here or on another machine): masked before it is sent, as the purge did"
        )
    new = _sent_or_brought(plan, base, local, logs=True)
    tokens |= purged_tokens(new, [stone for stone in plan.tombstones if stone.salt])
    if tokens:
        needles = [*needles, *(token for token in tokens if token not in needles)]
        result.notes.append(
            f"{plural(len(tokens), 'purged token')} "
            f"(purged on {', '.join(sorted({at[:10] for at in tokens.values()}))}) "
            f"{'is' if len(tokens) == 1 else 'are'} in text here that no purged fact's "
            "digest names: masked in every file here before it is sent, as the purge did"
        )
    result.gone = _brought(plan.tombstones, local, needles, result.gone)
    return needles, purges, _masked_by_merge(ws, config, plan, local, needles)


def _sent_or_brought(
    plan: _Plan, base: dict[str, bytes], local: dict[str, bytes], *, logs: bool = False
) -> list[str]:
    """The text this sync would send or bring: the Markdown files changed here since the
    base and those the merge writes; `logs`: the thread log lines neither the base nor
    the local log holds, JSON strings decoded too (`_readings`)."""
    texts: list[str] = []
    for rel, data in (*local.items(), *plan.writes.items()):
        if data is None or base.get(rel) == data:
            continue
        if rel.endswith(".md"):
            texts.append(data.decode("utf-8", "replace"))
        elif logs and rel.endswith(".jsonl") and rel != FORGOTTEN:
            known = set(log_lines(base.get(rel, b"")))
            if rel in plan.writes:
                known |= set(log_lines(local.get(rel, b"")))
            new = "".join(line for line in log_lines(data) if line not in known)
            texts += _readings(new.encode("utf-8"))
    return texts


def _restated(
    plan: _Plan, base: dict[str, bytes], local: dict[str, bytes], needles: list[str]
) -> dict[str, str]:
    """The facts a merged purge tombstone names that are stated again in what this sync
    would send or bring (`_sent_or_brought`), but those `needles` holds already, each
    with when it was purged: a purged secret said again on any machine is recognised by
    its digest, at every sync, and only in new text (the rest was looked at when the
    purge arrived)."""
    when = {stone.digest: stone.at for stone in plan.tombstones if stone.purged}
    if not when:
        return {}
    texts = _sent_or_brought(plan, base, local)
    known = set(needles)
    return {
        text: when[digest][:10]
        for text, digest in stating(texts, set(when), legacy=older_masks(plan.tombstones)).items()
        if text not in known
    }


def _brought(
    stones: list[Tombstone], local: dict[str, bytes], needles: list[str], before: list[str]
) -> list[str]:
    """The facts the merged tombstones forget that this machine's did not (each text
    once, `before` first): a forget's fact, and `needles` for a purge's."""
    had = {stone.names for stone in parse_tombstones(_text(local.get(FORGOTTEN)) or "")}
    facts = [stone.fact for stone in stones if stone.fact and stone.names not in had]
    return list(dict.fromkeys([*before, *facts, *needles]))


def _masked_by_merge(
    ws: Workspace, config: Config, plan: _Plan, local: dict[str, bytes], needles: list[str]
) -> list[str]:
    """The workspace files the merge rewrites that state one of `needles` (a purged
    fact) here: what they are replaced with is the remote's masked copy, or the file
    without the line; the MEMORY.md among them is kept in history masked (`_apply`)."""
    if not needles:
        return []
    found = Needles.of(needles)
    out: list[str] = []
    for rel in plan.writes:
        data = local.get(rel)
        if data is not None and masked_file(rel.rsplit("/", 1)[-1], data, found)[0] != data:
            out.append(ws.relative(_workspace_path(ws, config, rel)))
    return sorted(out)


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def _shown(ws: Workspace, config: Config, writes: dict[str, bytes | None]) -> list[str]:
    """The workspace files a merge writes, by their paths in the workspace (the
    tombstones' is `.memctl/forgotten.jsonl`, not the repository's)."""
    return sorted(ws.relative(_workspace_path(ws, config, rel)) for rel in writes)


# --------------------------------------------------------------------------- reporting


def _count_sent(files: dict[str, bytes], remote: dict[str, bytes]) -> tuple[int, int]:
    """The ledger blocks and the thread log lines `files` add to the remote's."""
    sent = lines = 0
    ours, theirs = _by_ledger(files), _by_ledger(remote)
    for name, texts in ours.items():
        if texts == theirs.get(name):
            continue
        sent += _added(_blocks_of(texts), _blocks_of(theirs.get(name, {})))
    for rel, data in files.items():
        if rel.startswith("threads/") and data != remote.get(rel):
            lines += _added(log_lines(data), log_lines(remote.get(rel, b"")))
    return sent, lines


def _added(mine: list[str], theirs: list[str]) -> int:
    return sum((Counter(mine) - Counter(theirs)).values())


def _logs_removed(files: dict[str, bytes], remote: dict[str, bytes]) -> list[str]:
    """The thread logs the remote holds that `files` (a commit) delete (a `thread rm`)."""
    return sorted(
        _thread_name(rel) for rel in remote if rel.startswith("threads/") and rel not in files
    )


def _removed(before: list[str], after: list[str], *, legacy: bool) -> int:
    """Blocks of `before` that `after` no longer holds, but those a purge replaced (as
    many as `after` holds new blocks with a mask; `legacy`: an older memctl's purge is
    among the tombstones, `forgotten.older_masks`): a purge is counted by its tombstone."""
    gone = sum((Counter(before) - Counter(after)).values())
    masked = sum(
        n
        for block, n in (Counter(after) - Counter(before)).items()
        if holds_mask(block, legacy=legacy)
    )
    return max(0, gone - masked)


def _named(files: dict[str, bytes]) -> set[str]:
    """Which facts the tombstones among `files` forget (`Tombstone.fact_of`: a fact
    stated in two wordings is two tombstones, one fact)."""
    text = files.get(FORGOTTEN, b"").decode("utf-8", "replace")
    return {stone.fact_of for stone in parse_tombstones(text)}


def _count_forgotten(files: dict[str, bytes], remote: dict[str, bytes]) -> int:
    """Facts `files` forget that the remote does not yet: tombstones it lacks, and ledger
    blocks it holds that `files` removed (`_removed`)."""
    ours, theirs = _by_ledger(files), _by_ledger(remote)
    stones = files.get(FORGOTTEN, b"").decode("utf-8", "replace")
    legacy = older_masks(parse_tombstones(stones))
    removed = sum(
        _removed(_blocks_of(theirs.get(name, {})), _blocks_of(texts), legacy=legacy)
        for name, texts in ours.items()
        if texts != theirs.get(name)
    )
    return removed + len(_named(files) - _named(remote))


def _message(
    files: dict[str, bytes],
    remote: dict[str, bytes],
    sent: tuple[int, int],
    forgot: int,
    result: SyncResult,
) -> str:
    """One commit a sync: what this machine added, in words `git log` reads well in."""
    ours, theirs = _by_ledger(files), _by_ledger(remote)
    ledgers = sorted(n for n, t in ours.items() if t != theirs.get(n))
    blocks, lines = sent
    removed = _logs_removed(files, remote)
    archived = _archives(files, remote)
    moved_only = lines or removed or archived
    parts = [f"{plural(blocks, 'block')} added"] if blocks or not moved_only else []
    if lines:
        parts.append(f"{plural(lines, 'thread log line')} added")
    if archived:
        parts.append(f"{plural(len(archived), 'ledger')} archived")
    if removed:
        parts.append(f"thread log{'s' if len(removed) > 1 else ''} {', '.join(removed)} removed")
    if forgot:
        parts.append(f"{forgot} forgotten")
    if files.get(MEMORY) != remote.get(MEMORY):
        parts.append("MEMORY.md consolidated" if result.consolidated else "MEMORY.md updated")
    title = f"memctl sync from {socket.gethostname()}: {', '.join(parts)}"
    body = [f"ledgers: {', '.join(ledgers)}"] if ledgers else []
    if result.rewritten:
        body.append("the remote's history had been rewritten; the old one is the second parent")
    return "\n\n".join([title, *body]) + "\n"


def sync_info(ws: Workspace, config: Config) -> SyncInfo:
    """Ahead/behind from the last fetch (no network) and the last sync's time."""
    branch = config.sync.branch
    info = SyncInfo(config.sync.remote, branch)
    last = ws.read_state().runs.get("sync")
    info.last_sync = last.isoformat() if last else None
    if not config.sync.remote or not (ws.state_dir / GIT_DIR / "HEAD").is_file():
        info.ahead = len(_local_files(ws, config)) if config.sync.remote else 0
        return info
    git = Git(ws, config.sync.remote)
    base = git.ref(f"refs/heads/{branch}")
    fetched = git.ref(f"refs/remotes/origin/{branch}")
    if fetched and base and fetched != base:
        counted = git.run("rev-list", "--count", f"{base}..{fetched}", check=False)
        info.behind = int(counted.stdout.decode().strip() or 0)
    elif fetched and not base:
        info.behind = int(git.out("rev-list", "--count", fetched) or 0)
    synced = git.tree(base)
    info.ahead = len(_changed(_archived_as(_local_files(ws, config), synced), synced))
    return info


def repository_shares(ws: Workspace, url: str, branch: str) -> tuple[str, ...] | None:
    """What the machines syncing through `url` share, as its memctl-written files show
    it (`init --from`, before memctl.yaml names the remote): the default share, with
    threads when the branch holds thread logs or their flush record and evicted when it
    holds evicted results. None: the branch holds no memctl record (an empty or new
    repository), nothing to go by. Fetched into the workspace's repository, where the
    first sync finds it."""
    git = Git(ws, url)
    git.ensure()
    commit = git.fetch(branch)
    paths = git.paths(commit) if commit is not None else []
    if not any(path.startswith(RECORDS_DIR) for path in paths):
        return None
    kinds = set(SyncConfig().share)
    for path in paths:
        if path == FLUSHED or (path.startswith("threads/") and _shared(path, SYNC_SHARES)):
            kinds.add("threads")
        elif path.startswith("evicted/"):
            kinds.add("evicted")
    return tuple(kind for kind in SYNC_SHARES if kind in kinds)


def foreign_file(paths: Iterable[str]) -> str | None:
    """The first of `paths` no memctl sync writes, whatever a machine's `sync.share`
    lists (a shared path, or memctl's own records under `.memctl-sync/`); None when
    every one is memctl's (an empty list: an empty branch)."""
    for path in paths:
        if not path.startswith(RECORDS_DIR) and not _shared(path, SYNC_SHARES):
            return path
    return None


def refuse_foreign(
    url: str, branch: str, paths: Iterable[str], *, done: str, looked: str | None = None
) -> None:
    """UsageError (exit 2) when the remote's `branch` holds a file memctl did not
    write: a commit memctl builds holds the shared files alone, so pushing it there
    would delete the others (a code repository's, pasted by mistake). `looked`: the
    branch `paths` are of, when the remote has no `branch` (its default one)."""
    found = foreign_file(paths)
    if found is None:
        return
    other = looked is not None and looked != branch
    held = f"has no branch {branch}, and its branch {looked}" if other else f"its branch {branch}"
    raise UsageError(
        f"the remote {url} is not a memctl memory repository: {held} holds {found}, a "
        f"file memctl did not write; {done}: point sync.remote at a repository of its own "
        "(an empty one works)" + (", or name a branch of its own in sync.branch" if other else "")
    )


def check_foreign(
    url: str,
    branch: str,
    *,
    explicit: bool,
    done: str = "nothing pushed",
    timeout: float = NETWORK_TIMEOUT,
    listed: subprocess.CompletedProcess[bytes] | None = None,
) -> None:
    """`refuse_foreign` for a remote not fetched yet (`init --from`), or whose `branch`
    does not exist: then its default branch (what its HEAD names; every branch when
    HEAD names none that exists) is looked at instead, so that a code repository whose
    branch is `master` does not get a `main` of memory beside its code, unless
    `explicit` (sync.branch names a branch of its own: asked for). Each branch looked
    at is fetched at depth 1 into a throw-away repository, never into the workspace's.
    `listed`: the remote's `git ls-remote --symref` answer when the caller has it
    (`probe_remote`), else it is asked here; a remote that does not answer is left to
    the fetch that follows to report."""
    answer = listed if listed is not None else _ls_remote(url, timeout, "--symref")
    if not isinstance(answer, subprocess.CompletedProcess):
        return
    heads: dict[str, str] = {}
    default: str | None = None
    for line in answer.stdout.decode("utf-8", "surrogateescape").splitlines():
        target, _, name = line.partition("\t")
        if name == "HEAD" and target.startswith("ref: refs/heads/"):
            default = target[len("ref: refs/heads/") :]
        elif name.startswith("refs/heads/"):
            heads[name[len("refs/heads/") :]] = target
    if branch in heads:
        looked = [branch]
    elif explicit:
        return
    else:
        looked = [default] if default in heads else sorted(heads)
    if not looked:
        return  # an empty repository
    with tempfile.TemporaryDirectory(prefix="memctl-probe-") as folder:
        git = Git(Path(folder) / "probe.git", url)
        git.ensure()
        for name in looked:
            commit = git.fetch(name, depth=1)
            if commit is not None:
                refuse_foreign(url, branch, git.paths(commit), done=done, looked=name)


def check_remote(ws: Workspace, config: Config, timeout: float = 20.0) -> str | None:
    """None when the remote answers `git ls-remote`; else what is wrong."""
    if not config.sync.remote:
        return None
    problem = _ls_remote(config.sync.remote, timeout)
    if isinstance(problem, subprocess.CompletedProcess):
        return None
    if isinstance(problem, bytes):
        return f"the remote {config.sync.remote} cannot be reached ({_reason(problem)})"
    return problem


def probe_remote(url: str, timeout: float = 20.0) -> subprocess.CompletedProcess[bytes]:
    """The remote's `git ls-remote --symref` answer (an empty repository answers too),
    which `check_foreign` reads next without asking again; UsageError (exit 2) when git
    refuses a local path (no repository there), SyncError (exit 1) for a remote that
    cannot be reached. `init --from` asks before it creates anything."""
    answer = _ls_remote(url, timeout, "--symref")
    if isinstance(answer, subprocess.CompletedProcess):
        return answer
    if isinstance(answer, str):  # no git, or no answer in time
        raise SyncError(f"{answer}; nothing created")
    if is_local(url):
        raise UsageError(f"--from: {_reason(answer)}; nothing created")
    raise SyncError(f"the remote {url} cannot be reached ({_reason(answer)}); nothing created")


def is_local(url: str) -> bool:
    """Whether git reads `url` as a path on this machine (a file:// URL included), not
    a network address (`scheme://`, or scp-like `host:path` with no slash before the
    colon)."""
    if url.startswith("file://"):
        return True
    if "://" in url:
        return False
    colon, slash = url.find(":"), url.find("/")
    return colon < 0 or 0 <= slash < colon


def _ls_remote(
    url: str, timeout: float, *options: str
) -> subprocess.CompletedProcess[bytes] | bytes | str:
    """What `git ls-remote` answered (its heads; with `options`, what they ask); git's
    stderr when it refused; a sentence when git could not be run or did not answer in
    time."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(GIT_TERMINAL_PROMPT="0", LC_ALL="C")
    try:
        done = subprocess.run(
            ["git", "ls-remote", *(options or ("--heads",)), "--", url],
            capture_output=True,
            env=env,
            timeout=timeout,
            check=False,
        )
    except FileNotFoundError:
        return "the `git` program is not on PATH"
    except subprocess.TimeoutExpired:
        return f"the remote {url} did not answer within {timeout:g}s"
    if done.returncode != 0:
        return done.stderr or b"no message"
    return done
