"""builtin keeps what matters: durable facts, with their speaker and resolved dates,
grouped and superseded in MEMORY.md."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from memctl.core.prompts import NO_REPLY
from memctl.models.builtin import BuiltinModel
from memctl.models.facts import extract, is_fact, resolve_dates, third_person
from memctl.models.interface import Request
from tests.support.conversations import CONVERSATION


def flush(conversation: list[dict[str, Any]], ledger: str = "") -> list[str]:
    payload = {"conversation": conversation, "memory": "", "ledger": ledger, "thread": "t"}
    text = BuiltinModel().complete(Request("flush", [], payload)).text
    return [] if text == NO_REPLY else [line.removeprefix("- ") for line in text.splitlines()]


def said(text: str, name: str | None = None, ts: str | None = None) -> dict[str, Any]:
    item: dict[str, Any] = {"role": "user", "text": text}
    if name:
        item["name"] = name
    if ts:
        item["ts"] = ts
    return item


def test_a_two_person_conversation_flushed_long_after_names_speakers_and_dates(
    cli, workspace: Path
) -> None:
    (workspace / "memctl.yaml").write_text("timezone: UTC\n")
    payload = "".join(json.dumps(m) + "\n" for m in CONVERSATION)
    assert cli("-w", workspace, "thread", "append", "c", "-", input=payload).exit_code == 0
    assert cli("-w", workspace, "flush").exit_code == 0
    ledger = (workspace / "memory" / f"{datetime.now(UTC).date()}.md").read_text()
    heading, _, body = ledger.partition("\n\n")
    assert heading.endswith(" · builtin · said 2023-05-08 to 2023-05-20T09:05:00Z")
    assert body.splitlines() == [
        # "and it was so powerful" says nothing on its own (issue 25 item 1).
        "- Caroline went to an LGBTQ support group on 2023-05-07.",
        "- Melanie is swamped with the kids & work.",
        "- In June 2023 Caroline is going to start a counseling course.",
        "- Melanie painted a sunrise in the week of 2023-05-08, their first painting in 2023.",
    ]


def test_without_timestamps_builtin_writes_what_was_said() -> None:
    facts = flush([said("I went to an LGBTQ support group yesterday.", "Caroline")])
    assert facts == ["Caroline went to an LGBTQ support group yesterday."]


def test_relative_dates_resolve_against_the_time_said() -> None:
    when = datetime.fromisoformat("2023-05-08T13:56:00+00:00")  # a Monday
    cases = {
        "We met the day before yesterday.": "We met on 2023-05-06.",
        "We shipped v2 two weeks ago.": "We shipped v2 around 2023-04-24.",
        "The review is next Friday.": "The review is on 2023-05-12.",
        "I went hiking last weekend.": "I went hiking on the weekend of 2023-05-06.",
        "We moved here last year.": "We moved here in 2022.",
        "I'll visit Rome in three months.": "I'll visit Rome in August 2023.",
        "I saw her on Friday.": "I saw her on 2023-05-05.",
        "We are going camping last summer.": "We are going camping in summer 2022.",
    }
    for text, resolved in cases.items():
        # The date once, in ISO form: the block heading says when it was said.
        assert resolve_dates(text, when) == resolved, text
    assert resolve_dates("Mondays are busy.", when) == "Mondays are busy."
    for habit in (
        "Our on-call rotation always starts on Monday.",
        "We deploy every week on Friday.",
    ):
        assert resolve_dates(habit, when) == habit


def test_a_relative_phrase_inside_a_larger_date_is_left_as_written() -> None:
    """ "the last weekend of feb" names a weekend of February, not the weekend before the
    day it was said; rewriting only "last weekend" mangled the sentence."""
    when = datetime.fromisoformat("2025-02-10T13:56:00+00:00")
    text = "We drive up the last weekend of feb."
    assert resolve_dates(text, when) == text
    # The day of the month after it is a date of its own (precise5).
    assert resolve_dates(text[:-1] + ", saturday the 22nd.", when) == (
        "We drive up the last weekend of feb, on 2025-02-22."
    )
    assert resolve_dates("We drove up last weekend.", when) == (
        "We drove up on the weekend of 2025-02-08."
    )


def test_a_sentence_initial_phrase_becomes_a_capitalised_date() -> None:
    when = datetime.fromisoformat("2023-05-08T13:56:00+00:00")  # a Monday
    cases = {
        "Yesterday I went to the group.": "On 2023-05-07 I went to the group.",
        "It rained. Yesterday I went out.": "It rained. On 2023-05-07 I went out.",
        "Next month we start.": "In June 2023 we start.",
        "A week ago we shipped.": "Around 2023-05-01 we shipped.",
        "Last Friday we met.": "On 2023-05-05 we met.",
        "On Friday I saw her.": "On 2023-05-05 I saw her.",
        "I went yesterday.": "I went on 2023-05-07.",
    }
    for text, resolved in cases.items():
        assert resolve_dates(text, when) == resolved, text
    facts = flush(
        [said("Yesterday I went to a support group.", "Caroline", "2023-05-08T13:56:00Z")]
    )
    assert facts == ["On 2023-05-07 Caroline went to a support group."]


def test_a_fact_in_a_ledger_written_with_the_old_date_note_is_not_written_again() -> None:
    """Ledgers written before issue 25 say "on 2023-05-07 (yesterday, said 2023-05-08)";
    the same fact said again, now written "on 2023-05-07", is the one already there."""
    old = (
        "## Memory Flush — 2023-05-08T14:00:00+00:00 · thread t · entries 0-0 · builtin\n\n"
        "- On 2023-05-07 (yesterday, said 2023-05-08) Caroline went to a support group.\n"
    )
    again = [said("Yesterday I went to a support group.", "Caroline", "2023-05-08T13:56:00Z")]
    assert flush(again) == ["On 2023-05-07 Caroline went to a support group."]
    assert flush(again, ledger=old) == []


def test_consolidation_folds_a_fact_written_with_the_old_date_note_into_the_new_form() -> None:
    """MEMORY.md written before issue 25 holds "on 2023-05-07 (yesterday, said
    2023-05-08)"; the same fact flushed today reads "on 2023-05-07": one bullet."""
    memory = (
        "# Memory\n\n## Caroline\n\n"
        "- Caroline went to a support group on 2023-05-07 (yesterday, said 2023-05-08).\n"
    )
    daily = (
        "## Memory Flush — 2026-12-03T10:00:00+00:00 · thread c · entries 0-1 · builtin\n\n"
        "- Caroline went to a support group on 2023-05-07.\n"
    )
    text, _ = consolidate(memory, [daily])
    assert text.count("support group on 2023-05-07") == 1, text


def test_the_speaker_replaces_first_person_pronouns_with_the_verb_agreeing() -> None:
    assert third_person("I love hiking with my sister Mel.", "Jon") == (
        "Jon loves hiking with their sister Mel."
    )
    assert third_person("My sister Mel loves hiking with me.", "Jon") == (
        "Jon's sister Mel loves hiking with them."
    )
    assert third_person("I really enjoy pottery, it relaxes me.", "Jon") == (
        "Jon really enjoys pottery, it relaxes them."
    )
    assert third_person("I'm a nurse and I've got two cats.", "Jon") == (
        "Jon is a nurse and Jon has got two cats."
    )


def test_the_junk_of_issue_25_is_not_written() -> None:
    """Vocatives, compliments to the listener, reflexives and "I'm X from Y" (issue 25,
    item 1): each junk line the issue quotes, and the fact said beside it."""
    conversation = [
        {"role": "user", "name": "Ben", "text": "That's cool, Ana! No doubts, Ana."},
        {"role": "user", "name": "Ben", "text": "You'll be an awesome mom!"},
        {
            "role": "user",
            "name": "Ana",
            "text": "Ben, since we last chatted, I have had a lot of things happening to me. "
            "I adopted a puppy named Rex.",
        },
        {
            "role": "user",
            "name": "Ben",
            "text": "When I look after myself, I'm able to better look after my family.",
        },
        {"role": "user", "text": "I'm Priya from the platform team."},
    ]
    assert extract(conversation, [], lambda text: False) == [
        "Ana adopted a puppy named Rex.",
        "When Ben looks after themself, Ben is able to better look after their family.",
        "The user's name is Priya.",
        "Priya is from the platform team.",
    ]


def test_a_saying_or_a_hedge_is_no_fact_and_a_habit_of_the_speaker_is() -> None:
    """Unanchored (no name, number, date or relation), a sentence is kept only when it is
    about the speaker in so many words and not a hedge (issue 25, item 1)."""
    assert not is_fact("Errors should never pass silently.")
    assert not is_fact("Bots never lie.")
    assert not is_fact("I think that could really work out for everyone.")
    assert not is_fact("Maybe we should try the other place.")
    assert not is_fact("Although that way may not be obvious at first.")
    assert is_fact("I always bike to work.")
    assert is_fact("We usually order takeout on weekends.")


def test_durable_facts_of_every_kind_are_kept_and_chatter_is_dropped() -> None:
    kept = [
        "The partner API rate limit is 1200 requests per minute, keep that in mind.",
        "My sister Mel just adopted a puppy.",
        "Carol owns billing-v3.",
        "The budget for the offsite is $4,000.",
        "I'm going to learn Spanish this winter.",
        "I work as a pediatric nurse at St. Mary's.",
        "I prefer tea over coffee.",
    ]
    chatter = [
        "Hi!",
        "Thanks so much, that's really sweet of you!",
        "How are you doing?",
        "What do you think",
        "Wow, that sounds amazing.",
        "I'm so happy for you!",
        "You should totally go for it.",
        "Haha yeah, I know what you mean.",
    ]
    facts = flush([said(text, "Ana") for text in kept + chatter])
    assert len(facts) == len(kept), facts
    # The aside to the listener carries nothing; the limit is kept.
    assert facts[0] == "Ana: The partner API rate limit is 1200 requests per minute."
    assert facts[1] == "Ana's sister Mel just adopted a puppy."
    assert facts[4].startswith("Ana is going to learn Spanish")
    assert facts[5] == "Ana works as a pediatric nurse at St. Mary's."


def test_a_fact_is_kept_once_even_when_said_again_or_echoed() -> None:
    conversation = [
        said("Deploys happen only on Tuesdays.", "Dana"),
        {"role": "assistant", "text": "Understood: deploys happen only on Tuesdays."},
        said("Remember, deploys happen only on Tuesdays!", "Dana"),
    ]
    assert flush(conversation) == ["Dana: Deploys happen only on Tuesdays."]
    ledger = "## Memory Flush — x · thread t · entries 0-2 · builtin\n\n- Dana: Deploys happen only on Tuesdays.\n"
    assert flush(conversation, ledger) == []


def consolidate(memory: str, dailies: list[str], max_tokens: int = 4000) -> tuple[str, list[str]]:
    payload = {
        "memory": memory,
        "dailies": [(f"2026-12-0{i + 1}.md", t) for i, t in enumerate(dailies)],
        "max_tokens": max_tokens,
    }
    reply = BuiltinModel().complete(Request("consolidate", [], payload))
    return reply.text, reply.notes


def test_consolidation_groups_facts_by_subject() -> None:
    text, _ = consolidate(
        "",
        [
            "## Memory Flush — x\n\n- Caroline went to a support group on 2023-05-07.\n"
            "- Melanie: We took the kids camping.\n- Caroline's sister Mel lives in Ohio.\n"
            "- Deploys happen on Tuesdays.\n- Melanie painted a sunrise.\n"
        ],
    )
    assert text.split("-->\n\n", 1)[1] == (
        "- Deploys happen on Tuesdays.\n\n"
        "## Caroline\n\n"
        "- Caroline went to a support group on 2023-05-07.\n"
        "- Caroline's sister Mel lives in Ohio.\n\n"
        "## Melanie\n\n"
        "- We took the kids camping.\n"
        "- Melanie painted a sunrise.\n"
    )
    again, _ = consolidate(text, ["- Melanie painted a sunrise."])
    assert again == text  # read back under its headings, nothing twice


def test_a_newer_value_supersedes_the_older_and_the_run_says_so(cli, workspace: Path) -> None:
    (workspace / "MEMORY.md").write_text(
        "# Memory\n\n## Dana\n\n- The migration deadline is 2026-12-15.\n- Dana lives in Lisbon.\n"
    )
    (workspace / "memory" / "2026-12-01.md").write_text(
        "## Memory Flush — x\n\n- Dana: The migration deadline is 2027-01-15.\n"
        "- Dana moved to Berlin.\n- Dana went to Porto.\n"
    )
    run = cli("-w", workspace, "consolidate")
    assert run.exit_code == 0, run.stderr
    memory = (workspace / "MEMORY.md").read_text()
    assert "2027-01-15" in memory and "2026-12-15" not in memory
    assert "Berlin" in memory and "Lisbon" not in memory and "Porto" in memory
    assert "superseded: Dana: The migration deadline is 2026-12-15. -> Dana: The migration " in (
        run.stderr
    )
    assert "superseded: Dana lives in Lisbon. -> Dana moved to Berlin." in run.stderr
    (kept,) = (workspace / ".memctl" / "history").glob("*.md")
    assert "2026-12-15" in kept.read_text()  # the replaced fact stays in MEMORY.md's history
    document = json.loads(cli("-w", workspace, "--json", "consolidate", "--force").stdout)
    assert document["superseded"] == []


def test_consolidate_keeps_only_the_newest_value_across_ledgers(cli, workspace: Path) -> None:
    """staging db3 -> db7, said on two days in other words; what only mentions staging
    (or another subject's value) stays."""
    (workspace / "memory" / "2026-12-01.md").write_text(
        "## Memory Flush — 2026-12-01T09:00:00+00:00 · thread t · entries 0-3 · builtin\n\n"
        "- Staging is db3.\n- Priya owns the billing service.\n- Dana lives in Lisbon.\n"
    )
    (workspace / "memory" / "2026-12-02.md").write_text(
        "## Memory Flush — 2026-12-02T09:00:00+00:00 · thread t · entries 4-7 · builtin\n\n"
        "- The staging database was migrated to db7 last week.\n"
        "- Staging was down for an hour on Tuesday.\n"
        "- Marco now owns the billing service.\n- Dana visited Berlin in May.\n"
    )
    run = cli("-w", workspace, "--json", "consolidate")
    assert run.exit_code == 0, run.stderr
    memory = (workspace / "MEMORY.md").read_text()
    assert "db7" in memory and "db3" not in memory
    assert "Marco now owns" in memory and "Priya owns" not in memory
    assert "down for an hour" in memory and "Lisbon" in memory and "Berlin" in memory
    assert json.loads(run.stdout)["superseded"] == [
        "Staging is db3. -> The staging database was migrated to db7 last week.",
        "Priya owns the billing service. -> Marco now owns the billing service.",
    ]


def test_consolidation_sees_the_span_of_an_old_conversation() -> None:
    text, _ = consolidate(
        "",
        [
            "## Memory Flush — 2026-12-03T10:00:00+00:00 · thread c · entries 0-3 · builtin · "
            "said 2023-05-08 to 2023-05-20\n\n- Melanie is swamped with the kids & work.\n"
            "- Caroline went to a support group on 2023-05-07 (yesterday, said 2023-05-08).\n"
        ],
    )
    assert "- Melanie is swamped with the kids & work (May 2023).\n" in text
    assert re.search(
        r"- Caroline went to a support group on 2023-05-07 \(yesterday[^(]*\)\.\n", text
    )


def test_a_telling_question_is_a_fact_and_another_speaker_s_same_words_are_another() -> None:
    facts = flush(
        [
            said("Have I told you about my brother Rosa? Best person ever.", "Ana"),
            said("We got a new piano for the living room.", "Ana"),
            said("We got a new piano for the living room.", "Ben"),
            said("Which port does service1 use?", "Ben"),
        ]
    )
    assert facts == [
        "Ana's brother Rosa.",
        "Ana: We got a new piano for the living room.",
        "Ben: We got a new piano for the living room.",
    ]


def facts_of(text: str, speaker: str = "Ben") -> list[str]:
    """What builtin keeps of one message of `speaker` to Ana, said on Monday 2023-05-08."""
    conversation = [
        {"role": "user", "name": "Ana", "text": "Hi!"},
        said(text, speaker, "2023-05-08T10:00:00Z"),
    ]
    return extract(conversation, [], lambda text: False)


def test_what_is_said_to_the_listener_is_no_fact() -> None:
    """Compliments, wishes, advice and requests to the listener, after a reaction or with
    the speaker's "I hope" around them, and "you" said of anyone (issue 25, item 1)."""
    for text in (
        "Wow, you must be so proud of Mel!",
        "I hope you have a great time in Lisbon!",
        "Although that way may not be obvious at first unless you're Dutch.",
        "It seems you're familiar with the Zen of Python.",
    ):
        assert facts_of(text) == [], text
    # A deadline said to the listener is still a deadline.
    assert facts_of("Remember, your deadline is Friday.") != []


def test_wishes_and_requests_are_no_facts_whatever_they_name() -> None:
    for text in (
        "Good luck with the interview on Friday!",
        "Happy birthday to your sister Mel!",
        "Tell Mel I said hi!",
        "Tell me about Lisbon.",
        "Have fun in Lisbon next week!",
    ):
        assert facts_of(text) == [], text


def test_a_question_without_its_mark_is_no_fact_and_the_answer_run_on_after_it_is() -> None:
    assert facts_of("So what did you do last weekend") == []
    assert facts_of("How can I help you with Lisbon") == []
    # Chat runs a question into the speaker's own news without a stop.
    assert facts_of("what makes you sad I have two dogs") == ["Ben has two dogs."]
    assert facts_of("Do you ever get bored Ivy is my mom, we talk every day.") == [
        "Ivy is Ben's mom, we talk every day."
    ]
    assert facts_of("You know I adopted a cat last week.") == [
        "Ben adopted a cat in the week of 2023-05-01."
    ]


def test_guesses_feelings_stories_and_sayings_are_no_facts() -> None:
    for text in (
        "I bet Mel loved it.",
        "I believe they said Dr. Smith on the phone.",
        "I'm feeling like I have lost all my money.",
        "I may be able to learn how to love.",
        "Two vultures boarded a plane.",
        "Humans are highly emotional, I have noticed.",
        "Sadness is not an emotion that I like to experience.",
        '"Make me one with everything."',
        'I wouldn\'t say "never." "Sometimes."',
    ):
        assert facts_of(text) == [], text
    assert facts_of("I have two cats.") == ["Ben has two cats."]


def test_what_the_speaker_is_not_is_no_fact_but_a_dislike_is() -> None:
    assert facts_of("I don't have a big ego.") == []
    assert facts_of("I'm not the sort to hate anyone.") == []
    assert facts_of("I don't eat meat.") == ["Ben doesn't eat meat."]
    assert facts_of("I'm not a fan of horror movies.") == ["Ben is not a fan of horror movies."]
    # Anchored, a negation is news.
    assert facts_of("I haven't been to Lisbon.") == ["Ben hasn't been to Lisbon."]


def test_a_vocative_or_an_opening_is_dropped_whatever_its_case() -> None:
    """ "Ana, since we last chatted, ..." is about the speaker, not Ana, and "we" would
    stand for nobody in the ledger (issue 25, item 1)."""
    rex = "Ben adopted a puppy named Rex."
    assert facts_of("Ana, since we last chatted, I adopted a puppy named Rex.") == [rex]
    assert facts_of("Well Ana, I adopted a puppy named Rex.") == [rex]
    assert facts_of("Hi Ana, I'm Ben from the platform team.") == ["Ben is from the platform team."]


def test_the_third_person_is_grammatical() -> None:
    # "miss" takes -es; a verb whose past is its present stays past with a past time.
    assert facts_of("I miss my dog Rex.") == ["Ben misses their dog Rex."]
    assert facts_of("I hurt myself skiing last week.") == [
        "Ben hurt themself skiing in the week of 2023-05-01."
    ]
    # An "I" in quotes is the quoted person's.
    assert facts_of('Mel told me "I love my job at Globex" yesterday.') == [
        'Mel told Ben "I love my job at Globex" on 2023-05-07.'
    ]
    # "U.S." does not end the sentence; an object said apart joins its verb.
    assert facts_of("I moved to the U.S. last year.") == ["Ben moved to the U.S. in 2022."]
    assert facts_of("Guess what I just bought. A used Vespa!") == ["Ben just bought a used Vespa!"]
    # Between two people, "you" is the other: "You and I" are both named.
    assert facts_of("You and I went to Lisbon last year.") == [
        "Ana and Ben went to Lisbon in 2022."
    ]
    assert facts_of("Jazz is the only music I listen to while working.") == [
        "Jazz is the only music Ben listens to while working."
    ]


def test_a_question_asked_by_word_order_alone_is_no_fact() -> None:
    for text in ("Who wrote Hamlet", "Is Python fun to learn", "Did Mel move to Denver"):
        assert facts_of(text) == [], text
    # The same openings that state something are kept.
    assert facts_of("Will is my brother.") == ["Will is Ben's brother."]
    assert facts_of("What I love most is hiking in Denver.") == [
        "What Ben loves most is hiking in Denver."
    ]


def test_an_assistant_speaking_of_its_own_nature_is_no_fact() -> None:
    for text in (
        "As an AI language model, I have no favourite city but Lisbon is lovely.",
        "I am a bot, I have no body.",
        "My programmers at Globex gave me 3 moods.",
        "Bots like me are not able to feel boredom.",
    ):
        assert facts_of(text) == [], text
    assert facts_of("I'm a machine learning engineer at Acme.") == [
        "Ben is a machine learning engineer at Acme."
    ]
    assert facts_of("I am a computer programmer in Denver.") == [
        "Ben is a computer programmer in Denver."
    ]


def test_a_you_inside_the_sentence_is_the_listener_between_two() -> None:
    """Issue 25, item 1: "your" or "you" after the sentence's first word is the listener,
    named when there are two people, since a memory read later has no listener."""
    assert facts_of("My mom loved your cake at the party.") == [
        "Ben's mom loved Ana's cake at the party."
    ]
    assert facts_of("I got the tickets for you and Mel.") == [
        "Ben got the tickets for Ana and Mel."
    ]


def test_a_short_fragment_about_a_bare_it_is_no_fact() -> None:
    """Issue 25, item 1: "It's like 2.5 hrs." refers back to what was said before it; a
    sentence that names what "it" is stays."""
    assert facts_of("It's like 2.5 hrs.") == []
    assert facts_of("That was 3 days.") == []
    assert facts_of("It's a 2.5 hour drive to Tahoe.") == ["Ben: It's a 2.5 hour drive to Tahoe."]


def test_fillers_emoji_and_laughter_are_not_written() -> None:
    """A bullet is paid for in every consolidation and recall: what only fills a
    sentence is left out, the fact and its date kept (issue 25 item 1)."""
    assert facts_of("So, I adopted a puppy named Rex haha.") == ["Ben adopted a puppy named Rex."]
    assert facts_of("Well, my sister lives in Denver lol") == ["Ben's sister lives in Denver."]
    assert facts_of("Oh I started a new job at Globex 😀😀") == ["Ben started a new job at Globex."]
    assert facts_of("Honestly my sister moved to Denver last year!!") == [
        "Ben's sister moved to Denver in 2022!"
    ]
    assert facts_of("I bought a Vespa, you know, the red one :)") == [
        "Ben bought a Vespa, the red one."
    ]
    assert facts_of("I mean, my brother Tom lives in Oslo.") == ["Ben's brother Tom lives in Oslo."]
    assert facts_of("Believe it or not, my sister Mel is a pilot, keep that in mind.") == [
        "Ben's sister Mel is a pilot."
    ]
    assert facts_of("I'm going to learn Spanish in May, fingers crossed!") == [
        "Ben is going to learn Spanish in May!"
    ]
    assert facts_of("Also my sister Mel lives in Oslo, lmao.") == [
        "Ben's sister Mel lives in Oslo."
    ]
    # Not a filler: a time, a URL, "did you know" that tells.
    assert facts_of("We meet at 10:30 every Monday, see http://x.io/a") == [
        "Ben: We meet at 10:30 every Monday, see http://x.io/a."
    ]
    assert facts_of("Did you know that I play the cello?") == ["Ben plays the cello."]


def test_a_clause_that_says_nothing_is_cut_from_a_fact() -> None:
    """A feeling or a comment tacked onto a fact ("..., I'm so nervous") is not written;
    a clause with a date, a number, a name or a fact of its own is."""
    assert facts_of("The interview is next Tuesday, I'm so nervous.") == [
        "Ben: The interview is on 2023-05-09."
    ]
    assert facts_of("I start at Globex on Monday so it's going to be a long week.") == [
        "Ben starts at Globex on 2023-05-15."
    ]
    assert facts_of("I ran 10k in 52 minutes, we don't talk about my time lol") == [
        "Ben ran 10k in 52 minutes."
    ]
    assert facts_of("I'm so excited, I got the job at Globex!") == ["Ben got the job at Globex!"]
    # Kept: a date that opens the sentence, a subordinate clause, a second fact.
    assert facts_of("Last month, I saw a jazz concert downtown!") == [
        "In April 2023, Ben saw a jazz concert downtown!"
    ]
    assert facts_of("When I look after myself, I'm able to better look after my family.") == [
        "When Ben looks after themself, Ben is able to better look after their family."
    ]
    assert facts_of("I moved to Denver last year, I bought a house there.") == [
        "Ben moved to Denver in 2022, Ben bought a house there."
    ]
    assert facts_of("On Friday I went camping by the river and it was amazing.") == [
        "On 2023-05-05 Ben went camping by the river."
    ]
    assert facts_of("We went to Lisbon and it took 4 hours to get there.") == [
        "Ben: We went to Lisbon and it took 4 hours to get there."
    ]


def test_a_bot_on_its_hardware_and_a_joke_are_no_facts() -> None:
    # A quotation ending a joke ends its sentence: what follows is judged alone.
    assert facts_of(
        'A horse walks into a bar and says "I\'m looking for my paw." Eli is my cousin.'
    ) == ["Eli is Ben's cousin."]
    assert facts_of("My sister Mel moved to Oslo… Not that I care.") == [
        "Ben's sister Mel moved to Oslo."
    ]
    for text in (
        "I love exploring my hardware.",
        "I don't think I have a mood, but my CPU utilization is fairly low right now.",
        "There was a man who sent 10 puns to some friends.",
        'A 3-legged dog walks into an old west saloon and announces "I\'m looking for my paw."',
    ):
        assert facts_of(text) == [], text
    assert facts_of("I upgraded the hardware of my PC last week.") == [
        "Ben upgraded the hardware of their PC in the week of 2023-05-01."
    ]
    assert facts_of("There was a leak in my kitchen on Monday.") == [
        "There was a leak in Ben's kitchen on 2023-05-01."
    ]


def test_a_wish_for_what_is_not_and_a_saying_about_everyone_are_no_facts() -> None:
    """ "I wish I was the Mad Hatter" is not so; "We are all responsible for our own
    feelings" is said of everybody ("own" there only stresses "our")."""
    for text in (
        "I wish I was the Mad Hatter.",
        "I wish my sister Mel lived closer.",
        "We are all responsible for our own feelings.",
        "Do not worry, Lena is capable of emulating some emotions.",
    ):
        assert facts_of(text) == [], text
    assert facts_of("We all went to Lisbon last May.") == ["Ben: We all went to Lisbon last May."]
    assert facts_of("I own two cars.") == ["Ben owns two cars."]
    assert facts_of("I finally have my own room.") == ["Ben finally has their own room."]


def test_the_listener_echoing_what_was_just_said_is_not_written_again() -> None:
    """ "Design LEAD at Globex!!" after Ana's news is Ana's fact, already kept where she
    said it; the same words about the speaker, or an answer to a question, are not echoes."""
    conversation = [
        said("I got the job, it's for design lead at Globex.", "Ana"),
        said("Design LEAD at Globex!! look at you", "Ben"),
        said("I prefer tea over coffee.", "Ana"),
        said("I prefer tea over coffee.", "Ben"),
        said("Is your birthday June 14?", "Ana"),
        said("June 14, yes.", "Ben"),
    ]
    assert extract(conversation, [], lambda text: False) == [
        "Ana got the job, it's for design lead at Globex.",
        "Ana prefers tea over coffee.",
        "Ben prefers tea over coffee.",
        "Ben: June 14, yes.",
    ]


# Issue 25 item 1, precise4: buckets of what builtin kept that is no fact, each with
# sentences written here (not taken from any bench set), each failing before its rule.


def test_a_saying_about_people_in_general_is_no_fact_but_the_speaker_s_own_people_are() -> None:
    """A relation word anchors a fact only when the relation is someone's ("my sister",
    "Mel's kids", "the kids"): "Kids grow up so fast" is said of everybody's kids."""
    for text in (
        "Family is everything.",
        "Kids grow up so fast.",
        "Parents always worry too much.",
        "A good boss makes all the difference.",
        "Grandparents spoil everyone.",
        "Every family has its drama.",
        "Good friends are hard to find.",
        "A puppy is a lot of work.",
        "Kids say the funniest things.",
        "Cousins are like built-in friends.",
        "Every kid needs a hobby.",
        "Children need routine.",
        "Family always comes first.",
        "Friends come and go.",
        "A new baby changes everything.",
    ):
        assert facts_of(text) == [], text
    assert facts_of("My sister is a nurse.") == ["Ben's sister is a nurse."]
    assert facts_of("Our dog is named Rex.") == ["Ben: Our dog is named Rex."]
    assert facts_of("Mel's kids are in Lisbon now.") == ["Ben: Mel's kids are in Lisbon now."]
    assert facts_of("The kids started school on Monday.") == [
        "Ben: The kids started school on 2023-05-01."
    ]
    assert facts_of("My parents always worry too much.") == ["Ben's parents always worry too much."]


def test_an_imperative_to_the_listener_is_no_fact_whatever_it_names() -> None:
    """ "Save me one with a dog on it", "Try the ramen place on 5th Street": advice or a
    request to the listener, with no "you" to tell it by."""
    for text in (
        "Save me a slice of cake from the party on Friday!",
        "Send me the photos from Lisbon.",
        "Grab me a coffee from Blue Bottle.",
        "Don't forget the tickets for Saturday.",
        "Start with the blue trail at Mount Tam, it's easier.",
        "Try the ramen place on 5th Street.",
        "Check out the farmers market on Saturday.",
        "Pick up some bread at Safeway.",
        "Come visit us in Lisbon this summer.",
        "Stop by the studio on Tuesday.",
        "Watch the new Dune movie, it's great.",
        "Bring Biscuit to the park on Sunday.",
        "Ask Mel about the wedding.",
        "Don't mention the proposal to Lena.",
        "Go see the exhibition at the Tate before it closes in May.",
        "Book the hotel in Kyoto early.",
        "Email Dr. Lee about the results.",
        "Say congrats to Mel from me.",
        "Give Rex a treat from me.",
        "Take the 5 train, it's faster.",
        "Make sure to try the pastries at Lisbon airport.",
        "Save me one with a dog on it.",
    ):
        assert facts_of(text) == [], text
    # A verb that is also a noun opens a statement: an imperative only before its object.
    assert facts_of("Book club is on Thursdays.") == ["Ben: Book club is on Thursdays."]
    assert facts_of("Drive to Denver took 4 hours.") == ["Ben: Drive to Denver took 4 hours."]
    assert facts_of("Head of design at Globex is Mel.") == ["Ben: Head of design at Globex is Mel."]
    # A sentence without its subject, in the past, is still the speaker's news.
    assert facts_of("Started a new job at Globex on Monday.") == [
        "Ben: Started a new job at Globex on 2023-05-01."
    ]
    # An order to remember holding a clause keeps the clause (review 22 #7).
    assert facts_of("Remember, the deadline is Friday.") == ["Ben: The deadline is Friday."]


def test_news_announced_or_a_question_tacked_on_is_cut_from_the_fact() -> None:
    """ "I have big news, ..." and "..., can you believe it?" say nothing themselves: the
    fact is what is left, and a fact is not lost to the question mark after it."""
    cases = {
        "I have big news, I got the job at Globex.": ["Ben got the job at Globex."],
        "So I have news, my brother Sam is moving to Oslo.": [
            "Ben's brother Sam is moving to Oslo."
        ],
        "I have to tell you what happened at the studio on Friday.": [],
        "I have some news about Lisbon.": [],
        "Ok so I have some news about my job.": [],
        "Exciting news about Mel and the wedding.": [],
        "Guess what happened at work on Monday.": [],
        "My mom is visiting in June, is that ok with you?": ["Ben's mom is visiting in June."],
        "I'm moving to Denver in May, can you believe it.": ["Ben is moving to Denver in May."],
        "I start at Globex on Monday, any tips?": ["Ben starts at Globex on 2023-05-15."],
        "Mel got engaged in Lisbon, did I tell you?": ["Ben: Mel got engaged in Lisbon."],
        "I signed up for the Chicago marathon, crazy right?": [
            "Ben signed up for the Chicago marathon."
        ],
        "I bought a used Subaru on Saturday, what do you think?": [
            "Ben bought a used Subaru on 2023-05-06."
        ],
        "My sister Mel is pregnant, can you believe it?": ["Ben's sister Mel is pregnant."],
        "We adopted a puppy last week, want to see pics?": [
            "Ben: We adopted a puppy in the week of 2023-05-01."
        ],
    }
    for text, expected in cases.items():
        assert facts_of(text) == expected, text


def test_a_reaction_to_what_was_said_is_no_fact_whatever_it_names() -> None:
    """ "That's a huge deal for Mel", "Sounds like Lisbon was amazing", "Poor Biscuit":
    the listener's news commented on; the news itself was kept where it was said."""
    for text in (
        "That's a huge deal for Mel.",
        "Sounds like Lisbon was amazing.",
        "Looks like Mel had a blast in Denver.",
        "Must have been fun at the Tate.",
        "That must be hard with three kids.",
        "So cool that Mel got into Stanford.",
        "Glad the surgery on Tuesday went well.",
        "Sorry to hear about Mel's job.",
        "Poor Biscuit.",
        "Lucky Mel!",
        "Good for Mel.",
        "Proud of Mel for finishing the marathon.",
        "Classic Mel.",
        "Love that for Mel.",
        "Can't wait to see the photos from Lisbon.",
        "So happy for Mel and Theo!",
        "That's wild about the Denver office.",
        "Such a big step for Mel.",
        "Huge congrats to Mel on the new job!",
        "That's so exciting about the trip to Japan.",
        "Ana that's a big change, but I can totally see it.",
    ):
        assert facts_of(text) == [], text
    # A comment run on, without a stop, into the speaker's own news.
    assert facts_of("That is good to hear Zoe is my brother, we talk every day.") == [
        "Zoe is Ben's brother, we talk every day."
    ]
    assert facts_of("That's Arjun, he runs the studio.") == [
        "Ben: That's Arjun, he runs the studio."
    ]
    assert facts_of("That was the best day of my life at the Tate.") == [
        "That was the best day of Ben's life at the Tate."
    ]


def test_the_other_s_news_said_back_is_not_written_again() -> None:
    """The listener repeating most of what was just said, with a word of their own ("Mel
    moving to Oslo in June, big move"), adds nothing: the fact is kept where it was said."""
    pairs = [
        ("I got the design lead job at Globex in Lisbon.", "Design lead at Globex in Lisbon, wow."),
        ("My sister Mel is moving to Oslo in June.", "Mel moving to Oslo in June, big move."),
        (
            "We adopted a grey tabby named Noodle from the shelter.",
            "A grey tabby named Noodle from the shelter, adorable.",
        ),
        (
            "I ran the Chicago marathon in 4 hours 10 minutes.",
            "Chicago marathon in 4 hours 10 minutes!",
        ),
        (
            "My brother Sam opened a bakery on Main Street.",
            "Sam opened a bakery on Main Street, so cool.",
        ),
        ("The vet bill for Biscuit was 400 dollars.", "400 dollars for the vet bill, ouch."),
        (
            "I switched to drums because our drummer moved to Denver.",
            "Drummer moved to Denver, so drums now.",
        ),
        ("Lena set the wedding date, June 8th in Sintra.", "June 8th in Sintra, beautiful."),
        (
            "My grandmother had hip surgery at St. Mary's last week.",
            "Hip surgery at St. Mary's, poor grandma.",
        ),
        (
            "I bought a 2009 Ford Transit to turn into a camper.",
            "A 2009 Ford Transit camper, amazing.",
        ),
        (
            "I got promoted to senior nurse at Acme Health.",
            "Senior nurse at Acme Health, congrats.",
        ),
        (
            "We're renting a cabin in Tahoe for New Year's.",
            "A cabin in Tahoe for New Year's sounds perfect.",
        ),
    ]
    for news, echo in pairs:
        conversation = [said(news, "Ana", "2023-05-08T10:00:00Z"), said(echo, "Ben")]
        facts = extract(conversation, [], lambda text: False)
        assert len(facts) == 1 and facts[0].startswith("Ana"), (echo, facts)
    # The same words with something of the speaker's own are the speaker's fact.
    conversation = [
        said("My sister Mel is moving to Oslo in June.", "Ana"),
        said("My brother is moving to Oslo in June too!", "Ben"),
    ]
    assert len(extract(conversation, [], lambda text: False)) == 2


def test_a_weekday_said_in_the_plural_is_a_habit_not_a_date() -> None:
    assert facts_of("I take pottery classes on Tuesday nights.") == [
        "Ben takes pottery classes on Tuesday nights."
    ]
    assert facts_of("We play tennis on Sunday mornings at the club.") == [
        "Ben: We play tennis on Sunday mornings at the club."
    ]


def test_the_speaker_s_own_news_is_a_fact_without_a_cue_word() -> None:
    """ "I broke my wrist", "I'm training for a triathlon": what happened to the speaker,
    or what they are doing now, is news even with no date, name or cue word in it; what
    they felt, tried or meant is not."""
    cases = {
        "I broke my wrist.": "Ben broke their wrist.",
        "I resolved to learn to cook something besides pasta.": (
            "Ben resolved to learn to cook something besides pasta."
        ),
        "We painted the nursery yellow.": "Ben: We painted the nursery yellow.",
        "I crashed my bike on the way home.": "Ben crashed their bike on the way home.",
        "I sprained my ankle playing soccer.": "Ben sprained their ankle playing soccer.",
        "I passed my driving test.": "Ben passed their driving test.",
        "I failed the chemistry exam.": "Ben failed the chemistry exam.",
        "I quit smoking.": "Ben quit smoking.",
        "I sold my old guitar.": "Ben sold their old guitar.",
        "We renovated the bathroom.": "Ben: We renovated the bathroom.",
        "I fixed the leaking faucet.": "Ben fixed the leaking faucet.",
        "I learned to knit scarves.": "Ben learned to knit scarves.",
        "I'm giving a speech at the wedding.": "Ben is giving a speech at the wedding.",
        "I'm training for a triathlon.": "Ben is training for a triathlon.",
        "We're repainting the fence.": "Ben: We're repainting the fence.",
        "Of course, I'm giving a speech.": "Ben is giving a speech.",
        "I also broke my wrist, slipped on wet leaves outside the studio.": (
            "Ben also broke their wrist, slipped on wet leaves outside the studio."
        ),
        "he's a three year old beagle mix, total menace.": (
            "Ben: He's a three year old beagle mix, total menace."
        ),
        "She's two years old now.": "Ben: She's two years old now.",
    }
    for text, expected in cases.items():
        assert facts_of(text) == [expected], text
    for text in (
        "I laughed so hard.",
        "I tried my best.",
        "I thought so too.",
        "I'm kidding.",
        "I'm dying here.",
        "I wanted to cry.",
        "I'm trying.",
        "I'm just saying.",
        "I meant the other one.",
        "I figured as much.",
        "I'm wondering about that too.",
    ):
        assert facts_of(text) == [], text
    assert facts_of("I also have bigger news, I'm leaving my job.") == ["Ben is leaving their job."]


def test_a_judgement_of_a_place_or_thing_is_no_fact() -> None:
    """ "Pine Hollow is beautiful in July", "Kyoto in October sounds perfect": an opinion
    of the moment, whatever it names; what happened there ("The van trip to Big Sur was
    amazing") and the speaker's own taste ("Thai food is my favorite") stay."""
    for text in (
        "Pine Hollow is beautiful in July.",
        "The Blue Lantern is the best venue.",
        "Kyoto in October sounds perfect.",
        "The new place in Riverton looks amazing.",
        "The food at Nopa is incredible.",
        "The Tate is always so crowded.",
        "Denver seems like a great fit for Mel.",
        "The view from Mount Tam is stunning.",
        "The lake near Riverton is gorgeous this time of year.",
        "The Globex office looks so fancy.",
        "That bakery on Main Street is dangerous.",
    ):
        assert facts_of(text) == [], text
    assert facts_of("The van trip to Big Sur was amazing.") == [
        "Ben: The van trip to Big Sur was amazing."
    ]
    assert facts_of("Thai food is my favorite.") == ["Thai food is Ben's favorite."]
    assert facts_of("The wedding is in Sintra.") == ["Ben: The wedding is in Sintra."]
    assert facts_of("My sister's cooking is the best.") == ["Ben's sister's cooking is the best."]


def test_a_cheer_for_someone_is_no_fact() -> None:
    for text in (
        "Yay Mel!!",
        "Oh no, Biscuit!",
        "Woo, go Mel!",
        "Whoa, Denver!",
        "Well done, Mel!",
        "Way to go Theo!",
        "Bravo, Sam!",
        "Yikes, poor Lena.",
        "Hooray for Friday!",
    ):
        assert facts_of(text) == [], text
    assert facts_of("No one came to the party on Friday.") == [
        "Ben: No one came to the party on 2023-05-05."
    ]


def test_a_promise_to_stay_in_touch_is_no_fact() -> None:
    """ "I'll let you know how it goes", "I'll text you the address": the conversation
    arranging itself, not something to remember about anyone."""
    for text in (
        "I'll let you know how the interview at Globex goes.",
        "I'll keep you posted about the Oslo job.",
        "I'll text you the address of Blue Bottle.",
        "I'll call you after the game on Sunday.",
        "I'll send you the link to the Lisbon photos.",
        "I'll show you the photos from Kyoto next time.",
        "I'll tell Mel you said hi.",
        "I'll get back to you about Saturday.",
        "I'll see you at the Blue Lantern.",
        "I'll catch you at the party on Friday.",
        "I'll message you when I land in Oslo.",
        "I'll ping you about the Denver trip.",
    ):
        assert facts_of(text) == [], text
    assert facts_of("I'll be in Lisbon on Friday.") == ["Ben will be in Lisbon on 2023-05-12."]
    assert facts_of("I'll watch Noodle while you're in Tokyo.") == [
        "Ben will watch Noodle while Ana is in Tokyo."
    ]


def test_a_hedged_future_is_no_fact_even_with_a_date() -> None:
    """ "I might go to Lisbon in May", "Maybe we'll get a dog in the spring": a
    possibility, not a plan; "I'm going to Lisbon in May" and "I plan to ..." are plans."""
    for text in (
        "I might go to Lisbon in May.",
        "Maybe I'll try the Chicago marathon next year.",
        "I may visit Mel in Oslo in June.",
        "Maybe we'll get a dog in the spring.",
        "Perhaps I'll apply to Globex next month.",
        "I might switch to the night shift at St. Mary's.",
        "We might move to Denver at some point.",
        "I may sign up for the 10k on Saturday.",
        "I might ask Mel to the wedding.",
        "Perhaps we'll go to Japan for our anniversary.",
        "I might be in Boston next week.",
        "Maybe I'll learn Spanish before the trip to Madrid.",
        "We may adopt a second cat from the shelter.",
        "I could maybe visit Ana in Lisbon in July.",
    ):
        assert facts_of(text) == [], text
    assert facts_of("I'm going to Lisbon in May.") == ["Ben is going to Lisbon in May."]
    assert facts_of("I plan to run the Chicago marathon next year.") == [
        "Ben plans to run the Chicago marathon in 2024."
    ]
    assert facts_of("The wedding is probably next summer.") == [
        "Ben: The wedding is probably in summer 2023."
    ]


def test_a_comment_tacked_onto_a_fact_is_cut_from_it() -> None:
    """ "..., which was amazing", "... and I loved every minute of it", "..., to be
    honest": how the speaker felt about the fact, not the fact; a clause that says more
    ("which has three bedrooms") stays."""
    cases = {
        "I went to Lisbon in May, which was amazing.": "Ben went to Lisbon in May.",
        "We saw Hamilton on Friday, which was so fun.": "Ben: We saw Hamilton on 2023-05-05.",
        "I adopted a cat last week, to be honest.": "Ben adopted a cat in the week of 2023-05-01.",
        "I ran the Boston marathon in April and I loved every minute of it.": (
            "Ben ran the Boston marathon in April."
        ),
        "I finished my first painting last week and I'm really proud of it.": (
            "Ben finished their first painting in the week of 2023-05-01."
        ),
        "I took the kids to the zoo on Saturday and they had the best time ever.": (
            "Ben took the kids to the zoo on 2023-05-06."
        ),
        "I moved to Denver in March, which was a big change for me.": (
            "Ben moved to Denver in March."
        ),
        "I visited Mel in Oslo, which was lovely, to be fair.": "Ben visited Mel in Oslo.",
        "We hiked Mount Tam on Saturday and we loved it.": "Ben: We hiked Mount Tam on 2023-05-06.",
        "I joined a choir in March, which has been so good for me.": "Ben joined a choir in March.",
        "I bought a house in Denver, which has three bedrooms.": (
            "Ben bought a house in Denver, which has three bedrooms."
        ),
        "I ran to the store and I bought a used Subaru.": (
            "Ben ran to the store and Ben bought a used Subaru."
        ),
    }
    for text, expected in cases.items():
        assert facts_of(text) == [expected], text


def test_a_long_sentence_keeps_its_first_fact_and_what_fits_after_it() -> None:
    """A sentence of more than 20 words is cut at the last clause boundary that keeps it
    within 20 (never inside its first fact): every bullet is paid for in every
    consolidation and recall, and a run-on story holds one fact and its colour."""
    cases = {
        "Last weekend I finally went to the farmers market downtown with my sister Mel and "
        "we ended up buying way too many peaches, the guy at the stand gave us a discount "
        "because we were chatting about his orchard in Fresno for like twenty minutes.": (
            "On the weekend of 2023-05-06 Ben finally went to the farmers market downtown "
            "with their sister Mel."
        ),
        "So I started volunteering at the animal shelter on Elm Street two weeks ago, mostly "
        "walking the dogs and cleaning kennels, and there is this one old beagle named Rufus "
        "who I am honestly thinking about adopting if my landlord says yes.": (
            "Ben started volunteering at the animal shelter on Elm Street around 2023-04-24, "
            "mostly walking the dogs and cleaning kennels."
        ),
        "My daughter Zoe just turned seven on Sunday and we threw her a unicorn party in the "
        "backyard with twelve kids from her class, a bouncy castle, and a cake that my mom "
        "baked from scratch because the bakery messed up the order.": (
            "Ben's daughter Zoe just turned seven on 2023-05-07."
        ),
        "I have been learning the guitar since January, I practice every night for about "
        "thirty minutes after dinner, and my teacher Carlos says I might be ready to play at "
        "the open mic at the Rusty Nail in the spring.": (
            "Ben has been learning the guitar since January, Ben practices every night for "
            "about thirty minutes after dinner."
        ),
        "We drove up to Portland on Friday to see my brother Sam's new restaurant, which is "
        "a tiny Thai place near the river, and the line was out the door all night long.": (
            "We drove up to Portland on 2023-05-05 to see Ben's brother Sam's new restaurant."
        ),
        "My boss Dana finally approved my transfer to the Denver office starting in August, "
        "so I will be packing up the apartment and selling most of my furniture over the "
        "summer.": (
            "Ben's boss Dana finally approved their transfer to the Denver office starting in "
            "August."
        ),
    }
    for text, expected in cases.items():
        assert facts_of(text) == [expected], text
    # Twenty words or fewer: as it was.
    assert facts_of("I moved to Denver in March, I bought a house there, and I adopted a cat.") == [
        "Ben moved to Denver in March, Ben bought a house there, and Ben adopted a cat."
    ]


def test_how_someone_took_what_was_just_said_is_no_fact() -> None:
    """ "The kids loved it!", "It was a really special time for our family": a comment on
    what came before, whose "it" a memory read later cannot resolve."""
    for text in (
        "The kids loved it!",
        "My sister hated it.",
        "It was a really special time for our family.",
        "It was such a memorable day for my kids.",
        "That was a magical moment for me and my husband.",
        "It was so meaningful to our whole family.",
        "It was an unforgettable experience for my daughter.",
        "Our family will never forget it.",
        "It has been such a journey for my family.",
        "My son was thrilled about it.",
        "It was so emotional for my mom.",
        "That was quite the adventure for my kids.",
        "My parents were so proud of me for it.",
    ):
        assert facts_of(text) == [], text
    assert facts_of("It was my sister Mel's birthday on Friday.") == [
        "It was Ben's sister Mel's birthday on 2023-05-05."
    ]
    assert facts_of("The kids loved the zoo on Saturday.") == [
        "Ben: The kids loved the zoo on 2023-05-06."
    ]
    assert facts_of("I finished it on Monday.") == ["Ben finished it on 2023-05-01."]
    assert facts_of("It was a great day at the zoo with Mel on Saturday.") == [
        "Ben: It was a great day at the zoo with Mel on 2023-05-06."
    ]
    assert facts_of("I'm transgender, and proud of it.") == ["Ben is transgender, and proud of it."]
    assert facts_of("That's my sister Mel.") == ["That's Ben's sister Mel."]


# Issue 25 item 1, precise5: buckets of what builtin kept that is no fact, or mangled, on
# the dev half (held-out h1-h3, small talk dev), each with sentences written here.


def test_a_day_of_the_month_said_alone_resolves_to_its_date() -> None:
    """ "the 22nd" means a day of this month or the next (or the last, said of the past):
    written as its ISO date it is a date memory and recall can match; a month named
    before it in the sentence is its month, or one after it ("the 4th of July"). "the 2nd
    floor" is no day of the month; "the 30th of next month" was "the 30th of in June 2023"."""
    when = datetime.fromisoformat("2023-05-08T13:56:00+00:00")  # a Monday
    cases = {
        "The recital is the 22nd.": "The recital is on 2023-05-22.",
        "I still start the 3rd, so it is a short week.": (
            "I still start on 2023-06-03, so it is a short week."
        ),
        "My visa runs out the 2nd.": "My visa runs out on 2023-06-02.",
        "We signed the lease on the 4th, two days early.": (
            "We signed the lease on 2023-05-04, two days early."
        ),
        "We fly out Friday the 19th.": "We fly out on 2023-05-19.",
        "The trip moved to August, 3rd to the 9th.": "The trip moved to August, 3rd to 2023-08-09.",
        "The audit is the 30th of next month.": "The audit is on 2023-06-30.",
        "My office is on the 2nd floor.": "My office is on the 2nd floor.",
        # Its month after it (precise9): that month's day, not this month's.
        "We host a party the 4th of July.": "We host a party on 2023-07-04.",
        # A day the month named before it never has: left as said (it crashed flush); the
        # 1st of November, its month after it, is a date (precise9).
        "We move on the 1st of November, so I'm home on the 31st.": (
            "We move on 2023-11-01, so I'm home on the 31st."
        ),
        "Rent for February is due by the 30th.": "Rent for February is due by the 30th.",
        "The launch is the 31st of April.": "The launch is the 31st of April.",
    }
    for text, resolved in cases.items():
        assert resolve_dates(text, when) == resolved, text
    assert facts_of("I moved into the new flat on the 1st.") == [
        "Ben moved into the new flat on 2023-05-01."
    ]


def test_a_bare_date_or_a_verbless_scrap_is_no_fact() -> None:
    """ "March 9th!", "A GRANDSON.", "Quick Lisbon recap.": an answer whose question
    is not in it, or a heading for news told after it, says neither who nor what. An
    answer to a question asked with its mark is kept (the question says what it is)."""
    for text in (
        "March 9th!",
        "October 2.",
        "The 14th!!",
        "A GRANDSON.",
        "Quick Lisbon recap.",
        "Back from Denver!",
        "Big weekend in Austin.",
        "From the Heathrow lounge!",
        "Grandma.",
    ):
        assert facts_of(text) == [], text
    assert facts_of("Engaged to Sam!") == ["Ben: Engaged to Sam!"]
    assert facts_of("My brother Sam.") == ["Ben's brother Sam."]
    assert facts_of("Lease signed in March.") == ["Ben: Lease signed in March."]
    assert facts_of("555-0142.") == ["Ben: 555-0142."]
    conversation = [
        said("When does the course start?", "Ana", "2023-05-08T10:00:00Z"),
        said("September 4.", "Ben", "2023-05-08T10:01:00Z"),
    ]
    assert extract(conversation, [], lambda text: False) == ["Ben: September 4."]


def test_shouted_words_name_nothing() -> None:
    """A word in capitals is a name or an acronym ("NASA", "PG16"); a shouted word or a
    sentence in capitals ("FINALLY HOMEOWNERS", "THEY SAID YES") names nothing by its
    capitals, and is judged as if written in lower case."""
    for text in (
        "FINALLY HOMEOWNERS.",
        "LETS GOOOO.",
        "BEST WEEKEND EVER.",
        "WORST FLIGHT EVER.",
        "Absolutely INCREDIBLE trip.",
    ):
        assert facts_of(text) == [], text
    assert facts_of("WE BOUGHT THE HOUSE!") == ["Ben: WE BOUGHT THE HOUSE!"]
    assert facts_of("I work at NASA now.") == ["Ben works at NASA now."]
    assert facts_of("PG16 is live.") == ["Ben: PG16 is live."]


def test_a_sentence_whose_subject_is_a_bare_he_she_or_they_is_no_fact() -> None:
    """ "She made me repaint the fence": who "she" is was said before, so the bullet
    names nobody; read later it answers nothing. Said of someone named, it is kept; a
    count said of them ("he's a three year old beagle mix") stays, as before."""
    for text in (
        "She made me repaint the fence.",
        "He hates me now.",
        "They cancelled the order on Friday.",
        "He looks just like my dad did.",
        "She told me the house sold on Friday.",
        "He beat Mel at chess.",
        "They moved the wedding to Austin.",
    ):
        assert facts_of(text) == [], text
    assert facts_of("Mel made me repaint the fence.") == ["Mel made Ben repaint the fence."]
    assert facts_of("He's a three year old beagle mix.") == [
        "Ben: He's a three year old beagle mix."
    ]


def test_a_lower_case_i_is_the_speaker() -> None:
    """Chat writes "i" for "I": it is the speaker, made their name like "I" is, not left
    as a stray "i" inside a fact about them."""
    assert facts_of("Mel and i went to Austin.") == ["Mel and Ben went to Austin."]
    assert facts_of("my boss said i can work remote from june") == [
        "Ben's boss said Ben can work remote from june."
    ]
    assert facts_of("Mel and i are moving to Leeds next month.") == [
        "Mel and Ben are moving to Leeds in June 2023."
    ]


def test_a_question_opened_by_a_negated_verb_is_no_fact() -> None:
    """ "Wasn't he at the party on Friday" asks, with or without its mark."""
    for text in (
        "Wasn't he at the party on Friday.",
        "Didn't Mel move to Oslo last year",
        "Isn't the launch on the 3rd",
        "Aren't they in Lisbon now",
        "Doesn't Mel live in Austin",
    ):
        assert facts_of(text) == [], text
    assert facts_of("Didn't sleep at all before the exam on Friday.") != []


def test_a_promise_of_nothing_named_is_no_fact() -> None:
    """ "I'll make it work", "We'll save you a seat": what the speaker will do about "it"
    or for the listener, with nothing named or dated, tells nothing to remember."""
    for text in (
        "I'll make it work.",
        "We'll figure it out.",
        "I'll put it on paper.",
        "I'll put it on the calendar.",
        "We'll save you a seat.",
        "We'll save you some cake.",
        "We're gonna miss you at standup.",
        "I'm gonna miss you so much.",
        "We'll survive.",
    ):
        assert facts_of(text) == [], text
    # precise6: an offer of the moment naming nothing is no fact either (no gold fact of
    # three held-out sets by two hands holds one); named or dated it is.
    assert facts_of("I'll bring the cake.") == []
    assert facts_of("I'll bring the cake to Mel's party.") == [
        "Ben will bring the cake to Mel's party."
    ]
    assert facts_of("I'll drive you to the airport on Friday.") == [
        "Ben will drive Ana to the airport on 2023-05-12."
    ]
    assert facts_of("We'll fix it in the Denver office.") != []


def test_an_order_tacked_onto_a_fact_is_cut_from_it() -> None:
    """ "My lease ends June 30, don't tell my landlord": the fact, without the request to
    the listener after it."""
    cases = {
        "My lease ends June 30, don't tell my landlord.": "Ben's lease ends June 30.",
        "The launch is on Friday, keep it quiet.": "Ben: The launch is on 2023-05-12.",
        "I start at Globex in June, save me a desk.": "Ben starts at Globex in June.",
        "Sam moves in on the 20th, bring boxes.": "Ben: Sam moves in on 2023-05-20.",
    }
    for text, expected in cases.items():
        assert facts_of(text) == [expected], text


def test_a_verdict_on_a_deal_or_a_comparison_alone_is_no_fact() -> None:
    """ "2k for a new boiler sounds like a steal", "Better than missing the flight": a
    verdict on what was just said, whatever it names."""
    for text in (
        "2k for a new boiler sounds like a steal.",
        "A free upgrade from Delta sounds like a win.",
        "Better than missing the flight in March.",
        "Worse than the Denver trip.",
        "Way better than the old office on 5th.",
    ):
        assert facts_of(text) == [], text
    assert facts_of("I like tea better than coffee.") == ["Ben likes tea better than coffee."]


def test_a_yep_opening_is_dropped_and_a_new_date_leans_forward() -> None:
    """ "Yep the 21st, I'm the best man": "yep" is no part of the fact. A day moved or
    pushed "to the 24th" is ahead of the day it was said, whatever the tense."""
    assert facts_of("Yep I'm the best man at Sam's wedding.") == [
        "Ben is the best man at Sam's wedding."
    ]
    assert facts_of("yup I got the job at Globex.") == ["Ben got the job at Globex."]
    when = datetime.fromisoformat("2023-05-08T13:56:00+00:00")
    assert resolve_dates("The closing got pushed to the 3rd.", when) == (
        "The closing got pushed to 2023-06-03."
    )
    assert resolve_dates("We moved it until the 2nd.", when) == "We moved it until 2023-06-02."


def test_a_short_sentence_about_a_bare_it_doing_something_is_no_fact() -> None:
    """ "It took 4 hours": what "it" is was said before, whatever the verb."""
    for text in (
        "It took 4 hours.",
        "It cost like 300 bucks.",
        "It lasted 2 days.",
        "It broke again, 3 times.",
    ):
        assert facts_of(text) == [], text
    assert facts_of("It took Mel 4 hours to drive to Boston.") != []
    # What is left once a clause that says nothing is cut is judged again.
    for text in ("Sam helped, it took 4 hours.", "Dad will love that, it's his 60th."):
        assert facts_of(text) == [], text
    assert facts_of("we got the keys and i cried") == ["Ben: We got the keys."]


def test_a_common_word_in_capitals_is_no_name() -> None:
    """ "We HAVE to do something for the party": "HAVE" is stressed, not named."""
    for text in ("We HAVE to do something for the party.", "We REALLY need a vacation."):
        assert facts_of(text) == [], text
    assert facts_of("We use AWS for the backups.") != []


def test_what_would_have_to_happen_is_no_fact() -> None:
    """ "I'd have to ask if I can go remote": a hypothetical, not what is or will be."""
    for text in (
        "I'd have to ask my boss if I can go remote.",
        "We would have to sell the car first.",
        "Mel would have to switch schools in Denver.",
        "I would need to find a sitter for the kids.",
    ):
        assert facts_of(text) == [], text
    assert facts_of("I'd love to visit Japan next year.") != []


def test_a_count_after_he_s_or_she_s_is_the_only_one_kept() -> None:
    """ "he's 2 pounds overweight" describes; "He's good, he just doesn't answer after 9"
    is still about a bare "he"."""
    assert facts_of("He's good, he just doesn't answer email after 9.") == []
    assert facts_of("She's fine, she called me 3 times though.") == []
    assert facts_of("She's 7 and already reads chapter books.") != []


def test_a_name_run_into_the_speaker_s_i_is_who_is_spoken_to() -> None:
    """ "Ana I'm sending you the money Friday": Ana is spoken to, not the subject."""
    assert facts_of("Ana I'm sending you 200 on Friday.") == [
        "Ben is sending Ana 200 on 2023-05-12."
    ]
    assert facts_of("Ana I moved to Leeds last week.") == [
        "Ben moved to Leeds in the week of 2023-05-01."
    ]


def test_what_the_speaker_thought_was_so_is_no_fact() -> None:
    """ "I thought it was November 3": a belief just corrected, not a fact."""
    for text in (
        "I thought it was November 3.",
        "I thought the party was at Mel's.",
        "I assumed the launch was on Friday.",
    ):
        assert facts_of(text) == [], text


def test_chat_contractions_and_a_date_after_of_stay_grammatical() -> None:
    """ "I gotta find a flat" was "Ben gottas find a flat"; "friday of next week" was
    "friday of in the week of ..."."""
    assert facts_of("I gotta find an apartment in Denver.") == [
        "Ben has to find an apartment in Denver."
    ]
    assert facts_of("I wanna learn Spanish in Madrid.") == ["Ben wants to learn Spanish in Madrid."]
    assert facts_of("I'm off thursday and friday of next week, my parents are visiting.") == [
        "Ben is off thursday and friday of the week of 2023-05-15, their parents are visiting."
    ]


def test_a_proposal_or_a_change_announced_is_no_fact_and_a_lower_case_name_is_spoken_to() -> None:
    """ "Let's plan it on Sunday" proposes; "Small change of plans, ..." announces what
    follows; "ana i'm sending you 200" speaks to Ana in chat's lower case."""
    for text in (
        "Let's plan it on Sunday when Mel is here.",
        "Lets book the cabin in June.",
        "Change of plans for my sister's party and please don't be mad.",
    ):
        assert facts_of(text) == [], text
    assert facts_of("Small change of plans, the reunion moved to Mel's place.") == [
        "Ben: The reunion moved to Mel's place."
    ]
    assert facts_of("ana i'm sending you 200 on friday") == [
        "Ben is sending Ana 200 on 2023-05-12."
    ]


def test_a_day_followed_by_is_contracted_reads_as_a_sentence() -> None:
    """ "surprise, today's my last day" was "Surprise, on 2023-05-08's Ben's last day"."""
    assert facts_of("surprise, today's my last day at Globex") == [
        "2023-05-08 is Ben's last day at Globex."
    ]
    assert facts_of("Tomorrow's our anniversary dinner with Mel.") == [
        "Ben: 2023-05-09 is our anniversary dinner with Mel."
    ]


def test_an_offer_of_the_moment_with_nothing_named_or_dated_is_no_fact() -> None:
    """ "haha i'll pick up the snacks", "We'll be the loudest table there": what the
    speaker offers to do in the conversation, naming no one, no place, no time, answers no
    later question (issue 25 item 1, precise6)."""
    for text in (
        "I'll grab some extra chairs then.",
        "haha i'll pick up the snacks",
        "We'll be the loudest table there.",
        "ok ill bring a salad",
        "I'll make a packing list.",
    ):
        assert facts_of(text) == [], text
    # Dated, named, a relation, a time word: still a plan.
    for text in (
        "I'll start at the bakery on Monday.",
        "We'll move to Denver in spring.",
        "I'll ask my aunt Rosa to help.",
        "We will repaint the kitchen soon.",
        "I'll take the job at Initech.",
    ):
        assert facts_of(text) != [], text


def test_chat_contractions_without_an_apostrophe_are_read_as_contractions() -> None:
    """ "im wearing", "ive got", "ill bring", "dont": chat drops the apostrophe; read
    as written, "Im" stayed in the fact and "ill" was no future."""
    assert facts_of("im starting pottery classes at Clayworks") == [
        "Ben is starting pottery classes at Clayworks."
    ]
    assert facts_of("ive got a new flat in Leith") == ["Ben has got a new flat in Leith."]
    assert facts_of("ill get the tablet shipped to mum before the 3rd") == [
        "Ben will get the tablet shipped to mum before 2023-06-03."
    ]
    # "ill" as a word: still sick.
    assert facts_of("My sister Mel is ill with the flu.") == [
        "Ben's sister Mel is ill with the flu."
    ]


def test_a_plan_called_off_is_a_fact() -> None:
    """ "I'm not selling the house after all": a decision, which a later question asks
    about; what the speaker is not, unanchored, is still no fact."""
    assert facts_of("I'm not selling the house after all.") == [
        "Ben is not selling the house after all."
    ]
    assert facts_of("We're not moving to the suburbs.") != []
    for text in ("I'm not a morning person.", "I'm not sure.", "I'm not doing great."):
        assert facts_of(text) == [], text


def test_what_an_unnamed_they_did_to_the_speaker_with_a_date_is_a_fact() -> None:
    """ "They finally gave me a date for the operation, June 2nd": an office or a clinic,
    unnamed, did it to the speaker; the date and the speaker anchor it. A bare he/she/they
    alone is still no fact."""
    assert facts_of("They finally gave me a date for the operation, June 2nd.") != []
    assert facts_of("They moved my interview to the 19th.") != []
    for text in ("They loved it.", "They gave me a hug.", "He hates me."):
        assert facts_of(text) == [], text


def test_a_name_written_with_a_capital_elsewhere_is_a_name_in_lower_case() -> None:
    """Chat writes names in lower case ("stan fixed the boiler"); a word the same
    conversation wrote with a capital inside a sentence is a name wherever it appears."""
    conversation = [
        {"role": "user", "name": "Ana", "text": "Did you call Stan about the boiler?"},
        said("stan replaced the whole boiler, it's silent now", "Ben", "2023-05-08T10:00:00Z"),
        {"role": "user", "name": "Ana", "text": "And the Civic?"},
        said("the civic's gearbox failed", "Ben", "2023-05-08T10:01:00Z"),
    ]
    assert extract(conversation, [], lambda text: False) == [
        "Ben: Stan replaced the whole boiler.",
        "Ben: The Civic's gearbox failed.",
    ]
    # Without that capital, a lower-case word is no name (before an event, a past, it is:
    # precise9); with it, a verdict on Stan is still no fact.
    assert facts_of("stan knows the whole boiler") == []
    verdict = [conversation[0], said("stan is the best plumber honestly", "Ben")]
    assert extract(verdict, [], lambda text: False) == []


def test_a_reminder_of_a_fact_keeps_the_fact() -> None:
    """ "don't forget our lease ends on the 31st" reminds of a fact: the fact stays, the
    reminder goes; "Don't forget the tickets" is still an order."""
    assert facts_of("Don't forget that Dad's party is on the 20th.") == [
        "Ben: Dad's party is on 2023-05-20."
    ]
    assert facts_of("dont forget our lease ends on the 31st") == [
        "Ben: Our lease ends on 2023-05-31."
    ]
    assert facts_of("Don't forget the tickets for Saturday.") == []


def test_someone_beside_the_speaker_and_a_possessive_name_opening_a_sentence_are_named() -> None:
    """ "tomas and i rented a boat": in chat, who "and I" joins is someone, named even in
    lower case; "priya's twins started school" opens with a name, which no capital inside
    the sentence shows."""
    assert facts_of("tomas and i rented a cabin for august") != []
    assert facts_of("me and tomas broke up") == ["Ben and tomas broke up."]
    assert facts_of("priya's twins started kindergarten") != []
    # Not a name: a common word, or a pronoun.
    for text in ("Everyone's invited.", "Nobody's home yet.", "That's so cool."):
        assert facts_of(text) == [], text


def test_a_topic_changed_to_opens_no_fact_and_an_if_is_no_fact() -> None:
    """ "speaking of cars, I sold the van": the lead-in goes, the fact stays; "If I win,
    I'll buy a boat" and chat's "its 30 out" (a bare "it") are no facts."""
    assert facts_of("speaking of cars i sold my van to a neighbour") == [
        "Ben sold their van to a neighbour."
    ]
    for text in (
        "If I get the grant, I'll hire two people.",
        "if we win we'll throw a party at Mel's",
        "its 30 out",
        "its 4am here lol",
    ):
        assert facts_of(text) == [], text
    # a possessive does open a sentence when a verb follows its noun
    assert facts_of("Its CEO is Dana.") == ["Ben: Its CEO is Dana."]


def test_what_befell_a_thing_is_a_fact_and_a_clause_to_the_listener_is_cut() -> None:
    """ "the boiler is making a rattling sound": something happening to a thing of the
    speaker's world, told in so many words (three content words or more, an action, not a
    verdict); ", you're welcome to come" tacked onto news is cut, not the news."""
    assert facts_of("the boiler is making a rattling sound at night") != []
    assert facts_of("the council finally repaved the road outside") != []
    for text in ("the view is lovely", "The food was great.", "the kids loved it"):
        assert facts_of(text) == [], text
    assert facts_of("my cousin Rafa is hosting a barbecue on the 20th, you're welcome to come") == [
        "Ben's cousin Rafa is hosting a barbecue on 2023-05-20."
    ]
    assert facts_of("You're welcome to come.") == []


def test_a_fact_negated_is_not_the_fact_already_known() -> None:
    """ "I'm not selling the house" after "Ben is thinking about selling the house": the
    same content words, the opposite fact; it was taken for a repeat."""
    conversation = [said("I'm not selling the house after all.", "Ben", "2023-05-08T10:00:00Z")]
    known = ["Ben has been thinking about selling the house."]
    assert extract(conversation, known, lambda text: False) == [
        "Ben is not selling the house after all."
    ]
    # The same fact said again is still a repeat.
    again = [said("I'm selling the house.", "Ben", "2023-05-08T10:00:00Z")]
    assert extract(again, ["Ben is selling the house."], lambda text: False) == []


def test_chat_s_lower_case_subject_before_its_verb_is_a_name() -> None:
    """ "marta got a job in porto": in a message written without capitals, an unknown
    word opening a sentence before its verb is whom it is about; a common word is not
    ("work got busy")."""
    assert facts_of("marta got a job offer in porto") != []
    assert facts_of("oh and tomas is pregnant, due in march") != []
    for text in ("work got busy", "everything was fine", "nothing has changed"):
        assert facts_of(text) == [], text


def test_a_mood_a_question_announced_or_what_would_have_been_is_no_fact() -> None:
    """ "I feel about ninety today", "I have a question for you", "Gran would have
    laughed": the moment's mood, the conversation's business, what did not happen."""
    for text in (
        "I feel about ninety years old today.",
        "i'm feeling like a zombie after that shift",
        "I have a quick question for you about the rent.",
        "Gran would have laughed at the whole thing.",
        "Right, I was going to ask about that.",
        "good idea, ill lend a hand",
        "I'm so sorry, I'll replace your mug",
        "It's 12 degrees here, I'll send you a scarf.",
    ):
        assert facts_of(text) == [], text
    # Still facts: a plan with "would have to" is not reached here, nor a feeling named.
    assert facts_of("Right, my sister Mel moved to Leeds.") == ["Ben's sister Mel moved to Leeds."]


def test_a_span_of_time_in_a_past_sentence_is_no_date() -> None:
    """ "I finished 5 books in two weeks": how long it took, not a date two weeks ahead."""
    assert facts_of("I finished 5 books in two weeks.") == ["Ben finished 5 books in two weeks."]
    assert facts_of("I start the new job in two weeks.") == [
        "Ben starts the new job around 2023-05-22."
    ]


def test_what_the_listener_s_pet_did_to_the_speaker_s_thing_and_a_dated_he_are_facts() -> None:
    """ "your cat knocked over my lamp": an event between the listener's thing and the
    speaker's, not advice; "he sprained his paw on saturday": a bare he with its day still
    says what happened when (undated, "he hates me" is still no fact)."""
    assert facts_of("your cat knocked over my lamp") == ["Ana's cat knocked over Ben's lamp."]
    assert facts_of("he sprained his paw on saturday, poor guy") != []
    assert facts_of("the garage finally replaced the van's gearbox") != []
    for text in (
        "your lamp looks nice",
        "He hates me.",
        "He's good, he just doesn't answer after 9.",
    ):
        assert facts_of(text) == [], text


def test_a_confirming_tag_without_its_mark_still_asks_and_what_would_have_been_anywhere() -> None:
    """Chat drops the question mark: "so the lease runs till june right" asks to confirm;
    "Mel would have told me to relax" says what did not happen, opening on a name."""
    for text in (
        "so the lease runs till june 30 right",
        "we land at 6 right",
        "Mel would have told me to relax.",
    ):
        assert facts_of(text) == [], text
    assert facts_of("We land at 6, the flight is right on time.") != []


def test_the_rules_drawn_from_chat_leave_prose_as_it_was() -> None:
    """What befell "the X", a possessive opening, a dated bare he: drawn from lower-case
    chat, read there only; in prose such a sentence is as often a joke or trivia."""
    assert facts_of("the old lighthouse keeper finally sold the cottage") != []
    for text in (
        "The old lighthouse keeper finally sold the cottage.",
        "Einstein's theory changed physics.",
        "He painted the fence yesterday.",
    ):
        assert facts_of(text) == [], text


def test_what_the_speaker_is_doing_this_minute_is_no_fact() -> None:
    """ "im eating pizza lol", "I'm wearing two scarves as we speak": the moment, not
    the speaker's news; "I'm training for a triathlon" is."""
    for text in (
        "im eating cereal for dinner lol",
        "I'm watching the match with my cousin Rafa.",
        "I'm wearing three jumpers as we speak.",
        "we're heading to the beach right now",
        "im going to bed soon",
    ):
        assert facts_of(text) == [], text
    assert facts_of("I'm training for a triathlon.") != []
    assert facts_of("im learning to cook") != []


def test_a_judge_hears_what_the_rules_drop_and_has_the_last_word() -> None:
    """The training script of the keep/drop score sees every candidate through `judge`:
    what the rules kept and what they dropped, with where it was said; what the judge
    turns down is not written, and without a judge the rules decide alone."""
    from memctl.models.facts import Context

    conversation = [
        said("My sister Mel moved to Oslo in June.", "Ana", "2025-03-01T09:00:00+00:00"),
        {"role": "assistant", "name": "Ben", "text": "Wow, how is she finding it?"},
        said("She loves the fjords and the long evenings.", "Ana"),
    ]
    heard: list[tuple[str, bool, bool, str]] = []

    def judge(sentence: str, bullet: str, where: Context) -> bool:
        heard.append((sentence, where.ruled, where.answers, where.reply))
        return not where.ruled

    facts = extract(conversation, [], lambda _: False, None, judge)
    assert facts == ["Ana: She loves the fjords and the long evenings."]
    assert heard == [
        ("My sister Mel moved to Oslo in June.", True, False, "Wow, how is she finding it?"),
        ("She loves the fjords and the long evenings.", False, True, ""),
    ]
    assert extract(conversation, [], lambda _: False) == ["Ana's sister Mel moved to Oslo in June."]


def test_a_bare_he_or_she_right_after_one_name_is_that_person() -> None:
    """Who "he" or "she" is was said in the sentence just before, by either speaker:
    the bullet names them. With no name before, or two, it is dropped as it was."""

    def pair(asked: str, told: str, known: list[str] | None = None) -> list[str]:
        conversation = [
            said(asked, "Ana"),
            {"role": "assistant", "name": "Ben", "text": told},
        ]
        return extract(conversation, known or [], lambda _: False)

    assert "Ben: Rufus is walking again, slowly but happily." in pair(
        "How is your dog Rufus doing after the operation?",
        "He's walking again, slowly but happily.",
    )
    # Chat in lower case: the name memory holds with its capital.
    assert pair(
        "and what does marta say about it",
        "shes happy there, her boss lets her work from home",
        ["Sam's cousin Marta moved to Lyon."],
    ) == ["Ben: Marta is happy there, her boss lets her work from home."]
    assert pair("Did Omar call you back?", "He's been offered the Oslo job.") == [
        "Ben: Omar has been offered the Oslo job."
    ]
    # Guards: two names before, or none; "she and I" is no bare she.
    assert not any(
        "fixed the sink" in fact
        for fact in pair("Tom and Sara came by yesterday.", "He fixed the sink for us.")
    )
    assert pair("What a week.", "She made me repaint the fence.") == []
    assert not any(
        fact.startswith("Ben: Rufus and")
        for fact in pair("Is Rufus ok?", "She and I took him to the vet on Monday.")
    )


def test_hedges_asides_and_a_consequence_that_says_nothing_are_left_out_of_a_bullet() -> None:
    """Every bullet costs tokens in every request: "basically", "actually", "btw" and a
    ", so ..." clause that states nothing go; the comma they were set off with stays once,
    and a consequence that says something stays."""

    def one(text: str) -> list[str]:
        item = said(text, "Ana", "2025-02-01T09:00:00+00:00")
        return extract([item], [], lambda _: False)

    assert one("I moved to a flat near the station, so no more long commutes.") == [
        "Ana moved to a flat near the station."
    ]
    assert one("My sister Mel basically runs the bakery now btw.") == [
        "Ana's sister Mel runs the bakery now."
    ]
    assert one("The vet visit is on Friday, actually, not Thursday.") == [
        "Ana: The vet visit is on 2025-02-07, not Thursday."
    ]
    assert one("I actually like sushi.") == ["Ana likes sushi."]
    assert one("Dad's off the crutches btw, he walked to the shop on Sunday.") == [
        "Ana: Dad's off the crutches, he walked to the shop on 2025-01-26."
    ]
    # Guards: a consequence that names or dates something stays.
    assert one("I got the job at Globex so I start on March 3rd.") == [
        "Ana got the job at Globex so Ana starts on March 3rd."
    ]
    assert one("I adopted a cat named Miso, so the apartment smells of tuna.") == [
        "Ana adopted a cat named Miso, so the apartment smells of tuna."
    ]


def one_said(text: str, speaker: str = "Ana", ts: str = "2025-02-05T09:00:00+00:00") -> list[str]:
    """What builtin keeps of one message said on Wednesday 2025-02-05."""
    return extract([said(text, speaker, ts)], [], lambda _: False)


def test_a_span_after_a_superlative_or_in_a_perfect_is_no_date() -> None:
    """ "The first holiday in three years" and "I haven't been to the gym in a week" say
    how long, not when: "in N years" is resolved only where it points ahead ("We move in
    two weeks")."""
    assert one_said("Our first real holiday in three years, we booked Crete.") == [
        "Ana: Our first real holiday in three years, we booked Crete."
    ]
    assert resolve_dates(
        "I haven't been to the gym in a week", datetime(2025, 2, 5, tzinfo=UTC)
    ) == ("I haven't been to the gym in a week")
    assert resolve_dates("Best night's sleep in two months", datetime(2025, 2, 5, tzinfo=UTC)) == (
        "Best night's sleep in two months"
    )
    # Guards: ahead of the day, it is a date.
    assert resolve_dates("We move in two weeks", datetime(2025, 2, 5, tzinfo=UTC)) == (
        "We move around 2025-02-19"
    )
    assert resolve_dates(
        "My interest rate resets in two months", datetime(2025, 2, 5, tzinfo=UTC)
    ) == ("My interest rate resets in April 2025")
    assert resolve_dates(
        "I have a dentist appointment in two weeks", datetime(2025, 2, 5, tzinfo=UTC)
    ) == ("I have a dentist appointment around 2025-02-19")
    assert resolve_dates("We have to move out in two months", datetime(2025, 2, 5, tzinfo=UTC)) == (
        "We have to move out in April 2025"
    )


def test_a_day_of_a_named_month_and_a_bare_weekday_closing_a_clause_are_dates() -> None:
    """ "the 9th of April" is a date as "April 9" is, and "I sold my car friday" dates the
    news as "on Friday" would; a weekday as a subject, after "is", or in a range is no
    one day."""
    when = datetime(2025, 2, 5, tzinfo=UTC)  # a Wednesday
    assert resolve_dates("The recital is on the 9th of April", when) == (
        "The recital is on 2025-04-09"
    )
    assert resolve_dates("I sold my car friday", when) == "I sold my car on 2025-01-31"
    assert resolve_dates("We fly to Oslo saturday, so packing now", when) == (
        "We fly to Oslo on 2025-02-08, so packing now"
    )
    assert resolve_dates("We moved in saturday", when) == "We moved in saturday"
    # Guards: a weekday that is no one day.
    for text in (
        "Friday works best for me",
        "My favourite day is Sunday",
        "I work Monday to Friday",
        "The gym is closed Monday through Thursday",
        "I always run Saturday",
    ):
        assert resolve_dates(text, when) == text, text


def test_a_question_in_chat_spelling_or_after_a_name_is_no_fact() -> None:
    """Chat drops the apostrophe of "how's" and the comma after the name of whom it asks:
    "hows the new flat", "tom how did the move go" ask."""
    conversation = [
        said("hey, we finally moved into the flat on tuesday", "Tom", "2025-02-05T09:00:00Z"),
        said("tom how did the move go with the piano", "Ana", "2025-02-05T09:01:00Z"),
        said("hows the new commute", "Ana", "2025-02-05T09:02:00Z"),
        said("wheres the flat exactly, near the station", "Ana", "2025-02-05T09:03:00Z"),
    ]
    facts = extract(conversation, [], lambda _: False)
    assert not any("piano" in fact or "commute" in fact or "exactly" in fact for fact in facts)
    assert any("moved into the flat" in fact for fact in facts)


def test_news_announced_and_reactions_reported_are_no_facts() -> None:
    """ "my news is I passed" tells "I passed"; "I have gossip about myself" announces;
    "Mum says the same", "Sam says hi", "Dad says don't rush it" report a reaction, an
    order or a greeting, not news; "I don't know if I'll ..." asserts nothing."""
    assert one_said("so my news is I passed the bar exam.") == ["Ana passed the bar exam."]
    assert one_said("my big news is that we adopted a greyhound") == [
        "Ana: We adopted a greyhound."
    ]
    for text in (
        "ok I have gossip about myself",
        "Mum says the same.",
        "Sam says hi!",
        "Dad says don't rush it.",
        "My physio says take it slow.",
        "idk if I'm gonna repaint the fence or just sell the house",
        "I don't know whether Lena will take the Oslo job.",
    ):
        assert one_said(text) == [], text
    # Guards: hearsay that tells something stays, a yes or a no too.
    assert one_said("My manager said yes to the transfer to Lyon.") == [
        "Ana's manager said yes to the transfer to Lyon."
    ]
    assert one_said("Mum says the landlord is selling the building in May.") == [
        "Ana: Mum says the landlord is selling the building in May."
    ]


def test_a_kin_word_calling_the_listener_and_a_favour_announced_are_no_facts() -> None:
    """ "Grandpa how was the hospital" asks the grandfather spoken to; "Mum I got the job"
    tells "I got the job"; "I have a favour to ask" announces. "Mum is visiting" and
    "Grandma Rose turned 90" speak of someone."""

    def among(text: str) -> list[str]:
        conversation = [
            said("Hello dear.", "Joan", "2025-02-05T09:00:00Z"),
            said(text, "Tim", "2025-02-05T09:01:00Z"),
        ]
        return extract(conversation, [], lambda _: False)

    assert among("grandpa how was the hospital food") == []
    assert among("Grandma Tim misses you too") == []
    assert among("Mum I got the job at the aquarium!") == ["Tim got the job at the aquarium!"]
    assert among("I have a big favour to ask.") == []
    # Guards: someone spoken of.
    assert among("Mum is visiting in March.") == ["Tim: Mum is visiting in March."]
    assert among("Grandma Rose turned 90 on Sunday.") == [
        "Tim: Grandma Rose turned 90 on 2025-02-02."
    ]


def test_a_time_accepted_is_no_fact() -> None:
    """ "Thursday works for me", "Saturdays at 10 work", "Friday evening is fine": the
    conversation arranging itself. A time that tells something stays."""
    for text in (
        "Thursday works for me.",
        "Saturdays at 10 work for us, the kids are at football before.",
        "Friday evening is fine.",
        "7pm works if the kitchen is done by then.",
    ):
        assert one_said(text) == [], text
    assert one_said("Thursday is my last day at Globex.") == [
        "Thursday is Ana's last day at Globex."
    ]
    assert one_said("Ana works at Globex on Thursdays.") == ["Ana works at Globex on Thursdays."]


def test_a_day_of_the_month_accepted_is_no_fact() -> None:
    """ "20th works", "the 10th is good", "29th fine for me": the yes to a day someone
    proposed, which is kept where it was proposed; alone it is a date of nothing. A day
    of the month that tells something stays."""
    conversation = [
        said(
            "there's a cottage near hawes, 20th to 22nd june, £720", "Rowan", "2025-05-20T09:00:00Z"
        ),
        said("20th works", "Fenella", "2025-05-20T09:01:00Z"),
        said("the 10th is good", "Juno", "2025-05-20T09:02:00Z"),
        said("12th-15th is fine for us", "Idris", "2025-05-20T09:03:00Z"),
        said("29th fine for me", "Juno", "2025-05-20T09:04:00Z"),
    ]
    facts = extract(conversation, [], lambda _: False)
    assert [fact for fact in facts if not fact.startswith("Rowan")] == [], facts
    assert any("720" in fact for fact in facts), facts
    assert one_said("The 20th is my last day at Globex.") == [
        "On 2025-02-20 is Ana's last day at Globex."
    ]
    assert one_said("3 good friends came to the party.") == [
        "Ana: 3 good friends came to the party."
    ]


def test_a_name_given_to_what_was_just_told_of_is_kept() -> None:
    """ "I adopted a puppy. she's tiny and her name is pepper": the bare "she" sentence
    names nobody, but the name belongs to the puppy the speaker just told of; across a
    message too. With nothing told of before, or "her name is a secret", nothing."""
    conversation = [
        said("we got a puppy from the rescue!", "Ana", "2025-02-05T09:00:00Z"),
        said("omg what kind", "Ben", "2025-02-05T09:01:00Z"),
        said("a terrier mix. she's tiny and her name is pepper", "Ana", "2025-02-05T09:02:00Z"),
        said("I found a flatmate, his name's Idris, he's a chef", "Ben", "2025-02-05T09:03:00Z"),
    ]
    facts = extract(conversation, [], lambda _: False)
    assert "Ana's puppy is named Pepper." in facts
    assert "Ben's flatmate is named Idris." in facts
    assert not any("named" in fact for fact in one_said("Her name is Luna and she is lovely."))
    assert not any(
        "named" in fact for fact in one_said("We had a baby girl! Her name is a secret for now.")
    )


def test_a_span_from_a_day_and_news_of_a_kind_announced() -> None:
    """ "a week from tomorrow" is the day a week after tomorrow; "I have work news"
    announces as "I have big news" does."""
    when = datetime(2025, 2, 5, tzinfo=UTC)  # a Wednesday
    assert resolve_dates("I fly out a week from tomorrow", when) == "I fly out on 2025-02-13"
    assert resolve_dates("The cast comes off two days from tomorrow", when) == (
        "The cast comes off on 2025-02-08"
    )
    assert one_said("I have work news.") == []
    assert one_said("We have family news, my sister is engaged!") == ["Ana's sister is engaged!"]


def test_a_second_i_right_after_the_first_verb_agrees_too() -> None:
    """ "I know I tell myself every day" was "Tomas knows Tomas tell themself": the second
    "I" was taken for the first one's object, and its verb kept its first-person form."""
    assert third_person("I know I tell myself every day", "Ana") == (
        "Ana knows Ana tells themself every day"
    )
    assert third_person("I think I need a new bike", "Ana") == "Ana thinks Ana needs a new bike"
    # Guards: an adverb between, and "you and I".
    assert third_person("I really love it", "Ana") == "Ana really loves it"
    assert third_person("You and I went to Lisbon", "Ana") == "You and Ana went to Lisbon"


def test_a_bare_he_keeps_its_referent_through_sentences_that_only_speak_of_him() -> None:
    """ "did you hear from Idris? / yeah... so he called me last night. he's moving to
    Oslo in May": the sentences between speak of him only, so "he" is still Idris. A
    word after "the" or "my" is no name, even one memory holds with its capital."""

    def talk(*turns: tuple[str, str], known: list[str] | None = None) -> list[str]:
        conversation = [
            said(text, who, f"2025-02-05T09:0{i}:00Z") for i, (who, text) in enumerate(turns)
        ]
        return extract(conversation, known or [], lambda _: False)

    facts = talk(
        ("Ana", "did you hear from Idris?"),
        ("Ben", "yeah... so he called me last night. he's moving to Oslo in May"),
    )
    assert any(fact.startswith("Ben: Idris is moving to Oslo") for fact in facts), facts
    # Guards: a name between, and a thing after "the" that memory wrote with a capital.
    facts = talk(
        ("Ana", "did you hear from Idris?"),
        ("Ben", "yes, and Sara called too. he's moving to Oslo in May"),
    )
    assert not any("Idris is moving" in fact for fact in facts), facts
    facts = talk(
        ("Ana", "how did the checkup go"),
        ("Ben", "the vet says he's fine. he hates me now"),
        known=["Ben: Vet appointment is on 2025-02-14."],
    )
    assert not any("hates" in fact for fact in facts), facts


def test_chat_names_someone_opening_a_sentence_before_a_past_event() -> None:
    """In lower-case chat, "noor slipped on the stairs and broke her ankle" names Noor
    as "noor got a job" did: a regular past (an event) after an unknown word; not a
    feeling or a seeming ("noor cried", "noor seemed tired"), nor a common subject
    ("work exploded")."""

    def chat(text: str) -> list[str]:
        conversation = [
            said("hey how was the weekend", "Ana", "2025-02-05T09:00:00Z"),
            said(text, "Ben", "2025-02-05T09:01:00Z"),
        ]
        return [fact for fact in extract(conversation, [], lambda _: False) if "Ben" in fact]

    assert chat("noor slipped on the stairs and broke her ankle") == [
        "Ben: Noor slipped on the stairs and broke her ankle."
    ]
    assert chat("tariq proposed at the lake") == ["Ben: Tariq proposed at the lake."]
    for text in ("noor cried at the airport", "noor seemed tired all weekend", "work exploded"):
        assert chat(text) == [], text


def test_chat_news_with_its_i_dropped_gets_it_back() -> None:
    """Chat drops the "I" before its news: "bought a used van" and "did my first night
    shift tuesday" are the speaker's; a question ("did the plumber come") and prose keep
    their words."""

    def chat(text: str) -> list[str]:
        return one_said(text, "Ben", "2025-02-05T09:00:00+00:00")

    assert chat("bought a used van, the kids call it the bus") == [
        "Ben bought a used van, the kids call it the bus."
    ]
    assert chat("finally booked the venue for june 14") == [
        "Ben finally booked the venue for june 14."
    ]
    assert chat("did my first night shift tuesday") == [
        "Ben did their first night shift on 2025-02-04."
    ]
    assert chat("did the plumber come") == []
    # Guard: prose is read as written, and there a sentence without its subject is none.
    assert one_said("Bought a used van.", "Ben") == []


def test_a_grandchild_a_month_in_chat_and_a_request_made_anchor_a_fact() -> None:
    """ "my granddaughter visits on sundays" names a relation as "my daughter" does; "my
    driving test is in october" dates as "in October" does; "I asked for a transfer" is
    news, where "I asked him" is talk."""
    assert one_said("my granddaughter walks my dog") == ["Ana's granddaughter walks their dog."]
    assert one_said("my driving test is in october") == ["Ana's driving test is in october."]
    assert one_said("I asked for a transfer to the Leeds office.") == [
        "Ana asked for a transfer to the Leeds office."
    ]
    # Guards: talk, and a month said of no one.
    assert one_said("I asked him twice.") == []
    assert one_said("october is always rainy") == []


def test_the_chat_of_itself_a_sign_off_and_thanks_in_chat_spelling_are_no_facts() -> None:
    """ "Sam added me to the group chat", "Love, Gran", "thank u Ana": the conversation's
    workings, a letter's closing and thanks. A group one joins stays a fact."""
    for text in (
        "Sam added Ana to the group chat.",
        "hi all, adding my brother to this chat so he sees the photos",
        "Love, Gran.",
        "Cheers, Tom",
        "thank u so much Ben",
    ):
        assert one_said(text) == [], text
    assert one_said("I joined a hiking group in Leeds.") == ["Ana joined a hiking group in Leeds."]


def test_what_the_speaker_would_like_is_no_fact() -> None:
    """ "I'd love to come", "I would like one of those for my desk": a wish of the moment
    naming and dating nothing; "I want to visit Japan" and "I'm going to learn Spanish"
    stay plans, and a wish that names and dates stays (precise5's guard)."""
    assert one_said("I'd love to come!") == []
    assert one_said("I would like one of those lamps for my desk.") == []
    assert one_said("I want to visit Japan next year.") == ["Ana wants to visit Japan in 2026."]
    assert one_said("I'm going to learn Spanish.") == ["Ana is going to learn Spanish."]


def among_three(*turns: tuple[str, str]) -> list[str]:
    """What builtin keeps of a chat among Ana, Ben and Cleo (each says one turn)."""
    speakers = [said("Morning all.", name) for name in ("Ana", "Ben", "Cleo")]
    return extract(speakers + [said(text, name) for name, text in turns], [], lambda _: False)


def test_among_three_you_guys_are_the_others_and_you_is_who_spoke_before() -> None:
    """Among three, "you guys" is everyone but the speaker, and "you" is who spoke before
    the speaker's turn, as a reply answers the turn before it. With nobody before, a "you"
    names nobody when read later: its clause goes, and the bullet with it when what is
    left is no fact alone. Between two, "you" is the other one, as before."""
    assert among_three(("Ana", "I can drive you guys to the airport on Friday.")) == [
        "Ana can drive Ben and Cleo to the airport on Friday."
    ]
    assert among_three(("Ana", "I'll pay you back in March, promise.")) == [
        "Ana will pay Cleo back in March, promise."
    ]
    alone = [said("I'll lend you my tent, my brother Ravi moved to Cork.", "Ana")]
    alone += [said("Ok.", "Ben"), said("Hi.", "Cleo")]
    assert extract(alone, [], lambda _: False) == ["Ana's brother Ravi moved to Cork."]
    alone = [said("In 2019 your uncle and I drove to Rome.", "Ana")]
    alone += [said("Ok.", "Ben"), said("Hi.", "Cleo")]
    assert extract(alone, [], lambda _: False) == []
    # Two messages in a row answer the same turn.
    turns = [said("Hi.", "Ben"), said("Hey.", "Cleo"), said("I'll pay you back in March.", "Ana")]
    turns.append(said("I'll give you the keys on Monday.", "Ana"))
    assert extract(turns, [], lambda _: False) == [
        "Ana will pay Cleo back in March.",
        "Ana will give Cleo the keys on Monday.",
    ]
    # Guard: between two people the listener is named.
    two = [said("Hi.", "Ben"), said("I'll pay you back in March.", "Ana")]
    assert extract(two, [], lambda _: False) == ["Ana will pay Ben back in March."]


def test_a_like_that_hedges_a_count_is_cut_and_the_verb_stays() -> None:
    """Chat's "like" before a count ("we've had like 4 viewings", "since like around
    June") hedges it and is cut; "I'd like 2 tickets", "it looks like 3 of us" and "a
    cake shaped like a boat" keep theirs."""
    assert one_said("We've had like 4 viewings on the flat.") == [
        "Ana: We've had 4 viewings on the flat."
    ]
    assert one_said("The rent is like $900 a month now.") == ["Ana: The rent is $900 a month now."]
    assert one_said("My boss has been off since like around June.") == [
        "Ana's boss has been off since around June."
    ]
    assert one_said("I'd like 2 tickets for the Leeds show.") != []
    assert all("like" in fact for fact in one_said("I'd like 2 tickets for the Leeds show."))
    assert all("like" in fact for fact in one_said("I baked a cake shaped like a boat for Mo."))


def test_a_bot_on_its_making_or_lacking_what_people_have_and_sayings_are_no_facts() -> None:
    """ "I was built to answer questions", "I don't sleep", "I have no feelings": a
    machine on its own nature; "Everyone needs a holiday", "People change": sayings of
    no one present. A person's training, diet and plans stay."""
    for text in (
        "I was built to answer questions about trains.",
        "I was created by a small team in Oslo.",
        "I don't sleep.",
        "I do not eat food, I run on electricity.",
        "I have no feelings, but I try to be kind.",
        "Everyone needs a holiday.",
        "People change.",
    ):
        assert one_said(text) == [], text
    assert one_said("I was trained as a midwife in Cork.") == [
        "Ana was trained as a midwife in Cork."
    ]
    assert one_said("I don't eat meat.") == ["Ana doesn't eat meat."]
    assert one_said("I don't sleep much since the baby came.") != []
    assert one_said("Everyone is coming to Sam's barbecue on Friday.") != []
    assert one_said("Everyone in my team got a bonus.") != []


def test_a_hedge_a_set_off_adverb_and_a_comment_with_its_tag_are_cut() -> None:
    """ "kind of" before a verb, ", finally," and ", anyway" say how the speaker takes the
    fact; "..., not bad for an old guy, right?" and "..., I know, right?" ask the listener
    to share a comment, not to confirm the statement, which is kept without them. "What
    kind of car", "a tag that asks to confirm" and "I think I'm moving" stay as they were."""
    assert one_said("I kind of want to go back to college in the autumn.") == [
        "Ana wants to go back to college in the autumn."
    ]
    assert one_said("I passed my driving test on Monday, finally, after three tries.") == [
        "Ana passed their driving test on 2025-02-03, after three tries."
    ]
    assert one_said("I'm running the Leeds 10k in May, wish me luck haha.") == [
        "Ana is running the Leeds 10k in May."
    ]
    assert one_said("I ran the half in 1:52, not bad for an old guy, right?") == [
        "Ana ran the half in 1:52."
    ]
    assert one_said("My brother Sam just got engaged, I know, right?") == [
        "Ana's brother Sam just got engaged."
    ]
    assert one_said("I maybe want to sell the van in April.") == [
        "Ana maybe wants to sell the van in April."
    ]
    # Guards: a tag asking to confirm leaves a question; a kind named; a thought kept.
    assert one_said("I'm moving to Leeds in June, right?") == []
    assert "kind of" in " ".join(one_said("I bought the same kind of bike as Sam in May."))
    assert one_said("I think I'm moving to Hove in May.") != []


def test_a_consequence_that_only_says_how_someone_is_is_cut() -> None:
    """ "..., so I'll be a wreck all week", "... so I'm already shattered": a "so" clause
    saying how the speaker is, with no number, date or name, is how they take the fact.
    A consequence that is done ("so we moved to the 15th", "so I'm starting remote") or
    anchored stays."""
    assert one_said("My brother's stag do is on Saturday, so I'll be useless all week.") == [
        "Ana's brother's stag do is on 2025-02-08."
    ]
    assert one_said("Term started on Tuesday so I'm already shattered.") == [
        "Ana: Term started on 2025-02-04."
    ]
    assert one_said("term started tuesday so im already shattered") == [
        "Ana: Term started on 2025-02-04."
    ]
    assert one_said("I switched gyms so I can swim.") == ["Ana switched gyms so Ana can swim."]
    assert one_said("The venue double booked, so we moved the party to the 15th.") == [
        "Ana: The venue double booked, so we moved the party to 2025-02-15."
    ]
    assert "starting remote" in " ".join(
        one_said("The movers cancelled, so I'm starting remote from a hotel in Leeds.")
    )


def test_a_kin_word_called_after_a_lead_in_is_a_vocative() -> None:
    """ "aw grandma i got the job": the kin word is who is spoken to, after the "aw" as
    before it, and is not written as the speaker's title."""
    assert one_said("aw grandma i got the job at the library") == [
        "Ana got the job at the library."
    ]


def _with_assistant(asked: str, answer: str, then: str = "") -> list[str]:
    """What builtin keeps of a person (Noor, said on Tuesday 2024-10-01) asking an unnamed
    AI assistant for help, its answer, and what she says next."""
    conversation = [
        said(asked, "Noor", "2024-10-01T08:00:00Z"),
        {"role": "assistant", "text": answer, "ts": "2024-10-01T08:00:10Z"},
    ]
    if then:
        conversation.append(said(then, "Noor", "2024-10-01T08:01:00Z"))
    return extract(conversation, [], lambda text: False)


def test_an_assistants_advice_and_lists_are_no_fact_the_persons_own_facts_are() -> None:
    """An assistant's answer offers options, steps and suggestions; none is what anyone
    did or is. Its list on one line or on several, its lead-in, its congratulations, its
    "could" and "might" and its "We'll ..." are dropped; what the person said of herself
    is kept."""
    facts = _with_assistant(
        "My sister Leila is visiting from Cairo next week and she's allergic to nuts."
        " What can I cook?",
        "How lovely that Leila is coming! Here are a few nut-free dishes you could try:"
        " 1) Chicken tagine with apricots, which can be made a day ahead. 2) A big"
        " tabbouleh with extra mint. 3) Roast salmon with lemon and dill."
        " Check the labels on spice mixes, since some are processed with nuts."
        " Baking might be trickier, so a fruit salad would be a safe dessert."
        " We'll keep every dish on the menu free of nuts.",
        "Great, I'll do the tagine on Saturday.",
    )
    assert facts == [
        "Noor's sister Leila is visiting from Cairo in the week of 2024-10-07 and she's"
        " allergic to nuts.",
        "Noor will do the tagine on 2024-10-05.",
    ]
    steps = _with_assistant(
        "How do I get my sourdough starter going again? It's been in the fridge for a month.",
        "Sure, here's how to revive it:\n"
        "- Discard all but about 50 g of the starter.\n"
        "- Feed it 50 g of flour and 50 g of water twice a day.\n"
        "- Keep it somewhere warm, around 24°C.\n"
        "- After 3 or 4 days it should double within 6 hours of a feed.",
    )
    assert steps == []


def test_an_assistants_list_of_what_was_done_or_decided_is_kept() -> None:
    """An agent's summary of what it did and what was decided is kept, list or not; what
    it states in the present of nobody's doing and a step for later are not."""
    conversation = [
        {"role": "user", "text": "Wrap up the release prep please."},
        {
            "role": "assistant",
            "text": "Done. Summary:\n1. Bumped the version to 2.4.0 in pyproject.toml.\n"
            "2. The changelog has a section for 2.4.0.\n"
            "3. Decided to drop Python 3.9 support.\n"
            "4. Run the test suite before tagging.",
        },
    ]
    assert extract(conversation, [], lambda text: False) == [
        "Bumped the version to 2.4.0 in pyproject.toml.",
        "Decided to drop Python 3.9 support.",
    ]


def test_a_weekday_after_for_is_the_day_ahead_even_in_the_past_tense() -> None:
    """ "I booked the vet for thursday" said on Tuesday: the appointment is two days
    ahead, and "for" stays ("for on ..." was written, and a day gone by)."""
    when = datetime.fromisoformat("2024-10-01T09:00:00+00:00")  # a Tuesday
    assert resolve_dates("I booked the vet for thursday.", when) == (
        "I booked the vet for 2024-10-03."
    )
    assert resolve_dates("We reserved a table for Saturday, finally.", when) == (
        "We reserved a table for 2024-10-05, finally."
    )
    assert resolve_dates("We went out for Friday drinks.", when) == "We went out for Friday drinks."


def test_what_an_assistant_knows_is_no_memory_of_the_person() -> None:
    """An answer's general knowledge in the present ("The ferry takes about 40 minutes",
    "Hotels usually charge 90 euros a night"), nor a heading of its answer, is a fact of
    the person; what she said of herself is. (What the assistant did in its own "I" is
    dropped as before: only its decisions count.)"""
    facts = _with_assistant(
        "I'm taking my parents to Mallorca in May, my dad uses a wheelchair.",
        "Mallorca is lovely in May, with warm days and fewer crowds.\n\n"
        "**Getting around**\n"
        "The ferry from Barcelona takes about 7 hours, and most buses on the island have"
        " ramps. Hotels in Palma usually charge 90 to 140 euros a night. I've added"
        " accessible beaches to your trip notes.",
    )
    assert facts == [
        "Noor is taking their parents to Mallorca in May, their dad uses a wheelchair.",
    ]


def test_a_person_asking_an_assistant_tells_of_their_life_in_passing() -> None:
    """Told to an assistant, "I already have a standing desk" and "my shoulder aches
    after long calls" are the person's facts, and so is what she says of someone she
    introduced ("my flatmate Oskar"), before her question; her requests ("I need ...")
    and negations stay out. Between two people chatting, the ache and Oskar's nights stay
    dropped, as small talk's rules have it."""
    asked = (
        "My flatmate Oskar and I share a tiny study. I already have a standing desk."
        " My shoulder aches after long calls. I need a better chair."
        " Oskar works nights, any tips for keeping the room quiet?"
    )
    answer = "Here are a few ideas:\n- A rug will soften footsteps.\n- Try a white-noise machine."
    assert _with_assistant(asked, answer) == [
        "Noor's flatmate Oskar and Noor share a tiny study.",
        "Noor already has a standing desk.",
        "Noor's shoulder aches after long calls.",
        "Noor: Oskar works nights.",
    ]
    between_two = [
        said(asked, "Noor", "2024-10-01T08:00:00Z"),
        {"role": "assistant", "name": "Lia", "text": "Oh no, that sounds hard."},
    ]
    assert extract(between_two, [], lambda text: False) == [
        "Noor's flatmate Oskar and Noor share a tiny study.",
        "Noor already has a standing desk.",
    ]


def test_she_or_he_after_the_speakers_own_kin_is_that_kin() -> None:
    """A person asking "what should I get my dad? he turns 60 in june" tells of their
    dad: the opening "he" is the one relative of his sex the sentence before named, and
    is written as that relative, from the speaker's own sentence just before. Two of the
    same sex leave it unresolved."""
    assert facts_of("What should I get my dad? He turns 60 in June.", "Ana") == [
        "Ana's dad turns 60 in June."
    ]
    assert facts_of("My son and my niece came over. She just moved to Leeds.", "Ana") == [
        "Ana's son and their niece came over.",
        "Ana's niece just moved to Leeds.",
    ]
    assert "moved to Leeds" not in " ".join(
        facts_of("My aunt and my niece came over. She just moved to Leeds.", "Ana")
    )
    # Another speaker's "my sister" is not the next speaker's "she".
    conversation = [
        said("My sister lent us her van for the move.", "Ana"),
        said("She said the clutch is slipping, we should get it checked.", "Ben"),
    ]
    assert "Ben's sister" not in " ".join(extract(conversation, [], lambda text: False))


def test_the_nth_after_a_month_named_in_the_message_is_that_months_day() -> None:
    """ "We fly to Osaka in November. We land on the 3rd." said in September: the 3rd is
    November's, the month the speaker named in the sentence before, not October's. A
    "Jan" that may be a name gives no month."""
    first = said("We fly to Osaka in November. We land on the 3rd.", "Noor", "2025-09-10T09:00:00Z")
    assert extract([first], [], lambda text: False) == [
        "Noor: We fly to Osaka in November.",
        "Noor: We land on 2025-11-03.",
    ]
    jan = said("Jan is coming over. We eat on the 14th.", "Noor", "2025-09-10T09:00:00Z")
    assert "2025-09-14" in " ".join(extract([jan], [], lambda text: False))


def test_the_month_before_the_nth_is_read_once_per_sentence(monkeypatch: Any) -> None:
    """The month named before "the 3rd" is kept as the message is read: each sentence is
    looked at for a month once, not all the sentences before it again for each one (a
    message of 1,000 sentences took 5 s that way). The month still carries over plain
    sentences to the day after them."""
    from memctl.models import facts

    class Counted:
        def __init__(self, pattern: re.Pattern[str]) -> None:
            self.pattern, self.real, self.scans = pattern.pattern, pattern, 0

        def finditer(self, *args: Any) -> Any:
            self.scans += 1
            return self.real.finditer(*args)

        def search(self, *args: Any) -> Any:
            return self.real.search(*args)

    counted = Counted(facts._MONTH_NAME)
    monkeypatch.setattr(facts, "_MONTH_NAME", counted)
    plain = " ".join(f"Task {n} waits." for n in range(300))
    text = f"We fly to Osaka in November. {plain} We land on the 3rd."
    out = extract([said(text, "Noor", "2025-09-10T09:00:00Z")], [], lambda text: False)
    assert "Noor: We land on 2025-11-03." in out
    assert counted.scans < 2 * 302


def test_a_fact_naming_its_month_in_lower_case_is_not_dated_again() -> None:
    """Chat writes months in lower case: "Lea started school in november" has its date,
    and the month it was said in would contradict it. Lower case, "may" and "march" are
    a verb or a noun ("joined the march") unless a preposition puts them in time."""
    from memctl.models.facts import _in_month

    said_in = datetime(2026, 10, 3, tzinfo=UTC)
    for dated in (
        "Lea started school in november.",
        "Lea started school in November.",
        "We moved in may.",
        "We moved house last march.",
    ):
        assert _in_month(dated, said_in) == dated
    assert _in_month("I joined the march.", said_in) == "I joined the march (October 2026)."
    assert _in_month("You may have left.", said_in) == "You may have left (October 2026)."


def test_a_liking_of_that_thing_just_said_is_a_reaction() -> None:
    """ "I love that idea!" or "we adore this plan" says how the speaker took the answer
    before it, as "I loved it!" does; "this week" after the verb dates, and stays."""
    assert facts_of("I love that idea!") == []
    assert facts_of("We adore this plan.") == []
    assert facts_of("I moved flats this week.") == ["Ben moved flats in the week of 2023-05-08."]


def test_what_an_agent_reads_in_the_code_is_kept_what_it_knows_in_general_is_not() -> None:
    """In an agent's thread the assistant's present-tense sentence naming code (a file, a
    snake_case setting, a flag) is the project's fact; one of general knowledge is not."""
    conversation = [
        {"role": "user", "text": "Why do the uploads time out?"},
        {
            "role": "assistant",
            "text": "The upload_timeout_s setting is 30 seconds."
            " Large uploads generally need 90 seconds or more on slow networks.",
        },
        # An abbreviation's dots are no code's (review 14 #3).
        {"role": "user", "text": "Do hotels there include breakfast?"},
        {"role": "assistant", "text": "Most hotels, e.g. the Hilton, include breakfast."},
        {"role": "user", "text": "And the airlines?"},
        {"role": "assistant", "text": "Most U.S. airlines charge for checked bags."},
    ]
    assert extract(conversation, [], lambda text: False) == [
        "The upload_timeout_s setting is 30 seconds."
    ]


def test_an_agent_at_work_keeps_what_it_found_where_a_chat_assistant_only_knows_it() -> None:
    """Audit 8: once a tool ran, an assistant's plain present-tense sentences and its list
    are what it found in the user's files, and its "should" is the project's rule: kept.
    Only its guess is dropped. The same answer with no tool in the conversation is a
    chat assistant's general knowledge and advice, which precise11 drops."""
    answer = (
        "Here is what I found:\n- CI runs on Python 3.12.\n- The cache TTL is 300 seconds.\n"
        "The webhook handler retries 5 times with exponential backoff."
        " Payments should go through the Stripe client in payments/client.py."
        " The queue might be slow on Fridays."
    )
    at_work = [
        {
            "role": "user",
            "text": "Can you look into the billing service and tell me what you find?",
        },
        {"role": "tool", "text": "CACHE_TTL = 300  # seconds"},
        {"role": "assistant", "text": answer},
    ]
    assert extract(at_work, [], lambda text: False) == [
        "CI runs on Python 3.12.",
        "The cache TTL is 300 seconds.",
        "The webhook handler retries 5 times with exponential backoff.",
        "Payments should go through the Stripe client in payments/client.py.",
    ]
    chatting = [item for item in at_work if item["role"] != "tool"]
    assert extract(chatting, [], lambda text: False) == []
