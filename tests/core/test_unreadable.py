"""A file the caller names that cannot be read: every command that reads one says so in
the same words (memctl.core.errors.unreadable), exits 2 and changes nothing."""

from __future__ import annotations

import pytest

from tests.support.helpers import snapshot

APPEND = ("thread", "append", "t1")
IMPORT = ("thread", "import")  # a folder is read as the transcripts in it
EXPORT = ("export", "--agents-md")  # a missing target is created, not an error


@pytest.mark.parametrize(
    ("command", "make", "problem"),
    [
        (APPEND, "missing", "file not found"),
        (APPEND, "folder", "is a folder"),
        (IMPORT, "missing", "file not found"),
        (EXPORT, "folder", "is a folder"),
    ],
)
def test_a_named_file_that_cannot_be_read(workspace, tmp_path, cli, command, make, problem):
    named = tmp_path / "named"
    if make == "folder":
        named.mkdir()
    before = snapshot(workspace)

    run = cli("-w", workspace, *command, named)

    assert run.exit_code == 2
    assert run.stderr.splitlines() == [f"memctl: error: {named}: {problem}"]
    assert snapshot(workspace) == before
