"""The ``puzzlegen`` command.

Every subcommand is a verb, in a module by what it is for: :mod:`.play`
(deal, solve, draw), :mod:`.catalogs` (generate, catalog) and
:mod:`.publishing` (book, daily).  Options shared by several commands are
declared once in :mod:`.options`.  The commands only parse options and
report; the work is done by the library.

``main(argv)`` runs the command and returns its exit status, so tests call
it directly.  Errors raised on purpose (:class:`PuzzlegenError`) and bad
options become one line on stderr and a non-zero exit, here alone; nothing
the user types produces a traceback.
"""

from __future__ import annotations

import contextlib
import os
import sys
import warnings
from collections.abc import Sequence
from typing import Any, TextIO

import click

from puzzlegen.cli.options import CONTEXT, EXIT_INVALID, EXIT_USAGE
from puzzlegen.errors import InvalidArgumentError, PuzzlegenError


class _PipeBroken(Exception):
    """A pipe broke during a command: kept from click, which exits 1 on any, silently."""


def _stdout_gone() -> bool:
    """Whether standard output is a pipe whose reader has gone: a broken pipe there
    is the reader's choice; any other (a worker's, a connection's) is a failure."""
    import select

    try:
        poll = select.poll()
        poll.register(sys.stdout.fileno(), select.POLLOUT)
        return any(events & select.POLLERR for _, events in poll.poll(0))
    except (AttributeError, OSError, ValueError):  # no stdout, not a real file, no poll
        return False


class _Interrupted(Exception):
    """Ctrl-C during a command, kept from click (which would print a blank line first)."""


class _Group(click.Group):
    """The command group; its help ends with each game and its notation."""

    def invoke(self, ctx: click.Context) -> Any:
        # Click's main turns any broken pipe into a silent exit 1, before main() below
        # can tell the reader going away (no error of ours) from another pipe breaking.
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            raise _PipeBroken from None
        except KeyboardInterrupt:
            raise _Interrupted from None

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_epilog(ctx, formatter)
        from puzzlegen.registry import all_games

        with formatter.section("Games (--game)"):
            for game in all_games():
                formatter.write_text(f"{game.name}: {game.summary}")
                formatter.write_paragraph()


@click.group(context_settings=CONTEXT, cls=_Group)
@click.version_option(package_name="puzzlegen")
def cli() -> None:
    """Deal, solve and publish puzzles from card games.

    Every command but preflight takes --game; each game's notation is
    described below.
    Run 'puzzlegen COMMAND --help' for a command's options and examples.
    """


def _register_commands() -> None:
    from puzzlegen.cli import catalogs, play, publishing, wholegames

    for module in (play, catalogs, publishing, wholegames):
        for command in module.COMMANDS:
            cli.add_command(command)


_register_commands()


def _show_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
) -> None:
    """Print puzzlegen's own warnings as one line; leave others to Python."""
    from puzzlegen.errors import PuzzlegenWarning

    if issubclass(category, PuzzlegenWarning):
        click.echo(f"puzzlegen: warning: {message}", err=True)
        return
    _python_show_warning(message, category, filename, lineno, file, line)


_python_show_warning: Any = warnings.showwarning


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    with warnings.catch_warnings():
        warnings.showwarning = _show_warning
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    from puzzlegen.textio import (
        Stopped,
        check_arguments,
        interrupted,
        one_line,
        plain_when_needed,
        stand_in_for_closed_streams,
        stop_on_signals,
    )

    stand_in_for_closed_streams()
    args = list(argv) if argv is not None else sys.argv[1:]
    if not args:
        args = ["--help"]  # a bare 'puzzlegen' asks what it can do: not an error
    # A terminal whose encoding lacks the suit symbols gets letters (4H), not a traceback.
    plain_when_needed(sys.stdout)
    try:
        check_arguments(args)
        with stop_on_signals():
            status = cli.main(args=args, prog_name="puzzlegen", standalone_mode=False)
    except Stopped as exc:
        # SIGTERM or SIGHUP: like Ctrl-C, committed work is kept and workers are stopped.
        click.echo(f"puzzlegen: stopped by {exc}", err=True)
        return 128 + exc.signum
    except click.exceptions.Exit as exc:
        return int(exc.exit_code)
    except click.UsageError as exc:
        where = exc.ctx.command_path if exc.ctx is not None else "puzzlegen"
        said = exc.format_message() + _bare_dashes(args, exc.format_message())
        click.echo(f"{where}: error: {said} (see '{where} --help')", err=True)
        return EXIT_USAGE
    except click.ClickException as exc:
        click.echo(f"puzzlegen: error: {exc.format_message()}", err=True)
        return EXIT_USAGE
    except _Interrupted:
        click.echo(interrupted(), err=True)
        return 130
    except click.exceptions.Abort:  # Ctrl-C before the command ran: click began the line
        click.echo("puzzlegen: interrupted", err=True)
        return 130
    except InvalidArgumentError as exc:
        click.echo(f"puzzlegen: error: {one_line(exc)} (see 'puzzlegen --help')", err=True)
        return EXIT_USAGE
    except PuzzlegenError as exc:
        said = one_line(exc)
        click.echo(f"puzzlegen: error: {said}{_bare_dashes(args, said)}", err=True)
        return EXIT_INVALID
    except (_PipeBroken, BrokenPipeError):
        if not _stdout_gone():  # another pipe (a worker's, a connection's): a failure
            click.echo("puzzlegen: error: a pipe broke: the other end went away", err=True)
            return EXIT_INVALID
        # The reader went away (e.g. `| head`): not an error of ours.  What is still
        # buffered goes nowhere, so the exit's flush does not fail on it again.
        with contextlib.suppress(OSError, ValueError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
        return 0
    except OSError as exc:
        in_the_way = _file_in_the_way(exc)
        if in_the_way is not None:
            click.echo(f"puzzlegen: error: {in_the_way!r} is a file, not a folder", err=True)
            return EXIT_INVALID
        reason = exc.strerror or str(exc)
        where = f": {exc.filename!r}" if exc.filename is not None else ""
        click.echo(f"puzzlegen: error: {reason}{where}", err=True)
        return EXIT_INVALID
    return status if isinstance(status, int) else 0


def _bare_dashes(args: Sequence[str], message: str = "") -> str:
    """What to add to an error where ``args`` hold a bare ``--``: written unquoted for an
    empty cell, it ends the command's options instead, and the position loses a cell.

    Only for the errors such a lost cell gives (too few cells; an option read as a
    card), and not where the ``--`` is followed by a quoted position, as one ends the
    options before a position that begins with an empty cell.
    """
    if "--" not in args or not any(s in message for s in ("cells, got", "No such option")):
        return ""
    after = args[args.index("--") + 1 :]
    if after and " " in after[0]:
        return ""
    return (
        "; an unquoted -- ends the options and is not read as an empty cell: "
        'quote the position, as in "JC -- 8H …"'
    )


def _file_in_the_way(exc: OSError) -> str | None:
    """The file standing where a folder of ``exc``'s path must be, if that is what failed
    ("File exists: 'afile'" and "Not a directory: 'afile/site'" hid which was wrong)."""
    from pathlib import Path

    if not isinstance(exc, FileExistsError | NotADirectoryError) or exc.filename is None:
        return None
    path = Path(str(exc.filename))
    for place in (path, *path.parents):
        if place.exists():  # the nearest thing on disk: a file there is what is wrong
            return None if place.is_dir() else str(place)
    return None


if __name__ == "__main__":
    sys.exit(main())
