"""memctl status: exact numbers on prepared workspaces, in text and JSON."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memctl.core.threads import read_entries, working_context
from memctl.core.workspace import Workspace
from memctl.pipeline.status import index_status
from memctl.retrieval.index import fresh_index, index_path
from tests.support.helpers import modules_after


def write_config(root: Path, memory: str = "", top: str = "") -> None:
    (root / "memctl.yaml").write_text(f"timezone: UTC\n{top}memory:\n  hooks: true\n{memory}")


def write_state(root: Path, data: dict) -> None:
    (root / ".memctl").mkdir(exist_ok=True)
    (root / ".memctl" / "state.json").write_text(json.dumps({"version": 1, **data}))


def thread(root: Path, name: str, entries: list[dict]) -> None:
    lines = "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in entries)
    (root / "threads" / f"{name}.jsonl").write_text(lines, encoding="utf-8")


def message(text: str, role: str = "user") -> dict:
    return {"role": role, "content": text}


def compaction(cut: int) -> dict:
    return {
        "type": "compaction",
        "summary": "earlier talk",
        "cut": cut,
        "ts": "2026-01-01T00:00:00Z",
    }


def status_json(cli, root: Path) -> dict:
    result = cli("-w", root, "--json", "status")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def iso_ago(**delta: float) -> str:
    return (datetime.now(UTC) - timedelta(**delta)).isoformat(timespec="seconds")


@pytest.fixture
def prepared(workspace: Path) -> Path:
    """A workspace whose every number status reports is known."""
    write_config(workspace, "  consolidation_max_tokens: 50\n", top="model: builtin\n")
    (workspace / "MEMORY.md").write_text("- café opens at 9\n" + "x" * 81 + "\n", encoding="utf-8")
    today = datetime.now(UTC).date()
    old = today - timedelta(days=1)
    (workspace / "memory" / f"{today}.md").write_bytes(b"a" * 120)
    (workspace / "memory" / f"{old}.md").write_bytes(b"b" * 300)
    (workspace / "memory" / "notes.md").write_bytes(b"not a ledger")
    (workspace / "memory" / "archive").mkdir()
    (workspace / "memory" / "archive" / "2020-01-01.md").write_bytes(b"c" * 40)
    (workspace / "memory" / "archive" / "2020-01-02.md").write_bytes(b"d" * 60)
    thread(workspace, "plain", [message("one"), message("two", "assistant"), message("three")])
    thread(
        workspace,
        "compacted",
        [
            message("a"),
            message("b", "assistant"),
            message('the word "compaction" inside text'),
            compaction(2),
            message("c"),
            message("d", "assistant"),
            compaction(4),
            message("e"),
        ],
    )
    thread(workspace, "empty", [])
    write_state(
        workspace,
        {
            "threads": {"plain": {"flushed": 1}, "compacted": {"flushed": 8}},
            "consolidation": {
                "offsets": {
                    f"memory/{old}.md": 300,
                    f"memory/{today}.md": 20,
                    "memory/archive/2020-01-01.md": 10,
                    "memory/archive/2020-01-02.md": 9999,
                }
            },
            "runs": {"consolidate": "2026-01-02T03:04:05+00:00"},
        },
    )
    return workspace


def test_numbers_on_a_prepared_workspace(prepared, cli):
    document = status_json(cli, prepared)
    memory_text = "- café opens at 9\n" + "x" * 81 + "\n"
    assert document["memory"] == {
        "path": "MEMORY.md",
        "chars": len(memory_text),
        "bytes": len(memory_text.encode()),
        "tokens": 25,  # ceil(100 chars / 4)
        "budget_tokens": 50,
        "percent_used": 50.0,
    }
    today = datetime.now(UTC).date()
    assert document["dailies"] == {
        "count": 2,
        "bytes": 420,
        "today": f"memory/{today}.md",
        "today_bytes": 120,
        # today 120-20, yesterday 0, archive 40-10, and 60 whole (offset past its end)
        "unconsolidated_bytes": 100 + 30 + 60,
    }
    assert document["archive"] == {"count": 2, "bytes": 100}
    assert document["threads"] == [
        {"thread": t, "entries": n, "unflushed": u, "context_messages": c, "unflushed_elsewhere": 0}
        for t, n, u, c in (("compacted", 8, 0, 4), ("empty", 0, 0, 0), ("plain", 3, 2, 3))
    ]
    assert document["unflushed_entries"] == 2
    assert document["runs"] == {"consolidate": "2026-01-02T03:04:05+00:00"}
    assert document["models"] == {"main": "builtin", "memory": "builtin", "compaction": "builtin"}


def test_context_counts_match_the_working_context(prepared):
    """status counts without parsing whole logs; the answer is the one the model gets."""
    from memctl.pipeline.status import log_counts

    ws = Workspace(prepared)
    for name in ("plain", "compacted"):
        entries = read_entries(ws, name)
        counted = log_counts(prepared / "threads" / f"{name}.jsonl")
        assert counted == (len(entries), len(working_context(entries, name).messages))


def test_text_mode_is_an_aligned_table(prepared, cli):
    result = cli("-w", prepared, "status")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    today = datetime.now(UTC).date()
    assert (
        "MEMORY.md           100 chars, 25 / 50 tokens (50% of the consolidation budget)" in lines
    )
    assert "dailies             2 files, 420 bytes" in lines
    assert f"today               memory/{today}.md: 120 bytes" in lines
    assert "unconsolidated      190 bytes of daily text" in lines
    assert "archive             2 files, 100 bytes" in lines
    assert "threads             3 threads, 2 unflushed entries" in lines
    assert "maintain run        last never; next now (every 30m)" in lines
    assert "flush_auto run      last never; at every call (flush_trigger: always)" in lines
    # times are relative to now (issue 15.18)
    assert any(re.fullmatch(r"consolidate run     last \d+ days ago", x) for x in lines)
    assert "model (memory)      builtin" in lines
    table = lines[lines.index("") + 1 :]
    table = table[: table.index("")] if "" in table else table
    # the threads changed last first, with when (issue 15.18)
    assert table[0].split() == ["thread", "entries", "unflushed", "context", "changed"]
    assert sorted(row.split()[:4] for row in table[1:]) == [
        ["compacted", "8", "0", "4"],
        ["empty", "0", "0", "0"],
        ["plain", "3", "2", "3"],
    ]
    assert "next: 2 unflushed entries: memctl flush" in lines
    assert result.stderr == ""


def test_one_number_style_and_one_byte_unit(workspace, cli):
    """Counts and sizes are grouped the same way in every row, the thread table and the
    hints (issue 23: "60,000" beside "60000", "144 bytes" beside "144 B")."""
    write_config(workspace)
    line = json.dumps(message("hello")) + "\n"
    (workspace / "threads" / "big.jsonl").write_text(line * 1200)
    today = datetime.now(UTC).date()
    (workspace / "memory" / f"{today}.md").write_bytes(b"a" * 1500)

    lines = cli("-w", workspace, "status").stdout.splitlines()

    assert "dailies             1 file, 1,500 bytes" in lines
    assert f"today               memory/{today}.md: 1,500 bytes" in lines
    assert "threads             1 thread, 1,200 unflushed entries" in lines
    assert ["big", "1,200", "1,200", "1,200"] in [row.split()[:4] for row in lines]
    assert "next: 1,200 unflushed entries: memctl flush" in lines
    assert "next: 1,500 bytes of daily text not in MEMORY.md: memctl consolidate" in lines


def test_an_empty_workspace_says_none_yet_and_what_to_run_first(workspace, cli):
    """No ledger for today is `none yet`, not `0 bytes` of a file that is not there, and
    an empty workspace gets a `next:` hint like any other (issue 23)."""
    write_config(workspace)
    today = datetime.now(UTC).date()

    lines = cli("-w", workspace, "status").stdout.splitlines()

    assert f"today               memory/{today}.md: none yet" in lines
    assert lines[-1] == (
        "next: nothing here yet: memctl thread append THREAD FILE (OpenAI-style messages) "
        "or memctl thread import FILE (an agent's session)"
    )


def test_the_json_document_shape(workspace, cli):
    document = status_json(cli, workspace)
    assert set(document) == {
        "schema",
        "workspace",
        "memory",
        "dailies",
        "archive",
        "threads",
        "unflushed_entries",
        "runs",
        "schedules",
        "models",
        "index",
        "hook_errors",
        "sync",
        "unflushed_elsewhere",
    }
    assert document["sync"] is None  # no sync.remote
    assert document["workspace"] == str(workspace.resolve())
    assert document["threads"] == [] and document["runs"] == {}
    assert [s["name"] for s in document["schedules"]] == ["maintain", "flush_auto"]
    assert set(document["schedules"][0]) == {"name", "last", "rule", "next"}
    # status writes nothing, not even the state folder
    assert not (workspace / ".memctl").exists()


def test_unflushed_counts_follow_a_flush(workspace, cli):
    lines = "\n".join(
        json.dumps(message(text))
        for text in ("We deploy on Fridays.", "The staging host is blue.", "Tea at four.")
    )
    assert cli("-w", workspace, "thread", "append", "t1", "-", input=lines).exit_code == 0
    before = status_json(cli, workspace)
    assert before["threads"][0]["unflushed"] == 3 and before["unflushed_entries"] == 3

    assert cli("-w", workspace, "flush").exit_code == 0
    after = status_json(cli, workspace)
    assert after["threads"][0] == {
        "thread": "t1",
        "entries": 3,
        "unflushed": 0,
        "context_messages": 3,
        "unflushed_elsewhere": 0,
    }
    assert after["dailies"]["today_bytes"] > 0
    assert after["dailies"]["unconsolidated_bytes"] == after["dailies"]["today_bytes"]

    more = json.dumps(message("Lunch is at noon."))
    assert cli("-w", workspace, "thread", "append", "t1", "-", input=more).exit_code == 0
    assert status_json(cli, workspace)["threads"][0]["unflushed"] == 1


def test_unflushed_counts_only_what_a_flush_would_send(workspace, cli):
    """Lines flush leaves out (a system message, a blank line, a record that is no
    message, an imported compaction summary, harness text in a user turn, a compaction
    record) are not owed: status counted them as unflushed entries, and `thread rm`
    refused a log of nothing else."""
    write_config(workspace, top="model: builtin\n")
    thread(
        workspace,
        "t1",
        [
            message("You are a helpful agent.", role="system"),
            {"type": "meta", "title": "a session"},
            message("We deploy on Fridays."),
            message("earlier talk, summarised", role="user") | {"compact_summary": True},
            message("<command-name>/compact</command-name>"),
            compaction(0),
            message("Noted: Fridays.", role="assistant"),
        ],
    )
    with (workspace / "threads" / "t1.jsonl").open("a") as handle:
        handle.write("\n")  # an editor's stray blank line
    thread(workspace, "t2", [message("Only the harness prompt.", role="system")])
    planned = cli("-w", workspace, "--json", "flush", "--dry-run")
    assert planned.exit_code == 0, planned.stderr
    sent = {t["thread"]: t["entries_sent"] for t in json.loads(planned.stdout)["threads"]}

    document = status_json(cli, workspace)

    unflushed = {t["thread"]: t["unflushed"] for t in document["threads"]}
    assert unflushed == {"t1": 2, "t2": 0}
    assert sent.get("t1") == 2 and not sent.get("t2")
    assert document["unflushed_entries"] == 2
    listed = json.loads(cli("-w", workspace, "--json", "thread", "list").stdout)
    assert {t["thread"]: t["unflushed"] for t in listed["threads"]} == {"t1": 2, "t2": 0}

    assert cli("-w", workspace, "flush").exit_code == 0
    assert status_json(cli, workspace)["unflushed_entries"] == 0
    thread(workspace, "t1", [*read_entries(Workspace(workspace), "t1"), message("x", "system")])
    assert status_json(cli, workspace)["unflushed_entries"] == 0
    # A line that is no JSON object: flush refuses the log (naming the line), so its
    # lines past the watermark are still owed, and status does not fail on it.
    with (workspace / "threads" / "t2.jsonl").open("a") as handle:
        handle.write("not json\n")
    assert status_json(cli, workspace)["unflushed_entries"] == 1
    assert cli("-w", workspace, "flush").exit_code == 2


def test_a_flushed_log_whose_first_line_is_edited_is_owed_from_its_start(workspace, cli):
    """A log whose first line is another than the one its watermark was counted on is
    flushed from its start (README: a log deleted and written again); status said 0
    unflushed entries for it while flush re-sent every line (audit 12 #4). Status counts
    what the flush sends; a line edited past the first is not re-sent, nor counted."""
    write_config(workspace, top="model: builtin\n")
    texts = ("We run Redis 7 in staging.", "The staging host is blue.", "Tea at four.")
    thread(workspace, "imp", [message(text) for text in texts])
    assert cli("-w", workspace, "flush").exit_code == 0
    assert status_json(cli, workspace)["unflushed_entries"] == 0
    log = workspace / "threads" / "imp.jsonl"

    log.write_text(log.read_text().replace("staging host is blue", "staging host is red"))
    assert status_json(cli, workspace)["unflushed_entries"] == 0
    planned = json.loads(cli("-w", workspace, "--json", "flush", "--dry-run").stdout)
    assert sum(t["entries_sent"] for t in planned["threads"]) == 0

    log.write_text(log.read_text().replace("Redis 7", "Redis 7.2"))
    document = status_json(cli, workspace)
    assert document["unflushed_entries"] == 3 and document["threads"][0]["unflushed"] == 3
    listed = json.loads(cli("-w", workspace, "--json", "thread", "list").stdout)
    assert listed["threads"][0]["unflushed"] == 3
    planned = json.loads(cli("-w", workspace, "--json", "flush", "--dry-run").stdout)
    assert [t["entries_sent"] for t in planned["threads"]] == [3]

    assert cli("-w", workspace, "flush").exit_code == 0
    assert status_json(cli, workspace)["unflushed_entries"] == 0


def schedules(document: dict) -> dict[str, dict]:
    return {s["name"]: s for s in document["schedules"]}


def test_next_maintain_is_the_last_run_plus_the_gap(workspace, cli):
    write_config(workspace, "  consolidation_min_gap: 2h\n")
    last = iso_ago(minutes=30)
    write_state(workspace, {"runs": {"maintain": last}})
    maintain = schedules(status_json(cli, workspace))["maintain"]
    due = datetime.fromisoformat(last) + timedelta(hours=2)
    assert maintain == {
        "name": "maintain",
        "last": last,
        "rule": "every 2h",
        "next": due.isoformat(),
    }


def test_next_maintain_is_now_once_the_gap_has_passed(workspace, cli):
    write_config(workspace, "  consolidation_min_gap: 2h\n")
    write_state(workspace, {"runs": {"maintain": iso_ago(hours=3)}})
    assert schedules(status_json(cli, workspace))["maintain"]["next"] == "now"


@pytest.mark.parametrize(
    ("trigger", "ago_minutes", "rule", "expect_due"),
    [
        ("always", 1, "always", "always"),
        ("never", 1, "never", "never"),
        ("{throttled: 10m}", 4, "throttled 10m", "due"),
        ("{throttled: 10m}", 11, "throttled 10m", "now"),
        ("{throttled: 10m}", None, "throttled 10m", "now"),
    ],
)
def test_next_auto_flush_follows_the_trigger(
    workspace, cli, trigger, ago_minutes, rule, expect_due
):
    write_config(workspace, f"  flush_trigger: {trigger}\n")
    last = iso_ago(minutes=ago_minutes) if ago_minutes is not None else None
    write_state(workspace, {"runs": {"flush_auto": last} if last else {}})
    flush = schedules(status_json(cli, workspace))["flush_auto"]
    expected = expect_due
    if expect_due == "due":
        expected = (datetime.fromisoformat(last) + timedelta(minutes=10)).isoformat()
    assert flush == {"name": "flush_auto", "last": last, "rule": rule, "next": expected}


def test_hooks_off_means_no_background_runs(workspace, cli):
    (workspace / "memctl.yaml").write_text("memory:\n  hooks: false\n")
    for schedule in status_json(cli, workspace)["schedules"]:
        assert schedule["next"] == "never"
        assert schedule["rule"] == "off (memory.hooks: false)"


def test_models_named_as_configured(workspace, cli):
    write_config(
        workspace,
        "  model: openai:gpt-4.1-mini\n",
        top="model: {name: openai:main-model, api_base: http://127.0.0.1:9/v1}\n"
        "compaction:\n  model: anthropic:claude-x\n",
    )
    assert status_json(cli, workspace)["models"] == {
        "main": "openai:main-model",
        "memory": "openai:gpt-4.1-mini",
        "compaction": "anthropic:claude-x",
    }


def test_many_threads_are_all_counted_and_the_text_table_is_capped(workspace, cli):
    threads = workspace / "threads"
    line = json.dumps(message("hello")) + "\n"
    for number in range(2000):
        (threads / f"t{number:04d}.jsonl").write_text(line * (1 + number % 3))
    document = status_json(cli, workspace)
    assert len(document["threads"]) == 2000
    assert document["unflushed_entries"] == sum(1 + n % 3 for n in range(2000))
    text = cli("-w", workspace, "status").stdout.splitlines()
    more = text.index("... and 1,980 more (memctl --json status lists all)")
    assert len(text[more - 20 : more]) == 20 and text[more - 21].split()[0] == "thread"


def test_status_does_not_import_litellm(workspace, tmp_path):
    write_config(workspace, "  model: openai:gpt-4.1-mini\n")
    run = modules_after(["status"], workspace, tmp_path / "modules.json")
    assert "litellm" not in run.modules, "litellm imported"
    assert "maintain run" in run.stdout


def test_a_corrupt_state_file_is_one_line_exit_2(workspace, cli):
    write_state(workspace, {})
    (workspace / ".memctl" / "state.json").write_text("[1, 2")
    result = cli("-w", workspace, "status")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("memctl: error: .memctl/state.json is not valid JSON")
    assert result.stderr.count("\n") == 1


def test_status_reads_the_index_without_writing_it(workspace: Path) -> None:
    (workspace / "MEMORY.md").write_text("- deploy\n", encoding="utf-8")
    ws = Workspace(workspace)
    with fresh_index(ws, []):
        pass
    before = index_path(ws).read_bytes()
    state = index_status(ws)
    assert (state.exists, state.records, state.stale_files) == (True, 1, 0)
    assert index_path(ws).read_bytes() == before


def test_status_names_an_index_path_sqlite_cannot_use(workspace: Path, cli) -> None:
    """Audit 4, 9: with `.memctl/index.sqlite` a directory, status said "none yet (the
    next search builds it)", which no search does: recall fails until it is removed."""
    path = index_path(Workspace(workspace))
    path.mkdir(parents=True)
    state = index_status(Workspace(workspace))
    assert state.problem == (
        f"unusable: .memctl/index.sqlite is a directory, not the search index: remove it "
        f"(rm -r {path}); the next search builds the index"
    )
    line = next(
        x
        for x in cli("-w", workspace, "status").stdout.splitlines()
        if x.startswith("search index")
    )
    assert line == f"search index        {state.problem}"
    assert cli("-w", workspace, "recall", "deploy").exit_code == 2  # what it warns of
    path.rmdir()
    assert index_status(Workspace(workspace)).problem is None
