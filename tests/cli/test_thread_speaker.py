"""A group chat's thread hits name who said them (audit 13, D7): `recall`, `search` and
`thread show` print `[user Hana]` for an entry with a `name`, as `explain` does, and
`[user]` for one without; --json carries it as `speaker`."""

from __future__ import annotations

import json
from pathlib import Path

from memctl.core.threads import encode_entry, who


def chat(workspace: Path) -> Path:
    (workspace / "threads" / "t.jsonl").write_bytes(
        encode_entry(
            {
                "role": "user",
                "name": "Hana",
                "content": "I'll own the billing API.",
                "ts": "2026-11-03T09:04:00+00:00",
            }
        )
        + encode_entry({"role": "user", "content": "The billing API runs on port 8088."})
    )
    return workspace


def test_search_and_thread_show_name_the_speaker(cli, workspace: Path) -> None:
    ws = chat(workspace)
    run = cli("-w", ws, "search", "billing", "--scope", "threads")
    assert run.stdout.splitlines() == [
        "threads/t.jsonl#0 [user Hana] I'll own the billing API.",
        "threads/t.jsonl#1 [user] The billing API runs on port 8088.",
    ]
    run = cli("-w", ws, "thread", "show", "t")
    assert run.stdout.splitlines()[:2] == [
        "#0 [user Hana] I'll own the billing API.",
        "#1 [user] The billing API runs on port 8088.",
    ]
    document = json.loads(cli("-w", ws, "--json", "search", "billing", "--scope", "threads").stdout)
    assert [(hit["role"], hit["speaker"]) for hit in document["hits"]] == [
        ("user", "Hana"),
        ("user", None),
    ]


def test_recall_names_the_speaker(cli, workspace: Path) -> None:
    ws = chat(workspace)
    run = cli("-w", ws, "recall", "who owns the billing API", "--scope", "threads")
    assert run.exit_code == 0, run.stderr
    assert "threads/t.jsonl#0 [user Hana] (2026-11-03) I'll own the billing API." in run.stdout
    document = json.loads(
        cli("-w", ws, "--json", "recall", "who owns the billing API", "--scope", "threads").stdout
    )
    named = [hit for hit in document["hits"] if hit["entry"] == 0]
    assert named[0]["speaker"] == "Hana"
    assert named[0]["source"] == "threads/t.jsonl#0 [user]"  # the record's key, as before


def test_who_is_the_role_and_the_name() -> None:
    assert who("user", "Hana") == "user Hana"
    assert who("assistant", None) == "assistant"


def test_a_speakers_name_is_redacted_and_no_caller_can_leave_the_redactor_out() -> None:
    """Review 18/19: five callers pass `speaker_of` the redactor of their text; with no
    default, a sixth cannot show a name unredacted by forgetting it (None is said
    aloud: `search --no-redact`)."""
    import inspect

    from memctl.core.redact import compile_patterns
    from memctl.core.threads import speaker_of

    assert inspect.signature(speaker_of).parameters["redactor"].default is inspect.Parameter.empty
    secret = "sk-" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6"
    entry = {"role": "user", "name": f"bot {secret}", "content": "hi"}
    assert secret not in str(speaker_of(entry, compile_patterns()))
    assert speaker_of(entry, None) == f"bot {secret}"
