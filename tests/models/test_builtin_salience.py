"""builtin's flush budget (issue 25 item 1, salience15): a long block keeps what a reader
would remember, within a budget that grows with its size; rules and decisions are never
cut, and an agent at work is not budgeted. Every sentence here is written for these
tests."""

from __future__ import annotations

from typing import Any

from memctl.models.builtin import BuiltinModel, is_own_reply
from memctl.models.facts import extract, facts_told
from memctl.models.interface import Request
from memctl.models.salience import MIN_KEPT, budget, within_budget

DAY = "2025-03-12T09:00:00+00:00"  # a Wednesday

CATCH_UP = [
    "Ana: Big news first, I started the new job at Northgate Labs on Monday.",
    "Ben: Northgate Labs! How is the new job so far?",
    "Ana: The job is good, my manager Ruth is kind and the office is near the river.",
    "Ben: That sounds like a good fit for you.",
    "Ana: The coffee there is terrible though.",
    "Ben: Ha. My sister Clara is moving to Lisbon in May for a teaching post.",
    "Ana: Lisbon in May, lucky Clara! Is she taking the cat?",
    "Ben: She is taking the cat, yes, it flies with her.",
    "Ana: I painted the hallway a pale green last weekend.",
    "Ben: Nice.",
    "Ana: The rain was awful all week here.",
    "Ben: Same here, grey and wet.",
    "Ben: I bought a used bike for 300 pounds on Saturday.",
    "Ana: A bike for 300 pounds is a good price. What kind?",
    "Ben: A blue road bike, an old Peugeot.",
    "Ana: I watched a silly film last night.",
    "Ben: Which one?",
    "Ana: I forget the name, it was about a heist.",
    "Ben: Our landlord is raising the rent by 50 pounds from April.",
    "Ana: Ugh, 50 pounds more from April is a lot.",
    "Ben: My knee surgery is booked for the 2nd of April at St. Mary's Hospital.",
    "Ana: Surgery on the 2nd of April, I will visit you at St. Mary's.",
    "Ana: I made pancakes this morning.",
    "Ben: Yum.",
    "Ana: My brother Tom got engaged to Priya last Friday.",
    "Ben: Tom and Priya engaged, that is lovely news!",
    "Ben: The traffic was slow today.",
    "Ana: It always is on Wednesdays.",
    "Ben: I feel tired lately, honestly.",
    "Ana: Get some rest.",
    "Ana: The sky looked pretty this evening.",
    "Ben: It really did.",
    "Ben: I finished reading a long novel.",
    "Ana: Was it good?",
    "Ben: It was fine, a bit slow in the middle.",
    "Ana: Talk soon then.",
]


def said(lines: list[str]) -> list[dict[str, Any]]:
    """`lines` ("Name: text") as a flush payload's conversation: Ana is the user."""
    conversation = []
    for line in lines:
        name, _, text = line.partition(": ")
        role = "user" if name == "Ana" else "assistant"
        conversation.append({"role": role, "name": name, "text": text, "ts": DAY})
    return conversation


def flushed(conversation: list[dict[str, Any]]) -> list[str]:
    payload = {"conversation": conversation, "memory": "", "ledger": ""}
    text = BuiltinModel().complete(Request("flush", [], payload)).text
    return [line[2:] for line in text.splitlines() if line.startswith("- ")]


def test_the_budget_grows_with_the_square_root_of_the_block() -> None:
    """Two bullets a square root of the block's messages, never under `MIN_KEPT`: what
    a conversation states grows slower than its length."""
    assert budget(4) == MIN_KEPT
    assert budget(36) == 12
    assert budget(100) == 20
    assert budget(400) == 40


def test_a_long_catch_up_keeps_its_dated_named_facts_and_leaves_the_moment_out() -> None:
    """Of 36 messages the rules keep more than the budget (12); the flush keeps the
    facts anchored by a date, a name, a number or a relation, and leaves out what is
    the moment's news ("this morning", "today") or colour with nothing to anchor it."""
    conversation = said(CATCH_UP)
    every = extract(conversation, [], lambda text: False)
    kept = flushed(conversation)
    assert len(every) > budget(len(CATCH_UP)) == len(kept)
    for fact in (
        "Ana started the new job at Northgate Labs on 2025-03-10.",
        "Ben's sister Clara is moving to Lisbon in May for a teaching post.",
        "Ben bought a used bike for 300 pounds on 2025-03-08.",
        "Ben's knee surgery is booked for 2025-04-02 at St. Mary's Hospital.",
        "Ana's brother Tom got engaged to Priya on 2025-03-07.",
    ):
        assert fact in kept
    for moment in (
        "Ana made pancakes on 2025-03-12.",
        "Ben: The traffic was slow on 2025-03-12.",
        "Ben finished reading a long novel.",
    ):
        assert moment in every
        assert moment not in kept
    # What is kept keeps the order it was said in.
    assert kept == [fact for fact in every if fact in kept]


def test_a_decision_or_an_order_is_never_cut_however_little_it_names() -> None:
    """A decision ("we decided") and an order (a bullet opening on "always", "never",
    "don't", or saying so after a label: "One more rule: never ...") rank above every
    other fact: kept even where the budget is full of dated, named facts; "Ana never
    learned to swim" orders nothing and competes as any fact."""
    facts = [f"Ben's cousin Ravi{n} moved to Porto on 2025-03-0{n % 9 + 1}." for n in range(13)]
    facts += [
        "Ana: We decided to keep the wedding small.",
        "Ana: Never book the early ferry.",
        "Ana: One more rule: never suggest cloud services.",
        "Ana never learned to swim.",
    ]
    conversation = said([f"{('Ana', 'Ben')[n % 2]}: line {n}." for n in range(16)])
    kept = within_budget(facts, conversation)
    assert "Ana: We decided to keep the wedding small." in kept
    assert "Ana: Never book the early ferry." in kept
    assert "Ana: One more rule: never suggest cloud services." in kept
    assert "Ana never learned to swim." not in kept
    # They take their places in the budget first: the rest is filled by salience.
    assert len(kept) == budget(16)


def test_an_agent_at_work_one_voice_and_a_short_exchange_are_not_budgeted() -> None:
    """A tool ran: the block is an agent's work, whose facts are all kept; so are the
    facts of one voice alone (notes, a list dictated) and of a short block; a long block
    whose facts fit its budget keeps them all."""
    facts = [
        f"The build of service{n} on port 80{n:02} passes on 2025-03-1{n % 9}." for n in range(20)
    ]
    working = said([f"{('Ana', 'Ben')[n % 2]}: step {n}." for n in range(30)])
    working.insert(1, {"role": "tool", "text": "ok", "ts": DAY})
    assert within_budget(facts, working) == facts
    assert within_budget(facts, working[:1] + working[2:]) != facts
    notes = said([f"Ana: note {n}." for n in range(30)])
    assert within_budget(facts, notes) == facts
    short = said(CATCH_UP[:6])
    assert within_budget(facts, short) == facts
    long = said(CATCH_UP[:20])
    assert within_budget(facts[: budget(20)], long) == facts[: budget(20)]
    assert within_budget(facts, long) != facts


def test_a_fact_the_listener_takes_up_outranks_one_that_passes_without_a_word() -> None:
    """Two facts alike in form; the one the other speaker answers with its words ("How
    is the pottery class?") is kept, the one nobody takes up is left out."""
    lines = [f"Ben: filler message {n}." for n in range(16)]
    # The one nobody takes up is said first, alike in words: the order said alone would
    # keep it.
    lines[3] = "Ana: I joined a choir at the church hall."
    lines[4] = "Ben: Cool."
    lines[9] = "Ana: I joined a band at the youth club."
    lines[10] = "Ben: How is the band at the youth club going?"
    facts = [
        f"Ben's aunt Zoe{n} flew to Oslo on 2025-03-0{n % 9 + 1}." for n in range(MIN_KEPT - 1)
    ]
    facts += ["Ana joined a choir at the church hall.", "Ana joined a band at the youth club."]
    kept = within_budget(facts, said(lines))
    assert "Ana joined a band at the youth club." in kept
    assert "Ana joined a choir at the church hall." not in kept


def test_memory_flush_budget_false_keeps_every_fact_the_rules_read(cli, workspace) -> None:
    """`memory.flush_budget: false` in memctl.yaml: the same long chat's flush writes every
    fact its rules read, where the default writes the budget's share of them."""
    import json

    import yaml

    def ledger_bullets(budgeted: bool) -> list[str]:
        root = workspace / ("budgeted" if budgeted else "all")
        assert cli("init", root).exit_code == 0
        settings: dict[str, Any] = {"timezone": "UTC"}
        if not budgeted:
            settings["memory"] = {"flush_budget": False}
        (root / "memctl.yaml").write_text(yaml.safe_dump(settings))
        lines = "".join(
            json.dumps({"role": m["role"], "name": m["name"], "content": m["text"], "ts": DAY})
            + "\n"
            for m in said(CATCH_UP)
        )
        assert cli("-w", root, "thread", "append", "chat", "-", input=lines).exit_code == 0
        run = cli("-w", root, "flush")
        assert run.exit_code == 0, run.stderr
        ledgers = sorted((root / "memory").glob("*.md"))
        return [line for line in ledgers[-1].read_text().splitlines() if line.startswith("- ")]

    budgeted, every = ledger_bullets(True), ledger_bullets(False)
    assert len(budgeted) == budget(len(CATCH_UP)) < len(every)
    assert set(budgeted) < set(every)


def test_a_short_block_and_the_users_name_are_never_cut() -> None:
    """The README's demo (11 messages, 10 facts) keeps every fact: a block under
    `LONG_BLOCK` messages is not budgeted. In a long one the user's name is kept as a
    rule is: a later flush of the thread reads it from the ledger to name the user."""
    from memctl.models.salience import LONG_BLOCK

    facts = [f"Ben's cousin Ravi{n} moved to Porto on 2025-03-0{n % 9 + 1}." for n in range(14)]
    short = said([f"{('Ana', 'Ben')[n % 2]}: line {n}." for n in range(LONG_BLOCK - 1)])
    assert within_budget(facts, short) == facts
    long = said([f"{('Ana', 'Ben')[n % 2]}: line {n}." for n in range(LONG_BLOCK)])
    named = ["The user's name is Ana.", *facts]
    kept = within_budget(named, long)
    assert len(kept) == budget(LONG_BLOCK) and "The user's name is Ana." in kept


def test_a_users_own_life_survives_the_budget_of_a_chat_with_an_ai_assistant() -> None:
    """Review 20 #1, review 23 H3/H4: what a user tells an assistant ("I have celiac
    disease", "The user has ADHD.", "We deploy with ArgoCD.") names no date, number or
    other person and would rank last; in a chat with an AI assistant (the assistant role
    unnamed, or named as one: "Assistant", "ChatGPT") none of what the user said is cut,
    though the chat is budgeted on the assistant's side. Between two people, one of them
    in the assistant role under a person's name, it is ranked as any other fact."""
    facts = [f"Ravi{n} opened a bakery in Porto on 2025-03-0{n % 9 + 1}." for n in range(14)]
    own = ["The user has celiac disease.", "The user has ADHD.", "We deploy with ArgoCD."]
    people = said([f"{('Ana', 'Ben')[n % 2]}: line {n}." for n in range(20)])
    assert not set(own) & set(within_budget([*facts, *own], people))
    for name in (None, "Assistant", "ChatGPT"):
        chat = [dict(item) for item in people]
        for item in chat:
            if item["role"] == "assistant":
                item.pop("name")
                if name:
                    item["name"] = name
        told = [*facts, *own]  # every fact told by the user (the first message)
        assert within_budget(told, chat, [0] * len(told)) == told, name
        # Told by the assistant (the second message), the same facts are cut to the room.
        kept = within_budget(told, chat, [1] * len(told))
        assert len(kept) == budget(20), name


MEALS = [
    "Hi, I need help planning meals for the week.",
    "Happy to help. Do you have any dietary needs I should keep in mind?",
    "I have celiac disease.",
    "Aldi and Lidl both sell certified gluten-free oats for under 2 pounds a bag.",
    "I'm vegetarian too.",
    "Lentils give about 18 grams of protein per cooked cup, and chickpeas about 15 grams.",
    "My sister Maya lives in Leeds.",
    "Buckwheat gives about 6 grams of protein per cooked cup.",
    "I work night shifts as a nurse.",
    "Brown rice gives about 5 grams of protein per cooked cup.",
    "I hate mushrooms.",
    "Oat groats give about 7 grams of protein per cooked cup.",
    "I bought a rice cooker on Saturday for 40 pounds.",
    "Coeliac UK publishes a food directory of gluten-free products every January.",
    "What about snacks?",
    "Hummus with carrot sticks has about 8 grams of protein per 100 grams.",
    "Okay.",
    "The NHS recommends 45 grams of protein a day for most adult women.",
    "Anything else?",
    "Rice cakes with peanut butter make a 200 calorie snack.",
    "Thanks.",
    "Schar sells gluten-free crackers in Tesco for 2 pounds a box.",
    "Good night.",
    "Roasted chickpeas keep for 5 days in an airtight jar.",
]
"""A user telling an AI assistant of their life, the assistant answering with figures."""


def test_the_assistants_figures_do_not_fill_the_ledger_of_a_long_chat() -> None:
    """A long chat with an AI assistant is budgeted: all the user told of their life is
    kept (and the rice cooker they bought), and of the assistant's figures only what
    room is left: the budget is not spent on its answers of the moment."""
    conversation = [
        {"role": ("user", "assistant")[n % 2], "text": text, "ts": DAY}
        for n, text in enumerate(MEALS)
    ]
    told = {
        each.fact: conversation[each.item]["role"]
        for each in facts_told(conversation, [], is_own_reply)
    }
    kept = flushed(conversation)
    users = [fact for fact, role in told.items() if role == "user"]
    assert users == [
        "The user has celiac disease.",
        "The user is vegetarian too.",
        "The user's sister Maya lives in Leeds.",
        "The user works night shifts as a nurse.",
        "The user hates mushrooms.",
        "The user bought a rice cooker on 2025-03-08 for 40 pounds.",
    ]
    assert set(users) <= set(kept) and len(kept) == budget(len(MEALS)) < len(told)
    assert "Buckwheat gives about 6 grams of protein per cooked cup." not in kept


def test_what_the_user_takes_up_of_the_assistants_answer_is_kept() -> None:
    """What the assistant says is cut first, unless the user's next message takes it up
    ("ok, let's go with the 3-day plan"); a rule-shaped piece of its advice ("make sure
    ...") is no rule the user set, and the user's own facts are never cut."""
    lines = [f"line {n}." for n in range(16)]
    lines[9] = "Here is a plan: dal and tofu stir-fry."
    lines[10] = "Ok, let's go with the plan with the dal."
    lines[11] = "Make sure to soak the beans for 8 hours before the chilli."
    roles = ("user", "assistant")
    conversation = [{"role": roles[n % 2], "text": text, "ts": DAY} for n, text in enumerate(lines)]
    users = [f"The user painted the {room} pale green." for room in ROOMS[:4]]
    # Asides that outrank the plan on salience (a name, a place, a date each).
    asides = [f"Ravi{n} opened a bakery in Porto on 2025-03-0{n + 1}." for n in range(4)]
    plan = "Here is a plan: dal and tofu stir-fry."
    advice = "Make sure to soak the beans for 8 hours before the chilli."
    told = [*users, *asides, plan, advice]
    said_in = [0] * len(users) + [1, 3, 5, 7] + [9, 11]
    kept = within_budget(told, conversation, said_in)
    assert set(users) <= set(kept) and plan in kept and advice not in kept
    assert len(kept) == budget(16) < len(told)
    # Not taken up, the plan is an aside as the advice is.
    conversation[10] = {"role": "user", "text": "line 10.", "ts": DAY}
    kept = within_budget(told, conversation, said_in)
    assert set(users) <= set(kept) and plan not in kept and len(kept) == budget(16)


ROOMS = ["hall", "kitchen", "attic", "porch", "study", "pantry", "landing", "cellar"]


def test_a_durable_relation_and_fewer_fillers_outrank_colour_of_the_same_shape() -> None:
    """Two facts alike in length and anchors: the one stating a durable relation (a
    sister, a job) is kept over colour; of two alike but for filler words, the one with
    fewer is kept. Each is said after its rival, so the order said would keep the rival."""
    lines = said([f"{('Ana', 'Ben')[n % 2]}: line {n}." for n in range(16)])
    anchored = [f"Ben's cousin Ravi{n} moved to Porto on 2025-03-0{n % 9 + 1}." for n in range(7)]
    colour = "Ana painted the back garden fence and old shed pale green."
    relation = "Ana's sister started a new job at the garden centre."
    kept = within_budget([*anchored, colour, relation], lines)
    assert relation in kept and colour not in kept
    filler = "Ana really loves the quiet old library in town, honestly, so much."
    plain = "Ana reads old novels at the quiet library."
    kept = within_budget([*anchored, filler, plain], lines)
    assert plain in kept and filler not in kept


def test_a_fact_is_ranked_as_said_by_the_message_it_was_read_from() -> None:
    """`said_in` says which message a fact was read from: what the user said of their own
    life is kept, though the assistant's answer after it repeats more of its words."""
    lines = [f"line {n}." for n in range(16)]
    lines[2] = "Honestly, mushrooms? I hate them."
    lines[3] = "Noted: the user hates mushrooms, so the user gets no mushrooms."
    roles = ("user", "assistant")
    conversation = [{"role": roles[n % 2], "text": text, "ts": DAY} for n, text in enumerate(lines)]
    users = [f"The user painted the {room} pale green." for room in ROOMS]
    own = "The user hates mushrooms."
    kept = within_budget([*users, own], conversation, [0] * len(users) + [2])
    assert own in kept
