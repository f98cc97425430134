"""The old history a rewrite left behind is read for purged text a batch of blobs at a
time (review 32 F7): `_purged_in_history` buffered the `cat-file --batch` output of every
differing .md and .jsonl blob at once, and every blob decoded beside it: hundreds of MB
for a long-lived workspace with large thread logs. The days it finds are the same; what
it holds no longer grows with the history."""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest

from memctl.core.forgotten import Tombstone, _tombstone, fact_key, key_digest, token_stone
from memctl.pipeline import sync
from memctl.pipeline.sync import Git, _purged_in_history
from tests.support.sync import GIT

pytestmark = pytest.mark.skipif(GIT is None, reason="sync needs git")

TOKEN = "bfpay-Z9k3Lq7Rt2Wx5Vn8"
FACT = "Alice Moreno lives at 12 Elm Road."
LOG = 300_000
"""A thread log's size in the history, in bytes."""


def _history(folder: Path, logs: int) -> tuple[Git, str]:
    """A bare repository whose one commit holds `logs` thread logs of about `LOG` bytes
    (a few words said again and again, as a log's are), a ledger stating the purged
    fact and a log holding the purged token."""
    git = Git(folder / "repo.git", "unused")
    git.run("init", "--bare", "--quiet", str(git.dir))
    said = "the build on node %d passed again "
    threads = {
        f"t{n}.jsonl": f'{{"content": "{(said % n) * (LOG // len(said))}"}}\n' for n in range(logs)
    }
    threads["leak.jsonl"] = f'{{"content": "the key is {TOKEN}"}}\n'
    memory = {"2026-11-20.md": f"## Memory Flush\n\n- {FACT}\n"}

    def tree(files: dict[str, str]) -> str:
        listed = "".join(
            f"100644 blob {git.out('hash-object', '-w', '--stdin', data=text.encode())}\t{name}\n"
            for name, text in files.items()
        )
        return git.out("mktree", data=listed.encode())

    root = f"040000 tree {tree(threads)}\tthreads\n040000 tree {tree(memory)}\tmemory\n"
    return git, git.out("commit-tree", git.out("mktree", data=root.encode()), "-m", "old")


def _stones() -> list[Tombstone]:
    fact = {"fact": "", "at": "2026-11-21T10:00:00+00:00", "digest": key_digest(fact_key(FACT))}
    token = {**token_stone(TOKEN), "at": "2026-11-22T10:00:00+00:00"}
    return [_tombstone({**fact, "masks": 2}), _tombstone(token)]


def _peak(read: Callable[[], list[str]]) -> tuple[list[str], int]:
    tracemalloc.start()
    try:
        found = read()
        return found, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_what_the_old_history_is_read_with_does_not_grow_with_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sync, "HISTORY_BATCH_BYTES", LOG, raising=False)
    peaks = []
    for logs in (2, 8):
        git, old = _history(tmp_path / str(logs), logs)
        found, peak = _peak(lambda: _purged_in_history(git, old, None, _stones()))  # noqa: B023
        assert found == ["2026-11-21", "2026-11-22"]
        peaks.append(peak)
    # all at once, eight logs held four times what two were; a batch at a time, about
    # what one log is read with
    assert peaks[1] < 1.3 * peaks[0], peaks


def test_without_a_purged_token_no_thread_log_is_read(tmp_path: Path) -> None:
    """A purged fact is stated in a Markdown line: a thread log holds none to find."""
    git, old = _history(tmp_path, 8)
    found, peak = _peak(lambda: _purged_in_history(git, old, None, _stones()[:1]))
    assert found == ["2026-11-21"]
    assert peak < LOG, peak
