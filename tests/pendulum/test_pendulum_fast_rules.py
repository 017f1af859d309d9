"""The rules module's shortcuts give what its plain definitions give.

:meth:`Position.play` checks one move (:meth:`Position.is_legal`) rather than
listing every legal move, and builds the new position without re-checking
it; :meth:`Position.card_moves` looks cards up by number.  Here every move
that could be asked (each pile's top out, each base on each top, each base
to each top-row cell, both swings, and malformed ones) is checked against
membership of :meth:`Position.legal_moves`, on positions of seeded random
games, and each position played to is compared with the same position made
and checked by the constructor.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from puzzlegen.errors import IllegalMoveError
from puzzlegen.pendulum.methods import METHODS
from puzzlegen.pendulum.position import Deal, Move, Position

sys.path.insert(0, str(Path(__file__).parent))
from pendulum_helpers import playout, small_position


def candidates(position: Position) -> list[Move]:
    moves = [Move.swing("right"), Move.swing("left")]
    piles = [p for p in position.cells if p]
    for pile in piles:
        moves += [Move.out(pile[-1]), Move.out(pile[0])]
        moves += [Move.crown(pile[0], c) for c in range(8)]
        moves += [Move.pack(pile[0], other[-1]) for other in piles]
        # Malformed: fields a move of its kind never has.
        moves += [Move("out", pile[-1], col=0), Move("crown", pile[0], pile[-1], col=1),
                  Move("pack", pile[0], pile[-1], col=2), Move("swing", pile[0], side="right")]
    return moves


@pytest.mark.parametrize("seed", range(4))
def test_is_legal_is_membership_of_legal_moves(seed: int) -> None:
    positions = [small_position(seed * 10 + k, 14) for k in range(10)]
    positions += [p for n, p in enumerate(playout(Deal.from_seed(seed).start(METHODS[seed]), seed))
                  if n % 6 == 0]
    asked = legal = 0
    for position in positions:
        allowed = position.legal_moves()
        for move in candidates(position):
            assert position.is_legal(move) == (move in allowed), (str(position), str(move))
            asked += 1
            legal += move in allowed
        for move in allowed:
            after = position.play(move)
            assert Position.parse(str(after)) == after
    assert asked > 5_000 and legal > 100


def test_an_illegal_move_is_refused() -> None:
    position = Deal.from_seed(0).start("up-1")
    top_row_card = position.cells[0][0]  # covered: it cannot go anywhere yet
    with pytest.raises(IllegalMoveError, match="is not legal"):
        position.play(Move.out(top_row_card))
    with pytest.raises(IllegalMoveError):
        position.play(Move.swing("left"))
