"""doctor."""

from __future__ import annotations

import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from memctl.cli.core import app, command, globals_of, os_error_line
from memctl.cli.output import colour_wanted, emit, terminal_text
from memctl.core.wording import plural

if TYPE_CHECKING:
    from memctl.core.config import Config, ModelSpec
    from memctl.core.workspace import Workspace
    from memctl.models.interface import Model

FREE_DISK_BYTES = 100_000_000
_FAIL, _WARN, _RESET = "\x1b[1;31m", "\x1b[33m", "\x1b[0m"
"""A failed check in bold red, a warning in yellow: on a terminal (or --color always),
as search colours its hits."""


def _painted(text: str, colour: str, paint: bool) -> str:
    return f"{colour}{text}{_RESET}" if paint else text


@dataclass
class Check:
    name: str
    ok: bool
    detail: str
    warning: bool = False
    """Worth a look, but not a failure (exit 0)."""


@command(app, "doctor", short_help="Check keys, models, permissions and cron.")
def doctor_command(
    ctx: typer.Context,
    offline: Annotated[
        bool, typer.Option("--offline", help="Skip the check that sends a request to each model.")
    ] = False,
) -> None:
    """Check what `config validate` cannot: each model's key, that its api_base answers
    (one tiny request), its window, recall's semantic leg (-v also loads its model), the
    lock, permissions, free disk, what cron needs, and that the sync remote answers.
    One line a check; exit 1 if any fails.

    Example: memctl doctor; memctl doctor --offline
    """
    g = globals_of(ctx)
    ws, config = g.open()
    checks = [
        *_model_checks(ws, config, offline),
        _recall_check(config, g.verbose),
        *_workspace_checks(ws),
        *_cron_checks(ws),
        *_codex_checks(ws),
    ]
    checks += _sync_checks(ws, config, offline)
    failed = [c for c in checks if not c.ok]

    def text() -> str:
        paint = colour_wanted(sys.stdout)

        def mark(c: Check) -> str:
            if c.ok:
                return "ok  " if not c.warning else _painted("warn", _WARN, paint)
            return _painted("FAIL", _FAIL, paint)

        # a detail can quote a model's or a remote's answer: written out before painting
        return "\n".join(f"{mark(c)}  {terminal_text(f'{c.name}: {c.detail}')}" for c in checks)

    emit(g, {"ok": not failed, "checks": checks}, text, painted=True)
    if failed:
        raise typer.Exit(1)


def _sync_checks(ws: Workspace, config: Config, offline: bool) -> list[Check]:
    """The shared remote answers `git ls-remote` (no check when sync is off); a remote
    on this machine (a path: no network) whose branch holds a file memctl did not write,
    which every sync refuses, is a warning (`check_foreign`, which fetches into a
    throw-away repository: doctor writes nothing of the workspace's)."""
    if not config.sync.remote:
        return []
    url = config.sync.remote
    if offline:
        return [Check("sync remote", True, f"{url}: not asked (--offline)", True)]
    from memctl.core.errors import UsageError
    from memctl.pipeline.sync import DEFAULT_BRANCH, check_foreign, check_remote, is_local

    problem = check_remote(ws, config)
    checks = [Check("sync remote", problem is None, problem or f"{url} answers")]
    if problem is None and is_local(url):
        branch = config.sync.branch
        try:
            check_foreign(url, branch, explicit=branch != DEFAULT_BRANCH, done="sync refuses it")
        except UsageError as exc:
            checks.append(Check("sync remote files", True, str(exc), True))
    return checks


def _recall_check(config: Config, load: bool) -> Check:
    """How recall ranks: BM25 alone, or fused with which semantic leg. WordLlama (the
    `memctl[semantic]` extra) is checked without loading it (the package, what it
    requires and its model's files: `semantic.missing`), since loading takes a second
    (audit 7); with -v (`load`) it is also loaded and asked for one vector, offline, so
    a broken install shows here rather than as a note on every recall."""
    from memctl.models.interface import EmbeddingFailed
    from memctl.models.semantic import INSTALL_HINT, NAME, WordLlamaEmbedder, installed, missing

    spec = config.memory.embedding_model
    if spec is not None:
        return Check("recall", True, f"BM25 + embeddings from {spec.name} (memory.embedding_model)")
    mode = config.recall.semantic
    if mode == "off":
        return Check("recall", True, "BM25 (recall.semantic: off)")
    if not installed():
        if mode == "on":
            return Check("recall", False, f"recall.semantic is on: {INSTALL_HINT}")
        return Check("recall", True, f"BM25 ({INSTALL_HINT})")
    lacking = missing()
    if lacking is not None:
        return Check("recall", False, lacking)
    if not load:
        return Check(
            "recall",
            True,
            f"BM25 + semantic leg {NAME} (offline, the model in its wheel; -v loads it)",
        )
    try:
        WordLlamaEmbedder().embed(["doctor"])
    except EmbeddingFailed as exc:
        return Check("recall", False, str(exc))
    return Check(
        "recall", True, f"BM25 + semantic leg {NAME} (offline, the model in its wheel: loaded)"
    )


def _specs(config: Config) -> list[tuple[str, ModelSpec]]:
    seen: dict[str, tuple[str, ModelSpec]] = {}
    for role, spec in (
        ("main", config.model),
        ("memory", config.memory_model),
        ("compaction", config.compaction_model),
    ):
        if spec.name in seen:
            seen[spec.name] = (f"{seen[spec.name][0]}, {role}", spec)
        else:
            seen[spec.name] = (role, spec)
    return list(seen.values())


def _model_checks(ws: Workspace, config: Config, offline: bool) -> list[Check]:
    from memctl.core.errors import MemctlError
    from memctl.models.interface import Request
    from memctl.models.litellm_adapter import missing_key
    from memctl.models.resolve import resolve_model

    checks = []
    for role, spec in _specs(config):
        label = f"model {spec.name} ({role})"
        if spec.is_builtin:
            checks.append(Check(label, True, "builtin: offline, no key, free"))
            continue
        model = resolve_model(ws, spec)
        unknown = _unknown_provider(model)
        if unknown:
            checks.append(Check(f"{label} provider", False, unknown))
            continue
        missing = missing_key(spec)
        checks.append(Check(f"{label} key", not missing, missing or "set"))
        if missing:
            continue
        window = model.window()
        checks.append(
            Check(
                f"{label} window",
                window is not None,
                f"{window:,} tokens"
                if window
                else "unknown: set context_window for it in memctl.yaml",
            )
        )
        if offline:
            continue
        where = spec.api_base or "the provider"
        try:
            model.complete(
                Request(task="doctor", messages=[{"role": "user", "content": "Say OK."}])
            )
        except MemctlError as exc:
            checks.append(Check(f"{label} answers", False, str(exc)))
        else:
            checks.append(Check(f"{label} answers", True, f"{where} answered a one-line request"))
    return checks


def _unknown_provider(model: Model) -> str | None:
    """Why litellm cannot serve the model (`nope:xyz`), or None. Without this the key
    check said "set" for a provider litellm does not know, which has no key to miss."""
    from memctl.core.errors import ConfigError
    from memctl.models.litellm_adapter import LiteLLMModel

    if not isinstance(model, LiteLLMModel):
        return None
    try:
        model.check_provider()
    except ConfigError as exc:
        return str(exc)
    return None


def _workspace_checks(ws: Workspace) -> list[Check]:
    from memctl.core.errors import BusyError

    checks = []
    # Before the lock, whose first hold removes them unnamed.
    leftovers = [ws.relative(path) for path in ws.remove_leftovers()]
    if leftovers:
        checks.append(
            Check(
                "leftover temp files",
                True,
                f"removed {plural(len(leftovers), 'temp file')} that killed runs left "
                f"(never read): {', '.join(leftovers)}",
                True,
            )
        )
    try:
        with ws.lock(wait=0):
            checks.append(Check("lock", True, f"{ws.relative(ws.state_dir / 'lock')} is free"))
    except BusyError as exc:
        checks.append(Check("lock", True, f"held now ({exc}); fine while a run goes", True))
    except OSError as exc:
        # A read-only workspace (a read-only mount, modes): a failed check, not the end
        # of the report, so the checks below still say what else is wrong.
        checks.append(Check("lock", False, f"cannot be taken: {os_error_line(exc)}"))
    for folder in (ws.root, ws.memory_dir, ws.root / "threads", ws.state_dir):
        name = ws.relative(folder) if folder != ws.root else str(ws.root)
        writable = folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)
        checks.append(
            Check(
                f"write {name}", writable, "writable" if writable else "not writable (or missing)"
            )
        )
    checks.append(_text_check(ws))
    from memctl.retrieval.index import index_path, index_unusable

    unusable = index_unusable(ws)
    index = index_path(ws)
    there = f"{ws.relative(index)} is a file" if index.is_file() else "none yet (search builds it)"
    checks.append(Check("search index", unusable is None, unusable or there))
    free = shutil.disk_usage(ws.root).free
    checks.append(
        Check(
            "free disk",
            free >= FREE_DISK_BYTES,
            f"{free / 1e9:.1f} GB free"
            if free >= FREE_DISK_BYTES
            else f"only {free / 1e6:.0f} MB free",
        )
    )
    return checks


def _text_check(ws: Workspace) -> Check:
    """Whether MEMORY.md and every ledger are UTF-8 text: one that is not (a ledger saved
    in Latin-1) makes every consolidate and maintain fail and is skipped by search and
    recall, while doctor said ok (audit 17 M7)."""
    bad = []
    for path in (ws.memory_md, *ws.daily_files(include_archive=True)):
        try:
            path.read_bytes().decode("utf-8")
        except UnicodeDecodeError as exc:
            bad.append(f"{ws.relative(path)} (byte {exc.start})")
        except OSError:
            continue  # gone since listed, or unreadable: the write checks say why
    if bad:
        return Check(
            "memory text",
            False,
            f"not UTF-8 text (consolidate fails, search and recall skip them; fix or "
            f"move them): {', '.join(bad)}",
        )
    return Check("memory text", True, "MEMORY.md and the ledgers are UTF-8 text")


def _cron_checks(ws: Workspace) -> list[Check]:
    """cron runs with a bare PATH and none of this shell's variables."""
    found = shutil.which("memctl")
    running: Path | str | None = None
    if Path(sys.argv[0]).name == "memctl":
        running = Path(sys.argv[0]).resolve()
    elif Path(sys.argv[0]).name == "__main__.py":  # python -m memctl: the same interpreter
        running = f"{sys.executable} -m memctl"
    command = found or running or "memctl"
    line = f"crontab line: */15 * * * * {command} -q -w {ws.root} maintain"
    checks = [
        Check(
            "cron",
            True,
            line if found else f"memctl is not on this PATH; use its full path: {line}",
            warning=found is None,
        )
    ]
    if os.environ.get("MEMCTL_MODEL"):
        checks.append(
            Check(
                "cron: MEMCTL_MODEL",
                True,
                "set in this shell; cron will not have it: put the model in memctl.yaml",
                True,
            )
        )
    return checks


def _codex_checks(ws: Workspace) -> list[Check]:
    """memctl's Codex hooks that are installed but would not run: Codex 0.171 runs a
    hook only once the user reviewed it, and a project's .codex/ only in a trusted
    project, and it says nothing about what it skips."""
    from memctl.agents.codex import codex_home, project_trusted, unreviewed_hooks
    from memctl.agents.settings import holds_hook

    project = Path.cwd()
    installed = [
        path
        for path in (codex_home() / "hooks.json", project / ".codex" / "hooks.json")
        if holds_hook(path, ws, "codex")
    ]
    if not installed:
        return []
    if project / ".codex" / "hooks.json" in installed and not project_trusted(project):
        # Codex lists no hook of an untrusted project, so it cannot say they are reviewed
        return [
            Check(
                "codex project trust",
                False,
                f"{project} is not trusted: Codex ignores its .codex/ (start `codex` here, "
                'choose "Trust and continue", then "Trust all and continue" for the hooks)',
            )
        ]
    checks = []
    unreviewed = unreviewed_hooks(ws, project)
    if unreviewed is None:
        checks.append(
            Check("codex hooks", True, "installed; codex is not on PATH to ask if they run", True)
        )
    elif unreviewed:
        checks.append(
            Check(
                "codex hooks",
                False,
                f"installed but not reviewed, so Codex does not run them ({', '.join(unreviewed)}):"
                ' start `codex` and choose "Trust all and continue" (or type /hooks and press t)',
            )
        )
    else:
        checks.append(Check("codex hooks", True, "reviewed: Codex runs them"))
    return checks
