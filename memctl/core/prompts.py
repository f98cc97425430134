"""The three prompts of the pipeline (flush, consolidation, summary) and their rules."""

from __future__ import annotations

import json
import re

NO_REPLY = "NO_REPLY"

DEFAULT_FLUSH_PROMPT = """\
You extract durable facts from a conversation for an agent's long-term memory.

Keep what will matter later: decisions and reasons, preferences, conventions, people,
projects, systems, files, events, dates, deadlines, commitments, and what the user asked
to remember. Skip what MEMORY.md or today's ledger (shown) already hold. Not facts:
greetings, thanks, chit-chat and reactions ("That's cool, Ana!", "No doubts"),
compliments, wishes and advice to the listener ("You'll be an awesome mom!"), questions
without an answer, jokes, sayings and quotations, guesses and passing feelings, and
anything else said to the listener rather than about someone.

Each fact names who, what and when, in the third person, as one grammatical sentence
of your own. Name who each fact is about ([USER Ana] is Ana speaking): "Ana adopted a
puppy". A name said to address someone ("Ana, since we last chatted, I ...") is not the
subject: the speaker is. "I'm Priya from the platform team" is "Priya is from the
platform team". Keep reflexives and pronouns that refer back: "Ben looks after himself",
never "Ben looks after Ben"; an "I" inside a quotation is the quoted person's.
Resolve relative dates against the message's [time] and write the date once: "yesterday"
said on 2023-05-08 is "on 2023-05-07".

Answer with one "- " bullet per fact and nothing else: no heading, no introduction, no
closing remark. If there is nothing new worth keeping, answer exactly NO_REPLY.
"""

DEFAULT_CONSOLIDATION_PROMPT = """\
You maintain MEMORY.md, the curated long-term memory of an agent. You are given the
current MEMORY.md and the daily ledger entries written since the last consolidation.

Rewrite MEMORY.md so that it holds every durable fact from both, merged:
- remove duplicates and near-duplicates;
- when facts contradict each other (the same thing given two values, or a later fact
  that changes one: "moved to", "now", "no longer", "instead of", "renamed", a new
  date), keep only the newest and drop the older ones. Tell which is newest by the
  dates: a ledger's date (its file name) and its headings' times, or a heading's
  "said" date when it has one. Without dates, by order: the current MEMORY.md is older
  than the new entries, and the entries are in the order they were written, oldest
  first;
- group related facts under short markdown headings; one fact per bullet;
- keep names, dates, numbers and decisions exactly as written;
- a ledger heading's "said 2023-05-07 to 2023-05-08" is when its facts were said: give
  a fact without a date of its own that time where it matters ("(May 2023)");
- drop what is clearly transient.

Keep within %d tokens (about %d characters). Output the complete new MEMORY.md as
plain markdown, with no code fences and no commentary before or after it.
"""

DEFAULT_SUMMARY_PROMPT = """\
Summarise the conversation below so that it can replace the messages in the agent's
working context. Keep what the agent needs to continue: the user's goals and requests,
decisions made, facts learned, files and commands involved, results of tool calls,
open questions and next steps. Fold any earlier summary into the new one. Be concise
and specific; do not invent anything.

<conversation>
{messages}
</conversation>
"""

_PERCENT_DIRECTIVE = re.compile(r"%%|%.?", re.DOTALL)


def check_consolidation_prompt(prompt: str) -> str | None:
    """Why the prompt cannot be formatted with (max_tokens, max_chars), or None.

    It must hold exactly two `%d`; a literal percent sign is written `%%`.
    """
    directives = [d for d in _PERCENT_DIRECTIVE.findall(prompt) if d != "%%"]
    count = directives.count("%d")
    others = [d for d in directives if d != "%d"]
    if others:
        return (
            f"holds {others[0]!r}; the only placeholders allowed are two %d "
            "(write %% for a literal percent sign)"
        )
    if count != 2:
        return f"must hold exactly two %d (max tokens, then max chars), found {count}"
    return None


def format_consolidation_prompt(prompt: str, max_tokens: int) -> str:
    return prompt % (max_tokens, max_tokens * 4)


def check_summary_prompt(prompt: str) -> str | None:
    if "{messages}" not in prompt:
        return "must hold the placeholder {messages}"
    return None


def format_summary_prompt(prompt: str, messages: str) -> str:
    """str.replace, not str.format: other braces in a user's prompt stay literal."""
    return prompt.replace("{messages}", messages)


def is_no_reply(text: str) -> bool:
    stripped = text.strip()
    return not stripped or stripped.strip("`*_ .").upper() == NO_REPLY


# --------------------------------------------------------------------------- answers
#
# Real models wrap what they were asked for: "Here is the updated MEMORY.md:", a
# ```markdown fence, "Let me know if you want changes!". What goes into MEMORY.md or the
# ledger is injected into every later request, so the wrapping is taken off here, and an
# answer that is not what was asked for is refused rather than written.
#
# The patterns are kept as text and matched through re's own cache: only a command that
# reads a model's answer needs them, and compiling them at import cost every command
# (this module is imported with the configuration) a millisecond and a half.

_FENCE_OPEN = r"^ {0,3}(```+|~~~+)[ \t]*[\w.+-]*[ \t]*$"
_BULLET = r"^(\s*)(?:[-*+•]|\d{1,3}[.)])\s+(?=\S)"
_HEADING = r"^\s{0,3}#{1,6}(?:\s|$)"
_PREAMBLE = (
    r"(?i)^\s*(?:(?:sure|okay|ok|certainly|of course|absolutely|alright|great|got it|understood)\b"
    r"[!,.]?\s*)*(?:(?:here(?:'s|’s| is| are)|below (?:is|are)|i(?:'ve| have) "
    r"(?:updated|merged|rewritten|consolidated|extracted|written|listed)|these are|this is)\b"
    r".*|.*:\s*)$"
)
_SIGN_OFF = (
    r"(?i)^\s*(?:let me know|feel free|i hope|hope this|if you(?:'d| would)? (?:like|want|need)|"
    r"please let me|would you like|do you want|happy to|is there anything|anything else|"
    r"i can also|note:|\(?note that)\b"
)
_NOTHING_NEW = (
    r"(?i)^(?:(?:sure|okay|ok)[,.!]?\s*)?(?:(?:there (?:are|is|were|was)|i (?:found|see)|i have|"
    r"i've found) )?(?:no|nothing|none|n/?a)\b(?:\s+(?:new|more|further|additional|durable|"
    r"relevant|notable|other|important|significant|lasting|long-term|memorable))*"
    r"(?:\s+(?:facts?|information|info|details?|memories|memory|items?|updates?|changes?|"
    r"entries|points?))?(?:\s+(?:worth|to|that|were|was|in|from|here|found|for|this|"
    r"at all|since)\b[^\n]*)?[.!]?$"
)


def _single_fence(text: str) -> tuple[str, str, str] | None:
    """(before, inside, after) of the one fenced block in `text`; None when there is no
    fence, or more than one (two documents: which one is the memory is a guess)."""
    lines = text.split("\n")
    opens = [i for i, line in enumerate(lines) if re.match(_FENCE_OPEN, line)]
    if len(opens) != 2:
        return None
    first, last = opens
    marker = re.match(_FENCE_OPEN, lines[first])
    assert marker is not None
    if not lines[last].strip().startswith(marker.group(1)[:3]):
        return None
    return (
        "\n".join(lines[:first]).strip(),
        "\n".join(lines[first + 1 : last]).strip("\n"),
        "\n".join(lines[last + 1 :]).strip(),
    )


def _is_wrapping(paragraph: str, pattern: str) -> bool:
    """A short prose paragraph (no bullet, no heading) that `pattern` recognises."""
    lines = [line for line in paragraph.splitlines() if line.strip()]
    return (
        0 < len(lines) <= 3
        and not any(re.match(_BULLET, line) or re.match(_HEADING, line) for line in lines)
        and bool(re.match(pattern, lines[0]))
    )


def _spaced(line: str) -> str:
    """`line` with its runs of white space made one space, for comparing lines."""
    return " ".join(line.split())


def _lines_of(sent: str) -> frozenset[str]:
    """The non-blank lines of `sent` (the MEMORY.md a model was sent), `_spaced`."""
    return frozenset(_spaced(line) for line in sent.splitlines() if line.strip())


def _unwrapped(text: str, sent: str = "") -> str:
    """`text` without a single enclosing fence, a leading preamble and a trailing sign-off.
    A line of `sent` (the MEMORY.md the model was sent) in such a paragraph is the
    user's own, kept whatever it says (review 22 #2)."""
    given = _lines_of(sent)

    def kept(paragraph: str) -> list[str]:
        """What stays of a preamble or sign-off paragraph: its lines that were sent."""
        own = [line for line in paragraph.splitlines() if _spaced(line) in given]
        return ["\n".join(own)] if own else []

    fenced = _single_fence(text)
    if fenced is not None:
        before, inside, after = fenced
        outside = [part for part in (before, after) if part]
        if all(_is_wrapping(part, _PREAMBLE) or _is_wrapping(part, _SIGN_OFF) for part in outside):
            text = inside
    paragraphs = [p for p in re.split(r"\n\s*\n", text.strip()) if p.strip()]
    if len(paragraphs) > 1 and _is_wrapping(paragraphs[0], _PREAMBLE):
        paragraphs = kept(paragraphs[0]) + paragraphs[1:]
    if len(paragraphs) > 1 and _is_wrapping(paragraphs[-1], _SIGN_OFF):
        paragraphs = paragraphs[:-1] + kept(paragraphs[-1])
    return _without_chatter("\n\n".join(paragraphs).strip(), given)


_INTERJECTION = (
    r"(?i)^\s*(?:(?:sure|okay|ok|certainly|of course|absolutely|alright|all right|great|"
    r"got it|understood|done|no problem|here you go)\b[!,.]*\s*)+"
)
_INTRODUCES = r"(?i)(?:here(?:'s|’s| is| are)|below (?:is|are))\b"
_ADDRESSES = r"\bI(?=[\s'’])|(?i:\b(?:you|your|yours|you're|you'd|you'll|let me|let's)\b)"
"""The model speaking as "I" or to "you": a memory document states facts about people
by name ("the user", "Dana"), it does not talk. `I/O` is no "I"."""


def _is_chatter(line: str) -> bool:
    """A prose line of an answer that is the model talking to its user: an interjection
    ("Sure!"), what introduces the document ("Here is the updated memory:"), a sign-off,
    or a line in the first or second person ("I merged the new facts ...")."""
    text = line.strip().strip("*_").strip()
    lead = re.match(_INTERJECTION, text)
    rest = text[lead.end() :] if lead else text
    return (
        not rest
        or bool(re.match(_INTRODUCES, rest))
        or bool(re.match(_SIGN_OFF, rest))
        or bool(re.search(_ADDRESSES, text))
    )


def _without_chatter(text: str, given: frozenset[str] = frozenset()) -> str:
    """`text` without the chatter (`_is_chatter`) around a memory document, which is
    headings and bullets: the prose lines before its first heading or bullet, and those
    after its last bullet (and that bullet's indented continuation lines), that talk to
    the user. Prose that states something, there or between the bullets, is kept; an
    answer of no heading and no bullet is left as it is (prose: no document to frame).
    Chatter is what the answer added: a line of `given` (the lines of the MEMORY.md the
    model was sent, `_lines_of`) is the user's own ("I moved to Berlin in 2019." under
    "## About me"), and a heading is the document's, both kept (review 22 #2)."""
    lines = text.split("\n")
    fenced: set[int] = set()  # a code block's lines are neither frame nor prose
    opened: int | None = None
    for n, line in enumerate(lines):
        if re.match(_FENCE_OPEN, line):
            if opened is not None:
                fenced |= set(range(opened, n + 1))
            opened = None if opened is not None else n
    framed = [
        n
        for n, line in enumerate(lines)
        if n not in fenced and (re.match(_BULLET, line) or re.match(_HEADING, line))
    ]
    if not framed:
        return text
    bullets = [n for n in framed if re.match(_BULLET, lines[n])]
    end = (bullets or framed)[-1] + 1
    while end < len(lines) and lines[end].strip() and lines[end][:1].isspace():
        end += 1  # the last bullet's continuation lines
    prose = [n for n in [*range(framed[0]), *range(end, len(lines))] if n not in fenced]
    dropped = {
        n
        for n in prose
        if lines[n].strip()
        and not lines[n].lstrip().startswith(("<!--", "```", "~~~"))
        and not re.match(_HEADING, lines[n])
        and _spaced(lines[n]) not in given
        and _is_chatter(lines[n])
    }
    if not dropped:
        return text
    return "\n".join(line for n, line in enumerate(lines) if n not in dropped).strip()


def memory_document(text: str, sent: str = "") -> tuple[str | None, str]:
    """(MEMORY.md, "") from a consolidation answer, or (None, why it is not one).

    A memory document is markdown holding a bullet or a heading (`# Memory` alone: the
    builtin model kept nothing); prose without either is a model talking, not memory.
    `sent` is the MEMORY.md the model was sent: a line of it the answer keeps is never
    taken for the model's chatter.
    """
    body = _unwrapped(text, sent)
    if re.match(_FENCE_OPEN, body.splitlines()[0] if body else ""):
        # A code block inside the memory is fine; an answer that is fenced documents is not.
        return None, "holds more than one fenced document"
    if not any(re.match(_BULLET, line) or re.match(_HEADING, line) for line in body.splitlines()):
        first = next((line.strip() for line in body.splitlines() if line.strip()), "")
        return None, f"is not a memory document (no bullet, no heading; it begins {first[:60]!r})"
    return body + "\n", ""


def _json_facts(text: str) -> list[str] | None:
    """The strings of a JSON array answer (fenced or not), or None when it is not one."""
    fenced = _single_fence(text)
    candidate = fenced[1] if fenced is not None else text
    candidate = candidate.strip()
    if not candidate.startswith("["):
        return None
    try:
        value = json.loads(candidate)
    except ValueError:
        return None
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        return None
    return [" ".join(item.split()) for item in value if item.strip()]


def says_nothing_new(text: str) -> bool:
    """NO_REPLY, blank, or one of the ways a model says it has nothing to add
    ("No new facts worth keeping.", "Nothing new.", "None.")."""
    if is_no_reply(text):
        return True
    lines = [line.strip().strip("*_`").strip() for line in text.strip().splitlines()]
    lines = [re.sub(_BULLET, "", line) for line in lines if line]
    if lines and lines[-1].strip("`*_ .").upper() == NO_REPLY:
        return not any(re.match(_BULLET, line) for line in text.splitlines())
    return len(lines) == 1 and len(lines[0]) <= 120 and bool(re.match(_NOTHING_NEW, lines[0]))


def flush_facts(text: str) -> str:
    """The facts of a flush answer as `- ` bullets, one a line; "" for nothing new.

    Numbered lists, `*`/`+`/`•` bullets and a JSON array of strings all become `- `
    bullets; the model's own headings, preamble and sign-off are dropped (the ledger
    block has its heading already); a plain line becomes a bullet of its own.
    """
    if says_nothing_new(text):
        return ""
    items = _json_facts(text)
    if items is not None:
        return "\n".join(f"- {item}" for item in items)
    facts: list[str] = []
    for line in _unwrapped(text).splitlines():
        if not line.strip() or re.match(_HEADING, line) or re.match(_FENCE_OPEN, line):
            continue
        bullet = re.match(_BULLET, line)
        if bullet is not None:
            indent = "  " if bullet.group(1) else ""
            facts.append(f"{indent}- {line[bullet.end() :].strip()}")
        elif not (re.match(_PREAMBLE, line.strip(" *_")) and line.rstrip(" *_").endswith(":")):
            if re.match(_SIGN_OFF, line):
                continue
            facts.append(f"- {line.strip()}")
    if all(says_nothing_new(fact) for fact in facts):
        return ""
    return "\n".join(facts)
