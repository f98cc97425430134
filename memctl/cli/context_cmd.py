"""compact, evict, context, call."""

from __future__ import annotations
