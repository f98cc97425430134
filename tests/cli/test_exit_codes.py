"""A bug is told apart from a failed operation by its exit code (70, EX_SOFTWARE)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import memctl.pipeline.status
from memctl.core.errors import INTERNAL_ERROR_EXIT


def _broken(*args: object, **kwargs: object) -> None:
    raise RuntimeError("a stage went wrong")


def test_an_internal_error_exits_70_with_one_line(
    cli, workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(memctl.pipeline.status, "status", _broken)
    run = cli("-w", workspace, "status")
    assert INTERNAL_ERROR_EXIT == 70
    assert run.exit_code == 70
    assert run.stdout == ""
    assert run.stderr.splitlines() == [
        "memctl: error: internal error: RuntimeError: a stage went wrong "
        "(run with -v for the traceback)"
    ]


def test_an_internal_error_in_json_names_exit_70(
    cli, workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(memctl.pipeline.status, "status", _broken)
    run = cli("-w", workspace, "--json", "status")
    assert run.exit_code == 70
    assert json.loads(run.stdout)["exit_code"] == 70


def test_verbose_shows_the_traceback_and_still_exits_70(
    cli, workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(memctl.pipeline.status, "status", _broken)
    run = cli("-w", workspace, "-v", "status")
    assert run.exit_code == 70
    assert "Traceback" in run.stderr and "RuntimeError: a stage went wrong" in run.stderr
