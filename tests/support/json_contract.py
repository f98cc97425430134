"""The --json contract: the fields of every command's document, found by running each
command with --json on a small offline workspace (the builtin model) and reading the
results handed to `memctl.cli.output.json_document`.

A dataclass in a result is read from its class, so a field is seen even where this run
left it null or an empty list; a plain dict (search's document, doctor's, a to_dict())
is read from the keys it had. Shared by tests/cli/test_json_contract.py, which fails
when the fields differ from those recorded for the schema version, and
scripts/gen_json_doc.py, which records a new version's fields and writes docs/JSON.md.
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import functools
import importlib
import inspect
import json
import os
import re
import shutil
import subprocess
import sys
import types
import typing
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any
from unittest import mock

import typer.main
import typer.testing
from typer.testing import CliRunner

from memctl.cli import output

ROOT = Path(__file__).resolve().parent.parent.parent
SNAPSHOT = Path(__file__).resolve().parent / "json_fields.json"
DOC = ROOT / "docs" / "JSON.md"
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "import"

NOT_DOCUMENTS = {
    "hook": "prints what the agent's hook protocol asks for (Claude Code's or Codex's)",
    "mcp": "speaks JSON-RPC, the Model Context Protocol, on stdin and stdout",
}
"""Commands whose stdout is another program's format, which --json does not change."""

ERROR = "error"
"""The label of the document every command prints when it fails under --json."""


# --------------------------------------------------------------------------- running the commands


@dataclass
class Scenario:
    """Every document the scenario printed, by label: the command as typed, with the
    option that gives it a document of its own (`index --dry-run`)."""

    documents: dict[str, list[object]] = field(default_factory=dict)
    printed: dict[str, list[str]] = field(default_factory=dict)
    """What each run wrote on stdout, to check that the emitter's output is what it was handed."""


class HashEmbedder:
    """recall's semantic leg in the scenario, in process: the loopback embedding server's
    hashed bags of words (tests/support/embed_server.py), so that `recall --explain`
    prints a hybrid ranking's fields whether or not memctl[semantic] is installed."""

    name = "scenario-hash"
    context = False

    def embed(self, texts: list[str]) -> list[list[float]]:
        from tests.support.embed_server import embed

        return [embed(text) for text in texts]

    def cost(self, tokens: int) -> float | None:
        return None


def isolated_env(home: Path) -> dict[str, str | None]:
    """No developer key, workspace, model override or agent home; no `claude` or `codex`
    on PATH for install to run (as tests/conftest.py's isolated_env)."""
    prefixes = ("MEMCTL_", "OPENAI_", "ANTHROPIC_", "AZURE_", "GEMINI_", "LITELLM_")
    env: dict[str, str | None] = {
        name: None
        for name in os.environ
        if name.startswith(prefixes) or name in ("NO_COLOR", "FORCE_COLOR")
    }
    env.update(
        HOME=str(home),
        CLAUDE_CONFIG_DIR=str(home / ".claude"),
        CODEX_HOME=str(home / ".codex"),
        PATH=str(home / "no-agents-here"),
        LITELLM_LOCAL_MODEL_COST_MAP="True",
    )
    return env


@contextlib.contextmanager
def recording(scenario: Scenario, label: list[str]) -> Iterator[None]:
    """Every result handed to the emitter, under the label of the run that printed it."""
    real = output.json_document

    def record(result: object) -> dict[str, Any]:
        scenario.documents.setdefault(label[0], []).append(result)
        return real(result)

    with mock.patch.object(output, "json_document", record):
        yield


def run_scenario(root: Path) -> Scenario:
    """Each command with --json, in an order that gives each document its fields: a
    thread to flush, a ledger to consolidate and then to archive, a version to undo."""
    from memctl.cli.app import app

    scenario = Scenario()
    label = [""]
    ws, home, project = root / "ws", root / "home", root / "project"
    for folder in (home, project):
        folder.mkdir(parents=True)
    command = typer.main.get_command(app)
    runner = CliRunner()

    def run(name: str, *args: object, code: int = 0, stdin: str | None = None) -> None:
        label[0] = name
        done = runner.invoke(
            app,
            ["--json", "-w", str(ws), *map(str, args)],
            input=stdin,
            env=isolated_env(home),
            catch_exceptions=False,
        )
        assert done.exit_code == code, f"memctl {name}: exit {done.exit_code}: {done.stderr}"
        scenario.printed.setdefault(name, []).append(done.stdout)

    conversation = (ROOT / "examples" / "conversation.jsonl").read_text(encoding="utf-8")
    old = (date.today() - timedelta(days=400)).isoformat()
    # Typer builds the click command from every signature at each invoke; once will do.
    built = mock.patch.object(typer.testing, "_get_command", lambda _app: command)
    with built, recording(scenario, label):
        run("init", "init", ws)
        # The documents are the same whether or not memctl[semantic] is installed.
        written = (ws / "memctl.yaml").read_text(encoding="utf-8")
        assert "  semantic: auto " in written
        written = written.replace("  semantic: auto ", "  semantic: off ")
        (ws / "memctl.yaml").write_text(written, encoding="utf-8")
        run("config show", "config", "show")  # before `sync:` is set: its nulls
        run("thread append", "thread", "append", "t1", "-", stdin=conversation)
        # A group chat's message carries who said it: a thread hit's `speaker`.
        named = '{"role": "user", "name": "Dana", "content": "Deploys happen on Tuesdays."}\n'
        run("thread append", "thread", "append", "group", "-", stdin=named)
        run("thread import", "thread", "import", FIXTURES / "claude-session.jsonl")
        sessions = root / "sessions"
        sessions.mkdir()
        shutil.copy(FIXTURES / "support-chat.jsonl", sessions)
        run("thread import --all", "thread", "import", sessions, "--format", "openai")
        (sessions / "broken.jsonl").write_text('{"role": "user", "content": \n', encoding="utf-8")
        run("thread import --all", "thread", "import", sessions, "--format", "openai", code=1)
        run("thread list", "thread", "list")
        run("thread show", "thread", "show", "t1", "--tail", "2")
        run("context", "context", "t1", "--dry-run")
        run("evict", "evict", "t1", "--dry-run")
        run("evict", "evict", "t1")
        run("flush", "flush", "--dry-run")
        run("flush", "flush")
        run("save", "save", "The build runs on Tuesdays.")
        run("get", "get", "today")
        run("log", "log", "--since", "2d")
        run("consolidate", "consolidate", "--dry-run")
        run("consolidate", "consolidate")
        run("history", "history")
        run("undo", "undo", "--dry-run")
        run("undo", "undo")
        run("forget", "forget", "Tuesdays", "--dry-run", "--all")
        run("forget", "forget", "runs on Tuesdays", "--replace", "The build runs on Wednesdays.")
        run("explain", "explain", "Wednesdays")
        run("compact", "compact", "t1", "--force", "--dry-run")
        run("compact", "compact", "t1", "--force")
        run("call", "call", "t1", "When do deploys happen?", "--dry-run")
        run("call", "call", "t1", "When do deploys happen?")
        run("index --dry-run", "index", "--dry-run")
        run("index", "index")
        (ws / "memory" / "2000-01-01.md").write_bytes(b"Tuesdays \xff\n")  # not UTF-8: skipped
        bad_log = ws / "threads" / "bad.jsonl"  # a bad log line that matches: its `entry`
        bad_log.write_text('{"role": "user", "content": "Tuesdays\n', encoding="utf-8")
        run("search", "search", "Tuesdays", "--scope", "all")
        (ws / "memory" / "2000-01-01.md").unlink()
        bad_log.unlink()
        run("recall", "recall", "when do deploys happen?")
        # A hybrid's --explain (its `fusion`), with or without memctl[semantic] installed.
        with mock.patch("memctl.models.resolve.resolve_embedder", lambda _config: HashEmbedder()):
            run("recall", "recall", "when do deploys happen?", "--explain")
        # Reciprocal rank fusion's --explain: `k` a number, no leg's `scaled`.
        with (
            mock.patch("memctl.models.resolve.resolve_embedder", lambda _config: HashEmbedder()),
            mock.patch("memctl.retrieval.recall.FUSION", "rrf"),
        ):
            run("recall", "recall", "when do deploys happen?", "--explain")
        # A later fact of the asked subject, placed above the one it replaced (`placed`).
        run("save", "save", "Staging is db3.")
        run("save", "save", "Staging was moved to db7.")
        run("recall", "recall", "which host is staging on?", "--explain")
        remote = root / "remote.git"  # a shared memory repository for sync
        git = shutil.which("git")
        assert git is not None, "the scenario syncs through git"
        (home / "no-agents-here").mkdir(exist_ok=True)
        (home / "no-agents-here" / "git").symlink_to(git)  # git only: no agent to install
        subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
        with (ws / "memctl.yaml").open("a", encoding="utf-8") as config:
            config.write(f"sync:\n  remote: {remote}\n  every: 15m\n")
        run("sync", "sync", "--dry-run")
        run("sync", "sync")
        (ws / "memory" / f"{old}.md").write_text("- An old fact.\n", encoding="utf-8")
        run("archive", "archive", "--dry-run")
        run("maintain", "maintain", "--force", "--dry-run")
        run("maintain", "maintain", "--force")
        (ws / "memory" / f"{old}.md").write_text("- Another old fact.\n", encoding="utf-8")
        run("archive", "archive")
        run("status", "status")
        run("doctor", "doctor", "--offline")
        run("export", "export", "--agents-md", project / "AGENTS.md", "--dry-run")
        # --user: `claude mcp add` is printed (not on PATH), so commands[] is filled.
        run("install", "install", "claude-code", "--user")
        run("uninstall", "uninstall", "claude-code", "--user")
        run("completion", "completion", "bash")
        run("config show", "config", "show")
        run("config validate", "config", "validate")
        run("thread rename", "thread", "rename", "t1", "t2")
        run("thread rm", "thread", "rm", "t2")
        # Each model named, for config show (null before: the main model, or none); what
        # recall would embed, priced from an empty table: litellm's takes seconds to import.
        embedding = "memory:\n  embedding_model: openai:text-embedding-3-small\n"
        models = "  model: builtin\ncompaction:\n  model: builtin\n"
        (ws / "memctl.yaml").write_text(embedding + models, encoding="utf-8")
        run("config show", "config", "show")
        # Each field of config show in its other shape: a model as a mapping (one with
        # every option, one with a few: the rest null), a throttled flush trigger,
        # truncate_args and a redaction pattern set (config.to_dict).
        (ws / "memctl.yaml").write_text(SHAPES_YAML, encoding="utf-8")
        run("config show", "config", "show")
        (ws / "memctl.yaml").write_text(embedding + models, encoding="utf-8")
        no_prices = types.SimpleNamespace(model_cost={})
        with mock.patch("memctl.models.litellm_adapter.import_litellm", lambda: no_prices):
            run("index --dry-run", "index", "--dry-run")
        run(ERROR, "get", "no-such-file.md", code=2)
        (ws / "memctl.yaml").write_text("model: 3\nbogus: 1\n", encoding="utf-8")
        run("config validate (problems)", "config", "validate", code=2)
    return scenario


SHAPES_YAML = """\
model:
  name: openai:gpt-4.1-mini
  api_base: http://localhost:4000
  api_key_env: MY_KEY
  context_window: 128000
  max_tokens: 2000
  timeout: 30s
  max_retries: 1
memory:
  model: {name: builtin, timeout: 10s}
  embedding_model: {name: openai:text-embedding-3-small, max_retries: 0}
  flush_trigger: {throttled: 10m}
compaction:
  model: {name: builtin, max_tokens: 500}
  truncate_args: {max_arg_length: 500, truncation_text: "[cut]"}
redaction:
  patterns:
    - {name: ticket, regex: 'TICKET-(\\d+)'}
"""
"""memctl.yaml for the second `config show`: every field in the shape the first leaves out."""


def registered_commands() -> set[str]:
    """Every command as typed: `status`, `thread list`, ..."""
    from memctl.cli.app import app

    names = {c.name for c in app.registered_commands if c.name}
    for group in app.registered_groups:
        sub = group.typer_instance
        assert group.name and sub is not None
        names |= {f"{group.name} {c.name}" for c in sub.registered_commands if c.name}
    return names


# --------------------------------------------------------------------------- reading the fields


@dataclass(frozen=True)
class Field:
    """One field of a document: where it is, its JSON type and what it holds."""

    path: str
    """From the document's top: `threads[].planned[].tokens` (`[]`: each element of an
    array, `.*`: each value of an object keyed by name)."""
    owner: str
    """The object it is a field of: a result dataclass, or `search` for a document a
    command builds as a dict, `search hits[]` for the objects in it."""
    name: str
    type: str
    about: str
    """The field's docstring or comment in the source, if it has one."""


OPAQUE = {
    ("context", "messages"): "The chat messages of the model request, in OpenAI's format.",
    ("context", "tools"): "The tools offered to the model, in OpenAI's function format.",
    ("thread show", "messages"): "The log's entries as stored: chat messages, compaction records.",
}
"""Fields of a document a command builds as a dict that hold another format's objects:
their keys are that format's, so the contract stops at the field."""


ONE_SHAPE = {
    "config show model": "config show model",
    "config show memory.model": "config show model",
    "config show memory.embedding_model": "config show model",
    "config show compaction.model": "config show model",
    "search hits[].corrected": "recall hits[].corrected",
}
"""Objects of a document a command builds as a dict that have one shape wherever they
are (a model in memctl.yaml, as config show prints it; the correction a search or a recall
hit was said before): one table, not one a place."""


DECLARED = {
    # RecallHit.when: null when the record's time is no date (out of range).
    ("recall hits[]", "when"): "string or null",
    # Candidate.bm25_rank, semantic_rank, cosine: a hit one leg of a hybrid did not rank.
    ("recall hits[].explain.fusion.bm25", "rank"): "integer or null",
    ("recall hits[].explain.fusion.semantic", "rank"): "integer or null",
    ("recall hits[].explain.fusion.semantic", "cosine"): "number or null",
}
"""(object, field) -> its JSON type, for a field of a document a command builds as a dict
whose value can take a type this scenario cannot bring about (each from the annotation
the dict copies it from, named beside it); joined with the types seen."""


@dataclass
class Reader:
    """Collects the fields of the documents of one label."""

    label: str
    fields: dict[str, Field] = field(default_factory=dict)
    types: dict[str, set[str]] = field(default_factory=dict)

    def result(self) -> dict[str, Field]:
        return {
            path: dataclasses.replace(f, type=joined(self.types[path]))
            for path, f in self.fields.items()
        }

    def add(self, path: str, owner: str, name: str, kind: str, about: str) -> None:
        self.types.setdefault(path, set()).add(kind)
        self.fields.setdefault(path, Field(path, owner, name, "", about))

    def read(self, value: Any, declared: Any, at: Place) -> None:
        """The fields under `at`: from `value`, and from `declared` (the type of the
        field that holds it) where the value is null or an empty array."""
        declared = unwrapped(declared)
        origin, args = typing.get_origin(declared), typing.get_args(declared)
        if origin is dict and args[1] in (Any, object):
            return  # an object of any shape: a request, a hook error
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            self.read_class(type(value), value, at)
        elif value is None and is_class(declared):
            self.read_class(declared, None, at)
        elif isinstance(value, dict) and origin is dict:
            for item in value.values() or [None]:
                self.read(item, args[1], at.into(".*"))
        elif value is None and origin is dict:
            self.read(None, args[1], at.into(".*"))
        elif isinstance(value, dict):
            self.read_dict(value, at, {})
        elif isinstance(value, list | tuple) or (value is None and origin in (list, tuple)):
            for item in value or [None]:
                self.read(item, args[0] if args else None, at.into("[]"))

    def read_class(self, cls: type, value: Any, at: Place) -> None:
        about = docstrings(cls)
        if hasattr(cls, "to_dict"):
            # to_dict decides the fields; a null one is read from an instance made of
            # defaults (a class without them must be seen filled in the scenario).
            self.read_dict((value if value is not None else cls()).to_dict(), at.of(cls), about)
            return
        hints = hints_of(cls)
        for f in dataclasses.fields(cls):
            inner = at.of(cls).into(f".{f.name}")
            kind = declared_type(hints[f.name])
            self.add(inner.path, cls.__name__, f.name, kind, about.get(f.name, ""))
            self.read(getattr(value, f.name) if value is not None else None, hints[f.name], inner)

    def read_dict(self, value: dict[str, Any], at: Place, about: dict[str, str]) -> None:
        for key, item in value.items():
            inner = at.into(f".{key}")
            if (at.name, key) in OPAQUE:
                kind = "array of object" if isinstance(item, list) else "object"
                self.add(inner.path, at.name, key, kind, OPAQUE[at.name, key])
                continue
            if inner.name in ONE_SHAPE:  # read as the object it shares its shape with
                inner = Place(inner.path, ONE_SHAPE[inner.name])
            self.add(inner.path, at.name, key, value_type(item, inner.name), about.get(key, ""))
            for kind in DECLARED.get((at.name, key), "").split(" or "):
                if kind:
                    self.add(inner.path, at.name, key, kind, "")
            self.read(item, None, inner)


@dataclass(frozen=True)
class Place:
    """Where the reader is: `path` from the document's top, and the object it is in
    (`base`, a class or the label) with the path from there (`rest`), which names a
    plain dict: `search hits[]`, `InstallResult files[]`."""

    path: str
    base: str
    rest: str = ""

    @property
    def name(self) -> str:
        return f"{self.base} {self.rest}" if self.rest else self.base

    def into(self, step: str) -> Place:
        path = (self.path + step).lstrip(".")
        return Place(path, self.base, (self.rest + step).lstrip("."))

    def of(self, cls: type) -> Place:
        return Place(self.path, cls.__name__)


def read_fields(label: str, documents: list[object]) -> dict[str, Field]:
    reader = Reader(label)
    for document in documents:
        reader.read(document, None, Place("", label))
    return reader.result()


def field_paths(scenario: Scenario) -> dict[str, list[str]]:
    """Label -> its document's field paths, sorted: what the snapshot records."""
    return {
        label: sorted(read_fields(label, documents))
        for label, documents in sorted(scenario.documents.items())
    }


def joined(kinds: set[str]) -> str:
    """`string or null` for a field seen as both; null last. An empty array is no type
    of its own beside the arrays of something seen elsewhere."""
    if any(kind.startswith("array of ") for kind in kinds):
        kinds = kinds - {"array"}
    ordered = sorted(kinds - {"null"}) + (["null"] if "null" in kinds else [])
    return " or ".join(ordered)


def unwrapped(declared: Any) -> Any:
    """`X | None` -> X; anything else as it is."""
    if isinstance(declared, types.UnionType) or typing.get_origin(declared) is typing.Union:
        rest = [a for a in typing.get_args(declared) if a is not type(None)]
        return rest[0] if len(rest) == 1 else None
    return declared


def is_class(declared: Any) -> bool:
    return isinstance(declared, type) and dataclasses.is_dataclass(declared)


SCALARS = {str: "string", int: "integer", float: "number", bool: "boolean", type(None): "null"}


def declared_type(declared: Any) -> str:
    """A field's type as JSON names it, from its annotation."""
    if declared in SCALARS:
        return SCALARS[declared]
    if declared in (Any, object):
        return "any"
    if isinstance(declared, types.UnionType) or typing.get_origin(declared) is typing.Union:
        return joined({declared_type(a) for a in typing.get_args(declared)})
    origin, args = typing.get_origin(declared), typing.get_args(declared)
    if origin is typing.Literal:
        return "string"
    if origin in (list, tuple):
        return f"array of {declared_type(args[0])}" if args else "array"
    if origin is dict:
        inner = declared_type(args[1])
        return "object" if inner == "any" else f"object of {inner}"
    if isinstance(declared, type) and issubclass(declared, Path | datetime | date):
        return "string"
    if is_class(declared):
        return declared.__name__
    raise TypeError(f"no JSON type for {declared!r}: add it to declared_type")


def value_type(value: Any, owner: str) -> str:
    """A dict value's type as JSON names it, from the value itself."""
    for python, name in SCALARS.items():
        if type(value) is python:
            return name
    if hasattr(value, "to_dict") or dataclasses.is_dataclass(value):
        return type(value).__name__
    if isinstance(value, dict):
        return owner
    if isinstance(value, list | tuple):
        inner = {value_type(v, f"{owner}[]") for v in value}
        return f"array of {joined(inner)}" if inner else "array"
    if isinstance(value, Path | datetime | date):
        return "string"
    raise TypeError(f"no JSON type for {type(value)} in {owner}")


@functools.cache
def hints_of(cls: type) -> dict[str, Any]:
    """The annotations of a dataclass, resolved, with the names its module imports only
    for type checking."""
    module = sys.modules[cls.__module__]
    return typing.get_type_hints(cls, globalns={**checked_names(module.__name__), **vars(module)})


@functools.cache
def checked_names(module: str) -> dict[str, Any]:
    """What `module` imports under `if TYPE_CHECKING:`."""
    names = {}
    for node in ast.walk(module_tree(module)[0]):
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            for imported in node.body:
                if isinstance(imported, ast.ImportFrom) and imported.module:
                    source = importlib.import_module(imported.module)
                    for alias in imported.names:
                        names[alias.asname or alias.name] = getattr(source, alias.name)
    return names


@functools.cache
def module_tree(module: str) -> tuple[ast.Module, list[str]]:
    """A module's syntax tree and lines, parsed once."""
    text = Path(inspect.getfile(sys.modules[module])).read_text(encoding="utf-8")
    return ast.parse(text), text.splitlines()


@functools.cache
def docstrings(cls: type) -> dict[str, str]:
    """Field -> the string literal under it, else the comment after it, in the class body."""
    tree, lines = module_tree(cls.__module__)
    (body,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls.__name__]
    found = {}
    for node, after in zip(body.body, [*body.body[1:], None], strict=True):
        if not (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)):
            continue
        if (
            isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            found[node.target.id] = " ".join(after.value.value.split())
        elif "  # " in lines[node.lineno - 1]:
            found[node.target.id] = lines[node.lineno - 1].split("  # ", 1)[1].strip()
    return found


# --------------------------------------------------------------------------- the snapshot


def recorded() -> dict[str, dict[str, list[str]]]:
    """Schema version -> label -> field paths, for every version so far."""
    if not SNAPSHOT.is_file():
        return {}
    return json.loads(SNAPSHOT.read_text(encoding="utf-8"))


def changes(before: dict[str, list[str]], now: dict[str, list[str]]) -> list[str]:
    """What differs, a line a document: `status: +new_field -old_field`."""
    lines = []
    for label in sorted(before.keys() | now.keys()):
        old, new = set(before.get(label, [])), set(now.get(label, []))
        if old != new:
            moved = [f"+{p}" for p in sorted(new - old)] + [f"-{p}" for p in sorted(old - new)]
            lines.append(f"{label}: {' '.join(moved)}")
    return lines


# --------------------------------------------------------------------------- docs/JSON.md

GENERATED = (
    "<!-- Below: written by `python scripts/gen_json_doc.py`; edit the Meaning cells only. -->"
)
ROW = re.compile(r"^\| `(?P<name>[^`]+)` \| (?P<type>.*?) \| (?P<about>.*) \|$")


def anchor(title: str) -> str:
    """The anchor GitHub gives a heading."""
    return re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")


def meanings(text: str) -> dict[tuple[str, str], str]:
    """(object, field) -> the Meaning written in docs/JSON.md, to keep on a rewrite."""
    found = {}
    owner = None
    for line in text.splitlines():
        if line.startswith("### "):
            owner = line[4:].strip().strip("`")
        elif owner and (row := ROW.match(line)) and row["about"].strip():
            found[owner, row["name"]] = row["about"].strip()
    return found


def objects_of(fields: dict[str, dict[str, Field]]) -> dict[str, dict[str, Field]]:
    """Object -> its fields by name, over every label (a CompactResult in `compact` and
    in `call`'s compactions is one object)."""
    objects: dict[str, dict[str, Field]] = {}
    for by_path in fields.values():
        for f in by_path.values():
            seen = objects.setdefault(f.owner, {})
            if f.name in seen and seen[f.name].type != f.type:
                kinds = set(seen[f.name].type.split(" or ")) | set(f.type.split(" or "))
                seen[f.name] = dataclasses.replace(seen[f.name], type=joined(kinds))
            else:
                seen.setdefault(f.name, f)
    return objects


def linked(kind: str, objects: dict[str, dict[str, Field]]) -> str:
    """A type with each object it names linked to that object's table."""
    out = []
    for part in kind.split(" or "):
        head, of, inner = part.rpartition(" of ")
        if of and inner in objects:
            out.append(f"{head} of [{inner}](#{anchor(inner)})")
        elif part in objects:
            out.append(f"[{part}](#{anchor(part)})")
        else:
            out.append(part)
    return " or ".join(out)


def document_text(scenario: Scenario, previous: str) -> str:
    """docs/JSON.md: its hand-written head as it is, then a table of the documents and one
    of each object's fields, keeping each Meaning already written (else the field's
    docstring)."""
    head = previous.split(GENERATED)[0].rstrip("\n")
    kept = meanings(previous)
    fields = {label: read_fields(label, docs) for label, docs in sorted(scenario.documents.items())}
    objects = objects_of(fields)
    lines = [
        head,
        "",
        GENERATED,
        "",
        "## The documents",
        "",
        "| Command | Document |",
        "| --- | --- |",
    ]
    for label, by_path in fields.items():
        top = {f.owner for f in by_path.values() if "." not in f.path and "[]" not in f.path}
        (owner,) = top
        typed = "any command that fails" if label == ERROR else f"`{label}`"
        lines.append(f"| {typed} | [{owner}](#{anchor(owner)}) |")
    for name, note in NOT_DOCUMENTS.items():
        lines.append(f"| `{name}` | none: it {note} |")
    lines += ["", "## The objects"]
    for owner in sorted(objects, key=str.lower):
        lines += ["", f"### {owner}", "", "| Field | Type | Meaning |", "| --- | --- | --- |"]
        for name, f in objects[owner].items():
            about = kept.get((owner, name)) or f.about
            lines.append(f"| `{name}` | {linked(f.type, objects)} | {about} |")
    return "\n".join(lines).lstrip("\n") + "\n"


def unexplained(text: str) -> list[str]:
    """`object.field` of each row of docs/JSON.md whose Meaning is empty."""
    missing = []
    owner = None
    for line in text.split(GENERATED, 1)[-1].splitlines():
        if line.startswith("### "):
            owner = line[4:].strip()
        elif owner and (row := ROW.match(line)) and not row["about"].strip():
            missing.append(f"{owner}.{row['name']}")
    return missing
