"""A loopback OpenAI-compatible embedding endpoint (POST /v1/embeddings), 127.0.0.1 only.

Its vectors are hashed bags of words after a small synonym table, so that texts saying
the same thing in other words ("car" / "automobile") come out close: enough for recall's
hybrid ranking to be tested, and benched, against real HTTP through real litellm.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

DIMENSIONS = 512
# Words a real embedding model gives little weight to; hashed, they would make every
# question look like every sentence.
STOPWORDS = frozenset(
    [
        "the",
        "and",
        "for",
        "with",
        "what",
        "which",
        "who",
        "when",
        "where",
        "does",
        "did",
        "was",
        "were",
        "is",
        "are",
        "has",
        "have",
        "had",
        "this",
        "that",
        "from",
        "into",
        "like",
        "most",
        "name",
    ]
)
SYNONYMS = {
    "automobile": "car",
    "vehicle": "car",
    "purchase": "buy",
    "bought": "buy",
    "acquire": "buy",
    "physician": "doctor",
    "medic": "doctor",
    "residence": "home",
    "house": "home",
    "canine": "dog",
    "puppy": "dog",
    "feline": "cat",
    "kitten": "cat",
    "employer": "job",
    "work": "job",
    "workplace": "job",
    "favourite": "favorite",
    "likes": "favorite",
    "loves": "favorite",
    "preferred": "favorite",
    "beverage": "drink",
    "allergy": "allergic",
    "birthday": "born",
    "sibling": "sister",
    "brother": "sister",
    "relocated": "moved",
    "city": "town",
}
_WORD = re.compile(r"\w+")


def embed(text: str) -> list[float]:
    vector = [0.0] * DIMENSIONS
    for word in _WORD.findall(text.lower()):
        word = SYNONYMS.get(word, word)
        if len(word) < 3 or word in STOPWORDS:
            continue
        digest = hashlib.blake2b(word.encode(), digest_size=4).digest()
        vector[int.from_bytes(digest, "big") % DIMENSIONS] += 1.0
    if not any(vector):
        vector[0] = 1.0
    return vector


class EmbedServer:
    """`with EmbedServer() as server:` ... `server.url` is the api_base; `server.batches`
    the sizes of the batches asked for; `server.failing = True` answers 500, and so does
    every request after the first `server.fail_after` batches (a provider that goes down
    in the middle of a catch-up)."""

    def __init__(self) -> None:
        self.batches: list[int] = []
        self.failing = False
        self.fail_after: int | None = None
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def __enter__(self) -> EmbedServer:
        self._thread.start()
        return self

    def __exit__(self, *_: Any) -> None:
        self._server.shutdown()
        self._server.server_close()


def _handler(owner: EmbedServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            down = owner.fail_after is not None and len(owner.batches) >= owner.fail_after
            if owner.failing or down or not self.path.rstrip("/").endswith("/embeddings"):
                self._send(500, {"error": {"message": "the embedder is down"}})
                return
            request = json.loads(raw)
            texts = request["input"] if isinstance(request["input"], list) else [request["input"]]
            owner.batches.append(len(texts))
            tokens = sum(len(text) // 4 + 1 for text in texts)
            self._send(
                200,
                {
                    "object": "list",
                    "model": request.get("model", "loopback"),
                    "data": [
                        {"object": "embedding", "index": i, "embedding": embed(text)}
                        for i, text in enumerate(texts)
                    ],
                    "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
                },
            )

        def _send(self, status: int, body: dict[str, Any]) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:
            """Quiet."""

    return Handler


def embedding_config(url: str, key_env: str) -> str:
    """memctl.yaml's memory.embedding_model pointing at the server."""
    return (
        "memory:\n  embedding_model:\n    name: openai:loopback-embed\n"
        f"    api_base: {url}\n    api_key_env: {key_env}\n    max_retries: 0\n"
        "    timeout: 5s\n"
    )
