"""Staged summarising: a summary of messages that may not fit one request.

The messages go in chunks sized to the summary model's window, then the chunks'
summaries are summarised, until one remains. A summary that runs over its budget is
asked for once more, shorter, then cut; an overflow error from the summary model
shrinks the window it is sized for and starts over. Compaction (memctl/compact.py)
decides what to summarise and records the result; this module only asks.
"""

from __future__ import annotations

from dataclasses import dataclass

from memctl.core.errors import ContextOverflowError, ModelError
from memctl.core.prompts import format_summary_prompt
from memctl.core.tokens import text_tokens
from memctl.models.interface import Model, Request, Usage
from memctl.models.windows import chars_for

SUMMARY_MAX_TOKENS = 4_000
SUMMARY_MIN_TOKENS = 256
SUMMARY_MIN_USEFUL_TOKENS = 32
SUMMARY_WINDOW_SHARE = 8
SUMMARY_OUTPUT_SHARE = 2
"""A summary request may answer up to twice the summary's budget (it is cut to fit
after), and that output is counted against the window as providers count it."""
SAFETY_SHARE = 0.05
"""Token estimates are estimates: 5% of a window is left unused."""
MAX_STAGES = 16
OVERFLOW_RETRIES = 3
SUMMARY_SYSTEM = (
    "You summarise conversations so that the summary can replace them in an agent's "
    "working context. Answer with the summary only, in at most about {words} words."
)


# --------------------------------------------------------------------------- budgets


def summary_tokens_target(window: int | None) -> int:
    """How long a summary may be: an eighth of the main model's window, within bounds.

    (A tenth left 2,000 chars for thirty messages in an 8K window; an eighth still leaves
    summary, tail and reference message well under the trigger, half the window.)
    """
    if window is None:
        return SUMMARY_MAX_TOKENS
    return min(SUMMARY_MAX_TOKENS, max(SUMMARY_MIN_TOKENS, window // SUMMARY_WINDOW_SHARE))


# --------------------------------------------------------------------------- rendering


def render_line(role: str, text: str) -> str:
    return f"[{role.upper()}]: {text}"


# --------------------------------------------------------------------------- staged summary


@dataclass
class SummaryBudget:
    """How one summary request is sized for a model's window."""

    window: int
    summary_tokens: int
    input_tokens: int

    @property
    def summary_chars(self) -> int:
        return chars_for(self.summary_tokens)


def summary_budget(prompt: str, summary_window: int, target_tokens: int) -> SummaryBudget:
    """Split the summary model's window into input and answer, leaving a margin.

    The answer's share is the `max_tokens` the request asks for: Anthropic, OpenAI and
    vLLM refuse a request whose input and `max_tokens` together exceed the window.
    """
    available = summary_window - _template_tokens(prompt) - int(summary_window * SAFETY_SHARE)
    tokens = min(target_tokens, available // 4)
    if tokens < SUMMARY_MIN_USEFUL_TOKENS:
        raise ModelError(
            f"the summary model's window ({summary_window:,} tokens) is too small for the "
            "summary prompt; use a larger compaction.model or a shorter summary_prompt"
        )
    return SummaryBudget(summary_window, tokens, available - tokens * SUMMARY_OUTPUT_SHARE)


def chunk_items(items: list[tuple[str, str]], budget_tokens: int) -> list[list[tuple[str, str]]]:
    """Group rendered messages into chunks that fit the input budget; a message larger
    than a whole chunk is cut, never dropped."""
    max_chars = chars_for(budget_tokens) - 40
    chunks: list[list[tuple[str, str]]] = []
    current: list[tuple[str, str]] = []
    used = 0
    for role, text in items:
        if text_tokens(render_line(role, text)) + 1 > budget_tokens:
            text = text[:max_chars] + " … [cut to fit the summary model]"
        cost = text_tokens(render_line(role, text)) + 1
        if current and used + cost > budget_tokens:
            chunks.append(current)
            current, used = [], 0
        current.append((role, text))
        used += cost
    if current:
        chunks.append(current)
    return chunks


def summary_request(prompt: str, items: list[tuple[str, str]], budget: SummaryBudget) -> Request:
    rendered = "\n".join(render_line(role, text) for role, text in items)
    words = max(20, int(budget.summary_tokens * 0.6))
    return Request(
        task="summary",
        messages=[
            {"role": "system", "content": SUMMARY_SYSTEM.format(words=words)},
            {"role": "user", "content": format_summary_prompt(prompt, rendered)},
        ],
        payload={
            "conversation": [{"role": role, "text": text} for role, text in items],
            "max_chars": budget.summary_chars,
        },
        max_tokens=budget.summary_tokens * SUMMARY_OUTPUT_SHARE,
    )


def shorter_request(request: Request, answer: str, limit: int) -> Request:
    """The same request once more, with the summary that ran over and the limit it broke."""
    retry = (
        f"That summary has {len(answer):,} characters; the limit is {limit:,}. Write it "
        f"again in at most {limit:,} characters: keep decisions, facts and open tasks."
    )
    return Request(
        task=request.task,
        messages=[
            *request.messages,
            {"role": "assistant", "content": answer},
            {"role": "user", "content": retry},
        ],
        payload=request.payload,
        max_tokens=request.max_tokens,
    )


def _clip_summary(text: str, limit: int) -> str:
    """A summary longer than its budget is cut at a line boundary (so a retry fits)."""
    text = text.strip()
    if len(text) <= limit:
        return text
    head = text[:limit]
    newline = head.rfind("\n")
    return (head[:newline] if newline > limit // 2 else head).rstrip() + "\n…"


@dataclass
class StagedSummary:
    text: str
    requests: int
    stages: int
    usage: Usage
    summary_chars: int
    """The budget the summary was written to (the window may have shrunk on the way):
    compaction's `Kept:` list must fit in it too."""
    learned_window: int | None = None
    """The summary model's window, when an overflow error stated it."""


def summarise(
    model: Model,
    prompt: str,
    items: list[tuple[str, str]],
    summary_window: int,
    target_tokens: int,
) -> StagedSummary:
    """Summarise the items, in stages when they do not fit one request.

    An overflow error from the summary model (its window was larger on paper than in
    fact) shrinks the window to the one the error states, or to half, and starts over.
    """
    usage = Usage()
    learned = None
    window = summary_window
    for _attempt in range(OVERFLOW_RETRIES + 1):
        budget = summary_budget(prompt, window, target_tokens)
        try:
            text, requests, stages = _stages(model, prompt, items, budget, usage)
        except ContextOverflowError as exc:
            smaller = exc.window if exc.window and exc.window < window else window // 2
            window = learned = smaller
            continue
        return StagedSummary(text, requests, stages, usage, budget.summary_chars, learned)
    raise ModelError(
        f"the summary model still reports context length exceeded with a window of "
        f"{window:,} tokens"
    )


def _stages(
    model: Model, prompt: str, items: list[tuple[str, str]], budget: SummaryBudget, usage: Usage
) -> tuple[str, int, int]:
    requests = 0
    for stage in range(1, MAX_STAGES + 1):
        chunks = chunk_items(items, budget.input_tokens)
        summaries = []
        for chunk in chunks:
            request = summary_request(prompt, chunk, budget)
            reply = model.complete(request)
            requests += 1
            usage.add(reply.usage)
            answer = reply.text.strip()
            if len(answer) > 2 * budget.summary_chars:
                # Models ignore length instructions routinely: ask once more, shorter,
                # and cut what still runs over. A long summary never fails a turn.
                again = model.complete(shorter_request(request, answer, budget.summary_chars))
                requests += 1
                usage.add(again.usage)
                answer = again.text.strip() or answer
            text = _clip_summary(answer, budget.summary_chars)
            if not text:
                raise ModelError(f"model {model.name}: the summary is empty")
            summaries.append(text)
        if len(summaries) == 1:
            return summaries[0], requests, stage
        items = [("summary", text) for text in summaries]
    raise ModelError(f"the summary did not converge in {MAX_STAGES} stages")


def _template_tokens(prompt: str) -> int:
    return text_tokens(format_summary_prompt(prompt, "")) + text_tokens(SUMMARY_SYSTEM) + 20


def planned_requests(
    prompt: str, items: list[tuple[str, str]], budget: SummaryBudget
) -> tuple[int, int, int]:
    """(requests, prompt tokens, completion tokens) a summary would take, without a model."""
    requests = prompt_tokens = 0
    template = _template_tokens(prompt)
    placeholder = "x" * budget.summary_chars
    for _stage in range(MAX_STAGES):
        chunks = chunk_items(items, budget.input_tokens)
        for chunk in chunks:
            requests += 1
            prompt_tokens += template + sum(text_tokens(render_line(r, t)) + 1 for r, t in chunk)
        if len(chunks) == 1:
            break
        items = [("summary", placeholder)] * len(chunks)
    return requests, prompt_tokens, requests * budget.summary_tokens
