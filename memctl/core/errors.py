"""The errors a stage may raise; the CLI maps each class to one line and an exit code."""

from __future__ import annotations

INTERNAL_ERROR_EXIT = 70
"""A bug in memctl rather than a failed operation: EX_SOFTWARE from sysexits.h, so a
script can tell a bug (report it) from a provider outage (1, retry later)."""


class MemctlError(Exception):
    """Base class. `exit_code` follows the CLI convention: 1 operation failed, 2 bad input."""

    exit_code = 1


class UsageError(MemctlError):
    """Bad arguments or input from the caller (exit 2)."""

    exit_code = 2


def unreadable(name: str, exc: OSError) -> UsageError:
    """What a file the caller named says when it cannot be read: the same words from
    every command that reads one."""
    if isinstance(exc, FileNotFoundError):
        return UsageError(f"{name}: file not found")
    if isinstance(exc, IsADirectoryError):
        return UsageError(f"{name}: is a folder")
    return UsageError(f"{name}: cannot read: {exc.strerror}")


def require_utf8(what: str, text: str) -> None:
    """A UsageError when `text` cannot be written as UTF-8: bytes a shell passed that are
    no UTF-8 text arrive as lone surrogates (`\\udcff`), and so may a JSON string's
    escapes; every file memctl reads or writes is UTF-8. `what` names the argument."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise UsageError(f"{what} is not UTF-8 text: {text!r}") from None


class ConfigError(UsageError):
    """memctl.yaml (or a prompt file it names) is invalid (exit 2)."""


class WorkspaceError(UsageError):
    """No workspace, or a path that would leave it (exit 2)."""


class ModelError(MemctlError):
    """The model could not be reached or gave an unusable answer (exit 1)."""


class ContextOverflowError(ModelError):
    """The provider reported that the request is larger than the model's window.

    `window` is the limit stated in the error message when there is one, so that
    the caller can size the retry and remember it. `input_tokens` is the request's size
    as the provider counted it, and `output_tokens` the output reserve (`max_tokens`)
    counted against the window: stated by the error (Anthropic's "I + O > W"), else what
    was sent; each None when unknown.
    """

    def __init__(
        self,
        message: str,
        window: int | None = None,
        input_tokens: int | None = None,
        output_tokens: int | None = None,
    ) -> None:
        super().__init__(message)
        self.window = window
        self.input_tokens = input_tokens
        self.output_tokens = output_tokens


class BusyError(MemctlError):
    """Another process holds a lock this run needed within its wait time (exit 1)."""


class ConflictError(BusyError):
    """Another process rewrote a file while this run worked on its copy, so this run
    writes nothing (exit 1). A kind of BusyError: `maintain` leaves it to its next run,
    as it does a held lock, since nothing failed but the timing."""
