"""Disguises of a position, and the canonical key that sees through them.

These transformations preserve the rules, so a position and any disguise of
it have the same best space count and the same lines (moved accordingly):

* the 8 symmetries of the square (rows, columns and diagonals map to lines);
* hearts↔diamonds and clubs↔spades (twins are interchangeable);
* swapping the red and black suits ("opposite colour" stays opposite);
* adding the same amount to every rank (ranks are circular).

The canonical key of a position is the smallest encoding of its stacks,
card classes only, over every symmetry, colour swap and rank shift.
Twin swaps need no search: classes already ignore them.
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzlegen.catscradle.board import SYMMETRIES
from puzzlegen.catscradle.cards import Card, Suit
from puzzlegen.catscradle.position import Position

_COLOUR_SWAP = {
    Suit.CLUBS: Suit.HEARTS,
    Suit.SPADES: Suit.DIAMONDS,
    Suit.HEARTS: Suit.CLUBS,
    Suit.DIAMONDS: Suit.SPADES,
}


@dataclass(frozen=True, slots=True)
class Disguise:
    """One rule-preserving transformation of a position."""

    symmetry: int = 0  # index into board.SYMMETRIES
    swap_reds: bool = False  # hearts <-> diamonds
    swap_blacks: bool = False  # clubs <-> spades
    swap_colours: bool = False  # red suits <-> black suits
    shift: int = 0  # added to every rank, modulo 13

    def card(self, card: Card) -> Card:
        suit = card.suit
        if (self.swap_reds and suit.red) or (self.swap_blacks and not suit.red):
            suit = suit.twin
        if self.swap_colours:
            suit = _COLOUR_SWAP[suit]
        return Card((card.rank - 1 + self.shift) % 13 + 1, suit)

    def cell(self, cell: int) -> int:
        return SYMMETRIES[self.symmetry][cell]

    def apply(self, position: Position) -> Position:
        cells: list[tuple[Card, ...]] = [()] * len(position.cells)
        for i, stack in enumerate(position.cells):
            cells[self.cell(i)] = tuple(self.card(c) for c in stack)
        return Position(tuple(cells))


def _encode(cells: list[tuple[int, int]]) -> str:
    return "".join(f"{cls:02d}{height:02d}" if height else "--00" for cls, height in cells)


def canonical_key(position: Position) -> str:
    """A key shared by exactly the disguises of ``position``.

    >>> a = Position.parse("JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S")
    >>> canonical_key(a) == canonical_key(Disguise(symmetry=3, shift=5).apply(a))
    True
    """
    base = [(s[0].cls if s else 0, len(s)) for s in position.cells]
    best = ""
    for perm in SYMMETRIES:
        for colour in (0, 1):
            for shift in range(13):
                cells: list[tuple[int, int]] = [(0, 0)] * len(base)
                for i, (cls, height) in enumerate(base):
                    rank0, red = divmod(cls, 2)
                    cells[perm[i]] = (2 * ((rank0 + shift) % 13) + (red ^ colour), height)
                key = _encode(cells)
                if not best or key < best:
                    best = key
    return best
