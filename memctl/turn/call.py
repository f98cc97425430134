"""One agent turn: the user message in, the model (and its memory tools), the reply out.

The turn is kept in memory until it is complete and then appended to the thread log
in one durable write: the user message, every assistant message with tool calls and
the tool results, and the final reply. A turn that fails leaves the log as it was, so
it can simply be run again.

Around the model call: compaction when a trigger is reached; on a context-length
error, a forced compaction sized so that the retry fits, and exactly one retry (that
compaction flushes even with `flush_before_compact: false`: it is the reference's
third flush point, so nothing is lost to a summary); after the reply, the per-call
flush (`memory.flush_trigger`) and the throttled maintenance, whose failures are
reported without failing the turn.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from memctl.core.config import Config
from memctl.core.errors import ContextOverflowError, MemctlError, ModelError, UsageError
from memctl.core.threads import (
    append_entries,
    check_thread_id,
    read_entries,
    thread_path,
    validate_message,
)
from memctl.core.workspace import Workspace
from memctl.models.interface import Models, Request, Usage
from memctl.models.windows import known_window, remember_window
from memctl.pipeline.compact import CompactResult, compact, compact_to_fit
from memctl.turn.context import ContextRequest, build_context
from memctl.turn.tools import RefreshExports, openai_tools, run_tool

if TYPE_CHECKING:
    from memctl.pipeline.flush import FlushResult
    from memctl.pipeline.maintain import MaintainResult

MAX_TOOL_STEPS = 8
"""Model requests that may call tools in one turn; the next must answer."""
MIN_REPLY_TOKENS = 1024
"""An overflow that counted `max_tokens` against the window is mended by a smaller
`max_tokens` (no compaction) when at least this much room is left for the reply."""
RECALL_HITS = 5
_WORD = re.compile(r"\w+")
_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_STOP_WORDS = frozenset(
    str.split(
        "about after again also been before being could does doing from have having into "
        "just know like made make many more most much must only other over please same "
        "should some such tell than that their them then there these they this those "
        "very want what when where which while will with would your"
    )
)


@dataclass
class ToolStep:
    name: str
    arguments: str
    is_error: bool
    result_chars: int


@dataclass
class CallResult:
    thread: str
    model: str
    reply: str = ""
    requests: int = 0
    """Model requests of the turn (retries included)."""
    tool_calls: list[ToolStep] = field(default_factory=list)
    appended: int = 0
    tokens: int = 0
    """Estimated tokens of the last request."""
    compactions: list[CompactResult] = field(default_factory=list)
    overflow_recovered: bool = False
    flush: FlushResult | None = None
    flush_error: str | None = None
    maintain: MaintainResult | None = None
    maintain_error: str | None = None
    warnings: list[str] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    dry_run: bool = False
    request: dict[str, Any] | None = None
    """With dry_run: the request that would be sent."""


def call(
    ws: Workspace,
    config: Config,
    models: Models,
    thread: str,
    text: str,
    *,
    dry_run: bool = False,
    on_text: Callable[[str], None] | None = None,
    on_reply: Callable[[CallResult], None] | None = None,
    on_stage: Callable[[str], None] | None = None,
    exports: RefreshExports | None = None,
) -> CallResult:
    """Run one turn of `thread` with `models.main` and return the reply; `models.compaction`
    summarises when the thread must be compacted, `models.memory` flushes and
    consolidates after the turn (and before an overflow's compaction).

    Raises ModelError (exit 1) when the model fails or the context still overflows
    after one forced compaction and retry; the thread log is then unchanged.

    The caller may show the turn as it goes: `on_text` receives the reply's text as the
    model streams it (a model that cannot stream gives it whole), `on_reply` the result
    once the turn is appended, before the per-call flush and maintenance, which can take
    longer than the turn itself, and `on_stage` the name of each of those as it starts.
    `exports`: what memory_forget and memory_replace write the exported blocks again
    with (`run_tool`'s, from the entry point).
    """
    check_thread_id(thread)
    if not text.strip():
        raise UsageError("the message is empty")
    turn = _Turn(ws, config, models, thread, text)
    if dry_run:
        return turn.dry_run()
    turn.on_text = on_text
    turn.exports = exports
    with ws.stage_lock(f"call.{thread}"):
        turn.run()
    if on_reply is not None:
        on_reply(turn.result)
    turn.after(on_stage or (lambda _stage: None))
    return turn.result


class _Turn:
    def __init__(self, ws: Workspace, config: Config, models: Models, thread: str, text: str):
        self.ws = ws
        self.config = config
        self.models = models
        self.model = models.main()
        self.thread = thread
        self.text = text
        self.tools = openai_tools() if config.memory.tools else []
        self.result = CallResult(thread, self.model.name)
        self.pending: list[dict[str, Any]] = [self._stamped({"role": "user", "content": text})]
        self.window: int | None = None
        self.max_tokens: int | None = None
        """The output budget of the retry, when an overflow made it smaller."""
        self.entries: list[dict[str, Any]] | None = None
        self.on_text: Callable[[str], None] | None = None
        self.exports: RefreshExports | None = None

    def _stamped(self, message: dict[str, Any]) -> dict[str, Any]:
        return {**message, "ts": self.ws.now().isoformat(timespec="seconds")}

    def _entries(self) -> list[dict[str, Any]]:
        """The log, read once (and again after a compaction appended to it)."""
        if self.entries is None:
            exists = thread_path(self.ws, self.thread).exists()
            self.entries = read_entries(self.ws, self.thread) if exists else []
        return self.entries

    def _context(self, dry_run: bool = False) -> ContextRequest:
        return build_context(
            self.ws,
            self.config,
            self.thread,
            model_name=self.model.name,
            window=self.window,
            entries=self._entries(),
            pending=self.pending,
            tools=self.tools,
            dry_run=dry_run,
        )

    # ------------------------------------------------------------------ the turn
    def dry_run(self) -> CallResult:
        self.window = known_window(self.model, self.ws.read_state())
        context = self._context(dry_run=True)
        self.result.dry_run = True
        self.result.tokens = context.tokens
        self.result.request = context.request()
        return self.result

    def run(self) -> None:
        self.window = known_window(self.model, self.ws.read_state())
        context = self._context()
        if self.config.compaction.enabled and self._entries():
            context = self._compact_if_due(context)
        recalled = self._recall()
        retried = False
        steps = 0
        while True:
            self.result.tokens = context.tokens
            request = Request(
                task="chat",
                messages=context.messages,
                payload={"question": self.text, "recalled": recalled},
                tools=self.tools or None,
                max_tokens=self.max_tokens,
                on_text=self.on_text,
            )
            try:
                reply = self.model.complete(request)
            except ContextOverflowError as exc:
                self.result.requests += 1
                if not self.config.compaction.enabled:
                    raise ContextOverflowError(
                        f"{exc} (compaction.enabled is false, so there is no recovery)",
                        exc.window,
                    ) from None
                if retried:
                    raise ContextOverflowError(
                        f"{exc} — still too large after a forced compaction and one retry; "
                        "the turn was not appended (the flush and the compaction made for "
                        "the retry are kept: they lose nothing)",
                        exc.window,
                    ) from None
                retried = True
                self._recover(exc, context)
                context = self._context()
                continue
            self.result.requests += 1
            self.result.usage.add(reply.usage)
            if not reply.tool_calls:
                if not reply.text.strip():
                    raise ModelError(
                        f"model {self.model.name} answered with no text and no tool calls; "
                        "nothing was appended to the thread"
                    )
                self.result.reply = reply.text
                self.pending.append(self._stamped({"role": "assistant", "content": reply.text}))
                break
            steps += 1
            if steps > MAX_TOOL_STEPS:
                raise ModelError(
                    f"model {self.model.name} was still calling tools after {MAX_TOOL_STEPS} "
                    "steps without answering; nothing was appended to the thread"
                )
            self._run_tools(reply.text, reply.tool_calls, steps)
            context = self._context()
        messages = [validate_message(m, f"turn message {n}") for n, m in enumerate(self.pending, 1)]
        self.result.appended = append_entries(self.ws, self.thread, messages).appended

    def _run_tools(self, text: str, calls: list[dict[str, Any]], step: int) -> None:
        normalised: list[dict[str, Any]] = []
        for number, call in enumerate(calls, 1):
            function = call.get("function") or {}
            normalised.append(
                {
                    "id": str(call.get("id") or f"call_{step}_{number}"),
                    "type": "function",
                    "function": {
                        "name": str(function.get("name", "")),
                        "arguments": str(function.get("arguments") or ""),
                    },
                }
            )
        self.pending.append(
            self._stamped({"role": "assistant", "content": text or None, "tool_calls": normalised})
        )
        for call in normalised:
            name, arguments = call["function"]["name"], call["function"]["arguments"]
            outcome = run_tool(
                self.ws,
                self.config,
                name,
                arguments,
                embedder=self.models.embedder(),
                exports=self.exports,
            )
            self.result.tool_calls.append(
                ToolStep(name, arguments, outcome.is_error, len(outcome.text))
            )
            self.pending.append(
                self._stamped(
                    {
                        "role": "tool",
                        "tool_call_id": call["id"],
                        "name": name,
                        "content": outcome.text,
                    }
                )
            )

    # ------------------------------------------------------------------ compaction
    @staticmethod
    def _reserved(context: ContextRequest) -> int:
        """What the request holds besides the thread: compaction leaves room for it."""
        return context.tokens - context.history_tokens

    def _compacted(self, done: CompactResult) -> None:
        """Count a compaction in the turn's result; the thread is read again after it."""
        self.result.compactions.append(done)
        self.result.usage.add(done.usage)
        self.entries = None

    def _compact_if_due(self, context: ContextRequest) -> ContextRequest:
        """Compaction triggered by the thread's size; a failure is a warning, not the end
        of the turn (the request may still fit, and an overflow is recovered below)."""
        try:
            done = compact(
                self.ws,
                self.config,
                self.models,
                self.thread,
                window=self.window,
                reserved_tokens=self._reserved(context),
            )
        except MemctlError as exc:
            self.result.warnings.append(f"compaction failed, continuing without it: {exc}")
            return context
        if done.status != "compacted":
            return context
        self.result.warnings.extend(done.warnings)
        self._compacted(done)
        return self._context()

    def _recover(self, exc: ContextOverflowError, context: ContextRequest) -> None:
        """Make the retry fit: the window the error states is remembered for later runs;
        its input and the output reserve (`max_tokens`) must fit in it together.

        When the error counted `max_tokens` against the window and the input alone fits
        with room for a reply, a smaller `max_tokens` is the whole fix. Otherwise a
        forced compaction makes the input fit the window less the output reserve (which
        is cut to a quarter of the window when larger). An error that states no window
        (old llama.cpp servers) proves the window smaller than what was sent: half of
        that is remembered instead, so the flush and the summary fit too.
        """
        if exc.window:
            remember_window(self.ws, self.model.name, exc.window)
            reserve = exc.output_tokens or 0
            if reserve and exc.input_tokens and exc.input_tokens < exc.window:
                room = exc.window - exc.input_tokens
                if room >= min(reserve, MIN_REPLY_TOKENS):
                    self.max_tokens = room
                    self.result.warnings.append(
                        f"the request and its max_tokens ({reserve:,}) did not fit the "
                        f"{exc.window:,}-token window; retried once with max_tokens {room:,}"
                    )
                    return
            if reserve > exc.window // 4:
                self.max_tokens = reserve = exc.window // 4
            fit = exc.window - reserve
        else:
            fit = max(1, context.tokens // 2)
            remember_window(self.ws, self.model.name, min(v for v in (self.window, fit) if v))
        if not self._entries():
            raise ContextOverflowError(
                f"{exc} — and there is nothing to compact (the thread has no history yet, "
                "the message alone is too long); nothing was appended to the thread",
                exc.window,
            )
        self.window = window = min(v for v in (self.window, fit) if v)
        done = compact_to_fit(
            self.ws,
            self.config,
            self.models,
            self.thread,
            window=window,
            reserved_tokens=self._reserved(context),
        )
        self.result.warnings.extend(done.warnings)
        if done.status != "compacted":
            raise ContextOverflowError(
                f"{exc} — and there is nothing to compact ({done.reason}); "
                "nothing was appended to the thread",
                exc.window,
            )
        self._compacted(done)
        self.result.overflow_recovered = True

    # ------------------------------------------------------------------ builtin recall
    def _recall(self) -> list[str]:
        """A model that cannot call tools (builtin) is given the memory hits for the
        question, as a model would find them with memory_search."""
        if self.model.supports_tools or not self.config.memory.tools:
            return []
        from memctl.retrieval.search import search

        words = [w for w in _WORD.findall(self.text.lower()) if len(w) >= 4]
        # Matching is by substring, so a plural's stem finds the singular too
        # ("deploys" -> "deploy" matches "deploy" and "deploys").
        stems = (
            w[:-1] if len(w) > 4 and w.endswith("s") and not w.endswith("ss") else w for w in words
        )
        keywords = [w for w in dict.fromkeys(stems) if w not in _STOP_WORDS]
        if not keywords:
            return []
        try:
            found = search(
                self.ws,
                " ".join(keywords),
                mode="any",
                scope="memory",
                limit=RECALL_HITS,
                redactor=self.config.redaction.redactor(),
            )
        except MemctlError:
            return []
        # MEMORY.md and the ledger it was merged from often hold the same fact, the
        # ledger's with its speaker ("Dana: Remember that ...").
        from memctl.retrieval.recall import merged_lines

        merged = merged_lines(self.ws, [hit.line for hit in found.hits if hit.path == "MEMORY.md"])
        return list(
            dict.fromkeys(
                _BULLET.sub("", hit.text).strip()
                for hit in found.hits
                if (hit.path, hit.line) not in merged
            )
        )

    # ------------------------------------------------------------------ after the reply
    def after(self, on_stage: Callable[[str], None]) -> None:
        """Per-call flush, then maintenance when due: both reported, neither fatal."""
        if not self.config.memory.hooks:
            return
        from memctl.pipeline.flush import flush
        from memctl.pipeline.maintain import maintain

        memory_model = self.models.memory()
        on_stage("flush")
        try:
            flushed = flush(self.ws, self.config, memory_model, threads=[self.thread], auto=True)
            self.result.flush = flushed
            self.result.usage.add(flushed.usage)
        except MemctlError as exc:
            self.result.flush_error = str(exc)
        on_stage("maintenance")
        try:
            done = maintain(self.ws, self.config, memory_model, retry_failed=False)
        except MemctlError as exc:
            self.result.maintain_error = str(exc)
            return
        self.result.maintain = done
        if done.error:
            self.result.maintain_error = done.error
        if done.consolidate is not None:
            self.result.usage.add(done.consolidate.usage)
