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
    assert not offending, f"{offending} import {ENTRY}; use memctl.cli.core and memctl.cli.render"


def test_the_shared_cli_modules_know_no_command():
    shared = [p for p in CLI.glob("*.py") if p not in command_modules() and p.name != "app.py"]
    commands = {module_name(p) for p in command_modules()}
    offending = [
        f"{relative(path)} imports {sorted(imported_names(path) & commands)}"
        for path in shared
        if imported_names(path) & commands
    ]
    assert len(shared) >= 3  # core, render, inputs
    assert not offending, "; ".join(offending)


def test_command_modules_do_not_import_each_other():
    commands = {module_name(p) for p in command_modules()}
    offending = [
        f"{relative(path)} imports {sorted((imported_names(path) & commands) - {module_name(path)})}"
        for path in command_modules()
        if (imported_names(path) & commands) - {module_name(path)}
    ]
    assert not offending, "; ".join(offending) + " (shared pieces go in core.py or render.py)"


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
        "pipeline/compact.py": [Import("memctl.cli.render", 3, True, False)],
        "core/state.py": [Import("memctl.pipeline.flush", 9, False, True)],
        "turn/call.py": [Import("memctl.core.threads", 1, False, False)],
    }
    assert upward_imports(ranks, imports) == [
        "memctl/pipeline/compact.py:3 imports memctl.cli.render (a higher layer)",
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
