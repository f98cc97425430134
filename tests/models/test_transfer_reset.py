"""A connection reset in the middle of an answer, through real litellm.

A proxy or load balancer that gives up mid-answer resets the connection (RST) rather
than closing it (FIN). The client then sees ECONNRESET, the errno a refused or
unreachable server also gives, but the request got through: the error line must say
the answer was cut off, not that the server cannot be reached.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.llm_server import LLMServer, write_model_config

pytestmark = pytest.mark.usefixtures("short_backoff")


def test_a_reset_mid_answer_is_a_cut_transfer_not_a_failed_connection(
    cli, workspace: Path, llm_server: LLMServer
):
    write_model_config(workspace, llm_server, model={"max_retries": 1})
    llm_server.reset()
    llm_server.reset()
    llm_server.reply("An answer that must never be used.")

    result = cli("-w", workspace, "call", "--new", "t1", "What did we decide?")

    assert result.exit_code == 1, (result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("memctl: error: ")
    assert f"the answer from {llm_server.url} was cut off in transfer" in lines[0]
    assert "reset" in lines[0].lower()
    assert "cannot connect" not in lines[0]
    assert "(2 attempts)" in lines[0]
    assert llm_server.pending == 1
