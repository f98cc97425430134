"""The README's recipes, run as written.

Each recipe is the fenced block after a `<!-- recipe: NAME -->` comment in README.md;
the tests read it from there, so the README and what is tested cannot drift apart.
Only the placeholders a reader replaces anyway (the workspace path, the log file, the
PATH that holds memctl) are substituted.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from memctl.cli.commands.completion import completion_script
from memctl.core.workspace import Workspace, init_workspace
from tests.support.helpers import DANA, MEMORY_TOOLS, jsonl

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
BIN = str(Path(sys.executable).parent)
RECIPE = re.compile(r"<!-- recipe: ([\w-]+) -->\n```(\w+)\n(.*?)\n```\n", re.DOTALL)
CRON_FIELD = r"(\*|\d+)(-\d+)?(/\d+)?(,(\*|\d+)(-\d+)?(/\d+)?)*"
CRON_LINE = re.compile(rf"^((?:{CRON_FIELD}\s+){{5}})(\S.*)$")


def recipes() -> dict[str, tuple[str, str]]:
    """NAME -> (language, text) of every recipe block in the README."""
    found: dict[str, tuple[str, str]] = {}
    for name, language, text in RECIPE.findall(README.read_text(encoding="utf-8")):
        assert name not in found, f"two recipes named {name}"
        found[name] = (language, text)
    return found


def recipe(name: str) -> str:
    return recipes()[name][1]


def minimal_env(home: Path, **extra: str) -> dict[str, str]:
    """Roughly what cron or a CI runner gives a job: no developer variables."""
    return {"PATH": f"{BIN}:/usr/bin:/bin", "HOME": str(home), "LANG": "C.UTF-8", **extra}


def sh(
    script: str, env: dict[str, str], cwd: Path, shell: str = "/bin/sh"
) -> subprocess.CompletedProcess:
    return subprocess.run(
        [shell, "-c", script], env=env, cwd=cwd, capture_output=True, text=True, timeout=120
    )


@pytest.fixture
def agent(workspace: Path, cli) -> Path:
    """A builtin workspace with one unflushed conversation."""
    (workspace / "memctl.yaml").write_text("timezone: UTC\n", encoding="utf-8")
    run = cli("-w", workspace, "thread", "append", "t1", "-", input=jsonl(DANA))
    assert run.exit_code == 0, run.stderr
    return workspace


def test_every_recipe_the_readme_promises_is_there():
    found = recipes()

    assert set(found) >= {
        "cron",
        "ci",
        "search-exit-code",
        "completion-bash",
        "completion-zsh",
        "completion-fish",
        "session",
    }
    assert found["cron"][0] == "cron" and found["ci"][0] == "yaml"


def test_the_session_runs_as_written(tmp_path):
    """Audit 7 #12: the session's `get memory/2026-12-02.md --start 1 --end 20` named a
    day that is never today, and exited 2. Every line of it runs, in a fresh home (with
    the project folder its export writes into)."""
    home = tmp_path / "home"
    (home / "project").mkdir(parents=True)
    done = sh("set -e\n" + recipe("session"), minimal_env(home), home, shell="/bin/bash")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "|- We decided to deploy only on Tuesdays." in done.stdout
    assert "memctl: error" not in done.stderr
    assert (home / "project" / "AGENTS.md").is_file()


# --------------------------------------------------------------------------- cron


def cron_jobs(text: str) -> tuple[dict[str, str], list[str]]:
    """(the environment lines, the command of each job line) of a crontab."""
    env: dict[str, str] = {}
    commands = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        job = CRON_LINE.match(line)
        if job:
            commands.append(job.group(len(job.groups())))
            continue
        name, _, value = line.partition("=")
        assert name.isidentifier() and value, f"not a crontab line: {line!r}"
        env[name] = value
    return env, commands


def test_cron_lines_run_as_cron_runs_them(agent, tmp_path):
    env, commands = cron_jobs(recipe("cron"))
    assert "PATH" in env and len(commands) == 2
    assert all("%" not in command for command in commands)  # cron would cut the line there
    log = tmp_path / "memctl.log"
    by_stage = {}
    for command in commands:
        assert "/srv/agent" in command and "/var/log/memctl.log" in command
        stage = "maintain" if " maintain" in command else "flush"
        by_stage[stage] = command.replace("/srv/agent", str(agent)).replace(
            "/var/log/memctl.log", str(log)
        )
    assert set(by_stage) == {"maintain", "flush"}
    cron_env = minimal_env(tmp_path, SHELL="/bin/sh", LOGNAME="cron")

    flushed = sh(by_stage["flush"], cron_env, tmp_path)
    daily = next((agent / "memory").glob("*.md"))
    maintained = sh(by_stage["maintain"], cron_env, tmp_path)
    throttled = sh(by_stage["maintain"], cron_env, tmp_path)

    assert (flushed.returncode, maintained.returncode, throttled.returncode) == (0, 0, 0)
    assert "Postgres 16" in daily.read_text(encoding="utf-8")
    assert "Postgres 16" in (agent / "MEMORY.md").read_text(encoding="utf-8")
    assert log.read_text(encoding="utf-8") == ""  # -q: a quiet log while all is well
    assert flushed.stdout == flushed.stderr == ""  # everything went to the log


def test_a_failing_cron_job_leaves_one_line_in_the_log(agent, tmp_path):
    _, commands = cron_jobs(recipe("cron"))
    log = tmp_path / "memctl.log"
    flush = next(c for c in commands if " flush" in c)
    (agent / "memctl.yaml").write_text("memory:\n  flush_triger: always\n", encoding="utf-8")

    done = sh(
        flush.replace("/srv/agent", str(agent)).replace("/var/log/memctl.log", str(log)),
        minimal_env(tmp_path),
        tmp_path,
    )

    assert done.returncode == 2
    (line,) = log.read_text(encoding="utf-8").splitlines()
    assert line.startswith("memctl: error: ") and "flush_trigger" in line


# --------------------------------------------------------------------------- CI


def ci_step() -> dict:
    (step,) = yaml.safe_load(recipe("ci"))
    assert set(step) >= {"name", "run", "env"}
    return step


def run_ci(step: dict, root: Path, home: Path) -> subprocess.CompletedProcess:
    """The step's script as GitHub Actions runs `run:` (bash -e), in the checkout `root`
    holding the workspace folder the step names; secrets are absent."""
    env = {k: str(v) for k, v in step["env"].items() if "${{" not in str(v)}
    command = ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]]
    return subprocess.run(
        command, env=minimal_env(home, **env), cwd=root, capture_output=True, text=True, timeout=120
    )


def checkout(tmp_path: Path, agent: Path, step: dict) -> Path:
    root = tmp_path / "checkout"
    root.mkdir()
    shutil.move(agent, root / step["env"]["WORKSPACE"])
    return root


@pytest.mark.slow
def test_ci_step_flushes_and_consolidates(agent, tmp_path):
    step = ci_step()
    root = checkout(tmp_path, agent, step)

    first = run_ci(step, root, tmp_path)
    again = run_ci(step, root, tmp_path)  # nothing new: still a green job

    assert first.returncode == 0, first.stderr
    assert again.returncode == 0, again.stderr
    memory = (root / step["env"]["WORKSPACE"] / "MEMORY.md").read_text(encoding="utf-8")
    assert "Postgres 16" in memory and "Dana" in memory


def test_ci_step_fails_the_job_when_flush_fails(agent, tmp_path):
    step = ci_step()
    root = checkout(tmp_path, agent, step)
    workspace = root / step["env"]["WORKSPACE"]
    (workspace / "memctl.yaml").write_text("model: openai\n", encoding="utf-8")
    (workspace / "memory" / "2026-01-01.md").write_text("- Deploys on Tuesdays.\n")
    memory_before = (workspace / "MEMORY.md").read_bytes()

    done = run_ci(step, root, tmp_path)

    assert done.returncode == 2
    (line,) = done.stderr.splitlines()  # consolidate never ran
    assert line.startswith("memctl: error: ") and "provider:model" in line
    assert (workspace / "MEMORY.md").read_bytes() == memory_before


def test_ci_step_fails_the_job_when_consolidate_fails(agent, tmp_path):
    step = ci_step()
    root = checkout(tmp_path, agent, step)
    workspace = root / step["env"]["WORKSPACE"]
    (workspace / "memory" / "2026-01-01.md").write_bytes(b"- Caf\xe9 opens at nine.\n")

    done = run_ci(step, root, tmp_path)

    assert done.returncode == 2
    ledger = Workspace(workspace, "UTC").ledger_path()
    assert "Postgres 16" in ledger.read_text(encoding="utf-8")  # flush ran first
    last = done.stderr.splitlines()[-1]
    assert last.startswith("memctl: error: ") and "not UTF-8" in last
    assert (workspace / "MEMORY.md").read_text(encoding="utf-8") == ""


# --------------------------------------------------------------------------- search


def test_search_exit_code_snippet_saves_once_then_knows(agent, tmp_path):
    script = recipe("search-exit-code")
    env = minimal_env(tmp_path, MEMCTL_WORKSPACE=str(agent))

    first = sh(script, env, tmp_path)
    second = sh(script, env, tmp_path)

    assert (first.returncode, first.stdout) == (0, "saved\n")
    assert (second.returncode, second.stdout) == (0, "already decided\n")
    memory = (agent / "MEMORY.md").read_text(encoding="utf-8")
    assert memory.count("We use Postgres 16 for the ledger.") == 1


def test_search_exit_code_snippet_stops_on_an_error(agent, tmp_path):
    (agent / "memctl.yaml").write_text("memory: [not, a, mapping]\n", encoding="utf-8")
    memory_before = (agent / "MEMORY.md").read_bytes()

    done = sh(
        recipe("search-exit-code"), minimal_env(tmp_path, MEMCTL_WORKSPACE=str(agent)), tmp_path
    )

    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines()[-1] == "memory search failed"
    assert (agent / "MEMORY.md").read_bytes() == memory_before


# --------------------------------------------------------------------------- completion


INSTALLED = {
    "bash": ".local/share/bash-completion/completions/memctl",
    "zsh": ".zfunc/_memctl",
    "fish": ".config/fish/completions/memctl.fish",
}


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_install_writes_the_script(tmp_path, shell):
    home = tmp_path / "home"
    home.mkdir()

    done = sh(recipe(f"completion-{shell}"), minimal_env(home), tmp_path)

    assert done.returncode == 0, done.stderr
    installed = home / INSTALLED[shell]
    assert installed.read_text(encoding="utf-8") == completion_script(shell)


def test_installed_bash_completion_registers_and_completes(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    assert sh(recipe("completion-bash"), minimal_env(home), tmp_path).returncode == 0
    installed = home / INSTALLED["bash"]

    registered = sh(f"source {installed}; complete -p memctl", minimal_env(home), tmp_path, "bash")
    completed = sh(
        f"source {installed}; COMP_WORDS=(memctl cons); COMP_CWORD=1; "
        "_memctl_completion memctl; printf '%s\\n' \"${COMPREPLY[@]}\"",
        minimal_env(home),
        tmp_path,
        "bash",
    )

    assert registered.returncode == 0, registered.stderr
    assert registered.stdout.strip() == "complete -o default -F _memctl_completion memctl"
    assert completed.stdout.split() == ["consolidate"]


def installed(shell: str, tmp_path: Path) -> tuple[Path, str]:
    """Run the README's install recipe for `shell` in a fresh home: (the home, the script
    it wrote)."""
    home = tmp_path / "home"
    home.mkdir()
    assert sh(recipe(f"completion-{shell}"), minimal_env(home), tmp_path).returncode == 0
    return home, (home / INSTALLED[shell]).read_text(encoding="utf-8")


def real_shell(name: str) -> str:
    """The shell's path, or a skip that says it is missing (.ci/run installs zsh and fish)."""
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not installed: the script is checked, not run")
    return path


def test_installed_zsh_completion(tmp_path):
    _, script = installed("zsh", tmp_path)

    # compinit reads the #compdef tag from the first line of a file named _memctl on fpath.
    assert script.splitlines()[0] == "#compdef memctl"
    assert "_MEMCTL_COMPLETE=complete_zsh memctl" in script


def test_installed_zsh_completion_registers_in_a_real_zsh(tmp_path):
    zsh = real_shell("zsh")
    home, _ = installed("zsh", tmp_path)

    done = sh(
        f"fpath=({home / '.zfunc'} $fpath); autoload -Uz compinit; compinit -u -d "
        f"{home / '.zcompdump'}; print -r -- $_comps[memctl]",
        minimal_env(home, PATH=os.environ["PATH"]),
        tmp_path,
        zsh,
    )

    assert done.stdout.strip() == "_memctl", done.stderr


def test_installed_fish_completion(tmp_path):
    _, script = installed("fish", tmp_path)

    assert script.startswith("complete --command memctl ")
    assert "_MEMCTL_COMPLETE=complete_fish" in script


def test_installed_fish_completion_completes_in_a_real_fish(tmp_path):
    fish = real_shell("fish")
    home, _ = installed("fish", tmp_path)

    done = sh(
        "complete --do-complete 'memctl cons'",
        minimal_env(home, XDG_CONFIG_HOME=str(home / ".config")),
        tmp_path,
        fish,
    )

    assert "consolidate" in done.stdout, done.stderr


# --------------------------------------------------------------------------- MCP


@pytest.mark.slow
def test_mcp_registrations_start_the_server(tmp_path):
    """The Claude Code line and the mcpServers entry name the same command, and that
    command serves the nine tools to the SDK's own client."""
    import anyio
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    words = shlex.split(recipe("mcp-claude-code"))
    assert words[:4] == ["claude", "mcp", "add", "memctl"] and words[4] == "--"
    entry = json.loads(recipe("mcp-json"))["mcpServers"]["memctl"]
    assert [entry["command"], *entry["args"]] == words[5:]
    root = tmp_path / "agent"
    init_workspace(root)
    args = [str(root) if arg == "/path/to/agent" else arg for arg in entry["args"]]
    assert str(root) in args

    async def tool_names() -> set[str]:
        params = StdioServerParameters(command=str(Path(BIN) / entry["command"]), args=args)
        with anyio.fail_after(60), (tmp_path / "stderr.log").open("w") as errlog:
            async with (
                stdio_client(params, errlog=errlog) as (read, write),
                ClientSession(read, write) as session,
            ):
                await session.initialize()
                return {tool.name for tool in (await session.list_tools()).tools}

    names = anyio.run(tool_names)

    assert names == set(MEMORY_TOOLS)
