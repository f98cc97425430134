"""Helpers the test modules share: the installed command and how to run it.

The command is found beside the interpreter running the suite (the venv's bin/), never
at a literal path, so the suite passes on any machine that installed the project.
"""

from __future__ import annotations

import sys
from pathlib import Path

MEMCTL = Path(sys.executable).with_name("memctl")
