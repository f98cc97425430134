"""Write completions/memctl.{bash,zsh,fish} from the CLI itself.

Run it after adding or renaming a command or option:

    python scripts/gen_completions.py          # rewrite the files
    python scripts/gen_completions.py --check  # exit 1 if a checked-in file is stale

The scripts come from `memctl.cli.commands.completion.completion_script`, the same text that
`memctl completion SHELL` prints, so the packaged files and the command never disagree.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "completions"
SHELLS = ("bash", "zsh", "fish")


def expected_files() -> dict[Path, str]:
    """Each completion file and the text it should hold."""
    from memctl.cli.commands.completion import completion_script

    return {OUTPUT / f"memctl.{shell}": completion_script(shell) for shell in SHELLS}


def stale_files() -> list[Path]:
    return [
        path
        for path, text in expected_files().items()
        if not path.is_file() or path.read_text(encoding="utf-8") != text
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report stale files")
    args = parser.parse_args(argv)
    stale = stale_files()
    if args.check:
        for path in stale:
            print(f"{path.relative_to(ROOT)} is stale; run python scripts/gen_completions.py")
        return 1 if stale else 0
    OUTPUT.mkdir(exist_ok=True)
    for path, text in expected_files().items():
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))  # the checkout's memctl, installed or not
    sys.exit(main())
