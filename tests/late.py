"""Late positions of whole games for the tests of the exact endgame and the values."""

from __future__ import annotations

from puzzlegen.catscradle.gamesolver import solve
from puzzlegen.catscradle.position import Deal
from puzzlegen.catscradle.solver import layout


def late_position(seed: int, number: int) -> bytes:
    """The layout the perfect line of deal ``seed`` fills after sequence ``number``."""
    deal = Deal.from_seed(seed)
    return layout(solve(deal.layout, deal.stock).turns[number - 1].filled)


def unseen_cards(encoded: bytes) -> list[int]:
    """The real cards (core ints) not in the layout: the stock still to come."""
    present = set(encoded[16:])
    return [c for c in range(52) if c not in present]
