"""Long conversation: 2,000 turns of `call` against a model with an 8K-token window.

The loopback model (tests/support/llm_server.py) has `context_window = 8192`: it answers
`context_length_exceeded` to any request larger than that, as a real provider does.
The workspace's model mapping says the same window, compaction is on (defaults), and
every 40th user message pastes a log of about 3,500 tokens, so some requests do
overflow and `call` has to recover (forced compaction, one retry). Goals: no overflow
error reaches the caller, and the tokens sent per turn stay flat (they must not grow
with the history): the mean of the last 10% of turns within 1.25x that of the second
10% (the first holds the warm-up, before the first compaction).

The turns drive the library in this process (`memctl.turn.call.call`, what `memctl call`
runs after parsing): 2,000 subprocesses would each pay `import litellm` (~3 s), so
they would not fit the 10-minute budget of bench/run.

    python bench/long_conversation.py [--turns 2000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchlib import Goal, loopback_model, machine, report
from context_build import tool_output
from search import sentence

WINDOW = 8192
PASTE_EVERY = 40
PASTE_CHARS = 20_000
FLAT = 1.25


def answer(request: dict[str, Any]) -> str:
    """The loopback model's reply, by the kind of request."""
    first = str(request["messages"][0].get("content", ""))
    if "durable facts" in first:
        return "NO_REPLY"  # flush: nothing worth keeping (the ledger stays small)
    if "You maintain MEMORY.md" in first:
        return "- The team deploys on Tuesdays."
    if "Summarise the conversation" in str(request["messages"]):
        return "Summary: the user and the assistant discussed releases, tests and deploys."
    return "Noted. " + " ".join(f"Point {n}: the build and the deploy are fine." for n in range(6))


def user_message(turn: int, rng: random.Random) -> str:
    text = f"Turn {turn}. " + " ".join(sentence(rng, 10, 24) for _ in range(rng.randint(2, 5)))
    if turn % PASTE_EVERY == 0:
        text += "\nHere is the log:\n" + tool_output(rng, PASTE_CHARS)
    return text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=2000)
    parser.add_argument(
        "--window-known",
        action="store_true",
        help="state the window in the model mapping (default: memctl learns it from the "
        "first overflow error, as with a provider whose window litellm does not know)",
    )
    args = parser.parse_args()
    from memctl.cli.core import Globals
    from memctl.core.errors import MemctlError
    from memctl.core.workspace import init_workspace
    from memctl.models.resolve import resolve_models
    from memctl.turn.call import call

    rng = random.Random(3)
    per_turn: list[int] = []
    main_request: list[int] = []
    errors: list[str] = []
    overflow_answers = recovered = compactions = 0
    with tempfile.TemporaryDirectory(prefix="memctl-bench-long-") as scratch:
        root = Path(scratch) / "ws"
        init_workspace(root)
        known = WINDOW if args.window_known else None
        with loopback_model(root, context_window=known) as server:
            server.context_window = WINDOW
            server.default = answer
            started = time.perf_counter()
            for turn in range(1, args.turns + 1):
                ws, config = Globals(workspace=str(root)).open()
                models = resolve_models(ws, config)
                before = len(server.sizes)
                try:
                    result = call(ws, config, models, "chat", user_message(turn, rng))
                except MemctlError as exc:
                    errors.append(f"turn {turn}: {exc}")
                    continue
                per_turn.append(sum(server.sizes[before:]))
                main_request.append(result.tokens)
                recovered += result.overflow_recovered
                compactions += len(result.compactions)
            elapsed = time.perf_counter() - started
            overflow_answers = server.overflows
            log_mb = (root / "threads" / "chat.jsonl").stat().st_size / 1e6
    print(f"long conversation: {machine()}")
    print(
        f"{args.turns} turns in {elapsed:.1f}s ({elapsed / args.turns * 1000:.0f} ms a turn, "
        f"in-process), thread log {log_mb:.1f} MB, {len(server.requests)} model requests"
    )
    print(
        f"compactions {compactions}; overflow answers from the model {overflow_answers}, "
        f"recovered turns {recovered}; errors reaching the caller {len(errors)}"
    )
    for error in errors[:5]:
        print(f"  {error}")
    tenth = max(1, len(per_turn) // 10)
    print(f"{'turns':<13} {'tokens sent/turn':>17} {'max':>7} {'main request':>13}")
    for at in range(0, len(per_turn), tenth):
        window = per_turn[at : at + tenth]
        mains = main_request[at : at + tenth]
        print(
            f"{at + 1:>5}-{at + len(window):<7} {statistics.mean(window):17.0f} "
            f"{max(window):7d} {statistics.mean(mains):13.0f}"
        )
    second = statistics.mean(per_turn[tenth : 2 * tenth] or per_turn)
    last = statistics.mean(per_turn[-tenth:])
    growth = last / second
    return report(
        [
            Goal(
                "long_conversation",
                f"long conversation: overflow errors reaching the caller ({args.turns} turns)",
                str(len(errors)),
                "0",
                not errors and len(per_turn) == args.turns,
                f"{overflow_answers} overflow answer(s) recovered in-call",
            ),
            Goal(
                "long_conversation",
                "long conversation: tokens sent per turn, last 10% vs second 10%",
                f"{growth:.2f}x ({last:.0f} vs {second:.0f})",
                f"<= {FLAT}x (flat)",
                growth <= FLAT,
                "in-process turns (memctl.turn.call.call)",
            ),
        ]
    )


if __name__ == "__main__":
    sys.exit(main())
