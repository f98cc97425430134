"""archive, status, maintain."""

from __future__ import annotations
