"""Cat's Cradle boards as SVG, in one call: the game's counterpart of ``chess.svg.board``."""

from __future__ import annotations

from collections.abc import Sequence

from puzzlegen.catscradle.position import Move, Position
from puzzlegen.catscradle.views.board import board_diagram
from puzzlegen.render.svg import to_svg


def board_svg(
    position: Position,
    *,
    size: float | None = None,
    mono: bool = False,
    arrows: Sequence[Move] = (),
    lines: bool = False,
    coordinates: bool = False,
    title: str | None = None,
) -> str:
    """An SVG diagram of ``position``, in the manner of ``chess.svg.board``.

    :param size: width in pixels; the height follows.  Default: 1 px per point.
    :param mono: black-and-white print; red pips are drawn hollow.
    :param arrows: moves to draw as numbered arrows, in order (``best_line(p).moves``
        draws the solution).
    :param lines: overlay the 18 lines.
    :param coordinates: label rows and columns (zero-based, as in JSON output).
    :param title: the ``<title>``; the position text always goes in ``<desc>``.

    >>> svg = board_svg(Position.parse("JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S"))
    >>> svg.count('class="card ')
    16
    """
    diagram = board_diagram(
        position, arrows=arrows, show_lines=lines, coordinates=coordinates, mono=mono, title=title
    )
    return to_svg(diagram, size=size)
