"""A change stated as an assignment: a line of SQL, a JSON Patch or a shell that sets a
key of a subject to a value (issue 25 item 3, stale23).

`memctl.models.supersede` reads sentences; a structured register states the same change
in a form no sentence shape has, and `stale()` kept the old value:

- SQL: `UPDATE services SET host = 'db7' WHERE name = 'staging';  -- was 'db3'`, and the
  answer of a query written beside it: `SELECT host FROM services WHERE name =
  'staging';  -- returns 'db3'`;
- a JSON Patch: `staging: {"op": "replace", "path": "/host", "value": "db7"}` (only an
  "add" or "replace" sets a value; "test" and "remove" set none);
- a shell assignment: `export HOST=db7   # staging; not db3 any more`.

Each is read as (subject, key, value, was): the subject is the row the WHERE clause
names, else the label before the line ("The Sable team: ..."), else (for a shell line)
its comment; the key is the column, the path's last step or the variable, folded and
stripped of punctuation, so that `HOST`, `host` and `/host` are one key. A comment that
names a value as the one before (`was 'db3'`, `moved from 'db3'`, `previously 'db3'`,
`not db3 any more`, `db3 is gone`) gives `was`.

A later assignment replaces an earlier one of the same subject and key with another
value, whatever the form of either (an UPDATE after an export). One that names the value
before replaces an earlier fact in any form that names the subject and that value and
not the new one ("Notice: staging lives on db3." before the UPDATE above); one that names
none replaces an earlier sentence naming the subject and the key with one value of the
new value's sort after it ("Staging's host is db3."). Neither when the earlier fact adds
("also", "too", "as well": a second value beside the first) or asks.

And a later line that names an assignment's subject and moves away from its value ends
it, whatever else it says: "db3 -> db7", "from db3 to db7", "db3 down, failing over to
db7" (not when it fails back: "failed back", "back to").

Pure: no I/O. `supersede.stale` adds what it finds.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

_LABEL = r"(?:(?P<label>[^:{}=#'\"]{1,60}?):\s+)?"
_QUOTED_VALUE = r"(?:'(?P<q1>[^']*)'|\"(?P<q2>[^\"]*)\"|(?P<bare>[^\s;,']+))"
_SQL_SET = re.compile(
    rf"^{_LABEL}UPDATE\s+[\w.]+\s+SET\s+(?P<key>[\w.]+)\s*=\s*{_QUOTED_VALUE}"
    r"(?:\s+WHERE\s+[\w.]+\s*=\s*'(?P<subject>[^']+)')?\s*;?\s*(?:--\s*(?P<comment>.*))?$",
    re.I,
)
_SQL_GOT = re.compile(
    rf"^{_LABEL}SELECT\s+(?P<key>[\w.]+)\s+FROM\s+[\w.]+"
    r"(?:\s+WHERE\s+[\w.]+\s*=\s*'(?P<subject>[^']+)')?\s*;?\s*--\s*(?:returns\s+)?"
    r"'(?P<q1>[^']+)'\s*$",
    re.I,
)
_PATCH = re.compile(r"^(?P<label>[^{}]{1,60}?):\s*(?P<patch>\{.*\})\s*(?:(?:--|#|//)\s*.*)?$")
_SHELL = re.compile(
    rf"^{_LABEL}(?:export\s+|set\s+)?(?P<key>[A-Za-z_]\w*)=(?P<value>[^\s#;]+(?: [^\s#;]+)?)"
    r"(?:\s+#\s*(?P<comment>.*))?$"
)
_CONFIG = re.compile(
    rf"^{_LABEL}(?:~\s*)?(?P<key>[A-Za-z_][\w.-]*)\s*=\s*"
    r"(?:(?P<was>\"[^\"]*\"|'[^']*')\s*(?:->|→)\s*)?(?P<value>\"[^\"]*\"|'[^']*')"
    r"(?:\s+#\s*(?P<comment>.*))?$"
)
_ROW = re.compile(
    rf"^{_LABEL}(?P<header>[A-Za-z_][\w.-]*(?:,[A-Za-z_][\w.-]*)+)\s+\|\s+(?P<cells>[^|]+)$"
)
_WAS = re.compile(
    r"^(?:was|previously|formerly|before|(?:changed|moved|transferred|switched) from|replaces|"
    r"instead of|not)"
    r"\s+'?(?P<was>[^';,()]+?)'?(?:\s+(?:any ?more|any longer)|\s+(?:this|last|since|on)\s.*)?$"
    r"|^'?(?P<gone>[^';,()]+?)'?\s+(?:is|was)\s+(?:gone|retired|decommissioned|removed|dead)$",
    re.I,
)
_ADDS = re.compile(r"\b(?:also|too|as well|both|another|second|same as)\b", re.I)
_SETS = frozenset({"replace", "add"})
_MAY_ASSIGN = re.compile(r"=|\"op\"|\bselect\b|,[^|]*\|", re.I)
_AFTER_KEY = re.compile(r"^(?:\s*(?:is|are|was|:|-+|=|of|to)\b)*\s*(?P<run>[^.;,()]*)")
_END = r"(?![\w-]|\.\w)"
"""The end of a value: "7" is not named in "7.6" nor "db7" in "db7-eu"."""
_BACK = re.compile(r"\b(?:fail(?:ed|s|ing)? back|fell back|back to)\b", re.I)


@dataclass(frozen=True)
class Assigned:
    """What an assignment line sets: the subject (folded, "the" dropped), the key
    (folded, letters and digits only), the value as written, and the value it names as
    the one before, if any."""

    subject: str
    key: str
    value: str
    was: str | None


def _folded_subject(text: str) -> str:
    words = text.casefold().split()
    if words and words[0] == "the":
        words = words[1:]
    return " ".join(words)


def _key(text: str) -> str:
    """`HOST`, `host`, `/host` and `Host` are one key."""
    return re.sub(r"[^\w]|_", "", text.rsplit("/", 1)[-1].rsplit(".", 1)[-1]).casefold()


def _comment(comment: str | None) -> tuple[str | None, str | None]:
    """A comment's subject (its first clause that names no value before) and the value
    it names as the one before."""
    subject = was = None
    for clause in re.split(r"[;,]", comment or ""):
        clause = clause.strip().rstrip(".")
        if not clause:
            continue
        if told := _WAS.match(clause):
            was = was or (told["was"] or told["gone"]).strip()
        elif subject is None:
            subject = clause
    return subject, was


def assigned(text: str) -> Assigned | None:
    """The assignment `text` states (see the module), or None."""
    line = text.strip().lstrip("-*+• ").strip()
    if match := _SQL_SET.match(line) or _SQL_GOT.match(line):
        value = next((match[g] for g in ("q1", "q2", "bare") if match.groupdict().get(g)), None)
        subject = match["subject"] or match["label"]
        if value is None or subject is None:
            return None
        _, was = _comment(match.groupdict().get("comment"))
        return Assigned(_folded_subject(subject), _key(match["key"]), value.strip(), was)
    if "{" in line and (match := _PATCH.match(line)):
        try:
            patch = json.loads(match["patch"])
        except ValueError:
            return None
        if not isinstance(patch, dict) or patch.get("op") not in _SETS:
            return None
        path, value = patch.get("path"), patch.get("value")
        if not isinstance(path, str) or not isinstance(value, str | int | float):
            return None
        if isinstance(value, bool) or not _key(path):
            return None
        return Assigned(_folded_subject(match["label"]), _key(path), str(value), None)
    if "=" in line and (match := _CONFIG.match(line)):
        about, was = _comment(match["comment"])
        subject = match["label"] or about
        if subject is None:
            return None
        before = match["was"][1:-1] if match["was"] else was
        return Assigned(_folded_subject(subject), _key(match["key"]), match["value"][1:-1], before)
    if "|" in line and (match := _ROW.match(line)):
        return _row(match["label"], match["header"].split(","), match["cells"].split(","))
    if "=" in line and (match := _SHELL.match(line)):
        about, was = _comment(match["comment"])
        subject = match["label"] or about
        if subject is None:
            return None
        return Assigned(_folded_subject(subject), _key(match["key"]), match["value"], was)
    return None


def _row(label: str | None, header: list[str], cells: list[str]) -> Assigned | None:
    """A table's row with its header ("service,host | staging,db3"): the first cell is
    the subject and the second column the key, or, under a label ("The Sable team:
    ci,since | Jenkins,2024"), the label the subject and the first column the key. A
    later cell may name the value before ("..., moved from db3 this week")."""
    cells = [cell.strip() for cell in cells]
    if len(cells) != len(header) or not all(cells):
        return None
    if label is not None:
        subject, key, value, rest = label, header[0], cells[0], cells[1:]
    else:
        subject, key, value, rest = cells[0], header[1], cells[1], cells[2:]
    if _unnamed(subject) or not _key(key):
        return None
    was = next((w for cell in rest if (w := _comment(cell)[1])), None)
    return Assigned(_folded_subject(subject), _key(key), value, was)


def _unnamed(subject: str) -> bool:
    """Whether a row's subject is a description of something it does not name ("the
    service next door", "the box by the window"): "the" and no capital or digit. Two
    such rows may speak of two things, and neither replaces the other."""
    return subject.split()[:1] == ["the"] and not re.search(r"[A-Z\d]", subject)


def _names(text: str, phrase: str) -> bool:
    """Whether folded `text` holds `phrase` as whole words (a version also after a "v":
    "v5.15" names "5.15")."""
    return _named(phrase.casefold()).search(text) is not None


@lru_cache(maxsize=1024)
def _named(phrase: str) -> re.Pattern[str]:
    """`_names`'s pattern of a folded phrase (kept: each subject and value is looked for
    in every fact that holds it)."""
    version = "v?" if phrase[:1].isdigit() else ""
    return re.compile(rf"(?<![\w-]){version}{re.escape(phrase)}{_END}")


def _keyed_value(text: str, key: str) -> str | None:
    """The value a sentence gives after naming `key` ("Wanda's pager is 555 0199",
    "squad Orion -- lead Wanda"): the rest of its clause, or None."""
    match = re.search(rf"(?<![\w-]){re.escape(key)}(?![\w-])", text, re.I)
    if match is None:
        return None
    run = _AFTER_KEY.match(text[match.end() :])
    return run["run"].strip() or None if run else None


def _one_run(run: str, sort: Callable[[str], str]) -> bool:
    """Whether `run` is one value: at most three words, a name's capitalised ("Wanda",
    "555 0199", not "tools")."""
    words = run.split()
    return len(words) <= 3 and (sort(run) != "name" or all(w[:1].isupper() for w in words))


def _leaves(said: str, was: str) -> bool:
    """Whether folded `said` moves a value away from `was`: "was -> new", "from was to
    new", "was unreachable, failing over to new" (not when it fails back)."""
    old = re.escape(was)
    return not _BACK.search(said) and (
        re.search(
            rf"(?<![\w-]){old}{_END}'?\s*(?:->|→)\s*\S|\bfrom\s+'?{old}{_END}'?\s+to\s+\S"
            rf"|(?<![\w-]){old}{_END}[^;]*\bfailing over\b[^;]*\bto\s+\S",
            said,
        )
        is not None
    )


def _left_for(
    was: str, left: Sequence[tuple[str, Sequence[str]]], sort: Callable[[str], str]
) -> bool:
    """Whether folded value `was` is one a fact names as left (`left`, see
    `assigned_changes`) beside a value of its sort: the fact moves away from it."""
    return any(old == was and any(sort(new) == sort(was) for new in beside) for old, beside in left)


def _by_form(value: str) -> bool:
    """Whether `value` is one by its form (a capital, a digit, an address's or a
    version's punctuation: "db3", "Acme", "2027-03-01"), so that a sentence naming it
    names the value: a plain lower-case word ("search") is also a word of something else
    ("the QA lead for search" is no team "search")."""
    return re.search(r"[A-Z\d@._:/-]", value) is not None


def _quiet(said: str) -> bool:
    """Whether folded `said` states one value: it neither adds one nor asks."""
    return not _ADDS.search(said) and not said.rstrip().endswith("?")


def assigned_changes(
    facts: Sequence[str],
    found: dict[int, int],
    sort: Callable[[str], str],
    left: Callable[[str, str], Sequence[tuple[str, Sequence[str]]]],
) -> None:
    """Add to `found` ({stale index: index of the newest fact replacing it}) the facts,
    given oldest first, that a later assignment replaces, or that a later fact moves
    away from an earlier assignment's value (see the module). `sort`: a value's sort
    by its form (`supersede._run_kind`), for an earlier sentence naming the key;
    `left`: the values a fact names as left of a subject, each with the values beside
    it (`supersede`'s leaving roles: "ora lavora presso B; ha lasciato A", "~~A~~ B";
    none of a relative of the subject's: "Ingrid's brother has left A")."""
    read = {text: assigned(text) for text in set(facts) if _MAY_ASSIGN.search(text)}
    made_at = [(j, made) for j, text in enumerate(facts) if (made := read.get(text)) is not None]
    if not made_at:
        return
    folded = [text.casefold() for text in facts]
    holding: dict[str, list[int]] = {}  # the facts that hold a subject, by subject

    def of(subject: str) -> list[int]:
        if subject not in holding:
            holding[subject] = [k for k, said in enumerate(folded) if subject in said]
        return holding[subject]

    replaced: dict[tuple[Assigned, str], bool] = {}  # a pair said again is read once
    for i, made in made_at:
        for j in of(made.subject):
            if j >= i:
                break
            pair = (made, facts[j])
            if pair not in replaced:
                replaced[pair] = _replaces(made, facts[j], read.get(facts[j]), sort)
            if replaced[pair]:
                found[j] = i
    for j, older in made_at:
        was = older.value.casefold()
        for i in of(older.subject):
            said = folded[i]
            if (
                i > j
                and was in said
                and _names(said, older.subject)
                and (_leaves(said, was) or _left_for(was, left(facts[i], older.subject), sort))
            ):
                found[j] = i


def _replaces(
    made: Assigned, text: str, older: Assigned | None, sort: Callable[[str], str]
) -> bool:
    """Whether assignment `made` replaces the earlier fact `text` (read as `older`,
    when it is an assignment) of its subject: see the module."""
    said = text.casefold()
    if not _names(said, made.subject):
        return False
    value = made.value.casefold()
    if older is not None and (older.subject, older.key) == (made.subject, made.key):
        return older.value.casefold() != value
    if _names(said, value) or not _quiet(said):
        return False
    was = (made.was or "").casefold()
    if was and was != value and _by_form(made.was or "") and was in said and _names(said, was):
        return True
    run = _keyed_value(text, made.key) if older is None and made.key in said else None
    return run is not None and _one_run(run, sort) and sort(run) == sort(made.value)
