"""puzzlegen: puzzles from Michael Bourne's patience Cat's Cradle, dealt, solved and published.

The public API is small: the Cat's Cradle values (:class:`Card`,
:class:`Position`, :class:`Move`, :class:`Deal`), the solver
(:func:`best_line`, :func:`novice_line`, :func:`end_positions`) and the
errors.  Renderers live in :mod:`puzzlegen.render` and are imported on demand,
so the rules never pull in drawing libraries.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
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

# The names are loaded on first use (PEP 562), so a command imports only the
# modules it needs: `solve --json -` starts without the object model.
_HOMES = {
    "Card": "puzzlegen.catscradle.cards",
    "Suit": "puzzlegen.catscradle.cards",
    "Deal": "puzzlegen.catscradle.position",
    "Move": "puzzlegen.catscradle.position",
    "Position": "puzzlegen.catscradle.position",
    "Line": "puzzlegen.catscradle.solver",
    "best_line": "puzzlegen.catscradle.solver",
    "end_positions": "puzzlegen.catscradle.solver",
    "novice_line": "puzzlegen.catscradle.solver",
    "CardError": "puzzlegen.errors",
    "DealError": "puzzlegen.errors",
    "IllegalMoveError": "puzzlegen.errors",
    "InvalidInputError": "puzzlegen.errors",
    "PositionError": "puzzlegen.errors",
    "PuzzlegenError": "puzzlegen.errors",
}


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'puzzlegen' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])


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
