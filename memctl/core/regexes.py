"""Regular expressions compiled once, not in every process (the prompt hook's start-up).

`re.compile` parses a pattern and builds its program in Python: the supersession rules'
hundred patterns took 27 ms of a prompt hook's CPU (bench/README.md, hookfast2), and the
hook is a process a prompt. `Patterns` keeps what the compiler made of each pattern a
module compiles (its flags, program, groups and group names) in one file beside the
module's bytecode, and hands `_sre` (the C engine `re` compiles into) that program again
in the next process: the same pattern object as `re.compile` makes, without the parse.

The file is a cache like bytecode: keyed by the interpreter (its cache tag, version and
`_sre.MAGIC`) and by each pattern's text and flags, never required (unreadable, stale,
damaged, or another Python's: the pattern is compiled as `re.compile` does), written only
where bytecode would be (`sys.dont_write_bytecode`, `sys.pycache_prefix`) and atomically.
A program `_sre` refuses (its own check) is compiled afresh too.
"""

from __future__ import annotations

import contextlib
import importlib.util
import marshal
import os
import re
import sys
from typing import Any

_FORMAT = 1
_Made = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]
"""What `re._compiler.compile` hands `_sre.compile` after the pattern: its flags, its
program, the number of groups less one, group names to numbers, numbers to names."""


def _engine() -> Any:
    """CPython's `_sre` and the parts of `re` that compile (3.11 on), or None elsewhere.
    Private to the standard library, so each use is checked: the cache's stamp names the
    interpreter, and whatever fails is compiled by `re.compile`."""
    compiler = getattr(re, "_compiler", None)
    parser = getattr(re, "_parser", None)
    sre = getattr(compiler, "_sre", None)
    if compiler is None or parser is None or sre is None:
        return None
    if not hasattr(sre, "compile") or not hasattr(sre, "MAGIC"):
        return None
    if not hasattr(compiler, "_code") or not hasattr(parser, "parse"):
        return None
    return sre, compiler, parser


def _stamp(engine: Any) -> tuple[str, int, int, int]:
    return (sys.implementation.cache_tag or "", sys.hexversion, engine[0].MAGIC, _FORMAT)


class Patterns:
    """The patterns one module compiles, each read back compiled from the cache file
    beside the module's bytecode when it is there; `save()` after the last one writes
    the file when a pattern was not in it (only the patterns compiled since the file was
    read: one that is no longer compiled drops out)."""

    def __init__(self, module_file: str) -> None:
        self._engine = _engine()
        self._path: str | None = None
        self._known: dict[tuple[str, int], _Made] = {}
        self._used: dict[tuple[str, int], _Made] = {}
        self._missed = False
        if self._engine is None:
            return
        with contextlib.suppress(NotImplementedError, ValueError):
            self._path = importlib.util.cache_from_source(module_file) + ".re"
        if self._path is None:
            return
        try:
            with open(self._path, "rb") as file:
                stamp, known = marshal.loads(file.read())
        except (OSError, EOFError, ValueError, TypeError):
            return
        if stamp == _stamp(self._engine) and isinstance(known, dict):
            self._known = known

    def compile(self, pattern: str, flags: int = 0) -> re.Pattern[str]:
        """`re.compile(pattern, flags)`, from the cache when it holds the pattern."""
        if self._engine is None:
            return re.compile(pattern, flags)
        key = (pattern, int(flags))
        made = self._known.get(key)
        if made is not None:
            try:
                compiled: re.Pattern[str] = self._engine[0].compile(pattern, *made)
            except (TypeError, ValueError, RuntimeError, OverflowError):
                pass  # not a program this `_sre` takes: compiled afresh below
            else:
                self._used[key] = made
                return compiled
        self._missed = True
        sre, compiler, parser = self._engine
        try:
            parsed = parser.parse(pattern, int(flags))
            code = [int(op) for op in compiler._code(parsed, int(flags))]  # opcodes: int subclasses
            names = parsed.state.groupdict
            index: list[str | None] = [None] * parsed.state.groups
            for name, number in names.items():
                index[number] = name
            made = (
                int(flags) | parsed.state.flags,
                code,
                parsed.state.groups - 1,
                names,
                tuple(index),
            )
            compiled = sre.compile(pattern, *made)
        except re.error:
            raise
        except Exception:  # another Python's compiler: as `re` compiles it, not cached
            return re.compile(pattern, flags)
        self._used[key] = made
        return compiled

    def save(self) -> None:
        """Write the cache file when a pattern was compiled afresh (nothing when bytecode
        is not written, or the folder is not writable: the next process compiles again)."""
        if not self._missed or self._path is None or sys.dont_write_bytecode:
            return
        assert self._engine is not None
        temporary = f"{self._path}.{os.getpid()}"
        try:
            os.makedirs(os.path.dirname(self._path), exist_ok=True)
            with open(temporary, "wb") as file:
                marshal.dump((_stamp(self._engine), self._used), file)
            os.replace(temporary, self._path)
        except (OSError, ValueError):
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        self._missed = False
