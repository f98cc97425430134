"""The `builtin` model: offline, deterministic, and not an LLM.

It does each task by rule instead of by reading the prompt: flush keeps the user and
assistant sentences that carry durable signals, verbatim; consolidation merges bullets
and drops exact and near-exact duplicates within the budget; summaries are
extractive. Whatever it writes says that it came from `builtin`.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from memctl.config import ModelSpec
from memctl.errors import ModelError
from memctl.llm import Reply, Request, Usage
from memctl.prompts import NO_REPLY

LABEL = "memctl builtin (extractive, no LLM)"
SUMMARY_MIN_CHARS = 400

_SIGNALS = re.compile(
    r"""
    \b(?:decid\w*|decision|agreed|chose|choose|chosen|settled|we(?:'ll|\ will)\ use|
    use\ \w+\ for|switch(?:ed)?\ to|migrat\w*|prefer\w*|favou?rite|like\ to|don't\ like|
    always|never|remember|note\ that|important|must|should\ not|do\ not|don't|from\ now\ on|
    deadline|due|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|
    my\ name\ is|i\ am|i'm|call\ me|works?\ (?:at|on|for)|lives?\ in|born|
    birthday|anniversary|meeting|release|launch|password\ policy|convention|rule)\b
    | \d{4}-\d{2}-\d{2}
    | \b\d{1,2}:\d{2}\b
    | 决定 | 偏好 | 喜欢 | 记住 | 总是 | 从不 | 不要 | 必须 | 截止 | 使用
    """,
    re.IGNORECASE | re.VERBOSE,
)
_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s+|\n+")
_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")


def normalise(text: str) -> str:
    """The key two facts share when they differ only in case, spacing or punctuation."""
    text = unicodedata.normalize("NFKC", text).casefold()
    return "".join(ch for ch in text if ch.isalnum())


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(text) if s and s.strip()]


_WORD = re.compile(r"\w+")
_STOPWORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "but",
        "by",
        "for",
        "from",
        "i",
        "i'll",
        "in",
        "is",
        "it",
        "its",
        "keep",
        "mind",
        "noted",
        "of",
        "on",
        "or",
        "so",
        "that",
        "the",
        "this",
        "to",
        "we",
        "will",
        "with",
        "you",
        "your",
        "got",
        "it",
        "understood",
        "ok",
        "okay",
        "sure",
    ]
)


def content_words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.casefold()) if w not in _STOPWORDS and len(w) > 1}


def fact_lines(text: str) -> list[str]:
    """The facts of a markdown text: its bullet items and plain lines, not headings."""
    facts = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith(("#", "<!--", "```")):
            continue
        facts.append(_BULLET.sub("", stripped).strip())
    return [f for f in facts if f]


class BuiltinModel:
    def __init__(self, spec: ModelSpec | None = None) -> None:
        self.spec = spec or ModelSpec("builtin")
        self.name = "builtin"
        self.offline = True

    def window(self) -> int | None:
        return self.spec.context_window

    def complete(self, request: Request) -> Reply:
        handler = {
            "flush": self._flush,
            "consolidate": self._consolidate,
            "summary": self._summary,
            "chat": self._chat,
        }.get(request.task)
        if handler is None:
            raise ModelError(f"model builtin: cannot do task {request.task!r}")
        text = handler(request.payload)
        return Reply(text=text, model=self.name, usage=Usage(calls=1, cost=0.0))

    # ------------------------------------------------------------------ flush
    def _flush(self, payload: dict[str, Any]) -> str:
        known = {normalise(f) for f in fact_lines(payload.get("memory", ""))}
        known |= {normalise(f) for f in fact_lines(payload.get("ledger", ""))}
        known_words: set[str] = set()
        facts: list[str] = []
        for message in payload.get("conversation", []):
            role = message.get("role")
            if role not in ("user", "assistant"):
                continue
            for sentence in sentences(message.get("text", "")):
                key = normalise(sentence)
                if len(key) < 8 or key in known or not _SIGNALS.search(sentence):
                    continue
                words = content_words(sentence)
                # Assistants echo what they were told; an echo adds nothing to memory.
                if role == "assistant" and words and len(words & known_words) >= 0.7 * len(words):
                    continue
                known.add(key)
                known_words |= words
                facts.append(f"- {' '.join(sentence.split())}")
        return "\n".join(facts) if facts else NO_REPLY

    # ------------------------------------------------------------------ consolidate
    def _consolidate(self, payload: dict[str, Any]) -> str:
        max_chars = int(payload.get("max_tokens", 4000)) * 4
        seen: set[str] = set()
        kept: list[str] = []
        for fact in fact_lines(payload.get("memory", "")):
            key = normalise(fact)
            if key and key not in seen:
                seen.add(key)
                kept.append(fact)
        for _name, text in payload.get("dailies", []):
            for fact in fact_lines(text):
                key = normalise(fact)
                if key and key not in seen and not _near_duplicate(key, seen):
                    seen.add(key)
                    kept.append(fact)
        header = f"# Memory\n\n<!-- merged by {LABEL} -->\n\n"
        bullets = [f"- {fact}" for fact in kept]
        # Over budget the oldest facts go first: they are the likeliest to be stale.
        size = len(header) + sum(len(b) + 1 for b in bullets)
        first = 0
        while first < len(bullets) and size > max_chars:
            size -= len(bullets[first]) + 1
            first += 1
        bullets = bullets[first:]
        return header + "\n".join(bullets) + ("\n" if bullets else "")

    # ------------------------------------------------------------------ summary
    def _summary(self, payload: dict[str, Any]) -> str:
        """The sentences that carry durable signals, newest kept first when over budget,
        then what room is left for earlier summaries. The budget is also a third of the
        text summarised, so a compaction always shrinks the context it replaces."""
        conversation = payload.get("conversation", [])
        source = sum(len(message.get("text", "")) for message in conversation)
        budget = min(int(payload.get("max_chars", 6000)), max(SUMMARY_MIN_CHARS, source // 3))
        header = f"(Extractive summary by {LABEL}.)"
        earlier: list[str] = []
        lines: list[str] = []
        seen: set[str] = set()
        for message in conversation:
            role = message.get("role", "")
            text = " ".join(message.get("text", "").split())
            if role == "summary":
                earlier.append(text.removeprefix(header).strip())
                continue
            # What a tool returned is told by its first sentence (an evicted result's
            # placeholder names its file); elsewhere only sentences with signals count.
            keep = [sentences(text)[0][:160]] if role == "tool" and text else []
            for sentence in sentences(text)[1:] if keep else sentences(text):
                key = normalise(sentence)
                if _SIGNALS.search(sentence) and key not in seen:
                    seen.add(key)
                    keep.append(sentence)
            if keep:
                lines.append(f"[{role}] {' '.join(keep)[:400]}")
        room = budget - len(header) - 1
        if sum(len(line) + 1 for line in lines) > room:
            room -= 60  # for the line saying how many points were left out
        kept: list[str] = []
        for line in reversed(lines):
            if len(line) + 1 > room:
                break
            kept.insert(0, line)
            room -= len(line) + 1
        left_out = len(lines) - len(kept)
        history = " ".join(earlier)
        if history and room > 40:
            cut = history if len(history) <= room - 10 else history[: room - 11] + "…"
            kept.insert(0, f"Earlier: {cut}")
        if left_out:
            kept.insert(0, f"({left_out} older point(s) left out; see the thread log)")
        return "\n".join([header, *kept])

    # ------------------------------------------------------------------ chat
    def _chat(self, payload: dict[str, Any]) -> str:
        question = payload.get("question", "")
        recalled = payload.get("recalled", [])
        if recalled:
            found = "\n".join(f"- {line}" for line in recalled)
            return f"[{LABEL}] From memory, on {question!r}:\n{found}"
        return f"[{LABEL}] Noted. Nothing in memory matches {question!r} yet."


def _near_duplicate(key: str, seen: set[str]) -> bool:
    """A fact contained in (or containing) a known one of nearly the same length."""
    if len(key) < 12:
        return False
    for other in seen:
        if abs(len(other) - len(key)) <= max(2, len(key) // 20) and (key in other or other in key):
            return True
    return False
