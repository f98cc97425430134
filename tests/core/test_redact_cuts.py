"""Redact whole, then cut (issue 12, points 1 and 2).

Every place that shows part of a text shows a part of the text redacted whole: a cut
made first leaves a private key without its BEGIN line, or a token without enough of
itself, and no pattern recognises the rest. Each test puts a secret across the cut
of one such place; each failed before the text was redacted ahead of the cut.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from memctl.core.config import load_config
from memctl.core.workspace import Workspace
from memctl.turn.tools import EVICTED_PAGE_CHARS, HISTORY_ENTRY_CHARS, run_tool
from tests.support.helpers import write_log
from tests.support.llm_server import write_model_config
from tests.support.secrets import GITHUB, pem, shown


def tool_turn(call_id: str, result: str, arguments: str = "{}") -> list[dict[str, Any]]:
    return [
        {"role": "user", "content": "run it"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": call_id,
                    "type": "function",
                    "function": {"name": "shell", "arguments": arguments},
                }
            ],
        },
        {"role": "tool", "tool_call_id": call_id, "content": result},
    ]


def tool(root: Path, name: str, arguments: dict[str, Any]) -> str:
    ws, config = Workspace(root), load_config(root / "memctl.yaml")
    outcome = run_tool(ws, config, name, arguments)
    assert not outcome.is_error, outcome.text
    return outcome.text


def context(cli, root: Path, thread: str = "t1") -> dict[str, Any]:
    result = cli("-w", root, "context", thread)
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


# --------------------------------------------------------------------------- thread_history


@pytest.mark.parametrize("where", ["key", "token"])
def test_thread_history_redacts_an_entry_before_cutting_it(workspace: Path, where: str) -> None:
    block, body = pem()
    if where == "key":  # BEGIN and half the key before the cut, END after it
        text = "x" * (HISTORY_ENTRY_CHARS - 800) + "\n" + block + "\n" + "y" * 2000
    else:  # the cut leaves the prefix and 20 of the token's 36 characters
        text = "x" * (HISTORY_ENTRY_CHARS - 24) + " " + GITHUB + " " + "y" * 500
    write_log(workspace, "t1", [{"role": "user", "content": text}])

    answer = tool(workspace, "thread_history", {"thread": "t1"})

    assert "more chars]" in answer  # the entry was cut
    assert shown(answer, body) == [] and GITHUB[:12] not in answer
    assert f"[REDACTED:{'private_key' if where == 'key' else 'github_token'}]" in answer


# --------------------------------------------------------------------------- read_file


def test_read_file_pages_are_cut_from_the_redacted_result(workspace: Path) -> None:
    block, body = pem(2, 60)  # ~3,900 characters across the page boundary
    result = "x" * (EVICTED_PAGE_CHARS - 2000) + "\n" + block + "\n" + "z" * 30_000
    folder = workspace / "evicted" / "t1"
    folder.mkdir(parents=True)
    (folder / "c1-0123456789abcdef").write_text(result)
    path = "evicted/t1/c1-0123456789abcdef"

    pages = [tool(workspace, "read_file", {"path": path})]
    while "read on with offset " in pages[-1]:
        offset = int(pages[-1].split("read on with offset ")[1].split("]")[0])
        pages.append(tool(workspace, "read_file", {"path": path, "offset": offset}))

    assert len(pages) == 3
    assert [shown(page, body) for page in pages] == [[], [], []]
    # the pages are of one redacted text: together, that text, its size in each header
    text = "".join(page.split("\n", 1)[1] for page in pages)
    assert text == result.replace(block, "[REDACTED:private_key]")
    assert all(f" of {len(text):,}" in page.split("\n", 1)[0] for page in pages)


# --------------------------------------------------------------------------- eviction preview


def test_the_eviction_preview_is_cut_from_the_redacted_result(workspace: Path, cli) -> None:
    """The tail preview (the last 2,000 characters) starts inside the key."""
    block, body = pem(3, 40)
    big = "x" * 90_000 + "\n" + block + "\n" + "w" * 500
    write_log(workspace, "t1", tool_turn("c1", big))

    messages = context(cli, workspace)["messages"]

    placeholder = messages[-1]["content"]
    assert placeholder.startswith("[Tool result evicted from the context: ")
    assert shown(placeholder, body) == []
    assert placeholder.endswith("[REDACTED:private_key]\n" + "w" * 500)
    [evicted] = (workspace / "evicted" / "t1").iterdir()
    assert evicted.read_text() == big  # the file keeps the result as it was


# --------------------------------------------------------------------------- search snippets


def _window_from_inside(key_value: str, query: str) -> str:
    """A long line where the 1,000-character snippet around `query` starts 4 characters
    into `key_value` (the window starts 250 characters before the match)."""
    head = "lorem " * 300
    gap = "y" * (250 + 4 - len(key_value) - 1)
    return f"{head}{key_value} {gap}{query} " + "ipsum " * 300


def test_search_snippets_are_cut_from_redacted_text(workspace: Path) -> None:
    line = _window_from_inside("password=SuperSecretValue123", "zebra")
    (workspace / "MEMORY.md").write_text(f"# Memory\n\n{line}\n")
    write_log(workspace, "t1", [{"role": "user", "content": line}])

    for name in ("memory_search", "thread_search"):
        answer = tool(workspace, name, {"query": "zebra"})
        assert "SuperSecretValue123" not in answer, name
        assert "[REDACTED:secret]" in answer, name


def test_a_snippet_of_a_huge_entry_is_cut_from_redacted_text(workspace: Path) -> None:
    """A 200,000-character tool result: the snippet comes from the part around the
    match, redacted with a margin, not from the whole result redacted."""
    line = _window_from_inside("password=SuperSecretValue123", "zebra")
    huge = "lorem " * 25_000 + line + " ipsum" * 10_000
    write_log(workspace, "t1", tool_turn("c1", huge))

    answer = tool(workspace, "thread_search", {"query": "zebra"})

    assert "zebra" in answer and "[REDACTED:secret]" in answer
    assert "SuperSecretValue123" not in answer
    assert "#2 [tool]: …" in answer and answer.endswith("…")


def test_memory_search_lines_come_from_the_whole_file_redacted(workspace: Path) -> None:
    """A line of a key block in MEMORY.md is base64 alone, but the index holds the file as
    redacted whole: a query from inside the key matches nothing (issue 24 item 3, no
    search oracle), while the words around the key are found."""
    block, body = pem(4)
    (workspace / "MEMORY.md").write_text(f"# Memory\n\n- the deploy key:\n{block}\n- done\n")

    answer = tool(workspace, "memory_search", {"query": body[5][:20]})
    assert answer.startswith("No matching memories found")  # it echoes only the query

    around = tool(workspace, "memory_search", {"query": "the deploy key"})
    assert around.startswith("Found 1 match:")
    assert "Source: MEMORY.md#3: " in around  # the file's own line number
    assert shown(around, body) == []


# --------------------------------------------------------------------------- memory_get


def test_memory_get_range_inside_a_key_reads_as_the_whole_file_does(workspace: Path) -> None:
    block, body = pem(5)
    (workspace / "MEMORY.md").write_text(f"# Memory\n\n{block}\n- Deploys on Tuesdays.\n")

    part = tool(workspace, "memory_get", {"path": "MEMORY.md", "startLine": 5, "endLine": 8})
    whole = tool(workspace, "memory_get", {"path": "MEMORY.md"})

    assert shown(part, body) == [] and shown(whole, body) == []
    assert part.splitlines() == whole.splitlines()[4:8]
    assert part.splitlines()[0] == "5|"
    assert whole.splitlines()[2] == "3|[REDACTED:private_key]"
    assert whole.splitlines()[-1] == f"{len(body) + 5}|- Deploys on Tuesdays."


# --------------------------------------------------------------------------- truncate_args

TRUNCATE = {"truncate_args": {"max_arg_length": 30, "truncation_text": "…[cut]"}}


def test_truncate_args_redacts_before_keeping_the_head(workspace: Path, cli) -> None:
    (workspace / "memctl.yaml").write_text(
        "compaction:\n  keep_messages: 2\n  keep_tokens: 0\n"
        "  truncate_args: {max_arg_length: 50, truncation_text: '…[cut]'}\n"
    )
    arguments = json.dumps({"token": GITHUB + " " + "q" * 100})
    write_log(workspace, "t1", tool_turn("c1", "ok", arguments) + tool_turn("c2", "ok"))

    messages = context(cli, workspace)["messages"]

    calls = [m["tool_calls"][0] for m in messages if m.get("tool_calls")]
    sent = calls[0]["function"]["arguments"]
    assert sent.endswith('…[cut]"}') and GITHUB[:8] not in sent
    assert json.loads(sent) == {"token": "[REDACTED:github_tok…[cut]"}


def test_compaction_summary_requests_carry_no_head_of_a_token(
    workspace: Path, cli, llm_server
) -> None:
    write_model_config(
        workspace,
        llm_server,
        compaction={"keep_messages": 2, "keep_tokens": 0, "flush_before_compact": False} | TRUNCATE,
    )
    arguments = json.dumps({"stdin": f"{GITHUB}\n", "cmd": "gh auth login --with-token"})
    write_log(workspace, "t1", tool_turn("c1", "ok", arguments) + tool_turn("c2", "ok"))
    llm_server.default = lambda request: "a summary"

    assert cli("-w", workspace, "compact", "t1", "--force").exit_code == 0

    sent = json.dumps(llm_server.requests)
    assert llm_server.requests and GITHUB[:8] not in sent


# --------------------------------------------------------------------------- name, parts


def test_a_name_and_non_text_parts_are_redacted(workspace: Path, cli) -> None:
    key = "sk-proj-" + "N4m3" * 8
    url = "https://admin:hunter2pw@img.example.com/a.png?access_token=abcd1234efgh"
    write_log(
        workspace,
        "t1",
        [
            {"role": "user", "name": key, "content": "who am I?"},
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "look at this"},
                    {"type": "image_url", "image_url": {"url": url, "detail": "low"}},
                ],
            },
        ],
    )

    messages = context(cli, workspace)["messages"]

    text = json.dumps(messages)
    assert key not in text and "hunter2pw" not in text and "abcd1234efgh" not in text
    assert messages[-2]["name"] == "[REDACTED:openai_key]"
    assert messages[-1]["content"][1] == {
        "type": "image_url",
        "image_url": {
            "url": "https://admin:[REDACTED:url_password]@img.example.com/a.png"
            "?access_token=[REDACTED:secret]",
            "detail": "low",
        },
    }
