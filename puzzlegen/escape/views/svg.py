"""Escape positions as SVG, in one call."""

from __future__ import annotations

from puzzlegen.escape.position import Move, Position
from puzzlegen.escape.views.board import board_diagram
from puzzlegen.render.svg import to_svg


def board_svg(position: Position, *, size: float | None = None, mono: bool = False,
              caption: str = "", last: Move | None = None) -> str:
    """An SVG diagram of ``position``; ``size`` is its width in pixels.

    >>> board_svg(Position.start()).count('class="cell black')
    7
    """
    return to_svg(board_diagram(position, mono=mono, caption=caption, last=last), size=size)


def position_svg(text: str, *, solution: bool = False, mono: bool = False,
                 size: float | None = None) -> str:
    """``puzzlegen svg``: a position or a puzzle description; ``solution`` adds the answer."""
    from puzzlegen.escape.commands import read_position
    from puzzlegen.escape.solver import Solver, Unknown
    from puzzlegen.escape.views.prose import move_phrase

    # Text, a description, or JSON (what `deal --json` prints), as solve reads it.
    position = read_position(text)
    caption = ""
    if solution and position.outcome is None:
        try:
            good = Solver(budget=20_000).winning_moves(position)
            if good:
                caption = (f"{position.to_move.capitalize()} wins with "
                           f"{move_phrase(good[0])}.")
            else:
                caption = f"{position.to_move.capitalize()} loses whatever it plays."
        except Unknown:
            caption = "The solver could not decide this position within its budget."
    return to_svg(board_diagram(position, mono=mono, caption=caption), size=size)
