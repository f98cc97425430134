"""builtin's compaction summary of a working conversation that states no durable fact.

The extractive summary keeps sentences with durable signals (decisions, dates, names).
A coding session ("refactor this", "now add jitter") may have none, and the summary
replaces the prefix it covers: it must still say what the task was and what was asked
last, not be its header line alone.
"""

from __future__ import annotations

from pathlib import Path

from memctl.models.builtin import SUMMARY_HEADER
from tests.support.helpers import read_log, write_log

TASK = "Can you help me refactor the payment retry loop in checkout/retry.py? It is hard to follow."
LATEST = "Now add jitter to the delay so that the clients spread out their retries."
SESSION = [
    {"role": "user", "content": TASK},
    {
        "role": "assistant",
        "content": "Sure. The loop mixes the backoff computation with the HTTP call. "
        "I suggest extracting a helper that computes the delay.",
    },
    {"role": "user", "content": "Okay, go ahead and extract it."},
    {
        "role": "assistant",
        "content": "Done: compute_delay(attempt) now returns the delay and the loop calls it. "
        "The tests in test_retry.py pass.",
    },
    {"role": "user", "content": LATEST},
    {
        "role": "assistant",
        "content": "Added full jitter: the delay is a random value between zero and the cap.",
    },
    {"role": "user", "content": "Looks good. Run the whole suite once more."},
    {"role": "assistant", "content": "All 212 tests pass."},
]


def test_a_session_without_signals_keeps_its_task_and_latest_request(workspace: Path, cli):
    (workspace / "memctl.yaml").write_text(
        "compaction:\n  keep_messages: 2\n  flush_before_compact: false\n", encoding="utf-8"
    )
    write_log(workspace, "t1", SESSION)

    result = cli("-w", workspace, "compact", "t1", "--force")

    assert result.exit_code == 0, result.stderr
    summary = read_log(workspace, "t1")[-1]["summary"]
    lines = summary.splitlines()
    assert lines[0] == SUMMARY_HEADER
    assert f"[user] {TASK}" in lines
    assert f"[user] {LATEST}" in lines
    assert "Okay, go ahead" not in summary  # a middle request with no signal stays out


def test_an_earlier_summary_carries_the_task_so_only_the_latest_request_is_added(
    workspace: Path, cli
):
    (workspace / "memctl.yaml").write_text(
        "compaction:\n  keep_messages: 2\n  flush_before_compact: false\n", encoding="utf-8"
    )
    write_log(workspace, "t1", SESSION[:4])
    assert cli("-w", workspace, "compact", "t1", "--force").exit_code == 0
    write_log(workspace, "t1", [*read_log(workspace, "t1"), *SESSION[4:]])

    assert cli("-w", workspace, "compact", "t1", "--force").exit_code == 0

    summary = read_log(workspace, "t1")[-1]["summary"]
    assert f"Earlier: [user] {TASK}" in summary.splitlines()
    assert summary.count(TASK) == 1
    assert f"[user] {LATEST}" in summary.splitlines()
