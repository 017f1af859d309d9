"""puzzlegen: puzzles from Michael Bourne's patience Cat's Cradle, dealt, solved and published.

The public API is small: the Cat's Cradle values (:class:`Card`,
:class:`Position`, :class:`Move`, :class:`Deal`), the solver
(:func:`best_line`, :func:`novice_line`, :func:`end_positions`) and the
errors.  Renderers live in :mod:`puzzlegen.render` and are imported on demand,
so the rules never pull in drawing libraries.
"""

from puzzlegen.catscradle.cards import Card, Suit
from puzzlegen.catscradle.position import Deal, Move, Position
from puzzlegen.catscradle.solver import Line, best_line, end_positions, novice_line
from puzzlegen.errors import (
    CardError,
    DealError,
    IllegalMoveError,
    InvalidInputError,
    PositionError,
    PuzzlegenError,
)

__version__ = "0.1.0"

__all__ = [
    "Card",
    "CardError",
    "Deal",
    "DealError",
    "IllegalMoveError",
    "InvalidInputError",
    "Line",
    "Move",
    "Position",
    "PositionError",
    "PuzzlegenError",
    "Suit",
    "best_line",
    "end_positions",
    "novice_line",
]
