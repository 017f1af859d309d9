"""Escape's positions and moves as immutable values (ESCAPE.md §3, §5 – §7).

A cell ``[row, col]`` (row grows downward, the Nothing square is ``[0, 0]``)
is stored as one integer, :func:`key` ``(row, col)``, so that a position is
two frozensets of integers and its neighbours are ``key ± 1`` and ``key ±
STRIDE``.  A position is the colour of every cell, both hands and the side
to move; which card lies on top is never needed (§3.1).  For speed the
rules read the board as bitsets (:class:`Frame`, :attr:`Position.frame`):
Python ints over a rectangle of cells around the squares, a child's grown
from its parent's at :meth:`Position.apply`.  The sets stay the API; the
bitsets give the same moves in the same order.

Text forms (each parses back to an equal value):

* a :class:`Position` is ``to-move | white hand | black hand | top,left |
  row / row / …``, for example ``"white | W1 W2 | B7 | -2,-1 | ...#####. /
  ###ooooo# / …"``: ``o`` a white square, ``#`` a black one, ``.`` a blank
  cell (``*`` is read as a blank too, for a marked gap); a hand is its card
  ids in id order, or ``-`` when empty; ``top,left`` is the cell of the
  grid's first character.  The printed grid is the smallest rectangle that
  holds every square;
* a :class:`Move` is ``W10@0,1`` (card, then the cell that receives the top
  left of its window), ``B1r1@-1,2`` (turned one quarter clockwise) or
  ``pass``.

The JSON forms are those of ESCAPE.md §7.  Every rule of §5.2 is applied by
:meth:`Position.placements`; docs/escape-rules.md gives the project's
reading where the contract leaves a choice.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from puzzlegen.errors import IllegalMoveError, PositionError
from puzzlegen.escape.cards import (
    BLACK,
    BLACK_HAND,
    CARD_SET,
    CARDS,
    LOWER_TWINS,
    NOTHING,
    ORIENTATIONS,
    SPECIAL,
    WHITE,
    WHITE_HAND,
    Orientation,
    id_order,
    shape_of,
)

STRIDE = 1 << 12
BIAS = 1 << 10
ORIGIN = BIAS * STRIDE + BIAS
NEIGHBOURS = (1, -1, STRIDE, -STRIDE)
#: How far from the Nothing square a cell may be (far beyond any real game).
REACH = 400

SURROUNDED = "surrounded"
FILLED = "filled own last gap"
STUCK = "white cannot play"
ALL_PLAYED = "all cards played"
BLACK_STUCK = "black cannot play"


def key(row: int, col: int) -> int:
    """The integer of cell ``[row, col]``."""
    return (row + BIAS) * STRIDE + col + BIAS


def cell(k: int) -> tuple[int, int]:
    """``[row, col]`` of the integer ``k`` (the inverse of :func:`key`)."""
    r, c = divmod(k, STRIDE)
    return r - BIAS, c - BIAS


def other(colour: str) -> str:
    return BLACK if colour == WHITE else WHITE


def cell_text(k: int) -> str:
    r, c = cell(k)
    return f"[{r},{c}]"


@dataclass(frozen=True, order=True)
class Move:
    """A placement (card, clockwise quarter turns, the window's top-left cell) or a pass.

    >>> Move.parse("B1r1@-1,2").squares
    ((-1, 2), (0, 2), (1, 2), (2, 2))
    >>> str(Move.parse("W10@0,1"))
    'W10@0,1'
    """

    card: str  # "" for a pass
    turns: int = 0
    at: tuple[int, int] = (0, 0)

    @property
    def is_pass(self) -> bool:
        return not self.card

    @functools.cached_property
    def squares(self) -> tuple[tuple[int, int], ...]:
        """The cells the card's printed squares land on, sorted."""
        if self.is_pass:
            return ()
        r0, c0 = self.at
        return tuple((r0 + r, c0 + c) for r, c in shape_of(self.card, self.turns))

    @functools.cached_property
    def keys(self) -> frozenset[int]:
        return frozenset(key(r, c) for r, c in self.squares)

    @property
    def colour(self) -> str:
        return CARDS[self.card].colour

    def __str__(self) -> str:
        if self.is_pass:
            return "pass"
        turns = f"r{self.turns}" if self.turns else ""
        return f"{self.card}{turns}@{self.at[0]},{self.at[1]}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    _PATTERN = re.compile(r"^([WB]\d+)(?:r([0-3]))?@(-?\d+),(-?\d+)$")

    @classmethod
    def parse(cls, text: str) -> Move:
        token = text.strip()
        if token.lower() == "pass":
            return PASS
        m = cls._PATTERN.match(token)
        if not m:
            raise IllegalMoveError(
                f"cannot read move {text!r} (write e.g. 'W10@0,1', 'B1r1@-1,2' or 'pass')"
            )
        if m.group(1) not in CARDS:
            raise IllegalMoveError(f"unknown card {m.group(1)!r} in move {text!r}")
        return cls(m.group(1), int(m.group(2) or 0), (int(m.group(3)), int(m.group(4))))

    def to_json(self) -> dict[str, Any]:
        if self.is_pass:
            return {"pass": True}
        return {"card": self.card, "turns": self.turns, "at": list(self.at),
                "squares": [list(s) for s in self.squares]}

    @classmethod
    def from_json(cls, data: object) -> Move:
        if not isinstance(data, dict):
            raise IllegalMoveError(f"a move must be a JSON object, got {data!r}")
        if data.get("pass") is True and set(data) == {"pass"}:
            return PASS
        try:
            card, turns, at = data["card"], data.get("turns", 0), data["at"]
        except KeyError as exc:
            raise IllegalMoveError(f"move {json.dumps(data)} lacks {exc.args[0]!r}") from None
        if card not in CARDS:
            raise IllegalMoveError(f"unknown card {card!r} in move {json.dumps(data)}")
        if not isinstance(turns, int) or isinstance(turns, bool) or not 0 <= turns <= 3:
            raise IllegalMoveError(
                f"turns must be 0 to 3, got {turns!r} in move {json.dumps(data)}")
        if not _is_cell(at):
            raise IllegalMoveError(
                f"'at' must be [row, col], got {at!r} in move {json.dumps(data)}")
        move = cls(card, turns, (at[0], at[1]))
        if "squares" in data:
            # §7: "it must equal the computed cells": the same cells, each once, in
            # any order (the order is not part of a set of squares).
            given = data["squares"]
            if not isinstance(given, list) or not all(_is_cell(p) for p in given):
                raise IllegalMoveError(
                    f"squares must be a list of [row, col], got {given!r} in move "
                    f"{json.dumps(data)}")
            if (len(given) != len(move.squares)
                    or {(p[0], p[1]) for p in given} != set(move.squares)):
                raise IllegalMoveError(
                    f"squares {given!r} do not match {move} (they would be "
                    f"{[list(s) for s in move.squares]!r}, each once, in any order)"
                )
        return move


PASS = Move("")


def _is_cell(value: object) -> bool:
    """True if ``value`` is a JSON cell ``[row, col]`` of two integers."""
    return (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value))


def _hand_text(hand: tuple[str, ...]) -> str:
    return " ".join(hand) if hand else "-"


@dataclass(frozen=True)
class Position:
    """The squares on the table, both hands (card ids, id order) and the side to move.

    >>> start = Position.start()
    >>> sorted(cell(k) for k in start.gaps)
    [(0, 1)]
    >>> Position.parse(str(start)) == start
    True
    """

    white: frozenset[int]
    black: frozenset[int]
    white_hand: tuple[str, ...]
    black_hand: tuple[str, ...]
    to_move: str = WHITE

    # -- construction -------------------------------------------------------------

    @classmethod
    def start(cls) -> Position:
        return cls(frozenset(key(r, c) for r, c in NOTHING),
                   frozenset(key(r, c) for r, c in SPECIAL), WHITE_HAND, BLACK_HAND, WHITE)

    @classmethod
    def make(cls, white: Iterable[tuple[int, int]], black: Iterable[tuple[int, int]],
             white_hand: Iterable[str], black_hand: Iterable[str], to_move: str) -> Position:
        """A checked position from cells and card ids (raises PositionError)."""
        ws = frozenset(_checked_key(rc) for rc in white)
        bs = frozenset(_checked_key(rc) for rc in black)
        if ORIGIN not in ws:
            raise PositionError("the Nothing square [0,0] must be white")
        both = ws & bs
        if both:
            raise PositionError(f"cell {cell_text(min(both))} is both white and black")
        hands = []
        for colour, ids in ((WHITE, white_hand), (BLACK, black_hand)):
            seen: list[str] = []
            for card_id in ids:
                card = CARDS.get(card_id)
                if card is None:
                    raise PositionError(f"unknown card {card_id!r} in {colour}'s hand")
                if card.colour != colour:
                    raise PositionError(f"card {card_id!r} is not {colour}'s")
                if card_id in seen:
                    raise PositionError(f"card {card_id!r} appears twice in {colour}'s hand")
                seen.append(card_id)
            hands.append(tuple(sorted(seen, key=id_order)))
        if to_move not in (WHITE, BLACK):
            raise PositionError(f"the side to move must be 'white' or 'black', got {to_move!r}")
        return cls(ws, bs, hands[0], hands[1], to_move)

    # -- what the rules read ------------------------------------------------------

    def hand(self, colour: str) -> tuple[str, ...]:
        return self.white_hand if colour == WHITE else self.black_hand

    @functools.cached_property
    def main_group(self) -> frozenset[int]:
        """The white squares orthogonally connected to the Nothing square (§3.4)."""
        return self.frame.keys(self.frame.main)

    @functools.cached_property
    def gaps(self) -> frozenset[int]:
        """The blank cells next to the main group (§3.4)."""
        return self.frame.keys(self.frame.targets)

    @functools.cached_property
    def detached(self) -> frozenset[int]:
        """White squares not in the main group (the seed's A and B)."""
        return self.white - self.main_group

    def placements(self, colour: str | None = None) -> tuple[Move, ...]:
        """Every legal placement for ``colour`` (default: the side to move), canonical and sorted.

        Two placements of identical cards on the same squares are one move:
        the lowest id and the fewest turns name it (§7).
        """
        colour = colour or self.to_move
        if colour == self.to_move:
            return self._placements
        return _placements(self, colour)

    @functools.cached_property
    def _placements(self) -> tuple[Move, ...]:
        return _placements(self, self.to_move)

    @functools.cached_property
    def frame(self) -> Frame:
        """The board as bitsets, for the move generator and the players' measures."""
        return Frame(self)

    @functools.cached_property
    def _can_move(self) -> bool:
        """True if the side to move has a placement (cheaper than listing them all)."""
        if "_placements" in self.__dict__:
            return bool(self._placements)
        return _can_place(self, self.to_move)

    @functools.cached_property
    def outcome(self) -> tuple[str, str] | None:
        """``(winner, reason)`` once the game is over, else None (§5.3, §6)."""
        if not self.frame.targets:
            # A placement left no gap: the side that made it is the one not to move.
            return (BLACK, FILLED if self.to_move == BLACK else SURROUNDED)
        if self.to_move == WHITE:
            if self.white_hand:
                return None if self._can_move else (BLACK, STUCK)
            if not self.black_hand:
                return (WHITE, ALL_PLAYED)
            return None  # White passes; Black may still surround
        if self.black_hand and self._can_move:
            return None
        if not self.white_hand:
            return (WHITE, ALL_PLAYED if not self.black_hand else BLACK_STUCK)
        return None  # Black passes

    @property
    def winner(self) -> str | None:
        return None if self.outcome is None else self.outcome[0]

    def legal_moves(self) -> tuple[Move, ...]:
        """The moves of the side to move: its placements, or the forced pass; () once over."""
        if self.outcome is not None:
            return ()
        return self._placements or (PASS,)

    def canonical(self, move: Move) -> Move:
        """``move`` named as :meth:`placements` names it (lowest identical id, fewest turns)."""
        if move.is_pass:
            return move
        face = CARDS[move.card].face
        card = next((c for c in self.hand(move.colour) if CARDS[c].face == face), move.card)
        shape = shape_of(move.card, move.turns)
        turns = next(o.turns for o in ORIENTATIONS[face] if o.squares == shape)
        return Move(card, turns, move.at)

    def why_illegal(self, move: Move) -> str | None:
        """None if ``move`` is legal here, else the reason in a few words."""
        if self.outcome is not None:
            return f"the game is over ({self.outcome[0]} won: {self.outcome[1]})"
        if move.is_pass:
            if self._placements:
                return f"{self.to_move} has a legal placement, so may not pass"
            return None
        card = CARDS[move.card]
        if card.colour != self.to_move:
            return f"it is {self.to_move}'s turn, and {move.card} is {card.colour}'s card"
        if move.card not in self.hand(self.to_move):
            return f"{move.card} is not in {self.to_move}'s hand"
        return _check(self, move.card, move.keys, _window(move))

    def play(self, move: Move) -> Position:
        """The position after ``move`` (raises IllegalMoveError naming it and the reason)."""
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(f"illegal move {str(move)!r}: {reason}")
        return self.apply(move)

    def apply(self, move: Move) -> Position:
        """The position after ``move``, unchecked (for moves from :meth:`legal_moves`).

        The card taken from the hand is the lowest identical one held (§7: W1 and
        W2 are the same card), so W2@0,1 and W1@0,1 lead to the same position.
        """
        nxt = other(self.to_move)
        if move.is_pass:
            child = Position(self.white, self.black, self.white_hand, self.black_hand, nxt)
            if "frame" in self.__dict__:
                child.__dict__["frame"] = self.frame
            return child
        squares = move.keys
        white = self.to_move == WHITE
        gone = move.card
        if LOWER_TWINS[gone]:  # a card of id order's first face is always the one played
            gone = _lowest_held(self.white_hand if white else self.black_hand, gone)
        if white:
            hand = tuple(c for c in self.white_hand if c != gone)
            child = Position(self.white | squares, self.black, hand, self.black_hand, nxt)
        else:
            hand = tuple(c for c in self.black_hand if c != gone)
            child = Position(self.white, self.black | squares, self.white_hand, hand, nxt)
        frame = self.__dict__.get("frame")
        if frame is not None:
            # The child's bitsets from this position's, when the card lies well inside.
            grown = frame.grown(squares, white)
            if grown is not None:
                child.__dict__["frame"] = grown
        return child

    @property
    def cards_left(self) -> int:
        return len(self.white_hand) + len(self.black_hand)

    # -- text and JSON ------------------------------------------------------------

    def bounds(self) -> tuple[int, int, int, int]:
        """``(top, left, bottom, right)`` of every square, inclusive."""
        cells = [cell(k) for k in self.white | self.black]
        return (min(r for r, _ in cells), min(c for _, c in cells),
                max(r for r, _ in cells), max(c for _, c in cells))

    def grid(self, *, marks: dict[int, str] | None = None, margin: int = 0) -> list[str]:
        """The rows of the board as ``o``, ``#`` and ``.`` (``marks`` overrides cells)."""
        top, left, bottom, right = self.bounds()
        rows = []
        for r in range(top - margin, bottom + margin + 1):
            row = []
            for c in range(left - margin, right + margin + 1):
                k = key(r, c)
                if marks and k in marks:
                    row.append(marks[k])
                elif k in self.white:
                    row.append("o")
                elif k in self.black:
                    row.append("#")
                else:
                    row.append(".")
            rows.append("".join(row))
        return rows

    def __str__(self) -> str:
        top, left, _, _ = self.bounds()
        return " | ".join([self.to_move, _hand_text(self.white_hand),
                           _hand_text(self.black_hand), f"{top},{left}",
                           " / ".join(self.grid())])

    def __repr__(self) -> str:
        return f"Position.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Position:
        """A position from its text (see the module's docstring); PositionError if bad."""
        fields = [f.strip() for f in text.strip().split("|")]
        if len(fields) != 5:
            raise PositionError(
                "an Escape position has 5 fields 'to-move | white hand | black hand | "
                f"top,left | rows', got {len(fields)} in {text!r}"
            )
        to_move, white_hand, black_hand, corner, rows_text = fields
        m = re.fullmatch(r"(-?\d+)\s*,\s*(-?\d+)", corner)
        if not m:
            raise PositionError(f"cannot read the grid's corner {corner!r} (write 'row,col')")
        top, left = int(m.group(1)), int(m.group(2))
        rows = [r.strip() for r in rows_text.split("/")]
        if len({len(r) for r in rows}) != 1:
            raise PositionError(f"the grid's rows differ in length: {rows_text!r}")
        white, black = [], []
        for i, row in enumerate(rows):
            for j, ch in enumerate(row):
                if ch == "o":
                    white.append((top + i, left + j))
                elif ch == "#":
                    black.append((top + i, left + j))
                elif ch not in ".*":
                    raise PositionError(
                        f"unknown square {ch!r} in row {i} of the grid (use o, # or .)"
                    )

        def hand(text: str) -> list[str]:
            return [] if text == "-" else text.replace(",", " ").split()

        return cls.make(white, black, hand(white_hand), hand(black_hand), to_move.lower())

    def to_json(self) -> dict[str, Any]:
        return {
            "escape": 1,
            "cards": CARD_SET,
            "white": [list(c) for c in sorted(cell(k) for k in self.white)],
            "black": [list(c) for c in sorted(cell(k) for k in self.black)],
            "hands": {"white": list(self.white_hand), "black": list(self.black_hand)},
            "to_move": self.to_move,
        }

    @classmethod
    def from_json(cls, data: object) -> Position:
        if not isinstance(data, dict):
            raise PositionError(f"a position must be a JSON object, got {data!r}")
        if data.get("escape") != 1:
            raise PositionError(f"not an Escape position (no \"escape\": 1): {json.dumps(data)}")
        if data.get("cards", CARD_SET) != CARD_SET:
            raise PositionError(f"unknown card set {data.get('cards')!r} (known: {CARD_SET!r})")
        try:
            white, black, hands, to_move = (data["white"], data["black"], data["hands"],
                                            data["to_move"])
            white_hand, black_hand = hands["white"], hands["black"]
        except (KeyError, TypeError) as exc:
            raise PositionError(f"an Escape position lacks {exc.args[0]!r}") from None

        def cells(name: str, value: object) -> list[tuple[int, int]]:
            if not isinstance(value, list) or not all(_is_cell(p) for p in value):
                raise PositionError(f"{name!r} must be a list of [row, col], got {value!r}")
            return [(p[0], p[1]) for p in value]

        for name, ids in (("white", white_hand), ("black", black_hand)):
            if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
                raise PositionError(f"the {name} hand must be a list of card ids, got {ids!r}")
        return cls.make(cells("white", white), cells("black", black), white_hand, black_hand,
                        str(to_move))


def _lowest_held(hand: tuple[str, ...], card_id: str) -> str:
    """The lowest card identical to ``card_id`` in ``hand`` (``card_id`` when none is lower)."""
    for twin in LOWER_TWINS[card_id]:
        if twin in hand:
            return twin
    return card_id


def _checked_key(rc: tuple[int, int]) -> int:
    r, c = rc
    if abs(r) > REACH or abs(c) > REACH:
        raise PositionError(f"cell [{r},{c}] is too far from the Nothing square (limit {REACH})")
    return key(r, c)


def _window(move: Move) -> frozenset[int]:
    squares = move.squares
    rows = [r for r, _ in squares]
    cols = [c for _, c in squares]
    return frozenset(key(r, c) for r in range(min(rows), max(rows) + 1)
                     for c in range(min(cols), max(cols) + 1))


def _check(position: Position, card_id: str, squares: frozenset[int],
           window: frozenset[int]) -> str | None:
    """Why placing ``card_id`` on ``squares`` breaks R1 – R3 (§5.2), or None."""
    colour = CARDS[card_id].colour
    own, theirs = ((position.white, position.black) if colour == WHITE
                   else (position.black, position.white))
    for k in sorted(squares):
        if k in theirs or (colour == WHITE and k in own):
            return f"square {cell_text(k)} is not blank"
    for k in sorted(window):
        if k in theirs:
            return f"the card would lie over {other(colour)}'s square {cell_text(k)}"
    anchors = position.main_group if colour == WHITE else own
    for k in squares:
        if k in own:
            continue  # an overlapped black square connects nothing
        for d in NEIGHBOURS:
            n = k + d
            if n in anchors and n not in squares:
                return None
    if colour == WHITE:
        return "no square of the card touches White's main group"
    return "no new square of the card touches a black square it does not cover"


#: Blank cells the bit frame keeps around the squares: every legal card lies within
#: four cells of them (a connecting square next to an anchor, the rest of its
#: window at most three cells on), and one more keeps shifted rows from wrapping.
MARGIN = 5
#: Extra blank cells a new frame gets beyond MARGIN, so the next few plays fit in it.
SLACK = 6

_CORNERS: dict[tuple[int, int, int, int], int] = {}


class Frame:
    """The board as bitsets (Python ints) over a rectangle of cells around the squares.

    Bit ``(r - top) * width + (c - left)`` stands for cell ``[r, c]``; ``top``
    and ``left`` lie :data:`MARGIN` cells beyond the squares.  A card's legal
    window corners are then found for every cell at once: one shift and one
    AND per cell of the card (ESCAPE.md §5.2 read cell-parallel).
    """

    __slots__ = (
        "_targets",
        "black",
        "blank",
        "full",
        "height",
        "left",
        "main",
        "top",
        "white",
        "width",
    )

    def __init__(self, position: Position) -> None:
        white, black = position.white, position.black
        rows = [k >> 12 for k in white] + [k >> 12 for k in black]
        cols = [k & 4095 for k in white] + [k & 4095 for k in black]
        edge = MARGIN + SLACK
        top, left = min(rows) - edge, min(cols) - edge
        self.top = top - BIAS
        self.left = left - BIAS
        self.width = width = max(cols) - left + 1 + edge
        self.height = max(rows) - top + 1 + edge
        self.full = (1 << (width * self.height)) - 1
        row0 = top * width + left
        w = b = 0
        for k in white:
            w |= 1 << ((k >> 12) * width + (k & 4095) - row0)
        for k in black:
            b |= 1 << ((k >> 12) * width + (k & 4095) - row0)
        self.white = w
        self.black = b
        self.blank = self.full & ~(w | b)
        # The main group: flood the white squares from the Nothing square.
        self.main = self._flood(1 << ((ORIGIN >> 12) * width + (ORIGIN & 4095) - row0), w)
        self._targets = -1

    def _flood(self, seed: int, cells: int) -> int:
        while True:
            grown = self.dilate(seed) & cells
            if grown == seed:
                return seed
            seed = grown

    def grown(self, keys: frozenset[int], white: bool) -> Frame | None:
        """This frame with the squares ``keys`` added to one colour (the next position's
        frame, built in a few steps), or None when they come within MARGIN of its edge."""
        width, height = self.width, self.height
        top, left = self.top + BIAS, self.left + BIAS
        add = 0
        for k in keys:
            r = (k >> 12) - top
            c = (k & 4095) - left
            if r < MARGIN or c < MARGIN or r >= height - MARGIN or c >= width - MARGIN:
                return None
            add |= 1 << (r * width + c)
        f = Frame.__new__(Frame)
        f.top, f.left, f.width, f.height, f.full = self.top, self.left, width, height, self.full
        if white:
            f.white = self.white | add
            f.black = self.black
            f.main = f._flood(self.main, f.white)
        else:
            f.white = self.white
            f.black = self.black | add
            f.main = self.main
        f.blank = self.blank & ~add
        f._targets = -1
        return f

    @property
    def targets(self) -> int:
        """Blank cells next to the main group: White's cards must put a square on one."""
        if self._targets < 0:
            self._targets = self.dilate(self.main) & self.blank
        return self._targets

    def bits(self, cells: Iterable[int]) -> int:
        """The bits of ``cells`` (cell integers, each inside the frame): :meth:`keys` reversed."""
        width = self.width
        row0 = (self.top + BIAS) * width + self.left + BIAS
        out = 0
        for k in cells:
            r, c = divmod(k, STRIDE)
            out |= 1 << (r * width + c - row0)
        return out

    def keys(self, bits: int) -> frozenset[int]:
        """The cells (as :func:`key` integers) of ``bits``."""
        width = self.width
        top, left = self.top + BIAS, self.left + BIAS
        out = []
        while bits:
            low = bits & -bits
            r, c = divmod(low.bit_length() - 1, width)
            out.append((r + top) * STRIDE + c + left)
            bits ^= low
        return frozenset(out)

    def cell_of(self, bit: int) -> tuple[int, int]:
        r, c = divmod(bit, self.width)
        return r + self.top, c + self.left

    def corners(self, h: int, w: int) -> int:
        """Bits of the cells where an ``h`` x ``w`` window's top-left may go (inside the frame)."""
        k = (self.width, self.height, h, w)
        out = _CORNERS.get(k)
        if out is None:
            row = (1 << (self.width - w + 1)) - 1
            out = 0
            for r in range(self.height - h + 1):
                out |= row << (r * self.width)
            _CORNERS[k] = out
        return out

    def dilate(self, x: int) -> int:
        """``x`` and its orthogonal neighbours (the caller masks the frame's edge)."""
        w = self.width
        return x | (x << 1) | (x >> 1) | (x << w) | (x >> w)


def _shift(x: int, s: int) -> int:
    """Bit ``b`` of the result is bit ``b + s`` of ``x``."""
    return x >> s if s >= 0 else x << -s


def _placement_bits(frame: Frame, colour: str, orient: Orientation) -> int:
    """The top-left cells (as bits) where ``orient`` is a legal placement for ``colour``."""
    w = frame.width
    white = colour == WHITE
    blank = frame.blank
    theirs = frame.black if white else frame.white
    h = 1 + max(r for r, _ in orient.window)
    ww = 1 + max(c for _, c in orient.window)
    ok = frame.corners(h, ww)
    printed = set(orient.squares)
    # R2 (and R1 for Black): no square of the other colour under the window.
    for r, c in orient.window:
        if not ok:
            return 0
        ok &= ~(theirs >> (r * w + c))
    if white:
        # R1: every printed square on a blank cell.
        for r, c in orient.squares:
            ok &= blank >> (r * w + c)
        if not ok:
            return 0
        # R3: some printed square next to the main group.
        targets = frame.targets
        conn = 0
        for r, c in orient.squares:
            conn |= targets >> (r * w + c)
        return ok & conn
    # R3 for Black: a printed square on a blank cell beside a black square it does not cover.
    conn = 0
    black = frame.black
    for r, c in orient.squares:
        here = blank >> (r * w + c)
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            if (r + dr, c + dc) not in printed:
                conn |= here & _shift(black, (r + dr) * w + c + dc)
    return ok & conn


def bits_ascending(x: int) -> Iterator[int]:
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


def _placements(position: Position, colour: str) -> tuple[Move, ...]:
    hand = position.hand(colour)
    if not hand:
        return ()
    frame = position.frame
    result: list[Move] = []
    faces_done: set[str] = set()
    # Cards in id order, turns ascending, corners in (row, col) order: the sorted order.
    for card_id in hand:
        face = CARDS[card_id].face
        if face in faces_done:
            continue
        faces_done.add(face)
        for orient in ORIENTATIONS[face]:
            for bit in bits_ascending(_placement_bits(frame, colour, orient)):
                result.append(_move(card_id, orient.turns, frame.cell_of(bit)))
    return tuple(result)


def _can_place(position: Position, colour: str) -> bool:
    """True if ``colour`` has at least one legal placement (stops at the first)."""
    frame = position.frame
    faces_done: set[str] = set()
    for card_id in position.hand(colour):
        face = CARDS[card_id].face
        if face in faces_done:
            continue
        faces_done.add(face)
        for orient in ORIENTATIONS[face]:
            if _placement_bits(frame, colour, orient):
                return True
    return False


_MOVES: dict[tuple[str, int, tuple[int, int]], Move] = {}


def _move(card_id: str, turns: int, at: tuple[int, int]) -> Move:
    """One shared :class:`Move` per placement (games meet the same ones again and again)."""
    k = (card_id, turns, at)
    move = _MOVES.get(k)
    if move is None:
        if len(_MOVES) > 1 << 20:
            _MOVES.clear()
        move = _MOVES[k] = Move(card_id, turns, at)
    return move


def replay(moves: Iterable[Move], start: Position | None = None) -> Iterator[Position]:
    """Every position of a game from ``start`` (default: the start), the start first."""
    position = start or Position.start()
    yield position
    for move in moves:
        position = position.play(move)
        yield position


def game_record(moves: Iterable[Move]) -> dict[str, Any]:
    """A finished game from the start as ESCAPE.md §7's game record.

    The moves are replayed, so the result and reason are the rules' own
    (IllegalMoveError for an illegal move, PositionError if the game is not over).

    >>> record = game_record([Move.parse("W1@0,1"), Move.parse("B1r1@-1,2")])
    >>> record["moves"][1]["card"], record["result"], record["reason"]
    ('B1', 'black', 'surrounded')
    """
    played = list(moves)
    end = list(replay(played))[-1]
    if end.outcome is None:
        raise PositionError(f"the game {' '.join(str(m) for m in played)!r} is not over")
    return {"escape": 1, "cards": CARD_SET, "moves": [m.to_json() for m in played],
            "result": end.outcome[0], "reason": end.outcome[1]}


def read_game_record(data: object) -> tuple[tuple[Move, ...], Position]:
    """The moves of a §7 game record and the position they end in, replayed from the
    start; its result and reason must be the rules' (PositionError if not)."""
    if not isinstance(data, dict) or data.get("escape") != 1:
        raise PositionError(f"not an Escape game record (no \"escape\": 1): {data!r}")
    if data.get("cards", CARD_SET) != CARD_SET:
        raise PositionError(f"unknown card set {data.get('cards')!r} (known: {CARD_SET!r})")
    listed = data.get("moves")
    if not isinstance(listed, list):
        raise PositionError(f"a game record's \"moves\" must be a list, got {listed!r}")
    moves = tuple(Move.from_json(m) for m in listed)
    end = list(replay(moves))[-1]
    said = (data.get("result"), data.get("reason"))
    if end.outcome is None or said != end.outcome:
        found = "the game is not over" if end.outcome is None else \
            f"{end.outcome[0]} won: {end.outcome[1]}"
        raise PositionError(
            f"the game record says {said[0]!r} won ({said[1]!r}), but its moves say: {found}")
    return moves, end
