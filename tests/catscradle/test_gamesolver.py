"""The whole-game solver: both cores agree, every winning line replays, the oracle agrees."""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable

import pytest
from conftest import DATA
from game_oracle import deal_won

from puzzlegen.catscradle import _pycore
from puzzlegen.catscradle.gamesolver import (
    LineError,
    check_line,
    end_line,
    solve,
    solve_deal,
)
from puzzlegen.catscradle.position import Deal
from puzzlegen.catscradle.solver import CARD_INDEX, Line, best_line, end_positions, layout
from puzzlegen.catscradle.wholegame import Turn
from puzzlegen.errors import DealError


def _verdicts() -> dict[int, bool]:
    rows = {}
    for line in (DATA / "game_oracle_verdicts.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            seed, verdict = line.split()
            rows[int(seed)] = verdict == "won"
    return rows


VERDICTS = _verdicts()


def test_the_oracle_file_covers_300_deals() -> None:
    assert sorted(VERDICTS) == list(range(300))
    # Both verdicts occur often: a solver answering one of them always fails.
    assert 100 < sum(VERDICTS.values()) < 200


def test_the_solver_agrees_with_the_oracle_on_300_full_deals() -> None:
    """The plain search's verdicts (tests/data, written by tests/game_oracle.py)."""
    for seed, won in VERDICTS.items():
        assert solve_deal(Deal.from_seed(seed), line=False).won == won, seed


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 9, 13])
def test_the_solver_agrees_with_the_oracle_run_now(seed: int) -> None:
    """A few full deals the plain search decides in well under a second each, run live."""
    deal = Deal.from_seed(seed)
    assert solve_deal(deal, line=False).won == deal_won(deal)


def test_the_solver_agrees_with_the_oracle_on_300_short_games() -> None:
    """Each seeded layout with only the first 2 to 7 cards of its stock: fast, run live."""
    verdicts = set()
    for seed in range(300, 600):
        deal, cards = Deal.from_seed(seed), 2 + seed % 6
        won = solve(deal.layout, deal.stock[:cards], line=False).won
        assert won == deal_won(deal, cards), seed
        verdicts.add(won)
    assert verdicts == {True, False}


def _compiled_solve_game() -> Callable[[bytes, bytes], tuple[bool, list[int], int]]:
    if os.environ.get("PUZZLEGEN_PURE_CORE", "") not in ("", "0"):
        pytest.skip("PUZZLEGEN_PURE_CORE is set: the compiled core is not in use")
    solve_game: Callable[[bytes, bytes], tuple[bool, list[int], int]]
    solve_game = importlib.import_module("puzzlegen.catscradle._ccore").solve_game
    return solve_game


def test_both_cores_give_the_same_verdict_line_and_node_count() -> None:
    compiled = _compiled_solve_game()
    for seed in range(30):
        deal = Deal.from_seed(seed)
        encoded, stock = layout(deal.layout), bytes(CARD_INDEX[c] for c in deal.stock)
        assert compiled(encoded, stock) == _pycore.solve_game(encoded, stock), seed


def test_every_winning_line_replays_under_the_rules() -> None:
    wins = 0
    for seed in range(300):
        deal = Deal.from_seed(seed)
        solution = solve_deal(deal)
        if solution.won:
            wins += 1
            check_line(deal.layout, deal.stock, solution.turns)
            assert not solution.turns[-1].stock
            assert [t.number for t in solution.turns] == list(range(1, solution.sequences + 1))
            dealt = [card for turn in solution.turns for card in turn.dealt]
            assert tuple(dealt) == deal.stock[: len(dealt)]
        else:
            assert solution.turns == ()
    assert wins > 100


def _winning() -> tuple[Deal, tuple[Turn, ...]]:
    deal = Deal.from_seed(2)
    return deal, solve_deal(deal).turns


def test_a_line_cut_short_is_refused() -> None:
    deal, turns = _winning()
    with pytest.raises(LineError, match="still in the stock"):
        check_line(deal.layout, deal.stock, turns[:-1])


def test_a_sequence_stopped_early_is_refused() -> None:
    deal, turns = _winning()
    moves = turns[0].line.moves
    # The first prefix of the line that has made a space while more can be made.
    for k in range(1, len(moves)):
        after = deal.layout
        for _, _, moved in deal.layout.replay(moves[:k]):
            after = moved
        if 0 < after.spaces < best_line(after).spaces:
            break
    else:
        pytest.fail("the first sequence has no prefix that stops early")
    short = Line(deal.layout, moves[:k], after)
    filled, stock = after.fill(deal.stock)
    with pytest.raises(LineError, match="still creates a space"):
        check_line(deal.layout, deal.stock, (Turn(1, short, filled, stock),))


def test_a_wrong_fill_is_refused() -> None:
    deal, turns = _winning()
    first = turns[0]
    wrong_stock = (deal.stock[1], deal.stock[0], *deal.stock[2:])
    filled, stock = first.line.final.fill(wrong_stock)
    with pytest.raises(LineError, match="filled"):
        check_line(deal.layout, deal.stock, (Turn(1, first.line, filled, stock), *turns[1:]))


def test_a_card_in_both_position_and_stock_is_refused() -> None:
    deal = Deal.from_seed(2)
    with pytest.raises(DealError, match="both"):
        solve(deal.layout, (deal.cards[0], *deal.stock[1:]))


def test_end_line_reaches_each_end_position() -> None:
    deal = Deal.from_seed(5)
    for end in end_positions(deal.layout)[:20]:
        line = end_line(deal.layout, end)
        assert [len(s) for s in line.final.cells] == [len(s) for s in end.cells]
