"""Property: a secret of a built-in category, anywhere, reaches no tool answer, no model
request and no memory file (issue 12, Done when).

Hypothesis draws a secret of each built-in kind and puts it at an offset near one of
the cuts memctl makes (thread_history's 4,000 characters, read_file's 20,000-character
pages, the eviction preview's head and tail (results over 30,000 characters are evicted
here, to keep the examples small), a search snippet's window, a memory_get
range, truncate_args' kept head), in a user message, a tool call's arguments, an
oversized tool result and MEMORY.md. Then every surface is read: the request `call`
would send, every tool answer (every read_file page), and what flush, compact and save
write with the builtin model, which copies what it is given. No piece of 8 characters
of the secret may be in any of them.
"""

from __future__ import annotations

import functools
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from memctl.core.config import load_config
from memctl.core.errors import UsageError
from memctl.core.workspace import Workspace, init_workspace
from memctl.models.resolve import resolve_model, resolve_models
from memctl.pipeline.compact import compact
from memctl.pipeline.flush import flush
from memctl.pipeline.save import save
from memctl.turn.context import build_context
from memctl.turn.tools import EVICTED_PAGE_CHARS, HISTORY_ENTRY_CHARS, run_tool
from tests.support.helpers import write_log
from tests.support.secrets import SECRETS, filler, leaks, pieces

pytestmark = pytest.mark.slow


def placed(secret: str, length: int, start: int, seed: int) -> str:
    """`secret` starting at `start` (clamped) in `length` characters of filler, with
    `zebra`, the search word, a random distance before it."""
    offset = max(0, min(start - 8, length))
    base = filler(length, seed)
    zebra = max(0, offset - seed % 900)
    return base[:zebra] + " zebra " + base[zebra:offset] + f" {secret} " + base[offset:]


def read_pages(ws: Workspace, config: Any, path: str) -> list[str]:
    pages = [run_tool(ws, config, "read_file", {"path": path}).text]
    while "read on with offset " in pages[-1]:
        offset = int(pages[-1].split("read on with offset ")[1].split("]")[0])
        pages.append(run_tool(ws, config, "read_file", {"path": path, "offset": offset}).text)
    return pages


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    secret=SECRETS,
    where=st.sampled_from(["history", "page", "head", "tail", "args"]),
    across=st.floats(0, 1),
    seed=st.integers(0, 10_000),
    lines=st.tuples(st.integers(1, 40), st.integers(0, 40)),
    max_arg=st.integers(20, 300),
)
# Found by this test (2026-12-03): tool-call arguments holding `\\":\\"` reached
# thread_history, thread_search and the ledger with their quotes escaped once more.
@example(
    secret=('password\\":\\"a0000000\\"', ["a0000000"]),
    where="history",
    across=0.0,
    seed=0,
    lines=(1, 0),
    max_arg=20,
)
# Found by this test (2026-12-06): Hypothesis drew a token holding "function", a string
# of the code it runs, and the request's `"type": "function"` showed it: memctl's own
# text, no leak (`furniture`).
@example(
    secret=("glpat-function00ac00opttuu", ["glpat-function00ac00opttuu"]),
    where="history",
    across=0.0,
    seed=0,
    lines=(1, 0),
    max_arg=20,
)
def test_no_secret_reaches_a_model_a_tool_answer_or_a_memory_file(
    secret: tuple[str, list[str]],
    where: str,
    across: float,
    seed: int,
    lines: tuple[int, int],
    max_arg: int,
) -> None:
    text, cores = secret
    assume(not any(core in furniture() for core in cores))
    seen = surfaces(text, where, across, seed, lines, max_arg)
    assert leaks(seen, cores, furniture()) == {}, (where, text[:80])


@functools.cache
def furniture() -> str:
    """Every surface of a run with no secret in it: what memctl writes around the data
    (tool-call JSON, headings, tool answers' framing). Hypothesis draws tokens from the
    string constants of the code it runs, so a token can hold "function"; a piece found
    here is no evidence of a leak."""
    return "\n".join(surfaces("", "history", 0.0, 0, (1, 0), 20).values())


def surfaces(
    text: str, where: str, across: float, seed: int, lines: tuple[int, int], max_arg: int
) -> dict[str, str]:
    """What every surface shows after `text` was put near the cut `where`: the request
    `call` would send, every tool answer, and what flush, compact and save write."""
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch) / "ws"
        init_workspace(root)
        (root / "memctl.yaml").write_text(
            "timezone: UTC\n"
            "compaction:\n  keep_messages: 2\n  keep_tokens: 0\n  flush_before_compact: false\n"
            f"  truncate_args: {{max_arg_length: {max_arg}, truncation_text: '…'}}\n"
            "eviction: {threshold_chars: 30000}\n"
        )
        size = 32_000
        cut = {
            "history": HISTORY_ENTRY_CHARS,
            "page": EVICTED_PAGE_CHARS,
            "head": 2_000,
            "tail": size - 2_000,
            "args": 20,
        }[where]
        start = cut - int(across * len(text))  # the cut falls inside the secret
        message = placed(text, HISTORY_ENTRY_CHARS + 1_500, start, seed)
        result = placed(text, size, start, seed)
        arguments = json.dumps({"cmd": placed(text, 400, start, seed), "max_tokens": 9})
        write_log(
            root,
            "t1",
            [
                {"role": "user", "content": message},
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": "c1",
                            "type": "function",
                            "function": {"name": "shell", "arguments": arguments},
                        }
                    ],
                },
                {"role": "tool", "tool_call_id": "c1", "content": result},
                {"role": "user", "content": "thanks"},
                {"role": "assistant", "content": "you are welcome"},
            ],
        )
        by_hand = f"# Memory\n\n- {message}\n- {text}\n"  # memctl reads it, never writes it
        (root / "MEMORY.md").write_text(by_hand)
        ws, config = Workspace(root), load_config(root / "memctl.yaml")

        seen: dict[str, str] = {}
        request = build_context(ws, config, "t1", model_name="builtin", window=1_000_000)
        seen["request"] = json.dumps(request.messages, ensure_ascii=False)
        first, last = min(lines), max(lines)
        for name, args in [
            ("thread_history", {"thread": "t1"}),
            ("thread_search", {"query": "zebra"}),
            ("memory_search", {"query": "zebra"}),
            ("memory_get", {"path": "MEMORY.md"}),
            ("memory_get", {"path": "MEMORY.md", "startLine": first, "endLine": last + 1}),
        ]:
            outcome = run_tool(ws, config, name, args)
            seen[f"{name} {args}"] = outcome.text
        for evicted in sorted((root / "evicted" / "t1").iterdir()):
            path = evicted.relative_to(root).as_posix()
            for number, page in enumerate(read_pages(ws, config, path)):
                seen[f"read_file page {number}"] = page
        model = resolve_model(ws, config.memory_model)
        flush(ws, config, model, threads=["t1"])
        compact(ws, config, resolve_models(ws, config), "t1", force=True)
        try:
            save(ws, config, message)
        except UsageError as refused:  # a fact over the cap is refused, and says so
            seen["save refused"] = str(refused)
        seen["MEMORY.md"] = (root / "MEMORY.md").read_text().removeprefix(by_hand)
        for path in sorted((root / "memory").glob("*.md")):
            seen[path.name] = path.read_text()
        seen["compaction"] = (root / "threads" / "t1.jsonl").read_text().splitlines()[-1]
    return seen


FIXTURES = Path(__file__).parent.parent / "support" / "fixtures" / "import"
CODEX = "rollout-2025-10-29T01-00-00-019a2d7a-41c4-78b1-b7cc-a45d62a89cd5.jsonl"


def planted_transcripts(folder: Path, text: str) -> list[Path]:
    """The Claude Code session and the Codex rollout of the import fixtures with `text`
    at the start of their first prompt: it becomes the session's title too."""
    claude = [json.loads(line) for line in (FIXTURES / "claude-session.jsonl").open()]
    claude[1]["message"]["content"] = f"{text} zebra {claude[1]['message']['content']}"
    codex = [json.loads(line) for line in (FIXTURES / CODEX).open()]
    part = codex[4]["payload"]["content"][0]
    part["text"] = f"{text} zebra {part['text']}"
    written = []
    for name, lines in [("claude-session.jsonl", claude), (CODEX, codex)]:
        path = folder / name
        path.write_text("".join(json.dumps(line) + "\n" for line in lines))
        written.append(path)
    return written


def channels(text: str) -> list[dict[str, Any]]:
    """A thread with `text` in every channel a message has (issue 24, Done when): text,
    content parts, `name`, `image_url`, tool-call arguments as plain and as nested JSON,
    a tool result."""
    nested = json.dumps({"env": json.dumps({"cmd": f"run {text}"})})
    return [
        {"role": "user", "content": f"zebra remember {text} please"},
        {
            "role": "user",
            "content": [
                {"type": "text", "text": f"zebra parts {text}"},
                {"type": "image_url", "image_url": {"url": f"https://img.example.com/{text}"}},
            ],
        },
        {"role": "user", "name": text, "content": "zebra from a named speaker"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "c1",
                    "type": "function",
                    "function": {"name": "shell", "arguments": json.dumps({"cmd": text})},
                },
                {"id": "c2", "type": "function", "function": {"name": "env", "arguments": nested}},
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "content": f"zebra out {text}"},
        {"role": "tool", "tool_call_id": "c2", "content": "zebra ok"},
        {"role": "assistant", "content": "zebra done"},
    ]


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(secret=SECRETS)
def test_no_secret_of_any_channel_reaches_an_output_a_file_or_an_export(
    secret: tuple[str, list[str]],
) -> None:
    """Every channel in, every surface out: the model requests (the context and what
    flush's builtin model copies into the ledger), the tool answers, the CLI's output
    (text and --json), every workspace file memctl writes (state.json included; the
    thread logs are the record and are left out, as are the imported transcripts) and
    an export into AGENTS.md."""
    text, cores = secret
    assume(not any(core in cli_furniture() for core in cores))
    seen = cli_surfaces(text)
    assert "zebra remember" in seen["thread show t1"]
    assert len(json.loads(seen["thread list --json"])["threads"]) == 3  # t1 and the imports
    assert "[REDACTED:" in seen["search zebra --scope all"]
    assert leaks(seen, cores, cli_furniture()) == {}, text[:80]


@functools.cache
def cli_furniture() -> str:
    """Every surface of the CLI run with a plain word where the secret goes."""
    return "\n".join(cli_surfaces("plain").values())


def cli_surfaces(text: str) -> dict[str, str]:
    """What every command, tool answer and workspace file shows after `text` came in
    through every channel."""
    from typer.testing import CliRunner

    from memctl.cli.app import app

    runner = CliRunner()
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch) / "ws"
        init_workspace(root)
        (root / "memctl.yaml").write_text("timezone: UTC\n")
        write_log(root, "t1", channels(text))
        (root / "MEMORY.md").write_text(f"# Memory\n\n- zebra by hand {text}\n")
        seen: dict[str, str] = {}

        def run(*args: str) -> None:
            done = runner.invoke(app, ["-w", str(root), *args], catch_exceptions=False)
            # save refuses a fact over its cap (exit 2, one line): that line is shown too
            refused = args[0] == "save" and "longer than a fact may be" in done.stderr
            assert done.exit_code in (0, 1) or refused, (args, done.stderr)
            seen[" ".join(args)] = done.stdout + done.stderr

        for path in planted_transcripts(Path(scratch), text):
            run("thread", "import", str(path))
        run("save", f"zebra saved {text}")
        run("flush")
        run("consolidate")
        for command in [
            ["context", "t1"],
            ["search", "zebra", "--scope", "all"],
            ["search", "zebra", "--scope", "all", "--json"],
            ["recall", "zebra"],
            ["recall", "zebra", "--json"],
            ["thread", "show", "t1"],
            ["thread", "list"],
            ["thread", "list", "--json"],
            ["get", "MEMORY.md"],
            ["log"],
            ["status", "--json"],
            ["export", "--agents-md", str(Path(scratch) / "AGENTS.md")],
        ]:
            run(*command)
        seen["AGENTS.md"] = (Path(scratch) / "AGENTS.md").read_text()
        ws, config = Workspace(root), load_config(root / "memctl.yaml")
        for name, args in [
            ("thread_history", {"thread": "t1"}),
            ("thread_search", {"query": "zebra"}),
            ("memory_search", {"query": "zebra"}),
            ("memory_recall", {"query": "zebra"}),
            ("memory_get", {"path": "MEMORY.md"}),
        ]:
            seen[name] = run_tool(ws, config, name, args).text
        for path in sorted(root.rglob("*")):
            rel = path.relative_to(root).as_posix()
            if path.is_file() and not rel.startswith("threads/"):
                shown = path.read_bytes().decode("utf-8", "replace")
                seen[rel] = shown.replace(f"- zebra by hand {text}\n", "")  # the user's own
    return seen


def test_a_secret_shown_whole_is_a_leak_though_every_piece_is_furniture() -> None:
    """Review 33 S12: pieces found in memctl's own text are excused, the whole core never."""
    core = "glpat-1cdab710576e8822"
    furniture_text = "glpat-1cdab710 | ab710576e88"
    assert all(piece in furniture_text for piece in pieces([core]))
    assert leaks({"request": f"x {core} y"}, [core], furniture_text) == {"request": core}
    assert leaks({"request": "x glpat-1cdab710 y"}, [core], furniture_text) == {}
