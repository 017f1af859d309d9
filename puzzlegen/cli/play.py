"""Commands for one position at a time: ``deal``, ``solve``, ``svg``.

Each reads and writes the chosen game's own notation through the game's
:class:`~puzzlegen.games.Game` methods; options that only some games have
are passed on when given, and a game names any it does not take.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterable
from typing import BinaryIO, TextIO

import click

from puzzlegen.cli.options import (
    CONTEXT,
    EXIT_INVALID,
    POSITION_CONTEXT,
    game_option,
    output_text,
    read_position_arg,
    seed_text,
)
from puzzlegen.games import Game


def _given(**options: object) -> dict[str, object]:
    """The game-specific options the user actually gave."""
    return {name: value for name, value in options.items() if value not in (None, False)}


@click.command(context_settings=CONTEXT)
@click.option(
    "--seed",
    required=True,
    callback=seed_text,
    help="Any integer or word; the same seed deals the same.",
)
@click.option("--json", "as_json", is_flag=True, help="Write JSON instead of text.")
@game_option("The game to deal.")
def deal(seed: str, as_json: bool, game: Game) -> None:
    """Deal the cards for a seed, in the game's notation.

    Cat's Cradle: the 52 cards, the layout and the stock; Pendulum: the 48
    cards in six rows; Escape: the start (it has one) and a sample game for
    the seed.

    \b
    Examples:
      puzzlegen deal --seed 42
      puzzlegen deal --seed 42 --json
      puzzlegen deal --game pendulum --seed 7
      puzzlegen deal --game escape --seed 3
    """
    click.echo(game.deal_text(seed, as_json=as_json))


@click.command(context_settings=POSITION_CONTEXT)
@click.argument("position", nargs=-1, required=True)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Write JSON. With '-' read one position a line and write one JSON object a line "
    "(a blank line is skipped, and gets none).",
)
@click.option("--method", help="Pendulum: solve only this building method (up-1 … down-6).")
@game_option("The game of the position.")
def solve(position: tuple[str, ...], as_json: bool, method: str | None, game: Game) -> None:
    """Solve POSITION (in the game's notation, or '-' for stdin).

    Cat's Cradle: the line of play that makes the most spaces; Pendulum: each
    building method won or lost, a win with its par (fewest swings) and a
    line; Escape: whether the side to move wins, and the play that does.
    See 'puzzlegen --help' for each game's notation; '-' also reads the JSON
    line 'deal --json' prints (and, for Cat's Cradle, the text 'deal' prints:
    its layout is solved).

    \b
    Examples:
      puzzlegen solve "JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S"
      puzzlegen deal --seed 42 | puzzlegen solve -   # the deal's layout
      puzzlegen solve --json - < positions.txt   # one JSON object a line
      puzzlegen deal --game pendulum --seed 7 --json | puzzlegen solve --game pendulum -
      puzzlegen solve --game escape "white | W1 | B7 | -1,-1 | ### / #o. / ###"
    """
    extras = _given(method=method)
    if as_json and list(position) == ["-"]:
        stdout = sys.stdout
        if not solve_batch(game, sys.stdin.buffer, stdout, **extras):
            raise click.exceptions.Exit(EXIT_INVALID)
        return
    click.echo(game.solve_text(read_position_arg(position), as_json=as_json, **extras))


def solve_batch(game: Game, stream: BinaryIO, out: TextIO, **extras: object) -> bool:
    """Solve one position a line of ``stream``; False if any line was bad (see textio)."""
    from puzzlegen.textio import solve_in_runs

    def solve_lines(lines: Iterable[str], sink: TextIO) -> bool:
        return game.solve_lines(lines, sink, **extras)

    return solve_in_runs(solve_lines, stream, out)


def _finite_size(_ctx: click.Context, _param: click.Parameter, value: float | None) -> float | None:
    if value is not None and not math.isfinite(value):
        raise click.BadParameter(f"{value!r} is not a finite number of pixels")
    return value


@click.command(context_settings=POSITION_CONTEXT)
@click.argument("position", nargs=-1, required=True)
@click.option(
    "--solution",
    is_flag=True,
    help="Draw the answer: Cat's Cradle, the best line as arrows; Pendulum, the winning "
    "methods and their fewest swings under the layout; Escape, who wins and with which "
    "play, under the table.",
)
@click.option("--mono", is_flag=True, help="Black-and-white print: red pips drawn hollow.")
@click.option("--lines", is_flag=True, help="Cat's Cradle: overlay the 18 lines.")
@click.option("--coordinates", is_flag=True, help="Cat's Cradle: label rows and columns.")
@click.option(
    "--size",
    type=click.FloatRange(min=16, max=100_000),
    callback=_finite_size,
    help="Width in pixels (default: natural).",
)
@click.option(
    "-o",
    "--output",
    default="-",
    show_default=True,
    callback=output_text,
    help="The SVG file to write; - for stdout.  In a folder (a name ending with /, or "
    "one that exists) the file is named for the game and the position, e.g. "
    "cats-cradle-5d41402abc.svg (-solution.svg with --solution), so diagrams of several "
    "positions never replace each other.",
)
@game_option("The game of the position.")
def svg(
    position: tuple[str, ...],
    solution: bool,
    mono: bool,
    lines: bool,
    coordinates: bool,
    size: float | None,
    output: str,
    game: Game,
) -> None:
    """Draw POSITION (in the game's notation, or '-' for stdin) as an SVG diagram.

    '-' also reads the JSON line 'deal --json' prints.

    \b
    Examples:
      puzzlegen svg "JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S" -o layout.svg
      puzzlegen svg --solution --mono JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S -o sol.svg
      puzzlegen deal --game pendulum --seed 7 --json | puzzlegen svg --game pendulum - -o p.svg
      puzzlegen svg --game escape "white | W1 W9 | B8 B9 | -1,-1 | ### / #o. / ###" -o escape.svg
    """
    from pathlib import Path

    from puzzlegen.fileio import check_writable, names_folder, output_path, write_text

    path = None
    if output != "-":
        # In a folder the name is the drawing's (known once drawn): the folder is checked now.
        path = output_path(output, "diagram.svg")
        if names_folder(output):  # a refusal names the folder, not a placeholder name
            check_writable(Path(output), folder=True)
        else:
            check_writable(path)  # before the solver runs
    text = game.position_svg(
        read_position_arg(position),
        solution=solution,
        mono=mono,
        size=size,
        **_given(lines=lines, coordinates=coordinates),
    )
    if path is None:
        # An SVG file is UTF-8 whatever the terminal's locale.
        stdout = sys.stdout.buffer
        stdout.write(text.encode("utf-8"))
        stdout.flush()
    else:
        if names_folder(output):  # the drawing names its file
            path = path.with_name(_diagram_name(game, text, solution=solution))
        write_text(path, text)
        click.echo(f"Wrote {path}", err=True)


def _diagram_name(game: Game, svg: str, *, solution: bool) -> str:
    """The name of a diagram written into a folder: the game and a digest of the drawing
    (one position given in any notation is one file; --mono or --size another).  Every
    diagram was 'position.svg', each replacing the one before."""
    import hashlib

    digest = hashlib.sha256(svg.encode()).hexdigest()[:10]
    return f"{game.name}-{digest}{'-solution' if solution else ''}.svg"


COMMANDS = (deal, solve, svg)
