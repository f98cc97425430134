"""memctl's global options on a command line, read without the CLI framework.

A command line is `memctl [GLOBAL OPTIONS] COMMAND ...`; the global options (declared
with Typer in `cli/core.py`'s `main_options`) are read here as click reads them, in one
place, for three readers: the entry module's choice of what to import (`cli/core.py`'s
`invoked`, and whether the line is a hook's: `cli/app.py`), the fast hook path's
stricter reading (`cli/hookrun.py`'s `hook_line`), and whether an agent's settings hold
memctl's own hook (`agents/settings.py`'s `runs_hook`). Light: no import beyond the
standard library.
"""

from __future__ import annotations

from typing import NamedTuple

VALUED = ("-w", "--workspace", "--color")
"""The global options that take a value (`--workspace DIR`, `--workspace=DIR`, `-wDIR`)."""
FLAGS = frozenset({"--json", "-q", "--quiet", "-v", "--verbose", "--no-redact"})
"""The global options that are flags."""


class Option(NamedTuple):
    """A global option as given: its name (`-w`, `--workspace`, `-q`), its value (None
    for a flag), and whether the value was in the same word (`--workspace=DIR`,
    `-wDIR`)."""

    name: str
    value: str | None = None
    joined: bool = False


class Scanned(NamedTuple):
    """What leads a command line: its global options, and where the rest starts (`at`:
    the command, an option that is none of them, or an option lacking its value)."""

    options: tuple[Option, ...]
    at: int

    def command(self, args: list[str]) -> str | None:
        """The word after the global options when it is a command's place: None for an
        option no global one is (`--help`, `--version`, a mistake) or an empty rest."""
        word = args[self.at] if self.at < len(args) else None
        return None if word is None or word.startswith("-") else word

    def workspace(self) -> str | None:
        """The workspace the options name (the last one, as click keeps it)."""
        named = [o.value for o in self.options if o.name in ("-w", "--workspace")]
        return named[-1] if named else None


def scan(args: list[str]) -> Scanned:
    """The global options `args` (without the program) start with, read as click does:
    a valued option takes the next word whatever it is, or its value after `=` (a long
    one) or joined (`-wDIR`); the scan stops at the first other word, and before a
    valued option with no word after it."""
    options: list[Option] = []
    at = 0
    while at < len(args):
        word = args[at]
        name, equals, value = word.partition("=")
        if word in FLAGS:
            options.append(Option(word))
        elif word in VALUED:
            if at + 1 >= len(args):
                break
            options.append(Option(word, args[at + 1]))
            at += 1
        elif equals and name.startswith("--") and name in VALUED:
            options.append(Option(name, value, joined=True))
        elif word.startswith("-w") and len(word) > 2 and not word.startswith("--"):
            options.append(Option("-w", word[2:], joined=True))
        else:
            break
        at += 1
    return Scanned(tuple(options), at)


def command(args: list[str]) -> str | None:
    """The command `args` run, when the global options leave it certain (`Scanned.command`)."""
    return scan(args).command(args)
