"""memctl forget --purge (issue 25 item 2): every copy of the text, a fact or not, in every
file of the workspace (thread logs, JSON-escaped copies, evicted results, archived
ledgers, history copies, tombstones, state, the index) is masked, each file listed, and
`--dry-run` lists the same; what it cannot reach is said."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from memctl.core.forgotten import parse_tombstones, token_digest
from tests.support.conversations import tool_turn
from tests.support.helpers import configure, snapshot, write_log

VAULT = "orange-falcon-42"


def scan(root: Path, text: str) -> list[str]:
    """Every file under `root` (.memctl/ and the index included) whose bytes hold `text`,
    any case: what an audit's `grep -rai` finds."""
    needle = text.lower().encode()
    return sorted(
        str(path.relative_to(root))
        for path in root.rglob("*")
        if path.is_file() and needle in path.read_bytes().lower()
    )


def changed_files(before: dict[str, Any], after: dict[str, Any]) -> set[str]:
    """Files a run wrote or removed, from two snapshots (folders, locks and the index's
    change journal aside: it names every file written, and holds no text of theirs)."""
    return {
        name
        for name, was in before.items()
        if was != "dir" and after.get(name) != was and not name.endswith(("lock", ".journal"))
    }


@pytest.fixture
def vault(cli: Any, workspace: Path) -> Path:
    """The audit's reproduction, with a copy in every kind of file a workspace holds: a
    fact (ledger, MEMORY.md), a turn that is no fact, a plain forget's tombstone and
    history copy, an archived ledger, an evicted tool result, a log line holding the
    secret with JSON escapes, a malformed log line, and the search index."""
    configure(workspace, eviction={"threshold_chars": 1000})
    said = [
        {"role": "user", "content": f"The staging vault code is {VAULT}. Dana leads payments."},
        {"role": "assistant", "content": f"Is {VAULT} for staging only?"},
    ]
    talk = "".join(json.dumps(entry) + "\n" for entry in said)
    assert cli("-w", workspace, "thread", "append", "t1", input=talk).exit_code == 0
    assert cli("-w", workspace, "flush").exit_code == 0
    assert cli("-w", workspace, "consolidate").exit_code == 0
    old = workspace / "memory" / "2020-01-02.md"
    old.write_text(f"# 2020-01-02\n\n## 09:00 (t0)\n- The old vault code was {VAULT.upper()}.\n")
    assert cli("-w", workspace, "archive").exit_code == 0
    assert (workspace / "memory" / "archive" / "2020-01-02.md").exists()
    # A plain forget keeps the fact in its tombstone and MEMORY.md in a history copy.
    assert cli("-w", workspace, "forget", "staging vault code").exit_code == 0
    tool = "x" * 600 + f" token={VAULT} " + "y" * 600
    write_log(workspace, "t3", tool_turn("call_1", tool))
    assert cli("-w", workspace, "evict", "t3").exit_code == 0
    escaped = (
        '{"role":"user","content":"\\ud83d\\ude00Say '
        '\\"Orange\\u002dFALCON\\u002d42\\" to caf\\u00e9"}\n'
        '{"role":"user","content":"Dana leads payments."}\n'
        f"not json, {VAULT} {{\n"
    )
    (workspace / "threads" / "t2.jsonl").write_text(escaped)
    by_hand = '{"role":"user","content":"\\u006frange-falcon-42, a letter escaped"}\n'
    (workspace / "threads" / "t4.jsonl").write_text(by_hand)
    assert cli("-w", workspace, "search", "falcon", "--scope", "all").exit_code == 0
    found = scan(workspace, VAULT)
    assert {"threads/t1.jsonl", "memory/archive/2020-01-02.md", ".memctl/forgotten.jsonl"} <= {
        *found
    }
    assert any(name.startswith(".memctl/history/") for name in found)
    assert any(name.startswith("evicted/t3/") for name in found)
    assert (workspace / ".memctl" / "index.sqlite").exists()
    return workspace


def test_a_purge_leaves_no_copy_in_any_file_and_lists_each(cli, vault):
    log = (vault / "threads" / "t2.jsonl").read_bytes()
    before = snapshot(vault)

    dry = cli("-w", vault, "forget", VAULT, "--purge", "--dry-run", "--all")
    assert dry.exit_code == 0, dry.stderr
    assert snapshot(vault) == before
    refused = cli("-w", vault, "forget", VAULT.title(), "--purge")  # two facts hold it
    assert refused.exit_code == 2 and snapshot(vault) == before
    run = cli("-w", vault, "forget", VAULT.title(), "--purge", "--all")
    after = snapshot(vault)

    assert run.exit_code == 0, run.stderr
    assert scan(vault, VAULT) == [] and scan(vault, "falcon") == []
    index = {".memctl/index.sqlite"}  # dropped; a cache, which `snapshot` leaves out
    assert not (vault / ".memctl" / "index.sqlite").exists()
    assert (
        set(run.stdout.split()) == set(dry.stdout.split()) == changed_files(before, after) | index
    )
    listed = set(run.stdout.split())
    assert {"threads/t1.jsonl", "threads/t2.jsonl", ".memctl/forgotten.jsonl"} <= listed
    assert {"memory/archive/2020-01-02.md", ".memctl/index.sqlite"} <= listed
    assert any(name.startswith("evicted/t3/") for name in listed)
    # A log's lines keep their bytes but for the masked ones, the escaped line too.
    purged = (vault / "threads" / "t2.jsonl").read_bytes()
    assert len(purged) == len(log)
    assert purged.splitlines()[1] == log.splitlines()[1]
    said = json.loads(purged.splitlines()[0])["content"]
    assert said.startswith('\U0001f600Say "[forgotten') and said.endswith('" to café')
    assert "Dana leads payments." in (vault / "MEMORY.md").read_text()
    assert "cannot reach a copy outside this workspace" in run.stderr
    # Nothing finds it any more; a rebuilt index holds none of it; a second purge has none.
    assert cli("-w", vault, "search", "falcon", "--scope", "all").exit_code == 1
    assert scan(vault, "falcon") == []
    assert cli("-w", vault, "consolidate", "--force").exit_code == 0
    again = cli("-w", vault, "forget", VAULT, "--purge")
    assert again.exit_code == 1 and len(again.stderr.strip().splitlines()) == 1


def test_a_purge_of_text_in_no_fact_works(cli, workspace):
    configure(workspace)
    said = json.dumps({"role": "assistant", "content": f"Is {VAULT} for staging only?"})
    assert cli("-w", workspace, "thread", "append", "t1", input=said + "\n").exit_code == 0

    run = cli("-w", workspace, "--json", "forget", VAULT, "--purge")

    assert run.exit_code == 0, run.stderr
    result = json.loads(run.stdout)
    # the token's salted digest, which keeps it out of what a sync brings, is listed too
    assert result["facts"] == []
    assert result["purged"] == [".memctl/forgotten.jsonl", "threads/t1.jsonl"]
    assert scan(workspace, VAULT) == []
    # No fact's tombstone: the token's alone, salted, which a sync masks it by elsewhere.
    [stone] = parse_tombstones((workspace / ".memctl" / "forgotten.jsonl").read_text())
    assert stone.salt and not stone.fact and stone.digest == token_digest(stone.salt, VAULT)


def test_a_purge_with_no_copy_or_no_query_changes_nothing(cli, workspace):
    configure(workspace)
    said = json.dumps({"role": "user", "content": "Dana leads payments."})
    assert cli("-w", workspace, "thread", "append", "t1", input=said + "\n").exit_code == 0
    before = snapshot(workspace)

    none = cli("-w", workspace, "forget", VAULT, "--purge")
    blank = cli("-w", workspace, "forget", "  ", "--purge")

    assert none.exit_code == 1 and f"nothing in the workspace contains '{VAULT}'" in none.stderr
    assert blank.exit_code == 2
    for run in (none, blank):
        assert len(run.stderr.strip().splitlines()) == 1
    assert snapshot(workspace) == before


def test_the_audits_reproduction_leaves_no_copy(cli, tmp_path):
    root = tmp_path / "rp"
    assert cli("init", root).exit_code == 0
    said = [
        {"role": "user", "content": f"The staging vault code is {VAULT}."},
        {"role": "assistant", "content": f"Is {VAULT} for staging only?"},
    ]
    talk = "".join(json.dumps(entry) + "\n" for entry in said)
    assert cli("-w", root, "thread", "append", "t1", input=talk).exit_code == 0
    assert cli("-w", root, "flush").exit_code == 0
    assert cli("-w", root, "consolidate").exit_code == 0

    run = cli("-w", root, "forget", VAULT, "--purge")

    assert run.exit_code == 0, run.stderr
    assert "threads/t1.jsonl" in run.stdout.split()
    assert scan(root, VAULT) == []
    assert cli("-w", root, "search", VAULT, "--scope", "all").exit_code == 1
    assert cli("-w", root, "forget", VAULT, "--purge").exit_code == 1


def test_a_purge_keeps_the_record_of_an_export_whose_path_holds_the_text(cli, tmp_path):
    root = tmp_path / "ws"
    assert cli("init", root).exit_code == 0
    said = json.dumps({"role": "user", "content": f"Dana leads payments. The code is {VAULT}."})
    assert cli("-w", root, "thread", "append", "t1", input=said + "\n").exit_code == 0
    assert cli("-w", root, "flush").exit_code == 0
    assert cli("-w", root, "consolidate").exit_code == 0
    target = tmp_path / f"{VAULT}-notes" / "AGENTS.md"  # a name, which a purge does not rename
    target.parent.mkdir()
    assert cli("-w", root, "export", "--agents-md", target).exit_code == 0
    assert f"The code is {VAULT}." in target.read_text()

    run = cli("-w", root, "forget", VAULT, "--purge")

    assert run.exit_code == 0, run.stderr
    assert VAULT not in target.read_text() and "Dana leads payments." in target.read_text()
    assert str(target) in run.stdout.split()
    state = json.loads((root / ".memctl" / "state.json").read_text())
    assert state["exports"] == {str(target): "agents-md"}


def test_a_purge_never_rewrites_the_configuration_and_says_it_holds_a_copy(cli, tmp_path):
    """`forget model --purge` masked "model" in memctl.yaml's keys (and its parsed copy),
    and no command could open the workspace after. The configuration is only named: its
    user edits it; everything else is purged as before."""
    root = tmp_path / "w"
    assert cli("init", root).exit_code == 0
    said = json.dumps({"role": "user", "content": "Which model answers the pager?"})
    assert cli("-w", root, "thread", "append", "t1", input=said + "\n").exit_code == 0
    assert cli("-w", root, "status").exit_code == 0  # the parsed copy of memctl.yaml
    config = (root / "memctl.yaml").read_bytes()
    parsed = (root / ".memctl" / "config.json").read_bytes()
    assert b"model" in config and b"model" in parsed

    dry = cli("-w", root, "--json", "forget", "model", "--purge", "--dry-run")
    run = cli("-w", root, "forget", "model", "--purge")

    assert run.exit_code == 0, run.stderr
    assert json.loads(dry.stdout)["purge_config"] is True
    # A word: no fact held it, and no salted digest of it is kept (review 28 F7).
    assert run.stdout.split() == ["threads/t1.jsonl"]
    assert "memctl.yaml holds it too" in run.stderr and "edit it by hand" in run.stderr
    assert (root / "memctl.yaml").read_bytes() == config
    assert (root / ".memctl" / "config.json").read_bytes() == parsed
    assert scan(root / "threads", "model") == []
    assert cli("-w", root, "status").exit_code == 0
    only = cli("-w", root, "forget", "timezone", "--purge")
    assert only.exit_code == 1
    assert only.stderr.strip() == (
        "memctl: error: only memctl.yaml contains 'timezone': a purge never rewrites the "
        "configuration; edit it by hand"
    )


# ------------------------------------------------- structure is never masked (the audit)

SECRET = "hunter2zz"
SAID = [
    {"role": "user", "content": f"The deploy key is {SECRET}. Dana leads payments."},
    {"role": "assistant", "content": "Noted: Dana leads payments, user content."},
]


def flushed(cli: Any, root: Path, *, consolidated: bool = True) -> Path:
    """A workspace whose thread `t-db3x` was flushed (a ledger with its header, state
    with the thread's head and tail digests, provenance) and consolidated."""
    assert cli("init", root).exit_code == 0
    talk = "".join(json.dumps(entry) + "\n" for entry in SAID)
    assert cli("-w", root, "thread", "append", "t-db3x", input=talk).exit_code == 0
    assert cli("-w", root, "flush").exit_code == 0
    if consolidated:
        assert cli("-w", root, "consolidate").exit_code == 0
    return root


def test_undo_right_after_a_purge_is_refused_naming_the_purge(cli, tmp_path):
    """Audit 17 L6: a purge kept no history copy, so `undo` right after it restored the
    copy from before the last consolidation, undoing that consolidation (its facts left
    MEMORY.md) while the purge stayed. The purge is now a step of MEMORY.md's history
    that undo refuses, in one line naming it; going back past it is asked for by number,
    and brings nothing purged back."""
    root = flushed(cli, tmp_path / "w")
    consolidated = (root / "MEMORY.md").read_text()
    assert "Dana leads payments" in consolidated
    assert cli("-w", root, "forget", SECRET, "--purge").exit_code == 0
    purged = (root / "MEMORY.md").read_text()
    before = snapshot(root)

    for options in ([], ["--dry-run"], ["1"]):
        run = cli("-w", root, "undo", *options)
        assert (run.exit_code, run.stdout) == (2, ""), run.stderr
        assert len(run.stderr.splitlines()) == 1, run.stderr
        assert "version 1 is MEMORY.md as `forget --purge` left it" in run.stderr
        assert "a purge cannot be undone" in run.stderr and "`memctl undo 2`" in run.stderr
        assert snapshot(root) == before
    assert (root / "MEMORY.md").read_text() == purged
    versions = json.loads(cli("-w", root, "--json", "history").stdout)["versions"]
    assert [v["replaced_by"] for v in versions] == ["forget --purge", "consolidate"]

    back = cli("-w", root, "undo", "2")  # on purpose: the consolidation undone, the purge kept
    assert back.exit_code == 0, back.stderr
    assert scan(root, SECRET) == []
    assert cli("-w", root, "consolidate").exit_code == 0
    assert scan(root, SECRET) == [] and "Dana leads payments" in (root / "MEMORY.md").read_text()


def test_a_purge_refuses_a_short_query_or_one_spanning_lines(cli, tmp_path):
    """`forget a --purge` made every role `[ssist[nt`, `forget 5 --purge --all` masked
    digits of every digest, and a query over a line break merged two ledger lines."""
    root = flushed(cli, tmp_path / "w")
    before = snapshot(root)
    for query in ("a", "5", "db3", "  a b ", f"{SECRET}.\n- Noted", f"{SECRET}\r"):
        run = cli("-w", root, "forget", query, "--purge", "--all")
        assert run.exit_code == 2, (query, run.stderr)
        assert len(run.stderr.strip().splitlines()) == 1, run.stderr
        assert snapshot(root) == before, query


def test_a_purge_masks_text_never_keys_roles_headers_or_digests(cli, tmp_path):
    """The audit's cases: `content` and `user` are in every log line's keys and roles,
    the flush time and the thread id in every ledger header, four hex digits in state's
    digests; a purge masks them in text and leaves (and names) the structure."""
    root = flushed(cli, tmp_path / "w")
    log = root / "threads" / "t-db3x.jsonl"
    header = (root / "memory").glob("*.md").__next__().read_text().splitlines()[0]
    state_bytes = (root / ".memctl" / "state.json").read_bytes()
    head = json.loads(state_bytes)["threads"]["t-db3x"]["head"]

    other = tmp_path / "other"
    shutil.copytree(root, other)

    content = cli("-w", other, "--json", "forget", "content", "--purge", "--all")
    user = cli("-w", root, "--json", "forget", "user", "--purge", "--all")

    assert content.exit_code == user.exit_code == 0, content.stderr + user.stderr
    for purged in (log, other / "threads" / "t-db3x.jsonl"):
        entries = [json.loads(line) for line in purged.read_text().splitlines()]
        assert [entry["role"] for entry in entries] == ["user", "assistant"]
        assert all(set(entry) == {"role", "content", "ts"} for entry in entries)
        assert entries[0]["content"] == SAID[0]["content"]
        assert entries[1]["content"].startswith("[forgotten")
    assert "threads/t-db3x.jsonl (key content)" in json.loads(content.stdout)["purge_unreachable"]
    assert "threads/t-db3x.jsonl (role value)" in json.loads(user.stdout)["purge_unreachable"]
    assert "names or structure a purge does not rewrite" in content.stderr
    ledger_file = next((root / "memory").glob("*.md"))
    assert ledger_file.read_text().splitlines()[0] == header
    clock = header.split(" · ")[0].removeprefix("## ")  # the flush time, in no text
    for query in (clock, head, "db3x", ledger_file.stem[:4]):  # the year
        run = cli("-w", root, "forget", query, "--purge", "--all")
        assert run.exit_code == 1 and "only names or structure" in run.stderr, run.stderr
    assert ledger_file.read_text().splitlines()[0] == header
    # No digest is masked; the one of the log bytes the purge rewrote states them now.
    expected = json.loads(state_bytes)
    place = expected["threads"]["t-db3x"]["place"]
    place["tail"] = hashlib.sha256(
        log.read_bytes()[place["offset"] - 64 : place["offset"]]
    ).hexdigest()
    key = f"memory/{ledger_file.name}"
    offset = expected["consolidation"]["offsets"][key]
    merged = ledger_file.read_bytes()[offset - 64 : offset]
    expected["consolidation"]["tails"][key] = hashlib.sha256(merged).hexdigest()
    assert json.loads((root / ".memctl" / "state.json").read_bytes()) == expected
    assert ".memctl/state.json" in json.loads(user.stdout)["purged"]
    named = cli("-w", root, "forget", "db3x", "--purge").stderr
    assert "threads/t-db3x.jsonl (name)" in named and "(line 1)" in named
    # The next flush reads on from where the last one stopped, not from entry 0.
    more = json.dumps({"role": "user", "content": "Releases are cut on Mondays."}) + "\n"
    assert cli("-w", root, "thread", "append", "t-db3x", input=more).exit_code == 0
    assert cli("-w", root, "flush").exit_code == 0
    assert "· t-db3x · 2-2 ·" in ledger_file.read_text()


def test_a_consolidation_after_a_purge_keeps_no_masked_bullet(cli, tmp_path):
    """A fact flushed, not yet consolidated, then purged: its masked bullet became a
    MEMORY.md bullet at the next consolidation (and the memory block's)."""
    root = flushed(cli, tmp_path / "w", consolidated=False)
    assert cli("-w", root, "forget", SECRET, "--purge").exit_code == 0
    assert "[forgotten" in next((root / "memory").glob("*.md")).read_text()

    assert cli("-w", root, "consolidate").exit_code == 0

    memory = (root / "MEMORY.md").read_text()
    assert "[forgotten" not in memory and "Dana leads payments." in memory
    assert "[forgotten" not in cli("-w", root, "export").stdout


def test_an_undo_to_a_copy_a_purge_masked_brings_no_masked_bullet_back(cli, tmp_path):
    """forget keeps MEMORY.md in history; a purge masks the copy; undo restores it; the
    next consolidation must not keep its masked bullet."""
    root = flushed(cli, tmp_path / "w")
    assert cli("-w", root, "forget", "Noted: Dana").exit_code == 0
    assert cli("-w", root, "forget", SECRET, "--purge").exit_code == 0
    undo = cli("-w", root, "undo", "2")  # 1 is the purge's, which cannot be undone
    assert undo.exit_code == 0, undo.stderr
    assert "[forgotten" not in (root / "MEMORY.md").read_text()  # audit 3a, defect 9
    assert "Dana leads payments, user content." in (root / "MEMORY.md").read_text()

    assert cli("-w", root, "consolidate", "--force").exit_code == 0

    memory = (root / "MEMORY.md").read_text()
    assert "[forgotten" not in memory and "Dana leads payments." in memory


def test_a_purge_of_a_logs_first_line_leaves_flush_and_consolidation_nothing_to_redo(
    cli, workspace
):
    """Audit 3a, defect 8: the purge changed the hash of the log's first line that flush
    keeps (to tell a replaced log), so flush sent the whole thread again; the hash of the
    ledger bytes before the consolidation offset too, so the ledger was merged again."""
    turns = [
        ("The door code is 4471-Heron. Erin leads QA.", "2026-11-20T09:00:00+00:00"),
        ("Marco owns the billing service.", "2026-11-20T09:01:00+00:00"),
    ]
    lines = "".join(
        json.dumps({"role": "user", "content": text, "ts": ts}) + "\n" for text, ts in turns
    )
    assert cli("-w", workspace, "thread", "append", "t1", input=lines).exit_code == 0
    assert cli("-w", workspace, "flush").exit_code == 0
    assert cli("-w", workspace, "consolidate").exit_code == 0

    first = cli("-w", workspace, "forget", "4471-Heron", "--purge", "--all")
    last = cli("-w", workspace, "forget", "Marco owns the billing", "--purge")  # the ledger's end

    assert (first.exit_code, last.exit_code) == (0, 0), first.stderr + last.stderr
    log = (workspace / "threads" / "t1.jsonl").read_text()
    assert "4471" not in log and "Marco" not in log.splitlines()[1]
    flush = cli("-w", workspace, "flush", "--dry-run")
    assert flush.stderr == "flush: nothing to do: no unflushed thread entries\n"
    merge = cli("-w", workspace, "consolidate", "--dry-run")
    assert merge.stderr.startswith("consolidate: no new daily text since the last consolidation")
    turn = json.dumps({"role": "user", "content": "Erin moved to the platform team."})
    assert cli("-w", workspace, "thread", "append", "t1", input=turn + "\n").exit_code == 0
    assert "would send 1 entry (log 2-2)" in cli("-w", workspace, "flush", "--dry-run").stderr


def test_an_undo_leaves_out_the_bullets_a_purge_masked_and_says_so(cli, workspace):
    """Audit 3a, defect 9: README says a bullet holding a mask is never made a
    MEMORY.md bullet, an undo to a copy the purge masked included."""
    for text in ("The old vault code is swordfish-7781.", "Ops rota lives in the wiki."):
        assert cli("-w", workspace, "save", text).exit_code == 0
    assert cli("-w", workspace, "forget", "vault code").exit_code == 0
    assert cli("-w", workspace, "forget", "swordfish-7781", "--purge").exit_code == 0
    versions = json.loads(cli("-w", workspace, "--json", "history").stdout)["versions"]
    assert [v["replaced_by"] for v in versions] == ["forget --purge", "forget"]
    copy = (workspace / versions[1]["path"]).read_text()  # the plain forget's
    assert "[forgotten" in copy and "swordfish" not in copy

    dry = cli("-w", workspace, "--json", "undo", "2", "--dry-run")
    run = cli("-w", workspace, "undo", "2")  # 1 is the purge's, which cannot be undone

    assert run.exit_code == 0, run.stderr
    assert (workspace / "MEMORY.md").read_text() == "- Ops rota lives in the wiki.\n"
    assert json.loads(dry.stdout)["masked"] == 1 and "[forgotten" not in dry.stdout
    assert "undo: left out 1 line a purge masked since that version was kept" in run.stderr
    assert "states again" not in run.stderr  # the forget's tombstone named a masked fact


def test_a_purge_finds_what_search_finds_whatever_the_spelling(cli, workspace):
    """Audit 17 M2/M3: search found "Straßenbahn-Modul" for "STRASSENBAHN-MODUL" and an NFD
    "Größenprüfung" (pasted from macOS) for the NFC word, `forget --purge` said nothing
    held them. A purge masks every copy search finds, a fact's and a turn's."""
    import unicodedata

    nfd = unicodedata.normalize("NFD", "Müller macht die Größenprüfung.")
    turns = ["Das Straßenbahn-Modul ist fertig.", "Ich fahre Straßenbahn-Modul-Tests.", nfd]
    said = "".join(json.dumps({"role": "user", "content": t}) + "\n" for t in turns)
    assert cli("-w", workspace, "thread", "append", "t1", input=said).exit_code == 0
    assert cli("-w", workspace, "save", "Das Straßenbahn-Modul ist fertig.").exit_code == 0
    assert cli("-w", workspace, "save", nfd).exit_code == 0
    for query, gone in (("STRASSENBAHN-MODUL", "straßenbahn"), ("Größenprüfung", "pru")):
        # the index holds its text folded ("strassenbahn", "grossenprufung")
        assert cli("-w", workspace, "search", query, "--scope", "all").exit_code == 0
        run = cli("-w", workspace, "forget", query, "--purge")
        assert run.exit_code == 0, run.stderr
        assert cli("-w", workspace, "search", query, "--scope", "all").exit_code == 1
        assert scan(workspace, gone) == [], gone
    assert scan(workspace, "strassenbahn") == scan(workspace, "grossenprufung") == []


def test_a_purge_masks_every_spelling_search_folds_alike(cli, workspace):
    """Review 29 F3: search found "Busßtopp-Code" for "Bussstopp-Code" and "ﬁle-Ablage7"
    (a ligature) for "file-Ablage7"; a purge paired the s's from the left ("ss" + "s",
    never "s" + "ß") and knew no ligature, so those copies stayed. The log is written
    as UTF-8, not escaped, so each copy is found by its runs of letters (mutation Pb)."""
    turns = [
        "Notiz: Busßtopp-Code und Bussstopp-Code.",
        "Notiz: ﬁle-Ablage7 und file-ablage7.",
        "Die Straßenbahn-Linie9 fährt heute nicht.",
    ]
    said = "".join(
        json.dumps({"role": "user", "content": t}, ensure_ascii=False) + "\n" for t in turns
    )
    assert cli("-w", workspace, "thread", "append", "t1", input=said).exit_code == 0
    for query in ("Bussstopp-Code", "file-Ablage7", "STRASSENBAHN-LINIE9"):
        assert cli("-w", workspace, "search", query, "--scope", "all").exit_code == 0
        run = cli("-w", workspace, "forget", query, "--purge", "--all")
        assert run.exit_code == 0, run.stderr
        assert cli("-w", workspace, "search", query, "--scope", "all").exit_code == 1, query
    log = (workspace / "threads" / "t1.jsonl").read_text(encoding="utf-8")
    assert "Notiz:" in log and "fährt heute nicht" in log
    for gone in ("topp-Code", "Ablage7", "ablage7", "Linie9"):
        assert gone not in log, (gone, log)


def test_a_chinese_name_of_three_characters_is_long_enough_to_purge(cli, workspace):
    """Audit 17 M6: `forget 王小明 --purge` was refused as shorter than 4 characters; a
    CJK character counts two, so a 2- or 3-character name is purged, one character and
    a short ASCII word still refused."""
    assert (
        cli("-w", workspace, "save", "合作方的联系人是王小明，邮箱是wangxm@huaqiang.cn。").exit_code
        == 0
    )
    for short in ("王", "the", "db3"):
        refused = cli("-w", workspace, "forget", short, "--purge")
        assert refused.exit_code == 2 and "too short to purge" in refused.stderr, refused
    run = cli("-w", workspace, "forget", "王小明", "--purge")
    assert run.exit_code == 0, run.stderr
    assert scan(workspace, "王小明") == []
