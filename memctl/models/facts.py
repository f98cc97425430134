"""builtin's fact extraction: which sentences are durable facts, told by whom and when.

Rules, not a model. A sentence is kept when it states something that will still be
true or useful later: an event with a time, a named person, place or thing, a
relation ("my sister"), a quantity, a plan, a preference, possession, identity or job,
or one of the old signal words ("decided", "remember"). Greetings, thanks, questions
(with their mark or by word order alone), reactions ("that's awesome!"), wishes,
compliments and advice to the listener, guesses, quotations, unanchored negations ("I
don't have a big ego"), wishes for what is not so, sayings about everybody, jokes told
of no one present, the listener's echo of what was just said and an assistant speaking
of its own nature are dropped.

An AI assistant's answer (role assistant, no name) is no fact about anyone where it
offers: its list's lead-in, the items of its list that are options or steps, its
exclamations, what may or would be so, what it says of itself, and what it knows in the
present of nobody's doing ("The train takes about two hours"), and what it is doing
this minute ("Let me read app/auth.py", "Running the tests against db7", "All 40 tests
pass"); its results, plans and decisions stay. An agent's step by its number ("step 3:
run shell", "Step 3 done.") is none either, whoever says it: the number orders the
session's steps and counts nothing (what follows the label is judged alone). The person
it helps tells of their life in passing ("I already use a stand", "my knee hurt after
the last run"), and that is kept where small talk between two people would be
dropped; their orders for the session ("Please fix the failing test") are not, their
rules are ("Always run ruff before committing", "We use uv, not pip": the alternative
rejected is a choice, not a negation). A conversation naming no one is a person and an
assistant, whichever of them it holds.

Rules rather than a tagger: what decides junk here is discourse (who is addressed,
quoted, guessed about), which a part-of-speech tagger does not tell; the small English
inflection library (lemminflect) needs numpy, and the taggers need a model downloaded
at run time or a large model wheel.

What is kept is rewritten to stand alone: the speaker's name replaces "I", "me" and
"my" (with the verb agreeing: "I love" -> "Caroline loves"), a fact that still names
nobody is prefixed with its speaker, and relative dates are resolved against the
message's `ts` and written once, as the date they mean: "yesterday" said on 2023-05-08
is "on 2023-05-07". Neither the phrase nor the day it was said is repeated beside it:
the ledger block's heading already says when its entries were said (` · said ...`, or
the daily file's own day), and every bullet of a ledger is paid for in every
consolidation and recall. For the same reason a bullet keeps only what bears the fact:
fillers (emoji, laughter, "honestly", a set-off "you know") and a clause that says
nothing alone ("..., I'm so nervous") are left out.

A message may hold anything, a run of 20,000 spaces too. A pattern opening on spaces
starts only where their run starts (a lookbehind: no space before it): tried at each
space, it read the rest of the run each time (quadratic: 13 CPU-s for one flush), and a
match from inside the run would have matched from its start, which is tried first.
"""

from __future__ import annotations

import re
from calendar import monthrange
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from functools import partial
from typing import Any

from memctl.core.forgotten import PICTOGRAPHS, holds_mask
from memctl.core.lexicon import HAN_COMMON
from memctl.core.said import MONTHS, WEEKDAYS, ai_assistant
from memctl.models.foreign import (
    closed,
    continues,
    first_person,
    german_third_person,
    name_stated,
    states,
    told_apart,
)
from memctl.models.language import ENGLISH, language
from memctl.models.words import ASIDE as _FIXED_ASIDE
from memctl.models.words import (
    CALLED_KIN,
    PERSON_AFTER,
    PERSON_BEFORE,
    SAID_ON,
    content_words,
    kin_pattern,
    kin_words,
    person,
    taken_words,
)
from memctl.models.words import FILLER as _FILLER
from memctl.models.words import LABELS as _LABELS
from memctl.models.words import STOP as _STOP
from memctl.models.words import WORD as _WORD


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_DIGITS = re.compile(r"\d|\$|€|£|%")
_NUMBER_WORD = re.compile(
    r"\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
    r"forty|fifty|hundred|thousand|million|dozen)\b",
    re.I,
)
"""A number in words anchors only what the speaker says of themself ("I have two
cats"): in anything else it is as likely a story or a saying ("Two vultures boarded a
plane"). "One" is left out: it is a pronoun more often than a count."""
_CAPITAL = re.compile(r"(?<![.!?]\s)(?<!^)\b(?!I['’])([A-Z][a-zA-Z'’-]+|[A-Z]{2,}\w*)")
_OWN = r"(?<!\bmy )(?<!\bour )(?<!\btheir )(?<!\bhis )(?<!\bher )(?<!\byour )(?<!\bits )owns?"
"""The verb "own" ("I own a boat"), not the word that only stresses a possessive ("our
own feelings")."""
_RELATION = re.compile(
    rf"\b(?:{kin_pattern()}|boss|manager|colleague|co-?worker|teammates?|neighbou?r|"
    r"dog|cat|pet|puppy|kitten|team|"
    rf"{_OWN}|leads?|reports? to|married|mentor|client|customer)\b",
    re.I,
)
"""A relation: kin (`words.KIN`), someone one works with or for, a pet, ownership."""
_GENERIC_KIN = re.compile(
    r"^(?:(?:a|an|every|each|any|all|most|some|many|no)\s+)?"
    r"(?!(?:my|our|his|her|their|your|its|the|this|that|these|those|"
    rf"{'|'.join(sorted(CALLED_KIN))})\b)(?:(?![\w-]+'s\b)[a-z][\w-]*\s+)?"
    rf"(?:{kin_pattern()}|boss(?:es)?|manager|colleague|co-?worker|teammate|neighbou?r|"
    r"dog|cat|pet|pupp(?:y|ies)|kitten|mentor|client|customer)s?\b",
    re.I,
)
"""A sentence opening on a relation said of anyone ("Kids grow up so fast", "A good
boss makes all the difference", "Every family has its drama"): a saying, which that
relation does not anchor; "my sister", "Mel's kids", "the dog" and "Mom" are
someone's."""


_CUE = re.compile(
    r"\b(?:love[sd]?|(?<!sounds )(?<!looks )(?<!feels )(?<!seems )like[sd]?|enjoy(?:s|ed)?|prefer\w*|hate[sd]?|favou?rite|fan of|"
    r"can't stand|going to|gonna|plan(?:s|ned|ning)? to|intend\w*|want to|hoping to|"
    r"hope to|thinking (?:about|of)|decid\w*|decision|agreed|chose|settled|remember|"
    r"deadline|due|budget|limit|always|never|every|usually|work(?:s|ed|ing)? (?:at|as|for|on)|"
    rf"job|career|stud(?:y|ies|ied|ying)|graduat\w*|degree|bought|{_OWN}|adopted|married|"
    r"born|birthday|anniversary|allergic|vegan|vegetarian|transgender|must|should|collect\w*)\b",
    re.I,
)
_WEAK_CUE = re.compile(
    r"\b(?:will|'ll|have|has|had|got|went|visited|moved|started|finished|joined|met|won|lost|"
    r"signed|took|made|built|shipped|launched|released|live[sd]?|school|college|university|"
    r"listen(?:s|ed)? to|play(?:s|ed)?)\b",
    re.I,
)
_SIGNALS_CJK = re.compile(r"决定|偏好|喜欢|记住|总是|从不|不要|必须|截止|使用")
_GREETING = re.compile(
    r"^(?:hi|hello|hey|heya|yo|thanks|thank you|thank u|thx|ty|bye|goodbye|good (?:morning|night|"
    r"evening|afternoon)|(?:nice|pleased|good) to (?:meet|see|hear)|welcome|see you|talk (?:soon|later)|take care|cheers|congrat\w*)\b",
    re.I,
)
_QUESTION = re.compile(
    r"^(?:(?:what|how|why|where|who|which)(?:'s|\s+(?:is|are|was|were|do|does|did|about|kind|"
    r"if|can|could|would|should|will)\b)"
    r"|(?:do|does|did|is|are|can|could|would|will|should|have|has)\s+"
    r"(?:you|we|they|i|it|he|she|there)\b"
    r"|(?:what|how|why|where|who|which|when)(?:\s+[\w']+){0,2}?\s+(?:you|your|u)\b"
    r"|(?:what|how|why|where|who|which)\s+(?!(?:I|I'm|I've|we|my|our|me)\b)[\w']"
    r"|(?:is|are|was|were|do|does|did|can|could|would|will|should|have|has|may|might)\s+"
    r"(?!(?:not|is|was|has|and)\b)[\w']+\b(?![,'])"
    r"|(?:isn|aren|wasn|weren|don|doesn|didn|can|couldn|won|wouldn|shouldn|haven|hasn)['’]t\s+"
    r"(?:you|we|they|I|it|he|she|there|that|this|the|your|his|her|their|(?-i:[A-Z])\w+)\b"
    r")",
    re.I,
)
"""A question, with its mark or without: "what makes you sad" asks as much as "What
makes you sad?", and "Who wrote Hamlet" or "Is Python fun" are asked by their word
order alone, and "Wasn't he at the party" by its negated verb before a subject. An
opening that says what is the speaker's ("What I love is hiking") or a name ("Will is my
brother") asks nothing."""
_ASKED_IF = re.compile(
    r"^(?:(?:so|and|but|also|hmm+|ok|okay|btw|just|quick\s+q\w*)[,:\s-]+)*"
    r"(?:(?:any|no|some)\s+idea|no\s+clue|(?:i['’]?m\s+|i\s+am\s+)?(?:just\s+)?"
    r"(?:wondering|curious|unsure|not\s+sure)|i\s+wonder|(?:does\s+)?any(?:one|body)\s+know|"
    r"(?:do|does)\s+(?:you|we|u)\s+know|i\s+(?:don['’]?t|do\s+not)\s+know|dunno|unclear)"
    r"\s+(?:if|whether)\b",
    re.I,
)
"""A question asked as what the speaker does not know, its mark often dropped ("any
idea if it needs VPN", "wondering whether staging is up"): the clause after "if" or
"whether" is asked, not told."""
_WISH = re.compile(
    r"^(?:good luck|best of luck|happy (?:birthday|anniversary|holidays|new year|"
    r"thanksgiving|\w+day)|have (?:a|an|fun)\b|enjoy|get well|safe travels|hang in there|"
    r"fingers crossed|keep (?:it up|me posted|us posted|going)|say hi|tell \w+ (?:I said )?hi|"
    r"let me know|no doubts?|no worries|(?:do not|don't) worry|of course|"
    r"(?:please )?(?:tell|show|give|teach|make) "
    r"(?:me|us)\b)",
    re.I,
)
"""Wishes and requests addressed to the listener ("Good luck with the interview on
Friday!", "Tell me a joke"): whatever they name, they tell nothing of anyone."""
_ABOUT_SPEAKER = re.compile(
    r"\b(?:I|I'm|I've|I'll|I'd)\b|\b(?i:my|me|mine|myself|we|we're|we've|we'll|our|us)\b"
)
"""The speaker or their group, whatever the case ("We got a piano", "my sister")."""
_HEDGE = re.compile(
    r"^(?:i (?:think|believe|guess|suppose|wonder|doubt|wish|feel|imagine|bet|dream|may|might|"
    r"could)|i'?m feeling|i am feeling|maybe|perhaps|probably)\b",
    re.I,
)
"""An opinion, a feeling or a possibility of the moment ("I'm feeling like I've lost
all my money", "I may be able to learn"): unanchored, no fact."""
_MAYBE_FUTURE = re.compile(
    r"^(?:(?:maybe|perhaps)\s+(?:I|we)(?:'ll|\s+will|\s+could|\s+might|\s+may)"
    r"|(?:I|we)\s+(?:might|may|could\s+maybe|could\s+possibly)"
    r"|(?:I|we|(?-i:[A-Z])[\w'-]+)(?:'d|\s+would)\s+(?:have|need)\s+to)\b",
    re.I,
)
"""A possibility, not a plan ("I might go to Lisbon in May", "Maybe we'll get a dog in
the spring", "I'd have to ask my boss"), whatever date it names: "I'm going to" and "I
plan to" are plans."""
_COUNTERFACTUAL = re.compile(
    r"^(?:i|we) wish\b|^if only\b|^i'?d rather be\b"
    r"|^(?:i|we) (?:thought|assumed)\b(?!\s+(?:about|of)\b)|^if\b"
    r"|^.*?\bwould(?:n't| not)? have (?!to\b)"
    r"|^(?:i|we) (?:feel|felt|'m feeling|am feeling|'re feeling|are feeling)\b"
    r"|^(?:i'm|i am|we're|we are)\s+(?:just\s+)?(?:eating|drinking|watching|sitting|lying|"
    r"waiting|chilling|relaxing|heading|listening|playing|baking|cooking|having|wearing|"
    r"getting ready|going to (?:bed|sleep))\b|^.*?\b(?:right now|as we speak)\b"
    r"|^(?:i|we) (?:have|had|got|'ve got) (?:a|one|another) (?:quick |small |big |huge )?"
    r"(?:question|favou?r to ask)\b"
    r"|^(?:idk|i\s+(?:don't|dont|do not)\s+know|(?:i'm\s+|i am\s+)?not sure|no idea)\s+"
    r"(?:if|whether)\b(?![^,;]*[,;]\s*(?:but\s+)?(?:i|we)\b)",
    re.I,
)
"""A wish for what is not so ("I wish I was the Mad Hatter", "If only I could fly"), a
belief just corrected ("I thought it was November 3"), what would follow if ("If I get
the grant, I'll hire two people") or would have been ("Gran would have laughed"), the
moment's mood ("I feel about ninety today") or a question announced ("I have a question
for you"), or what the speaker does not know ("idk if I'll go", "I don't know whether Lena
will take the job"), whatever it names."""
_EVERYONE = re.compile(
    r"^(?:we(?:'re| are)? all|all of us|we humans|we (?:all )?have to|everyone|everybody)\b",
    re.I,
)
"""A "we" that means everybody: a saying, not the speaker's group; it is a fact only
with something to anchor it ("We all went to Lisbon in May")."""
_IMPERATIVE = re.compile(
    r"^(?:(?:please|just|definitely|maybe|oh|and)\s+)*(?:(?:don't|do not|never)\s+)?"
    r"(?:(?:save|send|grab|try|check|pick|come|stop|bring|ask|go|say|give|take|make sure|"
    r"start (?:with|by)|get|keep|wait|look|remind|buy|listen|join|visit|forget|mention|find|"
    r"follow|swing|drop|ping|skip|avoid|pack|tell|show|enjoy|invite|feed)\b(?!['-])"
    r"|let['’]?s\b"
    r"|(?:call|text|email|message|book|order|drive|walk|watch|head|treat)\s+"
    r"(?:(?:me|us|him|her|them|it|the|a|an|your|my|some|out)\b|(?-i:[A-Z])))",
    re.I,
)
"""A sentence opening on a verb in the imperative ("Save me one with a dog on it", "Don't
mention the proposal to Lena"): advice or a request to the listener, whatever it names.
"Let's plan it on Sunday" proposes, and tells nothing yet.
A verb that is also a noun ("Book club is on Thursdays", "Call with the client went
well") is one only before its object ("Book the hotel", "Call Mel").
Verbs whose past is the same word ("read", "put", "hit") are left out: "Read a great
book on Monday" is the speaker's news told without its "I"."""
_WD_NAMES = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_STAY_IN_TOUCH = re.compile(
    r"^I(?:'ll|\s+will|\s+can|\s+could)\s+(?:let (?:you|u) know|keep (?:you|u) (?:posted|"
    r"updated|in the loop)|get back to (?:you|u)|talk to (?:you|u)|(?:call|text|message|ping|"
    r"email|see|catch|send|show|update)\s+(?:you|u)\b|tell \w+ (?:you said|hi|hello)\b)",
    re.I,
)
"""The conversation arranging itself ("I'll let you know how it goes", "I'll text you
the address"): nothing to remember about anyone."""
_HANDED_OVER = re.compile(
    r"^I(?:['’]ll|\s+will|(?:['’]m|\s+am)\s+(?:just\s+)?going\s+to)\s+(?:just\s+)?"
    r"(?:pass|transfer|put|hand)\s+(?:you|u)\s+(?:(?:through|over|back)\s+)?to\b",
    re.I,
)
"""The call or chat handed on ("I'm just going to transfer you to my colleague in
billing, please hold", "I'll pass you to our retention team", "I'll put you through to
Mum"): the conversation arranging itself, as a helpdesk agent or a phone does; what the
next one says is the news."""
_SYMPATHY = re.compile(
    r"^I\s+(?:(?:completely|totally|fully|really|can|do)\s+)*(?:understand|imagine|appreciate)"
    r"\s+how\s+[\w'’-]+\s+(?:that|this|it)\s+(?:must\s+be|is|has\s+been|must\s+have\s+been)"
    r"\W*$",
    re.I,
)
"""Sympathy said as a formula ("I understand how frustrating that must be", "I can
imagine how stressful this is"): a reply to the other's news, of no one."""
_WELCOMED = re.compile(
    r"^(?:(?:hi|hello|hey)\W+(?:and\s+)?)?(?:(?:(?:mr|mrs|ms|miss|dr)\.?\s+)?[A-Z][\w'’-]+,\s+)?"
    r"welcome\s+(?:back\s+)?(?:to|after|from)\s+[^,;:]*$",
    re.I,
)
"""A welcome and where to ("Hello and welcome to Harbourline Energy live chat!", "Welcome
back after half term."): a greeting however many words it names; with a clause after it
("Welcome to the team, Rhian starts Monday") the clause is news."""
_AFTERTHOUGHT = r"\s*,(?:\s+[^\s,;]+){1,6}\s*$"
"""A comma and a short afterthought closing the sentence, six words at most ("..., the soup
is boiling over.", "..., wish me luck."): an excuse or a wish, not a clause of its own news
("..., the hearing is about the custody of my son.")."""
_CLAUSE_ENDS = r"(?:\s*(?:$|[.!;…—–])|" + _AFTERTHOUGHT + ")"
"""Where a leaving clause ends: the sentence ends, or a short afterthought follows it."""
_LEAVING = re.compile(
    r"^(?:(?:ok|okay|right|well|anyway|anyways|sorry|ah|oh|so)\b[\s,]*)*"
    r"(?:I|we)(?:['’]ve|['’]d)?\s+(?:really\s+|just\s+)?"
    r"(?:have\s+to|has\s+to|got\s+to|gotta|must|better|should|ought\s+to)\s+"
    r"(?:go|run|dash|scoot|fly|head\s+off|get\s+going|get\s+up|love\s+(?:you|u)\s+and\s+leave|"
    r"sign\s+off|log\s+off)\b(?!\s+(?:to|back\s+to|into|in|on|for)\s+(?:the\s+)?(?-i:[A-Z0-9]))"
    r"(?=" + _CLAUSE_ENDS + r"|\s+(?:now|soon|home)\b"
    r"|\s+and(?:\s+(?-i:[a-z])[^\s,;]*){1,4}\s*(?:$|[.!…])"
    r"|\s+to\s+the\s+[a-z]+(?:\s+[a-z]+)?" + _CLAUSE_ENDS + r""
    r"|\s+to\s+[a-z]+(?:\s+[a-z]+)?" + _AFTERTHOUGHT + r")"
    r"|^(?:(?:ok|okay|right|well|anyway|anyways|so)\b[\s,]*)*(?:I|we)(?:['’]ll|['’]d|\s+will|"
    r"\s+should|\s+better|\s+must)?(?:\s+better)?\s+let\s+(?:you|u)\s+(?:go|get\s+on|get\s+back|"
    r"rest|sleep|get\s+some\s+sleep)\b",
    re.I,
)
"""The speaker taking leave of the conversation ("ok I gotta go pack", "Right, I've got to
get up and do my exercises", "I must go, the lasagne is getting cold", "I should let you
rest that leg"): the first person, a verb of obligation and one of leaving, with where
to only as a common noun, or letting the listener go. What they
leave for is the moment's errand, not news; a date or a number in the sentence, or a
named place after the verb ("I have to go to Leeds", "I have to fly on the 3rd"), makes
it a plan, kept (`_not_told`).
The leaving verb ends its clause: the sentence ends, or a comma and a short afterthought
(`_AFTERTHOUGHT`, an excuse or a wish) follow it, or "now", "home", "and" before a short
errand in lower case ("and feed the dog"), "to the <common noun>" that ends there ("to
the shops"), or a bare noun after "to" only before such an afterthought ("to band
practice, wish me luck"). A bare noun after "to" that ends the sentence names an
institution or a routine ("to court", "to dialysis", "to rehab"), and a longer clause
after the comma carries news of its own ("..., the hearing is about the custody of my
son"): kept (review 22 finding 4), at the price of goodbyes such as "I have to go to
bed.", kept too. A verb
going on with an object or a manner ("We have to sign off every release with Security", "I
have to go on dialysis three times a week", "I have to go vegan", "i have to go to lisbon
for work") is a rule or a plan, kept (review 21 finding 1). "go" with an errand of its
own ("I gotta go feed the cat") is kept too: a bare verb after "go" is as often a plan
("I should go see a cardiologist")."""
_CHAT_ITSELF = re.compile(
    r"\b(?:add(?:s|ed|ing)?|invit(?:e|es|ed|ing)|made|making|creat(?:e|ed|ing)|start(?:ed|ing)?|"
    r"kick(?:ed)?|remov(?:e|ed|ing)|left|leaving)\b[^.!?]*\b(?:to|from|in|into|of|a|the|this|"
    r"our|your)\s+(?:group\s+)?(?:chat|thread|group\s+chat|groupchat)\b",
    re.I,
)
"""The chat talking of itself ("adding Rosa to this chat", "Eli added me to the group
chat", "I made a group chat"): the conversation's own workings, not a fact."""
_CHAT_WORD = re.compile(r"chat|thread", re.I)
"""A cheap test that `_CHAT_ITSELF` may match."""
_SIGN_OFF = re.compile(
    r"^(?:(?:lots\s+of\s+)?love|best(?:\s+wishes)?|cheers|(?:(?:kind|warm|best)\s+)?regards|"
    r"yours\s+(?:sincerely|faithfully|truly)|many\s+thanks|hugs|xo+|x+)\s*,?\s+"
    r"[A-Z][\w'-]*(?:,?\s+(?-i:[A-Z&])[\w'.-]*){0,5}\W*$",
    re.I,
)
"""A letter's closing ("Love, Grandma", "Cheers, Tom"), and an e-mail's with its
signature ("Kind regards, Dawn Hollis", "Yours sincerely, Craig Munro, Property
Manager, Kestrel Lettings"): who signs, not what is so."""
_TIME_SUITS = re.compile(
    rf"^(?:(?:{_WD_NAMES})s?|tomorrow|tonight|today|the\s+(?:morning|afternoon|evening)|"
    r"(?:morning|afternoon|evening|lunch|noon)s?|\d{1,2}(?::\d\d)?\s*(?:am|pm)?|"
    r"(?:the\s+)?\d{1,2}(?:st|nd|rd|th)(?:\s*(?:-|–|to)\s*\d{1,2}(?:st|nd|rd|th)?)?)"
    r"(?:\s+(?:at\s+)?\d{1,2}(?::\d\d)?\s*(?:am|pm)?|\s+(?:morning|afternoon|evening|night)s?)?"
    r"\s+(?:(?:works?|suits?|(?:is|are)\s+(?:fine|good|perfect|ok|okay))\b|"
    r"(?:fine|good|perfect|ok|okay)(?=\s*(?:$|[,.!;]|(?:for|by|with)\b)))",
    re.I,
)
"""A time accepted ("Wednesdays at 7pm work for me", "Saturday morning is fine", "the
20th works", "29th fine for me"): the conversation arranging itself, not a fact; what
was agreed is said where it is settled. Only the clause that accepts it
(`_without_time_accepted`): "21st perfect for the wedding, we booked the venue at Hawes"
goes on to a fact (review 27 F6)."""
_CLAUSE_END = re.compile(r"[,:;!.]\s+(?=\S)")
_WHEN_ACCEPTED = re.compile(r"\b(?:before|after|then)\W*$", re.I)


def _without_time_accepted(sentence: str) -> str:
    """The sentence after a clause that accepts a time, when another clause follows it
    ("the 12th is fine, rent is due on the 12th every month" -> "Rent is due on the 12th
    every month"); the sentence itself otherwise, which `_not_told` drops when it is all
    acceptance, or when what follows is too short to be a clause of its own ("the 28th
    works for the launch, Priya confirmed"), or says when only from the time accepted
    ("Saturdays at 10 work for us, the kids are at football before")."""
    accepted = _TIME_SUITS.match(sentence)
    end = _CLAUSE_END.search(sentence, accepted.end()) if accepted else None
    rest = sentence[end.end() :] if end else ""
    if len(rest.split()) < 3 or _WHEN_ACCEPTED.search(rest):
        return sentence
    return rest[:1].upper() + rest[1:]


_ACCEPTED = re.compile(
    r"^(?:(?:that|this|it)(?:['’]s|\s+is)?\s+)?(?:works|suits|sounds\s+(?:good|great|fine)|"
    r"(?:is\s+)?(?:fine|good|ok|okay))\s+(?:for|by|with)\s+(?:me|us)(?:\s+too)?[\s.!]*$",
    re.I,
)
"""A reply that accepts what was said, with no subject of its own ("Works for me.",
"Fine by me", "That's good with us"): the speaker's yes, not a fact about them."""
_JUDGEMENT = re.compile(
    r"\b(?:is|are|sounds?|looks?|seems?)(?:\s+like)?\s+(?:(?:so|really|such|very|pretty|super|"
    r"absolutely|truly|kinda|always|just|literally|the|a|an)\s+)*(?:best|worst|beautiful|"
    r"gorgeous|stunning|lovely|perfect|amazing|awesome|incredible|great|fantastic|wonderful|"
    r"delicious|crowded|fancy|dangerous|charming|magical|cozy|packed|busy|boring|overrated|"
    r"underrated|expensive|pricey|cute|cool|nice|fun|wild|crazy|insane|cold)\b"
    r"(?:\s+(?:fit|idea|choice|place|spot|call|move|plan|venue|view|city|town))?"
    r"(?:\s+(?:in|at|for|on|during|this|these|now|too|though|of|to)\b[^,.!;]*)?[.!]*$"
    r"|\b(?:sounds?|looks?|seems?)\s+like\s+(?:a|an)\s+(?:\w+\s+)?(?:win|steal|deal|bargain|"
    r"nightmare|dream|mess|disaster|blast|no-brainer|scam|ripoff|rip-off)\b[^,;]*$",
    re.I,
)
"""A place or a thing judged ("Pine Hollow is beautiful in July", "Kyoto in October
sounds perfect", "The Blue Lantern is the best venue", "2k for a boiler sounds like a
steal"): an opinion of the moment. In
the past ("The trip to Big Sur was amazing") it says the trip happened, and stays."""
_QUOTED = re.compile(r'"[^"]*"|“[^”]*”')
_TAIL_ASIDE = re.compile(
    r",\s*(?:I|we)\s+(?:have noticed|noticed|think|guess|believe|suppose|know|feel|must say|"
    r"hope|bet|'d say|would say)\s*[.!]*$",
    re.I,
)
_RELATIVE_CLAUSE = re.compile(r"(?<=\w)\s+(?:that|which|who)\b.*$", re.I)


def _own_words(sentence: str) -> str:
    """What the speaker says of their own: without quotations (an "I" in quotes is
    someone else's), a closing aside ("Humans are emotional, I have noticed") or a
    relative clause ("Sadness is an emotion that I dislike" is about sadness)."""
    own = _TAIL_ASIDE.sub("", _QUOTED.sub(" ", sentence))
    if not re.match(r"(?i:I|I'm|I've|I'll|I'd|my|we|we're|we've|our)\b", own):
        own = _RELATIVE_CLAUSE.sub("", own)
    return own


_YOU = re.compile(
    r"^(?:you|you're|youre|you've|you'll|you'd|your|yours)\b(?!\s+and\s+(?:I|me)\b)", re.I
)
"""A sentence opening on the listener; "You and I went to Lisbon" is the speaker's too."""
_YOURS_DID = re.compile(
    r"^your\s+[a-z]+\s+(?:[a-z]{3,}ed|ate|broke|stole|bit|chewed|took|knocked|dug)\b"
    r"(?=.*\b(?:my|our)\b)",
    re.I,
)
"""What the listener's pet or thing did to the speaker's: "your dog ate my shoes"."""
_LISTENER = re.compile(r"\b(?:you|you're|youre|you've|you'll|you'd|your|yours|yourself)\b", re.I)
_ASIDE = re.compile(
    r"^(?:i (?:hope|bet|wish|think|guess|know|suppose|imagine|believe|wonder|heard)|"
    r"i'?m (?:sure|glad|happy|sorry|proud|so \w+)|i am sure)\b",
    re.I,
)
"""What the speaker says around a sentence about the listener: "I hope you have a great
time in Lisbon!" is still about the listener."""
_AGREED = re.compile(
    r"\b(?:decid\w*|decision|agreed|settled|remember|note that|important|from now on|"
    r"deadline|due)\b",
    re.I,
)
"""What makes a sentence to the listener worth keeping: "Remember, your deadline is
Friday" records a deadline; "You must be so proud" only praises."""
_NEGATION = re.compile(r"\b(?:not|never|no longer|nothing|nobody)\b|n't\b", re.I)
_TASTE = re.compile(
    r"(?:n't|\bnot|\bnever|\bno longer)\s+(?:[\w']+\s+)?(?:like|love|enjoy|eat|drink|smoke|"
    r"stand|care for|trust|want|miss|mind|fond|fan|allergic|use|own)\b|\banymore\b",
    re.I,
)
"""A dislike or a habit given up: "I don't eat meat", "I'm not a fan of Java"."""
_CALLED_OFF = re.compile(
    r"(?:I'm|I am|we're|we are)\s+not\s+(?:\w+ing)\s+(?:to\s+)?"
    r"(?:the|my|our|a|an|this|that|his|her|their)\b",
    re.I,
)
"""A plan called off: "I'm not selling the house after all", "We're not moving to the
coast" (not "I'm not doing great")."""
_SPEAKER_FIRST = re.compile(r"(?i:I|I'm|I've|I'd|I'll|we|we're|we've)\b")
_MACHINE_SELF = re.compile(
    r"\b(?:(?:I am|I'm|as|being) (?:an?|just an?) (?:AI (?:language )?model|AI assistant|AI|"
    r"A\.I\.|bot|chatbot|robot|computer|(?:computer |software )?program|"
    r"(?:large )?language model|machine|artificial intelligence|virtual assistant)"
    r"(?=\s*(?:[,.!;:]|$|and\b|so\b|but\b|that\b|who\b|with\b|I\b))"
    r"|I am software|I'm software|(?:am|been|was|be|being|were) programmed|"
    r"(?:my|our) (?:programming|programmers?|creators?|source code|circuits|training data|"
    r"cpus?|processors?|hardware|algorithms?|neural net\w*)\b|\bcpu (?:usage|utili[sz]ation|load)\b"
    r"|bots like (?:me|us|myself)"
    r"|\bI(?:'m| am| was| were|'ve been| have been)\s+(?:\w+ly\s+)?(?:built|designed|"
    r"programmed|coded|created)\s+(?:to|by|for)\b"
    r"|\bI\s+(?:don't|do not|can't|cannot|never)\s+(?:eat|sleep|dream|breathe|die|age|"
    r"get\s+(?:tired|hungry|sick))(?:\s+(?:food|anything|at all))?(?=\s*(?:[,.!;]|$|but\b))"
    r"|\bI\s+(?:have|had)\s+no\s+(?:body|physical (?:body|form)|feelings|emotions)\b"
    r"|\bI\s+(?:don't|do not)\s+have\s+(?:a\s+(?:body|physical (?:body|form))|feelings|"
    r"emotions)\b)",
    re.I,
)
"""An assistant speaking of its own nature ("As an AI language model, I ...", "I have
not been programmed to feel anger", "my CPU", "I love exploring my hardware"), of its
making ("I was built to answer questions", "I was created by a small team"), or of
lacking what every person has ("I don't sleep", "I have no body", "I don't have
feelings"): nothing about the people in the conversation. "I'm a software engineer"
is a person's job, "I was trained as a nurse" and "I don't eat meat" a person's too."""
_STORY = re.compile(
    r"^(?:there (?:was|once was|lived) (?:a|an|this) [\w'-]+(?: [\w'-]+)? (?:who|that|named)\b"
    r"|once upon a time\b)|\b(?:walks?|walked|goes|went) into (?:a|an) [\w'-]+(?: [\w'-]+)?"
    r" (?:bar|saloon|pub)\b",
    re.I,
)
"""A joke or a story told of no one present ("There was a man who ...", "A horse walks
into a bar"): it names things and numbers, but tells nothing of anyone in the
conversation; with the speaker in it ("There was a guy at work who asked me out") it is
theirs."""
_SPECULATION = re.compile(r"^i (?:bet|wonder|guess|suppose|imagine|think|believe|doubt)\b", re.I)
"""A guess about someone else ("I bet Mel loved it", "I believe they said Dr. Smith"):
no fact; "I think I'll move to Denver" is the speaker's own plan."""
_FIRST_PERSON = re.compile(
    r"\b(?:I|I'm|I've|I'll|I'd|my|me|mine|myself|we|we're|we've|"
    r"we'll|our|us)\b"
)
_ADVERBS = _words(
    """really just also never always actually still finally usually recently totally
    absolutely definitely often sometimes only even already mostly truly honestly
    seriously literally probably certainly maybe perhaps barely hardly almost nearly rarely
    seldom currently mainly mostly simply"""
)
_KEEP_VERBS = _words(
    """was were had did will would can could should might must may shall went got saw made
    took met bought found ran began came ate felt gave knew left lost paid read said sent
    sold spent told thought won wrote built brought caught chose drove flew fell forgot
    grew heard held kept led rode sang sat slept spoke stood swam taught threw understood
    woke wore became began used need broke quit drew drove swam stole tore froze hid rode
    rang sang shook drank forgave bit fed fled dug lit slid spun swung wept bent fought hung
    shot sank struck swore swept"""
)
_IRREGULAR = {
    "am": "is",
    "are": "is",
    "have": "has",
    "do": "does",
    "go": "goes",
    "were": "was",
    "don't": "doesn't",
    "haven't": "hasn't",
    "aren't": "isn't",
    "need": "needs",
    "'m": "is",
    "'ve": "has",
    # Chat's contractions of a verb and "to": "I gotta go" is "Ben has to go".
    "gotta": "has to",
    "wanna": "wants to",
    "hafta": "has to",
    "needa": "needs to",
}


_FIRST = re.compile(
    person(
        r"(?P<sub>I'm|I've|I'll|I'd)|(?P<pos>[Mm]y)|(?P<mine>[Mm]ine)"
        r"|(?P<self>[Mm]yself)|(?P<obj>me|Me(?=\s+(?:and|too)\b))"
    )
)
"""The speaker's pronouns but "I", as words of prose (`words.person`): never inside a
token ("blue-me-42", "me@example.com", "my-door-77")."""
_I = re.compile(person("I"))
_STUTTER = re.compile(rf"{PERSON_BEFORE}I(?:-I)+(?=\s)")
_CONTRACTED = {"i'm": "is", "i've": "has", "i'll": "will", "i'd": "would"}


_CLAUSE_BREAK = re.compile(r"(?<=[:;])\s+(?=\S)")
"""Where a clause of its own begins: after a colon or a semicolon and a space (never
inside "12:30" or a URL)."""


def third_person(text: str, speaker: str, past: bool | None = None) -> str:
    """`text` with the speaker's name for "I", "me", "my" and the verb agreeing.

    `past`: whether the sentence speaks of the past ("I hurt my knee last week" keeps
    "hurt"), when its relative date was already resolved away; by default, read from
    `text`.

    The name is written once for each pronoun role: "when I look after myself, I can
    look after my family" reads "when Ben looks after themself, Ben can look after their
    family", not "... after Ben, ... Ben's family". Once per clause of its own: after a
    colon or a semicolon the name is written again ("Acme agreed to raise my rate: from
    November 15 my rate is 110 EUR" reads "... raise Ben's rate: from November 15 Ben's
    rate is 110 EUR", audit 16 M3), so that the clause read alone still says whose.
    """
    text = text.replace("’", "'")
    clauses = _CLAUSE_BREAK.split(text) if not _QUOTED.search(text) else [text]
    if len(clauses) > 1:
        if past is None:
            past = bool(_PAST_TIME.search(text))
        return " ".join(third_person(clause, speaker, past) for clause in clauses)
    # A stutter ("I-I work at Acme") is one "I": the verb agrees with it once.
    text = _STUTTER.sub("I", text)
    # An "I" in quotes is the quoted person's: the quotation is kept as it was said.
    quotes = _QUOTED.findall(text)
    text = _QUOTED.sub("\x00", text)
    subject = _I.search(text)
    named = False

    def swap(match: re.Match[str]) -> str:
        nonlocal named
        first = not named and (subject is None or match.start() <= subject.start())
        named = True
        if match["sub"]:
            return f"{speaker} {_CONTRACTED[match['sub'].casefold()]}"
        if match["pos"]:
            return f"{speaker}'s" if first else "their"
        if match["mine"]:
            return f"{speaker}'s" if first else "theirs"
        if match["self"]:
            return speaker if first else "themself"
        return speaker if first else "them"

    text = _FIRST.sub(swap, text)
    if past is None:
        past = bool(_PAST_TIME.search(text))
    text = re.sub(
        rf"(?<!\band ){PERSON_BEFORE}I((?:\s+(?!I\b)\w+)?)(\s+)((?!I\b)[\w']+)",
        lambda m: _agree(m, speaker, past),
        text,
    )
    text = _I.sub(speaker, text)
    for quote in quotes:
        text = text.replace("\x00", quote, 1)
    return text


def _agree(match: re.Match[str], speaker: str, past: bool) -> str:
    """`I [adverb] verb` as `Speaker [adverb] verbs`."""
    between, space, word = match[1], match[2], match[3]
    adverb = between.strip().casefold()
    if between and adverb not in _ADVERBS:
        # "I" followed by a verb, then the rest: only the verb agrees.
        verb = between.strip()
        return f"{speaker} {_conjugate(verb, past)}{space}{word}"
    return f"{speaker}{between}{space}{_conjugate(word, past)}"


_PAST_TIME = re.compile(r"\b(?:yesterday|last|ago|earlier|previously)\b", re.I)
_SAME_PAST = _words("hurt put cut set let hit quit read cost shut spread split burst cast")
"""Verbs whose past is their present: in a sentence about the past, "I hurt my knee"
stays "hurt", not "hurts"."""


def _conjugate(verb: str, past: bool = False) -> str:
    lower = verb.casefold()
    if lower in _IRREGULAR:
        return _IRREGULAR[lower]
    if (
        lower in _KEEP_VERBS
        or (past and lower in _SAME_PAST)
        or lower.endswith(("ed", "n't"))
        or (lower.endswith("s") and not lower.endswith("ss"))
        or not lower.isalpha()
        or lower in _ADVERBS
    ):
        return verb
    if lower.endswith(("sh", "ch", "x", "z", "o", "ss")):
        return verb + "es"
    if lower.endswith("y") and len(lower) > 2 and lower[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


# --------------------------------------------------------------------------- dates

_COUNTS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "a couple of": 2,
    "couple of": 2,
    "a couple": 2,
}
_WD = "|".join(WEEKDAYS)
_COUNT = r"\d{1,2}|a couple of|a couple|an?|one|two|three|four|five|six|seven|eight|nine|ten"
_RELATIVE = re.compile(
    rf"""(?:\b(?:on|in|during|over|at)\s+)?(?<![/\\.\w-])\b(?P<phrase>
      the\ day\ before\ yesterday | the\ day\ after\ tomorrow | yesterday | today | tonight
    | tomorrow | last\ night | this\ (?:morning|afternoon|evening)
    | (?P<rel>last|next|this|this\ past|this\ coming)\s+(?P<unit>week|weekend|month|year|
        summer|spring|fall|autumn|{_WD})
    | (?P<count>{_COUNT})\s+(?P<ago_unit>day|week|fortnight|month|year)s?\s+ago
    | in\ (?P<in_count>{_COUNT})\s+(?P<in_unit>day|week|fortnight|month|year)s?
    | (?P<span_count>a|one|two)\s+(?P<span_unit>week|fortnight)s?\s+
        (?P<span_from>today|tomorrow|(?:on\s+)?(?P<span_day>{_WD}))
    | (?P<bare_day>{_WD})(?!\s+(?:night|morning|afternoon|evening)s\b)
    )\b(?!\s+of\b)(?![/\\.-]\w|[/\\])""",
    re.I | re.X,
)
"""A phrase followed by "of" ("the last weekend of feb") is part of a larger date, not
relative to the day it was said, so it is left as written; a weekday followed by a
plural ("on Tuesday nights") is a habit, not one day; a word of a path ("/api/today"),
of a file name ("today.md", "notes.today") or of a hyphenated token ("today-notes",
"--today", "Monday-Friday") is no date. British speech counts from a day ahead ("a
fortnight today", "a week on Friday": that day and two weeks or one)."""
_WEEKEND = re.compile(
    r"\b(?:at|over|on|during)\s+the\s+weekend\b(?!\s+(?:of|before|after)\b)", re.I
)
"""British "at the weekend" ("the weekend of the 19th", "the weekend before" name theirs
by another day: left). Not a `_RELATIVE`: that also picks which sentences are kept as
dated, and a chore "at the weekend" kept so pushed a fact out of its block (heldout10)."""
_PARTICLE = re.compile(
    r"(in|over)\s+(?!(?:the|this|last|next)\s+(?:weekend|week|month|year)\b)", re.I
)
"""An "in" or "over" before a relative date that takes no preposition ("yesterday",
"last night", "two days ago"): the particle of the verb before it ("moved in", "came
over"), not the date's. "Over the weekend", "in next month" hold their own."""
_POSSESSIVE = re.compile(r"['’]s\b")
"""After a relative date, the date is a determiner ("pulls tomorrow's rates"), not when
something happens: it is written without its own "on" or "in" ("2025-01-13's rates")."""
PAST = re.compile(
    r"\b(?:was|were|went|did|had|got|saw|made|took|met|bought|found|ran|came|ate|felt|gave|"
    r"left|lost|paid|sent|sold|spent|told|won|wrote|built|brought|caught|drove|flew|fell|"
    r"heard|held|kept|rode|sang|sat|slept|spoke|swam|taught|threw|wore|rang|began|drank|"
    r"forgot|grew|stood|swore|tore|woke|chose|froze|dug|hung|became|sought|understood|"
    r"forgave|struck|spun|wept|swung|blew|drew|fled|crept|dealt|lent|\w{3,}ed)\b",
    re.I,
)
_FUTURE = re.compile(r"\b(?:will|shall|gonna|going to)\b|['’]ll\b", re.I)
_TOLD_PAST = re.compile(
    rf"{PAST.pattern}|\b(?:rang|died|began|broke|chose|drank|drew|forgot|froze|grew|hid|"
    r"shook|sank|stole|stood|struck|swore|swung|tore|understood|woke|burnt|learnt|slid|fled|"
    r"dug|fought|sought|blew|threw|became|forgave|sprang|shrank|crept|wept|swept|knelt|"
    r"didn['’]t|wasn['’]t|weren['’]t|hadn['’]t)\b",
    re.I,
)
"""The tense a date is read in: `PAST` and the irregular pasts it does not list ("they
rang me on Friday" is the Friday before, not the one ahead). Only dates read it: `PAST`
also picks which sentences are kept, which this does not change."""
_AHEAD = re.compile(
    r"(?i:\b(?:am|is|are|isn['’]t|aren['’]t|can|can['’]t|cannot|could|would|should|must|"
    r"might|need|needs|have to|has to|got to|gotta|want|wants|wanna|hope|hoping|plan|plans|"
    r"let['’]s|let me|see you|good luck|free|due)\b|['’](?:m|re|d)\b"
    r"|\b(?:it|that|there|he|she|what|who|where|here|when|which)['’]s\b"
    r"|\b(?:I|we|they|you)\s+(?!(?:on|at|in|to|for|and|or|but|the|a|an|too|all)\b)[a-z]+\b"
    r"|\b(?:he|she|it)\s+(?:\w+ly\s+)?[a-z]+[^s\W]s\b"
    r"|\b(?!(?:during|morning|evening|(?:no|some|any|every)?thing|spring|wedding|meeting|"
    r"building|ceiling|string|sterling)\b)[a-z]\w+ing\b)"
    r"|(?:\b[A-Z][a-z]+|(?i:\b(?:the|my|our|his|her|their|your)\s+[a-z]+))\s+(?:[a-z]+ly\s+)?"
    r"[a-z]+[^s\W]s\b"
)
"""A present or a plan, once `_TOLD_PAST` found no past: a copula ("the interview is on
Friday", "it's on Friday"), a modal or a wish ("we can do Friday"), "see you", or a
subject and a verb in the present ("we fly on Friday", "Anton starts on Monday", "the
plumber comes on Friday"), or a participle with no "is" ("plumber coming thursday")."""
_AHEAD_FIRST = re.compile(
    r"(?:\b(?:am|is|are)|['’](?:m|re)|\b(?:it|that|he|she|there|which|what)['’]s)\s+"
    r"(?:\w+\s+)?(?:\w+ed|set|put)\b"
    r"|\b(?:have|has)\s+got\b|['’](?:ve|s)\s+got\b",
    re.I,
)
"""A passive in the present ("the surgery is booked", "it's now scheduled") or "have
got" ("I've got the interview on Friday"): a present, though a past participle is in it."""
_WOULD = re.compile(
    r"(?:\bwould|['’]d)\s+(?:(?:\w+ly|already|just|never|not|still|also)\s+)?(?P<verb>[a-z]+)\b",
    re.I,
)
"""A "would" or a "'d" and the verb after it: a plan with a verb ("they'd accept on the
29th", though a past reports it: "Brightfern said they'd accept"), a past with a
participle ("I'd already left", "would have gone")."""
HABIT = re.compile(
    r"\b(?:always|usually|normally|typically|generally|often|never|every|each)\b", re.I
)
"""A weekday in a sentence with one of these is a habit ("the rotation always starts on
Monday"), not one day."""


@dataclass
class _When:
    text: str
    """How the resolved time is written in the fact: `on 2023-05-07`, `in April 2023`."""


def resolve_dates(
    text: str,
    said: datetime | None,
    month: str | None = None,
    asked: bool | None = None,
    code: str = ENGLISH,
) -> str:
    """Relative dates in `text` written as the date they mean: "yesterday", said on
    2023-05-08, is "on 2023-05-07". Without `said`, or for a phrase it does not know,
    the text is kept as it is. `month`: the month the speaker named last before `text`
    in the same message, for "the 3rd" when `text` names none ("We fly to Osaka in
    November. We land on the 3rd."). `asked`: the tense of the question `text` answers,
    for a text whose own words do not tell one (True: the past). `code`: the language
    `text` is in (`memctl.models.language`): German's, French's, Spanish's and
    Chinese's days, weeks and counts are written in their language (`_resolve_said_in`:
    "morgen" is "am 2026-12-07")."""
    if said is None:
        return text
    if code != ENGLISH:
        return _resolve_said_in(text, code, said)
    text = _ordinals_as_digits(text)
    day = said.date()
    told = _tense(text)
    if told is None:
        told = asked
    habitual = bool(HABIT.search(text))

    def replace(match: re.Match[str]) -> str:
        if _quoted_alone(match.string, match.start("phrase"), match.end()):
            return match[0]
        tense = _clause_tense(text, match.start(), told)
        resolved = None if habitual and match["bare_day"] else _resolve(match, day, tense)
        if resolved is None:
            return match[0]
        written = resolved.text
        if _OWN_PREPOSITION.search(text, 0, match.start()):
            # "friday of next week": "friday of the week of 2023-05-15", not "of in the
            # ..."; "since this morning": "since 2023-05-08", not "since on ...".
            written = re.sub(r"^(?:in|on) ", "", written)
        elif _POSSESSIVE.match(text, match.end()):
            # "on tomorrow's list": the "on" said stays, the date's own is not added.
            said_before = match[0][: match.start("phrase") - match.start()]
            written = said_before + re.sub(r"^(?:in|on) ", "", written)
        elif (particle := _PARTICLE.match(match[0])) and not (
            match["bare_day"] or match["in_count"] or written.startswith(f"{particle[1]} ")
        ):
            # "we moved in yesterday": "yesterday" takes no "in"; it is the verb's ("move
            # in"), kept before the date's own "on".
            written = f"{particle[1]} {written}"
        if _starts_sentence(text, match.start()) and match[0][0].isupper():
            # "Yesterday I went" reads "On 2023-05-07 I went".
            written = written[0].upper() + written[1:]
        return written

    written: list[date] = []
    text = _RELATIVE.sub(
        replace,
        _DAY_OF_MONTH.sub(
            lambda m: _day_of_month(m, day, _clause_tense(text, m.start(), told), month, written),
            text,
        ),
    )
    if not habitual:
        text = _WEEKEND.sub(lambda m: _weekend(m, day, _clause_tense(text, m.start(), told)), text)
    text = _FROM_DAY.sub(_from_day, text)
    text = _DAY_HAS.sub(r"\1 has ", text)
    text = _DAY_IS.sub(r"\1 is ", text)
    return _DAY_OWNS.sub(_day_owns, _SAME_DAY_AGAIN.sub(r"\g<day>", text))


_SAME_DAY_AGAIN = re.compile(
    r"(?P<day>\b\d{4}-\d\d-0?(?P<date>\d\d?))(?:,?\s+(?:on\s+)?(?:\d{4}-\d\d-0?(?P=date)\b|"
    r"(?:(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)[a-z]*\s+)?(?:the\s+)?"
    r"(?P=date)(?:st|nd|rd|th)\b))+",
    re.I,
)
"""A day said again as its date of the month ("next Monday, the twelfth", "tomorrow
tues 19th"): one day, written once (its first reading has its month)."""


_CLAUSE_EDGE = re.compile(r"[,;:.!?]\s+|(?<!\s)\s+(?:and|but|so|then)\s+", re.I)
_NOT_PAST = re.compile(
    r"^\s*(?!(?:during|morning|evening|(?:no|some|any|every)?thing|spring|wedding|meeting|"
    r"building)\b)[a-z]\w+ing\b|\b(?:am|is|are|['’]m|['’]re)\s+(?:\w+\s+)?\w+ing\b",
    re.I,
)
"""A clause that opens with a participle ("..., moving on the 25th"; not a noun or a
preposition that ends in -ing) or says "is/are ... -ing": a present or a plan, whatever
the tense of the clause before it."""


def _tense(words: str) -> bool | None:
    """Whether `words` speak of the past (True), of a present or a plan (False), or do
    not tell (None: "lunch with Sam on Friday"). A future or a present participle wins
    over a past participle in it ("I'll get it shipped before the 3rd")."""
    if _FUTURE.search(words) or _NOT_PAST.search(words) or _AHEAD_FIRST.search(words):
        return False
    if would := _WOULD.search(words):
        verb = would["verb"].casefold()
        return bool(
            verb in ("have", "had", "been", "gone", "done", "seen")
            or verb.endswith(("ed", "en"))
            or _TOLD_PAST.fullmatch(verb)
        )
    if _TOLD_PAST.search(words):
        return True
    if _SAID_SAME_FORM.search(words) and not _PLAN_WORD.search(words):
        return None
    if _AHEAD.search(words):
        return False
    return None


_SAID_SAME_FORM = re.compile(
    rf"\b(?:I|we|they|you)\s+(?:\w+ly\s+)?(?:{'|'.join(sorted(_SAME_PAST | {'bet'}))})\b", re.I
)
"""A speaker and a verb whose past is its present ("I cut my hair on Friday", "we set up
the server on Friday", "I quit on Tuesday"): a past as likely as a present, so the tense
is not told and a bare weekday stays as said (review 25 F5: a wrong date is worse than
none) unless a plan word (`_PLAN_WORD`) or a future (`_FUTURE`) tells it."""
_PLAN_WORD = re.compile(r"\b(?:tomorrow|next)\b", re.I)


def _clause_tense(text: str, at: int, told: bool | None) -> bool | None:
    """The tense (`_tense`) at `at` in `text`: its own clause's (the words between the
    commas, semicolons or conjunctions around it) when that clause shows one, else the
    sentence's, `told`. "found a flat, moving on the 25th": the move is ahead."""
    starts = [m.end() for m in _CLAUSE_EDGE.finditer(text, 0, at)]
    start = starts[-1] if starts else 0
    end_match = _CLAUSE_EDGE.search(text, at)
    tense = _tense(text[start : end_match.start() if end_match else len(text)])
    return told if tense is None else tense


_DAY_OWNS = re.compile(
    r"(?:^|(?<=[.!?]\s))(?P<date>\d{4}-\d\d-\d\d)['’]s\s+"
    r"(?P<noun>[a-z][\w-]*)(?=\s+(?:is|was|are|were|has|had|have|will|would|got|gets|"
    r"can|could|moved|moves)\b|\s*(?:[,.!?;]|$))"
)
"""A resolved date opening a sentence and owning one noun before its verb ("This
Thursday's sync is cancelled", resolved "2026-11-19's sync is cancelled"): the noun on
the date ("The sync on 2026-11-19 is cancelled"). A week's stays as it is short ("The
week of 2025-03-24's standup moved")."""


def _day_owns(match: re.Match[str]) -> str:
    return f"The {match['noun']} on {match['date']}"


_OWN_PREPOSITION = re.compile(
    r"\b(?:of|about|since|until|till|to|by|before|after|from|through|as of)\s+(?:['‘\"“]\s*)?$"
    r"|\bon\s+['‘\"“]\s*$",
    re.I,
)
"""A preposition just before a relative date, which takes the date itself: the date's
own "on" or "in" is not written after it; nor after an "on" before a quoted day ("on
'tomorrow'", `_quoted_alone`)."""


_FROM_DAY = re.compile(
    rf"\b(?P<count>{_COUNT})\s+(?P<unit>day|week|fortnight)s?\s+from\s+(?:on\s+)?"
    rf"(?P<day>\d{{4}}-\d\d-\d\d)\b",
    re.I,
)
"""A span counted from a day ("a week from tomorrow", "two days from Friday"), that day
resolved first: the day the span ends."""


def _from_day(match: re.Match[str]) -> str:
    number = _COUNTS.get(match["count"].casefold()) or int(match["count"])
    step = timedelta(days=number * {"day": 1, "week": 7, "fortnight": 14}[match["unit"].casefold()])
    return f"on {(date.fromisoformat(match['day']) + step).isoformat()}"


_DAY_IS = re.compile(
    r"\b(?:[Oo]n )?(\d{4}-\d\d-\d\d)['’]s\s+"
    r"(?=(?:my|our|the|his|her|their|a|an|[A-Z][\w-]*['’]s|gonna|going to)\b)"
)
""""Today's my last day" resolved: "2025-10-30 is my last day", not "on 2025-10-30's";
so is the future's "going to" ("Tomorrow's gonna be long": "2025-01-13 is gonna ...")."""
_DAY_HAS = re.compile(r"\b(\d{4}-\d\d-\d\d)['’]s\s+(?=(?:been|got|gotten)\b)")
"""A past participle after the 's is its verb, "has", not a possessive: "Yesterday's been
rough" is "2025-01-11 has been rough", not "2025-01-11's been rough"."""


_MONTH_NAME = re.compile(
    r"\b(?:(?i:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|june?|july?|aug(?:ust)?|"
    r"sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)|May)\b"
)
"""A month named in a sentence ("May" only capitalised: lower case it is a verb)."""
_RANGE_TO = (
    r"(?:(?:to|through|thru|until|till)\b|[-–](?=\s))\s*(?:the\s+)?\d\d?(?:st|nd|rd|th)?\s+"
    r"(?:of\s+)?" + _MONTH_NAME.pattern
)
_RANGE_OPEN = r"\d\d?(?:st|nd|rd|th)?\s*" + _RANGE_TO
"""A day opening a range whose end names the month ("16 to 21 june", "30 may - 2 june",
"16th to 21st october"): a date though no ordinal, "the" or month follows it."""
_UNITS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")
_TEENS = (
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
)
_SPELLED_DAYS = {
    **{word: number for number, word in enumerate(_UNITS, 1)},
    **{word: number for number, word in enumerate(_TEENS, 10)},
    **{f"twenty-{word}": 20 + number for number, word in enumerate(_UNITS, 1)},
    "thirtieth": 30,
    "thirty-first": 31,
}
"""A day of the month spelled out, as speech and dictation say it ("the sixteenth of
May", "the twenty-second"); the tens and the unit joined by a hyphen, a space or
nothing."""
_SPELLED_DAY = "|".join(
    sorted((word.replace("-", "[- ]?") for word in _SPELLED_DAYS), key=len, reverse=True)
)


def _spelled_day(words: str) -> int:
    """The day a `_SPELLED_DAY` names ("twenty first", "Twenty-First" and "twentyfirst" are
    21)."""
    return _SPELLED_DAYS[_hyphened(words)]


def _hyphened(words: str) -> str:
    """A number in words with its tens and unit joined by a hyphen ("twenty first",
    "Twenty-First" and "twentyfirst" are "twenty-first"; "twenty" stays)."""
    return re.sub(r"(?<=y)[- ]?(?=[a-z])", "-", words.casefold())


_MONTH_FIRST = _MONTH_NAME.pattern.replace("|May)", "|(?-i:May))")
_DAY_SAID_END = (
    r"(?=\s*(?:$|[,.!?;:)–-]|\s*\b(?:and|to|through|thru|until|till|or|at|in|so|but|because|"
    r"when|then|is|was|now|instead|after|before|for|if|we|i|he|she|they|it|all|a|an|this|"
    r"next|as|which|from|with|since|anyway|though|tho|btw|right)\b))"
)
"""What may follow a day of the month (`_DAY_OF_MONTH`): "the 2nd floor" is no date."""
_DAY_OF_MONTH = re.compile(
    rf"(?:\b(?P<prep>on|by|until|till|through|from|to|since|before|after)\s+)?"
    rf"(?:(?:\bthe\s+|\b(?:last|next|this)\s+)?\b(?P<weekday>{_WD}),?\s+(?:the\s+)?|\bthe\s+"
    rf"|(?P<month_first>{_MONTH_FIRST})\s+the\s+"
    r"|(?<![\w.,:£$€-])(?=\d\d?(?:st|nd|rd|th)?\s+"
    r"(?:of\s+)?" + _MONTH_NAME.pattern + r"|" + _RANGE_OPEN + r"))(?:(?P<day>[12]\d|3[01]|[1-9])"
    r"(?:(?:st|nd|rd|th)\b|(?=\s+(?:of\s+)?" + _MONTH_NAME.pattern + r"|\s*" + _RANGE_TO + r"))"
    rf"|(?P<spelled>{_SPELLED_DAY})\b)"
    r"(?:\s+of\s+(?P<rel>next|this|last)\s+month\b|\s+(?P<of>of\s+)?(?P<month>"
    + _MONTH_NAME.pattern
    + r")(?:,?\s+(?P<year>(?:19|20)\d\d)\b)?)?"
    r"(?(year)|(?(weekday)(?(month)|" + _DAY_SAID_END + r")|" + _DAY_SAID_END + r"))",
    re.I,
)
"""A day of the month said alone ("the 22nd", "saturday the 22nd", chat's "saturday
22nd", "to the 20th", "on the Sunday, the 13th"), not "the 2nd floor" (a noun after
it; a weekday before the day and a month after it, or a year after the month, need no
such guard: "Friday 10 January between 8am and 12pm", "1 April 2025 at £960", the year
said is the date's);
"the 30th of next month", "the 3rd of March", chat's "3rd of march" and the day
before its month with no ordinal ("12 July", "16 aug", British order) are one date; so
are a month before its day as speech says it ("May the 3rd", "October the fourth";
chat's "june 12th" is left, its year often said elsewhere) and a weekday with its
day, "last" or "next" before it ("last Saturday the 15th": the day of the month says
which Saturday). A spelled day (`_SPELLED_DAYS`) is read the same way, but said alone it
is a date only after a preposition or a weekday ("on the eighteenth"; not "this is the
second")."""


_CARDINALS = (
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
)
_CARDINAL_DAYS = {
    **{word: number for number, word in enumerate(_CARDINALS, 1)},
    **{f"twenty-{word}": 20 + number for number, word in enumerate(_CARDINALS[:9], 1)},
    "thirty": 30,
    "thirty-one": 31,
}
"""A day of the month said as a count, as a learner of English says a date ("twelve of
February", "Twenty of March", their own language's "doze de fevereiro")."""
_CARDINAL_DAY = "|".join(
    sorted((word.replace("-", "[- ]?") for word in _CARDINAL_DAYS), key=len, reverse=True)
)
_ORDINAL_WORD = re.compile(
    rf"(?<=\bthe\s)(?P<word>{_SPELLED_DAY})\b"
    rf"|\b(?P<word_of>{_SPELLED_DAY}|{_CARDINAL_DAY})(?=\s+of\s+{_MONTH_FIRST})",
    re.I,
)
"""A day of the month in words after "the" ("the twentieth of February", "Friday the
seventh"), as a voice note's transcript writes it, or before "of" and its month with no
"the" ("Fifth of February", a learner's "seventeen of March")."""
_ORDINAL_MONTH = re.compile(r"\s+(?:of\s+)?" + _MONTH_NAME.pattern)
_ORDINAL_AFTER = re.compile(
    rf"(?:\b(?:on|by|until|till|from|since|before|after|to|for)|\b(?:{_WD})\b,?|instead\s+of)"
    r"\s+the\s+$",
    re.I,
)
_DATED_BEFORE = re.compile(rf"{_MONTH_NAME.pattern}|\d(?:st|nd|rd|th)\b|\d{{4}}-\d\d-\d\d")
_ALONE = re.compile(r"\s*[.!]*\s*$")
"""What makes an ordinal in words a day, not a rank ("the first to arrive"): a month
after it; before it a weekday or a preposition of time ("on the third", "Friday the
seventh", "instead of the second"), or a date ("on the sixteenth of May, coming back the
nineteenth"); or nothing else said ("The twelfth.", the answer to "when?")."""
_SUFFIX = {1: "st", 2: "nd", 3: "rd", 21: "st", 22: "nd", 23: "rd", 31: "st"}


def _ordinals_as_digits(text: str) -> str:
    """`text` with each day of the month said in words written in digits ("the
    twentieth of February" -> "the 20th of February"), so that it is read, resolved and
    written as the date it is ("on 2025-02-20"), as a day in digits is. Only where the
    digits would be a date (`_DAY_OF_MONTH`): "the second time" and "the first one"
    keep their words."""
    if not _ORDINAL_WORD.search(text):
        return text
    pieces: list[str] = []
    spans: list[tuple[int, int, str]] = []  # where each day in digits is, and its words
    at = length = 0
    for match in _ORDINAL_WORD.finditer(text):
        month = _ORDINAL_MONTH.match(text, match.end())
        if month and "of" not in month[0].casefold().split():
            continue  # "the second march in a row": a count of marches (`_day_of_month`)
        if not (
            month
            or _ORDINAL_AFTER.search(text, 0, match.start())
            or _DATED_BEFORE.search(text, 0, match.start())
            or (not text[: match.start() - 4].strip() and _ALONE.match(text, match.end()))
        ):
            continue  # "the first to arrive", "she was the third": a rank
        words = match["word"] or match["word_of"]
        number = _SPELLED_DAYS.get(_hyphened(words)) or _CARDINAL_DAYS[_hyphened(words)]
        digits = f"{number}{_SUFFIX.get(number, 'th')}"
        pieces.append(text[at : match.start()])
        length += match.start() - at
        spans.append((length, length + len(digits), match[0]))
        pieces.append(digits)
        length += len(digits)
        at = match.end()
    pieces.append(text[at:])
    digits_text = "".join(pieces)
    days = {found.span("day") for found in _DAY_OF_MONTH.finditer(digits_text)}
    out, at = [], 0
    for start, end, words in spans:
        out.append(digits_text[at:start])
        out.append(digits_text[start:end] if (start, end - 2) in days else words)
        at = end
    out.append(digits_text[at:])
    return "".join(out)


_PRESENT_REACH = 14
"""How many days back (two weeks) a day of a month said in the present or of a plan may
be before it is read as the next year's. "The lease ends on 1 April" said on 10
September is next April (review 32); so are "I'm leaving Sheffield on the first of
March", "I move on 1 March" and "My flight is on 1 March" said on 9 June (review 33 S7:
four months back, they were read as that March, a plan put in the past; "I moved on 1
March" is that March). A day a few days back said in the present is a slip of tense or
a late message more often than a plan a year ahead, and stays the nearest. A state
begun that day ("since 1 March") or a thing of that day ("the photos from 3 May") is
not ahead: `_SINCE_THEN`."""
_SINCE_THEN = re.compile(r"\bsince$|\b(?:is|are|['’]s|['’]re)\s+from$", re.I)
"""Before a day of the month, what does not look ahead in a present clause: "since" (a
state begun then: "I've lived here since 1 March") and "from" right after a copula (a
thing of that day: "the photos are from 3 May"). "Available from 1 April" looks ahead,
and so does a "from" that opens a range ("is from 1 March to 5 March"), read as its
end is."""
_RANGE_GOES_ON = re.compile(r"\s*(?:(?:to|through|thru|until|till)\b|[-–—])", re.I)


def _day_of_month(
    match: re.Match[str],
    day: date,
    tense: bool | None,
    month_said: str | None,
    written: list[date] | None = None,
) -> str:
    """`match` (a `_DAY_OF_MONTH`) as an ISO date, its clause in the past (`tense`
    True), the present or ahead (False) or neither. A month named before it in the
    sentence (or else `month_said`, named in a sentence before it) is its month, in the
    year nearest the day it was said, or the next year's when the clause is in the
    present and the nearest is more than two weeks past (`_PRESENT_REACH`: "The lease
    ends on 1 April", said in September, is next April; review 32); otherwise it is this
    month's day or the next month's (the last month's, said of the past), as people mean
    "the 3rd" said on the 21st. `written`: the dates of the sentence so far, which a
    bare day after them follows ("drop him off on the 9th and collect him on the 22nd",
    said on 2025-05-20, is 2025-06-09 then 2025-06-22, not 2025-05-22); the date chosen
    is added to it."""
    spelled = (match["spelled"] or "").casefold()
    number = _spelled_day(spelled) if spelled else int(match["day"])
    named = match["month"] or match["month_first"]
    months = (
        ([named] if named else [m[0] for m in _MONTH_NAME.finditer(match.string, 0, match.start())])
        or _range_month(match)
        or ([month_said] if month_said else [])
    )
    if spelled and (
        (match["month"] and not match["of"])  # "the second march": a count of marches
        or not (months or match["rel"] or match["prep"] or match["weekday"])
    ):
        return match[0]
    candidates: list[date] = []
    if match["rel"]:
        step = {"next": 1, "this": 0, "last": -1}[match["rel"].casefold()]
        year, month = divmod(day.year * 12 + day.month - 1 + step, 12)
        if number > monthrange(year, month + 1)[1]:
            return match[0]
        chosen = date(year, month + 1, number)
    elif months:
        month = next(
            n
            for n, name in enumerate(MONTHS, 1)
            if name[:3].casefold() == months[-1][:3].casefold()
        )
        years = [int(match["year"])] if match["year"] else [day.year - 1, day.year, day.year + 1]
        for year in years:
            if number <= monthrange(year, month)[1]:
                candidates.append(date(year, month, number))
        if not candidates:  # "1st of november ... the 31st": no such day in that month
            return match[0]
        chosen = min(candidates, key=lambda when: abs((when - day).days))
        said_to = match.end("prep") if match["prep"] else match.start()
        since_then = _SINCE_THEN.search(match.string, 0, said_to) and not _RANGE_GOES_ON.match(
            match.string, match.end()
        )
        if tense is False and not since_then and (day - chosen).days > _PRESENT_REACH:
            chosen = next((when for when in candidates if when > day), chosen)
    elif tense is not True and _recurs(match.string, match.start(), monthly=True):
        return match[0]  # "Rent is due on the 1st": each month's 1st, not one date
    else:
        near = _day_near(match, day, number, tense is True, max(written) if written else None)
        if near is None:
            return match[0]
        chosen = near
    if written is not None:
        written.append(chosen)
    prep = match["prep"]
    lead = "on" if prep is None or prep.casefold() == "on" else prep
    if prep is None and (
        _TAKES_DATE.search(match.string, 0, match.start())
        or re.search(r"[-–]\s*$", match.string[: match.start()])
    ):
        # "a bed for the 12th": "for 2025-09-12", not "for on ..."; a range's end after
        # its dash: "2025-05-30 - 2025-06-02"
        lead = ""
    return f"{lead} {chosen.isoformat()}".lstrip()


def _day_near(
    match: re.Match[str], day: date, number: int, past: bool, earlier: date | None
) -> date | None:
    """The day of the month `number` that `match` (a `_DAY_OF_MONTH` naming no month)
    means, said on `day`: this month's, the next's or the last's, behind it in a past
    and ahead of it (and of `earlier`, a day said before it in the sentence) otherwise;
    None when no such day fits the weekday said with it."""
    candidates: list[date] = []
    for step in (-2, -1, 0, 1, 2):
        year, month = divmod(day.year * 12 + day.month - 1 + step, 12)
        if number <= monthrange(year, month + 1)[1]:
            candidates.append(date(year, month + 1, number))
    told = _LAST_OR_NEXT.match(match[0])
    if told:  # "last Friday the 31st" is past, whatever the verb says (review 24 F6)
        past = told["way"].casefold() == "last"
    # "pushed to the 24th", "until the 2nd": a new date or an end, ahead of the day
    # it was said whatever the tense; "thursday the 4th": the 4th that is a Thursday.
    # "Last Friday the 13th" said on Friday the 13th is not the day it is said on
    # (review 25 F6): a told way steps off it.
    floor = day + timedelta(days=1) if told else day
    if (
        past
        and (match["prep"] or "").casefold() not in ("to", "until", "till", "by")
        and not _FOR_DAY.search(match.string, 0, match.start())
    ):
        before = [w for w in candidates if w < day or (w == day and not told)]
        said_on = _on_weekday(candidates, match["weekday"])
        if told and match["weekday"] and _on_weekday(before, match["weekday"]) is before:
            # No day behind within the months read falls on the weekday said: the
            # last that does, further back ("last Friday the 13th" said on
            # 2025-06-13 is 2024-12-13).
            return _weekday_day_near(day, number, match["weekday"], -1)
        if not told and said_on is not candidates and all(w > day for w in said_on):
            # "the job I told you about is on Friday the 7th": no day before fits the
            # weekday, which pins the date ahead.
            return min(said_on)
        if match["weekday"] and said_on is candidates:
            # No day near falls on the weekday said ("I went there on Monday the 31st",
            # said on 2025-06-01): the last that does, never a 31st on another weekday.
            return _weekday_day_near(day, number, match["weekday"], -1)
        return max(_on_weekday(before, match["weekday"]))
    else:
        ahead = [w for w in candidates if w >= max(floor, earlier or floor)] or [
            w for w in candidates if w >= floor
        ]
        on = _on_weekday(ahead, match["weekday"])
        if match["weekday"] and on is ahead:
            # No day ahead within the months read falls on the weekday said ("next
            # Friday the 31st" said on 2025-02-03): the first that does, further on
            # (2025-10-31); never one behind (review 25 F1), nor the wrong weekday.
            return _weekday_day_near(day, number, match["weekday"], 1)
        # Five months always hold the day on either side of `day` (a 31st included).
        return min(on)


_RANGE_END = re.compile(
    r"\s*(?:to|-|–|through|thru|until|till)\s*(?:the\s+)?\d\d?(?:st|nd|rd|th)?\s+(?:of\s+)?"
    rf"(?P<month>{_MONTH_NAME.pattern})",
    re.I,
)


def _range_month(match: re.Match[str]) -> list[str]:
    """The month named at the end of a range a day opens ("the 9th to 11th of may"):
    the first day's month too."""
    end = _RANGE_END.match(match.string, match.end())
    return [end["month"]] if end else []


_TAKES_DATE = re.compile(r"\S\s+(?:for|about|of)\s+$", re.I)
"""A preposition before a day of the month that takes the date itself ("a bed for the
12th", "annoyed about the 3rd"), where the date's own "on" is not written."""


def _weekday_day_near(day: date, number: int, weekday: str, way: int) -> date | None:
    """The first day of the month `number` after `day` (`way` 1) or the last before it
    (`way` -1) that falls on `weekday`, within 14 months (every weekday falls on every
    day of the month in that time)."""
    wanted = WEEKDAYS.index(weekday.casefold())
    for step in range(15):
        year, month = divmod(day.year * 12 + day.month - 1 + way * step, 12)
        if number <= monthrange(year, month + 1)[1]:
            when = date(year, month + 1, number)
            if (when - day).days * way > 0 and when.weekday() == wanted:
                return when
    return None


_LAST_OR_NEXT = re.compile(r"(?:\w+\s+)?(?P<way>last|next)\s", re.I)
"""A weekday's "last" or "next" opening a `_DAY_OF_MONTH` ("on last Friday the 31st")."""


def _on_weekday(candidates: list[date], weekday: str | None) -> list[date]:
    """Of the days that "the 4th" may be, those that fall on the weekday said with it
    ("thursday the 4th"); all of them when none does or none was said."""
    if not weekday:
        return candidates
    number = WEEKDAYS.index(weekday.casefold())
    return [when for when in candidates if when.weekday() == number] or candidates


_SENTENCE_END = re.compile(r"(?:^|[.!?。！？:;]\s+|\n\s*)$")


def _starts_sentence(text: str, at: int) -> bool:
    return bool(_SENTENCE_END.search(text[max(0, at - 8) : at])) if at else True


_OPENS_QUOTE = re.compile(r"[«‹\"“„‘'「『《〈]\s*$")
_CLOSES_QUOTE = re.compile(r"\s*[»›\"”“’'」』》〉]")


_VALUE_BEFORE = re.compile(
    r"(?:\b(?:is|was|are|were|be|been|ist|war|est|était|es|era)|['’]s)\s+"
    r"(?:(?:now|still|on|until|till|by)\s+)?$|\b(?:on|to|until|till)\s+$",
    re.I,
)
"""What before a quotation makes it the sentence's value, not a thing named: a copula
("My appointment is 'tomorrow'", "Der Termin ist „morgen“") or a preposition of a day
("moved to 'tomorrow'", "until 'tomorrow'")."""


def _quoted_alone(text: str, start: int, end: int) -> bool:
    """Whether `text[start:end]`, a time word, is all a quotation holds (« Demain »,
    "Tomorrow", 《明天》): a title or a name (a film's, a book's, a song's), said as a
    name, not a day (review 31 B6). "He said « à demain »" holds more than the word. A
    word in lower case that is the sentence's value (`_VALUE_BEFORE`: "My appointment
    is 'tomorrow'") is a day quoted, as a title would be written with its capital
    (review 33 S8: the appointment's day was lost)."""
    opened = _OPENS_QUOTE.search(text, 0, start)
    if opened is None or not _CLOSES_QUOTE.match(text, end):
        return False
    return not (text[start].islower() and _VALUE_BEFORE.search(text, 0, opened.start()))


_DAYS_FROM_SAID: dict[str, dict[str, int]] = {
    ENGLISH: {
        "the day before yesterday": -2,
        "yesterday": -1,
        "last night": -1,
        "today": 0,
        "tonight": 0,
        "this morning": 0,
        "this afternoon": 0,
        "this evening": 0,
        "tomorrow": 1,
        "the day after tomorrow": 2,
    },
    "de": {
        "vorgestern": -2,
        "gestern": -1,
        "gestern morgen": -1,
        "heute": 0,
        "heute morgen": 0,
        "morgen": 1,
        "übermorgen": 2,
    },
    "fr": {
        "avant-hier": -2,
        "hier": -1,
        "aujourd'hui": 0,
        "aujourd’hui": 0,
        "demain": 1,
        "après-demain": 2,
    },
    "es": {
        "anteayer": -2,
        "antes de ayer": -2,
        "ayer": -1,
        "hoy": 0,
        "mañana": 1,
        "pasado mañana": 2,
    },
    "zh": {"大前天": -3, "前天": -2, "昨天": -1, "今天": 0, "明天": 1, "后天": 2, "大后天": 3},
}
"""A day named by how many days it is from the day it is said ("tomorrow", "morgen",
"demain", "mañana", "明天"), in each language builtin resolves dates of: English's by
`_RELATIVE`, the others' by `_SAID_IN` (written as said, in lower case)."""
_STEPS: dict[str, dict[str, int]] = {
    ENGLISH: {"last": -1, "this past": -1, "next": 1, "this coming": 1, "this": 0},
    "de": {"letzte": -1, "vergangene": -1, "nächste": 1, "kommende": 1, "diese": 0},
    "fr": {
        "dernier": -1,
        "dernière": -1,
        "passé": -1,
        "passée": -1,
        "prochain": 1,
        "prochaine": 1,
        "ce": 0,
        "cet": 0,
        "cette": 0,
    },
    "es": {
        "pasado": -1,
        "pasada": -1,
        "próximo": 1,
        "próxima": 1,
        "que viene": 1,
        "este": 0,
        "esta": 0,
    },
    "zh": {"上": -1, "下": 1, "这": 0, "本": 0},
}
"""The word that counts a week, a month, a year or a weekday on from the one it is said
in: "last" (-1), "next" (1), "this" (0). German's as its stem: "nächsten", "letzter",
"dieses" read "nächste", "letzte", "diese"."""


def _resolve(match: re.Match[str], day: date, tense: bool | None) -> _When | None:
    """The date `match` (a `_RELATIVE`) names, said on `day` in `tense` (`_tense`); None
    when it names none or the tense does not tell which: "on Friday" is the Friday
    before in a past, the one ahead in a present or a plan, and no day in "lunch with
    Sam on Friday"."""
    from dateutil.relativedelta import relativedelta

    past = tense is True
    phrase = match["phrase"].casefold()
    fixed = _DAYS_FROM_SAID[ENGLISH]
    if phrase in fixed:
        return _When(f"on {(day + timedelta(days=fixed[phrase])).isoformat()}")
    monday = day - timedelta(days=day.weekday())
    if match["rel"]:
        step = _STEPS[ENGLISH][match["rel"].casefold()]
        unit = match["unit"].casefold()
        if unit in WEEKDAYS:
            return _When(f"on {_rel_weekday(day, WEEKDAYS.index(unit), step, past).isoformat()}")
        if unit == "week":
            return _When(f"in the week of {(monday + timedelta(weeks=step)).isoformat()}")
        if unit == "weekend":
            return _When(
                f"on the weekend of {(monday + timedelta(weeks=step, days=5)).isoformat()}"
            )
        if unit == "month":
            moved = day + relativedelta(months=step)
            return _When(f"in {MONTHS[moved.month - 1]} {moved.year}")
        if unit == "year":
            return _When(f"in {day.year + step}")
        start = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9}[unit]
        year = day.year
        if step < 0 and day.month < start + 3:
            year -= 1
        elif step > 0 and day.month >= start:
            year += 1
        return _When(f"in {unit} {year}")
    if match["count"]:
        number = _COUNTS.get(match["count"].casefold()) or int(match["count"])
        return _shift(day, -number, match["ago_unit"].casefold(), "around ")
    if match["in_count"]:
        if past or _SPAN_BEFORE.search(match.string, 0, match.start()):
            return None  # "I read 5 books in two weeks": how long, not when
        number = _COUNTS.get(match["in_count"].casefold()) or int(match["in_count"])
        return _shift(day, number, match["in_unit"].casefold(), "around ")
    if match["span_count"]:
        return _span_from(match, day, tense)
    if match["bare_day"]:
        return _bare_weekday(match, day, tense)
    return None


def _bare_weekday(match: re.Match[str], day: date, tense: bool | None) -> _When | None:
    """A weekday said with no "last", "next" or "this" (`_RELATIVE`'s bare_day): the one
    before in a past, the one ahead in a present or a plan, none when not told."""
    from dateutil.relativedelta import relativedelta, weekday

    number = WEEKDAYS.index(match["phrase"].casefold())
    if _FOR_DAY.search(match.string, 0, match.start()) and _AFTER_BARE_DAY.match(
        match.string, match.end()
    ):
        # "I booked a physio for friday": what is booked for a day is ahead of it.
        ahead = day + relativedelta(days=1, weekday=weekday(number)(1))
        return _When(ahead.isoformat())
    if not match[0].casefold().startswith("on ") and not _closes_clause(match):
        return None  # "Mondays are busy" is no date
    week = _THIS_ONE.match(match.string, match.end())
    if week is not None:
        # "on Monday this week", said on Thursday: that week's Monday, behind or not
        # (review34 F5); "next week" or "the coming week": the week after's.
        later = 0 if week["which"].casefold() in ("this", "that") else 7
        return _When(f"on {(day + timedelta(days=later + number - day.weekday())).isoformat()}")
    if (
        _DAY_NAMED.search(match.string, 0, match.start("phrase"))
        or _NAMES_A_DAY.match(match.string, match.end())
        or _recurs(match.string, match.start("phrase"))
    ):
        return None  # "the deploy day is Thursday": a day of the week, not a date
    if tense is None:
        return None  # "lunch with Sam on Friday": this one or the last, not told
    step = -1 if tense else 1
    return _When(
        f"on {(day + relativedelta(days=step, weekday=weekday(number)(step))).isoformat()}"
    )


def _rel_weekday(day: date, number: int, step: int, past: bool) -> date:
    """The weekday `number` that "last" (-1), "next" (1) or "this" (0) names, said on
    `day`. "this thursday": the one of this week (Monday to Sunday) when it is still
    ahead, or behind and told in the past; else the next one."""
    from dateutil.relativedelta import relativedelta, weekday

    if step == 0:
        this_week = day - timedelta(days=day.weekday() - number)
        if this_week >= day or past:
            return this_week
        step = 1
    return day + relativedelta(days=step, weekday=weekday(number)(step))


_SPAN_BEFORE = re.compile(
    r"\b(?:first|second|third|last|only|best|worst|most|least|longest|shortest|biggest|"
    r"hardest|busiest|happiest|quietest|coldest|hottest|warmest|fastest|slowest|"
    r"(?:have|has|['’]ve)(?:\s+(?:not|never|just|already))?\s+(?:been|had|got|gotten|done|seen|"
    r"made|\w+ed)|haven['’]?t|hasn['’]?t)\b",
    re.I,
)
"""Before "in N weeks", what makes it a span, not a date ahead: a superlative or an
ordinal ("the first trip in five years", "best sleep in months") or a perfect or a
negation ("I haven't been to the gym in a week")."""


_FOR_DAY = re.compile(r"\S\s+for\s+$", re.I)
"""A weekday after "for" and a word before it ("a table for saturday"): the day ahead."""
_BEFORE_BARE_DAY = re.compile(
    r"(?:^|[.!?;:,]\s*|\b(?:is|was|are|were|be|been|['’]s|to|through|thru|till|til|until|from|"
    r"since|by|before|after|and|or|of|every|each|the|a|this|that|next|last|than|not)"
    r"(?:\s+(?:now|still|also|again|currently|back))*\s+)$",
    re.I,
)
_DAY_NAMED = re.compile(
    r"\b(?:pay)?day(?:\s+off)?\s+(?:is|are|was|has\s+been|remains|stays|becomes|"
    r"(?:moved|moves|changed|changes|switched|switches)\s+to)"
    r"(?:\s+(?:now|still|also|again|currently|back))*\s+(?:on\s+)?$",
    re.I,
)
_NAMES_A_DAY = re.compile(
    r",?\s+(?:(?:is|was|remains|stays|becomes)(?:\s+(?:now|still|also|again))*\s+)?"
    r"(?:the|our|my|their|your|his|her)\s+(?:[\w-]+\s+){0,2}?day\b(?!\s+(?:before|after)\b)",
    re.I,
)
"""A weekday that is the value of a day (`_DAY_NAMED` before it: "The deploy day is now
Thursday", "release day is on Friday"; `_NAMES_A_DAY` after it: "on Thursday, our
deploy day") names a day of the week, not a date (audit 20 F4: "The deploy day is now
Thursday." became "... now on 2026-11-12"); a one-off ("the meeting is on Thursday")
still resolves."""
_RECURS_ON_DAY = re.compile(
    r"\b(?:stand-?ups?|daily|dailies|retros?|retrospectives?|1:1s?|1-on-1s?|one-on-ones?|"
    r"syncs?|office\s+hours|sprint\s+(?:planning|review|demo)s?|"
    r"(?:weekly|bi-?weekly|fortnightly|monthly|recurring|regular|usual)\s+[\w:-]+)"
    r"(?:\s+(?!(?:is|are|was)\b)[\w:'-]+){0,3}?\s+"
    r"(?:is|are|happens?|takes?\s+place|falls?|stays?|remains?|"
    r"(?:moved|moves|changed|changes|switched|switches)\s+to)"
    r"(?:\s+(?:now|still|also|again|currently|back|always|usually|normally))*\s+(?:on\s+)?$",
    re.I,
)
"""A weekday that is when a recurring event falls ("Our standup is on Monday", "The
weekly sync is on Tuesday", "My 1:1 with Sam is on Wednesday"): the event names its own
kind as one that comes back, so the day is a day of the week, as "on Mondays" is; a
one-off ("The demo is on Monday") still resolves, and so does one of these said with a
week (`_THIS_ONE`)."""
_RECURS_MONTHLY = re.compile(
    r"\b(?:due|every|each|monthly|rent|bills?|pay-?days?|payroll|pay-?checks?|salary|"
    r"salaries|mortgage|subscriptions?)\b",
    re.I,
)
"""A day of the month said without its month in a sentence that names something that
comes back each month ("Rent is due on the 1st", "The payroll run is on the 25th",
"Bills go out on the 3rd of each month"): the day is a day of every month, as "on
Mondays" is a day of every week (audit 21 F2: "Rent is due on 2027-01-01."); a one-off
("The party is on the 25th", "I paid the rent on the 3rd", "The final rent payment is due
on the 1st") still resolves."""
_ONE_OFF_BEFORE = re.compile(
    r"\b(?:final|last|first|kick-?off|one-off|one-time|extra|special|additional|emergency|"
    r"next|tomorrow['’]s|this\s+week['’]s)(?:\s+[\w:-]+)?\s+$",
    re.I,
)
_FOR_ONE = re.compile(r"\sfor\s+(?:the|our|this|that)\s", re.I)


def _recurs(text: str, end: int, *, monthly: bool = False) -> bool:
    """Whether the weekday at `end` is when a recurring event falls (`_RECURS_ON_DAY`),
    or with `monthly` the day of the month at `end` (`_RECURS_MONTHLY`), not when one of
    its kind is held once (review34 F6): a one-off word before the event ("The final
    retro", "Our kickoff sync", "The extra standup") or a purpose after it ("The retro
    for the outage") makes it one event, whose day is a date."""
    event = (_RECURS_MONTHLY if monthly else _RECURS_ON_DAY).search(text, 0, end)
    return (
        event is not None
        and not _ONE_OFF_BEFORE.search(text, 0, event.start())
        and not _FOR_ONE.search(event[0])
    )


_THIS_ONE = re.compile(r",?\s+(?P<which>this|next|that|the\s+coming)\s+week\b", re.I)
"""A week said after the weekday ("The standup is on Monday this week"): that week's
day, a date, before the day said or after it."""
_AFTER_BARE_DAY = re.compile(
    r"\s*(?:$|[,.!?;:)]|(?:so|but|then|too|already|morning|afternoon|evening|night)\b)",
    re.I,
)


def _closes_clause(match: re.Match[str]) -> bool:
    """A weekday said without "on" that closes a clause after its verb dates it as "on"
    would ("I quit my job friday", "we fly saturday, so ..."); not a weekday opening a
    sentence ("Friday works"), after "is" ("my day off is Sunday") or in a range
    ("Monday to Friday")."""
    before = match.string[: match.start()]
    return bool(
        match[0].casefold() == match["phrase"].casefold()  # "moved in saturday" keeps its "in"
        and before.strip()
        and not _BEFORE_BARE_DAY.search(before)
        and _AFTER_BARE_DAY.match(match.string, match.end())
    )


def _weekend(match: re.Match[str], day: date, tense: bool | None) -> str:
    """`_WEEKEND` said on `day`: the weekend just gone in a past, the coming one in a
    plan; as said when the tense does not tell, or when said on a weekend (this one or
    the next: not told)."""
    if tense is None or day.weekday() >= 5:
        return match[0]
    saturday = day + timedelta(days=5 - day.weekday() - (7 if tense else 0))
    return f"on the weekend of {saturday.isoformat()}"


def _span_from(match: re.Match[str], day: date, tense: bool | None) -> _When | None:
    """ "a fortnight today", "a week tomorrow", "a week on Friday" (`_RELATIVE`'s span):
    the day counted on from today, tomorrow or the coming weekday, said of what is
    ahead; in a past or a perfect it is how long ago something began ("it's been a week
    today"), no day. Said on the weekday itself, which one is not told."""
    if tense is True or re.search(r"\bbeen\b", match.string, re.I):
        return None
    start = match["span_from"].casefold()
    if start in ("today", "tomorrow"):
        base = day + timedelta(days=start == "tomorrow")
    else:
        ahead = (WEEKDAYS.index(match["span_day"].casefold()) - day.weekday()) % 7
        if not ahead:
            return None
        base = day + timedelta(days=ahead)
    number = _COUNTS[match["span_count"].casefold()]
    weeks = number * (2 if match["span_unit"].casefold() == "fortnight" else 1)
    return _When(f"on {(base + timedelta(weeks=weeks)).isoformat()}")


def _shift(day: date, count: int, unit: str, about: str) -> _When:
    from dateutil.relativedelta import relativedelta

    if unit == "fortnight":
        count, unit = count * 2, "week"
    if unit == "day":
        return _When(f"on {(day + timedelta(days=count)).isoformat()}")
    if unit == "week":
        return _When(f"{about}{(day + timedelta(weeks=count)).isoformat()}")
    if unit == "month":
        moved = day + relativedelta(months=count)
        return _When(f"in {MONTHS[moved.month - 1]} {moved.year}")
    return _When(f"in {day.year + count}")


_WEEKDAYS_SAID = {
    "de": ("montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonntag"),
    "fr": ("lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"),
    "es": ("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"),
}


def _counted(words: Iterable[str]) -> dict[str, int]:
    """Number words from two on, in order: each and the number it says."""
    return {word: number for number, word in enumerate(words, 2)}


_UNITS_SAID: dict[str, dict[str, str]] = {
    "de": {
        "tag": "day",
        "woche": "week",
        "wochenende": "weekend",
        "monat": "month",
        "jahr": "year",
        **dict(zip(_WEEKDAYS_SAID["de"], WEEKDAYS, strict=True)),
        "sonnabend": "saturday",
    },
    "fr": {
        "jour": "day",
        "semaine": "week",
        "week-end": "weekend",
        "mois": "month",
        "an": "year",
        "année": "year",
        **dict(zip(_WEEKDAYS_SAID["fr"], WEEKDAYS, strict=True)),
    },
    "es": {
        "día": "day",
        "semana": "week",
        "fin de semana": "weekend",
        "mes": "month",
        "año": "year",
        **dict(zip(_WEEKDAYS_SAID["es"], WEEKDAYS, strict=True)),
    },
    "zh": {
        "天": "day",
        "日": "day",
        "周": "week",
        "星期": "week",
        "礼拜": "week",
        "周末": "weekend",
        "月": "month",
        "年": "year",
    },
}
"""The units and weekdays of `_SAID_IN`, in their language (singular, lower case), as
`_RELATIVE`'s English names them."""
_COUNTS_SAID: dict[str, dict[str, int]] = {
    ENGLISH: _COUNTS,
    "de": {
        **dict.fromkeys(("ein", "eine", "einen", "einem", "einer"), 1),
        **_counted(("zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn")),
        "vierzehn": 14,
    },
    "fr": {
        **dict.fromkeys(("un", "une"), 1),
        **_counted(("deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix")),
        "quinze": 15,
    },
    "es": {
        **dict.fromkeys(("un", "una", "uno"), 1),
        **_counted(("dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez")),
        "quince": 15,
    },
    "zh": {
        **_counted("二三四五六七八九"),
        "一": 1,
        "两": 2,
        "十": 10,
        "十一": 11,
        **{f"十{unit}": number + 10 for unit, number in _counted("二三四五六七八九").items()},
    },
}
"""How many days, weeks or months are counted ("in zwei Wochen", "dans deux semaines",
"dentro de dos semanas", "两周后"), in words; a number in digits counts as written."""


def _alternatives(words: Iterable[str]) -> str:
    """Words as a pattern's alternatives, the longest first, a space any space."""
    return "|".join(
        re.escape(word).replace(r"\ ", r"\s+") for word in sorted(words, key=len, reverse=True)
    )


def _said_in(code: str, phrases: str) -> re.Pattern[str]:
    """A language's `_SAID_IN` pattern: `phrases` with the tables' words put in (`{days}`,
    `{steps}`, `{units}`, `{counts}`), bounded as a word is in a language that spaces
    its words."""
    pattern = phrases.format(
        days=_alternatives(_DAYS_FROM_SAID[code]),
        steps=_alternatives(_STEPS[code]),
        units=_alternatives(_UNITS_SAID[code]),
        counts=_alternatives(_COUNTS_SAID[code]) + r"|\d{1,2}",
    )
    if code != "zh":
        pattern = rf"(?<![\w-])(?:{pattern})(?![\w-])"
    return re.compile(pattern, re.I | re.X)


_SAID_IN = {
    "de": _said_in(
        "de",
        r"""(?P<days>{days})
        | (?:(?P<article>am|im|in\s+der|in\s+dem|in\s+den)\s+)?
          (?P<step>(?:nächste|kommende|letzte|vergangene|diese)[nmrs]?)\s+(?P<unit>{units})
        | (?P<way>in|vor)\s+(?P<count>{counts})\s+(?P<count_unit>(?:{units})(?:e|en|n)?)""",
    ),
    "fr": _said_in(
        "fr",
        r"""(?P<days>{days})
        | (?:(?P<article>la|le|l['’])\s*)?(?P<unit>{units})\s+(?P<step>{steps})
        | (?P<step_before>ce|cet|cette)\s+(?P<unit_after>{units})
        | (?P<way>dans|il\s+y\s+a)\s+(?P<count>{counts})\s+(?P<count_unit>(?:{units})s?)""",
    ),
    "es": _said_in(
        "es",
        r"""(?P<days>{days})
        | (?:(?P<article>el|la|del|al)\s+)?(?P<step_before>próxim[oa]|pasad[oa]|est[ea])\s+
          (?P<unit_after>{units})
        | (?:(?P<article_of_unit>el|la|del|al)\s+)?(?P<unit>{units})\s+
          (?P<step>que\s+viene|próxim[oa]|pasad[oa])
        | (?P<way>dentro\s+de|hace)\s+(?P<count>{counts})\s+(?P<count_unit>(?:{units})(?:s|es)?)""",
    ),
    "zh": _said_in(
        "zh",
        r"""(?P<days>{days})(?![的性])
        | (?P<step>[上下这本])个?(?P<unit>周末|(?:周|星期|礼拜)(?:(?P<weekday>一(?![起些样直定般共切点下边致同个次])
            |[二三四五六]|日(?![程期历常报子])|天(?!气))|(?<!周)|(?![期刊岁边围转长]|报(?![告名到道])))|月)
        | (?P<year>去年|今年|明年)
        | (?P<count>\d{{1,2}}|{counts})个?(?P<count_unit>天|周|星期|礼拜|月|年)(?P<way>以?后|之后|以?前|之前)""",
    ),
}
"""A day, a week, a month or a year said relative to the day it is said, in German,
French, Spanish and Chinese: a day by its distance ("übermorgen", "après-demain",
"pasado mañana", "后天"), a unit or a weekday with its "next", "last" or "this"
("nächsten Freitag", "vendredi prochain", "el próximo viernes", "la semana que viene",
"下周五"; not 周 beginning a longer word: 下周期, 这周报), or a count of them ahead or
ago ("in zwei Wochen", "dans trois jours",
"dentro de dos semanas", "两周后"; "vor zwei Wochen", "il y a trois jours", "hace dos
días", "三天前"). `_said_here` tells a false friend from the date."""
_NOT_TOMORROW = {
    "de": re.compile(
        r"(?i:\b(?:heute|gestern|guten|am|jeden|diesen|den|der|die|einen|eines|des|vom|zum|"
        r"im|schönen|frühen|ganzen|späten|nächsten|folgenden|selben|montag|dienstag|mittwoch|"
        r"donnerstag|freitag|samstag|sonntag)\s+$)"
    ),
    "es": re.compile(
        r"(?i:\b(?:la|las|una|esta|esa|cada|toda|buena|buenas|media|misma|aquella|el|del|al|"
        r"un)\s+$)"
    ),
}
"""What makes German's "morgen" and Spanish's "mañana" the morning, not tomorrow: an
article, a day or a word of the time of day before it ("Guten Morgen", "heute morgen",
"am Montag Morgen", "por la mañana", "esta mañana")."""
_FAREWELL_BEFORE = re.compile(r"(?i:(?:^|[«\"„“(,:;–—.!?])\s*(?:bis|à|hasta)\s+$)")
_FAREWELL_AFTER = re.compile(r"\s*(?:[!.,;»\"“”’…)]|$)")
"""A farewell: "bis", "à" or "hasta" with tomorrow alone between a sentence's or a
quote's edges ("Bis morgen!", "« à demain »", "À demain !"), which names no day the
fact is about (review 31 B4). "Die Abgabe ist bis morgen." is a deadline."""
_OF_TOMORROW = {
    "de": re.compile(
        r"(?i:\b(?:welt|zukunft|technik|technologien?|gesellschaft|stadt|städte|arbeitswelt|"
        r"arbeit|generation|mobilität|energie|schule)\s+von\s+$)"
    ),
    "fr": re.compile(
        r"(?i:\b(?:monde|avenir|société|ville|villes|technologies?|travail|métiers?|école|"
        r"énergie|génération)\s+de\s+$)"
    ),
}
"""Tomorrow as the future, after a noun of what it will hold: "die Welt von morgen", "le
monde de demain" (Spanish's "el mundo del mañana" is `_NOT_TOMORROW`'s article)."""
_GREETING_MORNING = re.compile(r"\s*(?:[!,.]|$|(?i:zusammen|allerseits|leute|ihr)\b)")
"""After a German "Morgen" opening a sentence: a greeting ("Morgen!", "Morgen zusammen")."""
_WORD_BEFORE_IN_CHINESE = {
    "明": "说证表声发聪光透文分清鲜英照失标简阐查黎神高精",
    "后": "然之以随最背落前先今日午此而往向身延滞推其",
    "前": "目之以提当眼面跟事空此先从向往门生日年天周月房胸",
    "去": "过失回出进上下来离除死拿送",
    "上": "马线网桌身墙晚早加路楼街面台会班世史书以之向往手地天床船车头脸",
    "下": "一以如之当眼私地底手部乡两留剩放接写记打坐拿停降落天楼南北东西往向低",
    "本": "根书基成版资原课样剧文脚账日",
}
"""A character that makes a word with the first of a Chinese time word after it ("目前天气"
holds "前天", "看一下周报" holds "下周", "然后天亮了" holds "后天"): no date there."""
_NO_COUNT_BEFORE = "几多数每这那第"
_PREPOSITIONS_SAID = {
    "de": re.compile(
        r"(?i:\b(?:bis|ab|seit|von|vom|für|nach|zum|zur|auf|gegen|über|bis\s+zum|bis\s+zur)\s+$)"
    ),
    "fr": re.compile(
        r"(?i:(?:\b(?:à|de|du|pour|avant|après|dès|depuis|jusqu['’]à|jusqu['’]au)|\bd['’]ici"
        r"|\bd['’])\s*$)"
    ),
    "es": re.compile(
        r"(?i:\b(?:a|de|desde|hasta|para|antes\s+de|después\s+de|a\s+partir\s+de)\s+$)"
    ),
}
"""A preposition before a date, which takes the date itself ("bis morgen", "jusqu'à
demain", "hasta mañana"): no "am", "en" of its own is written after it (as
`_OWN_PREPOSITION` for English)."""
_WRITTEN_SAID: dict[str, dict[str, tuple[str, str]]] = {
    "de": {
        "day": ("am {day}", "{day}"),
        "week": ("in der Woche vom {day}", "Woche vom {day}"),
        "weekend": ("am Wochenende vom {day}", "Wochenende vom {day}"),
        "month": ("im {month} {year}", "{month} {year}"),
        "year": ("im Jahr {year}", "{year}"),
        "around": ("um den {day}", "{day}"),
    },
    "fr": {
        "day": ("le {day}", "le {day}"),
        "week": ("la semaine du {day}", "la semaine du {day}"),
        "weekend": ("le week-end du {day}", "le week-end du {day}"),
        "month": ("en {month} {year}", "{month} {year}"),
        "year": ("en {year}", "{year}"),
        "around": ("vers le {day}", "le {day}"),
    },
    "es": {
        "day": ("el {day}", "el {day}"),
        "week": ("la semana del {day}", "la semana del {day}"),
        "weekend": ("el fin de semana del {day}", "el fin de semana del {day}"),
        "month": ("en {month} de {year}", "{month} de {year}"),
        "year": ("en {year}", "{year}"),
        "around": ("hacia el {day}", "el {day}"),
    },
    "zh": {
        "day": ("{day}", "{day}"),
        "week": ("{day}起的一周", "{day}起的一周"),
        "weekend": ("{day}的周末", "{day}的周末"),
        "month": ("{year}年{number}月", "{year}年{number}月"),
        "year": ("{year}年", "{year}年"),
        "around": ("{day}前后", "{day}前后"),
    },
}
"""How a resolved date is written in a sentence of its language, as `_When` writes it in
English ("on 2026-12-07", "in the week of 2026-12-07", "in January 2027", "around
2026-12-20"): alone, and after a preposition (`_PREPOSITIONS_SAID`)."""
_MONTHS_SAID = {
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",
    "zh": " ".join(map(str, range(1, 13))),
}
_ARTICLE_CONTRACTED: dict[str, tuple[re.Pattern[str], dict[str, str]]] = {
    "fr": (re.compile(r"\b(à|de) le (?=\d{4}-)", re.I), {"à": "au", "de": "du"}),
    "es": (re.compile(r"\b(a|de) el (?=\d{4}-)", re.I), {"a": "al", "de": "del"}),
}
"""French's "à le" and "de le", Spanish's "a el" and "de el" before a resolved day: "au",
"du", "al", "del" ("jusqu'à demain" is "jusqu'au 2026-12-07")."""
_PAST_SAID = {
    "de": re.compile(
        r"(?i:\b(?:war|waren|wurde|wurden|hatte|hatten)\b|\b(?:habe|hast|hat|haben|habt)\b"
        r"[^.!?]*\bge[a-zäöüß]{2,}(?:t|en)\b)"
    ),
    "zh": re.compile("已经|曾经|当时|那时"),
}
"""A sentence in the past, where a count of days ahead is how long something took ("Wir
haben das in zwei Wochen gebaut", "那时两周后就好了"), no date (`_SPAN_BEFORE` for English).
French's "dans" and Spanish's "dentro de" count only ahead."""


def _resolve_said_in(text: str, code: str, said: datetime) -> str:
    """Relative dates in `text`, in the language `code` (German, French, Spanish or
    Chinese), written as the date they mean in that language: "Die Abgabe ist morgen",
    said on 2026-12-06, is "Die Abgabe ist am 2026-12-07"; "下周五上线" is
    "2026-12-11上线". A phrase `_SAID_IN` does not know, or a false friend
    (`_said_here`), is kept as written."""
    day = said.date()
    for table in _TABLES_READ.get(code, ()):
        text = _SAID_IN[table].sub(partial(_said_as_date, table=table, day=day), text)
        if table in _ARTICLE_CONTRACTED:
            contraction, contracted = _ARTICLE_CONTRACTED[table]
            text = contraction.sub(partial(_contract, contracted), text)
    return text


def _contract(contracted: dict[str, str], match: re.Match[str]) -> str:
    word = contracted[match[1].casefold()]  # "À le" opening a sentence is "Au"
    return (word.capitalize() if match[1][0].isupper() else word) + " "


_TABLES_READ = {
    "de": ("de",),
    "zh": ("zh",),
    **dict.fromkeys(("fr", "es"), ("es", "fr")),
}
"""Whose tables `_resolve_said_in` reads a sentence by: its language's, and for French
or Spanish both, which share no word of them: a short Spanish sentence is often guessed
French by their common words ("La entrega es pasado mañana"). Not for one guessed
Portuguese, though a Spanish one may be ("Nos mudamos dentro de dos semanas"):
Portuguese writes "próxima semana" too, and "na próxima semana" would become "na la
semana del ...", a mangled sentence where one kept as said reads right."""


def _said_as_date(match: re.Match[str], table: str, day: date) -> str:
    """`match` (a `_SAID_IN` of the language `table`) written as the date it names,
    said on `day`; as said when it names none (`_said_here`, `_when_said`)."""
    when = _said_here(match, table) and _when_said(match, table, day)
    if not when:
        return match[0]
    kind, moment = when
    alone, after_preposition = _WRITTEN_SAID[table][kind]
    before = match.string[: match.start()]
    preposition = table in _PREPOSITIONS_SAID and _PREPOSITIONS_SAID[table].search(before)
    written = (after_preposition if preposition else alone).format(
        day=moment.isoformat(),
        year=moment.year,
        number=moment.month,
        month=_MONTHS_SAID[table].split()[moment.month - 1],
    )
    if match[0][:1].isupper() and _starts_sentence(match.string, match.start()):
        written = written[:1].upper() + written[1:]
    return written


def _said_here(match: re.Match[str], code: str) -> bool:
    """Whether `match` is the date it reads as, not a false friend: German's "morgen" and
    Spanish's "mañana" after an article or a time of day are the morning (`_NOT_TOMORROW`;
    a German "Morgen" opening a sentence before "!" or "zusammen" greets), a farewell or
    the future is no day (`_FAREWELL_BEFORE`, `_OF_TOMORROW`), and a Chinese
    time word whose first character makes a word with the one before it
    (`_WORD_BEFORE_IN_CHINESE`) or a count after "几" ("几十天后") is none; nor is a
    title in quotes (`_quoted_alone`: « Demain », 《明天》)."""
    before = match.string[: match.start()]
    if _quoted_alone(match.string, match.start(), match.end()):
        return False
    if code == "zh":
        words = _WORD_BEFORE_IN_CHINESE.get(match[0][0], "")
        if before and before[-1] in words:
            return False
        return not (match["count"] and before and before[-1] in _NO_COUNT_BEFORE)
    said = (match["days"] or "").casefold()
    if said in ("morgen", "mañana") and _NOT_TOMORROW[code].search(before):
        return False
    if said in ("morgen", "demain", "mañana") and (
        (_FAREWELL_BEFORE.search(before) and _FAREWELL_AFTER.match(match.string, match.end()))
        or (code in _OF_TOMORROW and _OF_TOMORROW[code].search(before))
    ):
        return False
    return not (
        said == "morgen"
        and match[0][0] == "M"
        and _starts_sentence(match.string, match.start())
        and _GREETING_MORNING.match(match.string, match.end())
    )


def _when_said(match: re.Match[str], code: str, day: date) -> tuple[str, date] | None:
    """What `match` (a `_SAID_IN`) names, said on `day`: the kind of time ("day", "week",
    "weekend", "month", "year", "around") and its day (a week's Monday, a weekend's
    Saturday, a month's or a year's any day), as `_resolve` reads English's."""
    if match["days"]:
        offset = _DAYS_FROM_SAID[code][" ".join(match["days"].casefold().split())]
        return "day", day + timedelta(days=offset)
    if code == "zh" and match["year"]:
        return "year", _months_on(day, 12 * ("去今明".index(match["year"][0]) - 1))
    if match["count"]:
        ahead = match["way"].casefold() in ("in", "dans", "dentro de") or "后" in match["way"]
        if ahead and code in _PAST_SAID and _PAST_SAID[code].search(match.string):
            return None
        count = _said_count(match["count"], code)
        unit = _unit_said(match["count_unit"], code)
        if count is None or unit not in ("day", "week", "month", "year"):
            return None
        count = count if ahead else -count
        if unit == "day":
            return "day", day + timedelta(days=count)
        if unit == "week":
            return "around", day + timedelta(weeks=count)
        return unit, _months_on(day, count * 12 if unit == "year" else count)
    step_word = match["step"] or match["step_before"]
    unit = _unit_said(match["unit"] or match["unit_after"], code)
    if code == "zh" and match["weekday"]:
        unit = WEEKDAYS[
            "一二三四五六日天".index(match["weekday"]) if match["weekday"] != "天" else 6
        ]
    step = _STEPS[code].get(re.sub(r"(?<=e)[nmrs]$", "", " ".join(step_word.casefold().split())))
    if step is None or unit is None:
        return None
    monday = day - timedelta(days=day.weekday())
    if unit in WEEKDAYS:
        number = WEEKDAYS.index(unit)
        if code == "zh":
            # "下周五" is the Friday of next week, whichever day it is said on.
            return "day", monday + timedelta(weeks=step, days=number)
        return "day", _rel_weekday(day, number, step, past=step < 0)
    if unit == "week":
        return "week", monday + timedelta(weeks=step)
    if unit == "weekend":
        return "weekend", monday + timedelta(weeks=step, days=5)
    if unit in ("month", "year"):
        return unit, _months_on(day, step * 12 if unit == "year" else step)
    return None


def _months_on(day: date, months: int) -> date:
    """`day` moved on by `months` (back when negative), its day of the month kept where
    the month has it."""
    from dateutil.relativedelta import relativedelta

    return day + relativedelta(months=months)


def _said_count(words: str, code: str) -> int | None:
    """The number `words` (a `_SAID_IN` count) says: digits, or a word of `_COUNTS_SAID`."""
    if words.isdigit():
        return int(words)
    return _COUNTS_SAID[code].get(words.casefold())


def _unit_said(word: str, code: str) -> str | None:
    """The English name (`_RELATIVE`'s) of a unit or weekday said in `code`, its plural
    ("Wochen", "Tagen", "semaines", "meses") read as its singular."""
    units = _UNITS_SAID[code]
    said = " ".join(word.casefold().split())
    for cut in (said, said[:-1], said[:-2]):
        if cut in units:
            return units[cut]
    return None


# --------------------------------------------------------------------------- which sentences


_PLACE = re.compile(
    r"""(?<![\w/.:@-])(?:
        [a-z][a-z0-9+.-]*://[^\s/]+\S*                      # a URL
      | [\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}          # an e-mail address
      | (?:~|\.{1,2})?/[\w.-]*[A-Za-z][\w.-]*(?:/[\w.-]+)*/?  # /etc/x, ~/x, ./x
      | (?P<parts>(?=[\w.-]*[A-Za-z])[\w.-]*+(?:/[\w.-]+)+)/?  # app/billing, tests/x.py
      | (?=[\w-]{2})(?=[\w-]*[A-Za-z])[\w-]*+(?:\.\w[\w-]*)*\.[a-z][a-z0-9]{0,4}(?![\w/-])
                                                             # invoice.py, docs.example.com
      | (?<=\s)\.[A-Za-z][\w-]+(?![\w/-]|\.\w)               # a dotfile: .env, .bashrc
      | (?i:the|our|their|its|an?)\s+(?:[\w.-]+\s+){0,2}?
        (?i:folder|directory|dir|repo|repository|subfolder|subdirectory)\b  # the X folder
    )""",
    re.VERBOSE,
)
"""A path, a file or host name, a URL, an e-mail address, or a folder named by its noun:
where code, configuration or logs are, where someone is reached."""
_PLACED = re.compile(
    r"(?:^|\s)(?P<word>[\w'’]+)\s+(?:in|at|under|inside|into|within|to|on|from|"
    r"is|are|was|were|lives?|sits?|stays?)\s+$",
    re.I,
)
"""What puts a thing at the place after it: a preposition of place or a copula, with
the word before it ("lives in", "Tests are under", "go to", "workflow is")."""

_SCRATCH = re.compile(
    r"""(?<![\w.~-])(?:
        /(?:private/|var/)?tmp                 # /tmp, /var/tmp, macOS's /private/tmp
      | \$\{?(?:TMPDIR|TEMP|TMP)\}?            # $TMPDIR, ${TMPDIR}
      | %(?:TEMP|TMP)%                       # Windows' %TEMP%
      | [A-Za-z]:\\(?:Windows\\)?Temp           # C:\Temp, C:\Windows\Temp
      | (?i:[A-Z]:\\Users\\[^\\\s]+\\AppData\\Local\\Temp)  # a Windows user's
    )(?=[/\\]|[\s.,;:!?)'"]|$)""",
    re.VERBOSE,
)
"""A path under the system's temporary folder: an agent's scratch for the session (a
patch written to /tmp, a dump in $TMPDIR), gone at the next reboot or cleanup; a
sentence that leads there leads nowhere later. (The machine's own temporary folder,
when it is elsewhere, is given to `extract` by the pipeline: see `_scratch`.)"""


def _scratch(sentence: str, folder: str = "") -> bool:
    """Whether `sentence` names a path under the temporary folder (see `_SCRATCH`) or
    under `folder`, the machine's own ("/var/folders/xy/T" on macOS), when it is one of
    two levels or more (a folder at the root, "/tmp", is `_SCRATCH`'s)."""
    if _SCRATCH.search(sentence):
        return True
    own = folder.rstrip("/")
    return own.startswith("/") and own.count("/") > 1 and own + "/" in sentence


def _says_where(sentence: str) -> bool:
    """Whether the object of a sentence is a place in a file system or on the web: the
    place follows a preposition of place or a copula ("The config is at
    /etc/shop/config.yaml", "Tests are under tests/billing", "The invoice code lives in
    the billing folder"); where something lives is a durable fact. Not what an action
    of the moment reaches ("Looking at src/app.py", "Let me read app/main.py": an -ing
    verb before the preposition, or none), nor a pair of function words joined by a
    slash ("and/or", "his/her")."""
    for match in _PLACE.finditer(sentence):
        placed = _PLACED.search(sentence, 0, match.start())
        if placed is None:
            continue
        word = placed["word"].casefold()
        if word.endswith("ing") and not word.endswith("thing"):
            continue
        parts = match["parts"]
        if parts and all(p.strip(".").casefold() in _STOP | _FILLER for p in parts.split("/")):
            continue
        return True
    return False


def is_fact(
    sentence: str,
    names: frozenset[str] = frozenset(),
    learned: frozenset[str] = frozenset(),
    chat: bool = False,
    to_assistant: bool = False,
    laughed: bool = False,
) -> bool:
    """Whether a sentence states something durable (see the module's docstring).
    `names`: the participants; `learned`: other names the conversation wrote with a
    capital, which name someone even opening a sentence ("Stan fixed it"); `chat`: the
    sentence is from a message in lower case, whose rules for who and what are read from
    how chat is written (the rules were drawn from chat: in prose, a sentence on "the
    chicken" or "Einstein's theory" is more often a joke or trivia); `to_assistant`: a
    person speaking to an AI assistant, who tells of their own life only in passing, to
    be helped, where two people chatting trade the moment's small talk; `laughed`: the
    sentence was said with laughter (`_LAUGHTER`), cut before it reaches here, which makes
    an order a joke ("Never trust a weather app lol"), not a rule to hold to."""
    stripped = sentence.strip()
    if (
        not stripped
        or _scratch(stripped)
        or stripped.endswith("?")
        or _QUESTION.match(stripped)
        or _ASKED_IF.match(stripped)
        or _TAG_ASKED.search(stripped)
        or _pasted_output(stripped)
    ):
        return False
    if _SIGNALS_CJK.search(stripped) or (not laughed and _labelled_rule(stripped)):
        return True
    if step := _STEP_OPENING.match(stripped):
        # "step 3: run shell", "Step 3 done.", "Phase 1 finished, moving on": an agent's
        # steps, the number of which says where in the session's sequence one falls, no
        # quantity to anchor a fact; what follows the label is judged alone, as an
        # order, a report of the moment or a fact ("Phase 2 is done: the API is on v2
        # now"). A step with its day is an event or a plan ("Step 3 done on 2026-12-01").
        rest = stripped[step.end() :]
        return bool(rest) and is_fact(rest, names, learned, chat, to_assistant, laughed)
    if (chosen := _without_contrast(stripped)) != stripped:
        # "We use uv, not pip": the alternative set off after a statement is what was
        # chosen against, not a negation of it; the statement is judged alone, and to
        # an assistant a practice of a whole class of things with its rejected
        # alternative ("Flaky tests get quarantined, not deleted"), or an order with one
        # ("Use the logger in app/log.py, not print"), is the team's rule.
        return is_fact(chosen, names, learned, chat, to_assistant, laughed) or (
            to_assistant
            and not laughed
            and (_practice(chosen) or bool(_CHOICE_ORDER.match(chosen)))
        )
    if (
        _BARE_THIRD.match(stripped)
        and not _THIRD_COUNT.match(stripped)
        and not _DONE_TO_SPEAKER.match(stripped)
        and not (
            chat
            and _HE_OR_SHE.match(stripped)
            and PAST.search(stripped)
            and _RELATIVE.search(stripped)
        )
    ):
        # "She made me repaint the fence": who she is was said before; read later, the
        # bullet names nobody. A count said of them ("he's a three year old beagle
        # mix") is still kept.
        return False
    if _NEXT_STEP.match(stripped) and not _dated(stripped):
        # "Let me read app/auth.py around line 88": the speaker's next step names what
        # the work of the session reaches, true until the next step. Said with its day,
        # a step is a plan ("Let me ring the Anchor tomorrow").
        return False
    if (
        to_assistant
        and _SESSION_ORDER.match(stripped)
        and not _DEADLINE.search(stripped)
        and not (_dated(stripped) and not _SESSION_DAY.search(stripped))
        and not _RECURRING.search(stripped)
    ):
        # "Please fix the failing test in tests/test_auth.py": this session's task; so is
        # one whose day dates its object or the session ("Re-run the job that failed on
        # 2025-06-06", "Run the migration tonight", review 25 F2). With a deadline or a
        # day ahead ("Add a reset link to the login page by Friday", "Run the migration
        # on Friday", review 26 F1) it is an open task, which outlives the session; said
        # for every time ("Use the logger in app/log.py for all new code") it is a
        # standing rule.
        return False
    content = content_words(stripped)
    if _GREETING.match(stripped) and len(content) < 3:
        return False
    if not content or _WISH.match(stripped) or all(word in names for word in content):
        return False  # nothing, a wish, or only a name ("Thanks Ana!")
    # "Never send me PRs without tests again": to an assistant, "never" before a verb of
    # asking is an order from now on, not a request of the moment (`_not_told`).
    standing = to_assistant and not laughed and bool(_STANDING_ORDER.match(stripped))
    if (_not_told(stripped) and not (standing and _rule(stripped))) or (
        _about_it(stripped) and not _DIGITS.search(stripped) and not _JOINS.search(stripped)
    ):
        # ... or "The kids loved it!": how someone took what came before ("I'm
        # transgender, and proud of it" says what "it" is).
        return False
    # "We are all responsible for our own feelings": a saying, not the speaker's group.
    about_speaker = not _EVERYONE.match(stripped) and bool(
        _ABOUT_SPEAKER.search(_own_words(stripped))
    )
    if _LISTENER.search(stripped) and not _AGREED.search(stripped):
        # "You'll be an awesome mom!", "I hope you have a great time in Lisbon!",
        # "It seems you're familiar with it": said to the listener (a compliment, a
        # wish, advice) or of anyone ("you can't have it both ways"); a sentence with
        # its own "I" or "my" beside them is still the speaker's.
        rest = _ASIDE.sub("", stripped)
        if (
            _YOU.match(stripped) and not (chat and _YOURS_DID.match(stripped))
        ) or not _ABOUT_SPEAKER.search(rest):
            return False
    if _not_so(stripped) or (_empty_promise(stripped) and not _TAKES_ON.match(stripped)):
        return False
    if _SPECULATION.match(stripped) and not _ABOUT_SPEAKER.search(_ASIDE.sub("", stripped)):
        return False  # "I bet Mel loved it" guesses.
    first_word = stripped.split()[0].strip(",.!:;\"'").casefold()
    # A capital inside a quoted sentence ('I wouldn't say "never." "Sometimes."') names
    # nothing; a quoted name ('a band called "Blue Harbor"') does.
    unquoted = _QUOTED.sub(lambda m: " " if re.search(r"[.!?]", m[0]) else m[0], stripped)
    named = (
        _names_something(unquoted)
        or first_word in names
        # A name learned from its capital elsewhere opens an event, not a verdict
        # ("kevin is the funniest person I know").
        or (
            first_word in learned
            and (to_assistant or bool(_CHAT_SUBJECT.match(stripped) or PAST.search(stripped)))
        )
        or (chat and _named_opening(stripped))
    )
    if not named and _BARE_IT.match(stripped) and len(stripped.split()) <= 6:
        return False  # "It's like 2.5 hrs.": what "it" is was said before, not here.
    anchored = (
        named
        or bool(_DIGITS.search(stripped))
        # a snake_case name names as a capital does ("Corvid added a second dataset,
        # corvid_staging, for tests" was kept only when a capital inside named something
        # else, audit 16 M3); a path or a file stays read by `_says_where`
        or bool(_SNAKE_NAME.search(stripped))
        or bool(_CHANNEL_NAME.search(stripped))
        or _says_where(stripped)
        # A value redacted before the model saw it ("[REDACTED:openai_key]") was a value.
        or "[REDACTED:" in stripped
        or (
            (about_speaker or bool(_THIRD_SUBJECT.match(stripped)))
            and bool(_NUMBER_WORD.search(stripped))
        )
        or bool(_RELATIVE.search(stripped))
        # "my exam is in november": chat writes a month in lower case, and it dates.
        or bool(about_speaker and _MONTH_NAME.search(stripped))
        or (bool(_RELATION.search(stripped)) and not _GENERIC_KIN.match(stripped))
        or _duty(stripped, names, learned)
        or _standing(stripped)
        or _trait(stripped)
    )
    return (
        anchored
        or _unanchored_fact(stripped, content, about_speaker, chat)
        or (to_assistant and _told_in_passing(stripped, content, about_speaker))
        # "Migrations must be reversible", "Never push directly to main": what a person
        # tells the assistant helping them to hold to from now on.
        or (to_assistant and not laughed and _rule(stripped))
    )


_CONTRAST = re.compile(
    r",\s+(?:not|rather\s+than|instead\s+of)\s+"
    r"(?!(?:that|because|so|yet|really|sure|much|even|just|only|always|now|anymore|too|"
    r"quite|exactly|necessarily|once|gonna|going|to|at|for|in|bad|great|least)\b)"
    r"(?P<other>[\w@./`'’-]+(?:\s+[\w@./`'’-]+){0,3})(?:,(?=\s)|(?=\s*[.!]*$))",
    re.I,
)
"""A rejected alternative set off after a statement ("We use uv, not pip, in this
repo", "Flaky tests get quarantined, not deleted"): a word or a short phrase of up to
four words between commas or closing the sentence. Not a clause's own negation ("...,
not that it helped", "..., not really", "..., not to mention ...")."""


def _without_contrast(sentence: str) -> str:
    """`sentence` without its rejected alternatives (`_CONTRAST`): "We use uv in this
    repo." for "We use uv, not pip, in this repo."."""
    return _CONTRAST.sub("", sentence)


_PRACTICE = re.compile(
    r"^(?:(?P<all>all|every|each|any|our)\s+)?"
    r"(?P<subject>(?P<head>[A-Za-z][\w./@-]*)(?:\s+[a-z][\w./@-]*){0,3}?)"
    r"\s+(?:(?:always|usually)\s+)?(?:get|are|is)\s+(?P<done>[a-z][a-z-]+)\b",
    re.I,
)
"""What is done to a thing, in the present: a subject and "get", "are" or "is" before
a participle ("Flaky tests get quarantined", "Secrets are kept in Vault")."""


def _practice(sentence: str) -> bool:
    """Whether `sentence` says what is done to a whole class of things (`_PRACTICE`): a
    plural, "all/every/each", code or an abstract noun (as `_rule` reads a class), and a
    participle ("quarantined", "written"); "The pizza is burnt" is one thing's state."""
    done = _PRACTICE.match(sentence)
    if done is None or done["head"].casefold() in _PERSONAL | _STOP:
        return False
    subject = done["subject"]
    noun = subject.split()[-1].casefold()
    kind = bool(
        done["all"]
        or (noun.endswith("s") and not noun.endswith("ss"))
        or _CODE_LIKE.search(subject)
        or _MASS_NOUN.search(noun)
    )
    participle = done["done"].casefold()
    return kind and (participle.endswith(("ed", "en")) or bool(PAST.fullmatch(participle)))


_INTRODUCED = re.compile(
    rf"\b(?i:my|our)\s+(?:[a-z-]+\s+)?(?:{_RELATION.pattern})\s+(?P<name>[A-Z][a-z]+)\b"
)
"""Who a person introduces by relation ("my girlfriend Mia", "our neighbour Doris")."""


def _told_in_passing(stripped: str, content: list[str], about_speaker: bool) -> bool:
    """Whether a person asking an assistant for help states a fact of their own life
    ("I already use a stand", "my knee hurt after the last run"): a statement of the
    speaker, opening on "I" or "my", of two content words or more; not a hedge, a wish,
    a negation, nor a request ("I need ...", "I'm looking for ...")."""
    return bool(
        about_speaker
        and len(content) >= 2
        and _OWN_OPENING.match(stripped)
        and not _HEDGE.match(stripped)
        and not _WOULD_LIKE.match(stripped)
        and not _NEGATION.search(stripped)
        and not _REQUEST.match(stripped)
    )


_OWN_OPENING = re.compile(r"(?:I|I'm|I've|my|we|we're|we've|our)\b", re.I)
_REQUEST = re.compile(
    r"(?:I|we)(?:['’]m|\s+am|['’]re|\s+are)?\s+(?:just\s+|really\s+)?"
    r"(?:need|want|wanted|wonder|wondering|looking|trying|hoping|wish|was\s+wondering)\b",
    re.I,
)
"""A request in the speaker's own words: what they need, want, look for or try to do."""


_NUMBERED_STEP = (
    r"(?:sub)?(?:step|task|phase|stage|part|milestone)s?\s+#?\d{1,3}[a-z]?"
    r"(?:\s*(?:-|–|/|to|and|of)\s*\d{1,3}[a-z]?)?"
)
_DONE = r"(?:done|complete|completed|finished|over)"
_ON_TO = (
    rf"(?:(?:moving|going|turning)\s+)?on\s+to\s+(?:the\s+next(?:\s+one|\s+step)?|{_NUMBERED_STEP})"
)
_STEP_OPENING = re.compile(
    r"^(?:(?:ok(?:ay)?|so|and|now|all|great|good)[,\s]+)*"
    rf"(?:{_NUMBERED_STEP}(?:\s*[:)]|\s+[—–-])"
    rf"|(?:{_NUMBERED_STEP}\s+(?:(?:is|are|was|were|has\s+been|have\s+been)\s+)?(?:now\s+|all\s+)?{_DONE}"
    rf"|{_DONE}\s+(?:with\s+)?{_NUMBERED_STEP})(?:\s*[,;—–-]?\s*{_ON_TO})?"
    r"(?=[\s.!]*$|\s*[,;:—–-]))"
    r"[\s.!,;:—–-]*",
    re.I,
)
"""A step of the session's work by its number, opening the sentence: as its label
("step 3: run shell", "Task 2: add the index") or reported done ("Step 3 done.",
"Phase 1 finished, moving on", "Done with task 4, on to task 5"), ending the sentence
or set off from what follows by a mark. What the label's number counts is the order of the session's steps,
and what is done with it is the state of the work this minute; a step done on a day
("Step 3 done on 2026-12-01"), a step's own fact ("Step 3 of the migration is on
2026-12-10", "Step 2 needs root access") are not openings of this kind."""


_NEXT_STEP = re.compile(
    r"^(?:(?:ok(?:ay)?|now|first|so|alright|right|next)[,\s]+)*let\s+me\s+(?!know\b)[^:—–]*$",
    re.I,
)
"""The speaker's next step announced ("Let me read app/auth.py around line 88", "OK,
let me check the logs"): what they do this minute. One that goes on after a colon or a
dash to what it announces ("Let me be clear: we never deploy on Fridays") is the fact
it leads into."""
_RUN_STATUS = re.compile(
    r"^(?:(?:all|both|the|our|my|every|each|only|now|still|so\s+far)\s+)*"
    r"(?:\d+\s+(?:of\s+(?:the\s+)?\d+\s+|out\s+of\s+\d+\s+)?)?(?:[\w-]+\s+){0,2}?"
    r"(?:tests?|specs?|checks?|migrations?|builds?|jobs?|suites?|pipelines?|CI|mypy|ruff|pytest)"
    r"(?:\s+(?:in|for|on|under|against)\s+\S+)?"
    r"\s+(?:(?:all|now|still|also|both)\s+)?"
    r"(?:pass(?:es|ed)?|fail(?:s|ed)?|succeeded|ran|errored|applied|went\s+(?:green|red)|"
    r"came\s+back\s+(?:green|red|clean)|"
    r"(?:is|are|was|were)\s+(?:now\s+|still\s+|all\s+)?(?:passing|failing|green|red|applied))"
    r"(?:\s+(?:now|again|against\s+\S+?))*[.!]?$",
    re.I,
)
"""How a run of tests, checks, a build or migrations came out, said by the assistant at
work ("All 40 integration tests pass against db7", "12 migrations applied", "CI is
green"): the state of the work this minute, which the next change makes untrue. It ends
the sentence (but for "now", "again", "against X"): a condition or a cause after it
("Integration tests fail on ARM because of the numpy wheel", "Tests in tests/e2e fail
without Docker", "mypy fails on the generated stubs, so they are excluded") is a lasting
fact of the project, and so is a rule ("All tests must pass before merging"), with its
verb of obligation (review 23 H2)."""
_WORK_ORDER = (
    r"^(?:(?:yes|yeah|yep|ok|okay|sure|great|good|thanks|but|and|also|now|then|so|please|"
    r"just|first|next)[,.!]?\s+)*"
    r"(?:fix|run|re-?run|open|use|add|update|remove|delete|rename|refactor|write|create|"
    r"implement|deploy|merge|push|commit|revert|install|review|debug|investigate|bump|upgrade|"
    r"downgrade|move|change|clean|restart|rebase|squash|test|build|split|extract|replace|"
    r"document|explain|summari[sz]e|search|grep|fetch|pull|patch|migrate|generate|format|"
    r"lint|draft|prepare|rewrite|continue|undo|reset|profile|benchmark)\s+"
)
_CHOICE_ORDER = re.compile(_WORK_ORDER + r"\S", re.I)
"""A verb of the work opening the sentence, in the imperative, with what follows it."""
_RECURRING = re.compile(
    r"\bfor\s+(?:all|every|each|any)\b|\bwhenever\b|\bevery\s+\d|\bfrom\s+now\s+on\b", re.I
)
"""An order's scope over every time it applies ("for all new code", "whenever the CLI
changes", "every 10000 km", "from now on"): a rule that holds, said without "always"
(review 23 M8)."""
_DEADLINE = re.compile(
    rf"\b(?:by|before|until|till|no later than|due(?:\s+(?:on|by))?)\s+(?:the\s+)?"
    rf"(?:(?:next|this|end of(?: the)?)\s+)?(?:{_WD}|tomorrow|tonight|EOD|COB|noon|midnight|"
    rf"day|week|month|sprint|\d{{4}}-\d\d-\d\d|\d\d?(?:st|nd|rd|th)\b|"
    rf"\d\d?(?::\d\d)?\s*[ap]m\b|\d\d?:\d\d\b|{_MONTH_NAME.pattern})"
    r"|\bwithin\s+(?:a|an|one|two|three|\d+)\s+(?:hours?|days?|weeks?)\b",
    re.I,
)
"""A deadline said with an order ("by Friday", "before 2026-12-10", "by the end of the
week", "by 5pm", "within two days"): the order is an open task with it, not the
session's task of the moment. A bare number is none ("Run the tests by 4 workers")."""
_SESSION_DAY = re.compile(
    r"\b(?:tonight|today|this\s+(?:morning|afternoon|evening)|yesterday|last\s+night|"
    rf"ago|(?:from|since)\s+(?:last\s+)?(?:{_WD}|yesterday))\b|\b\w+ed\s+(?:on|at)\s",
    re.I,
)
"""A day that dates an order's session or its object, not what is to be done: "Run the
migration tonight", "Revert the commit from Monday", "Re-run the job that failed on
2025-06-06" (review 25 F2)."""
_SESSION_ORDER = re.compile(
    _WORK_ORDER + r"(?:(?:me|us|it|them|this|that|these|those|the|a|an|all|every|each|"
    r"some|my|our)\b|[\w-]*[./_`][\w./-]*)",
    re.I,
)
"""An order to an assistant for this session ("Please fix the failing test in
tests/test_auth.py", "Yes but open a PR", "Use a subagent to find where we configure
Sentry"): a verb of the work opening the sentence before its object, a determiner, a
pronoun or a path. It is the task of the moment, done when done; what holds from now on
is said with "always" or "never" (`_STANDING_ORDER`: "Always run ruff before
committing"), as a rule of a thing (`_rule`), or with the alternative it rejects (`is_fact`:
"Use uv, not pip"). A verb with a name or a place after it ("Use Postgres for the
queue", "Deploy to staging on Friday") may set a choice or a date, and is left to the
rules of a fact."""


_DUTY = re.compile(
    r"^(?P<who>[A-Z][a-z][\w'-]*(?: [A-Z][a-z][\w'-]*)?|I|we|We)"
    r"(?P<of> (?:from|in|on|at|of) (?:the )?[a-z][\w-]*)?"
    r"(?: (?:also|still|now|always|usually|personally))?"
    r" (?:(?P<person>reviews?|approves?|signs? off(?: on)?|authori[sz]es?|vets?|audits?|"
    r"oversees?|(?:is|are|am) (?:responsible for|in charge of|accountable for))|"
    r"maintains?|manages?|handles?|owns?|leads?|heads?|runs?)"
    r" (?!(?:it|this|that|them|him|her|me|us|you)\b)[a-z0-9]"
)
"""Who is answerable for what: a person (a name, with where they are from: "Marta from
finance") and a verb of duty over a thing named after it ("reviews every change to
invoice rounding", "approves all database migrations", "is responsible for backups").
Such a rule of the team's process is kept as "owns" is; a pronoun after the verb
("approves it") names nothing that lasts. The verbs of `person` (review, approve, sign
off, be responsible for) take a person for their subject; the others take things too
("Water runs downhill", "Python handles errors with exceptions")."""


_TAKES_ON = re.compile(
    r"^(?:I|we)(?:['’]ll|\s+will|['’](?:m|re)\s+going\s+to|\s+(?:am|are)\s+going\s+to)?"
    r"\s+(?:also\s+)?(?:take(?:\s+(?:over|on|charge\s+of))?|own|handle|lead|run|cover)"
    r"\s+(?:the|our)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}\s*[.!]*$",
    re.I,
)
"""The speaker taking on a thing of the group's ("I'll take the frontend", "We'll own
the billing API"): a verb of taking charge and a thing picked out by "the" or "our",
nothing after it. Who holds what is a fact from now on, not an offer of the moment."""


def _duty(sentence: str, names: frozenset[str], learned: frozenset[str]) -> bool:
    """Whether `sentence` says who reviews, approves, owns or runs what (`_DUTY`): its
    subject is a person, by a verb only a person is the subject of, or by who it is: a
    participant, a name the conversation writes in lower case too, the speaker ("I",
    "we") or someone "from" a team; or the speaker takes a thing on (`_TAKES_ON`)."""
    if _TAKES_ON.match(sentence):
        return True
    match = _DUTY.match(sentence)
    if match is None:
        return False
    first = match["who"].split()[0].casefold()
    if first in _STOP - {"i", "we"} or first in _NO_ONE:
        return False  # "The", "This", "Everyone": no one in particular
    return bool(
        match["person"]
        or (match["of"] or "").startswith(" from ")
        or first in ("i", "we")
        or match["who"].casefold() in names
        or first in names | learned
    )


_RULE_SUBJECT = re.compile(
    r"^(?:(?P<all>all|every|each|any|no)\s+|(?P<the>the\s+)|(?:our|new)\s+)?"
    r"(?P<subject>(?P<head>[A-Za-z][\w./-]*)(?:\s+[a-z][\w./-]*){0,3}?)"
    r"\s+(?:must|should|shall|(?:need|needs|has|have)\s+to)\s+"
    r"(?:(?:always|never|not|only|also|still)\s+)?(?P<verb>[a-z][\w-]*)\b",
    re.I,
)
"""A rule stated of a thing: a subject, then an obligation ("Migrations must be
reversible", "PRs should be squashed before merging", "Every endpoint needs to check
the token")."""
_STANDING_ORDER = re.compile(
    r"^(?:(?:please|and)\s+)?(?:always|never|(?:do not|don't|dont)\s+ever)\s+"
    r"(?P<verb>(?![a-z]*[aeiouy][a-z]*ing\b)[a-z][\w-]*)\s+\S",
    re.I,
)
"""An imperative that holds from now on, not for this once: "always" or "never" before
the verb ("Never push directly to main", "Always run the linter first"); not before a
participle (a stem with its vowel and "-ing": "running", not "bring"), whose "I'm" chat
dropped ("Always running late these days")."""
_ONCE_ONLY = re.compile(r"\b(?:me|him|her|us)(?:\s+[a-z]+)?\s+again\b[\s.!?]*$|\bnext time\b", re.I)
"""An order about one person and what just happened, the person and "again" all there is
after the verb ("Never doubt me again", "Never leave me hanging again"), or about the
next occasion only ("Always bring snacks next time"): chat's reaction, not a rule from
now on. An order with a thing in it is one ("Never send me PRs without tests again",
"Never push to main again"); said with laughter it is a joke (`is_fact`)."""
_BUT = re.compile(r"\s(?:but|yet|though|although|except)\s", re.I)
_PERSONAL = _words(
    """i i'm you you're u we we're he she they it it's this that there here everyone
    everybody someone somebody anyone anybody nobody something everything nothing my your
    his her their its people folks guys things stuff life"""
)
"""Subjects that are no thing of a project: the people in the conversation, a pronoun
("You should come", "It must be nice"), a possessive of someone, or everyone and
everything at once ("people", "life"); as the last word of an order ("Always look on
the bright side of life") they make it a maxim for living, not a rule of a project."""
_CODE_LIKE = re.compile(r"[\d./_`]|\w[A-Z]")
"""A token written as code or an acronym: a digit, a dot, a slash, an underscore, a
backtick, or a capital after its first letter ("settings.py", "PRs", "API", "iOS")."""
_MASS_NOUN = re.compile(r"(?:tion|sion|ment|ness|ity|ing|ance|ence|age|ure|ism|logy)$", re.I)
"""The endings English derives abstract nouns with ("indentation", "logging",
"coverage", "security"): such a noun stands without a determiner as a name does."""
_COMPARATIVE = re.compile(r"\b(?:more|less|fewer|better|worse)\b", re.I)
"""A degree wished for ("Kids should sleep more", "Netflix should add more anime"):
an opinion of how things ought to change, not a rule to hold to."""
_IDIOM_STATE = re.compile(r"(?:on|in|at|under)\s+[a-z]+[.!]*", re.I)
"""A preposition and a bare noun, nothing after ("on sale", "at home", "in stock"): a
state things are in for a while, not where a rule puts them ("under 50 lines",
"in `src/`", "in UTC")."""


def _rule(sentence: str) -> bool:
    """Whether a person asking an assistant for help gives it a standing rule of their
    project: an obligation of a thing (`_RULE_SUBJECT`), or an order that holds from
    now on (`_STANDING_ORDER`, with a verb after "never": "Never again lol" has none, and
    no maxim for living: "Always look on the bright side of life").

    The thing obliged is no pronoun nor everyone (`_PERSONAL`: "You should come", "It
    must be nice"), and a capital word standing alone for it, neither code nor an acronym
    (`_CODE_LIKE`) nor a plural nor an abstract noun (`_MASS_NOUN`), is someone's or a
    company's name ("Sarah should apologize", "Netflix should add more anime"): one the
    conversation wrote elsewhere as a name is `named` in `is_fact`, before this. Done
    to or in a place ("be" + a participle or a preposition: "PRs should be squashed"),
    or of a quality ("Branch names must be lowercase"), it is a whole class of things:
    a plural, "all/every/each", code or an abstract noun; a single thing ("The pizza
    should be delivered") or things picked out by "the" ("The neighbours must be away")
    is a guess of the moment. A value ("Indentation must be four spaces") needs no class.

    A rule is stated, not exclaimed ("Mondays should be banned!"), holds at no one
    moment ("The package should arrive soon" expects; a date said, `_RELATIVE`,
    anchors it in `is_fact` already), is no verdict of how it seems ("The party should
    be fun"; `_JUDGEMENT`'s verdicts are `_not_told` before this), wishes no degree
    (`_COMPARATIVE`), and an obligation is not then contradicted ("The build should
    pass but it fails": an expectation not met)."""
    if sentence.endswith("!") or _MOMENT.search(sentence):
        return False
    if order := _STANDING_ORDER.match(sentence):
        verb = order["verb"].casefold()
        if PAST.fullmatch(verb):
            return False  # "Never tried sushi before": chat's own news, its "I" dropped
        if _ONCE_ONLY.search(sentence, order.start("verb")):
            return False
        last = sentence.rstrip(" .!;:,").rsplit(None, 1)[-1].casefold()
        if last in _PERSONAL - _STOP:
            return False
    elif (
        (obliged := _RULE_SUBJECT.match(sentence))
        and obliged["head"].casefold() not in _PERSONAL | _STOP
        # "The script should work out profit but every profit comes out negative": what
        # was expected, then what happens instead, is a bug told, not a rule.
        and not _BUT.search(sentence, obliged.end())
        and not _COMPARATIVE.search(sentence, obliged.end() - len(obliged["verb"]))
    ):
        verb = obliged["verb"].casefold()
        subject = obliged["subject"]
        noun = subject.split()[-1].casefold()
        code = bool(_CODE_LIKE.search(subject))
        plural = noun.endswith("s") and not noun.endswith("ss")
        # "Indentation", "code coverage": an abstract noun names all of its kind at once.
        kind = bool(obliged["all"] or plural or code or _MASS_NOUN.search(noun))
        head = obliged["head"]
        if head[:1].isupper() and subject == head and not kind:
            return False  # a name: a person's or a company's, not a thing of the project
        if verb == "be":
            rest = sentence[obliged.end() :].split()
            state = rest[0].rstrip(".,;:").casefold() if rest else ""
            after = sentence[obliged.end() :].strip()
            if _VALUE.fullmatch(state):
                return True
            # "Branch names must be lowercase", "All endpoints must be idempotent": a
            # quality (or a treatment, a place) required of a whole class of things, not
            # a guess of how one will seem ("The migration should be easy").
            if obliged["the"] and not code:
                return False
            if _TO_BE.fullmatch(state):
                return kind and not _IDIOM_STATE.fullmatch(after)
            return bool(
                kind
                and state
                and state not in _STOP | _FILLER | _ADVERBS
                and not state.endswith(("er", "ing"))
            )
    else:
        return False
    return bool(verb) and verb not in _STOP | _FILLER | _ADVERBS


_RULE_NOUN = r"(?:rule|policy|convention)"
_RULE_LABEL = re.compile(
    rf"^(?:(?:the|our|a|my)\s+)?(?:[a-z]+\s+){{0,2}}?{_RULE_NOUN}s?"
    r"(?:\s+(?:number|no\.?|#)\s*(?:one|two|three|four|five|\d+))?\s*[:—–]\s*(?P<rest>\S.*)$",
    re.I,
)
"""A rule labelled as one before it ("Rule number one: always run make lint", "Team
rule: squash before merging")."""
_RULE_TAG = re.compile(
    r"^(?P<rest>.+?)(?:(?<!\s)|(?<=\A\s))\s*[,;—–]"
    r"\s*(?:that['’]s|that\s+is|it['’]s|it\s+is|this\s+is)\s+"
    rf"(?:a|an|the|our|my)\s+(?:[a-z]+\s+){{0,2}}?{_RULE_NOUN}\b[\s.!]*$",
    re.I,
)
"""A rule tagged as one after it ("Keep commit messages in the imperative mood, that's a
team rule")."""


def _labelled_rule(sentence: str) -> bool:
    """Whether `sentence` gives a rule and says so: a rule's label before it or a tag
    after it (`_RULE_LABEL`, `_RULE_TAG`) around an order (an imperative, "always" or
    "never" before a verb) or an obligation of a thing (`_rule`). Said to anyone, not
    only to an assistant: the speaker names it a rule of the group."""
    marked = _RULE_LABEL.match(sentence) or _RULE_TAG.match(sentence)
    if marked is None:
        return False
    rest = marked["rest"].strip()
    if _STANDING_ORDER.match(rest) or _IMPERATIVE.match(rest) or _rule(rest):
        return True
    # A bare verb opening a clause of its own ("Squash every branch before merging"):
    # no pronoun or article, no past, no verb agreeing with a subject.
    words = rest.split()
    first = words[0].casefold().strip(",.!")
    return (
        len(words) >= 3
        and words[0][:1].isalpha()
        and first not in _STOP | _PERSONAL
        and not first.endswith(("ed", "s", "ing"))
        and not PAST.fullmatch(first)
    )


_MOMENT = re.compile(
    r"\b(?:soon|shortly|later|by now|any (?:minute|second|day) now|tonight|today|tomorrow)\b",
    re.I,
)
"""A time near the moment of speaking: what "should" happen then is expected, no rule."""
_VALUE = re.compile(
    rf"a|an|the|one|{_NUMBER_WORD.pattern}|\d\S*|`.+",
    re.I,
)
"""What a thing must be as a value: "must be a PR", "must be 300 seconds", "must be
four spaces" (a number word), "must be `snake_case`"."""
_TO_BE = re.compile(
    r"[a-z]{3,}(?:ed|en)|(?:in|on|at|under|over|within|below|above|behind|before|"
    r"after|from|to|via|through)",
    re.I,
)
"""What a class of things must be by a rule: done to ("must be reversed", "should be
squashed", "must be written") or in a place or a span ("must be under 100 lines"); not
how it will seem ("should be easy", "must be terrible"), which only a class of things
is required to be (see `_rule`)."""

_A_NAME = r"(?P<name>[A-Z][a-z][\w'-]*(?: [A-Z][a-z][\w'-]*)?)"
_GROUP = (
    r"team|squad|crew|staff|company|firm|business|startup|agency|organi[sz]ation|org|"
    r"department|division|unit|office|branch|group|board|committee|council|project|lab|"
    r"practice|club|band|choir|society|union|charity|school|faculty|cabinet|party"
)
"""The nouns of a body of people that one joins and leaves (collective nouns of
organisation): not a place ("the room", "the building") nor an event ("the call")."""
_DEPARTED = re.compile(
    rf"^{_A_NAME}(?: (?:has|had|just|already|finally|officially))* "
    r"(?:left|joined|rejoined|quit|retired from|resigned from|moved to|transferred to) "
    rf"(?:the|our|their|his|her) (?:[a-z][\w-]* )?(?:{_GROUP})\s*[.!]?$"
)
"""A person who left or joined a body: a name, a verb of leaving or joining, and one
definite group (`_GROUP`) as its whole object ("Bob left the company.", "Ana joined our
platform team."); an object followed by more ("left the door open"), a place ("Mike left
the room") or an event ("Tom joined the call") is something else."""
_ROLE_HELD = re.compile(
    rf"^{_A_NAME} (?:is|was) (?:(?:now|still|currently|also|officially) )*"
    r"(?:the|our|their) (?:(?!(?:best|worst|most|least|[a-z]+est)\b)[a-z][\w-]* ){0,3}?"
    r"(?P<role>[a-z][\w-]*(?:er|or|ist|ian|ant|ent)|lead|head|chair|owner|contact)\s*[.!]?$"
)
"""A person holding a role: a name, "is (now) the/our", and a definite description that
ends in an agent noun (-er, -or, -ist, -ian, -ant, -ent: "the on-call engineer", "our
designer", "the release coordinator") or a noun of standing (lead, head, chair, owner,
contact): who to go to, which changes and is asked after. A superlative before it
("the best plumber", "the funniest teacher") makes it a verdict, not a role; a kin word
("Dana is our mother") is family, and the one who won or lost (`_OUTCOME`) an outcome."""
_OUTCOME = frozenset({"winner", "loser", "runner-up", "finisher"})
"""Who came out of a contest how: the end of one game, not a role held."""
_NOT_A_ROLE = kin_words() | _OUTCOME


def _standing(sentence: str) -> bool:
    """Whether `sentence` says a person left or joined a group, or holds a role
    (`_DEPARTED`, `_ROLE_HELD`): where people stand in a team is a fact though it names,
    counts and dates nothing else."""
    match = _DEPARTED.match(sentence)
    if match is None:
        match = _ROLE_HELD.match(sentence)
        if match is None or match["role"].casefold() in _NOT_A_ROLE:
            return False
    first = match["name"].split()[0].casefold()
    return first not in _STOP and first not in _NO_ONE  # "The", "This", "Everyone"


_LIKING = re.compile(
    rf"^{_A_NAME} (?:(?:really|also|still|absolutely|only|never|always|just) )*"
    r"(?:loves|likes|hates|dislikes|prefers|adores|detests|can't stand|cannot stand|"
    r"(?:doesn't|does not|won't|will not|can't|cannot) (?:eat|drink|stand|like)|eats|drinks)"
    r" [a-z]"
)
"""A person's taste: a name, then a verb of liking or loathing in the third person, or of
what they eat and drink ("Dana hates coriander", "Tom doesn't eat pork", "Ama only
drinks oat milk"), and a thing in lower case after it (a name after it is someone else:
"Tom likes Ana" is gossip of the moment as often as it is a fact)."""
_CONDITION = re.compile(
    rf"^{_A_NAME} (?:is|was|has been) (?:(?:also|still|now|severely|mildly|very|a) )*"
    r"(?:allergic to|intolerant (?:to|of)|(?:lactose|gluten)[- ]intolerant|vegan|"
    r"vegetarian|pescatarian|teetotal|diabetic|coeliac|celiac|pregnant|left-handed|"
    r"colou?r-blind)\b"
)
"""A standing condition of a person's body or diet, what a host or an assistant must
keep in mind ("Tom is vegan", "Priya is allergic to peanuts", "Dana is left-handed"): the
adjectives that say what a person can or cannot take, not how they seem."""


def _trait(sentence: str) -> bool:
    """Whether `sentence` says what a named person likes, eats or cannot take
    (`_LIKING`, `_CONDITION`): a fact about them though the name opens the sentence, where
    a capital word alone is not yet known to be a name ("Tom is vegan", told once)."""
    match = _LIKING.match(sentence) or _CONDITION.match(sentence)
    if match is None:
        return False
    first = match["name"].split()[0].casefold()
    return first not in _STOP and first not in _NO_ONE and first not in _PERSONAL


def _unanchored_fact(stripped: str, content: list[str], about_speaker: bool, chat: bool) -> bool:
    """Whether a sentence naming, counting and dating nothing is still a fact."""
    thing_done = chat and _THING_DONE.match(stripped)
    if thing_done and len(content) >= 3 and not _JUDGEMENT.search(stripped):
        return True  # "the boiler is making a rattling sound at night"
    # Otherwise it must be about the speaker (or their group) in so many words, and not a
    # hedge: "Errors should never pass silently" is a saying, "I think that could work"
    # an opinion of the moment.
    if not about_speaker or _HEDGE.match(stripped) or _WOULD_LIKE.match(stripped):
        return False
    if _NEGATION.search(stripped):
        # "I don't have a big ego", "I'm not the sort to hate anyone": what the speaker
        # is not, with nothing to anchor it, answers no later question; a dislike ("I
        # don't eat meat", "I can't stand horror films") does.
        return bool(
            _SPEAKER_FIRST.match(stripped)
            and (_TASTE.search(stripped) or _CALLED_OFF.match(stripped))
        )
    if _CUE.search(stripped) and len(content) >= 1:
        return True
    if _OWN_NEWS.match(stripped) and len(content) >= 2:
        return True  # "I broke my wrist", "I'm training for a triathlon"
    return bool(_WEAK_CUE.search(stripped)) and len(content) >= 2


_WOULD_LIKE = re.compile(r"^(?:I|we)(?:'d|\s+would)\s+(?:really\s+)?(?:love|like|prefer)\b", re.I)
"""What the speaker would like, naming and dating nothing ("I'd love to come", "I would
like one of those"): a wish of the moment; "I'd love to visit Japan next year" names and
dates, and stays."""
_THING_DONE = re.compile(
    r"^the\s+(?:[a-z'’]+\s+){0,2}?[a-z]+\s+(?:(?:finally|just|already|still)\s+)?"
    r"(?:(?:is|are|was|were)\s+[a-z]{3,}ing|[a-z]{3,}ed|broke|sold|took|gave|got)\s+"
    r"(?:[a-z]+\s+)?(?:the|a|an|my|our|this|his|her|its|their)\b",
    re.I,
)
"""What befell a thing or someone unnamed, as an action on something ("the boiler is
making a rattling sound", "the council repaved the road"), not a verdict ("the view is
lovely") nor the moment's aside ("the movie started late", "the pizza arrived cold")."""
_BESIDE_SPEAKER = re.compile(
    r"^(?:(?P<before>[A-Za-z][\w'-]+) and I\b|(?i:me) and (?P<after>[a-z][\w'-]+)\b)"
)
_OPENING_POSSESSIVE = re.compile(r"^(?P<name>[A-Z][a-z]+)['’]s\s+[a-z]")
_NO_ONE = _words(
    """everyone everybody someone somebody anyone anybody nobody noone no one today tonight
    tomorrow yesterday there here who what where let that it this he she they you"""
)


def _named_opening(sentence: str) -> bool:
    """Whether a sentence opens with someone no capital inside it shows: who "and I"
    joins ("tomas and I rented a cabin", "me and tomas split up"; in lower case too) or a
    name's possessive ("Priya's twins started school"), not "Everyone's", "Today's"."""
    beside = _BESIDE_SPEAKER.match(sentence)
    if beside:
        word = (beside["before"] or beside["after"]).casefold()
    elif possessive := _OPENING_POSSESSIVE.match(sentence):
        word = possessive["name"].casefold()
    else:
        return False
    return word not in _NO_ONE | _STOP | _FILLER | _COMMON_WORDS | _NOT_LEARNED


_TAG_ASKED = re.compile(r"(?<![\s,])[\s,]+(?:right|innit|correct)\s*[.!]*$", re.I)
"""A tag asking to confirm, its question mark dropped as chat drops it ("we land at 6
right")."""
_SHOUTED = re.compile(r"[A-Z]{5,}")
_COMMON_WORDS = _words(
    """have has had was were are is am be not just so very really all the and but or for
    was what who when how why this that they them she he we you can will did does do got
    get way too now ever never more much one two yes no omg lol wtf"""
)
"""Words that, in capitals, are stressed ("We HAVE to", "SO proud"), not acronyms."""


def _names_something(sentence: str) -> bool:
    """Whether a capital in `sentence` names someone or something: not when the whole
    sentence is in capitals ("THEY SAID YES"), nor a shouted word of five letters or more
    without a digit ("HOMEOWNER"); an acronym ("NASA", "PG16") names."""
    if not any(c.islower() for c in sentence):
        return False
    return any(
        not _SHOUTED.fullmatch(word := match[0].rstrip("'’s"))
        and not (word.isupper() and word.casefold() in _COMMON_WORDS)
        for match in _CAPITAL.finditer(sentence)
    )


def _takes_leave(sentence: str) -> bool:
    """Whether `sentence` is the speaker taking leave (`_LEAVING`) with no date, day or
    month that would make it a plan ("I have to go to Leeds on the 3rd")."""
    return bool(
        _LEAVING.match(sentence)
        and not _DIGITS.search(sentence)
        and not _RELATIVE.search(sentence)
        and not _MONTH_NAME.search(sentence)
    )


_RUN_OUTPUT = re.compile(
    # a test runner's tally: "4 passed in 0.81s", "12 passed, 3 failed" (not "2 failed
    # attempts", whose count names a thing)
    r"\b\d+ (?:passed|failed|errors?|skipped|xfailed|xpassed)(?=\s*(?:[,.;:)]|$|in \d))"
    # an exception as a traceback's last line prints it: "RuntimeError: Event loop ..."
    r"|\b[A-Z][a-z]\w*(?:Error|Exception):"
    # a log line's level, as a log prints it (in code, in brackets or after the time):
    # "`INFO: Uvicorn running on ...`", "[ERROR] ...", "09:14:02 WARN ..."; a notice's
    # "WARNING:" opening a sentence of prose is a label (`words.LABELS`)
    r"|(?:(?<=`)|(?<=\[)|(?<=\d\d:\d\d:\d\d ))(?:DEBUG|INFO|WARN|WARNING|ERROR|CRITICAL|FATAL)\b"
    # where a compiler or a linter found it: "app/export.py:3:1: F401 ..." (tried only
    # where a path can start, and bounded: a run of 20,000 word characters cost 1.3 s)
    r"|(?<![\w/.-])[\w/.-]{1,255}\.\w{1,16}:\d+(?::\d+)?:"
)
"""What a program printed while it ran: a test runner's tally, an exception, a log line's
level, a file's line and column. Pasted into the chat it reports that run, which the
next run replaces; what it means to the person ("CI fails on an unused import") is said
in words, if at all."""
_CODE_SPAN = re.compile(r"`[^`]*(?:`|$)")
"""Code quoted in backticks, or a quote a sentence's end cut open."""


def _pasted_output(sentence: str) -> bool:
    """Whether `sentence` is a program's output pasted as it printed: code in backticks
    or what a run prints (`_RUN_OUTPUT`), with at most two words of prose before it
    ("`pytest` → 12 passed", "Tests green, 15 passed") and, around code alone, one
    ("`Uvicorn running on http://127.0.0.1:8091` ✅"): the terminal's words, not the
    speaker's. Prose that says something of it ("integration-tests is failing in CI:
    `psycopg.OperationalError: ...`", "We pin `pydantic==1.10.13`") is a statement."""
    if run := _RUN_OUTPUT.search(sentence):
        return len(content_words(_CODE_SPAN.sub(" ", sentence[: run.start()]))) <= 2
    if "`" not in sentence:
        return False
    return len(content_words(_CODE_SPAN.sub(" ", sentence))) <= 1


def _not_told(sentence: str) -> bool:
    """Whether a sentence tells nothing of anyone, whatever it names: a quotation
    (someone else's words), advice or a request to the listener ("Try the ramen place on
    5th Street"), the conversation arranging itself ("I'll let you know how it goes"), a
    place or a thing judged ("Pine Hollow is beautiful in July"), or a possibility ("I
    might go to Lisbon in May")."""
    return (
        sentence[0] in '"“'
        or bool(_IMPERATIVE.match(sentence) and not _AGREED.search(sentence))
        or bool(_STAY_IN_TOUCH.match(sentence))
        or bool(_HANDED_OVER.match(sentence))
        or bool(_SYMPATHY.match(sentence))
        or bool(_WELCOMED.match(sentence))
        or bool(_TIME_SUITS.match(sentence))
        or bool(_ACCEPTED.match(sentence))
        or (_CHAT_WORD.search(sentence) is not None and bool(_CHAT_ITSELF.search(sentence)))
        or bool(_SIGN_OFF.match(sentence))
        or bool(_CUT_OFF.search(sentence))
        or _takes_leave(sentence)
        or bool(_JUDGEMENT.search(sentence) and not _ABOUT_SPEAKER.search(sentence))
        or bool(_MAYBE_FUTURE.match(sentence))
        or bool(
            _PLEASE_ENDED.search(sentence)
            and _ORDERED.match(sentence)
            and not _KEPT_ORDER.match(sentence)
        )
    )


_DASHED_CLAUSE = re.compile(r"^(?![^—–]*(?:[,;:]|\b(?i:but|and|so)\b))[^—–]*\w\s*(?:—|–|--)\s*$")
"""One clause that ends in a dash: a pause or the other speaker coming in. One after a
finished clause is neither ("Apple approved the fix on the 24th, but then Mila found
—"): the clause before it is the news."""
_CUT_OFF = re.compile(
    rf"(?={_DASHED_CLAUSE.pattern})^.*?(?:^|\s)(?!I\b)(?![^\s\d]*\d)(?![A-Z])\S+\s*(?:—|–|--)\s*$"
)
"""A clause cut off where the other speaker came in (`_DASHED_CLAUSE`, "I've been
thinking three tiers—", "If not—"): what it was going to say is unsaid, and its half is
a lead-in or a value the rest would have changed. A clause that ends on a value, a
number or a name ("The gate code is 4471 —", "We moved the launch to March 3rd –"), was
said to its end, and the dash is a pause."""
_PLEASE_ENDED = re.compile(r"(?:^|[\s,])(?:please|pls|plz)\W*$", re.I)
_ORDERED = re.compile(
    r"^(?:[A-Z][\w'-]+,\s+)?(?:(?i:just|also|and|now)\s+)?(?!(?i:just|also|and|now)\b)"
    r"[A-Za-z][a-z]+\s+"
    r"(?:(?:me|us|him|her|them|it|the|a|an|my|your|our|this|that|these|those)\b|[A-Z])"
)
"""A word with no subject before its object (a name, a pronoun in the object case, a
determiner), after the name of the one spoken to: a verb in the imperative. Closing on
"please" ("Hana, loop Priyanka in today please", "book the big room pls"), it is an order
to the listener, of the moment, whatever it names; a choice said with "please" ("Just
Tuesdays and Thursdays for the evening one, please") settles what was offered."""

_KEPT_ORDER = re.compile(
    r"^(?:[A-Z][\w'-]+,\s+)?(?:(?i:just|also|and|now)\s+)?(?i:"
    # an order to keep it: the verb of memory itself ("Remember ...", "Note ...")
    r"(?:remember|note|memori[sz]e|(?:keep|bear)\s+in\s+mind|make\s+a\s+note\s+of|"
    r"don'?t\s+forget|do\s+not\s+forget)\b"
    # its object a finite clause: a subject and its verb ("... my new address is ...")
    r"|[a-z]+\s+(?:that\s+)?(?:i|we|he|she|they|(?:my|our|his|her|their)(?:\s+[\w'-]+){1,3}?)"
    r"\s+(?:am|is|are|was|were|have|has|had|will|can|do|does|did|'m|'s|'re|'ve)\b"
    # naming the speaker: "call me X", "address me as X"
    r"|[a-z]+\s+me\s+(?:as\s+)?(?-i:[A-Z]))"
)
"""An order closing on "please" that is no request of the moment but memory: an order
to remember or note, whatever follows ("Remember I am allergic to shellfish please"); one
whose object is a clause, a subject with its finite verb, which states a fact however it
is asked ("Note my new address is 12 Elm Road, please"); and one naming the speaker
("Address me as Sam please") (review 20 #5)."""


_ORDER_TO_REMEMBER = re.compile(
    r"^(?:[A-Z][\w'-]+,\s+)?(?:(?i:just|also|and|now|please)\s+)?"
    r"(?i:remember|note|memori[sz]e|(?:keep|bear)\s+in\s+mind|make\s+a\s+note|"
    r"don['’]?t\s+forget|do\s+not\s+forget)(?:\s+that\b|\s*[:,])?\s+"
    # the clause: a subject and its finite verb ("I am ...", "my new address is ...")
    r"(?P<clause>(?:(?i:i|we|he|she|they|(?:my|our|his|her|their|the)(?:\s+[\w'’-]+){1,3}?)"
    r"|(?-i:[A-Z])[\w'’-]+(?:\s+(?-i:[A-Z])[\w'’-]+)?)"
    r"(?:\s+(?i:am|is|are|was|were|have|has|had|will|can|do|does|did)\b|['’](?i:m|s|re|ve)\b)"
    r".*?)(?:[\s,]+(?i:please|pls|plz))?\s*(?P<end>[.!]*)$"
)
"""An order to remember whose object is a clause ("Remember I am allergic to shellfish
please", "Note my new address is 12 Elm Road, please"): the order and its "please" are
how the fact was asked for; kept in memory they read as an instruction (review 22 #7)."""


def _without_order_to_remember(sentence: str) -> str:
    """`sentence` as the clause an order to remember holds ("I am allergic to
    shellfish."), or as said when it is no such order."""
    order = _ORDER_TO_REMEMBER.match(sentence)
    if order is None:
        return sentence
    clause = order["clause"].rstrip(" ,")
    return clause[:1].upper() + clause[1:] + (order["end"] or ".")


_REPORTED = re.compile(r"^(?:[\w'’-]+\s+){1,2}?(?:says|said)\s+(?P<rest>.+)$", re.I)
_REACTION_WORDS = re.compile(
    r"(?:the\s+same|same|so|hi|hello|hey|thanks|congrats|congratulations|good\s+luck|"
    r"well\s+done)\b|(?:don't|dont|do not|not to|to)\s",
    re.I,
)


def _reaction_reported(sentence: str) -> bool:
    """Someone's reaction reported ("Mum says the same", "Sam says hi", "my physio says
    take it slow"): agreement, a greeting or an order, not news of anyone. A greeting
    that goes on to a dated or named piece of news ("Imelda says hi and reminds me the
    baby is due on the 29th") reports the news."""
    reported = _REPORTED.match(sentence)
    if reported is None:
        return False
    news = _NEWS_AFTER_GREETING.search(reported["rest"])
    if news is not None and _anchored(news["news"]):
        return False
    return bool(_REACTION_WORDS.match(reported["rest"]) or _IMPERATIVE.match(reported["rest"]))


_NEWS_AFTER_GREETING = re.compile(r"\s(?:and|but)\s+(?P<news>.+)", re.I)


_SAYING = re.compile(
    r"^(?:everyone|everybody|nobody|no\s+one|no\s+man|anyone|anybody|people)\s+"
    r"(?:(?:always|never|really|just|still|all|truly)\s+)?"
    r"(?:is|are|has|have|can|can't|cannot|should|shouldn't|must|needs?|wants?|likes?|loves?|"
    r"hates?|deserves?|makes?|gets?|knows?|[a-z]+(?<![aeiou]s)(?<!ss)s)\b",
    re.I,
)
"""A saying: everyone, nobody or people in general, in the present ("Everyone needs a
friend", "Nobody likes Mondays", "People change"): of no one in the conversation. A
group named after it ("Everyone at work got a raise") or the speaker in it ("Everyone
in my family is tall") is theirs, and kept."""


def _saying(sentence: str) -> bool:
    """`_SAYING`, and nothing in it to anchor it to a day or someone: no first person,
    digit, date or name ("Everyone is coming to Sam's party on Friday" is a plan)."""
    return (
        _SAYING.match(sentence) is not None
        and not _FIRST_PERSON.search(sentence)
        and not _DIGITS.search(sentence)
        and not _RELATIVE.search(sentence)
        and not _CAPITAL.search(sentence)
    )


def _not_so(sentence: str) -> bool:
    """A wish for what is not so ("I wish I was the Mad Hatter"), an assistant on its own
    nature, a joke or story told of no one present, or a reaction reported ("Mum says
    the same"): whatever they name, no fact."""
    return bool(
        _reaction_reported(sentence)
        or _COUNTERFACTUAL.match(sentence)
        or _MACHINE_SELF.search(sentence)
        or _saying(sentence)
        or (_STORY.search(sentence) and not _ABOUT_SPEAKER.search(_QUOTED.sub(" ", sentence)))
    )


_PROMISE = re.compile(
    r"^(?:I|we)(?:'ll|\s+will|'m gonna|'re gonna|\s+(?:am|are) gonna|'m going to|'re going to|"
    r"\s+(?:am|are) going to)\s+(?P<rest>.*)$",
    re.I,
)
_WHEN_WORD = re.compile(
    r"\b(?:soon|someday|eventually|later|tonight|tomorrow|weekend|summer|winter|spring|"
    r"autumn|fall|year|month|week)\b",
    re.I,
)
"""A time a plan is set for, said without a date ("soon", "this summer")."""
_IT_OR_YOU = re.compile(r"\b(?:it|you|u|this|that|them)\b", re.I)


def _empty_promise(sentence: str) -> bool:
    """What the speaker will do about "it" or for the listener, with nothing named,
    counted or dated ("I'll make it work", "We'll save you a seat", "I'll survive"): the
    conversation's business, not a fact to keep."""
    promise = _PROMISE.match(sentence)
    if promise is None:
        return False
    rest = promise["rest"]
    if (
        _DIGITS.search(rest)
        or _RELATIVE.search(rest)
        or _MONTH_NAME.search(rest)
        or _WHEN_WORD.search(rest)
        or _names_something(f"x {rest}")
        or _RELATION.search(rest)
    ):
        return False
    # "I'll grab some extra chairs then", "We'll be the loudest table there": an offer
    # of the moment, three content words or fewer, names no one and no time.
    content = [w for w in content_words(rest) if not _IT_OR_YOU.fullmatch(w)]
    return len(content) <= 3


_THIRD_SUBJECT = re.compile(
    r"^(?:he|she|they)(?:'s|'re|\s+(?:is|was|are|were|turned|turns|will be))\b", re.I
)
"""Someone just named, described: "he's a three year old beagle mix" has its count as
an anchor, as the speaker's own sentence would."""
_OWN_NEWS = re.compile(
    r"^(?:(?:I|we)(?:\s+(?:also|just|finally|actually|already|recently|accidentally|even))?"
    r"\s+(?!(?:wanted|needed|tried|thought|felt|laughed|cried|hoped|wished|guessed|figured|"
    r"meant|wondered|imagined|supposed|assumed|expected|loved|liked|enjoyed|hated|used|seemed|"
    r"pretended|nodded|smiled|sighed|agreed|noticed|realized|realised|worried|missed|joked|"
    r"died|asked(?!\s+for\b)|answered|replied|talked|called|texted|mentioned|said|told|heard|knew)\b)"
    r"(?:[a-z]{3,}ed|broke|quit|sold|won|ran|swam|drove|flew|wrote|built|caught|threw|fell|"
    r"hurt|bought|brought|taught|gave|took|made|began|chose|drew|ate|rode|sang|sent|spent|"
    r"stole|tore|wore|froze|hid)\b"
    r"|(?:I'm|I am|we're|we are)(?:\s+(?:also|just|finally|actually|already|now|currently|"
    r"still))?\s+(?!(?:kidding|joking|dying|trying|saying|wondering|guessing|thinking|feeling|"
    r"hoping|doing|going|getting|talking|asking|telling|waiting|looking|sitting|laughing|"
    r"crying|freaking|losing|starving|being|having|loving|hating|missing|wishing|worrying|"
    r"considering|debating|struggling|rooting|praying|counting|begging|screaming|"
    r"melting|obsessing|blushing|listening|reading|watching)\b)[a-z]{3,}ing\b)",
    re.I,
)
"""The speaker's own news told with no cue word: something they did ("I broke my wrist",
"We renovated the bathroom") or are doing ("I'm training for a triathlon"). What they
felt, tried, meant or said, and what they are doing this minute ("I'm kidding", "I'm
just saying"), is not news."""
_BARE_THIRD = re.compile(
    r"^(?:he|she|they)(?:['’](?:s|d|ll|re|ve)\b|\s+(?!(?:and|or|&)\b)\w)", re.I
)
"""A sentence whose subject is a bare "he", "she" or "they" (not "she and I")."""
_HE_OR_SHE = re.compile(
    r"(?:he|she)\s+(?:had|got|was|started|lost|won|passed|broke|sprained|hurt|injured)\b", re.I
)
"""A bare he or she (a pet, a child) to whom something happened, with its day ("he
sprained his paw on saturday"); not what they did of the moment ("she called me last
night") nor what they told (hearsay)."""
_DONE_TO_SPEAKER = re.compile(
    rf"they\b(?=.*\b(?:me|my|us|our)\b)(?=.*(?:\d|{_MONTH_NAME.pattern}))", re.I
)
"""An office or a clinic, unnamed, dating something of the speaker's: "They finally gave
me a date for the operation, June 2nd"."""
_THIRD_COUNT = re.compile(
    r"^(?:he|she|they)(?:'s|'re|\s+(?:is|was|are|were|turned|turns|will be))\s+"
    r"(?:(?:a|an|about|almost|only|just|like|now|over|nearly)\s+)*"
    r"(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
    r"forty|fifty|sixty|seventy|eighty|ninety)\b)",
    re.I,
)
"""A count said of someone just named, right after "he's": "he's 2 pounds overweight",
"she's a three year old"; not "He's good, he just doesn't answer after 9"."""
_BARE_IT = re.compile(r"^(?:(?:it|that|this)(?:'s|\s+(?:is|was|'s))|it\s+[a-z]+)\b", re.I)
"""A short sentence with only "it", "that" or "this" for a subject ("It took 4 hours")
refers back to something said before it, so alone it holds no fact, whatever number it
has."""


# --------------------------------------------------------------------------- extraction

INTRO = re.compile(
    r"^(?i:(?:hi|hello|hey)\b[\s,!.]*(?:there\b[\s,!.]*)?)?(?i:my name is|my name's|i'm|i am|"
    r"call me|this is)\s+(?P<name>[A-Z][a-z]+)\b[\s,.!-]*(?i:and\s+)?(?P<rest>.*)$"
)
_TOLD = re.compile(
    r"^(?:have I (?:ever )?told you|did I (?:ever )?tell you|did you know)(?: about| that)?\s+"
    r"(?=\S.*\?$)",
    re.I,
)
USER_NAME = re.compile(rf"\bThe user's name is ([A-Z][\w-]+|[{HAN_COMMON}]{{2,4}})")
_NOT_NAMES = _words(
    """so not just really very here there back sure fine good okay ok glad
    happy sorry going trying working done new from in on at a an the"""
)
_SIGNALS = re.compile(
    r"\b(?:decid\w*|decision|agreed|chose|choose|chosen|settled|prefer\w*|remember|"
    r"note that|important|must|from now on|deadline|due)\b",
    re.I,
)
_NARRATION = re.compile(
    r"(?:now|next|then|first(?:ly)?|finally|so far|at this point|at last)\b(?!\s+on\b)[,:]?\s",
    re.I,
)
"""An adverb of the moment or of sequence opening a sentence ("Now the file is at ...",
"Next, the tests", "So far the build passes"): an agent telling where its work stands,
a step of the session and not a fact that holds after it ("from now on" opens no
sentence with it, and "now on" is left alone)."""
_DOING = re.compile(
    r"^(?:(?:ok(?:ay)?|now|still|just|also|first|next|then|so)[,\s]+)*"
    r"(?P<verb>[A-Za-z][a-z]{2,}ing)\s+"
    r"(?:(?:the|a|an|this|that|these|those|it|them|your|our|its|all|each|every|some|at|into|"
    r"through|for|on|in|over|up|out|with|which|what|whether|if|how|where|why)\b"
    r"|[\w-]*[./_`][\w./-]*)(?P<rest>[^,;:]*)(?P<comma>,)?",
    re.I,
)
"""A sentence opening on a participle with its object and no subject ("Running the
integration tests against db7", "Checking the logs in /var/log/app.log now", "Looking at
the stack trace, this may take a minute"): an assistant telling what it is doing this
minute (`_doing` keeps what it found, said after the comma)."""
_NOT_DOING = _words(
    "during according including regarding concerning following considering excluding "
    "pending notwithstanding nothing something everything anything"
)
"""Words in "-ing" that open a sentence as a preposition or a pronoun, not as a verb
the speaker is busy with ("During the migration, ...", "Nothing in app/ changed")."""
_FINITE = re.compile(
    r"\b(?:is|are|was|were|has|have|had|will|would|should|must|can|could|does|did|do|"
    r"takes|took|needs|requires|means|makes|causes|saves|helps|"
    r"cut|put|set|hit|let|shut|split|cost|quit|read)\b",
    re.I,
)
"""A finite verb after a participle: an auxiliary, a verb a gerund is often the subject
of, or a past the same as its present (`_SAME_PAST`, which `PAST` does not tell)."""


_WORK_LATER = re.compile(
    r"\b(?:next|this coming)\s+(?:sprint|release|quarter|iteration|milestone)\b|\bin Q[1-4]\b", re.I
)
"""A time of the team's calendar to come ("next sprint", "in Q1"), which `_RELATIVE`
(days, weeks, months) does not read: a participle said with it is a plan."""


def _doing(said: str) -> bool:
    """Whether an assistant's sentence tells what it is doing this minute (`_DOING`):
    the participle leads into a clause set off by a comma that states nothing lasting
    ("Checking the logs, this may take a minute"), or there is no finite verb after it.
    One with its verb ("Running the suite takes 4 minutes", "Caching the tokens in Redis
    cut the latency") is a gerund, the subject of a fact; a finding after the comma
    ("Looking at the config, the cache TTL is 300 seconds") is a fact found at work; and
    one said with its day ("Upgrading the cluster to k8s 1.31 on 2026-12-10", "Migrating
    the DB to Postgres 16 next sprint") is a plan, as a next step with its day is
    (review 23 M7)."""
    doing = _DOING.match(said)
    if doing is None or _dated(said) or _WORK_LATER.search(said):
        return False
    verb = doing["verb"].casefold()
    if verb in _NOT_DOING or verb.endswith("thing"):
        return False
    if doing["comma"]:
        found = said[doing.end() :].strip()
        return not is_fact(found) or _ran(found)
    return not (_FINITE.search(doing["rest"]) or PAST.search(doing["rest"]))


def _ran(said: str) -> bool:
    """Whether an assistant's sentence tells how a run came out this minute
    (`_RUN_STATUS`); said with its day, a run is an event ("Yesterday the migration ran
    cleanly"), kept."""
    return bool(_RUN_STATUS.match(said)) and not _dated(said)


_SENTENCE_END = re.compile(
    r"(?<=[.!?。！？…])\s+|(?<=[.!?][\"”’])\s+(?=[A-Z\"“])|\n+|(?<=[。！？])(?![。！？」』”’）\s])"
)
"""A sentence ends at its mark, or after the quotation it ends with ('... "I'm done." Eli
...'); a Chinese or Japanese one at its mark with no space after it ("。")."""
_ABBREVIATION = re.compile(
    r"(?:^|\s)(?:Mr|Mrs|Ms|Dr|St|Jr|Sr|Mt|Prof|vs|etc|approx|e\.g|i\.e|No|Inc|Ltd|Co|"
    r"(?:[A-Z]\.)+[A-Z])\.$"
)


def split_sentences(text: str) -> list[str]:
    """Sentences of a message; "St. Mary's" and "Dr. Lee" do not end one, nor a
    European date or a German abbreviation (`foreign.continues`). A list written
    on one line ("Try these: 1) Lower the limits. 2) Check ...", "...: - Bake ...") is
    split before each item's marker, which stays with its item."""
    out: list[str] = []
    for piece in _SENTENCE_END.split(_INLINE_ITEM.sub("\n", text)):
        piece = piece.strip()
        if not piece:
            continue
        if out and (
            _ABBREVIATION.search(out[-1])
            or _MARKER_ONLY.fullmatch(out[-1])
            or continues(out[-1], piece)
        ):
            out[-1] = f"{out[-1]} {piece}"
        elif out and _OBJECT.match(piece) and _WANTS_OBJECT.search(out[-1]):
            out[-1] = f"{out[-1][:-1]} {piece[0].lower()}{piece[1:]}"
        else:
            out += _topic_turns(piece)
    return out


_TOPIC_TURN = re.compile(
    r"(?<=\w)\s+(?=(?:anyway|anyways)\s+(?!(?:and|but|so|or|because|though|tho)\b)\w"
    r"|oh\s+(?:and|yeah)\s+\w|so\s+yeah\s+\w|speaking\s+of\s+\w"
    r"|(?:by\s+the\s+way|btw)\s+(?!(?:is|isn['’]t|was|wasn['’]t|are|were|has|have|had|will|would|"
    r"can|could|should|does|did|do|got|gets|goes|went)\b)\w)",
    re.I,
)
"""A discourse marker turning to another topic inside a run-on ("... in the rain anyway
Leontyne was great about it", "... oh and I forgot to tell you mum's seventieth was ..."),
not set off by a comma: where a voice note or a dictated message would have had a full
stop. "btw" and "by the way" turn only before a subject of their own: before a verb ("The
guest wifi password for the Oslo office btw is hunter22") they sit inside a sentence whose
subject came before them (review 21 finding 4)."""
_COMMENT_START = re.compile(r"\s*(?:that['’]s|which\s+is)\b", re.I)
"""The comment `_ASKED_INSIDE` splits off ("that's amazing", "which is my least favourite
thing")."""
_NAMED_OR_COUNTED = re.compile(r"\b(?!I\b)[A-Z]|\d")
"""A word with a capital (not "I") or a digit: a name or a number."""


_ASKED_INSIDE = re.compile(
    r"(?<=\w)\s+(?=(?:are|do|did|have|can|could|will|were)\s+(?:you|u|they)\s+\w"
    r"|(?:that['’]s|which\s+is)\s+\w|(?:how|what|where|why)(?:['’]s|\s+(?:is|are|was|were|do|does|did))\s+\w)",
    re.I,
)
"""Where a new sentence starts inside a run-on with no comma: a question by its word
order ("a Brompton that's fancy are you going to ride it to work", "tell her
congratulations from us have they got a date yet": an auxiliary of the plural before
"you" or "they", or a question word and its verb), or a comment on what was just said,
pointing back with "that's" or "which is" ("Juliette engaged that's amazing", "we are
car shopping which is my least favourite thing"). "is she" and "was he" are left: "the
big thing is she got a part" is a statement; so is "that is", often a relative ("the
flat that is by the station")."""
_EMBEDS = _words(
    """so nor than as if whether that neither what how where when why who which know knew
    wonder wondering tell told ask asked see saw sure idea about matter care remember
    forget forgot decide decided explain show and or but of is"""
)
"""Words before which such a word order is no question of its own: "so do I", "I know
what's going on", "than are they", "tell me how are you"."""


def _topic_turns(piece: str) -> list[str]:
    """A long sentence (15 words or more) split where a discourse marker turns to another
    topic (`_TOPIC_TURN`), or, with no comma in it, where a question or a comment starts
    (`_ASKED_INSIDE`), each side three words or more: a dictated or transcribed
    message runs its news and its questions together with no full stop or question
    mark, and each piece is read alone, as the sentences of a written one are ("that
    sounds grim anyway Marnie started swimming on Saturday" is a reaction, then news)."""
    if len(piece.split()) < 15:
        return [piece]
    turns = list(_TOPIC_TURN.finditer(piece))
    if "," not in piece:
        asked = [
            match
            for match in _ASKED_INSIDE.finditer(piece)
            if piece[: match.start()].split()[-1].casefold() not in _EMBEDS
        ]
        ends = [match.start() for match in (*turns, *asked)]
        turns += [match for match in asked if not _relative_with_news(piece, match, ends)]
    parts: list[str] = []
    start = 0
    for match in sorted(turns, key=lambda match: match.start()):
        before, after = piece[start : match.start()], piece[match.end() :]
        if match.start() >= start and len(before.split()) >= 3 and len(after.split()) >= 3:
            parts.append(before.strip())
            start = match.end()
    return [*parts, piece[start:].strip()]


def _relative_with_news(piece: str, match: re.Match[str], ends: list[int]) -> bool:
    """Whether the "that's" or "which is" `_ASKED_INSIDE` found in `piece` opens a
    relative clause that carries news of its own, a name or a number before the next
    place a sentence could start ("Postgres 16 which is hosted by Acme in Frankfurt",
    "the payments team which is five people now since Omar joined"): part of the
    sentence, not a comment on it ("Juliette engaged that's amazing"), so no split there
    (review 21 finding 4)."""
    if not _COMMENT_START.match(piece, match.end()):
        return False
    end = min((start for start in ends if start > match.end()), default=len(piece))
    return bool(_NAMED_OR_COUNTED.search(piece, match.end(), end))


_ITEM = r"(?:[-*•–]|\d{1,2}[.)]|\(\d{1,2}\)|[a-h]\))"
_INLINE_ITEM = re.compile(rf"(?<=[:.!?;])\s+(?={_ITEM}\s+\S)")
"""A list's next item written on the same line, after the lead-in's colon or the last
item's end: an item's marker opens a sentence."""
_MARKER_ONLY = re.compile(r"\d{1,2}\.")
"""A numbered item's "1." split from its item at its full stop."""
_LIST_ITEM = re.compile(rf"^{_ITEM}\s+")
"""The marker opening a list's item, on its own line or after a lead-in ("1) Preheat the
oven", "- Whip the cream", "• Wraps with hummus")."""


_WANTS_OBJECT = re.compile(
    r"\b(?:bought|got|found|made|adopted|won|built|ordered|booked|picked|chose|met|saw|"
    r"visited|started|joined|tried|watched|named|called|sold|lost|finished)\.$",
    re.I,
)
_OBJECT = re.compile(r"(?:A|An|The|Some|Two|Three|\d+)\b(?:\W*\w+){0,5}\W*$")
"""A sentence that ends on a verb, then its object said apart ("Guess what I just
bought. A used Vespa!"), are one fact: "bought a used Vespa"."""


_NOT_A_VERB = re.compile(
    r"(?i:from|at|with|in|on|of|here|there|a|an|the|one|your|his|her|their|our|new|"
    r"head|lead)\b"
)
_VOCATIVE_END = re.compile(r",\s*(?P<name>[A-Za-z][\w'-]+)\s*(?P<end>[.!?]*)\s*$")
_VOCATIVE_START = re.compile(
    r"^(?:(?i:hey|hi|hello|dear|oh|so|and|well|wow|aw+|yeah|ok|okay|thanks|haha)[\s,]+)?"
    r"(?P<name>[A-Za-z][\w'-]+)(?:,\s+|\s+(?=(?i:that's|that is|you|you're|your)\b|I(?:'m|'ve|'ll|'d)?\b"
    r"|(?i:how|what|where|when|why|who|which)(?:['’]s)?\b))"
)


_SALUTATION = re.compile(
    r"^(?i:dear)\s+(?:(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Professor)\.?\s+)?"
    r"[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?,\s+(?=\S)"
)
"""A letter's salutation before its first sentence ("Dear Ms Okafor, ...", "Dear Tom
Reyes, ..."): whoever it names is the reader, a participant or not (a portal's letter
names the advisor by surname, which the chat's names do not hold)."""


def _without_vocative(sentence: str, names: frozenset[str]) -> str:
    """The sentence without a participant named as the one spoken to: "That's cool,
    Ana!" is a reaction, and "Ana, since we last chatted, ..." is not about Ana, nor is
    an e-mail's "Dear Ana, the part has arrived"."""
    end = _VOCATIVE_END.search(sentence)
    if end and end["name"].casefold() in names:
        sentence = sentence[: end.start()] + (end["end"] or ".")
    start = _VOCATIVE_START.match(sentence)
    if start and start["name"].casefold() in names:
        rest = sentence[start.end() :]
        sentence = rest[:1].upper() + rest[1:]
    if salutation := _SALUTATION.match(sentence):
        rest = sentence[salutation.end() :]
        sentence = rest[:1].upper() + rest[1:]
    kin = _KIN_VOCATIVE.match(sentence)
    if kin and (kin["name"] is None or kin["name"].casefold() in names):
        rest = sentence[kin.end() :]
        sentence = rest[:1].upper() + rest[1:]
    return _without_kin_called(sentence)


_CALLED = "|".join(sorted(CALLED_KIN, key=lambda w: (-len(w), w)))
_KIN_CALLED = re.compile(
    rf"^(?:(?:hi|hiya|hey|hello|morning|evening|night|bye|love you|thanks|cheers|oh|ok|okay)"
    rf"\s+(?:{_CALLED})\b[,!.]*\s*"
    rf"|(?:{_CALLED}),\s+(?=(?:hi|hiya|hey|hello|morning|listen|look|sorry|it['’]s)\b))"
    rf"|,\s*(?:{_CALLED})(?=\s*(?:,|[.!]*\s*$))",
    re.I,
)
"""A kin word the speaker calls the listener by, set off as a call is ("Hiya Dad, ...",
"Dad, hi, ...", "Three seventy-five, Dad.", "Twenty-sixth, Dad, two six"): between
commas, closing the sentence after one, after a greeting, or before one. A kin word
spoken of has no comma around it ("Dad is visiting", "I rang Mum"), nor does one a
comma ends after its verb ("I told Mum, and she laughed" sets it off on one side only)."""


def _called_off(match: re.Match[str]) -> str:
    """Nothing for a `_KIN_CALLED` match, or the match itself when it is an item of a list of
    people ("Amy, Dad, and me", "my sister, Mum, and I"): the word before its comma is a
    name (a capital not opening the sentence) or a kin word, or "and" follows it."""
    before = re.search(r"([\w'’-]+)\W*$", match.string[: match.start()])
    if before is None:
        return ""
    named = before[1][:1].isupper() and match.string[: before.start()].strip() != ""
    listed = re.match(r"\s*,?\s*(?:and|or|&)\b", match.string[match.end() :], re.I)
    return match[0] if named or listed or before[1].casefold() in kin_words() else ""


def _without_kin_called(sentence: str) -> str:
    """The sentence without a kin word the listener is called by (`_KIN_CALLED`): on a
    call between a parent and a child it is in half their sentences, and read as a
    relation it made "Geology, Dad." a fact about a kin."""
    bare = _KIN_CALLED.sub(_called_off, sentence).strip()
    if bare == sentence.strip():
        return sentence
    return bare[:1].upper() + bare[1:] if bare else bare


_KIN_VOCATIVE = re.compile(
    rf"(?i:{'|'.join(sorted(CALLED_KIN, key=lambda w: (-len(w), w)))})[,\s]+"
    r"(?=(?i:how|what|where|when|why|who|that's|that is|it's|its|I|I'm|you|you're)\b"
    r"|(?P<name>[A-Z][\w'-]+)\b)"
)
"""A kin word the speaker calls the listener, opening a sentence before a question, a
pronoun or a participant's name ("Grandma how are the eyes", "Mum I got the job", "Dad
Lena says hi"): the one spoken to, not someone spoken of ("Mum is visiting", "Grandma
Rose turned 90")."""


_SPEAKER_PREFIX = re.compile(r"^[A-Z][\w'.-]*(?: [A-Z][\w'.-]*){0,2}: ")


def _key(text: str) -> frozenset[str]:
    """Two facts with the same content words, in any order, are the same fact (the
    day it was said again does not make it new; a speaker prefix, `Dana: `, is one of
    its words, as the speaker's name is in "Dana leads payments"), unless one of them is
    negated or a negation, a direction or a comparison takes another word in it
    (`words.taken_words`: "owns billing, not search"). Not in English, what `told_apart`
    reads counts too."""
    text = SAID_ON.sub("", _SPEAKER_PREFIX.sub(lambda m: m[0][:-2] + " ", text))
    words = (frozenset(content_words(text)) or frozenset([text.casefold()])) | told_apart(text)
    # "Dana owns search, not billing" is not "Dana owns billing, not search" said again.
    words |= taken_words(text)
    # "Ben is not selling the house" is not "Ben is selling the house" said again.
    return words | {"not"} if _NEGATION.search(text) else words


def _time(item: dict[str, Any]) -> datetime | None:
    value = item.get("ts")
    if not isinstance(value, str):
        return None
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        return None


@dataclass(frozen=True)
class Context:
    """Where a candidate fact was said, for a `judge` of `extract`: the whole message,
    its place in the conversation (0 to 1), whether the other speaker's message before it
    asked something, the sentence's index in its message and how many sentences the
    message has, whether the message is in chat's lower case, whether the rules kept it
    (`ruled`), the other speaker's next message (`reply`: news is reacted to and asked
    about), the share of its content words not said before in the conversation
    (`fresh`) and the share already in memory (`repeated`)."""

    message: str
    position: float
    answers: bool
    index: int
    sentences: int
    chat: bool
    ruled: bool
    reply: str
    fresh: float
    repeated: float


@dataclass(frozen=True)
class Told:
    """A fact `facts_told` kept, and the item of the conversation it was read from (its index):
    who said it is what the flush budget of a chat with an AI assistant ranks it by
    (`memctl.models.salience`)."""

    fact: str
    item: int


def extract(
    conversation: list[dict[str, Any]],
    known: list[str],
    own_reply: Callable[[str], bool],
    user_name: str | None = None,
    judge: Callable[[str, str, Context], bool] | None = None,
    scratch: str = "",
    older_masks: bool = False,
) -> list[str]:
    """The facts of `conversation` that `known` does not hold, in the order they were
    said (`facts_told`, without where each was said)."""
    told = facts_told(conversation, known, own_reply, user_name, judge, scratch, older_masks)
    return [each.fact for each in told]


def facts_told(
    conversation: list[dict[str, Any]],
    known: list[str],
    own_reply: Callable[[str], bool],
    user_name: str | None = None,
    judge: Callable[[str, str, Context], bool] | None = None,
    scratch: str = "",
    older_masks: bool = False,
) -> list[Told]:
    """The facts of `conversation` (items with role, text, and name and ts when known)
    that `known` (facts already written) does not hold, in the order they were said,
    each with the item it was read from.
    `user_name`: what an earlier flush of the thread learnt the user is called.
    `scratch`: the temporary folder of the machine the conversation was said on (the
    pipeline's to give: a rule reads no environment), under which no path is kept.
    `older_masks`: an older memctl purged the workspace, so its short masks (`[~~]`,
    `[forgot`: `forgotten.LEGACY_RUN`) are masks, not text.
    `judge`, when given, has the last word on each candidate: the sentence as said, the
    bullet written from it, and where it was said, for what the rules kept and for
    what they dropped (a statement of three words or more). It is how
    scripts/train_fact_scorer.py sees every candidate to fit a keep/drop score; without
    it the rules decide alone."""
    # An assistant named as a product in a pasted conversation ("Claude:", "ChatGPT:")
    # is the assistant with no name, whose rules hold for it: no person in the chat.
    conversation = [
        {key: value for key, value in item.items() if key != "name"}
        if item.get("role") == "assistant"
        and isinstance(item.get("name"), str)
        and ai_assistant(item["name"])
        else item
        for item in conversation
    ]
    # A chat's bot (a dice roller, a reminder, a poll) posts what it was made to post
    # about the people, in no voice of its own: none of it is what someone told.
    bots = _bots(conversation)
    written = {_key(fact) for fact in known}
    remembered = [w for fact in known if (w := {word[:5] for word in content_words(fact)})]
    seen = set(written)
    people = {
        str(item["name"]).casefold(): str(item["name"])
        for item in conversation
        if isinstance(item.get("name"), str)
    }
    names = frozenset(people)
    # Names the conversation wrote with a capital: a name in lower case elsewhere too.
    learned = _learned_names(
        [str(item.get("text", "")) for item in conversation]
        + [_SPEAKER_PREFIX.sub("", fact) for fact in known],
        names,
    )
    spelled = _spelled(learned)
    # A conversation where someone writes in chat's lower case is chat, whose rules for
    # who and what (see `is_fact`) hold for each of its messages.
    chatty = any(_LOWER_CHAT.match(str(item.get("text", ""))) for item in conversation)
    told: set[str] = set()
    latest: dict[str, str] = {}
    """Each named speaker's latest statement ("" for a question), to tell an echo."""
    facts: list[str] = []
    said_in: list[int] = []
    """The item each of `facts` was read from."""
    hearing = _Hearing(judge, conversation, set().union(*remembered))
    own_before: dict[str, str] = {}
    """Each speaker's previous message: "her name is X" may name what it told of."""
    # Names memory already holds ("Ines is pregnant"), which chat writes in lower case.
    mentioned = learned | frozenset(
        word.casefold()
        for fact in known
        for word in re.findall(r"\b[A-Z][a-z]{2,}\b", _SPEAKER_PREFIX.sub("", fact))
        if word.casefold() not in _NOT_A_NAME | _COMMON_SUBJECTS
    )
    # Who a bare he or she may be: the one name of the sentences before, whoever said them.
    referent = _Referent(names, mentioned)
    spoke: list[str] = []
    """Who said each message so far: among three or more, "you" is the last other one."""
    told_by: dict[str, list[str]] = {}
    # What each speaker said since the last fact with a day they told here (all they
    # said, before one): what "they moved it" may mean besides that fact.
    since_dated: dict[str, list[str]] = {}
    """The facts kept of each speaker so far ("" for an unnamed one), oldest first."""
    fixed: tuple[int, str] | None = None
    """The month a weekday fixed ahead ("thursday the 4th": September) and the message
    it was said in: "the 12th" said a few messages on is that month's (`_carried_month`)."""
    # Said over several months: consolidation would date a fact by the whole span.
    several_months = len({(t.year, t.month) for item in conversation if (t := _time(item))}) > 1
    # An agent at work (a tool ran): its plain statements are what it found in the
    # user's files, its lists what it found or did, its "should" the project's rules.
    # Only in a conversation with no tool does an assistant's answer offer advice,
    # options and what it knows in general (`_unlisted`, `_assistant_aside`).
    working = any(item.get("role") == "tool" for item in conversation)
    # A person asking an AI assistant (role assistant, no name) for help; so too a
    # conversation naming no one, whatever its turns (a user's lone message to the
    # workspace's agent, flushed before its answer came): people chatting are named.
    helped = any(
        item.get("role") == "assistant" and not isinstance(item.get("name"), str)
        for item in conversation
    ) or not any(isinstance(item.get("name"), str) for item in conversation)
    introduced = (
        frozenset(
            match["name"].casefold()
            for item in conversation
            if item.get("role") == "user"
            for match in _INTRODUCED.finditer(str(item.get("text", "")))
        )
        if helped
        else frozenset()
    )
    for position, item in enumerate(conversation):
        role = item.get("role")
        text = str(item.get("text", ""))
        if (
            role not in ("user", "assistant")
            or (role == "assistant" and own_reply(text))
            or item.get("name") in bots
        ):
            continue
        # An unnamed user is whom an earlier sentence named ("I'm Priya").
        name = item.get("name")
        speaker = name if isinstance(name, str) else user_name if role == "user" else None
        said = _time(item)
        heard = _heard(latest, speaker, text)
        hearing.message(position, speaker or role, text)
        # Only a message in chat's lower case reads a lower-case word as a name: in
        # prose a name has its capital, and "anger" after "Anger is ..." is no name.
        chat = _LOWER_CHAT.match(text) is not None
        # A sentence holding a purge's mask (`[forgotten....]`, U+FDD0) told
        # something forgotten: what is left of it is no fact, whatever the mask's length.
        pieces = [
            piece
            for piece in _values_joined(
                split_sentences(
                    _as_written(_without_diffs(_transcribed(text)), spelled if chat else None)
                )
            )
            if not holds_mask(piece, legacy=older_masks)
        ]
        # The month named last in the sentences before this one, kept as the loop goes
        # (scanning all of them again for each sentence is quadratic in a long message).
        month: str | None = None
        for index, sentence in enumerate(pieces):
            if index:
                month = _month_named(pieces[index - 1]) or month
            between = since_dated.setdefault(speaker or "", [])
            spoken_since = list(between)
            between.append(sentence)
            if (code := language(sentence)) != ENGLISH:
                # Not English: none of the rules below reads it (`memctl.models.language`).
                user_name, speaker = _told_not_in_english(
                    sentence, code, item, (user_name, speaker), facts, seen
                )
                continue
            sentence = _after_read_back(
                _unlisted(sentence, role == "assistant" and not working), heard
            )
            # A goodbye is read before the fillers go: "I have to go to band practice, wish
            # me luck" closes on the afterthought that makes it one.
            if not sentence or (scratch and _scratch(sentence, scratch)) or _takes_leave(sentence):
                continue
            before = referent.read(sentence)
            _add_naming(facts, seen, speaker, sentence, own_before, pieces[:index])
            sentence = _without_order_to_remember(
                _without_preamble(
                    _without_label(
                        _without_vocative(_ordinals_as_digits(_without_fillers(sentence)), names),
                        learned,
                    )
                )
            )
            as_cleaned = sentence
            sentence, told_of = _named_pronoun(
                sentence, referent, before, pieces[index - 1] if index else ""
            )
            sentence = _with_subject(
                _without_short_tail_question(
                    _without_tail_question(
                        _own_clause(
                            _after_lead_in(
                                _without_time_accepted(_without_chat_preface(sentence, names)),
                                names,
                            )
                        )
                    )
                ),
                chat,
            )
            if not sentence:
                continue
            # "where did you move?" / "Lisbon.": the question made it a fact.
            asked = _place_or_thing_answer(
                hearing.question,
                sentence,
                pieces[index],
                _said_laughing(pieces, index) or bool(_EMOJI.search(pieces[index])),
            )
            asked = asked or _confirmed(hearing.question, pieces[index], sentence)
            sentence = asked or _answered(hearing.question, sentence) or sentence
            intro = INTRO.match(sentence) if role == "user" else None
            if intro and intro["name"].casefold() not in _NOT_NAMES:
                if item.get("name") is None:
                    user_name = speaker = intro["name"]
                    _add(facts, seen, f"The user's name is {speaker}.")
                rest = intro["rest"]
                sentence = (
                    rest
                    if re.match(r"(?:I|I'm|my|we)\b", rest, re.I)
                    # "I'm Priya from the platform team": Priya *is* from it.
                    else f"I'm {rest}"
                    if _NOT_A_VERB.match(rest)
                    else f"I {rest}"
                )
                if len(sentence) < 4:
                    continue
            # "Have I told you about my sister Mel?" tells, it does not ask.
            if told_you := _TOLD.match(sentence):
                sentence = sentence[told_you.end() :].rstrip("?")
            asking = role == "user" and helped
            # A name the person gave ("my girlfriend Mia") names whom they tell of next.
            known_names = (
                _chat_names(sentence) | learned if chat else introduced if asking else None
            )
            laughed = asking and _said_laughing(pieces, index)
            # "they moved it to june 19th": "it" is what the speaker dated before.
            stated = (
                _rescheduled(
                    sentence,
                    partial(_told_by, speaker, known, told_by),
                    said,
                    spoken_since,
                    told_by.get(speaker or "", []),
                )
                or asked
                or _fact_of(
                    sentence,
                    names,
                    heard,
                    (known_names or frozenset()) | told_of,
                    chatty,
                    asking,
                    laughed,
                )
            )
            if stated and _chat_scrap(sentence, index > 0 or hearing.answers or "" in heard):
                stated = ""
            # What the rules drop may still be heard by a judge.
            ruled = bool(stated)
            sentence = stated or hearing.dropped(sentence)
            if not sentence:
                continue
            words = {word[:5] for word in content_words(sentence)}
            if (
                role == "assistant"
                and speaker is None
                and _assistant_aside(pieces[index], sentence, words, told, remembered, working)
            ):
                continue
            told |= words if ruled else set()
            # Known as said, before the speaker's name replaced "I" (the same words
            # from someone else are another fact), or the listener's echo of it.
            as_said = _key(sentence) | {str(speaker).casefold()}
            if (
                as_said in seen
                or _key(sentence) in written
                or _echoes(sentence, words, heard)
                or not (
                    sentence := _you_named(sentence, speaker, people, _last_other(spoke, speaker))
                )
            ):
                continue
            fact = _standalone(
                sentence,
                speaker,
                said,
                month or _carried_month(fixed, position, sentence),
                user=role == "user",
                past=hearing.answers
                and _ASKED_PAST.search(hearing.question) is not None
                and _PLAIN_FORM.search(sentence) is not None,
            )
            fixed = _month_fixed(sentence, fact, said, position) or fixed
            fact = _in_month(fact, said if several_months else None)
            ruled = ruled and (hearing.answers or not _thin(fact, names))
            if hearing.keeps(as_cleaned, fact, words, (index, len(pieces), chat, ruled)) and _add(
                facts, seen, fact
            ):
                seen.add(as_said)
                _told(told_by, since_dated, speaker or "", fact)
        hearing.heard(text)
        own_before[speaker or ""] = text
        spoke.append(speaker or "")
        said_in += [position] * (len(facts) - len(said_in))
    return [Told(fact, item) for fact, item in zip(facts, said_in, strict=True)]


_BOT_NAME = re.compile(
    r".*\w[\s_-](?i:bot)|.*[a-z\d]Bot|(?i:.*\[bot\]|bot[\s_-]\w.*)|[A-Za-z][a-z]{3,}bot"
)
"""What a chat names its bots: "bot" as a word or a tag ("Reminder Bot", "dice-bot",
"DiceBot", "dependabot[bot]", "Bot-Quiz"), or a handle of a word and "bot" ("Dicebot",
"Quizbot"). A surname ending in "bot" is none: its stem is two or three letters (Abbot,
Talbot, Cabot), and its speaker may tell the news in the third person all along."""
_OWN_VOICE = re.compile(r"\b(?:I|I'm|I've|I'll|I'd|(?i:me|my|mine|we|we're|we've|us|our))\b")


def _bots(conversation: list[dict[str, Any]]) -> frozenset[str]:
    """The named speakers of `conversation` that are a chat's bots: named as one
    (`_BOT_NAME`) and never speaking for themselves (no "I", "my" or "we" in any of
    their messages). A person whose name ends in "bot" (Talbot, Abbot) says "I" sooner
    or later; a dice roller or a reminder says "Rohan rolled 14" and "Reminder: session
    tonight", what its template makes of the people, no news of theirs."""
    said: dict[str, list[str]] = {}
    for item in conversation:
        name = item.get("name")
        if isinstance(name, str) and _BOT_NAME.fullmatch(name.strip()):
            said.setdefault(name, []).append(str(item.get("text", "")))
    return frozenset(
        name for name, texts in said.items() if not any(_OWN_VOICE.search(t) for t in texts)
    )


_BARE_VALUE = re.compile(
    r"(?:(?:about|around|roughly|nearly|almost|over|under|only|just)\s+)?[£$€]?\d[\d,.:]*"
    r"(?:k|m|am|pm|%)?(?:\s+[a-z]+){0,2}\s*[.!]*",
    re.I,
)
"""A value alone: a number with a unit or two ("212.", "800 quid", "about 60 guests")."""


def _told(
    told_by: dict[str, list[str]], since_dated: dict[str, list[str]], speaker: str, fact: str
) -> None:
    """Keep `fact` as told by `speaker`; one with a day starts what they said since it."""
    told_by.setdefault(speaker, []).append(fact)
    if _DAY_DATE.search(fact):
        since_dated[speaker] = []


def _told_by(speaker: str | None, known: list[str], told_by: dict[str, list[str]]) -> list[str]:
    """The facts `speaker` told before, oldest first: those memory holds under their name
    ("Tomas: ...", "Tomas's sister ...") and those kept of them in this conversation."""
    if speaker is None:
        return told_by.get("", [])
    own = re.compile(rf"{re.escape(speaker)}(?::|['’]s\b|\b)", re.I)
    return [fact for fact in known if own.match(fact)] + told_by.get(speaker, [])


def _values_joined(pieces: list[str]) -> list[str]:
    """The sentences of a message, a value said alone after a statement joined to it
    ("paid the gas bill. 212." reads "paid the gas bill, 212."): chat ends with a full
    stop what prose sets off with a comma, and the value alone names nothing it is the
    value of; a date alone so too ("going back in september. 1st september."). Not
    after a question (an answer follows it in another message), an exclamation or an
    assent with no content word ("Fine. 25."), nor a value with a verb ("212 is
    steep")."""
    joined: list[str] = []
    for piece in pieces:
        before = joined[-1] if joined else ""
        if (
            before
            # "we set the date!! 9th of october": a date after an exclamation too.
            and (before.endswith(".") or (before.endswith("!") and _DATE_ALONE.fullmatch(piece)))
            # "Fine. 25.": an assent, not a statement the value is of
            and content_words(before)
            and not _BARE_VALUE.fullmatch(before)
            and (
                (_BARE_VALUE.fullmatch(piece) and not _VERB.search(piece))
                # "going back in september. 1st september": the date of what was said,
                # unless that already names its day ("moved in on friday. 1st
                # september": another date, not the day of the move).
                or (_DATE_ALONE.fullmatch(piece) and not _names_a_day(before))
            )
        ):
            joined[-1] = f"{before.rstrip('.!')}, {piece}"
        else:
            joined.append(piece)
    return joined


def _dated(sentence: str) -> bool:
    """Whether `sentence` says when: a time relative to when it was said ("next week",
    "tomorrow") or a day of its own (`_names_a_day`). A step, a run or an order said with
    it is a plan or an event, not the moment's."""
    return bool(_RELATIVE.search(sentence)) or _names_a_day(sentence)


def _names_a_day(sentence: str) -> bool:
    """Whether `sentence` names a day of its own: a weekday, "yesterday", "tomorrow",
    "3 days ago", a day of the month ("the 3rd", "12 july") or an ISO day. A month, a
    week or a season alone ("in september", "next week") names none: a date after it
    says which day of it."""
    if _DAY_OF_MONTH.search(sentence) or ISO_DAY.search(sentence):
        return True
    for match in _RELATIVE.finditer(sentence):
        unit = (match["unit"] or match["ago_unit"] or match["in_unit"] or "").casefold()
        if not unit or unit == "day" or unit in WEEKDAYS:
            return True
    return False


_WEEKDAY_NTH = re.compile(
    rf"\b(?:{_WD}),?\s+(?:the\s+)?(?:[12]\d|3[01]|[1-9])(?:st|nd|rd|th)\b", re.I
)
_CARRIED_FOR = 12
"""How many messages on a month a weekday fixed still dates a bare "the 12th"."""


def _month_fixed(
    sentence: str, fact: str, said: datetime | None, position: int
) -> tuple[int, str] | None:
    """The month a weekday with its day of the month fixed in `fact` ("moved us to
    thursday the 4th", said in July: September), when it is ahead and not the month
    said in, which a bare "the 4th" would take anyway; with the message's position."""
    if said is None or not _WEEKDAY_NTH.search(sentence) or _MONTH_NAME.search(sentence):
        return None
    for written in re.findall(r"\b\d{4}-\d\d-\d\d\b", fact):
        when = date.fromisoformat(written)
        if when > said.date() and (when.year, when.month) != (said.year, said.month):
            return position, MONTHS[when.month - 1]
    return None


def _carried_month(fixed: tuple[int, str] | None, position: int, sentence: str) -> str | None:
    """The month `_month_fixed` found a few messages before, for a sentence of what is
    ahead with no weekday of its own ("I'll book you a bed for the 12th then"): the chat
    is still planning that month. Not for a past ("we met on the 12th")."""
    if (
        fixed is None
        or position - fixed[0] > _CARRIED_FOR
        or _WEEKDAY_NTH.search(sentence)
        or (PAST.search(sentence) and not _FUTURE.search(sentence))
    ):
        return None
    return fixed[1]


_DIFF_OPEN = re.compile(r"[ \t]*(?P<fence>```|~~~)[ \t]*(?:diff|patch|udiff)\b.*", re.I)
_FENCE_CLOSE = re.compile(r"[ \t]*(?P<fence>```|~~~)[ \t]*")


_RECORDING = re.compile(
    r"(?:\W{1,3}\s*)?(?i:voice\s+(?:note|message|memo)|audio(?:\s+message)?|recording)"
    r"\s*[(\[]?\d{1,2}:\d{2}[)\]]?\s*[:—–-]\s*"
    r"(?P<quote>[\"“])(?P<said>[^\"“”]+)[\"”]\s*"
)
"""A recording's transcript as a chat app pastes it: a label naming a voice note or an
audio message, with its length ("🎤 Voice note (1:12):", "Audio message 0:45 —"), and
the words said, in quotes."""


def _transcribed(text: str) -> str:
    """`text` as said when it is a recording's transcript (`_RECORDING`): the words in
    the quotes are the speaker's own, not a quotation of someone else's (which
    `_not_told` drops), and the label and its length are no part of what was said."""
    recording = _RECORDING.fullmatch(text.strip())
    return recording["said"] if recording else text


def _without_diffs(text: str) -> str:
    """`text` without its fenced diffs ("```diff" to the next line of the same fence
    alone): their "+" and "-" lines are code a change added or removed, which the
    sentences around it tell of ("The cache host now comes from settings"); no line of
    it is a fact. A fence never closed is left as written. Two passes over the lines,
    the first noting where each fence next closes, so that many fences left open cost
    no more than their lines."""
    if "```" not in text and "~~~" not in text:
        return text
    lines = text.split("\n")
    closes: dict[str, int | None] = {"```": None, "~~~": None}
    next_close: list[dict[str, int | None]] = [closes] * len(lines)
    for at in range(len(lines) - 1, -1, -1):
        next_close[at] = closes
        if close := _FENCE_CLOSE.fullmatch(lines[at]):
            closes = {**closes, close["fence"]: at}
    kept: list[str] = []
    at = 0
    while at < len(lines):
        opened = _DIFF_OPEN.fullmatch(lines[at])
        end = next_close[at][opened["fence"]] if opened else None
        if end is None:
            kept.append(lines[at])
            at += 1
        else:
            kept.append("")
            at = end + 1
    return "\n".join(kept)


_SNAKE_NAME = re.compile(r"(?<![\w./-])[A-Za-z][A-Za-z\d]*(?:_[A-Za-z\d]+)+(?![\w/-]|\.\w)")
"""A name someone made, its words joined by underscores ("corvid_staging", "retry_max"):
no English word, and no path or file ("src/app_main.py" is `_CODE`'s)."""
_CHANNEL_NAME = re.compile(
    r"(?<![\w&#/])#[a-z][a-z\d]*(?:[-_.][a-z\d]+)+\b"
    r"|\bchannels?\b[^.!?]*?(?<![\w&#/])#[a-z][\w-]*",
    re.I,
)
"""A chat channel's name ("#inc-payments", or "#incidents" in a sentence that says
"channel"): a name the team made, as an id is (audit 20 F4: "The incident channel is
#inc-payments." was dropped while "#inc-0" was kept for its digit). A hashtag of one word
said with no "channel" ("so proud #blessed") is no such name: hashtags take no hyphen."""
_CODE = re.compile(
    r"`[^`]+`|\b[A-Za-z_]\w*[_/][A-Za-z_][\w./]*|\b[A-Za-z_]\w+\.[A-Za-z_]\w[\w./]*"
    r"|(?<!\w)--?[a-z][\w-]+"
)
"""A token of code in a sentence: quoted in backticks, a slashed or snake_case name
("retry_max", "app/billing"), a dotted one with two characters or more each side of its
dot ("settings.py", "redis.Redis"; not an abbreviation, "e.g.", "U.S."), or a
command-line flag ("--dry-run")."""
_OPENS_OWN = re.compile(_FIRST_PERSON.pattern, re.I)
"""A sentence opening on the speaker, "My", "We" and "Our" with their capital too."""
_MAY_BE = re.compile(r"\b(?:could|might|may|would|should)\b|['’]d\b", re.I)
"""What may, might or would be so, in an assistant's answer: a suggestion or a guess."""
_GUESS = re.compile(r"\b(?:could|might|may|would)\b", re.I)
"""A guess, in an agent's work: its "should" states the project's rule and stays."""


def _unlisted(sentence: str, answer: bool) -> str:
    """The sentence without a list's marker; "" for a list's lead-in ("Here are some
    ideas:"), whose items tell, and, in an `answer` (an assistant's), for an item that
    offers an option or a step, not what anyone did or is (`_listed_fact`)."""
    if sentence.endswith(":"):
        return ""
    if listed := _LIST_ITEM.match(sentence):
        sentence = sentence[listed.end() :]
        if answer and not _listed_fact(sentence):
            return ""
    return sentence


def _assistant_aside(
    said: str,
    sentence: str,
    words: set[str],
    told: set[str],
    remembered: list[set[str]],
    working: bool,
) -> bool:
    """Whether an unnamed assistant's sentence (`said`, as `sentence` once cleaned) is
    no memory: where its work stands in the session ("Now the file is at ... with the
    fix": narration of the moment, true until the next step); its "I", which is the
    assistant, whose decisions alone count; its guess ("the cache might be cold"); its
    echo of what it was told, or of memory ("From memory: port 6543 ..."), adds
    nothing. In a conversation where no tool ran (not `working`), neither do its
    exclamation ("Happy early birthday to Ines!"), what should or would be so ("A pasta
    bake would be easier"), a reaction and advice, nor what it knows, said in the
    present of nobody's doing; an agent at work states in those words what it found in
    the user's files ("The cache TTL is 300 seconds") and the project's rules
    ("Payments should go through the Stripe client")."""
    opening = said.lstrip("*_ ")
    if _NARRATION.match(opening) or _doing(opening) or _ran(opening):
        return True
    # What it was told to note ("Note that we deploy ...") is marked as a fact, though
    # the mark is cut from its bullet.
    signalled = _SIGNALS.search(sentence) or _NOTE_THAT.match(said.lstrip("*_ "))
    if not signalled and (
        (_FIRST_PERSON if working else _OPENS_OWN).match(sentence)
        or (_GUESS if working else _MAY_BE).search(sentence)
        or (not working and sentence.endswith("!"))
    ):
        return True
    if acknowledged := _ACKNOWLEDGED.match(sentence):
        # "Recorded: FastAPI for the API": the participle says it took what it was told.
        words = {word[:5] for word in content_words(sentence[acknowledged.end() :])}
    if words and len(words & told) >= 0.7 * len(words):
        return True
    if not working and not signalled and _offered_step(sentence):
        return True  # "Mount it by UUID in /etc/fstab", "With two of you, consider a ..."
    if not working and not (
        signalled
        or PAST.search(sentence)
        or _FUTURE.search(sentence)
        or _says_where(sentence)
        or _CODE.search(sentence)
    ):
        # What it states in the present of nobody's doing ("The train takes about two
        # hours", "Accommodation usually runs 80 euros a night") is what it knows, not
        # what happened or was decided; its results ("Added full jitter", "The build
        # passed"), what it will do and what it reads in the code ("`retry_max` is 5
        # in settings.py") stay.
        return True
    return _quotes_memory(sentence, remembered)


_ACKNOWLEDGED = re.compile(r"^(?:[A-Z][a-z]+ed|Done|Got it|OK|Okay)\s*[:,—–-]\s+")
"""A past participle set before what follows as its label ("Recorded: ...", "Noted,
...", "Updated: ..."): the assistant acknowledging what it was just told, repeated
after it."""


_STEP = re.compile(
    r"^(?:[^,:;]{1,60},\s+)?(?P<verb>[A-Za-z][a-z]+)\s+"
    r"(?:it|them|these|those|the|a|an|your|each|every|all)\s+\S"
)
"""A clause in the imperative: after an opening phrase set off by a comma ("In 3.11,",
"With two maintainers,"), a word that takes an object at once ("Wrap it as ...", "Push
the query into SQL", "consider a branch rule"): a sentence's subject is followed by its
verb, never by a pronoun in the object case or a determiner, so the word is a verb with
no subject, one told to the listener."""


_LINKING_ADVERBS = _words(
    "then next otherwise instead meanwhile however therefore thus hence first second third "
    "finally last also still now here there today tonight tomorrow yesterday again even"
)
"""The closed class of adverbs that link a sentence to the one before or set it in time,
and may open it before its subject ("Otherwise the job fails", "Next the cron runs")."""


def _offered_step(sentence: str) -> bool:
    """Whether an assistant's sentence, out of a list, offers a step to the person it
    helps, as `_listed_fact` reads a list's item: its main clause is in the imperative
    (`_STEP`), its verb no past ("Added the index"), participle, third person, adverb
    ("Then the ...", "Finally the ...") nor word of small talk."""
    step = _STEP.match(sentence)
    if step is None:
        return False
    verb = step["verb"].casefold()
    return not (
        PAST.fullmatch(verb)
        or verb.endswith(("s", "ed", "ing", "ly"))
        or verb in _STOP | _FILLER | _ADVERBS | _COMMON_WORDS | _NO_ONE | _LINKING_ADVERBS
    )


def _listed_fact(item: str) -> bool:
    """Whether an item of an assistant's list tells what was done or decided ("Renamed
    the flag to --dry-run", "Decided to drop Python 3.9"). An option ("A grain salad with
    chickpeas") or a step ("Bake the sponge in two tins", "Make sure the vents are
    clear") is not."""
    if _SIGNALS.search(item):
        return True
    if _IMPERATIVE.match(item) or _MAY_BE.search(item):
        return False
    first = item.split(maxsplit=1)[0] if item.strip() else ""
    return bool(PAST.fullmatch(first)) and first.casefold() not in ("was", "were", "had")


def _add_naming(
    facts: list[str],
    seen: set[frozenset[str]],
    speaker: str | None,
    sentence: str,
    own_before: dict[str, str],
    earlier: list[str],
) -> None:
    """Adds "<speaker>'s kitten is named Miso" when `sentence` names what the speaker
    told of in their previous message or earlier in this one (`earlier`)."""
    if speaker is None:
        return
    naming = _naming(sentence, f"{own_before.get(speaker, '')} {' '.join(earlier)}")
    if naming:
        _add(facts, seen, f"{speaker}'s {naming}")


_NAMED_AS = re.compile(
    r"\b(?:his|her|their|its)\s+name(?:['’]s|\s+is)\s+(?P<name>[A-Za-z][\w'’-]+)", re.I
)
_NAMED_ONE = re.compile(
    r"\b(?:a|an|my|our|the|new)\s+(?:[\w'’-]+\s+){0,2}?"
    rf"(?P<noun>{kin_pattern(plural=False)}|"
    r"kitten|puppy|dog|cat|pet|rabbit|bunny|hamster|horse|parrot|bird|tortoise|lizard|boss|"
    r"manager|colleague|coworker|neighbou?r|tutor|coach|therapist|mentor|intern|nanny)s?\b",
    re.I,
)


def _naming(sentence: str, said_before: str) -> str:
    """A name given to what the speaker just told of: "I adopted a kitten. ... her name is
    Miso" is "kitten is named Miso" (the speaker's, to be prefixed); "" when the sentence
    names nothing that way or nothing was told of before it."""
    named = _NAMED_AS.search(sentence)
    if named is None or named["name"].casefold() in _NOT_A_NAME:
        return ""
    told_of = list(_NAMED_ONE.finditer(f"{said_before} {sentence[: named.start()]}"))
    if not told_of:
        return ""
    name = named["name"]
    return f"{told_of[-1]['noun'].casefold()} is named {name[:1].upper()}{name[1:]}."


_ASKED_BY_AUX = re.compile(
    r"^(?:(?:what|how|why|where|who|which|when)(?:\s+[\w'’]+){0,2}?(?:['’]s|\s+(?:is|are|"
    r"was|were|do|does|did|can|could|would|should|will|has|have)\b)"
    r"|(?:do|does|did|is|are|was|were|can|could|would|will|should|have|has)\s+"
    r"(?:you|u|we|they|i|it|he|she|there)\b)",
    re.I,
)
"""A question by its word order: a question word and an auxiliary after it ("who's
driving", "how much was the deposit"), or an auxiliary before its subject ("do you
know")."""


def _asks_unmarked(text: str) -> bool:
    """A message asking without its mark: by its word order (`_QUESTION`), an auxiliary
    in it (`_ASKED_BY_AUX`) or three words or more ("who wants pizza"), or with its
    question word left where the answer goes (`_ASKED_LAST`). A question word and a verb
    alone ("Who knew", "who cares", "how come") exclaim: they ask nothing to answer."""
    if _ASKED_LAST.search(text):
        return True
    return _QUESTION.match(text) is not None and (
        _ASKED_BY_AUX.match(text) is not None or len(_WORD.findall(text)) >= 3
    )


@dataclass
class _Hearing:
    """What `extract` tells its `judge` beyond the sentence: where the message stands,
    whether it answers the other's question, how the other replied, and which of its
    words are fresh. Without a judge it does nothing and costs nothing."""

    judge: Callable[[str, str, Context], bool] | None
    conversation: list[dict[str, Any]]
    known_words: set[str]
    earlier: set[str] = field(default_factory=set)
    """Words said before in this conversation: what a sentence adds is its fresh words."""
    asker: tuple[object, bool] = (None, False)
    """Who spoke last and whether they asked."""
    position: int = 0
    who: object = None
    text: str = ""
    answers: bool = False
    question: str = ""
    """The message this one answers, when it answers one."""

    def message(self, position: int, who: object, text: str) -> None:
        """A new message, by `who`, at `position` in the conversation."""
        self.answers = self.asker[1] and self.asker[0] != who
        self.question = self.text if self.answers else ""
        # A question asked without its mark asks all the same: by its word order
        # ("who's streaming") or with its question word last ("30% is what").
        self.asker = (who, "?" in text or _asks_unmarked(text.strip()))
        self.position, self.who, self.text = position, who, text

    def dropped(self, sentence: str) -> str:
        """What the rules dropped, heard by the judge when there is one: a statement of
        three words or more, not a question."""
        if self.judge is None or sentence.rstrip().endswith("?"):
            return ""
        return sentence if len(_WORD.findall(sentence)) >= 3 else ""

    def keeps(
        self, said: str, fact: str, words: set[str], where: tuple[int, int, bool, bool]
    ) -> bool:
        """The judge's word on a candidate (`where`: the sentence's index, the message's
        sentences, chat, kept by the rules); without a judge, the rules'."""
        index, sentences, chat, ruled = where
        if self.judge is None:
            return ruled
        return self.judge(
            said,
            fact,
            Context(
                self.text,
                self.position / max(1, len(self.conversation) - 1),
                self.answers,
                index,
                sentences,
                chat,
                ruled,
                reply=self._reply(),
                fresh=len(words - self.earlier) / max(1, len(words)),
                repeated=len(words & self.known_words) / max(1, len(words)),
            ),
        )

    def heard(self, text: str) -> None:
        """A message done: its words are no longer fresh."""
        if self.judge is not None:
            self.earlier |= {word[:5] for word in content_words(text)}

    def _reply(self) -> str:
        """The next message someone else sends: how the news was taken."""
        for item in self.conversation[self.position + 1 : self.position + 4]:
            if (item.get("name") or item.get("role")) != self.who:
                return str(item.get("text", ""))
        return ""


_DATE_ONLY = re.compile(
    rf"\W*(?:(?:on|the|new date is|yes|yep|yeah|no|it's|its)\W+)*"
    rf"(?:(?:{_WD}),?\s+)?(?:{_MONTH_NAME.pattern}\.?\s+)?(?:the\s+)?"
    r"(?:[12]\d|3[01]|[1-9])(?:st|nd|rd|th)?(?:\W+(?:yes|yep|yeah|right))?\W*",
    re.I,
)
"""A date and nothing else ("March 9th!", "the 14th", "June 14, yes")."""
_VERB = re.compile(
    r"\b(?:is|are|was|were|am|be|been|has|have|had|do|does|did|will|would|can|could|should|"
    r"shall|might|must|got|get|gets|I|we|he|she|they|you|it|that's|it's|there's|here's)\b"
    r"|n['’]t\b|['’](?:re|m|ve|ll|d)\b"
    rf"|\b[a-z]{{3,}}(?:ed|ing)\b|^[A-Z]\w+\s+[a-z]+s\b|{PAST.pattern}"
    r"|^(?:the|our|my|their|this|that)\s+[\w-]+\s+[a-z]{2,}s\s+\S"
    r"|^[A-Z][a-z]+[a-rt-z]s\s+(?!(?:tonight|today|tomorrow|here|there|now|later|again|"
    r"only|also|still|just|too|first|next)\b)[a-z]{2,}\s+(?:through|via|to|into|from|on|"
    r"in|at|with|over|under|by)\b",
    re.I,
)
"""A word that makes a sentence of a scrap: an auxiliary, a subject pronoun, a past or a
participle, a name and a verb after it ("Mel quits"), a plural and the plain verb that
agrees with it, before its preposition ("Payments go through Stripe", "Deploys run on
Fridays")."""


def _scrap(sentence: str, heard: list[str]) -> bool:
    """A date alone, or four words or fewer without a verb, a digit or a cue word ("Paris
    recap.", "A GRANDSON."): a heading for news told after it or an answer whose question
    is not in it, which says neither who nor what. A date answering a question asked with
    its mark ("June 14, yes.", `heard` holding "") is kept."""
    if _DATE_ONLY.fullmatch(sentence):
        return "" not in heard
    if _CONTRAST.search(sentence):
        return False  # "Use uv, not pip.": a choice made, its verb the order's
    where = _WHERE_TAIL.search(sentence)
    if (
        where
        and _BARE_VALUE.fullmatch(head := sentence[: where.start()])
        and not _VERB.search(head)
    ):
        return True  # "42, in tests/conftest.py": where a value of nothing said is
    return (
        len(_WORD.findall(sentence)) <= 4
        and not _DIGITS.search(sentence)
        and not _CUE.search(sentence)
        and not _VERB.search(sentence)
        # "My brother Sam.": a relation and who it is.
        and not (_RELATION.search(sentence) and _names_something(sentence))
    )


_WHEN_IS = re.compile(
    r"^(?:(?:so|and|ok|okay)\W+)?when(?:['’]s|\s+(?P<verb>is|are|was|were))\s+(?P<what>[^?]+?)"
    r"\s*\?+$",
    re.I,
)
_WHEN_DO = re.compile(
    r"^(?:(?:so|and|ok|okay)\W+)?when\s+(?P<aux>do|did|will|are|can)\s+(?:you|u)\s+"
    r"(?P<what>[^?]+?)\s*\?+$",
    re.I,
)
_SUBJECT_OF = {"do": "I", "did": "I", "will": "I'll", "are": "I'm", "can": "I can"}
_WHEN_WILL_BE = re.compile(
    r"^(?:(?:so|and|ok|okay)\W+)?when\s+(?P<aux>will|would)\s+"
    r"(?P<what>(?!(?:you|u|i|we|they|he|she|it|that|this)\b)[^?]+?)\s+be\s+"
    r"(?P<state>[^?]+?)\s*\?+$",
    re.I,
)
"""A question of when a thing will be in a state ("when will the plans be ready?", "when
would the refund be through?"): its answer is "the thing will be ready by the date". A
pronoun asks of what was said before, not here."""
_BY_A_DATE = re.compile(r"(?P<by>(?:by|before|after|until|till|from)\s+)(?P<date>.+)", re.I)
"""A date said with the bound it sets ("By 3 March.", "after the 12th"): the bound is
part of the answer, the date after it what `_DATE_ALONE` reads."""
_NOUN_ASKED = re.compile(r"^(?P<what>(?:for\s+)?[\w'’-]+(?:\s+[\w'’-]+){0,2})\s*\?+$")
"""A question of a noun alone, or a preposition and its noun ("housewarming?", "For
Swanwick??"): what the answer's date is of."""
_ASKED_OF = re.compile(
    r"\b(?:is|are|was|were|do|does|did|will|can|have|has|you|u|i|we|he|she|they|it|that|this)\b",
    re.I,
)
"""An auxiliary or a pronoun: a question with one asks of something else than a noun."""


_WHAT_IS = re.compile(
    r"^(?:(?:so|and|ok|okay)\W+)?(?:what|how much)(?:['’]s|\s+(?P<verb>is|are|was|were))\s+"
    r"(?P<what>[^?,]+?)\s*(?:,[^?]*)?\?+$",
    re.I,
)
"""A question of what a thing's value is ("What's your budget, and ...?", "how much is
the deposit?"): its answer is "the thing is the value"."""


_TWO_ASKED_OF = re.compile(
    r"^[^?]*\b(?:when|what|who|how\s+much)\b[^?]*(?:,\s*|\s+)(?:and|or|&)\s+"
    r"(?!(?:what|when|where|who|which|how|why|is|are|was|do|does|did|can|will)\b)"
    r"[\w'’]+(?:\s+[\w'’]+)?\s*\?+$",
    re.I,
)
"""A question asked of two things, the second its subject alone after "and" ("when is
Jen's flight, and mine?", "what's the rent and the deposit?"): one value answers neither
as said. A second question after the "and" ("..., and how big a van?") asks of
another thing, and the first is still answered."""
_CLOCK_TIME = re.compile(
    r"(?:(?:about|around|at|roughly|just\s+after|just\s+before)\s+)?"
    r"(?:\d{1,2}(?::\d\d)?\s*(?:am|pm)|\d{1,2}:\d\d)",
    re.I,
)
"""A time of day ("12:30", "7pm", "about 6:30 am"): a value that answers "when"."""
_WEEKDAY_ALONE = re.compile(rf"(?:{_WD})", re.I)


_WHO_IS = re.compile(
    r"^(?:(?:so|and|ok|okay)\W+)?who(?:['’]s|\s+(?P<verb>is|was))\s+"
    r"(?P<what>(?:the|your|ur|my|our|his|her|their|[A-Z][\w-]+['’]s)\s+[^?,]+?)\s*\?+$",
    re.I,
)
"""A question of who holds a role ("who's your doctor?", "who is the best man?"): its
answer, a person's name, is "the role is the name"."""
_FULL_NAME = re.compile(
    r"(?:(?:Dr|Mr|Mrs|Ms|Mx|Prof)\.?\s+[A-Z][\w'’-]+|[A-Z][\w'’-]+\s+[A-Z][\w'’-]+)"
    r"(?:\s+[A-Z][\w'’-]+)?"
)
"""A person named in full: a title and a surname ("Dr Patel"), or a first name and a
surname ("Jen Moss"). A capitalised word alone opening a reply may be any word
("Unknown.", "Retired.")."""


def _named_answer(question: str, said: str) -> str:
    """A person's full name said alone in answer to "who is X?" (`_WHO_IS`), told as "X
    is the name": "who's your doctor?" / "Dr Patel." is "My doctor is Dr Patel." ("my"
    the answerer's). "" for anything else."""
    name = said.strip(" .!")
    if not _FULL_NAME.fullmatch(name) or any(
        word.casefold() in _NOT_A_NAME for word in _WORD.findall(name)
    ):
        return ""
    asked = [piece for piece in split_sentences(question) if piece.rstrip().endswith("?")]
    who = _WHO_IS.match(asked[-1].strip()) if asked else None
    if who is None or _TWO_ASKED_OF.search(who[0]):
        return ""
    role = re.sub(person("your|ur"), "my", who["what"], flags=re.I)
    told = f"{role} {(who['verb'] or 'is').casefold()} {name}"
    return told[0].upper() + told[1:]


_ASKED_WHERE_WHAT = re.compile(
    r"^(?:(?:so|and|ok|okay)\W+)?(?P<wh>where|what)\s+(?P<aux>do|does|did|are|is|was|were)\s+"
    r"(?P<subject>you|u|your\s+[a-z]+|(?!(?:my|his|her|its|our|their)\b)(?-i:[A-Z])[\w'’-]+)"
    r"\s+(?P<verb>[a-z]+)"
    r"(?P<rest>(?:\s+[\w'’-]+){0,3}?)\s*\?+$",
    re.I,
)
"""A question of where or what someone does, did or is doing ("where did you move?",
"what do you eat these days?", "where does Jen work?"): its answer, a noun phrase, is
"the answer is where/what they do". "your sister" asked is the answerer's sister; a
possessive of another ("his sister") names no one the answer can tell of."""
_MOMENT_ASKED = re.compile(
    r"\b(?:these\s+days|lately|nowadays|this\s+(?:year|term|semester))\b", re.I
)
"""A span a question in the progressive is asked over ("where are you living these
days?"): without one, it asks of the moment."""
_PAST_OF = {
    "go": "went",
    "grow": "grew",
    "meet": "met",
    "get": "got",
    "buy": "bought",
    "eat": "ate",
    "find": "found",
    "leave": "left",
    "take": "took",
    "see": "saw",
    "fly": "flew",
    "drive": "drove",
    "choose": "chose",
    "pick": "picked",
    "study": "studied",
    "do": "did",
    "have": "had",
    "say": "said",
    "pay": "paid",
    "end up": "ended up",
}
"""The past of the verbs most asked of with "where/what did you ...?" whose past is not
"-ed" (English's irregular verbs are a closed class; the rest take "-d" or "-ed")."""
_NO_VALUE = re.compile(
    r"\b(?:no|not|none|nothing|nowhere|nobody|anything|anywhere|something|somewhere|"
    r"everything|everywhere|unknown|unsure|unclear|dunno|idk|tbd|maybe|probably)\b",
    re.I,
)
"""An answer that gives no value: a negation, an indefinite or a hedge ("nowhere yet",
"not sure", "something cheap", "unknown")."""
_ANSWER_NP = re.compile(
    r"(?:(?:yes|yeah|yep|still)[,\s]+)*(?P<np>[\w'’&.-]+(?:\s+[\w'’&.-]+){0,3})[.!]*"
)
_PARTICIPLE = re.compile(r"[A-Za-z]{2,}[a-df-z]ed")
"""One word that is a past participle ("Retired.", "Engaged!", "Married."), not a noun
("Speed", "Tweed", "Fred" are not): said alone it has the capital of a sentence, not of
a name, and it names no thing a what-question's verb takes ("what did Sam say?" /
"Engaged!" is no "Sam said engaged"). It answers "what does X do?" as what X is ("My
dad is retired") and "what did X do?" as what X did ("My dad retired")."""
_NAMING_VERBS = _words("name call")
"""Verbs whose what-question asks a name ("what did you name the dog?" / "Alfred."): its
answer is a name even where it ends like a participle."""
_PUT_VERBS = _words("park put leave stash hide")
"""Verbs a where-question in the past asks of where something was left ("where did you
park?", "where did you put it?"): with no thing named, its answer is where they are now,
the moment (`_of_the_moment`), and said alone no fact to keep ("By the gym.", or a joke:
"Mars."); with a thing named ("Where did you put the passports?" / "In the safe.") it is
where that thing is kept (review 23 M9)."""


def _past(verb: str) -> str:
    """The past of a verb in its plain form ("move" -> "moved", "go" -> "went")."""
    if verb in _PAST_OF:
        return _PAST_OF[verb]
    if verb in _SAME_PAST:
        return verb
    if verb.endswith("e"):
        return verb + "d"
    if verb.endswith("y") and verb[-2:-1] not in ("a", "e", "o", "u"):
        return verb[:-1] + "ied"
    return verb + "ed"


def _place_or_thing_answer(
    question: str, said: str, written: str = "", joking: bool = False
) -> str:
    """A noun phrase said alone in answer to "where/what does X do?" (`_ASKED_WHERE_WHAT`),
    told with the question's verb: "where did you move?" / "Lisbon." is "Lisbon is where
    I moved" (which preposition the place takes is unsaid); "what do you eat these days?"
    / "Vegan." is "I eat vegan these days", the answer in the place of "what". Not an
    answer with a verb, a date, no value (`_NO_VALUE`: "no idea", "nowhere yet") or an
    order ("Ask Rasmus"); nor an answer said `joking` (with laughter or an emoji: "A
    spaceship lol"), nor one to a question of the moment (`_of_the_moment`: "where are
    you going?" / "Bed."; review 20 #6). A participle alone ("Retired.") names no thing:
    it answers only what someone does or did (`_what_done`). "" for anything else.
    `written`: the answer as its message wrote it, whose lower case ("fish") the
    sentence's capital does not change."""
    asked = [piece for piece in split_sentences(question) if piece.rstrip().endswith("?")]
    where = _ASKED_WHERE_WHAT.match(asked[-1].strip()) if asked else None
    answer = _ANSWER_NP.fullmatch(said.strip().rstrip(".!"))
    if where is None or answer is None or joking or _of_the_moment(where):
        return ""
    np = answer["np"]
    if written.lstrip()[:1].islower():
        np = np[:1].lower() + np[1:]
    aux, verb = where["aux"].casefold(), where["verb"].casefold()
    subject = "I" if where["subject"].casefold() in ("you", "u") else where["subject"]
    # "your sister" asked is the answerer's: "my sister", told as theirs.
    subject = re.sub(r"^your\b", "my", subject, flags=re.I)
    what = where["wh"].casefold() == "what"
    if what and _PARTICIPLE.fullmatch(np) and verb not in _NAMING_VERBS:
        # "what did Sam say?" / "Engaged!": no thing said, an exclamation.
        if verb not in ("do", "doing") or _TWO_ASKED_OF.search(where[0]):
            return ""
        return _what_done(subject, aux, np.casefold(), where["rest"])
    # A name in capitals is one ("Halden Labs"), whatever its last word looks like.
    proper = all(word[:1].isupper() for word in np.split())
    if (
        (_VERB.search(np) and not proper)
        or _NO_VALUE.search(np)
        or _DATE_ALONE.fullmatch(np)
        or _IMPERATIVE.match(np)
        or _TWO_ASKED_OF.search(where[0])
    ):
        return ""
    if aux == "did":
        told = f"{subject} {_past(verb)}"
    elif aux in ("do", "does"):
        told = f"{subject} {verb if subject == 'I' else _conjugate(verb)}"
    else:
        being = {"are": "am", "is": "is", "was": "was", "were": "was"}[aux]
        told = f"{subject} {being if subject == 'I' else aux} {verb}"
    # "a Skoda" capitalised as a sentence of its own: a determiner in object place.
    np = re.sub(r"^(?:A|An|The|My|Our|His|Her|Their)\b", lambda m: m[0].casefold(), np)
    if where["wh"].casefold() == "what":
        # "what do you eat these days?" / "Vegan": the answer is what is eaten.
        told = f"{told} {np}{where['rest']}"
        return told[0].upper() + told[1:]
    return f"{np[0].upper()}{np[1:]} is where {told}{where['rest']}"


def _what_done(subject: str, aux: str, participle: str, rest: str) -> str:
    """A participle answering what someone does or did, told: "what does X do?" /
    "Retired." as what X is ("My dad is retired"), "what did X do (at the weekend)?" /
    "Hiked." as what X did ("I hiked at the weekend"), "what is X doing these days?" /
    "Retired." as "X is retired these days". "" for what was done to or with something
    ("what did you do with the car?" / "Crashed."): the answer leaves out what it did."""
    if aux == "did":
        if re.match(r"\s+(?:with|to|about)\b", rest, re.I):
            return ""
        told = f"{subject} {participle}{rest}"
    else:
        plural = aux in ("do", "are", "were") and subject != "I"
        tense = "was" if aux in ("was", "were") else "is"
        being = "am" if subject == "I" and tense == "is" else tense
        if plural:
            being = "were" if tense == "was" else "are"
        told = f"{subject} {being} {participle}{rest}"
    return told[0].upper() + told[1:]


def _of_the_moment(where: re.Match[str]) -> bool:
    """Whether a question of where or what (`_ASKED_WHERE_WHAT`) asks of the moment: in
    the progressive, "where" someone is going or is parked, or what they are doing (the
    verb that stands for any other), with no span it is asked over (`_MOMENT_ASKED`);
    or in the past, where someone parked or put something (`_PUT_VERBS`). Its answer
    ("Bed.", "Homework.", "By the gym.") is where they are now, no fact to keep; "what are
    you reading?" / "Dune" names a thing, and "these days" a span."""
    if _MOMENT_ASKED.search(where["rest"]):
        return False
    if where["wh"].casefold() == "where" and where["aux"].casefold() == "did":
        verb = where["verb"].casefold()
        return verb == "park" or (verb in _PUT_VERBS and not content_words(where["rest"]))
    if where["aux"].casefold() not in ("are", "is", "was", "were"):
        return False
    return where["wh"].casefold() == "where" or where["verb"].casefold() == "doing"


def _answered(question: str, date: str) -> str:
    """A date said alone in answer to `question`, told with what it dates: "When is the
    festival?" / "21 june" is "the festival is 21 june", "When do you start?" / "the
    16th" is "I start the 16th", "housewarming?" / "saturday 14th june" is "housewarming
    saturday 14th june" ("you" asked is the answerer's "I"); a value alone ("about 10
    thousand") answering "What's your budget?" is "my budget is about 10 thousand". ""
    when the question says nothing a date is of ("When?" alone, after no other
    question, or "Why?"), or `date` is more than a date or a value."""
    if not question:
        return ""
    if told := _named_answer(question, date):
        return told
    # "42, in tests/conftest.py": a value and where it is; the value answers.
    where = _WHERE_TAIL.search(date)
    date, where_said = (date[: where.start()], where[0].rstrip(" .!")) if where else (date, "")
    bound = _BY_A_DATE.fullmatch(date.strip())
    by = ""
    if bound and _DATE_ALONE.fullmatch(bound["date"]):
        by, date = bound["by"].casefold(), bound["date"]
    value = not by and not _DATE_ALONE.fullmatch(date) and bool(_BARE_VALUE.fullmatch(date))
    if not (value and not _VERB.search(date)) and not _DATE_ALONE.fullmatch(date):
        return _thing_answered(question, date)
    asked = [piece for piece in split_sentences(question) if piece.rstrip().endswith("?")]
    while asked and re.fullmatch(r"(?i:when|and when|date|what date|which day)\W*", asked[-1]):
        asked.pop()
    if not asked:
        return ""
    last, date = asked[-1].strip(), date.strip(" .!")
    if re.search(r"\b(?:is|are|was|'s)\s+(?:that|this|it|they)\s*\?", last, re.I):
        return ""  # "when is that?": what it asks of was said before, not here
    if _TWO_ASKED_OF.search(last):
        return ""  # "when is Jen's flight, and mine?": which one the date is of is unsaid
    if value:
        # The value read as a sentence of its own: "About 10 thousand" inside one.
        date = re.sub(r"^[A-Z](?=[a-z])", lambda m: m[0].lower(), date)
        # "When is X?" is answered by a time of day ("12:30"), not by any number ("450").
        what = _WHAT_IS.match(last) or (_CLOCK_TIME.fullmatch(date) and _WHEN_IS.match(last))
        if not what:
            return ""
        told = f"{what['what']} {(what['verb'] or 'is').casefold()} {date}"
    elif when := _WHEN_WILL_BE.match(last):
        told = f"{when['what']} {when['aux'].casefold()} be {when['state']} {by}{date}"
    elif by:
        return ""  # "when is it?" / "By Friday": a bound of what is not said as asked
    elif when := _WHEN_IS.match(last):
        # "friday" alone is read as a date only after its "on": "the move is on friday".
        on = "on " if _WEEKDAY_ALONE.fullmatch(date) else ""
        told = f"{when['what']} {(when['verb'] or 'is').casefold()} {on}{date}"
    elif when := _WHEN_DO.match(last):
        told = f"{_SUBJECT_OF[when['aux'].casefold()]} {when['what']} {date}"
    elif (noun := _NOUN_ASKED.match(last)) and not _ASKED_OF.search(noun["what"]):
        told = f"{noun['what']} {date}"
    else:
        return ""
    told = re.sub(person("your"), "my", re.sub(person("you|u"), "I", told, flags=re.I), flags=re.I)
    return told[0].upper() + told[1:] + where_said


_OWN_THING_ASKED = re.compile(r"(?:the|your|ur)\s+\w", re.I)
_THING_ANSWER = re.compile(r"[\w'’&.£$€-]+(?:\s+[\w'’&.£$€-]+){0,9}[.!]*")


def _thing_answered(question: str, said: str) -> str:
    """A noun phrase said alone in answer to "what's your X?" or "what is the X?"
    (`_WHAT_IS`), told as "my X is the answer": "What's your usual turnaround on
    sketches?" / "About a week for a full set of roughs." is "My usual turnaround on
    sketches is about a week for a full set of roughs." "" for an answer with a verb,
    no value or a date, or of more than ten words, for a question of another's thing
    ("his", "her": whose is unsaid in the bullet), and for "what's X like?", which asks
    how X seems."""
    asked = [piece for piece in split_sentences(question) if piece.rstrip().endswith("?")]
    what = _WHAT_IS.match(asked[-1].strip()) if asked else None
    said = said.strip()
    if (
        what is None
        or not _OWN_THING_ASKED.match(what["what"])
        # "what's the team like?" asks how it seems, not what it is
        or re.search(r"\blike$", what["what"], re.I)
        or _TWO_ASKED_OF.search(what[0])
        or not _THING_ANSWER.fullmatch(said)
        or _VERB.search(said)
        or _NO_VALUE.search(said)
        or _IMPERATIVE.match(said)
    ):
        return ""
    thing = re.sub(r"^(?:your|ur)\b", "my", what["what"], flags=re.I)
    said = re.sub(r"^(?:A|An|The|About|Around|One|Two)\b", lambda m: m[0].casefold(), said)
    verb = (what["verb"] or "is").casefold()
    # "what is the band called?" / "The Night Owls." is what the band is called
    called = re.fullmatch(r"(?P<thing>.+?)\s+(?P<named>called|named)", thing, re.I)
    if called:
        thing, verb = called["thing"], f"{verb} {called['named'].casefold()}"
    told = f"{thing} {verb} {said.rstrip('.!')}"
    return told[0].upper() + told[1:]


_WHERE_TAIL = re.compile(r",\s+(?:in|at|on|under)\s+\S+[^,]*$")
"""Where a value said alone is, set off after it ("42, in tests/conftest.py")."""
_YES_OPENED = re.compile(r"(?:yes|yeah|yep|yup)\b(?:\s+please)?\W+(?=\w)", re.I)
_ASKED_YES_NO = re.compile(
    r"^(?:(?:and|so|also)\W+)?(?:will|would|can|could|is|are|was|were|does|do|did|has|have|"
    r"should)\s+(?!(?:there|that|this|it|he|she|they)\b)\w[^?]*\?$",
    re.I,
)
"""A question asked by its word order, to be answered yes or no ("Will the children need
boots for camp?", "Is choir still on Wednesdays?"). One asked of "there", "that", "this",
"it", "he", "she" or "they" asks of whom or what was said before, not here: the bullet
would not say who ("Does she want photos?" / "Yes, photos.")."""
_ASKER_OR_HEARER = re.compile(r"\b(?:i|me|my|you|your|u|ur|we|our|us)\b", re.I)
_YES_BUT = re.compile(r"(?:but|though|although)\b", re.I)


def _confirmed(question: str, piece: str, said: str) -> str:
    """A yes and what it adds, answering a yes-no question of a third person or thing
    (`_ASKED_YES_NO`), told with the question: "Will the boys need boots for camp?" /
    "Yes, boots and a raincoat." is "Will the boys need boots for camp? Yes, boots and a
    raincoat." The question holds the fact; the yes alone holds none. "" when the
    question names the asker or the one answering (whose "I" and "you" the bullet's
    speaker would turn), when the answer does not open on its yes (`piece`, as said), or
    when what follows the yes (`said`, cleaned) opens on a clause of its own, which is a
    fact without the question."""
    opened = _YES_OPENED.match(piece)
    if not question or opened is None:
        return ""
    asked = [piece for piece in split_sentences(question) if piece.rstrip().endswith("?")]
    last = asked[-1].strip() if asked else ""
    said = said[yes.end() :] if (yes := _YES_OPENED.match(said)) else said
    head = said.split(",")[0]
    if (
        not _ASKED_YES_NO.match(last)
        or _ASKER_OR_HEARER.search(last)
        or _VERB.search(head)
        or _ASKER_OR_HEARER.search(head)
    ):
        return ""
    # What followed the yes as it was said: its first word's case ("Yes, no hot water
    # yet", not "Yes, No ..."), and a "but" the cleaning cut, which makes the rest a
    # reservation, not a contradiction (review 33 S13: "Yes, but no hot water yet.")
    after_yes = piece[opened.end() :]
    if (first := re.match(r"\w+", said)) and (
        as_said := re.search(rf"\b{re.escape(first[0])}\b", after_yes, re.I)
    ):
        said = as_said[0] + said[first.end() :]
    if _YES_BUT.match(after_yes) and not _YES_BUT.match(said):
        said = f"but {said}"
    return f"{last} Yes, {said}"


def _fact_of(
    sentence: str,
    names: frozenset[str],
    heard: list[str],
    learned: frozenset[str] = frozenset(),
    chat: bool = False,
    to_assistant: bool = False,
    laughed: bool = False,
) -> str:
    """The fact a sentence states, its clauses that say nothing cut, or "". What is left
    once they are cut must not be a scrap, nor about a bare "it" or "he" said before:
    "Kai helped, it took 4 hours" leaves "It took 4 hours". ("We got the keys and I
    cried" leaves "We got the keys", which the whole sentence made a fact.)"""
    if not is_fact(sentence, names, learned, chat, to_assistant, laughed) or _scrap(
        sentence, heard
    ):
        return ""
    if not laughed and _labelled_rule(sentence):
        return sentence  # its label or tag ("that's a team rule") is what makes it one
    cut = _within_length(_fact_clauses(sentence, names), names)
    if cut != sentence and (
        _scrap(cut, heard)
        or (
            (_BARE_IT.match(cut) or _BARE_THIRD.match(cut))
            and not is_fact(cut, names, learned, chat, to_assistant, laughed)
        )
    ):
        return ""
    return cut


_DAY_NUMBER = r"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?"


_MONTH_WORD = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
_DAY_DATE = re.compile(
    rf"\b(?P<md>(?P<iso>(?P<iso_year>\d{{4}})-(?P<iso_month>\d\d)-\d\d)"
    rf"|(?P<month>{_MONTH_WORD})\.?\s+(?:the\s+)?{_DAY_NUMBER}"
    rf"|(?:the\s+)?{_DAY_NUMBER}(?:\s+of)?\s+(?P<month_after>{_MONTH_WORD}))\b"
    r"(?P<year>,?\s+(?:in\s+)?(?P<year_number>(?:19|20)\d\d)\b)?",
    re.I,
)
"""A day of a month: an ISO date, or a month and its day in either order, with its year
when one follows ("june 12th in 2027")."""
_RESCHEDULE_VERB = r"(?:moved|pushed|postponed|rescheduled|delayed|bumped|shifted|changed|brought)"
_MOVED_IT = re.compile(
    r"^(?:(?:so|and|but|well|oh|ok|okay|also|update)\W+)*"
    r"(?:(?:they|we|he|she)(?:\s+(?:have|has)|['’](?:ve|s))?\s+"
    r"(?:(?:just|finally|officially)\s+)*"
    rf"{_RESCHEDULE_VERB}\s+it"
    r"|it(?:\s+(?:has|was|is|got)|['’]s)?(?:\s+been)?\s+(?:(?:just|finally|officially)\s+)*"
    rf"{_RESCHEDULE_VERB})"
    r"(?:\s+(?:back|forward|up|out))?\s+(?:to|until|till)\s+"
    rf"(?P<date>{_DAY_DATE.pattern})(?P<rest>.*)$",
    re.I,
)
"""A date changed with only a pronoun for what it is of: "they moved it to june 19th
because the venue double-booked", "it's been pushed back to the 3rd of may". The verb
moves an event in time; "it" is the event said before."""


def _month_of(found: re.Match[str]) -> int | None:
    """The month (1 to 12) a `_DAY_DATE` match names."""
    if found["iso_month"]:
        return int(found["iso_month"])
    word = (found["month"] or found["month_after"] or "")[:3].casefold()
    months = [name[:3].casefold() for name in MONTHS]
    return months.index(word) + 1 if word in months else None


def _ahead(found: re.Match[str], said: datetime | None) -> bool:
    """Whether the day a `_DAY_DATE` match names may still be ahead when `said`: an event
    already past is not moved. Without a year (or a day said) it may be."""
    year = found["iso_year"] or found["year_number"]
    month = _month_of(found)
    day = re.search(r"\d{1,2}(?=\D*$)", found["md"]) if not found["iso"] else None
    if said is None or year is None or month is None:
        return True
    number = int(found["iso"][-2:]) if found["iso"] else int(day[0]) if day else 1
    try:
        return date(int(year), month, number) >= said.date()
    except ValueError:
        return True


def _rescheduled(
    sentence: str,
    told_before: Callable[[], list[str]],
    said: datetime | None,
    spoken_since: list[str],
    told_here: list[str],
) -> str | None:
    """A change of date told with "it" for what moved (`_MOVED_IT`), or None for another
    sentence. "It" is the one fact the speaker told before (`told_before`, read only
    then) with a day still ahead, told again with the new day and the old one it
    replaces: "Ines is getting married on june 12th in 2027" and "they moved it to june
    19th because ..." is "Ines is getting married on june 19th in 2027 instead of june
    12th, because ...". Only when "it" can mean nothing else: the fact is the last with
    a day the speaker told in this conversation, if any (`told_here`), and nothing the speaker said since, nor
    a sentence before "it" in its message (`spoken_since`), names a thing or an event
    (`_NOUN_PHRASE`: "The plumber visit was cancelled again.", "My exam was moved
    too."), which "it" may be as well (review 20 #3). When no one fact is that, the
    sentence is kept as said: a change of date, even of what is unsaid, is news."""
    moved = _MOVED_IT.match(sentence)
    if moved is None:
        return None
    if any(_NOUN_PHRASE.search(spoken) for spoken in spoken_since):
        return sentence
    earlier = told_before()  # read for this shape only: memory may hold many facts
    new = _DAY_DATE.match(moved["date"])
    assert new is not None  # the pattern holds it
    # One fact told twice (in the ledger and in MEMORY.md) is one fact.
    told = {_key(_unstamped(fact)): _unstamped(fact) for fact in earlier}
    dated = [
        (fact, found)
        for fact in told.values()
        if len(found_all := list(_DAY_DATE.finditer(fact))) == 1
        and _ahead(found := found_all[0], said)
    ]
    # Two events ahead: which moved is unsaid, whatever the new date's month.
    if len(dated) != 1:
        return sentence
    last = next((fact for fact in reversed(told_here) if _DAY_DATE.search(fact)), None)
    if last is not None and _key(_unstamped(last)) != _key(dated[0][0]):
        return sentence
    fact, found = dated[0]
    # The old year stays with the new day, unless the new date names its own.
    day = new[0] if new["year"] else f"{new['md']}{found['year'] or ''}"
    fact = f"{fact[: found.start()]}{day} instead of {found['md']}{fact[found.end() :]}"
    fact = fact.rstrip(" .!")
    rest = moved["rest"].strip(" .!")
    return f"{fact}, {rest.lstrip(', ')}." if rest else f"{fact}."


def _unstamped(fact: str) -> str:
    """A fact told before without its speaker's label and a "(June 2026)" stamp."""
    return re.sub(r"\s*\([A-Z][a-z]+ \d{4}\)", "", _SPEAKER_PREFIX.sub("", fact))


_NOUN_PHRASE = re.compile(r"\b(?i:the|an?|my|our|his|her|their|your)\s+[a-z]|\b[A-Z][a-z]+['’]s\b")
"""A thing or an event named in a sentence: a noun after an article or a possessive
("the plumber visit", "my exam", "Ana's party"), which "it" could be."""


_DATE_ALONE = re.compile(
    rf"""\W*(?:(?:on|yes|yep|yeah|no|nope|ok|okay|so|its|it['’]s)\W+)*
    (?:(?:{_WD}),?\s+)?(?:the\s+)?
    (?:{_DAY_NUMBER}(?:\s+of)?\s+{_MONTH_NAME.pattern}\.?
      |{_MONTH_NAME.pattern}\.?\s+(?:the\s+)?{_DAY_NUMBER}
      |(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)
      |(?:(?:next|this)\s+)?(?:{_WD})|tomorrow)
    (?:,?\s+(?:19|20)\d\d)?(?:\W+(?:then|now|yes|yep|yeah|right))*\W*""",
    re.I | re.X,
)
"""A date and nothing it dates, in any order chat writes one ("20th june 2026",
"Saturday 14th June", "the 6th of may then", "next tuesday"): an answer whose question
held what happens then, or a time agreed for what the chat planned. "the" is read in
one place only, before the date, so a run of words is read one way."""
_ELONGATED = r"(?=[a-z]*?(?P<held>[a-z])(?P=held){2})[a-z]++"
"""A word with a letter held three times or more, an interjection drawn out ("noooo",
"yesss"): written once, read by `_OPENER` and `_CHAT_PREFACE`."""
_THANKS_SAID = r"(?:thanks|thank\s+you|thx|cheers)\b"
"""Thanks, in the words chat says it: read by `_CHAT_PREFACE` and `_THANKS`."""
_OPENER = re.compile(
    r"^(?:(?:right|ok|okay|so|well|wait|also|and|but|anyway|hey|oh+|o+h|um+|hm+|ugh+|omg+|"
    r"lol|aw+|no+|nah|ye[sa]h*|yes+|" + _ELONGATED + r")[,!.]*\s+)+",
    re.I,
)
"""Words that open a chat message before what it says, without the comma prose would
set them off with: a discourse marker ("right", "so", "ok") or an interjection, an
elongated one too ("noooo", "yesss")."""


_FEELING = (
    r"afraid|angry|annoyed|anxious|ashamed|bored|chuffed|confused|delighted|devastated|"
    r"disappointed|ecstatic|embarrassed|excited|frustrated|furious|glad|grateful|gutted|"
    r"happy|heartbroken|hyped|impressed|jealous|livid|mad|nervous|pleased|proud|relieved|"
    r"sad|scared|shocked|sick|sorry|stoked|stressed|surprised|terrified|thankful|thrilled|"
    r"tired|upset|worried"
)
"""The common adjectives of feeling: what a person is, felt about something, not what
they did ("signed", "booked") or how much there is ("plenty"). The list cannot hold
them all; a participle after a word of degree before "about" (`_FEELING_ALONE`) is one
too."""
_FEELING_ALONE = re.compile(
    rf"^(?:(?:still|so+|really|super|very|too|just)\s+)+(?:{_FEELING})\s+"
    r"(?:about|of|for|with)\b"
    r"|^(?:(?:still|just)\s+)*(?:(?:so+|really|super|very|too)\s+)+[a-z]{3,}(?:ed|en)\s+about\b",
    re.I,
)
"""A feeling exclaimed with its subject dropped, after a degree word, an adjective of
feeling (`_FEELING`) and the preposition of what it is felt about ("still annoyed about
tuesday", "so proud of you all"), or after a word of intensity, a participle and "about"
("really bummed about tuesday", "so stunned about the result"; a participle takes
"about" as a feeling, while "just asked about the job" is news with its "I" dropped);
not "still in with a shout for", nor "just signed with Arsenal", nor "still plenty of
tickets left": how the speaker takes what came before, not what happened."""


def _chat_scrap(sentence: str, answers: bool) -> bool:
    """A chat line that states nothing to remember, read from its form: a date alone
    (`_DATE_ALONE`) opening a message that answers no question asked with its mark
    (`answers` false: after "When do you start?" or "we've picked a date!" it is what
    was asked or announced), a feeling with its subject dropped (`_FEELING_ALONE`), or
    a question asked without its mark after an opener ("right who's in for quiz
    tuesday", "noooo who's going to do the science round")."""
    if _DATE_ALONE.fullmatch(sentence):
        return not answers
    if _FEELING_ALONE.match(sentence):
        return True
    opener = _OPENER.match(sentence)
    return opener is not None and bool(_QUESTION.match(sentence[opener.end() :]))


_SHORT_TAIL_QUESTION = re.compile(
    r",\s*(?!(?:right|no|yes|yeah|correct|true|ok|okay|innit|is|are|was|were|do|does|did|"
    r"can|could|would|will|should|have|has|isn['’]?t|aren['’]?t|don['’]?t|didn['’]?t|"
    r"won['’]?t|wasn['’]?t)\b)(?P<ask>[\w'’]+(?:\s+[\w'’]+){1,2})\s*\?+\s*$",
    re.I,
)
"""A question of two or three words without a verb tacked onto a statement with a comma
("summer league starts in may, same team?", "we fly at 7, window seats?"): not a tag
that asks to confirm it ("..., is it?", "..., right?")."""


def _without_short_tail_question(sentence: str) -> str:
    """The statement before a `_SHORT_TAIL_QUESTION`, judged alone (the question mark at
    the end made the whole a question)."""
    tail = _SHORT_TAIL_QUESTION.search(sentence)
    if (
        tail is None
        or _VERB.search(tail["ask"])
        or not content_words(sentence[: tail.start()])
        or _WH_ASKS.match(sentence)  # "when is Jen's flight, and mine?": all of it asks
    ):
        return sentence
    return sentence[: tail.start()].rstrip() + "."


_CHAT_PREFACE = re.compile(
    r"^(?:"
    # an elongated interjection before the news ("noooo", "yesss")
    + _ELONGATED
    + r"[,!.]*\s+"
    # a label naming what follows ("reminder it's ...", "also reminder that ...")
    r"|(?:also\s+|quick\s+|friendly\s+)?reminder(?:\s+that)?[,:]?\s+"
    # a verbless clause announcing news ("big news from me too, ...", "my turn for news,")
    r"|(?:[\w'’]+\s+){1,4}?(?:news|gossip)(?:\s+(?:from|for|of)\s+[\w'’]+)?"
    r"(?:\s+(?:too|also|as\s+well))?\s*[,;]\s+"
    # thanks said to the room, set off by a comma ("thanks for coming everyone, ...")
    r"|" + _THANKS_SAID + r"[^,.!?]{0,40},\s+"
    r")(?=\S)",
    re.I,
)
"""What opens a chat message before its statement, with no part in it: an elongated
interjection, a label ("reminder"), a clause announcing news, thanks to the room."""


_THANKS = re.compile(_THANKS_SAID, re.I)


def _without_chat_preface(sentence: str, names: frozenset[str]) -> str:
    """`sentence` without its `_CHAT_PREFACE`, when what follows is a fact of three
    words or more ("big news from me too, I'm moving to Leith" is "I'm moving to
    Leith"); when it is not, the sentence as said, for the rules to read whole."""
    preface = _CHAT_PREFACE.match(sentence)
    if preface is None:
        return sentence
    rest = sentence[preface.end() :]
    thanks = _THANKS.match(sentence) is not None
    if len(_WORD.findall(rest)) < 3 or not (thanks or is_fact(rest, names, chat=True)):
        return sentence
    return rest[:1].upper() + rest[1:]


_SUBJECT_DROPPED = re.compile(
    r"^(?=(?:(?:finally|just|also|already)\s+)?(?:bought|sold|booked|signed|adopted|finished|"
    r"started|passed|joined|quit|won|broke|sprained|ordered)\s+(?:a|an|my|our|the)\s"
    r"|did\s+(?:my|our)\s)",
    re.I,
)
"""Chat's news with its "I" dropped: "bought a used van", "finally booked the venue",
"did my first shift": a past of getting, ending or doing something, before its object."""


def _with_subject(sentence: str, chat: bool) -> str:
    """`sentence` with the "I" chat dropped before its news given back, or the "I'm" a
    state of the speaker's is said without (`_STATE_DROPPED`)."""
    if _STATE_DROPPED.match(sentence):
        return f"I'm {sentence[:1].lower()}{sentence[1:]}"
    if not chat or not _SUBJECT_DROPPED.match(sentence):
        return sentence
    return f"I {sentence[:1].lower()}{sentence[1:]}"


_STATE_DROPPED = re.compile(
    r"^(?:(?:still|also|now|fully)\s+)*(?:allergic\s+to\s+[\w-]+(?:\s+[\w-]+)?"
    r"|vegan|vegetarian|pescatarian)[.!]*$",
    re.I,
)
"""A diet or an allergy said alone, with no subject ("Allergic to penicillin.", "Still
vegan."): only a person is one, and said alone it is the speaker."""


_LOWER_I = re.compile(
    rf"(?<![\w'’.-]){PERSON_BEFORE}i(?=(?:['’](?:m|ve|ll|d))?(?![\w'’-]|\.\w){PERSON_AFTER})"
)
"""Chat's "i", "i'm", "i've": the speaker, as "I" is (not "i.e.", nor "Wi-Fi")."""
_BARE_CONTRACTION = re.compile(
    rf"(?<![\w'’-]){PERSON_BEFORE}(?:(?P<i>[Ii](?:m|ve))|(?P<nt>(?i:do|does|did|is|was|are|were|has|have|had|"
    r"could|would|should|ca|wo))nt|(?P<s>(?i:he|she|that|there|what|how|where|who))s|(?P<re>(?i:you|they))re)"
    rf"(?![\w'’-]){PERSON_AFTER}"
)
"""Chat's contractions without their apostrophe ("im", "ive", "dont", "shes", "youre"):
read as written, "Im wearing" kept its "Im" and "dont" was no negation."""
_BARE_ILL = re.compile(
    r"(?P<open>^|[.!?,;]\s+|^(?i:ok|okay|yeah|yes|yep|lol|haha|sure|and|then|but)[\s,]+)"
    r"[Ii]ll(?=\s+(?!(?:and|or|with|from|for|at|in|on|again|today|now)\b)[a-z])"
)
"""Chat's "ill get it shipped": "I'll" where a clause opens, before a verb ("my sister
is ill with the flu" stays sick)."""


_BARE_ITS = re.compile(
    r"(?:^|(?<=[.!?,]\s))([Ii])ts(?=\s)"
    r"(?!\s+[\w-]+\s+(?:is|are|was|were|has|have|had|will|would|can|could)\b)"
)
"""Chat's "its 30 out" opening a sentence: "it's" (a possessive rarely opens one). One
does when a verb follows its noun: "Its CEO is Dana." stays a possessive (review 27)."""


def _chat_contraction(match: re.Match[str]) -> str:
    word = match[0]
    if match["i"]:
        return "I'" + word[1:]
    if match["nt"]:
        return word[:-2] + "n't"  # "cant" is "can't", "wont" "won't"
    return word[: -1 if match["s"] else -2] + ("'s" if match["s"] else "'re")


_SENTENCE_WITH_END = re.compile(f"({_SENTENCE_END.pattern})")


def _as_written(text: str, learned: re.Pattern[str] | None) -> str:
    """Chat's lower case read as prose: "i" is "I", a contraction gets its apostrophe
    back, and a word the conversation wrote with a capital elsewhere ("stan", after
    "Stan the plumber") is that name again, so that the rules for names apply to it.
    Only in its English sentences: German "Im Januar" is no "I'm", nor "ill" "I'll"."""
    parts = _SENTENCE_WITH_END.split(text)
    english = [index % 2 == 0 and language(part) == ENGLISH for index, part in enumerate(parts)]
    if all(english[::2]):
        return _english_as_written(text, learned)  # the common case, read at once
    return "".join(
        _english_as_written(part, learned) if english[index] else part
        for index, part in enumerate(parts)
    )


def _english_as_written(text: str, learned: re.Pattern[str] | None) -> str:
    """`_as_written` of an English sentence."""
    text = _BARE_ILL.sub(
        r"\g<open>I'll", _BARE_CONTRACTION.sub(_chat_contraction, _LOWER_I.sub("I", text))
    )
    text = _BARE_ITS.sub(r"\1t's", text)
    if learned is not None:
        text = learned.sub(lambda m: m[0][:1].upper() + m[0][1:], text)
    return text


_CHAT_SUBJECT = re.compile(
    r"(?P<name>[A-Za-z][a-z]{2,})(?:['’]s)?\s+(?:(?:just|finally|already|also)\s+)?"
    r"(?:(?:is|was)\s+(?:(?!going\b)[a-z]{3,}ing|pregnant|engaged|married|divorced|retired|"
    r"sick|ill|expecting)|got|gets|has|had|said|says|wants|started|quit|moved|left|found|"
    r"booked|bought|sold|passed|turns|turned|lost|won|broke|fell|"
    r"(?!(?:cried|laughed|smiled|pretended|seemed|looked|sounded|felt|ignored|loved|liked|"
    r"hated|enjoyed|wanted|tried|noticed|joked|worried|panicked|freaked|needed|used)\b)"
    r"[a-z]{3,}ed(?!\s+(?:it|that|this|them)\b))\b"
)
"""A subject and its verb: an event or a life state ("is pregnant", "is moving"), not a
verdict ("is nice", "was perfect")."""
_COMMON_SUBJECTS = _words(
    """work job life school everything everyone everybody nothing something anything
    someone somebody nobody mine yours dinner lunch breakfast weather traffic rent money
    time today tonight tomorrow yesterday week weekend month year morning night people
    house home car flight trip party plan plans news food coffee sleep team office boss
    mom dad mum baby kid kids dog cat"""
)


def _chat_names(sentence: str) -> frozenset[str]:
    """The word opening a sentence of lower-case chat before its verb ("marta got a job
    offer"), which is someone's name unless it is a common subject ("work got busy")."""
    match = _CHAT_SUBJECT.match(sentence)
    if match is None:
        return frozenset()
    word = match["name"].casefold()
    common = _NO_ONE | _STOP | _FILLER | _COMMON_WORDS | _NOT_LEARNED | _COMMON_SUBJECTS
    return frozenset() if word in common or _RELATION.fullmatch(word) else frozenset({word})


_LOWER_CHAT = re.compile(r"\W*[a-z]")
"""A message opening in lower case: chat that writes no capitals."""
_INNER_CAPITAL = re.compile(r"(?<=[a-z,]\s)[A-Z][a-z][\w'’-]*")
"""A capital after a lower-case word or a comma: inside a sentence, whatever its marks."""
_LOWER_WORD = re.compile(r"(?<![\w'’-])[a-z][a-z'’]*")
_NOT_LEARNED = _words(" ".join(MONTHS + WEEKDAYS).casefold())


_NOT_A_NAME = _COMMON_WORDS | _STOP | _FILLER | _ADVERBS | _NOT_LEARNED | _NO_ONE


def _one_name(sentence: str, speakers: frozenset[str], known: frozenset[str]) -> str | None:
    """The one name a sentence mentions besides the speakers ("how is Rufus doing",
    "what does marta say" once memory or the conversation wrote "Marta" with a capital),
    or None: with two names, or none, who a bare "he" or "she" after it is cannot be
    read."""
    words = [m[0] for m in _INNER_CAPITAL.finditer(sentence)]
    # "the vet", "my boss": a word after a determiner is a thing, whatever memory holds.
    words += [
        m[0]
        for m in _LOWER_WORD.finditer(sentence)
        if re.sub(r"['’]s$", "", m[0]) in known
        and not _DETERMINER_BEFORE.search(sentence, 0, m.start())
    ]
    found = set()
    for word in words:
        word = re.sub(r"['’]s$", "", word).strip(",.!?;:")
        folded = word.casefold()
        if (
            len(word) > 2
            and word.isalpha()
            and not word.isupper()
            and folded not in speakers
            and folded not in _NOT_A_NAME
        ):
            found.add(word[:1].upper() + word[1:])
    # A capitalised word opening the sentence may be a name too ("Tom and Sara came
    # by"): it cannot be told from "Sounds great", so it only makes two.
    opening = re.sub(r"['’]s$", "", sentence.split(maxsplit=1)[0]) if sentence.strip() else ""
    if opening[:1].isupper() and opening.isalpha() and len(opening) > 2:
        folded = opening.casefold()
        if folded not in speakers | _NOT_A_NAME and folded not in {f.casefold() for f in found}:
            return None
    return found.pop() if len(found) == 1 else None


_DETERMINER_BEFORE = re.compile(r"\b(?:the|a|an|my|your|his|her|our|their|this|that|its)\s+$", re.I)
_PRONOUN_OPENING = re.compile(
    r"^(?:he|she)(?:['’]s(?=\s+(?:been|got|gotten|had)\b)(?P<has>)|['’]s\b(?P<is>)"
    r"|['’]d\b(?P<would>)|['’]ll\b(?P<will>)|\b)(?!\s+(?:and|or|&)\b)",
    re.I,
)


@dataclass
class _Referent:
    """Who a bare he or she is, sentence by sentence: the one name of the sentence
    before ("how's Rufus? he's walking again"), still that name after sentences that
    only speak of him or her ("have you talked to Marco? / so he told me yesterday. /
    he's moving to Portland"); none after two names, or a sentence without them."""

    speakers: frozenset[str]
    known: frozenset[str]
    before: list[str] = field(default_factory=list)

    def read(self, sentence: str) -> list[str]:
        """The sentences before `sentence` (the latest last), then `sentence` kept as one
        of them for the next."""
        earlier = self.before
        self.before = [*earlier[-3:], sentence]
        return earlier

    def name(self, earlier: list[str]) -> str | None:
        """Who a bare he or she after `earlier` is. Read only for a sentence opening on
        one: reading every sentence for names costs a flush a fifth of its time."""
        for sentence in reversed(earlier):
            found = _one_name(sentence, self.speakers, self.known)
            if found is not None:
                return found
            if _ASKS_FOR_SOMEONE.match(sentence):
                return None
            if content_words(sentence) and not (
                (_PRONOUN_ANY.search(sentence) or _ASKS_OF_NO_ONE.fullmatch(sentence))
                and not _INNER_CAPITAL.search(sentence)
            ):
                return None  # "yeah..." between says nothing of anyone; this said another
        return None


_PRONOUN_ANY = re.compile(r"\b(?:he|she|him|her|his|he's|she's)\b", re.I)
_ASKS_OF_NO_ONE = re.compile(
    r"(?!.*\b(?i:the|an?|my|our|his|her|their|your|this|that)\s+[a-z])[^?]*\?+\s*"
)
"""A question naming nothing a "she" after it could be ("Amlodipine?", "Really?", "How
much?"), unlike "Did you see the doctor?": between a name and a "she", it asks about
what was said of them and leaves them who "she" is (`_Referent.name`)."""
_ASKS_FOR_SOMEONE = re.compile(
    r"(?=.*\?\s*$)\W*(?:(?:who|whom|whose)\b|(?:which|what)\s+"
    r"(?!(?:for|after|ever|other|either)\b)(?:[a-z]+(?:er|or|ist|ian|ant|ent)|surgeon|nurse|"
    rf"gp|vet|person|guy|woman|man|lady|{kin_pattern()})\W*$)",
    re.I,
)
"""A question asking for someone ("Who did it?", "Which surgeon?", "What consultant?"):
the "she" answering it is who it asked for, not the name before it (`_Referent.name`).
"Which hospital?" asks for a place: the "she" after it is still the name before."""


def _named_pronoun(
    sentence: str, referent: _Referent, earlier: list[str], own_before: str = ""
) -> tuple[str, frozenset[str]]:
    """A sentence opening on a bare "he" or "she" whose referent (`name`) is known, with
    that name ("how's Rufus? he's walking again" -> "Rufus is walking again"): who it is
    was said before, and read later the bullet names them. Also the name, which names
    someone as a name learned would (none if no change). Without a name, `own_before`
    (the speaker's sentence before, in the same message) may give their kin."""
    match = _PRONOUN_OPENING.match(sentence)
    name = referent.name(earlier) if match else None
    if match is None:
        owner = _OWNER_OPENING.match(sentence)
        named = _one_named_run(own_before) if owner else None
        if owner is None or named is None:
            return sentence, frozenset()
        return f"{named}'s{sentence[owner.end() :]}", frozenset()
    verb = next((f" {verb}" for verb, value in match.groupdict().items() if value is not None), "")
    if name is None:
        kin = _own_kin(sentence[: match.end()], own_before)
        if kin is None:
            return sentence, frozenset()
        return f"{kin}{verb}{sentence[match.end() :]}", frozenset()
    return f"{name}{verb}{sentence[match.end() :]}", frozenset({name.casefold()})


_OWNER_OPENING = re.compile(r"^(?:[Tt]heir|[Ii]ts)(?= [a-z])")
"""A sentence opening on a possessive "their" or "its" before a noun ("Their repo is
..."): whose it is, the speaker's sentence before says (`_one_named_run`)."""
_NAMED_RUN = re.compile(r"(?<![\w'’/.@-])[A-Z][\w&'’-]*(?: [A-Z][\w&'’-]*)*(?![\w/@-]|\.\w)")
_BEFORE_A_NOUN = _words("with for at in on to of from about after before by")
_OPENING_VERB = re.compile(
    r"^(?:[A-Z][a-z]{2,}ed|Met|Saw|Spoke|Ate|Had|Went|Got|Took|Told|Sent|Rang|Wrote|Caught|"
    r"Found|Left|Brought|Bought|Heard|Paid|Made|Rode|Drove|Flew|Ran)(?: |$)"
)
"""A sentence's opening verb in the past, the speaker's own doing ("Visited Acme
yesterday", "Emailed Bluefin about ...", "Met my clients today"): no one's name."""
_PLURAL_OR_OWNED = re.compile(
    r"\b(?:the|my|our|his|her|their|your|some|all|both|these|those|two|three|four|"
    r"several|many)\s+(?:[a-z]+\s+)?[a-z]+(?<![su]s)(?<!is)s\b"
    r"|(?<![\w-])(?=[\w-]*?[A-Z])[\w-]*+['’]s\s+[a-z]"
)
"""A plural noun phrase ("the kids", "my clients") or one of someone's ("Tom's
parents"): what a "their" after it may stand for as well as the name."""


def _one_named_run(before: str) -> str | None:
    """The one organisation or person a sentence names (a run of capitalised words,
    "Kickoff with Acme Robotics today" -> "Acme Robotics"): what an opening "their" or
    "its" in the sentence after it stands for (audit 16 M3: two clients' "Their repo is
    ..." side by side in MEMORY.md, each owner lost). The sentence's opening word counts
    only when it reads as a subject: not a common word, nor one a preposition follows
    ("Call with Bluefin Labs", "Kickoff with ..."); a month, a weekday or "I" is no one.
    None when it names none or more than one, or when it names a plural noun phrase or
    one of someone's ("Talked to Tom about the kids", "Tom's parents visited": theirs,
    not Tom's, review 27 F5). An opening verb is no name ("Visited Acme yesterday" names
    Acme, "Met my clients today" no one, review 27 F4)."""
    if _PLURAL_OR_OWNED.search(before):
        return None
    runs = []
    for match in _NAMED_RUN.finditer(before):
        run = match[0].removesuffix("'s").removesuffix("’s")
        opening = not before[: match.start()].strip(" \"'“(")
        if opening and _OPENING_VERB.match(run):
            run, opening = run.partition(" ")[2], False
            if not run:
                continue
        if run.casefold() in _NOT_LEARNED or run == "I":
            continue
        if opening and " " not in run:
            following = before[match.end() :].split(maxsplit=1)
            if run.casefold() in _NOT_A_NAME or (following and following[0] in _BEFORE_A_NOUN):
                continue
        runs.append(run)
    return runs[0] if len(set(runs)) == 1 else None


_OWN_KIN = re.compile(
    rf"\b(?:my|our)\s+(?:(?P<her>{kin_pattern('she', plural=False)})"
    rf"|(?P<his>{kin_pattern('he', plural=False)}))\b",
    re.I,
)
"""The speaker's own kin of one sex (`words.KIN`): whom a "she" or a "he" may be."""


def _own_kin(pronoun: str, before: str) -> str | None:
    """Who an opening "she" or "he" is when the speaker's sentence just before named no one
    by name and one of their own of that sex ("What's a good gift for my mom? She turns
    70 in May" -> "My mom turns 70 in May"; "my dad and my sister" for "she" too), as it
    would be written: "My mom"."""
    wanted = "her" if pronoun.casefold().startswith("she") else "his"
    found = {match[0].casefold() for match in _OWN_KIN.finditer(before) if match[wanted]}
    if len(found) != 1:
        return None
    kin = found.pop()
    return kin[0].upper() + kin[1:]


def _learned_names(texts: list[str], speakers: frozenset[str]) -> frozenset[str]:
    """The words `texts` write with a capital inside a sentence (not a month, a weekday,
    a participant, a stressed word) and in lower case too, lower-cased: a text that
    writes its names with capitals is read as before ("Sounds like Lisbon was amazing"
    stays a reaction)."""
    found: set[str] = set()
    lower = {re.sub(r"['’]s$", "", word) for text in texts for word in _LOWER_WORD.findall(text)}
    for text in texts:
        for match in _INNER_CAPITAL.finditer(_LOWER_I.sub("I", text)):
            word = re.sub(r"['’]s$", "", match[0])
            folded = word.casefold()
            if (
                len(word) > 2
                and not word.isupper()
                and word.isalpha()
                and folded not in _NOT_LEARNED
                and folded not in _COMMON_WORDS | _STOP | _FILLER | _ADVERBS
                and folded not in speakers
                and folded in lower
            ):
                found.add(folded)
    return frozenset(found)


def _spelled(words: frozenset[str]) -> re.Pattern[str] | None:
    """`words` in any case, as whole words; not a part of a host name, a path, a URL
    or an address ("staging.orion.internal", "src/orion/", "orion@example.com"): an
    identifier is copied as written, never re-cased."""
    if not words:
        return None
    return re.compile(
        rf"(?<![\w'’/-])(?<!\w[.:@])(?:{'|'.join(sorted(map(re.escape, words)))})"
        r"(?![\w/-]|[.:@]\w)"
    )


def _heard(latest: dict[str, str], speaker: str | None, text: str) -> list[str]:
    """The others' latest statements, before `speaker`'s message `text`, which then
    becomes theirs. A question is not echoed: an answer that repeats it ("June 14,
    yes") tells."""
    if not speaker:
        return []  # who is echoing whom is known only between named speakers
    heard = [said for who, said in latest.items() if who != speaker]
    latest[speaker] = "" if "?" in text else text
    return heard


def _echoes(sentence: str, words: set[str], heard: list[str]) -> bool:
    """Whether a sentence only repeats what the other just said ("Design LEAD!", "Mel
    moving to Oslo in June, big move"): the other's fact, kept where it was said. "I
    prefer tea too" is the speaker's own."""
    if not words or not heard or _ABOUT_SPEAKER.search(sentence):
        return False
    theirs = {word[:5] for said in heard for word in content_words(said)}
    if len(words) <= 3:
        return words <= theirs
    # Longer, most of it: "Mel moving to Oslo in June, big move" after "My sister Mel
    # is moving to Oslo in June".
    return len(words & theirs) >= 0.6 * len(words)


_READ_BACK = re.compile(
    r"^(?P<back>[^,.!?;:]{1,40}?)[,.!]+\s*"
    r"(?:right|ok|okay|yes|yeah|yep|agreed|good|great|lovely|brilliant|fine|perfect|deal|"
    r"got it|noted|that['’]s it|that['’]s right)\b",
    re.I,
)
_SAID_VALUE = re.compile(
    rf"(?:(?:the|of|and|a|on|at|half|past|quarter|to|{_SPELLED_DAY}|{_WD}|"
    r"\d[\d,.:]*(?:st|nd|rd|th|am|pm|k)?|[£$€]\d[\d,.]*|one|two|three|four|five|six|seven|"
    r"eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|"
    r"nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|grand|"
    rf"pounds|quid|dollars|euros|{_MONTH_WORD})(?:[\s-]+|$))+",
    re.I,
)
"""A value said in words or digits: a sum, a count, a time, a day ("three sixty", "the
nineteenth of March", "half ten", "Friday 14")."""


_NEW_VALUE = re.compile(rf"\d[\d,.:]*|\b(?:{_WD}|{_MONTH_WORD})\b", re.I)
"""A value of its own in what follows a read-back: a number, a day, a month."""


def _after_read_back(sentence: str, heard: list[str]) -> str:
    """What is left to judge of a sentence that opens by saying back a value the other
    just stated and taking it (`_READ_BACK`: "Three sixty, right, ...", "Twenty-sixth, OK,
    ...", "Three six eight, agreed, ..."), as people on the phone confirm what they heard:
    the value is the other's fact, kept where it was said. What follows is the listener's
    reaction ("..., I'll put it on the calendar": "", nothing to judge) unless it names a
    value of its own the other did not say ("The 14th, great, and I'll pay him 200 cash",
    "Friday, OK, I moved the dentist to Thursday"): then it is judged without the
    read-back. The sentence as it is when it reads nothing back: a value said back to a
    question (`heard` keeps none) answers it, and one the other called the speaker's ("So
    your rent is 360 now." / "360, right, it went up in May.") is the speaker's own."""
    cleaned = _without_fillers(sentence)
    back = _READ_BACK.match(cleaned)
    if (
        back is None
        or not heard
        or not _SAID_VALUE.fullmatch(back["back"].strip())
        or any(re.search(r"\byour\b", said, re.I) for said in heard)
    ):
        return sentence
    words = {word[:5] for word in content_words(back["back"])}
    theirs = {word[:5] for said in heard for word in content_words(said)}
    if not words & theirs:
        return sentence
    rest = cleaned[back.end() :].lstrip(" ,.!;:")
    values = {value[0].casefold()[:5] for value in _NEW_VALUE.finditer(rest)}
    return rest if values - theirs else ""


_MEMORY_LEAD_IN = re.compile(
    r"^(?:(?:from|according to|per|based on|in) (?:my |the |your )?(?:memory|MEMORY\.md|notes)"
    r"|memory (?:says|notes|has)|I (?:remember|recall)(?: that)?)\b[,:]?\s*",
    re.I,
)


def _quotes_memory(sentence: str, remembered: list[set[str]]) -> bool:
    """Whether an assistant's sentence restates one fact memory already holds: most of
    its words are that fact's, once a lead-in naming memory is taken off."""
    rest = _MEMORY_LEAD_IN.sub("", sentence)
    words = {word[:5] for word in content_words(rest)}
    if not words:
        return False
    return any(len(words & fact) >= 0.7 * len(words) for fact in remembered)


_LEAD_IN = re.compile(
    r"^(?:(?:guess what|oh|honestly|so|well|anyway|by the way|haha|lol|wow|yeah|yep|yup|ok|okay|surprise|"
    r"also|plus|and|but|ah+|o+h|um+|uh+|hm+|ugh+|of course|side note|unrelated|sorry(?=,)|"
    r"(?:(?:one|two)\s+(?:more\s+|last\s+|other\s+)?|another\s+|(?:random\s+)?other\s+|last\s+)"
    r"things?(?=[,:])|there(?:['’]s|\s+(?:is|are))\s+(?:one|two|three|a\s+couple\s+of)\s+"
    r"(?:more\s+|other\s+)?things?(?=[,:])|(?:listen(?:\s+up)?|look|see|mind\s+you)(?=,)|"
    r"(?:listen\s+to|look\s+at|get)\s+this(?=[,:])|speaking of(?=,)|"
    r"actually|hey|not much new,? except that|fun fact|funny thing|good news|bad news|"
    rf"heads up|update|believe it or not|for what it'?s worth|{_FIXED_ASIDE}|"
    r"right(?=[,!.])|(?:my|our)\s+(?:(?:big|bigger|huge|other|real|latest|own|little|good)\s+)?"
    r"(?:news|update)\s+is(?:\s+that)?|"
    r"speaking of (?:[\w'’]+\s+){0,2}?[\w'’]+(?=,|\s+(?:I|we|my|our)\b)|"
    r"(?:don't|do not) forget(?: that)?(?=,?\s+(?:[\w'’]+\s+){1,2}"
    r"(?:is|are|was|were|has|have|had|will|turns|starts|ends|leaves|arrives|moves)\b)|"
    r"[a-z]+ here|aw+|omg|since (?:we|I) last (?:talked|chatted|spoke|"
    r"caught up|saw each other))\b[,!.:]?\s+)+",
    re.I,
)


_EMOJI = re.compile(
    f"[{PICTOGRAPHS}]+"
    r"|(?<![\w:/])(?:[:;=][-']?[()DPpO3/|*\[\]]+|<3+|[xX]D+)(?![\w/])"
)
"""An emoji or an emoticon (":)", ":D", "<3"), not a time ("10:30") or a URL's "://"."""
_INTERJECTION = re.compile(
    r"(?<![\w'-])(?:(?:ha){2,}h?|(?:he){2,}|lol+|lmao+|rofl|omg+|ugh+|tbh|ngl|honestly)"
    r"(?![\w'-])[,!.]*",
    re.I,
)
"""Laughter, exclamations and "honestly", anywhere in a sentence: they say how it was
said, not what."""
_LAUGHTER = re.compile(
    r"(?<![\w'-])(?:(?:ha){2,}h?|(?:he){2,}|lol+|lmao+|rofl)(?![\w'-])|[\U0001f602\U0001f923\U0001f605]"
    r"|(?<![\w:/])[xX]D+(?![\w/])",
    re.I,
)
"""Laughter written out, or as its emoji (tears of joy, rolling on the floor, a sweat
smile) or emoticon ("xD"): what it closes is said as a joke."""


def _said_laughing(pieces: list[str], index: int) -> bool:
    """Whether sentence `index` of a message was said with laughter: in it, or alone in
    the next one ("Never trust a weather app. lol"). `_without_fillers` cuts it before
    the rules read the sentence; what it closes is a joke, not a rule to hold to."""
    if _LAUGHTER.search(pieces[index]):
        return True
    after = pieces[index + 1] if index + 1 < len(pieces) else ""
    return bool(_LAUGHTER.search(after)) and not _without_fillers(after).strip(" .!,")


_HEDGE_IN_PASSING = re.compile(
    r"(,?)(?<!\s)\s*(?<![\w'-])(?:basically|literally|actually|kinda|btw|by the way)(?![\w'-])(,?)",
    re.I,
)
"""A hedge or an aside in passing ("..., actually, ...", "... btw"): the comma it was
set off with stays, once."""
_SET_OFF = re.compile(r"(?:^|,)\s*(?:you know|I mean)(?:\s*,|\s*(?=[.!]*$)|\s+(?=I\b))", re.I)
""""you know" or "I mean" set off as a filler ("It was, you know, fine", "You know, I
..."), not the verb it can be ("Did you know that ...", "I mean it")."""


_HEDGED_COUNT = re.compile(
    r"(?:(?<![\w'’])(?P<before>[\w'’]+))?(?P<space>\s*)(?<![\w'-])like\s+(?=(?:around|about|almost)\b|(?:over\s+|"
    r"under\s+|maybe\s+)?(?:[$€£]?\d|(?:a\s+)?(?:couple|few|dozen|half)\b|(?:one|two|three|four|"
    r"five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|"
    r"seventy|eighty|ninety|hundred)\b))",
    re.I,
)
"""Chat's "like" before a count or a time ("is like 70", "did like 30 interviews", "since
like around May"): a hedge, not the verb ("I'd like 2 tickets") nor the comparison after
a verb of seeming ("looks like 3 of us")."""
_LIKE_IS_A_VERB = _words(
    "i we you they i'd we'd you'd they'd would to do does did don't doesn't didn't dont "
    "really also just still not look looks looked seem seems seemed sound sounds sounded "
    "feel feels felt something more less"
)


def _without_hedged_count(text: str) -> str:
    """`text` without the "like" that hedges a count (`_HEDGED_COUNT`)."""

    def cut(match: re.Match[str]) -> str:
        before = match["before"] or ""
        if before.casefold() in _LIKE_IS_A_VERB:
            return match[0]
        return f"{before}{match['space']}"

    return _HEDGED_COUNT.sub(cut, text)


_DEGREE_HEDGE = re.compile(
    r"(?:(?<!\s)(?<!\bwhat)(?<!\bthis)(?<!\bthat)(?<!\bsome)(?<!\bthe)(?<!\bany)(?<!\bone)(?<!\bsame)"
    r"(?<!\ba)(?<!\bno)(?<!\bevery)(?<!\bwhich)(?<!\bmy)(?<!\byour)(?<!\bhis)(?<!\bher)"
    r"(?<!\bour)(?<!\btheir)(?<!\bits)|(?<!\s\s)(?<=\s))"
    r"\s+(?:kind|sort)\s+of(?=\s+(?!(?:a|an|the|my|your|his|her|our|their|this|that|these|"
    r"those|thing|things|stuff|person|people|guy|place)\b)[a-z])",
    re.I,
)
""""kind of" or "sort of" hedging the word after it ("I kind of want to move", "it was
sort of a mess" is not: there it names a kind), not the noun it is after a determiner
("what kind of car")."""
_ADVERB_SET_OFF = re.compile(
    r",\s*(?:finally|obviously|anyway|anyways|though|tho|luckily|thankfully|seriously|"
    r"of course|for real|for sure|no joke|not gonna lie|to be honest)\s*(?=[,.!;]|$)"
    r"|(?<=\w)\s+(?:obviously|anyway|anyways|though|tho)\s*(?=[.!]*$)",
    re.I,
)
"""A sentence adverb set off by a comma ("I passed my test, finally, after three tries",
"It's booked, anyway.") or one closing the sentence ("We're coming obviously"): how
the speaker takes the fact, not the fact."""
_SET_OFF_WORDS = [
    "finally",
    "obviously",
    "anyway",
    "though",
    "tho",
    "luckily",
    "thankfully",
    "seriously",
    "of course",
    "for real",
    "for sure",
    "no joke",
    "gonna lie",
    "to be honest",
]
"""What one of `_ADVERB_SET_OFF` holds: a cheap test before it is run."""


_ASIDE_END = re.compile(
    r",?(?<!\s)\s*\b(?:keep (?:that|this|it) in mind|just so you know|(?:just )?fyi|"
    r"for what it'?s worth|if you must know|believe it or not|fingers crossed|wish me luck|"
    r"knock on wood|touch wood|to be (?:honest|fair)|if I'?m honest|so,?\s+yeah)\s*(?=[.!]*$)",
    re.I,
)
"""An aside to the listener closing a sentence ("..., keep that in mind", "...,
fingers crossed")."""


_MAYBE_FILLER = re.compile(
    r"[^\x00-\x7f]|[:;=][-']?[()DPpO3/|*\[\]]|<3|\b[xX]D|[!?.]{2}|\b(?:haha|hehe|lol|lmao|"
    r"rofl|omg|ugh|tbh|ngl|honestly|basically|literally|actually|kinda|btw|by the way|you know|i mean|in mind|so you know|fyi|worth|must know|"
    r"believe it|fingers crossed|wish me luck|on wood|touch wood|to be honest|to be fair|so,? yeah|"
    r"i'?m honest|kind of|sort of|, *finally|"
    r", *obviously|, *anyway|, *though|, *tho|, *luckily|, *thankfully|, *seriously|"
    r", *of course|, *for real|, *for sure|, *no joke|, *not gonna lie)"
    r"|\b(?:obviously|anyways?|though|tho)\W*$"
    r"|\blike\s+(?:[$€£\d]|a\s|around|about|almost|over|under|maybe|couple|few|dozen|half|"
    r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|"
    r"forty|fifty|sixty|seventy|eighty|ninety|hundred)",
    re.I,
)
"""A cheap test that a sentence may hold something `_without_fillers` takes out."""
_HESITATION = r"(?:u+m+|u+h+m*|e+r+m+|er|h+m+|m+hm+)"
"""A sound made while thinking ("um", "uh", "erm", "hmm"): it holds no word of the fact."""
_HESITATED = re.compile(
    rf"(?:,\s*)?(?<![\w'’-])(?P<sound>{_HESITATION})(?![\w'’-])(?:\s*,)?\s*", re.I
)
_RESTART = re.compile(
    rf"(?<![\w'’])(?P<words>[\w'’]+(?:\s+[\w'’]+){{0,2}}),\s+(?:(?:{_HESITATION}|well),?\s+)?"
    r"(?P=words)(?![\w'’])",
    re.I,
)
"""Words said again after a comma, a hesitation or a "well" between or not: a restart
("he's, um, he's still teaching", "she's, well she's Irish", "Friday, Friday the
seventh", "that's, that's life changing")."""
_JOINING = _words(
    "a an the my your his her our their its this that to of in on at for with from by about "
    "and but or so plus because than been be being is was are were am has have had do does did "
    "until till into onto over under after before since around through during which who "
    "will would can could should like just really very not"
)
"""Words a clause goes on after: a hesitation set off by commas after one of them ("I've
been, um, looking", "I'd like, um, Ana to ...") interrupts the phrase, and both commas go."""
_CONTRACTED_AFTER = re.compile(r"['’](?:s|re|ve|d|ll|m)$", re.I)
_LIKE_SET_OFF = re.compile(r",\s*like(?:\s*,\s*|\s*(?=[.!?]*$))", re.I)
_LIKE_AFTER_BE = re.compile(
    r"(?P<be>\b(?:is|was|are|were|be|been|am|[\w]+['’](?:s|re|m)))\s+like\s*(?:,\s*|(?=[.!?]*$))",
    re.I,
)
""""like" set off as a filler ("a proper wetsuit, like, a winter one", "which is like, a
hundred quid"): after a comma or a form of "be", before a comma or the end. Not the verb
("I'd like, um, Ana to come") nor "things like, you know, ...", which name a kind."""
_REPAIR = re.compile(
    r"(?P<pre>^|[,;]\s*|(?<!\s)\s+)(?P<marker>(?:no,?\s+(?:wait|sorry|hang\s+on)|or\s+rather|"
    r"scratch\s+that|I\s+mean)(?![\w'’])|(?:wait|sorry|actually|hang\s+on),?\s+no"
    r"(?=\s*[,.!:;]|\s*$|\s+\d))[,.!:]*\s*",
    re.I,
)
"""A self-repair's marker: what follows it replaces what was said just before ("it's on
Thursday, no wait, Friday"). A closing "no" is one only before a mark or a number: in
"sorry, no one came" or "actually, no idea" it is the determiner."""
_NO_ANSWERED = re.compile(
    r"\b(?:(?:said|say|says|saying|told|tell|tells|telling|answered|replied)"
    r"(?:\s+(?:him|her|them|me|us|you|it))?|(?:answer|reply)\s+(?:is|was|will\s+be))\s*$",
    re.I,
)
"""Before a "no, sorry" or "no, wait", what makes the "no" the word said, the answer
given ("She said no, sorry, not this year"; "The answer was no, sorry."): no repair."""
_NOT_REPAIRED = re.compile(r"(?:it|that|this|what|to|well|business|you)(?![\w'’])|,", re.I)
""""I mean" before these is the verb ("I mean it", "I mean to call her"), no repair."""
_REPAIR_CLAUSE = re.compile(
    r"(?:(?i:i|i'm|i've|i'll|i'd|im|we|we're|we've|we'll|it|it's|its|that|that's|this|they|"
    r"they're|he|he's|she|she's|you|you're|there|there's)|"
    r"[A-Z][a-z]+(?:['’]s|\s+(?:is|was|has|had|will|can|did|does|isn't|wasn't|doesn't)))(?![\w'’])",
)
"""A repair that opens on a subject says a clause again ("I'm walking Biscuit, no wait,
I'm not walking Biscuit"): it replaces the clause, not a word."""
_REPAIR_PHRASE = 4
"""Words a repair may have and still replace as many words before it; longer, it says
the clause again."""
_REPAIRED_END = re.compile(r"[,;.!?]")
_CLOSING_COMMA = re.compile(
    r",\s*(?!(?:and|but|or|so|because|which|who|when|where|if|at|on|in|for|to|from|with|by)"
    r"\b)[a-z]",
)
"""The comma that closes a repair set off by commas ("paid 40, I mean 45, quid"), when
the word after it goes on with the phrase: not a clause or a phrase of its own ("...,
and ...", "Friday the seventh, at half two")."""
_DAY_WORDS = _words(" ".join(WEEKDAYS + MONTHS).casefold())


def _repair_kind(word: str) -> str:
    """What a repaired word is, to find the word it replaces: a number or a day."""
    word = word.strip(".,!?;:").casefold()
    if re.match(r"[$€£]?\d", word) or _NUMBER_WORD.fullmatch(word):
        return "number"
    return "day" if word in _DAY_WORDS or re.fullmatch(r"\d{4}-\d\d-\d\d", word) else ""


_MAYBE_DISFLUENT = re.compile(
    rf"(?<![\w'’-]){_HESITATION}(?![\w'’-])|,\s*like\b|\blike\s*(?:,|[.!?]*$)|\bi\s+mean\b"
    r"|\b(?:wait|rather|scratch|hang\s+on)\b|\b(?:sorry|actually),?\s+no\b|\bno,?\s+sorry\b"
    r"|(?<![\w'’])([\w'’]+)(?:\s+[\w'’]+){0,2},\s+(?:well,?\s+)?\1(?![\w'’])",
    re.I,
)
"""A cheap test that a sentence may hold something `_without_disfluencies` takes out."""


def _meant(sentence: str, marker: re.Match[str]) -> bool:
    """Whether an "I mean" repairs what came before: after a comma, or before a clause
    said again ("That's, um, I mean that's probably normal"), and never the verb ("I mean
    it", "I mean to ask")."""
    if _NOT_REPAIRED.match(sentence, marker.end()):
        return False
    return marker["pre"][:1] in ",;" or _REPAIR_CLAUSE.match(sentence, marker.end()) is not None


def _repaired_from(wrong: list[str], words: list[str]) -> int | None:
    """Where in `wrong` (the words before a repair's marker) the repair's `words` start
    replacing: as many words from the end, or, when the repair holds a number or a day,
    so that its last one lands on the last word of that kind said before ("7 and 9, no
    wait, 7 and 10" replaces "7 and 9", not "9" and the two words after it). None when
    the words of a kind do not line up with words of that kind before: what is replaced
    cannot be told, and both stay."""
    kinds = [(n, kind) for n, word in enumerate(words) if (kind := _repair_kind(word))]
    if not kinds:
        return max(0, len(wrong) - len(words))
    last, kind = kinds[-1]
    anchor = next((n for n in reversed(range(len(wrong))) if _repair_kind(wrong[n]) == kind), None)
    if anchor is None:
        return max(0, len(wrong) - len(words))
    start = anchor - last
    lined_up = all(
        start + n < len(wrong) and _repair_kind(wrong[start + n]) == of for n, of in kinds
    )
    return start if start >= 0 and lined_up else None


def _repaired(sentence: str) -> str:
    """The sentence with each self-repair applied: the words after its marker replace
    what they correct. A phrase of a few words replaces as many words before the marker,
    its numbers or days on the last ones of their kind said before ("on Thursday at 2, no
    wait, Friday" -> "on Friday at 2"; `_repaired_from`), and both stay when they do not
    line up; a clause replaces the clause before. At the opening, the marker
    goes ("No wait, that's the week after" -> "That's the week after")."""
    for _ in range(3):
        found = next(
            (
                match
                for match in _REPAIR.finditer(sentence)
                if not match["marker"].casefold().startswith("i") or _meant(sentence, match)
                if not (
                    match["marker"][:2].casefold() == "no"
                    and _NO_ANSWERED.search(sentence, 0, match.start())
                )
            ),
            None,
        )
        if found is None:
            return sentence
        before, rest = sentence[: found.start()], sentence[found.end() :]
        said = _REPAIRED_END.split(rest, maxsplit=1)[0].strip()
        if not before.strip():
            sentence = rest[:1].upper() + rest[1:]
            continue
        if not said:
            return sentence
        clause_at = max(before.rfind(","), before.rfind(";")) + 1
        words = said.split()
        if _REPAIR_CLAUSE.match(said) or len(words) > _REPAIR_PHRASE:
            # The clause said again from its subject on: "because I'm walking Biscuit, no
            # wait, I'm not ..." keeps "because"; a clause of another subject ("a wetsuit
            # for £140, no, hang on, it was £145") cannot be told from what it corrects,
            # and both stay.
            subject = words[0].casefold()
            clause = before[clause_at:].split()
            at = next(
                (n for n in reversed(range(len(clause))) if clause[n].casefold() == subject), None
            )
            if at is None:
                sentence = f"{before.rstrip(' ,;')}, {rest}"
                continue
            head = " ".join(before[:clause_at].split() + clause[:at]).rstrip(" ,;")
            sentence = (
                f"{head}{',' if at == 0 else ''} {rest}" if head else rest[:1].upper() + rest[1:]
            )
            continue
        wrong = before[clause_at:].split()
        start = _repaired_from(wrong, words)
        if start is None:
            sentence = f"{before.rstrip(' ,;')}, {rest}"
            continue
        after = rest[rest.find(said) + len(said) :]
        if found["pre"][:1] == "," and _CLOSING_COMMA.match(after):
            after = f" {after.lstrip(' ,')}"  # "paid 40, I mean 45, quid": the aside's comma
        fixed = " ".join(wrong[:start] + words + wrong[start + len(words) :])
        space = " " if clause_at else ""
        sentence = f"{before[:clause_at]}{space}{fixed}{after}"
    return sentence


def _cut_set_off(text: str, match: re.Match[str]) -> str:
    """What stands in `text` for the filler `match` cut: nothing when no comma set it off
    before, a space when the word before it goes on into what follows ("I've been, um,
    looking" -> "I've been looking", "so I'm, like, back" -> "so I'm back"), else the
    comma ("It was fine, um, I think" -> "It was fine, I think")."""
    if not match[0].startswith(","):
        return ""
    last = (text[: match.start()].split() or [""])[-1].casefold()
    return " " if last in _JOINING or _CONTRACTED_AFTER.search(last) else ", "


def _restarted(match: re.Match[str]) -> str:
    """The words said once for a restart `_RESTART` found, or the match as it was where
    saying them twice is what was meant: a number ("The code is 1234, 1234 is the PIN")
    or a name opening the sentence, capitalised again ("New York, New York is my
    favourite song"; "He's, um, he's still teaching" is a restart)."""
    words = match["words"]
    again = match[0][-len(words) :]
    named = match.start() == 0 and again[:1].isupper() and again.split()[0] != "I"
    if named or any(char.isdigit() for char in words):
        return match[0]
    return words


def _cut_hesitation(text: str, match: re.Match[str]) -> str:
    """What stands in `text` for the hesitation `match` found (`_cut_set_off`), or the
    match itself where the sound is a capitalised word inside the sentence: a name ("The
    cat is called Er", "my uncle Uh Jin"), no hesitation."""
    before = text[: match.start("sound")].rstrip(" ,")
    if match["sound"][:1].isupper() and before and before[-1] not in '.!?:;"“':
        return match[0]
    return _cut_set_off(text, match)


def _without_disfluencies(sentence: str) -> str:
    """The sentence as it was meant, not as it came out: without hesitations ("um"),
    restarts ("he's, he's"), a "like" set off as a filler, and with each self-repair
    applied ("Thursday, no wait, Friday" -> "Friday"). A voice note or a chat says these
    in the middle of a fact, and a bullet copying them is longer and matches less."""
    if not _MAYBE_DISFLUENT.search(sentence):
        return sentence  # most sentences: one scan instead of four
    text = _RESTART.sub(_restarted, sentence)
    text = _HESITATED.sub(partial(_cut_hesitation, text), text)
    text = _LIKE_SET_OFF.sub(partial(_cut_set_off, text), text)
    text = _LIKE_AFTER_BE.sub(lambda match: f"{match['be']} ", text)
    text = _repaired(" ".join(text.split()))
    text = _SPACE_BEFORE_MARK.sub(r"\1", text).strip(" ,;")
    return text[:1].upper() + text[1:] if text[:1].islower() and sentence[:1].isupper() else text


_SPACE_BEFORE_MARK = re.compile(r"(?<!\s)\s+([,.!?;:])")
_MARKS = re.compile(r"([!?.])[!?.]+")
_STRAY_COMMA = re.compile(r",+(?=[,.!?;:]|$)")


def _without_fillers(sentence: str) -> str:
    """The sentence without what only fills it: disfluencies (`_without_disfluencies`),
    emoji, laughter and interjections, "honestly", "you know" and "I mean" said in
    passing, and a run of "!!" or "??". Every bullet of a ledger costs tokens in every
    consolidation and recall; these carry no fact."""
    sentence = _without_disfluencies(sentence)
    if not _MAYBE_FILLER.search(sentence):
        return sentence  # most sentences: one scan instead of seven
    text = _SET_OFF.sub(partial(_cut_set_off, sentence), sentence)
    lower = text.casefold()
    if "like" in lower:
        text = _without_hedged_count(text)
    # Laughter and emoji first: "..., wish me luck haha" closes on its aside.
    text = _INTERJECTION.sub("", _EMOJI.sub("", text))
    text = _MARKS.sub(r"\1", " ".join(text.split())).rstrip(" ,")
    text = _ASIDE_END.sub("", text)
    if " of " in lower:
        text = _DEGREE_HEDGE.sub("", text)
    if any(word in lower for word in _SET_OFF_WORDS):
        text = _ADVERB_SET_OFF.sub("", text)
    text = _HEDGE_IN_PASSING.sub(lambda m: "," if m[1] or m[2] else "", text)
    text = _SPACE_BEFORE_MARK.sub(r"\1", " ".join(text.split()))
    text = _MARKS.sub(r"\1", _STRAY_COMMA.sub("", text))
    text = text.strip(" ,;:")
    return text[:1].upper() + text[1:] if text[:1].islower() and sentence[:1].isupper() else text


_CLAUSE = re.compile(
    r"(?:[,;]|(?<!\s)\s+[-–—]+)\s+(?:(?:and|but|so|because|cause|plus)\s+)?"
    r"|(?<!\s)\s+(?:so|but|because|cause)\s+"
    r"|(?<!\s)\s+and\s+(?=(?:it|it's|that|that's|this|i|i'm|we|we're|they|they're)\b)",
    re.I,
)
_CLAUSE_SUBJECT = re.compile(
    r"(?:i|i'm|i've|i'll|i'd|im|we|we're|we've|we'll|it|it's|its|that|that's|this|they|"
    r"they're|which)\b",
    re.I,
)
"""A clause whose subject is the speaker, what was just said, or those just named: "...,
I'm so nervous", "... so it's going to be a long week", "..., which was amazing", "...
and they had the best time ever". A clause about someone else ("she's a nurse") may be
a fact even with nothing to anchor it, and stays."""


_SUBORDINATE = re.compile(
    r"(?:when|whenever|if|since|because|after|before|while|once|until|as|although|though|"
    r"even though|unless)\b",
    re.I,
)
"""A sentence opening on a clause that leans on the next ("When I look after myself, I
can ..."): its clauses are one statement."""


_BE = re.compile(
    r"^(?:im\b|(?:I|we|it|that|this|they)(?:['’]m|['’]re|['’]s|\s+(?:am|are|is|was|were)|"
    r"(?:\s+(?:gonna|will)|['’]ll)\s+be|\s+(?:am|are|is)\s+(?:gonna|going\s+to)\s+be))"
    r"\s+(?!(?:\w+ing|to|gonna|going|not\s+\w+ing)\b)",
    re.I,
)
"""A clause saying how someone or something is ("I'm already tired", "we'll be a wreck
that week"): a form of "be" before no participle or infinitive (those tell what is
done: "I'm starting remote", "we're not touching prod")."""


def _anchored(clause: str) -> bool:
    """Whether a clause holds a number, a date or a name."""
    return bool(
        _DIGITS.search(clause)
        or _NUMBER_WORD.search(clause)
        or _RELATIVE.search(clause)
        or _CAPITAL.search(clause)
    )


def _fact_clauses(sentence: str, names: frozenset[str]) -> str:
    """The sentence without its clauses that state nothing on their own: a feeling, a
    reaction or a comment tacked onto a fact ("The interview is on 2025-02-25, I'm so
    nervous", "I start on Monday so it's going to be a long week"). A clause is kept when
    it says something (`_says_something`)."""
    cuts: list[re.Match[str]] = []
    for match in _CLAUSE.finditer(sentence):
        before = sentence[cuts[-1].end() if cuts else 0 : match.start()]
        # "Last month, I saw ...": a short opening that dates or names what follows is
        # part of its clause; "I'm so excited, I got ..." is a clause of its own.
        short = len(before.split()) <= 3 and _says_something(before, names)
        # "You and I went": "and" after a word or two joins subjects, not clauses.
        joined = match[0].strip().casefold() == "and" and len(_PART.split(before)[-1].split()) < 3
        # "..., so no commute drama": a consequence is weighed whatever its subject.
        so = match[0].strip(" ,;").casefold().startswith("so")
        # "school started tuesday so i'm tired": a short clause with its verb is one
        # still, before a state cut from it (below).
        short = short and not (so and _VERB.search(before) and _BE.match(sentence[match.end() :]))
        if (so or _CLAUSE_SUBJECT.match(sentence, match.end())) and not short and not joined:
            cuts.append(match)
    if not cuts or _SUBORDINATE.match(sentence):
        return sentence
    bounds = [0] + [cut.start() for cut in cuts] + [len(sentence)]
    starts = [0] + [cut.end() for cut in cuts]
    kept: list[str] = []
    for index, start in enumerate(starts):
        clause = sentence[start : bounds[index + 1]].strip()
        so_state = (
            index > 0
            and cuts[index - 1][0].strip(" ,;").casefold().startswith("so")
            and _BE.match(clause) is not None
            and not _anchored(clause)
        )
        if index == 0 or (
            _says_something(clause, names) and not _about_it(clause) and not so_state
        ):
            # The separator before a later clause is kept with it.
            kept.append(sentence[bounds[index] : bounds[index + 1]])
        elif index == len(starts) - 1:
            kept.append(sentence[len(sentence.rstrip(".!?")) :])
    first = sentence[: bounds[1]].strip()
    if not _says_something(first.rstrip(".!?"), names) and len(kept) > 1:
        # "I'm so excited, I got the job at Globex": the fact is the second clause.
        rest = "".join(kept[1:]).lstrip(" ,;-–—")
        rest = _CLAUSE.sub("", rest, count=1) if _CLAUSE.match(rest) else rest
        kept = [rest[:1].upper() + rest[1:]] if rest else kept
    out = "".join(kept).strip()
    return out if content_words(out) else sentence


_LONG = 20
"""Words a bullet may have before it is cut at a clause boundary (`_within_length`)."""
_BOUNDARY = re.compile(
    r"[,;]\s+|(?<!\s)\s+(?:[-–—]+\s+|(?=(?:and|but|so|because|which|who)\s))", re.I
)


def _within_length(sentence: str, names: frozenset[str]) -> str:
    """A sentence of more than `_LONG` words cut at its last clause boundary within
    `_LONG` words, after a head that is a fact: "My daughter Zoe turned seven on Sunday
    and we threw her a party with twelve kids, a bouncy castle, and a cake that ..." keeps
    its first fact. Every bullet is paid for in every consolidation and recall, and a
    run-on story is one fact and its colour. Without such a boundary it stays whole."""
    if len(sentence.split()) <= _LONG:
        return sentence
    cut = None
    for boundary in _BOUNDARY.finditer(sentence):
        head = sentence[: boundary.start()]
        if len(head.split()) > _LONG:
            break
        if is_fact(head, names):
            cut = head
    return cut.rstrip(" ,;") + "." if cut else sentence


_PART = re.compile(r"[,;:]")
_JOINS = re.compile(r"[,;:]|(?<!\s)\s+and\s+", re.I)
_ABOUT_IT = re.compile(r"\b(?:it|that|this|them)\s*[.!]*$", re.I)
_ABOUT_THAT = re.compile(
    r"\b(?:that|this|those|these)\s+(?!(?:days|weeks|months|years|times)\b)[a-z]+\s*[.!]*$", re.I
)
"""A demonstrative and its noun closing a clause ("I love that idea"); not a time ("these
days": now, for a while)."""


def _about_it(clause: str) -> bool:
    """Whether a clause only says how someone took what came before ("... and I loved
    every minute of it", "The kids loved it!", "I love that idea!"): two content words at
    most (besides an adverb: "Our family will never forget it"), ending on what was just
    said, or on a demonstrative and its noun that is no time ("this week" dates)."""
    if not _ABOUT_IT.search(clause) and not (
        _ABOUT_THAT.search(clause) and not _RELATIVE.search(clause)
    ):
        return False
    return len([word for word in content_words(clause) if word not in _ADVERBS]) <= 2


_THANKED = re.compile(rf"^(?:{_THANKS_SAID}|ty\b)(?!\s+to\b)", re.I)
"""A clause of thanks ("thanks Hana for covering"); not a cause ("thanks to the cache,
builds take 2 minutes")."""


def _says_something(clause: str, names: frozenset[str]) -> bool:
    """Whether a clause holds a fact alone, or something a fact needs: a number, a
    date, a name, or more than two content words ("I saw a jazz concert downtown" is
    no fact alone, only beside its date; "I'm so nervous" is none at all)."""
    unquoted = clause.strip(" .!?")
    if _THANKED.match(unquoted):
        return False  # "..., thanks Hana for covering": thanks to the listener
    return (
        len(content_words(unquoted)) > 2
        or is_fact(unquoted, names)
        or bool(_DIGITS.search(unquoted))
        or bool(_NUMBER_WORD.search(unquoted))
        or bool(_RELATIVE.search(unquoted))
        or bool(_CAPITAL.search(unquoted))
    )


_REACTION = re.compile(
    r"^(?i:(?:(?:yes|yep|yeah|no|nope|sure|right|indeed|exactly|true)[,!.:]\s*|"
    r"(?:hello|hi|good(?! (?:luck|morning|night|evening|afternoon|news|day))|great|fine|nice|"
    r"cool|perfect|awesome|lovely|excellent|alright|no problem|"
    r"(?:thanks|thank you(?: so much| anyway| kindly)?)(?!\s+for\b)|"
    r"(?:that's|that is) (?:so |really )?(?:good|great|nice|awesome|cool|amazing|wonderful|"
    r"interesting|sad|too bad)(?: to hear)?)"
    r"(?:[,!.:]\s*|\s+(?=[a-z]|I\b))))+"
)
"""A one-word answer or reaction that a message runs on from without a stop: "Good do
not lie", "Thank you anyway Jazz is the only music I listen to"."""


_EVALUATION = (
    r"(?:big|bigger|huge|amazing|awesome|great|crazy|wild|insane|cool|exciting|rough|hard|"
    r"tough|awful|terrible|sad|deal|step|perfect|brilliant|fantastic|incredible|lovely|sweet|"
    r"adorable|hilarious|funny|scary|impressive|nice|fun|win|shame|pity|bummer|relief|smart|"
    r"fair|brave|bold|beautiful|gorgeous|wonderful|good|bad|fine|intense|stressful|unreal|"
    r"epic|wholesome|cute|massive|major|change|milestone|news|progress|surprise|wow|special|"
    r"memorable|meaningful|unforgettable|magical|emotional|powerful|touching|moving|surreal|"
    r"blast|journey|ride|experience|moment|adventure|dream)"
)
_REACTION_TO_NEWS = re.compile(
    r"^(?:(?:that's|that is|that was|that sounds|it's|it is|it was|it has been|it's been|"
    r"what an?|how|such an?|so|too)\s+(?:(?:so|really|such|very|pretty|totally|super|"
    r"absolutely|truly|kinda|quite|the|an?)\s+)*"
    rf"{_EVALUATION}\b"
    r"|sounds?\s+(?:like|so|amazing|great|fun|awesome|rough|hard|lovely|perfect)\b"
    r"|looks?\s+like\b|seems?\s+like\b|must(?:'ve|\s+have)\s+been\b"
    r"|(?:that|it)\s+must\s+(?:be|have)\b|(?:(?:so|really)\s+)?(?:glad|relieved)\b"
    r"|(?:(?:so|really)\s+)?sorry\s+(?:to\s+hear|about|for)\b|poor\b|lucky\b|good\s+for\b"
    r"|(?:(?:so|really)\s+)?(?:proud\s+of|happy\s+for)\b|classic\b|love\s+that\b"
    r"|can't\s+wait\b|(?:(?:huge|big|many)\s+)?congrat\w*"
    r"|(?:so\s+)?(?:cool|great|amazing|awesome|nice|wild|crazy)\s+that\b"
    r"|(?:(?:way|much|so|even|still|a\s+lot|far)\s+)?(?:better|worse|cheaper|easier|harder|"
    r"safer)\s+than\b"
    r"|(?:yay|woo+|whoa|bravo|hooray|yikes|go|way to go|well done|nice one|oh no|no)"
    r"(?=[,!.]|\s+(?-i:[A-Z])|\s+for\b|\s*$))",
    re.I,
)
"""A comment on what the other just said ("That's a huge deal for Mel", "Sounds like
Lisbon was amazing", "Poor Biscuit", "Better than missing the flight", "So happy for Mel and Theo!") or a cheer ("Yay
Mel!!", "Well done, Mel!"): the news was kept where it was said, and the comment is no
fact, whatever it names."""
_NEWS_ANNOUNCED = re.compile(
    r"^(?:(?:I|we)(?:'ve)?(?:\s+(?:also|just|finally|actually|really|do))?"
    r"(?:\s+(?:have|had|got))*\s+(?:(?:some|big|bigger|huge|exciting|"
    r"great|good|bad|sad|more|an?|other|little|amazing|crazy|wild|interesting)\s+)*"
    r"(?:(?:[a-z-]+\s+){1,2}(?=(?:news|update|announcement|gossip)\s*(?:$|[,.!:;]|and\b)))?"
    r"(?:news|update|announcement|gossip)\b"
    r"|(?:I|we)\s+(?:have|need|want|got|gotta)\s+(?:to\s+)?tell\s+(?:you|u)\b"
    r"|(?:(?:some|big|bigger|huge|exciting|great|good|bad|sad|amazing|crazy|wild)\s+)+"
    r"(?:news|update)\b"
    r"|guess\s+what\s+happened\b|wait\s+(?:until|till)\s+you\s+hear\b"
    r"|you\s+won't\s+believe\b"
    r"|(?:(?:a|small|slight|quick|little|big|major|bit\s+of\s+a)\s+)*change\s+of\s+plans?\b)",
    re.I,
)
"""News announced, not told ("I have big news, ...", "I need to tell you something",
"Small change of plans, ..."):
what follows, if anything, is the fact."""
_RUN_ON = re.compile(
    r"(?<=[a-z])\s+(?=(?:I|I'm|I've|I'll|I'd|My|We|We're|We've|We'll|Our)\b"
    r"|[A-Z][a-z]+\s+(?:is|was|has)\b)"
)
"""Where a sentence of the speaker's own starts inside a comment run on without a stop."""
_DATED = re.compile(rf"\d|{_RELATIVE.pattern}", re.I | re.X)
_IT_OPENING = re.compile(r"(?:it|that|this)\b", re.I)
_CLAUSE_END = re.compile(r"[,;:!]\s+|(?<!\s)\s+(?:[-–—]+|but)\s+")
_CONJUNCTION = re.compile(r"^(?:and|but|so|because)\s+", re.I)


def _without_preamble(sentence: str) -> str:
    """The sentence without an opening clause that comments on the other's news or
    announces one's own: "That's a big change, but I can see it" -> "I can see it";
    "I have big news, I got the job" -> "I got the job"; "" when nothing follows."""
    for _ in range(3):  # "Yikes, poor Lena.": one opening after another
        # "Guess what happened ...", "Well done, Mel!" before their "guess what" or
        # "well" are taken for a lead-in.
        opening = sentence
        found = _NEWS_ANNOUNCED.match(opening) or _REACTION_TO_NEWS.match(opening)
        if found is None:
            opening = _LEAD_IN.sub("", sentence)
            found = _NEWS_ANNOUNCED.match(opening) or _REACTION_TO_NEWS.match(opening)
        if found is None:
            return sentence
        end = _CLAUSE_END.search(opening, found.end())
        # "That is good to hear Zoe is my brother": run on, without a stop, into a
        # sentence of its own.
        own = _RUN_ON.search(opening, found.end(), end.start() if end else len(opening))
        if own is not None:
            rest = opening[own.end() :]
            sentence = rest[:1].upper() + rest[1:]
            continue
        first = opening[: end.start() if end else None]
        if found.re is _REACTION_TO_NEWS and (
            _DATED.search(first) if _IT_OPENING.match(opening) else _ABOUT_SPEAKER.search(first)
        ):
            # "So glad I went to Lisbon" is the speaker's own, and "It was a great day at
            # the zoo on Saturday" dates a day out; "It was a special time for our family"
            # is still said of what came before.
            return sentence
        if end is None:
            return ""
        rest = _CONJUNCTION.sub("", opening[end.end() :])
        sentence = rest[:1].upper() + rest[1:]
    return sentence


_TAIL_QUESTION = re.compile(
    r"(?:,|(?<!\s)\s+[-–—]+)\s*(?:(?:and|but|so)\s+)?(?:"
    r"(?:is|are|was|were|do|does|did|can|could|would|will|should|have|has)\s+"
    r"(?:you|u|it|that|this|there)\b(?!\s*\?*$)"
    r"|(?:what|how|why|where|when|who)(?:'s\b|\s+(?:(?:do|does|did|is|are|was|were|would|"
    r"should|can|could)\s+(?:you|u)|about\s+you|else)\b)"
    r"|(?:did|have)\s+I\s+(?:ever\s+)?(?:tell|told|mention|mentioned)\b"
    r"|any\s+(?:tips|ideas|advice|thoughts|recommendations|suggestions)\b"
    r"|(?:want|wanna)\s+(?:to\s+)?(?:see|hear|come|know|join)\b"
    r"|(?!(?:right|no|yes|yeah|correct|true|huh|eh|ok|okay|innit)\b)[\w']+(?:\s+right)?"
    r"\s*\?+\s*$"
    r")[^,]*$",
    re.I,
)
"""A question tacked onto a statement ("My mom is visiting in June, is that ok with
you?", "..., can you believe it", "..., any tips?", "..., crazy right?"). A tag that asks
to confirm the statement ("..., right?", "..., isn't it?") leaves it unsure, and is not
cut: the whole is a question."""


_REACTION_TAG = re.compile(
    r",\s*(?P<comment>[^,]+?)[,\s]+(?:right|innit|eh|huh|yeah|no)\s*\?+\s*$", re.I
)
"""A comment and its tag closing a statement ("I ran it in 1:52, not bad for an old guy,
right?", "Sam got engaged, I know, right?"): the tag asks the listener to share the
comment, not to confirm the statement before it."""
_KNOW = re.compile(r"(?:I|you)\s+know$", re.I)


def _without_reaction_tag(sentence: str) -> str:
    """The statement without a comment and tag closing it (`_REACTION_TAG`): a comment
    with no verb of its own ("not bad for an old guy") or "I know"."""
    tag = _REACTION_TAG.search(sentence) if sentence.rstrip().endswith("?") else None
    if tag is None or not content_words(sentence[: tag.start()]):
        return sentence
    comment = tag["comment"].strip()
    if _VERB.search(comment) and not _KNOW.fullmatch(comment):
        return sentence
    return sentence[: tag.start()].rstrip() + "."


_WH_ASKS = re.compile(
    r"^(?:(?:so|and|but|ok|okay|well)\W+)*(?:when|what|how|why|where|who|which)"
    r"(?!\s+(?:I|I['’]m|we|my|our|me)\b)(?:\s+[\w'’]+){0,2}?"
    r"(?:['’]s|\s+(?:is|are|was|were|do|does|did|can|could|would|should|will|has|have))\b",
    re.I,
)
"""A sentence asking by its word order: a question word, then its auxiliary ("so when is
Jen's flight"); not "what I love is ...", which tells."""


_UNMARKED_TAIL_QUESTION = re.compile(
    r",\s*(?:(?:and|but|um|well)\s+)?(?:"
    r"(?!(?:were|should)\s+\w+\s+to\b)"
    r"(?:do|does|did|is|are|was|were|can|could|would|will|should|has|have)\s+"
    r"(?:you|u|we|they|he|she|it|there|(?-i:[A-Z])[a-z]+)\s+[\w'’]"
    r"|(?:what|how|why)(?:['’]s|\s+(?:is|are|was|were|do|does|did|can|could|would|will|has|"
    r"have|happened)\b)"
    r")[^,?]*$",
    re.I,
)
"""A question closing a sentence said aloud and written down without its mark, as a voice
transcription writes one ("..., did Colin come round", "Hiya, how was the first week",
"..., are you OK, what happened"): asked by its word order, an auxiliary before its
subject or "what", "how" or "why" before an auxiliary. Not "who", "which", "where" or
"when", which open a relative clause as often ("I met Tom, who was lovely"), nor an
auxiliary after "so" ("Ana loves jazz, so do we"), nor a condition ("..., were we to
cancel before May", "should you need to"), nor a verb going on after "now" ("Ana left
Acme in May, is now at Google")."""


def _without_unmarked_questions(sentence: str) -> str:
    """A sentence without the questions closing it when none of it has a question mark
    (`_UNMARKED_TAIL_QUESTION`), one clause at a time from its end: a transcribed call asks
    as it tells, and a bullet of "the house, did Colin come round" states nothing. What
    is left is judged alone, or is nothing when it has no verb (`_VERB`); a sentence with
    a mark is `_without_tail_question`'s."""
    if "?" in sentence or (tail := _UNMARKED_TAIL_QUESTION.search(sentence)) is None:
        return sentence
    while tail is not None:
        sentence = sentence[: tail.start()].rstrip() + "."
        tail = _UNMARKED_TAIL_QUESTION.search(sentence)
    # What has no verb of its own named what the question asks about ("the house, did
    # Colin come round"): nothing is stated.
    return sentence if _VERB.search(sentence) else ""


def _without_listener_tail(sentence: str) -> str:
    """A statement of someone else without the clauses after it that turn to the listener
    ("Bernadette's Irish, from Sligo, she talks more than your mother did"): a run-on
    turn goes on from the news to the one it is told to, and the listener's "you" in its
    tail made the whole of it a remark to them. A sentence of the speaker's own (`I`,
    `my`) is kept whole, as `is_fact` keeps it. A sentence that only sets a condition
    before the tail ("As a hypothetical, if the rent were £1,400, you might counter ...")
    is nothing without it: what would follow was the listener's."""
    found = _LISTENER.search(sentence)
    if found is None or _ABOUT_SPEAKER.search(sentence) or _AGREED.search(sentence):
        return sentence
    commas = [comma.start() for comma in _CLAUSE_COMMA.finditer(sentence, 0, found.start())]
    if not commas:
        return sentence
    if _CALLED_BY_NAME.fullmatch(sentence[: commas[-1]]):
        return sentence  # "Tom Harris, see you there": the name is whom it is said to
    condition = _IF_CLAUSE.search(sentence, 0, commas[-1])
    if condition is not None and not _VERB.search(sentence[: condition.start()]):
        # "As an example, if a croissant cost 45p, you'd have room": the tail was what
        # follows if; the condition alone states nothing.
        return ""
    return sentence[: commas[-1]].rstrip() + "."


_CALLED_BY_NAME = re.compile(r"\s*[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,2}\s*")
"""A name alone before a tail said to the listener ("Cheers, Tom Harris, see you at the
match on Sunday", its "Cheers, " gone): whom the tail is said to, no statement; cut
there, "Tom Harris." was kept as a fact (review 32)."""
_CLAUSE_COMMA = re.compile(r"(?<!\d),|,(?!\d)")
"""A comma between clauses, not one inside a number ("£1,800 a week")."""
_IF_CLAUSE = re.compile(r"(?:^|,\s+)(?:if|unless|suppose|supposing)\b", re.I)
"""A condition opening a sentence or following its lead-in ("Worst case, if ...")."""


def _without_tail_question(sentence: str) -> str:
    """The statement without the question or the order tacked onto it ("My lease ends
    June 30, don't tell my landlord"): the statement is judged alone, and not lost to the
    question mark at its end nor to the request to the listener."""
    sentence = _without_reaction_tag(_without_listener_tail(_without_unmarked_questions(sentence)))
    order = None
    tail = _TAIL_QUESTION.search(sentence) or (order := _tail_order(sentence))
    if tail is None or (order is None and _WH_ASKS.match(sentence)):
        # "so when is Jen's flight, and mine?": the words before the tail ask too.
        return sentence
    if not content_words(sentence[: tail.start()]):
        # "I'm so sorry, I'll replace your mug": nothing before the offer either.
        offer = order is not None and _empty_promise(sentence[order.end() :])
        return sentence[: tail.start()].rstrip() + "." if offer else sentence
    return sentence[: tail.start()].rstrip() + "."


_TAIL_CLAUSE = re.compile(r",\s+(?:(?:and|but|so|just|pls|please)\s+)?")
_DONT = re.compile(r"(?:don't|do not|dont|never)\s+[a-z]", re.I)


def _tail_order(sentence: str) -> re.Match[str] | None:
    """The comma before the last clause when that clause is an order to the listener
    ("..., save me a desk", "..., don't let it slip"), thanks to them, said to them ("..., you're
    invited") or an offer of the moment ("..., I'll send you a scarf")."""
    tails = list(_TAIL_CLAUSE.finditer(sentence))
    if not tails:
        return None
    clause = sentence[tails[-1].end() :]
    addressed = (
        _IMPERATIVE.match(clause)
        or _THANKED.match(clause)  # "..., thanks Hana for covering"
        or _DONT.match(clause)
        or _TO_LISTENER.match(clause)
        or _empty_promise(clause)
    )
    return tails[-1] if addressed else None


_LABELLED = re.compile(r"^(?P<label>[A-Za-z][\w'-]*(?: [a-z][\w'-]*){0,3}):\s+(?P<rest>\S.*)$")
"""A sentence opening with a short label and a colon ("Reminder: ...", "Note to self:
...", "Found it: ..."), the label in lower case after its first word (not "Dana Lee:")."""
_LABELLED_CLAUSE = re.compile(
    r"^(?:\S+\s+){0,6}?(?:is|are|was|were|am|has|have|had|will|would|can|could|must|"
    r"should|does|do|did|[a-z]{2,}(?:ed|es|s))\b|^(?:I|we|you|he|she|they|it)\b",
    re.I,
)
"""What follows a label is a clause of its own (it has a verb), not a value the words
before the colon name ("Staging database: db3.internal" is one fact, kept whole)."""
_PERSON_OF = re.compile(r"^[A-Z][a-z]+ (?:from|of|at|in|and|on)\b")
_NOTE_THAT = re.compile(
    r"^(?:(?:please|just)\s+)?(?:let\s+me\s+(?:just\s+)?(?:note|remind\s+you|add|point\s+out)|"
    r"note|keep in mind|bear in mind|be aware)\s+that\s+(?=\S)",
    re.I,
)
"""An imperative of attention before the clause it points at ("Note that we deploy on
Tuesdays only", "Keep in mind that the API is rate limited", "Let me note that the
staging DB is db3": review 23 L11, no next step of the session): a label in words.
("Remember that ..." asks memory to keep it, and is kept as said: the README's demo.)"""


def _without_label(sentence: str, learned: frozenset[str]) -> str:
    """The sentence without a discourse label before a clause ("Reminder: the VPN
    gateway is vpn2" -> "The VPN gateway is vpn2"), as "Big news:" is cut by
    `_without_preamble`: a label announces the fact and is none of it, and a fact said
    once with a label and once without is one fact. A label of one word is a known one
    (`words.LABELS`: "Reminder", "Update", "Note"); a longer one is any short phrase in
    lower case ("Note to self", "Found it", "Quick reminder"). Not a name and what is
    said of it ("Dana:", "Marta from finance:"), nor a key before its value. "Note
    that" and its kin (`_NOTE_THAT`) label the clause after them as a colon does."""
    if noted := _NOTE_THAT.match(sentence):
        rest = sentence[noted.end() :]
        return rest[:1].upper() + rest[1:]
    match = _LABELLED.match(sentence)
    if match is None or not _LABELLED_CLAUSE.match(match["rest"]) or _labelled_rule(sentence):
        return sentence  # "Rule number one: ..." is what makes the order a rule
    words = match["label"].split()
    first = words[0]
    if len(words) == 1:
        if first.casefold() not in _FOLDED_LABELS:
            return sentence
    elif first.casefold() in learned or _PERSON_OF.match(match["label"]):
        return sentence
    rest = match["rest"]
    return rest[:1].upper() + rest[1:]


_FOLDED_LABELS = frozenset(label.casefold() for label in _LABELS)


def _without_lead_in(sentence: str) -> str:
    """The sentence without an opening that only keeps the conversation going ("Wow,",
    "So", "Since we last chatted,", "Thanks"), so that what follows is judged and written
    alone: "So what did you do last weekend" is a question, "Wow, you must be proud" is
    said to the listener."""
    rest = _LEAD_IN.sub("", _REACTION.sub("", sentence))
    return rest[:1].upper() + rest[1:] if rest else sentence


def _after_lead_in(sentence: str, names: frozenset[str]) -> str:
    """`_without_lead_in`, and a name or kin word called after the lead-in ("aw grandma
    i miss you") cut as one before it is (`_without_vocative`)."""
    rest = _without_lead_in(sentence)
    return rest if rest == sentence else _without_vocative(rest, names)


_TO_LISTENER = re.compile(r"^(?:you|you're|you've|you'll|you'd|your|tell me)\b", re.I)
_OWN_START = re.compile(
    r"(?<=[a-z,])\s+(?=(?:I|I'm|I've|I'll|I'd|My|We|We're|We've|We'll|Our)\b"
    r"|[A-Z][a-z]+(?:,|\s+(?:is|was|has|and)\b))"
)


_JOINED = re.compile(
    r"\b(?:and|or|nor|that|if|when|because|as|than|on|in|at|by|for|to|from|with|of|until|since)$",
    re.I,
)
"""A clause that goes on after one of these is not a new one: "You and I went"; nor is a
name after a preposition ("You could cook on Sunday and freeze it")."""


def _own_clause(sentence: str) -> str:
    """A sentence that opens to the listener and runs on, without a stop, into the
    speaker's own clause, as chat often does ("You know I adopted a cat", "what makes
    you sad I don't have a mood"): only the speaker's clause. A question asked in full
    (a question mark) stays whole, to be dropped."""
    while not sentence.endswith("?") and (
        _TO_LISTENER.match(sentence) or _QUESTION.match(sentence)
    ):
        listener = _LISTENER.search(sentence)
        if listener is None:
            break
        own = next(
            (
                start
                for start in _OWN_START.finditer(sentence, listener.end())
                if not _JOINED.search(sentence[max(0, start.start() - 10) : start.start()])
            ),
            None,
        )
        if own is None:
            break
        sentence = _without_lead_in(sentence[own.end() :])
    return sentence


_YOU_AND_I = re.compile(rf"^you and {person('I|me')}", re.I)


_YOU_ALL = re.compile(
    person(r"you\s+(?:guys|two|three|all|both|lot)|y'?all|both\s+of\s+you|all\s+of\s+you"),
    re.I,
)
"""The listeners all together: "you guys", "you two", "y'all", "both of you"."""


def _last_other(spoke: list[str], speaker: str | None) -> str | None:
    """Who spoke last before `speaker`'s turn, none when nobody named did."""
    return next((name for name in reversed(spoke) if name and name != speaker), None)


def _you_named(
    sentence: str, speaker: str | None, people: dict[str, str], addressed: str | None = None
) -> str:
    """Between two people, "you" is the other one: "You and I went" -> "Ana and I went"
    (then "Ana and Ben went"). Among more, "you guys" or "you two" are all the others
    ("Kat can bike next to you guys" -> "... next to Dana and Olu"), and "you" is who
    spoke before the speaker's turn (`addressed`), as a reply answers the turn before it;
    without one, whom nobody can tell, "you" is cut with its clause (`_without_listener`)."""
    others = [name for key, name in people.items() if key != str(speaker).casefold()]
    if speaker and len(others) > 1 and _YOU_ALL.search(sentence):
        everyone = f"{', '.join(others[:-1])} and {others[-1]}"
        sentence = _YOU_ALL.sub(everyone, sentence)
    if speaker and len(others) > 1:
        if addressed is None or addressed.casefold() == speaker.casefold():
            return _without_listener(sentence)
        others = [addressed]
    if not speaker or len(others) != 1:
        return sentence
    you_and_i = _YOU_AND_I.match(sentence)
    if you_and_i:
        sentence = f"{others[0]} and I{sentence[you_and_i.end() :]}"
    # "Maya has two weeks left of you being here": the fact is about the listener, and
    # a memory read later has no listener, so the "you" inside is named too.
    if _YOURS_DID.match(sentence):
        # "Your dog ate my shoes" is an event, kept by `is_fact`: its "your" is named too.
        sentence = f"{others[0]}'s{sentence[4:]}"
    return _YOU_INSIDE.sub(lambda match: _listener(match, others[0]), sentence)


_LISTENER_CLAUSE = re.compile(r"[,;]\s+|(?<!\s)\s+(?:[-–—]+\s+|(?=(?:but|so)\s))", re.I)


def _without_listener(sentence: str) -> str:
    """A sentence said among three people or more without its clauses that speak to or
    of "you": "Nora will drive you, Sam can cover the morning" -> "Sam can cover the
    morning." Read later, "you" is nobody; "" when every clause holds one."""
    if not _LISTENER.search(sentence):
        return sentence
    bounds = [0]
    for match in _LISTENER_CLAUSE.finditer(sentence):
        bounds += [match.start(), match.end()]
    bounds.append(len(sentence))
    clauses = [sentence[bounds[i] : bounds[i + 1]] for i in range(0, len(bounds), 2)]
    kept = [clause.strip() for clause in clauses if not _LISTENER.search(clause)]
    kept = [re.sub(r"^(?:but|so|and)\s+", "", clause, flags=re.I) for clause in kept if clause]
    rest = ", ".join(clause.rstrip(".!?") for clause in kept if content_words(clause))
    # "..., promise", "..., through the window": what is left must be a fact alone.
    if len(content_words(rest)) < 3 or not is_fact(rest):
        return ""
    end = sentence.rstrip()[-1:] if sentence.rstrip()[-1:] in ".!" else "."
    return rest[:1].upper() + rest[1:] + end


_YOU_INSIDE = re.compile(
    rf"(?<=\w[\s,])(?P<you>you(?:rself|rs|r|'re|'ve|'ll|'d)?){PERSON_AFTER}"
    r"(?:(?P<space>\s+)(?P<verb>[a-z]+)\b)?",
    re.I,
)
"""A second-person pronoun after the sentence's first word: the opening "you" was said
to the listener and is judged by `is_fact`, not named."""
_YOU_CONTRACTED = {"you're": "is", "you've": "has", "you'll": "will", "you'd": "would"}


def _listener(match: re.Match[str], listener: str) -> str:
    """One "you", "your" or "yours" as the listener's name, the verb after it agreeing."""
    you, verb = match["you"].casefold(), match["verb"]
    rest = f"{match['space']}{verb}" if verb else ""
    if you in ("your", "yours"):
        return f"{listener}'s{rest}"
    if you == "yourself":
        return f"{listener}{rest}"
    if you in _YOU_CONTRACTED:
        return f"{listener} {_YOU_CONTRACTED[you]}{rest}"
    if verb and (verb.casefold() in _IRREGULAR or verb.casefold() in _ADVERBS):
        return f"{listener}{match['space']}{_conjugate(verb)}"
    return f"{listener}{rest}"


_VERB_MONTHS = ("May", "March")
_DATED_FACT = re.compile(
    rf"\b\d{{4}}\b|\b(?:{'|'.join(_VERB_MONTHS)})\b"
    rf"|\b(?i:{'|'.join(m for m in MONTHS if m not in _VERB_MONTHS)})\b"
    rf"|(?i:\b(?:in|of|since|by|until|till|early|late|mid|last|next|this)[\s-]+"
    rf"(?:{'|'.join(_VERB_MONTHS)}))\b"
)
"""A year or a month in a fact, in chat's lower case too ("in november"). Lower case,
"may" and "march" are verbs (or "a march") unless a preposition or "last"/"next" puts
them in time: "in may"."""


def _in_month(fact: str, said: datetime | None) -> str:
    """Something that happened, with no date of its own, dated by the month its own
    message was said: "Lea started school there (October 2026)." A conversation said
    over several months would otherwise be dated by its whole span when consolidated
    (`memctl.models.curate`: "(October 2026 to November 2026)", read as a duration)."""
    if said is None or not PAST.search(fact) or _DATED_FACT.search(fact):
        return fact
    return f"{fact.rstrip(' .!')} ({MONTHS[said.month - 1]} {said.year})."


_TAIL_HEDGE = re.compile(
    r"(?<=[\w'’)%])\s+(I\s+(?:think|guess|reckon|believe|suppose))(?=\s*(?:[.!]*$|,))"
)
""""I think" closing a statement, or set off after it with no comma before ("25 I
think", "4th of august I think, there's ..."): an aside, which prose sets off with a
comma; in the third person without one it reads as the object of "thinks" ("25 Elodie
thinks")."""


THE_USER = "the user"
"""Who an unnamed user's "I" and "my" are: the person a conversation with no name for
them is had with ("I'm Priya" names them: "The user's name is Priya.")."""


_ASKED_PAST = re.compile(r"\bdid(?:n['’]?t)?\s+[\w'’]", re.I)
"""A question asked in the past ("did the 93 come through?", "didn't he ring?"): its
answer tells of the past, whatever tense its verb has ("yes it arrive on the 3rd", said
by a learner of English with the verb's plain form)."""
_PLAIN_FORM = re.compile(
    r"\b(?:it|he|she|they|we|I|you)\s+(?:\w+ly\s+)?"
    r"(?!(?:on|at|in|to|for|and|or|but|the|a|an|too|all|yes|no)\b)[a-z]+\b",
    re.I,
)
"""A subject and a verb after it: an answer with a verb of its own whose form tells no
tense ("yes it arrive on the 3rd") takes the question's. A verbless answer ("Yes, on the
14th at ten", to "did you book the dentist?") names the day of what was booked, not of
the booking: it keeps its own reading."""


_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_SMALL_NUMBERS = (
    {"zero": 0}
    | {word: value for value, word in enumerate(_CARDINALS[:19], 1)}
    | {word: 10 * value for value, word in enumerate(_TENS, 2)}
)
_SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
_NUMBER_WORDS = "|".join(sorted((*_SMALL_NUMBERS, *_SCALES), key=len, reverse=True))
_SPOKEN_NUMBER = re.compile(
    rf"(?<![\d.,]\s)(?<![\d.,])\b(?:an?\s+(?=(?:hundred|thousand|million)\b)|"
    rf"(?:{'|'.join(sorted(_SMALL_NUMBERS, key=len, reverse=True))})\b)(?:(?:[\s-]*|\s+and\s+)(?:{_NUMBER_WORDS})\b)*",
    re.I,
)
"""A number said in words, as a call's transcript writes it ("four hundred and ten",
"thirty-nine thousand six hundred", "a hundred and fifty thousand"): it opens on a
number or "a", not on its scale, and no digits are before it ("1.1 million" is
written so already)."""


_DIGITS_THOUSAND = re.compile(
    r"(?<![\d.,])(?<![\d.,]\s)\b(?P<count>[1-9]\d{0,2})\s+thousand\b", re.I
)
"""A count in digits and "thousand" in words ("28 thousand", "62 thousand a year"): one
number, typed as said on a call or in a hurry."""
_NUMBER_JOINED = re.compile(
    rf"(?:\b(?:{_NUMBER_WORDS})|\d)(?:[\s-]+(?:or|to|and)|\s*[-–—/])\s*$"
    r"|\b(?:point|half|between)\s*$",
    re.I,
)
"""What before a number makes it half of something else: a range's or a choice's other
end ("one or two hundred", "ten to twelve thousand", and typed "20-30 thousand", "20 –
30 thousand", "12/15 thousand"), a decimal ("three point five million"), a fraction
("half a million"), a range opened ("between two hundred and ...")."""
_JOINS_NUMBER = re.compile(rf"[\s-]*(?:or|to|and)\s+(?:\d|an?\b|(?:{_NUMBER_WORDS})\b)", re.I)
"""After a number said in words, the same joined to another number ("five hundred or six
hundred", "two thousand to 2500")."""


_FOR_EFFECT_BEFORE = re.compile(r"\b(?:one\s+in|thanks|thank\s+you|cheers)\s+$", re.I)
_FOR_EFFECT_AFTER = re.compile(
    r"\s+(?:thanks|apologies|pardons|kisses|hugs|blessings|congratulations|cheers)\b", re.I
)
"""Around a number said in words, an idiom that says it for effect, no count of anything
("a thousand thanks", "one in a million", "thanks a million"): as said, not "1000
thanks", which reads as a value a later question could ask for."""


def _spoken_value(words: list[str]) -> int | None:
    """The value of `words` when they are one well-formed number said in words ("nine
    hundred and ninety-nine", "a hundred and fifty thousand", "thirty-nine thousand six
    hundred"), else None: two numbers side by side ("one two hundred", "four hundred two
    hundred"), a scale after one as large ("five hundred thousand million"), or "and"
    that does not lead from a scale to a smaller number ("one and two thousand") are
    several numbers, and their sum is no number anyone said."""
    total = current = 0
    closed = 10**9  # the smallest of thousand/million said so far: a later one is smaller
    last = "start"
    for word in words:
        if word in ("a", "an"):
            if last != "start":
                return None
            current, last = 1, "small"
        elif word == "and":
            if last != "scale" or current % 100:
                return None
            last = "and"
        elif word in _SMALL_NUMBERS:
            value = _SMALL_NUMBERS[word]
            after_tens = last == "tens" and 1 <= value <= 9
            if not after_tens and (last not in ("start", "scale", "and") or current % 100):
                return None
            current += value
            last = "tens" if value >= 20 and value % 10 == 0 and not after_tens else "small"
        elif word == "hundred":
            if last not in ("small", "tens") or not 0 < current < 100:
                return None
            current *= 100
            last = "scale"
        elif word in _SCALES:
            scale = _SCALES[word]
            if last not in ("small", "tens", "scale") or not current or scale >= closed:
                return None
            total += current * scale
            closed, current, last = scale, 0, "scale"
        else:
            return None
    return total + current if last != "and" else None


def _numbers_as_digits(text: str) -> str:
    """`text` with each number said in words with a hundred, a thousand or a million in
    it written in digits ("four hundred and sixty-one pounds" -> "461 pounds", "five
    thousand a month" -> "5000 a month"), as the number is written when typed: the
    value a later question asks for, and what a later correction of it names. A number
    without a scale ("twenty-two", "two ninety-nine", a price said in pairs) is left as
    said: "one" is often a pronoun, and a pair of numbers is no one number. So is a
    number that is part of another (`_NUMBER_JOINED`, `_JOINS_NUMBER`: "one or two
    hundred" is no "one or 200"), that is not one number (`_spoken_value`) or that an
    idiom says for effect (`_FOR_EFFECT_BEFORE`, `_FOR_EFFECT_AFTER`: "a thousand
    thanks"): a wrong digit is worse than the words. Digits before "thousand" are the
    same number half typed ("28 thousand, everything included" -> "28000"), with the same
    care for a range's other end ("20 to 30 thousand" is left); a decimal before it is
    left too."""
    if not any(scale in text.casefold() for scale in _SCALES):
        return text

    def thousands(match: re.Match[str]) -> str:
        if _NUMBER_JOINED.search(text, 0, match.start()) or _JOINS_NUMBER.match(text, match.end()):
            return match[0]
        return f"{match['count']}000"

    text = _DIGITS_THOUSAND.sub(thousands, text)

    def digits(match: re.Match[str]) -> str:
        words = re.findall(r"[a-z]+", match[0].casefold())
        if not any(word in _SCALES for word in words):
            return match[0]
        if _NUMBER_JOINED.search(text, 0, match.start()) or _JOINS_NUMBER.match(text, match.end()):
            return match[0]
        if _FOR_EFFECT_BEFORE.search(text, 0, match.start()) or _FOR_EFFECT_AFTER.match(
            text, match.end()
        ):
            return match[0]
        value = _spoken_value(words)
        return match[0] if value is None else str(value)

    return _SPOKEN_NUMBER.sub(digits, text)


def _standalone(
    sentence: str,
    speaker: str | None,
    said: datetime | None,
    month: str | None = None,
    user: bool = False,
    past: bool = False,
) -> str:
    """The fact as a bullet reads alone: dates resolved, the speaker's name for "I" and
    "my" (a `user` never named: "the user", so "My manager is Farid" is no one's in
    MEMORY.md; an unnamed assistant's own "I" is left: it is the agent reading it), and
    the speaker's name before a fact that does not name them. `past`: it answers a
    question asked in the past (`_ASKED_PAST`), so a date its own words give no tense is
    read in the past."""
    sentence = _TAIL_HEDGE.sub(r", \1", sentence)
    if _DASHED_CLAUSE.search(sentence):  # not cut off (`_CUT_OFF`): a pause, said to its end
        sentence = re.sub(r"\s*(?:—|–|--)\s*$", "", sentence)
    fact = " ".join(_numbers_as_digits(resolve_dates(sentence, said, month, past or None)).split())
    person = speaker or (THE_USER if user else None)
    if person:
        fact = third_person(fact, person, bool(_PAST_TIME.search(sentence)))
    fact = fact[0].upper() + fact[1:]
    # A name as a word: "Mo" is not named by "moved".
    if speaker and not re.search(rf"(?<!\w){re.escape(speaker)}(?!\w)", fact, re.I):
        fact = f"{speaker}: {fact}"
    fact = fact.rstrip("… ") or fact
    if fact[-1] not in ".!?。！？":
        fact += "."
    return fact


_ASKED_LAST = re.compile(
    r"\b(?:is|are|was|were|on|at|by|for)\s+(?:what|when|where|who|which)\W*$", re.I
)
"""A question with its word left where the answer goes ("30% is what", "deposit is
when", "meeting at where"): chat asks so without the mark."""
_SETTLED = re.compile(r"\bit\s+is\W*$", re.I)
"""A value and "it is" after it ("12:30 it is"): the choice among those proposed,
settled, whose value is the fact."""
ISO_DAY = re.compile(r"\b\d{4}-\d\d-\d\d\b")
"""A resolved date as a fact writes it (2026-03-02); the flush budget reads it too
(`memctl.models.salience`)."""
_A_MONTH = re.compile(_MONTH_NAME.pattern, _MONTH_NAME.flags)
_DONE_TO = re.compile(
    r"\b(?!(?:in|on|at|to|for|with|by|from|of|about|after|before|till|until|into|is|are|"
    r"was|were|be|been)\b)[a-z]{2,}\s+(?:the|a|an|my|our|his|her|their|your)\s+"
    r"(?!(?:same|other|one|ones)\b)[a-z]{3,}"
    r"|\b(?:my|our|his|her|their|your)\s+(?!(?:own|one|ones|turn|way|best)\b)[a-z]{3,}",
    re.I,
)
"""A verb and the thing it is done to ("got the keys", "sold a bike"), or a thing of
someone's ("thinking on her birthday"): a statement of what happened or of whose
thing, not a value answering the turn before."""
_TRAIT_OF_NAMED = re.compile(
    r"^(?:[A-Z][\w'.-]*: )?[A-Z][\w'-]+ (?:is|are|was|were) (?!\w+ing\b)(?!going\b)"
    r"[\"\u201c']?\w",
    re.I,
)
"""A named person and what they are ("Nadia is vegetarian", 'Ruth is "Grandma" now'): a
trait, not an answer."""


def _told_not_in_english(
    sentence: str,
    code: str,
    item: dict[str, Any],
    names: tuple[str | None, str | None],
    facts: list[str],
    seen: set[frozenset[str]],
) -> tuple[str | None, str | None]:
    """Add to `facts` what `sentence`, in the language `code` (not English), states
    (`foreign.states`), as said; the user's name first when an unnamed user states it
    ("Ich heiße Jürgen", as "I'm Priya" does in English). `names`: the user's name as
    known and the sentence's speaker; returned as they are after it."""
    user_name, speaker = names
    role = item.get("role")
    stated = name_stated(sentence) if role == "user" and item.get("name") is None else None
    if stated:
        user_name = speaker = stated
        _add(facts, seen, f"The user's name is {stated}.")
    kept = states(sentence, code, acknowledging=role == "assistant" and not speaker)
    if kept:
        _add(facts, seen, _as_said(kept, code, speaker, user=role == "user", said=_time(item)))
    return user_name, speaker


def _as_said(
    sentence: str, code: str, speaker: str | None, user: bool, said: datetime | None = None
) -> str:
    """A sentence not in English as its bullet: as said, its relative dates resolved
    against `said` in its own language ("morgen" is "am 2026-12-07"), with its full stop,
    after its speaker's name when it does not hold it (as an English bullet is), or an
    unnamed user's "The user: " when it speaks of them alone ("Ich wohne in Köln": no
    rewrite makes it the user's, so the prefix says whose "ich" it is)."""
    fact = " ".join(closed(resolve_dates(sentence, said, code=code), code).split())
    if speaker and code == "de":
        fact = german_third_person(fact, speaker) or fact
    if speaker and speaker.casefold() not in fact.casefold():
        return f"{speaker}: {fact}"
    if not speaker and user and first_person(fact):
        return f"The user: {fact}"
    return fact


def _thin(fact: str, names: frozenset[str]) -> bool:
    """Whether a bullet says one thing at most besides who said it: its words other
    than the speakers' names hold one content word or none, a date or a month counted
    as one ("Caspian: On 2025-06-11.", "Viktor: 7pm.", "Pip can do on 2025-01-12.", "Lorcan:
    Works for us."). What it is the value of, or what is done then, was said in the
    turn before (a question, an offer), so read later the bullet tells a date or a sum
    of nothing. A named person's trait ("Nadia is vegetarian.") is no such answer, and
    "Ben is going to Lisbon in May." says where and when; "Ben: We got the keys." says
    what was done to what (`_DONE_TO`), "Freya: 12:30 it is." which time was settled
    (`_SETTLED`)."""
    words = [
        word
        for word in content_words(
            _A_MONTH.sub("monthname", ISO_DAY.sub("isoday", fact)).replace("’", "'")
        )
        if word.rstrip(".,!") not in names
    ]
    return (
        len(words) <= 1
        and not _TRAIT_OF_NAMED.match(fact)
        and not _DONE_TO.search(fact)
        and not _SETTLED.search(fact)
    )


def _month_named(sentence: str) -> str | None:
    """The month `sentence` names last, in full ("November", "Sept"; not "Jan", which may
    be a name): what "the 3rd" in a sentence after it means."""
    named = [m[0] for m in _MONTH_NAME.finditer(sentence) if len(m[0]) >= 4 or m[0] == "May"]
    return named[-1] if named else None


def _add(facts: list[str], seen: set[frozenset[str]], fact: str) -> bool:
    key = _key(fact)
    if key in seen:
        return False
    seen.add(key)
    facts.append(fact)
    return True
