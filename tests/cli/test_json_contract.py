"""The --json contract: every document opens with its schema version, and its fields are
those recorded for that version (tests/support/json_fields.json) and listed in
docs/JSON.md. A field added, removed or renamed fails here until JSON_SCHEMA goes up and
`python scripts/gen_json_doc.py` records the new version."""

from __future__ import annotations

import importlib.util
import json
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from memctl.cli.output import JSON_SCHEMA, json_document
from tests.support.json_contract import (
    DOC,
    ERROR,
    NOT_DOCUMENTS,
    Scenario,
    changes,
    document_text,
    field_paths,
    meanings,
    objects_of,
    read_fields,
    recorded,
    registered_commands,
    run_scenario,
    unexplained,
)

SCRIPT = DOC.parent.parent / "scripts" / "gen_json_doc.py"


@pytest.fixture(scope="module")
def scenario(tmp_path_factory: pytest.TempPathFactory) -> Scenario:
    return run_scenario(tmp_path_factory.mktemp("contract"))


def test_every_command_prints_a_document_in_the_scenario(scenario: Scenario) -> None:
    """A new command fails here until the scenario runs it (or it joins NOT_DOCUMENTS)."""
    commands = {c for c in registered_commands() if c.split()[0] not in NOT_DOCUMENTS}
    labelled = {
        max((c for c in commands if f"{label} ".startswith(f"{c} ")), key=len, default=label)
        for label in scenario.documents
    }

    assert commands - labelled == set(), "add these commands to run_scenario"
    assert labelled - commands == {ERROR}
    assert {c.split()[0] for c in registered_commands()} >= set(NOT_DOCUMENTS)


def test_every_document_opens_with_the_schema_version(scenario: Scenario) -> None:
    for label, printed in scenario.printed.items():
        assert len(printed) == len(scenario.documents[label]), f"{label}: printed no document"
        for stdout in printed:
            document = json.loads(stdout)
            assert next(iter(document)) == "schema", label
            assert document["schema"] == JSON_SCHEMA, label


def test_the_fields_are_those_recorded_for_the_schema_version(scenario: Scenario) -> None:
    versions = recorded()
    fields = field_paths(scenario)

    assert str(JSON_SCHEMA) in versions, "run python scripts/gen_json_doc.py"
    differ = changes(versions[str(JSON_SCHEMA)], fields)
    assert not differ, (
        f"the --json fields changed under schema {JSON_SCHEMA}: "
        + "; ".join(differ)
        + ". Raise JSON_SCHEMA in memctl/cli/output.py, then run python scripts/gen_json_doc.py"
    )


def test_each_version_is_recorded_once_and_differs_from_the_one_before() -> None:
    versions = recorded()

    assert sorted(map(int, versions)) == list(range(1, JSON_SCHEMA + 1))
    for number in range(2, JSON_SCHEMA + 1):
        assert versions[str(number)] != versions[str(number - 1)], (
            f"schema {number} changed nothing"
        )


def test_docs_json_lists_the_fields_of_this_version(scenario: Scenario) -> None:
    text = DOC.read_text(encoding="utf-8")

    assert text == document_text(scenario, text), "run python scripts/gen_json_doc.py"
    assert unexplained(text) == [], "write what each field holds in docs/JSON.md"
    assert f"now `{JSON_SCHEMA}`" in text


def test_a_config_show_setting_that_can_be_null_is_typed_so(scenario: Scenario) -> None:
    """config show is a plain dict, typed from the values the scenario saw: it must see
    each optional setting both set and unset, or docs/JSON.md types `sync.remote` as a
    string though it is null when sync is off (audit 12 #5), a model left to the main
    one as null alone, and `compaction.truncate_args` as null alone (fixleft6)."""
    fields = read_fields("config show", scenario.documents["config show"])
    written = meanings(DOC.read_text(encoding="utf-8"))
    optional = {"sync.remote": "string or null", "sync.every": "string or null"}
    model = "config show model or string or null"
    optional |= {"memory.model": model, "memory.embedding_model": model}
    optional |= {"compaction.model": model}
    optional["compaction.truncate_args"] = "config show compaction.truncate_args or null"

    for path, kind in optional.items():
        assert "null" in written[fields[path].owner, fields[path].name]
        assert fields[path].type == kind, path


def test_no_field_is_typed_by_the_one_value_the_scenario_gave_it(scenario: Scenario) -> None:
    """A field of a document built as a dict is typed from the values the scenario saw:
    one seen only null would be documented as `null` (config show's truncate_args,
    install's exit_code, recall's fusion `k`: fixleft6), and a mapping or a list seen in
    one shape of two as that shape alone."""
    labels = {label: read_fields(label, docs) for label, docs in scenario.documents.items()}
    objects = objects_of(labels)  # as docs/JSON.md tables them
    config = "config show"
    expected = {
        (config, "model"): "config show model or string",
        (f"{config} memory", "flush_trigger"): "config show memory.flush_trigger or string",
        (f"{config} redaction", "patterns"): "array of config show redaction.patterns[]",
        (f"{config} model", "api_base"): "string or null",
        ("CommandRun", "exit_code"): "integer or null",
        ("recall hits[].explain.fusion", "k"): "integer or null",
        ("recall hits[].explain.fusion.bm25", "scaled"): "number or null",
        ("recall hits[].explain.fusion.semantic", "rank"): "integer or null",
        ("recall hits[]", "when"): "string or null",
        ("thread import --all", "failed"): "array of thread import --all failed[]",
    }
    fields = {(owner, name): f for owner, by in objects.items() for name, f in by.items()}

    assert [name for name, f in fields.items() if f.type == "null"] == []
    assert {name: fields[name].type for name in expected} == expected


def test_the_script_finds_the_snapshot_and_the_doc_current(capsys) -> None:
    spec = importlib.util.spec_from_file_location("gen_json_doc", SCRIPT)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)

    assert script.main(["--check"]) == 0, capsys.readouterr().out
    assert capsys.readouterr().out == ""


def test_the_readme_points_to_the_contract() -> None:
    readme = (DOC.parent.parent / "README.md").read_text(encoding="utf-8")
    conventions = readme[readme.index("Conventions every command keeps") :]
    conventions = conventions[: conventions.index("\n### ")]

    assert "[docs/JSON.md](docs/JSON.md)" in conventions
    assert f'"schema": {JSON_SCHEMA}' in conventions


# --------------------------------------------------------------------------- the guards, guarded


def test_a_document_is_an_object_that_brings_no_schema_of_its_own() -> None:
    assert json_document({"a": Path("x")}) == {"schema": JSON_SCHEMA, "a": "x"}
    with pytest.raises(TypeError):
        json_document([1, 2])
    with pytest.raises(TypeError):
        json_document({"schema": 2})


@dataclass
class Inner:
    size: int
    """How big."""


@dataclass
class Outer:
    name: str
    inner: Inner | None = None
    items: list[Inner] = field(default_factory=list)
    named: dict[str, Inner] = field(default_factory=dict)
    request: dict[str, object] | None = None


def test_the_fields_under_a_null_or_an_empty_array_are_read_from_the_class() -> None:
    fields = read_fields("x", [{"outer": Outer("a"), "rows": [{"k": 1}]}])

    assert list(fields) == [
        "outer",
        "outer.name",
        "outer.inner",
        "outer.inner.size",
        "outer.items",
        "outer.items[].size",
        "outer.named",
        "outer.named.*.size",
        "outer.request",
        "rows",
        "rows[].k",
    ]
    assert fields["outer.inner"].type == "Inner or null"
    assert fields["outer.items"].type == "array of Inner"
    assert fields["outer.inner.size"].about == "How big."
    assert (fields["rows[].k"].owner, fields["rows"].type) == ("x rows[]", "array of x rows[]")


def test_a_changed_field_is_named_with_its_document() -> None:
    before = {"status": ["a", "b"], "flush": ["c"]}
    now = {"status": ["a", "b2"], "flush": ["c"], "new": ["d"]}

    assert changes(before, now) == ["new: +d", "status: +b2 -b"]
    assert changes(before, before) == []
