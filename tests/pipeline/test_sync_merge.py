"""sync's merge, in-process and without git: the quick loop's share of tests/pipeline/test_sync.py."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memctl.core.config import parse_config
from memctl.core.errors import ConfigError
from memctl.core.forgotten import mask
from memctl.pipeline.sync import (
    _masked_in_place,
    _removed,
    _shrinks,
    merge_items,
    merge_memory,
    split_blocks,
)

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


def _line(n: int, text: str) -> str:
    return (
        json.dumps({"role": "user", "content": text, "ts": f"2026-01-01T10:00:0{n}+00:00"}) + "\n"
    )


def _purged(line: str, secret: str) -> str:
    """`line` as `memctl forget --purge` leaves it: the secret overwritten by its mask."""
    return line.replace(secret, mask(len(secret.encode())).decode())


def _merged_log(base: list[str], remote: list[str], local: list[str]) -> list[str]:
    """A thread log merged as sync merges one (`_merge_files`' log branch)."""
    sides = _masked_in_place([base, remote, local])
    merged = merge_items(*sides, appended=True)
    return (
        merge_items([], sides[1], sides[2]) if _shrinks(sides[2], merged, legacy=False) else merged
    )


def test_a_purge_mask_of_another_log_with_the_same_id_loses_no_line():
    # review17 #2: the remote's log is another one (a `thread rm` there, then a new
    # log, purged): its masked line 2 is no purge of the base's line 2, which stays.
    a, b, c = (
        _line(1, "alpha"),
        _line(2, "the db password is hunter2-correct-horse"),
        _line(3, "gamma"),
    )
    x, y = _line(4, "another log"), _line(5, "its token is sk-12345678901")
    merged = _merged_log([a, b], [x, _purged(y, "sk-12345678901")], [a, b, c])
    assert b in merged and a in merged and c in merged


def test_a_same_sized_masked_line_of_the_same_log_that_differs_elsewhere_is_no_mask():
    a, c = _line(1, "alpha"), _line(3, "gamma")
    b = _line(2, "the db password is hunter2-correct-horse")
    other = _line(2, "the db passcode is hunter2-correct-horse")  # same size, another word outside
    assert len(other) == len(b)
    sides = [[a, b], [a, _purged(other, "hunter2-correct-horse")], [a, b, c]]
    assert _masked_in_place(sides) == sides


def test_a_purge_on_the_remote_masks_the_line_in_place_everywhere():
    a, c = _line(1, "alpha"), _line(3, "gamma")
    b = _line(2, "the db password is hunter2-correct-horse")
    gone = _purged(b, "hunter2-correct-horse")
    assert _merged_log([a, b], [a, gone], [a, b, c]) == [a, gone, c]


@pytest.mark.parametrize("older", [True, False])
def test_an_older_memctls_short_mask_counts_as_a_purge_only_where_it_purged(older: bool) -> None:
    """Review 22 #6: a log line or ledger block the merge brings that holds `[~~]` stands
    for one a purge replaced only where the merged tombstones hold an older memctl's
    purge; elsewhere it is a user's text, and the line it would stand for is lost."""
    kept, lost = _line(1, "alpha"), _line(2, "beta")
    marker = _line(3, "Use the [~~] marker for blocked tasks.")
    assert _shrinks([kept, lost], [kept, marker], legacy=older) is not older
    block = "## Memory Flush\n\n- Use the [~~] marker.\n"
    assert _removed(["## Save\n\n- a\n"], [block], legacy=older) == (0 if older else 1)
