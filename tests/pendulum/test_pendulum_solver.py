"""Pendulum's solver against a plain exhaustive search, and replay of its lines.

The oracle (``pendulum_helpers.oracle``) walks every legal move of the rules
module.  It agrees with the solver on won or lost and on par (fewest swings)
for 150 small positions near the end of a game (scattered piles, and real
deals with most cards out), whose whole tree it can walk, and for the 198 of
240 whole deal x method pairs (20 deals, all 12 methods) that it can decide
within its budget: a full deal is too big for a plain search unless it jams
early or its win comes after few positions.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from puzzlegen.pendulum.methods import METHODS
from puzzlegen.pendulum.position import Deal, Position
from puzzlegen.pendulum.solver import MethodResult, solve, solve_deal, solve_position

sys.path.insert(0, str(Path(__file__).parent))
from pendulum_helpers import oracle, small_position, trimmed_deal

#: Positions late in a game: scattered piles, and real deals with cards out.
CASES = [small_position(seed, 10) for seed in range(60)] + [
    trimmed_deal(seed, 10 + seed % 5) for seed in range(90)
]


def check_line(position: Position, result: MethodResult) -> None:
    """The reported line is legal move by move, wins, and has par swings."""
    assert result.won and result.par is not None
    end = position
    for move in result.moves:
        end = end.play(move)
    assert end.won
    assert sum(1 for m in result.moves if m.kind == "swing") == result.par


@pytest.mark.parametrize("index", range(0, len(CASES), 10))
def test_solver_agrees_with_exhaustive_search(index: int) -> None:
    decided = 0
    for position in CASES[index : index + 10]:
        expected = oracle(position)
        result = solve_position(position)
        if result.won:
            check_line(position, result)
        if expected is None:
            continue
        decided += 1
        assert (result.won, result.par) == expected, str(position)
    assert decided >= 8


@pytest.mark.parametrize("index", range(0, 40, 10))
def test_reduction_keeps_the_fewest_moves(index: int) -> None:
    # The reduced search and the plain one find lines of the same length.
    for position in CASES[index : index + 10]:
        reduced = solve_position(position)
        plain = solve_position(position, reduce=False)
        assert (reduced.won, reduced.par, reduced.card_moves) == (
            plain.won,
            plain.par,
            plain.card_moves,
        ), str(position)


def test_cases_cover_wins_losses_and_swings() -> None:
    results = [solve_position(p) for p in CASES[:60]] + [solve_position(p) for p in CASES[60:90]]
    assert any(not r.won for r in results)
    assert any(r.won and r.par == 0 for r in results)


def test_a_full_deal_every_method_replays() -> None:
    deal = Deal.from_seed(0)
    results = solve_deal(deal)
    assert [r.method for r in results] == list(METHODS)
    assert any(r.won for r in results) and any(not r.won for r in results)
    for r in results:
        if r.won:
            check_line(deal.start(r.method), r)
        else:
            assert r.moves == () and r.par is None


#: Full deals checked against the oracle, under every method, in chunks (for xdist).
ORACLE_DEALS = range(20)
ORACLE_CHUNK = 4
#: Positions the oracle may examine for one deal and method before it gives up.
ORACLE_BUDGET = 400


@pytest.mark.parametrize("first", ORACLE_DEALS[::ORACLE_CHUNK])
def test_full_deals_under_every_method_agree_with_the_oracle(first: int) -> None:
    """Won or lost, and the par, of whole deals: 20 seeded deals x 12 methods.

    The oracle (``pendulum_helpers.oracle``) is a plain search through the rules
    module, breadth first by swings, with no reduction and no bound, so it
    decides a deal and method only when its search is small: every deal lost
    so far (a lost deal jams within a few dozen positions), and wins whose
    swings before par leave few positions (a depth-first walk through the
    last phase then finds a win at once).  A pair it cannot decide within
    ORACLE_BUDGET positions is skipped.  Measured: 198 of the 240 pairs are
    decided, 127 losses and 71 wins with pars from 1 to 13 swings (each chunk
    asserts at least two thirds decided, losses and wins of 3 swings or more).
    Small positions near the end of a game, whose whole tree the oracle can
    walk, are checked in the tests above.
    """
    decided = 0
    outcomes = set()
    for seed in range(first, first + ORACLE_CHUNK):
        deal = Deal.from_seed(seed)
        for method in METHODS:
            expected = oracle(deal.start(method), budget=ORACLE_BUDGET)
            if expected is None:
                continue
            result = solve(deal, method)
            assert (result.won, result.par) == expected, (seed, str(method))
            decided += 1
            outcomes.add(expected[0] if not expected[0] else (expected[1] or 0) >= 3)
    assert decided >= 2 * ORACLE_CHUNK * len(METHODS) // 3
    assert outcomes == {False, True}  # losses, and wins needing three swings or more


def test_json_form() -> None:
    deal = Deal.from_seed(0)
    won = solve(deal, "down-2")
    data = won.to_json()
    assert data["method"] == "down-2" and data["won"] is True and data["par"] == won.par
    assert isinstance(data["moves"], list) and {"swing": "right"} in data["moves"]
    lost = solve(deal, "up-4")
    assert lost.to_json() == {"method": "up-4", "won": False}


def test_fast_play_is_the_solvers_public_api() -> None:
    import ast
    import inspect

    from puzzlegen.pendulum import puzzle, solver

    # puzzle.py plays through the solver's documented functions, not its private ones.
    tree = ast.parse(inspect.getsource(puzzle))
    imported = [
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == "puzzlegen.pendulum.solver"
        for alias in node.names
    ]
    assert imported and not [name for name in imported if name.startswith("_")]
    # The public moves are the rules module's card moves, in its order.
    position = Deal.from_seed("fast-play").start("up-3")
    cells, side, _ = solver.encode(position)
    card = [m for m in position.legal_moves() if m.kind != "swing"]
    assert len(solver.cell_moves(cells)) == len(card) > 0
    after = position.play(card[0])
    assert solver.apply_move(cells, solver.cell_moves(cells)[0]) == solver.encode(after)[0]
    assert len(solver.swing_cells(cells, side)) == len(cells)
