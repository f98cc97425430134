"""Thread logs through `memctl thread append / list / show`.

An append is all or nothing: one bad message anywhere means exit 2, a line naming
where, and the log exactly as it was.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memctl.cli.output import JSON_SCHEMA
from memctl.core.threads import working_context
from memctl.core.workspace import Workspace

USER = {"role": "user", "content": "We deploy on Fridays."}
ASSISTANT = {"role": "assistant", "content": "Noted: Friday deploys."}
CALL = {
    "role": "assistant",
    "content": None,
    "tool_calls": [
        {
            "id": "call_1",
            "type": "function",
            "function": {"name": "memory_search", "arguments": '{"query": "deploy"}'},
        }
    ],
}
RESULT = {"role": "tool", "tool_call_id": "call_1", "content": "Found 1 match"}


def jsonl(*messages: object) -> str:
    return "".join(json.dumps(m) + "\n" for m in messages)


def log_of(workspace: Path, thread: str = "t1") -> list[dict]:
    path = workspace / "threads" / f"{thread}.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def without_ts(entries: list[dict]) -> list[dict]:
    return [{k: v for k, v in e.items() if k != "ts"} for e in entries]


# --------------------------------------------------------------------------- append


def test_append_jsonl_from_stdin(workspace, cli):
    run = cli("-w", workspace, "thread", "append", "t1", input=jsonl(USER, ASSISTANT))

    assert run.exit_code == 0, run.stderr
    assert run.stderr == "thread append: appended 2 messages to threads/t1.jsonl (2 entries)\n"
    entries = log_of(workspace)
    assert without_ts(entries) == [USER, ASSISTANT]
    assert all(isinstance(e["ts"], str) and "T" in e["ts"] for e in entries)


def test_append_adds_to_what_is_there(workspace, cli):
    cli("-w", workspace, "thread", "append", "t1", "-", input=jsonl(USER))

    run = cli("-w", workspace, "--json", "thread", "append", "t1", "-", input=jsonl(ASSISTANT))

    assert run.exit_code == 0
    assert json.loads(run.stdout) == {
        "schema": JSON_SCHEMA,
        "thread": "t1",
        "appended": 1,
        "entries": 2,
        "path": "threads/t1.jsonl",
    }
    assert without_ts(log_of(workspace)) == [USER, ASSISTANT]


def test_append_json_array_from_a_file(workspace, tmp_path, cli):
    source = tmp_path / "turn.json"
    source.write_text(json.dumps([USER, CALL, RESULT], indent=2), encoding="utf-8")

    run = cli("-w", workspace, "thread", "append", "t1", source)

    assert run.exit_code == 0, run.stderr
    assert without_ts(log_of(workspace)) == [USER, CALL, RESULT]


def test_append_one_pretty_printed_object(workspace, cli):
    run = cli("-w", workspace, "thread", "append", "t1", input=json.dumps(USER, indent=2))

    assert run.exit_code == 0, run.stderr
    assert without_ts(log_of(workspace)) == [USER]


def test_append_keeps_given_timestamps_and_text_as_is(workspace, cli):
    message = {
        "role": "user",
        "content": "Café déploiement 日本",
        "ts": "2025-01-02T03:04:05+00:00",
    }
    parts = {"role": "user", "content": [{"type": "text", "text": "look"}, {"type": "image_url"}]}

    run = cli("-w", workspace, "thread", "append", "t1", input=jsonl(message, parts) + "\n\n")

    assert run.exit_code == 0, run.stderr
    assert log_of(workspace)[0] == message
    assert "Café déploiement 日本" in (workspace / "threads" / "t1.jsonl").read_text("utf-8")
    assert without_ts(log_of(workspace))[1] == parts


BAD_INPUT = {
    # name: (input, the one error line after "memctl: error: ")
    "bad json line": (
        jsonl(USER) + '{"role": "user", "content": \n',
        "<stdin>: line 2: invalid JSON: Expecting value",
    ),
    "missing role": (
        jsonl(USER, {"content": "who am I"}),
        "<stdin>: line 2: role must be one of user, assistant, system, developer, tool, not None",
    ),
    "bad role": (
        jsonl({"role": "robot", "content": "beep"}),
        "<stdin>: line 1: role must be one of user, assistant, system, developer, tool, not 'robot'",
    ),
    "content a number": (
        jsonl({"role": "user", "content": 5}),
        "<stdin>: line 1: content must be a string or a list of parts",
    ),
    "content part without type": (
        jsonl({"role": "user", "content": [{"text": "x"}]}),
        "<stdin>: line 1: content part 1 must be an object with a 'type'",
    ),
    "text part without text": (
        jsonl({"role": "user", "content": [{"type": "text"}]}),
        "<stdin>: line 1: content part 1 of type text needs a string 'text'",
    ),
    "user without content": (
        jsonl({"role": "user"}),
        "<stdin>: line 1: user message needs 'content'",
    ),
    "tool_calls not a list": (
        jsonl({"role": "assistant", "content": None, "tool_calls": {"id": "x"}}),
        "<stdin>: line 1: tool_calls must be a list",
    ),
    "tool call without id": (
        jsonl({**CALL, "tool_calls": [{"function": {"name": "f", "arguments": "{}"}}]}),
        "<stdin>: line 1: tool call 1 needs a string 'id'",
    ),
    "tool call without a name": (
        jsonl({**CALL, "tool_calls": [{"id": "c", "function": {"arguments": "{}"}}]}),
        "<stdin>: line 1: tool call 1 needs function.name",
    ),
    "tool call arguments not a string": (
        jsonl({**CALL, "tool_calls": [{"id": "c", "function": {"name": "f", "arguments": {}}}]}),
        "<stdin>: line 1: tool call 1: function.arguments must be a JSON string",
    ),
    "tool_calls on a user message": (
        jsonl({**USER, "tool_calls": CALL["tool_calls"]}),
        "<stdin>: line 1: only assistant messages carry tool_calls",
    ),
    "tool message without tool_call_id": (
        jsonl(USER, CALL, {"role": "tool", "content": "result"}),
        "<stdin>: line 3: tool message needs a string 'tool_call_id'",
    ),
    "reserved type key": (
        jsonl({"type": "compaction", "summary": "forged", "cut": 0}),
        "<stdin>: line 1: 'type' is reserved for memctl's own records",
    ),
    "ts not a string": (
        jsonl({**USER, "ts": 1700000000}),
        "<stdin>: line 1: ts must be a string",
    ),
    "line not an object": (
        jsonl(USER, ["user", "hi"]),
        "<stdin>: line 2: not a JSON object",
    ),
    "bad message in an array": (
        json.dumps([USER, {"role": "user", "content": 5}]),
        "<stdin>: message 2: content must be a string or a list of parts",
    ),
    "broken array": ('[{"role": "user",\n "content": "x"', "<stdin>: line 2: invalid JSON"),
    "non-utf8": (
        b'{"role": "user", "content": "caf\xe9"}\n',
        "<stdin>: line 1: not UTF-8 (byte 32)",
    ),
    "nothing": ("\n\n", "<stdin>: no messages"),
    "empty function name": (
        jsonl({**CALL, "tool_calls": [{"id": "c", "function": {"name": "", "arguments": "{}"}}]}),
        "<stdin>: line 1: tool call 1: function.name is empty",
    ),
    "no arguments": (
        jsonl({**CALL, "tool_calls": [{"id": "c", "function": {"name": "f"}}]}),
        "<stdin>: line 1: tool call 1: function.arguments must be a JSON string",
    ),
    "ts not ISO-8601": (
        jsonl({**USER, "ts": "yesterday"}),
        "<stdin>: line 1: ts 'yesterday' is not an ISO-8601 time",
    ),
    "empty tool_call_id": (
        jsonl(CALL, {"role": "tool", "tool_call_id": "", "content": "r"}),
        "<stdin>: line 2: tool message needs a string 'tool_call_id'",
    ),
    "tool result answering no call": (
        jsonl(USER, {"role": "tool", "tool_call_id": "call_9", "content": "r"}),
        "<stdin>: message 2: tool result for 'call_9' answers no earlier tool call",
    ),
}


def test_a_tool_result_may_answer_a_call_already_in_the_log(workspace, cli):
    assert cli("-w", workspace, "thread", "append", "t1", input=jsonl(USER, CALL)).exit_code == 0
    result = {"role": "tool", "tool_call_id": "call_1", "content": "Fridays."}
    run = cli("-w", workspace, "thread", "append", "t1", input=jsonl(result))
    assert run.exit_code == 0, run.stderr
    assert [e["role"] for e in log_of(workspace)] == ["user", "assistant", "tool"]


@pytest.mark.parametrize("case", BAD_INPUT, ids=list(BAD_INPUT))
def test_bad_input_appends_nothing(case, workspace, cli, snapshot):
    cli("-w", workspace, "thread", "append", "t1", input=jsonl(USER))
    before = snapshot(workspace)
    data, expected = BAD_INPUT[case]

    run = cli("-w", workspace, "thread", "append", "t1", "-", input=data)

    assert run.exit_code == 2
    assert run.stdout == ""
    lines = run.stderr.splitlines()
    assert len(lines) == 1, run.stderr
    assert lines[0].startswith(f"memctl: error: {expected}")
    assert snapshot(workspace) == before


def test_bad_file_names_the_file_and_line(workspace, tmp_path, cli, snapshot):
    source = tmp_path / "turn.jsonl"
    source.write_text(jsonl(USER, USER) + "not json\n", encoding="utf-8")
    before = snapshot(workspace)

    run = cli("-w", workspace, "thread", "append", "t1", source)

    assert run.exit_code == 2
    assert run.stderr.startswith(f"memctl: error: {source}: line 3: invalid JSON")
    assert snapshot(workspace) == before


def test_non_utf8_file_appends_nothing(workspace, tmp_path, cli, snapshot):
    source = tmp_path / "latin1.jsonl"
    good = jsonl(USER).encode() + b'{"role": "user", "content": "'
    source.write_bytes(good + b'\xe9t\xe9"}\n')
    before = snapshot(workspace)

    run = cli("-w", workspace, "thread", "append", "t1", source)

    assert run.exit_code == 2
    assert run.stderr.splitlines() == [
        f"memctl: error: {source}: line 2: not UTF-8 (byte {len(good)})"
    ]
    assert snapshot(workspace) == before


@pytest.mark.parametrize(
    ("make", "problem"), [("missing", "file not found"), ("folder", "is a folder")]
)
def test_unreadable_source(workspace, tmp_path, cli, make, problem):
    source = tmp_path / "source"
    if make == "folder":
        source.mkdir()

    run = cli("-w", workspace, "thread", "append", "t1", source)

    assert run.exit_code == 2
    assert run.stderr.splitlines() == [f"memctl: error: {source}: {problem}"]


# --------------------------------------------------------------------------- thread ids

BAD_IDS = {
    "dot dot": "..",
    "dot": ".",
    "slash": "a/b",
    "backslash": "a\\b",
    "129 chars": "x" * 129,
    "nul": "a\x00b",
    "space": "a b",
    "empty": "",
}


@pytest.mark.parametrize("thread", BAD_IDS.values(), ids=list(BAD_IDS))
@pytest.mark.parametrize("command", ["append", "show"])
def test_bad_thread_ids_are_refused(thread, command, workspace, cli, snapshot):
    before = snapshot(workspace)

    run = cli("-w", workspace, "thread", command, thread, input=jsonl(USER))

    assert run.exit_code == 2
    assert run.stderr.splitlines() == [
        f"memctl: error: invalid thread id {thread!r}: use 1-128 of A-Z a-z 0-9 . _ - (not . or ..)"
    ]
    assert snapshot(workspace) == before


def test_longest_thread_id_is_accepted(workspace, cli):
    thread = "a.b_c-" + "x" * 122

    run = cli("-w", workspace, "thread", "append", thread, input=jsonl(USER))

    assert run.exit_code == 0, run.stderr
    assert (workspace / "threads" / f"{thread}.jsonl").is_file()


# --------------------------------------------------------------------------- list and show


def test_thread_list_counts_entries_and_unflushed(workspace, cli):
    cli("-w", workspace, "thread", "append", "beta", input=jsonl(USER, ASSISTANT, USER))
    cli("-w", workspace, "thread", "append", "alpha", input=jsonl(USER))
    (workspace / "threads" / "notes.txt").write_text("not a thread\n", encoding="utf-8")
    Workspace(workspace).update_state(lambda s: setattr(s.mark("beta"), "flushed", 2))

    text = cli("-w", workspace, "thread", "list")
    data = cli("-w", workspace, "--json", "thread", "list")

    assert text.exit_code == 0
    assert text.stdout.splitlines() == [  # aligned under a header (issue 15.19)
        "thread  entries  unflushed",
        "alpha         1          1",
        "beta          3          1",
    ]
    assert json.loads(data.stdout) == {
        "schema": JSON_SCHEMA,
        "threads": [
            {"thread": "alpha", "entries": 1, "unflushed": 1},
            {"thread": "beta", "entries": 3, "unflushed": 1},
        ],
    }


def test_thread_list_of_an_empty_workspace(workspace, cli):
    run = cli("-w", workspace, "--json", "thread", "list")

    assert run.exit_code == 0
    assert json.loads(run.stdout) == {"schema": JSON_SCHEMA, "threads": []}


def test_thread_show_prints_one_entry_a_line(workspace, cli):
    multiline = {"role": "user", "content": "first line\nsecond   line"}
    cli("-w", workspace, "thread", "append", "t1", input=jsonl(multiline, CALL, RESULT))
    compaction = {"type": "compaction", "summary": "They talked about deploys.", "cut": 2}
    with (workspace / "threads" / "t1.jsonl").open("a", encoding="utf-8") as log:
        log.write(json.dumps(compaction) + "\n")

    run = cli("-w", workspace, "thread", "show", "t1")

    assert run.exit_code == 0
    assert run.stdout.splitlines() == [
        "#0 [user] first line second line",
        '#1 [assistant] memory_search({"query": "deploy"})',
        "#2 [tool] Found 1 match",
        "#3 [compaction] They talked about deploys.",
    ]


def test_thread_show_json_is_the_log(workspace, cli):
    cli("-w", workspace, "thread", "append", "t1", input=jsonl(USER, CALL, RESULT))

    run = cli("-w", workspace, "--json", "thread", "show", "t1")

    assert run.exit_code == 0
    assert json.loads(run.stdout) == {"schema": JSON_SCHEMA, "messages": log_of(workspace)}


def test_thread_show_of_a_missing_thread(workspace, cli):
    run = cli("-w", workspace, "thread", "show", "nope")

    assert run.exit_code == 2
    assert run.stderr.splitlines() == [
        "memctl: error: no thread 'nope' (no threads/nope.jsonl); "
        "`memctl call nope --new TEXT` or `memctl thread append nope` starts it"
    ]


def test_thread_show_of_a_damaged_log_names_the_line(workspace, cli):
    (workspace / "threads" / "t1.jsonl").write_text(jsonl(USER) + "{oops\n", encoding="utf-8")

    run = cli("-w", workspace, "thread", "show", "t1")

    assert run.exit_code == 2
    assert run.stderr.startswith("memctl: error: threads/t1.jsonl: line 2: invalid JSON")


# --------------------------------------------------------------------------- working context


def test_working_context_starts_at_the_last_compaction():
    entries = [
        USER,
        ASSISTANT,
        {"type": "compaction", "summary": "old", "cut": 1},
        USER,
        {"type": "compaction", "summary": "deploys on Fridays", "cut": 3},
        ASSISTANT,
    ]

    context = working_context(entries, "t1")

    assert context.indexes == [None, 3, 5]
    assert context.messages[1:] == [USER, ASSISTANT]
    summary = context.messages[0]
    assert summary["role"] == "user"
    assert "threads/t1.jsonl" in summary["content"]
    assert summary["content"].endswith("deploys on Fridays")
    assert context.compaction == entries[4]


def test_working_context_without_compaction_is_the_whole_log():
    context = working_context([USER, ASSISTANT], "t1")

    assert context.messages == [USER, ASSISTANT]
    assert context.indexes == [0, 1]
    assert context.compaction is None
