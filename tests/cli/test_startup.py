"""Start-up: commands that send nothing to a model never import litellm.

`import litellm` takes seconds. Each command runs in a fresh interpreter (the real
`python -m memctl` entry point) that reports, as it exits, which modules were loaded.
The workspace is configured with a litellm model, so a command that merely reads the
configuration must still decide it has nothing to send before touching litellm.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from memctl.cli.app import app
from memctl.cli.hookrun import HookLine, hook_line
from memctl.models.semantic import installed as semantic_installed
from tests.support.helpers import modules_after
from tests.support.hooks import roomy_prompt_budget

LITELLM_MODEL = "openai:gpt-4.1-mini"


def registered() -> set[str]:
    names = {command.name for command in app.registered_commands}
    return names | {group.name for group in app.registered_groups}


@pytest.fixture
def litellm_workspace(workspace: Path) -> Path:
    (workspace / "memctl.yaml").write_text(f"model: {LITELLM_MODEL}\n", encoding="utf-8")
    (workspace / "MEMORY.md").write_text("- We deploy on Fridays.\n", encoding="utf-8")
    return workspace


COMMANDS = {
    # name: (arguments, exit code)
    "--help": (["--help"], 0),
    "--version": (["--version"], 0),
    "status": (["status"], 0),
    "search": (["search", "Fridays"], 0),
    "search without a match": (["search", "zebra"], 1),
    "recall": (["recall", "when do we deploy?"], 0),
    "index": (["index"], 0),
    "get": (["get", "MEMORY.md"], 0),
    "save": (["save", "The build runs on Tuesdays."], 0),
    "archive": (["archive", "--dry-run"], 0),
    "thread list": (["thread", "list"], 0),
    "config show": (["config", "show"], 0),
    "flush with nothing to do": (["flush"], 0),
    "consolidate with nothing to do": (["consolidate"], 0),
    "maintain with nothing to do": (["maintain"], 0),
}


@pytest.mark.parametrize("name", COMMANDS, ids=list(COMMANDS))
def test_command_does_not_import_litellm(name, litellm_workspace, tmp_path):
    args, exit_code = COMMANDS[name]

    modules = modules_after(args, litellm_workspace, tmp_path / "modules.json", exit_code).modules

    assert "memctl.cli.app" in modules  # the run really happened
    assert "litellm" not in modules, f"`memctl {' '.join(args)}` imported litellm"
    assert "openai" not in modules
    # Only recall and index rank or embed by meaning; WordLlama's inference (memctl[semantic],
    # when installed) loads numpy and tokenizers, so nothing else may load it.
    semantic = name in ("recall", "index") and semantic_installed()
    assert ("wordllama.inference" in modules) == semantic, f"`memctl {' '.join(args)}`"
    if not semantic:
        assert "numpy" not in modules
    # Typer 0.29 made pydantic a dependency of every parameter: its start-up tripled. The
    # semantic leg imports WordLlama's inference alone, not its package's configuration
    # (pydantic, toml) and download (requests) modules: 0.15 s of CPU on every recall.
    for heavy in ("pydantic", "toml", "requests", "wordllama.config"):
        assert heavy not in modules, f"`memctl {' '.join(args)}` imported {heavy}"


def test_running_one_command_leaves_the_app_whole():
    """main() builds only the command it runs, on a copy: the app the in-process tests
    (and any later invocation) use still holds every command."""
    from memctl.cli.app import app, only

    def registered() -> set[str]:
        return {c.name for c in [*app.registered_commands, *app.registered_groups]}

    before = registered()
    narrowed = only("status")

    assert {c.name for c in narrowed.registered_commands} == {"status"}
    assert not narrowed.registered_groups
    assert registered() == before and len(before) > 10
    assert only(None) is app and only("no-such-command") is app

    def subcommands(typer_app) -> list[str]:
        (group,) = typer_app.registered_groups
        return [c.name for c in group.typer_instance.registered_commands]

    assert subcommands(only("thread", sub="append")) == ["append"]
    assert len(subcommands(only("thread", sub="--help"))) > 4  # help and mistakes: all
    assert len(subcommands(only("thread"))) == len(subcommands(only("thread", sub="nope")))
    assert "append" in [
        c.name for g in app.registered_groups for c in g.typer_instance.registered_commands
    ]


def test_search_imports_only_its_own_command_module(litellm_workspace, tmp_path):
    """main() imports the module of the command that runs, not the other 21 (and what
    they import): `memctl.cli.app` registers nothing by itself."""
    modules = modules_after(
        ["search", "Fridays"], litellm_workspace, tmp_path / "m.json", 0
    ).modules

    commands = {name for name in modules if name.startswith("memctl.cli.commands.")}
    assert commands == {"memctl.cli.commands.search"}
    # Nothing to send, so no model is resolved: not even the resolution is imported.
    assert "memctl.models.resolve" not in modules
    # Search prints its hits itself: the views other commands share stay unimported.
    assert "memctl.cli.output" in modules and "memctl.cli.views" not in modules
    # A read-only command never makes a temporary file: durable imports tempfile lazily.
    assert "tempfile" not in modules


@pytest.mark.parametrize("args", [["--version"], ["--json", "--version"], ["--version", "status"]])
def test_version_builds_no_command(args, litellm_workspace, tmp_path):
    """`--version` prints before click looks for a command: it imports no command
    module (it imported all 22, and started slower than a search)."""
    run = modules_after(args, litellm_workspace, tmp_path / "m.json", 0)

    assert run.stdout.startswith("memctl ")
    assert not {name for name in run.modules if name.startswith("memctl.cli.commands.")}


FREEZE_COUNT = """
import atexit, gc, sys

early = []
gc.callbacks.append(
    lambda phase, info: phase == "start"
    and "typer" in sys.modules
    and "memctl.cli.commands.search" not in sys.modules
    and early.append(info["generation"])
)
from memctl.cli.app import main

atexit.register(
    lambda: print("early", len(early), "frozen", gc.get_freeze_count(), "on", gc.isenabled(),
                  file=sys.stderr)
)
sys.argv = ["memctl", *sys.argv[1:]]
main()
"""


def test_start_up_pauses_the_collector_and_freezes_what_it_loaded(litellm_workspace):
    """The modules are imported with the garbage collector paused (from Typer's import
    to the command's module), then moved out of its way (gc.freeze): the collections every few hundred objects during the imports,
    those a command's work triggers and the one at exit walked them all again (a tenth
    of a search's start-up). The collector runs again for the command."""
    done = subprocess.run(
        [sys.executable, "-c", FREEZE_COUNT, "-w", str(litellm_workspace), "search", "Fridays"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    _, early, _, frozen, _, enabled = done.stderr.split()[-6:]
    assert int(early) == 0
    assert int(frozen) > 10_000
    assert enabled == "True"


def test_help_still_lists_every_command(litellm_workspace, tmp_path):
    modules = modules_after(["--help"], litellm_workspace, tmp_path / "m.json", 0).modules

    from memctl.cli.app import COMMAND_MODULES

    assert {f"memctl.cli.commands.{name}" for name in COMMAND_MODULES} <= modules


def test_a_search_that_changes_nothing_imports_neither_yaml_nor_filelock(
    litellm_workspace, tmp_path
):
    """Once the first search has made .memctl/ (config loading never creates it) and
    the second has cached memctl.yaml's parse there, a search reads the configuration
    back from JSON and the unchanged index without the workspace lock; nor does it load
    what only flush and indexing use (speakers, harness text, token counts)."""
    for run in range(2):
        modules_after(["search", "Fridays"], litellm_workspace, tmp_path / f"{run}.json", 0)

    modules = modules_after(
        ["search", "Fridays"], litellm_workspace, tmp_path / "m.json", 0
    ).modules

    assert "memctl.retrieval.search" in modules
    assert "yaml" not in modules
    assert "filelock" not in modules
    assert not {"memctl.core.said", "memctl.core.harness", "memctl.core.tokens"} & modules


def test_every_command_is_found_by_its_module_name():
    """main() imports `commands/NAME.py` (or the module _MODULE_OF names) for `memctl NAME`; a
    command registered elsewhere would fall back to importing every module."""
    from memctl.cli.app import _MODULE_OF, COMMAND_MODULES

    for name in registered():
        assert _MODULE_OF.get(name, name) in COMMAND_MODULES, name


COUNT_WRITES = """
import os
import sys

from memctl.cli.app import main

preads = []
pread = os.pread
os.pread = lambda *args: preads.append(args) or pread(*args)


class Counting:
    def __init__(self, stream):
        self.stream, self.writes = stream, 0

    def write(self, text):
        self.writes += 1
        return self.stream.write(text)

    def __getattr__(self, name):
        return getattr(self.stream, name)


sys.stdout = counting = Counting(sys.stdout)
sys.argv = ["memctl", *sys.argv[1:]]
try:
    main()
finally:
    print(len(preads), counting.writes, file=sys.stderr)
"""


def _search_counting(workspace: Path) -> tuple[list[str], int, int]:
    """`memctl search Fridays` over 600 matching lines under PYTHONUNBUFFERED: the lines
    printed, the index reads (os.pread) and the writes to stdout."""
    (workspace / "MEMORY.md").write_text(
        "".join(f"- fact {i}: we deploy on Fridays\n" for i in range(600)), encoding="utf-8"
    )
    done = subprocess.run(
        [sys.executable, "-c", COUNT_WRITES, "-w", str(workspace), "search", "Fridays"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        timeout=120,
        check=True,
    )
    expected = [f"MEMORY.md:{i + 1}: - fact {i}: we deploy on Fridays" for i in range(600)]
    assert done.stdout.splitlines() == expected
    preads, writes = done.stderr.split()[-2:]
    return done.stdout.splitlines(), int(preads), int(writes)


def test_search_writes_its_hits_to_a_pipe_in_batches(workspace):
    """issue 26 goal 5: under PYTHONUNBUFFERED (many container images set it) each write
    is a system call; one a hit was a tenth of `search`'s time for 1,680 hits."""
    _, _, writes = _search_counting(workspace)

    assert writes <= 4  # 600 lines, 256 a write


def test_search_reads_a_files_candidates_at_once(workspace):
    """The index's candidates in one file are read back with one system call, not one
    each (600 here: every line matches; the freshness check reads a few heads)."""
    _search_counting(workspace)  # builds the index
    _, preads, _ = _search_counting(workspace)

    assert preads < 10


def test_commands_hand_typer_their_annotations_evaluated():
    """Typer reads each command's annotations with get_type_hints, which compiles a
    string annotation (what `from __future__ import annotations` makes of every one)
    again on each read: 88 compiles, 3 ms of a search's start-up."""
    from memctl.cli.app import app

    callbacks = [info.callback for info in app.registered_commands]
    assert app.registered_callback is not None
    callbacks.append(app.registered_callback.callback)
    assert len(callbacks) > 20
    for callback in callbacks:
        assert callback is not None
        strings = [k for k, v in callback.__annotations__.items() if isinstance(v, str)]
        assert not strings, f"{callback.__name__}: {strings}"


def test_the_dataclasses_a_search_loads_have_their_own_docstrings(litellm_workspace, tmp_path):
    """`dataclass` makes a class without a docstring one from `inspect.signature`, at
    every start-up (~75 us a class; twelve on search's path had none)."""
    import dataclasses
    import importlib

    modules = modules_after(["search", "Fridays"], litellm_workspace, tmp_path / "m.json").modules
    missing = []
    for name in sorted(m for m in modules if m.startswith("memctl")):
        classes = [v for v in vars(importlib.import_module(name)).values() if isinstance(v, type)]
        for cls in classes:
            generated = (cls.__doc__ or "").startswith(f"{cls.__name__}(")
            if dataclasses.is_dataclass(cls) and cls.__module__ == name and generated:
                missing.append(f"{name}.{cls.__qualname__}")
    assert not missing


def test_settings_classes_share_equality_hash_repr_and_immutability():
    """memctl.yaml's ten settings classes are dataclasses that take equality, hash,
    repr and immutability from one base instead of compiling their own at every
    start-up (3 ms of each command, and frozen=True's half of what was left); they
    behave as dataclass's own would, a frozen one's."""
    import dataclasses

    from memctl.core import config

    classes = [
        config.ModelSpec,
        config.FlushTrigger,
        config.TruncateArgs,
        config.MemoryConfig,
        config.CompactionConfig,
        config.EvictionConfig,
        config.RedactionConfig,
        config.SyncConfig,
        config.RecallConfig,
        config.Config,
    ]
    for cls in classes:
        assert dataclasses.is_dataclass(cls)
        own = {"__eq__", "__hash__", "__repr__", "__setattr__", "__delattr__"}
        assert not own & set(vars(cls)), cls.__name__

    spec = config.ModelSpec("builtin")
    assert repr(spec) == (
        "ModelSpec(name='builtin', api_base=None, api_key_env=None, context_window=None, "
        "max_tokens=None, timeout=60.0, max_retries=2)"
    )
    assert config.Config() == config.Config() and hash(config.Config()) == hash(config.Config())
    assert dataclasses.replace(config.Config(), timezone="UTC") != config.Config()
    assert spec != config.ModelSpec("openai:gpt-4.1-mini") and spec != ("builtin",)
    assert config.FlushTrigger() != config.RecallConfig()
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'name'"):
        spec.name = "x"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field 'name'"):
        del spec.name  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        spec.other = 1  # type: ignore[attr-defined]
    config_value = config.Config()
    with pytest.raises(dataclasses.FrozenInstanceError):
        config_value.memory = config.MemoryConfig(hooks=False)  # type: ignore[misc]
    assert spec.name == "builtin" and not hasattr(spec, "other")
    assert dataclasses.replace(spec, name="x").name == "x" and spec.name == "builtin"


def _prompt(workspace: Path, text: str) -> str:
    return json.dumps(
        {
            "session_id": "4c1e9f2a-5d6e-4f8a-9b0c-3b1f6c2e7a4d",
            "transcript_path": str(workspace / "session.jsonl"),
            "cwd": str(workspace),
            "hook_event_name": "UserPromptSubmit",
            "prompt": text,
        }
    )


def test_an_installed_hook_runs_without_typer_and_answers_as_typer_did(workspace, tmp_path):
    """The line an installed hook sends (`memctl -w DIR hook claude-code`) runs without
    importing typer or building a command (a sixth of a prompt's start-up); the same
    event through typer (a line `hook_line` leaves to it: `--output=json`) gives the
    same bytes. BM25 alone ranks (no embedder configured), so no model is resolved nor
    an embedding module imported, and with no MEMORY.md hit there is no bullet's
    provenance to read."""
    ledger = workspace / "memory" / "2026-01-05.md"
    ledger.write_text("## 09:00 flush\n- We deploy on Fridays.\n", encoding="utf-8")
    roomy_prompt_budget(workspace)
    stdin = _prompt(workspace, "when do we deploy?")

    fast = modules_after(["hook", "claude-code"], workspace, tmp_path / "f.json", 0, input=stdin)
    typed = modules_after(
        ["hook", "claude-code", "--output=json"], workspace, tmp_path / "t.json", 0, input=stdin
    )

    assert "We deploy on Fridays." in fast.stdout
    assert fast.stdout == typed.stdout
    assert not {"typer", "click", "rich", "memctl.cli.core"} & fast.modules
    assert not {"memctl.models.resolve", "memctl.pipeline.provenance"} & fast.modules
    assert not {"memctl.models.interface", "memctl.retrieval.embed"} & fast.modules
    assert not {m for m in fast.modules if m.startswith("memctl.cli.commands.")}
    assert {"typer", "memctl.cli.commands.hook"} <= typed.modules


@pytest.mark.parametrize("zone", ["UTC", "local"])
def test_a_prompt_hook_in_utc_or_local_time_does_not_import_dateutil(workspace, tmp_path, zone):
    """`timezone: UTC` and `local` are zones without a look-up in dateutil's database:
    the prompt hook, which reads no time, does not import it (~3 ms of its CPU). Another
    zone is still checked when the configuration is read."""
    (workspace / "memctl.yaml").write_text(f"timezone: {zone}\n", encoding="utf-8")
    ledger = workspace / "memory" / "2026-01-05.md"
    ledger.write_text("## 09:00 flush\n- We deploy on Fridays.\n", encoding="utf-8")
    roomy_prompt_budget(workspace)
    stdin = _prompt(workspace, "when do we deploy?")

    run = modules_after(["hook", "claude-code"], workspace, tmp_path / "m.json", 0, input=stdin)

    assert "We deploy on Fridays." in run.stdout
    assert not {m for m in run.modules if m.split(".")[0] == "dateutil"}


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["hook", "claude-code"], HookLine("claude-code")),
        (
            ["-q", "--workspace", "ws", "-v", "hook", "claude-code", "--output", "text"],
            HookLine("claude-code", "text", "ws", quiet=True, verbose=True),
        ),
        (["-w", "hook", "hook", "claude-code"], HookLine("claude-code", workspace="hook")),
        (["hook", "claude-code", "--output", "yaml"], HookLine("claude-code", "yaml")),
        # Typer's: help, options hookrun does not read, another form, mistakes.
        (["hook", "claude-code", "--help"], None),
        (["--help", "hook", "claude-code"], None),
        (["hook", "--help"], None),
        (["hook"], None),
        (["--json", "hook", "claude-code"], None),
        (["--color", "never", "hook", "claude-code"], None),
        (["-wws", "hook", "claude-code"], None),
        (["--workspace=ws", "hook", "claude-code"], None),
        (["-w", "", "hook", "claude-code"], HookLine("claude-code", workspace="")),  # as Typer
        (["-w", "-q", "hook", "claude-code"], None),
        (["-w"], None),
        (["hook", "claude-code", "-q"], None),
        (["hook", "claude-code", "--output=text"], None),
        (["hook", "claude-code", "--output"], None),
        (["hook", "claude-code", "SessionStart"], None),
        (["hook", "codex", "{}"], None),
        (["hook", "codex"], None),
        (["hook", "claude"], None),
        (["save", "hook", "claude-code"], None),
        (["--", "hook", "claude-code"], None),
    ],
)
def test_hook_line_reads_only_what_typer_would_read_alike(args, line):
    assert hook_line(args, ("claude-code",)) == line


def test_a_line_that_only_holds_the_word_hook_reads_no_agent(litellm_workspace, tmp_path):
    """Review 15 #12: the fast hook path is tried only when `hook` is the command, so a
    search for the word "hook" loads no agent module (eight of them, for nothing)."""
    modules = modules_after(
        ["-q", "search", "hook"], litellm_workspace, tmp_path / "m.json", 1
    ).modules
    assert "memctl.cli.commands.search" in modules
    assert not {m for m in modules if m.startswith("memctl.agents")}


@pytest.mark.parametrize(
    ("args", "name"),
    [
        (["--color", "never", "search", "x"], "search"),  # review 15 #7: it takes a value
        (["--color=never", "-q", "search", "x"], "search"),
        (["--workspace=ws", "-wws", "-w", "ws", "--no-redact", "status"], "status"),
        (["-w", "--color", "status"], "status"),  # `--color` is -w's value, as click reads it
        (["--colour", "never", "status"], None),  # no global option: Typer says so
        (["--help", "status"], None),
        (["-w"], None),
        (["--color"], None),
        ([], None),
    ],
)
def test_the_command_is_read_past_every_global_option(args, name):
    from memctl.cli.core import invoked
    from memctl.core.argv import command

    assert invoked(args) == name
    assert command(args) == name


def test_the_global_options_read_without_typer_are_the_apps():
    """`memctl.core.argv` names the global options Typer declares in `main_options`, so
    the readers of a command line before Typer agree with it."""
    import typer.main

    from memctl.core.argv import FLAGS, VALUED

    group = typer.main.get_command(app)
    declared = [p for p in group.params if p.param_type_name == "option" and not p.is_eager]
    flags = {o for p in declared if getattr(p, "is_flag", False) for o in p.opts}
    assert {o for p in declared for o in p.opts} - flags == set(VALUED)
    assert flags == FLAGS


def test_ctrl_c_on_the_fast_hook_path_exits_130_as_typer_does(
    workspace, monkeypatch: pytest.MonkeyPatch
):
    """Review 15 #5: `hookrun.run` lets KeyboardInterrupt pass; the fast path's caller
    exits 130 for it, quietly, as Typer does on Ctrl-C."""
    import io

    from memctl.cli.app import _hook

    class Interrupted(io.RawIOBase):
        def readable(self) -> bool:
            return True

        def readinto(self, buffer):  # type: ignore[no-untyped-def]
            raise KeyboardInterrupt

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(Interrupted())))
    run = _hook(["-w", str(workspace), "hook", "claude-code"])
    assert run is not None
    try:
        run("memctl")
    except KeyboardInterrupt:
        pytest.fail("Ctrl-C went past the fast hook path")
    except SystemExit as exited:
        assert exited.code == 130
    else:
        pytest.fail("the fast hook path returned instead of exiting")
