"""Which layer may import what, read from the source (AST), so a violation fails at once.

Stage modules are library code: no CLI framework, no printing. litellm takes seconds to
import, so it is imported only inside the functions of memctl/litellm_model.py (the
adapter) that call a model.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "memctl"
ADAPTER = PACKAGE / "models/litellm_adapter.py"
CLI_FRAMEWORKS = ("typer", "rich", "click")


@dataclass(frozen=True)
class Import:
    module: str
    line: int
    in_function: bool
    type_checking_only: bool


def relative(path: Path) -> str:
    return path.relative_to(PACKAGE.parent).as_posix()


def all_modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def stage_modules() -> list[Path]:
    return [p for p in all_modules() if "cli" not in p.relative_to(PACKAGE).parts]


def _is_type_checking(node: ast.AST) -> bool:
    test = node.test if isinstance(node, ast.If) else None
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


@functools.cache
def parsed(path: Path) -> ast.Module:
    """A module's tree, parsed once: most modules are read by several tests."""
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


@functools.cache
def imports_of(path: Path) -> list[Import]:
    """Every import in a module, with whether it runs only inside a function."""
    found: list[Import] = []

    def visit(node: ast.AST, in_function: bool, type_checking: bool) -> None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append(Import(alias.name, node.lineno, in_function, type_checking))
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append(Import(node.module, node.lineno, in_function, type_checking))
        inner = in_function or isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
        guarded = type_checking or _is_type_checking(node)
        for child in ast.iter_child_nodes(node):
            visit(child, inner, guarded)

    visit(parsed(path), False, False)
    return found


def top_package(module: str) -> str:
    return module.split(".", 1)[0]


def test_the_scan_sees_the_known_imports():
    """Guards the guards: the scanner must find litellm inside the adapter's functions."""
    llm_imports = [i for i in imports_of(ADAPTER) if i.module == "litellm"]
    assert llm_imports and all(i.in_function for i in llm_imports)
    assert any(i.module == "typer" for i in imports_of(PACKAGE / "cli" / "app.py"))
    assert len(stage_modules()) >= 8


def test_the_scan_tells_module_level_from_function_level(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from typing import TYPE_CHECKING\n"
        "import litellm.utils\n"
        "if TYPE_CHECKING:\n"
        "    from rich.console import Console\n"
        "def call():\n"
        "    import typer\n"
        "    return lambda: __import__('x')\n",
        encoding="utf-8",
    )

    assert imports_of(sample) == [
        Import("typing", 1, in_function=False, type_checking_only=False),
        Import("litellm.utils", 2, in_function=False, type_checking_only=False),
        Import("rich.console", 4, in_function=False, type_checking_only=True),
        Import("typer", 6, in_function=True, type_checking_only=False),
    ]


@pytest.mark.parametrize("path", stage_modules(), ids=relative)
def test_stage_modules_do_not_import_cli_frameworks(path):
    offending = [
        f"{relative(path)}:{i.line} imports {i.module}"
        for i in imports_of(path)
        if top_package(i.module) in CLI_FRAMEWORKS
    ]
    assert not offending, "; ".join(offending) + " (only memctl/cli/ may)"


@pytest.mark.parametrize("path", stage_modules(), ids=relative)
def test_stage_modules_do_not_print(path):
    tree = parsed(path)
    calls = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "print"
    ]
    assert not calls, f"{relative(path)} calls print() on line(s) {calls}; return a result instead"


@pytest.mark.parametrize("path", all_modules(), ids=relative)
def test_litellm_is_imported_only_inside_functions_of_the_adapter(path):
    offending = []
    for found in imports_of(path):
        if top_package(found.module) != "litellm" or found.type_checking_only:
            continue
        if path != ADAPTER:
            offending.append(
                f"{relative(path)}:{found.line} imports litellm (use memctl.models.litellm_adapter)"
            )
        elif not found.in_function:
            offending.append(f"{relative(path)}:{found.line} imports litellm at module level")
    assert not offending, "; ".join(offending)


MACHINE_PATH = ("/tmp/", "/root/", "/work/", "/opt/", "/usr/local/")
"""Where a suite's own venv or checkout lands; /home/ paths appear as transcript data."""


@pytest.mark.parametrize(
    "path",
    [*all_modules(), *sorted(PACKAGE.parent.joinpath("tests").rglob("*.py"))],
    ids=lambda p: p.relative_to(PACKAGE.parent).as_posix(),
)
def test_no_literal_path_of_one_machine(path: Path) -> None:
    """A path that exists only where the suite was written passes there and fails on every
    fresh machine (the README's test command once failed 5 tests for `/tmp/venv/bin/memctl`):
    derive it from sys.executable, tmp_path or shutil.which instead."""
    found = [
        (node.lineno, node.value)
        for node in ast.walk(parsed(path))
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value.startswith(MACHINE_PATH)
        and node.value not in MACHINE_PATH
    ]
    assert not found, f"{relative(path)}: literal machine paths {found}"


# --------------------------------------------------------------------------- the CLI's one-way registration

CLI = PACKAGE / "cli"
ENTRY = "memctl.cli.app"


def imported_names(path: Path) -> set[str]:
    """Every module a file imports, at any level, counting `from memctl.cli import x` as
    an import of memctl.cli.x (it may be a module)."""
    tree = parsed(path)
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def command_modules() -> list[Path]:
    return sorted(p for p in (CLI / "commands").glob("*.py") if p.name != "__init__.py")


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)


def test_nothing_imports_the_entry_module_back():
    """The entry imports the app and the command modules; a command module importing it
    back is the cycle that made `app` half-built while its own commands registered."""
    offending = [
        relative(path)
        for path in all_modules()
        if path != CLI / "app.py" and path != PACKAGE / "__main__.py"
        if ENTRY in imported_names(path)
    ]
    assert not offending, f"{offending} import {ENTRY}; use memctl.cli.core and memctl.cli.output"


def test_the_shared_cli_modules_know_no_command():
    shared = [p for p in CLI.glob("*.py") if p not in command_modules() and p.name != "app.py"]
    commands = {module_name(p) for p in command_modules()}
    offending = [
        f"{relative(path)} imports {sorted(imported_names(path) & commands)}"
        for path in shared
        if imported_names(path) & commands
    ]
    assert {"core.py", "inputs.py", "output.py", "views.py"} <= {p.name for p in shared}
    assert not offending, "; ".join(offending)


def test_the_output_plumbing_knows_no_result():
    """output.py prints whatever it is handed; how a stage's result reads is a view
    (views.py, or the command's module), so the plumbing imports nothing of memctl."""
    found = [i.module for i in imports_of(CLI / "output.py") if top_package(i.module) == "memctl"]
    assert not found, f"memctl/cli/output.py imports {found}; views go in views.py"


def view_users(views: Path, module: str, commands: list[Path]) -> dict[str, set[str]]:
    """Each public function of `views` (imported as `module`) -> the command modules that
    print it, directly or through another view that calls it."""
    tree = parsed(views)
    defined = {
        node.name: {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
    }
    users: dict[str, set[str]] = {name: set() for name in defined}
    for path in commands:
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.ImportFrom) and node.module == module:
                for alias in node.names:
                    users.setdefault(alias.name, set()).add(path.stem)
    changed = True
    while changed:  # a view another view calls is printed by that view's commands too
        changed = False
        for name, called in defined.items():
            for callee in called & users.keys():
                if not users[name] <= users[callee]:
                    users[callee] |= users[name]
                    changed = True
    return {name: found for name, found in users.items() if not name.startswith("_")}


def test_every_shared_view_is_printed_by_two_commands_or_more():
    """views.py holds what two commands would otherwise word twice; a view one command
    prints belongs in that command's module, beside the rest of its text."""
    users = view_users(CLI / "views.py", "memctl.cli.views", command_modules())
    lonely = {name: sorted(found) for name, found in users.items() if len(found) < 2}
    assert len(users) >= 5
    assert not lonely, f"{lonely}: move each into its one command's module"


def test_a_view_of_one_command_is_caught(tmp_path):
    """Guards the guard: a view one command imports, and one only another view calls."""
    views = tmp_path / "views.py"
    views.write_text(
        "def shared(): return inner()\ndef inner(): return 1\ndef lonely(): return 2\n",
        encoding="utf-8",
    )
    commands = []
    for name, imported in (("a", "shared, lonely"), ("b", "shared")):
        path = tmp_path / f"{name}.py"
        path.write_text(f"from memctl.cli.views import {imported}\n", encoding="utf-8")
        commands.append(path)

    users = view_users(views, "memctl.cli.views", commands)

    assert users == {"shared": {"a", "b"}, "inner": {"a", "b"}, "lonely": {"a"}}


def test_command_modules_do_not_import_each_other():
    commands = {module_name(p) for p in command_modules()}
    offending = [
        f"{relative(path)} imports {sorted((imported_names(path) & commands) - {module_name(path)})}"
        for path in command_modules()
        if (imported_names(path) & commands) - {module_name(path)}
    ]
    assert not offending, (
        "; ".join(offending) + " (shared pieces go in core.py, output.py or views.py)"
    )


def test_every_command_module_is_registered_by_the_entry():
    from memctl.cli.app import COMMAND_MODULES

    on_disk = {path.stem for path in command_modules()}
    assert on_disk == set(COMMAND_MODULES), (
        "add each memctl/cli/*_cmd.py to COMMAND_MODULES in memctl/cli/app.py, once"
    )
    assert len(COMMAND_MODULES) == len(set(COMMAND_MODULES))


# --------------------------------------------------------------------------- docs/ARCHITECTURE.md

ARCHITECTURE = PACKAGE.parent / "docs" / "ARCHITECTURE.md"


def documented_layers(text: str) -> list[tuple[str, list[str]]]:
    """The `| Layer | Modules |` table, top layer first: (name, backticked paths)."""
    lines = text.splitlines()
    start = lines.index("| Layer | Modules |") + 2  # past the header and its rule
    layers = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        name, modules = (cell.strip() for cell in line.strip("|").split("|"))
        layers.append((name, [m.strip().strip("`") for m in modules.split(",")]))
    return layers


def layer_of_module(layers: list[tuple[str, list[str]]]) -> dict[str, int]:
    """Every module on disk (relative to memctl/) -> its layer's rank (0 = top)."""
    ranks: dict[str, int] = {}
    for rank, (_, entries) in enumerate(layers):
        for entry in entries:
            if "*" in entry:
                found = sorted(PACKAGE.glob(entry))
            elif entry.endswith("/"):
                found = list(PACKAGE.joinpath(entry).rglob("*.py"))
            else:
                found = [PACKAGE / entry] if (PACKAGE / entry).is_file() else []
            assert found, f"docs/ARCHITECTURE.md names `{entry}`, which is not in memctl/"
            for path in found:
                ranks[path.relative_to(PACKAGE).as_posix()] = rank
    return ranks


def module_file(module: str) -> str | None:
    """memctl.x.y -> x/y.py (or x/y/__init__.py); None for a module outside memctl."""
    parts = module.split(".")
    if parts[0] != "memctl":
        return None
    while len(parts) > 1:
        rest = "/".join(parts[1:])
        for candidate in (f"{rest}.py", f"{rest}/__init__.py"):
            if (PACKAGE / candidate).is_file():
                return candidate
        parts.pop()  # `from memctl.x import name`: a name, not a module
    return "__init__.py"


def upward_imports(ranks: dict[str, int], imports: dict[str, list[Import]]) -> list[str]:
    """Imports from a module to one in a layer above it."""
    offending = []
    for source, found in imports.items():
        for i in found:
            target = module_file(i.module)
            if target is not None and ranks[target] < ranks[source]:
                offending.append(f"memctl/{source}:{i.line} imports {i.module} (a higher layer)")
    return offending


def test_the_architecture_doc_lists_every_module_once():
    layers = documented_layers(ARCHITECTURE.read_text(encoding="utf-8"))
    listed = [entry for _, entries in layers for entry in entries]
    assert len(listed) == len(set(listed)), "docs/ARCHITECTURE.md lists a module twice"
    ranks = layer_of_module(layers)
    on_disk = {p.relative_to(PACKAGE).as_posix() for p in all_modules()}
    assert on_disk - set(ranks) == set(), "add these modules to docs/ARCHITECTURE.md's table"
    assert [name for name, _ in layers][:2] == ["entry", "commands"]


def test_imports_go_down_the_layers_the_architecture_doc_states():
    layers = documented_layers(ARCHITECTURE.read_text(encoding="utf-8"))
    ranks = layer_of_module(layers)
    imports = {p.relative_to(PACKAGE).as_posix(): imports_of(p) for p in all_modules()}
    assert not upward_imports(ranks, imports), "; ".join(upward_imports(ranks, imports))


def test_an_upward_import_is_caught():
    """Guards the guard: a stage importing the CLI, and a shared piece importing a stage."""
    layers = documented_layers(ARCHITECTURE.read_text(encoding="utf-8"))
    ranks = layer_of_module(layers)
    imports = {
        "pipeline/compact.py": [Import("memctl.cli.output", 3, True, False)],
        "core/state.py": [Import("memctl.pipeline.flush", 9, False, True)],
        "turn/call.py": [Import("memctl.core.threads", 1, False, False)],
    }
    assert upward_imports(ranks, imports) == [
        "memctl/pipeline/compact.py:3 imports memctl.cli.output (a higher layer)",
        "memctl/core/state.py:9 imports memctl.pipeline.flush (a higher layer)",
    ]


def test_the_architecture_doc_names_every_state_json_field():
    import memctl.core.state

    text = ARCHITECTURE.read_text(encoding="utf-8")
    schema = text[text.index("## state.json") :]
    classes = [
        memctl.core.state.State,
        memctl.core.state.ThreadMark,
        memctl.core.state.Consolidation,
        memctl.core.state.PendingMerge,
        memctl.core.state.ImportMark,
    ]
    missing = [
        f"{cls.__name__}.{f.name}"
        for cls in classes
        for f in dataclasses.fields(cls)
        if f.name != "extra" and not re.search(rf"\b{f.name}\b", schema)
    ]
    assert not missing, f"docs/ARCHITECTURE.md's state.json section lacks {missing}"


def memctl_imports(path: Path) -> set[str]:
    """The memctl modules `path` imports, at any level (a function's import included)."""
    return {i.module for i in imports_of(path) if top_package(i.module) == "memctl"}


def test_the_model_interface_imports_nothing_of_memctl():
    assert memctl_imports(PACKAGE / "models/interface.py") == set()


@pytest.mark.parametrize(
    ("module", "forbidden"),
    [
        # builtin and the adapter import the interface (memctl.models.interface), never each other
        # nor the resolution (memctl.models.resolve) that picks one of them.
        ("models/builtin.py", {"memctl.models.resolve", "memctl.models.litellm_adapter"}),
        ("models/litellm_adapter.py", {"memctl.models.resolve", "memctl.models.builtin"}),
    ],
)
def test_the_model_layer_has_no_cycle(module: str, forbidden: set[str]):
    imported = memctl_imports(PACKAGE / module)
    assert "memctl.models.interface" in imported
    assert not imported & forbidden


# --------------------------------------------------------------------------- the composition root

STAGE_PACKAGES = ("pipeline", "turn", "retrieval")
RESOLUTION = {"memctl.models.resolve", "memctl.models.litellm_adapter"}
"""What builds a model. Only entry points (CLI commands, the hook handler) resolve; a
stage is handed its models and asks them (`Model.window`, `Model.estimate_cost`)."""


def resolution_imports(found: dict[str, set[str]]) -> list[str]:
    """`module imports target` for each import of the resolution by a stage module."""
    return sorted(
        f"memctl/{module} imports {target}"
        for module, names in found.items()
        for target in sorted(names & RESOLUTION)
    )


def test_stages_are_handed_their_models():
    found = {
        path.relative_to(PACKAGE).as_posix(): imported_names(path)
        for package in STAGE_PACKAGES
        for path in sorted((PACKAGE / package).rglob("*.py"))
    }
    assert len(found) >= 15
    assert not resolution_imports(found), "; ".join(resolution_imports(found))


def test_a_stage_building_its_own_model_is_caught(tmp_path):
    """Guards the guard: every way of importing the resolution, at any level."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from typing import TYPE_CHECKING\n"
        "from memctl.models.interface import Model\n"
        "if TYPE_CHECKING:\n"
        "    from memctl.models.litellm_adapter import LiteLLMModel\n"
        "def run():\n"
        "    from memctl.models import resolve\n",
        encoding="utf-8",
    )
    plain = tmp_path / "plain.py"
    plain.write_text("import memctl.models.resolve\n", encoding="utf-8")

    found = {
        "pipeline/sample.py": imported_names(sample),
        "turn/plain.py": imported_names(plain),
        "retrieval/embed.py": imported_names(sample),
    }

    assert resolution_imports(found) == [
        "memctl/pipeline/sample.py imports memctl.models.litellm_adapter",
        "memctl/pipeline/sample.py imports memctl.models.resolve",
        "memctl/retrieval/embed.py imports memctl.models.litellm_adapter",
        "memctl/retrieval/embed.py imports memctl.models.resolve",
        "memctl/turn/plain.py imports memctl.models.resolve",
    ]


def test_window_knowledge_lives_in_one_module():
    """The unknown-window figure and the frame overhead are defined in memctl/windows.py
    only; the chars-per-token estimate in memctl/tokens.py only."""
    for path in all_modules():
        text = path.read_text(encoding="utf-8")
        if path.name != "windows.py":
            assert "160_000" not in text, relative(path)
            assert "FRAME_TOKENS = " not in text, relative(path)
        if path.name != "tokens.py":
            assert not re.search(r"[*/]\s*2\.5\b", text), relative(path)


@pytest.mark.parametrize(
    ("module", "forbidden"),
    [
        # context (what `call` sends) and compaction cut at the same places: both use
        # memctl.pipeline.cuts, so context never imports the orchestration it is called from.
        ("turn/context.py", {"memctl.pipeline.compact"}),
        (
            "pipeline/cuts.py",
            {"memctl.pipeline.compact", "memctl.turn.context", "memctl.pipeline.summarise"},
        ),
        # staged summarising only asks a model; compaction decides what to summarise.
        (
            "pipeline/summarise.py",
            {"memctl.pipeline.compact", "memctl.pipeline.flush", "memctl.core.threads"},
        ),
        # a thread entry is rendered by threads; flush and compact both read it there.
        ("core/threads.py", {"memctl.pipeline.flush", "memctl.pipeline.compact"}),
    ],
)
def test_the_context_layers_have_no_cycle(module: str, forbidden: set[str]):
    imported = memctl_imports(PACKAGE / module)
    assert not imported & forbidden, f"{module} imports {sorted(imported & forbidden)}"


def test_compaction_uses_the_shared_cuts_and_the_staged_summary():
    """The moved pieces are imported from their homes, not redefined in compact.py."""
    assert {
        "memctl.pipeline.cuts",
        "memctl.pipeline.summarise",
        "memctl.core.threads",
    } <= memctl_imports(PACKAGE / "pipeline/compact.py")
    tree = parsed(PACKAGE / "pipeline/compact.py")
    defined = {n.name for n in tree.body if isinstance(n, ast.FunctionDef | ast.ClassDef)}
    assert not defined & {"tail_start", "truncate_tool_args", "summarise", "render_entry"}


# --------------------------------------------------------------------------- agents behind one protocol

AGENT_MODULES = ("agents/claude_code.py", "agents/codex.py")
"""Where an agent's specifics live; `agents/registry.py` is the one module that lists them."""
AGENT_NAMES = re.compile(r"claude|codex", re.IGNORECASE)


def docstrings(tree: ast.Module) -> set[int]:
    """The ids of a module's string statements: its docstrings and the ones under its
    attributes (prose may name an agent as an example; code may not)."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    }


def agent_names_in(tree: ast.Module) -> list[str]:
    """Every string literal (docstrings aside), name, attribute, definition and import
    of a module that names an agent."""
    prose = docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            words = node.value if id(node) not in prose else ""
        elif isinstance(node, ast.Name):
            words = node.id
        elif isinstance(node, ast.Attribute):
            words = node.attr
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            words = node.name
        elif isinstance(node, ast.arg):
            words = node.arg
        elif isinstance(node, ast.ImportFrom):
            words = " ".join([node.module or "", *(alias.name for alias in node.names)])
        elif isinstance(node, ast.Import):
            words = " ".join(alias.name for alias in node.names)
        else:
            continue
        if AGENT_NAMES.search(words):
            found.append(f"line {node.lineno}: {words!r}")
    return found


def engine_modules() -> list[Path]:
    folder = PACKAGE / "agents"
    skipped = {PACKAGE / name for name in AGENT_MODULES} | {folder / "registry.py"}
    return [path for path in sorted(folder.glob("*.py")) if path not in skipped]


@pytest.mark.parametrize("path", engine_modules(), ids=relative)
def test_the_agent_engines_name_no_agent(path: Path) -> None:
    """hooks, install, imports, export, discover and what they share reach an agent only
    through the registry and `base.Agent`: a third agent is one more module, not an edit
    of every engine."""
    assert not agent_names_in(parsed(path)), f"{relative(path)}: {agent_names_in(parsed(path))}"


def test_the_engine_scan_sees_an_agent_named_in_code(tmp_path: Path) -> None:
    """Guards the guard: literals, names and imports are caught, docstrings are not."""
    sample = tmp_path / "engine.py"
    sample.write_text(
        '"""Serves Claude Code and Codex alike."""\n'
        "from memctl.agents.codex import parse_codex\n"
        "def run(agent):\n"
        '    """For claude-code too."""\n'
        '    return agent == "claude-code" or CODEX_EVENTS\n',
        encoding="utf-8",
    )
    assert agent_names_in(ast.parse(sample.read_text(encoding="utf-8"))) == [
        "line 2: 'memctl.agents.codex parse_codex'",
        "line 5: 'CODEX_EVENTS'",
        "line 5: 'claude-code'",
    ]
    assert {"hooks.py", "install.py", "imports.py", "export.py"} <= {
        path.name for path in engine_modules()
    }


# --------------------------------------------------------------------------- private names and cycles


def module_of(path: Path, root: Path) -> str:
    """The dotted name of a module under the package folder `root` (a package is its
    __init__.py)."""
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _absolute(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The module a `from` import names, a relative one resolved against `module`."""
    if not node.level:
        return node.module or ""
    base = module.split(".")
    base = base[: len(base) - node.level + (1 if is_package else 0)]
    return ".".join([*base, *([node.module] if node.module else [])])


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_imports(path: Path, root: Path = PACKAGE) -> list[str]:
    """Every import in `path`, at any level, of a name or module whose name starts with
    an underscore: another module's private part, which it may change without a word."""
    me = module_of(path, root)
    found = []
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Import):
            names = [(alias.name, alias.name.split(".")) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(node, me, path.name == "__init__.py")
            names = [(f"{source}.{alias.name}", [alias.name]) for alias in node.names]
            names += [(source, source.split("."))]
        else:
            continue
        found += [
            f"{relative_to(path, root)}:{node.lineno} imports {name}"
            for name, parts in names
            if any(_is_private(part) for part in parts)
        ]
    return sorted(set(found))


def relative_to(path: Path, root: Path) -> str:
    return path.relative_to(root.parent).as_posix()


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    """Module -> the modules of the package at `root` it imports, from every import:
    at module level, inside a function, under TYPE_CHECKING. `from pkg import name` is
    an import of the module pkg.name when there is one, else of pkg."""
    paths = {module_of(path, root): path for path in sorted(root.rglob("*.py"))}

    def target(name: str) -> str | None:
        parts = name.split(".")
        while parts:
            if ".".join(parts) in paths:
                return ".".join(parts)
            parts.pop()
        return None

    graph: dict[str, set[str]] = {}
    for module, path in paths.items():
        targets: set[str | None] = set()
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.Import):
                targets.update(target(alias.name) for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                source = _absolute(node, module, path.name == "__init__.py")
                targets.update(target(f"{source}.{alias.name}") for alias in node.names)
        graph[module] = {found for found in targets if found is not None}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles: each group of modules that import each other round (Tarjan's
    strongly connected components of more than one module, or a module importing itself),
    sorted."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        for imported in sorted(graph.get(module, ())):
            if imported not in order:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], order[imported])
        if low[module] == order[module]:
            group = [stack.pop()]
            while group[-1] != module:
                group.append(stack.pop())
            if len(group) > 1 or module in graph.get(module, ()):
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in order:
            visit(module)
    return sorted(found)


def test_no_module_imports_a_private_name_of_another():
    """What crosses modules is public: a leading underscore means only its own module
    uses it, so it can change without looking elsewhere. Function-level imports count."""
    offending = [line for path in all_modules() for line in private_imports(path)]
    assert not offending, "; ".join(offending) + " (make the name public, or move it)"


def test_the_import_graph_has_no_cycle():
    """No module imports, however indirectly, one that imports it back, not even from
    inside a function: a function-level import hides a cycle, it does not remove it."""
    graph = import_graph()
    assert len(graph) >= 60 and graph["memctl.cli.app"]
    assert not cycles(graph), " ; ".join(" <-> ".join(group) for group in cycles(graph))


def plant(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / "pkg"


def test_a_private_import_is_caught(tmp_path):
    """Guards the guard: private names are found at every level, in parentheses, through
    a relative import and as a private module; dunders are no private names."""
    pkg = plant(
        tmp_path,
        {
            "pkg/__init__.py": "from pkg.a import __version__\n",
            "pkg/a.py": (
                "import os\n"
                "from pkg.b import (\n    public,\n    _chomp,\n)\n"
                "def f():\n    from .b import _Fence\n    import pkg._c\n"
            ),
            "pkg/b.py": "from pkg import a\n",
            "pkg/_c.py": "",
        },
    )

    found = [line for path in sorted(pkg.rglob("*.py")) for line in private_imports(path, pkg)]

    assert found == [
        "pkg/a.py:2 imports pkg.b._chomp",
        "pkg/a.py:7 imports pkg.b._Fence",
        "pkg/a.py:8 imports pkg._c",
    ]


def test_an_import_cycle_is_caught(tmp_path):
    """Guards the guard: a cycle closed by an import inside a function, through
    `from pkg.sub import module` and a relative import, is found; `from pkg.sub import
    name` (a name of the package, not a module) is an import of pkg.sub only."""
    pkg = plant(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from pkg.sub import c\nfrom pkg.sub import helper\n",
            "pkg/b.py": "from pkg.a import thing\n",
            "pkg/sub/__init__.py": "helper = 1\n",
            "pkg/sub/c.py": "def f():\n    from .. import b\n",
            "pkg/d.py": "import pkg.a\n",
        },
    )

    graph = import_graph(pkg)

    assert graph["pkg.a"] == {"pkg.sub.c", "pkg.sub"}
    assert graph["pkg.sub.c"] == {"pkg.b"}
    assert graph["pkg.d"] == {"pkg.a"}
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.sub.c"]]
    del graph["pkg.sub.c"]
    assert cycles(graph) == []


# --------------------------------------------------------------------------- ruff encodes the layers


def test_each_layer_folder_bans_the_layers_above_it_for_ruff():
    """`ruff check` fails an upward import while it is typed: each layer folder's
    .ruff.toml bans (TID251) exactly the folders the architecture table puts above it,
    the CLI frameworks, and litellm outside memctl/models/."""
    import tomllib

    folders: list[str] = []
    for _, entries in documented_layers(ARCHITECTURE.read_text(encoding="utf-8")):
        for entry in entries:
            top = entry.split("/", 1)[0]
            if "/" in entry and top not in folders:
                folders.append(top)
    assert folders[0] == "cli" and folders[-1] == "core"
    for rank, folder in enumerate(folders[1:], start=1):
        config = tomllib.loads((PACKAGE / folder / ".ruff.toml").read_text(encoding="utf-8"))
        assert config["extend"] == "../../pyproject.toml"
        banned = set(config["lint"]["flake8-tidy-imports"]["banned-api"])
        above = {f"memctl.{name}" for name in folders[:rank]}
        assert {b for b in banned if b.startswith("memctl.") and b.count(".") == 1} == above, folder
        assert {"typer", "rich", "click"} <= banned, folder
        assert ("litellm" in banned) is (folder != "models"), folder


# --------------------------------------------------------------------------- the tests' own layers

TESTS = PACKAGE.parent / "tests"


def imports_of_the_suite(path: Path) -> list[str]:
    """The modules of the suite other than tests/support/ that `path` imports. A test
    module that imports another ties two folders' tests together (moving or renaming one
    breaks the other) and runs the other's module-level code: what tests share lives in
    tests/support/."""
    return sorted(
        name
        for name in imported_names(path)
        if top_package(name) == "tests"
        and name not in ("tests", "tests.support")
        and not name.startswith("tests.support.")
    )


def test_test_modules_share_only_through_tests_support():
    found = {
        relative(path): imported
        for path in sorted(TESTS.rglob("*.py"))
        if (imported := imports_of_the_suite(path))
    }
    assert found == {}


def test_an_import_of_another_test_module_is_caught(tmp_path):
    """Guards the guard: both spellings of a test module's import are seen, support's are not."""
    sample = tmp_path / "test_sample.py"
    sample.write_text(
        "from tests.support.helpers import MEMCTL\n"
        "from tests import support\n"
        "from tests.pipeline.test_evict import tool_turn\n"
        "def later():\n"
        "    import tests.models.test_cost\n",
        encoding="utf-8",
    )

    assert imports_of_the_suite(sample) == [
        "tests.models.test_cost",
        "tests.pipeline.test_evict",
        "tests.pipeline.test_evict.tool_turn",
    ]
