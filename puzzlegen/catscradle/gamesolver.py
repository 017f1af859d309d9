"""Whole games with the stock's order known: won or lost, exactly, and a certified line.

A game is a series of sequences of play (RULES.md, "Sequences of play and the
stock"): each stops in an *end position* the player chooses (no series of
further moves creates another space), its spaces are filled from the stock in
cell order, and the game is won when the stock is used up, lost when a
sequence creates no space.  With the stock's order known the game is a
finite tree, and :func:`solve` decides it: never "unknown".

The search is the core's (:func:`puzzlegen.catscradle.core.solve_game`,
compiled or pure Python, same answers): a depth-first search over the
positions between sequences, whose children are the end positions of one
sequence (:func:`puzzlegen.catscradle.core.end_layouts`) with their spaces
filled, most spaces first; lost positions are remembered.  It returns, for a
win, which end each sequence stops in; this module turns that into real
:class:`~puzzlegen.catscradle.wholegame.Turn` values (the moves, the end
position, the cards dealt into the spaces), and :func:`check_line` replays
such a line with the rules module alone.

>>> solution = solve_deal(Deal.from_seed(2))
>>> solution.won, solution.sequences == len(solution.turns)
(True, True)
>>> check_line(Deal.from_seed(2).layout, Deal.from_seed(2).stock, solution.turns)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from puzzlegen.catscradle import _pycore, core
from puzzlegen.catscradle.cards import Card
from puzzlegen.catscradle.position import Deal, Position
from puzzlegen.catscradle.solver import CARD_INDEX, Line, _replay, best_line, layout
from puzzlegen.catscradle.wholegame import Turn
from puzzlegen.errors import DealError, InvalidInputError

__all__ = [
    "GameSolution",
    "LineError",
    "check_line",
    "is_winnable",
    "line_from_choices",
    "solve",
    "solve_deal",
]


class LineError(InvalidInputError):
    """A line of whole-game play does not replay to a win under the rules."""


@dataclass(frozen=True, slots=True)
class GameSolution:
    """The verdict on one game with the stock's order known.

    ``turns`` is a winning line for a win (each sequence's moves, its end
    position, the cards dealt into the spaces) and empty for a loss;
    ``nodes`` counts the positions between sequences the search visited.
    """

    start: Position
    stock: tuple[Card, ...]
    won: bool
    turns: tuple[Turn, ...]
    nodes: int

    @property
    def sequences(self) -> int:
        """Sequences of play in the winning line (0 for a loss)."""
        return len(self.turns)

    def to_json(self) -> dict[str, object]:
        """``{"won", "sequences", "nodes", "turns": [...]}``, each turn as :func:`turn_json`."""
        return {
            "won": self.won,
            "sequences": self.sequences,
            "nodes": self.nodes,
            "turns": [turn_json(t) for t in self.turns],
        }


def turn_json(turn: Turn) -> dict[str, object]:
    """One sequence as JSON: its number, start, moves, end, spaces created, cards dealt."""
    return {
        "sequence": turn.number,
        "start": str(turn.start),
        "moves": [m.to_json() for m in turn.line.moves],
        "final": str(turn.line.final),
        "spaces": turn.created,
        "dealt": [str(c) for c in turn.dealt],
        "stock_left": len(turn.stock),
    }


def _check_cards(position: Position, stock: Sequence[Card]) -> tuple[Card, ...]:
    seen = {card for stack in position.cells for card in stack}
    for card in stock:
        if card in seen:
            raise DealError(f"card {str(card)!r} is both in the position and the stock, or twice")
        seen.add(card)
    return tuple(stock)


def solve(position: Position, stock: Sequence[Card], *, line: bool = True) -> GameSolution:
    """Decide the game from ``position`` (a sequence's start) with ``stock`` (top card first).

    With ``line=False`` the winning line is not built (``turns`` is empty):
    the verdict alone, faster.

    >>> deal = Deal.from_seed(0)
    >>> solve(deal.layout, deal.stock).won
    False
    """
    stock = _check_cards(position, stock)
    won, choices, nodes = core.solve_game(layout(position), bytes(CARD_INDEX[c] for c in stock))
    turns = line_from_choices(position, stock, choices) if won and line else ()
    return GameSolution(position, stock, won, turns, nodes)


def solve_deal(deal: Deal, *, line: bool = True) -> GameSolution:
    """:func:`solve` from the deal's layout and stock."""
    return solve(deal.layout, deal.stock, line=line)


def is_winnable(deal: Deal) -> bool:
    """Whether ``deal`` can be won when the stock's order is known."""
    return solve_deal(deal, line=False).won


def line_from_choices(
    position: Position, stock: Sequence[Card], choices: Sequence[int]
) -> tuple[Turn, ...]:
    """The turns of a line given, for each sequence, the index of its end in ``end_layouts``.

    Each sequence's moves are the shortest line to that end (the one
    :func:`puzzlegen.catscradle.solver.analyse` gives), tidied so each
    transfer follows the previous move of its card.
    """
    turns = []
    remaining = tuple(stock)
    current = position
    for number, choice in enumerate(choices, start=1):
        encoded = layout(current)
        path = core.explore(encoded)[2][choice]
        path = _pycore.tidy(_pycore.split_layout(encoded), path)
        played = _replay(current, path)
        filled, remaining = played.final.fill(remaining)
        turns.append(Turn(number, played, filled, remaining))
        current = filled
    return tuple(turns)


def check_line(position: Position, stock: Sequence[Card], turns: Sequence[Turn]) -> None:
    """Replay ``turns`` from ``position`` with the rules; raise :class:`LineError` unless a win.

    Every move must be legal where it is played; every sequence must stop in
    an end position (its best space count is its own: no series of moves
    creates another space) having created a space; the spaces are filled
    from the stock in cell order; and the stock must be used up at the end.
    """
    remaining = tuple(stock)
    current = position
    if not turns:
        raise LineError("an empty line wins nothing")
    for number, turn in enumerate(turns, start=1):
        where = f"sequence {number}"
        if turn.start != current:
            raise LineError(f"{where} starts from {str(turn.start)!r}, not {str(current)!r}")
        after = current
        for _, _, moved in current.replay(turn.line.moves):
            after = moved
        if after != turn.line.final:
            raise LineError(f"{where}'s moves end in {str(after)!r}, not its final position")
        if after.spaces <= current.spaces:
            raise LineError(f"{where} creates no space: the game would be lost")
        if best_line(after).spaces != after.spaces:
            raise LineError(f"{where} stops where a series of moves still creates a space")
        filled, remaining = after.fill(remaining)
        if filled != turn.filled or remaining != turn.stock:
            raise LineError(f"{where}'s spaces are not filled from the stock in cell order")
        if not remaining and number != len(turns):
            raise LineError(f"the stock is used up after {where}, but the line goes on")
        current = filled
    if remaining:
        raise LineError(f"the line ends with {len(remaining)} cards still in the stock")


def end_line(position: Position, final: Position) -> Line:
    """A shortest line from ``position`` to the end position ``final`` (up to twins).

    For players that choose an end position (``final``, one of
    :func:`puzzlegen.catscradle.solver.end_positions`) and need the moves.
    """
    encoded = layout(position)
    ends = core.end_layouts(encoded)
    heights = bytes(len(s) for s in final.cells)
    for index, end in enumerate(ends):
        if end[:16] == heights:
            path = core.explore(encoded)[2][index]
            return _replay(position, _pycore.tidy(_pycore.split_layout(encoded), path))
    raise InvalidInputError(f"{str(final)!r} is not an end position of {str(position)!r}")
