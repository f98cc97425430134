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
names, else the label before the line ("The Sable team: ..."), else the table; for a
shell line its comment, else the label. A speaker's name ("Sam: ", as builtin's bullets
begin) is no label: who said a line is not what it sets. The table, the WHERE's column
and a JSON Patch's path before its key tell two places of one subject apart. The key is
the column, the path's last step or the variable, folded and stripped of punctuation,
so that `HOST`, `host` and `/host` are one key. A comment that names a value as the one
before (`was 'db3'`, `moved from 'db3'`, `previously 'db3'`, `not db3 any more`, `db3 is
gone`) gives `was`. A query's bare quoted comment is its answer only when it is one value
(`-- 'db3'`, not `-- 'TODO check'`); a shell line with a second word after its value and
no `export`/`set` is a note of a run or one command's environment (`n=0 crashes`,
`CFLAGS=-O2 make`), not a standing assignment.

A later assignment replaces an earlier one of the same subject and key with another
value, whatever the form of either (an UPDATE after an export). One that names the value
before replaces an earlier fact in any form that names the subject and that value and
not the new one ("Notice: staging lives on db3." before the UPDATE above); one that names
none replaces an earlier sentence naming the subject and the key with one value of the
new value's sort after it ("Staging's host is db3."). Neither when the earlier fact adds
("also", "too", "as well": a second value beside the first) or asks.

A sentence gives a subject's value only in the clause that names the subject (or when
the line's label or signature names it), and an id (`WHERE id = '1'`) is named by no
sentence: every "1" would name it.

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

from memctl.models.words import LABELS, PREFIX

_LABEL = r"(?:(?P<label>[^:{}=#'\"]{1,60}?):\s+)?"
_QUOTED_VALUE = r"(?:'(?P<q1>[^']*)'|\"(?P<q2>[^\"]*)\"|(?P<bare>[^\s;,']+))"
_WHERE = r"(?:\s+WHERE\s+(?P<column>[\w.]+)\s*=\s*'(?P<subject>[^']+)')?\s*(?:;\s*)?"
"""The row a statement names (its column and value), and its end: one run of spaces
around an optional ";" (two runs side by side took quadratic time on a long run)."""
_SQL_SET = re.compile(
    rf"^{_LABEL}UPDATE\s+(?P<table>[\w.]+)\s+SET\s+(?P<key>[\w.]+)\s*=\s*{_QUOTED_VALUE}"
    rf"{_WHERE}(?:--\s*(?P<comment>.*))?$",
    re.I,
)
_SQL_GOT = re.compile(
    rf"^{_LABEL}SELECT\s+(?P<key>[\w.]+)\s+FROM\s+(?P<table>[\w.]+){_WHERE}"
    r"--\s*(?:(?P<told>returns|=>)\s+)?'(?P<q1>[^']+)'\s*$",
    re.I,
)
_PATCH = re.compile(r"^(?P<label>[^{}]{1,60}?):\s*(?P<patch>\{.*\})\s*(?:(?:--|#|//)\s*.*)?$")
_SHELL = re.compile(
    rf"^{_LABEL}(?P<export>export\s+|set\s+)?(?P<key>[A-Za-z_]\w*)=(?P<value>[^\s#;]+(?: [^\s#;]+)?)"
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
_LONGEST = 2000
"""The longest line read as an assignment: one is a line of code, and a longer text is
no register of values (it also bounds the patterns' time)."""
_NOTE = re.compile(r"\b(?:todo|fixme|xxx|tbd|check|investigate|slow|why|unknown)\b", re.I)
"""Words of a note to oneself: a query's comment holding one is no answer ("-- 'TODO
check'")."""
_MOVES = re.compile(r"->|→|\bfrom\b|\bfailing over\b", re.I)
"""What a line moving away from a value holds (`_leaves`'s forms), tested first."""
_CLAUSE_END = re.compile(r";|(?<=[.!?])\s+")
_FRAME = re.compile(r"^[^:;]{1,60}:\s|\s(?:--|—)\s*[^;:.]{1,60}$")
"""A line's label and its signature, which speak of each of its clauses."""
_AFTER_KEY = re.compile(r"^(?:\s*(?:is|are|was|:|-+|=|of|to)\b)*\s*(?P<run>[^.;,()]*)")
_END = r"(?![\w-]|\.\w)"
"""The end of a value: "7" is not named in "7.6" nor "db7" in "db7-eu"."""
_BACK = re.compile(r"\b(?:fail(?:ed|s|ing)? back|fell back|back to)\b", re.I)


@dataclass(frozen=True)
class Assigned:
    """What an assignment line sets: the subject (folded, "the" dropped), the key
    (folded, letters and digits only), the value as written, and the value it names as
    the one before, if any. `table` and `column`: where a SQL statement finds the
    subject (folded); `path`: the steps of a JSON Patch's path before the key
    (`users/0` of `/users/0/name`); None in other forms."""

    subject: str
    key: str
    value: str
    was: str | None
    table: str | None = None
    column: str | None = None
    path: str | None = None

    def same_place(self, other: Assigned) -> bool:
        """Whether `other` sets the same key of the same subject: two tables (`users`,
        `orders`), two columns of a WHERE (`env`, `region`) or two paths to the key
        (`/users/0/name`, `/users/1/name`) are two places; a form that names none (a
        shell line) agrees with any."""
        return (self.subject, self.key) == (other.subject, other.key) and all(
            mine is None or theirs is None or mine == theirs
            for mine, theirs in (
                (self.table, other.table),
                (self.column, other.column),
                (self.path, other.path),
            )
        )


def _folded_subject(text: str) -> str:
    words = text.casefold().split()
    if words and words[0] == "the":
        words = words[1:]
    return " ".join(words)


def _key(text: str) -> str:
    """`HOST`, `host`, `/host` and `Host` are one key."""
    return re.sub(r"[^\w]|_", "", text.rsplit("/", 1)[-1].rsplit(".", 1)[-1]).casefold()


def _speaker(label: str | None) -> bool:
    """Whether a line's label is a speaker's name ("Sam: ", as builtin's bullets begin):
    who said a line is not what it sets."""
    if label is None:
        return False
    named = PREFIX.match(f"{label}: .")
    return named is not None and named["name"] == label and label not in LABELS


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


def _answer(value: str) -> bool:
    """Whether a query's bare quoted comment (`-- 'db3'`) is its answer: one value (a
    word, or words that each begin with a capital or a digit: "Wanda Li", "+1 415 555
    0101"), not a note ("-- 'TODO check'", "-- 'slow query, investigate'")."""
    words = value.split()
    return not _NOTE.search(value) and (
        len(words) == 1 or (len(words) <= 4 and not any(w[:1].islower() for w in words))
    )


def assigned(text: str) -> Assigned | None:
    """The assignment `text` states (see the module), or None."""
    line = text.strip().lstrip("-*+• ").strip()
    if len(line) > _LONGEST:
        return None
    if match := _SQL_SET.match(line) or _SQL_GOT.match(line):
        value = next((match[g] for g in ("q1", "q2", "bare") if match.groupdict().get(g)), None)
        label = None if _speaker(match["label"]) else match["label"]
        subject = match["subject"] or label or match["table"]
        if value is None or subject is None:
            return None
        if "told" in match.groupdict() and not match["told"] and not _answer(value):
            return None
        _, was = _comment(match.groupdict().get("comment"))
        column = match["column"] if match["subject"] else None
        return Assigned(
            _folded_subject(subject),
            _key(match["key"]),
            value.strip(),
            was,
            match["table"].casefold(),
            column.casefold() if column else None,
        )
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
        steps = path.strip("/").rsplit("/", 1)
        return Assigned(
            _folded_subject(match["label"]),
            _key(path),
            str(value),
            None,
            path=steps[0].casefold() if len(steps) == 2 else None,
        )
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
        if " " in match["value"] and not match["export"]:
            return None  # "n=0 crashes": a note of a run, no standing assignment
        about, was = _comment(match["comment"])
        subject = about or (None if _speaker(match["label"]) else match["label"])
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


def _named_in_prose(subject: str) -> bool:
    """Whether a sentence can be taken to name `subject`: an id (`WHERE id = '1'`) or a
    single letter is named by every "1" or "a"."""
    return len(subject) > 1 and any(c.isalpha() for c in subject)


def _clauses(text: str, subject: str) -> list[str]:
    """The clauses of `text` (split at ";" and a sentence's end) that name `subject`: a
    fact's subject and the value it gives must be said together ("Stage is set at 7pm;
    the host is Priya." gives no host of the stage). All of them when the line's frame
    names it: its label ("Orion: handover done. Wanda -> Yusuf") or its signature ("I've
    moved from platform to infra; ... -- Lena")."""
    parts = _CLAUSE_END.split(text)
    if any(_names(frame[0].casefold(), subject) for frame in _FRAME.finditer(text)):
        return parts
    return [part for part in parts if _names(part.casefold(), subject)]


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
    """Whether folded `said` (a clause) moves a value away from `was`: "was -> new",
    "from was to new", "was unreachable, failing over to new" (not when it fails back).
    The runs around "failing over" are bounded: two open ones took cubic time on a line
    saying it again and again."""
    old = re.escape(was)
    return (
        re.search(
            rf"(?<![\w-]){old}{_END}'?\s*(?:->|→)\s*\S|\bfrom\s+'?{old}{_END}'?\s+to\s+\S"
            rf"|(?<![\w-]){old}{_END}[^;]{{0,80}}?\bfailing over\b[^;]{{0,80}}?\bto\s+\S",
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
    none of a relative of the subject's: "Ingrid's brother has left A").

    An assignment is paired with the assignments of its subject and key only, and with
    the sentences that hold its key or the value it names as the one before: a pasted
    `.env` of one subject is not read pair by pair."""
    read = {
        text: assigned(text)
        for text in set(facts)
        if len(text) <= _LONGEST and _MAY_ASSIGN.search(text)
    }
    made_at = [(j, made) for j, text in enumerate(facts) if (made := read.get(text)) is not None]
    if not made_at:
        return
    _reassigned(made_at, found)
    folded = [text.casefold() for text in facts]
    holding: dict[str, list[int]] = {}  # the sentences that hold a subject, by subject

    def of(subject: str) -> list[int]:
        if subject not in holding:
            holding[subject] = [
                k for k, said in enumerate(folded) if subject in said and read.get(facts[k]) is None
            ]
        return holding[subject]

    replaced: dict[tuple[Assigned, str], bool] = {}  # a pair said again is read once
    for i, made in made_at:
        if not _named_in_prose(made.subject):
            continue
        for j in of(made.subject):
            if j >= i:
                break
            said = folded[j]
            if made.key not in said and not (made.was and made.was.casefold() in said):
                continue
            pair = (made, facts[j])
            if pair not in replaced:
                replaced[pair] = _replaces(made, facts[j], sort)
            if replaced[pair]:
                found[j] = i
    for j, older in made_at:
        if not _named_in_prose(older.subject):
            continue
        was = older.value.casefold()
        for i in of(older.subject):
            said = folded[i]
            if (
                i > j
                and was in said
                and (
                    (
                        _MOVES.search(said)
                        and not _BACK.search(said)
                        and any(_leaves(clause, was) for clause in _clauses(said, older.subject))
                    )
                    or (
                        any(was in c.casefold() for c in _clauses(facts[i], older.subject))
                        and _left_for(was, left(facts[i], older.subject), sort)
                    )
                )
            ):
                found[j] = i


def _reassigned(made_at: list[tuple[int, Assigned]], found: dict[int, int]) -> None:
    """Add to `found` each assignment (index, reading; oldest first) that a later one
    sets again to another value: paired by subject and key, not each with each."""
    by_place: dict[tuple[str, str], list[tuple[int, Assigned]]] = {}
    for j, made in made_at:
        by_place.setdefault((made.subject, made.key), []).append((j, made))
    for same in by_place.values():
        for n, (j, older) in enumerate(same):
            value = older.value.casefold()
            newest = next(
                (
                    i
                    for i, made in reversed(same[n + 1 :])
                    if made.same_place(older) and made.value.casefold() != value
                ),
                None,
            )
            if newest is not None:
                found[j] = newest


def _replaces(made: Assigned, text: str, sort: Callable[[str], str]) -> bool:
    """Whether assignment `made` replaces the earlier sentence `text`: see the module.
    The subject and the value before (or the key) are named in one clause."""
    said = text.casefold()
    value = made.value.casefold()
    if _names(said, value) or not _quiet(said):
        return False
    was = (made.was or "").casefold()
    for clause in _clauses(text, made.subject):
        folded = clause.casefold()
        if (
            was
            and was != value
            and _by_form(made.was or "")
            and was in folded
            and _names(folded, was)
        ):
            return True
        run = _keyed_value(clause, made.key) if made.key in folded else None
        if run is not None and _one_run(run, sort) and sort(run) == sort(made.value):
            return True
    return False
