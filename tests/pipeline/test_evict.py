"""memctl evict: oversized tool results to files, the placeholder, idempotence, failures."""

from __future__ import annotations

import json
import stat
from pathlib import Path
from typing import Any

import pytest

from tests.support.conversations import expected_placeholder, name_for, tool_turn
from tests.support.helpers import read_log, run_unprivileged, snapshot, write_log

SMALL = "eviction:\n  threshold_chars: 1000\n"


def text_of(size: int, seed: str = "") -> str:
    """Distinct head and tail so the preview is checkable: 'H...' then 'T...'."""
    half = size // 2
    return (seed + "H" * half)[:half] + "T" * (size - half)


def context_messages(cli, root: Path, thread: str = "t1") -> list[dict[str, Any]]:
    result = cli("-w", root, "context", thread)
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)["messages"]


def test_default_threshold_and_exact_placeholder(workspace: Path, cli) -> None:
    big = text_of(100_000)
    write_log(workspace, "t1", tool_turn("call_1", big) + tool_turn("call_2", "x" * 80_000))
    result = cli("-w", workspace, "evict", "t1")
    assert result.exit_code == 0, result.stderr
    target = workspace / "evicted" / "t1" / name_for("call_1", big)
    assert result.stdout == (
        f"evicted #2 call_1 (grep, 100,000 chars) -> evicted/t1/{target.name}\n"
    )
    # not "1 of 2 tool results over 80,000 chars": one is over it (audit 18)
    assert result.stderr == (
        "evict: thread t1: evicted 1 tool result over 80,000 chars, of 2 in the working "
        "context (1 file written, 0 already there)\n"
    )
    assert target.read_text() == big
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    # exactly 80,000 chars is not over the threshold
    assert len(list(target.parent.iterdir())) == 1
    tool_messages = [m for m in context_messages(cli, workspace) if m["role"] == "tool"]
    assert tool_messages[0]["content"] == expected_placeholder(big, f"evicted/t1/{target.name}")
    assert tool_messages[1]["content"] == "x" * 80_000


def test_preview_is_half_of_a_result_shorter_than_head_plus_tail(workspace: Path, cli) -> None:
    (workspace / "memctl.yaml").write_text(SMALL)
    text = text_of(1500)
    write_log(workspace, "t1", tool_turn("c", text))
    content = next(m for m in context_messages(cli, workspace) if m["role"] == "tool")["content"]
    path = f"evicted/t1/{name_for('c', text)}"
    assert content == expected_placeholder(text, path)
    assert "Preview (first 750 chars):\n" + "H" * 750 + "\n\n... and last 750 chars:\n" in content


def test_eviction_is_idempotent(workspace: Path, cli) -> None:
    (workspace / "memctl.yaml").write_text(SMALL)
    text = text_of(5000)
    write_log(workspace, "t1", tool_turn("c1", text))
    assert cli("-w", workspace, "evict", "t1").exit_code == 0
    target = workspace / "evicted" / "t1" / name_for("c1", text)
    first = target.stat().st_mtime_ns
    first_context = cli("-w", workspace, "context", "t1").stdout
    again = cli("-w", workspace, "evict", "t1")
    assert again.exit_code == 0
    assert "1 already there" in again.stderr
    assert target.stat().st_mtime_ns == first
    assert cli("-w", workspace, "context", "t1").stdout == first_context
    assert sorted(p.name for p in target.parent.iterdir()) == [target.name]


def test_same_result_same_file_and_changed_result_new_file(workspace: Path, cli) -> None:
    (workspace / "memctl.yaml").write_text(SMALL)
    write_log(workspace, "t1", tool_turn("c1", text_of(3000, "a")))
    cli("-w", workspace, "evict", "t1")
    write_log(workspace, "t1", tool_turn("c1", text_of(3000, "b")))
    cli("-w", workspace, "evict", "t1")
    names = sorted(p.name for p in (workspace / "evicted" / "t1").iterdir())
    assert names == sorted([name_for("c1", text_of(3000, "a")), name_for("c1", text_of(3000, "b"))])


def test_a_placeholder_is_never_evicted_again(workspace: Path, cli) -> None:
    (workspace / "memctl.yaml").write_text("eviction:\n  threshold_chars: 100\n")
    text = text_of(5000)
    write_log(workspace, "t1", tool_turn("c1", text))
    content = next(m for m in context_messages(cli, workspace) if m["role"] == "tool")["content"]
    assert len(content) > 100
    # a log holding the placeholder itself (an agent that logged its own context)
    write_log(workspace, "t2", tool_turn("c2", content))
    result = cli("-w", workspace, "evict", "t2")
    assert "evicted 0 tool results over" in result.stderr
    assert not (workspace / "evicted" / "t2").exists()


def test_unsafe_call_ids_become_underscores(workspace: Path, cli) -> None:
    (workspace / "memctl.yaml").write_text(SMALL)
    text = text_of(2000)
    write_log(workspace, "t1", tool_turn("../../etc/pass wd:1", text))
    assert cli("-w", workspace, "evict", "t1").exit_code == 0
    files = list((workspace / "evicted" / "t1").iterdir())
    assert [p.name for p in files] == [name_for(".._.._etc_pass_wd_1", text)]


@pytest.mark.parametrize("named", [True, False])
def test_excluded_tools_stay(workspace: Path, cli, named: bool) -> None:
    """read_file is excluded by default, named on the result or only on the call."""
    (workspace / "memctl.yaml").write_text(SMALL)
    write_log(workspace, "t1", tool_turn("r1", text_of(4000), tool="read_file", named=named))
    before = snapshot(workspace, locks=False)
    result = cli("-w", workspace, "evict", "t1")
    assert result.exit_code == 0
    assert "evicted 0 tool results over" in result.stderr
    assert snapshot(workspace, locks=False) == before


def test_exclude_tools_is_configurable(workspace: Path, cli) -> None:
    (workspace / "memctl.yaml").write_text(SMALL + "  exclude_tools: [grep]\n")
    write_log(
        workspace, "t1", tool_turn("a", text_of(4000)) + tool_turn("b", text_of(4000), "read_file")
    )
    assert cli("-w", workspace, "evict", "t1").exit_code == 0
    assert [p.name.split("-")[0] for p in (workspace / "evicted" / "t1").iterdir()] == ["b"]


def test_dry_run_writes_nothing(workspace: Path, cli) -> None:
    (workspace / "memctl.yaml").write_text(SMALL)
    text = text_of(3000)
    write_log(workspace, "t1", tool_turn("c1", text))
    before = snapshot(workspace)
    result = cli("-w", workspace, "evict", "t1", "--dry-run")
    assert result.exit_code == 0
    assert result.stdout.startswith("would write #2 c1 (grep, 3,000 chars) -> evicted/t1/")
    assert "would evict 1 tool result over 1,000 chars, of 1 " in result.stderr
    assert snapshot(workspace, locks=False) == before
    context = cli("-w", workspace, "context", "t1", "--dry-run")
    assert "Preview (first 1500 chars)" in context.stdout
    assert "1 tool result would be evicted (dry run: no file written)" in context.stderr
    assert snapshot(workspace) == before


def test_a_failed_write_leaves_the_message_as_it_was(workspace: Path, cli) -> None:
    (workspace / "memctl.yaml").write_text(SMALL)
    text = text_of(3000)
    write_log(workspace, "t1", tool_turn("c1", text))
    (workspace / "evicted").write_text("a file where the folder should be")
    before = snapshot(workspace, locks=False)
    result = cli("-w", workspace, "evict", "t1")
    assert result.exit_code == 1
    assert "could not write #2 c1" in result.stderr
    assert snapshot(workspace, locks=False) == before
    context = cli("-w", workspace, "context", "t1")
    assert context.exit_code == 0
    assert "kept in full" in context.stderr
    tool = next(m for m in json.loads(context.stdout)["messages"] if m["role"] == "tool")
    assert tool["content"] == text


def test_an_unwritable_folder_is_a_failed_write(workspace: Path) -> None:
    """Run as a user the folder's mode binds (nobody, when the suite runs as root)."""
    (workspace / "memctl.yaml").write_text(SMALL)
    write_log(workspace, "t1", tool_turn("c1", text_of(3000)))
    folder = workspace / "evicted" / "t1"
    folder.mkdir(parents=True)
    folder.chmod(0o500)
    try:
        result = run_unprivileged(workspace, "evict", "t1")
    finally:
        folder.chmod(0o700)
    assert result.exit_code == 1
    assert list(folder.iterdir()) == []


def test_an_eviction_root_leading_outside_is_refused(workspace: Path, cli, tmp_path) -> None:
    (workspace / "memctl.yaml").write_text(SMALL)
    write_log(workspace, "t1", tool_turn("c1", text_of(3000)))
    outside = tmp_path / "outside"
    outside.mkdir()
    (workspace / "evicted").symlink_to(outside)
    result = cli("-w", workspace, "evict", "t1")
    assert result.exit_code == 1
    assert "outside the workspace" in result.stderr
    assert list(outside.iterdir()) == []


def test_eviction_switched_off(workspace: Path, cli) -> None:
    (workspace / "memctl.yaml").write_text(SMALL + "  enabled: false\n")
    write_log(workspace, "t1", tool_turn("c1", text_of(3000)))
    result = cli("-w", workspace, "evict", "t1")
    assert result.exit_code == 0
    assert "skipped: eviction.enabled is false" in result.stderr
    assert not (workspace / "evicted").exists()
    tool = next(m for m in context_messages(cli, workspace) if m["role"] == "tool")
    assert tool["content"] == text_of(3000)


def test_custom_root_and_the_log_is_never_changed(workspace: Path, cli) -> None:
    (workspace / "memctl.yaml").write_text(SMALL + "  root: store/big\n")
    text = text_of(3000)
    log = write_log(workspace, "t1", tool_turn("c1", text))
    log_bytes = log.read_bytes()
    assert cli("-w", workspace, "evict", "t1").exit_code == 0
    assert (workspace / "store" / "big" / "t1" / name_for("c1", text)).read_text() == text
    assert log.read_bytes() == log_bytes
    assert read_log(workspace, "t1")[2]["content"] == text


def test_bad_thread_is_a_usage_error(workspace: Path, cli) -> None:
    before = snapshot(workspace, locks=False)
    for thread in ("a/b", "missing"):
        result = cli("-w", workspace, "evict", thread)
        assert result.exit_code == 2
        assert len(result.stderr.strip().splitlines()) == 1
    assert snapshot(workspace, locks=False) == before
