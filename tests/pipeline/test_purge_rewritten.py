"""A purge of a secret holding a pronoun inside a token (audit 14 defect 1): flush keeps
the token as typed, so the purge finds every copy; and in a workspace an older flush wrote
("blue-me-42" as "blue-the user-42"), the purge of the secret as typed finds that copy too,
forgets and masks it, rather than saying "forgot 0 facts" with most of the secret left in
MEMORY.md, the ledger, SessionStart and the exports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.helpers import snapshot


def scan(root: Path, text: str) -> list[str]:
    """Every file under `root` whose bytes hold `text`, any case (`grep -rail`)."""
    needle = text.lower().encode()
    return sorted(
        str(path.relative_to(root))
        for path in root.rglob("*")
        if path.is_file() and needle in path.read_bytes().lower()
    )


def said(cli, root: Path, *turns: tuple[str | None, str]) -> None:
    talk = "".join(
        json.dumps({"role": "user", "content": text, **({"name": name} if name else {})}) + "\n"
        for name, text in turns
    )
    assert cli("-w", root, "thread", "append", "t1", input=talk).exit_code == 0


def session_start(cli, root: Path) -> str:
    event = json.dumps({"hook_event_name": "SessionStart", "source": "startup"})
    return cli("-w", root, "hook", "claude-code", input=event).stdout


def test_the_reports_reproduction_keeps_the_token_and_the_purge_finds_every_copy(
    cli, workspace: Path, tmp_path: Path
) -> None:
    said(cli, workspace, (None, "The wifi code is blue-me-42."), (None, "Dana leads payments."))
    assert cli("-w", workspace, "flush").exit_code == 0
    assert cli("-w", workspace, "consolidate").exit_code == 0
    assert "- The wifi code is blue-me-42." in (workspace / "MEMORY.md").read_text()
    target = tmp_path / "AGENTS.md"
    assert cli("-w", workspace, "export", "--agents-md", target).exit_code == 0

    run = cli("-w", workspace, "forget", "blue-me-42", "--purge")

    assert run.exit_code == 0, run.stderr
    assert "forgot 1 fact" in run.stderr
    assert scan(workspace, "blue-") == [] and "blue-" not in target.read_text()
    assert "blue-" not in session_start(cli, workspace)
    assert "Dana leads payments." in target.read_text()


HEADINGS = {
    "older": "## Memory Flush — 2026-01-05T10:00:00+00:00 · thread {} · entries 0-3 · builtin",
    "shorter": "## 10:00:00Z · {} · 0-3 · builtin",
}
"""A flush heading as memctl wrote it before issue 25 item 1 and after: the speakers
whose names a rewritten copy may hold are the thread's its heading names."""


def ledger(root: Path, *facts: str, thread: str = "t1", form: str = "older") -> None:
    (root / "memory" / "2026-01-05.md").write_text(
        HEADINGS[form].format(thread) + "\n\n" + "".join(f"- {fact}\n" for fact in facts)
    )


@pytest.mark.parametrize("form", HEADINGS)
def test_a_purge_finds_the_copy_an_older_flush_rewrote(
    cli, workspace: Path, tmp_path: Path, form: str
) -> None:
    """What flush wrote before the fix (the ledger), merged into MEMORY.md and exported:
    the purge as typed forgets that fact and masks every copy, and no other fact."""
    said(
        cli,
        workspace,
        (None, "The wifi code is blue-me-42."),
        (None, "The token is qq-purge-me-9x7."),
        ("Dana", "The locker code is my-door-77."),
        (None, "The garage code is blue-green-42."),
    )
    ledger(
        workspace,
        "The wifi code is blue-the user-42.",
        "The token is qq-purge-the user-9x7.",
        "The locker code is Dana's-door-77.",
        "The garage code is blue-green-42.",
        form=form,
    )
    assert cli("-w", workspace, "consolidate").exit_code == 0
    target = tmp_path / "AGENTS.md"
    assert cli("-w", workspace, "export", "--agents-md", target).exit_code == 0
    assert "qq-purge-the user-9x7" in session_start(cli, workspace)

    dry = cli("-w", workspace, "--json", "forget", "blue-me-42", "--purge", "--dry-run", "--all")
    assert json.loads(dry.stdout)["facts"] == ["The wifi code is blue-the user-42."]
    runs = [
        cli("-w", workspace, "forget", secret, "--purge", "--all")
        for secret in ("blue-me-42", "qq-purge-me-9x7", "my-door-77")
    ]

    for run, fact in zip(
        runs,
        [
            "The wifi code is blue-the user-42.",
            "The token is qq-purge-the user-9x7.",
            "The locker code is Dana's-door-77.",
        ],
        strict=True,
    ):
        assert run.exit_code == 0, run.stderr
        assert "forgot 1 fact" in run.stderr and fact in run.stderr
    for copy in ("the user-42", "the user-9x7", "door-77", "blue-me", "purge-me"):
        assert scan(workspace, copy) == [], copy
        assert copy not in target.read_text().casefold()
        assert copy not in session_start(cli, workspace).casefold()
    assert "- The garage code is blue-green-42." in (workspace / "MEMORY.md").read_text()
    assert "blue-green-42" in target.read_text()


def test_a_query_with_no_pronoun_inside_a_token_matches_as_typed(cli, workspace: Path) -> None:
    """A query "blue-me-42" is no purge of "blue-green-42", which holds no pronoun."""
    said(cli, workspace, (None, "The garage code is blue-green-42."))
    ledger(workspace, "The garage code is blue-green-42.")

    run = cli("-w", workspace, "forget", "blue-me-42", "--purge")

    assert run.exit_code == 1
    assert "blue-green-42" in (workspace / "memory" / "2026-01-05.md").read_text()


def test_a_fact_found_only_as_rewritten_needs_all_and_is_listed(cli, workspace: Path) -> None:
    """Review 21 finding 7's reproduction: Dana speaks in the thread, and her own fact
    "Dana's on-call login is dana@prod-3." is what an older flush would have written for
    "my on-call login is me@prod-3" said by Dana. Another person's fact, maybe: the purge
    lists it and asks for --all (exit 2), writing nothing."""
    said(cli, workspace, ("Dana", "I am on call this week."), (None, "Omar runs db3."))
    ledger(workspace, "Dana's on-call login is dana@prod-3.", "Omar runs the db3 cluster.")
    before = snapshot(workspace, locks=False)

    for extra in ((), ("--dry-run",)):
        run = cli("-w", workspace, "forget", "me@prod-3", "--purge", *extra)

        assert run.exit_code == 2, run.stderr
        assert "- Dana's on-call login is dana@prod-3." in run.stderr
        assert "only as an older flush rewrote it" in run.stderr and "--all" in run.stderr
        assert snapshot(workspace, locks=False) == before

    run = cli("-w", workspace, "forget", "me@prod-3", "--purge", "--all")

    assert run.exit_code == 0, run.stderr
    assert "forgot 1 fact" in run.stderr
    assert scan(workspace, "prod-3") == []
    assert "Omar runs the db3 cluster." in (workspace / "memory" / "2026-01-05.md").read_text()


def tool_turns(name: str) -> str:
    """A tool call named `name` and its result, as a thread log holds them."""
    call = {"id": "c1", "type": "function", "function": {"name": name, "arguments": "{}"}}
    return (
        json.dumps({"role": "assistant", "content": "", "tool_calls": [call]})
        + "\n"
        + json.dumps({"role": "tool", "tool_call_id": "c1", "name": name, "content": "ok"})
        + "\n"
    )


@pytest.mark.parametrize("where", ["another thread", "a tool"])
def test_a_name_the_blocks_thread_gives_no_speaker_is_no_rewrite(
    cli, workspace: Path, where: str
) -> None:
    """The name slot takes the speakers of the block's own thread only: not a speaker
    of another thread, nor a tool's name (`tool_calls`, a tool result)."""
    said(cli, workspace, (None, "Omar runs db3."))
    if where == "a tool":
        talk = tool_turns("dana")
        assert cli("-w", workspace, "thread", "append", "t1", input=talk).exit_code == 0
    else:
        talk = json.dumps({"role": "user", "name": "Dana", "content": "Hello."}) + "\n"
        assert cli("-w", workspace, "thread", "append", "t2", input=talk).exit_code == 0
    ledger(workspace, "Dana's on-call login is dana@prod-3.", "Omar runs the db3 cluster.")

    run = cli("-w", workspace, "forget", "me@prod-3", "--purge", "--all")

    assert run.exit_code == 1, run.stderr
    assert "nothing in the workspace contains" in run.stderr
    assert "dana@prod-3" in (workspace / "memory" / "2026-01-05.md").read_text()


@pytest.mark.parametrize("form", HEADINGS)
def test_a_renamed_threads_speakers_are_read_from_its_log_now(
    cli, workspace: Path, form: str
) -> None:
    """The heading names the thread by the id it had when it was flushed; after `thread
    rename` its log (and so its speakers) is under the new id (`forgotten.thread_now`).
    Read under the old id, Dana was no speaker of the block and the purge said nothing
    held the secret, leaving her rewritten copy in the ledger."""
    said(cli, workspace, ("Dana", "I am on call this week."), (None, "Omar runs db3."))
    ledger(workspace, "Dana's on-call login is dana@prod-3.", form=form)
    renamed = cli("-w", workspace, "thread", "rename", "t1", "oncall")
    assert renamed.exit_code == 0, renamed.stderr

    run = cli("-w", workspace, "forget", "me@prod-3", "--purge", "--all")

    assert run.exit_code == 0, run.stderr
    assert "forgot 1 fact" in run.stderr
    assert scan(workspace, "prod-3") == []
