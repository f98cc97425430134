"""A purged token across sync (audit 16 H2): a purge's tombstone keeps a salted digest of
the token a one-token query names, so a sync masks that token wherever it is, on both
machines, in a fact only the other machine wrote too; never an unrelated word."""

from __future__ import annotations

import json
import random
import string
import time
from pathlib import Path
from typing import Any

import pytest

from memctl.core.config import load_config
from memctl.core.forgotten import (
    parse_tombstones,
    purged_token,
    purged_tokens,
    shared_salt,
    token_pieces,
    token_stone,
    token_words,
    tracked_token,
)
from memctl.core.threads import append_entries
from memctl.pipeline.forget import forget
from memctl.pipeline.save import save
from tests.support.sync import (
    GIT,
    bare,
    holding,
    remote_files,
    replica,
    run_flush,
    run_sync,
    save_text,
)

pytestmark = [pytest.mark.skipif(GIT is None, reason="sync needs git"), pytest.mark.slow]

TOKEN = "bfpay-Z9k3Lq7Rt2Wx5Vn8"
OTHER = "bfpay-Q1w2E3r4T5y6U7i8"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))


def _say(cli: Any, root: Path, thread: str, text: str) -> None:
    message = json.dumps({"role": "user", "content": text})
    done = cli("-q", "-w", root, "thread", "append", thread, "-", input=message + "\n")
    assert done.exit_code == 0, done.stderr


def _run(cli: Any, root: Path, *args: str) -> Any:
    done = cli("-w", root, *args)
    assert done.exit_code == 0, done.stderr
    return done


@pytest.mark.parametrize(
    "first",
    [
        # The audit's words (a secret's name before it: redacted at flush now, M4).
        f"The new Bluefin gateway token is {TOKEN} for staging.",
        # A fact that holds the token in words no redaction rule reads as a secret.
        f"The Bluefin staging gateway answers to {TOKEN} from checkout.",
    ],
)
def test_a_purged_token_a_fact_written_elsewhere_holds_is_masked_on_both_machines(
    tmp_path: Path, cli: Any, first: str
) -> None:
    """H2: A has the token and syncs, B gets it; B's session writes another fact holding
    it before B syncs again; A purges the token. B syncs, A syncs, B syncs: A's files
    held the token again (MEMORY.md, the ledger, SessionStart's block) and B kept it,
    with no word, as the tombstone held only whole facts' digests. Now no file of either
    holds it, decoded or not, nor the remote's tip; each sync that masked says so; the
    rest of B's fact, and another token of the same provider, stay."""
    remote = bare(tmp_path)
    a, b = tmp_path / "A", tmp_path / "B"
    _run(cli, tmp_path, "init", a)
    with (a / "memctl.yaml").open("a") as config:
        config.write(f"sync:\n  remote: {remote}\n")
    _say(cli, a, "t1", first)
    for step in ("flush", "consolidate", "sync"):
        _run(cli, a, step)
    _run(cli, tmp_path, "init", "--from", remote, b)
    _say(
        cli,
        b,
        "t2",
        f"The cart service calls the gateway with {TOKEN} in the X-Bluefin-Key header.",
    )
    _say(cli, b, "t3", f"The sandbox gateway key is still {OTHER} for now.")
    for step in ("flush", "consolidate"):
        _run(cli, b, step)
    assert holding(b, TOKEN)
    purge = _run(cli, a, "forget", TOKEN, "--purge")
    assert holding(a, TOKEN) == [], purge.stderr

    first_b = _run(cli, b, "sync")
    again_a = _run(cli, a, "sync")
    again_b = _run(cli, b, "sync")

    assert holding(a, TOKEN) == []
    assert holding(b, TOKEN) == []
    assert [
        path for path, text in remote_files(remote).items() if TOKEN.lower() in text.lower()
    ] == []
    event = json.dumps({"hook_event_name": "SessionStart", "source": "startup"})
    block = cli("-w", a, "hook", "claude-code", input=event)
    assert TOKEN.lower() not in block.stdout.lower()
    assert "purged token" not in first_b.stderr  # B had no tombstone yet
    assert "1 purged token (purged on " in again_a.stderr  # B's fact, brought
    assert "1 purged token (purged on " in again_b.stderr  # B's own copies
    assert "masked a purged fact in " in again_b.stderr and "threads/t2.jsonl" in again_b.stderr
    ledgers = "".join(path.read_text() for path in sorted((b / "memory").glob("*.md")))
    assert "The cart service calls the gateway with [forgotten" in ledgers
    assert "in the X-Bluefin-Key header." in ledgers
    assert holding(b, OTHER) and holding(a, OTHER)  # an unrelated token of the provider


def test_a_purged_token_only_a_thread_turn_holds_escaped_is_masked_when_the_purge_arrives(
    tmp_path: Path,
) -> None:
    """A token said on B in a turn that never became a fact, written with JSON escapes
    (`\\u002d`), is found by the first sync that brings the purge (the thread logs are
    read, their strings decoded) and masked; the turn's other words stay."""
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote)
    append_entries(a, "t1", [{"role": "user", "content": f"Use {TOKEN} for the gateway."}])
    b = replica(tmp_path, "b", remote)
    log = b.threads_dir / "t9.jsonl"
    log.parent.mkdir(parents=True, exist_ok=True)
    escaped = TOKEN.replace("-", "\\u002d")
    log.write_text(f'{{"role": "user", "content": "ok {escaped} works"}}\n')
    run_sync(a)
    run_sync(b)
    forget(a, load_config(a.config_path), TOKEN, purge=True)
    run_sync(a)
    result = run_sync(b)
    assert holding(b.root, TOKEN) == [], log.read_text()
    assert "threads/t9.jsonl" in result.purged
    assert json.loads(log.read_text())["content"].startswith("ok ")
    assert json.loads(log.read_text())["content"].endswith(" works")


def test_a_purged_token_only_an_evicted_result_holds_is_masked_when_the_purge_arrives(
    tmp_path: Path,
) -> None:
    """A token only a tool result evicted on B holds (its log keeps the result's head,
    without it) is found by the first sync that brings the purge and masked there; the
    result's other lines stay (review 28: no test read the evicted results)."""
    remote = bare(tmp_path)
    a = replica(tmp_path, "a", remote)
    append_entries(a, "t1", [{"role": "user", "content": f"Use {TOKEN} for the gateway."}])
    b = replica(tmp_path, "b", remote)
    evicted = b.root / "evicted" / "t9" / "call_1.txt"
    evicted.parent.mkdir(parents=True)
    evicted.write_text(f"HTTP 200\nx-key: {TOKEN}\nserver: bluefin\n")
    run_sync(a)
    run_sync(b)
    forget(a, load_config(a.config_path), TOKEN, purge=True)
    run_sync(a)
    result = run_sync(b)
    assert holding(b.root, TOKEN) == [], evicted.read_text()
    assert "evicted/t9/call_1.txt" in result.purged
    assert evicted.read_text().startswith("HTTP 200\nx-key: [forgotten")
    assert evicted.read_text().endswith("\nserver: bluefin\n")


def test_a_phrase_purge_keeps_no_token_digest(tmp_path: Path) -> None:
    """A purge query that is no single token (a phrase) keeps today's tombstone: the
    digests of whole facts alone (README says so)."""
    ws = replica(tmp_path, "a", bare(tmp_path))
    save_text(ws, f"- The gateway answers to {TOKEN} from checkout.")
    forget(ws, load_config(ws.config_path), "answers to " + TOKEN, purge=True)
    stones = parse_tombstones((ws.state_dir / "forgotten.jsonl").read_text())
    assert stones and not any(stone.salt for stone in stones)
    assert TOKEN.lower() not in (ws.state_dir / "forgotten.jsonl").read_text().lower()


def test_the_token_digest_names_the_token_alone() -> None:
    """The tombstone keeps no text of the token; its digest matches the token in any case,
    as a whole token or a run of a longer one's pieces, and no other span: an unrelated
    word, a piece of the token, the token with a letter more."""
    stone = token_stone(TOKEN)
    assert (
        TOKEN.lower() not in json.dumps(stone).lower() and "z9k3" not in json.dumps(stone).lower()
    )
    [parsed] = parse_tombstones(json.dumps(stone))
    assert parsed.purged and parsed.salt
    text = (
        f"Header X-Bluefin-Key:{TOKEN.upper()}; see `{TOKEN}-old` and ({TOKEN}). "
        f"Not {TOKEN}x, bfpay, Z9k3Lq7Rt2Wx5Vn, {OTHER}, staging, the gateway."
    )
    found = purged_tokens([text], [parsed])
    assert [span.casefold() for span in found] == [TOKEN.casefold()]  # once: a purge masks any case
    assert set(purged_tokens([f"see `{TOKEN}-old` and ({TOKEN})."], [parsed])) == {TOKEN}
    assert purged_tokens(["bfpay Z9k3Lq7Rt2Wx5Vn8 bfpay-Z9k3Lq7Rt2Wx5Vn9"], [parsed]) == {}
    assert token_pieces("X-Bluefin-Key:bfpay") == 7 and token_pieces(TOKEN) == 3
    assert token_words("a (X-Key:bfpay-Z9), `b`") == {"a", "X-Key:bfpay-Z9", "b"}
    assert purged_token(f" {TOKEN}. ") == TOKEN
    assert purged_token(f"token {TOKEN}") is None and purged_token('"quoted"') is None


def test_saving_the_purged_token_on_purpose_drops_its_tombstone(tmp_path: Path) -> None:
    """A fact purged and saved again on purpose is remembered again (its tombstone
    dropped): so is a purged token, else the next sync would mask the saved fact."""
    ws = replica(tmp_path, "a", bare(tmp_path))
    config = load_config(ws.config_path)
    save_text(ws, f"- The gateway answers to {TOKEN} from checkout.")
    forget(ws, config, TOKEN, purge=True)
    assert any(s.salt for s in parse_tombstones((ws.state_dir / "forgotten.jsonl").read_text()))
    saved = save(ws, config, f"- The sandbox uses {TOKEN.upper()} now.")
    assert saved.unforgotten
    stones = parse_tombstones((ws.state_dir / "forgotten.jsonl").read_text())
    assert not any(stone.salt for stone in stones)
    run_sync(ws)
    assert TOKEN.upper() in ws.memory_md.read_text()


@pytest.mark.parametrize("threads", [False, True])
def test_a_purged_token_said_again_later_is_masked_before_it_leaves(
    tmp_path: Path, threads: bool
) -> None:
    """Once both machines looked for the purge, B says the token again, in another fact
    or (sharing thread logs) in a turn no flush took yet: B's next sync finds it in what
    it would send, masks it there before the commit and says so; the remote and A never
    hold it."""
    remote = bare(tmp_path)
    extra = "  share: [ledgers, memory, threads]\n" if threads else ""
    a, b = replica(tmp_path, "a", remote, extra), replica(tmp_path, "b", remote, extra)
    save_text(a, f"- The gateway answers to {TOKEN} from checkout.")
    run_sync(a)
    run_sync(b)
    forget(a, load_config(a.config_path), TOKEN, purge=True)
    run_sync(a)
    run_sync(b)
    assert holding(a.root, TOKEN) == [] and holding(b.root, TOKEN) == []
    # A flush's fact (a save on purpose would drop the token's tombstone: it is
    # remembered again), or a shared log's turn no flush took yet.
    said = f"The billing service calls the gateway with {TOKEN.lower()} in the X-Key header."
    append_entries(b, "t6", [{"role": "user", "content": said}])
    if not threads:
        flushed = run_flush(b)
        assert any(" holds a token purged on " in w for w in flushed.warnings), flushed.warnings
    assert holding(b.root, TOKEN)
    result = run_sync(b)
    assert any(note.startswith("1 purged token (purged on ") for note in result.notes), result
    assert holding(b.root, TOKEN) == []
    assert [p for p, text in remote_files(remote).items() if TOKEN.lower() in text.lower()] == []
    run_sync(a)
    assert holding(a.root, TOKEN) == []
    kept = (a.threads_dir / "t6.jsonl").read_text() if threads else ""
    kept += "".join(path.read_text() for path in a.daily_files(include_archive=True))
    assert "calls the gateway with [forgotten" in kept
    again = run_sync(b)
    assert not any("purged token" in note for note in again.notes)


def _paths(count: int) -> str:
    """`count` build paths of random names: the review's 10 MB log, in little (review 28
    F1). Each holds a span of the shape of `Zq9-secretN-Kx` (five pieces, 14 letters):
    `out/build-1234`."""
    rng = random.Random(0)
    return " ".join(
        f"out/build-{1000 + i % 9000}/{''.join(rng.choices(string.ascii_lowercase, k=6))}"
        f"/out_{''.join(rng.choices(string.hexdigits, k=12))}.log"
        for i in range(count)
    )


def test_a_token_tombstone_keeps_its_shape_and_a_scan_hashes_only_spans_of_it() -> None:
    """Review 28 F1: the first sync after a token purge hashed every run of up to 24
    pieces of every word, once per token tombstone, each salted apart (a 10 MB log's sync
    1.4 s -> 117 s). A tombstone keeps its token's piece count and length, so that only
    spans of that shape are hashed: 40,000 paths against ten tombstones take a second or
    two, where they took minutes; the tokens among them are still found."""
    stones = parse_tombstones(
        "".join(json.dumps(token_stone(f"Zq9-secret{n}-Kx")) + "\n" for n in range(10))
    )
    assert {(stone.pieces, stone.length) for stone in stones} == {(5, 14)}
    text = _paths(40_000) + " (see Zq9-SECRET7-Kx)"
    started = time.process_time()
    found = purged_tokens([text], stones)
    assert time.process_time() - started < 20  # about 2 s on a loaded machine; was minutes
    assert set(found) == {"Zq9-SECRET7-Kx"}


def test_a_purge_after_another_takes_its_salt(tmp_path: Path) -> None:
    """Review 28 F1: a workspace's token tombstones share the salt of its oldest (a
    sync's brought too), so that a sync hashes each span once for all of them."""
    ws = replica(tmp_path, "a", bare(tmp_path))
    config = load_config(ws.config_path)
    save_text(ws, f"- The gateway answers to {TOKEN} from checkout.\n- The sandbox is {OTHER}.")
    forget(ws, config, TOKEN, purge=True)
    forget(ws, config, OTHER, purge=True)
    stones = parse_tombstones((ws.state_dir / "forgotten.jsonl").read_text())
    first, second = [stone for stone in stones if stone.salt]
    assert first.salt and second.salt == first.salt and second.digest != first.digest
    assert shared_salt([first, second]) == first.salt


def test_a_token_of_more_than_24_pieces_is_found() -> None:
    """Review 28 F5: spans were capped at 24 pieces, so a purged JWT-like token of 39
    (822 characters) was never found; spans of exactly its piece count are read now."""
    rng = random.Random(5)
    token = ".".join(
        "".join(rng.choices(string.ascii_letters + string.digits + "-_", k=40)) for _ in range(20)
    )
    token = "eyJ" + token[3:]
    stone = token_stone(token)
    assert stone["pieces"] > 24 and stone["length"] == len(token)
    text = f"Authorization:Bearer.{token}; and {token[:400]} alone"
    assert purged_tokens([text], parse_tombstones(json.dumps(stone))) == {token: stone["at"]}


def test_a_token_tombstone_an_older_memctl_wrote_is_still_read() -> None:
    """A token tombstone without `pieces` and `length` (fixaudit16b's) is read in every
    span of up to 24 pieces, as it was: the token is found, no other span."""
    stone = token_stone(TOKEN)
    del stone["pieces"], stone["length"]
    [older] = parse_tombstones(json.dumps(stone))
    assert older.salt and (older.pieces, older.length) == (0, 0)
    text = f"X-Bluefin-Key:{TOKEN.upper()} and {OTHER}"
    assert set(purged_tokens([text], [older])) == {TOKEN.upper()}


@pytest.mark.parametrize(
    ("token", "tracked"),
    [
        ("leeds", False),
        ("Margaret", False),
        ("correcthorsebatterystaple", False),
        ("hunter2", False),
        ("Summer2024", True),
        ("leeds-united", True),
        ("aB3dE5f", True),  # short, but generated
        (TOKEN, True),
    ],
)
def test_which_tokens_a_purge_keeps_a_salted_digest_of(token: str, tracked: bool) -> None:
    """Review 28 F7: a token tombstone masks its token in every text every machine syncs
    from then on, so a word or a name ("leeds": "leeds-united", "LEEDS") gets none; a token
    of 8 characters or more with a digit or a sign, or one that looks generated, does."""
    assert tracked_token(token) is tracked


def test_a_purged_word_keeps_its_facts_digests_alone_and_says_so(tmp_path: Path, cli: Any) -> None:
    """Review 28 F7: `forget leeds --purge` masks "leeds" here, but its tombstone keeps no
    salted digest of it (another machine's "leeds-united" stays), and the purge says so;
    a token that looks like a secret still gets one, and no such word."""
    root = tmp_path / "w"
    _run(cli, tmp_path, "init", root)
    _say(cli, root, "t1", "We travel to leeds on Friday with the team.")
    purged = _run(cli, root, "forget", "leeds", "--purge")
    assert "too short or plain" in purged.stderr and "run the same purge there" in purged.stderr
    tombstones = root / ".memctl" / "forgotten.jsonl"
    assert not tombstones.exists()  # no fact held it: nothing to keep
    assert holding(root, "leeds") == []
    as_json = _run(cli, root, "--json", "forget", "Friday", "--purge")
    assert json.loads(as_json.stdout)["token_untracked"] is True
    _say(cli, root, "t2", f"The key is {TOKEN} for now.")
    secret = _run(cli, root, "--json", "forget", TOKEN, "--purge")
    assert json.loads(secret.stdout)["token_untracked"] is False
    assert "too short or plain" not in secret.stderr
    stones = parse_tombstones((root / ".memctl" / "forgotten.jsonl").read_text())
    assert [stone.pieces for stone in stones if stone.salt] == [3]


def test_a_purged_word_leaves_another_machines_other_words_holding_it(tmp_path: Path) -> None:
    """Review 28 F7: A purges "leeds", which a fact both machines hold states; B's
    thread says "leeds-united" and "LEEDS" elsewhere. After the syncs the fact is masked
    on both (its digest), and B's other words stay: no token tombstone masks the word
    in every machine's text from now on."""
    remote = bare(tmp_path)
    a, b = replica(tmp_path, "a", remote), replica(tmp_path, "b", remote)
    save_text(a, "- The team travels to leeds on Friday.")
    run_sync(a)
    run_sync(b)
    assert "travels to leeds" in b.memory_md.read_text()
    append_entries(b, "t1", [{"role": "user", "content": "Tickets for leeds-united, LEEDS away."}])
    result = forget(a, load_config(a.config_path), "leeds", purge=True)
    assert result.token_untracked and result.facts == ["The team travels to leeds on Friday."]
    stones = parse_tombstones((a.state_dir / "forgotten.jsonl").read_text())
    assert stones and not any(stone.salt for stone in stones)
    run_sync(a)
    run_sync(b)
    assert holding(b.root, "travels to leeds") == [] and holding(a.root, "leeds") == []
    log = (b.threads_dir / "t1.jsonl").read_text()
    assert "leeds-united, LEEDS away" in log


def test_a_purged_token_is_found_in_a_case_of_another_length() -> None:
    """The tombstone keeps the token's length in any case (casefolded): a copy whose case
    is written in fewer characters (`ß` for `ss`) is still read, as before the shape."""
    [stone] = parse_tombstones(json.dumps(token_stone("Strasse-X9k2Lq")))
    assert set(purged_tokens(["Wir sind in STRAßE-x9k2lq heute."], [stone])) == {"STRAßE-x9k2lq"}
