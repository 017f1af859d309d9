"""Pendulum positions as SVG, in one call (the counterpart of ``chess.svg.board``)."""

from __future__ import annotations

from puzzlegen.pendulum.methods import METHODS
from puzzlegen.pendulum.position import Deal, Position
from puzzlegen.pendulum.views.board import board_diagram
from puzzlegen.render.svg import to_svg


def board_svg(
    position: Position, *, size: float | None = None, mono: bool = False, caption: str = ""
) -> str:
    """An SVG diagram of ``position``; ``size`` is its width in pixels (default 1 px a point).

    >>> from puzzlegen.pendulum.position import Deal
    >>> board_svg(Deal.from_seed(1).start("up-1")).count('class="card ')
    52
    """
    return to_svg(board_diagram(position, mono=mono, caption=caption), size=size)


def position_svg(
    text: str, *, solution: bool = False, mono: bool = False, size: float | None = None
) -> str:
    """``puzzlegen svg``: a deal (drawn under up-1), a position or a puzzle description.

    With ``solution`` the winning methods and their fewest swings are written under
    the layout (every method for a deal, the position's own otherwise).
    """
    from puzzlegen.pendulum.puzzle import plain_position
    from puzzlegen.pendulum.solver import solve_position
    from puzzlegen.pendulum.views.prose import swings_phrase

    plain = plain_position(text).strip()
    if "|" in plain:
        starts = [Position.parse(plain)]
    else:
        deal = Deal.parse(plain)
        starts = [deal.start(m) for m in METHODS]
    caption = ""
    if solution:
        results = [solve_position(p) for p in starts]
        won = [f"{r.method} in {swings_phrase(r.par or 0)}" for r in results if r.won]
        caption = "Wins: " + ", ".join(won) if won else "No method wins."
    return board_svg(starts[0], mono=mono, caption=caption, size=size)
