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

import sys
from collections.abc import Sequence

import click

from puzzlegen.cli.options import CONTEXT, EXIT_INVALID, EXIT_USAGE
from puzzlegen.errors import PuzzlegenError


class _Group(click.Group):
    """The command group; its help ends with each game and its notation."""

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

    Every command takes --game; each game's notation is described below.
    Run 'puzzlegen COMMAND --help' for a command's options and examples.
    """


def _register_commands() -> None:
    from puzzlegen.cli import catalogs, play, publishing

    for module in (play, catalogs, publishing):
        for command in module.COMMANDS:
            cli.add_command(command)


_register_commands()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    try:
        status = cli.main(
            args=list(argv) if argv is not None else None,
            prog_name="puzzlegen",
            standalone_mode=False,
        )
    except click.exceptions.Exit as exc:
        return int(exc.exit_code)
    except click.UsageError as exc:
        where = exc.ctx.command_path if exc.ctx is not None else "puzzlegen"
        click.echo(f"{where}: error: {exc.format_message()} (see '{where} --help')", err=True)
        return EXIT_USAGE
    except click.ClickException as exc:
        click.echo(f"puzzlegen: error: {exc.format_message()}", err=True)
        return EXIT_USAGE
    except click.exceptions.Abort:
        click.echo("puzzlegen: interrupted", err=True)
        return 130
    except PuzzlegenError as exc:
        click.echo(f"puzzlegen: error: {exc}", err=True)
        return EXIT_INVALID
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): not an error of ours.
        return 0
    except OSError as exc:
        click.echo(f"puzzlegen: error: {exc.strerror}: {exc.filename!r}", err=True)
        return EXIT_INVALID
    return status if isinstance(status, int) else 0


if __name__ == "__main__":
    sys.exit(main())
