"""What commands read besides their arguments: stdin and input files.

A command reading text from stdin uses `read_stdin_text`, so a non-UTF-8 pipe is the
same one-line usage error (exit 2) everywhere instead of a decoding crash or, sent on
to a model, a provider's HTTP error. Messages to parse (`thread append`, `thread
import`) come as bytes from `read_input`, a file or stdin alike: their parser decodes
them and names the line of a bad byte.
"""

from __future__ import annotations

import sys
from pathlib import Path

from memctl.errors import UsageError

STDIN = "<stdin>"


def read_stdin_text() -> str:
    data = sys.stdin.buffer.read()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{STDIN}: not UTF-8 text (byte {exc.start})") from None


def read_input(source: str) -> tuple[bytes, str]:
    """Bytes of FILE, or of stdin for `-`, and the name to report problems under."""
    if source == "-":
        return sys.stdin.buffer.read(), STDIN
    path = Path(source)
    try:
        return path.read_bytes(), source
    except FileNotFoundError:
        raise UsageError(f"{source}: file not found") from None
    except IsADirectoryError:
        raise UsageError(f"{source}: is a folder") from None
    except OSError as exc:
        raise UsageError(f"{source}: cannot read: {exc.strerror}") from None
