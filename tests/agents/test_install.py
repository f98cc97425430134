"""install / uninstall: merged into existing settings, taken out byte for byte."""

from __future__ import annotations

import difflib
import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from memctl.agents.claude_code import CLAUDE_EVENTS

CLAUDE_SETTINGS = {
    "two-space": json.dumps(
        {
            "permissions": {"allow": ["Bash(npm test)"], "deny": []},
            "hooks": {
                "Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}],
                "PreToolUse": [
                    {"matcher": "Bash", "hooks": [{"type": "command", "command": "guard.sh"}]}
                ],
            },
            "model": "opus",
        },
        indent=2,
    )
    + "\n",
    "by-hand": '{ "env": {"FOO": "bär"},\n\t"hooks": {"Stop": []}, "statusLine": {"type": "command", "command": "x"} }',
    "empty-hooks": '{\n  "hooks": {}\n}\n',
    "empty-file": "",
}


def settings_path(project: Path) -> Path:
    return project / ".claude" / "settings.json"


@pytest.fixture
def project(tmp_path, monkeypatch):
    folder = tmp_path / "shop"
    folder.mkdir()
    monkeypatch.setenv("PATH", str(tmp_path / "no-claude-here"))  # no `claude` to run
    return folder


def hook_groups(data: dict, event: str) -> list[dict]:
    return data.get("hooks", {}).get(event, [])


@pytest.mark.parametrize("name", sorted(CLAUDE_SETTINGS))
def test_claude_install_merges_and_uninstall_restores_bytes(cli, workspace, project, name):
    path = settings_path(project)
    path.parent.mkdir()
    original = CLAUDE_SETTINGS[name]
    path.write_text(original, encoding="utf-8")
    result = cli("-w", workspace, "install", "claude-code", "--project", project)
    assert result.exit_code == 0, result.stderr
    installed = json.loads(path.read_text(encoding="utf-8"))
    before = json.loads(original) if original.strip() else {}
    for key, value in before.items():  # nothing that was there is disturbed
        if key != "hooks":
            assert installed[key] == value
    for event, groups in before.get("hooks", {}).items():
        assert hook_groups(installed, event)[: len(groups)] == groups
    for event, matcher, _ in CLAUDE_EVENTS:
        ours = hook_groups(installed, event)[-1]
        assert ours.get("matcher") == matcher
        assert ours["hooks"][0]["command"].endswith(f"-w {workspace} hook claude-code")
    server = json.loads((project / ".mcp.json").read_text())["mcpServers"]["memctl"]
    assert server["args"] == ["-w", str(workspace), "mcp"]
    again = cli("-w", workspace, "install", "claude-code", "--project", project)
    assert json.loads(path.read_text(encoding="utf-8")) == installed  # idempotent
    assert again.exit_code == 0 and "no file to change" in again.stderr
    done = cli("-w", workspace, "uninstall", "claude-code", "--project", project)
    assert done.exit_code == 0, done.stderr
    assert path.read_bytes() == original.encode("utf-8")
    assert not (project / ".mcp.json").exists()


def test_claude_install_creates_and_uninstall_deletes(cli, workspace, project):
    cli("-w", workspace, "install", "claude-code", "--project", project)
    assert settings_path(project).is_file()
    cli("-w", workspace, "uninstall", "claude-code", "--project", project)
    assert not (project / ".claude").exists()


def test_claude_install_names_the_two_first_start_answers_until_memctl_is_approved(
    cli, workspace, project
):
    """Claude Code 2.1.332 asks, on its first interactive start in the project, to trust
    the folder, then whether to use the new MCP server (preselected: without it); it
    records the approval in .claude/settings.local.json, and then nothing is left to do."""
    installed = cli("-w", workspace, "install", "claude-code", "--project", project)
    assert '"Yes, I trust this folder"' in installed.stderr
    assert '"Use this MCP server" for memctl' in installed.stderr
    local = project / ".claude" / "settings.local.json"
    local.write_text('{\n  "enabledMcpjsonServers": [\n    "memctl"\n  ]\n}')
    again = cli("-w", workspace, "install", "claude-code", "--project", project, "--recall")
    assert again.exit_code == 0 and "still to do" not in again.stderr, again.stderr


def test_uninstall_keeps_what_the_user_changed_since(cli, workspace, project):
    path = settings_path(project)
    path.parent.mkdir()
    path.write_text(CLAUDE_SETTINGS["two-space"], encoding="utf-8")
    cli("-w", workspace, "install", "claude-code", "--project", project, "--recall")
    data = json.loads(path.read_text())
    assert hook_groups(data, "UserPromptSubmit")
    data["model"] = "sonnet"
    path.write_text(json.dumps(data, indent=2) + "\n")
    cli("-w", workspace, "uninstall", "claude-code", "--project", project)
    left = json.loads(path.read_text())
    expected = json.loads(CLAUDE_SETTINGS["two-space"])
    expected["model"] = "sonnet"
    assert left == expected


def test_install_dry_run_shows_the_diff_and_changes_nothing(cli, workspace, project, snapshot):
    path = settings_path(project)
    path.parent.mkdir()
    path.write_text(CLAUDE_SETTINGS["two-space"], encoding="utf-8")
    before = snapshot(project.parent)
    result = cli("-w", workspace, "install", "claude-code", "--project", project, "--dry-run")
    assert result.exit_code == 0
    assert f"--- {path}" in result.stdout and '+    "SessionStart": [' in result.stdout
    assert f"--- /dev/null\n+++ {project / '.mcp.json'}" in result.stdout
    assert snapshot(project.parent) == before


def test_user_install_writes_the_home_settings(cli, workspace, project, tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    result = cli("-w", workspace, "install", "claude-code", "--user")
    assert result.exit_code == 0
    assert (home / ".claude" / "settings.json").is_file()
    assert "--scope user" in result.stdout
    cli("-w", workspace, "uninstall", "claude-code", "--user")
    assert not (home / ".claude").exists()


def test_claude_mcp_add_is_run_when_claude_is_on_path(
    cli, workspace, project, tmp_path, monkeypatch
):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    calls = tmp_path / "calls.txt"
    fake = bin_dir / "claude"
    fake.write_text(f'#!/bin/sh\necho "$PWD $*" >> {calls}\n')
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    result = cli("-w", workspace, "install", "claude-code", "--user", "--project", project)
    assert result.exit_code == 0 and "ran claude mcp add" in result.stderr
    cli("-w", workspace, "uninstall", "claude-code", "--user", "--project", project)
    lines = calls.read_text().splitlines()
    assert lines[0].startswith(f"{project} mcp add --scope user memctl -- ")
    assert lines[0].endswith(f"-w {workspace} mcp")
    assert lines[1] == f"{project} mcp remove --scope user memctl"


def test_a_failing_claude_mcp_add_is_exit_1(cli, workspace, project, tmp_path, monkeypatch):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "claude"
    fake.write_text("#!/bin/sh\necho 'already exists' >&2\nexit 1\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    result = cli("-w", workspace, "install", "claude-code", "--user")
    assert result.exit_code == 1
    assert "already exists" in result.stderr


def test_the_installed_command_runs(cli, workspace, project):
    (workspace / "MEMORY.md").write_text("- Ship on Fridays.\n")
    cli("-w", workspace, "install", "claude-code", "--project", project)
    data = json.loads(settings_path(project).read_text())
    command = hook_groups(data, "SessionStart")[-1]["hooks"][0]["command"]
    stdin = json.dumps(
        {
            "session_id": "s",
            "transcript_path": str(project / "s.jsonl"),
            "cwd": str(project),
            "hook_event_name": "SessionStart",
            "source": "startup",
        }
    )
    done = subprocess.run(
        command, shell=True, input=stdin, capture_output=True, text=True, cwd=project
    )
    assert done.returncode == 0, done.stderr
    assert (
        "- Ship on Fridays." in json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
    )


def test_a_settings_file_that_is_not_json_is_exit_2_and_untouched(cli, workspace, project):
    path = settings_path(project)
    path.parent.mkdir()
    path.write_text("{ not json")
    result = cli("-w", workspace, "install", "claude-code", "--project", project)
    assert result.exit_code == 2
    assert "not valid JSON" in result.stderr
    assert path.read_text() == "{ not json"


# --------------------------------------------------------------------------- Codex


CODEX_CONFIG = {
    "tables": 'model = "gpt-5-codex"\n\n# my servers\n[mcp_servers.docs]\ncommand = "docs-mcp"\n',
    "no-newline": 'model = "o3"\n[features]\nweb_search = true',
    "none": None,
    "tables after": (
        'model = "o3"\n[mcp_servers.docs]\ncommand = "docs-mcp"\n[profiles.fast]\n'
        'model = "o4-mini"\n'
    ),
}


@pytest.fixture
def codex_home(tmp_path, monkeypatch):
    home = tmp_path / "codex-home"
    monkeypatch.setenv("CODEX_HOME", str(home))
    return home


@pytest.mark.parametrize("notify", [False, True])
@pytest.mark.parametrize("name", sorted(CODEX_CONFIG))
def test_codex_install_round_trip(cli, workspace, project, codex_home, name, notify):
    config = codex_home / "config.toml"
    original = CODEX_CONFIG[name]
    if original is not None:
        codex_home.mkdir()
        config.write_text(original, encoding="utf-8")
    args = ["--user", *(["--notify"] if notify else [])]
    result = cli("-w", workspace, "install", "codex", *args)
    assert result.exit_code == 0, result.stderr
    parsed = tomllib.loads(config.read_text())
    assert parsed["mcp_servers"]["memctl"]["args"] == ["-w", str(workspace), "mcp"]
    # A table after memctl's stands apart from it by a blank line (audit 7:
    # `[profiles.fast]` followed its last line directly).
    text = config.read_text()
    after = text.split("[mcp_servers.memctl]\n", 1)[1].split("\n[", 1)
    assert len(after) == 1 or after[0].endswith("\n"), text
    if original:
        for key, value in tomllib.loads(original).items():
            if key != "mcp_servers":
                assert parsed[key] == value
    hooks = codex_home / "hooks.json"
    if notify:
        assert parsed["notify"][-4:] == ["-w", str(workspace), "hook", "codex"]
        assert not hooks.exists()
    else:
        events = json.loads(hooks.read_text())["hooks"]
        assert sorted(events) == ["SessionStart", "Stop"]
    cli("-w", workspace, "uninstall", "codex", "--user")
    if original is None:
        assert not codex_home.exists()
    else:
        assert config.read_bytes() == original.encode("utf-8")
        assert not hooks.exists()


def test_codex_project_install_writes_dot_codex(cli, workspace, project, codex_home):
    result = cli("-w", workspace, "install", "codex", "--project", project, "--recall")
    assert result.exit_code == 0
    events = json.loads((project / ".codex" / "hooks.json").read_text())["hooks"]
    assert sorted(events) == ["SessionStart", "Stop", "UserPromptSubmit"]
    assert (project / ".codex" / "config.toml").is_file()
    assert not codex_home.exists()


@pytest.mark.parametrize(
    "text, problem",
    [
        ('notify = ["say", "done"]\n', "already sets notify"),
        ('[mcp_servers.memctl]\ncommand = "other"\n', "already has [mcp_servers.memctl]"),
        ("model = \n", "not valid TOML"),
    ],
)
def test_codex_conflicts_are_exit_2_and_change_nothing(cli, workspace, codex_home, text, problem):
    codex_home.mkdir()
    config = codex_home / "config.toml"
    config.write_text(text)
    result = cli("-w", workspace, "install", "codex", "--user", "--notify")
    assert result.exit_code == 2
    assert problem in result.stderr
    assert config.read_text() == text
    assert not (codex_home / "hooks.json").exists()


def test_notify_is_for_codex_only(cli, workspace, project):
    result = cli("-w", workspace, "install", "claude-code", "--project", project, "--notify")
    assert result.exit_code == 2
    assert "--notify is for codex" in result.stderr


def test_an_unknown_agent_is_exit_2(cli, workspace, project):
    result = cli("-w", workspace, "install", "cursor", "--project", project)
    assert result.exit_code == 2
    assert "unknown agent 'cursor'" in result.stderr


@pytest.mark.parametrize("indent", [2, 4, "\t"])
def test_install_only_adds_lines_and_keeps_no_copy(cli, workspace, project, indent):
    path = settings_path(project)
    path.parent.mkdir()
    original = json.dumps(
        {
            "env": {"ANTHROPIC_API_KEY": "sk-ant-secret-value"},
            "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "say done"}]}]},
            "model": "opus",
        },
        indent=indent,
    )
    original = original.replace('"model": "opus"', '"model":   "opus"')  # by hand
    path.write_text(original, encoding="utf-8")
    cli("-w", workspace, "install", "claude-code", "--project", project)
    old, new = original.splitlines(), path.read_text().splitlines()
    removed = [line for line in difflib.ndiff(old, new) if line.startswith("- ")]
    assert removed == []
    assert "sk-ant-secret-value" not in (workspace / ".memctl" / "installs.json").read_text()
    cli("-w", workspace, "uninstall", "claude-code", "--project", project)
    assert path.read_text() == original


def test_a_compact_file_stays_compact(cli, workspace, project):
    path = settings_path(project)
    path.parent.mkdir()
    original = '{"permissions": {"allow": []}, "hooks": {"Stop": []}}'
    path.write_text(original)
    cli("-w", workspace, "install", "claude-code", "--project", project)
    text = path.read_text()
    assert "\n" not in text and text.startswith(
        '{"permissions": {"allow": []}, "hooks": {"Stop": [{'
    )
    cli("-w", workspace, "uninstall", "claude-code", "--project", project)
    assert path.read_text() == original


# --------------------------------------------------------------------------- issue 22

FAKE_CLAUDE = """#!{python}
# `claude mcp add/remove --scope user` as Claude Code 2.1.332 does them: the entry in
# $HOME/.claude.json; add refuses an entry that exists, remove one that does not.
import json, os, sys
path = os.path.join(os.environ["HOME"], ".claude.json")
data = json.load(open(path)) if os.path.exists(path) else {{}}
servers = data.setdefault("mcpServers", {{}})
args = sys.argv[1:]
name = args[4]
if args[1] == "add":
    if name in servers:
        sys.exit(f"MCP server {{name}} already exists in user config")
    command, *rest = args[args.index("--") + 1 :]
    servers[name] = {{"type": "stdio", "command": command, "args": rest, "env": {{}}}}
elif name not in servers:
    sys.exit(f"No user-scoped MCP server found with name: {{name}}")
else:
    del servers[name]
json.dump(data, open(path, "w"), indent=2)
"""


@pytest.fixture
def claude_on_path(tmp_path, monkeypatch):
    """A `claude` that keeps its user servers as the real one does, and a scratch HOME."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "claude"
    fake.write_text(FAKE_CLAUDE.format(python=sys.executable))
    fake.chmod(0o755)
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("HOME", str(home))
    return home


@pytest.mark.parametrize("user", [True, False])
def test_installing_twice_is_a_no_op_exit_0(cli, workspace, project, claude_on_path, user):
    """Issue 22.1: `claude mcp add` refuses an entry that exists; a second install must
    not run it (nor fail), and uninstall twice must not fail either."""
    scope = ["--user"] if user else []
    args = ["-w", workspace, "install", "claude-code", *scope, "--project", project]
    first = cli(*args)
    assert first.exit_code == 0, first.stderr
    files = {p: p.read_bytes() for p in claude_on_path.parent.rglob("*") if p.is_file()}
    again = cli(*args)
    assert again.exit_code == 0, again.stderr
    assert "failed" not in again.stderr
    assert {p: p.read_bytes() for p in files} == files
    if user:
        servers = json.loads((claude_on_path / ".claude.json").read_text())["mcpServers"]
        assert servers["memctl"]["args"] == ["-w", str(workspace), "mcp"]
    for _ in range(2):
        done = cli("-w", workspace, "uninstall", "claude-code", *scope, "--project", project)
        assert done.exit_code == 0, done.stderr
    if user:
        assert json.loads((claude_on_path / ".claude.json").read_text())["mcpServers"] == {}


def test_install_uninstall_leaves_no_mcp_json(cli, workspace, project, claude_on_path):
    """Issue 22.2: a project without .mcp.json has none after install and uninstall."""
    cli("-w", workspace, "install", "claude-code", "--project", project)
    assert (project / ".mcp.json").is_file()
    cli("-w", workspace, "uninstall", "claude-code", "--project", project)
    assert sorted(p.name for p in project.iterdir()) == []


def test_a_project_mcp_json_keeps_its_other_servers(cli, workspace, project):
    mcp = project / ".mcp.json"
    original = '{\n  "mcpServers": {\n    "docs": {"command": "docs-mcp"}\n  }\n}\n'
    mcp.write_text(original)
    cli("-w", workspace, "install", "claude-code", "--project", project)
    assert sorted(json.loads(mcp.read_text())["mcpServers"]) == ["docs", "memctl"]
    data = json.loads(mcp.read_text())
    data["mcpServers"]["web"] = {"command": "web-mcp"}  # the user adds one meanwhile
    mcp.write_text(json.dumps(data, indent=2) + "\n")
    cli("-w", workspace, "uninstall", "claude-code", "--project", project)
    assert sorted(json.loads(mcp.read_text())["mcpServers"]) == ["docs", "web"]


@pytest.mark.parametrize("name", ["two-space", "by-hand", None])
def test_an_upgrade_keeps_the_true_original(cli, workspace, project, name):
    """Issue 22.3: install, install --recall (an upgrade), uninstall: the original comes
    back, not the first install's output (which held all its hook groups)."""
    path = settings_path(project)
    original = None if name is None else CLAUDE_SETTINGS[name]
    if original is not None:
        path.parent.mkdir()
        path.write_text(original)
    cli("-w", workspace, "install", "claude-code", "--project", project)
    upgraded = cli("-w", workspace, "install", "claude-code", "--project", project, "--recall")
    assert upgraded.exit_code == 0
    assert hook_groups(json.loads(path.read_text()), "UserPromptSubmit")
    done = cli("-w", workspace, "uninstall", "claude-code", "--project", project)
    assert done.exit_code == 0, done.stderr
    if original is None:
        assert not (project / ".claude").exists()
    else:
        assert path.read_text() == original


OLD_MARKER_INSTALL = (
    'model = "o3"\n'
    "# >>> memctl notify (memctl uninstall removes this block) >>>\n"
    'notify = ["memctl", "-w", "{ws}", "hook", "codex"]\n'
    "# <<< memctl <<<\n"
    "[features]\nweb_search = true\n"
    "# >>> memctl mcp_servers.memctl (memctl uninstall removes this block) >>>\n"
    "[mcp_servers.memctl]\n"
    'command = "memctl"\n'
    'args = ["-w", "{ws}", "mcp"]\n'
    '[projects."/src/shop"]\n'
    'trust_level = "trusted"\n'
    "# <<< memctl <<<\n"
)


def test_codex_keeps_what_codex_writes_beside_and_after_memctl(cli, workspace, codex_home):
    """Issue 22.4: Codex appends trust tables and keys after memctl's table; uninstall
    removes exactly memctl's keys and tables and keeps those."""
    codex_home.mkdir()
    config = codex_home / "config.toml"
    config.write_text('model = "o3"\n\n# my servers\n[mcp_servers.docs]\ncommand = "docs-mcp"\n')
    assert cli("-w", workspace, "install", "codex", "--user").exit_code == 0
    lines = config.read_text().splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith("args = ")) + 1
    lines[at:at] = [  # what Codex's trust review and config API add, right after it
        '\n[projects."/src/shop"]\ntrust_level = "trusted"\n\n',
        '[hooks.state."user:hooks.json:Stop:0:0"]\ntrusted_hash = "sha256:ab12"\n',
    ]
    config.write_text("".join(lines))
    done = cli("-w", workspace, "uninstall", "codex", "--user")
    assert done.exit_code == 0, done.stderr
    left = tomllib.loads(config.read_text())
    assert left["projects"] == {"/src/shop": {"trust_level": "trusted"}}
    assert left["hooks"]["state"]["user:hooks.json:Stop:0:0"]["trusted_hash"] == "sha256:ab12"
    assert left["mcp_servers"] == {"docs": {"command": "docs-mcp"}}
    assert "# my servers" in config.read_text()


def rewrite_mcp_tables(config: Path) -> None:
    """What `codex mcp add` does to config.toml: every mcp_servers table written again
    (comments among them gone), the rest kept."""
    data = tomllib.loads(config.read_text())
    servers = data.pop("mcp_servers", {})
    head = "".join(
        f"{key} = {json.dumps(value)}\n"
        for key, value in data.items()
        if not isinstance(value, dict)
    )
    tables = "".join(
        f"\n[mcp_servers.{name}]\n"
        + "".join(f"{key} = {json.dumps(value)}\n" for key, value in table.items())
        for name, table in {**servers, "docs": {"command": "docs-mcp"}}.items()
    )
    config.write_text(head + tables)


def test_codex_survives_codex_mcp_add_rewriting_the_tables(cli, workspace, codex_home):
    codex_home.mkdir()
    config = codex_home / "config.toml"
    config.write_text('model = "o3"\n')
    assert cli("-w", workspace, "install", "codex", "--user").exit_code == 0
    rewrite_mcp_tables(config)
    again = cli("-w", workspace, "install", "codex", "--user")  # a re-install works
    assert again.exit_code == 0, again.stderr
    done = cli("-w", workspace, "uninstall", "codex", "--user")
    assert done.exit_code == 0, done.stderr
    assert tomllib.loads(config.read_text()) == {
        "model": "o3",
        "mcp_servers": {"docs": {"command": "docs-mcp"}},
    }
    assert not (codex_home / "hooks.json").exists()


def test_an_old_marker_block_install_is_migrated(cli, workspace, codex_home):
    """The marker comments go; what Codex wrote inside the old block stays."""
    codex_home.mkdir()
    config = codex_home / "config.toml"
    config.write_text(OLD_MARKER_INSTALL.replace("{ws}", str(workspace)))
    installed = cli("-w", workspace, "install", "codex", "--user", "--notify")
    assert installed.exit_code == 0, installed.stderr
    text = config.read_text()
    assert "# >>> memctl" not in text and "# <<< memctl" not in text
    assert tomllib.loads(text)["projects"] == {"/src/shop": {"trust_level": "trusted"}}
    done = cli("-w", workspace, "uninstall", "codex", "--user")
    assert done.exit_code == 0, done.stderr
    assert tomllib.loads(config.read_text()) == {
        "model": "o3",
        "features": {"web_search": True},
        "projects": {"/src/shop": {"trust_level": "trusted"}},
    }


def test_switching_between_hooks_and_notify(cli, workspace, codex_home):
    """Issue 22.6: hooks -> notify switches (not "no file to change"); notify -> hooks
    takes notify out (both would import every turn twice)."""
    codex_home.mkdir()
    config, hooks = codex_home / "config.toml", codex_home / "hooks.json"
    original = 'model = "o3"\n'
    config.write_text(original)
    assert cli("-w", workspace, "install", "codex", "--user").exit_code == 0
    assert hooks.is_file()
    to_notify = cli("-w", workspace, "install", "codex", "--user", "--notify")
    assert to_notify.exit_code == 0, to_notify.stderr
    assert "no file to change" not in to_notify.stderr
    assert "notify" in tomllib.loads(config.read_text())
    assert not hooks.exists()
    to_hooks = cli("-w", workspace, "install", "codex", "--user")
    assert to_hooks.exit_code == 0, to_hooks.stderr
    assert "notify" not in tomllib.loads(config.read_text())
    assert sorted(json.loads(hooks.read_text())["hooks"]) == ["SessionStart", "Stop"]
    assert cli("-w", workspace, "uninstall", "codex", "--user").exit_code == 0
    assert config.read_text() == original
    assert not hooks.exists()


def test_an_old_block_without_its_end_marker_loses_nothing(cli, workspace, codex_home):
    """Issue 24.10: the end marker removed by hand: uninstall takes out memctl's keys,
    never everything after the begin marker."""
    codex_home.mkdir()
    config = codex_home / "config.toml"
    text = OLD_MARKER_INSTALL.replace("{ws}", str(workspace)).replace("# <<< memctl <<<\n", "")
    config.write_text(text + '\n[mcp_servers.docs]\ncommand = "docs-mcp"\n')
    done = cli("-w", workspace, "uninstall", "codex", "--user")
    assert done.exit_code == 0, done.stderr
    assert tomllib.loads(config.read_text()) == {
        "model": "o3",
        "features": {"web_search": True},
        "projects": {"/src/shop": {"trust_level": "trusted"}},
        "mcp_servers": {"docs": {"command": "docs-mcp"}},
    }


def test_install_writes_through_a_symlink_and_keeps_crlf(cli, workspace, project, tmp_path):
    """Issue 24.11: a settings.json linked into dotfiles stays a link, its target gets
    the hooks in CRLF, and uninstall gives the target back its very bytes."""
    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    target = dotfiles / "claude-settings.json"
    original = b'{\r\n  "model": "opus",\r\n  "hooks": {}\r\n}\r\n'
    target.write_bytes(original)
    path = settings_path(project)
    path.parent.mkdir()
    path.symlink_to(target)
    assert cli("-w", workspace, "install", "claude-code", "--project", project).exit_code == 0
    assert path.is_symlink()
    data = target.read_bytes()
    assert hook_groups(json.loads(data), "SessionStart")
    assert b"\n" not in data.replace(b"\r\n", b"")
    assert cli("-w", workspace, "uninstall", "claude-code", "--project", project).exit_code == 0
    assert path.is_symlink() and target.read_bytes() == original


def test_install_refuses_a_dangling_symlink_and_uninstall_keeps_a_link(
    cli, workspace, project, tmp_path, snapshot
):
    """Audit 11 #2: a link to a missing file is refused (no folder made wherever it
    points, nothing written), and uninstall writes through a link, never deletes it."""
    target = tmp_path / "dotfiles" / "claude" / "settings.json"
    path = settings_path(project)
    path.parent.mkdir()
    path.symlink_to(target)
    before = snapshot(project)
    run = cli("-w", workspace, "install", "claude-code", "--project", project)
    assert run.exit_code == 2 and run.stderr.count("\n") == 1
    assert "symlink to a missing file" in run.stderr and "nothing written" in run.stderr
    assert not (tmp_path / "dotfiles").exists() and snapshot(project) == before
    assert not (workspace / ".memctl" / "installs.json").exists()

    # A file install created, which the user then moved into dotfiles behind a link.
    path.unlink()
    assert cli("-w", workspace, "install", "claude-code", "--project", project).exit_code == 0
    target.parent.mkdir(parents=True)
    path.rename(target)
    path.symlink_to(target)
    run = cli("-w", workspace, "uninstall", "claude-code", "--project", project)
    assert run.exit_code == 0, run.stderr
    assert path.is_symlink() and target.is_file()
    assert "hook claude-code" not in target.read_text()


FAKE_CODEX = """#!{python}
# `codex app-server` as Codex 0.171 answers `hooks/list`: each hook of
# $CODEX_HOME/hooks.json with its trustStatus ("trusted" when config.toml holds
# hooks.state for its key, as Codex's own review writes it); like the real one it
# refuses an initialize whose clientInfo has no version, and then every request.
import json, os, sys, tomllib
home = os.environ["CODEX_HOME"]
path = os.path.join(home, "hooks.json")
config = os.path.join(home, "config.toml")
state = tomllib.load(open(config, "rb")).get("hooks", {{}}).get("state", {{}}) if os.path.exists(config) else {{}}
initialized = False
for line in sys.stdin:
    message = json.loads(line)
    if message.get("id") == 1 and "version" not in message["params"]["clientInfo"]:
        error = {{"code": -32600, "message": "Invalid request: missing field `version`"}}
        print(json.dumps({{"error": error, "id": 1}}), flush=True)
    elif message.get("id") == 1:
        initialized = True
        print(json.dumps({{"id": 1, "result": {{}}}}), flush=True)
    elif not initialized and "id" in message:
        error = {{"code": -32600, "message": "Not initialized"}}
        print(json.dumps({{"error": error, "id": message["id"]}}), flush=True)
    elif message.get("method") == "hooks/list":
        hooks = []
        data = json.load(open(path)) if os.path.exists(path) else {{"hooks": {{}}}}
        for event, groups in data["hooks"].items():
            for g, group in enumerate(groups):
                for h, hook in enumerate(group["hooks"]):
                    key = f"{{path}}:{{event.lower()}}:{{g}}:{{h}}"
                    status = "trusted" if key in state else "untrusted"
                    hooks.append({{"key": key, "eventName": event, "command": hook["command"],
                                  "trustStatus": status}})
        print(json.dumps({{"id": 2, "result": {{"data": [{{"hooks": hooks}}]}}}}), flush=True)
"""


@pytest.fixture
def codex_on_path(tmp_path, monkeypatch, codex_home):
    bin_dir = tmp_path / "codex-bin"
    bin_dir.mkdir()
    fake = bin_dir / "codex"
    fake.write_text(FAKE_CODEX.format(python=sys.executable))
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    return codex_home


def test_codex_install_says_how_to_review_its_hooks_and_doctor_reports_them(
    cli, workspace, project, codex_on_path, monkeypatch
):
    """Issue 22.5: Codex runs only reviewed hooks and says nothing of the others: install
    prints the step, doctor fails on hooks that are installed but would not run."""
    monkeypatch.chdir(project)
    installed = cli("-w", workspace, "install", "codex", "--user")
    assert installed.exit_code == 0, installed.stderr
    assert "still to do: Codex runs only hooks you have reviewed" in installed.stderr
    assert "/hooks and press t" in installed.stderr
    doctor = cli("-w", workspace, "doctor", "--offline")
    assert doctor.exit_code == 1
    assert "FAIL  codex hooks: installed but not reviewed" in doctor.stdout
    # What Codex's review writes (`t` in /hooks): then the hooks run, and all is well.
    keys = [f"{codex_on_path / 'hooks.json'}:{event}:0:0" for event in ("sessionstart", "stop")]
    with (codex_on_path / "config.toml").open("a") as handle:
        for key in keys:
            handle.write(f'\n[hooks.state."{key}"]\ntrusted_hash = "sha256:00"\n')
    again = cli("-w", workspace, "install", "codex", "--user")
    assert again.exit_code == 0 and "still to do" not in again.stderr
    doctor = cli("-w", workspace, "doctor", "--offline")
    assert "ok    codex hooks: reviewed" in doctor.stdout


def test_a_codex_project_install_says_the_project_must_be_trusted(
    cli, workspace, project, codex_on_path, monkeypatch
):
    """Codex 0.171 lists no hook of an untrusted project, so they cannot count as
    reviewed: install names both steps (trust the folder, then the hooks), and doctor
    fails on the trust alone rather than calling the hooks reviewed."""
    installed = cli("-w", workspace, "install", "codex", "--project", project)
    assert installed.exit_code == 0, installed.stderr
    assert f"only in a trusted project: start `codex` in {project}" in installed.stderr
    assert "Codex runs only hooks you have reviewed" in installed.stderr
    monkeypatch.chdir(project)  # doctor checks the project it is run in
    doctor = cli("-w", workspace, "doctor", "--offline")
    assert "FAIL  codex project trust" in doctor.stdout
    assert "codex hooks: reviewed" not in doctor.stdout


def memctl_commands(data: dict, agent: str) -> list[tuple[str, str]]:
    """(event, command) of every hook in a hooks file that runs `memctl … hook AGENT`."""
    return [
        (event, hook["command"])
        for event, groups in data.get("hooks", {}).items()
        for group in groups
        for hook in group["hooks"]
        if f"hook {agent}" in hook["command"]
    ]


def edit_commands(path: Path, agent: str, edit) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    for groups in data["hooks"].values():
        for group in groups:
            for hook in group["hooks"]:
                if f"hook {agent}" in hook["command"]:
                    hook["command"] = edit(hook["command"])
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def test_a_hook_command_the_user_edited_is_still_memctls(cli, workspace, project):
    """Audit 7 #2: the README says to edit the command to choose `--output text`; after
    that, `install --recall` added every hook a second time, and uninstall said
    "restored" while the edited hooks stayed and kept importing sessions."""
    path = settings_path(project)
    path.parent.mkdir()
    path.write_text(CLAUDE_SETTINGS["two-space"], encoding="utf-8")
    cli("-w", workspace, "install", "claude-code", "--project", project)
    edit_commands(path, "claude-code", lambda command: command + " --output text")
    upgraded = cli("-w", workspace, "install", "claude-code", "--project", project, "--recall")
    assert upgraded.exit_code == 0, upgraded.stderr
    ours = memctl_commands(json.loads(path.read_text()), "claude-code")
    events = [event for event, _ in ours]
    assert sorted(events) == sorted({e for e, _, _ in CLAUDE_EVENTS} | {"UserPromptSubmit"})
    assert all(command.endswith("--output text") for e, command in ours if e != "UserPromptSubmit")
    done = cli("-w", workspace, "uninstall", "claude-code", "--project", project)
    assert done.exit_code == 0, done.stderr
    assert path.read_text() == CLAUDE_SETTINGS["two-space"]
    assert f"uninstall claude-code: restored {path}" in done.stderr
    # Edited after the last install: uninstall takes memctl's hooks out, and says so
    # rather than "restored" (it cannot know the bytes the file had).
    cli("-w", workspace, "install", "claude-code", "--project", project)
    edit_commands(path, "claude-code", lambda command: command + " -q")
    done = cli("-w", workspace, "uninstall", "claude-code", "--project", project)
    assert done.exit_code == 0, done.stderr
    assert json.loads(path.read_text()) == json.loads(CLAUDE_SETTINGS["two-space"])
    assert "restored" not in done.stderr
    assert f"uninstall claude-code: removed memctl's entries from {path}" in done.stderr


def test_a_hook_of_another_workspace_or_program_is_not_memctls(cli, workspace, project, tmp_path):
    path = settings_path(project)
    path.parent.mkdir()
    other = tmp_path / "other-ws"
    theirs = [
        f"memctl -w {other} hook claude-code",
        "memctl hook claude-code",
        f"echo memctl -w {workspace} hook claude-code",
        f"memctl -w {workspace} hook codex",
    ]
    data = {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": c} for c in theirs]}]}}
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    cli("-w", workspace, "install", "claude-code", "--project", project)
    installed = json.loads(path.read_text())
    assert [h["command"] for h in hook_groups(installed, "Stop")[0]["hooks"]] == theirs
    assert len(hook_groups(installed, "Stop")) == 2  # memctl's own group added beside
    cli("-w", workspace, "uninstall", "claude-code", "--project", project)
    assert json.loads(path.read_text()) == data


@pytest.mark.parametrize(
    "edit",
    [
        lambda command: command.replace(" -w ", " -q -w ", 1),
        lambda command: command + " -q",
        lambda command: command.replace(" -w ", " --workspace=", 1),
        lambda command: command.replace(" -w ", " -w", 1),  # -wDIR
        lambda command: command.replace(" -w ", " --color never -w ", 1),
        lambda command: command.replace(" -w ", " --color=never --no-redact -w ", 1),
    ],
)
def test_codex_hooks_the_user_edited_are_still_memctls(cli, workspace, codex_home, edit):
    hooks = codex_home / "hooks.json"
    cli("-w", workspace, "install", "codex", "--user")
    edit_commands(hooks, "codex", edit)
    edited = memctl_commands(json.loads(hooks.read_text()), "codex")
    upgraded = cli("-w", workspace, "install", "codex", "--user", "--recall")
    assert upgraded.exit_code == 0, upgraded.stderr
    ours = memctl_commands(json.loads(hooks.read_text()), "codex")
    assert sorted(ours) == sorted([*edited, ("UserPromptSubmit", ours[-1][1])])
    done = cli("-w", workspace, "uninstall", "codex", "--user")
    assert done.exit_code == 0, done.stderr
    assert not hooks.exists()
    assert f"uninstall codex: deleted {hooks}" in done.stderr


def test_a_notify_line_the_user_edited_is_still_memctls(cli, workspace, codex_home):
    config = codex_home / "config.toml"
    cli("-w", workspace, "install", "codex", "--user", "--notify")
    text = config.read_text()
    assert text.count(' "-w", ') == 1
    config.write_text(text.replace(' "-w", ', ' "-q", "-w", '))
    again = cli("-w", workspace, "install", "codex", "--user", "--notify")
    assert again.exit_code == 0, again.stderr
    assert tomllib.loads(config.read_text())["notify"][1] == "-q"
    cli("-w", workspace, "uninstall", "codex", "--user")
    assert not codex_home.exists()


def test_a_hook_command_holding_a_nul_is_not_memctls_and_breaks_nothing(
    cli, workspace, project, codex_home, monkeypatch
):
    """Review 14 #12: a hook command whose workspace holds a NUL byte made `Path.resolve`
    raise ValueError out of the check whether it is memctl's, so install, uninstall and
    doctor crashed on such a file. It is another program's hook, kept as it is."""
    command = f"memctl -w {project}/a\x00b hook claude-code"
    path = settings_path(project)
    path.parent.mkdir()
    data = {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": command}]}]}}
    original = json.dumps(data, indent=2) + "\n"
    path.write_text(original, encoding="utf-8")
    installed = cli("-w", workspace, "install", "claude-code", "--project", project)
    assert installed.exit_code == 0, installed.stderr
    assert hook_groups(json.loads(path.read_text()), "Stop")[0] == data["hooks"]["Stop"][0]
    done = cli("-w", workspace, "uninstall", "claude-code", "--project", project)
    assert done.exit_code == 0, done.stderr
    assert path.read_text(encoding="utf-8") == original
    # doctor reads Codex's hooks.json the same way.
    codex_home.mkdir()
    theirs = command.replace("claude-code", "codex")
    codex = {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": theirs}]}]}}
    (codex_home / "hooks.json").write_text(json.dumps(codex), encoding="utf-8")
    monkeypatch.chdir(project)
    doctor = cli("-w", workspace, "doctor", "--offline")
    assert doctor.exit_code == 0, doctor.stdout + doctor.stderr
    assert "Traceback" not in doctor.stderr + doctor.stdout
    assert "codex hooks" not in doctor.stdout


def test_a_crlf_codex_config_gets_its_blank_line_and_its_bytes_back(cli, workspace, codex_home):
    """Review 14 #15: memctl's table stands apart from a table after it by a blank line
    in a config.toml with CRLF line ends too (the editors get its text in LF: see
    `_keeping_endings`), every line of it CRLF; uninstall gives the bytes back."""
    codex_home.mkdir()
    config = codex_home / "config.toml"
    original = CODEX_CONFIG["tables after"].replace("\n", "\r\n").encode("utf-8")
    config.write_bytes(original)
    result = cli("-w", workspace, "install", "codex", "--user")
    assert result.exit_code == 0, result.stderr
    text = config.read_bytes().decode("utf-8")
    after = text.split("[mcp_servers.memctl]\r\n", 1)[1].split("\r\n[", 1)
    assert len(after) == 2 and after[0].endswith("\r\n"), text
    assert "\n" not in text.replace("\r\n", "")  # no bare "\n" came in
    cli("-w", workspace, "uninstall", "codex", "--user")
    assert config.read_bytes() == original


@pytest.mark.parametrize("end", ["\n", "\r\n"])
def test_spacing_memctls_codex_table_reads_lf_and_crlf_alike(end):
    """`codex._spaced` gets LF text from install, but a CRLF text given to it is spaced
    as well (its header ends in "\\r"), the blank line in the text's own line ends."""
    from memctl.agents.codex import _spaced

    lines = ['model = "o3"', "[mcp_servers.memctl]", 'command = "memctl"', "[profiles.fast]"]
    text = end.join([*lines, ""])
    spaced = end.join([*lines[:3], "", *lines[3:], ""])
    assert _spaced(text) == spaced
    assert _spaced(spaced) == spaced


def test_codex_uninstall_drops_the_review_entries_of_memctls_own_hooks(
    cli, workspace, codex_home, tmp_path, monkeypatch
):
    """Audit 15: uninstall left `[hooks.state."…hooks.json:stop:…"]`, Codex's review of
    memctl's own Stop hook, naming a hook that is gone. It goes; the review of a hook of
    the user's, and the project's trust, stay."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    codex_home.mkdir()
    hooks_json = codex_home / "hooks.json"
    hooks_json.write_text(
        json.dumps({"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "say done"}]}]}})
    )
    config = codex_home / "config.toml"
    config.write_text('model = "o3"\n\n[projects."/src/shop"]\ntrust_level = "trusted"\n')
    assert cli("-w", workspace, "install", "codex", "--user").exit_code == 0
    groups = json.loads(hooks_json.read_text())["hooks"]
    keys = [  # as Codex 0.171's review writes them: PATH:event:GROUP:HOOK, in snake case
        f"{hooks_json}:{re.sub(r'(?<=[a-z])(?=[A-Z])', '_', event).lower()}:{number}:0"
        for event, listed in groups.items()
        for number, _ in enumerate(listed)
    ]
    # the real binary's key (tests/system/agents/test_codex.py saw it stay: review 26)
    assert f"{hooks_json}:stop:1:0" in keys and f"{hooks_json}:session_start:0:0" in keys
    with config.open("a") as handle:
        for key in [*keys, f"{hooks_json}:stop:1"]:  # and an older Codex's group key
            handle.write(f'\n[hooks.state."{key}"]\ntrusted_hash = "sha256:00"\n')
    done = cli("-w", workspace, "uninstall", "codex", "--user")
    assert done.exit_code == 0, done.stderr
    left = tomllib.loads(config.read_text())
    assert left["hooks"]["state"] == {f"{hooks_json}:stop:0:0": {"trusted_hash": "sha256:00"}}
    assert left["projects"] == {"/src/shop": {"trust_level": "trusted"}}
    assert (
        json.loads(hooks_json.read_text())["hooks"]["Stop"][0]["hooks"][0]["command"] == "say done"
    )


@pytest.mark.parametrize("tables", ["[hooks.state]\n", "[hooks]\n\n[hooks.state]\n"])
def test_codex_uninstall_drops_the_hooks_table_its_review_entries_emptied(
    cli, workspace, codex_home, tmp_path, monkeypatch, tables
):
    """Review 24 M17: with only memctl's own hooks reviewed, uninstall leaves no empty
    `[hooks.state]` nor `[hooks]` table behind (Codex may write its review entries in
    one `[hooks.state]` table, as here, or each in its own `[hooks.state."…"]`)."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    codex_home.mkdir()
    config = codex_home / "config.toml"
    config.write_text('model = "o3"\n')
    assert cli("-w", workspace, "install", "codex", "--user").exit_code == 0
    hooks_json = codex_home / "hooks.json"
    groups = json.loads(hooks_json.read_text())["hooks"]
    with config.open("a") as handle:
        handle.write(f"\n{tables}")
        for event, listed in groups.items():
            for number, _ in enumerate(listed):
                snake = re.sub(r"(?<=[a-z])(?=[A-Z])", "_", event).lower()
                key = f"{hooks_json}:{snake}:{number}:0"
                handle.write(f'"{key}" = {{ trusted_hash = "sha256:00" }}\n')
    done = cli("-w", workspace, "uninstall", "codex", "--user")
    assert done.exit_code == 0, done.stderr
    assert "hooks" not in tomllib.loads(config.read_text())
    assert "[hooks" not in config.read_text(), config.read_text()
