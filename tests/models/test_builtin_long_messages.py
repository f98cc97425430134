"""builtin on long messages between people (issue 25 item 1, precise15): a leave-taking
("ok I gotta go pack") is the moment's errand, and a dictated or transcribed run-on ("...
in the rain anyway the boss was great about it") holds several sentences with no full
stop or question mark between them, each read alone. Every sentence here is written for
these tests."""

from __future__ import annotations

import pytest

from memctl.models.facts import split_sentences
from tests.support.conversations import kept_facts

DAY = "2025-07-16T09:00:00+00:00"  # a Wednesday


def chat(*lines: str) -> list[str]:
    """The facts builtin keeps of `lines` ("Name: text"), all said on `DAY`."""
    return kept_facts(lines, DAY)


@pytest.mark.parametrize(
    "leaving",
    [
        "ok I gotta go pack for the trip.",
        "Right, I've got to get up and do my stretches.",
        "I have to run, the landlord is coming round.",
        "I must go, the soup is boiling over.",
        "Anyway I better go and feed the dog.",
        "I have to go to band practice, wish me luck.",
        "Anyway I should let you get some sleep.",
        "I'll let you get on with your evening.",
    ],
)
def test_the_speaker_taking_leave_is_no_fact(leaving: str) -> None:
    """The first person, a verb of obligation and one of leaving: what they leave for
    is this evening's errand. The news before it stays."""
    assert chat(f"Odile: We bought a canal boat in May. {leaving}") == [
        "Odile: We bought a canal boat in May."
    ], leaving


@pytest.mark.parametrize(
    ("plan", "kept"),
    [
        ("I have to go to Leeds for the interview.", "Odile has to go to Leeds for the interview."),
        ("I have to fly out on the 21st.", "Odile has to fly out on 2025-07-21."),
        ("We have to go to the clinic in August.", "Odile: We have to go to the clinic in August."),
    ],
)
def test_leaving_for_a_named_place_or_on_a_day_is_a_plan(plan: str, kept: str) -> None:
    """A named place after the verb, a date or a month makes the leaving a plan."""
    assert chat(f"Odile: {plan}") == [kept]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("We have to sign off every release with Security.", "every release with Security"),
        ("We must go through Priya for any prod change.", "through Priya for any prod change"),
        ("I have to go gluten-free from now on.", "go gluten-free"),
        ("I have to go vegan for my cholesterol.", "go vegan"),
        ("I have to go on dialysis three times a week.", "dialysis three times a week"),
        ("I have to go in for surgery on my knee.", "surgery on their knee"),
        ("I have to go to the hospital for chemo every week.", "chemo every week"),
        ("I have to go to physio twice a week for my back.", "physio twice a week"),
        ("I should go see a cardiologist about my heart.", "see a cardiologist"),
        ("Anyway I should go see a cardiologist about my heart.", "see a cardiologist"),
        ("I have to head off early on Fridays to pick up the kids.", "early on Fridays"),
        ("I have to go back to the office full time.", "back to the office full time"),
        ("I have to run the Berlin marathon for charity.", "Berlin marathon"),
        ("I have to fly economy on work trips.", "fly economy on work trips"),
        ("i have to go to lisbon for work", "lisbon for work"),
        ("I have to go to Lisbon on 2026-03-02.", "Lisbon on 2026-03-02"),
        ("I have to go to Lisbon next week.", "Lisbon in the week of"),
        ("I have to go to Lisbon.", "go to Lisbon"),
        # review 22 #4: a clause of news after the comma, "and" before a rule, a treatment
        ("I have to go to court, the hearing is about the custody of my son.", "custody"),
        ("We have to sign off and countersign every release with Security.", "countersign"),
        ("I have to go to dialysis.", "dialysis"),
        ("I must go to rehab twice a week now.", "rehab twice a week"),
    ],
)
def test_a_leaving_verb_that_goes_on_is_a_rule_or_a_plan(said: str, kept: str) -> None:
    """Review 21 finding 1: the leaving verb must end its clause. Going on with an object,
    a manner or a place in lower case ("sign off every release", "go on dialysis", "go
    vegan", "to lisbon for work") makes a team rule, a health fact or a plan, kept.
    Review 22 finding 4: a comma ends it only before a short afterthought, "and" only
    before a short errand in lower case, and a bare noun after "to" ("to dialysis", "to
    court": an institution, a routine) only when such an afterthought follows."""
    facts = chat(f"Odile: {said}")
    assert any(kept in fact for fact in facts), (said, facts)


@pytest.mark.parametrize(
    "leaving",
    [
        "ok I gotta go pack",
        "I must go, the lasagne is getting cold.",
        "I have to go to the shops.",
        "We have to go now.",
        "I have to head off and cook dinner.",
    ],
)
def test_a_leaving_verb_that_ends_its_clause_is_still_a_goodbye(leaving: str) -> None:
    """The goodbyes of review 21's probes stay dropped: the verb ends its clause, or after
    a closing word "go" takes a short errand."""
    assert chat(f"Odile: {leaving}") == [], leaving


def test_a_run_on_is_split_where_it_turns_to_another_topic() -> None:
    """ "anyway" inside a run-on with no full stop opens a new sentence: the reaction
    before it and the news after it are judged apart, so the news is not cut off at the
    bullet's length."""
    said = (
        "a teacher who restores clocks is my favourite thing I have heard all week anyway "
        "my brother Tobias rang and said he is moving to Galway in October for the job"
    )
    assert split_sentences(said) == [
        "a teacher who restores clocks is my favourite thing I have heard all week",
        "anyway my brother Tobias rang and said he is moving to Galway in October for the job",
    ]
    facts = chat(f"Bram: {said}")
    assert any("Galway" in fact and "October" in fact for fact in facts), facts


@pytest.mark.parametrize(
    ("said", "pieces"),
    [
        (
            "the new flat has a proper kitchen and a view of the river are you still "
            "coming up to visit in the spring",
            [
                "the new flat has a proper kitchen and a view of the river",
                "are you still coming up to visit in the spring",
            ],
        ),
        (
            "congrats to your sister on the new baby that is lovely news have they "
            "picked a name yet",
            [
                "congrats to your sister on the new baby that is lovely news",
                "have they picked a name yet",
            ],
        ),
    ],
)
def test_a_run_on_is_split_where_a_question_starts_by_its_word_order(
    said: str, pieces: list[str]
) -> None:
    """Dictation drops the question mark: an auxiliary before "you" or "they" inside a
    run-on starts a question, dropped as a question is."""
    assert split_sentences(said) == pieces
    assert not any("visit" in fact or "name yet" in fact for fact in chat(f"Bram: {said}"))


@pytest.mark.parametrize(
    ("said", "pieces"),
    [
        (
            "my cousin Ravi finally passed his driving test at the fourth attempt so yeah "
            "he is insufferable about it now",
            [
                "my cousin Ravi finally passed his driving test at the fourth attempt",
                "so yeah he is insufferable about it now",
            ],
        ),
        (
            "no way your brother is opening a bakery in Whitby that's brilliant news tell "
            "him I want the first loaf",
            [
                "no way your brother is opening a bakery in Whitby",
                "that's brilliant news tell him I want the first loaf",
            ],
        ),
        (
            "we are repainting the whole hallway this weekend which is my least favourite "
            "job in the world",
            [
                "we are repainting the whole hallway this weekend",
                "which is my least favourite job in the world",
            ],
        ),
    ],
)
def test_a_run_on_is_split_before_a_summing_up_or_a_comment(said: str, pieces: list[str]) -> None:
    """ "so yeah" sums up what was said; "that's" and "which is" point back at it to
    judge it: each starts a sentence of its own in a run-on with no comma."""
    assert split_sentences(said) == pieces


@pytest.mark.parametrize(
    "said",
    [
        # a comma: the writer punctuates, and the word order is theirs to mark
        "I went to the open day, are you going to apply there too and then tell me all about it",
        # a statement after "is": "the big thing is she got a part"
        "swimming is going great and the other big thing is she got a part in the school play",
        # a question word after a verb of knowing is no question of its own
        "I finally got the scan results back and I know what is going on with my knee now",
        # "anyway" closing its clause, before a conjunction
        "she told me not to bother but I went anyway and it was the best gig of the whole year",
        # short: fifteen words or fewer are left as said
        "that is brilliant anyway I started the new job on Monday",
    ],
)
def test_a_sentence_is_left_whole_without_a_turn(said: str) -> None:
    assert split_sentences(said) == [said]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "We moved the ledger service to Postgres 16 which is hosted by Acme in Frankfurt "
            "since last May",
            "Postgres 16 which is hosted by Acme in Frankfurt",
        ),
        (
            "Dana leads the payments team which is five people now since Omar joined from "
            "Globex in June",
            "since Omar joined from Globex",
        ),
        (
            "My sister Ana works at the hospital which is right next to the station in Porto "
            "where she lives",
            "the station in Porto",
        ),
        (
            "Lena runs the only team that's allowed to deploy to production on Fridays "
            "without a sign off",
            "the only team that's allowed to deploy",
        ),
        (
            "The guest wifi password for the Oslo office btw is hunter22 and it changes every "
            "quarter",
            "Oslo office is hunter22",
        ),
    ],
)
def test_a_relative_clause_with_a_name_or_number_is_not_split_off(said: str, kept: str) -> None:
    """Review 21 finding 4: "which is" or "that's" followed by a name or a number opens a
    relative clause carrying the news, not a comment on what was said; "btw" before a verb
    sits inside its sentence. One sentence, kept whole, the value with it."""
    assert split_sentences(said) == [said]
    facts = chat(f"Ben: {said}")
    assert any(kept in fact for fact in facts), facts


def test_btw_before_a_subject_still_turns_the_topic() -> None:
    """ "btw" followed by its own subject starts a sentence, as before."""
    said = (
        "the flat hunt is going slowly and the rents are silly btw my sister Ana got the job "
        "at the hospital in Porto"
    )
    assert split_sentences(said) == [
        "the flat hunt is going slowly and the rents are silly",
        "btw my sister Ana got the job at the hospital in Porto",
    ]
