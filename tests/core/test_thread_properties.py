"""Thread-log round trips, property-tested: what goes in comes out, byte for byte in
meaning; what is invalid is refused with nothing written.

Random valid messages (string and list content, any Unicode that is text, line and
paragraph separators, NUL, emoji, tool calls with JSON arguments, extra fields) go in
through `append_entries` and through `memctl thread append` (JSONL with or without
escaped non-ASCII, CRLF line ends, or one JSON array) and must come back equal from
`read_entries` and from `thread show --json`. One invalid message (or line) in a batch
must make the append fail with exit 2 and leave the log as it was.
"""

from __future__ import annotations

import json
import tempfile
from datetime import UTC, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memctl.cli.output import JSON_SCHEMA
from memctl.core.errors import UsageError
from memctl.core.threads import append_entries, parse_messages, read_entries, without_nul
from memctl.core.workspace import Workspace, init_workspace

pytestmark = pytest.mark.slow

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
TRICKY = ["\n", "\r\n", "\r", "\u2028", "\u2029", "\u0085", "\x00", "\x0c", "😀", "部署", '"', "\\"]

text = st.one_of(
    st.text(st.characters(blacklist_categories=["Cs"]), max_size=60),
    st.lists(st.sampled_from(TRICKY) | st.text(max_size=5), max_size=8).map("".join),
)
json_value = st.recursive(
    st.none() | st.booleans() | st.integers() | text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(text, inner, max_size=3),
    max_leaves=8,
)
part = st.one_of(
    st.builds(lambda t: {"type": "text", "text": t}, text),
    st.builds(lambda u: {"type": "image_url", "image_url": {"url": u}}, text),
)
content = st.one_of(text, st.lists(part, max_size=3))
tool_call = st.builds(
    lambda call_id, name, args: {
        "id": call_id,
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(args, ensure_ascii=False)},
    },
    text.filter(bool),
    text.filter(str.strip),
    st.dictionaries(text, json_value, max_size=3),
)
timestamp = st.datetimes(timezones=st.sampled_from([UTC, timezone(timedelta(hours=-7))])).map(
    lambda when: when.isoformat()
)
extras = st.dictionaries(st.sampled_from(["source_id", "x_meta", "model"]), json_value, max_size=2)


def with_extras(base: st.SearchStrategy[dict[str, Any]]) -> st.SearchStrategy[dict[str, Any]]:
    return st.builds(
        lambda message, more, ts: {**more, **message, **({"ts": ts} if ts is not None else {})},
        base,
        extras,
        st.none() | timestamp,
    )


message = with_extras(
    st.one_of(
        st.builds(
            lambda r, c: {"role": r, "content": c}, st.sampled_from(["user", "system"]), content
        ),
        st.builds(
            lambda c, calls: {
                "role": "assistant",
                "content": c,
                **({"tool_calls": calls} if calls else {}),
            },
            content,
            st.lists(tool_call, max_size=2),
        ),
        st.builds(
            lambda calls: {"role": "assistant", "content": None, "tool_calls": calls},
            st.lists(tool_call, min_size=1, max_size=2),
        ),
        st.builds(
            lambda c, call_id, name: {
                "role": "tool",
                "tool_call_id": call_id,
                "content": c,
                **({"name": name} if name is not None else {}),
            },
            content,
            text.filter(bool),
            st.none() | text,
        ),
    )
)


def answered(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The batch with a call made before each tool result that answers none (a result
    must answer an earlier call: `thread append` refuses an orphan)."""
    out: list[dict[str, Any]] = []
    called: set[str] = set()
    for message in messages:
        for call in message.get("tool_calls") or []:
            called.add(call["id"])
        answer = message.get("tool_call_id")
        if message["role"] == "tool" and answer not in called:
            function = {"name": "f", "arguments": "{}"}
            out.append(
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [{"id": answer, "type": "function", "function": function}],
                }
            )
            called.add(answer)
        out.append(message)
    return out


batch = st.lists(message, min_size=1, max_size=6).map(answered)


def fresh_workspace() -> tuple[tempfile.TemporaryDirectory, Workspace]:
    folder = tempfile.TemporaryDirectory()
    root = Path(folder.name) / "ws"
    init_workspace(root)
    return folder, Workspace(root, "UTC")


def assert_same(written: list[dict[str, Any]], read: list[dict[str, Any]]) -> None:
    """Equal, a `ts` given kept as it was and one not given stamped; NUL, which memctl
    never writes (issue 12.7), taken out."""
    assert len(read) == len(written)
    for message, entry in zip(written, read, strict=True):
        given_message = without_nul(message)
        assert isinstance(entry["ts"], str)
        assert entry == {"ts": entry["ts"], **given_message}
        if "ts" in given_message:
            assert entry["ts"] == given_message["ts"]


def encode(messages: list[dict[str, Any]], shape: str) -> bytes:
    if shape == "array":
        return json.dumps(messages, ensure_ascii=False, indent=1).encode()
    ascii_only = shape == "jsonl-ascii"
    end = "\r\n" if shape == "jsonl-crlf" else "\n"
    return "".join(json.dumps(m, ensure_ascii=ascii_only) + end for m in messages).encode()


SHAPES = st.sampled_from(["jsonl", "jsonl-ascii", "jsonl-crlf", "array"])


# --------------------------------------------------------------------------- round trips


@SETTINGS
@given(first=batch, second=batch)
def test_append_entries_then_read_entries_is_the_identity(first, second):
    folder, ws = fresh_workspace()
    with folder:
        append_entries(ws, "t1", parse_messages(encode(first, "jsonl"), "first"))
        append_entries(ws, "t1", parse_messages(encode(second, "jsonl"), "second"))
        assert_same(first + second, read_entries(ws, "t1"))


@SETTINGS
@given(messages=batch, shape=SHAPES)
def test_thread_append_then_show_is_the_identity(cli, messages, shape):
    folder, ws = fresh_workspace()
    with folder:
        run = cli("-w", ws.root, "thread", "append", "t1", "-", input=encode(messages, shape))
        assert run.exit_code == 0, run.stderr
        assert_same(messages, read_entries(ws, "t1"))
        shown = cli("-w", ws.root, "--json", "thread", "show", "t1")
        assert shown.exit_code == 0, shown.stderr
        assert json.loads(shown.stdout) == {
            "schema": JSON_SCHEMA,
            "messages": read_entries(ws, "t1"),
        }
        # what `thread show --json` prints appends as the same messages elsewhere
        again = cli("-w", ws.root, "thread", "append", "t2", "-", input=shown.stdout)
        assert again.exit_code == 0, again.stderr
        assert read_entries(ws, "t2") == read_entries(ws, "t1")


# --------------------------------------------------------------------------- rejections

MUTATIONS = {
    "role": lambda m: {**m, "role": "robot"},
    "no role": lambda m: {k: v for k, v in m.items() if k != "role"},
    "content type": lambda m: {**m, "content": 42},
    "reserved type": lambda m: {**m, "type": "compaction"},
    "ts not a string": lambda m: {**m, "ts": 1234},
    "ts not ISO-8601": lambda m: {**m, "ts": "yesterday"},
    "empty function name": lambda m: {
        "role": "assistant",
        "content": None,
        "tool_calls": [{"id": "c", "function": {"name": " ", "arguments": "{}"}}],
    },
    "no arguments": lambda m: {
        "role": "assistant",
        "content": None,
        "tool_calls": [{"id": "c", "function": {"name": "f"}}],
    },
    "name not a string": lambda m: {**m, "name": ["x"]},
    "part without type": lambda m: {**m, "content": [{"text": "x"}]},
    "text part without text": lambda m: {**m, "content": [{"type": "text"}]},
    "tool calls on a user": lambda m: {
        "role": "user",
        "content": "x",
        "tool_calls": [{"id": "c", "function": {"name": "f"}}],
    },
    "tool call without id": lambda m: {
        "role": "assistant",
        "content": None,
        "tool_calls": [{"type": "function", "function": {"name": "f", "arguments": "{}"}}],
    },
    "arguments not a string": lambda m: {
        "role": "assistant",
        "content": None,
        "tool_calls": [{"id": "c", "function": {"name": "f", "arguments": {"a": 1}}}],
    },
    "tool without call id": lambda m: {"role": "tool", "content": "x"},
    "no content": lambda m: {"role": "user"},
}
RAW_LINES = {
    "not JSON": "{role: user}",
    "not an object": '["role", "user"]',
    "lone surrogate": '{"role": "user", "content": "half \\ud800 a pair"}',
    "nested too deeply": '{"role": "user", "content": "x", "deep": '
    + "[" * 50_000
    + "]" * 50_000
    + "}",
}


@SETTINGS
@given(
    before=batch,
    messages=batch,
    position=st.integers(min_value=0),
    mutation=st.sampled_from(sorted(MUTATIONS) + sorted(RAW_LINES)),
)
def test_one_bad_message_rejects_the_batch_and_writes_nothing(
    cli, before, messages, position, mutation
):
    folder, ws = fresh_workspace()
    with folder:
        assert (
            cli(
                "-w", ws.root, "thread", "append", "t1", "-", input=encode(before, "jsonl")
            ).exit_code
            == 0
        )
        log = ws.root / "threads" / "t1.jsonl"
        old = log.read_bytes()
        lines = [json.dumps(m, ensure_ascii=False) for m in messages]
        at = position % len(lines)
        lines[at] = RAW_LINES.get(mutation) or json.dumps(MUTATIONS[mutation](messages[at]))

        run = cli("-w", ws.root, "thread", "append", "t1", "-", input="\n".join(lines) + "\n")

        assert run.exit_code == 2, (mutation, run.stderr)
        [line] = run.stderr.strip().splitlines()
        assert line.startswith("memctl: error: ")
        assert "internal error" not in line
        assert log.read_bytes() == old


@pytest.mark.parametrize("mutation", sorted(MUTATIONS))
def test_each_mutation_alone_is_invalid(mutation):
    """The mutations above are invalid on any message, not only on some: each one is
    refused by the parser, so the property test cannot pass by accident."""
    valid = {"role": "user", "content": "We deploy on Fridays."}
    with pytest.raises(UsageError):
        parse_messages(json.dumps(MUTATIONS[mutation](valid)).encode(), "case")
