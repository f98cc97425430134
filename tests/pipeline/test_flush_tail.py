"""flush parses a log from its watermark's place on, not whole (a Stop hook's flush of
10 new entries on a 10,000-entry session); a log re-created or edited by hand before
the place is read whole, with the watermark as a count of lines, as before."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import yaml

from tests.support.helpers import append, state


def configure(root: Path) -> None:
    (root / "memctl.yaml").write_text(yaml.safe_dump({"timezone": "UTC"}))


def said(*texts: str) -> list[dict[str, Any]]:
    roles = ("user", "assistant")
    return [{"role": roles[n % 2], "content": text} for n, text in enumerate(texts)]


FIRST = said(
    "We picked Redis for the cache.",
    "Noted, Redis it is.",
    "The deploy window is Tuesday.",
    "Tuesday, understood.",
)
LATER = said("The release is named Unicorn.", "Unicorn, noted.")


def flushed(cli, root: Path) -> dict[str, Any]:
    run = cli("-w", root, "--json", "flush")
    assert run.exit_code == 0, run.stderr
    (thread,) = json.loads(run.stdout)["threads"]
    return thread


def planned_text(cli, root: Path) -> str:
    run = cli("-w", root, "--json", "flush", "--dry-run")
    assert run.exit_code == 0, run.stderr
    (thread,) = json.loads(run.stdout)["threads"]
    return "\n".join(m["content"] for p in thread["planned"] for m in p["messages"])


def log_of(root: Path) -> Path:
    return root / "threads" / "t1.jsonl"


def test_the_watermark_keeps_where_its_line_starts(workspace, cli):
    configure(workspace)
    append(cli, workspace, "t1", FIRST)
    flushed(cli, workspace)

    place = state(workspace)["threads"]["t1"]["place"]

    size = log_of(workspace).stat().st_size
    assert place["line"] == 4 and place["offset"] == size


def test_entries_before_the_watermark_are_not_parsed_again(workspace, cli):
    configure(workspace)
    append(cli, workspace, "t1", FIRST)
    flushed(cli, workspace)
    # Line 2, long flushed, damaged in place (same length, far from the watermark):
    # only a whole read would see it.
    lines = log_of(workspace).read_bytes().split(b"\n")
    lines[1] = b"{" + b"x" * (len(lines[1]) - 1)
    log_of(workspace).write_bytes(b"\n".join(lines))
    append(cli, workspace, "t1", LATER)

    thread = flushed(cli, workspace)

    assert thread["start"] == 4 and thread["entries_sent"] == 2
    assert state(workspace)["threads"]["t1"]["flushed"] == 6


def test_a_log_edited_before_the_place_is_read_whole_by_line_count(workspace, cli):
    configure(workspace)
    append(cli, workspace, "t1", FIRST)
    flushed(cli, workspace)
    # The last flushed line made longer: the place's offset now falls inside it.
    lines = log_of(workspace).read_text().split("\n")
    entry = json.loads(lines[3])
    entry["content"] += " (edited by hand)"
    lines[3] = json.dumps(entry)
    log_of(workspace).write_text("\n".join(lines))
    append(cli, workspace, "t1", LATER)

    text = planned_text(cli, workspace)
    thread = flushed(cli, workspace)

    assert thread["start"] == 4 and thread["entries_sent"] == 2
    assert "Unicorn" in text and "Tuesday" not in text.split("Conversation")[-1]


def test_a_log_written_again_with_the_same_first_line_is_read_whole(workspace, cli):
    configure(workspace)
    append(cli, workspace, "t1", FIRST)
    flushed(cli, workspace)
    first = log_of(workspace).read_text().split("\n")[0]
    log_of(workspace).write_text(
        first + "\n" + "".join(json.dumps(m) + "\n" for m in [*said("x", "y", "z"), *LATER])
    )

    thread = flushed(cli, workspace)

    # Counted in lines, as before places: the watermark (4) is kept, entries 4-5 sent.
    assert thread["start"] == 4 and thread["entries_sent"] == 2


def test_a_place_is_used_only_while_it_is_the_watermark(workspace, cli):
    configure(workspace)
    append(cli, workspace, "t1", FIRST)
    flushed(cli, workspace)
    data = state(workspace)
    data["threads"]["t1"]["flushed"] = 2  # moved back by hand; the place says 4
    data["threads"]["t1"].pop("stamp")
    (workspace / ".memctl" / "state.json").write_text(json.dumps(data))

    thread = flushed(cli, workspace)

    assert thread["start"] == 2 and thread["entries_sent"] == 2


def test_a_last_line_without_its_newline_gets_no_place(workspace, cli):
    configure(workspace)
    append(cli, workspace, "t1", FIRST)
    log_of(workspace).write_bytes(log_of(workspace).read_bytes().rstrip(b"\n"))
    flushed(cli, workspace)
    assert "place" not in state(workspace)["threads"]["t1"]
    append(cli, workspace, "t1", LATER)  # completes the last line first

    thread = flushed(cli, workspace)

    assert thread["start"] == 4 and thread["entries_sent"] == 2
    assert state(workspace)["threads"]["t1"]["place"]["offset"] == log_of(workspace).stat().st_size


def split_line_two(root: Path) -> None:
    """Line 2, long flushed, made two lines in place (same length, far from the
    watermark's place): a whole count sees one line more, a count from the place does not."""
    lines = log_of(root).read_bytes().split(b"\n")
    lines[1] = b"{" + b"x" * (len(lines[1]) - 4) + b"\n{x"
    log_of(root).write_bytes(b"\n".join(lines))


def test_pending_lines_are_counted_from_the_place(workspace, cli):
    configure(workspace)
    append(cli, workspace, "t1", FIRST)
    flushed(cli, workspace)
    split_line_two(workspace)
    append(cli, workspace, "t1", LATER)
    assert flushed(cli, workspace)["entries_sent"] == 2
    # A new stat (copied, touched) makes flush look past the stamp it recorded.
    when = log_of(workspace).stat().st_mtime_ns + 10**9
    os.utime(log_of(workspace), ns=(when, when))

    idle = cli("-w", workspace, "--json", "flush")

    # Counted whole, the log has 7 lines against a watermark of 6: pending at every
    # flush (and every Stop hook) for good, though nothing is left to send.
    assert idle.exit_code == 0, idle.stderr
    assert json.loads(idle.stdout)["threads"] == []
    assert state(workspace)["threads"]["t1"]["stamp"][1] == when


def test_a_count_from_a_place_the_log_no_longer_holds_is_a_whole_count(workspace, cli):
    from memctl.core.state import LogPlace
    from memctl.core.threads import count_entries

    configure(workspace)
    append(cli, workspace, "t1", FIRST)
    flushed(cli, workspace)
    place = LogPlace(**state(workspace)["threads"]["t1"]["place"])
    split_line_two(workspace)

    assert count_entries(log_of(workspace), place) == 4
    assert count_entries(log_of(workspace)) == 5
    moved = LogPlace(place.line, place.offset - 1, place.tail)
    assert count_entries(log_of(workspace), moved) == 5
    data = log_of(workspace).read_bytes()
    log_of(workspace).write_bytes(data[: data.index(b"\n", data.index(b"\n") + 1) + 1])
    assert count_entries(log_of(workspace), place) == 2  # shorter than the place


def test_a_stop_hook_counts_pending_lines_from_the_place(workspace, cli):
    from memctl.agents.hooks import HookResult, _flush
    from memctl.core.config import load_config
    from memctl.core.workspace import Workspace
    from memctl.models.resolve import resolve_models

    configure(workspace)
    append(cli, workspace, "t1", FIRST)
    flushed(cli, workspace)
    split_line_two(workspace)
    # With memory.hooks off, a hook that finds new lines says why it did not flush.
    (workspace / "memctl.yaml").write_text(yaml.safe_dump({"memory": {"hooks": False}}))
    ws = Workspace(workspace)
    config = load_config(workspace / "memctl.yaml")
    models = resolve_models(ws, config)

    result = HookResult("claude-code", "Stop", None, threads=["t1"])
    _flush(ws, config, models, result, auto=False)
    assert result.flush_skipped is None  # nothing new past the place: not looked at

    append(cli, workspace, "t1", LATER)
    result = HookResult("claude-code", "Stop", None, threads=["t1"])
    _flush(ws, config, models, result, auto=False)
    assert result.flush_skipped == "memory.hooks is false"
