"""A `forget PATH:LINE --purge` masks the turn that said the fact, in that one entry
(review 22, findings 1 and 8): never another speaker's turn of the same block (its
subject is another person), never the same sentence said in another thread, and of a
turn only the sentences saying the fact (one shared word is a topic)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.helpers import append, configure, read_log, write_log


def memory(workspace: Path) -> list[str]:
    return (workspace / "MEMORY.md").read_text(encoding="utf-8").splitlines()


def line_of(workspace: Path, text: str) -> int:
    return next(n for n, line in enumerate(memory(workspace), 1) if text in line)


def contents(workspace: Path, thread: str) -> list[str]:
    return [entry["content"] for entry in read_log(workspace, thread)]


def flushed(cli, workspace: Path) -> None:
    assert cli("-w", workspace, "flush").exit_code == 0
    assert cli("-w", workspace, "consolidate").exit_code == 0


def test_the_users_fact_purges_the_users_turn_not_lenas(cli, workspace: Path):
    """Review 22 #1 case A: Lena's fact, said first, shares as many words as the user's:
    the turn that said "the user drinks" is the user's own "I drink"."""
    said = [
        {"role": "user", "content": "Lena drinks green tea every morning, she told me."},
        {"role": "user", "content": "I drink green tea every morning."},
    ]
    append(cli, workspace, "t1", said)
    flushed(cli, workspace)
    number = line_of(workspace, "The user drinks green tea")
    shown = cli("-w", workspace, "explain", f"MEMORY.md:{number}").stdout
    assert "thread t1 entry 1 (user" in shown and "entry 0" not in shown, shown
    run = cli("-w", workspace, "forget", f"MEMORY.md:{number}", "--purge")
    assert run.exit_code == 0, run.stderr
    left = contents(workspace, "t1")
    assert left[0] == said[0]["content"]
    assert "drink green tea" not in left[1], left
    found = cli("-w", workspace, "search", "drink green tea", "--scope", "threads").stdout
    assert "I drink green tea" not in found
    assert any("Lena drinks green tea" in line for line in memory(workspace))


def test_the_same_sentence_in_another_thread_is_not_masked(cli, workspace: Path):
    """Review 22 #1 case B: Lena said the user's sentence in her own thread: her turn,
    and what explain names for her fact, stay."""
    append(cli, workspace, "t1", [{"role": "user", "content": "I drink green tea every morning."}])
    lena = [{"role": "user", "name": "Lena", "content": "I drink green tea every morning."}]
    append(cli, workspace, "lena", lena)
    flushed(cli, workspace)
    number = line_of(workspace, "The user drinks green tea")
    run = cli("-w", workspace, "forget", f"MEMORY.md:{number}", "--purge")
    assert run.exit_code == 0, run.stderr
    assert "drink green tea" not in contents(workspace, "t1")[0]
    assert contents(workspace, "lena") == [lena[0]["content"]]
    hers = line_of(workspace, "Lena drinks green tea")
    shown = cli("-w", workspace, "explain", f"MEMORY.md:{hers}").stdout
    assert "thread lena entry 0 (user Lena" in shown, shown


def test_no_turn_that_fits_the_subject_is_named_and_none_is_masked(cli, workspace: Path):
    """When no turn of the block fits the fact's subject (here the log was edited after
    the flush: its one turn is now about Lena), explain says the source turn is not
    identified, and the purge masks the fact everywhere but no turn."""
    append(cli, workspace, "t1", [{"role": "user", "content": "I drink green tea every morning."}])
    flushed(cli, workspace)
    entries = read_log(workspace, "t1")
    entries[0]["content"] = "Lena drinks green tea every morning."
    write_log(workspace, "t1", entries)
    number = line_of(workspace, "The user drinks green tea")
    shown = cli("-w", workspace, "explain", f"MEMORY.md:{number}").stdout
    assert "source turn not identified" in shown and "thread t1 entry" not in shown, shown
    run = cli("-w", workspace, "forget", f"MEMORY.md:{number}", "--purge")
    assert run.exit_code == 0, run.stderr
    assert contents(workspace, "t1") == ["Lena drinks green tea every morning."]
    assert not any("green tea" in line for line in memory(workspace))
    ledger = "".join(p.read_text() for p in (workspace / "memory").glob("*.md"))
    assert "The user drinks green tea" not in ledger


def test_a_sentence_sharing_one_word_with_the_fact_stays(cli, workspace: Path):
    """Review 22 #8 (`SAYING_WORDS`): the turn's second sentence shares one word with the
    fact that the first did not hold ("user"): a topic, not the fact; it stays."""
    said = "I drink green tea every morning. Our user research lab opens at nine."
    append(cli, workspace, "t1", [{"role": "user", "content": said}])
    flushed(cli, workspace)
    number = line_of(workspace, "The user drinks green tea")
    run = cli("-w", workspace, "forget", f"MEMORY.md:{number}", "--purge")
    assert run.exit_code == 0, run.stderr
    left = contents(workspace, "t1")[0]
    assert "drink green tea" not in left and left.endswith(
        "Our user research lab opens at nine."
    ), left


def test_a_compaction_summary_quoting_the_saying_is_masked_with_it(cli, workspace: Path):
    """A summary of the thread written after the turn may quote its sentence: a copy of
    the saying in that log, masked with it (the other thread's turn still stays)."""
    configure(workspace, compaction={"keep_messages": 1, "keep_tokens": 0})
    said = [
        {"role": "user", "content": "I drink green tea every morning."},
        {"role": "assistant", "content": "Good to know."},
        {"role": "user", "content": "Our office is in Oslo."},
    ]
    append(cli, workspace, "t1", said)
    flushed(cli, workspace)
    assert cli("-w", workspace, "compact", "t1", "--force").exit_code == 0
    summary = read_log(workspace, "t1")[-1]
    assert summary["type"] == "compaction" and "drink green tea" in summary["summary"], summary
    number = line_of(workspace, "The user drinks green tea")
    run = cli("-w", workspace, "forget", f"MEMORY.md:{number}", "--purge")
    assert run.exit_code == 0, run.stderr
    entries = read_log(workspace, "t1")
    assert not any("drink green tea" in json.dumps(entry) for entry in entries), entries
    assert "Our office is in Oslo." in entries[2]["content"]
