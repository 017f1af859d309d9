"""The ``puzzlegen`` command.

Every subcommand is a verb.  ``main(argv)`` runs the command and returns its
exit status, so tests call it directly.  Errors raised on purpose
(:class:`PuzzlegenError`) and bad options become one line on stderr and a
non-zero exit, in :func:`main` alone; nothing the user types produces a
traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Sequence
from typing import TextIO

import click

from puzzlegen.catscradle.position import Deal, Position
from puzzlegen.catscradle.solver import best_line
from puzzlegen.errors import InvalidInputError, PuzzlegenError

EXIT_INVALID = 1
EXIT_USAGE = 2

_CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


@click.group(context_settings=_CONTEXT)
@click.version_option(package_name="puzzlegen")
def cli() -> None:
    """Deal, solve and publish Cat's Cradle puzzles.

    Cat's Cradle is a patience invented by Michael Bourne: sixteen cards in a
    4×4 square, built down in alternate colours along its 18 lines.  The
    puzzle is to find the line of play that leaves the most spaces.

    \b
    Cards are written 10H, QD, 3C (T for 10, any case, or ♣♦♥♠).  A position
    is its 16 cells row by row, "--" for a space, a stack bottom to top
    joined by "/":  JC 9S 8H 3C  QH AS 9C 9D  7S QD 2H 2C  4D 4H 6D 6S
    """


def _read_position_arg(parts: Sequence[str]) -> str:
    if list(parts) == ["-"]:
        return sys.stdin.read()
    return " ".join(parts)


@cli.command(context_settings=_CONTEXT)
@click.option("--seed", required=True, help="Any integer or word; the same seed deals the same.")
@click.option("--json", "as_json", is_flag=True, help="Write JSON instead of text.")
def deal(seed: str, as_json: bool) -> None:
    """Deal the 52 cards for a seed: the 16-card layout, then the stock.

    \b
    Example:
      puzzlegen deal --seed 42
      puzzlegen deal --seed 42 --json
    """
    the_deal = Deal.from_seed(seed)
    if as_json:
        payload = {
            "seed": seed,
            "deal": str(the_deal),
            "layout": str(the_deal.layout),
            "stock": [str(c) for c in the_deal.stock],
        }
        click.echo(json.dumps(payload))
        return
    click.echo(f"Deal for seed {seed!r}: {the_deal}")
    click.echo("\nLayout:")
    click.echo(the_deal.layout.grid())
    click.echo("\nStock, top card first:")
    click.echo(" ".join(str(c) for c in the_deal.stock))


@cli.command(context_settings=_CONTEXT)
@click.argument("position", nargs=-1, required=True)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Write JSON. With '-' read one position a line and write one JSON object a line.",
)
def solve(position: tuple[str, ...], as_json: bool) -> None:
    """Find the best line of play of POSITION (16 cells, or '-' for standard input).

    The line is the one leaving the most spaces, and of those the shortest.

    \b
    Examples:
      puzzlegen solve "JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S"
      puzzlegen solve --json - < positions.txt   (one JSON object a line)
    """
    from puzzlegen.render.prose import best_line_sentence

    if as_json and list(position) == ["-"]:
        if not _solve_batch(sys.stdin, sys.stdout):
            raise click.exceptions.Exit(EXIT_INVALID)
        return
    start = Position.parse(_read_position_arg(position))
    line = best_line(start)
    if as_json:
        click.echo(json.dumps(line.to_json()))
        return
    click.echo(start.grid())
    click.echo()
    click.echo(best_line_sentence(line))
    click.echo()
    click.echo(line.final.grid())


def _solve_batch(lines: Iterable[str], out: TextIO) -> bool:
    """Solve one position a line; one JSON object a non-blank line.  False if any was bad."""
    all_valid = True
    for raw in lines:
        text = raw.strip()
        if not text:
            continue
        try:
            payload = best_line(Position.parse(text)).to_json()
        except InvalidInputError as exc:
            payload = {"error": str(exc)}
            all_valid = False
        out.write(json.dumps(payload) + "\n")
        out.flush()
    return all_valid


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
