"""The agent protocol: an agent the engines have never heard of, registered here, is
served by every engine (hooks, discovery, import, install, export) through
`memctl.agents.base.Agent` alone, as a third agent module would be."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from memctl.agents import registry
from memctl.agents.base import (
    HookAction,
    HookInput,
    HookSpec,
    MemoryFile,
    Scope,
    SettingsFile,
    TranscriptFormat,
    json_object,
)
from memctl.agents.discover import agent_sessions
from memctl.agents.export import export
from memctl.agents.hooks import hook_output, run_hook
from memctl.agents.imports import import_source
from memctl.agents.install import install, uninstall
from memctl.agents.transcripts import Draft, Parsed
from memctl.core.config import load_config
from memctl.core.errors import UsageError
from memctl.core.threads import Record, read_entries
from memctl.core.workspace import Workspace

LINE = "run: memctl hook tinybot\n"


def parse_log(records: list[Record], source: str, context: dict[str, Any] | None) -> Parsed:
    """tinybot's log: a `session` line, then one `{"who", "said"}` line a message."""
    parsed = Parsed(drafts=[], session=None)
    for index, record in enumerate(records):
        if "session" in record.data:
            parsed.session = record.data["session"]
            parsed.meta += 1
            continue
        message = {"role": record.data["who"], "content": record.data["said"]}
        parsed.drafts.append(Draft(record.where, f"{source}#{index}", None, message, index=index))
    return parsed


class TinyBot:
    """A made-up agent: its own event names, input, log format, settings and memory file."""

    name = "tinybot"
    title = "TinyBot"
    events: Mapping[str, HookAction] = {"Hello": "start", "TurnOver": "turn", "Bye": "end"}
    session_end = True
    resume_keeps_context = False
    hooks = (HookSpec("Hello", None, 10), HookSpec("TurnOver", None, 60))
    recall_hook = HookSpec("Asked", None, 5)
    notify = False
    hook_help = "Handle one TinyBot event."
    hook_argument: str | None = None
    transcripts = TranscriptFormat(
        "tinylog",
        "a TinyBot log",
        lambda data: "who" in data or "session" in data,
        parse_log,
    )
    memory_file = MemoryFile("tiny-md", "TINY.md", max_bytes=1_000)

    def __init__(self, home: Path) -> None:
        self.folder = home

    def parse_hook(self, stdin: bytes, argument: str | None) -> HookInput:
        data = json_object(stdin, "tinybot's input")
        return HookInput(self.name, data["what"], session_id=data.get("session"))

    def empty_answer(self, hook: HookInput) -> str:
        return "(tinybot: nothing)"

    def home(self) -> Path:
        return self.folder

    def sessions(self, home: Path, project: Path | None) -> list[Path]:
        return sorted(home.glob("*.tinylog"))

    def session_transcript(self, session_id: str) -> Path | None:
        return self.folder / f"{session_id}.tinylog"

    def related_transcripts(self, hook: HookInput, transcript: Path) -> list[Path]:
        return []

    def settings(
        self, ws: Workspace, *, user: bool, project: Path, recall: bool, notify: bool
    ) -> list[SettingsFile]:
        return [
            SettingsFile(
                project / ".tinybot.conf",
                add=lambda text: (text or "") + ("" if LINE in (text or "") else LINE),
                remove=lambda text: text.replace(LINE, ""),
            )
        ]

    def mcp_command(self, ws: Workspace, scope: Scope, *, remove: bool) -> list[str] | None:
        return ["tinybot-cli-not-on-path", "mcp", "remove" if remove else "add", scope]

    def review_steps(self, ws: Workspace, scope: Scope, project: Path, notify: bool) -> list[str]:
        return []


@pytest.fixture
def tinybot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> TinyBot:
    home = tmp_path / "tinybot-home"
    home.mkdir()
    (home / "s1.tinylog").write_text(
        '{"session": "s1"}\n'
        '{"who": "user", "said": "Remember that the kiln fires on Thursdays."}\n'
        '{"who": "assistant", "said": "Noted: the kiln fires on Thursdays."}\n',
        encoding="utf-8",
    )
    agent = TinyBot(home)
    monkeypatch.setitem(registry.AGENTS, agent.name, agent)
    return agent


def test_the_hook_engine_dispatches_the_agents_own_events(tinybot, workspace):
    ws, config = Workspace(workspace), load_config(workspace / "memctl.yaml")
    (workspace / "MEMORY.md").write_text("- The glaze order is due in May.\n", encoding="utf-8")

    hello = tinybot.parse_hook(b'{"what": "Hello"}', None)
    started = run_hook(ws, config, hello)
    assert started.context is not None and "- The glaze order is due in May." in started.context

    # Named by session id only: the agent finds its transcript, its format reads it.
    turn = run_hook(ws, config, tinybot.parse_hook(b'{"what": "TurnOver", "session": "s1"}', None))
    assert (turn.errors, turn.threads, turn.imported) == ([], ["s1"], 2)
    assert [(e["role"], e["content"]) for e in read_entries(ws, "s1")] == [
        ("user", "Remember that the kiln fires on Thursdays."),
        ("assistant", "Noted: the kiln fires on Thursdays."),
    ]
    assert turn.maintained is None  # it has a session end to maintain at

    other = tinybot.parse_hook(b'{"what": "SessionStart"}', None)  # not one of its events
    done = run_hook(ws, config, other)
    assert (done.context, done.threads, done.errors) == (None, [], [])
    assert hook_output(other, done, "json") == "(tinybot: nothing)"


def test_discovery_and_import_read_the_agents_sessions_in_its_format(tinybot, workspace):
    found = agent_sessions()
    assert tinybot.home() / "s1.tinylog" in found
    done = import_source(Workspace(workspace), tinybot.home() / "s1.tinylog")
    assert (done.format, done.thread, done.imported) == ("tinylog", "s1", 2)


def test_install_writes_what_the_agent_says_and_uninstall_takes_it_out(tinybot, workspace):
    project = workspace.parent / "project"
    project.mkdir()
    (project / ".tinybot.conf").write_text("theme: dark\n", encoding="utf-8")
    ws = Workspace(workspace)

    done = install(ws, "tinybot", project=project)
    assert (project / ".tinybot.conf").read_text(encoding="utf-8") == "theme: dark\n" + LINE
    (command,) = done.commands
    assert command.argv == ["tinybot-cli-not-on-path", "mcp", "add", "project"]
    assert not command.ran  # not on PATH: left for the user

    with pytest.raises(UsageError, match="--notify is for codex \\(TinyBot has no notify"):
        install(ws, "tinybot", project=project, notify=True)
    uninstall(ws, "tinybot", project=project)
    assert (project / ".tinybot.conf").read_text(encoding="utf-8") == "theme: dark\n"
    with pytest.raises(UsageError, match="use claude-code, codex or tinybot"):
        install(ws, "cursor", project=project)


def test_export_writes_the_agents_memory_file_within_its_limit(tinybot, workspace, tmp_path):
    ws, config = Workspace(workspace), load_config(workspace / "memctl.yaml")
    (workspace / "MEMORY.md").write_text("- a fact\n" * 500, encoding="utf-8")

    done = export(ws, config, tmp_path / "TINY.md", "tiny-md")
    assert done.truncated and done.bytes <= 1_000

    (tmp_path / "FULL.md").write_text("x" * 900, encoding="utf-8")
    with pytest.raises(UsageError, match="TinyBot reads at most 1,000"):
        export(ws, config, tmp_path / "FULL.md", "tiny-md")


def test_the_cli_offers_every_registered_agent():
    """`memctl hook NAME` and `memctl export --KIND FILE` come from the registry."""
    import typer.main

    from memctl.cli.app import app
    from memctl.cli.commands.hook import hook_app

    assert [command.name for command in hook_app.registered_commands] == list(registry.AGENTS)
    export_command = typer.main.get_command(app).commands["export"]
    options = {name for param in export_command.params for name in param.opts}
    kinds = {f"--{agent.memory_file.kind}" for agent in registry.AGENTS.values()}
    assert kinds == {"--agents-md", "--claude-md"} and kinds <= options
