"""Agent hooks: what `memctl hook claude-code` and `memctl hook codex` do at each event.

Claude Code runs a hook command with one JSON object on stdin (`hook_event_name`,
`session_id`, `transcript_path`, `cwd`, plus `source`, `trigger`, `reason` or `prompt`
by event). Codex has two mechanisms: the legacy `notify` program, which gets one JSON
argument after each turn (`type: agent-turn-complete`, `thread-id`, `turn-id`, `cwd`,
`input-messages`, `last-assistant-message`) and no transcript path, and the newer
`hooks.json`, whose stdin input has the same shape as Claude Code's.

What each event does, and why:

- SessionStart: the memory block (MEMORY.md, redacted, cut on a line boundary, with a
  note to use memory_search for the rest) under Claude Code's 10,000-character cap on
  hook context, header included. It reads nothing but MEMORY.md, so it works before
  any thread exists and costs no model call.
- PreCompact: import the transcript, then flush it regardless of the throttle: the
  agent is about to summarise the conversation away, and this is the last moment its
  facts can be extracted from the whole text (the flush-before-compaction guarantee).
- Stop / SubagentStop (Codex: a completed turn): import what was appended, then the
  per-call flush `memory.flush_trigger` allows. Codex has no session-end hook, so its
  Stop also runs the maintenance that is due (throttled by consolidation_min_gap),
  as `memctl call` does after a turn.
- SessionEnd: import, then flush what is left regardless of the throttle and run the
  maintenance that is due. Claude Code gives SessionEnd hooks 1.5 s unless the hook
  declares a longer timeout, so when the memory model is a network model the flush and
  maintenance go to a detached process, whose errors land in the hook log.
- UserPromptSubmit (opt-in): a short ranked recall for the prompt within RECALL_CHARS.

A transcript is read up to its last newline: a line the agent is still writing waits
for the next hook. Everything a hook does is repeatable: importing adds only entries
the thread lacks, and flush sends only what is past its watermark.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memctl.core.config import Config
from memctl.core.errors import MemctlError, UsageError
from memctl.core.hooklog import log_error
from memctl.core.memory import memory_block
from memctl.core.wording import plural
from memctl.core.workspace import Workspace
from memctl.models.interface import Models

RECALL_CHARS = 1_500
"""The budget of a UserPromptSubmit recall: a hint, not a second MEMORY.md."""
RECALL_LINES = 8
AGENTS = ("claude-code", "codex")
RECALL_HEADER = "Memory that may bear on this prompt (memctl recall; memory_search finds more):"


# --------------------------------------------------------------------------- input


@dataclass
class HookInput:
    """One hook invocation, whichever agent and mechanism sent it."""

    agent: str
    event: str
    session_id: str | None = None
    transcript_path: str | None = None
    cwd: str | None = None
    source: str | None = None
    trigger: str | None = None
    reason: str | None = None
    prompt: str | None = None
    agent_transcript_path: str | None = None
    """SubagentStop (Claude Code 2.1): the subagent's own transcript."""
    notify: bool = False
    """Codex's legacy notify program, not hooks.json."""


def _text(data: dict[str, Any], key: str) -> str | None:
    value = data.get(key)
    return value if isinstance(value, str) and value else None


def _object(raw: str | bytes, what: str) -> dict[str, Any]:
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise UsageError(f"{what} is not JSON ({exc})") from None
    if not isinstance(data, dict):
        raise UsageError(f"{what} is not a JSON object")
    return data


def parse_hook_json(agent: str, raw: bytes) -> HookInput:
    """The stdin of a Claude Code hook, or of a Codex hooks.json hook (same shape)."""
    if not raw.strip():
        raise UsageError("no hook input on stdin (expected one JSON object)")
    data = _object(raw, "the hook input on stdin")
    event = _text(data, "hook_event_name")
    if event is None:
        raise UsageError("the hook input has no hook_event_name")
    return HookInput(
        agent=agent,
        event=event,
        session_id=_text(data, "session_id"),
        transcript_path=_text(data, "transcript_path"),
        cwd=_text(data, "cwd"),
        source=_text(data, "source"),
        trigger=_text(data, "trigger"),
        reason=_text(data, "reason"),
        prompt=_text(data, "prompt"),
        agent_transcript_path=_text(data, "agent_transcript_path"),
    )


def parse_codex_notify(argument: str) -> HookInput:
    """The JSON argument Codex gives its `notify` program. A completed turn is a Stop;
    other notification types carry nothing to import (event `ignored`)."""
    data = _object(argument, "the notify argument")
    if data.get("type") != "agent-turn-complete":
        return HookInput("codex", "ignored", notify=True)
    thread = _text(data, "thread-id")
    if thread is None:
        raise UsageError(
            "the notify argument has no thread-id (Codex before 0.47 does not send it): "
            "use hooks.json (memctl install codex) instead"
        )
    return HookInput("codex", "Stop", session_id=thread, cwd=_text(data, "cwd"), notify=True)


# --------------------------------------------------------------------------- recall


def recall(ws: Workspace, config: Config, prompt: str, budget: int = RECALL_CHARS) -> str | None:
    """The memory lines that best answer the prompt (ranked recall: BM25 over MEMORY.md
    and the ledgers, recency breaking near-ties), within `budget` characters; None when
    nothing answers it. The session's own conversation is already in the agent's
    context, so thread logs are left out."""
    from memctl.retrieval.recall import recall as ranked

    found = ranked(ws, config, prompt, limit=RECALL_LINES * 2, scope="memory")
    lines = [RECALL_HEADER]
    used = len(RECALL_HEADER)
    seen: set[str] = set()
    for hit in found.hits:
        text = hit.snippet.lstrip("-* ").strip()
        if not text or text.startswith("#") or text.lower() in seen:
            continue  # MEMORY.md and the ledger it was merged from often say the same
        seen.add(text.lower())
        entry = f"- {text} ({hit.source})"
        if used + 1 + len(entry) > budget:
            break
        lines.append(entry)
        used += 1 + len(entry)
        if len(lines) > RECALL_LINES:
            break
    return "\n".join(lines) if len(lines) > 1 else None


# --------------------------------------------------------------------------- running


@dataclass
class HookResult:
    agent: str
    event: str
    session: str | None
    threads: list[str] = field(default_factory=list)
    imported: int = 0
    flushed_facts: int = 0
    flush_skipped: str | None = None
    maintained: str | None = None
    detached: bool = False
    context: str | None = None
    """Text for the agent's context (SessionStart, UserPromptSubmit), None otherwise."""
    memory_truncated: bool = False
    errors: list[str] = field(default_factory=list)

    def summary(self) -> str:
        """One line saying what the hook did (`memctl -v hook ...` prints it)."""
        done = [f"{self.event}"]
        if self.threads:
            done.append(f"imported {self.imported} entries into {', '.join(self.threads)}")
        if self.flushed_facts or self.flush_skipped:
            done.append(
                f"flush: {plural(self.flushed_facts, 'fact')}"
                + (f" ({self.flush_skipped})" if self.flush_skipped else "")
            )
        if self.maintained:
            done.append(f"maintain: {self.maintained}")
        if self.detached:
            done.append("flush and maintenance detached")
        if self.context is not None:
            cut = ", MEMORY.md cut to fit" if self.memory_truncated else ""
            done.append(f"context: {len(self.context):,} chars{cut}")
        return "; ".join(done)


def run_hook(ws: Workspace, config: Config, hook: HookInput) -> HookResult:
    """Do what `hook.event` calls for. A failing step is recorded in `errors` (and the
    hook log) and the next step still runs: a bad transcript must not stop the memory
    block, nor a model outage the import. The hook's models are resolved here, once,
    on first use: an event that sends nothing builds none."""
    from memctl.models.resolve import resolve_models

    models = resolve_models(ws, config)
    result = HookResult(hook.agent, hook.event, hook.session_id)
    event = hook.event
    if event == "SessionStart":
        _step(result, lambda: _session_start(ws, config, result))
    elif event == "UserPromptSubmit":
        if hook.prompt:
            _step(result, lambda: _set_recall(ws, config, hook.prompt or "", result))
    elif event in ("PreCompact", "Stop", "SubagentStop", "SessionEnd"):
        _step(result, lambda: _import(ws, hook, result))
        if event in ("Stop", "SubagentStop"):
            _step(result, lambda: _flush(ws, config, models, result, auto=True))
            if hook.agent == "codex":  # Codex has no session-end hook to maintain at
                _step(result, lambda: _maintain(ws, config, models, result))
        elif event == "PreCompact":
            _step(result, lambda: _flush(ws, config, models, result, auto=False))
        elif _network_model(config):
            _step(result, lambda: _detach(ws, result))
        else:
            _step(result, lambda: _flush(ws, config, models, result, auto=False))
            _step(result, lambda: _maintain(ws, config, models, result))
    for error in result.errors:
        log_error(ws.root, hook.agent, hook.event, hook.session_id, error)
    return result


def _step(result: HookResult, action: Any) -> None:
    try:
        action()
    except MemctlError as exc:
        result.errors.append(str(exc))


def _session_start(ws: Workspace, config: Config, result: HookResult) -> None:
    block = memory_block(ws, config)
    result.context = block.text
    result.memory_truncated = block.truncated


def _set_recall(ws: Workspace, config: Config, prompt: str, result: HookResult) -> None:
    result.context = recall(ws, config, prompt)


def _transcripts(hook: HookInput) -> list[tuple[Path, str]]:
    """The transcript files the hook names, with their format."""
    fmt = "claude" if hook.agent == "claude-code" else "codex"
    paths: list[str] = []
    if hook.transcript_path:
        paths.append(hook.transcript_path)
    elif hook.agent == "codex" and hook.session_id:
        from memctl.agents.discover import codex_home, codex_rollout

        rollout = codex_rollout(hook.session_id)
        if rollout is None:
            raise UsageError(
                f"no Codex rollout for thread {hook.session_id} under "
                f"{codex_home() / 'sessions'} or archived_sessions"
            )
        paths.append(str(rollout))
    if not paths:
        raise UsageError(f"{hook.event}: the hook input names no transcript_path")
    found = [Path(path) for path in paths]
    if hook.agent_transcript_path:
        found.append(Path(hook.agent_transcript_path))
    elif hook.event == "SubagentStop" and hook.session_id:
        found.extend(subagent_transcripts(found[0], hook.session_id))
    return [(path, fmt) for path in found]


def subagent_transcripts(transcript: Path, session: str) -> list[Path]:
    """The subagent files of a Claude Code session, for a SubagentStop input that does
    not name one: 2.1 writes `<session>/subagents/agent-*.jsonl` beside the session's
    file, 2.0 `agent-*.jsonl` in the same folder, its lines naming the parent session."""
    folder = transcript.expanduser().parent
    found = sorted((folder / session / "subagents").glob("agent-*.jsonl"))
    for path in sorted(folder.glob("agent-*.jsonl")):
        try:
            with path.open("rb") as handle:
                first = json.loads(handle.readline(1 << 20))
        except (OSError, ValueError, RecursionError):
            continue
        if isinstance(first, dict) and first.get("sessionId") == session:
            found.append(path)
    return found


def _import(ws: Workspace, hook: HookInput, result: HookResult) -> None:
    for path, fmt in _transcripts(hook):
        imported = import_appended(ws, path, fmt)
        if imported is None:
            continue
        thread, count = imported
        if thread not in result.threads:
            result.threads.append(thread)
        result.imported += count


def import_appended(ws: Workspace, path: Path, fmt: str) -> tuple[str, int] | None:
    """Import what the transcript gained since the last hook (the importer keeps the
    byte offset it read up to, so a long session is not read again); None when it
    names no thread yet or is one the importer passes over (a warm-up agent). The
    events that import come at the end of a turn, so the last reply is complete
    (`final`); a torn last line still waits for the next hook."""
    from memctl.agents.imports import import_source

    done = import_source(ws, path.expanduser(), fmt=fmt, final=True)
    if done.skipped or not done.thread:
        return None
    return done.thread, done.imported


def _flush(
    ws: Workspace, config: Config, models: Models, result: HookResult, *, auto: bool
) -> None:
    from memctl.core.threads import count_entries, thread_path
    from memctl.pipeline.flush import flush, watermark_place

    # Counting lines is cheap (no parse), and from the watermark's place only the new
    # ones; a Stop that added nothing must not pay for the flush's start (its lock,
    # state and model).
    state = ws.read_state()
    threads = [
        t
        for t in result.threads
        if count_entries(thread_path(ws, t), watermark_place(state.threads.get(t)))
        > state.flushed(t)
    ]
    if not threads:
        return
    if not auto and not config.memory.hooks:
        result.flush_skipped = "memory.hooks is false"
        return
    if not auto and config.memory.flush_trigger.kind == "never":
        result.flush_skipped = "memory.flush_trigger is never"
        return
    done = flush(ws, config, models.memory(), threads=threads, auto=auto)
    result.flushed_facts += sum(item.facts for item in done.threads)
    result.flush_skipped = done.skipped


def _maintain(ws: Workspace, config: Config, models: Models, result: HookResult) -> None:
    from memctl.pipeline.maintain import maintain

    done = maintain(ws, config, models.memory(), retry_failed=False)
    result.maintained = done.status if done.status != "skipped" else f"skipped: {done.skipped}"
    if done.error:
        raise UsageError(f"maintain: {done.error}")


def _network_model(config: Config) -> bool:
    return not config.memory_model.is_builtin


def _detach(ws: Workspace, result: HookResult) -> None:
    """Run the slow part of SessionEnd in a process of its own session, so the agent's
    exit (which kills the hook's process group) does not cut it short."""
    if not result.threads:
        return
    code = (
        "import sys; from memctl.agents.hooks import finish_session; finish_session(*sys.argv[1:])"
    )
    try:
        subprocess.Popen(
            [sys.executable, "-c", code, str(ws.root), result.agent, *result.threads],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
            close_fds=True,
        )
    except OSError as exc:
        raise UsageError(f"cannot start the detached flush: {exc.strerror}") from None
    result.detached = True


def finish_session(root: str, agent: str, *threads: str) -> None:
    """The detached half of SessionEnd: flush the session's threads, then maintenance.
    Every error goes to the hook log, where `memctl status` shows it."""
    from memctl.core.config import load_config
    from memctl.models.resolve import resolve_models

    path = Path(root)
    result = HookResult(agent, "SessionEnd", None, threads=list(threads))
    try:
        config = load_config(path / "memctl.yaml", os.environ.get("MEMCTL_MODEL") or None)
        ws = Workspace(path, config.timezone)
        models = resolve_models(ws, config)
        _step(result, lambda: _flush(ws, config, models, result, auto=False))
        _step(result, lambda: _maintain(ws, config, models, result))
    except MemctlError as exc:
        result.errors.append(str(exc))
    except Exception as exc:  # a detached process has no one else to tell
        result.errors.append(f"internal error: {type(exc).__name__}: {exc}")
    for error in result.errors:
        log_error(path, agent, "SessionEnd (detached)", None, error)


# --------------------------------------------------------------------------- output


def hook_output(hook: HookInput, result: HookResult, fmt: str) -> str:
    """What the hook prints on stdout. `json`: `hookSpecificOutput.additionalContext`
    for the events that inject context (both agents read it); `text`: the context as
    plain stdout, which Claude Code adds for SessionStart and UserPromptSubmit. Codex's
    hooks.json expects a JSON object from every hook, so it gets `{}` when there is
    nothing to say."""
    if result.context is None:
        return "{}" if hook.agent == "codex" and not hook.notify else ""
    if fmt == "text":
        return result.context
    return json.dumps(
        {
            "hookSpecificOutput": {
                "hookEventName": hook.event,
                "additionalContext": result.context,
            }
        },
        ensure_ascii=False,
    )
