"""Ranked recall: the records that best answer a question, not every line holding a word.

`search` keeps the reference's keyword rules (every match, in file order), which is
what a person grepping wants and what a model asking "what did we decide about X?"
does not: `--mode any` on a question returns dozens of hits in file order. `recall`
ranks records by BM25 over the index's word postings (FTS5's porter and unicode61 with
diacritics removed, CJK runs as bigrams; `memctl.retrieval.index.postings`) across
MEMORY.md, the ledgers (archived ones included) and the thread logs, and returns the best `limit`, each with its source and a snippet
redacted before it is cut, so a cut never leaves half a secret.

The recency prior: a record's BM25 score is multiplied by
`1 + RECENCY_WEIGHT * 0.5 ** (age_days / RECENCY_HALF_LIFE_DAYS)`: at most +25% for
today's records, +12.5% a month ago, nearly nothing after a year, so it breaks near-ties
in favour of what is current without burying an old exact answer. A record's age is
its ledger's date, its log entry's `ts`; a MEMORY.md bullet's, when its sources were
said (the provenance sidecar's ledger lines), else the file's mtime.
`recency=False` (`--no-recency`) ranks by BM25 alone. A tool's output and a turn of
tool calls alone count TOOL_WEIGHT of their score (`words_first`), and lend their
neighbour turns from that (`tool_records`): what a program printed or was asked ranks
below what a person said and what memory keeps, and a turn beside it no higher.

The question's focus, the noun naming what kind of thing it asks for ("which city"),
counts half a word, and its related words in WordNet are looked up beside it (`focused`):
the answer names one of the kind ("darwin"), seldom the kind. A name before it, or
every word before it when the question names nothing else, says what it is of ("redis"
of "which redis version do we run"): the question's subject (`subject_of`), which
weighs no less than its strongest other word (`by_subject`), even when most records
hold it; so does a name asked about anywhere in the question that many records hold
(`common_names`: "Corvid" of "What is my hourly rate with Corvid?").
The speaker's name is a field of its own, not normalised by a turn's length (BM25F;
postings.SPEAKER_B).

Before it, a conversation's shape: a turn is lent a share of its neighbours' scores up
to two turns away (`with_neighbours`, `with_context`), the turn after a question more
of the question's (`by_reply`: "rent?" / "1450 a month") and, when BM25 ranks alone, of
its session's best (`by_session`), and the question's time weighs
in (`by_time`: a "when" question prefers records that say a time, a month named those
dated in it, "before"/"after" something the records said before/after it: `by_order`; the first
of what changed, the older of the best: `by_first`),
and so does the kind of answer it asks for (`by_answer`: a place for "where", a number
for "how many", a person for "who", a name or a kind).
Each was measured on held-out conversations (the constants below).

Given an embedder (WordLlama, offline, when the `memctl[semantic]` extra is installed
and `recall.semantic` is not off; or `memory.embedding_model` through a provider), the
same records are also ranked by cosine similarity of embeddings (`memctl.retrieval.
embed`), neighbour turns lending as in BM25, and the two rankings are fused (FUSION:
weighted, each leg's scores scaled by their standard deviation over its candidates,
the semantic leg's counting SEMANTIC_WEIGHT and BM25's the rest; or reciprocal rank fusion); a failing
embedder leaves BM25 alone, with a note.

Needs no key and no model: only the index, which it brings up to date as search does.
"""

from __future__ import annotations

import contextlib
import functools
import heapq
import math
import os
import re
import sqlite3
import time
from dataclasses import dataclass, field, replace
from datetime import datetime
from itertools import islice, pairwise
from typing import TYPE_CHECKING, Any

from memctl.core.config import Config
from memctl.core.errors import UsageError, WorkspaceError, require_utf8
from memctl.core.memory import MARKER
from memctl.core.said import MONTHS, WEEKDAYS, key_time, ledger_day, said_key
from memctl.core.sources import Bullets, Source, bullet_digest, read_sidecar, sidecar_path
from memctl.core.threads import who
from memctl.core.wording import plural
from memctl.core.workspace import DAILY_NAME, TEXT_ENCODING, Workspace
from memctl.retrieval.corpus import (
    Hidden,
    fold,
    line_speaker,
    read_record,
    record_text,
    tool_echo,
)
from memctl.retrieval.corpus import said_before as _said_before_note

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator

    from memctl.core.redact import Redactor
    from memctl.models.interface import Embedder
    from memctl.models.supersede import Said


DEFAULT_LIMIT = 10
MAX_LIMIT = 100
SCOPES = ("memory", "threads", "all")
SNIPPET_CHARS = 240
RECENCY_WEIGHT = 0.25
RECENCY_HALF_LIFE_DAYS = 30.0
# BM25 candidates read before recency and scope re-rank them, a hit asked for.
CANDIDATES_A_HIT = 20
# The levers below were measured on the dev splits of bench/recall_eval.py's two
# held-out sets (24 + 89 questions; BM25 R@10 / MRR, own set then the second one; each
# changed alone from the setting chosen, `--set NAME=VALUE`; all in bench/README.md):
# before them 0.54 / 0.34 and 0.69 / 0.45, with them 0.71 / 0.46 and 0.80 / 0.53.
# BM25F: a match in the speaker's name (the postings' second field) weighs this
# much against one in the text (1.0): "what did Clara ..." asks of Clara's turns.
# 0: 0.62 / 0.33 and 0.67 / 0.41; 1.0: 0.67 / 0.44 and 0.76 / 0.54; 3.0 no better.
SPEAKER_WEIGHT = 2.0
# A neighbour turn's score counts this much (with_neighbours): the best of those up to
# NEIGHBOUR_REACH turns away. Reach 1: 0.54 / 0.39 and 0.75 / 0.51; 3: 0.75 / 0.47 and
# 0.79 / 0.53. Weight 0.3: 0.71 / 0.45 and 0.78 / 0.53; 0.5 the same as 0.4.
NEIGHBOUR_WEIGHT = 0.4
NEIGHBOUR_REACH = 2
# Turns around this many best thread candidates are added when no term matched them
# (with_context), to be lent a score. 0: 0.79 R@10 on the second set; 10 as 20.
CONTEXT_CANDIDATES = 20
# A question that asks when: each of the best TIME_CANDIDATES whose text holds a time
# expression counts 1 + TIME_WEIGHT times (by_time). 0: 0.62 / 0.40 and 0.78 / 0.47;
# 0.5: 0.71 / 0.46 and 0.79 / 0.52; 2.0: 0.81 / 0.54 on the second set (one question).
TIME_WEIGHT = 1.0
# 75, not 50: in a two-person chat every turn of the person asked about matches their
# name alone (the speaker's field) and ties with the others, so a dated turn holding no
# other word of the question ("it was Monday, Easter Monday, ... I went over", to "When
# did Walter fall over in his garden?") stood 51st or lower among them and was never
# read for its time. The 14 recall sets' 28 splits (bench/README.md, recall21): R@10
# found, BM25 1,360 -> 1,361, hybrid 1,385 -> 1,387, no split losing more than one;
# 100 and 150 the same R@10 with a lower MRR.
TIME_CANDIDATES = 75
# And each of them is lent this share of its best neighbour's score instead of
# NEIGHBOUR_WEIGHT: a dated reply ("on the 8th") holds none of the words of the turn it
# answers. Three dev sets' R@10 sum 137 -> 138, MRR up on each (0.5, 0.7: the same R@10).
TIME_NEIGHBOUR_WEIGHT = 0.6
# A turn that asks lends the turn after it (its answer) this share of its score instead
# of NEIGHBOUR_WEIGHT (`by_reply`), among the best REPLY_CANDIDATES. Four dev sets' R@10
# sum (bench/README.md, rank8): 241 -> 245 (MRR summed 163.2 -> 166.5), no set losing;
# 0.6 244, 0.7 243, 1.0 245 (the second's test one fewer); 20 candidates 244, 50 246.
# Questions by an inverted auxiliary and after an opening word too (`asks`): 248 -> 249.
REPLY_WEIGHT = 0.8
REPLY_CANDIDATES = 30
# BM25 alone: a short turn (at most REPLY_FIELD_WORDS content words) that says a value of
# the kind the question asks for (`asked_value`: a place for "where", a time for "when";
# a number or a name when it asks for no kind), after one of the best REPLY_CANDIDATES
# thread turns, gets REPLY_FIELD of that turn's own score into its own
# (`by_turn_before`), as a BM25F field of the words before it weighing about 0.2 would
# ("when's it fitted" / "friday, same guy"). BM25 R@10 found (bench/README.md, rank11),
# alone with a time for any question: the four choice sets 389 -> 390 of 457, heldout5 +
# heldout6 197 -> 200 of 243, heldout7 95 -> 97 of 115; every short turn, not only one
# saying a value, 384 and 202 ("lol", "yes" outnumber answers; rank10); 0.2 390, 200, 96;
# 0.45 390, 202, 97; at most 4 words 388, 196, 95; 8: 385, 202, 96. The hybrid's BM25 leg
# has it too (rank12, bench/README.md): without it the leg ranked a short valued reply
# lower than BM25 alone does (heldout8 "215,000. we complete in july", 6th alone, 16th on
# the leg), and 10 of the 11 questions the hybrid lost to BM25 on heldout6-8 stood lower
# on the leg than alone. Eight sets' 16 splits (1,000 questions), hybrid R@10 found
# 810 -> 811, MRR summed 9.532 -> 9.658, BM25 the same; no split losing more than one
# (rank10 measured it through an emulation that lent in both rankings: choice sets -4).
REPLY_FIELD = 0.3
REPLY_FIELD_WORDS = 6
# And past an interjection: when the turn after the best turn has at most this many
# content words and says no value ("ugh", "no way", "haha ok"), the field is the turn
# after it's. With it (and a time only for "when"), R@10 found, BM25: choice sets 389 ->
# 394, heldout5 + heldout6 197 -> 205, heldout7 95 -> 98, no split losing one; at 1 391,
# 202, 98; 2: 393, 204, 98; 4: 393, 205, 98.
INTERJECTION_WORDS = 3
# A question that asks of what came before or after something ("where did Maya work
# before joining the startup?"): each candidate said before (after) the record that best
# matches the words after "before" ("after") counts 1 + ORDER_WEIGHT times (by_order).
# Dev MRR, BM25 then the hybrid, first set: 0 0.476 and 0.617, 0.25 0.482 and 0.638, 0.5
# 0.489 and 0.638 (q35 5th -> 2nd), 1.0 as 0.5; the second set's unchanged (its one dev
# miss of this form, h1q5, shares no word with its evidence).
ORDER_WEIGHT = 0.5
# A question that asks for the first state of what changed ("what was the first repair
# quote?", "the original due date", "what was she aiming for at first?"): each of the
# best FIRST_CANDIDATES counts 1 + FIRST_WEIGHT x where its time stands between the newest
# and the oldest of them (the oldest 1 + FIRST_WEIGHT), as the value said first was said
# before the ones that changed it (by_first). Not when the question also orders by
# "before"/"after" (by_order does) or asks for the current state ("first meetup finally
# held", "first day at her new employer"). R@10 found over the 14 held-out sets' 28
# splits (bench/README.md, recall22): BM25 1,518 -> 1,521, hybrid 1,548 -> 1,550, no split
# lower; an anchor (the best candidate: those before it 1.5 times) 1,520 / 1,549 with
# R@1 814 -> 798.
FIRST_WEIGHT = 0.5
FIRST_CANDIDATES = 20
# A record dated in a month the question names (or in a season's months) counts
# 1 + DATE_WEIGHT times. 0: 0.78 R@10 on the second set; 1.0 as 0.5.
DATE_WEIGHT = 0.5
# The answer's type (`by_answer`): for a "who", "where", "how many", "what kind" or "what
# name" question, each of the best ANSWER_CANDIDATES whose text holds an answer of that
# type counts 1 + ANSWER_WEIGHT times (as `by_time` weighs a time for "when"); in the
# hybrid, on the fused scores. Three dev sets' R@10 sum, BM25 134 -> 137 (0.25 and 0.5
# the same; 1.0 136), hybrid 131 -> 132 (weighed into BM25's leg before fusion: 131).
ANSWER_WEIGHT = 0.3
# A tool's record (its output, or an assistant turn of tool calls alone: `tool_echo`)
# counts this much of its score (`words_first`), and lends its neighbours from that
# (`tool_records`): what a program printed or was asked to do is evidence, not what a
# person said or what memory keeps (audit 15 H3; review 24 F3).
TOOL_WEIGHT = 0.5
# 30, not 50 as for a time: the same R@10 (20: 135; 100: 137), 40 % fewer read back.
ANSWER_CANDIDATES = 30
# BM25 alone: a thread turn also counts SESSION_WEIGHT times the sum of the best
# SESSION_TOP BM25 scores among its thread's candidates (its own among them; a memory
# record's whole score counts 1 + SESSION_WEIGHT times), a prior for the session
# (by_session). BM25 finds
# the right session more often than the right turn. On the dev splits (third round,
# bench/README.md) 0.71 / 0.46 and 0.80 / 0.53 -> 0.75 / 0.47 and 0.82 / 0.55; weight
# 0.1 0.75 / 0.47 and 0.81 / 0.54, 0.5 0.75 / 0.47 and 0.81 / 0.53; added before the time
# factor, top 1 (the best turn) 0.75 / 0.47 and 0.82 / 0.53, 5 0.75 / 0.46 and 0.81 /
# 0.55. With the semantic leg it cost the first set one or two questions (0.96 -> 0.88-
# 0.92), so the hybrid ranks without it.
SESSION_WEIGHT = 0.3
SESSION_TOP = 3
# The share of SESSION_WEIGHT the hybrid's BM25 leg gets (`by_session` before fusion; 0:
# none). Eight sets' 16 splits with the reply field on the leg (rank12, bench/README.md),
# hybrid R@10 found 811: 1.0 814, 0.66 818 (817 with SEMANTIC_SESSION_WEIGHT 0.2), 0.5 814,
# 0.33 813; each costs heldout3 dev 2-3 of its 50 (1.0 heldout7 dev 2 too, 0.5 and 0.33
# heldout4 dev 2): a lever measured and not kept (`--set LEG_SESSION_SHARE=0.66`).
LEG_SESSION_SHARE = 0.0
# A query word no record holds is looked up in WordNet's related words (its synonyms in
# its first two senses, their direct hypernyms and hyponyms: memctl.retrieval.thesaurus,
# `recall.thesaurus` in memctl.yaml), each counting THESAURUS_WEIGHT of a word asked. On
# the dev splits (bench/README.md, fifth round) BM25 R@10 / MRR 0.750 / 0.489 and 0.843 /
# 0.552 -> 0.875 / 0.560 and 0.854 / 0.562, the hybrid 0.958 / 0.638 and 0.798 / 0.530 ->
# 1.000 / 0.659 and 0.809 / 0.540; 0.3 and 1.0 gained less, every word expanded lost.
THESAURUS_WEIGHT = 0.5
CJK_PAIRS = 200
"""The words a one-character CJK query term is looked up by at most (`_cjk_pairs`)."""
THESAURUS_WORDS = 200
# A query word that at most THESAURUS_RARE of the records hold (0.5 %: 5 in 1,000) has
# its related words looked up too, each counting THESAURUS_RARE_WEIGHT of a word asked
# (`_related`). Four dev sets' R@10 sum (bench/README.md, rank8): 245 -> 248 (the hybrid
# 227 -> 230); weight 0.15 248 (MRR lower), 0.35 248, 0.5 245; share 0.3 % 247, 1 % 248.
THESAURUS_RARE = 0.005
THESAURUS_RARE_WEIGHT = 0.25
# A name the question asks about (`named_terms`) that at least this share of the records
# hold, and no speaker's name, is its subject too (`common_names`, lifted by `by_subject`):
# audit 16's "What is my hourly rate with Corvid?" ranked Acme's and Bluefin's rates
# above "Corvid pays 120 USD per hour" ("corvid" in 7 of 15 records weighed 0.26, "rate"
# 0.44). The 12 recall sets' 24 splits (1,452 questions; bench/README.md, recall20): R@10
# the same on every split, BM25 and hybrid; heldout3 dev R@1 one fewer. Every such name
# (share 0): BM25 R@10 1259 -> 1258, hybrid 1281 -> 1280, heldout6 hybrid dev -2 ("At
# which vet practice was Biscuit seen?"); 0.5 (the idf floor only): no split changes,
# and the audit's workspace is not fixed.
NAMED_SUBJECT_SHARE = 0.1
# The question's focus (`focused`): the noun after "what" or "which" names the kind of
# thing asked for ("which city", "what car", "what kind of dog"), and the answer names
# one of its kind ("darwin", "a used corolla", "beagle mix"), seldom the kind itself: of
# the 195 questions of the four held-out sets with such a word (or "how many / much /
# long ..."), 31 evidence turns hold it. It counts FOCUS_WEIGHT of a word asked (it still
# finds the turn that asks "what will you call it?", which lends the answer its score),
# and its related words in the thesaurus (the kinds of it, its synonyms: "street" ->
# "avenue", "goal" -> "target", "day" -> "saturday") FOCUS_RELATED each. Four dev sets'
# R@10 sum (first, second, heldout3 dev; heldout4 both splits; bench/README.md, rank8):
# 229 -> 234; weight 0 (left out) 226, 0.35 232, 0.7 235, 1.0 (related words alone) 233,
# 1.5 229; related 0 (the weight alone) 230, 0.3 234, 0.7 234.
FOCUS_WEIGHT = 0.5
FOCUS_RELATED = 0.5
# At most this many related words of the focus: "city" has 731 (its instances); 20, 100
# and 200 gave the same dev R@10, and each is one more look-up in the postings.
FOCUS_WORDS = 50
# A related word of the focus held by more than this share of the records is left out: a
# common word ("work" for "job") names no one thing, and scoring its thousands of records
# was most of what the focus cost (bench/recall_scale.py at 100k: CPU p95 +7 ms, with it
# +4 ms), unless it is held by no more than FOCUS_DF_RECORDS (a small workspace, where
# every word is in 1 %, costs nothing). The same dev R@10 at 0.005, 0.01 and 0.02 (with
# no floor; the dev sets' 700-1,000 records put every word under it).
FOCUS_DF = 0.01
FOCUS_DF_RECORDS = 100
MAX_QUERY_TERMS = 1_000
"""The words of a query looked up, at most: a 600,000-word query held the single-threaded
MCP server for a minute, and a hook's prompt is any size (issue 24, item 15)."""
MAX_QUERY_CHARS = 64_000
"""The characters of a query read for its words, at most: splitting 600,000 words costs a
second before MAX_QUERY_TERMS is reached, and 1,000 words fit in far fewer."""
# Hits read past the limit (at most this many, and no more than the limit) so that the
# newer value of a superseded fact just outside the limit is moved up (newest_first).
SUPERSEDE_EXTRA = 10
# The query terms looked up one by one to tell which a memory hit holds (newest_first): a
# hook's prompt may have a thousand, and the first ones are the question's.
MATCHED_TERMS = 64
# Memory records holding a stale hit's subject read to find what replaced it, at most.
SUBJECT_CANDIDATES = 50
# Memory hits whose subject's later values are looked up (`_newer_of_subject`), at most,
# and the later facts put above each, at most.
SUBJECT_HITS = 10
SUBJECT_NEWER = 2
# The least cosine similarity to the query of a record only the semantic leg found (no
# query word in it) for recall to keep it (the CLI, MCP and the prompt hook alike): the
# leg always has a nearest record, and a query nothing answers must have no hits. WordLlama
# (l2_supercat, 256) gave a paraphrase and its fact 0.39 ("vehicle purchased" / "Dana
# bought a new automobile") and 0.40-0.46 ("database backup retention" / the staging
# database, the backups), and words that answer nothing -0.12 to 0.17 (a nonsense
# string, "hello", "thanks", "monad", "fix the failing test") against five facts.
SEMANTIC_FLOOR = 0.25
# Records without a vector above which recall says, before embedding them, that it does
# (`progress`): WordLlama embeds about 1,250-5,000 a second here (10,000 in 8 s, 380,000
# in 74 s, 6,000 short facts under a second), so past this a pass takes a second or
# more, the first recall of a large workspace minutes, with no word otherwise.
EMBED_NOTE_RECORDS = 5_000
# Reciprocal rank fusion's constant (Cormack et al. 2009).
RRF_K = 60
# The semantic leg's share of a rank in RRF (BM25's is 1): the leg alone ranks worse
# than BM25 on the second held-out set (dev R@10 0.67 against 0.80, R@1 0.20 against
# 0.42), and at an equal share it pulled turns on the question's topic above the
# evidence BM25 had first (a "when" question's date). Dev R@10 / MRR, first set then
# second: 1.0 0.96 / 0.58 and 0.79 / 0.49; 0.6 0.96 / 0.62 and 0.79 / 0.51; 0.5 0.96 /
# 0.60 and 0.80 / 0.52; 0.4 0.88 and 0.82; 0.3 0.75 and 0.82; 0.8 0.96 and 0.79.
SEMANTIC_SHARE = 0.6
# How BM25 and the semantic leg are fused: "weighted" (each leg's scores scaled by their
# standard deviation over its candidates, `scaled`; the semantic one weighing
# SEMANTIC_WEIGHT, BM25's the rest) or "rrf" (reciprocal rank fusion, the semantic leg's ranks counting SEMANTIC_SHARE). RRF
# counts ranks alone, so a turn third on BM25 that the leg did not rank fell below
# turns twentieth on BM25 and fifth on meaning: it lost 22 of the questions BM25 alone
# found on five dev splits (bench/README.md, "The semantic leg earns its place"), the
# weighted sum 3. With the leg embedding turns in context (`Embedder.context`), R@10 on
# the five dev splits (282 questions): RRF 233, weighted 0.2-0.45 235-237 (0.3: 236;
# 0.6: 232), BM25 alone 229; RRF with turns alone (before) 222. Each leg scaled by its
# standard deviation instead of min to max, with the leg's 800 nearest (VECTOR_CANDIDATES,
# was 200): the five sets' ten splits (579 questions), hybrid R@10 502 -> 508, no split
# losing one (rank9, bench/README.md).
FUSION = "weighted"
SEMANTIC_WEIGHT = 0.3
# The semantic leg lends neighbour turns their score as BM25 does (NEIGHBOUR_WEIGHT):
# dev R@5 0.67 -> 0.79, R@10 unchanged.
SEMANTIC_NEIGHBOURS = True
# The semantic leg's session prior (`semantic_sessions`): each of its turns also counts
# SEMANTIC_SESSION_WEIGHT times the mean cosine of the best SEMANTIC_SESSION_TOP turns of
# its session on the leg, as BM25's turns count their session (`by_session`): a session
# about the question's topic holds its answer, often said in words near no question
# (a figure or a name said in reply). Five sets' ten splits (579 questions),
# hybrid R@10 508 -> 513 (+7 -2, most at the 10th place); chosen on three sets (weight
# 0.1-0.5, top 1-3: +0 to +4 net on them), checked on two (rank9, bench/README.md).
SEMANTIC_SESSION_WEIGHT = 0.3
SEMANTIC_SESSION_TOP = 2
# The semantic leg: a turn that asks raises the turn after it to this share of its own
# score (`semantic_replies`): 1, a question and its answer weigh alike (R@10 found over
# the nine sets, hybrid, bench/README.md rank13: 0.6 941, 0.8 943, 1.0 948; main 941).
SEMANTIC_REPLY_WEIGHT = 1.0

# Words that carry no topic; dropped from the query so that "what did we decide about
# the cache" ranks by "decide" and "cache", not by how often a record says "the".
_STOPWORDS = """a about above after again all also am an and any are as at be been before being
    below between both but by can could did do does doing done during each few for from
    further had has have having he her here hers him his how i if in into is it its
    itself just me more most my no nor not now of off on once only or other our ours out
    over own same she should so some such than that the their theirs them then there
    these they this those through to too under until up very was we were what when where
    which while who whom why will with would you your yours"""
STOPWORDS = frozenset(_STOPWORDS.split())
_TERM = re.compile(r"\w+")
_STAMP = re.compile(r"^## .*?— (\d{4}-\d\d-\d\dT[\d:]+(?:[+-]\d\d:\d\d|Z)?)")
# A line of a memory file that holds no memory: blank, a Markdown heading ("## Dana", a
# ledger's "## 21:21:23Z · t1 · 0-1 · builtin" stamp) or a marker memctl wrote (`core.memory.MARKER`: "<!--
# merged by memctl builtin ... -->"; not a user's own comment, review 18 #5). Never a hit,
# in either leg: a heading's one word ranked it above the facts under it.
_NO_MEMORY = re.compile(rf"\s*(?:#{{1,6}}(?:\s.*)?|{MARKER.pattern})?\s*\Z", re.DOTALL)


@dataclass
class RecallHit:
    kind: str  # memory or thread
    path: str
    line: int | None
    entry: int | None
    role: str | None
    source: str
    score: float
    when: str | None
    snippet: str
    # A correction made after the record was said, whose old value it states (an answer
    # given before `forget --replace`: `Hidden.corrected`): {"fact", "by", "at"}; else None.
    corrected: dict[str, str] | None = None
    # With explain=True: how the score was made (see `explain_hit`); else None.
    explain: dict[str, Any] | None = None
    # A thread entry's `name` (who said it, in a group chat), when it has one.
    speaker: str | None = None

    @property
    def label(self) -> str:
        """Where it is and who said it, as the text output shows it: `source`, with the
        speaker after the role of a named thread entry (`[user Hana]`). `source` stays
        the record's key, as --json and forget read it."""
        if self.speaker is None or self.entry is None:
            return self.source
        return f"{self.path}#{self.entry} [{who(self.role, self.speaker)}]"


@dataclass
class RecallResult:
    query: str
    scope: str
    terms: list[str]
    ranking: str  # bm25, or hybrid (bm25 + embeddings)
    recency: bool
    hits: list[RecallHit] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    # The notes (among `notes`) of what the time budget (`recall`'s `seconds`) or a busy
    # lock cut short: the prompt hook keeps them in its log.
    cut_short: list[str] = field(default_factory=list)

    def short(self, note: str) -> None:
        """Note something the budget cut short."""
        self.notes.append(note)
        self.cut_short.append(note)

    def document(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "scope": self.scope,
            "terms": self.terms,
            "ranking": self.ranking,
            "recency": self.recency,
            "hits": [
                {k: v for k, v in vars(hit).items() if k != "explain" or v is not None}
                for hit in self.hits
            ],
            "count": len(self.hits),
        }


def query_terms(query: str) -> list[str]:
    """The words of the query the word index can look up, stop words left out (unless
    the query is nothing but stop words)."""
    from memctl.retrieval.index import as_words

    words = list(dict.fromkeys(_TERM.findall(fold(as_words(query)))))
    kept = [word for word in words if word not in STOPWORDS]
    return kept or words


def ranking_window(limit: int) -> int:
    """How many hits a recall of `limit` ranks before it keeps the first `limit`: at
    least DEFAULT_LIMIT. The reorderings after BM25 (`newest_first` putting the newer
    value of a fact above the stale one, bringing it in from past the window; `_alike_
    newest_first`; `corrections_first`) work within the hits they are given, so ranked
    at `limit` itself, `--limit 3` could lack the correction `--limit 5` ranked first,
    and show a hit `--limit 5` ranked lower (audit 15 H4). Ranked at one window and cut,
    every limit up to DEFAULT_LIMIT is the start of the default's list. A limit past it
    ranks a window of its own size (the candidates read grow with it: CANDIDATES_A_HIT
    a hit), so only its first DEFAULT_LIMIT hits may be ordered apart from the
    default's; ranking every recall at MAX_LIMIT would read ten times the candidates."""
    return max(limit, DEFAULT_LIMIT)


def recency_factor(age_days: float) -> float:
    return 1.0 + RECENCY_WEIGHT * math.pow(0.5, max(age_days, 0.0) / RECENCY_HALF_LIFE_DAYS)


def recall(
    ws: Workspace,
    config: Config,
    query: str,
    limit: int = DEFAULT_LIMIT,
    scope: str = "all",
    *,
    recency: bool = True,
    embedder: Embedder | None = None,
    explain: bool = False,
    seconds: float | None = None,
    progress: Callable[[str], None] | None = None,
) -> RecallResult:
    """The `limit` records that best answer `query`, best first: by BM25, fused with the
    cosine ranking of `embedder`'s vectors when one is given (the caller resolves it
    from memory.embedding_model: `memctl.models.resolve.resolve_embedder`). Never raises
    for the index or the embedding provider: what it cannot use it leaves out, with a note.

    With `explain`, each hit carries how its score was made (`explain_hit`): every query
    term that matched it, in which field (text or speaker), with its BM25 weight; what a
    neighbour turn and its session lent, the factor of the question's time (`by_time`),
    and the recency factor.

    `seconds` is the UserPromptSubmit hook's budget, and bounds each step in turn:
    bringing the index up to date (what it indexed by then is kept, the rest is left for
    the next recall, and the index answers as it is), waiting for the workspace lock
    (at most that long), the semantic leg (loading the model, embedding what is new and
    the query: a leg not ready in time is left out and BM25 ranks alone), and the
    ranking (past it, SQLite's query is interrupted and the hits read back so far are
    the answer). Each cut is noted (`cut_short` too).

    A record only the semantic leg found (no query word in it) whose cosine similarity
    to the query is below SEMANTIC_FLOOR is left out: the leg ranks every record, and
    its nearest to a question memory cannot answer is only the least far (a query
    nothing answers has no hits, exit 1, as under BM25 alone).

    `progress`, when given, is told before a long embedding pass (more than
    EMBED_NOTE_RECORDS records without a vector: the first recall with the semantic
    leg embeds them all), so that the command line can say why it waits.

    Raises WorkspaceError (exit 2) when there is no index to read at all (it cannot be
    created or opened): a recall that answered "no match" then said nothing true."""
    from memctl.retrieval.index import mark_stale

    if not isinstance(query, str):
        raise UsageError(f"the query must be text, not {type(query).__name__}")
    require_utf8("the query", query)
    if not query.strip():
        # As `search ""`: a recall of nothing is a caller's bug, not a question no record
        # answers (exit 2, where it was exit 1 with nothing said).
        raise UsageError("the query is empty: give a question or keywords to recall")
    if scope not in SCOPES:
        raise UsageError(f"invalid scope {scope!r}: use memory, threads or all")
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
        raise UsageError(f"invalid limit {limit!r}: use a whole number from 1 to {MAX_LIMIT}")
    long = len(query) > MAX_QUERY_CHARS
    query = query[:MAX_QUERY_CHARS]
    terms = query_terms(query)
    cut = len(terms) > MAX_QUERY_TERMS
    terms = terms[:MAX_QUERY_TERMS]
    result = RecallResult(query, scope, terms, "bm25", recency)
    if cut:
        result.notes.append(f"the query was cut to its first {MAX_QUERY_TERMS:,} words")
    elif long:
        result.notes.append(f"the query was cut to its first {MAX_QUERY_CHARS:,} characters")
    if not terms:
        # Punctuation alone ("???"): a query, but nothing in it to look up (exit 1, as a
        # search that matches nothing). A query of stop words alone keeps them (query_terms).
        result.notes.append("the query has no words to look for")
        return result
    noted = len(result.notes)
    stale = _ranked(ws, config, result, query, limit, embedder, explain, seconds, progress)
    if stale and mark_stale(ws, stale):
        # A file rewritten in place: its records were left out; once it is indexed
        # again (`mark_stale`, which never waits for the lock: else the records stay
        # left out), rank afresh so that its current lines can be found.
        del result.notes[noted:]
        del result.cut_short[:]
        result.hits.clear()
        result.ranking = "bm25"
        _ranked(ws, config, result, query, limit, embedder, explain, seconds, progress)
    result.hits = corrections_first(result.hits)[:limit]
    if not result.hits and any(len(term) == 1 for term in terms):
        from memctl.retrieval.index import one_cjk

        if any(one_cjk(term) for term in terms):
            result.notes.append(
                "a one-character CJK word is found where it begins a pair of characters "
                "(`memctl search` finds it anywhere)"
            )
    if not config.redaction.enabled and (
        not result.hits or config.redaction.secret_check().text(query) != query
    ):
        # The index holds redacted words whatever --no-redact says (store.py): a secret
        # is no word of it. Said, not scanned for: the scan is `search`, at its cost.
        result.notes.append(
            "recall ranks redacted text, also with redaction off: a secret in the query "
            "matches nothing (`memctl --no-redact search` scans the text as written)"
        )
    return result


def _ranked(
    ws: Workspace,
    config: Config,
    result: RecallResult,
    query: str,
    limit: int,
    embedder: Embedder | None,
    explain: bool,
    seconds: float | None,
    progress: Callable[[str], None] | None = None,
) -> set[str]:
    """Fill `result` with its hits; the files found changed since they were indexed.

    When the index cannot be brought up to date (a full disk, an I/O error, another
    program holding it locked), it is read as it is, without the embeddings (catching
    them up writes): its records are still each checked against their file, so what
    it misses is only what was written since its last update. With `seconds`, the
    update, the wait for the lock, the semantic leg and the ranking are each bounded
    by it (see `recall`)."""
    from memctl.retrieval.index import IndexUnavailable, fresh_index, index_path, read_only
    from memctl.retrieval.index.freshness import LOCK_WAIT_SECONDS, skipped_files

    stale: set[str] = set()

    # Every limit ranks the same window, cut after: `recall --limit 3` is the first 3
    # of `--limit 10` (audit 15 H4; see `ranking_window`).
    window = ranking_window(limit)

    def rank(conn: sqlite3.Connection, embedder: Embedder | None) -> None:
        leg = None if seconds is None else time.monotonic() + seconds
        vectors = _semantic_leg(ws, conn, embedder, result, leg, progress)
        if seconds is not None:
            _load_for_ranking(config.recall.thesaurus)
        # The ranking's budget starts here.
        deadline = None if seconds is None else time.monotonic() + seconds
        if deadline is not None:
            conn.set_progress_handler(lambda: int(time.monotonic() > deadline), 1_000)
        conn.execute("BEGIN")
        try:
            close = None if vectors is None else _nearest(conn, vectors, result)
            related = _related(conn, result.terms) if config.recall.thesaurus else None
            related = _cjk_pairs(conn, result.terms, related)
            related = _joined(conn, query, result.terms, related)
            subject = subject_of(query)  # once: its names are read with WordNet
            looked, related = focused(
                query,
                result.terms,
                related,
                expand=config.recall.thesaurus,
                rare=lambda word: _rare(conn, word),
                subject=subject,
            )
            ranked = _bm25(
                conn,
                looked,
                result.scope,
                window * CANDIDATES_A_HIT,
                deadline=deadline,
                related=related,
            )
            ranked = by_subject(
                conn,
                looked,
                subject | common_names(conn, query),
                ranked,
                result.scope,
                window * CANDIDATES_A_HIT,
                deadline,
            )
            echoes = _Echoes(conn, result.terms)
            ranked = echoes.pruned(ws, ranked)
            texts: dict[int, str | None] = {}
            forgotten = Hidden(ws)
            hide = _Hidden(ws, conn, forgotten, texts, vectors)
            if forgotten:
                # A hidden turn lends its neighbours nothing: "what's the weather
                # like?" next to the forgotten "deploys happen on Tuesdays" is no answer.
                ranked = with_neighbours([c for c in ranked if not hide(c)])
            ranked = with_context(conn, ranked)
            ranked = by_turn_before(ws, conn, query, ranked, texts)
            tools: dict[int, bool] = {}
            if lending := tool_records(ws, ranked, tools):
                ranked = with_neighbours(ranked, lending)
            ranked = by_reply(ws, conn, ranked, texts)
            ranked = by_time(ws, query, ranked, texts, lending)
            if close is None:
                ranked = by_answer(ws, query, ranked, texts)
            ranked = by_order(conn, query, ranked, deadline)
            ranked = by_first(query, ranked)
            if close is None:
                ranked = by_session(ranked)
            else:
                if LEG_SESSION_SHARE:
                    ranked = by_session(ranked, SESSION_WEIGHT * LEG_SESSION_SHARE)
                ranked = _hybrid(conn, close, ranked, result, (ws, texts, tools), hide.unlike)
                ranked = [
                    c
                    for c in ranked
                    if c.bm25_rank is not None or (c.cosine or 0.0) >= SEMANTIC_FLOOR
                ]
                # On the fused scores: weighed into BM25's alone, the semantic leg's
                # records never gained and the hybrid found no more (bench/README.md).
                ranked = by_answer(ws, query, ranked, texts, fused=True)
            chosen = _collect(
                ws, config, conn, ranked, window, result, stale, deadline, forgotten, echoes
            )
            if explain:
                for hit, candidate in zip(result.hits, chosen, strict=True):
                    hit.explain = explain_hit(
                        conn,
                        looked,
                        candidate,
                        related,
                        hybrid=result.ranking == "hybrid",
                    )
                    # A newer fact put first (`newest_first`) takes the score of the
                    # place it moved to, which its own arithmetic does not make.
                    own = float(f"{candidate.score:.6g}")
                    hit.explain["placed"] = None if hit.score == own else hit.score
        finally:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("COMMIT")

    upkeep = None if seconds is None else time.monotonic() + seconds
    wait = LOCK_WAIT_SECONDS if seconds is None else min(LOCK_WAIT_SECONDS, seconds)
    try:
        try:
            with fresh_index(
                ws,
                result.notes,
                wait=wait,
                words=True,
                redactor=config.redaction.secret_check(),
                deadline=upkeep,
            ) as (index, report):
                result.notes += [f"skipped {line}" for line in skipped_files(index)]
                if report.left:
                    result.short(
                        "the search index was not brought up to date within the time budget "
                        f"({plural(report.left, 'file')} left for the next recall); "
                        "answered from it as it is"
                    )
                rank(index.conn, embedder)
        except IndexUnavailable as exc:
            if not index_path(ws).is_file():
                # Nothing to rank with: "no match" (exit 1) would say something untrue.
                raise WorkspaceError(
                    f"recall needs the search index, which is unavailable: {exc} "
                    "(`memctl search` reads the files without it)"
                ) from None
            result.short(f"the search index is unavailable: {exc}")
            conn = read_only(ws)
            try:
                row = conn.execute("SELECT value FROM meta WHERE key = 'words'").fetchone()
                if row is not None and row[0] == "1":
                    result.notes.append("answered from the index as it was at its last update")
                    rank(conn, None)
            finally:
                conn.close()
    except sqlite3.Error as exc:
        result.hits.clear()
        result.ranking = "bm25"
        if seconds is not None and "interrupt" in str(exc):
            result.short("recall stopped at its time budget")
        else:
            # A damaged index the fast path's checks did not see (a table gone, a bad
            # page), or none at all: nothing to rank with, and the fix is the user's.
            result.notes.append(
                f"the search index failed ({exc}); `memctl index --rebuild` rebuilds it"
            )
    return stale


@dataclass
class Candidate:
    """A record and its fused score (higher is better)."""

    record: int
    score: float
    rel: str
    kind: str
    number: int
    start: int
    size: int
    ts: float | None
    inode: int
    offset: int
    crc: int
    neighbour: float = 0.0  # what a neighbour turn lent (see with_neighbours)
    before: float = 0.0  # what the turn before gave a short valued reply (by_turn_before)
    session: float = 0.0  # what its session lent (see by_session)
    time: float = 1.0  # the factor of the question's time (see by_time)
    answer: float = 1.0  # the kind of answer's factor on a fused score (see by_answer)
    recency: float = 1.0  # the recency factor applied
    # A hybrid ranking's legs (see _hybrid), for `explain_hit`: the rank (1 first; None
    # when the leg did not rank it) and score on BM25, and on the semantic leg the rank,
    # the record's own cosine similarity and what its neighbour turns lent.
    bm25_rank: int | None = None
    bm25_score: float = 0.0
    semantic_rank: int | None = None
    cosine: float | None = None
    semantic_lent: float = 0.0
    semantic_session: float = 0.0  # what its session lent on the semantic leg
    semantic_reply: float = 0.0  # what the turn it answers lent on the semantic leg
    parts: tuple[float, float] = (0.0, 0.0)  # each leg's part of the fused score (fuse)
    # The index's CLEAN flag: redaction leaves the record as it is, so its snippet is not
    # redacted again (`_hit`). False for a record read another way (a neighbour turn).
    clean: bool = False
    lifted: tuple[str, float] | None = None  # the subject term and what it gained (by_subject)


# The records of the ids bound to its {marks}; a dropped record's id (its postings
# stay behind, see memctl.retrieval.index.postings) finds no row. At most 2,000 ids
# (MAX_LIMIT * CANDIDATES_A_HIT), within SQLite's 32,766 variables (3.32+; the trigram
# tokenizer the index needs is 3.34+).
_CANDIDATE_SQL = """
SELECT r.id, r.number, r.start, r.len, r.ts, f.rel, f.kind, f.inode, f.offset, r.crc, r.flag
FROM records r JOIN files f ON f.id = r.file
WHERE r.id IN ({marks})
"""


def _candidates(
    conn: sqlite3.Connection,
    terms: list[str],
    wanted: int,
    *,
    every: bool = False,
    deadline: float | None = None,
    related: dict[str, float] | None = None,
) -> list[Candidate]:
    """The `wanted` records of the best BM25 for `terms` (any of them; with `every`, all),
    best first: FTS5's bm25 with recall's length weight (postings.B) over the text and the
    speaker (SPEAKER_WEIGHT, a name's field BM25F does not normalise), from recall's own postings (`memctl.retrieval.index.
    postings.best`); `related` words (the thesaurus's, `_related`) at their share."""
    from memctl.retrieval.index.postings import best
    from memctl.retrieval.index.store import CLEAN

    ranked = best(
        conn,
        terms,
        wanted,
        (1.0, SPEAKER_WEIGHT),
        every=every,
        deadline=deadline,
        related=related,
    )
    if not ranked:
        return []
    marks = ", ".join("?" * len(ranked))
    rows = {
        row[0]: row
        for row in conn.execute(_CANDIDATE_SQL.format(marks=marks), [rid for rid, _ in ranked])
    }
    found = []
    for rid, score in ranked:
        row = rows.get(rid)
        if row is not None:
            found.append(_candidate(rid, score, row, CLEAN))
    return found


def _candidate(rid: int, score: float, row: tuple[Any, ...], clean: int) -> Candidate:
    """A record of `_CANDIDATE_SQL`'s `row` as a candidate scored `score`; `clean`: the
    index's CLEAN bit (`memctl.retrieval.index.store`, imported by the caller once)."""
    _, number, start, size, ts, rel, kind, inode, offset, crc, flag = row
    return Candidate(
        rid, score, rel, kind, number, start, size, ts, inode, offset, crc, clean=bool(flag & clean)
    )


def _bm25(
    conn: sqlite3.Connection,
    terms: list[str],
    scope: str,
    wanted: int,
    *,
    deadline: float | None = None,
    related: dict[str, float] | None = None,
) -> list[Candidate]:
    found = [
        c
        for c in _candidates(conn, terms, wanted, deadline=deadline, related=related)
        if scope == "all" or (scope == "memory") == (c.kind == "memory")
    ]
    return with_neighbours(found)


def _cjk_pairs(
    conn: sqlite3.Connection, terms: list[str], related: dict[str, float] | None
) -> dict[str, float] | None:
    """`related` and, for a query term of one CJK character, the index's words that begin
    with it (at most CJK_PAIRS, each a full term): CJK text is indexed as character pairs,
    so "部" alone is a word only where it stands alone, and "部署" holds it. A character
    that ends a run is in no pair that begins with it: `memctl search` finds that one."""
    from memctl.retrieval.index import one_cjk
    from memctl.retrieval.index.postings import beginning

    pairs = {
        word: 1.0
        for term in terms
        if one_cjk(term)
        for word in beginning(conn, term, CJK_PAIRS)
        if word not in terms
    }
    if not pairs:
        return related
    return {**pairs, **(related or {})}


def _joined(
    conn: sqlite3.Connection, query: str, terms: list[str], related: dict[str, float] | None
) -> dict[str, float] | None:
    """`related` and, for two words side by side in `query` (no stop word), the word they
    make written as one, when a record holds it, as a full term: "Where is Tidepool's
    front end hosted now?" is answered by "frontend is off Fly now, it's on Cloudflare
    Pages", which holds neither "front" nor "end" (heldout13; bench/README.md, recall21).
    Two names are no word ("who leads the frontend, Kim Lee?" is not about "kimlee"
    in an e-mail address: review 29 F7), so no pair of two words capitalised inside a
    sentence is joined. The pairs are looked up in one query (`absent`)."""
    from memctl.retrieval.index.postings import absent

    words = _TERM.findall(fold(query))[: MAX_QUERY_TERMS + 1]
    names = {
        found[0] for word in _CAPITALISED.findall(query) if (found := _TERM.findall(fold(word)))
    }
    pairs = {
        first + second: None
        for first, second in pairwise(words)
        if first not in STOPWORDS
        and second not in STOPWORDS
        and not (first in names and second in names)
    }
    asked = set(terms)
    wanted = [word for word in pairs if word not in asked]
    missing = set(absent(conn, wanted))
    joined = {word: 1.0 for word in wanted if word not in missing}
    if not joined:
        return related
    return {**(related or {}), **joined}  # a word the question says, not a related one


def _related(conn: sqlite3.Connection, terms: list[str]) -> dict[str, float]:
    """The thesaurus's words for the query terms no record holds, each weighing
    THESAURUS_WEIGHT of a term (at most THESAURUS_WORDS; none when the weight is 0), and
    for those at most THESAURUS_RARE of the records hold, THESAURUS_RARE_WEIGHT (at most
    THESAURUS_WORDS more). Not every term: expanding them all cost more questions than
    it found, as the synonyms of common words matched distractors (bench/README.md,
    fifth round); a rare word is rare in the records' wording too, so its evidence may
    say it otherwise ("ride" / "e-bike", "pick" / "decided")."""
    from memctl.retrieval.index.postings import absent, document_frequency
    from memctl.retrieval.thesaurus import related

    if not THESAURUS_WEIGHT:
        return {}
    asked = set(terms)

    def words(of: list[str]) -> list[str]:
        found = (
            word
            for term in of
            for word in related(term)
            if word not in asked and word not in STOPWORDS and word not in shares
        )
        return list(islice(dict.fromkeys(found), THESAURUS_WORDS))

    shares: dict[str, float] = {}
    missing = absent(conn, terms)
    shares.update(dict.fromkeys(words(missing), THESAURUS_WEIGHT))
    if THESAURUS_RARE_WEIGHT:
        rare = []
        for term in terms:
            if term not in missing:
                hits, records = document_frequency(conn, term)
                if hits <= THESAURUS_RARE * records:
                    rare.append(term)
        shares.update(dict.fromkeys(words(rare), THESAURUS_RARE_WEIGHT))
    return shares


# What ends a question's focus phrase ("what athletic goal did ...", "which day and time
# does ...", "which neighbourhood of Leeds is ...").
_ENDS_FOCUS = """is are was were do does did has have had will would can could should might
    may must and of"""
_AFTER_FOCUS = frozenset(_ENDS_FOCUS.split())
# Nouns that name a kind of their complement: "what kind of dog" asks for a dog.
_KIND_OF = frozenset(("kind", "kinds", "type", "types", "sort", "sorts"))


def _which_phrases(query: str) -> tuple[list[tuple[list[str], str]], set[str]]:
    """The question's "what/which" phrases, each as the words before its head and the
    head (the noun that names the kind of thing asked for), and its degree words: the
    words after "what" or "which" that are no stop word, when an auxiliary verb, "and"
    or "of" follows them ("city" of "which city is ...", "redis" and "version" of "which
    redis version do ...", "dog" of "what kind of dog did ..."); "what happened to ..."
    has none. A degree word: the word after "how" ("many", "long")."""
    words = _TERM.findall(fold(query))
    phrases: list[tuple[list[str], str]] = []
    degrees: set[str] = set()
    for at, word in enumerate(words):
        if word == "how" and at + 1 < len(words) and words[at + 1] not in STOPWORDS:
            degrees.add(words[at + 1])
        if word not in ("what", "which"):
            continue
        end = at + 1
        while end < len(words) and words[end] not in STOPWORDS:
            end += 1
        if end == at + 1 or end == len(words) or words[end] not in _AFTER_FOCUS:
            continue
        head = words[end - 1]
        if (
            words[end] == "of"
            and head in _KIND_OF
            and end + 1 < len(words)
            and words[end + 1] not in STOPWORDS
        ):
            head = words[end + 1]
        phrases.append((words[at + 1 : end - 1], head))
    return phrases, degrees


_PERSONAL = frozenset(("i", "you", "we", "they", "he", "she", "it"))


def frame_verbs(query: str) -> set[str]:
    """The verbs of the question's frame, lowercase: the word after the auxiliary that
    ends a "what/which" phrase and a personal pronoun ("use" of "what package manager
    do we use?", "run" of "which redis version do we run"). It says what is done with
    the kind asked for, not which one: the prompt hook counts it beside a word of the
    topic, never alone (audit 15: "use" alone brought "Use a subagent to find where we
    configure Sentry." to the package manager). A noun or a name after the auxiliary
    ("does the gym open", "is Felix based") is no frame."""
    words = _TERM.findall(fold(query))
    verbs = set()
    for at, word in enumerate(words):
        if word not in ("what", "which"):
            continue
        end = at + 1
        while end < len(words) and words[end] not in STOPWORDS:
            end += 1
        if end == at + 1 or end + 2 >= len(words) or words[end] not in _AFTER_FOCUS:
            continue
        if words[end] not in ("and", "of") and words[end + 1] in _PERSONAL:
            verb = words[end + 2]
            if verb not in STOPWORDS:
                verbs.add(verb)
    return verbs


def focus_of(query: str, subject: set[str] | None = None) -> tuple[set[str], set[str]]:
    """The question's focus and degree words, lowercase (`_which_phrases`): the focus is
    the head of a "what/which" phrase and the words before it that are no part of the
    question's subject (`subject`, else `subject_of`): "athletic" and "goal" of "what
    athletic goal did Clara set", "version" alone of "which redis/python version do we
    run"."""
    phrases, degrees = _which_phrases(query)
    if subject is None:
        subject = subject_of(query)
    nouns = {w for before, head in phrases for w in [*before, head] if w not in subject}
    return nouns, degrees


def subject_of(query: str) -> set[str]:
    """The question's subject among the words between "what/which" and the head
    (`_which_phrases`): a name there, written with a capital or a word no dictionary has
    ("Tacoma" of "which Tacoma neighborhood", "redis" of "which redis version"); and,
    when the question names nothing else (`named_terms`: no "Jess" of "which grad
    school did Jess pick"), every word there but a count ("python" of "which python
    version do we use", which WordNet knows): then the words before the head say what
    the kind asked for is of, where beside a name they say which kind ("grad school",
    "goal time")."""
    phrases, _ = _which_phrases(query)
    before = {w for words, _ in phrases for w in words if not _NUMBER.fullmatch(w)}
    if not before:
        return set()
    capital = {w.lower() for w in re.findall(r"\b[A-Z]\w*", query[1:])}
    names = {w for w in before if w in capital or not english(w)}
    if named_terms(query) - before:
        return names
    return before


def english(word: str) -> bool:
    """Whether `word` is in the thesaurus's dictionary (WordNet): else a name."""
    from memctl.retrieval.thesaurus import knows

    return not word.isalpha() or knows(word)


def _rare(conn: sqlite3.Connection, word: str) -> bool:
    """Whether at most FOCUS_DF of the records, or FOCUS_DF_RECORDS, hold `word`."""
    from memctl.retrieval.index.postings import document_frequency

    hits, records = document_frequency(conn, word)
    return hits <= max(FOCUS_DF * records, FOCUS_DF_RECORDS)


def focused(
    query: str,
    terms: list[str],
    related: dict[str, float] | None,
    *,
    expand: bool = True,
    rare: Callable[[str], bool] | None = None,
    subject: set[str] | None = None,
) -> tuple[list[str], dict[str, float] | None]:
    """The terms BM25 looks up and the words it looks up beside them at a share
    (`related`, the thesaurus's), with the question's focus (`focus_of`) moved from the
    first to the second at FOCUS_WEIGHT and, with `expand`, the focus's related words
    in the thesaurus added at FOCUS_RELATED (at most FOCUS_WORDS; only those `rare`
    finds uncommon, FOCUS_DF): "which city does Pavel live in now?" is answered by "i
    said yes to darwin", and a turn that says "city" is more often one that asks. A
    question of nothing but its focus is looked up as it is. `subject`: the question's
    (`subject_of`), when the caller has it."""
    if FOCUS_WEIGHT == 1.0 and not FOCUS_RELATED:
        return terms, related
    nouns, degrees = focus_of(query, subject)
    nouns &= set(terms)
    degrees &= set(terms)
    kept = [term for term in terms if term not in nouns and term not in degrees]
    if not kept or len(kept) == len(terms):
        return terms, related
    shares = dict(related or {})
    for term in nouns | degrees:
        shares[term] = FOCUS_WEIGHT
    if expand and FOCUS_RELATED:
        from memctl.retrieval.thesaurus import related as thesaurus

        asked = set(terms)
        words = (
            word
            for noun in sorted(nouns)
            for word in thesaurus(noun)
            if word not in asked and word not in STOPWORDS and word not in shares
        )
        if rare is not None:
            words = (word for word in words if rare(word))
        shares.update(dict.fromkeys(islice(dict.fromkeys(words), FOCUS_WORDS), FOCUS_RELATED))
    return kept, {word: share for word, share in shares.items() if share}


def common_names(conn: sqlite3.Connection, query: str) -> set[str]:
    """The question's names (`named_terms`) that at least NAMED_SUBJECT_SHARE of the
    records hold and no speaker's name does: the subject it asks about, named so often
    that a word said of every subject alike outweighs it ("rate" of "What is my hourly
    rate with Corvid?" in a freelancer's workspace about three clients). `by_subject`
    lifts it. A rarer name weighs enough as it is, and lifting it cost questions whose
    answer does not say it ("At which vet practice was Biscuit seen?"); a speaker's
    name is a field of its own (SPEAKER_WEIGHT), held by half the turns of a chat."""
    from memctl.retrieval.index.postings import document_frequency, spoken

    names = set()
    for name in named_terms(query):
        hits, records = document_frequency(conn, name)
        if hits and hits >= NAMED_SUBJECT_SHARE * records and not spoken(conn, name):
            names.add(name)
    return names


def by_subject(
    conn: sqlite3.Connection,
    terms: list[str],
    subject: set[str],
    found: list[Candidate],
    scope: str,
    wanted: int,
    deadline: float | None = None,
) -> list[Candidate]:
    """The candidates with the question's subject (`subject_of`) weighing no less than its
    strongest other word: BM25 gives a word held by more than half the records almost
    nothing (FTS5's idf floor), and a workspace about Redis holds "redis" in most of
    them, so "which redis version do we run" was answered by "Tests run with uv run
    pytest" (its "run" rarer than the subject). A record holding the subject gains the
    idf it lacks against the rarest other word asked: the raw difference of the two
    idfs, with no BM25 length or saturation factor (as much as one occurrence of a word
    of that idf adds to a record of average length; BM25 would give a shorter record
    more, a longer one less), and the best records of `scope` holding the subject alone
    are candidates too (a generic word's many records may have filled the list). The focus and the
    thesaurus's words are none of the words it is weighed against: what is asked of
    the subject is no match of it. (Weighing it as all the other words together, so
    that a record holding it comes before any that does not, cost held-out R@10:
    bench/README.md, fixleft4.)"""
    asked = [term for term in terms if term not in subject]
    held = [term for term in terms if term in subject]
    if not held or not asked:
        return found
    from memctl.retrieval.index.postings import MIN_IDF, document_frequency, query_tokens

    def idf(term: str) -> float:
        hits, records = document_frequency(conn, term)
        if not hits:
            return 0.0
        return max(math.log((records - hits + 0.5) / (hits + 0.5)), MIN_IDF)

    top = max(idf(term) for term in asked)
    lift = {term: top - weight for term in held if 0.0 < (weight := idf(term)) < top}
    if not lift:
        return found
    have = {c.record for c in found}
    scanned = [
        c
        for c in _bm25(conn, sorted(lift), scope, wanted, deadline=deadline)
        if c.record not in have
    ]
    merged = found + scanned
    # A record the scan of one subject word of one token found holds that word: only
    # the other candidates are looked up (a word most records hold has long postings).
    one = next(iter(lift)) if len(lift) == 1 else None
    if one is not None and len(query_tokens([one])[0]) != 1:
        one = None
    past = deadline is not None and time.monotonic() > deadline  # no term matched then
    looked = [c.record for c in (found if one else merged)]
    holding = {} if past else _matched_terms(conn, sorted(lift), looked, None)
    if one is not None and not past:
        holding.update(dict.fromkeys((c.record for c in scanned), frozenset((one,))))
    for c in merged:
        if gained := max(((lift[t], t) for t in holding.get(c.record, ())), default=None):
            c.score += gained[0]
            c.lifted = gained[1], gained[0]
    merged.sort(key=lambda c: -c.score)
    return with_neighbours(merged)


def with_neighbours(found: list[Candidate], tools: frozenset[int] = frozenset()) -> list[Candidate]:
    """Each candidate's own score plus NEIGHBOUR_WEIGHT times the best of its neighbour
    records' up to NEIGHBOUR_REACH away (the turns before and after it in the same log):
    in a conversation the answer often stands a turn away from the words of the
    question ("what's the dog's name?" / "Biscuit"), or two ("my knee hurts" / "did you
    see someone?" / "physio says it's runner's knee"). A record of `tools` (ids of
    tools' records, `tool_records`) lends from its score weighed TOOL_WEIGHT, as it
    ranks (`words_first`).

    Lending again (after `with_context` added candidates) replaces what was lent."""
    if not NEIGHBOUR_WEIGHT:
        return found
    own = {
        (c.rel, c.number): (c.score - c.neighbour) * (TOOL_WEIGHT if c.record in tools else 1.0)
        for c in found
    }
    mine = {c.record: c.score - c.neighbour for c in found}
    # In place: the candidates are this query's own, and a dataclasses.replace a
    # candidate was 4 % of a recall at 100k records (bench/README.md).
    for c in found:
        lent = NEIGHBOUR_WEIGHT * max(
            own.get((c.rel, c.number + step), 0.0)
            for distance in range(1, NEIGHBOUR_REACH + 1)
            for step in (-distance, distance)
        )
        c.score = mine[c.record] + lent
        c.neighbour = lent
    return found


def tool_records(ws: Workspace, found: list[Candidate], known: dict[int, bool]) -> frozenset[int]:
    """The ids of the tools' records (`tool_echo`) among what lent the best
    CONTEXT_CANDIDATES thread turns of `found` their neighbour's share
    (`with_neighbours`), each read back once a query (`known`). A tool's output lent
    its whole score where it ranks weighed (`words_first`): "Done." after the only
    record holding the words asked ranked above it with the semantic leg on, and the
    turns around it too (review 24 F3). Only the lenders of the best: what lent a turn
    ranked below them moves nothing a reader sees, and each is one read."""
    at = {(c.rel, c.number): c for c in found}
    threads = (c for c in found if c.kind == "thread" and c.neighbour)
    lenders: dict[int, Candidate] = {}
    for c in heapq.nlargest(CONTEXT_CANDIDATES, threads, key=lambda c: c.score):
        near = [
            at[key]
            for distance in range(1, NEIGHBOUR_REACH + 1)
            for key in ((c.rel, c.number - distance), (c.rel, c.number + distance))
            if key in at
        ]
        if near:
            lender = max(near, key=lambda n: n.score - n.neighbour)
            lenders[lender.record] = lender
    for record, c in lenders.items():
        if record not in known:
            line = read_record(
                ws.root / c.rel, c.start, c.size, inode=c.inode, offset=c.offset, crc=c.crc
            )
            known[record] = line is not None and tool_echo(line)
    return frozenset(record for record in lenders if known[record])


_AROUND_SQL = """
SELECT r.id, r.number, r.start, r.len, r.ts, r.crc FROM records r
WHERE r.file = (SELECT id FROM files WHERE rel = ?) AND r.start {} ?
ORDER BY r.start {} LIMIT ?
"""
_BEFORE_SQL = _AROUND_SQL.format("<", "DESC")
_AFTER_SQL = _AROUND_SQL.format(">", "ASC")


def with_context(conn: sqlite3.Connection, found: list[Candidate]) -> list[Candidate]:
    """The candidates with the turns around the best CONTEXT_CANDIDATES thread turns (up
    to NEIGHBOUR_REACH away) added when no query term matched them, then lent their
    neighbours' scores (`with_neighbours`): the answer "wednesdays it is" to "so game
    night..." holds none of the question's words, and only a candidate can be lent a
    score. Found by their place in their file (the records' index on file and start)."""
    if not CONTEXT_CANDIDATES or not NEIGHBOUR_WEIGHT:
        return found
    have = {(c.rel, c.number) for c in found}
    threads = [c for c in found if c.kind == "thread"]
    best = sorted(threads, key=lambda c: c.neighbour - c.score)[:CONTEXT_CANDIDATES]
    added: list[Candidate] = []
    for c in best:
        for sql in (_BEFORE_SQL, _AFTER_SQL):
            near = conn.execute(sql, (c.rel, c.start, NEIGHBOUR_REACH))
            for rid, number, start, size, ts, crc in near:
                if abs(number - c.number) > NEIGHBOUR_REACH or (c.rel, number) in have:
                    continue
                have.add((c.rel, number))
                added.append(
                    Candidate(
                        rid, 0.0, c.rel, c.kind, number, start, size, ts, c.inode, c.offset, crc
                    )
                )
    return with_neighbours(found + added) if added else found


# A turn that asks (ends with "?", or opens, after at most one word and a stop ("anyway.",
# "ok,"), with a wh-word or an auxiliary before its subject: chat drops the "?", "how's
# your back", "anyway. have you talked to marco") and the turn after it: the question's
# words are in the first, its answer in the second ("what will you call it?" / "crepe
# expectations").
_WH_OPENING = re.compile(
    r"^\W*(?:\w+[.,;:!]+\s*)?(?:(?:what|when|where|which|who|whom|whose|why|how)\b"
    r"|(?:do|does|did|is|are|was|were|have|has|had|can|could|will|would|should)"
    r"\s+(?:you|he|she|they|it|we|i|u)\b)",
    re.IGNORECASE,
)


def asks(text: str) -> bool:
    """Whether a turn asks: it ends with "?" or opens with a wh-word or an inverted
    auxiliary ("did you", "is it"), perhaps after one word and a stop ("anyway.")."""
    said = text.strip()
    return said.endswith("?") or _WH_OPENING.match(said) is not None


def by_reply(
    ws: Workspace, conn: sqlite3.Connection, found: list[Candidate], texts: dict[int, str | None]
) -> list[Candidate]:
    """Each of the best REPLY_CANDIDATES thread turns that asks (`asks`) lends the turn
    after it REPLY_WEIGHT of its own score, where that is more than `with_neighbours`
    lent it: a question and its answer are one unit of a conversation, and the answer
    ("1450 a month", "herniated disc") seldom repeats the words of the question it
    answers ("rent?", "how's your back"). The turn after is found by its place in its
    file when it is no candidate. Its text is read back once a query (`texts`)."""
    if not REPLY_WEIGHT:
        return found
    at = {(c.rel, c.number): c for c in found}
    best = sorted((c for c in found if c.kind == "thread"), key=lambda c: -c.score)
    for c in best[:REPLY_CANDIDATES]:
        own = c.score - c.neighbour
        text = _text(ws, c, texts) if own > 0.0 else None
        if text is None or not asks(text):
            continue
        reply = at.get((c.rel, c.number + 1))
        if reply is None:
            row = conn.execute(_AFTER_SQL, (c.rel, c.start, 1)).fetchone()
            if row is None or row[1] != c.number + 1:
                continue
            rid, number, start, size, ts, crc = row
            reply = Candidate(
                rid, 0.0, c.rel, c.kind, number, start, size, ts, c.inode, c.offset, crc
            )
            at[(c.rel, number)] = reply
            found.append(reply)
        lent = REPLY_WEIGHT * own
        if lent > reply.neighbour:
            reply.score += lent - reply.neighbour
            reply.neighbour = lent
    return found


def says_value(text: str) -> bool:
    """Whether a turn says any value: a number, a time ("friday", "the 3rd") or a name (a
    capital not opening it)."""
    return bool(_NUMBER.search(text) or _TIME_EXPRESSION.search(text) or _CAPITALISED.search(text))


def asked_value(query: str) -> Callable[[str], bool]:
    """A test of whether a turn says a value of the kind `query` asks for: its kind of
    answer (`answer_type`: a place for "where", a number for "how many", a person for
    "who", ...), a time for "when" (`_ASKS_WHEN`), else a number or a name. A time is
    only a "when" question's answer: "Lunch was good today" answers no "where", "lunch
    on friday" no "what goal" (chat names days all the time; with a time for any
    question, heldout4 test lost one of the questions it found, bench/README.md, rank11)."""
    holds = answer_type(query)
    if holds is not None:
        asked = frozenset(_TERM.findall(fold(query)))
        return lambda text: holds(text, asked)
    if _ASKS_WHEN.search(query):
        return lambda text: _TIME_EXPRESSION.search(text) is not None
    return lambda text: bool(_NUMBER.search(text) or _CAPITALISED.search(text))


def _turn_after(
    conn: sqlite3.Connection, c: Candidate, at: dict[tuple[str, int], Candidate]
) -> Candidate | None:
    """The turn after `c` in its log: a candidate already (in `at`), or one made with no
    score (the caller adds it to the candidates if it lends it anything); None at the
    log's end. Found by its place in its file."""
    turn = at.get((c.rel, c.number + 1))
    if turn is None:
        row = conn.execute(_AFTER_SQL, (c.rel, c.start, 1)).fetchone()
        if row is None or row[1] != c.number + 1:
            return None
        rid, number, start, size, ts, crc = row
        turn = Candidate(rid, 0.0, c.rel, c.kind, number, start, size, ts, c.inode, c.offset, crc)
    return turn


def by_turn_before(
    ws: Workspace,
    conn: sqlite3.Connection,
    query: str,
    found: list[Candidate],
    texts: dict[int, str | None],
) -> list[Candidate]:
    """The turn after each of the best REPLY_CANDIDATES thread turns, when it is short (at
    most REPLY_FIELD_WORDS content words) and says a value of the kind the question asks
    for (`asked_value`: a place for "where", a time for "when"), with REPLY_FIELD
    of that turn's own score added to its own (`before`), then neighbours lent again: a
    field of the words said before it, as BM25F weighs a second field. "friday, same guy"
    answers "when's it fitted" and holds none of the question's words; "lol" and "yes"
    after a turn answer nothing, and lending them the turn's words too ranked them above
    answers (bench/README.md, rank10). When the turn after is an interjection (at most
    INTERJECTION_WORDS content words and no value: "ugh", "no way", "haha ok"), the
    conversation goes on past it, and the turn after that is the one that may answer
    ("the plumber can't do monday" / "ugh" / "he can come wednesday the 9th").
    Its text is read back once a query (`texts`)."""
    if not REPLY_FIELD:
        return found
    says = asked_value(query)
    at = {(c.rel, c.number): c for c in found}
    best = sorted((c for c in found if c.kind == "thread"), key=lambda c: -c.score)
    given = False
    for c in best[:REPLY_CANDIDATES]:
        own = c.score - c.neighbour - c.before
        reply = _turn_after(conn, c, at) if own > 0.0 else None
        text = _text(ws, reply, texts) if reply is not None else None
        if reply is None or text is None:
            continue
        words = len(_content_words(text))
        if words <= INTERJECTION_WORDS and not says_value(text):
            reply = _turn_after(conn, reply, at)
            text = _text(ws, reply, texts) if reply is not None else None
            if reply is None or text is None:
                continue
            words = len(_content_words(text))
        if words > REPLY_FIELD_WORDS or not says(text):
            continue
        if (reply.rel, reply.number) not in at:
            at[(reply.rel, reply.number)] = reply
            found.append(reply)
        reply.before += REPLY_FIELD * own
        reply.score += REPLY_FIELD * own
        given = True
    return with_neighbours(found) if given else found


def by_session(found: list[Candidate], weight: float | None = None) -> list[Candidate]:
    """Each candidate with SESSION_WEIGHT (or `weight`) times its session's score added: the sum of
    the best SESSION_TOP BM25 scores (without what neighbours lent or the question's time
    weighed: `by_time` comes first, and a turn's time says nothing of its session) among
    the candidates of its thread, its own among them. A memory record is a session of its
    own: its score counts 1 + SESSION_WEIGHT times, so memory facts keep their order
    among themselves (what a neighbour line lent them included: bench/supersession.py's
    fifth set had two more stale values above the current one when only their BM25
    counted).

    BM25 over whole sessions finds the right one far more often than the right turn
    (0.946 session-level R@10 on LongMemEval): the session that holds "Chicago race",
    "marathon" and "mile 15" in three turns is where "why didn't Clara finish the
    Chicago race?" is answered, though the turn that says why ("food poisoning the night
    before") holds none of those words. The sum of its best turns stands for the
    session's score: the index keeps no session rows, and a session's words beyond the
    candidates add little."""
    weight = SESSION_WEIGHT if weight is None else weight
    if not weight:
        return found
    own = {c.record: c.score / c.time - c.neighbour for c in found}
    best: dict[str, list[float]] = {}
    for c in found:
        if c.kind == "thread":
            best.setdefault(c.rel, []).append(own[c.record])
    session = {rel: sum(heapq.nlargest(SESSION_TOP, scores)) for rel, scores in best.items()}
    for c in found:
        c.session = weight * (session[c.rel] if c.kind == "thread" else c.score)
        c.score += c.session
    return found


_MONTHS = tuple(month.lower() for month in MONTHS)
# A season's months (northern): "when did Ben visit in the spring?" asks of March to May.
_SEASONS = {
    "spring": (3, 4, 5),
    "summer": (6, 7, 8),
    "autumn": (9, 10, 11),
    "fall": (9, 10, 11),
    "winter": (12, 1, 2),
}
# "When ..." (or "by when", "and when": "what did she say when ..." is no such question),
# "since when", "until when", "what day", "which month", "how long" (ago), "how soon",
# "how many weeks" anywhere; "what is/are/was ... date(s) / deadline / last day" ("what
# are the dates of the trip?", "what is Leila's current due date?": a date asked for by
# its name, not by "when"; "who did Maya date?" starts with no "what is").
_ASKS_WHEN = re.compile(
    r"^\W*(?:\w+\W+)?when\b|\b(?:since|until|till) when\b"
    r"|\b(?:how (?:long|soon)|how many (?:days|weeks|months|years|nights)"
    r"|what (?:date|day|days|night|time|month|year|week)"
    r"|which (?:date|day|days|night|month|year|week))\b"
    r"|^\W*(?:what|which)\W+(?:is|are|was|were|will be)\b[^?]*"
    r"\b(?:dates?|deadline|(?:first|last|final) day)\b",
    re.IGNORECASE,
)
# Words that are a month or a season only after one of these ("in May", "last fall",
# "from march"), or ("may", "march") after a day's number ("17 may"): else a verb ("I
# may", "did he fall").
_AMBIGUOUS = {"may", "march", "fall"}
_BEFORE_MONTH = r"(?:in|by|since|until|of|mid|early|late|next|last|this|the|from|after|before)"
_WEEKDAYS = "|".join(WEEKDAYS)
_PLAIN_MONTHS = "|".join(month for month in _MONTHS if month not in _AMBIGUOUS)
# A time in a turn's words: a month, a weekday, a day ("the 8th", "17 may"), a clock time
# ("7pm", "12:30", "02:00"), a year ("not before 2027"), a span ("42 mins", "6 weeks")
# or a date. The clock, the year, the day before "may" / "march" and the span (rank15):
# of the twelve sets' 424 "when" questions, the evidence of 28 held none of the rest
# and 16 of those one of these ("so 12:30 it is", "going freelance from march"), which
# `by_time` left below every other timed turn. R@10 found over the twelve
# sets (bench/README.md, rank15): BM25 1,159 -> 1,161, hybrid 1,177 -> 1,178.
_TIME_EXPRESSION = re.compile(
    rf"\b(?:(?:{_PLAIN_MONTHS}|jan|feb|apr|jun|jul|aug|sept?|oct|nov|dec)\b"
    rf"|{_BEFORE_MONTH}\W+(?:may|march)\b|(?:may|march) \d|\d{{1,2}} (?:may|march)\b"
    rf"|(?:{_WEEKDAYS})s?\b|today|tonight|tomorrow|yesterday|weekend"
    r"|(?:next|last|this|in \w+|a|two|three) (?:week|month|year|weekend|morning|night)s?\b"
    r"|end of (?:the )?(?:week|month|year)|\d{1,2}(?:st|nd|rd|th)\b"
    r"|\d{1,2}(?::\d\d)?\s?(?:am|pm)\b|\d{1,2}:\d\d\b|(?:19|20)\d\d\b"
    r"|\d+\s?(?:mins?|minutes?|hrs?|hours?|days?|weeks?|months?|years?)\b"
    r"|\d{4}-\d\d-\d\d|\d{1,2}/\d{1,2}\b)",
    re.IGNORECASE,
)


def asked_months(query: str) -> set[int]:
    """The months a question names (1-12), by name or by season ("may", "march" and
    "fall" only after a word such as "in" or "last")."""
    months: set[int] = set()
    words = _TERM.findall(fold(query))
    for before, word in zip(["", *words], words, strict=False):
        if word in _AMBIGUOUS and not re.fullmatch(_BEFORE_MONTH, before):
            continue
        if word in _MONTHS:
            months.add(_MONTHS.index(word) + 1)
        months.update(_SEASONS.get(word, ()))
    return months


def _text(ws: Workspace, c: Candidate, texts: dict[int, str | None]) -> str | None:
    """A candidate's text read back from its file, once a query (`texts` keeps it)."""
    if c.record not in texts:
        line = read_record(
            ws.root / c.rel, c.start, c.size, inode=c.inode, offset=c.offset, crc=c.crc
        )
        read = record_text(c.kind, line) if line is not None else None
        texts[c.record] = read[0] if read is not None else None
    return texts[c.record]


def by_time(
    ws: Workspace,
    query: str,
    found: list[Candidate],
    texts: dict[int, str | None],
    tools: frozenset[int] = frozenset(),
) -> list[Candidate]:
    """The candidates with the session's date and the time words of a turn weighed in.

    A record dated in a month the question names ("out of office in September") counts
    1 + DATE_WEIGHT times: the date is on every turn (its `ts`), not in its words. And
    for a question that asks when, each of the best TIME_CANDIDATES whose text holds a
    time expression ("results come out in November", "starts the 20th") counts
    1 + TIME_WEIGHT times: the answer to "when" is a date, which the question cannot
    name. Its text is read back from its file (the index holds only its words; `texts`
    keeps what was read for `by_answer`). Such a
    turn is also lent TIME_NEIGHBOUR_WEIGHT of its best neighbour's score where that is
    more than it was lent (NEIGHBOUR_WEIGHT's, or a question's `by_reply`): "i picked him
    up on the 8th" answers "on what date did Chowder go home?" a turn after the one that
    names Chowder. A record of `tools` lends from its weighed score (`with_neighbours`)."""
    months = asked_months(query) if DATE_WEIGHT else set()
    if months:
        zone = ws.tzinfo()
        for c in found:
            if c.ts is not None and datetime.fromtimestamp(c.ts, zone).month in months:
                c.time *= 1.0 + DATE_WEIGHT
                c.score *= 1.0 + DATE_WEIGHT
    if TIME_WEIGHT and _ASKS_WHEN.search(query):
        best = sorted(found, key=lambda c: -c.score)[:TIME_CANDIDATES]
        own = {
            (c.rel, c.number): (c.score / c.time - c.neighbour)
            * (TOOL_WEIGHT if c.record in tools else 1.0)
            for c in found
        }
        for c in best:
            text = _text(ws, c, texts)
            if text is not None and _TIME_EXPRESSION.search(text):
                more = (
                    TIME_NEIGHBOUR_WEIGHT
                    * max(
                        own.get((c.rel, c.number + step), 0.0)
                        for distance in range(1, NEIGHBOUR_REACH + 1)
                        for step in (-distance, distance)
                    )
                    - c.neighbour
                )
                if more > 0.0:
                    c.neighbour += more
                    c.score += more * c.time
                c.time *= 1.0 + TIME_WEIGHT
                c.score *= 1.0 + TIME_WEIGHT
    return found


# What a question asks for, by its opening: a person, a place, a number, a kind, a name.
_ASKS_WHO = re.compile(r"^\W*(?:\w+\W+)?(?:who|whom)\b|\bwith whom\b", re.IGNORECASE)
_ASKS_WHERE = re.compile(
    r"^\W*(?:\w+\W+)?where\b|\b(?:which|what) (?:city|town|country|state|place|hospital"
    r"|school|university|college|neighbou?rhood|restaurant|bar|cafe|gym|company|street)\b",
    re.IGNORECASE,
)
_ASKS_COUNT = re.compile(
    r"\bhow (?:many|much|old|far|often|big|tall)\b"
    r"|\bwhat (?:is|was|will be|'s) (?:the )?(?:price|cost|rent|age|number|salary|budget)\b",
    re.IGNORECASE,
)
_ASKS_KIND = re.compile(
    r"\b(?:what|which) (?:kind|type|sort|breed|model|brand|make|flavou?r|colou?r|genre)\b",
    re.IGNORECASE,
)
_ASKS_NAME = re.compile(
    r"\bname\b|\bcalled\b|\b(?:what|which) (?:dog|cat|pet|band|book|film|movie|show|song|game)\b",
    re.IGNORECASE,
)
# A word written with a capital not opening a sentence: a name.
_CAPITALISED = re.compile(r"(?<=[\w,;:'\"()] )[A-Z][\w'-]*")
_PLACES = """city town village country state hospital clinic school university college office
    downtown suburb neighborhood neighbourhood street avenue road park beach airport station
    restaurant cafe bar gym church studio shop store mall shelter apartment house home abroad
    north south east west coast island lake river mountain"""
_PLACE_WORDS = frozenset(_PLACES.split())
_PLACE = re.compile(r"\b(?:in|at|to|from|near|into)\s+(?:the\s+)?[A-Z][\w'-]*")
_PEOPLE = """mom mum dad mother father sister brother wife husband partner boyfriend girlfriend
    friend boss manager son daughter aunt uncle cousin grandma grandpa neighbor neighbour
    roommate coworker colleague teacher doctor nurse landlord fiance fiancee"""
_RELATIONS = frozenset(_PEOPLE.split())
_NUMBER = re.compile(
    r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty"
    r"|thirty|forty|fifty|hundred|thousand|dozen|half|couple|once|twice)\b",
    re.IGNORECASE,
)
_ARTICLE_NOUN = re.compile(r"\b(?:a|an)\s+[a-z][\w-]+", re.IGNORECASE)


def answer_type(query: str) -> Callable[[str, frozenset[str]], bool] | None:
    """A test of whether a text holds the kind of answer the question asks for (given
    the question's own words, which are no answer), or None when it asks for none of
    these kinds. Generic word lists only: names by their capital, places after "in",
    "at", "to", "from" or by a place word, numbers by digits or number words."""

    def named(text: str, asked: frozenset[str]) -> bool:
        return any(
            word.lower() not in asked and word not in ("I", "I'm", "I've", "I'll", "I'd")
            for word in _CAPITALISED.findall(text)
        )

    def person(text: str, asked: frozenset[str]) -> bool:
        words = set(_TERM.findall(fold(text)))
        return named(text, asked) or bool((words & _RELATIONS) - asked)

    def place(text: str, asked: frozenset[str]) -> bool:
        words = set(_TERM.findall(fold(text)))
        return bool(
            any(p.split()[-1].lower() not in asked for p in _PLACE.findall(text))
            or (words & _PLACE_WORDS) - asked
        )

    def number(text: str, asked: frozenset[str]) -> bool:
        return bool(_NUMBER.search(text))

    def kind(text: str, asked: frozenset[str]) -> bool:
        return named(text, asked) or any(
            m.split()[-1].lower() not in asked and m.split()[-1].lower() not in STOPWORDS
            for m in _ARTICLE_NOUN.findall(text)
        )

    if _ASKS_WHO.search(query):
        return person
    if _ASKS_WHERE.search(query):
        return place
    if _ASKS_COUNT.search(query):
        return number
    if _ASKS_KIND.search(query):
        return kind
    if _ASKS_NAME.search(query):
        return named
    return None


def by_answer(
    ws: Workspace,
    query: str,
    found: list[Candidate],
    texts: dict[int, str | None],
    *,
    fused: bool = False,
) -> list[Candidate]:
    """The candidates that hold the kind of answer the question asks for weighed in:
    each of the best ANSWER_CANDIDATES whose text holds one (`answer_type`) counts
    1 + ANSWER_WEIGHT times, as `by_time` weighs a time for "when": "where does Gerald's
    son live?" is answered by "Neil in Halifax", which holds no word of it but the
    place. On BM25's scores the factor joins the time factor; on `fused` scores (the
    hybrid's) it is kept apart, as the BM25 leg's score was made before it, so that
    `--explain` still adds up."""
    holds = answer_type(query) if ANSWER_WEIGHT else None
    if holds is None:
        return found
    asked = frozenset(_TERM.findall(fold(query)))
    for c in sorted(found, key=lambda c: -c.score)[:ANSWER_CANDIDATES]:
        text = _text(ws, c, texts)
        if text is not None and holds(text, asked):
            if fused:
                c.answer *= 1.0 + ANSWER_WEIGHT
            else:
                c.time *= 1.0 + ANSWER_WEIGHT
            c.score *= 1.0 + ANSWER_WEIGHT
    return found


# "before" or "after" and the words that say what of (to the end of the clause); not
# "named after", "take after", "look after", "after all".
_ORDER = re.compile(
    r"(?<!named )(?<!take )(?<!took )(?<!takes )(?<!look )(?<!looks )(?<!looked )"
    r"\b(before|after)\b(?!\s+all\b)([^?.!,;]+)",
    re.IGNORECASE,
)


def by_order(
    conn: sqlite3.Connection, query: str, found: list[Candidate], deadline: float | None = None
) -> list[Candidate]:
    """The candidates said on the asked side of what the question orders by, weighed in:
    "where did Maya work before joining the startup?" is answered in a session before the
    one that says she joined (no word of the question need be in it, and the words
    "joining the startup" rank the later session first), "what did Theo take up after
    leaving the city?" in the turns after the one that says he left. The record that best
    matches the words after "before" ("after") is the anchor (one look-up of those words
    in the postings); each candidate whose time (`ts`) is before (after) the anchor's
    counts 1 + ORDER_WEIGHT times. A record without a time is left as it is. The look-up
    stops at `deadline` as BM25's does."""
    from memctl.retrieval.index.postings import best

    asked = _ORDER.search(query) if ORDER_WEIGHT else None
    if asked is None or not found:
        return found
    words = [word for word in _TERM.findall(fold(asked[2])) if word not in STOPWORDS]
    anchor = best(conn, words, 1, (1.0, SPEAKER_WEIGHT), deadline=deadline) if words else []
    if not anchor:
        return found
    row = conn.execute("SELECT ts FROM records WHERE id = ?", (anchor[0][0],)).fetchone()
    if row is None or row[0] is None:
        return found
    before = asked[1].lower() == "before"
    for c in found:
        if c.ts is not None and (c.ts < row[0] if before else c.ts > row[0]):
            c.time *= 1.0 + ORDER_WEIGHT
            c.score *= 1.0 + ORDER_WEIGHT
    return found


_ASKS_FIRST = re.compile(
    r"\b(?:first|original|originally|initial|initially|earliest)\b", re.IGNORECASE
)
_ASKS_NOW = re.compile(
    r"\b(?:now|currently|current|these days|any ?more|in the end|after all|latest"
    r"|final|finally|at the moment|as of|still|new)\b",
    re.IGNORECASE,
)


def by_first(query: str, found: list[Candidate]) -> list[Candidate]:
    """The older of the best candidates weighed in when the question asks for the first
    state of what changed: "what was the first repair quote for the laptop?" is answered
    by the quote said before the later ones, which hold the question's words as well.
    Each of the best FIRST_CANDIDATES with a time counts 1 + FIRST_WEIGHT x where it
    stands between the newest (0) and the oldest (1) of them. A question that also says
    "before"/"after" (`by_order` orders it) or asks for the current state is left as it
    is."""
    if (
        not FIRST_WEIGHT
        or not _ASKS_FIRST.search(query)
        or _ASKS_NOW.search(query)
        or _ORDER.search(query)
    ):
        return found
    best = sorted((c for c in found if c.ts is not None), key=lambda c: -c.score)
    best = best[:FIRST_CANDIDATES]
    times = sorted({c.ts for c in best if c.ts is not None})
    if len(times) < 2:
        return found
    for c in best:
        if c.ts is not None:
            factor = 1.0 + FIRST_WEIGHT * (times[-1] - c.ts) / (times[-1] - times[0])
            c.time *= factor
            c.score *= factor
    return found


def _load_for_ranking(thesaurus: bool) -> None:
    """Load what a process's first ranking reads lazily, before the ranking's time
    budget starts: the supersession rules (their regexes compile at import) with their
    stemmer, and the thesaurus's table. The prompt hook is a process a prompt, and its
    ranking spent 60 ms of its budget on them (now 7 ms): twice that while the semantic
    leg's thread, left loading its model, held the interpreter in turns, and then a
    tight budget cut the ranking short with nothing injected."""
    from memctl.models.supersede import slot

    slot("The team moved the launch to Friday.")
    if thesaurus:
        from memctl.retrieval.thesaurus import related

        related("launch")


def _embedding_note(result: RecallResult, why: str) -> None:
    result.notes.append(f"without embeddings ({why}); ranked by BM25 alone")


def _semantic_leg(
    ws: Workspace,
    conn: sqlite3.Connection,
    embedder: Embedder | None,
    result: RecallResult,
    deadline: float | None,
    progress: Callable[[str], None] | None = None,
) -> Embedder | None:
    """The embedder, once what is new is embedded; None without one, or (with one note)
    when the provider fails: then BM25 ranks alone.

    With a `deadline`, the query is embedded first, in a thread waited for until then:
    the first embedding loads a local model (WordLlama: a second or more, in a hook
    process that lives for one prompt), and a leg not ready in time is left out, not
    waited for. What is new is then embedded a batch at a time until the deadline; the
    records left without a vector are not on the leg this time (the batches written
    are kept for the next recall). `progress` is told before more than
    EMBED_NOTE_RECORDS records are embedded."""
    if embedder is None:
        return None  # BM25 alone (the prompt hook's, mostly): no embedding module imported
    from memctl.core.errors import MemctlError
    from memctl.models.interface import EmbeddingFailed
    from memctl.retrieval.embed import catch_up

    try:
        if deadline is not None:
            query, asked = " ".join(result.terms), embedder
            vectors = _within(deadline, lambda: asked.embed([query]))
            if vectors is None:
                result.short(
                    "without embeddings (the semantic leg was not ready within the time "
                    "budget); ranked by BM25 alone"
                )
                return None
            embedder = _Asked(embedder, query, vectors)

        def before(count: int) -> None:
            if progress is not None and count > EMBED_NOTE_RECORDS:
                progress(
                    f"embedding {count:,} records for the semantic leg (once: later "
                    "recalls embed only what is new)"
                )

        if catch_up(ws, conn, embedder, deadline=deadline, before=before).left:
            result.short(
                "the records written since the last recall were not all embedded within the "
                "time budget (the next recall goes on)"
            )
    except (EmbeddingFailed, MemctlError, sqlite3.Error) as exc:
        _embedding_note(result, str(exc))
        return None
    return embedder


class _Asked:
    """An embedder that already has the query's vectors (`_semantic_leg`)."""

    def __init__(self, embedder: Embedder, query: str, vectors: list[list[float]]) -> None:
        self.name, self.context = embedder.name, embedder.context
        self._embedder, self._query, self._vectors = embedder, query, vectors

    def embed(self, texts: list[str]) -> list[list[float]]:
        if texts == [self._query]:
            return self._vectors
        return self._embedder.embed(texts)

    def cost(self, tokens: int) -> float | None:
        return self._embedder.cost(tokens)


def _within(deadline: float, work: Callable[[], list[list[float]]]) -> list[list[float]] | None:
    """`work()`'s answer when it comes before `deadline`, else None (it is left to run
    in a daemon thread, which the process's exit ends); its exception is raised here."""
    import threading

    left = deadline - time.monotonic()
    if left <= 0:
        return None
    done: list[list[list[float]]] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            done.append(work())
        except BaseException as exc:  # raised in the caller's thread
            failed.append(exc)

    worker = threading.Thread(target=run, name="memctl-embed", daemon=True)
    worker.start()
    worker.join(left)
    if failed:
        raise failed[0]
    return done[0] if done else None


def _nearest(
    conn: sqlite3.Connection, embedder: Embedder, result: RecallResult
) -> list[tuple[int, float]] | None:
    """The records nearest the query by cosine similarity, best first; None (with a note)
    when the query cannot be embedded: then BM25 ranks alone, as it does without an
    embedder. What is embedded is the query's terms, as BM25 looks them up (stop words
    left out): WordLlama averages its tokens' vectors, and "what", "did", "the" pull a
    question towards every other question (dev R@10 0.83 -> 0.92, MRR 0.46 -> 0.43)."""
    from memctl.models.interface import EmbeddingFailed
    from memctl.retrieval.embed import VECTOR_CANDIDATES, nearest

    try:
        return nearest(conn, embedder, " ".join(result.terms), VECTOR_CANDIDATES)
    except EmbeddingFailed as exc:
        _embedding_note(result, str(exc))
        return None


def _hybrid(
    conn: sqlite3.Connection,
    close: list[tuple[int, float]],
    ranked: list[Candidate],
    result: RecallResult,
    read: tuple[Workspace, dict[int, str | None], dict[int, bool]],
    hidden: Callable[[Candidate], bool] | None = None,
) -> list[Candidate]:
    """BM25 and the semantic leg's nearest records (`close`) fused (FUSION). A record
    `hidden` says to leave out is not in the leg: one a forget hides would lend its
    neighbours its similarity, and one embedded with a hidden turn (`Embedder.context`)
    is near the query for what that turn said. A turn of the leg that asks lends its
    answer on the leg (`semantic_replies`), its text read back from `read` (the
    workspace, the query's texts read so far, and which records were read to be a
    tool's: a tool's lends its neighbours on the leg weighed, as on BM25)."""
    from memctl.retrieval.index.store import CLEAN

    ws, texts, tools = read
    by_id = {candidate.record: candidate for candidate in ranked}
    # The leg's records BM25 did not find, read in one query (VECTOR_CANDIDATES of them
    # at most, within SQLite's variables as _CANDIDATE_SQL's are).
    wanted = [rid for rid, _ in close if rid not in by_id]
    marks = ", ".join("?" * len(wanted))
    rows = {row[0]: row for row in conn.execute(_CANDIDATE_SQL.format(marks=marks), wanted)}
    for rid in wanted:  # in the leg's order, as before
        row = rows.get(rid)
        if row is None:
            continue
        candidate = _candidate(rid, 0.0, row, CLEAN)
        if result.scope == "all" or (result.scope == "memory") == (candidate.kind == "memory"):
            by_id[rid] = candidate
    close = [
        (rid, similarity)
        for rid, similarity in close
        if rid in by_id and (hidden is None or not hidden(by_id[rid]))
    ]
    for rid, similarity in close:
        by_id[rid].cosine = similarity
    close = semantic_sessions(close, by_id)
    close = semantic_replies(close, by_id, ws, texts)
    if SEMANTIC_NEIGHBOURS:
        lent = with_neighbours(
            [replace(by_id[rid], score=sim, neighbour=0.0) for rid, sim in close]
        )
        if lending := tool_records(ws, lent, tools):
            lent = with_neighbours(lent, lending)
        for c in lent:
            by_id[c.record].semantic_lent = c.neighbour
        close = sorted(((c.record, c.score) for c in lent), key=lambda pair: -pair[1])
    lexical = sorted(ranked, key=lambda c: -c.score)
    for rank, candidate in enumerate(lexical, 1):
        candidate.bm25_rank, candidate.bm25_score = rank, candidate.score
    for rank, (rid, _) in enumerate(close, 1):
        by_id[rid].semantic_rank = rank
    share = SEMANTIC_SHARE if FUSION == "rrf" else SEMANTIC_WEIGHT
    parts = fuse({c.record: c.score for c in lexical}, dict(close), FUSION, share)
    for rid, candidate in by_id.items():
        candidate.parts = parts.get(rid, (0.0, 0.0))
        candidate.score = sum(candidate.parts)
    result.ranking = "hybrid"
    return list(by_id.values())


def semantic_sessions(
    close: list[tuple[int, float]], by_id: dict[int, Candidate]
) -> list[tuple[int, float]]:
    """The semantic leg's records (`close`: id, cosine, best first) with their session's
    prior added, best first: SEMANTIC_SESSION_WEIGHT times the mean of the best
    SEMANTIC_SESSION_TOP cosines among the leg's records of the same session (a thread's
    log; fewer count as 0), its own among them; a memory record is a session of its own.
    What it added is kept (`Candidate.semantic_session`)."""
    if not SEMANTIC_SESSION_WEIGHT or not close:
        return close

    def session(rid: int) -> str | int:
        c = by_id[rid]
        return c.rel if c.kind == "thread" else rid

    best: dict[str | int, list[float]] = {}
    for rid, similarity in close:
        best.setdefault(session(rid), []).append(similarity)
    prior = {
        key: SEMANTIC_SESSION_WEIGHT
        * sum(heapq.nlargest(SEMANTIC_SESSION_TOP, cosines))
        / SEMANTIC_SESSION_TOP
        for key, cosines in best.items()
    }
    added = []
    for rid, similarity in close:
        lent = prior[session(rid)]
        by_id[rid].semantic_session = lent
        added.append((rid, similarity + lent))
    return sorted(added, key=lambda pair: -pair[1])


def semantic_replies(
    close: list[tuple[int, float]],
    by_id: dict[int, Candidate],
    ws: Workspace,
    texts: dict[int, str | None],
) -> list[tuple[int, float]]:
    """The semantic leg's records (`close`: id, score, best first) with what a turn that
    asks lends its answer, best first: each of the leg's best REPLY_CANDIDATES thread
    turns that asks (`asks`) raises the turn after it, when the leg ranked that turn too,
    to SEMANTIC_REPLY_WEIGHT times its own score where that is more, as `by_reply` lends
    on BM25.
    A question and its answer are one unit of a conversation, and the answer seldom
    says what the question asked about: "how's the new helper?" / "Rowan! started two
    weeks ago" is near "who helps in the workshop?" by its first turn only (the leg
    embeds a turn with the turn before it, `Embedder.context`, but in the average of a
    long reply the question is a small share). Before the leg's neighbours are lent, so what is
    lent is the raised score. What it added is kept (`Candidate.semantic_reply`)."""
    if not SEMANTIC_REPLY_WEIGHT or not close:
        return close
    at = {(by_id[rid].rel, by_id[rid].number): rid for rid, _ in close}
    score = dict(close)
    raised = False
    turns = [(rid, similarity) for rid, similarity in close if by_id[rid].kind == "thread"]
    for rid, similarity in turns[:REPLY_CANDIDATES]:  # memory records take no place
        c = by_id[rid]
        after = at.get((c.rel, c.number + 1))
        if after is None or score[after] >= SEMANTIC_REPLY_WEIGHT * similarity:
            continue
        text = _text(ws, c, texts)
        if text is not None and asks(text):
            # Only the turn before a turn lends it: one rise at most.
            by_id[after].semantic_reply = SEMANTIC_REPLY_WEIGHT * similarity - score[after]
            score[after] = SEMANTIC_REPLY_WEIGHT * similarity
            raised = True
    return sorted(score.items(), key=lambda pair: -pair[1]) if raised else close


def _collect(
    ws: Workspace,
    config: Config,
    conn: sqlite3.Connection,
    ranked: list[Candidate],
    limit: int,
    result: RecallResult,
    stale: set[str],
    deadline: float | None,
    forgotten: Hidden,
    echoes: _Echoes,
) -> list[Candidate]:
    """Apply the recency prior, read each best record back and make its hit (not a
    tool's echo that answers nothing: `echoes`); the candidates of the hits, in their
    order. A record that is no longer what the index read puts its file in `stale`."""
    now = time.time()
    mtimes: dict[str, float] = {}

    def when(candidate: Candidate) -> float:
        if candidate.ts is not None:
            return candidate.ts
        if candidate.rel not in mtimes:
            try:
                mtimes[candidate.rel] = os.stat(ws.root / candidate.rel).st_mtime
            except OSError:
                mtimes[candidate.rel] = now
        return mtimes[candidate.rel]

    said_times = _SaidTimes(ws)

    # The time a hit shows: a ledger line's when its block says it was said, not the
    # day the ledger was written (the flush's), a MEMORY.md bullet's its sources' (audit
    # 13, D11), a thread turn's its entry's; whichever way the hit was found: a fact
    # `newest_first` brought in was dated by its file, so one record showed two dates
    # at two limits (audit 15 H4).
    dated = functools.partial(said_times.at, when=when)
    if result.recency:
        for candidate in ranked:
            # Every record is weighed by its file's time, as a ledger line is: a MEMORY.md
            # bullet weighed by its sources' said time ranked below its own ledger line
            # (review 20 #7). Its sources' time dates the hit (`_SaidTimes`, audit 13 D11).
            candidate.recency = recency_factor((now - when(candidate)) / 86400)
            candidate.score *= candidate.recency
    ranked.sort(key=lambda c: -c.score)
    redactor = config.redaction.redactor()
    fused = result.ranking == "hybrid"
    found: list[tuple[RecallHit, Candidate, str]] = []
    # A few more than asked for, so that the newer value of a stale hit can be moved
    # up from just outside the limit (see `newest_first`).
    wanted = limit + min(limit, SUPERSEDE_EXTRA)
    for candidate in words_first(ws, ranked, fused=fused):
        if len(found) >= wanted:
            break
        if deadline is not None and time.monotonic() > deadline:
            result.short("recall stopped at its time budget")
            break
        read = _hit(
            ws, candidate, result.terms, redactor, dated(candidate), forgotten, stale, echoes
        )
        if read is not None:
            found.append((read[0], candidate, read[1]))

    def later(subject: frozenset[str]) -> list[tuple[RecallHit, Candidate, str]]:
        """The memory facts that give a value to `subject`, read as consolidation reads
        them (`memctl.models.supersede.slot`)."""
        from memctl.models.supersede import slot
        from memctl.models.words import unbulleted

        terms = query_terms(" ".join(sorted(subject)))
        if not terms:
            return []
        read = []
        for c in _candidates(conn, terms, SUBJECT_CANDIDATES, every=True):
            line = read_record(
                ws.root / c.rel, c.start, c.size, inode=c.inode, offset=c.offset, crc=c.crc
            )
            made = slot(unbulleted(line)) if c.kind == "memory" and line is not None else None
            if made is None or made.subject != subject:
                continue
            candidate = replace(c, score=0.0)
            hit = _hit(ws, candidate, result.terms, redactor, dated(candidate), forgotten, stale)
            if hit is not None:
                read.append((hit[0], candidate, hit[1]))
        return read

    def matched(records: list[int]) -> dict[int, frozenset[str]]:
        return _matched_terms(conn, result.terms, records, deadline)

    subject = _subject(ws, conn, result, redactor, dated, forgotten, stale, deadline)
    found = newest_first(ws, found, when, limit, later, matched, subject, said_times)
    found = unmerged(found, said_times)[:limit]
    found = later_turns_first(found, deadline)
    found = turns_below_memory(found, when, deadline)
    result.hits.extend(hit for hit, _, _ in found)
    return [candidate for _, candidate, _ in found]


def words_first(ws: Workspace, ranked: list[Candidate], *, fused: bool) -> Iterator[Candidate]:
    """`ranked` (best first) with each tool's record weighed TOOL_WEIGHT, best first
    again: a tool's output ("The file config/staging.yaml has been updated.", a grep's
    "host: db3.internal.acme.io") and an assistant turn of tool calls alone (`Edit({...})`)
    are what a program printed or was asked, and rank below what a person said and what
    memory keeps of equal BM25 (audit 15 H3: they outranked the MEMORY.md fact, and a
    grep of a value `forget` had removed from memory still answered where staging is).
    The reference renders them so too: a flush cuts a tool's result to 1,000 characters
    and its call to 500, where a person's words are kept whole, and MEMORY.md is what is
    always given. They still answer: a command or an error asked for by its own words is
    found, below the words about it. Read lazily: a record is read back only when the
    ranking reaches it, and a weighed one waits until no better score is left (weighing
    only lowers a score). The factor joins the kind of answer's (`time`, or `answer` on
    a hybrid's fused score, as `by_answer`'s does), so `--explain` still adds up; under
    BM25 alone it leaves the record's session share whole, as the turns of its session
    have it."""
    held: list[tuple[float, int, Candidate]] = []
    for at, candidate in enumerate(ranked):
        while held and -held[0][0] >= candidate.score:
            yield heapq.heappop(held)[2]
        if candidate.kind == "memory":
            yield candidate
            continue
        line = read_record(
            ws.root / candidate.rel,
            candidate.start,
            candidate.size,
            inode=candidate.inode,
            offset=candidate.offset,
        )
        if line is None or not tool_echo(line):
            yield candidate
            continue
        if fused:
            candidate.answer *= TOOL_WEIGHT
            candidate.score *= TOOL_WEIGHT
        else:
            # Its own part, not its session's share: ((bm25 + before + neighbour) x time
            # + session) x recency. The turns of its session keep that share, and the
            # session's one record holding the words asked would rank below them.
            own = candidate.score / candidate.recency - candidate.session
            candidate.time *= TOOL_WEIGHT
            candidate.score = (own * TOOL_WEIGHT + candidate.session) * candidate.recency
        heapq.heappush(held, (-candidate.score, at, candidate))
    while held:
        yield heapq.heappop(held)[2]


def unmerged(
    found: list[tuple[RecallHit, Candidate, str]], times: _SaidTimes
) -> list[tuple[RecallHit, Candidate, str]]:
    """The hits with one copy of each fact MEMORY.md holds: of a MEMORY.md hit and the
    ledger lines it was merged from (the provenance sidecar's sources,
    `_SaidTimes.merged_from`), the best ranked. The same fact worded apart ("Dana:
    Remember that deploys..." in the ledger, "Remember that deploys..." in MEMORY.md)
    would be listed twice, and the agent's prompt, `recall` and memory_recall read the
    one rule here (audit 15: the prompt hook left the ledger line out, `recall` listed
    both). The best ranked, not always the bullet: a ledger line ranked sixth gave its
    fact's rank up to its bullet's twelfth, past the prompt hook's eight lines, and one
    that names its speaker ("Cressida: On 2025-05-08, 6 days early.") holds the word the
    question asked, which consolidation's wording ("On 2025-05-08, 6 days early.") lacks
    (bench/hook_evidence.py, heldout10 and heldout11). A bullet the sidecar does not
    know (edited by hand) drops nothing: words in common are no proof."""
    where = {(candidate.rel, candidate.number): at for at, (_, candidate, _) in enumerate(found)}
    dropped: set[int] = set()
    for at, (_, candidate, _) in enumerate(found):
        if candidate.rel != "MEMORY.md":
            continue
        copies = {at} | {
            where[line] for line in times.merged_from(candidate.number) if line in where
        }
        dropped |= copies - {min(copies)}
    if not dropped:
        return found
    return [item for at, item in enumerate(found) if at not in dropped]


def merged_lines(ws: Workspace | _SaidTimes, bullets: Iterable[int | None]) -> set[tuple[str, int]]:
    """The ledger lines (path, line) that the MEMORY.md bullets at these line numbers
    were merged from: what a reader of hits from both leaves out (`unmerged`; builtin's
    `call`, which reads `search`'s hits). `ws` may be the caller's `_SaidTimes`, whose
    files are then not read again."""
    times = ws if isinstance(ws, _SaidTimes) else _SaidTimes(ws)
    return {place for number in bullets if number for place in times.merged_from(number)}


class _Echoes:
    """Which tools' echoes (`tool_echo`: a turn of tool calls alone, `Bash({...})`, or a
    tool's output) answer the question: those holding a word it asked (not a stop
    word). A relative the thesaurus lent ("version" -> "type" in `"subagent_type"`), a
    neighbour's share or a nearness of meaning makes a command or its output no
    answer. The words each thread turn holds are looked up once, for every candidate
    together (`pruned`); a candidate added later, alone."""

    def __init__(self, conn: sqlite3.Connection, terms: list[str]) -> None:
        self.conn = conn
        self.asked = [term for term in terms if term not in STOPWORDS]
        self.held: dict[int, frozenset[str]] = {}

    def pruned(self, ws: Workspace, ranked: list[Candidate]) -> list[Candidate]:
        """The candidates less the echoes that answer nothing, before any lends its
        neighbours a score: the turn beside a command whose JSON holds a lent word is
        no answer either. Only a thread turn that holds no word asked is read back."""
        turns = [c for c in ranked if c.kind != "memory"]
        if not self.asked or not turns:
            return ranked
        # A turn `by_subject` lifted holds the subject: when that is a word asked (and
        # within what `_matched_terms` reads), it is not looked up again. Only whether a
        # turn holds a word asked is read from `held`.
        looked = frozenset(self.asked[:MATCHED_TERMS])
        for c in turns:
            if c.lifted is not None and c.lifted[0] in looked:
                self.held[c.record] = frozenset((c.lifted[0],))
        rest = [c.record for c in turns if c.record not in self.held]
        self.held.update(_matched_terms(self.conn, self.asked, rest, None))

        def echo(c: Candidate) -> bool:
            if c.kind == "memory" or self.held.get(c.record):
                return False
            line = read_record(ws.root / c.rel, c.start, c.size, inode=c.inode, offset=c.offset)
            return line is not None and tool_echo(line)

        return [c for c in ranked if not echo(c)]

    def __call__(self, candidate: Candidate) -> bool:
        """Whether an echo holds a word asked."""
        if not self.asked:
            return False
        if candidate.record not in self.held:
            self.held.update(_matched_terms(self.conn, self.asked, [candidate.record], None))
        return bool(self.held.get(candidate.record))


def _subject(
    ws: Workspace,
    conn: sqlite3.Connection,
    result: RecallResult,
    redactor: Redactor,
    dated: Callable[[Candidate], float],
    forgotten: Hidden,
    stale: set[str],
    deadline: float | None,
) -> Subject:
    """What `_newer_of_subject` asks of the index, for this question; `dated` dates its
    hits as `_collect` dates the rest."""

    def about(term: str) -> list[tuple[RecallHit, Candidate, str]]:
        """The memory facts holding `term` (the question's subject), best BM25 first."""
        if deadline is not None and time.monotonic() > deadline:
            return []
        read = []
        for c in _candidates(conn, [term], SUBJECT_CANDIDATES, every=True):
            if c.kind != "memory":
                continue
            candidate = replace(c, score=0.0)
            hit = _hit(ws, candidate, result.terms, redactor, dated(candidate), forgotten, stale)
            if hit is not None:
                read.append((hit[0], candidate, hit[1]))
        return read

    def rarity(terms: frozenset[str]) -> dict[str, float]:
        return _idf(conn, terms, deadline)

    return Subject(about, rarity, frozenset(result.terms), named_terms(result.query))


def _idf(
    conn: sqlite3.Connection, terms: frozenset[str], deadline: float | None
) -> dict[str, float]:
    """Each term's idf in the index (terms no record holds left out); none past the
    `deadline`."""
    from memctl.retrieval.index.postings import document_frequency

    if deadline is not None and time.monotonic() > deadline:
        return {}
    found = {}
    for term in sorted(terms):
        hits, records = document_frequency(conn, term)
        if hits:
            found[term] = math.log(1 + (records - hits + 0.5) / (hits + 0.5))
    return found


def _matched_terms(
    conn: sqlite3.Connection, terms: list[str], records: list[int], deadline: float | None
) -> dict[int, frozenset[str]]:
    """The query terms each of `records` holds, as the index matches them (stems,
    diacritics): one lookup a term, of these records only. Past the `deadline`, none
    (their content words alone then tell which facts are alike)."""
    if deadline is not None and time.monotonic() > deadline:
        return {}
    from memctl.retrieval.index.postings import holding

    held = holding(conn, terms[:MATCHED_TERMS], records)
    return {record: frozenset(found) for record, found in held.items()}


def newest_first(
    ws: Workspace,
    found: list[tuple[RecallHit, Candidate, str]],
    when: Callable[[Candidate], float],
    limit: int,
    later: Callable[[frozenset[str]], list[tuple[RecallHit, Candidate, str]]] | None = None,
    matched: Callable[[list[int]], dict[int, frozenset[str]]] | None = None,
    of_subject: Subject | None = None,
    times: _SaidTimes | None = None,
) -> list[tuple[RecallHit, Candidate, str]]:
    """The hits with each memory fact a later one replaced ranked after it, then the
    facts that answer the query alike newest first; every other hit keeps its order.

    Replaced: a later fact read as the same subject given another value ("staging is
    db3" before "staging moved to db7": memctl.models.supersede) takes the stale one's
    rank when it ranked lower, the stale one right after it. What replaced it is looked
    for among the hits, and with `later` among the memory facts about the same subject
    (of the first `limit` hits): a question in other words than the change ("which
    city is Felix based in?" for "Felix relocated to Denver") would not find it, and
    the stale value would answer alone.

    Alike (with `matched`, the query terms each record holds), whatever the wording:
    among the first `limit` hits, facts the query matches through the same terms, or
    whose content words mostly coincide, are put newest first in the places they held
    (`_alike_newest_first`): which hits come back does not change.

    Facts are put in the order they were said: a ledger block's said date (else its
    heading's time, else the ledger's date), then the line; MEMORY.md by `when` (its
    mtime: consolidation kept the newest of each slot there). Thread turns are
    conversation, not facts: `later_turns_first` reads them after, sentence by sentence,
    within their thread. `times`: the caller's `_SaidTimes`, whose files are then not
    read again."""
    from memctl.models.supersede import slot
    from memctl.models.words import unbulleted

    pool = list(found)
    if later is not None:
        seen = {candidate.record for _, candidate, _ in pool}
        subjects = {
            made.subject
            for _, candidate, text in found[:limit]
            if candidate.kind == "memory" and (made := slot(unbulleted(text))) is not None
        }
        for subject in subjects:
            for item in later(subject):
                if item[1].record not in seen:
                    seen.add(item[1].record)
                    pool.append(item)
    facts = [i for i, (_, candidate, _) in enumerate(pool) if candidate.kind == "memory"]
    if not facts or (len(facts) < 2 and of_subject is None):
        return found
    times = _SaidTimes(ws) if times is None else times
    said = {i: times.in_order(pool[i][1], when) for i in facts}
    replaced = _replaced_in(pool, said)
    read = len(pool)
    order: list[int] = []
    for i in range(len(found)):
        if i in order:
            continue
        newer = replaced.get(i)
        if newer is not None and newer not in order:
            # The newer value takes the stale one's rank, the stale one right after it.
            pool[newer][0].score = max(pool[newer][0].score, pool[i][0].score)
            order.append(newer)
        order.append(i)
    if matched is not None:
        named = of_subject.named if of_subject is not None else frozenset()
        order = _alike_newest_first(pool, order, said, matched, replaced, limit, named)
        if of_subject is not None:
            order = _newer_of_subject(pool, order, said, matched, of_subject, when, times, limit)
    if len(pool) > read:  # facts brought in since `stale` read the pool
        order = _replaced_first(pool, order, said, limit)
    return [pool[i] for i in order]


def _replaced_in(
    pool: list[tuple[RecallHit, Candidate, str]], said: dict[int, float]
) -> dict[int, int]:
    """Which memory facts of `pool` (those `said` dates) a later one replaced, as
    consolidation reads them: in the order they were said (then their line), each read
    without its bullet (`unbulleted`: "- Staging is db3." is another sentence to
    `supersede` than "Staging is db3."); pool index of the old fact -> of the new."""
    from memctl.models.supersede import stale
    from memctl.models.words import unbulleted

    facts = sorted(
        (i for i in said if pool[i][1].kind == "memory"),
        key=lambda i: (said[i], pool[i][1].number),
    )
    found = stale([unbulleted(pool[i][2]) for i in facts], rank=True)
    return {facts[old]: facts[new] for old, new in found.items()}


def _replaced_first(
    pool: list[tuple[RecallHit, Candidate, str]],
    order: list[int],
    said: dict[int, float],
    limit: int,
) -> list[int]:
    """`order` with each memory hit among the first `limit` that a later fact replaced
    given that fact directly above it, read as consolidation reads them
    (`supersede.stale` over every memory fact of the pool, in the order they were said):
    the pool has grown since `newest_first` read it (`_newer_of_subject` brought in the
    facts of the question's subject), and a change told in other words than the question
    ("no more Java" for "which language is it in?") is among them."""
    replaced = _replaced_in(pool, said)
    if not replaced:
        return order
    ranked = list(order)
    for i in [i for i in order[:limit] if i in replaced]:
        newer = replaced[i]
        place = ranked.index(i)
        if newer in ranked[:place]:
            continue
        if newer in ranked:
            ranked.remove(newer)
        ranked.insert(ranked.index(i), newer)
        pool[newer][0].score = max(pool[newer][0].score, pool[i][0].score)
    return ranked


def later_turns_first(
    found: list[tuple[RecallHit, Candidate, str]], deadline: float | None = None
) -> list[tuple[RecallHit, Candidate, str]]:
    """The hits with each thread turn that a later turn of the same thread replaced
    ranked below it ("staging is on db3" ... "we moved staging to db7"): when the later
    turn ranked lower, the two change places, and the turns between keep theirs
    (`newest_first` puts a memory fact's newer value at the stale one's rank and moves
    the rest down one: for turns that cost a question on heldout6 whose evidence lay
    between them a rank, bench/README.md). The same reading (memctl.models.supersede), sentence by sentence, a
    turn being conversation rather than one fact; the order a log holds its turns in is
    the order they were said. Which hits come back does not change (5 ms a recall on
    bench/recall_eval.py's sets, 36 ms at most: skipped past the ranking's budget)."""
    if deadline is not None and time.monotonic() > deadline:
        return found
    from memctl.models.supersede import stale
    from memctl.models.words import SENTENCE_END

    threads: dict[str, list[int]] = {}
    for place, (_, candidate, _) in enumerate(found):
        if candidate.kind != "memory":
            threads.setdefault(candidate.rel, []).append(place)
    replaced: dict[int, int] = {}
    for places in threads.values():
        if len(places) < 2:
            continue
        places.sort(key=lambda place: found[place][1].number)
        sentences: list[str] = []
        owner: list[int] = []
        for place in places:
            for sentence in SENTENCE_END.split(found[place][2]):
                if sentence.strip():
                    sentences.append(sentence.strip())
                    owner.append(place)
        for old, new in stale(sentences).items():
            if owner[old] != owner[new]:
                replaced.setdefault(owner[old], owner[new])
    ranked = list(found)
    for place in sorted(replaced):
        newer_hit, older_hit = found[replaced[place]], found[place]
        at, to = ranked.index(older_hit), ranked.index(newer_hit)
        if to > at:  # the two change places (and scores): the turns between keep theirs
            ranked[at], ranked[to] = newer_hit, older_hit
            older_hit[0].score, newer_hit[0].score = newer_hit[0].score, older_hit[0].score
    return ranked


def turns_below_memory(
    found: list[tuple[RecallHit, Candidate, str]],
    when: Callable[[Candidate], float],
    deadline: float | None = None,
) -> list[tuple[RecallHit, Candidate, str]]:
    """The hits with each thread turn that a MEMORY.md fact replaced ranked right after
    that fact: consolidation keeps the current value in MEMORY.md ("We upgraded the
    cache cluster to Redis 7.2"), and a turn said before MEMORY.md was written that
    states the older one ("We run Redis 6.2", read as the same subject given another
    value: memctl.models.supersede) is conversation it replaced. `newest_first` and
    `later_turns_first` order facts among themselves and turns within a thread; this
    is the one order between the two. Which hits come back does not change."""
    if deadline is not None and time.monotonic() > deadline:
        return found
    bullets = [at for at, (hit, _, _) in enumerate(found) if hit.path == "MEMORY.md"]
    turns = [at for at, (_, candidate, _) in enumerate(found) if candidate.kind != "memory"]
    if not bullets or not turns:
        return found
    from memctl.models.supersede import replaced_by
    from memctl.models.words import SENTENCE_END, unbulleted

    ranked = list(found)
    for turn in turns:
        written = [b for b in bullets if when(found[turn][1]) <= when(found[b][1])]
        if not written or max(written) < turn:
            continue  # every MEMORY.md fact written after it ranks above it
        sentences = [s.strip() for s in SENTENCE_END.split(found[turn][2]) if s.strip()]
        facts = [unbulleted(found[b][2]) for b in written]
        newer = {written[new] for new in replaced_by(sentences, facts).values()}
        below = [b for b in newer if b > turn]
        if below:
            ranked.remove(found[turn])
            ranked.insert(ranked.index(found[max(below)]) + 1, found[turn])
            found[turn][0].score = min(found[turn][0].score, found[max(below)][0].score)
    return ranked


def _alike_newest_first(
    pool: list[tuple[RecallHit, Candidate, str]],
    order: list[int],
    said: dict[int, float],
    matched: Callable[[list[int]], dict[int, frozenset[str]]],
    replaced: dict[int, int],
    limit: int,
    named: frozenset[str] = frozenset(),
) -> list[int]:
    """`order` (indexes into `pool`) with the memory facts among its first `limit` that
    answer the query alike put newest first in the places they held: every other hit
    keeps its place, and the first `limit` are the same hits, so nothing is dropped or
    moved past a thread turn.

    A stale value and its replacement both answer the question, and which one is newer
    is known from when each was said, without reading either sentence: no wording has
    to be foreseen. Facts answer alike when the query matches them through the same
    terms, or when their content words mostly coincide (`_alike`); a group is what such
    pairs, and a fact and what replaced it, join. Within a group BM25's order says
    little (a shorter sentence, one more "staging"). Widening this to the hits read
    past the limit pulled facts of other subjects that share a word or a sentence
    template into the first `limit` and pushed the current value out (bench/README.md).
    Each fact takes the score of the place it moves to, so scores still fall.

    Only facts of one subject change places: within a group, those holding the same of
    the question's `named` terms (`named_terms`: "Corvid" in "What is my hourly rate with
    Corvid?"). "My hourly rate with Acme is 140 USD", said later, shares most words with
    "My hourly rate with Corvid is 120 USD" but is another client's rate: put newest
    first with it, every other client's later rate ranked above the answer (on
    bench/supersession.py's controls, 33-36 of 36 current facts a set were not first).
    The groups are still joined through any fact, then split by that key: a change
    told in few of the old fact's words is alike to it only through another subject's
    two facts. Measured (bench/README.md, alike20): controls answered first 15 -> 42 of
    612, stale value first 93 -> 104 of 2,448 (seed 25, all 17 sets)."""
    facts = [place for place, i in enumerate(order[:limit]) if pool[i][1].kind == "memory"]
    if len(facts) < 2:
        return order
    terms = matched([pool[order[place]][1].record for place in facts])
    held = {place: terms.get(pool[order[place]][1].record, frozenset()) for place in facts}
    words = {place: _content_words(pool[order[place]][2]) for place in facts}
    group = {place: place for place in facts}

    def root(place: int) -> int:
        while group[place] != place:
            group[place] = group[group[place]]
            place = group[place]
        return place

    where = {i: place for place, i in enumerate(order)}
    for old, new in replaced.items():
        if where.get(old) in group and where.get(new) in group:
            group[root(where[new])] = root(where[old])
    for a, first in enumerate(facts):
        for second in facts[a + 1 :]:
            if _alike(held[first], held[second], words[first], words[second]):
                group[root(second)] = root(first)
    # The named terms each fact holds, as the index matches them or as written (past the
    # deadline `matched` gives none).
    subject = {place: (held[place] | words[place]) & named for place in facts}
    members: dict[tuple[int, frozenset[str]], list[int]] = {}
    for place in facts:
        members.setdefault((root(place), subject[place]), []).append(place)
    ranked = list(order)
    for places in members.values():
        newest = _later_line_first(
            sorted(places, key=lambda place: -said[order[place]]),
            lambda place: (said[order[place]], pool[order[place]][0], held[place]),
        )
        for place, moved in zip(places, newest, strict=True):
            ranked[place] = order[moved]
    scores = [pool[i][0].score for i in order]
    for place, i in enumerate(ranked):
        if i != order[place]:
            pool[i][0].score = scores[place]
    return ranked


def _later_line_first(
    places: list[int], about: Callable[[int], tuple[float, RecallHit, frozenset[str]]]
) -> list[int]:
    """`places`, newest first, with facts said at one time in one file that the query
    matches through the same terms put later line first: a flush keeps the
    conversation's order, so in one block "the deadline is 2026-12-15" ... "the deadline
    is 2027-01-15 now" the later line is the newer value. Facts matched through other
    terms keep BM25's order (they are alike only through a third fact)."""
    ranked = list(places)
    moved = True
    while moved:
        moved = False
        for at in range(len(ranked) - 1):
            (said_a, hit_a, held_a), (said_b, hit_b, held_b) = (
                about(ranked[at]),
                about(ranked[at + 1]),
            )
            if (
                said_a == said_b
                and hit_a.path == hit_b.path
                and held_a == held_b
                and (hit_a.line or 0) < (hit_b.line or 0)
                and hit_a.path != "MEMORY.md"
            ):
                ranked[at], ranked[at + 1] = ranked[at + 1], ranked[at]
                moved = True
    return ranked


@dataclass(frozen=True)
class Subject:
    """What `_newer_of_subject` asks of the index: the memory facts holding a term, and
    each term's rarity (its idf); `asked`, the question's terms."""

    about: Callable[[str], list[tuple[RecallHit, Candidate, str]]]
    rarity: Callable[[frozenset[str]], dict[str, float]]
    asked: frozenset[str]
    named: frozenset[str] = frozenset()
    """The question's terms written as names (`named_terms`): its subject, if any."""


_NAMED = re.compile(r"(?<=[\w,;:'\"()] )[A-Z][\w'-]*|\b[A-Za-z-]*\d[\w.-]*")


def named_terms(query: str) -> frozenset[str]:
    """The query's words written as a name (capitalised, not first in a sentence) or an
    identifier (a digit in it), as terms: "Marco", "Dune", "db3" in "Where is Marco
    living?", "When does the Dune launch land?". What a question names is what it asks
    about; the other words say what it asks of it. A word in capitals ("ETA", "CI",
    "DRI") is what is asked of a name beside it ("the ETA on the Dune launch"): it is
    the subject only when the question names nothing else."""
    found = [(f, t) for f in _NAMED.findall(query) for t in _TERM.findall(fold(f))]
    found = [(f, t) for f, t in found if len(t) > 1 and t not in STOPWORDS]
    names = [t for f, t in found if not (f.isupper() and f.isalpha())]
    return frozenset(names or (t for _, t in found))


def _newer_of_subject(
    pool: list[tuple[RecallHit, Candidate, str]],
    order: list[int],
    said: dict[int, float],
    matched: Callable[[list[int]], dict[int, frozenset[str]]],
    subject: Subject,
    when: Callable[[Candidate], float],
    times: _SaidTimes,
    limit: int,
) -> list[int]:
    """`order` with the later values of a memory hit's subject put directly above it,
    newest first, brought in from outside the first `limit` if need be (the lowest hits
    then drop out; thread turns keep their order among themselves).

    Read by structure, not wording: the subject is what the question names (`named_terms`:
    "Marco", "the Dune launch"), its rarest such term that a memory hit among the first
    `limit` holds; a question that names nothing is about all its words, and only the
    hits holding the most of them count, and later facts holding all that they hold. A
    later fact about the subject that gives a value of the same sort as the hit's (a
    name, an identifier, a date, a time, a number: `supersede.given_values`) and another
    one is taken for the same thing said again with a new value; one that names the
    hit's value beside its own first ("from Austin to Leeds"), then the closest to the
    question, then the newest. A later fact about the subject that names the hit's value,
    written as the hit writes it, is taken whatever else it says, and first ("Greta, an
    ex-Kakoune devotee, is all about nano these days" above "Greta's favourite editor is
    Kakoune"): it says the value again or what became of it, the later word either way,
    and no wording is read. A hit whose structure is not read beside a named subject (a
    question it answers, a label) shows every value it says for this, and one with no
    value read at all the words it says beyond the question (`_answers`). A fact that adds ("also"), tells a past event, puts a
    relative there, has the subject for its value ("... moved from Kenji to Chloe") or
    names another thing of it ("the Atlas service" for "the Atlas review") gives none, nor
    does one about a relative it names beside the subject ("Tom, Dana's husband, ..."),
    unless the question or the hit asks of that relative.
    Measured on bench/supersession.py: the type of a proper name (a city, a company, a
    person) is not known, so "Idris works at Cyberdyne" said later is put above "Idris
    lives in Austin" too; nothing is dropped. At most SUBJECT_HITS hits are looked at,
    with one lookup in all, and SUBJECT_NEWER facts put above each."""
    from memctl.models.supersede import given_values, named_thing, relative_named, said_values

    top = [i for i in order[:limit] if pool[i][1].kind == "memory"]
    if not top:
        return order
    held = matched([pool[i][1].record for i in top])
    terms = {i: held.get(pool[i][1].record, frozenset()) for i in top}
    idf = subject.rarity(frozenset().union(*terms.values()))
    if not idf:
        return order
    named = [term for term in idf if term in subject.named]
    rarest = max(named or idf, key=lambda term: (idf[term], term))
    asked = subject.asked
    # A question that names nothing ("who is the release manager for payments?") is
    # about what its words say together: only the hits that hold the most of them, and
    # later facts holding all that they hold.
    most = max(sum(idf.get(t, 0.0) for t in terms[i]) for i in top)
    hits = [
        (i, read[0], read[1])
        for i in top
        if rarest in terms[i]
        and (named or sum(idf.get(t, 0.0) for t in terms[i]) >= most)
        and (read := _answers(pool[i][2], asked, rarest, bool(named)))
    ][:SUBJECT_HITS]
    if not hits:
        return order
    records = {candidate.record: i for i, (_, candidate, _) in enumerate(pool)}
    about = []
    for item in subject.about(rarest):
        at = records.get(item[1].record)
        if at is None:
            at = records[item[1].record] = len(pool)
            pool.append(item)
            said[at] = times.in_order(item[1], when)
        about.append(at)
    their = matched([pool[j][1].record for j in about])
    # Each fact read once, and only when a hit asks of it (most are said before it).
    values = _Lazy(lambda j: given_values(pool[j][2], asked, rarest) or {})
    loose = _Lazy(lambda j: said_values(pool[j][2], asked, rarest) if named else None)
    # "the Atlas review" and "the Atlas service" are two things.
    thing = _Lazy(lambda j: named_thing(pool[j][2], rarest))
    written = _Lazy(lambda j: frozenset(_TERM.findall(pool[j][2])))
    # "Tom, Dana's husband, got an offer from Acme": about Tom, not Dana (review 25 F3).
    relative = _Lazy(lambda j: relative_named(pool[j][2], rarest))
    ranked = list(order)
    for i, given, shown in hits:
        mine = [term for term in terms[i] if term in idf]
        whole = sum(idf[term] for term in mine)
        kinds = set(given.values())
        relatives = said_values(pool[i][2]) if named else None
        newer = []
        for j in about:
            if j == i or said.get(j, 0.0) <= said[i]:
                continue
            share = sum(idf[t] for t in their.get(pool[j][1].record, frozenset()) if t in mine)
            if not named and share < whole:
                continue
            if relative[j] and relative[j] not in asked and relative[j] != relative[i]:
                continue  # another person's news, the subject named as their relative
            if _names_value(shown, written[i], written[j]) and (
                "word" not in shown.values()
                or _word_left(pool[i][2], pool[j][2], shown, loose[j], relatives)
            ):
                # Said later of the subject with the hit's own value, in whatever words
                # ("Greta, an ex-Kakoune devotee, is all about nano these days"): it says
                # the value again or what became of it, and either way it is the later
                # word on it. First, and whatever it names (an "ex-" is no other thing).
                newer.append((True, share, said[j], j))
            elif thing[i] != thing[j]:
                continue
            elif any(k in kinds and v not in given for v, k in values[j].items()):
                # A fact that names the hit's value beside its own ("from Austin to
                # Leeds") says what it replaced: first.
                names = bool(given.keys() & values[j].keys())
                newer.append((names, share, said[j], j))
            elif (other := loose[j]) is not None and _changes(given, relatives, other):
                newer.append((bool(given.keys() & other.values.keys()), share, said[j], j))
        _put_above(pool, ranked, i, newer, said)
    return ranked


def _put_above(
    pool: list[tuple[RecallHit, Candidate, str]],
    ranked: list[int],
    hit: int,
    newer: list[tuple[bool, float, float, int]],
    said: dict[int, float],
) -> None:
    """`ranked` (in place) with the best SUBJECT_NEWER of `newer` (each (names the hit's
    value, share of the hit's terms, when said, pool index)) not already above `hit`
    put directly above it, newest first, each taking its score when higher."""
    above = set(ranked[: ranked.index(hit)])
    newer = [item for item in newer if item[-1] not in above]
    chosen = [item[-1] for item in sorted(newer, reverse=True)[:SUBJECT_NEWER]]
    chosen.sort(key=lambda j: -said[j])
    for j in chosen:
        if j in ranked:
            ranked.remove(j)
    place = ranked.index(hit)
    ranked[place:place] = chosen
    for j in chosen:
        pool[j][0].score = max(pool[j][0].score, pool[hit][0].score)


def _names_value(values: dict[str, str], hit: frozenset[str], later: frozenset[str]) -> bool:
    """Whether a later fact names one of a hit's `values` (folded), every word of it
    written as the hit writes it (`hit`, `later`: each fact's words as written): a
    capitalised word the hit's reading takes for a value only by opening its sentence
    ("Every PR to the Helix service ...") is not named by "every new hire"."""
    shared = {fold(word) for word in hit & later}
    return any(frozenset(_TERM.findall(value)) <= shared for value in values)


def _answers(
    text: str, asked: frozenset[str], subject: str, named: bool
) -> tuple[dict[str, str], dict[str, str]] | None:
    """(the values a hit gives the question's `subject`, the values a later fact may name
    of it), None for a hit that gives none. The two are one (`supersede.answer_values`,
    `given_values` for a question naming nothing) but for a hit no structure is read in
    beside a named subject (a question it answers, a sign, a label: "> what's Ana
    driving? — a Toyota Corolla"): it gives none, and shows every value it says, else
    (no value read at all: "Hana is on the infra team") the words it says beyond the
    question (`_unasked_words`): a later fact of the subject naming them, with another
    word in their slot or a change told (`_word_left`), is its later word, whether the
    hit adds to a list or speaks of a relative."""
    from memctl.models.supersede import answer_values, given_values, said_values

    given = (answer_values if named else given_values)(text, asked, subject) or {}
    if given or not named:
        return (given, given) if given else None
    said = said_values(text, asked, subject)
    if said is not None and said.values:
        return given, said.values
    unasked = _unasked_words(text, asked)
    return (given, unasked) if unasked else None


def _unasked_words(text: str, asked: frozenset[str]) -> dict[str, str]:
    """The words of a hit no value is read in that the question did not ask (stop words
    and the question's terms, as the index stems them, left out), each as a value of its
    own: what the hit says of the subject beyond the question is its answer, however it is
    written ("Hana is on the infra team" for "Which team is Hana on?": "infra"). A value in
    lower case ("infra", "nano", "payments") is read by no structure, and a later fact of
    the subject that names it ("Hana left the infra team for search") says it again or what
    became of it (`_names_value`, as the hit writes it)."""
    from memctl.retrieval.index.postings import query_tokens

    words = [w for w in dict.fromkeys(_TERM.findall(fold(text))) if w not in STOPWORDS]
    if not words:
        return {}
    stems = {token for tokens in query_tokens(sorted(asked)) for token in tokens}
    return {
        word: "word"
        for word, tokens in zip(words, query_tokens(words), strict=True)
        if tokens and not stems.intersection(tokens)
    }


def _word_left(
    hit: str, later: str, words: dict[str, str], read: Said | None, relatives: Said | None
) -> bool:
    """Whether a later fact naming `words` an unread hit says beyond the question
    (`_unasked_words`) is its later word: a word alone is no slot, so the fact must put
    another word where the hit puts its own (`_other_in_slot`: "they're on infra" after
    "Amara is on the platform team") or tell a change or a leaving
    (`supersede.tells_change`: "Hana left the infra team for search"), and put no relative
    the hit does not speak of there ("Marta's neighbour bought a red bike"). One word
    repeated is not enough: "Odile fixed a bug in the ledger export", "Lena went sailing at
    the harbour" (review 28 F3)."""
    from memctl.models.supersede import tells_change

    if read is not None and read.relations - (relatives.relations if relatives else frozenset()):
        return False
    return _other_in_slot(hit, later, words) or tells_change(later)


# Words that stand between a relation and its value ("on the", "drives a").
_DETERMINERS = frozenset(["a", "an", "the", "his", "her", "their", "its", "our", "my", "your"])
# Words that relate nothing of their own: a value after them is no slot's.
_LINKS = frozenset(["is", "are", "was", "were", "be", "been", "am", "s", "re"])


def _other_in_slot(hit: str, later: str, words: dict[str, str]) -> bool:
    """Whether `later` puts a word other than the hit's in the hit's slot: the word the
    hit writes before its first value, determiners aside ("on" in "Amara is on the
    platform team", "near" in "Lena lives near the harbour"), followed in `later` by a
    word that is none of the hit's `words` ("they're on infra")."""
    said = _TERM.findall(fold(hit))
    first = next((at for at, word in enumerate(said) if word in words), None)
    before = [word for word in said[:first] if word not in _DETERMINERS] if first else []
    if not before or before[-1] in _LINKS:
        return False
    relation = before[-1]
    told = _TERM.findall(fold(later))
    for at, word in enumerate(told):
        if word != relation:
            continue
        value = next((w for w in told[at + 1 :] if w not in _DETERMINERS), None)
        if value is not None and value not in words:
            return True
    return False


class _Lazy(dict[int, Any]):
    """A pool index's reading, made by `read` the first time it is asked for."""

    def __init__(self, read: Callable[[int], Any]) -> None:
        super().__init__()
        self.read = read

    def __missing__(self, key: int) -> Any:
        made = self[key] = self.read(key)
        return made


def _changes(given: dict[str, str], hit: Said | None, later: Said) -> bool:
    """A later fact of the question's subject whose structure is not read gives the hit's
    slot a new value: it says a value of the hit's sort that the hit does not, and shows
    a change: the value is typed (a date, a number, an identifier: two of one sort for
    one subject are one slot said twice), or it carries a change cue, or it names the
    hit's value too ("part-exchanged the Kia Niro for a Volvo XC40"). A name alone is
    not enough ("Zara benchmarked our stack against Globex" after "Tyrell pays Zara"),
    nor a relative the hit does not speak of ("Zara's neighbour has a Toyota")."""
    if later.relations - (hit.relations if hit else frozenset()):
        return False
    kinds = set(given.values())
    new = {k for v, k in later.values.items() if k in kinds and v not in given}
    if not new:
        return False
    return bool(new - {"name"}) or later.cue or bool(given.keys() & later.values.keys())


def _content_words(text: str) -> frozenset[str]:
    """A fact's words that carry its content: lower-cased, stop words left out."""
    return frozenset(w for w in _TERM.findall(fold(text)) if w not in STOPWORDS)


def _alike(
    terms: frozenset[str], other_terms: frozenset[str], words: frozenset[str], other: frozenset[str]
) -> bool:
    """Two facts answer a query alike: it matches both through the same terms, or at
    least two of their content words, and half of the longer one's, are shared."""
    if terms and terms == other_terms:
        return True
    shared = len(words & other)
    return shared >= 2 and 2 * shared >= max(len(words), len(other))


class _SaidTimes:
    """When the facts on memory lines were said, each file read once a recall.

    A ledger line: its block's `said.said_key`, as consolidation reads it (the `last
    said` time, else the time the block was written, else its said span's end at noon),
    else the block heading's time. A MEMORY.md bullet: the newest of its sources' (the
    ledger lines the provenance sidecar says it was merged from, found by their digest
    where an archive moved them), as consolidation orders it (audit 13, D11: a fact said
    in November is not dated by the day a consolidation rewrote MEMORY.md). Else the
    record's own time (a ledger's date, MEMORY.md's or a note's mtime)."""

    def __init__(self, ws: Workspace) -> None:
        self.ws = ws
        self._lines: dict[str, list[str]] = {}
        self._marks: dict[str, list[tuple[int, float]]] = {}
        self._sources: Bullets | None = None
        # memory/ and its archive, relative to the workspace: a ledger's two places.
        self._folders = (ws.relative(ws.memory_dir), ws.relative(ws.archive_dir))

    def in_order(self, candidate: Candidate, when: Callable[[Candidate], float]) -> float:
        """The time `newest_first` orders a fact by: `at`, but a MEMORY.md bullet keeps the
        file's (`when`): consolidation already kept the newest of each slot there, and
        dating its bullets by their sources set a newer fact of another slot above an
        older answer ("drop Redis for sessions" above "Redis 7.2" for "which redis
        version"). Their sources' times date hits only."""
        return when(candidate) if candidate.rel == "MEMORY.md" else self.at(candidate, when)

    def at(self, candidate: Candidate, when: Callable[[Candidate], float]) -> float:
        found = when(candidate)
        if candidate.rel == "MEMORY.md":
            said = self._bullet(candidate.number)
        elif DAILY_NAME.fullmatch(candidate.rel.rsplit("/", 1)[-1]):
            said = self._block(candidate.rel, candidate.number)
        else:
            said = None
        return found if said is None else said

    def _read(self, rel: str) -> list[str]:
        if rel not in self._lines:
            try:
                with open(self.ws.root / rel, encoding=TEXT_ENCODING, errors="replace") as handle:
                    self._lines[rel] = handle.read().splitlines()
            except OSError:
                self._lines[rel] = []
        return self._lines[rel]

    def _block(self, rel: str, number: int) -> float | None:
        """When the block holding line `number` (1-based) of the ledger `rel` was said."""
        if rel not in self._marks:
            self._marks[rel] = _block_times(self._read(rel), ledger_day(rel))
        found = None
        for line, stamp in self._marks[rel]:
            if line > number:
                break
            found = stamp
        return found

    def _bullet(self, number: int) -> float | None:
        said = [self._block(*place) for place in self.merged_from(number)]
        return max((stamp for stamp in said if stamp is not None), default=None)

    def merged_from(self, number: int) -> list[tuple[str, int]]:
        """The ledger lines (path, line) MEMORY.md's bullet at line `number` was merged
        from, as the provenance sidecar recorded them, where they are now (`_place`)."""
        if self._sources is None:
            self._sources = read_sidecar(sidecar_path(self.ws))
        lines = self._read("MEMORY.md") if self._sources else []  # no sidecar: no hashing
        if not 1 <= number <= len(lines):
            return []
        sources = self._sources.get(bullet_digest(lines[number - 1]), [])
        return [place for source in sources if (place := self._place(source)) is not None]

    def _place(self, source: Source) -> tuple[str, int] | None:
        """Where a bullet's source is: its line in place, else the line of the same
        digest in the ledger of the same name, current or archived (an archive appends
        a ledger to memory/archive/, shifting its lines). Only memory/ and its archive
        are read, whatever path the sidecar names."""
        name = source.path.rsplit("/", 1)[-1]
        if not DAILY_NAME.fullmatch(name):
            return None
        places = [f"{self._folders[0]}/{name}", f"{self._folders[1]}/{name}"]
        if source.path in places:
            lines = self._read(source.path)
            at = source.line - 1
            if 0 <= at < len(lines) and bullet_digest(lines[at]) == source.digest:
                return source.path, source.line
            places.remove(source.path)
            places.insert(0, source.path)
        for rel in places:
            for number, line in enumerate(self._read(rel), 1):
                if (
                    line.strip()
                    and not line.startswith("#")
                    and bullet_digest(line) == source.digest
                ):
                    return rel, number
        return None


def _block_times(lines: list[str], day: str | None) -> list[tuple[int, float]]:
    """(line, time) of each block heading of a ledger that says when (1-based lines);
    `day`: the ledger's, which a flush heading's time is on."""
    marks: list[tuple[int, float]] = []
    for number, line in enumerate(lines, 1):
        if not line.startswith("## "):
            continue
        key = said_key(line, day)
        stamp = _STAMP.search(line)
        try:
            if key:
                moment = key_time(key)
            elif stamp:
                moment = datetime.fromisoformat(stamp[1])
            else:
                continue
            marks.append((number, moment.timestamp()))
        except (ValueError, OverflowError, OSError):
            continue
    return marks


def explain_hit(
    conn: sqlite3.Connection,
    terms: list[str],
    candidate: Candidate,
    related: dict[str, float] | None = None,
    *,
    hybrid: bool = False,
) -> dict[str, Any]:
    """How a hit's score was made: each (term, field) that matched the record with its
    BM25 weight (higher is better; the term's bm25 in the record, shared between the
    text and the speaker's name by what each counted, with the field's weight: they add
    up to the record's BM25 score; a word of the thesaurus's, `_related`, at its share),
    what a neighbour turn lent, what its session lent
    (`by_session`), the factor of the question's time and kind of answer (`by_time`,
    `by_order`, `by_answer`), the recency factor
    and the final score: ((bm25 + before + neighbour) x time + session) x recency (`before`:
    what the turn before gave a short reply that says a value, `by_turn_before`).

    A hybrid ranking's score is not made of the matches but of the two legs: `fusion`
    gives each leg's rank and score (BM25's: (bm25 + before + neighbour) x time; the semantic
    leg's: the record's cosine plus what its session and a neighbour turn lent), its share and its part
    (weighted: share x its score scaled over the leg's candidates, `scaled`; RRF: share / (k +
    rank)), and the kind of answer's factor on the fused score; the score is then (bm25
    part + semantic part) x answer x recency."""
    from memctl.retrieval.index.postings import explain

    matched: list[dict[str, Any]] = [
        {"term": term, "field": field_name, "weight": _g(weight)}
        for term, field_name, weight in explain(
            conn, terms, candidate.record, (1.0, SPEAKER_WEIGHT), related
        )
    ]
    if candidate.lifted is not None:  # the question's subject, weighed up (by_subject)
        term, gained = candidate.lifted
        matched.append({"term": term, "field": "subject", "weight": _g(gained)})
    explained: dict[str, Any] = {
        "matched": matched,
        "bm25": _g(sum(m["weight"] for m in matched)),
        "before": _g(candidate.before),
        "neighbour": _g(candidate.neighbour),
        "session": _g(candidate.session),
        "time": _g(candidate.time),
        "recency": _g(candidate.recency),
        "score": _g(candidate.score),
    }
    # Always there (null under BM25 alone), as every --json field is.
    explained["fusion"] = _fusion(candidate) if hybrid else None
    return explained


def _fusion(candidate: Candidate) -> dict[str, Any]:
    """How a hybrid's two legs made a hit's score (`explain_hit`): each leg's rank, score,
    share and part of the fused score (`fuse`: 0 when the leg did not rank it), and their
    sum. Under RRF a part is share / (RRF_K + rank); under weighted fusion share x the
    leg's score scaled over its candidates (`scaled`: from its lowest, in standard
    deviations), which is given."""
    rrf_used = FUSION == "rrf"
    shares = (1.0, SEMANTIC_SHARE) if rrf_used else (1.0 - SEMANTIC_WEIGHT, SEMANTIC_WEIGHT)
    ranks = (candidate.bm25_rank, candidate.semantic_rank)
    legs = []
    for share, part in zip(shares, candidate.parts, strict=True):
        legs.append(
            {
                "share": _g(share),
                "scaled": None if rrf_used else _g(part / share if share else 0.0),
                "part": _g(part),
            }
        )
    return {
        "method": FUSION,
        "k": RRF_K if rrf_used else None,
        "bm25": {"rank": ranks[0], "score": _g(candidate.bm25_score), **legs[0]},
        "semantic": {
            "rank": ranks[1],
            "cosine": None if candidate.cosine is None else _g(candidate.cosine),
            "neighbour": _g(candidate.semantic_lent),
            "session": _g(candidate.semantic_session),
            "reply": _g(candidate.semantic_reply),
            **legs[1],
        },
        "fused": _g(sum(candidate.parts)),
        "answer": _g(candidate.answer),
    }


def _g(value: float) -> float:
    """Four significant digits: BM25 weights range from 1e-6 (a word in every record)
    to tens."""
    return float(f"{value:.4g}")


# The turn before one in its log, as the semantic leg embeds it with it
# (memctl.retrieval.embed's _BEFORE: a log line that is no entry skipped).
_TURN_BEFORE_SQL = """
SELECT r.id, r.number, r.start, r.len, r.ts, r.crc FROM records r
WHERE r.file = (SELECT id FROM files WHERE rel = ?) AND r.start < ? AND r.flag & 1 = 0
ORDER BY r.start DESC LIMIT 1
"""


def _turn_before(conn: sqlite3.Connection, candidate: Candidate) -> Candidate | None:
    """The thread turn before `candidate` in its log, as a candidate of no score; None
    for a memory record (embedded alone) or the first turn."""
    if candidate.kind != "thread":
        return None
    row = conn.execute(_TURN_BEFORE_SQL, (candidate.rel, candidate.start)).fetchone()
    if row is None:
        return None
    rid, number, start, size, ts, crc = row
    return Candidate(
        rid,
        0.0,
        candidate.rel,
        candidate.kind,
        number,
        start,
        size,
        ts,
        candidate.inode,
        candidate.offset,
        crc,
    )


class _Hidden:
    """Which candidates a forget hides (`Hidden.hides`), before the ranking lends a score:
    a record that never shows must not rank its neighbours either. Each text is read
    back once (`texts`); one that cannot be read is left for `_hit` to judge."""

    def __init__(
        self,
        ws: Workspace,
        conn: sqlite3.Connection,
        forgotten: Hidden,
        texts: dict[int, str | None],
        embedder: Embedder | None,
    ) -> None:
        self.ws, self.conn, self.forgotten, self.texts = ws, conn, forgotten, texts
        self.context = embedder is not None and embedder.context

    def __call__(self, candidate: Candidate) -> bool:
        if not self.forgotten:
            return False
        c = candidate
        if c.kind != "memory" and self.forgotten.forgotten.said_in(c.rel, c.number):
            return True
        text = _text(self.ws, c, self.texts)
        return text is not None and self.forgotten.hides(c.kind, c.rel, c.number, text)

    def unlike(self, candidate: Candidate) -> bool:
        """Whether the semantic leg leaves this record out: a forget hides it, or its
        vector holds the turn before it (`Embedder.context`) and a forget hides that."""
        if self(candidate):
            return True
        if not self.forgotten or not self.context:
            return False
        before = _turn_before(self.conn, candidate)
        return before is not None and self(before)


def _hit(
    ws: Workspace,
    candidate: Candidate,
    terms: list[str],
    redactor: Redactor,
    stamp: float,
    forgotten: Hidden,
    stale: set[str],
    echo_answers: Callable[[Candidate], bool] | None = None,
) -> tuple[RecallHit, str] | None:
    """The hit and its record's text, read back from its file; None when it states a
    fact `memctl forget` forgot (never ranked, whatever its score), when it is a memory
    file's line that holds no memory (`_NO_MEMORY`: a heading, a comment), when it is a
    tool's echo (`tool_echo`) that `echo_answers` says holds no word asked, or when the file
    changed since it was indexed: then its bytes are not the record ranked (a fragment
    of other lines under this record's number), and the file goes into `stale`."""
    line = read_record(
        ws.root / candidate.rel,
        candidate.start,
        candidate.size,
        inode=candidate.inode,
        offset=candidate.offset,
        crc=candidate.crc,
    )
    if line is None:
        stale.add(candidate.rel)
        return None
    read = record_text(candidate.kind, line)
    if read is None:
        return None
    text, role = read
    memory = candidate.kind == "memory"
    if memory and _NO_MEMORY.match(text):
        return None
    if forgotten.hides(candidate.kind, candidate.rel, candidate.number, text):
        return None  # it states a forgotten fact, or a turn it was taken from does
    if echo_answers is not None and not memory and tool_echo(line) and not echo_answers(candidate):
        return None
    speaker = None if memory else line_speaker(line, redactor)
    if memory:
        source = f"{candidate.rel}:{candidate.number}"
    else:
        source = f"{candidate.rel}#{candidate.number} [{role}]"
    cut = redacted_snippet(text, terms, redactor, clean=candidate.clean)
    try:
        day = datetime.fromtimestamp(stamp).date().isoformat()
    except (OverflowError, OSError, ValueError):
        day = None
    hit = RecallHit(
        kind=candidate.kind,
        path=candidate.rel,
        line=candidate.number if memory else None,
        entry=None if memory else candidate.number,
        role=role,
        source=source,
        score=float(f"{candidate.score:.6g}"),
        when=day,
        snippet=cut,
        speaker=speaker,
    )
    hit.corrected = forgotten.correction(text, stamp)
    return hit, text


def redacted_snippet(
    text: str, terms: list[str], redactor: Redactor, *, clean: bool = False
) -> str:
    """The snippet of `text` redacted whole, for the cost of redacting a window of it.
    `clean`: the index found that redaction leaves `text` as it is (its CLEAN flag, for
    the same patterns: `fresh_index` rebuilds an index of others), so a text redacted
    whole is not redacted again; the prompt hook then compiles no pattern of redaction
    for a memory without secrets (the stated secret's alone took 4.9 ms, hook22).

    A 20 MB tool result took seconds to redact for 240 characters shown. So the window
    redacted is 2 × REDACT_MARGIN each side of the first term, and of what it gives only
    the part that stands at least REDACT_MARGIN characters of the text from a cut of the
    window is shown: a secret is shorter than that (see memctl.core.redact), so one across a
    cut is outside what is shown, and one inside is whole in the window."""
    from memctl.core.redact import REDACT_MARGIN
    from memctl.retrieval.search import snippet

    if len(text) <= 4 * REDACT_MARGIN:  # the window's size: redacted whole
        return snippet(text if clean else redactor.text(text), terms, SNIPPET_CHARS)
    lowered = text.lower()
    places = [lowered.find(term) for term in terms]
    first = min((place for place in places if place >= 0), default=0)
    start = max(0, first - 2 * REDACT_MARGIN)
    end = min(len(text), first + 2 * REDACT_MARGIN)
    window = text[start:end]
    redacted = redactor.text(window)
    markers = _markers(redactor, redacted)
    low = _past(window, redacted, markers, REDACT_MARGIN) if start else 0
    high = len(redacted)
    if end < len(text):
        high -= _past(
            window[::-1],
            redacted[::-1],
            [(high - e, high - s) for s, e in reversed(markers)],
            REDACT_MARGIN,
        )
    shown = snippet(redacted[low:high], terms, SNIPPET_CHARS) if low < high else ""
    if (low or start) and not shown.startswith("…"):
        shown = "…" + shown
    if (high < len(redacted) or end < len(text)) and not shown.endswith("…"):
        shown += "…"
    return shown


def _markers(redactor: Redactor, text: str) -> list[tuple[int, int]]:
    """The spans of `text` that may be redaction markers (a text may hold one as it is)."""
    kinds = "|".join(re.escape(kind) for kind in {kind for kind, _ in redactor.patterns})
    if not kinds:
        return []
    return [match.span() for match in re.finditer(rf"\[REDACTED:(?:{kinds})\]", text)]


def _past(text: str, redacted: str, markers: list[tuple[int, int]], margin: int) -> int:
    """Where in `redacted` (`text` with the `markers` standing for parts of it) the part
    that is certainly at least `margin` characters into `text` begins.

    What lies between two markers is text copied as it was, in order; each stretch is
    placed at its first occurrence in `text` after the one before, which can only be
    at or before where it really came from. So a stretch placed past `margin` is past
    it (a marker counts as standing for nothing)."""
    copied = 0  # where, at most, `redacted[done:]` starts in `text`
    done = 0
    for left, right in [*markers, (len(redacted), len(redacted))]:
        stretch = redacted[done:left]
        found = text.find(stretch, copied) if stretch else copied
        if found < 0:  # cannot happen for a redaction of `text`; show nothing
            return len(redacted)
        if found + len(stretch) >= margin:
            return left - (found + len(stretch) - max(margin, found))
        copied, done = found + len(stretch), right
    return len(redacted)


def fuse(
    bm25: dict[int, float], semantic: dict[int, float], method: str, share: float
) -> dict[int, tuple[float, float]]:
    """Each record's two parts of the fused score (BM25's, the semantic leg's; 0 from a
    leg that did not rank it), which add up to it. `rrf`: reciprocal rank fusion, a
    leg's part share / (RRF_K + rank), BM25's share 1 and the semantic leg's `share`.
    `weighted`: each leg's scores scaled (`scaled`: from the leg's lowest, in standard
    deviations over its candidates), the semantic leg's part
    `share` of its scaled score and BM25's the rest. Unlike RRF the weighted sum keeps
    how far apart scores are: a record far ahead on one leg stays ahead of records that
    are middling on both."""
    if method == "rrf":
        legs = [
            {rid: weight / (RRF_K + rank) for rank, rid in enumerate(ordered(scores), 1)}
            for scores, weight in ((bm25, 1.0), (semantic, share))
        ]
    else:
        legs = [
            {rid: weight * value for rid, value in scaled(scores).items()}
            for scores, weight in ((bm25, 1.0 - share), (semantic, share))
        ]
    return {
        rid: (legs[0].get(rid, 0.0), legs[1].get(rid, 0.0)) for rid in bm25.keys() | semantic.keys()
    }


def ordered(scores: dict[int, float]) -> list[int]:
    """The records best first (ties in the order given)."""
    return sorted(scores, key=lambda rid: -scores[rid])


def scaled(scores: dict[int, float]) -> dict[int, float]:
    """A leg's scores from 0 (its lowest candidate) in units of their standard
    deviation over its own candidates (one score, or all equal: 1): a z-score moved up
    so that a leg's lowest is 0, as a record the leg did not rank (Montague and Aslam's
    z-score normalisation, 2001). Not min to max: there a leg's single best score sets
    the scale of all the others, and the semantic leg's cosines are bunched (0.3-0.5)
    where BM25's have a long head, so one far-ahead record shrank every other record's
    part of its leg. Never negative, so that the factors applied after fusion (the kind
    of answer, recency) raise what they favour."""
    if not scores:
        return {}
    values = scores.values()
    low, mean = min(values), sum(values) / len(values)
    spread = math.sqrt(sum((score - mean) ** 2 for score in values) / len(values))
    return {rid: (score - low) / spread if spread else 1.0 for rid, score in scores.items()}


def format_for_agent(result: RecallResult) -> str:
    """The memory_recall answer: best first, one `Source: ...` line a hit."""
    if not result.hits:
        return f"Nothing in memory answers: {result.query}"
    lines = [f"Best {len(result.hits)} of memory for: {result.query}"]
    lines += [
        f"Source: {hit.label} ({hit.when}): {hit.snippet}{said_before(hit)}" for hit in result.hits
    ]
    return "\n".join(lines)


def corrections_first(hits: list[RecallHit]) -> list[RecallHit]:
    """The hits with each correction's fact moved above the first hit said before it
    that states the old value (`RecallHit.corrected`), when both are among them: "It is
    db3." ranked above "The staging database is db7." for "db3", which it names. The
    correction keeps its own score."""
    from memctl.core.forgotten import same_fact

    ordered = list(hits)
    for hit in hits:
        if hit.corrected is None:
            continue
        at = ordered.index(hit)
        by = hit.corrected["by"]
        later = next(
            (other for other in ordered[at + 1 :] if same_fact(other.snippet.lstrip("-* "), by)),
            None,
        )
        if later is not None:
            ordered.remove(later)
            ordered.insert(at, later)
    return ordered


def said_before(hit: RecallHit) -> str:
    """The note after a hit said before a correction of what it states (`corrected`),
    for the text a person or an agent reads; empty for any other hit."""
    return _said_before_note(hit.corrected)
