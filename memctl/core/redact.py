"""Secret redaction: applied to everything sent to a model or written to memory.

Agents paste keys, tokens and connection strings into conversations; none of that
belongs in a provider's logs, the daily ledger or MEMORY.md. Each match is replaced
by `[REDACTED:<kind>]`, keeping the surrounding text (and a key's name) readable.

Callers redact a text whole and cut it afterwards, never the other way round: a cut
through a key leaves a piece no pattern recognises (a private key without its BEGIN
line, a token without its prefix, a value without its key name).

The provider formats (prefixes, alphabets, lengths) follow the rule sets of gitleaks
(config/gitleaks.toml, MIT, Copyright (c) 2019 Zachary Rice) and detect-secrets
(detect_secrets/plugins, Apache-2.0, Yelp), with formats neither has (Google's `ya29.`
and `GOCSPX-`, Stripe's `whsec_`) from the providers' documentation. They are
rewritten here rather than taken whole or as a dependency: gitleaks' rules are written
for Go's linear-time RE2, and the same text in Python's backtracking `re` is quadratic
on long runs; detect-secrets scans line by line and reports findings, not spans, so it
cannot replace a multi-line key in place. Every pattern here is bounded: each start
scans a bounded stretch, or a run no other start of the same pattern re-scans
(`bench/redact.py` times 1 MB adversarial inputs).

Redaction keeps structure: a value inside JSON (quoted, or quoted with escaped quotes
inside a JSON string) loses its characters, never its quotes, and numbers, booleans
and null are not secrets (`max_output_tokens: 12000` is a setting), except a
password's outside a JSON number. Tool-call arguments, which a provider parses, go
through `Redactor.json`, which redacts each key with its own value and always returns
JSON.
"""

from __future__ import annotations

import functools
import itertools
import json
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from memctl.core.lexicon import HAN, HAN_SUPPLEMENTARY, NOW_CJK, NOW_WORDS

# A value already replaced is not matched again (redacting twice changes nothing). The
# caseless patterns below run on the lower-cased text, where the marker is lower-case.
_NOT_MARKER = r"(?!\[redacted:)"
# A quoted value: up to its closing quote (same kind, perhaps escaped: `\"x\"` inside
# a JSON string, `\\\"x\\\"` inside JSON inside that), never past a backslash, so
# quoting is never cut through. A quote followed by a comma, a colon or a bracket ends
# a string (`["token=", "x"]`), and a quote without its closing one starts no quoted value.
_QUOTED = (
    rf"(?P<q>[\"']){_NOT_MARKER}(?![\s,:;}}\]])(?P<v>(?:(?!(?P=q))[^\\\r\n])++)\\{{0,7}}(?P=q)"
)
# Unquoted: a run up to a space, a quote or a separator; a password may hold separators
# (`p,ss;w[rd]`), so runs joined by them are matched too, and `_replacement` keeps the
# joined tail for a password's key only (`Password=x;Server=y` loses `Server=y`: a
# password cut at its first `;` would leak the rest). A separator at the end stays.
# Chinese punctuation (`，。；！？、`) ends the value and joins no runs: Chinese puts no
# space after it, so `密码：见保险柜，部署在周二。` would otherwise lose the whole line
# (review 29 F1), where `Password: see-the-vault, deploy on Tuesday.` keeps its tail.
_UNQUOTED = (
    rf"{_NOT_MARKER}(?P<u>[^\s\"',;{{}}\[\]\\，。；！？、]++"
    rf"(?:[,;{{}}\[\]]++[^\s\"',;{{}}\[\]\\，。；！？、]++)*+)"
)
_FOREIGN_PASSWORDS = (
    r"passwort|kennwort|mot de passe|contrase(?:ñ|n)a|senha|palavra-passe|wachtwoord|密码|口令"
)
"""A password's name in German, French, Spanish, Portuguese, Dutch and Chinese, lower
case (Italian says "password", and every one of them "PIN" and "token"): a password
stated in the user's language is as secret as one stated in English (audit 17 H4)."""
_FOREIGN_KEYS = (
    r"(?:api|zugangs)-?schlüssel|geheim(?:er[ \t])?schlüssel|clé[ \t](?:secrète|api|d['’]api)|"
    r"clave[ \t](?:secreta|de[ \t]api|api|de[ \t]acceso)|chiave[ \t](?:segreta|api)|"
    r"chave[ \t](?:secreta|de[ \t]api|api)|(?:geheime[ \t]|api-)sleutel|jeton|密钥|秘钥|令牌"
)
"""A secret key's or a token's name in the same languages (a bare "Schlüssel", "clave" is
any key, a keyword's too: "palabra clave: memoria")."""
_KEYWORDS = (
    r"pass(?:word|wd|phrase)|(?<![a-z])pass(?![a-z])|pwd|secret|token|"
    r"api[_-]?key|access[_-]?key|private[_-]?key|auth[_-]?key|credentials?|"
    rf"{_FOREIGN_PASSWORDS}|{_FOREIGN_KEYS}"
)
_STATED_NAMES = (
    r"pass(?:word|phrase|code)|token|secret|(?:api|access|secret|private|auth)[ _-]?key|"
    rf"credentials?|{_FOREIGN_PASSWORDS}|{_FOREIGN_KEYS}"
)
"""A secret's names in prose (`stated_secret`, which adds `pin` for digits alone), lower
case."""
_NOW_OR_STILL = "|".join(
    (
        "now",
        "still",
        "noch",
        *(
            re.escape(word).replace(r"\ ", r"[ \t]{1,8}").replace("'", "['\u2019]")
            for word in NOW_WORDS
        ),
    )
)
"""What may stand between a secret's name and verb and its value: English's `now` and
`still`, German's `noch`, and the words of other languages that say a value holds from now
on (`memctl.core.lexicon.NOW_WORDS`, which `models.restated` reads as a change: "Das
Passwort ist ab sofort …", "La contraseña es actualmente …")."""
_STATED_VERBS = (
    r"(?:[ \t]{1,8}(?:is|was|will[ \t]{1,8}be|ist|war|lautet|heißt|heisst|est|était|sera|es|"
    r"era|será|è|é|wordt)|['\u2019]s)"
    rf"(?:[ \t]{{1,8}}(?:{_NOW_OR_STILL}))?"
    rf":?[ \t]{{1,8}}|[ \t]{{0,8}}(?:{'|'.join(NOW_CJK)}|仍然)?(?:是|为|為|改为|改成|换成)[ \t:：]{{0,8}}"
)
"""What joins a secret's name to its value in prose: `is`, `was`, `will be` or `'s`, the
same in German, French, Spanish, Italian, Portuguese and Dutch (`lautet`, `est`, `es`,
`è`, `é`, `wordt`), perhaps with a word of `_NOW_OR_STILL` and a colon; in Chinese 是 or
改为 (now: 现在, still: 仍然), with or without spaces around."""
_IDEOGRAPHS = HAN + HAN_SUPPLEMENTARY
"""The CJK ideographs (a character class's ranges). Chinese writes no space between
words, so a stated secret's value stops at one and may end before one (`令牌是
Xk9-ab12-Qq7请保管`): else `令牌是在2号机器的3号目录里生成的。`, one clause switching
digits and Han, read as one generated token (review 29 F2)."""
# The patterns below that judge a match (`_PASSWORD_KEY`, `_PLAIN_VALUE`, ...) are kept
# as text and matched through re's own cache: they run only once a pattern has matched,
# and compiling them at import cost every command a millisecond and a half.
_PASSWORD_KEY = rf"pass|pwd|{_FOREIGN_PASSWORDS}"

# Order matters: specific provider formats before the generic key=value rule.
_BUILTIN_PATTERNS: tuple[tuple[str, str], ...] = (
    (
        # Up to its END line; without one (a pasted fragment), up to the next BEGIN, a
        # quote with the backslashes that escape it (the end of a JSON string, at any
        # depth of JSON in JSON) or the end of the text.
        "private_key",
        r"-----BEGIN[ A-Z0-9_-]{0,64}PRIVATE KEY(?: BLOCK)?-----"
        r"(?:(?!-----BEGIN |\\{0,7}\")[\s\S])*?"
        r"(?:-----END[ A-Z0-9_-]{0,64}PRIVATE KEY(?: BLOCK)?-----|(?=-----BEGIN |\\{0,7}\")|\Z)",
    ),
    ("anthropic_key", r"\bsk-ant-[A-Za-z0-9]{1,16}-[A-Za-z0-9_-]{20,}+"),
    ("openai_key", r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}+"),
    (
        "stripe_key",
        r"\b(?:(?:sk|rk|pk)_(?:live|test|prod)_[A-Za-z0-9]{10,}+|whsec_[A-Za-z0-9+/=]{20,}+)",
    ),
    ("aws_access_key", r"\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b"),
    ("github_token", r"\b(?:gh[pousr]_[A-Za-z0-9]{36,}+|github_pat_[A-Za-z0-9_]{22,}+)"),
    ("gitlab_token", r"\bgl(?:pat|dt|rt|ptt|oas|soat)-[A-Za-z0-9_-]{20,}+"),
    ("slack_token", r"\b(?:xox[abposre]-[A-Za-z0-9-]{10,}+|xapp-[0-9]-[A-Za-z0-9-]{10,}+)"),
    (
        "slack_webhook",
        r"\bhooks\.slack\.com/(?:services|workflows|triggers)/(?P<v>[a-z0-9_/+-]{16,}+)",
    ),
    ("google_api_key", r"\bAIza[0-9A-Za-z_-]{35}"),
    ("google_oauth", r"\b(?:ya29\.[A-Za-z0-9_-]{20,}+|GOCSPX-[A-Za-z0-9_-]{20,}+)"),
    ("huggingface_token", r"\bhf_[A-Za-z0-9]{30,}+"),
    ("npm_token", r"\bnpm_[A-Za-z0-9]{36}\b"),
    ("pypi_token", r"\bpypi-AgE[A-Za-z0-9_-]{40,}+"),
    ("sendgrid_key", r"\bSG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{20,64}"),
    ("twilio_key", r"\bSK[0-9a-fA-F]{32}\b"),
    (
        # A start only where a run of the token alphabet starts: a start inside the run
        # would scan the rest of it again.
        "jwt",
        r"(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}+\.eyJ[A-Za-z0-9_-]{8,}+\.[A-Za-z0-9_-]{8,}+",
    ),
    ("bearer_token", r"\bbearer\s{1,8}+(?P<v>[a-z0-9._~+/-]{16,}+=*)"),
    (
        # Authorization: Basic <base64>, Token <t>, or a bare credential (the scheme stays).
        "authorization",
        r"\bauthorization\\?[\"']?[ \t]{0,8}[:=][ \t]{0,8}\\?[\"']?"
        rf"(?:(?:basic|token|digest|apikey)[ \t]{{1,8}})?{_NOT_MARKER}(?P<v>[^\s\"'\\,;\[\]]{{8,}}+)",
    ),
    ("azure_key", r"\b(?:account|sharedaccess)key=(?P<v>[a-z0-9+/]{16,}+={0,2})"),
    # [user]:password@ in a URL: only the password goes, all of it up to the last @
    # (a password may hold @), never past the authority. The scheme is not matched (a
    # letter or digit before :// is enough), so no run of scheme characters is scanned
    # from each of its dots.
    # A password may hold `/`, `?` and `#` (`u:p?ss#w/rd@host`); a port and a path
    # (`host:8080/a?b=c@d`) is not one.
    (
        "url_password",
        r"(?<=[a-z0-9])://[^\s:/@\"'<>\\]{0,256}:"
        rf"{_NOT_MARKER}(?![0-9]{{1,5}}(?:[/?#]|$))(?P<v>[^\s\"'<>\\]{{1,256}})@(?=[a-z0-9\[])",
    ),
    # A password given on a command line: `--password X`, `--password "X Y"`, `mysql -pX`
    # (`-p` only on a line that runs a mysql client: `_replacement` looks back for it).
    (
        "cli_password",
        r"(?:(?<![a-z0-9_-])--pass(?:word|wd)?[ \t]{1,8}+|(?<=[ \t])-p(?!ass))"
        rf"{_NOT_MARKER}(?P<v>\"[^\"\n]{{1,256}}\"|'[^'\n]{{1,256}}'|[^\s\"']{{1,256}})",
    ),
    # An XML element named for a secret: `<password>X</password>`, `<api-token>X</...>`.
    (
        "xml_secret",
        r"<(?:[a-z0-9_.:-]{0,40}?)(?:pass(?:word|wd|phrase)?|pwd|secret|token|"
        r"api[_-]?key|access[_-]?key|private[_-]?key|credentials?)(?:[a-z0-9_.-]{0,20})"
        rf"(?:[ \t][^<>]{{0,256}})?>{_NOT_MARKER}(?P<v>[^<\s][^<]{{0,4096}})</",
    ),
    # password=..., api_key: "...", {\"token\":\"...\"}, DB_PASS=...: the key stays, the
    # value goes. The key name is matched from its keyword on, at most 40 characters
    # further: a rule that allowed any run before the keyword (`\b[\w.-]*token`) would
    # scan the rest of the run from every word start (quadratic on base64url).
    (
        "secret",
        rf"(?=[pstackmwgjz密口秘令])(?P<k>{_KEYWORDS})(?P<ks>[a-z0-9_.-]{{0,40}}+)(?P<kq>\\{{0,7}}[\"'])?[ \t]{{0,8}}"
        rf"(?::=|=>|[:=：])[ \t]{{0,8}}(?:\\{{0,7}}{_QUOTED}|\\{{0,7}}[\"']?{_UNQUOTED})",
    ),
    # A secret said in prose: its name, `is`, `was`, `will be` or `'s` (a colon after
    # it), and one token that looks generated (`_stated_secret`): "The warehouse password
    # is Wq8-zz91-Kp0x." (audit 16 M4), or a passcode or PIN of 8 digits or more. "The
    # password is on the sticky note", "the token is expired" are not one.
    (
        "stated_secret",
        rf"(?<![a-z0-9])(?P<n>{_STATED_NAMES}|pin)(?:{_STATED_VERBS})[`\"']?{_NOT_MARKER}"
        rf"(?P<v>[^\s\"'`<>()\[\]{{}},;\\。，；：！？{_IDEOGRAPHS}]{{7,255}}"
        rf"[^\s\"'`<>()\[\]{{}},;\\.!?:。，；：！？{_IDEOGRAPHS}])"
        rf"(?=[.!?:。！？]*(?:[\s\"'`),;\\，。；{_IDEOGRAPHS}]|$))",
    ),
)
# Caseless patterns run on the lower-cased text, written in lower case: `re.IGNORECASE`
# makes every character a case-folding comparison, four times slower.
_CASELESS = frozenset(
    regex
    for kind, regex in _BUILTIN_PATTERNS
    if kind
    in {
        "slack_webhook",
        "bearer_token",
        "authorization",
        "azure_key",
        "url_password",
        "cli_password",
        "xml_secret",
        "secret",
        "stated_secret",
    }
)


_SECRET_NEEDLES = (
    *("pass", "secret", "token", "api", "access", "private", "auth", "credential"),
    *("kennwort", "mot de", "contrase", "senha", "palavra", "wachtwoord", "密码", "口令"),
    *("zugangs", "geheim", "clé", "clave", "chiave", "chave", "jeton", "密钥", "秘钥", "令牌"),
)
"""Where a `secret` or `stated_secret` match may start: the first letters of each of
their names (English, then `_FOREIGN_PASSWORDS`, `_FOREIGN_KEYS`)."""
# A literal that every match of a built-in pattern contains (lower-cased), so a pattern
# whose literals are all absent is not run: the context of a long thread is megabytes
# of tool output, and most of it holds none of them.
_NEEDLES: dict[str, tuple[str, ...]] = {
    regex: needles
    for (_kind, regex), needles in zip(
        _BUILTIN_PATTERNS,
        (
            ("private key",),
            ("sk-ant-",),
            ("sk-",),
            ("_live_", "_test_", "_prod_", "whsec_"),
            ("a3t", "akia", "asia", "abia", "acca"),
            ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
            ("glpat-", "gldt-", "glrt-", "glptt-", "gloas-", "glsoat-"),
            ("xox", "xapp-"),
            ("hooks.slack.com/",),
            ("aiza",),
            ("ya29.", "gocspx-"),
            ("hf_",),
            ("npm_",),
            ("pypi-age",),
            ("sg.",),
            ("sk",),
            ("eyj",),
            ("bearer",),
            ("authorization",),
            ("key=",),
            ("://",),
            ("--pass", " -p", "\t-p"),
            ("</",),
            (*_SECRET_NEEDLES, "pwd"),
            (*_SECRET_NEEDLES, "pin ", "pin\t", "pin'", "pin\u2019", "pin是", "pin为", "pin现"),
        ),
        strict=True,
    )
}


# Patterns each match of which starts where one of its needles is, in the haystack it
# runs on: `_matches` tries them only there, not at every character. The `secret`
# pattern's needles are common words ("token", "secret", "access"), and trying it at
# each position of a 300-character record cost 130 µs, most of what a search hit costs.
_ANCHORED = frozenset(
    regex for kind, regex in _BUILTIN_PATTERNS if kind in ("secret", "stated_secret")
)


def _matches(pattern: re.Pattern[str], haystack: str) -> Iterator[re.Match[str]]:
    """`pattern.finditer(haystack)`: for an anchored pattern, the same matches found by
    trying it only where one of its needles starts (in order, each past the last match,
    as finditer resumes), else finditer itself."""
    if pattern.pattern not in _ANCHORED:
        yield from pattern.finditer(haystack)
        return
    starts: set[int] = set()
    for needle in _NEEDLES[pattern.pattern]:
        at = haystack.find(needle)
        while at != -1:
            starts.add(at)
            at = haystack.find(needle, at + 1)
    done = 0
    for at in sorted(starts):
        if at < done:
            continue
        match = pattern.match(haystack, at)
        if match is not None:
            yield match
            done = max(match.end(), at + 1)


REDACT_MARGIN = 8_192
"""How far past a cut a text is redacted with the part kept (`Redactor.head`, `tail`):
more than any secret the patterns know is long (a 4,096-bit RSA key in PEM is 3,200
characters), and a private key whose END falls outside is redacted to the window's end.
The preview of a 150,000-character tool result (2,000 characters each end) then costs
20,000 characters of redaction, not 150,000, on every context build."""


# Under re.IGNORECASE exactly four non-ASCII letters match ASCII ones (found by trying
# every code point): İ and ı match i, ſ matches s, K (Kelvin) matches k. Mapped to those
# before lower-casing, any text, ASCII or not, yields a filter that holds every needle
# a match needs, and a lower case of the same length as the text (İ is the one
# character whose lower case is two), where the caseless patterns' spans are the text's.
_FOLD = (("İ", "i"), ("ı", "i"), ("ſ", "s"), ("\u212a", "k"))


def _lowered(text: str) -> str:
    if not text.isascii():
        for char, ascii_char in _FOLD:
            if char in text:  # rare: a scan each is cheaper than str.translate
                text = text.replace(char, ascii_char)
    return text.lower()


# What a setting's value looks like: a number, a boolean or null, perhaps at the end of
# a sentence. Not a secret, unless it is a password's (a PIN is a number) outside JSON.
_PLAIN_VALUE = (
    r"(?:[-+]?(?:[0-9][0-9_]*(?:[.,][0-9_]+)*(?:[eE][-+]?[0-9]+)?|\.[0-9]+)"
    r"|(?i:true|false|null|none|nil|yes|no|on|off))[.!?:)]*"
)


_MYSQL_REACH = 200
"""How far back on its line `-pX` looks for the mysql client that takes it."""
_NUMBER = r"[-+]?[0-9][0-9_]*[.!?:)]*"
"""A password's value that is a number is a PIN; a password's `None` or `true` is not one."""
_SEPARATOR = r"[,;{}\[\]]"
_MIN_UNQUOTED = 4
"""An unquoted value shorter than this is a word (`token=on`), not a secret."""

# A key that names where a secret is, not the secret: `secret_name: db-prod`,
# `api_key_env: OPENAI_API_KEY`, `token_type: bearer`, `password_file: /run/pw`.
_KEY_ABOUT = (
    r"(?:^|[_.-])(?:names?|env|var|variable|file|path|type|kind|length|len|count|field|"
    r"header|url|uri|endpoint|label|prompt|scope|ttl|expiry|expires|policy|id)$|^i[sz]"
)
# An environment variable named, not given: `$DB_PASS`, `${DB_PASS}`, `%DB_PASS%`, and
# (for a key that is no password's) a bare `OPENAI_API_KEY`.
_ENV_REFERENCE = r"\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|%[A-Za-z_][A-Za-z0-9_]*%"
_ENV_NAME = r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+"
# Code on the right-hand side: `tokens = tokenizer.encode(text)`, `secret = os.environ[`,
# `token = self.token`, `password = get_password()`.
_CODE = r"(?P<f>[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\(.*"
_OBJECT = r"(?:self|cls|this|os|config|settings|args|options|opts|ctx|request)\."
_DOTTED_OR_NAME = r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*"
_DOTTED = r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+"


def _names_no_secret(key: str, suffix: str, value: str, after: str, *, password: bool) -> bool:
    """Whether a key=value only refers to a secret: the key names a secret's name, file or
    variable, or the value is an environment variable's name or a piece of code. A
    reference loses nothing when shown; redacting it destroys ordinary source text."""
    if re.search(_KEY_ABOUT, suffix) or re.fullmatch(_ENV_REFERENCE, value):
        return True
    if re.fullmatch(_DOTTED_OR_NAME, value) and value.lower().rpartition(".")[2] == key:
        return True  # `pwd=pwd`, `password = self.password`: the variable, passed on
    if not password and re.fullmatch(_ENV_NAME, value):
        return True
    if "(" in value and (code := re.fullmatch(_CODE, value)) and code["f"]:
        # A call: code. A password may hold `(`, so for one the callee must read as a
        # function's name (`get_password()`, `getpass.getpass()`).
        return not password or any(char in code["f"] for char in "._")
    # `self.token`, `line[start:pos]`, `os.environ[...]`: a name indexed or an attribute
    # path (a password may hold dots; a password's own value runs on over `[`)
    if after == "[" and re.fullmatch(_DOTTED_OR_NAME, value):
        return True
    return re.fullmatch(_DOTTED, value) is not None and re.match(_OBJECT, value) is not None


@dataclass(frozen=True)
class Redactor:
    """Patterns as (kind, regex). A built-in pattern with a group named `v` or `u`
    redacts only that value; any other pattern with a group redacts group 1.

    A pattern is compiled the first time a text holds the literals it needs (one without
    literals, a project's own, the first time it runs): 24 compiles are a fifth of a
    light command's start-up, and the hits `memctl search` prints mostly need none."""

    patterns: tuple[tuple[str, str], ...] = ()

    @functools.cached_property
    def _plan(self) -> tuple[tuple[str, str, tuple[str, ...], bool], ...]:
        """(kind, regex, its literals, caseless) of each pattern, in order."""
        return tuple(
            (kind, regex, _NEEDLES.get(regex, ()), regex in _CASELESS)
            for kind, regex in self.patterns
        )

    def spans_lines(self, data: bytes) -> bool:
        """Whether a match in `data` (a file's bytes) may cross a line break, so that a
        line is redacted right only with the text around it: a private key (the one
        built-in pattern that spans lines) or any pattern of the project's own."""
        return b"-----BEGIN" in data or self._own_patterns

    @functools.cached_property
    def _own_patterns(self) -> bool:
        return any(pattern not in _BUILTIN_SET for pattern in self.patterns)

    @functools.cached_property
    def _literals_only(self) -> bool:
        """Whether every pattern has literals: then a text holding none is left as it is."""
        return all(needles for _, _, needles, _ in self._plan)

    def redact(self, text: str, *, keep_lines: bool = False) -> tuple[str, Counter[str]]:
        """`keep_lines`: a match across lines leaves its line breaks, so line N of the
        result is line N of the text (memory_get numbers the lines of a whole file)."""
        counts: Counter[str] = Counter()
        return self._apply(text, keep_lines, counts), counts

    def text(self, text: str) -> str:
        return self._apply(text, False, None)

    def lines(self, text: str) -> str:
        """The text redacted whole, with as many lines as it had."""
        return self._apply(text, True, None)

    def _apply(self, text: str, keep_lines: bool, counts: Counter[str] | None) -> str:
        """The text redacted, counting each kind in `counts`; None when no one reads the
        counts (a search's hits: a Counter a hit was a twentieth of its cost)."""
        lowered: str | None = None
        screened = True
        for kind, regex, needles, caseless in self._plan:
            if needles or caseless:
                if lowered is None:
                    lowered = _lowered(text)
                    screened = _holds_a_literal(lowered)
                    if not screened and self._literals_only:
                        return text
                if needles and not (screened and any(n in lowered for n in needles)):
                    continue
            if counts is None:
                counts = Counter()
            haystack = lowered if caseless and lowered is not None else text
            changed = _substitute(_compiled(regex), haystack, text, kind, counts, keep_lines)
            if changed is not text:
                text, lowered = changed, None
        return text

    def head(self, text: str, chars: int) -> str:
        """The first `chars` characters of `text` as if redacted whole, for the cost of
        redacting `chars + REDACT_MARGIN`: a secret across the cut is whole in that window."""
        return self.text(text[: chars + REDACT_MARGIN])[:chars]

    def tail(self, text: str, chars: int) -> str:
        """The last `chars` characters of `text` as if redacted whole (see `head`)."""
        if chars <= 0:
            return ""
        return self.text(text[-(chars + REDACT_MARGIN) :])[-chars:]

    def json(self, text: str) -> str:
        """A JSON text (a tool call's arguments) redacted into JSON of the same shape:
        keys and string values lose their secrets, numbers, booleans and null stay.

        A pattern run over the whole text could take the quote that ends one string
        (`"read -p password: "`) for the start of a value and cut through the quoting.
        So each key is redacted with its own string value alone, as `{"key": "value"}`
        (the key still names what is secret), and a string holding JSON in turn is
        redacted the same way. Text that is not a JSON object or array is redacted as
        text.
        """
        document = _json_container(text) if self.patterns else None
        if document is None:
            return self.text(text)
        try:
            redacted = self._json_value(document, _JSON_DEPTH)
        except RecursionError:  # nested deeper than this stack allows: as text
            return self.text(text)
        return text if redacted == document else json.dumps(redacted, ensure_ascii=False)

    def _json_value(self, value: Any, depth: int) -> Any:
        if isinstance(value, str):
            return self._json_string(value, depth)
        if isinstance(value, list):
            return [self._json_value(item, depth) for item in value]
        if isinstance(value, dict):
            return dict(self._json_item(key, item, depth) for key, item in value.items())
        return value

    def _json_item(self, key: str, value: Any, depth: int) -> tuple[str, Any]:
        if not isinstance(value, str):
            return self.text(key), self._json_value(value, depth)
        try:
            pair = json.loads(self.text(json.dumps({key: value}, ensure_ascii=False)))
            [(new_key, new_value)] = pair.items()
        except ValueError:  # a key ending in `token=` took its closing quote for a value
            new_key, new_value = self.text(key), value
        if new_value == value:  # nothing its key names: as any other string
            new_value = self._json_string(value, depth)
        return new_key, new_value

    def _json_string(self, value: str, depth: int) -> str:
        inner = _json_container(value) if depth else None
        if inner is None:
            return self.text(value)
        redacted = self._json_value(inner, depth - 1)
        return value if redacted == inner else json.dumps(redacted, ensure_ascii=False)


_JSON_DEPTH = 3
"""How many times JSON inside a JSON string is parsed again (arguments inside a log line)."""


def _json_container(text: str) -> Any:
    """The object or array `text` holds, or None."""
    if text.lstrip()[:1] not in ("{", "["):
        return None
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return document if isinstance(document, dict | list) else None


def _substitute(
    pattern: re.Pattern[str],
    haystack: str,
    text: str,
    kind: str,
    counts: Counter[str],
    keep_lines: bool,
) -> str:
    """`text` with the matches of `pattern` in `haystack` (the text, or its lower case of
    the same length) replaced; `text` itself when nothing was."""
    pieces: list[str] = []
    done = 0
    for match in _matches(pattern, haystack):
        replacement = _replacement(match, text, kind, keep_lines)
        if replacement is None:
            continue
        start, end, marker = replacement
        counts[kind] += 1
        pieces += (text[done:start], marker)
        done = end
    if not pieces:
        return text
    pieces.append(text[done:])
    return "".join(pieces)


def _replacement(
    match: re.Match[str], text: str, kind: str, keep_lines: bool
) -> tuple[int, int, str] | None:
    """(start, end, marker) for the part of `text` a match redacts; None when the match
    is a key=value whose value is a plain setting."""
    names = match.re.groupindex
    start, end = match.span()
    if "v" in names or "u" in names:
        start, end = match.span("v" if match.group("v") is not None else "u")
    elif match.re.groups and match.group(1) is not None:
        start, end = match.span(1)
    value = text[start:end]
    if kind == "cli_password" and text.startswith("-p", match.start()):
        line = text[max(0, match.start() - _MYSQL_REACH) : match.start()].rpartition("\n")[2]
        if "mysql" not in line.lower():
            return None
    if kind == "secret" and "k" in names:
        password = re.search(_PASSWORD_KEY, match.group("k")) is not None
        unquoted = match.group("u") is not None
        if unquoted and not password and (cut := re.search(_SEPARATOR, value)):
            end = start + cut.start()  # `api_key=x;user=bob`: only a password holds `;`
            value = text[start:end]
        if unquoted and len(value) < _MIN_UNQUOTED:
            return None
        if re.fullmatch(_PLAIN_VALUE, value):
            # A setting, or a JSON number, boolean or null (a quoted key, an unquoted
            # value), which a marker would turn into invalid JSON.
            json_literal = match.group("kq") is not None and unquoted
            if json_literal or not password or not re.fullmatch(_NUMBER, value):
                return None
        key = match.group("k") + match.group("ks")
        if _names_no_secret(key, match.group("ks"), value, text[end : end + 1], password=password):
            return None
    if kind == "stated_secret" and not _stated_secret(match.group("n"), value):
        return None
    marker = f"[REDACTED:{kind}]"
    if keep_lines:
        marker += "\n" * value.count("\n")
    return start, end, marker


_PROVIDER_PREFIXES = tuple(
    needle
    for kind, regex in _BUILTIN_PATTERNS
    if kind.endswith(("_key", "_token", "_oauth"))
    for needle in _NEEDLES[regex]
    if needle[:1].isalpha() and needle[-1] in "-_."
)
"""The providers' prefixes the patterns above know that end in a sign (`sk-`, `ghp_`,
`glpat-`, `xoxb-` is `xox`'s, `ya29.`): a stated secret starting with one is a key of that
provider cut short or of a format not known in full (`its token is sk-12345678901`)."""
_GENERATED_SWITCHES = 3
_STATED_LENGTH = 10
"""The shortest token `stated_secret` reads as a generated secret: "The token is
a1b2c3" is a word of a kind more often than a key."""
_PASSCODE_DIGITS = 8
"""The fewest digits of a passcode or PIN `stated_secret` redacts ("Her passcode was
4815162342."): a shorter number after "the pin is" is a pin of a board, a count."""
_VERSION = (
    r"v?\d+(?:\.\d+){1,3}"
    r"(?:[-.]?(?:alpha|beta|rc|dev|pre|post|preview|snapshot|final|release|lts|[abc])\.?\d*)*"
    r"(?:\+[0-9a-z]+(?:\.[0-9a-z]+)*)?"
)
"""A version (`v2.14.3-rc1`, `1.4.0b2`, `3.2.1+build.7`), in lower case: what "the build
token is" names, never a secret (review 28 F6)."""
_TIMESTAMP = (
    r"\d{4}-?\d{2}-?\d{2}(?:t\d{2}:?\d{2}(?::?\d{2}(?:[.,]\d+)?)?)?(?:z|[+-]\d{2}(?::?\d{2})?)?"
)
"""An ISO 8601 date or time, in lower case (`2026-12-05T10:00Z`): when a token is, not one."""


def _stated_secret(name: str, value: str) -> bool:
    """Whether what prose says a secret (`name`, lower case) is, `value`, is one: 8 digits
    or more for a passcode or a PIN; else 10 characters or more that look generated
    (`looks_generated`), not a version nor an ISO time. A PIN is digits alone ("the pin
    is GPIO17Out" names a board's pin). Whether "The secret is MySQL8Server" names a
    product or gives a password cannot be told: like "Summer2024Sun", it is redacted."""
    if value.isdigit():
        return name in ("passcode", "pin") and len(value) >= _PASSCODE_DIGITS
    if name == "pin" or len(value) < _STATED_LENGTH:
        return False
    lowered = value.lower()
    if re.fullmatch(_VERSION, lowered) or re.fullmatch(_TIMESTAMP, lowered):
        return False
    return looks_generated(value)


def looks_generated(value: str) -> bool:
    """Whether a token said to be a secret (`stated_secret`, 10 characters or more) looks
    generated rather than written: a provider's prefix, upper and lower case letters and
    digits all in it, or letters and digits switching three times or more
    (`7hq2lm9`). A word ("expired", "rotated"), a number, a date or a memorable phrase
    ("hunter2-swordfish": one switch) is not; neither is a path or a URL, which name
    where a secret is."""
    if "/" in value or "@" in value:
        return False
    if value.lower().startswith(_PROVIDER_PREFIXES):
        return True
    digits = any(char.isdigit() for char in value)
    if not digits:
        return False
    if any(char.isupper() for char in value) and any(char.islower() for char in value):
        return True
    kinds = [char.isdigit() for char in value if char.isalnum()]
    return sum(one != other for one, other in itertools.pairwise(kinds)) >= _GENERATED_SWITCHES


_BUILTIN_SET = frozenset(_BUILTIN_PATTERNS)


def compile_patterns(extra: tuple[tuple[str, str], ...] = ()) -> Redactor:
    """The built-in patterns plus a project's own (kind, regex) pairs (each compiled
    when first needed, see `Redactor`)."""
    return Redactor((*_BUILTIN_PATTERNS, *extra))


def pattern_flags(regex: str) -> int:
    """`re.compile(regex).flags`, without compiling a pattern that sets no flag of its
    own (every built-in one): the flags of a text pattern are re.UNICODE and those of
    its leading `(?aimsux)` groups (perhaps after a `(?#comment)`), the one place Python
    3.11 allows a global flag."""
    if regex.startswith("(?") and regex[2:3] in _FLAGS_OR_COMMENT:
        return _compiled(regex).flags
    return int(re.UNICODE)


_FLAGS_OR_COMMENT = frozenset("aiLmsux#")


@functools.cache
def _compiled(regex: str) -> re.Pattern[str]:
    return re.compile(regex)


_SCREEN_CHARS = 2_048
"""The longest text screened for every literal in one regex scan (`_holds_a_literal`)."""


@functools.cache
def _screen() -> re.Pattern[str]:
    """Every built-in pattern's literals in one alternation."""
    literals = sorted({needle for needles in _NEEDLES.values() for needle in needles})
    return re.compile("|".join(re.escape(literal) for literal in literals))


def _holds_a_literal(lowered: str) -> bool:
    """Whether a lower-cased text may hold a built-in pattern's literal. A short text (a
    hit, a ledger line) mostly holds none, and one scan then rules out every pattern
    (three quarters of its redaction was looking for each pattern's literals in turn);
    in a longer one the substring scans of each pattern are faster than the regex."""
    return len(lowered) > _SCREEN_CHARS or _screen().search(lowered) is not None


NO_REDACTION = Redactor(())
