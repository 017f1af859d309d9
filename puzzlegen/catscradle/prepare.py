"""Preparation: endings of a sequence that make as many spaces but not the same future.

The seed's hint 8: of two moves that make the same spaces, one "prepares for
the eventuality" of a card turning up later.  With the stock's order known
(the whole-game solver, :mod:`puzzlegen.catscradle.gamesolver`), this is
exact: at the start of a sequence, some endings keep the game winnable and
some do not.  A *prepare choice* is a sequence start where

* ``equal``: among the endings with the most spaces, some keep the game
  winnable and some do not (which ending, not how many spaces, decides); or
* ``fewer``: no ending with the most spaces keeps the game winnable, but one
  with fewer does (why fewer is better here).

A player at the table does not know the stock's order, only which cards are
still to come; so each ending also gets its *chance*: the share of orders of
those cards (sampled, seeded, :data:`SAMPLES` of them) for which the game can
still be won after it, the spaces filled from that order.  That is the
"calculation based on cards that have yet to emerge from the stock" of the
seed's closing paragraph.

:func:`choices_in` finds the prepare choices along a deal's certified line;
``benchmarks/bench_prepare.py`` measures how many winnable deals hold one.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from puzzlegen.catscradle.cards import Card
from puzzlegen.catscradle.position import Deal, Position
from puzzlegen.catscradle.solver import Line, end_positions
from puzzlegen.rng import SeededStream

#: Orders of the unseen cards sampled for an ending's chance.
SAMPLES = 32


@dataclass(frozen=True, slots=True)
class Ending:
    """One ending of a sequence: where it stops and what comes of it."""

    final: Position
    #: Spaces the sequence creates by stopping here.
    created: int
    #: Whether the game can still be won after it, with the real stock.
    wins: bool
    #: Orders of the unseen cards (of :attr:`Choice.samples`) after which it can be won.
    chance: int = 0


@dataclass(frozen=True, slots=True)
class Choice:
    """A sequence start where the ending, not only the spaces, decides the game."""

    number: int
    start: Position
    #: The cards still in the stock, in their real order (the answer's, never the player's).
    stock: tuple[Card, ...]
    endings: tuple[Ending, ...]
    kind: str  # "equal" or "fewer"
    samples: int = 0

    @property
    def most(self) -> int:
        return max(e.created for e in self.endings)

    @property
    def unseen(self) -> frozenset[Card]:
        """What a player knows of the stock: its cards, not their order."""
        return frozenset(self.stock)


def _wins(final: Position, stock: Sequence[Card]) -> bool:
    from puzzlegen.catscradle.gamesolver import solve

    filled, left = final.fill(stock)
    return not left or solve(filled, left, line=False).won


def endings(start: Position, stock: Sequence[Card]) -> list[Ending]:
    """Every ending of the sequence from ``start`` that creates a space, with its verdict."""
    result = []
    for final in end_positions(start):
        created = final.spaces - start.spaces
        if created > 0:
            result.append(Ending(final, created, _wins(final, stock)))
    return result


def classify(found: Sequence[Ending]) -> str | None:
    """``"equal"``, ``"fewer"`` or None (see the module docstring)."""
    if not found:
        return None
    most = max(e.created for e in found)
    top = [e for e in found if e.created == most]
    if any(e.wins for e in top) and not all(e.wins for e in top):
        return "equal"
    if not any(e.wins for e in top) and any(e.wins for e in found):
        return "fewer"
    return None


def with_chances(choice: Choice, seed: str, samples: int = SAMPLES) -> Choice:
    """``choice`` with each ending's chance over ``samples`` seeded orders of the unseen cards."""
    from dataclasses import replace

    stream = SeededStream("cats-cradle/prepare", f"{seed}/{choice.number}")
    orders = []
    for _ in range(samples):
        order = sorted(choice.stock, key=str)
        stream.shuffle(order)
        orders.append(order)
    rated = tuple(
        replace(e, chance=sum(_wins(e.final, order) for order in orders)) for e in choice.endings
    )
    return replace(choice, endings=rated, samples=samples)


def choices_in(deal: Deal) -> Iterator[Choice]:
    """The prepare choices along the certified winning line of ``deal`` (none if it is lost)."""
    from puzzlegen.catscradle.gamesolver import solve_deal

    solution = solve_deal(deal)
    stock = tuple(deal.stock)
    for turn in solution.turns:
        found = endings(turn.start, stock)
        kind = classify(found)
        if kind is not None:
            yield Choice(turn.number, turn.start, stock, tuple(found), kind)
        stock = turn.stock


def line_to(choice: Choice, ending: Ending) -> Line:
    """The moves from the choice's start to ``ending``."""
    from puzzlegen.catscradle.gamesolver import end_line

    return end_line(choice.start, ending.final)
