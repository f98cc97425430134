"""Record the fields of the --json documents and write docs/JSON.md from them.

Run it after changing a result's fields (and raising JSON_SCHEMA in memctl/cli/output.py):

    python scripts/gen_json_doc.py          # record the new version's fields, rewrite the doc
    python scripts/gen_json_doc.py --check  # exit 1 if either is stale

The fields come from running every command with --json on a small offline workspace
(tests/support/json_contract.py); tests/support/json_fields.json keeps them for every
schema version, and a version once recorded is never rewritten: fields that differ from
it need a new version. docs/JSON.md keeps the Meaning of each field written there.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    from memctl.cli.output import JSON_SCHEMA
    from tests.support.json_contract import (
        DOC,
        SNAPSHOT,
        changes,
        document_text,
        field_paths,
        recorded,
        run_scenario,
    )

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report what is stale")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        scenario = run_scenario(Path(folder))
    fields = field_paths(scenario)
    versions = recorded()
    version = str(JSON_SCHEMA)
    if version in versions and versions[version] != fields:
        print(f"the --json fields differ from those of schema {version}:", file=sys.stderr)
        for line in changes(versions[version], fields):
            print(f"  {line}", file=sys.stderr)
        print("raise JSON_SCHEMA in memctl/cli/output.py, then run this again", file=sys.stderr)
        return 1
    previous = DOC.read_text(encoding="utf-8") if DOC.is_file() else ""
    text = document_text(scenario, previous)
    stale = [
        name
        for name, fresh in ((SNAPSHOT.name, version in versions), (DOC.name, text == previous))
        if not fresh
    ]
    if args.check:
        for name in stale:
            print(f"{name} is stale; run python scripts/gen_json_doc.py")
        return 1 if stale else 0
    if version not in versions:
        versions[version] = fields
        SNAPSHOT.write_text(json.dumps(versions, indent=1) + "\n", encoding="utf-8")
        print(f"recorded the fields of schema {version} in {SNAPSHOT.relative_to(ROOT)}")
    DOC.write_text(text, encoding="utf-8")
    print(f"wrote {DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))  # the checkout's memctl and tests, installed or not
    sys.exit(main())
