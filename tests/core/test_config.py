"""memctl.yaml through `memctl config validate` / `config show` on real workspaces.

A bad configuration must stop a run before anything happens: one line on stderr that
names the file and the key, exit 2, no traceback, and not a byte of the workspace changed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from memctl.cli.output import JSON_SCHEMA
from memctl.core.config import (
    DEFAULT_CONFIG_YAML,
    Config,
    FlushTrigger,
    ModelSpec,
    TruncateArgs,
    load_config,
    parse_config,
    parse_duration,
)
from memctl.core.prompts import DEFAULT_CONSOLIDATION_PROMPT, DEFAULT_FLUSH_PROMPT

BILLION_LAUGHS = """\
a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
"""


def write_config(workspace: Path, text: str | bytes) -> None:
    data = text.encode("utf-8") if isinstance(text, str) else text
    (workspace / "memctl.yaml").write_bytes(data)


def loaded(workspace: Path, text: str) -> Config:
    write_config(workspace, text)
    return load_config(workspace / "memctl.yaml")


# --------------------------------------------------------------------------- rejected inputs

REJECTED = {
    # name: (memctl.yaml, words the one error line must hold besides the file name)
    "malformed yaml": ("model: builtin\nmemory:\n  hooks: [true\n  tools: false\n", ["line 4"]),
    "tab indentation": ("memory:\n\thooks: true\n", ["invalid YAML", "line 2"]),
    "top-level not a mapping": ("- model\n- builtin\n", ["(top level)", "mapping"]),
    "unknown top key": ("modle: builtin\n", ["modle", "did you mean 'model'"]),
    "unknown memory key": ("memory:\n  hook: true\n", ["memory.hook", "'hooks'"]),
    "unknown compaction key": (
        "compaction:\n  trigger_message: 10\n",
        ["compaction.trigger_message", "'trigger_messages'"],
    ),
    "unknown eviction key": (
        "eviction:\n  treshold_chars: 10\n",
        ["eviction.treshold_chars", "'threshold_chars'"],
    ),
    "unknown redaction key": (
        "redaction:\n  enable: false\n",
        ["redaction.enable", "'enabled'"],
    ),
    "unknown model key": (
        "model: {name: 'openai:gpt-4.1-mini', api_bse: 'http://x'}\n",
        ["model.api_bse", "'api_base'"],
    ),
    "unknown memory.model key": (
        "memory:\n  model: {name: 'openai:gpt-4.1-mini', timout: 5s}\n",
        ["memory.model.timout", "'timeout'"],
    ),
    "unknown truncate_args key": (
        "compaction:\n  truncate_args: {max_arg_len: 5}\n",
        ["compaction.truncate_args.max_arg_len", "'max_arg_length'"],
    ),
    "unknown flush_trigger key": (
        "memory:\n  flush_trigger: {throttle: 10m}\n",
        ["memory.flush_trigger.throttle", "did you mean 'throttled'"],
    ),
    "unknown key with nothing near": ("zzzz: 1\n", ["zzzz", "unknown key"]),
    "boolean as string": ("memory:\n  hooks: 'yes'\n", ["memory.hooks", "true or false"]),
    "integer as string": (
        "compaction:\n  trigger_messages: '50'\n",
        ["compaction.trigger_messages", "integer"],
    ),
    "integer as boolean": (
        "eviction:\n  head_chars: true\n",
        ["eviction.head_chars", "integer"],
    ),
    "list as string": (
        "eviction:\n  exclude_tools: read_file\n",
        ["eviction.exclude_tools", "list of strings"],
    ),
    "section as list": ("memory: [hooks]\n", ["memory", "mapping"]),
    "model as number": ("model: 42\n", ["model", "model name or a mapping"]),
    "timezone as number": ("timezone: 5\n", ["timezone", "string"]),
    "zero max tokens": (
        "memory:\n  consolidation_max_tokens: 0\n",
        ["memory.consolidation_max_tokens", "at least 1"],
    ),
    "negative retention": (
        "memory:\n  daily_file_retention_days: -1\n",
        ["memory.daily_file_retention_days", "at least 1"],
    ),
    "zero threshold": ("eviction:\n  threshold_chars: 0\n", ["eviction.threshold_chars"]),
    "zero keep_messages": ("compaction:\n  keep_messages: 0\n", ["compaction.keep_messages"]),
    "keep_tokens below -1": ("compaction:\n  keep_tokens: -2\n", ["compaction.keep_tokens"]),
    "negative trigger": ("compaction:\n  trigger_tokens: -5\n", ["compaction.trigger_tokens"]),
    "zero timeout": (
        "model: {name: 'openai:gpt-4.1-mini', timeout: 0}\n",
        ["model.timeout", "positive"],
    ),
    "negative retries": (
        "model: {name: 'openai:gpt-4.1-mini', max_retries: -1}\n",
        ["model.max_retries", "at least 0"],
    ),
    "zero context window": (
        "model: {name: 'openai:gpt-4.1-mini', context_window: 0}\n",
        ["model.context_window", "at least 1"],
    ),
    "unparsable duration": (
        "memory:\n  consolidation_min_gap: soon\n",
        ["memory.consolidation_min_gap", "'soon'", "duration"],
    ),
    "duration with words": (
        "memory:\n  consolidation_min_gap: 30 minutes\n",
        ["memory.consolidation_min_gap", "duration"],
    ),
    "empty iso duration": ("memory:\n  consolidation_min_gap: PT\n", ["consolidation_min_gap"]),
    "zero duration": (
        "memory:\n  consolidation_min_gap: 0m\n",
        ["memory.consolidation_min_gap", "positive"],
    ),
    "duration as number": (
        "memory:\n  consolidation_min_gap: 30\n",
        ["memory.consolidation_min_gap", "duration"],
    ),
    "bad throttle duration": (
        "memory:\n  flush_trigger: {throttled: often}\n",
        ["memory.flush_trigger.throttled", "'often'"],
    ),
    "bad flush_trigger word": (
        "memory:\n  flush_trigger: sometimes\n",
        ["memory.flush_trigger", "'sometimes'"],
    ),
    "consolidation prompt with no %d": (
        "memory:\n  consolidation_prompt: 'Merge the notes.'\n",
        ["memory.consolidation_prompt", "exactly two %d", "found 0"],
    ),
    "consolidation prompt with one %d": (
        "memory:\n  consolidation_prompt: 'Keep it under %d tokens.'\n",
        ["memory.consolidation_prompt", "found 1"],
    ),
    "consolidation prompt with three %d": (
        "memory:\n  consolidation_prompt: '%d tokens, %d chars, %d lines'\n",
        ["memory.consolidation_prompt", "found 3"],
    ),
    "%% does not count as %d": (
        "memory:\n  consolidation_prompt: 'under %d tokens, 100%% sure'\n",
        ["memory.consolidation_prompt", "found 1"],
    ),
    "stray %s": (
        "memory:\n  consolidation_prompt: '%d tokens, %d chars, about %s'\n",
        ["memory.consolidation_prompt", "'%s'", "%%"],
    ),
    "summary prompt without {messages}": (
        "compaction:\n  summary_prompt: 'Summarise the conversation.'\n",
        ["compaction.summary_prompt", "{messages}"],
    ),
    "appended text breaks the summary prompt": (
        "compaction:\n  summary_prompt: 'Summarise.'\n  summary_prompt_append: 'Be brief.'\n",
        ["compaction.summary_prompt", "{messages}"],
    ),
    "missing prompt file": (
        "memory:\n  flush_prompt_file: prompts/flush.md\n",
        ["memory.flush_prompt_file", "file not found", "prompts/flush.md"],
    ),
    "prompt file outside the workspace": (
        "compaction:\n  summary_prompt_file: ../outside.md\n",
        ["compaction.summary_prompt_file", "outside the workspace"],
    ),
    "absolute prompt file outside the workspace": (
        "memory:\n  consolidation_prompt_file: /etc/hostname\n",
        ["memory.consolidation_prompt_file", "outside the workspace"],
    ),
    "prompt and prompt file both": (
        "memory:\n  flush_prompt: 'x'\n  flush_prompt_file: prompts/flush.md\n",
        ["memory.flush_prompt_file", "not both"],
    ),
    "empty prompt": ("memory:\n  flush_prompt: '  '\n", ["memory.flush_prompt", "empty"]),
    "alias bomb": (BILLION_LAUGHS, ["aliases"]),
    "model without provider": ("model: gpt4\n", ["model", "'gpt4'", "provider:model"]),
    "model with nothing after the colon": ("model: 'openai:'\n", ["model", "provider:model"]),
    "model with a space": ("model: 'open ai:gpt-4'\n", ["model", "provider:model"]),
    "bad memory model": ("memory:\n  model: local\n", ["memory.model", "'local'"]),
    "bad compaction model in a mapping": (
        "compaction:\n  model: {name: nope}\n",
        ["compaction.model.name", "'nope'"],
    ),
    "model mapping without a name": (
        "model: {api_base: 'http://127.0.0.1:1/v1'}\n",
        ["model.name", "required"],
    ),
    "unknown timezone": ("timezone: Mars/Olympus_Mons\n", ["timezone", "'Mars/Olympus_Mons'"]),
    "eviction root outside": ("eviction:\n  root: ../elsewhere\n", ["eviction.root", "inside"]),
    # memory_get reads whatever lies under the root: the workspace itself, its state,
    # config or logs would be handed to a model, and a root over memory/ would show
    # forgotten facts unmarked (review 31 A1, A2).
    **{
        f"eviction root {root}": (f"eviction:\n  root: {root}\n", ["eviction.root", "of its own"])
        for root in (".", "./", ".memctl", "threads", "memory", "memory/evicted", "MEMORY.md")
    },
    "eviction root .git/x": ("eviction:\n  root: .git/x\n", ["eviction.root", "of its own"]),
    "eviction root Memory": ("eviction:\n  root: Memory\n", ["eviction.root", "of its own"]),
    "bad redaction regex": (
        "redaction:\n  patterns: ['(unclosed']\n",
        ["redaction.patterns[1]", "invalid regex"],
    ),
}


@pytest.mark.parametrize("case", REJECTED, ids=list(REJECTED))
def test_bad_config_is_one_line_exit_2_and_changes_nothing(case, workspace, cli, snapshot):
    text, words = REJECTED[case]
    (workspace.parent / "outside.md").write_text("Summarise {messages}\n", encoding="utf-8")
    write_config(workspace, text)
    before = snapshot(workspace)

    run = cli("-w", workspace, "config", "validate")

    assert run.exit_code == 2, run.stderr
    assert run.stdout == ""
    lines = run.stderr.splitlines()
    assert len(lines) == 1, run.stderr
    assert lines[0].startswith("memctl: error: ")
    assert str(workspace / "memctl.yaml") in lines[0]
    for word in words:
        assert word in lines[0]
    assert "Traceback" not in run.stderr
    assert snapshot(workspace) == before


def test_malformed_yaml_points_at_the_line_and_column(workspace, cli):
    write_config(workspace, "timezone: local\nmemory:\n  hooks: true\n  tools: [yes\n")

    run = cli("-w", workspace, "config", "validate")

    assert run.exit_code == 2
    assert "invalid YAML at line 5, column 1" in run.stderr


def test_non_utf8_config_names_the_byte(workspace, cli, snapshot):
    write_config(workspace, b"timezone: local\nmodel: caf\xe9\n")
    before = snapshot(workspace)

    run = cli("-w", workspace, "config", "validate")

    assert run.exit_code == 2
    assert run.stderr.splitlines() == [
        f"memctl: error: {workspace / 'memctl.yaml'}: not UTF-8 (byte 26)"
    ]
    assert snapshot(workspace) == before


def test_non_utf8_prompt_file_names_the_key(workspace, cli):
    (workspace / "flush.md").write_bytes(b"Extract facts \xff\n")
    write_config(workspace, "memory:\n  flush_prompt_file: flush.md\n")

    run = cli("-w", workspace, "config", "validate")

    assert run.exit_code == 2
    assert "memory.flush_prompt_file: flush.md is not UTF-8 text" in run.stderr


def test_bad_memctl_model_override_is_named(workspace, cli, monkeypatch):
    monkeypatch.setenv("MEMCTL_MODEL", "not-a-model")

    run = cli("-w", workspace, "config", "validate")

    assert run.exit_code == 2
    assert run.stderr.splitlines() == [
        "memctl: error: environment: MEMCTL_MODEL: 'not-a-model' is not 'builtin' or "
        "'provider:model' (e.g. openai:gpt-4.1-mini)"
    ]


def test_bad_config_fails_every_command_that_reads_it(workspace, cli, snapshot):
    """A stage never starts on a bad configuration: the same line from another command."""
    write_config(workspace, "memory:\n  hook: true\n")
    before = snapshot(workspace)

    run = cli("-w", workspace, "thread", "append", "t1", "-", input='{"role":"user","content":"x"}')

    assert run.exit_code == 2
    assert "memory.hook: unknown key (did you mean 'hooks'?)" in run.stderr
    assert snapshot(workspace) == before


def test_json_error_is_one_document_on_stdout(workspace, cli):
    write_config(workspace, "modle: builtin\n")

    run = cli("-w", workspace, "--json", "config", "validate")

    assert run.exit_code == 2
    document = json.loads(run.stdout)
    assert document["exit_code"] == 2
    assert "did you mean 'model'" in document["error"]


# --------------------------------------------------------------------------- accepted inputs


def test_the_init_template_is_exactly_the_defaults(workspace):
    assert (workspace / "memctl.yaml").read_text(encoding="utf-8") == DEFAULT_CONFIG_YAML
    assert load_config(workspace / "memctl.yaml") == Config()


def test_an_empty_file_is_the_defaults(workspace):
    assert loaded(workspace, "") == Config()
    assert loaded(workspace, "# nothing here\n") == Config()


def test_validate_says_valid_on_stderr(workspace, cli):
    run = cli("-w", workspace, "config", "validate")

    assert run.exit_code == 0
    assert run.stdout == ""
    assert run.stderr == f"config validate: {workspace / 'memctl.yaml'}: valid\n"


def test_validate_json(workspace, cli):
    run = cli("-w", workspace, "--json", "config", "validate")

    assert run.exit_code == 0
    assert json.loads(run.stdout) == {
        "schema": JSON_SCHEMA,
        "valid": True,
        "path": str(workspace / "memctl.yaml"),
    }


CUSTOM = """\
model: {name: 'openai:my-model', api_base: 'http://127.0.0.1:9/v1', api_key_env: MY_KEY,
        context_window: 8192, timeout: 90s, max_retries: 1}
timezone: Europe/Paris
memory:
  model: 'anthropic:claude-haiku-4-5'
  flush_prompt_append: Also keep phone numbers out.
  consolidation_max_tokens: 1500
  consolidation_min_gap: 1h30m
  flush_trigger: {throttled: 10m}
compaction:
  trigger_messages: 0
  trigger_tokens: 30000
  keep_tokens: 0
  truncate_args: {max_arg_length: 100}
eviction:
  exclude_tools: [read_file, grep_files]
  root: big/results
redaction:
  patterns: ['ticket-(\\d+)', {name: employee, regex: 'EMP[0-9]{6}'}]
"""


@pytest.mark.parametrize("text", [DEFAULT_CONFIG_YAML, CUSTOM], ids=["defaults", "custom"])
def test_config_show_round_trips(text, workspace, cli):
    original = loaded(workspace, text)

    shown = cli("-w", workspace, "config", "show")
    assert shown.exit_code == 0, shown.stderr
    write_config(workspace, shown.stdout)

    assert load_config(workspace / "memctl.yaml") == original
    again = cli("-w", workspace, "config", "show")
    assert again.stdout == shown.stdout


def test_custom_values_are_read(workspace):
    config = loaded(workspace, CUSTOM)

    assert config.model == ModelSpec(
        "openai:my-model",
        api_base="http://127.0.0.1:9/v1",
        api_key_env="MY_KEY",
        context_window=8192,
        timeout=90.0,
        max_retries=1,
    )
    assert config.memory_model == ModelSpec("anthropic:claude-haiku-4-5")
    assert config.compaction_model == config.model
    assert config.timezone == "Europe/Paris"
    assert config.memory.consolidation_min_gap == 5400
    assert config.memory.flush_trigger == FlushTrigger("throttled", 600)
    assert config.compaction.truncate_args == TruncateArgs(max_arg_length=100)
    assert config.eviction.exclude_tools == ("read_file", "grep_files")
    assert config.redaction.patterns == (("custom", r"ticket-(\d+)"), ("employee", "EMP[0-9]{6}"))


def test_config_show_json_is_the_effective_config(workspace, cli):
    config = loaded(workspace, CUSTOM)

    run = cli("-w", workspace, "--json", "config", "show")

    assert run.exit_code == 0
    document = json.loads(run.stdout)
    assert document == {"schema": JSON_SCHEMA, **json.loads(json.dumps(config.to_dict()))}
    assert document["memory"]["consolidation_min_gap"] == "90m"
    assert document["model"]["name"] == "openai:my-model"


def test_prompt_append_adds_to_the_default(workspace):
    config = loaded(workspace, "memory:\n  flush_prompt_append: Never record passwords.\n")

    assert config.memory.flush_prompt == (
        DEFAULT_FLUSH_PROMPT.rstrip("\n") + "\n\nNever record passwords.\n"
    )
    assert config.memory.consolidation_prompt == DEFAULT_CONSOLIDATION_PROMPT


def test_prompt_file_is_read_and_append_added(workspace):
    (workspace / "prompts").mkdir()
    (workspace / "prompts" / "summary.md").write_text(
        "Summarise in French:\n{messages}\n", encoding="utf-8"
    )
    config = loaded(
        workspace,
        "compaction:\n  summary_prompt_file: prompts/summary.md\n"
        "  summary_prompt_append: Keep names.\n",
    )

    assert config.compaction.summary_prompt == "Summarise in French:\n{messages}\n\nKeep names.\n"


def test_consolidation_prompt_with_two_d_and_percent_literal_is_accepted(workspace):
    prompt = "Keep MEMORY.md under %d tokens (%d chars); 100%% of decisions."
    config = loaded(workspace, f"memory:\n  consolidation_prompt: '{prompt}'\n")

    assert config.memory.consolidation_prompt == prompt


def test_memctl_model_overrides_the_main_model(workspace, cli, monkeypatch):
    write_config(workspace, "memory:\n  model: 'anthropic:claude-haiku-4-5'\n")
    monkeypatch.setenv("MEMCTL_MODEL", "openai:gpt-4.1-mini")

    run = cli("-w", workspace, "config", "show")

    shown = yaml.safe_load(run.stdout)
    assert shown["model"] == "openai:gpt-4.1-mini"
    assert shown["memory"]["model"] == "anthropic:claude-haiku-4-5"
    override = load_config(workspace / "memctl.yaml", "openai:gpt-4.1-mini")
    assert override.compaction_model == ModelSpec("openai:gpt-4.1-mini")


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("30m", 1800),
        ("2h", 7200),
        ("1d", 86400),
        ("1h30m", 5400),
        ("PT30M", 1800),
        ("45s", 45),
        ("1w", 604800),
        ("P1D", 86400),
        ("PT1H30M", 5400),
        ("P1DT2H", 93600),
    ],
)
def test_durations(text, seconds, workspace):
    assert parse_duration(text) == seconds
    config = loaded(workspace, f"memory:\n  consolidation_min_gap: {text}\n")
    assert config.memory.consolidation_min_gap == seconds


def test_parse_config_without_workspace_refuses_prompt_files():
    data = yaml.safe_load("memory:\n  flush_prompt_file: x.md\n")
    with pytest.raises(
        Exception, match=r"memory\.flush_prompt_file: prompt files need a workspace"
    ):
        parse_config(data, "inline")


def test_the_parsed_config_is_cached_by_its_whole_text(workspace: Path) -> None:
    """An unchanged memctl.yaml is read back from .memctl/config.json (no `import
    yaml` at start-up); any edit is parsed again, and a bad edit is still an error."""
    from memctl.core.config import PARSED_CACHE, load_config
    from memctl.core.errors import ConfigError

    (workspace / ".memctl").mkdir(exist_ok=True)
    path = workspace / "memctl.yaml"
    path.write_text("timezone: UTC\nmemory:\n  consolidation_max_tokens: 1234\n", encoding="utf-8")
    first = load_config(path)
    cache = workspace / PARSED_CACHE
    assert (
        json.loads(cache.read_text(encoding="utf-8"))["data"]["memory"]["consolidation_max_tokens"]
        == 1234
    )
    assert load_config(path) == first

    path.write_text("timezone: UTC\nmemory:\n  consolidation_max_tokens: 99\n", encoding="utf-8")
    assert load_config(path).memory.consolidation_max_tokens == 99
    path.write_text("timezone: UTC\nmemory:\n  consolidation_max_tokens: nope\n", encoding="utf-8")
    with pytest.raises(ConfigError):
        load_config(path)


def test_the_default_config_names_every_memory_tool_or_none():
    """Audit 11 #11: the comment on memory.tools named 4 of the 9 tools."""
    from memctl.turn.tools import MEMORY_TOOL_NAMES

    named = set(re.findall(r"\b(?:memory|thread)_[a-z]+\b", DEFAULT_CONFIG_YAML))
    assert named in (set(), set(MEMORY_TOOL_NAMES))
