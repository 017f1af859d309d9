"""Pendulum puzzles: kinds, grading, keys, ids and the JSON round trip."""

from __future__ import annotations

import functools
import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlegen.cards import SUITS, Card
from puzzlegen.errors import InvalidInputError, PuzzlegenError
from puzzlegen.games import LEVELS
from puzzlegen.pendulum import puzzle as pp
from puzzlegen.pendulum.methods import METHODS, Method
from puzzlegen.pendulum.position import Deal

#: Seeds whose win-in-par puzzle solves quickly (measured), and one that gives none.
WIN_SEED = "book-3"
NO_PUZZLE_SEED = "book-0"


@functools.cache
def win_puzzle() -> pp.Puzzle:
    puzzle = pp.make_puzzle(pp.WIN_IN_PAR, WIN_SEED)
    assert puzzle is not None
    return puzzle


def relabel(deal: Deal, perm: tuple[int, ...]) -> Deal:
    return Deal(tuple(Card(c.rank, SUITS[perm[SUITS.index(c.suit)]]) for c in deal.cards))


def test_win_in_par_is_graded_from_the_solver_and_the_ladder() -> None:
    puzzle = win_puzzle()
    assert puzzle.kind == pp.WIN_IN_PAR and puzzle.method == pp.method_for(WIN_SEED)
    assert puzzle.par == puzzle.results[0].par and puzzle.par >= 1
    assert puzzle.level in LEVELS
    # No simulated player beats the solver's fewest swings.
    for swings in puzzle.players[0]:
        assert swings is None or swings >= puzzle.par
    assert set(puzzle.tags) <= set(pp.TAGS)
    assert puzzle.id.startswith("PD-") and len(puzzle.id) == 13


def test_a_seed_whose_method_loses_gives_no_puzzle() -> None:
    assert pp.make_puzzle(pp.WIN_IN_PAR, NO_PUZZLE_SEED) is None


def test_unknown_kind_is_refused() -> None:
    with pytest.raises(InvalidInputError, match="unknown Pendulum puzzle kind 'nope'"):
        pp.make_puzzle("nope", "1")


def test_json_round_trip_keeps_everything_and_checks_the_line() -> None:
    puzzle = win_puzzle()
    data = json.loads(json.dumps(puzzle.to_json()))
    again = pp.puzzle_from_json(data)
    assert again == puzzle and again.to_json() == puzzle.to_json()
    for key in ("id", "game", "kind", "level", "par", "tags", "key", "position", "seed"):
        assert key in data
    data["answer"][0]["moves"] = data["answer"][0]["moves"][:-3]
    with pytest.raises(PuzzlegenError):
        pp.puzzle_from_json(data)


def test_description_rebuilds_the_puzzle() -> None:
    puzzle = win_puzzle()
    kind, deal, method = pp.parse_description(puzzle.description)
    assert (kind, deal, method) == (puzzle.kind, puzzle.deal, puzzle.method)
    with pytest.raises(InvalidInputError, match="pendulum:<kind>"):
        pp.parse_description("cc:JC")
    with pytest.raises(InvalidInputError, match="needs a method"):
        pp.parse_description(f"pendulum:win-in-par:-:{'.'.join(map(str, deal.cards))}")


def test_the_24_suit_relabellings_are_one_puzzle() -> None:
    deal = Deal.from_seed(WIN_SEED)
    keys = set()
    for perm in itertools.permutations(range(4)):
        other = pp.Puzzle(pp.CHOOSE, relabel(deal, perm), (), ())
        keys.add((other.key, other.id))
    assert len(keys) == 1
    # A different deal is a different puzzle.
    assert pp.Puzzle(pp.CHOOSE, Deal.from_seed("other"), (), ()).key not in {k for k, _ in keys}


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), perm=st.permutations(range(4)))
def test_canonical_deal_is_invariant_and_idempotent(seed: int, perm: list[int]) -> None:
    deal = Deal.from_seed(seed)
    canon = pp.canonical_deal(deal)
    assert pp.canonical_deal(relabel(deal, tuple(perm))) == canon
    assert pp.canonical_deal(canon) == canon
    assert [c.rank for c in canon.cards] == [c.rank for c in deal.cards]


def test_choose_method_lists_every_winning_method() -> None:
    puzzle = pp.make_puzzle(pp.CHOOSE, "book-1")
    assert puzzle is not None
    assert puzzle.par == len(puzzle.results) >= 1
    assert all(r.won for r in puzzle.results)
    order = [METHODS.index(r.method) for r in puzzle.results]
    assert order == sorted(order)
    assert puzzle.best.par == min(r.par or 0 for r in puzzle.results)
    assert puzzle.level in LEVELS
    assert pp.puzzle_from_json(puzzle.to_json()) == puzzle


def test_ladder_players_are_deterministic() -> None:
    start = Deal.from_seed(WIN_SEED).start(Method.parse("up-1"))
    assert pp.play(start, "random", 3) == pp.play(start, "random", 3)
    assert pp.rung((None, None, 4, None, 5, None, None), 4) == 2
    assert pp.rung((None, None, None, None, 5, None, None), 5) == 3
    assert pp.rung((None,) * 7, 5) == 4


def test_players_on_the_solvers_cells_play_as_through_the_rules() -> None:
    # play() runs on the solver's representation; play_slowly() through Position.play.
    for n in range(6):
        start = Deal.from_seed(f"players-{n}").start(METHODS[n * 5 % 12])
        players = [("outs", 0), ("plain", 0), ("greedy", 0), ("random", n + 1)]
        for player, stream in players + [(p, 0) for p in pp.PLANLESS]:
            assert pp.play(start, player, stream) == pp.play_slowly(start, player, stream)


def test_stored_puzzles_keep_their_grading() -> None:
    puzzle = win_puzzle()
    data = puzzle.to_json()
    assert data["grading"] == pp.GRADING == "v3"
    assert pp.puzzle_from_json(data) == puzzle
    # v1 is written, and was before gradings were named, without "grading".
    old = {k: v for k, v in data.items() if k != "grading"}
    with pytest.raises(InvalidInputError, match="a v1 puzzle has 7 players"):
        pp.puzzle_from_json(old)
    # v1's players: outs, plain, greedy and the first four random players.
    fixed = pp.FIXED_PLAYERS["v3"]
    old["players"] = [p[:3] + p[fixed : fixed + 4] for p in data["players"]]
    again = pp.puzzle_from_json(old)
    assert again.grading == "v1" and list(again.players[0]) == old["players"][0]
    assert again.to_json() == {**old, "level": again.level}  # graded again by v1
    with pytest.raises(InvalidInputError, match="unknown grading 'v9'"):
        pp.puzzle_from_json({**data, "grading": "v9"})


def test_random_share_is_seeded_and_counts_par() -> None:
    start = Deal.from_seed(WIN_SEED).start(pp.method_for(WIN_SEED))
    par = win_puzzle().par
    share = pp.random_share(start, par, 8, "x")
    assert share == pp.random_share(start, par, 8, "x")
    assert 0.0 <= share <= pp.random_share(start, None, 8, "x") <= 1.0


def test_every_tag_holds_on_the_answer_line_itself() -> None:
    # Twenty-five seeds give eleven puzzles, five of them with two swings in a row
    # and six without (a swing then a card out is no double swing).
    seen = set()
    for seed in range(25):
        puzzle = pp.make_puzzle(pp.WIN_IN_PAR, f"r{seed}")
        if puzzle is None:
            continue
        kinds = [move.kind for move in puzzle.best.moves]
        double = any(a == b == "swing" for a, b in itertools.pairwise(kinds))
        assert ("double-swing" in puzzle.tags) == double, puzzle.seed
        assert ("crown" in puzzle.tags) == ("crown" in kinds), puzzle.seed
        seen.add(double)
    assert seen == {True, False}
