"""Secret redaction: applied to everything sent to a model or written to memory.

Agents paste keys, tokens and connection strings into conversations; none of that
belongs in a provider's logs, the daily ledger or MEMORY.md. Each match is replaced
by `[REDACTED:<kind>]`, keeping the surrounding text (and a key's name) readable.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass, field

# Order matters: specific provider formats before the generic key=value rule.
_BUILTIN_PATTERNS: tuple[tuple[str, str], ...] = (
    (
        "private_key",
        r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----",
    ),
    ("anthropic_key", r"\bsk-ant-[A-Za-z0-9]+-[A-Za-z0-9_-]{20,}"),
    ("openai_key", r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}"),
    ("stripe_key", r"\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}"),
    ("aws_access_key", r"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b"),
    ("github_token", r"\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})"),
    ("gitlab_token", r"\bglpat-[A-Za-z0-9_-]{20,}"),
    ("slack_token", r"\bxox[abposr]-[A-Za-z0-9-]{10,}"),
    ("google_api_key", r"\bAIza[0-9A-Za-z_-]{35}"),
    ("huggingface_token", r"\bhf_[A-Za-z0-9]{30,}"),
    ("jwt", r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"),
    ("bearer_token", r"(?i)\bbearer\s+([A-Za-z0-9._~+/-]{16,}=*)"),
    # user:password@ in a URL: only the password goes.
    ("url_password", r"(?i)\b[a-z][a-z0-9+.-]*://[^\s:/@]+:([^\s@/]+)@"),
    # password=..., api_key: "...", SECRET_TOKEN=...: the key stays, the value goes.
    (
        "secret",
        r"(?i)\b[A-Za-z0-9_.-]*(?:password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|credentials?)[A-Za-z0-9_.-]*"
        r"[\"']?\s*[:=]\s*[\"']?([^\s\"',;}{\[\]]{4,})",
    ),
)


# A literal that every match of a built-in pattern contains (lower-cased), so a pattern
# whose literals are all absent is not run: a regex starting with \b tries every
# position of the text, and the context of a long thread is megabytes of tool output.
_NEEDLES: dict[str, tuple[str, ...]] = {
    regex: needles
    for (_kind, regex), needles in zip(
        _BUILTIN_PATTERNS,
        (
            ("private key",),
            ("sk-ant-",),
            ("sk-",),
            ("_live_", "_test_"),
            ("akia", "asia", "abia", "acca"),
            ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
            ("glpat-",),
            ("xox",),
            ("aiza",),
            ("hf_",),
            ("eyj",),
            ("bearer",),
            ("://",),
            (
                "password",
                "passwd",
                "pwd",
                "secret",
                "token",
                "api",
                "access",
                "private",
                "credential",
            ),
        ),
        strict=True,
    )
}


# The generic key=value rule starts with `\b[A-Za-z0-9_.-]*`, which costs a scan of
# the rest of the word at every word start: seconds on megabytes of logs that say
# "api" or "token" in passing. Every match holds a keyword followed by word characters
# and then `:` or `=`, so when no keyword occurrence is followed so, it cannot match.
_SECRET_REGEX = _BUILTIN_PATTERNS[-1][1]
_SECRET_TAIL = re.compile(r"[a-z0-9_.-]*[\"']?\s*[:=]")


def _secret_possible(lowered: str) -> bool:
    for needle in _NEEDLES[_SECRET_REGEX]:
        at = lowered.find(needle)
        while at != -1:
            if _SECRET_TAIL.match(lowered, at + len(needle)):
                return True
            at = lowered.find(needle, at + 1)
    return False


# Under re.IGNORECASE exactly four non-ASCII letters match ASCII ones (found by trying
# every code point): İ and ı match i, ſ matches s, K (Kelvin) matches k. Mapped to those
# before lower-casing, any text, ASCII or not, yields a filter that holds every needle
# (and keyword tail) a match needs.
_FOLD = (("İ", "i"), ("ı", "i"), ("ſ", "s"), ("\u212a", "k"))


def _lowered(text: str) -> str:
    if not text.isascii():
        for char, ascii_char in _FOLD:
            if char in text:  # rare: a scan each is cheaper than str.translate
                text = text.replace(char, ascii_char)
    return text.lower()


@dataclass(frozen=True)
class Redactor:
    """Compiled patterns: (kind, regex); a pattern with a group redacts only group 1."""

    patterns: tuple[tuple[str, re.Pattern[str]], ...] = field(default_factory=tuple)

    def redact(self, text: str) -> tuple[str, Counter[str]]:
        counts: Counter[str] = Counter()
        lowered: str | None = None
        for kind, pattern in self.patterns:
            needles = _NEEDLES.get(pattern.pattern)
            if needles:
                if lowered is None:
                    lowered = _lowered(text)
                if not any(needle in lowered for needle in needles):
                    continue
                if pattern.pattern == _SECRET_REGEX and not _secret_possible(lowered):
                    continue
            changed = pattern.sub(functools.partial(_replace, kind=kind, counts=counts), text)
            if changed is not text:
                text, lowered = changed, None
        return text, counts

    def text(self, text: str) -> str:
        return self.redact(text)[0]


def _replace(match: re.Match[str], kind: str, counts: Counter[str]) -> str:
    counts[kind] += 1
    marker = f"[REDACTED:{kind}]"
    if match.re.groups and match.group(1) is not None:
        start, end = match.span(1)
        offset = match.start()
        whole = match.group(0)
        return whole[: start - offset] + marker + whole[end - offset :]
    return marker


def compile_patterns(extra: tuple[tuple[str, str], ...] = ()) -> Redactor:
    """The built-in patterns plus a project's own (kind, regex) pairs."""
    return Redactor(
        tuple((kind, re.compile(regex)) for kind, regex in (*_BUILTIN_PATTERNS, *extra))
    )


NO_REDACTION = Redactor(())
