"""Planless Pendulum players: the check that a level holds against play without a plan.

Four strategies a person might fall back on when they do not plan, played
through the rules module (``puzzlegen.pendulum.position``: ``legal_moves``
and ``play``), deliberately not through the grade's own simulated players
(``puzzlegen.pendulum.puzzle``), so that a grade tuned to its players is
checked by players it never saw:

* ``mover``: play anything that moves, the first legal move as the rules
  module lists them (cell by cell from the top left);
* ``outs``: a card to the foundation whenever one can go, else anything that
  moves;
* ``longest``: move the longest pile that can move (an out counts as moving
  its pile), the first such in the list on a tie;
* ``random``: a uniformly random legal move, from Python's ``random.Random``
  seeded with the puzzle and the run (a benchmark, not a puzzle: nothing
  here defines what is published).

Each returns the swings of its win, or None when it loses.  A fixed-method
(win-in-par) puzzle is won *at par* when the player wins within par swings;
a choose-method puzzle when the player wins with every winning method (so it
would find the whole answer by trying each method without a plan).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from puzzlegen.pendulum.position import Move, Position

STRATEGIES = ("mover", "outs", "longest", "random")

Chooser = Callable[[Position, Sequence[Move], random.Random], Move]


def _mover(position: Position, moves: Sequence[Move], rng: random.Random) -> Move:
    return moves[0]


def _outs(position: Position, moves: Sequence[Move], rng: random.Random) -> Move:
    return next((m for m in moves if m.kind == "out"), moves[0])


def _height(position: Position, move: Move) -> int:
    if move.card is None:
        return 0
    cell = position.find(move.card)
    return 0 if cell is None else len(position.cells[cell])


def _longest(position: Position, moves: Sequence[Move], rng: random.Random) -> Move:
    tallest = max(_height(position, m) for m in moves)
    return next(m for m in moves if _height(position, m) == tallest)


def _random(position: Position, moves: Sequence[Move], rng: random.Random) -> Move:
    return moves[rng.randrange(len(moves))]


CHOOSERS: dict[str, Chooser] = {
    "mover": _mover,
    "outs": _outs,
    "longest": _longest,
    "random": _random,
}


def play(start: Position, strategy: str, seed: str = "") -> int | None:
    """Play ``strategy`` from ``start`` to the end: the swings of a win, or None."""
    choose = CHOOSERS[strategy]
    rng = random.Random(f"planless|{seed}|{start}")
    position = start
    swings = 0
    while not position.won:
        moves = position.legal_moves()
        if not moves:
            return None
        move = choose(position, moves, rng)
        swings += move.kind == "swing"
        position = position.play(move)
    return swings


def wins_at_par(starts: Sequence[Position], pars: Sequence[int | None], strategy: str,
                seed: str = "") -> bool:
    """Whether ``strategy`` wins from every start within its par (None: any number of
    swings): one start and its par for win-in-par, each winning method's for choose-method."""
    for start, par in zip(starts, pars, strict=True):
        swings = play(start, strategy, seed)
        if swings is None or (par is not None and swings > par):
            return False
    return True
