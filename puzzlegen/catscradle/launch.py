"""The ``puzzlegen`` console script: Cat's Cradle's fast lanes, then the full command line.

``puzzlegen solve --json -`` is the command that streams positions by the
million, and for it starting the full command line (click, every
subcommand's module, the game plugin and its grading) costs more than
solving thousands of positions.  This launcher recognises exactly that
invocation of the default game and runs the same function the ``solve``
command calls for it, :func:`puzzlegen.catscradle.commands.solve_lines`,
with the same exit codes and error lines as :func:`puzzlegen.cli.main`.
``puzzlegen --version`` also names the solver core in use (compiled or pure
Python).  Everything else goes to :func:`puzzlegen.cli.main` unchanged.
``tests/catscradle/test_launch.py`` runs both on the same inputs and
requires identical output.  It lives in the game's package because it
knows the game (the registry is the only shared module that may).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

#: The spellings of the batch solve that take the fast lane.
FAST = (
    ("solve", "--json", "-"),
    ("solve", "-", "--json"),
    ("solve", "--json", "--game", "cats-cradle", "-"),
    ("solve", "--game", "cats-cradle", "--json", "-"),
)
EXIT_INVALID = 1


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    args = tuple(sys.argv[1:] if argv is None else argv)
    if args == ("--version",):
        from importlib.metadata import version

        from puzzlegen.catscradle.core import CORE

        sys.stdout.write(f"puzzlegen {version('puzzlegen')} (solver core: {CORE})\n")
        return 0
    if args not in FAST:
        from puzzlegen.cli import main as full_main

        return full_main(argv)
    from puzzlegen.catscradle.commands import solve_lines
    from puzzlegen.errors import PuzzlegenError
    from puzzlegen.textio import solve_in_runs

    try:
        # Read as the full command does: UTF-8 bytes, bounded lines, a bad line answered alone.
        return 0 if solve_in_runs(solve_lines, sys.stdin.buffer, sys.stdout) else EXIT_INVALID
    except KeyboardInterrupt:
        sys.stderr.write("\npuzzlegen: interrupted\n")  # as click's Abort, then cli.main
        return 130
    except PuzzlegenError as exc:
        sys.stderr.write(f"puzzlegen: error: {exc}\n")
        return EXIT_INVALID
    except BrokenPipeError:
        return 0  # the reader went away (e.g. `| head`): not an error of ours
    except OSError as exc:
        sys.stderr.write(f"puzzlegen: error: {exc.strerror}: {exc.filename!r}\n")
        return EXIT_INVALID


if __name__ == "__main__":
    sys.exit(main())
