"""The ``puzzlegen`` console script: a fast lane for batch solving, then the full command line.

``puzzlegen solve --json -`` is the command that streams positions by the
million, and for it starting the full command line (click, every
subcommand's module, the game plugin and its grading) costs more than
solving thousands of positions.  This launcher recognises exactly that
invocation and, when the game has a streaming solver in
:data:`puzzlegen.registry.FAST_SOLVERS`, runs the same function the
``solve`` command would, with the same exit codes and error lines as
:func:`puzzlegen.cli.main`.  ``puzzlegen --version`` also says what solves
each game (a compiled core or pure Python).  Everything else goes to
:func:`puzzlegen.cli.main` unchanged.  ``tests/test_launch.py`` runs both on
the same inputs and requires identical output.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from puzzlegen.registry import DEFAULT_GAME, engine_notes, fast_solver

EXIT_INVALID = 1


def fast_lane_game(args: Sequence[str]) -> str | None:
    """The game of a plain ``solve --json -`` (any order, optional ``--game NAME``), else None."""
    if not args or args[0] != "solve":
        return None
    rest = list(args[1:])
    game = DEFAULT_GAME
    if "--game" in rest:
        at = rest.index("--game")
        if at + 1 >= len(rest):
            return None
        game = rest[at + 1]
        del rest[at : at + 2]
    return game if sorted(rest) == ["-", "--json"] else None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    from puzzlegen.textio import stand_in_for_closed_streams

    stand_in_for_closed_streams()
    args = tuple(sys.argv[1:] if argv is None else argv)
    if args == ("--version",):
        from importlib.metadata import version

        engines = "; ".join(engine_notes())
        sys.stdout.write(f"puzzlegen {version('puzzlegen')} ({engines})\n")
        return 0
    game = fast_lane_game(args)
    solve_lines = fast_solver(game) if game is not None else None
    if solve_lines is None:
        from puzzlegen.cli import main as full_main

        return full_main(argv)
    from puzzlegen.errors import PuzzlegenError
    from puzzlegen.textio import interrupted, one_line, solve_in_runs

    try:
        # Read as the full command does: UTF-8 bytes, bounded lines, a bad line answered alone.
        return 0 if solve_in_runs(solve_lines, sys.stdin.buffer, sys.stdout) else EXIT_INVALID
    except KeyboardInterrupt:
        sys.stderr.write(interrupted() + "\n")  # as cli.main says it
        return 130
    except PuzzlegenError as exc:
        sys.stderr.write(f"puzzlegen: error: {one_line(exc)}\n")
        return EXIT_INVALID
    except BrokenPipeError:
        return 0  # the reader went away (e.g. `| head`): not an error of ours
    except OSError as exc:
        # As the full command says it: the file only when there is one (not "None").
        reason = exc.strerror or str(exc)
        where = f": {exc.filename!r}" if exc.filename is not None else ""
        sys.stderr.write(f"puzzlegen: error: {reason}{where}\n")
        return EXIT_INVALID


if __name__ == "__main__":
    sys.exit(main())
