"""The composition root: an entry point resolves a run's models, once each, on first use.

Stages are handed a `Models` bundle and never build a model (tests/test_layers.py checks
their imports); these tests check the bundle itself: a role no step of the run needs is
never built, a role is built once however often it is used, and one first used late
knows a window learned earlier in the run.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

import memctl.models.resolve
from memctl.core.config import Config, ModelSpec
from memctl.core.workspace import Workspace
from memctl.models.builtin import BuiltinModel
from memctl.models.interface import Model, Models
from memctl.models.resolve import resolve_models
from memctl.models.windows import remember_window
from tests.support.helpers import DANA, append, ledger, state

MAIN = ModelSpec("openai:gpt-4.1-mini")
OTHER = ModelSpec("openai:gpt-4.1-nano")


@pytest.fixture
def resolved(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the models resolved, in order, while the test runs."""
    names: list[str] = []
    real = memctl.models.resolve.resolve_model

    def counting(ws: Workspace, spec: ModelSpec) -> Model:
        names.append(spec.name)
        return real(ws, spec)

    monkeypatch.setattr(memctl.models.resolve, "resolve_model", counting)
    return names


def configured(main: ModelSpec, compaction: ModelSpec | None, memory: ModelSpec | None) -> Config:
    defaults = Config()
    return replace(
        defaults,
        model=main,
        compaction=replace(defaults.compaction, model=compaction),
        memory=replace(defaults.memory, model=memory),
    )


def test_each_role_is_resolved_on_first_use_and_only_once(workspace: Path, resolved):
    models = resolve_models(Workspace(workspace), configured(MAIN, OTHER, OTHER))
    assert resolved == []

    memory = models.memory()
    assert resolved == [OTHER.name]
    assert models.memory() is memory

    compaction, main = models.compaction(), models.main()
    assert models.compaction() is compaction and models.main() is main
    assert resolved == [OTHER.name, OTHER.name, MAIN.name]
    assert compaction is not memory


def test_compaction_is_the_main_model_when_configured_the_same_memory_never_is(
    workspace: Path, resolved
):
    models = resolve_models(Workspace(workspace), configured(MAIN, None, None))

    assert models.compaction() is models.main()
    assert models.memory() is not models.main()
    assert models.memory().name == MAIN.name
    assert resolved == [MAIN.name, MAIN.name]


def test_a_role_first_used_late_knows_a_window_learned_after_the_bundle_was_made(workspace):
    ws = Workspace(workspace)
    spec = replace(MAIN, context_window=32_000)
    models = resolve_models(ws, configured(spec, None, None))
    assert models.main().window() == 32_000

    remember_window(ws, MAIN.name, 8_000)  # an overflow error stated it

    assert models.memory().window() == 8_000
    assert models.main().window() == 32_000  # built before: `call` asks known_window


def test_models_given_fill_the_roles_left_out_with_the_main_model():
    main, memory = BuiltinModel(), BuiltinModel()

    models = Models.of(main, memory=memory)

    assert models.main() is main and models.compaction() is main
    assert models.memory() is memory


# --------------------------------------------------------------------------- the hook handler


def test_a_hook_that_sends_nothing_resolves_no_model(cli, workspace: Path, tmp_path, resolved):
    stdin = json.dumps(
        {
            "hook_event_name": "SessionStart",
            "session_id": "s1",
            "transcript_path": str(tmp_path / "none.jsonl"),
            "cwd": str(tmp_path),
            "source": "startup",
        }
    )

    run = cli("-w", workspace, "hook", "claude-code", input=stdin)

    assert run.exit_code == 0 and "Long-term memory" in run.stdout
    assert resolved == []


def test_session_end_resolves_the_memory_model_once_for_flush_and_maintenance(
    cli, workspace: Path, resolved
):
    from memctl.agents.hooks import finish_session

    append(cli, workspace, "t1", DANA)

    finish_session(str(workspace), "claude-code", "t1")

    assert "Postgres 16" in ledger(workspace).read_text(encoding="utf-8")  # flushed
    assert "maintain" in state(workspace)["runs"]
    assert not (workspace / ".memctl" / "hooks.log").exists()
    assert resolved == ["builtin"]
