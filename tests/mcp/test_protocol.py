"""`memctl mcp`'s JSON-RPC as the wire shows it (issue 22 item 11): the answers to what
a well-behaved client never sends, the version a client gets, cancellation, and how
the server ends (stdin's EOF, SIGINT with a pipe for stdin, SIGTERM).

tests/mcp/test_mcp.py drives the same server with the SDK's own client.
"""

from __future__ import annotations

import json
import signal
import sys
from pathlib import Path

import pytest

from memctl.core.workspace import Workspace, init_workspace
from tests.support.mcp_wire import HANDSHAKE, LiveServer, converse, rpc, server_command

pytestmark = pytest.mark.slow  # each test starts a server

SEARCH_CALL = rpc(2, "tools/call", {"name": "memory_search", "arguments": {"query": "Fridays"}})


def prepare(root: Path) -> Path:
    init_workspace(root)
    (root / "MEMORY.md").write_text("- We deploy on Fridays.\n", encoding="utf-8")
    return root


def hello(version: str) -> str:
    params = {
        "protocolVersion": version,
        "capabilities": {},
        "clientInfo": {"name": "t", "version": "1"},
    }
    return rpc(1, "initialize", params)


def answers(lines: list[str]) -> list[dict]:
    return [json.loads(line) for line in lines]


@pytest.mark.parametrize(
    "asked, given",
    [
        ("2024-11-05", "2024-11-05"),
        ("2025-03-26", "2025-03-26"),
        ("2025-11-25", "2025-11-25"),
        ("1999-01-01", "2025-11-25"),  # unknown: the newest the server speaks
    ],
)
def test_the_client_gets_its_protocol_version_when_known(tmp_path, asked, given):
    done = converse(server_command(prepare(tmp_path / "ws")), [hello(asked)])

    (answer,) = answers(done.stdout)
    assert answer["result"]["protocolVersion"] == given
    assert answer["result"]["capabilities"] == {"tools": {"listChanged": False}}
    assert (done.returncode, done.stderr) == (0, "")


def test_what_a_client_should_not_send_gets_a_json_rpc_error(tmp_path):
    """Each is answered (the SDK's server answered none of these, and a client waits
    for ever), and the session goes on."""
    root = prepare(tmp_path / "ws")
    server = LiveServer(server_command(root))
    server.send(*HANDSHAKE)
    assert server.answer()["id"] == 1
    malformed = [
        ("{not json", None, -32700),
        ('[{"jsonrpc": "2.0", "id": 20, "method": "ping"}]', None, -32600),
        ('{"jsonrpc": "2.0", "id": 21}', 21, -32600),
        ('{"id": 22, "method": "ping"}', 22, -32600),
        (rpc(23, "resources/list", {}), 23, -32601),
        (rpc(24, "tools/call", {"arguments": {}}), 24, -32602),
        (rpc(25, "tools/call", {"name": "memory_search", "arguments": "x"}), 25, -32602),
        ('{"jsonrpc": "2.0", "id": 26, "method": "ping", "params": [1]}', 26, -32602),
    ]
    for line, request_id, code in malformed:
        server.send(line)
        answer = server.answer()
        assert (answer["id"], answer["error"]["code"]) == (request_id, code), line
        if code == -32601:
            assert answer["error"]["data"] == "resources/list"  # which method
    # Notifications get no answer, whatever their method: the ping's answer comes next.
    server.send(
        json.dumps({"jsonrpc": "2.0", "method": "notifications/whatever", "params": {}}),
        json.dumps(
            {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 99}}
        ),
        rpc(27, "ping", {}),
    )
    assert server.answer() == {"jsonrpc": "2.0", "id": 27, "result": {}}
    server.send(SEARCH_CALL)
    assert server.answer()["result"]["isError"] is False

    done = server.end(timeout=30)
    assert (done.returncode, done.stdout, done.stderr) == (0, [], "")


def test_a_cancelled_call_is_not_run_nor_answered(tmp_path):
    """The first save waits for the workspace lock this test holds, so the second call
    is still queued when its cancellation is read; the ping's answer proves it was."""
    root = prepare(tmp_path / "ws")
    server = LiveServer(server_command(root))
    server.send(*HANDSHAKE)
    assert server.answer()["id"] == 1
    first = rpc(2, "tools/call", {"name": "memory_save", "arguments": {"content": "Kept fact."}})
    second = rpc(
        3, "tools/call", {"name": "memory_save", "arguments": {"content": "Dropped fact."}}
    )
    cancel = {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 3}}
    with Workspace(root).lock():
        server.send(first, second, json.dumps(cancel), rpc(4, "ping", {}))
        assert server.answer()["id"] == 4
    assert server.answer()["id"] == 2
    done = server.end(timeout=30)

    assert (done.returncode, done.stdout, done.stderr) == (0, [], "")
    memory = (root / "MEMORY.md").read_text(encoding="utf-8")
    assert "Kept fact." in memory and "Dropped fact." not in memory


def test_every_call_received_before_stdin_ends_is_answered(tmp_path):
    """A client may send its calls and close stdin at once: the SDK's server dropped
    the calls still running ("Connection closed")."""
    calls = [
        rpc(n, "tools/call", {"name": "memory_search", "arguments": {"query": "Fridays"}})
        for n in range(2, 7)
    ]
    process_input = "".join(line + "\n" for line in [*HANDSHAKE, *calls])
    server = LiveServer(server_command(prepare(tmp_path / "ws")))
    server.send(process_input.rstrip("\n"))

    done = server.end(timeout=60)

    got = {message["id"]: message for message in answers(done.stdout)}
    assert set(got) == {1, 2, 3, 4, 5, 6}
    assert all(not got[n]["result"]["isError"] for n in range(2, 7))
    assert (done.returncode, done.stderr) == (0, "")


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_ends_the_server_quietly_with_a_pipe_for_stdin(tmp_path, signum):
    """Claude Code stops a server with SIGINT, then SIGTERM: the SDK's server read
    stdin in a thread and ignored SIGINT until the next line (issue 22)."""
    server = LiveServer(server_command(prepare(tmp_path / "ws")))
    server.send(*HANDSHAKE, rpc(2, "tools/list", {}))
    assert server.answer()["id"] == 1
    assert server.answer()["id"] == 2

    server.process.send_signal(signum)
    returncode = server.process.wait(timeout=10)  # stdin stays open
    done = server.end(timeout=1)

    assert (returncode, done.stdout, done.stderr) == (0, [], "")


def test_a_signal_during_a_call_ends_the_server_quietly(tmp_path):
    """The save under way waits for the workspace lock this test holds: the server
    gives it a grace, then exits 0 without a word, the worker still blocked."""
    root = prepare(tmp_path / "ws")
    server = LiveServer(server_command(root))
    server.send(*HANDSHAKE)
    assert server.answer()["id"] == 1
    save = rpc(2, "tools/call", {"name": "memory_save", "arguments": {"content": "Late fact."}})
    with Workspace(root).lock():
        server.send(save, rpc(3, "ping", {}))
        assert server.answer()["id"] == 3
        server.process.send_signal(signal.SIGTERM)
        returncode = server.process.wait(timeout=30)
    done = server.end(timeout=1)

    assert (returncode, done.stdout, done.stderr) == (0, [], "")
    assert "Late fact." not in (root / "MEMORY.md").read_text(encoding="utf-8")


HEAVY = {"litellm", "mcp", "pydantic", "anyio", "memctl.turn.tools", "memctl.retrieval"}


def test_initialize_is_answered_before_the_tools_are_imported(tmp_path):
    """-X importtime writes a line per import on stderr, merged here into stdout: the
    lines before the answer are the imports it waited for."""
    root = prepare(tmp_path / "ws")
    server = LiveServer([sys.executable, "-X", "importtime", *server_command(root)[1:]], True)
    server.send(HANDSHAKE[0])
    before = []
    while not (line := server.line()).startswith("{"):
        if line.startswith("import time:"):
            before.append(line.rsplit("|", 1)[1].strip())
    after = server.end(timeout=60)

    assert json.loads(line)["result"]["serverInfo"]["name"] == "memctl"
    assert "memctl.mcp.server" in before  # the lines are the server's imports
    assert not HEAVY & set(before)
    assert "memctl.turn.tools" in "".join(after.stdout)  # imported after answering


def test_a_person_asks_for_the_lines_with_verbose(tmp_path: Path):
    root = prepare(tmp_path / "ws")
    command = [*server_command(root)[:-1], "-v", "mcp"]

    done = converse(command, [*HANDSHAKE, SEARCH_CALL])

    lines = done.stderr.splitlines()
    assert lines[0].startswith("mcp: serving 9 tools for ")
    assert lines[1:] == ["mcp: initialize", "mcp: tools/call memory_search"]


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_the_moment_the_server_says_it_is_ready_ends_it(tmp_path, signum):
    """The "Ctrl-C ends" line is shown through `ready`: a signal sent the moment it
    shows must end the server as any later one does. CI once sent ^C at that moment and
    got exit 70, an internal error, because the handler was in place before the code
    that caught what it raised."""
    import subprocess

    root = prepare(tmp_path / "ws")
    script = (
        "import os, sys\n"
        "from memctl.core.config import load_config\n"
        "from memctl.core.workspace import Workspace\n"
        "from memctl.mcp.server import serve_stdio\n"
        "from pathlib import Path\n"
        f"root = Path({str(root)!r})\n"
        "ended = serve_stdio(Workspace(root), load_config(root / 'memctl.yaml'), ready=lambda: os.kill(os.getpid(), "
        f"{int(signum)}))\n"
        "sys.exit(100 + (ended or 0))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        stdin=subprocess.PIPE,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (done.returncode, done.stderr) == (100 + int(signum), "")


@pytest.mark.parametrize(
    ("on_entry", "after"),
    [
        ("signal.SIG_IGN", "SIG_IGN"),
        ("signal.default_int_handler", "default_int_handler"),
    ],
)
def test_the_server_leaves_an_ignored_sigint_ignored_and_puts_back_the_handler(
    tmp_path, on_entry, after
):
    """Review34 F10: `memctl mcp &` from a script starts with SIGINT ignored; the
    server took it anyway (a SIGINT sent the moment it is ready ended it) and put back
    SIG_DFL, not the handler it found, on return. Stdin is empty: a server that keeps
    SIGINT ignored serves until its EOF and returns None."""
    import subprocess

    root = prepare(tmp_path / "ws")
    script = (
        "import os, signal, sys\n"
        "from memctl.core.config import load_config\n"
        "from memctl.core.workspace import Workspace\n"
        "from memctl.mcp.server import serve_stdio\n"
        "from pathlib import Path\n"
        f"signal.signal(signal.SIGINT, {on_entry})\n"
        f"root = Path({str(root)!r})\n"
        "ready = (lambda: os.kill(os.getpid(), signal.SIGINT)) "
        "if signal.getsignal(signal.SIGINT) == signal.SIG_IGN else None\n"
        "ended = serve_stdio(Workspace(root), load_config(root / 'memctl.yaml'), ready=ready)\n"
        "handler = signal.getsignal(signal.SIGINT)\n"
        f"Path({str(tmp_path / 'after')!r}).write_text(f'{{ended}} "
        '{getattr(handler, "name", None) or handler.__name__} '
        "{signal.getsignal(signal.SIGTERM) == signal.SIG_DFL}')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], input="", capture_output=True, text=True, timeout=60
    )

    assert (done.returncode, done.stderr) == (0, "")
    assert (tmp_path / "after").read_text().split() == ["None", after, "True"]
