"""Escape's 21 cards (ESCAPE.md §4, ``shared/ESCAPE-cards.json``), turned and untouched.

A face is written as rows joined by ``|``: ``X`` a printed square, ``.`` an
empty part of the card.  A card is turned clockwise by quarter turns before
it is placed (never flipped); a quarter turn maps face cell ``(r, c)`` of an
``h`` x ``w`` face to ``(c, h - 1 - r)``.  :data:`ORIENTATIONS` holds, for each
face, its distinct turned shapes with the smallest number of turns that gives
each, as offsets from the top-left cell of the turned window.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The name of the card set, written in every JSON position and record.
CARD_SET = "escape-reconstruction-1"

WHITE = "white"
BLACK = "black"

Offsets = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Card:
    id: str
    colour: str
    shape: str
    face: str

    @property
    def squares(self) -> Offsets:
        """The printed squares ``(r, c)`` of the face as printed (no turns)."""
        return tuple(
            (r, c)
            for r, row in enumerate(self.face.split("|"))
            for c, ch in enumerate(row)
            if ch == "X"
        )


_WHITE_FACES = (
    ("W1", "dot", "X"), ("W2", "dot", "X"),
    ("W3", "domino", "XX"), ("W4", "domino", "XX"),
    ("W5", "diagonal pair", "X.|.X"), ("W6", "diagonal pair", "X.|.X"),
    ("W7", "L-tromino", "X.|XX"), ("W8", "L-tromino", "X.|XX"),
    ("W9", "split pair", "X.X"), ("W10", "I-tromino", "XXX"),
)
_BLACK_FACES = (
    ("B1", "I-tetromino", "XXXX"), ("B2", "I-tetromino", "XXXX"),
    ("B3", "I-tetromino", "XXXX"), ("B4", "V-pentomino", "X..|X..|XXX"),
    ("B5", "L-tetromino", "X..|XXX"), ("B6", "L-tetromino", "X..|XXX"),
    ("B7", "I-tromino", "XXX"), ("B8", "diagonal pair", "X.|.X"),
    ("B9", "split pair", "X.X"),
)

#: Every card a hand may hold, in id order (W1 … W10, B1 … B9).
CARDS: dict[str, Card] = {
    **{i: Card(i, WHITE, s, f) for i, s, f in _WHITE_FACES},
    **{i: Card(i, BLACK, s, f) for i, s, f in _BLACK_FACES},
}
WHITE_HAND = tuple(i for i, _, _ in _WHITE_FACES)
BLACK_HAND = tuple(i for i, _, _ in _BLACK_FACES)
#: Each card's identical cards (the same face) of lower id, in id order (W2: W1;
#: W1: none).  A placement takes the lowest identical card in hand (ESCAPE.md §7).
LOWER_TWINS: dict[str, tuple[str, ...]] = {
    i: tuple(j for j in list(CARDS)[:n] if CARDS[j].colour == card.colour
             and CARDS[j].face == card.face)
    for n, (i, card) in enumerate(CARDS.items())
}

#: The preset cards' squares as ``(row, col)``; the Nothing square is the origin.
NOTHING = ((0, 0),)
SPECIAL = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (1, -1), (1, 0), (1, 1))


def id_order(card_id: str) -> tuple[int, int]:
    """Sort key: white before black, then by number (W2 before W10)."""
    return (0 if card_id[0] == "W" else 1, int(card_id[1:]))


def turn(offsets: Offsets, turns: int) -> Offsets:
    """``offsets`` turned clockwise ``turns`` times, its window moved to (0, 0), sorted."""
    cells = list(offsets)
    for _ in range(turns % 4):
        h = max(r for r, _ in cells) + 1
        cells = [(c, h - 1 - r) for r, c in cells]
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


@dataclass(frozen=True)
class Orientation:
    """One turned shape: its smallest turns, printed offsets and window offsets."""

    turns: int
    squares: Offsets
    window: Offsets


def _orientations(face: str) -> tuple[Orientation, ...]:
    base = Card("", WHITE, "", face).squares
    seen: dict[Offsets, int] = {}
    for turns in range(4):
        shape = turn(base, turns)
        seen.setdefault(shape, turns)
    result = []
    for shape, turns in seen.items():
        h = max(r for r, _ in shape) + 1
        w = max(c for _, c in shape) + 1
        window = tuple((r, c) for r in range(h) for c in range(w))
        result.append(Orientation(turns, shape, window))
    return tuple(result)


#: Face -> its distinct turned shapes, fewest turns first.
ORIENTATIONS: dict[str, tuple[Orientation, ...]] = {
    card.face: _orientations(card.face) for card in CARDS.values()
}


def shape_of(card_id: str, turns: int) -> Offsets:
    """The printed offsets of ``card_id`` turned ``turns`` times."""
    return turn(CARDS[card_id].squares, turns)


def mirror_closed(card_ids: tuple[str, ...]) -> bool:
    """True when every card's mirror image is one of its own turns (so a mirrored
    position is the same game); false for the L-tetrominoes."""
    for card_id in card_ids:
        base = CARDS[card_id].squares
        mirrored = tuple((r, -c) for r, c in base)
        if turn(mirrored, 0) not in {o.squares for o in ORIENTATIONS[CARDS[card_id].face]}:
            return False
    return True
