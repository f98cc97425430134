"""The provenance sidecar, `.memctl/provenance.json`: each MEMORY.md bullet's ledger
sources, by the digest of the bullet's fact key.

`memctl.pipeline.provenance` fills it (consolidation, `save`) and explains a bullet by
it; it lives in core because recall, below the pipeline, reads it too: a MEMORY.md hit
is dated by when its sources were said, not by the day MEMORY.md was last written
(audit 13, D11). The file holds no text of its own, only `PATH:LINE` and digests.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memctl.core.durable import write_atomic
from memctl.core.forgotten import fact_key, key_digest
from memctl.core.workspace import Workspace

SIDECAR_NAME = "provenance.json"


@dataclass(frozen=True)
class Source:
    """One ledger line a bullet was merged from."""

    path: str
    """The ledger, relative to the workspace."""
    line: int
    """1-based."""
    digest: str
    """key_digest(fact_key(the line)): finds the line again after it moved."""


Bullets = dict[str, list[Source]]
"""Digest of a bullet's fact key -> its sources."""


def bullet_digest(line: str) -> str:
    return key_digest(fact_key(line))


def sidecar_path(ws: Workspace) -> Path:
    return ws.state_dir / SIDECAR_NAME


def parse_sidecar(data: Any) -> Bullets:
    """The bullets of a sidecar document (KeyError, TypeError, ... for one not ours)."""
    return {
        str(digest): [Source(str(s["path"]), int(s["line"]), str(s["digest"])) for s in found]
        for digest, found in dict(data["bullets"]).items()
    }


def sidecar_document(bullets: Bullets) -> dict[str, Any]:
    return {
        "version": 1,
        "bullets": {
            digest: [{"path": s.path, "line": s.line, "digest": s.digest} for s in found]
            for digest, found in sorted(bullets.items())
        },
    }


def read_sidecar(path: Path) -> Bullets:
    """The bullets a sidecar knows; empty for none (or one that is not ours)."""
    try:
        return parse_sidecar(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def write_sidecar(path: Path, bullets: Bullets) -> None:
    text = json.dumps(sidecar_document(bullets), separators=(",", ":"))
    write_atomic(path, (text + "\n").encode("utf-8"))
