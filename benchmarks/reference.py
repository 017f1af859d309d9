"""A plain exhaustive search: the honest baseline the solver's speed is measured against.

Written the way one would write it without the solver's tricks: a card is an
int, a position a tuple of 16 tuples of ints (bottom to top), a set holds the
positions seen, and every legal move of every position reached is tried.  It
returns the best space count only, so it does less than the solver (no line,
no tie-break).  Run it on one position:

    python benchmarks/reference.py "JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S"
"""

from __future__ import annotations

import sys

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = "CDHS"

Cells = tuple[tuple[int, ...], ...]


def card_int(text: str) -> int:
    """``4 * (rank - 1) + suit`` with suits in the order C D H S."""
    return 4 * RANKS.index(text[:-1]) + SUITS.index(text[-1])


def parse(text: str) -> Cells:
    """A position in the notation of RULES.md (``--`` for a space), as int tuples."""
    return tuple(
        () if token == "--" else tuple(card_int(c) for c in token.split("/"))
        for token in text.split()
    )


def _sees(a: int, b: int) -> bool:
    (ra, ca), (rb, cb) = divmod(a, 4), divmod(b, 4)
    return a != b and (ra == rb or ca == cb or ra - ca == rb - cb or ra + ca == rb + cb)


#: The cells each cell sees (same row, column or diagonal).
SEES = tuple(tuple(b for b in range(16) if _sees(a, b)) for a in range(16))


def _supports(card: int) -> frozenset[int]:
    rank, suit = divmod(card, 4)
    red = suit in (1, 2)
    above = (rank + 1) % 13
    return frozenset(4 * above + s for s in range(4) if (s in (1, 2)) != red)


#: The two cards each card may be placed on.
SUPPORTS = tuple(_supports(card) for card in range(52))


def best_spaces(start: Cells) -> int:
    """The most spaces any series of moves from ``start`` reaches."""
    seen = {start}
    todo = [start]
    best = 0
    while todo:
        cells = todo.pop()
        best = max(best, sum(1 for stack in cells if not stack))
        for src in range(16):
            if not cells[src]:
                continue
            card = cells[src][-1]
            for dst in SEES[src]:
                if cells[dst] and cells[dst][-1] in SUPPORTS[card]:
                    moved = list(cells)
                    moved[src] = cells[src][:-1]
                    moved[dst] = (*cells[dst], card)
                    nxt = tuple(moved)
                    if nxt not in seen:
                        seen.add(nxt)
                        todo.append(nxt)
    return best


if __name__ == "__main__":
    print(best_spaces(parse(" ".join(sys.argv[1:]))))
