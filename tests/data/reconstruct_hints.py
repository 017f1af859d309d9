"""Rebuild the layouts of the seed's "Playing Hints and Techniques" in full.

The seed shows only the cards that matter and marks the rest "x" (cards of
no consequence); some diagrams are lost from the text.  This script places
the named cards (keeping the seed's cells where the text gives them, else
searching cells with a seeded stream until every line the text describes is
legal), then fills the other cells with cards that can neither move nor be
moved on to.  Its output is ``hints.txt``; run it again to check that file:

    python tests/data/reconstruct_hints.py > tests/data/hints.txt
"""

from __future__ import annotations

from dataclasses import dataclass, field

from puzzlegen.catscradle.board import CELLS
from puzzlegen.catscradle.cards import FULL_PACK, Card, class_support
from puzzlegen.catscradle.position import Move, Position
from puzzlegen.catscradle.solver import best_line
from puzzlegen.errors import IllegalMoveError
from puzzlegen.rng import SeededStream


@dataclass
class Example:
    name: str
    #: Stacks (bottom first, text form) and the cell each stands in, or None to search.
    items: list[tuple[str, int | None]]
    #: Lines the text describes: (moves, spaces they create).
    lines: list[tuple[str, int]] = field(default_factory=list)
    best: int = 0


EXAMPLES = [
    Example(
        "worked-example",
        [
            (t, i)
            for i, t in enumerate(
                [
                    "JC",
                    "9S",
                    "8H",
                    "3C",
                    "QH",
                    "AS",
                    "9C",
                    "9D",
                    "7S",
                    "QD",
                    "2H",
                    "2C",
                    "4D",
                    "4H",
                    "6D",
                    "6S",
                ]
            )
        ],
        [("JC on QH, 8H on 9C, 3C on 4D, 3C on 4H, 2H on 3C, AS on 2H", 5)],
        best=6,
    ),
    Example(  # hint 2: clear the centre, and avoid blocking
        "centre-and-blocking",
        [("8H", 0), ("3D", 1), ("4C", 2), ("3H", 5), ("10D", 6), ("9C", 8), ("9S", 14), ("8D", 15)],
        [("3H on 4C, 8H on 9C, 9S on 10D", 3), ("3H on 4C, 8D on 9S, 8H on 9C", 3)],
        best=3,
    ),
    Example(  # hint 4: use a card for another purpose before moving it
        "use-before-moving",
        [("JC", 2), ("JS", 7), ("QH", 8), ("10H", 14)],
        [("10H on JC, 10H on JS, JC on QH", 2)],
        best=2,
    ),
    Example(  # hint 5: a layout that seems to offer no move (stacks read "10 on J")
        "take-a-good-look",
        [("2S", 1), ("10C", 3), ("JD", 4), ("AH", 7), ("JH/10S", 12), ("2C/AD", 13), ("QS", 15)],
        [
            ("AD on 2S, AH on 2C, 10S on JD, 10C on JH", 2),
            ("AD on 2S, AH on 2C, 10S on JD, JH on QS, 10C on JH", 3),
        ],
        best=3,
    ),
    Example(  # hint 6, example I
        "complicated-i",
        [("2H", 0), ("3C", 1), ("2D", 5), ("AS", 7), ("KH", 11)],
        [("2D on 3C, KH on AS", 2), ("AS on 2D, AS on 2H, 2D on 3C, AS on 2D, KH on AS", 3)],
        best=3,
    ),
    Example(  # hint 6, example II: a mid-game layout with stacks
        "complicated-ii",
        [
            ("8D", 0),
            ("7S/6D", 3),
            ("8H/7C", 4),
            ("5S/4H", 5),
            ("6H/5C", 6),
            ("9S", 9),
            ("4D", 10),
            ("3S", 11),
        ],
        [
            ("4D on 5C, 3S on 4D", 2),
            ("4D on 5C, 3S on 4D, 7C on 8D, 8H on 9S, 6D on 7C, 7S on 8H", 4),
            ("4H on 5C, 3S on 4H, 7C on 8D, 8H on 9S, 6D on 7C, 7S on 8H, 5S on 6D, 4D on 5S", 5),
        ],
        best=5,
    ),
    Example(  # hint 7: clear a stack of four for a lifeline
        "clear-a-stack",
        [("7C", 1), ("8H/7S/6D/5S", 6), ("9S", 11), ("8D", 12), ("6H", 14)],
        [("5S on 6H, 6D on 7C, 7S on 8D, 8H on 9S", 1)],
        best=1,
    ),
    Example(  # hint 8: optional moves and preparation
        "optional-moves",
        [("2S", 1), ("AH", 5), ("QD", 7), ("10H", 10), ("JS", 12), ("2C", 15)],
        [("AH on 2C", 1), ("AH on 2S", 1)],
        best=1,
    ),
]


def _replays(position: Position, text: str) -> Position:
    for move_text in text.split(", "):
        position = position.apply(Move.parse(move_text, position))
    return position


def _filler(cards: list[Card], count: int) -> list[Card]:
    """``count`` cards that cannot move or be moved on to, next to ``cards``."""
    classes = {c.cls for c in cards}
    chosen: list[Card] = []
    for card in FULL_PACK:
        if len(chosen) == count:
            break
        near = {class_support(card.cls)} | {c for c in range(26) if class_support(c) == card.cls}
        if card not in cards and not near & classes:
            chosen.append(card)
            classes.add(card.cls)
    if len(chosen) < count:
        raise SystemExit(f"not enough filler cards for {cards}")
    return chosen


def build(example: Example) -> Position:
    stream = SeededStream("hints", example.name)
    stacks = [tuple(Card.parse(c) for c in text.split("/")) for text, _ in example.items]
    named = [c for s in stacks for c in s]
    for _attempt in range(100_000):
        cells: list[tuple[Card, ...] | None] = [None] * CELLS
        free = [i for i in range(CELLS) if i not in {c for _, c in example.items}]
        for stack, (_, cell) in zip(stacks, example.items, strict=True):
            if cell is None:
                cell = free.pop(stream.below(len(free)))
            cells[cell] = stack
        fill = iter(_filler(named, cells.count(None)))
        position = Position(tuple(s if s is not None else (next(fill),) for s in cells))
        try:
            ok = all(_replays(position, line).spaces == spaces for line, spaces in example.lines)
        except IllegalMoveError:
            ok = False
        if ok and best_line(position).spaces == example.best:
            return position
    raise SystemExit(f"no layout found for {example.name}")


def main() -> None:
    print("# name | position | best space count | line => spaces it creates ; ...")
    print("# Written by reconstruct_hints.py from ../shared/seeds/cats-cradle.txt.")
    for example in EXAMPLES:
        position = build(example)
        lines = " ; ".join(f"{line} => {spaces}" for line, spaces in example.lines)
        print(f"{example.name} | {position} | {example.best} | {lines}")


if __name__ == "__main__":
    main()
