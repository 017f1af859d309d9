"""Pendulum's deals, positions and moves, as immutable values (PENDULUM.md).

The layout is six rows of eight cells; cell ``(r, c)`` is number ``8 * r + c``
and row 0 is the top row, whose cells ``(0, 0)`` and ``(0, 7)`` are the
privileged corners.  A cell holds a *pile*, a tuple of cards base first, or
the empty tuple.  Going up a pile each card comes just before the one under
it in the method's order, so the top card is the one its foundation needs
first.

Text forms (each parses back to an equal value):

* a :class:`Deal` is its 48 cards row by row: ``"9C 10C QH …"``;
* a :class:`Position` is ``method | foundations | row 0 | … | row 5 | next
  swing, swings in a row``, for example ``"up-1 | 3C AD AH 2S | 9C 10C/9C --
  … | … | right 0"``.  Foundations give the top card of each suit's
  foundation (clubs, diamonds, hearts, spades); a cell is ``--`` when empty
  or its pile base first joined by ``/``.  The foundations are implied by the
  cards missing from the rows, and must agree with them;
* a :class:`Move` is ``9C on 10C`` (pack), ``9C out``, ``KS to (0,3)`` (a
  crown into the top row) or ``swing right``; :meth:`Move.to_json` gives the
  JSON notation of PENDULUM.md.

One point PENDULUM.md leaves to the reader: "a crown goes into an empty cell
of the top row" is read as a move *from rows 1 – 5*.  A pile already in the
top row does not slide along it: such a move could be made back and forth for
ever, so no position with a crown exposed in the top row next to a gap could
ever be blocked, and the pendulum could never swing.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from puzzlegen.cards import FULL_PACK, SUITS, Card, Suit, parse_cards
from puzzlegen.errors import (
    CardError,
    DealError,
    IllegalMoveError,
    PositionError,
)
from puzzlegen.pendulum.methods import Method
from puzzlegen.rng import SeededStream

ROWS = 6
COLS = 8
CELLS = ROWS * COLS
#: The privileged corners, as cell numbers: (0, 0) and (0, 7).
CORNERS = (0, COLS - 1)
EMPTY = "--"
RIGHT: Literal["right"] = "right"
LEFT: Literal["left"] = "left"
Side = Literal["right", "left"]
Pile = tuple[Card, ...]

#: The stream domain of Pendulum deals (see :mod:`puzzlegen.rng`).
DEAL_DOMAIN = "pendulum-deal"


def cell_of(row: int, col: int) -> int:
    return row * COLS + col


def coords(cell: int) -> tuple[int, int]:
    return divmod(cell, COLS)


# -- deals -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deal:
    """The 48 cards of the six rows, row by row (the aces are implied).

    >>> deal = Deal.from_seed(1)
    >>> Deal.parse(str(deal)) == deal
    True
    """

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        check_deal_cards(self.cards, " ".join(map(str, self.cards)))

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Read 48 whitespace-separated cards."""
        tokens = text.split()
        if len(tokens) != CELLS:
            raise DealError(f"a Pendulum deal has {CELLS} cards, got {len(tokens)} in {text!r}")
        cards = parse_cards(tokens, f"deal {text!r}")
        check_deal_cards(cards, text)
        return cls(cards)

    @classmethod
    def from_seed(cls, seed: int | str) -> Deal:
        """Shuffle the pack with the seeded stream, take out the aces, deal the rest."""
        pack = list(FULL_PACK)
        SeededStream(DEAL_DOMAIN, seed).shuffle(pack)
        return cls(tuple(card for card in pack if card.rank != 1))

    def __str__(self) -> str:
        return " ".join(map(str, self.cards))

    def __repr__(self) -> str:
        return f"Deal.parse({str(self)!r})"

    def rows(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(self.cards[r * COLS : (r + 1) * COLS] for r in range(ROWS))

    def grid(self) -> str:
        """Six aligned lines, top row first."""
        return "\n".join(" ".join(f"{c!s:>3}" for c in row) for row in self.rows())

    def start(self, method: Method | str) -> Position:
        """The opening position for ``method``."""
        if isinstance(method, str):
            method = Method.parse(method)
        # A deal holds 48 distinct cards and no ace (checked when it was made), so
        # its opening position is valid: it skips Position's (costly) checks.
        return _unchecked(method, tuple((card,) for card in self.cards), RIGHT, 0)


def check_deal_cards(cards: Sequence[Card], text: str) -> None:
    if len(cards) != CELLS:
        raise DealError(f"a Pendulum deal has {CELLS} cards, got {len(cards)} in {text!r}")
    seen: set[Card] = set()
    for i, card in enumerate(cards):
        if card.rank == 1:
            raise DealError(
                f"ace {str(card)!r} at place {i + 1} of deal {text!r}: the aces start the "
                "foundations and are not dealt"
            )
        if card in seen:
            raise DealError(f"card {str(card)!r} appears twice in deal {text!r}")
        seen.add(card)


# -- moves -------------------------------------------------------------------

_MOVE_RE = {
    "pack": re.compile(r"(\S+)\s+on\s+(\S+)", re.IGNORECASE),
    "out": re.compile(r"(\S+)\s+out", re.IGNORECASE),
    "crown": re.compile(r"(\S+)\s+to\s+\(?\s*0\s*,\s*(\d)\s*\)?", re.IGNORECASE),
    "swing": re.compile(r"swing\s+(right|left)", re.IGNORECASE),
}


@dataclass(frozen=True, slots=True)
class Move:
    """One move.  Build with :meth:`out`, :meth:`pack`, :meth:`crown`, :meth:`swing`.

    >>> Move.parse("9c on 10c")
    Move.parse('9C on 10C')
    >>> Move.from_json({"card": "KS", "to": [0, 3]}).to_json()
    {'card': 'KS', 'to': [0, 3]}
    """

    kind: Literal["out", "pack", "crown", "swing"]
    card: Card | None = None
    onto: Card | None = None
    col: int | None = None
    side: Side | None = None

    @classmethod
    def out(cls, card: Card) -> Move:
        """``card``, the top of an exposed pile, goes on its foundation."""
        return cls("out", card)

    @classmethod
    def pack(cls, card: Card, onto: Card) -> Move:
        """The pile whose base is ``card`` goes on the pile topped by ``onto``."""
        return cls("pack", card, onto)

    @classmethod
    def crown(cls, card: Card, col: int) -> Move:
        """The pile whose base is the crown ``card`` goes into top-row cell ``(0, col)``."""
        if not 0 <= col < COLS:
            raise IllegalMoveError(f"top-row column must be 0 to 7, got {col!r}")
        return cls("crown", card, col=col)

    @classmethod
    def swing(cls, side: str) -> Move:
        if side not in (RIGHT, LEFT):
            raise IllegalMoveError(f"a swing goes 'right' or 'left', got {side!r}")
        return cls("swing", side=RIGHT if side == RIGHT else LEFT)

    def __str__(self) -> str:
        if self.kind == "pack":
            return f"{self.card} on {self.onto}"
        if self.kind == "out":
            return f"{self.card} out"
        if self.kind == "crown":
            return f"{self.card} to (0,{self.col})"
        return f"swing {self.side}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move's text form (see the module docstring)."""
        try:
            for kind, pattern in _MOVE_RE.items():
                m = pattern.fullmatch(text.strip())
                if m is None:
                    continue
                if kind == "pack":
                    return cls.pack(Card.parse(m[1]), Card.parse(m[2]))
                if kind == "out":
                    return cls.out(Card.parse(m[1]))
                if kind == "crown":
                    return cls.crown(Card.parse(m[1]), int(m[2]))
                return cls.swing(m[1].lower())
        except CardError as exc:
            raise IllegalMoveError(f"{exc} in move {text!r}") from None
        raise IllegalMoveError(
            f"unknown move {text!r}: expected '9C on 10C', '9C out', 'KS to (0,3)' or "
            "'swing right'"
        )

    def to_json(self) -> dict[str, Any]:
        """PENDULUM.md's notation: ``{"card": "9C", "to": "10C"}`` and so on."""
        if self.kind == "swing":
            return {"swing": self.side}
        to: Any = (
            str(self.onto) if self.kind == "pack"
            else "foundation" if self.kind == "out"
            else [0, self.col]
        )
        return {"card": str(self.card), "to": to}

    @classmethod
    def from_json(cls, data: Any) -> Move:
        """Read a move in PENDULUM.md's JSON notation."""
        try:
            if isinstance(data, dict) and set(data) == {"swing"}:
                return cls.swing(data["swing"])
            if isinstance(data, dict) and set(data) == {"card", "to"}:
                card = Card.parse(str(data["card"]))
                to = data["to"]
                if to == "foundation":
                    return cls.out(card)
                if isinstance(to, str):
                    return cls.pack(card, Card.parse(to))
                if (
                    isinstance(to, list) and len(to) == 2 and to[0] == 0
                    and isinstance(to[1], int) and not isinstance(to[1], bool)
                ):
                    return cls.crown(card, to[1])
        except CardError as exc:
            raise IllegalMoveError(f"{exc} in move {data!r}") from None
        raise IllegalMoveError(f"not a Pendulum move: {data!r}")


# -- positions ---------------------------------------------------------------


def swung(cells: Sequence[Pile], side: Side) -> tuple[Pile, ...]:
    """``cells`` with rows 1 – 5 closed up towards ``side``; the top row stays."""
    out = list(cells[:COLS])
    for r in range(1, ROWS):
        piles = [p for p in cells[r * COLS : (r + 1) * COLS] if p]
        gap: list[Pile] = [()] * (COLS - len(piles))
        out.extend(gap + piles if side == RIGHT else piles + gap)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Position:
    """A position of a game of Pendulum under one method.

    ``cells`` are the 48 piles (base first) row by row; ``next_swing`` is the
    side the pendulum swings to next; ``in_a_row`` counts the swings made since
    the last card moved (0, 1 or 2).

    >>> p = Deal.from_seed(1).start("up-1")
    >>> Position.parse(str(p)) == p
    True
    """

    method: Method
    cells: tuple[Pile, ...]
    next_swing: Side = RIGHT
    in_a_row: int = 0

    def __post_init__(self) -> None:
        if len(self.cells) != CELLS:
            raise PositionError(f"a Pendulum position has {CELLS} cells, got {len(self.cells)}")
        if self.next_swing not in (RIGHT, LEFT):
            raise PositionError(f"the next swing is 'right' or 'left', got {self.next_swing!r}")
        if self.in_a_row not in (0, 1, 2):
            raise PositionError(f"swings in a row must be 0, 1 or 2, got {self.in_a_row!r}")
        seen: dict[Card, int] = {}
        for i, pile in enumerate(self.cells):
            for card in pile:
                if card.rank == 1:
                    raise PositionError(f"ace {str(card)!r} in cell {coords(i)}: aces stay home")
                if card in seen:
                    raise PositionError(
                        f"card {str(card)!r} appears twice (cells {coords(seen[card])} "
                        f"and {coords(i)})"
                    )
                seen[card] = i
            for below, above in itertools.pairwise(pile):
                if self.method.next(above) != below:
                    raise PositionError(
                        f"malformed pile {pile_text(pile)!r} in cell {coords(i)}: under "
                        f"{self.method} {above} cannot be packed on {below}"
                    )
        # The cards out must be the first cards of each suit's order.
        for suit in SUITS:
            home = self.foundation_count(suit)
            for index in range(home, 13):
                card = Card(self.method.value_at(index), suit)
                if card not in seen:
                    raise PositionError(
                        f"{card} is missing from the layout but cannot be on its foundation "
                        f"under {self.method}: only {home} {suit.name.lower()[:-1]}"
                        f"{' is' if home == 1 else 's are'} out"
                    )

    # -- text --------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> Position:
        """Read a position's text form (see the module docstring)."""
        parts = [p.strip() for p in text.split("|")]
        if len(parts) != ROWS + 3:
            raise PositionError(
                f"a Pendulum position has {ROWS + 3} fields separated by '|' (method, "
                f"foundations, six rows, next swing), got {len(parts)} in {text!r}"
            )
        method = Method.parse(parts[0])
        cells: list[Pile] = []
        for r, row_text in enumerate(parts[2 : 2 + ROWS]):
            tokens = row_text.split()
            if len(tokens) != COLS:
                raise PositionError(
                    f"row {r} needs {COLS} cells, got {len(tokens)} in {row_text!r}"
                )
            for c, token in enumerate(tokens):
                cells.append(_parse_pile(token, (r, c)))
        tail = parts[-1].split()
        if len(tail) != 2 or tail[0].lower() not in (RIGHT, LEFT) or tail[1] not in "012":
            raise PositionError(
                f"the last field is the next swing and the swings in a row, like 'right 0', "
                f"got {parts[-1]!r}"
            )
        side: Side = RIGHT if tail[0].lower() == RIGHT else LEFT
        position = cls(method, tuple(cells), side, int(tail[1]))
        homes = parts[1].split()
        if len(homes) != 4:
            raise PositionError(f"four foundations are needed, got {parts[1]!r}")
        for token in homes:
            try:
                card = Card.parse(token)
            except CardError:
                raise PositionError(f"unknown card {token!r} in foundations {parts[1]!r}") from None
            if card != position.foundation_top(card.suit):
                raise PositionError(
                    f"foundation {token!r} does not match the layout, which leaves "
                    f"{position.foundation_top(card.suit)} on top of the {card.suit.name.lower()}"
                )
        if len({Card.parse(t).suit for t in homes}) != 4:
            raise PositionError(f"each suit needs one foundation, got {parts[1]!r}")
        return position

    def __str__(self) -> str:
        homes = " ".join(str(self.foundation_top(s)) for s in SUITS)
        rows = [
            " ".join(pile_text(p) for p in self.cells[r * COLS : (r + 1) * COLS])
            for r in range(ROWS)
        ]
        return " | ".join([str(self.method), homes, *rows, f"{self.next_swing} {self.in_a_row}"])

    def __repr__(self) -> str:
        return f"Position.parse({str(self)!r})"

    def grid(self) -> str:
        """The rows as aligned lines under a line of foundations."""
        tokens = [pile_text(p) for p in self.cells]
        width = max(len(t) for t in tokens)
        homes = "  ".join(self.foundation_top(s).symbol() for s in SUITS)
        lines = [f"{self.method}: {homes}; next swing {self.next_swing}"]
        for r in range(ROWS):
            row = tokens[r * COLS : (r + 1) * COLS]
            lines.append("  ".join(t.ljust(width) for t in row).rstrip())
        return "\n".join(lines)

    # -- queries -----------------------------------------------------------
    def foundation_count(self, suit: Suit) -> int:
        """How many cards of ``suit`` are on its foundation (1 for the ace alone)."""
        # A pile's top card comes first in its suit's order of all the pile's cards
        # (__post_init__ checks the piles before it asks), so only tops are read.
        indexes = [self.method.index(p[-1]) for p in self.cells if p and p[-1].suit == suit]
        return min(indexes, default=13)

    def foundation_top(self, suit: Suit) -> Card:
        return Card(self.method.value_at(self.foundation_count(suit) - 1), suit)

    def exposed(self, cell: int) -> bool:
        """Whether the pile in ``cell`` is exposed (nothing in the cell just below)."""
        return cell >= (ROWS - 1) * COLS or not self.cells[cell + COLS]

    def find(self, card: Card) -> int | None:
        """The cell holding ``card``, or None if it is on its foundation."""
        for i, pile in enumerate(self.cells):
            if card in pile:
                return i
        return None

    @property
    def won(self) -> bool:
        return not any(self.cells)

    @property
    def lost(self) -> bool:
        return not self.won and not self.legal_moves()

    # -- moves -------------------------------------------------------------
    def card_moves(self) -> list[Move]:
        """Every legal out, pack and crown move, by cell of the moving pile."""
        # Cards are looked up by number (suit * 16 + place in the method's order), not
        # hashed: every replayed move asks for this list.
        moves: list[Move] = []
        cells = self.cells
        index = self.method.indexes
        suit_no = SUITS.index
        tops: dict[int, int] = {}
        home = [13, 13, 13, 13]
        for i, pile in enumerate(cells):
            if pile:
                top = pile[-1]
                s, k = suit_no(top.suit), index[top.rank]
                tops[s * 16 + k] = i
                if k < home[s]:
                    home[s] = k
        empty_top = [c for c in range(COLS) if not cells[c]]
        bottom = CELLS - COLS
        for i, pile in enumerate(cells):
            if not pile or (i < bottom and cells[i + COLS]):
                continue
            top, base = pile[-1], pile[0]
            s = suit_no(top.suit)
            if index[top.rank] == home[s]:
                moves.append(Move.out(top))
            b = index[base.rank]
            if b == 12:  # a crown: nothing comes after it
                if i >= COLS:
                    moves.extend(Move.crown(base, c) for c in empty_top)
                continue
            j = tops.get(s * 16 + b + 1)
            if j is not None and (
                j >= bottom or not cells[j + COLS] or j == i - COLS or j in CORNERS
            ):
                moves.append(Move.pack(base, cells[j][-1]))
        return moves

    def swing_allowed(self) -> bool:
        """Whether the pendulum may swing now: nothing can move, at most one swing
        since the last card moved, and the swing changes the layout."""
        return (
            not self.won
            and self.in_a_row < 2
            and not self.card_moves()
            and swung(self.cells, self.next_swing) != self.cells
        )

    def legal_moves(self) -> list[Move]:
        """The card moves, or the swing when no card can move and it is allowed."""
        moves = self.card_moves()
        if moves or self.won:
            return moves
        return [Move.swing(self.next_swing)] if self.swing_allowed() else []

    def play(self, move: Move) -> Position:
        """The position after ``move``; raise :class:`IllegalMoveError` if it is illegal here."""
        where = self._legal_cells(move)
        if where is None:
            raise IllegalMoveError(f"{move} is not legal in {str(self)!r}")
        cells = list(self.cells)
        if move.kind == "swing":
            side: Side = LEFT if self.next_swing == RIGHT else RIGHT
            return self._after(swung(cells, self.next_swing), side, self.in_a_row + 1)
        src, dst = where
        if move.kind == "out":
            cells[src] = cells[src][:-1]
        elif move.kind == "pack":
            cells[dst] = cells[dst] + cells[src]
            cells[src] = ()
        else:
            cells[dst] = cells[src]
            cells[src] = ()
        return self._after(tuple(cells), self.next_swing, 0)

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is one of :meth:`legal_moves` (checked for that move alone:
        replaying a line asks this once a move)."""
        return self._legal_cells(move) is not None

    def _legal_cells(self, move: Move) -> tuple[int, int] | None:
        """For a legal card move, the cells it moves from and to (the same cell for an
        out); ``(-1, -1)`` for a legal swing; None when ``move`` is not legal."""
        if move.kind == "swing":
            legal = move == Move.swing(self.next_swing) and self.swing_allowed()
            return (-1, -1) if legal else None
        card = move.card
        if card is None or move.side is not None or move.kind not in ("out", "pack", "crown"):
            return None
        cells = self.cells
        index = self.method.indexes
        if move.kind == "out":
            if move.onto is not None or move.col is not None:
                return None
            i = self._cell_topped_by(card)
            if i is None or not self.exposed(i):
                return None
            # Next on its foundation: no pile of its suit has a top that comes before it.
            k, suit = index[card.rank], card.suit
            for pile in cells:
                if pile and pile[-1].suit is suit and index[pile[-1].rank] < k:
                    return None
            return i, i
        # A pack or a crown moves the pile whose base is ``card``.
        i = next((k for k, pile in enumerate(cells) if pile and pile[0] == card), None)
        if i is None or not self.exposed(i):
            return None
        if index[card.rank] == 12:  # a crown: it may only go up
            col = move.col
            if move.kind != "crown" or move.onto is not None or col is None:
                return None
            return (i, col) if i >= COLS and 0 <= col < COLS and not cells[col] else None
        target = self.method.next(card)
        if move.kind != "pack" or move.col is not None or move.onto != target:
            return None
        assert target is not None
        j = self._cell_topped_by(target)
        if j is None or not (self.exposed(j) or j == i - COLS or j in CORNERS):
            return None
        return i, j

    def _cell_topped_by(self, card: Card) -> int | None:
        for i, pile in enumerate(self.cells):
            if pile and pile[-1] == card:
                return i
        return None

    def _after(self, cells: tuple[Pile, ...], side: Side, in_a_row: int) -> Position:
        """The position a legal move leads to.  A legal move keeps every invariant
        __post_init__ checks, so the new position skips that (costly) validation."""
        return _unchecked(self.method, cells, side, in_a_row)

    def replay(self, moves: Sequence[Move]) -> Iterator[Position]:
        """The positions after each of ``moves`` in turn (each must be legal)."""
        position = self
        for move in moves:
            position = position.play(move)
            yield position


def _unchecked(method: Method, cells: tuple[Pile, ...], side: Side, in_a_row: int) -> Position:
    """A :class:`Position` known to be valid, made without its checks."""
    position = object.__new__(Position)
    object.__setattr__(position, "method", method)
    object.__setattr__(position, "cells", cells)
    object.__setattr__(position, "next_swing", side)
    object.__setattr__(position, "in_a_row", in_a_row)
    return position


def pile_text(pile: Pile) -> str:
    return "/".join(map(str, pile)) if pile else EMPTY


def _parse_pile(token: str, where: tuple[int, int]) -> Pile:
    if token == EMPTY:
        return ()
    parts = token.split("/")
    if not all(parts):
        raise PositionError(f"malformed pile {token!r} in cell {where}")
    try:
        return tuple(Card.parse(part) for part in parts)
    except CardError:
        raise PositionError(f"malformed pile {token!r} in cell {where}: unknown card") from None


__all__ = [
    "CELLS",
    "COLS",
    "CORNERS",
    "LEFT",
    "RIGHT",
    "ROWS",
    "Deal",
    "Move",
    "Pile",
    "Position",
    "cell_of",
    "coords",
    "swung",
]
