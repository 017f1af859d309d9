"""An upper bound on stock-hidden play by information relaxation (research idea 55).

No player who cannot see the stock's order can win more often than one who
can: perfect information (:mod:`puzzlegen.catscradle.gamesolver`) bounds
every stock-hidden player, at about 55%.  That bound is loose because the
relaxed player uses the order for free.  Brown, Smith and Sun ("Information
relaxations and duality in stochastic dynamic programs", Operations
Research 58, 2010) tighten it by charging for the order: at each sequence,
the end chosen is charged

    z = alpha * (V(the layout the real stock fills it to) - mean over fills f of V(end filled by f))

for a value ``V`` of a full layout and any ``alpha``.  A stock-hidden
player's charges have mean zero (the next fill is, to it, a uniform draw
from the unseen cards: :mod:`puzzlegen.catscradle.endgame`'s docstring), so
for every deal

    W = max over the stock-known lines of play of (won - the line's charges)

has a mean over uniform deals at least the best stock-hidden win rate,
whatever ``V`` is.  With the exact value and ``alpha = 1``, ``W`` is that
value on every stock (the bound is tight); with an estimate, every place
where the value's one-step look ahead exceeds it, on the line the stock
makes best, is added (see docs/whole-game-research.md, "Seventh round").

The charges can stop after ``depth`` sequences: beyond, a line is worth
the perfect-information verdict (0 or 1), still a bound.  :func:`relax`
builds the tree of a deal's stock-known lines once, with each end's charge
(:func:`charged`: at ``alpha = 1``); :func:`bound` takes its ``W`` for any
``alpha``.  A charge may also be several zero-mean terms kept apart, which
:func:`worth` prices with any weights (research idea 57 fits them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from puzzlegen.catscradle import core, static

__all__ = ["Charge", "Mean", "Relaxed", "TooLarge", "Value", "bound", "charged", "relax", "worth"]

#: ``V``: the value of a full layout with so many cards still to come.
Value = Callable[[bytes, int], float]
#: The mean ``V`` over the fills of an end's spaces from the unseen cards (sorted).
Mean = Callable[[bytes, Sequence[int]], float]
Z = TypeVar("Z")
#: An end's charge from the end, the layout the real stock fills it to, the cards
#: left after that fill and the unseen cards (sorted): zero on average over fills.
Charge = Callable[[bytes, bytes, int, Sequence[int]], Z]

_PACK = frozenset(range(52))


class TooLarge(Exception):
    """The deal's tree of stock-known lines has more ends than the budget allows."""


@dataclass
class Relaxed(Generic[Z]):
    """A deal's tree of stock-known lines: each position between sequences (its
    full layout) maps to its verdict (1.0 won, 0.0 lost, settled) or to whether
    it may stop in an end without a space and its ends' (next position, charge)."""

    root: bytes
    nodes: dict[bytes, float | tuple[bool, list[tuple[bytes, Z]]]] = field(
        default_factory=dict
    )
    #: Ends charged (the work: one charge each).
    ends: int = 0


def charged(value: Value, mean: Mean) -> Charge[float]:
    """The charge at ``alpha = 1``: ``value`` of the real fill less ``mean`` over fills."""

    def charge(end: bytes, after: bytes, left: int, unseen: Sequence[int]) -> float:
        return value(after, left) - mean(end, unseen)

    return charge


def relax(layout: bytes, stock: Sequence[int], charge: Charge[Z], *,
          depth: int = 0, budget: int = 0, most_spaces: bool = False) -> Relaxed[Z]:
    """The tree of stock-known lines from the full ``layout`` with ``stock`` (card
    indices, top first), each end charged by ``charge``.

    ``depth`` > 0 charges only the first ``depth`` sequences and values a
    position after them by the perfect-information solver.  ``budget`` > 0
    raises :class:`TooLarge` once more ends than that would be charged.
    With ``most_spaces``, every line stops each sequence in an end with the
    most spaces it can make: the bound is then one on the players who do
    (the charge's value should be theirs), and far fewer lines are weighed
    (past ``depth``, the solver's verdict weighs every end: still a bound).
    """
    tree: Relaxed[Z] = Relaxed(layout)
    cards = bytes(stock)
    dealt0 = sum(layout[:16])

    def build(filled: bytes, level: int) -> None:
        if filled in tree.nodes:
            return
        dealt = sum(filled[:16]) - dealt0
        left = len(cards) - dealt
        ends = core.end_layouts(filled)
        spaces = [e[:16].count(0) for e in ends]
        best = max(spaces, default=0)
        if best == 0 or best >= left:
            tree.nodes[filled] = 1.0 if best else 0.0
            return
        if depth and level == depth:
            tree.nodes[filled] = 1.0 if core.solve_game(filled, cards[dealt:])[0] else 0.0
            return
        unseen = sorted(_PACK.difference(filled[16:]))
        kids: list[tuple[bytes, Z]] = []
        tree.nodes[filled] = (min(spaces) == 0 and not most_spaces, kids)
        for end, s in zip(ends, spaces, strict=True):
            if not s or (most_spaces and s < best):
                continue
            tree.ends += 1
            if budget and tree.ends > budget:
                raise TooLarge(f"more than {budget} ends")
            after, _ = static.fill(end, cards[dealt : dealt + s])
            kids.append((after, charge(end, after, left - s, unseen)))
            build(after, level + 1)

    build(layout, 0)
    return tree


def bound(tree: Relaxed[float], alpha: float) -> float:
    """``W``: the best stock-known line's verdict less its charges times ``alpha``."""
    return worth(tree, lambda z: alpha * z)


def worth(tree: Relaxed[Z], price: Callable[[Z], float]) -> float:
    """``W``: the best stock-known line's verdict less the ``price`` of its charges."""
    memo: dict[bytes, float] = {}

    def line(filled: bytes) -> float:
        node = tree.nodes[filled]
        if isinstance(node, float):
            return node
        found = memo.get(filled)
        if found is not None:
            return found
        may_lose, kids = node
        options = [line(after) - price(z) for after, z in kids]
        best = max([0.0, *options] if may_lose else options)
        memo[filled] = best
        return best

    return line(tree.root)
