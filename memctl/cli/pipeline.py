"""flush, consolidate."""

from __future__ import annotations
