"""Cost before and after: `--dry-run` prices the requests it would send from litellm's
offline price table without calling a model; `--json` on a real run reports the usage
and cost the provider's answer implies.

Prices are looked up independently here, in litellm's own table, so a wrong model
name, a dropped completion price or a cost left out of the JSON fails a test.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.support.conversations import LONG_THREAD
from tests.support.helpers import DANA, append
from tests.support.llm_server import write_model_config

PRICED = "openai:gpt-4.1-mini"
PRICE_TABLE_NAME = "gpt-4.1-mini"
UNPRICED = "openai:no-such-model-for-memctl"
COST = re.compile(r"est\. \$(\d+(?:\.\d+)?(?:e-\d+)?)")


def prices() -> tuple[float, float]:
    """(input, output) dollars a token for PRICED, read from litellm's offline table."""
    import litellm

    entry = litellm.model_cost[PRICE_TABLE_NAME]
    return entry["input_cost_per_token"], entry["output_cost_per_token"]


def price(prompt_tokens: int, completion_tokens: int = 0) -> float:
    per_input, per_output = prices()
    return prompt_tokens * per_input + completion_tokens * per_output


def configure(root: Path, model: Any, **extra: Any) -> None:
    document = {"model": model, "timezone": "UTC", **extra}
    (root / "memctl.yaml").write_text(yaml.safe_dump(document), encoding="utf-8")


def daily(root: Path, text: str, name: str = "2026-01-01.md") -> None:
    (root / "memory" / name).write_text(text, encoding="utf-8")


# --------------------------------------------------------------------------- before


def test_flush_dry_run_prices_each_request_without_a_key(cli, workspace, snapshot):
    """No API key is set: a real call would fail, so exit 0 proves none was made."""
    configure(workspace, PRICED)
    append(cli, workspace, "t1", DANA)
    before = snapshot(workspace)

    run = cli("-w", workspace, "flush", "--dry-run", "--show-requests")
    data = json.loads(cli("-w", workspace, "--json", "flush", "--dry-run").stdout)

    assert run.exit_code == 0, run.stderr
    (planned,) = data["threads"][0]["planned"]
    assert planned["estimated_cost"] == pytest.approx(price(planned["tokens"]))
    assert planned["estimated_cost"] > 0
    assert run.stdout.startswith(
        f"=== thread t1 · request 1/1 · log entries 0-3 · "
        f"~{planned['tokens']:,} input tokens · est. $"
    )
    assert "--- user\n" in run.stdout and "Postgres 16" in run.stdout
    shown = float(COST.search(run.stderr).group(1))
    assert shown == pytest.approx(planned["estimated_cost"], rel=0.05)
    assert data["usage"]["calls"] == 0
    assert snapshot(workspace) == before


def test_consolidate_dry_run_plans_the_request_without_calling_the_model(cli, workspace, snapshot):
    configure(workspace, PRICED)
    (workspace / "MEMORY.md").write_text("- Old fact.\n", encoding="utf-8")
    daily(workspace, "- Dana leads payments.\n- Deploys happen on Tuesdays.\n")
    before = snapshot(workspace)

    run = cli("-w", workspace, "consolidate", "--dry-run", "--show-requests")
    data = json.loads(cli("-w", workspace, "--json", "consolidate", "--dry-run").stdout)

    assert run.exit_code == 0, run.stderr
    assert snapshot(workspace) == before
    assert data["status"] == "dry_run" and data["usage"]["calls"] == 0
    (planned,) = data["planned"]
    assert planned["files"] == ["2026-01-01.md"]
    user = planned["messages"][1]["content"]
    assert "- Old fact." in user and "### 2026-01-01.md\n\n- Dana leads payments." in user
    expected = price(planned["prompt_tokens"], planned["completion_tokens"])
    assert planned["estimated_cost"] == pytest.approx(expected)
    assert data["estimated_cost"] == pytest.approx(expected)
    assert run.stdout.startswith("=== consolidate · request 1/1 · 2026-01-01.md · ~")
    assert "--- system\nYou maintain MEMORY.md" in run.stdout
    assert "no model call, nothing written" in run.stderr
    assert float(COST.search(run.stderr).group(1)) == pytest.approx(expected, rel=0.05)


def test_consolidate_dry_run_plans_every_pass_of_a_large_backlog(cli, workspace):
    """Later passes depend on the model's answer: they carry a placeholder MEMORY.md."""
    configure(
        workspace,
        {"name": "builtin", "context_window": 2000},
        memory={"consolidation_max_tokens": 300},
    )
    facts = [f"- Service {n:02d} is owned by team {n % 7}." for n in range(20)]
    for day in range(1, 4):
        daily(workspace, "\n".join(facts * 4) + "\n", f"2026-01-0{day}.md")

    data = json.loads(cli("-w", workspace, "--json", "consolidate", "--dry-run").stdout)

    assert len(data["planned"]) > 2
    assert data["estimated_cost"] == 0.0
    later = data["planned"][1]["messages"][1]["content"]
    assert "(the MEMORY.md merged by request 1)" in later
    assert all(p["prompt_tokens"] < 2000 for p in data["planned"])
    done = json.loads(cli("-w", workspace, "--json", "consolidate").stdout)
    assert done["passes"] > 2


def test_maintain_dry_run_shows_the_consolidation_request(cli, workspace, snapshot):
    configure(workspace, PRICED)
    daily(workspace, "- Deploys happen on Tuesdays.\n")
    before = snapshot(workspace)

    run = cli("-w", workspace, "maintain", "--dry-run")

    assert run.exit_code == 0, run.stderr
    assert "=== consolidate · request 1/1 · 2026-01-01.md" in run.stdout
    assert float(COST.search(run.stderr).group(1)) > 0
    assert snapshot(workspace) == before


def test_compact_dry_run_prices_the_summary(cli, workspace, snapshot):
    configure(workspace, PRICED, compaction={"keep_tokens": 0})
    append(cli, workspace, "build", LONG_THREAD)
    before = snapshot(workspace)

    run = cli("-w", workspace, "compact", "build", "--dry-run")
    data = json.loads(cli("-w", workspace, "--json", "compact", "build", "--dry-run").stdout)

    assert run.exit_code == 0, run.stderr
    assert data["status"] == "dry_run" and data["requests"] == 1
    assert data["estimated_cost"] > 0
    # The summary reads the 40 summarised messages, so it costs more than their tokens'
    # input price alone and no more than input plus a maximal answer would.
    assert data["estimated_cost"] > price(data["tokens_before"] - data["tokens_after"]) / 2
    assert f"summary requests: 1 to {PRICED}" in run.stdout
    assert re.search(r"estimated cost: \$0\.\d+", run.stdout)
    # ... and shows the request it prices, with its token count.
    (planned,) = data["planned"]
    assert planned["tokens"] > 0 and planned["messages"][0]["role"] == "system"
    assert f"=== summary request 1/1 · ~{planned['tokens']:,} input tokens" in run.stdout
    assert (
        "Step 0: the build cache for service 0 lives in bucket b-0."
        in (planned["messages"][1]["content"])
    )
    assert snapshot(workspace) == before


@pytest.mark.parametrize("command", [["flush"], ["consolidate"]])
def test_builtin_costs_nothing(cli, workspace, command):
    configure(workspace, "builtin")
    append(cli, workspace, "t1", DANA)
    daily(workspace, "- Dana leads payments.\n")

    run = cli("-w", workspace, *command, "--dry-run")

    assert run.exit_code == 0, run.stderr
    assert "est. $0 (builtin)" in run.stderr


@pytest.mark.parametrize("command", [["flush"], ["consolidate"]])
def test_a_model_without_a_price_says_so(cli, workspace, command):
    configure(workspace, UNPRICED)
    append(cli, workspace, "t1", DANA)
    daily(workspace, "- Dana leads payments.\n")

    run = cli("-w", workspace, *command, "--dry-run")
    document = json.loads(cli("-w", workspace, "--json", *command, "--dry-run").stdout)

    assert run.exit_code == 0, run.stderr
    assert "cost unknown (no price for this model)" in run.stderr
    planned = document["planned"] if "planned" in document else document["threads"][0]["planned"]
    assert planned[0]["estimated_cost"] is None


# --------------------------------------------------------------------------- after


@pytest.fixture
def priced_server(workspace: Path, llm_server) -> Any:
    """The loopback server under the name of a model litellm has a price for."""
    write_model_config(workspace, llm_server, model={"name": PRICED}, timezone="UTC")
    return llm_server


def usage_of(run) -> dict[str, Any]:
    assert run.exit_code == 0, run.stderr
    return json.loads(run.stdout)["usage"]


def test_json_of_real_runs_reports_usage_and_cost(cli, workspace, priced_server):
    append(cli, workspace, "t1", DANA)

    priced_server.reply("- Dana leads payments.", prompt_tokens=1000, completion_tokens=50)
    flushed = usage_of(cli("-w", workspace, "--json", "flush"))
    priced_server.reply("- Dana leads payments.", prompt_tokens=2000, completion_tokens=100)
    merged = usage_of(cli("-w", workspace, "--json", "consolidate"))
    priced_server.reply("Dana said hello.", prompt_tokens=300, completion_tokens=20)
    priced_server.reply("NO_REPLY", prompt_tokens=100, completion_tokens=1)  # per-call flush
    called = usage_of(cli("-w", workspace, "--json", "call", "--new", "t1", "Hello?"))

    assert flushed == {
        "calls": 1,
        "prompt_tokens": 1000,
        "completion_tokens": 50,
        "total_tokens": 1050,
        "cost_usd": pytest.approx(price(1000, 50)),
    }
    assert merged["cost_usd"] == pytest.approx(price(2000, 100))
    assert (called["calls"], called["prompt_tokens"], called["completion_tokens"]) == (2, 400, 21)
    assert called["cost_usd"] == pytest.approx(price(400, 21))
    assert priced_server.pending == 0


def test_json_of_a_real_compaction_reports_usage_and_cost(cli, workspace, priced_server):
    write_model_config(
        workspace,
        priced_server,
        model={"name": PRICED},
        compaction={"keep_tokens": 0, "flush_before_compact": False},
    )
    append(cli, workspace, "build", LONG_THREAD)
    priced_server.reply(
        "The build caches live in buckets.", prompt_tokens=900, completion_tokens=30
    )

    usage = usage_of(cli("-w", workspace, "--json", "compact", "build"))

    assert (usage["calls"], usage["prompt_tokens"], usage["completion_tokens"]) == (1, 900, 30)
    assert usage["cost_usd"] == pytest.approx(price(900, 30))


def test_json_of_an_unpriced_model_has_usage_and_a_null_cost(cli, workspace, llm_server):
    write_model_config(workspace, llm_server, timezone="UTC")  # openai:test-model: no price
    append(cli, workspace, "t1", DANA)
    llm_server.reply("- Dana leads payments.", prompt_tokens=400, completion_tokens=9)

    usage = usage_of(cli("-w", workspace, "--json", "flush"))

    assert usage["total_tokens"] == 409 and usage["cost_usd"] is None


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (0, "$0"),
        (None, "cost unknown (no price for this model)"),
        (1.5, "$1.50"),
        (0.0012, "$0.0012"),
        (0.0000123456, "$0.000012"),
    ],
)
def test_prices_read_as_money(value, text):
    from memctl.cli.views import cost_text

    assert cost_text(value) == text
