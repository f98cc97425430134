"""Process-level tests: crashes at exact writes, concurrent processes, real terminals and
hostile input. Every test in this folder is slow (`pytest -m "not slow"` skips them)."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(item.path).parents:
            item.add_marker(pytest.mark.slow)
