"""Pendulum, a patience from an old book of patience games (PENDULUM.md).

Every card is visible from the start, so every deal is a puzzle: choose one
of twelve building methods and plan the moves between the swings of the
pendulum.  :mod:`.methods` holds the methods, :mod:`.position` the deals,
positions and moves, :mod:`.solver` the solver.
"""

from puzzlegen.pendulum.methods import METHODS, Method
from puzzlegen.pendulum.position import Deal, Move, Position

__all__ = ["METHODS", "Deal", "Method", "Move", "Position"]
