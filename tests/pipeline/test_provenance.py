"""Where each MEMORY.md bullet came from (issue 25 item 4): the provenance sidecar,
`memctl explain`, and `consolidate --diff` with sources."""

from __future__ import annotations

import json
import random
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from memctl.cli.output import JSON_SCHEMA
from memctl.core.workspace import Workspace
from memctl.pipeline.provenance import bullets_of, explain_all
from tests.support.helpers import configure, snapshot
from tests.support.llm_server import write_model_config


def say(cli: Any, ws: Path, thread: str, *texts: str, speaker: str | None = None) -> None:
    lines = []
    for text in texts:
        message: dict[str, Any] = {"role": "user", "content": text}
        if speaker:
            message["name"] = speaker
        lines.append(json.dumps(message))
    assert cli("-w", ws, "thread", "append", thread, input="\n".join(lines) + "\n").exit_code == 0


def bullet_number(ws: Path, text: str) -> int:
    lines = (ws / "MEMORY.md").read_text().splitlines()
    return next(n for n, line in enumerate(lines, 1) if text in line)


@pytest.fixture
def ws(cli: Any, workspace: Path) -> Path:
    configure(workspace)
    say(cli, workspace, "t1", "Hi, I am Dana.", "Dana leads the payments team.", speaker="Dana")
    say(cli, workspace, "t1", "The staging database is db3.")
    assert cli("-w", workspace, "flush").exit_code == 0
    assert cli("-w", workspace, "consolidate").exit_code == 0
    return workspace


def test_explain_a_line_prints_the_chain_to_the_thread_entry(cli: Any, ws: Path) -> None:
    number = bullet_number(ws, "payments team")
    run = cli("-w", ws, "explain", f"MEMORY.md:{number}")
    assert run.exit_code == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == f"MEMORY.md:{number}  Dana leads the payments team."
    ledger = f"memory/{datetime.now(UTC).date().isoformat()}.md"
    assert lines[1].startswith(f"  <- {ledger}:")
    assert "from thread t1 entries 0-2" in lines[1]
    assert lines[2].startswith("     <- thread t1 entry 1 (user Dana, 20")
    assert lines[2].endswith("): Dana leads the payments team.")
    # The ledger line it names states the fact.
    line = int(lines[1].split()[1].split(":")[1])
    assert "payments team" in (ws / ledger).read_text().splitlines()[line - 1]

    document = json.loads(cli("-w", ws, "--json", "explain", "payments").stdout)
    assert document["schema"] == JSON_SCHEMA
    [bullet] = document["bullets"]
    assert bullet["how"] == "recorded" and bullet["line"] == number
    [source] = bullet["sources"]
    assert source["ledger"] == f"{ledger}:{line}" and source["kind"] == "flush"
    assert source["entry"]["index"] == 1 and source["entry"]["speaker"] == "Dana"


def test_a_bad_line_is_exit_2_and_no_match_exit_1(cli: Any, ws: Path) -> None:
    before = snapshot(ws)
    bad = cli("-w", ws, "explain", "MEMORY.md:999")
    heading = cli("-w", ws, "explain", "MEMORY.md:1")
    missing = cli("-w", ws, "explain", "zebra quantum flux")
    assert (bad.exit_code, heading.exit_code, missing.exit_code) == (2, 2, 1)
    assert bad.stderr.startswith("memctl: error: MEMORY.md has no line 999")
    assert len(bad.stderr.splitlines()) == len(heading.stderr.splitlines()) == 1
    assert snapshot(ws) == before


def test_a_paraphrase_is_explained_by_the_closest_bullet(cli: Any, ws: Path) -> None:
    """Audit 5, 7: "who runs the payments group" exited 1 although the help promises
    the bullets containing the text "else the closest one", and one bullet shares its
    only telling word. The bullet sharing the most content words answers; a text
    sharing none (function words aside) still exits 1."""
    say(cli, ws, "t2", "Carol owns billing-v3.", speaker="Carol")
    say(cli, ws, "t2", "Next week Carol flies to Berlin for the PCI audit.", speaker="Carol")
    assert cli("-w", ws, "flush").exit_code == 0
    assert cli("-w", ws, "consolidate").exit_code == 0
    run = cli("-w", ws, "explain", "who runs the payments group")
    assert run.exit_code == 0, run.stderr
    # fixaudit6: said to be the closest, not one that says it.
    said, first = run.stdout.splitlines()[:2]
    assert said == (
        "no bullet of MEMORY.md contains 'who runs the payments group'; the closest one:"
    )
    assert first.endswith("Dana leads the payments team.")
    # Two bullets name Carol; the one that also names Berlin is the closer.
    berlin = json.loads(cli("-w", ws, "--json", "explain", "carol is going to berlin").stdout)
    [bullet] = berlin["bullets"]
    assert berlin["closest"] is True
    exact = json.loads(cli("-w", ws, "--json", "explain", "payments team").stdout)
    assert exact["closest"] is False
    assert not cli("-w", ws, "explain", "payments team").stdout.startswith("no bullet")
    assert "Berlin" in bullet["bullet"] and bullet["line"] == bullet_number(ws, "Berlin")
    for unrelated in ("what is the weather like", "who is it for"):
        missing = cli("-w", ws, "explain", unrelated)
        assert missing.exit_code == 1 and "no bullet of MEMORY.md matches" in missing.stderr


def test_a_ledger_line_is_explained_and_a_bad_place_is_exit_2(cli: Any, ws: Path) -> None:
    ledger = f"memory/{datetime.now(UTC).date().isoformat()}.md"
    line = next(
        n
        for n, text in enumerate((ws / ledger).read_text().splitlines(), 1)
        if "payments team" in text
    )
    before = snapshot(ws)

    run = cli("-w", ws, "explain", f"{ledger}:{line}")
    document = json.loads(cli("-w", ws, "--json", "explain", f"{ledger}:{line}").stdout)
    bad = {
        "memory/2099-01-01.md:3": "memory/2099-01-01.md: no such ledger",
        "MEMORY.md:abc": "MEMORY.md line 'abc' is not a line number",
        "MEMORY.md:-3": "MEMORY.md line '-3' is not a line number",
        f"{ledger}:999": f"{ledger} has no line 999",
        f"{ledger}:1": f"{ledger}:1 is not a fact",  # the block's heading
    }

    assert run.exit_code == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == f"{ledger}:{line}  Dana leads the payments team."
    assert lines[2].startswith("  <- thread t1 entry 1 (user Dana, 20")
    assert lines[3] == f"  -> MEMORY.md:{bullet_number(ws, 'payments team')}"
    assert document["ledger"][0]["entry"]["speaker"] == "Dana"
    assert document["in_memory"] == [bullet_number(ws, "payments team")]
    for target, said in bad.items():
        failed = cli("-w", ws, "explain", target)
        assert failed.exit_code == 2, (target, failed.stderr)
        assert failed.stderr.count("\n") == 1 and said in failed.stderr, failed.stderr
    assert snapshot(ws) == before


def _source(cli: Any, ws: Path, text: str) -> dict[str, Any]:
    run = cli("-w", ws, "--json", "explain", text)
    assert run.exit_code == 0, run.stderr
    [bullet] = json.loads(run.stdout)["bullets"]
    [source] = bullet["sources"]
    return dict(source)


def test_a_renamed_thread_keeps_the_chain_and_a_later_forget_hides_its_turn(
    cli: Any, ws: Path
) -> None:
    """Audit 20 finding 1: the ledger heading keeps the id the thread was flushed under,
    so after `thread rename` explain's last link was "source turn not here ... or was
    removed", and a forget made after the rename, which finds the turn through explain,
    recorded none: the forgotten fact was back in search, recall and the context. The
    heading reads through the renames made after it (two here); a thread flushed under
    the freed id later is that thread's."""
    for old, new in (("t1", "mid"), ("mid", "payments")):
        assert cli("-w", ws, "thread", "rename", old, new).exit_code == 0

    source = _source(cli, ws, "payments team")
    assert source["thread"] == "payments" and not source["log_absent"]
    assert source["entry"]["thread"] == "payments" and source["entry"]["index"] == 1
    shown = cli("-w", ws, "explain", "payments team").stdout
    assert "<- thread payments entry 1 (user Dana, " in shown and "not here" not in shown

    assert cli("-w", ws, "forget", "leads the payments team").exit_code == 0
    searched = cli("-w", ws, "search", "payments team", "--scope", "all", "--mode", "any")
    recalled = cli("-w", ws, "recall", "who leads the payments team")
    context = cli("-w", ws, "context", "payments")
    assert "threads/payments.jsonl#1" not in searched.stdout + recalled.stdout
    assert "Dana leads the payments team" not in context.stdout
    assert "[forgotten: this stated a fact that was forgotten]" in context.stdout

    time.sleep(1.1)  # a heading's time is to the second: this flush is after the rename
    say(cli, ws, "t1", "The lunch break is at noon on Fridays.")
    assert cli("-w", ws, "flush").exit_code == 0
    assert cli("-w", ws, "consolidate").exit_code == 0
    later = _source(cli, ws, "lunch break")
    assert later["thread"] == "t1" and later["entry"]["index"] == 0


def test_a_saved_bullet_says_saved(cli: Any, ws: Path) -> None:
    assert cli("-w", ws, "save", "The build runs on Tuesdays.").exit_code == 0
    run = cli("-w", ws, "explain", "build runs")
    assert run.exit_code == 0, run.stderr
    assert "(saved by memctl save or memory_save at " in run.stdout.splitlines()[1]


def test_a_corrections_bullet_says_which_fact_it_replaced(cli: Any, ws: Path) -> None:
    """Audit 11 #11: explain said only "saved by hand" for a correction's bullet."""
    assert cli("-w", ws, "save", "The build runs on Tuesdays.").exit_code == 0
    assert cli("-w", ws, "save", "The staging database is db3.").exit_code == 0
    fix = cli("-w", ws, "forget", "staging database", "--replace", "The staging database is db7.")
    assert fix.exit_code == 0, fix.stderr
    run = cli("-w", ws, "explain", "db7")
    assert run.exit_code == 0, run.stderr
    assert "  corrects: The staging database is db3. (forgotten" in run.stdout
    document = json.loads(cli("-w", ws, "--json", "explain", "db7").stdout)
    assert document["bullets"][0]["corrects"] == ["The staging database is db3."]
    assert "corrects" not in cli("-w", ws, "explain", "Tuesdays").stdout


def test_a_hand_edited_bullet_is_matched_or_unknown(cli: Any, ws: Path) -> None:
    memory = ws / "MEMORY.md"
    memory.write_text(
        memory.read_text() + "- Staging database: db3 for now.\n- Lunch is at noon.\n"
    )
    matched = json.loads(cli("-w", ws, "--json", "explain", "for now").stdout)["bullets"][0]
    unknown = cli("-w", ws, "explain", "Lunch is at noon")
    assert matched["how"] == "matched" and "db3" in matched["sources"][0]["text"]
    assert unknown.exit_code == 0
    assert "unknown (edited by hand" in unknown.stdout


def test_archived_ledger_lines_still_resolve(
    cli: Any, ws: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    later = datetime.now(UTC) + timedelta(days=5)
    monkeypatch.setattr(Workspace, "now", lambda self: later)
    configure(ws, memory={"daily_file_retention_days": 1})
    assert cli("-w", ws, "archive").exit_code == 0
    assert not list((ws / "memory").glob("*.md"))
    run = cli("-w", ws, "explain", "payments team")
    assert run.exit_code == 0, run.stderr
    assert "<- memory/archive/" in run.stdout


def test_consolidate_diff_lists_each_added_and_dropped_bullet_with_its_source(
    cli: Any, ws: Path
) -> None:
    say(cli, ws, "t1", "The staging database is db7 now.")
    assert cli("-w", ws, "flush").exit_code == 0
    for options in (["--diff"], ["--dry-run", "--diff"], ["--dry-run"]):
        run = cli("-w", ws, "consolidate", *options)
        assert run.exit_code == 0, run.stderr
        tail = run.stdout[run.stdout.index("# bullets added") :].splitlines()[1:]
        ledger = f"memory/{datetime.now(UTC).date().isoformat()}.md"
        assert any(
            line.startswith("# + The staging database is db7 now.  <- " + ledger) for line in tail
        ), tail
        assert any(line.startswith("# - The staging database is db3.  <- ") for line in tail)


def test_undo_brings_back_the_sources_of_the_restored_bullets(cli: Any, ws: Path) -> None:
    """The sidecar of a history copy is kept with it: after an undo the restored bullets
    are known again, not matched by text (a bullet the newer merge dropped too)."""
    number = bullet_number(ws, "staging database")
    assert cli("-w", ws, "forget", f"MEMORY.md:{number}").exit_code == 0
    sidecar = ws / ".memctl" / "provenance.json"
    sidecar.write_text('{"version": 1, "bullets": {}}')  # the current one forgets all
    assert cli("-w", ws, "undo").exit_code == 0
    document = json.loads(cli("-w", ws, "--json", "explain", "staging database").stdout)
    assert document["bullets"][0]["how"] == "recorded"


def test_an_llm_answer_is_matched_to_its_ledger_lines(
    cli: Any, workspace: Path, llm_server: Any
) -> None:
    """An LLM does not say where a fact came from: each bullet of its answer is matched to
    the ledger lines sharing its words, recorded at the merge (several sources allowed),
    and a bullet of its own invention is unknown."""
    write_model_config(workspace, llm_server, timezone="UTC")
    ledger = workspace / "memory" / "2026-01-01.md"
    ledger.write_text(
        "## Memory Save — 2026-01-01T09:00:00+00:00\n\n"
        "- Dana leads the payments team.\n"
        "- The staging database is db3.\n"
        "- Staging database: db3.\n"
    )
    llm_server.reply(
        "# Memory\n\n- Dana is the lead of the payments team.\n"
        "- Staging uses the db3 database.\n- The moon is made of cheese.\n"
    )
    assert cli("-w", workspace, "consolidate").exit_code == 0
    document = json.loads(cli("-w", workspace, "--json", "explain", "payments team").stdout)
    [lead] = document["bullets"]
    assert lead["how"] == "recorded"
    assert [s["ledger"] for s in lead["sources"]] == ["memory/2026-01-01.md:3"]
    staging = json.loads(cli("-w", workspace, "--json", "explain", "db3 database").stdout)
    assert [s["ledger"] for s in staging["bullets"][0]["sources"]] == [
        "memory/2026-01-01.md:4",
        "memory/2026-01-01.md:5",
    ]
    moon = json.loads(cli("-w", workspace, "--json", "explain", "moon").stdout)
    assert moon["bullets"][0]["how"] == "unknown" and moon["bullets"][0]["sources"] == []

    # A later merge rewords a bullet: matched among the lines its old wording came from.
    llm_server.reply("# Memory\n\n- Dana heads the payments team.\n")
    assert cli("-w", workspace, "consolidate", "--force").exit_code == 0
    heads = json.loads(cli("-w", workspace, "--json", "explain", "heads").stdout)["bullets"]
    assert heads[0]["how"] == "recorded"
    assert [s["ledger"] for s in heads[0]["sources"]] == ["memory/2026-01-01.md:3"]


def test_a_run_killed_before_memory_md_is_written_leaves_it_known(
    cli: Any, ws: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sidecar is written first; it still knows the MEMORY.md left on disk."""
    from memctl.pipeline import consolidate

    say(cli, ws, "t2", "The staging database is db7.")  # replaces db3: a bullet dropped
    assert cli("-w", ws, "flush").exit_code == 0
    real = consolidate.write_atomic

    def killed(path: Path, data: bytes, *args: Any, **kwargs: Any) -> None:
        if path.name == "MEMORY.md":
            raise RuntimeError("killed")
        real(path, data, *args, **kwargs)

    monkeypatch.setattr(consolidate, "write_atomic", killed)
    assert cli("-w", ws, "consolidate").exit_code == 70
    assert "db3" in (ws / "MEMORY.md").read_text()
    assert unresolved(ws) == []


# --------------------------------------------------------------------------- sequences

PEOPLE = ["Dana", "Carol", "Ben", "Priya"]
FACTS = [
    "{who} works at {org}.",
    "{who} prefers {drink} in the morning.",
    "The {thing} deadline is 2027-0{m}-1{d}.",
    "The {thing} server runs on port 8{m}{d}0.",
    "{who} owns the {thing} service.",
]
WORDS = {
    "org": ["Acme", "Globex", "Initech", "Umbrella"],
    "drink": ["tea", "coffee", "cocoa", "mate"],
    "thing": ["billing", "search", "ledger", "audit", "payroll"],
}


def _fact(rng: random.Random) -> str:
    values = {key: rng.choice(options) for key, options in WORDS.items()}
    return rng.choice(FACTS).format(
        who=rng.choice(PEOPLE), m=rng.randint(1, 9), d=rng.randint(0, 9), **values
    )


def unresolved(root: Path) -> list[str]:
    """The MEMORY.md bullets that do not resolve, through the sidecar, to a ledger line
    that states them (a bullet only matched by its text counts as unresolved)."""
    ws = Workspace(root)
    memory = (root / "MEMORY.md").read_text() if (root / "MEMORY.md").exists() else ""
    bad = []
    for explained in explain_all(ws, memory):
        stated = []
        for origin in explained.sources:
            path, line = origin.ledger.rsplit(":", 1)
            lines = (root / path).read_text().splitlines()
            text = lines[int(line) - 1].strip()
            stated.append(path.startswith("memory/") and bool(text) and text[0] not in "#<")
        if explained.how != "recorded" or not stated or not all(stated):
            bad.append(f"MEMORY.md:{explained.line} {explained.bullet} ({explained.how})")
    return bad


@pytest.mark.parametrize("seed", range(8))
def test_every_bullet_resolves_after_any_sequence(
    cli: Any, workspace: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    """Random runs of flush, consolidate, undo, forget, archive and save (builtin):
    after every step each MEMORY.md bullet resolves to a ledger line stating it."""
    rng = random.Random(seed)
    configure(workspace, memory={"daily_file_retention_days": 1})
    clock = [datetime(2026, 3, 1, 9, 0, tzinfo=UTC)]
    monkeypatch.setattr(Workspace, "now", lambda self: clock[0])
    steps = ["say", "flush", "consolidate", "undo", "forget", "archive", "save", "day"]
    done: list[str] = []
    checked = 0
    for _ in range(40):
        step = rng.choice(steps)
        clock[0] += timedelta(minutes=7)
        if step == "say":
            say(cli, workspace, rng.choice(["t1", "t2"]), *(_fact(rng) for _ in range(3)))
        elif step == "save":
            assert cli("-w", workspace, "save", _fact(rng)).exit_code == 0
        elif step == "day":
            clock[0] += timedelta(days=1)
        elif step == "forget":
            memory = workspace / "MEMORY.md"
            bullets = bullets_of(memory.read_text()) if memory.exists() else []
            if bullets:
                number, _ = rng.choice(bullets)
                extra = ["--replace", _fact(rng)] if rng.random() < 0.5 else []
                run = cli("-w", workspace, "forget", f"MEMORY.md:{number}", *extra)
                # A correction that says the same as the fact it corrects is refused.
                same = run.exit_code == 2 and "says the same as the fact" in run.stderr
                assert run.exit_code == 0 or (extra and same), run.stderr
        else:
            assert cli("-w", workspace, step).exit_code in (0, 2 if step == "undo" else 0)
        done.append(step)
        assert unresolved(workspace) == [], done
        checked += len(bullets_of((workspace / "MEMORY.md").read_text()))
    assert checked > 40, done  # the run had bullets to check


def test_dry_run_with_diff_needs_an_offline_model(
    cli: Any, workspace: Path, llm_server: Any
) -> None:
    write_model_config(workspace, llm_server, timezone="UTC")
    (workspace / "memory" / "2026-01-01.md").write_text("- A new fact.\n")
    before = snapshot(workspace)
    run = cli("-w", workspace, "consolidate", "--dry-run", "--diff")
    assert run.exit_code == 2 and llm_server.requests == []
    assert run.stderr == (
        "memctl: error: --dry-run calls no model: with --diff it needs an offline model (builtin)\n"
    )
    assert snapshot(workspace) == before


def test_sources_are_followed_through_every_pass(cli: Any, workspace: Path) -> None:
    """A backlog merged in passes: each pass's MEMORY.md is the next one's input, and a
    fact kept from it brings the ledger lines it had, down to the first pass's."""
    configure(
        workspace,
        model={"name": "builtin", "context_window": 2000},
        memory={"consolidation_max_tokens": 300},
    )
    unique = [f"- Service {n:02d} is owned by team {n % 7}." for n in range(20)]
    for day in range(1, 4):
        (workspace / "memory" / f"2026-01-0{day}.md").write_text("\n".join(unique * 4) + "\n")
    run = cli("-w", workspace, "--json", "consolidate")
    assert json.loads(run.stdout)["passes"] > 3
    document = json.loads(cli("-w", workspace, "--json", "explain", "Service 00 is").stdout)
    [bullet] = document["bullets"]
    assert bullet["how"] == "recorded"
    # Said 4 times in each of 3 ledgers, on lines 1, 21, 41 and 61.
    assert sorted(s["ledger"] for s in bullet["sources"]) == sorted(
        f"memory/2026-01-0{day}.md:{line}" for day in range(1, 4) for line in (1, 21, 41, 61)
    )


def test_an_imported_compaction_summary_is_no_source(cli: Any, workspace: Path) -> None:
    """Review 23 M10: an older import stored an agent's compaction summary as a user
    message marked `compact_summary`; flush leaves it out, so explain names the turn that
    said the fact, not the summary as "(user, ...)"."""
    configure(workspace)
    messages = [
        {"role": "user", "content": "Please look at the cart totals."},
        {"role": "assistant", "content": "Looking."},
        {
            "role": "user",
            "content": "This session is being continued from a previous conversation. "
            "Summary: the user said the staging DB is db3.internal.",
            "compact_summary": True,
        },
        {"role": "user", "content": "Thanks. The staging DB is db3.internal."},
        {"role": "assistant", "content": "Noted."},
    ]
    lines = "\n".join(json.dumps(message) for message in messages) + "\n"
    assert cli("-w", workspace, "thread", "append", "t1", input=lines).exit_code == 0
    assert cli("-w", workspace, "flush").exit_code == 0
    assert cli("-w", workspace, "consolidate").exit_code == 0
    document = json.loads(cli("-w", workspace, "--json", "explain", "staging DB").stdout)
    [bullet] = document["bullets"]
    [source] = bullet["sources"]
    assert source["entry"]["index"] == 3 and source["entry"]["role"] == "user"


def test_the_closest_bullet_is_read_in_the_text_s_own_language() -> None:
    """Audit 17 L4, L5: "wer leitet das Team" was closest to "Das Wetter in Berlin war
    echt mies" (on "das"), and "截止日期什么时候" to nothing (Chinese has no spaces, and
    was read as no word). A text's function words in its own language are none, and
    Chinese is read by character pairs, those across a word boundary left out."""
    from memctl.pipeline.provenance import closest_bullets

    bullets = list(
        enumerate(
            [
                "Das Wetter in Berlin war echt mies.",
                "Jana leitet das Plattform-Team.",
                "项目截止日期是3月10日。",
                "周会在每周一上午十点。",
                "La réunion est le lundi.",
                "El servidor de pruebas es db7.",
            ],
            1,
        )
    )
    assert closest_bullets("wer leitet das Team", bullets) == [(2, bullets[1][1])]
    assert closest_bullets("Wie war das Wetter?", bullets) == [(1, bullets[0][1])]
    assert closest_bullets("Wo ist das Büro?", bullets) == []  # "das" alone is shared
    assert closest_bullets("截止日期什么时候", bullets) == [(3, bullets[2][1])]
    assert closest_bullets("这是什么", bullets) == []  # function characters alone
    assert closest_bullets("¿Cuál es el servidor?", bullets) == [(6, bullets[5][1])]
    assert closest_bullets("qui est le chef de la réunion ?", bullets) == [(5, bullets[4][1])]
