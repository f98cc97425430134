"""Failing models, stage by stage: every command that calls a model, every way it fails.

Each case runs the real command against the loopback server through real litellm,
queues one failure per attempt `max_retries` allows and then a good answer that must
never be used, and checks: the requests the server saw (the retries as configured),
exit 1, one line on stderr that says what went wrong, nothing on stdout (no litellm
banner), and every file of the workspace, watermarks included, as it was.

"Truncated" means three things here: a body cut in the middle of its JSON (with a
matching Content-Length), a connection that closes half-way through the body, and a
well-formed answer that stopped at the output limit (`finish_reason: length`), which
must not become a MEMORY.md, a ledger block or a summary that ends mid-sentence.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from tests.support.helpers import is_cache, is_lock, refused_port
from tests.support.llm_server import TEST_MODEL, LLMServer, write_model_config

TIMEOUT = 0.3
"""The model timeout of the "timeout" cases, short so they end quickly."""
PATIENT = 30
"""Every other case's: a loaded machine that answers a 429 late must not turn it into a
timeout, which would make the error line name the wrong failure."""
RETRY_AFTER = 0.2
MAX_TOKENS = 50
"""consolidation_max_tokens: a budget of 200 chars, so "far over" is easy to send."""

CHAT = [
    {"role": "user", "content": "We decided to move the ledger service to Postgres 16."},
    {"role": "assistant", "content": "Understood, the ledger service moves to Postgres 16."},
    {"role": "user", "content": "The on-call rotation changes every Monday."},
    {"role": "assistant", "content": "Noted: the rotation changes on Mondays."},
    {"role": "user", "content": "Releases go out on Tuesdays after the review."},
    {"role": "assistant", "content": "Releases on Tuesdays, after the review."},
]


# In-process runs here, so the pause between attempts is shortened (`short_backoff`).
pytestmark = pytest.mark.usefixtures("short_backoff")


def files(root: Path, stage: str = "") -> dict[str, Any]:
    """Every file's bytes (state.json parsed), less the empty lock files a run leaves
    behind by design and the caches (index, parsed memctl.yaml). For `maintain`, its archive step ran, found nothing to move and
    said so in `runs.archive`: that one time stamp may change, nothing else."""
    found: dict[str, Any] = {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and not is_lock(p) and not is_cache(p)
    }
    state = found.pop(".memctl/state.json", None)
    if state is not None:
        document = json.loads(state)
        if stage == "maintain":
            document.get("runs", {}).pop("archive", None)
        found["state"] = document
    return found


# --------------------------------------------------------------------------- stages


def write_thread(root: Path) -> None:
    path = root / "threads" / "t1.jsonl"
    path.write_text("".join(json.dumps(m) + "\n" for m in CHAT), encoding="utf-8")


def write_daily(root: Path) -> None:
    (root / "MEMORY.md").write_text("# Memory\n\n- The build server is called ochre.\n")
    today = root / "memory" / f"{datetime.now(UTC).date()}.md"
    today.write_text("## Memory Flush — now\n\n- Releases go out on Tuesdays.\n")


def write_daily_archived_before(root: Path) -> None:
    """maintain's archive step always records its run; give it one to overwrite."""
    write_daily(root)
    state = {"version": 1, "runs": {"archive": "2000-01-01T00:00:00+00:00"}}
    (root / ".memctl").mkdir(exist_ok=True)
    (root / ".memctl" / "state.json").write_text(json.dumps(state))


@dataclass(frozen=True)
class Stage:
    args: tuple[str, ...]
    prepare: Callable[[Path], None]


STAGES = {
    "flush": Stage(("flush",), write_thread),
    "consolidate": Stage(("consolidate",), write_daily),
    "compact": Stage(("compact", "t1", "--force"), write_thread),
    "call": Stage(("call", "--new", "t1", "What did we decide about the database?"), write_thread),
    # As cron runs it: quiet, so the archive line does not precede the error.
    "maintain": Stage(("-q", "maintain"), write_daily_archived_before),
}
CONSOLIDATING = ("consolidate", "maintain")


def prepare(root: Path, server: LLMServer, stage: str, retries: int, **model: Any) -> None:
    write_model_config(
        root,
        server,
        timezone="UTC",
        model={"max_retries": retries, "timeout": f"{PATIENT}s", **model},
        memory={"consolidation_max_tokens": MAX_TOKENS},
        compaction={"keep_messages": 2, "keep_tokens": 0, "flush_before_compact": False},
    )
    STAGES[stage].prepare(root)


# --------------------------------------------------------------------------- failures


@dataclass(frozen=True)
class Failure:
    queue: Callable[[LLMServer], None]
    """Queues the answer to one attempt."""
    says: str
    """What the error line must say."""
    retried: bool = True
    """False: an answer memctl does not ask again for (the stage rejects its content)."""


FAILURES = {
    "http_500": Failure(lambda s: s.fail(500, "upstream on fire", retry_after=0.01), "HTTP 500"),
    "http_429": Failure(
        lambda s: s.fail(429, "slow down", retry_after=RETRY_AFTER), "HTTP 429: slow down"
    ),
    "timeout": Failure(lambda s: s.slow(30, "too late"), f"no answer within {TIMEOUT:g}s"),
    "non_json": Failure(LLMServer.garbage, "the answer is not a chat completion"),
    "empty": Failure(LLMServer.empty, "the answer is empty"),
    "json_cut": Failure(LLMServer.truncated, "its JSON body is cut off or malformed"),
    "transfer_cut": Failure(LLMServer.dropped, "was cut off in transfer"),
    "length": Failure(
        lambda s: s.reply("- The team decided to move the", finish_reason="length"),
        "cut off at the output token limit (finish_reason length)",
    ),
}
GOOD_ANSWER = "# Memory\n\n- A good answer that must never be used."


def run_failing(cli, root: Path, server: LLMServer, stage: str, attempts: int, queue) -> Any:
    """Queue `attempts` failures and one good answer, run the stage, check the basics."""
    for _ in range(attempts):
        queue(server)
    server.reply(GOOD_ANSWER)
    before = files(root, stage)
    started = time.monotonic()
    result = cli("-w", root, *STAGES[stage].args)
    elapsed = time.monotonic() - started
    assert result.exit_code == 1, (result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("memctl: error: ")
    assert f"model {TEST_MODEL}" in lines[0]
    assert "Traceback" not in result.stderr and "litellm." not in result.stderr
    assert files(root, stage) == before
    assert server.pending == 1, "the good answer after the retries was used"
    return result, elapsed


@pytest.mark.parametrize("failure", FAILURES)
@pytest.mark.parametrize("stage", STAGES)
def test_a_failing_model_is_retried_then_one_line_and_nothing_changed(
    cli, workspace: Path, llm_server, stage: str, failure: str
):
    mode = FAILURES[failure]
    short = {"timeout": f"{TIMEOUT}s"} if failure == "timeout" else {}
    prepare(workspace, llm_server, stage, retries=1, **short)

    result, elapsed = run_failing(cli, workspace, llm_server, stage, 2, mode.queue)

    assert mode.says in result.stderr
    assert len(llm_server.requests) == 2
    if failure == "http_429":
        assert elapsed >= RETRY_AFTER  # the Retry-After was honoured


@pytest.mark.parametrize("retries", [0, 2])
@pytest.mark.parametrize("stage", STAGES)
def test_max_retries_is_the_number_of_extra_requests(
    cli, workspace: Path, llm_server, stage: str, retries: int
):
    prepare(workspace, llm_server, stage, retries=retries)

    run_failing(cli, workspace, llm_server, stage, retries + 1, FAILURES["non_json"].queue)

    assert len(llm_server.requests) == retries + 1


@pytest.mark.parametrize("stage", STAGES)
def test_connection_refused_names_the_address(cli, workspace: Path, llm_server, stage: str):
    with refused_port() as port:
        base = f"http://127.0.0.1:{port}/v1"
        prepare(workspace, llm_server, stage, retries=0, api_base=base)

        result, _ = run_failing(cli, workspace, llm_server, stage, 0, lambda s: None)

    assert f"cannot connect to {base}: Connection refused" in result.stderr
    assert llm_server.requests == []


@pytest.mark.parametrize("stage", STAGES)
@pytest.mark.parametrize("value", [None, "", "  "])
def test_a_missing_api_key_is_a_setup_error_found_before_any_request(
    cli, workspace: Path, llm_server, stage: str, monkeypatch, value: str | None
):
    """An empty or blank variable is no key either (audit 12 #2: `OPENAI_API_KEY=` went
    on to three requests and exit 1)."""
    prepare(workspace, llm_server, stage, retries=2)
    if value is None:
        monkeypatch.delenv("MEMCTL_TEST_KEY")
    else:
        monkeypatch.setenv("MEMCTL_TEST_KEY", value)
    before = files(workspace, stage)

    result = cli("-w", workspace, *STAGES[stage].args)

    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    message = (
        f"model {TEST_MODEL}: the environment variable MEMCTL_TEST_KEY (api_key_env) is not set"
    )
    # maintain, off a terminal (cron), stamps its error with the local time; no one else
    stamp = r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4} " if stage == "maintain" else ""
    [line] = result.stderr.splitlines()
    assert re.fullmatch(f"memctl: error: {stamp}{re.escape(message)}", line), line
    assert llm_server.requests == []
    assert files(workspace, stage) == before


@pytest.mark.parametrize("stage", CONSOLIDATING)
@pytest.mark.parametrize(
    ("answer", "says"),
    [
        ("- fact " * 100, "more than twice the budget of 200"),
        ("NO_REPLY", "consolidation answer is empty"),
        ("I'm sorry, I can't help with that.", "is not a memory document"),
    ],
)
def test_an_unusable_consolidation_never_replaces_memory(
    cli, workspace: Path, llm_server, stage: str, answer: str, says: str
):
    prepare(workspace, llm_server, stage, retries=1)

    result, _ = run_failing(cli, workspace, llm_server, stage, 1, lambda s: s.reply(answer))

    assert says in result.stderr
    assert "MEMORY.md left as it was" in result.stderr
    assert len(llm_server.requests) == 1  # a well-formed answer is not asked for again


@pytest.mark.parametrize(
    ("stage", "says"),
    # A summary over its budget is asked for again and cut: tests/models/test_providers.py
    [("flush", "chars of conversation it was asked about; nothing written")],
)
def test_an_answer_far_over_budget_is_never_written(
    cli, workspace: Path, llm_server, stage: str, says: str
):
    """200,000 chars for six short messages: not facts, not a summary."""
    prepare(workspace, llm_server, stage, retries=1)

    result, _ = run_failing(
        cli, workspace, llm_server, stage, 1, lambda s: s.reply("- The team decided. " * 10_000)
    )

    assert says in result.stderr
    assert len(llm_server.requests) == 1  # a well-formed answer is not asked for again


def test_json_output_carries_the_error(cli, workspace: Path, llm_server):
    prepare(workspace, llm_server, "consolidate", retries=0)
    llm_server.fail(500, "upstream on fire")
    before = files(workspace)

    result = cli("-w", workspace, "--json", "consolidate")

    assert result.exit_code == 1
    document = json.loads(result.stdout)
    assert document["exit_code"] == 1
    assert document["error"] == f"model {TEST_MODEL}: HTTP 500: upstream on fire"
    assert files(workspace) == before


def test_the_next_run_after_a_failure_succeeds(cli, workspace: Path, llm_server):
    """Nothing was consumed by the failure: the same backlog is sent again, whole."""
    prepare(workspace, llm_server, "flush", retries=0)
    llm_server.empty()
    assert cli("-w", workspace, "flush").exit_code == 1
    llm_server.reply("- The ledger service moves to Postgres 16.")

    result = cli("-w", workspace, "flush")

    assert result.exit_code == 0, result.stderr
    first, second = (r["messages"][1]["content"] for r in llm_server.requests)
    assert first == second
    ledger = (workspace / "memory" / f"{datetime.now(UTC).date()}.md").read_text()
    assert "- The ledger service moves to Postgres 16." in ledger


@pytest.mark.slow
def test_the_installed_command_prints_one_line_and_no_banner(workspace: Path, llm_server):
    """Out of process, so litellm's own prints (its "Give Feedback" banner) would show."""
    prepare(workspace, llm_server, "flush", retries=0)
    llm_server.fail(500, "upstream on fire")
    before = files(workspace)
    memctl = Path(sys.executable).with_name("memctl")

    done = subprocess.run(
        [str(memctl), "-w", str(workspace), "flush"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )

    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == (
        f"memctl: error: thread t1: model {TEST_MODEL}: HTTP 500: upstream on fire\n"
    )
    assert files(workspace) == before
