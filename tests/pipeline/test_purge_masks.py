"""A purge's mask is never a fact (audit 14 defect 3): a short purge query's mask, once cut
from `[forgotten]` (`[for`, `[forgot`), was read as text, and flush made a MEMORY.md bullet
of it ("Lena owns the [forgot service."). Every mask a purge writes is told from text
(`forgotten.holds_mask`), and flush takes no fact from a sentence holding one, whatever
its length. And a user's text is never a mask (review 21 finding 2): the short mask holds
a Unicode noncharacter no text does, and an older memctl's short masks (`[~~]`, `[forgot`),
which text can look like ("- [~] Migrate billing", "[forgot password]"), are masks only in
a workspace an older memctl purged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memctl.core.forgotten import holds_mask, mask, unmasked
from tests.support.helpers import configure
from tests.support.llm_server import write_model_config


def said(cli, root: Path, *texts: str) -> None:
    talk = "".join(json.dumps({"role": "user", "content": text}) + "\n" for text in texts)
    assert cli("-w", root, "thread", "append", "t1", input=talk).exit_code == 0


def bullets(root: Path) -> list[str]:
    return [line for line in (root / "MEMORY.md").read_text().splitlines() if line.startswith("- ")]


@pytest.mark.parametrize("size", range(3, 40))
def test_every_mask_a_purge_writes_is_told_from_text(size: int) -> None:
    written = mask(size)
    assert len(written) == size
    line = f"Lena owns the {written.decode('utf-8')} service."
    assert holds_mask(line)
    assert unmasked(line).split() == ["Lena", "owns", "the", "service."]


@pytest.mark.parametrize(
    "text",
    [
        "The [for example] note",
        "I [forgot] it",
        "Use ~~strikethrough~~ here",
        "- [x] done, - [ ] to do",
        "The forgotten service",
        "[forgetful] tag",
        "- [~] Migrate billing to Postgres (paused until Q3)",
        "the [~~] marker",
        "Add a [forgot password] link",
        "Lena owns the [forgot password] flow.",
        "[forgot password](/reset)",
        "[forgot-password]",
        "[forgot.]",
        "[~~old~~]",
        "- [-] dropped, - [/] half done, - [>] moved, - [~~~~~~~] blocked",
    ],
)
def test_text_that_looks_like_a_mask_is_no_mask(text: str) -> None:
    assert not holds_mask(text)
    assert unmasked(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "Add a [forgot password] link",
        "Lena owns the [forgot password] flow.",
        "[forgot password](/reset)",
        "[forgot-password]",
        "[forgot.]",
        "I [forgot] it",
        "- [~] Migrate billing to Postgres",
    ],
)
def test_text_is_no_mask_even_where_an_older_memctl_purged(text: str) -> None:
    """The forms an older memctl's short mask cannot take: a `[forg...` a `]` closes
    later in the line (a user's bracket: a cut mask has none), a 3-byte `[~]` (no purge
    query is that short)."""
    assert not holds_mask(text, legacy=True)


def test_a_mask_an_older_purge_cut_short_is_a_mask_where_it_purged() -> None:
    """A workspace an older memctl purged holds `[forgot`, `[~~]` and the like."""
    for line in (
        "Lena owns the [forgot service.",
        "Lena owns the [forgotte service.",
        "Lena owns the [forg service.",
        "Lena owns the [~~] service.",
        "Lena owns the [~~~~~~~] service.",
    ):
        assert holds_mask(line, legacy=True) and not holds_mask(line), line
        assert unmasked(line, legacy=True).split() == ["Lena", "owns", "the", "service."]


@pytest.mark.parametrize("query", ["zqab", "zqhgldn", "zqhgldnab", "zqhgldnabc", "zqhgldnabcdef"])
def test_a_turn_a_purge_masked_gives_no_bullet_whatever_the_query_length(
    cli, workspace: Path, query: str
) -> None:
    """The report's reproduction: purge, then flush and consolidate."""
    said(cli, workspace, f"Lena owns the {query} service. Bo runs the db3 cluster in Oslo.")
    assert cli("-w", workspace, "forget", query, "--purge").exit_code == 0
    log = (workspace / "threads" / "t1.jsonl").read_text()
    assert query not in log and holds_mask(log)

    assert cli("-w", workspace, "flush").exit_code == 0
    assert cli("-w", workspace, "consolidate").exit_code == 0

    assert bullets(workspace) == ["- Bo runs the db3 cluster in Oslo."]
    ledger = next((workspace / "memory").glob("*.md")).read_text()
    assert "Lena" not in ledger and not holds_mask(ledger)


def test_an_llm_answer_holding_a_short_mask_is_not_written(
    cli, workspace: Path, llm_server
) -> None:
    """Any model's answer: a fact holding a mask is what a purge left of one."""
    write_model_config(workspace, llm_server, timezone="UTC")
    said(cli, workspace, "Lena owns the zqab service. Bo runs the db3 cluster in Oslo.")
    assert cli("-w", workspace, "forget", "zqab", "--purge").exit_code == 0
    short = mask(4).decode("utf-8")
    llm_server.reply(f"- Lena owns the {short} service.\n- Bo runs the db3 cluster in Oslo.")

    run = cli("-w", workspace, "flush")

    assert run.exit_code == 0, run.stderr
    assert short in llm_server.requests[0]["messages"][1]["content"]  # the turn as it is
    ledger = next((workspace / "memory").glob("*.md")).read_text()
    assert "- Bo runs the db3 cluster in Oslo." in ledger and "Lena" not in ledger


HAND_WRITTEN = [
    "- [~] Migrate billing to Postgres (paused until Q3)",
    "- Use the [~~] marker for blocked tasks.",
    "- Priya reviews every [forgot password] change.",
]
SAID = [
    "Lena owns the [forgot password] flow. Bo runs the db3 cluster in Oslo.",
    "Add a [forgot password](/reset) link to the login page by Friday.",
    "Step 1 finished on host db1.",
    "Step 2 finished on host db2.",
    "Step 3 finished on host db3.",
]


def recalled(cli, root: Path, query: str) -> set[str]:
    run = cli("-w", root, "--json", "recall", query)
    assert run.exit_code == 0, run.stderr
    return {hit["source"] for hit in json.loads(run.stdout)["hits"]}


@pytest.mark.parametrize("purged", [False, True])
def test_a_users_text_like_a_mask_survives_flush_consolidate_context_recall_and_compaction(
    cli, workspace: Path, purged: bool
) -> None:
    """Review 21 finding 2's reproduction: hand-written MEMORY.md lines and chat turns
    holding a check box `[~]`, a `[~~]` marker or "[forgot password]", in a workspace
    that never purged and in one this memctl purged (its tombstone records its masks)."""
    configure(workspace, compaction={"keep_messages": 2, "keep_tokens": 0})
    with (workspace / "MEMORY.md").open("a") as memory:
        memory.write("".join(f"{line}\n" for line in HAND_WRITTEN))
    said(cli, workspace, "The vault code is zq-0451-ab.")
    if purged:
        assert cli("-w", workspace, "flush").exit_code == 0
        assert cli("-w", workspace, "forget", "zq-0451-ab", "--purge").exit_code == 0
        stones = (workspace / ".memctl" / "forgotten.jsonl").read_text().splitlines()
        assert [json.loads(stone)["masks"] for stone in stones] == [2, 2]  # the fact, the token
    said(cli, workspace, *SAID)

    assert cli("-w", workspace, "flush").exit_code == 0
    assert cli("-w", workspace, "consolidate").exit_code == 0

    kept = bullets(workspace)
    for line in [*HAND_WRITTEN, "- Bo runs the db3 cluster in Oslo."]:
        assert line in kept
    assert "- Add a [forgot password](/reset) link to the login page by Friday." in kept
    ledger = next((workspace / "memory").glob("*.md")).read_text()
    assert "- Lena owns the [forgot password] flow." in ledger
    shown = cli("-w", workspace, "--json", "context", "t1")
    assert shown.exit_code == 0, shown.stderr
    messages = json.loads(shown.stdout)["messages"]
    for line in HAND_WRITTEN:
        assert line in messages[0]["content"]
    assert [m["content"] for m in messages[2:4]] == SAID[:2]  # no turn hidden
    lines = (workspace / "MEMORY.md").read_text().splitlines()
    at = {line: f"MEMORY.md:{number}" for number, line in enumerate(lines, 1)}
    found = recalled(cli, workspace, "forgot password")
    assert {at[HAND_WRITTEN[2]], "threads/t1.jsonl#1 [user]", "threads/t1.jsonl#2 [user]"} <= found
    assert at[HAND_WRITTEN[0]] in recalled(cli, workspace, "migrate billing to postgres")
    assert at[HAND_WRITTEN[1]] in recalled(cli, workspace, "marker for blocked tasks")

    compacted = cli("-w", workspace, "compact", "t1", "--force")

    assert compacted.exit_code == 0, compacted.stderr
    record = json.loads((workspace / "threads" / "t1.jsonl").read_text().splitlines()[-1])
    assert record["type"] == "compaction"
    assert "[user] Add a [forgot password](/reset) link" in record["summary"]


@pytest.mark.parametrize("older", [True, False])
def test_an_older_memctls_short_masks_are_masks_only_where_it_purged(
    cli, workspace: Path, older: bool
) -> None:
    """A workspace an older memctl purged (its purge tombstone records no `masks`) holds
    `[forgot` and `[~~]` masks: flush takes no fact from them and consolidation merges
    no line holding one. Where only this memctl purged, the same text is a user's."""
    stone = {"fact": "", "at": "2026-11-30T10:00:00+00:00", "replacement": None}
    stone |= {"digest": "0" * 64} | ({} if older else {"masks": 2})
    (workspace / ".memctl").mkdir(exist_ok=True)
    (workspace / ".memctl" / "forgotten.jsonl").write_text(json.dumps(stone) + "\n")
    (workspace / "memory" / "2026-11-30.md").write_text(
        "## Memory Flush — 2026-11-30T10:00:00+00:00 · thread t0 · entries 0-1 · builtin\n\n"
        "- Ana owns the [~~] queue.\n- Omar owns the billing queue.\n"
    )
    said(cli, workspace, "Lena owns the [forgot service. Bo runs the db3 cluster in Oslo.")

    assert cli("-w", workspace, "flush").exit_code == 0
    assert cli("-w", workspace, "consolidate").exit_code == 0

    plain = ["- Omar owns the billing queue.", "- Bo runs the db3 cluster in Oslo."]
    masked = ["- Ana owns the [~~] queue.", "- Lena owns the [forgot service."]
    assert sorted(bullets(workspace)) == sorted(plain if older else plain + masked)


def test_thread_show_writes_a_short_mask_as_forgotten_and_json_keeps_the_log(
    cli, workspace: Path
) -> None:
    """Review 22 #5: `thread show` printed the bare U+FDD0 of a short mask, which most
    terminals show as nothing; it reads `[forgotten]`, and `--json` keeps the log's text."""
    said(cli, workspace, "Lena owns the zqhgldn service.")
    assert cli("-w", workspace, "forget", "zqhgldn", "--purge").exit_code == 0

    shown = cli("-w", workspace, "thread", "show", "t1")

    assert shown.exit_code == 0, shown.stderr
    assert "Lena owns the [forgotten] service." in shown.stdout
    assert "\ufdd0" not in shown.stdout
    logged = json.loads(cli("-w", workspace, "--json", "thread", "show", "t1").stdout)
    assert "\ufdd0" in logged["messages"][0]["content"]


@pytest.mark.parametrize("older", [True, False])
def test_every_reader_reads_an_older_memctls_short_mask_alike(
    cli, workspace: Path, older: bool
) -> None:
    """Review 22 #6: where an older memctl purged, its short masks (`[forgot`) are masks
    to every reader that leaves masks out: search, recall, the memory block of `context`
    and `export`, `explain` (a line masked whole was said in no entry it can tell) and
    forget's rewrite of MEMORY.md (a masked bullet goes with any forget, as a mask this
    memctl wrote does). Where only this memctl purged, the same text is a user's to all."""
    stone = {"fact": "", "at": "2026-11-30T10:00:00+00:00", "replacement": None}
    stone |= {"digest": "0" * 64} | ({} if older else {"masks": 2})
    (workspace / ".memctl").mkdir(exist_ok=True)
    (workspace / ".memctl" / "forgotten.jsonl").write_text(json.dumps(stone) + "\n")
    masked = "- Ana owns the [forgot queue."
    with (workspace / "MEMORY.md").open("a") as memory:
        memory.write(f"{masked}\n- Omar owns the billing queue.\n- Bo runs the db3 cluster.\n")
    (workspace / "memory" / "2026-11-30.md").write_text(
        "## Memory Flush — 2026-11-30T10:00:00+00:00 · thread t0 · entries 0-1 · builtin\n\n"
        "- [forgot\n"
    )
    talk = ["The code is [forgot", "I forgot the code again."]  # the turn, masked too
    talk_in = "".join(json.dumps({"role": "user", "content": text}) + "\n" for text in talk)
    assert cli("-w", workspace, "thread", "append", "t0", input=talk_in).exit_code == 0
    at = (workspace / "MEMORY.md").read_text().splitlines().index(masked) + 1

    found = cli("-w", workspace, "--json", "search", "queue")
    assert found.exit_code == 0, found.stderr
    texts = [hit["text"] for hit in json.loads(found.stdout)["hits"]]
    assert (masked in texts) is not older
    assert (f"MEMORY.md:{at}" in recalled(cli, workspace, "who owns the queue")) is not older
    context = json.loads(cli("-w", workspace, "--json", "context", "t0").stdout)
    assert (masked in context["messages"][0]["content"]) is not older
    agents = workspace / "AGENTS.md"
    assert cli("-w", workspace, "export", "--agents-md", agents).exit_code == 0
    assert (masked in agents.read_text()) is not older
    explained = cli("-w", workspace, "--json", "explain", "memory/2026-11-30.md:3")
    assert explained.exit_code == 0, explained.stderr
    (origin,) = json.loads(explained.stdout)["ledger"]
    assert (origin["entry"] is None) is older

    assert cli("-w", workspace, "forget", "Omar owns the billing queue").exit_code == 0

    kept = bullets(workspace)
    assert "- Bo runs the db3 cluster." in kept
    assert "- Omar owns the billing queue." not in kept
    assert (masked in kept) is not older
    assert (masked in agents.read_text()) is not older
