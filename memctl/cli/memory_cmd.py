"""search, get, save."""

from __future__ import annotations
