"""Positions the Escape tests share: the contract's diagrams and seeded random games."""

from __future__ import annotations

from puzzlegen.escape.position import Position
from puzzlegen.rng import SeededStream


def from_rows(rows: list[str], origin_row: int, origin_col: int, white_hand: str,
              black_hand: str, to_move: str) -> Position:
    """A position drawn as in ESCAPE.md §8; ``origin_*`` is the index of [0,0] in ``rows``."""
    grid = " / ".join(r.replace("O", "o").replace("*", ".") for r in rows)
    text = f"{to_move} | {white_hand or '-'} | {black_hand or '-'} | " \
           f"{-origin_row},{-origin_col} | {grid}"
    return Position.parse(text)


#: C2 / C3 (ESCAPE.md §8): A = [0,4], B = [1,3], a lone black square at [2,5].
C2_ROWS = [
    ".........",
    ".###.....",
    ".#ooo#O..",
    ".###.O...",
    ".......#.",
]

#: C5, the seed's worked ending: two inner gaps [0,3] and [0,5].
C5_ROWS = [
    "...........",
    "....#####..",
    ".###ooooo#.",
    ".#ooo*o*o#.",
    ".###ooooo#.",
    "....#####..",
]


def c2(to_move: str = "white", white: str = "W1 W2 W3", black: str = "B1 B7 B8") -> Position:
    return from_rows(C2_ROWS, 2, 2, white, black, to_move)


def c5(white: str = "W1 W2", black: str = "B7", to_move: str = "white") -> Position:
    return from_rows(C5_ROWS, 3, 2, white, black, to_move)


def random_game(seed: int, plies: int = 40) -> list[Position]:
    """The positions of one game of seeded random play (the start first)."""
    stream = SeededStream("escape-test", seed)
    position = Position.start()
    out = [position]
    for _ in range(plies):
        moves = position.legal_moves()
        if not moves:
            break
        position = position.apply(moves[stream.below(len(moves))])
        out.append(position)
    return out
