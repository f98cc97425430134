"""OpenAI-style messages: a JSON array, or JSONL with one message a line."""

from __future__ import annotations

import json
from typing import Any

from memctl.agents.base import TranscriptFormat
from memctl.agents.transcripts import Draft, Parsed, as_string
from memctl.core.threads import Record, validate_message


def parse_openai(
    records: list[Record], source: str, context: dict[str, Any] | None = None
) -> Parsed:
    """Each message as it is; nothing spans records, so nothing is ever open."""
    import hashlib  # not at import: the hook imports every format, and reads one

    parsed = Parsed(drafts=[], session=None)
    for position, record in enumerate(records):
        if record.data.get("type") == "compaction":
            # memctl's own compaction records, when a thread log is imported elsewhere
            parsed.meta += 1
            continue
        message = validate_message(record.data, f"{source}: {record.where}")
        source_id = as_string(message.pop("source_id", None))
        if source_id is None:
            canonical = json.dumps(record.data, sort_keys=True, ensure_ascii=False)
            digest = hashlib.sha256(f"{position}\n{canonical}".encode()).hexdigest()[:32]
            source_id = digest
        ts = message.pop("ts", None)
        parsed.drafts.append(Draft(record.where, source_id, ts, message))
    return parsed


def _claims(data: dict[str, Any]) -> bool:
    """A chat message (a role and no line type), or memctl's own compaction record."""
    kind = data.get("type")
    return kind == "compaction" or ("role" in data and kind is None)


FORMAT = TranscriptFormat("openai", "OpenAI-style messages", _claims, parse_openai)
