"""forget and undo as a user sees them (audit 14, defects 5 and 6): a MEMORY.md that is
not UTF-8 text is refused, never rewritten with U+FFFD; what undo and a purge say."""

from __future__ import annotations

from pathlib import Path

from tests.support.helpers import append, snapshot

LATIN1 = b"- Caf\xe9 opens at 9.\n- Dana leads payments.\n"


def test_forget_refuses_a_memory_file_that_is_not_utf8_and_writes_nothing(cli, workspace):
    memory = workspace / "MEMORY.md"
    memory.write_bytes(memory.read_bytes() + LATIN1)
    before = snapshot(workspace, locks=False)
    bad = memory.read_bytes().index(b"\xe9")

    for extra in ([], ["--dry-run"], ["--replace", "Dana leads billing."]):
        run = cli("-w", workspace, "forget", "Dana leads", *extra)
        assert run.exit_code == 2, (extra, run.stderr)
        assert run.stderr.strip().splitlines() == [
            f"memctl: error: MEMORY.md is not UTF-8 text (byte {bad})"
        ]
        assert snapshot(workspace, locks=False) == before


def test_a_purge_keeps_the_bytes_of_the_other_lines(cli, workspace: Path):
    """A purge must be able to mask a secret whatever else the file holds: it works on
    bytes, and the Latin-1 line keeps its byte."""
    memory = workspace / "MEMORY.md"
    memory.write_bytes(memory.read_bytes() + LATIN1)

    run = cli("-w", workspace, "forget", "Dana leads", "--purge")

    assert run.exit_code == 0, run.stderr
    assert b"- Caf\xe9 opens at 9.\n" in memory.read_bytes()
    assert b"Dana" not in memory.read_bytes() and b"\xef\xbf\xbd" not in memory.read_bytes()


def test_forget_help_says_undo_after_a_purge_refuses(cli):
    # Since left22a a purge keeps a version that `undo` refuses (review 31 A4): the
    # help must not say that undo takes back the step before it.
    shown = " ".join(cli("forget", "--help").stdout.split())
    assert "It cannot be undone: `memctl undo` after it refuses" in shown
    assert "undo` after it refuses, and going back past it keeps the text erased" in shown
    assert "takes back the step before" not in shown


def two_facts(cli, workspace: Path) -> None:
    said = [
        {"role": "user", "content": "The zqalpha cluster runs in Oslo."},
        {"role": "user", "content": "The zqbeta service is owned by Dana."},
    ]
    append(cli, workspace, "t1", said)
    assert cli("-w", workspace, "flush").exit_code == 0
    assert cli("-w", workspace, "consolidate").exit_code == 0


def tombstones(workspace: Path) -> list[str]:
    path = workspace / ".memctl" / "forgotten.jsonl"
    return path.read_text().splitlines() if path.exists() else []


def test_undo_past_a_forget_and_its_undo_is_back_to_before_the_forget(cli, workspace):
    """`undo 2` after `forget X; undo` restores the MEMORY.md the forget replaced: X is
    stated there, and no tombstone keeps it out (the two take-backs were applied drops
    first, then adds: X was forgotten again)."""
    two_facts(cli, workspace)
    assert cli("-w", workspace, "forget", "zqalpha").exit_code == 0
    assert cli("-w", workspace, "undo").exit_code == 0

    run = cli("-w", workspace, "undo", "2")

    assert run.exit_code == 0, run.stderr
    assert "forgot" not in run.stderr
    assert "zqalpha" in (workspace / "MEMORY.md").read_text()
    assert tombstones(workspace) == []
    assert cli("-w", workspace, "search", "zqalpha").exit_code == 0


def test_undo_over_several_versions_says_each_fact_once(cli, workspace):
    """The audit's sequence: forget X, undo, undo, a purge of another fact, undo, undo 3
    printed `undo: forgot: ...` twice (and recorded X's tombstone twice)."""
    two_facts(cli, workspace)
    for step in (["forget", "zqalpha"], ["undo"], ["undo"], ["forget", "zqbeta", "--purge"]):
        assert cli("-w", workspace, *step).exit_code == 0
    # Version 1 is the purge's, which undo refuses: back past it, to the second undo's.
    assert cli("-w", workspace, "undo").exit_code == 2
    assert cli("-w", workspace, "undo", "2").exit_code == 0

    run = cli("-w", workspace, "undo", "4")  # the first undo's (the purge's is 2 now)

    assert run.exit_code == 0, run.stderr
    said = [line for line in run.stderr.splitlines() if "zqalpha" in line]
    assert said == ["undo: forgot: The zqalpha cluster runs in Oslo."]
    assert sum("zqalpha" in line for line in tombstones(workspace)) == 1


def test_explain_of_a_ledger_line_names_the_entry_that_stated_it_purged_or_not(cli, workspace):
    """A question naming the fact's words came first ("... passphrase zq... is in it
    somewhere?"): the entry stating the fact is the source, not the first with as many
    words in common. Once a purge masked the line whole, the masks share no word with
    the question's masked copy: no entry is named, never a wrong one."""
    said = [
        {
            "role": "user",
            "content": "Please read the log. The deploy passphrase zqpass-97x is in it?",
        },
        {"role": "assistant", "content": "Sure, reading it."},
        # One switch of letters and digits: no generated token, flush keeps it as said.
        {"role": "user", "content": "The deploy passphrase is zqpass-97x."},
    ]
    append(cli, workspace, "t1", said)
    assert cli("-w", workspace, "flush").exit_code == 0
    (ledger,) = (workspace / "memory").glob("*.md")
    lines = ledger.read_text().splitlines()
    line = f"memory/{ledger.name}:{lines.index('- The deploy passphrase is zqpass-97x.') + 1}"

    before = cli("-w", workspace, "explain", line)
    assert cli("-w", workspace, "forget", "zqpass-97x", "--purge").exit_code == 0
    after = cli("-w", workspace, "explain", line)

    assert before.exit_code == 0 and "<- thread t1 entry 2 (user" in before.stdout
    assert after.exit_code == 0, after.stderr
    assert "[forgotten" in after.stdout and "entry 0" not in after.stdout
