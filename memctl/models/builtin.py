"""The `builtin` model: offline, deterministic, and not an LLM.

It does each task by rule instead of by reading the prompt: flush keeps the sentences
that state durable facts, with their speaker and resolved dates (memctl.models.facts);
consolidation groups them by subject, folds repeats and lets newer values replace older
ones within the budget (memctl.models.curate); summaries are extractive. Whatever it writes
says that it came from `builtin`.

Its chat replies are not an LLM's: they quote memory back (or say nothing matched), so
they carry no fact of their own. They all start with REPLY_TAG, and flush and the
summary skip any assistant message that does (see `is_own_reply`): otherwise every
call would store the quoted lines, or the "nothing matches" line, as new facts.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from memctl.core.config import ModelSpec
from memctl.core.errors import ModelError
from memctl.core.harness import ANSI
from memctl.core.prompts import NO_REPLY
from memctl.core.retention import KEPT_HEADER
from memctl.core.said import read_heading
from memctl.core.threads import without_call_echoes
from memctl.core.wording import plural
from memctl.models.interface import Reply, Request, Usage

LABEL = "memctl builtin (extractive, no LLM)"
REPLY_TAG = f"[{LABEL}]"
"""How every chat reply of builtin starts, and how flush and the summary recognise one."""
SUMMARY_MIN_CHARS = 400
TOOL_POINT_CHARS = 160
"""A tool result's point in a summary is at most this long: its first line, which for
an evicted result is the placeholder naming its file (`tool_point`)."""
TOOL_SHARE = 0.25
"""The share of a summary's room that tool results' points may take (`BuiltinModel._summary`)."""
_KEPT_LINE = re.compile(r"^- (?=\[\w+\] )")
"""A line of an earlier summary's `Kept:` list: `- [role] sentence`."""
_TOOL_POINT = re.compile(r"(?:Earlier: )?\[tool\] ")
SUMMARY_HEADER = f"(Extractive summary by {LABEL}.)"
# `point(s)`: what summaries written before the plural was spelt out say.
_LEFT_OUT = re.compile(r"^\(([\d,]+) older points?(?:\(s\))? left out; see the thread log\)$")
_OVER_BUDGET = re.compile(
    r"^<!-- builtin: (\d+) facts? over the budget were left out"
    r"(?: \((\d+) from MEMORY\.md\b[^)]*\))?"
)

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


def own_reply(body: str) -> str:
    """A chat reply of builtin: tagged, so that it is never taken for a fact later."""
    return f"{REPLY_TAG} {body}"


def is_own_reply(text: str) -> bool:
    """Whether an assistant message is a chat reply builtin wrote (see `own_reply`)."""
    return text.lstrip().startswith(REPLY_TAG)


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
        self.supports_tools = False

    def window(self) -> int | None:
        return self.spec.context_window

    def estimate_cost(self, prompt_tokens: int, completion_tokens: int = 0) -> float | None:
        """Free: builtin runs on this machine."""
        return 0.0

    def complete(self, request: Request) -> Reply:
        handler = {
            "flush": self._flush,
            "consolidate": self._consolidate,
            "summary": self._summary,
            "chat": self._chat,
        }.get(request.task)
        if handler is None:
            raise ModelError(f"model builtin: cannot do task {request.task!r}")
        answer = handler(request.payload)
        if isinstance(answer, Reply):
            return answer
        text, notes = answer if isinstance(answer, tuple) else (answer, [])
        return Reply(text=text, model=self.name, usage=Usage(calls=1, cost=0.0), notes=notes)

    # ------------------------------------------------------------------ flush
    def _flush(self, payload: dict[str, Any]) -> str:
        """The durable facts of the conversation, each standing alone (see memctl.models.facts).

        Nothing already in MEMORY.md or today's ledger, and no fact twice (the same
        words in any order count as the same fact).
        """
        from memctl.models.curate import said_facts
        from memctl.models.facts import USER_NAME, facts_told
        from memctl.models.salience import within_budget

        ledger = payload.get("ledger", "")
        known = said_facts(payload.get("memory", "")) + fact_lines(ledger)
        # The user's name, as an earlier flush of this thread learnt it (another
        # thread's user may be someone else).
        user_name = None
        for block in re.split(r"^(?=## )", ledger, flags=re.M):
            heading = read_heading(block.partition("\n")[0])
            if heading is not None and heading.thread == payload.get("thread"):
                for match in USER_NAME.finditer(block):
                    user_name = match[1]
        conversation = payload.get("conversation", [])
        told = facts_told(
            conversation,
            known,
            is_own_reply,
            user_name,
            scratch=str(payload.get("scratch", "")),
            older_masks=bool(payload.get("older_masks", False)),
        )
        facts = [each.fact for each in told]
        if payload.get("budget", True):
            facts = within_budget(facts, conversation, [each.item for each in told])
        return "\n".join(f"- {fact}" for fact in facts) if facts else NO_REPLY

    # ------------------------------------------------------------------ consolidate
    def _consolidate(self, payload: dict[str, Any]) -> Reply:
        """MEMORY.md's facts and the new ones, grouped by subject, without duplicates,
        newer values replacing older ones (see memctl.models.curate), within the budget.

        Over budget the curated MEMORY.md facts are kept first, from the top (they are
        what memory is for), then the most referenced and newest new facts. What did
        not fit is counted in a comment line, added to the count of earlier merges (or
        passes), so that a drop is never silent: the new facts stay in the daily
        ledgers, the previous MEMORY.md in .memctl/history/. The replacements are
        returned as notes for the run to report, and the lines each fact was merged
        from as its sources (see memctl.pipeline.provenance).
        """
        from memctl.models.curate import merge, render, size

        max_chars = int(payload.get("max_tokens", 4000)) * 4
        memory = payload.get("memory", "")
        merged = merge(memory, payload.get("dailies", []), payload.get("said") or {})
        curated = [fact for fact in merged.facts if fact.curated]
        new = sorted(
            (fact for fact in merged.facts if not fact.curated),
            key=lambda fact: (fact.refs, fact.order),
            reverse=True,
        )
        before, before_curated = _left_out_before(memory)
        title = f"# Memory\n\n<!-- merged by {LABEL} -->\n"
        whole = render(title, merged.facts)
        sources = {fact.text: fact.origins for fact in merged.facts}

        def reply(text: str) -> Reply:
            usage = Usage(calls=1, cost=0.0)
            return Reply(text, self.name, usage, notes=merged.superseded, sources=sources)

        if len(whole) <= max_chars and not before:
            return reply(whole)
        # Room is kept for the note, sized for the largest count it may have to say (the
        # longer note only when MEMORY.md's own facts cannot all be kept).
        widest = before + len(merged.facts)
        room = max_chars - len(title) - len(_over_budget_note(widest, 0)) - 2
        if before_curated or sum(size(fact) for fact in curated) > room:
            room = max_chars - len(title) - len(_over_budget_note(widest, widest)) - 2
        kept = []
        for fact in curated + new:
            if size(fact) > room:
                break
            kept.append(fact)
            room -= size(fact)
        while True:
            dropped_curated = len(curated) - sum(1 for fact in kept if fact.curated)
            dropped = len(merged.facts) - len(kept)
            note = _over_budget_note(before + dropped, before_curated + dropped_curated)
            text = render(title + note + "\n", kept)
            if len(text) <= max_chars or not kept:
                return reply(text)
            kept.pop()

    # ------------------------------------------------------------------ summary
    def _summary(self, payload: dict[str, Any]) -> str:
        """Earlier summaries' points, the task and the latest request, the new
        sentences that carry durable signals, and a line of text for what each tool
        returned (`tool_point`: no binary, no control characters). Tool calls are
        left out: their arguments are a command line.

        The budget is a third of the text summarised (so a compaction always shrinks
        the context it replaces). Over budget, earlier summaries' points keep at most
        half of it, from the top (how the conversation began: its task), so that what
        was summarised before is carried into this summary instead of being crowded out
        by the new points; the new points take the rest, newest first, and any room left
        goes back to the earlier points that did not fit. Before all that, tool
        results' points take `TOOL_SHARE` of the room at most (room for one at least),
        newest first. A line counts what was left out, with what earlier summaries left
        out.
        """
        conversation = payload.get("conversation", [])
        source = sum(len(message.get("text", "")) for message in conversation)
        budget = min(int(payload.get("max_chars", 6000)), max(SUMMARY_MIN_CHARS, source // 3))
        earlier: list[str] = []
        left_before = 0
        lines: list[str] = []
        seen: set[str] = set()
        carried: set[str] = set()
        # The task (the first request, unless an earlier summary carries it) and the
        # request being worked on are kept whole when no sentence of theirs has a
        # signal: a working conversation ("refactor this", "now add jitter") may hold
        # none at all, and the summary would be its header alone, in place of the
        # prefix it removes.
        asks = [n for n, message in enumerate(conversation) if message.get("role") == "user"]
        begun = any(message.get("role") == "summary" for message in conversation)
        requests = {*asks[-1:], *([] if begun else asks[:1])}
        for number, message in enumerate(conversation):
            role = message.get("role", "")
            raw = message.get("text", "")
            if role == "summary":
                points, count = _summary_points(raw)
                earlier += points
                carried |= {point.removeprefix("Earlier: ") for point in points}
                left_before += count
                continue
            if role == "assistant" and is_own_reply(raw):
                continue  # it only quoted memory back
            if role == "tool":
                # What a tool returned is told by a line at most (an evicted result's
                # placeholder names its file), or not at all (binary, a blob).
                point = tool_point(raw)
                if point and f"[tool] {point}" not in carried:
                    lines.append(f"[tool] {point}")
                continue
            # What was said, not the calls made: their arguments are a command line.
            said = without_call_echoes(raw) if role == "assistant" else raw
            text = " ".join(_printable(said).split())
            keep: list[str] = []
            for sentence in sentences(text):
                key = normalise(sentence)
                if _SIGNALS.search(sentence) and key not in seen:
                    seen.add(key)
                    keep.append(sentence)
            if number in requests and not keep:
                keep = sentences(text)
            line = f"[{role}] {' '.join(keep)[:400]}"
            if keep and line not in carried:
                lines.append(line)
        room = budget - len(SUMMARY_HEADER) - 1
        total = left_before + len(earlier) + len(lines)
        if sum(len(line) + 1 for line in earlier + lines) > room or left_before:
            room -= len(_left_out_line(total)) + 1
        # What tools returned takes a share of the room at most, newest first: at work an
        # agent's tool results outnumber what is said, and the summary is for what was.
        points = earlier + lines
        tools = [n for n, point in enumerate(points) if _TOOL_POINT.match(point)]
        share = min(room, max(int(room * TOOL_SHARE), len("[tool] ") + TOOL_POINT_CHARS + 1))
        shown = _take([points[n] for n in tools], share, newest_first=True)
        room -= sum(len(line) + 1 for line in shown)
        kept: dict[int, str] = {n: points[n] for n in tools[len(tools) - len(shown) :]}
        said = [n for n in range(len(earlier)) if not _TOOL_POINT.match(points[n])]
        new = [n for n in range(len(earlier), len(points)) if not _TOOL_POINT.match(points[n])]
        earlier_said = [points[n] for n in said]
        kept_earlier = _take(earlier_said, room // 2 if new else room, newest_first=False, cut=True)
        room -= sum(len(line) + 1 for line in kept_earlier)
        kept_lines = _take([points[n] for n in new], room, newest_first=True, cut=True)
        room -= sum(len(line) + 1 for line in kept_lines)
        whole = kept_earlier == earlier_said[: len(kept_earlier)]
        if whole and len(kept_earlier) < len(said):
            kept_earlier += _take(earlier_said[len(kept_earlier) :], room, newest_first=False)
        kept |= dict(zip(said, kept_earlier, strict=False))
        kept |= dict(zip(new[len(new) - len(kept_lines) :], kept_lines, strict=True))
        left_out = left_before + len(points) - len(kept)
        shown_points = [kept[n] for n in sorted(kept)]
        if left_out:
            shown_points.insert(0, _left_out_line(left_out))
        return "\n".join([SUMMARY_HEADER, *shown_points])

    # ------------------------------------------------------------------ chat
    def _chat(self, payload: dict[str, Any]) -> str:
        question = payload.get("question", "")
        recalled = payload.get("recalled", [])
        if recalled:
            found = "\n".join(f"- {line}" for line in recalled)
            return own_reply(f"From memory, on {question!r}:\n{found}")
        return own_reply(f"Noted. Nothing in memory matches {question!r} yet.")


_ASSISTANT_POINT = re.compile(r"(?:- )?\[assistant\] ")
"""An assistant's point of a summary, or its line in a `Kept:` list, which an older
compaction may have written as the echo of a tool call."""
_SHOWN_AS_IS = re.compile(r"[\w./:@~%+=?&#,-]+")
"""A long word of a tool's output that is still text: a path, a URL, an identifier."""
_LONG_WORD = 40


def _printable(text: str) -> str:
    """`text` without terminal escapes and what no terminal shows: control characters
    and the replacement character of bytes that were no text (line breaks and tabs are
    spaces)."""
    text = ANSI.sub("", text)
    if text.isprintable():
        return text
    return "".join(
        ch if ch.isprintable() and ch != "\ufffd" else " " if ch.isspace() else "" for ch in text
    )


def tool_point(result: str) -> str:
    """A tool result as a summary's point: its first line of text, up to the first word
    that is none (a run of binary or base85, a minified blob: over `_LONG_WORD`
    characters and no path, URL or identifier), without control characters, its first
    sentence, at most `TOOL_POINT_CHARS`; "" when it starts with no text at all."""
    for line in result.splitlines():
        words: list[str] = []
        for word in _printable(line).split():
            if len(word) > _LONG_WORD and not _SHOWN_AS_IS.fullmatch(word):
                break
            words.append(word)
        else:
            if not words:
                continue  # a blank line, or one of control characters alone
        first = sentences(" ".join(words))[0] if words else ""
        if len(first) > TOOL_POINT_CHARS:
            first = first[: TOOL_POINT_CHARS - 1] + "…"
        return first
    return ""


def _take(items: list[str], room: int, *, newest_first: bool, cut: bool = False) -> list[str]:
    """The items (one line each) that fit in `room` chars, in their order: the first
    ones, or the last ones with `newest_first`. With `cut`, a first item too long for
    the room alone is shortened rather than dropped, so that something of it is kept."""
    order = list(reversed(items)) if newest_first else list(items)
    taken: list[str] = []
    for item in order:
        if len(item) + 1 > room:
            if cut and not taken and room > 40:
                taken.append(item[: room - 2] + "…")
            break
        taken.append(item)
        room -= len(item) + 1
    return list(reversed(taken)) if newest_first else taken


def _summary_points(text: str) -> tuple[list[str], int]:
    """An earlier summary as points to carry over, and how many it said it left out.

    A builtin summary is already one point a line; any other summary (an LLM's prose)
    is one point. Each is marked `Earlier:` once, however often it is carried over.
    """
    text = text.strip()
    if not text.startswith(SUMMARY_HEADER):
        flat = " ".join(_printable(text).split())
        return ([f"Earlier: {flat}"] if flat else []), 0
    points: list[str] = []
    left_out = 0
    for line in text.removeprefix(SUMMARY_HEADER).splitlines():
        line = " ".join(_printable(line).split()).removeprefix("Earlier: ")
        # Its `Kept:` list (core/retention.py) is carried as the points it lists, not
        # as "Earlier: Kept:" and "Earlier: - [user] ..." (audit 20 finding 8).
        if line == KEPT_HEADER:
            continue
        line = _KEPT_LINE.sub("", line)
        if line.startswith("[tool] "):
            # as a summary of today tells it: one line of text, or nothing (an older
            # summary kept a result's first 160 characters, binary and all)
            line = f"[tool] {point}" if (point := tool_point(line[7:])) else ""
        elif echoed := _ASSISTANT_POINT.match(line):
            said = without_call_echoes(line[echoed.end() :])
            line = f"{echoed[0]}{said}" if said else ""
        if match := _LEFT_OUT.match(line):
            left_out += int(match.group(1).replace(",", ""))
        elif line:
            points.append(f"Earlier: {line}")
    return points, left_out


def _left_out_line(count: int) -> str:
    return f"({plural(count, 'older point')} left out; see the thread log)"


def _over_budget_note(count: int, curated: int) -> str:
    """The comment line that says how many facts a merge could not keep, and where they are."""
    if not curated:
        return (
            f"<!-- builtin: {count} facts over the budget were left out; "
            "they stay in the daily ledgers -->"
        )
    return (
        f"<!-- builtin: {count} facts over the budget were left out ({curated} from MEMORY.md, "
        "see .memctl/history/); the rest stay in the daily ledgers -->"
    )


def _left_out_before(memory: str) -> tuple[int, int]:
    """What the note of an earlier merge (or pass) counted: total, and from MEMORY.md."""
    for line in memory.splitlines():
        if match := _OVER_BUDGET.match(line.strip()):
            return int(match.group(1)), int(match.group(2) or 0)
    return 0, 0
