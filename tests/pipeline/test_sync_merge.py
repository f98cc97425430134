"""sync's merge, in-process and without git: the quick loop's share of tests/pipeline/test_sync.py."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memctl.core.config import parse_config
from memctl.core.errors import ConfigError
from memctl.pipeline.sync import merge_items, merge_memory, split_blocks

TODAY_BLOCK = "## Memory Save — 2026-01-0{n}T10:00:00+00:00\n\n- fact {n}\n"


def test_merge_keeps_both_sides_additions_once_in_a_fixed_order():
    base = ["a", "b"]
    assert merge_items(base, ["a", "b", "r"], ["a", "b", "l"]) == ["a", "b", "r", "l"]
    # added on both sides (a sync killed after its push): kept once
    assert merge_items(base, ["a", "b", "x"], ["a", "b", "x"]) == ["a", "b", "x"]
    # a removal on either side (a forget) wins
    assert merge_items(base, ["a", "b", "r"], ["b"]) == ["b", "r"]
    # with no base (a rewritten remote): a union, nothing removed
    assert merge_items([], ["r"], ["a", "b"]) == ["r", "a", "b"]


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.sampled_from("abcdef"), max_size=6),
    st.lists(st.sampled_from("abcdefgh"), max_size=4),
    st.lists(st.sampled_from("abcdefgh"), max_size=4),
)
def test_merge_of_appends_loses_nothing_and_converges(base, theirs, ours):
    remote, local = base + theirs, base + ours
    merged = merge_items(base, remote, local)
    assert merged[: len(remote)] == remote  # the remote only grows at its end
    for item in set(merged):
        assert merged.count(item) == max(remote.count(item), local.count(item))
    # the other machine merging the result back changes nothing more
    assert merge_items(remote, merged, remote) == merged


def test_blocks_are_the_same_whether_last_or_not():
    one = split_blocks(TODAY_BLOCK.format(n=1))
    two = split_blocks(TODAY_BLOCK.format(n=1) + "\n" + TODAY_BLOCK.format(n=2))
    assert two[0] == one[0]


def test_memory_md_changed_on_both_sides_keeps_the_remote_and_local_new_lines():
    base = "# Memory\n- a\n"
    merged, both = merge_memory(base, "# Memory\n- a\n- remote\n", "# Memory\n- a\n- local\n")
    assert both and merged == "# Memory\n- a\n- remote\n- local\n"
    assert merge_memory(base, "x\n", base) == ("x\n", False)
    assert merge_memory(base, base, "y\n") == ("y\n", False)


@pytest.mark.parametrize(
    ("section", "message"),
    [
        ("{share: [ledgers, secrets]}", "sync.share: 'secrets' is not one of"),
        ("{every: soon}", "sync.every: cannot read 'soon'"),
        ("{branch: '../x'}", "sync.branch: '../x' is not a branch name"),
        ("{remote: ''}", "sync.remote: must not be empty"),
        ("{remot: x}", "sync.remot: unknown key (did you mean 'remote'?)"),
    ],
)
def test_bad_sync_settings_are_named(section, message):
    import yaml

    with pytest.raises(ConfigError, match=re.escape(message)):
        parse_config(yaml.safe_load(f"sync: {section}"), "memctl.yaml")


def test_sync_defaults_share_ledgers_and_memory_only():
    config = parse_config({"sync": {"remote": "/srv/m.git", "every": "15m"}}, "memctl.yaml")
    assert config.sync.share == ("ledgers", "memory") and config.sync.every == 900
    assert parse_config({}, "memctl.yaml").sync.remote is None


def test_memory_md_merge_keeps_each_local_line_in_its_section():
    """A line saved before the first `## ` heading stays there, a line under a person's
    heading stays under it, and a section the remote lacks comes with its heading."""
    base = "# Memory\n\n## Carol\n\n- Carol owns billing\n\n## Dana\n\n- Dana is on call\n"
    remote = base.replace("- Dana is on call\n", "- Dana is on call\n- Dana flies Monday\n")
    local = (
        "# Memory\n\n- the build uses uv\n\n## Carol\n\n- Carol owns billing\n"
        "- Carol is in Berlin\n\n## Dana\n\n- Dana is on call\n\n## Erin\n\n- Erin joined\n"
    )
    merged, both = merge_memory(base, remote, local)
    assert both
    assert merged == (
        "# Memory\n\n- the build uses uv\n\n## Carol\n\n- Carol owns billing\n"
        "- Carol is in Berlin\n\n## Dana\n\n- Dana is on call\n- Dana flies Monday\n"
        "\n## Erin\n\n- Erin joined\n"
    )
    # A remote that opens with a section: the saved line goes before it.
    merged, _ = merge_memory(
        "## Carol\n- a\n", "## Carol\n- a\n- b\n", "- saved\n\n## Carol\n- a\n"
    )
    assert merged == "- saved\n\n## Carol\n- a\n- b\n"
    # A heading inside a code fence starts no section.
    fenced = "- x\n```\n## not a heading\n```\n\n## Carol\n- a\n"
    merged, _ = merge_memory("## Carol\n- a\n", "## Carol\n- a\n- b\n", fenced)
    assert merged is not None and merged.startswith("- x\n```\n## not a heading\n```\n\n## Carol")


def test_memory_md_merge_keeps_the_remotes_line_ends():
    base = "## Carol\r\n- a\r\n"
    merged, _ = merge_memory(base, "## Carol\r\n- a\r\n- b\r\n", "- saved\n\n## Carol\n- a\n")
    assert merged == "- saved\r\n\r\n## Carol\r\n- a\r\n- b\r\n"
    # Nothing the local side added: the remote's text as it is.
    assert merge_memory(base, "## Carol\r\n- b\r\n", "## Carol\n") == ("## Carol\r\n- b\r\n", True)
