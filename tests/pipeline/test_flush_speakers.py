"""Flush knows when and by whom things were said: the request, the ledger, the heading."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import yaml

from tests.support.conversations import CONVERSATION
from tests.support.llm_server import write_model_config


def setup(root: Path) -> None:
    (root / "memctl.yaml").write_text(yaml.safe_dump({"timezone": "UTC"}))


def append(cli, root: Path, thread: str, messages: list[dict[str, Any]]) -> None:
    payload = "".join(json.dumps(m) + "\n" for m in messages)
    run = cli("-w", root, "thread", "append", thread, "-", input=payload)
    assert run.exit_code == 0, run.stderr


def requested(cli, root: Path) -> list[str]:
    """The messages a flush would send, as `flush --dry-run --show-requests` shows them
    ("[USER Priya]: ...")."""
    shown = cli("-w", root, "flush", "--dry-run", "--show-requests")
    assert shown.exit_code == 0, shown.stderr
    return [
        line.split("] ", 1)[1]
        for line in (shown.stdout + shown.stderr).splitlines()
        if "]: " in line
    ]


def ledger_text(root: Path) -> str:
    return (root / "memory" / f"{datetime.now(UTC).date()}.md").read_text()


def test_the_request_carries_each_message_s_time_and_speaker(cli, workspace, llm_server) -> None:
    setup(workspace)
    write_model_config(workspace, llm_server)
    append(cli, workspace, "chat", CONVERSATION)
    llm_server.reply("- Caroline went to an LGBTQ support group on 2023-05-07.")
    run = cli("-w", workspace, "flush")
    assert run.exit_code == 0, run.stderr
    (request,) = llm_server.requests
    system, user = request["messages"]
    assert "Resolve relative dates" in system["content"]
    # The date once, as builtin writes it: the block heading says when it was said.
    assert 'is "on 2023-05-07"' in system["content"]
    assert "yesterday, said" not in system["content"]
    assert "Name who each fact is about" in system["content"]
    conversation = user["content"].split("entries 0-3):\n")[1].splitlines()
    assert conversation == [
        "[2023-05-08 13:56] [USER Caroline]: I went to an LGBTQ support group yesterday "
        "and it was so powerful.",
        "[13:58] [ASSISTANT Melanie]: Wow, that's great! I'm swamped with the kids & work.",
        "[2023-05-20 09:01] [USER Caroline]: Next month I'm going to start a counseling course.",
        "[09:05] [ASSISTANT Melanie]: I painted a sunrise last week, my first painting this year.",
    ]


def test_the_heading_keeps_the_flush_time_and_adds_the_span(cli, workspace, llm_server) -> None:
    setup(workspace)
    write_model_config(workspace, llm_server)
    append(cli, workspace, "chat", CONVERSATION)
    llm_server.reply("- Caroline went to an LGBTQ support group on 2023-05-07.")
    assert cli("-w", workspace, "flush").exit_code == 0
    heading = ledger_text(workspace).splitlines()[0]
    assert re.fullmatch(
        r"## \d\d:\d\d:\d\dZ · chat · 0-3 · "
        r"openai:test-model · said 2023-05-08 to 2023-05-20T09:05:00Z",
        heading,
    ), heading


def test_a_log_without_timestamps_is_rendered_and_headed_as_before(
    cli, workspace, llm_server
) -> None:
    """`thread append` stamps messages that come without `ts`; a log written by other
    means may have none, and then flush sends and writes what it always did."""
    setup(workspace)
    write_model_config(workspace, llm_server)
    plain = [{k: v for k, v in m.items() if k not in ("ts", "name")} for m in CONVERSATION[:2]]
    (workspace / "threads" / "plain.jsonl").write_text("".join(json.dumps(m) + "\n" for m in plain))
    llm_server.reply("- Someone went to a support group.")
    assert cli("-w", workspace, "flush").exit_code == 0
    user = llm_server.requests[0]["messages"][1]["content"]
    assert user.split("entries 0-1):\n")[1].splitlines() == [
        "[USER]: I went to an LGBTQ support group yesterday and it was so powerful.",
        # Melanie is a name nowhere else in these two messages: her `Melanie:` reads as
        # a label would ("Noted: ..."), and the model is shown it as written.
        "[ASSISTANT]: Melanie: Wow, that's great! I'm swamped with the kids & work.",
    ]
    heading = ledger_text(workspace).splitlines()[0]
    assert heading.endswith(" · plain · 0-1 · openai:test-model"), heading


def test_a_conversation_of_today_gets_no_span(cli, workspace, llm_server) -> None:
    setup(workspace)
    write_model_config(workspace, llm_server)
    today = [{k: v for k, v in m.items() if k != "ts"} for m in CONVERSATION]
    append(cli, workspace, "chat", today)
    llm_server.reply("- Caroline went to a support group.")
    assert cli("-w", workspace, "flush").exit_code == 0
    heading = next(line for line in ledger_text(workspace).splitlines() if line.startswith("## "))
    # Said today: no day in the heading; at most the last message's clock time, when the
    # flush ran a second or more after it (CI at 172fe04 flushed a second later).
    assert re.fullmatch(r"## \S+ · chat · \S+ · \S+(?: · said \d\d:\d\d:\d\dZ)?", heading), heading


def test_a_label_is_not_taken_for_a_speaker(cli, workspace, llm_server) -> None:
    setup(workspace)
    write_model_config(workspace, llm_server)
    append(cli, workspace, "chat", [{"role": "user", "content": "Remember: deploys are Tuesdays."}])
    llm_server.reply("NO_REPLY")
    assert cli("-w", workspace, "flush").exit_code == 0
    user = llm_server.requests[0]["messages"][1]["content"]
    assert re.search(r"\] \[USER\]: Remember: deploys are Tuesdays\.$", user), user


def test_a_leading_word_is_a_speaker_only_where_the_conversation_names_it(
    cli, workspace, llm_server
) -> None:
    """audit 5, finding 6: "Noted:", "Confirmed:", "Root:" opening an assistant's
    message were shown as its speaker (`[ASSISTANT Noted]:`), and `explain` said
    `(assistant Noted, ...)`. A prefix is a speaker where the conversation or memory
    uses it as a name elsewhere, as consolidation reads one, and never in capitals."""
    setup(workspace)
    write_model_config(workspace, llm_server)
    labels = [
        {"role": "assistant", "content": f"{word}: the cache TTL is 300 seconds on api-gw."}
        for word in ("Noted", "Confirmed", "Root", "QA")
    ]
    named = [
        {"role": "user", "content": "Dana: the gateway moved to eu-west-1."},
        {"role": "user", "content": "Thanks, ask Dana about the VPN."},
        {"role": "user", "content": "QA: the suite runs nightly, ask QA."},
    ]
    append(cli, workspace, "chat", labels + named)
    llm_server.reply("- The cache TTL is 300 seconds on api-gw.")
    assert cli("-w", workspace, "flush").exit_code == 0
    user = llm_server.requests[0]["messages"][1]["content"]
    lines = [line.split("] ", 1)[1] for line in user.split("entries 0-6):\n")[1].splitlines()]
    assert lines == [
        "[ASSISTANT]: Noted: the cache TTL is 300 seconds on api-gw.",
        "[ASSISTANT]: Confirmed: the cache TTL is 300 seconds on api-gw.",
        "[ASSISTANT]: Root: the cache TTL is 300 seconds on api-gw.",
        "[ASSISTANT]: QA: the cache TTL is 300 seconds on api-gw.",
        "[USER Dana]: the gateway moved to eu-west-1.",
        "[USER]: Thanks, ask Dana about the VPN.",
        "[USER]: QA: the suite runs nightly, ask QA.",
    ]


def test_explain_names_no_label_as_the_speaker(cli, workspace) -> None:
    setup(workspace)
    line = {"role": "assistant", "content": "Noted: the cache TTL is 300 seconds on api-gw."}
    append(cli, workspace, "chat", [line])
    assert cli("-w", workspace, "flush").exit_code == 0
    assert cli("-w", workspace, "consolidate").exit_code == 0

    explained = cli("-w", workspace, "explain", "cache TTL")

    assert explained.exit_code == 0, explained.stderr
    assert "thread chat entry 0 (assistant, " in explained.stdout, explained.stdout


def test_name_is_kept_through_thread_append_and_shown_in_context(cli, workspace) -> None:
    setup(workspace)
    append(cli, workspace, "chat", CONVERSATION)
    logged = [json.loads(line) for line in (workspace / "threads" / "chat.jsonl").open()]
    assert [m.get("name") for m in logged] == ["Caroline", None, "Caroline", "Melanie"]
    run = cli("-w", workspace, "context", "chat")
    assert run.exit_code == 0, run.stderr
    messages = json.loads(run.stdout)["messages"]
    assert [m.get("name") for m in messages[-4:]] == ["Caroline", None, "Caroline", "Melanie"]


GROUP_CHAT = [
    {
        "role": "user",
        "content": "Priya: morning all. I moved the staging database to db7 yesterday.",
    },
    {"role": "user", "content": "Marco: I prefer that we review PRs before noon."},
    {"role": "user", "content": "Jun Ho: I lead the mobile team now."},
    {"role": "user", "content": "Priya: I own the release checklist."},
    {"role": "user", "content": "Priya: thanks Marco, sounds good."},
]


def test_a_pasted_group_chat_keeps_its_speakers(cli, workspace) -> None:
    """audit 6, finding B: speakers written only as `Name:` prefixes of the user's
    messages, taking turns, are speakers though nothing else names them; after the
    label rule only Marco (addressed in "thanks Marco") was one, and MEMORY.md lost
    who moved the database and kept "Priya: thanks Marco, sounds good."."""
    setup(workspace)
    append(cli, workspace, "g", GROUP_CHAT)

    said = requested(cli, workspace)
    assert said == [
        "[USER Priya]: morning all. I moved the staging database to db7 yesterday.",
        "[USER Marco]: I prefer that we review PRs before noon.",
        "[USER Jun Ho]: I lead the mobile team now.",
        "[USER Priya]: I own the release checklist.",
        "[USER Priya]: thanks Marco, sounds good.",
    ]
    assert cli("-w", workspace, "flush").exit_code == 0
    assert cli("-w", workspace, "consolidate").exit_code == 0
    memory = (workspace / "MEMORY.md").read_text()
    facts = [line for line in memory.splitlines() if line.startswith("- ")]
    assert facts[0].startswith("- Priya moved the staging database to db7 on "), memory
    assert facts[1:] == [
        "- Marco prefers that we review PRs before noon.",
        "- Jun Ho leads the mobile team now.",
        "- Priya owns the release checklist.",
    ], memory
    explained = cli("-w", workspace, "explain", "release checklist")
    assert explained.exit_code == 0, explained.stderr
    assert "thread g entry 3 (user Priya, " in explained.stdout, explained.stdout


def test_a_label_that_recurs_on_the_assistant_s_replies_is_still_no_speaker(cli, workspace) -> None:
    """The group-chat turns are the user's messages: an assistant opening every reply
    with "Noted:" takes no turn, nor does one heading the user writes once, nor an
    enumeration ("Option A:", "Option B:", "Option C:")."""
    setup(workspace)
    messages = [
        {"role": "user", "content": "Background: the gateway moved to eu-west-1."},
        {"role": "assistant", "content": "Noted: the gateway is in eu-west-1."},
        {"role": "user", "content": "The cache TTL is 300 seconds."},
        {"role": "assistant", "content": "Noted: the cache TTL is 300 seconds."},
        {"role": "user", "content": "Option A: keep the TTL."},
        {"role": "user", "content": "Option B: halve it."},
        {"role": "user", "content": "Option C: drop the cache."},
    ]
    append(cli, workspace, "chat", messages)

    said = requested(cli, workspace)
    assert said == [
        "[USER]: Background: the gateway moved to eu-west-1.",
        "[ASSISTANT]: Noted: the gateway is in eu-west-1.",
        "[USER]: The cache TTL is 300 seconds.",
        "[ASSISTANT]: Noted: the cache TTL is 300 seconds.",
        "[USER]: Option A: keep the TTL.",
        "[USER]: Option B: halve it.",
        "[USER]: Option C: drop the cache.",
    ]
