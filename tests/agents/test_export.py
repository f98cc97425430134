"""export --agents-md / --claude-md: the memory block between markers, replaced in place."""

from __future__ import annotations

import json

import pytest

from memctl.agents.codex import AGENTS_MD_LIMIT
from memctl.agents.export import BEGIN, END
from memctl.core.memory import CONTEXT_CAP


def block_of(text: str) -> str:
    return text[text.index(BEGIN) : text.index(END) + len(END)]


def test_export_appends_then_replaces_in_place(cli, workspace, tmp_path):
    (workspace / "MEMORY.md").write_text("- Ship on Fridays.\n")
    target = tmp_path / "AGENTS.md"
    target.write_text("# Shop\n\nRun `make test` before committing.\n")
    result = cli("-w", workspace, "export", "--agents-md", target)
    assert result.exit_code == 0, result.stderr
    text = target.read_text()
    assert text.startswith("# Shop\n\nRun `make test` before committing.\n\n" + BEGIN)
    assert "- Ship on Fridays." in block_of(text)
    target.write_text(text + "\n## Later section\nkept\n")
    (workspace / "MEMORY.md").write_text("- Ship on Thursdays.\n")
    cli("-w", workspace, "export", "--agents-md", target)
    text = target.read_text()
    assert text.count(BEGIN) == 1
    assert "Thursdays" in text and "Fridays" not in text
    assert text.endswith("## Later section\nkept\n")
    again = cli("-w", workspace, "export", "--agents-md", target)
    assert "unchanged" in again.stderr


def test_export_creates_claude_md(cli, workspace, tmp_path):
    target = tmp_path / "CLAUDE.md"
    result = cli("-w", workspace, "export", "--claude-md", target)
    assert result.exit_code == 0
    assert target.read_text().startswith(BEGIN)


def test_export_dry_run_prints_the_diff(cli, workspace, tmp_path):
    (workspace / "MEMORY.md").write_text("- Ship on Fridays.\n")
    target = tmp_path / "CLAUDE.md"
    target.write_text("# Notes\n")
    result = cli("-w", workspace, "export", "--claude-md", target, "--dry-run")
    assert "+- Ship on Fridays." in result.stdout
    assert target.read_text() == "# Notes\n"


def test_an_export_is_recorded_by_its_absolute_path_and_a_dry_run_is_not(
    cli, workspace, tmp_path, monkeypatch
):
    """What a forget refreshes: every file an export wrote, once, as given (relative to
    the folder the export ran in)."""
    monkeypatch.chdir(tmp_path)
    cli("-w", workspace, "export", "--claude-md", "CLAUDE.md", "--dry-run")
    assert not (workspace / ".memctl" / "state.json").exists()

    cli("-w", workspace, "export", "--agents-md", "AGENTS.md")
    cli("-w", workspace, "export", "--agents-md", tmp_path / "AGENTS.md")

    state = json.loads((workspace / ".memctl" / "state.json").read_text())
    assert state["exports"] == {str(tmp_path / "AGENTS.md"): "agents-md"}


def test_the_block_stays_within_the_hook_cap(cli, workspace, tmp_path):
    lines = [f"- Fact {n}: the checkout service runs on port {8000 + n}." for n in range(1000)]
    (workspace / "MEMORY.md").write_text("\n".join(lines) + "\n")
    target = tmp_path / "CLAUDE.md"
    cli("-w", workspace, "export", "--claude-md", target)
    block = block_of(target.read_text())
    assert len(block) <= CONTEXT_CAP
    assert "cut to fit" in block


def test_agents_md_stays_within_32_kib(cli, workspace, tmp_path):
    lines = [f"- Faktum {n}: der Dienst läuft auf Port {8000 + n} — ünïcödé." for n in range(1000)]
    (workspace / "MEMORY.md").write_text("\n".join(lines) + "\n")
    target = tmp_path / "AGENTS.md"
    target.write_text("# Rules\n" + "Keep functions short. " * 1200 + "\n")
    result = cli("-w", workspace, "export", "--agents-md", target)
    assert result.exit_code == 0, result.stderr
    assert len(target.read_bytes()) <= AGENTS_MD_LIMIT
    assert "- Faktum 0:" in target.read_text()


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_wide_characters_and_crlf_lines_stay_within_32_kib(cli, workspace, tmp_path, newline):
    """Three bytes a character, and a CRLF file's extra byte a line, both count against
    the byte limit: a budget cut by the overflow in bytes once refused to fit at all."""
    facts = [f"- 事实{n}：这是一个很长的中文句子，用来测试字节预算。" for n in range(3000)]
    (workspace / "MEMORY.md").write_text("\n".join(facts) + "\n")
    target = tmp_path / "AGENTS.md"
    notes = "".join(f"line {n} of the project notes{newline}" for n in range(900))
    target.write_bytes(f"# Project{newline}{newline}{notes}".encode())
    result = cli("-w", workspace, "export", "--agents-md", target)
    assert result.exit_code == 0, result.stderr
    data = target.read_bytes()
    assert len(data) <= AGENTS_MD_LIMIT
    assert "- 事实0：" in data.decode()
    assert (data.count(b"\r\n") == data.count(b"\n")) == (newline == "\r\n")


def test_a_full_agents_md_is_exit_2_and_untouched(cli, workspace, tmp_path):
    target = tmp_path / "AGENTS.md"
    target.write_text("x" * AGENTS_MD_LIMIT)
    result = cli("-w", workspace, "export", "--agents-md", target)
    assert result.exit_code == 2
    assert "no room" in result.stderr
    assert target.read_text() == "x" * AGENTS_MD_LIMIT


@pytest.mark.parametrize("dry_run", [[], ["--dry-run"]])
def test_a_missing_folder_is_exit_2_and_nothing_made_or_recorded(cli, workspace, tmp_path, dry_run):
    """Audit 5, 11: `export --agents-md /nonexistent/dir/AGENTS.md` made the folders,
    wrote the file and recorded it, so every later forget rewrote a file in a mistyped
    place. A missing folder is refused: one line, exit 2, nothing made, nothing
    recorded."""
    (workspace / "MEMORY.md").write_text("- Ship on Fridays.\n")
    elsewhere = tmp_path / "AGENTS.md"
    assert cli("-w", workspace, "export", "--agents-md", elsewhere).exit_code == 0
    before = (workspace / ".memctl" / "state.json").read_bytes()
    target = tmp_path / "nonexistent" / "dir" / "AGENTS.md"
    result = cli("-w", workspace, "export", "--agents-md", target, *dry_run)
    assert result.exit_code == 2, result.stderr
    assert result.stderr.count("\n") == 1 and "does not exist" in result.stderr
    assert not (tmp_path / "nonexistent").exists()
    assert (workspace / ".memctl" / "state.json").read_bytes() == before


def test_broken_markers_are_exit_2(cli, workspace, tmp_path):
    target = tmp_path / "AGENTS.md"
    target.write_text(f"{BEGIN}\nhalf\n")
    result = cli("-w", workspace, "export", "--agents-md", target)
    assert result.exit_code == 2
    assert "marker comments" in result.stderr


def test_export_needs_exactly_one_target(cli, workspace, tmp_path):
    result = cli("-w", workspace, "export")
    assert result.exit_code == 2
    both = cli(
        "-w", workspace, "export", "--agents-md", tmp_path / "a", "--claude-md", tmp_path / "c"
    )
    assert both.exit_code == 2


def test_marker_like_lines_are_the_users_text(cli, workspace, tmp_path):
    """Issue 24.10: markers are matched exactly, not by prefix: the first export into a
    file holding marker-like lines appends its block and keeps every line of the user's."""
    (workspace / "MEMORY.md").write_text("- Ship on Fridays.\n")
    target = tmp_path / "AGENTS.md"
    original = (
        f"# Notes\n<!-- memctl:begin is how the block starts -->\nmine, keep me\n{END}\nand me\n"
    )
    target.write_text(original)
    result = cli("-w", workspace, "export", "--agents-md", target)
    assert result.exit_code == 2  # an end marker with no begin: refused, not guessed
    assert target.read_text() == original
    looks_like = original.replace(END, "<!-- memctl:end --> (of the block above)")
    target.write_text(looks_like)
    result = cli("-w", workspace, "export", "--agents-md", target)
    assert result.exit_code == 0, result.stderr
    text = target.read_text()
    assert text.startswith(looks_like) and "Ship on Fridays." in text


def test_a_begin_without_its_end_is_refused(cli, workspace, tmp_path):
    """Issue 24.10: the end marker removed by hand: one line, exit 2, nothing deleted."""
    target = tmp_path / "AGENTS.md"
    original = f"# Notes\n{BEGIN}\nold block\n\n## My tables\n| a | b |\n"
    target.write_text(original)
    result = cli("-w", workspace, "export", "--agents-md", target)
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert target.read_text() == original


def test_export_writes_through_a_symlink_and_keeps_crlf(cli, workspace, tmp_path):
    """Issue 24.11: CLAUDE.md -> AGENTS.md stays a link, the target gets the block, and
    a CRLF file stays CRLF."""
    (workspace / "MEMORY.md").write_text("- Ship on Fridays.\n")
    agents = tmp_path / "AGENTS.md"
    agents.write_bytes(b"# Rules\r\nBe brief.\r\n")
    link = tmp_path / "CLAUDE.md"
    link.symlink_to("AGENTS.md")
    result = cli("-w", workspace, "export", "--claude-md", link)
    assert result.exit_code == 0, result.stderr
    assert link.is_symlink()
    data = agents.read_bytes()
    assert data.startswith(b"# Rules\r\nBe brief.\r\n") and b"Ship on Fridays." in data
    assert b"\n" not in data.replace(b"\r\n", b"")
    again = cli("-w", workspace, "export", "--claude-md", link)
    assert again.exit_code == 0 and agents.read_bytes() == data  # replaced in place
