"""Pendulum positions as SVG, in one call (the counterpart of ``chess.svg.board``)."""

from __future__ import annotations

from puzzlegen.pendulum.position import Position
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
