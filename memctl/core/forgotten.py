"""Forgotten facts: the tombstones `memctl forget` and `memory_replace` record.

The ledgers stay append-only: forgetting a fact (or correcting it) appends a tombstone to
`.memctl/forgotten.jsonl` instead of editing history. Everything that shows memory to a
person or a model honours it: consolidation drops the fact from MEMORY.md (and from the
daily text it merges), search and recall leave out the records that state it, and the
memory block (SessionStart, export) never carries it. It lives in core because the
retrieval layer, below the pipeline, reads it too.

A fact is compared by its key: the text of its line without the bullet, trailing period
or case, whitespace folded. A record states a forgotten fact when its key contains the
fact's key (a thread message that said it in passing too).
A thread turn a fact was taken from (`Tombstone.said`) is hidden whatever its words, and
so is a turn of that thread that echoes the fact in a sentence of its own ("I'll keep in
mind that deploys happen only on Tuesdays" answering "Remember that deploys happen only
on Tuesdays"), and a turn of any thread restating it in the same content words (a
repeat flush folded into the fact, so no `said` names it): `memctl.models.held.Echoes`
reads both, handed in as `Forgotten.echoes`.
Consolidation, search and recall also hold back a daily ledger line that restates a
forgotten fact in other words, or states the value a correction replaced:
`memctl.models.held` reads that (it needs the models' rules, which core may not import).

A purge whose query is one token also records the token's salted digest (`token_stone`,
never its text), which `memctl sync` recognises the token by in any text on any machine
(`purged_tokens`): a fact only another machine wrote holding it, a turn said since.

A forget can be taken back (`memctl undo`): the history copy it keeps holds a `TakeBack`,
the tombstones to drop and any to record, which `take_back` applies and reverses.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from memctl.core.durable import append_durable, write_atomic
from memctl.core.threads import WorkingContext, is_compaction, searchable_text, summary_message
from memctl.core.workspace import Workspace

FORGOTTEN_NAME = "forgotten.jsonl"
BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
PICTOGRAPHS = "\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\ufe0f\u200d"
"""Emoji and the joiners between them (a character class's body): the builtin flush
drops them from a fact (`facts._EMOJI`), so a purge reads a needle's as optional
(`purge._form`: the fact `k3ymoon77` is a copy of `k3y🔑moon77`)."""
MASK = "[forgotten"
"""How a purged copy starts: `--purge` overwrites the text with a mask of its length, so
every byte offset (consolidation, flush watermarks) stays true."""
RENAMED = "renamed"
"""The key of a forgotten.jsonl line recording a `thread rename` (`ThreadRename`): no
tombstone (it has no `fact`), so every reader of tombstones, an older memctl's too,
skips it."""
FORGOTTEN_TEXT = "[forgotten: this stated a fact that was forgotten]"
"""What a model is sent or shown instead of a message or line a forget hides
(`Forgotten.in_context`, `Forgotten.entry`, `memctl.retrieval.corpus.Hidden.line`)."""


def fact_key(line: str) -> str:
    """The text a tombstone compares: bullet, case, trailing period and spacing aside."""
    text = BULLET.sub("", line.strip())
    return " ".join(text.lower().split()).rstrip(".")


_LOOSE_PUNCTUATION = re.compile(r"(?<![^\W_])[^\w\s]+|[^\w\s]+(?![^\W_])")
"""Punctuation that does not stand between two letters or digits: a sentence's stops,
quotes and brackets, not the `.` of `1.5` nor the `-` of `billing-v3`."""


def same_fact(one: str, other: str) -> bool:
    """Whether two lines say the same, case, spacing and punctuation aside (a sentence's
    `!`, `?`, `;`, `..`, quotes): the punctuation within a word (`1.5`, `10:30`,
    `billing-v3`) is part of what it says."""

    def loose(text: str) -> str:
        return " ".join(_LOOSE_PUNCTUATION.sub(" ", fact_key(text)).split())

    return loose(one) == loose(other)


def key_digest(key: str) -> str:
    import hashlib  # not at import: OpenSSL's load is 2-3 ms of a search's start-up

    return hashlib.sha256(key.encode("utf-8")).hexdigest()


SHORT_MASK = "\ufdd0"
"""What marks a purged copy too short for `[forgotten` (3 to 9 bytes): U+FDD0, a Unicode
noncharacter (reserved for a program's internal use, never assigned, so no keyboard, text
or transcript holds one), 3 bytes in UTF-8, valid in Markdown and inside a JSON string.
A mask of ASCII alone could not be told from a user's text: `[~]` is a check box some
tools write and `[forgot` the start of "[forgot password]" (review 21 finding 2), and a
copy cut from `[forgotten]` (`[for`, `[forgot`) became a fact ("Lena owns the [forgot
service.", audit 14 defect 3)."""
MASKS = 2
"""The mask forms a purge tombstone's purge wrote (`Tombstone.masks`): 2, `SHORT_MASK`
for a short copy; a purge tombstone without it is an older memctl's, whose short masks
are `LEGACY_RUN`'s."""
_SHORT_RUN = re.compile(r"\[?~*" + SHORT_MASK + r"~*\]?")
"""A short mask `mask` wrote (3 to 9 bytes: `SHORT_MASK` in tildes and brackets)."""
MASK_RUN = re.compile(r"\[forgotten\.*\]?|" + _SHORT_RUN.pattern)
"""A run `mask` wrote, of any length but one or two bytes (`~`, `~~`: too short to tell
from text; no purge query is, and a fact that short is no secret)."""


def shown_masked(text: str) -> str:
    """`text` as a person reads it on a terminal: each short mask (`SHORT_MASK`, which
    most terminals show as nothing or a box) written `[forgotten]`. Display only: the
    log keeps its bytes, and `--json` shows them as the log holds them (review 22 #5)."""
    return _SHORT_RUN.sub("[forgotten]", text) if SHORT_MASK in text else text


LEGACY_RUN = re.compile(r"\[~{2,7}\]|\[forg(?:o(?:t(?:te?)?)?)?(?![A-Za-z\]])(?![^\[\]\n]*\])")
"""A short mask an older memctl wrote for a copy of 4 to 9 bytes (a purge query has 4 at
least): `[~~]` ... `[~~~~~~~]`, or before those `[forgotten` cut short (`[forg` ...
`[forgotte`, no letter after it, and no `]` closing it later in the line as a user's
bracket would: "[forgot password]"). Text can take these forms (a `[~~]` marker, "I
[forgot"), so they are masks only in a workspace an older memctl purged (`older_masks`),
and where a line is compared with the plain one it was (`sync`)."""
_LEGACY_STARTS = ("[~~", "[forg")


def unmasked(text: str, *, legacy: bool = False) -> str:
    """`text` without the masks a purge wrote (`MASK_RUN`, at any length; `legacy`: an
    older memctl's too): no words of what it said."""
    if not holds_mask(text, legacy=legacy):
        return text
    text = MASK_RUN.sub(" ", text)
    return LEGACY_RUN.sub(" ", text) if legacy else text


def mask(size: int) -> bytes:
    """`size` bytes (UTF-8) that say something was purged here: `[forgotten......]`
    (`[forgotten` at 10 bytes), or for a copy of 3 to 9 bytes one `SHORT_MASK` (X here)
    in tildes and brackets as it fits (`X`, `X~`, `[X]`, `[~X]` ... `[~~~~X]`), each
    recognisable as a mask (`holds_mask`) and so never a fact; a
    copy of one or two bytes `~`, `~~`."""
    if size < 3:
        return b"~" * size
    if size < len(MASK):
        mark = SHORT_MASK.encode("utf-8")
        if size < 5:
            return mark + b"~" * (size - 3)
        return b"[" + b"~" * (size - 5) + mark + b"]"
    text = MASK + "." * max(0, size - len(MASK) - 1) + "]"
    return text.encode("ascii")[:size]


def holds_mask(text: str, *, legacy: bool = False) -> bool:
    """Whether `text` holds a purge's mask, at any length `mask` writes one that can be
    told from text: what is left of a purged copy, never a fact. `legacy`: an older
    memctl's short masks too (`LEGACY_RUN`), for a workspace it purged (`older_masks`);
    a user's text that looks like one (a `[~]` check box, "[forgot password]") is
    otherwise text."""
    if MASK in text or SHORT_MASK in text:
        return True
    return (
        legacy
        and any(start in text for start in _LEGACY_STARTS)
        and LEGACY_RUN.search(text) is not None
    )


@dataclass
class Tombstone:
    """A forgotten (or corrected) fact, appended to .memctl/forgotten.jsonl: what
    search, recall and consolidation leave out."""

    fact: str
    """The fact's text as it was written (without the bullet); empty for a purge, which
    keeps only `digest` so that no copy of the text is left anywhere."""
    at: str
    """When it was forgotten (ISO 8601, UTC)."""
    replacement: str | None = None
    """The corrected fact, for a `memory_replace`; None for a forget."""
    digest: str = ""
    """SHA-256 of the fact's key: a purged fact is recognised by it."""
    said: list[str] = field(default_factory=list)
    """The thread entries the fact was taken from, `threads/<id>.jsonl#N` (what
    `explain` reads from its ledger lines): recall and search leave them out, as they
    state the fact in their own words (`I lead payments` for `Carol leads payments`)."""
    of: str = ""
    """The digest of the key of the fact this line is one of: a fact stated in lines of
    other words (a bullet and the ledger line it was merged from) gets a tombstone for
    each, all with one `of` (what `sync` counts as one fact forgotten). Empty in a
    tombstone an older memctl wrote: then `names` stands for it."""
    masks: int = 0
    """A purge's: the mask forms it wrote (`MASKS`); 0 for an older memctl's purge, whose
    short masks look like text (`LEGACY_RUN`, `older_masks`)."""
    salt: str = ""
    """A purged token's (`token_stone`): the random salt its `digest` was taken with,
    `token_digest(salt, token)`; empty for a fact's tombstone."""
    pieces: int = 0
    """A purged token's: how many pieces it is (`token_pieces`), so that a sync hashes
    only the spans of that many (`purged_tokens`); 0 in a token tombstone an older memctl
    wrote, whose token is looked for in every span of up to `_OLDER_PIECES` pieces."""
    length: int = 0
    """A purged token's: its length in characters, in any case (`str.casefold`), so that
    a span of another length is never hashed; 0 when `pieces` is."""

    @property
    def purged(self) -> bool:
        """A purge's: the digest alone, every copy of the text masked where it was made."""
        return not self.fact and bool(self.digest)

    @property
    def fact_of(self) -> str:
        """Which forgotten fact it counts towards: its `of`, else the line it names."""
        return self.of or self.names

    @property
    def names(self) -> str:
        """Which fact it forgets: its key's digest (recorded, or of its text, for a
        tombstone an older memctl wrote without one)."""
        return self.digest or key_digest(fact_key(self.fact))


def older_masks(stones: list[Tombstone]) -> bool:
    """Whether these tombstones hold a purge an older memctl made (no `masks`), whose
    short masks (`LEGACY_RUN`) may be in the workspace's files."""
    return any(stone.purged and not stone.masks for stone in stones)


def older_masks_in(ws: Workspace) -> bool:
    """Whether an older memctl purged this workspace (`older_masks` of its tombstones):
    what every reader that leaves a purge's masks out passes as `legacy` (`holds_mask`,
    `unmasked`, `Forgotten`), so that each reads an older short mask alike."""
    return older_masks(read_tombstones(ws))


def read_tombstones(ws: Workspace) -> list[Tombstone]:
    """Every tombstone, oldest first; a line that is not one (a torn write) is skipped."""
    try:
        text = (ws.state_dir / FORGOTTEN_NAME).read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return []
    return parse_tombstones(text)


def parse_tombstones(text: str) -> list[Tombstone]:
    """The tombstones of a forgotten.jsonl's text (a merge's, before it is written),
    oldest first; a line that is not one (a torn write) is skipped."""
    found = []
    for line in text.splitlines():
        try:
            found.append(_tombstone(json.loads(line)))
        except (ValueError, KeyError, TypeError, AttributeError):
            continue
    return found


def _tombstone(data: Stone) -> Tombstone:
    """A tombstone as one line of forgotten.jsonl holds it, read (KeyError, TypeError or
    AttributeError for one that is none)."""
    return Tombstone(
        str(data["fact"]),
        str(data["at"]),
        data.get("replacement"),
        str(data.get("digest", "")),
        [str(turn) for turn in data.get("said") or []],
        str(data.get("of", "")),
        masks if isinstance(masks := data.get("masks"), int) else 0,
        str(data.get("salt") or ""),
        _count(data.get("pieces")),
        _count(data.get("length")),
    )


def _count(value: Any) -> int:
    """A tombstone's count (`pieces`, `length`) as written: 0 for none, or one that is no
    count (a hand edit, a torn write), which reads the stone as an older memctl's."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


Stone = dict[str, Any]
"""A tombstone as one line of forgotten.jsonl holds it (parsed)."""


def _written(ws: Workspace) -> tuple[list[str], list[Stone | None]]:
    """forgotten.jsonl's lines as written, and each parsed (None for a line that is no
    tombstone: a torn write), index for index."""
    try:
        text = (ws.state_dir / FORGOTTEN_NAME).read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return [], []
    lines = text.splitlines(keepends=True)
    parsed: list[Stone | None] = []
    for line in lines:
        try:
            value = json.loads(line)
        except ValueError:
            value = None
        parsed.append(value if isinstance(value, dict) else None)
    return lines, parsed


def stones_stating(ws: Workspace, keys: list[str]) -> list[Stone]:
    """The tombstones, as written, that keep out a line of one of these fact keys (as
    `Forgotten.states` would: a forgotten fact's key within it, or a purge's digest), and
    those of a purged token one of them holds (`purged_tokens`: a sync would mask it)."""
    digests = {key_digest(key) for key in keys}
    found: list[Stone] = []
    for stone in _written(ws)[1]:
        if stone is None:
            continue
        if stone.get("salt"):
            with contextlib.suppress(KeyError, TypeError, AttributeError):
                if purged_tokens(keys, [_tombstone(stone)]):
                    found.append(stone)
            continue
        own = fact_key(str(stone.get("fact") or ""))
        new = fact_key(str(stone.get("replacement") or ""))
        # A key stating the correction is no saying of the fact it corrected.
        held = [key for key in keys if own and own in key and not (new and new in key)]
        if held or stone.get("digest") in digests:
            found.append(stone)
    return found


def _corrected(stones: list[Tombstone]) -> dict[str, set[str]]:
    """Each forgotten key only corrections forgot, with their new facts' keys."""
    plain = {fact_key(s.fact) for s in stones if not s.replacement}
    found: dict[str, set[str]] = {}
    for stone in stones:
        key = fact_key(stone.fact)
        if key and stone.replacement and key not in plain:
            found.setdefault(key, set()).add(fact_key(stone.replacement))
    return {key: {new for new in news if new} for key, news in found.items()}


def tombstones(
    facts: list[str],
    replacement: str | None = None,
    *,
    purge: bool = False,
    said: dict[str, list[str]] | None = None,
    of: dict[str, str] | None = None,
) -> list[Stone]:
    """One tombstone a fact, to record (and to keep with the forget's history copy, so an
    undo drops exactly these); a purge's keeps the digest alone. `said`: the thread
    entries each fact was taken from (`Tombstone.said`), kept when there are some; `of`:
    the text of the fact each line is one of (`Tombstone.of`, as its key's digest), when
    that is another line."""
    at = datetime.now(UTC).isoformat(timespec="seconds")
    stones: list[Stone] = []
    for fact in facts:
        stone: Stone = {
            "fact": "" if purge else fact,
            "at": at,
            "replacement": replacement,
            "digest": key_digest(fact_key(fact)),
        }
        if purge:
            stone["masks"] = MASKS
        if turns := (said or {}).get(fact):
            stone["said"] = turns
        whole = (of or {}).get(fact)
        if whole is not None and (digest := key_digest(fact_key(whole))) != stone["digest"]:
            stone["of"] = digest
        stones.append(stone)
    return stones


PURGE_MIN = 4
"""The shortest purge query (its spacing folded, `purge_length`): a shorter one (`a`, `5`,
`db3`) is in words, digests and names everywhere, and its masks would say nothing but
damage. So no shorter span of a text is a purged token (`purged_tokens`)."""


def purge_length(text: str) -> int:
    """How long `text` counts against `PURGE_MIN`: a wide character (CJK, kana, Hangul,
    fullwidth forms) as two, any other as one. A Chinese name is two or three characters
    (`王小明`), as specific as a word of six Latin letters, while `db3` or `the` is in
    text everywhere (audit 17 M6); a single CJK character stays too short."""
    if text.isascii():
        return len(text)
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


TOKEN_STOPS = frozenset(" \t\r\n\"'`()<>[]{},;\\")
"""What ends a token a purged token is looked for in (`token_words`): spacing, quotes,
brackets and the signs between list items. A secret holds none of them (a purge query is
one token, and `forget --purge` widens a copy only up to such a character or a sign)."""
_TOKEN_PIECE = re.compile(r"[^\W_]+|[\W_]+")
"""A token's runs of letters and digits and of the signs between them: a purged token is
looked for as a run of whole pieces (`hunter2` in `hunter2-swordfish`, `bfpay-Z9k3` in
`X-Key:bfpay-Z9k3`)."""
_OLDER_PIECES = 24
"""The most pieces of a span looked at for a token tombstone an older memctl wrote, which
says neither how many pieces its token is nor how long (`Tombstone.pieces`): every span
of up to this many is hashed (a longer token goes unfound)."""
_TOKEN_WORD = re.compile(r"[^\s" + re.escape("".join(sorted(TOKEN_STOPS))) + "]+")
TRACKED_LENGTH = 8
"""The shortest token a purge keeps a salted digest of (`tracked_token`), when it holds a
digit or a sign: a shorter one, or one of letters alone, is a word or a name ("leeds",
"Margaret"), which a sync would mask in every text on every machine from then on
("leeds-united", "LEEDS")."""


def purged_token(query: str) -> str | None:
    """The token a purge query is, as its tombstone keeps it (`token_stone`): the query
    without its spacing and trailing full stop (as the purge reads it), when it is one
    token (no spacing, no character of `TOKEN_STOPS`); None for a phrase or a `PATH:LINE`,
    whose purge keeps the digests of whole facts alone."""
    token = query.strip().rstrip(".")
    if not token or any(char in TOKEN_STOPS for char in token):
        return None
    return token


def tracked_token(token: str) -> bool:
    """Whether a purged token gets a salted digest (`token_stone`), which masks it in any
    text a sync finds it in, on every machine, for good: a token of `TRACKED_LENGTH`
    characters or more holding a digit or a sign (`bfpay-Z9k3`, `Summer2024`, `my.host`),
    or one that looks generated as the redactor reads a stated secret (`aB3dE5f`). A word
    or a name (`leeds`, `Margaret`, `correcthorsebatterystaple`) keeps only the digests of
    the facts it was in: masked everywhere it would take "leeds-united" and "LEEDS" from
    every machine's future text."""
    from memctl.core.redact import looks_generated

    if len(token) >= TRACKED_LENGTH and not all(char.isalpha() for char in token):
        return True
    return looks_generated(token)


def token_pieces(token: str) -> int:
    """How many pieces (`_TOKEN_PIECE`) a token is: `bfpay-Z9k3` is three."""
    return sum(1 for _ in _TOKEN_PIECE.finditer(token))


def token_digest(salt: str, token: str) -> str:
    """SHA-256 of a salt and a token in any case: what a purged token's tombstone keeps
    of it (never the token). The salt makes the digest of one token differ from stone
    to stone and from a table of common words' digests; a short or guessable token
    can still be found by trying words, as a purged fact's digest can."""
    import hashlib  # not at import (see `key_digest`)

    return hashlib.sha256(f"{salt}\0{token.casefold()}".encode()).hexdigest()


def shared_salt(stones: list[Tombstone]) -> str:
    """The salt a new purged token's digest is taken with: the oldest token tombstone's
    that says its token's shape (`Tombstone.pieces`; a sync brings the other machines'),
    so that a sync hashes each span once for all of them (`purged_tokens`), not once a
    purge; "" when there is none (`token_stone` draws one). A shared salt still keeps a
    table of common words' digests useless; it tells that a token was purged twice."""
    return next((stone.salt for stone in stones if stone.salt and stone.pieces), "")


def token_stone(token: str, *, of: str = "", salt: str = "") -> Stone:
    """A purged token's tombstone: its salted digest (`token_digest`) with its salt, so
    that `memctl sync` can recognise the token in any text on any machine (a fact only
    another machine wrote, a line said since) without the token being kept anywhere.
    It keeps how many pieces the token is and how long, so that a sync hashes only the
    spans of that shape (of a 10 MB log, a few, not millions: `purged_tokens`); they tell
    a guesser little that the digest and salt do not (a token `tracked_token` keeps is
    no word to try). `of`: the text of a fact the purge forgot, whose tombstone this
    counts with (a sync counts one fact forgotten, not two); `salt`: the workspace's
    (`shared_salt`), else a random one."""
    if not salt:
        import secrets  # not at import: a purge's alone

        salt = secrets.token_hex(16)
    stone: Stone = {
        "fact": "",
        "at": datetime.now(UTC).isoformat(timespec="seconds"),
        "replacement": None,
        "digest": token_digest(salt, token),
        "salt": salt,
        "pieces": token_pieces(token),
        "length": len(token.casefold()),
        "masks": MASKS,
    }
    if of:
        stone["of"] = key_digest(fact_key(of))
    return stone


def token_words(text: str) -> set[str]:
    """The whitespace-free tokens of `text` (split at `TOKEN_STOPS`), each once."""
    return set(_TOKEN_WORD.findall(text))


def _spans(word: str, pieces: int, length: int) -> Iterator[str]:
    """Each span of a whitespace-free token (`token_words`) a purged token of `pieces`
    pieces and `length` characters (in any case) may be, as written: each run of exactly
    that many of its whole pieces (`_TOKEN_PIECE`) of that length. `pieces` 0 (an older
    memctl's tombstone): each run of up to `_OLDER_PIECES`, of any length."""
    if word.isalnum():  # one piece: most words of a text
        if pieces <= 1 and (not length or len(word) == length or not word.isascii()):
            yield word
        return
    ends = list(itertools.accumulate(map(len, _TOKEN_PIECE.findall(word))))
    starts = [0, *ends[:-1]]
    if not pieces:
        for first, start in enumerate(starts):
            for stop in ends[first : first + _OLDER_PIECES]:
                yield word[start:stop]
        return
    # An ASCII span's length is its length in any case; another's is checked folded.
    exact = word.isascii()
    for start, stop in zip(starts, ends[pieces - 1 :], strict=False):
        if not exact or stop - start == length:
            yield word[start:stop]


def purged_tokens(texts: Iterable[str], stones: list[Tombstone]) -> dict[str, str]:
    """The spans of `texts` that are a token a purge tombstone among `stones` names
    (`Tombstone.salt`), as written (the case a purge masks in any case), each with when
    it was purged (ISO 8601): what a sync masks of a purged token on a machine that holds
    it in words no purged fact's digest names. Only the spans of a tombstone's shape
    (`_spans`: its token's piece count and length) are hashed, each once per salt: the
    first sync after a purge reads every word of the workspace (review 28 F1: a 10 MB
    log's every span, hashed once per tombstone, took 117 s)."""
    # (pieces, length) -> salt -> digest -> when it was purged
    shapes: dict[tuple[int, int], dict[str, dict[str, str]]] = {}
    for stone in stones:
        if stone.salt:
            shape = (stone.pieces, stone.length) if stone.pieces and stone.length else (0, 0)
            shapes.setdefault(shape, {}).setdefault(stone.salt, {})[stone.digest] = stone.at
    if not shapes:
        return {}
    shortest = min(length or PURGE_MIN for _, length in shapes)
    words: set[str] = set()
    for text in texts:
        words |= token_words(text)
    found: dict[str, str] = {}
    hashed: set[tuple[str, str]] = set()
    for word in words:
        if len(word) < shortest and word.isascii():  # `ß` folds to `ss`: longer
            continue
        for (pieces, length), salts in shapes.items():
            for span in _spans(word, pieces, length):
                folded = span.casefold()
                if purge_length(folded) < PURGE_MIN or (length and len(folded) != length):
                    continue
                for salt, digests in salts.items():
                    if (salt, folded) in hashed:
                        continue
                    hashed.add((salt, folded))
                    if (at := digests.get(token_digest(salt, folded))) is not None:
                        found.setdefault(span, at)
    return found


def record_tombstones(ws: Workspace, stones: list[Stone]) -> None:
    """Append `stones` (under the caller's workspace lock)."""
    if not stones:
        return
    data = "".join(json.dumps(stone, ensure_ascii=False) + "\n" for stone in stones)
    ws.state_dir.mkdir(parents=True, exist_ok=True)
    path = ws.state_dir / FORGOTTEN_NAME
    ws.check_inside(path)  # an append follows a symlink
    append_durable(path, data.encode("utf-8"))


@dataclass
class TakeBack:
    """What brings the tombstones back to where they were before a run (a forget, an
    undo): the ones it recorded, to drop, and the ones to record again (an undo took
    them away, or a correction's new fact, which is in an append-only ledger and can
    only be forgotten). Kept with the history copy the run made (`keep_history`)."""

    drop: list[Stone] = field(default_factory=list)
    add: list[Stone] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.drop or self.add)

    def then(self, later: TakeBack) -> TakeBack:
        """This take-back followed by `later` (an undo that goes back past two runs): for
        each stone the last of what they do to it, once. A forget's take-back drops a
        stone an undo after it added back: `undo 2` after `forget X; undo` is back to
        before the forget, X stated, not forgotten again (nor recorded twice)."""
        last: dict[str, tuple[Stone, bool]] = {}
        for stones, adds in ((self.drop, False), (self.add, True)):
            for stone in stones:
                last[_stone_id(stone)] = (stone, adds)
        for stones, adds in ((later.drop, False), (later.add, True)):
            for stone in stones:
                key = _stone_id(stone)
                last.pop(key, None)  # the later one decides, in its own order
                last[key] = (stone, adds)
        return TakeBack(
            [stone for stone, adds in last.values() if not adds],
            [stone for stone, adds in last.values() if adds],
        )

    def document(self) -> dict[str, list[Stone]]:
        return {"drop": self.drop, "add": self.add}

    @classmethod
    def of(cls, data: Any) -> TakeBack:
        """Read back from `document()`; anything else is nothing to take back."""
        if not isinstance(data, dict):
            return cls()
        return cls(
            [s for s in data.get("drop") or [] if isinstance(s, dict)],
            [s for s in data.get("add") or [] if isinstance(s, dict)],
        )


def _stone_id(stone: Stone) -> str:
    """A tombstone as one value (a dict is no key): its JSON, keys sorted."""
    return json.dumps(stone, sort_keys=True, ensure_ascii=False)


@dataclass(frozen=True)
class ThreadRename:
    """A `thread rename`, as forgotten.jsonl records it: a ledger's flush heading names
    the thread by the id it had when it was flushed, and the ledgers are history (and
    shared by sync as blocks whose identity is their text), so the heading is never
    rewritten; what it names is read through the renames instead (`thread_now`). The
    record lives beside the tombstones because it goes wherever they go: sync shares
    forgotten.jsonl with the ledgers whose headings it is read against."""

    old: str
    new: str
    at: datetime


def thread_renames(ws: Workspace) -> list[ThreadRename]:
    """The thread renames recorded here, oldest first (a line that is none skipped)."""
    found = []
    for stone in _written(ws)[1]:
        if stone is None or RENAMED not in stone:
            continue
        with contextlib.suppress(KeyError, TypeError, ValueError):
            at = datetime.fromisoformat(str(stone["at"]))
            if at.tzinfo is None:
                at = at.replace(tzinfo=UTC)
            found.append(ThreadRename(str(stone[RENAMED]), str(stone["to"]), at))
    return sorted(found, key=lambda rename: rename.at)


def thread_now(renames: list[ThreadRename], thread: str, at: str | None) -> str:
    """The id, now, of the thread a flush block written at `at` (a heading's time, ISO)
    took from `thread`: a rename made after that flush moved its log, and a later one
    moved it again; a rename made before it freed the id for the thread that was
    flushed. A heading of no known time follows every rename of its id."""
    try:
        moment = datetime.fromisoformat(at) if at else None
    except ValueError:
        moment = None
    if moment is not None and moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    for rename in renames:
        # A heading's time is to the second: a rename in that second came after it.
        if rename.old == thread and (moment is None or moment <= rename.at):
            thread, moment = rename.new, rename.at
    return thread


def rename_said(
    ws: Workspace, old: str, new: str | None, *, renamed: tuple[str, str] | None = None
) -> int:
    """Point the `said` entries naming the log `old` (relative, `threads/<id>.jsonl`) at
    `new`, as `thread rename` moves it, or drop them (`new` None) as `thread rm` removes
    it (under the caller's workspace lock, atomically): else the turns a forgotten fact
    was taken from come back in recall under the new name, and a later thread of the
    removed one's id has its turns left out for what the old one said. `renamed` (the
    old and new thread ids) records the rename in the same write (`ThreadRename`). Lines
    that are no tombstone stay as written. How many tombstones changed."""
    path = ws.state_dir / FORGOTTEN_NAME
    ws.check_inside(path)
    lines, parsed = _written(ws)
    prefix = f"{old}#"
    changed = 0
    for index, stone in enumerate(parsed):
        said = stone.get("said") if stone is not None else None
        if stone is None or not isinstance(said, list):
            continue
        if not any(isinstance(turn, str) and turn.startswith(prefix) for turn in said):
            continue
        kept = []
        for turn in said:
            if not (isinstance(turn, str) and turn.startswith(prefix)):
                kept.append(turn)
            elif new is not None:
                kept.append(f"{new}#{turn[len(prefix) :]}")
        stone["said"] = kept
        if not stone["said"]:
            del stone["said"]  # as `tombstones` writes one taken from no thread entry
        lines[index] = json.dumps(stone, ensure_ascii=False) + "\n"
        changed += 1
    if renamed is not None:
        if lines and not lines[-1].endswith("\n"):
            lines[-1] += "\n"  # a torn last line stays one line
        record = {RENAMED: renamed[0], "to": renamed[1], "at": ws.now().isoformat()}
        lines.append(json.dumps(record, ensure_ascii=False) + "\n")
    if changed or renamed is not None:
        write_atomic(path, "".join(lines).encode("utf-8"))
    return changed


def _same_stone(stone: Stone, written: Stone) -> bool:
    """Whether `written` is the tombstone `stone` (a history copy's), or it with its
    `said` entries pointed at a thread's new id or those of a removed thread dropped
    (`rename_said`)."""
    if stone == written:
        return True
    if len(stone.get("said") or []) < len(written.get("said") or []):
        return False
    rest = {key: value for key, value in stone.items() if key != "said"}
    return rest == {key: value for key, value in written.items() if key != "said"}


def take_back(ws: Workspace, back: TakeBack, *, write: bool = True) -> TakeBack:
    """Drop `back.drop` from forgotten.jsonl and record `back.add` (under the caller's
    workspace lock, atomically); the TakeBack that reverses this (an undo of the undo).
    A stone to drop that is not there (a purge masked it, a crash came first) is passed
    over, and so is one to add that is there already. `write=False` changes nothing:
    the reverse is known before the history copy that keeps it is written."""
    path = ws.state_dir / FORGOTTEN_NAME
    ws.check_inside(path)
    lines, dropped, added = _applied(ws, back)
    if not write or not (dropped or added):
        return TakeBack(drop=added, add=dropped)
    ws.state_dir.mkdir(parents=True, exist_ok=True)
    write_atomic(path, "".join(lines).encode("utf-8"))
    return TakeBack(drop=added, add=dropped)


def forgotten_after(ws: Workspace, back: TakeBack) -> Forgotten:
    """The forgotten facts as `take_back(ws, back)` leaves them, without writing (what
    an undo's restored MEMORY.md must not state)."""
    lines, _, _ = _applied(ws, back)
    return Forgotten.of_tombstones(parse_tombstones("".join(lines)))


def _applied(ws: Workspace, back: TakeBack) -> tuple[list[str], list[Stone], list[Stone]]:
    """forgotten.jsonl's lines once `back` is applied, the stones it dropped and those
    it added (`take_back`, `forgotten_after`)."""
    lines, parsed = _written(ws)
    dropped: list[Stone] = []
    for stone in back.drop:
        index = next((i for i, written in enumerate(parsed) if written == stone), None)
        if index is None:  # a thread renamed since: its `said` entries name the new id
            index = next(
                (
                    i
                    for i, written in enumerate(parsed)
                    if written is not None and _same_stone(stone, written)
                ),
                None,
            )
        if index is not None:
            dropped.append(parsed[index] or stone)
            del lines[index], parsed[index]
    added = [stone for stone in back.add if stone not in parsed]
    if added:
        if lines and not lines[-1].endswith("\n"):
            lines[-1] += "\n"  # a torn last line stays one line
        lines += [json.dumps(stone, ensure_ascii=False) + "\n" for stone in added]
    return lines, dropped, added


class Forgotten:
    """The keys of the forgotten facts, read once for a run."""

    def __init__(
        self,
        keys: set[str],
        digests: set[str] | None = None,
        turns: set[str] | None = None,
        corrected: dict[str, set[str]] | None = None,
        *,
        legacy: bool = False,
    ):
        self.keys = {key for key in keys if key}
        self.digests = {digest for digest in digests or set() if digest}
        self.turns = turns or set()
        """The thread entries forgotten facts were taken from (`Tombstone.said`)."""
        self.corrected = corrected or {}
        """Forgotten key -> the keys of the corrections that replaced it, when only
        corrections did: a text stating the correction is not the forgotten fact
        (`Staging is db3 and db7.` corrects `Staging is db3.`)."""
        self.legacy = legacy
        """An older memctl purged here (`older_masks`): its short masks are masks too."""
        self.echoes: Callable[[str, str], bool] | None = None
        """Whether a turn's text, in the thread log (relative path), echoes a fact taken
        from a turn of that log (`memctl.models.held.Echoes`, which core may not import:
        set by `memctl.models.held.forgotten`, and by search and recall's `Hidden`)."""

    @classmethod
    def of(cls, ws: Workspace) -> Forgotten:
        return cls.of_tombstones(read_tombstones(ws))

    @classmethod
    def of_tombstones(cls, stones: list[Tombstone]) -> Forgotten:
        turns = {turn for s in stones for turn in s.said}
        return cls(
            {fact_key(s.fact) for s in stones},
            {s.digest for s in stones},
            turns,
            _corrected(stones),
            legacy=older_masks(stones),
        )

    def __bool__(self) -> bool:
        return bool(self.keys or self.digests or self.turns)

    @functools.cached_property
    def _anchors(self) -> tuple[dict[str, list[str]], list[str]]:
        """The keys by a word each must hold whole, and those with none (under three
        words): a text holds a key of three words or more only if it holds the key's
        middle words as words of its own, so `states` looks up the text's words instead
        of trying every key (a recall checks hundreds of candidates, before ranking,
        against what may be hundreds of tombstones)."""
        anchored: dict[str, list[str]] = {}
        loose: list[str] = []
        for key in self.keys:
            words = key.split()
            if len(words) < 3:
                loose.append(key)
            else:
                anchored.setdefault(max(words[1:-1], key=len), []).append(key)
        return anchored, loose

    def said_in(self, path: str, entry: int | None) -> bool:
        """Whether entry `entry` of the thread log `path` (relative) is one a forgotten
        fact was taken from: it states the fact, in whatever words."""
        return bool(self.turns) and entry is not None and f"{path}#{entry}" in self.turns

    def echoed(self, path: str, text: str) -> bool:
        """Whether a turn of the thread log `path` (relative) with this text echoes a
        forgotten fact a turn of that log said (`echoes`; False when none is set)."""
        return self.echoes is not None and self.echoes(path, text)

    def states(self, text: str) -> bool:
        """Whether `text` (a line, a record) states a forgotten fact, or what is left of
        a purged one (its mask)."""
        # A purge's leftover, whatever tombstones this machine holds.
        if holds_mask(text, legacy=self.legacy):
            return True
        if not self:
            return False
        key = fact_key(text)
        if key_digest(key) in self.digests:
            return True
        anchored, loose = self._anchors
        held = [k for word in set(key.split()) for k in anchored.get(word, ())] + loose
        return any(
            forgotten in key and not any(new in key for new in self.corrected.get(forgotten, ()))
            for forgotten in held
        )

    def drop_lines(self, text: str) -> str:
        """`text` without the lines that state a forgotten fact (headings never do), nor
        the lines holding a purge's mask: a bullet that is (mostly) a mask says nothing,
        and whether its tombstone is here (an undo, a sync) must not decide that it
        becomes a MEMORY.md bullet injected into every request."""
        if not self and not holds_mask(text, legacy=self.legacy):
            return text
        kept = [
            line
            for line in text.splitlines(keepends=True)
            if line.lstrip().startswith("#") or not self.states(line)
        ]
        return "".join(kept)

    def hides_entry(self, thread: str, index: int, entry: dict[str, Any]) -> bool:
        """Whether a forget hides entry `index` of a thread's log: a forgotten fact was
        taken from it, its text states one, or it echoes one said in that thread."""
        if not self:
            return False
        path = f"threads/{thread}.jsonl"
        if self.said_in(path, index):
            return True
        text = searchable_text(entry)
        return self.states(text) or self.echoed(path, text)

    def entry(self, thread: str, index: int, entry: dict[str, Any]) -> dict[str, Any]:
        """A thread entry as a model may read it after a forget (`thread_history`): one
        a forget hides with its content FORGOTTEN_TEXT and no tool call's arguments, a
        compaction record without the summary's lines that state a forgotten fact."""
        if not self:
            return entry
        if is_compaction(entry):
            summary = str(entry.get("summary", ""))
            kept = self._summary(summary, thread)
            return entry if kept == summary else {**entry, "summary": kept}
        if not self.hides_entry(thread, index, entry):
            return entry
        hidden = {**entry, "content": FORGOTTEN_TEXT}
        hidden.pop("tool_calls", None)
        return hidden

    def _summary(self, summary: str, thread: str) -> str:
        """A compaction summary of `thread` without its lines that state a forgotten fact
        (`drop_lines`) or echo one said in that thread (`echoed`: a model's summary
        words it its own way, "The assistant will keep in mind that deploys ...")."""
        kept = self.drop_lines(summary)
        if self.echoes is None:
            return kept
        path = f"threads/{thread}.jsonl"
        return "".join(
            line
            for line in kept.splitlines(keepends=True)
            if line.lstrip().startswith("#") or not self.echoed(path, line)
        )

    def in_context(self, context: WorkingContext, thread: str) -> tuple[WorkingContext, set[int]]:
        """A thread's working context as a model may be sent it after a forget, and the
        positions of the messages it hides: a message a forgotten fact was taken from
        (`said_in`), whose text states one or that echoes one (`echoed`) has its content
        replaced by FORGOTTEN_TEXT (its role, name, tool calls and ids kept: the
        conversation's shape stays whole), and the earlier summary loses the lines that
        state or echo one. `compact` leaves the hidden messages out of what it
        summarises, `context` and `call` send the mask."""
        if not self:
            return context, set()
        compaction = context.compaction
        messages = list(context.messages)
        if compaction is not None:
            summary = str(compaction.get("summary", ""))
            kept = self._summary(summary, thread)
            if kept != summary:
                compaction = {**compaction, "summary": kept}
                messages[0] = summary_message(compaction, thread)
        hidden: set[int] = set()
        for position, (message, index) in enumerate(zip(messages, context.indexes, strict=True)):
            if index is None:
                continue
            if self.hides_entry(thread, index, message):
                messages[position] = {**message, "content": FORGOTTEN_TEXT}
                hidden.add(position)
        return WorkingContext(messages, context.indexes, compaction), hidden
