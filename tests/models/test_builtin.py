"""The builtin model's rules, task by task (it is the model every offline run uses)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memctl.core.prompts import NO_REPLY
from memctl.models.builtin import REPLY_TAG, SUMMARY_HEADER, BuiltinModel, is_own_reply
from memctl.models.interface import Request


def bullets(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("- ")]


def flush(conversation: list[tuple[str, str]], memory: str = "", ledger: str = "") -> str:
    payload = {
        "conversation": [{"role": r, "text": t} for r, t in conversation],
        "memory": memory,
        "ledger": ledger,
    }
    return BuiltinModel().complete(Request("flush", [], payload)).text


def test_flush_keeps_durable_sentences_verbatim_and_drops_small_talk() -> None:
    text = flush(
        [
            ("user", "Hi there. We decided to use Postgres 16 for the ledger."),
            ("assistant", "Hello! How are you?"),
            ("user", "What's the weather like"),
        ]
    )
    assert text == "- We decided to use Postgres 16 for the ledger."


def test_flush_skips_an_assistant_echo_but_keeps_a_new_assistant_fact() -> None:
    text = flush(
        [
            ("user", "Remember that deploys happen only on Tuesdays."),
            ("assistant", "Understood, I'll remember deploys happen only on Tuesdays."),
            ("assistant", "I decided to pin numpy to 2.1 because of the ABI break."),
        ]
    )
    assert text.splitlines() == [
        "- Remember that deploys happen only on Tuesdays.",
        "- I decided to pin numpy to 2.1 because of the ABI break.",
    ]


def test_flush_does_not_restate_memory_or_ledger_and_says_no_reply() -> None:
    said = "We decided to use Postgres 16 for the ledger."
    assert flush([("user", said)], memory=f"- {said}\n") == NO_REPLY
    assert flush([("user", said)], ledger=f"## Memory Flush\n\n- {said.upper()}\n") == NO_REPLY
    assert flush([("system", "Always answer in French.")]) == NO_REPLY


def consolidate(memory: str, dailies: list[str], max_tokens: int = 4000) -> str:
    payload = {
        "memory": memory,
        "dailies": [(f"2026-12-0{i + 1}.md", t) for i, t in enumerate(dailies)],
        "max_tokens": max_tokens,
    }
    return BuiltinModel().complete(Request("consolidate", [], payload)).text


def test_consolidate_merges_and_drops_exact_and_near_duplicates() -> None:
    text = consolidate(
        "# Memory\n\n- Deploys happen on Tuesdays.\n",
        [
            "## Memory Flush — x\n\n- deploys happen on tuesdays\n- The API is versioned by date.\n",
            "- The API is versioned by date!\n- Dana leads payments.\n",
        ],
    )
    bullets = [line for line in text.splitlines() if line.startswith("- ")]
    assert bullets == [
        "- Deploys happen on Tuesdays.",
        "- The API is versioned by date.",
        "- Dana leads payments.",
    ]
    assert "builtin" in text


def test_consolidate_stays_within_the_budget_dropping_the_oldest() -> None:
    facts = [f"- fact number {i} is about something durable" for i in range(200)]
    text = consolidate("", ["\n".join(facts)], max_tokens=100)
    assert len(text) <= 400
    assert "fact number 199 " in text
    assert "fact number 0 " not in text


def summarise(conversation: list[tuple[str, str]], max_chars: int = 6000) -> str:
    payload = {
        "conversation": [{"role": r, "text": t} for r, t in conversation],
        "max_chars": max_chars,
    }
    return BuiltinModel().complete(Request("summary", [], payload)).text


def test_summary_keeps_signals_and_is_smaller_than_what_it_replaces() -> None:
    conversation = []
    for turn in range(40):
        conversation.append(("user", f"Turn {turn}: we decided to use plan {turn}. Thanks."))
        conversation.append(("assistant", f"Noted, plan {turn} it is. Anything else?"))
    source = sum(len(text) for _, text in conversation)

    summary = summarise(conversation)

    assert len(summary) <= source // 3
    assert "we decided to use plan 39." in summary  # the newest points are kept
    assert "Anything else?" not in summary and "Thanks." not in summary
    assert "older points left out" in summary


@pytest.mark.parametrize(
    ("said", "counted"),
    [
        ("1 older point", "1 older point"),
        ("1,203 older points", "1,203 older points"),
        ("7 older point(s)", "7 older points"),
    ],
)
def test_summary_counts_what_an_earlier_summary_left_out(said: str, counted: str) -> None:
    """`1 older point`, thousands with a comma, and `point(s)` as summaries written
    before the plurals were spelt out say it: all are read back and counted on."""
    earlier = f"{SUMMARY_HEADER}\n({said} left out; see the thread log)\n[user] We chose plan A."
    summary = summarise([("summary", earlier), ("user", "We decided to use plan B.")])
    assert summary.splitlines()[1] == f"({counted} left out; see the thread log)"
    assert "point(s)" not in summary and "Earlier: [user] We chose plan A." in summary


def test_summary_folds_an_earlier_summary_and_names_tool_results() -> None:
    summary = summarise(
        [
            ("summary", "(Extractive summary by x.) We chose Redis for the cache."),
            ("tool", "Tool result of 90,000 chars evicted to evicted/t/c1-ab. Preview: zzz"),
            ("user", "Remember: the cache TTL is 5 minutes. ok"),
        ]
    )
    lines = summary.splitlines()
    assert lines[1].startswith("Earlier: ") and "We chose Redis for the cache." in lines[1]
    assert "[tool] Tool result of 90,000 chars evicted to evicted/t/c1-ab." in summary
    assert "[user] Remember: the cache TTL is 5 minutes." in summary


# --------------------------------------------------------------------------- own replies


def test_flush_never_takes_builtins_own_chat_replies_for_facts() -> None:
    """builtin's replies quote memory back (or say that nothing matched); stored as
    facts they would come back, quoted again, on every later call."""
    said = "We decided that service1 uses port 801."
    model = BuiltinModel()
    nothing = model.complete(Request("chat", [], {"question": said, "recalled": []})).text
    quoted = model.complete(
        Request("chat", [], {"question": "Which port?", "recalled": ["Deploys are on Tuesdays."]})
    ).text
    assert is_own_reply(nothing) and is_own_reply(quoted)

    text = flush([("user", said), ("assistant", nothing), ("assistant", quoted)])

    assert text == f"- {said}"
    # Another model's reply is still the assistant's own word and may hold a fact.
    other = "I decided to pin numpy to 2.1 because of the ABI break."
    assert flush([("assistant", other)]) == f"- {other}"


def test_call_on_builtin_stores_the_users_facts_not_its_own_replies(cli, workspace: Path) -> None:
    said = ["We decided that service1 uses port 801.", "We decided that service2 uses port 802."]
    for text in [*said, "Which port does service1 use?"]:
        run = cli("-w", workspace, "-q", "call", "--new", "t", text)
        assert run.exit_code == 0, run.stderr
    assert "From memory" in run.stdout and "service1 uses port 801" in run.stdout

    ledgers = "".join(path.read_text() for path in sorted((workspace / "memory").glob("*.md")))
    memory = (workspace / "MEMORY.md").read_text()
    assert bullets(ledgers) == [f"- {fact}" for fact in said]
    assert bullets(memory) and set(bullets(memory)) <= {f"- {fact}" for fact in said}
    for text in (ledgers, memory):
        assert "Nothing in memory matches" not in text and REPLY_TAG not in text


# --------------------------------------------------------------------------- compaction


def fact_turns(first: int, last: int) -> str:
    """Turns whose user and assistant messages both carry a durable fact, as JSONL."""
    lines = []
    for n in range(first, last + 1):
        lines.append({"role": "user", "content": f"We decided that service{n} uses port 80{n}."})
        lines.append(
            {"role": "assistant", "content": f"We decided that worker{n} uses port 90{n}."}
        )
    return "".join(json.dumps(line) + "\n" for line in lines)


def test_a_second_compaction_keeps_the_first_summarys_facts(cli, workspace: Path) -> None:
    (workspace / "memctl.yaml").write_text("compaction: {keep_messages: 3, keep_tokens: 0}\n")

    def summary() -> str:
        records = (workspace / "threads" / "t.jsonl").read_text().splitlines()
        return [json.loads(r) for r in records if '"compaction"' in r][-1]["summary"]

    assert cli("-w", workspace, "thread", "append", "t", input=fact_turns(1, 4)).exit_code == 0
    assert cli("-w", workspace, "-q", "compact", "t", "--force").exit_code == 0
    first = summary()
    assert "service1 uses port 801." in first
    assert cli("-w", workspace, "thread", "append", "t", input=fact_turns(5, 7)).exit_code == 0
    assert cli("-w", workspace, "-q", "compact", "t", "--force").exit_code == 0

    second = summary()
    context = cli("-w", workspace, "context", "t").stdout
    assert "Earlier: [user] We decided that service1 uses port 801." in second
    assert "service1 uses port 801." in context  # the first summary's facts survive...
    assert "service6 uses port 806." in second  # ...next to the newest ones
    assert "older points left out" in second
    extract, _, kept = second.partition("\n\nKept:\n")
    assert len(extract) <= 400  # SUMMARY_MIN_CHARS: a third of this short prefix is less
    # What the extract left out and no ledger holds is kept below it (issue 25 item 5).
    assert "worker2 uses port 902." in kept


def test_summary_gives_the_earlier_summary_a_fair_share_and_still_shrinks() -> None:
    earlier = summarise([("user", f"We decided to use plan {n} for stage {n}.") for n in range(30)])
    assert earlier.startswith(SUMMARY_HEADER) and "plan 0 " not in earlier
    conversation = [("summary", earlier)]
    for turn in range(40):
        conversation.append(("user", f"Turn {turn}: we chose tool {turn} for the job. Thanks."))
        conversation.append(("assistant", f"Noted, tool {turn} it is. Anything else?"))
    source = sum(len(text) for _, text in conversation)

    summary = summarise(conversation)

    assert len(summary) <= source // 3
    carried = [line for line in summary.splitlines() if line.startswith("Earlier: ")]
    first_point = earlier.splitlines()[2]  # after the header and the left-out line
    assert carried and carried[0] == f"Earlier: {first_point}"
    assert "we chose tool 39 for the job." in summary
    assert sum(len(line) + 1 for line in carried) <= len(summary) // 2 + 1
    # What was left out before is still counted, and nothing is marked `Earlier:` twice.
    before = int(earlier.splitlines()[1].split()[0].strip("("))
    after = int(summary.splitlines()[1].split()[0].strip("("))
    assert after > before and "Earlier: Earlier:" not in summarise([("summary", summary)])


# --------------------------------------------------------------------------- consolidation


def test_consolidate_over_budget_keeps_memory_md_first_and_says_what_it_left_out(
    cli, workspace: Path
) -> None:
    curated = ["- Deploys happen only on Tuesdays.", "- Dana leads payments."]
    (workspace / "MEMORY.md").write_text("# Memory\n\n" + "\n".join(curated) + "\n")
    (workspace / "memctl.yaml").write_text("memory: {consolidation_max_tokens: 80}\n")
    new = [f"- New fact {n} about the system." for n in range(1, 31)]
    (workspace / "memory" / "2026-12-01.md").write_text("\n".join(new) + "\n")

    run = cli("-w", workspace, "consolidate")

    assert run.exit_code == 0, run.stderr
    merged = (workspace / "MEMORY.md").read_text()
    assert len(merged) <= 80 * 4
    kept = bullets(merged)
    assert kept[:2] == curated  # curated memory first
    assert kept[2:] == new[-len(kept) + 2 :] and new[-1] in kept  # then the newest
    left_out = 30 - len(kept[2:])
    assert left_out > 0
    note = f"<!-- builtin: {left_out} facts over the budget were left out; they stay in the"
    assert note in merged


def test_consolidate_counts_what_earlier_passes_left_out() -> None:
    """Each pass (or run) merges the previous one's output: its note's count goes on, so
    a pass that keeps everything does not hide what an earlier one left out."""
    first = consolidate("", ["\n".join(f"- fact number {i} is durable" for i in range(40))], 60)
    earlier = int(first.split("<!-- builtin: ")[1].split()[0])
    assert earlier > 0 and "- fact number 39 is durable" in first

    second = consolidate(first, ["- One more fact."], 60)

    assert f"<!-- builtin: {earlier + 1} facts over the budget" in second
    assert bullets(second) == bullets(first) and len(second) <= 240  # MEMORY.md's facts first

    curated = "\n".join(f"- curated fact number {i} is durable" for i in range(20))
    third = consolidate(curated, [], 60)
    kept = bullets(third)
    assert kept == curated.splitlines()[: len(kept)] and len(third) <= 240
    assert f"facts over the budget were left out ({20 - len(kept)} from MEMORY.md" in third


def test_consolidate_files_a_labelled_note_as_written_and_ends_the_value_it_corrects() -> None:
    """Issue 25 item 3 (supersede11): "Correction: ..." is a note's label, not a speaker
    (it went under "## Correction", cut from its words); said under a speaker, a change
    ends that speaker's earlier value."""
    text = consolidate(
        "",
        [
            "- Gustavo is local to Valencia.\n- Home base for Ravi: Denver.\n",
            "- Correction: Gustavo is a Bilbao local, not Valencia.\n"
            "- Ravi: Denver -> Kyoto, address updated.\n",
        ],
    )
    assert "- Correction: Gustavo is a Bilbao local, not Valencia." in text
    assert "## Correction" not in text and "Valencia." not in text.replace("not Valencia", "")
    assert "Kyoto" in text and "Home base for Ravi: Denver." not in text


def test_consolidate_folds_a_saved_speaker_line_into_its_ledger_copy() -> None:
    """`memctl save "- Ana: ..."` writes the line to MEMORY.md as given and to the ledger;
    consolidation files the ledger's copy under `## Ana` without the prefix. The two are
    one fact (it was kept twice, once with "Ana:" and once without), and a line under
    another subject's heading keeps its prefix."""
    text = consolidate(
        "# Memory\n\n- Ana leads the platform team.\n- Ana: the staging database moved to db7.\n"
        "\n## Billing\n\n- Ravi: invoices go out on the 1st.\n",
        ["## Memory Save — x\n\n- Ana: the staging database moved to db7.\n"],
    )
    bullets = [line for line in text.splitlines() if line.startswith("- ")]
    assert bullets.count("- the staging database moved to db7.") == 1
    assert not any("Ana: the staging" in line for line in bullets)
    assert "## Ana" in text
    assert "- Ravi: invoices go out on the 1st." in bullets


def test_consolidate_keeps_a_notes_label_with_its_words() -> None:
    """A `Label: ...` prefix memory never uses as a name is a note's label, not a
    speaker: "AI: Pablo to add alerts" (a minutes' action item), "Confirmed: ...", "Q:
    ... A: ..." stay as written, once, and no `## AI` / `## Confirmed` heading is made;
    a speaker memory names elsewhere ("Dana leads payments") is still filed under her."""
    text = consolidate(
        "# Memory\n\n- AI: Pablo to add latency alerts for the Tundra service.\n",
        [
            "- AI: Pablo to add latency alerts for the Tundra service.\n"
            "- Confirmed: Nomad 1.9 in eu-west-3.\n"
            "- Q: is staging still on db3? A: no, db7 since Friday.\n"
            "- Headline in the newsletter: Ana named on-call lead.\n"
            "- Dana leads payments.\n- Dana: the ledger moves to Postgres 16.\n"
            "- AI tooling budget is approved for Q1.\n",  # "AI" named as a subject
        ],
    )
    bullets = [line for line in text.splitlines() if line.startswith("- ")]
    for line in (
        "- AI: Pablo to add latency alerts for the Tundra service.",
        "- Confirmed: Nomad 1.9 in eu-west-3.",
        "- Q: is staging still on db3? A: no, db7 since Friday.",
    ):
        assert bullets.count(line) == 1, line
    for heading in ("## AI", "## Confirmed", "## Q", "## Headline"):
        assert heading not in text.splitlines()
    assert "## Dana" in text and "- the ledger moves to Postgres 16." in bullets


def test_consolidate_reads_a_note_of_what_was_done_to_its_object_as_said_of_it() -> None:
    """Issue 25 item 3 (supersede12): a note with no subject that opens with what was
    done ("Rolled the X forward to 4.2", "Rebooked the X for 09:15") is said of its
    object, and a typed value put by something done to it ends the object's earlier
    value; each old fact was kept on main."""
    text = consolidate(
        "",
        [
            "- The Osprey gateway is on 3.9.\n- The Heron sync runs at 07:30.\n"
            "- The ledger mirror sits on pg-4.\n- The Kite review is at 15:00.\n",
            "- Rolled the Osprey gateway forward to 4.2.\n- Rebooked the Heron sync for 09:15.\n"
            "- Repointed the ledger mirror to pg-17.\n- Rebooked the Kite retro for 10:00.\n"
            "- The Heron sync had 14 people on the call.\n"
            "- The Osprey gateway was demoed to 30 people.\n",
        ],
    )
    for gone in ("on 3.9", "at 07:30", "on pg-4"):
        assert gone not in text
    for kept in (
        "- Rolled the Osprey gateway forward to 4.2.",
        "- Rebooked the Heron sync for 09:15.",
        "- Repointed the ledger mirror to pg-17.",
        # another thing (the retro, not the review); a count of people, not a time or a
        # version: each one more fact
        "- The Kite review is at 15:00.",
        "- The Heron sync had 14 people on the call.",
        "- The Osprey gateway was demoed to 30 people.",
    ):
        assert kept in text


def test_consolidate_reads_the_same_fact_through_how_often_a_trailing_adverb_or_a_bare_verb() -> (
    None
):
    """Issue 25 item 3 (supersede12): "every day" before the value ("is every day at
    07:00") no longer cuts the fact before its value, "lately" after the value no longer
    keeps two facts one value apart from aligning, and a verb no form showed ("nightly
    jobs come from") is read from the word before its preposition; each old fact was kept
    on main. Another thing of the same subject (the retro, the docs builds, the editor
    font) stays."""
    text = consolidate(
        "",
        [
            "- The Finch sync is every day at 07:00.\n"
            "- The Wren team's nightly jobs come from Jenkins.\n"
            "- Omar's terminal font is always Iosevka.\n"
            "- The Kite retro is every Monday at 11:00.\n",
            "- The Finch sync shifted to 08:30.\n"
            "- The Wren team's nightly jobs come from Drone.\n"
            "- Omar's terminal font is always Hack lately.\n"
            "- The Wren team's docs builds come from Travis.\n"
            "- The Kite review shifted to 12:00.\n"
            "- Omar's editor font is Fira lately.\n",
        ],
    )
    for gone in ("07:00", "from Jenkins", "Iosevka"):
        assert gone not in text
    for kept in (
        "- The Finch sync shifted to 08:30.",
        "- The Wren team's nightly jobs come from Drone.",
        "- Omar's terminal font is always Hack lately.",
        "- The Kite retro is every Monday at 11:00.",
        "- The Wren team's docs builds come from Travis.",
        "- Omar's editor font is Fira lately.",
    ):
        assert kept in text


def test_consolidate_files_a_request_to_a_person_under_that_person() -> None:
    """Issue 25 item 3 (supersede12): "Ring Omar on ..." opens with a verb that is also a
    name elsewhere ("a Ring doorbell"); the fact is Omar's (a person: "Omar's desk"), so
    it is filed under Omar and ended by Omar's new number. On main it went under
    "## Ring", and Ring's fact was not ended by a change said of Omar."""
    text = consolidate(
        "",
        [
            "- Dana installed a Ring doorbell.\n- Ring Omar on 07700 900111 for access.\n"
            "- Omar's desk is by the window.\n",
            "- Omar's number: 07700 900222 (was 07700 900111).\n",
        ],
    )
    assert "## Ring" not in text and "Ring Omar" not in text
    assert "## Omar\n\n- Omar's desk is by the window.\n- Omar's number: 07700 900222" in text
    assert "- Dana installed a Ring doorbell." in text


def test_consolidate_reads_a_verb_in_s_before_any_word_and_through_or_via_as_light() -> None:
    """Issue 25 item 3 (supersede12): "runs version 2.4" (a verb in -s before a plain
    noun) and "deploys through Gitea" were not read at all on main; now the later fact one
    value apart ends each. Another thing said the same way ("ships docs via Netlify"
    after "ships releases via Gitea") and a count ("runs 12 workers") stay."""
    text = consolidate(
        "",
        [
            "- The Pike team deploys through Gitea.\n- The Osprey service runs version 2.4.\n"
            "- The Heron team ships releases via Gitea.\n",
            "- The Pike team deploys through Forgejo since March.\n"
            "- The Osprey service runs version 3.0 since the upgrade.\n"
            "- The Heron team ships docs via Netlify.\n"
            "- The Osprey service runs 12 workers since the upgrade.\n",
        ],
    )
    assert "through Gitea" not in text and "version 2.4" not in text
    for kept in (
        "- The Pike team deploys through Forgejo since March.",
        "- The Osprey service runs version 3.0 since the upgrade.",
        "- The Heron team ships releases via Gitea.",
        "- The Heron team ships docs via Netlify.",
        "- The Osprey service runs 12 workers since the upgrade.",
    ):
        assert kept in text


def test_consolidate_reads_a_value_named_by_its_noun_and_one_held_since_an_event() -> None:
    """Issue 25 item 3 (supersede12): "runs version 2.4" gives the gateway 2.4 (the noun
    right before a value names it, it is no other thing), and a value said to hold "after
    last night's cutover" is a change, as "now" is; each old fact was kept on main. A
    value of another thing the subject names ("needs a reboot on redis-7") ends nothing."""
    text = consolidate(
        "",
        [
            "- The Osprey gateway runs version 2.4.\n- The Heron queue is on redis-4.\n"
            "- The Kite cache is on redis-2.\n",
            "- The Osprey gateway was upgraded to 3.1.\n"
            "- The Heron queue sits on redis-9 after last night's cutover.\n"
            "- The Kite cache needs a reboot on redis-7 since the cutover.\n",
        ],
    )
    assert "version 2.4" not in text and "redis-4" not in text
    for kept in (
        "- The Osprey gateway was upgraded to 3.1.",
        "- The Heron queue sits on redis-9 after last night's cutover.",
        "- The Kite cache is on redis-2.",
        "- The Kite cache needs a reboot on redis-7 since the cutover.",
    ):
        assert kept in text


def test_consolidate_reads_a_value_put_after_a_comma_by_its_noun() -> None:
    """Issue 25 item 3 (supersede12): "has a new mobile number, 07700 900477" gives its
    value after a comma (on main the comma cut the fact before it, and the old number
    was kept); a name before the comma ("Lena, ...") is not such a noun."""
    text = consolidate(
        "",
        [
            "- Lena's mobile is 07700 900310.\n- Pager list: Omar, 07700 900999.\n",
            "- Lena has a new mobile number, 07700 900477.\n",
        ],
    )
    assert "900310" not in text
    assert "- Lena has a new mobile number, 07700 900477." in text
    assert "- Pager list: Omar, 07700 900999." in text


def test_consolidate_reads_a_request_to_reach_a_person_as_said_of_the_person() -> None:
    """Issue 25 item 3 (supersede12): "Call Ines on 07700 900456 from now on" is said of
    Ines (read "Ines gets call on ..."), and ends her earlier number; "Text Sam at
    sam@heron.dev if the pager fails" (a mail address is a value, an "if" clause trails)
    ends Sam's earlier address. Each old fact was kept on main. Another person's address
    and a meeting time (another sort) stay."""
    text = consolidate(
        "",
        [
            "- Text Sam at sam.k@kite.io if the pager fails.\n"
            "- Ines's mobile is 07700 900123.\n- Meet Ines at 10:00 on Mondays.\n",
            "- Text Sam at sam@heron.dev if the pager fails.\n"
            "- Call Ines on 07700 900456 from now on.\n"
            "- Text Omar at omar@heron.dev if the pager fails.\n",
        ],
    )
    assert "sam.k@kite.io" not in text and "900123" not in text
    for kept in (
        "- Text Sam at sam@heron.dev if the pager fails.",
        "- Call Ines on 07700 900456 from now on.",
        "- Text Omar at omar@heron.dev if the pager fails.",
        "- Meet Ines at 10:00 on Mondays.",
    ):
        assert kept in text
