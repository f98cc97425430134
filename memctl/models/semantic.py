"""The offline semantic leg of recall: WordLlama, the `memctl[semantic]` extra.

WordLlama (MIT) ships its 16 MB model inside its 19 MB wheel, so it is loaded from the
package folder with downloads disabled: no key, no network, ever. It is an `Embedder`
like the litellm adapter's, so recall stores its vectors in the index (each record
embedded once) and fuses its ranking with BM25 the same way.

Importing this module imports nothing of WordLlama's: `installed()` asks the import
system where the package is without loading it, and the model loads on the first
`embed`, so a command that never ranks by meaning (search, every hook that does not
recall) never pays for it.

The load is what `WordLlama.load` does, with less (`_load_model`): every recall, prompt
hook and MCP recall is a process that pays it once. The package's `__init__` imports its
configuration and download modules (pydantic, toml, requests: about 0.15 s of CPU) that
inference does not use, so only `wordllama.inference` is imported; the tokenizer is read
from its file with `tokenizers` as `WordLlama.load_tokenizer` reads it; and the weights'
matrix (float16 in the safetensors file) is memory-mapped, not copied and widened to a
float32 matrix (30 ms and 46 MB): a query reads only its tokens' rows. The vectors are
the same to the bit: WordLlama's pooling multiplies the rows by a float32 mask, which
widens a float16 row exactly as the copy did (tests/retrieval/test_semantic.py compares
them with `WordLlama.load`'s). That reads wordllama's internals (its `inference` module,
`WordLlamaInference`'s signature and pooling, its tokenizer file), so it is taken only for
a version it was checked on (`CHECKED`), and anything of it failing, or a wheel whose
files are not as expected, loads the model through the public `WordLlama.load`.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from pathlib import Path
from typing import Any

from memctl.core.config import Config

PACKAGE = "wordllama"
MODEL = "l2_supercat"
DIM = 256
# "+context": a turn is embedded with its speaker's name and the turn before it
# (`Embedder.context`); vectors stored under the name before, of turns alone, are made
# again on the first recall.
NAME = f"wordllama:{MODEL}_{DIM}+context"
INSTALL_HINT = "install memctl[semantic] for the semantic leg"
CHECKED = frozenset({"0.4.0.post1"})
"""The wordllama versions the fast load was checked on (its vectors the same to the bit as
`WordLlama.load`'s: tests/retrieval/test_semantic.py); any other loads through
`WordLlama.load`."""


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
        from memctl.models.interface import EmbeddingFailed  # a BM25-only hook never loads it

        if self._model is None:
            folder = _package_folder() if installed() else None
            if folder is None:
                raise EmbeddingFailed(f"{PACKAGE} is not installed ({INSTALL_HINT})")
            try:
                self._model = _load_model(folder)
            except Exception as exc:  # any failure to load is one failure of the leg
                raise EmbeddingFailed(f"{NAME} did not load: {exc}") from exc
        return self._model

    def embed(self, texts: list[str]) -> list[list[float]]:
        """One unit vector a text; a zero vector for a text with no token (WordLlama
        divides its zero vector by its zero norm: NaN, and a warning on stderr), which
        has no direction: it is near nothing, and no NaN is stored."""
        import numpy

        from memctl.models.interface import EmbeddingFailed

        model = self._load()
        try:
            with numpy.errstate(invalid="ignore", divide="ignore"):
                rows = numpy.nan_to_num(model.embed(texts, norm=True), nan=0.0)
        except Exception as exc:
            raise EmbeddingFailed(f"{NAME} failed: {exc}") from exc
        # numpy's own conversion: a float() a number took 0.3 s of 10,000 texts' 0.55 s
        return list(rows.tolist())

    def cost(self, tokens: int) -> float | None:
        """Local: free."""
        return 0.0


def _load_model(folder: Path) -> Any:
    """WordLlama's `WordLlamaInference` of MODEL at DIM from the package `folder`, as
    `WordLlama.load(config=MODEL, dim=DIM, disable_download=True)` builds it from the
    same two files (`model_files`), without the package's `__init__` and with the
    weights memory-mapped (the module docstring); through `WordLlama.load` itself for a
    wordllama version the fast load was not checked on (`CHECKED`), when the weights
    file is not one float matrix of DIM columns, or when the fast load fails in any way
    (wordllama's internals changed)."""
    if installed_version(folder) in CHECKED:
        try:
            fast = _fast_model(folder)
        except Exception:  # the internals it reads are not as they were: the public load
            fast = None
        if fast is not None:
            return fast
    import wordllama

    return wordllama.WordLlama.load(config=MODEL, cache_dir=folder, dim=DIM, disable_download=True)


def installed_version(folder: Path) -> str | None:
    """The version of the wordllama installed in `folder`, as its distribution's
    `*.dist-info` folder beside it names it (what `importlib.metadata.version` reads,
    without importing importlib.metadata: 30 ms, in a process that loads no other
    metadata); None when there is none (a source checkout)."""
    prefix = f"{PACKAGE}-"
    try:
        names = [entry.name for entry in os.scandir(folder.parent)]
    except OSError:
        return None
    found = [
        name[len(prefix) : -len(".dist-info")]
        for name in names
        if name.lower().startswith(prefix) and name.endswith(".dist-info")
    ]
    return found[0] if len(found) == 1 else None


def _fast_model(folder: Path) -> Any:
    """The model built from wordllama's inference module and the mapped matrix; None
    when the weights file is not as expected (`_mapped_matrix`)."""
    weights, tokenizer_file = model_files(folder)
    matrix = _mapped_matrix(weights)
    if matrix is None:
        return None
    from tokenizers import Tokenizer

    inference = _inference_class()
    # Its constructor widens the matrix it is given to float32, a copy: it is given none
    # of the rows, then the mapped matrix.
    model = inference(matrix[:0], Tokenizer.from_file(str(tokenizer_file)), binary=False)
    model.embedding = matrix
    return model


# The weights' dtypes a mapped matrix may have, as safetensors names them (little-endian).
_DTYPES = {"F16": "<f2", "F32": "<f4"}


def _mapped_matrix(weights: Path) -> Any:
    """The model's matrix (safetensors' "embedding.weight") as a read-only numpy array
    over the file mapped into memory, in its own dtype; None when the file is not as
    `WordLlama.load` reads it here: one float tensor of DIM columns within the file.

    A safetensors file is an 8-byte little-endian header length, the JSON header (each
    tensor's dtype, shape and byte range after the header), then the tensors' bytes."""
    import mmap

    import numpy

    with weights.open("rb") as file:
        size = int.from_bytes(file.read(8), "little")
        if not 0 < size <= 1 << 20:
            return None
        try:
            tensor = json.loads(file.read(size)).get("embedding.weight")
        except ValueError:
            return None
        mapped = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
    try:
        dtype = numpy.dtype(_DTYPES[tensor["dtype"]])
        rows, columns = tensor["shape"]
        begin, end = tensor["data_offsets"]
        start = 8 + size + begin
    except (KeyError, TypeError, ValueError):
        return None
    if columns != DIM or rows < 1 or end - begin != rows * columns * dtype.itemsize:
        return None
    if start + end - begin > len(mapped):
        return None
    return numpy.frombuffer(mapped, dtype, rows * columns, start).reshape(rows, columns)


def _inference_class() -> Any:
    """`wordllama.inference.WordLlamaInference`, imported without running the package's
    `__init__` (which imports its configuration, training and download modules) unless
    something in this process imported the package already: the package's module is made
    from its spec and put in `sys.modules` while its `inference` module (and what that
    imports: its algorithms, numpy, tokenizers) is imported, then taken out again, so a
    later `import wordllama` runs the package's `__init__` as it would have."""
    name = f"{PACKAGE}.inference"
    if name in sys.modules or PACKAGE in sys.modules:
        # Imported before (by this, or by the package's __init__), or being imported by
        # another thread: the import system hands it over once it is whole, and does
        # not import the package first when the module is there.
        return importlib.import_module(name).WordLlamaInference
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None:
        raise ImportError(f"{PACKAGE} is not installed")
    package = importlib.util.module_from_spec(spec)
    sys.modules[PACKAGE] = package
    try:
        return importlib.import_module(name).WordLlamaInference
    finally:
        if sys.modules.get(PACKAGE) is package:
            del sys.modules[PACKAGE]
