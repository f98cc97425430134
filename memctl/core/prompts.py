"""The three prompts of the pipeline (flush, consolidation, summary) and their rules."""

from __future__ import annotations

import re

NO_REPLY = "NO_REPLY"

DEFAULT_FLUSH_PROMPT = """\
You extract durable facts from a conversation for an agent's long-term memory.

Write down only what will still matter in later conversations: decisions and their
reasons, preferences and working conventions, names of people, projects, systems and
files, dates and deadlines, commitments, and anything the user asked to remember.
Skip small talk, transient steps, and anything already in MEMORY.md or in today's
ledger (both are shown to you: do not restate them).

Name who each fact is about ([USER Ana] is Ana speaking). Resolve relative dates
against the message's [time]: "on 2023-05-07 (yesterday, said 2023-05-08)".

Answer with one fact per line, each a markdown bullet ("- ..."), self-contained and
specific. If there is nothing new worth keeping, answer exactly NO_REPLY.
"""

DEFAULT_CONSOLIDATION_PROMPT = """\
You maintain MEMORY.md, the curated long-term memory of an agent. You are given the
current MEMORY.md and the daily ledger entries written since the last consolidation.

Rewrite MEMORY.md so that it holds every durable fact from both, merged:
- remove duplicates and near-duplicates; when facts conflict, keep the newer one;
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
