"""recall's snippet of a huge record: a window around the first term is redacted, not
the whole record (a 20 MB tool result took seconds), and what is shown is what the
whole record redacted would show: a secret across a cut of the window never shows
(issue 12's rule, tests/core/test_redact_cuts.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memctl.core.config import load_config
from memctl.core.redact import REDACT_MARGIN, compile_patterns
from memctl.core.threads import encode_entry
from memctl.core.workspace import Workspace
from memctl.retrieval.recall import SNIPPET_CHARS, recall, redacted_snippet
from memctl.retrieval.search import snippet
from tests.support.secrets import SECRETS, filler, pieces

REDACTOR = compile_patterns()
TERM = "zebra"
AT = 3 * REDACT_MARGIN
"""Where the term stands: the window is cut at AT ± 2 × REDACT_MARGIN."""
EDGES = [
    AT - 2 * REDACT_MARGIN,  # the window's cuts
    AT + 2 * REDACT_MARGIN,
    AT - REDACT_MARGIN,  # where the part that may be shown starts and ends
    AT + REDACT_MARGIN,
    AT - SNIPPET_CHARS // 4,  # the snippet's own cuts
    AT + SNIPPET_CHARS,
]


def layout(secret: str, where: int, length: int = 6 * REDACT_MARGIN) -> str:
    """Filler with the term at AT and `secret` starting at `where` (it may cover AT)."""
    text = filler(length, 3)
    text = text[:AT] + f" {TERM} " + text[AT:]
    return text[:where] + f" {secret} " + text[where:]


def whole(text: str) -> str:
    return snippet(REDACTOR.text(text), [TERM], SNIPPET_CHARS)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SECRETS, st.sampled_from(EDGES), st.integers(-3_300, 300))
def test_a_secret_near_any_cut_shows_as_in_the_whole_record(secret, edge, shift) -> None:
    text, cores = secret
    record = layout(text, max(0, edge + shift))

    shown = redacted_snippet(record, [TERM], REDACTOR)

    assert shown == whole(record)
    assert not [piece for piece in pieces(cores) if piece in shown]


HOLDING_THE_TERM = [
    ("ghp_" + "Zq8" * 6 + TERM + "Zq8" * 6, "Zq8" * 6),
    ("api_key=Q" + TERM + "x7Q" * 8, "x7Qx7Qx7Q"),
    (
        "-----BEGIN RSA PRIVATE KEY-----\n" + ("AbC9" * 16 + "\n") * 10 + TERM + "AbC9" * 30,
        "AbC9" * 4,
    ),
]


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(HOLDING_THE_TERM),
    SECRETS,
    st.floats(0.05, 0.95),
    st.integers(-3_300, 300),
    st.one_of(st.none(), st.integers(1, 150)),
)
def test_a_secret_across_a_windows_cut_never_shows(holding, across, part, shift, gap) -> None:
    # The term's first occurrence is in a secret, redacted away. Another secret stands
    # across one of the window's cuts, where its piece inside is unrecognisable: across
    # the first (`gap` None), the snippet, with no term to show the part around, is the
    # start of what may be shown; across the last, `gap` characters after the term
    # again, which the snippet is centred on.
    text, core = holding
    cross, cores = across
    record = filler(6 * REDACT_MARGIN, 5)
    at = AT + shift
    record = record[:at] + f" {text} " + record[at:]
    first = record.index(TERM)
    if gap is None:
        cut = first + len(cross) + 2 - 2 * REDACT_MARGIN  # once the secret is in
        where = cut - int(len(cross) * part)
    else:
        where = first + 2 * REDACT_MARGIN - int(len(cross) * part)
        record = record[: where - gap] + f" {TERM} " + record[where - gap :]
        where += len(TERM) + 2
    record = record[:where] + f" {cross} " + record[where:]

    shown = redacted_snippet(record, [TERM], REDACTOR)

    assert core not in shown and core not in whole(record)
    assert not [piece for piece in pieces(cores) if piece in shown]


def test_a_record_dense_with_secrets_shows_as_much_as_redacted_whole() -> None:
    # Markers are longer than some values they stand for (password=ab12 -> 17
    # characters): counting them as standing for nothing would leave nothing to show.
    words = ["password=ab12", "ok", "ghp_" + "Zq8" * 12, "token=xy34zw", "deploy"]
    record = " ".join(words[(n * 7) % 5] for n in range(20_000))
    middle = record.index(" ", len(record) // 2)
    record = record[:middle] + f" the {TERM} ran " + record[middle:]

    shown = redacted_snippet(record, [TERM], REDACTOR)

    assert shown == whole(record) and TERM in shown


def test_recall_shows_a_huge_tool_result_as_redacted_whole(workspace: Path) -> None:
    key = "ghp_" + "Zq8" * 12
    result = layout(f"token={key[:20]}", AT - 2 * REDACT_MARGIN - 10)
    result = result[: AT + 40] + f" {key} " + result[AT + 40 :] + "x" * 100_000
    call = {"id": "c1", "type": "function", "function": {"name": "shell", "arguments": "{}"}}
    (workspace / "threads" / "t1.jsonl").write_bytes(
        encode_entry({"role": "user", "content": "run it"})
        + encode_entry({"role": "assistant", "content": None, "tool_calls": [call]})
        + encode_entry({"role": "tool", "tool_call_id": "c1", "content": result})
    )
    (workspace / "memctl.yaml").write_text("timezone: UTC\n")
    ws, config = Workspace(workspace), load_config(workspace / "memctl.yaml")

    # The turns around it follow (they are lent a share of its score): it comes first.
    hit = recall(ws, config, TERM).hits[0]

    assert hit.snippet == whole(result)
    assert "[REDACTED:github_token]" in hit.snippet and "Zq8Zq8" not in hit.snippet
    assert hit.snippet.startswith("…") and hit.snippet.endswith("…")
