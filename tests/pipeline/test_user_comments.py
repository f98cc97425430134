"""A user's own HTML comment in MEMORY.md is what they wrote down: forget, purge, undo
and explain read it as text, as search does since review 18 #5 (only memctl's own
markers, `memory.is_marker`, are no fact). A purge must find a secret inside one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from memctl.core.forgotten import Forgotten, fact_key
from memctl.core.memory import commented
from memctl.pipeline.history import _not_forgotten
from tests.support.helpers import configure

VAULT = "orange-falcon-42"
MEMORY = (
    "# Memory\n\n"
    "<!-- merged by memctl builtin -->\n\n"
    f"<!-- staging vault code {VAULT}, rotate it monthly -->\n"
    "- Dana leads the payments team.\n"
    "<!-- TODO: the VPN key lives in 1Password -->\n"
)


def write_memory(root: Path) -> None:
    configure(root)
    (root / "MEMORY.md").write_text(MEMORY, encoding="utf-8")


def test_a_purge_masks_a_secret_inside_a_users_comment(cli: Any, workspace: Path) -> None:
    write_memory(workspace)
    run = cli("-w", workspace, "--json", "forget", VAULT, "--purge")
    assert run.exit_code == 0, run.stderr
    assert "MEMORY.md" in json.loads(run.stdout)["purged"]
    text = (workspace / "MEMORY.md").read_text(encoding="utf-8")
    assert VAULT not in text
    assert "<!-- merged by memctl builtin -->" in text  # memctl's marker untouched
    assert "- Dana leads the payments team." in text


def test_a_forget_finds_a_fact_a_user_wrote_in_a_comment(cli: Any, workspace: Path) -> None:
    write_memory(workspace)
    run = cli("-w", workspace, "forget", "the VPN key lives in 1Password")
    assert run.exit_code == 0, run.stderr
    text = (workspace / "MEMORY.md").read_text(encoding="utf-8")
    assert "VPN key" not in text
    assert "- Dana leads the payments team." in text and "merged by memctl" in text


def test_memctls_own_marker_is_no_fact_to_forget(cli: Any, workspace: Path) -> None:
    write_memory(workspace)
    run = cli("-w", workspace, "forget", "merged by memctl builtin")
    assert run.exit_code != 0
    assert (workspace / "MEMORY.md").read_text(encoding="utf-8") == MEMORY


def test_explain_reads_a_users_comment_as_a_line_of_memory(cli: Any, workspace: Path) -> None:
    write_memory(workspace)
    run = cli("-w", workspace, "--json", "explain", "MEMORY.md:7")
    assert run.exit_code == 0, run.stderr
    assert "VPN key" in run.stdout
    marker = cli("-w", workspace, "explain", "MEMORY.md:3")
    assert marker.exit_code == 2
    assert (
        "MEMORY.md:3 is not a bullet (a heading, a marker memctl wrote or blank)" in marker.stderr
    )


def test_an_undo_leaves_out_a_users_comment_stating_a_forgotten_fact() -> None:
    gone = Forgotten({fact_key("the VPN key lives in 1Password")})
    kept, dropped = _not_forgotten(MEMORY.encode(), gone)
    assert dropped == 1
    assert b"VPN key" not in kept and b"merged by memctl builtin" in kept


HIDDEN = (
    "- We deploy on Tuesdays.\n"
    "<!-- old notes, kept hidden:\n"
    "- The staging password rotation is monthly.\n"
    "-->\n"
    "- The release train leaves on Fridays.\n"
)


def test_a_forget_never_cuts_a_comment_over_several_lines(cli: Any, workspace: Path) -> None:
    """Review 20 #4: deleting the opener alone made the hidden bullet a live fact (search
    found it, the prompt hook injected it) and left a stray `-->`. The comment is one
    unit: a forget naming any line of it is refused, naming its lines."""
    configure(workspace)
    (workspace / "MEMORY.md").write_text(HIDDEN, encoding="utf-8")
    for target in ("old notes", "staging password rotation", "MEMORY.md:2", "MEMORY.md:3"):
        run = cli("-w", workspace, "forget", target)
        assert run.exit_code == 2, (target, run.stdout, run.stderr)
        assert "MEMORY.md:2-4" in run.stderr and len(run.stderr.strip().splitlines()) == 1
        assert (workspace / "MEMORY.md").read_text(encoding="utf-8") == HIDDEN
    run = cli("-w", workspace, "forget", "release train")  # the facts around it still go
    assert run.exit_code == 0, run.stderr
    assert (workspace / "MEMORY.md").read_text(encoding="utf-8") == HIDDEN.replace(
        "- The release train leaves on Fridays.\n", ""
    )


def test_a_purge_masks_inside_a_comment_over_several_lines(cli: Any, workspace: Path) -> None:
    configure(workspace)
    (workspace / "MEMORY.md").write_text(HIDDEN, encoding="utf-8")
    run = cli("-w", workspace, "forget", "password rotation", "--purge")
    assert run.exit_code == 0, run.stderr
    lines = (workspace / "MEMORY.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5 and "password rotation" not in "\n".join(lines)
    assert lines[1] == "<!-- old notes, kept hidden:" and lines[3] == "-->"


def test_an_undo_keeps_a_comment_over_several_lines_whole() -> None:
    gone = Forgotten({fact_key("old notes, kept hidden:"), fact_key("-->")})
    kept, dropped = _not_forgotten(HIDDEN.encode(), gone)
    assert (kept, dropped) == (HIDDEN.encode(), 0)


INDENTED = (
    "- We deploy on Tuesdays.\n"
    "  <!-- old notes, kept hidden:\n"
    "  the staging password rotation is monthly\n"
    "  -->\n"
    "- The release train leaves on Fridays.\n"
)


def test_forget_and_undo_read_a_comment_over_lines_alike(cli: Any, workspace: Path) -> None:
    """A comment over lines opening among a fact's continuation lines: one reading
    (`memory.commented`) for forget's units (the fact stops before the opener; a line
    inside is refused), forget's rewrite of MEMORY.md (the fact goes, the comment
    stays whole) and undo (`history._not_forgotten` keeps it whole)."""
    assert commented(INDENTED.splitlines()) == {1: (1, 3), 2: (1, 3), 3: (1, 3)}
    configure(workspace)
    (workspace / "MEMORY.md").write_text(INDENTED, encoding="utf-8")
    refused = cli("-w", workspace, "forget", "staging password rotation")
    assert refused.exit_code == 2 and "MEMORY.md:2-4" in refused.stderr

    run = cli("-w", workspace, "forget", "deploy on Tuesdays")

    assert run.exit_code == 0, run.stderr
    after = INDENTED.replace("- We deploy on Tuesdays.\n", "")
    assert (workspace / "MEMORY.md").read_text(encoding="utf-8") == after
    gone = Forgotten({fact_key("the staging password rotation is monthly")})
    assert _not_forgotten(INDENTED.encode(), gone) == (INDENTED.encode(), 0)


IN_CODE = {
    # Review 22 #3: a `<!--` in code is shown as written, no comment: the facts after it
    # are memory (search reads them), and forget must take them.
    "inline": "- In our docs, a comment starts with `<!--` and ends two lines later.\n",
    "inline_double": "- The marker is ``<!-- ` --`` in the parser tests.\n",
    "fenced": "- The docs template:\n\n```html\n<!-- a comment\n```\n\n",
    "tilde_fenced": "~~~\n<!--\n~~~\n",
}


@pytest.mark.parametrize("case", sorted(IN_CODE))
def test_a_comment_opener_in_code_opens_no_comment(cli: Any, workspace: Path, case: str) -> None:
    configure(workspace)
    text = f"# Memory\n\n{IN_CODE[case]}- Dana deploys on Fridays.\n- The staging database is Postgres 16.\n"
    (workspace / "MEMORY.md").write_text(text, encoding="utf-8")
    run = cli("-w", workspace, "forget", "Postgres 16")
    assert run.exit_code == 0, run.stderr
    after = (workspace / "MEMORY.md").read_text(encoding="utf-8")
    assert after == text.replace("- The staging database is Postgres 16.\n", "")
    lines = after.splitlines()
    run = cli(
        "-w", workspace, "forget", f"MEMORY.md:{lines.index('- Dana deploys on Fridays.') + 1}"
    )
    assert run.exit_code == 0, run.stderr
    assert "Dana" not in (workspace / "MEMORY.md").read_text(encoding="utf-8")


def test_a_comment_after_a_code_span_still_opens_one(cli: Any, workspace: Path) -> None:
    """Code is skipped, not the rest of the line: a real comment after a code span (or
    after a closed code block) is still one unit that forget does not cut."""
    configure(workspace)
    text = "- Run `make`. <!-- old notes:\n- hidden\n-->\n```\ncode\n```\n<!-- b\n- c\n-->\n- Dana deploys.\n"
    (workspace / "MEMORY.md").write_text(text, encoding="utf-8")
    for target in ("MEMORY.md:2", "MEMORY.md:8"):
        run = cli("-w", workspace, "forget", target)
        assert run.exit_code == 2, (target, run.stderr)
        assert "a comment over several lines" in run.stderr
    run = cli("-w", workspace, "forget", "Dana deploys")
    assert run.exit_code == 0, run.stderr


def test_a_saved_fact_holding_a_comment_opener_leaves_later_facts_forgettable(
    cli: Any, workspace: Path
) -> None:
    """Review 22 #8 (M8): a `<!--` said in a fact is saved escaped (`\\<!--`) and opens
    no comment, so a fact saved after it can still be forgotten."""
    configure(workspace)
    run = cli("-w", workspace, "save", "HTML comments start with <!-- and need a closer.")
    assert run.exit_code == 0, run.stderr
    assert "\\<!--" in (workspace / "MEMORY.md").read_text(encoding="utf-8")
    run = cli("-w", workspace, "save", "The staging database is Postgres 16.")
    assert run.exit_code == 0, run.stderr
    run = cli("-w", workspace, "forget", "Postgres 16")
    assert run.exit_code == 0, run.stderr
    text = (workspace / "MEMORY.md").read_text(encoding="utf-8")
    assert "Postgres" not in text and "\\<!--" in text
