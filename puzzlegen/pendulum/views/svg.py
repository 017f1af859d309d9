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
    """``puzzlegen svg``: a deal, a position or a puzzle description.

    A deal has no method yet, so it is headed "Which methods win?" rather than
    with one method's order.  With ``solution`` the winning methods and their
    fewest swings are written under the layout (every method for a deal, the
    position's own otherwise).
    """
    from puzzlegen.pendulum.commands import unwrap_json
    from puzzlegen.pendulum.puzzle import plain_position
    from puzzlegen.pendulum.solver import solve_position
    from puzzlegen.pendulum.views.prose import wins_caption

    # What `deal --json` and `solve --json` print reads as it does for solve.
    plain = plain_position(unwrap_json(text)).strip()
    heading = description = None
    if "|" in plain:
        starts = [Position.parse(plain)]
    else:
        deal = Deal.parse(plain)
        starts = [deal.start(m) for m in METHODS]
        heading, description = "Which methods win?", str(deal)
    caption = wins_caption([solve_position(p) for p in starts]) if solution else ""
    diagram = board_diagram(starts[0], mono=mono, caption=caption, heading=heading,
                            description=description)
    return to_svg(diagram, size=size)
