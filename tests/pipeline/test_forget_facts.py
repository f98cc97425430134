"""memctl forget counts and removes a fact whole (audit 3a, defects 3, 5, 6, 7, 14): a
MEMORY.md bullet and the ledger lines it was merged from are one fact, a multi-line
bullet goes with its continuation lines, and the smaller inconsistencies around it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.support.helpers import configure, snapshot
from tests.support.hooks import roomy_prompt_budget

SAID = "Carol here. The partner API rate limit is 1200 requests per minute."
FACT = "The partner API rate limit is 1200 requests per minute."


@pytest.fixture
def ws(cli: Any, workspace: Path) -> Path:
    """Carol said a fact in a chat; flushed (`- Carol: The partner API ...` in the ledger)
    and consolidated (`- The partner API ...` under `## Carol`)."""
    configure(workspace)
    message = {"role": "user", "name": "Carol", "content": SAID, "ts": "2026-11-18T14:30:00+00:00"}
    assert (
        cli("-w", workspace, "thread", "append", "chat", input=json.dumps(message) + "\n").exit_code
        == 0
    )
    assert cli("-w", workspace, "flush").exit_code == 0
    assert cli("-w", workspace, "save", "Deploys happen on Tuesdays.").exit_code == 0
    # Memory names Carol as a person (consolidation files a `Carol:` line under her
    # heading only then; a prefix named nowhere else is a note's label, kept as written).
    assert cli("-w", workspace, "save", "Carol owns billing-v3.").exit_code == 0
    assert cli("-w", workspace, "consolidate").exit_code == 0
    memory = (workspace / "MEMORY.md").read_text()
    assert "## Carol" in memory and f"- {FACT}" in memory
    assert f"- Carol: {FACT}" in ledger_text(workspace)
    return workspace


def ledger(ws: Path) -> Path:
    return next((ws / "memory").glob("*.md"))


def ledger_text(ws: Path) -> str:
    return ledger(ws).read_text()


def ledger_place(ws: Path, text: str) -> str:
    """memory/DATE.md:LINE of the ledger line holding `text`."""
    lines = ledger_text(ws).splitlines()
    number = next(n for n, line in enumerate(lines, 1) if text in line)
    return f"{ledger(ws).relative_to(ws).as_posix()}:{number}"


def session_start(cli: Any, ws: Path) -> str:
    event = json.dumps({"hook_event_name": "SessionStart", "source": "startup"})
    return cli("-w", ws, "hook", "claude-code", input=event).stdout


def history(ws: Path) -> list[str]:
    folder = ws / ".memctl" / "history"
    return sorted(p.name for p in folder.glob("MEMORY-*.md")) if folder.is_dir() else []


def assert_gone_everywhere(cli: Any, ws: Path, agents_md: Path) -> None:
    assert "partner API" not in (ws / "MEMORY.md").read_text()
    lines = [line for line in (ws / "MEMORY.md").read_text().splitlines() if line.strip()]
    for heading, after in zip(lines, [*lines[1:], ""], strict=True):  # none left empty
        assert not heading.startswith("## ") or after.startswith("- "), heading
    assert cli("-w", ws, "search", "partner API").exit_code == 1
    assert "partner" not in session_start(cli, ws)
    assert "partner" not in agents_md.read_text()
    assert cli("-w", ws, "consolidate", "--force").exit_code == 0
    assert "partner" not in (ws / "MEMORY.md").read_text()
    assert "Deploys happen on Tuesdays." in (ws / "MEMORY.md").read_text()


@pytest.fixture
def agents_md(cli: Any, ws: Path, tmp_path: Path) -> Path:
    target = tmp_path / "project" / "AGENTS.md"
    target.parent.mkdir()
    assert cli("-w", ws, "export", "--agents-md", target).exit_code == 0
    assert "partner API" in target.read_text()
    return target


# ----------------------------------------------------------------- one fact (3, 6)


def test_forgetting_the_ledger_line_forgets_the_bullet_merged_from_it(cli, ws, agents_md):
    """`forget memory/DATE.md:LINE` said "forgot 1 fact (0 lines of MEMORY.md)" and left
    the bullet consolidation made of that line in MEMORY.md, search and SessionStart."""
    run = cli("-w", ws, "forget", ledger_place(ws, "partner API"))

    assert run.exit_code == 0, run.stderr
    assert "forget: forgot 1 fact (1 line of MEMORY.md)" in run.stderr
    assert_gone_everywhere(cli, ws, agents_md)
    assert ledger_text(ws).count("partner API") == 1  # the ledger stays as written


def test_a_bullet_and_the_ledger_line_it_came_from_are_one_fact_to_a_query(cli, ws, agents_md):
    """The bullet and its ledger line differ by `Carol: ` only; a query matching both was
    refused as "matches 2 facts"."""
    dry = cli("-w", ws, "forget", "partner API", "--dry-run")
    assert dry.exit_code == 0, dry.stderr
    assert "would forget 1 fact" in dry.stderr

    run = cli("-w", ws, "forget", "partner API")

    assert run.exit_code == 0, run.stderr
    assert f"forget: forgot 1 fact (1 line of MEMORY.md)\nforget:   - {FACT}\n" in run.stderr
    assert "MEMORY.md:" in run.stdout and ledger_place(ws, "partner API") in run.stdout
    assert_gone_everywhere(cli, ws, agents_md)


def test_forgetting_all_of_a_name_takes_its_facts_not_what_it_only_said(cli, ws, agents_md):
    """`forget Carol --all` counted the ledger lines and left the bullets filed under
    `## Carol` (they no longer say "Carol"). Audit 11 #4: a name found only as the
    speaker label (`- Carol: The partner API ...`: who said it) selects no fact, so
    the partner API's limit, which Carol only said, stays; her label with the fact's
    words names it."""
    run = cli("-w", ws, "forget", "Carol", "--all")

    assert run.exit_code == 0, run.stderr
    assert "forgot 1 fact (1 line of MEMORY.md)\nforget:   - Carol owns billing-v3." in run.stderr
    assert "partner API" in (ws / "MEMORY.md").read_text()

    run = cli("-w", ws, "forget", "Carol: the partner API")
    assert run.exit_code == 0, run.stderr
    assert_gone_everywhere(cli, ws, agents_md)
    assert "## Carol" not in (ws / "MEMORY.md").read_text()  # her facts went, her heading too


def test_with_no_sidecar_the_plain_reading_still_ties_them(cli, ws):
    """A MEMORY.md no sidecar knows (sync took a teammate's): `Carol: x` in a ledger is
    `x` under `## Carol`."""
    (ws / ".memctl" / "provenance.json").unlink()

    run = cli("-w", ws, "forget", ledger_place(ws, "partner API"))

    assert run.exit_code == 0, run.stderr
    assert "partner" not in (ws / "MEMORY.md").read_text()


def test_a_purge_of_the_ledger_line_takes_the_bullet_and_every_copy(cli, ws):
    run = cli("-w", ws, "forget", ledger_place(ws, "partner API"), "--purge")

    assert run.exit_code == 0, run.stderr
    hits = [
        str(p.relative_to(ws))
        for p in ws.rglob("*")
        if p.is_file() and b"1200 requests" in p.read_bytes()
    ]
    assert hits == []
    assert "partner" not in (ws / "MEMORY.md").read_text()
    assert "- Carol owns billing-v3." in (ws / "MEMORY.md").read_text()  # her other fact stays


def test_a_forget_that_leaves_memory_md_as_it_was_keeps_no_history_copy(cli, ws):
    """A fact flushed but not yet merged: MEMORY.md does not state it, and the forget
    kept a copy identical to the current MEMORY.md."""
    message = {"role": "user", "content": "The staging database is db3."}
    assert cli("-w", ws, "thread", "append", "t2", input=json.dumps(message) + "\n").exit_code == 0
    assert cli("-w", ws, "flush").exit_code == 0
    before = history(ws)

    run = cli("-w", ws, "forget", "staging database")

    assert run.exit_code == 0, run.stderr
    assert "forgot 1 fact (0 lines of MEMORY.md)" in run.stderr
    assert "kept as" not in run.stderr and history(ws) == before
    # Audit 5 #15: else the next `undo` takes back an earlier run instead, unannounced.
    assert "`memctl undo` does not take this forget back" in run.stderr
    assert cli("-w", ws, "consolidate").exit_code == 0
    assert "db3" not in (ws / "MEMORY.md").read_text()


# ----------------------------------------------------------------- multi-line (7)


def test_forgetting_a_multi_line_memory_removes_its_continuation_lines(cli, workspace):
    """The continuation line stayed, indented under the bullet before it, and search
    still found it."""
    configure(workspace)
    assert cli("-w", workspace, "save", "Carol flies to Berlin for the PCI audit.").exit_code == 0
    saved = cli(
        "-w", workspace, "save", input="Release checklist: tag the build\nthen notify #releases\n"
    )
    assert saved.exit_code == 0, saved.stderr
    assert "  then notify #releases" in (workspace / "MEMORY.md").read_text()

    run = cli("-w", workspace, "forget", "Release checklist")

    assert run.exit_code == 0, run.stderr
    assert "forgot 1 fact (2 lines of MEMORY.md)" in run.stderr
    assert (workspace / "MEMORY.md").read_text() == "- Carol flies to Berlin for the PCI audit.\n"
    assert cli("-w", workspace, "search", "notify").exit_code == 1
    assert cli("-w", workspace, "consolidate", "--force").exit_code == 0
    assert "notify" not in (workspace / "MEMORY.md").read_text()


def test_a_query_naming_a_continuation_line_forgets_the_whole_memory(cli, workspace):
    configure(workspace)
    text = "Release checklist: tag the build\nthen notify #releases\n"
    assert cli("-w", workspace, "save", input=text).exit_code == 0

    run = cli("-w", workspace, "forget", "notify #releases")

    assert run.exit_code == 0, run.stderr
    assert "forgot 1 fact (2 lines of MEMORY.md)" in run.stderr
    assert "Release checklist" not in (workspace / "MEMORY.md").read_text()


# ----------------------------------------------------------------- the smaller ones (5, 14)


def test_explain_of_a_forgotten_ledger_line_says_it_was_forgotten(cli, ws):
    where = ledger_place(ws, "partner API")
    before = json.loads(cli("-w", ws, "--json", "explain", where).stdout)
    assert before["forgotten"] is False
    assert cli("-w", ws, "forget", where).exit_code == 0

    shown = cli("-w", ws, "explain", where)
    as_json = json.loads(cli("-w", ws, "--json", "explain", where).stdout)

    assert shown.exit_code == 0, shown.stderr
    assert "  -> no bullet of MEMORY.md\n  -> forgotten (memctl forget)" in shown.stdout
    assert as_json["forgotten"] is True and as_json["in_memory"] == []


def test_a_correction_of_a_forgotten_fact_is_refused_as_a_forget_is(cli, ws):
    """`forget X` on a forgotten fact exits 1, but `forget X --replace Y` went ahead."""
    assert cli("-w", ws, "forget", "Tuesdays").exit_code == 0
    before = snapshot(ws)

    again = cli("-w", ws, "forget", "Tuesdays", "--replace", "Deploys happen on Thursdays.")

    assert again.exit_code == 1
    assert again.stderr == "memctl: error: already forgotten: Deploys happen on Tuesdays.\n"
    assert snapshot(ws) == before
    # Stated again (written back by hand), it is corrected.
    with (ws / "MEMORY.md").open("a") as memory:
        memory.write("- Deploys happen on Tuesdays.\n")
    fixed = cli("-w", ws, "forget", "Tuesdays", "--replace", "Deploys happen on Thursdays.")
    assert fixed.exit_code == 0, fixed.stderr
    memory_text = (ws / "MEMORY.md").read_text()
    assert "Thursdays" in memory_text and "Tuesdays" not in memory_text


def test_a_plain_forget_refuses_a_query_spanning_lines_as_a_purge_does(cli, ws):
    before = snapshot(ws)

    run = cli("-w", ws, "forget", "Tuesdays.\n- The partner")

    assert run.exit_code == 2
    assert run.stderr.count("\n") == 1 and "a query is one line" in run.stderr
    assert snapshot(ws) == before


def test_a_forget_that_empties_a_section_removes_its_heading_and_only_then(cli, workspace):
    configure(workspace)
    (workspace / "MEMORY.md").write_text(
        "# Memory\n\n## Infra\n\n- Staging is db3.\n\n## People\n\n- Dana leads payments.\n"
        "- Erin leads QA.\n\n## Empty on purpose\n"
    )

    assert cli("-w", workspace, "forget", "staging is db3").exit_code == 0
    assert cli("-w", workspace, "forget", "Dana leads").exit_code == 0

    assert (workspace / "MEMORY.md").read_text() == (
        "# Memory\n\n## People\n\n- Erin leads QA.\n\n## Empty on purpose\n"
    )
    assert cli("-w", workspace, "forget", "Erin leads").exit_code == 0
    assert (workspace / "MEMORY.md").read_text() == "# Memory\n\n## Empty on purpose\n"


@pytest.mark.parametrize(
    "new", ["postgres 16 is the ledger database", "Postgres 16 is the ledger database."]
)
def test_a_correction_that_says_the_same_as_the_fact_is_refused(cli, workspace, new):
    """The new fact got its own tombstone's digest: stated in MEMORY.md, search found
    nothing, and the next consolidation dropped it."""
    configure(workspace)
    assert cli("-w", workspace, "save", "Postgres 16 is the ledger database.").exit_code == 0
    before = snapshot(workspace)

    run = cli("-w", workspace, "forget", "ledger database", "--replace", new)

    assert run.exit_code == 2
    assert run.stderr == (
        "memctl: error: the correction says the same as the fact it corrects "
        "('Postgres 16 is the ledger database.'), case and punctuation aside: say the "
        "corrected fact\n"
    )
    assert snapshot(workspace) == before
    assert cli("-w", workspace, "search", "ledger database").exit_code == 0


# ----------------------------------------------------------------- a correction holds (4)


def say(cli: Any, ws: Path, thread: str, text: str, ts: str | None = None) -> None:
    message: dict[str, str] = {"role": "user", "content": text}
    if ts:
        message["ts"] = ts
    assert (
        cli("-w", ws, "thread", "append", thread, input=json.dumps(message) + "\n").exit_code == 0
    )


@pytest.fixture
def corrected(cli: Any, workspace: Path) -> Path:
    """ "The migration deadline is 2027-01-15 now." said on 1 November, merged, then
    corrected to 2027-02-01."""
    configure(workspace)
    say(
        cli,
        workspace,
        "t1",
        "The migration deadline is 2027-01-15 now.",
        "2026-11-01T09:00:00+00:00",
    )
    assert cli("-w", workspace, "flush").exit_code == 0
    assert cli("-w", workspace, "consolidate").exit_code == 0
    new = "The migration deadline is 2027-02-01."
    run = cli("-w", workspace, "forget", "deadline is 2027-01-15", "--replace", new)
    assert run.exit_code == 0, run.stderr
    return workspace


def test_an_older_conversation_flushed_later_does_not_overturn_a_correction(cli, corrected):
    """A fact said on 2 November, before the correction, replaced it ("superseded:
    ...2027-02-01 -> ...2027-01-15"): it lacks "now", so the tombstone missed it, and
    consolidation took the later flush for the later saying."""
    say(cli, corrected, "old", "The migration deadline is 2027-01-15.", "2026-11-02T09:00:00+00:00")
    say(
        cli,
        corrected,
        "old2",
        "The migration deadline moved to 2027-01-20.",
        "2026-11-03T09:00:00+00:00",
    )
    assert cli("-w", corrected, "flush").exit_code == 0

    run = cli("-w", corrected, "consolidate")

    assert run.exit_code == 0, run.stderr
    assert "superseded" not in run.stderr
    memory = (corrected / "MEMORY.md").read_text()
    assert "- The migration deadline is 2027-02-01." in memory
    assert "2027-01-15" not in memory and "2027-01-20" not in memory


def test_the_forgotten_value_said_again_in_other_words_stays_forgotten(cli, corrected):
    say(cli, corrected, "later", "The migration deadline is still 2027-01-15.")
    assert cli("-w", corrected, "flush").exit_code == 0

    assert cli("-w", corrected, "consolidate").exit_code == 0

    memory = (corrected / "MEMORY.md").read_text()
    assert "2027-01-15" not in memory and "2027-02-01" in memory


def test_a_change_said_after_the_correction_still_replaces_it(cli, corrected):
    """What is said on or after the correction's day is new: it may replace it; and a
    negation is no restatement of the forgotten fact."""
    say(cli, corrected, "later", "The migration deadline moved to 2027-03-01.")
    assert cli("-w", corrected, "flush").exit_code == 0

    run = cli("-w", corrected, "consolidate")

    assert run.exit_code == 0, run.stderr
    memory = (corrected / "MEMORY.md").read_text()
    assert "- The migration deadline moved to 2027-03-01." in memory
    assert "2027-02-01" not in memory


def test_a_negation_is_no_restatement_of_a_forgotten_fact(cli, workspace):
    configure(workspace)
    assert cli("-w", workspace, "save", "Deploys happen on Fridays.").exit_code == 0
    assert cli("-w", workspace, "forget", "Fridays").exit_code == 0
    say(cli, workspace, "t1", "Deploys never happen on Fridays.")
    assert cli("-w", workspace, "flush").exit_code == 0

    assert cli("-w", workspace, "consolidate").exit_code == 0

    assert "Deploys never happen on Fridays." in (workspace / "MEMORY.md").read_text()


def test_a_correction_holding_the_old_facts_words_is_not_forgotten_with_it(cli, workspace):
    """`Staging is db3 and db7.` contains the key of `Staging is db3.`: the correction's
    own tombstone held it (search found nothing, and the next consolidation dropped it)."""
    configure(workspace)
    assert cli("-w", workspace, "save", "Staging is db3.").exit_code == 0
    run = cli("-w", workspace, "forget", "Staging is db3", "--replace", "Staging is db3 and db7.")
    assert run.exit_code == 0, run.stderr

    found = cli("-w", workspace, "search", "db7")
    assert cli("-w", workspace, "consolidate", "--force").exit_code == 0

    assert found.exit_code == 0 and "Staging is db3 and db7." in found.stdout
    memory = (workspace / "MEMORY.md").read_text()
    assert "- Staging is db3 and db7." in memory and "- Staging is db3.\n" not in memory
    # Saving the correction again is no saying of the old fact: it stays forgotten.
    assert (
        "no longer forgotten"
        not in cli("-w", workspace, "save", "Staging is db3 and db7, both.").stderr
    )
    assert cli("-w", workspace, "search", "Staging is db3.").stdout.count("Staging is db3.\n") == 0


def test_a_one_word_continuation_line_gets_no_tombstone_of_its_own(cli, workspace):
    """Its tombstone would hold every record with that word; it goes with its bullet."""
    configure(workspace)
    assert cli("-w", workspace, "save", input="Rotate the staging keys\nquarterly\n").exit_code == 0
    assert cli("-w", workspace, "save", "Billing reports run quarterly.").exit_code == 0

    run = cli("-w", workspace, "forget", "Rotate the staging keys")

    assert run.exit_code == 0, run.stderr
    assert (workspace / "MEMORY.md").read_text() == "- Billing reports run quarterly.\n"
    stones = (workspace / ".memctl" / "forgotten.jsonl").read_text()
    assert "Rotate the staging keys" in stones and '"quarterly"' not in stones
    assert "Billing reports run quarterly." in cli("-w", workspace, "search", "quarterly").stdout


# ------------------------------------- what a correction holds back, every reader (item 2)


@pytest.fixture
def restated(cli: Any, workspace: Path) -> Path:
    """Day 1 says "Staging runs on db3.", day 2 says it again in other words, and
    "Prod runs on db9." (a word of the correction, and no older value of it); then the
    day-1 line is corrected to db7, before any consolidation."""
    configure(workspace, recall={"semantic": False})
    (workspace / "memory" / "2026-12-01.md").write_text(
        "## Memory Save — 2026-12-01T10:00:00+00:00\n\n- Staging runs on db3.\n"
    )
    (workspace / "memory" / "2026-12-02.md").write_text(
        "## Memory Save — 2026-12-02T10:00:00+00:00\n\n"
        "- The staging box is db3 (Pablo).\n- Prod runs on db9.\n"
    )
    run = cli("-w", workspace, "forget", "Staging runs on db3", "--replace", "Staging runs on db7")
    assert run.exit_code == 0, run.stderr
    return workspace


def test_a_value_said_before_its_correction_is_found_nowhere(cli, restated):
    """Consolidation held the day-2 line back (supersede reads it as the older value of
    what the correction says); search, recall and the prompt hook showed it as current."""
    assert cli("-w", restated, "consolidate").exit_code == 0
    assert "db3" not in (restated / "MEMORY.md").read_text()

    searched = cli("-w", restated, "search", "db3", "--scope", "all")
    recalled = json.loads(
        cli("-w", restated, "--json", "recall", "which db does staging use").stdout
    )
    roomy_prompt_budget(restated)
    prompt = json.dumps(
        {"hook_event_name": "UserPromptSubmit", "prompt": "which db does staging use"}
    )
    hooked = cli("-w", restated, "hook", "claude-code", input=prompt).stdout

    assert searched.exit_code == 1 and "db3" not in searched.stdout
    snippets = [hit["snippet"] for hit in recalled["hits"]]
    assert any("db7" in snippet for snippet in snippets)
    assert not any("db3" in snippet for snippet in snippets)
    assert "db7" in hooked and "db3" not in hooked
    # The guard: a line sharing a word with the correction but no older value of it.
    assert "Prod runs on db9." in cli("-w", restated, "search", "runs on").stdout


def test_a_restatement_in_other_order_is_left_out_and_a_later_saying_is_not(cli, restated):
    """The same content words in any order are the forgotten fact (as the merge folds
    them); said after the correction's day, another value is new and stays found."""
    (restated / "memory" / "2026-12-03.md").write_text(
        "## Memory Save — 2026-12-03T10:00:00+00:00\n\n- On db3, staging runs.\n"
    )
    (restated / "memory" / "2099-01-01.md").write_text(
        "## Memory Save — 2099-01-01T10:00:00+00:00\n\n- Staging runs on db5.\n"
    )

    found = cli("-w", restated, "search", "staging", "--scope", "all").stdout

    assert "db3" not in found
    assert "Staging runs on db5." in found and "Staging runs on db7" in found


def test_a_line_said_in_a_block_of_its_own_day_is_read_by_that_blocks_day(cli, restated):
    """The day is the said span of the line's own block, not the file's name: a block
    said after the correction (here, in a ledger named for an earlier day) is new."""
    (restated / "memory" / "2026-12-02.md").write_text(
        "## Memory Flush — 2026-12-02T10:00:00+00:00 · said 2099-01-01\n\n"
        "- The staging box is db3 (Pablo).\n"
    )

    assert "db3 (Pablo)" in cli("-w", restated, "search", "db3").stdout


@pytest.mark.parametrize(
    ("forgotten", "kept"),
    [
        ("Dana owns billing, not search.", "Dana owns search, not billing."),
        ("Alice reports to Bob.", "Bob reports to Alice."),
        ("Staging moved from db3 to db7.", "Staging moved from db7 to db3."),
    ],
)
def test_the_same_words_in_an_order_that_says_otherwise_are_another_fact(
    cli, workspace, forgotten, kept
):
    """The restatement reading folds the same content words in any order ("On db3,
    staging runs." is "Staging runs on db3."), but which word a negation or a direction
    ("to", "from") takes is what the fact says: forgetting one kept the other out of
    MEMORY.md and search as well."""
    configure(workspace, recall={"semantic": False})
    assert cli("-w", workspace, "save", forgotten).exit_code == 0
    assert cli("-w", workspace, "save", kept).exit_code == 0

    run = cli("-w", workspace, "--json", "forget", f"{ledger_place(workspace, forgotten)}")

    assert run.exit_code == 0, run.stderr
    assert json.loads(run.stdout)["facts"] == [forgotten.rstrip(".") + "."]
    assert f"- {kept}" in (workspace / "MEMORY.md").read_text()
    assert cli("-w", workspace, "consolidate", "--force").exit_code == 0
    assert f"- {kept}" in (workspace / "MEMORY.md").read_text()
    assert kept in cli("-w", workspace, "search", kept.split()[1], "--scope", "all").stdout
