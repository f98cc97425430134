"""flush parses a log from its watermark's place on, not whole (a Stop hook's flush of
10 new entries on a 10,000-entry session); a log re-created or edited by hand before
the place is read whole, with the watermark as a count of lines, as before."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from tests.helpers import append, state


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
