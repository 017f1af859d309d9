"""The exact chance of winning late in a whole game, the stock's order hidden.

Between two sequences of play the game is a plain Markov decision process,
not a game of hidden information: the state is the full layout, and the
cards still to come are exactly the pack's cards not in it (a card never
leaves the layout), as a set; the next fill is a uniformly random draw
without replacement from that set; the only decision is which end position
(:func:`puzzlegen.catscradle.core.end_layouts`) a sequence stops in.  So the
best a stock-hidden player can do from a position is the expectimax of that
process, and when few cards are left it can be computed exactly:

    V(layout) = max over ends e of  E over fills f of e's spaces [ V(e filled by f) ]

with V = 1 once an end has at least as many spaces as cards left (the stock
is used up: won) and V = 0 when no end creates a space (lost).

Twins are interchangeable, so a layout is kept as its class-level cells
(each cell's bottom class and height, as the perfect-information solver
keeps it) and a fill as a sequence of card classes, weighed by how many
orders of the unseen cards deal it (the product of the counts left of each
class drawn).  The values are kept as whole numbers: ``W`` is the number of
orders of the ``n`` unseen cards that optimal play wins, ``V = W / n!``; so
ties between ends are exact and the player's choice never depends on
rounding.

>>> from puzzlegen.catscradle.solver import layout
>>> from puzzlegen.catscradle.position import Deal
>>> Endgame().value(layout(Deal.from_seed(0).layout)) is None  # 36 cards left: beyond the limit
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from puzzlegen.catscradle import core
from puzzlegen.catscradle.cards import class_below

__all__ = ["EndValue", "Endgame", "TooMuchWork", "cells_of", "unseen_counts"]

_CELLS = 16
_CLASSES = 26
#: FACTORIAL[n] = n!: the number of orders of n distinct cards.
FACTORIAL = tuple(math.factorial(n) for n in range(53))

#: A position between sequences: each cell's bottom class (26 for a space), then its height.
Cells = bytes


def cells_of(encoded: bytes) -> Cells:
    """The class-level cells of a core layout (real cards or class stand-ins)."""
    heights = encoded[:_CELLS]
    bottoms = []
    at = _CELLS
    for h in heights:
        bottoms.append(encoded[at] >> 1 if h else _CLASSES)
        at += h
    return bytes(bottoms) + bytes(heights)


#: _STACK[c][h]: a stack of height ``h`` on a bottom card of class ``c``, each card
#: standing in by ``2 * class`` (heights up to 52: any stack one pack builds).
_STACK = tuple(
    tuple(bytes(2 * class_below(c, k) for k in range(h)) for h in range(53))
    for c in range(_CLASSES)
)
#: _CLASS_RUN[c][h]: the classes of that stack, bottom first.
_CLASS_RUN = tuple(
    tuple(tuple(class_below(c, k) for k in range(h)) for h in range(53)) for c in range(_CLASSES)
)


def _layout_of(cells: Cells) -> bytes:
    """A core layout of ``cells``, each card standing in by ``2 * class``."""
    return cells[_CELLS:] + b"".join(
        [_STACK[cells[i]][cells[_CELLS + i]] for i in range(_CELLS) if cells[_CELLS + i]]
    )


def unseen_counts(cells: Cells) -> list[int]:
    """How many cards of each class are not in the layout (0, 1 or 2 a class)."""
    counts = [2] * _CLASSES
    for i in range(_CELLS):
        if cells[_CELLS + i]:
            for c in _CLASS_RUN[cells[i]][cells[_CELLS + i]]:
                counts[c] -= 1
    return counts


class TooMuchWork(Exception):
    """More positions were needed than the :class:`Endgame`'s ``budget`` allows."""


@dataclass(frozen=True, slots=True)
class EndValue:
    """One end position of a sequence and the exact worth of stopping in it."""

    #: Its index in ``core.end_layouts`` of the sequence's start.
    index: int
    spaces: int
    #: Orders of the unseen cards that optimal play from here wins.
    wins: int
    #: Orders of the unseen cards in all (``n!``).
    orders: int

    @property
    def value(self) -> float:
        return self.wins / self.orders


class Endgame:
    """The exact expectimax of the late game, memoised on class-level cells.

    ``limit`` is the most unseen cards a value is computed for (the cost
    grows steeply with it; ``benchmarks/bench_endgame.py`` measures it).  The
    memo only saves work: every answer is the same with or without it, so a
    player using one stays deterministic.  ``max_memo`` bounds its size
    (it is cleared when full).  With ``budget``, a call that computes more
    positions than that raises :class:`TooMuchWork` (for measuring how far it
    reaches; not for a player: what a call computes depends on the memo).
    With ``most_spaces``, every sequence stops in an end with the most spaces
    it can make: the value of the players who always do (as the ``slack=0``
    players do; research idea 60 charges a bound on them with it).
    """

    def __init__(self, limit: int = 10, max_memo: int = 400_000, budget: int = 0, *,
                 most_spaces: bool = False) -> None:
        self.limit = limit
        self.max_memo = max_memo
        self.budget = budget
        self.most_spaces = most_spaces
        self._memo: dict[Cells, int] = {}
        #: Upper bounds of positions whose search stopped once they could not matter.
        self._upper: dict[Cells, int] = {}
        #: Positions whose value was computed (not found in the memo): a measure of work.
        self.positions = 0
        self._stop_at = 0

    # -- the values ---------------------------------------------------------------

    def _begin(self, encoded: bytes) -> tuple[Cells, list[int], int] | None:
        """A new search from ``encoded``: its cells, the unseen cards by class and
        how many; None when more than :attr:`limit` cards are left."""
        cells = cells_of(encoded)
        counts = unseen_counts(cells)
        n = sum(counts)
        if n > self.limit:
            return None
        self._stop_at = self.positions + self.budget if self.budget else 0
        return cells, counts, n

    def value(self, encoded: bytes) -> float | None:
        """The chance optimal stock-hidden play wins from the full layout ``encoded``.

        None when more than :attr:`limit` cards are left.
        """
        search = self._begin(encoded)
        if search is None:
            return None
        cells, counts, n = search
        return self._wins(cells, counts, n) / FACTORIAL[n]

    def end_value(self, end: bytes) -> float | None:
        """The chance of winning from ``end`` (a sequence's end position, spaces and
        all) once its spaces are filled from the unseen cards and play goes on
        optimally: the mean of :meth:`value` over every fill.

        None when more than :attr:`limit` cards are left.
        """
        search = self._begin(end)
        if search is None:
            return None
        cells, counts, n = search
        return self._end_wins(cells, end[:_CELLS], counts, n, -1) / FACTORIAL[n]

    def end_values(self, encoded: bytes) -> list[EndValue] | None:
        """Every end of the sequence from ``encoded`` that creates a space, with its exact worth
        (with :attr:`most_spaces`, the worth of the most-space play that follows it).

        In :func:`core.end_layouts`' order; None when more than :attr:`limit`
        cards are left.
        """
        search = self._begin(encoded)
        if search is None:
            return None
        cells, counts, n = search
        start = encoded[:_CELLS].count(0)
        result = []
        for index, end in enumerate(core.end_layouts(encoded)):
            spaces = end[:_CELLS].count(0)
            if spaces > start:
                wins = self._end_wins(cells, end[:_CELLS], counts, n, -1)
                result.append(EndValue(index, spaces, wins, FACTORIAL[n]))
        return result

    def best_end(self, encoded: bytes) -> EndValue | None:
        """The end optimal play stops in: the most orders won, then most spaces, then first.

        None when more than :attr:`limit` cards are left or no end creates a space.
        Cheaper than :meth:`end_values`: an end that cannot beat the best so
        far is given up as soon as that is certain.
        """
        search = self._begin(encoded)
        if search is None:
            return None
        cells, counts, n = search
        start = encoded[:_CELLS].count(0)
        ends = [
            (end.count(0, 0, _CELLS), index, end[:_CELLS])
            for index, end in enumerate(core.end_layouts(encoded))
        ]
        # Most spaces first, then the first: a later end must win strictly more to be chosen.
        ends.sort(key=lambda e: (-e[0], e[1]))
        best: EndValue | None = None
        for spaces, index, heights in ends:
            if spaces <= start or (self.most_spaces and spaces < ends[0][0]):
                break
            wins = self._end_wins(cells, heights, counts, n, best.wins if best else -1)
            if best is None or wins > best.wins:
                best = EndValue(index, spaces, wins, FACTORIAL[n])
            if best.wins == FACTORIAL[n]:
                break
        return best

    # -- the search ---------------------------------------------------------------

    def _wins(self, cells: Cells, counts: list[int], n: int, alpha: int = -1) -> int:
        """Orders of the ``n`` unseen cards (``counts``, by class) that optimal play wins.

        Exact when it is more than ``alpha``; otherwise possibly only a bound:
        a number at most ``alpha`` and at least the exact one (the caller
        only needs to know it cannot beat ``alpha``).
        """
        found = self._memo.get(cells)
        if found is not None:
            return found
        bound = self._upper.get(cells)
        if bound is not None and bound <= alpha:
            return bound
        self.positions += 1
        if self._stop_at and self.positions > self._stop_at:
            raise TooMuchWork(f"more than {self.budget} positions")
        ends = core.end_layouts(_layout_of(cells))
        if n == 1:  # one card left: won if any end creates a space
            best = int(any(e.count(0, 0, _CELLS) for e in ends))
        else:
            best = self._best(cells, ends, counts, n, alpha)
        if len(self._memo) + len(self._upper) >= self.max_memo:
            self._memo.clear()
            self._upper.clear()
        if best > alpha:
            self._memo[cells] = best
        else:
            self._upper[cells] = best
        return best

    def _best(self, cells: Cells, ends: list[bytes], counts: list[int], n: int, alpha: int) -> int:
        """The most orders any end wins: exact if more than ``alpha``, else a bound at most it."""
        creating = sorted(
            (e[:_CELLS] for e in ends if e.count(0, 0, _CELLS)), key=lambda h: -h.count(0)
        )
        if self.most_spaces and creating:
            most = creating[0].count(0)
            creating = [h for h in creating if h.count(0) == most]
        best = 0
        everything = FACTORIAL[n]
        for heights in creating:
            if heights.count(0) >= n:
                return everything  # the stock is used up: every order wins
            best = max(best, self._end_wins(cells, heights, counts, n, max(best, alpha)))
            if best == everything:
                break
        return best

    def _end_wins(
        self, cells: Cells, heights: bytes, counts: list[int], n: int, beat: int
    ) -> int:
        """Orders won by stopping in the end with ``heights``, then playing optimally.

        Sums, over every fill of its spaces by card class, the fill's weight
        (the orders that deal it) times the orders of the rest won from the
        filled layout.  With ``beat`` >= 0 the sum is abandoned (returning a
        bound, ``beat`` or less) as soon as it can no longer exceed ``beat``;
        each filled layout is told how much it must win for the sum still to
        beat it, so it may stop early too.
        """
        spaces = [i for i in range(_CELLS) if not heights[i]]
        s = len(spaces)
        if s >= n:
            return FACTORIAL[n]
        rest = n - s
        bottoms = bytearray(cells[:_CELLS])
        new_heights = bytearray(heights)
        for i in spaces:
            new_heights[i] = 1
        tail = bytes(new_heights)
        after = list(counts)
        # Each fill's orders times the orders of the rest: at most FACTORIAL[n] in all.
        left = FACTORIAL[n]
        most = FACTORIAL[rest]
        total = 0
        for weight, fill in _fills(tuple(counts), s):
            for i, cls in zip(spaces, fill, strict=True):
                bottoms[i] = cls
                after[cls] -= 1
            left -= weight * most
            # The child must win more than this for the sum to beat ``beat`` still.
            need = (beat - total - left) // weight if beat >= 0 else -1
            total += weight * self._wins(bytes(bottoms) + tail, after, rest, need)
            for cls in fill:
                after[cls] += 1
            if beat >= 0 and total + left <= beat:
                return total + left
        return total


@lru_cache(maxsize=65536)
def _fills(counts: tuple[int, ...], s: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every sequence of ``s`` card classes drawn from ``counts``, and the orders dealing it.

    A sequence's weight is the product of the counts left of each class as it
    is drawn: the number of ordered draws of real cards that give it.  The
    weights sum to ``n! / (n - s)!``.
    """
    left = list(counts)
    classes = [c for c in range(_CLASSES) if counts[c]]
    result: list[tuple[int, tuple[int, ...]]] = []
    fill: list[int] = []

    def walk(weight: int) -> None:
        if len(fill) == s:
            result.append((weight, tuple(fill)))
            return
        for c in classes:
            k = left[c]
            if k:
                left[c] = k - 1
                fill.append(c)
                walk(weight * k)
                fill.pop()
                left[c] = k

    walk(1)
    return tuple(result)
