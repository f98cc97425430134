"""Shell completion: the checked-in scripts, `memctl completion`, and bash at runtime."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from memctl.cli.commands.completion import SHELLS, completion_script
from tests.support.helpers import MEMCTL

ROOT = Path(__file__).resolve().parents[2]


def load_generator():
    spec = importlib.util.spec_from_file_location(
        "gen_completions", ROOT / "scripts" / "gen_completions.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def top_level_commands() -> set[str]:
    from memctl.cli.app import app

    commands = [*app.registered_commands, *app.registered_groups]
    return {c.name for c in commands if c.name and not c.hidden}


def test_checked_in_completion_files_are_fresh():
    generator = load_generator()

    expected = generator.expected_files()

    assert sorted(path.name for path in expected) == ["memctl.bash", "memctl.fish", "memctl.zsh"]
    for path, text in expected.items():
        assert path.is_file(), f"{path} is missing: run python scripts/gen_completions.py"
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.relative_to(ROOT)} differs from the CLI: run python scripts/gen_completions.py"
        )
    assert generator.main(["--check"]) == 0


def test_the_generator_notices_a_stale_file(tmp_path, monkeypatch, capsys):
    generator = load_generator()
    monkeypatch.setattr(generator, "OUTPUT", tmp_path)
    monkeypatch.setattr(generator, "ROOT", tmp_path)
    (tmp_path / "memctl.zsh").write_text("#compdef memctl\n# old\n", encoding="utf-8")

    assert generator.main(["--check"]) == 1
    assert "memctl.zsh is stale; run python scripts/gen_completions.py" in capsys.readouterr().out

    assert generator.main([]) == 0
    assert generator.main(["--check"]) == 0
    assert (tmp_path / "memctl.zsh").read_text(encoding="utf-8") == completion_script("zsh")


@pytest.mark.parametrize("shell", SHELLS)
def test_completion_command_prints_the_checked_in_script(shell, cli):
    run = cli("completion", shell)

    assert run.exit_code == 0
    assert run.stdout == (ROOT / "completions" / f"memctl.{shell}").read_text(encoding="utf-8")
    assert run.stdout.endswith("\n")
    assert "_MEMCTL_COMPLETE" in run.stdout


def test_unknown_shell_is_exit_2(cli):
    run = cli("completion", "powershell")

    assert run.exit_code == 2
    assert run.stdout == ""
    assert run.stderr.splitlines() == [
        "memctl: error: unknown shell 'powershell': use one of bash, zsh, fish"
    ]


def complete_bash(words: str, cword: int) -> list[str]:
    """What the installed memctl offers bash for COMP_WORDS / COMP_CWORD."""
    env = {**os.environ, "COMP_WORDS": words, "COMP_CWORD": str(cword)}
    env["_MEMCTL_COMPLETE"] = "complete_bash"
    done = subprocess.run(
        [str(MEMCTL)], env=env, capture_output=True, text=True, timeout=60, check=True
    )
    return done.stdout.split()


def test_bash_completion_lists_subcommands_at_runtime():
    offered = complete_bash("memctl ", 1)

    assert set(offered) == top_level_commands()
    assert {"init", "thread", "config", "completion"} <= set(offered)
    assert set(complete_bash("memctl thread ", 2)) >= {"append", "list", "show"}
    assert complete_bash("memctl conf", 1) == ["config"]
    assert "--json" in complete_bash("memctl --j", 1)


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")
def test_the_bash_script_completes_in_a_real_bash():
    """Source the checked-in file and call its function as bash would on <TAB>."""
    script = (
        f"source {ROOT / 'completions' / 'memctl.bash'}\n"
        "COMP_WORDS=(memctl thread sh); COMP_CWORD=2\n"
        "_memctl_completion memctl\n"
        'printf "%s\\n" "${COMPREPLY[@]}"\n'
    )
    env = {**os.environ, "PATH": f"{MEMCTL.parent}{os.pathsep}{os.environ.get('PATH', '')}"}

    done = subprocess.run(
        ["bash", "--norc", "--noprofile", "-c", script],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )

    assert done.stdout.split() == ["show"]


@pytest.mark.parametrize(
    "words, cword, offered",
    [
        ("memctl recall deploy --scope ", 4, ["all", "memory", "threads"]),
        ("memctl recall deploy -s m", 4, ["memory"]),
        ("memctl --color ", 2, ["auto", "always", "never"]),
        ("memctl install ", 2, ["claude-code", "codex"]),
        ("memctl uninstall cl", 2, ["claude-code"]),
    ],
)
def test_option_and_argument_values_complete(words, cword, offered):
    """The values, not the file names of the current folder (issue 23)."""
    from memctl.agents.registry import AGENTS

    if words.startswith(("memctl install", "memctl uninstall")):
        assert set(offered) <= set(AGENTS)
    assert complete_bash(words, cword) == offered


def test_get_completes_the_memory_files_of_the_workspace(workspace):
    (workspace / "memory" / "2026-01-02.md").write_text("- a fact\n")
    (workspace / "memory" / "archive").mkdir()
    (workspace / "memory" / "archive" / "2025-01-01.md").write_text("- an old fact\n")
    (workspace / "notes.txt").write_text("not memory\n")

    offered = complete_bash(f"memctl -w {workspace} get ", 4)

    assert offered == [
        "MEMORY.md",
        "today",
        "yesterday",
        "memory/2026-01-02.md",
        "memory/archive/2025-01-01.md",
    ]
    assert complete_bash(f"memctl -w {workspace} get memory/a", 4) == [
        "memory/archive/2025-01-01.md"
    ]
