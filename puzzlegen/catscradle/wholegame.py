"""Whole games: sequences of play, filling spaces from the stock, won or lost.

A game starts from a :class:`Deal`.  Each sequence of play follows a
*policy* (a function from position to line); its spaces are then filled from
the stock in cell order.  The game is won when the stock runs out and lost
when a sequence creates no space.  Mid-game puzzles are the positions at the
start of a later sequence, with the stacks earlier play has built.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from puzzlegen.catscradle.cards import Card
from puzzlegen.catscradle.position import Deal, Position
from puzzlegen.catscradle.solver import Line, best_line

Policy = Callable[[Position], Line]


@dataclass(frozen=True, slots=True)
class Turn:
    """One sequence of play and the position after its spaces were filled."""

    number: int
    line: Line
    #: The position after filling the spaces (the next sequence's start).
    filled: Position
    #: The stock left after filling.
    stock: tuple[Card, ...]

    @property
    def start(self) -> Position:
        return self.line.position

    @property
    def created(self) -> int:
        """Spaces the sequence created."""
        return self.line.final.spaces - self.line.position.spaces

    @property
    def dealt(self) -> tuple[Card, ...]:
        """The cards dealt from the stock into the spaces, in cell order."""
        final, filled = self.line.final.cells, self.filled.cells
        return tuple(filled[i][0] for i in range(len(final)) if not final[i] and filled[i])

    @property
    def ends_game(self) -> bool:
        return self.created == 0 or not self.stock

    @property
    def won(self) -> bool:
        return self.created > 0 and not self.stock


def play(deal: Deal, policy: Policy = best_line) -> Iterator[Turn]:
    """Play ``deal`` sequence by sequence until it is won or lost.

    >>> turns = list(play(Deal.from_seed(1)))
    >>> turns[-1].ends_game
    True
    """
    position, stock = deal.layout, deal.stock
    number = 1
    while True:
        line = policy(position)
        filled, stock = (
            line.final.fill(stock)
            if line.final.spaces > position.spaces
            else (
                line.final,
                stock,
            )
        )
        turn = Turn(number, line, filled, stock)
        yield turn
        if turn.ends_game:
            return
        position = filled
        number += 1


def seeded_positions(count: int, first_seed: int = 0) -> Iterator[Position]:
    """``count`` positions from seeded play: each sequence start of deals ``first_seed``, ...

    Openings and mid-game positions with stacks, in a fixed order: the
    corpus the tests and benchmarks share.
    """
    seed = first_seed
    produced = 0
    while True:
        for turn in play(Deal.from_seed(seed)):
            if produced == count:
                return
            yield turn.start
            produced += 1
        seed += 1
