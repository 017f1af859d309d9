"""Pendulum's solver against a plain exhaustive search, and replay of its lines."""

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


def test_full_deals_lost_at_once_agree_with_the_oracle() -> None:
    agreed = 0
    for seed in range(3):
        deal = Deal.from_seed(seed)
        for method in METHODS:
            expected = oracle(deal.start(method), budget=250)
            if expected is None:
                continue
            result = solve(deal, method)
            assert (result.won, result.par) == expected
            agreed += 1
    assert agreed >= 6


def test_json_form() -> None:
    deal = Deal.from_seed(0)
    won = solve(deal, "down-2")
    data = won.to_json()
    assert data["method"] == "down-2" and data["won"] is True and data["par"] == won.par
    assert isinstance(data["moves"], list) and {"swing": "right"} in data["moves"]
    lost = solve(deal, "up-4")
    assert lost.to_json() == {"method": "up-4", "won": False}
