"""Cards for Cat's Cradle, in the notation of RULES.md.

The card itself is shared by every game (:mod:`puzzlegen.cards`).  Ranks are
circular here: the rank above the king is the ace.  Inside the solver a card
is reduced to its *class*, an int ``2 * (rank - 1) + red``: twins (same rank
and colour) share a class and the rules cannot tell them apart.
"""

from __future__ import annotations

from puzzlegen.cards import FULL_PACK, RANK_NAMES, SUITS, Card, Suit

__all__ = ["FULL_PACK", "RANK_NAMES", "SUITS", "Card", "Suit", "class_below", "class_support"]


def class_support(cls: int) -> int:
    """The class a card of class ``cls`` rests on: one rank higher, other colour."""
    rank0, red = divmod(cls, 2)
    return 2 * ((rank0 + 1) % 13) + (1 - red)


def class_below(cls: int, depth: int) -> int:
    """The class ``depth`` steps down a stack from a card of class ``cls``."""
    rank0, red = divmod(cls, 2)
    return 2 * ((rank0 - depth) % 13) + ((red + depth) % 2)
