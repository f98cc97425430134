"""The offline semantic leg of recall: WordLlama, the `memctl[semantic]` extra.

WordLlama (MIT) ships its 16 MB model inside its 19 MB wheel, so it is loaded from the
package folder with downloads disabled: no key, no network, ever. It is an `Embedder`
like the litellm adapter's, so recall stores its vectors in the index (each record
embedded once) and fuses its ranking with BM25 the same way.

Importing this module imports nothing of WordLlama's: `installed()` asks the import
system where the package is without loading it, and the model (numpy, tokenizers, about
a second) loads on the first `embed`, so a command that never ranks by meaning (search,
every hook that does not recall) never pays for it.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from memctl.core.config import Config
from memctl.models.interface import EmbeddingFailed

PACKAGE = "wordllama"
MODEL = "l2_supercat"
DIM = 256
# "+context": a turn is embedded with its speaker's name and the turn before it
# (`Embedder.context`); vectors stored under the name before, of turns alone, are made
# again on the first recall.
NAME = f"wordllama:{MODEL}_{DIM}+context"
INSTALL_HINT = "install memctl[semantic] for the semantic leg"


def installed() -> bool:
    """Whether the extra is installed, without importing it."""
    try:
        return importlib.util.find_spec(PACKAGE) is not None
    except (ImportError, ValueError):
        return False


def _package_folder() -> Path | None:
    """Where the extra's package lies, found without importing it."""
    try:
        spec = importlib.util.find_spec(PACKAGE)
    except (ImportError, ValueError):
        return None
    folders = list(spec.submodule_search_locations or []) if spec is not None else []
    return Path(folders[0]) if folders else None


def model_files(folder: Path) -> tuple[Path, Path]:
    """The two files `WordLlama.load` reads from the package folder: the weights and the
    tokenizer's configuration (its `weights/` and `tokenizers/` folders)."""
    return (
        folder / "weights" / f"{MODEL}_{DIM}.safetensors",
        folder / "tokenizers" / f"{MODEL}_tokenizer_config.json",
    )


def missing() -> str | None:
    """What the semantic leg lacks to load, found without loading it (a second of numpy
    and tokenizers): the extra, a package it requires, or the model's files in its
    wheel; None when all are there. `doctor` says this, and loads the model only with -v."""
    import importlib.metadata
    import re

    folder = _package_folder()
    if folder is None:
        return f"{PACKAGE} is not installed ({INSTALL_HINT})"
    for path in model_files(folder):
        if not path.is_file():
            return f"{PACKAGE}'s model file {path} is missing: reinstall memctl[semantic]"
    try:
        required = importlib.metadata.requires(PACKAGE) or []
    except importlib.metadata.PackageNotFoundError:
        return None  # a source checkout on the path: its files are there
    for requirement in required:
        if "extra ==" in requirement:
            continue
        name = re.match(r"[A-Za-z0-9._-]+", requirement)
        if name is None:
            continue
        try:
            importlib.metadata.distribution(name.group(0))
        except importlib.metadata.PackageNotFoundError:
            return f"{PACKAGE} needs {name.group(0)}, which is not installed: reinstall memctl[semantic]"
    return None


def embedder_name(config: Config) -> str | None:
    """The name of the embedder recall ranks with, without building it:
    memory.embedding_model's when set (a user with a key chose it), else WordLlama's when
    `recall.semantic` is on, or auto and the extra is installed; None: BM25 alone."""
    if config.memory.embedding_model is not None:
        return config.memory.embedding_model.name
    mode = config.recall.semantic
    return NAME if mode == "on" or (mode == "auto" and installed()) else None


class WordLlamaEmbedder:
    """WordLlama's `l2_supercat` model at 256 dimensions, from inside its wheel."""

    name = NAME
    context = True

    def __init__(self) -> None:
        self._model: Any = None

    def _load(self) -> Any:
        if self._model is None:
            if not installed():
                raise EmbeddingFailed(f"{PACKAGE} is not installed ({INSTALL_HINT})")
            try:
                import wordllama
                from wordllama import WordLlama

                self._model = WordLlama.load(
                    config=MODEL,
                    cache_dir=Path(wordllama.__file__).parent,
                    dim=DIM,
                    disable_download=True,
                )
            except Exception as exc:  # any failure to load is one failure of the leg
                raise EmbeddingFailed(f"{NAME} did not load: {exc}") from exc
        return self._model

    def embed(self, texts: list[str]) -> list[list[float]]:
        model = self._load()
        try:
            rows = model.embed(texts, norm=True)
        except Exception as exc:
            raise EmbeddingFailed(f"{NAME} failed: {exc}") from exc
        # numpy's own conversion: a float() a number took 0.3 s of 10,000 texts' 0.55 s
        return list(rows.tolist())

    def cost(self, tokens: int) -> float | None:
        """Local: free."""
        return 0.0
