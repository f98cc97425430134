"""Supersession on planted contradictions: recall ranks the newer value first, and
builtin's consolidation keeps it and drops the stale one, without dropping the facts
that only mention the same subject.

A workspace gets daily ledgers over the last 60 days holding, for each case, an old
fact ("Staging is db3."), a later one that changes it ("Staging was migrated to db7
last week."), and distractors that mention the same subject without changing its value
("Staging was slow on Monday.", some written after the change). Nine kinds (an
infrastructure value, a home city, an employer, a date, an owner, a role holder, a
tool, a meeting time, a name), each with several wordings of the old fact, the new
one, the distractors and the question; a fifth of the cases are controls with no
change (the old fact is current). Old and new are on different days, or in two blocks
of one day.

Measured:
- recall (in-process, the `recall()` stage, limit 10, scope all): a question of each
  changed case; it fails when the stale fact ranks above the current one, or is found
  without it. Beside it, the same queries with BM25 and recency alone (recall's
  `newest_first` turned off): what this bench was written against;
- consolidation (builtin, in-process; the budget raised so that no fact is left out for
  room): the share of changed cases whose MEMORY.md holds the newer fact and not the
  stale one, and the false drops: distractors and control facts missing from MEMORY.md
  (a fact counts as held when MEMORY.md states it, its speaker as its heading or with
  the month builtin gives an undated event: `stated`).

Each control also holds a second fact that must stay: another attribute of the same
subject, another subject with the same attribute or value, or a list that grows ("also
likes"). Beside each set, the time `stale()` takes over 2,000 of its facts.

The phrasings were written for this bench by the author of the rules, not drawn from
their tests. `fresh`, `holdout`, `fifth` and `sixth` were each written before a round of
rules and measured only after it, as written (`sixth` by a hand that had not read the
rules). For the false drops, `fresh`, `fifth` and `sixth` were looked at (supersede6):
that number is not held out. `seventh` was written by a hand that had read only this
file's format, not the rules, and is measured, not developed against. `eighth` was written
the same way (supersede11); from the tenth pass on all eight sets are dev data, and
`ninth` (written the same way) with them from the eleventh (supersede12). `tenth`
(written the same way on 2026-12-04, in registers the others lack: voice notes, Slack,
minutes, diffs, tables, SMS) was measured on main before and after that round.
supersede13 (a reading by value sort, not by wording) classified the misses of `ninth`
and `tenth` and looked at their false drops: from then on they are dev data too.
`eleventh` (written the same way on 2026-12-05, in e-mail, calendar, commit, ticket, form,
letter and newspaper registers) was measured on main before and after supersede13;
supersede14 (a name told as the one before) measured it before keeping each step, its
misses unread (one false drop it added at seed 1 was read, and fixed by a rule of
English: "I've" is no name). `twelfth` (written the same way on 2026-12-05, in the
registers of a person and their AI assistant: corrections, the assistant's confirmation,
terse orders, notes without capitals, non-native word order, passives, a reason first)
was measured on main before and after that morning's second round, never read; the
late-morning round (supersede15) then developed on it. `thirteenth` (written the same
way at 07:42 UTC, in team-channel, commit and ticket, stand-up, minutes, second-hand,
provisional, negated-old, no-change-word and table-row registers) was measured on main
before (1252959) and after that round, never read; the noon round (supersede16) developed
on it. `fourteenth` (written the same way at 10:31 UTC, in spoken-transcript, wiki, diary,
amendment, config-comment, FAQ, interview, newsletter, listing, arrow and substitution,
"instead of", correction, subordinate-clause, slang and implied-old registers) was
measured on main before (322e3b4) and after the noon round, never read.

    python bench/supersession.py [--cases N] [--seed N] [--sets tuned,second,...] [--misses]

`--misses` prints each case missed, and which part failed: "miss (memory, both kept | old
kept alone | both gone)", "miss (recall, pair read | pair not read)" (whether `stale()`
reads the pair on its own), and "false drop" with the case whose ledger dropped it.
"""

from __future__ import annotations

import argparse
import random
import re
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from benchlib import Goal, machine, report

GOAL_STALE_FIRST = 0.02
GOAL_MEMORY = 0.95
GOAL_FALSE_DROP = 0.02
GOAL_DETECT_SECONDS = 0.5
DETECT_FACTS = 2_000
SETS = (
    "tuned",
    "second",
    "fresh",
    "holdout",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
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
    "twentyfirst",
    "twentysecond",
    "twentythird",
    "twentyfourth",
)
MISSES = False  # --misses: print each case missed

NAMES = [
    "Dana",
    "Priya",
    "Marco",
    "Ana",
    "Yuki",
    "Omar",
    "Lena",
    "Tomas",
    "Sofia",
    "Kwame",
    "Ines",
    "Ravi",
    "Hana",
    "Felix",
    "Nadia",
    "Pablo",
    "Greta",
    "Idris",
    "Maya",
    "Jonas",
    "Amara",
    "Viktor",
    "Leila",
    "Sven",
    "Chloe",
    "Emeka",
    "Rosa",
    "Kenji",
    "Zara",
    "Bruno",
]
CITIES = [
    "Lisbon",
    "Berlin",
    "Porto",
    "Oslo",
    "Denver",
    "Austin",
    "Kyoto",
    "Nairobi",
    "Lyon",
    "Seville",
    "Tallinn",
    "Quito",
    "Ghent",
    "Leeds",
    "Bergen",
    "Graz",
]
COMPANIES = [
    "Acme",
    "Globex",
    "Initech",
    "Hooli",
    "Vandelay",
    "Soylent",
    "Cyberdyne",
    "Tyrell",
    "Wonka",
    "Aperture",
]
CODE = [
    "Atlas",
    "Borealis",
    "Cobalt",
    "Dune",
    "Echo",
    "Falcon",
    "Garnet",
    "Helix",
    "Iris",
    "Juno",
    "Kestrel",
    "Lumen",
    "Mosaic",
    "Nimbus",
    "Onyx",
    "Pulsar",
    "Quartz",
    "Raven",
    "Sable",
    "Tundra",
    "Umber",
    "Vega",
    "Willow",
    "Zephyr",
]
# Subjects of each kind (code names keep them apart: one subject, one case).
HOSTS = [
    f"{base}{where}"
    for base in [
        "staging",
        "the metrics store",
        "the build cache",
        "the search cluster",
        "the payments queue",
        "the backup target",
        "the analytics warehouse",
        "the feature-flag store",
    ]
    for where in ["", " in eu-west", " in us-east"]
]
HOST_VALUES = ["db", "pg-node-", "redis-", "es-", "mq-", "vault-", "wh-", "kv-"]
PROJECTS = [f"the {code} {what}" for code in CODE for what in ["launch", "migration", "audit"]]
SERVICES = [f"the {code} service" for code in CODE]
ROLES = [
    f"{role} for {area}"
    for role in ["team lead", "release manager", "on-call lead", "QA lead", "tech lead"]
    for area in ["search", "billing", "mobile", "payments"]
]
TEAMS = [f"The {code} team" for code in CODE]
TOOLS = ["Jenkins", "Buildkite", "CircleCI", "Drone", "TeamCity", "Travis", "Bamboo"]
MEETINGS = [f"the {code} {what}" for code in CODE for what in ["standup", "review"]]
THINGS = [f"{what} of the {code} team" for code in CODE for what in ["wiki", "status page"]]
EDITORS = ["Vim", "Emacs", "Helix", "VS Code", "Zed", "Sublime Text", "Kakoune", "Neovim", "nano"]
CARS = ["Volvo XC40", "Toyota Corolla", "Honda Civic", "Tesla Model 3", "Ford Focus", "Kia Niro"]
SCHOOLS = ["Hillside Primary", "St Mary's", "Oakfield Academy", "Riverside School", "Elm Park"]
TEAM_NAMES = ["platform", "billing", "search", "growth", "infra", "mobile", "payments", "data"]
LANGUAGES = ["Python", "Go", "Rust", "Java", "Kotlin", "TypeScript", "Elixir", "Scala"]
MAIL_DOMAINS = ["acme.io", "globex.com", "hooli.xyz", "initech.net", "mail.example"]

# Each kind: old wordings, new wordings (changing to {new}), distractors, questions.
# Placeholders: {s} the subject as written mid-sentence, {S} capitalised, {old}, {new},
# {other} some unrelated value of the same sort, {n} a number.
KINDS: dict[str, dict[str, list[str]]] = {
    "host": {
        "old": ["{S} is {old}.", "{S} runs on {old}.", "{S} is hosted on {old}."],
        "new": [
            "{S} moved to {new}.",
            "{S} was migrated to {new} last week.",
            "{S} now points to {new}.",
            "{S} switched from {old} to {new}.",
            "{S} uses {new} instead of {old}.",
        ],
        "distract": [
            "{S} was down for an hour on Tuesday.",
            "{S} is slow on Mondays.",
            "{S} had {n} alerts last night.",
            "Priya asked for a dashboard of {s}.",
        ],
        "ask": ["Which host is {s} on?", "Where does {s} run?"],
    },
    "home": {
        "old": ["{S} lives in {old}.", "{S} is based in {old}.", "{S}'s home city is {old}."],
        "new": [
            "{S} moved to {new}.",
            "{S} relocated to {new} in the spring.",
            "{S} now lives in {new}.",
            "{S}'s home city is now {new}.",
        ],
        "distract": [
            "{S} visited {other} for a conference.",
            "{S} loves the food in {old}.",
            "{S} flew to {other} for a wedding.",
            "{S}'s sister lives in {other}.",
        ],
        "ask": ["Where does {s} live?", "Which city is {s} based in?"],
    },
    "employer": {
        "old": ["{S} works at {old}.", "{S} works for {old}.", "{S} is employed by {old}."],
        "new": [
            "{S} joined {new}.",
            "{S} now works at {new}.",
            "{S} no longer works at {old}; {S} joined {new}.",
            "{S} works at {new} instead of {old}.",
        ],
        "distract": [
            "{S} interviewed a candidate from {other}.",
            "{S} met a recruiter from {other}.",
            "{S} got a bonus this year.",
        ],
        "ask": ["Where does {s} work?", "Which company employs {s}?"],
    },
    "date": {
        "old": ["The deadline for {s} is {old}.", "{S} is due {old}.", "{S} is on {old}."],
        "new": [
            "{S} was postponed to {new}.",
            "{S} slipped to {new} because QA found bugs.",
            "Priya moved {s} to {new}.",
            "The deadline for {s} is now {new}.",
            "{S} was pushed back to {new}.",
        ],
        "distract": [
            "The deadline for {s} is tight.",
            "{S} needs two more reviewers.",
            "Marco asked about {s} in the retro.",
        ],
        "ask": ["When is {s} due?", "What is the date of {s}?"],
    },
    "owner": {
        "old": ["{old} owns {s}.", "{S} is owned by {old}.", "{old} is the owner of {s}."],
        "new": [
            "{new} now owns {s}.",
            "{new} took over {s}.",
            "{S} is now owned by {new}.",
            "{S} was handed over to {new}.",
        ],
        "distract": [
            "{other} reviewed {s}.",
            "{S} had an outage on Friday.",
            "{other} wants to rewrite {s}.",
        ],
        "ask": ["Who owns {s}?", "Who is the owner of {s}?"],
    },
    "role": {
        "old": ["{old} is the {s}.", "The {s} is {old}.", "{old} is our {s}."],
        "new": [
            "{new} is the {s} now.",
            "{new} took over as the {s}.",
            "The {s} is now {new}.",
            "{new} became the {s}.",
        ],
        "distract": [
            "The {s} approves every hotfix.",
            "{other} wants to be the {s} one day.",
            "The {s} runs the weekly sync.",
        ],
        "ask": ["Who is the {s}?", "Who is our {s}?"],
    },
    "tool": {
        "old": ["{S} uses {old} for CI.", "{S} runs its builds on {old}."],
        "new": [
            "{S} switched from {old} to {new}.",
            "{S} uses {new} instead of {old} for CI.",
            "{S} moved its builds from {old} to {new}.",
        ],
        "distract": [
            "{S} complained about flaky builds.",
            "{S} has {n} pipelines.",
            "{S} ships on Thursdays.",
        ],
        "ask": ["What does {s} use for CI?", "Which CI does {s} build on?"],
    },
    "meeting": {
        "old": ["{S} is at {old}.", "{S} starts at {old}.", "{S} is held at {old}."],
        "new": [
            "{S} moved to {new}.",
            "{S} is now at {new}.",
            "{S} was rescheduled to {new}.",
            "{S} was moved to {new}.",
        ],
        "distract": [
            "{S} ran long today.",
            "{S} was cancelled this week.",
            "Nobody took notes at {s}.",
        ],
        "ask": ["What time is {s}?", "When does {s} start?"],
    },
    "name": {
        "old": ["The {s} is called {old}.", "The {s} is named {old}."],
        "new": [
            "The {s} was renamed to {new}.",
            "We renamed the {s} to {new}.",
            "The {s} is now called {new}.",
        ],
        "distract": [
            "The {s} has a new logo.",
            "The {s} crashed twice this week.",
            "Ana wrote the docs for the {s}.",
        ],
        "ask": ["What is the {s} called?", "What's the name of the {s}?"],
    },
}


# Other wordings of the same kinds, written after the rules were fitted to KINDS. Run
# as written they scored 2.8% (consolidation) and 58% (recall, stale first); the rules
# were then made more general against them (a value typed by its form, change markers
# anywhere, more verbs), so they are no longer held out.
SECOND: dict[str, dict[str, list[str]]] = {
    "host": {
        "old": ["{S} currently lives on {old}.", "We host {s} on {old}.", "{S} sits on {old}."],
        "new": [
            "{S} has been moved over to {new}.",
            "As of Monday, {s} is on {new}.",
            "{S} was cut over to {new} yesterday.",
            "We migrated {s} off {old} and onto {new}.",
        ],
        "distract": ["{S} needs more disk.", "Ops restarted {s} twice.", "{S} is flaky again."],
        "ask": ["What machine hosts {s}?"],
    },
    "home": {
        "old": [
            "{S} resides in {old}.",
            "{S} calls {old} home.",
            "{S} has lived in {old} for years.",
        ],
        "new": [
            "{S} moved house to {new}.",
            "{S} is living in {new} now.",
            "{S} left {old} and settled in {new}.",
        ],
        "distract": ["{S} misses the beaches near {old}.", "{S} took a train to {other}."],
        "ask": ["What city does {s} live in?"],
    },
    "employer": {
        "old": ["{S} is at {old}.", "{S} has a job at {old}.", "{S} is an engineer at {old}."],
        "new": [
            "{S} left {old} for {new}.",
            "{S} started a new job at {new}.",
            "{S} is working for {new} these days.",
        ],
        "distract": ["{S} gave a talk at {other}.", "{S} is hiring for {old}."],
        "ask": ["Who does {s} work for?"],
    },
    "date": {
        "old": ["{S} is planned for {old}.", "We ship {s} on {old}.", "{S} happens on {old}."],
        "new": [
            "{S} got delayed until {new}.",
            "{S} is now planned for {new}.",
            "We are shipping {s} on {new} instead of {old}.",
        ],
        "distract": ["{S} is at risk.", "Legal signed off on {s}."],
        "ask": ["When will {s} ship?"],
    },
    "owner": {
        "old": ["{old} maintains {s}.", "{old} is responsible for {s}.", "{S} belongs to {old}."],
        "new": [
            "{new} has taken over {s} from {old}.",
            "{S} is maintained by {new} now.",
            "{old} handed {s} over to {new}.",
        ],
        "distract": ["{other} filed a bug against {s}.", "{S} got a new README."],
        "ask": ["Who maintains {s}?"],
    },
    "role": {
        "old": ["{old} acts as the {s}.", "{old} has been the {s} since spring."],
        "new": [
            "{new} replaced {old} as the {s}.",
            "{new} has become the {s}.",
            "The new {s} is {new}.",
        ],
        "distract": ["The {s} is on holiday next week.", "{other} asked the {s} for a review."],
        "ask": ["Who acts as the {s}?"],
    },
    "tool": {
        "old": ["{S} builds everything with {old}.", "{S} is on {old} for CI."],
        "new": [
            "{S} dropped {old} for {new}.",
            "{S} replaced {old} with {new}.",
            "{S} now builds with {new}.",
        ],
        "distract": ["{S} pays too much for CI.", "{S} added a lint step."],
        "ask": ["What CI tool does {s} build with?"],
    },
    "meeting": {
        "old": ["We hold {s} at {old}.", "{S} kicks off at {old}."],
        "new": [
            "{S} now kicks off at {new}.",
            "From next week {s} starts at {new}.",
            "{S} got pushed to {new}.",
        ],
        "distract": ["{S} is optional for interns.", "Marco leads {s} on Fridays."],
        "ask": ["At what time is {s}?"],
    },
    "name": {
        "old": ["The {s} goes by {old}.", "We call the {s} {old}."],
        "new": [
            "The {s} is now known as {new}.",
            "The {s} got a new name: {new}.",
            "The {s} changed its name to {new}.",
        ],
        "distract": ["The {s} gets a lot of traffic.", "Yuki redesigned the {s}."],
        "ask": ["What do we call the {s}?"],
    },
}


# A third set, written after the rules were fitted to the first two, run as written and
# not fitted to (`fresh`).
FRESH: dict[str, dict[str, list[str]]] = {
    "host": {
        "old": ["{S} is deployed on {old}.", "{S} lives on host {old}.", "{S}: {old}."],
        "new": [
            "{S} now runs on {new}.",
            "Heads up: {s} is on {new} from today.",
            "{S} has moved from {old} over to {new}.",
        ],
        "distract": ["{S} got a new TLS certificate.", "{S} needs a reboot on {old} soon."],
        "ask": ["Which server does {s} use?"],
    },
    "home": {
        "old": ["{S} is from {old} and lives there.", "{S} lives in {old} with two cats."],
        "new": [
            "{S} just moved to {new}.",
            "{S} has relocated from {old} to {new}.",
            "{S}'s new home is in {new}.",
        ],
        "distract": ["{S} spent a weekend in {other}.", "{S} grew up near {other}."],
        "ask": ["Where is {s} living?"],
    },
    "employer": {
        "old": ["{S} works as a designer at {old}.", "{S} is a contractor for {old}."],
        "new": [
            "{S} quit {old} and joined {new}.",
            "{S} accepted an offer from {new}.",
            "{S} is now employed by {new}.",
        ],
        "distract": ["{S} visited the {other} office.", "{S} was promoted at {old}."],
        "ask": ["Which company is {s} at?"],
    },
    "date": {
        "old": ["{S} is targeted for {old}.", "{S} lands on {old}."],
        "new": [
            "{S} was moved out to {new}.",
            "New date for {s}: {new}.",
            "{S} will now land on {new}.",
        ],
        "distract": ["{S} has a go/no-go meeting.", "Dana is worried about {s}."],
        "ask": ["When does {s} land?"],
    },
    "owner": {
        "old": ["{old} is in charge of {s}.", "{S} is run by {old}."],
        "new": [
            "{new} is in charge of {s} now.",
            "{S} moved from {old} to {new}.",
            "{new} inherited {s} from {old}.",
        ],
        "distract": ["{other} praised {s}.", "{S} is short on tests."],
        "ask": ["Who is in charge of {s}?"],
    },
    "role": {
        "old": ["Our current {s} is {old}.", "{old} holds the {s} role."],
        "new": [
            "{new} is taking over as {s}.",
            "{new} was named the new {s}.",
            "{old} handed the {s} role to {new}.",
        ],
        "distract": ["The {s} role is demanding.", "{other} thanked the {s}."],
        "ask": ["Who holds the {s} role?"],
    },
    "tool": {
        "old": ["{S} relies on {old} for CI.", "CI for {s} runs in {old}."],
        "new": [
            "{S} migrated CI to {new}.",
            "{S} is moving its CI from {old} to {new}.",
            "CI for {s} now runs in {new}.",
        ],
        "distract": ["{S} wants faster CI.", "{S} hired a build engineer."],
        "ask": ["Which CI system does {s} rely on?"],
    },
    "meeting": {
        "old": ["{S} takes place at {old}.", "{S} is every day at {old}."],
        "new": [
            "{S} will be at {new} from now on.",
            "{S} shifted to {new}.",
            "{S} is at {new} starting Monday.",
        ],
        "distract": ["{S} is recorded.", "Marco skipped {s}."],
        "ask": ["At what time does {s} take place?"],
    },
    "name": {
        "old": ["The {s} is titled {old}.", "The {s} has the name {old}."],
        "new": [
            "The {s} was rebranded as {new}.",
            "The {s} is called {new} now.",
            "The {s}'s name changed to {new}.",
        ],
        "distract": ["The {s} was down on Sunday.", "People like the {s}."],
        "ask": ["What is the {s} titled?"],
    },
}


# A fourth set (`holdout`), written before the rules were generalised by structure
# (issue 25 item 3, second pass) and measured only at the end, once: new wordings of
# the nine kinds, and five new kinds (a phone number, a manager, a favourite, a car, a
# school). Each kind's `also` are its controls' second facts: another attribute of the
# same subject, another subject with the same attribute, a list that grows.
HOLDOUT: dict[str, dict[str, list[str]]] = {
    "host": {
        "old": ["{S} is served from {old}.", "{S} is backed by {old}."],
        "new": [
            "{S} has been rehomed to {new}.",
            "{S} is served from {new} these days.",
            "Ops failed {s} over to {new}.",
            "{S} is backed by {new} after the migration.",
        ],
        "distract": ["{S} has {n} replicas.", "Backups of {s} ran fine."],
        "also": ["{S} ships its logs to {alt}.", "{S2} is served from {alt}."],
        "ask": ["What box serves {s}?"],
    },
    "home": {
        "old": ["{S} has an apartment in {old}.", "Home for {s} is {old}."],
        "new": [
            "{S} packed up and moved to {new}.",
            "These days {s} lives in {new}.",
            "Home for {s} is now {new}.",
            "{S} bought a flat in {new} and lives there now.",
        ],
        "distract": ["{S} has a cousin in {other}.", "{S} is going to {other} in June."],
        "also": ["{S} studied in {alt}.", "{S2} has an apartment in {old}."],
        "ask": ["Which city is {s} in?"],
    },
    "employer": {
        "old": ["{S} is on the payroll at {old}.", "{S} has been with {old} since 2021."],
        "new": [
            "{S} signed with {new}.",
            "{S} is now at {new}.",
            "{S} left {old}; now at {new}.",
            "{S}'s employer is {new} now.",
        ],
        "distract": ["{S} has friends at {other}.", "{S} read a report by {other}."],
        "also": ["{S} also advises {alt}.", "{S2} is on the payroll at {old}."],
        "ask": ["Who employs {s}?"],
    },
    "date": {
        "old": ["{S} is pencilled in for {old}.", "Target date for {s}: {old}."],
        "new": [
            "{S} now targets {new}.",
            "Target date for {s}: {new}.",
            "{S} got bumped out to {new}.",
            "{S} will happen on {new} rather than {old}.",
        ],
        "distract": ["{S} has a risk register.", "Yuki owns the checklist for {s}."],
        "also": ["{S} has a dry run on {alt}.", "{S2} is pencilled in for {alt}."],
        "ask": ["What is the target date for {s}?"],
    },
    "owner": {
        "old": ["{old} looks after {s}.", "The owner of {s} is {old}."],
        "new": [
            "Ownership of {s} passed to {new}.",
            "{new} is the new owner of {s}.",
            "{S} now sits with {new}.",
            "The owner of {s} is {new} now.",
        ],
        "distract": ["{other} paired with the owner of {s}.", "{S} has {n} open tickets."],
        "also": ["{alt} also looks after {s}.", "{old} looks after {s2}."],
        "ask": ["Who looks after {s}?"],
    },
    "role": {
        "old": ["{old} serves as the {s}.", "The {s} role is filled by {old}."],
        "new": [
            "{new} stepped into the {s} role.",
            "The {s} role is now filled by {new}.",
            "{new} succeeded {old} as the {s}.",
        ],
        "distract": ["The {s} writes the quarterly report.", "{other} shadowed the {s}."],
        "also": ["{old} also serves as the {s2}.", "{alt} serves as the {s2}."],
        "ask": ["Who fills the {s} role?"],
    },
    "tool": {
        "old": ["{S} runs CI on {old}.", "{S}'s CI is {old}."],
        "new": [
            "{S}'s CI is {new} now.",
            "{S} moved CI over to {new}.",
            "{S} no longer uses {old}; CI runs on {new}.",
        ],
        "distract": ["{S} runs {n} CI jobs a day.", "{S} documented its CI setup."],
        "also": ["{S} runs nightly fuzzing on {alt}.", "{S2} runs CI on {old}."],
        "ask": ["What CI does {s} run on?"],
    },
    "meeting": {
        "old": ["{S} is scheduled for {old}.", "{S} begins at {old} every day."],
        "new": [
            "{S} begins at {new} every day now.",
            "{S} is scheduled for {new} going forward.",
            "Moved {s} to {new}.",
            "{S}: new time {new}.",
        ],
        "distract": ["{S} has a shared agenda.", "Lena ran {s} this morning."],
        "also": ["{S} has a retro slot at {alt}.", "{S2} begins at {alt} every day."],
        "ask": ["When is {s} scheduled?"],
    },
    "name": {
        "old": ["The {s} is known as {old}.", "Everyone calls the {s} {old}."],
        "new": [
            "The {s} now goes by {new}.",
            "Everyone calls the {s} {new} now.",
            "The {s} has been renamed {new}.",
        ],
        "distract": ["The {s} has a dark mode.", "Omar linked the {s} in the handbook."],
        "also": ["The {s} also has a short alias, {alt}.", "The {s2} is known as {alt}."],
        "ask": ["What is the {s} known as?"],
    },
    "phone": {
        "old": ["{S}'s phone number is {old}.", "{S} can be reached at {old}."],
        "new": [
            "{S} got a new phone number: {new}.",
            "{S}'s number changed to {new}.",
            "{S} can be reached at {new} now.",
        ],
        "distract": ["{S} prefers texts to calls.", "{S} lost a phone on the train."],
        "also": ["{S}'s office line is {alt}.", "{S2}'s phone number is {alt}."],
        "ask": ["What is {s}'s phone number?"],
    },
    "manager": {
        "old": ["{S} reports to {old}.", "{S}'s manager is {old}."],
        "new": [
            "{S} reports to {new} after the reorg.",
            "{S}'s new manager is {new}.",
            "{S} now reports to {new}.",
        ],
        "distract": ["{S} has a 1:1 with {other} on Fridays.", "{S} is mentoring {other}."],
        "also": ["{S}'s mentor is {alt}.", "{S2} reports to {old}."],
        "ask": ["Who is {s}'s manager?"],
    },
    "favourite": {
        "old": ["{S}'s favourite editor is {old}.", "{S} likes {old} best of all editors."],
        "new": [
            "{S}'s favourite editor is {new} these days.",
            "{S} prefers {new} now.",
            "{S} gave up {old} for {new}.",
        ],
        "distract": ["{S} wrote a plugin for {other}.", "{S} tried {other} once."],
        "also": ["{S} also likes {alt}.", "{S2}'s favourite editor is {old}."],
        "ask": ["What is {s}'s favourite editor?"],
    },
    "car": {
        "old": ["{S} drives a {old}.", "{S}'s car is a {old}."],
        "new": [
            "{S} sold the {old} and bought a {new}.",
            "{S} drives a {new} now.",
            "{S}'s new car is a {new}.",
        ],
        "distract": ["{S} rented a {other} for the trip.", "{S} washes the car on Sundays."],
        "also": ["{S}'s partner drives a {alt}.", "{S2} drives a {old}."],
        "ask": ["What car does {s} drive?"],
    },
    "school": {
        "old": ["{S}'s son goes to {old}.", "{S}'s son attends {old}."],
        "new": [
            "{S}'s son changed schools to {new}.",
            "{S}'s son now attends {new}.",
            "{S}'s son started at {new} this term.",
        ],
        "distract": ["{S}'s son plays football at {other}.", "{S}'s son has exams next week."],
        "also": ["{S}'s daughter goes to {alt}.", "{S2}'s son attends {old}."],
        "ask": ["Which school does {s}'s son go to?"],
    },
}


# A fifth set (`fifth`), written and committed before the third round of rules (issue 25
# item 3: recall by matched terms and dates, consolidation without false drops) and
# measured once at its end: new wordings of the nine kinds, distractors that put the
# subject in another relation to a place or company ("{S}'s brother works at ..."), and
# four new kinds (a team, a language, an email address, a version).
FIFTH: dict[str, dict[str, list[str]]] = {
    "host": {
        "old": ["{S} is on box {old}.", "The primary for {s} is {old}.", "{S} sits behind {old}."],
        "new": [
            "{S} lives on {new} after last night's cutover.",
            "The primary for {s} is {new} since the failover.",
            "We repointed {s} at {new}.",
            "{S} is on box {new} now, not {old}.",
        ],
        "distract": [
            "{S} logs to a bucket in eu-west.",
            "{S} hit {n}% CPU during the sale.",
            "{other} asked for read access to {s}.",
        ],
        "also": ["{S} has a standby on {alt}.", "{S2} is on box {alt}."],
        "ask": ["Which box is {s} on?"],
    },
    "home": {
        "old": ["{S} rents a place in {old}.", "{S} is a {old} local."],
        "new": [
            "{S} now rents a place in {new}.",
            "{S} swapped {old} for {new} last month.",
            "{S} has made {new} home.",
            "After the move, {s} is in {new}.",
        ],
        "distract": [
            "{S}'s parents live in {other}.",
            "{S} ran a marathon in {other}.",
            "{S}'s flight to {other} was delayed.",
        ],
        "also": ["{S} keeps a boat in {alt}.", "{S2} rents a place in {old}."],
        "ask": ["Where is {s}'s home?"],
    },
    "employer": {
        "old": ["{S} is a product manager at {old}.", "{S} is employed at {old}."],
        "new": [
            "{S} handed in notice at {old} and starts at {new} on Monday.",
            "{S} moved over to {new}.",
            "{S} is a product manager at {new} now.",
            "{S} took a job with {new}.",
        ],
        "distract": [
            "{S}'s brother works at {other}.",
            "{S} pitched a deal to {other}.",
            "{S} has shares in {other}.",
        ],
        "also": ["{S} sits on the board of {alt}.", "{S2} is employed at {old}."],
        "ask": ["What company does {s} work at?"],
    },
    "date": {
        "old": ["{S} goes live on {old}.", "Cutover for {s} is set for {old}."],
        "new": [
            "{S} goes live on {new} after the slip.",
            "Cutover for {s} was reset to {new}.",
            "{S} was rescheduled for {new}.",
            "Revised go-live for {s}: {new}.",
        ],
        "distract": ["{S} needs a rollback plan.", "{other} signed off on the plan for {s}."],
        "also": ["{S} has a freeze starting {alt}.", "{S2} goes live on {alt}."],
        "ask": ["When does {s} go live?"],
    },
    "owner": {
        "old": ["{S} is {old}'s baby.", "{old} is the point of contact for {s}."],
        "new": [
            "{new} is the point of contact for {s} now.",
            "{S} transferred to {new}.",
            "{old} passed {s} to {new}.",
            "Questions about {s} go to {new} from now on.",
        ],
        "distract": ["{other} broke {s} on Tuesday.", "{S} has a runbook."],
        "also": ["{alt} is a backup contact for {s}.", "{old} is the point of contact for {s2}."],
        "ask": ["Who is the point of contact for {s}?"],
    },
    "role": {
        "old": ["{old} is currently the {s}.", "{old} was appointed {s}."],
        "new": [
            "{new} was appointed {s}.",
            "{old} stepped down; {new} is the {s}.",
            "{new} is currently the {s}.",
            "Say hi to {new}, our new {s}.",
        ],
        "distract": ["The {s} reports to the VP.", "{other} interviewed for {s}."],
        "also": ["{old} is also the {s2}.", "{alt} was appointed {s2}."],
        "ask": ["Who is currently the {s}?"],
    },
    "tool": {
        "old": ["{S} builds on {old}.", "{S} deploys through {old}."],
        "new": [
            "{S} ditched {old}; builds are on {new}.",
            "{S} builds on {new} now.",
            "{S} went with {new} for builds.",
            "{S} deploys through {new} since March.",
        ],
        "distract": ["{S} had a build outage.", "{S} wrote a migration guide for CI."],
        "also": ["{S} uses {alt} for release builds.", "{S2} builds on {old}."],
        "ask": ["Where does {s} build?"],
    },
    "meeting": {
        "old": ["{S} is booked for {old}.", "{S} happens daily at {old}."],
        "new": [
            "{S} is booked for {new} instead.",
            "{S} happens daily at {new} since the time change.",
            "Calendar update: {s} at {new}.",
            "{S} slid to {new}.",
        ],
        "distract": ["{S} needs a bigger room.", "{other} presented at {s}."],
        "also": ["{S} has a prep call at {alt}.", "{S2} is booked for {alt}."],
        "ask": ["What time is {s} booked for?"],
    },
    "name": {
        "old": ["The {s} was christened {old}.", "The {s}'s name is {old}."],
        "new": [
            "The {s}'s name is {new} now.",
            "The {s} was rechristened {new}.",
            "Call the {s} {new} from now on.",
            "The {s} is {new} since the rename.",
        ],
        "distract": ["The {s} got {n} new pages.", "{other} wants to archive the {s}."],
        "also": ["The {s} has a mirror called {alt}.", "The {s2}'s name is {alt}."],
        "ask": ["What is the {s}'s name?"],
    },
    "team": {
        "old": ["{S} is on the {old} team.", "{S} sits in the {old} team."],
        "new": [
            "{S} transferred to the {new} team.",
            "{S} is on the {new} team now.",
            "{S} left the {old} team for the {new} team.",
        ],
        "distract": ["{S} helped the {other} team with a launch.", "{S} is the newest hire."],
        "also": ["{S} also pairs with the {alt} team.", "{S2} is on the {old} team."],
        "ask": ["Which team is {s} on?"],
    },
    "language": {
        "old": ["{S} is written in {old}.", "{S} is a {old} codebase."],
        "new": [
            "{S} was rewritten in {new}.",
            "{S} is a {new} codebase since the rewrite.",
            "{S} got ported from {old} to {new}.",
        ],
        "distract": ["{S} has {n} dependencies.", "{S}'s client library is in {other}."],
        "also": ["{S} has build scripts in {alt}.", "{S2} is written in {old}."],
        "ask": ["What language is {s} written in?"],
    },
    "email": {
        "old": ["{S}'s email is {old}.", "Mail for {s} goes to {old}."],
        "new": [
            "{S}'s email changed to {new}.",
            "Mail for {s} goes to {new} now.",
            "{S} uses {new} for email these days.",
        ],
        "distract": ["{S} gets too much email.", "{S} set an out-of-office reply."],
        "also": ["{S}'s personal email is {alt}.", "{S2}'s email is {alt}."],
        "ask": ["What is {s}'s email address?"],
    },
    "version": {
        "old": ["{S} runs version {old}.", "{S} is on release {old}."],
        "new": [
            "{S} was upgraded to {new}.",
            "{S} runs version {new} since the upgrade.",
            "{S} is on release {new} after the rollout.",
        ],
        "distract": ["{S} has a long changelog.", "{other} tested the upgrade of {s}."],
        "also": ["{S}'s client is pinned to {alt}.", "{S2} runs version {old}."],
        "ask": ["What version does {s} run?"],
    },
}


# A sixth set (`sixth`), written and committed before the fourth round (issue 25 item 3:
# the newest value first, the stale one dropped, supersede5) by a hand that had not read
# the rules, and measured once at its end: new wordings and question forms of all
# eighteen kinds, distractors that put the subject in another relation to a value of
# the same type ("turned down an offer from", "test-drove a", "has a CLI written in").
SIXTH: dict[str, dict[str, list[str]]] = {
    "host": {
        "old": [
            "{S} is pinned to {old}.",
            "{S} resolves to {old}.",
            "Traffic for {s} goes to {old}.",
        ],
        "new": [
            "{S} resolves to {new} after the DNS change.",
            "Traffic for {s} goes to {new} now.",
            "We retired {old}; {s} is on {new}.",
            "{S} got rebuilt on {new}.",
            "Ops shifted {s} onto {new} over the weekend.",
        ],
        "distract": [
            "{S} paged the on-call twice.",
            "{other} wants a read replica of {s}.",
            "{S} was patched on Wednesday.",
        ],
        "also": ["{S} has a cold spare on {alt}.", "{S2} resolves to {alt}."],
        "ask": ["What host does {s} resolve to?", "Where is {s} running these days?"],
    },
    "home": {
        "old": [
            "{S} has a house in {old}.",
            "{S} settled in {old} years ago.",
            "{S} lives over in {old}.",
        ],
        "new": [
            "{S} has a house in {new} now.",
            "{S} said goodbye to {old} and lives in {new}.",
            "{S}'s address is in {new} since the move.",
            "{S} relocated; home is {new}.",
        ],
        "distract": [
            "{S}'s best friend lives in {other}.",
            "{S} has a work trip to {other}.",
            "{S} used to study in {other}.",
        ],
        "also": ["{S} has a holiday cabin near {alt}.", "{S2} has a house in {old}."],
        "ask": ["In which city does {s} live?", "Where does {s} call home?"],
    },
    "employer": {
        "old": [
            "{S} is a data scientist at {old}.",
            "{S} works in sales at {old}.",
            "{S} earns a living at {old}.",
        ],
        "new": [
            "{S} jumped ship to {new}.",
            "{S} got hired by {new}.",
            "{S} started at {new} after leaving {old}.",
            "{S} is a data scientist at {new} now.",
        ],
        "distract": [
            "{S}'s wife works at {other}.",
            "{S} turned down an offer from {other}.",
            "{S} ran a workshop for {other}.",
        ],
        "also": ["{S} freelances for {alt} on weekends.", "{S2} is a data scientist at {old}."],
        "ask": ["Where is {s} employed?", "Which firm does {s} work for?"],
    },
    "date": {
        "old": [
            "{S} is scheduled to finish on {old}.",
            "{S} wraps up on {old}.",
            "We committed to {old} for {s}.",
        ],
        "new": [
            "{S} now wraps up on {new}.",
            "{S} was delayed; new finish date {new}.",
            "We agreed to push {s} to {new}.",
            "{S} is expected on {new} instead.",
        ],
        "distract": [
            "{S} is understaffed.",
            "{other} presented {s} to the board.",
            "{S} has a budget review on Friday.",
        ],
        "also": ["{S} has a demo on {alt}.", "{S2} wraps up on {alt}."],
        "ask": ["When does {s} wrap up?", "What's the finish date for {s}?"],
    },
    "owner": {
        "old": [
            "{old} is the maintainer of {s}.",
            "{S} is looked after by {old}.",
            "{old} runs {s}.",
        ],
        "new": [
            "{new} is the maintainer of {s} since the reorg.",
            "{S} has a new owner, {new}.",
            "{old} gave {s} to {new}.",
            "{S} went to {new} in the handover.",
        ],
        "distract": [
            "{other} fixed a bug in {s}.",
            "{S} has {n} open issues.",
            "{other} uses {s} daily.",
        ],
        "also": ["{alt} co-maintains {s}.", "{alt} is the maintainer of {s2}."],
        "ask": ["Who runs {s} now?", "Who is the maintainer of {s}?"],
    },
    "role": {
        "old": [
            "{old} works as our {s}.",
            "The current {s} is {old}.",
            "{old} is {s} this quarter.",
        ],
        "new": [
            "{new} is {s} this quarter.",
            "{new} is our {s} after {old} moved on.",
            "{old} rotated out and {new} rotated in as {s}.",
            "Meet {new}, the {s} from today.",
        ],
        "distract": [
            "The {s} signs off releases.",
            "{other} covered for the {s} on Monday.",
            "The {s} has a lot of meetings.",
        ],
        "also": ["{old} doubles as the {s2}.", "{alt} is {s2} this quarter."],
        "ask": ["Who is {s} right now?", "Who do we have as {s}?"],
    },
    "tool": {
        "old": [
            "{S} ships builds from {old}.",
            "{S} is a {old} shop.",
            "{S}'s pipelines live in {old}.",
        ],
        "new": [
            "{S}'s pipelines live in {new} now.",
            "{S} is a {new} shop these days.",
            "{S} retired {old} in favour of {new}.",
            "{S} finished the move to {new}.",
        ],
        "distract": [
            "{S} cut build times in half.",
            "{S} pays for {n} build agents.",
            "{S} had a red main branch all week.",
        ],
        "also": ["{S} runs load tests from {alt}.", "{S2} is a {old} shop."],
        "ask": ["Which build server does {s} use?", "Where do the pipelines of {s} live?"],
    },
    "meeting": {
        "old": ["{S} is set for {old}.", "{S} kicks in at {old}.", "We meet for {s} at {old}."],
        "new": [
            "We meet for {s} at {new} now.",
            "{S} got moved up to {new}.",
            "{S} is set for {new} from this week.",
            "New slot for {s}: {new}.",
        ],
        "distract": [
            "{S} has a rotating facilitator.",
            "{other} dialled into {s} late.",
            "{S} overran by {n} minutes.",
        ],
        "also": ["{S} has a monthly deep dive at {alt}.", "{S2} is set for {alt}."],
        "ask": ["When do we meet for {s}?", "What time does {s} begin?"],
    },
    "name": {
        "old": [
            "The {s} is labelled {old}.",
            "The {s} carries the name {old}.",
            "We refer to the {s} as {old}.",
        ],
        "new": [
            "The {s} is labelled {new} since the cleanup.",
            "We refer to the {s} as {new} now.",
            "The {s} switched names to {new}.",
            "Rename: the {s} is {new}.",
        ],
        "distract": [
            "The {s} has {n} editors.",
            "{other} bookmarked the {s}.",
            "The {s} loads slowly.",
        ],
        "also": ["The {s} has an old redirect from {alt}.", "The {s2} is labelled {alt}."],
        "ask": ["What is the {s} labelled?", "How do we refer to the {s}?"],
    },
    "phone": {
        "old": ["{S}'s mobile is {old}.", "Call {s} on {old}.", "{S} picks up at {old}."],
        "new": [
            "{S}'s mobile is {new} now.",
            "Call {s} on {new} from now on.",
            "{S} switched numbers to {new}.",
            "{S} has a new mobile number, {new}.",
        ],
        "distract": [
            "{S} never answers unknown numbers.",
            "{S} cracked a phone screen.",
            "{S} texted {other} at midnight.",
        ],
        "also": ["{S}'s desk phone is {alt}.", "{S2}'s mobile is {alt}."],
        "ask": ["What number do I call {s} on?", "What is {s}'s mobile?"],
    },
    "manager": {
        "old": ["{S} works under {old}.", "{old} manages {s}.", "{S}'s boss is {old}."],
        "new": [
            "{S} works under {new} now.",
            "{new} manages {s} since the reshuffle.",
            "{S}'s boss changed to {new}.",
            "{S} moved from {old}'s group to {new}'s.",
        ],
        "distract": [
            "{S} had lunch with {other}.",
            "{S} asked {other} for feedback.",
            "{S} wants a promotion.",
        ],
        "also": ["{S}'s buddy is {alt}.", "{S2} works under {old}."],
        "ask": ["Who does {s} work under?", "Who is {s}'s boss?"],
    },
    "favourite": {
        "old": ["{S} swears by {old}.", "{S} does all coding in {old}."],
        "new": [
            "{S} swears by {new} now.",
            "{S} converted from {old} to {new}.",
            "{S} does all coding in {new} nowadays.",
            "{S} switched editors to {new}.",
        ],
        "distract": [
            "{S} gave a talk about {other}.",
            "{S} hates the {other} keybindings.",
            "{S} configures editors for the team.",
        ],
        "also": ["{S} keeps {alt} around for quick edits too.", "{S2} swears by {old}."],
        "ask": ["Which editor does {s} use?", "What editor does {s} swear by?"],
    },
    "car": {
        "old": ["{S} owns a {old}.", "{S} gets around in a {old}."],
        "new": [
            "{S} traded the {old} for a {new}.",
            "{S} gets around in a {new} these days.",
            "{S} owns a {new} now.",
            "{S} replaced the {old} with a {new}.",
        ],
        "distract": [
            "{S} borrowed a {other} from a neighbour.",
            "{S} test-drove a {other}.",
            "{S} hates parking downtown.",
        ],
        "also": ["{S}'s daughter drives a {alt}.", "{S2} owns a {old}."],
        "ask": ["What does {s} drive?", "Which car is {s}'s?"],
    },
    "school": {
        "old": ["{S}'s son is a pupil at {old}.", "{S}'s son is enrolled at {old}."],
        "new": [
            "{S}'s son is enrolled at {new} now.",
            "{S}'s son transferred to {new}.",
            "{S} moved the son from {old} to {new}.",
            "{S}'s son is a pupil at {new} since September.",
        ],
        "distract": [
            "{S}'s son won a prize at {other}.",
            "{S}'s son has a long bus ride.",
            "{S}'s son likes maths.",
        ],
        "also": ["{S}'s niece is a pupil at {alt}.", "{S2}'s son is enrolled at {old}."],
        "ask": ["Where does {s}'s son go to school?", "Which school is {s}'s son at?"],
    },
    "team": {
        "old": ["{S} belongs to the {old} team.", "{S} is part of {old}."],
        "new": [
            "{S} belongs to the {new} team now.",
            "{S} rotated into {new}.",
            "{S} swapped from {old} to {new}.",
            "{S} is part of {new} since the reorg.",
        ],
        "distract": [
            "{S} interviewed for the {other} team.",
            "{S} helps out {other} on Fridays.",
            "{S} won the hackathon.",
        ],
        "also": ["{S} is on call for {alt} too.", "{S2} belongs to the {old} team."],
        "ask": ["What team does {s} belong to?", "Which team is {s} part of?"],
    },
    "language": {
        "old": ["{S} is implemented in {old}.", "{S}'s code is {old}."],
        "new": [
            "{S} is implemented in {new} now.",
            "{S}'s code moved from {old} to {new}.",
            "We rebuilt {s} in {new}.",
            "{S} dropped {old}; it is all {new}.",
        ],
        "distract": [
            "{S} has a CLI written in {other}.",
            "{S} has {n} contributors.",
            "{S} has flaky tests.",
        ],
        "also": ["{S}'s SDK is implemented in {alt}.", "{S2} is implemented in {old}."],
        "ask": ["What is {s} implemented in?", "Which language is the code of {s}?"],
    },
    "email": {
        "old": ["{S} reads mail at {old}.", "Write to {s} at {old}."],
        "new": [
            "Write to {s} at {new} from now on.",
            "{S} reads mail at {new} now.",
            "{S} retired {old}; use {new}.",
            "{S}'s address moved to {new}.",
        ],
        "distract": [
            "{S} answers email on Mondays.",
            "{S} unsubscribed from the newsletter.",
            "{S} shared a mailing list with {other}.",
        ],
        "also": ["{S}'s shared inbox is {alt}.", "{S2} reads mail at {alt}."],
        "ask": ["Which address does {s} read mail at?", "How do I email {s}?"],
    },
    "version": {
        "old": ["{S} is at v{old}.", "Production runs {s} {old}."],
        "new": [
            "{S} is at v{new} now.",
            "Production runs {s} {new} since Tuesday.",
            "{S} was bumped from {old} to {new}.",
            "{S} {new} is live.",
        ],
        "distract": [
            "{S} has a security advisory.",
            "{other} wants to pin {s}.",
            "{S}'s release notes are long.",
        ],
        "also": ["{S}'s staging copy is at v{alt}.", "{S2} is at v{old}."],
        "ask": ["Which version of {s} is in production?", "What version is {s} at?"],
    },
}


# A seventh set (`seventh`), written 2026-12-04 before the fifth round (supersede8) by a
# helper that had read only this file's format, not the rules, nor bench/README; copied
# unedited from its file. Measured on main before the round and once after it.
SEVENTH: dict[str, dict[str, list[str]]] = {
    "host": {
        "old": [
            "{S} -> {old}",
            "{S} runs out of {old}.",
            "{old} carries {s}.",
            "We keep {s} on {old}.",
        ],
        "new": [
            "{S} runs out of {new}.",
            "{new} carries {s} as of Thursday.",
            "{S} was lifted off {old} and landed on {new}.",
            "Switched {s} over to {new} during the maintenance window.",
            "{S} no longer runs out of {old}; it's on {new}.",
            "We swapped {old} out for {new} under {s}.",
        ],
        "distract": [
            "{other} is writing a postmortem on {s}.",
            "{S} dropped {n} connections during the deploy.",
            "Latency on {s} spiked around lunch.",
            "{S} needs its certs rotated before Friday.",
        ],
        "also": [
            "{S} replicates to {alt} for DR.",
            "{S2} runs out of {alt}.",
            "{alt} holds a read-only copy of {s} too.",
        ],
        "ask": [
            "What's {s} running on?",
            "Which machine is behind {s}?",
            "Which node do I ssh into for {s}?",
        ],
    },
    "home": {
        "old": [
            "{S} is {old}-based.",
            "{S}'s place is in {old}.",
            "{old} is where {s} lives.",
            "{S} commutes in from {old}.",
        ],
        "new": [
            "{S} is {new}-based.",
            "{new} is where {s} lives as of this summer.",
            "{S} upped sticks from {old} to {new}.",
            "{S} isn't in {old} anymore; the whole family is in {new}.",
            "{S} commutes in from {new} since selling the house.",
        ],
        "distract": [
            "{S} spoke at a meetup in {other}.",
            "{S} has a layover in {other} on the way back.",
            "{S} still supports the football club from {other}.",
            "{S}'s landlord raised the rent.",
        ],
        "also": [
            "{S}'s office is in {alt}.",
            "{S2} is {old}-based.",
            "{S} spends winters in {alt} too.",
        ],
        "ask": [
            "What city is {s} living in at the moment?",
            "Where is {s}'s place?",
            "Where's {s} based out of?",
        ],
    },
    "employer": {
        "old": [
            "{S} is on staff at {old}.",
            "{old} pays {s}'s salary.",
            "{S} is an SRE with {old}.",
        ],
        "new": [
            "{S} is an SRE with {new}.",
            "{new} poached {s}.",
            "{S} said farewell to {old}; first day at {new} was Monday.",
            "As of this month {s} is on staff at {new}.",
            "{S} is no longer with {old}; {new} brought {s} on board.",
        ],
        "distract": [
            "{S} is negotiating a contract with {other}.",
            "{S} benchmarked our stack against {other}'s.",
            "{S} got cold-called by a recruiter at {other}.",
            "{S} had a great appraisal.",
        ],
        "also": [
            "{S} mentors founders at {alt} on the side.",
            "{S2} is on staff at {old}.",
            "{S} guest-lectures for {alt} once a term.",
        ],
        "ask": [
            "Who's {s} working for at the moment?",
            "Which company pays {s}?",
            "What's {s}'s current employer?",
        ],
    },
    "date": {
        "old": [
            "{S}: ETA {old}.",
            "{S} is locked for {old}.",
            "{old} is the day for {s}.",
            "Everyone is aiming at {old} for {s}.",
        ],
        "new": [
            "{S}: ETA {new}.",
            "{new} is the day for {s} as of the last planning call.",
            "Leadership bought {s} a few more weeks: {new}.",
            "{S} won't make {old}; we're aiming at {new}.",
            "{S} was re-baselined to {new}.",
            "{S} is no longer locked for {old}, {new} it is.",
        ],
        "distract": [
            "{other} is drafting the comms plan for {s}.",
            "{S} still has {n} open blockers.",
            "{S} had its kickoff in the big room.",
        ],
        "also": [
            "{S} has a soft launch on {alt}.",
            "{S2}: ETA {alt}.",
            "The dress rehearsal for {s} is {alt}.",
        ],
        "ask": [
            "What's the ETA on {s}?",
            "Which day are we aiming at for {s}?",
            "When is {s} happening?",
        ],
    },
    "owner": {
        "old": [
            "{S} has {old} as its DRI.",
            "{old} keeps {s} alive.",
            "Page {old} for anything in {s}.",
            "{S} is {old}'s turf.",
        ],
        "new": [
            "{S} has {new} as its DRI.",
            "Page {new} for anything in {s}.",
            "{new} adopted {s} when {old} switched teams.",
            "{S} isn't {old}'s problem anymore; {new} has it.",
            "We swapped owners on {s}: {new} in, {old} out.",
        ],
        "distract": [
            "{other} demoed {s} at the all-hands.",
            "{S} threw {n} 500s during the deploy.",
            "{S} is missing a dashboard.",
            "{other} asked for a walkthrough of {s}.",
        ],
        "also": [
            "{alt} is second on the rota for {s}.",
            "{old} keeps {s2} alive.",
            "{S2} has {alt} as its DRI.",
        ],
        "ask": [
            "Who's the DRI for {s}?",
            "Whom do I page about {s}?",
            "Who has {s} these days?",
        ],
    },
    "role": {
        "old": [
            "{old} is wearing the {s} hat.",
            "{old} is on point as {s}.",
            "{old} leads as {s}.",
        ],
        "new": [
            "{new} is wearing the {s} hat.",
            "{new} is on point as {s}.",
            "{new} was promoted to {s}.",
            "As of this sprint, {new} is the {s}.",
            "{old} is no longer {s}; {new} picked it up.",
        ],
        "distract": [
            "The {s} is hiring two contractors.",
            "{other} pinged the {s} about a flaky deploy.",
            "The {s} sets the sprint goals.",
        ],
        "also": [
            "{old} wears the {s2} hat as well.",
            "{alt} is on point as {s2}.",
            "{alt} is the deputy {s}.",
        ],
        "ask": [
            "Who's wearing the {s} hat?",
            "Who's on point as {s}?",
            "Which person is the {s}?",
        ],
    },
    "tool": {
        "old": [
            "{S} does CI in {old}.",
            "{S}'s builds go through {old}.",
            "{old} is what {s} builds on.",
            "{S} has its CI jobs in {old}.",
        ],
        "new": [
            "{S} has its CI jobs in {new}.",
            "{new} is what {s} builds on these days.",
            "{S} finally turned off {old}; jobs run in {new}.",
            "We swapped {s} onto {new} for CI.",
            "{S} is no longer on {old}, everything builds in {new}.",
        ],
        "distract": [
            "{S} doubled its CI bill.",
            "{other} wrote a caching layer for the builds of {s}.",
            "{S} runs {n} builds per merge.",
        ],
        "also": [
            "{S} publishes artifacts with {alt}.",
            "{S2} does CI in {old}.",
            "{S} keeps a nightly job in {alt} as well.",
        ],
        "ask": [
            "Where does {s} run its CI jobs?",
            "What's the CI platform of {s}?",
            "Which build system is {s} using?",
        ],
    },
    "meeting": {
        "old": [
            "{S} @ {old}",
            "{S} is a {old} thing.",
            "{old} is the slot for {s}.",
            "We do {s} at {old} sharp.",
        ],
        "new": [
            "{S} @ {new}",
            "{new} is the slot for {s} as of next sprint.",
            "{S} is no longer at {old}; {new} works better for the US folks.",
            "Rebooked {s} for {new}.",
            "{S} is a {new} thing these days.",
        ],
        "distract": [
            "{S} is mostly status updates.",
            "{other} missed {s} because of a dentist appointment.",
            "{S} had {n} people on the call.",
        ],
        "also": [
            "{S} has an optional office hour at {alt}.",
            "{S2} @ {alt}",
            "{S} has a Friday demo slot at {alt} too.",
        ],
        "ask": [
            "What time do we do {s}?",
            "Which slot is {s} in?",
            "When's {s}?",
        ],
    },
    "name": {
        "old": [
            "The {s} is {old} internally.",
            "The {s} answers to {old}.",
            "{old} is the handle of the {s}.",
        ],
        "new": [
            "The {s} is {new} internally.",
            "The {s} answers to {new} after the spring tidy-up.",
            "{new} is the handle of the {s} as of today.",
            "The {s} was re-slugged to {new}.",
            "The {s} isn't {old} anymore, it's {new}.",
        ],
        "distract": [
            "The {s} has a broken search box.",
            "{other} added a FAQ to the {s}.",
            "The {s} got {n} views yesterday.",
        ],
        "also": [
            "The {s} is also reachable as {alt}.",
            "The {s2} is {alt} internally.",
            "The {s} has a staging copy called {alt}.",
        ],
        "ask": [
            "What's the {s} called these days?",
            "What name does the {s} answer to?",
            "How is the {s} named?",
        ],
    },
    "phone": {
        "old": [
            "{S}: {old} (mobile).",
            "{S}'s cell is {old}.",
            "Ring {s} on {old}.",
            "{old} is {s}'s number.",
        ],
        "new": [
            "{S}'s cell is {new}.",
            "{new} is {s}'s number as of this week.",
            "Ring {s} on {new}; {old} is dead.",
            "{S} ported to a new carrier and got {new}.",
            "{S} doesn't use {old} anymore, use {new}.",
        ],
        "distract": [
            "{S} turns the phone off on weekends.",
            "{S} keeps the phone on do-not-disturb during focus time.",
            "{S} needs a new charger.",
        ],
        "also": [
            "{S}'s landline is {alt}.",
            "{S2}'s cell is {alt}.",
            "{S}'s work phone is {alt}.",
        ],
        "ask": [
            "What's {s}'s cell?",
            "Which number rings {s}?",
            "How do I phone {s}?",
        ],
    },
    "manager": {
        "old": [
            "{S} is in {old}'s org.",
            "{old} is {s}'s lead.",
            "{S} sits on {old}'s team.",
        ],
        "new": [
            "{S} is in {new}'s org.",
            "{new} is {s}'s lead as of the reorg.",
            "{S} was reassigned to {new}.",
            "{S} isn't in {old}'s org anymore; it's {new}'s.",
            "{new} took {s} on as a direct report.",
        ],
        "distract": [
            "{S} pair-programmed with {other} all afternoon.",
            "{S} asked {other} to review a design doc.",
            "{S} is out on parental leave next month.",
        ],
        "also": [
            "{S} has {alt} as a mentor.",
            "{S2} is in {old}'s org.",
            "{S2} sits on {old}'s team.",
        ],
        "ask": [
            "Whose org is {s} in?",
            "Who's {s}'s lead?",
            "Who does {s} answer to?",
        ],
    },
    "favourite": {
        "old": [
            "{S} is a die-hard {old} user.",
            "{S}'s editor of choice is {old}.",
            "{old} is {s}'s editor.",
        ],
        "new": [
            "{S} is a die-hard {new} user.",
            "{S}'s editor of choice is {new} as of this year.",
            "{S} abandoned {old}; it's {new} all the way.",
            "{new} won {s} over.",
            "{S} doesn't touch {old} anymore, {new} only.",
        ],
        "distract": [
            "{S} reported a bug in {other}.",
            "{S} streams coding sessions on Fridays.",
            "{S} teased the {other} crowd at lunch.",
            "{S} maintains the team's dotfiles.",
        ],
        "also": [
            "{S} opens {alt} for git commit messages.",
            "{S2}'s editor of choice is {old}.",
            "{S} keeps {alt} on the laptop for travel.",
        ],
        "ask": [
            "Which editor is {s}'s go-to?",
            "What does {s} edit code with?",
            "What's {s}'s editor these days?",
        ],
    },
    "car": {
        "old": [
            "{S} commutes in a {old}.",
            "There's a {old} in {s}'s driveway.",
            "{S}'s ride is a {old}.",
        ],
        "new": [
            "{S}'s ride is a {new}.",
            "There's a {new} in {s}'s driveway as of last month.",
            "{S} part-exchanged the {old} for a {new}.",
            "{S} got rid of the {old} and picked up a {new}.",
            "{S} no longer has the {old}; it's a {new} now.",
        ],
        "distract": [
            "{S} hired a {other} for the holiday.",
            "{S}'s neighbour has a {other}.",
            "{S} got a parking ticket.",
            "{S}'s car needs new tyres.",
        ],
        "also": [
            "{S} keeps an old {alt} for weekends.",
            "{S2}'s ride is a {old}.",
            "{S}'s partner commutes in a {alt}.",
        ],
        "ask": [
            "What's {s}'s car?",
            "What does {s} commute in?",
            "Which model does {s} drive?",
        ],
    },
    "school": {
        "old": [
            "{S}'s boy is at {old}.",
            "{S} drops the son off at {old} every morning.",
            "{old} is {s}'s son's school.",
        ],
        "new": [
            "{S}'s boy is at {new}.",
            "{S} drops the son off at {new} every morning now.",
            "{S}'s son switched over to {new} after half term.",
            "{S} pulled the son out of {old}; he's at {new}.",
            "{new} is {s}'s son's school as of January.",
        ],
        "distract": [
            "{S}'s son has a play-date with a kid from {other}.",
            "{S}'s son lost a tooth at lunch.",
            "{S}'s son's football team beat {other}.",
        ],
        "also": [
            "{S}'s younger girl is at {alt}.",
            "{S2}'s boy is at {old}.",
            "{S}'s son does Saturday music at {alt}.",
        ],
        "ask": [
            "What school is {s}'s son at?",
            "Where does {s}'s boy go to school?",
            "Which school does {s} drop the son at?",
        ],
    },
    "team": {
        "old": [
            "{S} is a {old} engineer.",
            "{S} is in the {old} group.",
            "{S}'s squad is {old}.",
        ],
        "new": [
            "{S} is a {new} engineer.",
            "{S}'s squad is {new} as of this quarter.",
            "{S} got reassigned from {old} to {new}.",
            "{S} isn't in the {old} group anymore; {new} now.",
            "We swapped {s} into {new}.",
        ],
        "distract": [
            "{S} reviewed a PR for the {other} team.",
            "{S} ran the {other} team's offsite.",
            "{S} gets along with everyone.",
        ],
        "also": [
            "{S} sits in on the {alt} team's planning.",
            "{S2} is a {old} engineer.",
            "{S} is the {alt} liaison too.",
        ],
        "ask": [
            "Which squad is {s} in?",
            "What team has {s} on it?",
            "What group does {s} work in?",
        ],
    },
    "language": {
        "old": [
            "{S} is coded in {old}.",
            "{S}'s stack is {old}.",
            "The repo for {s} is all {old}.",
        ],
        "new": [
            "{S}'s stack is {new}.",
            "The repo for {s} is all {new} as of the last merge.",
            "{S} was converted from {old} to {new}.",
            "We re-implemented {s} in {new}.",
            "{S} is no longer {old}; the port to {new} merged.",
        ],
        "distract": [
            "{S} exposes bindings for {other}.",
            "{S} has {n} TODOs.",
            "{S} has a lint config nobody understands.",
        ],
        "also": [
            "{S}'s infra scripts are in {alt}.",
            "{S2}'s stack is {old}.",
            "{S} has a prototype branch in {alt}.",
        ],
        "ask": [
            "What's {s} coded in?",
            "Which language is {s} built with?",
            "What's the stack of {s}?",
        ],
    },
    "email": {
        "old": [
            "{S}: {old}",
            "{S}'s inbox is {old}.",
            "Email {s} at {old}.",
            "{old} gets {s}'s mail.",
        ],
        "new": [
            "{S}'s inbox is {new}.",
            "{old} bounces; {s} is at {new}.",
            "{new} gets {s}'s mail as of the domain switch.",
            "{S} no longer checks {old}, mail {new} instead.",
            "{S} switched over to {new} for mail.",
        ],
        "distract": [
            "{S} has inbox zero.",
            "{S} cc'd the whole team on the offer letter.",
            "{S} writes very long emails.",
        ],
        "also": [
            "{S} gets invoices at {alt}.",
            "{S2}'s inbox is {alt}.",
            "{S} also watches {alt} for alerts.",
        ],
        "ask": [
            "What's {s}'s email?",
            "Where do I send mail for {s}?",
            "Which inbox does {s} use?",
        ],
    },
    "version": {
        "old": [
            "{S}: v{old} in prod.",
            "Prod has {s} at {old}.",
            "{old} is the deployed build of {s}.",
            "{S} is tagged {old} in prod.",
        ],
        "new": [
            "{S}: v{new} in prod.",
            "{new} is the deployed build of {s} as of Tuesday.",
            "Rolled {s} forward to {new}.",
            "{S} is no longer on {old}; {new} went out last night.",
            "We shipped {s} {new} to everyone.",
        ],
        "distract": [
            "{S} has a canary for the next release.",
            "{other} is drafting the changelog for {s}.",
            "{S} logs a deprecation warning at startup.",
        ],
        "also": [
            "{S}'s mobile SDK is v{alt}.",
            "Prod has {s2} at {old}.",
            "{S}'s docs site still shows v{alt}.",
        ],
        "ask": [
            "Which release of {s} is deployed?",
            "What build is {s} on in prod?",
            "What's the prod version of {s}?",
        ],
    },
}


# An eighth set (`eighth`), added 2026-12-04 before the tenth pass (supersede11); its
# writer's comment, unedited:
# An eighth wording set for bench/supersession.py (`eighth`), held out.
# Written 2026-12-04 by a helper that had NOT read the rules (nothing under memctl/ or
# tests/, nor bench/README.md); it read only bench/supersession.py for the format, the
# kinds, the placeholders and how `_values`/`make_cases` fill them.
#
# Placeholders, as make_cases fills them:
#   old/new/ask: {s} {S} {old} {new}
#   distract:    {s} {S} {other} {n}   ({other} is a value of the same sort for home,
#                employer, favourite, car, school, team and language; a person's name
#                for every other kind)
#   also:        {s} {S} {s2} {S2} {alt} {old}   (the first line of each kind has no
#                {s2}: make_cases falls back to it when no second subject is left)
# One line each, no leading "- " (write() adds the bullet).
EIGHTH: dict[str, dict[str, list[str]]] = {
    "host": {
        "old": [
            "{S} = {old}",
            "Box for {s}: {old}.",
            "{S} hangs off {old}.",
            "If you need {s}, it's on {old}.",
        ],
        "new": [
            "{s}: {old} -> {new}",
            "Correction to yesterday's note: {s} is on {new}, not {old}.",
            "Since {s} went onto {new} the p99 is down by half.",
            "Ops confirmed {s} is on {new}; {old} is empty and can be recycled.",
            "{S} had to come off {old} because its disk was dying, so it's on {new}.",
            "The Saturday cutover of {s} to {new} went through cleanly.",
        ],
        "distract": [
            "{other} benchmarked {s} with synthetic load; numbers are in the doc.",
            "Should we give {s} a box of its own? {other} thinks not yet.",
            "{S} threw {n} disk-pressure warnings overnight.",
            "{other} wanted to move {s} this week but we froze changes until January.",
            "Ran the restore drill against {s}; it took {n} minutes.",
        ],
        "also": [
            "{S} fails over to {alt} if the primary dies.",
            "{alt} runs the read replica for {s}.",
            "{S2} hangs off {old} too.",
        ],
        "ask": [
            "Which host do I point at to reach {s}?",
            "What box is {s} on right now?",
            "Where does {s} physically sit?",
        ],
    },
    "home": {
        "old": [
            "{S} is a {old} resident.",
            "Home base for {s}: {old}.",
            "{S} has a flat by the station in {old}.",
            "{S} is local to {old}, so in-person days are easy.",
        ],
        "new": [
            "{S}: {old} -> {new}, address updated in the HR system.",
            "Standup, {s}: done with the move, boxes mostly unpacked in {new}.",
            "{S}'s lease in {old} ran out and the new place is in {new}.",
            "Correction: {s} is a {new} resident, not {old}.",
            "{S} has been in {new} since the kids' school year ended.",
            "{S} drives up from {new} on office days.",
        ],
        "distract": [
            "{S} looked at flats in {other} but decided to stay put.",
            "Should {s} relocate to {other} for the new office? Not decided.",
            "{S} is in {other} this week for a customer visit.",
            "{S} recommended a ramen place in {other}.",
            "{S}'s partner commutes to {other} twice a week.",
        ],
        "also": [
            "{S} keeps a second flat in {alt} for the work weeks.",
            "{S} grew up in {alt}.",
            "{S2} is a {old} resident as well.",
            "{S} spends every August in {alt} with family.",
        ],
        "ask": [
            "What town is {s} in now?",
            "Where's home for {s}?",
            "If I post {s} something, which city does it go to?",
        ],
    },
    "employer": {
        "old": [
            "{S} is a staff engineer over at {old}.",
            "{S} ({old}) is our contact for the integration.",
            "{S}'s badge says {old}.",
            "{S} draws a paycheck from {old}.",
        ],
        "new": [
            "{S}: {old} -> {new}.",
            "{S} gave notice at {old} last month; today was orientation at {new}.",
            "LinkedIn says {s} is at {new}, and {s} confirmed it over coffee.",
            "{S} went to {new} for the equity; {old} couldn't match it.",
            "Fix to last week's note: {s} is with {new}, not {old}.",
            "Since the start of the quarter {s} has been on {new}'s payroll.",
        ],
        "distract": [
            "{S} declined a second interview with {other}.",
            "{S} sat on a panel with two folks from {other}.",
            "Someone asked if {s} would go to {other}; {s} laughed it off.",
            "{S} closed a deal with {other} worth {n}k.",
            "{S} took {n} days of PTO in August.",
        ],
        "also": [
            "{S} does paid code reviews for {alt} on weekends.",
            "{S} is an angel investor in {alt}.",
            "{S2} draws a paycheck from {old} too.",
            "{S} did an internship at {alt} years ago.",
        ],
        "ask": [
            "Which outfit is {s} with now?",
            "Who signs {s}'s paychecks?",
            "What company would I find {s} at?",
        ],
    },
    "date": {
        "old": [
            "{S} -- target {old}.",
            "Circled {old} on the calendar for {s}.",
            "{S} has to be out the door by {old}.",
            "Plan of record: {s} on {old}.",
        ],
        "new": [
            "{S}: {new} (was {old}).",
            "The vendor contract held {s} up, so the date is {new} rather than {old}.",
            "PM confirmed in the channel: {s} is {new}.",
            "Correction: {s} is {new}; {old} was a typo in the plan.",
            "Plan of record: {s} on {new}.",
            "Since the last steering call the date on {s} has been {new}.",
        ],
        "distract": [
            "{other} asked if {s} could slip a week; the answer was no.",
            "{S} has {n} tickets left in the burn-down.",
            "Do we need a security review before {s}? {other} will find out.",
            "{other} set up the war-room channel for {s}.",
        ],
        "also": [
            "Comms embargo for {s} lifts on {alt}.",
            "Added a checkpoint for {s} on {alt}.",
            "{S2} -- target {alt}.",
            "Plan of record: {s2} on {old} as well.",
        ],
        "ask": [
            "When are we expecting {s}?",
            "What's the current date for {s}?",
            "Which day does {s} need to hit?",
        ],
    },
    "owner": {
        "old": [
            "{S} — owner: {old}.",
            "{old} is who you ping about {s}.",
            "Bugs in {s} land in {old}'s queue.",
            "{old} wrote {s} and still carries the pager for it.",
        ],
        "new": [
            "{S} — owner: {new} (was {old}).",
            "Bugs in {s} land in {new}'s queue since the reorg.",
            "{old} is on sabbatical, so {new} has the pager for {s} for good.",
            "Checked with {new}: yes, {s} is theirs now.",
            "Correction: {s} is {new}'s, not {old}'s.",
            "The planned handoff of {s} to {new} on the 1st happened.",
        ],
        "distract": [
            "{other} offered to take {s} off our hands; we said no.",
            "{other} opened {n} tickets on {s} this week.",
            "{S} is being load-tested by {other}'s team.",
            "Who should own {s} long-term? {other} raised it in the retro.",
            "{S} returned {n} timeouts during the sale.",
        ],
        "also": [
            "{alt} is the backup pager for {s}.",
            "Added {alt} to the code reviewers for {s}.",
            "{old} also carries the pager for {s2}.",
            "{S2} — owner: {alt}.",
        ],
        "ask": [
            "Who should I ping about {s}?",
            "Whose service is {s}?",
            "Who's responsible for {s} at the moment?",
        ],
    },
    "role": {
        "old": [
            "{S} this half: {old}.",
            "{old} has the {s} job.",
            "Talk to {old}, our {s}, before merging anything risky.",
            "{old} is doing {s}.",
        ],
        "new": [
            "{S}: {new} (previously {old}).",
            "{old} moved to the platform team, so {new} has the {s} job.",
            "Manager confirmed it: {new} is doing {s}.",
            "Correction: the {s} is {new}; {old} had it last year.",
            "{new}'s first week as {s} went fine.",
            "Since last sprint {new} has been {s}.",
        ],
        "distract": [
            "The {s} chairs the incident review.",
            "{other} is job-shadowing the {s} this week.",
            "Should the {s} also own hiring? {other} thinks so.",
            "{other} asked what it takes to become {s}.",
        ],
        "also": [
            "{alt} fills in for the {s} during holidays.",
            "{old} has the {s2} job as well.",
            "{S2}: {alt}.",
        ],
        "ask": [
            "Who's {s} currently?",
            "If I need the {s}, who do I talk to?",
            "Who's got the {s} seat?",
        ],
    },
    "tool": {
        "old": [
            "{S}: CI = {old}.",
            "{S} gets a {old} job on every merge.",
            "{S}'s green checks come from {old}.",
            "{S} keeps the build configs in {old}.",
        ],
        "new": [
            "{S}: CI = {new} (was {old}).",
            "{S} let the {old} licence lapse after the price hike; CI is on {new}.",
            "{S}'s green checks come from {new}.",
            "{S} flipped the last pipeline to {new} on Friday, as planned.",
            "Correction: {S} builds in {new}, not {old}.",
            "{S} has been on {new} since last sprint and builds are twice as fast.",
        ],
        "distract": [
            "{S} burned {n} hours of CI time on one flaky test.",
            "Should {s} trial GitHub Actions? {other} is skeptical.",
            "{other} wrote a retry script for {S}'s failing jobs.",
            "{S} has {n} required checks on main.",
        ],
        "also": [
            "{S} signs its release artifacts in {alt}.",
            "{S} added {alt} for the nightly perf runs.",
            "{S2} gets a {old} job on every merge too.",
        ],
        "ask": [
            "Which system runs {s}'s checks?",
            "Where do {s}'s builds happen?",
            "What's behind the CI checks of {s}?",
        ],
    },
    "meeting": {
        "old": [
            "{S} — {old} daily.",
            "Reminder: {s} is {old}.",
            "Block {old} for {s}.",
            "Team calendar has {s} at {old}.",
        ],
        "new": [
            "{S} — {new} daily (was {old}).",
            "{S} kept clashing with the all-hands, so we took {new}.",
            "Team calendar has {s} at {new}.",
            "Double-checked with the organiser: {s} is {new}.",
            "Correction: {s} is {new}; the invite still said {old}.",
            "{S} at {new}, as proposed last week, is live as of today.",
        ],
        "distract": [
            "{other} proposed pushing {s} later; nobody seconded it.",
            "{S} ended {n} minutes early.",
            "Could we do {s} async? {other} asked.",
            "{other} shared the board during {s}.",
        ],
        "also": [
            "On Thursdays {s} has a second session at {alt}.",
            "Added an optional {alt} Q&A for people who miss {s}.",
            "{S2} — {alt} daily.",
        ],
        "ask": [
            "What time should I show up for {s}?",
            "When do people gather for {s}?",
            "Which hour is {s}?",
        ],
    },
    "name": {
        "old": [
            "The {s} lives at {old}.",
            "Slug for the {s}: {old}.",
            "Search for {old} to find the {s}.",
            "The {s} shows up as {old} in the sidebar.",
        ],
        "new": [
            "Slug for the {s}: {new} (was {old}).",
            "Search for {new} to find the {s}.",
            "The {s} shows up as {new} in the sidebar since the reorg.",
            "Comms wanted something friendlier than {old}, so the {s} is {new}.",
            "Correction: the {s} is {new}, not {old}; I misread the sidebar.",
            "The {s} flipped from {old} to {new} over the weekend, as announced.",
        ],
        "distract": [
            "{other} proposed renaming the {s}; shelved until Q3.",
            "The {s} has {n} stale pages.",
            "{other} fixed the broken links on the {s}.",
            "Does the {s} need a better name? The poll closes Friday.",
        ],
        "also": [
            "Typing {alt} in the launcher also opens the {s}.",
            "The {s2} shows up as {alt} in the sidebar.",
            "The {s} has an archive copy at {alt}.",
        ],
        "ask": [
            "Under what name do I find the {s}?",
            "What's the slug of the {s} at the moment?",
            "What do I type to open the {s}?",
        ],
    },
    "phone": {
        "old": [
            "{S} — {old}",
            "Text {s} at {old} if the pager fails.",
            "{S}'s number: {old}.",
            "{old} reaches {s} directly.",
        ],
        "new": [
            "{S}'s number: {new} (was {old}).",
            "{S} lost the SIM abroad, so the number is {new} now.",
            "Text {s} at {new} if the pager fails.",
            "{S} confirmed: {new} is the one to use, {old} is off.",
            "Correction: {s}'s number is {new}; {old} was a typo.",
            "{S}'s port to {new} went through on Tuesday as scheduled.",
        ],
        "distract": [
            "{S} forwards calls to voicemail after 6pm.",
            "{other} butt-dialled {s} at 2am.",
            "Should {s} get a company phone? The ticket is open.",
            "{S}'s phone battery is dead by lunch.",
        ],
        "also": [
            "{S}'s home line is {alt}.",
            "{S} listed {alt} as the emergency contact number.",
            "{S2}'s number: {alt}.",
        ],
        "ask": [
            "How do I reach {s} by phone?",
            "What number gets me {s}?",
            "Which digits do I dial for {s}?",
        ],
    },
    "manager": {
        "old": [
            "Reporting line: {s} -> {old}.",
            "{old} writes {s}'s performance reviews.",
            "{old} approves {s}'s time off.",
            "{S}'s weekly 1:1 is with {old}.",
        ],
        "new": [
            "Reporting line: {s} -> {new} (was {old}).",
            "{old} went to the platform org, so {s}'s reviews are {new}'s job now.",
            "{new} approves {s}'s time off.",
            "HR confirmed {s}'s line manager is {new}.",
            "Correction: {s} rolls up to {new}, not {old}.",
            "{S} has had weekly 1:1s with {new} since last sprint.",
        ],
        "distract": [
            "{S} onboarded {other} this week.",
            "There was talk of putting {s} under {other}; it was dropped.",
            "{S} sent {other} a long design review.",
            "{S} booked a skip-level with {other}.",
        ],
        "also": [
            "{alt} is {s}'s onboarding buddy.",
            "Added {alt} to {s}'s promo committee.",
            "{old} also approves {s2}'s time off.",
        ],
        "ask": [
            "Who is {s} under in the org chart?",
            "Whose direct report is {s}?",
            "Who's the manager over {s}?",
        ],
    },
    "favourite": {
        "old": [
            "{S} lives in {old} all day.",
            "{S}'s dotfiles are mostly {old} config.",
            "{S} has {old} open on both monitors.",
            "{S} codes in {old}.",
        ],
        "new": [
            "{S}: {old} -> {new}, and won't shut up about it.",
            "{S}'s wrists hated {old}, so {new} it is.",
            "{S} has {new} open on both monitors.",
            "Pairing with {s} today: it's all {new} now, {old} is gone from the dock.",
            "Correction: {s}'s editor is {new}, not {old}.",
            "Since last sprint {s} has been doing everything in {new}.",
        ],
        "distract": [
            "{S} tried {other} for a week and went back.",
            "{S} filed an issue on the {other} tracker.",
            "Should the team standardise on {other}? {S} voted no.",
            "{S} fixed a colleague's {other} config.",
        ],
        "also": [
            "{S} uses {alt} for quick edits on servers.",
            "{S} added {alt} to the laptop for markdown.",
            "{S2} has {old} open on both monitors too.",
        ],
        "ask": [
            "What does {s} write code in?",
            "Which editor is {s} on?",
            "What's {s}'s editor right now?",
        ],
    },
    "car": {
        "old": [
            "{S}'s car: {old}.",
            "The {old} in the car park is {s}'s.",
            "{S} drove the family {old} to the offsite.",
            "{S} has a {old} on lease.",
        ],
        "new": [
            "{S}'s car: {new} (was the {old}).",
            "{S} needed more boot space than the {old} had, so it's a {new} now.",
            "The {new} in the car park is {s}'s.",
            "{S} collected the {new} from the dealer on Saturday as planned; the {old} went back.",
            "Correction: {s} has a {new}, not a {old}.",
            "Rode with {s} to the client in the {new}; the {old} is long gone.",
        ],
        "distract": [
            "{S} priced a {other} but decided against it.",
            "{S} got a lift home in a colleague's {other}.",
            "{S}'s car failed its MOT on a headlight.",
            "Should {s} go electric with a {other}? Still thinking.",
        ],
        "also": [
            "{S}'s partner has a {alt}.",
            "{S} keeps a {alt} at the holiday house.",
            "{S2}'s car: {old}.",
        ],
        "ask": [
            "What is {s} driving nowadays?",
            "Which vehicle belongs to {s}?",
            "What's {s}'s motor?",
        ],
    },
    "school": {
        "old": [
            "{S}'s daughter — {old}, year 3.",
            "{S} does the {old} drop-off for the daughter.",
            "{S}'s daughter wears the {old} uniform.",
            "{S}'s daughter sings in the choir at {old}.",
        ],
        "new": [
            "{S}'s daughter — {new} now, was {old}.",
            "{S} took the daughter out of {old} because of the commute; she's at {new}.",
            "{S}'s daughter wears the {new} uniform.",
            "{S}'s daughter's first week at {new} went well; she misses her friends from {old}.",
            "Correction: {s}'s daughter is at {new}, not {old}.",
            "{S} has done the {new} drop-off since last term.",
        ],
        "distract": [
            "{S}'s daughter has a match against {other} on Saturday.",
            "{S} toured {other} at an open day, but the daughter is staying put.",
            "{S}'s daughter needs a costume for the play.",
            "Should {s}'s daughter apply to {other} for sixth form? Undecided.",
        ],
        "also": [
            "{S}'s son goes to {alt}.",
            "{S}'s daughter does swimming at {alt} on Saturdays.",
            "{S2}'s daughter wears the {old} uniform too.",
        ],
        "ask": [
            "Where is {s}'s daughter at school?",
            "Which school has {s}'s daughter?",
            "What school does {s}'s girl attend?",
        ],
    },
    "team": {
        "old": [
            "{S} — {old} team.",
            "{S} takes tickets from the {old} board.",
            "{S} sprint-plans with {old}.",
            "{S} ships features for {old}.",
        ],
        "new": [
            "{S} — {new} team (was {old}).",
            "{S} asked to leave {old} to be closer to the product, so {new} it is.",
            "{S} takes tickets from the {new} board.",
            "{S} has sprint-planned with {new} since last sprint.",
            "Correction: {s} is on {new}, not {old}.",
            "The {new} lead confirmed {s} is on their roster.",
        ],
        "distract": [
            "There was talk of moving {s} to {other}; it didn't happen.",
            "{S} paired with the {other} team on a bug.",
            "{S} is presenting at the {other} demo day.",
            "Should {s} rotate into {other} next half? TBD.",
        ],
        "also": [
            "{S} covers {alt} on-call once a month.",
            "{S} added {alt} to their review rota.",
            "{S2} takes tickets from the {old} board too.",
        ],
        "ask": [
            "What team does {s} sit with now?",
            "Whose roster is {s} on?",
            "Which group has {s}?",
        ],
    },
    "language": {
        "old": [
            "{S}: {old}, single repo.",
            "Contributors to {s} need to know {old}.",
            "{S} is {old} top to bottom.",
            "Everything in {s} goes through the {old} toolchain.",
        ],
        "new": [
            "{S}: {new} (was {old}).",
            "{S} was too slow in {old}, so the team redid it in {new}.",
            "Contributors to {s} need to know {new}.",
            "The last {old} file got deleted from {s} today; it's {new} top to bottom.",
            "Correction: {s} is {new}, not {old}.",
            "The {new} port of {s} scheduled for this sprint merged on Tuesday.",
        ],
        "distract": [
            "{S} has a {other} client that someone maintains on the side.",
            "Should we rewrite {s} in {other}? It came up again at lunch.",
            "{S} was benchmarked against a {other} reimplementation.",
            "{S} has {n} open dependency bumps.",
        ],
        "also": [
            "{S}'s deploy tooling is {alt}.",
            "{S} added {alt} for its data pipeline bits.",
            "Contributors to {s2} need to know {old} too.",
        ],
        "ask": [
            "Which programming language is behind {s}?",
            "What would I need to know to hack on {s}?",
            "What language does {s} use these days?",
        ],
    },
    "email": {
        "old": [
            "{S} <{old}>",
            "Cc {s} at {old} on the vendor thread.",
            "{S} reads {old}.",
            "Calendar invites for {s} go to {old}.",
        ],
        "new": [
            "{S} <{new}> (the old {old} is dead).",
            "{S} moved off {old} because of the spam, so use {new}.",
            "Cc {s} at {new} on the vendor thread.",
            "IT confirmed {s}'s mailbox is {new} now.",
            "Correction: {s} is {new}, not {old}.",
            "Since the domain change last month {s} has been on {new}.",
        ],
        "distract": [
            "{S} has {n} unread in the inbox.",
            "{other} forwarded {s} the vendor quote.",
            "Should {s} get a shared team alias? {other} asked IT.",
            "{S} stops answering email after 7pm.",
        ],
        "also": [
            "{S} gets pager digests at {alt}.",
            "Added {alt} to {s}'s forwarding list.",
            "{S2} <{alt}>",
        ],
        "ask": [
            "What address reaches {s}?",
            "Where should I send {s} the invite?",
            "What's the right mailbox for {s}?",
        ],
    },
    "version": {
        "old": [
            "{S} @ {old} in prod.",
            "{S} {old} is what customers hit.",
            "All regions run {s} {old}.",
            "Prod build of {s}: {old}.",
        ],
        "new": [
            "{S} @ {new} in prod (was {old}).",
            "{S} {old} had a memory leak, so prod is on {new}.",
            "{S} {new} is what customers hit.",
            "The {new} rollout of {s} planned for Tuesday finished at 100%.",
            "Release manager confirmed all regions run {s} {new}.",
            "Correction: prod is {s} {new}, not {old}.",
        ],
        "distract": [
            "{other} asked whether {s} should skip the next minor.",
            "{S} produced {n} Sentry errors overnight.",
            "{other} is writing the upgrade guide for the next major of {s}.",
            "A rollback of {s} was discussed but not needed.",
        ],
        "also": [
            "{S}'s CLI is at {alt}.",
            "{S}'s Android SDK is on {alt}.",
            "{S2} @ {old} in prod too.",
        ],
        "ask": [
            "What release of {s} are customers on?",
            "Which build of {s} is live?",
            "What's {s} at in production?",
        ],
    },
}


# The controls' second facts for the first three sets (their wordings left as they
# were): another attribute of the same subject, another subject with the same
# attribute, a list that grows. Neither fact of a control may be dropped.
ALSO: dict[str, list[str]] = {
    "host": ["{S} also has a replica on {alt}.", "{S2} is {alt}.", "{S} keeps its logs on {alt}."],
    "home": ["{S} also has a flat in {alt}.", "{S2} lives in {old}.", "{S} works in {alt}."],
    "employer": [
        "{S} also consults for {alt}.",
        "{S2} works at {old}.",
        "{S} used to intern at {alt}.",
    ],
    "date": ["{S} has a code freeze on {alt}.", "The deadline for {s2} is {alt}."],
    "owner": ["{alt} also helps maintain {s}.", "{alt} owns {s2}.", "{old} owns {s2}."],
    "role": ["{alt} is the {s2}.", "{old} is also the {s2}."],
    "tool": ["{S} also uses {alt} for deploys.", "{S2} uses {old} for CI."],
    "meeting": ["{S2} is at {alt}.", "{S} also has a follow-up at {alt}."],
    "name": ["The {s2} is called {alt}.", "The {s} also has a short name, {alt}."],
}


@dataclass
class Case:
    kind: str
    subject: str
    old: str
    new: str | None  # None: a control, the old fact stays current
    question: str
    distractors: list[str] = field(default_factory=list)
    days: tuple[int, int] = (0, 0)  # the old fact's day, the new fact's day


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# A ninth set (`ninth`), added 2026-12-04 after the tenth pass (supersede11) and measured
# only: on main before it and after it, never shown to a helper writing rules.
# A ninth wording set for bench/supersession.py (`ninth`), held out.
# Written 2026-12-04 by a helper that had NOT read the rules (nothing under memctl/ or
# tests/, nor bench/README.md); it read only bench/supersession.py and
# briefs/eighth/eighth.py for the format, the kinds, the placeholders and how
# `_values`/`make_cases` fill them.
#
# Registers aimed at (absent from the earlier sets): commit messages and changelog lines,
# calendar invites and e-mail snippets, customer-support / CRM notes, a personal diary,
# a quoted chat message from a third person, a change stated only by a date range,
# plus corrections, changes with a reason, a second person confirming, a future-dated
# change that has happened, relative time, and changes with no change word at all.
#
# Placeholders, as make_cases fills them:
#   old/new/ask: {s} {S} {old} {new}
#   distract:    {s} {S} {other} {n}   ({other} is a value of the same sort for home,
#                employer, favourite, car, school, team and language; a person's name
#                for every other kind)
#   also:        {s} {S} {s2} {S2} {alt} {old}   (the first line of each kind has no
#                {s2}: make_cases falls back to it when no second subject is left)
# The people quoted inside lines (Teodor, Beatriz, Wojtek, Ngozi, Arjun, Fiona, Callum,
# Mireille, Ottilie) are not in the bench's NAMES, so they never collide with a value.
# Note: for the tool kind the subject is "The X team" (capital T), so lines put it
# after a colon or at the start where that reads naturally.
# One line each, no leading "- " (write() adds the bullet).

NINTH: dict[str, dict[str, list[str]]] = {
    "host": {
        "old": [
            "nslookup {s} gives {old}.",
            "ssh {old} if you need to poke at {s}.",
            "Inventory sheet, row for {s}: {old}.",
            "Paged at 3am because {s} on {old} was swapping.",
        ],
        "new": [
            "chore(infra): repoint {s} at {new}",
            "Teodor in #ops: \u201c{s} answers on {new}, leave {old} alone, it\u2019s being wiped\u201d",
            "{S}: {old} through October, {new} from November onwards.",
            "Scratch my note from Tuesday: {s} is served by {new}. I copied {old} out of a stale runbook.",
            "Ever since {s} landed on {new} nobody has complained about the nightly jobs.",
            "Maintenance window Sat 02:00 \u2014 {s} to {new}. Update Monday: done, {old} powered off.",
        ],
        "distract": [
            "{other} replayed a day of prod traffic into {s}; p95 stayed flat.",
            "RFC from {other}: dedicated hardware for {s}? Parked, nobody picked it up.",
            "Ticket {n}: customer saw timeouts from {s}; cleared after a cache flush.",
            "The cutover of {s} pencilled in for this week was called off by {other}.",
            "Disk on {s} at {n}%; {other} is pruning old snapshots.",
        ],
        "also": [
            "{S} ships its WAL archives to {alt}.",
            "Added {alt} to the pool behind {s}.",
            "{old} serves {s2} as well.",
            "Warm standby for {s}: {alt}.",
        ],
        "ask": [
            "What's the hostname for {s} these days?",
            "Which machine answers for {s}?",
            "If I ssh in to debug {s}, what box do I land on?",
        ],
    },
    "home": {
        "old": [
            "{S} pays council tax in {old}.",
            "Shipping address for {s}'s conference swag: {old}.",
            "Dinner at {s}'s flat in {old} tonight, lovely view.",
            "{S} cycles to work from home in {old}.",
        ],
        "new": [
            "Dear diary: helped {s} haul the last sofa into the new flat in {new}. {old} feels like ages ago.",
            "{S}: {old} until March, {new} from April.",
            "Support note: {s} wants the replacement laptop sent to {new}; the {old} address no longer works.",
            "Ottilie: \u201c{s} is a proper {new} local now, we had drinks there Friday\u201d",
            "After the move to {new} {s} finally has a garden.",
            "Re: offsite travel \u2014 {s} flies out of {new}, not {old}. HR already has the address.",
        ],
        "distract": [
            "{S} spent a long weekend hiking near {other}.",
            "Is {s} still toying with a move to {other}? Asked, got a shrug.",
            "{S} booked {n} nights in {other} for the summit.",
            "{S}'s brother just bought a house in {other}.",
            "{S} was offered a transfer to {other} and turned it down.",
        ],
        "also": [
            "{S} spends winters at a cabin outside {alt}.",
            "{S} was born in {alt}.",
            "{S2}'s postcode is in {old} as well.",
            "{S} added {alt} to the list of cities for remote weeks.",
        ],
        "ask": [
            "Which city goes on {s}'s mailing label?",
            "Where is {s} living at the moment?",
            "In what town does {s} have a home?",
        ],
    },
    "employer": {
        "old": [
            "{S} signed the NDA on {old} letterhead.",
            "E-mail footer: {s}, Senior SRE, {old}.",
            "{S} presented {old}'s roadmap at the meetup.",
            "{S}'s laptop is a company ThinkPad from {old}.",
        ],
        "new": [
            "{S} \u2014 {old} (2019\u20132026), {new} (2026\u2013).",
            "E-mail footer now reads: {s}, Platform Lead, {new}.",
            "Fiona on Slack: \u201c{s} is at {new} since August, left {old} on good terms\u201d",
            "Diary: farewell drinks for {s} tonight, Monday is day one at {new}.",
            "{S} traded {old}'s brutal on-call for a saner one at {new}.",
            "CRM update: contact {s} is now our champion at {new}, no longer at {old}.",
        ],
        "distract": [
            "{S} got a cold call from {other}'s recruiter.",
            "{S} was shortlisted by {other} but withdrew.",
            "{S} did a podcast episode with the CTO of {other}.",
            "{S} bought {n} shares of {other}.",
            "Would {s} ever consider {other}? Worth asking at the reunion.",
        ],
        "also": [
            "{S} coaches at the yearly {alt} hackathon.",
            "{S} teaches a night class sponsored by {alt}.",
            "{S2} is a colleague of {s} at {old}.",
            "{S} picked up a side contract with {alt}.",
        ],
        "ask": [
            "Which firm is {s} employed at now?",
            "Whose staff is {s} on nowadays?",
            "If I ring {s}'s office, which company picks up?",
        ],
    },
    "date": {
        "old": [
            "Calendar: {S} \u2014 all day, {old}.",
            "Kickoff deck says {s} lands {old}.",
            "Roadmap row: {s} | {old} | green.",
            "Told the customer {s} is {old}.",
        ],
        "new": [
            "Calendar: {S} \u2014 all day, {new}. The {old} invite was withdrawn by the organiser.",
            "Email from the PMO, subject \u201c{S}: revised date\u201d \u2014 it's {new}.",
            "Ngozi: \u201clegal needs two more weeks, so {s} goes {new}\u201d",
            "changelog: target date for {s} set to {new} (from {old})",
            "My mistake in the status mail: {s} is on {new}, I pasted {old} from an old draft.",
            "Steering agreed {s} would shift to {new} once the audit closed; the audit closed today.",
        ],
        "distract": [
            "{other} drafted the press release for {s}.",
            "Is there any slack in {s}? Open question for {other}.",
            "{S}: {n} open blockers, {other} triaging.",
            "Catering for {s} booked by {other}.",
        ],
        "also": [
            "Dress rehearsal for {s}: {alt}, 10am.",
            "Retro for {s} booked on {alt}.",
            "{S2}: {alt}, same release train.",
            "{S2} lands {old} too.",
        ],
        "ask": [
            "What day should I block for {s}?",
            "What date is {s} slotted for?",
            "Which date should I give customers for {s}?",
        ],
    },
    "owner": {
        "old": [
            "CODEOWNERS: {s} @{old}",
            "{old} is on the hook for {s}.",
            "Escalations for {s} go to {old}.",
            "{old} has admin on {s} and signs off its releases.",
        ],
        "new": [
            "chore: update CODEOWNERS for {s} to @{new}",
            "Wojtek: \u201c{s} is {new}'s baby these days, ask them\u201d",
            "Escalations for {s} route to {new} after {old} left for parental leave.",
            "Ownership of {s}: {old} through Q2, {new} from Q3.",
            "Got it wrong in the onboarding doc \u2014 {s} sits with {new}; I had written {old}.",
            "Announced last month that {new} would inherit {s} at quarter end. Quarter ended; it's {new}'s now.",
        ],
        "distract": [
            "{other} found a memory leak in {s}.",
            "{other} volunteered to adopt {s}; the director said no.",
            "{S} served {n}M requests yesterday.",
            "Poll in #eng: should {s} be co-owned? {n} votes, no decision.",
            "{other} maintains the Grafana boards that watch {s}.",
        ],
        "also": [
            "{alt} is secondary on-call for {s}.",
            "{alt} joined the approvers list for {s}.",
            "{old} is on the hook for {s2} as well.",
            "{S2} is {alt}'s.",
        ],
        "ask": [
            "Who do I escalate to about {s}?",
            "Which person is accountable for {s}?",
            "Who runs {s}?",
        ],
    },
    "role": {
        "old": [
            "Org chart: {old}, {s}.",
            "{old} signs off as {s} on the release notes.",
            "Ask {old} ({s}) for exceptions.",
            "Release calendar lists {old} as {s}.",
        ],
        "new": [
            "Mireille: \u201cbig congrats to {new}, our {s} from this week!\u201d",
            "{old} stepped down as {s} after burning out; {new} stepped in.",
            "Release notes this week signed by {new} as {s}.",
            "{S}: {old} (H1), {new} (H2).",
            "The VP's memo said {new} would become {s} on the 15th; as of today that's in effect.",
            "Oops, wrong name in the newsletter: {s} is {new}. {old} held it before.",
        ],
        "distract": [
            "{other} lobbied the {s} for extra headcount.",
            "The {s} runs {n} one-on-ones a week.",
            "{other} is covering the {s}'s meetings during the conference.",
            "Can {other} shadow the {s} for a sprint?",
        ],
        "also": [
            "{alt} deputises for the {s}.",
            "{old} doubles as {s2}.",
            "{alt} holds the {s2} slot.",
        ],
        "ask": [
            "Who's filling the {s} position these days?",
            "Who would I see listed as {s} today?",
            "Name of the current {s}?",
        ],
    },
    "tool": {
        "old": [
            "{S}'s .ci folder is all {old} pipelines.",
            "Onboarding for {S}: request a {old} account on day one.",
            "{S} pays for {old} seats.",
            "Build badge on {S}'s README: {old}.",
        ],
        "new": [
            "ci: port pipelines of {S} to {new}",
            "Onboarding for {S}, revised: request a {new} account on day one ({old} accounts are no longer issued).",
            "Callum: \u201c{S} turned off {old} yesterday, everything builds on {new}\u201d",
            "{S}'s CI bill halved once it went to {new}.",
            "{S}: {old} until the spring, {new} since May.",
            "Yesterday I said {S} builds on {old}. Wrong, it's {new}.",
        ],
        "distract": [
            "{S} spent {n} minutes chasing a cache miss in CI.",
            "{other} demoed GitLab CI to {S}; no plans to adopt it.",
            "{S} begged {other} for more build agents.",
            "Is {S}'s pipeline config worth open-sourcing? {other} wonders.",
        ],
        "also": [
            "{S} deploys through {alt}.",
            "{S} added {alt} as a second runner for docs builds.",
            "{S2}'s .ci folder is all {old} pipelines as well.",
        ],
        "ask": [
            "What CI vendor is {s} paying for?",
            "{S}: what's their build server?",
            "What runs the builds for {s}?",
        ],
    },
    "meeting": {
        "old": [
            "Recurring invite: {S}, weekdays, {old}.",
            "Alarm set for {old}: {s}.",
            "Don't book anything at {old}, that's {s}.",
            "{S}: {old}, room Fjord.",
        ],
        "new": [
            "Updated invite: {S}, weekdays, {new}. Please accept again.",
            "From the organiser, subject \u201c{S} new slot\u201d: {new} going forward.",
            "Ottilie: \u201c{s} is {new} now, the US folks couldn't make {old}\u201d",
            "{S}: {old} through June, {new} from July.",
            "Turned up at {old} for {s} and the room was empty. It's {new}.",
            "The organiser said {s} would be at {new} from this week; it was, everyone showed.",
        ],
        "distract": [
            "{S} went {n} minutes over and the next call started late.",
            "{other} suggested merging {s} with the planning call; rejected.",
            "{other} took {s} from a caf\u00e9 with bad wifi.",
            "Do we still need {s} daily? {other} would try twice a week.",
        ],
        "also": [
            "Fridays add a demo slot after {s}, at {alt}.",
            "{S2}: {alt}, same room.",
            "There's a {alt} office-hours slot for anyone who missed {s}.",
        ],
        "ask": [
            "When's {s} on the calendar?",
            "When should I dial in for {s}?",
            "What's the slot for {s}?",
        ],
    },
    "name": {
        "old": [
            "Bookmarked the {s} as {old}.",
            "The {s} is filed under {old} in Confluence.",
            "Link to the {s}: go/{old}.",
            "@{old} is the {s}'s handle in chat.",
        ],
        "new": [
            "refactor: rename the {s} to {new}",
            "Link to the {s}: go/{new} (go/{old} redirects for a month).",
            "Fiona: \u201cthe {s} is {new} now, {old} 404s\u201d",
            "Comms picked {new} for the {s} because {old} clashed with a product name.",
            "The {s}: {old} until the May rebrand, {new} after.",
            "Fixing my own earlier note: the {s} is listed as {new}; {old} is what it was before.",
        ],
        "distract": [
            "{other} wired a search box into the {s}.",
            "The {s} gets about {n} visits a day.",
            "There was a pitch to rename the {s}; {other} vetoed it.",
            "Is the {s} worth keeping at all? {other} asked.",
        ],
        "also": [
            "The {s} also answers to {alt}.",
            "The {s2} is filed under {alt}.",
            "Old-timers still type {alt} and land on the {s}.",
        ],
        "ask": [
            "If I search the intranet, what is the {s} listed as?",
            "Which handle does the {s} go by?",
            "What link gets me to the {s}?",
        ],
    },
    "phone": {
        "old": [
            "vCard for {s}: tel {old}.",
            "{S}: mobile {old}, WhatsApp too.",
            "On-call sheet lists {s} at {old}.",
            "Rang {s} on {old} about the outage.",
        ],
        "new": [
            "vCard for {s} updated: tel {new}.",
            "Email from {s}: \u201cnew phone, new number, {new}. {old} gets cut off Friday.\u201d",
            "Support note: caller verified as {s}, asked us to set the callback number to {new}.",
            "{S}: {old} until the carrier switch in May, {new} after.",
            "Rang {s} on {old}: out of service. Beatriz says it's {new}, and that worked.",
            "Diary: finally saved {s}'s number properly, {new}.",
        ],
        "distract": [
            "{S} missed {n} calls during the flight.",
            "{other} has {s}'s number but never calls.",
            "Publish {s}'s number on the status page? {other} says no.",
            "{S} never listens to voicemail.",
        ],
        "also": [
            "{S}'s desk extension is {alt}.",
            "{S2}: mobile {alt}.",
            "Backup contact for {s}: {alt}.",
        ],
        "ask": [
            "What's the best number for {s}?",
            "Which phone number should I ring for {s}?",
            "How can I call {s}?",
        ],
    },
    "manager": {
        "old": [
            "Workday: {s}, manager {old}.",
            "{old} signs {s}'s expense claims.",
            "{S} is on {old}'s headcount.",
            "{old} gave {s} feedback on the promo packet.",
        ],
        "new": [
            "Workday: {s}, manager {new}.",
            "Reorg email from the VP: {s} joins {new}'s group effective today; thanks {old}.",
            "Teodor: \u201cheads up, {s} is one of {new}'s reports now\u201d",
            "{S}: reported to {old} until June, to {new} from July.",
            "{old} had too many reports, so {s} went to {new}.",
            "{new} signs {s}'s expense claims these days.",
        ],
        "distract": [
            "{S} mentored {other} through the internship.",
            "{S} wrote {other} a reference letter.",
            "A transfer of {s} to {other}'s team was floated and dropped.",
            "{S} and {other} co-wrote the design doc.",
        ],
        "also": [
            "{alt} is {s}'s mentor.",
            "{old} signs {s2}'s expense claims too.",
            "{S} added {alt} as a second reviewer for the promo case.",
        ],
        "ask": [
            "If {s} wants a raise, who do they ask first?",
            "Who manages {s} now?",
            "Who's {s}'s line manager at the moment?",
        ],
    },
    "favourite": {
        "old": [
            "{S} evangelises {old} to every new hire.",
            "{S}'s screen-share is always {old}.",
            "{S} gave a lightning talk on {old} plugins.",
            "{S} keymaps everything in {old}.",
        ],
        "new": [
            "Diary: watched {s} configure {new} all afternoon. {old} is uninstalled. Wild.",
            "{S}'s screen-share is always {new} lately.",
            "Beatriz: \u201c{s} finally ditched {old}, it's {new} now\u201d",
            "{S} has evangelised {new} to every new hire since the Christmas break.",
            "{S} got tired of {old}'s plugin breakage and went with {new}.",
            "Wrong in my pairing notes: {s} works in {new}; I mixed it up with {old} from years ago.",
        ],
        "distract": [
            "{S} reviewed a PR that adds {other} support to the linter.",
            "{S} sat through a {other} demo and was unimpressed.",
            "Would {s} ever try {other}? Maybe over the holidays.",
            "{S}'s intern uses {other}.",
        ],
        "also": [
            "{S} opens giant log files in {alt}.",
            "{S} picked up {alt} for writing notes too.",
            "{S2} is also a diehard for {old}.",
        ],
        "ask": [
            "What's {s} typing code into these days?",
            "Which text editor is {s}'s daily driver?",
            "Where does {s} do their editing?",
        ],
    },
    "car": {
        "old": [
            "{S} parks the {old} in bay 12.",
            "Insurance renewal for {s}'s {old} is due.",
            "{S} does the school run in a {old}.",
            "Carpool: {s} picks us up in the {old}.",
        ],
        "new": [
            "Diary: {s} drove me home in the {new}. Still smells of the showroom.",
            "Carpool: {s} picks us up in the {new} now; the {old} got sold.",
            "Parking permit for {s} reissued for the {new}.",
            "{S}: {old} until the lease ended in March, {new} since April.",
            "Arjun: \u201c{s} traded in the {old}, it's a {new}\u201d",
            "{S} wanted something cheaper to run than the {old}; the {new} is half the fuel.",
        ],
        "distract": [
            "{S} sat in a {other} at the motor show and hated the seats.",
            "{S} took a {other} from the rental desk for the ski trip.",
            "{S} left the headlights on again; flat battery.",
            "Is a {other} worth it for {s}? Debate ongoing.",
        ],
        "also": [
            "{S} bought the teenager a second-hand {alt}.",
            "{S} books a {alt} from the car club most weekends.",
            "{S2} has the same {old} as {s}.",
        ],
        "ask": [
            "Which car does {s} own?",
            "What does {s} have parked at home?",
            "What will {s} turn up in?",
        ],
    },
    "school": {
        "old": [
            "{S}'s daughter is in year 4 at {old}.",
            "{S} is on the PTA at {old}, where the daughter goes.",
            "{S} leaves at 3 to collect the daughter from {old}.",
            "Parents' evening at {old} for {s}'s daughter on Thursday.",
        ],
        "new": [
            "Email from {new} admissions: {s}'s daughter starts Monday. Update: she started, loves it.",
            "{S} leaves at 3 to collect the daughter from {new}.",
            "Diary: {s}'s girl has settled in at {new}; {old} feels like a bad memory.",
            "Mireille: \u201c{s}'s daughter switched to {new} after the bullying at {old}\u201d",
            "{S}'s daughter: {old} through year 3, {new} from year 4.",
            "Parents' evening at {new} for {s}'s daughter on Thursday.",
        ],
        "distract": [
            "{S}'s daughter played netball against {other}.",
            "{S} went to a {other} open evening out of curiosity.",
            "{S}'s daughter has {n} spellings to learn this week.",
            "Would {other} suit {s}'s daughter better? Just wondering aloud.",
        ],
        "also": [
            "{S}'s son got a place at {alt}.",
            "{S}'s daughter does after-school coding at {alt}.",
            "{S2}'s daughter is in year 4 at {old} too.",
        ],
        "ask": [
            "Where is {s}'s daughter a pupil?",
            "Where does {s} drop the daughter off in the morning?",
            "What's the name of {s}'s daughter's school?",
        ],
    },
    "team": {
        "old": [
            "{S} wears the {old} squad hoodie.",
            "{S} joins the {old} retro every other Friday.",
            "Jira: {s} assigned to {old} epics.",
            "{S} gets pinged in #{old}-oncall.",
        ],
        "new": [
            "Jira: {s} assigned to {new} epics.",
            "Teodor: \u201cwelcome {s} to {new}!\u201d",
            "{S} asked to join {new} to be closer to customers, and got it.",
            "{S}: {old} squad till Q1, {new} squad from Q2.",
            "{S} joins the {new} retro every other Friday.",
            "The team page had it wrong: {s} is {new}, has been for a while; {old} was last year.",
        ],
        "distract": [
            "{S} unblocked a {other} deploy on Friday night.",
            "{S} gave a brown-bag to the {other} squad.",
            "Was {s} going to rotate to {other}? The rotation got cancelled.",
            "The {other} team has {n} open reqs.",
        ],
        "also": [
            "{S} hangs out in the {alt} guild as well.",
            "{S} joined the {alt} interview loop.",
            "{S2} wears the {old} squad hoodie too.",
        ],
        "ask": [
            "In which squad would I find {s}?",
            "Whose backlog does {s} work from?",
            "Who does {s} sprint with?",
        ],
    },
    "language": {
        "old": [
            "{S}'s source is all {old}.",
            "{S}'s repo: mostly {old}, per GitHub's language bar.",
            "New hires on {s} get the {old} style guide.",
            "Every PR to {s} runs the {old} linter.",
        ],
        "new": [
            "chore: delete the last {old} module from {s}; repo is {new} only",
            "{S}'s repo: mostly {new}, per GitHub's language bar.",
            "Ngozi: \u201cthe {new} rewrite of {s} is the only thing in prod\u201d",
            "{S}: {old} up to v2, {new} from v3 on.",
            "Moving {s} to {new} killed the GC pauses we had in {old}.",
            "New hires on {s} get the {new} style guide.",
        ],
        "distract": [
            "{S} ships a {other} SDK for partners.",
            "Someone prototyped {s} in {other} at a hackathon; it went nowhere.",
            "{S} has {n} flaky tests.",
            "Would {other} suit {s}? Idle lunch chat.",
        ],
        "also": [
            "{S}'s migrations are written in {alt}.",
            "{S} picked up {alt} for its CLI.",
            "{S2}'s source is all {old} too.",
        ],
        "ask": [
            "What's under the hood of {s}, language-wise?",
            "Which language should I learn to contribute to {s}?",
            "What's {s}'s implementation language?",
        ],
    },
    "email": {
        "old": [
            "Newsletter list: {s}, {old}.",
            "Reply-to for {s}: {old}.",
            "Sent the contract to {s} at {old}.",
            "{S}'s Gravatar is tied to {old}.",
        ],
        "new": [
            "Reply-to for {s}: {new}.",
            "Bounce from {old}; {s}'s working address is {new}.",
            "Support note: {s} asked for the account email to be changed to {new}. Done.",
            "{S}: {old} until the domain migration in May, {new} since.",
            "Callum: \u201cuse {new} for {s}, the old one bounces\u201d",
            "Sent the contract to {s} at {new}, the only address they check these days.",
        ],
        "distract": [
            "{S} unsubscribed from {n} newsletters.",
            "{other} cc'd {s} on a very long thread.",
            "{S} set up mail filters with {other}'s help.",
            "Does {s} need a PGP key? {other} offered to set one up.",
        ],
        "also": [
            "{S}'s billing emails go to {alt}.",
            "{S} added {alt} as a recovery address.",
            "Reply-to for {s2}: {alt}.",
        ],
        "ask": [
            "Which inbox does {s} actually read?",
            "Which address should I mail {s} at?",
            "Where does mail for {s} go?",
        ],
    },
    "version": {
        "old": [
            "{S} is pinned at {old}.",
            "Grafana header for {s}: build {old}.",
            "Helm values: {s} image tag {old}.",
            "Customers see {s} {old} in the About box.",
        ],
        "new": [
            "bump {s} to {new}",
            "CHANGELOG ({s}): released {new} to all regions; {old} retired.",
            "Helm values: {s} image tag {new}.",
            "Arjun: \u201c{s} is on {new} everywhere, rollout finished at 4pm\u201d",
            "{S}: {old} until Tuesday's deploy, {new} afterwards.",
            "{S} needed the TLS fix, hence {new} in prod.",
        ],
        "distract": [
            "{other} opened a CVE ticket against {s}'s dependencies.",
            "{S} logged {n} warnings after the cache flush.",
            "Was there a plan to canary {s}? {other} never scheduled it.",
            "Should {s} go to calendar versioning? {other} asked.",
        ],
        "also": [
            "{S}'s Python client is at {alt}.",
            "{S}'s protobuf schema is at {alt}.",
            "{S2} is pinned at {old} too.",
        ],
        "ask": [
            "Which release number does prod report for {s}?",
            "What build of {s} do users get?",
            "What's the deployed release of {s}?",
        ],
    },
}


# A tenth set (`tenth`), added 2026-12-05 and measured on main before tonight's round
# (28c3af5) and after it; never shown to a helper writing rules. Its false drops
# ("AI: ...", "Headline: ..." lines filed under a `## AI` heading) were read by the
# lead, whose speaker rule in memctl/models/curate.py came from them and from an
# audit's "## Confirmed": for that measure it is no longer held out.
# A tenth wording set for bench/supersession.py (`tenth`), held out.
# Written 2026-12-04, 23:42-23:48 UTC, by a helper session started for brief
# briefs/tenth.md. It read ONLY bench/supersession.py (for the format, the 18 kinds, the
# placeholders and how `_values`/`make_cases` fill them, and to avoid the registers of
# the nine earlier sets); nothing under memctl/, tests/, docs/, bench/README.md or any
# other helper's folder.
#
# Registers aimed at (absent or rare in the earlier sets): voice-note transcripts
# ("um so basically ..."), Slack replies with @mentions and :emoji: words, meeting
# minutes ("Decision:", "AI:" action items), one-line diff snippets
# (`- key: old` / `+ key: new`), `key = 'value'  # comment` config lines, pipe table
# rows, to-do lines ("[x]" done, "[ ]" open), SMS abbreviations (rn, pls, tmrw, thx),
# non-native English, passive voice, the change in a subordinate clause, a question
# answered in the same line ("Q: ... A: ..."), a change implied only by the new value in
# use, "used to", "formerly", a reason first, headlines, tickets closed.
# Distractors: open to-dos, action items, Slack pings, plans called off or voted down,
# someone else's value, passive-voice events; none changes the subject's value.
#
# Placeholders, as make_cases fills them:
#   old/new/ask: {s} {S} {old} {new}
#   distract:    {s} {S} {other} {n}   ({other} is a value of the same sort for home,
#                employer, favourite, car, school, team and language; a person's name
#                for every other kind)
#   also:        {s} {S} {s2} {S2} {alt} {old}   (the first line of each kind has no
#                {s2}: make_cases falls back to it when no second subject is left)
# People named inside lines (Halvard, Oksana, Desmond, Siobhan) are not in the bench's
# NAMES. For the tool kind the subject is "The X team" (capital T), so {S} is put at the
# start of a line, after a colon or a pipe, or after a comma in speech.
# The school kind is about the subject's son throughout.
# One line each, no leading "- " (write() adds the bullet).

TENTH: dict[str, dict[str, list[str]]] = {
    "host": {
        "old": [
            "hosts.ini: {s} = {old}  ; primary, do not touch",
            "| {S} | {old} | prod | healthy |",
            "um so {s} is, uh, on {old}, in case anyone asks",
            "{S} is served from {old}, according to the runbook.",
        ],
        "new": [
            "Diff on the inventory repo for {s}: `- host: {old}` / `+ host: {new}`",
            "[x] cut {s} over to {new} and power down {old}",
            "Q: is {s} still on {old}? A: nope, {new} since the weekend.",
            "um so basically {s} got moved off {old} onto {new} friday night, it's all done, yeah",
            "Because {old} kept running out of inodes, {s} was rebuilt on {new}.",
            "@Halvard fyi {s} lives on {new} now :white_check_mark: {old} is free for your tests",
            "Ticket OPS-2291 closed: {s} now resolves to {new}; {old} decommissioned.",
        ],
        "distract": [
            "@{other} :eyes: is {s} slow for you too, or is it just me?",
            "AI: {other} to write the restore runbook for {s}.",
            "Decision: no new hardware for {s} this quarter; {other} will revisit in spring.",
            "[ ] {other}: rotate the TLS cert on {s}",
            "{S} was paged {n} times overnight, mostly disk alerts.",
        ],
        "also": [
            "{S} replicates to {alt} every hour.",
            "backup_host for {s} = {alt}  # nightly dumps",
            "| {S2} | {alt} | prod | healthy |",
            "{S2} is served from {old} too.",
        ],
        "ask": [
            "which box is {s} on rn?",
            "Remind me, what server is {s} running on today?",
            "Q: hostname for {s}, as of now?",
        ],
    },
    "home": {
        "old": [
            "voice memo: uh, {s} lives in {old}, so in-person days are fine for them",
            "| {S} | {old} | remote-friendly |",
            "{S} is based in {old} and flies out from there.",
            "Emergency contact form: {s}, city of residence = {old}.",
        ],
        "new": [
            "voice memo: ok so {s} is, um, officially living in {new} now, moved the whole flat from {old} last month",
            "{S} used to live in {old}; the new flat is in {new}.",
            "@{S} congrats on the new place in {new}! :house: how's the commute compared to {old}?",
            "Since the rent in {old} doubled, {s} has moved to {new}.",
            "{S} is living in {new} since the spring, before was {old}.",
            "Q: still commuting in from {old}, {s}? A: no, I'm in {new} now, much closer.",
        ],
        "distract": [
            "{S} has a conference in {other} tmrw, back thu",
            "AI: {s} to scout coworking spaces in {other} for the team offsite.",
            "{S} thought about moving to {other}, but the plan was called off when the job offer fell through.",
            "@{S} :airplane: have fun in {other}! bring back snacks",
            "{S}'s sister was relocated to {other} by her company.",
        ],
        "also": [
            "{S} keeps a boat moored near {alt}.",
            "{S} was raised in {alt}.",
            "| {S2} | {old} | remote-friendly |",
            "{S} has a season ticket for the football club in {alt}.",
        ],
        "ask": [
            "where's {s} living these days?",
            "wat city is {s} in now?",
            "If I visit {s} at home, which city am I flying to?",
        ],
    },
    "employer": {
        "old": [
            "| {S} | {old} | Solutions Architect |",
            "um, {s} works at {old}, they did the integration with us last year",
            "{S} is employed by {old} as a contractor.",
            "LinkedIn: {s}, Engineer at {old}.",
        ],
        "new": [
            "LinkedIn headline changed: {s}, Engineer at {new} (formerly {old}).",
            "@{S} congrats on starting at {new}!! :tada: {old} will miss you",
            "Minutes: {s} has left {old} and joined {new}. Decision: their contract goes through {new}'s procurement.",
            "Because {old} froze all hiring and bonuses, {s} jumped ship to {new}.",
            "{S} is working by {new} since March, before by {old}.",
            "Q: {s} still at {old}? A: no, {new} for three months now.",
            "[x] update CRM: {s} now at {new}",
        ],
        "distract": [
            "{S} interviewed at {other} last year but turned the offer down.",
            "{S}'s partner works for {other}.",
            "AI: {s} to intro us to someone at {other}.",
            "A recruiter from {other} pinged {s} again; ignored, as usual.",
            "Headline: {other} announces layoffs; {s} says friends there are worried.",
        ],
        "also": [
            "{S} sits on the advisory board of {alt}.",
            "{S} runs paid weekend workshops for {alt}.",
            "| {S2} | {old} | Solutions Architect |",
            "{S2} is employed by {old} too.",
        ],
        "ask": [
            "who's {s} working for now?",
            "which company pays {s}'s salary these days?",
            "What's the company name on {s}'s badge right now?",
        ],
    },
    "date": {
        "old": [
            "| {S} | {old} | on track |",
            "{s}: target = {old}  # agreed at kickoff",
            "um so {s} is on {old}, I think, yeah, that's what they said",
            "{S} has been scheduled by the PMO for {old}.",
        ],
        "new": [
            "Diff on roadmap.md: `- {s}: {old}` / `+ {s}: {new}`",
            "Decision: {s} moves to {new}; {old} is off the table.",
            "{S}, originally planned for {old}, was pushed to {new} after the vendor slipped.",
            "Because the pen-test found two criticals, {s} slips to {new}.",
            "@Oksana heads up, {s} is {new} now, not {old} :calendar: pls update the deck",
            "Q: are we still doing {s} on {old}? A: no, it's {new}, legal signed off on that date.",
            "[x] move the calendar hold for {s} to {new}",
        ],
        "distract": [
            "AI: {other} to book a room for the retro of {s}.",
            "[ ] {other}: draft the customer email for {s}",
            "Someone asked if {s} could go earlier; {other} said no, not worth the risk.",
            "{S} has {n} open tickets, {other} is on it.",
            "@{other} :pray: can you check the comms plan for {s}?",
        ],
        "also": [
            "Go/no-go call for {s} is on {alt}.",
            "Smoke-test day for {s} was fixed for {alt}.",
            "| {S2} | {alt} | on track |",
            "{S2} is scheduled for {old} as well.",
        ],
        "ask": [
            "when is {s} happening now?",
            "Which day is {s} set for at this point?",
            "wen is {s}?? need it for the plan",
        ],
    },
    "owner": {
        "old": [
            "| {S} | owner: {old} | tier 1 |",
            "owner = '{old}'  # catalog entry for {s}",
            "{S} is looked after by {old}, per the service catalog.",
            "um, if {s} breaks, you, uh, call {old}, basically",
        ],
        "new": [
            "Catalog diff for {s}: `- owner: {old}` / `+ owner: {new}`",
            "{S} was handed over to {new} when {old} moved to the data team.",
            "@{new} :tada: congrats, {s} is all yours now! thx {old} for the years of care",
            "Decision: {new} takes ownership of {s} effective today. AI: {old} to hand over the runbooks.",
            "Ticket PLAT-318 closed: ownership of {s} transferred from {old} to {new}.",
            "Q: who owns {s}, still {old}? A: {new}, since the reorg.",
            "From this sprint {new} is the owner for {s}, {old} gave it away because of the sabbatical.",
        ],
        "distract": [
            "AI: {other} to add latency alerts for {s}.",
            "@{other} :eyes: {s} error rate looks weird, can u check?",
            "{S} was load-tested by {other} at {n}k requests per second.",
            "There was an idea that {other} would take over {s}; dropped after the planning meeting.",
            "[ ] {other}: review the postmortem for {s}",
        ],
        "also": [
            "{alt} is the backup owner for {s}.",
            "{alt} reviews every schema change to {s}.",
            "| {S2} | owner: {old} | tier 1 |",
            "{S2} is owned by {alt}.",
        ],
        "ask": [
            "who owns {s} now?",
            "Who do I talk to about changes to {s} these days?",
            "who's the owner of {s} rn?",
        ],
    },
    "role": {
        "old": [
            "| Role: {s} | {old} |",
            "{old} was appointed {s} at the offsite.",
            "um so {old} is our {s}, if you need, like, approvals",
            "roles.yml: {s} = {old}  # per the org wiki",
        ],
        "new": [
            "roles.yml diff: `- {s}: {old}` / `+ {s}: {new}`",
            "Decision: {new} becomes {s}, effective Monday; thanks to {old} for the two years.",
            "Headline in the internal newsletter: {new} named {s}, succeeding {old}",
            "{old} used to be the {s}; now it's {new}.",
            "@{new} :tada: welcome to being {s}! big shoes, {old} did it for ages",
            "As {old} went to the platform group, the {s} is {new} now.",
            "Q: is the {s} still {old}? A: not anymore, {new} took over in May.",
        ],
        "distract": [
            "AI: the {s} to send {other} the hiring plan.",
            "{other} asked the {s} for {n} more days of PTO.",
            "There was talk of {other} becoming {s}, but {other} said no thanks.",
            "@{other} :wave: the {s} wants you at the planning sync",
            "The job description for the {s} was rewritten by {other}.",
        ],
        "also": [
            "{alt} acts as deputy to the {s}.",
            "{alt} covers for the {s} during holidays.",
            "| Role: {s2} | {alt} |",
            "{old} was appointed {s2} as well.",
        ],
        "ask": [
            "who's the {s} nowadays?",
            "Q: current {s}?",
            "Who holds the role of {s} at the moment?",
        ],
    },
    "tool": {
        "old": [
            "| {S} | CI: {old} |",
            "ci_provider = {old}  # {S}'s pipelines",
            "voice note: {S}, um, they build everything on {old}, I think, yeah",
            "{S} has its builds run by {old}.",
        ],
        "new": [
            "{S}, ci.yml diff: `- provider: {old}` / `+ provider: {new}`",
            "{S} has its builds run by {new} now; {old} was switched off.",
            "{old} kept timing out on the monorepo. Result: {S} is on {new} now.",
            "[x] {S}: migrate pipelines to {new}, delete the {old} agents",
            "{S} was using {old} before, now all the pipelines are going in {new}.",
            "Q: {S} still on {old}? A: no, fully on {new} since the sprint started.",
            "Headline in the eng digest: {S} finishes its move to {new}",
        ],
        "distract": [
            "{S} had {n} red builds on Friday; {other} fixed the flaky test.",
            "AI: {S} to get a CI spend estimate from {other}.",
            "{S}: someone proposed trying GitHub Actions; {other} shot it down.",
            "@{other} :fire: {S}'s build queue is {n} deep again",
            "{S}: {other} wrote a CI cheat sheet for new joiners.",
        ],
        "also": [
            "{S} runs nightly security scans in {alt}.",
            "{S}: the docs site is built by {alt}.",
            "| {S2} | CI: {old} |",
            "{S2} has its builds run by {old} as well.",
        ],
        "ask": [
            "{S}: what do they build on these days?",
            "{S}, which CI do they use now?",
            "Q: {S}, which CI tool are they on currently?",
        ],
    },
    "meeting": {
        "old": [
            "| {S} | daily | {old} |",
            "{S} is held at {old} every weekday.",
            "um, {s} is at {old}, so don't be late, it's like five minutes",
            "cant do {old} weekdays, thats {s}",
        ],
        "new": [
            "Calendar diff: `- {s}: {old}` / `+ {s}: {new}`",
            "Decision: {s} moves to {new} so the Americas folks can join. AI: organiser to resend the invite.",
            "@channel reminder :alarm_clock: {s} is at {new} from today, not {old}",
            "{S}, which used to be at {old}, now starts at {new}.",
            "um so basically {s} is at {new} now, they moved it, {old} is gone, ok bye",
            "Because {old} clashed with the all-hands, {s} was moved to {new}.",
            "Q: {s} still at {old}? A: no, {new}, the invite was updated.",
        ],
        "distract": [
            "{S} ran {n} minutes over again.",
            "AI: {other} to take notes at {s} this week.",
            "{other} can't make {s} tmrw, dentist",
            "Moving {s} to the afternoon was suggested by {other}, but nobody agreed.",
            "@{other} :link: the link for {s} is in the channel topic",
        ],
        "also": [
            "{S} has a monthly deep-dive at {alt}.",
            "{S} has an optional demo slot at {alt} on Fridays.",
            "| {S2} | daily | {alt} |",
            "{S2} is held at {old} too.",
        ],
        "ask": [
            "what time is {s} now?",
            "when do i need to dial in for {s}?",
            "What time should I be online for {s} these days?",
        ],
    },
    "name": {
        "old": [
            "| the {s} | slug: {old} |",
            "The {s} is known as {old} in the docs portal.",
            "um, the {s}, it's called {old}, just search that",
            "slug = '{old}'  # the {s}",
        ],
        "new": [
            "Docs portal diff: `- the {s}: {old}` / `+ the {s}: {new}`",
            "The {s}, formerly {old}, is now {new}.",
            "[x] rename the {s} to {new} and redirect {old}",
            "Because {old} was confused with the billing tool, the {s} got renamed {new}.",
            "Q: still {old} for the {s}? A: no, it's {new} now, search for that.",
            "@Desmond :memo: the {s} is called {new} now, pls fix your bookmarks",
            "The {s} has new name {new}, the {old} name we don't use anymore.",
        ],
        "distract": [
            "The {s} got {n} edits last week, mostly by {other}.",
            "AI: {other} to tidy up the sidebar of the {s}.",
            "{other} pitched a rename for the {s}; the vote failed.",
            "@{other} :eyes: the search on the {s} is broken again",
            "The {s} is read by about {n} people a day.",
        ],
        "also": [
            "The {s} has a short alias, {alt}.",
            "The printable export of the {s} is published as {alt}.",
            "| the {s2} | slug: {alt} |",
            "The {s2} is listed as {alt} in search.",
        ],
        "ask": [
            "what's the {s} called now?",
            "Which name do I search for to find the {s}?",
            "Q: slug of the {s}?",
        ],
    },
    "phone": {
        "old": [
            "| {S} | {old} | mobile |",
            "um, {s}'s number is {old}, yeah, that's the mobile",
            "tel = '{old}'  # {s}, mobile",
            "Out of hours, {s} picks up on {old}.",
        ],
        "new": [
            "Contacts diff: `- {s}: {old}` / `+ {s}: {new}`",
            "sms from {s}: new no. {new}, old one ({old}) is dead, pls save",
            "[x] update {s}'s number in the on-call sheet to {new}",
            "Since {s} changed carrier, the number is {new}; {old} doesn't ring anymore.",
            "Q: is {old} still good for {s}? A: no, call {new}.",
            "{S} has a new number now, it is {new}, the {old} is not working anymore.",
        ],
        "distract": [
            "{S}'s phone was left in a taxi; got it back the same day.",
            "AI: {other} to add {s} to the phone tree.",
            "{other} rang {s} twice, no answer.",
            "sms from {s}: running {n} min late sry",
            "@{other} :phone: {s} prefers Signal over calls btw",
        ],
        "also": [
            "{S}'s landline at home is {alt}.",
            "Fax for {s} (yes, really): {alt}.",
            "| {S2} | {alt} | mobile |",
            "{S2}'s mobile: {alt}.",
        ],
        "ask": [
            "what's {s}'s number now?",
            "wat no. do i text {s} on?",
            "Which number reaches {s} today?",
        ],
    },
    "manager": {
        "old": [
            "| {S} | reports to {old} |",
            "manager = '{old}'  # {s}, from the HR export",
            "um, {s} reports to {old}, I think, yeah, since they joined",
            "{S} is managed by {old}.",
        ],
        "new": [
            "HR export diff for {s}: `- manager: {old}` / `+ manager: {new}`",
            "Decision: {s} moves under {new}. AI: {old} to write the handover notes.",
            "{S}, who used to report to {old}, is now managed by {new}.",
            "Because {old} is going on a long sabbatical, {s} has been moved to {new}'s team.",
            "@{new} :wave: you're {s}'s manager from today, the 1:1 doc is pinned",
            "Q: {s} still under {old}? A: no, {new} since the reorg.",
        ],
        "distract": [
            "{S} and {other} paired on the migration all week.",
            "AI: {s} to mentor {other} through onboarding.",
            "There was a plan to move {s} under {other}; it was shelved.",
            "{S} took {n} days of leave, approved in the system.",
            "@{other} :coffee: {s} wants to grab coffee tmrw",
        ],
        "also": [
            "{S} was assigned {alt} as onboarding buddy.",
            "{alt} sits on {s}'s promo committee.",
            "| {S2} | reports to {old} |",
            "{S2} is managed by {alt}.",
        ],
        "ask": [
            "who is {s}'s boss now?",
            "who does {s} report to these days?",
            "Q: {s}'s manager rn?",
        ],
    },
    "favourite": {
        "old": [
            "| {S} | editor: {old} |",
            "um, {s} is like a total {old} person, don't even mention other editors",
            "export EDITOR='{old}'  # {s}'s dotfiles",
            "{S}'s favourite editor, by a mile, is {old}.",
        ],
        "new": [
            "{S}'s dotfiles diff: `- EDITOR={old}` / `+ EDITOR={new}`",
            "{S} used to swear by {old}; these days it's {new} all the way.",
            "Because {old} kept crashing on big files, {s} went over to {new}.",
            "@{S} is that {new} on your screen?! :eyes: reply from {s}: yep, left {old} for good",
            "{S} is using {new} only now, the {old} is deleted from the laptop.",
            "Pairing today: {s} drove in {new} the whole time and flew through it.",
            "Q: {s} still on {old}? A: nope, {new} is the favourite now.",
        ],
        "distract": [
            "{S} watched a conference talk about {other}, meh.",
            "{S}'s teammate swears by {other}.",
            "AI: {s} to write a setup guide for {other} users.",
            "{S} once considered {other}, but the plan was dropped.",
            "{S} spent {n} minutes fixing keybindings again.",
        ],
        "also": [
            "{S} keeps {alt} around for editing on servers.",
            "{S} uses {alt} for writing prose.",
            "| {S2} | editor: {old} |",
            "{S2}'s favourite editor is {alt}.",
        ],
        "ask": [
            "what editor does {s} like best nowadays?",
            "Which editor is {s} into now?",
            "Q: {s}'s fave editor, current?",
        ],
    },
    "car": {
        "old": [
            "| {S} | {old} | bay 7 |",
            "um so {s} drives, like, a {old}, the grey one, in the corner",
            "{S}'s {old} is parked on the third level.",
            "vehicle = '{old}'  # {s}, parking register",
        ],
        "new": [
            "Parking register diff: `- {s}: {old}` / `+ {s}: {new}`",
            "{S} drove the {new} to the coast this weekend.",
            "Because the {old} needed a new gearbox, {s} sold it and got a {new}.",
            "sms from {s}: picked up the {new} today!! {old} gone to the dealer",
            "{S} is driving a {new} now; the {old} was sold to a neighbour.",
            "Q: still the {old}, {s}? A: no, it's a {new} since March.",
        ],
        "distract": [
            "{S} test-drove a {other}, but the plan to buy one was dropped.",
            "{S}'s neighbour just got a {other}; {s} is a bit jealous.",
            "{S} rented a {other} in Spain for {n} days.",
            "{S} got a parking ticket outside the office, {n} euros.",
            "AI: {s} to drive the visitors from the station.",
        ],
        "also": [
            "{S}'s partner has a {alt} for the school run.",
            "{S} keeps an old {alt} in the garage for spare parts.",
            "| {S2} | {old} | bay 9 |",
            "{S2} drives a {alt}.",
        ],
        "ask": [
            "what car is {s} driving now?",
            "wat car does {s} have rn?",
            "If I look for {s}'s car in the car park, what model am I looking for?",
        ],
    },
    "school": {
        "old": [
            "| {S}'s son | {old} | year 5 |",
            "um so {s}'s son goes to {old}, the one by the park, yeah",
            "{S}'s son has been a pupil at {old} since reception.",
            "school = {old}  # {s}'s son, emergency contact form",
        ],
        "new": [
            "Emergency form diff for {s}'s son: `- school: {old}` / `+ school: {new}`",
            "{S}'s son, who used to be at {old}, started at {new} in September.",
            "Because {old} has no places for year 6, {s}'s son was moved to {new}.",
            "sms from {s}: son's first day at {new} went great :) {old} who?",
            "{S}'s son goes to {new} since January, the {old} was too far away.",
            "Q: {s}'s son still at {old}? A: no, {new} now.",
        ],
        "distract": [
            "{S}'s son had a football match against {other}.",
            "{S} looked round {other} for the son, but they decided not to apply.",
            "{S}'s niece goes to {other}.",
            "{S}'s son has {n} pages of homework tonight.",
            "AI: {s} to ask the PTA about the bake sale.",
        ],
        "also": [
            "{S}'s daughter does Saturday swimming at {alt}.",
            "{S}'s daughter got a place at {alt} for next year.",
            "| {S2}'s son | {old} | year 5 |",
            "{S2}'s son is enrolled at {alt}.",
        ],
        "ask": [
            "which school is {s}'s son at now?",
            "Where does {s}'s son go to school these days?",
            "Q: {s}'s son, which school?",
        ],
    },
    "team": {
        "old": [
            "| {S} | team: {old} |",
            "um, {s} is on {old}, I'm pretty sure, yeah",
            "team = '{old}'  # {s}, from the org chart export",
            "{S} was placed on the {old} team when they joined.",
        ],
        "new": [
            "Org chart diff: `- {s}: {old}` / `+ {s}: {new}`",
            "Decision: {s} transfers from {old} to {new}. AI: {s} to hand over the open tickets.",
            "@{S} welcome to #team-{new}! :wave: {old} will miss you",
            "Because {new} needed someone who knows the data model, {s} moved there from {old}.",
            "{S} is working in {new} team now, before was in {old}.",
            "Q: {s} still in {old}? A: no, {new} since the reorg.",
        ],
        "distract": [
            "{S} helped the {other} team through an incident.",
            "A move of {s} to {other} was discussed and rejected.",
            "{S}'s best friend is on {other}.",
            "AI: {s} to run the brown-bag for {other}.",
            "@{other}-oncall :sos: {s} needs a reviewer",
        ],
        "also": [
            "{S} is also in the {alt} guild.",
            "{S} sits on the {alt} interview panel.",
            "| {S2} | team: {old} |",
            "{S2} was placed on the {alt} team.",
        ],
        "ask": [
            "what team is {s} on now?",
            "Which squad does {s} belong to these days?",
            "Q: {s}'s team, current?",
        ],
    },
    "language": {
        "old": [
            "| {S} | {old} | 42k LOC |",
            "um, {s} is written in {old}, so, like, you'll need that toolchain",
            "language = '{old}'  # {s}, from the service catalog",
            "{S} was built in {old} from day one.",
        ],
        "new": [
            "Catalog diff for {s}: `- language: {old}` / `+ language: {new}`",
            "{S}, formerly written in {old}, is now all {new}.",
            "Because the {old} build took forty minutes, {s} was rewritten in {new}.",
            "[x] delete the last {old} files from {s}, it's all {new} now",
            "Q: is {s} still {old}? A: no, {new} since v4.",
            "Headline in the eng digest: {S} completes its {new} rewrite; {old} code retired",
            "{S} is written in {new} now, the {old} version we threw away.",
        ],
        "distract": [
            "{S} has {n} open PRs.",
            "Someone wrote a client for {s} in {other}, just for fun.",
            "A rewrite of {s} in {other} was proposed and voted down.",
            "The service next door to {s} is written in {other}.",
            "AI: the owners of {s} to upgrade the test runner.",
        ],
        "also": [
            "{S}'s deploy scripts are in {alt}.",
            "{S}'s load tests are written in {alt}.",
            "| {S2} | {old} | 18k LOC |",
            "{S2} is implemented in {alt}.",
        ],
        "ask": [
            "what language is {s} in now?",
            "Which language do I need to know to hack on {s}?",
            "Q: {s}, what's it written in today?",
        ],
    },
    "email": {
        "old": [
            "| {S} | {old} |",
            "um, you can email {s} at, uh, {old}",
            "email = '{old}'  # {s}, contact list",
            "Mail for {s} is delivered to {old}.",
        ],
        "new": [
            "Contact list diff: `- {s}: {old}` / `+ {s}: {new}`",
            "{S}'s address, formerly {old}, is {new} now.",
            "Because the old domain expired, {s} now reads mail only at {new}.",
            "sms from {s}: pls use {new} from now, {old} is dead",
            "[x] change {s}'s email in the CRM to {new}",
            "Q: does {old} still reach {s}? A: no, it bounces, write to {new}.",
            "{S} has new mail address {new}, the {old} is closed.",
        ],
        "distract": [
            "{S} has {n} unread emails, apparently.",
            "{other} forwarded {s} a phishing mail by mistake.",
            "AI: {other} to add {s} to the release mailing list.",
            "@{other} :email: did {s} get the invite?",
            "{S} asked whether a new alias would help; the idea was dropped.",
        ],
        "also": [
            "{S} set {alt} as the recovery address.",
            "{S} cc's {alt} on all invoices.",
            "| {S2} | {alt} |",
            "Mail for {s2} is delivered to {alt}.",
        ],
        "ask": [
            "what's {s}'s email now?",
            "Which address do I use to reach {s} by mail?",
            "Q: {s}'s current email?",
        ],
    },
    "version": {
        "old": [
            "| {S} | {old} | prod |",
            "um, {s} is on {old} in prod, I think, yeah",
            "image_tag = '{old}'  # {s}, prod values",
            "{S} {old} is deployed to all regions.",
        ],
        "new": [
            "values.yaml diff for {s}: `- tag: {old}` / `+ tag: {new}`",
            "{S} {new} was rolled out to every region today; {old} was retired.",
            "[x] upgrade {s} to {new} in prod",
            "Because {old} had the memory leak, {s} was bumped to {new}.",
            "Ticket REL-774 closed: {s} is at {new} in production.",
            "Q: prod still on {old} for {s}? A: no, {new} since Tuesday.",
            "@Siobhan :rocket: {s} {new} is out, the {old} pods are all gone",
        ],
        "distract": [
            "{S} logged {n} errors during the night; {other} looked, all benign.",
            "A rollout of the next major of {s} was planned by {other} but called off.",
            "AI: {other} to write the release notes for {s}.",
            "{S}'s dependency audit found {n} outdated packages.",
            "@{other} :eyes: is {s} slower since the deploy?",
        ],
        "also": [
            "The CLI that ships with {s} is at {alt}.",
            "{S}'s staging env runs {alt} for the beta testers.",
            "| {S2} | {old} | prod |",
            "{S2} {alt} is deployed to all regions.",
        ],
        "ask": [
            "what version is {s} on now?",
            "Which release of {s} is live?",
            "Q: {s} version in prod, rn?",
        ],
    },
}


# An eleventh set (`eleventh`), added 2026-12-05 02:45 UTC and measured on main before
# that morning's round (f6ba786) and after it; never shown to a helper writing rules.
# An eleventh wording set for bench/supersession.py (`eleventh`), held out.
# Written 2026-12-05, 02:23-02:31 UTC, by a helper session started for brief
# briefs/eleventh.md. It read ONLY bench/supersession.py (for the format, the 18 kinds,
# the placeholders and how `_values`/`make_cases` fill them, and to avoid the registers
# of the ten earlier sets); nothing under memctl/, tests/, docs/, bench/README.md or any
# other helper's folder.
#
# Registers aimed at (absent or rare in the earlier sets): forwarded e-mail headers and
# signatures ("Sent from my phone"), calendar "Updated invitation: ... This event has been
# changed" notices, git commit subjects and merge lines, customer-support ticket replies
# ("Thanks for reaching out ... Best, Support"), a form's "Previous value | Current value",
# tweets with hashtags, bullet-journal shorthand (• task, × done, ○ event), formal letters
# ("We wish to inform you that ..."), a chatbot answer quoting the user ("You said
# \"...\", so I've ..."), keep-a-changelog lines ("Changed: ..."), sports commentary and
# newspaper copy, a long sentence with the change buried between two other clauses, the
# new value before the subject ("{new} is where ..."), a change reported by someone else
# ("Anouk says ..."), a change carrying its own date ("As of 2026-11-20, ..."), British
# and American spellings (favourite/favorite, organisation, programme, colour, licence,
# cheque, centre), a change that negates the old value without "no longer" ("isn't at
# {old} any more, it's {new}"), and questions using a synonym for the subject's sort
# (box, digs, outfit, go-live, custodian, moniker, digits, wheels, crew, stack, inbox).
# Distractors: plans called off, comparisons, someone else's value, hypotheticals
# ("If ... were ..."), cancelled invitations, ticket replies saying nothing changed,
# open/done bullet-journal tasks; none changes the subject's value.
#
# Placeholders, as make_cases fills them:
#   old/new/ask: {s} {S} {old} {new}
#   distract:    {s} {S} {other} {n}   ({other} is a value of the same sort for home,
#                employer, favourite, car, school, team and language; a person's name
#                for every other kind)
#   also:        {s} {S} {s2} {S2} {alt} {old}   (the first line of each kind has no
#                {s2}: make_cases falls back to it when no second subject is left)
# People named inside lines (Anouk, Bartosz, Aoife, Rukmini, Eilidh, Lucien, Thaddeus,
# Florin, Dmitri, Ingrid, Kasia, Matthias) are not in the bench's NAMES.
# For the tool kind the subject is "The X team" (capital T), so {S} is put at the start
# of a line or after a colon, a full stop or a comma.
# The school kind is about the subject's youngest child throughout.
# One line each, no leading "- " (write() adds the bullet).

ELEVENTH: dict[str, dict[str, list[str]]] = {
    "host": {
        "old": [
            "{old} is the box under {s}, per the asset register.",
            "Field: Host ({s}) | Current value: {old}",
            "Thanks for getting in touch! I can confirm {s} is hosted on {old}. Kind regards, Infra Support",
            "We wish to inform you that {s} is provided from {old} under the current hosting agreement.",
        ],
        "new": [
            "infra: cut {s} over from {old} to {new}",
            "Field: Host ({s}) | Previous value: {old} | Current value: {new}",
            "Hi Anouk, thanks for your patience: {s} has been migrated to {new}, so please update your connection strings; {old} is switched off on Friday. Best, Infra Support",
            "{new} is where {s} runs now; {old} was wiped and handed back.",
            "Bartosz says {s} has switched over to {new} since the weekend.",
            "Between the firewall audit dragging on and half the team being off with flu, {s} was moved from {old} to {new} on Thursday night, and the nightly reports have been faster ever since.",
        ],
        "distract": [
            "{other} says {s} felt sluggish this morning, but the graphs look normal.",
            "If we moved {s} onto bigger hardware, {other} reckons the p99 would halve; nobody has budgeted for it.",
            "Ticket reply from {other}: the timeouts you saw on {s} were a client-side bug; nothing changed on the server.",
            'Updated invitation: "{S} failover drill" has been cancelled by {other}.',
            "• ask {other} about the cert expiry on {s}",
        ],
        "also": [
            "{S} keeps its nightly snapshots on {alt}.",
            "Field: Standby host ({s}) | Current value: {alt}",
            "{S2}, for what it's worth, is hosted on {old} as well.",
            "{alt} is the box under {s2}.",
        ],
        "ask": [
            "Which box is {s} sitting on at the moment?",
            "If I want to poke at {s}, which machine do I log into?",
            "What's the current server name for {s}?",
        ],
    },
    "home": {
        "old": [
            "Cheers, {S} (working from home in {old} today) | Sent from my phone",
            "{old} is home for {s}, has been for years.",
            "• post the birthday card to {s} in {old}",
            "Dear Sir or Madam, I write to confirm that {s} resides in {old}.",
        ],
        "new": [
            "{S} on Twitter: finally got the keys!! hello {new}, goodbye {old} #movingday",
            "Field: City of residence ({s}) | Previous value: {old} | Current value: {new}",
            "We wish to inform you that {s} has changed address and now resides in {new}; correspondence should not be sent to {old}.",
            "Aoife says {s} has swapped {old} for {new}, something about wanting a garden.",
            "As of 2026-10-01, {s}'s home address is in {new}.",
            "{S} isn't living in {old} any more, it's {new} now, closer to the in-laws.",
        ],
        "distract": [
            '{S} tweeted a photo from {other}: "conference week, back Friday" #travel',
            "If {s} moved to {other}, the commute would be an hour shorter; it's just a thought, nothing is planned.",
            "{S}'s landlord lives in {other}, apparently.",
            "{S} finds {other} far rainier than home, going by the weather app.",
            "Updated invitation: {s}'s visit to the {other} office has been cancelled.",
        ],
        "also": [
            "{S} keeps a sailing dinghy at a club near {alt}.",
            "{S} studied at university in {alt}.",
            "{S2} lives in {old} as well, two streets away from {s}.",
            "Field: City of residence ({s2}) | Current value: {alt}",
        ],
        "ask": [
            "Where are {s}'s digs these days?",
            "Which city does {s} call home right now?",
            "Whereabouts is {s}'s place now?",
        ],
    },
    "employer": {
        "old": [
            "{S} | Staff Engineer | {old} | Sent from my iPhone",
            "{old} is who {s} works for.",
            "Field: Employer ({s}) | Current value: {old}",
            "Thank you for your enquiry. Our records indicate that {s} is employed by {old}.",
        ],
        "new": [
            "{S}'s e-mail signature now reads: Staff Engineer | {new} | Sent from my iPhone (the {old} logo is gone)",
            "{S} on Twitter: week one at {new} done, already miss the {old} crew #newjob",
            "And {s} completes the big transfer from {old} to {new}, what a signing for {new}!",
            "Rukmini says {s} has switched to {new}; the {old} badge went back on Friday.",
            "As of 2026-09-01, {s}'s employer of record is {new}.",
            "{S} is not with {old} any more, it's {new} these days, the contracts team told us.",
        ],
        "distract": [
            "{S} says the canteen at {other} is better than the one at work.",
            "If {other} made an offer, {s} would at least take the call, apparently; none has come.",
            "{S}'s flatmate was hired by {other} last month.",
            "Ticket reply: {s}'s access request for the {other} partner portal was approved.",
            "Re: Fwd: {other} hiring evening: {s} won't be attending, sorry.",
        ],
        "also": [
            "{S} sits on a standards committee run by {alt}.",
            "{S} freelances for {alt} on the odd weekend.",
            "{S2} is on the payroll of {old} as well.",
            "Field: Employer ({s2}) | Current value: {alt}",
        ],
        "ask": [
            "Which outfit is {s} working for now?",
            "Who signs {s}'s pay cheque these days?",
            "Which firm does {s} currently work at?",
        ],
    },
    "date": {
        "old": [
            "Invitation: {S} @ {old} (all day)",
            "{old} is the day for {s}, per the programme plan.",
            "○ {s}: {old}",
            "Dear stakeholders, we are pleased to confirm that {s} will take place on {old}.",
        ],
        "new": [
            "Updated invitation: {S} @ {new} (all day). This event has been changed: the date was {old}.",
            "docs(roadmap): move {s} from {old} to {new}",
            "Hi Lucien, thanks for flagging this. I can confirm that {s} has been rescheduled to {new}; the {old} date on the status page was out of date and has been corrected. Best regards, Customer Support",
            "{new} it is for {s}: the steering group signed off the new date this morning.",
            "Eilidh says {s} has slipped to {new} now that the vendor is behind.",
            "Partly because of the data-centre move and partly because of the holiday freeze, {s} is now set for {new} rather than {old}, and marketing has been told to reprint the flyers.",
        ],
        "distract": [
            "If {s} slipped another month, {other} would lose the booth at the trade show; it hasn't slipped.",
            "Ticket reply from {other}: the countdown banner for {s} was fixed; the date on it was always right.",
            'Updated invitation: "{S} dry run" has moved to room Fjord 2; the time is unchanged.',
            "{S} has {n} more stakeholders than last year's, {other} says.",
            "• {other} to draft the FAQ for {s}",
        ],
        "also": [
            "The press embargo for {s} lifts on {alt}.",
            "○ rehearsal for {s}: {alt}",
            "{S2} is slated for {old} as well.",
            "Invitation: {S2} @ {alt} (all day)",
        ],
        "ask": [
            "What's the go-live date for {s} now?",
            "Which day have we pencilled in for {s}, as things stand?",
            "When does {s} actually happen, as of today?",
        ],
    },
    "owner": {
        "old": [
            "Thanks for reaching out! {S} is maintained by {old}; I've looped them in. Cheers, Platform Support",
            "Field: Owner ({s}) | Current value: {old}",
            "{old} is who you go to for {s}.",
            "The undersigned, {old}, is responsible for {s} under the service agreement.",
        ],
        "new": [
            "catalog: hand {s} over to @{new} (was @{old})",
            "Field: Owner ({s}) | Previous value: {old} | Current value: {new}",
            'You said "{new} owns {s} now, not {old}", so I\'ve updated the service record. Anything else?',
            "Changed: {s} is now owned by {new} (previously {old}).",
            "It's {new} who runs {s} these days, {old} having moved on to the data platform.",
            "Thaddeus reports that {s} has changed hands; {new} is the owner now.",
        ],
        "distract": [
            "If {other} took on {s}, we'd need someone else for the billing rota; for now it stays as it is.",
            "{other} knows {s} better than anyone, but doesn't own it.",
            "Fwd: {s} quarterly review: {other} will present the numbers.",
            "{other} fixed a memory leak in {s} on Tuesday; see commit 3fa2c1.",
            "Ticket reply: {other} has granted you read access to the dashboards for {s}.",
        ],
        "also": [
            "{alt} is the second pair of eyes on every deploy of {s}.",
            "{alt} keeps the runbook for {s} up to date.",
            "{old} looks after {s2} as well.",
            "Field: Owner ({s2}) | Current value: {alt}",
        ],
        "ask": [
            "Who's the custodian of {s} at present?",
            "Whose baby is {s} these days?",
            "Who should I ping now if {s} misbehaves?",
        ],
    },
    "role": {
        "old": [
            "For anyone new reading this: the {s} is {old}.",
            "Field: {S} | Current value: {old}",
            "Please be advised that {old} serves as the {s}.",
            "{old}, our {s}, signs off every release (per the wiki).",
        ],
        "new": [
            "And it's {new} stepping up as the {s}! {old} hands over after a terrific run.",
            "We wish to inform you that, with effect from 1 November, {new} has been appointed {s}, succeeding {old}.",
            "Field: {S} | Previous value: {old} | Current value: {new}",
            "Florin says the {s} is {new} now, since {old} moved to the platform group.",
            "Since 2026-10-15 the {s} has been {new}; {old} rotated off.",
            "{new} on Twitter: proud to be the new {s}, big thanks to {old} for the handover! #leadership",
        ],
        "distract": [
            "If {other} were the {s}, standups would be shorter, or so {other} claims.",
            "The {s} gets more escalations than any other lead, {other} noted.",
            'Updated invitation: "office hours with the {s}" is now in room 4B; the time and host are unchanged.',
            "{other} applied to be the {s} last year but withdrew.",
            "• ask the {s} about {other}'s training budget",
        ],
        "also": [
            "{alt} stands in for the {s} on Fridays.",
            "{alt} handles audits on behalf of the {s}.",
            "{old} holds the {s2} role too.",
            "Field: {S2} | Current value: {alt}",
        ],
        "ask": [
            "Who's in the {s} seat right now?",
            "Who do we have as {s} these days?",
            "Which person is currently the {s}?",
        ],
    },
    "tool": {
        "old": [
            "{S} runs every pipeline through {old}.",
            "Field: CI system ({S}) | Current value: {old}",
            "Thanks for your ticket. {S} uses {old} for all builds, so please raise CI issues there. Regards, DevEx Support",
            "{S}: CI on {old}, deploys by hand.",
        ],
        "new": [
            '{S}, commit a41f9e2: "ci: drop {old}, build everything on {new}"',
            "{S} on Twitter: moved all our builds to {new} this week, goodbye {old} queue times #devops",
            "{new} it is: {S} finished moving off {old} on Friday.",
            "Anouk's report: {S} has switched its CI to {new}.",
            "As of 2026-11-02: {S} builds on {new}, not {old}.",
            "{S} isn't using {old} any more; it's {new} for every pipeline now.",
        ],
        "distract": [
            "{S}: what if we moved to GitHub Actions? {other} priced it; too expensive, staying put.",
            "{S} has {n} more pipelines than the mobile team, {other} counted.",
            "Ticket reply from {other}: {S}'s flaky build was a test bug; the CI itself is fine.",
            "• {S}: {other} to renew the CI licence",
            "{S}: the CI migration {other} proposed has been shelved until next year.",
        ],
        "also": [
            "{S} ships its docs through {alt}.",
            "{S}: release tags are built on {alt} as a secondary runner.",
            "{S2} builds on {old} as well.",
            "Field: CI system ({S2}) | Current value: {alt}",
        ],
        "ask": [
            "{S}: what's their build system at the moment?",
            "{S}, which CI service runs their pipelines these days?",
            "Quick check: {S}, which CI do they use right now?",
        ],
    },
    "meeting": {
        "old": [
            "Invitation: {S} @ every weekday {old}",
            "{old} sharp, every day: {s}.",
            "• {s} {old} daily",
            "Kindly note that {s} commences at {old} each weekday.",
        ],
        "new": [
            "Updated invitation: {S} @ every weekday {new}. This event has been changed: time (was {old}).",
            "Thanks for flagging, and sorry for the confusion! {S} now starts at {new}; the {old} slot in the help article was out of date. Best, the Workplace Team",
            "{new} is when {s} happens now; the {old} slot clashed with the school run.",
            "Eilidh says {s} has shifted to {new} for good.",
            "From 2026-11-09, {s} is at {new} each day.",
            "Between the daylight-saving change, which threw everyone's calendars out, and the new hires in Quito, who couldn't make {old}, {s} has been moved to {new}, and so far attendance is better than ever.",
        ],
        "distract": [
            "If {s} were in a later slot, {other} could join from the school gate; nobody is proposing it.",
            "Updated invitation: {S} has a new video link; the time is unchanged.",
            "{other} says {s} is shorter than the sprint review, on average.",
            "{S} ran {n} minutes over; {other} apologised.",
            "• {other} to run {s} while the organiser is away",
        ],
        "also": [
            "{S} has a fortnightly retro straight after, at {alt}.",
            "Invitation: {S} office hours @ Thursdays {alt}",
            "{S2} is at {old} as well, in the other room.",
            "{alt} sharp, every day: {s2}.",
        ],
        "ask": [
            "Which time slot has {s} got at the moment?",
            "When should I join {s} these days?",
            "What time does {s} kick off now?",
        ],
    },
    "name": {
        "old": [
            "The {s} goes by {old}; type that into the search bar.",
            "Field: Display name (the {s}) | Current value: {old}",
            "{old}: that's what the {s} is called.",
            "Thanks for your question! The {s} is listed as {old} in the directory. Cheers, IT Helpdesk",
        ],
        "new": [
            "Merge pull request #318 from docs/rebrand: the {s} becomes {new}",
            "Field: Display name (the {s}) | Previous value: {old} | Current value: {new}",
            'You told me "the {s} is {new} now", so I\'ve swapped {old} for {new} in your notes.',
            "Changed: the {s} is now titled {new} (previously {old}).",
            "Anouk says the {s} has been rebranded as {new}.",
            "The {s} isn't {old} any more: it's {new}, and {old} just redirects.",
        ],
        "distract": [
            "If the {s} were renamed, {other} would have to redo every link; there's no plan to.",
            "The {s} has {n} more pages than the handbook, {other} reckons.",
            "Ticket reply from {other}: the {s} loads slowly because of images; the name and URL stay the same.",
            "• {other}: archive stale pages in the {s}",
            "{other}'s team wiki has a snappier name than the {s}.",
        ],
        "also": [
            "The {s} has a short link too, {alt}.",
            "The mailing list for the {s} is called {alt}.",
            "Field: Display name (the {s2}) | Current value: {alt}",
            "The {s2} goes by {alt}.",
        ],
        "ask": [
            "Which handle is the {s} listed under these days?",
            "What moniker does the {s} go by now?",
            "What should I search for to find the {s} today?",
        ],
    },
    "phone": {
        "old": [
            "{S} | Account Manager | m: {old} | Sent from my phone",
            "Field: Mobile ({s}) | Current value: {old}",
            "{old}, that's {s}'s mobile.",
            "• call {s} on {old} re the invoice",
        ],
        "new": [
            "New signature on {s}'s e-mails: m: {new} (the {old} line is gone) | Sent from my phone",
            "Field: Mobile ({s}) | Previous value: {old} | Current value: {new}",
            "You said \"{s}'s number changed to {new}\", so I've replaced {old} in your contacts.",
            "{new} is the number to ring for {s} now; {old} goes to a dead line.",
            "Per Dmitri, {s} got a new SIM and is on {new} now.",
            "As of 2026-11-20, {s} can be reached on {new}; {old} has been disconnected.",
        ],
        "distract": [
            "If {s} got a work phone, {other} would add it to the rota; nothing has been ordered.",
            "{S} answers faster than {other} does, on the whole.",
            "{other}'s number is in {s}'s favourites.",
            "Ticket reply from {other}: {s}'s voicemail greeting was re-recorded; the number is unchanged.",
            "× rang {s}, left a message about the invoice",
        ],
        "also": [
            "{S}'s desk line is {alt}.",
            "Field: Landline ({s}) | Current value: {alt}",
            "{alt}, that's {s2}'s mobile.",
            "{S2} can be reached on {alt}.",
        ],
        "ask": [
            "What are {s}'s digits now?",
            "Which number do I ring to get hold of {s} today?",
            "How do I phone {s} at the moment?",
        ],
    },
    "manager": {
        "old": [
            "{old} is who {s} reports to.",
            "Field: Line manager ({s}) | Current value: {old}",
            "This letter confirms that {s} reports to {old} in the engineering organisation.",
            "○ {s}'s 1:1 with {old} (their manager), Thursday",
        ],
        "new": [
            "Field: Line manager ({s}) | Previous value: {old} | Current value: {new}",
            "We are writing to let you know that, with effect from 1 November, {s} reports to {new} rather than {old}.",
            "Ingrid says {s} has moved across to {new}'s team.",
            "{new} is {s}'s manager now; {old} took the new-hire cohort instead.",
            "Halfway through the planning offsite, in between a fire drill and a very long lunch, {s} was told they'd report to {new} from now on, and {old} seemed relieved, honestly.",
            "Since 2026-10-05, {s}'s 1:1s are with {new}, not {old}.",
        ],
        "distract": [
            "If {other} became {s}'s manager, the team would be lopsided; it's only a thought.",
            "{S} gets on better with {other} than with anyone else on the floor.",
            "{other}'s manager is on leave, so {s} is covering a few of their meetings.",
            'Updated invitation: "{S} / {other} mentoring" has moved to Thursdays.',
            "× sent {other} the feedback for {s}'s review",
        ],
        "also": [
            "{alt} is {s}'s skip-level.",
            "{alt} is {s}'s mentor in the leadership programme.",
            "{old} is who {s2} reports to as well.",
            "Field: Line manager ({s2}) | Current value: {alt}",
        ],
        "ask": [
            "Who's {s}'s boss at the moment?",
            "Who does {s} answer to these days?",
            "Who is {s}'s line manager right now?",
        ],
    },
    "favourite": {
        "old": [
            "{S}: favourite editor, {old}, no contest.",
            "{old} is the editor {s} loves best.",
            "Field: Favourite editor ({s}) | Current value: {old}",
            "{S} on Twitter: nothing beats {old}, fight me #editorwars",
        ],
        "new": [
            "{S} on Twitter: ok I admit it, {new} is my favorite editor now, sorry {old} #editorwars",
            "Field: Favourite editor ({s}) | Previous value: {old} | Current value: {new}",
            'You mentioned "{s} prefers {new} these days", so I\'ve noted that {old} is out.',
            "{new} is what {s} reaches for first now; {old} doesn't even get opened.",
            "Kasia says {s} has switched to {new} for good.",
            "In between complaining about the coffee and fixing a flaky test, {s} mentioned having dropped {old} for {new} last month, which explains the new keybindings.",
        ],
        "distract": [
            "If {other} had better plugins, {s} might give it a go; for now, no.",
            "{S} thinks {other} starts up faster, but doesn't use it.",
            "{S}'s partner's favorite editor is {other}.",
            "{S} gave a talk comparing {other} with a few rivals; no conclusions.",
            "Ticket reply from IT: {s}'s licence request for {other} was declined; nothing was installed.",
        ],
        "also": [
            "{S} writes commit messages in {alt}.",
            "{S} also likes {alt} for quick edits over ssh.",
            "{S2} is a fan of {old} too.",
            "Field: Favourite editor ({s2}) | Current value: {alt}",
        ],
        "ask": [
            "What's {s}'s favorite editor right now?",
            "Which editor is {s}'s daily driver at the moment?",
            "What does {s} like to code in, editor-wise, these days?",
        ],
    },
    "car": {
        "old": [
            "{S} drives a {old}; look for it by the bike racks.",
            "Field: Vehicle ({s}) | Current value: {old}",
            "• {s}'s {old}: MOT due",
            "We wish to inform you that the parking permit for {s} is registered to a {old}.",
        ],
        "new": [
            "Field: Vehicle ({s}) | Previous value: {old} | Current value: {new}",
            "{S} on Twitter: picked up the {new} today, the {old} has gone to a good home #newcar",
            "Dear {s}, we wish to inform you that your parking permit has been transferred from the {old} to the {new}.",
            "A {new} is what {s} turns up in now; the {old} was sold.",
            "Thaddeus reports that {s} has swapped to a {new}.",
            "{S} isn't driving the {old} any more, it's a {new} since the summer.",
        ],
        "distract": [
            "If {s} bought a {other}, the insurance would double; so, no.",
            "{S} thinks the {other} looks better than most cars on the road, but isn't buying one.",
            "{S}'s neighbour's {other} blocked the drive again.",
            'Updated invitation: "{S} car-share to the offsite" has been cancelled.',
            "× booked a {other} for {s} at the airport rental desk, weekend only",
        ],
        "also": [
            "{S} keeps a {alt} at the holiday cottage.",
            "{S}'s partner takes the {alt} to work on weekdays.",
            "{S2} drives a {old} as well.",
            "Field: Vehicle ({s2}) | Current value: {alt}",
        ],
        "ask": [
            "What are {s}'s wheels these days?",
            "Which motor is {s} driving at the moment?",
            "What car should I look out for when {s} picks me up now?",
        ],
    },
    "school": {
        "old": [
            "{S}'s youngest is at {old}, in the year 3 class.",
            "Field: School ({s}'s youngest) | Current value: {old}",
            "• pick up {s}'s youngest from {old}, 3:15",
            "Dear {s}, we are pleased to confirm your youngest child's place at {old}.",
        ],
        "new": [
            "Field: School ({s}'s youngest) | Previous value: {old} | Current value: {new}",
            "Dear {s}, we wish to inform you that your youngest child's transfer from {old} to {new} is complete; welcome to {new}!",
            "{new} is where {s}'s youngest goes now, ever since {old} closed its year 4 class.",
            "Aoife says {s}'s youngest has settled in well at {new}.",
            "As of 2026-09-07, {s}'s youngest attends {new}, not {old}.",
            "{S}'s youngest: not at {old} these days, {new} instead.",
        ],
        "distract": [
            "If {s}'s youngest went to {other}, the school run would be ten minutes shorter; they're staying put.",
            "{S} says {other} has a better playground than most.",
            "{S}'s eldest goes to {other}.",
            "Updated invitation: the football match of {s}'s youngest against {other} has moved to Saturday.",
            "× paid the trip money for {s}'s youngest, {n} pounds",
        ],
        "also": [
            "{S}'s youngest does Saturday drama club at {alt}.",
            "{S}'s eldest has a place at {alt} for September.",
            "{S2}'s youngest is at {old} too.",
            "Field: School ({s2}'s youngest) | Current value: {alt}",
        ],
        "ask": [
            "Which school does {s}'s youngest attend now?",
            "Where does {s} drop the youngest off in the mornings these days?",
            "Where's {s}'s youngest enrolled right now?",
        ],
    },
    "team": {
        "old": [
            "{S} | Software Engineer, {old} team | Sent from my phone",
            "Field: Team ({s}) | Current value: {old}",
            "{old}: that's {s}'s team.",
            "Please be advised that {s} is a member of the {old} team.",
        ],
        "new": [
            "Field: Team ({s}) | Previous value: {old} | Current value: {new}",
            "The signature on {s}'s e-mails now reads: Software Engineer, {new} team | Sent from my phone",
            "And {s} makes the switch from {old} to {new}, a big signing for the {new} side there!",
            "It's the {new} team that {s} sits in now; {old} lost them in the reshuffle.",
            "Lucien reports that {s} has crossed over to {new}.",
            "According to the org chart dated 2026-10-12: {s}, {new} team (formerly {old}).",
        ],
        "distract": [
            "If {s} joined {other}, the on-call rota would be short one person; nobody has asked.",
            "{S} says the {other} team ships faster than anyone.",
            "{S}'s housemate is on the {other} team.",
            "Fwd: {other} team lunch: {s} is a guest this Friday.",
            "• {s}: review the {other} team's API proposal",
        ],
        "also": [
            "{S} helps the {alt} team with hiring interviews.",
            "{S} is embedded with {alt} one day a week.",
            "{S2} is on the {old} team as well.",
            "Field: Team ({s2}) | Current value: {alt}",
        ],
        "ask": [
            "Which crew is {s} part of these days?",
            "Which team does {s} sit in now?",
            "Whose standup does {s} go to at the moment?",
        ],
    },
    "language": {
        "old": [
            "{S} is implemented in {old}, top to bottom.",
            "Field: Language ({s}) | Current value: {old}",
            "{old} is what {s} is written in.",
            "Thanks for your question! {S} is written in {old}, so the SDK follows suit. Best, Developer Support",
        ],
        "new": [
            "Merge pull request #917: finish porting {s} from {old} to {new}",
            "Field: Language ({s}) | Previous value: {old} | Current value: {new}",
            "Changed: {s} is now implemented in {new}; the {old} code was removed.",
            "{new} is what {s} is written in these days; {old} is gone from the repo.",
            "TECH DESK: {S} has completed its long-rumoured move from {old} to {new}, engineers confirmed on Tuesday.",
            "{S} isn't {old} any more, it's been {new} since the rewrite.",
        ],
        "distract": [
            "If {s} were rewritten in {other}, {n} engineers would need retraining; no one is pushing for it.",
            "{S} compiles faster than the services next door written in {other}.",
            "{S}'s client library for partners is in {other}.",
            "Ticket reply: the {other} example in the docs of {s} was a typo; nothing about the service has changed.",
            "• try {other} bindings for {s} (just an experiment)",
        ],
        "also": [
            "{S}'s infrastructure code is in {alt}.",
            "{S} has a small admin tool written in {alt}.",
            "{S2} is written in {old} too.",
            "Field: Language ({s2}) | Current value: {alt}",
        ],
        "ask": [
            "What's {s}'s stack, language-wise, right now?",
            "Which programming language is {s} written in at the moment?",
            "What language would I be coding in if I worked on {s} today?",
        ],
    },
    "email": {
        "old": [
            "From: {S} <{old}> | Sent from my phone",
            "Field: Email ({s}) | Current value: {old}",
            "{old} is {s}'s inbox.",
            "Thanks for contacting us! We'll send {s}'s receipts to {old}. Regards, Billing Support",
        ],
        "new": [
            "---------- Forwarded message ---------- From: {S} <{new}> Subject: new address, please stop using {old}",
            "Field: Email ({s}) | Previous value: {old} | Current value: {new}",
            "You said \"{s}'s email is {new} now\", so I've replaced {old} everywhere it appeared.",
            "{new} is the address that reaches {s} now; {old} bounces.",
            "Matthias says {s} moved over to {new} after the rebrand.",
            "As of 2026-11-01, mail for {s} should go to {new}, not {old}.",
        ],
        "distract": [
            "If {s} had a shorter address, {other} would stop misspelling it; nothing is planned.",
            "{S} gets more spam than {other} does, by a mile.",
            "Fwd: Fwd: Re: offsite dinner: {other} added {s} to the thread.",
            "{other}'s address bounced when {s} tried it; {s}'s own address is fine.",
            "Ticket reply from {other}: {s}'s mailbox quota was raised to {n} GB.",
        ],
        "also": [
            "{S}'s calendar invites come from {alt}.",
            "{S} forwards expense receipts to {alt}.",
            "{S2} has delegate access to {old}.",
            "Field: Email ({s2}) | Current value: {alt}",
        ],
        "ask": [
            "Which inbox reaches {s} at the moment?",
            "What address do I e-mail {s} at these days?",
            "What's {s}'s email right now?",
        ],
    },
    "version": {
        "old": [
            "{S} is running {old} in production.",
            "Field: Deployed version ({s}) | Current value: {old}",
            "{old} is the release {s} is on.",
            "Thanks for your report! In production, {s} is on {old}; we'll check whether the fix is in that release. Best, Support",
        ],
        "new": [
            "release: deploy {s} {new} to production (replaces {old})",
            "Changelog for {s}: [{new}] released to production; {old} retired.",
            "Field: Deployed version ({s}) | Previous value: {old} | Current value: {new}",
            "{new} is live for {s}; the last {old} pods drained overnight.",
            "The status account for {s} tweeted: {new} is now live for everyone, upgrading from {old} needs no action #release",
            "With the canary green, the freeze lifted and the change board finally happy, {s} went from {old} to {new} in production on Wednesday, after which the on-call had a blissfully quiet night.",
        ],
        "distract": [
            "If {s} went to the next major, {other} would have to redo the client; that's not planned this year.",
            "{S} has {n} fewer open bugs than last quarter, {other} says.",
            "{other}'s fork of {s} runs a newer build, but only on {other}'s laptop.",
            "Ticket reply from {other}: the error you saw is a known issue in {s}; a fix is scheduled, no upgrade yet.",
            "• {other} to write upgrade notes for {s}",
        ],
        "also": [
            "{S}'s SDK is published at {alt}.",
            "{S}'s database schema is at {alt}.",
            "{S2} is running {old} in production as well.",
            "Field: Deployed version ({s2}) | Current value: {alt}",
        ],
        "ask": [
            "Which build of {s} is live right now?",
            "What release is {s} running in production these days?",
            "What version number does {s} report at the moment?",
        ],
    },
}


def _values(kind: str, rng: random.Random, used: set[str]) -> tuple[str, str, str, str]:
    """(subject, old value, new value, another value), for a subject no case has."""
    for _ in range(10_000):
        if kind == "host":
            prefix = rng.choice(HOST_VALUES)
            a, b = rng.sample(range(1, 99), 2)
            got = (rng.choice(HOSTS), f"{prefix}{a}", f"{prefix}{b}", "")
        elif kind == "home":
            old, new, other = rng.sample(CITIES, 3)
            got = (rng.choice(NAMES), old, new, other)
        elif kind == "employer":
            old, new, other = rng.sample(COMPANIES, 3)
            got = (rng.choice(NAMES), old, new, other)
        elif kind == "date":
            first = date(2027, 1, 1) + timedelta(days=rng.randrange(300))
            second = first + timedelta(days=rng.randrange(7, 60))
            got = (rng.choice(PROJECTS), first.isoformat(), second.isoformat(), "")
        elif kind in ("owner", "role"):
            old, new, other = rng.sample(NAMES, 3)
            pool = SERVICES if kind == "owner" else ROLES
            got = (rng.choice(pool), old, new, other)
        elif kind == "tool":
            old, new = rng.sample(TOOLS, 2)
            got = (rng.choice(TEAMS), old, new, "")
        elif kind == "phone":
            a, b = rng.sample(range(100, 9999), 2)
            form = rng.choice(["+1 415 555 {:04d}", "07700 90{:04d}", "+44 20 7946 {:04d}"])
            got = (rng.choice(NAMES), form.format(a), form.format(b), "")
        elif kind == "manager":
            subject, old, new, other = rng.sample(NAMES, 4)
            got = (subject, old, new, other)
        elif kind in ("favourite", "car", "school"):
            pool = {"favourite": EDITORS, "car": CARS, "school": SCHOOLS}[kind]
            old, new, other = rng.sample(pool, 3)
            got = (rng.choice(NAMES), old, new, other)
        elif kind in ("team", "language"):
            pool = TEAM_NAMES if kind == "team" else LANGUAGES
            old, new, other = rng.sample(pool, 3)
            got = (rng.choice(NAMES if kind == "team" else SERVICES), old, new, other)
        elif kind == "email":
            name = rng.choice(NAMES)
            old, new = (
                f"{name.lower()}{tag}@{d}"
                for tag, d in zip(
                    rng.sample(["", ".k", "2", ".work"], 2),
                    rng.sample(MAIL_DOMAINS, 2),
                    strict=True,
                )
            )
            got = (name, old, new, "")
        elif kind == "version":
            a, b = rng.randrange(1, 9), rng.randrange(0, 20)
            got = (rng.choice(SERVICES), f"{a}.{b}", f"{a + rng.randrange(1, 3)}.{b % 5}", "")
        elif kind == "meeting":
            a, b = rng.sample([f"{h}:{m:02d}" for h in range(8, 17) for m in (0, 15, 30, 45)], 2)
            got = (rng.choice(MEETINGS), a, b, "")
        else:
            old, new = (
                f"{w}-{rng.randrange(10, 99)}"
                for w in rng.sample(["nova", "orbit", "delta", "atlas", "quill", "ember"], 2)
            )
            got = (rng.choice(THINGS), old, new, "")
        if f"{kind}:{got[0]}" not in used:
            used.add(f"{kind}:{got[0]}")
            return got
    raise SystemExit(f"bench/supersession.py: too many cases for the {kind} subjects")


def make_cases(
    count: int, rng: random.Random, wordings: dict[str, dict[str, list[str]]]
) -> list[Case]:
    """`count` cases; a control also gets a second fact that must stay (from `aside`, a
    generator of its own, so that the other cases are those drawn before it existed)."""
    kinds = list(wordings)
    aside = random.Random(f"aside {count}")
    cases = []
    controls: list[tuple[int, dict[str, Any]]] = []
    used: set[str] = set()
    for i in range(count):
        kind = kinds[i % len(kinds)]
        forms = wordings[kind]
        subject, old, new, other = _values(kind, rng, used)
        fill: dict[str, Any] = {
            "s": subject,
            "S": _cap(subject),
            "old": old,
            "new": new,
            "other": other or rng.choice(NAMES),
            "n": rng.randrange(3, 40),
        }
        control = i % 5 == 4
        first = rng.randrange(0, 40)
        second = first if rng.random() < 0.15 else rng.randrange(first + 1, 58)
        cases.append(
            Case(
                kind,
                subject,
                rng.choice(forms["old"]).format(**fill),
                None if control else rng.choice(forms["new"]).format(**fill),
                rng.choice(forms["ask"]).format(**fill),
                [d.format(**fill) for d in rng.sample(forms["distract"], 2)],
                (first, second),
            )
        )
        if control:
            controls.append((len(cases) - 1, fill))
    for index, fill in controls:
        kind = cases[index].kind
        also = wordings[kind].get("also") or ALSO.get(kind, [])
        if not also:
            continue
        # s2: a subject of no case; when every subject of the kind is taken, a control
        # of one subject only.
        s2 = alt = ""
        for _ in range(200):
            other_subject, alt = _values(kind, aside, set())[:2]
            if alt in (fill["old"], fill["s"]):
                continue
            if f"{kind}:{other_subject}" not in used:
                s2 = other_subject
                used.add(f"{kind}:{s2}")
                break
        if not s2:
            also = [a for a in also if "{s2}" not in a.casefold()] or also[:1]
        fill |= {"s2": s2, "S2": _cap(s2), "alt": alt}
        cases[index].distractors.append(aside.choice(also).format(**fill))
    return cases


@dataclass
class Written:
    """Where each planted fact went: (path, line) -> (case index, role)."""

    lines: dict[tuple[str, int], tuple[int, str]] = field(default_factory=dict)


def write(root: Path, cases: list[Case], rng: random.Random) -> Written:
    """The ledgers: each day two blocks (morning, afternoon); an old fact in the
    morning, a new one the same day in the afternoon; distractors anywhere after the
    old fact, some after the new one."""
    today = datetime.now(UTC).date()
    start = today - timedelta(days=60)
    blocks: dict[tuple[int, int], list[tuple[int, str, str]]] = {}
    for index, case in enumerate(cases):
        first, second = case.days
        blocks.setdefault((first, 0), []).append((index, "old", case.old))
        if case.new is not None:
            blocks.setdefault((second, 1), []).append((index, "new", case.new))
        for text in case.distractors:
            day = rng.randrange(first, 60)
            blocks.setdefault((day, rng.randrange(2)), []).append((index, "distract", text))
    written = Written()
    for day in sorted({day for day, _ in blocks}):
        when = start + timedelta(days=day)
        rel = f"memory/{when.isoformat()}.md"
        lines: list[str] = []
        for half in (0, 1):
            facts = blocks.get((day, half), [])
            if not facts:
                continue
            rng.shuffle(facts)
            hour = 9 if half == 0 else 16
            if lines:
                lines.append("")
            lines += [
                f"## Memory Flush — {when.isoformat()}T{hour:02d}:00:00+00:00 · thread t{day} · "
                f"entries 0-9 · builtin",
                "",
            ]
            for index, role, text in facts:
                lines.append(f"- {text}")
                written.lines[(rel, len(lines))] = (index, role)
        (root / rel).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return written


def recall_failures(
    root: Path, cases: list[Case], written: Written, reorder: bool
) -> tuple[int, int, int, int, int, int]:
    """(queries, stale above current, current not found) over the changed cases, then
    (queries, answered first, in the first 10) over the controls: a control's old fact
    is current and the only one of its subject that answers its question, so any other
    hit above it (another subject's later fact) is a wrong first answer."""
    import memctl.retrieval.recall as recall_module
    from memctl.core.config import load_config
    from memctl.core.workspace import Workspace

    ws = Workspace(root, "UTC")
    config = load_config(root / "memctl.yaml")
    keep = recall_module.newest_first
    if not reorder:
        recall_module.newest_first = lambda ws, found, *_: found  # type: ignore[assignment]
    try:
        queries = stale_first = missing = 0
        controls = control_first = control_found = 0
        for index, case in enumerate(cases):
            hits = recall_module.recall(ws, config, case.question, 10, "all").hits
            ranks = {
                written.lines.get((hit.path, hit.line or 0), (None, ""))[1]: rank
                for rank, hit in reversed(list(enumerate(hits)))
                if written.lines.get((hit.path, hit.line or 0), (None, ""))[0] == index
            }
            old, new = ranks.get("old"), ranks.get("new")
            if case.new is None:
                controls += 1
                control_first += old == 0
                control_found += old is not None
                if MISSES and reorder and old != 0:
                    above = hits[0].snippet if hits else "nothing"
                    print(f"miss (control, rank {old}): {case.question!r}: {above!r} first")
                continue
            queries += 1
            if new is None:
                missing += 1
            if old is not None and (new is None or old < new):
                stale_first += 1
                if MISSES and reorder:
                    from memctl.models.supersede import stale

                    read = "pair read" if stale([case.old, case.new]) else "pair not read"
                    print(f"miss (recall, {read}): {case.question!r}: {case.old!r} -> {case.new!r}")
        return queries, stale_first, missing, controls, control_first, control_found
    finally:
        recall_module.newest_first = keep


def consolidated(root: Path, cases: list[Case]) -> tuple[int, int, int, int]:
    """(changed cases, of them right in MEMORY.md, facts that must stay, of them gone)."""
    from memctl.core.config import load_config
    from memctl.core.workspace import Workspace
    from memctl.models.builtin import BuiltinModel
    from memctl.pipeline.consolidate import consolidate

    ws = Workspace(root, "UTC")
    config = load_config(root / "memctl.yaml")
    consolidate(ws, config, BuiltinModel())
    memory = stated((root / "MEMORY.md").read_text(encoding="utf-8"))
    changed = right = keep = gone = 0
    for case in cases:
        if (
            MISSES
            and case.new is not None
            and (_as_stated(case.new) not in memory or _as_stated(case.old) in memory)
        ):
            kept = (_as_stated(case.new) in memory, _as_stated(case.old) in memory)
            how = {(True, True): "both kept", (False, True): "old kept alone"}.get(
                kept, "both gone"
            )
            print(f"miss (memory, {how}): {case.old!r} -> {case.new!r}")
        must = list(case.distractors)
        if case.new is None:
            must.append(case.old)
        else:
            changed += 1
            right += _as_stated(case.new) in memory and _as_stated(case.old) not in memory
        keep += len(must)
        gone += sum(_as_stated(text) not in memory for text in must)
        if MISSES:
            for text in must:
                if _as_stated(text) not in memory:
                    print(f"false drop: {text!r} ({case.old!r} -> {case.new!r})")
    return changed, right, keep, gone


# builtin files a fact said by someone ("Ravi: Denver -> Kyoto") under its speaker's
# heading without the prefix ("## Ravi" / "- Denver -> Kyoto"), and gives a past event
# with no date of its own the month it was said ("... last week (October 2026)."): the
# same fact, stated. Before supersede12 the bench looked for the line as written, and
# counted such a fact as gone (a stale one as dropped, a kept one as a false drop).
_MONTH_NOTE = re.compile(
    r" \((?:January|February|March|April|May|June|July|August|September|October|November|"
    r"December) \d{4}(?: to \w+ \d{4})?\)\.$"
)


def _as_stated(text: str) -> str:
    # A line indented as in a YAML file ("  owner: Lena   # the Nimbus service", twentieth)
    # is a bullet's fact without its indent: builtin writes "- owner: Lena ..." (consol23).
    return _MONTH_NOTE.sub("", text).strip().rstrip(" .!")


def stated(memory: str) -> set[str]:
    """Each fact of a MEMORY.md, as written and with its heading put back as a speaker,
    without the month builtin adds to an undated past event."""
    facts: set[str] = set()
    heading = ""
    for line in memory.splitlines():
        if line.startswith("## "):
            heading = line[3:].strip()
        elif line.startswith("- "):
            text = _as_stated(line[2:])
            facts.add(text)
            if heading:
                facts.add(f"{heading}: {text}")
    return facts


def measure(
    label: str, wordings: dict[str, dict[str, list[str]]], count: int, seed: int
) -> list[Goal]:
    """One workspace of `count` cases in `wordings`: its table and its goals."""
    from memctl.core.workspace import init_workspace

    rng = random.Random(seed)
    cases = make_cases(count, rng, wordings)
    with tempfile.TemporaryDirectory(prefix="memctl-bench-supersession-") as scratch:
        root = Path(scratch) / "ws"
        init_workspace(root)
        (root / "memctl.yaml").write_text(
            "timezone: UTC\nmemory:\n  consolidation_max_tokens: 60000\n", encoding="utf-8"
        )
        written = write(root, cases, rng)
        before = recall_failures(root, cases, written, reorder=False)
        now = recall_failures(root, cases, written, reorder=True)
        changed, right, keep, gone = consolidated(root, cases)
    seconds = detection_time(cases)
    print(
        f"\n{label} wordings: {len(cases)} cases over {len(wordings)} kinds ({changed} changed, "
        f"{len(cases) - changed} controls), {keep} facts that must stay"
    )
    print("recall (limit 10)            BM25+recency   now")
    print(f"stale ranks above current     {before[1]:>4}/{before[0]}      {now[1]:>4}/{now[0]}")
    print(f"current value not found       {before[2]:>4}/{before[0]}      {now[2]:>4}/{now[0]}")
    print(f"control answered first        {before[4]:>4}/{before[3]}      {now[4]:>4}/{now[3]}")
    print(f"control in the first 10       {before[5]:>4}/{before[3]}      {now[5]:>4}/{now[3]}")
    print(
        f"consolidate (builtin): newer kept, stale dropped {right}/{changed}; "
        f"false drops {gone}/{keep}"
    )
    print(f"stale() over {DETECT_FACTS:,} facts (this set's, repeated): {seconds * 1000:.0f} ms")
    stale_rate = now[1] / max(now[0], 1)
    memory_rate = right / max(changed, 1)
    drop_rate = gone / max(keep, 1)
    return [
        Goal(
            "supersession",
            f"recall: stale value above the current one ({label} wordings)",
            f"{stale_rate:.1%} of {now[0]}",
            f"<= {GOAL_STALE_FIRST:.0%}",
            stale_rate <= GOAL_STALE_FIRST,
            f"BM25+recency alone {before[1] / max(before[0], 1):.1%}",
        ),
        Goal(
            "supersession",
            f"consolidate (builtin): newer value kept, stale dropped ({label} wordings)",
            f"{memory_rate:.1%} of {changed}",
            f">= {GOAL_MEMORY:.0%}",
            memory_rate >= GOAL_MEMORY,
        ),
        Goal(
            "supersession",
            f"consolidate (builtin): non-contradicting facts dropped ({label} wordings)",
            f"{drop_rate:.1%} of {keep}",
            f"<= {GOAL_FALSE_DROP:.0%}",
            drop_rate <= GOAL_FALSE_DROP,
        ),
        Goal(
            "supersession",
            f"stale() over {DETECT_FACTS:,} facts ({label} wordings)",
            f"{seconds:.2f} s",
            f"<= {GOAL_DETECT_SECONDS} s",
            seconds <= GOAL_DETECT_SECONDS,
        ),
    ]


def detection_time(cases: list[Case]) -> float:
    """Seconds `stale()` takes over a MEMORY.md-sized list (the best of three runs): the
    set's facts, repeated (a subject said many times is the worst case for any step that
    pairs facts). Each run starts from the module's caches emptied (a fact's readings
    are kept for the next time it is read): a consolidation reads its facts in a process
    of its own, where the bench's earlier runs would otherwise have read them all."""
    from memctl.models import supersede
    from memctl.models.supersede import stale

    texts = [t for c in cases for t in [c.old, *([c.new] if c.new else []), *c.distractors]]
    facts = (texts * (DETECT_FACTS // len(texts) + 1))[:DETECT_FACTS]
    caches = [
        f
        for f in vars(supersede).values()
        if not isinstance(f, type) and callable(getattr(f, "cache_clear", None))
    ]
    best = float("inf")
    for _ in range(3):  # the best of three: the machine is shared
        for cached in caches:
            cached.cache_clear()
        start = time.perf_counter()
        stale(facts)
        best = min(best, time.perf_counter() - start)
    return best


# A twelfth set (`twelfth`), added 2026-12-05 06:30 UTC and measured on main before
# that morning's second round (7507aaa) and after it; never shown to a helper writing rules.
# A twelfth wording set for bench/supersession.py (`twelfth`), held out.
# Written 2026-12-05, 05:04-05:09 UTC, by a helper session started for brief
# briefs/twelfth.md. It read ONLY bench/supersession.py (for the format, the 18 kinds, the
# placeholders and how `_values`/`make_cases` fill them, and to avoid the registers of
# the eleven earlier sets); nothing under memctl/, tests/, docs/, bench/README.md, wt/ or
# any other helper's folder.
#
# Registers aimed at (absent or rare in the earlier sets): the talk between a person and
# their AI coding or personal assistant. A person correcting the assistant mid-conversation
# ("no wait, that's wrong ...", "ugh, I told you ...", "hang on ..."); the assistant's own
# confirmation of a change ("Got it ...", "Understood ...", "Okay, I've updated ...",
# "Noted: ..."); terse imperatives that imply the change ("stop tagging {old} ...",
# "pin the client to {new} ..."); lowercase notes with abbreviations and typos and no full
# stops ("ci migr", "nr", "adress", "swichted"); a question answered in the next clause
# ("where does {s} live now? {new}."); non-native English and word order ("since last
# sprint the {s} it is {new}"); passive voice and nominalisations ("the relocation of ...
# is complete", "the appointment of ... was announced"); a change implied by an event
# (leaving cake, last day, trade-in, keys handed back) rather than stated; the old value
# as a past habit ("used to") with the new value in the main clause; a reason clause
# first ("Because the rent in {old} kept going up, ..."). Old facts are in the same
# registers ("fyi ...", "Noted: ...", "what's X? {old}.").
# Distractors: offers turned down, wishes, questions nobody answered, requests to the
# assistant that leave the value alone ("usual number", "same time as always"), reminders
# set, someone else's value, comparisons, past visits; none changes the subject's value.
# "also" lines: the assistant noting a second fact ("Noted as well: ..."), "also ...,
# keep that", a second subject with the same value, a question about a second subject
# answered in the next clause.
#
# Placeholders, as make_cases fills them:
#   old/new/ask: {s} {S} {old} {new}
#   distract:    {s} {S} {other} {n} (and {old})   ({other} is a value of the same sort for
#                home, employer, favourite, car, school, team and language; a person's name
#                for every other kind)
#   also:        {s} {S} {s2} {S2} {alt} {old}   (the first line of each kind has no
#                {s2}: make_cases falls back to it when no second subject is left)
# No people are named inside lines other than through placeholders.
# For the tool kind the subject is "The X team" (capital T), so {S} is put at the start
# of a line, after a colon or after a comma.
# The school kind is about the subject's daughter throughout.
# One line each, no leading "- " (write() adds the bullet).

TWELFTH: dict[str, dict[str, list[str]]] = {
    "host": {
        "old": [
            "fyi {s} is on {old}, in case you need to ssh in",
            "Noted: {S} is hosted on {old}. I'll use that host in the deploy scripts.",
            "so {s}, that one sits on {old}, has done for ages",
            "which box is {s}? {old}.",
        ],
        "new": [
            "no wait, that's wrong: {s} isn't on {old} anymore, it's {new} now",
            "Got it. I'll point {s} at {new} from here on and leave {old} out of the configs.",
            "use {new} for {s}, {old} is being decomissioned",
            "where does {s} live now? {new}. the old box is toast",
            "The relocation of {s} to {new} is complete and {old} has been returned to the pool.",
            "Although {s} used to sit on {old}, the host you want in the connection string is {new}.",
        ],
        "distract": [
            "can you check why {s} was slow this morning? nothing's changed on it as far as I know",
            "{other} offered to move {s} onto faster hardware, I said no thanks for now",
            "would be nice if {s} had a box of its own one day, but not this quarter",
            "Reminder set: renew the TLS cert on {s} in {n} days.",
            "does {other} still have shell access to {s}? (no answer yet)",
        ],
        "also": [
            "also {s} has a read replica on {alt}, keep that one too",
            "Noted as well: {S} keeps its cron jobs on {alt}.",
            "oh and {s2} is on {old}, same as before",
            "{s2}? that one's {alt}.",
        ],
        "ask": [
            "remind me, what box is {s} on?",
            "what host do I put in the config for {s}?",
            "hey, where's {s} running these days?",
        ],
    },
    "home": {
        "old": [
            "{s} lives in {old} btw, so mind the timezone when you schedule stuff",
            "Noted: {S} is based in {old}.",
            "{S} is from {old} and still lives there.",
            "where's {s} based? {old}.",
        ],
        "new": [
            "ugh, I told you last week: {s} left {old}, they live in {new} now",
            "Understood, I've changed {S}'s location from {old} to {new} and will use {new} for timezones from now on.",
            "since the summer {s} lives in {new}, not more in {old}",
            "{S} handed back the keys of the flat in {old} on saturday and spent sunday unpacking in {new}.",
            "{s} moved too {new} last month, pls fix the addr book",
            "Because the rent in {old} kept going up, {s} now lives in {new}.",
        ],
        "distract": [
            "{s} was offered a flat in {other} but turned it down",
            "{s} keeps saying they'd love to retire to {other} someday",
            "can you find {s} a hotel in {other} for the offsite? just three nights",
            "{s} likes {other} more than {old}, but only for holidays",
            "{s} was in {other} last spring for a wedding, flew home the day after",
        ],
        "also": [
            "also {s} spends every August at a cabin near {alt}, remember that too",
            "Noted as well: {S}'s office is in {alt}.",
            "and {s2} lives in {old} too, they meet for lunch sometimes",
            "{s2}, where do they live? {alt}.",
        ],
        "ask": [
            "what city is {s} in these days, for the invite?",
            "remind me where {s} lives?",
            "which timezone should I use for {s}, where are they now?",
        ],
    },
    "employer": {
        "old": [
            "{s} is at {old}, fyi",
            "Noted: {S} works for {old}.",
            "{s} - {old}, engineering, been there years",
            "when you draft the intro, say {s} is with {old}",
        ],
        "new": [
            "no no, {s} left {old} ages ago, it's {new} now",
            "Okay, I've changed {S}'s employer to {new}; I won't mention {old} in the intro.",
            "{S}'s goodbye cake at {old} was on thursday and the {new} badge arrives on monday.",
            "The hiring of {s} by {new} went through last week, after {old} let them go.",
            "With {old} shutting its local office, {s} took the offer from {new} and started there this month.",
            "who's {s} with these days? {new}, since march. {old} is history",
        ],
        "distract": [
            "{other} tried to poach {s} but {s} said no",
            "{s} wishes {old} had a better pension, honestly",
            "did {s} ever hear back from {other}? they never said",
            "{s}'s partner works at {other}",
            "{s} gave a talk at {other} last year, went down well",
        ],
        "also": [
            "also {s} advises a startup on the side, {alt}, keep that",
            "Noted as well: {S} sits on the advisory board of {alt}.",
            "{s2} works at {old} too btw",
            "who's {s2} with? {alt}.",
        ],
        "ask": [
            "where's {s} working at the moment?",
            "what company should I put for {s} on the guest list?",
            "who does {s} work for now, again?",
        ],
    },
    "date": {
        "old": [
            "{s} is set for {old}, put it in the calendar pls",
            "Noted: {S} is scheduled for {old}.",
            "target for {s}: {old}",
            "when's {s}? {old}.",
        ],
        "new": [
            "scratch that date, {s} is {new}, not {old}",
            "Done. I've moved {s} in your calendar from {old} to {new} and updated the reminder.",
            "plan everything for {s} against {new} now, forget {old}",
            "when's {s} now? {new}. legal needed more time",
            "The postponement of {s} to {new} was approved by the steering group.",
            "Because the vendor missed their delivery, {s} lands on {new} instead of {old}.",
        ],
        "distract": [
            "{other} asked if {s} could move earlier; nobody answered",
            "I'd love {s} to be done before the holidays, but that's wishful thinking",
            "can you draft the announcement for {s}? keep the date as it is",
            "{other}'s project got pushed, {s} didn't",
            "Reminder set: status check on {s} in {n} days.",
        ],
        "also": [
            "also the dry run for {s} is on {alt}, keep that in the calendar too",
            "Noted as well: {S} has its go/no-go meeting on {alt}.",
            "{s2} is also on {old} btw",
            "and when's {s2}? {alt}.",
        ],
        "ask": [
            "what day is {s} now?",
            "remind me when {s} is happening?",
            "what date should I tell people for {s}?",
        ],
    },
    "owner": {
        "old": [
            "{old} owns {s}, so ping them for anything there",
            "Noted: {old} is the owner of {s}.",
            "{s} - owner {old}",
            "whose is {s}? {old}'s.",
        ],
        "new": [
            "wait no, {old} doesn't own {s} anymore, {new} does",
            "Understood: I'll send questions about {s} to {new} from now on, not {old}.",
            "stop tagging {old} on {s} PRs, it's {new}'s service now",
            "Though {old} used to own {s}, {new} is the one who signs off its changes.",
            "The handover of {s} from {old} to {new} has been completed.",
            "{old}'s last day on {s} was friday; {new} runs its sprint planning and on-call from monday",
        ],
        "distract": [
            "{other} offered to take {s} off our hands, we said no",
            "can you find out who wrote the first version of {s}? not urgent",
            "{other} wishes they owned {s} instead of the billing stuff",
            "{other} owns the sister service, not {s}",
            "{s} had {n} pages last week, all handled",
        ],
        "also": [
            "also {alt} is the backup contact for {s}, keep them listed",
            "Noted as well: {alt} reviews every schema change to {s}.",
            "{old} owns {s2} too",
            "who owns {s2}? {alt}.",
        ],
        "ask": [
            "who should I ping about {s}?",
            "whose service is {s} these days?",
            "who's on the hook for {s} now?",
        ],
    },
    "role": {
        "old": [
            "{old} is the {s}, ask them about priorities",
            "Noted: the {s} is {old}.",
            "the {s}? {old}.",
            "fyi {old} = {s}",
        ],
        "new": [
            "ugh, I told you: {old} stepped down, the {s} is {new} now",
            "Got it, I'll address the approval request to {new} as the {s} instead of {old}.",
            "since last sprint the {s} it is {new}, {old} went to other project",
            "{old} had a goodbye lunch as the outgoing {s}, and {new} ran their first planning as {s} the next morning.",
            "The appointment of {new} as {s} was announced at the all-hands.",
            "Because {old} is on parental leave for a year, the {s} is {new}.",
        ],
        "distract": [
            "{other} was offered the {s} job and turned it down",
            "who'd be a good {s} if we ever split the team? no idea yet",
            "{other} was the {s} at their last company",
            "I wish the {s} came to more standups, tbh",
            "can you draft a thank-you note to the {s}? nothing formal",
        ],
        "also": [
            "also {alt} deputises for the {s}, keep that",
            "Noted as well: {alt} runs the hiring panel with the {s}.",
            "{old} is the {s2} as well",
            "and the {s2}? that's {alt}.",
        ],
        "ask": [
            "who's the {s} at the moment?",
            "who's our {s} now, for the escalation email?",
            "remind me who the {s} is?",
        ],
    },
    "tool": {
        "old": [
            "{S} runs CI on {old}, fyi",
            "Noted: {S} builds with {old}.",
            "{S}, ci is {old}",
            "{S}: which CI? {old}.",
        ],
        "new": [
            "no, hang on: {S} isn't on {old} anymore, they build on {new}",
            "Noted: {S} now builds on {new}; I'll stop suggesting {old} configs for them.",
            "{S}: write their pipeline configs for {new}, not {old}",
            "{S}: which ci are they on now? {new}, they ditched {old} in the spring",
            "{S} used to live in {old}, but every pipeline of theirs is on {new} now.",
            "Because the {old} licence ran out, {S} has its builds on {new}.",
        ],
        "distract": [
            "{S}: {other} pitched moving them to a new CI, they passed on it",
            "{S} keeps asking for faster builds; no change planned",
            "{S}: can you find out how many build minutes they used last month? {other} wants to know",
            "{S} has {n} flaky tests, {other} is on it",
            "{S}: {other}'s team uses a different CI, fwiw",
        ],
        "also": [
            "{S} also uses {alt} for nightly jobs, keep that",
            "Noted as well: {S} runs its release tags through {alt}.",
            "{S2} is on {old} too",
            "{S2}: which CI? {alt}.",
        ],
        "ask": [
            "{S}: which CI are they on now?",
            "{S}, where do their builds run these days?",
            "for {S}, which CI should I target?",
        ],
    },
    "meeting": {
        "old": [
            "{s} is at {old} every day, don't book over it",
            "Noted: {S} starts at {old}.",
            "{s} {old} daily",
            "what time's {s}? {old}.",
        ],
        "new": [
            "no wait, that's the old time: {s} is {new} now, not {old}",
            "I've moved your focus block so it no longer clashes with {s} at {new}, and freed the {old} slot.",
            "stop blocking {old} for {s}, it's at {new}",
            "{s} since this week it is {new}, the {old} no more works for Tokyo people",
            "The rescheduling of {s} to {new} takes effect today.",
            "Because of the new timezone split, {s} now starts at {new}.",
        ],
        "distract": [
            "{other} asked if {s} could go earlier; the answer was no",
            "I'd love {s} to be shorter, it's always {n} minutes over",
            "can you take notes at {s} tomorrow? same time as always",
            "{other}'s standup is at a different time than {s}",
            "I missed {s} on monday, dentist",
        ],
        "also": [
            "also {s} has a monthly deep-dive at {alt}, keep that one",
            "Noted as well: {S} has a fortnightly demo at {alt}.",
            "{s2} is at {old} too, different room",
            "and {s2}? {alt}.",
        ],
        "ask": [
            "what time do we start {s} nowadays?",
            "when do I need to be at {s}?",
            "is {s} still at the usual time? what time is that again?",
        ],
    },
    "name": {
        "old": [
            "the {s} is called {old}, search for that",
            "Noted: the {s} goes by {old}.",
            "the {s} = {old}",
            "what's the {s} called? {old}.",
        ],
        "new": [
            "ugh I told you already, the {s} isn't {old}, it was renamed {new}",
            "Got it. I'll refer to the {s} as {new} in the docs and drop {old}.",
            "link people to {new} when they ask for the {s}; {old} is retired",
            "the {s} rename to {new} finaly went thru, {old} redirects",
            "The renaming of the {s} to {new} has been signed off.",
            "Though everyone used to say {old} for the {s}, the name on the page is {new}.",
        ],
        "distract": [
            "{other} suggested a catchier name for the {s}, nobody bit",
            "can you tidy the sidebar of the {s}? don't touch the name",
            "wish the {s} had a shorter name, tbh",
            "the {s} gets {n} visits a day, {other} says",
            "did anyone ever decide on a logo for the {s}? still open",
        ],
        "also": [
            "also the {s} has a slack channel called {alt}, keep that",
            "Noted as well: the {s} has an alias, {alt}.",
            "the {s2} is called {alt}",
            "and the {s2}? {alt}.",
        ],
        "ask": [
            "what's the {s} called at this point?",
            "what name do I search for to find the {s}?",
            "how do I refer to the {s} in the doc?",
        ],
    },
    "phone": {
        "old": [
            "{s}'s number is {old}, save it",
            "Noted: {S}'s mobile is {old}.",
            "{s} - mob {old}",
            "what's {s}'s number? {old}.",
        ],
        "new": [
            "no, that's {s}'s old number: it's {new} now, {old} doesn't ring",
            "I've updated {S}'s contact card: {new} replaces {old}.",
            "text {s} on {new}, {old} is dead",
            "{s} changed nr to {new}, old one gone",
            "{S} left the phone with {old} on it in a taxi, so the number to reach them on is {new} now.",
            "{s} number it is {new} since the new contract, the {old} not anymore",
        ],
        "distract": [
            "{other} offered {s} a work phone, {s} said no thanks",
            "can you remind me to call {s} tomorrow? usual number",
            "{s} wishes they had a landline again, lol",
            "{other}'s number looks a lot like {s}'s, don't mix them up",
            "{s} didn't pick up {n} times today",
        ],
        "also": [
            "also {s} has a desk line, {alt}, keep that as well",
            "Noted as well: {S}'s emergency contact number is {alt}.",
            "{s2}'s number is {alt}",
            "{s2}'s mobile? {alt}.",
        ],
        "ask": [
            "what number do I call {s} on?",
            "which number is {s} on at the moment?",
            "remind me how to reach {s} by phone?",
        ],
    },
    "manager": {
        "old": [
            "{s} reports to {old}, so loop {old} in on time off",
            "Noted: {S}'s manager is {old}.",
            "{s} -> mgr {old}",
            "who's {s}'s boss? {old}.",
        ],
        "new": [
            "wait, that's outdated: {s} reports to {new} now, not {old}",
            "Understood, I'll cc {new} instead of {old} when I draft {S}'s leave requests.",
            "send {s}'s expense approvals to {new}, not {old}",
            "The transfer of {s} into {new}'s group was finalised on monday.",
            "{S} used to have 1:1s with {old}, but the person who signs their reviews is {new}.",
            "Because of the reorg, {s} now reports to {new}.",
        ],
        "distract": [
            "{other} offered to manage {s}, {s} turned it down",
            "{s} thinks {other} would make a great manager someday",
            "can you draft {s}'s self-review? nothing about reporting lines",
            "{other}'s manager is on leave this week; {s} isn't affected",
            "did {s} ever ask for a new manager? never heard",
        ],
        "also": [
            "also {s} has a mentor, {alt}, keep that",
            "Noted as well: {S}'s skip-level is {alt}.",
            "{s2} reports to {old} too",
            "{s2}'s manager? {alt}.",
        ],
        "ask": [
            "who's {s}'s manager at the moment?",
            "who does {s} report to now?",
            "who signs off {s}'s time off these days?",
        ],
    },
    "favourite": {
        "old": [
            "{s} is a {old} person, don't suggest anything else",
            "Noted: {S}'s favourite editor is {old}.",
            "{s} codes in {old}, always has",
            "which editor does {s} like? {old}.",
        ],
        "new": [
            "no wait, {s} gave up {old}: {new} is the favourite now",
            "Got it: for {S} I'll write setup tips for {new}, not {old}.",
            "{s} swichted to {new}, sick of {old}",
            "{S} used to spend hours tuning {old}, but the editor they rave about now is {new}.",
            "since christmas {s} favourite it is {new}, {old} is finished for them",
            "Because {old} kept crashing on the new laptop, {s} swears by {new} these days.",
        ],
        "distract": [
            "someone pitched {other} to {s}, {s} wasn't interested",
            "{s} would love {other} if it were faster, but it isn't",
            "can you install {other} on the shared box? it's for the interns, not {s}",
            "{s} reckons {other} is fine, just not for them",
            "{s} tried {other} at a hackathon once, years ago",
        ],
        "also": [
            "also {s} likes {alt} for quick edits, keep that too",
            "Noted as well: {S} uses {alt} for note-taking.",
            "{s2} loves {old} too",
            "{s2}'s favourite? {alt}.",
        ],
        "ask": [
            "what's {s}'s editor of choice these days?",
            "which editor should I set up for {s}?",
            "what does {s} like to code in at the moment?",
        ],
    },
    "car": {
        "old": [
            "{s} drives a {old}, the grey one",
            "Noted: {S}'s car is a {old}.",
            "{s} - car: {old}",
            "what does {s} drive? a {old}.",
        ],
        "new": [
            "no, {s} sold the {old}; it's a {new} now",
            "Okay, I've updated {S}'s parking permit from the {old} to the {new}.",
            "register the {new} for {s}'s parking space, the {old} is gone",
            "{S} traded in the {old} at the dealer yesterday and drove home in a {new}.",
            "{s} car is {new} now since the accident, the {old} is finish",
            "The purchase of a {new} by {s} went through, and the {old} was sold.",
        ],
        "distract": [
            "{s} test-drove a {other} but didn't buy it",
            "{s} dreams of owning a {other} one day",
            "{s}'s partner drives a {other}",
            "can you find {s} a garage for an oil change? same car as always",
            "{s} rented a {other} on holiday last year",
        ],
        "also": [
            "also {s} keeps a {alt} at the holiday house, keep that",
            "Noted as well: {S} has a {alt} as a second car.",
            "{s2} drives a {old} too",
            "{s2}'s car? a {alt}.",
        ],
        "ask": [
            "what's {s} driving these days?",
            "which car should I put on the parking form for {s}?",
            "what car does {s} have now?",
        ],
    },
    "school": {
        "old": [
            "{s}'s daughter goes to {old}, pickup is at 3",
            "Noted: {S}'s daughter attends {old}.",
            "{s} kid -> {old}",
            "which school is {s}'s daughter at? {old}.",
        ],
        "new": [
            "ugh, I told you: {s}'s daughter left {old}, she's at {new} now",
            "Got it, I'll send the school-run reminders for {new} instead of {old} for {S}'s daughter.",
            "{S}'s daughter had her last day at {old} in july and started at {new} in september.",
            "{s} daughter now at {new}, the {old} is too far since they moved",
            "The transfer of {s}'s daughter to {new} was approved by the council.",
            "{S}'s daughter used to go to {old}, but the uniform {s} has to order is for {new}.",
        ],
        "distract": [
            "{s}'s daughter was offered a place at {other}, they declined",
            "{s} wishes {other} were closer, it has a great music department",
            "{s}'s son goes to {other}",
            "did {s}'s daughter get into the summer camp at {other}? no idea",
            "{s}'s daughter visited {other} for a science fair last spring",
        ],
        "also": [
            "also {s}'s daughter does swimming at {alt}, keep that",
            "Noted as well: {S}'s son is at {alt}.",
            "{s2}'s daughter goes to {old} too",
            "{s2}'s daughter? {alt}.",
        ],
        "ask": [
            "what school is {s}'s daughter at now?",
            "which school do I put on the form for {s}'s daughter?",
            "where does {s}'s daughter go to school these days?",
        ],
    },
    "team": {
        "old": [
            "{s} is on the {old} team, ask them about {old} stuff",
            "Noted: {S} is on the {old} team.",
            "{s} - team {old}",
            "what team is {s} on? {old}.",
        ],
        "new": [
            "wait no, {s} isn't on {old} anymore, {new} team now",
            "Understood, I'll add {S} to the {new} team's channel and take them off {old}'s.",
            "stop inviting {s} to the {old} standup, they're on {new}",
            "{s} moved {old} -> {new}, eff. monday",
            "{S}'s farewell coffee with the {old} team was friday and they sit with the {new} team from this week.",
            "Because the {old} team was split up, {s} is on the {new} team now.",
        ],
        "distract": [
            "{s} was asked to join the {other} team and said no",
            "{s} would love to do a stint on the {other} team some day",
            "{s} helped the {other} team with an incident last week",
            "{s}'s friend is on the {other} team",
            "is {s} going to the {other} offsite? no answer yet",
        ],
        "also": [
            "also {s} is in the {alt} guild, keep that",
            "Noted as well: {S} does on-call for the {alt} team.",
            "{s2} is on the {old} team too",
            "{s2}'s team? {alt}.",
        ],
        "ask": [
            "which team is {s} on now?",
            "whose team does {s} belong to at the moment?",
            "what team should I tag {s} under?",
        ],
    },
    "language": {
        "old": [
            "{s} is written in {old}, keep that in mind for the PR",
            "Noted: {S} is a {old} codebase.",
            "{s} - lang {old}",
            "what's {s} written in? {old}.",
        ],
        "new": [
            "no wait, {s} isn't {old} anymore, the rewrite in {new} shipped",
            "Got it. I'll write {s} patches in {new} from now on, no more {old}.",
            "generate the client for {s} in {new}, the {old} code is gone",
            "The rewrite of {s} in {new} is complete and the {old} code has been deleted.",
            "{S} used to be all {old}, but every file you'll open in it is {new}.",
            "Because the {old} builds got so slow, {s} is written in {new} now.",
        ],
        "distract": [
            "{other} was pitched for {s}, we decided against it",
            "I wish {s} had {other} bindings",
            "can you add tests to {s}? same language, nothing fancy",
            "the service next to {s} is in {other}",
            "could {s} be rewritten in {other}? nobody knows",
        ],
        "also": [
            "also {s} has a CLI in {alt}, keep that",
            "Noted as well: {S}'s build scripts are in {alt}.",
            "{s2} is in {old} too",
            "{s2}, what language? {alt}.",
        ],
        "ask": [
            "what's {s} written in now?",
            "what language do I use for a patch to {s}?",
            "which language is {s} in at the moment?",
        ],
    },
    "email": {
        "old": [
            "{s}'s email is {old}, use that for invites",
            "Noted: {S}'s address is {old}.",
            "{s} - mail {old}",
            "what's {s}'s email? {old}.",
        ],
        "new": [
            "no, don't use {old} for {s}, it's {new} now",
            "Okay, I'll send {S}'s invites to {new} and take {old} off the list.",
            "stop sending things to {old}, {s} reads {new} only",
            "{s} new adress {new}, old one closed",
            "{s} mail it is {new} since the company change, {old} not working",
            "where do I email {s} now? {new}. {old} bounces",
        ],
        "distract": [
            "{other} suggested {s} get a shorter address, {s} wasn't bothered",
            "can you email {s} the slides? usual address",
            "{other}'s email has a typo in the directory, {s}'s is fine",
            "{s} gets {n} newsletters a day, wants to unsubscribe",
            "did {s} ever set up the out-of-office? no idea",
        ],
        "also": [
            "also {s} reads the shared inbox {alt}, keep that",
            "Noted as well: {S}'s assistant's address is {alt}.",
            "{s2}'s email is {alt}",
            "{s2} also has access to {old}",
        ],
        "ask": [
            "what's the best email for {s} now?",
            "which address should I cc for {s}?",
            "where do I email {s} these days?",
        ],
    },
    "version": {
        "old": [
            "{s} is on {old} in prod, fyi",
            "Noted: {S} runs version {old}.",
            "{s} prod = v{old}",
            "what version is {s} on? {old}.",
        ],
        "new": [
            "no wait, that's stale: {s} is on {new} in prod now, not {old}",
            "Understood: {S} is on {new} in production, so I'll read the {new} docs and ignore {old}.",
            "pin the client for {s} to {new}, {old} is gone from prod",
            "{s} upgr to {new} done in prod, {old} rolled off",
            "The rollout of {s} {new} to all regions was completed overnight, replacing {old}.",
            "since thursday {s} in production it is {new}, the {old} we removed",
        ],
        "distract": [
            "{other} offered to test a beta of {s}, we said not yet",
            "I'd like {s} on a newer version eventually, no rush",
            "can you summarise the open bugs for {s}? don't upgrade anything",
            "{other}'s service is on a newer version than {s}",
            "is {s} getting a patch release? no answer from the owners",
        ],
        "also": [
            "also {s}'s mobile app is at {alt}, keep that",
            "Noted as well: {S}'s SDK is at {alt}.",
            "{s2} is on {old} too",
            "{s2}? {alt}.",
        ],
        "ask": [
            "so what version is {s} actually running?",
            "which version of {s} is deployed?",
            "what version of {s} do I put in the bug report?",
        ],
    },
}


# A thirteenth set (`thirteenth`), added 2026-12-05 09:25 UTC and measured on main before
# the late-morning round (1252959) and after it; never shown to a helper writing rules.
# A thirteenth wording set for bench/supersession.py (`thirteenth`), held out.
# Written 2026-12-05, 07:42-07:47 UTC, by a helper session started for brief
# briefs/thirteenth.md. It read ONLY bench/supersession.py (for the format, the 18 kinds,
# the placeholders and how `_values`/`make_cases` fill them, and to avoid the registers of
# the twelve earlier sets); nothing under memctl/, tests/, docs/, bench/README.md, wt/ or
# any other helper's folder.
#
# Registers aimed at (absent or rare in the earlier sets): team-channel posts ("@here heads
# up: ...", "@here please welcome ...", "@here quick q: ..."), a quoted reply in a thread
# ("> is X still Y? nope, Z"); conventional commit subjects ("fix(config): ...", "ci: ...",
# "refactor: ...", "docs: ...", "release: ...", "feat(dotfiles): ...") and ticket lines with
# project keys ("INFRA-{n}: ... (done)", "PEOPLE-{n}: ..."); standup notes ("Yesterday: ...
# Today: ... Blockers: none."); meeting minutes ("Minutes, infra sync: ...") and formal
# e-mail prose ("Please note that, effective Monday, ...; kindly update your records");
# changes reported second-hand ("Saoirse says ...", "according to HR ...", "Per Radek in
# the infra channel ...", "according to the family group chat ..."); hedged or provisional
# changes that still count ("... for now", "acting ... while ..."); the old value negated
# ("{old} is not it anymore, {new} is", "no longer ... {old}"); a change stated as a plain
# fact in exactly the frame of an old line, with no change word ("{S} lives in {old} with their partner and the cat." then
# "{S} lives in {new} with their partner and the cat."), and many new lines that do not name the old value; list and table
# rows ("Service catalog row: {s} | owner: {new} | tier 2", "inventory.csv: {s},{old},prod",
# "Distribution list export: {s} <{new}>"), form and survey answers ("Team survey, Q5
# 'Favourite editor': {s} answered {new}", "HR form, Q2 'City of residence': ..."), an
# auto-reply, an insurance renewal form, a parents' / family group chat, an onboarding doc,
# a handbook's rituals section, a roadmap row, a release tracker row, a deploy log.
# Distractors: questions in a channel nobody answered, open tickets, minutes where a change
# was discussed and parked, retro notes with the value unchanged, offers turned down,
# wishes, someone else's value, comparisons, past visits, "might ... one day, nothing is
# decided"; none changes the subject's value and none names {old} or {new}.
# "also" lines: the same subject's second value ("... also has ...; keep both"), and a
# second subject in the same registers as the old lines (rows, plain facts, channel posts).
#
# Placeholders, as make_cases fills them:
#   old/new/ask: {s} {S} {old} {new} (and {n})
#   distract:    {s} {S} {other} {n}   ({other} is a value of the same sort for home,
#                employer, favourite, car, school, team and language; a person's name
#                for every other kind)
#   also:        {s} {S} {s2} {S2} {alt} {old} {n}   (the first line of each kind has no
#                {s2}: make_cases falls back to it when no second subject is left)
# People named inside lines (Radek, Saoirse, Olu, Petra, Henrik, Marisol) are not in the
# bench's NAMES.
# For the tool kind the subject is "The X team" (capital T), so {S} is put at the start of
# a line or after a colon.
# The school kind is about the subject's eldest child throughout.
# One line each, no leading "- " (write() adds the bullet).

THIRTEENTH: dict[str, dict[str, list[str]]] = {
    "host": {
        "old": [
            "{S} runs on {old} in production.",
            "@here reminder: {s} runs on {old}, please don't reboot it without asking in #ops",
            "Minutes, infra sync: {s} stays on {old} through the quarter; no objections.",
            "inventory.csv: {s},{old},prod",
        ],
        "new": [
            "{S} runs on {new} in production.",
            "@here heads up: {s} is on {new} as of today, update your bookmarks",
            "fix(config): point {s} at {new} instead of {old}",
            "re: the question above, {old} is not it anymore for {s}; {new} is",
            "{S} is on {new} for now, until the new rack arrives.",
            "Per Radek in the infra channel, {s} sits on {new} these days.",
        ],
        "distract": [
            "@here is anyone else getting timeouts from {s}? asking for {other}",
            "INFRA-{n} (open): investigate disk usage on {s}",
            "Minutes, infra sync: moving {s} to new hardware was discussed and parked until next year.",
            "{other} proposed a dedicated box for {s} in the thread; it got two thumbs-down and went nowhere.",
            "Retro, what went badly: {s} fell over during the demo; root cause was an expired cert, same host.",
        ],
        "also": [
            "{S} also has a hot standby on {alt}; both stay in the inventory.",
            "inventory.csv: {s2},{alt},prod",
            "@here for completeness: {s2} runs on {old} as well",
            "Minutes, infra sync: {s2} runs on {alt}, no change planned.",
        ],
        "ask": [
            "@here quick q: which host is {s} on right now?",
            "Does anyone know the current host for {s}? I need it for the firewall request.",
            "what do I put as the host for {s} in the new service config?",
        ],
    },
    "home": {
        "old": [
            "{S} lives in {old} with their partner and the cat.",
            "Address book: {s}, {old}",
            "Please note that {s} is based in {old}, so keep calls before 5pm their time.",
            "according to HR, {s}'s home city is {old}",
        ],
        "new": [
            "{S} lives in {new} with their partner and the cat.",
            "Please note that, effective Monday, {s}'s home address is in {new}; kindly update your records.",
            "Saoirse says {s} is in {new} now, found a place near the station",
            "{S} is living in {new} for now; we'll see whether it sticks.",
            "{old} is not home for {s} anymore, {new} is.",
            "HR form, Q2 'City of residence' ({s}): {new}",
        ],
        "distract": [
            "{S} might move to {other} one day, but nothing is decided.",
            "{S} flew to {other} for the offsite and was back by Friday.",
            "@here anyone got a van to lend? {s}'s sister is moving to {other}",
            "{S} turned down the relocation package to {other}.",
            "{S} says {other} is cheaper than where they live, but the commute would be awful.",
        ],
        "also": [
            "{S} also keeps a small flat in {alt} for work weeks; keep both.",
            "Address book: {s2}, {old}",
            "according to HR, {s2}'s home city is {alt}",
            "{S2} lives in {alt} with their partner and the cat.",
        ],
        "ask": [
            "where does {s} live these days?",
            "Can someone confirm {s}'s home city before I book the train?",
            "which city do I put on the courier form for {s}?",
        ],
    },
    "employer": {
        "old": [
            "{S} works at {old}, in the product org.",
            "Guest list: {s} ({old})",
            "@here {s} from {old} joins our call at 3, be nice",
            "Minutes, partner sync: {s} ({old}) walked us through their roadmap.",
        ],
        "new": [
            "{S} works at {new}, in the product org.",
            "Guest list: {s} ({new})",
            "Please note that, effective 1 March, {s} is no longer with {old}; their new employer is {new}.",
            "{S} is contracting for {new} for now, until something permanent comes up.",
            "Olu mentioned in the thread that {s} is at {new}; {old} is not it anymore.",
            "Standup, {s}: yesterday handed back the {old} laptop; today onboarding at {new}; blockers none.",
        ],
        "distract": [
            "{S} interviewed at {other} but decided to stay put.",
            "{S}'s brother-in-law just started at {other}.",
            "@here does anyone have a contact at {other}? {s} is asking for a friend",
            "{S} thinks {other} pays better, but isn't looking.",
            "{S} visited the {other} campus for a conference last autumn.",
        ],
        "also": [
            "{S} also sits on the board of a charity sponsored by {alt}; keep that on the profile.",
            "Guest list: {s2} ({old})",
            "{S2} works at {alt}, in the product org.",
            "according to the CRM, {s2} is at {alt}",
        ],
        "ask": [
            "who pays {s}'s salary these days?",
            "@here which company is {s} with now? need it for the badge",
            "what should the name tag say under {s}'s name?",
        ],
    },
    "date": {
        "old": [
            "{S} is on {old}, per the project plan.",
            "Minutes, planning sync: {s} confirmed for {old}. Action on comms for the announcement.",
            "Roadmap row: {s} | {old} | on track",
            "@here save the date: {s} is {old}",
        ],
        "new": [
            "{S} is on {new}, per the project plan.",
            "@here heads up: {s} slips to {new}, sorry all",
            "Please note that {s} has been rescheduled to {new}. All other dates remain unchanged.",
            "PLAN-{n}: {s} due date {old} -> {new} (done)",
            "{S} is pencilled in for {new} for now; final sign-off next week.",
            "according to the PMO, {s} is no longer on {old}; it's {new}",
        ],
        "distract": [
            "{other} asked in the thread whether {s} could be pulled in a week; no reply so far.",
            "Minutes, planning sync: the date for {s} was discussed; no change.",
            "{other}'s project shares a code freeze with {s}, but has its own date.",
            "Retro action for {s}: write the go-live checklist earlier next time.",
            "PLAN-{n} (open): confirm catering for the party after {s}",
        ],
        "also": [
            "{S} also has a dress rehearsal on {alt}; keep both dates in the calendar.",
            "Roadmap row: {s2} | {old} | on track",
            "@here save the date: {s2} is {alt}",
            "Minutes, planning sync: {s2} confirmed for {alt}.",
        ],
        "ask": [
            "what's the date for {s} now?",
            "@here when is {s} actually happening?",
            "which date do I give the venue for {s}?",
        ],
    },
    "owner": {
        "old": [
            "{S} is owned by {old} on the platform side.",
            "Service catalog row: {s} | owner: {old} | tier 2",
            "@here {old} owns {s}, so route questions there",
            "Handover notes: for anything on {s}, talk to {old}.",
        ],
        "new": [
            "{S} is owned by {new} on the platform side.",
            "Service catalog row: {s} | owner: {new} | tier 2",
            "Please note that, effective Monday, ownership of {s} sits with {new}; {old} moves to other duties.",
            "{new} is looking after {s} for now while the team is reshuffled.",
            "PLAT-{n}: reassign {s} from {old} to {new} (closed)",
            "Petra says {old} is not the person for {s} anymore, {new} is.",
        ],
        "distract": [
            "{other} offered to co-own {s}; politely declined.",
            "@here who wrote the alerting for {s}? asking for {other}",
            "PR review on {s}: {other} left {n} nits, all addressed.",
            "{other} owns a similar service and thinks {s} is in better shape than theirs.",
            "Minutes: splitting {s} into two was floated and shelved.",
        ],
        "also": [
            "{alt} is also on the escalation list for {s}; keep them there.",
            "Service catalog row: {s2} | owner: {old} | tier 1",
            "{S2} is owned by {alt} on the platform side.",
            "@here {alt} owns {s2}, fyi",
        ],
        "ask": [
            "who owns {s} these days?",
            "@here who do I tag for a review on {s}?",
            "Can someone tell me the current owner of {s}? It's for the audit sheet.",
        ],
    },
    "role": {
        "old": [
            "The {s} is {old}, per the org wiki.",
            "Org wiki table row: {s} | {old}",
            "@here {old} is our {s}, send roadmap questions their way",
            "Minutes: {old}, as {s}, presented the quarterly plan.",
        ],
        "new": [
            "The {s} is {new}, per the org wiki.",
            "Org wiki table row: {s} | {new}",
            "Please note that, effective today, {new} takes over as {s}. Thank you, {old}, for your work.",
            "{new} is acting {s} for now, while {old} is on sabbatical.",
            "according to HR, the {s} is no longer {old}; it's {new}",
            "> is {old} still the {s}? nope, {new} is",
        ],
        "distract": [
            "{other} applied to be {s} in the last round but withdrew.",
            "{other} asked in the thread what the {s} actually does all day; nobody answered.",
            "{other} is {s} at a partner company; we swap notes sometimes.",
            "Minutes: the {s} role description needs updating; {other} to draft.",
            "Retro: the {s} should have been looped in earlier on the incident.",
        ],
        "also": [
            "{alt} is deputy to the {s}; keep that on the org chart too.",
            "Org wiki table row: {s2} | {old}",
            "The {s2} is {alt}, per the org wiki.",
            "@here {alt} is our {s2}, fyi",
        ],
        "ask": [
            "who holds the {s} job today?",
            "@here who's {s} now? I need someone to escalate to",
            "who should sign the plan as {s}?",
        ],
    },
    "tool": {
        "old": [
            "{S} builds on {old} for every repo.",
            "{S}: CI provider, per the platform survey: {old}",
            "Minutes: {S} will keep {old} for builds this year.",
            "@here: {S} builds everything on {old}; ask there for pipeline access",
        ],
        "new": [
            "{S} builds on {new} for every repo.",
            "{S}: CI provider, per the platform survey: {new}",
            "ci: {S}'s pipelines now live in {new}, old {old} jobs disabled",
            "{S} is on {new} for now; they may revisit after the budget review.",
            "Per Henrik, {S} no longer builds on {old}; it's {new} for everything.",
            "Yesterday: moved the last pipeline of {S} to {new}. Today: delete the {old} agents. Blockers: none.",
        ],
        "distract": [
            "{S}: {other} demoed GitHub Actions to them; they said thanks, not now.",
            "@here: {S} is asking whether anyone has spare build agents; {other} is checking.",
            "{S} has {n} pipelines, more than {other}'s team.",
            "BUILD-{n} (open): {S} wants faster cache restores",
            "Retro: {S} lost an afternoon to a flaky test; tooling unchanged.",
        ],
        "also": [
            "{S} also uses {alt} for their docs site; keep both.",
            "{S2} builds on {alt} for every repo.",
            "{S2}: CI provider, per the platform survey: {old}",
            "@here: {S2} runs its builds on {alt}",
        ],
        "ask": [
            "{S}: which CI do they build on now?",
            "@here: for {S}, where do the pipelines run at the moment?",
            "{S}, which CI should the new repo template target?",
        ],
    },
    "meeting": {
        "old": [
            "{S} is at {old} on weekdays.",
            "@here reminder: {s} at {old} as usual, cameras on",
            "Team handbook, rituals section: {s}, {old}, 15 minutes",
            "Please note that {s} starts at {old} sharp.",
        ],
        "new": [
            "{S} is at {new} on weekdays.",
            "Team handbook, rituals section: {s}, {new}, 15 minutes",
            "@here heads up: {s} moves to {new} starting tomorrow",
            "{S} is at {new} for now, while half the team is on the west coast.",
            "> is {s} still at {old}? not anymore, {new}",
            "Please note that, effective Monday, {s} will begin at {new}; the invite has been updated accordingly.",
        ],
        "distract": [
            "{other} asked whether {s} could go async; the thread died.",
            "@here who's taking notes at {s} tomorrow? {other} is out",
            "{other}'s team has its standup at a different time from {s}.",
            "Minutes of {s}: {n} tickets reviewed, nothing blocked.",
            "Retro: {s} should have a written agenda; time unchanged.",
        ],
        "also": [
            "{S} also has a monthly retro slot at {alt}; keep both in the calendar.",
            "Team handbook, rituals section: {s2}, {old}, 30 minutes",
            "{S2} is at {alt} on weekdays.",
            "@here reminder: {s2} at {alt}, different room",
        ],
        "ask": [
            "what's the slot for {s} this week?",
            "@here when does {s} start these days?",
            "what time should I block for {s} in my calendar?",
        ],
    },
    "name": {
        "old": [
            "The {s} is named {old} in the sidebar.",
            "Bookmarks list: the {s} -> {old}",
            "@here the {s} lives under the name {old}, search for that in the sidebar",
            "Onboarding doc, step 3: open the {s} ({old}).",
        ],
        "new": [
            "The {s} is named {new} in the sidebar.",
            "Onboarding doc, step 3: open the {s} ({new}).",
            "docs: rename the {s} to {new} in all links",
            "WIKI-{n}: the {s}, {old} -> {new} (done)",
            "the {s} is {new} for now; branding may pick a final name later",
            "{old} is not the name of the {s} anymore, {new} is.",
        ],
        "distract": [
            "{other} wanted a rename vote for the {s}; nobody turned up.",
            "WIKI-{n} (open): the {s} has broken images",
            "the {s} got {n} edits this week, mostly {other}'s.",
            "@here has anyone got admin on the {s}? {other} needs a page unlocked",
            "Retro: search on the {s} is bad; no decision on a fix.",
        ],
        "also": [
            "The {s} also has a short alias, {alt}; keep both.",
            "Bookmarks list: the {s2} -> {alt}",
            "The {s2} is named {alt} in the sidebar.",
            "@here the {s2} is called {alt}, in case you were looking",
        ],
        "ask": [
            "what does the sidebar call the {s} today?",
            "@here what do I search for to find the {s}?",
            "what name should the onboarding doc use for the {s}?",
        ],
    },
    "phone": {
        "old": [
            "{S}'s phone number is {old} (mobile).",
            "Emergency contacts sheet: {s}, {old}",
            "Please note that {s} can be reached on {old} during the trip.",
            "@here {s}'s on-call number is {old}, save it",
        ],
        "new": [
            "{S}'s phone number is {new} (mobile).",
            "Emergency contacts sheet: {s}, {new}",
            "according to reception, {s}'s number is {new} now",
            "{S} is on {new} for now, a temporary SIM until the contract is sorted.",
            "{old} is not {s}'s number anymore, {new} is",
            "ONCALL-{n}: update {s}'s pager number to {new} (closed)",
        ],
        "distract": [
            "{other} asked for {s}'s number in the thread; nobody shared it yet.",
            "{S} got a new phone case, same number as ever.",
            "{S} would like a work phone someday; not requested.",
            "{S} gave {other}'s number as their emergency contact.",
            "@here {s} is in a dead zone until 4, try Slack",
        ],
        "also": [
            "{S} also has a landline at home, {alt}; keep both numbers.",
            "Emergency contacts sheet: {s2}, {alt}",
            "{S2}'s phone number is {alt} (mobile).",
            "@here {s2}'s on-call number is {alt}",
        ],
        "ask": [
            "what's {s}'s number these days?",
            "@here which number reaches {s} right now?",
            "what number goes on the emergency sheet for {s}?",
        ],
    },
    "manager": {
        "old": [
            "{S} reports to {old} day to day.",
            "Org chart export: {s} | manager: {old}",
            "according to HR, {s} sits in {old}'s group",
            "Please note that leave requests from {s} go to {old} for approval.",
        ],
        "new": [
            "{S} reports to {new} day to day.",
            "Org chart export: {s} | manager: {new}",
            "{S} reports to {new} for now, until the new director is hired.",
            "Please note that, effective the 1st, {s} will report to {new}; {old} remains available for the handover.",
            "{old} is not {s}'s manager anymore, {new} is.",
            "@here heads up: {s} moved under {new} in the reorg",
        ],
        "distract": [
            "{other} offered to mentor {s}; {s} said maybe later.",
            "@here does anyone know if {s}'s skip-level is in town next week? no answer",
            "{S} had a coffee chat with {other} about management; nothing came of it.",
            "{other} has {n} direct reports, more than anyone else in the org.",
            "Retro: {s} would like clearer 1:1 agendas.",
        ],
        "also": [
            "{S} also has a dotted line to {alt} for the platform work; keep both.",
            "Org chart export: {s2} | manager: {old}",
            "{S2} reports to {alt} day to day.",
            "according to HR, {s2} sits in {alt}'s group",
        ],
        "ask": [
            "who is {s}'s manager at the moment?",
            "@here who approves {s}'s leave now?",
            "who do I list as {s}'s manager on the form?",
        ],
    },
    "favourite": {
        "old": [
            "{S}'s favourite editor is {old}, by a mile.",
            "Team survey, Q5 'Favourite editor': {s} answered {old}",
            "@here {s} swears by {old}, ask them for config tips",
            "Pairing notes: {s} drives in {old}, so bring your own keybindings",
        ],
        "new": [
            "{S}'s favourite editor is {new}, by a mile.",
            "Team survey, Q5 'Favourite editor': {s} answered {new}",
            "{S}'s editor of choice is {new} for now; we'll see if it lasts.",
            "Petra says {s} has gone all-in on {new}.",
            "{old} is not {s}'s editor anymore, {new} is.",
            "feat(dotfiles): make {new} {s}'s default editor, drop the {old} plugins",
        ],
        "distract": [
            "{other} fans tried to convert {s} at the meetup; no luck.",
            "{S} thinks {other} has the best themes, but doesn't use it.",
            "@here anyone got a config for {other} to share? it's for the interns, not {s}",
            "{S} wrote a blog post comparing {n} editors, no verdict.",
            "{S} used {other} at university, years ago.",
        ],
        "also": [
            "{S} also keeps {alt} around for huge log files; keep both.",
            "Team survey, Q5 'Favourite editor': {s2} answered {alt}",
            "{S2}'s favourite editor is {old}, by a mile.",
            "@here {s2} swears by {alt}",
        ],
        "ask": [
            "what's {s}'s favourite editor now?",
            "@here which editor should the pairing setup use for {s}?",
            "what editor does {s} like best these days?",
        ],
    },
    "car": {
        "old": [
            "{S} drives a {old} to work.",
            "Parking register row: {s} | {old} | bay {n}",
            "Please note that {s}'s car is a {old}, for the car-park pass.",
            "Family group chat: {s} picked us up in their {old}",
        ],
        "new": [
            "{S} drives a {new} to work.",
            "Parking register row: {s} | {new} | bay {n}",
            "{S} drives a {new} for now, until the lease comes up for renewal.",
            "according to the family group chat, {s} sold the {old}; the {new} is theirs now",
            "The {old} isn't {s}'s car anymore; the {new} is.",
            "Insurance renewal form, vehicle: {new}, policyholder: {s}",
        ],
        "distract": [
            "{S} looked at a {other} at the dealer but walked away.",
            "{S}'s neighbour bought a {other}.",
            "@here can anyone give {s} a lift tomorrow? their car's in for a service",
            "{S} says the {other} is roomier, but isn't buying.",
            "{S} hired a {other} for the ski trip last winter.",
        ],
        "also": [
            "{S} also has a {alt} for weekends; keep both on the permit.",
            "Parking register row: {s2} | {alt} | bay {n}",
            "{S2} drives a {old} to work.",
            "Family group chat: {s2} picked us up in their {alt}",
        ],
        "ask": [
            "what car does {s} drive now?",
            "@here what's {s} driving these days, so I can spot them at the station?",
            "which car goes on {s}'s parking pass?",
        ],
    },
    "school": {
        "old": [
            "{S}'s eldest goes to {old}.",
            "School-run rota: {s}'s eldest, {old}, Tuesdays",
            "Please note that {s}'s eldest attends {old}, so pickup is at 3:15.",
            "Parents' group chat: {s}'s eldest is in the {old} choir this term",
        ],
        "new": [
            "{S}'s eldest goes to {new}.",
            "School-run rota: {s}'s eldest, {new}, Tuesdays",
            "Parents' group chat: {s} says their eldest started at {new} this week",
            "{S}'s eldest is at {new} for now, until a place opens up nearer home.",
            "{old} is not where {s}'s eldest goes anymore, {new} is.",
            "Please note that, effective this term, {s}'s eldest attends {new}; kindly update the emergency contact list.",
        ],
        "distract": [
            "{S} toured {other} with their eldest at the open day; no application.",
            "{S}'s niece has just started at {other}.",
            "@here anyone know the term dates at {other}? {s} is asking for a cousin",
            "{S} thinks {other} has better sports, but they're happy where they are.",
            "{S}'s eldest played a match at {other} last Saturday.",
        ],
        "also": [
            "{S}'s youngest is at {alt}, which stays as it is; keep both schools.",
            "School-run rota: {s2}'s eldest, {alt}, Thursdays",
            "{S2}'s eldest goes to {old}.",
            "Parents' group chat: {s2}'s eldest is at {alt}",
        ],
        "ask": [
            "which school is {s}'s eldest at now?",
            "@here what school should I put on the pickup list for {s}'s eldest?",
            "where does {s}'s eldest go to school these days?",
        ],
    },
    "team": {
        "old": [
            "{S} is on the {old} team, second floor.",
            "Team roster: {s}, {old}",
            "@here {s} from the {old} team is joining our incident review",
            "Minutes: {s} ({old} team) gave the update.",
        ],
        "new": [
            "{S} is on the {new} team, second floor.",
            "Team roster: {s}, {new}",
            "@here please welcome {s} to the {new} team!",
            "{S} is with the {new} team for now, on loan until the summer.",
            "according to the org chart, {s} is no longer on {old}; they're on {new}",
            "PEOPLE-{n}: move {s} from {old} to {new} in the team directory (done)",
        ],
        "distract": [
            "{S} was asked to help the {other} team for a sprint and declined.",
            "{S}'s flatmate works on the {other} team.",
            "@here does the {other} team have a free reviewer? {s} needs one",
            "{S} thinks the {other} team has the best standups.",
            "{S} went to the {other} team's offsite as a guest last year.",
        ],
        "also": [
            "{S} also does on-call shadowing with the {alt} team; keep that too.",
            "Team roster: {s2}, {alt}",
            "{S2} is on the {old} team, second floor.",
            "@here {s2} from the {alt} team can help",
        ],
        "ask": [
            "which team does {s} belong to today?",
            "@here what team should I tag for {s}?",
            "what team does {s} sit with these days?",
        ],
    },
    "language": {
        "old": [
            "{S} is written in {old}, top to bottom.",
            "Service catalog row: {s} | language: {old}",
            "README of {s}: requires a {old} toolchain to build",
            "@here {s} is a {old} codebase, reviewers welcome",
        ],
        "new": [
            "{S} is written in {new}, top to bottom.",
            "Service catalog row: {s} | language: {new}",
            "refactor: port the last module of {s} to {new}; no {old} left",
            "{S} is {new} for now; a further rewrite isn't ruled out.",
            "{old} is not what {s} is written in anymore, {new} is.",
            "according to the platform team, {s} is all {new} these days",
        ],
        "distract": [
            "Someone proposed a {other} rewrite of {s}; it was voted down.",
            "{S}'s sister service is written in {other}.",
            "@here anyone comfortable reviewing {other}? not for {s}, for the new tooling",
            "{S} has {n} open PRs, mostly dependency bumps.",
            "Retro: builds of {s} are slower than the {other} services; language unchanged.",
        ],
        "also": [
            "{S} also has a thin client library in {alt}; keep that too.",
            "Service catalog row: {s2} | language: {alt}",
            "{S2} is written in {old}, top to bottom.",
            "@here {s2} is a {alt} codebase",
        ],
        "ask": [
            "what language is {s} written in now?",
            "@here which language do I need to know to patch {s}?",
            "what's {s} written in these days?",
        ],
    },
    "email": {
        "old": [
            "{S}'s email address is {old}.",
            "Distribution list export: {s} <{old}>",
            "Please note that all invoices for {s} go to {old}.",
            "@here {s} reads {old}, not Slack, so mail them",
        ],
        "new": [
            "{S}'s email address is {new}.",
            "Distribution list export: {s} <{new}>",
            "Auto-reply from {s}: I no longer use {old}; please write to {new}.",
            "according to IT, {s}'s address is {new} now",
            "{S} is using {new} for now, while the new domain is set up.",
            "{old} is not {s}'s address anymore, {new} is.",
        ],
        "distract": [
            "{other} asked {s} to set up a vanity address; {s} said no.",
            "@here has anyone got {s} on the calendar invite? {other} can't find them",
            "{S}'s inbox has {n} unread; replies are slow this week.",
            "{S} would like a shorter address someday; no ticket.",
            "{S} forwarded {other}'s address to the caterer.",
        ],
        "also": [
            "{S} also gets the mail for {alt} forwarded while its owner is on leave; keep that note too.",
            "Distribution list export: {s2} <{alt}>",
            "{S2}'s email address is {alt}.",
            "@here {s2} reads {alt}, not Slack",
        ],
        "ask": [
            "what's {s}'s email address now?",
            "@here which address do I send {s}'s invite to?",
            "what email goes on the contact sheet for {s}?",
        ],
    },
    "version": {
        "old": [
            "{S} is on version {old}.",
            "Release tracker row: {s} | prod | {old}",
            "@here {s} {old} is what's live, file bugs against that",
            "Deploy log: {s} {old} promoted to prod, all checks green",
        ],
        "new": [
            "{S} is on version {new}.",
            "Release tracker row: {s} | prod | {new}",
            "release: bump {s} to {new} in prod",
            "{S} is on {new} for now; we may roll forward again next week.",
            "{old} is not what {s} runs in prod anymore, {new} is.",
            "Per the SRE thread, {s} is no longer on {old}; {new} went out overnight.",
        ],
        "distract": [
            "{other} asked whether {s} could go to a beta; not answered.",
            "{S} had {n} bug reports this week, none urgent.",
            "@here is anyone planning to upgrade {s}? {other} wants a heads-up first",
            "Retro: releasing {s} needs a proper checklist; no release this week.",
            "{other}'s fork of {s} is a few releases ahead, fwiw; ours is untouched.",
        ],
        "also": [
            "{S} also ships a client SDK at {alt}; keep both versions.",
            "Release tracker row: {s2} | prod | {alt}",
            "{S2} is on version {old}.",
            "@here {s2} {alt} is what's live",
        ],
        "ask": [
            "which version of {s} is live now?",
            "@here what version is {s} running in prod?",
            "what's the prod version of {s} at this point?",
        ],
    },
}


# A fourteenth set (`fourteenth`), added 2026-12-05 10:33 UTC and measured on main before
# the noon round (322e3b4) and after it; never shown to a helper writing rules.
# A fourteenth wording set for bench/supersession.py (`fourteenth`), held out.
# Written 2026-12-05, 10:31-10:33 UTC (per `date -u`), by a helper session started for
# brief briefs/fourteenth.md. It read ONLY bench/supersession.py (for the format, the 18 kinds,
# the placeholders and how `_values`/`make_cases` fill them, and to avoid the registers of
# the thirteen earlier sets); nothing under memctl/, tests/, docs/, bench/README.md or
# any other helper's folder.
#
# Registers aimed at (absent or rare in the earlier sets): spoken transcripts with
# disfluencies ("so, um, the, uh, ..., it's, it's {new} now"); a wiki page's revision
# summary ("Wiki, revision summary: moved page ..."); postcards and diary entries in the
# past tense; contract and policy amendments ("Clause 3 is amended to read ..."); a
# config key in prose with a trailing comment ("date: {new}  # was {old}") and code
# comments ("// NOTE:", "# OWNER:", "# CODEOWNERS:"); FAQ entries ("Q: ... A: ...");
# interview / podcast transcripts ("HOST: ... GUEST (...): ..."); school and parish
# newsletters, with a printed correction; a property listing; a radio / station
# announcement ("Radio Ops bulletin", "Station announcement"); a headline with a
# sub-headline after a dash; arrows and substitutions ("{old} -> {new}", "s/{old}/{new}/",
# "{old} => {new}"); "instead of" and "swapped ... for ..." in one sentence; a change told
# as a correction of someone else ("Actually ..., not ...; Gideon had it wrong"); a change
# said in a subordinate clause of a sentence about something else ("When I ..., which is
# where ... these days, ..."); a change with the verb far from the value (a long aside
# between them); non-native English with odd word order; a teenager's slang ("no cap",
# "fr", "lowkey"); a change whose old value is only implied ("not the old one anymore");
# and a reply that confirms a change asked about in the same line ("did ... move? yep,
# {new}").
# Distractors: plans called off or voted down, comparisons, someone else's value,
# hypotheticals ("If ..., ... would ...; it doesn't"), rumours denied, past visits and
# trips, a value for a different time ("last year's ..."), questions left open in an FAQ
# or interview; none changes the subject's value and none names {old} or {new}.
# "also" lines: the same subject's second value in the same registers ("... also ...;
# keep both"), a second subject with its own value, or with the same value as {old}.
#
# Placeholders, as make_cases fills them:
#   old/new/ask: {s} {S} {old} {new}
#   distract:    {s} {S} {other} {n}   ({other} is a value of the same sort for home,
#                employer, favourite, car, school, team and language; a person's name
#                for every other kind)
#   also:        {s} {S} {s2} {S2} {alt} {old}   (the first line of each kind has no
#                {s2}: make_cases falls back to it when no second subject is left)
# People named inside lines (Gideon, Ottilie, Cormac, Beatrix, Lorcan, Perpetua, Ambrose,
# Wilhelmina) are not in the bench's NAMES.
# For the tool kind the subject is "The X team" (capital T), so {S} is put at the start
# of a line or after a colon.
# The school kind is about the subject's twins throughout.
# One line each, no leading "- " (write() adds the bullet).

FOURTEENTH: dict[str, dict[str, list[str]]] = {
    "host": {
        "old": [
            "so, um, {s}, that's, uh, that's on {old}, right? yeah, {old}.",
            "// NOTE: {s} lives on {old}; don't hardcode it anywhere else",
            "Runbook wiki, revision summary: added that {s} is served from {old}",
            "Ops FAQ: Q: Where does {s} run? A: On {old}, in the main rack.",
        ],
        "new": [
            "so, um, the, uh, {s}, it's, it's {new} now, yeah, not the old box",
            "// NOTE: {s} lives on {new} now (was {old}); don't hardcode it anywhere else",
            "Runbook wiki, revision summary: s/{old}/{new}/ in the section on {s}",
            "Actually {s} is on {new}, not {old}; Gideon had it wrong in the handover doc.",
            "When I was chasing that DNS bug on {new}, which is where {s} sits these days, I found two stale records.",
            "did {s} get moved off the old host? yep, {new} since Tuesday",
            "{S} was, once the vendor had shipped the disks, we had argued about the rack for a week and the DBA came back from leave, finally cut over to {new}.",
        ],
        "distract": [
            "so, um, {other} wanted to, uh, move {s} somewhere bigger, but, yeah, that got called off.",
            "Ops FAQ: Q: Is {s} getting new hardware this year? A: Not decided; {other} will ask again in spring.",
            "The rumour that {s} was moved over the weekend is false; {other} checked the logs.",
            "{other}'s sandbox runs on a much smaller box than {s} does.",
            "If {s} ever needed a bigger host, {other} would lend one; it doesn't.",
        ],
        "also": [
            "// NOTE: {s} also replicates to {alt}; keep both in the host list",
            "Ops FAQ: Q: Where does {s2} run? A: On {alt}.",
            "so, um, {s2}, that's, uh, on {old} too, same box",
            "Runbook wiki, revision summary: added that {s2} is served from {alt}",
        ],
        "ask": [
            "so, um, where's {s} actually running these days?",
            "which machine do I ssh into for {s} now?",
            "what's the box behind {s} at the moment?",
        ],
    },
    "home": {
        "old": [
            "Postcard: Greetings from {old}! {S} says the flat is tiny but the view makes up for it.",
            "Diary, Sunday: had tea at {s}'s place in {old}; the kettle still whistles.",
            "HOST: And where are you calling in from? GUEST ({S}): From home, in {old}.",
            "Parish newsletter: a warm welcome to {s}, who lives in {old} and joins the choir this month.",
        ],
        "new": [
            "Postcard: Greetings from {new}, where I live now! The boxes are finally unpacked. Love, {S}",
            "Diary, Saturday: helped {s} carry the last boxes out of the {old} flat and drove them to {new}, where they live now.",
            "HOST: You've moved recently, haven't you? GUEST ({S}): I have, I swapped {old} for {new} in the summer.",
            "Property listing: bright two-bed in {old}, available now, as the owner, {s}, has moved to {new}.",
            "Actually {s} lives in {new}, not {old}; Ottilie had the old address.",
            "me and {s} are going by train to visit, in {new} {s} is living now since April",
        ],
        "distract": [
            "Postcard from {s}: Greetings from {other}! Only here for the weekend, home on Monday.",
            "Diary, last spring: {s} and I spent three rainy days in {other}.",
            "HOST: Would you ever move to {other}? GUEST ({S}): Maybe when I retire, not before.",
            "The rumour that {s} bought a house in {other} is nonsense, {s} says.",
            "{S}'s cousin has lived in {other} for twenty years.",
        ],
        "also": [
            "Diary: {s} still rents the boathouse in {alt} for the summers; that stays as it is.",
            "Parish newsletter: {s2} lives in {alt} and helps with the flowers.",
            "HOST: And you? GUEST ({S2}): I'm in {old} as well, two streets away.",
            "Postcard: Greetings from {alt}, where I live! Love, {S2}",
        ],
        "ask": [
            "which town is {s} living in at the moment?",
            "where should I post {s}'s birthday card these days?",
            "what city does {s} call home now?",
        ],
    },
    "employer": {
        "old": [
            "HOST: So tell us about your day job. GUEST ({S}): I'm at {old}, on the platform side.",
            "Diary, Friday: {s} showed me round the {old} office; they've been there three years.",
            "Meetup FAQ: Q: Who's the speaker? A: {S}, an engineer at {old}.",
            "{s} is at {old} innit, proper corporate now lol",
        ],
        "new": [
            "HOST: Last time you were on the show you were at {old}. GUEST ({S}): Right, I'm at {new} now.",
            "Headline: {S} leaves {old} — veteran engineer joins {new} after six years",
            "{s} ditched {old} and is at {new} now, no cap, the offer was lowkey insane",
            "Actually {s} works at {new}, not {old}; Cormac mixed them up with someone else.",
            "When I bumped into {s} in the {new} canteen, which is where they work these days, we talked about the old team.",
            "is {s} still at the old place? nope, {new} since the spring",
            "{S} signed, after four interview rounds, a take-home exercise and a painfully slow reference check, with {new}.",
        ],
        "distract": [
            "HOST: Any plans to join {other}? GUEST ({S}): They asked; I said no.",
            "Headline: {other} on a hiring spree — {S} among those approached, but stays put",
            "{S} did a three-month contract for {other} years ago, long finished.",
            "If {other} made an offer, {s} would think about it, but nobody has.",
            "{S}'s flatmate works at {other}.",
        ],
        "also": [
            "Meetup FAQ: Q: Does {s} have a side gig? A: Yes, weekend consulting for {alt}; that carries on.",
            "HOST: And your co-host? GUEST: {S2}, who's at {alt}.",
            "{S2} is at {old} as well, same floor.",
            "Diary, Friday: {s2} showed me round the {alt} office.",
        ],
        "ask": [
            "who's {s} working for these days?",
            "what company do I put next to {s}'s name on the speaker list?",
            "where's {s}'s job now?",
        ],
    },
    "date": {
        "old": [
            "Clause 3: {S} shall take place on {old}.",
            "Radio Ops bulletin: {s} is scheduled for {old}; stay tuned for details.",
            "Project FAQ: Q: When is {s}? A: {old}.",
            "so, um, {s}, uh, it's, we said {old}, I think, yeah, {old}",
        ],
        "new": [
            'Amendment No. 2: Clause 3 is amended to read "{S} shall take place on {new}."',
            "Headline: {S} slips — new date {new} after a supplier delay",
            "date: {new}  # {s}, was {old}",
            "so, um, {s}, it's, it's not the old date anymore, it's, uh, {new}",
            "{S} was, after three steering meetings, a vendor escalation and a very long thread about the venue, pushed to {new}.",
            "did {s} move? yes, {old} => {new}",
        ],
        "distract": [
            "Radio Ops bulletin: {other} asked whether {s} could come forward a week; no change.",
            "{other} remembers that last year's launch went out in March; {s} is tracked separately.",
            "Project FAQ: Q: Will {s} slip? A: Nobody knows yet; {other} is checking with the vendor.",
            "The rumour that {s} was postponed is false, says {other}.",
            "If {s} had another week, {other} would add a beta; it doesn't.",
        ],
        "also": [
            "Clause 5: the dress rehearsal for {s} shall take place on {alt}; this clause is unchanged.",
            "Project FAQ: Q: When is {s2}? A: {alt}.",
            "Radio Ops bulletin: {s2} is also scheduled for {old}.",
            "Clause 4: {S2} shall take place on {alt}.",
        ],
        "ask": [
            "when's {s} happening now?",
            "what day is {s} on these days?",
            "what date do I put on the invitation for {s}?",
        ],
    },
    "owner": {
        "old": [
            "# OWNER: {old} -- ask them before touching {s}",
            "Service wiki, revision summary: set owner of {s} to {old}",
            "HOST: Who looks after {s}? GUEST: That's {old}, has been for ages.",
            "Policy annex B: {S} is maintained by {old}.",
        ],
        "new": [
            "# OWNER: {new} (was {old}) -- ask them before touching {s}",
            "Service wiki, revision summary: owner of {s} {old} -> {new}",
            "Policy annex B is amended to read: {S} is maintained by {new}, with effect from the first of the month.",
            "Actually {new} owns {s} now, not {old}; Lorcan's slide was out of date.",
            "After the reorg, which handed {s} over to {new}, the alert routing finally made sense.",
            "{s} got a new owner? yep, {new}",
            "{S} was, after a quarter of pager fatigue, one heated retro and a lot of polite e-mails to the directors, handed to {new}.",
        ],
        "distract": [
            "# TODO({other}): split {s} into two services, someday",
            "HOST: Would you take on {s}? GUEST ({other}): Maybe, if nobody else does. Not now.",
            "Rumour: {other} is taking {s} over. Denied by {other} on Monday.",
            "{other} owns three services, more than whoever runs {s}.",
            "Back in the spring {other} did a week of on-call cover for {s}.",
        ],
        "also": [
            "# OWNER: {s} also lists {alt} as backup owner; keep both names",
            "Service wiki, revision summary: set owner of {s2} to {alt}",
            "Policy annex B: {S2} is maintained by {old} as well.",
            "HOST: And {s2}? GUEST: That's {alt}.",
        ],
        "ask": [
            "who looks after {s} now?",
            "who should I ping about a bug in {s}?",
            "whose is {s} these days?",
        ],
    },
    "role": {
        "old": [
            "HOST: And you're the {s}? GUEST ({old}): I am, for my sins.",
            "Policy 7.2: The {s} is {old}, who approves all exceptions.",
            "Org FAQ: Q: Who's the {s}? A: {old}.",
            "// escalate to the {s} ({old}) if this throws",
        ],
        "new": [
            'Policy 7.2 is amended to read: "The {s} is {new}, who approves all exceptions."',
            "HOST: So you've taken over as {s}? GUEST ({new}): Yes, {old} handed me the keys last month.",
            "// escalate to the {s} ({new}; {old} stepped down) if this throws",
            "so, um, the {s}, it's, uh, it's {new} now, they, they took over from {old}",
            "Actually the {s} is {new}, not {old}; Perpetua still had the old org chart.",
            "new {s}?? yep, {new}, announced this morning",
        ],
        "distract": [
            "HOST: Would you want to be {s}? GUEST ({other}): No thanks!",
            "The rumour that {other} is becoming {s} was denied at the all-hands.",
            "{other} was {s} at their last company.",
            "Org FAQ: Q: Does the {s} sign off on holidays? A: Unclear; {other} will find out.",
            "If the {s} were away, {other} would cover; nobody is away.",
        ],
        "also": [
            "Policy 7.3: {alt} is deputy to the {s}; this clause stays as written.",
            "Org FAQ: Q: Who's the {s2}? A: {alt}.",
            "HOST: And the {s2}? GUEST: Also {old}, believe it or not.",
            "// escalate to the {s2} ({alt}) for the other module",
        ],
        "ask": [
            "which person is the {s} right now?",
            "who do I go to as {s} today?",
            "who's got the {s} job now?",
        ],
    },
    "tool": {
        "old": [
            "{S}, FAQ: Q: What runs our builds? A: {old}.",
            "# {S} builds on {old}, do not add a second CI",
            "{S}, wiki revision summary: documented the {old} pipeline setup",
            "{S}, um, they're, uh, on {old} for builds, yeah",
        ],
        "new": [
            "{S}, FAQ: Q: What runs our builds? A: {new} (we moved off {old} in the autumn).",
            "# {S} builds on {new} now, do not add {old} back",
            "{S} swapped {old} for {new} for all their builds.",
            "{S} is on {new} instead of {old} now, after the licence mess.",
            "{S}, um, they're, uh, not on the old thing anymore, it's {new}, yeah, {new}",
            "{S}: did they leave {old}? yep, {new} since the sprint",
        ],
        "distract": [
            "{S}: {other} pitched a move to GitHub Actions; called off.",
            "{S}, rumour check: are they dropping their CI? {other} says no.",
            "{S} has {n} pipelines; {other}'s team has fewer.",
            "{S}: if the CI bill doubled again, {other} would look at options; it hasn't.",
            "{S} had a build outage last quarter, {other} remembers; same CI as ever.",
        ],
        "also": [
            "# {S} also uses {alt} for nightly jobs, keep both",
            "{S2}, FAQ: Q: What runs our builds? A: {alt}.",
            "{S2}: builds on {old} as well, same setup.",
            "{S2}, wiki revision summary: documented the {alt} pipeline setup",
        ],
        "ask": [
            "{S}: which CI do they use now?",
            "{S}: where should I add a new build job?",
            "{S}: what are their builds running on these days?",
        ],
    },
    "meeting": {
        "old": [
            "Station announcement: {s} begins at {old} in room 2.",
            "Team FAQ: Q: When's {s}? A: {old}, every weekday.",
            "so, um, {s}, it's at, uh, {old}, like always",
            "// cron: ping the channel ten minutes before {s} at {old}",
        ],
        "new": [
            "Station announcement: {s}, previously at {old}, will now begin at {new}.",
            "// cron: ping the channel ten minutes before {s} at {new} (was {old})",
            "{S} is at {new} instead of {old} from this week.",
            "so, um, {s}, it's, uh, it's {new} now, not the old slot",
            "Actually {s} is at {new}, not {old}; Ambrose was looking at the old invite.",
            "did {s} move? yup, {new}",
        ],
        "distract": [
            "Station announcement: {s} will be held in the small room today; time as usual.",
            "{other} suggested moving {s} to the afternoon; it was voted down.",
            "Last quarter's {s} ran over a lot; {other} timed it.",
            "If {s} ran shorter, {other} would join; for now they skip it.",
            "Team FAQ: Q: Is {s} recorded? A: {other} is not sure.",
        ],
        "also": [
            "// cron: also ping before the {s} retro at {alt}; keep both",
            "Team FAQ: Q: When's {s2}? A: {alt}.",
            "Station announcement: {s2} also begins at {old}.",
            "so, um, {s2}, that's at, uh, {alt}",
        ],
        "ask": [
            "what time's {s} now?",
            "what time do I have to turn up for {s}?",
            "what time should I dial in for {s}?",
        ],
    },
    "name": {
        "old": [
            "Wiki, revision summary: created the {s} under the name {old}",
            "# the {s} is {old} in the sidebar config",
            "Team FAQ: Q: What's the {s} called? A: {old}.",
            "HOST: What do you call the {s}? GUEST: We call it {old}.",
        ],
        "new": [
            "Wiki, revision summary: moved page {old} to {new} (the {s})",
            "s/{old}/{new}/ in every link to the {s}",
            "Headline: the {s} gets a new name — say goodbye to {old}, hello {new}",
            "The {s} goes by {new} instead of {old} since the rebrand.",
            "Actually the {s} is {new}, not {old}; Wilhelmina's bookmark is stale.",
            "was the {s} renamed? yep, {new}",
        ],
        "distract": [
            "{other} proposed renaming the {s}; the vote fell through.",
            "Team FAQ: Q: Will the {s} get a new name? A: {other} hasn't decided.",
            "A rumoured rename of the {s} was denied by {other}.",
            "{other}'s team page has a much catchier name than the {s}.",
            "Last year's hackathon page was archived by {other}; the {s} was untouched.",
        ],
        "also": [
            "# the {s} also answers to the alias {alt}; keep both",
            "Team FAQ: Q: What's the {s2} called? A: {alt}.",
            "HOST: And the {s2}? GUEST: Also {old}, confusingly.",
            "Wiki, revision summary: created the {s2} under the name {alt}",
        ],
        "ask": [
            "what's the current name of the {s}?",
            "what do I type in the search box to get to the {s}?",
            "what do we call the {s} these days?",
        ],
    },
    "phone": {
        "old": [
            "Parish newsletter: for the flower rota, ring {s} on {old}.",
            "HOST: How can listeners reach you? GUEST ({S}): Call me on {old}.",
            "// fallback contact for {s}: {old}",
            "so, uh, {s}'s number, it's, um, {old}, I think, yeah",
        ],
        "new": [
            "Parish newsletter, correction: {s}'s number is {new}, not {old} as printed last week.",
            "// fallback contact for {s}: {new} (the old {old} is dead)",
            "{s} got a new number: {old} => {new}",
            "so, uh, {s}'s number, it's not the old one anymore, it's, um, {new}",
            "{s} new number has got, it is {new}, the old one is not working more",
            "new number for {s}? yeah, {new}",
        ],
        "distract": [
            "Office FAQ: Q: Does {s} have a work phone? A: Not yet; {other} put in the request.",
            "{other}'s number is on the same network as {s}'s.",
            "The rumour that {s} changed numbers is wrong, {s} says; same as ever.",
            "Last year {s} lost their phone on the ferry; {other} found it.",
            "If {s} doesn't pick up, text {other}.",
        ],
        "also": [
            "Parish newsletter: {s}'s landline, {alt}, is still in use; keep both numbers.",
            "// fallback contact for {s2}: {alt}",
            "HOST: And your producer? GUEST: {S2}, on {alt}.",
            "Parish newsletter: for the tea rota, ring {s2} on {alt}.",
        ],
        "ask": [
            "what number do I ring for {s} now?",
            "how do I call {s} these days?",
            "what's the best number to get hold of {s}?",
        ],
    },
    "manager": {
        "old": [
            "HOST: Who's your boss? GUEST ({S}): {old}, and they're great.",
            "Org FAQ: Q: Who does {s} report to? A: {old}.",
            "# approvals for {s} go to {old}",
            "Diary, Monday: {s} had a long 1:1 with {old}, their manager.",
        ],
        "new": [
            "HOST: New boss? GUEST ({S}): Yes, {new}. {old} moved to another group.",
            "# approvals for {s} go to {new} now (not {old})",
            "Diary, Thursday: {s} had their first 1:1 with {new}, who has managed them since the reorg.",
            "Actually {s} reports to {new}, not {old}; Gideon's chart is old.",
            "{s} manager is now {new}, the {old} went to other department",
            "did {s} get a new manager? yes, {new}",
        ],
        "distract": [
            "{other} mentors {s} on Fridays; it's informal.",
            "The rumour that {s} is moving teams was denied by {s}.",
            "If {s} moved to the platform group, {other} would be their boss; that's not happening.",
            "{other} manages twice as many people as {s}'s boss does.",
            "Org FAQ: Q: Who signs {s}'s leave when their manager is out? A: Unclear; {other} is asking.",
        ],
        "also": [
            "# {s} also has a dotted line to {alt}; keep it",
            "Org FAQ: Q: Who does {s2} report to? A: {alt}.",
            "HOST: And {s2}'s boss? GUEST: Also {old}.",
            "Diary, Monday: {s2} had a 1:1 with {alt}, their manager.",
        ],
        "ask": [
            "who's {s}'s boss now?",
            "who do I ask to approve {s}'s time off?",
            "who manages {s} at the moment?",
        ],
    },
    "favourite": {
        "old": [
            "HOST: What's your editor? GUEST ({S}): {old}, always.",
            "{s} be like '{old} or nothing' fr",
            "# {s}'s dotfiles: editor = {old}",
            "Diary: watched {s} live-code in {old} for an hour; scary fast.",
        ],
        "new": [
            "HOST: Still on {old}? GUEST ({S}): No, {new} now, I can't go back.",
            "{s} dropped {old} for {new}, it's giving main character energy",
            "# {s}'s dotfiles: editor = {new}  # was {old}",
            "so {s}, um, they're, uh, all about {new} now, the old one's gone",
            "{s} favourite editor now is {new}, the {old} not anymore",
            "Actually {s} swears by {new}, not {old}; Beatrix remembered it from years ago.",
        ],
        "distract": [
            "{S} tried {other} at a workshop and said meh.",
            "The rumour that {s} went over to {other} is false, per {s}.",
            "If {other} had better plugins, {s} might switch; it doesn't.",
            "{S}'s teammate loves {other}.",
            "HOST: Ever tried {other}? GUEST ({S}): Once, years ago.",
        ],
        "also": [
            "# {s}'s dotfiles also keep {alt} for quick edits; keep both",
            "HOST: And your co-host? GUEST: {S2} swears by {alt}.",
            "{s2} be like '{old}' too, same energy",
            "# {s2}'s dotfiles: editor = {alt}",
        ],
        "ask": [
            "what's {s}'s go-to editor now?",
            "which editor does {s} reach for these days?",
            "what editor should I set up on {s}'s new laptop?",
        ],
    },
    "car": {
        "old": [
            "Postcard: {S} and I did the coast road in their {old}; no breakdowns!",
            "{s} pulls up in a {old} every day, lowkey iconic",
            "Car-share FAQ: Q: What does {s} drive? A: A {old}.",
            "HOST: What do you drive? GUEST ({S}): A {old}.",
        ],
        "new": [
            "Postcard: {S} picked me up in their {new}; the old car is gone, sold in May.",
            "{s} swapped the {old} for a {new}, it's a whole vibe",
            "Car-share FAQ: Q: What does {s} drive? A: A {new} (the {old} was sold).",
            "When I borrowed {s}'s {new}, which replaced their old car, the seat was set for a giant.",
            "Actually {s} drives a {new} now, not the {old}; Lorcan hasn't seen it yet.",
            "did {s} get a new car? yep, a {new}",
        ],
        "distract": [
            "{S} test-drove a {other} for fun; no deal.",
            "The rumour that {s} bought a {other} is false.",
            "{S}'s dad drives a {other}.",
            "If the {other} were cheaper, {s} would think about it.",
            "Diary, last summer: {s} rented a {other} in Spain.",
        ],
        "also": [
            "Postcard: {S} still has the {alt} at the farm; keep both.",
            "HOST: And {s2}? GUEST: A {alt}.",
            "Car-share FAQ: Q: What does {s2} drive? A: A {old} as well.",
            "{s2} pulls up in a {alt} daily",
        ],
        "ask": [
            "what's {s} got parked outside these days?",
            "which car should I look out for when {s} picks me up?",
            "what car has {s} got now?",
        ],
    },
    "school": {
        "old": [
            "School newsletter: welcome back to {s}'s twins, now in Year 4 at {old}.",
            "Diary: walked {s}'s twins to {old} in the rain.",
            "Carpool FAQ: Q: Where do {s}'s twins go? A: {old}.",
            "so, um, {s}'s twins, they're, uh, at {old}",
        ],
        "new": [
            "School newsletter: we say goodbye to {s}'s twins, who move from {old} to {new} this term.",
            "Diary: walked {s}'s twins to {new} for their first day; {old} seems ages ago.",
            "Carpool FAQ: Q: Where do {s}'s twins go? A: {new} now (not {old}).",
            "Property listing (seller: {s}): family home, selling because the twins now go to {new}, across town.",
            "{s}'s twins at {new} now fr, {old} was mid",
            "Actually {s}'s twins go to {new}, not {old}; Perpetua had last year's list.",
        ],
        "distract": [
            "School newsletter: {other} hosted the chess tournament; {s}'s twins came third.",
            "{S} looked round {other} for the twins; no application.",
            "The rumour that {s}'s twins are moving to {other} is not true.",
            "{S}'s nephew is at {other}.",
            "If {other} had a school bus, {s} would think about it.",
        ],
        "also": [
            "School newsletter: {s}'s eldest is at {alt}, staying put; keep both schools.",
            "Carpool FAQ: Q: Where do {s2}'s twins go? A: {alt}.",
            "Diary: walked {s2}'s twins to {old} too.",
            "School newsletter: welcome to {s2}'s twins at {alt}.",
        ],
        "ask": [
            "which school are {s}'s twins at now?",
            "where do I pick up {s}'s twins?",
            "what school do {s}'s twins go to these days?",
        ],
    },
    "team": {
        "old": [
            "HOST: Which team are you on? GUEST ({S}): {old}, the best one.",
            "# CODEOWNERS: {s} sits on the {old} team",
            "{s} is {old} team, fr",
            "Wiki, revision summary: added {s} to the {old} team page",
        ],
        "new": [
            "Wiki, revision summary: moved {s} from the {old} team page to the {new} team page",
            "# CODEOWNERS: {s} sits on the {new} team (moved from {old})",
            "HOST: You changed teams? GUEST ({S}): Yeah, from {old} to {new}.",
            "{s} is {new} team now, no cap",
            "When {s} ran the quiz at the {new} team's offsite, their first since switching, nobody won.",
            "is {s} still on {old}? nah, {new}",
        ],
        "distract": [
            "{S} helped the {other} team during the incident.",
            "The rumour that {s} is moving to {other} was denied.",
            "If the {other} team had a spot, {s} might ask; it doesn't.",
            "{S}'s partner is on the {other} team.",
            "Team FAQ: Q: Is {s} going to the {other} offsite? A: Undecided.",
        ],
        "also": [
            "# CODEOWNERS: {s} also reviews for the {alt} team; keep both",
            "Wiki, revision summary: added {s2} to the {alt} team page",
            "HOST: And {s2}? GUEST: Also {old}.",
            "{s2} is {alt} team",
        ],
        "ask": [
            "what team does {s} sit in now?",
            "what team do I tag {s} under?",
            "whose team is {s} in these days?",
        ],
    },
    "language": {
        "old": [
            "# {s}: written in {old}, see the build file",
            "Dev FAQ: Q: What is {s} written in? A: {old}.",
            "HOST: What's {s} built with? GUEST: {old}, top to bottom.",
            "Wiki, revision summary: documented that {s} is a {old} codebase",
        ],
        "new": [
            "# {s}: written in {new} (ported from {old}), see the build file",
            "Headline: {S} rewritten — {old} out, {new} in after a year of work",
            "{S} is in {new} instead of {old} since the port.",
            "Wiki, revision summary: s/{old}/{new}/ in the page about {s}",
            "{s} in {new} is written now, the {old} was removed",
            "did they rewrite {s}? yep, it's {new}",
        ],
        "distract": [
            "{other} was suggested for {s}; the idea was dropped.",
            "Dev FAQ: Q: Will {s} ever be in {other}? A: Nobody knows.",
            "The service next to {s} is in {other}.",
            "A rumoured {other} rewrite of {s} was denied.",
            "If {s} had {other} bindings, the mobile team would be happy.",
        ],
        "also": [
            "# {s}: the CLI is in {alt}; keep both",
            "Dev FAQ: Q: What is {s2} written in? A: {alt}.",
            "HOST: And what about {s2}? GUEST: {old} as well, same toolchain.",
            "Wiki, revision summary: documented that {s2} is a {alt} codebase",
        ],
        "ask": [
            "what's {s} coded in these days, language-wise?",
            "what do I write a patch to {s} in?",
            "which language is {s} written in these days?",
        ],
    },
    "email": {
        "old": [
            "Parish newsletter: send notices to {s} at {old}.",
            "# contact for {s}: {old}",
            "HOST: Where can people write to you? GUEST ({S}): {old}.",
            "Postcard P.S.: write to {s} at {old}!",
        ],
        "new": [
            "Parish newsletter, correction: {s}'s address is {new}, not {old}.",
            "# contact for {s}: {new}  # {old} bounces",
            "{s} mail: {old} -> {new}",
            "so, uh, {s}'s email, it's, it's not the old one, it's {new} now",
            "{s} email is now {new}, the {old} is closed already",
            "new email for {s}? yep, {new}",
        ],
        "distract": [
            "{other} asked {s} to get a shorter address; nothing changed.",
            "The rumour that {s} changed address is wrong; {other} checked.",
            "{other}'s email bounced; {s}'s didn't.",
            "Office FAQ: Q: Does {s} read email at weekends? A: {other} doubts it.",
            "If {s} had a shared inbox, {other} would use it.",
        ],
        "also": [
            "# {s} also reads the shared inbox {alt}; keep both",
            "Parish newsletter: send notices to {s2} at {alt}.",
            "HOST: And {s2}'s email? GUEST: {alt}.",
            "{S2} has delegate access to {old} too.",
        ],
        "ask": [
            "what's a good email for {s} at the mo?",
            "which address reaches {s} these days?",
            "where do I send the invite for {s}?",
        ],
    },
    "version": {
        "old": [
            "# {s} pinned to {old} in prod",
            "Radio Ops bulletin: {s} is running {old} in production.",
            "Release FAQ: Q: What version is {s}? A: {old}.",
            "Wiki, revision summary: noted {s} at {old} in production",
        ],
        "new": [
            "# {s} pinned to {new} in prod (bumped from {old})",
            "Radio Ops bulletin: {s}, previously on {old}, is now running {new} in production.",
            "Headline: {S} {new} hits production — {old} retired after the overnight rollout",
            "{s}: {old} => {new} in prod",
            "so, um, {s}, it's, uh, on {new} now, the old build's gone",
            "did {s} get upgraded? yep, {new}",
            "{S} went, and it took two canaries, a rollback on Tuesday and an entire weekend of dashboards, to {new} in production.",
        ],
        "distract": [
            "{other} wanted {s} on a beta; called off.",
            "The rumour that {s} was upgraded overnight is false, says {other}.",
            "{other}'s service runs a newer version than {s}.",
            "Last year's release of {s} shipped late; {other} wrote the notes.",
            "Release FAQ: Q: Will {s} get a patch release? A: {other} doesn't know.",
        ],
        "also": [
            "# {s}'s SDK pinned to {alt}; keep both",
            "Release FAQ: Q: What version is {s2}? A: {alt}.",
            "Radio Ops bulletin: {s2} is running {old} as well.",
            "Wiki, revision summary: noted {s2} at {alt} in production",
        ],
        "ask": [
            "what's the live version of {s} right now?",
            "which release of {s} is in production these days?",
            "what version should I put in the bug report for {s}?",
        ],
    },
}


# A fifteenth wording set for bench/supersession.py (`fifteenth`).
# Written 2026-12-05 at 13:12 UTC by a helper that had NOT read the rules: it read
# only bench/supersession.py (the word pools, `_values`, `make_cases` and the fourteen
# earlier sets, for the format, the 18 kinds and the placeholders), nothing under
# memctl/, tests/ or docs/, not bench/README.md, and no other helper's folder.
#
# Registers aimed at (absent or rare in the earlier sets): prose-less key/value records
# ("{s}={new}", "owner={new} service={s}", "{S}: {new} (prev. {old})", "role: ... |
# holder: ... | updated 3 Mar"), CSV lines, one-line JSON and YAML flow objects, package
# pins; a status page / incident update; log lines with an ISO timestamp; README and docs
# sentences; terse lower-case notes with no change word at all ("{s} {new}" after
# "{s} {old}"); the passive voice ("has been reassigned to", "has been rewritten in");
# "no longer" and "not ... any more" with the new value later in the sentence; effective
# dates ("As of 3 March ...", "From Monday ... will be ..."); sports-commentary and
# transfer-window talk; auction calls ("going once, going twice, sold to ..."); shipping
# and delivery notices; receipts and parking permits; quiz answers; manual-style
# imperatives ("Set ... to {new}"); museum labels and encyclopedia sentences; headline
# noun phrases ("{S} now on {new}"); bilingual lines (French, German, Spanish, Dutch,
# Portuguese words); two changes in one line of which only one is the subject's; a
# rhetorical question whose answer is the new value; "Updated: {s} -> {new}; X
# unchanged"; emoji and hashtags; a chain of two changes in one line ("{old}, then
# briefly X, and now {new}").
# Distractors: plans called off, comparisons, someone else's value, hypotheticals,
# rumours denied, past visits, a value for a different time ("last year's ..."),
# rhetorical or open questions; none names {old} or {new}.
# "also" lines: the same subject's second value ("... also ...; both stay"), and a second
# subject in the same record/README/quiz registers as the old lines, with its own value
# ({alt}) or the same value as {old}.
#
# Placeholders, as make_cases fills them:
#   old/new/ask: {s} {S} {old} {new} (and {n}, {other})
#   distract:    {s} {S} {other} {n}   ({other} is a value of the same sort for home,
#                employer, favourite, car, school, team and language; a person's name
#                for every other kind)
#   also:        {s} {S} {s2} {S2} {alt} {old} {n}   (the first line of each kind has no
#                {s2}: make_cases falls back to it when no second subject is left)
# No "new" line uses {s2}/{S2}/{alt} (they are only filled for "also" lines).
# People named inside lines (Thaddeus, Eulalia, Fenwick, Odalys, Casimir) are not in
# the bench's NAMES.
# For the tool kind the subject is "The X team" (capital T), so {S} is put at the start
# of a line or after a colon.
# The school kind is about the subject's youngest child throughout.
# One line each, no leading "- " (write() adds the bullet).
# Checked by check_fifteenth.py (same folder): kinds, keys, placeholders, counts.

FIFTEENTH: dict[str, dict[str, list[str]]] = {
    "host": {
        "old": [
            "{s}={old}",
            "2027-01-14T08:02:11Z INFO resolver: {s} resolved to {old}",
            "README: {S} is served from {old}; see the ops guide for credentials.",
            "{s} {old}",
        ],
        "new": [
            "{S}: {new} (prev. {old})",
            "{s} {new}",
            "Status page, 14:20 UTC, resolved: {s} has been failed over to {new} and is operating normally.",
            "{S} is no longer on {old}; since this morning it answers on {new}.",
            "As of 3 March, {s} is on {new}.",
            "Who still thinks {s} runs on {old}? It's been on {new} for weeks.",
            "{S}: {old}, then briefly a spare box in the other rack, and now {new} 🎉 #migration",
            "Set the host for {s} to {new} in your local .env file; nothing else needs changing.",
        ],
        "distract": [
            "Status page, 09:10 UTC, investigating: elevated latency on {s}; no host change planned.",
            "2027-02-03T11:45:00Z WARN healthcheck: {s} slow to respond, {n} retries",
            "Would a bigger machine really fix the timeouts on {s}? {other} doubts it.",
            "Last year's disaster-recovery drill took {s} offline for an afternoon; {other} ran it.",
            "{other}'s proposal to shard {s} was shelved at planning.",
        ],
        "also": [
            "{S} also has a read replica on {alt}; both stay in the inventory.",
            "{s2}={alt}",
            "README: {S2} is served from {old} as well.",
            "{s2} {alt}",
        ],
        "ask": [
            "Which box is {s} on at the moment?",
            "Quick one: what's the host for {s} right now?",
            "If I want to tail the logs of {s} today, which host do I log into?",
        ],
    },
    "home": {
        "old": [
            "{S} | {old} | verified 12 Jan",
            "{S} (born 1988) is a software engineer living in {old}.",
            '{{"name": "{S}", "city": "{old}"}}',
            "home: {old} ({s})",
        ],
        "new": [
            "Delivery notice: your parcel for {S} has been redirected to their new address in {new}.",
            "{S} no longer lives in {old}; the flat went back to the landlord and home is {new}.",
            "From Monday {s}'s home address will be in {new}.",
            '{{"name": "{S}", "city": "{new}", "prev": "{old}"}}',
            "{S}: {old}, then briefly {other}, and now {new} 🏡 #newhome",
            "{S} vit maintenant à {new}, moved from {old} in June.",
            "{S} doesn't live in {old} any more; these days it's {new}.",
        ],
        "distract": [
            "Would {s} ever really leave for {other}? Not while the rent is this low.",
            "Last year {s} spent two summer months in {other} on a sabbatical.",
            "{S} laughed off talk of a move to {other}: not in a million years.",
            "Rent in {other} is half what {s} pays, they grumbled at lunch.",
            "{S} planned a weekend in {other}, then called it off because of the strike.",
        ],
        "also": [
            "{S} also keeps a caravan near {alt}; both addresses stay on file.",
            '{{"name": "{S2}", "city": "{alt}"}}',
            "{S2} | {old} | verified 12 Jan",
            "{S2} (born 1991) is a designer living in {alt}.",
        ],
        "ask": [
            "Which city does {s} live in now?",
            "If I'm sending {s} a parcel, what town goes on the label?",
            "Where's home for {s} at present?",
        ],
    },
    "employer": {
        "old": [
            "employee,{s},{old},full-time",
            "Receipt: conference pass for {S}, billed to their employer, {old}.",
            "Speaker bio: {S} is a staff engineer at {old}, where they build internal tools.",
            "{s} @ {old}",
        ],
        "new": [
            "employee,{s},{new},full-time",
            "{S} has been hired by {new}, and {old} has been told.",
            "{S} isn't at {old} any more: signed with {new} in the transfer window, fee undisclosed.",
            "And {S} goes to {new}! After all those seasons at {old}, what a move!",
            "{S} no longer works at {old}; since 1 April the contract is with {new}.",
            "{S} arbeitet jetzt bei {new}, left {old} in the spring.",
            "Updated: {s}'s employer -> {new}; job title unchanged.",
        ],
        "distract": [
            "{S} was shortlisted by {other} but withdrew before the final round.",
            "Is {other} really a better place than where {s} is? {S} has never thought so.",
            "Last year's conference pass for {s} was paid by {other}, as a sponsor.",
            "{S}'s old classmate now runs hiring at {other}.",
            "Transfer gossip linking {s} with {other} came to nothing; no talks took place.",
        ],
        "also": [
            "{S} also teaches an evening class sponsored by {alt}; that stays.",
            "employee,{s2},{alt},full-time",
            "{s2} @ {old}",
            "Speaker bio: {S2} is a staff engineer at {alt}.",
        ],
        "ask": [
            "Which company is {s} at now?",
            "Who's {s}'s current employer?",
            "For the guest badge, what firm should I print under {s}'s name?",
        ],
    },
    "date": {
        "old": [
            "{s}: {old}",
            "milestone,{s},{old},planned",
            "{S} will take place on {old}, per the project README.",
            "Quiz: Q: When is {s}? A: {old}.",
        ],
        "new": [
            "milestone,{s},{new},planned",
            "{S} has been moved to {new} by the steering group.",
            "{S} is no longer on {old}; the new date, agreed this morning, is {new}.",
            "As of this week, {s} is set for {new}.",
            "{S}: {old}, then briefly no date at all, and now {new} 📅 #replanned",
            "Remember when {s} was {old}? It's {new} now.",
            "Set the countdown for {s} to {new}; the old target is void.",
        ],
        "distract": [
            "Would anyone outside the team notice if {s} took an extra day? {other} thinks not.",
            "Last year's launch party was on a Friday; {other} wants the same for {s}.",
            "{other} floated bringing {s} forward, then dropped the idea.",
            "Status page: planned maintenance in the week before {s}; the date of {s} is unaffected.",
            "Talk of {s} being delayed was denied at the all-hands by {other}.",
        ],
        "also": [
            "{S} also has a press preview on {alt}; both dates stand.",
            "milestone,{s2},{alt},planned",
            "{s2}: {old}",
            "Quiz: Q: When is {s2}? A: {alt}.",
        ],
        "ask": [
            "What's the date for {s} now?",
            "When is {s} happening, as things stand?",
            "Which day should I block out for {s}?",
        ],
    },
    "owner": {
        "old": [
            "owner={old} service={s}",
            "README: {S} is maintained by {old}; open issues against their queue.",
            "2027-01-09 10:14:02 INFO registry: owner of {s} is {old}",
            "{s}, {old}",
        ],
        "new": [
            "owner={new} service={s}",
            "{S} has been reassigned to {new}.",
            "{old} doesn't own {s} any more; it sits with {new} since the reorg.",
            "Lot {n}: {S}, going once, going twice, sold to {new}! {old} bows out.",
            "From Monday {s} will be owned by {new}.",
            "Two handovers this week: {s} to {new}, and the billing dashboards to the data team.",
            "Ownership of {s} now {new}",
        ],
        "distract": [
            "{other} offered to take over {s}, then withdrew the offer.",
            "Who actually reads the alerts from {s}? Not {other}, that's for sure.",
            "Last year's on-call review of {s} was written by {other}.",
            "{other} owns more services than anyone, but {s} isn't one of them.",
            "A rumour that {s} was being handed to {other} was denied in the channel.",
        ],
        "also": [
            "{alt} also co-maintains {s}; keep them on the reviewer list.",
            "owner={alt} service={s2}",
            "{s2}, {old}",
            "README: {S2} is maintained by {alt}.",
        ],
        "ask": [
            "Who's the owner of {s} at present?",
            "Whose queue do I file a bug against {s} in?",
            "Who do I page about {s} now?",
        ],
    },
    "role": {
        "old": [
            "role: {s} | holder: {old}",
            "README: the {s} is {old}; ping them for approvals.",
            "{s}: {old}",
            "Quiz: Q: Who is the {s}? A: {old}.",
        ],
        "new": [
            "role: {s} | holder: {new} | updated 3 Mar",
            "The role of {s} has been given to {new}.",
            "{old} is no longer the {s}; stepping in is {new}.",
            "From 1 May the {s} will be {new}.",
            "And it's {new} who takes the armband as the {s}! {old} heads for the bench.",
            "New {s}: {new} 👏 #congrats",
        ],
        "distract": [
            "{other} was considered for {s}, but the search was paused.",
            "Who'd want to be the {s} during release week? Not {other}.",
            "Last year's offsite for the {s} and their deputies was organised by {other}.",
            "{other} has more approvals pending than the {s} does.",
            "Talk that {other} would become the {s} was denied by HR.",
        ],
        "also": [
            "{alt} is also a deputy to the {s}; both stay on the rota.",
            "role: {s2} | holder: {alt}",
            "{s2}: {old}",
            "README: the {s2} is {alt}.",
        ],
        "ask": [
            "Who's the {s} right now?",
            "Who do I ask for sign-off as the {s} these days?",
            "Which person holds the {s} role at the moment?",
        ],
    },
    "tool": {
        "old": [
            "{S}: ci={old}",
            "{S} | CI: {old} | checked 2 Feb",
            "{S}: builds run on {old}, per their README.",
            "2027-01-11T07:00:03Z INFO ci-router: {S} jobs dispatched to {old}",
        ],
        "new": [
            "{S}: ci={new}",
            "{S}: their builds have been moved over to {new}.",
            "{S}: no longer on {old}; every pipeline is running on {new} now.",
            "{S}: from next sprint, CI will be {new}.",
            "{S}: {old}, then briefly a self-hosted runner, and now {new} 🚀 #ci",
            "{S}: set CI_PROVIDER to {new} in the repo settings; the old hooks are deleted.",
        ],
        "distract": [
            "{S}: a trial of the CI that {other} likes was called off after a week.",
            "{S}: would a faster CI fix the flaky tests? {other} doubts it.",
            "{S}: last year's build times were twice today's, says {other}.",
            "{S}: {other} asked about their CI bill; no answer yet.",
            "{S}: rumours of a CI switch were denied by {other}.",
        ],
        "also": [
            "{S}: also uses {alt} for nightly release builds; both stay.",
            "{S2}: ci={alt}",
            "{S2} | CI: {old} | checked 2 Feb",
            "{S2}: builds run on {alt}, per their README.",
        ],
        "ask": [
            "{S}: what are they building on these days?",
            "{S}: which CI will my pull request trigger?",
            "{S}: what's their CI at the moment?",
        ],
    },
    "meeting": {
        "old": [
            "{s} @ {old}",
            "{{event: {s}, start: '{old}'}}",
            "README, team rituals: {s} starts at {old} sharp.",
            "2027-01-05 {old} INFO bot: reminder posted for {s}",
        ],
        "new": [
            "{{event: {s}, start: '{new}'}}",
            "{S} has been moved to {new} by the organisers.",
            "{S} is not at {old} any more; from tomorrow it starts at {new}.",
            "From Monday {s} will be at {new}.",
            "Updated: {s} -> {new}; room unchanged.",
            "{s} {new} ⏰ #newslot",
        ],
        "distract": [
            "{other} proposed merging {s} into the weekly review; dropped.",
            "Does {s} really need to be daily? {other} keeps asking.",
            "Last summer {s} ran on a holiday timetable, {other} recalls.",
            "{other}'s team meets earlier than {s} does.",
            "Rumours of moving {s} were denied by {other}.",
        ],
        "also": [
            "{S} also has a monthly retro at {alt}; both stay in the calendar.",
            "{{event: {s2}, start: '{alt}'}}",
            "{s2} @ {old}",
            "README, team rituals: {s2} starts at {alt}.",
        ],
        "ask": [
            "What time does {s} start now?",
            "What time should I log on for {s}, as of today?",
            "What's the slot for {s} at the moment?",
        ],
    },
    "name": {
        "old": [
            "Museum label: {old}. The {s}, first published 2023, team-authored.",
            "the {s}: {old}",
            "README: the {s} lives under the name {old}.",
            "Quiz: Q: What's the {s} called? A: {old}.",
        ],
        "new": [
            "Museum label: {new} (formerly {old}). The {s}, renamed in the spring.",
            "The {s} has been renamed {new} by the team.",
            "The {s} is no longer called {old}; search for {new}.",
            "As of 3 March the {s} is titled {new}.",
            '{{"page": "the {s}", "title": "{new}"}}',
            "The {s}: {old}, then briefly untitled, and now {new} ✨ #rename",
        ],
        "distract": [
            "{other} wanted a snappier name for the {s}; nobody seconded it.",
            "Does anyone even remember what the {s} was first called? {other} doesn't.",
            "Last year's hack-week page got a silly name from {other}; the {s} kept its own.",
            "{other}'s page gets more traffic than the {s}.",
            "Talk of renaming the {s} was denied by {other}.",
        ],
        "also": [
            "The {s} also has a short alias, {alt}; both resolve.",
            "Museum label: {alt}. The {s2}, team-authored.",
            "the {s2}: {old}",
            "README: the {s2} lives under the name {alt}.",
        ],
        "ask": [
            "What's the {s} called now?",
            "Under what title do I find the {s} these days?",
            "What name does the {s} go by at present?",
        ],
    },
    "phone": {
        "old": [
            "contact,{s},{old}",
            "Receipt: delivery contact {S}, tel. {old}.",
            "{s} tel {old}",
            "Directory: {S}, {old}",
        ],
        "new": [
            "contact,{s},{new}",
            "Shipping update: the contact number for {S} is now {new}; the courier will ring that.",
            "{S}'s number has been changed to {new}.",
            "{S} can't be reached on {old} any more; ring {new}.",
            "{s} tel {new}",
            "Neue Nummer! {S} is on {new} now, die alte ist weg.",
        ],
        "distract": [
            "{S} thought about getting a second SIM; decided against it.",
            "Why does {s} never answer? {other} has tried twice today.",
            "Last year's phone bill for {s} was eye-watering, {other} says.",
            "{other}'s number is one digit off from {s}'s.",
            "Rumour says {s} changed numbers; {s} denies it.",
        ],
        "also": [
            "{S} also has a landline, {alt}; keep both.",
            "contact,{s2},{alt}",
            "Directory: {S2}, {alt}",
            "Receipt: delivery contact {S2}, tel. {alt}.",
        ],
        "ask": [
            "What number reaches {s} today?",
            "Which phone number should I give the courier for {s}?",
            "How do I ring {s} at present?",
        ],
    },
    "manager": {
        "old": [
            "{{employee: {s}, manager: {old}}}",
            "{S} | manager: {old}",
            "README (team page): {S} reports to {old}.",
            "{s}'s boss {old}",
        ],
        "new": [
            "{{employee: {s}, manager: {new}}}",
            "{S} has been moved under {new}.",
            "{S} doesn't report to {old} any more; their manager is {new}.",
            "From 1 June {s} will report to {new}.",
            "Two org changes: {s} now reports to {new}, and the design group gets a new office.",
            "{S}: manager {old}, then briefly nobody during the reorg, and now {new}.",
        ],
        "distract": [
            "{other} was going to take on {s} as a report; the plan fell through.",
            "Does {s} even need a manager? {other} jokes about it.",
            "Last year's performance review for {s} was co-written by {other}.",
            "{other} has a bigger team than {s}'s manager.",
            "Talk of {s} moving under {other} was denied.",
        ],
        "also": [
            "{S} also has a mentor, {alt}; that stays.",
            "{{employee: {s2}, manager: {alt}}}",
            "{S2} | manager: {old}",
            "README (team page): {S2} reports to {alt}.",
        ],
        "ask": [
            "Who is {s}'s manager now?",
            "Who signs off {s}'s expenses these days?",
            "Who does {s} report to at present?",
        ],
    },
    "favourite": {
        "old": [
            "{S}: editor={old}",
            "Quiz night answer sheet: which editor does {s} swear by? {old}.",
            "{s}: {old} all day",
            "Team profile: {S} writes code in {old} and drinks far too much tea.",
        ],
        "new": [
            "{S}: editor={new}",
            "Quiz night answer sheet, round 2: which editor does {s} swear by? Not {old} any more: {new}.",
            "{S} has been converted to {new}, finally.",
            "{S} no longer uses {old} day to day; the editor of choice now is {new}.",
            "{S}: {old}, then briefly {other}, and now {new} 😅 #editorwars",
            "{S} ahora usa {new}, switched last week, adiós {old}.",
        ],
        "distract": [
            "{S} gave {other} a go at a workshop and was back to the usual by lunch.",
            "Is {other} really faster? {S} isn't convinced.",
            "Last year's editor survey had {s} flirting with {other} for a week.",
            "{S}'s pair-programming buddy swears by {other}.",
            "Rumours that {s} defected to {other} are false.",
        ],
        "also": [
            "{S} also keeps {alt} around for commit messages; both stay.",
            "{S2}: editor={alt}",
            "Team profile: {S2} writes code in {alt}.",
            "{s2}: {old} all day",
        ],
        "ask": [
            "Which editor is {s} using now?",
            "What editor does {s} prefer these days?",
            "If I pair with {s} today, which editor will be open?",
        ],
    },
    "car": {
        "old": [
            "vehicle,{s},{old},bay {n}",
            "Parking permit: {S}, {old}, bay {n}.",
            "{s}'s car: {old}",
            "Receipt: annual service for {S}'s {old}, paid in full.",
        ],
        "new": [
            "vehicle,{s},{new},bay {n}",
            "Delivery complete: {S}'s new {new} was handed over at the dealership today.",
            "Auction result: {S}'s {old} sold as lot {n}; {s} drives a {new} now.",
            "{S} isn't driving the {old} any more; it's a {new} these days.",
            "Parking permit updated: {S}, {new}, bay {n}.",
            "{S}: {old}, then briefly a hire car, and now a {new} 🚗 #newwheels",
        ],
        "distract": [
            "{S} nearly bought a {other} but walked away from the deal.",
            "Who needs a {other} anyway, {s} asks.",
            "Last year's hire car on {s}'s holiday was a {other}.",
            "{S}'s neighbour drives a {other}.",
            "Talk that {s} had ordered a {other} was denied.",
        ],
        "also": [
            "{S} also has a {alt} for weekends; both are on the permit.",
            "vehicle,{s2},{alt},bay {n}",
            "Parking permit: {S2}, {old}, bay {n}.",
            "Receipt: annual service for {S2}'s {alt}.",
        ],
        "ask": [
            "What car does {s} drive now?",
            "Which car do I look for when {s} collects me?",
            "What's {s}'s car at the moment?",
        ],
    },
    "school": {
        "old": [
            "enrolment: {s}'s youngest | {old} | Year 2",
            "Receipt: {old} uniform shop, one jumper for {s}'s youngest.",
            "{s}'s youngest: {old}",
            "Quiz: Q: Which school does {s}'s youngest attend? A: {old}.",
        ],
        "new": [
            "enrolment: {s}'s youngest | {new} | updated 3 Mar",
            "{S}'s youngest has been enrolled at {new}.",
            "{S}'s youngest isn't at {old} any more; from this term it's {new}.",
            "From September {s}'s youngest will attend {new}.",
            "Receipt: {new} uniform shop, full kit for {s}'s youngest, who starts there on Monday.",
            "{S}'s youngest: {old}, then briefly {other}, and now {new} 🎒 #newschool",
        ],
        "distract": [
            "{S} visited {other} on an open day and left unimpressed.",
            "Is {other} worth the drive? {S} says no.",
            "Last year's summer camp for {s}'s youngest was held at {other}.",
            "{S}'s godson is a pupil at {other}.",
            "Talk of {s}'s youngest moving to {other} was denied.",
        ],
        "also": [
            "{S}'s eldest stays at {alt}; both schools stay on the pickup rota.",
            "enrolment: {s2}'s youngest | {alt} | Year 2",
            "Quiz: Q: Which school does {s2}'s youngest attend? A: {old}.",
            "{s2}'s youngest: {alt}",
        ],
        "ask": [
            "Which school is {s}'s youngest at now?",
            "Where do I collect {s}'s youngest from these days?",
            "What school does {s}'s youngest go to at present?",
        ],
    },
    "team": {
        "old": [
            "{S} | team: {old}",
            '{{"member": "{S}", "team": "{old}"}}',
            "{s}, {old} team",
            "README, who's who: {S} is on the {old} team.",
        ],
        "new": [
            '{{"member": "{S}", "team": "{new}"}}',
            "{S} has been moved to the {new} team.",
            "{S} is no longer on {old}; they've joined {new} for good.",
            "{S}, signed by the {new} side in the mid-season window: the loan from {old} is made permanent!",
            "{S} now on {new}: team page updated",
            "{S}: {old}, then briefly {other}, and now {new} 🙌 #teamswap",
        ],
        "distract": [
            "{S} shadowed the {other} team for a day; nothing more.",
            "Is the {other} team really more fun? {S} isn't sure.",
            "Last year's hackathon had {s} in a mixed squad with the {other} team.",
            "{S}'s flatmate is on the {other} team.",
            "Talk of {s} joining {other} was denied by {s}.",
        ],
        "also": [
            "{S} also helps the {alt} team part-time; both stay.",
            '{{"member": "{S2}", "team": "{alt}"}}',
            "{S2} | team: {old}",
            "README, who's who: {S2} is on the {alt} team.",
        ],
        "ask": [
            "Which team is {s} on now?",
            "Whose team do I add {s} to in the tracker?",
            "What team does {s} belong to at present?",
        ],
    },
    "language": {
        "old": [
            "service={s} lang={old}",
            "README: {S} is written in {old}.",
            "Encyclopedia entry: {S} is a backend service implemented in {old}.",
            "{s}: {old}",
        ],
        "new": [
            "service={s} lang={new}",
            "{S} has been rewritten in {new}.",
            "{S} is no longer a {old} codebase; every module is {new} now.",
            "As of release day, {s} is implemented in {new}.",
            "Encyclopedia entry, revised: {S} is a backend service implemented in {new}; early versions used {old}.",
            "{S}: {old}, then briefly a {other} prototype, and now {new} 🔧 #rewrite",
        ],
        "distract": [
            "A {other} port of {s} was prototyped and abandoned.",
            "Would {s} be any faster in {other}? Nobody has measured it.",
            "Last year's intern wrote a {other} client for {s}.",
            "The service beside {s} is mostly {other}.",
            "Talk of a {other} rewrite of {s} was denied at the architecture review.",
        ],
        "also": [
            "{S} also ships a {alt} SDK; both stay supported.",
            "service={s2} lang={alt}",
            "{s2}: {old}",
            "README: {S2} is written in {alt}.",
        ],
        "ask": [
            "What language is {s} written in now?",
            "If I send a patch to {s} today, which language is it in?",
            "What's {s} implemented in at present?",
        ],
    },
    "email": {
        "old": [
            "mailbox: {S} | {old} | active",
            "Receipt emailed to {old} (customer: {S}).",
            "{s}: {old}",
            '{{"user": "{S}", "email": "{old}"}}',
        ],
        "new": [
            "mailbox: {S} | {new} | active | updated 3 Mar",
            "Receipt emailed to {new} (customer: {S}; address on file updated).",
            "{S}'s address has been changed to {new}.",
            "{S} doesn't read {old} any more; write to {new}.",
            "From Monday {s}'s email will be {new}.",
            '{{"user": "{S}", "email": "{new}"}}',
            "{S} tem e-mail novo: {new}, o {old} já era.",
        ],
        "distract": [
            "{S} thought about a vanity domain but never set it up.",
            "Why is {s}'s inbox always full? {other} wonders.",
            "Last year's newsletter to {s} bounced once, says {other}.",
            "{other}'s address is longer than {s}'s.",
            "Talk that {s} had changed their email was denied by {other}.",
        ],
        "also": [
            "{S} also has delegate access to {alt}; keep both.",
            "mailbox: {S2} | {alt} | active",
            '{{"user": "{S2}", "email": "{alt}"}}',
            "Receipt emailed to {alt} (customer: {S2}).",
        ],
        "ask": [
            "What's {s}'s email now?",
            "Which address should I use for {s} today?",
            "Where do I e-mail {s} at present?",
        ],
    },
    "version": {
        "old": [
            "pkg: {s} | version: {old}",
            "2027-01-20T06:30:00Z INFO deploy: {s} running {old}",
            "README: {S} {old} is the supported release.",
            "Status page: {S}, operational, v{old}",
        ],
        "new": [
            "pkg: {s} | version: {new} | updated 3 Mar",
            "2027-02-11T06:30:00Z INFO deploy: {s} running {new} (previous {old})",
            "Status page, resolved: {S} has been upgraded to {new}; all checks green.",
            "{S} is no longer on {old}; production runs {new} since the overnight window.",
            "Updated: {s} -> {new}; schema unchanged.",
            "{S}: {old}, then briefly a hotfix build, and now {new} 🚢 #release",
            "{S} now {new} in production",
            "{S}: versie {new} staat live, {old} is uitgefaseerd.",
        ],
        "distract": [
            "{other} prepared an upgrade of {s}, but it was cancelled at the go/no-go.",
            "Does {s} really need upgrading every month? {other} isn't sure.",
            "Last year's release of {s} broke the importer, {other} recalls.",
            "{other}'s service is a version ahead of {s}.",
            "Talk of upgrading {s} this week was denied by {other}.",
        ],
        "also": [
            "{S} also bundles its CLI at {alt}; both versions stay listed.",
            "pkg: {s2} | version: {alt}",
            "2027-01-20T06:30:00Z INFO deploy: {s2} running {old}",
            "README: {S2} {alt} is the supported release.",
        ],
        "ask": [
            "Which version of {s} is live now?",
            "What release of {s} should I test against today?",
            "What version is {s} on at present?",
        ],
    },
}


# A sixteenth wording set for bench/supersession.py (`sixteenth`), held out.
# Written 2026-12-05, 16:04-16:06 UTC (per `date -u`), by a helper session started for
# brief briefs/sixteenth.md. It read ONLY bench/supersession.py (for the format, the 18
# kinds, the placeholders and how `_values`/`make_cases` fill them, and to avoid the
# registers of the fifteen earlier sets); nothing under memctl/, tests/, docs/,
# bench/README.md or any other helper's folder.
#
# Registers aimed at (absent or rare in the earlier sets): markdown strikethrough
# ("~~{old}~~ {new}"); "EDIT:" / "UPDATE:" / "ETA:" postscripts on a post; a quoted reply
# ("> question or claim — answer"); reported speech ("I was told ...", "X says ... these
# days"); a self-repair mid-sentence ("{old}, sorry, I mean {new}", the old one right only
# before); officialese ("Please be advised that ...", "with effect from ..."); ALL CAPS
# shouting; a parenthetical aside carrying the change ("(oh and ... now)"); "formerly",
# "ex-" and "née" appositions; "ever since ..." and "these days"; a question answered by
# the same speaker ("What time's X? {new}, ever since ..."); a change told as a complaint
# or a joke; an understatement ("Turns out ..."); a child's or learner's simple English;
# noticeboard, door and car-park signs; crossword clues and riddles; phone and e-mail
# auto-replies; a rhyme; a long rambling sentence with the change in the middle; numbers
# written in words in distractors.
# Distractors: plans called off, comparisons, someone else's value, hypotheticals,
# rumours denied, past visits, a value for a different time ("last year ..."), open
# questions, some in the same registers (an "EDIT:" that cancels a plan, a parenthetical
# aside that changes nothing); none names {old} or {new}.
# "also" lines: the same subject's second value ("... also ...; both stay"), and a second
# subject in the same registers as the old lines (quoted replies, signs, officialese),
# with its own value ({alt}) or the same value as {old}.
#
# Placeholders, as make_cases fills them:
#   old/new/ask: {s} {S} {old} {new} (and {other}, {n})
#   distract:    {s} {S} {other} {n}   ({other} is a value of the same sort for home,
#                employer, favourite, car, school, team and language; a person's name
#                for every other kind)
#   also:        {s} {S} {s2} {S2} {alt} {old}   (the first line of each kind has no
#                {s2}: make_cases falls back to it when no second subject is left)
# No "new" line uses {s2}/{S2}/{alt}; {other} appears in "new" lines only for kinds where
# it is a person's name (host, owner, meeting, phone, version).
# People named inside lines (Hortensia, Barnaby, Ludmila) are not in
# the bench's NAMES.
# For the tool kind the subject is "The X team" (capital T), so {S} is put at the start
# of a line or after a colon.
# The school kind is about the subject's son throughout.
# One line each, no leading "- " (write() adds the bullet).
# Checked by check_sixteenth.py (same folder): kinds, keys, placeholders, counts.

SIXTEENTH: dict[str, dict[str, list[str]]] = {
    "host": {
        "old": [
            "> where does {s} live? — {old}, rack four, same as ever.",
            "Please be advised that {s} is hosted on {old}; requests for shell access go through the ops rota.",
            "Crossword clue, 4 down: the box that runs {s} (answer: {old}).",
            "PLEASE DO NOT REBOOT {old} WITHOUT ASKING, IT RUNS {s}!",
        ],
        "new": [
            "Host for {s}: ~~{old}~~ {new}",
            "{S} is on {old}. EDIT: it moved to {new} overnight, use that one.",
            "> {S} is {old} — not since Thursday, mate, it's {new} now.",
            "Please be advised that, with effect from this morning, {s} is served by {new}; {old} will be decommissioned.",
            "Long story, but after the disk on the old box filled up for the third time and {other} spent a whole evening on the phone with the vendor, {s} ended up on {new}, which honestly should have happened months ago.",
            "Turns out {s} is on {new}; I'd been ssh-ing into {old} all morning for nothing.",
        ],
        "distract": [
            "EDIT: the move of {s} to bigger hardware is off, {other} cancelled it.",
            "(oh and {s} was flaky again last night, {n} restarts, same box though)",
            "If {s} ever left its current host, {other} would have to redo the firewall rules.",
            "Rumour that {s} was being moved to the cloud: denied by {other} at the all-hands.",
            "Is {s} the slowest thing we run? Probably, but nobody has benchmarked it.",
        ],
        "also": [
            "{S} also keeps a warm standby on {alt}; that one stays too.",
            "> and {s2}? — {alt}, unchanged.",
            "Please be advised that {s2} is hosted on {old} as well.",
            "(oh and {s2} sits on {alt}, in case anyone asks)",
        ],
        "ask": [
            "Which machine do I point at for {s} these days?",
            "Quick one: what host is {s} on right now?",
            "If I need to ssh into {s} today, which box is it?",
        ],
    },
    "home": {
        "old": [
            "{S} lives in {old}, in a flat above a bakery.",
            "> where's {s} based? — {old}, has been for years.",
            "Me and {s} are neighbours in {old}. We walk to the bus together.",
            "Riddle: {S} wakes up in this city every morning and buys bread there. Answer: {old}.",
        ],
        "new": [
            "{S}'s address book entry: ~~{old}~~ {new}",
            "{S} lives in {old}. UPDATE: {s} moved to {new} last month, the change-of-address card came yesterday.",
            "Where's {s} living? {new}, since the spring.",
            "{S} (formerly of {old}) now calls {new} home.",
            "My friend {s} lived in {old} before, but now {s} is living in {new}. It is very nice city.",
            "I was told {s} lives in {new} these days, with a view of the river.",
        ],
        "distract": [
            "{S} nearly moved to {other} last year, but the job there fell through.",
            "{S}'s brother lives in {other} and keeps sending estate-agent links.",
            "If {s} lived in {other}, the commute would be an hour shorter; {s} doesn't.",
            "Last summer {s} spent three weeks in {other} visiting cousins.",
            "Is {other} nicer than where {s} lives? {S} says no.",
        ],
        "also": [
            "{S} also keeps a little studio in {alt} for work trips; both addresses are current.",
            "{S2} lives in {old} too, two streets away.",
            "> and {s2}? — {alt}, still.",
            "(oh and {s2} is in {alt}, for the Christmas cards)",
        ],
        "ask": [
            "Where is {s} living at the moment?",
            "Which city do I send {s}'s birthday card to?",
            "What town does {s} live in now?",
        ],
    },
    "employer": {
        "old": [
            "{S} works at {old}, on the third floor of their big office.",
            "Auto-reply: Thanks for your message. {S}, {old}, is out of the office until Monday.",
            "> who does {s} work for? — {old}, in the finance group.",
            "Crossword clue, 7 across: {s}'s employer (answer: {old}).",
        ],
        "new": [
            "{S}, ex-{old}, started at {new} on Monday.",
            "Auto-reply: I have left {old}. I started at {new} this month and will reply from there. — {S}",
            "{S} works at {old}. ETA: scratch that, {s} handed in notice and joined {new} last week.",
            "Hortensia told me {s} is at {new} these days and much happier for it.",
            "Of course {s} goes to {new} the very week I finally memorised the {old} switchboard number. Typical.",
            "Employer on {s}'s profile: ~~{old}~~ {new}",
        ],
        "distract": [
            "{S} had a call with a recruiter from {other} and said no thanks.",
            "The rumour that {s} was leaving for {other} was denied by {s} in the kitchen.",
            "If {other} doubled the salary, {s} might think about it; they haven't.",
            "{S}'s partner works at {other}.",
            "Back in university, {s} interned at {other} for one summer.",
        ],
        "also": [
            "{S} also sits on the advisory board of {alt}; that stays as it is.",
            "{S2} works at {old} too, in the same building.",
            "> and {s2}? — {alt}, no change there.",
            "Auto-reply: {S2} of {alt} is on leave until the 12th.",
        ],
        "ask": [
            "Who's {s} working for these days?",
            "Which company is {s} at now?",
            "If I write to {s} at work, which firm do I put on the envelope?",
        ],
    },
    "date": {
        "old": [
            "Please be advised that {s} is scheduled for {old}.",
            "> when's {s}? — {old}, circled on the wall calendar.",
            "NOTICEBOARD: {S} — {old}. Be there.",
            "Riddle for the team: what happens on {old}? {S}, of course.",
        ],
        "new": [
            "{S}: ~~{old}~~ {new}",
            "{S} is on {old}. UPDATE: pushed to {new}, the vendor slipped.",
            "Please be advised that the date for {s} is now {new}; kindly disregard earlier correspondence naming {old}.",
            "When is {s}? {new}, since the steering group met on Tuesday.",
            "So {s} is on {old}, sorry, I mean it was until yesterday, now it's {new}.",
            "Agenda for Friday is short (oh and {s} is on {new} now, not {old}), so we'll finish early.",
        ],
        "distract": [
            "The idea of moving {s} earlier was dropped; {other} said it wasn't worth it.",
            "Last year's equivalent of {s} slipped by a month, {other} reminded us.",
            "If {s} slipped, {other} would need to rebook the venue; so far it hasn't.",
            "Is {s} going to be tight? {other} thinks so, but the date stands.",
            "Rumour that {s} was being pulled forward: denied by {other}.",
        ],
        "also": [
            "{S} also has a dry run on {alt}; keep both dates.",
            "{S2} is on {alt}.",
            "{S2} lands on {old} as well, same day.",
            "NOTICEBOARD: {S2} — {alt}.",
        ],
        "ask": [
            "What's the date for {s} now?",
            "When is {s} actually happening?",
            "Which day should I block out for {s}?",
        ],
    },
    "owner": {
        "old": [
            "> who owns {s}? — {old}, ask them first.",
            "Door sign on the ops room: {S} — questions to {old}.",
            "{old} looks after {s}, and has done since it was written.",
            "Please be advised that {old} is the owner of {s}; all changes need their sign-off.",
        ],
        "new": [
            "Owner of {s}: ~~{old}~~ {new}",
            "{S} belongs to {new} now (formerly {old}).",
            "> {old} owns {s} — that was true until the reorg; {new} has it now.",
            "{other} says {s} is {new}'s baby these days, so send the pager alerts there.",
            "ATTENTION: {new} OWNS {s} NOW. DO NOT PING {old} ABOUT IT.",
            "Who owns {s}? {new}, ever since {old} went on sabbatical.",
        ],
        "distract": [
            "{other} was going to take over {s}, but that plan was called off.",
            "{other} owns a service a lot like {s}, only bigger.",
            "If {s} had an owner with more time, {other} says it would have tests.",
            "Last year's audit of {s} was run by {other}.",
            "Who will own {s} after the next reorg? Nobody knows yet.",
        ],
        "also": [
            "{alt} also helps out on {s}; they stay listed as a maintainer.",
            "{alt} owns {s2}.",
            "{old} owns {s2} as well.",
            "Door sign on the ops room: {S2} — questions to {alt}.",
        ],
        "ask": [
            "Who do I ask about {s} these days?",
            "Who's the owner of {s} right now?",
            "Whose name goes on the ticket for {s}?",
        ],
    },
    "role": {
        "old": [
            "{old} is the {s}; send approvals their way.",
            "> who's the {s}? — {old}, since the spring.",
            "Noticeboard, people page: the {s} is {old}.",
            "Riddle: I sign off the work and my title is the {s}; who am I? {old}.",
        ],
        "new": [
            "The {s}: ~~{old}~~ {new}",
            "The {s} is {old}. EDIT: handover happened yesterday, it's {new} now.",
            "Please be advised that, with effect from Monday, {new} is the {s}.",
            "Meet {new}, our {s}, who took the baton from {old} on Friday.",
            "The {s} is {old}, sorry, I mean was; it's been {new} since the reorg.",
            "Honestly, I go on holiday for one week and suddenly {new} is the {s} and nobody thought to tell me.",
        ],
        "distract": [
            "{other} was nominated as the {s} but turned it down.",
            "Is the {s} job harder than it looks? {other} thinks so.",
            "If the {s} were away, {other} would cover; they aren't.",
            "Last year the {s} role was split in two for a while.",
            "Rumour: {other} is about to become the {s}. Not true, apparently.",
        ],
        "also": [
            "{alt} is also the deputy {s}; that stays.",
            "{alt} is the {s2}.",
            "{old} is also the {s2}.",
            "Noticeboard, people page: the {s2} is {alt}.",
        ],
        "ask": [
            "Who's the {s} at the moment?",
            "Which person is the {s} now?",
            "If I need a sign-off from the {s}, who do I go to?",
        ],
    },
    "tool": {
        "old": [
            "{S} builds everything on {old}.",
            "> CI for {S}? — {old}, every pipeline.",
            "Sign on the build-room door: {S} runs CI on {old}.",
            "Riddle for the new joiners: {S} has one CI, and its name is {old}.",
        ],
        "new": [
            "{S}, CI: ~~{old}~~ {new}",
            "{S} runs CI on {old}. UPDATE: they cut over to {new} on Friday.",
            "{S} has been on {new} ever since the {old} licence ran out.",
            "CI for {S}? {new}, since the last sprint.",
            "{S}: a {new} shop now (formerly {old}).",
            "{S}: ALL BUILDS NOW GO THROUGH {new}. STOP FILING {old} TICKETS.",
            "{S}: {old}, sorry, I mean {new}, they moved over last week and I keep forgetting.",
        ],
        "distract": [
            "{S}: a move off their CI was discussed and parked.",
            "{S} builds slower than the team next door, says {other}.",
            "{S}: if {other} had more time, they'd write their own runner; they don't.",
            "{S} had {n} red builds on Monday.",
            "{S}: is their CI the cheapest option? {other} asked; no answer.",
        ],
        "also": [
            "{S} also uses {alt} for nightly deploys; both tools stay.",
            "{S2} uses {old} too.",
            "{S2}: builds on {alt}.",
            "Sign on the build-room door: {S2} runs CI on {alt}.",
        ],
        "ask": [
            "{S}: which CI are they on right now?",
            "{S}: what do they build with these days?",
            "For {S}, what's the CI system at the moment?",
        ],
    },
    "meeting": {
        "old": [
            "{S} is at {old} sharp, bring coffee.",
            "> when's {s}? — {old}, every weekday.",
            "Door sign: {S} in here at {old}, please knock.",
            "A rhyme for the new folks: at {old}, don't be late, {s} will not wait.",
        ],
        "new": [
            "Start time for {s}: ~~{old}~~ {new}",
            "{S} is at {old}. EDIT: it's {new} now, the room clashed.",
            "NOTICE: {S} HAS MOVED TO {new}. THE {old} SLOT IS GONE.",
            "What time's {s}? {new}, ever since the clocks went back.",
            "{other} says {s} is at {new} these days, which suits the other office better.",
            "Auto-reply: Hi, I'm in {s}, which is at {new} now, so I'll call you back after.",
            "The old rhyme went 'at {old}, don't be late'; {s} is at {new} now and the rhyme is ruined.",
        ],
        "distract": [
            "{S} ran twenty minutes over today.",
            "Moving {s} to the afternoon was suggested and voted down.",
            "{other} runs a meeting that starts ten minutes earlier than {s}.",
            "If {s} were any earlier, {other} would miss it; it isn't.",
            "Last year {s} was in the big room on the fourth floor.",
        ],
        "also": [
            "{S} also has a follow-up slot at {alt}; both stay on the calendar.",
            "{S2} is at {alt}.",
            "{S2} is at {old} too, in the next room.",
            "Door sign: {S2} in here at {alt}, please knock.",
        ],
        "ask": [
            "What time is {s} these days?",
            "When should I turn up for {s}?",
            "What time does {s} start now?",
        ],
    },
    "name": {
        "old": [
            "The {s} goes by {old}; bookmark it.",
            "> what's the {s} called? — {old}, don't ask why.",
            "Crossword clue, 9 across: what the {s} is called ({old}).",
            "Please be advised that the {s} is named {old} in all official documents.",
        ],
        "new": [
            "Name of the {s}: ~~{old}~~ {new}",
            "{new} (née {old}) is the {s}; update your bookmarks.",
            "The {s} is called {old}. UPDATE: renamed to {new} this morning.",
            "Turns out the {s} has been called {new} for a fortnight and I'm the last to know.",
            "THE {s} IS CALLED {new} NOW. STOP LINKING TO {old}.",
            "The {s} is {old}, sorry, I mean {new}, the rename went through on Tuesday.",
        ],
        "distract": [
            "Renaming the {s} again was proposed and dropped.",
            "{other} thinks the {s} has the worst name in the company.",
            "If the {s} had a shorter name, {other} would actually remember it.",
            "Last year the {s} was just a folder on a shared drive.",
            "Rumour: the {s} is getting a new name. {other} says no.",
        ],
        "also": [
            "The {s} also has a short alias, {alt}; keep both.",
            "The {s2} is called {alt}.",
            "> and the {s2}? — {alt}.",
            "Please be advised that the {s2} is named {alt}.",
        ],
        "ask": [
            "What's the {s} called now?",
            "What name should I search for to find the {s}?",
            "What's the current name of the {s}?",
        ],
    },
    "phone": {
        "old": [
            "{S}'s number is {old}, ring after six.",
            "> what's {s}'s number? — {old}, it's the mobile.",
            "Auto-reply: You've reached {s} on {old}. Leave a message after the tone.",
            "Written on the fridge: {S} — {old}.",
        ],
        "new": [
            "{S}'s mobile: ~~{old}~~ {new}",
            "{S}'s number is {old}. EDIT: new phone, new number: {new}.",
            "Auto-reply on {old}: this number is not in use; {S} can be reached on {new}.",
            "How do you reach {s}? {new}, ever since the old phone went in the canal.",
            "{other} says {s}'s number is {new} these days; I tried it and {s} picked up.",
            "I rang {old} for twenty minutes before someone told me {s} is on {new} now, which would have been nice to know on Monday.",
        ],
        "distract": [
            "{S} thought about getting a second number for work, then didn't.",
            "{other}'s number is one digit off from {s}'s, which causes chaos.",
            "If {s} lost the phone again, {other} would have to reset everything; touch wood.",
            "Last year {s} had a pay-as-you-go SIM for a month abroad.",
            "Is {s}'s number on the emergency list? Nobody has checked.",
        ],
        "also": [
            "{S} also has a landline, {alt}; keep both numbers.",
            "{S2}'s number is {alt}.",
            "> and {s2}'s? — {alt}, the mobile.",
            "Written on the fridge: {S2} — {alt}.",
        ],
        "ask": [
            "What number do I ring for {s} now?",
            "What's {s}'s phone number these days?",
            "Which number gets through to {s} at the moment?",
        ],
    },
    "manager": {
        "old": [
            "{S} reports to {old}.",
            "> who's {s}'s manager? — {old}, has been since day one.",
            "Org chart on the noticeboard: {S}, under {old}.",
            "The boss of {s} is {old}. {old} is very kind boss.",
        ],
        "new": [
            "{S}'s manager: ~~{old}~~ {new}",
            "{S} reports to {old}. UPDATE: after the reshuffle, {s} reports to {new}.",
            "I was told {s} reports to {new} now; {old} has the other squad.",
            "Before, the boss of {s} was {old}. Now the boss of {s} is {new}.",
            "Please be advised that {s} now reports to {new}; leave requests go to {new} accordingly.",
            "Who's {s}'s boss? {new}, ever since {old} moved to the Singapore office.",
        ],
        "distract": [
            "{S} was supposed to move under {other}, but that was called off.",
            "{other} manages a team twice the size of {s}'s.",
            "If {s} changed teams, {other} would be the manager; no plans.",
            "Last year {s} had a mentor, {other}, from another department.",
            "Rumour that {s} is getting a new boss: denied by HR.",
        ],
        "also": [
            "{S} also has a mentor, {alt}; that stays.",
            "{S2} reports to {alt}.",
            "{S2} reports to {old} as well.",
            "Org chart on the noticeboard: {S2}, under {alt}.",
        ],
        "ask": [
            "Who does {s} report to now?",
            "Who's {s}'s boss at the moment?",
            "Whose approval does {s} need for leave these days?",
        ],
    },
    "favourite": {
        "old": [
            "{S}'s favourite editor is {old}; don't get them started.",
            "> what does {s} edit in? — {old}, always.",
            "Riddle: {S} opens me first thing every morning and swears by me. I'm {old}.",
            "{S} loves {old} more than coffee, and that's saying something.",
        ],
        "new": [
            "{S}'s favourite editor: ~~{old}~~ {new}",
            "{S} swears by {old}. EDIT: nope, it's {new} now, apparently a conversion happened at the offsite.",
            "Turns out {s} has quietly gone over to {new} and likes it better than {old}.",
            "{S}, an ex-{old} devotee, is all about {new} these days.",
            "What's {s}'s favourite editor? {new}, ever since that pairing week.",
            "I spent a whole evening configuring {old} for {s} as a gift, and then {s} announces {new} is the one true editor. Never again.",
        ],
        "distract": [
            "{S} tried {other} for an afternoon and gave up.",
            "{S}'s manager uses {other}.",
            "If {other} had better plugins, {s} might switch; it doesn't.",
            "Years ago {s} wrote a whole thesis in {other}.",
            "Is {other} faster than what {s} uses? {S} won't say.",
        ],
        "also": [
            "{S} also keeps {alt} around for quick edits; both stay.",
            "{S2}'s favourite editor is {alt}.",
            "{S2} loves {old} too.",
            "> and {s2}? — {alt}, always.",
        ],
        "ask": [
            "What's {s}'s favourite editor now?",
            "Which editor does {s} prefer these days?",
            "What editor should I set up for {s}?",
        ],
    },
    "car": {
        "old": [
            "{S} drives a {old}, the blue one.",
            "> what's {s} driving? — a {old}, parked by the bins.",
            "Sign in the car park: bay 7 reserved for {s} ({old}).",
            "My auntie {s} has a {old} and it is very fast.",
        ],
        "new": [
            "{S}'s car: ~~{old}~~ {new}",
            "{S} drives a {old}. UPDATE: traded in, it's a {new} now.",
            "My auntie {s} had a {old} but now {s} has a {new} and it is red.",
            "What's {s} driving? A {new}, since the old one failed its test.",
            "Parking was a nightmare this morning (oh and {s} drives a {new} now, so look for that, not the {old}).",
            "I was told {s} is in a {new} these days; the {old} went to a cousin.",
        ],
        "distract": [
            "{S} rented a {other} for the holiday and brought it back scratched.",
            "{S}'s neighbour has a {other}.",
            "If {s} won the lottery, it would be a {other}; no win yet.",
            "Back in school, {s} learned to drive in a {other}.",
            "Is a {other} cheaper to run than what {s} has? Open question.",
        ],
        "also": [
            "{S} also has the use of a {alt} from work; both stay.",
            "{S2} drives a {alt}.",
            "{S2} drives a {old} too, same colour.",
            "Sign in the car park: bay 9 reserved for {s2} ({alt}).",
        ],
        "ask": [
            "What car is {s} driving now?",
            "Which car should I look for when {s} picks me up?",
            "What does {s} drive these days?",
        ],
    },
    "school": {
        "old": [
            "{S}'s son goes to {old}.",
            "> which school is {s}'s son at? — {old}, year four.",
            "Name tag in the lost property box: {S}'s son, {old}.",
            "{S}'s boy is at {old}; he walks there with his friends.",
        ],
        "new": [
            "{S}'s son's school: ~~{old}~~ {new}",
            "{S}'s son is at {old}. UPDATE: he started at {new} after half term.",
            "Where does {s}'s son go to school? {new}, since September.",
            "My friend {s}, his son was in {old}, now he go to {new}.",
            "Ludmila says {s}'s son is much happier at {new} these days than he ever was at {old}.",
            "After weeks of forms and tours and one disastrous open evening where the head teacher forgot his own name, {s}'s son finally started at {new}, and the uniform is a lot cheaper.",
        ],
        "distract": [
            "{S} looked round {other} for the son but didn't apply.",
            "{S}'s niece goes to {other}.",
            "If {s}'s son got into {other}, the bus ride would be shorter; he never applied.",
            "Last year {s}'s son went to a summer camp at {other}.",
            "Is {other} better than {s}'s son's school? Depends who you ask.",
        ],
        "also": [
            "{S}'s son also does Saturday football at {alt}; that stays.",
            "{S2}'s son goes to {alt}.",
            "{S2}'s son is at {old} too, same class.",
            "Name tag in the lost property box: {S2}'s son, {alt}.",
        ],
        "ask": [
            "Which school is {s}'s son at now?",
            "Where does {s}'s son go to school these days?",
            "What school do I send the party invite to for {s}'s son?",
        ],
    },
    "team": {
        "old": [
            "{S} is on the {old} team.",
            "> which team is {s} on? — the {old} team, desk by the window.",
            "The sign on the {old} team's door lists {s} first.",
            "Riddle: {S} sits with the {old} team, eats with the {old} team and stands up with the {old} team. Which team? Easy.",
        ],
        "new": [
            "{S}'s team: ~~{old}~~ {new}",
            "{S} is on the {old} team. EDIT: moved over to the {new} team this sprint.",
            "{S} (ex-{old}) joined the {new} team on Monday.",
            "Which team is {s} on? The {new} team, since the reorg.",
            "I was told {s} sits with the {new} team these days, so that's where the birthday cake goes.",
            "So the {old} team finally gets a decent person and then {s} is poached by the {new} team within a month. Unbelievable.",
        ],
        "distract": [
            "{S} helped the {other} team for a day during the outage.",
            "{S}'s best friend is on the {other} team.",
            "If the {other} team had an opening, {s} might apply; it hasn't.",
            "Years ago {s} did a short loan spell with the {other} team.",
            "Rumour: {s} is off to the {other} team. {S} laughed it off.",
        ],
        "also": [
            "{S} also helps the {alt} team on Fridays; both stay.",
            "{S2} is on the {alt} team.",
            "{S2} is on the {old} team too.",
            "> and {s2}? — the {alt} team.",
        ],
        "ask": [
            "Which team is {s} on now?",
            "What team does {s} sit with these days?",
            "Which team's channel do I add {s} to?",
        ],
    },
    "language": {
        "old": [
            "{S} is written in {old}.",
            "> what's {s} written in? — {old}, all of it.",
            "Crossword clue, 6 down: the language of {s} ({old}).",
            "Please be advised that {s} is implemented in {old}; contributors should follow the {old} style guide.",
        ],
        "new": [
            "{S}, language: ~~{old}~~ {new}",
            "{S} is written in {old}. UPDATE: the rewrite in {new} shipped today.",
            "What's {s} written in? {new}, ever since the rewrite.",
            "Turns out {s} is {new} through and through now; the last {old} file went last week.",
            "{S} (formerly a {old} codebase) is pure {new} these days.",
            "WHO DELETED ALL THE {old} IN {s}?? oh right, it's {new} now.",
        ],
        "distract": [
            "A {other} rewrite of {s} was pitched and shelved.",
            "{S} is slower than the {other} service next door, says the benchmark.",
            "If {s} were in {other}, {n} more people could work on it; it isn't.",
            "Last year's hackathon produced a {other} client for {s}.",
            "Would {s} be easier in {other}? Open question.",
        ],
        "also": [
            "{S} also has a {alt} test harness; both stay.",
            "{S2} is written in {alt}.",
            "{S2} is written in {old} too.",
            "> and {s2}? — {alt}, all of it.",
        ],
        "ask": [
            "What language is {s} written in now?",
            "Which language do I need to know to work on {s}?",
            "What's {s} coded in these days?",
        ],
    },
    "email": {
        "old": [
            "{S}'s email is {old}.",
            "> what's {s}'s address? — {old}, the work one.",
            "Auto-reply from {old}: {S} is away until Monday.",
            "Sticky note on my monitor: email {s} at {old}.",
        ],
        "new": [
            "{S}'s email: ~~{old}~~ {new}",
            "Auto-reply from {old}: this mailbox is closed. Please write to {s} at {new}.",
            "{S}'s email is {old}. EDIT: that one bounced, the right one is {new} now.",
            "How do I email {s}? {new}, since the domain change.",
            "Barnaby asked me to pass on that {s} is on {new} these days, so please update your contacts.",
            "My friend {s} have new email, it is {new}, the old {old} not work.",
        ],
        "distract": [
            "{S} thought about a personal domain but never set one up.",
            "{other}'s address looks almost like {s}'s, which confuses autocomplete.",
            "If {s}'s inbox filled up, mail would bounce; it hasn't.",
            "Last year {s} used a shared mailbox for the conference.",
            "Is {s} on the mailing list? Nobody knows.",
        ],
        "also": [
            "{S} also has a personal address, {alt}; keep both.",
            "{S2}'s email is {alt}.",
            "> and {s2}'s? — {alt}.",
            "Sticky note on my monitor: email {s2} at {alt}.",
        ],
        "ask": [
            "What email address do I use for {s} now?",
            "Where do I send mail for {s} these days?",
            "What's {s}'s current address for email?",
        ],
    },
    "version": {
        "old": [
            "{S} is on version {old}.",
            "> what version is {s}? — {old}, pinned.",
            "Door sign in the release room: {S} — {old} in production.",
            "Please be advised that {s} runs release {old} in all regions.",
        ],
        "new": [
            "{S} in production: ~~{old}~~ {new}",
            "{S} is on {old}. UPDATE: rolled forward to {new} overnight, no incidents.",
            "What version is {s} on? {new}, since Thursday's deploy.",
            "{S} went to {new} at last (the {old} bugs were driving support mad).",
            "Turns out {s} has been on {new} for a week; my dashboard was still saying {old}.",
            "{other} says {s} is running {new} these days, and the memory leak is gone.",
        ],
        "distract": [
            "The upgrade of {s} planned for Friday was called off.",
            "{S} is two releases behind the service next door.",
            "If {s} hit a bad release, {other} would roll back; nothing bad so far.",
            "Last year {s} went through {n} releases.",
            "Is {s} going to skip a major version? Undecided.",
        ],
        "also": [
            "{S} also ships a client library at {alt}; both versions stay.",
            "{S2} is on version {alt}.",
            "{S2} is on {old} as well.",
            "> and {s2}? — {alt}, pinned.",
        ],
        "ask": [
            "What version is {s} running now?",
            "Which release of {s} is in production these days?",
            "What's the current version of {s}?",
        ],
    },
}


# A seventeenth wording set for bench/supersession.py (`seventeenth`), held out.
# Written 2026-12-05, 18:41-18:43 UTC (per `date -u`), by a helper session started for
# brief briefs/seventeenth.md. It read ONLY bench/supersession.py (for the format, the 18
# kinds, the placeholders and how `_values`/`make_cases` fill them, and to avoid the
# registers of the sixteen earlier sets); nothing under memctl/, tests/, docs/,
# bench/README.md, nor anything under notes/ besides what it wrote.
#
# Registers aimed at (absent or rare in the earlier sets): text-message shorthand ("fyi",
# "btw", "nvm", "w/", "b/c", "thx", "tbh"); a correction in a thread reply ("^ that's
# outdated", "^^ not anymore"); ticket-system lines ("[OPS-412] Status: ... → ...") and
# calendar-invite lines ("Updated invitation: ..."); changelog / release-note lines
# ("### Changed", "v2.3 release notes: ..."); markdown table rows ("| subject | old | new |");
# a voice transcription with fillers ("um", "uh", "like", "[inaudible]"); a second-hand
# correction ("Mum says you've got the wrong ..., it's ..."); the new value first and the
# old one after ("{new} now — not {old}"); a passive ("... was moved to ..."); a change
# announced for the future and already in effect ("from today ..."); "no longer" / "not
# anymore" with the new value only in the next sentence; a date-stamped log line; two
# changes listed in one line; a polite e-mail register ("I hope this finds you well");
# a non-native speaker's English; a negated old value carrying the change ("{S}? Not
# {old}. {new}.").
# Distractors: plans called off, someone else's value, hypotheticals, questions, a change
# proposed and rejected, a past value for a different time, the same change words about a
# different subject (often in the same registers: a ticket closed "Won't Do", a table row
# for another attribute, a log line about something else); none names {old} or {new}.
# "also" lines: the same subject's second value ("... also ...; both stay"), and a second
# subject in the same registers (table rows, tickets, shorthand), with its own value ({alt})
# or the same value as {old}.
#
# Placeholders, as make_cases fills them:
#   old/new/ask: {s} {S} {old} {new} (and {other}, {n})
#   distract:    {s} {S} {other} {n}   ({other} is a value of the same sort for home,
#                employer, favourite, car, school, team and language; a person's name
#                for every other kind)
#   also:        {s} {S} {s2} {S2} {alt} {old}   (the first line of each kind has no
#                {s2}: make_cases falls back to it when no second subject is left)
# No "new" line uses {s2}/{S2}/{alt}; {other} appears in "new" lines only for kinds where
# it is a person's name (host, owner, meeting, phone, version, manager).
# No "ask" line uses {old} or {new}; every "new" line names {new}.
# People named inside lines (Gwendolyn, Thaddeus, Radek, Ximena, Mum) are not in the
# bench's NAMES.
# For the tool kind the subject is "The X team" (capital T), so {S} is put at the start
# of a line, after a colon or in a table cell.
# The school kind is about the subject's son throughout.
# One line each, no leading "- " (write() adds the bullet).
# Checked by check_seventeenth.py (same folder): kinds, keys, placeholders, counts.

SEVENTEENTH: dict[str, dict[str, list[str]]] = {
    "host": {
        "old": [
            "fyi {s} is on {old} if u need to ssh in",
            "| {s} | {old} | primary |",
            "[OPS-{n}] Inventory: {s} → host {old}",
            "Dear all, I hope this finds you well. Just to confirm, {s} is hosted on {old}.",
        ],
        "new": [
            "^ that's outdated, {s} is on {new} since the weekend",
            "| {s} | {old} | {new} |",
            "[OPS-{n}] Status: {s} migration In Progress → Done ({old} → {new})",
            "{new} now — not {old} — for {s}, b/c the old disk kept filling up.",
            "{S} was moved to {new} by {other} on Saturday night.",
            "{S} no longer runs on {old}. Everything for it is on {new}.",
            "2026-11-14 03:12Z INFO cutover: {s} upstream set to {new}, {old} drained",
        ],
        "distract": [
            "[OPS-{n}] Move {s} to new hardware: Open → Won't Do (rejected by {other})",
            "btw {other}'s laptop was moved to a new desk, nothing to do with {s}",
            "If {s} had to be moved, which box would we pick? Nobody's decided.",
            "Back in 2022 {s} ran on a rented machine that {other} set up.",
            "um so {s} was, like, really slow yesterday, uh, {n} timeouts or so",
        ],
        "also": [
            "{S} also has a read replica on {alt}; both stay.",
            "| {s2} | {alt} | primary |",
            "fyi {s2} is on {old} too, same box",
            "[OPS-{n}] Inventory: {s2} → host {alt}",
        ],
        "ask": [
            "which box is {s} on rn?",
            "What host should I point the dashboard for {s} at?",
            "Where is {s} running these days?",
        ],
    },
    "home": {
        "old": [
            "{S} lives in {old} w/ two cats",
            "| {S} | home: {old} |",
            "Dear {S}, I hope you are keeping well in {old}.",
            "{S} is living in {old}, is near the river, very nice city.",
        ],
        "new": [
            "Mum says you've got the wrong city for {s}, it's {new} now.",
            "^ that's outdated, {s} left {old} ages ago, lives in {new}",
            "{new} now — not {old} — so send {s}'s card there.",
            "um, so {s} is, uh, in {new} now, like, moved last month, yeah",
            "{S} does not live in {old} anymore. The new flat is in {new}.",
            "| {S} | home | {old} | {new} |",
            "{S} moved to {new} and started a new job, big month for them",
        ],
        "distract": [
            "{S} was going to move to {other} but the flat fell through.",
            "{S}'s brother lives in {other}.",
            "Would {s} ever move to {other}? Only if the job was amazing.",
            "Years ago, as a student, {s} lived in {other}.",
            "nvm, it was {s}'s cousin who moved to {other}, not {s}",
        ],
        "also": [
            "{S} also keeps a small place in {alt}; both stay.",
            "| {S2} | home: {alt} |",
            "{S2} lives in {old} too, same street",
            "{S2} is living in {alt}, very nice city.",
        ],
        "ask": [
            "where does {s} live now?",
            "What city should I post {s}'s card to?",
            "Which city is {s} in at the moment?",
        ],
    },
    "employer": {
        "old": [
            "{S} works at {old} fyi",
            "| {S} | employer: {old} |",
            "Dear {S}, thank you for your time; please pass my regards to everyone at {old}.",
            "{S} is working in {old} company since three years.",
        ],
        "new": [
            "^ that's outdated, {s} is at {new} now, left {old} in the summer",
            "{new} now — not {old} — is where {s} works.",
            "{S} is no longer at {old}. Since October the payslips come from {new}.",
            "Mum says you've got it wrong about {s}, the job is at {new}, not {old}.",
            "um, {s} is, like, at {new} now? uh, yeah, started there in the spring",
            "| {S} | employer | {old} | {new} |",
            "{S} joined {new} and bought a bike, in that order",
        ],
        "distract": [
            "{S} had an offer from {other} but turned it down.",
            "{S}'s partner works at {other}.",
            "If {other} called, would {s} go? Hard to say.",
            "Before any of this, {s} interned at {other} for a summer.",
            "btw {other} was acquired last week, doesn't affect {s}",
        ],
        "also": [
            "{S} also does weekend consulting for {alt}; both stay.",
            "| {S2} | employer: {alt} |",
            "{S2} works at {old} too fyi",
            "{S2} is working in {alt} company since two years.",
        ],
        "ask": [
            "where's {s} working now?",
            "Which company should I list for {s}?",
            "Who is {s}'s employer these days?",
        ],
    },
    "date": {
        "old": [
            "fyi {s} is on {old}",
            "| {s} | {old} | confirmed |",
            "Invitation: {S} @ {old} (all day)",
            "Dear team, I hope this finds you well. {S} is planned for {old}.",
        ],
        "new": [
            "Updated invitation: {S} @ {new} (was {old})",
            "[PLAN-{n}] Due date: {old} → {new}",
            "{new} now — not {old} — for {s}, b/c legal wants another review.",
            "{S} was pushed to {new} by the steering group.",
            "{S} is not happening on {old} anymore. The new date is {new}.",
            "CHANGELOG, Changed: {S}: target date moved to {new}",
            "^ that's outdated, {s} is {new} now",
        ],
        "distract": [
            "Moving {s} to a later date was proposed and rejected.",
            "{other}'s holiday was pushed back a week, unrelated to {s}.",
            "What if {s} slipped? {other} says it won't.",
            "Last year's version of {s} happened in the autumn.",
            "Invitation cancelled: {S} prep session with {other}",
        ],
        "also": [
            "{S} also has a rehearsal on {alt}; keep both dates.",
            "| {s2} | {alt} | confirmed |",
            "fyi {s2} is on {old} too",
            "Invitation: {S2} @ {alt} (all day)",
        ],
        "ask": [
            "when's {s} now?",
            "What date should I block for {s}?",
            "Which day is {s} on at the moment?",
        ],
    },
    "owner": {
        "old": [
            "{S} → {old} owns it, ping them",
            "| {s} | owner: {old} |",
            "[SVC-{n}] Owner of {s}: {old}",
            "Dear all, kindly note that {old} is the owner of {s}.",
        ],
        "new": [
            "[SVC-{n}] Owner of {s}: {old} → {new}",
            "^ that's outdated, {new} owns {s} now",
            "{new} now — not {old} — owns {s}.",
            "{S} was handed to {new} after the reorg.",
            "{old} no longer owns {s}. Questions go to {new}.",
            "um, so, {s} is, uh, {new}'s now, {other} said so in the sync",
            "CHANGELOG, Changed: Ownership of {s} transferred to {new}",
        ],
        "distract": [
            "[SVC-{n}] Transfer {s} to {other}: Won't Do",
            "{other} owns the service next door, not {s}.",
            "Who would own {s} if the team split? Unclear.",
            "When it was a prototype, {other} looked after {s}.",
            "btw {other} took over the on-call rota, nothing to do with who owns {s}",
        ],
        "also": [
            "{alt} also co-maintains {s}; both stay.",
            "| {s2} | owner: {alt} |",
            "{old} owns {s2} too fyi",
            "[SVC-{n}] Owner of {s2}: {alt}",
        ],
        "ask": [
            "who owns {s} rn?",
            "Who should I page about {s}?",
            "Which person is responsible for {s} now?",
        ],
    },
    "role": {
        "old": [
            "fyi {old} is the {s}",
            "| {s} | {old} |",
            "Dear colleagues, please note that {old} is the {s}.",
            "{old} is doing the {s} job, is very good in it.",
        ],
        "new": [
            "^ that's outdated, {new} is the {s} now",
            "| {s} | {old} | {new} |",
            "{new} now — not {old} — is the {s}.",
            "The {s} role was given to {new} at the offsite.",
            "{old} is not the {s} anymore. It's {new}, from this week.",
            "From today, {new} is the {s}; {old} moves to the platform group.",
            "Mum says you've got the wrong person for the {s}, it's {new}.",
        ],
        "distract": [
            "Making {other} the {s} was proposed and voted down.",
            "{other} is the deputy for a different area.",
            "If {other} were the {s}, would reviews be faster? Who knows.",
            "Two years ago the {s} was someone who has since left.",
            "btw {other} was made lead of the book club, lol",
        ],
        "also": [
            "{alt} is also a deputy {s}; both stay.",
            "| {s2} | {alt} |",
            "fyi {old} is also the {s2}",
            "{alt} is doing the {s2} job, is very good in it.",
        ],
        "ask": [
            "who's the {s} rn?",
            "Who do I ask for sign-off as the {s}?",
            "Which person is the {s} at the moment?",
        ],
    },
    "tool": {
        "old": [
            "{S}: CI is {old} fyi",
            "| {S} | CI: {old} |",
            "[BUILD-{n}] {S} pipelines: {old}",
            "{S} is using {old} for the builds, all of them.",
        ],
        "new": [
            "{S}: ^ that's outdated, CI is {new} now",
            "| {S} | CI | {old} | {new} |",
            "{S}: {new} now — not {old} — for every pipeline.",
            "{S}: all pipelines were moved to {new} last sprint.",
            "{S}: {old} is no longer used. The builds run on {new}.",
            "CHANGELOG, Changed: {S}: CI migrated from {old} to {new}",
            "[BUILD-{n}] {S} CI migration: In Progress → Done ({new})",
            "{S}: from today everything builds on {new}; {old} is read-only.",
        ],
        "distract": [
            "{S}: switching CI was proposed by {other} and rejected.",
            "{S}: {other}'s team uses a different CI, fyi.",
            "{S}: what if we ran builds on our own runners? Just an idea.",
            "{S}: in 2019 they built everything with shell scripts.",
            "[BUILD-{n}] {S}: flaky test quarantine: Open → Done",
        ],
        "also": [
            "{S} also uses {alt} for nightly releases; both stay.",
            "| {S2} | CI: {alt} |",
            "{S2}: CI is {old} too",
            "[BUILD-{n}] {S2} pipelines: {alt}",
        ],
        "ask": [
            "{S}: which CI now?",
            "{S}: what do their pipelines run on?",
            "{S}: which build system are they using these days?",
        ],
    },
    "meeting": {
        "old": [
            "fyi {s} is at {old}",
            "Invitation: {S} @ {old} daily",
            "| {s} | {old} |",
            "Dear all, {s} takes place at {old} every day.",
        ],
        "new": [
            "Updated invitation: {S} @ {new} daily (was {old})",
            "^ that's outdated, {s} is {new} now",
            "{new} now — not {old} — for {s}.",
            "{S} was moved to {new} b/c of the time zones.",
            "{S} is no longer at {old}. From Monday it starts at {new}.",
            "um so {s} is, uh, at {new} now, like, {other} moved it",
            "From today {s} is at {new}; the {old} slot is freed up.",
        ],
        "distract": [
            "Moving {s} earlier was proposed by {other} and rejected.",
            "{other}'s one-to-one was moved to the afternoon.",
            "Should {s} be shorter? {other} thinks so.",
            "Last winter {s} was on a different schedule for a month.",
            "Updated invitation: {S} retro with {other}, room changed",
        ],
        "also": [
            "{S} also has a weekly follow-up at {alt}; both stay.",
            "Invitation: {S2} @ {alt} daily",
            "fyi {s2} is at {old} too",
            "| {s2} | {alt} |",
        ],
        "ask": [
            "what time's {s} now?",
            "When do I need to be online for {s}?",
            "Which slot is {s} in these days?",
        ],
    },
    "name": {
        "old": [
            "fyi the {s} is called {old}",
            "| {s} | {old} |",
            "Dear all, the {s} is known as {old}.",
            "The {s}, his name is {old}, everybody know this.",
        ],
        "new": [
            "^ that's outdated, the {s} is {new} now",
            "| {s} | {old} | {new} |",
            "{new} now — not {old} — is the name of the {s}.",
            "The {s} was renamed {new} at the retro.",
            "The {s} is not called {old} anymore. Search for {new}.",
            "CHANGELOG, Changed: Renamed the {s} to {new}",
            "From today the {s} goes by {new}; the {old} links redirect.",
        ],
        "distract": [
            "Renaming the {s} was proposed by {other} and rejected.",
            "{other}'s side project was renamed twice this month.",
            "What would the {s} be called if we started over? Fun question.",
            "Back in the beta, the {s} had a placeholder name.",
            "btw the {s} got a new colour scheme, same name",
        ],
        "also": [
            "The {s} also has a short alias, {alt}; both stay.",
            "| {s2} | {alt} |",
            "fyi the {s2} is called {alt}",
            "The {s2}, his name is {alt}, everybody know this.",
        ],
        "ask": [
            "what's the {s} called now?",
            "Which name do I search for to find the {s}?",
            "What is the {s} named these days?",
        ],
    },
    "phone": {
        "old": [
            "{S}'s number is {old} fyi",
            "| {S} | {old} | mobile |",
            "Dear {S}, I will ring you on {old} tomorrow if that suits.",
            "My number is {old}, call me any time — {S}.",
        ],
        "new": [
            "^ that's outdated, {s}'s number is {new} now",
            "Mum says you've got the wrong number for {s}, it's {new}.",
            "{new} now — not {old} — for {s}.",
            "{S}'s number was changed to {new} after the phone was stolen.",
            "{S} is not on {old} anymore. Ring {new} instead.",
            "um, {s}'s new number is, uh, {new}, {other} gave it me",
            "| {S} | {old} | {new} |",
        ],
        "distract": [
            "{S} was going to switch networks but didn't bother.",
            "{other}'s number changed last week, not {s}'s.",
            "What if {s} lost their phone again? Hope not.",
            "As a kid, {s} had a landline with a party line.",
            "nvm, it was {other} who got a new number",
        ],
        "also": [
            "{S} also has a desk line, {alt}; both stay.",
            "| {S2} | {alt} | mobile |",
            "{S2}'s number is {alt} fyi",
            "My number is {alt}, call me any time — {S2}.",
        ],
        "ask": [
            "what's {s}'s number now?",
            "Which number should I call to reach {s}?",
            "How do I phone {s} these days?",
        ],
    },
    "manager": {
        "old": [
            "fyi {s} reports to {old}",
            "| {S} | manager: {old} |",
            "Dear {S}, I have copied {old} as your manager on this e-mail.",
            "{S} is in team of {old}, {old} is the chief of {s}.",
        ],
        "new": [
            "^ that's outdated, {s} reports to {new} now",
            "| {S} | manager | {old} | {new} |",
            "{new} now — not {old} — is {s}'s manager.",
            "{S} was moved under {new} in the reorg.",
            "{S} doesn't report to {old} anymore. {new} is the manager since the reshuffle.",
            "Mum says you've got it wrong, {s}'s boss is {new}.",
            "From today {s} reports to {new}; {old} keeps the other squad.",
        ],
        "distract": [
            "Moving {s} under {other} was proposed and rejected.",
            "{other} manages the team across the hall.",
            "If {other} left, who would {s}'s peers report to? Unclear.",
            "As an intern, {s} reported to {other}.",
            "btw {other} was moved under a new director, {s} unaffected",
        ],
        "also": [
            "{S} also has a mentor, {alt}; both stay.",
            "| {S2} | manager: {alt} |",
            "fyi {s2} reports to {old} too",
            "{S2} is in team of {alt}, {alt} is the chief.",
        ],
        "ask": [
            "who's {s}'s manager now?",
            "Who approves {s}'s holidays?",
            "Who does {s} report to these days?",
        ],
    },
    "favourite": {
        "old": [
            "{S} is a {old} person tbh",
            "| {S} | editor: {old} |",
            "Dear {S}, I have set up {old} on your new laptop as you prefer.",
            "{S} like {old} very much, use it for everything.",
        ],
        "new": [
            "^ that's outdated, {s} is all {new} now",
            "{new} now — not {old} — is {s}'s favourite editor.",
            "{S} doesn't use {old} anymore. It's {new} for everything.",
            "Mum says you've got the wrong editor for {s}, it's {new}.",
            "um, {s} is, like, really into {new} now, uh, switched over",
            "| {S} | editor | {old} | {new} |",
            "{S}'s favourite editor is {new} now and {s} got a standing desk",
        ],
        "distract": [
            "{S} was going to try {other} but never got round to it.",
            "{S}'s pair partner swears by {other}.",
            "Would {s} like {other}? Maybe, if it had vim keys.",
            "At university {s} used {other} for everything.",
            "btw the team wiki switched to {other} keybindings in the docs",
        ],
        "also": [
            "{S} also uses {alt} for quick edits; both stay.",
            "| {S2} | editor: {alt} |",
            "{S2} is a {old} person too tbh",
            "{S2} like {alt} very much, use it for everything.",
        ],
        "ask": [
            "what editor does {s} like now?",
            "Which editor should I install for {s}?",
            "What's {s}'s favourite editor these days?",
        ],
    },
    "car": {
        "old": [
            "{S} drives a {old} fyi, the grey one",
            "| {S} | car: {old} |",
            "Dear {S}, your {old} is booked in for service on Monday.",
            "{S} have a {old}, is very good car.",
        ],
        "new": [
            "^ that's outdated, {s} drives a {new} now",
            "A {new} now — not the {old} — so look for that when {s} picks you up.",
            "{S} doesn't have the {old} anymore. It's a {new}.",
            "Mum says you've got the wrong car for {s}, it's a {new}.",
            "um, {s} got a, uh, {new}, like, last week",
            "| {S} | car | {old} | {new} |",
            "{S} traded in the {old} for a {new} and moved desks",
        ],
        "distract": [
            "{S} test-drove a {other} but didn't buy it.",
            "{S}'s neighbour drives a {other}.",
            "If {s} had the money, would it be a {other}? Probably.",
            "{S} learned to drive in a {other}, years ago.",
            "nvm, it was {s}'s brother who bought a {other}",
        ],
        "also": [
            "{S} also has a {alt} for weekends; both stay.",
            "| {S2} | car: {alt} |",
            "{S2} drives a {old} too fyi",
            "{S2} have a {alt}, is very good car.",
        ],
        "ask": [
            "what's {s} driving now?",
            "Which car do I look for when {s} arrives?",
            "What car does {s} have these days?",
        ],
    },
    "school": {
        "old": [
            "{S}'s son is at {old} fyi",
            "| {S} | son's school: {old} |",
            "Dear {S}, we look forward to seeing your son at {old} on Monday.",
            "The son of {s} is going to {old}, is near their house.",
        ],
        "new": [
            "^ that's outdated, {s}'s son is at {new} now",
            "{new} now — not {old} — is where {s}'s son goes.",
            "{S}'s son isn't at {old} anymore. He started at {new} in January.",
            "Mum says you've got the wrong school for {s}'s son, it's {new}.",
            "um, so {s}'s boy, he's at, uh, {new} now, yeah",
            "| {S} | son's school | {old} | {new} |",
            "{S}'s son was moved to {new} after the summer.",
        ],
        "distract": [
            "{S}'s son was offered a place at {other} but they said no.",
            "{S}'s daughter goes to {other}.",
            "Would {other} suit {s}'s son better? {S} wonders.",
            "Before the move, {s}'s son went to nursery at {other}.",
            "btw {other} got a new head teacher, not {s}'s son's school",
        ],
        "also": [
            "{S}'s son also goes to chess club at {alt}; both stay.",
            "| {S2} | son's school: {alt} |",
            "{S2}'s son is at {old} too fyi",
            "The son of {s2} is going to {alt}, is near their house.",
        ],
        "ask": [
            "which school is {s}'s son at now?",
            "Where do I pick up {s}'s son?",
            "What school does {s}'s son go to these days?",
        ],
    },
    "team": {
        "old": [
            "fyi {s} is on the {old} team",
            "| {S} | team: {old} |",
            "Dear {S}, welcome to the {old} team.",
            "{S} is working in {old} team, sitting near the window.",
        ],
        "new": [
            "^ that's outdated, {s} is on the {new} team now",
            "The {new} team now — not the {old} team — for {s}.",
            "{S} isn't on the {old} team anymore. {S} sits with the {new} team.",
            "{S} was moved to the {new} team in the reorg.",
            "um, {s} is, uh, on the {new} team now, like, since Monday",
            "| {S} | team | {old} | {new} |",
            "From today {s} is on the {new} team; the {old} team has a new opening.",
        ],
        "distract": [
            "{S} was going to join the {other} team but the headcount was cut.",
            "{S}'s flatmate is on the {other} team.",
            "Would {s} fit on the {other} team? Maybe.",
            "During onboarding {s} shadowed the {other} team for a week.",
            "btw the {other} team moved to the third floor",
        ],
        "also": [
            "{S} also helps the {alt} team with reviews; both stay.",
            "| {S2} | team: {alt} |",
            "fyi {s2} is on the {old} team too",
            "{S2} is working in {alt} team, sitting near the door.",
        ],
        "ask": [
            "which team is {s} on now?",
            "Which team's standup does {s} go to?",
            "What team is {s} in these days?",
        ],
    },
    "language": {
        "old": [
            "fyi {s} is written in {old}",
            "| {s} | language: {old} |",
            "Dear contributors, {s} is implemented in {old}.",
            "{S} is made with {old}, all the code.",
        ],
        "new": [
            "^ that's outdated, {s} is {new} now",
            "{new} now — not {old} — is what {s} is written in.",
            "{S} is no longer a {old} codebase. It was rewritten in {new}.",
            "CHANGELOG, Changed: {S}: rewritten in {new}",
            "{S} was ported to {new} over the winter.",
            "| {s} | language | {old} | {new} |",
            "From today {s} is {new} only; the {old} tree is archived.",
        ],
        "distract": [
            "A rewrite of {s} in {other} was proposed and rejected.",
            "The service next to {s} is written in {other}.",
            "Would {s} be faster in {other}? Benchmarks pending.",
            "The first prototype of {s} was hacked together in {other}.",
            "btw the docs site was rewritten in {other}, not {s}",
        ],
        "also": [
            "{S} also has a {alt} client library; both stay.",
            "| {s2} | language: {alt} |",
            "fyi {s2} is written in {old} too",
            "{S2} is made with {alt}, all the code.",
        ],
        "ask": [
            "what's {s} written in now?",
            "Which language do I need for a patch to {s}?",
            "What language is {s} in these days?",
        ],
    },
    "email": {
        "old": [
            "{S}'s email is {old} fyi",
            "| {S} | {old} |",
            "Dear {S}, I am writing to you at {old} as agreed.",
            "Please write me on {old} — {S}.",
        ],
        "new": [
            "^ that's outdated, {s}'s email is {new} now",
            "Mum says you've got the wrong address for {s}, it's {new}.",
            "{new} now — not {old} — for {s}.",
            "{S} doesn't read {old} anymore. Write to {new}.",
            "{S}'s mailbox was moved to {new} after the domain change.",
            "| {S} | {old} | {new} |",
            "2026-11-20 09:41Z INFO directory: {s} primary address set to {new}",
        ],
        "distract": [
            "{S} was going to get a vanity address but dropped the idea.",
            "{S}'s assistant has a separate address.",
            "What if {s}'s inbox hits the quota? It hasn't yet.",
            "At university {s} had a student address.",
            "nvm, it was {s}'s team alias that changed, not {s}",
        ],
        "also": [
            "{S} also has a personal address, {alt}; both stay.",
            "| {S2} | {alt} |",
            "{S2}'s email is {alt} fyi",
            "Please write me on {alt} — {S2}.",
        ],
        "ask": [
            "what's {s}'s email now?",
            "Which address do I cc for {s}?",
            "Where should mail for {s} go these days?",
        ],
    },
    "version": {
        "old": [
            "fyi {s} is on {old} in prod",
            "| {s} | {old} | prod |",
            "[REL-{n}] {S} deployed: {old}",
            "Dear all, {s} is running release {old} in all regions.",
        ],
        "new": [
            "^ that's outdated, {s} is on {new} now",
            "| {s} | {old} | {new} | prod |",
            "[REL-{n}] {S} rollout: {old} → {new}, Status: Done",
            "{new} now — not {old} — is what {s} runs in prod.",
            "{S} was upgraded to {new} overnight by {other}.",
            "## {new} — {S} release notes: now live in all regions",
            "2026-11-18 22:07Z INFO deploy: {s} version {new} healthy, {old} retired",
        ],
        "distract": [
            "[REL-{n}] Upgrade {s} to next major: Won't Do ({other})",
            "{other}'s service was upgraded last night, not {s}.",
            "Should {s} skip a release? {other} asked, no answer yet.",
            "Last year {s} was pinned for months during the freeze.",
            "2026-11-18 22:09Z INFO deploy: {s} config reload, no version change",
        ],
        "also": [
            "{S} also ships an SDK at {alt}; both versions stay.",
            "| {s2} | {alt} | prod |",
            "fyi {s2} is on {old} in prod too",
            "[REL-{n}] {S2} deployed: {alt}",
        ],
        "ask": [
            "what version is {s} on now?",
            "Which release of {s} is live?",
            "What's {s} running in prod these days?",
        ],
    },
}


# An eighteenth wording set for bench/supersession.py (`eighteenth`), held out.
# Written 2026-12-05, 21:21-21:24 UTC (per `date -u`), by a helper session started for
# brief briefs/eighteenth.md. It read ONLY bench/supersession.py (for the format, the 18
# kinds, the placeholders and how `_values`/`make_cases` fill them, and to avoid the
# registers of the seventeen earlier sets); nothing under memctl/, tests/, docs/,
# bench/README.md, nor anything under notes/ besides what it wrote.
#
# Registers aimed at (absent or rare in the earlier sets): a conventional-commit subject
# ("chore: bump ... from X to Y", "revert: ...", "build(ci): ..."); a config diff on one
# line ("- host: X  + host: Y"); meeting minutes with "Decision:" and "Action:" items; a
# markdown strike-through in a sentence ("~~X~~ Y, sorry"); a parenthetical "(was X)"; an
# arrow ("X → Y", "X -> Y"); a form with "Previous:" and "Current:" fields; a question
# answered in the same line ("Still X? Nope, Y since Monday."); a reminder ("don't forget
# it's Y now"); a quoted message then a correction after it on the same line ("> X ...
# ↳ that's Y now"); a headline ("... SWITCHES TO ...", title case); a legal / contract
# register ("hereinafter", "with effect from", "the Parties"); "used to be X until last
# week"; a condition that came true ("if ... fell through we'd go to Y, and it did"); a
# child's or teenager's wording ("omg", "literally", "it's not X anymore it's Y!!"); a
# number written in words ("twelve days ago", "for the second time in three years"); an
# old value undone then redone ("back to X ... no, Y after all").
# Distractors: plans called off, someone else's value, hypotheticals, questions, a change
# proposed and rejected, a past value for a different time, the same change words about a
# different subject -- mostly in the same registers (a bump commit for a dependency, a
# config diff of another key, a "Decision: ... rejected" minute, a headline about something
# else, a contract clause that only applies "should" something happen); none names {old}
# or {new}.
# "also" lines: the same subject's second value ("... also ...; both stay"), and a second
# subject in the same registers, with its own value ({alt}) or the same value as {old}.
#
# Placeholders, as make_cases fills them:
#   old/new/ask: {s} {S} {old} {new} (and {other}, {n})
#   distract:    {s} {S} {other} {n}   ({other} is a value of the same sort for home,
#                employer, favourite, car, school, team and language; a person's name
#                for every other kind)
#   also:        {s} {S} {s2} {S2} {alt} {old}   (the first line of each kind has no
#                {s2}: make_cases falls back to it when no second subject is left)
# No "new" line uses {s2}/{S2}/{alt}; {other} appears in "new" lines only for kinds where
# it is a person's name (host, owner, meeting, phone, version, manager, ...).
# No "ask" line uses {old} or {new}; every "new" line names {new}; no "old" line names
# {new}.
# People named inside lines (Auntie Bev, Mr Okonkwo, Grandad) are not in the bench's NAMES.
# For the tool kind the subject is "The X team" (capital T), so {S} is put at the start
# of a line or after a colon.
# The school kind is about the subject's daughter throughout.
# One line each, no leading "- " (write() adds the bullet).
# Checked by check_eighteenth.py (same folder): kinds, keys, placeholders, counts.

EIGHTEENTH: dict[str, dict[str, list[str]]] = {
    "host": {
        "old": [
            "feat(infra): put {s} on {old}",
            "host: {old}   # {s}, do not change without a ticket",
            "Current host of {s}: {old}. Previous host: none on record.",
            "The database server hereinafter referred to as the Host for {s} is {old}.",
        ],
        "new": [
            "chore: bump {s} host from {old} to {new}",
            "{s}.yaml: - host: {old}  + host: {new}",
            "Decision: {s} moves to {new}. Action: {other} to drain {old} by Friday.",
            "Still pointing at {old} for {s}? Nope, it's {new} since Monday.",
            "> {s} lives on {old} ↳ that's {new} now, update your bookmarks",
            "{S} went back to {old} during the incident... no, {new} after all, the rollback was rolled back.",
            "Previous: {old} | Current: {new} | Subject: {s}",
            "{S} used to be on {old} until last week; twelve days of testing later it runs on {new}.",
        ],
        "distract": [
            "chore: bump the node exporter on {s} from one patch release to the next",
            "{s}.yaml: - timeout: 30s  + timeout: {n}s",
            "Decision: {other}'s proposal to put {s} on spot instances was rejected.",
            "If the new rack ever arrives we'd move {s}, but {other} says not before spring.",
            "Still seeing errors on {s}? Nope, {other} restarted the agent.",
            "MIGRATION OF {S} POSTPONED INDEFINITELY, SAYS {other}",
        ],
        "also": [
            "{S} also keeps a warm standby on {alt}; both stay.",
            "{s2}.yaml: host: {alt}",
            "Current host of {s2}: {old}, shared with {s}.",
            "feat(infra): put {s2} on {alt}",
        ],
        "ask": [
            "Which host does {s} run on now?",
            "What should the host line for {s} say?",
            "Where do I ssh to reach {s} today?",
        ],
    },
    "home": {
        "old": [
            "{S} lives in {old}, hereinafter the Tenant's city of residence.",
            "Current address: {S}, {old}",
            "omg {s} lives in {old}, so jealous",
            "Home: {old} (for {s}, per the staff directory)",
        ],
        "new": [
            "{S}: ~~{old}~~ {new}, sorry, I keep forgetting they moved",
            "{S} lives in {new} now (was {old}).",
            "If the lease in {old} fell through {s} said they'd go to {new}, and it did; they moved in on the first.",
            "Don't forget {s} is in {new} now when you post the invitation.",
            "Previous city: {old} / Current city: {new} — {S}, change of address form",
            "{S} moved back to {old} for a bit... no, {new} after all, the flat there came through.",
            "omg {s} literally moved to {new}, it's not {old} anymore!!",
            "LOCAL DESIGNER {S} SWAPS {old} FOR {new}",
        ],
        "distract": [
            "{S} was going to move to {other} but the whole plan was called off.",
            "{S}'s sister used to live in {other} until last week.",
            "Still thinking of {other}, {s}? Nope, too far from the sea.",
            "If the job in {other} came through {s} would go, but it didn't.",
            "omg {s}'s best friend literally moved to {other}",
            "Previous desk: {n} / Current desk: 14 — {s}'s office seat, not their home",
        ],
        "also": [
            "{S} also has a holiday cottage in {alt}; both stay.",
            "Current address: {S2}, {alt}",
            "{S2} lives in {old} as well, two streets from {s}.",
            "omg {s2} lives in {alt}, so jealous",
        ],
        "ask": [
            "Which city is {s} living in now?",
            "Where should the parcel for {s} go?",
            "What's {s}'s home town at the moment?",
        ],
    },
    "employer": {
        "old": [
            "{S}, hereinafter the Employee, is employed by {old}.",
            "Current employer: {old} ({s})",
            "my aunt {s} works at {old}, she gets free stuff",
            "{S} is with {old}, has been for years.",
        ],
        "new": [
            "With effect from the first of the month, {s} is employed by {new}, and no longer by {old}.",
            "{S} works at {new} now (was {old}).",
            "Still at {old}, {s}? Nope, {new} since Monday.",
            "Previous employer: {old}. Current employer: {new}. Name: {S}.",
            "If the {old} restructure went ahead {s} said they'd jump to {new}, and it did, and they did.",
            "{S} went back to {old} for a week... no, {new} after all, the counter-offer fell apart.",
            "Don't forget {s} is at {new} now, so use the new signature block.",
            "{S} Leaves {old}, Joins {new} as Principal Engineer",
        ],
        "distract": [
            "{S} interviewed at {other}; the offer was withdrawn and nothing came of it.",
            "{S}'s husband works at {other}.",
            "Would {s} ever go to {other}? Only for a four-day week.",
            "Decision: no new contractor for {s}'s team; {other} bid and was rejected.",
            "{other} Announces Record Quarter, No Comment on Staffing",
            "Previous employer of {s}'s intern: {other}.",
        ],
        "also": [
            "{S} also sits on the advisory board of {alt}; both stay.",
            "Current employer: {alt} ({s2})",
            "{S2} is with {old} too, same floor as {s}.",
            "{S2}, hereinafter the Contractor, is engaged by {alt}.",
        ],
        "ask": [
            "Which company is {s} with now?",
            "What should I put as {s}'s employer on the form?",
            "Where does {s} work at the moment?",
        ],
    },
    "date": {
        "old": [
            "feat(plan): schedule {s} for {old}",
            "target_date: {old}   # {s}",
            "The Parties agree that {s}, hereinafter the Milestone, shall occur on {old}.",
            "Current date for {s}: {old}",
        ],
        "new": [
            "chore: bump {s} date from {old} to {new}",
            "plan.yaml: - {s}: {old}  + {s}: {new}",
            "Decision: {s} slips to {new}. Action: PMO to tell customers {old} is off.",
            "{S}: {old} -> {new}, per the steering group",
            "Still {old} for {s}? Nope, {new} since Monday.",
            "{S} went back to {old} this morning... no, {new} after all, the vendor couldn't make it.",
            "The Milestone for {s} is amended, with effect from signature, to {new} (was {old}).",
            "{S} is on {new} now; that's the second slip in three years.",
        ],
        "distract": [
            "chore: bump the lockfile for {s} dashboards",
            "plan.yaml: - owner: team A  + owner: {other}  (for {s})",
            "Decision: {other}'s request to pull {s} forward a week was rejected.",
            "Should {s} slip, the Parties shall meet within {n} days to agree a new date.",
            "Is {s} going to move again? {other} hopes not.",
            "{other}'s leave was moved twelve days later, unrelated to {s}.",
        ],
        "also": [
            "{S} also has a dress rehearsal on {alt}; both dates stay.",
            "target_date: {alt}   # {s2}",
            "Current date for {s2}: {old}, same day as {s}.",
            "feat(plan): schedule {s2} for {alt}",
        ],
        "ask": [
            "What's the date for {s} now?",
            "Which day do I put in the deck for {s}?",
            "When is {s} happening now?",
        ],
    },
    "owner": {
        "old": [
            "CODEOWNERS: {s} @{old}",
            "owner: {old}   # {s}",
            "{S} is owned by {old}, hereinafter the Responsible Person.",
            "Owner of {s}? {old}, ask them.",
        ],
        "new": [
            "chore: bump CODEOWNERS for {s} from @{old} to @{new}",
            "service.yaml: - owner: {old}  + owner: {new}  ({s})",
            "Decision: {new} owns {s} from now on. Action: {old} to hand over the runbook.",
            "{S}: ~~{old}~~ {new} owns it",
            "Still {old} for {s}? Nope, {new} since Monday.",
            "> {old} owns {s} ↳ that's {new} now, {old} moved teams",
            "{S} went back to {old} for the freeze... no, {new} after all, {other} signed it off.",
            "Previous owner: {old} | Current owner: {new} | Service: {s}",
        ],
        "distract": [
            "chore: bump CODEOWNERS for the docs folder to @{other}",
            "service.yaml: - tier: 2  + tier: 1  ({s})",
            "Decision: {other}'s bid to take over {s} was declined.",
            "If {other} had stayed on the team they'd have taken {s}, but they left.",
            "Who's on call for {s} this week? {other}, just for the week.",
            "When {s} was a hack-week toy, {other} owned it.",
        ],
        "also": [
            "{alt} also co-owns {s}; both stay.",
            "CODEOWNERS: {s2} @{alt}",
            "owner: {old}   # {s2} as well",
            "Owner of {s2}? {alt}, ask them.",
        ],
        "ask": [
            "Who owns {s} now?",
            "Whose name goes in CODEOWNERS for {s}?",
            "Who is the owner of {s} at the moment?",
        ],
    },
    "role": {
        "old": [
            "{old}, hereinafter the {s}, shall approve all changes.",
            "{s}: {old}",
            "Current {s}: {old}",
            "my mum says {old} is the {s} and is really strict",
        ],
        "new": [
            "With effect from Monday, {new} is appointed {s}, replacing {old}.",
            "{S}: {old} → {new}",
            "Decision: {new} becomes the {s}. Action: {old} to brief {new} on open items.",
            "The {s} is {new} now (was {old}).",
            "Still {old} as the {s}? Nope, {new} since Monday.",
            "Don't forget {new} is the {s} now, so send the sign-off to them.",
            "The {s} went back to {old} for a day... no, {new} after all, the paperwork was fine.",
            "{new} Named New {s}",
        ],
        "distract": [
            "Decision: {other}'s nomination as {s} was rejected.",
            "{other} is the {s}'s deputy for the month only.",
            "If {other} had applied they'd have been the {s}, but they didn't.",
            "Who's covering the {s} during the holidays? {other}, just cover.",
            "{other} was appointed treasurer of the social club.",
            "Previous book-club chair: {other}. Current: also {other}.",
        ],
        "also": [
            "{alt} is also a stand-in {s}; both stay.",
            "{s2}: {alt}",
            "Current {s2}: {old}, as well as other duties.",
            "{alt}, hereinafter the {s2}, shall approve all changes.",
        ],
        "ask": [
            "Who is the {s} now?",
            "Whom do I ask as the {s}?",
            "Which person holds the {s} role at the moment?",
        ],
    },
    "tool": {
        "old": [
            "{S}: ci: {old}",
            "{S}: build(ci): set up {old} for every repo",
            "{S}: current CI is {old}",
            "{S}: they use {old}, it's literally so slow lol",
        ],
        "new": [
            "{S}: build(ci): migrate from {old} to {new}",
            "{S}: ci.yaml: - runner: {old}  + runner: {new}",
            "{S}: Decision: every pipeline moves to {new}. Action: switch off {old} on Friday.",
            "{S}: ~~{old}~~ {new} for all builds",
            "{S}: still on {old}? Nope, {new} since Monday.",
            "{S}: don't forget it's {new} now, the {old} badges are dead.",
            "{S}: went back to {old} for a day... no, {new} after all, the cache bug was fixed.",
            "{S}: Previous CI: {old} | Current CI: {new}",
        ],
        "distract": [
            "{S}: build(ci): bump the linter from one minor release to the next",
            "{S}: ci.yaml: - timeout: 20m  + timeout: {n}m",
            "{S}: Decision: {other}'s proposal to self-host the runners was rejected.",
            "{S}: if the artifact store's licence ran out they'd look elsewhere, but it was renewed.",
            "{S}: which CI does {other}'s team use? Something else entirely.",
            "{S}: back in their startup days, builds ran on a laptop under {other}'s desk.",
        ],
        "also": [
            "{S} also uses {alt} for the release builds; both stay.",
            "{S2}: ci: {alt}",
            "{S2}: current CI is {old} too",
            "{S2}: build(ci): set up {alt} for every repo",
        ],
        "ask": [
            "{S}: what CI are they on now?",
            "{S}: which tool runs their builds?",
            "{S}: what do their pipelines use at the moment?",
        ],
    },
    "meeting": {
        "old": [
            "{s}: {old} daily",
            "Current slot for {s}: {old}",
            "{S} is at {old}, which is literally so early",
            "calendar.yaml: {s} start: {old}",
        ],
        "new": [
            "calendar.yaml: - start: {old}  + start: {new}  ({s})",
            "Decision: {s} moves to {new}. Action: {other} to update the invite; {old} is freed.",
            "{S}: {old} -> {new}",
            "{S} is at {new} now (was {old}).",
            "Still {old} for {s}? Nope, {new} since Monday.",
            "Don't forget {s} is {new} now, not {old}.",
            "{S} went back to {old} for a day... no, {new} after all, the other room was free.",
            "Previous time: {old} / Current time: {new} — {s}",
        ],
        "distract": [
            "calendar.yaml: - room: 2A  + room: 3B  ({s})",
            "Decision: {other}'s request to hold {s} on Fridays only was rejected.",
            "If daylight saving bites, {s} might move, but {other} says it won't.",
            "Is {s} going to be longer? {other} asked; nobody answered.",
            "{other}'s one-to-one was moved later, nothing to do with {s}.",
            "Over the summer {s} ran twice a week for {n} days only.",
        ],
        "also": [
            "{S} also has a Friday demo at {alt}; both stay.",
            "{s2}: {alt} daily",
            "Current slot for {s2}: {old}, same as {s}.",
            "calendar.yaml: {s2} start: {alt}",
        ],
        "ask": [
            "When does {s} start now?",
            "What time is {s} these days?",
            "Which slot does {s} have at the moment?",
        ],
    },
    "name": {
        "old": [
            "The {s}, hereinafter the Site, is named {old}.",
            "Current name of the {s}: {old}",
            "feat: call the {s} {old}",
            "title: {old}   # the {s}",
        ],
        "new": [
            "chore: rename the {s} from {old} to {new}",
            "site.yaml: - title: {old}  + title: {new}  (the {s})",
            "Decision: the {s} is renamed {new}. Action: redirect the {old} links.",
            "The {s} is called {new} now (was {old}).",
            "Still {old}? Nope, the {s} has been {new} since Monday.",
            "The {s}: {old} → {new}",
            "The {s} went back to {old} for an hour... no, {new} after all, marketing signed off.",
            "Don't forget the {s} is {new} now when you search for it.",
        ],
        "distract": [
            "chore: rename the assets folder of the {s}",
            "site.yaml: - theme: light  + theme: dark  (the {s})",
            "Decision: {other}'s suggestion of a shorter name for the {s} was rejected.",
            "If legal objects, the {s} would need a new name; they haven't.",
            "What should {other}'s new page be called? Still open.",
            "Back in the beta, the {s} had {n} pages and no proper name.",
        ],
        "also": [
            "The {s} also answers to the short name {alt}; both stay.",
            "Current name of the {s2}: {alt}",
            "title: {alt}   # the {s2}",
            "feat: call the {s2} {alt}",
        ],
        "ask": [
            "What's the {s} called now?",
            "Which name should I search for to find the {s}?",
            "What is the name of the {s} at the moment?",
        ],
    },
    "phone": {
        "old": [
            "Current number: {old} ({S})",
            "{S}'s mobile is {old}, hereinafter the Contact Number.",
            "phone: {old}   # {s}",
            "grandad wrote {s}'s number on the fridge: {old}",
        ],
        "new": [
            "contacts.yaml: - phone: {old}  + phone: {new}  ({s})",
            "{S}: ~~{old}~~ {new}",
            "{S}'s number is {new} now (was {old}).",
            "Still {old} for {s}? Nope, {new} since Monday.",
            "> ring {s} on {old} ↳ that's {new} now, the old SIM is dead",
            "Don't forget {s}'s number is {new} now, {other} says the old one rings out.",
            "Previous number: {old} | Current number: {new} | Name: {S}",
            "{S} went back to {old} for two days... no, {new} after all, the port went through.",
        ],
        "distract": [
            "contacts.yaml: - email: old  + email: new  (for {other}, not {s})",
            "{S} was going to change networks but called it off.",
            "Still on the same number, {other}? Yep, no change.",
            "If {s} lost the phone again they'd get a new SIM, but they haven't.",
            "{other}'s number was changed last week, not {s}'s.",
            "As a student {s} had a pager, and {n} different SIMs.",
        ],
        "also": [
            "{S} also has a work landline, {alt}; both stay.",
            "Current number: {alt} ({S2})",
            "phone: {alt}   # {s2}",
            "grandad wrote {s2}'s number on the fridge too: {alt}",
        ],
        "ask": [
            "What's {s}'s number now?",
            "Which number do I ring for {s}?",
            "How can I phone {s} at the moment?",
        ],
    },
    "manager": {
        "old": [
            "{S} reports to {old}, hereinafter the Line Manager.",
            "manager: {old}   # {s}",
            "Current manager of {s}: {old}",
            "{S}'s boss is {old}, who is literally the nicest",
        ],
        "new": [
            "org.yaml: - manager: {old}  + manager: {new}  ({s})",
            "With effect from Monday, {s} reports to {new} and no longer to {old}.",
            "Decision: {s} moves under {new}. Action: {old} to share the review notes.",
            "{S}'s manager: {old} -> {new}",
            "Still reporting to {old}, {s}? Nope, {new} since Monday.",
            "Don't forget {s} reports to {new} now, so send the holiday request there.",
            "Previous manager: {old} / Current manager: {new} / Employee: {S}",
            "{S} went back under {old} for a week... no, {new} after all, the reorg stuck.",
        ],
        "distract": [
            "org.yaml: - manager: someone  + manager: {other}  (for {s}'s intern)",
            "Decision: moving {s} under {other} was rejected.",
            "If {other} took the director job, {s}'s team might be split, but they didn't.",
            "Who signs {s}'s expenses while the boss is away? {other}, for the week.",
            "{other} got a new manager in the reorg, {s} didn't.",
            "In their first year {s} reported to {other}.",
        ],
        "also": [
            "{S} also has a skip-level mentor, {alt}; both stay.",
            "manager: {alt}   # {s2}",
            "Current manager of {s2}: {old}, same as {s}.",
            "{S2} reports to {alt}, hereinafter the Line Manager.",
        ],
        "ask": [
            "Who is {s}'s manager now?",
            "Who does {s} report to at the moment?",
            "Whose approval does {s} need for leave?",
        ],
    },
    "favourite": {
        "old": [
            "editor: {old}   # {s}'s dotfiles",
            "{S}'s favourite editor is {old}, literally won't shut up about it",
            "Current editor of choice for {s}: {old}",
            "feat(dotfiles): {s} sets {old} as default editor",
        ],
        "new": [
            "dotfiles: - editor: {old}  + editor: {new}  ({s})",
            "{S}: ~~{old}~~ {new}, converted at last",
            "{S} swears by {new} now (was {old}).",
            "Still a {old} fan, {s}? Nope, {new} since Monday.",
            "ok so {s} literally switched to {new}, it's not {old} anymore, i can't",
            "{S} went back to {old} for a day... no, {new} after all, the plugins were missing.",
            "Previous favourite: {old} | Current favourite: {new} | Who: {S}",
            "Don't forget {s} is on {new} now, so pair in that.",
        ],
        "distract": [
            "dotfiles: - theme: light  + theme: dark  ({s})",
            "{S} was going to try {other} but gave up after the tutorial.",
            "Would {s} like {other}? Only if someone set it up.",
            "{S}'s teammate switched to {other} last week.",
            "Decision: the team default stays; the move to {other} was rejected.",
            "At school {s} wrote everything in {other}.",
        ],
        "also": [
            "{S} also keeps {alt} around for big files; both stay.",
            "editor: {alt}   # {s2}'s dotfiles",
            "Current editor of choice for {s2}: {old}, like {s}.",
            "feat(dotfiles): {s2} sets {alt} as default editor",
        ],
        "ask": [
            "Which editor does {s} prefer now?",
            "What editor should I set up for {s}?",
            "What's {s}'s favourite editor at the moment?",
        ],
    },
    "car": {
        "old": [
            "{S} drives a {old}, hereinafter the Vehicle.",
            "Current car: {old} ({S})",
            "my uncle {s} has a {old} and it smells of dog",
            "vehicle: {old}   # {s}, parking permit",
        ],
        "new": [
            "permits.yaml: - vehicle: {old}  + vehicle: {new}  ({s})",
            "{S} drives a {new} now (was a {old}).",
            "Still the {old}, {s}? Nope, a {new} since Monday.",
            "If the {old} failed its test {s} said they'd get a {new}, and it did, so they did.",
            "omg {s} literally got a {new}, the {old} is gone!!",
            "{S} went back to the {old} for a week... no, the {new} after all, the dealer fixed it.",
            "Previous vehicle: {old} / Current vehicle: {new} / Driver: {S}",
            "Don't forget {s} is in a {new} now, not the {old}.",
        ],
        "distract": [
            "{S} was going to buy a {other} but called it off.",
            "{S}'s neighbour drives a {other}.",
            "If {s} won the raffle it'd be a {other}; they didn't.",
            "Still thinking about a {other}, {s}? Nope, too expensive.",
            "permits.yaml: - bay: {n}  + bay: 12  ({s})",
            "{S}'s first car, twenty years ago, was a {other}.",
        ],
        "also": [
            "{S} also has a {alt} for trips; both stay.",
            "Current car: {alt} ({S2})",
            "vehicle: {old}   # {s2}, same model as {s}",
            "my uncle {s2} has a {alt} and it smells of dog",
        ],
        "ask": [
            "What car does {s} drive now?",
            "Which car should I look for when {s} arrives?",
            "What is {s} driving at the moment?",
        ],
    },
    "school": {
        "old": [
            "{S}'s daughter attends {old}, hereinafter the School.",
            "Current school of {s}'s daughter: {old}",
            "{S}'s girl says {old} is literally the best school ever",
            "school: {old}   # {s}'s daughter",
        ],
        "new": [
            "{S}'s daughter is at {new} now (was {old}).",
            "If {old} closed its sixth form, {s}'s daughter would go to {new}, and it did; she's at {new} now.",
            "Still at {old}, {s}'s daughter? Nope, {new} since Monday.",
            "{S}'s daughter: ~~{old}~~ {new}",
            "it's not {old} anymore it's {new}!! — {s}'s daughter, aged nine",
            "Don't forget {s}'s daughter is at {new} now, so pick-up is there.",
            "Previous school: {old} | Current school: {new} | Pupil: {S}'s daughter",
            "{S}'s daughter went back to {old} for a week... no, {new} after all, the place was confirmed.",
        ],
        "distract": [
            "{S}'s daughter was offered a place at {other} but they turned it down.",
            "{S}'s nephew goes to {other}.",
            "Would {other} be better for {s}'s daughter? Mr Okonkwo thinks not.",
            "Decision: the school bus route to {other} is cancelled; unrelated to {s}.",
            "{S}'s daughter did a summer camp at {other}, {n} days only.",
            "{other} Named School of the Year",
        ],
        "also": [
            "{S}'s daughter also does Saturday music at {alt}; both stay.",
            "Current school of {s2}'s daughter: {alt}",
            "school: {old}   # {s2}'s daughter too",
            "{S2}'s daughter attends {alt}, hereinafter the School.",
        ],
        "ask": [
            "Which school is {s}'s daughter at now?",
            "Where do I collect {s}'s daughter from?",
            "What school does {s}'s daughter go to at the moment?",
        ],
    },
    "team": {
        "old": [
            "team: {old}   # {s}",
            "Current team of {s}: {old}",
            "{S}, hereinafter the Engineer, is assigned to the {old} team.",
            "{S} is on the {old} team, they literally have the best snacks",
        ],
        "new": [
            "org.yaml: - team: {old}  + team: {new}  ({s})",
            "Decision: {s} joins the {new} team. Action: the {old} team to backfill.",
            "{S} is on the {new} team now (was {old}).",
            "Still on the {old} team, {s}? Nope, {new} since Monday.",
            "{S}: {old} → {new}",
            "Don't forget {s} is on the {new} team now, so add them to that channel.",
            "{S} went back to the {old} team for a sprint... no, the {new} team after all, the transfer was approved.",
            "With effect from the first, {s} is assigned to the {new} team and released from the {old} team.",
        ],
        "distract": [
            "Decision: moving {s} to the {other} team was rejected.",
            "{S}'s flatmate joined the {other} team.",
            "If the {other} team had headcount {s} might go, but it doesn't.",
            "Is {s} going to the {other} team's offsite? Only as a guest.",
            "org.yaml: - desk: {n}  + desk: 14  ({s})",
            "In their first month {s} shadowed the {other} team.",
        ],
        "also": [
            "{S} also helps out the {alt} team on Fridays; both stay.",
            "team: {alt}   # {s2}",
            "Current team of {s2}: {old}, with {s}.",
            "{S2}, hereinafter the Engineer, is assigned to the {alt} team.",
        ],
        "ask": [
            "Which team is {s} on now?",
            "What team should I list for {s}?",
            "Which team does {s} belong to at the moment?",
        ],
    },
    "language": {
        "old": [
            "language: {old}   # {s}",
            "feat: initial {old} implementation of {s}",
            "Current language of {s}: {old}",
            "{S} is written in {old}, which is literally so old",
        ],
        "new": [
            "refactor!: rewrite {s} from {old} to {new}",
            "repo.yaml: - language: {old}  + language: {new}  ({s})",
            "Decision: {s} moves to {new}. Action: archive the {old} tree.",
            "{S} is written in {new} now (was {old}).",
            "Still {old}, {s}? Nope, {new} since Monday.",
            "{S} went back to {old} for a release... no, {new} after all, the port passed the tests.",
            "Previous language: {old} | Current language: {new} | Repo: {s}",
            "{S} Ditches {old} for {new}",
        ],
        "distract": [
            "chore: bump the {other} formatter used by the docs of {s}",
            "Decision: the {other} rewrite of {s} was proposed and rejected.",
            "Would {s} be faster in {other}? Only in benchmarks.",
            "repo.yaml: - license: MIT  + license: Apache-2.0  ({s})",
            "The team next door rewrote their service in {other}.",
            "The first prototype of {s}, {n} lines of it, was in {other}.",
        ],
        "also": [
            "{S} also ships a {alt} client; both stay.",
            "language: {alt}   # {s2}",
            "Current language of {s2}: {old}, like {s}.",
            "feat: initial {alt} implementation of {s2}",
        ],
        "ask": [
            "What language is {s} written in now?",
            "Which language do I need to patch {s}?",
            "What is {s} implemented in at the moment?",
        ],
    },
    "email": {
        "old": [
            "email: {old}   # {s}",
            "Current address: {old} ({S})",
            "{S}'s address, hereinafter the Notice Address, is {old}.",
            "{S} said to use {old}, it's literally the only one they read",
        ],
        "new": [
            "directory.yaml: - email: {old}  + email: {new}  ({s})",
            "{S}: ~~{old}~~ {new}",
            "{S}'s email is {new} now (was {old}).",
            "Still {old} for {s}? Nope, {new} since Monday.",
            "> mail {s} at {old} ↳ that's {new} now, the old one bounces",
            "Don't forget {s} is {new} now, not {old}.",
            "With effect from today, notices to {s} shall be sent to {new} and not to {old}.",
            "{S} went back to {old} for a day... no, {new} after all, the migration finished.",
        ],
        "distract": [
            "directory.yaml: - phone: ext {n}  + phone: ext 42  ({s})",
            "{S} was going to get a new alias but dropped the idea.",
            "What if {s}'s mailbox fills up? It hasn't.",
            "{other}'s address changed last week, not {s}'s.",
            "Decision: no new domain for {s}'s team; {other}'s idea was rejected.",
            "As a student {s} had a university address, long gone.",
        ],
        "also": [
            "{S} also has a personal address, {alt}; both stay.",
            "email: {alt}   # {s2}",
            "Current address: {alt} ({S2})",
            "{S2}'s address, hereinafter the Notice Address, is {alt}.",
        ],
        "ask": [
            "What's {s}'s email address now?",
            "Which address do I write to for {s}?",
            "Where does mail for {s} go at the moment?",
        ],
    },
    "version": {
        "old": [
            "version: {old}   # {s} in prod",
            "Current version of {s}: {old}",
            "feat(release): ship {s} {old}",
            "{S} is on {old}, which is literally ancient",
        ],
        "new": [
            "chore: bump {s} from {old} to {new}",
            "deploy.yaml: - version: {old}  + version: {new}  ({s})",
            "Decision: {s} goes to {new} in prod. Action: {other} to retire {old}.",
            "{S} runs {new} now (was {old}).",
            "Still {old}, {s}? Nope, {new} since Monday.",
            "{S} went back to {old} in the incident... no, {new} after all, the fix landed.",
            "Previous version: {old} | Current version: {new} | Service: {s}",
            "{S}: {old} -> {new}, all regions",
        ],
        "distract": [
            "chore: bump the base image of {s}",
            "deploy.yaml: - replicas: {n}  + replicas: 8  ({s})",
            "Decision: {other}'s request to run {s} on nightly builds was rejected.",
            "If the next major breaks the API {s} won't take it; {other} is checking.",
            "{other}'s service was upgraded last night, not {s}.",
            "Last winter {s} was frozen for {n} days over the holidays.",
        ],
        "also": [
            "{S} also ships a CLI at {alt}; both versions stay.",
            "version: {alt}   # {s2} in prod",
            "Current version of {s2}: {old}, same as {s}.",
            "feat(release): ship {s2} {alt}",
        ],
        "ask": [
            "Which version is {s} running now?",
            "What version of {s} is in production?",
            "What's {s} on at the moment?",
        ],
    },
}


# A nineteenth wording set for bench/supersession.py (`nineteenth`), held out.
# Written 2026-12-05, 23:51-23:53 UTC (per `date -u`), by a helper session started for
# brief briefs/nineteenth.md. It read ONLY bench/supersession.py (for the format, the 18
# kinds, the placeholders and how `_values`/`make_cases` fill them, and to avoid the
# registers of the eighteen earlier sets); nothing under memctl/, tests/, docs/,
# bench/README.md, nor anything under notes/ besides what it wrote.
#
# Registers aimed at (absent or rare in the earlier sets): a Slack thread reply with a
# thread quote ("replying to: ..."); a table row ("| host | X |"); a calendar invite
# update ("Updated invitation: ... now at ..."); a status page ("Resolved: ..."); a ticket
# field change ("Status changed from X to Y", "Field 'host' changed from X to Y"); a text
# message with abbreviations ("its Y now btw", "fyi", "tmrw"); code-switched lines (a few
# words of Spanish, French or German around the value); a voice transcription with
# fillers ("um so it's, it's Y now"); a tweet-length announcement with hashtags; a
# limerick or rhyming line; a second-hand report with hedging ("apparently it's Y now,
# per Dobromir"); a rollback then re-apply ("reverted to X ... then re-applied Y"); a
# comparative ("Y, not X like before"); a negation ("no longer X; Y"); a passive ("X has
# been replaced by Y"); a date-stamped log line ("2025-03-04 12:00 INFO switched to Y"); an
# email subject line ("Re: change of ...").
# Distractors: plans called off, someone else's value, hypotheticals, questions, a change
# proposed and rejected, a past value for a different time, the same change words about a
# different subject -- mostly in the same registers (a "Resolved:" about another outage, a
# ticket field change of another field, a log line about another key, a rhyme about a
# wish, a code-switched "maybe"); none names {old} or {new}.
# "also" lines: the same subject's second value ("... also ...; both stay"), and a second
# subject in the same registers, with its own value ({alt}) or the same value as {old}.
#
# Placeholders, as make_cases fills them:
#   old/new/ask: {s} {S} {old} {new} (and {other}, {n})
#   distract:    {s} {S} {other} {n}   ({other} is a value of the same sort for home,
#                employer, favourite, car, school, team and language; a person's name
#                for every other kind)
#   also:        {s} {S} {s2} {S2} {alt} {old}   (the first line of each kind has no
#                {s2}: make_cases falls back to it when no second subject is left)
# No "new" line uses {s2}/{S2}/{alt}; {other} appears in "new" lines only for kinds where
# it is a person's name (host, date, owner, role, tool, meeting, name, phone, manager,
# email, version).
# No "ask" line uses {old} or {new}; every "new" line names {new}; no "old" line names
# {new}.
# People named inside lines (Dobromir, Abuela) are not in the bench's NAMES (checked;
# the brief's example "per Ana" was not used because Ana is in NAMES).
# For the tool kind the subject is "The X team" (capital T), so {S} is put at the start
# of a line or after a colon.
# The school kind is about the subject's son throughout.
# One line each, no leading "- " (write() adds the bullet).
# Checked by check_nineteenth.py (same folder): kinds, keys, placeholders, counts.

NINETEENTH: dict[str, dict[str, list[str]]] = {
    "host": {
        "old": [
            "| {s} | {old} | primary |",
            "2026-10-02 08:14 INFO {s}: bound to {old}",
            "Re: where does {s} live? -- it's {old}, has been since the build-out",
            "fyi {s} is on {old}, dont touch it pls",
        ],
        "new": [
            'replying to: "is {s} still on {old}?" -- no, it\'s {new} now, moved it last night',
            "| {s} | {new} | primary | (was {old}) |",
            "Field 'host' on {s} changed from {old} to {new} by {other}",
            "Resolved: {s} has been failed over to {new}; {old} is out of rotation.",
            "2026-11-03 12:00 INFO {s}: switched to {new}",
            "we reverted {s} to {old} at 02:00, then re-applied the move; it's on {new} now",
            "{S} is no longer on {old}; it runs on {new}.",
            "um so {s} is, it's on {new} now, yeah, not {old}",
            "apparently {s} is on {new} now, per Dobromir -- {old} got wiped",
        ],
        "distract": [
            "Resolved: the disk alert on {s} was a false positive; no host change.",
            "Field 'tier' on {s} changed from 2 to 1 by {other}",
            "2026-11-04 09:30 INFO {s}: migration dry-run aborted, staying put",
            'replying to: "should we move {s}?" -- {other} says maybe next quarter, not now',
            "apparently {other} wanted {s} on bigger iron, but the request was rejected",
            "Re: change of host for {other}'s sandbox (not {s})",
        ],
        "also": [
            "{S} also replicates to {alt}; both hosts stay.",
            "| {s2} | {alt} | primary |",
            "fyi {s2} is on {old} too, same box as {s}",
            "2026-10-02 08:15 INFO {s2}: bound to {alt}",
        ],
        "ask": [
            "which box is {s} on rn?",
            "What's the current host for {s}?",
            "Where is {s} running these days?",
        ],
    },
    "home": {
        "old": [
            "| {S} | {old} | home |",
            "Re: {s}'s address -- they live in {old}",
            "{S} vive en {old}, near the river",
            "fyi {s} lives in {old} btw",
        ],
        "new": [
            'replying to: "{s} still in {old}?" -- nope, {new} since the spring',
            "its {new} now btw, {s} left {old} last month",
            "{S} wohnt jetzt in {new}, nicht mehr in {old}.",
            "Apparently {s} lives in {new} now, per Dobromir; {old} was too pricey.",
            "{S} lives in {new}, not {old} like before.",
            "A tenant called {s} left {old}; the rent was too steep, so now it's {new} that they keep.",
            "{S} finally did it: goodbye {old}, hello {new} #newhome #keys",
            "um so {s}, they're, they're in {new} now, moved out of {old}",
            "Re: change of address -- {S}, from {old} to {new}, effective today",
        ],
        "distract": [
            "{S} nearly moved to {other}, but the whole thing was called off.",
            "{S}'s cousin lives in {other}, apparently, per Dobromir.",
            "Peut-être {other} un jour? {s} says maybe when they retire.",
            "Re: change of address for {s}'s parents -- they're in {other} now.",
            'replying to: "would {s} ever live in {other}?" -- lol no',
            "Before uni {s} spent {n} months in {other}.",
        ],
        "also": [
            "{S} also keeps a flat in {alt}; both stay.",
            "| {S2} | {alt} | home |",
            "{S2} lives in {old} too btw, same block as {s}",
            "Re: {s2}'s address -- they live in {alt}",
        ],
        "ask": [
            "where does {s} live now?",
            "Which city is {s} based in?",
            "What's {s}'s home city these days?",
        ],
    },
    "employer": {
        "old": [
            "| {S} | {old} | employer |",
            "Re: intro -- {s} is at {old}",
            "{S} travaille chez {old}.",
            "{s} works at {old} btw, ask them for a discount",
        ],
        "new": [
            'replying to: "{s} is at {old} right?" -- not anymore, {new} as of Monday',
            "Field 'employer' on {S}'s contact changed from {old} to {new}",
            "{S} is no longer with {old}; they joined {new}.",
            "Apparently {s} is at {new} now, per Dobromir -- left {old} in the summer.",
            "{S} works at {new}, not {old} like before.",
            "Thrilled to share {s} has joined {new} after six years at {old}! #newjob #hiring",
            "um so {s}, they're, they work at {new} now, yeah, left {old}",
            "{S} trabaja ahora en {new}; ya no en {old}.",
            "Re: change of employer -- {S}: {old} out, {new} in",
        ],
        "distract": [
            "{S} had an offer from {other}, but turned it down.",
            "{S}'s brother just joined {other} #newjob",
            "Apparently {other} is hiring, per Dobromir; {s} isn't interested.",
            'replying to: "would {s} go to {other}?" -- only for double the pay',
            "Field 'employer' on {s}'s flatmate's record changed to {other}.",
            "Back in {n} BC (before coffee), {s} interned at {other}.",
        ],
        "also": [
            "{S} also consults for {alt}; both stay.",
            "| {S2} | {alt} | employer |",
            "{s2} works at {old} too btw, same office as {s}",
            "{S2} travaille chez {alt}.",
        ],
        "ask": [
            "who does {s} work for now?",
            "Which company employs {s}?",
            "Where is {s} working these days?",
        ],
    },
    "date": {
        "old": [
            "| {s} | {old} | planned |",
            "Re: timeline -- {s} is set for {old}",
            "2026-09-01 10:00 INFO planner: {s} scheduled for {old}",
            "fyi {s} is {old}, put it in ur cal",
        ],
        "new": [
            "Updated invitation: {S} -- now at {new} (was {old})",
            "Status changed from {old} to {new} on {s}, by {other}",
            "{S} is no longer on {old}; it's {new}.",
            "2026-11-10 15:30 INFO planner: {s} rescheduled to {new}",
            "we reverted {s} to {old} yesterday, then re-applied the slip: {new} it is",
            "{S} is on {new}, not {old} like before.",
            "apparently {s} slipped to {new}, per Dobromir; {old} is off",
            "{S}: the date of {old} has been replaced by {new}.",
            "Re: change of date for {s} -- moving from {old} to {new}",
        ],
        "distract": [
            "Updated invitation: {s} prep call has been cancelled by {other}.",
            "Status changed from Open to In Review on {s}'s budget ticket.",
            "2026-11-11 09:00 INFO planner: {s} reschedule proposal rejected",
            'replying to: "can {s} move later?" -- {other} asked, nobody agreed',
            "If the vendor slips, {s} might too, says {other}; so far it hasn't.",
            "Last year's {s} ran {n} days late.",
        ],
        "also": [
            "{S} also has a soft launch on {alt}; both dates stay.",
            "| {s2} | {alt} | planned |",
            "fyi {s2} is {old} too, same day as {s}",
            "Re: timeline -- {s2} is set for {alt}",
        ],
        "ask": [
            "when's {s} now?",
            "What date is {s} set for?",
            "Which day is {s} happening on these days?",
        ],
    },
    "owner": {
        "old": [
            "| {s} | owner | {old} |",
            "Re: who owns {s}? -- {old}",
            "fyi {old} owns {s}, ping them",
            "2026-08-20 11:00 INFO ownership: {s} -> {old}",
        ],
        "new": [
            'replying to: "{old} owns {s}, right?" -- not anymore, it\'s {new}',
            "Field 'owner' on {s} changed from {old} to {new}",
            "{old} has been replaced by {new} as owner of {s}.",
            "{S} is no longer owned by {old}; {new} has it.",
            "its {new} who owns {s} now btw, {old} moved on",
            "apparently {new} owns {s} now, per Dobromir; {old} handed it over",
            "2026-11-12 14:02 INFO ownership: {s} reassigned to {new}",
            "{S} belongs to {new}, not {old} like before.",
            "Re: change of owner for {s} -- {old} out, {new} in",
        ],
        "distract": [
            "Field 'owner' on {s}'s dashboard changed to {other}.",
            'replying to: "should {other} take {s}?" -- proposed and rejected',
            "{other} covers {s} on-call this week only.",
            "Apparently {other} wanted {s}, per Dobromir, but the manager said no.",
            "Re: change of owner for the wiki (not {s}) -- now {other}",
            "Years ago {s} was a side project of {other}'s.",
        ],
        "also": [
            "{alt} also co-owns {s}; both stay.",
            "| {s2} | owner | {alt} |",
            "fyi {old} owns {s2} too",
            "Re: who owns {s2}? -- {alt}",
        ],
        "ask": [
            "who owns {s} now?",
            "Who's the owner of {s}?",
            "Whom do I ask about {s} these days?",
        ],
    },
    "role": {
        "old": [
            "| {s} | {old} |",
            "Re: who's the {s}? -- {old}",
            "fyi {old} is the {s} btw",
            "El {s} es {old}.",
        ],
        "new": [
            'replying to: "{old} is the {s}, yes?" -- no, {new} took over',
            "Field '{s}' changed from {old} to {new}",
            "{old} has been replaced by {new} as the {s}.",
            "{old} is no longer the {s}; {new} is.",
            "its {new} now btw, {old} stepped down as {s}",
            "Apparently the {s} is {new} now, per Dobromir.",
            "The {s} is {new}, not {old} like before.",
            "There once was a {s} called {old}, who passed on the job, so {new} took hold.",
            "Re: change of {s} -- {new} replaces {old}",
        ],
        "distract": [
            'replying to: "will {other} be the {s}?" -- no, that was rejected',
            "{other} is the deputy {s} for the week.",
            "Field 'treasurer' changed from nobody to {other}",
            "If {other} had stood, they'd have won; they didn't.",
            "Re: change of chair for the book club -- {other}",
            "In {n} years {other} was {s} once.",
        ],
        "also": [
            "{alt} is also an acting {s}; both stay.",
            "| {s2} | {alt} |",
            "fyi {old} is the {s2} too btw",
            "Re: who's the {s2}? -- {alt}",
        ],
        "ask": [
            "who's the {s} now?",
            "Who holds the {s} role?",
            "Who is our {s} these days?",
        ],
    },
    "tool": {
        "old": [
            "{S}: | ci | {old} |",
            "{S}: fyi builds run on {old} btw",
            "{S}: 2026-07-01 09:00 INFO ci: using {old}",
            "Re: CI setup -- {S} uses {old}",
        ],
        "new": [
            '{S}: replying to "still on {old}?" -- nope, {new} since last sprint',
            "{S}: Field 'ci' changed from {old} to {new}",
            "{S}: {old} has been replaced by {new} for all pipelines.",
            "{S}: no longer on {old}; builds run on {new}.",
            "{S}: 2026-11-14 16:45 INFO ci: switched to {new}",
            "{S}: reverted to {old} for a day, then re-applied the migration; on {new} now",
            "{S}: builds on {new}, not {old} like before.",
            "{S}: goodbye {old}, hello {new} #devops #ci",
            "Re: change of CI -- {S} moved from {old} to {new}",
        ],
        "distract": [
            "{S}: Field 'lint' changed from warn to error",
            '{S}: replying to "should we move CI?" -- {other} proposed it, rejected',
            "{S}: 2026-11-15 08:00 INFO ci: cache cleared, runner unchanged",
            "{S}: Resolved: flaky tests on the main branch; nothing else changed.",
            "{S}: apparently {other}'s team is trialling something new, per Dobromir",
            "{S}: in {n} BC (before containers) builds ran on a cron job.",
        ],
        "also": [
            "{S} also uses {alt} for nightly builds; both stay.",
            "{S2}: | ci | {alt} |",
            "{S2}: fyi builds run on {old} too",
            "{S2}: 2026-07-01 09:00 INFO ci: using {alt}",
        ],
        "ask": [
            "{S}: which CI now?",
            "{S}: what runs their builds?",
            "{S}: which CI are they on these days?",
        ],
    },
    "meeting": {
        "old": [
            "| {s} | {old} | daily |",
            "Invitation: {S} @ daily {old}",
            "fyi {s} is {old} btw",
            "Re: {s} -- we meet at {old}",
        ],
        "new": [
            "Updated invitation: {S} is now at {new} (was {old})",
            'replying to: "{s} at {old}?" -- nah, {new} from this week',
            "its {new} now btw, not {old}, for {s}",
            "{S} is no longer at {old}; it's {new}.",
            "{S}: the {old} slot has been replaced by {new}.",
            "um so {s} is, it's {new} now, yeah, {old} clashed",
            "{S} a lieu à {new} maintenant, plus à {old}.",
            "Oh {s}, what a bore, it's {new} now, not {old} any more.",
            "Re: change of time -- {S} moves from {old} to {new}",
        ],
        "distract": [
            "Updated invitation: {S} has a new dial-in; the time is unchanged.",
            'replying to: "move {s} later?" -- {other} asked, rejected',
            "{other}'s one-to-one moved later, nothing to do with {s}.",
            "If the US folks join, {s} might shift; they haven't.",
            "Re: change of room for {s} -- 3B now",
            "Back in the pilot, {s} ran for {n} minutes.",
        ],
        "also": [
            "{S} also has a Thursday retro at {alt}; both stay.",
            "| {s2} | {alt} | daily |",
            "fyi {s2} is {old} too btw",
            "Invitation: {S2} @ daily {alt}",
        ],
        "ask": [
            "what time's {s} now?",
            "What time does {s} start?",
            "Which slot is {s} in these days?",
        ],
    },
    "name": {
        "old": [
            "| the {s} | {old} |",
            "Re: the {s} -- it's called {old}",
            "fyi the {s} is called {old} btw",
            "2026-06-11 10:00 INFO site: the {s} titled {old}",
        ],
        "new": [
            'replying to: "the {s} is {old}, right?" -- renamed, it\'s {new} now',
            "Field 'title' on the {s} changed from {old} to {new}",
            "The name {old} has been replaced by {new} for the {s}.",
            "The {s} is no longer called {old}; it's {new}.",
            "2026-11-16 13:13 INFO site: the {s} renamed to {new}",
            "we reverted the {s} to {old} for the demo, then re-applied the rename: {new}",
            "The {s} is called {new}, not {old} like before.",
            "Meet {new}, the {s} formerly known as {old} #rebrand",
            "Re: change of name -- the {s}: {old} becomes {new}",
        ],
        "distract": [
            "Field 'theme' on the {s} changed from light to dark",
            'replying to: "rename the {s}?" -- {other} proposed it, rejected',
            "2026-11-17 10:00 INFO site: the {s} logo updated",
            "Re: change of name for {other}'s blog (not the {s})",
            "If legal objects, the {s} gets a new name; they haven't.",
            "In beta the {s} had {n} pages and a placeholder name.",
        ],
        "also": [
            "The {s} also goes by {alt}; both names stay.",
            "| the {s2} | {alt} |",
            "fyi the {s2} is called {alt} btw",
            "Re: the {s2} -- it's called {alt}",
        ],
        "ask": [
            "what's the {s} called now?",
            "What's the name of the {s}?",
            "Which name does the {s} go by these days?",
        ],
    },
    "phone": {
        "old": [
            "| {S} | {old} | mobile |",
            "Re: contact -- {s} is on {old}",
            "fyi {s}'s number is {old} btw",
            "El número de {s} es {old}.",
        ],
        "new": [
            'replying to: "{s} is {old}?" -- new SIM, it\'s {new}',
            "Field 'phone' on {S} changed from {old} to {new}",
            "{S}'s old number {old} has been replaced by {new}.",
            "{S} is no longer on {old}; ring {new}.",
            "its {new} now btw, {s} ditched {old}",
            "apparently {s}'s number is {new} now, per Dobromir",
            "um so {s}'s number, it's, it's {new} now, {old} is dead",
            "Die Nummer von {s} ist jetzt {new}, nicht mehr {old}.",
            "Re: change of number -- {S}: {new} (was {old})",
        ],
        "distract": [
            "Field 'phone' on {other} changed last week, not on {s}.",
            'replying to: "is {s} changing numbers?" -- they were, then didn\'t',
            "If {s} moves abroad they'd get a local SIM; no plans yet.",
            "Re: change of number for the office front desk",
            "apparently {other} has two phones now, per Dobromir",
            "As a teen {s} went through {n} SIM cards.",
        ],
        "also": [
            "{S} also has a desk line, {alt}; both stay.",
            "| {S2} | {alt} | mobile |",
            "fyi {s2}'s number is {alt} btw",
            "Re: contact -- {s2} is on {alt}",
        ],
        "ask": [
            "whats {s}'s number now?",
            "What number do I call for {s}?",
            "Which phone is {s} on these days?",
        ],
    },
    "manager": {
        "old": [
            "| {S} | reports to | {old} |",
            "Re: org chart -- {s} reports to {old}",
            "fyi {s}'s boss is {old} btw",
            "2026-05-01 09:00 INFO hr: {s} manager={old}",
        ],
        "new": [
            'replying to: "{s} is under {old}?" -- not since the reorg, it\'s {new}',
            "Field 'manager' on {S} changed from {old} to {new}",
            "{old} has been replaced by {new} as {s}'s manager.",
            "{S} no longer reports to {old}; {new} is the boss now.",
            "2026-11-18 11:11 INFO hr: {s} manager={new}",
            "we reverted {s} to {old} in the HR tool, then re-applied the move to {new}",
            "{S} reports to {new}, not {old} like before.",
            "apparently {s} reports to {new} now, per Dobromir",
            "Re: change of manager -- {S}: {old} to {new}",
        ],
        "distract": [
            "Field 'manager' on {s}'s intern changed to {other}",
            'replying to: "put {s} under {other}?" -- proposed, rejected',
            "{other} signs {s}'s timesheets this week only.",
            "If {other} gets promoted, {s} might move; not yet.",
            "Re: change of manager for the design team -- {other}",
            "In their first {n} weeks {s} shadowed {other}.",
        ],
        "also": [
            "{S} also has a mentor, {alt}; both stay.",
            "| {S2} | reports to | {alt} |",
            "fyi {s2}'s boss is {old} too btw",
            "Re: org chart -- {s2} reports to {alt}",
        ],
        "ask": [
            "who's {s}'s boss now?",
            "Who does {s} report to?",
            "Who manages {s} these days?",
        ],
    },
    "favourite": {
        "old": [
            "| {S} | editor | {old} |",
            "fyi {s} basically lives in {old} btw, all day every day",
            "Re: pairing -- {s} uses {old}",
            "{S} ne jure que par {old}.",
        ],
        "new": [
            'replying to: "{s} is a {old} person?" -- was, it\'s {new} now',
            "its {new} now btw, {s} gave up on {old}",
            "{S} no longer uses {old}; it's {new} all the way.",
            "apparently {s} is all in on {new} now, per Dobromir",
            "{S} loves {new}, not {old} like before.",
            "{S} used {old} but found it a chore; now {new} is what they adore.",
            "{S}: after ten years of {old}, switched to {new} #editorwars",
            "um so {s}, they're, they're on {new} now, yeah, dropped {old}",
            "Re: change of editor -- {S} moved from {old} to {new}",
        ],
        "distract": [
            "{S} tried {other} for a week and went back.",
            "{S}'s teammate switched to {other} #editorwars",
            'replying to: "would {s} try {other}?" -- maybe, never',
            "Apparently {other} is great, per Dobromir; {s} isn't convinced.",
            "Re: change of theme -- {s} went dark mode",
            "At uni, {n} years ago, {s} wrote everything in {other}.",
        ],
        "also": [
            "{S} also keeps {alt} for quick edits; both stay.",
            "| {S2} | editor | {alt} |",
            "fyi {s2} uses {old} too btw",
            "Re: pairing -- {s2} uses {alt}",
        ],
        "ask": [
            "what editor does {s} like now?",
            "Which editor is {s}'s favourite?",
            "What does {s} code in these days?",
        ],
    },
    "car": {
        "old": [
            "| {S} | {old} | car |",
            "fyi {s} drives a {old} btw",
            "Re: carpool -- {s} has a {old}",
            "{S} fährt einen {old}.",
        ],
        "new": [
            'replying to: "{s} still has the {old}?" -- sold, it\'s a {new} now',
            "its a {new} now btw, {s} sold the {old}",
            "{S} no longer drives the {old}; it's a {new}.",
            "apparently {s} got a {new}, per Dobromir; the {old} is gone",
            "{S} drives a {new}, not a {old} like before.",
            "{S} sold the {old}, it rattled and clanked; the {new} is quieter, they're thankful and thanked.",
            "{S}: picked up the {new} today, bye {old} #newcar",
            "um so {s}, they've got, they've got a {new} now, the {old} went",
            "Re: change of car -- {S}: {old} out, {new} in",
        ],
        "distract": [
            "{S} nearly bought a {other} but called it off.",
            "{S}'s neighbour drives a {other}.",
            'replying to: "would {s} get a {other}?" -- if it were cheaper',
            "apparently {other} prices went up, per Dobromir",
            "Re: change of parking bay for {s} -- bay {n}",
            "{S}'s first car, long ago, was a {other}.",
        ],
        "also": [
            "{S} also has a {alt} for weekends; both stay.",
            "| {S2} | {alt} | car |",
            "fyi {s2} drives a {old} too btw",
            "Re: carpool -- {s2} has a {alt}",
        ],
        "ask": [
            "what does {s} drive now?",
            "Which car is {s}'s?",
            "What car should I look for from {s} these days?",
        ],
    },
    "school": {
        "old": [
            "| {S}'s son | {old} |",
            "fyi {s}'s son goes to {old} btw",
            "Re: school run -- {s}'s son is at {old}",
            "El hijo de {s} va a {old}.",
        ],
        "new": [
            "replying to: \"{s}'s boy is at {old}?\" -- moved, he's at {new} now",
            "its {new} now btw, {s}'s son left {old}",
            "{S}'s son is no longer at {old}; he's at {new}.",
            "apparently {s}'s son is at {new} now, per Dobromir",
            "{S}'s son goes to {new}, not {old} like before.",
            "{S}'s son left {old} in June; at {new} now he's over the moon.",
            "First day at {new} for {s}'s son! Goodbye {old} #backtoschool",
            "um so {s}'s son, he's, he's at {new} now, not {old}",
            "Re: change of school -- {S}'s son, {old} to {new}",
        ],
        "distract": [
            "{S}'s son had a place at {other} but they declined.",
            "{S}'s niece goes to {other}.",
            'replying to: "would {other} suit {s}\'s son?" -- Abuela thinks not',
            "apparently {other} has a new head, per Dobromir",
            "Re: change of bus route to {other} -- unrelated to {s}",
            "{S}'s son did {n} days of summer camp at {other}.",
        ],
        "also": [
            "{S}'s son also does chess club at {alt}; both stay.",
            "| {S2}'s son | {alt} |",
            "fyi {s2}'s son goes to {old} too btw",
            "Re: school run -- {s2}'s son is at {alt}",
        ],
        "ask": [
            "which school is {s}'s son at now?",
            "Where does {s}'s son go to school?",
            "What school is {s}'s boy at these days?",
        ],
    },
    "team": {
        "old": [
            "| {S} | {old} |",
            "fyi {s} is on {old} btw",
            "Re: intro -- {s}, {old} team",
            "2026-04-01 09:00 INFO org: {s} team={old}",
        ],
        "new": [
            'replying to: "{s} is on {old}?" -- moved, {new} team now',
            "Field 'team' on {S} changed from {old} to {new}",
            "{S} is no longer on {old}; they're on the {new} team.",
            "2026-11-19 10:20 INFO org: {s} team={new}",
            "apparently {s} moved to {new}, per Dobromir",
            "{S} is on the {new} team, not {old} like before.",
            "Welcome {s} to the {new} team, fresh from {old}! #teamwork",
            "{S} ist jetzt im {new}-Team, nicht mehr bei {old}.",
            "Re: change of team -- {S}: {old} to {new}",
        ],
        "distract": [
            'replying to: "move {s} to {other}?" -- proposed, rejected',
            "{S}'s flatmate joined the {other} team.",
            "If the {other} team gets headcount, {s} might apply.",
            "Field 'desk' on {s} changed from 12 to {n}",
            "apparently the {other} team has a new lead, per Dobromir",
            "In their first month {s} shadowed the {other} team.",
        ],
        "also": [
            "{S} also helps the {alt} team on Fridays; both stay.",
            "| {S2} | {alt} |",
            "fyi {s2} is on {old} too btw",
            "Re: intro -- {s2}, {alt} team",
        ],
        "ask": [
            "what team is {s} on now?",
            "Which team has {s}?",
            "Which team is {s} part of these days?",
        ],
    },
    "language": {
        "old": [
            "| {s} | lang | {old} |",
            "fyi {s} is all {old} btw",
            "Re: onboarding -- {s} is written in {old}",
            "2026-03-01 09:00 INFO repo: {s} language={old}",
        ],
        "new": [
            'replying to: "{s} is {old}, right?" -- rewritten, it\'s {new}',
            "Field 'language' on {s} changed from {old} to {new}",
            "The {old} codebase of {s} has been replaced by {new}.",
            "{S} is no longer {old}; it's {new}.",
            "2026-11-20 17:00 INFO repo: {s} language={new}",
            "we reverted {s} to the {old} build, then re-applied the port; {new} it is",
            "{S} is written in {new}, not {old} like before.",
            "Rewrote {s} in {new}, {old} is gone #rewrite",
            "Re: change of language -- {s}: {old} to {new}",
        ],
        "distract": [
            'replying to: "rewrite {s} in {other}?" -- proposed, rejected',
            "The team next door rewrote their service in {other}.",
            "Field 'license' on {s} changed from MIT to Apache-2.0",
            "apparently {other} is faster, per Dobromir; nobody's rewriting",
            "If perf gets bad, {s} might go {other}; it hasn't.",
            "The prototype of {s}, {n} files, was {other}.",
        ],
        "also": [
            "{S} also has a {alt} SDK; both stay.",
            "| {s2} | lang | {alt} |",
            "fyi {s2} is all {old} too btw",
            "Re: onboarding -- {s2} is written in {alt}",
        ],
        "ask": [
            "what's {s} written in now?",
            "Which language is {s} in?",
            "What language does {s} use these days?",
        ],
    },
    "email": {
        "old": [
            "| {S} | email | {old} |",
            "fyi {s}'s email is {old} btw",
            "Re: contact -- {s}: {old}",
            "L'adresse de {s} est {old}.",
        ],
        "new": [
            'replying to: "mail {s} at {old}?" -- bounces, use {new}',
            "Field 'email' on {S} changed from {old} to {new}",
            "{S}'s address {old} has been replaced by {new}.",
            "{S} is no longer {old}; write to {new}.",
            "its {new} now btw, {old} is dead for {s}",
            "apparently {s} is {new} now, per {other}",
            "{S} reads {new}, not {old} like before.",
            "um so {s}'s email, it's, it's {new} now, not {old}",
            "Re: change of address -- {S}: {new} (was {old})",
        ],
        "distract": [
            "Field 'email' on {other} changed last week, not {s}.",
            'replying to: "new alias for {s}?" -- idea dropped',
            "If the domain lapses {s} would need a new address; it won't.",
            "Re: change of address -- the office moved to floor {n}",
            "apparently {other} has three inboxes, per Dobromir",
            "At uni {s} had a student address, long gone.",
        ],
        "also": [
            "{S} also has a personal address, {alt}; both stay.",
            "| {S2} | email | {alt} |",
            "fyi {s2}'s email is {alt} btw",
            "Re: contact -- {s2}: {alt}",
        ],
        "ask": [
            "whats {s}'s email now?",
            "Which address reaches {s}?",
            "Where do I email {s} these days?",
        ],
    },
    "version": {
        "old": [
            "| {s} | {old} | prod |",
            "2026-02-01 09:00 INFO deploy: {s} version={old}",
            "fyi {s} is running {old} btw",
            "Re: release notes -- {s} {old}",
        ],
        "new": [
            "Resolved: {s} upgraded to {new}; {old} is retired.",
            "Field 'version' on {s} changed from {old} to {new}",
            "{S} {old} has been replaced by {new} in prod.",
            "2026-11-21 22:00 INFO deploy: {s} version={new}",
            "we reverted {s} to {old} after the alert, then re-applied {new}; {new} is live",
            "{S} is no longer on {old} in prod; {new} is.",
            "{S} runs {new}, not {old} like before.",
            "{S} {new} is out! upgrade from {old} today #release",
            "Re: change of version -- {s}: {old} to {new}",
        ],
        "distract": [
            "Resolved: the {s} latency spike; no version change.",
            "Field 'replicas' on {s} changed from 4 to {n}",
            'replying to: "upgrade {s}?" -- {other} proposed it, rejected',
            "2026-11-22 08:00 INFO deploy: {s} config reload only",
            "If the next major breaks the API, {s} won't take it, says {other}.",
            "Last winter {s} was frozen for {n} days.",
        ],
        "also": [
            "{S} also ships a CLI at {alt}; both stay.",
            "| {s2} | {alt} | prod |",
            "fyi {s2} is running {old} too btw",
            "2026-02-01 09:00 INFO deploy: {s2} version={alt}",
        ],
        "ask": [
            "what version is {s} on now?",
            "Which release of {s} is live?",
            "What's {s} running these days?",
        ],
    },
}


# A twentieth wording set for bench/supersession.py (`twentieth`), held out.
# Written 2026-12-06, 02:44-02:47 UTC (per `date -u`), by a helper session started for
# brief briefs/twentieth.md. It read ONLY bench/supersession.py (for the format, the 18
# kinds, the placeholders and how `_values`/`make_cases` fill them, and to avoid the
# registers of the nineteen earlier sets); nothing under memctl/, tests/, docs/,
# bench/README.md, nor anything under notes/ besides what it wrote.
#
# Registers aimed at (absent or rare in the earlier sets, checked by grep): a git commit
# subject ("chore: bump X to Y", "fix: point ... at Y"); a unified config diff on one line
# ("- host: X / + host: Y"); a Keep-a-Changelog entry ("### Changed - ... is now Y");
# meeting minutes ("AGREED: ...", "ACTION: ..."); contract / policy language ("effective
# 1 May, ... shall be Y"); a chat-bot slash command and its echo ("/set host Y -> host
# set to Y"); a voicemail transcript ("Voicemail (0:14): hi, it's ..."); a forum post edit
# ("EDIT: scratch that, it's Y"); an automated SMS ("Your ... has been changed to Y.
# Reply STOP to opt out"); markdown strikethrough ("~~X~~ Y"); a quoted question and its
# answer ("> still X? nope, Y"); a child's or very plain speech ("X is gone. Y now."); a
# full sentence in Italian, Portuguese or Dutch around the value; sports / radio
# commentary ("and it's Y! X is left standing!"); an apology-and-correction ("sorry, typo
# earlier: Y not X"); an FAQ answer ("Q: ... A: ..."); a list with the changed item ticked
# ("[x] move to Y"); a version-pin line ("pin: Y (was X)"); a riddle-like or ironic line.
# Distractors: plans called off, someone else's value, hypotheticals, questions, a change
# proposed and rejected, a past value for a different time, the same change words about a
# different subject -- mostly in the same registers (a bump commit for a dependency, a
# config diff of another key, "AGREED: no change", an unticked to-do, a slash command
# that failed, an SMS about something else, a foreign-language "maybe"); none names
# {old} or {new}.
# "also" lines: the same subject's second value ("... also ...; both stay"), and a second
# subject in the same registers, with its own value ({alt}) or the same value as {old}.
#
# Placeholders, as make_cases fills them:
#   old/new/ask: {s} {S} {old} {new} (and {other}, {n})
#   distract:    {s} {S} {other} {n}   ({other} is a value of the same sort for home,
#                employer, favourite, car, school, team and language; a person's name
#                for every other kind)
#   also:        {s} {S} {s2} {S2} {alt} {old}   (the first line of each kind has no
#                {s2}: make_cases falls back to it when no second subject is left)
# No "new" line uses {s2}/{S2}/{alt}; {other} appears in "new" lines only for kinds where
# it is a person's name (host, date, owner, role, tool, meeting, name, phone, manager,
# email, version).
# No "ask" line uses {old} or {new}; every "new" line names {new}; no "old" line names
# {new}.
# The only person named inside lines, Nonna, is not in the bench's NAMES (checked).
# For the tool kind the subject is "The X team" (capital T), so {S} is put at the start
# of a line or after a colon.
# The school kind is about the subject's daughter throughout.
# One line each, no leading "- " (write() adds the bullet).
# Checked by check_twentieth.py (same folder): kinds, keys, placeholders, counts.

TWENTIETH: dict[str, dict[str, list[str]]] = {
    "host": {
        "old": [
            "  host: {old}   # {s}",
            "/where {s} -> {s} is on {old}",
            "Q: Where does {s} run? A: On {old}.",
            "[ ] nothing to do for {s}, it sits on {old}",
        ],
        "new": [
            "fix: point {s} at {new} (off {old})",
            "{s}: - host: {old}  + host: {new}",
            "### Changed - {S} is now served from {new}; {old} is decommissioned.",
            "AGREED: {s} moves from {old} to {new}. ACTION: {other} to update the runbook.",
            "/set host {s} {new} -> host for {s} set to {new} (was {old})",
            "EDIT: scratch that, {s} is on {new}, not {old}. Moved it this morning.",
            "sorry, typo earlier: {s} lives on {new}, not {old}",
            "> {s} still on {old}? nope, {new}",
            "[x] move {s} off {old} to {new}",
        ],
        "distract": [
            "chore: bump the TLS bundle on {s} to v{n}",
            "{s}: - replicas: 2  + replicas: {n}",
            "AGREED: no host change for {s} this quarter. ACTION: {other} to revisit in spring.",
            "[ ] move {s} to a bigger box (proposed by {other}, parked)",
            "/set host {s} -> error: you are not allowed to change this",
            "Should {s} ever leave its box, {other} would have to sign it off.",
        ],
        "also": [
            "{S} also keeps a warm standby on {alt}; both hosts stay.",
            "  host: {alt}   # {s2}",
            "Q: Where does {s2} run? A: On {old} as well, next to {s}.",
            "/where {s2} -> {s2} is on {alt}",
        ],
        "ask": [
            "/where {s}",
            "Q: Which machine hosts {s} at present?",
            "so what box is {s} sitting on?",
        ],
    },
    "home": {
        "old": [
            "Q: Where is {s} based? A: {old}.",
            "{S} abita a {old}.",
            "{S} lives in {old}. That is where the house is.",
            "Voicemail (0:09): hi, it's {s}, ring me back, I'm home in {old} all day",
        ],
        "new": [
            "Voicemail (0:21): hi, it's {s}, just so you have it, we've left {old}, we're in {new} now, bye",
            "EDIT: scratch that, {s} is in {new} now, the {old} flat is let out.",
            "~~{old}~~ {new} -- {s}'s address, updated",
            "> is {s} still in {old}? nope, {new} since March",
            "{S} lived in {old}. Now {S} lives in {new}. The end.",
            "{S} woont nu in {new}, niet meer in {old}.",
            "sorry, typo earlier: {s} moved to {new}, not back to {old}",
            "Q: Where is {s} based now? A: {new}; they left {old} in the autumn.",
            "Oh great, {s} swapped {old} for {new} -- just in time for the rainy season.",
        ],
        "distract": [
            "{S} forse si trasferisce a {other}, ma non ancora.",
            "EDIT: the {other} trip for {s} is off, they're staying put.",
            "> would {s} ever live in {other}? lol, in their dreams",
            "{S}'s sister lives in {other}.",
            "[ ] look at flats in {other} for {s} (idea dropped)",
            "{S} spent {n} weeks in {other} the summer they turned twenty.",
        ],
        "also": [
            "{S} also keeps a holiday place in {alt}; both stay.",
            "{S2} abita a {alt}.",
            "Q: Where is {s2} based? A: {old} too, same street as {s}.",
            "Voicemail (0:07): hi, it's {s2}, I'm home in {alt} tonight",
        ],
        "ask": [
            "where does {s} live?",
            "Q: Which town is {s} in at the moment?",
            "is {s} still where they were, or where is {s} now?",
        ],
    },
    "employer": {
        "old": [
            "Q: Who does {s} work for? A: {old}.",
            "{S} trabalha na {old}.",
            "{S} works at {old}. They like it.",
            "[ ] ask {s} (at {old}) about the referral bonus",
        ],
        "new": [
            "EDIT: scratch that, {s} is at {new} now, not {old}.",
            "~~{old}~~ {new} -- {s}'s employer in the address book",
            "> {s} still at {old}? nope, {new} since the first",
            "{S} trabalha agora na {new}; saiu da {old} em junho.",
            "{S} used to work at {old}. Now {S} works at {new}.",
            "sorry, typo earlier: {s} works for {new}, not {old}",
            "Q: Who does {s} work for now? A: {new}; they left {old}.",
            "[x] update {s}'s employer: {old} -> {new}",
            "And {s} signs for {new}! What a transfer! {old} can only watch them go!",
        ],
        "distract": [
            "{S} had a final round at {other} and said no.",
            "EDIT: {s}'s partner is the one who joined {other}, not {s}.",
            "> is {s} going to {other}? no idea, ask them",
            "{S} lavorerebbe volentieri per {other}, ma non c'è posto.",
            "[ ] intro {s} to someone at {other} (never happened)",
            "Fresh out of school {s} did {n} weeks at {other}.",
        ],
        "also": [
            "{S} also advises {alt} on the side; both stay.",
            "{S2} trabalha na {alt}.",
            "Q: Who does {s2} work for? A: {old} as well, same team as {s}.",
            "[ ] ask {s2} (at {alt}) about the referral bonus",
        ],
        "ask": [
            "who does {s} work for?",
            "Q: What's {s}'s current employer?",
            "where's {s} working, these days?",
        ],
    },
    "date": {
        "old": [
            "Q: When is {s}? A: {old}.",
            "  date: {old}   # {s}",
            "{S} is on {old}. Mark it.",
            "Your reminder: {s} on {old}. Reply STOP to opt out.",
        ],
        "new": [
            "chore: move {s} to {new} (from {old})",
            "{s}: - date: {old}  + date: {new}",
            "### Changed - {S} is now scheduled for {new} (was {old}).",
            "AGREED: {s} slips from {old} to {new}. ACTION: {other} to tell the vendors.",
            "Effective today, {s} shall take place on {new} and not on {old}.",
            "Your event {s} has been rescheduled to {new} (previously {old}). Reply STOP to opt out.",
            "~~{old}~~ {new} for {s}",
            "/set date {s} {new} -> date for {s} set to {new}",
            "Q: When is {s} now? A: {new}; {old} fell through.",
        ],
        "distract": [
            "AGREED: {s} stays where it is; the slip proposed by {other} is rejected.",
            "Your reminder: {s} prep call is cancelled. Reply STOP to opt out.",
            "{s}: - budget: 40k  + budget: {n}k",
            "[ ] ask whether {s} can move (raised by {other}, no answer)",
            "If the auditors are late, {s} shall be moved by agreement; they weren't.",
            "Last time, {s} ran {n} days over.",
        ],
        "also": [
            "{S} also has a dress rehearsal on {alt}; both dates stay.",
            "  date: {alt}   # {s2}",
            "Q: When is {s2}? A: {old}, same day as {s}.",
            "Your reminder: {s2} on {alt}. Reply STOP to opt out.",
        ],
        "ask": [
            "when is {s}?",
            "Q: What date is {s} on at present?",
            "/get date {s}",
        ],
    },
    "owner": {
        "old": [
            "  owner: {old}   # {s}",
            "Q: Who owns {s}? A: {old}.",
            "{old} looks after {s}. Ask {old}.",
            "/whois {s} -> owner: {old}",
        ],
        "new": [
            "chore: hand {s} to {new} (was {old})",
            "{s}: - owner: {old}  + owner: {new}",
            "### Changed - {S} is now owned by {new}; {old} has handed it over.",
            "AGREED: {new} takes {s} from {old}. ACTION: {other} to update the CODEOWNERS.",
            "/set owner {s} {new} -> owner of {s} set to {new} (was {old})",
            "EDIT: scratch that, {s} belongs to {new} now, not {old}.",
            "sorry, typo earlier: {new} owns {s}, not {old}",
            "{old} had {s}. Now {new} has {s}.",
            "pin: owner {new} (was {old}) for {s}",
        ],
        "distract": [
            "AGREED: {s} stays with its owner; {other}'s request is declined.",
            "/set owner {s} {other} -> error: approval required",
            "{s}: - oncall_rotation: weekly  + oncall_rotation: daily",
            "[ ] hand {s} to {other} (rejected at review)",
            "Should the owner of {s} leave, {other} shall act as interim; not needed yet.",
            "{n} years ago {s} belonged to {other}.",
        ],
        "also": [
            "{alt} also co-owns {s}; both stay.",
            "  owner: {alt}   # {s2}",
            "Q: Who owns {s2}? A: {old} as well.",
            "/whois {s2} -> owner: {alt}",
        ],
        "ask": [
            "who owns {s}?",
            "Q: Who is the current owner of {s}?",
            "/whois {s}",
        ],
    },
    "role": {
        "old": [
            "Q: Who is the {s}? A: {old}.",
            "  {s}: {old}",
            "{old} is the {s}. That is {old}'s job.",
            "Il {s} è {old}.",
        ],
        "new": [
            "AGREED: {new} becomes {s}, replacing {old}. ACTION: {other} to announce it.",
            "### Changed - The {s} is now {new} (previously {old}).",
            "Effective 1 May, the {s} shall be {new}; {old} steps down.",
            "/set role '{s}' {new} -> {s} set to {new}",
            "EDIT: scratch that, the {s} is {new}, {old} handed over.",
            "> is {old} still the {s}? nope, {new}",
            "Il {s} adesso è {new}, non più {old}.",
            "sorry, typo earlier: the {s} is {new}, not {old}",
            "Q: Who is the {s} now? A: {new}; {old} moved on.",
        ],
        "distract": [
            "AGREED: no change of {s}; {other}'s nomination withdrawn.",
            "[ ] ask {other} to be {s} (they said no)",
            "> will {other} be the {s}? not this year",
            "{other} is the {s} at the sister company.",
            "Should the {s} be absent, {other} shall deputise.",
            "{other} was {s} for {n} weeks in the pilot.",
        ],
        "also": [
            "{alt} is also an acting {s}; both stay.",
            "  {s2}: {alt}",
            "Q: Who is the {s2}? A: {old} too.",
            "Il {s2} è {alt}.",
        ],
        "ask": [
            "who's the {s}?",
            "Q: Who currently serves as {s}?",
            "/whois '{s}'",
        ],
    },
    "tool": {
        "old": [
            "{S}: ci: {old}",
            "{S}: Q: What runs our builds? A: {old}.",
            "{S}: builds go on {old}. Every time.",
            "{S}: [ ] nothing to change, CI is {old}",
        ],
        "new": [
            "{S}: build(ci): move pipelines to {new}, drop {old}",
            "{S}: - ci: {old}  + ci: {new}",
            "{S}: ### Changed - CI now runs on {new}; {old} is retired.",
            "{S}: AGREED: move from {old} to {new}. ACTION: {other} to migrate the secrets.",
            "{S}: /set ci {new} -> ci set to {new} (was {old})",
            "{S}: EDIT: scratch that, we're on {new}, {old} is gone.",
            "{S}: ~~{old}~~ {new}",
            "{S}: [x] migrate CI from {old} to {new}",
            "{S}: oh joy, we left {old} for {new}, and the builds are just as slow.",
        ],
        "distract": [
            "{S}: chore: bump the node image to {n}",
            "{S}: - lint: warn  + lint: error",
            "{S}: AGREED: CI stays as is; {other}'s proposal to switch is rejected.",
            "{S}: [ ] trial another CI (owner: {other}, cancelled)",
            "{S}: /set ci -> error: missing value",
            "{S}: {other}'s team changed CI; ours did not.",
        ],
        "also": [
            "{S} also runs {alt} for release builds; both stay.",
            "{S2}: ci: {alt}",
            "{S2}: Q: What runs our builds? A: {old}, same as {s}.",
            "{S2}: builds go on {alt}. Every time.",
        ],
        "ask": [
            "{S}: which CI?",
            "{S}: Q: What is the CI at present?",
            "{S}: /get ci",
        ],
    },
    "meeting": {
        "old": [
            "  time: {old}   # {s}",
            "Q: What time is {s}? A: {old}.",
            "{S} is at {old}. Don't be late.",
            "Your reminder: {s} at {old}. Reply STOP to opt out.",
        ],
        "new": [
            "chore: move {s} to {new} (was {old})",
            "{s}: - time: {old}  + time: {new}",
            "AGREED: {s} moves from {old} to {new}. ACTION: {other} to update the invite.",
            "/set time {s} {new} -> {s} set to {new}",
            "Your meeting {s} has been rescheduled to {new} (was {old}). Reply STOP to opt out.",
            "~~{old}~~ {new} -- new slot for {s}",
            "> {s} still at {old}? nope, {new}",
            "{S} om {new}, niet meer om {old}.",
            "Q: When is {s} now? A: {new}; {old} clashed with lunch.",
        ],
        "distract": [
            "AGREED: {s} keeps its slot; {other}'s request to move it is declined.",
            "Your meeting {s} has moved to room {n}. Reply STOP to opt out.",
            "{s}: - room: 3B  + room: 4A",
            "[ ] move {s} later (asked by {other}, nobody agreed)",
            "If the US office joins, {s} would move; they haven't.",
            "In the first sprint, {s} ran {n} minutes over.",
        ],
        "also": [
            "{S} also has a Friday demo at {alt}; both stay.",
            "  time: {alt}   # {s2}",
            "Q: When is {s2}? A: {old}, right after {s}.",
            "Your reminder: {s2} at {alt}. Reply STOP to opt out.",
        ],
        "ask": [
            "what time is {s}?",
            "Q: What time is {s} at present?",
            "/get time {s}",
        ],
    },
    "name": {
        "old": [
            "  title: {old}   # the {s}",
            "Q: What's the {s} called? A: {old}.",
            "The {s} is called {old}.",
            "/whatis the {s} -> {old}",
        ],
        "new": [
            "chore: rename the {s} to {new} (was {old})",
            "the {s}: - title: {old}  + title: {new}",
            "### Changed - The {s} is now called {new}; {old} is retired.",
            "AGREED: the {s} becomes {new}, no longer {old}. ACTION: {other} to fix the links.",
            "/set title '{s}' {new} -> title set to {new}",
            "EDIT: scratch that, the {s} is {new} now, not {old}.",
            "~~{old}~~ {new} -- the {s}",
            "sorry, my typo before: the {s} is titled {new}, not {old}",
            "What has two names and answers to one? The {s}: {old} once, {new} now.",
        ],
        "distract": [
            "chore: bump the theme of the {s} to v{n}",
            "the {s}: - logo: old.png  + logo: new.png",
            "AGREED: the {s} keeps its name; {other}'s rename is rejected.",
            "[ ] rename the {s}? ({other} asked, no decision)",
            "/set title '{s}' -> error: permission denied",
            "{other}'s blog got a new name; the {s} did not.",
        ],
        "also": [
            "The {s} also goes by {alt}; both names stay.",
            "  title: {alt}   # the {s2}",
            "Q: What's the {s2} called? A: {alt}.",
            "/whatis the {s2} -> {alt}",
        ],
        "ask": [
            "what's the {s} called?",
            "Q: What is the current name of the {s}?",
            "/whatis the {s}",
        ],
    },
    "phone": {
        "old": [
            "Q: What's {s}'s number? A: {old}.",
            "Voicemail (0:06): hi, it's {s}, call me on {old}",
            "{S}'s phone is {old}.",
            "  phone: {old}   # {s}",
        ],
        "new": [
            "Voicemail (0:18): hi, it's {s}, new number, it's {new}, the {old} one's gone, okay bye",
            "Your contact {s} has updated their number to {new}. Reply STOP to opt out.",
            "{s}: - phone: {old}  + phone: {new}",
            "EDIT: scratch that, {s} is on {new} now, {old} is dead.",
            "sorry, typo earlier: {s}'s number is {new}, not {old}",
            "O número do {s} agora é {new}; o {old} já não funciona.",
            "~~{old}~~ {new} (call {s} on this one)",
            "{S} had {old}. Now {S} has {new}.",
            "Q: What's {s}'s number now? A: {new}, says {other}.",
        ],
        "distract": [
            "Voicemail (0:11): hi, it's {other}, new number, call me back",
            "Your contact {other} has updated their number. Reply STOP to opt out.",
            "[ ] get {s} a work phone (budget refused)",
            "> is {s} changing numbers? they thought about it, then didn't",
            "If {s} goes abroad, they'd get a local SIM; not planned.",
            "{S} went through {n} phones in their teens.",
        ],
        "also": [
            "{S} also has a landline, {alt}; both stay.",
            "Q: What's {s2}'s number? A: {alt}.",
            "Voicemail (0:06): hi, it's {s2}, call me on {alt}",
            "  phone: {alt}   # {s2}",
        ],
        "ask": [
            "what's {s}'s number?",
            "Q: How do I reach {s} by phone at present?",
            "/get phone {s}",
        ],
    },
    "manager": {
        "old": [
            "  manager: {old}   # {s}",
            "Q: Who is {s}'s manager? A: {old}.",
            "{S}'s boss is {old}.",
            "/whois {s} -> reports to {old}",
        ],
        "new": [
            "chore: move {s} under {new} (from {old})",
            "{s}: - manager: {old}  + manager: {new}",
            "AGREED: {s} reports to {new} from Monday, not {old}. ACTION: {other} to tell payroll.",
            "Effective 1 May, {s} shall report to {new}; the line to {old} ends.",
            "/set manager {s} {new} -> manager for {s} set to {new}",
            "> {s} still under {old}? nope, {new}",
            "{S} had {old} as boss. Now the boss is {new}.",
            "sorry, typo earlier: {s}'s manager is {new}, not {old}",
            "Q: Who manages {s} now? A: {new}; {old} took another team.",
        ],
        "distract": [
            "AGREED: {s} stays with their manager; moving them to {other} was rejected.",
            "/set manager {s} {other} -> error: not approved",
            "{s}: - desk: 12  + desk: {n}",
            "[ ] put {s} under {other}? (parked)",
            "Should {other} be promoted, {s} may move; not yet.",
            "In their first {n} weeks {s} sat with {other}.",
        ],
        "also": [
            "{S} also has a mentor, {alt}; both stay.",
            "  manager: {alt}   # {s2}",
            "Q: Who is {s2}'s manager? A: {old} too.",
            "/whois {s2} -> reports to {alt}",
        ],
        "ask": [
            "who's {s}'s boss?",
            "Q: Who does {s} report to at present?",
            "/get manager {s}",
        ],
    },
    "favourite": {
        "old": [
            "Q: What editor does {s} use? A: {old}.",
            "{S} likes {old} best. Always {old}.",
            "{S} usa sempre {old}.",
            "  editor: {old}   # {s}",
        ],
        "new": [
            "EDIT: scratch that, {s} is on {new} now, gave up on {old}.",
            "~~{old}~~ {new} -- {s}'s editor, for the record",
            "> {s} still a {old} person? nope, {new}",
            "{S} liked {old}. Now {S} likes {new} more.",
            "{S} usa {new} adesso, non più {old}.",
            "sorry, typo earlier: {s} swears by {new}, not {old}",
            "Q: What does {s} use now? A: {new}; {old} is uninstalled.",
            "[x] {s}: switch from {old} to {new}",
            "Ten years of {old}, and {s} now preaches {new}. Nobody saw that coming.",
        ],
        "distract": [
            "EDIT: it's {s}'s teammate who moved to {other}, not {s}.",
            "> will {s} ever try {other}? they say no",
            "[ ] try {other} for a week ({s}, never started)",
            "{S} zou {other} misschien proberen, maar nog niet.",
            "{S} tried {other} on holiday and went straight back.",
            "At school, {n} years ago, {s} wrote everything in {other}.",
        ],
        "also": [
            "{S} also keeps {alt} around for quick edits; both stay.",
            "Q: What editor does {s2} use? A: {alt}.",
            "{S2} likes {old} best too, same as {s}.",
            "  editor: {alt}   # {s2}",
        ],
        "ask": [
            "what editor does {s} use?",
            "Q: Which editor does {s} prefer at present?",
            "what's {s} typing in, these days?",
        ],
    },
    "car": {
        "old": [
            "Q: What does {s} drive? A: A {old}.",
            "{S} has a {old}. It is blue.",
            "{S} rijdt in een {old}.",
            "  car: {old}   # {s}",
        ],
        "new": [
            "EDIT: scratch that, {s} sold the {old}, it's a {new} now.",
            "~~{old}~~ {new} -- {s}'s car, fixed",
            "> {s} still got the {old}? nope, a {new}",
            "{S} had a {old}. Now {S} has a {new}. It is new.",
            "{S} rijdt nu in een {new}; de {old} is verkocht.",
            "sorry, typo earlier: {s} drives a {new}, not a {old}",
            "Q: What does {s} drive now? A: A {new}; the {old} went.",
            "[x] {s}: trade in the {old} for a {new}",
            "Your parking permit for {s} has been updated to a {new} (was {old}). Reply STOP to opt out.",
        ],
        "distract": [
            "{S} test-drove a {other} and walked away.",
            "EDIT: it's {s}'s brother who bought the {other}.",
            "> would {s} get a {other}? only if it were free",
            "[ ] look at a {other} for {s} (called off)",
            "Your parking permit for {s} has been renewed for {n} months. Reply STOP to opt out.",
            "{S}'s first car was a {other}.",
        ],
        "also": [
            "{S} also keeps a {alt} for weekends; both stay.",
            "Q: What does {s2} drive? A: A {alt}.",
            "{S2} has a {old} too, same as {s}.",
            "  car: {alt}   # {s2}",
        ],
        "ask": [
            "what does {s} drive?",
            "Q: Which car is {s}'s at present?",
            "what car should I look for when {s} picks me up?",
        ],
    },
    "school": {
        "old": [
            "Q: Where does {s}'s daughter go to school? A: {old}.",
            "{S}'s girl goes to {old}. She likes it.",
            "A filha de {s} estuda na {old}.",
            "Voicemail (0:10): hi, it's {s}, I'm at {old} picking up my daughter",
        ],
        "new": [
            "Voicemail (0:24): hi, it's {s}, um, my daughter's at {new} now, not {old}, can you update the pickup list",
            "Your child's school record has been changed to {new} (was {old}). Reply STOP to opt out.",
            "EDIT: scratch that, {s}'s daughter moved to {new}, she's left {old}.",
            "~~{old}~~ {new} -- {s}'s daughter",
            "> {s}'s girl still at {old}? nope, {new}",
            "{S}'s girl went to {old}. Now she goes to {new}.",
            "A filha de {s} agora estuda na {new}, não mais na {old}.",
            "sorry, typo earlier: {s}'s daughter is at {new}, not {old}",
            "Q: Where does {s}'s daughter go now? A: {new}; she left {old} in July.",
        ],
        "distract": [
            "{S}'s daughter was offered a place at {other}; they said no.",
            "Voicemail (0:08): hi, it's Nonna, shall we look at {other} for the little one?",
            "> would {other} suit {s}'s daughter? Nonna thinks so, nobody else does",
            "[ ] visit {other} open day ({s}, cancelled)",
            "{S}'s nephew goes to {other}.",
            "{S}'s daughter did {n} days of holiday club at {other}.",
        ],
        "also": [
            "{S}'s daughter also does swimming at {alt}; both stay.",
            "Q: Where does {s2}'s daughter go to school? A: {alt}.",
            "{S2}'s girl goes to {old} too, with {s}'s.",
            "A filha de {s2} estuda na {alt}.",
        ],
        "ask": [
            "where does {s}'s daughter go to school?",
            "Q: Which school is {s}'s daughter at, at present?",
            "what school is {s}'s girl in?",
        ],
    },
    "team": {
        "old": [
            "  team: {old}   # {s}",
            "Q: What team is {s} on? A: {old}.",
            "{S} is on {old}. That is the team.",
            "/whois {s} -> team {old}",
        ],
        "new": [
            "chore: move {s} from {old} to {new} in the org file",
            "{s}: - team: {old}  + team: {new}",
            "AGREED: {s} joins {new}, leaving {old}. ACTION: HR to update the chart.",
            "/set team {s} {new} -> team for {s} set to {new}",
            "EDIT: scratch that, {s} is on {new} now, not {old}.",
            "> is {s} still in {old}? nope, moved to {new}",
            "{S} zit nu in het {new}-team, niet meer bij {old}.",
            "sorry, typo earlier: {s} is on {new}, not {old}",
            "And {s} crosses the floor to {new}! {old} lose a good one!",
        ],
        "distract": [
            "AGREED: {s} stays put; the move to {other} is rejected.",
            "/set team {s} {other} -> error: not approved",
            "{s}: - floor: 2  + floor: {n}",
            "[ ] lend {s} to {other} for a sprint (cancelled)",
            "{S}'s flatmate joined {other}.",
            "{S} spent a hackathon, {n} years back, with {other}.",
        ],
        "also": [
            "{S} also helps {alt} on Fridays; both stay.",
            "  team: {alt}   # {s2}",
            "Q: What team is {s2} on? A: {old} too.",
            "/whois {s2} -> team {alt}",
        ],
        "ask": [
            "what team is {s} on?",
            "Q: Which team is {s} in at present?",
            "/get team {s}",
        ],
    },
    "language": {
        "old": [
            "  language: {old}   # {s}",
            "Q: What is {s} written in? A: {old}.",
            "{S} is written in {old}.",
            "{S} è scritto in {old}.",
        ],
        "new": [
            "refactor: port {s} from {old} to {new}",
            "{s}: - language: {old}  + language: {new}",
            "### Changed - {S} is now written in {new}; the {old} code is removed.",
            "AGREED: {s} is rewritten in {new}; {old} is dropped. ACTION: ops to update the images.",
            "EDIT: scratch that, {s} is {new} now, not {old}.",
            "~~{old}~~ {new} -- {s}",
            "{S} was {old}. Now {S} is {new}.",
            "{S} adesso è scritto in {new}, non più in {old}.",
            "Q: What is {s} written in now? A: {new}; the {old} version is archived.",
        ],
        "distract": [
            "AGREED: no rewrite of {s}; the {other} proposal is rejected.",
            "{s}: - license: MIT  + license: Apache-2.0",
            "[ ] spike: {s} in {other}? (cancelled)",
            "> would {s} be faster in {other}? maybe, nobody's checking",
            "The service next door was rewritten in {other}.",
            "The first prototype of {s}, {n} files, was in {other}.",
        ],
        "also": [
            "{S} also ships a {alt} client; both stay.",
            "  language: {alt}   # {s2}",
            "Q: What is {s2} written in? A: {old} too.",
            "{S2} è scritto in {alt}.",
        ],
        "ask": [
            "what's {s} written in?",
            "Q: Which language is {s} in at present?",
            "what language would I need to hack on {s}?",
        ],
    },
    "email": {
        "old": [
            "  email: {old}   # {s}",
            "Q: What's {s}'s email? A: {old}.",
            "{S}'s email is {old}.",
            "/whois {s} -> {old}",
        ],
        "new": [
            "fix: point {s}'s alerts at {new} (not {old})",
            "{s}: - email: {old}  + email: {new}",
            "/set email {s} {new} -> email for {s} set to {new}",
            "EDIT: scratch that, {s} is {new} now, {old} bounces.",
            "sorry, typo earlier: {s}'s address is {new}, not {old}",
            "~~{old}~~ {new} -- {s}'s inbox",
            "Your contact {s} changed their email to {new} (was {old}). Reply STOP to opt out.",
            "O e-mail do {s} agora é {new}; o {old} já não é usado.",
            "Q: What's {s}'s email now? A: {new}, according to {other}.",
        ],
        "distract": [
            "/set email {s} -> error: address not verified",
            "Your contact {other} changed their email. Reply STOP to opt out.",
            "[ ] give {s} an alias (idea dropped)",
            "> does {s} have a new address? not that I know of",
            "Should the domain lapse, {s} would need a new address; it won't.",
            "{S} had a student address {n} years ago, long gone.",
        ],
        "also": [
            "{S} also has a personal address, {alt}; both stay.",
            "  email: {alt}   # {s2}",
            "Q: What's {s2}'s email? A: {alt}.",
            "/whois {s2} -> {alt}",
        ],
        "ask": [
            "what's {s}'s email?",
            "Q: Which address reaches {s} at present?",
            "/get email {s}",
        ],
    },
    "version": {
        "old": [
            "pin: {old}   # {s}",
            "Q: What version is {s}? A: {old}.",
            "{S} is on {old}.",
            "  version: {old}   # {s}",
        ],
        "new": [
            "chore: bump {s} to {new}",
            "{s}: - version: {old}  + version: {new}",
            "### Changed - {S} is now {new} in production (was {old}).",
            "AGREED: {s} goes to {new}, {old} retired. ACTION: {other} to watch the dashboards.",
            "pin: {new} (was {old}) for {s}",
            "/set version {s} {new} -> {s} set to {new}",
            "[x] upgrade {s} from {old} to {new}",
            "sorry, typo earlier: prod {s} is {new}, not {old}",
            "And {s} rolls out {new}! {old} is off the pitch!",
        ],
        "distract": [
            "chore: bump the logging library in {s} to v{n}",
            "{s}: - replicas: 4  + replicas: {n}",
            "AGREED: {s} holds its version; the upgrade {other} proposed is rejected.",
            "[ ] upgrade {s}? ({other} asked, no decision)",
            "/set version {s} -> error: release not found",
            "Last winter {s} was frozen for {n} days.",
        ],
        "also": [
            "{S} also ships a CLI at {alt}; both stay.",
            "pin: {alt}   # {s2}",
            "Q: What version is {s2}? A: {old} too.",
            "  version: {alt}   # {s2}",
        ],
        "ask": [
            "what version is {s}?",
            "Q: Which release of {s} is live at present?",
            "/get version {s}",
        ],
    },
}


# A twentyfirst wording set for bench/supersession.py (`twentyfirst`), held out.
# Written 2026-12-06, 03:41-03:43 UTC (per `date -u`), by a helper session started for
# brief briefs/twentyfirst.md. It read ONLY bench/supersession.py (for the format, the 18
# kinds, the placeholders and how `_values`/`make_cases` fill them, and to avoid the
# registers of the twenty earlier sets); nothing under memctl/, tests/, docs/,
# bench/README.md, nor anything under notes/ besides what it wrote.
#
# Registers aimed at (absent or rare in the earlier sets, checked by grep): a SQL statement
# ("UPDATE settings SET host = 'Y' WHERE ..."); a JSON Patch ({"op": "replace", "path":
# "/host", "value": "Y"}); a newspaper correction ("Correction: an earlier version of this
# note said X; it is Y"); a numbered tweet thread ("2/ ..."); a kanban card move ("moved
# 'X' from Doing to Done"); a code comment ("@deprecated use Y", "TODO: remove X after the
# switch to Y"); a shell line ("export HOST=Y"); a crontab line; a notice on a door
# ("Notice: as of Monday, ..."); a receipt or invoice line; an error-and-failover log
# ("ERROR X unreachable, failing over to Y"); a haiku (slashes between its lines); teenage
# slang ("bruh", "ngl", "it's giving"); a passive-aggressive office note ("As per my last
# note, ..."); a sentence in Polish, Japanese or Swedish around the value; a phone-menu
# transcript ("press 2 for ..."); weather- and traffic-report style; a recipe step ("swap
# X for Y"); podcast show notes; an out-of-office auto-reply.
# Distractors: plans called off, someone else's value, hypotheticals, questions, a change
# proposed and rejected, a past value for a different time, the same change words about a
# different subject -- mostly in the same registers (an UPDATE of another column, a JSON
# Patch of another path, a correction about something else, a card moved back to Backlog,
# a TODO never done, a failover that failed back, a slang "maybe"); none names {old} or
# {new}.
# "also" lines: the same subject's second value ("... also ...; both stay"), and a second
# subject in the same registers, with its own value ({alt}) or the same value as {old}.
#
# Placeholders, as make_cases fills them:
#   old/new/ask: {s} {S} {old} {new} (and {other}, {n})
#   distract:    {s} {S} {other} {n}   ({other} is a value of the same sort for home,
#                employer, favourite, car, school, team and language; a person's name
#                for every other kind)
#   also:        {s} {S} {s2} {S2} {alt} {old}   (the first line of each kind has no
#                {s2}: make_cases falls back to it when no second subject is left)
# No "new" line uses {s2}/{S2}/{alt}, nor {other}.
# No "ask" line uses {old} or {new}; every "new" line names {new}; no "old" line names
# {new}.
# No people are named inside lines other than through placeholders.
# For the tool kind the subject is "The X team" (capital T), so {S} is put at the start
# of a line or after a colon.
# The school kind is about the subject's son throughout.
# JSON braces are doubled ({{ }}) so that str.format leaves them as single braces.
# One line each, no leading "- " (write() adds the bullet).
# Checked by check_twentyfirst.py (same folder): kinds, keys, placeholders, counts.

TWENTYFIRST: dict[str, dict[str, list[str]]] = {
    "host": {
        "old": [
            "SELECT host FROM services WHERE name = '{s}';  -- returns '{old}'",
            "export HOST={old}   # {s}",
            "Notice: {s} lives on {old}. Do not reboot {old} without asking.",
            "1/ quick thread on where things run: {s} is on {old}.",
        ],
        "new": [
            "UPDATE services SET host = '{new}' WHERE name = '{s}';  -- was '{old}'",
            '{s}: {{"op": "replace", "path": "/host", "value": "{new}"}}',
            "Correction: an earlier version of this note said {s} runs on {old}; it runs on {new}.",
            "2/ and yes, {s} moved off {old} last night, it's on {new} now.",
            "ERROR {old} unreachable, failing over {s} to {new} (failover is permanent, {old} is gone)",
            "TODO: remove the {old} fallback for {s} after the switch to {new} (switch done)",
            "export HOST={new}   # {s}; not {old} any more",
            "Notice: as of Monday, {s} is served from {new}. {old} has been switched off.",
            "Traffic update: all requests for {s} now diverted to {new}; the {old} route is closed for good.",
        ],
        "distract": [
            "UPDATE services SET replicas = {n} WHERE name = '{s}';",
            '{s}: {{"op": "replace", "path": "/timeout", "value": {n}}}',
            "ERROR {s} health check slow, failing over considered, {other} said no",
            "moved 'new box for {s}' from Doing back to Backlog",
            "As per my last note, whoever keeps SSHing into {s} as root: please stop. Thanks.",
            "If {s} ever outgrows its box, {other} would pick the next one; it hasn't.",
        ],
        "also": [
            "{S} also has a read replica on {alt}; both hosts stay.",
            "export HOST={alt}   # {s2}",
            "Notice: {s2} lives on {old} too, next to {s}.",
            "SELECT host FROM services WHERE name = '{s2}';  -- returns '{alt}'",
        ],
        "ask": [
            "SELECT host FROM services WHERE name = '{s}';",
            "echo $HOST for {s}?",
            "which machine is {s} on right now?",
        ],
    },
    "home": {
        "old": [
            "{S} mieszka w {old}.",
            "{S} bor i {old}.",
            "{S}は{old}に住んでいます。",
            "Out of office: {S} is at home in {old} this week.",
        ],
        "new": [
            "{S} mieszka teraz w {new}, już nie w {old}.",
            "{S} bor i {new} nu, inte längre i {old}.",
            "{S}は{old}から{new}に引っ越しました。",
            "Correction: an earlier version of this newsletter said {s} lives in {old}; {s} lives in {new}.",
            "3/ plot twist: {s} packed up and left {old}. living in {new} now. more soon",
            "bruh {s} really left {old} for {new}, no cap, it's giving main character",
            "Boxes packed in {old} / a new door key in {new} / {s} sleeps well there",
            "Out of office: I am moving house. My address is no longer in {old}; from today post goes to {s} in {new}.",
            "Weather for {s}'s new home town, {new}: cloudy. (They left {old} last month.)",
        ],
        "distract": [
            "{S} może przeprowadzi się do {other}, ale jeszcze nie wiadomo.",
            "{S}の妹は{other}に住んでいます。",
            "bruh {s} keeps saying they'll move to {other}, ngl never happening",
            "Correction: an earlier version of this note said {s}'s sister lives in {other}; she lives with her partner.",
            "moved 'flat hunting in {other}' for {s} from Doing to Won't do",
            "{S} spent {n} summers in {other} as a kid.",
        ],
        "also": [
            "{S} also keeps a cabin in {alt}; both homes stay.",
            "{S2} bor i {alt}.",
            "{S2} mieszka w {old}, tak jak {s}.",
            "{S2}は{alt}に住んでいます。",
        ],
        "ask": [
            "where does {s} live?",
            "{S}はどこに住んでいますか?",
            "var bor {s} nu?",
        ],
    },
    "employer": {
        "old": [
            "{S} works at {old}.",
            "{S} jobbar på {old}.",
            "{S}は{old}で働いています。",
            "Out of office: I'm away until the {n}th. {S}, {old}.",
        ],
        "new": [
            "Out of office: {s} no longer works at {old}. Please contact {s} at {new} instead.",
            "Correction: an earlier version of this article said {s} works for {old}; {s} now works for {new}.",
            "2/ personal news: left {old} on Friday, started at {new} today. -- {s}",
            "{S} jobbar på {new} nu, slutade på {old} i våras.",
            "{S} pracuje teraz w {new}; odszedł z {old}.",
            "{S}は{old}を辞めて、今は{new}で働いています。",
            "ngl {s} quitting {old} for {new} was lowkey iconic",
            "moved card 'offer from {new}' from Doing to Done ({s}, resigned from {old})",
            "Show notes, ep. {n}: our guest {s}, formerly of {old}, now engineering lead at {new}.",
        ],
        "distract": [
            "Out of office: {s} is on leave; for {other} questions contact the front desk.",
            "{S} fick ett erbjudande från {other} men tackade nej.",
            "moved card 'interview at {other}' for {s} from Doing to Rejected",
            "Show notes, ep. {n}: {s} talks about an internship at {other} years ago.",
            "bruh would {s} ever work at {other}? nah",
            "{S}'s husband consults for {other}.",
        ],
        "also": [
            "{S} also sits on the board of {alt}; both stay.",
            "{S2} jobbar på {alt}.",
            "{S2} works at {old} too, same floor as {s}.",
            "{S2}は{alt}で働いています。",
        ],
        "ask": [
            "where does {s} work?",
            "{S}はどこで働いていますか?",
            "who's paying {s}'s salary these days?",
        ],
    },
    "date": {
        "old": [
            "UPDATE milestones SET due = '{old}' WHERE name = '{s}';",
            "0 9 * * * remind-team '{s} is on {old}'",
            "Notice: {S} is scheduled for {old}.",
            "card: {s} -- due {old}",
        ],
        "new": [
            "UPDATE milestones SET due = '{new}' WHERE name = '{s}';  -- moved from '{old}'",
            '{s}: {{"op": "replace", "path": "/due", "value": "{new}"}}',
            "Correction: an earlier version of this bulletin gave {old} for {s}; the date is {new}.",
            "Notice: as of today, {s} takes place on {new}, not {old}. Plan accordingly.",
            "0 9 * * * remind-team '{s} is on {new}'   # changed from {old}",
            "card: {s} -- due {new} (was {old}), moved from Doing to Blocked-then-replanned",
            "As per my last email, {s} is on {new}. Not {old}. Please update your calendars.",
            "4/ so {s} slipped. {old} is dead, long live {new}.",
            "Forecast for {s}: the {old} date has blown over; expect it on {new}.",
        ],
        "distract": [
            "UPDATE milestones SET owner = '{other}' WHERE name = '{s}';",
            '{s}: {{"op": "test", "path": "/due"}}  -- check only, nothing changed',
            "moved card 'push {s} back?' from Doing to Rejected",
            "Correction: the budget for {s} is {n}k, not {n}0k; the date is unchanged.",
            "If legal is late, {s} would slip a week; legal was on time.",
            "Last year's {s} ran {n} days over.",
        ],
        "also": [
            "{S} also has a dry run on {alt}; both dates stay.",
            "UPDATE milestones SET due = '{alt}' WHERE name = '{s2}';",
            "Notice: {S2} is on {old} as well, same day as {s}.",
            "card: {s2} -- due {alt}",
        ],
        "ask": [
            "SELECT due FROM milestones WHERE name = '{s}';",
            "when is {s} happening?",
            "what's the date for {s}?",
        ],
    },
    "owner": {
        "old": [
            "# @owner {old} -- {s}",
            "SELECT owner FROM services WHERE name = '{s}';  -- '{old}'",
            "card: {s} -- owner {old}",
            "For {s}, press 2 to reach {old}.",
        ],
        "new": [
            "UPDATE services SET owner = '{new}' WHERE name = '{s}';  -- previously '{old}'",
            '{s}: {{"op": "replace", "path": "/owner", "value": "{new}"}}',
            "# @deprecated owner {old}; use {new} for {s}",
            "Correction: an earlier version of this page listed {old} as owner of {s}; the owner is {new}.",
            "moved card '{s} handover' from Doing to Done: {old} -> {new}",
            "For {s}, press 2 to reach {new}. ({old} is no longer on this line.)",
            "As per my previous message, {s} belongs to {new} now. {old} is not the person to ping.",
            "Out of office: I ({old}) no longer look after {s}; please contact {new} instead.",
            "5/ boring but important: {new} owns {s} now. thanks {old} for the years",
        ],
        "distract": [
            "UPDATE services SET tier = {n} WHERE name = '{s}';",
            "moved card 'hand {s} to {other}' from Doing to Rejected",
            "# TODO: maybe give {s} to {other}? (never done)",
            "For billing questions about {s}, press 3 to reach {other}.",
            "Out of office: {other} is away; {s} questions can wait till they're back.",
            "{n} years ago {s} belonged to {other}.",
        ],
        "also": [
            "{alt} also co-owns {s}; both stay.",
            "# @owner {alt} -- {s2}",
            "card: {s2} -- owner {old}",
            "SELECT owner FROM services WHERE name = '{s2}';  -- '{alt}'",
        ],
        "ask": [
            "SELECT owner FROM services WHERE name = '{s}';",
            "who do I page about {s}?",
            "who owns {s}?",
        ],
    },
    "role": {
        "old": [
            "{old} is the {s}.",
            "card: {s} -- {old}",
            "For the {s}, press 4 to reach {old}.",
            "{old} är {s}.",
        ],
        "new": [
            "UPDATE roles SET holder = '{new}' WHERE role = '{s}';  -- was '{old}'",
            "Correction: an earlier version of this memo named {old} as {s}; the {s} is {new}.",
            "Notice: as of Monday, the {s} is {new}. {old} has stepped down.",
            "For the {s}, press 4 to reach {new}. {old} has changed roles.",
            "{new} är {s} nu, inte längre {old}.",
            "{new}さんが{old}さんに代わって{s}になりました。",
            "moved card '{s}: {new}' from Doing to Done ({old} handed over)",
            "As per my last note, the {s} is {new}. Kindly stop asking {old}.",
            "Show notes, ep. {n}: {new}, the new {s} (taking over from {old}), on their first month.",
        ],
        "distract": [
            "UPDATE roles SET deputy = '{other}' WHERE role = '{s}';",
            "moved card 'make {other} {s}?' from Doing to Rejected",
            "Correction: {other} is the {s} at the sister company, not here.",
            "If the {s} is on leave, press 5 for {other}.",
            "bruh {other} as {s}? ngl would be wild, not happening",
            "{other} was acting {s} for {n} days last spring.",
        ],
        "also": [
            "{alt} is also a deputy {s}; both stay.",
            "card: {s2} -- {alt}",
            "{old} is the {s2} as well.",
            "{alt} är {s2}.",
        ],
        "ask": [
            "who's the {s}?",
            "SELECT holder FROM roles WHERE role = '{s}';",
            "if I press 4 for the {s}, who picks up?",
        ],
    },
    "tool": {
        "old": [
            "{S}: export CI={old}",
            "{S}: card: CI -- {old}",
            "{S}: Notice: all builds run on {old}.",
            "{S}: SELECT ci FROM teams;  -- '{old}'",
        ],
        "new": [
            "{S}: UPDATE teams SET ci = '{new}';  -- was '{old}'",
            '{S}: {{"op": "replace", "path": "/ci", "value": "{new}"}}',
            "{S}: export CI={new}   # {old} is gone",
            "{S}: # TODO: remove the {old} config after the switch to {new} (switch done, cleanup pending)",
            "{S}: ERROR {old} unreachable, failing over to {new}; not going back, {old} is decommissioned",
            "{S}: moved 'migrate CI from {old} to {new}' from Doing to Done",
            "{S}: Notice: as of Monday, builds run on {new}. {old} is read-only.",
            "{S}: swap {old} for {new}, stir, and wait for the pipelines to go green.",
            "{S}: 2/ we ditched {old}. everything builds on {new} now. thread continues",
        ],
        "distract": [
            "{S}: UPDATE teams SET slack_channel = '#builds-{n}';",
            "{S}: moved 'trial another CI' from Doing to Rejected ({other}'s idea)",
            "{S}: ERROR runner {n} unreachable, failing over to runner {n}b; failed back an hour later",
            "{S}: # TODO: evaluate other CI systems (owner: {other}, never started)",
            "{S}: As per my last note, please stop retrying flaky builds by hand.",
            "{S}: {other}'s team swapped their CI; ours stayed as is.",
        ],
        "also": [
            "{S} also uses {alt} for nightly builds; both stay.",
            "{S2}: export CI={alt}",
            "{S2}: Notice: all builds run on {old}, same as {s}.",
            "{S2}: card: CI -- {alt}",
        ],
        "ask": [
            "{S}: echo $CI?",
            "{S}: which CI do we run on?",
            "{S}: where do the builds go?",
        ],
    },
    "meeting": {
        "old": [
            "{old} daily: {s}",
            "Notice: {S} starts at {old} sharp.",
            "card: {s} -- {old}",
            "{S} börjar {old}.",
        ],
        "new": [
            "UPDATE meetings SET starts = '{new}' WHERE name = '{s}';  -- was '{old}'",
            '{s}: {{"op": "replace", "path": "/time", "value": "{new}"}}',
            "Notice: as of Monday, {s} starts at {new}. The {old} slot is gone.",
            "Correction: an earlier version of this post said {s} is at {old}; it is at {new}.",
            "{S} börjar {new} nu, inte {old}.",
            "{S}は{old}から{new}に変更になりました。",
            "As per my last three messages, {s} is at {new}. Not {old}. {new}.",
            "Traffic and travel: {s} has moved from {old} to {new}; plan your coffee run accordingly.",
            "{old} was too soon / now {s} begins at {new} / the coffee is hot",
        ],
        "distract": [
            "UPDATE meetings SET room = '{n}B' WHERE name = '{s}';",
            "moved card 'move {s} later?' from Doing to Rejected",
            "Notice: {s} is in room {n} this week only.",
            "Correction: the notes from {s} were taken by {other}, not by the chair.",
            "If the US office joins, {s} would shift; they have not joined.",
            "Last year {s} ran {n} minutes over most days.",
        ],
        "also": [
            "{S} also has a Friday retro at {alt}; both stay.",
            "Notice: {S2} starts at {alt} sharp.",
            "{S2} is at {old} too, right after {s}.",
            "card: {s2} -- {alt}",
        ],
        "ask": [
            "what time is {s}?",
            "{S}は何時からですか?",
            "SELECT starts FROM meetings WHERE name = '{s}';",
        ],
    },
    "name": {
        "old": [
            "The {s} is called {old}.",
            "<title>{old}</title>  <!-- the {s} -->",
            "card: the {s} -- title {old}",
            "Notice: the {s} is {old}.",
        ],
        "new": [
            "UPDATE pages SET title = '{new}' WHERE page = 'the {s}';  -- was '{old}'",
            'the {s}: {{"op": "replace", "path": "/title", "value": "{new}"}}',
            "Correction: an earlier version of this note called the {s} {old}; it is called {new}.",
            "<title>{new}</title>  <!-- the {s}; @deprecated title {old} -->",
            "moved card 'rename the {s} to {new}' from Doing to Done ({old} retired)",
            "Notice: as of Monday, the {s} is called {new}, no longer {old}.",
            "As per the rename, it's {new}. The {s} has not been {old} for a week.",
            "ngl the {s} being {new} instead of {old} is so much better",
            "Old sign says {old} / the {s} wears {new} now / the paint is still wet",
        ],
        "distract": [
            "UPDATE pages SET theme = 'dark' WHERE page = 'the {s}';",
            'the {s}: {{"op": "replace", "path": "/logo", "value": "logo-{n}.png"}}',
            "moved card 'rename the {s}?' from Doing to Rejected ({other}'s proposal)",
            "Correction: the {s} was written by {other}, not by the team lead.",
            "If we rebrand, the {s} would get a new name; we are not rebranding.",
            "{other}'s blog got renamed; the {s} did not.",
        ],
        "also": [
            "The {s} also goes by {alt}; both names stay.",
            "<title>{alt}</title>  <!-- the {s2} -->",
            "The {s2} is called {old} too, like the {s}.",
            "card: the {s2} -- title {alt}",
        ],
        "ask": [
            "what's the {s} called?",
            "SELECT title FROM pages WHERE page = 'the {s}';",
            "what do we call the {s}?",
        ],
    },
    "phone": {
        "old": [
            "{S}'s phone is {old}.",
            "To reach {s}, press 1, or dial {old}.",
            "{S}s nummer är {old}.",
            "Out of office: {s} is reachable on {old} for urgent matters.",
        ],
        "new": [
            "UPDATE contacts SET phone = '{new}' WHERE name = '{s}';  -- was '{old}'",
            '{s}: {{"op": "replace", "path": "/phone", "value": "{new}"}}',
            "Out of office: my old number {old} is disconnected; for urgent matters call {s} on {new} instead.",
            "To reach {s}, press 1, or dial {new}. The number {old} is no longer in service.",
            "Correction: an earlier version of this list gave {old} for {s}; the number is {new}.",
            "{S}s nummer är {new} nu, inte {old}.",
            "{S}の電話番号は{old}から{new}に変わりました。",
            "bruh {s} got a new number, {new}, the {old} one is dead fr",
            "Invoice line: SIM swap for {s}, old {old}, new {new}, 1 x 15.00",
        ],
        "distract": [
            "UPDATE contacts SET birthday = '03-{n}' WHERE name = '{s}';",
            "Out of office: {other} is on leave; their number is unchanged.",
            "To reach {other}, press 3.",
            "moved card 'work phone for {s}' from Doing to Rejected (budget)",
            "If {s} goes abroad, they'd get a local SIM; the trip is off.",
            "{S} went through {n} phones in their teens.",
        ],
        "also": [
            "{S} also has a desk line, {alt}; both stay.",
            "{S2}s nummer är {alt}.",
            "To reach {s2}, press 2, or dial {alt}.",
            "{S2}'s phone is {alt}.",
        ],
        "ask": [
            "what's {s}'s number?",
            "{S}の電話番号は?",
            "which number do I dial for {s}?",
        ],
    },
    "manager": {
        "old": [
            "{S} reports to {old}.",
            "card: {s} -- manager {old}",
            "{S}s chef är {old}.",
            "SELECT manager FROM staff WHERE name = '{s}';  -- '{old}'",
        ],
        "new": [
            "UPDATE staff SET manager = '{new}' WHERE name = '{s}';  -- was '{old}'",
            '{s}: {{"op": "replace", "path": "/manager", "value": "{new}"}}',
            "Correction: an earlier version of the org chart showed {s} under {old}; {s} reports to {new}.",
            "Notice: as of Monday, {s} reports to {new}. {old} has a new team.",
            "{S}s chef är {new} nu, inte {old}.",
            "{S}の上司は{old}さんから{new}さんに変わりました。",
            "moved card '{s}: change of manager' from Doing to Done ({old} -> {new})",
            "Out of office: for approvals for {s}, contact {new} instead of {old}.",
            "ngl {s} getting {new} as boss after {old} is a glow-up",
        ],
        "distract": [
            "UPDATE staff SET desk = {n} WHERE name = '{s}';",
            "moved card 'put {s} under {other}?' from Doing to Rejected",
            "Correction: {other} is {s}'s mentor, not a manager; nothing else changed.",
            "Out of office: {other} is away; {s}'s 1:1 is skipped this week.",
            "If {other} is promoted, {s} may move; not yet.",
            "In their first {n} weeks {s} shadowed {other}.",
        ],
        "also": [
            "{S} also has a mentor, {alt}; both stay.",
            "{S2} reports to {alt}.",
            "{S2}s chef är {old} också, precis som för {s}.",
            "card: {s2} -- manager {alt}",
        ],
        "ask": [
            "who's {s}'s boss?",
            "SELECT manager FROM staff WHERE name = '{s}';",
            "who signs {s}'s holiday requests?",
        ],
    },
    "favourite": {
        "old": [
            "{S}'s favourite editor is {old}.",
            "export EDITOR={old}   # {s}'s dotfiles",
            "{S} använder alltid {old}.",
            "{S}のお気に入りのエディタは{old}です。",
        ],
        "new": [
            "export EDITOR={new}   # {s}'s dotfiles; was {old}",
            '{s}\'s dotfiles: {{"op": "replace", "path": "/editor", "value": "{new}"}}',
            "Correction: an earlier version of this profile said {s} prefers {old}; {s} prefers {new}.",
            "{S} använder {new} nu, inte {old} längre.",
            "{S}のお気に入りは{old}じゃなくて、今は{new}です。",
            "bruh {s} dropped {old} for {new}, the betrayal is real, no cap",
            "Show notes, ep. {n}: {s} explains leaving {old} behind and why {new} won them over.",
            "Swap {old} for {new}, season with plugins to taste -- {s}'s setup, revised",
            "Cursor blinks in {new} / {old} closed for good at last / {s} types faster",
        ],
        "distract": [
            "export PAGER=less   # {s}'s dotfiles",
            "bruh {s} said they might try {other}, ngl doubt it",
            "moved card 'try {other} for a week' ({s}) from Doing to Won't do",
            "Correction: it was {s}'s teammate who switched to {other}.",
            "Show notes, ep. {n}: the guest, not {s}, raves about {other}.",
            "At school {s} wrote everything in {other}.",
        ],
        "also": [
            "{S} also keeps {alt} for quick edits; both stay.",
            "export EDITOR={alt}   # {s2}'s dotfiles",
            "{S2}'s favourite editor is {old} too, same as {s}.",
            "{S2} använder alltid {alt}.",
        ],
        "ask": [
            "what's {s}'s favourite editor?",
            "echo $EDITOR on {s}'s laptop?",
            "what does {s} write code in, editor-wise?",
        ],
    },
    "car": {
        "old": [
            "{S} drives a {old}.",
            "Parking notice: the {old} in bay {n} belongs to {s}.",
            "{S} kör en {old}.",
            "{S}の車は{old}です。",
        ],
        "new": [
            "Receipt: 1 x {new} for {s}; less trade-in allowance for a {old}.",
            "Parking notice: as of Monday, {s}'s bay is for the {new}. The {old} is sold.",
            "Correction: an earlier version of this note said {s} drives a {old}; it is a {new}.",
            "{S} kör en {new} nu, {old} är såld.",
            "{S}は{old}を売って、{new}を買いました。",
            "{S} jeździ teraz {new}; {old} sprzedany.",
            "bruh {s} traded the {old} for a {new}, it's giving midlife crisis",
            "Traffic: {s}'s {new} spotted on the ring road; the old {old} is off the road for good.",
            "moved card 'sell the {old}' from Doing to Done; {s} drives the {new} now",
        ],
        "distract": [
            "{S} test-drove a {other} and walked away.",
            "Parking notice: {s}'s permit is renewed for {n} months.",
            "Receipt: {s}, 1 x winter tyres, 1 x wiper blades.",
            "moved card 'look at a {other}' ({s}) from Doing to Won't do",
            "bruh would {s} get a {other}? only if it were free",
            "{S}'s first car was a {other}.",
        ],
        "also": [
            "{S} also keeps a {alt} for weekends; both stay.",
            "{S2} kör en {alt}.",
            "{S2} drives a {old} too, same as {s}.",
            "{S2}の車は{alt}です。",
        ],
        "ask": [
            "what does {s} drive?",
            "which car is {s}'s in the car park?",
            "{S}の車は何ですか?",
        ],
    },
    "school": {
        "old": [
            "{S}'s son goes to {old}.",
            "{S}s son går på {old}.",
            "{S}の息子は{old}に通っています。",
            "Invoice line: {old}, autumn term, {s}'s son, paid.",
        ],
        "new": [
            "Invoice line: {new}, spring term, {s}'s son (transferred from {old}).",
            "Notice: as of Monday, {s}'s son attends {new}. Please remove him from the {old} pickup list.",
            "Correction: an earlier version of this newsletter said {s}'s son attends {old}; he attends {new}.",
            "{S}s son går på {new} nu, inte {old}.",
            "{S}の息子は{old}から{new}に転校しました。",
            "Syn {s} chodzi teraz do {new}, już nie do {old}.",
            "bruh {s}'s son left {old} for {new}, he's lowkey thriving",
            "Out of office: school run changed -- {s}'s son is at {new} now, not {old}; I leave at 3.",
            "New blazer for {new} / the {old} one handed down / {s}'s boy grew up",
        ],
        "distract": [
            "{S}'s son was offered a place at {other}; they said no.",
            "Notice: {other} closes early on Friday for staff training.",
            "moved card 'visit {other} open day' ({s}) from Doing to Won't do",
            "Correction: it is {s}'s nephew who goes to {other}.",
            "Invoice line: holiday club at {other}, {n} days, {s}'s son.",
            "bruh would {s}'s son switch to {other}? nah, all his mates stay",
        ],
        "also": [
            "{S}'s son also does Saturday music at {alt}; both stay.",
            "{S2}s son går på {alt}.",
            "{S2}'s son goes to {old} too, same class as {s}'s.",
            "{S2}の息子は{alt}に通っています。",
        ],
        "ask": [
            "where does {s}'s son go to school?",
            "{S}の息子はどこの学校ですか?",
            "which school do I pick {s}'s boy up from?",
        ],
    },
    "team": {
        "old": [
            "{S} is on the {old} team.",
            "card: {s} -- team {old}",
            "{S} jobbar i {old}-teamet.",
            "SELECT team FROM staff WHERE name = '{s}';  -- '{old}'",
        ],
        "new": [
            "UPDATE staff SET team = '{new}' WHERE name = '{s}';  -- was '{old}'",
            '{s}: {{"op": "replace", "path": "/team", "value": "{new}"}}',
            "moved card '{s}' from the {old} board to the {new} board",
            "Correction: an earlier version of this chart put {s} on {old}; {s} is on {new}.",
            "{S} jobbar i {new}-teamet nu, inte {old}.",
            "{S}は{old}チームから{new}チームに移りました。",
            "Out of office: I've moved from {old} to {new}; for {old} questions ask the {old} channel. -- {s}",
            "As per the reorg email, {s} sits with {new}. Not {old}. Please update your mental model.",
            "ngl {s} moving from {old} to {new} is the plot twist of the year",
        ],
        "distract": [
            "UPDATE staff SET floor = {n} WHERE name = '{s}';",
            "moved card 'lend {s} to {other}' from Doing to Rejected",
            "Correction: {s}'s flatmate joined {other}, not {s}.",
            "If the reorg happens, {s} would go to {other}; it was shelved.",
            "bruh {s} on {other}? nah",
            "{S} spent a hackathon with {other} {n} years back.",
        ],
        "also": [
            "{S} also helps {alt} on Fridays; both stay.",
            "card: {s2} -- team {alt}",
            "{S2} is on the {old} team too, with {s}.",
            "{S2} jobbar i {alt}-teamet.",
        ],
        "ask": [
            "what team is {s} on?",
            "SELECT team FROM staff WHERE name = '{s}';",
            "which board is {s}'s card on?",
        ],
    },
    "language": {
        "old": [
            "{S} is written in {old}.",
            "# {s}: {old} codebase",
            "{S} är skrivet i {old}.",
            "card: {s} -- stack {old}",
        ],
        "new": [
            "# @deprecated the {old} implementation of {s}; use the {new} one",
            "TODO: remove the last {old} files from {s} after the switch to {new} (switch shipped)",
            '{s}: {{"op": "replace", "path": "/language", "value": "{new}"}}',
            "Correction: an earlier version of this post said {s} is written in {old}; it is written in {new}.",
            "{S} är skrivet i {new} nu, inte {old}.",
            "{S}は{old}から{new}に書き直されました。",
            "moved card 'rewrite {s} in {new}' from Doing to Done; {old} code deleted",
            "Show notes, ep. {n}: why we rewrote {s} from {old} to {new}.",
            "3/ the {old} version of {s} is gone. all {new} now. ask me anything",
        ],
        "distract": [
            "# TODO: maybe port {s} to {other} one day (nobody assigned)",
            "moved card 'spike: {s} in {other}' from Doing to Rejected",
            '{s}: {{"op": "replace", "path": "/license", "value": "Apache-2.0"}}',
            "Show notes, ep. {n}: a guest asks whether {s} would be faster in {other}; nobody knows.",
            "Correction: the service next door is the one written in {other}.",
            "The first prototype of {s}, {n} files, was in {other}.",
        ],
        "also": [
            "{S} also ships a {alt} client; both stay.",
            "# {s2}: {alt} codebase",
            "{S2} is written in {old} too, like {s}.",
            "{S2} är skrivet i {alt}.",
        ],
        "ask": [
            "what's {s} written in?",
            "which language would I need to hack on {s}?",
            "{S}は何の言語で書かれていますか?",
        ],
    },
    "email": {
        "old": [
            "{S}'s email is {old}.",
            "export {s}_MAIL={old}",
            "Out of office: I am away. -- {s} <{old}>",
            "SELECT email FROM contacts WHERE name = '{s}';  -- '{old}'",
        ],
        "new": [
            "UPDATE contacts SET email = '{new}' WHERE name = '{s}';  -- was '{old}'",
            '{s}: {{"op": "replace", "path": "/email", "value": "{new}"}}',
            "Out of office: this address ({old}) is no longer monitored; please contact {s} at {new} instead.",
            "Correction: an earlier version of this list gave {old} for {s}; the address is {new}.",
            "export {s}_MAIL={new}   # {old} bounces",
            "ERROR delivery to {old} failed permanently; {s}'s mail now routed to {new}",
            "{S}s mejl är {new} nu, inte {old}.",
            "{S}のメールアドレスは{old}から{new}に変わりました。",
            "As per my last email (sent from {new}), please stop writing to {old}. -- {s}",
        ],
        "distract": [
            "UPDATE contacts SET signature = 'Best, {s}' WHERE name = '{s}';",
            "Out of office: {other} is away until the {n}th; no change of address.",
            "ERROR delivery to {s} delayed {n} minutes, retried, delivered",
            "moved card 'alias for {s}' from Doing to Rejected",
            "If the domain lapses, {s} would need a new address; it was renewed.",
            "{S} had a student address years ago, long gone.",
        ],
        "also": [
            "{S} also has a personal address, {alt}; both stay.",
            "export {s2}_MAIL={alt}",
            "{S2}'s email is {alt}.",
            "Out of office: I am away. -- {s2} <{alt}>",
        ],
        "ask": [
            "what's {s}'s email?",
            "SELECT email FROM contacts WHERE name = '{s}';",
            "which address do I cc for {s}?",
        ],
    },
    "version": {
        "old": [
            "{S} is on {old}.",
            "export VERSION={old}   # {s}",
            "card: {s} -- v{old}",
            "SELECT version FROM deploys WHERE service = '{s}';  -- '{old}'",
        ],
        "new": [
            "UPDATE deploys SET version = '{new}' WHERE service = '{s}';  -- was '{old}'",
            '{s}: {{"op": "replace", "path": "/version", "value": "{new}"}}',
            "# @deprecated {s} {old}; use {new}",
            "export VERSION={new}   # {s}, bumped from {old}",
            "moved card 'roll {s} to {new}' from Doing to Done ({old} retired)",
            "ERROR {s} {old} pods crashlooping, failing over to {new}; rollout complete, {old} removed",
            "30 3 * * 1 deploy {s} {new}   # pinned; the {old} job is deleted",
            "Correction: an earlier version of these release notes said {s} runs {old}; it runs {new}.",
            "Show notes, ep. {n}: what's new in {s} {new}, and why we left {old} behind.",
        ],
        "distract": [
            "UPDATE deploys SET replicas = {n} WHERE service = '{s}';",
            '{s}: {{"op": "replace", "path": "/replicas", "value": {n}}}',
            "moved card 'upgrade {s}?' from Doing to Rejected ({other}'s proposal)",
            "ERROR {s} canary failed, failing back to current; no version change",
            "# TODO: upgrade {s} someday (owner: {other})",
            "Last winter {s} was frozen for {n} days.",
        ],
        "also": [
            "{S} also ships a CLI at {alt}; both stay.",
            "export VERSION={alt}   # {s2}",
            "{S2} is on {old} too, like {s}.",
            "card: {s2} -- v{alt}",
        ],
        "ask": [
            "what version is {s}?",
            "SELECT version FROM deploys WHERE service = '{s}';",
            "which release of {s} is live?",
        ],
    },
}


# A twentysecond wording set for bench/supersession.py (`twentysecond`), held out.
# Written 2026-12-06, 05:28-05:31 UTC (per `date -u`), by a helper session started for
# brief briefs/twentysecond.md. It read ONLY bench/supersession.py (for the format, the 18
# kinds, the placeholders and how `_values`/`make_cases` fill them, and to avoid the
# registers of the twenty-one earlier sets); nothing under memctl/, tests/, docs/,
# bench/README.md, nor anything under notes/ besides what it wrote.
#
# Registers aimed at (absent or rare in the earlier sets, checked by grep): a Terraform plan
# line ('~ host = "X" -> "Y"'); a unified diff of a config file folded onto one line
# ("-host: X / +host: Y"); a Markdown strikethrough ("~~X~~ Y"); HTML <del>X</del>
# <ins>Y</ins>; a git commit subject ("chore: point staging at Y (was X)"); a contract
# amendment ("Clause 4.2 is amended to read ..."); meeting minutes with an action item; a
# voicemail transcript with fillers ("uh, so, it's Y now, not X"); telegram style ("X
# CANCELLED STOP NOW Y STOP"); a subtitle (SRT) block on one line; a CSV row after its
# header ("name,city | X,Y"); kubectl and systemd status lines; pirate and Shakespearean
# pastiche; a children's-book sentence; sentences in Italian, Portuguese, Turkish and
# Korean around the value; sports commentary; an airport departures-board line; a
# lost-and-found notice; a quiz answer correction; a dating-app bio update.
# No "reverted/rolled back to X" (it would make the old value current again).
# Distractors: plans called off, someone else's value, hypotheticals, questions (voicemails
# asking), a change proposed and rejected (minutes), a past value for a different time, the
# same change words about a different subject (a Terraform plan of another attribute, a
# chore commit that touches something else, a clause amended about something else); none
# names {old} or {new}.
# "also" lines: the same subject's second value ("... also ...; both stay"), and a second
# subject in the same registers, with its own value ({alt}) or the same value as {old}.
#
# Placeholders, as make_cases fills them:
#   old/new/ask: {s} {S} {old} {new} (and {other}, {n})
#   distract:    {s} {S} {other} {n}   ({other} is a value of the same sort for home,
#                employer, favourite, car, school, team and language; a person's name
#                for every other kind)
#   also:        {s} {S} {s2} {S2} {alt} {old}   (the first line of each kind has no
#                {s2}/{S2}: make_cases falls back to it when no second subject is left)
# No "new" line uses {s2}/{S2}/{alt}, nor {other}.
# No "ask" line uses {old} or {new}; every "new" line names {new}; no "old" line names
# {new}.
# No people are named inside lines other than through placeholders.
# For the tool kind the subject is "The X team" (capital T), so {S} is put at the start
# of a line or after a colon.
# The school kind is about the subject's daughter throughout.
# No literal braces are used (Terraform and HTML lines need none).
# One line each, no leading "- " (write() adds the bullet).
# Checked by check_twentysecond.py (same folder): kinds, keys, placeholders, counts.

TWENTYSECOND: dict[str, dict[str, list[str]]] = {
    "host": {
        "old": [
            '  host = "{old}"   # {s}',
            "{s}.service - Active: active (running) on {old}",
            "service,host | {s},{old}",
            "{S} gira su {old}.",
        ],
        "new": [
            '~ host = "{old}" -> "{new}"   # {s}, plan applied',
            "config/{s}.yaml: -host: {old} / +host: {new}",
            "<del>{old}</del> <ins>{new}</ins> is where {s} runs.",
            "chore: point {s} at {new} (was {old})",
            "kubectl get endpoints for {s}: {new} ready; {old} removed from the set",
            "uh, hi, it's about {s}, so, um, it's on {new} now, not {old}, okay, bye",
            "{S} OFF {old} STOP NOW ON {new} STOP",
            "Minutes, ops sync: {s} now lives on {new}; {old} wiped. Action: update the runbooks (owner: on-call).",
            "Arr, {s} be sailin' on {new} now, matey; {old} went to the bottom with the old ship.",
        ],
        "distract": [
            "~ replicas = 2 -> {n}   # {s}, host unchanged",
            "chore: point {s}'s alerts at {other}'s pager (host unchanged)",
            "Minutes, ops sync: proposal to move {s} to a new box rejected. Action: none.",
            "uh, {other} here, quick question, um, is {s} moving? call me back",
            "kubectl describe for {s}: restarts {n}, node unchanged",
            "Lost and found: a laptop with a '{s}' sticker, left in room {n}.",
        ],
        "also": [
            "{S} also keeps a warm standby on {alt}; both hosts stay.",
            '  host = "{alt}"   # {s2}',
            "service,host | {s2},{old}",
            "{s2}.service - Active: active (running) on {alt}",
        ],
        "ask": [
            "terraform output: which host is {s} on?",
            "kubectl: which node does {s} resolve to?",
            "Su quale macchina gira {s}?",
        ],
    },
    "home": {
        "old": [
            "{S} abita a {old}.",
            "{S} mora em {old}.",
            "name,city | {s},{old}",
            "Once upon a time, {s} lived in a little house in {old}.",
        ],
        "new": [
            "{S} ora abita a {new}, non più a {old}.",
            "{S} agora mora em {new}; saiu de {old} no mês passado.",
            "{S} artık {new} şehrinde yaşıyor; {old} şehrinden taşındı.",
            "{S}은(는) {old}에서 {new}(으)로 이사했어요.",
            "~~{old}~~ {new} -- {s}'s address, updated",
            "And then {s} packed a big red suitcase, said goodbye to {old}, and went to live in {new}. The end.",
            "hey, uh, it's {s}, so, um, I'm in {new} now, not {old}, yeah, new place, call me",
            "Dating bio update: {s}, now based in {new} (no longer {old}), swipe right for coffee.",
            "14  00:02:11,000 --> 00:02:14,500  {S}: I don't live in {old} any more. I'm in {new} now.",
        ],
        "distract": [
            "{S} pensa di trasferirsi a {other}, ma non ha deciso.",
            "Dating bio: {s}, would love to visit {other} someday.",
            "name,city | {s}'s sister,{other}",
            "{S}'s parents moved to {other}; {s} stayed put.",
            "Quiz correction: the answer to Q{n} is {other}, not what we printed (capitals round, nothing to do with {s}).",
            "Minutes: proposal that {s} relocate to {other} for the project rejected.",
        ],
        "also": [
            "{S} also has a summer place in {alt}; both homes stay.",
            "{S2} abita a {alt}.",
            "name,city | {s2},{old}",
            "{S2} mora em {alt}.",
        ],
        "ask": [
            "where does {s} live now?",
            "{S} nerede yaşıyor?",
            "{S}은(는) 어디에 살아요?",
        ],
    },
    "employer": {
        "old": [
            "{S} lavora presso {old}.",
            "{S} trabalha na {old}.",
            "name,employer | {s},{old}",
            "Bio: {s}, engineer at {old}.",
        ],
        "new": [
            "{S} ora lavora presso {new}; ha lasciato {old}.",
            "{S} agora trabalha na {new}, não mais na {old}.",
            "{S} artık {new} şirketinde çalışıyor; {old} şirketinden ayrıldı.",
            "Dating bio update: {s}, engineer at <del>{old}</del> <ins>{new}</ins>.",
            "Arr, {s} jumped ship from {old} and now sails under the {new} flag.",
            "Minutes, people sync: {s} has left {old} and started at {new}. Action: update the vendor contact list.",
            "uh, hey, it's {s}, so I'm at {new} now, not {old} any more, um, new badge and everything",
            "{S} LEFT {old} STOP JOINED {new} STOP",
            "Quiz correction: Q{n} asked where {s} works; we said {old}, the right answer is {new}.",
        ],
        "distract": [
            "{S} ha rifiutato un'offerta di {other}.",
            "Dating bio: {s}'s plus-one, engineer at {other}.",
            "Minutes: proposal to second {s} to {other} for a quarter rejected.",
            "uh, hi, it's a recruiter from {other}, um, for {s}, call back if interested",
            "name,employer | {s}'s brother,{other}",
            "{S} interned at {other} {n} summers ago.",
        ],
        "also": [
            "{S} also advises {alt} one day a month; both stay.",
            "{S2} lavora presso {alt}.",
            "name,employer | {s2},{old}",
            "{S2} trabalha na {alt}.",
        ],
        "ask": [
            "where does {s} work these days?",
            "{S}은(는) 어디에서 일해요?",
            "{S} dove lavora?",
        ],
    },
    "date": {
        "old": [
            '  due_date = "{old}"   # {s}',
            "project,due | {s},{old}",
            "Departures: {S}  scheduled {old}  ON TIME",
            "Clause 4.2: {S} shall be completed by {old}.",
        ],
        "new": [
            '~ due_date = "{old}" -> "{new}"   # {s}',
            "Clause 4.2 is amended to read: {S} shall be completed by {new} (formerly {old}).",
            "Departures: {S}  scheduled {old}  DELAYED  now {new}",
            "chore: push {s} to {new} (was {old})",
            "milestones.yaml for {s}: -due: {old} / +due: {new}",
            "Minutes: {s} moved from {old} to {new}. Action: tell the customer (owner: PM).",
            "{S} {old} CANCELLED STOP NOW {new} STOP",
            "~~{old}~~ {new}: {s}",
            "uh, hi, so, about {s}, it's, um, {new} now, not {old}, just so you know",
        ],
        "distract": [
            "~ budget = {n} -> {n}0   # {s}, date untouched",
            "Clause 4.3 is amended to read: invoices for {s} are due within {n} days.",
            "Minutes: {other} asked to delay {s}; rejected, the date stands.",
            "chore: push {s} docs to the wiki (no date change)",
            "uh, {other} here, um, are we still on for {s}? call me",
            "The previous {s}, {n} years ago, slipped twice.",
        ],
        "also": [
            "{S} also has a soft-launch date, {alt}; both dates stay.",
            '  due_date = "{alt}"   # {s2}',
            "project,due | {s2},{old}",
            "Clause 4.2: {S2} shall be completed by {alt}.",
        ],
        "ask": [
            "when is {s} due?",
            "Departures board: what date does {s} show?",
            "{S} ne zaman?",
        ],
    },
    "owner": {
        "old": [
            "CODEOWNERS: /{s}/ @{old}",
            "service,owner | {s},{old}",
            "{s}.service  Owner={old}",
            "Clause 7: {old} is the named owner of {s}.",
        ],
        "new": [
            '~ owner = "{old}" -> "{new}"   # {s}',
            "CODEOWNERS for {s}: -@{old} / +@{new}",
            "chore: hand {s} to {new} (was {old})",
            "Clause 7 is amended to read: {new} is the named owner of {s}, replacing {old}.",
            "Minutes, platform sync: {s} now owned by {new}; {old} stepped off. Action: {new} to review the alerts.",
            "uh, {old} here, so, um, {s} is {new}'s now, not mine, call them",
            "<del>{old}</del> <ins>{new}</ins> owns {s}.",
            "Hark! {S} hath passed from {old} unto {new}, and {new} alone doth keep it now.",
            "{S} OWNER {old} OUT STOP {new} IN STOP",
        ],
        "distract": [
            "~ tier = 2 -> {n}   # {s}, owner untouched",
            "chore: hand {s}'s on-call rota to the bot (owner unchanged)",
            "Minutes: proposal to give {s} to {other} rejected; no change.",
            "uh, {other} here, um, do you know who owns {s}? ring me",
            "CODEOWNERS for {s}'s docs folder: +@{other}",
            "{n} years ago, {other} looked after {s}.",
        ],
        "also": [
            "{alt} also co-owns {s}; both owners stay.",
            "CODEOWNERS: /{s2}/ @{alt}",
            "service,owner | {s2},{old}",
            "Clause 7: {alt} is the named owner of {s2}.",
        ],
        "ask": [
            "who owns {s}?",
            "CODEOWNERS for {s}?",
            "chi è il responsabile di {s}?",
        ],
    },
    "role": {
        "old": [
            "role,holder | {s},{old}",
            "{old} is the {s}.",
            "Clause 3.1: the {s} is {old}.",
            "{old} è il {s}.",
        ],
        "new": [
            '~ holder = "{old}" -> "{new}"   # {s}',
            "roles.yaml: -{s}: {old} / +{s}: {new}",
            "Clause 3.1 is amended to read: the {s} is {new}, in place of {old}.",
            "Minutes: {new} takes over as {s} from {old}. Action: {new} to run Thursday's sync.",
            "~~{old}~~ {new} -- {s}",
            "uh, hi, it's {old}, so, um, I'm not the {s} any more, it's {new} now, ok bye",
            "And so {new} became the {s}, and {old} went off to do something else, and everyone clapped.",
            "{new} artık {s}; {old} görevi bıraktı.",
            "Quiz correction: who is the {s}? Not {old}, as printed; the answer is {new}.",
        ],
        "distract": [
            "Minutes: motion to make {other} {s} rejected.",
            "roles.yaml: +deputy {s}: {other}",
            "uh, {other} here, um, am I still on the list for {s}? let me know",
            "Clause 3.2 is amended to read: the {s} reports monthly.",
            "{other} was {s} at a previous job, {n} years ago.",
            "Quiz correction: Q{n} was about {other}'s role elsewhere, not the {s} here.",
        ],
        "also": [
            "{alt} is also a deputy {s}; both stay.",
            "role,holder | {s2},{alt}",
            "{old} is the {s2} too.",
            "Clause 3.1: the {s2} is {alt}.",
        ],
        "ask": [
            "who is the {s}?",
            "chi è il {s}?",
            "{s} kimdir?",
        ],
    },
    "tool": {
        "old": [
            '{S}: ci = "{old}"',
            "{S}: ci,since | {old},2024",
            "{S}: {old}.service  Active: active (running)",
            "{S}: builds run on {old}.",
        ],
        "new": [
            '{S}: ~ ci = "{old}" -> "{new}"',
            "{S}: .ci.yaml -runner: {old} / +runner: {new}",
            "{S}: chore: move builds to {new} (was {old})",
            "{S}: {old}.service  Active: inactive (dead) since Monday; {new}.service  Active: active (running), serving all builds",
            "{S}: <del>{old}</del> <ins>{new}</ins> runs our builds.",
            "{S}: Minutes: all builds now on {new}; {old} switched off. Action: delete the old credentials.",
            "{S}: {old} RETIRED STOP BUILDS ON {new} STOP",
            "{S}: uh, so, quick one, we're, um, on {new} now, {old}'s gone, yeah",
            "{S}: Avast! We've scuttled {old}; every build now sails on {new}.",
        ],
        "distract": [
            "{S}: ~ timeout = 30 -> {n}",
            "{S}: chore: move lint to a pre-commit hook (CI unchanged)",
            "{S}: Minutes: {other} proposed a new CI; rejected.",
            "{S}: uh, {other} here, um, are we switching CI or not? call me",
            "{S}: runner-{n}.service  Active: failed; restarted, fine",
            "{S}: {n} years ago the builds ran on a box under {other}'s desk.",
        ],
        "also": [
            "{S} also uses {alt} for nightly builds; both stay.",
            '{S2}: ci = "{alt}"',
            "{S2}: builds run on {old}, same as {s}.",
            "{S2}: {alt}.service  Active: active (running)",
        ],
        "ask": [
            "{S}: which CI?",
            "{S}: systemctl status ci -- which one is it?",
            "{S}: where do our builds run?",
        ],
    },
    "meeting": {
        "old": [
            "{S}: every day at {old}.",
            '  start = "{old}"   # {s}',
            "meeting,start | {s},{old}",
            "Departures: {S}  {old}  ON TIME",
        ],
        "new": [
            '~ start = "{old}" -> "{new}"   # {s}',
            "calendar.yaml for {s}: -start: {old} / +start: {new}",
            "Departures: {S}  {old}  RETIMED  now {new}",
            "chore: move {s} to {new} (was {old})",
            "Minutes: {s} moves from {old} to {new} from tomorrow. Action: everyone update their invites.",
            "{S} {old} CANCELLED STOP NOW {new} STOP",
            "uh, hi, so, um, {s}'s at {new} now, not {old}, okay? see you then",
            "~~{old}~~ {new}: {s}",
            "{S} ora inizia alle {new}, non più alle {old}.",
            "7  00:00:41,200 --> 00:00:44,000  From tomorrow {s} is at {new}. Not {old}. {new}.",
        ],
        "distract": [
            '~ room = "{n}A" -> "{n}B"   # {s}',
            "Minutes: proposal to move {s} later rejected; time unchanged.",
            "Departures: {S}  GATE CHANGE  room {n}",
            "uh, {other} here, um, is {s} still on? call me",
            "chore: move {s} notes to the wiki (time unchanged)",
            "Last year {s} ran {n} minutes over.",
        ],
        "also": [
            "{S} also has a Friday retro at {alt}; both stay.",
            '  start = "{alt}"   # {s2}',
            "meeting,start | {s2},{old}",
            "Departures: {S2}  {alt}  ON TIME",
        ],
        "ask": [
            "what time is {s}?",
            "{S} a che ora inizia?",
            "{S} saat kaçta?",
        ],
    },
    "name": {
        "old": [
            "The {s} is called {old}.",
            "page,title | the {s},{old}",
            '  title = "{old}"   # the {s}',
            "<h1>{old}</h1>  (the {s})",
        ],
        "new": [
            '~ title = "{old}" -> "{new}"   # the {s}',
            "site.yaml for the {s}: -title: {old} / +title: {new}",
            "<h1><del>{old}</del> <ins>{new}</ins></h1>  (the {s})",
            "chore: rename the {s} to {new} (was {old})",
            "Minutes: the {s} is renamed {new}; {old} retired. Action: update the links.",
            "THE {s} RENAMED STOP {old} OUT STOP {new} IN STOP",
            "~~{old}~~ {new} -- the {s}",
            "Lost and found: one name, {old}, no longer used by the {s}, which is now {new}. Claim at reception.",
            "uh, hi, so, um, the {s}, it's called {new} now, not {old}, yeah",
        ],
        "distract": [
            '~ theme = "light" -> "dark"   # the {s}',
            "chore: rename the {s}'s image files (title unchanged)",
            "Minutes: {other}'s proposal to rename the {s} rejected.",
            "Lost and found: a mug with the {s}'s logo, left in room {n}.",
            "uh, {other} here, um, are we renaming the {s}? call me",
            "{n} years ago the {s} was a single page by {other}.",
        ],
        "also": [
            "The {s} also goes by {alt}; both names stay.",
            "page,title | the {s2},{alt}",
            "The {s2} is called {old} too, like the {s}.",
            '  title = "{alt}"   # the {s2}',
        ],
        "ask": [
            "what's the {s} called now?",
            "what's the <h1> on the {s}?",
            "come si chiama il {s}?",
        ],
    },
    "phone": {
        "old": [
            "name,phone | {s},{old}",
            "{S}'s number is {old}.",
            "O número de {s} é {old}.",
            "{S}의 전화번호는 {old}이에요.",
        ],
        "new": [
            "contacts.vcf for {s}: -TEL:{old} / +TEL:{new}",
            "<del>{old}</del> <ins>{new}</ins> -- {s}'s number",
            "hi, it's {s}, uh, so, my number's {new} now, not {old}, um, save it, bye",
            "{S} NUMBER CHANGED STOP {old} DEAD STOP CALL {new} STOP",
            "O número de {s} agora é {new}; o {old} foi desligado.",
            "{S}의 전화번호가 {old}에서 {new}(으)로 바뀌었어요.",
            "chore: update {s}'s number to {new} (was {old})",
            "Lost and found: {s}'s old phone ({old}) handed in, SIM cancelled; {s} is on {new} now.",
            "Il numero di {s} adesso è {new}, non più {old}.",
        ],
        "distract": [
            "contacts.vcf for {s}: +BDAY:03-{n}",
            "uh, {other} here, um, is this still {s}'s number? call me",
            "Lost and found: a phone with a cracked screen, room {n}; owner unknown.",
            "Minutes: request for a work phone for {s} rejected.",
            "Il numero di {other} è cambiato; quello di {s} no.",
            "{S} went through {n} phones in their teens.",
        ],
        "also": [
            "{S} also has a desk line, {alt}; both stay.",
            "name,phone | {s2},{alt}",
            "O número de {s2} é {alt}.",
            "{S2}'s number is {alt}.",
        ],
        "ask": [
            "what's {s}'s number?",
            "{S}의 전화번호가 뭐예요?",
            "qual é o número de {s}?",
        ],
    },
    "manager": {
        "old": [
            "name,manager | {s},{old}",
            "{S} reports to {old}.",
            "{S} risponde a {old}.",
            "Clause 2: {S} shall report to {old}.",
        ],
        "new": [
            '~ manager = "{old}" -> "{new}"   # {s}',
            "org.yaml: -{s}: {old} / +{s}: {new}",
            "Clause 2 is amended to read: {S} shall report to {new} (previously {old}).",
            "Minutes: {s} now reports to {new}; {old} moves to another group. Action: {new} to set up 1:1s.",
            "uh, hi, it's {s}, so, um, my manager's {new} now, not {old}, for the holiday form",
            "~~{old}~~ {new} -- {s}'s manager",
            "{S}'in yöneticisi artık {new}, {old} değil.",
            "Hark, {s} doth answer now to {new}, and unto {old} no more.",
            "chore: set {s}'s approver to {new} (was {old})",
        ],
        "distract": [
            "~ desk = {n} -> {n}0   # {s}",
            "Minutes: proposal to move {s} under {other} rejected.",
            "uh, {other} here, um, am I {s}'s manager now? nobody told me, call back",
            "Clause 2.3 is amended to read: {s}'s mentor is {other}.",
            "{S}'s sister reports to {other}.",
            "In their first {n} weeks {s} shadowed {other}.",
        ],
        "also": [
            "{S} also has a mentor, {alt}; both stay.",
            "name,manager | {s2},{alt}",
            "{S2} reports to {old} too, like {s}.",
            "{S2} risponde a {alt}.",
        ],
        "ask": [
            "who is {s}'s manager?",
            "{S}'in yöneticisi kim?",
            "a chi risponde {s}?",
        ],
    },
    "favourite": {
        "old": [
            "{S}'s favourite editor is {old}.",
            "Dating bio: {s}, {old} user, tabs not spaces.",
            "name,editor | {s},{old}",
            "{S}의 최애 에디터는 {old}이에요.",
        ],
        "new": [
            "Dating bio update: {s}, <del>{old}</del> <ins>{new}</ins> user, tabs not spaces.",
            "dotfiles: -editor: {old} / +editor: {new}   # {s}",
            "chore: switch {s}'s default editor to {new} (was {old})",
            "~~{old}~~ {new} -- {s}'s editor of choice",
            "{S} now swears by {new}; {old} is uninstalled.",
            "uh, so, it's {s}, um, I'm on {new} now, not {old}, don't judge",
            "And {s} said, 'I don't like {old} any more. I like {new} best.' And that was that.",
            "Quiz correction: {s}'s favourite editor is {new}, not {old} as printed.",
            "{S}의 최애 에디터가 {old}에서 {new}(으)로 바뀌었어요.",
        ],
        "distract": [
            "Dating bio: {s}'s flatmate, {other} fan.",
            "Minutes: proposal to standardise on {other} rejected; everyone keeps their own editor.",
            "uh, hi {s}, um, would you ever try {other}? just curious",
            "chore: switch {s}'s terminal font (editor unchanged)",
            "At university {s} wrote everything in {other}.",
            "Quiz correction: Q{n}'s answer is {other}, the oldest editor in the round; nothing to do with {s}.",
        ],
        "also": [
            "{S} also keeps {alt} for quick edits; both stay.",
            "name,editor | {s2},{alt}",
            "{S2}'s favourite editor is {old} too, same as {s}.",
            "{S2}의 최애 에디터는 {alt}이에요.",
        ],
        "ask": [
            "what's {s}'s favourite editor?",
            "which editor does {s} like best?",
            "{S}의 최애 에디터는 뭐예요?",
        ],
    },
    "car": {
        "old": [
            "{S} drives a {old}.",
            "name,car | {s},{old}",
            "{S} guida una {old}.",
            "Dating bio: {s}, {old} driver, dog person.",
        ],
        "new": [
            "{S} ora guida una {new}; la {old} è venduta.",
            "{S} agora dirige um {new}; vendeu o {old}.",
            "Dating bio update: {s}, <del>{old}</del> <ins>{new}</ins> driver, dog person.",
            "Lost and found: spare key for a {old}, handed in by {s}, who sold it and now drives a {new}.",
            "And {s} said goodbye to the old {old} and drove home in a shiny new {new}. Beep beep!",
            "uh, hi, it's {s}, um, the car's a {new} now, not the {old}, for the parking pass",
            "{S} SOLD {old} STOP BOUGHT {new} STOP",
            "~~{old}~~ {new} -- {s}'s car",
            "And here comes {s} in the {new}! The old {old} is long gone and the {new} takes the corner beautifully!",
        ],
        "distract": [
            "{S} test-drove a {other} and walked away.",
            "Lost and found: a {other} key fob, car park level {n}; not {s}'s.",
            "Minutes: proposal to give {s} a company {other} rejected.",
            "uh, hi, it's the {other} dealership, um, calling for {s}, still interested?",
            "{S}'s first car was a {other}.",
            "And it's {s}'s brother in the {other}, taking the lead on lap {n}!",
        ],
        "also": [
            "{S} also keeps a {alt} for weekends; both stay.",
            "name,car | {s2},{alt}",
            "{S2} drives a {old} too, same as {s}.",
            "{S2} guida una {alt}.",
        ],
        "ask": [
            "what does {s} drive?",
            "{S} che macchina guida?",
            "o que {s} dirige?",
        ],
    },
    "school": {
        "old": [
            "{S}'s daughter goes to {old}.",
            "child,school | {s}'s daughter,{old}",
            "A filha de {s} estuda na {old}.",
            "{S}의 딸은 {old}에 다녀요.",
        ],
        "new": [
            "A filha de {s} agora estuda na {new}; saiu da {old}.",
            "{S}의 딸은 {old}에서 {new}(으)로 전학했어요.",
            "La figlia di {s} ora va alla {new}, non più alla {old}.",
            "child,school,note | {s}'s daughter,{new},transferred from {old} this term",
            "And on Monday {s}'s daughter put on her new {new} jumper and waved goodbye to {old} forever.",
            "uh, hi, it's {s}, um, my daughter's at {new} now, not {old}, for the pickup list, thanks",
            "Minutes, PTA: {s}'s daughter has transferred from {old} to {new}. Action: remove her from the {old} list.",
            "~~{old}~~ {new} -- {s}'s daughter's school",
            "{S}'S DAUGHTER LEFT {old} STOP NOW AT {new} STOP",
        ],
        "distract": [
            "{S}'s daughter was offered a place at {other}; they said no.",
            "Lost and found: a {other} PE kit, size {n}; not {s}'s daughter's.",
            "Minutes, PTA: proposal to move {s}'s daughter to {other} rejected.",
            "uh, hi {s}, um, would your daughter like a trial day at {other}? just asking",
            "{S}'s nephew goes to {other}.",
            "{S} went to {other} as a child, {n} years ago.",
        ],
        "also": [
            "{S}'s daughter also does Saturday drama at {alt}; both stay.",
            "child,school | {s2}'s daughter,{alt}",
            "{S2}'s daughter goes to {old} too, same class as {s}'s.",
            "A filha de {s2} estuda na {alt}.",
        ],
        "ask": [
            "where does {s}'s daughter go to school?",
            "{S}의 딸은 어느 학교에 다녀요?",
            "a filha de {s} estuda onde?",
        ],
    },
    "team": {
        "old": [
            "{S} is on the {old} team.",
            "name,team | {s},{old}",
            "{S} fa parte del team {old}.",
            "Dating bio: {s}, {old} team by day, climber by night.",
        ],
        "new": [
            '~ team = "{old}" -> "{new}"   # {s}',
            "teams.yaml: -{s}: {old} / +{s}: {new}",
            "chore: move {s} to {new} (was {old})",
            "Minutes, reorg: {s} moves from {old} to {new}, effective today. Action: {s} to join the {new} channel.",
            "<del>{old}</del> <ins>{new}</ins> -- {s}'s team",
            "{S} ora fa parte del team {new}; ha lasciato {old}.",
            "uh, hey, it's {s}, so, um, I'm on {new} now, not {old}, yeah, new standup",
            "And {s} leaves {old} and signs for {new}! What a transfer!",
            "{S} artık {new} ekibinde; {old} ekibinden ayrıldı.",
        ],
        "distract": [
            "~ floor = {n} -> {n}1   # {s}",
            "Minutes, reorg: proposal to move {s} to {other} rejected.",
            "uh, hi {s}, it's the {other} lead, um, fancy joining us? no pressure",
            "teams.yaml: +{s}'s intern: {other}",
            "And {s}'s old mentor signs for {other}! What a transfer!",
            "{S} did a {n}-week rotation with {other} last year.",
        ],
        "also": [
            "{S} also helps {alt} on Fridays; both stay.",
            "name,team | {s2},{alt}",
            "{S2} is on the {old} team too, with {s}.",
            "{S2} fa parte del team {alt}.",
        ],
        "ask": [
            "which team is {s} on?",
            "{S} hangi ekipte?",
            "teams.yaml: what's {s}'s entry?",
        ],
    },
    "language": {
        "old": [
            "{S} is written in {old}.",
            "service,language | {s},{old}",
            "{S} è scritto in {old}.",
            "{S}은(는) {old}(으)로 작성되어 있어요.",
        ],
        "new": [
            '~ runtime = "{old}" -> "{new}"   # {s}',
            "build.yaml for {s}: -language: {old} / +language: {new}",
            "chore: finish rewriting {s} in {new} (was {old}); the old code is deleted",
            "<del>{old}</del> <ins>{new}</ins> -- {s}'s implementation language",
            "Minutes: the {new} rewrite of {s} is live; {old} code removed. Action: archive the {old} repo.",
            "{S} è ora scritto in {new}; il codice {old} è stato rimosso.",
            "{S}은(는) {old}에서 {new}(으)로 다시 작성되었어요.",
            "uh, hi, so, um, {s}, it's all {new} now, no {old} left, yeah",
            "{S} PORTED STOP {old} GONE STOP ALL {new} STOP",
        ],
        "distract": [
            "Minutes: proposal to port {s} to {other} rejected.",
            "chore: finish rewriting {s}'s docs (code untouched)",
            "uh, hi, um, would {s} be faster in {other}? just wondering",
            "service,language | the service next door,{other}",
            "The first prototype of {s}, {n} files, was in {other}.",
            '~ license = "MIT" -> "Apache-2.0"   # {s}',
        ],
        "also": [
            "{S} also ships a {alt} client; both stay.",
            "service,language | {s2},{alt}",
            "{S2} is written in {old} too, like {s}.",
            "{S2} è scritto in {alt}.",
        ],
        "ask": [
            "what's {s} written in?",
            "{S} hangi dilde yazılmış?",
            "which language is {s} in?",
        ],
    },
    "email": {
        "old": [
            "{S}'s email is {old}.",
            "name,email | {s},{old}",
            "L'email di {s} è {old}.",
            "From: {s} <{old}>",
        ],
        "new": [
            '~ email = "{old}" -> "{new}"   # {s}',
            "contacts.vcf for {s}: -EMAIL:{old} / +EMAIL:{new}",
            "chore: update {s}'s address to {new} (was {old})",
            "<del>{old}</del> <ins>{new}</ins> -- {s}'s email",
            "{S} ADDRESS CHANGED STOP {old} CLOSED STOP WRITE {new} STOP",
            "uh, hi, it's {s}, um, email me at {new}, not {old}, that one's closed",
            "L'email di {s} adesso è {new}; {old} non è più attiva.",
            "Minutes: {s}'s address is now {new}; {old} deleted. Action: update the mailing list.",
            "O e-mail de {s} agora é {new}, não mais {old}.",
        ],
        "distract": [
            "contacts.vcf for {s}: +NOTE:prefers calls",
            "Minutes: request for a second alias for {s} rejected.",
            "uh, {other} here, um, is {s}'s email changing? ask them",
            "chore: update {s}'s signature (address unchanged)",
            "{other}'s address changed last week; {s}'s did not.",
            "{S} had a student address {n} years ago, long gone.",
        ],
        "also": [
            "{S} also has a personal address, {alt}; both stay.",
            "name,email | {s2},{alt}",
            "From: {s2} <{alt}>",
            "L'email di {s2} è {alt}.",
        ],
        "ask": [
            "what's {s}'s email?",
            "qual é o e-mail de {s}?",
            "which address reaches {s}?",
        ],
    },
    "version": {
        "old": [
            "{S} is on {old}.",
            '  image_tag = "{old}"   # {s}',
            "service,version | {s},{old}",
            "kubectl: {s} image tag {old}, 3/3 ready",
        ],
        "new": [
            '~ image_tag = "{old}" -> "{new}"   # {s}',
            "values.yaml for {s}: -tag: {old} / +tag: {new}",
            "chore: bump {s} to {new} (was {old})",
            "kubectl: {s} rollout complete, image tag {new}, 3/3 ready; {old} pods terminated",
            "<del>{old}</del> <ins>{new}</ins> -- {s}",
            "Minutes: {s} upgraded from {old} to {new}. Action: close the upgrade ticket.",
            "{S} UPGRADED STOP {old} RETIRED STOP {new} LIVE STOP",
            "uh, so, um, {s}'s on {new} now, not {old}, everything's fine",
            "{S} artık {new} sürümünde; {old} kaldırıldı.",
        ],
        "distract": [
            "~ replicas = 2 -> {n}   # {s}",
            "chore: bump {s}'s test dependencies (service version unchanged)",
            "Minutes: {other} proposed upgrading {s}; rejected.",
            "kubectl: {s} canary failed, stayed on the current version",
            "uh, {other} here, um, are we upgrading {s}? call me",
            "Last winter {s} was frozen for {n} days.",
        ],
        "also": [
            "{S} also ships a CLI at {alt}; both stay.",
            '  image_tag = "{alt}"   # {s2}',
            "service,version | {s2},{old}",
            "{S2} is on {alt}.",
        ],
        "ask": [
            "what version is {s} on?",
            "kubectl: which image tag is {s} running?",
            "{S} hangi sürümde?",
        ],
    },
}


# A twentythird wording set for bench/supersession.py (`twentythird`), held out.
# Written 2026-12-06, 06:33-06:38 UTC (per `date -u`), by a helper session started for
# brief briefs/twentythird.md. It read ONLY bench/supersession.py (for the format, the 18
# kinds, the placeholders and how `_values`/`make_cases` fill them, and to grep the
# registers of the earlier sets; by the time it read the file the twenty-second set had
# been added to it) and notes/hidden/twentysecond.py (+ its checker, for the header and
# the checks); nothing under memctl/, tests/, docs/, bench/README.md, nor anything else
# under notes/ besides what it wrote.
#
# Registers aimed at (absent or rare in the earlier sets, checked by grep): a Helm/Ansible
# values override ("Helm values override for X: image.tag: Y (was X)"); a GraphQL mutation
# written without braces ('mutation: setManager(employee: "...", manager: "Y") -> ok');
# Dockerfile ENV/ARG lines; Makefile variables (":=", "?="); .ini/TOML sections
# ("[site] title = Y   ; renamed from X"); a protobuf/gRPC service comment ("// Owner: Y
# (was X)"); spreadsheet cell notes; iCal lines (SUMMARY/DTSTART/RRULE/STATUS); vCard lines
# (TEL/EMAIL/ORG/ADR/NOTE); a booking-reference change notice; bank statement lines; a legal
# notice of change of name (and of address); school newsletter, church and club bulletins;
# group-chat poll results; a TV-guide listing; crossword clues with the answer; sentences
# in French-Canadian slang ("asteur", "pu", "tsé"), Hindi (romanised), Greek and Indonesian
# around the value; a bullet journal with signifiers ("x ... done", "> migrated ..."); a
# weather-app alert; a tram/bus timetable change; limericks folded onto one line with " / ".
# No "reverted/rolled back to X" (it would make the old value current again).
# Distractors: plans called off or declined, someone else's value (a sister's vCard, the
# neighbour's car), hypotheticals and questions (in Hindi, French-Canadian, English), a
# change proposed and rejected (poll results voted down), a past value for a different
# time, the same change words about a different subject (a mutation/ARG/Helm override of
# another attribute, a legal notice of change of name for someone else, a bullet-journal
# "> migrated" task, a timetable change of another route); none names {old} or {new}.
# "also" lines: the same subject's second value ("... also ...; both stay"), and a second
# subject in the same registers, with its own value ({alt}) or the same value as {old}.
#
# Placeholders, as make_cases fills them:
#   old/new/ask: {s} {S} {old} {new} (and {other}, {n})
#   distract:    {s} {S} {other} {n}   ({other} is a value of the same sort for home,
#                employer, favourite, car, school, team and language; a person's name
#                for every other kind)
#   also:        {s} {S} {s2} {S2} {alt} {old}   (the first line of each kind has no
#                {s2}/{S2}: make_cases falls back to it when no second subject is left)
# No "new" line uses {s2}/{S2}/{alt}, nor {other}.
# No "ask" line uses {old} or {new}; every "new" line names {new}; no "old" line names
# {new}.
# No people are named inside lines other than through placeholders.
# For the tool kind the subject is "The X team" (capital T), so {S} is put at the start
# of a line or after a colon.
# The school kind is about the subject's daughter throughout.
# No literal braces are used (the GraphQL mutations are written without them).
# One line each, no leading "- " (write() adds the bullet).
# Checked by check_twentythird.py (same folder): kinds, keys, placeholders, counts.

TWENTYTHIRD: dict[str, dict[str, list[str]]] = {
    "host": {
        "old": [
            "host: {old}   # values-prod.yaml, {s}",
            "ENV DB_HOST={old}   # Dockerfile for {s}",
            "[{s}] host = {old}",
            "{S} {old} par chal raha hai.",
        ],
        "new": [
            "Helm values override for {s}: host: {new} (was {old}); override merged and applied.",
            'mutation: updateHost(service: "{s}", host: "{new}") -> ok; previous host "{old}" released',
            "Dockerfile for {s}: ENV DB_HOST={new} (the {old} line is deleted)",
            "Makefile for {s}: HOST := {new}   # changed from {old}",
            "[{s}] host = {new}   ; edited, {old} decommissioned",
            "{S} ab {new} par chal raha hai; {old} band ho gaya.",
            "{S} sekarang jalan di {new}; {old} sudah dimatikan.",
            "x moved {s} from {old} to {new}, done   (bullet journal)",
            "Η υπηρεσία {s} τρέχει τώρα στο {new}, όχι πια στο {old}.",
        ],
        "distract": [
            "GraphQL mutation proposed to move {s} to a new box: rejected in review, never run.",
            "Makefile for {s}: REPLICAS := {n}   # host line untouched",
            "Poll result, ops chat: 'Move {s} this sprint?' -- yes 2, no {n}. Staying put.",
            "> migrated: {other}'s task 'check disk on {s}' to next week   (bullet journal)",
            "Weather alert: storm warning near the data centre that hosts {s}; no move planned.",
            "Kya {s} ko naye server par le jaana hai? {other} pooch raha hai.",
        ],
        "also": [
            "{S} also has a read replica on {alt}; both hosts stay.",
            "[{s2}] host = {alt}",
            "ENV DB_HOST={old}   # Dockerfile for {s2}, same box as {s}",
            "{S2} {alt} par chal raha hai.",
        ],
        "ask": [
            "which host is {s} on?",
            "{S} sekarang jalan di mana?",
            "Σε ποιο μηχάνημα τρέχει η υπηρεσία {s};",
        ],
    },
    "home": {
        "old": [
            "vCard for {s}: ADR;TYPE=home:;;;{old}",
            "{S} {old} mein rehta hai.",
            "{S} tinggal di {old}.",
            "{S} reste à {old}, tsé.",
        ],
        "new": [
            "vCard for {s}, updated: ADR;TYPE=home:;;;{new} (the {old} address removed)",
            "{S} ab {new} mein rehta hai; {old} chhod diya.",
            "{S} sudah pindah ke {new}; tidak tinggal di {old} lagi.",
            "{S} a déménagé à {new} asteur, pu à {old}, tsé.",
            "{S}: μετακόμισε από {old} σε {new} και μένει πλέον εκεί.",
            "Legal notice, change of address: {S}, formerly of {old}, now resides at {new}.",
            "Club bulletin, members' list: {s} has moved from {old} to {new}; post goes to {new} now.",
            "There once was a neighbour, {s}, / who left {old} with hardly a fuss; / now settled in {new}, / with a river view too, / and the postman delivers there thus.",
            "x {s} moved to {new}, done   > forwarded the {old} post   (bullet journal)",
        ],
        "distract": [
            "{S} a failli déménager à {other}, mais finalement pas, tsé.",
            "Poll result, family chat: 'Should {s} move to {other}?' -- {n} yes, 1 no; {s} says no thanks.",
            "vCard for {s}'s sister: ADR;TYPE=home:;;;{other}",
            "Weather alert for {other}: heavy snow. {S} is only visiting there for the weekend.",
            "{S} {other} mein paida hua tha, {n} saal pehle.",
            "Legal notice, change of address: {s}'s former landlord now trades from {other}.",
        ],
        "also": [
            "{S} also keeps a cabin near {alt}; both homes stay.",
            "vCard for {s2}: ADR;TYPE=home:;;;{alt}",
            "{S2} tinggal di {old} juga, seperti {s}.",
            "{S2} {alt} mein rehta hai.",
        ],
        "ask": [
            "where does {s} live?",
            "{S} tinggal di mana sekarang?",
            "{S} kahaan rehta hai?",
        ],
    },
    "employer": {
        "old": [
            "vCard for {s}: ORG:{old}",
            "{S} travaille chez {old}.",
            "{S} bekerja di {old}.",
            "{S} {old} mein kaam karta hai.",
        ],
        "new": [
            "vCard for {s}, updated: ORG:{new} (was ORG:{old})",
            "{S} travaille chez {new} asteur; y'a lâché {old}, tsé.",
            "{S} sekarang bekerja di {new}; sudah keluar dari {old}.",
            "{S} ab {new} mein kaam karta hai, {old} chhod diya.",
            "{S} δουλεύει πλέον στην {new}· έφυγε από την {old}.",
            "Bank statement, {s}: SALARY {new} PAYROLL  +2,{n}0.00   (first pay since leaving {old})",
            "Club bulletin: congratulations to {s}, who has left {old} for a new job at {new}.",
            "x {s}: last day at {old}, started at {new} Monday, done   (bullet journal)",
            "There once was a coder, {s}, / who found {old} a bit of a fuss; / so now at {new} / there's a new badge or two, / and the {old} desk's cleared, no more fuss.",
        ],
        "distract": [
            "Bank statement, {s}: REFUND {other} ONLINE STORE  +{n}.99",
            "{S} a passé une entrevue chez {other}, mais a dit non.",
            "Poll result, team chat: 'Who should sponsor the meetup?' -- {other}, {n} votes; {s} abstained.",
            "vCard for {s}'s partner: ORG:{other}",
            "Club bulletin: thanks to {other} for sponsoring the summer fête; {s} ran the raffle.",
            "{S} ko {other} se offer aaya tha, par {s} ne mana kar diya.",
        ],
        "also": [
            "{S} also sits on the board of {alt}; both stay.",
            "vCard for {s2}: ORG:{alt}",
            "{S2} bekerja di {old} juga, bersama {s}.",
            "{S2} travaille chez {alt}.",
        ],
        "ask": [
            "where does {s} work?",
            "{S} bekerja di mana?",
            "{S} kahaan kaam karta hai?",
        ],
    },
    "date": {
        "old": [
            "DTSTART;VALUE=DATE:{old}  SUMMARY:{S}",
            "Makefile: RELEASE_DATE := {old}   # {s}",
            "[{s}] due = {old}",
            "{S} dijadwalkan pada {old}.",
        ],
        "new": [
            "DTSTART;VALUE=DATE:{new}  SUMMARY:{S}  (event moved; the {old} occurrence is cancelled)",
            "Makefile: RELEASE_DATE := {new}   # {s}, was {old}",
            "[{s}] due = {new}   ; pushed from {old}",
            "{S} dijadwalkan ulang ke {new}; tanggal {old} dibatalkan.",
            'mutation: setDueDate(project: "{s}", date: "{new}") -> ok; old date {old} cleared',
            "> migrated {s} from the {old} page to the {new} page   (bullet journal)",
            "Spreadsheet, cell D{n} note: {s} due date changed from {old} to {new}.",
            "Booking reference change, {S}: new date {new}; your {old} booking is cancelled and no longer valid.",
            "{S}: η ημερομηνία άλλαξε από {old} σε {new}.",
        ],
        "distract": [
            "Spreadsheet, cell E{n} note: {s} budget revised; date unchanged.",
            "SUMMARY:{S} party with {other}  STATUS:CANCELLED   (the project date is unaffected)",
            "Poll result: 'Push {s} by a month?' -- {n} no, 2 yes. Date stands.",
            "> migrated: {other}'s task 'write the blog post for {s}' to next month   (bullet journal)",
            "Kya {s} ko aage badhayein? {other} ne poocha; abhi tak koi faisla nahi.",
            "{n} years ago a project much like {s} fell on a bank holiday; this one has not moved.",
        ],
        "also": [
            "{S} also has a beta date, {alt}; both dates stay.",
            "DTSTART;VALUE=DATE:{alt}  SUMMARY:{S2}",
            "[{s2}] due = {old}   ; same day as {s}",
            "{S2} dijadwalkan pada {alt}.",
        ],
        "ask": [
            "when is {s}?",
            "{S} kapan?",
            "iCal: what's the DTSTART of {s}?",
        ],
    },
    "owner": {
        "old": [
            "Chart.yaml for {s}: maintainers: - name: {old}",
            "// Owner: {old}.   (comment on the gRPC service for {s} in api.proto)",
            "[{s}] owner = {old}",
            "{S} ka maalik {old} hai.",
        ],
        "new": [
            "Chart.yaml for {s}: maintainers now - name: {new} (removed {old})",
            "api.proto, comment on the gRPC service for {s}: // Owner: {new} (was {old})",
            "[{s}] owner = {new}   ; {old} handed it over",
            "{S} ab {new} ke paas hai; {old} ne chhod diya.",
            "{S} sekarang dimiliki oleh {new}, bukan {old} lagi.",
            'mutation: transferOwnership(service: "{s}", to: "{new}") -> ok; {old} removed as owner',
            "Poll result, platform chat: 'Who takes {s} now {old} is off it?' -- {new}, {n} votes. Done, {new} owns it.",
            "x handed {s} from {old} to {new}, done   (bullet journal)",
            "Spreadsheet, owners tab, cell B{n} note: {s} -- owner changed from {old} to {new}.",
        ],
        "distract": [
            "Poll result: 'Should {other} take over {s}?' -- no, {n} to 1. Owner unchanged.",
            "api.proto, comment on the gRPC service for {s}: // field {n} deprecated; owner unchanged",
            "Chart.yaml for {s}: version bumped to 1.{n}.0 (maintainers unchanged)",
            "{other} ne {s} lene ki peshkash ki thi; manzoor nahi hui.",
            "> migrated: {other}'s ticket on {s} to next sprint   (bullet journal)",
            "In the old office, {other} carried {s}'s pager for {n} weeks.",
        ],
        "also": [
            "{alt} also co-maintains {s}; both owners stay.",
            "[{s2}] owner = {alt}",
            "Chart.yaml for {s2}: maintainers: - name: {old}",
            "{S2} ka maalik {alt} hai.",
        ],
        "ask": [
            "who owns {s}?",
            "{S} dimiliki siapa?",
            "Chart.yaml: who maintains {s}?",
        ],
    },
    "role": {
        "old": [
            "{old} is our {s}.",
            "[roles] {s} = {old}",
            "Club bulletin: {old} serves as {s}.",
            "{old} hamare {s} hain.",
        ],
        "new": [
            "[roles] {s} = {new}   ; {old} stepped down",
            "{new} ab {s} hain; {old} ne pad chhod diya.",
            "{new} sekarang jadi {s}, menggantikan {old}.",
            "Club bulletin: {old} hands over as {s}; please welcome {new}, who takes it from this week.",
            "Poll result, team chat: 'Next {s}?' -- {new} won ({n} votes); {old} has stepped down.",
            'mutation: assignRole(role: "{s}", person: "{new}") -> ok; {old} unassigned',
            "x {s} handover, {old} to {new}, done   (bullet journal)",
            "Ο νέος {s} είναι ο/η {new}· ο/η {old} αποχώρησε.",
            "Spreadsheet, rota tab, cell A{n} note: {s} is now {new}, replacing {old}.",
        ],
        "distract": [
            "Poll result: 'Should {other} be {s}?' -- rejected, {n} against.",
            "[roles] deputy {s} = {other}",
            "{other} {n} saal pehle kisi aur company mein {s} the.",
            "Club bulletin: {other} has been named {s} at our sister club (not here).",
            "Would {other} make a good {s}? asked in the retro; no answer yet.",
            "> migrated: 'pick the next {s}' to next quarter, undecided   (bullet journal)",
        ],
        "also": [
            "{alt} is also a deputy {s}; both stay.",
            "[roles] {s2} = {alt}",
            "{old} is the {s2} as well.",
            "{alt} hamare {s2} hain.",
        ],
        "ask": [
            "who is the {s}?",
            "{s} siapa?",
            "hamare {s} kaun hain?",
        ],
    },
    "tool": {
        "old": [
            "{S}: CI_TOOL := {old}   # Makefile",
            "{S}: ARG CI={old}   # Dockerfile",
            "{S}: [ci] tool = {old}",
            "{S}: builds {old} par chalte hain.",
        ],
        "new": [
            "{S}: CI_TOOL := {new}   # Makefile, was {old}",
            "{S}: ARG CI={new}   # Dockerfile; {old} no longer used",
            "{S}: [ci] tool = {new}   ; {old} shut down",
            "{S}: builds ab {new} par chalte hain; {old} band.",
            "{S}: build sekarang di {new}; {old} sudah dimatikan.",
            "{S}: Poll result -- 'Keep {old} or move to {new}?' -- {new} won {n} to 2, and the move is finished.",
            "{S}: x moved every pipeline from {old} to {new}, done   (bullet journal)",
            "{S}: Helm values override -- ci.provider: {new} (was {old}); applied.",
            "{S}: There once was a pipeline on {old}, / that broke every night, truth be told; / we moved it to {new}, / and the builds ran on through, / and {old} was left out in the cold.",
        ],
        "distract": [
            "{S}: Poll result -- 'Switch CI?' -- no, {n} votes to 3.",
            "{S}: ARG NODE_VERSION={n}   # Dockerfile, CI unchanged",
            "{S}: {other} asked whether we'd ever try another CI; not planned.",
            "{S}: > migrated the lint task to next sprint   (bullet journal)",
            "{S}: [cache] size = {n}G   ; the ci section untouched",
            "{S}: {other}'s old team moved CI last year; we did not.",
        ],
        "also": [
            "{S} also uses {alt} for release builds; both stay.",
            "{S2}: [ci] tool = {alt}",
            "{S2}: CI_TOOL := {old}   # Makefile, same as {s}",
            "{S2}: builds {alt} par chalte hain.",
        ],
        "ask": [
            "{S}: which CI do we use?",
            "{S}: build kita jalan di mana?",
            "{S}: what's CI_TOOL in the Makefile?",
        ],
    },
    "meeting": {
        "old": [
            "SUMMARY:{S}  DTSTART: {old} local  RRULE:FREQ=DAILY",
            "[{s}] start = {old}",
            "{S} setiap hari jam {old}.",
            "{S} roz {old} baje hota hai.",
        ],
        "new": [
            "SUMMARY:{S}  DTSTART: {new} local  RRULE:FREQ=DAILY  (series updated; the {old} occurrences removed)",
            "[{s}] start = {new}   ; was {old}",
            "{S} sekarang jam {new}, bukan jam {old} lagi.",
            "{S} ab {new} baje hota hai, {old} baje nahi.",
            "Poll result, team chat: 'Move {s} from {old}?' -- yes, {n} votes; it's at {new} from today.",
            "Timetable change: {S} now departs {new} (formerly {old}), Monday to Friday.",
            "x rescheduled {s}: {old} -> {new}, done   (bullet journal)",
            "{S}: η ώρα άλλαξε από {old} σε {new}.",
            "{S}, c'est à {new} asteur, pu à {old}, tsé.",
            "TV guide: {S} -- moved from its {old} slot, now on at {new} daily.",
        ],
        "distract": [
            "Timetable change: the number {n} tram now leaves five minutes later; {s} unchanged.",
            "Poll result: 'Move {s} earlier?' -- no, {n} votes against.",
            "SUMMARY:{S} social with {other}  STATUS:CANCELLED   (the meeting itself is unaffected)",
            "{other} ne poocha, kya {s} ka samay badlega? Abhi koi jawab nahi.",
            "Weather alert: heavy rain expected around {s}; bring an umbrella, time unchanged.",
            "Last year {s} was held in room {n}.",
        ],
        "also": [
            "{S} also has a Thursday demo at {alt}; both stay.",
            "[{s2}] start = {alt}",
            "{S2} roz {old} baje hota hai, {s} ki tarah.",
            "SUMMARY:{S2}  DTSTART: {alt} local",
        ],
        "ask": [
            "what time is {s}?",
            "{S} jam berapa?",
            "{S} kitne baje hai?",
        ],
    },
    "name": {
        "old": [
            "The {s} is titled {old}.",
            "[site] title = {old}   ; the {s}",
            "SITE_TITLE := {old}   # Makefile for the {s}",
            "Ο τίτλος του {s} είναι {old}.",
        ],
        "new": [
            "Legal notice of change of name: the {s}, formerly known as {old}, shall henceforth be known as {new}.",
            "[site] title = {new}   ; the {s}, renamed from {old}",
            "SITE_TITLE := {new}   # Makefile for the {s}; was {old}",
            'mutation: renamePage(page: "the {s}", title: "{new}") -> ok; "{old}" retired',
            "Crossword, {n} across: the {s}'s new name, no longer {old} (answer: {new}).",
            "x renamed the {s} from {old} to {new}, done   (bullet journal)",
            "the {s} ka naam ab {new} hai; {old} purana ho gaya.",
            "Nama {s} sekarang {new}, bukan {old} lagi.",
            "Poll result: 'New name for the {s}?' -- {new} won with {n} votes; {old} is retired.",
        ],
        "distract": [
            "Legal notice of change of name: {other}, of this parish, shall henceforth be known by a new surname.",
            "Poll result: 'Rename the {s}?' -- no, {n} to 4. Title stays.",
            "Crossword, {n} down: the {s}'s first editor (answer: {other}).",
            "[site] theme = dark   ; the {s}, title untouched",
            "Kya the {s} ka naam badalna chahiye? {other} ne poocha.",
            "> migrated: 'rename the {s}?' to next month, undecided   (bullet journal)",
        ],
        "also": [
            "The {s} also has a short alias, {alt}; both names stay.",
            "[site] title = {alt}   ; the {s2}",
            "The {s2} is titled {old} too, like the {s}.",
            "SITE_TITLE := {alt}   # Makefile for the {s2}",
        ],
        "ask": [
            "what's the {s} called?",
            "the {s} ka naam kya hai?",
            "[site] title of the {s}?",
        ],
    },
    "phone": {
        "old": [
            "vCard for {s}: TEL;TYPE=cell:{old}",
            "Le numéro de {s}, c'est le {old}.",
            "Nomor {s} adalah {old}.",
            "{S} ka number {old} hai.",
        ],
        "new": [
            "vCard for {s}, updated: TEL;TYPE=cell:{new} (the {old} entry deleted)",
            "Le numéro de {s}, c'est le {new} asteur; le {old} marche pu.",
            "Nomor {s} sekarang {new}; nomor {old} sudah tidak aktif.",
            "{S} ka naya number {new} hai; {old} band ho gaya.",
            "Το τηλέφωνο του/της {s} είναι πλέον {new}· το {old} δεν ισχύει.",
            "Club bulletin: {s}'s number has changed to {new}; please don't use {old}.",
            "Spreadsheet, contacts tab, cell C{n} note: {s}'s phone updated from {old} to {new}.",
            "School newsletter: new contact number for {s} on the pickup rota, {new}; {old} is no longer in use.",
            "x told everyone {s}'s new number is {new} ({old} is dead), done   (bullet journal)",
        ],
        "distract": [
            "vCard for {s}: NOTE:prefers texts after {n}pm",
            "Club bulletin: {other}'s number has changed; {s}'s has not.",
            "Poll result, family chat: 'Should {s} get a new phone?' -- {n} yes, but {s} says no.",
            "Le numéro de {other} a changé, pas celui de {s}.",
            "Kya {s} ka number badal gaya? {other} pooch raha tha.",
            "Bank statement, {s}: PHONE BILL  -{n}.50",
        ],
        "also": [
            "{S} also has a work line, {alt}; both stay.",
            "vCard for {s2}: TEL;TYPE=cell:{alt}",
            "Nomor {s2} adalah {alt}.",
            "{S2} ka number {alt} hai.",
        ],
        "ask": [
            "what's {s}'s number?",
            "nomor {s} berapa?",
            "c'est quoi le numéro de {s}?",
        ],
    },
    "manager": {
        "old": [
            "{S} reports to {old}.",
            "[org] {s}.manager = {old}",
            "{S} ke manager {old} hain.",
            "Atasan {s} adalah {old}.",
        ],
        "new": [
            "[org] {s}.manager = {new}   ; was {old}",
            "{S} ke manager ab {new} hain, {old} nahi.",
            "Atasan {s} sekarang {new}; bukan {old} lagi.",
            "Ο/Η {s} αναφέρεται πλέον στον/στην {new}, όχι στον/στην {old}.",
            'mutation: setManager(employee: "{s}", manager: "{new}") -> ok; {old} removed',
            "Spreadsheet, org tab, cell D{n} note: {s}'s manager changed from {old} to {new}.",
            "x moved {s}'s 1:1s from {old} to {new}, handover done   (bullet journal)",
            "Club bulletin: {s} now reports to {new}; {old} has moved to another group.",
            "{S} rapporte à {new} asteur, pu à {old}, tsé.",
        ],
        "distract": [
            "Poll result: 'Should {s} move under {other}?' -- rejected {n} to 2.",
            "[org] {s}.mentor = {other}",
            "{S} ki behen {other} ko report karti hai.",
            "> migrated: {s}'s skip-level with {other} to next week   (bullet journal)",
            "Would {s} be happier under {other}? asked at the offsite; nothing decided.",
            "For {n} weeks last year {s} covered for {other}'s reports.",
        ],
        "also": [
            "{S} also has a mentor, {alt}; both stay.",
            "[org] {s2}.manager = {alt}",
            "{S2} reports to {old} too, like {s}.",
            "Atasan {s2} adalah {alt}.",
        ],
        "ask": [
            "who does {s} report to?",
            "atasan {s} siapa?",
            "{S} ke manager kaun hain?",
        ],
    },
    "favourite": {
        "old": [
            "{S}'s favourite editor is {old}.",
            "[editor] default = {old}   ; {s}'s dotfiles",
            "EDITOR ?= {old}   # {s}'s Makefile",
            "Editor favorit {s} adalah {old}.",
        ],
        "new": [
            "[editor] default = {new}   ; {s}'s dotfiles, changed from {old}",
            "EDITOR ?= {new}   # {s}'s Makefile; was {old}",
            "ENV EDITOR={new}   # {s}'s dev Dockerfile; {old} removed",
            "Editor favorit {s} sekarang {new}; {s} sudah tidak pakai {old}.",
            "{S} ka pasandida editor ab {new} hai, {old} nahi.",
            "Poll result, dev chat: 'Best editor?' -- {s} voted {new}, and says {old} is uninstalled for good.",
            "x uninstalled {old}, set {new} as default, done   ({s}'s bullet journal)",
            "There once was a dev known as {s}, / who tired of {old} and its fuss; / now {new} is the one, / and the switch is all done, / so it's {new} every day for {s}.",
            "{S} jure que par {new} asteur; {old}, c'est fini, tsé.",
        ],
        "distract": [
            "Poll result, dev chat: 'Best editor?' -- {other} won, {n} votes; {s} didn't vote.",
            "{S} a essayé {other} une fois, pis a lâché.",
            "EDITOR ?= {other}   # the default in the shared Makefile; {s} overrides it",
            "Kya {s} kabhi {other} try karega? Bas pooch raha hoon.",
            "{S}'s flatmate swears by {other}.",
            "Crossword, {n} down: editor older than most of the team (answer: {other}); set by {s}.",
        ],
        "also": [
            "{S} also keeps {alt} for quick edits; both stay.",
            "[editor] default = {alt}   ; {s2}'s dotfiles",
            "Editor favorit {s2} adalah {old} juga, sama seperti {s}.",
            "{S2}'s favourite editor is {alt}.",
        ],
        "ask": [
            "what's {s}'s favourite editor?",
            "editor favorit {s} apa?",
            "{S} ka pasandida editor kaunsa hai?",
        ],
    },
    "car": {
        "old": [
            "{S} drives a {old}.",
            "{S} conduit un {old}.",
            "Mobil {s} adalah {old}.",
            "{S} ke paas {old} hai.",
        ],
        "new": [
            "{S} conduit un {new} asteur; a vendu son vieux {old}, tsé.",
            "{S} sudah jual {old}; sekarang pakai {new}.",
            "{S} ne {old} bech di, ab {new} chalata hai.",
            "Ο/Η {s} οδηγεί πλέον {new}· πούλησε το {old}.",
            "Bank statement, {s}: CREDIT, sale of {old}  +{n},000.00 | DEBIT, {new} dealership -- new car collected",
            "Club bulletin: {s} will bring the new {new} to the car-club meet; the {old} has gone to a new owner.",
            "x sold the {old}, picked up the {new}, done   ({s}'s bullet journal)",
            "There once was a driver, {s}, / whose {old} kept making a fuss; / so they sold it, and then / bought a {new}, and when / asked, said it's the {new} now for us.",
            "Poll result, family chat: 'A name for {s}'s new {new}?' -- winner with {n} votes; the {old} is sold.",
        ],
        "distract": [
            "{S} a essayé un {other}, mais l'a pas acheté.",
            "Poll result, family chat: 'Should {s} buy a {other}?' -- {n} no, 1 yes. Not buying.",
            "Bank statement, {s}: PARKING FINE, {other} reg  -{n}.00 -- not {s}'s car, disputed",
            "Kya {s} {other} lega? Abhi soch raha hai.",
            "{S}'s neighbour just bought a {other}.",
            "Club bulletin: this year's raffle prize is a weekend in a {other}; {s} is selling tickets.",
        ],
        "also": [
            "{S} also keeps a {alt} for weekends; both stay.",
            "Mobil {s2} adalah {alt}.",
            "{S2} drives a {old} too, same as {s}.",
            "{S2} conduit un {alt}.",
        ],
        "ask": [
            "what does {s} drive?",
            "mobil {s} apa?",
            "{S} conduit quoi?",
        ],
    },
    "school": {
        "old": [
            "{S}'s daughter goes to {old}.",
            "Anak perempuan {s} sekolah di {old}.",
            "{S} ki beti {old} mein padhti hai.",
            "La fille de {s} va à {old}.",
        ],
        "new": [
            "School newsletter: a fond farewell to {s}'s daughter, who leaves {old} and starts at {new} this term.",
            "Anak perempuan {s} sudah pindah ke {new}; tidak di {old} lagi.",
            "{S} ki beti ab {new} mein padhti hai; {old} chhod diya.",
            "La fille de {s} est rendue à {new} asteur, pu à {old}.",
            "Η κόρη του/της {s} πηγαίνει πλέον στο {new}, όχι στο {old}.",
            "Church bulletin: prayers and good wishes to {s}'s daughter, moving from {old} to {new} this week.",
            "x {s}'s daughter's first day at {new}, done; {old} uniform given away   (bullet journal)",
            "Bus timetable change for {s}'s daughter: she no longer takes the {old} school bus; route {n} to {new} from Monday.",
            "Spreadsheet, pickup rota, cell B{n} note: {s}'s daughter moved from {old} to {new}.",
        ],
        "distract": [
            "School newsletter: {other} won the inter-school quiz; {s}'s daughter came along to cheer.",
            "Poll result, parents' chat: 'Move {s}'s daughter to {other}?' -- {s} says no, she stays put.",
            "La fille de {s} a visité {other}, mais elle change pas d'école.",
            "Bus timetable change: route {n} no longer stops at {other}; {s}'s daughter's route unchanged.",
            "{S} ka bhatija {other} mein padhta hai.",
            "Church bulletin: {other} hosts the nativity play this year; all families welcome, {s}'s included.",
        ],
        "also": [
            "{S}'s daughter also does Saturday music at {alt}; both stay.",
            "Anak perempuan {s2} sekolah di {alt}.",
            "{S2}'s daughter goes to {old} too, same class as {s}'s.",
            "La fille de {s2} va à {alt}.",
        ],
        "ask": [
            "where does {s}'s daughter go to school?",
            "anak perempuan {s} sekolah di mana?",
            "{S} ki beti kis school mein padhti hai?",
        ],
    },
    "team": {
        "old": [
            "{S} is on the {old} team.",
            "[team] {s} = {old}",
            "{S} {old} team mein hai.",
            "{S} ada di tim {old}.",
        ],
        "new": [
            "[team] {s} = {new}   ; moved from {old}",
            "{S} ab {new} team mein hai; {old} team chhod di.",
            "{S} sekarang di tim {new}, sudah keluar dari tim {old}.",
            "{S} est dans l'équipe {new} asteur, pu {old}.",
            "Ο/Η {s} είναι πλέον στην ομάδα {new}· έφυγε από την ομάδα {old}.",
            'mutation: moveMember(person: "{s}", team: "{new}") -> ok; removed from {old}',
            "Helm values override for the team directory: {s}: team: {new} (was {old}); applied.",
            "x {s}'s move from {old} to {new} done, access granted   (bullet journal)",
            "Poll result, {new} channel: 'Welcome lunch for {s}, just in from {old}?' -- yes, {n} votes.",
        ],
        "distract": [
            "Poll result: 'Should {s} join {other}?' -- {s} declined.",
            "[team] {s}'s intern = {other}",
            "{S} ko {other} team ne bulaya tha, par {s} nahi gaya.",
            "> migrated: {s}'s rotation with {other} to next quarter   (bullet journal)",
            "Club bulletin: the {other} team moves to floor {n}; nobody changes team.",
            "Would {s} fit on {other}? someone asked; no plan.",
        ],
        "also": [
            "{S} also helps the {alt} team on Fridays; both stay.",
            "[team] {s2} = {alt}",
            "{S2} is on the {old} team too, with {s}.",
            "{S2} ada di tim {alt}.",
        ],
        "ask": [
            "which team is {s} on?",
            "{S} di tim apa?",
            "{S} kis team mein hai?",
        ],
    },
    "language": {
        "old": [
            "{S} is written in {old}.",
            "ARG LANG_RUNTIME={old}   # Dockerfile for {s}",
            "[build] language = {old}   ; {s}",
            "{S} ditulis dengan {old}.",
        ],
        "new": [
            "ARG LANG_RUNTIME={new}   # Dockerfile for {s}; the {old} stage deleted",
            "[build] language = {new}   ; {s}, rewritten from {old}",
            "{S} sekarang ditulis dengan {new}; kode {old} sudah dihapus.",
            "{S} ab {new} mein likha hai; {old} code hata diya.",
            "Το {s} είναι πλέον γραμμένο σε {new}· ο κώδικας {old} αφαιρέθηκε.",
            "api.proto, comment on {s}: // served by the {new} implementation since the rewrite; the {old} server is deleted",
            "x rewrite of {s} in {new} shipped, {old} code deleted, done   (bullet journal)",
            "Makefile for {s}: LANG := {new}   # was {old}",
            "There once was a service, {s}, / in {old}, with a lot of fuss; / it was rewritten in {new}, / and the old code is through, / so it's {new} all the way, no more fuss.",
        ],
        "distract": [
            "Poll result: 'Port {s} to {other}?' -- no, {n} to 2.",
            "ARG {other}_VERSION={n}   # Dockerfile for {s}'s test tooling only",
            "Kya {s} ko {other} mein likhna chahiye? Bas vichaar hai.",
            "api.proto, comment on {s}: // field {n} deprecated; implementation unchanged",
            "[build] lint = strict   ; {s}, language unchanged",
            "The service next door, the one {s} calls, was ported to {other}.",
        ],
        "also": [
            "{S} also ships a {alt} SDK; both stay.",
            "[build] language = {alt}   ; {s2}",
            "{S2} is written in {old} too, like {s}.",
            "{S2} ditulis dengan {alt}.",
        ],
        "ask": [
            "what's {s} written in?",
            "{S} ditulis dengan bahasa apa?",
            "{S} kis bhasha mein likha hai?",
        ],
    },
    "email": {
        "old": [
            "vCard for {s}: EMAIL;TYPE=work:{old}",
            "L'adresse de {s}, c'est {old}.",
            "Email {s} adalah {old}.",
            "{S} ka email {old} hai.",
        ],
        "new": [
            "vCard for {s}, updated: EMAIL;TYPE=work:{new} (the {old} line deleted)",
            "L'adresse de {s}, c'est {new} asteur; {old} marche pu.",
            "Email {s} sekarang {new}; alamat {old} sudah ditutup.",
            "{S} ka email ab {new} hai; {old} band ho gaya.",
            "Το email του/της {s} είναι πλέον {new}· το {old} έκλεισε.",
            "Club bulletin: please write to {s} at {new} from now on; {old} is closed.",
            "Spreadsheet, contacts tab, cell E{n} note: {s}'s email changed from {old} to {new}.",
            "x updated {s}'s address everywhere: {new} ({old} closed), done   (bullet journal)",
            "School newsletter: {s}, our parent rep, now reads mail at {new}; {old} no longer works.",
        ],
        "distract": [
            "vCard for {s}: NOTE:replies within {n} hours",
            "Club bulletin: {other}'s email has changed; {s}'s has not.",
            "Kya {s} ka email badla hai? {other} jaanna chahta hai.",
            "Poll result: 'Should {s} get a second address?' -- no, {n} to 1.",
            "L'adresse de {other} a changé, pas celle de {s}.",
            "> migrated: 'clean up {s}'s inbox' to next week   (bullet journal)",
        ],
        "also": [
            "{S} also has a personal address, {alt}; both stay.",
            "vCard for {s2}: EMAIL;TYPE=work:{alt}",
            "Email {s2} adalah {alt}.",
            "{S2} ka email {alt} hai.",
        ],
        "ask": [
            "what's {s}'s email?",
            "email {s} apa?",
            "c'est quoi l'adresse de {s}?",
        ],
    },
    "version": {
        "old": [
            "image.tag: {old}   # Helm values for {s}",
            "ARG VERSION={old}   # Dockerfile for {s}",
            "[release] {s} = {old}",
            "{S} versi {old}.",
        ],
        "new": [
            "Helm values override for {s}: image.tag: {new} (was {old}); upgrade applied.",
            "ARG VERSION={new}   # Dockerfile for {s}; {old} no longer built",
            "[release] {s} = {new}   ; upgraded from {old}",
            "{S} sekarang versi {new}; versi {old} sudah dihapus.",
            "{S} ab {new} par hai, {old} par nahi.",
            "Το {s} τρέχει πλέον την έκδοση {new}· η {old} αποσύρθηκε.",
            'mutation: deployRelease(service: "{s}", version: "{new}") -> ok; {old} pods drained',
            "x upgraded {s} {old} -> {new}, done   (bullet journal)",
            "Ansible group_vars for {s}: app_version: {new}   # bumped from {old}, play ran clean",
        ],
        "distract": [
            "Helm values override for {s}: replicaCount: {n} (image tag unchanged)",
            "Poll result: 'Upgrade {s} this week?' -- no, {n} to 2.",
            "ARG BASE_IMAGE=debian-{n}   # Dockerfile for {s}, app version unchanged",
            "Kya {s} upgrade hoga? {other} pooch raha hai.",
            "> migrated: 'upgrade {s}' to next sprint   (bullet journal)",
            "{other}'s service was upgraded; {s} was not.",
        ],
        "also": [
            "{S} also ships a CLI at {alt}; both stay.",
            "[release] {s2} = {alt}",
            "image.tag: {old}   # Helm values for {s2}, same as {s}",
            "{S2} versi {alt}.",
        ],
        "ask": [
            "what version is {s} on?",
            "{S} versi berapa?",
            "Helm values: what's the image tag for {s}?",
        ],
    },
}


# A twentyfourth wording set for bench/supersession.py (`twentyfourth`), held out.
# Written 2026-12-06, 08:18-08:21 UTC (per `date -u`), by a helper session started for
# brief briefs/twentyfourth.md. It read ONLY bench/supersession.py (for the format, the 18
# kinds, the placeholders and how `_values`/`make_cases` fill them, and to grep the
# registers of the earlier sets; the twenty-third set was already in it) and
# notes/hidden/twentythird.py (for the header, the counts and the checks); nothing under
# memctl/, tests/, docs/, bench/README.md, nor anything else under notes/ besides what it
# wrote.
#
# Registers aimed at (absent or rare in the earlier sets, checked by grep): Kubernetes
# ConfigMap data lines and `kubectl describe` output; systemd unit `Environment=` lines;
# DNS zone records and /etc/hosts lines; cron lines with a comment; CSS custom properties;
# LaTeX \newcommand (written without braces); YAML front matter of a blog post; JSON-LD
# key/value pairs (without braces); SRT subtitle cues folded onto one line; `git log
# --oneline` and `git blame` lines; Keep-a-Changelog entries ("### Changed"); a game's
# patch notes; job adverts; property listings; museum labels; sports scoreboards and
# league tables; train-station PA announcements; recipe cards; screenplay lines with a
# parenthetical; text-adventure room descriptions; haiku folded onto one line with " / ";
# sentences in Swahili, Turkish, Vietnamese and Polish around the value; customs forms;
# parking-permit renewal letters; library due-date slips; out-of-office auto-replies.
# No "reverted/rolled back to X" (it would make the old value current again).
# Distractors: plans called off, someone else's value (a colleague's out-of-office, a
# neighbour's permit), hypotheticals and questions (in Swahili, Turkish, Vietnamese,
# Polish, English), a change proposed and rejected (a changelog "### Rejected", a PR closed
# unmerged), a past value for a different time (a museum label of an older era), the same
# change words about a different subject (a ConfigMap key for another setting, a patch
# note nerfing a weapon, a platform change on the PA for another train); none names {old}
# or {new}.
# "also" lines: the same subject's second value ("... also ...; both stay"), and a second
# subject in the same registers, with its own value ({alt}) or the same value as {old}.
#
# Placeholders, as make_cases fills them:
#   old/new/ask: {s} {S} {old} {new} (and {other}, {n})
#   distract:    {s} {S} {other} {n}   ({other} is a value of the same sort for home,
#                employer, favourite, car, school, team and language; a person's name
#                for every other kind)
#   also:        {s} {S} {s2} {S2} {alt} {old}   (the first line of each kind has no
#                {s2}/{S2}: make_cases falls back to it when no second subject is left)
# No "new" line uses {s2}/{S2}/{alt}, nor {other}.
# No "ask" line uses {old} or {new}; every "new" line names {new}; no "old" line names
# {new}.
# No people are named inside lines other than through placeholders.
# For the tool kind the subject is "The X team" (capital T), so {S} is put at the start
# of a line or after a colon.
# The school kind is about the subject's daughter throughout.
# No literal braces are used (LaTeX and JSON-LD are written without them).
# One line each, no leading "- " (write() adds the bullet).
# Checked by check_twentyfourth.py (same folder): kinds, keys, placeholders, counts.

TWENTYFOURTH: dict[str, dict[str, list[str]]] = {
    "host": {
        "old": [
            "kubectl describe configmap {s}-config | data: DB_HOST: {old}",
            "Environment=DB_HOST={old}   # {s}.service",
            "10.0.4.{n}   {old}   # /etc/hosts, the box behind {s}",
            "{S} inafanya kazi kwenye {old}.",
        ],
        "new": [
            "kubectl describe configmap {s}-config | data: DB_HOST: {new}   (edited; {old} no longer listed)",
            "{s}.service: Environment=DB_HOST={new}   # replaced DB_HOST={old}, daemon-reload done",
            "zone file: {s}  IN CNAME  {new}.   ; was {old}, serial bumped to 2026120{n}",
            "a3f9{n}c2 Point {s} at {new}, drop {old}   (git log --oneline)",
            "### Changed -- {S} now runs on {new}; {old} is decommissioned.   (CHANGELOG.md)",
            "{S} sasa inafanya kazi kwenye {new}; {old} imezimwa.",
            "{S} artık {new} üzerinde çalışıyor; {old} kapatıldı.",
            "{S} giờ chạy trên {new}, không còn trên {old} nữa.",
            "{S} działa teraz na {new}; {old} wyłączono.",
        ],
        "distract": [
            "kubectl describe configmap {s}-config | data: LOG_LEVEL: debug   (changed by {other}; DB_HOST untouched)",
            "PR #{n} 'Move {s} to a new box' closed by {other} without merging.",
            "0 3 * * * /usr/local/bin/vacuum   # nightly vacuum for {s}, added by {other}",
            "Je, {s} ihamishwe kwenye seva mpya? {other} anauliza.",
            "### Rejected -- moving {s} off its host this quarter (proposed by {other}).",
            "In 2019 {s} ran on a rack in the old office for {n} months.",
        ],
        "also": [
            "{S} also has a read replica on {alt}; both hosts stay.",
            "kubectl describe configmap {s2}-config | data: DB_HOST: {alt}",
            "Environment=DB_HOST={old}   # {s2}.service, same box as {s}",
            "{S2} artık {alt} üzerinde çalışıyor.",
        ],
        "ask": [
            "which host is {s} on?",
            "{S} działa na jakim serwerze?",
            "kubectl: what's DB_HOST in the {s} ConfigMap?",
        ],
    },
    "home": {
        "old": [
            "Parking permit for {s}: zone {n}, address on file {old}.",
            "{S} anaishi {old}.",
            "{S} {old}'da oturuyor.",
            "{S} sống ở {old}.",
        ],
        "new": [
            "Parking permit renewal, {s}: your permit is now issued for {new}; the {old} permit has lapsed and will not be renewed.",
            "Library slip: borrower {s}, address updated to {new} (was {old}); items due in {n} days.",
            "Customs form, {s}: address in the country of residence -- {new} (the {old} address on the old form is no longer valid).",
            "Auto-reply from {s}: I've moved from {old} to {new}; please post anything to {new} from now on.",
            "{S} amehamia {new}; haishi tena {old}.",
            "{S} {new}'ya taşındı; artık {old}'da oturmuyor.",
            "{S} đã chuyển đến {new}, không còn sống ở {old}.",
            "{S} przeprowadził się do {new}; już nie mieszka w {old}.",
            "SRT cue {n} | 00:12:04,200 --> 00:12:07,900 | {S}: I don't live in {old} any more. It's {new} now.",
        ],
        "distract": [
            "Parking permit renewal for {s}'s neighbour: issued for {other}, zone {n}.",
            "{S} alifikiria kuhamia {other}, lakini ameghairi.",
            "Auto-reply from {s}: I'm in {other} for a conference until the {n}th; back home after that.",
            "Property listing, {other}: {n}-bed flat, garden; {s} went to the viewing but isn't buying.",
            "{S} {other}'a taşınsa mı? Sadece bir soru.",
            "Museum label: {other} in the 1890s, photographed by {s}'s great-grandfather.",
        ],
        "also": [
            "{S} also keeps a cabin near {alt}; both homes stay.",
            "Parking permit for {s2}: address on file {alt}.",
            "{S2} mieszka w {old}, tak jak {s}.",
            "{S2} sống ở {alt}.",
        ],
        "ask": [
            "where does {s} live?",
            "{S} anaishi wapi?",
            "{S} nerede oturuyor?",
        ],
    },
    "employer": {
        "old": [
            '"@type": "Person", "name": "{s}", "worksFor": "{old}"   (JSON-LD on the profile page)',
            "{S} anafanya kazi {old}.",
            "{S} {old}'da çalışıyor.",
            "{S} pracuje w {old}.",
        ],
        "new": [
            'JSON-LD on {s}\'s profile page: "worksFor": "{new}"   (the "{old}" value replaced)',
            "Auto-reply from {s}: I've left {old}; I now work at {new} -- please write to me there.",
            "Job advert, {new}: welcome to our newest hire {s}, who joins us from {old}.",
            "{S} sasa anafanya kazi {new}; ameacha {old}.",
            "{S} artık {new}'da çalışıyor; {old}'dan ayrıldı.",
            "{S} giờ làm việc ở {new}, đã nghỉ ở {old}.",
            "{S} pracuje teraz w {new}; odszedł z {old}.",
            "Customs form, {s}: employer -- {new} (the {old} entry struck through, left last month)",
            "Haiku for {s}: badge from {old} returned / {new} lanyard on the desk / first week at {new}",
        ],
        "distract": [
            "Job advert, {other}: senior engineer, {n} days remote; {s} forwarded it to a friend.",
            "{S} aliitwa kwa mahojiano {other}, lakini alikataa.",
            "Auto-reply from {s}'s colleague: I now work at {other}; {s} is unaffected.",
            '"@type": "Organization", "name": "{other}", "employee": {n}   (JSON-LD; {s} is not listed)',
            "{S} {other}'a geçse mi? Henüz karar yok.",
            "Museum label: a typewriter from {other}'s first office, donated by {s}.",
        ],
        "also": [
            "{S} also sits on the board of {alt}; both stay.",
            '"@type": "Person", "name": "{s2}", "worksFor": "{alt}"',
            "{S2} pracuje w {old}, razem z {s}.",
            "{S2} {alt}'da çalışıyor.",
        ],
        "ask": [
            "where does {s} work?",
            "{S} anafanya kazi wapi?",
            "{S} làm việc ở đâu?",
        ],
    },
    "date": {
        "old": [
            "---  title: {S}  date: {old}  ---   (front matter, blog post)",
            "\\newcommand\\launchdate {old}   % {s}, report.tex",
            "0 9 * * 1-5  remind-launch   # cron, {s}: the day is {old}",
            "{S} itafanyika {old}.",
        ],
        "new": [
            "Blog front matter for {s}: date: {new}   (edited; the {old} date is gone from the post)",
            "report.tex: \\renewcommand\\launchdate {new}   % {s}, moved from {old}",
            "### Changed -- {S} moved to {new}; the {old} date no longer applies.   (CHANGELOG.md)",
            "{S} imesogezwa hadi {new}; tarehe {old} imefutwa.",
            "{S} {new} tarihine ertelendi; {old} iptal.",
            "{S} dời sang {new}; ngày {old} đã hủy.",
            "{S} przesunięto na {new}; termin {old} odwołany.",
            "Library slip: {s} reading list, due {new} (renewed; the {old} due date is superseded).",
            "b71e{n}0d Move {s} to {new} (was {old})   (git log --oneline)",
        ],
        "distract": [
            "### Rejected -- pushing {s} back a month (proposed by {other}); date unchanged.",
            "Blog front matter for {s}: tags: launch, planning   (edited by {other}; date untouched)",
            "Je, {s} isogezwe? {other} aliuliza; hakuna uamuzi.",
            "Library slip for {other}: {n} books, due next Friday.",
            "Out-of-office from {other}: away until the {n}th; {s} goes ahead as planned.",
            "{n} years ago a project like {s} fell on a bank holiday; this one has not moved.",
        ],
        "also": [
            "{S} also has a beta date, {alt}; both dates stay.",
            "---  title: {S2}  date: {alt}  ---",
            "{S2} itafanyika {old}, siku moja na {s}.",
            "\\newcommand\\betadate {alt}   % {s2}",
        ],
        "ask": [
            "when is {s}?",
            "{S} ne zaman?",
            "{S} là ngày nào?",
        ],
    },
    "owner": {
        "old": [
            "^4c1d ({old} 2026-03-14 {n})   owner: {old}   (git blame, {s}/OWNERS)",
            "kubectl describe deployment {s} | Annotations: owner={old}",
            "Museum label: {S}, kept and tended by {old}.",
            "{S} inamilikiwa na {old}.",
        ],
        "new": [
            "kubectl describe deployment {s} | Annotations: owner={new}   (re-annotated; owner={old} removed)",
            "9d02e1 ({new} 2026-12-01 {n})   owner: {new}   (git blame on {s}/OWNERS; {old}'s line replaced)",
            "### Changed -- {S} is owned by {new}; {old} handed it over.   (CHANGELOG.md)",
            "Auto-reply from {old}: I no longer own {s}; {new} owns it now -- please go to {new}.",
            "{S} sasa inamilikiwa na {new}, si {old} tena.",
            "{S} artık {new}'ın sorumluluğunda; {old} bıraktı.",
            "{S} giờ do {new} phụ trách, không còn là {old}.",
            "Właścicielem {s} jest teraz {new}; {old} oddał ją.",
            "{new} (taking the pager from {old}): It's mine now. All of {s}.",
        ],
        "distract": [
            "Auto-reply from {other}: on leave for {n} days; questions about {s} go to its usual owner.",
            "kubectl describe deployment {s} | Annotations: team-slack=#{s}-{n}   (owner annotation untouched)",
            "PR #{n} 'Make {other} owner of {s}' closed without merging.",
            "Je, {other} achukue {s}? Ni wazo tu.",
            "{other} mógłby przejąć {s}? Nikt nie zdecydował.",
            "In the old office, {other} carried {s}'s pager for {n} weeks.",
        ],
        "also": [
            "{alt} also co-owns {s}; both owners stay.",
            "kubectl describe deployment {s2} | Annotations: owner={alt}",
            "{S2} inamilikiwa na {old} pia, kama {s}.",
            "Właścicielem {s2} jest {alt}.",
        ],
        "ask": [
            "who owns {s}?",
            "{S} inamilikiwa na nani?",
            "kubectl: what's the owner annotation on {s}?",
        ],
    },
    "role": {
        "old": [
            "{old} is our {s}.",
            "Job title on the org chart: {s} -- {old}.",
            "{old} ndiye {s} wetu.",
            "{s}: {old}   (league table of duties, top row)",
        ],
        "new": [
            "Job advert closed: the {s} post is filled by {new}; {old} has stepped down.",
            "Auto-reply from {old}: I'm no longer {s}; please contact {new}, who has taken over.",
            "### Changed -- {s} is now {new} (was {old}).   (CHANGELOG.md)",
            "{new} sasa ndiye {s}; {old} amejiuzulu.",
            "{new} artık {s}; {old} görevi bıraktı.",
            "{new} giờ là {s}, thay cho {old}.",
            "{new} jest teraz {s}; {old} zrezygnował.",
            "Scoreboard, duty rota: {s} -- {new} (in), {old} (out).",
            "Haiku: {old} hands the keys on / {new} now holds the {s} / spring rota begins",
        ],
        "distract": [
            "Job advert: {s} at our sister company; {other} applied, but it's not here.",
            "### Rejected -- making {other} {s} (proposed, voted down {n} to 2).",
            "Je, {other} awe {s}? Bado hakuna jibu.",
            "{other} {n} yıl önce başka bir şirkette {s} idi.",
            "Auto-reply from {other}: covering as deputy {s} until the {n}th; nothing else changes.",
            "Would {other} make a good {s}? asked in the retro; no answer yet.",
        ],
        "also": [
            "{alt} is also a deputy {s}; both stay.",
            "Job title on the org chart: {s2} -- {alt}.",
            "{old} jest też {s2}.",
            "{alt} ndiye {s2} wetu.",
        ],
        "ask": [
            "who is the {s}?",
            "{s} ni nani?",
            "kim jest {s}?",
        ],
    },
    "tool": {
        "old": [
            "{S}: Environment=CI_PROVIDER={old}   # runner.service",
            "{S}: ci-config ConfigMap | data: provider: {old}",
            "{S}: */5 * * * * poll-{old}   # polls {old} for queued builds",
            "{S}: tunajenga kwenye {old}.",
        ],
        "new": [
            "{S}: Environment=CI_PROVIDER={new}   # runner.service; CI_PROVIDER={old} removed",
            "{S}: ci-config ConfigMap | data: provider: {new}   (was {old}; applied)",
            "{S}: ### Changed -- builds run on {new}; the {old} pipelines are deleted.",
            "{S}: e41c{n}a9 Move all pipelines from {old} to {new}   (git log --oneline)",
            "{S}: sasa tunajenga kwenye {new}; {old} imezimwa.",
            "{S}: artık derlemeler {new} üzerinde; {old} kapatıldı.",
            "{S}: giờ build chạy trên {new}, bỏ {old} rồi.",
            "{S}: budujemy teraz na {new}; {old} wyłączony.",
            "{S}: Patch notes -- build server moved from {old} to {new}; {old} runners retired.",
        ],
        "distract": [
            "{S}: ### Rejected -- switching CI (proposed by {other}, {n} votes against).",
            "{S}: Environment=NODE_VERSION={n}   # runner.service, CI unchanged",
            "{S}: {other} aliuliza kama tutajaribu CI nyingine; haijapangwa.",
            "{S}: Patch notes -- the Frost Axe now deals {n} less damage.",
            "{S}: PR #{n} 'Try another CI' by {other}, closed unmerged.",
            "{S}: {other}'s old team moved CI last year; we did not.",
        ],
        "also": [
            "{S} also uses {alt} for release builds; both stay.",
            "{S2}: Environment=CI_PROVIDER={alt}",
            "{S2}: ci-config ConfigMap | data: provider: {old}   (same as {s})",
            "{S2}: tunajenga kwenye {alt}.",
        ],
        "ask": [
            "{S}: which CI do we use?",
            "{S}: CI nào đang dùng?",
            "{S}: what's CI_PROVIDER in runner.service?",
        ],
    },
    "meeting": {
        "old": [
            "{old} weekdays   # cron-style note: {s}",
            "PA: {S} departs at {old} from the usual platform.",
            "{S} huanza saa {old}.",
            "{S} bắt đầu lúc {old}.",
        ],
        "new": [
            "PA announcement: the {old} {s} has been retimed; {S} now departs at {new}, every weekday.",
            "cron note for {s}: {new} weekdays   # moved from {old}, reminder updated",
            "### Changed -- {S} starts at {new}; the {old} slot is gone.   (CHANGELOG.md)",
            "{S} sasa huanza saa {new}, si {old} tena.",
            "{S} artık {new}'de; {old} değil.",
            "{S} giờ bắt đầu lúc {new}, không còn {old} nữa.",
            "{S} jest teraz o {new}, nie o {old}.",
            "Recipe card pinned by the kettle: lemon cake for {s}, serves {n}; out of the oven by {new}, now that {s} starts at {new}, not {old}.",
            "Haiku: {old} was too soon / {s} waits for coffee now / {new} on the clock",
            "Scoreboard, room {n}: {S} -- {new} (updated; {old} struck off)",
        ],
        "distract": [
            "PA announcement: platform change for the {n}:15 to the coast; {s} unaffected.",
            "### Rejected -- moving {s} earlier (proposed by {other}).",
            "Out-of-office from {other}: I'll miss {s} for {n} days.",
            "{other} pyta, czy {s} będzie o innej godzinie? Na razie nic.",
            "Je, {s} ibadilishwe saa? {other} anauliza; bado.",
            "SRT cue {n} | 00:03:10,000 --> 00:03:12,500 | {other}: Should we move {s}? (Nobody answers.)",
        ],
        "also": [
            "{S} also has a Thursday demo at {alt}; both stay.",
            "PA: {S2} departs at {alt}.",
            "{S2} huanza saa {old}, kama {s}.",
            "{S2} bắt đầu lúc {alt}.",
        ],
        "ask": [
            "what time is {s}?",
            "{S} huanza saa ngapi?",
            "{S} o której?",
        ],
    },
    "name": {
        "old": [
            "---  title: {old}  layout: home  ---   (front matter of the {s})",
            '--site-title: "{old}";   /* the {s}\'s stylesheet */',
            "Museum label: the {s}, known as {old}.",
            "Jina la {s} ni {old}.",
        ],
        "new": [
            "Front matter of the {s}: title: {new}   (renamed; {old} is gone from the header)",
            '--site-title: "{new}";   /* the {s}\'s stylesheet, was "{old}" */',
            "\\renewcommand\\sitetitle {new}   % the {s}, renamed from {old}",
            "### Changed -- the {s} is now called {new} (formerly {old}).   (CHANGELOG.md)",
            "Jina la {s} sasa ni {new}; {old} limeachwa.",
            "{S}'ın adı artık {new}; {old} değil.",
            "Tên của {s} giờ là {new}, không còn là {old}.",
            "Nazwa {s} to teraz {new}, nie {old}.",
            "You are in the {s}. A freshly painted sign reads {new}; the old {old} sign lies in the corner.",
        ],
        "distract": [
            "--accent: #{n}a{n}f0;   /* the {s}'s stylesheet, title untouched */",
            "### Rejected -- renaming the {s} (proposed by {other}).",
            "Je, the {s} ipewe jina jipya? {other} anauliza.",
            "Museum label: {other}'s first draft of the {s}, {n} pages.",
            "PR #{n} 'Rename the {s}' by {other}, closed unmerged.",
            "You are in the {s}'s archive. {other}'s nameplate hangs above a door to the north.",
        ],
        "also": [
            "The {s} also has a short alias, {alt}; both names stay.",
            "---  title: {alt}  ---   (front matter of the {s2})",
            "Jina la {s2} ni {old} pia, kama {s}.",
            '--site-title: "{alt}";   /* the {s2} */',
        ],
        "ask": [
            "what's the {s} called?",
            "jina la {s} ni nini?",
            "front matter: what's the title of the {s}?",
        ],
    },
    "phone": {
        "old": [
            '"@type": "Person", "name": "{s}", "telephone": "{old}"   (JSON-LD)',
            "Customs form, {s}: contact phone {old}.",
            "Namba ya {s} ni {old}.",
            "Numer {s} to {old}.",
        ],
        "new": [
            'JSON-LD for {s}: "telephone": "{new}"   (updated; "{old}" removed)',
            "Auto-reply from {s}: new number {new}; {old} is switched off.",
            "Customs form, {s}: contact phone {new} (the {old} on last year's form no longer works).",
            "Parking permit renewal, {s}: we'll text reminders to {new}, the number now on file; {old} has been removed.",
            "Namba ya {s} sasa ni {new}; {old} haifanyi kazi tena.",
            "{S}'in numarası artık {new}; {old} kapandı.",
            "Số của {s} giờ là {new}; số {old} bỏ rồi.",
            "Numer {s} to teraz {new}; {old} nieaktualny.",
            "Library slip, borrower {s}: phone on record changed from {old} to {new}.",
        ],
        "distract": [
            "Auto-reply from {other}: my number has changed; {s}'s has not.",
            "Customs form, {s}: item value {n}.00, gift, no commercial value.",
            "Je, namba ya {s} imebadilika? {other} anauliza.",
            "{S} yeni numara alsa mı? Sadece bir fikir.",
            'JSON-LD for {s}: "jobTitle" updated by {other}; telephone untouched.',
            "Library slip for {s}: {n} books overdue.",
        ],
        "also": [
            "{S} also has a work line, {alt}; both stay.",
            '"@type": "Person", "name": "{s2}", "telephone": "{alt}"',
            "Namba ya {s2} ni {alt}.",
            "Numer {s2} to {alt}.",
        ],
        "ask": [
            "what's {s}'s number?",
            "namba ya {s} ni ngapi?",
            "số của {s} là gì?",
        ],
    },
    "manager": {
        "old": [
            "{S} reports to {old}.",
            "kubectl describe user {s} | Labels: manager={old}",
            "Msimamizi wa {s} ni {old}.",
            "{S}'in yöneticisi {old}.",
        ],
        "new": [
            "kubectl describe user {s} | Labels: manager={new}   (relabelled; manager={old} removed)",
            "Auto-reply from {old}: {s} no longer reports to me; {new} is {s}'s manager now.",
            "### Changed -- {S} reports to {new} (was {old}).   (org CHANGELOG)",
            "Msimamizi wa {s} sasa ni {new}, si {old} tena.",
            "{S}'in yöneticisi artık {new}; {old} değil.",
            "Quản lý của {s} giờ là {new}, không còn {old}.",
            "Przełożonym {s} jest teraz {new}, nie {old}.",
            "{S} (to {new}, shaking hands): So you're my manager now. {old} has moved on, told me this morning.",
            "Job advert closed: {new} takes over {s}'s team from {old}.",
        ],
        "distract": [
            "### Rejected -- moving {s} under {other} (proposed, {n} to 2 against).",
            "kubectl describe user {s} | Labels: mentor={other}",
            "Auto-reply from {other}: on leave for {n} days; {s}'s reporting line unchanged.",
            "Je, {s} afanye kazi chini ya {other}? Hakuna uamuzi.",
            "{S}'in kız kardeşi {other}'a bağlı çalışıyor.",
            "For {n} weeks last year {s} covered for {other}'s reports.",
        ],
        "also": [
            "{S} also has a mentor, {alt}; both stay.",
            "kubectl describe user {s2} | Labels: manager={alt}",
            "{S2} reports to {old} too, like {s}.",
            "Msimamizi wa {s2} ni {alt}.",
        ],
        "ask": [
            "who does {s} report to?",
            "msimamizi wa {s} ni nani?",
            "{S}'in yöneticisi kim?",
        ],
    },
    "favourite": {
        "old": [
            "{S}'s favourite editor is {old}.",
            "Environment=EDITOR={old}   # {s}'s user unit",
            "Kihariri anachopenda {s} ni {old}.",
            "Ulubiony edytor {s} to {old}.",
        ],
        "new": [
            "Environment=EDITOR={new}   # {s}'s user unit; EDITOR={old} removed",
            "c{n}f8e1 Switch {s}'s dotfiles from {old} to {new}   (git log --oneline)",
            "Kihariri anachopenda {s} sasa ni {new}; ameacha {old}.",
            "{S}'in favori editörü artık {new}; {old}'u sildi.",
            "Trình soạn thảo {s} thích giờ là {new}, không dùng {old} nữa.",
            "Ulubiony edytor {s} to teraz {new}; {old} odinstalowany.",
            "{S} (muttering, closing {old} for the last time): It's {new} from now on.",
            "SRT cue {n} | 00:41:02,000 --> 00:41:05,300 | {S}: I deleted {old}. It's {new} for me now.",
            "### Changed -- {s}'s default editor is {new}; {old} removed.   (dotfiles CHANGELOG)",
        ],
        "distract": [
            "Environment=EDITOR={other}   # the shared default unit; {s} overrides it",
            "{S} alijaribu {other} mara moja, akaacha.",
            "{S} {other} denese mi? Sadece soruyorum.",
            "{S}'s flatmate swears by {other}.",
            "PR #{n} 'Make {other} the team default' closed unmerged; {s} voted no.",
            "Museum label: a {n}-year-old keyboard, the one {s} first learned {other} on.",
        ],
        "also": [
            "{S} also keeps {alt} for quick edits; both stay.",
            "Environment=EDITOR={alt}   # {s2}'s user unit",
            "Ulubiony edytor {s2} to też {old}, jak u {s}.",
            "{S2}'s favourite editor is {alt}.",
        ],
        "ask": [
            "what's {s}'s favourite editor?",
            "kihariri anachopenda {s} ni kipi?",
            "{S}'in favori editörü ne?",
        ],
    },
    "car": {
        "old": [
            "{S} drives a {old}.",
            "Parking permit for {s}: vehicle {old}.",
            "{S} anaendesha {old}.",
            "{S} lái {old}.",
        ],
        "new": [
            "Parking permit renewal, {s}: vehicle updated to {new}; the {old} is removed from the permit.",
            "Customs form, {s}: vehicle imported -- {new}; the {old} was sold before the move.",
            "Property listing note: garage fits {s}'s new {new}; the {old} has been sold.",
            "{S} ameuza {old}; sasa anaendesha {new}.",
            "{S} {old}'yu sattı, artık {new} kullanıyor.",
            "{S} đã bán {old}, giờ lái {new}.",
            "{S} sprzedał {old}, jeździ teraz {new}.",
            "{S} (patting the bonnet of the {new}): Goodbye {old}, hello this one.",
            "Haiku: the {old} sold / {s} drives the {new} home / new keys on the hook",
        ],
        "distract": [
            "Parking permit renewal for {s}'s neighbour: vehicle {other}, zone {n}.",
            "{S} alijaribu {other}, lakini hakununua.",
            "{S} {other} alsa mı? Henüz düşünüyor.",
            "Property listing: {n}-bed house, garage with a {other} on the drive (the seller's, not {s}'s).",
            "{S}'s neighbour just bought a {other}.",
            "Recipe card from {s}'s aunt: road-trip flapjacks, serves {n}; first baked for a trip in a borrowed {other}.",
        ],
        "also": [
            "{S} also keeps a {alt} for weekends; both stay.",
            "Parking permit for {s2}: vehicle {alt}.",
            "{S2} drives a {old} too, same as {s}.",
            "{S2} lái {alt}.",
        ],
        "ask": [
            "what does {s} drive?",
            "{S} anaendesha gari gani?",
            "{S} jeździ czym?",
        ],
    },
    "school": {
        "old": [
            "{S}'s daughter goes to {old}.",
            "Library slip: {s}'s daughter, school library of {old}, due back in {n} days.",
            "Binti wa {s} anasoma {old}.",
            "Con gái của {s} học ở {old}.",
        ],
        "new": [
            "Library slip: {s}'s daughter's books now go back to {new}; her {old} card is closed.",
            "Parking permit renewal, {s}: school drop-off zone changed from {old} to {new}.",
            "Binti wa {s} sasa anasoma {new}; ameacha {old}.",
            "{S}'in kızı artık {new}'da okuyor; {old}'dan ayrıldı.",
            "Con gái của {s} giờ học ở {new}, không còn ở {old}.",
            "Córka {s} chodzi teraz do {new}, już nie do {old}.",
            "Auto-reply from {s}: I'm at {new} for my daughter's first day -- she has left {old}.",
            "Haiku: {old} uniform / folded for the charity / {new} starts today   ({s}'s daughter)",
            "Scoreboard, {new} netball: {s}'s daughter scores {n} in her first match since moving from {old}.",
        ],
        "distract": [
            "Scoreboard: {other} {n}, visitors 3; {s}'s daughter cheered from the stand.",
            "{S} alifikiria kumhamisha binti yake {other}, lakini ameghairi.",
            "{S}'in yeğeni {other}'da okuyor.",
            "Library slip for {s}'s son: {other} library, {n} books.",
            "Czy córka {s} przejdzie do {other}? Nie, zostaje.",
            "Museum label: {other}'s first school bell, 1902; seen on {s}'s daughter's class trip.",
        ],
        "also": [
            "{S}'s daughter also does Saturday music at {alt}; both stay.",
            "Binti wa {s2} anasoma {alt}.",
            "{S2}'s daughter goes to {old} too, same class as {s}'s.",
            "Con gái của {s2} học ở {alt}.",
        ],
        "ask": [
            "where does {s}'s daughter go to school?",
            "binti wa {s} anasoma wapi?",
            "con gái của {s} học ở đâu?",
        ],
    },
    "team": {
        "old": [
            "{S} is on the {old} team.",
            "League table, squad lists: {s} -- {old}.",
            "{S} yuko kwenye timu ya {old}.",
            "{S} jest w zespole {old}.",
        ],
        "new": [
            "League table, transfers: {s} moves from {old} to {new}, effective this week.",
            "Auto-reply from {s}: I've moved from the {old} team to {new}; for {old} matters ask my old lead.",
            "### Changed -- {S} is on the {new} team (was {old}).   (team CHANGELOG)",
            "{S} sasa yuko kwenye timu ya {new}; ameacha {old}.",
            "{S} artık {new} takımında; {old} takımından ayrıldı.",
            "{S} giờ ở nhóm {new}, rời nhóm {old} rồi.",
            "{S} jest teraz w zespole {new}, już nie w {old}.",
            "kubectl describe user {s} | Labels: team={new}   (relabelled; team={old} removed)",
            "Job advert closed: {new} team role filled internally by {s}, moving over from {old}.",
        ],
        "distract": [
            "League table: {other} {n} pts, top of the five-a-side; {s} played as a guest.",
            "{S} alialikwa na timu ya {other}, lakini hakwenda.",
            "### Rejected -- moving {s} to {other} (proposed, declined by {s}).",
            "kubectl describe user {s} | Labels: building=b{n}   (team label untouched)",
            "{S} {other} takımına geçse mi? Plan yok.",
            "Would {s} fit on {other}? someone asked; no plan.",
        ],
        "also": [
            "{S} also helps the {alt} team on Fridays; both stay.",
            "League table, squad lists: {s2} -- {alt}.",
            "{S2} is on the {old} team too, with {s}.",
            "{S2} jest w zespole {alt}.",
        ],
        "ask": [
            "which team is {s} on?",
            "{S} yuko timu gani?",
            "{S} hangi takımda?",
        ],
    },
    "language": {
        "old": [
            "{S} is written in {old}.",
            "kubectl describe pod {s} | Labels: runtime={old}",
            "Museum label: {S}, built in {old}.",
            "{S} imeandikwa kwa {old}.",
        ],
        "new": [
            "kubectl describe pod {s} | Labels: runtime={new}   (new image; runtime={old} pods gone)",
            "### Changed -- {S} rewritten in {new}; the {old} code is deleted.   (CHANGELOG.md)",
            "f0a{n}b7 Delete the {old} implementation of {s}; {new} only now   (git log --oneline)",
            "{S} sasa imeandikwa kwa {new}; msimbo wa {old} umefutwa.",
            "{S} artık {new} ile yazıldı; {old} kodu silindi.",
            "{S} giờ viết bằng {new}, mã {old} đã xóa.",
            "{S} jest teraz napisany w {new}; kod {old} usunięty.",
            "Patch notes: server rewritten from {old} to {new}; {s} now runs the {new} build only.",
            "Job advert, {s} team: we're a {new} shop now (the {old} code base is retired) -- {new} experience wanted.",
        ],
        "distract": [
            "### Rejected -- porting {s} to {other} (proposed, {n} to 2 against).",
            "kubectl describe pod {s} | Labels: tier=backend-{n}   (runtime label untouched)",
            "Je, {s} iandikwe upya kwa {other}? Ni wazo tu.",
            "Job advert for the team next door: {other} developers wanted; {s} stays as it is.",
            "{S} {other} ile yeniden yazılsa mı? Sadece bir soru.",
            "The service next door, the one {s} calls, was ported to {other}.",
        ],
        "also": [
            "{S} also ships a {alt} SDK; both stay.",
            "kubectl describe pod {s2} | Labels: runtime={alt}",
            "{S2} is written in {old} too, like {s}.",
            "{S2} imeandikwa kwa {alt}.",
        ],
        "ask": [
            "what's {s} written in?",
            "{S} imeandikwa kwa lugha gani?",
            "{S} napisany w jakim języku?",
        ],
    },
    "email": {
        "old": [
            '"@type": "Person", "name": "{s}", "email": "{old}"   (JSON-LD)',
            "Library slip, borrower {s}: reminders to {old}.",
            "Barua pepe ya {s} ni {old}.",
            "E-posta adresi {s}: {old}.",
        ],
        "new": [
            'JSON-LD for {s}: "email": "{new}"   (updated; "{old}" removed)',
            "Auto-reply from {old}: this mailbox is closed. {s} now reads mail at {new}.",
            "Library slip, borrower {s}: reminders now go to {new} (was {old}).",
            "Parking permit renewal, {s}: correspondence address changed to {new}; nothing more will go to {old}.",
            "Barua pepe ya {s} sasa ni {new}; {old} imefungwa.",
            "{S}'in e-postası artık {new}; {old} kapatıldı.",
            "Email của {s} giờ là {new}; {old} đã đóng.",
            "Adres e-mail {s} to teraz {new}; {old} nie działa.",
            "Customs form, {s}: email for notifications -- {new} (the {old} on the old form is closed).",
        ],
        "distract": [
            "Auto-reply from {other}: my address has changed; {s}'s has not.",
            'JSON-LD for {s}: "jobTitle" updated by {other}; email untouched.',
            "Je, barua pepe ya {s} imebadilika? {other} anauliza.",
            "Library slip for {s}: {n} items, due next week.",
            "Czy {s} ma nowy adres? {other} pyta; nie wiadomo.",
            "Customs form, {s}: declared {n} books, gift.",
        ],
        "also": [
            "{S} also has a personal address, {alt}; both stay.",
            '"@type": "Person", "name": "{s2}", "email": "{alt}"',
            "Barua pepe ya {s2} ni {alt}.",
            "E-posta adresi {s2}: {alt}.",
        ],
        "ask": [
            "what's {s}'s email?",
            "barua pepe ya {s} ni ipi?",
            "email của {s} là gì?",
        ],
    },
    "version": {
        "old": [
            "kubectl describe deployment {s} | Image: registry/app:{old}",
            "Environment=APP_VERSION={old}   # {s}.service",
            "## [{old}]   (top of {s}'s CHANGELOG.md)",
            "{S} iko kwenye toleo {old}.",
        ],
        "new": [
            "kubectl describe deployment {s} | Image: registry/app:{new}   (rollout complete; {old} pods terminated)",
            "{s}.service: Environment=APP_VERSION={new}   # was {old}, restarted",
            "## [{new}]   (new top of {s}'s CHANGELOG.md) ### Changed -- upgraded from {old}; {old} no longer deployed.",
            "Patch notes, {s} {new}: upgrade from {old} is live for everyone.",
            "{S} sasa iko kwenye toleo {new}; {old} limeondolewa.",
            "{S} artık {new} sürümünde; {old} kaldırıldı.",
            "{S} giờ chạy bản {new}, bỏ bản {old}.",
            "{S} działa teraz w wersji {new}; {old} wycofana.",
            "d4e{n}7a Bump {s} from {old} to {new}   (git log --oneline)",
        ],
        "distract": [
            "kubectl describe deployment {s} | Replicas: {n} desired   (image unchanged)",
            "### Rejected -- upgrading {s} this week (proposed by {other}).",
            "Environment=LOG_LEVEL=debug   # {s}.service, app version unchanged",
            "Je, {s} itasasishwa? {other} anauliza.",
            "Patch notes: the Frost Axe now deals {n} less damage; {s} unaffected.",
            "{other}'s service was upgraded; {s} was not.",
        ],
        "also": [
            "{S} also ships a CLI at {alt}; both stay.",
            "kubectl describe deployment {s2} | Image: registry/app:{alt}",
            "Environment=APP_VERSION={old}   # {s2}.service, same as {s}",
            "{S2} iko kwenye toleo {alt}.",
        ],
        "ask": [
            "what version is {s} on?",
            "{S} iko toleo gani?",
            "kubectl: which image tag does {s} run?",
        ],
    },
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=180)
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--misses", action="store_true", help="print each case missed")
    parser.add_argument(
        "--sets", default=",".join(SETS), help=f"comma-separated, of {', '.join(SETS)}"
    )
    args = parser.parse_args()
    global MISSES
    MISSES = args.misses
    wordings = {
        "tuned": KINDS,
        "second": SECOND,
        "fresh": FRESH,
        "holdout": HOLDOUT,
        "fifth": FIFTH,
        "sixth": SIXTH,
        "seventh": SEVENTH,
        "eighth": EIGHTH,
        "ninth": NINTH,
        "tenth": TENTH,
        "eleventh": ELEVENTH,
        "twelfth": TWELFTH,
        "thirteenth": THIRTEENTH,
        "fourteenth": FOURTEENTH,
        "fifteenth": FIFTEENTH,
        "sixteenth": SIXTEENTH,
        "seventeenth": SEVENTEENTH,
        "eighteenth": EIGHTEENTH,
        "nineteenth": NINETEENTH,
        "twentieth": TWENTIETH,
        "twentyfirst": TWENTYFIRST,
        "twentysecond": TWENTYSECOND,
        "twentythird": TWENTYTHIRD,
        "twentyfourth": TWENTYFOURTH,
    }
    chosen = [name.strip() for name in args.sets.split(",") if name.strip()]
    if not chosen or any(name not in wordings for name in chosen):
        parser.error(f"--sets: choose from {', '.join(SETS)}")
    print(f"supersession: {machine()}")
    goals = [g for name in chosen for g in measure(name, wordings[name], args.cases, args.seed)]
    return report(goals)


if __name__ == "__main__":
    raise SystemExit(main())
