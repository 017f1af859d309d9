"""Find the best line of play of a Cat's Cradle position.

The search itself is the *core* (:mod:`puzzlegen.catscradle.core`): a
breadth-first search over the 16 cell heights, compiled in C when it could
be built, else in pure Python, with the same answers either way.  It rests
on one fact of the rules: during a sequence of play the bottom card of a
cell never changes, and every stack descends one rank at a time in
alternating colours from it, so a cell is its bottom card's class and its
height.  This module turns positions into the core's encoding and its
answers back into lines of :class:`Move` values:

* the best line has the most spaces, then the fewest moves; among those it
  creates the fewest blocked pairs, then empties the most central cells (the
  inventor's advice), then comes first in (source cell, target cell) order,
  so a position always gets the same line;
* each transfer is then brought next to the previous move of the same card
  where that is legal (:func:`puzzlegen.catscradle._pycore.tidy`);
* an upper bound on the spaces (which heights each cell could ever reach,
  and how many support cards there are) lets the search stop at the first
  depth that meets it.
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzlegen.catscradle import core
from puzzlegen.catscradle.board import CELLS
from puzzlegen.catscradle.cards import FULL_PACK, Card
from puzzlegen.catscradle.position import Move, Position

#: A card in the core's encoding: ``4 * (rank - 1) + 2 * red + twin``.
CARD_INDEX: dict[Card, int] = {
    card: 4 * (card.rank - 1) + 2 * card.red + (card.suit.value in "SH") for card in FULL_PACK
}


def layout(position: Position) -> bytes:
    """``position`` in the core's encoding: 16 heights, then the cards bottom to top."""
    cells = position.cells
    return bytes([len(s) for s in cells] + [CARD_INDEX[c] for s in cells for c in s])


@dataclass(frozen=True, slots=True)
class Line:
    """A line of play from ``position``: its moves and where they lead."""

    position: Position
    moves: tuple[Move, ...]
    final: Position

    @property
    def spaces(self) -> int:
        """Spaces in the final position."""
        return self.final.spaces

    def to_json(self) -> dict[str, object]:
        return {
            "position": str(self.position),
            "best_spaces": self.spaces,
            "moves": [m.to_json() for m in self.moves],
            "final": str(self.final),
        }


def _replay(position: Position, path: bytes) -> Line:
    """The line of ``path`` (source, target cell pairs) from ``position``."""
    moves = []
    current = position
    for k in range(0, len(path), 2):
        move, current = current.apply_cells(path[k], path[k + 1])
        moves.append(move)
    return Line(position, tuple(moves), current)


def best_line(position: Position) -> Line:
    """The best line of play: most spaces, then fewest moves, then the inventor's taste.

    Among the shortest lines to the best space count, the one chosen creates
    the fewest blocked pairs, then empties the most central cells (the seed's
    hints: avoid blocking, clear the centre), then comes first in move order.
    (The cores count a pair as blocked while both twins are top cards, not, as
    :func:`puzzlegen.catscradle.puzzle.blocked_pairs` and RULES.md do, also once a
    card lies on one: counted so, the choice would change the published lines of
    some puzzles, and a published puzzle never changes.)

    >>> p = Position.parse("JC 9S 8H 3C  QH AS 9C 9D  7S QD 2H 2C  4D 4H 6D 6S")
    >>> best_line(p).spaces
    6
    """
    return _replay(position, core.best_path(layout(position)))


def novice_line(position: Position) -> Line:
    """The line of a hasty player: always the first move (in cell order) that empties a cell.

    The player stops when no single move empties a cell, even if a longer
    line would have.
    """
    moves = []
    current = position
    while True:
        for move in current.legal_moves():
            if len(current.cells[move.src]) == 1:
                moves.append(move)
                current = current.apply(move)
                break
        else:
            return Line(position, tuple(moves), current)


@dataclass(frozen=True, slots=True)
class Analysis:
    """Everything reachable in one sequence of play from a position."""

    position: Position
    best: Line
    #: One line to each distinct end position (up to twins), shortest first.
    ends: tuple[Line, ...]
    states: int

    @property
    def best_ends(self) -> tuple[Line, ...]:
        """The end positions with the best space count."""
        return tuple(e for e in self.ends if e.spaces == self.best.spaces)


def analyse(position: Position) -> Analysis:
    """Explore every position reachable from ``position`` in one sequence of play.

    An *end position* is one a sequence may stop in: no series of further
    moves creates another space.  Moves that create no space can always be
    undone (the card goes back on its old support), so within one space
    count the positions fall into groups that reach each other; a group is
    an end group when no position in it has a move that creates a space.
    One search gives the ends and the best line.
    """
    states, best, ends = core.explore(layout(position))
    return Analysis(
        position, _replay(position, best), tuple(_replay(position, p) for p in ends), states
    )


def end_positions(position: Position) -> tuple[Position, ...]:
    """The positions a sequence of play from ``position`` may stop in, up to twins.

    In breadth-first order of the shortest line to each (the line
    :func:`analyse` gives).  All the work is in the core
    (:func:`puzzlegen.catscradle.core.end_layouts`, which a whole-game search
    can call directly on layouts); this only builds the values.

    >>> ends = end_positions(Position.parse("JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S"))
    >>> max(p.spaces for p in ends)
    6
    """
    return tuple(from_layout(end) for end in core.end_layouts(layout(position)))


#: The card of each int of the core's encoding.
CARDS: tuple[Card, ...] = tuple(sorted(CARD_INDEX, key=CARD_INDEX.__getitem__))


def from_layout(encoded: bytes) -> Position:
    """The position of a layout the core made (trusted: not validated again)."""
    cells = []
    at = CELLS
    for height in encoded[:CELLS]:
        cells.append(tuple(CARDS[c] for c in encoded[at : at + height]))
        at += height
    position = object.__new__(Position)
    object.__setattr__(position, "cells", tuple(cells))
    return position
