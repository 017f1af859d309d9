"""Positions, moves and deals of Cat's Cradle, as immutable values.

A :class:`Position` is 16 cells, each a stack of cards bottom to top (an
empty tuple is a space).  Its text is 16 whitespace-separated cells row by
row: ``--`` for a space, a stack as its cards bottom to top joined by ``/``.
Every stack must descend one rank at a time in alternating colours from its
bottom card, and no card may appear twice; anything else is rejected when the
position is made, so a position that exists is always valid.

A :class:`Move` takes the top card of cell ``src`` on to the top card of cell
``dst``.  Its text is ``"4H on 5C"``, read back against the position it is
played in (cards are unique, so that fixes the cells).

A :class:`Deal` is the whole pack in order: the 16 cards of the layout, then
the stock from its top card.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from puzzlegen.catscradle.board import CELLS, SEES, SIZE, coords
from puzzlegen.catscradle.cards import FULL_PACK, Card
from puzzlegen.errors import CardError, DealError, IllegalMoveError, PositionError
from puzzlegen.rng import SeededStream

Stack = tuple[Card, ...]
SPACE = "--"
_STACK_RE = re.compile(r"[^/\s]+(?:/[^/\s]+)*")


def _parse_cell(token: str, cell: int, text: str) -> Stack:
    if token == SPACE:
        return ()
    if not _STACK_RE.fullmatch(token):
        raise PositionError(f"malformed stack {token!r} in cell {cell} of {text!r}")
    cards = []
    for part in token.split("/"):
        try:
            cards.append(Card.parse(part))
        except CardError:
            raise PositionError(f"unknown card {part!r} in cell {cell} of {text!r}") from None
    return tuple(cards)


def check_stack(stack: Stack, cell: int) -> None:
    """Raise :class:`PositionError` unless each card rests legally on the one below."""
    for below, above in itertools.pairwise(stack):
        if not above.fits_on(below):
            shown = "/".join(map(str, stack))
            raise PositionError(
                f"stack {shown!r} in cell {cell} does not descend in alternating colours: "
                f"{above} cannot rest on {below}"
            )


@dataclass(frozen=True, slots=True)
class Move:
    """The top card of ``src`` placed on the top card of ``dst``.

    ``card`` and ``onto`` are the cards involved; ``src``/``dst`` the cells.
    """

    card: Card
    onto: Card
    src: int
    dst: int

    def __str__(self) -> str:
        return f"{self.card} on {self.onto}"

    def symbol(self) -> str:
        """The move as print shows it: ``4♥ on 5♣``."""
        return f"{self.card.symbol()} on {self.onto.symbol()}"

    @classmethod
    def parse(cls, text: str, position: Position) -> Move:
        """Read ``"4H on 5C"`` as a move in ``position``; it must be legal there."""
        parts = text.split()
        if len(parts) != 3 or parts[1].lower() != "on":
            raise IllegalMoveError(f"a move reads like '4H on 5C', got {text!r}")
        card, onto = Card.parse(parts[0]), Card.parse(parts[2])
        src, dst = position.find(card), position.find(onto)
        if src is None or dst is None:
            missing = card if src is None else onto
            raise IllegalMoveError(f"{missing} is not in the position, in move {text!r}")
        move = cls(card, onto, src, dst)
        position.check_move(move)
        return move

    def to_json(self) -> dict[str, object]:
        """The move as ``solve --json`` writes it."""
        return {
            "card": str(self.card),
            "onto": str(self.onto),
            "from": list(coords(self.src)),
            "to": list(coords(self.dst)),
        }


@dataclass(frozen=True, slots=True)
class Position:
    """Sixteen cells of stacks; see the module docstring for the text form.

    >>> p = Position.parse("JC 9S 8H 3C  QH AS 9C 9D  7S QD 2H 2C  4D 4H 6D 6S")
    >>> p.apply(p.legal_moves()[0]).cells[4]
    (Card.parse('QH'), Card.parse('JC'))
    """

    cells: tuple[Stack, ...]

    def __post_init__(self) -> None:
        if len(self.cells) != CELLS:
            raise PositionError(f"a position has {CELLS} cells, got {len(self.cells)}")
        seen: dict[Card, int] = {}
        for i, stack in enumerate(self.cells):
            check_stack(stack, i)
            for card in stack:
                if card in seen:
                    raise PositionError(
                        f"card {str(card)!r} appears twice (cells {seen[card]} and {i})"
                    )
                seen[card] = i

    @classmethod
    def parse(cls, text: str) -> Position:
        """Read a position from its text (16 cells, ``--`` for a space)."""
        tokens = text.split()
        if len(tokens) != CELLS:
            raise PositionError(f"a position has {CELLS} cells, got {len(tokens)} in {text!r}")
        return cls(tuple(_parse_cell(tok, i, text) for i, tok in enumerate(tokens)))

    @classmethod
    def from_cards(cls, cards: Sequence[Card]) -> Position:
        """A full layout of 16 single cards."""
        return cls(tuple((c,) for c in cards))

    def __str__(self) -> str:
        return " ".join("/".join(map(str, s)) if s else SPACE for s in self.cells)

    def __repr__(self) -> str:
        return f"Position.parse({str(self)!r})"

    def grid(self, *, symbols: bool = False) -> str:
        """The text form laid out as four aligned rows (cards as print shows them:
        ``10♥``, with ``symbols``).

        Each column is as wide as its longest stack, and never narrower than the
        longest card: a layout of single cards stays square, and one tall stack
        widens only its own column (a game's later sequences fit a terminal).
        """
        name = Card.symbol if symbols else Card.__str__
        tokens = ["/".join(map(name, s)) if s else SPACE for s in self.cells]
        card = max((len(name(c)) for s in self.cells for c in s), default=len(SPACE))
        widths = [max(card, *(len(t) for t in tokens[c::SIZE])) for c in range(SIZE)]
        rows = (tokens[r * SIZE : (r + 1) * SIZE] for r in range(SIZE))
        return "\n".join(
            "  ".join(t.ljust(w) for t, w in zip(row, widths, strict=True)).rstrip()
            for row in rows
        )

    # -- queries -----------------------------------------------------------
    def top(self, cell: int) -> Card | None:
        stack = self.cells[cell]
        return stack[-1] if stack else None

    def find(self, card: Card) -> int | None:
        """The cell holding ``card``, or None."""
        for i, stack in enumerate(self.cells):
            if card in stack:
                return i
        return None

    @property
    def spaces(self) -> int:
        return sum(1 for s in self.cells if not s)

    # -- moves -------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal move, ordered by source cell then target cell."""
        moves = []
        for src, stack in enumerate(self.cells):
            if not stack:
                continue
            card = stack[-1]
            for dst in SEES[src]:
                onto = self.top(dst)
                if onto is not None and card.fits_on(onto):
                    moves.append(Move(card, onto, src, dst))
        return moves

    def check_move(self, move: Move) -> None:
        """Raise :class:`IllegalMoveError` unless ``move`` is legal here."""
        if self.top(move.src) != move.card or self.top(move.dst) != move.onto:
            raise IllegalMoveError(f"{move} is not a move of top cards in {str(self)!r}")
        if move.dst not in SEES[move.src]:
            raise IllegalMoveError(f"{move}: cells {move.src} and {move.dst} share no line")
        if not move.card.fits_on(move.onto):
            raise IllegalMoveError(f"{move}: {move.card} cannot rest on {move.onto}")

    def apply(self, move: Move) -> Position:
        """The position after ``move``, which must be legal."""
        self.check_move(move)
        return self._moved(move.src, move.dst)

    def is_transfer(self, move: Move) -> bool:
        """Whether ``move`` takes a card that rests on another (so on to its support's twin)."""
        return len(self.cells[move.src]) > 1

    def replay(self, moves: Iterable[Move]) -> Iterator[tuple[Position, Move, Position]]:
        """Each move of a line with the positions before and after it.

        The one way the project walks a line; an illegal move raises
        :class:`IllegalMoveError`.

        >>> p = Position.parse("JC 9S 8H 3C  QH AS 9C 9D  7S QD 2H 2C  4D 4H 6D 6S")
        >>> [str(after.spaces) for _, _, after in p.replay([Move.parse("JC on QH", p)])]
        ['1']
        """
        current = self
        for move in moves:
            after = current.apply(move)
            yield current, move, after
            current = after

    def apply_cells(self, src: int, dst: int) -> tuple[Move, Position]:
        """Play the top card of ``src`` on to ``dst``; return the move and new position."""
        card, onto = self.top(src), self.top(dst)
        if card is None or onto is None:
            raise IllegalMoveError(f"no card to move from cell {src} to cell {dst}")
        move = Move(card, onto, src, dst)
        return move, self.apply(move)

    def _moved(self, src: int, dst: int) -> Position:
        # A legal move keeps every invariant __post_init__ checks, so the
        # new position skips that (costly) validation.
        cells = list(self.cells)
        card = cells[src][-1]
        cells[src] = cells[src][:-1]
        cells[dst] = (*cells[dst], card)
        moved = object.__new__(Position)
        object.__setattr__(moved, "cells", tuple(cells))
        return moved

    def fill(self, stock: Sequence[Card]) -> tuple[Position, tuple[Card, ...]]:
        """Fill the spaces in cell order from the top of ``stock``.

        Returns the new position and what is left of the stock.  When there
        are more spaces than cards, the last spaces stay empty.
        """
        cells = list(self.cells)
        remaining = list(stock)
        for i in range(CELLS):
            if not cells[i] and remaining:
                cells[i] = (remaining.pop(0),)
        return Position(tuple(cells)), tuple(remaining)


@dataclass(frozen=True, slots=True)
class Deal:
    """The 52 cards of the pack in play order: layout first, then the stock."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        if len(self.cards) != len(FULL_PACK):
            raise DealError(f"a deal has 52 cards, got {len(self.cards)}")
        seen: set[Card] = set()
        for card in self.cards:
            if card in seen:
                raise DealError(f"card {str(card)!r} appears twice in the deal")
            seen.add(card)

    @classmethod
    def parse(cls, text: str) -> Deal:
        try:
            return cls(tuple(Card.parse(tok) for tok in text.split()))
        except CardError as exc:
            raise DealError(f"{exc} in deal {text!r}") from None

    @classmethod
    def from_seed(cls, seed: int | str) -> Deal:
        """The deal for ``seed``: the pack in bridge order, shuffled by :mod:`puzzlegen.rng`.

        >>> str(Deal.from_seed(1)).split()[:4]
        ['JS', 'QD', '10C', '8D']
        """
        cards = list(FULL_PACK)
        SeededStream("cats-cradle/deal", seed).shuffle(cards)
        return cls(tuple(cards))

    def __str__(self) -> str:
        return " ".join(map(str, self.cards))

    def __repr__(self) -> str:
        return f"Deal.parse({str(self)!r})"

    @property
    def layout(self) -> Position:
        return Position.from_cards(self.cards[:CELLS])

    @property
    def stock(self) -> tuple[Card, ...]:
        return self.cards[CELLS:]
