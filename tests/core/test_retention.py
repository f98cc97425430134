"""What a compaction must not lose: extraction of identifiers and commitments, and the
`Kept:` list (memctl/core/retention.py)."""

from __future__ import annotations

from memctl.core.retention import (
    CHECKED_PER_MESSAGE,
    KEPT_HEADER,
    PER_MESSAGE,
    Text,
    extract_keepers,
    retain,
)

THREAD = [
    ("user", "The crash is in src/billing/invoice.py, ticket PAY-482. Thanks, and/or whatever."),
    ("assistant", "Fixed in PR #231 (commit 9f3c2ab1); the pool now holds 64 connections."),
    ("tool", "grep: lib/a/b.py lib/c/d.py 1234abcd9"),
    ("user", "We decided to use Postgres 16.2 for billing. Docs: https://wiki.example.com/db?x=1."),
    (
        "assistant",
        "TODO: raise the timeout to 30 s before 2026-01-05. It runs at 80 km/h in UTF-8.",
    ),
    ("user", "Request 123e4567-e89b-12d3-a456-426614174000 failed; I will retry after lunch."),
]


def kinds() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for keeper in extract_keepers(THREAD).keepers:
        found.setdefault(keeper.kind, set()).add(keeper.value)
    return found


def test_identifiers_and_commitments_are_recognised() -> None:
    found = kinds()
    assert found["path"] == {"src/billing/invoice.py"}
    assert found["id"] == {"PAY-482", "9f3c2ab1", "123e4567-e89b-12d3-a456-426614174000"}
    assert found["ref"] == {"#231"}
    assert found["url"] == {"https://wiki.example.com/db?x=1"}
    assert found["version"] == {"Postgres 16.2"}
    assert found["number"] == {"64 connections", "30 s", "2026-01-05"}
    assert found["decision"] == {"We decided to use Postgres 16.2 for billing."}
    assert {t.split(":")[0].split(" ")[0] for t in found["task"]} == {"TODO", "I"}
    # not identifiers: and/or, km/h, UTF-8; and a tool's output is not a commitment
    values = {v for group in found.values() for v in group}
    assert not {"and/or", "km/h", "UTF-8", "lib/a/b.py", "1234abcd9"} & values
    # a log's zero-padded counters are not quantities
    assert not extract_keepers([("user", "00004958 test artifact shard. 0012 tokens")]).keepers


def test_newest_first_each_once() -> None:
    keepers = extract_keepers(
        [("user", "Edit app/main.py now."), ("user", "Still app/main.py.")]
    ).keepers
    assert [(k.value, k.sentence) for k in keepers] == [("app/main.py", "Still app/main.py.")]
    orders = [k.order for k in extract_keepers(THREAD).keepers]
    assert orders == sorted(orders, reverse=True)


def test_what_summary_and_ledger_lack_is_kept_newest_first() -> None:
    summary = "Fixed the invoice crash (PAY-482) in PR 231; chose postgres 16.2 for billing."
    ledger = "- The pool holds 64 connections.\n- Commit 9f3c2ab1 fixed it.\n"
    text, kept = retain(THREAD, summary, ledger, 4000)
    assert kept.checked == len(extract_keepers(THREAD).keepers) == 13
    # PAY-482, #231, Postgres 16.2 and the rephrased decision are in the summary
    assert kept.in_summary == 4
    assert kept.in_ledger == 2
    assert kept.kept == 7 and kept.dropped == 0
    head, listed = text.split(f"\n\n{KEPT_HEADER}\n")
    assert head == summary
    assert listed.splitlines() == [f"- {line}" for line in kept.kept_list]
    assert kept.kept_list[0].startswith("[user] Request 123e4567")
    assert kept.kept_list[-1] == "[user] The crash is in src/billing/invoice.py, ticket PAY-482."
    # every fact is now somewhere
    again = retain(THREAD, text, ledger, 4000)[1]
    assert again.in_summary + again.in_ledger == again.checked


def test_the_budget_is_respected_and_what_does_not_fit_is_named() -> None:
    summary = "A short summary."
    budget = len(summary) + 150
    text, kept = retain(THREAD, summary, "", budget)
    assert len(text) <= budget
    assert kept.kept >= 1 and kept.dropped >= 1
    assert kept.kept + kept.dropped == kept.checked
    assert "path: src/billing/invoice.py" in kept.dropped_list  # the oldest goes first
    # no room at all: the summary is unchanged and everything is counted as dropped
    text, kept = retain(THREAD, summary, "", len(summary))
    assert text == summary and kept.dropped == kept.checked and not kept.kept_list


def test_nothing_to_keep_leaves_the_summary_as_it_is() -> None:
    text, kept = retain([("user", "hello there"), ("assistant", "hi!")], "greetings", "", 100)
    assert text == "greetings" and kept.checked == 0


def test_a_forgotten_fact_is_not_brought_back() -> None:
    items = [("user", "Staging is db3.example.net/v1/x.")]
    text, kept = retain(items, "s", "", 500, forgotten=lambda line: "db3" in line)
    assert text == "s" and kept.checked == 0


def test_an_earlier_kept_list_is_read_back_as_said() -> None:
    earlier = f"summary one\n\n{KEPT_HEADER}\n- [user] The crash is in src/app/x.py."
    keepers = extract_keepers([("summary", earlier)]).keepers
    assert [(k.role, k.sentence) for k in keepers] == [("user", "The crash is in src/app/x.py.")]


def test_a_commitment_counts_only_when_one_sentence_says_it() -> None:
    """Its words scattered over a ledger are not the commitment: "backfill the ember
    table" is not in a ledger that backfills the garnet table and mentions an ember."""
    items = [("user", "Next: backfill the ember table."), ("user", "Ok, Valkey it is then.")]
    ledger = "- I'll backfill the garnet table tomorrow.\n- The ember run went fine.\n"
    _text, kept = retain(items, "s", ledger, 500)
    assert kept.in_ledger == 0 and kept.kept == 2
    assert kept.kept_list == [
        "[user] Ok, Valkey it is then.",
        "[user] Next: backfill the ember table.",
    ]
    assert (
        retain(items, "s", ledger + "- We will backfill the ember table.\n", 500)[1].in_ledger == 1
    )


def test_a_summary_that_fills_the_budget_gives_up_room_for_the_facts() -> None:
    """An extractive summary fills its budget: its prose is cut (at a line, to a quarter
    of the budget at most) before a fact is dropped, and what the cut removed is checked
    again."""
    prose = "\n".join(f"[user] Point {n} about the weather and lunch plans." for n in range(40))
    summary = prose + "\n[user] The crash is in src/billing/invoice.py."
    budget = len(summary) + 20
    text, kept = retain(THREAD, summary, "", budget)
    assert len(text) <= budget
    assert kept.dropped == 0 and kept.kept == kept.checked == 13
    assert text.startswith("[user] Point 0 about") and "\n…\n\nKept:\n" in text
    assert "- [user] The crash is in src/billing/invoice.py, ticket PAY-482." in text


def test_a_pasted_log_gives_at_most_a_few_facts_to_keep_and_checks_the_rest() -> None:
    """Forty paths in one pasted message would fill the Kept list and push the summary
    out of its own budget: a message's first PER_MESSAGE may be kept, and the others are
    checked all the same (`spare`: dropped and named when missing); an earlier summary's
    Kept list has no such limit."""
    paste = " ".join(f"ERROR in src/mod{n}/file{n}.py line {n}." for n in range(40))
    found = extract_keepers([("user", paste), ("user", "Also check lib/x/y.py.")])
    assert len(found.keepers) == 41 and found.skipped == []
    keep = {k.value for k in found.keepers if not k.spare}
    assert keep == {f"src/mod{n}/file{n}.py" for n in range(PER_MESSAGE)} | {"lib/x/y.py"}
    text, kept = retain([("user", paste)], "", "", 100_000)
    assert (kept.kept, kept.dropped, kept.checked) == (PER_MESSAGE, 40 - PER_MESSAGE, 40)
    assert "path: src/mod39/file39.py" in kept.dropped_list
    assert "src/mod39/file39.py" not in text
    summary = "\n".join(f"- [user] Look at src/mod{n}/file{n}.py." for n in range(40))
    earlier = extract_keepers([("summary", f"s\n\n{KEPT_HEADER}\n{summary}")])
    assert len(earlier.keepers) == 40 and not any(k.spare for k in earlier.keepers)


def test_a_spare_fact_of_a_kept_line_is_kept_with_it() -> None:
    """Review34 F7: the last sentence, build-1's newest mention, is kept, yet its
    spare facts (past the message's PER_MESSAGE) were named as dropped; what a kept
    line shows is kept, and only what no kept line shows is named."""
    said = " ".join(f"Host build-{n}.internal runs job 900{n}." for n in range(1, 7))
    last = "Host build-1.internal also runs job 9099 at /srv/x/9099.log."
    text, kept = retain([("user", f"{said} {last}")], "A summary.", "", 4000)

    assert f"[user] {last}" in kept.kept_list
    assert kept.dropped_list and not [d for d in kept.dropped_list if d.split(": ")[1] in text]
    assert kept.kept + kept.dropped == kept.checked


def test_a_message_past_its_checked_facts_is_named_as_not_read() -> None:
    """A megabyte of pasted log is tens of thousands of identifiers, too many to check
    in a compaction: a message is read up to CHECKED_PER_MESSAGE facts, and the rest of
    it is named, not lost unsaid."""
    paste = " ".join(f"ERROR in src/mod{n}/file{n}.py line {n}." for n in range(100))
    items = [("user", "Hello."), ("user", paste)]
    found = extract_keepers(items)
    assert len(found.keepers) == CHECKED_PER_MESSAGE
    assert found.skipped == [
        f'[user] message 2 ("ERROR in src/mod0/file0.py line 0. ERROR…"): '
        f"{100 - CHECKED_PER_MESSAGE} sentences after its "
        f"{CHECKED_PER_MESSAGE}th fact not read"
    ]
    _text, kept = retain(items, "", "", 100_000)
    assert kept.skipped == 1 and kept.skipped_list == found.skipped


def test_host_names_and_a_things_number_are_identifiers() -> None:
    """Audit 20 finding 2: dotted names and "word NNNN" ids were never checked, so a
    compaction that lost them said it dropped nothing."""
    said = "Sure, it's job 9002 on host build-2.internal. Port 8443 on db.example.com and room 101."
    found = {(k.kind, k.value) for k in extract_keepers([("user", said)]).keepers}
    assert found == {
        ("host", "build-2.internal"),
        ("host", "db.example.com"),
        ("id", "job 9002"),
        ("id", "Port 8443"),
        ("id", "room 101"),
    }
    # One message each: a message gives at most PER_MESSAGE.
    others = [
        "e.g. at 10 a.m. we met since 2019; in May 2026 we did step 3",
        "Python 3.12, v1.2.3 and 1,200 users; os.path.join(x) and #4102.",
    ]
    values = {k.value for k in extract_keepers([("user", text) for text in others]).keepers}
    assert values == {"Python 3.12", "v1.2.3", "1,200 users", "#4102"}
    job = next(k for k in extract_keepers([("user", said)]).keepers if k.value == "job 9002")
    # Said again in other words ("#9002", a list of jobs) it is there; another number is not.
    assert Text("Jobs #9001, #9002 ran.").holds(job) and Text("It is job 9002.").holds(job)
    assert not Text("job 90021 ran").holds(job)
    # Each place a value is said is looked at, not the first alone.
    path = extract_keepers([("user", "Edit app/main.py now.")]).keepers[0]
    assert Text("see xapp/main.py, then app/main.py").holds(path)
    assert not Text("see xapp/main.pyc and app/main.pyc").holds(path)


def test_an_identifier_in_neither_text_compiles_no_pattern(monkeypatch) -> None:
    """Review34 F8: each of a pasted log's thousands of identifiers compiled a pattern
    of its own to look for it in the summary and the ledger, past re's cache (100
    messages of a 1 MB paste, 0.18 → 0.81 s); one that str.find does not find in a
    text is answered without its pattern."""
    import re

    compiled: list[str] = []
    compile_ = re.compile

    def counting(pattern, flags=0):
        compiled.append(pattern)
        return compile_(pattern, flags)

    paste = " ".join(f"Host build-{n}.internal ran job {n} at /srv/x/{n}.log." for n in range(20))
    monkeypatch.setattr(re, "compile", counting)
    _text, kept = retain([("user", paste)], "A summary.", "Nothing here.", 100_000)

    assert kept.checked == 40 and kept.in_summary == kept.in_ledger == 0
    assert compiled == []
